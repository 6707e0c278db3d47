#include "engine/movepick.h"

#include <algorithm>
#include <climits>

#include "engine/variant_bitboards.h"

namespace timur {

MovePicker::MovePicker(Position& pos, const Evaluator& eval, const OrderingHistory& history,
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
                       Source source, const Move& ttMove, const OrderingHistory* history)
    : pos_(pos),
      eval_(eval),
      history_(history),
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
                        // Slots already handed out.
                        scores_[badCapturesEnd_] = seeValue_;
                        list_[badCapturesEnd_++] = m;
                        continue;
                    }
                    return m;
                }
                stage_ = capturesOnly_ ? Stage::Done : Stage::Killers;
                break;

            case Stage::Killers:
                while (killerIndex_ < int(killers_.size())) {
                    int k = killerIndex_++;
                    if (!alreadyPlayed(killers_[k]) && killerUsable(killers_[k])) {
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
                if (cur_ < end_) {
                    seeMove_ = list_[cur_];
                    seeValue_ = scores_[cur_];
                    return list_[cur_++];
                }
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
    if (ttPlayed_ && m == ttMove_) return true;
    for (size_t k = 0; k < killers_.size(); ++k)
        if (killerPlayed_[k] && m == killers_[k]) return true;
    return false;
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

// The value of what is captured and promoted to first, then the cheapest mover, and how well
// the capture did lately (capture history, where the picker has it); the table move (when it
// waited for this stage) before all.
void MovePicker::scoreCaptures() {
    Color us = pos_.sideToMove();
    for (int i = 0; i < capturesEnd_; ++i) {
        const Move& m = list_[i];
        Piece mover = m.kind == MoveKind::Drop ? kNoPiece : pos_.at(m.from);
        int attacker = mover != kNoPiece ? eval_.value(typeOf(mover)) : 0;
        int s = eval_.gain(pos_, m) * 16 - attacker / 16;
        if (history_) s += captureHistory(*history_, us, m) / 16;
        scores_[i] = ttWaits_ && m == ttMove_ ? INT_MAX : s;
    }
}

// Quiet moves by their butterfly and continuation histories.
void MovePicker::scoreQuiets() {
    Color us = pos_.sideToMove();
    for (int i = capturesEnd_; i < list_.size; ++i) {
        const Move& m = list_[i];
        int h = history_->quiet(us, m, history_->tables->pieceTo(us, movedType(pos_, m), m.to));
        scores_[i] = ttWaits_ && m == ttMove_ ? INT_MAX : h;
    }
}

int MovePicker::captureHistory(const OrderingHistory& h, Color us, const Move& m) const {
    int key = h.tables->pieceTo(us, movedType(pos_, m), m.to);
    Piece victim = m.kind == MoveKind::Normal ? pos_.at(m.to) : kNoPiece;
    return key >= 0 && victim != kNoPiece ? h.tables->capture(key, typeOf(victim)) : 0;
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

// A capture loses material if its static exchange does; where that is unknown, a rough test:
// the capture of a cheaper piece on a square the opponent defends probably loses.
bool MovePicker::losesMaterial(const Move& m) {
    int see = staticExchange(pos_, eval_, m);
    seeMove_ = m;
    seeValue_ = see;
    if (see != kSeeUnknown) return see < 0;
    if (isPromotion(m) || m.kind != MoveKind::Normal) return false;
    Piece mover = pos_.at(m.from);
    int attacker = mover != kNoPiece ? eval_.value(typeOf(mover)) : 0;
    return eval_.gain(pos_, m) + 50 < attacker && isAttacked(pos_, m.to, ~pos_.sideToMove());
}

}  // namespace timur

namespace timur {

namespace {

// A royal is worth more than everything else on the board: taking with it into a defended
// square ends the exchange for that side.
constexpr int kRoyalExchangeValue = 100000;

template <int W>
int exchange(const Position& pos, const Evaluator& eval, const BitboardTables& tables,
             const Move& m) {
    using BB = Bitboard<W>;
    const VariantBitboards<BB>& bb = tables.at<W>();
    const Variant& v = pos.variant();
    const VariantInfo& info = pos.info();
    const int sq = m.to, n = info.typeCount;
    auto value = [&](PieceType t) {
        return v.pieces[t].royal ? kRoyalExchangeValue : eval.value(t);
    };

    // The candidates of each side and type: only reversible types, and none that may not
    // capture some piece. Left uninitialised: the loop writes every slot the variant's types
    // use, and zeroing all 64 possible types took about a sixth of the exchange's time.
    union Slot {
        BB bb;
        Slot() {}
    };
    Slot cand[2][kMaxPieceTypes];
    for (Color c : {White, Black})
        for (int t = 0; t < n; ++t) {
            SquareSet s = pos.pieces(c, PieceType(t)) & v.tables[t].attackersOf[c][sq];
            if (info.immune[t][c].test(sq)) return kSeeUnknown;
            if (s.none()) {
                cand[c][t].bb = BB{};
                continue;
            }
            if (!tables.reversible(PieceType(t)) || info.walled[t]) return kSeeUnknown;
            cand[c][t].bb = fromSquareSet<BB>(s);
        }

    Color us = pos.sideToMove();
    int gain[64];
    int onSquare;  // the value of what now stands on sq
    BB occ = fromSquareSet<BB>(pos.occupied(White)) | fromSquareSet<BB>(pos.occupied(Black));
    if (m.kind == MoveKind::Drop) {
        gain[0] = 0;
        onSquare = value(m.promo);
    } else {
        Piece victim = pos.at(sq), mover = pos.at(m.from);
        if (mover == kNoPiece || (victim != kNoPiece && colorOf(victim) == us)) return kSeeUnknown;
        gain[0] = victim != kNoPiece ? value(typeOf(victim)) : 0;
        onSquare = value(typeOf(mover));
        if (isPromotion(m)) {
            gain[0] += value(m.promo) - onSquare;
            onSquare = value(m.promo);
        }
        occ.reset(m.from);
    }
    occ.reset(sq);  // a rider stops on the square, whatever stands there

    int d = 0;
    for (Color side = ~us; d < 63; side = ~side) {
        // The least valuable piece of `side` that attacks sq on the board as it now is.
        int bestValue = 0, from = -1;
        for (int t = 0; t < n; ++t) {
            BB mine = cand[side][t].bb & occ;
            if (mine.none()) continue;
            int val = value(PieceType(t));
            if (from >= 0 && val >= bestValue) continue;
            BB hits =
                bb.pieces[t]->captures(bb.sliders, int(~side), sq, false, occ | bb.holes[t]) & mine;
            if (hits.none()) continue;
            bestValue = val;
            from = hits.lsb();
        }
        if (from < 0) break;
        ++d;
        gain[d] = onSquare - gain[d - 1];
        // Neither side can do better than stopping here whatever follows.
        if (std::max(-gain[d - 1], gain[d]) < 0) break;
        onSquare = bestValue;
        occ.reset(from);
    }
    for (; d > 0; --d) gain[d - 1] = -std::max(-gain[d - 1], gain[d]);
    return gain[0];
}

}  // namespace

int staticExchange(const Position& pos, const Evaluator& eval, const Move& m) {
    // A piece gated in on the square left, a promoted piece put elsewhere, a victim put back:
    // not an exchange on m.to alone.
    if ((m.kind != MoveKind::Normal && m.kind != MoveKind::Drop) || m.victimCount() > 0 ||
        (m.flags & (kMoveGate | kMoveRelocate | kMoveUnload)))
        return kSeeUnknown;
    const BitboardTables* tables = pos.variant().bitboards.get();
    if (!tables || pos.info().citadels.test(m.to)) return kSeeUnknown;
    switch (tables->words()) {
        case 1:
            return exchange<1>(pos, eval, *tables, m);
        case 2:
            return exchange<2>(pos, eval, *tables, m);
        case 3:
            return exchange<3>(pos, eval, *tables, m);
        default:
            return exchange<4>(pos, eval, *tables, m);
    }
}

}  // namespace timur
