// Time: the GUI's per-move lag as the front ends measure it (GuiLag), and the planning that keeps
// it back. Searches count time in nodes (XBoard's nps mode), so the budgets are exact.
#include <gtest/gtest.h>

#include "engine/protocol/gui_lag.h"
#include "engine/search.h"

using namespace timur;
using timur::protocol::GuiLag;

TEST(GuiLag, ChargedBeyondTheSearch) {
    GuiLag lag;
    EXPECT_EQ(lag.estimate(), 0);
    lag.clockNow(9000);  // no move of ours yet: no sample
    EXPECT_EQ(lag.estimate(), 0);
    // 10 s on the clock, 100 ms increment, 500 ms of search; the GUI charged 590.
    lag.moved(10000, 100, 500);
    lag.clockNow(9510);
    EXPECT_EQ(lag.estimate(), 90);
    // A move shorter than the GUI's floor: 2 ms of search, 95 charged.
    lag.moved(9510, 100, 2);
    lag.clockNow(9515);
    EXPECT_EQ(lag.estimate(), 90);  // the second largest of 90 and 93
    // One hiccup of 700 ms is ignored, a second one counts.
    lag.moved(9515, 100, 2);
    lag.clockNow(8915);
    EXPECT_EQ(lag.estimate(), 93);
    lag.moved(8915, 100, 2);
    lag.clockNow(8315);
    EXPECT_EQ(lag.estimate(), 698);
}

TEST(GuiLag, NoSampleWithoutAComparableClock) {
    GuiLag lag;
    lag.moved(1000, 0, 10);
    lag.newGame();
    lag.clockNow(500);  // another game's clock
    EXPECT_EQ(lag.estimate(), 0);
    lag.moved(1000, 0, 10);
    lag.clockNow(61000);  // a new session's time was added
    EXPECT_EQ(lag.estimate(), 0);
    lag.moved(1000, 0, 300);
    lag.clockNow(750);  // the search took longer than the charge: no lag
    EXPECT_EQ(lag.estimate(), 0);
    lag.clockNow(100);  // a second clock for the same move: no sample
    EXPECT_EQ(lag.estimate(), 0);
    lag.moved(100000, 0, 0);
    lag.clockNow(10);  // absurd charges are clamped
    EXPECT_EQ(lag.estimate(), 0);
    lag.moved(100000, 0, 0);
    lag.clockNow(10);
    EXPECT_EQ(lag.estimate(), GuiLag::kMaxLagMs);
}

namespace {

// Nodes of a sudden-death search with `clockMs` left, time counted as 100 nodes a millisecond.
std::uint64_t nodesSpent(std::int64_t clockMs, std::int64_t lagMs, std::int64_t incMs = 0) {
    Position pos(loadVariant("chess"));
    pos.setStart();
    SearchLimits limits;
    limits.time[White] = clockMs;
    limits.inc[White] = incMs;
    limits.moveLag = lagMs;
    limits.nodesPerSecond = 100000;
    Search search;
    SearchResult r = search.run(pos, limits);
    EXPECT_FALSE(r.best.isNull());
    return r.info.nodes;
}

}  // namespace

// 4 s left: without lag about 4000/35 ms a move is planned; with 90 ms of lag a move, 35 moves
// need 3.15 s of it, which leaves about 20 ms a move; below 3.15 s Timur moves at once.
TEST(TimePlanning, KeepsTheLagOfEveryMoveToCome) {
    std::uint64_t free = nodesSpent(4000, 0);
    std::uint64_t lagged = nodesSpent(4000, 90);
    std::uint64_t below = nodesSpent(3000, 90);
    EXPECT_GT(free, 5000u);
    EXPECT_LT(lagged, free / 2);
    EXPECT_LT(below, 1500u);  // a 1 ms budget; depth 1 is always finished
    EXPECT_LT(below, lagged);
    // An increment at least as large as the lag pays for it: no move at once.
    EXPECT_GT(nodesSpent(3000, 90, 100), 2500u);
}
