// The move generator's bitboard fast path (engine/movegen_bitboards.h) against make and unmake:
// on the positions of random games in every shipped variant, every pseudo-legal move that
// BitboardLegality judges must be judged as making it and testing the royals says, and enough
// moves must be judged, illegal ones included, for the comparison to mean something. Where
// countLegalMoves counts (perft's last ply), it must count generateLegal's moves.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "engine/movegen.h"
#include "engine/movegen_bitboards.h"
#include "engine/position.h"

using namespace timur;

namespace {

struct Tally {
    int judged = 0, illegal = 0, made = 0, counted = 0;
};

// Plays random legal moves (checks come often enough in 30 games of 200 plies) and compares
// at every position.
Tally compareOnRandomGames(const std::string& name) {
    auto v = loadVariant(name);
    std::mt19937 rng(0xb17b0a + std::hash<std::string>{}(name) % 1000);
    Tally tally;
    for (int game = 0; game < 30; ++game) {
        Position pos(v);
        pos.setStart();
        for (int ply = 0; ply < 200 && !pos.terminal(); ++ply) {
            bool soleBefore = v->rules.royalCountBeforeMove &&
                              v->rules.checkRule == CheckRule::SoleRoyal &&
                              pos.royals(pos.sideToMove()).size() == 1;
            BitboardLegality fast(pos, soleBefore);
            MoveList pseudo;
            generatePseudo(pos, pseudo);
            for (const Move& m : pseudo) {
                int judged = fast.judge(pos, m);
                if (judged < 0) {
                    ++tally.made;
                    continue;
                }
                ++tally.judged;
                tally.illegal += judged == 0;
                bool legal = isLegalMove(pos, m);
                EXPECT_EQ(judged == 1, legal)
                    << name << " " << pos.fen() << " move " << moveText(pos, m);
                if ((judged == 1) != legal) return tally;
            }
            MoveList legal;
            generateLegal(pos, legal);
            int counted = countLegalMoves(pos);
            tally.counted += counted >= 0;
            if (counted >= 0) {
                EXPECT_EQ(counted, legal.size) << name << " " << pos.fen();
                if (counted != legal.size) return tally;
            }
            if (legal.size == 0) break;
            pos.makeMove(legal[rng() % legal.size]);
        }
    }
    return tally;
}

class BitboardLegalityTest : public ::testing::TestWithParam<std::string> {};

TEST_P(BitboardLegalityTest, JudgesAsMakeAndUnmake) {
    Tally t = compareOnRandomGames(GetParam());
    // Every shipped variant has its moves judged and counted here, illegal ones too.
    EXPECT_GT(t.judged, 1000) << GetParam();
    EXPECT_GT(t.illegal, 10) << GetParam();
    EXPECT_GT(t.counted, 1000) << GetParam();
}

// An unloading capture (XBetza u) puts the piece it takes on a square, where it may attack the
// mover's king: the rook's e3a7u takes the knight and unloads it on e3, next to Kf1. Such moves
// are made and tested, neither judged on the board before nor counted at once.
TEST(BitboardLegality, UnloadingCaptureThatExposesTheKingIsIllegal) {
    auto v =
        loadVariant(std::string(TIMUR_SOURCE_DIR) + "/tests/variants/betza-engine-features.json");
    Position pos(v);
    pos.setFen("7P/n7/3k4/p2r4/P1p4p/4R3/8/5K2 w - - 30 92");
    MoveList pseudo;
    generatePseudo(pos, pseudo);
    auto it = std::find_if(pseudo.begin(), pseudo.end(),
                           [&](const Move& m) { return moveText(pos, m) == "e3a7u"; });
    ASSERT_NE(it, pseudo.end());
    Move unload = *it;
    ASSERT_TRUE(unload.flags & kMoveUnload);
    EXPECT_FALSE(isLegalMove(pos, unload));
    EXPECT_LT(BitboardLegality(pos, false).judge(pos, unload), 0);
    MoveList legal;
    generateLegal(pos, legal);
    EXPECT_EQ(std::find(legal.begin(), legal.end(), unload), legal.end());
    EXPECT_EQ(countLegalMoves(pos), legal.size);
}

INSTANTIATE_TEST_SUITE_P(Shipped, BitboardLegalityTest, ::testing::ValuesIn(shippedVariantNames()),
                         [](const auto& info) {
                             std::string s;
                             for (char c : info.param)
                                 s += std::isalnum((unsigned char)c) ? c : '_';
                             return s;
                         });

}  // namespace
