// XBoard's dialect (engine/xboard_dialect.h) on its own: move text both ways, variant names and
// the size prefix, XBoard's start array, and the setup/piece lines of engine-defined variants.
#include <gtest/gtest.h>

#include "engine/movegen.h"
#include "engine/position.h"
#include "engine/xboard_dialect.h"

namespace timur::protocol {
namespace {

std::shared_ptr<const Variant> load(const std::string& text) {
    return loadVariantText(text, "x.json");
}

std::vector<std::shared_ptr<const Variant>> shippedVariants() {
    std::vector<std::shared_ptr<const Variant>> all;
    for (const auto& name : shippedVariantNames()) all.push_back(loadVariant(name));
    return all;
}

// ---------------------------------------------------------------------------------------------
// Moves

TEST(XBoardMoves, TenRankBoardsCountRanksFromZero) {
    EXPECT_EQ(toXBoardMove("h1g3", 10), "h0g2");
    EXPECT_EQ(toXBoardMove("a10a9", 10), "a9a8");
    EXPECT_EQ(toXBoardMove("P@e4", 10), "P@e3");
    EXPECT_EQ(fromXBoardMove("h0g2", 10), "h1g3");
    EXPECT_EQ(fromXBoardMove("b9b0", 10), "b10b1");
    for (int ranks : {8, 9, 11, 16}) {
        EXPECT_EQ(toXBoardMove("h1g3", ranks), "h1g3") << ranks;
        EXPECT_EQ(fromXBoardMove("h1g3", ranks), "h1g3") << ranks;
    }
}

TEST(XBoardMoves, LocustCapturesAreLegs) {
    EXPECT_EQ(toXBoardMove("c3d4e5", 8), "c3d4,d4e5");
    EXPECT_EQ(toXBoardMove("a1b2c3d4", 8), "a1b2,b2c3,c3d4");
    EXPECT_EQ(toXBoardMove("c3d4e5q", 8), "c3d4,d4e5q");
    EXPECT_EQ(toXBoardMove("c3d4e5", 10), "c2d3,d3e4");
    EXPECT_EQ(fromXBoardMove("c3d4,d4e5", 8), "c3d4e5");
    EXPECT_EQ(fromXBoardMove("a1b2,b2c3,c3d4", 8), "a1b2c3d4");
    EXPECT_EQ(fromXBoardMove("c2d3,d3e4", 10), "c3d4e5");
    EXPECT_EQ(fromXBoardMove("c3d4,d4e5q", 8), "c3d4e5q");
    // A leg without a square is not a move: the text comes back as it was.
    EXPECT_EQ(fromXBoardMove("c3d4,xx", 8), "c3d4,xx");
}

TEST(XBoardMoves, PromotionSpellings) {
    EXPECT_EQ(fromXBoardMove("e7e8=q", 8), "e7e8q");
    EXPECT_EQ(fromXBoardMove("e7e8(q)", 8), "e7e8q");
    EXPECT_EQ(toXBoardMove("e7e8q", 8), "e7e8q");
    EXPECT_EQ(fromXBoardMove("a8a9+", 9), "a8a9+");
}

// Every legal move of every shipped start position survives the trip to XBoard and back.
TEST(XBoardMoves, RoundTripOverShippedStartPositions) {
    for (const auto& v : shippedVariants()) {
        SCOPED_TRACE(v->name);
        Position pos(v);
        pos.setStart();
        MoveList legal;
        generateLegal(pos, legal);
        ASSERT_GT(legal.size, 0);
        for (const Move& m : legal) {
            std::string text = moveText(pos, m);
            EXPECT_EQ(fromXBoardMove(toXBoardMove(text, v->board.ranks), v->board.ranks), text);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Variant names

TEST(XBoardNames, KnownAndEngineDefined) {
    auto name = [](const std::string& variant) { return xboardVariantName(*loadVariant(variant)); };
    EXPECT_EQ(name("chess").name, "normal");
    EXPECT_FALSE(name("chess").engineDefined);
    for (const char* v : {"shatranj", "makruk", "courier", "capablanca", "grand", "xiangqi",
                          "shogi", "crazyhouse"}) {
        EXPECT_EQ(name(v).name, v);
        EXPECT_FALSE(name(v).engineDefined) << v;
    }
    for (const char* v : {"nightrider", "grasshopper", "omicron", "tamerlane"}) {
        EXPECT_EQ(name(v).name, v);
        EXPECT_TRUE(name(v).engineDefined) << v;
    }
    // Characters XBoard cannot take in a variant list become '-'.
    auto odd = load(R"({"inherits": "nightrider", "name": "my night,rider!"})");
    EXPECT_EQ(xboardVariantName(*odd).name, "my-night-rider-");
}

TEST(XBoardNames, HoldingsCountDroppableTypes) {
    EXPECT_EQ(xboardHoldings(*loadVariant("chess")), 0);
    EXPECT_EQ(xboardHoldings(*loadVariant("crazyhouse")), 5);
    EXPECT_EQ(xboardHoldings(*loadVariant("shogi")), 7);  // not the king, not the "+" types
}

// A variant XBoard knows, on another board, is engine-defined under XBoard's prefixed name; a
// renamed one under its own name.
TEST(XBoardNames, InheritedVariants) {
    auto wideChess = load(R"({"inherits": "chess", "board": {"files": 10, "ranks": 8},
        "start": "rnbqkbnrrr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQKBNRRR w - - 0 1",
        "rules": {"castling": null}})");
    EXPECT_EQ(xboardVariantName(*wideChess).name, "10x8+0_normal");
    EXPECT_TRUE(xboardVariantName(*wideChess).engineDefined);
    auto wideHouse = load(R"({"inherits": "crazyhouse", "board": {"files": 10, "ranks": 8},
        "start": "rnbqkbnrrr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQKBNRRR[] w - - 0 1",
        "rules": {"castling": null}})");
    EXPECT_EQ(xboardVariantName(*wideHouse).name, "10x8+5_crazyhouse");
    auto ruleOption = load(R"({"inherits": "chess", "rules": {"nMoveRule": 40}})");
    EXPECT_EQ(xboardVariantName(*ruleOption).name, "normal");
    EXPECT_FALSE(xboardVariantName(*ruleOption).engineDefined);
    auto renamed = load(R"({"inherits": "chess", "name": "mychess"})");
    EXPECT_EQ(xboardVariantName(*renamed).name, "mychess");
    EXPECT_TRUE(xboardVariantName(*renamed).engineDefined);
}

TEST(XBoardNames, FindsWhatXBoardAsksFor) {
    auto all = shippedVariants();
    auto find = [&](const std::string& requested) {
        auto v = findXBoardVariant(all, requested);
        return v ? v->name : std::string("none");
    };
    EXPECT_EQ(find("normal"), "chess");
    EXPECT_EQ(find("NORMAL"), "chess");
    EXPECT_EQ(find("chess"), "chess");
    EXPECT_EQ(find("courier"), "courier");
    EXPECT_EQ(find("tamerlane"), "tamerlane");
    EXPECT_EQ(find("10x8+0_capablanca"), "capablanca");
    EXPECT_EQ(find("9x10+0_xiangqi"), "xiangqi");
    EXPECT_EQ(find("8x8+0_capablanca"), "none");   // not our board
    EXPECT_EQ(find("13x10+0_tamerlane"), "none");  // a prefix names one of XBoard's variants
    EXPECT_EQ(find("12x10+0_fairy"), "none");
    EXPECT_EQ(find("8x8+0_"), "none");
    EXPECT_EQ(find("nosuchvariant"), "none");
    // The engine-defined name of an inherited variant finds it.
    all.push_back(load(R"({"inherits": "chess", "board": {"files": 10, "ranks": 8},
        "start": "rnbqkbnrrr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQKBNRRR w - - 0 1",
        "rules": {"castling": null}, "name": "chess"})"));
    EXPECT_EQ(findXBoardVariant(all, "10x8+0_normal"), all.back());
}

// ---------------------------------------------------------------------------------------------
// Start positions

TEST(XBoardStart, OnlyWhereXBoardsArrayDiffers) {
    std::string courier =
        "rnebmkfwbenr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RNEBMKFWBENR w - - 0 1";
    EXPECT_EQ(xboardStartFen(*loadVariant("courier")), courier);
    for (const char* v : {"chess", "capablanca", "shogi", "tamerlane"})
        EXPECT_EQ(xboardStartFen(*loadVariant(v)), "") << v;
    // Same name, same board: XBoard's array still applies.
    EXPECT_EQ(xboardStartFen(*load(R"({"inherits": "courier", "rules": {"nMoveRule": 40}})")),
              courier);
    // Renamed or on another board, the variant is engine-defined: our start.
    EXPECT_EQ(xboardStartFen(*load(R"({"inherits": "courier", "name": "my-courier"})")), "");
    EXPECT_EQ(xboardStartFen(*load(R"({"inherits": "courier", "board": {"files": 14, "ranks": 8},
        "start": "rnebmkfwbenrrr/pppppppppppppp/14/14/14/14/PPPPPPPPPPPPPP/RNEBMKFWBENRRR w - - 0 1"
        })")),
              "");
}

// ---------------------------------------------------------------------------------------------
// setup and piece lines

TEST(XBoardSetup, NightriderLines) {
    auto lines = xboardSetup(*loadVariant("nightrider"));
    ASSERT_FALSE(lines.empty());
    EXPECT_EQ(lines[0],
              "setup (P.BRQ.......N........Kp.brq.......n........k) 8x8+0_fairy "
              "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    std::vector<std::string> pieces(lines.begin() + 1, lines.end());
    EXPECT_EQ(pieces,
              (std::vector<std::string>{"piece P& fmWfceFifmnD", "piece N& N0", "piece B& B",
                                        "piece R& R", "piece Q& Q", "piece K& KO2"}));
}

// The castling royal's O-distance is from its start file to its kingside file.
TEST(XBoardSetup, CastlingDistanceFromTheStartArray) {
    auto lines = xboardSetup(*loadVariant("capablanca"));
    EXPECT_NE(std::find(lines.begin(), lines.end(), "piece K& KO3"), lines.end());
}

// Shogi-style promoted types get no picture and no piece line; holdings size the board.
TEST(XBoardSetup, PromotedTypesAndHoldings) {
    auto lines = xboardSetup(*loadVariant("shogi"));
    ASSERT_FALSE(lines.empty());
    EXPECT_NE(lines[0].find(") 9x9+7_fairy lnsgkgsnl/"), std::string::npos) << lines[0];
    EXPECT_EQ(lines[0].find('+'), lines[0].find("+7_fairy")) << lines[0];
    EXPECT_EQ(lines.size(), 1u + 8u);  // P L N S G B R K
    for (const auto& l : lines) EXPECT_EQ(l.find("piece +"), std::string::npos) << l;
}

// More than 21 non-royal types widen the piece-to-char table; the royal stays last.
TEST(XBoardSetup, TamerlaneTableHasTheKingLast) {
    auto lines = xboardSetup(*loadVariant("tamerlane"));
    ASSERT_FALSE(lines.empty());
    const std::string& setup = lines[0];
    auto open = setup.find('('), close = setup.find(')');
    ASSERT_NE(close, std::string::npos);
    std::string table = setup.substr(open + 1, close - open - 1);
    std::string white = table.substr(0, table.size() / 2);
    EXPECT_EQ(white.back(), 'K');
    EXPECT_NE(setup.find(" 13x10+0_fairy "), std::string::npos) << setup;
}

}  // namespace
}  // namespace timur::protocol
