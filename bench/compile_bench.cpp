// How long compiling the move tables of a large variant takes: 30 piece types on a 16x16 board.
//
// BM_CompileAll compiles every piece once per iteration (the time a variant load spends in the
// compiler); BM_CompilePiece/N compiles piece N alone, labelled with its description, to find
// the expensive ones. Parsing is done once, outside the timed loops.
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "notation/compile.h"
#include "notation/geometry.h"
#include "notation/parse.h"

namespace {

using timur::Geometry;
namespace betza = timur::betza;

struct PieceText {
    const char* description;
    betza::Dialect dialect;
};

// A representative mix: leapers, riders, multi-leg XBetza, hoppers, a nightrider, the rose
// (in BFN, where q is defined) and pawns with initial and en-passant moves.
const PieceText kPieces[] = {
    {"W", betza::Dialect::XBetza},      {"F", betza::Dialect::XBetza},
    {"K", betza::Dialect::XBetza},      {"N", betza::Dialect::XBetza},
    {"D", betza::Dialect::XBetza},      {"A", betza::Dialect::XBetza},
    {"C", betza::Dialect::XBetza},      {"Z", betza::Dialect::XBetza},
    {"H", betza::Dialect::XBetza},      {"KNAD", betza::Dialect::XBetza},
    {"R", betza::Dialect::XBetza},      {"B", betza::Dialect::XBetza},
    {"Q", betza::Dialect::XBetza},      {"fR", betza::Dialect::XBetza},
    {"BN", betza::Dialect::XBetza},     {"RN", betza::Dialect::XBetza},
    {"N0", betza::Dialect::XBetza},     {"afsafyafF", betza::Dialect::XBetza},
    {"yafF", betza::Dialect::XBetza},   {"mafsW", betza::Dialect::XBetza},
    {"nA", betza::Dialect::XBetza},     {"fcafmF", betza::Dialect::XBetza},
    {"FyafsF", betza::Dialect::XBetza}, {"mafsR", betza::Dialect::XBetza},
    {"mRcpR", betza::Dialect::XBetza},  {"gQ", betza::Dialect::XBetza},
    {"qN", betza::Dialect::Bfn},        {"FfW", betza::Dialect::XBetza},
    {"fmWfcF", betza::Dialect::XBetza}, {"fmWfceFifmnD", betza::Dialect::XBetza},
};
constexpr int kPieceCount = sizeof(kPieces) / sizeof(kPieces[0]);
static_assert(kPieceCount == 30);

Geometry board16() {
    Geometry g;
    g.files = 16;
    g.ranks = 16;
    return g;
}

// Parses all pieces; on failure reports the first error and returns false.
bool parseAll(benchmark::State& state, std::vector<betza::PieceMoves>& out) {
    out.clear();
    for (const PieceText& p : kPieces) {
        try {
            out.push_back(betza::parse(p.description, p.dialect));
        } catch (const std::exception& e) {
            state.SkipWithError((std::string(p.description) + ": " + e.what()).c_str());
            return false;
        }
    }
    return true;
}

void BM_CompileAll(benchmark::State& state) {
    std::vector<betza::PieceMoves> pieces;
    if (!parseAll(state, pieces)) return;
    const Geometry g = board16();
    std::size_t nodes = 0;
    try {
        for (auto _ : state) {
            nodes = 0;
            for (const betza::PieceMoves& p : pieces) {
                betza::CompiledPiece compiled = betza::compile(p, g);
                nodes += compiled.nodes.size();
                benchmark::DoNotOptimize(compiled.nodes.data());
            }
        }
    } catch (const std::exception& e) {
        state.SkipWithError(e.what());
        return;
    }
    state.SetItemsProcessed(state.iterations() * kPieceCount);
    state.counters["pieces"] = kPieceCount;
    state.counters["nodes"] = double(nodes);
}
BENCHMARK(BM_CompileAll)->Unit(benchmark::kMillisecond);

void BM_CompilePiece(benchmark::State& state) {
    const PieceText& text = kPieces[state.range(0)];
    state.SetLabel(std::string(text.description) +
                   (text.dialect == betza::Dialect::Bfn ? " (bfn)" : ""));
    const Geometry g = board16();
    try {
        betza::PieceMoves piece = betza::parse(text.description, text.dialect);
        std::size_t nodes = 0;
        for (auto _ : state) {
            betza::CompiledPiece compiled = betza::compile(piece, g);
            nodes = compiled.nodes.size();
            benchmark::DoNotOptimize(compiled.nodes.data());
        }
        state.counters["nodes"] = double(nodes);
    } catch (const std::exception& e) {
        state.SkipWithError((std::string(text.description) + ": " + e.what()).c_str());
    }
}
BENCHMARK(BM_CompilePiece)->DenseRange(0, kPieceCount - 1)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
