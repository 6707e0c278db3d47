#include "engine/match/merge.h"

#include <algorithm>
#include <set>
#include <stdexcept>

namespace timur::match {

namespace {

// [Name "Value"] with PGN's escapes (\" and \\); false if the line is not a tag pair.
bool parseTag(const std::string& line, std::string& name, std::string& value) {
    if (line.size() < 4 || line.front() != '[' || line.back() != ']') return false;
    size_t space = line.find(' ');
    size_t quote = line.find('"');
    if (space == std::string::npos || quote == std::string::npos || quote < space) return false;
    name = line.substr(1, space - 1);
    value.clear();
    for (size_t i = quote + 1; i + 1 < line.size(); ++i) {
        if (line[i] == '\\' && i + 2 < line.size()) {
            value += line[++i];
        } else if (line[i] == '"') {
            return true;
        } else {
            value += line[i];
        }
    }
    return false;
}

}  // namespace

std::vector<PgnGame> readPgnGames(std::istream& in, const std::string& origin) {
    std::vector<PgnGame> games;
    PgnGame game;
    bool inGame = false, inMoves = false;
    int startLine = 0, number = 0;
    auto finish = [&]() {
        if (!inGame) return;
        if (game.result.empty())
            throw std::invalid_argument(origin + ":" + std::to_string(startLine) +
                                        ": a game without a Result tag");
        games.push_back(std::move(game));
        game = PgnGame{};
        inGame = inMoves = false;
    };
    std::string line;
    while (std::getline(in, line)) {
        ++number;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        std::string name, value;
        if (parseTag(line, name, value)) {
            if (inMoves) finish();
            if (!inGame) startLine = number;
            inGame = true;
            if (name == "Round") {
                try {
                    game.round = std::stoi(value);
                } catch (const std::exception&) {
                    game.round = 0;
                }
            } else if (name == "White") {
                game.white = value;
            } else if (name == "Black") {
                game.black = value;
            } else if (name == "Result") {
                game.result = value;
            } else if (name == "Variant") {
                game.variant = value;
            } else if (name == "FEN") {
                game.fen = value;
            }
        } else if (line.find_first_not_of(" \t") != std::string::npos) {
            if (!inGame)
                throw std::invalid_argument(origin + ":" + std::to_string(number) +
                                            ": moves outside a game (no tags before them)");
            inMoves = true;
        }
        if (inGame) game.text += line + '\n';
        if (inMoves) game.moveText += line + '\n';
    }
    finish();
    return games;
}

MergedMatch mergeGames(std::vector<PgnGame> games) {
    MergedMatch m;
    std::stable_sort(games.begin(), games.end(),
                     [](const PgnGame& a, const PgnGame& b) { return a.round < b.round; });
    std::set<int> seen;
    for (PgnGame& g : games) {
        if (g.round > 0 && !seen.insert(g.round).second) {
            m.duplicates.push_back(g.round);
            continue;
        }
        if (m.first.empty()) {
            m.first = g.white;
            m.second = g.black;
        }
        bool firstWhite = g.white == m.first && g.black == m.second;
        bool firstBlack = g.white == m.second && g.black == m.first;
        if (!firstWhite && !firstBlack)
            throw std::invalid_argument("game " + std::to_string(g.round) + " is " + g.white +
                                        " vs " + g.black + ", not between " + m.first + " and " +
                                        m.second);
        if (g.result == "1/2-1/2")
            ++m.score.draws;
        else if (g.result == "1-0")
            ++(firstWhite ? m.score.wins : m.score.losses);
        else if (g.result == "0-1")
            ++(firstWhite ? m.score.losses : m.score.wins);
        else
            ++m.unfinished;
        m.games.push_back(std::move(g));
    }
    if (!seen.empty())
        for (int r = 1; r < *seen.rbegin(); ++r)
            if (!seen.count(r)) m.missing.push_back(r);
    return m;
}

}  // namespace timur::match
