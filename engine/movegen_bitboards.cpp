#include "engine/movegen_bitboards.h"

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

}  // namespace

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

}  // namespace timur
