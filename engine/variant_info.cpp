#include "engine/variant_info.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>

#include "engine/fen.h"
#include "engine/variant.h"

namespace timur {

namespace {

bool hasInitial(const betza::PieceMoves& moves) {
    for (const auto& m : moves.moves)
        if (m.initial) return true;
    return false;
}

void derivePieces(const Variant& v, VariantInfo& info) {
    const Geometry& g = v.board;
    info.typeCount = int(v.pieces.size());
    for (int t = 0; t < info.typeCount; ++t) {
        const PieceSpec& p = v.pieces[t];
        if (p.royal) info.royalTypes.push_back(PieceType(t)), info.isRoyal[t] = true;
        bool initial = hasInitial(p.moves);
        for (const auto& z : p.zoneMoves) initial = initial || hasInitial(z.moves);
        for (const auto& w : p.movesWithin) initial = initial || hasInitial(w.moves);
        info.hasInitialMoves[t] = initial;
        info.walled[t] = p.mayNotCapture.any() || p.mayNotPassOver.any();
        info.unmovedByRight[t] = p.firstMoveRight;
        info.initialNotInCheck[t] = p.initialNotInCheck;
        info.anyInitialNotInCheck = info.anyInitialNotInCheck || p.initialNotInCheck;
        for (int a = 0; a < info.typeCount; ++a)
            if (p.rightLostWhenAimedBy[a]) info.aimsAtRights[a] = true;
        info.resetsClock[t] = p.enPassantVictim;
        const betza::CompiledPiece& table = v.tables[t];
        for (int c = 0; c < 2; ++c)
            for (int sq = 0; sq < v.board.squareCount(); ++sq) {
                const betza::SquareRange& r = table.ranges[c][sq];
                if (r.begin == r.initial && !v.board.holes[sq]) info.deadSquares[t][c].set(sq);
                // A friend on the destination is destroyed there (the mover's own square, where
                // a pass or igui ends, is no victim), a friend locust victim on the way.
                for (std::uint32_t i = r.begin; i < r.end; ++i) {
                    const betza::PathNode& n = table.nodes[i];
                    if ((n.locust & betza::kOccFriend) ||
                        ((n.emit & betza::kOccFriend) && n.sq != sq))
                        info.destroysFriends = true;
                    if ((n.flags & betza::kNodeCreatesEp) &&
                        std::max(std::abs(g.fileOf(n.sq) - g.fileOf(sq)),
                                 std::abs(g.rankOf(n.sq) - g.rankOf(sq))) > 2)
                        info.multiSquareEp = true;
                }
            }
        info.immune[t] = p.immune.of;
        info.anyImmune = info.anyImmune || p.immune.any();
    }
    for (int side = 0; side < 2; ++side) {
        info.occClass[side][0] = betza::kOccEmpty;
        for (int p = 1; p < 130; ++p)
            info.occClass[side][p] =
                colorOf(Piece(p)) == side ? betza::kOccFriend : betza::kOccEnemy;
    }
    for (int t = 0; t < info.typeCount; ++t) {
        std::string white = v.pieces[t].letter, black = white;
        for (char& c : black)
            if (std::isalpha(static_cast<unsigned char>(c))) {
                c = char(std::tolower(static_cast<unsigned char>(c)));
                break;
            }
        info.letters.push_back({white, makePiece(White, PieceType(t))});
        info.letters.push_back({black, makePiece(Black, PieceType(t))});
    }
}

void deriveCaptureLimits(const Variant& v, VariantInfo& info) {
    if (v.rules.protectedVictims) info.limitedVictims |= v.rules.protectedVictims->pieces;
    if (v.rules.counterstrike) info.limitedVictims |= v.rules.counterstrike->pieces;
}

// Whether every normal (non-initial) move of the piece, White's, goes exactly one rank forward.
bool stepsOneRankForward(const betza::CompiledPiece& table, const Geometry& g) {
    for (int sq = 0; sq < g.squareCount() && sq < int(table.ranges[White].size()); ++sq) {
        if (g.holes[sq]) continue;
        const betza::SquareRange& r = table.ranges[White][sq];
        std::uint32_t end = std::min<std::uint32_t>(r.initial, std::uint32_t(table.nodes.size()));
        for (std::uint32_t i = r.begin; i < end; ++i) {
            const betza::PathNode& n = table.nodes[i];
            bool ends = !(n.flags & betza::kNodeNullMove) &&
                        (n.emit & (betza::kOccEmpty | betza::kOccEnemy));
            if (ends && g.rankOf(n.sq) != g.rankOf(sq) + 1) return false;
        }
    }
    return true;
}

void derivePromotions(const Variant& v, VariantInfo& info) {
    const auto& promotions = v.rules.promotions;
    for (std::size_t i = 0; i < promotions.size(); ++i)
        for (PieceType t : promotions[i].pieces) {
            info.promotionRules[t].push_back(int(i));
            if (t < v.tables.size() && stepsOneRankForward(v.tables[t], v.board)) {
                info.pawnLike[t] = true;
                info.pawnHashMask[t] = ~std::uint64_t(0);
            }
        }
    for (const PromotionRule& rule : promotions) {
        info.inPlacePromotions = info.inPlacePromotions || rule.inPlace;
        if (rule.choices.empty()) continue;
        for (PieceType t : rule.pieces) {
            info.resetsClock[t] = true;
            if (info.demotedPawn == kNoPieceType) info.demotedPawn = t;
        }
    }
    for (int t = 0; t < info.typeCount; ++t) {
        const auto& rules = info.promotionRules[t];
        bool forced = !rules.empty();
        for (int idx : rules) {
            const PromotionRule& rule = promotions[idx];
            forced = forced && !rule.inPlace;
            std::size_t results = rule.choices.empty() ? 1 : rule.choices.size();
            forced = forced && rule.mandatory && results == 1;
        }
        info.forcedPromotion[t] = forced;
    }
    for (const PromotionRule& rule : promotions) {
        std::array<int, 2> where{-1, -1};
        if (rule.relocateTo != kNoPieceType)
            for (int c = 0; c < 2; ++c)
                for (int sq = 0; sq < v.board.squareCount() && where[c] < 0; ++sq)
                    if (info.startBoard[sq] == makePiece(Color(c), rule.relocateTo)) where[c] = sq;
        info.relocation.push_back(where);
    }
}

}  // namespace

std::string VariantInfo::pieceText(Piece p, bool promoted) const {
    for (const auto& [letter, piece] : letters)
        if (piece == p) return promoted ? letter + "~" : letter;
    return "?";
}

void Variant::conclude() {
    info = VariantInfo{};
    info.startBoard = readFenBoard(*this, startFen, FenStyle::Strict).squares;
    derivePieces(*this, info);
    derivePromotions(*this, info);
    deriveCaptureLimits(*this, info);
    if (rules.citadels)
        info.citadels = rules.citadels->squares.of[0] | rules.citadels->squares.of[1];
    info.hashesPass = rules.pass && rules.pass->twice;
}

}  // namespace timur
