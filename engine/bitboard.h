// Bitboards sized to the board: one bit per square (index rank * files + file, as everywhere),
// in 1, 2, 3 or 4 64-bit words. Bitboard<1> is a plain uint64_t (8x8 and anything up to 64
// squares), Bitboard<2> a unsigned __int128 (10x8, 9x9, 9x10, 10x10, 12x10), Bitboard<3> and
// Bitboard<4> arrays of words (13x10 Tamerlane and 12x12 in 192 bits, 15x15 and 16x16 in 256).
//
// Every type has the same interface, so code is written once as a template on the bitboard
// type and instantiated per size; bitboardWords() picks the size of a board. Bits at or above
// the board's square count are never set by the tables; `~` sets them, so mask after it.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>

#include "notation/geometry.h"

namespace timur {

namespace bitboard_detail {

__extension__ typedef unsigned __int128 u128;

inline int lsb64(std::uint64_t w) {
    return std::countr_zero(w);
}
inline int msb64(std::uint64_t w) {
    return 63 - std::countl_zero(w);
}

// The set bits of the first n words of w. Without POPCNT (the portable build) std::popcount is a
// call into libgcc per word; summing bytes inline shares the last step between the words (each
// byte of the sum is at most 8 * n, well below 256).
inline int popcountWords(const std::uint64_t* w, int n) {
#if defined(__POPCNT__)
    int c = 0;
    for (int i = 0; i < n; ++i) c += std::popcount(w[i]);
    return c;
#else
    std::uint64_t sum = 0;
    for (int i = 0; i < n; ++i) {
        std::uint64_t x = w[i];
        x -= (x >> 1) & 0x5555555555555555ULL;
        x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
        sum += (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
    }
    return int((sum * 0x0101010101010101ULL) >> 56);
#endif
}

// A bitboard held in one machine scalar: uint64_t or unsigned __int128.
template <class T, int W>
class ScalarBits {
  public:
    static constexpr int kWords = W;
    static constexpr int kBits = 64 * W;

    constexpr ScalarBits() = default;
    static constexpr ScalarBits fromScalar(T v) {
        ScalarBits b;
        b.v_ = v;
        return b;
    }
    static constexpr ScalarBits square(int sq) { return fromScalar(T(1) << sq); }
    // The first kWords words of `words` (little-endian word order, as Bitboard<4> stores them).
    static ScalarBits fromWords(const std::uint64_t* words) {
        if constexpr (W == 1) {
            return fromScalar(words[0]);
        } else {
            return fromScalar(T(words[0]) | (T(words[1]) << 64));
        }
    }
    std::uint64_t word(int i) const { return std::uint64_t(v_ >> (64 * i)); }

    bool test(int sq) const { return (v_ >> sq) & 1; }
    void set(int sq) { v_ |= T(1) << sq; }
    void reset(int sq) { v_ &= ~(T(1) << sq); }
    void toggle(int sq) { v_ ^= T(1) << sq; }
    explicit operator bool() const { return v_ != 0; }
    bool any() const { return v_ != 0; }
    bool none() const { return v_ == 0; }

    int count() const {
        std::uint64_t w[W];
        for (int i = 0; i < W; ++i) w[i] = word(i);
        return popcountWords(w, W);
    }
    // Lowest / highest set square; undefined on an empty board.
    int lsb() const {
        if constexpr (W == 1) {
            return lsb64(v_);
        } else {
            std::uint64_t lo = std::uint64_t(v_);
            return lo ? lsb64(lo) : 64 + lsb64(std::uint64_t(v_ >> 64));
        }
    }
    int msb() const {
        if constexpr (W == 1) {
            return msb64(v_);
        } else {
            std::uint64_t hi = std::uint64_t(v_ >> 64);
            return hi ? 64 + msb64(hi) : msb64(std::uint64_t(v_));
        }
    }
    int popLsb() {
        int s = lsb();
        v_ &= v_ - 1;
        return s;
    }
    // The highest set bit alone, or bit 0 on an empty board (for obstruction differences).
    ScalarBits highestOrFirst() const {
        if constexpr (W == 1) {
            return fromScalar(T(1) << msb64(v_ | 1));
        } else {
            // Word by word: a variable 128-bit shift costs more than the branch.
            std::uint64_t hi = std::uint64_t(v_ >> 64);
            if (hi) return fromScalar(T(std::uint64_t(1) << msb64(hi)) << 64);
            return fromScalar(T(std::uint64_t(1) << msb64(std::uint64_t(v_) | 1)));
        }
    }

    ScalarBits operator&(const ScalarBits& o) const { return fromScalar(v_ & o.v_); }
    ScalarBits operator|(const ScalarBits& o) const { return fromScalar(v_ | o.v_); }
    ScalarBits operator^(const ScalarBits& o) const { return fromScalar(v_ ^ o.v_); }
    // Two's complement difference over all kBits bits.
    ScalarBits operator-(const ScalarBits& o) const { return fromScalar(v_ - o.v_); }
    ScalarBits operator~() const { return fromScalar(~v_); }
    ScalarBits operator<<(int n) const { return fromScalar(v_ << n); }
    ScalarBits operator>>(int n) const { return fromScalar(v_ >> n); }
    ScalarBits& operator&=(const ScalarBits& o) { return v_ &= o.v_, *this; }
    ScalarBits& operator|=(const ScalarBits& o) { return v_ |= o.v_, *this; }
    ScalarBits& operator^=(const ScalarBits& o) { return v_ ^= o.v_, *this; }
    bool operator==(const ScalarBits& o) const { return v_ == o.v_; }
    // `this` without the squares of `o`.
    ScalarBits andNot(const ScalarBits& o) const { return fromScalar(v_ & ~o.v_); }

    T scalar() const { return v_; }

  private:
    T v_ = 0;
};

// A bitboard of 3 or 4 words as two scalars: squares 0..127 in `lo`, the rest in `hi` (a
// uint64_t for 192 bits, a unsigned __int128 for 256). Two scalars keep every operation in
// registers, the subtraction included (a borrow out of `lo`).
template <class Hi, int W>
class PairBits {
  public:
    static constexpr int kWords = W;
    static constexpr int kBits = 64 * W;

    constexpr PairBits() = default;
    static constexpr PairBits make(u128 lo, Hi hi) {
        PairBits b;
        b.lo_ = lo;
        b.hi_ = hi;
        return b;
    }
    static constexpr PairBits square(int sq) {
        return sq < 128 ? make(u128(1) << sq, 0) : make(0, Hi(1) << (sq - 128));
    }
    static PairBits fromWords(const std::uint64_t* words) {
        Hi hi = words[2];
        if constexpr (W == 4) hi |= Hi(words[3]) << 64;
        return make(u128(words[0]) | (u128(words[1]) << 64), hi);
    }
    std::uint64_t word(int i) const {
        return i < 2 ? std::uint64_t(lo_ >> (64 * i)) : std::uint64_t(hi_ >> (64 * (i - 2)));
    }

    bool test(int sq) const { return sq < 128 ? (lo_ >> sq) & 1 : (hi_ >> (sq - 128)) & 1; }
    void set(int sq) { *this |= square(sq); }
    void reset(int sq) { *this = andNot(square(sq)); }
    void toggle(int sq) { *this ^= square(sq); }
    explicit operator bool() const { return any(); }
    bool any() const { return (lo_ | hi_) != 0; }
    bool none() const { return !any(); }

    int count() const {
        std::uint64_t w[W];
        for (int i = 0; i < W; ++i) w[i] = word(i);
        return popcountWords(w, W);
    }
    int lsb() const {
        if (std::uint64_t w = word(0)) return lsb64(w);
        if (std::uint64_t w = word(1)) return 64 + lsb64(w);
        if (std::uint64_t w = word(2)) return 128 + lsb64(w);
        return 192 + lsb64(word(3));
    }
    int msb() const {
        if (W == 4 && word(3)) return 192 + msb64(word(3));
        if (std::uint64_t w = word(2)) return 128 + msb64(w);
        if (std::uint64_t w = word(1)) return 64 + msb64(w);
        return msb64(word(0));
    }
    int popLsb() {
        int s = lsb();
        if (lo_)
            lo_ &= lo_ - 1;
        else
            hi_ &= hi_ - 1;
        return s;
    }
    PairBits highestOrFirst() const {
        if (hi_) {
            if constexpr (W == 4)
                if (std::uint64_t w = word(3))
                    return make(0, Hi(std::uint64_t(1) << msb64(w)) << 64);
            return make(0, Hi(std::uint64_t(1) << msb64(word(2))));
        }
        if (std::uint64_t w = word(1)) return make(u128(std::uint64_t(1) << msb64(w)) << 64, 0);
        return make(u128(std::uint64_t(1) << msb64(word(0) | 1)), 0);
    }

    PairBits operator&(const PairBits& o) const { return make(lo_ & o.lo_, hi_ & o.hi_); }
    PairBits operator|(const PairBits& o) const { return make(lo_ | o.lo_, hi_ | o.hi_); }
    PairBits operator^(const PairBits& o) const { return make(lo_ ^ o.lo_, hi_ ^ o.hi_); }
    PairBits andNot(const PairBits& o) const { return make(lo_ & ~o.lo_, hi_ & ~o.hi_); }
    PairBits operator-(const PairBits& o) const {
        return make(lo_ - o.lo_, hi_ - o.hi_ - Hi(lo_ < o.lo_));
    }
    PairBits operator~() const { return make(~lo_, ~hi_); }
    // Shifts by whole words and then bits (not for hot loops).
    PairBits operator<<(int n) const {
        std::uint64_t w[W], r[W] = {};
        for (int i = 0; i < W; ++i) w[i] = word(i);
        int q = n >> 6, b = n & 63;
        for (int i = W - 1; i >= q; --i) {
            r[i] = w[i - q] << b;
            if (b && i - q - 1 >= 0) r[i] |= w[i - q - 1] >> (64 - b);
        }
        return fromWords(r);
    }
    PairBits operator>>(int n) const {
        std::uint64_t w[W], r[W] = {};
        for (int i = 0; i < W; ++i) w[i] = word(i);
        int q = n >> 6, b = n & 63;
        for (int i = 0; i + q < W; ++i) {
            r[i] = w[i + q] >> b;
            if (b && i + q + 1 < W) r[i] |= w[i + q + 1] << (64 - b);
        }
        return fromWords(r);
    }
    PairBits& operator&=(const PairBits& o) { return *this = *this & o; }
    PairBits& operator|=(const PairBits& o) { return *this = *this | o; }
    PairBits& operator^=(const PairBits& o) { return *this = *this ^ o; }
    bool operator==(const PairBits& o) const { return lo_ == o.lo_ && hi_ == o.hi_; }

  private:
    u128 lo_ = 0;
    Hi hi_ = 0;
};

template <int W>
struct BitboardOf;
template <>
struct BitboardOf<1> {
    using type = ScalarBits<std::uint64_t, 1>;
};
template <>
struct BitboardOf<2> {
    using type = ScalarBits<u128, 2>;
};
template <>
struct BitboardOf<3> {
    using type = PairBits<std::uint64_t, 3>;
};
template <>
struct BitboardOf<4> {
    using type = PairBits<u128, 4>;
};

}  // namespace bitboard_detail

template <int Words>
using Bitboard = typename bitboard_detail::BitboardOf<Words>::type;
using Bitboard64 = Bitboard<1>;
using Bitboard128 = Bitboard<2>;
using Bitboard192 = Bitboard<3>;
using Bitboard256 = Bitboard<4>;

// The fewest 64-bit words that hold every square of the board.
constexpr int bitboardWords(int squareCount) {
    return squareCount <= 64 ? 1 : squareCount <= 128 ? 2 : squareCount <= 192 ? 3 : 4;
}

// Calls f(square) for each set square, lowest first.
template <class BB, class F>
inline void forEachSquare(BB b, F&& f) {
    while (b) f(b.popLsb());
}

// The same for a SquareSet, word by word (std::bitset's _Find_next searches again from the bit
// each time, a hot spot where the evaluation walks every piece).
template <class F>
inline void forEachSquare(const SquareSet& set, F&& f) {
    static_assert(kMaxSquares % 64 == 0 && sizeof(SquareSet) == kMaxSquares / 8);
    std::uint64_t words[kMaxSquares / 64];
    std::memcpy(words, &set, sizeof words);
    for (int w = 0; w < kMaxSquares / 64; ++w)
        for (std::uint64_t x = words[w]; x; x &= x - 1) f(w * 64 + std::countr_zero(x));
}

// The engine's SquareSet as a bitboard, by copying its words: libstdc++'s std::bitset keeps bit
// i in word i / 64 at bit i % 64 (bitboard_test checks this against toBitboard()).
template <class BB>
inline BB fromSquareSet(const SquareSet& set) {
    static_assert(kMaxSquares % 64 == 0 && sizeof(SquareSet) == kMaxSquares / 8);
    static_assert(BB::kWords <= kMaxSquares / 64);
    std::uint64_t words[kMaxSquares / 64];
    std::memcpy(words, &set, sizeof words);
    return BB::fromWords(words);
}

// Conversions to and from the engine's SquareSet (tables and tests; not for hot loops).
template <class BB>
BB toBitboard(const SquareSet& set) {
    BB b;
    for (size_t sq = set._Find_first(); sq < set.size() && int(sq) < BB::kBits;
         sq = set._Find_next(sq))
        b.set(int(sq));
    return b;
}
template <class BB>
SquareSet toSquareSet(BB b) {
    SquareSet s;
    forEachSquare(b, [&](int sq) { s.set(sq); });
    return s;
}

}  // namespace timur
