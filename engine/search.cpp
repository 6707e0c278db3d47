#include "engine/search.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "engine/evaluate.h"
#include "engine/movegen.h"
#include "engine/rules.h"
#include "engine/tt.h"

namespace timur {

namespace {

using Clock = std::chrono::steady_clock;

constexpr int kInfinity = 32000;
constexpr int kNoScore = 32001;

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
        case MoveKind::Placement:
            return pos.at(m.to) != kNoPiece;
        default:
            return false;
    }
}

bool isPromotion(const Move& m) {
    return m.kind != MoveKind::Drop && m.promo != kNoPieceType;
}

// Late-move reductions by depth and move number.
struct ReductionTable {
    std::uint8_t r[64][64];
    ReductionTable() {
        for (int d = 0; d < 64; ++d)
            for (int m = 0; m < 64; ++m)
                r[d][m] = d && m ? std::uint8_t(0.5 + std::log(d) * std::log(m) / 2.2) : 0;
    }
};
const ReductionTable kReductions;

}  // namespace

struct Search::Impl {
    Search& owner;
    // The main thread's Impl (this one for the main thread): it owns what all threads share,
    // the table and the stop flag, and alone manages time and reports.
    Impl* lead;
    TranspositionTable ownTable;  // used through `tt`, and only the lead's
    TranspositionTable& tt;
    std::atomic<bool> stopFlag{false};
    std::atomic<bool>& stop;  // the lead's stopFlag
    std::atomic<bool> pondering{false};
    std::atomic<bool> stopOnPonderhit{false};
    std::atomic<std::int64_t> startNs{0};
    std::atomic<std::uint64_t> npsShared{0};
    std::mutex waitMutex;
    std::condition_variable waitCv;
    // Lazy SMP: helper threads search the same root with their own heuristics and share only
    // the table; their results reach the lead through it.
    std::vector<std::unique_ptr<Impl>> helpers;  // the lead's
    int helperIndex = 0;                         // 1.. for helpers
    std::atomic<std::uint64_t> published{0};     // a helper's node count, for the lead's totals

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
    std::vector<int> history;  // [colour][from][to]
    std::vector<std::vector<Move>> pv;
    std::vector<int> pvLen;
    std::vector<int> staticEval;       // per ply
    std::vector<std::uint8_t> checks;  // per history index: the side to move was in check
    std::vector<Move> quietsTried[kMaxSearchPly + 2];
    std::uint64_t nodes = 0;
    int seldepth = 0;
    int rootDepth = 0;
    int rootIndex = 0;  // hashHistory().size() at the root
    bool nullAllowed = true;
    bool zugzwangProne = false;
    bool bareRule = false;
    bool quickEndTest = true;
    bool lazyLegality = true;

    explicit Impl(Search& o, Impl* leadImpl = nullptr, int index = 0)
        : owner(o),
          lead(leadImpl ? leadImpl : this),
          tt(lead->ownTable),
          stop(lead->stopFlag),
          helperIndex(index) {
        lists.resize(kMaxSearchPly + 2);
        orderScores.resize(kMaxSearchPly + 2);
        killers.resize(kMaxSearchPly + 2);
        history.assign(2 * kMaxSquares * kMaxSquares, 0);
        pv.assign(kMaxSearchPly + 2, std::vector<Move>(kMaxSearchPly + 2));
        pvLen.assign(kMaxSearchPly + 2, 0);
        staticEval.assign(kMaxSearchPly + 2, 0);
    }

    // Threads asked for by Search::setThreads, made at the start of the next search (on the
    // search thread, so that a GUI may send it while the engine thinks).
    std::atomic<int> requestedThreads{1};
    void makeHelpers() {
        int n = requestedThreads.load();
        if (int(helpers.size()) + 1 == n) return;
        helpers.clear();
        for (int i = 1; i < n; ++i) helpers.push_back(std::make_unique<Impl>(owner, this, i));
    }

    void clear() {
        tt.clear();
        std::fill(history.begin(), history.end(), 0);
        for (auto& h : helpers) std::fill(h->history.begin(), h->history.end(), 0);
    }

    std::uint64_t totalNodes() const {
        std::uint64_t n = nodes;
        for (const auto& h : helpers) n += h->published.load(std::memory_order_relaxed);
        return n;
    }

    std::int64_t elapsed() const {
        if (limits.nodesPerSecond) return std::int64_t(nodes * 1000 / limits.nodesPerSecond);
        auto now = Clock::now().time_since_epoch();
        return (std::chrono::duration_cast<std::chrono::nanoseconds>(now).count() - startNs) /
               1000000;
    }

    void checkLimits() {
        if (lead != this) {
            published.store(nodes, std::memory_order_relaxed);
            return;
        }
        std::uint64_t total = totalNodes();
        owner.nodes_.store(total, std::memory_order_relaxed);
        if (limits.nodes && total >= limits.nodes) stop = true;
        if (!infinite && !pondering && maximum >= 0 && elapsed() >= maximum) stop = true;
    }

    // Sudden death, increment and moves per session. The hard limit never takes more than a
    // fraction of the clock, and less than the clock minus the overhead.
    void planTime(Color us) {
        optimum = maximum = -1;
        if (limits.moveTime >= 0) {
            optimum = maximum = std::max<std::int64_t>(1, limits.moveTime - limits.overhead);
            return;
        }
        if (limits.time[us] < 0) return;
        std::int64_t t = limits.time[us], inc = std::max<std::int64_t>(0, limits.inc[us]);
        int mtg = limits.movesToGo > 0 ? std::min(limits.movesToGo, 40) : 35;
        // What the clock will hold over the moves to come, less a reserve.
        std::int64_t usable =
            std::max<std::int64_t>(1, t + inc * (mtg - 1) - limits.overhead * (2 + mtg / 4));
        std::int64_t opt = usable / mtg;
        std::int64_t max = std::min(opt * 5, t / 4 + inc / 2);
        if (limits.movesToGo == 1) max = std::min(max, t / 2);
        std::int64_t cap = std::max<std::int64_t>(1, t - limits.overhead - 30);
        if (t < 6 * limits.overhead) cap = std::max<std::int64_t>(1, t / 10);
        optimum = std::clamp<std::int64_t>(opt, 1, cap);
        maximum = std::clamp<std::int64_t>(max, optimum, cap);
    }

    int outcomeScore(Outcome o, int ply) const {
        switch (o) {
            case Outcome::Win:
                return kMateScore - ply;
            case Outcome::Loss:
                return -(kMateScore - ply);
            case Outcome::Draw:
                break;
        }
        return 0;
    }

    int terminalScore(const GameEnd& end, int ply) const {
        if (end.result == GameResult::Draw) return 0;
        bool whiteWins = end.result == GameResult::WhiteWins;
        bool weWin = whiteWins == (pos->sideToMove() == White);
        return weWin ? kMateScore - ply : -(kMateScore - ply);
    }

    // The variant's repetition rule inside the tree: a position repeated since the root ends
    // the line as the rule would end it at its full count (a draw, or with perpetualCheckLoses
    // a loss for a side that checked on every move of the cycle); a repetition of positions
    // before the root only at the rule's count. kNoScore when there is none.
    int repetition(int ply) const {
        const Rules& rules = pos->variant().rules;
        if (!rules.repetitionCount) return kNoScore;
        const auto& h = pos->hashHistory();
        int n = int(h.size());
        int back = std::min(pos->halfmoveClock(), n);
        int count = 1, nearest = -1, first = -1;
        bool inTree = false;
        std::uint64_t key = pos->hash();
        for (int i = n - 2; i >= n - back && i >= 0; i -= 2) {
            if (h[i] != key) continue;
            ++count;
            if (nearest < 0) nearest = i;
            first = i;
            if (i >= rootIndex) inTree = true;
        }
        if (nearest < 0 || (!inTree && count < rules.repetitionCount)) return kNoScore;
        // The stretch that decides a perpetual check: since the first occurrence when the rule's
        // count is reached (as gameEnd judges it), else the cycle just closed in the tree.
        if (count >= rules.repetitionCount) nearest = first;
        if (rules.perpetualCheckLoses) {
            // checks[k]: the side to move at position k was in check, so the move before gave it.
            bool theyAlways = true, weAlways = true;
            for (int k = n; k > nearest; --k) {
                bool c = k < int(checks.size()) && checks[k];
                if ((n - k) % 2 == 0)
                    theyAlways = theyAlways && c;
                else
                    weAlways = weAlways && c;
            }
            if (theyAlways && !weAlways) return kMateScore - ply;
            if (weAlways && !theyAlways) return -(kMateScore - ply);
        }
        return outcomeScore(rules.repetition, ply);
    }

    // Whether a rule other than checkmate, stalemate and repetition could end the game here; then
    // the search asks gameEnd with the legal moves.
    bool needsEndTest() const {
        const Rules& rules = pos->variant().rules;
        if (pos->terminal()) return true;
        if (!pos->info().royalTypes.empty() &&
            (pos->royals(White).empty() || pos->royals(Black).empty()))
            return true;
        if (rules.nMoveRule && pos->halfmoveClock() >= 2 * rules.nMoveRule) return true;
        if (bareRule && (!eval->hasPieces(*pos, White) || !eval->hasPieces(*pos, Black)))
            return true;
        return false;
    }

    int& historyOf(Color c, const Move& m) {
        return history[(size_t(c) * kMaxSquares + m.from) * kMaxSquares + m.to];
    }

    // The value of the piece that makes move m (0 for a drop).
    int moverValue(const Move& m) const {
        Piece mover = m.kind == MoveKind::Drop ? kNoPiece : pos->at(m.from);
        return mover != kNoPiece ? eval->value(typeOf(mover)) : 0;
    }

    // A rough static exchange test: a capture of a cheaper piece on a square the opponent
    // defends probably loses material.
    bool losesMaterial(const Move& m, int gain, int attacker, Color us) const {
        return !isPromotion(m) && gain + 50 < attacker && m.kind == MoveKind::Normal &&
               isAttacked(*pos, m.to, ~us);
    }

    void orderMoves(MoveList& moves, int ply, const Move& ttMove) {
        auto& sc = orderScores[ply];
        Color us = pos->sideToMove();
        for (int i = 0; i < moves.size; ++i) {
            const Move& m = moves[i];
            int s;
            if (m == ttMove)
                s = 1 << 30;
            else if (isCapture(*pos, m) || isPromotion(m)) {
                int attacker = moverValue(m);
                int gain = eval->gain(*pos, m);
                s = (1 << 28) + gain * 16 - attacker / 16;
                // A capture of a cheaper piece on a defended square probably loses material:
                // after the quiet moves.
                if (losesMaterial(m, gain, attacker, us)) s = -(1 << 27) + gain;
            } else if (m == killers[ply][0])
                s = (1 << 27);
            else if (m == killers[ply][1])
                s = (1 << 27) - 1;
            else
                s = std::clamp(historyOf(us, m), -(1 << 26), 1 << 26);
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

    void markCheck(bool check) {
        size_t k = pos->hashHistory().size();
        if (k < checks.size()) checks[k] = check;
    }

    void updateHistory(Color us, const Move& best, int depth, int ply) {
        int bonus = std::min(depth * depth * 4, 1600);
        auto add = [&](const Move& m, int b) {
            int& h = historyOf(us, m);
            h += b - h * std::abs(b) / 16384;
        };
        add(best, bonus);
        for (const Move& m : quietsTried[ply])
            if (!(m == best)) add(m, -bonus);
        if (!(killers[ply][0] == best)) {
            killers[ply][1] = killers[ply][0];
            killers[ply][0] = best;
        }
    }

    // What every node does first: count it (checking the limits now and then), note the
    // selective depth, and find and record whether the side to move is in check.
    bool enterNode(int ply) {
        if ((++nodes & 511) == 0) checkLimits();
        seldepth = std::max(seldepth, ply);
        bool check = inCheck(*pos);
        markCheck(check);
        return check;
    }

    int qsearch(int alpha, int beta, int ply) {
        pvLen[ply] = 0;
        if (stop) return 0;
        MoveList& moves = lists[ply];
        bool check = enterNode(ply);
        if (!quickEndTest || check || needsEndTest()) {
            // Every legal move: the game may be over, and in check every evasion is searched.
            generateLegal(*pos, moves);
            GameEnd end = gameEnd(*pos, moves);
            if (end.over()) return terminalScore(end, ply);
        } else {
            moves.size = 0;  // generatePseudo appends
            generatePseudo(*pos, moves);
        }
        int rep = repetition(ply);
        if (rep != kNoScore) return rep;
        if (ply >= kMaxSearchPly - 1) return eval->evaluate(*pos);
        // The table: any bound that decides here ends the node; else its move goes first.
        std::uint64_t key = pos->hash();
        TTEntry* e = tt.probe(key);
        Move ttMove;
        if (e) {
            int ttScore = scoreFromTT(e->score, ply);
            Bound b = e->bound();
            if (b == kBoundExact || (b == kBoundLower && ttScore >= beta) ||
                (b == kBoundUpper && ttScore <= alpha))
                return ttScore;
            ttMove = e->move;
        }
        int alphaOrig = alpha;
        int best = -kInfinity;
        int standPat = -kInfinity;
        if (!check) {
            standPat = e ? e->eval : eval->evaluate(*pos);
            if (standPat >= beta) {
                if (!e) tt.store(key, Move{}, scoreToTT(standPat, ply), standPat, 0, kBoundLower);
                return standPat;
            }
            best = standPat;
            if (standPat > alpha) alpha = standPat;
        }
        Move bestMove;
        Color us = pos->sideToMove();
        int n = 0;
        for (int i = 0; i < moves.size; ++i) {
            const Move& m = moves[i];
            if (check || isCapture(*pos, m) || isPromotion(m)) moves[n++] = m;
        }
        moves.size = n;
        orderMoves(moves, ply, ttMove);
        bool legalChecked = check || !quickEndTest;
        for (int i = 0; i < moves.size; ++i) {
            pick(moves, ply, i);
            Move m = moves[i];
            if (!check) {
                int gain = eval->gain(*pos, m);
                // Delta pruning: even winning this does not reach alpha.
                if (!isPromotion(m) && standPat + gain + 200 <= alpha) continue;
                int attacker = moverValue(m);
                if (losesMaterial(m, gain, attacker, us)) continue;
            }
            if (!legalChecked && !isLegalMove(*pos, m)) continue;
            pos->makeMove(m);
            int score = -qsearch(-beta, -alpha, ply + 1);
            pos->unmakeMove();
            if (stop) return 0;
            if (score > best) {
                best = score;
                if (score > alpha) {
                    alpha = score;
                    bestMove = m;
                    updatePv(ply, m);
                    if (alpha >= beta) break;
                }
            }
        }
        if (best > -kInfinity) {  // stand pat, or in check at least one evasion searched
            Bound bound = best >= beta ? kBoundLower : best > alphaOrig ? kBoundExact : kBoundUpper;
            tt.store(key, bound == kBoundUpper ? Move{} : bestMove, scoreToTT(best, ply),
                     check ? 0 : standPat, 0, bound);
        }
        return best;
    }

    int search(int depth, int alpha, int beta, int ply, bool pvNode, bool nullOk = true) {
        pvLen[ply] = 0;
        if (stop) return 0;
        MoveList& moves = lists[ply];
        bool check = enterNode(ply);
        bool generated = false;
        if (needsEndTest()) {
            generateLegal(*pos, moves);
            generated = true;
            GameEnd end = gameEnd(*pos, moves);
            if (end.over()) return terminalScore(end, ply);
        }
        int rep = repetition(ply);
        if (rep != kNoScore) return rep;
        if (ply >= kMaxSearchPly - 1) return eval->evaluate(*pos);
        // Mate distance pruning.
        alpha = std::max(alpha, -(kMateScore - ply));
        beta = std::min(beta, kMateScore - ply - 1);
        if (alpha >= beta) return alpha;

        if (check && ply < 2 * rootDepth) ++depth;  // check extension
        if (depth <= 0) return qsearch(alpha, beta, ply);

        std::uint64_t key = pos->hash();
        TTEntry* e = tt.probe(key);
        Move ttMove;
        int ttScore = kNoScore;
        if (e) {
            ttMove = e->move;
            ttScore = scoreFromTT(e->score, ply);
            if (!pvNode && e->depth - 1 >= depth) {
                Bound b = e->bound();
                if (b == kBoundExact || (b == kBoundLower && ttScore >= beta) ||
                    (b == kBoundUpper && ttScore <= alpha))
                    return ttScore;
            }
        }

        Color us = pos->sideToMove();
        int ev = check ? -kInfinity : e ? e->eval : eval->evaluate(*pos);
        staticEval[ply] = ev;

        if (!pvNode && !check && std::abs(beta) < kMateBound) {
            // Reverse futility: far above beta with little depth left.
            if (depth <= 6 && ev - 90 * depth >= beta) return ev;
            // Null move: give the opponent a free move; if we still stand above beta, cut.
            if (nullOk && nullAllowed && depth >= 2 && ev >= beta && eval->hasPieces(*pos, us)) {
                int r = 3 + depth / 4 + std::min(3, (ev - beta) / 200);
                pos->makeNullMove();
                int score = -search(depth - 1 - r, -beta, -beta + 1, ply + 1, false, false);
                pos->unmakeNullMove();
                if (stop) return 0;
                if (score >= beta) {
                    if (score > kMateBound) score = beta;
                    // Where zugzwang is common, or deep, verify with a reduced normal search.
                    if ((zugzwangProne && depth >= 4) || depth >= 10) {
                        int v = search(depth - 1 - r, beta - 1, beta, ply, false, false);
                        generated = false;  // the verification reused this ply's move list
                        if (stop) return 0;
                        if (v >= beta) return score;
                    } else {
                        return score;
                    }
                }
            }
        }

        // Moves are tested for legality only when their turn comes (most nodes cut after one or
        // two), unless the variant has moves that only generateLegal adds.
        bool lazy = false;
        if (!generated) {
            if (lazyLegality) {
                moves.size = 0;  // generatePseudo appends
                generatePseudo(*pos, moves);
                lazy = true;
            } else {
                generateLegal(*pos, moves);
            }
        }
        if (moves.size == 0) {
            GameEnd end = gameEnd(*pos, moves);
            return terminalScore(end, ply);
        }
        // Internal iterative reduction: no move to try first at a deep PV node.
        if (ttMove.isNull() && depth >= 6 && pvNode) --depth;

        int alphaOrig = alpha;
        int best = -kInfinity;
        Move bestMove;
        orderMoves(moves, ply, ttMove);
        quietsTried[ply].clear();
        int moveCount = 0;
        for (int i = 0; i < moves.size; ++i) {
            pick(moves, ply, i);
            Move m = moves[i];
            bool quiet = !isCapture(*pos, m) && !isPromotion(m);
            bool killer = m == killers[ply][0] || m == killers[ply][1];
            // Late move pruning and futility for quiet moves at low depth.
            if (!pvNode && !check && quiet && best > -kMateBound && moveCount > 0) {
                if (depth <= 4 && moveCount >= 4 + 3 * depth * depth) continue;
            }
            if (lazy && !isLegalMove(*pos, m)) continue;
            pos->makeMove(m);
            bool givesCheck = inCheck(*pos);
            if (!pvNode && !check && quiet && !givesCheck && best > -kMateBound && moveCount > 0 &&
                depth <= 3 && ev + 100 + 120 * depth <= alpha) {
                pos->unmakeMove();
                continue;
            }
            ++moveCount;
            if (quiet) quietsTried[ply].push_back(m);
            int newDepth = depth - 1;
            int score;
            if (moveCount == 1) {
                score = -search(newDepth, -beta, -alpha, ply + 1, pvNode);
            } else {
                int r = 0;
                if (depth >= 3 && quiet && !check && !givesCheck && moveCount > (pvNode ? 4 : 2)) {
                    r = kReductions.r[std::min(depth, 63)][std::min(moveCount, 63)];
                    if (pvNode) r -= 1;
                    if (killer) r -= 1;
                    r -= std::clamp(historyOf(us, m) / 4000, -2, 2);
                    r = std::clamp(r, 0, newDepth - 1);
                }
                score = -search(newDepth - r, -alpha - 1, -alpha, ply + 1, false);
                if (r > 0 && score > alpha && !stop)
                    score = -search(newDepth, -alpha - 1, -alpha, ply + 1, false);
                if (pvNode && score > alpha && score < beta && !stop)
                    score = -search(newDepth, -beta, -alpha, ply + 1, true);
            }
            pos->unmakeMove();
            if (stop) return 0;
            if (score > best) {
                best = score;
                bestMove = m;
                if (score > alpha) {
                    alpha = score;
                    if (pvNode) updatePv(ply, m);
                    if (alpha >= beta) {
                        if (quiet) updateHistory(us, m, depth, ply);
                        break;
                    }
                }
            }
        }
        if (moveCount == 0) {
            // No legal move (pruning only starts after one): checkmate or stalemate.
            moves.size = 0;
            return terminalScore(gameEnd(*pos, moves), ply);
        }
        Bound bound = best >= beta ? kBoundLower : best > alphaOrig ? kBoundExact : kBoundUpper;
        tt.store(key, bound == kBoundUpper ? Move{} : bestMove, scoreToTT(best, ply),
                 check ? 0 : ev, depth, bound);
        return best;
    }

    SearchInfo makeInfo(int depth, int score, const std::vector<Move>& line) const {
        SearchInfo info;
        info.depth = depth;
        info.seldepth = std::max(seldepth, depth);
        info.score = score;
        info.nodes = totalNodes();
        info.timeMs = elapsed();
        info.nps =
            info.timeMs > 0 ? info.nodes * 1000 / std::uint64_t(info.timeMs) : info.nodes * 1000;
        info.hashfull = tt.hashfull();
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

    // One iteration at the root within (alpha, beta): PVS over the root moves in their order,
    // the best moved to the front. Sets iterBest/iterLine when a move raised alpha.
    int rootSearch(MoveList& rootMoves, int depth, int alpha, int beta, Move& iterBest,
                   std::vector<Move>& iterLine) {
        int best = -kInfinity;
        bool check = inCheck(*pos);
        markCheck(check);
        for (int i = 0; i < rootMoves.size; ++i) {
            Move m = rootMoves[i];
            pos->makeMove(m);
            int score;
            if (i == 0) {
                score = -search(depth - 1, -beta, -alpha, 1, true);
            } else {
                score = -search(depth - 1, -alpha - 1, -alpha, 1, false);
                if (score > alpha && score < beta && !stop)
                    score = -search(depth - 1, -beta, -alpha, 1, true);
            }
            pos->unmakeMove();
            if (stop) break;
            if (score > best) {
                best = score;
                if (score > alpha) {
                    iterBest = m;
                    iterLine.assign(1, m);
                    for (int k = 0; k < pvLen[1]; ++k) iterLine.push_back(pv[1][k]);
                    alpha = score;
                    std::rotate(rootMoves.moves, rootMoves.moves + i, rootMoves.moves + i + 1);
                    if (alpha >= beta) break;
                }
            }
        }
        return best;
    }

    // What every thread does before its first iteration: its own copy of the root, evaluator
    // and rule flags, and heuristics aged from the last search.
    void prepare(const Position& root) {
        nodes = 0;
        seldepth = 0;
        published.store(0, std::memory_order_relaxed);
        pos = std::make_unique<Position>(root);
        if (!eval || evalVariant != root.variantPtr()) {
            evalVariant = root.variantPtr();
            eval = std::make_unique<Evaluator>(evalVariant);
        }
        const Rules& rules = root.variant().rules;
        // Passing makes no sense when a side must move out of zugzwang to win or not lose:
        // verify null-move cuts where stalemate or baring decides.
        zugzwangProne = rules.stalemate != Outcome::Draw || rules.bareRoyal.has_value();
        nullAllowed = true;
        bareRule = rules.bareRoyal.has_value();
        quickEndTest = true;
        lazyLegality = rules.placements.empty() && !rules.swap;
        rootIndex = int(root.hashHistory().size());
        // Which earlier positions had the side to move in check (perpetual check).
        checks.assign(rootIndex + kMaxSearchPly + 4, 0);
        if (rules.perpetualCheckLoses) {
            Position p = root;
            int back = std::min(p.halfmoveClock(), rootIndex);
            for (int k = rootIndex; k >= rootIndex - back && k >= 0; --k) {
                checks[k] = inCheck(p);
                if (k > 0 && k > rootIndex - back) p.unmakeMove();
            }
        }
        for (auto& k : killers) k = {Move{}, Move{}};
        for (int& h : history) h /= 4;
    }

    // The legal root moves, the table's move first, then captures by gain.
    void rootMovesOf(MoveList& rootMoves) {
        generateLegal(*pos, rootMoves);
        TTEntry* e = tt.probe(pos->hash());
        orderMoves(rootMoves, 0, e ? e->move : Move{});
        for (int i = 0; i < rootMoves.size; ++i) pick(rootMoves, 0, i);
    }

    // One iteration with an aspiration window around the last score, widened on failure.
    // iterBest/iterLine: the best move and line found, null if none raised alpha (or the
    // iteration failed low and was stopped before the re-search).
    int iterate(MoveList& rootMoves, int depth, int lastScore, Move& iterBest,
                std::vector<Move>& iterLine) {
        rootDepth = depth;
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
            score = rootSearch(rootMoves, depth, alpha, beta, b, line);
            // A fail high still found a better move than the old best.
            if (!b.isNull()) {
                iterBest = b;
                iterLine = line;
            }
            if (stop) break;
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
    void helperSearch(const Position& root, int maxDepth) {
        prepare(root);
        MoveList rootMoves;
        rootMovesOf(rootMoves);
        if (rootMoves.size == 0) return;
        int lastScore = 0;
        for (int depth = 1 + helperIndex % 2; depth <= maxDepth && !stop; ++depth) {
            Move iterBest;
            std::vector<Move> iterLine;
            int score = iterate(rootMoves, depth, lastScore, iterBest, iterLine);
            if (!stop) lastScore = score;
        }
        published.store(nodes, std::memory_order_relaxed);
    }

    // Runs the helpers beside the lead's search; stops and joins them when destroyed.
    struct HelperThreads {
        Impl& lead;
        std::vector<std::thread> threads;
        HelperThreads(Impl& l, const Position& root, int maxDepth) : lead(l) {
            for (auto& h : lead.helpers)
                threads.emplace_back([&h, &root, maxDepth] { h->helperSearch(root, maxDepth); });
        }
        ~HelperThreads() {
            if (threads.empty()) return;
            lead.stop = true;
            for (auto& t : threads) t.join();
        }
    };

    SearchResult run(const Position& root, const SearchLimits& lim, const InfoCallback& onInfo) {
        makeHelpers();
        limits = lim;
        npsShared = lim.nodesPerSecond;
        infinite = lim.infinite;
        tt.allocate();
        tt.newSearch();
        startNs =
            std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now().time_since_epoch())
                .count();
        owner.nodes_ = 0;
        owner.curDepth_ = 0;
        prepare(root);
        planTime(root.sideToMove());

        SearchResult result;
        MoveList rootMoves;
        rootMovesOf(rootMoves);
        if (rootMoves.size == 0) {
            GameEnd end = gameEnd(*pos, rootMoves);
            result.info = makeInfo(0, end.over() ? terminalScore(end, 0) : 0, {});
            waitIfInfinite();
            return result;
        }
        Move best = rootMoves[0];
        int bestScore = 0;
        std::vector<Move> bestLine{best};
        int maxDepth = lim.depth > 0 ? std::min(lim.depth, kMaxSearchPly - 2) : kMaxSearchPly - 2;
        bool timed = optimum >= 0 || lim.nodesPerSecond;
        int completed = 0;
        {
            HelperThreads helperThreads(*this, root, maxDepth);
            for (int depth = 1; depth <= maxDepth; ++depth) {
                owner.curDepth_ = depth;
                Move iterBest;
                std::vector<Move> iterLine;
                int score = iterate(rootMoves, depth, bestScore, iterBest, iterLine);
                // A partial iteration's best is kept too: the previous best move is searched
                // first, so any other move chosen here was proved better at this depth.
                if (!iterBest.isNull()) {
                    best = iterBest;
                    if (!stop) bestScore = score;
                    bestLine = iterLine;
                }
                if (stop) break;
                completed = depth;
                if (onInfo) onInfo(makeInfo(depth, bestScore, bestLine));
                if (infinite) continue;
                bool enough = (std::abs(bestScore) > kMateBound &&
                               depth >= kMateScore - std::abs(bestScore) + 1) ||
                              (timed && rootMoves.size == 1) ||
                              (optimum >= 0 && elapsed() >= optimum * 6 / 10);
                // A pondering search that would have stopped by now moves at once on ponderhit.
                if (pondering) {
                    if (enough) stopOnPonderhit = true;
                    continue;
                }
                if (enough) break;
                if (lim.nodes && totalNodes() >= lim.nodes) break;
            }
            result.best = best;
            result.bestText = moveText(*pos, best);
            result.info = makeInfo(std::max(completed, 1), bestScore, bestLine);
            if (result.info.pv.size() >= 2) {
                result.ponder = result.info.pv[1];
                result.ponderText = result.info.pvText[1];
            }
            // The answer of an infinite or pondering search waits for stop or ponderhit; the
            // helpers search on meanwhile.
            waitIfInfinite();
        }
        owner.nodes_ = totalNodes();
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
    impl_->tt.setSizeMb(mb);
}

void Search::setThreads(int n) {
    impl_->requestedThreads = std::clamp(n, 1, kMaxThreads);
}

void Search::clearHash() {
    wait();
    impl_->clear();
}

SearchResult Search::run(const Position& root, const SearchLimits& limits,
                         const InfoCallback& onInfo) {
    impl_->stop = false;
    impl_->pondering = limits.ponder;
    impl_->stopOnPonderhit = false;
    return impl_->run(root, limits, onInfo);
}

void Search::start(const Position& root, const SearchLimits& limits, InfoCallback onInfo,
                   DoneCallback onDone) {
    stop();
    wait();
    impl_->stop = false;
    stopRequested_ = false;
    impl_->pondering = limits.ponder;
    impl_->stopOnPonderhit = false;
    running_ = true;
    Job first{root, limits, std::move(onInfo), std::move(onDone)};
    thread_ = std::thread([this, job = std::move(first)]() mutable {
        for (;;) {
            SearchResult r = impl_->run(job.root, job.limits, job.onInfo);
            if (job.onDone) job.onDone(r);
            if (!next_) break;
            job = std::move(*next_);
            next_.reset();
            // The finished search may have stopped itself on time; a stop() from outside since
            // start() still counts (it set stopRequested_ before stop, so this order sees it).
            impl_->stop = false;
            if (stopRequested_) break;
        }
        running_ = false;
    });
}

void Search::continueWith(const Position& root, const SearchLimits& limits, InfoCallback onInfo,
                          DoneCallback onDone) {
    impl_->pondering = limits.ponder;
    impl_->stopOnPonderhit = false;
    next_ = Job{root, limits, std::move(onInfo), std::move(onDone)};
}

void Search::stop() {
    stopRequested_ = true;
    impl_->stop = true;
    std::lock_guard lock(impl_->waitMutex);
    impl_->waitCv.notify_all();
}

void Search::wait() {
    if (thread_.joinable() && thread_.get_id() != std::this_thread::get_id()) thread_.join();
}

void Search::ponderhit() {
    if (impl_->stopOnPonderhit) impl_->stop = true;
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
