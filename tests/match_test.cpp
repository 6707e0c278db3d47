// timur match: statistics against known values, time controls, engine specs, and games against
// the scripted fake engine (tests/fake_engine.cpp) ending in every way a game can end, with the
// PGN and the summary lines checked.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>
#include <algorithm>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <regex>
#include <sstream>

#include "engine/match/clock.h"
#include "engine/match/merge.h"
#include "engine/match/pgn.h"
#include "engine/match/runner.h"
#include "engine/match/stats.h"
#include "engine/movegen.h"

using namespace timur;
using namespace timur::match;

namespace {

const int kIgnoreSigpipe = [] {
    std::signal(SIGPIPE, SIG_IGN);
    return 0;
}();

std::string tempPath(const std::string& name) {
    return ::testing::TempDir() + "match_test_" + name + "_" + std::to_string(::getpid());
}

std::string readFile(const std::string& path) {
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

EngineConfig fake(const std::string& name, const std::string& args,
                  const std::string& proto = "uci") {
    EngineConfig c;
    c.name = name;
    c.command = std::string(FAKE_ENGINE) + " " + args;
    c.protocol = proto;
    return c;
}

struct Played {
    MatchResult result;
    std::string out, pgn;
};

// Plays a match between two fake engines; tiny time control unless the options say otherwise.
Played play(MatchOptions o, const std::string& tag) {
    if (!o.variant) o.variant = loadVariant("chess");
    if (o.game.tc.baseMs == 0 && !o.game.tc.fixedPerMove()) o.game.tc = parseTimeControl("2+0.05");
    o.pgnFile = tempPath(tag + ".pgn");
    std::remove(o.pgnFile.c_str());
    // Removes the PGN also when runMatch throws (the tests that expect a MatchError).
    struct RemoveOnExit {
        std::string path;
        ~RemoveOnExit() { std::remove(path.c_str()); }
    } cleanup{o.pgnFile};
    std::ostringstream out;
    Played p;
    p.result = runMatch(o, out);
    p.out = out.str();
    p.pgn = readFile(o.pgnFile);
    return p;
}

size_t count(const std::string& text, const std::string& what) {
    size_t n = 0;
    for (size_t i = text.find(what); i != std::string::npos; i = text.find(what, i + 1)) ++n;
    return n;
}

// Two fake engines that log what they are sent, each given by its name and the spec's keys after
// its command; two games of at most two moves. The logs come back with the match.
struct PlayedLogged {
    Played played;
    std::string first, second;  // the engines' logs
};
PlayedLogged playLogged(const std::string& firstName, const std::string& firstKeys,
                        const std::string& secondName, const std::string& secondKeys,
                        const TimeControl& tc, const std::string& tag) {
    std::string logA = tempPath(tag + "_first.log"), logB = tempPath(tag + "_second.log");
    std::remove(logA.c_str());
    std::remove(logB.c_str());
    MatchOptions o;
    o.first = parseEngineSpec("name=" + firstName + ",cmd=" + std::string(FAKE_ENGINE) + " --log " +
                              logA + firstKeys);
    o.second = parseEngineSpec("name=" + secondName + ",cmd=" + std::string(FAKE_ENGINE) +
                               " --log " + logB + secondKeys);
    o.games = 2;
    o.game.tc = tc;
    o.game.adjudication.maxMoves = 2;
    PlayedLogged p{play(o, tag), readFile(logA), readFile(logB)};
    std::remove(logA.c_str());
    std::remove(logB.c_str());
    return p;
}

std::vector<Opening> openings(const std::string& text, const std::string& variant = "chess") {
    std::istringstream in(text);
    return readOpenings(in, loadVariant(variant));
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Statistics: the values cutechess's formulas give (computed independently in Python).

TEST(MatchStats, EloAndErrorMargin) {
    EloEstimate e = estimateElo({4, 2, 2});
    EXPECT_NEAR(e.diff, 88.7395, 1e-3);
    EXPECT_NEAR(e.margin, 261.3025, 1e-3);
    EXPECT_NEAR(e.los, 79.2892, 1e-3);
    EXPECT_NEAR(e.drawRatio, 25.0, 1e-9);
    e = estimateElo({60, 40, 100});
    EXPECT_NEAR(e.diff, 34.8601, 1e-3);
    EXPECT_NEAR(e.margin, 34.1101, 1e-3);
    e = estimateElo({10, 20, 5});
    EXPECT_NEAR(e.diff, -102.1090, 1e-3);
    EXPECT_NEAR(e.margin, 115.2857, 1e-3);
    EXPECT_NEAR(e.los, 3.3945, 1e-3);
    EXPECT_TRUE(std::isinf(estimateElo({3, 0, 0}).diff));
}

TEST(MatchStats, SummaryLines) {
    EXPECT_EQ(scoreLine("A", "B", {4, 2, 2}), "Score of A vs B: 4 - 2 - 2  [0.625] 8");
    EXPECT_EQ(eloLine({4, 2, 2}), "Elo difference: 88.7 +/- 261.3, LOS: 79.3 %, DrawRatio: 25.0 %");
}

TEST(MatchStats, SprtLogLikelihoodRatio) {
    SprtParams p = parseSprt("elo0=0,elo1=10,alpha=0.05,beta=0.05");
    SprtStatus s = sprtStatus(p, {60, 40, 100});
    EXPECT_NEAR(s.llr, 0.999793, 1e-5);
    EXPECT_NEAR(s.lowerBound, -2.944439, 1e-5);
    EXPECT_NEAR(s.upperBound, 2.944439, 1e-5);
    EXPECT_EQ(s.result, SprtStatus::Continue);
    s = sprtStatus(p, {400, 300, 500});
    EXPECT_NEAR(s.llr, 4.108650, 1e-5);
    EXPECT_EQ(s.result, SprtStatus::AcceptH1);
    s = sprtStatus(parseSprt("elo1=400"), {3, 3, 12});
    EXPECT_NEAR(s.llr, -33.749975, 1e-4);
    EXPECT_EQ(s.result, SprtStatus::AcceptH0);
    // No LLR without a decisive game; a match without draws (or without a loss) still moves
    // (cutechess would wait for one of each) and reaches a bound.
    EXPECT_EQ(sprtStatus(p, {0, 0, 4}).llr, 0);
    EXPECT_GT(sprtStatus(p, {5, 0, 3}).llr, 0);
    SprtParams strong = parseSprt("elo0=100,elo1=200,alpha=0.05,beta=0.05");
    EXPECT_EQ(sprtStatus(strong, {20, 2, 0}).result, SprtStatus::Continue);
    EXPECT_EQ(sprtStatus(strong, {40, 5, 0}).result, SprtStatus::AcceptH1);
    EXPECT_EQ(sprtStatus(strong, {20, 20, 0}).result, SprtStatus::AcceptH0);
    EXPECT_THROW(parseSprt("elo0=5,elo1=0"), std::invalid_argument);
    EXPECT_THROW(parseSprt("gamma=1"), std::invalid_argument);
}

// ---------------------------------------------------------------------------------------------
// Time controls, clocks, engine specs, adjudication, openings.

TEST(MatchConfig, TimeControls) {
    TimeControl tc = parseTimeControl("40/60+0");
    EXPECT_EQ(tc.movesPerSession, 40);
    EXPECT_EQ(tc.baseMs, 60000);
    EXPECT_EQ(tc.incMs, 0);
    tc = parseTimeControl("10+0.1");
    EXPECT_EQ(tc.baseMs, 10000);
    EXPECT_EQ(tc.incMs, 100);
    EXPECT_EQ(tc.pgnTag(), "10+0.1");
    EXPECT_EQ(parseTimeControl("1:30").baseMs, 90000);
    EXPECT_EQ(fixedMoveTime("0.5").moveTimeMs, 500);
    EXPECT_EQ(fixedMoveTime("2").pgnTag(), "1/2");
    EXPECT_EQ(parseTimeControl("40/60").pgnTag(), "40/60");
    EXPECT_EQ(parseTimeControl("5:00+5").pgnTag(), "300+5");
    EXPECT_THROW(parseTimeControl("x+1"), std::invalid_argument);
    EXPECT_THROW(parseTimeControl("0+0"), std::invalid_argument);
    EXPECT_THROW(parseTimeControl("a/10"), std::invalid_argument);

    GameClock c(parseTimeControl("2/10+1"));
    EXPECT_EQ(c.movesToGo(), 2);
    EXPECT_TRUE(c.charge(4000, 0));
    EXPECT_EQ(c.remainingMs(), 7000);
    EXPECT_EQ(c.movesToGo(), 1);
    EXPECT_TRUE(c.charge(1000, 0));  // end of the session: the base comes again
    EXPECT_EQ(c.remainingMs(), 17000);
    EXPECT_FALSE(c.charge(17100, 50));
    GameClock st(fixedMoveTime("1"));
    EXPECT_TRUE(st.charge(1050, 100));
    EXPECT_FALSE(st.charge(1200, 100));
}

TEST(MatchConfig, EngineSpecs) {
    EngineConfig c = parseEngineSpec(
        "name=FSF,cmd=/usr/games/fairy-stockfish,proto=uci,option.Hash=16,option.Skill Level=3");
    EXPECT_EQ(c.name, "FSF");
    EXPECT_EQ(c.command, "/usr/games/fairy-stockfish");
    EXPECT_EQ(c.protocol, "uci");
    ASSERT_EQ(c.options.size(), 2u);
    EXPECT_EQ(c.options[1].first, "Skill Level");
    EXPECT_EQ(c.options[1].second, "3");
    c = parseEngineSpec("cmd=engine --weights a,b,c,proto=xboard");
    EXPECT_EQ(c.command, "engine --weights a,b,c");
    EXPECT_EQ(c.protocol, "xboard");
    EXPECT_EQ(c.name, "engine");
    EXPECT_THROW(parseEngineSpec("name=x"), std::invalid_argument);
    EXPECT_THROW(parseEngineSpec("cmd=x,proto=usi"), std::invalid_argument);
    EXPECT_THROW(parseEngineSpec("colour=red,cmd=x"), std::invalid_argument);
    // An unknown KEY= after a comma is part of the command.
    EXPECT_EQ(parseEngineSpec("cmd=x,colour=red").command, "x,colour=red");
}

// nodes= and depth=: positive integers; nodes= only for UCI engines (CECP has no node limit).
TEST(MatchConfig, EngineSpecLimits) {
    EngineConfig c = parseEngineSpec("name=A,cmd=x,nodes=20000,depth=12");
    EXPECT_EQ(c.nodes, 20000);
    EXPECT_EQ(c.depth, 12);
    EXPECT_EQ(c.command, "x");
    EXPECT_EQ(limitsText(c), "nodes=20000 depth=12");
    c = parseEngineSpec("cmd=x,proto=xboard,depth=3");
    EXPECT_EQ(c.depth, 3);
    EXPECT_EQ(c.nodes, 0);
    EXPECT_EQ(limitsText(c), "depth=3");
    c = parseEngineSpec("cmd=x");
    EXPECT_EQ(c.nodes, 0);
    EXPECT_EQ(c.depth, 0);
    EXPECT_EQ(limitsText(c), "");
    // The message names the key and the value.
    auto message = [](const std::string& spec) {
        try {
            parseEngineSpec(spec);
        } catch (const std::invalid_argument& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    EXPECT_EQ(message("cmd=x,nodes=0"), "--engine: nodes= needs a positive integer, not '0'");
    EXPECT_EQ(message("cmd=x,depth=-3"), "--engine: depth= needs a positive integer, not '-3'");
    for (const char* bad :
         {"", "ten", "10k", "1e3", "+5", " 5", "5 ", "3.5", "99999999999999999999", "0x10"})
        EXPECT_EQ(message(std::string("cmd=x,nodes=") + bad),
                  std::string("--engine: nodes= needs a positive integer, not '") + bad + "'")
            << bad;
    EXPECT_EQ(message("cmd=x,depth=2147483648"),
              "--engine: depth= needs a positive integer, not '2147483648'");
    EXPECT_EQ(message("name=F,cmd=fairymax,nodes=1000,proto=xboard"),
              "--engine: nodes= works only with proto=uci (XBoard's protocol has no node limit; "
              "depth= works with both), in 'name=F,cmd=fairymax,nodes=1000,proto=xboard'");
}

TEST(MatchConfig, Adjudication) {
    Adjudication a = parseAdjudication("draw=10:5,resign=3:600,maxmoves=80");
    EXPECT_EQ(a.drawMoves, 10);
    EXPECT_EQ(a.drawCp, 5);
    EXPECT_EQ(a.resignMoves, 3);
    EXPECT_EQ(a.resignCp, 600);
    EXPECT_EQ(a.maxMoves, 80);
    EXPECT_THROW(parseAdjudication("draw=10"), std::invalid_argument);
    EXPECT_THROW(parseAdjudication("maxmoves=-1"), std::invalid_argument);
}

TEST(MatchConfig, Openings) {
    auto o = openings(
        "# comment\n1. e2e4 e7e5 2. g1f3\n\n"
        "k7/8/1Q6/8/8/8/8/7K w - - 0 1\n"
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves d2d4\n");
    ASSERT_EQ(o.size(), 3u);
    EXPECT_EQ(o[0].fen, "");
    EXPECT_EQ(o[0].moves, (std::vector<std::string>{"e2e4", "e7e5", "g1f3"}));
    EXPECT_EQ(o[1].fen, "k7/8/1Q6/8/8/8/8/7K w - - 0 1");
    EXPECT_EQ(o[2].moves, (std::vector<std::string>{"d2d4"}));
    EXPECT_THROW(openings("e2e5\n"), std::invalid_argument);
    EXPECT_THROW(openings("k7/8/8/8/8/8/8/7K w - - 0 1 x\n"), std::invalid_argument);

    auto v = loadVariant("shatranj");
    Opening r1 = randomOpening(v, 6, 42), r2 = randomOpening(v, 6, 42);
    EXPECT_EQ(r1.moves.size(), 6u);
    EXPECT_EQ(r1.moves, r2.moves);

    // Random plies extend a given line: the base FEN and moves stay, six more follow, legally.
    auto courier = loadVariant("courier");
    Opening base;
    base.fen = "rnebmkfwbenr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RNEBMKFWBENR w - - 0 1";
    base.moves = {"a2a3"};
    Opening e = randomOpening(courier, 6, 7, base);
    EXPECT_EQ(e.fen, base.fen);
    ASSERT_EQ(e.moves.size(), 7u);
    EXPECT_EQ(e.moves[0], "a2a3");
    Position pos(courier);
    pos.setFen(e.fen);
    for (const std::string& m : e.moves) {
        Move parsed = parseMove(pos, m);
        ASSERT_FALSE(parsed.isNull()) << m;
        pos.makeMove(parsed);
    }
}

TEST(MatchConfig, AcceptMoveLeniency) {
    Position pos(loadVariant("shatranj"));
    pos.setFen("8/3R4/3n1r2/8/8/4k3/3p4/7K b - - 3 89");
    EXPECT_FALSE(acceptMove(pos, "d2d1").isNull());
    EXPECT_FALSE(acceptMove(pos, "d2d1q").isNull());  // Fairy-Max's text of the ferz promotion
    EXPECT_TRUE(acceptMove(pos, "d2d2").isNull());
    EXPECT_TRUE(acceptMove(pos, "e3e4q").isNull());  // a suffix on a move that is no promotion
    // What engines are told keeps the letter (Fairy-Stockfish ignores a bare d2d1 in shatranj).
    Move promo = acceptMove(pos, "d2d1");
    EXPECT_EQ(moveText(pos, promo), "d2d1");
    EXPECT_EQ(moveText(pos, promo, true), "d2d1q");
}

// ---------------------------------------------------------------------------------------------
// Games against the fake engine: each way a game ends.

TEST(MatchGames, CheckmateWithPgnAndSummary) {
    MatchOptions o;
    o.first = fake("Fool", "--moves 'f2f3 g2g4'");
    o.second = fake("Mater", "--moves 'e7e5 d8h4'");
    o.games = 1;
    Played p = play(o, "mate");
    EXPECT_EQ(p.result.score.losses, 1);
    EXPECT_NE(p.out.find("Finished game 1 (Fool vs Mater): 0-1 {Black wins by checkmate}"),
              std::string::npos)
        << p.out;
    EXPECT_NE(p.out.find("Score of Fool vs Mater: 0 - 1 - 0  [0.000] 1"), std::string::npos);
    EXPECT_NE(p.out.find("Elo difference: -inf +/- inf"), std::string::npos);
    std::string pgn =
        std::regex_replace(p.pgn, std::regex(R"(\[Date "[0-9.]+"\])"), "[Date \"D\"]");
    EXPECT_EQ(pgn,
              "[Event \"Timur match\"]\n[Site \"?\"]\n[Date \"D\"]\n[Round \"1\"]\n"
              "[White \"Fool\"]\n[Black \"Mater\"]\n[Result \"0-1\"]\n"
              "[TimeControl \"2+0.05\"]\n[PlyCount \"4\"]\n[Termination \"normal\"]\n\n"
              "1. f3 e5 2. g4 Qh4# {Black wins by checkmate} 0-1\n\n");
}

TEST(MatchGames, StalemateFromFenOpeningBothColours) {
    MatchOptions o;
    o.first = fake("A", "--moves h1g1");
    o.second = fake("B", "--moves h1g1");
    o.games = 2;
    o.openings = openings("k7/8/1Q6/8/8/8/8/7K w - - 0 1\n");
    Played p = play(o, "stalemate");
    EXPECT_EQ(p.result.score.draws, 2);
    EXPECT_NE(p.out.find("Finished game 1 (A vs B): 1/2-1/2 {Draw by stalemate}"),
              std::string::npos)
        << p.out;
    EXPECT_NE(p.out.find("Finished game 2 (B vs A): 1/2-1/2 {Draw by stalemate}"),
              std::string::npos);
    EXPECT_NE(p.pgn.find("[SetUp \"1\"]\n[FEN \"k7/8/1Q6/8/8/8/8/7K w - - 0 1\"]"),
              std::string::npos)
        << p.pgn;
    EXPECT_NE(p.out.find("Score of A vs B: 0 - 0 - 2  [0.500] 2"), std::string::npos);
}

TEST(MatchGames, RepetitionAndOpeningMovesInPgn) {
    MatchOptions o;
    o.first = fake("A", "--cycle --moves 'f3g1 g1f3'");
    o.second = fake("B", "--cycle --moves 'g8f6 f6g8'");
    o.games = 1;
    o.openings = openings("g1f3\n");
    Played p = play(o, "repetition");
    EXPECT_NE(p.out.find("1/2-1/2 {Draw by 3-fold repetition}"), std::string::npos) << p.out;
    EXPECT_NE(p.pgn.find("1. Nf3 {book} Nf6 2. Ng1"), std::string::npos) << p.pgn;
}

TEST(MatchGames, IllegalMoveLoses) {
    MatchOptions o;
    o.first = fake("A", "--illegal-at 2");
    o.second = fake("B", "");
    o.games = 1;
    Played p = play(o, "illegal");
    EXPECT_NE(p.out.find("0-1 {White makes an illegal move: a1a1}"), std::string::npos) << p.out;
    EXPECT_NE(p.pgn.find("[Termination \"illegal move\"]"), std::string::npos);
    EXPECT_NE(p.pgn.find("[PlyCount \"2\"]"), std::string::npos);
}

TEST(MatchGames, CrashLosesAndTheEngineIsRestarted) {
    MatchOptions o;
    o.first = fake("A", "");
    o.second = fake("B", "--crash-at 1");
    o.games = 2;
    o.game.adjudication.maxMoves = 2;
    Played p = play(o, "crash");
    EXPECT_NE(p.out.find("Finished game 1 (A vs B): 1-0 {Black disconnects}"), std::string::npos)
        << p.out;
    // Restarted for game 2, where it crashes again (its first move).
    EXPECT_NE(p.out.find("Finished game 2 (B vs A): 0-1 {White disconnects}"), std::string::npos);
    EXPECT_EQ(p.result.score.wins, 2);
    EXPECT_NE(p.pgn.find("[Termination \"abandoned\"]"), std::string::npos);
}

TEST(MatchGames, HangLoses) {
    MatchOptions o;
    o.first = fake("A", "--stall-at 2");
    o.second = fake("B", "");
    o.games = 1;
    o.game.tc = parseTimeControl("0.5+0");
    o.game.hangGraceMs = 300;
    o.game.marginMs = 100;
    Played p = play(o, "hang");
    EXPECT_NE(p.out.find("0-1 {White's connection stalls"), std::string::npos) << p.out;
    EXPECT_NE(p.pgn.find("[Termination \"stalled connection\"]"), std::string::npos);
}

TEST(MatchGames, TimeForfeitUci) {
    MatchOptions o;
    o.first = fake("A", "");
    o.second = fake("B", "--delay-at 2:900");
    o.games = 1;
    o.game.tc = parseTimeControl("0.6+0");
    o.game.marginMs = 100;
    Played p = play(o, "time");
    EXPECT_NE(p.out.find("1-0 {Black loses on time}"), std::string::npos) << p.out;
    EXPECT_NE(p.pgn.find("[Termination \"time forfeit\"]"), std::string::npos);
}

TEST(MatchGames, FixedTimePerMoveForfeit) {
    MatchOptions o;
    std::string log = tempPath("st.log");
    std::remove(log.c_str());
    o.first = fake("A", "--delay-at 3:700 --log " + log, "xboard");
    o.second = fake("B", "");
    o.games = 1;
    o.game.tc = fixedMoveTime("0.3");
    o.game.marginMs = 100;
    Played p = play(o, "st");
    EXPECT_NE(p.out.find("0-1 {White loses on time}"), std::string::npos) << p.out;
    EXPECT_NE(readFile(log).find("st 0.3\n"), std::string::npos) << readFile(log);
    std::remove(log.c_str());
}

TEST(MatchGames, ResignAndFalseClaimXBoard) {
    MatchOptions o;
    o.first = fake("A", "--resign-at 2", "xboard");
    o.second = fake("B", "--claim-at 2", "xboard");
    o.games = 2;
    Played p = play(o, "resign");
    EXPECT_NE(p.out.find("Finished game 1 (A vs B): 0-1 {White resigns}"), std::string::npos)
        << p.out;
    EXPECT_NE(
        p.out.find("Finished game 2 (B vs A): 0-1 {White makes a false claim: 1/2-1/2 {Draw by "
                   "repetition}}"),
        std::string::npos)
        << p.out;
    EXPECT_NE(p.pgn.find("{White makes a false claim: 1/2-1/2 (Draw by repetition)}"),
              std::string::npos)
        << p.pgn;
}

TEST(MatchGames, RejectingALegalMoveLoses) {
    MatchOptions o;
    o.first = fake("A", "");
    o.second = fake("B", "--reject-at 2", "xboard");
    o.games = 1;
    Played p = play(o, "reject");
    EXPECT_NE(p.out.find("1-0 {Black rejects a legal move: Illegal move: "), std::string::npos)
        << p.out;
    EXPECT_NE(p.pgn.find("[Termination \"rules infraction\"]"), std::string::npos);
}

TEST(MatchGames, ScoreAdjudication) {
    MatchOptions o;
    o.first = fake("A", "--score 900");
    o.second = fake("B", "--score -900");
    o.games = 1;
    o.game.adjudication = parseAdjudication("resign=3:800");
    Played p = play(o, "resignadj");
    EXPECT_NE(
        p.out.find("1-0 {White wins by adjudication: Black's score at most -800 for 3 moves}"),
        std::string::npos)
        << p.out;
    EXPECT_NE(p.pgn.find("[PlyCount \"6\"]"), std::string::npos);

    o.first = fake("A", "--score 3");
    o.second = fake("B", "--score -2");
    o.game.adjudication = parseAdjudication("draw=2:10");
    p = play(o, "drawadj");
    EXPECT_NE(p.out.find("1/2-1/2 {Draw by adjudication: scores within 10 for 2 moves}"),
              std::string::npos)
        << p.out;
}

// The XBoard dialogue: handshake, level, time/otim in centiseconds, usermove, ping, setboard.
TEST(MatchGames, XBoardDialogue) {
    std::string log = tempPath("xb.log");
    std::remove(log.c_str());
    MatchOptions o;
    o.first = fake("X", "--log " + log, "xboard");
    o.second = fake("U", "");
    o.games = 1;
    o.game.tc = parseTimeControl("40/2+0.5");
    o.game.adjudication.maxMoves = 2;
    o.openings = openings("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\n");
    Played p = play(o, "xbdialogue");
    EXPECT_NE(p.out.find("{Draw by adjudication: 2 moves played}"), std::string::npos) << p.out;
    std::string l = readFile(log);
    std::remove(log.c_str());
    EXPECT_EQ(l.rfind("xboard\nprotover 2\naccepted ping\naccepted usermove\n", 0), 0u) << l;
    for (const char* expected :
         {"new\nforce\nsetboard 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\nlevel 40 0:02 0.5\npost\n",
          "\ntime 200\notim 200\ngo\n", "\ntime ", "\nusermove ", "\nping 1\n", "result 1/2-1/2"})
        EXPECT_NE(l.find(expected), std::string::npos) << expected << " in\n" << l;
}

TEST(MatchGames, XBoardReuseZeroRestartsEachGame) {
    std::string log = tempPath("reuse.log");
    std::remove(log.c_str());
    MatchOptions o;
    o.first = fake("X", "--no-reuse --log " + log, "xboard");
    o.second = fake("U", "");
    o.games = 3;
    o.game.adjudication.maxMoves = 1;
    Played p = play(o, "reuse");
    EXPECT_EQ(p.result.score.draws, 3) << p.out;
    std::string l = readFile(log);
    std::remove(log.c_str());
    size_t starts = 0;
    for (size_t i = l.find("protover 2"); i != std::string::npos; i = l.find("protover 2", i + 1))
        ++starts;
    EXPECT_EQ(starts, 3u) << l;
}

// An engine that answers `variant` with a `setup` of another start position gets ours.
TEST(MatchGames, XBoardSetupReplyIsCorrectedWithSetboard) {
    std::string log = tempPath("setup.log");
    std::remove(log.c_str());
    MatchOptions o;
    o.variant = loadVariant("shatranj");
    o.first =
        fake("X", "--setup 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1' --log " + log,
             "xboard");
    o.second = fake("U", "");
    o.games = 1;
    o.game.adjudication.maxMoves = 1;
    Played p = play(o, "setup");
    std::string l = readFile(log);
    std::remove(log.c_str());
    EXPECT_NE(l.find("variant shatranj\n"), std::string::npos) << l;
    EXPECT_NE(l.find("\nsetboard " + o.variant->startFen + "\n"), std::string::npos) << l;
    EXPECT_NE(p.out.find("{Draw by adjudication: 1 moves played}"), std::string::npos) << p.out;
}

// Timur against itself in Tamerlane, through both protocols (11x10: XBoard ranks from 0, and
// Timur answers `variant tamerlane` with its own setup).
TEST(MatchGames, TimurAgainstItselfInTamerlane) {
    MatchOptions o;
    o.variant = loadVariant("tamerlane");
    o.first = parseEngineSpec(std::string("name=TimurU,cmd=") + TIMUR_BIN);
    o.second = parseEngineSpec(std::string("name=TimurX,cmd=") + TIMUR_BIN + ",proto=xboard");
    o.games = 2;
    // A clock that the sanitizer build on a loaded machine keeps too (at 1+0.02 it lost on time).
    o.game.tc = parseTimeControl("3+0.05");
    o.game.adjudication.maxMoves = 8;
    Played p = play(o, "tamerlane");
    EXPECT_EQ(p.result.gamesPlayed, 2);
    std::regex finished(
        R"re(Finished game [12] \(\w+ vs \w+\): (1-0|0-1|1/2-1/2) \{(Draw by adjudication|\w+ wins by checkmate|Draw by citadel entry))re");
    EXPECT_EQ(std::distance(std::sregex_iterator(p.out.begin(), p.out.end(), finished),
                            std::sregex_iterator()),
              2)
        << p.out;
    EXPECT_EQ(p.out.find("illegal"), std::string::npos) << p.out;
    EXPECT_NE(p.pgn.find("[Variant \"tamerlane\"]"), std::string::npos);
}

TEST(MatchGames, UciDialogue) {
    std::string log = tempPath("uci.log");
    std::remove(log.c_str());
    MatchOptions o;
    o.variant = loadVariant("shatranj");
    o.first = fake("U", "--log " + log);
    o.second = fake("V", "");
    o.games = 1;
    o.game.tc = parseTimeControl("40/2+0.5");
    o.game.adjudication.maxMoves = 2;
    Played p = play(o, "ucidialogue");
    std::string l = readFile(log);
    std::remove(log.c_str());
    EXPECT_NE(l.find("setoption name UCI_Variant value shatranj\nucinewgame\nisready\n"),
              std::string::npos)
        << l;
    EXPECT_NE(
        l.find("position startpos\ngo wtime 2000 btime 2000 winc 500 binc 500 movestogo 40\n"),
        std::string::npos)
        << l;
    EXPECT_NE(l.find("position startpos moves "), std::string::npos);
    EXPECT_NE(p.pgn.find("[Variant \"shatranj\"]"), std::string::npos);
}

// A UCI engine's nodes= and depth= follow the clock on every go; the PGN says them before the
// first move.
TEST(MatchGames, UciNodesAndDepthOnEveryGo) {
    PlayedLogged logged = playLogged("A", ",nodes=1000,depth=3", "B", ",nodes=20000",
                                     parseTimeControl("40/2+0.5"), "limits");
    const Played& p = logged.played;
    const std::string &a = logged.first, &b = logged.second;
    EXPECT_EQ(p.result.gamesPlayed, 2) << p.out;
    EXPECT_NE(a.find("position startpos\ngo wtime 2000 btime 2000 winc 500 binc 500 movestogo 40 "
                     "nodes 1000 depth 3\n"),
              std::string::npos)
        << a;
    // Every go of each engine, in both games, ends with its own limits.
    EXPECT_GE(count(a, "\ngo wtime "), 4u) << a;
    EXPECT_EQ(count(a, " nodes 1000 depth 3\n"), count(a, "\ngo ")) << a;
    EXPECT_GE(count(b, "\ngo wtime "), 4u) << b;
    EXPECT_EQ(count(b, " nodes 20000\n"), count(b, "\ngo ")) << b;
    EXPECT_EQ(count(b, " depth "), 0u) << b;
    EXPECT_NE(p.pgn.find("[TimeControl \"40/2+0.5\"]"), std::string::npos) << p.pgn;
    EXPECT_NE(p.pgn.find("\n{White: nodes=1000 depth=3; Black: nodes=20000} 1. "),
              std::string::npos)
        << p.pgn;
    EXPECT_NE(p.pgn.find("\n{White: nodes=20000; Black: nodes=1000 depth=3} 1. "),
              std::string::npos)
        << p.pgn;
}

// With --st the limits follow movetime; an XBoard engine's depth= is `sd N` after the time
// control, once per game.
TEST(MatchGames, DepthLimitUnderFixedTimeAndXBoardSd) {
    PlayedLogged logged = playLogged("U", ",depth=5,nodes=777", "X", ",proto=xboard,depth=3",
                                     fixedMoveTime("0.3"), "sd");
    const Played& p = logged.played;
    const std::string &u = logged.first, &x = logged.second;
    EXPECT_EQ(p.result.gamesPlayed, 2) << p.out;
    EXPECT_NE(u.find("position startpos\ngo movetime 300 nodes 777 depth 5\n"), std::string::npos)
        << u;
    EXPECT_EQ(count(u, "\ngo movetime 300 nodes 777 depth 5\n"), count(u, "\ngo ")) << u;
    EXPECT_EQ(count(x, "\nst 0.3\nsd 3\npost\n"), 2u) << x;
    EXPECT_EQ(count(x, "\nsd "), 2u) << x;
    EXPECT_NE(p.pgn.find("\n{White: nodes=777 depth=5; Black: depth=3} 1. "), std::string::npos)
        << p.pgn;
    EXPECT_NE(p.pgn.find("\n{White: depth=3; Black: nodes=777 depth=5} 1. "), std::string::npos)
        << p.pgn;
}

TEST(MatchGames, FenOpeningNeedsSetboard) {
    MatchOptions o;
    o.first = fake("X", "--no-setboard", "xboard");
    o.second = fake("U", "");
    o.games = 1;
    o.openings = openings("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\n");
    EXPECT_THROW(play(o, "nosetboard"), MatchError);
}

TEST(MatchGames, UnknownVariantStopsTheMatch) {
    MatchOptions o;
    o.variant = loadVariant("makruk");  // not in the fake's lists
    o.first = fake("X", "", "xboard");
    o.second = fake("U", "");
    o.games = 1;
    EXPECT_THROW(play(o, "novariant"), MatchError);
}

// Grand chess has 10 ranks: XBoard engines count them from 0, and the runner converts.
TEST(MatchGames, XBoardTenRankConversion) {
    std::string log = tempPath("grand.log");
    std::remove(log.c_str());
    MatchOptions o;
    o.variant = loadVariant("grand");
    o.first = fake("X", "--log " + log, "xboard");
    o.second = fake("U", "");
    o.games = 2;
    o.randomPlies = 2;
    o.game.adjudication.maxMoves = 3;
    Played p = play(o, "grand");
    EXPECT_EQ(p.result.score.draws, 2) << p.out;
    EXPECT_NE(p.out.find("{Draw by adjudication: 3 moves played}"), std::string::npos) << p.out;
    // Every move the XBoard engine got has ranks 0..9.
    std::string l = readFile(log);
    std::remove(log.c_str());
    std::smatch m;
    EXPECT_TRUE(std::regex_search(l, m, std::regex(R"(usermove [a-j][0-9][a-j][0-9]\b)"))) << l;
    EXPECT_FALSE(std::regex_search(l, m, std::regex(R"(usermove [a-j]10)"))) << l;
}

// An XBoard engine that announces memory=1 is told `memory N` before each game (HaChu has no
// hash table without it), and a move it sends a leg a line (HaChu's Lion: "move f8f9," then
// "move f9f8") is one move: the chu Lion's igui here.
TEST(MatchGames, XBoardMemoryAndMovesALegALine) {
    std::string log = tempPath("legs.log");
    std::remove(log.c_str());
    MatchOptions o;
    o.variant = loadVariant("chu");
    o.first = fake("X", "--memory --legs-per-line --moves \"f3f5 f5f7 f7f8 f8f9f8\" --log " + log,
                   "xboard");
    o.second = fake("U", "--moves \"a9a8 b9b8 l9l8 k9k8 j9j8\"");
    o.games = 1;
    o.game.adjudication.maxMoves = 5;
    Played p = play(o, "legs");
    EXPECT_NE(p.out.find("{Draw by adjudication: 5 moves played}"), std::string::npos) << p.out;
    EXPECT_NE(p.pgn.find("4. Nxf9-f8 k8"), std::string::npos) << p.pgn;
    std::string l = readFile(log);
    std::remove(log.c_str());
    EXPECT_NE(l.find("memory 64\nnew\nvariant chu\n"), std::string::npos) << l;
}

// ---------------------------------------------------------------------------------------------
// Move text of every kind of move, both ways through the runner and both protocols: in game 1 the
// UCI fake plays MOVE (as written) to the XBoard fake, in game 2 the XBoard fake plays it to the
// UCI fake. Each fake reads moves as Timur does and answers one it cannot read as illegal.

namespace {

struct MoveTrip {
    Played played;
    std::string uciLog, xboardLog;  // what each fake was told
};

MoveTrip moveTrip(const std::string& variant, const std::string& fen, const std::string& move,
                  const std::string& tag) {
    std::string uciLog = tempPath(tag + "_uci.log"), xbLog = tempPath(tag + "_xb.log");
    std::remove(uciLog.c_str());
    std::remove(xbLog.c_str());
    MatchOptions o;
    o.variant = loadVariant(variant);
    o.first = fake("U", "--moves '" + move + "' --log " + uciLog);
    o.second = fake("X", "--moves '" + move + "' --log " + xbLog, "xboard");
    o.games = 2;
    o.game.adjudication.maxMoves = 1;
    o.openings = openings(fen + "\n", variant);
    MoveTrip t;
    t.played = play(o, tag);
    t.uciLog = readFile(uciLog);
    t.xboardLog = readFile(xbLog);
    std::remove(uciLog.c_str());
    std::remove(xbLog.c_str());
    return t;
}

// MOVE is played in both games, recorded as RECORDED, told to the UCI fake as RECORDED and to
// the XBoard fake as `usermove XBOARD`, and written in the PGN as PGN (SAN where XBoard knows the
// variant; empty: RECORDED); both games end as ENDING says.
void expectTrip(const std::string& variant, const std::string& fen, const std::string& move,
                const std::string& recorded, const std::string& xboard, std::string pgn = "",
                const std::string& ending = "{Draw by adjudication: 1 moves played}") {
    if (pgn.empty()) pgn = recorded;
    SCOPED_TRACE(variant + " " + move);
    static int n = 0;
    MoveTrip t = moveTrip(variant, fen, move, "trip" + std::to_string(++n));
    const std::string& out = t.played.out;
    EXPECT_EQ(t.played.result.gamesPlayed, 2) << out;
    EXPECT_EQ(count(out, ending), 2u) << out;
    EXPECT_EQ(out.find("illegal"), std::string::npos) << out;
    EXPECT_EQ(out.find("rejects"), std::string::npos) << out;
    EXPECT_EQ(count(t.played.pgn, "1. " + pgn + " "), 2u) << t.played.pgn;
    if (ending.find("adjudication") == std::string::npos) return;  // the move ended the game
    EXPECT_NE(t.uciLog.find(" moves " + recorded + "\n"), std::string::npos) << t.uciLog;
    EXPECT_NE(t.xboardLog.find("\nusermove " + xboard + "\n"), std::string::npos) << t.xboardLog;
}

}  // namespace

// Forced promotion (a Tamerlane pawn of knights becomes a knight) on a 10-rank board, whose
// XBoard ranks count from 0: engines may write it bare, with the letter or with '+'; the runner
// records and tells it with the letter.
TEST(MatchMoveText, ForcedPromotionInEverySpelling) {
    const char* fen = "*10k*/1N'10*/*11*/*11*/*11*/*11*/*11*/*11*/*12/*K10* w - - 0 1";
    expectTrip("tamerlane", fen, "b9b10", "b9b10n", "b8b9n");
    expectTrip("tamerlane", fen, "b9b10n", "b9b10n", "b8b9n");
    expectTrip("tamerlane", fen, "b9b10+", "b9b10n", "b8b9n");
    // Shatranj's ferz, as Fairy-Max writes it.
    expectTrip("shatranj", "4k3/1P6/8/8/8/8/3r4/4K3 w - - 0 1", "b7b8q", "b7b8q", "b7b8q", "b8=Q");
}

TEST(MatchMoveText, ChosenPromotions) {
    expectTrip("chess", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8n", "b7b8n", "b7b8n", "b8=N");
    // Shogi's optional promotion is '+'; the move without it is another move.
    const char* shogi = "4k4/9/9/4P4/9/9/9/9/4K4[-] w - - 0 1";
    expectTrip("shogi", shogi, "e6e7+", "e6e7+", "e6e7+");
    expectTrip("shogi", shogi, "e6e7", "e6e7", "e6e7", "e7");
}

TEST(MatchMoveText, Drops) {
    expectTrip("crazyhouse", "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1", "N@e4", "N@e4", "N@e4");
    expectTrip("shogi", "4k4/9/9/9/9/9/9/9/4K4[P] w - - 0 1", "P@e5", "P@e5", "P@e5");
}

// Tamerlane's moves outside the Betza tables.
TEST(MatchMoveText, TamerlaneSpecialMoves) {
    // The King swap (in check, with the right), g2 <-> b1.
    expectTrip("tamerlane", "*10k*/12*/*5r5*/*11*/*11*/*11*/*11*/*11*/*5K6/*R10* w K - 0 1", "g2b1",
               "g2b1", "g1b0");
    // The parked pawn of pawns is placed (it becomes P', XBoard's j).
    expectTrip("tamerlane", "*P9k*/12*/*11*/*11*/*3r1r5*/*11*/*11*/*11*/*12/*K10* w - - 0 1",
               "b10f5", "b10f5", "b9f4j");
    // The pawn of pawns' second arrival: it becomes P! and is relocated to the pawn of kings'
    // square g3 (XBoard's g2; l is P!'s nickname there).
    expectTrip("tamerlane", "*10k*/3P'8*/*11*/*11*/*11*/*11*/*11*/*11*/*12/*K10* w - - 0 1",
               "d9d10", "d9d10p!", "d8g2l");
    // Citadel exchange: the King enters the enemy citadel a9 and changes places with the prince.
    const char* citadel = "*11*/12*/*K10*/*11*/*11*/*11*/*4S6*/*11*/*10k1/*11* w X - 0 1";
    expectTrip("tamerlane", citadel, "b8a9f4", "b8a9f4", "b7a8,a8f3");
    // Citadel entry ends the game.
    expectTrip("tamerlane", citadel, "b8a9", "b8a9", "b7a8", "", "{Draw by citadel entry}");
}

// Four games between fake engines A and B, two at a time, from random openings, drawn after
// maxMoves moves.
static MatchOptions fourGamesTwoAtATime(int maxMoves) {
    MatchOptions o;
    o.first = fake("A", "");
    o.second = fake("B", "");
    o.games = 4;
    o.concurrency = 2;
    o.randomPlies = 4;
    o.game.adjudication.maxMoves = maxMoves;
    return o;
}

TEST(MatchGames, ConcurrentGames) {
    Played p = play(fourGamesTwoAtATime(3), "concurrent");
    EXPECT_EQ(p.result.gamesPlayed, 4);
    EXPECT_EQ(p.result.score.draws, 4);
    EXPECT_NE(p.out.find("Score of A vs B: 0 - 0 - 4  [0.500] 4"), std::string::npos) << p.out;
    for (int g = 1; g <= 4; ++g)
        EXPECT_NE(p.pgn.find("[Round \"" + std::to_string(g) + "\"]"), std::string::npos);
}

// Under --debug the dialogue of games played side by side interleaves on stderr; each line says
// its game, and each game's own lines tell a consistent story: one new game per engine, and
// positions that grow by one move at a time.
TEST(MatchGames, ConcurrentDialogueSaysItsGame) {
    MatchOptions o = fourGamesTwoAtATime(4);
    o.debug = true;
    std::ostringstream err;
    std::streambuf* saved = std::cerr.rdbuf(err.rdbuf());
    Played p = play(o, "concurrentdebug");
    std::cerr.rdbuf(saved);
    EXPECT_EQ(p.result.gamesPlayed, 4);
    std::map<int, std::vector<std::string>> byGame;
    std::istringstream lines(err.str());
    const std::regex tagged(R"(^\[game (\d)\] ([AB]) ([<>]) (.*)$)");
    const std::regex untagged(R"(^[AB] [<>] .*$)");
    for (std::string line; std::getline(lines, line);) {
        std::smatch m;
        if (std::regex_match(line, m, tagged)) {
            byGame[std::stoi(m[1])].push_back(line);
        } else {  // the handshake, before any game
            EXPECT_TRUE(std::regex_match(line, untagged)) << line;
        }
    }
    ASSERT_EQ(byGame.size(), 4u) << err.str();
    for (const auto& [game, told] : byGame) {
        EXPECT_EQ(std::count_if(told.begin(), told.end(),
                                [](const std::string& l) { return l.ends_with("< ucinewgame"); }),
                  2)
            << "game " << game;
        size_t lastMoves = 0;
        int positions = 0;
        for (const std::string& l : told) {
            const std::string head = "< position startpos moves ";
            size_t at = l.find(head);
            if (at == std::string::npos) continue;
            std::istringstream list(l.substr(at + head.size()));
            size_t moves = 0;
            for (std::string m; list >> m;) ++moves;
            if (positions++ > 0) {
                EXPECT_EQ(moves, lastMoves + 1) << "game " << game << ": " << l;
            }
            lastMoves = moves;
        }
        EXPECT_GE(positions, 2) << "game " << game;
    }
}

// A win, a draw, a loss, a draw: the LLR against elo1=400 falls below the lower bound after the
// fourth game of 20.
TEST(MatchGames, SprtStopsAtABound) {
    MatchOptions o;
    o.first = fake("A", "--illegal-games 3");   // A is White in game 3
    o.second = fake("B", "--illegal-games 1");  // B is Black in game 1
    o.games = 20;
    o.game.adjudication.maxMoves = 1;
    o.sprt = parseSprt("elo0=0,elo1=400,alpha=0.05,beta=0.05");
    Played p = play(o, "sprt");
    EXPECT_EQ(p.result.gamesPlayed, 4) << p.out;
    ASSERT_TRUE(p.result.sprt);
    EXPECT_EQ(p.result.sprt->result, SprtStatus::AcceptH0);
    EXPECT_NE(p.out.find("Score of A vs B: 1 - 1 - 1  [0.500] 3\nSPRT: llr -2.526 (-85.8%)"),
              std::string::npos)
        << p.out;
    EXPECT_NE(p.out.find("Score of A vs B: 1 - 1 - 2  [0.500] 4\nSPRT: llr -4.626"),
              std::string::npos);
    EXPECT_NE(p.out.find("H0 was accepted"), std::string::npos) << p.out;
    // Before a loss and a draw, the LLR moves on half a game per empty count.
    EXPECT_NE(p.out.find("Score of A vs B: 1 - 0 - 0  [1.000] 1\nSPRT: llr 0.836 (28.4%)"),
              std::string::npos);
}

// ---------------------------------------------------------------------------------------------
// The command line.

namespace {

struct CliRun {
    int status = -1;
    std::string out;
};

CliRun timurMatch(const std::string& args) {
    CliRun r;
    std::string cmd = std::string(TIMUR_BIN) + " match " + args + " 2>&1";
    FILE* p = popen(cmd.c_str(), "r");
    if (!p) return r;
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
    int st = pclose(p);
    r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    return r;
}

}  // namespace

TEST(MatchCli, HelpAndErrors) {
    CliRun r = timurMatch("--help");
    EXPECT_EQ(r.status, 0);
    EXPECT_NE(r.out.find("--adjudicate"), std::string::npos) << r.out;
    r = timurMatch("--engine cmd=x");
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.out.find("timur match: give --engine exactly twice"), std::string::npos) << r.out;
    r = timurMatch("--engine cmd=x --engine cmd=y --tc 1+1 --st 1");
    EXPECT_EQ(r.status, 2);
    r = timurMatch("--engine cmd=x --engine cmd=y --tc fast");
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.out.find("bad base time"), std::string::npos) << r.out;
    r = timurMatch("--engine cmd=x --engine cmd=y --variant nosuchvariant");
    EXPECT_EQ(r.status, 2);
    // An opening without a side's king.
    std::string bad = tempPath("nokings.txt");
    std::ofstream(bad) << "8/pppppppp/8/8/8/8/PPPPPPPP/8 w - - 0 1\n";
    r = timurMatch("--engine cmd=x --engine cmd=y --openings " + bad);
    std::remove(bad.c_str());
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.out.find("opening line 1: White has no royal piece (K)"), std::string::npos)
        << r.out;
    r = timurMatch("--engine cmd=x,depth=0 --engine cmd=y");
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.out.find("timur match: --engine: depth= needs a positive integer, not '0'"),
              std::string::npos)
        << r.out;
    r = timurMatch("--engine cmd=x,proto=xboard,nodes=5000 --engine cmd=y");
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.out.find("timur match: --engine: nodes= works only with proto=uci"),
              std::string::npos)
        << r.out;
    r = timurMatch("--help");
    EXPECT_NE(r.out.find("[,nodes=N][,depth=N]"), std::string::npos) << r.out;
    // An engine that cannot be started stops the match with status 1.
    r = timurMatch("--engine cmd=/nonexistent/engine --engine cmd=/nonexistent/other --games 1");
    EXPECT_EQ(r.status, 1);
    EXPECT_NE(r.out.find("timur match: "), std::string::npos) << r.out;
}

TEST(MatchCli, FakeEnginesThroughTheCommandLine) {
    std::string pgn = tempPath("cli.pgn");
    std::remove(pgn.c_str());
    std::string fakeCmd = FAKE_ENGINE;
    CliRun r = timurMatch("--engine name=A,cmd=" + fakeCmd + " --engine name=B,cmd=" + fakeCmd +
                          ",proto=xboard --variant capablanca --games 2 --tc 40/5+0.1 "
                          "--random-plies 4 --seed 7 --adjudicate maxmoves=3 --pgn " +
                          pgn);
    EXPECT_EQ(r.status, 0) << r.out;
    EXPECT_NE(
        r.out.find("Finished game 1 (A vs B): 1/2-1/2 {Draw by adjudication: 3 moves played}"),
        std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("Finished game 2 (B vs A): 1/2-1/2"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("Score of A vs B: 0 - 0 - 2  [0.500] 2\nElo difference: 0.0 +/- 0.0"),
              std::string::npos)
        << r.out;
    std::string games = readFile(pgn);
    std::remove(pgn.c_str());
    EXPECT_NE(games.find("[Variant \"capablanca\"]"), std::string::npos) << games;
    EXPECT_NE(games.find("[TimeControl \"40/5+0.1\"]"), std::string::npos) << games;
    // Both games of the pair start with the same four random plies.
    std::regex book(R"(1\. \S+ \{book\} \S+ \{book\} 2\. \S+ \{book\} \S+ \{book\})");
    std::vector<std::string> openings;
    for (auto it = std::sregex_iterator(games.begin(), games.end(), book);
         it != std::sregex_iterator(); ++it)
        openings.push_back(it->str());
    ASSERT_EQ(openings.size(), 2u) << games;
    EXPECT_EQ(openings[0], openings[1]);
}

// ---------------------------------------------------------------------------------------------
// Shards and their merge.

TEST(MatchShards, ShardsSplitWholePairsOnce) {
    // 10 games are 5 pairs; 3 shards take pairs 0,3 / 1,4 / 2 and together every game once.
    EXPECT_EQ(shardGames(10, 1, 3), (std::vector<int>{0, 1, 6, 7}));
    EXPECT_EQ(shardGames(10, 2, 3), (std::vector<int>{2, 3, 8, 9}));
    EXPECT_EQ(shardGames(10, 3, 3), (std::vector<int>{4, 5}));
    EXPECT_EQ(shardGames(5, 1, 1).size(), 5u);
    EXPECT_EQ(parseShard("2/4"), std::make_pair(2, 4));
    for (const char* bad : {"0/2", "3/2", "1", "a/b", "1/2x", "1/0"})
        EXPECT_THROW(parseShard(bad), std::invalid_argument) << bad;
}

namespace {

GameRecord record(int number, const std::string& white, const std::string& black,
                  GameResult result) {
    GameRecord g;
    g.number = number;
    g.white = white;
    g.black = black;
    g.variant = "chess";
    g.startFen = loadVariant("chess")->startFen;
    g.moves = {"e2e4", "e7e5", "g1f3"};
    g.result = result;
    g.tc = parseTimeControl("10+0.1");
    return g;
}

}  // namespace

TEST(MatchShards, MergeCountsEachGameOnceFromTheFirstEnginesSide) {
    auto chess = loadVariant("chess");
    std::ostringstream shard1, shard2;
    writePgn(shard1, record(1, "a", "b", GameResult::WhiteWins), PgnInfo{}, chess);
    writePgn(shard1, record(2, "b", "a", GameResult::WhiteWins), PgnInfo{}, chess);
    writePgn(shard2, record(4, "b", "a", GameResult::Draw), PgnInfo{}, chess);
    writePgn(shard2, record(3, "a", "b", GameResult::BlackWins), PgnInfo{}, chess);
    writePgn(shard2, record(2, "b", "a", GameResult::WhiteWins), PgnInfo{}, chess);  // again
    writePgn(shard2, record(6, "b", "a", GameResult::None), PgnInfo{}, chess);
    std::istringstream in1(shard1.str()), in2(shard2.str());
    auto games = readPgnGames(in1, "one.pgn");
    auto more = readPgnGames(in2, "two.pgn");
    ASSERT_EQ(games.size(), 2u);
    ASSERT_EQ(more.size(), 4u);
    EXPECT_NE(games[0].text.find("1. e4 e5 2. Nf3"), std::string::npos) << games[0].text;
    games.insert(games.end(), more.begin(), more.end());
    MergedMatch m = mergeGames(games);
    EXPECT_EQ(m.first, "a");
    EXPECT_EQ(m.second, "b");
    EXPECT_EQ(m.score.wins, 1);    // game 1
    EXPECT_EQ(m.score.losses, 2);  // games 2 and 3
    EXPECT_EQ(m.score.draws, 1);   // game 4
    EXPECT_EQ(m.unfinished, 1);    // game 6
    EXPECT_EQ(m.duplicates, std::vector<int>{2});
    EXPECT_EQ(m.missing, std::vector<int>{5});
    ASSERT_EQ(m.games.size(), 5u);
    EXPECT_EQ(m.games[2].round, 3);

    std::istringstream junk("1. e4 e5 *\n");
    EXPECT_THROW(readPgnGames(junk, "junk.pgn"), std::invalid_argument);
    games.push_back(games[0]);
    games.back().round = 9;
    games.back().white = "c";
    EXPECT_THROW(mergeGames(games), std::invalid_argument);
}
