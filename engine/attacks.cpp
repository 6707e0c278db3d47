#include "engine/attacks.h"

#include <bit>
#include <map>
#include <mutex>
#include <stdexcept>

namespace timur {

namespace {

constexpr int kRookSteps[4][2] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
constexpr int kBishopSteps[4][2] = {{1, 1}, {-1, 1}, {-1, -1}, {1, -1}};

// Stockfish's PRNG (xorshift64*), for a reproducible magic search.
// Tries per square before the magic search gives up (no 8x8-or-smaller grid needs it).
constexpr std::size_t kMaxTries = std::size_t(1) << 20;

class Prng {
  public:
    explicit Prng(std::uint64_t seed) : s_(seed) {}
    std::uint64_t next() {
        s_ ^= s_ >> 12, s_ ^= s_ << 25, s_ ^= s_ >> 27;
        return s_ * 2685821657736338717ULL;
    }
    std::uint64_t sparse() { return next() & next() & next(); }

  private:
    std::uint64_t s_;
};

// Fills `magics` (rook or bishop, by `steps`) and appends their attack sets to out.table;
// false if the search gave up on some square (then the lines serve instead).
bool buildMagics(MagicTables& out, std::vector<MagicTables::Magic>& magics, int files, int ranks,
                 const int (*steps)[2]) {
    const int n = files * ranks;
    std::vector<std::uint64_t>& table = out.table;
    auto inside = [&](int x, int y) { return x >= 0 && x < files && y >= 0 && y < ranks; };
    // The squares attacked from sq on occupancy occ, by walking the rays.
    auto slide = [&](int sq, std::uint64_t occ) {
        std::uint64_t a = 0;
        for (int d = 0; d < 4; ++d)
            for (int x = sq % files + steps[d][0], y = sq / files + steps[d][1]; inside(x, y);
                 x += steps[d][0], y += steps[d][1]) {
                a |= std::uint64_t(1) << (y * files + x);
                if ((occ >> (y * files + x)) & 1) break;
            }
        return a;
    };
    // Stockfish's seeds for 8x8 (one per rank); reused cyclically on other boards.
    constexpr std::uint64_t kSeeds[8] = {728, 10316, 55013, 32803, 12281, 15100, 16645, 255};
    magics.resize(n);
    std::vector<std::uint64_t> occupancy, reference;
    std::vector<int> epoch;
    int cnt = 0;
    for (int sq = 0; sq < n; ++sq) {
        MagicTables::Magic& m = magics[sq];
        for (int d = 0; d < 4; ++d)
            for (int x = sq % files + steps[d][0], y = sq / files + steps[d][1];
                 inside(x + steps[d][0], y + steps[d][1]); x += steps[d][0], y += steps[d][1])
                m.mask |= std::uint64_t(1) << (y * files + x);
        int bits = std::popcount(m.mask);
        m.shift = bits ? 64 - bits : 63;
        m.offset = std::uint32_t(table.size());
        std::size_t size = std::size_t(1) << bits;
        table.resize(table.size() + size);
        occupancy.clear();
        reference.clear();
        std::uint64_t b = 0;
        do {
            occupancy.push_back(b);
            reference.push_back(slide(sq, b));
#if defined(TIMUR_USE_PEXT)
            table[m.offset + _pext_u64(b, m.mask)] = reference.back();
#endif
            b = (b - m.mask) & m.mask;
        } while (b);
#if !defined(TIMUR_USE_PEXT)
        if (bits == 0) {
            table[m.offset] = reference[0];
            continue;
        }
        // Random sparse magics until one maps every occupancy to a slot holding its attacks;
        // `epoch` marks the slots written by the current try, so they need no clearing.
        Prng rng(kSeeds[(sq / files) % 8]);
        epoch.assign(size, 0);
        // Stockfish's filter (enough high bits in the product) suits 8x8 masks only.
        bool filter = files == 8 && ranks == 8 && bits >= 6;
        for (std::size_t i = 0, tries = 0; i < occupancy.size(); ++tries) {
            if (tries == kMaxTries) return false;
            do m.magic = rng.sparse();
            while (filter && std::popcount((m.magic * m.mask) >> 56) < 6);
            ++cnt;
            for (i = 0; i < occupancy.size(); ++i) {
                std::size_t idx = ((occupancy[i] & m.mask) * m.magic) >> m.shift;
                if (epoch[idx] < cnt) {
                    epoch[idx] = cnt;
                    table[m.offset + idx] = reference[i];
                } else if (table[m.offset + idx] != reference[i]) {
                    break;
                }
            }
        }
#endif
    }
    return true;
}

}  // namespace

std::shared_ptr<const MagicTables> MagicTables::of(int files, int ranks) {
    static std::mutex mutex;
    static std::map<std::pair<int, int>, std::shared_ptr<const MagicTables>> cache;
    std::lock_guard<std::mutex> lock(mutex);
    auto& slot = cache[{files, ranks}];
    if (!slot) {
        auto t = std::make_shared<MagicTables>();
        if (buildMagics(*t, t->rook, files, ranks, kRookSteps) &&
            buildMagics(*t, t->bishop, files, ranks, kBishopSteps))
            slot = t;
        else
            slot = std::make_shared<MagicTables>();  // empty: no magics on this grid
    }
    return slot->rook.empty() ? nullptr : slot;
}

template <class BB>
SliderAttacks<BB>::SliderAttacks(int files, int ranks) : files_(files), ranks_(ranks) {
    if (files < 1 || ranks < 1 || files > kMaxFiles || ranks > kMaxRanks ||
        files * ranks > BB::kBits)
        throw std::invalid_argument("SliderAttacks: the board does not fit the bitboard");
    lineId(1, 0);
    lineId(0, 1);
    lineId(1, 1);
    lineId(-1, 1);
    if (BB::kWords == 1 && files <= 8 && ranks <= 8) {
        magicsOwner_ = MagicTables::of(files, ranks);
        magics_ = magicsOwner_.get();
    }
}

template <class BB>
int SliderAttacks<BB>::findLine(int dx, int dy) const {
    if (dy < 0 || (dy == 0 && dx < 0)) dx = -dx, dy = -dy;
    for (std::size_t i = 0; i < lines_.size(); ++i)
        if (lines_[i].dx == dx && lines_[i].dy == dy) return int(i);
    return -1;
}

template <class BB>
int SliderAttacks<BB>::lineId(int dx, int dy) {
    if (dx == 0 && dy == 0) throw std::invalid_argument("SliderAttacks: a line needs a step");
    if (dy < 0 || (dy == 0 && dx < 0)) dx = -dx, dy = -dy;
    if (int id = findLine(dx, dy); id >= 0) return id;
    LineRays<BB> rays;
    rays.dx = dx;
    rays.dy = dy;
    rays.squares.resize(files_ * ranks_);
    for (int sq = 0; sq < files_ * ranks_; ++sq) {
        int f = sq % files_, r = sq / files_;
        for (int sign = -1; sign <= 1; sign += 2) {
            BB& ray = sign > 0 ? rays.squares[sq].upper : rays.squares[sq].lower;
            for (int x = f + sign * dx, y = r + sign * dy;
                 x >= 0 && x < files_ && y >= 0 && y < ranks_; x += sign * dx, y += sign * dy)
                ray.set(y * files_ + x);
        }
    }
    lines_.push_back(std::move(rays));
    return int(lines_.size() - 1);
}

template <class BB>
std::size_t SliderAttacks<BB>::bytes() const {
    std::size_t n = sizeof(*this) + (magics_ ? magics_->bytes() : 0);
    for (const auto& l : lines_) n += sizeof(l) + l.squares.capacity() * sizeof(l.squares[0]);
    return n;
}

template class SliderAttacks<Bitboard<1>>;
template class SliderAttacks<Bitboard<2>>;
template class SliderAttacks<Bitboard<3>>;
template class SliderAttacks<Bitboard<4>>;

}  // namespace timur
