// The lead's iterations as lines (MultiPV): line k is the best of the root moves that the
// better lines have not taken, searched with its own aspiration window; the lines keep the first
// places of the root move list, best first. With one line this is the plain search. A Skill
// below full chooses its move among the lines (engine/skill.h).
#include <algorithm>

#include "engine/search_worker.h"
#include "engine/skill.h"

namespace timur {

// Every line at `depth`; false if the search stopped first. A partial iteration's best line is
// kept too: the previous best move is searched first, so any other move chosen here was proved
// better at this depth (its score stays the last complete one). The other lines change only
// when complete.
bool SearchWorker::searchLines(MoveList& rootMoves, int depth, std::vector<RootLine>& lines) {
    for (size_t k = 0; k < lines.size(); ++k) {
        Move best;
        std::vector<Move> line;
        int score = iterate(rootMoves, int(k), depth, lines[k].score, best, line);
        if (!best.isNull() && (k == 0 || !stop_)) {
            lines[k].pv = std::move(line);
            if (!stop_) lines[k].score = score;
        }
        if (stop_) return false;
    }
    if (lines.size() > 1) {
        // A later line may have found more than an earlier one (its window started lower).
        std::stable_sort(lines.begin(), lines.end(),
                         [](const RootLine& a, const RootLine& b) { return a.score > b.score; });
        for (size_t k = 0; k < lines.size(); ++k) rootMoves[int(k)] = lines[k].pv[0];
    }
    return true;
}

void SearchWorker::reportLines(int depth, const std::vector<RootLine>& lines, int shown,
                               const Search::InfoCallback& onInfo) const {
    size_t n = std::min(lines.size(), size_t(shown));
    for (size_t k = 0; k < n; ++k)
        onInfo(makeInfo(depth, lines[k].score, lines[k].pv, shown > 1 ? int(k) + 1 : 0));
}

RootLine SearchWorker::skillPick(Skill& skill, const std::vector<RootLine>& lines) {
    std::vector<int> scores;
    for (const RootLine& line : lines) scores.push_back(line.score);
    return lines[size_t(skill.pick(scores))];
}

}  // namespace timur
