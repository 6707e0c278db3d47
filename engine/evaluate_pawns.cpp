// The evaluation's pawn terms, for the pawn-like pieces (a promotion rule, and every move one
// rank forward: VariantInfo::pawnLike):
//
//   structure  doubled (more than one on a file) and isolated (none of their side on the next
//              files);
//   passed     no enemy pawn-like piece ahead on its file or the next ones: a bonus that grows
//              as it nears its promotion zone, in the endgame more with the enemy royal far;
//   connected  defended by a pawn-like piece of its side (one step, by that piece's own capture
//              moves) or side by side with one: more the further it stands, less when an enemy
//              pawn-like piece stands ahead on its file (Stockfish's "connected" term, with the
//              rank read as the share of the way to the promotion zone);
//   shelter    in the middlegame, for a side's first royal, its pawn-like pieces close in front
//              of it on its file and the next two, and enemy ones coming up those files
//              (storm), less when one of ours blocks them.
//
// They depend on the pawn-like pieces and the first royals alone, which change far less often
// than the rest of the position: a cache per Evaluator keeps them by those (pawnKey).
#include <algorithm>
#include <cmath>

#include "engine/evaluate.h"
#include "notation/compile.h"

namespace timur {

namespace {

// The squares next to `from` that a piece of colour c captures on in one step (its table's
// moves that may end on an enemy there).
SquareSet stepCaptures(const betza::CompiledPiece& table, const Geometry& g, Color c, int from) {
    SquareSet out;
    if (from >= int(table.ranges[c].size())) return out;
    const betza::SquareRange& r = table.ranges[c][from];
    std::uint32_t end = std::min<std::uint32_t>(r.initial, std::uint32_t(table.nodes.size()));
    for (std::uint32_t i = r.begin; i < end; ++i) {
        const betza::PathNode& n = table.nodes[i];
        if ((n.flags & betza::kNodeNullMove) || !(n.emit & betza::kOccEnemy)) continue;
        int df = std::abs(g.fileOf(n.sq) - g.fileOf(from));
        int dr = std::abs(g.rankOf(n.sq) - g.rankOf(from));
        if (std::max(df, dr) == 1) out.set(n.sq);
    }
    return out;
}

// Shelter by how far in front of the royal our nearest pawn-like piece stands on a file (0:
// none within reach), and storm by how far the enemy's nearest one is; centipawns at weight 100.
constexpr int kShelter[5] = {-18, 36, 24, 10, 0};
constexpr int kStorm[5] = {0, 0, 38, 22, 8};
constexpr int kShelterReach = 4;

constexpr int kPawnCacheEntries = 1 << 14;  // 256 KB a thread

// MurmurHash3's finaliser: a bijection in which every input bit reaches every output bit.
std::uint64_t mix(std::uint64_t x) {
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    return x ^ (x >> 33);
}

}  // namespace

void Evaluator::preparePawnTerms() {
    const Variant& v = *variant_;
    const Geometry& g = v.board;
    int n = g.squareCount();
    pawnCache_.assign(kPawnCacheEntries, {});
    phalanx_.assign(n, {});
    for (int c = 0; c < 2; ++c) {
        supporters_[c].assign(n, {});
        connected_[c].assign(typeCount_, {});
    }
    for (int sq = 0; sq < n; ++sq)
        for (int df : {-1, 1}) {
            int f = g.fileOf(sq) + df;
            if (f < 0 || f >= g.files) continue;
            int to = g.square(f, g.rankOf(sq));
            if (!g.holes[to]) phalanx_[sq].set(to);
        }
    for (int t = 0; t < typeCount_; ++t) {
        if (!pawn_[t] || t >= int(v.tables.size())) continue;
        for (int c = 0; c < 2; ++c) {
            if (royalForward_[c] == 0) royalForward_[c] = forward_[c][t];
            for (int from = 0; from < n; ++from) {
                if (g.holes[from]) continue;
                SquareSet hits = stepCaptures(v.tables[t], g, Color(c), from);
                for (size_t to = hits._Find_first(); to < hits.size(); to = hits._Find_next(to))
                    supporters_[c][to].set(from);
            }
            // Stockfish's connected bonus by rank (7 on the second rank to 86 on the seventh, in
            // its units, about half a centipawn), over the share p of the way to the zone.
            int maxD = std::max(1, maxZoneDistance_[t]);
            for (int sq = 0; sq < n; ++sq) {
                double p = double(maxD - zoneDistance_[c][t][sq]) / maxD;
                double bonus = promoScale_[t] * (3.5 + 57 * std::pow(std::max(0.0, p), 2.3));
                connected_[c][t][sq] = std::int16_t(std::lround(bonus));
            }
        }
    }
}

std::uint64_t Evaluator::pawnKey(const Position& pos) const {
    // Position::pawnHash has keys of its own for each pawn-like type, colour and square; each
    // side's royal square is mixed under a salt of its own.
    constexpr std::uint64_t kSalt = 0x9e3779b97f4a7c15ULL;
    std::uint64_t key = pos.pawnHash() ^ kSalt;  // not 0, an unused entry's key, without pawns
    for (int c = 0; c < 2; ++c)
        if (!pos.royals(Color(c)).empty())
            key ^= mix(std::uint64_t(pos.royals(Color(c)).front()) + std::uint64_t(c + 1) * kSalt);
    return key;
}

void Evaluator::cachedPawnTerms(const Position& pos, const PawnFiles& pawnFiles, int* mg, int* eg,
                                int* shelters) const {
    std::uint64_t key = pawnKey(pos);
    PawnEntry& e = pawnCache_[key & (pawnCache_.size() - 1)];
    if (e.key != key) {
        // pawnTerms only adds to mg and eg: its sums from zero, added below, are what it would
        // have added directly. A sum beyond int16 is not stored.
        int pawnMg[2] = {0, 0}, pawnEg[2] = {0, 0};
        pawnTerms(pos, pawnFiles, pawnMg, pawnEg, shelters);
        bool fits = true;
        for (int v : {pawnMg[0], pawnMg[1], pawnEg[0], pawnEg[1]})
            fits = fits && v == std::int16_t(v);
        if (!fits) {
            for (int c = 0; c < 2; ++c) mg[c] += pawnMg[c], eg[c] += pawnEg[c];
            return;
        }
        e.key = key;
        for (int c = 0; c < 2; ++c) {
            e.mg[c] = std::int16_t(pawnMg[c]), e.eg[c] = std::int16_t(pawnEg[c]);
            e.shelter[c] = std::int16_t(shelters[c]);  // a few hundred at most
        }
    }
    for (int c = 0; c < 2; ++c) {
        mg[c] += e.mg[c], eg[c] += e.eg[c];
        shelters[c] = e.shelter[c];
    }
}

void Evaluator::pawnTerms(const Position& pos, const PawnFiles& pawnFiles, int* mg, int* eg,
                          int* shelters) const {
    const Geometry& g = pos.board();
    SquareSet pawns[2];
    pawnSets(pos, pawns);
    for (int c = 0; c < 2; ++c) {
        for (int f = 0; f < g.files && f < 16; ++f) {
            int k = pawnFiles[c][f];
            if (!k) continue;
            if (k > 1) {
                mg[c] -= w_[kWDoubledMg] * (k - 1);
                eg[c] -= w_[kWDoubledEg] * (k - 1);
            }
            bool left = f > 0 && pawnFiles[c][f - 1];
            bool right = f + 1 < g.files && f + 1 < 16 && pawnFiles[c][f + 1];
            if (!left && !right) {
                mg[c] -= w_[kWIsolatedMg] * k;
                eg[c] -= w_[kWIsolatedEg] * k;
            }
        }
        Color them = ~Color(c);
        const SquareSet& enemyPawns = pawns[them];
        int connectedMg = 0, connectedEg = 0;
        for (int t = 0; t < typeCount_; ++t) {
            if (!pawn_[t]) continue;
            const SquareSet& s = pos.pieces(Color(c), PieceType(t));
            int dir = forward_[c][t] > 0 ? 0 : 1;
            const int maxD = std::max(1, maxZoneDistance_[t]);
            for (size_t sq = s._Find_first(); sq < s.size(); sq = s._Find_next(sq)) {
                // The way gone towards the promotion zone, out of maxD.
                const int way = maxD - zoneDistance_[c][t][sq];
                int supported = int((pawns[c] & supporters_[c][sq]).count());
                bool phalanx = (pawns[c] & phalanx_[sq]).any();
                if (supported || phalanx) {
                    bool opposed = (enemyPawns & frontFile_[dir][sq]).any();
                    int v = connected_[c][t][sq] * (2 + phalanx - opposed) + 10 * supported;
                    connectedMg += v;
                    connectedEg += v * way / maxD;
                }
                // Passed: no enemy pawn-like piece ahead on this or a neighbouring file.
                if ((enemyPawns & frontSpan_[dir][sq]).any()) continue;
                double p = double(way) / maxD;
                mg[c] += int(promoScale_[t] * (5 + 40 * p * p) * w_[kWPassedMg] / 100);
                eg[c] += int(promoScale_[t] * (15 + 130 * p * p) * w_[kWPassedEg] / 100);
                // The enemy royal far from it, ours near.
                if (w_[kWPassedRoyalEg] && !pos.royals(them).empty() &&
                    !pos.royals(Color(c)).empty()) {
                    int de = distance(int(sq), pos.royals(them).front());
                    int dm = distance(int(sq), pos.royals(Color(c)).front());
                    eg[c] += int(promoScale_[t] * p * w_[kWPassedRoyalEg] *
                                 (2 * std::min(de, 5) - std::min(dm, 5)) / 8);
                }
            }
        }
        mg[c] += connectedMg * w_[kWConnectedMg] / 100;
        eg[c] += connectedEg * w_[kWConnectedEg] / 100;
        shelters[c] = 0;
        if ((w_[kWShelter] || kingDanger_) && royalForward_[c] && !pos.royals(Color(c)).empty())
            shelters[c] = shelter(pos, Color(c), pawns);
        mg[c] += shelters[c] * w_[kWShelter] / 100;
    }
}

void Evaluator::pawnSets(const Position& pos, SquareSet* pawns) const {
    for (int t = 0; t < typeCount_; ++t)
        if (pawn_[t])
            for (int c = 0; c < 2; ++c) pawns[c] |= pos.pieces(Color(c), PieceType(t));
}

// The shelter of side c's first royal: on its file and the next two, our nearest pawn-like
// piece in front of it and the enemy's nearest coming up the file (a storm blocked by ours
// counts half).
int Evaluator::shelter(const Position& pos, Color c, const SquareSet* pawns) const {
    const Geometry& g = pos.board();
    int rsq = pos.royals(c).front();
    int file = file_[rsq], rank = rank_[rsq], dir = royalForward_[c];
    int score = 0;
    for (int f = std::max(0, file - 1); f <= std::min(g.files - 1, file + 1); ++f) {
        int ours = 0, theirs = 0;
        for (int k = 1; k <= kShelterReach; ++k) {
            int r = rank + dir * k;
            if (r < 0 || r >= g.ranks) break;
            int sq = g.square(f, r);
            if (!ours && pawns[c][sq]) ours = k;
            if (!theirs && pawns[~c][sq]) theirs = k;
        }
        score += kShelter[ours];
        if (theirs) score -= ours && ours < theirs ? kStorm[theirs] / 2 : kStorm[theirs];
    }
    return score;
}

}  // namespace timur
