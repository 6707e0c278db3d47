#include "engine/skill.h"

#include <algorithm>
#include <chrono>
#include <iterator>

namespace timur {

namespace {

// A pawn in centipawns: the most the random part of the handicap is scaled to.
constexpr int kPawn = 100;

// The strength of some levels on a scale where Fairy-Max 5.0b is 2000, from each level's score
// against it in chess (README, "Options a player sets"): 20 (full) +230 from 200 games at
// 10 s + 0.1 s; 15, 10 and 5 from 24 games each at 3 s + 0.03 s (6.5, 6 and 2.5 of 24: margins of
// about +/- 150). Level 0 lost all 24 games: its rating is extrapolated below level 5's.
struct Measured {
    double level;
    int elo;
};
constexpr Measured kMeasured[] = {
    {0, 1000}, {5, 1630}, {10, 1810}, {15, 1830}, {20, 2230},
};

}  // namespace

Skill::Skill(double level, std::uint64_t seed)
    : level_(std::clamp(level, 0.0, kFull)),
      rng_(seed ? seed
                : std::uint64_t(std::chrono::steady_clock::now().time_since_epoch().count())) {}

int Skill::pick(const std::vector<int>& scores) {
    if (scores.empty()) return -1;
    const int top = scores.front();
    // How far apart the lines are, at most a pawn: the size of the random part.
    const int spread = std::min(top - scores.back(), kPawn);
    // 120 at level 0, 80 at level 20 (never used there): how much of a line's deficit is
    // forgiven, in 128ths, and the range of the random part.
    const double weakness = 120 - 2 * level_;
    int chosen = 0;
    long long bestValue = 0;
    for (size_t i = 0; i < scores.size(); ++i) {
        long long behind = top - scores[i];
        long long luck = spread * std::int64_t(rng_() % std::uint64_t(weakness));
        long long value = scores[i] + (std::int64_t(weakness * double(behind)) + luck) / 128;
        if (i == 0 || value >= bestValue) {
            bestValue = value;
            chosen = int(i);
        }
    }
    return chosen;
}

int Skill::minElo() {
    return std::begin(kMeasured)->elo;
}

int Skill::maxElo() {
    return std::prev(std::end(kMeasured))->elo;
}

double Skill::levelForElo(int elo) {
    if (elo <= minElo()) return std::begin(kMeasured)->level;
    for (auto it = std::next(std::begin(kMeasured)); it != std::end(kMeasured); ++it) {
        const Measured& lo = *std::prev(it);
        if (elo <= it->elo)
            return lo.level + (it->level - lo.level) * double(elo - lo.elo) / (it->elo - lo.elo);
    }
    return std::prev(std::end(kMeasured))->level;
}

}  // namespace timur
