// Chu shogi's rules as general mechanisms of the variant file (issue 20): the Lion's moves, the
// promotion rule (quietOnlyOnEntry with fromZoneToo, and the pawn's and lance's last rank), the
// Lion-trading rules (rules.protectedVictims, rules.counterstrike) and two royals (soleRoyal).
// The move lists are compared with HaChu's by tests/chu_hachu_test.py; here each rule is checked
// on its own, with its loader errors, and the perft counts are pinned.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "engine/movegen.h"
#include "engine/perft.h"
#include "engine/position.h"
#include "engine/rules.h"
#include "tests/move_texts.h"
#include "tests/rule_test_helpers.h"

using namespace timur;
using timur::test::expectLoaderError;
using timur::test::has;
using timur::test::legalTexts;
using timur::test::play;
using timur::test::positionOf;
using json = nlohmann::ordered_json;

namespace {

Position chu(const std::string& fen = "") {
    return positionOf("chu", fen);
}

// A small variant with a lion-like piece, for the loader's errors.
json small() {
    return json::parse(R"({
      "name": "test",
      "board": { "files": 6, "ranks": 6 },
      "pieces": [
        { "name": "lion", "letter": "N", "betza": "KNADcaKmcabK" },
        { "name": "pawn", "letter": "P", "betza": "fW" },
        { "name": "king", "letter": "K", "betza": "K", "royal": true }
      ],
      "start": "k4n/6/6/6/6/N4K w - - 0 1",
      "rules": {
        "protectedVictims": { "pieces": ["N"], "capturers": ["N"], "adjacentAllowed": true,
                              "bridgeAllowed": true, "bridgeExcept": ["P"] },
        "counterstrike": { "pieces": ["N"] }
      }
    })");
}

}  // namespace

TEST(ChuStart, LoadsWithXBoardsArrayAndMoves) {
    Position pos = chu();
    EXPECT_EQ(pos.fen(),
              "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/"
              "PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL w - - 0 1");
    auto moves = legalTexts(pos);
    EXPECT_EQ(moves.size(), 36u);
    // The Lion jumps over its own pawns; it has no empty neighbour, so no pass.
    for (const char* m : {"f3f5", "f3e5", "f3g5", "f3h5"}) EXPECT_TRUE(has(moves, m)) << m;
    EXPECT_FALSE(has(moves, "f3f3"));
}

TEST(ChuPerft, StartAndMiddleGames) {
    struct Case {
        const char* fen;
        int depth;
        std::uint64_t nodes;
    };
    // Timur's counts; their move lists agree with HaChu's (tests/chu_hachu_test.py).
    const Case cases[] = {
        {"", 3, 48315},
        {"lf3gkts2l/a3sx3cfa/m+H2ed6/3i2p1p1vm/p3p2p1rpp/1+HP5i3/4P6+b/3I5PPP/PP1P1QN5/"
         "1MR1G4S1M/AVC1TK1T1V1A/LF1S1E1G2FL w - - 1 56",
         3, 825811},
        {"lfcse1kgtcfl/av1gtxosdb1a/m1rhdq2hrvm/1+Hp1pppppppp/p7i3/4N7/12/3IP1HPI3/PPPP1PPBPPPP/"
         "MV1RD1QD1RVM/A1BSTOX1T2A/LFC1GKEGSCFL w - - 5 16",
         3, 349878},
        {"lfc1gekgscfl/a1s1t1ot3a/m+H+bhdq1d1rvm/pp1pppp1p1p1/1+R6ip1p/3i4I3/7p4/P1+v1P3P1PP/"
         "1P1P1P3P1M/M+h5D1RBA/A1+rOTQXTD2V/LFCSGKEGSCFL w - - 4 36",
         3, 832471},
    };
    for (const Case& c : cases) {
        Position pos = chu(c.fen);
        std::string fen = pos.fen();
        std::uint64_t hash = pos.hash();
        EXPECT_EQ(perft(pos, c.depth), c.nodes) << c.fen;
        EXPECT_EQ(pos.fen(), fen);
        EXPECT_EQ(pos.hash(), hash);
    }
}

TEST(ChuLion, IguiDoubleCaptureAndPass) {
    // A white Lion on e6 next to a black pawn on e7, a gold behind it.
    Position pos = chu("k11/12/12/12/4g7/4p7/4N7/12/12/12/12/K11 w - - 0 1");
    auto moves = legalTexts(pos);
    EXPECT_TRUE(has(moves, "e6e7e6"));  // igui: takes the pawn and stays
    EXPECT_TRUE(has(moves, "e6e7e8"));  // double capture: pawn, then gold
    EXPECT_TRUE(has(moves, "e6e7d8"));  // capture, then a step on
    EXPECT_TRUE(has(moves, "e6e6"));    // a pass (jitto): a step out and back
    EXPECT_TRUE(has(moves, "e6e8"));    // the jump over the pawn takes the gold
}

TEST(ChuLion, NoPassWithoutAnEmptyNeighbour) {
    Position pos = chu("k11/12/12/12/12/3ppp6/3pNp6/3ppp6/12/12/12/K11 w - - 0 1");
    auto moves = legalTexts(pos);
    EXPECT_FALSE(has(moves, "e6e6"));
    EXPECT_TRUE(has(moves, "e6d7e6"));
}

TEST(ChuLionTrading, ProtectedDistantLionCannotBeTakenByALion) {
    // The black Lion on e7 is protected by the gold on e8.
    Position pos = chu("k11/12/12/12/4g7/4n7/12/4N7/12/12/12/K11 w - - 0 1");
    EXPECT_FALSE(has(legalTexts(pos), "e5e7"));
    // Unprotected, it can.
    pos = chu("k11/12/12/12/12/4n7/12/4N7/12/12/12/K11 w - - 0 1");
    EXPECT_TRUE(has(legalTexts(pos), "e5e7"));
    // Protection counts after the move: a rook behind the capturing Lion (x-ray) protects.
    pos = chu("k11/12/12/12/12/4n7/12/4N7/12/12/4r7/K11 w - - 0 1");
    EXPECT_FALSE(has(legalTexts(pos), "e5e7"));
}

TEST(ChuLionTrading, AdjacentLionMayAlwaysBeTaken) {
    Position pos = chu("k11/12/12/12/4g7/4n7/4N7/12/12/12/12/K11 w - - 0 1");
    auto moves = legalTexts(pos);
    EXPECT_TRUE(has(moves, "e6e7"));
    EXPECT_TRUE(has(moves, "e6e7e6"));
}

TEST(ChuLionTrading, BridgeCaptureExceptOverAPawnOrGoBetween) {
    // Lion takes a piece on e6 first, then the protected Lion on e7.
    Position pos = chu("k11/12/12/12/4g7/4n7/4s7/4N7/12/12/12/K11 w - - 0 1");
    EXPECT_TRUE(has(legalTexts(pos), "e5e6e7"));  // over a silver: allowed
    pos = chu("k11/12/12/12/4g7/4n7/4p7/4N7/12/12/12/K11 w - - 0 1");
    EXPECT_FALSE(has(legalTexts(pos), "e5e6e7"));  // over a pawn: not
    pos = chu("k11/12/12/12/4g7/4n7/4i7/4N7/12/12/12/K11 w - - 0 1");
    EXPECT_FALSE(has(legalTexts(pos), "e5e6e7"));  // over a go-between: not
}

TEST(ChuLionTrading, OtherPiecesMayTakeAProtectedLion) {
    Position pos = chu("k11/12/12/12/4g7/4n7/12/12/12/12/4R7/K11 w - - 0 1");
    EXPECT_TRUE(has(legalTexts(pos), "e2e7"));
}

TEST(ChuLionTrading, APromotedKirinIsALion) {
    Position pos = chu("k11/12/12/12/4g7/4n7/12/4+O7/12/12/12/K11 w - - 0 1");
    EXPECT_FALSE(has(legalTexts(pos), "e5e7"));
    pos = chu("k11/12/12/12/4g7/4+o7/12/4N7/12/12/12/K11 w - - 0 1");
    EXPECT_FALSE(has(legalTexts(pos), "e5e7"));
}

TEST(ChuCounterstrike, NoLionRecaptureByANonLionAtOnce) {
    // White's rook takes the black Lion; Black's rook may not take the white Lion at once, but
    // may a move later.
    Position pos = chu("k11/5n6/h11/12/12/12/4N7/12/12/12/5R6/K11 w - - 0 1");
    ASSERT_TRUE(has(legalTexts(pos), "f2f11"));
    std::uint64_t before = pos.hash();
    play(pos, "f2f11");
    EXPECT_TRUE(pos.counterstrikeForbidden());
    Position fresh = chu(pos.fen());
    EXPECT_FALSE(fresh.counterstrikeForbidden());
    EXPECT_EQ(pos.hash(), fresh.hash());  // the state is not in the FEN, nor in the hash
    auto moves = legalTexts(pos);
    EXPECT_FALSE(has(moves, "a10e6")) << "the horse takes the Lion at once";
    pos.unmakeMove();
    EXPECT_EQ(pos.hash(), before);
    play(pos, "f2f11 a12b12 a1b1");
    EXPECT_TRUE(has(legalTexts(pos), "a10e6"));
    // A Lion taken by a Lion does not forbid anything.
    pos = chu("k11/12/12/12/12/4n7/12/4N7/12/12/12/K11 w - - 0 1");
    play(pos, "e5e7");
    EXPECT_FALSE(pos.counterstrikeForbidden());
}

TEST(ChuCounterstrike, OkazakiRuleAllowsTakingAnUnprotectedLion) {
    json j = json::parse(R"({ "inherits": "chu", "name": "chu-okazaki",
        "rules": { "counterstrike": { "pieces": ["N", "+O"], "unlessUnprotected": true } } })");
    Position pos(loadVariantText(j.dump(), "chu-okazaki.json"));
    pos.setFen("k11/5n6/h11/12/12/12/4N7/12/12/12/5R6/K11 w - - 0 1");
    play(pos, "f2f11");
    EXPECT_TRUE(has(legalTexts(pos), "a10e6"));  // the white Lion is unprotected
    pos.setFen("k11/5n6/h11/12/12/12/4N7/4G7/12/12/5R6/K11 w - - 0 1");
    play(pos, "f2f11");
    EXPECT_FALSE(has(legalTexts(pos), "a10e6"));  // the gold on e5 protects it
}

TEST(ChuPromotion, EnteringTheZoneOrCapturingInIt) {
    // Silvers on e8 (outside) and f10 (inside), a black pawn on g11, a white pawn on e11.
    Position pos = chu("k11/4P1p5/3p1S6/12/4S7/12/12/12/12/12/12/K11 w - - 0 1");
    auto moves = legalTexts(pos);
    EXPECT_TRUE(has(moves, "e8e9+"));     // enters the zone: may promote
    EXPECT_TRUE(has(moves, "e8e9"));      // or not
    EXPECT_FALSE(has(moves, "f10f11+"));  // a non-capture inside: may not
    EXPECT_FALSE(has(moves, "f10e9+"));   // nor leaving it
    EXPECT_TRUE(has(moves, "f10g11+"));   // a capture starting inside: may
    EXPECT_TRUE(has(moves, "f10g11"));
    // The pawn may promote on the last rank though it starts in the zone, or stay a dead piece.
    EXPECT_TRUE(has(moves, "e11e12+"));
    EXPECT_TRUE(has(moves, "e11e12"));
}

TEST(ChuPromotion, CaptureLeavingTheZonePromotes) {
    Position pos = chu("k11/12/12/4S7/3p8/12/12/12/12/12/12/K11 w - - 0 1");
    auto moves = legalTexts(pos);
    EXPECT_TRUE(has(moves, "e9d8+"));
    EXPECT_FALSE(has(moves, "e9f8+"));
}

TEST(ChuRoyals, CrownPrinceIsASecondRoyal) {
    // The drunk elephant promotes to a crown prince; with two royals either may be left
    // attacked (soleRoyal), with one it may not.
    Position pos = chu("k11/12/12/12/12/12/12/12/12/12/1r2+E7/K11 w - - 0 1");
    auto moves = legalTexts(pos);
    EXPECT_TRUE(has(moves, "a1a2"));  // the king may stay attacked: the prince remains
    pos = chu("k11/12/12/12/12/12/12/12/12/12/1r10/K11 w - - 0 1");
    EXPECT_FALSE(has(legalTexts(pos), "a1a2"));
}

TEST(ChuLoader, CaptureLimitErrors) {
    json j = small();
    j["rules"]["protectedVictims"]["pieces"] = json::array();
    expectLoaderError(j, "/rules/protectedVictims/pieces: name at least one piece");
    j = small();
    j["rules"]["protectedVictims"]["bridgeAllowed"] = false;
    expectLoaderError(j, "/rules/protectedVictims/bridgeExcept: only meaningful with");
    j = small();
    j["rules"]["protectedVictims"]["capturers"] = json::array({"Z"});
    expectLoaderError(j, "/rules/protectedVictims/capturers/0");
    j = small();
    j["rules"]["counterstrike"]["piece"] = json::array({"N"});
    expectLoaderError(j, "/rules/counterstrike/piece: unknown key 'piece'");
    j = small();
    j["rules"]["counterstrike"].erase("pieces");
    expectLoaderError(j, "/rules/counterstrike");
    j = small();
    j["rules"]["promotion"] = json::parse(
        R"([{ "pieces": ["P"], "choices": ["N"], "inPlace": true, "quietOnlyOnEntry": true }])");
    expectLoaderError(j, "/rules/promotion/0/quietOnlyOnEntry: not meaningful with \"inPlace\"");
    j = small();
    j["rules"]["promotion"] =
        json::parse(R"([{ "pieces": ["P"], "choices": ["N"], "mayStayImmobile": true }])");
    expectLoaderError(j, "/rules/promotion/0/mayStayImmobile: only meaningful with");
}

// Dai shogi (variants/dai.json): chu's rules on 15x15 with eight more pieces, a five-rank zone,
// and no Lion-trading rules.
TEST(Dai, StartPerftAndPieces) {
    Position pos = positionOf("dai");
    EXPECT_EQ(legalTexts(pos).size(), 71u);
    EXPECT_EQ(perft(pos, 3), 357978u);
    // The knight jumps over the first ranks; the violent ox (R2) steps up to two squares.
    auto moves = legalTexts(pos);
    EXPECT_TRUE(has(moves, "b1a3"));
    EXPECT_TRUE(has(moves, "b3a3"));
}

TEST(Dai, MiddleGamePerft) {
    // Random games; their move lists agree with HaChu's (tests/data/dai_hachu_positions.txt).
    const std::pair<const char*, std::uint64_t> cases[] = {
        {"l1uics2ksc1unl/a1c'hf1tegtfic'x'a/1x'na'gwxl!o1wbm2/rf'mv2dqdha'1vf'r/p1ppp1ppp1p1p1p/"
         "1p2p'p3p3p1/10+B4/15/4P'10/2P6PP'2PP/PP1PPPP1PDPPPX'+b/RF'MVB1DQ2WVM1R/"
         "1X'NA'CWHTX2A'N1F'/"
         "A1C'1FSEKTL!F1C'UA/L1UI1GO1GSCIH1L w - - 3 34",
         707473},
        {"l1ui2gk1s+H4/a1c'cf1tet1fi2a/1Qna'swxhd1ga'f'x'n/r+B2bh1o1wbv2r/p1p1pp2p1p2pp/"
         "1p5p1pp'p3/4p'3l!6/15/12P2/4P'5P'2PP/PPP1P2PPPPP3/R1VU4DHBVMR1/F'X'M+v1WOT+dW1A'F'X'1/"
         "A1C'1FGT4CC'UA/LN1ICS1KGSFI1NL w - - 0 47",
         1294401},
        {"l2fcst1es1i1nl/1uc'2g1ktgfcc'1a/ax'na'iwxl!oh1a'x'1u/rf'm1b5wm3/pp1vp2+H2pv3/"
         "2pp2p3p'1p2/4p'p1p3p3/15/10+D4/2PPP'2P1P5/PP1VPPP3PPF'1+r/1R2BO1W2WM3/AX'MA'2L!KXT1VN2/"
         "2C'F'F1GE2FA'X'UA/LNUICSH1SGCI2L w - - 0 60",
         1770339},
    };
    for (const auto& [fen, nodes] : cases) {
        Position pos = positionOf("dai", fen);
        EXPECT_EQ(perft(pos, 3), nodes) << fen;
    }
}

TEST(Dai, PromotionZoneOfFiveRanksAndTheKnightsSecondChance) {
    Position pos =
        positionOf("dai", "7k7/15/2N12/15/15/4U10/15/15/15/15/15/15/15/15/7K7 w - - 0 1");
    auto moves = legalTexts(pos);
    EXPECT_TRUE(has(moves, "e10f11+"));  // the stone general enters the zone (rank 11)
    EXPECT_TRUE(has(moves, "e10f11"));
    // The knight on c13 reaches the last ranks, where it could never move again: it may
    // promote, or stay there dead.
    EXPECT_TRUE(has(moves, "c13b15+"));
    EXPECT_TRUE(has(moves, "c13b15"));
}

TEST(Dai, NoLionTradingRules) {
    Position pos =
        positionOf("dai", "7k7/15/15/15/15/15/4g10/4l!10/15/4L!10/15/15/15/15/7K7 w - - 0 1");
    EXPECT_TRUE(has(legalTexts(pos), "e6e8"));
}

TEST(ChuRepetition, RepeatingAPositionLoses) {
    Position pos = chu();
    play(pos, "f3e5 g10f8 e5f3");
    EXPECT_FALSE(timur::test::gameEndOf(pos).over());
    play(pos, "f8g10");  // Black brings back the start position: Black loses
    GameEnd e = timur::test::gameEndOf(pos);
    EXPECT_EQ(e.result, GameResult::WhiteWins) << e.reason;
}

TEST(ChuRepetition, PassingTwiceRepeats) {
    // A Lion's pass answered by a pass brings the position back: the second passer loses.
    Position pos = chu("6k5/12/12/12/12/5n6/12/12/5N6/12/12/6K5 w - - 0 1");
    play(pos, "f4f4 f7f7");
    EXPECT_EQ(timur::test::gameEndOf(pos).result, GameResult::WhiteWins);
}

// Perft counts the last ply from the bitboards where it can; captures of Lions are judged one by
// one there. The count must be the generated legal moves' count, in positions with Lions of both
// sides near each other.
TEST(ChuPerft, CountedLeavesMatchGeneratedMoves) {
    const char* fens[] = {
        "6k5/12/12/12/4g7/4n7/12/4N7/12/12/12/5K6 w - - 0 1",
        "6k5/12/12/12/4g7/4n7/4s7/4N7/12/12/4r7/5K6 w - - 0 1",
        "6k5/12/12/3n8/4g7/4n7/4N7/5R6/12/12/12/5K6 b - - 0 1",
        // The rook takes the Lion: the horse may not take the other Lion at once.
        "k11/5n6/h11/12/12/12/4N7/12/12/12/5R6/K11 w - - 0 1",
        "lfcsgekgscfl/a1b1txot1b1a/mvrhdq1dhrvm/pppppppppppp/3i4i3/5n6/4N7/3I4I3/PPPPPPPPPPPP/"
        "MVRHD1QDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL w - - 0 1",
    };
    for (const char* fen : fens) {
        Position pos = chu(fen);
        MoveList moves;
        generateLegal(pos, moves);
        std::uint64_t generated = 0;
        for (const Move& m : moves) {
            pos.makeMove(m);
            MoveList replies;
            generateLegal(pos, replies);
            generated += std::uint64_t(replies.size);
            pos.unmakeMove();
        }
        EXPECT_EQ(perft(pos, 2), generated) << fen;
    }
}
