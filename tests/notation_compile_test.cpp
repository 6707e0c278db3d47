// The compiled move tables walked on concrete boards: every worked example of spec/betza.md
// section 4, XBoard 4.9.1's direction checks, and cases of our own for each feature.
#include <gtest/gtest.h>

#include <set>
#include <sstream>
#include <string>

#include "notation/compile.h"
#include "notation/parse.h"
#include "notation/walk.h"

using namespace timur;
using namespace timur::betza;

namespace {

struct Scene {
    int files = 8, ranks = 8;
    std::string from;
    std::vector<std::string> friends, enemies, holes;
    int color = 0;
    bool virgin = true;
    std::string ep, epVictim;
    Dialect dialect = Dialect::XBetza;
};

Geometry makeBoard(const Scene& s) {
    Geometry g;
    g.files = s.files;
    g.ranks = s.ranks;
    for (const auto& h : s.holes) g.holes.set(*g.parse(h));
    return g;
}

std::vector<WalkMove> moves(const std::string& desc, const Scene& s) {
    Geometry g = makeBoard(s);
    PieceMoves pm = parse(desc, s.dialect);
    CompiledPiece cp = compile(pm, g);
    WalkBoard b;
    b.occ.assign(g.squareCount(), kOccEmpty);
    int from = *g.parse(s.from);
    b.occ[from] = kOccFriend;
    for (const auto& f : s.friends) b.occ[*g.parse(f)] = kOccFriend;
    for (const auto& e : s.enemies) b.occ[*g.parse(e)] = kOccEnemy;
    if (!s.ep.empty()) b.epSquare = *g.parse(s.ep);
    if (!s.epVictim.empty()) b.epVictim = *g.parse(s.epVictim);
    return walk(cp, s.color, from, b, s.virgin);
}

// The destinations, sorted and space-separated, as the spec writes them (sorted by rank, then
// file).
std::string targets(const std::string& desc, const Scene& s) {
    Geometry g = makeBoard(s);
    std::set<std::pair<int, int>> sq;
    for (const auto& m : moves(desc, s)) sq.insert({g.rankOf(m.to), g.fileOf(m.to)});
    std::string out;
    for (auto [r, f] : sq) {
        if (!out.empty()) out += " ";
        out += g.name(g.square(f, r));
    }
    return out;
}

std::string sorted(const std::string& list) {
    Geometry g;
    g.files = g.ranks = 16;
    std::istringstream in(list);
    std::set<std::pair<int, int>> sq;
    for (std::string s; in >> s;) {
        int q = *g.parse(s);
        sq.insert({g.rankOf(q), g.fileOf(q)});
    }
    std::string out;
    for (auto [r, f] : sq) {
        if (!out.empty()) out += " ";
        out += g.name(g.square(f, r));
    }
    return out;
}

Scene on(const std::string& from, int files = 8, int ranks = 8) {
    Scene s;
    s.from = from;
    s.files = files;
    s.ranks = ranks;
    return s;
}

}  // namespace

// ---- spec/betza.md section 4: worked examples -------------------------------------------------

TEST(WorkedExamples, FidePawnFromStart) {
    EXPECT_EQ(targets("fmWfceFifmnD", on("e2")), "e3 e4");
}

TEST(WorkedExamples, FidePawnCaptures) {
    Scene s = on("e2");
    s.enemies = {"d3", "f3", "e4"};
    EXPECT_EQ(targets("fmWfceFifmnD", s), "d3 e3 f3");
}

TEST(WorkedExamples, FidePawnBlocked) {
    Scene s = on("e2");
    s.enemies = {"e3"};
    EXPECT_EQ(targets("fmWfceFifmnD", s), "");
}

TEST(WorkedExamples, FidePawnEnPassant) {
    Scene s = on("e5");
    s.virgin = false;
    s.enemies = {"d5"};
    s.ep = "d6";
    s.epVictim = "d5";
    EXPECT_EQ(targets("fmWfceFifmnD", s), "d6 e6");
    for (const auto& m : moves("fmWfceFifmnD", s))
        if (m.enPassant) {
            EXPECT_EQ(m.captures, std::vector<int>{4 * 8 + 3});
        }
}

TEST(WorkedExamples, FidePawnDoubleStepCreatesEp) {
    Geometry g;
    for (const auto& m : moves("fmWfceFifmnD", on("e2")))
        if (m.to == *g.parse("e4")) {
            EXPECT_EQ(m.epCreated, *g.parse("e3"));
        }
}

TEST(WorkedExamples, XiangqiHorse) {
    Scene s = on("e5", 9, 10);
    s.friends = {"e6"};
    EXPECT_EQ(targets("nN", s), sorted("d3 f3 c4 g4 c6 g6"));
    EXPECT_EQ(targets("mafsW", s), sorted("d3 f3 c4 g4 c6 g6"));
}

TEST(WorkedExamples, Cannon) {
    Scene s = on("b3");
    s.friends = {"e3"};
    s.enemies = {"h3", "b5", "b7"};
    EXPECT_EQ(targets("mRcpR", s), sorted("b1 b2 a3 c3 d3 h3 b4 b7"));
}

TEST(WorkedExamples, Grasshopper) {
    Scene s = on("d4");
    s.enemies = {"d6", "b4", "g7"};
    s.friends = {"f6", "d2"};
    EXPECT_EQ(targets("gQ", s), sorted("d1 a4 d7 g7"));
}

TEST(WorkedExamples, Nightrider) {
    EXPECT_EQ(targets("N0", on("a1")), sorted("c2 b3 e3 g4 c5 d7"));
}

TEST(WorkedExamples, CheckerCapture) {
    Scene s = on("c3");
    s.enemies = {"d4"};
    auto ms = moves("fcafmF", s);
    ASSERT_EQ(ms.size(), 1u);
    Geometry g;
    EXPECT_EQ(ms[0].to, *g.parse("e5"));
    EXPECT_EQ(ms[0].captures, std::vector<int>{*g.parse("d4")});
}

TEST(WorkedExamples, Rose) {
    Scene s = on("d4");
    s.dialect = Dialect::Bfn;
    EXPECT_EQ(targets("qN", s), sorted("a1 g1 c2 e2 b3 f3 h4 b5 f5 c6 e6 a7 g7 d8"));
}

TEST(WorkedExamples, Giraffe) {
    EXPECT_EQ(targets("afsafyafF", on("f5", 11, 10)),
              sorted("e1 g1 a4 b4 j4 k4 a6 b6 j6 k6 e9 g9 e10 g10"));
}

TEST(WorkedExamples, Picket) {
    EXPECT_EQ(targets("yafF", on("f5", 11, 10)),
              sorted("b1 j1 c2 i2 d3 h3 d7 h7 c8 i8 b9 j9 a10 k10"));
}

TEST(WorkedExamples, HookMover) {
    auto t = targets("masR", on("c3", 5, 5));
    EXPECT_EQ(t, sorted("a1 b1 d1 e1 a2 b2 d2 e2 a4 b4 d4 e4 a5 b5 d5 e5"));
}

TEST(WorkedExamples, CastlingIsCompiledApart) {
    Geometry g;
    CompiledPiece cp = compile(parse("KO2"), g);
    ASSERT_TRUE(cp.castling.has_value());
    EXPECT_EQ(cp.castling->distance, 2);
    EXPECT_EQ(targets("KO2", on("e1")), sorted("d1 f1 d2 e2 f2"));
}

// ---- XBoard 4.9.1 direction checks (spec section 2) ---------------------------------------------

TEST(Directions, OrthogonalAndDiagonal) {
    EXPECT_EQ(targets("fsW", on("e4")), sorted("d4 f4 e5"));
    EXPECT_EQ(targets("frW", on("e4")), sorted("f4 e5"));
    EXPECT_EQ(targets("fF", on("e4")), sorted("d5 f5"));
    EXPECT_EQ(targets("flF", on("e4")), sorted("d5"));
    EXPECT_EQ(targets("fK", on("e4")), sorted("e5"));
    EXPECT_EQ(targets("fsK", on("e4")), sorted("d5 f5"));
}

TEST(Directions, Knight) {
    EXPECT_EQ(targets("fN", on("e4")), sorted("d6 f6"));
    EXPECT_EQ(targets("fhN", on("e4")), sorted("c5 g5 d6 f6"));
    EXPECT_EQ(targets("sN", on("e4")), sorted("c3 g3 c5 g5"));
    EXPECT_EQ(targets("vN", on("e4")), sorted("d2 f2 d6 f6"));
    EXPECT_EQ(targets("fsN", on("e4")), sorted("c5 g5"));
    EXPECT_EQ(targets("frN", on("e4")), sorted("g5"));
    EXPECT_EQ(targets("rfN", on("e4")), sorted("f6"));
    EXPECT_EQ(targets("lfN", on("e4")), sorted("d6"));
    EXPECT_EQ(targets("ffrrN", on("e4")), sorted("g3 g5 d6 f6"));
    EXPECT_EQ(targets("hrN", on("e4")), sorted("d2 g3 c5 f6"));
    EXPECT_EQ(targets("hlN", on("e4")), sorted("f2 c3 g5 d6"));
}

TEST(Directions, LongLeapers) {
    EXPECT_EQ(targets("C", on("e5")), sorted("d2 f2 b4 h4 b6 h6 d8 f8"));
    EXPECT_EQ(targets("Z", on("e5")), sorted("c2 g2 b3 h3 b7 h7 c8 g8"));
    EXPECT_EQ(targets("G", on("e5")), sorted("b2 h2 b8 h8"));
    EXPECT_EQ(targets("H", on("e5")), sorted("e2 b5 h5 e8"));
}

TEST(Directions, BlackIsTurned) {
    Scene s = on("e5");
    s.color = 1;
    EXPECT_EQ(targets("fN", s), sorted("d3 f3"));
    EXPECT_EQ(targets("fmWfcF", s), sorted("e4"));
    s.enemies = {"d4"};
    EXPECT_EQ(targets("fmWfcF", s), sorted("d4 e4"));
}

// ---- further cases, feature by feature ---------------------------------------------------------

TEST(Compile, RiderStopsAtFirstPiece) {
    Scene s = on("a1");
    s.friends = {"a4"};
    s.enemies = {"d1"};
    EXPECT_EQ(targets("R", s), sorted("b1 c1 d1 a2 a3"));
}

TEST(Compile, LimitedRange) {
    EXPECT_EQ(targets("R2", on("a1")), sorted("b1 c1 a2 a3"));
    EXPECT_EQ(targets("W03", on("a1")), sorted("d1 a4"));
}

TEST(Compile, HolesBlockRidersAndLeapersLandOnlyOnSquares) {
    Scene s = on("a1");
    s.holes = {"c1", "b3"};
    EXPECT_EQ(targets("R", s), sorted("b1 a2 a3 a4 a5 a6 a7 a8"));
    EXPECT_EQ(targets("N", s), sorted("c2"));
}

TEST(Compile, MpafNIsATwoFourLeaper) {
    EXPECT_EQ(targets("mpafN", on("d4")), sorted("b8 f8 h6 h2"));
}

TEST(Compile, LameElephantAndDabbaba) {
    Scene s = on("e5", 9, 10);
    s.friends = {"f6"};
    EXPECT_EQ(targets("nA", s), sorted("c3 g3 c7"));
    EXPECT_EQ(targets("nD", s), sorted("e3 c5 g5 e7"));
}

TEST(Compile, MustJumpLeaper) {
    Scene s = on("e5");
    s.enemies = {"e6"};
    EXPECT_EQ(targets("jD", s), sorted("e7"));
}

TEST(Compile, CylinderWrapsFiles) {
    Scene s = on("h1");
    s.friends = {"h2", "g1", "g2"};
    EXPECT_EQ(targets("oW", s), sorted("a1"));
}

TEST(Compile, LocustVictimsAreReported) {
    Scene s = on("c3");
    s.enemies = {"d4", "e5"};
    // Checker capture chained twice: c3 x d4 x e5 to f6.
    auto ms = moves("fcafcafmF", s);
    ASSERT_EQ(ms.size(), 1u);
    EXPECT_EQ(ms[0].captures.size(), 2u);
}

TEST(Compile, InitialMovesOnlyForVirginPieces) {
    Scene s = on("a2");
    EXPECT_EQ(targets("mfWimfW2", s), sorted("a3 a4"));
    s.virgin = false;
    EXPECT_EQ(targets("mfWimfW2", s), sorted("a3"));
}

TEST(Compile, DuplicatePathsAreMerged) {
    auto ms = moves("mamaK", on("d4"));
    std::set<int> to;
    for (const auto& m : ms) to.insert(m.to);
    EXPECT_EQ(ms.size(), to.size());
    // Three king steps: the 7x7 square around d4, d4 itself by the paths that come back (a pass,
    // as XBoard generates it: spec 4.6).
    EXPECT_EQ(to.size(), 49u);
}

TEST(Compile, ConfinementLimitsDestinations) {
    Geometry g;
    g.files = 9;
    g.ranks = 10;
    CompileInput in;
    PieceMoves w = parse("W");
    in.moves = &w;
    for (int sq : {3, 4, 5, 12, 13, 14, 21, 22, 23}) in.allowed[0].set(sq);
    CompiledPiece cp = compile(in, g);
    WalkBoard b;
    b.occ.assign(g.squareCount(), kOccEmpty);
    b.occ[3] = kOccFriend;
    EXPECT_EQ(walk(cp, 0, 3, b).size(), 2u);  // d1 -> e1, d2 (c1 outside the palace)
}

TEST(Compile, AttackersOfLeaper) {
    Geometry g;
    CompiledPiece cp = compile(parse("N"), g);
    EXPECT_EQ(cp.attackersOf[0][*g.parse("e4")].count(), 8u);
    EXPECT_TRUE(cp.attackersOf[0][*g.parse("e4")][*g.parse("f6")]);
}

TEST(Compile, IguiCapturesAndReturns) {
    Scene s = on("d4");
    s.enemies = {"d5"};
    auto ms = moves("cabK", s);
    Geometry g;
    ASSERT_EQ(ms.size(), 1u);
    EXPECT_EQ(ms[0].to, *g.parse("d4"));
    EXPECT_EQ(ms[0].captures, std::vector<int>{*g.parse("d5")});
}

TEST(Compile, PathsToCoverTheRiderLine) {
    Geometry g;
    CompiledPiece cp = compile(parse("R"), g);
    const SquareSet& p = cp.pathsTo[0][*g.parse("a8")];
    EXPECT_TRUE(p[*g.parse("a2")]);
    EXPECT_TRUE(p[*g.parse("a7")]);
    EXPECT_FALSE(p[*g.parse("a1")]);  // a start square is not on the path
    EXPECT_FALSE(p[*g.parse("b2")]);
    EXPECT_FALSE(cp.needsOccupied);
    EXPECT_TRUE(compile(parse("mRcpR"), g).needsOccupied);
}

// ---- moves that end at home, unload, circular ranges
// ---------------------------------------------

TEST(Compile, HomeSquareNodesForIguiAndPass) {
    Geometry g;
    const int d4 = *g.parse("d4");
    CompiledPiece cp = compile(parse("mcabK"), g);
    EXPECT_TRUE(cp.hasPass);
    EXPECT_TRUE(cp.mayDuplicate);  // eight ways to pass
    int passes = 0, iguis = 0;
    const SquareRange& r = cp.ranges[0][d4];
    for (std::uint32_t i = r.begin; i < r.end; ++i) {
        const PathNode& n = cp.nodes[i];
        if (n.sq != d4 || !n.emit) continue;
        EXPECT_EQ(n.emit, kOccFriend);  // the mover stands there
        if (n.flags & kNodeNullMove) {
            EXPECT_EQ(n.victimSlot, 0);
            ++passes;
        } else {
            EXPECT_EQ(n.victimSlot, 1);  // the igui records its victim
            ++iguis;
        }
    }
    EXPECT_EQ(passes, 8);
    EXPECT_EQ(iguis, 8);
    EXPECT_FALSE(compile(parse("cabK"), g).hasPass);
    EXPECT_FALSE(compile(parse("K"), g).hasPass);
}

TEST(Compile, UnloadNeedsAGeneratorThatAcceptsIt) {
    Geometry g;
    try {
        compile(parse("ucR"), g);
        ADD_FAILURE() << "ucR compiled for a generator without unload";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("not supported"), std::string::npos) << e.what();
    }
    CompiledPiece cp = compile(parse("ucR"), g, kFeatureUnload);
    EXPECT_TRUE(cp.hasUnload);
    const int d4 = *g.parse("d4");
    const SquareRange& r = cp.ranges[0][d4];
    for (std::uint32_t i = r.begin; i < r.end; ++i)
        if (cp.nodes[i].emit) {
            EXPECT_TRUE(cp.nodes[i].flags & kNodeUnload);
            EXPECT_EQ(cp.nodes[i].aux, d4);
        }
    EXPECT_FALSE(compile(parse("cR"), g).hasUnload);
    // An AST no parser makes: two legs that unload.
    PieceMoves p = parse("afudQ");
    p.moves[0].legs[0].unload = true;
    EXPECT_THROW(compile(p, g, kAllTableFeatures), std::invalid_argument);
}

TEST(Compile, CircularRangeIsAMaximum) {
    Scene s = on("h8", 16, 16);
    s.dialect = Dialect::Bfn;
    // A written range limits the steps (it was ignored once): qN2 stops short of the rose, which
    // has room to go all the way round on 16x16.
    EXPECT_NE(targets("qN2", s), targets("qN", s));
    EXPECT_EQ(targets("qN7", s), targets("qN", s));
    EXPECT_EQ(targets("qK1", s), targets("K", s));
    EXPECT_EQ(moves("qN2", s).size(), 16u);
    EXPECT_EQ(moves("qN", s).size(), 32u);  // the 8 octagons share some corners
}

TEST(Compile, TameSparesRoyalsOfBothSides) {
    Geometry g;
    CompiledPiece cp = compile(parse("tcdK"), g);
    WalkBoard b = makeWalkBoard(g, *g.parse("d4"), SquareSet().set(*g.parse("d5")),
                                SquareSet().set(*g.parse("e5")),
                                SquareSet().set(*g.parse("d5")).set(*g.parse("e5")));
    EXPECT_TRUE(walk(cp, 0, *g.parse("d4"), b).empty());
    b.royal.reset();
    EXPECT_EQ(walk(cp, 0, *g.parse("d4"), b).size(), 2u);
}
