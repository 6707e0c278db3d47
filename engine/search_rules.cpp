// How the variant's game-ending rules score inside the search tree: a finished game, the
// repetition rule (with perpetual check) and when the legal moves must be generated to judge
// the other rules. The search (engine/search.cpp) asks these at every node.
#include <algorithm>

#include "engine/search_worker.h"

namespace timur {

namespace {

int outcomeScore(Outcome o, int ply) {
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

}  // namespace

int SearchWorker::terminalScore(const GameEnd& end, int ply) const {
    if (end.result == GameResult::Draw) return 0;
    bool whiteWins = end.result == GameResult::WhiteWins;
    bool weWin = whiteWins == (pos_->sideToMove() == White);
    return weWin ? kMateScore - ply : -(kMateScore - ply);
}

// The variant's repetition rule inside the tree: a position repeated since the root ends
// the line as the rule would end it at its full count (a draw, or with perpetualCheckLoses
// a loss for a side that checked on every move of the cycle); a repetition of positions
// before the root only at the rule's count. kNoScore when there is none.
int SearchWorker::repetition(int ply) const {
    const Rules& rules = pos_->variant().rules;
    if (!rules.repetitionCount) return kNoScore;
    const auto& h = pos_->hashHistory();
    int n = int(h.size());
    int back = std::min(pos_->halfmoveClock(), n);
    int count = 1, nearest = -1, first = -1;
    bool inTree = false;
    std::uint64_t key = pos_->hash();
    for (int i = n - 2; i >= n - back && i >= 0; i -= 2) {
        if (h[i] != key) continue;
        ++count;
        if (nearest < 0) nearest = i;
        first = i;
        if (i >= rootIndex_) inTree = true;
    }
    if (nearest < 0 || (!inTree && count < rules.repetitionCount)) return kNoScore;
    // The stretch that decides a perpetual check: since the first occurrence when the rule's
    // count is reached (as gameEnd judges it), else the cycle just closed in the tree.
    if (count >= rules.repetitionCount) nearest = first;
    if (rules.perpetualCheckLoses) {
        // checks[k]: the side to move at position k was in check, so the move before gave it.
        bool theyAlways = true, weAlways = true;
        for (int k = n; k > nearest; --k) {
            bool c = k < int(checks_.size()) && checks_[k];
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
bool SearchWorker::needsEndTest() const {
    const Rules& rules = pos_->variant().rules;
    if (pos_->terminal()) return true;
    if (!pos_->info().royalTypes.empty() &&
        (pos_->royals(White).empty() || pos_->royals(Black).empty()))
        return true;
    if (rules.nMoveRule && pos_->halfmoveClock() >= 2 * rules.nMoveRule) return true;
    if (bareRule_ && (!eval_->hasPieces(*pos_, White) || !eval_->hasPieces(*pos_, Black)))
        return true;
    return false;
}

}  // namespace timur
