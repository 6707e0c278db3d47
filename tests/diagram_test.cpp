// The text, JSON and SVG pictures of hand-made move lists (no parser, compiler or walk involved).
#include "notation/diagram.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

namespace timur::betza {
namespace {

int sq(const Geometry& g, const char* name) {
    return *g.parse(name);
}

WalkMove move(int to, std::vector<int> captures = {}, bool enPassant = false, int epCreated = -1,
              int unloadTo = -1) {
    WalkMove m;
    m.to = to;
    m.captures = std::move(captures);
    m.enPassant = enPassant;
    m.epCreated = epCreated;
    m.unloadTo = unloadTo;
    return m;
}

std::size_t count(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
        ++n;
    return n;
}

// A White piece on d4 of 8x8 with: a move to d5, a capture on e5, a locust capture of c5 ending
// on b6, an e.p. capture to f6 taking f5, a friend on a1, a hole on h8.
DiagramInput sample() {
    DiagramInput in;
    Geometry& g = in.board;
    g.holes.set(sq(g, "h8"));
    in.from = sq(g, "d4");
    in.friends.set(sq(g, "a1"));
    in.enemies.set(sq(g, "e5"));
    in.enemies.set(sq(g, "c5"));
    in.enemies.set(sq(g, "f5"));
    in.enemies.set(sq(g, "g2"));
    in.moves = {
        move(sq(g, "e5"), {sq(g, "e5")}),
        move(sq(g, "d5")),
        move(sq(g, "b6"), {sq(g, "c5")}),
        move(sq(g, "f6"), {sq(g, "f5")}, true),
    };
    return in;
}

TEST(DiagramText, BoardMarksAndLegend) {
    std::string text = diagramText(sample());
    EXPECT_EQ(text,
              "  8  . . . . . . . #\n"
              "  7  . . . . . . . .\n"
              "  6  . * . . . e . .\n"
              "  5  . . o * x o . .\n"
              "  4  . . . @ . . . .\n"
              "  3  . . . . . . . .\n"
              "  2  . . . . . . E .\n"
              "  1  F . . . . . . .\n"
              "     a b c d e f g h\n"
              "Legend: @ piece (White, moving up), F friend, E enemy, # hole, * move, "
              "e en-passant capture ends here, x capture, "
              "o captured on the way (locust or e.p. victim)\n");
}

TEST(DiagramText, CombinedMarksAndBlack) {
    DiagramInput in;
    Geometry& g = in.board;
    g.files = 11;
    g.ranks = 10;
    in.color = 1;
    in.from = sq(g, "f6");
    in.enemies.set(sq(g, "f5"));
    in.moves = {
        move(sq(g, "f5"), {sq(g, "f5")}), move(sq(g, "f4"), {sq(g, "f5")}),
        move(sq(g, "f6")),  // a null move
    };
    std::string text = diagramText(in);
    EXPECT_NE(text.find(" 10  . . . . . . . . . . .\n"), std::string::npos) << text;
    EXPECT_NE(text.find("  6  . . . . . & . . . . .\n"), std::string::npos) << text;
    EXPECT_NE(text.find("  5  . . . . . X . . . . .\n"), std::string::npos) << text;
    EXPECT_NE(text.find("  4  . . . . . * . . . . .\n"), std::string::npos) << text;
    EXPECT_NE(text.find("     a b c d e f g h i j k\n"), std::string::npos) << text;
    EXPECT_NE(
        text.find(
            "Legend: & piece (Black, moving down), which may also end a move on its own square"),
        std::string::npos)
        << text;
    EXPECT_NE(text.find("X capture, and captured on the way by another move"), std::string::npos);
    EXPECT_EQ(text.find("E enemy"), std::string::npos) << "the only enemy is marked X";
}

// Unload (u) marks and royals: a swap (d6, put on the piece's own square), captures whose
// victims are put on c3 and on e5, where a plain move also ends; a royal friend and enemy.
DiagramInput unloads() {
    DiagramInput in;
    Geometry& g = in.board;
    in.from = sq(g, "d4");
    for (const char* e : {"d6", "g7", "b2", "a8"}) in.enemies.set(sq(g, e));
    for (const char* f : {"a1", "h1"}) in.friends.set(sq(g, f));
    in.royals.set(sq(g, "a8"));
    in.royals.set(sq(g, "h1"));
    in.moves = {
        move(sq(g, "d6"), {sq(g, "d6")}, false, -1, sq(g, "d4")),
        move(sq(g, "e5")),
        move(sq(g, "g7"), {sq(g, "g7")}, false, -1, sq(g, "e5")),
        move(sq(g, "b2"), {sq(g, "b2")}, false, -1, sq(g, "c3")),
    };
    return in;
}

TEST(DiagramText, UnloadMarksAndRoyals) {
    EXPECT_EQ(diagramText(unloads()),
              "  8  K . . . . . . .\n"
              "  7  . . . . . . x .\n"
              "  6  . . . x . . . .\n"
              "  5  . . . . U . . .\n"
              "  4  . . . u . . . .\n"
              "  3  . . u . . . . .\n"
              "  2  . x . . . . . .\n"
              "  1  F . . . . . . Y\n"
              "     a b c d e f g h\n"
              "Legend: u piece (White, moving up), which may swap places: a piece it captures is "
              "put on its square, F friend, Y royal friend, K royal enemy, x capture, u a captured "
              "piece is put here (unload), U a captured piece is put here, and a move ends here\n");
    std::vector<std::uint8_t> marks = squareMarks(unloads());
    EXPECT_EQ(marks[sq(Geometry{}, "e5")], kMarkMove | kMarkUnload);
    EXPECT_EQ(marks[sq(Geometry{}, "d4")], kMarkUnload);
}

TEST(DiagramSvg, UnloadAndRoyals) {
    std::string svg = diagramSvg(unloads());
    EXPECT_EQ(count(svg, "class=\"unload\""), 3u);  // d4, e5, c3
    EXPECT_EQ(count(svg, ">K</text>"), 2u);         // the royal friend and enemy
    EXPECT_EQ(count(svg, ">F</text>"), 1u);
}

TEST(DiagramText, NoMoves) {
    DiagramInput in;
    in.board.files = 3;
    in.board.ranks = 2;
    in.from = 1;
    EXPECT_EQ(diagramText(in),
              "  2  . . .\n"
              "  1  . @ .\n"
              "     a b c\n"
              "Legend: @ piece (White, moving up)\n");
}

TEST(SquareMarks, Bits) {
    DiagramInput in = sample();
    std::vector<std::uint8_t> marks = squareMarks(in);
    ASSERT_EQ(marks.size(), 64u);
    EXPECT_EQ(marks[sq(in.board, "d5")], kMarkMove);
    EXPECT_EQ(marks[sq(in.board, "e5")], kMarkCapture);
    EXPECT_EQ(marks[sq(in.board, "c5")], kMarkVictim);
    EXPECT_EQ(marks[sq(in.board, "f6")], kMarkEp);
    EXPECT_EQ(marks[sq(in.board, "f5")], kMarkVictim);
    EXPECT_EQ(marks[sq(in.board, "d4")], 0);
}

TEST(DiagramJson, SortedMovesAndXBetza) {
    DiagramInput in = sample();
    in.moves.push_back(move(sq(in.board, "d6"), {}, false, sq(in.board, "d5")));
    in.moves.push_back(move(sq(in.board, "a4"), {sq(in.board, "a4")}, false, -1, 27));
    auto doc = nlohmann::json::parse(diagramJson(in, std::string("WfF")));
    ASSERT_TRUE(doc.is_object());
    EXPECT_EQ(doc.size(), 2u);
    EXPECT_EQ(doc["xbetza"], "WfF");
    const auto& moves = doc["moves"];
    ASSERT_TRUE(moves.is_array());
    std::vector<std::string> to;
    for (const auto& m : moves) to.push_back(m["to"]);
    EXPECT_EQ(to, (std::vector<std::string>{"a4", "d5", "e5", "b6", "d6", "f6"}));
    EXPECT_EQ(moves[0]["captures"], nlohmann::json::array({"a4"}));
    EXPECT_EQ(moves[0]["unloadTo"], "d4");
    EXPECT_EQ(moves[1]["captures"], nlohmann::json::array());
    EXPECT_FALSE(moves[1].contains("enPassant"));
    EXPECT_FALSE(moves[1].contains("epCreated"));
    EXPECT_EQ(moves[3]["captures"], nlohmann::json::array({"c5"}));
    EXPECT_EQ(moves[4]["epCreated"], "d5");
    EXPECT_EQ(moves[5]["enPassant"], true);
    EXPECT_EQ(moves[5]["captures"], nlohmann::json::array({"f5"}));
}

TEST(DiagramJson, NullXBetzaAndOneLine) {
    DiagramInput in;
    std::string text = diagramJson(in, std::nullopt, -1);
    EXPECT_EQ(text, R"({"moves":[],"xbetza":null})");
}

TEST(DiagramJson, SameSquareSortedByCaptures) {
    DiagramInput in;
    Geometry& g = in.board;
    in.from = sq(g, "a1");
    in.moves = {
        move(sq(g, "c3"), {sq(g, "b2"), sq(g, "c3")}),
        move(sq(g, "c3"), {sq(g, "c3")}),
    };
    auto doc = nlohmann::json::parse(diagramJson(in, std::nullopt));
    ASSERT_EQ(doc["moves"].size(), 2u);
    EXPECT_EQ(doc["moves"][0]["captures"], nlohmann::json::array({"b2", "c3"}));
    EXPECT_EQ(doc["moves"][1]["captures"], nlohmann::json::array({"c3"}));
}

TEST(DiagramSvg, Structure) {
    DiagramInput in = sample();
    in.label = "Q&";
    std::string svg = diagramSvg(in, "W<F>");
    EXPECT_EQ(svg.rfind("<?xml", 0), 0u);
    EXPECT_NE(svg.find("<svg xmlns=\"http://www.w3.org/2000/svg\""), std::string::npos);
    EXPECT_NE(svg.find("</svg>\n"), std::string::npos);
    // 64 squares + background + border.
    EXPECT_EQ(count(svg, "<rect"), 66u);
    EXPECT_EQ(count(svg, "fill=\"#3a3a3a\""), 1u);   // the hole
    EXPECT_EQ(count(svg, "class=\"move\""), 2u);     // d5, b6
    EXPECT_EQ(count(svg, "class=\"ep\""), 1u);       // f6
    EXPECT_EQ(count(svg, "class=\"capture\""), 1u);  // e5
    EXPECT_EQ(count(svg, "class=\"victim\""), 2u);   // c5, f5
    EXPECT_EQ(count(svg, ">F</text>"), 1u);
    EXPECT_EQ(count(svg, ">E</text>"), 4u);
    EXPECT_NE(svg.find(">Q&amp;</text>"), std::string::npos);  // the label, escaped
    EXPECT_NE(svg.find("W&lt;F&gt;"), std::string::npos);      // the caption, escaped
    for (const char* coordinate : {">a</text>", ">h</text>", ">1</text>", ">8</text>"})
        EXPECT_EQ(count(svg, coordinate), 1u) << coordinate;
}

TEST(DiagramSvg, SizeFollowsBoard) {
    DiagramInput in;
    in.board.files = 16;
    in.board.ranks = 16;
    std::string svg = diagramSvg(in);
    EXPECT_EQ(count(svg, "<rect"), 16u * 16u + 2u);
    EXPECT_NE(svg.find(">p</text>"), std::string::npos);
    EXPECT_NE(svg.find(">16</text>"), std::string::npos);
    EXPECT_NE(svg.find(">@</text>"), std::string::npos);  // the default label
    EXPECT_EQ(svg.find("<title>"), std::string::npos);
}

}  // namespace
}  // namespace timur::betza
