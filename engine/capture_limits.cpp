// Rules::ProtectedVictimsRule and Rules::CounterstrikeRule: captures that the rules limit (chu
// shogi's Lion-trading rules), judged for legalAfterMake.
#include "engine/movegen.h"

namespace timur {

int captureLimit(const Position& pos, const Move& m) {
    const VariantInfo& info = pos.info();
    if (info.limitedVictims.none() || m.kind != MoveKind::Normal) return 0;
    const Rules& rules = pos.variant().rules;
    Color us = pos.sideToMove();
    PieceType mover = typeOf(pos.at(m.from));
    PieceType types[3];
    int squares[3], n = 0;
    bool limited = false;
    auto victim = [&](int sq) {
        Piece p = pos.at(sq);
        if (p == kNoPiece || colorOf(p) == us) return;
        types[n] = typeOf(p);
        squares[n++] = sq;
        limited = limited || info.limitedVictims[typeOf(p)];
    };
    for (int k = 0; k < m.victimCount(); ++k) victim(m.victim[k]);
    if (m.to != m.from) victim(m.to);
    if (!limited) return 0;
    int verdict = 0;
    if (const auto& pv = rules.protectedVictims; pv && pv->capturers[mover]) {
        const Geometry& g = pos.board();
        for (int i = 0; i < n; ++i) {
            if (!pv->pieces[types[i]]) continue;
            bool adjacent = std::abs(g.fileOf(squares[i]) - g.fileOf(m.from)) <= 1 &&
                            std::abs(g.rankOf(squares[i]) - g.rankOf(m.from)) <= 1;
            if (pv->adjacentAllowed && adjacent) continue;
            bool bridge = false;
            for (int j = 0; j < n; ++j) bridge = bridge || (j != i && !pv->bridgeExcept[types[j]]);
            if (pv->bridgeAllowed && bridge) continue;
            verdict = 1;
        }
    }
    if (const auto& cs = rules.counterstrike;
        cs && !cs->pieces[mover] && pos.counterstrikeForbidden()) {
        for (int i = 0; i < n; ++i)
            if (cs->pieces[types[i]]) {
                if (!cs->unlessUnprotected) return 2;
                verdict = 1;
            }
    }
    return verdict;
}

bool captureLimitApplies(const Position& pos, const Move& m) {
    const VariantInfo& info = pos.info();
    if (info.limitedVictims.none()) return false;
    Piece p = pos.at(m.to);
    return m.victimCount() > 0 ||
           (p != kNoPiece && colorOf(p) != pos.sideToMove() && info.limitedVictims[typeOf(p)]);
}

}  // namespace timur
