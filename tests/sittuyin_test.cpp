// Sittuyin's rules as general mechanisms of the variant file (issue 19): a setup phase in which
// the pieces in hand must be dropped (rules.mustDrop, with a royal waiting in hand), promotions
// that are moves of their own (rules.promotion[].inPlace, stepAsPromoted, anywhereWhenLast,
// mayNotAttack) and the stalemate of a side whose only moves promote (rules.onlyPromotionsLeft).
// The counts against Fairy-Stockfish's sittuyin are in tests/oracle/perft.tsv and the FSF oracle
// test; here each mechanism is checked on its own, with its loader errors.
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
using timur::test::gameEndOf;
using timur::test::has;
using timur::test::legalTexts;
using timur::test::play;
using timur::test::positionOf;
using json = nlohmann::ordered_json;

namespace {

Position sittuyin(const std::string& fen = "") {
    return positionOf("sittuyin", fen);
}

json makrukInPlace() {
    return json::parse(R"({
      "inherits": "makruk",
      "name": "test",
      "rules": { "promotion": [
        { "pieces": ["P"], "zone": ["a8", "b7", "c6", "d5", "e5", "f6", "g7", "h8"],
          "choices": ["M"], "limit": { "M": 1 }, "inPlace": true } ] }
    })");
}

}  // namespace

TEST(SittuyinSetup, PiecesInHandMustBeDroppedFirst) {
    Position pos = sittuyin();
    auto moves = legalTexts(pos);
    // Only drops: 12 empty squares on White's first three ranks for K, F, S, N; rooks on the
    // first rank only (8 squares).
    EXPECT_EQ(moves.size(), 88u);
    for (const auto& m : moves) EXPECT_NE(m.find('@'), std::string::npos) << m;
    EXPECT_TRUE(has(moves, "K@e1"));
    EXPECT_TRUE(has(moves, "R@h1"));
    EXPECT_FALSE(has(moves, "R@h2"));
    EXPECT_FALSE(has(moves, "N@e4"));
    EXPECT_FALSE(has(moves, "a3a4"));     // the pawns wait
    EXPECT_FALSE(gameEndOf(pos).over());  // no king on the board yet: it waits in hand
    play(pos, "K@e1");
    EXPECT_TRUE(has(legalTexts(pos), "K@d8"));
    EXPECT_FALSE(has(legalTexts(pos), "a5a4"));
}

TEST(SittuyinSetup, BoardMovesOnceTheHandIsEmptyOrNoDropIsLegal) {
    // White's hand is empty, Black's is not: White moves on the board.
    Position pos = sittuyin("8/8/4pppp/pppp4/4PPPP/PPPP4/8/4K3[kfrrssnn] w - - 0 1");
    EXPECT_TRUE(has(legalTexts(pos), "a3a4"));
    // A rook in hand but the first rank full: the side moves on the board.
    pos.setFen("4k3/8/8/8/8/8/8/NNSSFKSN[R] w - - 0 1");
    auto moves = legalTexts(pos);
    EXPECT_FALSE(moves.empty());
    for (const auto& m : moves) EXPECT_EQ(m.find('@'), std::string::npos) << m;
    // In check with a drop that blocks: only the blocking drops.
    pos.setFen("4r3/3k4/8/8/8/8/8/4K3[N] w - - 0 1");
    EXPECT_EQ(legalTexts(pos), (std::vector<std::string>{"N@e2", "N@e3"}));
    // In check by a knight: no drop helps, the king moves.
    pos.setFen("4k3/8/8/8/8/3n4/8/4K3[NS] w - - 0 1");
    moves = legalTexts(pos);
    EXPECT_FALSE(moves.empty());
    for (const auto& m : moves) EXPECT_EQ(m.rfind("e1", 0), 0u) << m;
}

TEST(SittuyinPromotion, InPlaceOrOneStepWithoutAttackOrCheck) {
    // d5 is on the diagonals; White has no general. The new general may not attack the
    // elephant on e6 (so not d5d5f, not d5d7...), nor give check.
    Position pos = sittuyin("4k3/8/4s3/3P4/8/8/8/4K3 w - - 0 1");
    auto moves = legalTexts(pos);
    EXPECT_TRUE(has(moves, "d5d6"));
    EXPECT_FALSE(has(moves, "d5d5f"));  // would attack e6
    EXPECT_TRUE(has(moves, "d5c6f"));
    EXPECT_TRUE(has(moves, "d5c4f"));
    EXPECT_TRUE(has(moves, "d5e4f"));
    EXPECT_FALSE(has(moves, "d5e6f"));  // occupied
    Move m = parseMove(pos, "d5c6f");
    ASSERT_FALSE(m.isNull());
    EXPECT_TRUE(isCaptureOrPromotion(pos, m));
    const std::uint64_t hash = pos.hash();
    pos.makeMove(m);
    EXPECT_EQ(pos.fen(), "4k3/8/2F1s3/8/8/8/8/4K3[] b - - 0 1");
    pos.unmakeMove();
    EXPECT_EQ(pos.hash(), hash);
    // With a general on the board: no promotion (limit 1).
    pos.setFen("4k3/8/8/3P4/8/2F5/8/4K3 w - - 0 1");
    for (const auto& t : legalTexts(pos)) EXPECT_NE(t.back(), 'f') << t;
    // A promotion may not give check, not even a discovered one.
    pos.setFen("2k5/8/2P5/8/8/8/8/2R1K3 w - - 0 1");
    moves = legalTexts(pos);
    EXPECT_TRUE(has(moves, "c6c6f"));
    EXPECT_FALSE(has(moves, "c6b5f"));
    EXPECT_FALSE(has(moves, "c6d7f"));
}

TEST(SittuyinPromotion, OnlyOnTheDiagonalsUnlessItIsTheLastPawn) {
    Position pos = sittuyin("4k3/8/8/1P1P4/8/8/8/4K3 w - - 0 1");
    auto moves = legalTexts(pos);
    EXPECT_TRUE(has(moves, "d5d5f"));
    EXPECT_FALSE(has(moves, "b5b5f"));  // b5 is not on the diagonals
    pos.setFen("4k3/8/8/1P6/8/8/8/4K3 w - - 0 1");
    EXPECT_TRUE(has(legalTexts(pos), "b5b5f"));  // the last pawn promotes anywhere
    // Moving onto the diagonals never promotes by itself.
    pos.setFen("4k3/8/8/8/3P4/8/8/4K3 w - - 0 1");
    play(pos, "d4d5");
    EXPECT_EQ(pos.fen(), "4k3/8/8/3P4/8/8/8/4K3[] b - - 0 1");
}

TEST(SittuyinEnd, OnlyPromotionsLeftIsADraw) {
    // The king has no move; the blocked pawn can only promote.
    Position pos = sittuyin("1r5k/8/3n4/3P4/8/8/7r/K7 w - - 0 1");
    GameEnd e = gameEndOf(pos);
    EXPECT_EQ(e.result, GameResult::Draw);
    EXPECT_EQ(e.reason, "only promotions left");
    // With another piece the game goes on.
    pos.setFen("1r5k/8/3n4/3P4/8/8/7r/K6S w - - 0 1");
    EXPECT_FALSE(gameEndOf(pos).over());
}

TEST(SittuyinLoader, InPlaceOnAnotherVariant) {
    auto v = loadVariantText(makrukInPlace().dump(), "x.json");
    ASSERT_EQ(v->rules.promotions.size(), 1u);
    EXPECT_TRUE(v->rules.promotions[0].inPlace);
    EXPECT_FALSE(v->rules.promotions[0].mandatory);
    EXPECT_TRUE(v->info.inPlacePromotions);
    Position pos(v);
    pos.setFen("4k3/8/8/3P4/8/8/8/4K3 w - - 0 1");
    auto moves = legalTexts(pos);
    EXPECT_TRUE(has(moves, "d5d5m"));
    EXPECT_FALSE(has(moves, "d5c6m"));  // no stepAsPromoted
    EXPECT_EQ(perft(pos, 2), perft(pos, 2));
}

TEST(SittuyinLoader, ErrorsPointAtTheMember) {
    json j = makrukInPlace();
    j["rules"]["promotion"][0]["mandatory"] = true;
    expectLoaderError(j, "/rules/promotion/0/mandatory: a promotion in place is a move of its own");
    j = makrukInPlace();
    j["rules"]["promotion"][0]["fromZoneToo"] = true;
    expectLoaderError(j, "/rules/promotion/0/fromZoneToo: not meaningful with \"inPlace\"");
    j = makrukInPlace();
    j["rules"]["promotion"][0]["inPlace"] = false;
    j["rules"]["promotion"][0]["stepAsPromoted"] = true;
    expectLoaderError(j,
                      "/rules/promotion/0/stepAsPromoted: only meaningful with \"inPlace\": true");
    j = makrukInPlace();
    j["rules"]["promotion"][0]["mayNotAttack"] = "no";
    expectLoaderError(j, "/rules/promotion/0/mayNotAttack: expected");
    j = makrukInPlace();
    j["rules"]["mustDrop"] = true;
    expectLoaderError(j, "/rules/mustDrop: needs \"drops\": true");
    j = makrukInPlace();
    j["rules"]["promotion"] = json::array();
    j["rules"]["onlyPromotionsLeft"] = "draw";
    expectLoaderError(j, "/rules/onlyPromotionsLeft: needs rules.promotion");
    j = makrukInPlace();
    j["rules"]["onlyPromotionsLeft"] = "maybe";
    expectLoaderError(j, "/rules/onlyPromotionsLeft: ");
}
