// A progress line for long work on a terminal (deep perft, bench, a match): what is done and the
// time left, rewritten in place on standard error. It shows nothing when standard error is not a
// terminal (piped, redirected, in tests), so scripts see exactly the output they saw before.
#pragma once

#include <chrono>
#include <string>

namespace timur {

class ProgressLine {
  public:
    // Active when file descriptor `fd` is a terminal (and `enabled`).
    explicit ProgressLine(bool enabled = true, int fd = 2);
    ~ProgressLine() { clear(); }
    ProgressLine(const ProgressLine&) = delete;
    ProgressLine& operator=(const ProgressLine&) = delete;

    bool active() const { return active_; }
    // `what` is done, `fraction` (0..1) of the whole: "what, 1:05 elapsed, about 2:10 left".
    // Rewritten at most ten times a second, and only after the first half second (short work
    // shows nothing), unless `force`.
    void update(double fraction, const std::string& what, bool force = false);
    // Erases the line (before other output, and at the end).
    void clear();

    // "1:05", "1:02:03": a duration for people.
    static std::string duration(double seconds);

  private:
    using Clock = std::chrono::steady_clock;
    bool active_;
    int fd_;
    bool shown_ = false;
    Clock::time_point start_, last_;
};

}  // namespace timur
