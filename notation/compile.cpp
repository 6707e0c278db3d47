// The move-table compiler: PieceMoves + Geometry -> CompiledPiece.
//
// Every move is expanded, square by square, into a tree of path nodes (see compile.h). The
// recursion mirrors the notation: startLeg() picks each direction a leg may take, ride() makes
// its steps one by one, and at the end of a leg either the move ends (an emitting node) or the
// next leg starts from a relay node whose occupancy condition is the leg's relay mode.
#include "notation/compile.h"

#include <algorithm>
#include <map>
#include <stdexcept>

namespace timur::betza {

namespace {

// K-system unit vectors, slot 0 = forward, clockwise.
constexpr int kKx[8] = {0, 1, 1, 1, 0, -1, -1, -1};
constexpr int kKy[8] = {1, 1, 0, -1, -1, -1, 0, 1};

std::uint8_t finalClasses(ModeMask mode) {
    std::uint8_t c = 0;
    if (mode & kModeEmpty) c |= kOccEmpty;
    if (mode & kModeCaptureEnemy) c |= kOccEnemy;
    if (mode & kModeCaptureFriend) c |= kOccFriend;
    return c;
}

// The two kinds of relay on a non-final leg: through a square whose occupant is captured
// (locust) and through one that stays (empty or hopped over).
std::uint8_t relayCaptureClasses(ModeMask mode) {
    std::uint8_t c = 0;
    if (mode & kModeCaptureEnemy) c |= kOccEnemy;
    if (mode & kModeCaptureFriend) c |= kOccFriend;
    return c;
}
std::uint8_t relayKeepClasses(ModeMask mode) {
    std::uint8_t c = 0;
    if (mode & kModeEmpty) c |= kOccEmpty;
    if (mode & kModeHopEnemy) c |= kOccEnemy;
    if (mode & kModeHopFriend) c |= kOccFriend;
    return c;
}

// A square the moving piece left counts as empty: an Empty condition there also accepts the
// mover itself (a Friend), and nothing else can be there.
std::uint8_t atOrigin(std::uint8_t mask) {
    return (mask & kOccEmpty) ? (kOccEmpty | kOccFriend) : 0;
}

class TreeBuilder {
  public:
    TreeBuilder(const Move& move, const Geometry& board, int color, int origin,
                const SquareSet& allowed, CompiledPiece& out)
        : move_(move), g_(board), color_(color), origin_(origin), allowed_(allowed), out_(out) {
        for (std::size_t li = 0; li < move.legs.size(); ++li)
            if (move.legs[li].unload) unloadLeg_ = int(li);
    }

    void build() {
        const Leg& first = move_.legs.front();
        if (first.atom.kind == AtomKind::Universal) return buildUniversal(first);
        if (first.atom.kind == AtomKind::Null) return buildNull();
        startLeg(0, origin_, 0, 1);
    }

    // (destination, locust squares) -> emit classes, to spot moves reachable by two paths.
    std::map<std::vector<int>, std::uint8_t>* seen = nullptr;

  private:
    int lastLeg() const { return int(move_.legs.size()) - 1; }

    std::uint32_t open(int sq, std::uint8_t emit, std::uint8_t pass, std::uint8_t locust,
                       std::uint8_t flags = 0, int aux = 0) {
        if (sq == origin_) {
            // The start square counts as empty (XBoard, the Interactive Diagram): a move may end
            // there where it may end on an empty square. With a locust victim that is the Chu
            // lion's igui (mcabK, cabK); without, a pass (the lion's mabK): both XBoard and the
            // Interactive Diagram generate it. The mover stands there, so the generator sees a
            // friend. Nothing is captured on the square itself.
            bool home = (flags & kNodeNullMove) || (emit & kOccEmpty);
            emit = home ? kOccFriend : 0;
            flags = victims_.empty() ? std::uint8_t(home ? kNodeNullMove : 0)
                                     : std::uint8_t(flags & kNodeUnload);
            if (!(flags & kNodeUnload)) aux = 0;
            pass = atOrigin(pass);
            locust = 0;
        }
        if (emit && (flags & kNodeNullMove)) out_.hasPass = true;
        if (emit && (flags & kNodeUnload)) out_.hasUnload = true;
        PathNode n{};
        n.sq = std::uint8_t(sq);
        n.emit = emit;
        n.pass = pass;
        n.locust = locust;
        n.flags = flags;
        n.victimSlot = std::uint8_t(victims_.size());
        n.aux = std::uint8_t(aux);
        out_.nodes.push_back(n);
        if (emit || (flags & kNodeEnPassant))
            noteEmit(sq, emit | ((flags & kNodeEnPassant) ? 8 : 0),
                     (flags & kNodeUnload) ? aux : -1);
        return std::uint32_t(out_.nodes.size() - 1);
    }
    // Ends a node's subtree; drops the node if it can neither emit nor lead anywhere.
    void close(std::uint32_t idx) {
        PathNode& n = out_.nodes[idx];
        bool leaf = out_.nodes.size() == idx + 1;
        if (leaf && n.emit == 0 && !(n.flags & kNodeEnPassant)) {
            out_.nodes.pop_back();
            return;
        }
        if (leaf) n.pass = 0, n.locust = 0;
        n.skip = std::uint32_t(out_.nodes.size());
    }

    // Two moves are the same when they end on the same square, capture the same pieces and put
    // an unloaded piece on the same square.
    void noteEmit(int sq, std::uint8_t emit, int unloadTo) {
        if (!seen) return;
        std::vector<int> key{sq, unloadTo};
        key.insert(key.end(), victims_.begin(), victims_.end());
        std::sort(key.begin() + 2, key.end());
        std::uint8_t& prev = (*seen)[key];
        if (prev & emit) out_.mayDuplicate = true;
        prev |= emit;
    }

    bool allowedEnd(int sq) const { return allowed_.none() || allowed_[sq]; }

    // Vector of direction `dir` for `atom` (White's view; dir already turned for Black).
    static std::pair<int, int> vec(const Atom& a, int dir) { return slotVector(a, dir); }

    // Whether leg `li` may go in absolute direction `dir`.
    bool legHasDir(int li, int dir) const {
        const Leg& leg = move_.legs[li];
        if (leg.atom.kind == AtomKind::King || leg.atom.isOblique()) return true;
        if (li > 0 && move_.legs[li - 1].atom == leg.atom) return true;  // W<->F conversion
        int whiteDir = color_ == 1 ? (dir + 4) % 8 : dir;
        return (leg.atom.slots() >> whiteDir) & 1;
    }

    void startLeg(int li, int from, int prevDir, int iter) {
        const Leg& leg = move_.legs[li];
        if (leg.atom.kind != AtomKind::Step && leg.atom.kind != AtomKind::King)
            throw std::invalid_argument("not supported: this atom inside a multi-leg move");
        const int savedUnload = unloadSq_, savedSense = sense_;
        if (li == unloadLeg_) unloadSq_ = from;
        bool replay =
            move_.repeat && iter > 1 && li >= move_.repeat->firstLeg && li <= move_.repeat->lastLeg;
        if (replay) {
            ride(li, from, groupDir_[li], 0, 1, leg.maxJumps, iter);
            unloadSq_ = savedUnload;
            return;
        }
        for (int d = 0; d < 8; ++d) {
            if (!((leg.dirs >> d) & 1)) continue;
            int dir;
            sense_ = savedSense;
            if (li == 0) {
                if (!((leg.atom.slots() >> d) & 1)) continue;
                dir = color_ == 1 ? (d + 4) % 8 : d;
                // An oblique leap turns from its long direction: right in even slots, left in odd.
                if (leg.atom.isOblique()) sense_ = dir % 2 == 0 ? 1 : -1;
            } else {
                dir = (prevDir + d) % 8;
                if (!legHasDir(li, dir)) continue;
                const int turn = d % 4 == 0 ? 0 : (d < 4 ? 1 : -1);  // 1 right, -1 left
                if (turn && leg.bend != Bend::Free && sense_ &&
                    turn != (leg.bend == Bend::Same ? sense_ : -sense_))
                    continue;
                if (turn) sense_ = turn;
            }
            if (move_.repeat && li >= move_.repeat->firstLeg && li <= move_.repeat->lastLeg)
                groupDir_[li] = dir;
            ride(li, from, dir, 0, 1, leg.maxJumps, iter);
        }
        sense_ = savedSense;
        unloadSq_ = savedUnload;
    }

    // Direction of step k (1-based) of a leg that started in dir0 and turns by `rot`.
    static int stepDir(const Leg& leg, int dir0, int rot, int k) {
        switch (leg.shape) {
            case Shape::Straight:
                return dir0;
            case Shape::Circular:
                return ((dir0 + (k - 1) * rot) % 8 + 8) % 8;
            case Shape::Crooked:
                return ((dir0 + ((k - 1) % 2) * rot) % 8 + 8) % 8;
        }
        return dir0;
    }

    int stepLimit(const Leg& leg) const {
        int board = std::max(g_.files, g_.ranks);
        if (leg.shape == Shape::Circular) {
            // One more step would close the circle on the start square.
            int circle = leg.atom.isEightFold() ? 7 : 3;
            return leg.maxRange == kUnlimited ? circle : std::min<int>(circle, leg.maxRange);
        }
        if (leg.maxRange == kUnlimited) return leg.cylinder ? board * 2 : board;
        return leg.maxRange;
    }

    // Makes step k of leg li from square cur; rot is the turn of circular / crooked legs.
    void ride(int li, int cur, int dir0, int rot, int k, int jumpsLeft, int iter) {
        const Leg& leg = move_.legs[li];
        int dir = stepDir(leg, dir0, rot, k);
        auto [dx, dy] = vec(leg.atom, dir);
        int fx = g_.fileOf(cur) + dx, ry = g_.rankOf(cur) + dy;
        if (leg.cylinder) fx = ((fx % g_.files) + g_.files) % g_.files;
        if (!g_.isSquare(fx, ry)) return;
        int t = g_.square(fx, ry);

        // Lame and must-jump leapers test the square half-way along the step (XBoard: vector / 2
        // rounded toward zero), through a gate node that has no moves of its own.
        std::uint32_t gate = UINT32_MAX;
        int mid = -1;
        if (leg.pass != Pass::Leap && (std::abs(dx) > 1 || std::abs(dy) > 1)) {
            int mx = g_.fileOf(cur) + dx / 2, my = g_.rankOf(cur) + dy / 2;
            if (leg.cylinder) mx = ((mx % g_.files) + g_.files) % g_.files;
            if (!g_.isSquare(mx, my)) return;  // a hole cannot be passed over lamely or jumped
            mid = g_.square(mx, my);
            gate = open(mid, 0, leg.pass == Pass::Lame ? kOccEmpty : kOccOccupied, 0);
        }

        int limit = stepLimit(leg);
        bool canRideOn = k < limit;
        bool reachedMin = k >= std::max<int>(leg.minRange, 1);
        if (leg.shape == Shape::Circular && t == origin_) canRideOn = false;

        if (k <= leg.skipFirst) {
            std::uint32_t n = open(t, 0, kOccAny, 0);
            if (canRideOn) ride(li, t, dir0, rot, k + 1, jumpsLeft, iter);
            close(n);
        } else {
            if (reachedMin) relays(li, t, dir, iter);
            // The main node: the move may end here, and the ride goes on over an empty square.
            std::uint8_t emit = 0, flags = 0;
            int aux = 0;
            if (reachedMin && endsHere(li, iter) && allowedEnd(t)) {
                emit = finalClasses(leg.mode);
                if (leg.mode & kModeEnPassant) flags |= kNodeEnPassant, out_.hasEnPassant = true;
                if (leg.tame) flags |= kNodeTame;
                applyUnload(t, emit, flags, aux);
                int passed = mid >= 0 ? mid : (leg.pass == Pass::Lame && k >= 2 ? cur : -1);
                if (passed >= 0 && emit == kOccEmpty && !(leg.mode & kModeEnPassant) &&
                    !(flags & kNodeUnload) && t != origin_) {
                    flags |= kNodeCreatesEp;
                    aux = passed;
                    out_.createsEp = true;
                }
            }
            std::uint8_t pass = canRideOn ? (leg.jumpAny ? kOccAny : kOccEmpty) : 0;
            std::uint32_t n = open(t, emit, pass, 0, flags, aux);
            if (canRideOn) rideOn(li, t, dir0, rot, k, jumpsLeft, iter);
            close(n);
            // Riding on over an occupied square uses one of the leg's jumps.
            if (canRideOn && !leg.jumpAny && jumpsLeft > 0) {
                std::uint32_t j = open(t, 0, kOccOccupied, 0);
                rideOn(li, t, dir0, rot, k, jumpsLeft - 1, iter);
                close(j);
            }
        }
        if (gate != UINT32_MAX) close(gate);
    }

    // The next step of a ride; circular and crooked legs pick their turning sense after step 1.
    void rideOn(int li, int t, int dir0, int rot, int k, int jumpsLeft, int iter) {
        const Leg& leg = move_.legs[li];
        if (leg.shape != Shape::Straight && k == 1) {
            int turn = leg.atom.isEightFold() ? 1 : 2;
            ride(li, t, dir0, turn, k + 1, jumpsLeft, iter);
            ride(li, t, dir0, -turn, k + 1, jumpsLeft, iter);
        } else {
            ride(li, t, dir0, rot, k + 1, jumpsLeft, iter);
        }
    }

    // u: the captured piece goes to unloadSq_. That square is empty when the move starts (the
    // origin, or a square the move passed empty: relayInto), so it can only clash with a move
    // that ends there: with a locust victim to put down there is no such move.
    void applyUnload(int t, std::uint8_t& emit, std::uint8_t& flags, int& aux) const {
        if (unloadSq_ < 0) return;
        if (unloadSq_ == t) {
            emit = victims_.empty() ? std::uint8_t(emit & kOccEmpty) : std::uint8_t(0);
            return;
        }
        if (victims_.empty() ? (emit & (kOccEnemy | kOccFriend)) != 0 : emit != 0) {
            flags |= kNodeUnload;
            aux = unloadSq_;
        }
    }

    bool endsHere(int li, int iter) const {
        const Leg& leg = move_.legs[li];
        if (li < lastLeg()) return leg.mayStopHere;
        if (move_.repeat && li == move_.repeat->lastLeg) return iter >= move_.repeat->minTimes;
        return true;
    }

    int iterationCap() const {
        if (!move_.repeat) return 1;
        int cap = g_.files + g_.ranks;
        return move_.repeat->maxTimes == kUnlimited ? cap
                                                    : std::min<int>(cap, move_.repeat->maxTimes);
    }

    // Relay nodes at the end of leg li: the next leg, or the next pass through a repeated group.
    void relays(int li, int t, int dir, int iter) {
        const Leg& leg = move_.legs[li];
        bool isGroupEnd = move_.repeat && li == move_.repeat->lastLeg;
        if (li < lastLeg() && (!isGroupEnd || iter >= move_.repeat->minTimes))
            relayInto(leg.mode, li + 1, t, dir, iter, /*finalAsRelay=*/false);
        if (isGroupEnd && iter < iterationCap())
            relayInto(leg.mode, move_.repeat->firstLeg, t, dir, iter + 1, li == lastLeg());
    }

    void relayInto(ModeMask mode, int next, int t, int dir, int iter, bool finalAsRelay) {
        // A final leg that the move rides on past (the last leg of a repeated group) continues
        // only over an empty square, as a rider does.
        std::uint8_t keep =
            finalAsRelay ? std::uint8_t(mode & kModeEmpty ? kOccEmpty : 0) : relayKeepClasses(mode);
        std::uint8_t capture = finalAsRelay ? 0 : relayCaptureClasses(mode);
        // The leg that unloads starts where the captured piece is put: an empty square (a hop
        // platform stays, and a locust victim put back on its own square was not captured).
        if (next == unloadLeg_) keep &= kOccEmpty, capture = 0;
        if (keep) {
            std::uint32_t n = open(t, 0, keep, 0);
            startLeg(next, t, dir, iter);
            close(n);
        }
        if (capture && t != origin_) {
            std::uint32_t n = open(t, 0, capture, capture);
            out_.hasLocust = true;
            victims_.push_back(t);
            out_.maxVictims = std::max<int>(out_.maxVictims, int(victims_.size()));
            startLeg(next, t, dir, iter);
            victims_.pop_back();
            close(n);
        }
    }

    void buildUniversal(const Leg& leg) {
        if (move_.legs.size() != 1)
            throw std::invalid_argument("not supported: U in a multi-leg move");
        for (int sq = 0; sq < g_.squareCount(); ++sq) {
            if (sq == origin_ || g_.holes[sq] || !allowedEnd(sq)) continue;
            std::uint32_t n = open(sq, finalClasses(leg.mode), 0, 0, leg.tame ? kNodeTame : 0);
            close(n);
        }
    }

    void buildNull() {
        std::uint32_t n = open(origin_, kOccFriend, 0, 0, kNodeNullMove);
        close(n);
    }

    const Move& move_;
    const Geometry& g_;
    int color_;
    int origin_;
    const SquareSet& allowed_;
    CompiledPiece& out_;
    std::vector<int> victims_;
    int groupDir_[256] = {};
    int unloadLeg_ = -1;  // the leg with u
    int unloadSq_ = -1;   // its start square on the path being built
    int sense_ = 0;       // the sense of the path's last turn: 1 right, -1 left, 0 none yet
};

void validate(const PieceMoves& moves, std::uint8_t accepts) {
    for (const Move& m : moves.moves) {
        if (m.legs.empty()) throw std::invalid_argument("a move without legs");
        if (m.legs.size() > 250) throw std::invalid_argument("not supported: more than 250 legs");
        if (m.repeat &&
            (m.repeat->firstLeg > m.repeat->lastLeg || m.repeat->lastLeg >= m.legs.size()))
            throw std::invalid_argument("a repeated group outside the move's legs");
        int unloads = 0, capturing = 0;
        bool enPassant = false;
        for (const Leg& leg : m.legs) {
            unloads += leg.unload;
            capturing += (leg.mode & (kModeCaptureEnemy | kModeCaptureFriend)) != 0;
            enPassant |= (leg.mode & kModeEnPassant) != 0;
            if (leg.shape != Shape::Straight && m.legs.size() > 1)
                throw std::invalid_argument("not supported: a circular or crooked leg in a chain");
        }
        if (!unloads) continue;
        if (unloads > 1 || capturing > 1 || enPassant || m.repeat)
            throw std::invalid_argument(
                "u (unload) needs a move with one u, one leg that captures and no e.p.");
        if (!(accepts & kFeatureUnload))
            throw std::invalid_argument(
                "not supported: u (unload a captured piece) is not implemented by the move "
                "generator yet");
    }
}

// Fills attackersOf and pathsTo for the paths from `from`, scanning the flattened tree with a
// stack of the open ancestors of each node.
void recordAttacks(CompiledPiece& out, int color, int from, const SquareRange& r) {
    std::vector<std::uint32_t> open;  // ancestors of the current node (indices)
    for (std::uint32_t i = r.begin; i < r.end; ++i) {
        while (!open.empty() && out.nodes[open.back()].skip <= i) open.pop_back();
        const PathNode& node = out.nodes[i];
        if ((node.pass & kOccOccupied) && !(node.locust & node.pass & kOccOccupied))
            out.needsOccupied = true;
        if ((node.emit | node.locust) & kOccEnemy) {
            out.attackersOf[color][node.sq].set(from);
            for (std::uint32_t a : open)
                if (out.nodes[a].sq != from) out.pathsTo[color][node.sq].set(out.nodes[a].sq);
        }
        if (node.skip > i + 1) open.push_back(i);
    }
}

}  // namespace

std::pair<int, int> slotVector(const Atom& a, int slot) {
    slot &= 7;
    if (a.kind == AtomKind::King) return {kKx[slot], kKy[slot]};
    if (!a.isOblique()) {
        // W-like and F-like atoms: the stride times the K-system unit vector; an odd slot on an
        // orthogonal atom (or even on a diagonal one) is the 45-degree atom conversion.
        int n = a.y;
        return {n * kKx[slot], n * kKy[slot]};
    }
    int x = a.x, y = a.y;
    switch (slot) {
        case 0:
            return {x, y};
        case 1:
            return {y, x};
        case 2:
            return {y, -x};
        case 3:
            return {x, -y};
        case 4:
            return {-x, -y};
        case 5:
            return {-y, -x};
        case 6:
            return {-y, x};
        default:
            return {-x, y};
    }
}

CompiledPiece compile(const CompileInput& input, const Geometry& board) {
    CompiledPiece out;
    if (input.moves) validate(*input.moves, input.accepts);
    for (int c = 0; c < 2; ++c)
        for (const PieceMoves* pm : input.movesAt[c])
            if (pm) validate(*pm, input.accepts);
    // The board each set of moves within squares is made on, per colour.
    std::vector<std::array<Geometry, 2>> withinBoards;
    for (const auto& w : input.within) {
        validate(*w.moves, input.accepts);
        std::array<Geometry, 2>& b = withinBoards.emplace_back();
        for (int c = 0; c < 2; ++c) {
            b[c] = board;
            for (int sq = 0; sq < board.squareCount(); ++sq)
                if (!w.squares[c][sq]) b[c].holes.set(sq);
        }
    }

    const int n = board.squareCount();
    for (int color = 0; color < 2; ++color) {
        out.ranges[color].assign(n, SquareRange{});
        out.attackersOf[color].assign(n, SquareSet{});
        out.pathsTo[color].assign(n, SquareSet{});
    }
    for (int color = 0; color < 2; ++color) {
        for (int sq = 0; sq < n; ++sq) {
            SquareRange& r = out.ranges[color][sq];
            r.begin = r.initial = r.initial2 = r.end = std::uint32_t(out.nodes.size());
            if (board.holes[sq]) continue;
            const PieceMoves* pm = input.moves;
            if (!input.movesAt[color].empty() && input.movesAt[color][sq])
                pm = input.movesAt[color][sq];
            static const std::vector<Move> kNoMoves;
            const std::vector<Move>& moves = pm ? pm->moves : kNoMoves;
            std::map<std::vector<int>, std::uint8_t> seen;
            for (int pass = 0; pass < 3; ++pass) {
                for (const Move& m : moves) {
                    if (m.initial != pass) continue;
                    if (m.legs.front().atom.kind == AtomKind::Castling) {
                        out.castling =
                            CastlingMove{std::max<int>(1, m.legs.front().maxRange), m.castleInner};
                        continue;
                    }
                    TreeBuilder builder(m, board, color, sq, input.allowed[color], out);
                    builder.seen = &seen;
                    builder.build();
                }
                for (std::size_t w = 0; w < input.within.size(); ++w) {
                    if (!input.within[w].squares[color][sq]) continue;
                    for (const Move& m : input.within[w].moves->moves) {
                        if (m.initial != pass) continue;
                        TreeBuilder builder(m, withinBoards[w][color], color, sq,
                                            input.allowed[color], out);
                        builder.seen = &seen;
                        builder.build();
                    }
                }
                if (pass == 0) r.initial = std::uint32_t(out.nodes.size());
                if (pass == 1) r.initial2 = std::uint32_t(out.nodes.size());
            }
            r.end = std::uint32_t(out.nodes.size());
            recordAttacks(out, color, sq, r);
        }
    }
    if (input.moves) out.drop = input.moves->drop;
    return out;
}

CompiledPiece compile(const PieceMoves& moves, const Geometry& board, std::uint8_t accepts) {
    CompileInput input;
    input.moves = &moves;
    input.accepts = accepts;
    return compile(input, board);
}

}  // namespace timur::betza
