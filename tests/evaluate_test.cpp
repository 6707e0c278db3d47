// Evaluation terms that are easy to get backwards: who a term helps and when it applies.
#include <gtest/gtest.h>

#include "engine/evaluate.h"
#include "engine/position.h"

namespace timur {
namespace {

int evalOf(const std::string& variant, const std::string& fen) {
    Position pos(loadVariant(variant));
    pos.setFen(fen);
    Evaluator eval(pos.variantPtr());
    return eval.evaluate(pos);
}

// The side ahead wants the lone king on the edge and its own king close: that is how a rook
// (or a ferz army in courier) mates or bares, and the search alone does not see that far. The
// kings' own piece-square terms also prefer the centre, so each test compares against them.
TEST(Conversion, StrongSideDrivesTheLoneKingToTheEdge) {
    auto edgeGain = [](const std::string& white) {
        return evalOf("chess", "3k4/8/8/8/8/8/8/" + white + " w - - 0 1") -
               evalOf("chess", "8/8/8/3k4/8/8/8/" + white + " w - - 0 1");
    };
    int bare = edgeGain("3K4");     // piece-square terms alone
    int rookUp = edgeGain("R2K4");  // the same and the conversion term
    EXPECT_GE(rookUp - bare, 20) << bare << " " << rookUp;
}

// The white king equally central on c3 or j3 (the board is symmetric), nearer the lone king on c3.
TEST(Conversion, StrongKingApproaches) {
    int near = evalOf("courier", "k11/12/12/12/12/2K9/12/4FFF5 w - - 0 1");
    int far = evalOf("courier", "k11/12/12/12/12/9K2/12/4FFF5 w - - 0 1");
    EXPECT_GT(near, far);
}

// The conversion term works for Black as for White: what the lone king's walk to the edge gains
// the side with the rook (beyond the kings' own piece-square terms) is the same, and real, when
// the colours are swapped and the board mirrored. (Mirrored positions merely scoring the same
// would hold for an evaluation without the term, or without it for either colour.)
TEST(Conversion, SameForBothColours) {
    auto gain = [](const std::string& edge, const std::string& centre) {
        return evalOf("chess", edge) - evalOf("chess", centre);
    };
    int whiteBare = gain("3k4/8/8/8/8/8/8/3K4 w - - 0 1", "8/8/8/3k4/8/8/8/3K4 w - - 0 1");
    int whiteRook = gain("3k4/8/8/8/8/8/8/R2K4 w - - 0 1", "8/8/8/3k4/8/8/8/R2K4 w - - 0 1");
    int blackBare = gain("3k4/8/8/8/8/8/8/3K4 b - - 0 1", "3k4/8/8/8/3K4/8/8/8 b - - 0 1");
    int blackRook = gain("r2k4/8/8/8/8/8/8/3K4 b - - 0 1", "r2k4/8/8/8/3K4/8/8/8 b - - 0 1");
    EXPECT_GE(whiteRook - whiteBare, 20) << whiteBare << " " << whiteRook;
    EXPECT_EQ(blackRook - blackBare, whiteRook - whiteBare) << blackBare << " " << blackRook;
    EXPECT_GT(evalOf("chess", "r3k3/8/8/8/8/8/8/4K3 b - - 0 1"), 0);
}

// No lead in the endgame: the term stays out (a lone king keeps its piece-square preferences).
TEST(Conversion, NotWithoutALead) {
    EXPECT_EQ(evalOf("chess", "3k4/8/8/8/8/8/8/3K4 w - - 0 1"),
              evalOf("chess", "3k4/8/8/8/8/8/8/3K4 b - - 0 1"));
}

}  // namespace
}  // namespace timur
