// Gating (rules.gating, issue 19) and Seirawan chess: a piece's first move from a gating square
// may bring a piece from hand onto the square it left; castling may gate on the king's or the
// rook's square. The counts against Fairy-Stockfish are in tests/oracle/perft.tsv and the FSF
// oracle test; here the mechanism is checked move by move: move texts, FENs (as Fairy-Stockfish
// writes S-chess FENs, and its 11.1's older form read back), make and unmake, the gated piece in
// legality, XBoard's text, and the loader's errors.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "engine/evaluate.h"
#include "engine/movegen.h"
#include "engine/perft.h"
#include "engine/position.h"
#include "engine/xboard_dialect.h"
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

Position seirawan(const std::string& fen = "") {
    return positionOf("seirawan", fen);
}

// The position reads back from its FEN with the same FEN and hash.
void expectFenRoundTrip(const Position& pos) {
    Position fresh(pos.variantPtr());
    fresh.setFen(pos.fen());
    EXPECT_EQ(fresh.fen(), pos.fen());
    EXPECT_EQ(fresh.hash(), pos.hash()) << pos.fen();
}

// After `moves`, Timur's FEN is `fen`, and Fairy-Stockfish 11.1's FEN of the same position
// (which repeats the castling files among the gating files) reads as the same position.
void expectFens(const std::string& moves, const std::string& fen, const std::string& fsf) {
    SCOPED_TRACE(moves);
    Position pos = seirawan();
    play(pos, moves);
    EXPECT_EQ(pos.fen(), fen);
    expectFenRoundTrip(pos);
    Position theirs = seirawan(fsf);
    EXPECT_EQ(theirs.fen(), fen);
    EXPECT_EQ(theirs.hash(), pos.hash());
}

}  // namespace

TEST(Gating, StartPositionMovesAndFen) {
    Position pos = seirawan();
    EXPECT_EQ(pos.fen(),
              "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQBCDFGkqbcdfg - 0 1");
    auto moves = legalTexts(pos);
    EXPECT_EQ(moves.size(), 28u);
    for (const char* m : {"b1c3", "b1c3h", "b1c3e", "g1f3h", "g1h3e", "e2e4"})
        EXPECT_TRUE(has(moves, m)) << m;
    // Pieces in hand enter only by gating: no drops, and pawns do not gate.
    EXPECT_FALSE(has(moves, "H@e4"));
    EXPECT_FALSE(has(moves, "e2e4h"));
    EXPECT_EQ(perft(pos, 2), 784u);
    EXPECT_EQ(perft(pos, 3), 24830u);
}

TEST(Gating, MakeUnmakeAndHash) {
    Position pos = seirawan();
    const std::string start = pos.fen();
    const std::uint64_t hash = pos.hash();
    Move m = parseMove(pos, "b1c3h");
    ASSERT_FALSE(m.isNull());
    EXPECT_TRUE(m.flags & kMoveGate);
    EXPECT_TRUE(isPseudoLegal(pos, m));
    EXPECT_FALSE(isCaptureOrPromotion(pos, m));
    pos.makeMove(m);
    EXPECT_EQ(pos.fen(),
              "rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/RHBQKBNR[Ehe] b KQCDFGkqbcdfg - 1 1");
    EXPECT_EQ(pos.hand(White, pos.variant().pieceByLetter("H")), 0);
    expectFenRoundTrip(pos);
    pos.unmakeMove();
    EXPECT_EQ(pos.fen(), start);
    EXPECT_EQ(pos.hash(), hash);
    // A gating move of a type the side does not hold is not pseudo-legal.
    pos.setFen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Ehe] w KQBCDFGkqbcdfg - 0 1");
    EXPECT_FALSE(isPseudoLegal(pos, m));
    EXPECT_FALSE(has(legalTexts(pos), "b1c3h"));
}

TEST(Gating, FensAsFairyStockfishWritesThem) {
    expectFens("g1f3h", "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKBHR[Ehe] b KQBCDFkqbcdfg - 1 1",
               "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKBHR[Eeh] b KQABCDEFHkqabcdefgh - 1 1");
    // White's hand is empty: its gating rights are gone, its castling stays.
    expectFens("g1f3h g8f6 b1c3e",
               "rnbqkb1r/pppppppp/5n2/8/8/2N2N2/PPPPPPPP/REBQKBHR[he] b KQkqbcdf - 3 2",
               "rnbqkb1r/pppppppp/5n2/8/8/2N2N2/PPPPPPPP/REBQKBHR[eh] b KQkqabcdefh - 3 2");
    // The king's step loses castling, not the rooks' gating rights.
    expectFens("e2e4 e7e5 e1e2",
               "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPPKPPP/RNBQ1BNR[HEhe] b ABCDFGHkqbcdfg - 1 2",
               "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPPKPPP/RNBQ1BNR[EHeh] b ABCDFGHkqabcdefgh - 1 2");
    // A rook's move loses its side's castling and the rook's gating right.
    expectFens("g1f3 g8f6 h1g1",
               "rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKBR1[HEhe] b QBCDFkqbcdf - 3 2",
               "rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKBR1[EHeh] b QABCDEFkqabcdefh - 3 2");
}

TEST(Gating, CastlingGatesOnTheKingsOrTheRooksSquare) {
    Position pos = seirawan();
    play(pos, "e2e4 e7e5 g1f3 b8c6 f1c4 g8f6");
    auto moves = legalTexts(pos);
    for (const char* m : {"e1g1", "e1g1h", "e1g1e", "h1e1h", "h1e1e"})
        EXPECT_TRUE(has(moves, m)) << m;
    Position king = pos, rook = pos;
    play(king, "e1g1h");
    EXPECT_EQ(king.fen(),
              "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQHRK1[Ehe] b ABCDkqcdf - 5 4");
    expectFenRoundTrip(king);
    Position fsf = seirawan(
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQHRK1[Eeh] b ABCDkqacdefh - 5 4");
    EXPECT_EQ(fsf.fen(), king.fen());
    play(rook, "h1e1e");
    EXPECT_EQ(rook.fen(),
              "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RKE[Hhe] b ABCDkqcdf - 5 4");
    expectFenRoundTrip(rook);
    king.unmakeMove();
    EXPECT_EQ(king.fen(), pos.fen());
    EXPECT_EQ(king.hash(), pos.hash());
}

TEST(Gating, ReturningHomeGivesNoRightBack) {
    Position pos = seirawan();
    play(pos, "g1f3 g8f6 f3g1 f6g8");
    EXPECT_EQ(pos.fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQBCDFkqbcdf - 4 3");
    auto moves = legalTexts(pos);
    EXPECT_TRUE(has(moves, "g1f3"));
    EXPECT_FALSE(has(moves, "g1f3h"));
}

// The piece that enters may not shield its own king: a gating move is legal only if the same
// move without it is (the published rules: "a player cannot gate to block a check"). A session
// of this engine once let it shield, and Fairy-Stockfish, which follows the rules, then took
// Timur's move for illegal in a match (its position stopped a move short: it answered for the
// wrong side, or with no move at all).
TEST(Gating, TheEnteringPieceCannotShieldTheKing) {
    // The elephant on f8 checks along the back rank: the king's step to d8 stays illegal with a
    // hawk entering on e8 behind it (7 moves, as Fairy-Stockfish counts them).
    Position check =
        seirawan("r1b1kE1r/1ppq3p/p1npp2b/3n1p1N/7p/PP6/2PPPPP1/RNBQKBR1[Hh] b QBCDFkqc - 0 12");
    auto moves = legalTexts(check);
    EXPECT_FALSE(has(moves, "e8d8"));
    EXPECT_FALSE(has(moves, "e8d8h"));
    EXPECT_TRUE(has(moves, "e8f8h"));
    EXPECT_EQ(moves.size(), 7u);
    // The match position: Rg8+ mates; e8d8e (the elephant entering on e8) is no answer.
    Position mate = seirawan("4k1R1/4r3/4p3/p3N3/1p6/B7/PP3PPP/R5K1[e] b e - 1 33");
    EXPECT_EQ(perft(mate, 1), 0u);
    EXPECT_TRUE(inCheck(mate));
    // The queen pinned on d1 stays on the back rank, with or without a hawk entering behind it.
    Position pin = seirawan("4k3/8/8/8/8/8/8/r2QK3[H] w D - 0 1");
    moves = legalTexts(pin);
    EXPECT_FALSE(has(moves, "d1d4"));
    EXPECT_FALSE(has(moves, "d1d4h"));
    EXPECT_TRUE(has(moves, "d1a1h"));
    EXPECT_EQ(perft(pin, 1), 10u);
}

// Counts where the old rule (the entering piece shields) gave more: equal to Fairy-Stockfish
// 11.1's now. Promotions to the hawk and the elephant and castling with gating, both sides.
TEST(Gating, CountsWithTheRuleAsFairyStockfishHasIt) {
    Position pos = seirawan("1n2k1n1/1P6/8/8/8/8/6p1/1N2K1N1[HEhe] w BEGbeg - 0 1");
    EXPECT_EQ(perft(pos, 3), 23467u);
    pos.setFen("r3k2r/pP4pp/8/8/8/8/Pp4PP/R3K2R[HEhe] w KQkq - 0 1");
    EXPECT_EQ(perft(pos, 3), 83199u);
    // The queen on d1, pinned by the queen on c1, may not leave with a hawk entering behind it.
    pos.setFen("rn1hkbnr/p1p1pppp/8/1p1p4/4N3/1P1P3b/R1P1PPPP/1EqQKBNR[He] w KDEFGHkqabefgh - 0 7");
    auto moves = legalTexts(pos);
    EXPECT_FALSE(has(moves, "d1d2h"));
    EXPECT_FALSE(has(moves, "d1d2"));
}

TEST(Gating, TheEnteringPieceGivesCheck) {
    Position pos = seirawan("7k/8/8/8/8/8/8/K6N[E] w H - 0 1");
    play(pos, "h1g3e");
    EXPECT_TRUE(inCheck(pos));
    EXPECT_EQ(pos.fen(), "7k/8/8/8/8/6N1/8/K6E[] b - - 1 1");
}

// Without drops a piece in hand is worth only what the gating rights left can bring in.
TEST(Gating, EvaluationCountsTheHandByTheRightsLeft) {
    Position pos = seirawan();
    Evaluator eval(pos.variantPtr());
    const int full = eval.evaluate(pos);
    pos.setFen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w Bkqbcdfg - 0 1");
    const int one = eval.evaluate(pos);
    pos.setFen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w kqbcdfg - 0 1");
    const int none = eval.evaluate(pos);
    EXPECT_GT(full - one, 300);
    EXPECT_GT(one - none, 300);
}

TEST(Gating, XBoardText) {
    auto v = loadVariant("seirawan");
    EXPECT_EQ(protocol::xboardVariantName(*v).name, "seirawan");
    EXPECT_FALSE(protocol::xboardVariantName(*v).engineDefined);
    protocol::XBoardMoves xb(v);
    Position pos(v);
    pos.setStart();
    play(pos, "e2e4 e7e5 g1f3 b8c6 f1c4 g8f6");
    MoveList legal;
    generateLegal(pos, legal);
    int gating = 0;
    for (const Move& m : legal) {
        std::string text = xb.text(pos, m);
        EXPECT_EQ(xb.parse(pos, text), m) << text;
        EXPECT_EQ(text, moveText(pos, m));
        gating += (m.flags & kMoveGate) != 0;
    }
    EXPECT_GT(gating, 0);
    // PGN: a gating move in coordinates, as XBoard reads it.
    EXPECT_EQ(xb.san(pos, parseMove(pos, "h1e1e")), "h1e1e");
    EXPECT_EQ(xb.san(pos, parseMove(pos, "b1c3h")), "b1c3h");
}

// XBoard refereeing two engines turns a castling that gates on the rook's square (a1e1h, h1e1h)
// into a rook move (a1g1h, h1d1h) on its board and in what it relays: we never play one under
// XBoard, and read the relay as the castling the other engine played.
TEST(Gating, XBoardCannotCarryCastlingThatGatesOnTheRooksSquare) {
    auto v = loadVariant("seirawan");
    protocol::XBoardMoves xb(v);
    // A self-play game under XBoard, up to where White played a1e1h.
    Position pos = seirawan();
    play(pos,
         "d2d4 d7d5 b1c3 h7h6 c1f4 g8f6 h2h4 c8f5h e2e3 e7e6 g1f3 h6h5 f3e5 f6e4 c3e4 d5e4 "
         "f1b5 c7c6 b5e2 g7g6 a2a4 a7a5 d1d2 b8d7 e5d7 c8d7");
    for (const char* text : {"a1e1h", "a1e1e", "h1e1h", "h1e1e"}) {
        Move m = parseMove(pos, text);
        ASSERT_FALSE(m.isNull()) << text;
        EXPECT_FALSE(xb.canShow(pos, m)) << text;
    }
    for (const char* text : {"e1c1h", "e1g1e", "e1c1", "a1d1h", "d2d3"}) {
        Move m = parseMove(pos, text);
        ASSERT_FALSE(m.isNull()) << text;
        EXPECT_TRUE(xb.canShow(pos, m)) << text;
    }
    EXPECT_EQ(xb.parse(pos, "a1g1h"), parseMove(pos, "a1e1h"));
    EXPECT_EQ(xb.parse(pos, "a1g1e"), parseMove(pos, "a1e1e"));
    EXPECT_EQ(xb.parse(pos, "h1d1h"), parseMove(pos, "h1e1h"));
    EXPECT_EQ(xb.parse(pos, "h1e1h"), parseMove(pos, "h1e1h"));
    EXPECT_TRUE(xb.parse(pos, "a1g1").isNull());
    EXPECT_TRUE(xb.parse(pos, "h1d1").isNull());
}

namespace {

json small() {
    return json::parse(R"({
      "name": "gate",
      "board": { "files": 8, "ranks": 8 },
      "pieces": [
        { "name": "king", "letter": "K", "betza": "K", "royal": true },
        { "name": "rook", "letter": "R", "betza": "R" },
        { "name": "knight", "letter": "N", "betza": "N" }
      ],
      "start": "rn2k1nr/8/8/8/8/8/8/RN2K1NR[Nn] w BGbg - 0 1",
      "rules": { "gating": true }
    })");
}

}  // namespace

TEST(GatingLoader, ValidForms) {
    json j = small();
    auto v = loadVariantText(j.dump(), "x.json");
    ASSERT_TRUE(v->rules.gating);
    EXPECT_EQ(v->rules.gating->squares.of[White].count(), 8u);
    Position pos(v);
    pos.setStart();
    EXPECT_EQ(pos.fen(), "rn2k1nr/8/8/8/8/8/8/RN2K1NR[Nn] w BGbg - 0 1");
    EXPECT_TRUE(has(legalTexts(pos), "b1c3n"));
    // Only some squares (Black's turned by 180 degrees): the others' pieces hold no right, and
    // the FEN names none there.
    j["rules"]["gating"] = {{"squares", {"b1"}}};
    j["start"] = "rn2k1nr/8/8/8/8/8/8/RN2K1NR[Nn] w Bg - 0 1";
    v = loadVariantText(j.dump(), "x.json");
    EXPECT_TRUE(v->rules.gating->squares.of[Black][v->board.square(6, 7)]);  // g8, turned
    pos = Position(v);
    pos.setStart();
    EXPECT_EQ(pos.fen(), "rn2k1nr/8/8/8/8/8/8/RN2K1NR[Nn] w Bg - 0 1");
    EXPECT_FALSE(has(legalTexts(pos), "g1f3n"));
    j["rules"]["gating"] = false;
    j["start"] = "rn2k1nr/8/8/8/8/8/8/RN2K1NR w - - 0 1";
    EXPECT_FALSE(loadVariantText(j.dump(), "x.json")->rules.gating);
}

TEST(GatingLoader, Errors) {
    json j = small();
    j["rules"]["gating"] = 3;
    expectLoaderError(j, "/rules/gating: expected true, false or an object, got an integer");
    j["rules"]["gating"] = {{"squares", {"b2"}}};
    expectLoaderError(j, "/rules/gating/squares: b2 is not on White's first rank");
    j["rules"]["gating"] = {{"squares", {{"white", {"b1"}}, {"black", {"b1"}}}}};
    expectLoaderError(j, "/rules/gating/squares: b1 is not on Black's first rank");
    j["rules"]["gating"] = {{"square", {"b1"}}};
    expectLoaderError(j, "/rules/gating/square: unknown key 'square'");
    j["rules"]["gating"] = {{"squares", {"b1"}}};
    expectLoaderError(j, "/start: invalid FEN: unknown rights letter 'G' in 'BGbg'");
    // Without gating (or drops) a FEN has no hands.
    j["rules"].erase("gating");
    expectLoaderError(j, "/start: invalid FEN: holdings: the variant has no pieces in hand");
}
