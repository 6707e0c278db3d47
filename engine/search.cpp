#include "engine/search.h"

#include <algorithm>
#include <cstring>

#include "engine/evaluate.h"
#include "engine/movegen.h"
#include "engine/rules.h"

namespace timur {

namespace {

using Clock = std::chrono::steady_clock;

constexpr int kInfinity = 32000;

enum Bound : std::uint8_t { kBoundNone = 0, kBoundUpper = 1, kBoundLower = 2, kBoundExact = 3 };

struct TTEntry {
    std::uint64_t key = 0;
    Move move;
    std::int16_t score = 0;
    std::int8_t depth = 0;
    std::uint8_t bound = kBoundNone;
    std::uint8_t age = 0;
};

// Mate scores are stored relative to the node, not the root.
int scoreToTT(int s, int ply) {
    if (s > kMateBound) return s + ply;
    if (s < -kMateBound) return s - ply;
    return s;
}
int scoreFromTT(int s, int ply) {
    if (s > kMateBound) return s - ply;
    if (s < -kMateBound) return s + ply;
    return s;
}

bool isCapture(const Position& pos, const Move& m) {
    switch (m.kind) {
        case MoveKind::EnPassant:
            return true;
        case MoveKind::Normal:
            return m.victimCount() > 0 ||
                   (pos.at(m.to) != kNoPiece && colorOf(pos.at(m.to)) != pos.sideToMove());
        default:
            return false;
    }
}

bool isPromotion(const Move& m) {
    return m.kind != MoveKind::Drop && m.promo != kNoPieceType;
}

}  // namespace

struct Search::Impl {
    Search& owner;
    std::vector<TTEntry> tt;
    std::uint8_t age = 0;

    std::atomic<bool> stop{false};
    std::atomic<bool> pondering{false};
    std::atomic<std::int64_t> startNs{0};
    std::atomic<std::uint64_t> npsShared{0};
    std::mutex waitMutex;
    std::condition_variable waitCv;

    // Per search.
    SearchLimits limits;
    bool infinite = false;
    std::int64_t optimum = -1, maximum = -1;  // ms; -1 = no time limit
    std::unique_ptr<Evaluator> eval;
    std::shared_ptr<const Variant> evalVariant;
    std::unique_ptr<Position> pos;
    std::vector<MoveList> lists;
    std::vector<std::array<int, kMaxMoves>> orderScores;
    std::vector<std::array<Move, 2>> killers;
    std::vector<int> history;  // [from * kMaxSquares + to]
    std::vector<std::vector<Move>> pv;
    std::vector<int> pvLen;
    std::uint64_t nodes = 0;
    int seldepth = 0;
    int rootDepth = 0;
    bool drawByRepetition = true;

    explicit Impl(Search& o) : owner(o) {
        resize(16);
        lists.resize(kMaxSearchPly + 2);
        orderScores.resize(kMaxSearchPly + 2);
        killers.resize(kMaxSearchPly + 2);
        history.assign(kMaxSquares * kMaxSquares, 0);
        pv.assign(kMaxSearchPly + 2, std::vector<Move>(kMaxSearchPly + 2));
        pvLen.assign(kMaxSearchPly + 2, 0);
    }

    void resize(int mb) {
        size_t n = size_t(std::max(1, mb)) * 1024 * 1024 / sizeof(TTEntry);
        size_t p = 1;
        while (p * 2 <= n) p *= 2;
        tt.assign(p, TTEntry{});
    }

    TTEntry& slot(std::uint64_t key) { return tt[key & (tt.size() - 1)]; }

    std::int64_t elapsed() const {
        if (limits.nodesPerSecond) return std::int64_t(nodes * 1000 / limits.nodesPerSecond);
        auto now = Clock::now().time_since_epoch();
        return (std::chrono::duration_cast<std::chrono::nanoseconds>(now).count() - startNs) /
               1000000;
    }

    void checkLimits() {
        owner.nodes_.store(nodes, std::memory_order_relaxed);
        if (limits.nodes && nodes >= limits.nodes) stop = true;
        if (!infinite && !pondering && maximum >= 0 && elapsed() >= maximum) stop = true;
    }

    void planTime(Color us) {
        optimum = maximum = -1;
        if (limits.moveTime >= 0) {
            optimum = maximum = std::max<std::int64_t>(1, limits.moveTime - limits.overhead);
            return;
        }
        if (limits.time[us] < 0) return;
        std::int64_t t = limits.time[us], inc = std::max<std::int64_t>(0, limits.inc[us]);
        int mtg = limits.movesToGo > 0 ? std::min(limits.movesToGo, 40) : 30;
        std::int64_t opt = t / (mtg + 2) + inc * 3 / 4;
        std::int64_t max = std::min(opt * 4, t / 3 + inc * 3 / 4);
        std::int64_t cap = std::max<std::int64_t>(1, t - limits.overhead - 20);
        if (t < 4 * limits.overhead) cap = std::max<std::int64_t>(1, t / 8);
        optimum = std::clamp<std::int64_t>(opt, 1, cap);
        maximum = std::clamp<std::int64_t>(max, optimum, cap);
    }

    int terminalScore(const GameEnd& end, int ply) const {
        if (end.result == GameResult::Draw) return 0;
        bool whiteWins = end.result == GameResult::WhiteWins;
        bool weWin = whiteWins == (pos->sideToMove() == White);
        return weWin ? kMateScore - ply : -(kMateScore - ply);
    }

    // A repetition of a position since the last irreversible move: scored as a draw inside the
    // tree (the rules' own n-fold count is applied by gameEnd).
    bool repeated() const {
        if (!drawByRepetition) return false;
        const auto& h = pos->hashHistory();
        int n = int(h.size());
        int back = std::min(pos->halfmoveClock(), n);
        for (int i = n - 2; i >= n - back && i >= 0; i -= 2)
            if (h[i] == pos->hash()) return true;
        return false;
    }

    void orderMoves(MoveList& moves, int ply, const Move& ttMove) {
        auto& sc = orderScores[ply];
        for (int i = 0; i < moves.size; ++i) {
            const Move& m = moves[i];
            int s;
            if (m == ttMove)
                s = 1 << 30;
            else if (isCapture(*pos, m) || isPromotion(m)) {
                Piece mover = m.kind == MoveKind::Drop ? kNoPiece : pos->at(m.from);
                int attacker = mover != kNoPiece ? eval->value(typeOf(mover)) : 0;
                s = (1 << 28) + eval->gain(*pos, m) * 16 - attacker / 16;
            } else if (m == killers[ply][0])
                s = (1 << 27);
            else if (m == killers[ply][1])
                s = (1 << 27) - 1;
            else
                s = std::min(history[m.from * kMaxSquares + m.to], (1 << 26));
            sc[i] = s;
        }
    }

    // Moves the best-scored remaining move to index i.
    void pick(MoveList& moves, int ply, int i) {
        auto& sc = orderScores[ply];
        int best = i;
        for (int j = i + 1; j < moves.size; ++j)
            if (sc[j] > sc[best]) best = j;
        if (best != i) {
            std::swap(moves[i], moves[best]);
            std::swap(sc[i], sc[best]);
        }
    }

    void updatePv(int ply, const Move& m) {
        pv[ply][0] = m;
        int n = std::min(pvLen[ply + 1], kMaxSearchPly - 1);
        for (int i = 0; i < n; ++i) pv[ply][i + 1] = pv[ply + 1][i];
        pvLen[ply] = n + 1;
    }

    int qsearch(int alpha, int beta, int ply) {
        pvLen[ply] = 0;
        if (stop) return 0;
        if ((++nodes & 511) == 0) checkLimits();
        seldepth = std::max(seldepth, ply);
        MoveList& moves = lists[ply];
        generateLegal(*pos, moves);
        GameEnd end = gameEnd(*pos, moves);
        if (end.over()) return terminalScore(end, ply);
        int standPat = eval->evaluate(*pos);
        if (ply >= kMaxSearchPly - 1) return standPat;
        if (standPat >= beta) return standPat;
        int best = standPat;
        if (standPat > alpha) alpha = standPat;
        // Keep only captures and promotions.
        int n = 0;
        for (int i = 0; i < moves.size; ++i)
            if (isCapture(*pos, moves[i]) || isPromotion(moves[i])) moves[n++] = moves[i];
        moves.size = n;
        orderMoves(moves, ply, Move{});
        for (int i = 0; i < moves.size; ++i) {
            pick(moves, ply, i);
            Move m = moves[i];
            pos->makeMove(m);
            int score = -qsearch(-beta, -alpha, ply + 1);
            pos->unmakeMove();
            if (stop) return 0;
            if (score > best) {
                best = score;
                if (score > alpha) {
                    alpha = score;
                    updatePv(ply, m);
                    if (alpha >= beta) break;
                }
            }
        }
        return best;
    }

    int search(int depth, int alpha, int beta, int ply, bool pvNode) {
        pvLen[ply] = 0;
        if (stop) return 0;
        if ((++nodes & 511) == 0) checkLimits();
        seldepth = std::max(seldepth, ply);
        MoveList& moves = lists[ply];
        generateLegal(*pos, moves);
        GameEnd end = gameEnd(*pos, moves);
        if (end.over()) return terminalScore(end, ply);
        if (repeated()) return 0;
        if (ply >= kMaxSearchPly - 1) return eval->evaluate(*pos);
        // Mate distance pruning.
        alpha = std::max(alpha, -(kMateScore - ply));
        beta = std::min(beta, kMateScore - ply - 1);
        if (alpha >= beta) return alpha;

        bool check = inCheck(*pos);
        if (check && ply < 2 * rootDepth) ++depth;
        if (depth <= 0) return qsearch(alpha, beta, ply);

        TTEntry& e = slot(pos->hash());
        Move ttMove;
        if (e.key == pos->hash() && e.bound != kBoundNone) {
            ttMove = e.move;
            if (!pvNode && e.depth >= depth) {
                int s = scoreFromTT(e.score, ply);
                if (e.bound == kBoundExact || (e.bound == kBoundLower && s >= beta) ||
                    (e.bound == kBoundUpper && s <= alpha))
                    return s;
            }
        }

        int alphaOrig = alpha;
        int best = -kInfinity;
        Move bestMove;
        orderMoves(moves, ply, ttMove);
        for (int i = 0; i < moves.size; ++i) {
            pick(moves, ply, i);
            Move m = moves[i];
            bool quiet = !isCapture(*pos, m) && !isPromotion(m);
            pos->makeMove(m);
            int score;
            if (i == 0) {
                score = -search(depth - 1, -beta, -alpha, ply + 1, pvNode);
            } else {
                score = -search(depth - 1, -alpha - 1, -alpha, ply + 1, false);
                if (score > alpha && score < beta && !stop)
                    score = -search(depth - 1, -beta, -alpha, ply + 1, true);
            }
            pos->unmakeMove();
            if (stop) return 0;
            if (score > best) {
                best = score;
                bestMove = m;
                if (score > alpha) {
                    alpha = score;
                    updatePv(ply, m);
                    if (alpha >= beta) {
                        if (quiet) {
                            if (!(killers[ply][0] == m)) {
                                killers[ply][1] = killers[ply][0];
                                killers[ply][0] = m;
                            }
                            history[m.from * kMaxSquares + m.to] += depth * depth;
                        }
                        break;
                    }
                }
            }
        }
        Bound bound = best >= beta ? kBoundLower : best > alphaOrig ? kBoundExact : kBoundUpper;
        if (e.key != pos->hash() || depth >= e.depth || e.age != age) {
            e.key = pos->hash();
            e.move = bestMove;
            e.score = std::int16_t(scoreToTT(best, ply));
            e.depth = std::int8_t(std::min(depth, 127));
            e.bound = bound;
            e.age = age;
        }
        return best;
    }

    int hashfull() const {
        size_t n = std::min<size_t>(1000, tt.size()), used = 0;
        for (size_t i = 0; i < n; ++i)
            if (tt[i].bound != kBoundNone && tt[i].age == age) ++used;
        return int(used * 1000 / std::max<size_t>(1, n));
    }

    SearchInfo makeInfo(int depth, int score, const std::vector<Move>& line) const {
        SearchInfo info;
        info.depth = depth;
        info.seldepth = std::max(seldepth, depth);
        info.score = score;
        info.nodes = nodes;
        info.timeMs = elapsed();
        info.nps = info.timeMs > 0 ? nodes * 1000 / std::uint64_t(info.timeMs) : nodes * 1000;
        info.hashfull = hashfull();
        // Only legal moves go into the PV.
        Position p = *pos;
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

    SearchResult run(const Position& root, const SearchLimits& lim, const InfoCallback& onInfo) {
        limits = lim;
        npsShared = lim.nodesPerSecond;
        infinite = lim.infinite;
        pondering = lim.ponder;
        startNs =
            std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now().time_since_epoch())
                .count();
        nodes = 0;
        seldepth = 0;
        owner.nodes_ = 0;
        owner.curDepth_ = 0;
        ++age;
        pos = std::make_unique<Position>(root);
        if (!eval || evalVariant != root.variantPtr()) {
            evalVariant = root.variantPtr();
            eval = std::make_unique<Evaluator>(evalVariant);
        }
        const Rules& rules = root.variant().rules;
        drawByRepetition = rules.repetitionCount > 0 && rules.repetition == Outcome::Draw &&
                           !rules.perpetualCheckLoses;
        for (auto& k : killers) k = {Move{}, Move{}};
        for (int& h : history) h /= 8;
        planTime(root.sideToMove());

        SearchResult result;
        MoveList rootMoves;
        generateLegal(*pos, rootMoves);
        if (rootMoves.size == 0) {
            GameEnd end = gameEnd(*pos, rootMoves);
            result.info = makeInfo(0, end.over() ? terminalScore(end, 0) : 0, {});
            waitIfInfinite();
            return result;
        }
        // Initial order: the transposition table's move, then captures by gain.
        {
            TTEntry& e = slot(pos->hash());
            Move ttMove = e.key == pos->hash() ? e.move : Move{};
            orderMoves(rootMoves, 0, ttMove);
            for (int i = 0; i < rootMoves.size; ++i) pick(rootMoves, 0, i);
        }
        Move best = rootMoves[0];
        int bestScore = 0;
        std::vector<Move> bestLine{best};
        int maxDepth = lim.depth > 0 ? std::min(lim.depth, kMaxSearchPly - 2) : kMaxSearchPly - 2;
        bool timed = optimum >= 0 || lim.nodesPerSecond;
        int completed = 0;
        for (int depth = 1; depth <= maxDepth; ++depth) {
            rootDepth = depth;
            owner.curDepth_ = depth;
            int alpha = -kInfinity, beta = kInfinity;
            Move iterBest;
            int iterScore = -kInfinity;
            std::vector<Move> iterLine;
            for (int i = 0; i < rootMoves.size; ++i) {
                Move m = rootMoves[i];
                pos->makeMove(m);
                int score;
                if (i == 0) {
                    score = -search(depth - 1, -beta, -alpha, 1, true);
                } else {
                    score = -search(depth - 1, -alpha - 1, -alpha, 1, false);
                    if (score > alpha && !stop) score = -search(depth - 1, -beta, -alpha, 1, true);
                }
                pos->unmakeMove();
                if (stop) break;
                if (score > iterScore) {
                    iterScore = score;
                    iterBest = m;
                    iterLine.assign(1, m);
                    for (int k = 0; k < pvLen[1]; ++k) iterLine.push_back(pv[1][k]);
                    if (score > alpha) alpha = score;
                    // Keep the best move first for the next iteration.
                    std::rotate(rootMoves.moves, rootMoves.moves + i, rootMoves.moves + i + 1);
                }
            }
            // A partial iteration's best is kept too: the previous best move is searched first,
            // so any other move chosen here was proved better at this depth.
            if (!iterBest.isNull()) {
                best = iterBest;
                bestScore = iterScore;
                bestLine = iterLine;
            }
            if (stop) break;
            completed = depth;
            if (onInfo) onInfo(makeInfo(depth, bestScore, bestLine));
            if (infinite || pondering) continue;
            if (std::abs(bestScore) > kMateBound && depth >= kMateScore - std::abs(bestScore) + 1)
                break;
            if (timed && rootMoves.size == 1) break;
            if (optimum >= 0 && elapsed() >= optimum * 6 / 10) break;
            if (lim.nodes && nodes >= lim.nodes) break;
        }
        owner.nodes_ = nodes;
        result.best = best;
        result.bestText = moveText(*pos, best);
        result.info = makeInfo(std::max(completed, 1), bestScore, bestLine);
        if (result.info.pv.size() >= 2) {
            result.ponder = result.info.pv[1];
            result.ponderText = result.info.pvText[1];
        }
        waitIfInfinite();
        return result;
    }

    // UCI: with `go infinite` or `go ponder` the answer waits for stop (or ponderhit).
    void waitIfInfinite() {
        std::unique_lock lock(waitMutex);
        waitCv.wait(lock, [&] { return stop.load() || (!infinite && !pondering.load()); });
    }
};

Search::Search() : impl_(std::make_unique<Impl>(*this)) {}

Search::~Search() {
    stop();
    wait();
}

void Search::setHashMb(int mb) {
    wait();
    impl_->resize(mb);
}

void Search::clearHash() {
    wait();
    std::fill(impl_->tt.begin(), impl_->tt.end(), TTEntry{});
}

SearchResult Search::run(const Position& root, const SearchLimits& limits,
                         const InfoCallback& onInfo) {
    impl_->stop = false;
    return impl_->run(root, limits, onInfo);
}

void Search::start(const Position& root, const SearchLimits& limits, InfoCallback onInfo,
                   DoneCallback onDone) {
    stop();
    wait();
    impl_->stop = false;
    impl_->pondering = limits.ponder;
    running_ = true;
    Position copy = root;
    thread_ = std::thread([this, copy = std::move(copy), limits, onInfo = std::move(onInfo),
                           onDone = std::move(onDone)]() {
        SearchResult r = impl_->run(copy, limits, onInfo);
        if (onDone) onDone(r);
        running_ = false;
    });
}

void Search::stop() {
    impl_->stop = true;
    std::lock_guard lock(impl_->waitMutex);
    impl_->waitCv.notify_all();
}

void Search::wait() {
    if (thread_.joinable() && thread_.get_id() != std::this_thread::get_id()) thread_.join();
}

void Search::ponderhit() {
    impl_->startNs =
        std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now().time_since_epoch())
            .count();
    impl_->pondering = false;
    std::lock_guard lock(impl_->waitMutex);
    impl_->waitCv.notify_all();
}

std::int64_t Search::elapsedMs() const {
    // From another thread: only atomics are read.
    std::uint64_t nps = impl_->npsShared.load(std::memory_order_relaxed);
    if (nps) return std::int64_t(nodes_.load(std::memory_order_relaxed) * 1000 / nps);
    auto now = std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now().time_since_epoch())
                   .count();
    return (now - impl_->startNs.load()) / 1000000;
}

}  // namespace timur
