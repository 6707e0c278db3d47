// The search itself: iterative deepening with aspiration windows at the root, principal
// variation search with a transposition table, and quiescence on captures. Each pruning rule is
// a short block with its reason; the lead worker alone reports and watches the clock.
#include <algorithm>
#include <cmath>

#include "engine/movegen.h"
#include "engine/search_worker.h"
#include "engine/skill.h"
#include "engine/thread.h"

namespace timur {

namespace {

constexpr int kInfinity = 32000;
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
    ReductionTable() {
        for (int d = 0; d < 64; ++d)
            for (int m = 0; m < 64; ++m)
                r[d][m] = d && m ? std::uint8_t(0.5 + std::log(d) * std::log(m) / 2.2) : 0;
    }
};
const ReductionTable kReductions;

}  // namespace

SearchWorker::SearchWorker(SearchShared& shared, int index)
    : shared_(shared), tt_(shared.tt), stop_(shared.stop), index_(index) {
    lists_.resize(kMaxSearchPly + 2);
    orderScores_.resize(kMaxSearchPly + 2);
    killers_.resize(kMaxSearchPly + 2);
    evals_.assign(kMaxSearchPly + 2, -kInfinity);
    pieceTo_.assign(kMaxSearchPly + 2, -1);
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
    std::int16_t* cont[2] = {pieceToHistory_.continuation(pieceTo_[ply - 1]),
                             ply >= 2 ? pieceToHistory_.continuation(pieceTo_[ply - 2]) : nullptr};
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

// The histories that order the moves at ply: the continuations of the two moves before.
OrderingHistory SearchWorker::orderingAt(int ply) {
    OrderingHistory h;
    h.butterfly = &history_;
    h.tables = &pieceToHistory_;
    if (ply >= 1) h.cont[0] = pieceToHistory_.continuation(pieceTo_[ply - 1]);
    if (ply >= 2) h.cont[1] = pieceToHistory_.continuation(pieceTo_[ply - 2]);
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
    int standPat = -kInfinity;
    if (!check) {
        standPat = e ? e->eval : eval_->evaluate(*pos_);
        if (standPat >= beta) {
            if (!e) tt_.store(key, Move{}, scoreToTT(standPat, ply), standPat, 0, kBoundLower);
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
            if ((isPromotion(m) && gain <= 0) || standPat + gain + 200 <= alpha) continue;
            if (qply > 0 && isPromotion(m) && !capturesAPiece(*pos_, m)) continue;
            if (qply >= kRecapturesOnlyFrom && m.to != pos_->lastMove().to) continue;
        }
        if (!given && !isLegalMove(*pos_, m)) continue;
        pieceTo_[ply] = pieceToHistory_.pieceTo(pos_->sideToMove(), movedType(*pos_, m), m.to);
        pos_->makeMove(m);
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
        tt_.store(key, bound == kBoundUpper ? Move{} : bestMove, scoreToTT(best, ply),
                  check ? 0 : standPat, 0, bound);
    }
    return best;
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
        int see = staticExchange(*pos_, *eval_, m);
        if (see == kSeeUnknown || see < raisedBeta - staticEv || !isLegalMove(*pos_, m)) continue;
        ++tried;
        pieceTo_[ply] = pieceToHistory_.pieceTo(pos_->sideToMove(), movedType(*pos_, m), m.to);
        pos_->makeMove(m);
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
    std::uint64_t key = pos_->hash();
    TTEntry* e = tt_.probe(key);
    Move ttMove;
    if (e) {
        ttMove = e->move;
        int ttScore = scoreFromTT(e->score, ply);
        Bound b = e->bound();
        if (!pvNode && !singularTest && e->depth - 1 >= depth &&
            (b == kBoundExact || (b == kBoundLower && ttScore >= beta) ||
             (b == kBoundUpper && ttScore <= alpha)))
            return ttScore;
    }

    Color us = pos_->sideToMove();
    const int staticEv = check ? -kInfinity : e ? e->eval : eval_->evaluate(*pos_);
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
    if (e && !check) {
        int t = scoreFromTT(e->score, ply);
        if (std::abs(t) < kMateBound && (e->bound() & (t > ev ? kBoundLower : kBoundUpper))) ev = t;
    }

    // Reverse futility: so far above beta with little depth left that no reply will bring the
    // score back down.
    if (prunable && depth <= 6 && ev - 90 * (depth - improving) >= beta) return ev;

    // Razoring: so far below alpha at the last plies that only a capture could help; if the
    // quiescence search agrees, the node fails low.
    if (prunable && depth <= 2 && ev + 200 + 150 * depth <= alpha) {
        int v = qsearch(alpha, alpha + 1, ply, 0, true);  // this node, counted already
        if (stop_) return 0;
        if (v <= alpha) return v;
    }

    // Null move: give the opponent a free move; if a reduced search still stands above beta,
    // so would a real move. Not with only royals and pawns (zugzwang); where zugzwang is
    // common, or deep, the cut is verified by a reduced normal search.
    if (prunable && nullOk && nullAllowed_ && depth >= 2 && ev >= beta &&
        eval_->hasPieces(*pos_, us)) {
        int r = 3 + depth / 4 + std::min(3, (ev - beta) / 200);
        pieceTo_[ply] = -1;
        pos_->makeNullMove();
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
        int v = probCut(depth, beta + 190 - 50 * improving, ply, ttMove, staticEv, cutNode);
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
        if (lateQuiet && depth <= 8 && moveCount >= (5 + depth * depth) * (1 + improving) / 2) {
            picker.skipQuiets();
            continue;
        }
        // Static exchange pruning: at low depth, a move that loses material on its square by
        // more than the depth may win back is not tried (a quiet move by less).
        int see = kSeeUnknown;
        if (!pvNode && !check && depth <= 8 && best > -kMateBound && moveCount > 0) {
            see = staticExchange(*pos_, *eval_, m);
            if (see != kSeeUnknown && see < (quiet ? -60 * depth : -20 * depth * depth)) continue;
        }
        if (source == Source::Pseudo && !isLegalMove(*pos_, m)) continue;

        // Singular extension: when the table's move stands above every other move by a margin
        // (a reduced search of the others fails low below the table's score), it is searched
        // a ply deeper; when the others too reach beta, the node cuts at once (multi-cut). The
        // test searches this ply again: only before the picker has generated anything here.
        int extension = 0;
        if (m == ttMove && !singularTest && depth >= 8 && picker.listUnused() &&
            source != Source::Given && e && ply < 2 * rootDepth_ && e->depth - 1 >= depth - 3 &&
            e->bound() != kBoundUpper && std::abs(scoreFromTT(e->score, ply)) < kMateBound) {
            int singularBeta = scoreFromTT(e->score, ply) - 2 * depth;
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
        pos_->makeMove(m);
        bool givesCheck = inCheck(*pos_);

        // Futility: a quiet move that gives no check cannot lift a static evaluation this far
        // below alpha at low depth.
        if (lateQuiet && !givesCheck && lmrDepth < 6 && ev + 235 + 172 * lmrDepth <= alpha) {
            pos_->unmakeMove();
            continue;
        }
        // History pruning: at low depth, a late quiet move that gives no check and did badly
        // lately is not tried.
        if (lateQuiet && !givesCheck && !killer && depth <= 3 && hist < -4000 * depth) {
            pos_->unmakeMove();
            continue;
        }
        ++moveCount;
        (quiet ? quietsTried_ : capturesTried_)[ply].push_back(tried);
        // Check extension: a check is searched a ply deeper unless it loses material on its
        // square (as far as the exchange was computed for the pruning above) (bounded, so that
        // perpetual checks do not run away).
        int newDepth = depth - 1 + extension;
        if (!extension && givesCheck && ply < 2 * rootDepth_ && (see == kSeeUnknown || see >= 0))
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
                r -= std::clamp(hist / 8000, -2, 2);
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
    if (!singularTest)
        tt_.store(key, bound == kBoundUpper ? Move{} : bestMove, scoreToTT(best, ply),
                  check ? 0 : staticEv, depth, bound);
    return best;
}

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
    evals_[0] = check ? -kInfinity : eval_->evaluate(*pos_);
    for (int i = first; i < rootMoves.size; ++i) {
        Move m = rootMoves[i];
        pieceTo_[0] = pieceToHistory_.pieceTo(pos_->sideToMove(), movedType(*pos_, m), m.to);
        pos_->makeMove(m);
        int score;
        if (i == first) {
            score = -search(depth - 1, -beta, -alpha, 1, true, false);
        } else {
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
