// The evaluation's run-time attack terms, from the bitboard move sets of the pieces that have
// them (engine/variant_bitboards.h; pieces left on the path-tree walker count for none):
//
//   mobility   the squares each piece attacks or may move to, not held by its own side, against
//              half its reach on an empty board; the weight per square falls with the reach, so
//              that a square is worth more to a knight than to a queen;
//   threats    an enemy piece attacked by a cheaper piece (by the value difference), and one
//              attacked that its side does not defend (by its value), when that side's attacks
//              are all known;
//   royals     a royal's neighbourhood attacked by enemy pieces, each square by the attacker's
//              worth; the penalty grows with the square of the sum once two pieces attack.
#include <algorithm>
#include <cmath>

#include "engine/evaluate.h"
#include "engine/variant_bitboards.h"

namespace timur {

void Evaluator::prepareAttackTerms(const std::vector<PieceProfile>& profiles) {
    const Variant& v = *variant_;
    attacks_ =
        v.bitboards && (w_[kWMobilityMg] || w_[kWMobilityEg] || w_[kWThreatMg] || w_[kWThreatEg] ||
                        w_[kWHangingMg] || w_[kWHangingEg] || w_[kWKingAttack]);
    if (!attacks_) return;
    for (int t = 0; t < typeCount_; ++t) {
        const PieceProfile& p = profiles[t];
        if (p.pawn || p.royal) continue;
        // 9 cp (middlegame) and 11 (endgame) per square for a piece reaching 1 square, a
        // knight about 4 and 5, a rook 2.4 and 2.9, a queen 1.9 and 2.3.
        double reach = std::max(1.0, p.mobility);
        mobMg_[t] = int(std::lround(16 * 9.0 / std::sqrt(reach) * w_[kWMobilityMg] / 100));
        mobEg_[t] = int(std::lround(16 * 11.0 / std::sqrt(reach) * w_[kWMobilityEg] / 100));
        mobCentre_[t] = int(std::lround(reach / 2));
    }
    for (int t = 0; t < typeCount_; ++t)
        kingAttackUnit_[t] = profiles[t].royal ? 2 : std::clamp(values_[t] / 100, 1, 10);
}

void Evaluator::attackTerms(const Position& pos, int* mg, int* eg) const {
    switch (variant_->bitboards->words()) {
        case 1:
            return attackTermsOf<1>(pos, mg, eg);
        case 2:
            return attackTermsOf<2>(pos, mg, eg);
        case 3:
            return attackTermsOf<3>(pos, mg, eg);
        default:
            return attackTermsOf<4>(pos, mg, eg);
    }
}

template <int W>
void Evaluator::attackTermsOf(const Position& pos, int* mg, int* eg) const {
    using BB = Bitboard<W>;
    const VariantBitboards<BB>& bb = variant_->bitboards->at<W>();
    const BB own[2] = {fromSquareSet<BB>(pos.occupied(White)),
                       fromSquareSet<BB>(pos.occupied(Black))};
    const BB occ = own[White] | own[Black];
    const BB empty = ~occ;
    BB attacked[2];
    bool complete[2] = {true, true};  // every piece's attacks are known
    // [side]: the attack weight on the other side's first royal's neighbourhood, and attackers.
    int kingDanger[2] = {0, 0}, kingAttackers[2] = {0, 0};
    BB zone[2];
    for (int c = 0; c < 2; ++c)
        if (!pos.royals(Color(c)).empty())
            zone[c] = fromSquareSet<BB>(royalZone_[pos.royals(Color(c)).front()]);
    for (int c = 0; c < 2; ++c) {
        const Color us = Color(c);
        const BB theirs = own[~us];
        int mobMg = 0, mobEg = 0, threatMg = 0, threatEg = 0;
        for (int t = 0; t < typeCount_; ++t) {
            const SquareSet& set = pos.pieces(us, PieceType(t));
            if (set.none()) continue;
            const auto& sets = bb.pieces[t];
            if (!sets) {
                complete[c] = false;
                continue;
            }
            const BB blockers = occ | bb.holes[t];
            for (BB pieces = fromSquareSet<BB>(set); pieces.any();) {
                int sq = pieces.popLsb();
                BB quiet, capture;
                sets->targets(bb.sliders, c, sq, pos.isVirgin(sq), blockers, quiet, capture);
                attacked[c] |= capture;
                if (mobMg_[t]) {
                    int n = ((quiet & empty) | capture.andNot(own[c])).count() - mobCentre_[t];
                    mobMg += mobMg_[t] * n;
                    mobEg += mobEg_[t] * n;
                }
                // Every square next to the enemy royal that this piece attacks, empty or not.
                BB near = capture & zone[~us];
                if (near.any()) {
                    ++kingAttackers[c];
                    kingDanger[c] += kingAttackUnit_[t] * near.count();
                }
                BB hit = capture & theirs;
                if (hit.none()) continue;
                // Enemies worth more than this piece.
                if (royal_[t]) continue;
                forEachSquare(hit, [&](int x) {
                    PieceType victim = typeOf(pos.at(x));
                    if (royal_[victim]) return;
                    int diff = values_[victim] - values_[t];
                    if (diff < 50) return;
                    diff = std::min(diff, 600);
                    threatMg += w_[kWThreatMg] * diff;
                    threatEg += w_[kWThreatEg] * diff;
                });
            }
        }
        mg[c] += mobMg / 16 + threatMg / 64;
        eg[c] += mobEg / 16 + threatEg / 64;
    }
    for (int c = 0; c < 2; ++c) {
        const Color us = Color(c);
        // Enemies we attack that their side does not defend.
        if (complete[~us] && (w_[kWHangingMg] || w_[kWHangingEg])) {
            BB hanging = own[~us] & attacked[c];
            hanging = hanging.andNot(attacked[~us]);
            int sum = 0;
            forEachSquare(hanging, [&](int x) {
                PieceType victim = typeOf(pos.at(x));
                if (!royal_[victim]) sum += std::min(values_[victim], 1000);
            });
            mg[c] += w_[kWHangingMg] * sum / 64;
            eg[c] += w_[kWHangingEg] * sum / 64;
        }
        // Attacks on the enemy royal's neighbourhood.
        if (kingAttackers[c] >= 2) {
            int d = kingDanger[c];
            mg[~us] -= std::min(500, d * d * w_[kWKingAttack] / 3200);
        }
    }
}

}  // namespace timur
