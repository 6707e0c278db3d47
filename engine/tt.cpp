#include "engine/tt.h"

#include <algorithm>

namespace timur {

void TranspositionTable::setSizeMb(int mb) {
    sizeMb_ = std::max(1, mb);
    std::vector<Cluster>().swap(table_);
}

void TranspositionTable::allocate() {
    size_t n = size_t(sizeMb_) * 1024 * 1024 / sizeof(Cluster);
    size_t p = 1;
    while (p * 2 <= n) p *= 2;
    if (table_.size() != p) table_.assign(p, Cluster{});
}

void TranspositionTable::clear() {
    std::fill(table_.begin(), table_.end(), Cluster{});
}

TTEntry* TranspositionTable::probe(std::uint64_t key) {
    Cluster& c = cluster(key);
    std::uint32_t k = check32(key);
    for (TTEntry& e : c.e)
        if (e.key == k && e.depth) return &e;
    return nullptr;
}

// Replacement: the same position when the new result is deep enough or exact; else the entry
// that is empty, or of an older search, or shallowest.
void TranspositionTable::store(std::uint64_t key, const Move& m, int score, int eval, int depth,
                               Bound b) {
    Cluster& c = cluster(key);
    std::uint32_t k = check32(key);
    TTEntry* slot = nullptr;
    for (TTEntry& e : c.e)
        if (e.key == k && e.depth) {
            slot = &e;
            break;
        }
    if (slot) {
        // A deeper result of this search stays, unless an exact one of the main search comes
        // (a quiescence result, depth 0, never displaces a deeper one).
        if ((b != kBoundExact || depth == 0) && depth + 1 + 2 < slot->depth &&
            slot->gen() == generation_)
            return;
        if (m.isNull()) {
            // Keep the move we knew.
            Move old = slot->move;
            *slot = TTEntry{};
            slot->move = old;
        }
    } else {
        int worst = 1 << 30;
        for (TTEntry& e : c.e) {
            int age = (generation_ - e.gen()) & 63;
            int v = e.depth - 8 * age;
            if (!e.depth) v = -(1 << 20);
            if (v < worst) {
                worst = v;
                slot = &e;
            }
        }
        slot->move = Move{};
    }
    slot->key = k;
    if (!m.isNull()) slot->move = m;
    slot->score = std::int16_t(score);
    slot->eval = std::int16_t(eval);
    slot->depth = std::uint8_t(std::clamp(depth, 0, 250) + 1);
    slot->genBound = std::uint8_t((generation_ << 2) | b);
}

int TranspositionTable::hashfull() const {
    size_t n = std::min<size_t>(334, table_.size()), used = 0;
    for (size_t i = 0; i < n; ++i)
        for (const TTEntry& e : table_[i].e)
            if (e.depth && e.gen() == generation_) ++used;
    return int(used * 1000 / std::max<size_t>(1, n * kClusterSize));
}

}  // namespace timur
