#include "engine/movepick.h"

#include <algorithm>

#include "engine/movegen.h"

namespace timur {

bool isCapture(const Position& pos, const Move& m) {
    switch (m.kind) {
        case MoveKind::EnPassant:
            return true;
        case MoveKind::Normal:
            return m.victimCount() > 0 ||
                   (pos.at(m.to) != kNoPiece && colorOf(pos.at(m.to)) != pos.sideToMove());
        case MoveKind::Placement:
            return pos.at(m.to) != kNoPiece;
        default:
            return false;
    }
}

bool isPromotion(const Move& m) {
    return m.kind != MoveKind::Drop && m.promo != kNoPieceType;
}

int moverValue(const Position& pos, const Evaluator& eval, const Move& m) {
    Piece mover = m.kind == MoveKind::Drop ? kNoPiece : pos.at(m.from);
    return mover != kNoPiece ? eval.value(typeOf(mover)) : 0;
}

bool losesMaterial(const Position& pos, const Move& m, int gain, int attacker) {
    return !isPromotion(m) && gain + 50 < attacker && m.kind == MoveKind::Normal &&
           isAttacked(pos, m.to, ~pos.sideToMove());
}

void scoreMoves(const Position& pos, const Evaluator& eval, const MoveList& moves,
                const Move& ttMove, const Killers& killers, const ButterflyHistory& history,
                int* scores) {
    Color us = pos.sideToMove();
    for (int i = 0; i < moves.size; ++i) {
        const Move& m = moves[i];
        int s;
        if (m == ttMove)
            s = 1 << 30;
        else if (isCapture(pos, m) || isPromotion(m)) {
            int attacker = moverValue(pos, eval, m);
            int gain = eval.gain(pos, m);
            s = (1 << 28) + gain * 16 - attacker / 16;
            // A capture of a cheaper piece on a defended square probably loses material:
            // after the quiet moves.
            if (losesMaterial(pos, m, gain, attacker)) s = -(1 << 27) + gain;
        } else if (m == killers[0])
            s = (1 << 27);
        else if (m == killers[1])
            s = (1 << 27) - 1;
        else
            s = std::clamp(history(us, m), -(1 << 26), 1 << 26);
        scores[i] = s;
    }
}

void pickBest(MoveList& moves, int* scores, int i) {
    int best = i;
    for (int j = i + 1; j < moves.size; ++j)
        if (scores[j] > scores[best]) best = j;
    if (best != i) {
        std::swap(moves[i], moves[best]);
        std::swap(scores[i], scores[best]);
    }
}

}  // namespace timur
