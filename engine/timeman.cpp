#include "engine/timeman.h"

#include <algorithm>
#include <chrono>

namespace timur {

namespace {

std::int64_t nowNs() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

}  // namespace

void TimeManager::start(const SearchLimits& limits, Color us, int pieces) {
    nps_ = limits.nodesPerSecond;
    pieces_ = pieces;
    restartClock();
    plan(limits, us);
}

void TimeManager::restartClock() {
    startNs_ = nowNs();
}

std::int64_t TimeManager::elapsed(std::uint64_t nodes) const {
    std::uint64_t nps = nps_.load(std::memory_order_relaxed);
    if (nps) return std::int64_t(nodes * 1000 / nps);
    return (nowNs() - startNs_.load()) / 1000000;
}

// Sudden death, increment and moves per session. The hard limit never takes more than a
// fraction of the clock, and less than the clock minus the overhead.
void TimeManager::plan(const SearchLimits& limits, Color us) {
    optimum_ = maximum_ = -1;
    if (limits.moveTime >= 0) {
        optimum_ = maximum_ = std::max<std::int64_t>(1, limits.moveTime - limits.overhead);
        return;
    }
    if (limits.time[us] < 0) return;
    std::int64_t t = limits.time[us], inc = std::max<std::int64_t>(0, limits.inc[us]);
    // Without a session: 35 moves to come with up to 32 pieces on the board, more with more
    // (chu shogi's 92 pieces play out over 150 moves a side and more).
    int expected = std::clamp(35 * pieces_.load() / 32, 35, 100);
    int mtg = limits.movesToGo > 0 ? std::min(limits.movesToGo, 40) : expected;
    // Every move to come costs the GUI's lag on top of its search, less the increment: that
    // much of the clock is never planned with, and below it we move at once.
    std::int64_t lagReserve = std::max<std::int64_t>(0, limits.moveLag - inc) * mtg;
    // What the clock will hold over the moves to come, less a reserve.
    std::int64_t usable = std::max<std::int64_t>(
        1, t + inc * (mtg - 1) - limits.overhead * (2 + mtg / 4) - limits.moveLag * mtg);
    std::int64_t opt = usable / mtg;
    std::int64_t max = std::min(opt * 5, t / 4 + inc / 2);
    if (limits.movesToGo == 1) max = std::min(max, t / 2);
    std::int64_t left = t - lagReserve;
    std::int64_t cap = std::max<std::int64_t>(1, left - limits.overhead - 30);
    if (left < 6 * limits.overhead) cap = std::max<std::int64_t>(1, left / 10);
    std::int64_t optimum = std::clamp<std::int64_t>(opt, 1, cap);
    optimum_ = optimum;
    maximum_ = std::clamp<std::int64_t>(max, optimum, cap);
}

}  // namespace timur
