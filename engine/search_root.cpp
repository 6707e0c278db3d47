// The root of the search: each thread's preparation, the root moves, iterative deepening with
// an aspiration window, the root's own PVS, when to stop (the clock, the best move's stability,
// mate found) and what is reported. The tree below the root is engine/search.cpp.
#include <algorithm>
#include <optional>

#include "engine/movegen.h"
#include "engine/search_worker.h"
#include "engine/skill.h"
#include "engine/thread.h"

namespace timur {

SearchInfo SearchWorker::makeInfo(int depth, int score, const std::vector<Move>& line,
                                  int multiPv) const {
    SearchInfo info;
    info.depth = depth;
    info.multiPv = multiPv;
    info.seldepth = std::max(seldepth_, depth);
    info.score = score;
    info.nodes = totalNodes();
    info.timeMs = shared_.time.elapsed(nodes_);
    info.nps = info.timeMs > 0 ? info.nodes * 1000 / std::uint64_t(info.timeMs) : info.nodes * 1000;
    info.hashfull = tt_.hashfull();
    // Only legal moves go into the PV.
    Position p = *pos_;
    for (const Move& m : line) {
        MoveList legal;
        generateLegal(p, legal);
        if (std::find(legal.begin(), legal.end(), m) == legal.end()) break;
        info.pv.push_back(m);
        info.pvText.push_back(moveText(p, m));
        p.makeMove(m);
    }
    return info;
}

// One iteration at the root within (alpha, beta): PVS over the root moves from index `first` on
// (MultiPV: the ones before belong to better lines) in their order, the best moved to `first`.
// Sets iterBest/iterLine when a move raised alpha.
int SearchWorker::rootSearch(MoveList& rootMoves, int first, int depth, int alpha, int beta,
                             Move& iterBest, std::vector<Move>& iterLine) {
    int best = -kInfinity;
    bool check = inCheck(*pos_);
    markCheck(check);
    evals_[0] = check ? -kInfinity : correctedEval(eval_->evaluate(*pos_), eval_->pawnKey(*pos_));
    for (int i = first; i < rootMoves.size; ++i) {
        Move m = rootMoves[i];
        pieceTo_[0] = pieceToHistory_.pieceTo(pos_->sideToMove(), movedType(*pos_, m), m.to);
        bool quiet = !isCaptureOrPromotion(*pos_, m);
        quietMade_[0] = quiet;
        pos_->makeMove(m);
        int score;
        if (i == first) {
            score = -search(depth - 1, -beta, -alpha, 1, true, false);
        } else {
            // Late-move reductions, as below the root but one ply less (a PV node): the quiet
            // root moves from the fifth on, that neither evade nor give check.
            int moveCount = i - first + 1, r = 0;
            if (depth >= 3 && quiet && !check && moveCount > 4 && !inCheck(*pos_))
                r = std::clamp(lateMoveReduction(depth, moveCount) - 1, 0, depth - 2);
            score = -search(depth - 1 - r, -alpha - 1, -alpha, 1, false, true);
            if (r > 0 && score > alpha && !stop_)
                score = -search(depth - 1, -alpha - 1, -alpha, 1, false, true);
            if (score > alpha && score < beta && !stop_)
                score = -search(depth - 1, -beta, -alpha, 1, true, false);
        }
        pos_->unmakeMove();
        if (stop_) break;
        if (score > best) {
            best = score;
            if (score > alpha) {
                iterBest = m;
                iterLine.assign(1, m);
                for (int k = 0; k < pvLen_[1]; ++k) iterLine.push_back(pv_[1][k]);
                alpha = score;
                std::rotate(rootMoves.moves + first, rootMoves.moves + i, rootMoves.moves + i + 1);
                if (alpha >= beta) break;
            }
        }
    }
    return best;
}

// What every thread does before its first iteration: its own copy of the root, evaluator
// and rule flags, and heuristics aged from the last search.
void SearchWorker::prepare(const Position& root) {
    nodes_ = 0;
    seldepth_ = 0;
    published_.store(0, std::memory_order_relaxed);
    pos_ = std::make_unique<Position>(root);
    if (!eval_ || evalVariant_ != root.variantPtr()) {
        evalVariant_ = root.variantPtr();
        eval_ = std::make_unique<Evaluator>(evalVariant_);
        pieceToHistory_.resize(root.info().typeCount, root.board().squareCount());
        counterMoves_.assign(size_t(2 * root.info().typeCount * root.board().squareCount()),
                             Move{});
    }
    const Rules& rules = root.variant().rules;
    // Passing makes no sense when a side must move out of zugzwang to win or not lose:
    // verify null-move cuts where stalemate or baring decides.
    zugzwangProne_ = rules.stalemate != Outcome::Draw || rules.bareRoyal.has_value();
    nullAllowed_ = true;
    bareRule_ = rules.bareRoyal.has_value();
    lazyLegality_ = rules.placements.empty() && !rules.swap && !root.info().inPlacePromotions &&
                    !rules.mustDrop;
    // Promotions in place and the duty to drop come from generateLegal only.
    legalQuiescence_ = root.info().inPlacePromotions || rules.mustDrop;
    rootIndex_ = int(root.hashHistory().size());
    // Which earlier positions had the side to move in check (perpetual check).
    checks_.assign(rootIndex_ + kMaxSearchPly + 4, 0);
    if (rules.perpetualCheckLoses) {
        Position p = root;
        int back = std::min(p.halfmoveClock(), rootIndex_);
        for (int k = rootIndex_; k >= rootIndex_ - back && k >= 0; --k) {
            checks_[k] = inCheck(p);
            if (k > 0 && k > rootIndex_ - back) p.unmakeMove();
        }
    }
    for (auto& k : killers_) k = {};
    history_.age();
    pieceToHistory_.age();
}

// The legal root moves in the picker's order: the table's move, captures by gain, quiet moves
// by history, probably-losing captures.
// The legal root moves (those of SearchLimits::searchMoves only, if it names any legal one), the
// table's move first.
void SearchWorker::rootMovesOf(MoveList& rootMoves) {
    MoveList& legal = lists_[0];
    generateLegal(*pos_, legal);
    if (const auto& only = shared_.searchMoves; !only.empty()) {
        int kept = 0;
        for (int i = 0; i < legal.size; ++i)
            if (std::find(only.begin(), only.end(), legal[i]) != only.end())
                legal[kept++] = legal[i];
        if (kept > 0) legal.size = kept;
    }
    TTEntry* e = tt_.probe(pos_->hash());
    OrderingHistory ordering = orderingAt(0);
    MovePicker picker(*pos_, *eval_, ordering, legal, orderScores_[0].data(),
                      MovePicker::Source::Given, e ? e->move : Move{}, killers_[0]);
    rootMoves.size = 0;
    for (Move m; !(m = picker.next()).isNull();) rootMoves.push(m);
}

// One iteration with an aspiration window around the last score, widened on failure.
// iterBest/iterLine: the best move and line found, null if none raised alpha (or the
// iteration failed low and was stopped before the re-search).
int SearchWorker::iterate(MoveList& rootMoves, int first, int depth, int lastScore, Move& iterBest,
                          std::vector<Move>& iterLine) {
    rootDepth_ = depth;
    int score;
    int delta = 30;
    int alpha = -kInfinity, beta = kInfinity;
    if (depth >= 5 && std::abs(lastScore) < kMateBound) {
        alpha = std::max(lastScore - delta, -kInfinity);
        beta = std::min(lastScore + delta, kInfinity);
    }
    while (true) {
        Move b;
        std::vector<Move> line;
        score = rootSearch(rootMoves, first, depth, alpha, beta, b, line);
        // A fail high still found a better move than the old best.
        if (!b.isNull()) {
            iterBest = b;
            iterLine = line;
        }
        if (stop_) break;
        if (score <= alpha && alpha > -kInfinity) {
            beta = (alpha + beta) / 2;
            alpha = std::max(score - delta, -kInfinity);
            iterBest = Move{};
        } else if (score >= beta && beta < kInfinity) {
            beta = std::min(score + delta, kInfinity);
        } else {
            break;
        }
        delta += delta;
        if (delta > 1000) alpha = -kInfinity, beta = kInfinity;
    }
    return score;
}

// A helper thread: iterative deepening until the lead stops, every other helper one ply
// ahead so that the threads do not all search the same tree in step.
void SearchWorker::helperSearch(const Position& root, int maxDepth) {
    prepare(root);
    MoveList rootMoves;
    rootMovesOf(rootMoves);
    if (rootMoves.size == 0) return;
    int lastScore = 0;
    for (int depth = 1 + index_ % 2; depth <= maxDepth && !stop_; ++depth) {
        Move iterBest;
        std::vector<Move> iterLine;
        int score = iterate(rootMoves, 0, depth, lastScore, iterBest, iterLine);
        if (!stop_) lastScore = score;
    }
    published_.store(nodes_, std::memory_order_relaxed);
}

SearchResult SearchWorker::run(const Position& root, const SearchLimits& lim,
                               const Search::InfoCallback& onInfo) {
    ThreadPool& helpers = *shared_.helpers;
    helpers.resize();
    limits_ = lim;
    infinite_ = lim.infinite;
    shared_.searchMoves = lim.searchMoves;
    tt_.allocate();
    tt_.newSearch();
    shared_.time.start(lim, root.sideToMove(),
                       int((root.occupied(White) | root.occupied(Black)).count()));
    *shared_.liveNodes = 0;
    *shared_.liveDepth = 0;
    prepare(root);

    SearchResult result;
    MoveList rootMoves;
    rootMovesOf(rootMoves);
    if (rootMoves.size == 0) {
        GameEnd end = gameEnd(*pos_, rootMoves);
        result.info = makeInfo(0, end.over() ? terminalScore(end, 0) : 0, {});
        waitIfInfinite();
        return result;
    }
    // MultiPV: lines[k] is the k-th best root move's line; one line is the plain search. A
    // Skill below full chooses among at least Skill::kLines lines, at its depth.
    Skill skill(lim.skillLevel, lim.skillSeed);
    int wanted = std::max(lim.multiPv, skill.enabled() ? Skill::kLines : 1);
    std::vector<RootLine> lines(size_t(std::clamp(wanted, 1, rootMoves.size)));
    lines[0].pv.assign(1, rootMoves[0]);
    std::vector<RootLine> complete;  // the last complete iteration's lines (Skill)
    std::optional<RootLine> picked;  // the Skill's choice
    int maxDepth = lim.depth > 0 ? std::min(lim.depth, kMaxSearchPly - 2) : kMaxSearchPly - 2;
    int completed = 0;
    Move lastBest;
    int stable = 0, lastScore = 0;
    {
        HelpersRunning running(helpers, root, maxDepth);
        for (int depth = 1; depth <= maxDepth; ++depth) {
            *shared_.liveDepth = depth;
            if (!searchLines(rootMoves, depth, lines)) break;
            completed = depth;
            if (onInfo) reportLines(depth, lines, std::max(lim.multiPv, 1), onInfo);
            // The Skill chooses once, at its depth, and its move does not change after that.
            bool skillDone = false;
            if (skill.enabled()) {
                complete = lines;
                if (!picked && depth >= skill.pickDepth()) picked = skillPick(skill, lines);
                skillDone = picked.has_value();
            }
            if (infinite_) continue;
            int bestScore = lines[0].score;
            // Time: how long the best move has stood, and how far the score fell.
            stable = depth > 1 && lines[0].pv[0] == lastBest ? stable + 1 : 0;
            lastBest = lines[0].pv[0];
            int scoreDrop =
                depth > 1 && std::abs(bestScore) < kMateBound ? lastScore - bestScore : 0;
            lastScore = bestScore;
            bool enough = skillDone ||
                          (std::abs(bestScore) > kMateBound &&
                           depth >= kMateScore - std::abs(bestScore) + 1) ||
                          (lim.mate && bestScore > kMateBound &&
                           kMateScore - bestScore <= 2 * lim.mate - 1) ||
                          shared_.time.enoughAfterIteration(
                              nodes_, rootMoves.size, TimeManager::rootScale(stable, scoreDrop));
            // A pondering search that would have stopped by now moves at once on ponderhit.
            if (shared_.pondering) {
                if (enough) shared_.stopOnPonderhit = true;
                continue;
            }
            if (enough) break;
            if (lim.nodes && totalNodes() >= lim.nodes) break;
        }
        if (skill.enabled() && !picked && !complete.empty()) picked = skillPick(skill, complete);
        const RootLine& chosen = picked ? *picked : lines[0];
        result.best = chosen.pv[0];
        result.bestText = moveText(*pos_, result.best);
        result.info = makeInfo(std::max(completed, 1), chosen.score, chosen.pv);
        if (result.info.pv.size() >= 2) {
            result.ponder = result.info.pv[1];
            result.ponderText = result.info.pvText[1];
        }
        // The answer of an infinite or pondering search waits for stop or ponderhit; the
        // helpers search on meanwhile.
        waitIfInfinite();
    }
    *shared_.liveNodes = totalNodes();
    return result;
}

// UCI: with `go infinite` or `go ponder` the answer waits for stop (or ponderhit).
void SearchWorker::waitIfInfinite() {
    std::unique_lock lock(shared_.waitMutex);
    shared_.waitCv.wait(lock,
                        [&] { return stop_.load() || (!infinite_ && !shared_.pondering.load()); });
}

}  // namespace timur
