// Correction history: how far the search's results have lain from the static evaluation lately,
// by the side to move and a key the search gives (the pawn-like pieces and the royals). An
// evaluation written for any variant misjudges some structures the same way all game long (a
// blocked chain, a passed pawn that cannot be stopped); the search learns that bias as it goes
// and adds it to the evaluation, so that its pruning, its improving flag and quiescence's
// stand-pat judge by the corrected value.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "engine/piece.h"

namespace timur {

class CorrectionHistory {
  public:
    CorrectionHistory() : table_(2 * kEntries, 0) {}

    // The evaluation with the bias learned for this side and structure.
    int correct(Color us, std::uint64_t key, int eval) const {
        return eval + table_[index(us, key)] / kGrain;
    }

    // A node's result: the entry moves towards `error` (the search's score less the raw
    // evaluation), the more the deeper the search that found it.
    void update(Color us, std::uint64_t key, int error, int depth) {
        int& entry = table_[index(us, key)];
        int weight = std::min(depth + 1, kMaxWeight);
        int target = std::clamp(error, -kLimit, kLimit) * kGrain;
        entry = (entry * (kScale - weight) + target * weight) / kScale;
    }

    void clear() { std::fill(table_.begin(), table_.end(), 0); }

    static constexpr int kLimit = 128;  // centipawns: the largest correction

  private:
    static constexpr int kEntries = 16384;  // per side
    static constexpr int kGrain = 256;      // entries hold centipawns x kGrain
    static constexpr int kScale = 256;      // an update's weight is out of this
    static constexpr int kMaxWeight = 16;

    static size_t index(Color us, std::uint64_t key) {
        return size_t(us) * kEntries + size_t(key & (kEntries - 1));
    }

    std::vector<int> table_;
};

}  // namespace timur
