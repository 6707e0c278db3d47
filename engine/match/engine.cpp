#include "engine/match/engine.h"

#include <iostream>
#include <mutex>
#include <sstream>

namespace timur::match {

std::unique_ptr<EngineDriver> createUciDriver(const EngineConfig& config);     // engine_uci.cpp
std::unique_ptr<EngineDriver> createXBoardDriver(const EngineConfig& config);  // engine_xboard.cpp

namespace {

bool knownKey(const std::string& key) {
    return key == "name" || key == "cmd" || key == "proto" || key == "dir" || key == "stderr" ||
           key == "variant" || (key.rfind("option.", 0) == 0 && key.size() > 7);
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
        else
            c.options.emplace_back(key.substr(7), value);
    }
    if (c.command.empty())
        throw std::invalid_argument("--engine: cmd= is missing in '" + text + "'");
    if (c.protocol != "uci" && c.protocol != "xboard")
        throw std::invalid_argument("--engine: proto must be uci or xboard, not '" + c.protocol +
                                    "'");
    if (c.name.empty()) {
        std::string first = c.command.substr(0, c.command.find(' '));
        c.name = first.substr(first.find_last_of('/') + 1);
    }
    return c;
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
    process_.trace = [name](char dir, const std::string& line) {
        static std::mutex m;
        std::lock_guard lock(m);
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
