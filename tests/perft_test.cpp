// Perft against published counts: ../shared/oracle/perft.tsv (Fairy-Stockfish's test suite) and
// the Tamerlane data. Lines above kQuickNodes run only with TIMUR_LONG=1 (ctest label "long").
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>

#include "engine/perft.h"
#include "engine/position.h"

using namespace timur;

namespace {

constexpr std::uint64_t kQuickNodes = 1'000'000;

struct PerftCase {
    std::string variant, fen;
    int depth;
    std::uint64_t nodes;
};

std::vector<PerftCase> readOracle() {
    std::vector<PerftCase> out;
    std::ifstream in(std::string(TIMUR_ORACLE_DIR) + "/perft.tsv");
    std::string line;
    std::getline(in, line);  // header
    while (std::getline(in, line)) {
        std::istringstream row(line);
        PerftCase c;
        std::string depth, nodes;
        if (!std::getline(row, c.variant, '\t') || !std::getline(row, c.fen, '\t') ||
            !std::getline(row, depth, '\t') || !std::getline(row, nodes, '\t'))
            continue;
        c.depth = std::stoi(depth);
        c.nodes = std::stoull(nodes);
        out.push_back(c);
    }
    return out;
}

bool longRun() {
    const char* v = std::getenv("TIMUR_LONG");
    return v && std::string(v) == "1";
}

class OraclePerft : public ::testing::TestWithParam<PerftCase> {};

TEST_P(OraclePerft, MatchesPublishedCount) {
    const PerftCase& c = GetParam();
    if (c.nodes > kQuickNodes && !longRun()) GTEST_SKIP() << "long line; run with TIMUR_LONG=1";
    // A shallower count keeps the quick run meaningful for the deep lines too.
    auto variant = loadVariant(c.variant);
    Position pos(variant);
    pos.setFen(c.fen == "startpos" ? variant->startFen : c.fen);
    std::string before = pos.fen();
    EXPECT_EQ(perft(pos, c.depth), c.nodes) << c.variant << " " << c.fen;
    EXPECT_EQ(pos.fen(), before) << "make/unmake did not restore the position";
}

std::string caseName(const ::testing::TestParamInfo<PerftCase>& info) {
    return info.param.variant + "_" + std::to_string(info.index) + "_depth" +
           std::to_string(info.param.depth);
}

INSTANTIATE_TEST_SUITE_P(Oracle, OraclePerft, ::testing::ValuesIn(readOracle()), caseName);

// Every oracle line at depth 2 and 3 runs in the quick suite, so a long line's position is
// still exercised (the deep count itself needs TIMUR_LONG=1).
class ShallowPerft : public ::testing::TestWithParam<PerftCase> {};

TEST_P(ShallowPerft, PositionLoadsAndMakeUnmakeRestores) {
    const PerftCase& c = GetParam();
    auto variant = loadVariant(c.variant);
    Position pos(variant);
    pos.setFen(c.fen == "startpos" ? variant->startFen : c.fen);
    std::uint64_t hash = pos.hash();
    std::string fen = pos.fen();
    EXPECT_GT(perft(pos, 2), 0u);
    EXPECT_EQ(pos.hash(), hash);
    EXPECT_EQ(pos.fen(), fen);
}

INSTANTIATE_TEST_SUITE_P(Oracle, ShallowPerft, ::testing::ValuesIn(readOracle()), caseName);

}  // namespace

// The memory budget: the move tables of the largest shipped variant stay under 16 MiB.
TEST(TableMemory, EveryShippedVariantUnder16MiB) {
    for (const std::string& name : shippedVariantNames()) {
        auto v = loadVariant(name);
        std::size_t bytes = 0;
        for (const auto& t : v->tables) bytes += t.bytes();
        EXPECT_LT(bytes, 16u << 20) << name;
        std::cout << name << ": " << (bytes + 1023) / 1024 << " KiB of move tables\n";
    }
}
