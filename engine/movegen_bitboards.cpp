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

// The pieces of side `by` that could capture on a square on some board (the tables'
// attackersOf), gathered once and sorted for attackedOn: the mergeable types' by their capture
// masks, the others by type. A move only removes enemies, so what is gathered on the position
// serves every board a move of the other side leaves.
template <class BB>
struct Attackers {
    int sq = -1;
    bool never = false;    // a citadel no piece attacks
    bool unloads = false;  // some walker type unloads (XBetza u): walkerAttacks is not exact
    BB leap, orth, diag;   // mergeable types: leapers, riders along ranks and files, diagonals
    int others = 0;        // the other types with candidates
    // [i < others]: the type and its candidates (left uninitialized beyond, as it is large).
    std::array<PieceType, kMaxPieceTypes> type;
    union Candidates {
        Candidates() {}
        BB at[kMaxPieceTypes];
    } mine;

    void gather(const Position& pos, const BitboardTables& tables, int square, Color by) {
        const Variant& v = pos.variant();
        sq = square;
        others = 0;
        leap = orth = diag = BB{};
        unloads = false;
        never = pos.info().citadels[sq] && !v.rules.citadels->attackable;
        if (never) return;
        const auto& bb = tables.at<BB::kWords>();
        int from = int(~by);
        // The mergeable types: the pieces in the union of their masks, each by its own masks.
        const auto& u = bb.mergedCaptures[from][sq];
        BB enemies = fromSquareSet<BB>(pos.occupied(by));
        forEachSquare(enemies & (u.leap | u.orth | u.diag), [&](int f) {
            PieceType t = typeOf(pos.at(f));
            if (!tables.mergeable(t)) return;
            auto masks = bb.pieces[t]->captureMasks(from, sq);
            BB bit = BB::square(f);
            if (masks.leap.test(f)) leap |= bit;
            if (masks.orth.test(f)) orth |= bit;
            if (masks.diag.test(f)) diag |= bit;
        });
        for (PieceType t : bb.unmerged) {
            SquareSet cand = pos.pieces(by, t) & v.tables[t].attackersOf[by][sq];
            if (cand.none()) continue;
            BB m = fromSquareSet<BB>(cand);
            unloads |= !tables.reversible(t) && v.tables[t].hasUnload;
            type[others] = t;
            mine.at[others++] = m;
        }
    }
};

// Whether one of `a`, the attackers of a square, could capture on it on the board `after`,
// whose occupancy is `occ` and where the pieces on `removed` were captured.
template <int W>
bool attackedOn(const BoardAfter& after, const BitboardTables& tables,
                const Attackers<Bitboard<W>>& a, Color by, const Bitboard<W>& occ,
                const Bitboard<W>& removed) {
    using BB = Bitboard<W>;
    if (a.never) return false;
    if (a.leap.andNot(removed).any()) return true;
    const VariantBitboards<BB>& bb = tables.at<W>();
    int sq = a.sq;
    for (int i = 0; i < a.others; ++i) {
        PieceType t = a.type[i];
        BB mine = a.mine.at[i].andNot(removed);
        if (mine.none()) continue;
        if (!tables.reversible(t)) {
            bool hit = false;
            forEachSquare(mine, [&](int f) { hit = hit || walkerAttacks(after, t, by, f, sq); });
            if (hit) return true;
            continue;
        }
        BB reach = bb.pieces[t]->captures(bb.sliders, int(~by), sq, false, occ | bb.holes[t]);
        if ((reach & mine).any()) return true;
    }
    BB orth = a.orth.andNot(removed), diag = a.diag.andNot(removed);
    if (orth.none() && diag.none()) return false;
    BB blockers = occ | bb.boardHoles;
    return (orth.any() && (bb.sliders.rook(sq, blockers) & orth).any()) ||
           (diag.any() && (bb.sliders.bishop(sq, blockers) & diag).any());
}

// The attackers of the mover's royals, each gathered on first use, while the position stays.
template <class BB>
struct AttackerCache {
    static constexpr int kWords = BB::kWords;
    std::array<Attackers<BB>, 2> entry;
    int used = 0;

    const Attackers<BB>& of(const Position& pos, const BitboardTables& tables, int sq, Color by) {
        for (int i = 0; i < used; ++i)
            if (entry[i].sq == sq) return entry[i];
        Attackers<BB>& a = entry[used < 2 ? used++ : 1];
        a.gather(pos, tables, sq, by);
        return a;
    }
};

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
                 int from, AttackerCache<Bitboard<W>>& cache) {
    Color us = pos.sideToMove();
    Bitboard<W> occ = all, removed;
    occ.reset(from);
    BoardAfter after{pos};
    after.from = from;
    for (int r : pos.royals(us)) {
        if (pos.variant().rules.flyingRoyals)
            for (int e : pos.royals(~us))
                if (royalsFace<W>(pos, r, e, occ)) return false;
        if (attackedOn<W>(after, tables, cache.of(pos, tables, r, ~us), ~us, occ, removed))
            return false;
    }
    return true;
}

// The board after m: occupancy and the captured squares; then each royal of the mover.
// every: checkRule allRoyals, where one royal not attacked is enough.
// cache: the attackers of the royals that stay put, kept between moves (or null).
template <int W>
bool royalsSafeAfter(const Position& pos, const BitboardTables& tables, const Move& m, bool checked,
                     bool flying, bool every, AttackerCache<Bitboard<W>>* cache) {
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
        bool attacked = false;
        if (checked && cache && sq == r) {
            attacked =
                attackedOn<W>(after, tables, cache->of(pos, tables, sq, ~us), ~us, occ, removed);
        } else if (checked) {
            Attackers<BB> a;
            a.gather(pos, tables, sq, ~us);
            attacked = attackedOn<W>(after, tables, a, ~us, occ, removed);
        }
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

int BitboardLegality::screen(const Position& pos, const Move& m) const {
    if (!tables_) return -1;
    if (m.kind != MoveKind::Normal && m.kind != MoveKind::EnPassant && m.kind != MoveKind::Drop)
        return -1;
    // An unloading move (XBetza u) puts the piece it takes on a square, a gating move brings
    // one in: made and tested.
    if (m.victimCount() || (m.flags & (kMoveRelocate | kMoveEndsGame | kMoveUnload | kMoveGate)))
        return -1;
    const VariantInfo& info = pos.info();
    if (m.kind == MoveKind::Drop) {
        // A drop that may not mate is made, to look for the opponent's replies.
        const auto& noMate = pos.variant().rules.dropMateIllegal;
        if (info.isRoyal[m.promo] ||
            std::find(noMate.begin(), noMate.end(), m.promo) != noMate.end())
            return -1;
    } else {
        if (m.to == m.from || captureLimitApplies(pos, m)) return -1;
        // A friend on the target is destroyed (XBetza d), maybe a royal: made and tested.
        if (pos.at(m.to) != kNoPiece && colorOf(pos.at(m.to)) == pos.sideToMove()) return -1;
        if (m.promo != kNoPieceType &&
            (info.isRoyal[m.promo] || info.isRoyal[typeOf(pos.at(m.from))]))
            return -1;
    }
    return !checked_ && !flying_ ? 1 : 2;
}

int BitboardLegality::judge(const Position& pos, const Move& m) const {
    int screened = screen(pos, m);
    if (screened != 2) return screened;
    switch (tables_->words()) {
        case 1:
            return royalsSafeAfter<1>(pos, *tables_, m, checked_, flying_, every_, nullptr);
        case 2:
            return royalsSafeAfter<2>(pos, *tables_, m, checked_, flying_, every_, nullptr);
        case 3:
            return royalsSafeAfter<3>(pos, *tables_, m, checked_, flying_, every_, nullptr);
        default:
            return royalsSafeAfter<4>(pos, *tables_, m, checked_, flying_, every_, nullptr);
    }
}

template <class Cache>
int BitboardLegality::judge(const Position& pos, const Move& m, Cache& cache) const {
    int screened = screen(pos, m);
    if (screened != 2) return screened;
    return royalsSafeAfter<Cache::kWords>(pos, *tables_, m, checked_, flying_, every_, &cache);
}

namespace {

template <int W>
int attackedNow(const Position& pos, const BitboardTables& tables, int sq, Color by) {
    using BB = Bitboard<W>;
    Attackers<BB> a;
    a.gather(pos, tables, sq, by);
    if (a.unloads) return -1;
    BB occ = fromSquareSet<BB>(pos.occupied(White)) | fromSquareSet<BB>(pos.occupied(Black));
    return attackedOn<W>(BoardAfter{pos}, tables, a, by, occ, BB{});
}

}  // namespace

int bitboardAttacked(const Position& pos, const BitboardTables& tables, int sq, Color by) {
    switch (tables.words()) {
        case 1:
            return attackedNow<1>(pos, tables, sq, by);
        case 2:
            return attackedNow<2>(pos, tables, sq, by);
        case 3:
            return attackedNow<3>(pos, tables, sq, by);
        default:
            return attackedNow<4>(pos, tables, sq, by);
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
    int tested = -1;        // a royal found attacked or not (the sole one), or -1
    bool attacked = false;  // whether it is

    template <class BB>
    ExposureTest(const Position& pos, const BitboardTables& tables, const VariantBitboards<BB>& bb,
                 const BB& all, AttackerCache<BB>& cache) {
        const Variant& v = pos.variant();
        Color us = pos.sideToMove(), them = ~us;
        const auto& royals = pos.royals(us);
        // What exposes no royal exposes not all of them either (allRoyals).
        bool checked = v.rules.checkRule == CheckRule::AnyRoyal ||
                       v.rules.checkRule == CheckRule::AllRoyals ||
                       (v.rules.checkRule == CheckRule::SoleRoyal && royals.size() == 1);
        if (!checked || royals.empty()) return;
        for (int r : royals) {
            const Attackers<BB>& a = cache.of(pos, tables, r, them);
            bool hit = a.unloads
                           ? isAttacked(pos, r, them)
                           : attackedOn<BB::kWords>(BoardAfter{pos}, tables, a, them, all, BB{});
            if (royals.size() == 1) tested = r, attacked = hit;
            if (hit) return;
        }
        // Only the royal's attackers matter: the types whose pieces could capture it on some
        // board, gathered with the cache.
        auto single = [](const BB& b) { return b.any() && (b & (b - BB::square(0))).none(); };
        for (int r : royals) {
            const Attackers<BB>& a = cache.of(pos, tables, r, them);
            // The other types by their paths to the royal.
            for (int i = 0; i < a.others; ++i) {
                const betza::CompiledPiece& table = v.tables[a.type[i]];
                vacate |= table.pathsTo[them][r];
                if (table.needsOccupied) occupy |= table.pathsTo[them][r];
            }
            // Plain riders (mergeable types): only a piece alone between one and the royal
            // may not leave (a pin).
            BB square = BB::square(r);
            const auto& sl = bb.sliders;
            forEachSquare(a.orth & sl.rook(r, bb.boardHoles), [&](int s) {
                BB between = sl.rook(r, BB::square(s) | bb.boardHoles) &
                             sl.rook(s, square | bb.boardHoles) & all;
                if (single(between)) vacate.set(between.lsb());
            });
            forEachSquare(a.diag & sl.bishop(r, bb.boardHoles), [&](int s) {
                BB between = sl.bishop(r, BB::square(s) | bb.boardHoles) &
                             sl.bishop(s, square | bb.boardHoles) & all;
                if (single(between)) vacate.set(between.lsb());
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

template <class Cache>
bool legal(Position& pos, const BitboardLegality& judge, Cache& cache, const Move& m) {
    int judged = judge.judge(pos, m, cache);
    return judged >= 0 ? judged == 1 : isLegalMove(pos, m);
}

// The sum of the squares of many bitboards, without counting each: bit-sliced counters (level k
// holds bit k of each square's count), counted once at the end.
template <class BB>
struct SquareTally {
    static constexpr int kLevels = 6;
    std::array<BB, kLevels> level;
    int overflow = 0;  // squares counted 2^kLevels times, times that

    void add(BB x) {
        for (BB& l : level) {
            BB carry = l & x;
            l ^= x;
            if (carry.none()) return;
            x = carry;
        }
        overflow += x.count() << kLevels;
    }
    int total() const {
        int n = overflow;
        for (int k = 0; k < kLevels; ++k) n += level[k].count() << k;
        return n;
    }
};

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
    AttackerCache<BB> cache;
    ExposureTest exposure(pos, tables, bb, all, cache);
    BitboardLegality judge(pos, false);
    BB occupy = fromSquareSet<BB>(exposure.occupy);
    int ep = pos.epSquare();
    // PieceSpec::initialNotInCheck: no initial moves of such a piece while in check.
    bool checkStopsInitial = info.anyInitialNotInCheck && inCheck(pos);
    int count = 0;
    SquareTally<BB> tally;  // the moves counted at once
    // Citadels: a move there is the generator's (an entry, an exchange, or refused). Immune
    // pieces are never captured.
    BB immune;
    for (PieceType t : bb.immuneTypes)
        immune |= fromSquareSet<BB>(pos.pieces(~us, t) & info.immune[t][~us]);
    // Captures the rules limit (chu's Lions: rules.protectedVictims, counterstrike) are judged.
    BB limited;
    if (info.limitedVictims.any())
        for (int t = 0; t < info.typeCount; ++t)
            if (info.limitedVictims[t]) limited |= fromSquareSet<BB>(pos.pieces(~us, PieceType(t)));
    // The pieces counted here: of the types the bitboards cover, those whose moves the
    // generator adds as they are (none of them enters a promotion zone). The others' moves are
    // generated below.
    SquareSet countedFrom;
    // Pieces that may gate (Rules::GatingRule) have more moves than their targets: generated.
    SquareSet gateFrom;
    const bool mayGate = v.rules.gating.has_value();
    if (mayGate)
        for (int t = 0; t < info.typeCount; ++t)
            if (pos.hand(us, PieceType(t))) {
                gateFrom = v.rules.gating->squares.of[us] & pos.virginSquares();
                break;
            }
    for (int t = 0; t < info.typeCount; ++t) {
        if (!bb.pieces[t] || pos.pieces(us, PieceType(t)).none()) continue;
        const PieceSets<BB>& piece = *bb.pieces[t];
        BB occ = all | bb.holes[t];
        // Promotion zones (targets there, or a start there with fromZoneToo) and citadels.
        const auto& masks = bb.counting[t][us];
        BB zone = masks.generated, dead = masks.dead, skipped = dead | immune;
        bool royal = info.isRoyal[t];
        bool initial = piece.hasInitialMoves() && !(checkStopsInitial && info.initialNotInCheck[t]);
        // E.p.: whether the type may capture on the e.p. square, is refused it (a promotion zone
        // or citadel there) or may not stay there, tested once for the type.
        bool epOpen = ep >= 0 && piece.hasEpCaptures() && !occ.test(ep);
        bool epZone = epOpen && zone.test(ep), epDead = epOpen && dead.test(ep);
        forEachSquare(fromSquareSet<BB>(pos.pieces(us, PieceType(t))).andNot(masks.generatedFrom),
                      [&](int from) {
                          if (mayGate && gateFrom[from]) return;  // its gating moves: below
                          bool virgin = initial && pos.isVirgin(from);
                          BB quiet, capture;
                          piece.targets(bb.sliders, us, from, virgin, occ, quiet, capture);
                          BB to = quiet.andNot(occ) | (capture & enemies);
                          bool epMove = epOpen && piece.epCaptures(us, from, virgin).test(ep);
                          if ((to & zone).any() || (epMove && epZone)) return;
                          countedFrom[from] = true;
                          to = to.andNot(skipped);
                          // No royal attacked now and none once the piece has left: then no move of
                          // it exposes one (its target can only block, or take an attacker), unless
                          // it lands on a hopper's platform.
                          if (exposure.enabled && !royal &&
                              (!exposure.vacate[from] ||
                               (to.any() && safeWithout<W>(pos, tables, all, from, cache)))) {
                              tally.add(to.andNot(occupy | limited));
                              to &= occupy | limited;
                          }
                          forEachSquare(to, [&](int target) {
                              Move m;
                              m.from = std::uint8_t(from);
                              m.to = std::uint8_t(target);
                              count += legal(pos, judge, cache, m);
                          });
                          if (epMove && !epDead) {
                              Move m;
                              m.from = std::uint8_t(from);
                              m.to = std::uint8_t(ep);
                              m.kind = MoveKind::EnPassant;
                              m.aux = std::uint8_t(pos.epVictim());
                              count += legal(pos, judge, cache, m);
                          }
                      });
    }
    count += tally.total();
    // Everything else as generateLegal does it (the shortcut's test, then judged or made).
    const auto& noMate = v.rules.dropMateIllegal;
    MoveList rest;
    if (v.rules.castling || v.rules.drops || (pos.occupied(us) & ~countedFrom).any())
        generatePseudoExcept(pos, rest, countedFrom);
    for (const Move& m : rest) {
        bool safe =
            exposure.enabled && !exposure.occupy[m.to] &&
            !(m.flags & (kMoveRelocate | kMoveEndsGame | kMoveUnload | kMoveGate)) &&
            !(m.promo != kNoPieceType && info.isRoyal[m.promo]) &&
            ((m.kind == MoveKind::Drop &&
              std::find(noMate.begin(), noMate.end(), m.promo) == noMate.end()) ||
             (m.kind == MoveKind::Normal && m.victimCount() == 0 && !exposure.vacate[m.from] &&
              !info.isRoyal[typeOf(pos.at(m.from))] && !captureLimitApplies(pos, m)));
        count += safe || legal(pos, judge, cache, m);
    }
    // As generateLegal ends: placements, then the swap, which may need there to be no other move.
    if (!v.rules.placements.empty()) {
        MoveList placements;
        generatePlacements(pos, placements, GenType::All);
        count += placements.size;
    }
    if (v.rules.swap) {
        MoveList swaps;
        generateSwaps(pos, swaps, count == 0, exposure.tested, exposure.attacked);
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
