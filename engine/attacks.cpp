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

// The magics the search below finds on 8x8 (the grid every 8x8 variant loads), so that a
// process starts without searching: each is still checked against every occupancy, and a
// wrong one only sends that square back to the search.
constexpr std::uint64_t kRookMagics8x8[64] = {
    0x0a80004000801220ULL, 0x8040004010002008ULL, 0x2080200010008008ULL, 0x1100100008210004ULL,
    0xc200209084020008ULL, 0x2100010004000208ULL, 0x0400081000822421ULL, 0x0200010422048844ULL,
    0x0800800080400024ULL, 0x0001402000401000ULL, 0x3000801000802001ULL, 0x4400800800100083ULL,
    0x0904802402480080ULL, 0x4040800400020080ULL, 0x0018808042000100ULL, 0x4040800080004100ULL,
    0x0040048001458024ULL, 0x00a0004000205000ULL, 0x3100808010002000ULL, 0x4825010010000820ULL,
    0x5004808008000401ULL, 0x2024818004000a00ULL, 0x0005808002000100ULL, 0x2100060004806104ULL,
    0x0080400880008421ULL, 0x4062220600410280ULL, 0x010a004a00108022ULL, 0x0000100080080080ULL,
    0x0021000500080010ULL, 0x0044000202001008ULL, 0x0000100400080102ULL, 0xc020128200040545ULL,
    0x0080002000400040ULL, 0x0000804000802004ULL, 0x0000120022004080ULL, 0x010a386103001001ULL,
    0x9010080080800400ULL, 0x8440020080800400ULL, 0x0004228824001001ULL, 0x000000490a000084ULL,
    0x0080002000504000ULL, 0x200020005000c000ULL, 0x0012088020420010ULL, 0x0010010080080800ULL,
    0x0085001008010004ULL, 0x0002000204008080ULL, 0x0040413002040008ULL, 0x0000304081020004ULL,
    0x0080204000800080ULL, 0x3008804000290100ULL, 0x1010100080200080ULL, 0x2008100208028080ULL,
    0x5000850800910100ULL, 0x8402019004680200ULL, 0x0120911028020400ULL, 0x0000008044010200ULL,
    0x0020850200244012ULL, 0x0020850200244012ULL, 0x0000102001040841ULL, 0x140900040a100021ULL,
    0x000200282410a102ULL, 0x000200282410a102ULL, 0x000200282410a102ULL, 0x4048240043802106ULL,
};
constexpr std::uint64_t kBishopMagics8x8[64] = {
    0x40106000a1160020ULL, 0x0020010250810120ULL, 0x6084030222058410ULL, 0x002806004050c040ULL,
    0x0002021018000000ULL, 0x00382c0420104000ULL, 0x8121420844400005ULL, 0x1030820110010500ULL,
    0x00004004280200eeULL, 0x2000020404040044ULL, 0x0204062404008000ULL, 0x0020440400800000ULL,
    0xc008f11040600800ULL, 0x8004820202226000ULL, 0x4100040202100400ULL, 0x0048010086112001ULL,
    0x2a20441020130532ULL, 0x4004202003440102ULL, 0x1014004208081300ULL, 0x2080818802044202ULL,
    0x0040880c00a00100ULL, 0x0080400200522010ULL, 0x80ac8022c4100804ULL, 0x0000843202110d00ULL,
    0x1004400004100410ULL, 0x00013100a0022206ULL, 0x2148500001040080ULL, 0x4241080011004300ULL,
    0x4020848004002000ULL, 0x10101380d1004100ULL, 0x0008004422020284ULL, 0x060400810900e10eULL,
    0x0b46084201204200ULL, 0x0b46084201204200ULL, 0x0091128200100c00ULL, 0x0202200802010104ULL,
    0x8c0a020200440085ULL, 0x01a0008080b10040ULL, 0x0b46084201204200ULL, 0x0b46084201204200ULL,
    0x4008020220003083ULL, 0x0001009610822080ULL, 0x8170840041008802ULL, 0x0a00004200810805ULL,
    0x0830404408210100ULL, 0x2602208106006102ULL, 0x1048300680802628ULL, 0x01104102008009a3ULL,
    0x0002081402094001ULL, 0x0941010801043000ULL, 0x000040440a210428ULL, 0x0008240020880021ULL,
    0x0042101002020020ULL, 0x000104200c010000ULL, 0x0220021002009900ULL, 0x06028c1404004842ULL,
    0x0001008044200440ULL, 0x0004c04410841000ULL, 0x2000500104011130ULL, 0x000100040a840420ULL,
    0x0280482050220200ULL, 0x0434804908100424ULL, 0x2404100408008400ULL, 0x48081010008a2a80ULL,
};

// Fills `magics` (rook or bishop, by `steps`) and appends their attack sets to out.table;
// false if the search gave up on some square (then the lines serve instead).
bool buildMagics(MagicTables& out, std::vector<MagicTables::Magic>& magics, int files, int ranks,
                 const int (*steps)[2], const std::uint64_t* known) {
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
            if (known && tries == 0) {
                m.magic = known[sq];
            } else {
                do m.magic = rng.sparse();
                while (filter && std::popcount((m.magic * m.mask) >> 56) < 6);
            }
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
        bool eight = files == 8 && ranks == 8;
        if (buildMagics(*t, t->rook, files, ranks, kRookSteps, eight ? kRookMagics8x8 : nullptr) &&
            buildMagics(*t, t->bishop, files, ranks, kBishopSteps,
                        eight ? kBishopMagics8x8 : nullptr))
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
