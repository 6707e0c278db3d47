#include "engine/perft_job.h"

#include <chrono>
#include <utility>

namespace timur::protocol {

void PerftJob::start(const Position& pos, int depth, PerftMoveReport onMove, DoneReport onDone) {
    stop();
    stop_ = false;
    running_ = true;
    thread_ = std::thread([this, root = pos, depth, onMove = std::move(onMove),
                           onDone = std::move(onDone)]() mutable {
        auto t0 = std::chrono::steady_clock::now();
        std::uint64_t total = 0;
        bool complete = true;
        if (depth >= 1)
            complete = perftDivide(
                root, depth,
                [&](const std::string& move, std::uint64_t n) {
                    total += n;
                    onMove(move, n);
                },
                &stop_);
        else
            total = 1;
        auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                      std::chrono::steady_clock::now() - t0)
                      .count();
        onDone(total, ms, !complete);
        running_ = false;
    });
}

void PerftJob::stop() {
    stop_ = true;
    wait();
}

void PerftJob::wait() {
    if (thread_.joinable()) thread_.join();
}

}  // namespace timur::protocol
