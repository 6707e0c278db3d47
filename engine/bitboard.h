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
        if constexpr (W == 1) {
            return std::popcount(v_);
        } else {
            return std::popcount(std::uint64_t(v_)) + std::popcount(std::uint64_t(v_ >> 64));
        }
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
        ScalarBits t = *this;
        t.v_ |= 1;
        return square(t.msb());
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

// A bitboard of W words (W >= 3), word 0 holding squares 0..63.
template <int W>
class WordBits {
  public:
    static constexpr int kWords = W;
    static constexpr int kBits = 64 * W;

    constexpr WordBits() = default;
    static constexpr WordBits square(int sq) {
        WordBits b;
        b.w_[sq >> 6] = std::uint64_t(1) << (sq & 63);
        return b;
    }
    static WordBits fromWords(const std::uint64_t* words) {
        WordBits b;
        for (int i = 0; i < W; ++i) b.w_[i] = words[i];
        return b;
    }
    std::uint64_t word(int i) const { return w_[i]; }

    bool test(int sq) const { return (w_[sq >> 6] >> (sq & 63)) & 1; }
    void set(int sq) { w_[sq >> 6] |= std::uint64_t(1) << (sq & 63); }
    void reset(int sq) { w_[sq >> 6] &= ~(std::uint64_t(1) << (sq & 63)); }
    void toggle(int sq) { w_[sq >> 6] ^= std::uint64_t(1) << (sq & 63); }
    explicit operator bool() const { return any(); }
    bool any() const {
        std::uint64_t o = 0;
        for (int i = 0; i < W; ++i) o |= w_[i];
        return o != 0;
    }
    bool none() const { return !any(); }

    int count() const {
        int n = 0;
        for (int i = 0; i < W; ++i) n += std::popcount(w_[i]);
        return n;
    }
    int lsb() const {
        for (int i = 0; i < W - 1; ++i)
            if (w_[i]) return 64 * i + lsb64(w_[i]);
        return 64 * (W - 1) + lsb64(w_[W - 1]);
    }
    int msb() const {
        for (int i = W - 1; i > 0; --i)
            if (w_[i]) return 64 * i + msb64(w_[i]);
        return msb64(w_[0]);
    }
    int popLsb() {
        for (int i = 0; i < W - 1; ++i)
            if (w_[i]) {
                int s = 64 * i + lsb64(w_[i]);
                w_[i] &= w_[i] - 1;
                return s;
            }
        int s = 64 * (W - 1) + lsb64(w_[W - 1]);
        w_[W - 1] &= w_[W - 1] - 1;
        return s;
    }
    WordBits highestOrFirst() const {
        for (int i = W - 1; i > 0; --i)
            if (w_[i]) return square(64 * i + msb64(w_[i]));
        return square(msb64(w_[0] | 1));
    }

    WordBits operator&(const WordBits& o) const {
        return apply(o, [](auto a, auto b) { return a & b; });
    }
    WordBits operator|(const WordBits& o) const {
        return apply(o, [](auto a, auto b) { return a | b; });
    }
    WordBits operator^(const WordBits& o) const {
        return apply(o, [](auto a, auto b) { return a ^ b; });
    }
    WordBits andNot(const WordBits& o) const {
        return apply(o, [](auto a, auto b) { return a & ~b; });
    }
    WordBits operator-(const WordBits& o) const {
        WordBits r;
        bool borrow = false;
        for (int i = 0; i < W; ++i) {
            std::uint64_t d;
            bool b1 = __builtin_sub_overflow(w_[i], o.w_[i], &d);
            bool b2 = __builtin_sub_overflow(d, std::uint64_t(borrow), &r.w_[i]);
            borrow = b1 || b2;
        }
        return r;
    }
    WordBits operator~() const {
        WordBits r;
        for (int i = 0; i < W; ++i) r.w_[i] = ~w_[i];
        return r;
    }
    WordBits operator<<(int n) const {
        WordBits r;
        int q = n >> 6, b = n & 63;
        for (int i = W - 1; i >= q; --i) {
            std::uint64_t v = w_[i - q] << b;
            if (b && i - q - 1 >= 0) v |= w_[i - q - 1] >> (64 - b);
            r.w_[i] = v;
        }
        return r;
    }
    WordBits operator>>(int n) const {
        WordBits r;
        int q = n >> 6, b = n & 63;
        for (int i = 0; i + q < W; ++i) {
            std::uint64_t v = w_[i + q] >> b;
            if (b && i + q + 1 < W) v |= w_[i + q + 1] << (64 - b);
            r.w_[i] = v;
        }
        return r;
    }
    WordBits& operator&=(const WordBits& o) { return *this = *this & o; }
    WordBits& operator|=(const WordBits& o) { return *this = *this | o; }
    WordBits& operator^=(const WordBits& o) { return *this = *this ^ o; }
    bool operator==(const WordBits& o) const { return w_ == o.w_; }

  private:
    template <class F>
    WordBits apply(const WordBits& o, F f) const {
        WordBits r;
        for (int i = 0; i < W; ++i) r.w_[i] = f(w_[i], o.w_[i]);
        return r;
    }
    std::array<std::uint64_t, W> w_{};
};

template <int W>
struct BitboardOf {
    using type = WordBits<W>;
};
template <>
struct BitboardOf<1> {
    using type = ScalarBits<std::uint64_t, 1>;
};
template <>
struct BitboardOf<2> {
    using type = ScalarBits<u128, 2>;
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
