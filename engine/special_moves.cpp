// Moves that do not come from a piece's Betza tables, each switched on by variant data:
// placements of a parked piece (rules.placements), the once-per-game swap (rules.swap) and
// promotions that are moves of their own (PromotionRule::inPlace); and the rule that a side
// with pieces in hand must drop (rules.mustDrop). They need the legal moves of a position, so
// they are generated after the table moves.
#include <algorithm>

#include "engine/movegen.h"

namespace timur {

namespace {

// The squares diagonally forward of `sq` for side c that are real main-board squares.
int forwardDiagonals(const Position& pos, int sq, Color c, int out[2]) {
    const Geometry& g = pos.board();
    int n = 0, dy = c == White ? 1 : -1;
    for (int dx : {-1, 1}) {
        int f = g.fileOf(sq) + dx, r = g.rankOf(sq) + dy;
        if (!g.isSquare(f, r)) continue;
        int d = g.square(f, r);
        if (!pos.info().citadels[d]) out[n++] = d;
    }
    return n;
}

// Whether the placed piece on `sq` forks two enemies or leaves one of them without a legal
// move. `pos` is the position after the placement, with the opponent to move.
bool placementCondition(Position& pos, const PlacementRule& rule, int sq, Color us) {
    int diag[2];
    int n = forwardDiagonals(pos, sq, us, diag);
    auto enemy = [&](int d) {
        Piece p = pos.at(d);
        return p != kNoPiece && colorOf(p) != us;
    };
    if (rule.fork && n == 2 && enemy(diag[0]) && enemy(diag[1])) {
        bool royal = pos.info().isRoyal[typeOf(pos.at(diag[0]))] ||
                     pos.info().isRoyal[typeOf(pos.at(diag[1]))];
        if (rule.forkRoyals || !royal) return true;
    }
    if (!rule.immobilise) return false;
    bool anyTarget = false;
    for (int k = 0; k < n; ++k) anyTarget = anyTarget || enemy(diag[k]);
    if (!anyTarget) return false;
    MoveList replies;
    generateLegal(pos, replies);
    for (int k = 0; k < n; ++k) {
        if (!enemy(diag[k])) continue;
        bool moves = std::any_of(replies.begin(), replies.end(), [&](const Move& m) {
            return m.from == diag[k] && m.kind != MoveKind::Drop;
        });
        if (!moves) return true;
    }
    return false;
}

bool immuneAt(const Position& pos, int sq) {
    Piece p = pos.at(sq);
    return p != kNoPiece && pos.info().immune[typeOf(p)][colorOf(p)][sq];
}

}  // namespace

void generatePlacements(Position& pos, MoveList& legal, GenType type) {
    const Variant& v = pos.variant();
    const VariantInfo& info = pos.info();
    const Geometry& g = pos.board();
    Color us = pos.sideToMove();
    for (const PlacementRule& rule : v.rules.placements) {
        SquareSet parked = pos.pieces(us, rule.piece) & rule.from.of[us];
        for (size_t from = parked._Find_first(); from < parked.size();
             from = parked._Find_next(from)) {
            for (int to = 0; to < g.squareCount(); ++to) {
                if (to == int(from) || g.holes[to] || info.citadels[to]) continue;
                Piece there = pos.at(to);
                // A placement that removes a piece is a capture.
                if (type != GenType::All && (type == GenType::Captures) != (there != kNoPiece))
                    continue;
                if (there != kNoPiece) {
                    if (info.isRoyal[typeOf(there)] || immuneAt(pos, to)) continue;
                    if (colorOf(there) == us ? !rule.ontoFriend : !rule.ontoEnemy) continue;
                }
                Move m;
                m.from = std::uint8_t(from);
                m.to = std::uint8_t(to);
                m.kind = MoveKind::Placement;
                m.promo = rule.becomes;
                pos.makeMove(m);
                bool ok = !royalsInDanger(pos, us) && placementCondition(pos, rule, to, us);
                pos.unmakeMove();
                if (ok) legal.push(m);
            }
        }
    }
}

void generateSwaps(Position& pos, MoveList& legal, bool noOtherMove, int knownSq,
                   bool knownAttacked) {
    const SwapRule& rule = *pos.variant().rules.swap;
    const VariantInfo& info = pos.info();
    Color us = pos.sideToMove();
    if (!pos.hasRight(us, Position::kSwapRight)) return;
    if (!rule.withSeveralRoyals && pos.royals(us).size() > 1) return;
    SquareSet kings = pos.pieces(us, rule.piece);
    for (size_t k = kings._Find_first(); k < kings.size(); k = kings._Find_next(k)) {
        if (info.citadels[k]) continue;
        bool attacked = int(k) == knownSq ? knownAttacked : isAttacked(pos, int(k), ~us);
        bool when = rule.when == SwapRule::When::Always ||
                    (rule.when == SwapRule::When::Check && attacked) ||
                    (rule.when == SwapRule::When::NoMove && noOtherMove) ||
                    (rule.when == SwapRule::When::CheckOrNoMove && (attacked || noOtherMove));
        if (!when) continue;
        const SquareSet& own = pos.occupied(us);
        for (size_t p = own._Find_first(); p < own.size(); p = own._Find_next(p)) {
            if (p == k || info.citadels[p] || immuneAt(pos, int(p))) continue;
            // A partner may not be put where it could never move again (a pawn on its last rank).
            if (!rule.pawnToLastRank && info.deadSquares[typeOf(pos.at(int(p)))][us][k]) continue;
            Move m;
            m.from = std::uint8_t(k);
            m.to = std::uint8_t(p);
            m.kind = MoveKind::Swap;
            if (isLegalMove(pos, m)) legal.push(m);
        }
    }
}

namespace {

// Whether the promotion m (made on pos) leaves the new piece attacking no enemy piece and gives
// no check (PromotionRule::mayNotAttack).
bool harmless(Position& pos, const Move& m) {
    Color us = pos.sideToMove();
    pos.makeMove(m);
    bool ok = !inCheck(pos);
    const SquareSet& them = pos.occupied(~us);
    for (size_t e = them._Find_first(); ok && e < them.size(); e = them._Find_next(e))
        ok = !attacksFrom(pos, m.to, int(e));
    pos.unmakeMove();
    return ok;
}

}  // namespace

bool mayPromoteInPlace(const Position& pos) {
    const Variant& v = pos.variant();
    Color us = pos.sideToMove();
    for (const PromotionRule& rule : v.rules.promotions) {
        if (!rule.inPlace) continue;
        for (PieceType t : rule.pieces) {
            if (!pos.count(us, t)) continue;
            if (rule.choices.empty()) return true;
            for (PieceType c : rule.choices) {
                auto lim = rule.limit.find(c);
                if (lim == rule.limit.end() || pos.count(us, c) < lim->second) return true;
            }
        }
    }
    return false;
}

bool mustDropNow(const Position& pos) {
    if (!pos.variant().rules.mustDrop) return false;
    for (int t = 0; t < pos.info().typeCount; ++t)
        if (pos.hand(pos.sideToMove(), PieceType(t))) return true;
    return false;
}

void generateInPlacePromotions(Position& pos, MoveList& legal) {
    const Variant& v = pos.variant();
    Color us = pos.sideToMove();
    for (const PromotionRule& rule : v.rules.promotions) {
        if (!rule.inPlace) continue;
        for (PieceType t : rule.pieces) {
            SquareSet mine = pos.pieces(us, t);
            bool last = rule.anywhereWhenLast && mine.count() == 1;
            if (!last) mine &= rule.zone.of[us];
            const PieceType own[1] = {v.pieces[t].promotesTo};
            const PieceType* first = rule.choices.empty() ? own : rule.choices.data();
            const PieceType* end = rule.choices.empty() ? own + 1 : first + rule.choices.size();
            for (size_t from = mine._Find_first(); from < mine.size();
                 from = mine._Find_next(from)) {
                for (const PieceType* ci = first; ci != end; ++ci) {
                    PieceType c = *ci;
                    auto lim = rule.limit.find(c);
                    if (lim != rule.limit.end() && pos.count(us, c) >= lim->second) continue;
                    // Where it stands, or (stepAsPromoted) an empty square the new type could
                    // move to from there.
                    MoveList targets;
                    Move stay;
                    stay.from = stay.to = std::uint8_t(from);
                    targets.push(stay);
                    if (rule.stepAsPromoted) generateMovesAs(pos, c, int(from), targets);
                    for (Move m : targets) {
                        if (m.kind != MoveKind::Normal || m.victimCount() ||
                            (m.to != m.from && pos.at(m.to) != kNoPiece))
                            continue;
                        Move p;
                        p.from = m.from;
                        p.to = m.to;
                        p.promo = c;
                        if (std::find(legal.begin(), legal.end(), p) != legal.end()) continue;
                        if (!isLegalMove(pos, p)) continue;
                        if (rule.mayNotAttack && !harmless(pos, p)) continue;
                        legal.push(p);
                    }
                }
            }
        }
    }
}

void keepOnlyDrops(Position& pos, MoveList& legal, GenType type) {
    if (!mustDropNow(pos)) return;
    auto isDrop = [](const Move& m) { return m.kind == MoveKind::Drop; };
    bool canDrop = std::any_of(legal.begin(), legal.end(), isDrop);
    if (type == GenType::Captures) {  // drops are quiet: are there legal ones?
        MoveList quiets;
        generateLegal(pos, quiets, GenType::Quiets);
        canDrop = std::any_of(quiets.begin(), quiets.end(), isDrop);
    }
    if (!canDrop) return;
    int w = 0;
    for (int i = 0; i < legal.size; ++i)
        if (isDrop(legal[i])) legal[w++] = legal[i];
    legal.size = w;
}

// A pass of the side to move (Rules::pass), here with the other moves outside the tables.
Move passMove(const Position& pos) {
    const Rules& rules = pos.variant().rules;
    const auto& royals = pos.royals(pos.sideToMove());
    if (!rules.pass || royals.empty() || pos.terminal()) return Move{};
    // Facing royals: the side may always pass, even in check, and the game ends.
    bool facing = rules.facingRoyals && royalsFaceNow(pos);
    if (!facing && inCheck(pos)) return Move{};
    Move m;
    m.from = m.to = std::uint8_t(royals.front());
    m.flags = kMovePass;
    if (facing || (rules.pass->twice && (pos.lastMove().flags & kMovePass)))
        m.flags |= kMoveEndsGame;
    return m;
}

}  // namespace timur
