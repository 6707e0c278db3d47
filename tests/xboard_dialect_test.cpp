// XBoard's dialect (engine/xboard_dialect.h) on its own: move text both ways, variant names and
// the size prefix, XBoard's start array, and the setup/piece lines of engine-defined variants.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>

#include "engine/movegen.h"
#include "engine/position.h"
#include "engine/xboard_dialect.h"
#include "engine/xboard_piece_names.h"

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

// SAN as XBoard reads it from a PGN file (xboard_san.cpp).
std::string san(const std::string& variant, const std::string& fen, const std::string& move) {
    auto v = loadVariant(variant);
    Position pos(v);
    pos.setFen(fen);
    Move m = parseMove(pos, move);
    EXPECT_FALSE(m.isNull()) << move;
    return XBoardMoves(v).san(pos, m);
}

TEST(XBoardSan, ChessForms) {
    const char* start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    EXPECT_EQ(san("chess", start, "g1f3"), "Nf3");
    EXPECT_EQ(san("chess", start, "e2e4"), "e4");
    // Two knights reach d2: the file tells them apart; two rooks on one file: the rank.
    const char* knights = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1";
    EXPECT_EQ(san("chess", knights, "b1d2"), "Nbd2");
    const char* rooks = "4k3/R7/8/8/8/8/8/R3K3 w - - 0 1";
    EXPECT_EQ(san("chess", rooks, "a1a4"), "R1a4");
    // Three queens: neither file nor rank alone is enough.
    const char* queens = "8/7k/8/8/Q7/8/8/Q2QK3 w - - 0 1";
    EXPECT_EQ(san("chess", queens, "a1d4"), "Qa1d4");
    EXPECT_EQ(san("chess", queens, "a4a2"), "Q4a2");
    EXPECT_EQ(san("chess", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), "exd6");
    EXPECT_EQ(san("chess", "k7/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8q"), "e8=Q+");
    EXPECT_EQ(san("chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1"), "O-O");
    EXPECT_EQ(san("chess", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8"), "O-O-O");
    EXPECT_EQ(san("chess", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8"), "Ra8#");
}

TEST(XBoardSan, VariantForms) {
    // Drops; xiangqi with XBoard's letters (our horse N is its H, elephant B its E) and ranks
    // from 0; both elephants reach e3 (XBoard's e2).
    EXPECT_EQ(san("crazyhouse", "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1", "N@e4"), "N@e4");
    auto xq = loadVariant("xiangqi");
    EXPECT_EQ(san("xiangqi", xq->startFen, "b1c3"), "Hc2");
    EXPECT_EQ(san("xiangqi", xq->startFen, "c1e3"), "Ece2");
    // Shogi: XBoard reads '+' as a promotion there, so a check is not marked; a promotion
    // (its letter "+B") has no SAN letter and is written in coordinates.
    auto shogi = loadVariant("shogi");
    EXPECT_EQ(san("shogi", "4k4/9/9/9/9/9/9/9/4K3R[-] w - - 0 1", "i1i9"), "Ri9");
    // Chu's Lion as XBoard writes its two-leg moves: the first leg as a capture, then '-' to an
    // empty square or back (igui), 'x' onto a piece.
    const char* lion = "11k/12/12/12/12/4g7/4p7/4N7/12/12/12/K11 w - - 0 1";
    EXPECT_EQ(san("chu", lion, "e5e6e5"), "Nxe6-e5");
    EXPECT_EQ(san("chu", lion, "e5e6d7"), "Nxe6-d7");
    EXPECT_EQ(san("chu", lion, "e5e6e7"), "Nxe6xe7");
    // An engine-defined variant (Tamerlane) keeps Timur's own text.
    auto tam = loadVariant("tamerlane");
    Position pos(tam);
    pos.setStart();
    MoveList legal;
    generateLegal(pos, legal);
    XBoardMoves dialect(tam);
    for (const Move& m : legal) EXPECT_EQ(dialect.san(pos, m), moveText(pos, m, true));
}

// A pass is XBoard's null move both ways (XBoard refuses e2e2 as a forfeit).
TEST(XBoardMoves, PassIsTheNullMove) {
    auto v = loadVariant("janggi");
    Position pos(v);
    pos.setStart();
    XBoardMoves dialect(v);
    Move pass = parseMove(pos, "e2e2");
    ASSERT_FALSE(pass.isNull());
    EXPECT_EQ(dialect.text(pos, pass), "@@@@");
    EXPECT_EQ(dialect.parse(pos, "@@@@"), pass);
    // Where no pass is allowed, XBoard's null move is no move.
    auto chess = loadVariant("chess");
    Position start(chess);
    start.setStart();
    EXPECT_TRUE(XBoardMoves(chess).parse(start, "@@@@").isNull());
}

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

// A shogi-style promoted type ("+P") is its base piece's promotion partner in the table ("^P":
// shown as +P, married to P) and gets a piece line; the parent is chu, under which XBoard lets
// any piece whose partner is a "+" type promote with '+'. Holdings size the board.
TEST(XBoardSetup, PromotedTypesAndHoldings) {
    auto lines = xboardSetup(*loadVariant("shogi"));
    ASSERT_FALSE(lines.empty());
    EXPECT_NE(lines[0].find(") 9x9+7_chu lnsgkgsnl/"), std::string::npos) << lines[0];
    for (const char* partner : {"^P", "^L", "^N", "^S", "^B", "^R", "^p", "^r"})
        EXPECT_NE(lines[0].find(partner), std::string::npos) << partner << " in " << lines[0];
    EXPECT_EQ(lines.size(), 1u + 8u + 6u);  // P L N S G B R K, +P +L +N +S +B +R
    EXPECT_NE(std::find(lines.begin(), lines.end(), "piece +R& RF"), lines.end());
    EXPECT_NE(std::find(lines.begin(), lines.end(), "piece +P& WfF"), lines.end());
}

// Dai: 28 types a side besides the King and 26 promoted ones fit XBoard's 65 types. The crown
// prince (+E, a second royal) is XBoard's Prince, which XBoard's chu counts as a royal beside
// the King; no piece is XBoard's Lion (XBoard gives that type chu's Lion-capture rules, which dai
// has not); promoted types keep off types 0-21 (XBoard's default partners).
TEST(XBoardSetup, DaiFitsWithPartnersAndRoyals) {
    auto v = loadVariant("dai");
    auto lines = xboardSetup(*v);
    ASSERT_FALSE(lines.empty());
    const std::string table =
        "PDL!F'QVBOXRHLTP'CEASMGF.X'WC'A'INU.^X'^W^C'^A'^I^N^U.........^P^P'^C^S^E^G^F^T^O^X^L"
        "^A^M^V^B^R^H^D^F'K";
    std::string black = table;
    for (size_t i = 0; i < black.size(); ++i)
        if (std::isupper(static_cast<unsigned char>(black[i])))
            black[i] = char(std::tolower(static_cast<unsigned char>(black[i])));
    EXPECT_EQ(lines[0].substr(0, lines[0].find(' ', 7)), "setup (" + table + black + ")");
    EXPECT_NE(lines[0].find(") 15x15+0_chu lnuicsgkgsciunl/"), std::string::npos) << lines[0];
    EXPECT_EQ(lines.size(), 1u + v->pieces.size());
    for (const char* line : {"piece L!& KNADcaKmcabK", "piece +O& KNADcaKmcabK", "piece +E& K",
                             "piece +F'& WfF", "piece N& fN", "piece F'& F2"})
        EXPECT_NE(std::find(lines.begin(), lines.end(), line), lines.end()) << line;

    XBoardPieces x = xboardPieces(*v);
    EXPECT_EQ(x.parent, "chu");
    EXPECT_EQ(x.type[v->pieceByLetter("K")], kXBoardKingType);
    EXPECT_EQ(x.type[v->pieceByLetter("+E")], xboardPieceType("Prince"));
    std::vector<int> seen;
    for (size_t t = 0; t < v->pieces.size(); ++t) {
        EXPECT_GE(x.type[t], 0) << v->pieces[t].letter;
        EXPECT_NE(x.type[t], xboardPieceType("Lion")) << v->pieces[t].letter;
        if (v->pieces[t].letter.front() == '+') {
            EXPECT_GE(x.type[t], 22) << v->pieces[t].letter;
            EXPECT_EQ(x.suffix[t], '+');
        }
        EXPECT_EQ(std::count(seen.begin(), seen.end(), x.type[t]), 0) << v->pieces[t].letter;
        seen.push_back(x.type[t]);
    }
}

// A "+X" type that X does not promote to has no partner in the table: it is not shown.
TEST(XBoardSetup, PromotedTypeWithoutItsBasePieceIsNotShown) {
    auto v = load(R"({"inherits": "nightrider", "name": "stray-promoted", "pieces": [
        {"name": "pawn", "letter": "P", "betza": "fmWfceFifmnD"},
        {"name": "nightrider", "letter": "N", "betza": "NN"},
        {"name": "bishop", "letter": "B", "betza": "B"},
        {"name": "rook", "letter": "R", "betza": "R"},
        {"name": "queen", "letter": "Q", "betza": "Q"},
        {"name": "king", "letter": "K", "betza": "K", "royal": true},
        {"name": "dragon", "letter": "+R", "betza": "RF"}]})");
    XBoardPieces x = xboardPieces(*v);
    EXPECT_EQ(x.type[v->pieceByLetter("+R")], -1);
    EXPECT_EQ(x.parent, "fairy");
}

// Tamerlane's pieces are drawn as the XBoard types tamerlane.json names (the images of
// data/pieces/tamerlane are made for them), every one of its 25 types, P' and P! with
// nicknames; the King swap needs a parent without castling.
TEST(XBoardSetup, TamerlaneTableNamesEveryPiece) {
    auto lines = xboardSetup(*loadVariant("tamerlane"));
    ASSERT_FALSE(lines.empty());
    const std::string& setup = lines[0];
    auto open = setup.find('('), close = setup.find(')');
    ASSERT_NE(close, std::string::npos);
    std::string table = setup.substr(open + 1, close - open - 1);
    std::string white = table.substr(0, table.find("SK") + 2);
    EXPECT_EQ(white, ".NTR.FEK'F'V..V'.ZAZ'T'.N'R'.E'C'CDD'P..P'=JP!=L..................SK");
    EXPECT_EQ(table.substr(white.size()),
              ".ntr.fek'f'v..v'.zaz't'.n'r'.e'c'cdd'p..p'=jp!=l..................sk");
    EXPECT_NE(setup.find(" 13x10+0_shatranj *e1c1d1d1c1e*/"), std::string::npos) << setup;
    EXPECT_EQ(lines.size(), 1u + 25u);
    EXPECT_NE(std::find(lines.begin(), lines.end(), "piece P!& fmWfcF"), lines.end());
    EXPECT_NE(std::find(lines.begin(), lines.end(), "piece A& K"), lines.end());

    XBoardPieces x = xboardPieces(*loadVariant("tamerlane"));
    auto v = loadVariant("tamerlane");
    EXPECT_EQ(x.type[v->pieceByLetter("Z")], 14);  // CrownedRook
    EXPECT_EQ(x.type[v->pieceByLetter("K")], 65);
    EXPECT_EQ(x.suffix[v->pieceByLetter("P'")], 'j');
    EXPECT_EQ(x.suffix[v->pieceByLetter("P!")], 'l');
    EXPECT_EQ(x.suffix[v->pieceByLetter("N")], 'n');
    EXPECT_EQ(x.nickname[v->pieceByLetter("K'")], 0);  // not a promotion target
    EXPECT_TRUE(x.ownTargetSwaps);
}

// Without a swap rule the parent keeps castling ("fairy"); "xboardPiece" fixes a piece's type
// and the others keep theirs unless it was theirs.
TEST(XBoardSetup, ParentAndNamedTypes) {
    for (const char* name : {"nightrider", "grasshopper", "omicron"})
        EXPECT_EQ(xboardPieces(*loadVariant(name)).parent, "fairy") << name;
    EXPECT_EQ(xboardPieces(*loadVariant("tamerlane-second-array")).parent, "shatranj");
    auto named = load(R"({"inherits": "nightrider", "name": "named-nightrider", "pieces": [
        {"name": "pawn", "letter": "P", "betza": "fmWfceFifmnD"},
        {"name": "nightrider", "letter": "N", "betza": "NN", "xboardPiece": "Unicorn"},
        {"name": "bishop", "letter": "B", "betza": "B"},
        {"name": "rook", "letter": "R", "betza": "R"},
        {"name": "queen", "letter": "Q", "betza": "Q", "xboardPiece": "Knight"},
        {"name": "king", "letter": "K", "betza": "K", "royal": true}]})");
    auto lines = xboardSetup(*named);
    ASSERT_FALSE(lines.empty());
    EXPECT_NE(lines[0].find("setup (PQBR................NKpqbr................nk) 8x8+0_fairy"),
              std::string::npos)
        << lines[0];
}

// A piece's "xboardPiece" must be one of XBoard's names, and no two pieces may share one.
TEST(XBoardSetup, NamedTypesAreChecked) {
    auto error = [](const std::string& json) {
        try {
            load(json);
        } catch (const VariantError& e) {
            return std::string(e.what());
        }
        return std::string("loaded");
    };
    EXPECT_NE(error(R"({"inherits": "nightrider", "name": "x1", "pieces": [
        {"name": "king", "letter": "K", "betza": "K", "royal": true, "xboardPiece": "Emperor"}]})")
                  .find("/pieces/0/xboardPiece: unknown XBoard piece"),
              std::string::npos);
    EXPECT_NE(error(R"({"inherits": "nightrider", "name": "x2", "pieces": [
        {"name": "king", "letter": "K", "betza": "K", "royal": true, "xboardPiece": "King"},
        {"name": "queen", "letter": "Q", "betza": "Q", "xboardPiece": "King"}]})")
                  .find("/pieces/1/xboardPiece: XBoard piece 'King' is already king"),
              std::string::npos);
}

// ---------------------------------------------------------------------------------------------
// Moves of a position: every Tamerlane move kind, written for XBoard and read back

class TamerlaneMoves : public ::testing::Test {
  protected:
    std::shared_ptr<const Variant> v = loadVariant("tamerlane");
    XBoardMoves xb{v};
    Position pos{v};

    // Sets `fen` and returns the legal move with Timur's text `timur`.
    Move move(const std::string& fen, const std::string& timur) {
        pos.setFen(fen);
        Move m = parseMove(pos, timur);
        EXPECT_FALSE(m.isNull()) << timur << " in " << fen;
        return m;
    }
    // XBoard's text of the move, and that every spelling in `reads` reads back as it.
    std::string both(const Move& m, std::initializer_list<std::string> reads = {}) {
        std::string text = xb.text(pos, m);
        EXPECT_EQ(xb.parse(pos, text), m) << text;
        for (const auto& r : reads) EXPECT_EQ(xb.parse(pos, r), m) << r;
        return text;
    }
};

const char* kStart =
    "*e1c1d1d1c1e*/1rntzvkfztnr*/*r'n't'z'v'k'f'e'c'd'p*/*11*/*11*/*11*/*11*/"
    "*PD'C'E'F'K'V'Z'T'N'R'*/*RNTZFKVZTNR1/*E1C1D1D1C1E* w KXkx - 0 1";

TEST_F(TamerlaneMoves, OrdinaryMovesAndCaptures) {
    EXPECT_EQ(both(move(kStart, "c3c4")), "c2c3");
    EXPECT_EQ(both(move(kStart, "c2d4")), "c1d3");
    EXPECT_EQ(both(move("*10k*/12*/*11*/*11*/*11*/*11*/*3r7*/*11*/*3R8/*K10* w - - 0 1", "e2e4")),
              "e1e3");
    EXPECT_TRUE(xb.canShow(pos, move(kStart, "c3c4")));
}

// Every promotion carries its letter, forced or not; the letter alone is read too.
TEST_F(TamerlaneMoves, PromotionByType) {
    std::string fen = "*10k*/2N'3K'5*/*11*/*11*/*11*/*11*/*11*/*11*/*12/*K10* w - - 0 1";
    EXPECT_EQ(both(move(fen, "c9c10"), {"c8c9", "c8c9=n"}), "c8c9n");
    EXPECT_EQ(both(move(fen, "g9g10"), {"g8g9"}), "g8g9s");
    EXPECT_TRUE(xb.parse(pos, "g8g9f").isNull());  // XBoard's default letter is not ours
    // The third journey of the pawn of pawns ends as an adventitious king.
    EXPECT_EQ(both(move("*10k*/2P!9*/*11*/*11*/*11*/*11*/*11*/*11*/*12/*K10* w - - 0 1", "c9c10")),
              "c8c9a");
}

// The parked pawn of pawns is placed with its nickname letter; onto an own piece the swapping
// parent needs a kill leg, which XBoard relays as castling (A D,K E).
TEST_F(TamerlaneMoves, PlacementOfThePawnOfPawns) {
    std::string forks = "*P9k*/12*/*11*/*11*/*3r1r5*/*11*/*11*/*11*/*12/*K10* w - - 0 1";
    EXPECT_EQ(both(move(forks, "b10f5"), {"b9f4"}), "b9f4j");
    std::string ontoEnemy = "*P9k*/12*/*11*/*11*/*3r1r5*/*4n6*/*11*/*11*/*12/*K10* w - - 0 1";
    EXPECT_EQ(both(move(ontoEnemy, "b10f5")), "b9f4j");
    std::string ontoOwn = "*P9k*/12*/*11*/*11*/*3r1r5*/*4N6*/*11*/*11*/*12/*K10* w - - 0 1";
    Move own = move(ontoOwn, "b10f5");
    EXPECT_EQ(both(own, {"b9f4,f4e4"}), "b9f4,f4f4j");
    EXPECT_TRUE(xb.canShow(pos, own));
    EXPECT_FALSE(xb.entered(pos, own).shown);  // a person cannot enter it
}

// The pawn of pawns' second arrival goes to the pawn of kings' square (g3, XBoard's g2).
TEST_F(TamerlaneMoves, RelocationToThePawnOfKingsSquare) {
    std::string fen = "*3r6k*/3P'8*/*11*/*11*/*11*/*11*/*11*/*11*/*12/*K10* w - - 0 1";
    EXPECT_EQ(both(move(fen, "d9d10"), {"d8d9,d9g2l"}), "d8g2l");
    EXPECT_EQ(both(move(fen, "d9e10")), "d8e9,e9g2l");
    // An own piece on the relocation square: killed first; with a capture on arrival too, the
    // move needs two kill squares, which XBoard cannot take.
    std::string own = "*3r6k*/3P'8*/*11*/*11*/*11*/*11*/*11*/*5N5*/*12/*K10* w - - 0 1";
    Move straight = move(own, "d9d10");
    EXPECT_EQ(both(straight, {"d8g2,g2f2"}), "d8g2,g2g2l");
    EXPECT_FALSE(xb.entered(pos, straight).shown);
    Move capture = move(own, "d9e10");
    EXPECT_FALSE(xb.canShow(pos, capture));
    EXPECT_TRUE(xb.canShow(pos, straight));
    // Black: XBoard relays a person's relocation through an empty arrival square as castling.
    std::string black = "*10k*/12*/*11*/*11*/*11*/*11*/*11*/*11*/*10p'1/*K10* b - - 0 1";
    EXPECT_EQ(both(move(black, "l2l1"), {"l1l0,l0g7l", "l1g7,l0f7"}), "l1g7l");
}

TEST_F(TamerlaneMoves, KingSwapAndCitadels) {
    std::string check = "*10k*/12*/*5r5*/*11*/*11*/*11*/*11*/*10R'*/*5K6/*R10* w K - 0 1";
    EXPECT_EQ(both(move(check, "g2b1")), "g1b0");
    EXPECT_EQ(both(move(check, "g2h2")), "g1h1");
    std::string citadel = "*11*/12*/*K10*/*11*/*11*/*11*/*4S6*/*11*/*10k1/*11* w X - 0 1";
    Move entry = move(citadel, "b8a9");
    EXPECT_EQ(both(entry), "b7a8");
    EXPECT_TRUE(xb.canShow(pos, entry));
    // The citadel exchange: XBoard has no way to put the partner in the citadel.
    Move exchange = move(citadel, "b8a9f4");
    EXPECT_EQ(both(exchange), "b7a8,a8f3");
    EXPECT_FALSE(xb.canShow(pos, exchange));
    EXPECT_FALSE(xb.entered(pos, exchange).shown);
}

// XBoard's coordinates of a square, both ways; beside the board is a piece in hand.
TEST_F(TamerlaneMoves, Squares) {
    EXPECT_EQ(xb.square(*v->board.parse("g3")), "g2");
    EXPECT_EQ(xb.squareOf("g2"), *v->board.parse("g3"));
    EXPECT_EQ(xb.squareOf("m9"), *v->board.parse("m10"));
    EXPECT_EQ(xb.squareOf("n3"), -2);
    EXPECT_EQ(xb.squareOf("g10"), -1);
    EXPECT_EQ(xb.squareOf("g"), -1);
    EXPECT_EQ(xb.squareOf("@@"), -1);
}

// A variant XBoard knows keeps the plain text conversion (shatranj's forced promotion is
// XBoard's business).
TEST(XBoardMovesKnown, TextConversionOnly) {
    auto v = loadVariant("shatranj");
    XBoardMoves xb(v);
    Position pos(v);
    pos.setFen("8/4P3/8/8/8/8/8/k6K w - - 0 1");
    Move m = parseMove(pos, "e7e8");
    ASSERT_FALSE(m.isNull());
    EXPECT_EQ(xb.text(pos, m), "e7e8");
    EXPECT_EQ(xb.parse(pos, "e7e8"), m);
    EXPECT_FALSE(xb.engineDefined());
}

// XBoard supplies a bare promotion's suffix as its table's Queen letter, '.' in makruk: a pawn's
// capture onto the promotion rank reaches the other engine as d5e6. (the forced promotion).
TEST(XBoardMovesKnown, MakrukPromotionWithXBoardsDot) {
    auto v = loadVariant("makruk");
    XBoardMoves xb(v);
    Position pos(v);
    pos.setFen("4k3/8/4r3/3P4/8/8/8/K7 w - - 0 1");
    Move m = parseMove(pos, "d5e6");
    ASSERT_FALSE(m.isNull());
    ASSERT_NE(m.promo, kNoPieceType);
    EXPECT_EQ(xb.parse(pos, "d5e6."), m);
    EXPECT_EQ(xb.parse(pos, "d5e6"), m);
    // The dot is read only for a promotion.
    Move quiet = parseMove(pos, "a1a2");
    ASSERT_FALSE(quiet.isNull());
    EXPECT_TRUE(xb.parse(pos, "a1a2.").isNull());
}

// XBoard checks claims (-testClaims) and scores one it cannot confirm as the claimer's loss; it
// confirms no win by repetition (chu's repeated position, a perpetual check losing for the
// checker) outside variants with a hand, repetition draws from the third occurrence and move-rule
// draws after 100 plies (in xiangqi it leaves checks out of that count).
TEST(XBoardClaims, WinsByRepetitionAreNotConfirmed) {
    auto chu = loadVariant("chu"), xq = loadVariant("xiangqi"), chess = loadVariant("chess");
    auto zh = loadVariant("crazyhouse");
    GameEnd chuRepeat{GameResult::BlackWins, "2-fold repetition", 2};
    EXPECT_FALSE(xboardConfirmsClaim(*chu, chuRepeat, Black));
    EXPECT_TRUE(xboardConfirmsClaim(*chu, chuRepeat, White));  // conceding
    GameEnd perpetual{GameResult::WhiteWins, "3-fold repetition by perpetual check", 3};
    EXPECT_FALSE(xboardConfirmsClaim(*xq, perpetual, White));
    EXPECT_TRUE(xboardConfirmsClaim(*zh, perpetual, White));  // a hand: XBoard takes it
    EXPECT_TRUE(xboardConfirmsClaim(*chess, {GameResult::Draw, "3-fold repetition", 3}, White));
    EXPECT_FALSE(xboardConfirmsClaim(*chess, {GameResult::Draw, "2-fold repetition", 2}, White));
    EXPECT_TRUE(xboardConfirmsClaim(*xq, {GameResult::WhiteWins, "checkmate"}, White));
    GameEnd moveRule{GameResult::Draw, "50-move rule", 0, 100};
    EXPECT_TRUE(xboardConfirmsClaim(*chess, moveRule, Black));
    EXPECT_FALSE(xboardConfirmsClaim(*xq, moveRule, Black));  // XBoard's count skips checks
    EXPECT_FALSE(xboardConfirmsClaim(*zh, {GameResult::Draw, "2-fold repetition", 2}, White));
}

}  // namespace
}  // namespace timur::protocol
