// The bitboard move sets against the path-tree walker. For every shipped variant, every piece
// the classifier accepts, both colours and every square, on many random occupancies (holes,
// citadels, friends, enemies, e.p. squares, moved and unmoved pieces), the moves read from the
// bitboards must be exactly the walker's. The same on random pieces written in XBetza, on random
// boards with holes, confinement and zone-dependent moves. Any difference fails.
#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <random>
#include <tuple>

#include "engine/variant_bitboards.h"
#include "notation/classify.h"
#include "notation/parse.h"
#include "notation/walk.h"

using namespace timur;
using namespace timur::betza;

namespace {

std::string moveList(const std::vector<WalkMove>& moves, const Geometry& g) {
    std::string s;
    // Appended piece by piece: `"x" + string` trips GCC 12's -Wrestrict false positive.
    for (const WalkMove& m : moves) {
        s += ' ';
        s += g.name(m.to);
        for (int c : m.captures) s += 'x', s += g.name(c);
        if (m.enPassant) s += "ep";
        if (m.epCreated >= 0) s += '/', s += g.name(m.epCreated);
    }
    return s;
}

void sortMoves(std::vector<WalkMove>& moves) {
    std::sort(moves.begin(), moves.end(), [](const WalkMove& a, const WalkMove& b) {
        return std::tie(a.to, a.captures, a.enPassant, a.epCreated) <
               std::tie(b.to, b.captures, b.enPassant, b.epCreated);
    });
}

// One random position around a piece: occupancy classes for the walker and bitboards.
template <class BB>
struct Scene {
    WalkBoard walkBoard;
    BB friends, enemies;
    bool virgin = true;
};

template <class BB>
Scene<BB> randomScene(std::mt19937_64& rng, const Geometry& grid, int from) {
    Scene<BB> s;
    s.walkBoard.occ.assign(grid.squareCount(), kOccEmpty);
    int density = int(rng() % 90);
    for (int sq = 0; sq < grid.squareCount(); ++sq) {
        if (grid.holes[sq] || int(rng() % 100) >= density) continue;
        bool enemy = rng() % 2;
        s.walkBoard.occ[sq] = enemy ? kOccEnemy : kOccFriend;
        (enemy ? s.enemies : s.friends).set(sq);
    }
    s.walkBoard.occ[from] = kOccFriend;
    s.enemies.reset(from);
    s.friends.set(from);
    if (rng() % 2) {
        int ep = int(rng() % grid.squareCount());
        if (s.walkBoard.occ[ep] == kOccEmpty && !grid.holes[ep]) {
            s.walkBoard.epSquare = ep;
            s.walkBoard.epVictim = int(rng() % grid.squareCount());
        }
    }
    s.virgin = rng() % 2;
    return s;
}

// The moves the bitboards give, in the walker's terms.
template <class BB>
std::vector<WalkMove> fastMoves(const PieceSets<BB>& piece, const SliderAttacks<BB>& sl,
                                const BB& holes, int c, int from, const Scene<BB>& s) {
    BB occ = s.friends | s.enemies | holes;
    BB quiet, capture;
    piece.targets(sl, c, from, s.virgin, occ, quiet, capture);
    EXPECT_TRUE(piece.captures(sl, c, from, s.virgin, occ) == capture);
    quiet = quiet.andNot(occ);
    capture &= s.enemies;
    BB epCreating = piece.epCreating(c, from, s.virgin);
    std::vector<WalkMove> out;
    forEachSquare(quiet, [&](int to) {
        WalkMove m;
        m.to = to;
        if (epCreating.test(to)) m.epCreated = piece.epSquare(from, to);
        out.push_back(m);
    });
    forEachSquare(capture, [&](int to) {
        WalkMove m;
        m.to = to;
        m.captures = {to};
        out.push_back(m);
    });
    int ep = s.walkBoard.epSquare;
    if (ep >= 0 && !occ.test(ep) && piece.epCaptures(c, from, s.virgin).test(ep)) {
        WalkMove m;
        m.to = ep;
        m.enPassant = true;
        if (s.walkBoard.epVictim >= 0) m.captures = {s.walkBoard.epVictim};
        out.push_back(m);
    }
    return out;
}

// Compares both generators for one piece on every square of its board; returns the number of
// positions compared.
template <class BB>
int compareEverywhere(const CompiledPiece& table, const PieceSets<BB>& piece,
                      const SliderAttacks<BB>& sl, const Geometry& pieceBoard, const Geometry& grid,
                      std::mt19937_64& rng, int trials, const std::string& label) {
    BB holes = toBitboard<BB>(pieceBoard.holes);
    int compared = 0;
    for (int c = 0; c < 2; ++c)
        for (int from = 0; from < grid.squareCount(); ++from) {
            if (pieceBoard.holes[from]) continue;
            for (int trial = 0; trial < trials; ++trial) {
                Scene<BB> s = randomScene<BB>(rng, grid, from);
                std::vector<WalkMove> expected = walk(table, c, from, s.walkBoard, s.virgin);
                std::vector<WalkMove> got = fastMoves(piece, sl, holes, c, from, s);
                sortMoves(expected);
                sortMoves(got);
                ++compared;
                if (expected != got) {
                    ADD_FAILURE() << label << " colour " << c << " on " << grid.name(from)
                                  << (s.virgin ? " (unmoved)" : "")
                                  << "\n walker:   " << moveList(expected, grid)
                                  << "\n bitboard: " << moveList(got, grid);
                    return compared;
                }
            }
        }
    return compared;
}

// For a reversible piece, the squares it captures on sq from are the other colour's captures
// from sq, on any occupancy.
template <class BB>
void compareReverse(const PieceSets<BB>& piece, const SliderAttacks<BB>& sl,
                    const Geometry& pieceBoard, std::mt19937_64& rng, const std::string& label,
                    int trials = 8) {
    BB holes = toBitboard<BB>(pieceBoard.holes);
    for (int trial = 0; trial < trials; ++trial) {
        BB occ = holes;
        int density = int(rng() % 80);
        for (int sq = 0; sq < pieceBoard.squareCount(); ++sq)
            if (int(rng() % 100) < density) occ.set(sq);
        for (int c = 0; c < 2; ++c)
            for (int sq = 0; sq < pieceBoard.squareCount(); ++sq) {
                if (pieceBoard.holes[sq]) continue;
                BB from;
                for (int x = 0; x < pieceBoard.squareCount(); ++x)
                    if (!pieceBoard.holes[x] && piece.captures(sl, c, x, false, occ).test(sq))
                        from.set(x);
                ASSERT_TRUE(piece.captures(sl, c ^ 1, sq, false, occ) == from)
                    << label << " colour " << c << " attacking " << pieceBoard.name(sq);
            }
    }
}

template <class BB>
void compareVariant(const Variant& v, int trials, std::mt19937_64& rng) {
    VariantBitboards<BB> bb(v);
    for (std::size_t t = 0; t < v.pieces.size(); ++t) {
        if (!bb.pieces[t]) continue;
        PieceBoardInput in = pieceBoardInput(v, PieceType(t));
        std::string label = v.name + " " + v.pieces[t].letter + " (" + v.pieces[t].betza + ", " +
                            std::to_string(BB::kBits) + " bits)";
        // The loader's own tables: a difference here also catches pieceBoardInput() drifting
        // from what the loader compiles.
        compareEverywhere(v.tables[t], *bb.pieces[t], bb.sliders, in.board, v.board, rng, trials,
                          label);
        if (bb.pieces[t]->reversible())
            compareReverse(*bb.pieces[t], bb.sliders, in.board, rng, label);
    }
    EXPECT_LT(bb.bytes(), std::size_t(16) << 20) << v.name;
}

template <class BB>
void compareVariantIfFits(const Variant& v, int trials, std::mt19937_64& rng) {
    if (v.board.squareCount() <= BB::kBits) compareVariant<BB>(v, trials, rng);
}

TEST(BitboardPieces, EveryShippedPieceMovesAsTheWalkerSays) {
    std::mt19937_64 rng(2024);
    for (const std::string& name : shippedVariantNames()) {
        auto v = loadVariant(name);
        SCOPED_TRACE(name);
        switch (bitboardWords(v->board.squareCount())) {
            case 1:
                compareVariant<Bitboard<1>>(*v, 24, rng);
                break;
            case 2:
                compareVariant<Bitboard<2>>(*v, 24, rng);
                break;
            case 3:
                compareVariant<Bitboard<3>>(*v, 24, rng);
                break;
            default:
                compareVariant<Bitboard<4>>(*v, 24, rng);
        }
        // A wider bitboard than needed gives the same moves.
        compareVariantIfFits<Bitboard<4>>(*v, 3, rng);
    }
}

// Which shipped pieces stay on the walker, and why: the classifier accepts what it should.
TEST(BitboardPieces, ShippedPiecesOnTheWalker) {
    std::map<std::string, std::string> walker;
    for (const std::string& name : shippedVariantNames()) {
        auto v = loadVariant(name);
        for (std::size_t t = 0; t < v->pieces.size(); ++t) {
            std::string why;
            if (!classify(v->pieces[t].moves, &why))
                walker[v->name + " " + v->pieces[t].letter] = why;
            for (const auto& z : v->pieces[t].zoneMoves)
                if (!classify(z.moves, &why)) walker[v->name + " " + v->pieces[t].letter] = why;
        }
    }
    const std::string locust = "a leg that captures before the move ends (locust)";
    std::map<std::string, std::string> expected = {
        // The Lion, the promoted kirin, the horned falcon and the soaring eagle (chu, dai).
        {"chu N", locust},
        {"chu +O", locust},
        {"chu +H", locust},
        {"chu +D", locust},
        {"dai L!", locust},
        {"dai +O", locust},
        {"dai +H", locust},
        {"dai +D", locust},
        {"grasshopper G", "a hopper that lands within a range beyond the screen (grasshopper)"},
        {"wildebeest P", "a move from one rank ahead of the start (ii)"},
    };
    EXPECT_EQ(walker, expected);
    // The janggi cannon hops as the xiangqi one does, but not over cannons, and it has moves
    // along the palace diagonals: the walker's.
    auto janggi = loadVariant("janggi");
    VariantBitboards<Bitboard<2>> jb(*janggi);
    EXPECT_FALSE(jb.pieces[janggi->pieceByLetter("C")]);
}

FastPath path(std::vector<Offset> gate, Offset relay, Offset step, int lo, int hi, ModeMask modes,
              bool initial = false, bool createsEp = false) {
    FastPath p;
    p.gate = std::move(gate);
    p.relay = relay;
    p.step = step;
    p.minSteps = lo;
    p.maxSteps = hi;
    p.modes = modes;
    p.initial = initial;
    p.createsEp = createsEp;
    return p;
}

FastPath hop(Offset step, int lo, int hi, ModeMask modes) {
    FastPath p = path({}, {}, step, lo, hi, modes);
    p.hurdles = 1;
    return p;
}

TEST(BitboardPieces, ReversiblePieces) {
    auto chess = loadVariant("chess");
    VariantBitboards<Bitboard<1>> bb(*chess);
    std::string reversible;
    for (std::size_t t = 0; t < chess->pieces.size(); ++t)
        if (bb.pieces[t]->reversible()) reversible += chess->pieces[t].letter;
    // The pawn too: its captures read backwards are the other colour's pawn captures.
    EXPECT_EQ(reversible, "PNBRQK");
    auto xiangqi = loadVariant("xiangqi");
    VariantBitboards<Bitboard<2>> xb(*xiangqi);
    EXPECT_TRUE(xb.pieces[xiangqi->pieceByLetter("R")]->reversible());
    EXPECT_FALSE(xb.pieces[xiangqi->pieceByLetter("N")]->reversible());  // gated
    EXPECT_FALSE(xb.pieces[xiangqi->pieceByLetter("K")]->reversible());  // confined
    EXPECT_FALSE(xb.pieces[xiangqi->pieceByLetter("P")]->reversible());  // zone moves
    // A hop along a line reads backwards the same, over the same screen.
    EXPECT_TRUE(xb.pieces[xiangqi->pieceByLetter("C")]->reversible());
    // Not when the screen must stand next to the hopper.
    Geometry g;
    SliderAttacks<Bitboard<1>> sl(g.files, g.ranks);
    PieceMoves adjacent = parse("gafW");
    CompileInput input;
    input.moves = &adjacent;
    auto sets = PieceSets<Bitboard<1>>::build(input, g, sl);
    ASSERT_TRUE(sets);
    EXPECT_FALSE(sets->reversible());
}

TEST(Classify, Hoppers) {
    // The xiangqi cannon: a rook's non-captures, and captures over one screen.
    auto cannon = classify(parse("mRcpR"));
    ASSERT_TRUE(cannon);
    ASSERT_EQ(cannon->paths.size(), 8u);
    EXPECT_EQ(cannon->paths[0], path({}, {}, {0, 1}, 1, 0, kModeEmpty));
    EXPECT_EQ(cannon->paths[4], hop({0, 1}, 1, 0, kModeCaptureEnemy));
    EXPECT_EQ(cannon->paths[7], hop({-1, 0}, 1, 0, kModeCaptureEnemy));
    // Both modes beyond the screen, along diagonals.
    auto bishopHopper = classify(parse("pB"));
    ASSERT_TRUE(bishopHopper);
    ASSERT_EQ(bishopHopper->paths.size(), 4u);
    EXPECT_EQ(bishopHopper->paths[0], hop({1, 1}, 1, 0, kModeEmpty | kModeCaptureEnemy));
    // The screen right next to it, then a rook's ride.
    auto adjacent = classify(parse("gafW"));
    ASSERT_TRUE(adjacent);
    EXPECT_EQ(adjacent->paths[0], hop({0, 1}, 1, 1, kModeEmpty | kModeCaptureEnemy));
}

TEST(Classify, Pawn) {
    auto pattern = classify(parse("fmWfceFifmnD"));
    ASSERT_TRUE(pattern);
    std::vector<FastPath> expected = {
        path({}, {}, {0, 1}, 1, 1, kModeEmpty),
        path({}, {}, {1, 1}, 1, 1, kModeCaptureEnemy | kModeEnPassant),
        path({}, {}, {-1, 1}, 1, 1, kModeCaptureEnemy | kModeEnPassant),
        path({}, {}, {0, 1}, 2, 2, kModeEmpty, true, true),
    };
    EXPECT_EQ(pattern->paths, expected);
}

TEST(Classify, BentAndLamePieces) {
    // The picket: a bishop that may not stop on its first square.
    auto picket = classify(parse("yafF"));
    ASSERT_TRUE(picket);
    ASSERT_EQ(picket->paths.size(), 4u);
    EXPECT_EQ(picket->paths[0], path({}, {}, {1, 1}, 2, 0, kModeEmpty | kModeCaptureEnemy));
    // The giraffe: one diagonal step, then at least three orthogonal steps outward.
    auto giraffe = classify(parse("afsafyafF"));
    ASSERT_TRUE(giraffe);
    ASSERT_EQ(giraffe->paths.size(), 8u);
    EXPECT_EQ(giraffe->paths[0],
              path({{1, 1}}, {1, 1}, {1, 0}, 3, 0, kModeEmpty | kModeCaptureEnemy));
    // The xiangqi horse: a gate on the orthogonal neighbour.
    auto horse = classify(parse("nN"));
    ASSERT_TRUE(horse);
    ASSERT_EQ(horse->paths.size(), 8u);
    EXPECT_EQ(horse->paths[0], path({{0, 1}}, {}, {1, 2}, 1, 1, kModeEmpty | kModeCaptureEnemy));
    // The xiangqi elephant: two diagonal steps.
    auto elephant = classify(parse("nA"));
    ASSERT_TRUE(elephant);
    EXPECT_EQ(elephant->paths[0], path({}, {}, {1, 1}, 2, 2, kModeEmpty | kModeCaptureEnemy));
}

TEST(Classify, RefusesWhatNeedsTheWalker) {
    const std::pair<const char*, const char*> cases[] = {
        {"gQ", "grasshopper"},
        {"pR3", "range beyond"},
        {"caW", "captures"},
        {"tpR", "one side's"},
        {"npR", "lame hopper"},
        {"paflR", "turns"},
        {"pafpafR", "other than the last"},
        {"jN", "must jump"},
        {"oR", "cylindrical"},
        {"tR", "tame"},
        {"dK", "own piece"},
        {"iifmW", "(ii)"},
        {"afsR", "variable length"},
        {"mabW", "start square"},
        {"fmnN", "gate"},
        {"ifmnDfmR", "another path"},
    };
    for (auto [desc, why] : cases) {
        std::string reason;
        EXPECT_FALSE(classify(parse(desc), &reason)) << desc;
        EXPECT_NE(reason.find(why), std::string::npos) << desc << ": " << reason;
    }
}

// Random XBetza: atoms with direction sets, modes, ranges, initial, lame and multi-leg forms.
std::string randomBetza(std::mt19937_64& rng) {
    static const char* atoms[] = {"W", "F", "D", "A",  "N",  "C",  "Z",  "H",  "G",     "K",
                                  "R", "B", "Q", "WW", "FF", "NN", "DD", "AA", "(1,3)", "(0,3)"};
    static const char* dirs[] = {"",   "",   "f",  "b",  "l",  "r",  "s",  "v",  "fr", "fl",
                                 "br", "bl", "ff", "bb", "fs", "bs", "fh", "bh", "rr", "lv"};
    static const char* modes[] = {"", "", "", "m", "c", "mc", "ce", "fce", "e"};
    static const char* ranges[] = {"", "", "", "2", "3", "0", "1"};
    static const char* legs[] = {"a",    "af", "afs", "afr", "afl",   "y",  "yaf", "ya",
                                 "yafs", "ab", "afz", "ay",  "aff",   "ca", "pa",  "mpaf",
                                 "p",    "p",  "paf", "gaf", "afpaf", "tp"};
    // Hoppers that ride on beyond their screen: p on riders, g on a leaper then a rider.
    static const char* hoppers[] = {"pR", "pB", "pQ", "gafW", "gafF", "gafK", "pafR", "pNN"};
    std::string out;
    int parts = 1 + int(rng() % 3);
    for (int i = 0; i < parts; ++i) {
        if (rng() % 4 == 0) out += "i";
        if (rng() % 4 == 0) {
            out += dirs[rng() % std::size(dirs)];
            out += modes[rng() % 6];
            out += hoppers[rng() % std::size(hoppers)];
            continue;
        }
        out += dirs[rng() % std::size(dirs)];
        out += modes[rng() % std::size(modes)];
        if (rng() % 6 == 0) out += "n";
        if (rng() % 4 == 0) {
            out += legs[rng() % std::size(legs)];
            if (rng() % 3 == 0) out += legs[rng() % std::size(legs)];
        }
        out += atoms[rng() % std::size(atoms)];
        out += ranges[rng() % std::size(ranges)];
    }
    return out;
}

template <class BB>
int fuzzOne(std::mt19937_64& rng, const Geometry& g, const std::vector<PieceMoves>& pieces,
            int trials, const std::string& label) {
    CompileInput input;
    input.moves = &pieces[0];
    if (pieces.size() > 1) {
        // Zone-dependent moves: the second piece's moves on the far half (each side's own).
        for (int c = 0; c < 2; ++c) {
            input.movesAt[c].assign(g.squareCount(), &pieces[0]);
            for (int sq = 0; sq < g.squareCount(); ++sq) {
                int rank = c == 0 ? g.rankOf(sq) : g.ranks - 1 - g.rankOf(sq);
                if (2 * rank >= g.ranks) input.movesAt[c][sq] = &pieces[1];
            }
        }
    }
    if (rng() % 4 == 0)
        for (int c = 0; c < 2; ++c)
            for (int sq = 0; sq < g.squareCount(); ++sq)
                if (rng() % 2) input.allowed[c].set(sq);
    CompiledPiece table;
    try {
        table = compile(input, g);
    } catch (const std::invalid_argument&) {
        return 0;
    }
    SliderAttacks<BB> sl(g.files, g.ranks);
    auto sets = PieceSets<BB>::build(input, g, sl);
    if (!sets) return 0;
    // The engine finds attackers of reversible pieces backwards (engine/movegen_bitboards.cpp).
    if (sets->reversible()) compareReverse(*sets, sl, g, rng, label, 1);
    return compareEverywhere(table, *sets, sl, g, g, rng, trials, label) > 0;
}

template <class BB>
int fuzzBoard(std::mt19937_64& rng, int files, int ranks, const std::vector<PieceMoves>& pieces,
              const std::string& label) {
    Geometry g;
    g.files = files;
    g.ranks = ranks;
    int holePercent = rng() % 3 == 0 ? 0 : int(rng() % 15);
    for (int sq = 0; sq < g.squareCount(); ++sq)
        if (int(rng() % 100) < holePercent) g.holes.set(sq);
    return fuzzOne<BB>(rng, g, pieces, 2,
                       label + " on " + std::to_string(files) + "x" + std::to_string(ranks));
}

TEST(BitboardPieces, RandomPiecesOnRandomBoardsMoveAsTheWalkerSays) {
    std::mt19937_64 rng(99);
    int parsed = 0, fast = 0, compared = 0, hoppers = 0;
    for (int i = 0; i < 1500 && !HasFailure(); ++i) {
        std::vector<PieceMoves> pieces;
        std::string label;
        for (int k = 0; k < (rng() % 5 == 0 ? 2 : 1); ++k) {
            std::string desc = randomBetza(rng);
            try {
                pieces.push_back(parse(desc));
                label += (label.empty() ? "" : " / ") + desc;
            } catch (const ParseError&) {
            }
        }
        if (pieces.empty()) continue;
        ++parsed;
        bool accepted = true, hops = false;
        for (const auto& p : pieces) {
            auto pattern = classify(p);
            accepted &= bool(pattern);
            if (pattern)
                for (const FastPath& path : pattern->paths) hops |= path.hurdles > 0;
        }
        fast += accepted;
        if (!accepted) continue;
        hoppers += hops;
        int files = 1 + int(rng() % 16), ranks = 1 + int(rng() % 16);
        switch (rng() % 5) {
            case 0:
                files = 1 + int(rng() % 8), ranks = 1 + int(rng() % 8);
                compared += fuzzBoard<Bitboard<1>>(rng, files, ranks, pieces, label);
                break;
            case 1:
                if (files * ranks <= 128)
                    compared += fuzzBoard<Bitboard<2>>(rng, files, ranks, pieces, label);
                break;
            case 2:
                if (files * ranks <= 192)
                    compared += fuzzBoard<Bitboard<3>>(rng, files, ranks, pieces, label);
                break;
            default:
                compared += fuzzBoard<Bitboard<4>>(rng, files, ranks, pieces, label);
        }
    }
    // The generator must reach far enough to mean something.
    EXPECT_GT(parsed, 800);
    EXPECT_GT(fast, parsed / 3);
    EXPECT_GT(compared, 300);
    EXPECT_GT(hoppers, 100);
    std::cout << parsed << " parsed, " << fast << " on the bitboards (" << hoppers
              << " with hoppers), " << compared << " compared\n";
}

}  // namespace
