// Differential test against Fairy-Stockfish: for every shipped variant described in
// tests/oracle/fsf-variants.ini (or built into FSF: kFsfBuiltins), perft divide on positions
// reached by seeded random games must agree move by move. A mismatch is followed down to the first
// position where the two move lists differ.
//
// Two suites. Compared/: the variants FSF plays; FSF crashing or not answering in time is a
// failure. FsfCrashes/: the variants that Debian's FSF 11.1 is known to crash on
// (TIMUR_FSF_CRASHES, set by tests/CMakeLists.txt); each is tried and reported as skipped when
// FSF crashes again. Without fairy-stockfish (FAIRY_STOCKFISH names another binary) every test
// skips, or fails when TIMUR_REQUIRE_PEERS=1. TIMUR_ORACLE_POSITIONS (default 500) and
// TIMUR_ORACLE_DEPTH (default: 3 where a start-position perft 3 is small, else 2) tune it.
#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <sstream>

#include "engine/movegen.h"
#include "engine/perft.h"
#include "engine/position.h"
#include "engine/rules.h"
#include "tests/peers.h"

using namespace timur;

namespace {

using Clock = std::chrono::steady_clock;
using Divide = std::map<std::string, std::uint64_t>;

std::string fsfPath() {
    if (const char* e = std::getenv("FAIRY_STOCKFISH"); e && *e)
        return ::access(e, X_OK) == 0 ? e : "";
    for (const char* p : {"/usr/games/fairy-stockfish", "/usr/bin/fairy-stockfish",
                          "/usr/local/bin/fairy-stockfish"})
        if (::access(p, X_OK) == 0) return p;
    return "";
}

const std::string kIni = std::string(TIMUR_ORACLE_DIR) + "/fsf-variants.ini";

std::set<std::string> iniVariants() {
    std::set<std::string> out;
    std::ifstream in(kIni);
    std::string line;
    while (std::getline(in, line))
        if (line.size() > 2 && line[0] == '[' && line.back() == ']')
            out.insert(line.substr(1, line.size() - 2));
    return out;
}

int envInt(const char* name, int fallback) {
    const char* v = std::getenv(name);
    return v && *v ? std::atoi(v) : fallback;
}

// Fairy-Stockfish as a child process speaking UCI over pipes.
class Fsf {
  public:
    explicit Fsf(const std::string& path) {
        ::signal(SIGPIPE, SIG_IGN);
        int in[2], out[2];
        if (::pipe(in) != 0 || ::pipe(out) != 0) throw std::runtime_error("pipe");
        pid_ = ::fork();
        if (pid_ == 0) {
            ::dup2(in[0], 0);
            ::dup2(out[1], 1);
            ::close(in[0]), ::close(in[1]), ::close(out[0]), ::close(out[1]);
            ::execl(path.c_str(), "fairy-stockfish", static_cast<char*>(nullptr));
            ::_exit(127);
        }
        ::close(in[0]);
        ::close(out[1]);
        to_ = in[1];
        from_ = out[0];
    }
    ~Fsf() {
        ::close(to_);
        ::kill(pid_, SIGKILL);
        ::waitpid(pid_, nullptr, 0);
        ::close(from_);
    }
    void send(const std::string& line) {
        std::string s = line + "\n";
        if (::write(to_, s.data(), s.size()) < 0) dead_ = true;
    }
    // The next line, or nullopt when nothing comes within `seconds`.
    std::optional<std::string> line(double seconds) {
        auto deadline = Clock::now() + std::chrono::milliseconds(int(seconds * 1000));
        while (true) {
            if (auto nl = buf_.find('\n'); nl != std::string::npos) {
                std::string l = buf_.substr(0, nl);
                buf_.erase(0, nl + 1);
                if (!l.empty() && l.back() == '\r') l.pop_back();
                return l;
            }
            auto left =
                std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
            if (dead_ || left.count() <= 0) return std::nullopt;
            pollfd p{from_, POLLIN, 0};
            if (::poll(&p, 1, int(left.count())) <= 0) continue;
            char chunk[4096];
            ssize_t n = ::read(from_, chunk, sizeof chunk);
            if (n <= 0) {
                dead_ = true;
                continue;
            }
            buf_.append(chunk, size_t(n));
        }
    }
    // Reads until a line starting with `prefix`; false on timeout.
    bool waitFor(const std::string& prefix, double seconds,
                 std::vector<std::string>* seen = nullptr) {
        while (auto l = line(seconds)) {
            if (l->rfind(prefix, 0) == 0) return true;
            if (seen) seen->push_back(*l);
        }
        return false;
    }
    // Perft divide; nullopt on timeout.
    std::optional<Divide> divide(const std::string& position, int depth) {
        send(position);
        send("go perft " + std::to_string(depth));
        std::vector<std::string> lines;
        if (!waitFor("Nodes searched", 60, &lines)) return std::nullopt;
        Divide d;
        for (const auto& l : lines) {
            auto colon = l.find(": ");
            if (colon == std::string::npos || l.find(' ') < colon) continue;
            d[l.substr(0, colon)] = std::stoull(l.substr(colon + 2));
        }
        return d;
    }

    const char* failure() const { return dead_ ? "exited (crashed)" : "did not answer in time"; }

  private:
    pid_t pid_ = -1;
    int to_ = -1, from_ = -1;
    bool dead_ = false;
    std::string buf_;
};

// FSF writes a promotion's letter even when it is forced and the only choice (makruk's pawn to
// met: a5b6m), and '+' or '-' for a forced shogi-style promotion or demotion (Kyoto shogi:
// a1a2+, b3b4-); Timur's moveText leaves it out. Such a move of FSF's is renamed to Timur's text.
void normalizeForcedPromotions(Divide& theirs, const Divide& ours) {
    std::vector<std::string> rename;
    for (const auto& [m, n] : theirs) {
        char last = m.empty() ? 0 : m.back();
        if (ours.count(m) || m.size() < 5 ||
            !(std::islower(static_cast<unsigned char>(last)) || last == '+' || last == '-'))
            continue;
        std::string bare = m.substr(0, m.size() - 1);
        if (ours.count(bare) && !theirs.count(bare)) rename.push_back(m);
    }
    for (const auto& m : rename) {
        theirs[m.substr(0, m.size() - 1)] = theirs[m];
        theirs.erase(m);
    }
}

// A move as FSF writes it: Timur's text plus the promotion suffix Timur leaves out when it is
// forced: '+' or '-' for the piece's own promoted or demoted form, else the result's letter.
std::string fsfMoveText(const Position& pos, const Move& m) {
    std::string text = moveText(pos, m);
    if (m.kind != MoveKind::Drop && m.promo != kNoPieceType &&
        std::isdigit(static_cast<unsigned char>(text.back()))) {
        const PieceSpec& mover = pos.variant().pieces[typeOf(pos.at(m.from))];
        if (mover.promotesTo == m.promo)
            text += '+';
        else if (mover.demotesTo == m.promo)
            text += '-';
        else
            text += char(
                std::tolower(static_cast<unsigned char>(pos.variant().pieces[m.promo].letter[0])));
    }
    return text;
}

Divide timurDivide(Position& pos, int depth) {
    Divide d;
    for (const auto& [move, n] : perftDivide(pos, depth)) d[move] += n;
    return d;
}

std::string diffText(const Divide& ours, const Divide& theirs) {
    std::ostringstream s;
    for (const auto& [m, n] : ours) {
        auto it = theirs.find(m);
        if (it == theirs.end())
            s << " " << m << " (timur " << n << ", not in FSF)";
        else if (it->second != n)
            s << " " << m << " (timur " << n << ", FSF " << it->second << ")";
    }
    for (const auto& [m, n] : theirs)
        if (!ours.count(m)) s << " " << m << " (FSF " << n << ", not in timur)";
    return s.str();
}

// Follows a divide mismatch down to the shallowest position whose move lists differ.
std::string pinpoint(Fsf& fsf, Position& pos, std::vector<std::string> moves, int depth,
                     const Divide& ours, const Divide& theirs) {
    auto command = [&] {
        std::string c = "position startpos moves";
        for (const auto& m : moves) c += " " + m;
        return c;
    };
    std::ostringstream report;
    report << "after '" << command() << "' (timur FEN " << pos.fen() << "), perft " << depth << ":"
           << diffText(ours, theirs);
    if (depth == 1) return report.str();
    for (const auto& [m, n] : ours) {
        auto it = theirs.find(m);
        if (it == theirs.end() || it->second == n) continue;
        Move mv = parseMove(pos, m);
        if (mv.isNull()) break;
        moves.push_back(fsfMoveText(pos, mv));
        pos.makeMove(mv);
        Divide o = timurDivide(pos, depth - 1);
        auto t = fsf.divide(command(), depth - 1);
        if (t) normalizeForcedPromotions(*t, o);
        std::string deeper = t ? pinpoint(fsf, pos, moves, depth - 1, o, *t) : "FSF timed out";
        pos.unmakeMove();
        return report.str() + "\n  " + deeper;
    }
    return report.str();
}

std::set<std::string> knownCrashes() {
    std::set<std::string> out;
    std::istringstream list(TIMUR_FSF_CRASHES);
    for (std::string name; std::getline(list, name, ',');)
        if (!name.empty()) out.insert(name);
    return out;
}

// FSF failed where it is expected to (a variant of knownCrashes()): skipped, saying so; anywhere
// else a failure.
#define FSF_FAILED(name, text)                                                       \
    do {                                                                             \
        if (knownCrashes().count(name))                                              \
            GTEST_SKIP() << (name) << ": " << (text)                                 \
                         << " (Debian's FSF 11.1 crashes on this variant's pieces)"; \
        GTEST_FAIL() << (name) << ": " << (text);                                    \
    } while (0)

class FsfOracle : public ::testing::TestWithParam<std::string> {};

TEST_P(FsfOracle, PerftDivideAgreesOnRandomGames) {
    const std::string name = GetParam();
    const std::string path = fsfPath();
    if (path.empty()) TIMUR_PEER_MISSING("fairy-stockfish is not installed");

    auto variant = loadVariant(name);
    Fsf fsf(path);
    fsf.send("uci");
    if (!fsf.waitFor("uciok", 10)) FSF_FAILED(name, "FSF did not answer 'uci'");
    fsf.send("setoption name VariantPath value " + kIni);
    fsf.send("setoption name UCI_Variant value " + name);
    fsf.send("isready");
    if (!fsf.waitFor("readyok", 20))
        FSF_FAILED(name, "FSF did not answer after loading the variant");

    Position pos(variant);
    pos.setStart();
    int depth = envInt("TIMUR_ORACLE_DEPTH", 0);
    if (depth <= 0) depth = perft(pos, 3) <= 100000 ? 3 : 2;
    const int wanted = envInt("TIMUR_ORACLE_POSITIONS", 500);

    // The start positions must agree before any move text is exchanged.
    auto start = fsf.divide("position startpos", 1);
    if (!start)
        FSF_FAILED(name,
                   std::string("FSF ") + fsf.failure() + " on perft 1 from the start position");
    normalizeForcedPromotions(*start, timurDivide(pos, 1));
    ASSERT_EQ(timurDivide(pos, 1), *start)
        << name << ": the start positions differ:" << diffText(timurDivide(pos, 1), *start);

    std::mt19937 rng(0x7100 + std::hash<std::string>{}(name) % 1000);
    int compared = 0, games = 0, mismatches = 0;
    while (compared < wanted && mismatches < 3) {
        ++games;
        pos.setStart();
        std::vector<std::string> moves;
        int length = 1 + int(rng() % 80);
        for (int ply = 0; ply <= length && compared < wanted && mismatches < 3; ++ply) {
            MoveList legal;
            generateLegal(pos, legal);
            if (gameEnd(pos, legal).over()) break;
            std::string command = "position startpos";
            if (!moves.empty()) command += " moves";
            for (const auto& m : moves) command += " " + m;
            Divide ours = timurDivide(pos, depth);
            auto theirs = fsf.divide(command, depth);
            if (!theirs)
                FSF_FAILED(name, std::string("FSF ") + fsf.failure() + " on perft " +
                                     std::to_string(depth) + " after " + std::to_string(compared) +
                                     " positions");
            normalizeForcedPromotions(*theirs, ours);
            ++compared;
            if (ours != *theirs) {
                ++mismatches;
                ADD_FAILURE() << name << ": " << pinpoint(fsf, pos, moves, depth, ours, *theirs);
                break;
            }
            const Move& m = legal[int(rng() % legal.size)];
            moves.push_back(fsfMoveText(pos, m));
            pos.makeMove(m);
        }
    }
    std::cout << "[ oracle   ] " << name << ": " << compared << " positions from " << games
              << " random games agree with FSF at perft " << depth;
    std::cout << "\n";
    RecordProperty("positions", compared);
}

// Shipped variants whose rules are exactly those of a variant FSF has built in under the same
// name, which 11.1's ini format cannot express (janggi's cannon may not jump over or take a
// cannon; seirawan's gating; Kyoto shogi's demotion on every move): compared without an ini
// section.
const std::set<std::string> kFsfBuiltins = {"janggi", "kyotoshogi", "seirawan", "sittuyin"};

// The shipped variants FSF is compared on: those of the ini file and the built-in ones, with or
// without the known crashes.
std::vector<std::string> variants(bool crashing) {
    std::vector<std::string> out;
    for (const std::string& name : shippedVariantNames())
        if ((iniVariants().count(name) || kFsfBuiltins.count(name)) &&
            knownCrashes().count(name) == crashing)
            out.push_back(name);
    return out;
}

// Every section of the ini file is a shipped variant (a renamed variant would drop out of the
// comparison unnoticed), and every known crash is one of them.
TEST(FsfOracleSetup, IniSectionsAreShippedVariants) {
    auto shipped = shippedVariantNames();
    for (const std::string& section : iniVariants())
        EXPECT_NE(std::find(shipped.begin(), shipped.end(), section), shipped.end()) << section;
    for (const std::string& name : knownCrashes()) EXPECT_TRUE(iniVariants().count(name)) << name;
    for (const std::string& name : kFsfBuiltins) {
        EXPECT_NE(std::find(shipped.begin(), shipped.end(), name), shipped.end()) << name;
        EXPECT_FALSE(iniVariants().count(name)) << name << " would replace FSF's own";
    }
    EXPECT_GE(variants(false).size(), 8u);
}

std::string testName(const ::testing::TestParamInfo<std::string>& info) {
    std::string s;
    for (char c : info.param) s += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
    return s;
}

INSTANTIATE_TEST_SUITE_P(Compared, FsfOracle, ::testing::ValuesIn(variants(false)), testName);
INSTANTIATE_TEST_SUITE_P(FsfCrashes, FsfOracle, ::testing::ValuesIn(variants(true)), testName);

}  // namespace
