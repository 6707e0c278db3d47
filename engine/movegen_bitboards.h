// The move generator's fast path: attack detection and legality from the variant's bitboard
// tables (engine/variant_bitboards.h) for the piece types whose attacks read backwards from the
// target (PieceSets::reversible(): plain leaps, rides and hoppers, the same on every square). The
// other types stay on the compiled path trees, and moves on make and unmake (engine/movegen.cpp).
#pragma once

#include "engine/position.h"
#include "engine/variant_bitboards.h"

namespace timur {

// Whether one of `candidates`, pieces of side `by` and of type t, which `tables` marks
// reversible, could capture a royal standing on sq (the square's real content is ignored, as
// isAttacked does). One lookup backwards from sq instead of a walk from each candidate.
bool reversibleAttacks(const Position& pos, const BitboardTables& tables, PieceType t,
                       const SquareSet& candidates, int sq, Color by);

// Whether a piece of side `by` could capture on sq (isAttacked), told by the bitboards: 1 or 0,
// or -1 where they cannot tell exactly (a type on the path trees unloads, XBetza u).
int bitboardAttacked(const Position& pos, const BitboardTables& tables, int sq, Color by);

// Whether a pseudo-legal move leaves the mover's royals safe, told from the board as the move
// would leave it, without making it: reversible enemy types by the bitboards, the others by
// their path trees on that board. Applies unless the rules count the royals before the move;
// then judges normal moves, e.p. captures and drops that neither promote to or from a royal,
// relocate, end the game, capture locust victims nor drop a piece that may not mate.
class BitboardLegality {
  public:
    // `soleRoyalBefore`: legalAfterMake's royalCountBeforeMove case, left to make and unmake.
    BitboardLegality(const Position& pos, bool soleRoyalBefore);
    // 1: legal, 0: illegal, -1: not judged here (make it and test).
    int judge(const Position& pos, const Move& m) const;
    // The same, keeping in `cache` what it gathers about the attackers of the royals that stay
    // put, for the next move from the same position (countLegalMoves; movegen_bitboards.cpp).
    template <class Cache>
    int judge(const Position& pos, const Move& m, Cache& cache) const;

  private:
    // judge()'s cases other than testing the royals: -1, 0 or 1 as judge(), or 2 (test them).
    int screen(const Position& pos, const Move& m) const;

    const BitboardTables* tables_ = nullptr;  // null: judges nothing
    bool checked_ = true;  // false: the rules put no royal of the mover in danger of capture
    bool flying_ = false;  // royals may not face each other on a file
    bool every_ = false;   // checkRule allRoyals: illegal only if every royal is attacked
};

// The number of legal moves of the side to move (generateLegal's count), or -1 where it is left
// to generateLegal (no bitboard tables, the royalCountBeforeMove rule, a finished game). The
// moves of the pieces the bitboards cover whose moves the generator adds as they are (no
// promotion zone or citadel reached) are counted from their target sets, captures of immune
// pieces left out: at once for a piece that cannot expose a royal, one by one otherwise. The
// other pieces, castling and drops are generated and tested as generateLegal does, then come
// placements and swaps.
int countLegalMoves(Position& pos);

}  // namespace timur
