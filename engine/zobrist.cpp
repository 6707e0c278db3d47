#include "engine/zobrist.h"

#include <array>
#include <vector>

namespace timur::zobrist {

namespace {

constexpr int kPieceCodes = 129;
constexpr int kHandCounts = 32;  // counts beyond this share keys: still correct, slightly weaker

struct Keys {
    std::vector<std::uint64_t> piece, virgin, ep, hand, extra;
    std::uint64_t side;

    Keys() {
        std::uint64_t state = 0x9E3779B97F4A7C15ull;
        auto next = [&state] {  // splitmix64
            std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
            z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
            z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
            return z ^ (z >> 31);
        };
        auto fill = [&](std::vector<std::uint64_t>& v, size_t n) {
            v.resize(n);
            for (auto& k : v) k = next();
        };
        fill(piece, size_t(kPieceCodes) * kMaxSquares);
        fill(virgin, kMaxSquares);
        fill(ep, kMaxSquares);
        fill(hand, size_t(2) * kMaxPieceTypes * kHandCounts);
        fill(extra, 64);
        side = next();
    }
};

const Keys& keys() {
    static const Keys k;
    return k;
}

}  // namespace

std::uint64_t piece(std::uint8_t p, int sq) {
    return keys().piece[size_t(p) * kMaxSquares + sq];
}
std::uint64_t virgin(int sq) {
    return keys().virgin[sq];
}
std::uint64_t ep(int sq) {
    return keys().ep[sq];
}
std::uint64_t hand(Color c, PieceType t, int count) {
    if (count == 0) return 0;
    int k = count < kHandCounts ? count : kHandCounts - 1;
    return keys().hand[(size_t(c) * kMaxPieceTypes + t) * kHandCounts + k];
}
std::uint64_t side() {
    return keys().side;
}
std::uint64_t extra(int index) {
    return keys().extra[index & 63];
}

}  // namespace timur::zobrist
