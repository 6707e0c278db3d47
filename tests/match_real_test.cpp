// A short real match through the command line: Timur (XBoard) against Fairy-Max in shatranj,
// 2 games at 2+0.05. Both must finish by the rules or the clock, never by an illegal move or a
// protocol failure. Skipped, with a message, when fairymax is not installed. Games are adjudicated
// drawn after 50 moves: Fairy-Max applies a 50-move rule to shatranj where our shatranj has 70
// and, once its count is reached, claims a draw (a false claim for us) or stops moving.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>
#include <cstdio>
#include <fstream>
#include <regex>
#include <sstream>

namespace {

const char* kFairyMax = "/usr/games/fairymax";

std::string run(const std::string& command, int& status) {
    std::string out;
    FILE* p = popen(command.c_str(), "r");
    if (!p) return out;
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
    status = pclose(p);
    return out;
}

}  // namespace

TEST(RealMatch, TimurAgainstFairyMaxInShatranj) {
    if (access(kFairyMax, X_OK) != 0) GTEST_SKIP() << "fairymax is not installed: " << kFairyMax;
    std::string pgn = ::testing::TempDir() + "match_real_" + std::to_string(getpid()) + ".pgn";
    std::remove(pgn.c_str());
    std::string cmd = std::string(TIMUR_BIN) + " match --engine name=Timur,cmd=" + TIMUR_BIN +
                      ",proto=xboard --engine name=Fairy-Max,cmd=" + kFairyMax +
                      ",proto=xboard --variant shatranj --games 2 --tc 2+0.05 "
                      "--adjudicate maxmoves=50 --pgn " +
                      pgn + " 2>&1";
    int status = -1;
    std::string out = run(cmd, status);
    std::cout << out;
    ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << out;
    std::ifstream in(pgn);
    std::stringstream s;
    s << in.rdbuf();
    std::string games = s.str();
    std::remove(pgn.c_str());
    std::regex finished(
        R"re(Finished game [12] \((Timur vs Fairy-Max|Fairy-Max vs Timur)\): (1-0|0-1|1/2-1/2) \{)re");
    EXPECT_EQ(std::distance(std::sregex_iterator(out.begin(), out.end(), finished),
                            std::sregex_iterator()),
              2)
        << out;
    EXPECT_TRUE(std::regex_search(
        out, std::regex(R"re(Score of Timur vs Fairy-Max: \d+ - \d+ - \d+  \[[01]\.\d{3}\] 2)re")))
        << out;
    EXPECT_NE(out.find("Elo difference: "), std::string::npos);
    EXPECT_EQ(out.find("illegal move"), std::string::npos) << out;
    EXPECT_EQ(out.find("rejects"), std::string::npos) << out;
    EXPECT_EQ(out.find("false claim"), std::string::npos) << out;
    EXPECT_EQ(out.find("connection stalls"), std::string::npos) << out;
    EXPECT_EQ(out.find("disconnects"), std::string::npos) << out;
    // Two games in the PGN, each with its variant and a result.
    std::regex result(R"re(\[Result "(1-0|0-1|1/2-1/2)"\])re");
    EXPECT_EQ(std::distance(std::sregex_iterator(games.begin(), games.end(), result),
                            std::sregex_iterator()),
              2)
        << games;
    EXPECT_NE(games.find("[Variant \"shatranj\"]"), std::string::npos);
}
