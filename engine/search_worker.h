// One thread's search (search.cpp) and what all threads of a search share. The lead worker runs
// iterative deepening with the reports and the time checks; helper workers (thread.h) search
// the same root beside it and meet it only in the transposition table.
#pragma once

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "engine/evaluate.h"
#include "engine/movepick.h"
#include "engine/position.h"
#include "engine/rules.h"
#include "engine/search.h"
#include "engine/search_correction.h"
#include "engine/timeman.h"
#include "engine/tt.h"

namespace timur {

class ThreadPool;
class Skill;

// Late-move reductions in plies at `depth` for the moveCount-th move searched (search.cpp).
int lateMoveReduction(int depth, int moveCount);

// Beyond every score: the widest window's bounds.
constexpr int kInfinity = 32000;
// What SearchWorker::repetition (and probCut) answer when they do not end the node.
constexpr int kNoScore = 32001;

// One line of a MultiPV search: a root move's score and principal variation (pv[0] the move).
struct RootLine {
    int score = 0;
    std::vector<Move> pv;
};

// Owned by Search; every worker of a search holds a reference.
struct SearchShared {
    TranspositionTable tt;
    std::atomic<bool> stop{false};
    std::atomic<bool> pondering{false};
    std::atomic<bool> stopOnPonderhit{false};
    TimeManager time;  // the lead's
    // The root moves to choose from (SearchLimits::searchMoves), set by the lead before the
    // helpers start; empty = every legal one.
    std::vector<Move> searchMoves;
    // An infinite or pondering search's answer waits on this for stop or ponderhit.
    std::mutex waitMutex;
    std::condition_variable waitCv;
    ThreadPool* helpers = nullptr;
    // Live statistics that Search publishes to other threads.
    std::atomic<std::uint64_t>* liveNodes = nullptr;
    std::atomic<int>* liveDepth = nullptr;
};

class SearchWorker {
  public:
    // index 0 is the lead; helpers are 1, 2, ...
    SearchWorker(SearchShared& shared, int index);

    // The lead: the whole search with its reports; helpers run beside it meanwhile.
    SearchResult run(const Position& root, const SearchLimits& limits,
                     const Search::InfoCallback& onInfo);
    // A helper: iterative deepening until the lead stops the search.
    void helperSearch(const Position& root, int maxDepth);

    // A helper's node count as of its last check (read by the lead for the totals).
    std::uint64_t publishedNodes() const { return published_.load(std::memory_order_relaxed); }
    void clearHistory() {
        history_.clear();
        pieceToHistory_.clear();
        std::fill(counterMoves_.begin(), counterMoves_.end(), Move{});
        correction_.clear();
    }

  private:
    bool isLead() const { return index_ == 0; }
    std::uint64_t totalNodes() const;
    void checkLimits();
    int terminalScore(const GameEnd& end, int ply) const;
    int repetition(int ply) const;
    bool needsEndTest() const;
    void updatePv(int ply, const Move& m);
    void markCheck(bool check);
    // A move tried at a node: its piece-to index (PieceToHistories) and what it captured.
    struct Tried {
        Move move;
        int pieceTo;
        PieceType victim;
    };
    void updateHistory(Color us, const Tried& best, bool quiet, int depth, int ply);
    OrderingHistory orderingAt(int ply);
    bool enterNode(int ply, bool counted = false);
    // qply: plies into quiescence (0 at its first node).
    // counted: the caller has entered and counted this node (razoring's test).
    int qsearch(int alpha, int beta, int ply, int qply = 0, bool counted = false);
    // cutNode: a node expected to fail high (a zero-window search whose parent expects a fail
    // low).
    int search(int depth, int alpha, int beta, int ply, bool pvNode, bool cutNode,
               bool nullOk = true);
    // The static evaluation corrected by what the search learned (CorrectionHistory), keyed
    // by the pawn-like pieces and each side's first royal (Evaluator::pawnKey). Without the
    // royals, a variant whose pawns seldom move (xiangqi) has one entry for long stretches of a
    // game, a bias for the side to move that stood for nothing in particular.
    int correctedEval(int raw, std::uint64_t structureKey) const {
        return correction_.correct(pos_->sideToMove(), structureKey, raw);
    }
    int probCut(int depth, int raisedBeta, int ply, const Move& ttMove, int staticEv, bool cutNode);
    bool losesExchange(MovePicker& picker, const Move& m);
    SearchInfo makeInfo(int depth, int score, const std::vector<Move>& line, int multiPv = 0) const;
    int rootSearch(MoveList& rootMoves, int first, int depth, int alpha, int beta, Move& iterBest,
                   std::vector<Move>& iterLine);
    void prepare(const Position& root);
    void rootMovesOf(MoveList& rootMoves);
    int iterate(MoveList& rootMoves, int first, int depth, int lastScore, Move& iterBest,
                std::vector<Move>& iterLine);
    // search_lines.cpp: the lines of a MultiPV search (one line: the plain search).
    bool searchLines(MoveList& rootMoves, int depth, std::vector<RootLine>& lines);
    // The first `shown` lines (a Skill may search more than the GUI asked for).
    void reportLines(int depth, const std::vector<RootLine>& lines, int shown,
                     const Search::InfoCallback& onInfo) const;
    static RootLine skillPick(Skill& skill, const std::vector<RootLine>& lines);
    void waitIfInfinite();

    SearchShared& shared_;
    TranspositionTable& tt_;
    std::atomic<bool>& stop_;
    const int index_;
    std::atomic<std::uint64_t> published_{0};

    // Per search.
    SearchLimits limits_;
    bool infinite_ = false;
    std::unique_ptr<Evaluator> eval_;
    std::shared_ptr<const Variant> evalVariant_;
    std::unique_ptr<Position> pos_;
    std::vector<MoveList> lists_;
    std::vector<std::array<int, kMaxMoves>> orderScores_;
    std::vector<Killers> killers_;
    std::vector<int> evals_;  // [ply]: the static evaluation, -kInfinity in check
    ButterflyHistory history_;
    PieceToHistories pieceToHistory_;  // continuation and capture histories
    CorrectionHistory correction_;     // the evaluation's bias by pawns and royals
    std::vector<Move> excluded_;       // [ply]: the move a singular test leaves out, or null
    std::vector<int> pieceTo_;         // [ply]: the piece-to index of the move made there, or -1
    std::vector<std::uint8_t> quietMade_;  // [ply]: the main search made a quiet move there
    std::vector<Move> counterMoves_;       // [piece-to of the move before]: its counter move
    std::vector<std::vector<Move>> pv_;
    std::vector<int> pvLen_;
    std::vector<std::uint8_t> checks_;  // per history index: the side to move was in check
    std::vector<Tried> quietsTried_[kMaxSearchPly + 2];
    std::vector<Tried> capturesTried_[kMaxSearchPly + 2];
    std::uint64_t nodes_ = 0;
    int seldepth_ = 0;
    int rootDepth_ = 0;
    int rootIndex_ = 0;  // hashHistory().size() at the root
    bool nullAllowed_ = true;
    bool zugzwangProne_ = false;
    bool bareRule_ = false;
    bool lazyLegality_ = true;
    bool legalQuiescence_ =
        false;  // quiescence takes the legal moves (generateLegal only has some)
};

}  // namespace timur
