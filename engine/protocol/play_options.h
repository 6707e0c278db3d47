// The options a player sets for how Timur plays and shows its thinking, the same in both
// protocols (UCI `setoption`, XBoard `option`): MultiPV (lines shown in analysis).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/search.h"

namespace timur::protocol {

class PlayOptions {
  public:
    static constexpr int kMaxMultiPv = 64;

    // The declarations: `option name MultiPV type spin default 1 min 1 max 64`, ...
    std::vector<std::string> uciOptions() const;
    // `feature option="MultiPV -spin 1 1 64"`, ...
    std::vector<std::string> xboardFeatures() const;
    // Sets one of these options by name (any letter case). Nothing if the name is not one of
    // them; else an error message, empty when the value was taken. A check box takes
    // true/false (UCI) or 1/0 (XBoard).
    std::optional<std::string> set(const std::string& name, const std::string& value);
    // Copies them into a search's limits.
    void apply(SearchLimits& limits) const;

    int multiPv() const { return multiPv_; }

  private:
    int multiPv_ = 1;
};

}  // namespace timur::protocol
