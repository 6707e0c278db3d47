// The transposition table: 64-byte clusters of three 20-byte entries, replacement by depth and
// age. All search threads share one table (Lazy SMP) and read and write it without locks: a
// torn entry can only yield a wrong score or move, and the search plays a table move only when
// the move generator produced the same move in the position.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/move.h"

namespace timur {

enum Bound : std::uint8_t { kBoundNone = 0, kBoundUpper = 1, kBoundLower = 2, kBoundExact = 3 };

struct TTEntry {
    std::uint32_t key = 0;
    Move move;
    std::int16_t score = 0;
    std::int16_t eval = 0;
    std::uint8_t depth = 0;     // depth + 1; 0 = empty
    std::uint8_t genBound = 0;  // generation << 2 | bound
    Bound bound() const { return Bound(genBound & 3); }
    std::uint8_t gen() const { return genBound >> 2; }
};

class TranspositionTable {
  public:
    // The size in MiB; memory is taken by the next allocate() (the first search), so that
    // setting the size at start-up costs nothing until then.
    void setSizeMb(int mb);
    void allocate();
    void clear();
    void newSearch() { generation_ = std::uint8_t((generation_ + 1) & 63); }

    TTEntry* probe(std::uint64_t key);
    // Starts loading the cluster of `key` into the cache: the search calls it on making a move,
    // so that the child's probe a little later does not wait for memory.
    void prefetch(std::uint64_t key) const {
        if (!table_.empty()) __builtin_prefetch(&table_[index(key)]);
    }
    void store(std::uint64_t key, const Move& m, int score, int eval, int depth, Bound b);
    int hashfull() const;  // per mille of a sample used by this search

  private:
    static constexpr int kClusterSize = 3;
    struct alignas(64) Cluster {
        TTEntry e[kClusterSize];
    };
    static_assert(sizeof(Cluster) == 64);

    size_t index(std::uint64_t key) const { return key & (table_.size() - 1); }
    Cluster& cluster(std::uint64_t key) { return table_[index(key)]; }
    static std::uint32_t check32(std::uint64_t key) { return std::uint32_t(key >> 32); }

    std::vector<Cluster> table_;
    int sizeMb_ = 16;
    std::uint8_t generation_ = 0;
};

}  // namespace timur
