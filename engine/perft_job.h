// A protocol's perft (`perft N` in XBoard, `go perft N` in UCI) on its own thread, with its own
// copy of the position, so that the input loop goes on answering stop, isready/ping and quit
// however deep it counts.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <thread>

#include "engine/perft.h"
#include "engine/position.h"

namespace timur::protocol {

class PerftJob {
  public:
    // The end: the nodes counted, the time taken, and whether it was stopped before the end
    // (the count is then partial).
    using DoneReport = std::function<void(std::uint64_t nodes, std::int64_t ms, bool stopped)>;

    PerftJob() = default;
    PerftJob(const PerftJob&) = delete;
    PerftJob& operator=(const PerftJob&) = delete;
    ~PerftJob() { stop(); }

    // Counts `depth` plies below `pos`, reporting each root move as it is counted (depth >= 1),
    // then the end. A running count is stopped first. Reports come from the job's thread.
    void start(const Position& pos, int depth, PerftMoveReport onMove, DoneReport onDone);
    void stop();  // asks the count to end and waits for its last report
    void wait();  // waits for the end
    bool running() const { return running_; }

  private:
    std::thread thread_;
    std::atomic<bool> stop_{false};
    std::atomic<bool> running_{false};
};

}  // namespace timur::protocol
