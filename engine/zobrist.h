// Zobrist keys: fixed pseudo-random numbers, the same in every run, so hashes are reproducible.
// The tables are plain arrays so that make/unmake can inline every key look-up.
#pragma once

#include <array>
#include <cstdint>

#include "engine/variant.h"

namespace timur::zobrist {

constexpr int kPieceCodes = 129;
constexpr int kHandCounts = 32;  // counts beyond this share keys: still correct, slightly weaker

struct Keys {
    std::array<std::array<std::uint64_t, kMaxSquares>, kPieceCodes> piece;
    std::array<std::uint64_t, kMaxSquares> virgin, ep;
    std::array<std::array<std::array<std::uint64_t, kHandCounts>, kMaxPieceTypes>, 2> hand;
    std::array<std::uint64_t, 64> extra;
    std::uint64_t side;
    Keys();
};

extern const Keys keys;

inline std::uint64_t piece(std::uint8_t p, int sq) {
    return keys.piece[p][sq];
}
inline std::uint64_t virgin(int sq) {
    return keys.virgin[sq];
}
inline std::uint64_t ep(int sq) {
    return keys.ep[sq];
}
inline std::uint64_t hand(Color c, PieceType t, int count) {
    return count == 0 ? 0 : keys.hand[c][t][count < kHandCounts ? count : kHandCounts - 1];
}
inline std::uint64_t side() {
    return keys.side;
}
inline std::uint64_t extra(int index) {
    return keys.extra[index & 63];
}  // variant state bits

}  // namespace timur::zobrist
