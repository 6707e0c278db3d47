#include "engine/movepick.h"

#include <algorithm>
#include <climits>

namespace timur {

MovePicker::MovePicker(Position& pos, const Evaluator& eval, const ButterflyHistory& history,
                       MoveList& list, int* scores, Source source, const Move& ttMove,
                       const Killers& killers)
    : pos_(pos),
      eval_(eval),
      history_(&history),
      list_(list),
      scores_(scores),
      source_(source),
      capturesOnly_(false),
      ttMove_(ttMove),
      killers_(killers) {}

MovePicker::MovePicker(Position& pos, const Evaluator& eval, MoveList& list, int* scores,
                       Source source, const Move& ttMove)
    : pos_(pos),
      eval_(eval),
      history_(nullptr),
      list_(list),
      scores_(scores),
      source_(source),
      capturesOnly_(true),
      ttMove_(ttMove) {}

Move MovePicker::next() {
    for (;;) {
        switch (stage_) {
            case Stage::TableMove:
                stage_ = Stage::GenerateCaptures;
                if (tableMoveUsable()) {
                    ttPlayed_ = true;
                    return ttMove_;
                }
                break;

            case Stage::GenerateCaptures:
                generate(GenType::Captures);
                scoreCaptures();
                cur_ = 0;
                end_ = capturesEnd_;
                stage_ = Stage::GoodCaptures;
                break;

            case Stage::GoodCaptures:
                while (cur_ < end_) {
                    Move m = list_[pickBest()];
                    ++cur_;
                    if (alreadyPlayed(m)) continue;
                    // A table move that waited for its stage goes first even if it looks bad.
                    if (!(ttWaits_ && m == ttMove_) && losesMaterial(m)) {
                        list_[badCapturesEnd_++] = m;  // a slot already handed out
                        continue;
                    }
                    return m;
                }
                stage_ = capturesOnly_ ? Stage::Done : Stage::Killers;
                break;

            case Stage::Killers:
                while (killerIndex_ < 2) {
                    int k = killerIndex_++;
                    if (killerUsable(killers_[k])) {
                        killerPlayed_[k] = true;
                        return killers_[k];
                    }
                }
                stage_ = Stage::GenerateQuiets;
                break;

            case Stage::GenerateQuiets:
                if (!skipQuiets_) {
                    generate(GenType::Quiets);
                    scoreQuiets();
                }
                cur_ = capturesEnd_;
                end_ = skipQuiets_ ? cur_ : list_.size;
                stage_ = Stage::Quiets;
                break;

            case Stage::Quiets:
                while (cur_ < end_ && !skipQuiets_) {
                    Move m = list_[pickBest()];
                    ++cur_;
                    if (!alreadyPlayed(m)) return m;
                }
                cur_ = 0;
                end_ = badCapturesEnd_;
                stage_ = Stage::BadCaptures;
                break;

            case Stage::BadCaptures:
                if (cur_ < end_) return list_[cur_++];
                stage_ = Stage::Done;
                break;

            case Stage::Done:
                return Move{};
        }
    }
}

// The table's move may come from another position (a collision, or a torn entry written by
// another thread): it is played only if the position has it. A placement or a swap cannot be
// checked that way and waits for its stage; in quiescence only a capture or promotion counts.
bool MovePicker::tableMoveUsable() {
    if (ttMove_.isNull()) return false;
    if (source_ == Source::Legal &&
        (ttMove_.kind == MoveKind::Placement || ttMove_.kind == MoveKind::Swap)) {
        ttWaits_ = !capturesOnly_;
        return false;
    }
    if (source_ == Source::Given) {
        if (std::find(list_.begin(), list_.end(), ttMove_) == list_.end()) return false;
    } else if (!isPseudoLegal(pos_, ttMove_) ||
               (source_ == Source::Legal && !isLegalMove(pos_, ttMove_))) {
        return false;
    }
    return !capturesOnly_ || (isCaptureOrPromotion(pos_, ttMove_) && !losesMaterial(ttMove_));
}

bool MovePicker::killerUsable(const Move& k) const {
    if (k.isNull() || (ttPlayed_ && k == ttMove_) || isCaptureOrPromotion(pos_, k)) return false;
    if (source_ == Source::Given) return std::find(list_.begin(), list_.end(), k) != list_.end();
    return isPseudoLegal(pos_, k) && (source_ == Source::Pseudo || isLegalMove(pos_, k));
}

bool MovePicker::alreadyPlayed(const Move& m) const {
    return (ttPlayed_ && m == ttMove_) || (killerPlayed_[0] && m == killers_[0]) ||
           (killerPlayed_[1] && m == killers_[1]);
}

// Appends the moves of `type` to the list (captures from index 0, the quiet moves after them).
// Given: the list already holds every move; the captures are moved to the front.
void MovePicker::generate(GenType type) {
    if (type == GenType::Captures) {
        if (source_ == Source::Given) {
            auto quiet = std::partition(list_.moves, list_.moves + list_.size, [&](const Move& m) {
                return isCaptureOrPromotion(pos_, m);
            });
            capturesEnd_ = int(quiet - list_.moves);
            return;
        }
        list_.size = 0;
        if (source_ == Source::Pseudo)
            generatePseudo(pos_, list_, GenType::Captures);
        else
            generateLegal(pos_, list_, GenType::Captures);
        capturesEnd_ = list_.size;
        return;
    }
    if (source_ == Source::Given) return;
    list_.size = capturesEnd_;
    if (source_ == Source::Pseudo) {
        generatePseudo(pos_, list_, GenType::Quiets);
    } else {
        MoveList quiets;
        generateLegal(pos_, quiets, GenType::Quiets);
        for (const Move& m : quiets) list_.push(m);
    }
}

// The value of what is captured and promoted to first, then the cheapest mover; the table move
// (when it waited for this stage) before all.
void MovePicker::scoreCaptures() {
    for (int i = 0; i < capturesEnd_; ++i) {
        const Move& m = list_[i];
        Piece mover = m.kind == MoveKind::Drop ? kNoPiece : pos_.at(m.from);
        int attacker = mover != kNoPiece ? eval_.value(typeOf(mover)) : 0;
        scores_[i] = ttWaits_ && m == ttMove_ ? INT_MAX : eval_.gain(pos_, m) * 16 - attacker / 16;
    }
}

void MovePicker::scoreQuiets() {
    Color us = pos_.sideToMove();
    for (int i = capturesEnd_; i < list_.size; ++i) {
        const Move& m = list_[i];
        scores_[i] = ttWaits_ && m == ttMove_ ? INT_MAX
                                              : std::clamp((*history_)(us, m), -(1 << 26), 1 << 26);
    }
}

int MovePicker::pickBest() {
    int best = cur_;
    for (int j = cur_ + 1; j < end_; ++j)
        if (scores_[j] > scores_[best]) best = j;
    if (best != cur_) {
        std::swap(list_[cur_], list_[best]);
        std::swap(scores_[cur_], scores_[best]);
    }
    return cur_;
}

// A rough static exchange test: a capture of a cheaper piece on a square the opponent
// defends probably loses material.
bool MovePicker::losesMaterial(const Move& m) const {
    if (isPromotion(m) || m.kind != MoveKind::Normal) return false;
    Piece mover = pos_.at(m.from);
    int attacker = mover != kNoPiece ? eval_.value(typeOf(mover)) : 0;
    return eval_.gain(pos_, m) + 50 < attacker && isAttacked(pos_, m.to, ~pos_.sideToMove());
}

}  // namespace timur
