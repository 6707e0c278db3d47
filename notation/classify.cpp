// The rewriting of moves into plain paths. It mirrors compile.cpp's TreeBuilder for the subset
// it accepts: startLeg()'s direction choices, ride()'s ranges, lame gates and e.p. squares.
#include "notation/classify.h"

#include <algorithm>
#include <cstdlib>

#include "notation/compile.h"

namespace timur::betza {

namespace {

struct Rejected {
    std::string why;
};

// Consecutive legs that make one straight ride: each later one goes straight on with the same
// atom after its predecessor relayed over an empty square.
struct Segment {
    int firstLeg = 0;
    Atom atom;
    DirMask dirs = 0;  // of the first leg: absolute for the first segment, relative after
    int minSteps = 1, maxSteps = 1;  // maxSteps 0 = unlimited
    ModeMask mode = 0;               // of the last leg
    Pass pass = Pass::Leap;
    Bend bend = Bend::Free;  // of the first leg
    // A hop (p) and the leg that goes straight on beyond the screen: min/maxSteps say where the
    // screen may stand, `mode` is the last leg's.
    bool hop = false;
};

constexpr ModeMask kHopModes = kModeHopEnemy | kModeHopFriend;

constexpr ModeMask kFinalModes = kModeEmpty | kModeCaptureEnemy | kModeEnPassant;

void checkLeg(const Leg& leg, bool final) {
    if (leg.atom.kind != AtomKind::Step && leg.atom.kind != AtomKind::King)
        throw Rejected{"an atom other than a leap or ride (U, O)"};
    if (leg.shape != Shape::Straight) throw Rejected{"a circular or crooked ride"};
    if (leg.maxJumps || leg.jumpAny || leg.skipFirst) throw Rejected{"a ride that jumps"};
    if (leg.pass == Pass::MustJump) throw Rejected{"a leap that must jump (j)"};
    if (leg.cylinder) throw Rejected{"a cylindrical ride (o)"};
    if (leg.tame) throw Rejected{"a tame move (t)"};
    if (leg.unload) throw Rejected{"unloading (u)"};
    if (!final && leg.mayStopHere) throw Rejected{"a move that may stop between legs"};
    if (!final && leg.mode != kModeEmpty && !(leg.mode & kHopModes))
        throw Rejected{"a leg that captures before the move ends (locust)"};
    if (!final && (leg.mode & kHopModes) && leg.mode != kHopModes)
        throw Rejected{"a hop over one side's pieces only, or a leg that may hop or not (tp, mp)"};
    if (final && (leg.mode & ~kFinalModes)) throw Rejected{"a capture of an own piece (d)"};
}

// Adds a and b as step counts where 0 means unlimited.
int addSteps(int a, int b) {
    return a == 0 || b == 0 ? 0 : a + b;
}

// A hop leg and the last leg after it: the pair a plain hopper (pR) makes.
void checkHop(const Move& m, std::size_t i) {
    if (i + 2 != m.legs.size()) throw Rejected{"a hop before a leg other than the last"};
    const Leg &hop = m.legs[i], &on = m.legs[i + 1];
    if (hop.pass != Pass::Leap || on.pass != Pass::Leap) throw Rejected{"a lame hopper"};
    if (on.atom != hop.atom || on.dirs != 1)
        throw Rejected{"a hopper that turns or changes its atom at the screen"};
    if (on.minRange > 1 || on.maxRange != kUnlimited)
        throw Rejected{"a hopper that lands within a range beyond the screen (grasshopper)"};
}

// The legs as segments, or an empty list when some leg can never be completed.
std::vector<Segment> segmentsOf(const Move& m) {
    std::vector<Segment> segs;
    for (std::size_t i = 0; i < m.legs.size(); ++i) {
        const Leg& leg = m.legs[i];
        checkLeg(leg, i + 1 == m.legs.size());
        int lo = std::max<int>(leg.minRange, 1), hi = leg.maxRange;
        if (hi != kUnlimited && lo > hi) return {};
        Segment s;
        s.firstLeg = int(i);
        s.atom = leg.atom;
        s.dirs = leg.dirs;
        s.minSteps = lo;
        s.maxSteps = hi;
        s.mode = leg.mode;
        s.pass = leg.pass;
        s.bend = leg.bend;
        if (leg.mode & kHopModes) {
            // The hop and the leg after it are one segment, with the later leg's modes.
            checkHop(m, i);
            checkLeg(m.legs[i + 1], true);
            s.mode = m.legs[i + 1].mode;
            s.hop = true;
            segs.push_back(s);
            break;
        }
        bool merge = i > 0 && leg.dirs == 1 && leg.atom == m.legs[i - 1].atom &&
                     leg.pass == Pass::Leap && m.legs[i - 1].pass == Pass::Leap;
        if (merge) {
            Segment& last = segs.back();
            last.minSteps += lo;
            last.maxSteps = addSteps(last.maxSteps, hi);
            last.mode = leg.mode;
            continue;
        }
        segs.push_back(s);
    }
    for (std::size_t i = 0; i + 1 < segs.size(); ++i)
        if (segs[i].maxSteps != segs[i].minSteps)
            throw Rejected{"a leg of variable length before another leg"};
    return segs;
}

// compile.cpp's legHasDir for White.
bool legHasDir(const Move& m, int li, int dir) {
    const Leg& leg = m.legs[li];
    if (leg.atom.kind == AtomKind::King || leg.atom.isOblique()) return true;
    if (li > 0 && m.legs[li - 1].atom == leg.atom) return true;
    return (leg.atom.slots() >> dir) & 1;
}

bool longStep(Offset v) {
    return std::abs(v.dx) > 1 || std::abs(v.dy) > 1;
}

// D or A: twice a unit step, so half-way lies a square of its own.
bool doubleStep(Offset v) {
    int x = std::abs(v.dx), y = std::abs(v.dy);
    return (x == 0 && y == 2) || (x == 2 && y == 0) || (x == 2 && y == 2);
}

class Expander {
  public:
    Expander(const Move& m, const std::vector<Segment>& segs, std::vector<FastPath>& out)
        : m_(m), segs_(segs), out_(out) {}

    void run() { expand(0, Offset{}, 0, 0); }

  private:
    // sense0: the sense of the path's last turn so far (1 right, -1 left, 0 none), which the
    // turns of a later leg with q or z must keep or reverse, as compile.cpp's startLeg() has it.
    void expand(std::size_t si, Offset pos, int prevDir, int sense0) {
        const Segment& s = segs_[si];
        for (int d = 0; d < 8; ++d) {
            if (!((s.dirs >> d) & 1)) continue;
            int dir, sense = sense0;
            if (si == 0) {
                if (!((s.atom.slots() >> d) & 1)) continue;
                dir = d;
                if (s.atom.isOblique()) sense = dir % 2 == 0 ? 1 : -1;
            } else {
                dir = (prevDir + d) % 8;
                if (!legHasDir(m_, s.firstLeg, dir)) continue;
                const int turn = d % 4 == 0 ? 0 : (d < 4 ? 1 : -1);
                if (turn && s.bend != Bend::Free && sense &&
                    turn != (s.bend == Bend::Same ? sense : -sense))
                    continue;
                if (turn) sense = turn;
            }
            auto [vx, vy] = slotVector(s.atom, dir);
            Offset v{vx, vy};
            if (si + 1 == segs_.size()) {
                finish(s, pos, v);
                continue;
            }
            // A relay segment of fixed length: every square it lands on (and, when lame, each
            // square half-way along a long step) must be empty.
            std::size_t mark = gate_.size();
            Offset cur = pos;
            for (int k = 0; k < s.minSteps; ++k) {
                if (s.pass == Pass::Lame && longStep(v))
                    gate_.push_back({cur.dx + v.dx / 2, cur.dy + v.dy / 2});
                cur = {cur.dx + v.dx, cur.dy + v.dy};
                gate_.push_back(cur);
            }
            expand(si + 1, cur, dir, sense);
            gate_.resize(mark);
        }
    }

    // The last segment, from `pos` along v.
    void finish(const Segment& s, Offset pos, Offset v) {
        ModeMask modes = s.mode & kFinalModes;
        // An e.p. capture only happens where the move cannot end on the empty square anyway.
        if (modes & kModeEmpty) modes &= ~kModeEnPassant;
        if (!modes) return;
        FastPath p;
        p.gate = gate_;
        p.relay = pos;
        p.step = v;
        p.minSteps = s.minSteps;
        p.maxSteps = s.maxSteps;
        p.modes = modes;
        p.initial = m_.initial == 1;
        if (s.hop) {
            p.hurdles = 1;
            return add(p);
        }
        // compile.cpp: a non-capture ending after a lame step creates e.p. rights when the move
        // may only end on an empty square and has no e.p. capture itself.
        bool epCreating =
            (s.mode & (kModeEmpty | kModeCaptureEnemy | kModeCaptureFriend)) == kModeEmpty &&
            !(s.mode & kModeEnPassant);
        if (s.pass == Pass::Lame) {
            if (!longStep(v)) {
                // Each step after the first passes the square before it: e.p. rights there.
                if (epCreating && p.minSteps < 2) {
                    FastPath first = p;
                    first.maxSteps = 1;
                    add(first);
                    if (p.maxSteps == 1) return;
                    p.minSteps = 2;
                }
                p.createsEp = epCreating;
            } else if (p.minSteps != 1 || p.maxSteps != 1) {
                throw Rejected{"a lame ride of long steps"};
            } else if (doubleStep(v)) {
                // Lame D or A: two single steps, the first onto an empty square.
                p.step = {v.dx / 2, v.dy / 2};
                p.minSteps = p.maxSteps = 2;
                p.createsEp = epCreating;
            } else {
                if (epCreating) throw Rejected{"a lame leap creating e.p. rights on its gate"};
                p.gate.push_back({pos.dx + v.dx / 2, pos.dy + v.dy / 2});
            }
        }
        add(p);
    }

    void add(const FastPath& p) {
        if ((p.modes & kModeEnPassant) && !(p.isLeap() && p.isPlain()))
            throw Rejected{"an e.p. capture on a ride or bent path"};
        if (p.createsEp && !p.isPlain()) throw Rejected{"a bent path creating e.p. rights"};
        for (Offset g : p.gate)
            if (g == Offset{}) throw Rejected{"a path over its own start square"};
        if (!(p.relay == Offset{})) {
            int limit = p.maxSteps && !p.hurdles ? p.maxSteps : 2 * kMaxSteps;
            for (int k = 1; k <= limit; ++k)
                if (p.relay.dx + k * p.step.dx == 0 && p.relay.dy + k * p.step.dy == 0)
                    throw Rejected{"a path over its own start square"};
        }
        out_.push_back(p);
    }

    static constexpr int kMaxSteps = 16;  // no ride makes more steps on a 16x16 board
    const Move& m_;
    const std::vector<Segment>& segs_;
    std::vector<FastPath>& out_;
    std::vector<Offset> gate_;
};

// The offsets a path may end on (rides cut at 32 steps, beyond any 16x16 board; a hopper's beyond
// its nearest screen).
std::vector<Offset> ends(const FastPath& p) {
    std::vector<Offset> out;
    int hi = p.maxSteps && !p.hurdles ? p.maxSteps : 32;
    for (int k = p.minSteps + p.hurdles; k <= hi; ++k)
        out.push_back({p.relay.dx + k * p.step.dx, p.relay.dy + k * p.step.dy});
    return out;
}

// A square reached both by an e.p.-creating non-capture and by another non-capture that
// creates e.p. rights elsewhere (or none): the walker keeps whichever it met first, so the piece
// stays on the walker.
void checkEpOverlaps(const std::vector<FastPath>& paths) {
    for (const FastPath& p : paths) {
        if (!p.createsEp) continue;
        std::vector<Offset> mine = ends(p);
        for (const FastPath& q : paths) {
            if (&q == &p || !(q.modes & kModeEmpty)) continue;
            if (q.createsEp && q.step == p.step) continue;  // the same e.p. square
            for (Offset o : ends(q))
                if (std::find(mine.begin(), mine.end(), o) != mine.end())
                    throw Rejected{"an e.p.-creating move another path also makes"};
        }
    }
}

}  // namespace

std::optional<FastPattern> classify(const PieceMoves& piece, std::string* whyNot) {
    FastPattern out;
    try {
        for (const Move& m : piece.moves) {
            if (m.legs.empty()) throw Rejected{"a move without legs"};
            if (m.legs.front().atom.kind == AtomKind::Castling) continue;
            if (m.initial > 1) throw Rejected{"a move from one rank ahead of the start (ii)"};
            if (m.repeat) throw Rejected{"a repeated group of legs"};
            std::vector<Segment> segs = segmentsOf(m);
            if (segs.empty()) continue;
            Expander(m, segs, out.paths).run();
        }
        checkEpOverlaps(out.paths);
    } catch (const Rejected& r) {
        if (whyNot) *whyNot = r.why;
        return std::nullopt;
    }
    return out;
}

}  // namespace timur::betza
