// The bitboard types against std::bitset, and slider attacks against walking the rays, on
// random boards of every size class with random occupancies.
#include <gtest/gtest.h>

#include <bitset>
#include <random>

#include "engine/attacks.h"
#include "engine/bitboard.h"

using namespace timur;

namespace {

template <class BB>
class BitboardTest : public ::testing::Test {};
using AllSizes = ::testing::Types<Bitboard<1>, Bitboard<2>, Bitboard<3>, Bitboard<4>>;
TYPED_TEST_SUITE(BitboardTest, AllSizes);

using Ref = std::bitset<256>;

template <class BB>
Ref refOf(BB b) {
    Ref r;
    for (int i = 0; i < BB::kBits; ++i) r[i] = b.test(i);
    return r;
}

template <class BB>
Ref lowBits() {
    Ref r;
    for (int i = 0; i < BB::kBits; ++i) r.set(i);
    return r;
}

// Random sets of all densities, sparse ones included.
template <class BB>
BB randomBits(std::mt19937_64& rng) {
    std::uint64_t words[4];
    int density = int(rng() % 4);
    for (auto& w : words) {
        w = rng();
        for (int k = 0; k < density; ++k) w &= rng();
        if (rng() % 5 == 0) w = 0;
    }
    return BB::fromWords(words);
}

// a - b modulo 2^bits, bit by bit.
Ref subtract(const Ref& a, const Ref& b, int bits) {
    Ref r;
    int borrow = 0;
    for (int i = 0; i < bits; ++i) {
        int d = int(a[i]) - int(b[i]) - borrow;
        r[i] = d & 1;
        borrow = d < 0;
    }
    return r;
}

TYPED_TEST(BitboardTest, OperationsMatchBitset) {
    using BB = TypeParam;
    std::mt19937_64 rng(42);
    const Ref mask = lowBits<BB>();
    for (int trial = 0; trial < 3000; ++trial) {
        BB a = randomBits<BB>(rng), b = randomBits<BB>(rng);
        Ref ra = refOf(a), rb = refOf(b);
        EXPECT_EQ(refOf(a & b), ra & rb);
        EXPECT_EQ(refOf(a | b), ra | rb);
        EXPECT_EQ(refOf(a ^ b), ra ^ rb);
        EXPECT_EQ(refOf(a.andNot(b)), ra & ~rb);
        EXPECT_EQ(refOf(~a), ~ra & mask);
        EXPECT_EQ(refOf(a - b), subtract(ra, rb, BB::kBits));
        int n = int(rng() % BB::kBits);
        EXPECT_EQ(refOf(a << n), (ra << n) & mask) << n;
        EXPECT_EQ(refOf(a >> n), ra >> n) << n;
        EXPECT_EQ(a.count(), int(ra.count()));
        EXPECT_EQ(a.any(), ra.any());
        EXPECT_EQ(bool(a), ra.any());
        EXPECT_EQ(a == b, ra == rb);
        EXPECT_TRUE(a == a);
        if (ra.any()) {
            int hi = BB::kBits - 1;
            while (!ra[hi]) --hi;
            EXPECT_EQ(a.lsb(), int(ra._Find_first()));
            EXPECT_EQ(a.msb(), hi);
            EXPECT_EQ(refOf(a.highestOrFirst()), Ref().set(hi));
        } else {
            EXPECT_EQ(refOf(a.highestOrFirst()), Ref().set(0));
        }
        // Iteration visits every set square once, lowest first.
        std::vector<int> seen;
        forEachSquare(a, [&](int sq) { seen.push_back(sq); });
        std::vector<int> expected;
        for (size_t s = ra._Find_first(); s < ra.size(); s = ra._Find_next(s))
            expected.push_back(int(s));
        EXPECT_EQ(seen, expected);
        // Single squares.
        int sq = int(rng() % BB::kBits);
        BB c = a;
        c.set(sq);
        EXPECT_TRUE(c.test(sq));
        c.reset(sq);
        EXPECT_FALSE(c.test(sq));
        c.toggle(sq);
        EXPECT_TRUE(c.test(sq));
        EXPECT_EQ(refOf(BB::square(sq)), Ref().set(sq));
        // Words and SquareSet round trips.
        std::uint64_t words[4] = {};
        for (int i = 0; i < BB::kWords; ++i) words[i] = a.word(i);
        EXPECT_TRUE(BB::fromWords(words) == a);
        EXPECT_TRUE(toBitboard<BB>(toSquareSet(a)) == a);
        // The word copy the move generator uses; squares beyond the bitboard are dropped.
        SquareSet wide = toSquareSet(a);
        wide.set(kMaxSquares - 1 - sq % 7);
        EXPECT_TRUE(fromSquareSet<BB>(wide) == toBitboard<BB>(wide));
    }
}

// The squares a rider attacks from sq along (dx, dy) and (-dx, -dy), by walking.
template <class BB>
BB walkLine(int files, int ranks, int sq, int dx, int dy, const BB& occ) {
    BB a;
    for (int sign = -1; sign <= 1; sign += 2)
        for (int f = sq % files + sign * dx, r = sq / files + sign * dy;
             f >= 0 && f < files && r >= 0 && r < ranks; f += sign * dx, r += sign * dy) {
            a.set(r * files + f);
            if (occ.test(r * files + f)) break;
        }
    return a;
}

template <class BB>
std::vector<std::pair<int, int>> boardsFor() {
    // Every size class: the smallest and largest shapes that need exactly these words.
    std::vector<std::pair<int, int>> all = {{8, 8},   {1, 1},   {16, 4},  {4, 16},  {5, 7},
                                            {10, 8},  {9, 9},   {9, 10},  {10, 10}, {12, 10},
                                            {16, 8},  {13, 10}, {12, 12}, {16, 12}, {15, 15},
                                            {16, 16}, {11, 10}, {14, 13}, {7, 9}};
    std::vector<std::pair<int, int>> out;
    for (auto [f, r] : all)
        if (bitboardWords(f * r) == BB::kWords || (BB::kWords == 4 && f * r <= 256))
            out.push_back({f, r});
    return out;
}

TYPED_TEST(BitboardTest, SliderAttacksMatchWalkingTheRays) {
    using BB = TypeParam;
    std::mt19937_64 rng(7);
    const int steps[][2] = {{1, 0}, {0, 1},  {1, 1}, {1, -1}, {1, 2},
                            {2, 1}, {-1, 2}, {0, 2}, {3, 1},  {2, 2}};
    for (auto [files, ranks] : boardsFor<BB>()) {
        SliderAttacks<BB> sl(files, ranks);
        std::vector<int> lines;
        for (auto& s : steps) lines.push_back(sl.lineId(s[0], s[1]));
        EXPECT_EQ(sl.lineId(-1, -2), sl.lineId(1, 2));
        EXPECT_EQ(sl.findLine(-1, 0), SliderAttacks<BB>::kRank);
        BB board;
        for (int sq = 0; sq < files * ranks; ++sq) board.set(sq);
        for (int trial = 0; trial < 60; ++trial) {
            BB occ = randomBits<BB>(rng) & board;
            for (int sq = 0; sq < files * ranks; ++sq) {
                BB rook =
                    walkLine(files, ranks, sq, 1, 0, occ) | walkLine(files, ranks, sq, 0, 1, occ);
                BB bishop =
                    walkLine(files, ranks, sq, 1, 1, occ) | walkLine(files, ranks, sq, 1, -1, occ);
                ASSERT_TRUE(sl.rook(sq, occ) == rook) << files << "x" << ranks << " sq " << sq;
                ASSERT_TRUE(sl.bishop(sq, occ) == bishop) << files << "x" << ranks << " sq " << sq;
                for (std::size_t i = 0; i < lines.size(); ++i)
                    ASSERT_TRUE(sl.line(lines[i], sq, occ) ==
                                walkLine(files, ranks, sq, steps[i][0], steps[i][1], occ))
                        << files << "x" << ranks << " sq " << sq << " line " << i;
            }
        }
    }
}

TEST(SliderAttacks, RefusesBoardsThatDoNotFit) {
    EXPECT_THROW(SliderAttacks<Bitboard<1>>(9, 8), std::invalid_argument);
    EXPECT_THROW(SliderAttacks<Bitboard<2>>(13, 10), std::invalid_argument);
    EXPECT_THROW(SliderAttacks<Bitboard<4>>(17, 8), std::invalid_argument);
    EXPECT_NO_THROW(SliderAttacks<Bitboard<3>>(13, 10));
}

TEST(Bitboard, WordsForBoards) {
    EXPECT_EQ(bitboardWords(8 * 8), 1);
    EXPECT_EQ(bitboardWords(10 * 8), 2);
    EXPECT_EQ(bitboardWords(12 * 10), 2);
    EXPECT_EQ(bitboardWords(13 * 10), 3);
    EXPECT_EQ(bitboardWords(12 * 12), 3);
    EXPECT_EQ(bitboardWords(15 * 15), 4);
    EXPECT_EQ(bitboardWords(16 * 16), 4);
}

}  // namespace
