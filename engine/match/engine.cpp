#include "engine/match/engine.h"

#include <algorithm>
#include <cctype>
#include <iostream>
#include <limits>
#include <mutex>
#include <sstream>

namespace timur::match {

std::unique_ptr<EngineDriver> createUciDriver(const EngineConfig& config);     // engine_uci.cpp
std::unique_ptr<EngineDriver> createXBoardDriver(const EngineConfig& config);  // engine_xboard.cpp

namespace {

bool knownKey(const std::string& key) {
    return key == "name" || key == "cmd" || key == "proto" || key == "dir" || key == "stderr" ||
           key == "variant" || key == "nodes" || key == "depth" ||
           (key.rfind("option.", 0) == 0 && key.size() > 7);
}

// A limit's value: a positive integer of digits only, at most `max`.
std::int64_t positive(const std::string& key, const std::string& value, std::int64_t max) {
    bool digits = !value.empty() && value.size() <= 18 &&
                  std::all_of(value.begin(), value.end(),
                              [](char ch) { return std::isdigit(static_cast<unsigned char>(ch)); });
    std::int64_t n = digits ? std::stoll(value) : 0;
    if (n <= 0 || n > max)
        throw std::invalid_argument("--engine: " + key + "= needs a positive integer, not '" +
                                    value + "'");
    return n;
}

}  // namespace

EngineConfig parseEngineSpec(const std::string& text) {
    // Items start at the beginning and after each comma that is followed by KEY=.
    std::vector<std::string> items;
    size_t start = 0;
    for (size_t i = 0; i <= text.size(); ++i) {
        if (i < text.size() && text[i] != ',') continue;
        if (i < text.size()) {
            size_t eq = text.find('=', i + 1);
            if (eq == std::string::npos || !knownKey(text.substr(i + 1, eq - i - 1))) continue;
        }
        items.push_back(text.substr(start, i - start));
        start = i + 1;
    }
    EngineConfig c;
    for (const std::string& item : items) {
        size_t eq = item.find('=');
        std::string key = eq == std::string::npos ? item : item.substr(0, eq);
        if (eq == std::string::npos || !knownKey(key))
            throw std::invalid_argument("--engine: unknown item '" + item +
                                        "' (expected name=, cmd=, proto=, option.NAME=, dir=, "
                                        "stderr= or variant=)");
        std::string value = item.substr(eq + 1);
        if (key == "name")
            c.name = value;
        else if (key == "cmd")
            c.command = value;
        else if (key == "proto")
            c.protocol = value;
        else if (key == "dir")
            c.workdir = value;
        else if (key == "stderr")
            c.stderrFile = value;
        else if (key == "variant")
            c.variantName = value;
        else if (key == "nodes")
            c.nodes = positive(key, value, std::numeric_limits<std::int64_t>::max());
        else if (key == "depth")
            c.depth = int(positive(key, value, std::numeric_limits<int>::max()));
        else
            c.options.emplace_back(key.substr(7), value);
    }
    if (c.command.empty())
        throw std::invalid_argument("--engine: cmd= is missing in '" + text + "'");
    if (c.protocol != "uci" && c.protocol != "xboard")
        throw std::invalid_argument("--engine: proto must be uci or xboard, not '" + c.protocol +
                                    "'");
    if (c.nodes > 0 && c.protocol == "xboard")
        throw std::invalid_argument(
            "--engine: nodes= works only with proto=uci (XBoard's protocol has no node limit; "
            "depth= works with both), in '" +
            text + "'");
    if (c.name.empty()) {
        std::string first = c.command.substr(0, c.command.find(' '));
        c.name = first.substr(first.find_last_of('/') + 1);
    }
    return c;
}

std::string limitsText(const EngineConfig& config) {
    std::string s;
    if (config.nodes > 0) s += "nodes=" + std::to_string(config.nodes);
    if (config.depth > 0) s += (s.empty() ? "depth=" : " depth=") + std::to_string(config.depth);
    return s;
}

std::unique_ptr<EngineDriver> EngineDriver::create(const EngineConfig& config) {
    if (config.protocol == "xboard") return createXBoardDriver(config);
    return createUciDriver(config);
}

void EngineDriver::setDebug(bool on) {
    debug_ = on;
    if (!on) {
        process_.trace = nullptr;
        return;
    }
    std::string name = config_.name;
    process_.trace = [name, game = game_](char dir, const std::string& line) {
        static std::mutex m;
        std::lock_guard lock(m);
        if (int g = game->load(std::memory_order_relaxed)) std::cerr << "[game " << g << "] ";
        std::cerr << name << (dir == '>' ? " < " : " > ") << line << '\n';
    };
}

void EngineDriver::launch() {
    try {
        process_.start(config_.command, config_.workdir, config_.stderrFile);
    } catch (const std::exception& e) {
        throw EngineError(config_.name + ": cannot start '" + config_.command + "': " + e.what());
    }
    healthy_ = true;
}

}  // namespace timur::match
