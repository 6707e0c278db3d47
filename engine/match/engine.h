// The runner's side of an engine: its configuration, and a driver per protocol (UCI in
// engine_uci.cpp, XBoard in engine_xboard.cpp) over an EngineProcess. Drivers speak Timur's move
// text to the referee (1-based ranks, engine/movegen.h) and the engine's own convention on the
// pipe (XBoard: 0-based ranks on boards of exactly 10 ranks).
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "engine/match/clock.h"
#include "engine/match/process.h"
#include "engine/variant.h"

namespace timur::match {

struct EngineConfig {
    std::string name;
    std::string command;
    std::string protocol = "uci";  // "uci" or "xboard"
    std::string workdir;           // dir=
    std::string stderrFile;        // stderr=
    std::string variantName;       // variant=: the engine's name for the variant (default: ours,
                                   // XBoard's for XBoard engines)
    std::vector<std::pair<std::string, std::string>> options;  // option.NAME=VALUE, in order
    // Search limits on top of the clock, which still runs (0: none). nodes=: UCI ` nodes N` on
    // every go (CECP has no node limit); depth=: UCI ` depth N` on every go, XBoard `sd N`.
    std::int64_t nodes = 0;
    int depth = 0;
};

// "name=N,cmd=COMMAND[,proto=uci|xboard][,option.NAME=VALUE][,dir=D][,stderr=F][,variant=V]
// [,nodes=N][,depth=N]". A comma splits only before a known key, so commands may contain commas.
// Throws std::invalid_argument.
EngineConfig parseEngineSpec(const std::string& text);

// An engine's search limits as its spec gives them ("nodes=20000 depth=3"), or empty.
std::string limitsText(const EngineConfig& config);

// What a game tells an engine at its start.
struct GameSetup {
    std::shared_ptr<const Variant> variant;
    std::string startFen;      // where the game starts
    bool variantStart = true;  // startFen is the variant's own start position
    TimeControl tc;
};

// Clocks when an engine is asked for a move.
struct ThinkTimes {
    std::int64_t whiteMs = 0, blackMs = 0, whiteIncMs = 0, blackIncMs = 0;
    int movesToGo = 0;
};

struct EngineReply {
    enum Kind {
        Move,        // `move` holds Timur's text of the engine's move
        Resign,      // the engine resigned
        Claim,       // the engine claimed a result instead of moving (`claim`)
        Rejected,    // the engine called one of our (legal) moves, or our position, illegal
        Timeout,     // no answer within the wait
        Disconnect,  // the engine exited or closed its output
    } kind = Timeout;
    std::string move;          // Timur's text
    std::string raw;           // the engine's text (move, claim line, rejected move)
    std::string claim;         // "1-0", "0-1", "1/2-1/2"
    std::optional<int> score;  // last score it reported, centipawns from its own side
    std::int64_t elapsedMs = 0;
};

class EngineError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

class EngineDriver {
  public:
    static std::unique_ptr<EngineDriver> create(const EngineConfig& config);
    virtual ~EngineDriver() = default;

    const EngineConfig& config() const { return config_; }
    const std::string& name() const { return config_.name; }
    // Writes the dialogue to stderr, each line prefixed with the number of the game it belongs
    // to (once a game has begun; games may run side by side) and the engine's name.
    void setDebug(bool on);
    // The game the engine plays from now on (1-based), for the dialogue's prefix.
    void setGame(int number) { game_->store(number, std::memory_order_relaxed); }

    // Starts the process (again, if it was running) and does the handshake; throws EngineError.
    virtual void start() = 0;
    // Whether the process is running and answered everything so far.
    bool healthy() { return healthy_ && process_.running(); }
    // Prepares a new game: variant, position, time control, then synchronises (isready / ping).
    // Throws EngineError when the engine cannot play it (unknown variant, no answer).
    virtual void newGame(const GameSetup& setup) = 0;
    // Asks for a move in the position after `moves` (Timur's text, from setup.startFen), with
    // the engine to move; waits at most waitMs.
    virtual EngineReply think(const std::vector<std::string>& moves, const ThinkTimes& times,
                              int waitMs) = 0;
    // The game is over (result "1-0" etc. and the reason), or was abandoned.
    virtual void gameOver(const std::string& result, const std::string& reason) = 0;
    // Asks the engine to quit, then makes sure it is gone.
    // Both protocols end with the same `quit` line; an engine that does not exit is killed.
    void quit() {
        if (process_.running()) {
            send("quit");
            process_.stop(1000);
        } else {
            process_.kill();
        }
        healthy_ = false;
    }

  protected:
    explicit EngineDriver(EngineConfig config) : config_(std::move(config)) {}
    void launch();  // starts the process
    // Reads a line within the deadline; Eof and Timeout as EngineProcess.
    EngineProcess::ReadStatus read(std::string& line, int timeoutMs) {
        return process_.readLine(line, timeoutMs);
    }
    void send(const std::string& line) { process_.writeLine(line); }

    EngineConfig config_;
    EngineProcess process_;
    bool healthy_ = false;
    bool debug_ = false;
    // Shared with the trace, which the process may call from its reader.
    std::shared_ptr<std::atomic<int>> game_ = std::make_shared<std::atomic<int>>(0);

    static constexpr int kStartTimeoutMs = 10000;  // handshake
    static constexpr int kSyncTimeoutMs = 5000;    // isready / ping at a game's start
};

}  // namespace timur::match
