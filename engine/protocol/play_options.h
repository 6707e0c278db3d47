// The options a player sets for how Timur plays and shows its thinking, the same in both
// protocols (UCI `setoption`, XBoard `option`): MultiPV (lines shown in analysis), Skill Level,
// UCI_LimitStrength and UCI_Elo (playing strength, engine/skill.h).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/search.h"

namespace timur::protocol {

class PlayOptions {
  public:
    static constexpr int kMaxMultiPv = 64;

    PlayOptions();

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
    // The Skill Level the search plays at: from UCI_Elo when UCI_LimitStrength is on, else the
    // Skill Level option.
    double skillLevel() const;

  private:
    int multiPv_ = 1;
    int skillLevel_ = 20;
    bool limitStrength_ = false;
    int elo_;  // the top of the rating scale until set
};

}  // namespace timur::protocol
