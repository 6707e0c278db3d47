// Static exchange evaluation (engine/movepick.h): the material an exchange on a square wins,
// with x-rays behind the pieces taken off, and kSeeUnknown where the bitboards cannot tell.
#include <gtest/gtest.h>

#include "engine/evaluate.h"
#include "engine/movepick.h"
#include "engine/position.h"

namespace timur {
namespace {

struct Exchange {
    int see = 0;
    int pawn = 0, knight = 0, bishop = 0, rook = 0, queen = 0;
};

Exchange seeOf(const std::string& variant, const std::string& fen, const std::string& move) {
    Position pos(loadVariant(variant));
    pos.setFen(fen);
    Evaluator eval(pos.variantPtr());
    Move m = parseMove(pos, move);
    EXPECT_FALSE(m.isNull()) << move;
    const Variant& v = pos.variant();
    auto value = [&](char letter) {
        for (int t = 0; t < pos.info().typeCount; ++t)
            if (v.pieces[t].letter == std::string(1, char(letter - 32)))
                return eval.value(PieceType(t));
        return 0;
    };
    return {
        staticExchange(pos, eval, m), value('p'), value('n'), value('b'), value('r'), value('q')};
}

TEST(StaticExchange, UndefendedPieceIsWon) {
    auto e = seeOf("chess", "4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1", "d1d5");
    EXPECT_EQ(e.see, e.knight);
}

TEST(StaticExchange, DefendedPawnTakenByKnightLoses) {
    auto e = seeOf("chess", "4k3/8/2p5/3p4/8/4N3/8/4K3 w - - 0 1", "e3d5");
    EXPECT_EQ(e.see, e.pawn - e.knight);
}

// The rook behind the rook (an x-ray) takes back once the first one is gone: Rxd5 Rxd5 Rxd5
// wins the pawn; with a second black rook behind, White loses the exchange.
TEST(StaticExchange, XRayBehindTheFirstAttacker) {
    auto e = seeOf("chess", "3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5");
    EXPECT_EQ(e.see, e.pawn);
    auto f = seeOf("chess", "3rk3/3r4/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5");
    EXPECT_EQ(f.see, e.pawn - e.rook);
}

// A king may not take into a defended square: the exchange stops before.
TEST(StaticExchange, RoyalDoesNotRecaptureIntoDefence) {
    auto e = seeOf("chess", "8/8/8/3p4/4k3/8/3R4/3RK3 w - - 0 1", "d2d5");
    EXPECT_EQ(e.see, e.pawn);
}

// A quiet move onto a square a pawn attacks loses the piece.
TEST(StaticExchange, QuietMoveOntoAttackedSquare) {
    auto e = seeOf("chess", "4k3/8/4p3/8/8/8/8/3QK3 w - - 0 1", "d1d5");
    EXPECT_EQ(e.see, -e.queen);
}

// The cannon and the horse are not on the bitboards' backward lookup: unknown.
// The xiangqi cannon reads backwards on the bitboards as a chariot does: the start position's
// cannon takes the horse over the other cannon, and the chariot beside the horse takes back.
TEST(StaticExchange, CannonTakesOverAScreen) {
    Position pos(loadVariant("xiangqi"));
    pos.setStart();
    Evaluator eval(pos.variantPtr());
    Move m = parseMove(pos, "b3b10");
    ASSERT_FALSE(m.isNull());
    const Variant& v = pos.variant();
    EXPECT_EQ(staticExchange(pos, eval, m),
              eval.value(v.pieceByLetter("N")) - eval.value(v.pieceByLetter("C")));
}

}  // namespace
}  // namespace timur
