// The move generator's split for a staged search: on positions of random games in every shipped
// variant (and the oracle positions with their children), GenType::Captures and GenType::Quiets
// are disjoint and together give exactly GenType::All, for the pseudo-legal and for the legal
// moves (placements, swaps, citadel exchanges and drops included); isCaptureOrPromotion puts
// each move on the side that generated it; and isPseudoLegal accepts exactly the pseudo-legal
// moves, also when asked about the moves of another position (as a table move may be).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <iostream>
#include <map>
#include <random>
#include <sstream>

#include "engine/movegen.h"
#include "engine/position.h"
#include "engine/rules.h"

using namespace timur;

namespace {

std::uint64_t bits(const Move& m) {
    std::uint64_t b;
    std::memcpy(&b, &m, sizeof b);
    return b;
}

std::vector<std::uint64_t> sorted(const MoveList& list) {
    std::vector<std::uint64_t> out;
    for (const Move& m : list) out.push_back(bits(m));
    std::sort(out.begin(), out.end());
    return out;
}

const char* kindName(MoveKind k) {
    static const char* names[] = {"normal", "en passant", "castling",        "drop",
                                  "swap",   "placement",  "citadel exchange"};
    return names[int(k)];
}

struct Checker {
    std::map<std::string, int> seen;  // kinds and classes of the moves checked
    int positions = 0;

    // Captures and quiets of one generator: disjoint, classified alike, together `all`.
    void checkSplit(Position& pos, bool legal, const std::string& where) {
        MoveList all, captures, quiets;
        if (legal) {
            generateLegal(pos, all);
            generateLegal(pos, captures, GenType::Captures);
            generateLegal(pos, quiets, GenType::Quiets);
        } else {
            generatePseudo(pos, all);
            generatePseudo(pos, captures, GenType::Captures);
            generatePseudo(pos, quiets, GenType::Quiets);
        }
        const char* what = legal ? "legal" : "pseudo-legal";
        for (const Move& m : captures)
            EXPECT_TRUE(isCaptureOrPromotion(pos, m))
                << what << " capture " << moveText(pos, m) << " classed quiet at " << where;
        for (const Move& m : quiets)
            EXPECT_FALSE(isCaptureOrPromotion(pos, m))
                << what << " quiet move " << moveText(pos, m) << " classed capture at " << where;
        std::vector<std::uint64_t> c = sorted(captures), q = sorted(quiets), a = sorted(all);
        std::vector<std::uint64_t> both, joined;
        std::set_intersection(c.begin(), c.end(), q.begin(), q.end(), std::back_inserter(both));
        EXPECT_TRUE(both.empty()) << what << ": " << both.size() << " moves in both at " << where;
        std::merge(c.begin(), c.end(), q.begin(), q.end(), std::back_inserter(joined));
        EXPECT_EQ(joined, a) << what << ": captures + quiets (" << c.size() << " + " << q.size()
                             << ") differ from all (" << a.size() << ") at " << where;
        if (!legal) return;
        for (const Move& m : all) {
            ++seen[kindName(m.kind)];
            ++seen[isCaptureOrPromotion(pos, m) ? "captures" : "quiets"];
        }
    }

    // isPseudoLegal against the pseudo-legal list, for this position's moves and others'.
    void checkPseudoLegal(Position& pos, const std::vector<Move>& foreign,
                          const std::string& where) {
        MoveList pseudo;
        generatePseudo(pos, pseudo);
        if (pos.terminal()) pseudo.size = 0;
        auto listed = [&](const Move& m) {
            return std::find(pseudo.begin(), pseudo.end(), m) != pseudo.end();
        };
        for (const Move& m : pseudo)
            EXPECT_TRUE(isPseudoLegal(pos, m))
                << "pseudo-legal " << moveText(pos, m) << " refused at " << where;
        for (const Move& m : foreign) {
            bool expected = listed(m);
            EXPECT_EQ(isPseudoLegal(pos, m), expected)
                << "another position's move " << int(m.from) << "->" << int(m.to) << " kind "
                << kindName(m.kind) << " at " << where;
        }
    }

    void check(Position& pos, const std::vector<Move>& foreign, const std::string& where) {
        ++positions;
        checkSplit(pos, false, where);
        checkSplit(pos, true, where);
        checkPseudoLegal(pos, foreign, where);
    }
};

std::vector<Move> movesOf(Position& pos) {
    MoveList legal;
    generateLegal(pos, legal);
    return {legal.begin(), legal.end()};
}

// Random games: every position, asked also about the moves of the two positions before it.
void randomGames(const std::string& name, int games, int maxPlies, Checker& checker) {
    auto variant = loadVariant(name);
    std::mt19937 rng(0x5711 + std::hash<std::string>{}(name) % 1000);
    for (int game = 0; game < games && !::testing::Test::HasFailure(); ++game) {
        Position pos(variant);
        pos.setStart();
        std::vector<Move> before, beforeThat;
        for (int ply = 0; ply < maxPlies && !::testing::Test::HasFailure(); ++ply) {
            std::vector<Move> foreign = before;
            foreign.insert(foreign.end(), beforeThat.begin(), beforeThat.end());
            checker.check(pos, foreign,
                          name + " game " + std::to_string(game) + " (" + pos.fen() + ")");
            std::vector<Move> legal = movesOf(pos);
            MoveList list;
            for (const Move& m : legal) list.push(m);
            if (legal.empty() || gameEnd(pos, list).over()) break;
            beforeThat = std::move(before);
            before = legal;
            pos.makeMove(legal[rng() % legal.size()]);
        }
    }
}

// The oracle positions of a variant and every position one move from them.
void oraclePositions(const std::string& name, Checker& checker) {
    auto variant = loadVariant(name);
    std::vector<std::string> fens;
    std::ifstream perft(std::string(TIMUR_ORACLE_DIR) + "/perft.tsv");
    for (std::string line; std::getline(perft, line);) {
        std::istringstream row(line);
        std::string v, fen;
        std::getline(row, v, '\t');
        std::getline(row, fen, '\t');
        if (v == name) fens.push_back(fen);
    }
    if (name == "tamerlane") {
        std::ifstream tamerlane(std::string(TIMUR_ORACLE_DIR) + "/tamerlane.tsv");
        for (std::string line; std::getline(tamerlane, line);) {
            if (line.empty() || line[0] == '#') continue;
            std::istringstream row(line);
            std::string kind, id, fen;
            std::getline(row, kind, '\t');
            std::getline(row, id, '\t');
            std::getline(row, fen, '\t');
            fens.push_back(fen);
        }
    }
    for (const std::string& fen : fens) {
        Position pos(variant);
        pos.setFen(fen == "startpos" ? variant->startFen : fen);
        std::vector<Move> legal = movesOf(pos);
        checker.check(pos, {}, name + " oracle " + fen);
        for (const Move& m : legal) {
            pos.makeMove(m);
            checker.check(pos, legal,
                          name + " oracle " + fen + " after " + std::to_string(m.from) + "-" +
                              std::to_string(m.to));
            pos.unmakeMove();
        }
    }
}

class MovegenSplit : public ::testing::TestWithParam<std::string> {};

TEST_P(MovegenSplit, CapturesAndQuietsPartitionAllMoves) {
    Checker checker;
    randomGames(GetParam(), 12, 300, checker);
    oraclePositions(GetParam(), checker);
    std::string summary;
    for (const auto& [what, n] : checker.seen) summary += " " + what + " " + std::to_string(n);
    std::cout << "[ split    ] " << GetParam() << ": " << checker.positions << " positions;"
              << summary << "\n";
    EXPECT_GT(checker.seen["captures"], 0);
    EXPECT_GT(checker.seen["quiets"], 0);
}

// The oracle's Tamerlane positions hold every special move: they must all have been checked.
TEST(MovegenSplit, TamerlaneSpecialMovesAreCovered) {
    Checker checker;
    oraclePositions("tamerlane", checker);
    for (const char* kind : {"swap", "placement", "citadel exchange"})
        EXPECT_GT(checker.seen[kind], 0) << kind;
}

std::string testName(const ::testing::TestParamInfo<std::string>& info) {
    std::string s;
    for (char c : info.param) s += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
    return s;
}

INSTANTIATE_TEST_SUITE_P(Shipped, MovegenSplit, ::testing::ValuesIn(shippedVariantNames()),
                         testName);

}  // namespace
