// The search tree below the root (engine/search_root.cpp drives the iterations): principal
// variation search with a transposition table, and quiescence on captures. Each pruning rule is
// a short block with its reason; the lead worker alone watches the clock.
#include <algorithm>
#include <cmath>

#include "engine/movegen.h"
#include "engine/search_params.h"
#include "engine/search_worker.h"
#include "engine/thread.h"

namespace timur {

namespace P = search_params;

namespace {

// From this many plies into quiescence only recaptures (on the last move's target) are tried:
// on a board full of long-range pieces (chu shogi), following every capture order explodes.
constexpr int kRecapturesOnlyFrom = 6;

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

// Late-move reductions by depth and move number.
struct ReductionTable {
    std::uint8_t r[64][64];
    ReductionTable() { fill(); }
    void fill() {
        const double divisor = search_params::ReductionDivisorX100 / 100.0;
        for (int d = 0; d < 64; ++d)
            for (int m = 0; m < 64; ++m)
                r[d][m] = d && m ? std::uint8_t(0.5 + std::log(d) * std::log(m) / divisor) : 0;
    }
};
#ifdef TIMUR_TUNE
ReductionTable kReductions;
#else
const ReductionTable kReductions;
#endif

}  // namespace

#ifdef TIMUR_TUNE
void search_params::refreshTables() {
    kReductions.fill();
}
#else
void search_params::refreshTables() {}
#endif

int lateMoveReduction(int depth, int moveCount) {
    return kReductions.r[std::clamp(depth, 0, 63)][std::clamp(moveCount, 0, 63)];
}

SearchWorker::SearchWorker(SearchShared& shared, int index)
    : shared_(shared), tt_(shared.tt), stop_(shared.stop), index_(index) {
    lists_.resize(kMaxSearchPly + 2);
    orderScores_.resize(kMaxSearchPly + 2);
    killers_.resize(kMaxSearchPly + 2);
    evals_.assign(kMaxSearchPly + 2, -kInfinity);
    pieceTo_.assign(kMaxSearchPly + 2, -1);
    quietMade_.assign(kMaxSearchPly + 2, 0);
    excluded_.assign(kMaxSearchPly + 2, Move{});
    pv_.assign(kMaxSearchPly + 2, std::vector<Move>(kMaxSearchPly + 2));
    pvLen_.assign(kMaxSearchPly + 2, 0);
}

std::uint64_t SearchWorker::totalNodes() const {
    return nodes_ + shared_.helpers->nodes();
}

// Now and then: a helper publishes its node count; the lead publishes the total and stops the
// search at the node limit or the clock's hard limit.
void SearchWorker::checkLimits() {
    if (!isLead()) {
        published_.store(nodes_, std::memory_order_relaxed);
        return;
    }
    std::uint64_t total = totalNodes();
    shared_.liveNodes->store(total, std::memory_order_relaxed);
    if (limits_.nodes && total >= limits_.nodes) stop_ = true;
    if (!infinite_ && !shared_.pondering && shared_.time.outOfTime(nodes_)) stop_ = true;
}

void SearchWorker::updatePv(int ply, const Move& m) {
    pv_[ply][0] = m;
    int n = std::min(pvLen_[ply + 1], kMaxSearchPly - 1);
    for (int i = 0; i < n; ++i) pv_[ply][i + 1] = pv_[ply + 1][i];
    pvLen_[ply] = n + 1;
}

void SearchWorker::markCheck(bool check) {
    size_t k = pos_->hashHistory().size();
    if (k < checks_.size()) checks_[k] = check;
}

// A move that cut off: a bonus in its histories, a malus for the moves tried before it (the
// quiet moves only when it is quiet; the captures always).
void SearchWorker::updateHistory(Color us, const Tried& best, bool quiet, int depth, int ply) {
    int bonus = std::min(depth * depth * 4, 1600);
    auto captureUpdate = [&](const Tried& t, int b) {
        if (t.pieceTo >= 0 && t.victim != kNoPieceType)
            updateTowards(pieceToHistory_.capture(t.pieceTo, t.victim), b);
    };
    for (const Tried& t : capturesTried_[ply])
        if (!(t.move == best.move)) captureUpdate(t, -bonus);
    if (!quiet) {
        captureUpdate(best, bonus);
        return;
    }
    std::int16_t* cont[3] = {pieceToHistory_.continuation(pieceTo_[ply - 1]),
                             ply >= 2 ? pieceToHistory_.continuation(pieceTo_[ply - 2]) : nullptr,
                             ply >= 4 ? pieceToHistory_.continuation(pieceTo_[ply - 4]) : nullptr};
    auto quietUpdate = [&](const Tried& t, int b) {
        history_.update(us, t.move, b);
        if (t.pieceTo >= 0)
            for (std::int16_t* row : cont)
                if (row) updateTowards(row[t.pieceTo], b);
    };
    quietUpdate(best, bonus);
    for (const Tried& t : quietsTried_[ply])
        if (!(t.move == best.move)) quietUpdate(t, -bonus);
    if (!(killers_[ply][0] == best.move)) {
        killers_[ply][1] = killers_[ply][0];
        killers_[ply][0] = best.move;
    }
    if (pieceTo_[ply - 1] >= 0) counterMoves_[size_t(pieceTo_[ply - 1])] = best.move;
}

// The histories that order the moves at ply: the continuations of the moves one, two and four
// plies before (the side to move's own last move but one: a plan it follows).
OrderingHistory SearchWorker::orderingAt(int ply) {
    OrderingHistory h;
    h.butterfly = &history_;
    h.tables = &pieceToHistory_;
    if (ply >= 1) h.cont[0] = pieceToHistory_.continuation(pieceTo_[ply - 1]);
    if (ply >= 2) h.cont[1] = pieceToHistory_.continuation(pieceTo_[ply - 2]);
    if (ply >= 4) h.cont[2] = pieceToHistory_.continuation(pieceTo_[ply - 4]);
    return h;
}

// What every node does first: count it (checking the limits now and then) unless its caller
// has, note the selective depth, and find and record whether the side to move is in check.
bool SearchWorker::enterNode(int ply, bool counted) {
    if (!counted && (++nodes_ & 511) == 0) checkLimits();
    seldepth_ = std::max(seldepth_, ply);
    bool check = inCheck(*pos_);
    markCheck(check);
    return check;
}

// Quiescence: only captures and promotions (every evasion in check) until the position is
// quiet, with the static evaluation as the score of standing pat. A promotion that captures
// nothing is tried at the first ply only (where most pieces may promote on entering a wide
// zone, chu shogi's four ranks, following every such move on explodes), and deep in quiescence
// only recaptures.
int SearchWorker::qsearch(int alpha, int beta, int ply, int qply, bool counted) {
    pvLen_[ply] = 0;
    if (stop_) return 0;
    MoveList& moves = lists_[ply];
    bool check = enterNode(ply, counted);

    // In check, or where a rule may end the game, the legal moves decide first; they are then
    // the moves searched.
    bool given = check || needsEndTest() || legalQuiescence_;
    if (given) {
        generateLegal(*pos_, moves);
        GameEnd end = gameEnd(*pos_, moves);
        if (end.over()) return terminalScore(end, ply);
    }
    int rep = repetition(ply);
    if (rep != kNoScore) return rep;
    if (ply >= kMaxSearchPly - 1) return eval_->evaluate(*pos_);

    // The table: any bound that decides here ends the node; else its move goes first.
    std::uint64_t key = pos_->hash();
    TTEntry* e = tt_.probe(key);
    Move ttMove;
    if (e) {
        int ttScore = scoreFromTT(e->score, ply);
        Bound b = e->bound();
        if (b == kBoundExact || (b == kBoundLower && ttScore >= beta) ||
            (b == kBoundUpper && ttScore <= alpha))
            return ttScore;
        ttMove = e->move;
    }

    // Stand pat: out of check the side to move may decline every capture.
    int alphaOrig = alpha;
    int best = -kInfinity;
    int standPat = -kInfinity, rawEv = 0;
    if (!check) {
        rawEv = e ? e->eval : eval_->evaluate(*pos_);
        standPat = correctedEval(rawEv, eval_->pawnKey(*pos_));
        if (standPat >= beta) {
            if (!e) tt_.store(key, Move{}, scoreToTT(standPat, ply), rawEv, 0, kBoundLower);
            return standPat;
        }
        best = standPat;
        if (standPat > alpha) alpha = standPat;
    }

    using Source = MovePicker::Source;
    int* scores = orderScores_[ply].data();
    OrderingHistory ordering = orderingAt(ply);
    MovePicker picker = check
                            ? MovePicker(*pos_, *eval_, ordering, moves, scores, Source::Given,
                                         ttMove, killers_[ply])
                            : MovePicker(*pos_, *eval_, moves, scores,
                                         given ? Source::Given : Source::Pseudo, ttMove, &ordering);
    Move bestMove;
    for (Move m; !(m = picker.next()).isNull();) {
        // Delta pruning: even winning this piece (and promoting) for nothing does not reach
        // alpha. A promotion that gains nothing (a piece turning over, Kyoto shogi) is a quiet
        // move here.
        if (!check) {
            int gain = eval_->gain(*pos_, m);
            if ((isPromotion(m) && gain <= 0) || standPat + gain + P::DeltaMargin <= alpha)
                continue;
            if (qply > 0 && isPromotion(m) && !capturesAPiece(*pos_, m)) continue;
            if (qply >= kRecapturesOnlyFrom && m.to != pos_->lastMove().to) continue;
        }
        if (!given && !isLegalMove(*pos_, m)) continue;
        pieceTo_[ply] = pieceToHistory_.pieceTo(pos_->sideToMove(), movedType(*pos_, m), m.to);
        quietMade_[ply] = false;
        pos_->makeMove(m);
        tt_.prefetch(pos_->hash());
        int score = -qsearch(-beta, -alpha, ply + 1, qply + 1);
        pos_->unmakeMove();
        if (stop_) return 0;
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
        tt_.store(key, bound == kBoundUpper ? Move{} : bestMove, scoreToTT(best, ply), rawEv, 0,
                  bound);
    }
    return best;
}

// Whether m, just made, loses material on its square: from what the picker learnt of its
// exchange before the move where that tells, else asked on the board as it was.
bool SearchWorker::losesExchange(MovePicker& picker, const Move& m) {
    if (auto known = picker.knownExchangeAtLeast(m, 0)) return *known == SeeTest::Below;
    pos_->unmakeMove();
    bool loses = picker.exchangeAtLeast(m, 0) == SeeTest::Below;
    pos_->makeMove(m);
    return loses;
}

// ProbCut's test: at most a few captures whose static exchange reaches raisedBeta above the
// static evaluation, each tried in quiescence and then by a search four plies shallower
// against raisedBeta; the first that holds its score is the node's score, else kNoScore.
int SearchWorker::probCut(int depth, int raisedBeta, int ply, const Move& ttMove, int staticEv,
                          bool cutNode) {
    MovePicker picker(*pos_, *eval_, lists_[ply], orderScores_[ply].data(),
                      MovePicker::Source::Pseudo, ttMove);
    int tried = 0;
    for (Move m; tried < 2 + 2 * cutNode && !(m = picker.next()).isNull();) {
        if (picker.exchangeAtLeast(m, raisedBeta - staticEv) != SeeTest::AtLeast ||
            !isLegalMove(*pos_, m))
            continue;
        ++tried;
        pieceTo_[ply] = pieceToHistory_.pieceTo(pos_->sideToMove(), movedType(*pos_, m), m.to);
        quietMade_[ply] = false;
        pos_->makeMove(m);
        tt_.prefetch(pos_->hash());
        int v = -qsearch(-raisedBeta, -raisedBeta + 1, ply + 1);
        if (v >= raisedBeta && !stop_)
            v = -search(depth - 4, -raisedBeta, -raisedBeta + 1, ply + 1, false, !cutNode);
        pos_->unmakeMove();
        if (stop_) return 0;
        if (v >= raisedBeta) return v;
    }
    return kNoScore;
}

int SearchWorker::search(int depth, int alpha, int beta, int ply, bool pvNode, bool cutNode,
                         bool nullOk) {
    // A leaf is quiescence's node: entered and counted there, once.
    if (depth <= 0) return qsearch(alpha, beta, ply);
    pvLen_[ply] = 0;
    if (stop_) return 0;
    MoveList& moves = lists_[ply];
    bool check = enterNode(ply);

    // Where a rule other than mate and repetition may end the game, the legal moves decide;
    // they are kept as the node's moves.
    bool generated = false;
    if (needsEndTest()) {
        generateLegal(*pos_, moves);
        generated = true;
        GameEnd end = gameEnd(*pos_, moves);
        if (end.over()) return terminalScore(end, ply);
    }
    int rep = repetition(ply);
    if (rep != kNoScore) return rep;
    if (ply >= kMaxSearchPly - 1) return eval_->evaluate(*pos_);

    // Mate distance pruning: no line from here can beat a mate already found nearer the root.
    alpha = std::max(alpha, -(kMateScore - ply));
    beta = std::min(beta, kMateScore - ply - 1);
    if (alpha >= beta) return alpha;

    // The table: a deep enough bound that decides ends a non-PV node; its move goes first.
    // A singular test (below) searches this node again without the table's move: then the
    // table neither cuts nor stores, and no pruning before the moves applies.
    const Move excluded = excluded_[ply];
    const bool singularTest = !excluded.isNull();
    // A copy: the searches below (null move, ProbCut) may overwrite the slot, another thread too.
    std::uint64_t key = pos_->hash();
    const TTEntry* slot = tt_.probe(key);
    const bool ttHit = slot != nullptr;
    const TTEntry e = ttHit ? *slot : TTEntry{};
    Move ttMove;
    if (ttHit) {
        ttMove = e.move;
        int ttScore = scoreFromTT(e.score, ply);
        Bound b = e.bound();
        if (!pvNode && !singularTest && e.depth - 1 >= depth &&
            (b == kBoundExact || (b == kBoundLower && ttScore >= beta) ||
             (b == kBoundUpper && ttScore <= alpha)))
            return ttScore;
    }

    Color us = pos_->sideToMove();
    // The table keeps the raw evaluation; the search judges by the corrected one.
    const int rawEv = check ? 0 : ttHit ? e.eval : eval_->evaluate(*pos_);
    const std::uint64_t structureKey = check ? 0 : eval_->pawnKey(*pos_);  // used out of check
    const int staticEv = check ? -kInfinity : correctedEval(rawEv, structureKey);
    bool prunable = !pvNode && !check && !singularTest && std::abs(beta) < kMateBound;
    // Improving: the static evaluation rose since this side's last move (two plies up; in
    // check there, four). Pruning is bolder where it did not.
    evals_[ply] = staticEv;
    int before = ply >= 2 ? evals_[ply - 2] : -kInfinity;
    if (before == -kInfinity && ply >= 4) before = evals_[ply - 4];
    bool improving = !check && (before == -kInfinity || staticEv > before);
    // The pruning below judges by the table's score where its bound says the position is
    // better (or worse) than the static evaluation.
    int ev = staticEv;
    if (ttHit && !check) {
        int t = scoreFromTT(e.score, ply);
        if (std::abs(t) < kMateBound && (e.bound() & (t > ev ? kBoundLower : kBoundUpper))) ev = t;
    }

    // Reverse futility: so far above beta with little depth left that no reply will bring the
    // score back down.
    if (prunable && depth <= 6 && ev - P::ReverseFutilityPerDepth * (depth - improving) >= beta)
        return ev;

    // Razoring: so far below alpha at the last plies that only a capture could help; if the
    // quiescence search agrees, the node fails low.
    if (prunable && depth <= 2 && ev + P::RazorBase + P::RazorPerDepth * depth <= alpha) {
        int v = qsearch(alpha, alpha + 1, ply, 0, true);  // this node, counted already
        if (stop_) return 0;
        if (v <= alpha) return v;
    }

    // Null move: give the opponent a free move; if a reduced search still stands above beta,
    // so would a real move. Only where the static evaluation clears beta by a margin that
    // shrinks with depth and where the position improves, and the table does not say it is
    // worse: just above beta the free move mostly fails and its search is wasted. Not with
    // only royals and pawns (zugzwang); where zugzwang is common, or deep, the cut is verified
    // by a reduced normal search.
    if (prunable && nullOk && nullAllowed_ && depth >= 2 && ev >= beta && ev >= staticEv &&
        staticEv >= beta - P::NullMarginPerDepth * depth + P::NullMarginBase - 12 * improving &&
        eval_->hasPieces(*pos_, us)) {
        int r = 3 + depth / 4 + std::min(3, (ev - beta) / P::NullReductionDivisor);
        pieceTo_[ply] = -1;
        quietMade_[ply] = false;
        pos_->makeNullMove();
        tt_.prefetch(pos_->hash());
        int score = -search(depth - 1 - r, -beta, -beta + 1, ply + 1, false, !cutNode, false);
        pos_->unmakeNullMove();
        if (stop_) return 0;
        if (score >= beta) {
            if (score > kMateBound) score = beta;
            if (!(zugzwangProne_ && depth >= 4) && depth < 10) return score;
            int v = search(depth - 1 - r, beta - 1, beta, ply, false, false, false);
            generated = false;  // the verification reused this ply's move list
            if (stop_) return 0;
            if (v >= beta) return score;
        }
    }

    // ProbCut: a capture that wins enough material on its square, whose reply a shallow
    // search shows well above beta, lets the node cut without a full search.
    if (prunable && depth >= 5 && !generated && lazyLegality_) {
        int v = probCut(depth, beta + P::ProbCutMargin - 50 * improving, ply, ttMove, staticEv,
                        cutNode);
        if (stop_) return 0;
        if (v != kNoScore) return v;
    }

    // Internal iterative reduction: no move to try first at a deep PV node.
    if (ttMove.isNull() && depth >= 6 && pvNode) --depth;

    // Moves are tested for legality only when their turn comes (most nodes cut after one or
    // two), unless the variant has moves that only generateLegal makes.
    using Source = MovePicker::Source;
    Source source = generated ? Source::Given : lazyLegality_ ? Source::Pseudo : Source::Legal;
    OrderingHistory ordering = orderingAt(ply);
    killers_[ply][2] = pieceTo_[ply - 1] >= 0 ? counterMoves_[size_t(pieceTo_[ply - 1])] : Move{};
    MovePicker picker(*pos_, *eval_, ordering, moves, orderScores_[ply].data(), source, ttMove,
                      killers_[ply]);
    int alphaOrig = alpha;
    int best = -kInfinity;
    Move bestMove;
    quietsTried_[ply].clear();
    capturesTried_[ply].clear();
    int moveCount = 0;
    for (Move m; !(m = picker.next()).isNull();) {
        if (m == excluded) continue;
        bool quiet = !isCaptureOrPromotion(*pos_, m);
        bool killer =
            std::find(killers_[ply].begin(), killers_[ply].end(), m) != killers_[ply].end();
        bool lateQuiet = !pvNode && !check && quiet && best > -kMateBound && moveCount > 0;
        // The depth a late move reduction would leave this move (for the pruning below).
        int lmrDepth = std::max(
            0, depth - 1 - kReductions.r[std::min(depth, 63)][std::min(moveCount + 1, 63)]);

        // Late move pruning: at low depth, the quiet moves after the first few are not tried
        // (nor any quiet move after them: the count only grows); fewer where the position is
        // not improving.
        if (lateQuiet && depth <= 8 &&
            moveCount >= (P::LateMoveBase + depth * depth) * (1 + improving) / 2) {
            picker.skipQuiets();
            continue;
        }
        // Static exchange pruning: at low depth, a move that loses material on its square by
        // more than the depth may win back is not tried (a quiet move by less).
        bool exchangeAsked = !pvNode && !check && depth <= 8 && best > -kMateBound && moveCount > 0;
        if (exchangeAsked && picker.exchangeAtLeast(m, quiet ? -P::ExchangeQuietPerDepth * depth
                                                             : -P::ExchangeCapturePerDepth2 *
                                                                   depth * depth) == SeeTest::Below)
            continue;
        if (source == Source::Pseudo && !isLegalMove(*pos_, m)) continue;

        // Singular extension: when the table's move stands above every other move by a margin
        // (a reduced search of the others fails low below the table's score), it is searched
        // a ply deeper; when the others too reach beta, the node cuts at once (multi-cut). The
        // test searches this ply again: only before the picker has generated anything here.
        int extension = 0;
        if (m == ttMove && !singularTest && depth >= 8 && picker.listUnused() &&
            source != Source::Given && ttHit && ply < 2 * rootDepth_ && e.depth - 1 >= depth - 3 &&
            e.bound() != kBoundUpper && std::abs(scoreFromTT(e.score, ply)) < kMateBound) {
            int singularBeta = scoreFromTT(e.score, ply) - 2 * depth;
            excluded_[ply] = m;
            int v =
                search((depth - 1) / 2, singularBeta - 1, singularBeta, ply, false, cutNode, false);
            excluded_[ply] = Move{};
            if (stop_) return 0;
            if (v < singularBeta)
                extension = 1;
            else if (singularBeta >= beta)
                return singularBeta;
        }
        Tried tried{m, pieceToHistory_.pieceTo(us, movedType(*pos_, m), m.to), kNoPieceType};
        if (!quiet && m.kind == MoveKind::Normal && pos_->at(m.to) != kNoPiece)
            tried.victim = typeOf(pos_->at(m.to));
        int hist = quiet ? ordering.quiet(us, m, tried.pieceTo) : 0;
        pieceTo_[ply] = tried.pieceTo;
        quietMade_[ply] = quiet;
        pos_->makeMove(m);
        tt_.prefetch(pos_->hash());
        bool givesCheck = inCheck(*pos_);

        // Futility: a quiet move that gives no check cannot lift a static evaluation this far
        // below alpha at low depth.
        if (lateQuiet && !givesCheck && lmrDepth < 6 &&
            ev + P::FutilityBase + P::FutilityPerDepth * lmrDepth <= alpha) {
            pos_->unmakeMove();
            continue;
        }
        // History pruning: at low depth, a late quiet move that gives no check and did badly
        // lately is not tried.
        if (lateQuiet && !givesCheck && !killer && depth <= 3 &&
            hist < -P::HistoryPrunePerDepth * depth) {
            pos_->unmakeMove();
            continue;
        }
        ++moveCount;
        (quiet ? quietsTried_ : capturesTried_)[ply].push_back(tried);
        // Check extension: a check is searched a ply deeper unless it loses material on its
        // square (asked only where the pruning above looked at the exchange: the picker knows
        // what it learnt there, and the question is put on the board before the move)
        // (bounded, so that perpetual checks do not run away).
        int newDepth = depth - 1 + extension;
        if (!extension && givesCheck && ply < 2 * rootDepth_ &&
            !(exchangeAsked && losesExchange(picker, m)))
            ++newDepth;
        int score;
        if (moveCount == 1) {
            score = -search(newDepth, -beta, -alpha, ply + 1, pvNode, !pvNode && !cutNode);
        } else {
            // Late move reductions: quiet moves late in the order are searched shallower with a
            // null window, less so at PV nodes, for killers and for moves with good history; a
            // reduced move that beats alpha is searched again at full depth.
            int r = 0;
            if (depth >= 3 && quiet && !check && !givesCheck && moveCount > (pvNode ? 4 : 2)) {
                r = kReductions.r[std::min(depth, 63)][std::min(moveCount, 63)];
                if (pvNode) r -= 1;
                if (killer) r -= 1;
                if (!improving) r += 1;
                r -= std::clamp(hist / P::ReductionHistoryDivisor, -2, 2);
                r = std::clamp(r, 0, newDepth - 1);
            }
            score = -search(newDepth - r, -alpha - 1, -alpha, ply + 1, false, r > 0 || !cutNode);
            if (r > 0 && score > alpha && !stop_)
                score = -search(newDepth, -alpha - 1, -alpha, ply + 1, false, !cutNode);
            if (pvNode && score > alpha && score < beta && !stop_)
                score = -search(newDepth, -beta, -alpha, ply + 1, true, false);
        }
        pos_->unmakeMove();
        if (stop_) return 0;
        if (score > best) {
            best = score;
            bestMove = m;
            if (score > alpha) {
                alpha = score;
                if (pvNode) updatePv(ply, m);
                if (alpha >= beta) {
                    updateHistory(us, tried, quiet, depth, ply);
                    break;
                }
            }
        }
    }
    if (moveCount == 0) {
        // Only the excluded move (a singular test): the test fails low.
        if (singularTest) return alpha;
        // No legal move (pruning only starts after one): checkmate or stalemate.
        moves.size = 0;
        return terminalScore(gameEnd(*pos_, moves), ply);
    }
    Bound bound = best >= beta ? kBoundLower : best > alphaOrig ? kBoundExact : kBoundUpper;
    // A quiet move the opponent found no answer to (this node fails low): a bonus in the
    // continuation rows of the two moves before it, as if it had cut off there.
    if (bound == kBoundUpper && !singularTest && (depth >= 3 || pvNode) && ply >= 3 &&
        quietMade_[ply - 1] && pieceTo_[ply - 1] >= 0) {
        int bonus = std::min(depth * depth * 4, 1600);
        for (int back : {2, 3})
            if (std::int16_t* row = pieceToHistory_.continuation(pieceTo_[ply - back]))
                updateTowards(row[pieceTo_[ply - 1]], bonus);
    }
    // The evaluation's error, where the result bounds it: not in check, not a mate, and not
    // where a capture or promotion won (the material, not the evaluation, made the score).
    if (!singularTest && !check && std::abs(best) < kMateBound &&
        !(bound != kBoundUpper && isCaptureOrPromotion(*pos_, bestMove)) &&
        !(bound == kBoundLower && best <= staticEv) && !(bound == kBoundUpper && best >= staticEv))
        correction_.update(us, structureKey, best - rawEv, depth);
    if (!singularTest)
        tt_.store(key, bound == kBoundUpper ? Move{} : bestMove, scoreToTT(best, ply), rawEv, depth,
                  bound);
    return best;
}

}  // namespace timur
