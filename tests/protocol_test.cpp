// Scripted sessions with the built `timur` binary in its protocol mode: XBoard and UCI
// transcripts, checked line by line as a GUI would read them.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#ifndef TIMUR_BIN
#error "TIMUR_BIN must name the timur executable"
#endif

namespace {

using Clock = std::chrono::steady_clock;

// The engine as a child process with its stdin and stdout on pipes.
class Engine {
  public:
    Engine() {
        ::signal(SIGPIPE, SIG_IGN);
        int in[2], out[2];
        if (::pipe(in) != 0 || ::pipe(out) != 0) throw std::runtime_error("pipe");
        pid_ = ::fork();
        if (pid_ == 0) {
            ::dup2(in[0], 0);
            ::dup2(out[1], 1);
            ::close(in[0]), ::close(in[1]), ::close(out[0]), ::close(out[1]);
            ::execl(TIMUR_BIN, "timur", static_cast<char*>(nullptr));
            ::_exit(127);
        }
        ::close(in[0]);
        ::close(out[1]);
        toEngine_ = in[1];
        fromEngine_ = out[0];
    }
    ~Engine() {
        if (toEngine_ >= 0) ::close(toEngine_);
        if (pid_ > 0 && status_ < 0) {
            ::kill(pid_, SIGKILL);
            ::waitpid(pid_, nullptr, 0);
        }
        ::close(fromEngine_);
    }

    void send(const std::string& text) {
        std::string s = text + "\n";
        ssize_t n = ::write(toEngine_, s.data(), s.size());
        (void)n;
    }

    // Reads lines until one matches `pattern`; returns it, or nullopt after `seconds`. Every
    // line read is kept in lines().
    std::optional<std::string> expect(const std::string& pattern, double seconds = 10) {
        std::regex re(pattern);
        auto deadline = Clock::now() + std::chrono::milliseconds(int(seconds * 1000));
        while (true) {
            while (next_ < lines_.size()) {
                const std::string& l = lines_[next_++];
                if (std::regex_search(l, re)) return l;
            }
            if (!readMore(deadline)) return std::nullopt;
        }
    }

    // Collects output for `seconds` (or until the engine closes its output).
    void drain(double seconds) {
        auto deadline = Clock::now() + std::chrono::milliseconds(int(seconds * 1000));
        while (readMore(deadline)) {
        }
        next_ = lines_.size();
    }

    // Closes stdin and waits for the exit; returns the exit status or -1 (killed, crashed).
    int finish(double seconds = 10) {
        ::close(toEngine_);
        toEngine_ = -1;
        auto deadline = Clock::now() + std::chrono::milliseconds(int(seconds * 1000));
        while (readMore(deadline)) {
        }
        while (Clock::now() < deadline) {
            int st = 0;
            pid_t r = ::waitpid(pid_, &st, WNOHANG);
            if (r == pid_) {
                status_ = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
                return status_;
            }
            ::usleep(10000);
        }
        return -1;
    }

    const std::vector<std::string>& lines() const { return lines_; }
    // The engine's threads now (Linux: /proc/PID/task), or -1.
    int threads() const {
        std::error_code ec;
        int n = 0;
        for (std::filesystem::directory_iterator it("/proc/" + std::to_string(pid_) + "/task", ec),
             end;
             !ec && it != end; it.increment(ec))
            ++n;
        return ec ? -1 : n;
    }
    std::string transcript() const {
        std::string t;
        for (const auto& l : lines_) t += "< " + l + "\n";
        return t;
    }
    // Index of the first line matching `pattern` from `from` on, or -1.
    int find(const std::string& pattern, size_t from = 0) const {
        std::regex re(pattern);
        for (size_t i = from; i < lines_.size(); ++i)
            if (std::regex_search(lines_[i], re)) return int(i);
        return -1;
    }

  private:
    bool readMore(Clock::time_point deadline) {
        auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
        if (left <= 0) return false;
        pollfd p{fromEngine_, POLLIN, 0};
        if (::poll(&p, 1, int(left)) <= 0) return false;
        char buf[4096];
        ssize_t n = ::read(fromEngine_, buf, sizeof buf);
        if (n <= 0) return false;
        partial_.append(buf, size_t(n));
        size_t nl;
        while ((nl = partial_.find('\n')) != std::string::npos) {
            lines_.push_back(partial_.substr(0, nl));
            partial_.erase(0, nl + 1);
        }
        return true;
    }

    pid_t pid_ = -1;
    int toEngine_ = -1, fromEngine_ = -1;
    int status_ = -1;
    std::string partial_;
    std::vector<std::string> lines_;
    size_t next_ = 0;
};

void xboardStart(Engine& e) {
    e.send("xboard");
    e.send("protover 2");
    ASSERT_TRUE(e.expect("^feature done=1$")) << e.transcript();
}

// ------------------------------------------------------------------------------------------
// XBoard

TEST(XBoard, Features) {
    Engine e;
    xboardStart(e);
    std::string all;
    for (const auto& l : e.lines()) all += l + "\n";
    for (const char* f :
         {"ping=1", "setboard=1", "usermove=1", "time=1", "draw=1", "sigint=0", "sigterm=0",
          "colors=0", "analyze=1", "memory=1", "smp=1", "highlight=1", "myname=\""})
        EXPECT_NE(all.find(f), std::string::npos) << f << "\n" << all;
    auto variants = e.find("^feature variants=\"");
    ASSERT_GE(variants, 0) << all;
    const std::string& v = e.lines()[variants];
    for (const char* name : {"normal", "shatranj", "capablanca", "xiangqi", "shogi", "grand",
                             "makruk", "crazyhouse", "courier", "nightrider", "omicron"})
        EXPECT_NE(v.find(name), std::string::npos) << name << " in " << v;
    EXPECT_EQ(v.find("\"chess"), std::string::npos) << "chess is 'normal' for XBoard: " << v;
    // XBoard switches a game whose variant the engine does not list (`-variant chess`) to the
    // first one listed: that must be chess.
    EXPECT_EQ(v.find("variants=\"normal,"), std::string("feature ").size()) << v;
    EXPECT_NE(all.find("feature option=\"Hash -spin"), std::string::npos) << all;
    EXPECT_NE(all.find("feature option=\"VariantFile -file"), std::string::npos) << all;
    EXPECT_NE(all.find("feature option=\"Move Overhead -spin 30 0 5000\""), std::string::npos)
        << all;
    e.send("option Move Overhead=100");
    e.send("ping 1");
    ASSERT_TRUE(e.expect("^pong 1$")) << e.transcript();
    EXPECT_LT(e.find("^Error"), 0) << e.transcript();
    EXPECT_EQ(e.finish(), 0);
}

TEST(XBoard, EngineDefinedVariantGetsSetupAndPieces) {
    Engine e;
    xboardStart(e);
    e.send("new");
    e.send("variant nightrider");
    auto setup = e.expect("^setup ");
    ASSERT_TRUE(setup) << e.transcript();
    EXPECT_NE(setup->find("8x8+0_fairy rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w"),
              std::string::npos)
        << *setup;
    EXPECT_TRUE(std::regex_search(*setup, std::regex(R"(^setup \([A-Z.]+K[a-z.]+k\) )"))) << *setup;
    EXPECT_TRUE(e.expect("^piece N& (N0|NN)$")) << e.transcript();
    EXPECT_TRUE(e.expect("^piece K& KO2$")) << e.transcript();
    // Known variants need no setup: the pong follows at once.
    e.send("variant shatranj");
    e.send("ping 3");
    auto next = e.expect("^(setup|pong)");
    ASSERT_TRUE(next) << e.transcript();
    EXPECT_EQ(*next, "pong 3");
    e.send("variant omicron");
    auto omicron = e.expect("^setup ");
    ASSERT_TRUE(omicron) << e.transcript();
    EXPECT_NE(omicron->find("12x10+0_fairy w**********w/"), std::string::npos) << *omicron;
    e.send("variant nosuchvariant");
    EXPECT_TRUE(e.expect(R"(^Error \(unsupported variant\))")) << e.transcript();
    EXPECT_EQ(e.finish(), 0);
}

TEST(XBoard, TenRankBoardsUseZeroBasedRanks) {
    Engine e;
    xboardStart(e);
    e.send("new");
    e.send("variant xiangqi");
    e.send("force");
    e.send("usermove h0g2");  // Timur's h1g3
    e.send("usermove h9g7");  // h10g8
    e.send("perft 1");
    ASSERT_TRUE(e.expect("^Nodes searched: ")) << e.transcript();
    EXPECT_GE(e.find("^g2h0: 1$"), 0) << e.transcript();
    EXPECT_GE(e.find("^b2b9: 1$"), 0) << e.transcript();  // cannon takes the horse on b10
    EXPECT_LT(e.find("Illegal"), 0) << e.transcript();
    e.send("usermove a1a2");  // 0-based a1 is a2: empty
    EXPECT_TRUE(e.expect("^Illegal move: a1a2$")) << e.transcript();
    // The engine answers in the same convention.
    e.send("sd 2");
    e.send("go");
    auto move = e.expect("^move ");
    ASSERT_TRUE(move) << e.transcript();
    EXPECT_TRUE(std::regex_match(*move, std::regex("move [a-i][0-9][a-i][0-9]"))) << *move;
    EXPECT_EQ(e.finish(), 0);
}

TEST(XBoard, OtherBoardsUseOneBasedRanks) {
    Engine e;
    xboardStart(e);
    e.send("new");
    e.send("variant capablanca");
    e.send("force");
    e.send("usermove e2e4");
    e.send("usermove e7e5");
    e.send("usermove f1i1");  // castling not yet possible
    EXPECT_TRUE(e.expect("^Illegal move: f1i1$")) << e.transcript();
    e.send("perft 1");
    ASSERT_TRUE(e.expect("^Nodes searched: ")) << e.transcript();
    EXPECT_GE(e.find("^e4e5: |^d1h5: 1$|^j2j4: 1$"), 0) << e.transcript();
    EXPECT_EQ(e.finish(), 0);
}

// The node count of the last thinking line ("ply score time nodes pv") before line `moveLine`.
long long lastThinkingNodes(const Engine& e, int moveLine) {
    for (int i = moveLine - 1; i >= 0; --i) {
        std::smatch m;
        if (std::regex_search(e.lines()[size_t(i)], m, std::regex(R"(^\d+ -?\d+ \d+ (\d+) )")))
            return std::stoll(m[1]);
    }
    return -1;
}

TEST(XBoard, PlaysInTimeControls) {
    Engine e;
    xboardStart(e);
    e.send("new");
    e.send("post");
    // 40 moves in 6 s: 150 ms a move on average. One move may take a few times that (Timur's
    // hard limit is 5x its share), not a large part of the clock.
    e.send("level 40 0:06 0");
    e.send("time 600");
    e.send("otim 600");
    auto start = Clock::now();
    e.send("usermove e2e4");
    ASSERT_TRUE(e.expect("^move ", 3)) << e.transcript();
    EXPECT_LT(Clock::now() - start, std::chrono::milliseconds(1000));
    // Thinking output: ply score time nodes pv.
    EXPECT_GE(e.find(R"(^\d+ -?\d+ \d+ \d+ [a-h][1-8])"), 0) << e.transcript();
    // Fixed time per move.
    e.send("force");
    e.send("new");
    e.send("st 0.3");
    e.send("go");
    start = Clock::now();
    ASSERT_TRUE(e.expect("^move ", 3)) << e.transcript();
    EXPECT_LT(Clock::now() - start, std::chrono::milliseconds(800));
    // Depth limit, with incremental clock and few moves to go.
    e.send("new");
    e.send("level 0 1 1");
    e.send("sd 1");
    e.send("time 50");
    e.send("go");
    ASSERT_TRUE(e.expect("^move ", 3)) << e.transcript();
    // Node-based clock: `st 4` at 5000 nodes per second is 20000 nodes, a fraction of a second
    // of real time (not 4 s), and the thinking output counts time in nodes.
    e.send("new");
    e.send("nps 5000");
    e.send("st 4");
    size_t sent = e.lines().size();
    start = Clock::now();
    e.send("go");
    ASSERT_TRUE(e.expect("^move ", 6)) << e.transcript();
    EXPECT_LT(Clock::now() - start, std::chrono::milliseconds(2500)) << e.transcript();
    int move = e.find("^move ", sent);
    long long nodes = lastThinkingNodes(e, move);
    EXPECT_GT(nodes, 0) << e.transcript();
    EXPECT_LE(nodes, 20000 + 1024) << e.transcript();
    EXPECT_EQ(e.finish(), 0);
}

// `cores N` (feature smp=1) sets the search threads from the next search on; it may come
// mid-game. The threads are counted in /proc while the engine analyses.
TEST(XBoard, CoresSetsTheThreads) {
    Engine e;
    xboardStart(e);
    auto threadsWhileAnalysing = [&](int cores) {
        e.send("cores " + std::to_string(cores));
        e.send("new");
        e.send("force");
        e.send("analyze");
        e.drain(0.3);
        int n = e.threads();
        e.send("exit");
        return n;
    };
    int one = threadsWhileAnalysing(1), three = threadsWhileAnalysing(3);
    ASSERT_GT(one, 0) << "no /proc/PID/task";
    EXPECT_EQ(three - one, 2) << one << " threads with cores 1, " << three << " with cores 3";
    e.send("cores 2");
    e.send("new");
    e.send("st 0.3");
    e.send("usermove e2e4");
    ASSERT_TRUE(e.expect("^move ", 3)) << e.transcript();
    e.send("cores banana");
    EXPECT_TRUE(e.expect("^Error .*cores banana")) << e.transcript();
    e.send("cores 1");
    e.send("force");
    e.send("setboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    e.send("cores 3");
    e.send("sd 5");
    e.send("go");
    auto move = e.expect("^move ", 5);
    ASSERT_TRUE(move) << e.transcript();
    EXPECT_EQ(*move, "move a1a8");
    // During a search `cores` leaves the running search its threads; the next one has one. (An
    // infinite analysis: a timed search may end first on a loaded machine.)
    e.send("cores 3");
    e.send("new");
    e.send("force");
    e.send("analyze");
    e.drain(0.3);
    int during = e.threads();
    e.send("cores 1");
    e.drain(0.1);
    EXPECT_EQ(e.threads(), during) << "the running search lost its threads";
    e.send("exit");
    EXPECT_EQ(during - one, 2);
    EXPECT_EQ(threadsWhileAnalysing(1), one);
    // And while it thinks on its move, it still moves.
    e.send("new");
    e.send("st 0.5");
    e.send("go");
    e.send("cores 2");
    ASSERT_TRUE(e.expect("^move ", 5)) << e.transcript();
    EXPECT_EQ(e.finish(), 0);
}

TEST(XBoard, PingIsAnsweredAfterTheOwedMove) {
    Engine e;
    xboardStart(e);
    e.send("new");
    e.send("st 0.5");
    e.send("go");
    e.send("ping 1");
    ASSERT_TRUE(e.expect("^pong 1$", 5)) << e.transcript();
    int move = e.find("^move "), pong = e.find("^pong 1$");
    ASSERT_GE(move, 0) << e.transcript();
    EXPECT_LT(move, pong) << e.transcript();
    // '?' makes it move at once; the pong still follows the move.
    e.send("force");
    e.send("new");
    e.send("st 100");
    e.send("go");
    e.send("?");
    e.send("ping 2");
    auto start = Clock::now();
    ASSERT_TRUE(e.expect("^pong 2$", 5)) << e.transcript();
    EXPECT_LT(Clock::now() - start, std::chrono::seconds(3));
    int move2 = e.find("^move ", size_t(pong + 1)), pong2 = e.find("^pong 2$");
    ASSERT_GE(move2, 0) << e.transcript();
    EXPECT_LT(move2, pong2) << e.transcript();
    // Idle: the pong comes at once.
    e.send("force");
    e.send("ping 3");
    EXPECT_TRUE(e.expect("^pong 3$", 2)) << e.transcript();
    EXPECT_EQ(e.finish(), 0);
}

bool isThinkingLine(const std::string& l) {
    return !l.empty() && std::isdigit(static_cast<unsigned char>(l[0]));
}

// The PV's second move in the last thinking line before line `moveLine` (the expected reply).
std::string expectedReply(const Engine& e, int moveLine) {
    for (int i = moveLine - 1; i >= 0; --i) {
        const std::string& l = e.lines()[size_t(i)];
        if (!isThinkingLine(l)) continue;
        std::istringstream in(l.substr(0, l.find('\t')));
        std::string word;
        std::vector<std::string> w;
        while (in >> word) w.push_back(word);
        return w.size() > 5 ? w[5] : "";
    }
    return "";
}

TEST(XBoard, PondersOnTheExpectedReply) {
    Engine e;
    xboardStart(e);
    e.send("new");
    e.send("hard");
    e.send("post");
    e.send("level 0 0:30 0");
    e.send("time 3000");
    e.send("otim 3000");
    e.send("usermove e2e4");
    ASSERT_TRUE(e.expect("^move ", 10)) << e.transcript();
    int move1 = e.find("^move ");
    std::string predicted = expectedReply(e, move1);
    ASSERT_FALSE(predicted.empty()) << e.transcript();
    // Pondering: thinking lines go on while it is our turn, and a ping is answered at once.
    e.send("ping 1");
    ASSERT_TRUE(e.expect("^pong 1$", 2)) << e.transcript();
    e.drain(0.5);
    int pondered = 0;
    for (size_t i = size_t(move1) + 1; i < e.lines().size(); ++i)
        pondered += isThinkingLine(e.lines()[i]) ? 1 : 0;
    EXPECT_GT(pondered, 0) << e.transcript();
    // A hit: the pondering search goes on as the real one (no new search from depth 1).
    e.send("time 2900");
    e.send("otim 2900");
    e.drain(0.05);
    size_t hitSent = e.lines().size();
    e.send("usermove " + predicted);
    ASSERT_TRUE(e.expect("^move ", 10)) << e.transcript();
    int move2 = e.find("^move ", hitSent);
    int restart = e.find("^1 ", hitSent);
    EXPECT_TRUE(restart < 0 || restart > move2) << e.transcript();
    // A miss: the pondering is dropped and the real move searched from depth 1 (an a- or
    // h-pawn step is legal after three moves).
    e.drain(0.3);
    std::string other = expectedReply(e, move2) == "a2a3" ? "h2h3" : "a2a3";
    size_t missSent = e.lines().size();
    e.send("usermove " + other);
    ASSERT_TRUE(e.expect("^move ", 10)) << e.transcript();
    int move3 = e.find("^move ", missSent);
    restart = e.find("^1 ", missSent);
    EXPECT_TRUE(restart >= 0 && restart < move3) << e.transcript();
    EXPECT_EQ(e.find("^Illegal"), -1) << e.transcript();
    // `easy` stops pondering: after the pong, no more thinking lines.
    e.send("easy");
    e.send("ping 2");
    ASSERT_TRUE(e.expect("^pong 2$", 2)) << e.transcript();
    size_t pong = e.lines().size();
    e.drain(0.5);
    for (size_t i = pong; i < e.lines().size(); ++i)
        EXPECT_FALSE(isThinkingLine(e.lines()[i])) << e.transcript();
    EXPECT_EQ(e.finish(), 0);
}

TEST(XBoard, UndoAndRemove) {
    Engine e;
    xboardStart(e);
    e.send("new");
    e.send("force");
    e.send("usermove e2e4");
    e.send("usermove e7e5");
    e.send("usermove g1f3");
    e.send("undo");
    e.send("d");
    auto fen = e.expect("^# fen ");
    ASSERT_TRUE(fen) << e.transcript();
    // (Whether the FEN names e6 as the e.p. square is the position's business.)
    EXPECT_TRUE(fen->starts_with("# fen rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq "))
        << e.transcript();
    e.send("remove");
    e.send("d");
    fen = e.expect("^# fen ");
    ASSERT_TRUE(fen) << e.transcript();
    EXPECT_EQ(*fen, "# fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
        << e.transcript();
    e.send("undo");
    EXPECT_TRUE(e.expect("^Error")) << e.transcript();
    EXPECT_EQ(e.finish(), 0);
}

TEST(XBoard, BadInput) {
    Engine e;
    xboardStart(e);
    e.send("new");
    e.send("force");
    e.send("frobnicate 3");
    EXPECT_TRUE(e.expect(R"(^Error \(unknown command\): frobnicate 3$)")) << e.transcript();
    e.send("usermove e2e5");
    EXPECT_TRUE(e.expect("^Illegal move: e2e5$")) << e.transcript();
    e.send("usermove zz");
    EXPECT_TRUE(e.expect("^Illegal move: zz$")) << e.transcript();
    e.send("e2e4");  // a bare move is still a move
    e.send("d");
    auto fen = e.expect("^# fen ");
    ASSERT_TRUE(fen) << e.transcript();
    EXPECT_NE(fen->find(" b KQkq"), std::string::npos) << *fen;
    e.send("setboard not/a/fen w - - 0 1");
    EXPECT_TRUE(e.expect("^tellusererror Illegal position")) << e.transcript();
    e.send("usermove e7e5");
    EXPECT_TRUE(e.expect("^Illegal move.*: e7e5$")) << e.transcript();
    e.send("go");  // no position: no move, no crash
    e.send("level x");
    e.send("time");
    e.send("sd banana");
    e.send("ping 9");
    EXPECT_TRUE(e.expect("^pong 9$")) << e.transcript();
    EXPECT_LT(e.find("^move "), 0) << e.transcript();
    e.send("new");
    e.send("force");
    e.send("usermove e2e4");
    e.send("ping 10");
    ASSERT_TRUE(e.expect("^pong 10$")) << e.transcript();
    EXPECT_EQ(e.find("Illegal move: e2e4"), -1) << e.transcript();
    EXPECT_EQ(e.finish(), 0);
}

// A board without the royal piece the rules need is refused with the reason, and nothing is
// searched until a good position comes.
TEST(XBoard, BoardWithoutKingIsRefused) {
    Engine e;
    xboardStart(e);
    e.send("new");
    e.send("force");
    e.send("setboard 8/pppppppp/8/8/8/8/PPPPPPPP/8 w - - 0 1");
    EXPECT_TRUE(e.expect("^tellusererror Illegal position: White has no royal piece \\(K\\)"))
        << e.transcript();
    e.send("sd 2");
    e.send("go");
    e.send("ping 1");
    ASSERT_TRUE(e.expect("^pong 1$")) << e.transcript();
    EXPECT_LT(e.find("^move "), 0) << e.transcript();
    EXPECT_EQ(e.finish(), 0);
}

// XBoard scores a shatranj bare king only after the bare side's reply and calls an earlier claim
// false (which made a won game a draw): Timur claims after that reply.
TEST(XBoard, BareKingIsClaimedAfterTheReply) {
    Engine e;
    xboardStart(e);
    e.send("new");
    e.send("variant shatranj");
    e.send("force");
    e.send("setboard 7k/8/8/8/8/8/p7/R3K3 w - - 0 1");
    e.send("sd 3");
    e.send("go");
    auto move = e.expect("^move ");
    ASSERT_TRUE(move) << e.transcript();
    EXPECT_EQ(*move, "move a1a2");
    e.send("ping 1");
    ASSERT_TRUE(e.expect("^pong 1$")) << e.transcript();
    EXPECT_LT(e.find("^1-0"), 0) << "claimed before the reply\n" << e.transcript();
    e.send("usermove h8g8");
    EXPECT_TRUE(e.expect(R"(^1-0 \{bare king\}$)")) << e.transcript();
    EXPECT_EQ(e.finish(), 0);
}

// XBoard confirms no claimed win by a perpetual check (it adjudicates those itself, at its own
// count) and scores the false claim as a loss: the checked side plays on instead (chu's
// repetition rule lost a won game to HaChu that way).
TEST(XBoard, UnconfirmedPerpetualCheckWinIsNotClaimed) {
    Engine e;
    xboardStart(e);
    e.send("new");
    e.send("variant xiangqi");
    e.send("force");
    e.send("setboard 3k5/9/9/9/9/9/9/9/9/4K3r w - - 0 1");
    for (const char* m : {"e0e1", "i0i1", "e1e0", "i1i0", "e0e1", "i0i1", "e1e0"})
        e.send(std::string("usermove ") + m);
    e.send("sd 3");
    e.send("playother");
    e.send("usermove i1i0");  // the third time, checking every move
    auto move = e.expect("^move ");
    ASSERT_TRUE(move) << e.transcript();
    EXPECT_LT(e.find("^1-0"), 0) << e.transcript();
    EXPECT_EQ(e.finish(), 0);
}

// A forced promotion goes to XBoard with its letter: XBoard supplies a bare one with its table's
// Queen letter, '.' in makruk, and then empties the square (its board loses the new met). The
// pawn's step is White's only move: the rook and the horse hold the king's squares.
TEST(XBoard, ForcedPromotionIsSentWithItsLetter) {
    Engine e;
    xboardStart(e);
    e.send("new");
    e.send("variant makruk");
    e.send("force");
    e.send("setboard 1r5k/8/8/3P4/8/8/8/K1n5 w - - 0 1");
    e.send("sd 3");
    e.send("go");
    auto move = e.expect("^move ");
    ASSERT_TRUE(move) << e.transcript();
    EXPECT_EQ(*move, "move d5d6m");
    EXPECT_EQ(e.finish(), 0);
}

TEST(XBoard, ClaimsTheResultOnlyWhenOver) {
    Engine e;
    xboardStart(e);
    e.send("new");
    e.send("force");
    e.send("setboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    e.send("sd 3");
    e.send("go");
    auto move = e.expect("^move ");
    ASSERT_TRUE(move) << e.transcript();
    EXPECT_EQ(*move, "move a1a8");
    EXPECT_TRUE(e.expect(R"(^1-0 \{checkmate\}$)")) << e.transcript();
    // The opponent's mating move is claimed too, and the engine does not move after it.
    e.send("new");
    e.send("setboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    e.send("playother");
    e.send("usermove a1a8");
    e.send("ping 4");
    ASSERT_TRUE(e.expect("^pong 4$")) << e.transcript();
    EXPECT_GE(e.find(R"(^1-0 \{checkmate\}$)", size_t(e.find("^move a1a8$") + 1)), 0)
        << e.transcript();
    // Not over: no claim.
    e.send("new");
    e.send("force");
    e.send("usermove e2e4");
    e.send("ping 5");
    ASSERT_TRUE(e.expect("^pong 5$")) << e.transcript();
    EXPECT_EQ(std::count_if(e.lines().begin(), e.lines().end(),
                            [](const std::string& l) { return l.starts_with("1-0"); }),
              2)
        << e.transcript();
    EXPECT_EQ(e.finish(), 0);
}

TEST(XBoard, AnalyzeAndPerft) {
    Engine e;
    xboardStart(e);
    e.send("new");
    e.send("force");
    e.send("post");
    e.send("analyze");
    e.send(".");
    EXPECT_TRUE(e.expect("^stat01: ")) << e.transcript();
    EXPECT_TRUE(e.expect(R"(^\d+ -?\d+ \d+ \d+ )")) << e.transcript();
    e.send("usermove e2e4");
    e.send("exit");
    e.send("ping 1");
    ASSERT_TRUE(e.expect("^pong 1$")) << e.transcript();
    EXPECT_LT(e.find("^move "), 0) << "analysis never moves\n" << e.transcript();
    e.send("new");
    e.send("perft 3");
    auto nodes = e.expect("^Nodes searched: ");
    ASSERT_TRUE(nodes) << e.transcript();
    EXPECT_EQ(*nodes, "Nodes searched: 8902");
    e.send("memory 8");
    e.send("cores 1");
    e.send("option Hash=4");
    e.send("option NoSuchOption=1");
    EXPECT_TRUE(e.expect(R"(^Error \(unknown option\))")) << e.transcript();
    e.send("quit");
    EXPECT_EQ(e.finish(), 0);
}

double secondsSince(Clock::time_point t) {
    return std::chrono::duration<double>(Clock::now() - t).count();
}

// A deep perft (Tamerlane's perft 7 takes many minutes) runs beside the input loop: ping is
// answered, `?` stops it, quit exits at once. At end of input a perft is still counted.
TEST(XBoard, PerftKeepsTheInputLoopAnswering) {
    Engine e;
    xboardStart(e);
    e.send("new");
    e.send("variant tamerlane");
    e.send("perft 7");
    e.send("ping 1");
    auto t0 = Clock::now();
    ASSERT_TRUE(e.expect("^pong 1$", 5)) << e.transcript();
    EXPECT_LT(secondsSince(t0), 1.0);
    e.send("?");
    EXPECT_TRUE(e.expect("^# perft stopped: \\d+ nodes counted$", 5)) << e.transcript();
    EXPECT_LT(e.find("^Nodes searched: "), 0) << e.transcript();
    e.send("perft 7");
    e.send("ping 2");
    ASSERT_TRUE(e.expect("^pong 2$", 5)) << e.transcript();
    t0 = Clock::now();
    e.send("quit");
    EXPECT_EQ(e.finish(5), 0);
    EXPECT_LT(secondsSince(t0), 1.0);
}

TEST(XBoard, PerftAtEndOfInputIsCounted) {
    Engine e;
    e.send("xboard");
    e.send("perft 3");
    EXPECT_EQ(e.finish(), 0);
    EXPECT_GE(e.find("^Nodes searched: 8902$"), 0) << e.transcript();
}

// A variant file that inherits one XBoard knows: same name and board, it is XBoard's variant
// (courier from XBoard's array, no setup); on another board it is engine-defined under XBoard's
// prefixed name; renamed, under its own name.
TEST(XBoard, InheritedVariantsKeepXBoardsNameOnlyWhereItFits) {
    std::filesystem::path dir = std::filesystem::temp_directory_path() /
                                ("timur_protocol_xboard_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    auto write = [&](const std::string& name, const std::string& json) {
        std::filesystem::path file = dir / (name + ".json");
        std::ofstream(file) << json;
        return file.string();
    };
    std::string wide = write("wide", R"({"inherits": "chess", "board": {"files": 10, "ranks": 8},
        "start": "rnbqkbnrrr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQKBNRRR w - - 0 1",
        "rules": {"castling": null}})");
    std::string renamed = write("renamed", R"({"inherits": "courier", "name": "my-courier"})");
    std::string option = write("option", R"({"inherits": "courier", "rules": {"nMoveRule": 40}})");
    Engine e;
    xboardStart(e);
    e.send("option VariantFile=" + wide);
    EXPECT_TRUE(e.expect(R"(^telluser Loaded variant chess \(10x8\+0_normal\)$)"))
        << e.transcript();
    auto list = e.expect("^feature variants=");
    ASSERT_TRUE(list) << e.transcript();
    EXPECT_TRUE(std::regex_search(*list, std::regex(R"([",]10x8\+0_normal[",])"))) << *list;
    EXPECT_FALSE(std::regex_search(*list, std::regex(R"([",]normal[",])"))) << *list;
    e.send("new");
    e.send("variant 10x8+0_normal");
    auto setup = e.expect("^setup ");
    ASSERT_TRUE(setup) << e.transcript();
    EXPECT_NE(setup->find(") 10x8+0_fairy rnbqkbnrrr/"), std::string::npos) << *setup;

    e.send("option VariantFile=" + renamed);
    EXPECT_TRUE(e.expect(R"(^telluser Loaded variant my-courier \(my-courier\)$)"))
        << e.transcript();
    e.send("new");
    e.send("variant my-courier");
    setup = e.expect("^setup ");
    ASSERT_TRUE(setup) << e.transcript();
    EXPECT_NE(setup->find(") 12x8+0_fairy rnebmk1wbenr/"), std::string::npos) << *setup;
    e.send("d");
    auto fen = e.expect("^# fen ");
    ASSERT_TRUE(fen) << e.transcript();
    EXPECT_EQ(fen->rfind("# fen rnebmk1wbenr/1ppppp1pppp1/", 0), 0u) << *fen;  // ours

    e.send("option VariantFile=" + option);
    EXPECT_TRUE(e.expect(R"(^telluser Loaded variant courier \(courier\)$)")) << e.transcript();
    e.send("new");
    e.send("variant courier");
    e.send("d");
    fen = e.expect("^(setup|# fen )");
    ASSERT_TRUE(fen) << e.transcript();
    EXPECT_EQ(*fen,
              "# fen rnebmkfwbenr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RNEBMKFWBENR w - - 0 1")
        << "XBoard's array, no setup";
    EXPECT_EQ(e.finish(), 0);
    std::filesystem::remove_all(dir);
}

// ------------------------------------------------------------------------------------------
// XBoard and Tamerlane: moves XBoard can execute without knowing the rules, a person's moves
// square by square (lift/put/hover), and the rights XBoard cannot write.

// Sends `line`, then a ping; returns the engine's lines before the pong.
std::vector<std::string> answer(Engine& e, const std::string& line) {
    static int n = 100;
    std::string pong = "pong " + std::to_string(++n);
    size_t from = e.lines().size();
    e.send(line);
    e.send("ping " + std::to_string(n));
    EXPECT_TRUE(e.expect("^" + pong + "$")) << e.transcript();
    std::vector<std::string> out(e.lines().begin() + long(from), e.lines().end() - 1);
    return out;
}

// A new Tamerlane game from `fen`, in force mode; its setup and piece lines are read.
void tamerlane(Engine& e, const std::string& fen) {
    e.send("new");
    e.send("variant tamerlane");
    e.send("force");
    answer(e, "setboard " + fen);
}

std::string fenOf(Engine& e) {
    auto d = answer(e, "d");
    return d.empty() ? "" : d.back();
}

// XBoard 4.9.1 tells an engine its opponent's pass (null move) as `setboard` of the position
// after it, outside force mode and without `go`: the engine must answer it with a move, and only
// then (another setboard is no cue to move).
TEST(XBoard, AnOpponentsPassRelayedAsSetboardIsAnswered) {
    Engine e;
    xboardStart(e);
    e.send("new");
    e.send("variant janggi");
    e.send("sd 2");
    e.send("force");
    e.send("go");
    ASSERT_TRUE(e.expect("^move ")) << e.transcript();
    std::string fen = fenOf(e).substr(std::string("# fen ").size());
    size_t side = fen.find(" b ");
    ASSERT_NE(side, std::string::npos) << fen;
    std::string afterPass = fen;
    afterPass.replace(side, 3, " w ");
    e.send("setboard " + afterPass);
    ASSERT_TRUE(e.expect("^move ")) << e.transcript();

    std::string again = fenOf(e).substr(std::string("# fen ").size());
    std::vector<std::string> quiet = answer(e, "setboard " + again);
    for (const auto& line : quiet) EXPECT_NE(line.rfind("move ", 0), 0u) << line;
    EXPECT_EQ(e.finish(), 0);
}

// XBoard refereeing two engines relays a seirawan castling that gates on the rook's square
// (a1e1h) as a rook move beside the king's square (a1g1h): the engine plays it as the castling
// the other engine made, and never plays such a castling itself.
TEST(XBoard, SeirawanCastlingThatGatesOnTheRooksSquareRelayed) {
    const std::string fen =
        "r2qkb1r/1p1h1p2/2p1p1p1/p4b1p/P2PpB1P/4P3/1PPQBPP1/R3K2R[HEe] w KQkqdf - 0 14";
    auto start = [&](Engine& e) {
        xboardStart(e);
        e.send("new");
        e.send("variant seirawan");
        e.send("force");
        answer(e, "setboard " + fen);
    };
    auto after = [&](const std::string& move) {
        Engine e;
        start(e);
        for (const auto& line : answer(e, "usermove " + move))
            EXPECT_EQ(line.find("Illegal"), std::string::npos) << line;
        std::string out = fenOf(e);
        EXPECT_EQ(e.finish(), 0);
        return out;
    };
    std::string castled = after("a1e1h");
    EXPECT_NE(castled.find("/H1KR3R["), std::string::npos) << castled;
    EXPECT_EQ(after("a1g1h"), castled);
    EXPECT_EQ(after("h1d1e"), after("h1e1e"));

    Engine e;
    start(e);
    e.send("sd 5");
    e.send("go");
    auto move = e.expect("^move ");
    ASSERT_TRUE(move) << e.transcript();
    for (const char* relayed : {"a1e1", "h1e1"}) EXPECT_NE(move->substr(5, 4), relayed) << *move;
    EXPECT_EQ(e.finish(), 0);
}

TEST(XBoard, TamerlaneSetupHasEveryPieceAndASwappingParent) {
    Engine e;
    xboardStart(e);
    e.send("new");
    e.send("variant tamerlane");
    auto setup = e.expect("^setup ");
    ASSERT_TRUE(setup) << e.transcript();
    EXPECT_NE(setup->find(" 13x10+0_shatranj *e1c1d1d1c1e*/"), std::string::npos) << *setup;
    EXPECT_NE(setup->find("P'=JP!=L"), std::string::npos) << *setup;
    EXPECT_NE(setup->find("SK.ntr"), std::string::npos) << *setup;
    EXPECT_TRUE(e.expect("^piece P!& fmWfcF$")) << e.transcript();
    EXPECT_EQ(e.finish(), 0);
}

// A person promotes, places and relocates with the engine's highlights: blue targets get the
// piece by `choice`, a relocation goes through its arrival square (cyan). XBoard's squares:
// ranks from 0 (Timur's c9 is c8).
TEST(XBoard, PersonEntersPromotionsPlacementAndRelocation) {
    Engine e;
    xboardStart(e);
    tamerlane(e, "*10k*/2N'3K'5*/*11*/*11*/*11*/*11*/*11*/*11*/*12/*K10* w - - 0 1");
    EXPECT_EQ(answer(e, "lift c8"),
              std::vector<std::string>{"highlight 2B10/13/13/13/13/13/13/13/13/13"});
    EXPECT_EQ(answer(e, "put c9"), std::vector<std::string>{"choice N"});
    EXPECT_EQ(answer(e, "usermove c8c9n"), std::vector<std::string>{});
    EXPECT_EQ(fenOf(e), "# fen *1N8k*/6K'5*/*11*/*11*/*11*/*11*/*11*/*11*/*12/*K10* b - - 1 1");

    tamerlane(e, "*P9k*/12*/*11*/*11*/*3r1r5*/*11*/*11*/*11*/*12/*K10* w - - 0 1");
    EXPECT_EQ(answer(e, "lift b9"),
              std::vector<std::string>{"highlight 13/13/13/13/13/5B7/13/13/13/13"});
    EXPECT_EQ(answer(e, "put f4"), std::vector<std::string>{"choice J"});
    EXPECT_EQ(answer(e, "usermove b9f4j"), std::vector<std::string>{});
    EXPECT_EQ(fenOf(e), "# fen *10k*/12*/*11*/*11*/*3r1r5*/*4P'6*/*11*/*11*/*12/*K10* b - - 1 1");

    tamerlane(e, "*3r6k*/3P'8*/*11*/*11*/*11*/*11*/*11*/*11*/*12/*K10* w - - 0 1");
    EXPECT_EQ(answer(e, "lift d8"),
              std::vector<std::string>{"highlight 3CC8/13/13/13/13/13/13/13/13/13"});
    EXPECT_EQ(answer(e, "put e9"), std::vector<std::string>{});
    EXPECT_EQ(answer(e, "lift e9"),
              std::vector<std::string>{"highlight 13/13/13/13/13/13/13/6B6/13/13"});
    EXPECT_EQ(answer(e, "put g2"), std::vector<std::string>{"choice L"});
    EXPECT_EQ(answer(e, "usermove d8e9,e9g2l"), std::vector<std::string>{});
    EXPECT_EQ(fenOf(e), "# fen *10k*/12*/*11*/*11*/*11*/*11*/*11*/*5P!5*/*12/*K10* b - - 0 1");
    EXPECT_EQ(e.finish(), 0);
}

// The King swap's partners are marked (own pieces, so XBoard takes the click as a move); the
// opponent's pieces and a variant XBoard knows get no answer; XBoard's relay of Black's
// relocation through an empty square (its castling kludge) is understood; hovering over an
// en-passant capture shows the victim.
TEST(XBoard, PersonSwapsAndWhatGetsNoHighlight) {
    Engine e;
    xboardStart(e);
    tamerlane(e, "*10k*/12*/*5r5*/*11*/*11*/*11*/*11*/*10R'*/*5K6/*R10* w K - 0 1");
    EXPECT_EQ(answer(e, "lift g1"),
              std::vector<std::string>{"highlight 13/13/13/13/13/13/13/5Y1Y3Y1/5Y1Y5/1Y3Y1Y5"});
    EXPECT_EQ(answer(e, "lift g7"), std::vector<std::string>{});  // Black's rook
    EXPECT_EQ(answer(e, "usermove g1b0"), std::vector<std::string>{});
    EXPECT_EQ(fenOf(e), "# fen *10k*/12*/*5r5*/*11*/*11*/*11*/*11*/*10R'*/*5R6/*K10* b - - 1 1");

    tamerlane(e, "*10k*/12*/*11*/*11*/*11*/*11*/*11*/*8N2*/*10p'1/*K10* b - - 0 1");
    EXPECT_EQ(answer(e, "lift l1"),
              std::vector<std::string>{"highlight 13/13/13/13/13/13/13/13/13/11C1"});
    EXPECT_EQ(answer(e, "usermove l1g7,l0f7"), std::vector<std::string>{});
    EXPECT_EQ(fenOf(e), "# fen *10k*/12*/*5p!5*/*11*/*11*/*11*/*11*/*8N2*/*12/*K10* w - - 0 2");

    // Hovering over an en-passant capture marks its victim (nightrider is engine-defined too).
    e.send("new");
    e.send("variant nightrider");
    e.send("force");
    answer(e, "setboard rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3");
    EXPECT_EQ(answer(e, "lift e5"), std::vector<std::string>{"highlight 8/8/3RY3/8/8/8/8/8"});
    EXPECT_EQ(answer(e, "hover d6"), std::vector<std::string>{"highlight 8/8/3RY3/3g4/8/8/8/8"});
    EXPECT_EQ(answer(e, "hover e6"), std::vector<std::string>{});

    e.send("new");
    e.send("force");
    EXPECT_EQ(answer(e, "lift e2"), std::vector<std::string>{});  // chess: XBoard knows it
    EXPECT_EQ(e.finish(), 0);
}

// XBoard sends the start array back without the swap and exchange rights (KXkx), which it
// cannot write: that array keeps them; another position gets what the FEN says.
TEST(XBoard, TheStartArrayKeepsTheRightsXBoardDrops) {
    Engine e;
    xboardStart(e);
    std::string start =
        "*e1c1d1d1c1e*/1rntzvkfztnr*/*r'n't'z'v'k'f'e'c'd'p*/*11*/*11*/*11*/*11*/"
        "*PD'C'E'F'K'V'Z'T'N'R'*/*RNTZFKVZTNR1/*E1C1D1D1C1E*";
    tamerlane(e, start + " w 0 1");
    EXPECT_EQ(fenOf(e), "# fen " + start + " w KXkx - 0 1");
    tamerlane(e, start + " w K - 0 1");  // what XBoard sends with the "fairy" parent
    EXPECT_EQ(fenOf(e), "# fen " + start + " w KXkx - 0 1");
    tamerlane(e, "*10k*/12*/*5r5*/*11*/*11*/*11*/*11*/*10R'*/*5K6/*R10* w 0 1");
    EXPECT_EQ(fenOf(e), "# fen *10k*/12*/*5r5*/*11*/*11*/*11*/*11*/*10R'*/*5K6/*R10* w - - 0 1");
    EXPECT_EQ(e.finish(), 0);
}

// The engine's promotion carries its letter; it does not choose the citadel exchange, which
// XBoard cannot show (here the only other move is the citadel entry, a draw, which a UCI
// search rejects for the exchange).
TEST(XBoard, EnginePlaysOnlyWhatXBoardCanShow) {
    Engine e;
    xboardStart(e);
    tamerlane(e, "*10k*/2N'9*/*11*/*11*/*11*/*11*/*11*/*11*/*12/*K10* w - - 0 1");
    e.send("sd 3");
    e.send("go");
    auto move = e.expect("^move ");
    ASSERT_TRUE(move) << e.transcript();
    EXPECT_EQ(*move, "move c8c9n");
    std::string boxed =
        "*PPP8*/1R'R'R'8*/*KSR'8*/*R'R'R'8*/*11*/*10k*/*11*/*11*/*12/*11* w X - 0 1";
    tamerlane(e, boxed);
    e.send("sd 4");
    e.send("go");
    move = e.expect("^move ");
    ASSERT_TRUE(move) << e.transcript();
    EXPECT_EQ(*move, "move b7a8");
    EXPECT_TRUE(e.expect(R"(^1/2-1/2 \{citadel entry\})")) << e.transcript();
    EXPECT_EQ(e.finish(), 0);

    Engine u;
    u.send("uci");
    u.send("setoption name UCI_Variant value tamerlane");
    u.send("position fen " + boxed);
    u.send("go depth 4");
    auto best = u.expect("^bestmove ");
    ASSERT_TRUE(best) << u.transcript();
    EXPECT_EQ(best->substr(0, 15), "bestmove b8a9c8");
    EXPECT_EQ(u.finish(), 0);
}

// ------------------------------------------------------------------------------------------
// UCI

void uciStart(Engine& e) {
    e.send("uci");
    ASSERT_TRUE(e.expect("^uciok$")) << e.transcript();
}

TEST(Uci, Identification) {
    Engine e;
    uciStart(e);
    EXPECT_GE(e.find("^id name Timur"), 0) << e.transcript();
    EXPECT_GE(e.find("^option name Hash type spin"), 0) << e.transcript();
    int combo = e.find("^option name UCI_Variant type combo default chess ");
    ASSERT_GE(combo, 0) << e.transcript();
    for (const char* v : {"chess", "shatranj", "xiangqi", "capablanca", "omicron"})
        EXPECT_NE(e.lines()[combo].find(std::string(" var ") + v), std::string::npos) << v;
    EXPECT_GE(e.find("^option name Move Overhead type spin default 30 min 0 max 5000$"), 0)
        << e.transcript();
    e.send("setoption name Move Overhead value 100");
    e.send("setoption name Move Overhead value 9000");
    EXPECT_TRUE(e.expect("^info string Move Overhead must be 0..5000$")) << e.transcript();
    e.send("isready");
    EXPECT_TRUE(e.expect("^readyok$")) << e.transcript();
    EXPECT_EQ(e.find("info string Move Overhead", 0), e.find("info string")) << "100 is accepted\n"
                                                                             << e.transcript();
    EXPECT_EQ(e.finish(), 0);
}

TEST(Uci, VariantSwitchAndPerft) {
    Engine e;
    uciStart(e);
    e.send("setoption name UCI_Variant value xiangqi");
    auto info = e.expect("^info string variant ");
    ASSERT_TRUE(info) << e.transcript();
    EXPECT_EQ(*info,
              "info string variant xiangqi files 9 ranks 10 startpos "
              "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
    e.send("ucinewgame");
    e.send("position startpos");
    e.send("go perft 1");
    auto nodes = e.expect("^Nodes searched: ");
    ASSERT_TRUE(nodes) << e.transcript();
    EXPECT_EQ(*nodes, "Nodes searched: 44");
    EXPECT_GE(e.find("^h1g3: 1$"), 0) << e.transcript();  // 1-based ranks in UCI
    e.send("position startpos moves h1g3 h10g8");
    e.send("go depth 2");
    auto best = e.expect("^bestmove ");
    ASSERT_TRUE(best) << e.transcript();
    EXPECT_TRUE(std::regex_match(*best, std::regex(R"(bestmove [a-i]\d+[a-i]\d+( ponder \S+)?)")))
        << *best;
    e.send("setoption name UCI_Variant value nosuch");
    EXPECT_TRUE(e.expect("^info string unknown variant")) << e.transcript();
    EXPECT_EQ(e.finish(), 0);
}

// A GUI resends the whole game with each move; whether a position extends the last one or not,
// the result is the position its moves lead to.
TEST(Uci, PositionCommandsOfAGame) {
    Engine e;
    uciStart(e);
    auto fenAfter = [&](const std::string& command) {
        e.send(command);
        e.send("d");
        auto fen = e.expect("^Fen: ");
        return fen ? fen->substr(5) : "no answer";
    };
    const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    EXPECT_EQ(fenAfter("position startpos moves e2e4"),
              "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    EXPECT_EQ(fenAfter("position startpos moves e2e4 e7e5 g1f3"),
              "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
    EXPECT_EQ(fenAfter("position startpos moves d2d4"),  // another first move
              "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1");
    EXPECT_EQ(fenAfter("position startpos"), start);  // fewer moves
    EXPECT_EQ(fenAfter("position fen " + start + " moves e2e4"),
              "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    EXPECT_EQ(fenAfter("position startpos moves e2e4 e2e4"),  // an illegal move stops the list
              "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    EXPECT_EQ(fenAfter("position startpos moves e2e4 e2e4 e7e5"),
              "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    EXPECT_EQ(fenAfter("position startpos moves e2e4 e7e5"),
              "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    e.send("ucinewgame");
    EXPECT_EQ(fenAfter("position startpos moves e2e4 e7e5"),
              "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    EXPECT_EQ(e.finish(), 0);
}

// `eval`: the static evaluation, from White's side and the side to move's. A position and its
// colour-mirror score the same for the side to move; a piece more shows; the variant counts.
TEST(Uci, EvalPrintsTheStaticEvaluation) {
    Engine e;
    uciStart(e);
    auto evalOf = [&](const std::string& position) {
        e.send(position);
        e.send("eval");
        auto line = e.expect("^Static evaluation: ");
        EXPECT_TRUE(line) << e.transcript();
        std::pair<int, int> v{0, 0};
        if (line) {
            EXPECT_EQ(std::sscanf(line->c_str(), "Static evaluation: %d cp (White's side), %d cp",
                                  &v.first, &v.second),
                      2)
                << *line;
        }
        return v;
    };
    auto white =
        evalOf("position fen r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
    auto black =
        evalOf("position fen rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 2 3");
    EXPECT_EQ(white.first, white.second);
    EXPECT_EQ(black.first, -black.second);
    EXPECT_EQ(white.second, black.second);  // the same position, colours swapped
    // White without its queen (Black to move): clearly worse for White.
    auto down = evalOf("position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR b KQkq - 0 1");
    EXPECT_LT(down.first, -500);
    EXPECT_GT(down.second, 500);
    e.send("setoption name UCI_Variant value xiangqi");
    auto xq = evalOf("position startpos");
    EXPECT_LT(std::abs(xq.first), 100);  // the start is about level
    EXPECT_EQ(e.finish(), 0);
}

TEST(Uci, PerftKeepsTheInputLoopAnswering) {
    Engine e;
    uciStart(e);
    e.send("setoption name UCI_Variant value tamerlane");
    e.send("position startpos");
    e.send("go perft 7");
    auto t0 = Clock::now();
    e.send("isready");
    ASSERT_TRUE(e.expect("^readyok$", 5)) << e.transcript();
    EXPECT_LT(secondsSince(t0), 1.0);
    e.send("stop");
    EXPECT_TRUE(e.expect("^info string perft stopped: \\d+ nodes counted$", 5)) << e.transcript();
    EXPECT_LT(e.find("^Nodes searched: "), 0) << e.transcript();
    e.send("go perft 7");
    e.send("isready");
    ASSERT_TRUE(e.expect("^readyok$", 5)) << e.transcript();
    t0 = Clock::now();
    e.send("quit");
    EXPECT_EQ(e.finish(5), 0);
    EXPECT_LT(secondsSince(t0), 1.0);
    // At end of input the count is finished.
    Engine piped;
    piped.send("uci");
    piped.send("go perft 3");
    EXPECT_EQ(piped.finish(), 0);
    EXPECT_GE(piped.find("^Nodes searched: 8902$"), 0) << piped.transcript();
}

TEST(Uci, GoLimitsAndInfo) {
    Engine e;
    uciStart(e);
    e.send("position startpos moves e2e4 e7e5");
    e.send("go depth 3");
    ASSERT_TRUE(e.expect("^bestmove ")) << e.transcript();
    EXPECT_GE(e.find(R"(^info depth \d+ seldepth \d+ score (cp|mate) -?\d+ nodes \d+ nps \d+ )"
                     R"(time \d+ hashfull \d+ pv )"),
              0)
        << e.transcript();
    // 5 moves in 2 s: 400 ms a move on average; one may take a little more (Timur's hard limit
    // is a quarter of the clock), not most of it.
    auto start = Clock::now();
    e.send("go wtime 2000 btime 2000 winc 10 binc 10 movestogo 5");
    ASSERT_TRUE(e.expect("^bestmove ", 3)) << e.transcript();
    EXPECT_LT(Clock::now() - start, std::chrono::milliseconds(800));
    start = Clock::now();
    e.send("go movetime 200");
    ASSERT_TRUE(e.expect("^bestmove ", 3)) << e.transcript();
    EXPECT_LT(Clock::now() - start, std::chrono::milliseconds(600));
    // A node limit: the final report (the info line just before bestmove) counts at most that
    // many nodes, give or take the 512 between two checks.
    size_t mark = e.lines().size();
    e.send("go nodes 2000");
    ASSERT_TRUE(e.expect("^bestmove ", 3)) << e.transcript();
    int best = e.find("^bestmove ", mark);
    std::smatch nodes;
    const std::string& last = e.lines()[size_t(best - 1)];
    ASSERT_TRUE(std::regex_search(last, nodes, std::regex(R"(^info .* nodes (\d+) )"))) << last;
    EXPECT_GE(std::stoll(nodes[1]), 1000) << last;
    EXPECT_LE(std::stoll(nodes[1]), 2000 + 512) << last;
    // Infinite and ponder searches answer only after stop / ponderhit.
    e.send("go infinite");
    e.send("isready");
    ASSERT_TRUE(e.expect("^readyok$")) << e.transcript();
    mark = e.lines().size();
    e.drain(0.3);
    EXPECT_LT(e.find("^bestmove ", mark), 0) << e.transcript();
    e.send("stop");
    ASSERT_TRUE(e.expect("^bestmove ", 3)) << e.transcript();
    e.send("go ponder movetime 100");
    mark = e.lines().size();
    e.drain(0.4);
    EXPECT_LT(e.find("^bestmove ", mark), 0) << e.transcript();
    e.send("ponderhit");
    ASSERT_TRUE(e.expect("^bestmove ", 3)) << e.transcript();
    // `go mate N` searches deep enough for a mate in N: here only the quiet Kf7 mates in two
    // (Kh7 Rh1#), which a two-ply search does not see.
    e.send("position fen 7k/8/5K2/8/8/8/8/6R1 w - - 0 1");
    mark = e.lines().size();
    e.send("go mate 2");
    auto mate = e.expect("^bestmove ", 5);
    ASSERT_TRUE(mate) << e.transcript();
    EXPECT_EQ(mate->substr(0, 13), "bestmove f6f7") << e.transcript();
    EXPECT_GE(e.find(" score mate 2 ", mark), 0) << e.transcript();
    e.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    mark = e.lines().size();
    e.send("go mate 1");
    mate = e.expect("^bestmove ", 5);
    ASSERT_TRUE(mate) << e.transcript();
    EXPECT_EQ(mate->substr(0, 13), "bestmove a1a8") << e.transcript();
    EXPECT_GE(e.find(" score mate 1 ", mark), 0) << e.transcript();
    e.send("quit");
    EXPECT_EQ(e.finish(), 0);
}

// `go searchmoves`: only the listed root moves are searched, whatever the search would rather
// play; a move that is not legal is reported and left out, and a list with no legal move leaves
// every move to the search.
TEST(Uci, SearchmovesLimitsTheRootMoves) {
    Engine e;
    uciStart(e);
    e.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    e.send("go searchmoves a1a2 g1h1 depth 4");
    auto best = e.expect("^bestmove ");
    ASSERT_TRUE(best) << e.transcript();
    EXPECT_TRUE(best->substr(0, 13) == "bestmove a1a2" || best->substr(0, 13) == "bestmove g1h1")
        << *best;
    size_t mark = e.lines().size();
    e.send("go depth 3 searchmoves a1a9 g1g2");
    EXPECT_TRUE(e.expect("^info string go searchmoves: illegal move a1a9, left out$"))
        << e.transcript();
    best = e.expect("^bestmove ");
    ASSERT_TRUE(best) << e.transcript();
    EXPECT_EQ(best->substr(0, 13), "bestmove g1g2") << e.transcript();
    EXPECT_LT(e.find(" score mate 1 ", mark), 0) << e.transcript();
    e.send("go searchmoves e2e4 depth 3");
    best = e.expect("^bestmove ");
    ASSERT_TRUE(best) << e.transcript();
    EXPECT_EQ(best->substr(0, 13), "bestmove a1a8") << e.transcript();
    e.send("quit");
    EXPECT_EQ(e.finish(), 0);
}

TEST(Uci, MateStalemateAndBadInput) {
    Engine e;
    uciStart(e);
    e.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    e.send("go depth 3");
    auto best = e.expect("^bestmove ");
    ASSERT_TRUE(best) << e.transcript();
    EXPECT_EQ(best->substr(0, 13), "bestmove a1a8");
    EXPECT_GE(e.find(" score mate 1 "), 0) << e.transcript();
    e.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    e.send("go depth 2");
    best = e.expect("^bestmove ");
    ASSERT_TRUE(best) << e.transcript();
    EXPECT_EQ(*best, "bestmove (none)");
    // A bad FEN leaves the position as it was.
    e.send("position fen this/is/not/a/fen w - - 0 1");
    EXPECT_TRUE(e.expect("^info string .*FEN")) << e.transcript();
    e.send("position fen 8/8/8/8/8/8/8/4K3 w - - 0 1");
    EXPECT_TRUE(e.expect("^info string invalid FEN, position unchanged: Black has no royal piece"))
        << e.transcript();
    e.send("d");
    auto fen = e.expect("^Fen: ");
    ASSERT_TRUE(fen) << e.transcript();
    EXPECT_EQ(*fen, "Fen: 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    e.send("position startpos moves e2e4 e2e4 d7d5");
    EXPECT_TRUE(e.expect("^info string Illegal move: e2e4$")) << e.transcript();
    e.send("d");
    fen = e.expect("^Fen: ");
    ASSERT_TRUE(fen) << e.transcript();
    EXPECT_NE(fen->find(" b KQkq"), std::string::npos) << *fen;
    e.send("bogus command");
    EXPECT_TRUE(e.expect("^info string Unknown command: bogus command$")) << e.transcript();
    e.send("go depth");
    e.send("go banana 3");
    e.send("setoption name Hash value lots");
    e.send("isready");
    EXPECT_TRUE(e.expect("^readyok$")) << e.transcript();
    EXPECT_EQ(e.finish(), 0);
}

// Lazy SMP: helper threads search beside the main one and share its table; the answers stay
// legal and correct, stop and ponderhit still end the search, and a bad value is refused.
TEST(Uci, ThreadsSearchTogether) {
    Engine e;
    e.send("uci");
    ASSERT_TRUE(e.expect("^uciok$")) << e.transcript();
    EXPECT_GE(e.find("^option name Threads type spin default 1 min 1 max \\d+$"), 0)
        << e.transcript();
    e.send("setoption name Threads value 0");
    EXPECT_TRUE(e.expect("^info string Threads must be 1\\.\\.")) << e.transcript();
    // The threads, counted in /proc while the engine searches.
    auto threadsWhileSearching = [&](int threads) {
        e.send("setoption name Threads value " + std::to_string(threads));
        e.send("position startpos");
        e.send("go infinite");
        e.drain(0.3);
        int n = e.threads();
        e.send("stop");
        EXPECT_TRUE(e.expect("^bestmove ", 3)) << e.transcript();
        return n;
    };
    int one = threadsWhileSearching(1), four = threadsWhileSearching(4);
    ASSERT_GT(one, 0) << "no /proc/PID/task";
    EXPECT_EQ(four - one, 3) << one << " threads with Threads 1, " << four << " with Threads 4";
    e.send("setoption name Threads value 3");
    e.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    e.send("go depth 6");
    auto best = e.expect("^bestmove ");
    ASSERT_TRUE(best) << e.transcript();
    EXPECT_EQ(best->substr(0, 13), "bestmove a1a8");
    e.send("position startpos moves e2e4");
    e.send("go infinite");
    size_t mark = e.lines().size();
    e.drain(0.3);
    EXPECT_LT(e.find("^bestmove ", mark), 0) << e.transcript();
    e.send("stop");
    best = e.expect("^bestmove ", 3);
    ASSERT_TRUE(best) << e.transcript();
    EXPECT_TRUE(std::regex_match(*best, std::regex(R"(bestmove [a-h][1-8][a-h][1-8].*)"))) << *best;
    e.send("go ponder movetime 100");
    e.drain(0.2);
    e.send("ponderhit");
    ASSERT_TRUE(e.expect("^bestmove ", 3)) << e.transcript();
    e.send("go wtime 1000 btime 1000 winc 10 binc 10");
    ASSERT_TRUE(e.expect("^bestmove ", 3)) << e.transcript();
    e.send("setoption name Threads value 1");
    e.send("go depth 3");
    ASSERT_TRUE(e.expect("^bestmove ")) << e.transcript();
    e.send("quit");
    EXPECT_EQ(e.finish(), 0);
}

TEST(Uci, LoadsAVariantFile) {
    std::filesystem::path dir = std::filesystem::temp_directory_path() /
                                ("timur_protocol_test_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    std::ifstream in(std::string(TIMUR_SOURCE_DIR) + "/variants/chess.json");
    std::stringstream text;
    text << in.rdbuf();
    std::string json = std::regex_replace(text.str(), std::regex(R"("name"\s*:\s*"chess")"),
                                          R"("name": "mychess")");
    std::filesystem::path file = dir / "mychess.json";
    std::ofstream(file) << json;
    Engine e;
    uciStart(e);
    e.send("setoption name VariantFile value " + file.string());
    EXPECT_TRUE(e.expect("^info string loaded variant mychess")) << e.transcript();
    e.send("setoption name VariantFile value /no/such/file.json");
    EXPECT_TRUE(e.expect("^info string cannot load")) << e.transcript();
    e.send("uci");
    auto combo = e.expect("^option name UCI_Variant ");
    ASSERT_TRUE(combo) << e.transcript();
    EXPECT_NE(combo->find(" var mychess"), std::string::npos) << *combo;
    e.send("setoption name UCI_Variant value mychess");
    EXPECT_TRUE(e.expect("^info string variant mychess files 8 ranks 8 ")) << e.transcript();
    EXPECT_EQ(e.finish(), 0);
    std::filesystem::remove_all(dir);
}

// ------------------------------------------------------------------------------------------
// Robustness: nothing on stdin crashes or hangs the engine.

TEST(Protocol, GarbageNeverCrashes) {
    std::mt19937 rng(12345);
    const std::vector<std::string> words = {
        "xboard",    "protover",  "2",        "new",       "variant",
        "force",     "go",        "usermove", "time",      "otim",
        "level",     "st",        "sd",       "nps",       "ping",
        "setboard",  "undo",      "remove",   "post",      "analyze",
        "exit",      ".",         "result",   "draw",      "memory",
        "cores",     "option",    "perft",    "?",         "e2e4",
        "h0g2",      "a7a8q",     "P@e4",     "-1",        "99999999999999999999",
        "xiangqi",   "shatranj",  "omicron",  "uci",       "isready",
        "position",  "startpos",  "fen",      "moves",     "stop",
        "ponderhit", "setoption", "name",     "value",     "UCI_Variant",
        "infinite",  "depth",     "1",        "0",         "8/8/8 w",
        "=",         "\t",        "\xff\xfe", "c3d4,d4e5", "O-O"};
    for (int session = 0; session < 6; ++session) {
        Engine e;
        e.send(session % 2 ? "uci" : "xboard");
        for (int i = 0; i < 150; ++i) {
            std::string line;
            int n = 1 + int(rng() % 5);
            for (int k = 0; k < n; ++k) line += words[rng() % words.size()] + " ";
            // Keep searches short.
            if (line.find("go") != std::string::npos || line.find("analyze") != std::string::npos)
                e.send(session % 2 ? "stop" : "sd 1");
            e.send(line);
        }
        e.send(session % 2 ? "stop" : "force");
        e.send("quit");
        EXPECT_EQ(e.finish(20), 0) << "session " << session << "\n" << e.transcript();
    }
}

TEST(Protocol, FirstCommandPicksTheProtocol) {
    {
        Engine e;
        e.send("isready");
        EXPECT_TRUE(e.expect("^readyok$")) << e.transcript();
        EXPECT_EQ(e.finish(), 0);
    }
    {
        Engine e;
        e.send("perft 2");
        EXPECT_TRUE(e.expect("^Nodes searched: 400$")) << e.transcript();
        EXPECT_EQ(e.finish(), 0);
    }
}

}  // namespace
