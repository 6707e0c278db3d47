// Move text between Timur's convention and XBoard's (engine/xboard_dialect.h).
#include <cctype>
#include <sstream>

#include "engine/xboard_dialect.h"

namespace timur::protocol {

namespace {

// Squares in a move text: a lower-case file letter followed by digits.
template <typename F>
std::string mapRanks(const std::string& text, F f) {
    std::string out;
    for (size_t i = 0; i < text.size();) {
        char c = text[i];
        if (c >= 'a' && c <= 'p' && i + 1 < text.size() &&
            std::isdigit(static_cast<unsigned char>(text[i + 1]))) {
            size_t j = i + 1;
            int rank = 0;
            while (j < text.size() && std::isdigit(static_cast<unsigned char>(text[j])) &&
                   rank < 1000)
                rank = rank * 10 + (text[j++] - '0');
            out += c;
            out += std::to_string(f(rank));
            i = j;
        } else {
            out += c;
            ++i;
        }
    }
    return out;
}

// The squares of a move text, and where the non-square tail (promotion) starts.
std::vector<std::string> squaresOf(const std::string& text, std::string& tail) {
    std::vector<std::string> out;
    size_t i = 0;
    tail.clear();
    while (i < text.size()) {
        char c = text[i];
        if (c >= 'a' && c <= 'p' && i + 1 < text.size() &&
            std::isdigit(static_cast<unsigned char>(text[i + 1]))) {
            size_t j = i + 1;
            while (j < text.size() && std::isdigit(static_cast<unsigned char>(text[j]))) ++j;
            out.push_back(text.substr(i, j - i));
            i = j;
        } else {
            tail = text.substr(i);
            break;
        }
    }
    return out;
}

// Legs a1b2,b2c3: the squares in order, each leg's start dropped after the first. Empty if a
// leg has no square.
std::string joinLegs(const std::string& t) {
    std::string joined, leg;
    std::stringstream ss(t);
    bool first = true;
    while (std::getline(ss, leg, ',')) {
        std::string tail;
        auto sq = squaresOf(leg, tail);
        if (sq.empty()) return "";
        if (first)
            joined = leg;
        else
            for (size_t i = 1; i < sq.size(); ++i) joined += sq[i];
        if (!first) joined += tail;
        first = false;
    }
    return joined;
}

}  // namespace

std::string toXBoardMove(const std::string& text, int ranks) {
    std::string t = ranks == 10 ? mapRanks(text, [](int r) { return r - 1; }) : text;
    if (t.find('@') != std::string::npos) return t;
    std::string tail;
    auto squares = squaresOf(t, tail);
    if (squares.size() <= 2) return t;
    // A locust capture: from, victims..., to as legs.
    std::string out = squares[0] + squares[1];
    for (size_t i = 2; i < squares.size(); ++i) out += "," + squares[i - 1] + squares[i];
    return out + tail;
}

std::string fromXBoardMove(const std::string& text, int ranks) {
    std::string t;
    for (char c : text)
        if (c != '=' && c != '(' && c != ')') t += c;
    if (t.find(',') != std::string::npos) {
        t = joinLegs(t);
        if (t.empty()) return text;
    }
    if (ranks == 10) t = mapRanks(t, [](int r) { return r + 1; });
    return t;
}

}  // namespace timur::protocol
