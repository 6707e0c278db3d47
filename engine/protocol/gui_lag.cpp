#include "engine/protocol/gui_lag.h"

#include <algorithm>
#include <functional>

namespace timur::protocol {

void GuiLag::moved(std::int64_t clockMs, std::int64_t incMs, std::int64_t searchMs) {
    clockAtMove_ = clockMs;
    incAtMove_ = std::max<std::int64_t>(0, incMs);
    searchMs_ = std::max<std::int64_t>(0, searchMs);
}

void GuiLag::clockNow(std::int64_t clockMs) {
    if (clockAtMove_ < 0 || clockMs < 0) return;
    std::int64_t charged = clockAtMove_ + incAtMove_ - clockMs;
    clockAtMove_ = -1;
    // A negative charge is a new session's time (or a GUI that gave time back): no sample.
    if (charged < 0) return;
    std::int64_t lag = std::clamp<std::int64_t>(charged - searchMs_, 0, kMaxLagMs);
    samples_[size_t(next_)] = lag;
    next_ = (next_ + 1) % int(samples_.size());
    count_ = std::min(count_ + 1, int(samples_.size()));
}

std::int64_t GuiLag::estimate() const {
    if (count_ == 0) return 0;
    std::array<std::int64_t, 16> s = samples_;
    std::sort(s.begin(), s.begin() + count_, std::greater<>());
    return count_ == 1 ? s[0] : s[1];
}

}  // namespace timur::protocol
