#include "engine/match/clock.h"

#include <cmath>
#include <sstream>
#include <stdexcept>

namespace timur::match {

namespace {

std::int64_t seconds(const std::string& text, const std::string& what) {
    try {
        size_t used = 0;
        double s = 0;
        if (auto colon = text.find(':'); colon != std::string::npos) {
            double m = std::stod(text.substr(0, colon), &used);
            if (used != colon) throw std::invalid_argument(what);
            double sec = std::stod(text.substr(colon + 1), &used);
            if (used != text.size() - colon - 1) throw std::invalid_argument(what);
            s = m * 60 + sec;
        } else {
            s = std::stod(text, &used);
            if (used != text.size()) throw std::invalid_argument(what);
        }
        if (!(s >= 0) || s > 1e7) throw std::invalid_argument(what);
        return std::int64_t(std::llround(s * 1000));
    } catch (const std::logic_error&) {
        throw std::invalid_argument("bad " + what + " '" + text + "'");
    }
}

std::string secondsText(std::int64_t ms) {
    std::ostringstream s;
    s << double(ms) / 1000;
    return s.str();
}

}  // namespace

std::string TimeControl::text() const {
    if (fixedPerMove()) return std::string("st=").append(secondsText(moveTimeMs));
    std::string t = movesPerSession ? std::to_string(movesPerSession) + "/" : "";
    t += secondsText(baseMs);
    if (incMs) t.append("+").append(secondsText(incMs));
    return t;
}

// PGN's forms: "40/9000" (moves in seconds), "300" (the game), "300+5" (increment), and
// "1/2" for a fixed time per move (one move in each 2 seconds, as correspondence sites write
// it). PGN has integers only; a fraction (10+0.1) is kept, as cutechess and others write it and
// PGN readers take it. PGN has no form for a session with an increment: 40/60+1 as well.
std::string TimeControl::pgnTag() const {
    if (fixedPerMove()) return "1/" + secondsText(moveTimeMs);
    std::string t = movesPerSession ? std::to_string(movesPerSession) + "/" : "";
    t += secondsText(baseMs);
    if (incMs) t.append("+").append(secondsText(incMs));
    return t;
}

TimeControl parseTimeControl(const std::string& text) {
    TimeControl tc;
    std::string rest = text;
    if (auto slash = rest.find('/'); slash != std::string::npos) {
        try {
            size_t used = 0;
            tc.movesPerSession = std::stoi(rest.substr(0, slash), &used);
            if (used != slash || tc.movesPerSession < 0) throw std::invalid_argument("moves");
        } catch (const std::logic_error&) {
            throw std::invalid_argument("bad moves per session in time control '" + text + "'");
        }
        rest = rest.substr(slash + 1);
    }
    std::string inc;
    if (auto plus = rest.find('+'); plus != std::string::npos) {
        inc = rest.substr(plus + 1);
        rest = rest.substr(0, plus);
    }
    tc.baseMs = seconds(rest, "base time in time control");
    if (!inc.empty()) tc.incMs = seconds(inc, "increment in time control");
    if (tc.baseMs <= 0 && tc.incMs <= 0)
        throw std::invalid_argument("time control '" + text + "' gives no time");
    return tc;
}

TimeControl fixedMoveTime(const std::string& text) {
    TimeControl tc;
    tc.moveTimeMs = seconds(text, "time per move");
    if (tc.moveTimeMs <= 0) throw std::invalid_argument("time per move must be positive");
    return tc;
}

int GameClock::movesToGo() const {
    if (tc_.fixedPerMove() || tc_.movesPerSession <= 0) return 0;
    return tc_.movesPerSession - movesMade_ % tc_.movesPerSession;
}

bool GameClock::charge(std::int64_t usedMs, std::int64_t marginMs) {
    ++movesMade_;
    if (tc_.fixedPerMove()) return usedMs <= tc_.moveTimeMs + marginMs;
    remainingMs_ -= usedMs;
    if (remainingMs_ < -marginMs) return false;
    if (remainingMs_ < 0) remainingMs_ = 0;
    remainingMs_ += tc_.incMs;
    if (tc_.movesPerSession > 0 && movesMade_ % tc_.movesPerSession == 0)
        remainingMs_ += tc_.baseMs;
    return true;
}

}  // namespace timur::match
