// The game-tree search: iterative deepening, alpha-beta (PVS) with a transposition table, a
// quiescence search on captures, mate scores, time management and a stop flag, and Lazy SMP
// helper threads. It runs in its own thread so that a protocol front end keeps answering while
// it thinks.
//
// The interface (SearchLimits in, SearchInfo while thinking, SearchResult at the end) is what a
// stronger search will keep.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "engine/move.h"
#include "engine/position.h"

namespace timur {

constexpr int kMateScore = 30000;  // mate at the root; mate in n plies scores kMateScore - n
constexpr int kMateBound = 29000;  // |score| above this is a mate score
constexpr int kMaxSearchPly = 96;
constexpr int kMaxThreads = 64;

// What bounds a search. Times are in milliseconds; negative = not given.
struct SearchLimits {
    std::int64_t time[2] = {-1, -1};  // clock left, per colour
    std::int64_t inc[2] = {0, 0};     // increment per move, per colour
    int movesToGo = 0;                // moves to the next time control; 0 = rest of the game
    std::int64_t moveTime = -1;       // exactly this long for the move
    int depth = 0;                    // plies; 0 = no limit
    std::uint64_t nodes = 0;          // 0 = no limit
    int mate = 0;  // moves: until a mate in at most this many is found (a selective search of
                   // twice as many plies may miss it); 0 = no such goal
    bool infinite = false;             // until stopped (analysis)
    bool ponder = false;               // pondering: like infinite until ponderhit()
    std::uint64_t nodesPerSecond = 0;  // XBoard nps: time is counted as nodes / nps
    std::int64_t overhead = 30;        // ms kept back for communication lag (Move Overhead)
    std::int64_t moveLag = 0;          // ms the GUI charges per move beyond the search (measured)
    // The root moves to choose from (a GUI that cannot show some moves); empty = every legal one.
    std::vector<Move> searchMoves;
    int multiPv = 1;              // lines searched and reported (MultiPV), best first
    double skillLevel = 20;       // below 20: weaker moves on purpose (engine/skill.h)
    std::uint64_t skillSeed = 0;  // the Skill's random choices; 0: from the clock
};

// Progress report at the end of each iteration (and for the final result).
struct SearchInfo {
    int depth = 0, seldepth = 0;
    int score = 0;  // centipawns from the side to move's view, or a mate score
    std::uint64_t nodes = 0;
    std::int64_t timeMs = 0;
    std::uint64_t nps = 0;
    int hashfull = 0;  // per mille
    int multiPv = 0;   // which line (1 = best) when several are searched; 0 when only one
    std::vector<Move> pv;
    std::vector<std::string> pvText;  // moveText of each PV move (1-based ranks)

    bool isMate() const { return score > kMateBound || score < -kMateBound; }
    // Moves (not plies) to mate: positive when the side to move mates, negative when mated.
    int mateMoves() const {
        return score > 0 ? (kMateScore - score + 1) / 2 : -(kMateScore + score) / 2;
    }
};

struct SearchResult {
    Move best;    // null when the side to move has no legal move
    Move ponder;  // null when unknown
    std::string bestText, ponderText;
    SearchInfo info;
    bool hasMove() const { return !best.isNull() || !bestText.empty(); }
};

class Search {
  public:
    using InfoCallback = std::function<void(const SearchInfo&)>;
    using DoneCallback = std::function<void(const SearchResult&)>;

    Search();
    ~Search();
    Search(const Search&) = delete;
    Search& operator=(const Search&) = delete;

    // Transposition table size in MiB (cleared).
    void setHashMb(int mb);
    // Search threads (Lazy SMP: helpers share the table with the main thread), 1..kMaxThreads;
    // from the next search on (a running one keeps its threads).
    void setThreads(int n);
    void clearHash();

    // Searches `root` synchronously. Always returns a legal move if one exists.
    SearchResult run(const Position& root, const SearchLimits& limits,
                     const InfoCallback& onInfo = {});

    // Starts run() in a thread; `onDone` is called from that thread with the result. Any search
    // still running is stopped and joined first.
    void start(const Position& root, const SearchLimits& limits, InfoCallback onInfo,
               DoneCallback onDone);
    // Only from inside a DoneCallback: the search thread goes on with this search (XBoard
    // pondering starts as soon as the move is sent, without the input thread). stop() ends it.
    void continueWith(const Position& root, const SearchLimits& limits, InfoCallback onInfo,
                      DoneCallback onDone);
    void stop();       // asks the running search to finish as soon as possible; returns at once
    void wait();       // joins the search thread (after it called onDone)
    void ponderhit();  // a pondering search becomes a normal timed one
    // The same, its time planned again from `fresh` (side us's clock now).
    void ponderhit(const SearchLimits& fresh, Color us);
    bool running() const { return running_; }

    // Live statistics of the running search (for XBoard's stat01).
    std::uint64_t nodes() const { return nodes_.load(std::memory_order_relaxed); }
    int currentDepth() const { return curDepth_.load(std::memory_order_relaxed); }
    std::int64_t elapsedMs() const;

  private:
    struct Job {
        Position root;
        SearchLimits limits;
        InfoCallback onInfo;
        DoneCallback onDone;
    };
    struct Impl;
    std::unique_ptr<Impl> impl_;
    std::thread thread_;
    std::optional<Job> next_;  // set by continueWith, taken by the search thread
    std::atomic<bool> running_{false};
    std::atomic<bool> stopRequested_{false};
    std::atomic<std::uint64_t> nodes_{0};
    std::atomic<int> curDepth_{0};
};

}  // namespace timur
