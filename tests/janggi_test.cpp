// Janggi's rules as general mechanisms of the variant file (issue 19): the pass (rules.pass),
// facing royals (rules.facingRoyals, bikjang), moves made only along a set of squares
// (pieces[].movesWithin, the palace diagonals) and pieces that are walls to a piece
// (pieces[].mayNotCapture, mayNotPassOver: the cannon). The counts against Fairy-Stockfish are
// in tests/oracle/perft.tsv and the FSF oracle test; here each mechanism is checked on its own,
// with its loader errors.
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

Position janggi(const std::string& fen = "") {
    return positionOf("janggi", fen);
}

}  // namespace

TEST(JanggiPass, EitherSideMayPassAndTwoPassesEndTheGame) {
    Position pos = janggi();
    const std::string start = pos.fen();
    const std::uint64_t hash = pos.hash();
    EXPECT_TRUE(has(legalTexts(pos), "e2e2"));
    Move pass = parseMove(pos, "e2e2");
    ASSERT_FALSE(pass.isNull());
    EXPECT_TRUE(pass.flags & kMovePass);
    EXPECT_FALSE(isCaptureOrPromotion(pos, pass));
    EXPECT_TRUE(isPseudoLegal(pos, pass));
    pos.makeMove(pass);
    EXPECT_EQ(pos.fen(),
              "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR b - - 1 1");
    // The FEN cannot say that the last move was a pass (the next pass would end the game): the
    // same board from the FEN is another position, with another hash.
    Position fresh(pos.variantPtr());
    fresh.setFen(pos.fen());
    EXPECT_NE(fresh.hash(), pos.hash());
    EXPECT_FALSE(gameEndOf(pos).over());
    // The second pass in a row ends the game; no move follows. Counting decides: equal
    // material, and Black's 1.5 points win.
    play(pos, "e9e9");
    EXPECT_TRUE(pos.terminal());
    EXPECT_TRUE(legalTexts(pos).empty());
    GameEnd e = gameEndOf(pos);
    EXPECT_EQ(e.result, GameResult::BlackWins);
    EXPECT_EQ(e.reason, "both sides passed");
    pos.unmakeMove();
    pos.unmakeMove();
    EXPECT_EQ(pos.fen(), start);
    EXPECT_EQ(pos.hash(), hash);
    // A pass after a move is no second pass.
    play(pos, "e2e2");
    play(pos, "a7a6");
    play(pos, "e2e2");
    EXPECT_FALSE(pos.terminal());
}

TEST(JanggiPass, NotInCheck) {
    // The black chariot on e5 checks the general on e2 (nothing between): no pass.
    Position pos = janggi("3k5/9/9/9/9/4r4/9/9/4K4/9 w - - 0 1");
    ASSERT_TRUE(inCheck(pos));
    EXPECT_FALSE(has(legalTexts(pos), "e2e2"));
    EXPECT_TRUE(passMove(pos).isNull());
}

TEST(JanggiFacingRoyals, MovingIntoItIsAllowedAndTheOtherSideMustPartOrPass) {
    Position pos = janggi("4k4/9/9/9/9/9/9/4R4/4K4/9 w - - 0 1");
    EXPECT_FALSE(royalsFaceNow(pos));
    play(pos, "e3a3");  // the chariot leaves the file: the generals face each other
    EXPECT_TRUE(royalsFaceNow(pos));
    // e10e9 would keep them facing; stepping aside or passing is all there is.
    EXPECT_EQ(legalTexts(pos), (std::vector<std::string>{"e10d10", "e10e10", "e10f10"}));
    EXPECT_FALSE(gameEndOf(pos).over());
    // The pass ends the game, and material counting decides, as in Fairy-Stockfish's janggi:
    // White's chariot (13 points) against Black's 1.5.
    play(pos, "e10e10");
    EXPECT_TRUE(pos.terminal());
    EXPECT_TRUE(legalTexts(pos).empty());
    GameEnd e = gameEndOf(pos);
    EXPECT_EQ(e.result, GameResult::WhiteWins);
    EXPECT_EQ(e.reason, "pass with the royals facing");
    // The traditional rule (Fairy-Stockfish's janggitraditional): the pass draws.
    auto traditional = loadVariantText(
        R"({ "inherits": "janggi", "name": "janggi-traditional",
             "rules": { "facingRoyals": { "passEnds": "draw" } } })",
        "janggi-traditional.json");
    Position t(traditional);
    t.setFen("4k4/9/9/9/9/9/9/R8/4K4/9 b - - 1 1");
    play(t, "e10e10");
    EXPECT_EQ(gameEndOf(t).result, GameResult::Draw);
    // Equal points: Black's bonus of 1.5 wins; a soldier more (2 points) wins for White.
    Position c = janggi("3k5/9/9/9/9/9/9/9/4K4/9 w - - 0 1");
    play(c, "e2e2");
    play(c, "d10d10");
    EXPECT_EQ(gameEndOf(c).result, GameResult::BlackWins);
    c = janggi("3k5/9/9/9/9/9/9/9/4K4/4P4 w - - 0 1");
    play(c, "e2e2");
    play(c, "d10d10");
    EXPECT_EQ(gameEndOf(c).result, GameResult::WhiteWins);
}

TEST(JanggiFacingRoyals, PassAllowedEvenInCheck) {
    // The chariot on a2 checks along rank 2 and the generals face each other on the e-file:
    // White passes (ending the game) or steps off both lines.
    Position pos = janggi("4k4/9/9/9/9/9/9/9/r3K4/9 w - - 0 1");
    ASSERT_TRUE(inCheck(pos));
    ASSERT_TRUE(royalsFaceNow(pos));
    EXPECT_EQ(legalTexts(pos), (std::vector<std::string>{"e2d1", "e2d3", "e2e2", "e2f1", "e2f3"}));
    EXPECT_EQ(perft(pos, 3), 228u);  // Fairy-Stockfish 11.1's count
}

TEST(JanggiWalls, CannonNeitherJumpsOverNorTakesACannon) {
    // A soldier as the screen: the cannon on e3 goes up to the general's file end.
    Position pos = janggi("3k5/9/9/9/4p4/9/9/4C4/5K3/9 w - - 0 1");
    auto moves = legalTexts(pos);
    for (const char* m : {"e3e7", "e3e8", "e3e9", "e3e10"}) EXPECT_TRUE(has(moves, m)) << m;
    // A cannon as the screen: no jump over it, and no capture of it either.
    pos = janggi("3k5/9/9/9/4c4/9/9/4C4/5K3/9 w - - 0 1");
    moves = legalTexts(pos);
    for (const char* m : {"e3e6", "e3e7", "e3e10"}) EXPECT_FALSE(has(moves, m)) << m;
    pos = janggi("3k5/9/9/9/4c4/4p4/9/4C4/5K3/9 w - - 0 1");
    EXPECT_FALSE(has(legalTexts(pos), "e3e6"));  // over the soldier onto the cannon
    // The same walls in check detection: a cannon behind a cannon gives no check.
    pos = janggi("3k5/9/9/9/9/9/9/3c5/3C5/3K5 w - - 0 1");
    EXPECT_FALSE(inCheck(pos));
    pos = janggi("3k5/9/9/9/9/9/9/3c5/3A5/3K5 w - - 0 1");
    EXPECT_TRUE(inCheck(pos));
}

TEST(JanggiMovesWithin, PalaceDiagonals) {
    // The chariot on d1 slides along the palace diagonal to f3 and no further.
    Position pos = janggi("3k5/9/9/9/9/9/9/9/5K3/3R5 w - - 0 1");
    auto moves = legalTexts(pos);
    EXPECT_TRUE(has(moves, "d1e2"));
    EXPECT_TRUE(has(moves, "d1f3"));
    EXPECT_FALSE(has(moves, "d1g4"));
    EXPECT_FALSE(has(moves, "d1c2"));
    // The cannon on d1 jumps the guard on e2 to f3; not a cannon there.
    pos = janggi("3k5/9/9/9/9/9/9/9/4AK3/3C5 w - - 0 1");
    EXPECT_TRUE(has(legalTexts(pos), "d1f3"));
    pos = janggi("3k5/9/9/9/9/9/9/9/4CK3/3C5 w - - 0 1");
    EXPECT_FALSE(has(legalTexts(pos), "d1f3"));
    // A soldier in the enemy palace steps forward along its diagonal, not off the lines.
    pos = janggi("3k5/9/3P5/9/9/9/9/9/5K3/9 w - - 0 1");
    moves = legalTexts(pos);
    EXPECT_TRUE(has(moves, "d8e9"));
    EXPECT_FALSE(has(moves, "d8c9"));
    pos = janggi("3k5/9/2P6/9/9/9/9/9/5K3/9 w - - 0 1");
    EXPECT_FALSE(has(legalTexts(pos), "c8d9"));
    // In its own palace too (only a FEN puts it there), as Fairy-Stockfish has it: the black
    // soldier on e9 parts the facing generals by stepping to d8.
    pos = janggi("9/3kp4/5C3/9/9/9/9/9/9/3K5 b - - 2 2");
    EXPECT_EQ(legalTexts(pos), (std::vector<std::string>{"d9d9", "e9d8"}));
    // A cannon giving check along the black palace's diagonal (over the guard on e9).
    pos = janggi("5k3/4a4/3C5/9/9/9/9/9/4K4/9 b - - 0 1");
    EXPECT_TRUE(inCheck(pos));
}

namespace {

json small() {
    return json::parse(R"({
      "name": "test",
      "board": { "files": 9, "ranks": 10 },
      "pieces": [
        { "name": "general", "letter": "K", "betza": "W", "royal": true, "confinement": ["d1-f3"] },
        { "name": "chariot", "letter": "R", "betza": "R" },
        { "name": "cannon", "letter": "C", "betza": "pR" }
      ],
      "start": "4k4/9/9/9/9/9/9/9/4K4/R1C6 w - - 0 1"
    })");
}

}  // namespace

TEST(JanggiLoader, ValidForms) {
    json j = small();
    j["pieces"][1]["movesWithin"] = {{{"squares", {"d1", "e2", "f3"}}, {"betza", "B"}}};
    j["pieces"][2]["mayNotCapture"] = {"C"};
    j["pieces"][2]["mayNotPassOver"] = {"C", "K"};
    j["rules"]["pass"] = true;
    j["rules"]["facingRoyals"] = {{"passEnds", "loss"}};
    auto v = loadVariantText(j.dump(), "x.json");
    EXPECT_TRUE(v->rules.pass);
    EXPECT_FALSE(v->rules.pass->twice);
    ASSERT_TRUE(v->rules.facingRoyals);
    EXPECT_EQ(v->rules.facingRoyals->outcome, Outcome::Loss);
    EXPECT_FALSE(v->rules.facingRoyals->counted);
    EXPECT_FALSE(v->rules.counting);
    j["rules"]["pass"] = {{"twiceInARow", "count"}};
    j["rules"]["counting"] = {{"points", {{"R", 5}, {"C", 2.5}}}};
    v = loadVariantText(j.dump(), "x.json");
    EXPECT_TRUE(v->rules.pass->twice->counted);
    ASSERT_TRUE(v->rules.counting);
    EXPECT_EQ(v->rules.counting->points[1], 5.0);
    EXPECT_EQ(v->rules.counting->points[2], 2.5);
    EXPECT_EQ(v->rules.counting->points[0], 0.0);
    EXPECT_EQ(v->rules.counting->blackBonus, 0.0);
    j["rules"].erase("counting");
    ASSERT_EQ(v->pieces[1].movesWithin.size(), 1u);
    EXPECT_EQ(v->pieces[1].movesWithin[0].squares.of[White].count(), 3u);
    EXPECT_TRUE(v->pieces[2].mayNotCapture[2]);
    EXPECT_TRUE(v->pieces[2].mayNotPassOver[0]);
    EXPECT_TRUE(v->info.walled[2]);
    EXPECT_FALSE(v->info.walled[1]);
    j["rules"]["pass"] = false;
    j["rules"].erase("facingRoyals");
    EXPECT_FALSE(loadVariantText(j.dump(), "x.json")->rules.pass);
}

TEST(JanggiLoader, ErrorsPointAtTheMember) {
    json j = small();
    j["pieces"][1]["movesWithin"] = {{{"betza", "B"}}};
    expectLoaderError(j, "/pieces/1/movesWithin/0: missing required key 'squares'");
    j["pieces"][1]["movesWithin"] = {{{"squares", {"d1"}}, {"betza", "B"}, {"zone", {"d1"}}}};
    expectLoaderError(j, "/pieces/1/movesWithin/0/zone: unknown key 'zone'");
    j["pieces"][1]["movesWithin"] = {{{"squares", {"d1"}}, {"betza", "B@"}}};
    expectLoaderError(j,
                      "/pieces/1/movesWithin/0/betza: a drop rule (@) belongs in the piece's main");
    j["pieces"][1]["movesWithin"] = {{{"squares", {"z1"}}, {"betza", "B"}}};
    expectLoaderError(j, "/pieces/1/movesWithin/0/squares/0");
    j["pieces"][1]["movesWithin"] = {{{"squares", {"d1"}}, {"betza", "B%"}}};
    expectLoaderError(j, "/pieces/1/movesWithin/0/betza");
    j["pieces"][1]["movesWithin"] = json::object();
    expectLoaderError(j, "/pieces/1/movesWithin: expected an array");
    j = small();
    j["pieces"][2]["mayNotCapture"] = {"X"};
    expectLoaderError(j, "/pieces/2/mayNotCapture/0: unknown piece letter 'X'");
    j = small();
    j["pieces"][2]["mayNotPassOver"] = {"C", "C"};
    expectLoaderError(j, "/pieces/2/mayNotPassOver/1: piece 'C' named twice");
    j = small();
    j["rules"]["pass"] = {{"twice", "draw"}};
    expectLoaderError(j, "/rules/pass/twice: unknown key 'twice'");
    j["rules"]["pass"] = {{"twiceInARow", "lose"}};
    expectLoaderError(j, "/rules/pass/twiceInARow: expected 'loss', 'draw', 'win' or 'count'");
    j["rules"]["pass"] = {{"twiceInARow", "count"}};
    expectLoaderError(j, "/rules/pass/twiceInARow: 'count' needs rules.counting");
    j["rules"]["counting"] = {{"points", {{"X", 1}}}};
    expectLoaderError(j, "/rules/counting/points/X: unknown piece letter 'X'");
    j["rules"]["counting"] = {{"points", {{"R", "many"}}}};
    expectLoaderError(j, "/rules/counting/points/R: expected a number, got a string");
    j["rules"]["counting"] = {{"points", {{"R", 1}}}, {"blackBonus", -1}};
    expectLoaderError(j, "/rules/counting/blackBonus: must be between 0 and 1000");
    j["rules"]["counting"] = {{"blackBonus", 1}};
    expectLoaderError(j, "/rules/counting: missing required key 'points'");
    j["rules"]["counting"] = {{"points", {{"R", 1}}}, {"bonus", 1}};
    expectLoaderError(j, "/rules/counting/bonus: unknown key 'bonus'");
    j["rules"].erase("counting");
    j["rules"]["pass"] = 1;
    expectLoaderError(j, "/rules/pass: expected an object");
    j = small();
    j["rules"]["facingRoyals"] = {{"passEnds", "draw"}};
    expectLoaderError(j, "/rules/facingRoyals: needs rules.pass");
    j["rules"]["pass"] = true;
    j["rules"]["flyingRoyals"] = true;
    expectLoaderError(j, "/rules/facingRoyals: contradicts rules.flyingRoyals");
    j["rules"].erase("flyingRoyals");
    j["rules"]["facingRoyals"] = {{"passEnds", "count"}};
    expectLoaderError(j, "/rules/facingRoyals/passEnds: 'count' needs rules.counting");
    j["rules"]["facingRoyals"] = json::object();
    expectLoaderError(j, "/rules/facingRoyals: missing required key 'passEnds'");
    j = small();
    j["pieces"][0]["royal"] = false;
    j["rules"]["checkRule"] = "none";
    j["rules"]["pass"] = true;
    expectLoaderError(j, "/rules/pass: needs a royal piece");
}

// The mechanisms are not janggi's alone: a chess rook that may not take queens (nor check a
// king it may not take), and a grasshopper-like hopper that may not jump over pawns.
TEST(JanggiMechanisms, WallsOnOtherPieces) {
    auto v = loadVariantText(
        R"({ "inherits": "chess", "name": "chess-walls",
             "pieces": [
               { "name": "pawn", "letter": "P", "betza": "fmWfceFifmnD" },
               { "name": "knight", "letter": "N", "betza": "N" },
               { "name": "bishop", "letter": "B", "betza": "B" },
               { "name": "rook", "letter": "R", "betza": "R", "mayNotCapture": ["Q", "K"] },
               { "name": "queen", "letter": "Q", "betza": "Q" },
               { "name": "king", "letter": "K", "betza": "K", "royal": true },
               { "name": "hopper", "letter": "G", "betza": "gQ", "mayNotPassOver": ["P"] }
             ] })",
        "chess-walls.json");
    Position pos(v);
    pos.setFen("4k3/8/8/8/4q3/8/8/K3R3 w - - 0 1");
    auto moves = legalTexts(pos);
    EXPECT_TRUE(has(moves, "e1e3"));
    EXPECT_FALSE(has(moves, "e1e4"));
    pos.setFen("4k3/8/8/8/8/8/8/4R2K b - - 0 1");  // the rook cannot take the king: no check
    EXPECT_FALSE(inCheck(pos));
    EXPECT_TRUE(has(legalTexts(pos), "e8e7"));
    pos.setFen("4k3/8/8/8/4p3/8/8/4G2K w - - 0 1");  // no jump over the pawn
    EXPECT_FALSE(has(legalTexts(pos), "e1e5"));
    pos.setFen("4k3/8/8/8/4n3/8/8/4G2K w - - 0 1");
    EXPECT_TRUE(has(legalTexts(pos), "e1e5"));
}

// A second pass in a row ends the game, so the board after a pass is another position than the
// same board reached by a move: the hash tells them apart (the search's table).
TEST(JanggiPass, TheHashKnowsThatTheLastMoveWasAPass) {
    Position byPass = janggi(), byMoves = janggi();
    play(byPass, "a4a5 e9e9");
    play(byMoves, "e2e2 b10c8 a4a5 c8b10");
    EXPECT_EQ(byPass.fen().substr(0, byPass.fen().find(' ', byPass.fen().find(' ') + 1)),
              byMoves.fen().substr(0, byMoves.fen().find(' ', byMoves.fen().find(' ') + 1)));
    EXPECT_NE(byPass.hash(), byMoves.hash());
    // Unmaking restores it, and the move after the pass drops it again.
    std::uint64_t before = byPass.hash();
    play(byPass, "a5a6");
    EXPECT_NE(byPass.hash(), before);
    byPass.unmakeMove();
    EXPECT_EQ(byPass.hash(), before);
    play(byPass, "a5a6");
    play(byMoves, "a5a6");
    EXPECT_EQ(byPass.hash(), byMoves.hash());
}
