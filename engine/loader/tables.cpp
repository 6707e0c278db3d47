#include "engine/loader/loader.h"

#include <algorithm>

namespace timur::loader {

void Loader::compileTables() {
    Variant& v = *variant_;
    const Geometry& g = v.board;
    v.tables.reserve(v.pieces.size());
    for (std::size_t i = 0; i < v.pieces.size(); ++i) {
        const PieceSpec& spec = v.pieces[i];
        betza::CompileInput input;
        input.moves = &spec.moves;
        if (!spec.zoneMoves.empty()) {
            for (int c = 0; c < 2; ++c) {
                auto& at = input.movesAt[c];
                at.assign(g.squareCount(), &spec.moves);
                for (int sq = 0; sq < g.squareCount(); ++sq)
                    for (const auto& z : spec.zoneMoves)
                        if (z.zone.of[c][sq]) {
                            at[sq] = &z.moves;
                            break;
                        }
            }
        }
        input.allowed = spec.confinement.of;
        for (const auto& w : spec.movesWithin) input.within.push_back({&w.moves, w.squares.of});
        // The generator and make/unmake implement every table feature (u: Position's unload).
        input.accepts = betza::kAllTableFeatures;
        // Citadels are off the board for every piece that may never enter one.
        Geometry pieceBoard = g;
        if (const auto& cit = v.rules.citadels) {
            const auto& own = cit->ownEntrants;
            bool entrant = std::find(own.begin(), own.end(), PieceType(i)) != own.end() ||
                           (spec.royal && cit->enemyEntrants != CitadelRule::Enemy::None);
            // Attackable citadels (O15) stay squares for everyone's attacks; the generator still
            // lets no one but the entrants in.
            if (!entrant && !cit->attackable)
                pieceBoard.holes |= cit->squares.of[0] | cit->squares.of[1];
        }
        try {
            v.tables.push_back(betza::compile(input, pieceBoard));
        } catch (const std::exception& e) {
            fail(child(child("/pieces", i), "betza"), std::string("cannot compile: ") + e.what());
        }
    }
    // A move keeps one extra square: where an unloaded piece goes, or where a promoted one is
    // relocated, not both.
    for (std::size_t r = 0; r < v.rules.promotions.size(); ++r) {
        const PromotionRule& rule = v.rules.promotions[r];
        if (rule.relocateTo == kNoPieceType) continue;
        for (PieceType t : rule.pieces)
            if (v.tables[t].hasUnload)
                fail(child(child("/pieces", t), "betza"),
                     "a piece with an unloading move (u) cannot be relocated on promotion "
                     "(/rules/promotion/" +
                         std::to_string(r) + "/relocateTo)");
    }
}

}  // namespace timur::loader
