// Perft against the counts of tests/oracle/perft.tsv (Fairy-Stockfish's published numbers). Every
// line is a test of its own: those up to kQuickNodes nodes are instantiated as Quick/..., the
// deeper ones as Deep/.... ctest's perft_quick (the default run) runs Quick/* and TableMemory,
// perft_long (label long) runs Deep/*; nothing is skipped.
#include <gtest/gtest.h>

#include <fstream>
#include <iostream>
#include <sstream>

#include "engine/perft.h"
#include "engine/position.h"

using namespace timur;

namespace {

// About a second each at Timur's speed in a release build (ten under the sanitizers).
constexpr std::uint64_t kQuickNodes = 16'000'000;

struct PerftCase {
    std::string variant, fen;
    int depth;
    std::uint64_t nodes;
    int line;  // in perft.tsv, for the test's name
};

void PrintTo(const PerftCase& c, std::ostream* os) {
    *os << c.variant << " " << c.fen << " depth " << c.depth << ": " << c.nodes;
}

std::vector<PerftCase> readOracle() {
    std::vector<PerftCase> out;
    std::ifstream in(std::string(TIMUR_ORACLE_DIR) + "/perft.tsv");
    std::string line;
    std::getline(in, line);  // header
    for (int number = 2; std::getline(in, line); ++number) {
        std::istringstream row(line);
        PerftCase c;
        std::string depth, nodes;
        if (!std::getline(row, c.variant, '\t') || !std::getline(row, c.fen, '\t') ||
            !std::getline(row, depth, '\t') || !std::getline(row, nodes, '\t'))
            throw std::runtime_error("perft.tsv line " + std::to_string(number) + " is malformed");
        c.depth = std::stoi(depth);
        c.nodes = std::stoull(nodes);
        c.line = number;
        out.push_back(c);
    }
    return out;
}

std::vector<PerftCase> oracleLines(bool deep) {
    std::vector<PerftCase> out;
    for (const PerftCase& c : readOracle())
        if ((c.nodes > kQuickNodes) == deep) out.push_back(c);
    return out;
}

class OraclePerft : public ::testing::TestWithParam<PerftCase> {};

TEST_P(OraclePerft, MatchesPublishedCount) {
    const PerftCase& c = GetParam();
    auto variant = loadVariant(c.variant);
    Position pos(variant);
    pos.setFen(c.fen == "startpos" ? variant->startFen : c.fen);
    const std::string fen = pos.fen();
    const std::uint64_t hash = pos.hash();
    EXPECT_EQ(perft(pos, c.depth), c.nodes) << c.variant << " " << c.fen;
    EXPECT_EQ(pos.fen(), fen) << "make/unmake did not restore the position";
    EXPECT_EQ(pos.hash(), hash) << "make/unmake did not restore the hash";
}

std::string caseName(const ::testing::TestParamInfo<PerftCase>& info) {
    return info.param.variant + "_line" + std::to_string(info.param.line) + "_depth" +
           std::to_string(info.param.depth);
}

INSTANTIATE_TEST_SUITE_P(Quick, OraclePerft, ::testing::ValuesIn(oracleLines(false)), caseName);
INSTANTIATE_TEST_SUITE_P(Deep, OraclePerft, ::testing::ValuesIn(oracleLines(true)), caseName);

// The split must leave the default run most of the lines, and perft_long something to do.
TEST(OracleSplit, QuickAndDeepLines) {
    EXPECT_GE(oracleLines(false).size(), 15u);
    EXPECT_GE(oracleLines(true).size(), 1u);
}

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
