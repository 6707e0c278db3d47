#include "notation/walk.h"

#include <algorithm>
#include <tuple>

namespace timur::betza {

namespace {

void walkRange(const CompiledPiece& piece, std::uint32_t begin, std::uint32_t end, int from,
               const WalkBoard& board, std::vector<WalkMove>& out) {
    int victims[256];
    for (std::uint32_t i = begin; i < end;) {
        const PathNode& n = piece.nodes[i];
        std::uint8_t occ = board.occ[n.sq];
        if (n.emit & occ) {
            // Tame (XBoard): no royal of either side may be captured on the destination.
            bool capturesHere = occ != kOccEmpty && n.sq != from;
            bool tameBlocked = (n.flags & kNodeTame) && capturesHere && board.royal[n.sq];
            if (!tameBlocked) {
                WalkMove m;
                m.to = n.sq;
                if (n.flags & kNodeNullMove) m.to = from;
                m.captures.assign(victims, victims + n.victimSlot);
                if (capturesHere) m.captures.push_back(n.sq);
                if ((n.flags & kNodeCreatesEp) && occ == kOccEmpty) m.epCreated = n.aux;
                if ((n.flags & kNodeUnload) && !m.captures.empty()) m.unloadTo = n.aux;
                out.push_back(std::move(m));
            }
        } else if ((n.flags & kNodeEnPassant) && occ == kOccEmpty && n.sq == board.epSquare) {
            WalkMove m;
            m.to = n.sq;
            m.captures.assign(victims, victims + n.victimSlot);
            if (board.epVictim >= 0) m.captures.push_back(board.epVictim);
            m.enPassant = true;
            out.push_back(std::move(m));
        }
        if (n.pass & occ) {
            if (n.locust & occ) victims[n.victimSlot] = n.sq;
            ++i;
        } else {
            i = n.skip;
        }
    }
}

}  // namespace

WalkBoard makeWalkBoard(const Geometry& board, int from, const SquareSet& friends,
                        const SquareSet& enemies, const SquareSet& royals) {
    WalkBoard b;
    b.occ.assign(board.squareCount(), kOccEmpty);
    for (int sq = 0; sq < board.squareCount(); ++sq) {
        if (friends[sq]) b.occ[sq] = kOccFriend;
        if (enemies[sq]) b.occ[sq] = kOccEnemy;
    }
    if (from >= 0 && from < board.squareCount()) b.occ[from] = kOccFriend;
    b.royal = royals;
    return b;
}

std::vector<WalkMove> walk(const CompiledPiece& piece, int color, int from, const WalkBoard& board,
                           bool virgin) {
    std::vector<WalkMove> out;
    const SquareRange& r = piece.ranges[color][from];
    walkRange(piece, r.begin, r.initial, from, board, out);
    if (virgin) walkRange(piece, r.initial, r.initial2, from, board, out);
    if (piece.mayDuplicate) {
        for (WalkMove& m : out) std::sort(m.captures.begin(), m.captures.end());
        // e.p. rights created are not compared: two paths to the same square and captures are
        // one move.
        auto key = [](const WalkMove& m) {
            return std::tie(m.to, m.captures, m.enPassant, m.unloadTo);
        };
        std::sort(out.begin(), out.end(),
                  [&](const WalkMove& a, const WalkMove& b) { return key(a) < key(b); });
        out.erase(
            std::unique(out.begin(), out.end(),
                        [&](const WalkMove& a, const WalkMove& b) { return key(a) == key(b); }),
            out.end());
    }
    return out;
}

}  // namespace timur::betza
