// Slider attacks on a board's grid: the squares a rider reaches along its lines, up to and
// including the first occupied square, for any occupancy.
//
// The tables are built for the bare rectangle (files x ranks, no holes). Holes and squares a
// piece may not enter block a rider as an off-board square does: the caller adds them to the
// occupancy and removes them from the result (the per-piece masks of piece_sets.h never contain
// them). So one table serves every piece of a variant, whatever squares are holes for it.
//
// Orthogonal and diagonal riders on boards of at most 8x8 use magic bitboards (PEXT with
// TIMUR_ARCH=modern); every other line (orthogonal and diagonal ones on larger boards, and
// any other straight line such as the nightrider's) uses the obstruction difference: with the
// occupied squares below and above the slider on its line, the attacked squares lie between the
// highest one below and the lowest one above, found with one bit scan and one subtraction.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "engine/bitboard.h"

#if defined(TIMUR_USE_PEXT)
#include <immintrin.h>
#endif

namespace timur {

// A line through each square, split at the square: the squares below it and above it.
template <class BB>
struct LineRays {
    struct Ends {
        BB lower, upper;
    };
    int dx = 0, dy = 0;         // the step, pointing to higher square indices
    std::vector<Ends> squares;  // [square]
};

template <class BB>
inline BB obstructionDifference(const typename LineRays<BB>::Ends& e, const BB& occ) {
    BB upper = occ & e.upper;
    BB low = (occ & e.lower).highestOrFirst();
    return (e.lower | e.upper) & (upper ^ (upper - low));
}

// Magic (or PEXT) lookups of rook and bishop attacks on a grid of at most 8x8: per square, the
// relevant occupancy is the slider's lines without their last square, which never decides
// anything. Built once per grid size and shared.
struct MagicTables {
    struct Magic {
        std::uint64_t mask = 0;
        std::uint64_t magic = 0;
        std::uint32_t offset = 0;
        std::uint32_t shift = 63;
    };
    std::vector<Magic> rook, bishop;   // [square]
    std::vector<std::uint64_t> table;  // attack sets the magics index

    std::uint64_t attacks(const Magic& m, std::uint64_t occ) const {
#if defined(TIMUR_USE_PEXT)
        return table[m.offset + _pext_u64(occ, m.mask)];
#else
        return table[m.offset + (((occ & m.mask) * m.magic) >> m.shift)];
#endif
    }
    std::size_t bytes() const {
        return sizeof(*this) + (rook.capacity() + bishop.capacity()) * sizeof(Magic) +
               table.capacity() * sizeof(std::uint64_t);
    }
    // The tables of a files x ranks grid (both at most 8), built on first use; nullptr if
    // the search found no magics for it.
    static std::shared_ptr<const MagicTables> of(int files, int ranks);
};

template <class BB>
class SliderAttacks {
  public:
    // Line ids of the four lines every table has.
    enum : int { kRank = 0, kFile = 1, kDiagonal = 2, kAntiDiagonal = 3 };

    SliderAttacks(int files, int ranks);

    int files() const { return files_; }
    int ranks() const { return ranks_; }

    // The line id of step (dx, dy) (the same line for (-dx, -dy)), built on first use. Not
    // thread-safe: call it while building tables only.
    int lineId(int dx, int dy);
    // The line id of a step already built, or -1.
    int findLine(int dx, int dy) const;
    const LineRays<BB>& lineRays(int id) const { return lines_[id]; }

    // Attacks along line `id` in both directions.
    BB line(int id, int sq, const BB& occ) const {
        return obstructionDifference<BB>(lines_[id].squares[sq], occ);
    }
    BB rook(int sq, const BB& occ) const {
        if constexpr (BB::kWords == 1)
            if (magics_) return BB::fromScalar(magics_->attacks(magics_->rook[sq], occ.scalar()));
        return line(kRank, sq, occ) | line(kFile, sq, occ);
    }
    BB bishop(int sq, const BB& occ) const {
        if constexpr (BB::kWords == 1)
            if (magics_) return BB::fromScalar(magics_->attacks(magics_->bishop[sq], occ.scalar()));
        return line(kDiagonal, sq, occ) | line(kAntiDiagonal, sq, occ);
    }
    // Whether rook() and bishop() use magic (or PEXT) lookups.
    bool usesMagics() const { return magics_ != nullptr; }

    // Memory held by the tables, in bytes.
    std::size_t bytes() const;

  private:
    int files_, ranks_;
    std::vector<LineRays<BB>> lines_;
    std::shared_ptr<const MagicTables> magicsOwner_;  // 64-bit boards of at most 8x8
    const MagicTables* magics_ = nullptr;
};

extern template class SliderAttacks<Bitboard<1>>;
extern template class SliderAttacks<Bitboard<2>>;
extern template class SliderAttacks<Bitboard<3>>;
extern template class SliderAttacks<Bitboard<4>>;

}  // namespace timur
