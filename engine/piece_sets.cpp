#include "engine/piece_sets.h"

#include <map>
#include <numeric>
#include <tuple>

namespace timur {

// Lays each path out on the board, square by square, as compile.cpp's ride() does: a path dies
// at a gate square off the board or in a hole; a ride stops at the first such square; a move may
// end on a square from its minimum step on, if the piece may go there (confinement).
template <class BB>
class PieceSets<BB>::Builder {
  public:
    Builder(PieceSets& out, const Geometry& g, SliderAttacks<BB>& sliders)
        : out_(out), g_(g), sliders_(sliders) {}

    void square(const betza::FastPattern& pattern, const SquareSet& allowed, int c, int from,
                bool virgin) {
        std::vector<Term> terms;
        std::vector<BB> rays;  // [term]: the squares of the ways along its line it has paths on
        struct {
            Hops orth, diag;
            BB orthRays, diagRays;
        } hops;
        Sets& sets = out_.sets_[out_.index(c, from, virgin)];
        Extra extra;
        int sign = c == 0 ? 1 : -1;
        int f0 = g_.fileOf(from), r0 = g_.rankOf(from);
        for (const betza::FastPath& p : pattern.paths) {
            if (p.initial && !virgin) continue;
            BB gate;
            bool open = true;
            for (betza::Offset o : p.gate) {
                int f = f0 + sign * o.dx, r = r0 + sign * o.dy;
                if (!g_.isSquare(f, r)) open = false;
                if (open) gate.set(g_.square(f, r));
            }
            if (!open) continue;
            int rf = f0 + sign * p.relay.dx, rr = r0 + sign * p.relay.dy;
            if (!g_.isSquare(rf, rr)) continue;
            int dx = sign * p.step.dx, dy = sign * p.step.dy;
            // A hopper's screen may stand after minSteps..maxSteps steps, and it may end anywhere
            // beyond the nearest one; a hole stops both as the board's edge does.
            BB ends, screens, ray;
            for (int k = 1; g_.isSquare(rf + k * dx, rr + k * dy); ++k) {
                int to = g_.square(rf + k * dx, rr + k * dy);
                ray.set(to);
                bool screen = k >= p.minSteps && (!p.maxSteps || k <= p.maxSteps);
                if (p.hurdles && screen) screens.set(to);
                if (k >= p.minSteps + p.hurdles && (allowed.none() || allowed[to])) ends.set(to);
                if (!p.hurdles && p.maxSteps && k >= p.maxSteps) break;
            }
            BB quiet = p.modes & betza::kModeEmpty ? ends : BB{};
            BB capture = p.modes & betza::kModeCaptureEnemy ? ends : BB{};
            if (p.modes & betza::kModeEnPassant) extra.ep |= ends, out_.hasEp_ = true;
            if (p.createsEp) extra.createsEp |= quiet, out_.createsEp_ = true;
            using S = SliderAttacks<BB>;
            std::int16_t ride = p.isLeap() ? kLeap : std::int16_t(sliders_.lineId(dx, dy));
            bool orthogonal = ride == S::kRank || ride == S::kFile;
            bool diagonal = ride == S::kDiagonal || ride == S::kAntiDiagonal;
            // A plain hopper along ranks, files or diagonals, unless another goes the same way
            // with other screens.
            if (p.isPlain() && p.hurdles && (orthogonal || diagonal)) {
                Hops& h = orthogonal ? hops.orth : hops.diag;
                BB& hopRays = orthogonal ? hops.orthRays : hops.diagRays;
                if ((hopRays & ray).none() || (h.screens & ray) == screens) {
                    h.quiet |= quiet;
                    h.capture |= capture;
                    h.screens |= screens;
                    hopRays |= ray;
                    (orthogonal ? out_.hopsOrthogonal_ : out_.hopsDiagonal_) |= ends.any();
                    continue;
                }
            }
            if (p.isPlain() && !p.hurdles && (ride == kLeap || orthogonal || diagonal)) {
                BB& q = orthogonal ? sets.orthQuiet : diagonal ? sets.diagQuiet : sets.leapQuiet;
                BB& x = orthogonal ? sets.orthCapture
                        : diagonal ? sets.diagCapture
                                   : sets.leapCapture;
                q |= quiet;
                x |= capture;
                out_.usesOrthogonal_ |= orthogonal && ends.any();
                out_.usesDiagonal_ |= diagonal && ends.any();
                continue;
            }
            if (ends.none()) continue;
            int relay = g_.square(rf, rr);
            // One term per gate, relay and line; hoppers apart, and a second hopper the same way
            // along the line only with the same screens (each way is read on its own).
            Term* t = nullptr;
            for (std::size_t i = 0; i < terms.size() && !t; ++i) {
                Term& u = terms[i];
                if (u.gate == gate && u.relay == relay && u.ride == ride &&
                    u.screens.any() == screens.any() &&
                    ((rays[i] & ray).none() || (u.screens & ray) == screens))
                    t = &u, rays[i] |= ray;
            }
            if (!t) {
                terms.push_back(Term{gate, BB{}, BB{}, screens, ride, std::uint8_t(relay)});
                rays.push_back(ray);
                t = &terms.back();
            }
            t->quiet |= quiet;
            t->capture |= capture;
            t->screens |= screens;
        }
        extra.termBegin = std::uint32_t(out_.terms_.size());
        out_.terms_.insert(out_.terms_.end(), terms.begin(), terms.end());
        extra.termEnd = std::uint32_t(out_.terms_.size());
        out_.hasTerms_ |= !terms.empty();
        extras_.push_back({out_.index(c, from, virgin), extra});
        hops_.push_back({out_.index(c, from, virgin), hops.orth, hops.diag});
    }

    // Keeps the per-square extras and hoppers only when some square has any.
    void finish() {
        if (out_.hopsOrthogonal_) out_.orthHops_.assign(out_.sets_.size(), Hops{});
        if (out_.hopsDiagonal_) out_.diagHops_.assign(out_.sets_.size(), Hops{});
        for (const auto& [i, orth, diag] : hops_) {
            if (out_.hopsOrthogonal_) out_.orthHops_[i] = orth;
            if (out_.hopsDiagonal_) out_.diagHops_[i] = diag;
        }
        if (!out_.hasTerms_ && !out_.hasEp_ && !out_.createsEp_) return;
        out_.extras_.assign(out_.sets_.size(), Extra{});
        for (const auto& [i, e] : extras_) out_.extras_[i] = e;
    }

  private:
    PieceSets& out_;
    const Geometry& g_;
    SliderAttacks<BB>& sliders_;
    std::vector<std::pair<int, Extra>> extras_;
    std::vector<std::tuple<int, Hops, Hops>> hops_;
};

template <class BB>
std::optional<PieceSets<BB>> PieceSets<BB>::build(const betza::CompileInput& input,
                                                  const Geometry& board, SliderAttacks<BB>& sliders,
                                                  std::string* whyNot) {
    if (board.files != sliders.files() || board.ranks != sliders.ranks())
        throw std::invalid_argument("PieceSets: the slider tables are for another board");
    // Each distinct move set once (zone-dependent moves use several).
    std::map<const betza::PieceMoves*, betza::FastPattern> patterns;
    auto movesAt = [&](int c, int sq) {
        const auto& at = input.movesAt[c];
        return !at.empty() && at[sq] ? at[sq] : input.moves;
    };
    if (!input.within.empty()) {
        if (whyNot) *whyNot = "it has moves made only within a set of squares";
        return std::nullopt;
    }
    PieceSets out;
    out.reversible_ = input.movesAt[0].empty() && input.movesAt[1].empty() &&
                      input.allowed[0].none() && input.allowed[1].none();
    out.squares_ = board.squareCount();
    out.files_ = board.files;
    for (int c = 0; c < 2; ++c)
        for (int sq = 0; sq < board.squareCount(); ++sq) {
            const betza::PieceMoves* pm = movesAt(c, sq);
            if (!pm || board.holes[sq] || patterns.count(pm)) continue;
            auto pattern = betza::classify(*pm, whyNot);
            if (!pattern) return std::nullopt;
            for (const auto& p : pattern->paths) {
                out.hasInitial_ |= p.initial;
                if (!p.isPlain() || (p.initial && (p.modes & betza::kModeCaptureEnemy)) ||
                    (p.hurdles && (p.minSteps != 1 || p.maxSteps != 0)))
                    out.reversible_ = false;
            }
            patterns.emplace(pm, std::move(*pattern));
        }
    out.sets_.assign(std::size_t(out.hasInitial_ ? 4 : 2) * out.squares_, Sets{});
    Builder builder(out, board, sliders);
    for (int virgin = 0; virgin <= int(out.hasInitial_); ++virgin)
        for (int c = 0; c < 2; ++c)
            for (int sq = 0; sq < board.squareCount(); ++sq) {
                const betza::PieceMoves* pm = movesAt(c, sq);
                if (!pm || board.holes[sq]) continue;
                builder.square(patterns.at(pm), input.allowed[c], c, sq, virgin);
            }
    builder.finish();
    return out;
}

template <class BB>
int PieceSets<BB>::epSquare(int from, int to) const {
    int dx = to % files_ - from % files_, dy = to / files_ - from / files_;
    int g = std::gcd(dx, dy);
    return to - (dy / g) * files_ - dx / g;
}

template <class BB>
std::size_t PieceSets<BB>::bytes() const {
    return sizeof(*this) + sets_.capacity() * sizeof(Sets) + extras_.capacity() * sizeof(Extra) +
           terms_.capacity() * sizeof(Term) +
           (orthHops_.capacity() + diagHops_.capacity()) * sizeof(Hops);
}

template class PieceSets<Bitboard<1>>;
template class PieceSets<Bitboard<2>>;
template class PieceSets<Bitboard<3>>;
template class PieceSets<Bitboard<4>>;

}  // namespace timur
