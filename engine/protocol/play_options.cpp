#include "engine/protocol/play_options.h"

#include <algorithm>

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

std::vector<std::string> PlayOptions::uciOptions() const {
    return {"option name MultiPV type spin default 1 min 1 max " + std::to_string(kMaxMultiPv)};
}

std::vector<std::string> PlayOptions::xboardFeatures() const {
    return {"feature option=\"MultiPV -spin " + std::to_string(multiPv_) + " 1 " +
            std::to_string(kMaxMultiPv) + "\""};
}

std::optional<std::string> PlayOptions::set(const std::string& name, const std::string& value) {
    std::string key = lower(trim(name));
    if (key == "multipv") return setSpin("MultiPV", value, 1, kMaxMultiPv, multiPv_);
    return std::nullopt;
}

void PlayOptions::apply(SearchLimits& limits) const {
    limits.multiPv = multiPv_;
}

}  // namespace timur::protocol
