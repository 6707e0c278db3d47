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
//              worth; the penalty grows with the square of the sum once two pieces attack;
//   danger     Stockfish 11's king danger (weight kingDanger): attackers of the royal's ring,
//              weak squares there, attacks on its neighbourhood, safe and unsafe checks, pieces
//              pinned to it, attacks on its flank, eased by its pawn shelter and a knight that
//              guards its neighbourhood.
#include <algorithm>
#include <cmath>

#include "engine/evaluate.h"
#include "engine/variant_bitboards.h"

namespace timur {

namespace {

// What the king danger of one side's royal reads, from the attacker's side.
template <class BB>
struct DangerInput {
    BB zone, ring, flank;        // the royal's neighbourhood, its danger ring and its flank
    BB attacker;                 // the attacking side's pieces
    BB attacked, attacked2;      // squares it attacks, and attacks twice or more
    BB defended, defended2;      // the same for the royal's side
    BB defendedByRoyal;          // squares the royal itself attacks
    int attackerWeight = 0;      // attackers of the neighbourhood times their weights
    int zoneAttacks = 0;         // their attacks on its squares
    int mobilityLead = 0;        // the attacker's mobility minus the defender's, cp
    int shelter = 0;             // the defender's pawn shelter, cp (evaluate_pawns.cpp)
    int pinned = 0;              // pieces alone between the royal and an enemy slider
    bool guarded = false;        // a cheap leaper of the defender guards the neighbourhood
    const BB* checks = nullptr;  // per type of the attacker's, the squares it checks from
    int checkTypes = 0;
    bool heavy = false;  // the attacker has a piece worth a queen
};

// Stockfish 11's king danger, in its units (128 to the pawn), for any variant with bitboard
// tables: weak squares are attacked and defended by the royal alone, or not at all; a check
// is safe where the defender does not attack, or only weakly where we attack twice. Each kind
// of piece with a safe check adds once; the unsafe checks count by square.
template <class BB>
int kingDangerUnits(const DangerInput<BB>& in) {
    const BB weak = in.attacked.andNot(in.defended2) & (~in.defended | in.defendedByRoyal);
    const BB safe = (~in.attacker) & (~in.defended | (weak & in.attacked2));
    int d = in.attackerWeight + 69 * in.zoneAttacks + 185 * (in.ring & weak).count();
    d += 98 * in.pinned;
    BB unsafe;
    for (int i = 0; i < in.checkTypes; ++i) {
        if ((in.checks[i] & safe).any())
            d += 800;
        else
            unsafe |= in.checks[i];
    }
    d += 148 * unsafe.count();
    const int flankAttacks = (in.flank & in.attacked).count() + (in.flank & in.attacked2).count();
    d += 3 * flankAttacks * flankAttacks / 8 - 4 * (in.flank & in.defended).count();
    d += in.mobilityLead * 128 / 100;
    // The shelter in Stockfish's units: its table gives a pawn one step ahead 61 to 81, ours 36.
    d -= 6 * (in.shelter * 2) / 8;
    if (in.guarded) d -= 100;
    if (!in.heavy) d -= 873;
    return d + 37;
}

}  // namespace

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
    kingDanger_ = w_[kWKingDanger] != 0;
    pawnTypeCount_ = 0;
    for (int t = 0; t < typeCount_; ++t)
        if (pawn_[t]) scanOrder_[pawnTypeCount_++] = std::uint8_t(t);
    for (int t = 0, i = pawnTypeCount_; t < typeCount_; ++t)
        if (!pawn_[t]) scanOrder_[i++] = std::uint8_t(t);
    for (int t = 0; t < typeCount_; ++t) {
        // Stockfish's 77 (knight), 55 (bishop), 44 (rook), 10 (queen), by value for any piece.
        dangerWeight_[t] =
            profiles[t].pawn || profiles[t].royal ? 0 : std::clamp(100 - values_[t] / 12, 10, 90);
        checksKnown_[t] = !profiles[t].pawn && !profiles[t].royal && v.bitboards->reversible(t);
        xray_[t] = checksKnown_[t] && !v.bitboards->leapsOnly(PieceType(t));
        heavy_[t] = !profiles[t].royal && values_[t] >= 800;
        guard_[t] = kingDanger_ && dangerWeight_[t] >= 70 && profiles[t].leaperShare >= 0.9;
    }
}

void Evaluator::attackTerms(const Position& pos, int* mg, int* eg, const int* shelters) const {
    switch (variant_->bitboards->words()) {
        case 1:
            return attackTermsOf<1>(pos, mg, eg, shelters);
        case 2:
            return attackTermsOf<2>(pos, mg, eg, shelters);
        case 3:
            return attackTermsOf<3>(pos, mg, eg, shelters);
        default:
            return attackTermsOf<4>(pos, mg, eg, shelters);
    }
}

template <int W>
void Evaluator::attackTermsOf(const Position& pos, int* mg, int* eg, const int* shelters) const {
    using BB = Bitboard<W>;
    const VariantBitboards<BB>& bb = variant_->bitboards->at<W>();
    const BB own[2] = {fromSquareSet<BB>(pos.occupied(White)),
                       fromSquareSet<BB>(pos.occupied(Black))};
    const BB occ = own[White] | own[Black];
    const BB empty = ~occ;
    BB attacked[2], attacked2[2], royalAttacks[2];  // attacked2: by two pieces or more
    BB pawnAttacks[2], pawnAttacks2[2];             // the same by the pawn-like pieces alone
    bool complete[2] = {true, true};                // every piece's attacks are known
    // [side]: the attack weight on the other side's first royal's neighbourhood, and attackers.
    int kingDanger[2] = {0, 0}, kingAttackers[2] = {0, 0};
    // [side], for the king danger: the weight of its pieces attacking the enemy royal's ring,
    // their attacks on its neighbourhood, and the squares each of its types may check from.
    int attackerWeight[2] = {0, 0}, zoneAttacks[2] = {0, 0}, mobility[2] = {0, 0};
    int ringAttackers[2] = {0, 0}, pinners[2] = {0, 0};  // [side]: of the enemy royal
    constexpr int kCheckTypes = 16;  // the most kinds of checking piece counted per side
    std::array<BB, kCheckTypes> checks[2];
    int checkTypes[2] = {0, 0};
    bool heavy[2] = {false, false};    // [side]: it has a piece worth a queen
    bool guarded[2] = {false, false};  // [side]: a guard_ piece covers its royal's neighbourhood
    BB zone[2], ring[2];
    int royal[2] = {-1, -1};
    for (int c = 0; c < 2; ++c)
        if (!pos.royals(Color(c)).empty()) {
            royal[c] = pos.royals(Color(c)).front();
            zone[c] = fromSquareSet<BB>(royalZone_[royal[c]]);
        }
    int mobMg[2] = {0, 0}, mobEg[2] = {0, 0}, threatMg[2] = {0, 0}, threatEg[2] = {0, 0};
    // One side's pieces of one type: what they attack, their mobility and threats, and what
    // the king danger reads of them. Inlined at both calls below: outlined, each call reads
    // every local through the closure (about 10% more instructions here, by callgrind).
    auto scanType = [&](const Color us, const int t) __attribute__((always_inline)) {
        const int c = us;
        const SquareSet& set = pos.pieces(us, PieceType(t));
        if (set.none()) return;
        heavy[c] |= heavy_[t];
        const auto& sets = bb.pieces[t];
        if (!sets) {
            complete[c] = false;
            return;
        }
        const BB blockers = occ | bb.holes[t], mine = fromSquareSet<BB>(set);
        // Where a piece of this type would check the enemy royal from: its attacks read
        // backwards from the royal.
        BB checkFrom, checking;
        const bool checksRoyal = kingDanger_ && checksKnown_[t] && royal[~us] >= 0;
        if (checksRoyal) {
            checkFrom = sets->captures(bb.sliders, ~us, royal[~us], false, blockers);
            // Seen through the first piece on each line: a slider of this type there pins
            // that piece to the royal (or, ours, may uncover a check).
            if (xray_[t]) {
                const BB xray = sets->captures(bb.sliders, ~us, royal[~us], false,
                                               blockers.andNot(checkFrom & occ));
                pinners[c] += (xray.andNot(checkFrom) & mine).count();
            }
        }
        for (BB pieces = mine; pieces.any();) {
            int sq = pieces.popLsb();
            BB quiet, capture;
            sets->targets(bb.sliders, c, sq, pos.isVirgin(sq), blockers, quiet, capture);
            attacked2[c] |= attacked[c] & capture;
            attacked[c] |= capture;
            if (royal_[t]) royalAttacks[c] |= capture;
            if (guard_[t] && (capture & zone[c]).any()) guarded[c] = true;
            if (checksRoyal) checking |= capture & checkFrom;
            if (mobMg_[t]) {
                int n = ((quiet & empty) | capture.andNot(own[c])).count() - mobCentre_[t];
                mobMg[c] += mobMg_[t] * n;
                mobEg[c] += mobEg_[t] * n;
            }
            // Every square next to the enemy royal that this piece attacks, empty or not.
            BB near = capture & zone[~us];
            if (near.any()) {
                ++kingAttackers[c];
                int n = near.count();
                kingDanger[c] += kingAttackUnit_[t] * n;
                if (dangerWeight_[t]) zoneAttacks[c] += n;
            }
            if (kingDanger_) {
                if (pawn_[t]) {
                    pawnAttacks2[c] |= pawnAttacks[c] & capture;
                    pawnAttacks[c] |= capture;
                } else if (!royal_[t] && (capture & ring[~us]).any()) {
                    ++ringAttackers[c];
                    attackerWeight[c] += dangerWeight_[t];
                }
            }
            BB hit = capture & own[~us];
            if (hit.none()) continue;
            // Enemies worth more than this piece.
            if (royal_[t]) continue;
            forEachSquare(hit, [&](int x) {
                PieceType victim = typeOf(pos.at(x));
                if (royal_[victim]) return;
                int diff = values_[victim] - values_[t];
                if (diff < 50) return;
                diff = std::min(diff, 600);
                threatMg[c] += w_[kWThreatMg] * diff;
                threatEg[c] += w_[kWThreatEg] * diff;
            });
        }
        if (checking.any() && checkTypes[c] < kCheckTypes) checks[c][checkTypes[c]++] = checking;
    };
    // The pawn-like pieces of both sides first, so that their double defence trims each
    // danger ring (as in Stockfish) before the other pieces are read against it.
    for (int c = 0; c < 2; ++c)
        for (int i = 0; i < pawnTypeCount_; ++i) scanType(Color(c), scanOrder_[i]);
    if (kingDanger_)
        for (int c = 0; c < 2; ++c) {
            if (royal[c] < 0) continue;
            ring[c] = fromSquareSet<BB>(dangerRing_[royal[c]]).andNot(pawnAttacks2[c]);
            // Pawn-like attackers count by the squares of the ring they attack, as there.
            ringAttackers[~Color(c)] += (ring[c] & pawnAttacks[~Color(c)]).count();
        }
    for (int c = 0; c < 2; ++c)
        for (int i = pawnTypeCount_; i < typeCount_; ++i) scanType(Color(c), scanOrder_[i]);
    for (int c = 0; c < 2; ++c) {
        mg[c] += mobMg[c] / 16 + threatMg[c] / 64;
        eg[c] += mobEg[c] / 16 + threatEg[c] / 64;
        mobility[c] = mobMg[c] / 16;
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
        if (kingDanger_ && royal[~us] >= 0 && complete[c] && complete[~us]) {
            DangerInput<BB> in;
            in.zone = zone[~us];
            in.flank = fromSquareSet<BB>(royalFlank_[~us][royal[~us]]);
            in.attacker = own[c];
            in.attacked = attacked[c];
            in.attacked2 = attacked2[c];
            in.defended = attacked[~us];
            in.defended2 = attacked2[~us];
            in.defendedByRoyal = royalAttacks[~us];
            in.ring = ring[~us];
            in.attackerWeight = ringAttackers[c] * attackerWeight[c];
            in.pinned = pinners[c];
            in.zoneAttacks = zoneAttacks[c];
            in.mobilityLead = mobility[c] - mobility[~us];
            in.checks = checks[c].data();
            in.checkTypes = checkTypes[c];
            in.heavy = heavy[c];
            in.shelter = shelters[~us];
            in.guarded = guarded[~us];
            int d = kingDangerUnits(in);
            // Stockfish's d^2 / 4096 and d / 16, at 128 to its pawn.
            if (d > 100) {
                mg[~us] -= d * d / 4096 * w_[kWKingDanger] / 128;
                eg[~us] -= d / 16 * w_[kWKingDanger] / 128;
            }
        }
    }
}

}  // namespace timur
