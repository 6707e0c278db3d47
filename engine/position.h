// A position of any variant: the board, hands, side to move and the state the rules need, with
// FEN in and out, make and unmake, and Zobrist hashing.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/fen.h"
#include "engine/move.h"
#include "engine/variant.h"
#include "engine/variant_info.h"

namespace timur {

// What make() changed, so that unmake() can restore it exactly.
struct Undo {
    Move move;
    std::array<std::uint8_t, 4> capturedSq{};
    std::array<Piece, 4> captured{};
    std::array<bool, 4> capturedPromoted{};
    std::array<bool, 4> capturedVirgin{};
    int captureCount = 0;
    Piece moved = kNoPiece;
    bool movedPromoted = false;
    bool movedVirgin = false;
    bool rookVirgin = false;  // castling partner
    int epSquare = -1, epVictim = -1;
    bool epMulti = false;  // epMore_ was pushed on Position::epMoreHistory_
    int halfmoveClock = 0;
    std::array<std::uint8_t, 2> rights{};
    bool terminal = false;
    std::uint64_t hash = 0;
    // Pieces that lost their unmoved mark through another piece's move: castling partners with
    // the king's, first-move rights to an aiming enemy (PieceSpec::rightLostWhenAimedBy).
    SquareSet partnersUnmarked;
    std::array<PieceType, 4> handTypes{};  // kNoPieceType: that capture went to no hand
    // XBetza u: the piece taken from `unloadedFrom` and put on the move's aux square.
    Piece unloaded = kNoPiece;
    std::uint8_t unloadedFrom = 0;
    bool unloadedPromoted = false, unloadedVirgin = false;
};

class Position {
  public:
    explicit Position(std::shared_ptr<const Variant> variant);

    // Sets the position from a FEN; on error (also a side without a royal piece where the rules
    // need one) throws FenError and leaves the position unchanged.
    void setFen(const std::string& fen);
    void setStart() { setFen(variant_->startFen); }
    std::string fen() const;

    const Variant& variant() const { return *variant_; }
    const VariantInfo& info() const { return *info_; }
    std::shared_ptr<const Variant> variantPtr() const { return variant_; }
    const Geometry& board() const { return variant_->board; }

    Piece at(int sq) const { return squares_[sq]; }
    Color sideToMove() const { return side_; }
    int hand(Color c, PieceType t) const { return hands_[c][t]; }
    bool isVirgin(int sq) const { return virgin_[sq]; }
    const SquareSet& virginSquares() const { return virgin_; }
    bool isPromoted(int sq) const { return promoted_[sq]; }
    int epSquare() const { return epSquare_; }
    // Whether an e.p. capture may end on `sq`: epSquare(), or another square the same lame move
    // passed (a pawn's triple step gives the right on both squares it passed).
    bool isEpTarget(int sq) const { return sq == epSquare_ || (epMulti_ && epMore_[sq]); }
    bool hasSeveralEpTargets() const { return epMulti_; }
    int epVictim() const { return epVictim_; }
    int halfmoveClock() const { return halfmoveClock_; }
    // Once-per-game rights still unused (Tamerlane's King swap 'K' and citadel exchange 'X').
    using Right = FenPosition::Right;
    static constexpr Right kSwapRight = FenPosition::kSwapRight;
    static constexpr Right kExchangeRight = FenPosition::kExchangeRight;
    bool hasRight(Color c, Right r) const { return rights_[c] & r; }
    // The game ended with the last move (a citadel entry); no move follows.
    bool terminal() const { return terminal_; }
    // c's highest-ranking royal type present (Variant::rules.royalRank), or kNoPieceType.
    PieceType topRoyal(Color c) const;
    int fullmoveNumber() const { return fullmove_; }
    std::uint64_t hash() const { return hash_; }
    // The Zobrist hash of the pawn-like pieces alone (VariantInfo::pawnHashMask).
    std::uint64_t pawnHash() const { return pawnHash_; }
    const SquareSet& occupied(Color c) const { return byColor_[c]; }
    const SquareSet& pieces(Color c, PieceType t) const { return byType_[c][t]; }
    int count(Color c, PieceType t) const { return int(byType_[c][t].count()); }
    // Squares of c's royal pieces (at most a handful).
    const std::vector<int>& royals(Color c) const { return royals_[c]; }
    int ply() const { return int(history_.size()); }
    // The move made `back` moves before the last one (0: the last), or a null Move if there is
    // none (before the FEN's position, or the search's null move).
    Move lastMove(int back = 0) const {
        return back < ply() ? history_[history_.size() - 1 - back].move : Move{};
    }

    void makeMove(const Move& m);
    void unmakeMove();
    // A pass, for the search's null-move pruning: the other side moves, the e.p. right lapses,
    // and the n-move count restarts (no repetition reaches back over a pass). Undone only by
    // unmakeNullMove().
    void makeNullMove();
    void unmakeNullMove();
    // Rules::CounterstrikeRule: the last move took a piece of the rule's types with a piece not
    // of them, so the side to move may not do the same now. Not in the FEN (false after setFen)
    // and so not in the hash, which is the FEN's: the search checks every move it takes from the
    // transposition table.
    bool counterstrikeForbidden() const;

    // Hashes of the positions before each move played since setFen (for repetition).
    const std::vector<std::uint64_t>& hashHistory() const { return hashHistory_; }

    // The square the castling partner ends on.
    int castlingRookTarget(const Move& m) const;

  private:
    void clear();
    void put(int sq, Piece p, bool promoted);
    void remove(int sq);
    void capture(Undo& u, int sq);
    void setVirgin(int sq, bool v);
    void markIfHome(int sq, Piece p);
    void setEp(int sq, int victim);
    void clearEp(Undo& u);
    void addEpTarget(int sq, int victim);
    void addPassedEp(const Move& m);
    Undo& pushUndo(const Move& m);
    void passTurn();
    void clearRight(Color c, Right r);
    bool epCapturePossible(int sq, Color by) const;
    void dropCastlingPartners(Undo& u, Piece king);
    void dropLoneCastlingKings(Undo& u);
    void dropAimedRights(Undo& u, PieceType aimer, int to);
    void enterGate(Undo& u, const Move& m);
    bool keepsGates(Color c) const;  // c may still gate (Rules::GatingRule)
    void dropSpentGates(Undo& u, Color c);
    void makeExchange(Undo& u, const Move& m);
    void liftUnloaded(Undo& u, const Move& m);
    void addToHand(Color c, PieceType t, int n);
    void refreshRoyals();
    void requireRoyals() const;  // throws FenError
    std::uint64_t computeHash() const;
    bool struckDown(const Undo& u) const;  // the move of u forbids a counterstrike

    std::shared_ptr<const Variant> variant_;
    const VariantInfo* info_;
    std::array<Piece, kMaxSquares> squares_{};
    std::array<std::array<SquareSet, kMaxPieceTypes>, 2> byType_{};
    std::array<SquareSet, 2> byColor_{};
    std::array<std::array<int, kMaxPieceTypes>, 2> hands_{};
    SquareSet virgin_;    // pieces that have never moved (i-moves, castling)
    SquareSet promoted_;  // promoted pieces that revert when captured into hand (crazyhouse ~)
    std::array<std::vector<int>, 2> royals_;
    std::array<std::uint8_t, 2> rights_{};
    bool terminal_ = false;
    Color side_ = White;
    int epSquare_ = -1, epVictim_ = -1;
    bool epMulti_ = false;  // epMore_ holds further e.p. targets of the same victim
    SquareSet epMore_;
    std::vector<SquareSet> epMoreHistory_;  // epMore_ before each move made with epMulti_
    int halfmoveClock_ = 0, fullmove_ = 1;
    std::uint64_t hash_ = 0, pawnHash_ = 0;
    std::vector<Undo> history_;
    std::vector<std::uint64_t> hashHistory_;
};

}  // namespace timur
