// Move ordering: the history of quiet moves that cut off, the killer moves of each ply, and the
// order in which the search tries a node's moves.
#pragma once

#include <array>
#include <cstdlib>
#include <vector>

#include "engine/evaluate.h"
#include "engine/move.h"
#include "engine/position.h"

namespace timur {

// How well a quiet move (by colour, from- and to-square) did lately: raised when it cut off,
// lowered when another move did; aged between searches.
class ButterflyHistory {
  public:
    ButterflyHistory() : table_(2 * kMaxSquares * kMaxSquares, 0) {}
    int operator()(Color c, const Move& m) const { return table_[index(c, m)]; }
    // Moves the entry towards +-16384 by `bonus`, less the more it already holds.
    void update(Color c, const Move& m, int bonus) {
        int& h = table_[index(c, m)];
        h += bonus - h * std::abs(bonus) / 16384;
    }
    void clear() { std::fill(table_.begin(), table_.end(), 0); }
    void age() {
        for (int& h : table_) h /= 4;
    }

  private:
    static size_t index(Color c, const Move& m) {
        return (size_t(c) * kMaxSquares + m.from) * kMaxSquares + m.to;
    }
    std::vector<int> table_;
};

// Two quiet moves per ply that cut off lately, the latest first.
using Killers = std::array<Move, 2>;

bool isCapture(const Position& pos, const Move& m);
bool isPromotion(const Move& m);

// The value of the piece that makes move m (0 for a drop).
int moverValue(const Position& pos, const Evaluator& eval, const Move& m);

// A rough static exchange test: a capture of a cheaper piece on a square the opponent
// defends probably loses material.
bool losesMaterial(const Position& pos, const Move& m, int gain, int attacker);

// Scores every move of `moves` into `scores`: the table move first, then captures and
// promotions by gain, the killers, quiet moves by history, and probably-losing captures last.
void scoreMoves(const Position& pos, const Evaluator& eval, const MoveList& moves,
                const Move& ttMove, const Killers& killers, const ButterflyHistory& history,
                int* scores);

// Moves the best-scored of moves[i..] (and its score) to index i.
void pickBest(MoveList& moves, int* scores, int i);

}  // namespace timur
