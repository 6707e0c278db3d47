// A variant's bitboard tables: the slider attacks of its board and, per piece type, its move
// sets when notation/classify.h accepts the piece (nullopt: the piece stays on the path-tree
// walker, and whyWalker says why).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/attacks.h"
#include "engine/bitboard.h"
#include "engine/piece_sets.h"
#include "engine/variant.h"

namespace timur {

// What the loader hands the compiler for piece type t: its moves (zone-dependent ones
// included), its confinement, and its board, on which citadels it may not enter are holes.
// The pointers in `input` point into v.pieces.
struct PieceBoardInput {
    betza::CompileInput input;
    Geometry board;
};
PieceBoardInput pieceBoardInput(const Variant& v, PieceType t);

template <class BB>
struct VariantBitboards {
    SliderAttacks<BB> sliders;
    std::vector<std::optional<PieceSets<BB>>> pieces;  // [type]
    std::vector<std::string> whyWalker;                // [type]; empty for bitboard pieces
    std::vector<BB> holes;  // [type]: the holes of the piece's board, blockers for its rides

    explicit VariantBitboards(const Variant& v);
    std::size_t bytes() const;
};

extern template struct VariantBitboards<Bitboard<1>>;
extern template struct VariantBitboards<Bitboard<2>>;
extern template struct VariantBitboards<Bitboard<3>>;
extern template struct VariantBitboards<Bitboard<4>>;

}  // namespace timur
