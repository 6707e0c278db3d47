// Move diagrams of whole descriptions, as `timur betza` draws them (parse, compile, walk, draw):
// moves that end on their own square, circular and crooked riders and the turning sense q / z,
// unload (u), destroy (d) and tame (t), alone and in chains, on 8x8 and on boards with holes.
#include <gtest/gtest.h>

#include <algorithm>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "notation/compile.h"
#include "notation/diagram.h"
#include "notation/parse.h"
#include "notation/walk.h"

namespace timur::betza {
namespace {

struct Scene {
    int files = 8, ranks = 8;
    std::string from = "d4";
    int color = 0;
    std::vector<std::string> friends, enemies, royals, holes;
    Dialect dialect = Dialect::XBetza;
};

DiagramInput draw(const std::string& description, const Scene& s) {
    DiagramInput in;
    Geometry& g = in.board;
    g.files = s.files;
    g.ranks = s.ranks;
    for (const auto& h : s.holes) g.holes.set(*g.parse(h));
    in.from = *g.parse(s.from);
    in.color = s.color;
    for (const auto& f : s.friends) in.friends.set(*g.parse(f));
    for (const auto& e : s.enemies) in.enemies.set(*g.parse(e));
    for (const auto& r : s.royals) in.royals.set(*g.parse(r));
    CompiledPiece cp = compile(parse(description, s.dialect), g, kAllTableFeatures);
    in.moves =
        walk(cp, s.color, in.from, makeWalkBoard(g, in.from, in.friends, in.enemies, in.royals));
    return in;
}

// The board part of the text diagram (without the legend).
std::string board(const std::string& description, const Scene& s = {}) {
    std::string text = diagramText(draw(description, s));
    return text.substr(0, text.find("Legend:"));
}

std::string legend(const std::string& description, const Scene& s = {}) {
    std::string text = diagramText(draw(description, s));
    return text.substr(text.find("Legend:"));
}

// Every move as "to", "to x c1 c2" (captures) and "> u" (where the captured piece is put),
// sorted: the JSON of `timur betza --json` in one line each.
std::vector<std::string> moveList(const std::string& description, const Scene& s = {}) {
    DiagramInput in = draw(description, s);
    const Geometry& g = in.board;
    std::vector<std::string> out;
    for (const WalkMove& m : in.moves) {
        std::ostringstream t;
        t << g.name(m.to);
        std::vector<int> caps = m.captures;
        std::sort(caps.begin(), caps.end());
        if (!caps.empty()) t << " x";
        for (int c : caps) t << ' ' << g.name(c);
        if (m.unloadTo >= 0) t << " > " << g.name(m.unloadTo);
        out.push_back(t.str());
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

using List = std::vector<std::string>;

Scene with(std::vector<std::string> friends, std::vector<std::string> enemies,
           std::vector<std::string> holes = {}) {
    Scene s;
    s.friends = std::move(friends);
    s.enemies = std::move(enemies);
    s.holes = std::move(holes);
    return s;
}

// ------------------------------------------------------------------------------------------------
// Moves that end on their own square

TEST(HomeSquare, LionIguiAndPass) {
    // mcabK: capture an adjacent enemy and step back (igui), or step out and back (a pass).
    Scene s = with({"c3"}, {"d5", "e5"});
    EXPECT_EQ(board("mcabK", s),
              "  8  . . . . . . . .\n"
              "  7  . . . . . . . .\n"
              "  6  . . . . . . . .\n"
              "  5  . . . o o . . .\n"
              "  4  . . . & . . . .\n"
              "  3  . . F . . . . .\n"
              "  2  . . . . . . . .\n"
              "  1  . . . . . . . .\n"
              "     a b c d e f g h\n");
    EXPECT_EQ(moveList("mcabK", s), (List{"d4", "d4 x d5", "d4 x e5"}));
    EXPECT_NE(legend("mcabK", s)
                  .find("& piece (White, moving up), which may also end a move on "
                        "its own square"),
              std::string::npos);
    // cabK must capture: no pass; with nobody to capture, no move at all.
    EXPECT_EQ(moveList("cabK", s), (List{"d4 x d5", "d4 x e5"}));
    EXPECT_EQ(moveList("cabK"), List{});
    // A friend cannot be stepped on, so it gives neither.
    EXPECT_EQ(moveList("cabK", with({"d5"}, {})), List{});
}

TEST(HomeSquare, RidersAndLeapersThatComeBack) {
    // A rook that captures at a distance and slides back, to its square or past it.
    Scene s = with({}, {"d7"});
    s.from = "d4";
    List rook = moveList("cabR", s);
    EXPECT_EQ(rook, (List{"d1 x d7", "d2 x d7", "d3 x d7", "d4 x d7", "d5 x d7", "d6 x d7"}));
    // A knight that captures a knight's leap away and leaps back home.
    EXPECT_EQ(moveList("cabN", with({}, {"e6", "f3"})), (List{"d4 x e6", "d4 x f3"}));
    // Around a square: three turns of 90 degrees bring a wazir home (a pass), capturing on the
    // way when the first step hits an enemy.
    EXPECT_EQ(moveList("mcarararW", with({}, {"d5"})), (List{"d4", "d4 x d5"}));
    EXPECT_EQ(moveList("marararW", with({}, {"d5"})), (List{"d4"}));
}

TEST(HomeSquare, HolesAndBlack) {
    // A hole next to the lion: no igui and no pass through it.
    Scene s = with({}, {"d5"}, {"e5", "e4", "e3", "d3", "c3", "c4", "c5"});
    EXPECT_EQ(moveList("mcabK", s), (List{"d4 x d5"}));
    s.enemies.clear();
    EXPECT_EQ(moveList("mcabK", s), (List{"d4"}));  // only d5 is left to pass through
    s.holes.push_back("d5");
    EXPECT_EQ(moveList("mcabK", s), List{});
    // Black: the forward capture is one rank down.
    Scene b = with({}, {"e4", "e6"});
    b.from = "e5";
    b.color = 1;
    EXPECT_EQ(moveList("fcabK", b), (List{"e5 x e4"}));
}

// ------------------------------------------------------------------------------------------------
// q and z

TEST(Shapes, RoseAndCircles) {
    EXPECT_EQ(board("qN"),
              "  8  . . . * . . . .\n"
              "  7  * . . . . . * .\n"
              "  6  . . * . * . . .\n"
              "  5  . * . . . * . .\n"
              "  4  . . . @ . . . *\n"
              "  3  . * . . . * . .\n"
              "  2  . . * . * . . .\n"
              "  1  * . . . . . * .\n"
              "     a b c d e f g h\n");
    Scene bfn;
    bfn.dialect = Dialect::Bfn;
    EXPECT_EQ(board("qN"), board("qN", bfn));
    // qW circles a square around the piece: the 8 squares of the king; qF a diamond.
    EXPECT_EQ(moveList("qW"), (List{"c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"}));
    EXPECT_EQ(board("qF"),
              "  8  . . . . . . . .\n"
              "  7  . . . . . . . .\n"
              "  6  . . . * . . . .\n"
              "  5  . . * . * . . .\n"
              "  4  . * . @ . * . .\n"
              "  3  . . * . * . . .\n"
              "  2  . . . * . . . .\n"
              "  1  . . . . . . . .\n"
              "     a b c d e f g h\n");
    // A range stops the circle: qN2 is the knight plus the second steps of the rose, (3,3) and
    // (0,4) away, where two circles meet (d0 and -1,4 are off the board).
    EXPECT_EQ(moveList("qN1"), moveList("N"));
    List two = moveList("qN2");
    List knight = moveList("N");
    List second;
    std::set_difference(two.begin(), two.end(), knight.begin(), knight.end(),
                        std::back_inserter(second));
    EXPECT_EQ(second, (List{"a1", "a7", "d8", "g1", "g7", "h4"}));
}

// A circular (qN, qW) or crooked (zR) rider walked by hand: from every start slot, turning either
// way by `turn` slots (of the eight knight vectors, or of the K-system for W) at every step (q)
// or at every other step (z), until it leaves the board, meets a hole or a piece, or would come
// home.
List shapedByHand(const Scene& s, bool knight, bool crooked) {
    Geometry g;
    g.files = s.files;
    g.ranks = s.ranks;
    for (const auto& h : s.holes) g.holes.set(*g.parse(h));
    auto occupied = [&](const std::string& name) {
        return std::count(s.friends.begin(), s.friends.end(), name) +
               std::count(s.enemies.begin(), s.enemies.end(), name);
    };
    const int nx[8] = {1, 2, 2, 1, -1, -2, -2, -1}, ny[8] = {2, 1, -1, -2, -2, -1, 1, 2};
    const int kx[8] = {0, 1, 1, 1, 0, -1, -1, -1}, ky[8] = {1, 1, 0, -1, -1, -1, 0, 1};
    const int* vx = knight ? nx : kx;
    const int* vy = knight ? ny : ky;
    const int turn = knight ? 1 : 2, steps = crooked ? 16 : (knight ? 7 : 3);
    const int from = *g.parse(s.from);
    List out;
    for (int start = 0; start < 8; start += turn)
        for (int sense : {1, -1}) {
            int f = g.fileOf(from), r = g.rankOf(from);
            for (int k = 0; k < steps; ++k) {
                int bends = crooked ? k % 2 : k;
                int slot = ((start + sense * turn * bends) % 8 + 8) % 8;
                f += vx[slot], r += vy[slot];
                if (!g.isSquare(f, r)) break;
                std::string name = g.name(g.square(f, r));
                bool enemy = std::count(s.enemies.begin(), s.enemies.end(), name);
                if (occupied(name) && !enemy) break;
                out.push_back(enemy ? name + " x " + name : name);
                if (enemy) break;
            }
        }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

TEST(Shapes, RoseBlockedAndOnHoles) {
    // A rose stops at a piece: it captures an enemy and goes no further; a hole ends the circle.
    Scene s = with({"e6"}, {"c6"});
    List rose = moveList("qN", s);
    EXPECT_EQ(std::count(rose.begin(), rose.end(), "c6 x c6"), 1);
    EXPECT_EQ(std::count(rose.begin(), rose.end(), "e6"), 0);
    EXPECT_EQ(rose, shapedByHand(s, true, false));
    // All four upward first steps are holes: the upper half is reached only the long way round.
    Scene h = with({}, {}, {"e6", "c6", "f5", "b5"});
    List holed = moveList("qN", h);
    EXPECT_EQ(holed, shapedByHand(h, true, false));
    for (const char* sq : {"e6", "c6", "f5", "b5", "a7", "g7"})
        EXPECT_EQ(std::count(holed.begin(), holed.end(), sq), 0) << sq;
    EXPECT_LT(holed.size(), moveList("qN").size());
    // A corner and an 11x10 board with the Tamerlane-like holes on the a and k files.
    Scene big = with({"f7"}, {"c4"}, {"a1", "a2", "a3", "k8", "k9", "k10"});
    big.files = 11;
    big.ranks = 10;
    big.from = "f5";
    EXPECT_EQ(moveList("qN", big), shapedByHand(big, true, false));
    EXPECT_EQ(moveList("qW", big), shapedByHand(big, false, false));
}

TEST(Shapes, CrookedRook) {
    // e4 e5 f5 f6 g6 g7 h7 h8 and e4 e3 f3 f2 g2 g1 h1 to the right, the mirror image to the
    // left; up, the enemy on d5 is taken; down, the friend blocks.
    EXPECT_EQ(board("zR", with({"d3"}, {"d5"})),
              "  8  . . . . . . . *\n"
              "  7  * . . . . . * *\n"
              "  6  * * . . . * * .\n"
              "  5  . * * x * * . .\n"
              "  4  . . * @ * . . .\n"
              "  3  . * * F * * . .\n"
              "  2  * * . . . * * .\n"
              "  1  * . . . . . * *\n"
              "     a b c d e f g h\n");
    EXPECT_EQ(moveList("zR", with({"d3"}, {"d5"})),
              shapedByHand(with({"d3"}, {"d5"}), false, true));
    // Holes end the zig-zags through them.
    Scene h = with({"b6"}, {"g6"}, {"f5", "c3"});
    List holed = moveList("zR", h);
    EXPECT_EQ(holed, shapedByHand(h, false, true));
    for (const char* sq : {"f5", "c3", "b2", "a7"})
        EXPECT_EQ(std::count(holed.begin(), holed.end(), sq), 0) << sq;
}

TEST(Shapes, TurnSenseOnLaterLegs) {
    // A king step, a 45 degree turn, then another the same way (q): a quarter circle, 8 squares;
    // the other way (z): a zig-zag, 16; either way (s): 24.
    EXPECT_EQ(moveList("afsafqK"), (List{"a4", "b2", "b6", "d1", "d7", "f2", "f6", "g4"}));
    EXPECT_EQ(moveList("afsafzK").size(), 16u);
    EXPECT_EQ(moveList("afsafsK").size(), 24u);
    List z = moveList("afsafzK");
    for (const char* sq : {"e7", "c7", "f7", "g6", "g2", "a2", "b1", "e1"})
        EXPECT_EQ(std::count(z.begin(), z.end(), sq), 1) << sq;
    // The falcon's form: straight on too adds no square here.
    EXPECT_EQ(moveList("afsafzfK"), z);
    // q before any turn is s.
    EXPECT_EQ(moveList("mafqW"), moveList("mafsW"));
    // A hop in the turn (pK = a K step onto a piece, then one more step): e6 is met only by
    // d4-e4-f5 (left) turning left again, so jumped by q to d7 (c6 by the mirror path); f6 is
    // met by d4-e5-f5 (right) and d4-e5-e6 (left) turning the other way: z, to f7 and g6.
    EXPECT_EQ(moveList("afsapqK", with({"e6", "c6"}, {})), (List{"d7"}));
    EXPECT_EQ(moveList("afsapzK", with({"e6", "c6"}, {})), List{});
    EXPECT_EQ(moveList("afsapzK", with({"f6"}, {})), (List{"f7", "g6"}));
    EXPECT_EQ(moveList("afsapqK", with({"f6"}, {})), List{});
}

TEST(Shapes, ObliqueLeapHasASense) {
    // g1-f3 is a left move (ast.h Bend): a knight leap in an even slot turns right, in an odd one
    // left. maqN (then 90 degrees the same way) and mazN (the other way) both reach the 8 camel
    // squares, by different paths: to g5, maqN leaps to e6 (1,2), right, then (2,-1); mazN leaps
    // to f3 (2,-1), right, then turns left to (1,2). A friend on e6 blocks the first, on f3 the
    // second.
    const List camel{"a3", "a5", "c1", "c7", "e1", "e7", "g3", "g5"};
    EXPECT_EQ(moveList("maqN"), camel);
    EXPECT_EQ(moveList("mazN"), camel);
    auto reaches = [](const List& l, const char* sq) { return std::count(l.begin(), l.end(), sq); };
    EXPECT_EQ(reaches(moveList("maqN", with({"e6"}, {})), "g5"), 0);
    EXPECT_EQ(reaches(moveList("mazN", with({"f3"}, {})), "g5"), 0);
    EXPECT_EQ(reaches(moveList("maqN", with({"f3"}, {})), "g5"), 1);
    EXPECT_EQ(reaches(moveList("mazN", with({"e6"}, {})), "g5"), 1);
    // With 45 degree turns q keeps turning like the rose: (3,3); z turns back: (0,4).
    EXPECT_EQ(moveList("mafqN"), (List{"a1", "a7", "g1", "g7"}));
    EXPECT_EQ(moveList("mafzN"), (List{"d8", "h4"}));
}

TEST(Shapes, TurnSenseWithHolesAndBlack) {
    // Holes cut the quarter circles that pass over them: f6 is reached over d5 (turning right)
    // or e4 (turning left) only.
    Scene h = with({}, {}, {"d5", "e4"});
    EXPECT_EQ(moveList("afsafqK", h), (List{"a4", "b2", "b6", "d1", "d7", "f2", "g4"}));
    // Black turns the other way round the board, so it reaches the same squares from e5.
    Scene b;
    b.from = "e5";
    b.color = 1;
    EXPECT_EQ(moveList("afsafqK", b), (List{"b5", "c3", "c7", "e2", "e8", "g3", "g7", "h5"}));
}

// ------------------------------------------------------------------------------------------------
// u (unload)

TEST(Unload, SwapPlaces) {
    Scene s = with({"b4"}, {"d6", "f4"});
    EXPECT_EQ(board("ucR", s),
              "  8  . . . . . . . .\n"
              "  7  . . . . . . . .\n"
              "  6  . . . x . . . .\n"
              "  5  . . . . . . . .\n"
              "  4  . F . u . x . .\n"
              "  3  . . . . . . . .\n"
              "  2  . . . . . . . .\n"
              "  1  . . . . . . . .\n"
              "     a b c d e f g h\n");
    EXPECT_EQ(moveList("ucR", s), (List{"d6 x d6 > d4", "f4 x f4 > d4"}));
    EXPECT_NE(legend("ucR", s).find("u piece (White, moving up), which may swap places"),
              std::string::npos);
    EXPECT_EQ(moveList("udR", s), (List{"b4 x b4 > d4"}));
    EXPECT_EQ(moveList("ucdR", s), (List{"b4 x b4 > d4", "d6 x d6 > d4", "f4 x f4 > d4"}));
    // Plain moves of uR stay plain; its captures swap.
    List uR = moveList("uR", s);
    EXPECT_EQ(std::count(uR.begin(), uR.end(), "d5"), 1);
    EXPECT_EQ(std::count(uR.begin(), uR.end(), "d6 x d6 > d4"), 1);
}

TEST(Unload, OnTheSquareALegStarts) {
    // afudQ: slide, then on along the same line to a friend, which lands where the second leg
    // started: every empty square passed.
    Scene s = with({"g7"}, {});
    EXPECT_EQ(moveList("afudQ", s), (List{"g7 x g7 > e5", "g7 x g7 > f6"}));
    // Written twice, every move comes twice: the walk merges the copies, not the two unloads.
    EXPECT_EQ(draw("afudQafudQ", s).moves.size(), 2u);
    EXPECT_EQ(board("afudQ", s),
              "  8  . . . . . . . .\n"
              "  7  . . . . . . x .\n"
              "  6  . . . . . u . .\n"
              "  5  . . . . u . . .\n"
              "  4  . . . @ . . . .\n"
              "  3  . . . . . . . .\n"
              "  2  . . . . . . . .\n"
              "  1  . . . . . . . .\n"
              "     a b c d e f g h\n");
    // uafcK: step, capture one step further; the victim goes to the origin.
    EXPECT_EQ(moveList("uafcK", with({}, {"d6", "b4"})), (List{"b4 x b4 > d4", "d6 x d6 > d4"}));
    // The locust victim of ucafmK (not the last leg's square) is the one put back on d4.
    EXPECT_EQ(moveList("ucafmK", with({}, {"d5"})), (List{"d6 x d5 > d4"}));
}

TEST(Unload, NeverOntoAPieceThatStays) {
    // mpafucR: the second leg may start behind a platform or on an empty square; the captured
    // piece can only be put on the empty one.
    Scene s = with({"d5"}, {"d7"});
    EXPECT_EQ(moveList("mpafucR", s), List{});  // north, the friend on d5 is the only relay
    Scene t = with({}, {"d7"});
    EXPECT_EQ(moveList("mpafucR", t), (List{"d7 x d7 > d5", "d7 x d7 > d6"}));
    // Nor back onto the piece's own square when the move ends there.
    EXPECT_EQ(moveList("umcabmK", with({}, {"d5"})), (List{"d4"}));
}

TEST(Unload, HolesAndBlack) {
    Scene s = with({}, {"d7"}, {"d6"});
    EXPECT_EQ(moveList("afucR", s), List{});  // the hole cuts the rook line
    Scene b = with({}, {"e2"});
    b.from = "e5";
    b.color = 1;
    EXPECT_EQ(moveList("fafucR", b), (List{"e2 x e2 > e3", "e2 x e2 > e4"}));
}

// ------------------------------------------------------------------------------------------------
// d (destroy a friend) and t (tame)

TEST(DestroyAndTame, DestroyFriends) {
    Scene s = with({"d5", "c3"}, {"e5"});
    s.royals = {"c3", "e5"};
    EXPECT_EQ(board("dK", s),
              "  8  . . . . . . . .\n"
              "  7  . . . . . . . .\n"
              "  6  . . . . . . . .\n"
              "  5  . . . x K . . .\n"
              "  4  . . . @ . . . .\n"
              "  3  . . x . . . . .\n"
              "  2  . . . . . . . .\n"
              "  1  . . . . . . . .\n"
              "     a b c d e f g h\n");
    EXPECT_EQ(moveList("cdK", s).size(), 3u);
    // Tame: no royal of either side, as XBoard tests it.
    EXPECT_EQ(moveList("tcdK", s), (List{"d5 x d5"}));
    EXPECT_EQ(moveList("ctK", s), List{});
    s.friends.push_back("a1");
    s.royals.push_back("a1");
    EXPECT_EQ(legend("dK", s),
              "Legend: @ piece (White, moving up), Y royal friend, K royal enemy, x capture\n");
    // A locust that destroys a friend and goes on (dafmK), with a hole behind one of them.
    Scene h = with({"d5", "e4"}, {}, {"f4"});
    EXPECT_EQ(moveList("dafmK", h), (List{"d6 x d5"}));
}

TEST(DestroyAndTame, TameInChainsAndHops) {
    // caftK: the last capture may not take a royal; the locust victim may.
    Scene s = with({}, {"d5", "d6"});
    s.royals = {"d6"};
    EXPECT_EQ(moveList("caftK", s), List{});
    s.royals = {"d5"};
    EXPECT_EQ(moveList("caftK", s), (List{"d6 x d5 d6"}));
    // tpR hops own pieces only (XBoard); the capture behind the platform is not tame.
    Scene h = with({"d5"}, {"d7", "b4", "a4"});
    h.royals = {"d7"};
    EXPECT_EQ(moveList("ctpR", h), (List{"d7 x d7"}));
    EXPECT_EQ(moveList("cpR", h), (List{"a4 x a4", "d7 x d7"}));
    // A hole behind the platform ends the hop; a hole is no platform either.
    h.holes = {"d6", "c4"};
    EXPECT_EQ(moveList("ctpR", h), List{});
    EXPECT_EQ(moveList("cpR", h), List{});
}

}  // namespace
}  // namespace timur::betza
