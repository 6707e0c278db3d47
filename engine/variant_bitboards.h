// A variant's bitboard tables: the slider attacks of its board and, per piece type, its move
// sets when notation/classify.h accepts the piece (nullopt: the piece stays on the path-tree
// walker, and whyWalker says why).
#pragma once

#include <array>
#include <memory>
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
    BB boardHoles;          // the variant board's own holes
    // [colour][square]: the union of the capture masks (PieceSets::captureMasks) of the
    // mergeable types, which prefilters the pieces that may attack a square; and the types that
    // are not mergeable, tested one by one. Filled by BitboardTables.
    std::array<std::vector<typename PieceSets<BB>::CaptureMasks>, 2> mergedCaptures;
    std::vector<PieceType> unmerged;
    // For counting moves, [type][colour]: where the generator adds the moves that end there
    // (promotion zones, citadels) or start there (zones with fromZoneToo), and the squares a
    // piece may not be left on (rules.immobileIllegal). Then the types with immune squares.
    struct CountMasks {
        BB generated, generatedFrom, dead;
    };
    std::vector<std::array<CountMasks, 2>> counting;
    std::vector<PieceType> immuneTypes;

    // After v.conclude() (the counting masks read v.info).
    explicit VariantBitboards(const Variant& v);
    std::size_t bytes() const;
};

// A variant's bitboard tables at its board's width (bitboardWords()), built once by the loader
// (Variant::bitboards); the move generator picks the instantiation by words().
class BitboardTables {
  public:
    explicit BitboardTables(const Variant& v);
    ~BitboardTables();

    int words() const { return words_; }
    template <int W>
    const VariantBitboards<Bitboard<W>>& at() const {
        if constexpr (W == 1)
            return *b1_;
        else if constexpr (W == 2)
            return *b2_;
        else if constexpr (W == 3)
            return *b3_;
        else
            return *b4_;
    }
    // Whether type t's attacks are found backwards from the target (PieceSets::reversible()).
    bool reversible(PieceType t) const { return reversible_[t]; }
    // Whether, besides, its captures are captureMasks() on the board's own holes: then one
    // rook and one bishop lookup serve every such type.
    bool mergeable(PieceType t) const { return mergeable_[t]; }
    // Whether type t only leaps (PieceSets::leapsOnly()): its attacks ignore the occupancy.
    bool leapsOnly(PieceType t) const { return leapsOnly_[t]; }
    // Whether every type is reversible, none walled and none immune anywhere: then the static
    // exchange of a plain move or drop is known wherever no citadel stands, whoever attacks.
    bool exchangeAlwaysKnown() const { return exchangeAlwaysKnown_; }
    std::size_t bytes() const;

  private:
    int words_;
    std::array<bool, kMaxPieceTypes> reversible_{}, mergeable_{}, leapsOnly_{};
    bool exchangeAlwaysKnown_ = true;
    std::unique_ptr<VariantBitboards<Bitboard<1>>> b1_;
    std::unique_ptr<VariantBitboards<Bitboard<2>>> b2_;
    std::unique_ptr<VariantBitboards<Bitboard<3>>> b3_;
    std::unique_ptr<VariantBitboards<Bitboard<4>>> b4_;
};

extern template struct VariantBitboards<Bitboard<1>>;
extern template struct VariantBitboards<Bitboard<2>>;
extern template struct VariantBitboards<Bitboard<3>>;
extern template struct VariantBitboards<Bitboard<4>>;

}  // namespace timur
