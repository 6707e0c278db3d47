// Kyoto shogi's rules as general mechanisms of the variant file (issue 19): promotion rules that
// demote (rules.promotion[].demote; with a zone of the whole board every move turns a piece
// over) and drops on the promoted side (rules.dropPromoted). The counts against Fairy-Stockfish's
// kyotoshogi are in tests/oracle/perft.tsv and the FSF oracle test; here each mechanism is checked
// on its own, with its loader errors.
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

Position kyoto(const std::string& fen = "") {
    return positionOf("kyotoshogi", fen);
}

// A 5x5 board with a pawn that turns rook and back.
json small() {
    return json::parse(R"({
      "name": "test",
      "board": { "files": 5, "ranks": 5 },
      "pieces": [
        { "name": "pawn", "letter": "P", "betza": "fW@", "promotesTo": "+P" },
        { "name": "king", "letter": "K", "betza": "K", "royal": true },
        { "name": "rook", "letter": "+P", "betza": "R" }
      ],
      "start": "2k2/5/5/5/P1K2[-] w - - 0 1",
      "rules": {
        "promotion": [
          { "pieces": ["P"], "zone": ["a1-e5"] },
          { "pieces": ["+P"], "zone": ["a1-e5"], "demote": true }
        ],
        "drops": true,
        "dropPromoted": true,
        "capturesToHand": true
      }
    })");
}

}  // namespace

TEST(KyotoFlip, EveryMoveTurnsThePieceOverAndBack) {
    Position pos = kyoto();
    // Only the king keeps its form: a1 (tokin) turns lance, b1 (silver) turns bishop.
    play(pos, "e1e2");
    EXPECT_EQ(pos.fen(), "p+nks+l/5/5/4+P/+LSK+N1[] b - - 1 1");
    play(pos, "a5a4");  // Black's pawn turns rook
    play(pos, "e2e4");  // the rook slides and turns pawn
    EXPECT_EQ(pos.fen(), "1+nks+l/+p3P/5/5/+LSK+N1[] b - - 3 2");
}

TEST(KyotoFlip, ForcedFlipsNeedNoSuffixButReadOne) {
    Position pos = kyoto();
    auto moves = legalTexts(pos);
    EXPECT_EQ(moves.size(), 12u);
    EXPECT_TRUE(has(moves, "e1e2"));
    EXPECT_FALSE(has(moves, "e1e2+"));
    // Fairy-Stockfish writes the turn: '+' for a promotion, '-' for a demotion.
    Move up = parseMove(pos, "e1e2+");
    ASSERT_FALSE(up.isNull());
    EXPECT_EQ(up.promo, pos.variant().pieceByLetter("+P"));
    Move down = parseMove(pos, "a1a2-");
    ASSERT_FALSE(down.isNull());
    EXPECT_EQ(down.promo, pos.variant().pieceByLetter("L"));
    // Written for other programs (match records, Fairy-Stockfish): with the turn.
    EXPECT_EQ(moveText(pos, up, true), "e1e2+");
    EXPECT_EQ(moveText(pos, down, true), "a1a2-");
    EXPECT_EQ(moveText(pos, up), "e1e2");
    EXPECT_TRUE(parseMove(pos, "e1e2-").isNull());
    EXPECT_TRUE(parseMove(pos, "a1a2+").isNull());
}

TEST(KyotoDrops, OnEitherSideAndWhereThePieceCannotMove) {
    // A pawn in hand: dropped as a pawn or as a rook on every empty square, even on the last
    // rank, where a pawn never moves again (Fairy-Stockfish's kyotoshogi allows it).
    Position pos = kyoto("4k/5/5/5/K4[P] w - - 0 1");
    auto moves = legalTexts(pos);
    EXPECT_TRUE(has(moves, "P@b2"));
    EXPECT_TRUE(has(moves, "+P@b2"));
    EXPECT_TRUE(has(moves, "P@a5"));
    EXPECT_TRUE(has(moves, "+P@a5"));
    Move m = parseMove(pos, "+P@c3");
    ASSERT_FALSE(m.isNull());
    EXPECT_EQ(m.kind, MoveKind::Drop);
    EXPECT_EQ(m.aux, pos.variant().pieceByLetter("P"));
    EXPECT_EQ(m.promo, pos.variant().pieceByLetter("+P"));
    EXPECT_TRUE(isPseudoLegal(pos, m));
    const std::string before = pos.fen();
    const std::uint64_t hash = pos.hash();
    pos.makeMove(m);
    EXPECT_EQ(pos.fen(), "4k/5/2+P2/5/K4[] b - - 1 1");
    Position fresh(pos.variantPtr());
    fresh.setFen(pos.fen());
    EXPECT_EQ(fresh.hash(), pos.hash());
    pos.unmakeMove();
    EXPECT_EQ(pos.fen(), before);
    EXPECT_EQ(pos.hash(), hash);
}

TEST(KyotoDrops, ACapturedPromotedPieceGoesToHandUnpromoted) {
    // White's rook (+P) on c3 takes Black's bishop (+S) on c4 and turns pawn; the bishop goes to
    // White's hand as a silver, to be dropped as silver or bishop.
    Position pos = kyoto("4k/5/2+s2/2+P2/K4[-] w - - 0 1");
    play(pos, "c2c3");
    EXPECT_EQ(pos.fen(), "4k/5/2P2/5/K4[S] b - - 0 1");
    play(pos, "e5d5");
    auto moves = legalTexts(pos);
    EXPECT_TRUE(has(moves, "S@b2"));
    EXPECT_TRUE(has(moves, "+S@b2"));
}

TEST(KyotoDrops, ShogiStillRefusesDropsWhereThePieceCannotMove) {
    Position pos(loadVariant("shogi"));
    pos.setFen("4k4/9/9/9/9/9/9/9/4K4[P] w - - 0 1");
    auto moves = legalTexts(pos);
    EXPECT_TRUE(has(moves, "P@a8"));
    EXPECT_FALSE(has(moves, "P@a9"));
    EXPECT_FALSE(has(moves, "+P@a8"));  // shogi has no dropPromoted
}

TEST(KyotoLoader, ValidForms) {
    auto v = loadVariantText(small().dump(), "x.json");
    ASSERT_EQ(v->rules.promotions.size(), 2u);
    EXPECT_FALSE(v->rules.promotions[0].demote);
    EXPECT_TRUE(v->rules.promotions[1].demote);
    EXPECT_TRUE(v->rules.dropPromoted);
    EXPECT_TRUE(v->info.forcedPromotion[0]);
    EXPECT_TRUE(v->info.forcedPromotion[2]);
    Position pos(v);
    pos.setStart();
    EXPECT_TRUE(has(legalTexts(pos), "a1a2"));
    EXPECT_EQ(perft(pos, 3), perft(pos, 3));
    // Optional demotion: the rook may also stay a rook.
    json j = small();
    j["rules"]["promotion"][1]["mandatory"] = false;
    Position opt(loadVariantText(j.dump(), "x.json"));
    opt.setFen("2k2/5/5/5/+P1K2[-] w - - 0 1");
    auto moves = legalTexts(opt);
    EXPECT_TRUE(has(moves, "a1a3-"));
    EXPECT_TRUE(has(moves, "a1a3"));
}

TEST(KyotoLoader, ErrorsPointAtTheMember) {
    json j = small();
    j["rules"]["promotion"][1]["choices"] = {"P"};
    expectLoaderError(j, "/rules/promotion/1/demote: a demoting rule turns each piece into");
    j = small();
    j["rules"]["promotion"][1]["pieces"] = {"+P", "P"};
    expectLoaderError(j, "/rules/promotion/1/pieces/1: piece 'P' is no piece's promotesTo");
    j = small();
    j["rules"]["promotion"][1]["demote"] = "yes";
    expectLoaderError(j, "/rules/promotion/1/demote: expected");
    j = small();
    j["rules"]["dropPromoted"] = 1;
    expectLoaderError(j, "/rules/dropPromoted: expected");
    j = small();
    j["rules"]["drops"] = false;
    j["rules"].erase("capturesToHand");
    j["pieces"][0]["betza"] = "fW";
    expectLoaderError(j, "/rules/dropPromoted: needs \"drops\": true");
    j = small();
    j["pieces"][0].erase("promotesTo");
    j["rules"].erase("promotion");
    expectLoaderError(j, "/rules/dropPromoted: no droppable piece (with an @) has a promotesTo");
}
