// The engine side of the Betza features the move tables can hold beyond plain moves and
// captures: a move that ends on its own square (pass, igui), XBetza u (unload), d (destroy a
// friend) and t (tame). Each test makes and unmakes the move and compares the position, its FEN
// and its hash with a fresh one.
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/movegen.h"
#include "engine/position.h"
#include "engine/rules.h"
#include "tests/move_texts.h"

using namespace timur;
using timur::test::has;
using timur::test::legalTexts;

namespace {

// An 8x8 variant: a king, a pawn, a knight, and the piece X under test.
std::shared_ptr<const Variant> withPiece(const std::string& betza, const std::string& rules = "",
                                         const std::string& extraPieces = "") {
    std::string json = R"({ "name": "x", "board": { "files": 8, "ranks": 8 },
      "pieces": [ { "name": "king", "letter": "K", "betza": "K", "royal": true },
                  { "name": "pawn", "letter": "P", "betza": "fmWfcF" },
                  { "name": "knight", "letter": "N", "betza": "N" },
                  { "name": "x", "letter": "X", "betza": ")" +
                       betza + R"(" } )" + extraPieces + R"( ],
      "start": "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "rules": {)" +
                       rules + "} }";
    return loadVariantText(json, "test.json");
}

// Plays `text` and checks the FEN after it, that the hash is a fresh position's, and that
// unmaking restores FEN and hash.
void playAndCheck(Position& pos, const std::string& text, const std::string& fenAfter) {
    const std::string before = pos.fen();
    const std::uint64_t hash = pos.hash();
    Move m = parseMove(pos, text);
    ASSERT_FALSE(m.isNull()) << text << " is not legal in " << before;
    pos.makeMove(m);
    EXPECT_EQ(pos.fen(), fenAfter) << text;
    Position fresh(pos.variantPtr());
    fresh.setFen(pos.fen());
    EXPECT_EQ(fresh.hash(), pos.hash()) << text << ": incremental hash differs from a fresh one";
    pos.unmakeMove();
    EXPECT_EQ(pos.fen(), before) << "unmake of " << text;
    EXPECT_EQ(pos.hash(), hash) << "unmake of " << text;
}

TEST(BetzaEngine, APassIsAMoveEvenOnSquareZero) {
    // mabW: a step to an empty square and back, ending where it started.
    auto v = withPiece("mabW");
    Position pos(v);
    pos.setFen("4k3/8/8/8/8/8/8/X3K3 w - - 0 1");
    MoveList legal;
    generateLegal(pos, legal);
    auto pass = std::find_if(legal.begin(), legal.end(),
                             [](const Move& m) { return m.from == 0 && m.to == 0; });
    ASSERT_NE(pass, legal.end());
    EXPECT_FALSE(pass->isNull()) << "a pass on a1 must not read as the null move";
    EXPECT_TRUE(pass->flags & kMovePass);
    EXPECT_EQ(moveText(pos, *pass), "a1a1");
    playAndCheck(pos, "a1a1", "4k3/8/8/8/8/8/8/X3K3 b - - 1 1");
    EXPECT_FALSE(isCaptureOrPromotion(pos, *pass));
}

TEST(BetzaEngine, IguiCapturesAndStays) {
    auto v = withPiece("cabK");
    Position pos(v);
    pos.setFen("4k3/8/8/4p3/3X4/8/8/4K3 w - - 0 1");
    auto moves = legalTexts(pos);
    ASSERT_TRUE(has(moves, "d4e5d4"));
    playAndCheck(pos, "d4e5d4", "4k3/8/8/8/3X4/8/8/4K3 b - - 0 1");
    EXPECT_TRUE(isCaptureOrPromotion(pos, parseMove(pos, "d4e5d4")));
}

TEST(BetzaEngine, UnloadSwapsPlaces) {
    auto v = withPiece("ucR");
    Position pos(v);
    pos.setFen("4k3/8/8/8/n7/8/8/X3K3 w - - 0 1");
    ASSERT_TRUE(has(legalTexts(pos), "a1a4u"));
    playAndCheck(pos, "a1a4u", "4k3/8/8/8/X7/8/8/n3K3 b - - 1 1");
}

TEST(BetzaEngine, UnloadOnASquareThePieceLeftEmpty) {
    // afudQ: along a queen line over empty squares, then on to a friend, which is put back on
    // the square where that last leg started.
    auto v = withPiece("afudQ");
    Position pos(v);
    pos.setFen("4k3/8/8/8/N7/8/8/X3K3 w - - 0 1");
    auto moves = legalTexts(pos);
    EXPECT_TRUE(has(moves, "a1a4ua2"));
    EXPECT_TRUE(has(moves, "a1a4ua3"));
    playAndCheck(pos, "a1a4ua2", "4k3/8/8/8/X7/8/N7/4K3 b - - 1 1");
}

TEST(BetzaEngine, AnUnloadingCaptureOfARoyalIsNoCheck) {
    auto v = withPiece("ucR");
    Position pos(v);
    pos.setFen("X3k3/8/8/8/8/8/8/4K3 b - - 0 1");
    EXPECT_FALSE(inCheck(pos)) << "ucR only displaces the king it reaches";
    // And it may displace the enemy king: the king goes to the X's square.
    pos.setFen("X3k3/8/8/8/8/8/8/4K3 w - - 0 1");
    ASSERT_TRUE(has(legalTexts(pos), "a8e8u"));
    playAndCheck(pos, "a8e8u", "k3X3/8/8/8/8/8/8/4K3 b - - 1 1");
}

TEST(BetzaEngine, ALocustVictimThatIsUnloadedIsNoCheckEither) {
    // maucafmK: a step to an empty square, a capture next to it whose victim is put back on
    // that square, and a step on.
    auto v = withPiece("maucafmK");
    Position pos(v);
    pos.setFen("8/8/4k3/8/3X4/8/8/4K3 b - - 0 1");
    EXPECT_FALSE(inCheck(pos));
    pos.setFen("8/8/4k3/8/3X4/8/8/4K3 w - - 0 1");
    ASSERT_TRUE(has(legalTexts(pos), "d4e6e7ue5"));
    playAndCheck(pos, "d4e6e7ue5", "8/4X3/8/4k3/8/8/8/4K3 b - - 1 1");
}

TEST(BetzaEngine, DestroyingAFriendFeedsNoHand) {
    std::string drops = R"("drops": true, "capturesToHand": true)";
    std::string dropper = R"(, { "name": "dropper", "letter": "D", "betza": "W@" })";
    auto v = withPiece("dW", drops, dropper);
    Position pos(v);
    pos.setFen("4k3/8/8/8/8/8/N7/X3K3[] w - - 0 1");
    ASSERT_TRUE(has(legalTexts(pos), "a1a2"));
    playAndCheck(pos, "a1a2", "4k3/8/8/8/8/8/X7/4K3[] b - - 0 1");
}

TEST(BetzaEngine, AnOwnRoyalMayNotBeDestroyedUnderACheckRule) {
    auto v = withPiece("dW");
    Position pos(v);
    pos.setFen("4k3/8/8/8/8/8/8/3XK3 w - - 0 1");
    EXPECT_FALSE(has(legalTexts(pos), "d1e1"));
    // Without a check rule the king is an ordinary piece: destroying the last one loses.
    auto none = withPiece("dW", R"("checkRule": "none")");
    Position p2(none);
    p2.setFen("4k3/8/8/8/8/8/8/3XK3 w - - 0 1");
    ASSERT_TRUE(has(legalTexts(p2), "d1e1"));
    p2.makeMove(parseMove(p2, "d1e1"));
    MoveList legal;
    generateLegal(p2, legal);
    GameEnd end = gameEnd(p2, legal);
    EXPECT_EQ(end.result, GameResult::BlackWins);
    EXPECT_EQ(end.reason, "royal pieces captured");
}

TEST(BetzaEngine, TameTakesNoRoyalOfEitherSide) {
    auto v = withPiece("tQ", R"("checkRule": "none")");
    Position pos(v);
    pos.setFen("X3k3/8/8/8/8/8/8/n3K3 w - - 0 1");
    auto moves = legalTexts(pos);
    EXPECT_FALSE(has(moves, "a8e8")) << "tame: no capture of the enemy king";
    EXPECT_TRUE(has(moves, "a8a1"));
    EXPECT_FALSE(inCheck(pos));
    auto d = withPiece("tdQ", R"("checkRule": "none")");
    Position p2(d);
    p2.setFen("4k3/8/8/8/N7/8/8/X3K3 w - - 0 1");
    moves = legalTexts(p2);
    EXPECT_TRUE(has(moves, "a1a4")) << "tdQ destroys a friend";
    EXPECT_FALSE(has(moves, "a1e1")) << "but not a royal one";
}

}  // namespace
