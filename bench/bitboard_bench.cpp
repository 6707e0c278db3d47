// The cost of the bitboard representations and of the move sets built on them.
//
// BM_Iterate / BM_AndCount: the basic operations of each width (64, 128, 192, 256 bits) and of
// std::bitset<256>, the engine's SquareSet today, on the same sets.
// BM_Rook / BM_Bishop: slider attacks from every square on random occupancies, by magic (PEXT
// with TIMUR_ARCH=modern) on 8x8 and by obstruction difference elsewhere, against walking the
// compiled path tree of "R" / "B" (what the move generator does today).
// BM_Targets: every move (from, to) of every piece of both sides, from the bitboard move sets
// against walking the compiled tables, for shipped variants' start positions and a midgame.
#include <benchmark/benchmark.h>

#include <bitset>
#include <random>
#include <vector>

#include "engine/position.h"
#include "engine/variant_bitboards.h"
#include "notation/compile.h"
#include "notation/parse.h"
#include "notation/walk.h"

namespace {

using namespace timur;

template <class BB>
std::vector<BB> randomSets(int count, int squares, int percent, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<BB> out(count);
    for (BB& b : out)
        for (int sq = 0; sq < squares; ++sq)
            if (int(rng() % 100) < percent) b.set(sq);
    return out;
}

// Visiting the squares of sets with about a quarter of 64..256 squares set.
template <class BB>
void BM_Iterate(benchmark::State& state) {
    int squares = int(state.range(0));
    auto sets = randomSets<BB>(256, squares, 25, 1);
    for (auto _ : state) {
        int sum = 0;
        for (const BB& b : sets) forEachSquare(b, [&](int sq) { sum += sq; });
        benchmark::DoNotOptimize(sum);
    }
    state.SetItemsProcessed(state.iterations() * 256);
}

void BM_IterateBitset(benchmark::State& state) {
    int squares = int(state.range(0));
    auto raw = randomSets<Bitboard<4>>(256, squares, 25, 1);
    std::vector<SquareSet> sets;
    for (auto& b : raw) sets.push_back(toSquareSet(b));
    for (auto _ : state) {
        int sum = 0;
        for (const SquareSet& b : sets)
            for (size_t sq = b._Find_first(); sq < b.size(); sq = b._Find_next(sq)) sum += int(sq);
        benchmark::DoNotOptimize(sum);
    }
    state.SetItemsProcessed(state.iterations() * 256);
}

// a & ~b, any() and count(): the bulk of a bitboard generator's set algebra.
template <class BB>
void BM_AndCount(benchmark::State& state) {
    int squares = int(state.range(0));
    auto a = randomSets<BB>(256, squares, 30, 2), b = randomSets<BB>(256, squares, 30, 3);
    for (auto _ : state) {
        int sum = 0;
        for (int i = 0; i < 256; ++i) {
            BB x = a[i].andNot(b[(i + 1) & 255]) & b[i];
            sum += x.any() ? x.count() : 1;
        }
        benchmark::DoNotOptimize(sum);
    }
    state.SetItemsProcessed(state.iterations() * 256);
}

void BM_AndCountBitset(benchmark::State& state) {
    int squares = int(state.range(0));
    auto ra = randomSets<Bitboard<4>>(256, squares, 30, 2),
         rb = randomSets<Bitboard<4>>(256, squares, 30, 3);
    std::vector<SquareSet> a, b;
    for (int i = 0; i < 256; ++i) a.push_back(toSquareSet(ra[i])), b.push_back(toSquareSet(rb[i]));
    for (auto _ : state) {
        int sum = 0;
        for (int i = 0; i < 256; ++i) {
            SquareSet x = a[i] & ~b[(i + 1) & 255] & b[i];
            sum += x.any() ? int(x.count()) : 1;
        }
        benchmark::DoNotOptimize(sum);
    }
    state.SetItemsProcessed(state.iterations() * 256);
}

constexpr int kShapes[][2] = {{8, 8}, {10, 8}, {9, 10}, {13, 10}, {16, 16}};

// Slider attacks from every square on 64 random occupancies (30% full); range(0) picks the board,
// range(1) = 1 uses the lines (obstruction difference) even where magics exist.
template <class BB, bool kBishop>
void BM_Slider(benchmark::State& state) {
    int files = kShapes[state.range(0)][0], ranks = kShapes[state.range(0)][1];
    if (files * ranks > BB::kBits) return state.SkipWithError("board too large");
    bool lines = state.range(1);
    SliderAttacks<BB> sl(files, ranks);
    state.SetLabel(std::to_string(files) + "x" + std::to_string(ranks) +
                   (sl.usesMagics() && !lines ? " magic" : " lines"));
    auto occ = randomSets<BB>(64, files * ranks, 30, 4);
    const int n = files * ranks;
    using S = SliderAttacks<BB>;
    for (auto _ : state) {
        int sum = 0;
        for (const BB& o : occ)
            for (int sq = 0; sq < n; ++sq) {
                BB a =
                    lines
                        ? (kBishop ? sl.line(S::kDiagonal, sq, o) | sl.line(S::kAntiDiagonal, sq, o)
                                   : sl.line(S::kRank, sq, o) | sl.line(S::kFile, sq, o))
                        : (kBishop ? sl.bishop(sq, o) : sl.rook(sq, o));
                for (int w = 0; w < BB::kWords; ++w) sum ^= int(a.word(w));  // every word
            }
        benchmark::DoNotOptimize(sum);
    }
    state.SetItemsProcessed(state.iterations() * 64 * n);
}

// The same squares found by walking the compiled path tree of R or B.
template <bool kBishop>
void BM_SliderWalk(benchmark::State& state) {
    int files = kShapes[state.range(0)][0], ranks = kShapes[state.range(0)][1];
    state.SetLabel(std::to_string(files) + "x" + std::to_string(ranks) + " path tree");
    Geometry g;
    g.files = files;
    g.ranks = ranks;
    betza::CompiledPiece table = betza::compile(betza::parse(kBishop ? "B" : "R"), g);
    auto occ = randomSets<Bitboard<4>>(64, files * ranks, 30, 4);
    std::vector<std::vector<std::uint8_t>> classes;
    for (const auto& o : occ) {
        classes.emplace_back(g.squareCount(), betza::kOccEmpty);
        for (int sq = 0; sq < g.squareCount(); ++sq)
            if (o.test(sq)) classes.back()[sq] = betza::kOccEnemy;
    }
    const int n = files * ranks;
    for (auto _ : state) {
        int sum = 0;
        for (const auto& c : classes)
            for (int sq = 0; sq < n; ++sq) {
                const betza::SquareRange& r = table.ranges[0][sq];
                for (std::uint32_t i = r.begin; i < r.initial;) {
                    const betza::PathNode& node = table.nodes[i];
                    std::uint8_t o = c[node.sq];
                    if (node.emit & o) sum += node.sq;
                    i = (node.pass & o) ? i + 1 : node.skip;
                }
            }
        benchmark::DoNotOptimize(sum);
    }
    state.SetItemsProcessed(state.iterations() * 64 * n);
}

struct Scene {
    const char* variant;
    const char* fen;  // nullptr: the start position
};
const Scene kScenes[] = {
    {"chess", nullptr},
    {"chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
    {"capablanca", nullptr},
    {"grand", nullptr},
    {"shogi", nullptr},
    {"xiangqi", nullptr},
    {"tamerlane", nullptr},
};

Position scenePosition(const Scene& s) {
    Position pos(loadVariant(s.variant));
    if (s.fen)
        pos.setFen(s.fen);
    else
        pos.setStart();
    return pos;
}

// The pseudo-legal moves of both sides' pieces (no castling, drops, e.p. or promotions).
int countMoves(const Position& pos) {
    int n = 0;
    for (int c = 0; c < 2; ++c)
        for (int t = 0; t < pos.info().typeCount; ++t) {
            const SquareSet& set = pos.pieces(Color(c), PieceType(t));
            for (size_t sq = set._Find_first(); sq < set.size(); sq = set._Find_next(sq)) {
                betza::WalkBoard b;
                for (int s = 0; s < pos.board().squareCount(); ++s)
                    b.occ.push_back(pos.info().occClass[c][pos.at(s)]);
                n += int(betza::walk(pos.variant().tables[t], c, int(sq), b, pos.isVirgin(int(sq)))
                             .size());
            }
        }
    return n;
}

// Move targets (quiet moves to empty squares, captures of enemies) of every piece of both sides,
// from the bitboard move sets; pieces the classifier refuses are left out (the label counts
// their types: xiangqi's cannon).
template <class BB>
void BM_TargetsBitboard(benchmark::State& state) {
    const Scene& scene = kScenes[state.range(0)];
    Position pos = scenePosition(scene);
    const Variant& v = pos.variant();
    if (v.board.squareCount() > BB::kBits) return state.SkipWithError("board too large");
    VariantBitboards<BB> bb(v);
    int skipped = 0;
    for (const auto& p : bb.pieces) skipped += !p;
    state.SetLabel(std::string(scene.variant) + (scene.fen ? " midgame" : " start") + ", " +
                   std::to_string(BB::kBits) + " bits, " + std::to_string(skipped) +
                   " types left out");
    const VariantInfo& info = pos.info();
    BB colour[2] = {toBitboard<BB>(pos.occupied(White)), toBitboard<BB>(pos.occupied(Black))};
    std::vector<std::array<BB, 2>> byType(info.typeCount);
    for (int t = 0; t < info.typeCount; ++t)
        for (int c = 0; c < 2; ++c)
            byType[t][c] = toBitboard<BB>(pos.pieces(Color(c), PieceType(t)));
    std::vector<std::uint16_t> moves(kMaxMoves);
    for (auto _ : state) {
        int count = 0;
        BB all = colour[0] | colour[1];
        for (int c = 0; c < 2; ++c)
            for (int t = 0; t < info.typeCount; ++t) {
                const auto& piece = bb.pieces[t];
                if (!piece) continue;
                BB occ = all | bb.holes[t];
                forEachSquare(byType[t][c], [&](int sq) {
                    BB quiet, capture;
                    piece->targets(bb.sliders, c, sq, pos.isVirgin(sq), occ, quiet, capture);
                    BB to = quiet.andNot(occ) | (capture & colour[c ^ 1]);
                    while (to) moves[count++] = std::uint16_t(sq << 8 | to.popLsb());
                });
            }
        benchmark::DoNotOptimize(moves.data());
        benchmark::DoNotOptimize(count);
    }
    state.counters["moves"] = double(countMoves(pos));
}

// The same targets by walking the compiled tables, as engine/movegen.cpp does.
void BM_TargetsWalk(benchmark::State& state) {
    const Scene& scene = kScenes[state.range(0)];
    Position pos = scenePosition(scene);
    const Variant& v = pos.variant();
    state.SetLabel(std::string(scene.variant) + (scene.fen ? " midgame" : " start") +
                   ", path tree");
    const VariantInfo& info = pos.info();
    std::vector<std::uint16_t> moves(kMaxMoves);
    for (auto _ : state) {
        int count = 0;
        for (int c = 0; c < 2; ++c)
            for (int t = 0; t < info.typeCount; ++t) {
                const betza::CompiledPiece& table = v.tables[t];
                const SquareSet& set = pos.pieces(Color(c), PieceType(t));
                for (size_t sq = set._Find_first(); sq < set.size(); sq = set._Find_next(sq)) {
                    const betza::SquareRange& r = table.ranges[c][sq];
                    std::uint32_t end = pos.isVirgin(int(sq)) ? r.initial2 : r.initial;
                    for (std::uint32_t i = r.begin; i < end;) {
                        const betza::PathNode& n = table.nodes[i];
                        std::uint8_t o = info.occClass[c][pos.at(n.sq)];
                        if (n.emit & o) moves[count++] = std::uint16_t(sq << 8 | n.sq);
                        i = (n.pass & o) ? i + 1 : n.skip;
                    }
                }
            }
        benchmark::DoNotOptimize(moves.data());
        benchmark::DoNotOptimize(count);
    }
    state.counters["moves"] = double(countMoves(pos));
}

BENCHMARK_TEMPLATE(BM_Iterate, Bitboard<1>)->Arg(64);
BENCHMARK_TEMPLATE(BM_Iterate, Bitboard<2>)->Arg(64)->Arg(128);
BENCHMARK_TEMPLATE(BM_Iterate, Bitboard<3>)->Arg(64)->Arg(130);
BENCHMARK_TEMPLATE(BM_Iterate, Bitboard<4>)->Arg(64)->Arg(130)->Arg(256);
BENCHMARK(BM_IterateBitset)->Arg(64)->Arg(130)->Arg(256);
BENCHMARK_TEMPLATE(BM_AndCount, Bitboard<1>)->Arg(64);
BENCHMARK_TEMPLATE(BM_AndCount, Bitboard<2>)->Arg(128);
BENCHMARK_TEMPLATE(BM_AndCount, Bitboard<3>)->Arg(130);
BENCHMARK_TEMPLATE(BM_AndCount, Bitboard<4>)->Arg(130)->Arg(256);
BENCHMARK(BM_AndCountBitset)->Arg(64)->Arg(256);

BENCHMARK_TEMPLATE(BM_Slider, Bitboard<1>, false)->Args({0, 0})->Args({0, 1});
BENCHMARK_TEMPLATE(BM_Slider, Bitboard<2>, false)->Args({0, 1})->Args({1, 1})->Args({2, 1});
BENCHMARK_TEMPLATE(BM_Slider, Bitboard<3>, false)->Args({3, 1});
BENCHMARK_TEMPLATE(BM_Slider, Bitboard<4>, false)->Args({0, 1})->Args({3, 1})->Args({4, 1});
BENCHMARK_TEMPLATE(BM_SliderWalk, false)->DenseRange(0, 4);
BENCHMARK_TEMPLATE(BM_Slider, Bitboard<1>, true)->Args({0, 0})->Args({0, 1});
BENCHMARK_TEMPLATE(BM_Slider, Bitboard<2>, true)->Args({1, 1})->Args({2, 1});
BENCHMARK_TEMPLATE(BM_Slider, Bitboard<3>, true)->Args({3, 1});
BENCHMARK_TEMPLATE(BM_Slider, Bitboard<4>, true)->Args({3, 1})->Args({4, 1});
BENCHMARK_TEMPLATE(BM_SliderWalk, true)->DenseRange(0, 4);

BENCHMARK_TEMPLATE(BM_TargetsBitboard, Bitboard<1>)->DenseRange(0, 1);
BENCHMARK_TEMPLATE(BM_TargetsBitboard, Bitboard<2>)->DenseRange(0, 5);
BENCHMARK_TEMPLATE(BM_TargetsBitboard, Bitboard<3>)->Arg(6);
BENCHMARK_TEMPLATE(BM_TargetsBitboard, Bitboard<4>)->Arg(1)->Arg(6);
BENCHMARK(BM_TargetsWalk)->DenseRange(0, 6);

}  // namespace

BENCHMARK_MAIN();
