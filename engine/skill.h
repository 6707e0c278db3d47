// Playing strength below full: a Skill Level (0..20) makes the search choose, now and then, a
// weaker move on purpose among its best few lines, as a person of that strength would, and stop
// at a shallow depth; UCI_Elo picks the level whose strength was measured at that rating
// (docs/strength.md has the measurements the table below comes from).
#pragma once

#include <cstdint>
#include <random>
#include <vector>

namespace timur {

class Skill {
  public:
    static constexpr double kFull = 20;  // the level at which nothing is weakened
    static constexpr int kLines = 4;     // lines searched to choose among (at least)

    // `level` is clamped to 0..kFull; seed 0 seeds from the clock.
    Skill(double level, std::uint64_t seed);

    bool enabled() const { return level_ < kFull; }
    double level() const { return level_; }
    // The iteration whose lines the move is chosen from; the search need not go deeper.
    int pickDepth() const { return 1 + int(level_); }
    // Which of the lines (scores from the side to move's view, best first) to play: the best
    // line's score, less a random handicap that grows as the level falls and as a line's score
    // falls behind, decides; so a weak level often plays a slightly worse move and now and then
    // a clearly worse one.
    int pick(const std::vector<int>& scores);

    // UCI_Elo: the rating scale of docs/strength.md, and the level that plays at a rating
    // (interpolated between the measured levels; clamped to the scale).
    static int minElo();
    static int maxElo();
    static double levelForElo(int elo);

  private:
    double level_;
    std::mt19937_64 rng_;
};

}  // namespace timur
