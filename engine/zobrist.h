// Zobrist keys: fixed pseudo-random numbers, the same in every run, so hashes are reproducible.
#pragma once

#include <cstdint>

#include "engine/variant.h"

namespace timur::zobrist {

std::uint64_t piece(std::uint8_t piece, int sq);  // piece code 1..128
std::uint64_t virgin(int sq);
std::uint64_t ep(int sq);
std::uint64_t hand(Color c, PieceType t, int count);
std::uint64_t side();
std::uint64_t extra(int index);  // variant state bits (rights, stages), index < 64

}  // namespace timur::zobrist
