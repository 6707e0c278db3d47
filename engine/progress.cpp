#include "engine/progress.h"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace timur {

ProgressLine::ProgressLine(bool enabled, int fd)
    : active_(enabled && ::isatty(fd) == 1), fd_(fd), start_(Clock::now()), last_(start_) {}

std::string ProgressLine::duration(double seconds) {
    long s = std::lround(std::max(0.0, seconds));
    char buf[32];
    if (s >= 3600)
        std::snprintf(buf, sizeof buf, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
    else
        std::snprintf(buf, sizeof buf, "%ld:%02ld", s / 60, s % 60);
    return buf;
}

void ProgressLine::update(double fraction, const std::string& what, bool force) {
    if (!active_) return;
    auto now = Clock::now();
    double elapsed = std::chrono::duration<double>(now - start_).count();
    if (!force && (elapsed < 0.5 || now - last_ < std::chrono::milliseconds(100))) return;
    last_ = now;
    std::string line = "\r" + what + ", " + duration(elapsed) + " elapsed";
    if (fraction > 0 && fraction < 1)
        line += ", about " + duration(elapsed * (1 - fraction) / fraction) + " left";
    line += "\033[K";  // erases what a longer line left behind
    ssize_t n = ::write(fd_, line.data(), line.size());
    (void)n;
    shown_ = true;
}

void ProgressLine::clear() {
    if (!shown_) return;
    const char erase[] = "\r\033[K";
    ssize_t n = ::write(fd_, erase, sizeof erase - 1);
    (void)n;
    shown_ = false;
}

}  // namespace timur
