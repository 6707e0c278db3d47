// Time management: how long to think about a move (an optimum and a maximum planned from the
// SearchLimits), the clock of the running search, and after each iteration whether the time
// used is enough to move.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>

#include "engine/search.h"

namespace timur {

class TimeManager {
  public:
    // Plans side us's time for this move and starts the clock. `pieces`: the pieces on the
    // board, which scale the moves the game is expected to last (a board with 92 pieces, chu
    // shogi's start, plays far more moves than chess).
    void start(const SearchLimits& limits, Color us, int pieces = 32);
    // Starts the clock again (a pondering search becomes a timed one at ponderhit).
    void restartClock();
    // Plans again from a fresh clock (XBoard's `time` that came with the move pondered on: the
    // plan made when pondering began knew neither the GUI's charge nor the opponent's time).
    // Safe while the search runs.
    void replan(const SearchLimits& limits, Color us) { plan(limits, us); }

    // Milliseconds since the start; with XBoard's nps, `nodes` searched at that rate. Safe to
    // call from another thread than the search's.
    std::int64_t elapsed(std::uint64_t nodes) const;

    // Whether the clock bounds this search at all (else only depth, nodes or a stop end it).
    bool timed() const { return optimum() >= 0 || nps_.load(std::memory_order_relaxed); }
    // ms; -1 = no time limit
    std::int64_t optimum() const { return optimum_.load(std::memory_order_relaxed); }
    std::int64_t maximum() const { return maximum_.load(std::memory_order_relaxed); }

    // The hard limit: the search must stop now.
    bool outOfTime(std::uint64_t nodes) const {
        std::int64_t max = maximum();
        return max >= 0 && elapsed(nodes) >= max;
    }
    // After a completed iteration: another one would likely not finish in the time planned, or
    // (a timed search with a single legal move) would not change the move. `scale` (percent)
    // stretches the time planned where the search is unsure of its move (rootScale).
    bool enoughAfterIteration(std::uint64_t nodes, int legalRootMoves, int scale = 100) const {
        return (timed() && legalRootMoves == 1) ||
               (optimum() >= 0 && elapsed(nodes) >= optimum() * 6 * scale / 1000);
    }
    // How much of the time planned to use after an iteration (percent): less when the best move
    // has not changed for some iterations, more when it just changed or the score dropped.
    static int rootScale(int stableIterations, int scoreDrop) {
        int scale = stableIterations >= 6   ? 65
                    : stableIterations >= 3 ? 80
                    : stableIterations == 0 ? 130
                                            : 100;
        if (scoreDrop > 20) scale = scale * (100 + std::min(scoreDrop, 150)) / 100;
        return std::min(scale, 250);
    }

  private:
    void plan(const SearchLimits& limits, Color us);

    std::atomic<std::int64_t> optimum_{-1}, maximum_{-1};
    std::atomic<int> pieces_{32};
    std::atomic<std::uint64_t> nps_{0};
    std::atomic<std::int64_t> startNs_{0};
};

}  // namespace timur
