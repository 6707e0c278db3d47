#include "engine/protocol/play_options.h"

#include <algorithm>

#include "engine/skill.h"
#include "engine/text.h"

namespace timur::protocol {

namespace {

bool readInt(const std::string& text, int& value) {
    try {
        size_t used = 0;
        long long v = std::stoll(text, &used);
        if (used != text.size() || v < -1000000 || v > 1000000) return false;
        value = int(v);
        return true;
    } catch (const std::exception&) {
        return false;
    }
}

bool readBool(const std::string& text, bool& value) {
    std::string t = lower(text);
    if (t == "true" || t == "1") return value = true, true;
    if (t == "false" || t == "0") return value = false, true;
    return false;
}

// A spin option's value within [lo, hi], or the message that says why not.
std::string setSpin(const std::string& name, const std::string& text, int lo, int hi, int& out) {
    int v;
    if (!readInt(trim(text), v) || v < lo || v > hi)
        return name + " must be a whole number from " + std::to_string(lo) + " to " +
               std::to_string(hi) + ", not '" + text + "'";
    out = v;
    return "";
}

}  // namespace

PlayOptions::PlayOptions() : elo_(Skill::maxElo()) {}

std::vector<std::string> PlayOptions::uciOptions() const {
    return {"option name MultiPV type spin default 1 min 1 max " + std::to_string(kMaxMultiPv),
            "option name Skill Level type spin default 20 min 0 max 20",
            "option name UCI_LimitStrength type check default false",
            "option name UCI_Elo type spin default " + std::to_string(Skill::maxElo()) + " min " +
                std::to_string(Skill::minElo()) + " max " + std::to_string(Skill::maxElo())};
}

std::vector<std::string> PlayOptions::xboardFeatures() const {
    return {"feature option=\"MultiPV -spin " + std::to_string(multiPv_) + " 1 " +
                std::to_string(kMaxMultiPv) + "\"",
            "feature option=\"Skill Level -spin " + std::to_string(skillLevel_) + " 0 20\"",
            std::string("feature option=\"UCI_LimitStrength -check ") +
                (limitStrength_ ? "1" : "0") + "\"",
            "feature option=\"UCI_Elo -spin " + std::to_string(elo_) + " " +
                std::to_string(Skill::minElo()) + " " + std::to_string(Skill::maxElo()) + "\""};
}

std::optional<std::string> PlayOptions::set(const std::string& name, const std::string& value) {
    std::string key = lower(trim(name));
    if (key == "multipv") return setSpin("MultiPV", value, 1, kMaxMultiPv, multiPv_);
    if (key == "skill level") return setSpin("Skill Level", value, 0, 20, skillLevel_);
    if (key == "uci_elo") return setSpin("UCI_Elo", value, Skill::minElo(), Skill::maxElo(), elo_);
    if (key == "uci_limitstrength") {
        if (!readBool(trim(value), limitStrength_))
            return "UCI_LimitStrength must be true or false, not '" + value + "'";
        return "";
    }
    return std::nullopt;
}

double PlayOptions::skillLevel() const {
    return limitStrength_ ? Skill::levelForElo(elo_) : double(skillLevel_);
}

void PlayOptions::apply(SearchLimits& limits) const {
    limits.multiPv = multiPv_;
    limits.skillLevel = skillLevel();
}

}  // namespace timur::protocol
