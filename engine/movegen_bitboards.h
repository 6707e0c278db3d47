// The move generator's fast path: attack detection from the variant's bitboard tables
// (engine/variant_bitboards.h) for the piece types whose attacks read backwards from the
// target (PieceSets::reversible(): plain leaps and rides, the same on every square). The other
// types stay on the compiled path trees (engine/movegen.cpp).
#pragma once

#include "engine/position.h"
#include "engine/variant_bitboards.h"

namespace timur {

// Whether one of `candidates`, pieces of side `by` and of type t, which `tables` marks
// reversible, could capture a royal standing on sq (the square's real content is ignored, as
// isAttacked does). One lookup backwards from sq instead of a walk from each candidate.
bool reversibleAttacks(const Position& pos, const BitboardTables& tables, PieceType t,
                       const SquareSet& candidates, int sq, Color by);

}  // namespace timur
