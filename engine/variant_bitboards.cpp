#include "engine/variant_bitboards.h"

#include <algorithm>

namespace timur {

PieceBoardInput pieceBoardInput(const Variant& v, PieceType t) {
    // Mirrors the loader's compileTables(): tests/classify_test.cpp checks that both give the
    // same moves.
    const Geometry& g = v.board;
    const PieceSpec& spec = v.pieces[t];
    PieceBoardInput out;
    out.input.moves = &spec.moves;
    if (!spec.zoneMoves.empty()) {
        for (int c = 0; c < 2; ++c) {
            auto& at = out.input.movesAt[c];
            at.assign(g.squareCount(), &spec.moves);
            for (int sq = 0; sq < g.squareCount(); ++sq)
                for (const auto& z : spec.zoneMoves)
                    if (z.zone.of[c][sq]) {
                        at[sq] = &z.moves;
                        break;
                    }
        }
    }
    out.input.allowed = spec.confinement.of;
    for (const auto& w : spec.movesWithin) out.input.within.push_back({&w.moves, w.squares.of});
    out.board = g;
    if (const auto& cit = v.rules.citadels) {
        const auto& own = cit->ownEntrants;
        bool entrant = std::find(own.begin(), own.end(), t) != own.end() ||
                       (spec.royal && cit->enemyEntrants != CitadelRule::Enemy::None);
        if (!entrant && !cit->attackable)
            out.board.holes |= cit->squares.of[0] | cit->squares.of[1];
    }
    return out;
}

template <class BB>
VariantBitboards<BB>::VariantBitboards(const Variant& v)
    : sliders(v.board.files, v.board.ranks), boardHoles(toBitboard<BB>(v.board.holes)) {
    for (std::size_t t = 0; t < v.pieces.size(); ++t) {
        PieceBoardInput in = pieceBoardInput(v, PieceType(t));
        std::string why;
        if (v.pieces[t].mayNotCapture.any() || v.pieces[t].mayNotPassOver.any())
            pieces.emplace_back(),
                why = "some pieces are walls to it (mayNotCapture, mayNotPassOver)";
        else
            pieces.push_back(PieceSets<BB>::build(in.input, in.board, sliders, &why));
        whyWalker.push_back(pieces.back() ? std::string() : why);
        holes.push_back(toBitboard<BB>(in.board.holes));
    }
    const VariantInfo& info = v.info;
    counting.resize(v.pieces.size());
    for (std::size_t t = 0; t < v.pieces.size(); ++t) {
        for (int c = 0; c < 2; ++c) {
            CountMasks& m = counting[t][c];
            m.generated = toBitboard<BB>(info.citadels);
            for (int idx : info.promotionRules[t]) {
                const PromotionRule& rule = v.rules.promotions[idx];
                BB z = toBitboard<BB>(rule.zone.of[c]);
                m.generated |= z;
                if (rule.fromZoneToo) m.generatedFrom |= z;
            }
            if (v.rules.immobileIllegal) m.dead = toBitboard<BB>(info.deadSquares[t][c]);
        }
        if (info.immune[t][0].any() || info.immune[t][1].any()) immuneTypes.push_back(PieceType(t));
    }
}

template <class BB>
std::size_t VariantBitboards<BB>::bytes() const {
    std::size_t n = sizeof(*this) + sliders.bytes() + holes.capacity() * sizeof(BB) +
                    unmerged.capacity() * sizeof(PieceType) +
                    counting.capacity() * sizeof(counting[0]) +
                    immuneTypes.capacity() * sizeof(PieceType);
    for (const auto& m : mergedCaptures) n += m.capacity() * sizeof(m[0]);
    for (const auto& p : pieces) n += p ? p->bytes() : sizeof(p);
    for (const auto& w : whyWalker) n += w.capacity();
    return n;
}

namespace {

// Whether the rides of type t see the same squares with its own holes as blockers as with the
// board's: true when its board has no further holes, or when none of them lies on a ride between
// two squares the piece may capture on (Tamerlane's citadels, closed to most pieces, sit at the
// ends of their lines). Then the rides that end before a hole end there on both boards, and an
// occupancy only shortens both alike.
template <class BB>
bool ridesSeeBoardHoles(const VariantBitboards<BB>& bb, const PieceSets<BB>& piece, int t,
                        int squares) {
    if (bb.holes[t] == bb.boardHoles) return true;
    const auto& sl = bb.sliders;
    for (int c = 0; c < 2; ++c)
        for (int sq = 0; sq < squares; ++sq) {
            auto m = piece.captureMasks(c, sq);
            if (!((sl.rook(sq, bb.holes[t]) & m.orth) == (sl.rook(sq, bb.boardHoles) & m.orth)) ||
                !((sl.bishop(sq, bb.holes[t]) & m.diag) == (sl.bishop(sq, bb.boardHoles) & m.diag)))
                return false;
        }
    return true;
}

// [type]: whether its attacks read backwards (reversible), share one slider lookup with other
// types (mergeable; their capture masks are summed into bb.mergedCaptures) and ignore the
// occupancy (leapsOnly).
template <class BB>
void markTypeTraits(VariantBitboards<BB>& bb, int squares,
                    std::array<bool, kMaxPieceTypes>& reversible,
                    std::array<bool, kMaxPieceTypes>& mergeable,
                    std::array<bool, kMaxPieceTypes>& leapsOnly) {
    for (auto& m : bb.mergedCaptures) m.assign(squares, {});
    for (std::size_t t = 0; t < bb.pieces.size(); ++t) {
        reversible[t] = bb.pieces[t] && bb.pieces[t]->reversible();
        leapsOnly[t] = bb.pieces[t] && bb.pieces[t]->leapsOnly();
        mergeable[t] = reversible[t] && !bb.pieces[t]->hasTerms() &&
                       ridesSeeBoardHoles(bb, *bb.pieces[t], int(t), squares);
        if (!mergeable[t]) {
            bb.unmerged.push_back(PieceType(t));
            continue;
        }
        for (int c = 0; c < 2; ++c)
            for (int sq = 0; sq < squares; ++sq) {
                auto m = bb.pieces[t]->captureMasks(c, sq);
                auto& u = bb.mergedCaptures[c][sq];
                u.leap |= m.leap;
                u.orth |= m.orth;
                u.diag |= m.diag;
            }
    }
}

}  // namespace

BitboardTables::BitboardTables(const Variant& v) : words_(bitboardWords(v.board.squareCount())) {
    switch (words_) {
        case 1:
            b1_ = std::make_unique<VariantBitboards<Bitboard<1>>>(v);
            markTypeTraits(*b1_, v.board.squareCount(), reversible_, mergeable_, leapsOnly_);
            break;
        case 2:
            b2_ = std::make_unique<VariantBitboards<Bitboard<2>>>(v);
            markTypeTraits(*b2_, v.board.squareCount(), reversible_, mergeable_, leapsOnly_);
            break;
        case 3:
            b3_ = std::make_unique<VariantBitboards<Bitboard<3>>>(v);
            markTypeTraits(*b3_, v.board.squareCount(), reversible_, mergeable_, leapsOnly_);
            break;
        default:
            b4_ = std::make_unique<VariantBitboards<Bitboard<4>>>(v);
            markTypeTraits(*b4_, v.board.squareCount(), reversible_, mergeable_, leapsOnly_);
    }
    for (std::size_t t = 0; t < v.pieces.size(); ++t)
        if (!reversible_[t] || v.info.walled[t] || v.info.immune[t][0].any() ||
            v.info.immune[t][1].any())
            exchangeAlwaysKnown_ = false;
}

BitboardTables::~BitboardTables() = default;

std::size_t BitboardTables::bytes() const {
    return sizeof(*this) + (b1_ ? b1_->bytes() : 0) + (b2_ ? b2_->bytes() : 0) +
           (b3_ ? b3_->bytes() : 0) + (b4_ ? b4_->bytes() : 0);
}

template struct VariantBitboards<Bitboard<1>>;
template struct VariantBitboards<Bitboard<2>>;
template struct VariantBitboards<Bitboard<3>>;
template struct VariantBitboards<Bitboard<4>>;

}  // namespace timur
