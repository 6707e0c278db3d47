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
VariantBitboards<BB>::VariantBitboards(const Variant& v) : sliders(v.board.files, v.board.ranks) {
    for (std::size_t t = 0; t < v.pieces.size(); ++t) {
        PieceBoardInput in = pieceBoardInput(v, PieceType(t));
        std::string why;
        pieces.push_back(PieceSets<BB>::build(in.input, in.board, sliders, &why));
        whyWalker.push_back(pieces.back() ? std::string() : why);
        holes.push_back(toBitboard<BB>(in.board.holes));
    }
}

template <class BB>
std::size_t VariantBitboards<BB>::bytes() const {
    std::size_t n = sizeof(*this) + sliders.bytes() + holes.capacity() * sizeof(BB);
    for (const auto& p : pieces) n += p ? p->bytes() : sizeof(p);
    for (const auto& w : whyWalker) n += w.capacity();
    return n;
}

template struct VariantBitboards<Bitboard<1>>;
template struct VariantBitboards<Bitboard<2>>;
template struct VariantBitboards<Bitboard<3>>;
template struct VariantBitboards<Bitboard<4>>;

}  // namespace timur
