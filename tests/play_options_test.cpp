// The options a player sets over both protocols (engine/protocol/play_options.h): MultiPV lines
// in UCI info and XBoard thinking output; Skill Level and UCI_Elo (engine/skill.h).
#include <gtest/gtest.h>

#include <chrono>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <thread>

#include "engine/protocol/uci.h"
#include "engine/protocol/xboard.h"
#include "engine/skill.h"

namespace timur::protocol {
namespace {

const VariantSet& shipped() {
    static const VariantSet set = [] {
        VariantSet s;
        s.loadShipped();
        return s;
    }();
    return set;
}

std::vector<std::string> linesOf(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);) out.push_back(l);
    return out;
}

// A UCI session: each command in turn, then the end of input (a bounded search finishes).
std::vector<std::string> uciSession(const std::vector<std::string>& commands) {
    std::ostringstream text;
    Output out(text);
    VariantSet variants = shipped();
    {
        UciEngine engine(out, variants);
        for (const auto& c : commands) engine.handle(c);
        engine.finish();
    }
    std::lock_guard lock(out.mutex());
    return linesOf(text.str());
}

struct UciLine {
    int depth, multipv, score;
    std::string move;
};

std::vector<UciLine> uciLines(const std::vector<std::string>& lines) {
    static const std::regex re(
        R"(^info depth (\d+) seldepth \d+ multipv (\d+) score cp (-?\d+) .* pv (\S+))");
    std::vector<UciLine> out;
    std::smatch m;
    for (const auto& l : lines)
        if (std::regex_search(l, m, re))
            out.push_back({std::stoi(m[1]), std::stoi(m[2]), std::stoi(m[3]), m[4]});
    return out;
}

TEST(MultiPv, UciReportsEveryLineAtEveryDepth) {
    auto lines =
        uciSession({"uci", "setoption name MultiPV value 3", "position startpos", "go depth 5"});
    ASSERT_NE(std::find(lines.begin(), lines.end(),
                        "option name MultiPV type spin default 1 min 1 max 64"),
              lines.end());
    auto infos = uciLines(lines);
    std::map<int, std::vector<UciLine>> byDepth;
    for (const auto& i : infos) byDepth[i.depth].push_back(i);
    ASSERT_EQ(byDepth.size(), 5u);
    for (const auto& [depth, group] : byDepth) {
        ASSERT_EQ(group.size(), 3u) << "depth " << depth;
        std::set<std::string> moves;
        for (int k = 0; k < 3; ++k) {
            EXPECT_EQ(group[size_t(k)].multipv, k + 1);
            moves.insert(group[size_t(k)].move);
            if (k > 0) {
                EXPECT_LE(group[size_t(k)].score, group[size_t(k) - 1].score);
            }
        }
        EXPECT_EQ(moves.size(), 3u) << "three different first moves at depth " << depth;
    }
    // The move played is the first line's.
    EXPECT_EQ(lines.back(), "bestmove " + byDepth[5][0].move +
                                lines.back().substr(9 + byDepth[5][0].move.size()));
}

TEST(MultiPv, UciFindsTheOneWinningMoveFirst) {
    // White takes the undefended queen; the other lines are far worse.
    auto lines = uciSession({"setoption name MultiPV value 4",
                             "position fen 4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", "go depth 4"});
    auto infos = uciLines(lines);
    ASSERT_FALSE(infos.empty());
    const UciLine& first = infos[infos.size() - 4];
    EXPECT_EQ(first.multipv, 1);
    EXPECT_EQ(first.move, "d2d5");
    EXPECT_GT(first.score, infos.back().score + 500);
    EXPECT_EQ(lines.back().substr(0, 13), "bestmove d2d5");
}

TEST(MultiPv, NoMoreLinesThanLegalMoves) {
    // The black king has three moves.
    auto lines = uciSession({"setoption name MultiPV value 5",
                             "position fen k7/8/8/8/8/8/8/7K b - - 0 1", "go depth 3"});
    for (const auto& i : uciLines(lines)) EXPECT_LE(i.multipv, 3);
    EXPECT_EQ(uciLines(lines).size(), 9u);
}

TEST(MultiPv, UciOneLineIsTheUsualOutput) {
    auto lines = uciSession({"position startpos", "go depth 3"});
    for (const auto& l : lines) EXPECT_EQ(l.find("multipv"), std::string::npos) << l;
}

TEST(MultiPv, UciRejectsBadValues) {
    auto lines = uciSession({"setoption name MultiPV value 0", "setoption name MultiPV value x",
                             "setoption name multipv value 65"});
    ASSERT_EQ(lines.size(), 3u);
    for (const auto& l : lines)
        EXPECT_TRUE(l.starts_with("info string MultiPV must be a whole number from 1 to 64")) << l;
}

TEST(MultiPv, XBoardAnalysisShowsEveryLine) {
    std::ostringstream text;
    Output out(text);
    VariantSet variants = shipped();
    {
        XBoardEngine engine(out, variants);
        for (const char* c : {"xboard", "protover 2", "option MultiPV=3", "post", "analyze"})
            engine.handle(c);
        // Wait for depth 4 to be complete (three lines of it), then leave analysis.
        static const std::regex depth4(R"((^|\n)4 -?\d+ \d+ \d+ [^\n]*\n4 [^\n]*\n4 )");
        for (int i = 0; i < 500; ++i) {
            {
                std::lock_guard lock(out.mutex());
                if (std::regex_search(text.str(), depth4)) break;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
        engine.handle("exit");
        engine.handle("quit");
    }
    auto lines = linesOf(text.str());
    EXPECT_NE(std::find(lines.begin(), lines.end(), "feature option=\"MultiPV -spin 1 1 64\""),
              lines.end());
    // Thinking lines: depth score time nodes pv...
    static const std::regex thinking(R"(^(\d+) (-?\d+) \d+ \d+ (\S+))");
    std::map<int, std::vector<std::pair<int, std::string>>> byDepth;
    std::smatch m;
    for (const auto& l : lines)
        if (std::regex_search(l, m, thinking))
            byDepth[std::stoi(m[1])].push_back({std::stoi(m[2]), m[3]});
    ASSERT_GE(byDepth.size(), 4u);
    for (int depth = 1; depth <= 4; ++depth) {
        const auto& group = byDepth[depth];
        ASSERT_EQ(group.size(), 3u) << "depth " << depth;
        std::set<std::string> moves{group[0].second, group[1].second, group[2].second};
        EXPECT_EQ(moves.size(), 3u);
        EXPECT_GE(group[0].first, group[1].first);
        EXPECT_GE(group[1].first, group[2].first);
    }
}

TEST(MultiPv, XBoardRejectsBadValues) {
    std::ostringstream text;
    Output out(text);
    VariantSet variants = shipped();
    {
        XBoardEngine engine(out, variants);
        engine.handle("xboard");
        engine.handle("option MultiPV=99");
        engine.handle("quit");
    }
    EXPECT_EQ(text.str(),
              "Error (MultiPV must be a whole number from 1 to 64, not '99'): option "
              "MultiPV=99\n");
}

}  // namespace
}  // namespace timur::protocol

namespace timur {
namespace {

TEST(Skill, FullStrengthIsOff) {
    EXPECT_FALSE(Skill(20, 1).enabled());
    EXPECT_FALSE(Skill(25, 1).enabled());
    EXPECT_TRUE(Skill(19.5, 1).enabled());
    EXPECT_EQ(Skill(-3, 1).level(), 0);
}

// How often each line is chosen in `n` picks.
std::vector<int> picks(double level, const std::vector<int>& scores, int n) {
    Skill skill(level, 12345);
    std::vector<int> count(scores.size(), 0);
    for (int i = 0; i < n; ++i) ++count[size_t(skill.pick(scores))];
    return count;
}

TEST(Skill, WeakLevelsChooseWorseMovesNowAndThen) {
    // Three moves close together and a blunder a rook behind.
    std::vector<int> scores{50, 35, 20, -450};
    auto weak = picks(0, scores, 2000);
    auto strong = picks(19, scores, 2000);
    EXPECT_LT(weak[0], 1600) << "level 0 plays the best move most of the time, not always";
    EXPECT_GT(weak[1] + weak[2], 400);
    EXPECT_GT(strong[0], weak[0]) << "a higher level plays the best move more often";
    EXPECT_GT(weak[3], 0) << "level 0 blunders now and then";
    EXPECT_LT(weak[3], weak[2] / 3) << "but less often than it plays a close move";
    EXPECT_EQ(strong[3], 0);
    // One line: nothing to choose.
    EXPECT_EQ(picks(0, {10}, 10)[0], 10);
}

TEST(Skill, LevelsFollowTheRatingScale) {
    EXPECT_EQ(Skill::levelForElo(Skill::minElo()), 0);
    EXPECT_EQ(Skill::levelForElo(Skill::minElo() - 500), 0);
    EXPECT_EQ(Skill::levelForElo(Skill::maxElo()), Skill::kFull);
    double last = -1;
    for (int elo = Skill::minElo(); elo <= Skill::maxElo(); elo += 25) {
        double level = Skill::levelForElo(elo);
        EXPECT_GE(level, last) << elo;
        last = level;
    }
}

TEST(Skill, TheSearchStopsAtTheSkillsDepthAndVariesItsMove) {
    auto variant = loadVariant("chess");
    Position start(variant);
    start.setStart();
    std::set<std::string> chosen;
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
        Search search;
        SearchLimits limits;
        limits.depth = 8;
        limits.skillLevel = 2;
        limits.skillSeed = seed;
        SearchResult r = search.run(start, limits);
        EXPECT_EQ(r.info.depth, 3) << "level 2 chooses at depth 3 and stops";
        chosen.insert(r.bestText);
    }
    EXPECT_GE(chosen.size(), 2u);
    // At full strength the same search always plays one move.
    Search search;
    SearchLimits full;
    full.depth = 3;
    std::string best = search.run(start, full).bestText;
    for (int i = 0; i < 3; ++i) {
        Search again;
        EXPECT_EQ(again.run(start, full).bestText, best);
    }
}

}  // namespace
}  // namespace timur
