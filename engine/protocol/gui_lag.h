// What a GUI's clock charges per move beyond the engine's own search time: the pipe, the GUI's
// own work and, in XBoard, the animation of the opponent's move (70-100 ms, during which XBoard
// reads no engine output while our clock runs). Measured from the clock the GUI reports before
// each move: charged = clock before our last move + increment - clock now; the lag is what was
// charged beyond our search. The time planning keeps it back for every move to come
// (SearchLimits::moveLag).
#pragma once

#include <array>
#include <cstdint>

namespace timur::protocol {

class GuiLag {
  public:
    // A new game or time control: no move to compare with (the estimate stays).
    void newGame() { clockAtMove_ = -1; }
    // Our move was sent: the clock we had when asked for it, the increment, the search's time.
    void moved(std::int64_t clockMs, std::int64_t incMs, std::int64_t searchMs);
    // We are asked to move again and the GUI says our clock holds clockMs: one sample.
    void clockNow(std::int64_t clockMs);
    // The lag to plan with, in ms: the second largest of the recent samples (one outlier, a
    // scheduling hiccup, is ignored), at most kMaxLagMs.
    std::int64_t estimate() const;

    static constexpr std::int64_t kMaxLagMs = 1000;

  private:
    std::int64_t clockAtMove_ = -1, incAtMove_ = 0, searchMs_ = 0;
    std::array<std::int64_t, 16> samples_{};
    int count_ = 0, next_ = 0;
};

}  // namespace timur::protocol
