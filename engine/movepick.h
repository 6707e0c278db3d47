// Move ordering: the history of quiet moves that cut off, the killer moves of each ply, and the
// staged move picker that hands the search a node's moves best first, generating the quiet
// moves only when the table move, the captures and the killers did not cut off.
#pragma once

#include <algorithm>
#include <array>
#include <cstdlib>
#include <optional>
#include <vector>

#include "engine/evaluate.h"
#include "engine/move.h"
#include "engine/movegen.h"
#include "engine/position.h"

namespace timur {

// Moves an entry towards +-16384 by `bonus`, less the more it already holds (history gravity:
// an old verdict fades as new ones come).
template <class T>
inline void updateTowards(T& h, int bonus) {
    bonus = std::clamp(bonus, -16384, 16384);
    h = T(h + bonus - int(h) * std::abs(bonus) / 16384);
}

// How well a quiet move (by colour, from- and to-square) did lately: raised when it cut off,
// lowered when another move did; aged between searches.
class ButterflyHistory {
  public:
    ButterflyHistory() : table_(2 * kMaxSquares * kMaxSquares, 0) {}
    int operator()(Color c, const Move& m) const { return table_[index(c, m)]; }
    // Moves the entry towards +-16384 by `bonus`, less the more it already holds.
    void update(Color c, const Move& m, int bonus) { updateTowards(table_[index(c, m)], bonus); }
    void clear() { std::fill(table_.begin(), table_.end(), 0); }
    void age() {
        for (int& h : table_) h /= 4;
    }

  private:
    static size_t index(Color c, const Move& m) {
        return (size_t(c) * kMaxSquares + m.from) * kMaxSquares + m.to;
    }
    std::vector<int> table_;
};

// A moving piece by colour, type and target square: the index of the capture and continuation
// histories. -1 where the move has no piece (a pass by a placement) or the tables are off.
class PieceToHistories {
  public:
    // Sized for a variant; the continuation tables are left off where they would be too large
    // (more than kMaxPieceTo piece-to pairs).
    void resize(int typeCount, int squares) {
        types_ = typeCount;
        squares_ = squares;
        int n = 2 * types_ * squares_;
        contN_ = n <= kMaxPieceTo ? n : 0;
        cont_.assign(size_t(contN_) * size_t(contN_), 0);
        capture_.assign(size_t(n) * size_t(types_), 0);
    }
    int pieceTo(Color c, PieceType t, int to) const {
        return t == kNoPieceType || t >= types_ ? -1 : (int(c) * types_ + t) * squares_ + to;
    }
    // The continuation row of a move (pieceTo index) made before: how well each quiet move did
    // after it. Null where there is none.
    std::int16_t* continuation(int pieceTo) {
        return pieceTo >= 0 && contN_ ? &cont_[size_t(pieceTo) * size_t(contN_)] : nullptr;
    }
    // How well capturing a piece of type `victim` with this piece-to did.
    std::int16_t& capture(int pieceTo, PieceType victim) {
        return capture_[size_t(pieceTo) * size_t(types_) + victim];
    }
    void clear() {
        std::fill(cont_.begin(), cont_.end(), 0);
        std::fill(capture_.begin(), capture_.end(), 0);
    }
    void age() {
        for (auto& h : cont_) h /= 2;
        for (auto& h : capture_) h /= 2;
    }

  private:
    static constexpr int kMaxPieceTo = 2400;
    int types_ = 0, squares_ = 0, contN_ = 0;
    std::vector<std::int16_t> cont_;
    std::vector<std::int16_t> capture_;
};

// What orders the quiet moves and captures of a node besides the table move and the killers:
// the butterfly history, the continuation rows of the moves one, two and four plies before
// (null if none) and the capture history. pieceTo() gives a move's index into the rows.
struct OrderingHistory {
    const ButterflyHistory* butterfly = nullptr;
    PieceToHistories* tables = nullptr;
    const std::int16_t* cont[3] = {nullptr, nullptr, nullptr};

    // The history of the side to move's quiet move m: butterfly and continuations added.
    int quiet(Color us, const Move& m, int pieceTo) const {
        int h = (*butterfly)(us, m);
        if (pieceTo >= 0)
            for (const std::int16_t* row : cont)
                if (row) h += row[pieceTo];
        return h;
    }
};

// The piece a move moves (a drop's piece), or kNoPieceType.
inline PieceType movedType(const Position& pos, const Move& m) {
    if (m.kind == MoveKind::Drop) return m.promo;
    Piece p = pos.at(m.from);
    return p == kNoPiece ? kNoPieceType : typeOf(p);
}

// Two quiet moves per ply that cut off lately, the latest first, and the counter move: the
// quiet move that last cut off in reply to the move just made (null if none).
using Killers = std::array<Move, 3>;

// A promotion (a placement's change of type is not one).
inline bool isPromotion(const Move& m) {
    return m.promo != kNoPieceType && (m.kind == MoveKind::Normal || m.kind == MoveKind::EnPassant);
}

// Static exchange evaluation: the material the side to move wins (centipawns, negative if it
// loses) by the capture or move m and the captures on m.to that follow, each side taking there
// with its least valuable piece and each free to stop. Exact for the pieces whose attacks the
// bitboards read backwards (plain leaps, rides and hoppers, PieceSets::reversible()), each
// round on the board as the exchange has left it (a rider sees through the pieces taken off, a
// cannon loses or finds its screen); kSeeUnknown when another piece (a lame leaper, a piece on
// the path trees) could take part, or the move is not a plain move or drop (e.p., castling,
// locust victims, gating, relocation, unloading), or the square is a citadel or immune to some
// piece.
constexpr int kSeeUnknown = -(1 << 30);
int staticExchange(const Position& pos, const Evaluator& eval, const Move& m);

// Whether staticExchange(m) >= threshold, with less work where what m takes, and what it risks,
// decide it. Unknown exactly where staticExchange() is kSeeUnknown.
// `bounds`, where given, receives what was learnt: the exchange lies in [lo, hi] (lo == hi
// where it was computed).
enum class SeeTest : std::uint8_t { Below, AtLeast, Unknown };
struct ExchangeBounds {
    int lo = 0, hi = 0;
};
SeeTest staticExchangeAtLeast(const Position& pos, const Evaluator& eval, const Move& m,
                              int threshold, ExchangeBounds* bounds = nullptr);

// Hands out a node's moves in stages: the table move; the captures and promotions (generated on
// their own) by gain, most valuable victim first and cheapest attacker first, those that
// probably lose material set aside; the killers; the quiet moves by history (generated only
// now); the captures set aside. Quiescence takes only the table move and the good captures.
class MovePicker {
  public:
    // Where the moves come from. Pseudo: generated pseudo-legal, the caller tests each for
    // legality. Legal: generated legal (variants whose special moves only the legal generator
    // makes). Given: every legal move is already in the list.
    enum class Source : std::uint8_t { Pseudo, Legal, Given };

    // The main search and evasions: every move. `list` and `scores` are the node's storage.
    MovePicker(Position& pos, const Evaluator& eval, const OrderingHistory& history, MoveList& list,
               int* scores, Source source, const Move& ttMove, const Killers& killers);
    // Quiescence: the table move if it captures or promotes, then the captures and promotions
    // that do not probably lose material.
    MovePicker(Position& pos, const Evaluator& eval, MoveList& list, int* scores, Source source,
               const Move& ttMove, const OrderingHistory* history = nullptr);

    // The next move, or a null move when there is none left.
    Move next();
    // Whether only the table move came yet: the node's move list is still unused (a search of
    // the same ply may use it meanwhile).
    bool listUnused() const { return stage_ == Stage::GenerateCaptures; }
    // Late-move pruning: no more quiet moves (the captures set aside still come).
    void skipQuiets() { skipQuiets_ = true; }
    // staticExchangeAtLeast(m, threshold), answered from what the picker learnt of m's
    // exchange when it set the losing captures aside, where that decides it (the search's
    // pruning asks again for the move next() returned last, and its check extension after).
    // What is learnt is kept for the next question about the same move.
    SeeTest exchangeAtLeast(const Move& m, int threshold);
    // The same where what the picker already knows of m's exchange answers it.
    std::optional<SeeTest> knownExchangeAtLeast(const Move& m, int threshold) const;

  private:
    enum class Stage : std::uint8_t {
        TableMove,
        GenerateCaptures,
        GoodCaptures,
        Killers,
        GenerateQuiets,
        Quiets,
        BadCaptures,
        Done
    };

    bool tableMoveUsable();
    bool killerUsable(const Move& k) const;
    void generate(GenType type);
    void scoreCaptures();
    void scoreQuiets();
    int pickBest();  // moves the best-scored of [cur_, end_) to cur_, returns cur_
    bool losesMaterial(const Move& m);  // remembers what it learns of m's exchange
    int captureHistory(const OrderingHistory& h, Color us, const Move& m) const;
    bool alreadyPlayed(const Move& m) const;

    Position& pos_;
    const Evaluator& eval_;
    const OrderingHistory* history_;
    MoveList& list_;
    int* scores_;
    Source source_;
    Stage stage_ = Stage::TableMove;
    bool capturesOnly_;
    bool skipQuiets_ = false;
    bool ttPlayed_ = false;
    bool ttWaits_ = false;  // a table move only the legal generator checks: first in its stage
    Move ttMove_;
    Killers killers_;
    bool killerPlayed_[3] = {false, false, false};
    int killerIndex_ = 0;
    int cur_ = 0, end_ = 0;
    int capturesEnd_ = 0;       // captures in [0, capturesEnd_), quiet moves from there on
    int badCapturesEnd_ = 0;    // captures set aside in [0, badCapturesEnd_), their exchanges
                                // in scores_
    Move seeMove_;              // the last move whose exchange was looked at, and what is known
    ExchangeBounds seeBounds_;  // of it (lo == kSeeUnknown: it is unknown)
};

}  // namespace timur
