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
                        scores_[badCapturesEnd_] = seeBounds_.lo;
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
                    seeBounds_ = {scores_[cur_], scores_[cur_]};
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

std::optional<SeeTest> MovePicker::knownExchangeAtLeast(const Move& m, int threshold) const {
    if (m != seeMove_) return std::nullopt;
    if (seeBounds_.lo == kSeeUnknown) return SeeTest::Unknown;
    if (threshold <= seeBounds_.lo) return SeeTest::AtLeast;
    if (threshold > seeBounds_.hi) return SeeTest::Below;
    return std::nullopt;
}

SeeTest MovePicker::exchangeAtLeast(const Move& m, int threshold) {
    if (auto known = knownExchangeAtLeast(m, threshold)) return *known;
    seeMove_ = m;
    SeeTest test = staticExchangeAtLeast(pos_, eval_, m, threshold, &seeBounds_);
    if (test == SeeTest::Unknown) seeBounds_.lo = kSeeUnknown;
    return test;
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
// the capture of a cheaper piece on a square the opponent defends probably loses. A losing
// capture's exchange is computed in full: the captures set aside are tried by it.
bool MovePicker::losesMaterial(const Move& m) {
    SeeTest test = exchangeAtLeast(m, 0);
    if (test == SeeTest::Below && seeBounds_.lo != seeBounds_.hi)
        seeBounds_.lo = seeBounds_.hi = staticExchange(pos_, eval_, m);
    if (test != SeeTest::Unknown) return test == SeeTest::Below;
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

// The squares and pieces of an exchange on one square: each side's candidates by type, and
// the least valuable of them that reaches the square on the board as the exchange has left it.
template <int W>
class ExchangeBoard {
  public:
    using BB = Bitboard<W>;

    ExchangeBoard(const Position& pos, const Evaluator& eval, const BitboardTables& tables, int sq)
        : bb_(tables.at<W>()), v_(pos.variant()), eval_(eval), sq_(sq), n_(pos.info().typeCount) {}

    int value(PieceType t) const {
        return v_.pieces[t].royal ? kRoyalExchangeValue : eval_.value(t);
    }

    // Reads each side's candidates: only reversible types, and none that may not capture some
    // piece. False where another could take part or the square is immune to some piece.
    // (The sets are intersected at the board's width, not the SquareSet's.)
    bool readCandidates(const Position& pos, const BitboardTables& tables) {
        const VariantInfo& info = pos.info();
        const bool known = tables.exchangeAlwaysKnown();
        for (Color c : {White, Black})
            for (int t = 0; t < n_; ++t) {
                BB s = fromSquareSet<BB>(pos.pieces(c, PieceType(t))) &
                       fromSquareSet<BB>(v_.tables[t].attackersOf[c][sq_]);
                cand_[c][t].bb = s;
                if (known) continue;
                if (info.immune[t][c].test(sq_)) return false;
                if (s.any() && (!tables.reversible(PieceType(t)) || info.walled[t])) return false;
            }
        return true;
    }

    // The least valuable piece of `side` that attacks the square through `occ` (its value in
    // `value`), or -1.
    int leastValuable(Color side, const BB& occ, int& value) const {
        int bestValue = 0, from = -1;
        for (int t = 0; t < n_; ++t) {
            BB mine = cand_[side][t].bb & occ;
            if (mine.none()) continue;
            int val = this->value(PieceType(t));
            if (from >= 0 && val >= bestValue) continue;
            BB hits =
                bb_.pieces[t]->captures(bb_.sliders, int(~side), sq_, false, occ | bb_.holes[t]) &
                mine;
            if (hits.none()) continue;
            bestValue = val;
            from = hits.lsb();
        }
        value = bestValue;
        return from;
    }

  private:
    // Left uninitialised: readCandidates writes every slot the variant's types use, and zeroing
    // all 64 possible types took about a sixth of the exchange's time.
    union Slot {
        BB bb;
        Slot() {}
    };
    const VariantBitboards<BB>& bb_;
    const Variant& v_;
    const Evaluator& eval_;
    int sq_, n_;
    Slot cand_[2][kMaxPieceTypes];
};

// What the move itself does on its square: gain[0] of the exchange (what it takes, and what its
// promotion adds) and the value that then stands there. False where it is not an exchange (no
// mover, or an own piece on the square).
template <int W>
bool firstCapture(const Position& pos, const ExchangeBoard<W>& board, const Move& m, int& gain,
                  int& onSquare) {
    if (m.kind == MoveKind::Drop) {
        gain = 0;
        onSquare = board.value(m.promo);
        return true;
    }
    Piece victim = pos.at(m.to), mover = pos.at(m.from);
    if (mover == kNoPiece || (victim != kNoPiece && colorOf(victim) == pos.sideToMove()))
        return false;
    gain = victim != kNoPiece ? board.value(typeOf(victim)) : 0;
    onSquare = board.value(typeOf(mover));
    if (isPromotion(m)) {
        gain += board.value(m.promo) - onSquare;
        onSquare = board.value(m.promo);
    }
    return true;
}

// The occupancy once the move has left its square; the target square too is emptied: a rider
// stops on it whatever stands there.
template <int W>
Bitboard<W> exchangeOccupancy(const Position& pos, const Move& m) {
    using BB = Bitboard<W>;
    BB occ = fromSquareSet<BB>(pos.occupied(White)) | fromSquareSet<BB>(pos.occupied(Black));
    if (m.kind != MoveKind::Drop) occ.reset(m.from);
    occ.reset(m.to);
    return occ;
}

// The exchange once the move is made and the candidates read: each side in turn takes with
// its least valuable piece while that may pay, then the gains are backed up, each side free to
// stop.
template <int W>
int exchangeAfter(const Position& pos, const ExchangeBoard<W>& board, const Move& m, int firstGain,
                  int onSquare) {
    int gain[64];
    gain[0] = firstGain;
    Bitboard<W> occ = exchangeOccupancy<W>(pos, m);
    int d = 0;
    for (Color side = ~pos.sideToMove(); d < 63; side = ~side) {
        int value;
        int from = board.leastValuable(side, occ, value);
        if (from < 0) break;
        ++d;
        gain[d] = onSquare - gain[d - 1];
        // Neither side can do better than stopping here whatever follows.
        if (std::max(-gain[d - 1], gain[d]) < 0) break;
        onSquare = value;
        occ.reset(from);
    }
    for (; d > 0; --d) gain[d - 1] = -std::max(-gain[d - 1], gain[d]);
    return gain[0];
}

template <int W>
int exchange(const Position& pos, const Evaluator& eval, const BitboardTables& tables,
             const Move& m) {
    ExchangeBoard<W> board(pos, eval, tables, m.to);
    int gain, onSquare;  // onSquare: the value of what now stands on the square
    if (!firstCapture(pos, board, m, gain, onSquare) || !board.readCandidates(pos, tables))
        return kSeeUnknown;
    return exchangeAfter(pos, board, m, gain, onSquare);
}

// Whether exchange() >= threshold. The exchange is worth at most what the move takes, and at
// least that less the mover (taken back for nothing): where the threshold lies outside those
// bounds, no candidate need be read.
template <int W>
SeeTest exchangeAtLeast(const Position& pos, const Evaluator& eval, const BitboardTables& tables,
                        const Move& m, int threshold, ExchangeBounds& bounds) {
    ExchangeBoard<W> board(pos, eval, tables, m.to);
    int gain, onSquare;
    if (!firstCapture(pos, board, m, gain, onSquare)) return SeeTest::Unknown;
    // Where some piece could make the exchange unknown, the bounds may not answer first.
    bool read = false;
    if (!tables.exchangeAlwaysKnown()) {
        if (!board.readCandidates(pos, tables)) return SeeTest::Unknown;
        read = true;
    }
    bounds = {gain - onSquare, gain};
    if (gain < threshold) return SeeTest::Below;
    if (gain - onSquare >= threshold) return SeeTest::AtLeast;
    if (!read) board.readCandidates(pos, tables);
    int value = exchangeAfter(pos, board, m, gain, onSquare);
    bounds = {value, value};
    return value >= threshold ? SeeTest::AtLeast : SeeTest::Below;
}

}  // namespace

namespace {

// The bitboard tables an exchange on m's square reads, or null where the move is not an
// exchange on m.to alone (a piece gated in on the square left, a promoted piece put elsewhere,
// a victim put back) or the square is a citadel.
const BitboardTables* exchangeTables(const Position& pos, const Move& m) {
    if ((m.kind != MoveKind::Normal && m.kind != MoveKind::Drop) || m.victimCount() > 0 ||
        (m.flags & (kMoveGate | kMoveRelocate | kMoveUnload)))
        return nullptr;
    const BitboardTables* tables = pos.variant().bitboards.get();
    if (!tables || pos.info().citadels.test(m.to)) return nullptr;
    return tables;
}

}  // namespace

SeeTest staticExchangeAtLeast(const Position& pos, const Evaluator& eval, const Move& m,
                              int threshold, ExchangeBounds* bounds) {
    const BitboardTables* tables = exchangeTables(pos, m);
    if (!tables) return SeeTest::Unknown;
    ExchangeBounds unused;
    ExchangeBounds& b = bounds ? *bounds : unused;
    switch (tables->words()) {
        case 1:
            return exchangeAtLeast<1>(pos, eval, *tables, m, threshold, b);
        case 2:
            return exchangeAtLeast<2>(pos, eval, *tables, m, threshold, b);
        case 3:
            return exchangeAtLeast<3>(pos, eval, *tables, m, threshold, b);
        default:
            return exchangeAtLeast<4>(pos, eval, *tables, m, threshold, b);
    }
}

int staticExchange(const Position& pos, const Evaluator& eval, const Move& m) {
    const BitboardTables* tables = exchangeTables(pos, m);
    if (!tables) return kSeeUnknown;
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
