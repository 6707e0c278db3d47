#include "engine/movegen_bitboards.h"

#include "engine/movegen.h"

#include <algorithm>

namespace timur {

namespace {

// The squares from which a piece of colour c captures on sq are the squares the other colour's
// piece captures on from sq (Black's moves are White's turned by 180 degrees).

template <int W>
bool attacks(const Position& pos, const BitboardTables& tables, PieceType t,
             const SquareSet& candidates, int sq, Color by) {
    using BB = Bitboard<W>;
    const VariantBitboards<BB>& bb = tables.at<W>();
    const PieceSets<BB>& piece = *bb.pieces[t];
    BB mine = fromSquareSet<BB>(candidates);
    int from = int(~by);
    if (tables.mergeable(t)) {
        // Leaps first: they need no occupancy.
        auto masks = piece.captureMasks(from, sq);
        if ((masks.leap & mine).any()) return true;
        BB orth = masks.orth & mine, diag = masks.diag & mine;
        if (orth.none() && diag.none()) return false;
        BB occ = fromSquareSet<BB>(pos.occupied(White)) | fromSquareSet<BB>(pos.occupied(Black)) |
                 bb.boardHoles;
        return (orth.any() && (bb.sliders.rook(sq, occ) & orth).any()) ||
               (diag.any() && (bb.sliders.bishop(sq, occ) & diag).any());
    }
    BB occ = fromSquareSet<BB>(pos.occupied(White)) | fromSquareSet<BB>(pos.occupied(Black)) |
             bb.holes[t];
    return (piece.captures(bb.sliders, from, sq, false, occ) & mine).any();
}

// The board as a move would leave it: the position but for the squares the move changes.
struct BoardAfter {
    const Position& pos;
    int from = -1, to = -1, epVictim = -1;  // from: -1 for a drop
    Piece placed = kNoPiece;                // what stands on `to`
    Piece at(int sq) const {
        if (sq == to) return placed;
        return sq == from || sq == epVictim ? kNoPiece : pos.at(sq);
    }
};

// Whether the piece of type t and side `by` on `from` could capture on `target` on the board
// `after` (movegen.cpp's pieceAttacks on another board): for the types on the path trees.
bool walkerAttacks(const BoardAfter& after, PieceType t, Color by, int from, int target) {
    const Position& pos = after.pos;
    const VariantInfo& info = pos.info();
    const betza::CompiledPiece& table = pos.variant().tables[t];
    const betza::SquareRange& r = table.ranges[by][from];
    std::uint32_t end = pos.isVirgin(from) ? r.initial2 : r.initial;
    const betza::PathNode* nodes = table.nodes.data();
    const bool walled = info.walled[t];
    const PieceSpec& spec = pos.variant().pieces[t];
    if (walled && after.at(target) != kNoPiece && spec.mayNotCapture[typeOf(after.at(target))])
        return false;
    for (std::uint32_t i = r.begin; i < end;) {
        const betza::PathNode& n = nodes[i];
        std::uint8_t o = n.sq == target ? betza::kOccEnemy : info.occClass[by][after.at(n.sq)];
        if (n.sq == target && ((n.emit | n.locust) & betza::kOccEnemy) &&
            !(n.flags & betza::kNodeTame))
            return true;
        std::uint8_t emit = o;
        if (walled && n.sq != target) applyWalls(spec, after.at(n.sq), n, from, emit, o);
        i = (n.pass & o) ? i + 1 : n.skip;
    }
    return false;
}

// Whether a piece of side `by` could capture on sq on the board `after`, whose occupancy is
// `occ` and where the pieces on `removed` were captured.
template <int W>
bool attackedOn(const BoardAfter& after, const BitboardTables& tables, int sq, Color by,
                const Bitboard<W>& occ, const Bitboard<W>& removed) {
    using BB = Bitboard<W>;
    const Position& pos = after.pos;
    const Variant& v = pos.variant();
    if (pos.info().citadels[sq] && !v.rules.citadels->attackable) return false;
    const VariantBitboards<BB>& bb = tables.at<W>();
    int from = int(~by);
    BB orth, diag;
    for (int t = 0; t < pos.info().typeCount; ++t) {
        // The squares from which the type attacks sq on some board: most types have none.
        SquareSet cand = pos.pieces(by, PieceType(t)) & v.tables[t].attackersOf[by][sq];
        if (cand.none()) continue;
        if (!tables.reversible(PieceType(t))) {
            for (size_t f = cand._Find_first(); f < cand.size(); f = cand._Find_next(f))
                if (!removed.test(int(f)) && walkerAttacks(after, PieceType(t), by, int(f), sq))
                    return true;
            continue;
        }
        BB mine = fromSquareSet<BB>(cand).andNot(removed);
        if (mine.none()) continue;
        const PieceSets<BB>& piece = *bb.pieces[t];
        if (tables.mergeable(PieceType(t))) {
            auto masks = piece.captureMasks(from, sq);
            if ((masks.leap & mine).any()) return true;
            orth |= masks.orth & mine;
            diag |= masks.diag & mine;
        } else if ((piece.captures(bb.sliders, from, sq, false, occ | bb.holes[t]) & mine).any()) {
            return true;
        }
    }
    if (orth.none() && diag.none()) return false;
    BB blockers = occ | bb.boardHoles;
    return (orth.any() && (bb.sliders.rook(sq, blockers) & orth).any()) ||
           (diag.any() && (bb.sliders.bishop(sq, blockers) & diag).any());
}

// Flying royals: two royals on one file with nothing (no piece, no hole) between them.
template <int W>
bool royalsFace(const Position& pos, int a, int b, const Bitboard<W>& occ) {
    const Geometry& g = pos.board();
    if (g.fileOf(a) != g.fileOf(b)) return false;
    for (int sq = std::min(a, b) + g.files; sq < std::max(a, b); sq += g.files)
        if (occ.test(sq) || g.holes[sq]) return false;
    return true;
}

// Whether the mover's royals stay safe with the piece on `from` gone from the board `all`.
template <int W>
bool safeWithout(const Position& pos, const BitboardTables& tables, const Bitboard<W>& all,
                 int from) {
    Color us = pos.sideToMove();
    Bitboard<W> occ = all, removed;
    occ.reset(from);
    BoardAfter after{pos};
    after.from = from;
    for (int r : pos.royals(us)) {
        if (pos.variant().rules.flyingRoyals)
            for (int e : pos.royals(~us))
                if (royalsFace<W>(pos, r, e, occ)) return false;
        if (attackedOn<W>(after, tables, r, ~us, occ, removed)) return false;
    }
    return true;
}

// The board after m: occupancy and the captured squares; then each royal of the mover.
// every: checkRule allRoyals, where one royal not attacked is enough.
template <int W>
bool royalsSafeAfter(const Position& pos, const BitboardTables& tables, const Move& m, bool checked,
                     bool flying, bool every) {
    using BB = Bitboard<W>;
    Color us = pos.sideToMove();
    BB occ = fromSquareSet<BB>(pos.occupied(White)) | fromSquareSet<BB>(pos.occupied(Black));
    BB removed;
    BoardAfter after{pos};
    after.to = m.to;
    if (m.kind == MoveKind::Drop) {
        after.placed = makePiece(us, m.promo);
    } else {
        after.from = m.from;
        after.placed = m.promo != kNoPieceType ? makePiece(us, m.promo) : pos.at(m.from);
        occ.reset(m.from);
        removed = BB::square(m.to);
        if (m.kind == MoveKind::EnPassant) {
            after.epVictim = m.aux;
            occ.reset(m.aux);
            removed.set(m.aux);
        }
    }
    occ.set(m.to);
    bool oneSafe = pos.royals(us).empty();
    for (int r : pos.royals(us)) {
        int sq = r == after.from ? m.to : r;
        if (flying)
            for (int e : pos.royals(~us))
                if (!removed.test(e) && royalsFace<W>(pos, sq, e, occ)) return false;
        bool attacked = checked && attackedOn<W>(after, tables, sq, ~us, occ, removed);
        if (attacked && !every) return false;
        oneSafe = oneSafe || !attacked;
    }
    return !every || oneSafe;
}

}  // namespace

BitboardLegality::BitboardLegality(const Position& pos, bool soleRoyalBefore) {
    const Variant& v = pos.variant();
    const Rules& rules = v.rules;
    if (!v.bitboards || soleRoyalBefore) return;
    // Facing royals that every move must part: made and tested (legalAfterMake).
    if (rules.facingRoyals && royalsFaceNow(pos)) return;
    every_ = rules.checkRule == CheckRule::AllRoyals;
    checked_ =
        rules.checkRule == CheckRule::AnyRoyal || every_ ||
        (rules.checkRule == CheckRule::SoleRoyal && pos.royals(pos.sideToMove()).size() == 1);
    flying_ = rules.flyingRoyals;
    tables_ = v.bitboards.get();
}

int BitboardLegality::judge(const Position& pos, const Move& m) const {
    if (!tables_) return -1;
    if (m.kind != MoveKind::Normal && m.kind != MoveKind::EnPassant && m.kind != MoveKind::Drop)
        return -1;
    if (m.victimCount() || (m.flags & (kMoveRelocate | kMoveEndsGame))) return -1;
    const VariantInfo& info = pos.info();
    if (m.kind == MoveKind::Drop) {
        // A drop that may not mate is made, to look for the opponent's replies.
        const auto& noMate = pos.variant().rules.dropMateIllegal;
        if (info.isRoyal[m.promo] ||
            std::find(noMate.begin(), noMate.end(), m.promo) != noMate.end())
            return -1;
    } else {
        if (m.to == m.from) return -1;
        // A friend on the target is destroyed (XBetza d), maybe a royal: made and tested.
        if (pos.at(m.to) != kNoPiece && colorOf(pos.at(m.to)) == pos.sideToMove()) return -1;
        if (m.promo != kNoPieceType &&
            (info.isRoyal[m.promo] || info.isRoyal[typeOf(pos.at(m.from))]))
            return -1;
    }
    if (!checked_ && !flying_) return 1;
    switch (tables_->words()) {
        case 1:
            return royalsSafeAfter<1>(pos, *tables_, m, checked_, flying_, every_);
        case 2:
            return royalsSafeAfter<2>(pos, *tables_, m, checked_, flying_, every_);
        case 3:
            return royalsSafeAfter<3>(pos, *tables_, m, checked_, flying_, every_);
        default:
            return royalsSafeAfter<4>(pos, *tables_, m, checked_, flying_, every_);
    }
}

bool reversibleAttacks(const Position& pos, const BitboardTables& tables, PieceType t,
                       const SquareSet& candidates, int sq, Color by) {
    switch (tables.words()) {
        case 1:
            return attacks<1>(pos, tables, t, candidates, sq, by);
        case 2:
            return attacks<2>(pos, tables, t, candidates, sq, by);
        case 3:
            return attacks<3>(pos, tables, t, candidates, sq, by);
        default:
            return attacks<4>(pos, tables, t, candidates, sq, by);
    }
}

namespace {

// generateLegal's LegalityShortcut, for counting: when no royal is attacked, a move of a
// non-royal piece from a square on no enemy path to a royal (and, against hoppers, onto none)
// cannot expose one. Unlike the shortcut it stays on under a drop-mate rule, which only drops
// of the types it names need (countMoves tests those).
struct ExposureTest {
    bool enabled = false;
    SquareSet vacate, occupy;

    template <class BB>
    ExposureTest(const Position& pos, const BitboardTables& tables, const VariantBitboards<BB>& bb,
                 const BB& all) {
        const Variant& v = pos.variant();
        Color us = pos.sideToMove(), them = ~us;
        const auto& royals = pos.royals(us);
        // What exposes no royal exposes not all of them either (allRoyals).
        bool checked = v.rules.checkRule == CheckRule::AnyRoyal ||
                       v.rules.checkRule == CheckRule::AllRoyals ||
                       (v.rules.checkRule == CheckRule::SoleRoyal && royals.size() == 1);
        if (!checked || royals.empty()) return;
        for (int r : royals)
            if (isAttacked(pos, r, them)) return;
        for (int r : royals) {
            // Plain riders (mergeable types): only a piece alone between one and the royal
            // may not leave (a pin); the other types by their paths to the royal.
            BB orth, diag;
            for (int t = 0; t < pos.info().typeCount; ++t) {
                const SquareSet& set = pos.pieces(them, PieceType(t));
                if (set.none()) continue;
                const betza::CompiledPiece& table = v.tables[t];
                if (table.needsOccupied) occupy |= table.pathsTo[them][r];
                if (!tables.mergeable(PieceType(t))) {
                    vacate |= table.pathsTo[them][r];
                    continue;
                }
                BB mine = fromSquareSet<BB>(set);
                auto masks = bb.pieces[t]->captureMasks(int(us), r);
                orth |= masks.orth & mine;
                diag |= masks.diag & mine;
            }
            BB square = BB::square(r);
            const auto& sl = bb.sliders;
            forEachSquare(orth & sl.rook(r, bb.boardHoles), [&](int s) {
                BB between = sl.rook(r, BB::square(s) | bb.boardHoles) &
                             sl.rook(s, square | bb.boardHoles) & all;
                if (between.count() == 1) vacate.set(between.lsb());
            });
            forEachSquare(diag & sl.bishop(r, bb.boardHoles), [&](int s) {
                BB between = sl.bishop(r, BB::square(s) | bb.boardHoles) &
                             sl.bishop(s, square | bb.boardHoles) & all;
                if (between.count() == 1) vacate.set(between.lsb());
            });
        }
        if (v.rules.flyingRoyals) {
            const Geometry& g = pos.board();
            for (int r : royals)
                for (int rank = 0; rank < g.ranks; ++rank) vacate.set(g.square(g.fileOf(r), rank));
        }
        enabled = true;
    }
};

bool legal(Position& pos, const BitboardLegality& judge, const Move& m) {
    int judged = judge.judge(pos, m);
    return judged >= 0 ? judged == 1 : isLegalMove(pos, m);
}

template <int W>
int countMoves(Position& pos, const BitboardTables& tables) {
    using BB = Bitboard<W>;
    const VariantBitboards<BB>& bb = tables.at<W>();
    const Variant& v = pos.variant();
    const VariantInfo& info = pos.info();
    Color us = pos.sideToMove();
    BB mine = fromSquareSet<BB>(pos.occupied(us));
    BB enemies = fromSquareSet<BB>(pos.occupied(~us));
    BB all = mine | enemies;
    ExposureTest exposure(pos, tables, bb, all);
    BitboardLegality judge(pos, false);
    BB occupy = fromSquareSet<BB>(exposure.occupy);
    int ep = pos.epSquare();
    // PieceSpec::initialNotInCheck: no initial moves of such a piece while in check.
    bool checkStopsInitial = info.anyInitialNotInCheck && inCheck(pos);
    int count = 0;
    // Citadels: a move there is the generator's (an entry, an exchange, or refused). Immune
    // pieces are never captured.
    BB citadels = fromSquareSet<BB>(info.citadels), immune;
    if (info.anyImmune)
        for (int t = 0; t < info.typeCount; ++t)
            immune |= fromSquareSet<BB>(pos.pieces(~us, PieceType(t)) & info.immune[t][~us]);
    // The pieces counted here: of the types the bitboards cover, those whose moves the
    // generator adds as they are (none of them enters a promotion zone). The others' moves are
    // generated below.
    SquareSet countedFrom;
    for (int t = 0; t < info.typeCount; ++t) {
        if (!bb.pieces[t] || pos.pieces(us, PieceType(t)).none()) continue;
        const PieceSets<BB>& piece = *bb.pieces[t];
        BB occ = all | bb.holes[t];
        BB dead = v.rules.immobileIllegal ? fromSquareSet<BB>(info.deadSquares[t][us]) : BB{};
        // Promotions: their zones (targets there, or a start there with fromZoneToo).
        BB zone, fromZone;
        for (int idx : info.promotionRules[t]) {
            const PromotionRule& rule = v.rules.promotions[idx];
            BB z = fromSquareSet<BB>(rule.zone.of[us]);
            zone |= z;
            if (rule.fromZoneToo) fromZone |= z;
        }
        bool royal = info.isRoyal[t];
        forEachSquare(fromSquareSet<BB>(pos.pieces(us, PieceType(t))), [&](int from) {
            if (fromZone.test(from)) return;
            bool virgin = pos.isVirgin(from) && !(checkStopsInitial && info.initialNotInCheck[t]);
            BB quiet, capture;
            piece.targets(bb.sliders, us, from, virgin, occ, quiet, capture);
            BB to = quiet.andNot(occ) | (capture & enemies);
            bool epMove = ep >= 0 && !occ.test(ep) && piece.epCaptures(us, from, virgin).test(ep);
            if ((to & (zone | citadels)).any() || (epMove && (zone | citadels).test(ep))) return;
            countedFrom.set(from);
            to = to.andNot(dead | immune);
            // No royal attacked now and none once the piece has left: then no move of it
            // exposes one (its target can only block, or take an attacker), unless it lands
            // on a hopper's platform.
            if (exposure.enabled && !royal &&
                (!exposure.vacate[from] || (to.any() && safeWithout<W>(pos, tables, all, from)))) {
                count += to.andNot(occupy).count();
                to &= occupy;
            }
            forEachSquare(to, [&](int target) {
                Move m;
                m.from = std::uint8_t(from);
                m.to = std::uint8_t(target);
                count += legal(pos, judge, m);
            });
            if (epMove && !dead.test(ep)) {
                Move m;
                m.from = std::uint8_t(from);
                m.to = std::uint8_t(ep);
                m.kind = MoveKind::EnPassant;
                m.aux = std::uint8_t(pos.epVictim());
                count += legal(pos, judge, m);
            }
        });
    }
    // Everything else as generateLegal does it (the shortcut's test, then judged or made).
    const auto& noMate = v.rules.dropMateIllegal;
    MoveList rest;
    generatePseudoExcept(pos, rest, countedFrom);
    for (const Move& m : rest) {
        bool safe = exposure.enabled && !exposure.occupy[m.to] &&
                    !(m.flags & (kMoveRelocate | kMoveEndsGame)) &&
                    !(m.promo != kNoPieceType && info.isRoyal[m.promo]) &&
                    ((m.kind == MoveKind::Drop &&
                      std::find(noMate.begin(), noMate.end(), m.promo) == noMate.end()) ||
                     (m.kind == MoveKind::Normal && m.victimCount() == 0 &&
                      !exposure.vacate[m.from] && !info.isRoyal[typeOf(pos.at(m.from))]));
        count += safe || legal(pos, judge, m);
    }
    // As generateLegal ends: placements, then the swap, which may need there to be no other move.
    if (!v.rules.placements.empty()) {
        MoveList placements;
        generatePlacements(pos, placements, GenType::All);
        count += placements.size;
    }
    if (v.rules.swap) {
        MoveList swaps;
        generateSwaps(pos, swaps, count == 0);
        count += swaps.size;
    }
    return count;
}

}  // namespace

int countLegalMoves(Position& pos) {
    const Variant& v = pos.variant();
    const Rules& r = v.rules;
    // Several e.p. squares (a triple step): the generator has them all.
    if (!v.bitboards || pos.terminal() || pos.hasSeveralEpTargets()) return -1;
    // Facing royals must be parted: generateLegal makes and tests every move.
    if (r.facingRoyals && royalsFaceNow(pos)) return -1;
    // Promotions that are moves of their own, and a side that must drop: generateLegal's.
    if ((pos.info().inPlacePromotions && mayPromoteInPlace(pos)) || mustDropNow(pos)) return -1;
    if (r.royalCountBeforeMove && r.checkRule == CheckRule::SoleRoyal &&
        pos.royals(pos.sideToMove()).size() == 1)
        return -1;
    switch (v.bitboards->words()) {
        case 1:
            return countMoves<1>(pos, *v.bitboards);
        case 2:
            return countMoves<2>(pos, *v.bitboards);
        case 3:
            return countMoves<3>(pos, *v.bitboards);
        default:
            return countMoves<4>(pos, *v.bitboards);
    }
}

}  // namespace timur
