// Move generation. The hot loop walks a piece's compiled path tree (notation/compile.h) and
// tests the occupancy class of each node's square; everything about the notation was resolved
// when the tables were compiled.
#include "engine/movegen.h"

#include "engine/movegen_bitboards.h"
#include "engine/text.h"

#include <algorithm>
#include <array>

namespace timur {

using betza::kOccEmpty;
using betza::kOccEnemy;
using betza::PathNode;

namespace {

// G selects the moves produced (GenType); the All instantiation tests nothing extra.
template <GenType G>
class Generator {
  public:
    Generator(const Position& pos, MoveList& out)
        : pos_(pos),
          v_(pos.variant()),
          info_(pos.info()),
          us_(pos.sideToMove()),
          out_(out),
          special_(info_.citadels.any() || info_.anyImmune),
          checkLimitsInitial_(info_.anyInitialNotInCheck),
          hasEp_(pos.epSquare() >= 0) {
        if (v_.rules.gating)
            for (int t = 0; t < info_.typeCount; ++t)
                if (pos.hand(us_, PieceType(t)) > 0) gateTypes_[gateTypeCount_++] = PieceType(t);
    }

    void all(const SquareSet* skip = nullptr) {
        for (int t = 0; t < info_.typeCount; ++t)
            if (!skip)
                forEachSquare(pos_.pieces(us_, PieceType(t)),
                              [&](int sq) { piece(PieceType(t), sq); });
            else
                forEachSquare(pos_.pieces(us_, PieceType(t)) & ~*skip,
                              [&](int sq) { piece(PieceType(t), sq); });
        if constexpr (G != GenType::Captures) {
            if (v_.rules.castling) castling();
            if (v_.rules.drops) drops();
            if (v_.rules.pass)
                if (Move m = passMove(pos_); !m.isNull()) out_.push(m);
        }
    }

    // Only what m's kind could come from: the castlings, the drops, or the moves of the piece
    // on m.from (for isPseudoLegal).
    void movesLike(const Move& m) {
        if constexpr (G != GenType::Captures) {
            if (m.kind == MoveKind::Castling) {
                if (v_.rules.castling) castling();
                return;
            }
            if (m.kind == MoveKind::Drop) {
                if (v_.rules.drops) drops();
                return;
            }
        }
        Piece p = pos_.at(m.from);
        if (p != kNoPiece && colorOf(p) == us_) piece(typeOf(p), m.from);
    }

    // The moves a piece of type t would have from `from` (PromotionRule::stepAsPromoted).
    void movesAs(PieceType t, int from) { piece(t, from); }

  private:
    std::uint8_t occ(int sq) const { return info_.occClass[us_][pos_.at(sq)]; }

    void piece(PieceType t, int from) {
        const betza::CompiledPiece& table = v_.tables[t];
        const betza::SquareRange& r = table.ranges[us_][from];
        int start = out_.size;
        auto walk = [&](std::uint32_t begin, std::uint32_t end) {
            if (info_.walled[t])
                walkNodes<true>(table, t, from, begin, end);
            else
                walkNodes<false>(table, t, from, begin, end);
        };
        walk(r.begin, r.initial);
        if (pos_.isVirgin(from) &&
            !(checkLimitsInitial_ && info_.initialNotInCheck[t] && inCheckNow()))
            walk(r.initial, r.initial2);
        if (r.initial2 < r.end && oneRankAheadOfStart(t, from)) walk(r.initial2, r.end);
        if (table.mayDuplicate) dedupe(start);
        if (gateTypeCount_ && mayGate(from)) addGatings(start);
    }

    // Rules::GatingRule: whether a piece leaving `from` may bring a piece from hand there.
    bool mayGate(int sq) const { return pos_.isVirgin(sq) && v_.rules.gating->squares.of[us_][sq]; }

    // Each move from out_[start] on that leaves its square empty, once more with each piece
    // of the hand entering there (the copies belong to the same GenType as the move).
    [[gnu::noinline]] void addGatings(int start) {
        for (int i = start, end = out_.size; i < end; ++i) {
            Move m = out_[i];
            if ((m.kind != MoveKind::Normal && m.kind != MoveKind::EnPassant) ||
                m.victimCount() > 1 || m.to == m.from || (m.flags & kMovePass) ||
                ((m.flags & (kMoveUnload | kMoveRelocate)) && m.aux == m.from))
                continue;
            gate(m, m.from);
        }
    }

    // m with each piece of the hand that may stand on sq entering there.
    void gate(Move m, int sq) {
        m.flags |= kMoveGate;
        for (int k = 0; k < gateTypeCount_; ++k) {
            if (info_.deadSquares[gateTypes_[k]][us_][sq]) continue;
            m.victim[1] = gateTypes_[k];
            out_.push(m);
        }
    }

    // Whether the side to move is in check, asked once (PieceSpec::initialNotInCheck).
    bool inCheckNow() {
        if (inCheck_ < 0) inCheck_ = inCheck(pos_) ? 1 : 0;
        return inCheck_;
    }

    // XBetza ii: the piece stands one rank ahead of a square where such a piece starts.
    bool oneRankAheadOfStart(PieceType t, int from) const {
        const Geometry& g = pos_.board();
        int behind = g.rankOf(from) + (us_ == White ? -1 : 1);
        if (!g.isSquare(g.fileOf(from), behind)) return false;
        return info_.startBoard[g.square(g.fileOf(from), behind)] == makePiece(us_, t);
    }

    // Walled: the piece has walls (PieceSpec::mayNotCapture, mayNotPassOver).
    template <bool Walled>
    void walkNodes(const betza::CompiledPiece& table, PieceType t, int from, std::uint32_t begin,
                   std::uint32_t end) {
        const PathNode* nodes = table.nodes.data();
        std::uint8_t victims[8];
        for (std::uint32_t i = begin; i < end;) {
            const PathNode& n = nodes[i];
            std::uint8_t o = occ(n.sq), emitClass = o, passClass = o;
            if constexpr (Walled)
                applyWalls(v_.pieces[t], pos_.at(n.sq), n, from, emitClass, passClass);
            if (n.emit & emitClass) {
                bool capture = o == kOccEnemy || n.victimSlot;
                if (wanted(t, capture) && !tameForbids(n, from, o)) {
                    Move m;
                    m.from = std::uint8_t(from);
                    m.to = n.sq;
                    m.flags = n.victimSlot;
                    if (n.victimSlot) {
                        m.victim[0] = victims[0];
                        // (A second victim only when there is one: moves must compare equal.)
                        if (n.victimSlot > 1) m.victim[1] = victims[1];
                    }
                    if ((n.flags & betza::kNodeCreatesEp) && o == kOccEmpty) {
                        m.flags |= kMoveCreatesEp;
                        m.aux = n.aux;
                    }
                    // Rare node kinds: a pass, and u (the taken piece goes to n.aux).
                    if (n.flags & (betza::kNodeNullMove | betza::kNodeUnload)) markStay(n, m, o);
                    add(t, m, capture);
                }
            } else if (G != GenType::Quiets && (n.flags & betza::kNodeEnPassant) &&
                       o == kOccEmpty && hasEp_ && pos_.isEpTarget(n.sq)) {
                Move m;
                m.from = std::uint8_t(from);
                m.to = n.sq;
                m.kind = MoveKind::EnPassant;
                m.aux = std::uint8_t(pos_.epVictim());
                m.flags = n.victimSlot;
                if (n.victimSlot) m.victim[0] = victims[0];
                if (n.victimSlot > 1) m.victim[1] = victims[1];
                add(t, m, true);
            }
            if (n.pass & passClass) {
                if (n.locust & o) victims[n.victimSlot] = n.sq;
                ++i;
            } else {
                i = n.skip;
            }
        }
    }

    // XBetza t: the move may not take a royal of either side on its destination (the mover's
    // own square, where a pass or igui ends, holds no victim).
    bool tameForbids(const PathNode& n, int from, std::uint8_t o) const {
        return (n.flags & betza::kNodeTame) && o != kOccEmpty && n.sq != from &&
               info_.isRoyal[typeOf(pos_.at(n.sq))];
    }

    // A pass (the move ends where it started, taking nothing) and an unloading move (u: what
    // it takes reappears on n.aux; only when it does take something).
    static void markStay(const PathNode& n, Move& m, std::uint8_t o) {
        if ((n.flags & betza::kNodeNullMove) && !n.victimSlot) m.flags |= kMovePass;
        bool takes = n.victimSlot || (o != kOccEmpty && n.sq != m.from);
        if ((n.flags & betza::kNodeUnload) && takes) {
            m.flags |= kMoveUnload;
            m.aux = n.aux;
        }
    }

    // Whether a move of a piece of type t that captures or not can belong to G: a non-capture
    // only as a promotion among the captures, a capture never among the quiet moves.
    bool wanted(PieceType t, bool capture) const {
        if constexpr (G == GenType::Captures)
            return capture || !info_.promotionRules[t].empty();
        else if constexpr (G == GenType::Quiets)
            return !capture;
        return true;
    }

    // Adds a move that does not promote (or the unpromoted choice) if it belongs to G.
    void push(const Move& m, bool capture) {
        if constexpr (G == GenType::All)
            out_.push(m);
        else if ((G == GenType::Captures) == capture)
            out_.push(m);
    }

    // Whether a piece standing on sq may be captured or displaced there.
    bool capturable(int sq) const {
        Piece p = pos_.at(sq);
        return p == kNoPiece || !(info_.citadels[sq] || info_.immune[typeOf(p)][colorOf(p)][sq]);
    }

    // Citadels and immune pieces: whether the move stands as it is. Moves into the enemy's
    // citadel are added here (ending the game, or as citadel exchanges) and then refused.
    bool specialSquaresAllow(PieceType t, const Move& m, bool capture) {
        if (!capturable(m.to)) return false;
        for (int k = 0; k < m.victimCount(); ++k)
            if (!capturable(m.victim[k])) return false;
        if (!info_.citadels[m.to]) return true;
        const CitadelRule& cr = *v_.rules.citadels;
        const auto& own = cr.ownEntrants;
        if (cr.squares.of[us_][m.to]) return std::find(own.begin(), own.end(), t) != own.end();
        bool may =
            cr.enemyEntrants == CitadelRule::Enemy::AnyRoyal
                ? info_.isRoyal[t]
                : cr.enemyEntrants == CitadelRule::Enemy::TopRoyal && t == pos_.topRoyal(us_);
        if (!may) return false;
        Move entry = m;
        if (cr.enemyEntry) entry.flags |= kMoveEndsGame;
        push(entry, capture);
        // (An unloading move keeps its unload square in aux: it enters without an exchange.)
        if (cr.exchange && !(m.flags & kMoveUnload) &&
            (cr.unlimitedExchange || pos_.hasRight(us_, Position::kExchangeRight)))
            for (int r : pos_.royals(us_)) {
                if (r == m.from || info_.citadels[r]) continue;
                Move swap = m;
                swap.kind = MoveKind::CitadelExchange;
                swap.aux = std::uint8_t(r);
                push(swap, capture);
            }
        return false;
    }

    // Adds a move of a piece of type t, with its promotions.
    void add(PieceType t, Move m, bool capture) {
        if (special_ && !specialSquaresAllow(t, m, capture)) return;
        const auto& ruleIdx = info_.promotionRules[t];
        if (ruleIdx.empty()) {
            if (!v_.rules.immobileIllegal || !info_.deadSquares[t][us_][m.to]) push(m, capture);
            return;
        }
        bool dead = info_.deadSquares[t][us_][m.to];
        bool mayStay = true, anyRule = false;
        promoStart_ = out_.size;
        for (int idx : ruleIdx) {
            const PromotionRule& rule = v_.rules.promotions[idx];
            if (rule.inPlace) continue;  // a move of its own (generateInPlacePromotions)
            const SquareSet& zone = rule.zone.of[us_];
            if (!zone[m.to] && !(rule.fromZoneToo && zone[m.from])) continue;
            if (rule.quietOnlyOnEntry && !capture && zone[m.from]) continue;
            anyRule = anyRule || !rule.mayStayImmobile;
            if (rule.mandatory) mayStay = false;
            if constexpr (G == GenType::Quiets) continue;
            if (rule.choices.empty()) {
                const PieceSpec& spec = v_.pieces[t];
                promote(m, rule.demote ? spec.demotesTo : spec.promotesTo, rule, idx);
            } else {
                for (PieceType c : rule.choices) promote(m, c, rule, idx);
            }
        }
        if (dead && (anyRule || v_.rules.immobileIllegal)) mayStay = false;
        if (mayStay) push(m, capture);
    }

    void promote(Move m, PieceType to, const PromotionRule& rule, int ruleIndex) {
        if (to == kNoPieceType) return;
        auto lim = rule.limit.find(to);
        if (lim != rule.limit.end() && pos_.count(us_, to) >= lim->second) return;
        if (rule.relocateTo != kNoPieceType) {
            // The piece goes to the relocation square; a royal there forbids the move, any other
            // piece there is removed.
            int h = info_.relocation[ruleIndex][us_];
            if (h < 0) return;
            Piece there = pos_.at(h);
            if (h != m.from && there != kNoPiece) {
                using Blocked = PromotionRule::Blocked;
                if (!capturable(h) || rule.relocationBlocked == Blocked::OccupiedForbids) return;
                if (rule.relocationBlocked == Blocked::RoyalForbids && info_.isRoyal[typeOf(there)])
                    return;
            }
            m.aux = std::uint8_t(h);
            m.flags |= kMoveRelocate;
        }
        m.promo = to;
        // Two rules that both allow it (chu's pawn on the last rank) make one move.
        for (int i = promoStart_; i < out_.size; ++i)
            if (out_[i] == m) return;
        out_.push(m);
    }

    void dedupe(int start) {
        int w = start;
        for (int i = start; i < out_.size; ++i) {
            bool seen = false;
            for (int j = start; j < w && !seen; ++j) seen = out_[j] == out_[i];
            if (!seen) out_[w++] = out_[i];
        }
        out_.size = w;
    }

    void castling() {
        const CastlingRule& rule = *v_.rules.castling;
        const Geometry& g = pos_.board();
        int rank = us_ == White ? rule.rank : g.ranks - 1 - rule.rank;
        Piece king = makePiece(us_, rule.king), rook = makePiece(us_, rule.rook);
        for (int kf = 0; kf < g.files; ++kf) {
            int ks = g.square(kf, rank);
            if (pos_.at(ks) != king || !pos_.isVirgin(ks)) continue;
            for (int rf = 0; rf < g.files; ++rf) {
                int rs = g.square(rf, rank);
                if (rf == kf || pos_.at(rs) != rook || !pos_.isVirgin(rs)) continue;
                bool kingside = rf > kf;
                if (rule.kingStopsAnywhere) {
                    castlingAnyDistance(ks, rs);
                    continue;
                }
                int kt = g.square(kingside ? rule.kingsideKingFile : rule.queensideKingFile, rank);
                int rt = g.square(kingside ? rule.kingsideRookFile : rule.queensideRookFile, rank);
                castlingMove(ks, kt, rs, rt);
            }
        }
    }

    // CastlingRule::kingStopsAnywhere: every stop from one step towards the rook to next to it.
    [[gnu::noinline]] void castlingAnyDistance(int ks, int rs) {
        const Geometry& g = pos_.board();
        int kf = g.fileOf(ks), rf = g.fileOf(rs), rank = g.rankOf(ks), dir = rf > kf ? 1 : -1;
        for (int f = kf + dir; f != rf; f += dir)
            castlingMove(ks, g.square(f, rank), rs, g.square(f - dir, rank));
    }

    void castlingMove(int ks, int kt, int rs, int rt) {
        if (!castlingPathClear(ks, kt, rs, rt)) return;
        Move m;
        m.from = std::uint8_t(ks);
        m.to = std::uint8_t(kt);
        m.kind = MoveKind::Castling;
        m.aux = std::uint8_t(rs);
        out_.push(m);
        if (gateTypeCount_) gateCastling(m, kt, rt);
    }

    // Gating on the king's or the rook's square, if the castling leaves it empty.
    [[gnu::noinline]] void gateCastling(Move m, int kt, int rt) {
        for (int sq : {int(m.from), int(m.aux)})
            if (sq != kt && sq != rt && mayGate(sq)) {
                m.victim[0] = std::uint8_t(sq);
                gate(m, sq);
            }
    }

    bool castlingPathClear(int ks, int kt, int rs, int rt) const {
        const Geometry& g = pos_.board();
        int lo = std::min({g.fileOf(ks), g.fileOf(kt), g.fileOf(rs), g.fileOf(rt)});
        int hi = std::max({g.fileOf(ks), g.fileOf(kt), g.fileOf(rs), g.fileOf(rt)});
        int rank = g.rankOf(ks);
        for (int f = lo; f <= hi; ++f) {
            int sq = g.square(f, rank);
            if (g.holes[sq]) return false;
            if (sq != ks && sq != rs && pos_.at(sq) != kNoPiece) return false;
        }
        // The royal may not castle out of, through or into an attacked square.
        int step = g.fileOf(kt) >= g.fileOf(ks) ? 1 : -1;
        for (int f = g.fileOf(ks);; f += step) {
            if (isAttacked(pos_, g.square(f, rank), ~us_)) return false;
            if (f == g.fileOf(kt)) break;
        }
        return true;
    }

    void drops() {
        const Geometry& g = pos_.board();
        for (int t = 0; t < info_.typeCount; ++t) {
            if (pos_.hand(us_, PieceType(t)) == 0) continue;
            const auto& rule = v_.tables[t].drop;
            // Rules::dropPromoted: also as its promoted type, where the hand piece's @ allows.
            PieceType up = v_.rules.dropPromoted ? v_.pieces[t].promotesTo : kNoPieceType;
            for (int sq = 0; sq < g.squareCount(); ++sq) {
                if (g.holes[sq] || pos_.at(sq) != kNoPiece) continue;
                if (!dropAllowed(PieceType(t), rule ? &*rule : nullptr, sq)) continue;
                Move m;
                m.from = m.to = std::uint8_t(sq);
                m.kind = MoveKind::Drop;
                m.aux = PieceType(t);
                for (PieceType as : {PieceType(t), up}) {
                    if (as == kNoPieceType ||
                        (v_.rules.immobileIllegal && info_.deadSquares[as][us_][sq]))
                        continue;
                    m.promo = as;
                    out_.push(m);
                }
            }
        }
    }

    // Where the hand piece's @ rule allows a drop (immobileIllegal is tested by the caller).
    bool dropAllowed(PieceType t, const betza::DropRule* rule, int sq) const {
        const Geometry& g = pos_.board();
        if (!rule) return true;
        int rank = g.rankOf(sq);
        int rel = us_ == White ? rank : g.ranks - 1 - rank;
        if (rule->depth && rel >= rule->depth) return false;
        if (rule->notOnFirstRank && rel == 0) return false;
        const SquareSet& mine = pos_.pieces(us_, t);
        if (rule->maxPerFile) {
            int n = 0;
            for (int r = 0; r < g.ranks; ++r) n += mine[g.square(g.fileOf(sq), r)];
            if (n >= rule->maxPerFile) return false;
        }
        if (rule->maxOnBoard && int(mine.count()) >= rule->maxOnBoard) return false;
        if (rule->maxPerColour) {
            int n = 0, colour = (g.fileOf(sq) + rank) & 1;
            forEachSquare(mine, [&](int s) { n += ((g.fileOf(s) + g.rankOf(s)) & 1) == colour; });
            if (n >= rule->maxPerColour) return false;
        }
        return true;
    }

    const Position& pos_;
    const Variant& v_;
    const VariantInfo& info_;
    Color us_;
    MoveList& out_;
    bool special_;             // the variant has citadels or immune pieces
    bool checkLimitsInitial_;  // some piece has initialNotInCheck
    bool hasEp_;               // the position has e.p. targets
    int inCheck_ = -1;         // inCheckNow(): -1 until asked
    int promoStart_ = 0;       // add(): where the moves of the current add() begin
    // Rules::GatingRule: the types in the side's hand (none without gating).
    std::array<PieceType, kMaxPieceTypes> gateTypes_;  // the first gateTypeCount_ are set
    int gateTypeCount_ = 0;
};

// XBetza u: a move that unloads what it takes only displaces it, so it attacks nothing. A
// locust node of a table with u captures only if some move through it does not unload.
bool capturesForGood(const betza::CompiledPiece& table, std::uint32_t i, const PathNode& n) {
    if (n.emit & kOccEnemy) return !(n.flags & betza::kNodeUnload);
    if (!table.hasUnload) return true;
    for (std::uint32_t k = i + 1; k < n.skip; ++k)
        if (table.nodes[k].emit && !(table.nodes[k].flags & betza::kNodeUnload)) return true;
    return false;
}

// Whether the piece of type t and colour `by` on `from` could capture on `target`.
bool pieceAttacks(const Position& pos, PieceType t, Color by, int from, int target) {
    const VariantInfo& info = pos.info();
    const betza::CompiledPiece& table = pos.variant().tables[t];
    const betza::SquareRange& r = table.ranges[by][from];
    std::uint32_t end = pos.isVirgin(from) ? r.initial2 : r.initial;
    const PathNode* nodes = table.nodes.data();
    const bool walled = info.walled[t];
    const PieceSpec& spec = pos.variant().pieces[t];
    if (walled && pos.at(target) != kNoPiece && spec.mayNotCapture[typeOf(pos.at(target))])
        return false;
    for (std::uint32_t i = r.begin; i < end;) {
        const PathNode& n = nodes[i];
        std::uint8_t o = n.sq == target ? kOccEnemy : info.occClass[by][pos.at(n.sq)];
        if (n.sq == target && ((n.emit | n.locust) & kOccEnemy) && !(n.flags & betza::kNodeTame) &&
            (!table.hasUnload || capturesForGood(table, i, n)))
            return true;
        std::uint8_t emit = o;
        if (walled && n.sq != target) applyWalls(spec, pos.at(n.sq), n, from, emit, o);
        i = (n.pass & o) ? i + 1 : n.skip;
    }
    return false;
}

bool royalsFacing(const Position& pos, int a, int b) {
    const Geometry& g = pos.board();
    if (g.fileOf(a) != g.fileOf(b)) return false;
    int lo = std::min(a, b), hi = std::max(a, b);
    for (int sq = lo + g.files; sq < hi; sq += g.files)
        if (pos.at(sq) != kNoPiece || g.holes[sq]) return false;
    return true;
}

}  // namespace

void generatePseudo(const Position& pos, MoveList& out, GenType type) {
    switch (type) {
        case GenType::All:
            return Generator<GenType::All>(pos, out).all();
        case GenType::Captures:
            return Generator<GenType::Captures>(pos, out).all();
        case GenType::Quiets:
            return Generator<GenType::Quiets>(pos, out).all();
    }
}

void generateMovesAs(const Position& pos, PieceType t, int from, MoveList& out) {
    Generator<GenType::All>(pos, out).movesAs(t, from);
}

bool attacksFrom(const Position& pos, int from, int target) {
    Piece p = pos.at(from);
    return p != kNoPiece && pieceAttacks(pos, typeOf(p), colorOf(p), from, target);
}

void generatePseudoExcept(const Position& pos, MoveList& out, const SquareSet& skip) {
    Generator<GenType::All>(pos, out).all(&skip);
}

bool isCaptureOrPromotion(const Position& pos, const Move& m) {
    switch (m.kind) {
        case MoveKind::EnPassant:
            return true;
        case MoveKind::Normal:
            return m.promo != kNoPieceType || m.victimCount() > 0 ||
                   (pos.at(m.to) != kNoPiece && colorOf(pos.at(m.to)) != pos.sideToMove());
        case MoveKind::CitadelExchange:
            return m.victimCount() > 0;
        case MoveKind::Placement:
            return pos.at(m.to) != kNoPiece;
        default:
            return false;
    }
}

bool isPseudoLegal(const Position& pos, const Move& m) {
    const Geometry& g = pos.board();
    if (pos.terminal() || m.isNull() || m.from >= g.squareCount() || m.to >= g.squareCount())
        return false;
    if (m.kind == MoveKind::Placement || m.kind == MoveKind::Swap) return false;
    if (m.kind == MoveKind::Drop &&
        (m.promo >= pos.info().typeCount || m.aux >= pos.info().typeCount ||
         pos.hand(pos.sideToMove(), m.aux) == 0))
        return false;
    if ((m.flags & kMovePass) && pos.variant().rules.pass && m == passMove(pos)) return true;
    MoveList moves;
    if (isCaptureOrPromotion(pos, m))
        Generator<GenType::Captures>(pos, moves).movesLike(m);
    else
        Generator<GenType::Quiets>(pos, moves).movesLike(m);
    return std::find(moves.begin(), moves.end(), m) != moves.end();
}

bool isAttacked(const Position& pos, int sq, Color by) {
    const Variant& v = pos.variant();
    if (pos.info().citadels[sq] && !v.rules.citadels->attackable) return false;
    const BitboardTables* fast = v.bitboards.get();
    if (fast) {
        int attacked = bitboardAttacked(pos, *fast, sq, by);
        if (attacked >= 0) return attacked == 1;
    }
    for (int t = 0; t < pos.info().typeCount; ++t) {
        SquareSet cand = pos.pieces(by, PieceType(t)) & v.tables[t].attackersOf[by][sq];
        if (cand.none()) continue;
        if (fast && fast->reversible(PieceType(t))) {
            if (reversibleAttacks(pos, *fast, PieceType(t), cand, sq, by)) return true;
            continue;
        }
        for (size_t f = cand._Find_first(); f < cand.size(); f = cand._Find_next(f))
            if (pieceAttacks(pos, PieceType(t), by, int(f), sq)) return true;
    }
    return false;
}

namespace {

// CheckRule::AllRoyals: c has royals and every one of them is attacked.
[[gnu::noinline]] bool allRoyalsAttacked(const Position& pos, Color c) {
    const auto& mine = pos.royals(c);
    for (int sq : mine)
        if (!isAttacked(pos, sq, ~c)) return false;
    return !mine.empty();
}

}  // namespace

bool royalsInDanger(const Position& pos, Color c) {
    const Rules& rules = pos.variant().rules;
    const auto& mine = pos.royals(c);
    if (rules.flyingRoyals)
        for (int a : mine)
            for (int b : pos.royals(~c))
                if (royalsFacing(pos, a, b)) return true;
    switch (rules.checkRule) {
        case CheckRule::None:
            return false;
        case CheckRule::SoleRoyal:
            if (mine.size() != 1) return false;
            break;
        case CheckRule::AnyRoyal:
            break;
        case CheckRule::AllRoyals:
            return allRoyalsAttacked(pos, c);
    }
    for (int sq : mine)
        if (isAttacked(pos, sq, ~c)) return true;
    return false;
}

bool royalsFaceNow(const Position& pos) {
    Color us = pos.sideToMove();
    for (int a : pos.royals(us))
        for (int b : pos.royals(~us))
            if (royalsFacing(pos, a, b)) return true;
    return false;
}

bool inCheck(const Position& pos) {
    Color us = pos.sideToMove();
    for (int sq : pos.royals(us))
        if (isAttacked(pos, sq, ~us))
            return pos.variant().rules.checkRule != CheckRule::AllRoyals ||
                   allRoyalsAttacked(pos, us);
    return false;
}

namespace {

bool dropGivesMate(Position& pos, const Move& m) {
    const auto& list = pos.variant().rules.dropMateIllegal;
    if (m.kind != MoveKind::Drop || std::find(list.begin(), list.end(), m.promo) == list.end())
        return false;
    // pos has the drop made: the opponent is to move.
    if (!inCheck(pos)) return false;
    MoveList replies;
    generateLegal(pos, replies);
    return replies.size == 0;
}

}  // namespace

namespace {

// Which pseudo-legal moves can be accepted without making them: when no royal is attacked now, a
// move of a non-royal piece that vacates no square on an enemy's path to a royal (and, against
// hoppers, occupies none) cannot expose one. Everything else is made and tested.
struct LegalityShortcut {
    bool enabled = false;
    SquareSet vacate;  // moving away from these may open an attack
    SquareSet occupy;  // moving onto these may create one (hopper platforms)

    explicit LegalityShortcut(const Position& pos) {
        const Variant& v = pos.variant();
        const VariantInfo& info = pos.info();
        Color us = pos.sideToMove(), them = ~us;
        const auto& royals = pos.royals(us);
        // What is safe when no royal may be attacked is safe when not all of them may be.
        bool checked = v.rules.checkRule == CheckRule::AnyRoyal ||
                       v.rules.checkRule == CheckRule::AllRoyals ||
                       (v.rules.checkRule == CheckRule::SoleRoyal && royals.size() == 1);
        // A move that destroys an own piece (XBetza d) may destroy an own royal: tested.
        if (!checked || royals.empty() || !v.rules.dropMateIllegal.empty() || info.destroysFriends)
            return;
        for (int r : royals)
            if (isAttacked(pos, r, them)) return;
        for (int t = 0; t < info.typeCount; ++t) {
            if (pos.pieces(them, PieceType(t)).none()) continue;
            const betza::CompiledPiece& table = v.tables[t];
            for (int r : royals) {
                vacate |= table.pathsTo[them][r];
                if (table.needsOccupied) occupy |= table.pathsTo[them][r];
            }
        }
        if (v.rules.flyingRoyals) {
            const Geometry& g = pos.board();
            for (int r : royals)
                for (int rank = 0; rank < g.ranks; ++rank) vacate.set(g.square(g.fileOf(r), rank));
        }
        enabled = true;
    }

    bool safe(const Position& pos, const Move& m) const {
        // An unloading move puts a piece on a square: like occupying it, it can open an attack.
        // So does a piece that enters by gating.
        if (!enabled || occupy[m.to] ||
            (m.flags & (kMoveRelocate | kMoveEndsGame | kMoveUnload | kMoveGate)))
            return false;
        const VariantInfo& info = pos.info();
        if (m.promo != kNoPieceType && info.isRoyal[m.promo]) return false;
        if (m.kind == MoveKind::Drop) return true;
        return m.kind == MoveKind::Normal && m.victimCount() == 0 && !vacate[m.from] &&
               !info.isRoyal[typeOf(pos.at(m.from))] && !captureLimitApplies(pos, m);
    }
};

}  // namespace

// With royalCountBeforeMove, a side that had one royal must keep that one safe even if the move
// adds another (a promotion to a royal does not answer a check). `pos` has the move made.
bool soleRoyalLeftInDanger(const Position& pos, Color us, const Move& m) {
    for (int sq : pos.royals(us)) {
        bool newRoyal = m.promo != kNoPieceType && sq == (m.flags & kMoveRelocate ? m.aux : m.to) &&
                        m.kind != MoveKind::Placement;
        if (!newRoyal && isAttacked(pos, sq, ~us)) return true;
    }
    return false;
}

// Makes m, tests the mover's royals, takes it back. Under a check rule a side may not destroy
// one of its own royals (XBetza d) either.
bool legalAfterMake(Position& pos, const Move& m, bool soleRoyalBefore) {
    if ((m.flags & kMovePass) && pos.variant().rules.pass && m == passMove(pos)) return true;
    // A piece entering by gating does not shield its own royals (Seirawan chess: gating cannot
    // block a check), unless it is a royal itself: the move is judged without it.
    if ((m.flags & kMoveGate) && !pos.info().isRoyal[m.victim[1]])
        return legalAfterMake(pos, withoutGating(m), soleRoyalBefore);
    Color us = pos.sideToMove();
    std::size_t royals = pos.royals(us).size();
    // Facing royals must be parted by any move but a pass.
    bool mustPart = pos.variant().rules.facingRoyals && royalsFaceNow(pos);
    int limit = captureLimit(pos, m);
    if (limit == 2) return false;
    pos.makeMove(m);
    bool ok = !royalsInDanger(pos, us) && !dropGivesMate(pos, m) &&
              !(limit == 1 && isAttacked(pos, m.to, ~us));
    if (ok && mustPart && royalsFaceNow(pos)) ok = false;  // (facing is mutual)
    if (ok && pos.royals(us).size() < royals && m.kind == MoveKind::Normal &&
        !(m.flags & kMoveRelocate) && pos.variant().rules.checkRule != CheckRule::None)
        ok = false;
    if (ok && soleRoyalBefore) ok = !soleRoyalLeftInDanger(pos, us, m);
    pos.unmakeMove();
    return ok;
}

bool countsRoyalsBefore(const Position& pos) {
    const Rules& r = pos.variant().rules;
    return r.royalCountBeforeMove && r.checkRule == CheckRule::SoleRoyal &&
           pos.royals(pos.sideToMove()).size() == 1;
}

bool isLegalMove(Position& pos, const Move& m) {
    return legalAfterMake(pos, m, countsRoyalsBefore(pos));
}

void generateLegal(Position& pos, MoveList& out, GenType type) {
    out.size = 0;
    if (pos.terminal()) return;
    MoveList pseudo;
    generatePseudo(pos, pseudo, type);
    const Rules& rules = pos.variant().rules;
    if (rules.facingRoyals && royalsFaceNow(pos)) {
        // Every move must part the royals: made and tested.
        bool soleBefore = countsRoyalsBefore(pos);
        for (const Move& m : pseudo)
            if (legalAfterMake(pos, m, soleBefore)) out.push(m);
    } else {
        LegalityShortcut shortcut(pos);
        bool soleBefore = countsRoyalsBefore(pos);
        BitboardLegality bitboards(pos, soleBefore);
        for (const Move& m : pseudo) {
            if (shortcut.safe(pos, m)) {
                out.push(m);
                continue;
            }
            int judged = bitboards.judge(pos, m);
            if (judged >= 0 ? judged == 1 : legalAfterMake(pos, m, soleBefore)) out.push(m);
        }
    }
    if (pos.info().inPlacePromotions && type != GenType::Quiets)
        generateInPlacePromotions(pos, out);
    if (!rules.placements.empty()) generatePlacements(pos, out, type);
    if (rules.swap && type != GenType::Captures) {
        // A swap may depend on there being no other legal move, captures included.
        bool noOtherMove = out.size == 0;
        if (noOtherMove && type == GenType::Quiets) {
            MoveList captures;
            generateLegal(pos, captures, GenType::Captures);
            noOtherMove = captures.size == 0;
        }
        generateSwaps(pos, out, noOtherMove);
    }
    if (rules.mustDrop) keepOnlyDrops(pos, out, type);
}

}  // namespace timur
