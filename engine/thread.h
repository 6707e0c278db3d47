// Lazy SMP: helper threads search the same root as the lead, each with its own position and
// heuristics, and share only the transposition table; what they find reaches the lead through
// it. The pool makes the helpers, starts, stops and joins their threads and adds up their
// nodes. (Search itself, in thread.cpp, runs the lead in a thread of its own.)
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <thread>
#include <vector>

#include "engine/position.h"

namespace timur {

class SearchWorker;
struct SearchShared;

class ThreadPool {
  public:
    explicit ThreadPool(SearchShared& shared);
    ~ThreadPool();
    ThreadPool(const ThreadPool&) = delete;
    ThreadPool& operator=(const ThreadPool&) = delete;

    // Threads in all, the lead included; from any thread, applied by the next resize().
    void request(int threads) { requested_ = threads; }
    // Makes or drops helpers as requested; only between searches, on the search thread.
    void resize();
    // Starts each helper's iterative deepening on `root` (which must outlive join()).
    void start(const Position& root, int maxDepth);
    // Stops the search (the shared stop flag) and joins the helpers; nothing if none run.
    void stopAndJoin();

    std::uint64_t nodes() const;  // the helpers' published node counts
    void clearHistory();

  private:
    SearchShared& shared_;
    std::vector<std::unique_ptr<SearchWorker>> helpers_;
    std::vector<std::thread> threads_;
    std::atomic<int> requested_{1};
};

// Runs the pool's helpers for a scope: stops and joins them when it ends.
class HelpersRunning {
  public:
    HelpersRunning(ThreadPool& pool, const Position& root, int maxDepth) : pool_(pool) {
        pool_.start(root, maxDepth);
    }
    ~HelpersRunning() { pool_.stopAndJoin(); }
    HelpersRunning(const HelpersRunning&) = delete;
    HelpersRunning& operator=(const HelpersRunning&) = delete;

  private:
    ThreadPool& pool_;
};

}  // namespace timur
