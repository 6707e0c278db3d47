// Evaluation terms that are easy to get backwards: who a term helps and when it applies.
#include <gtest/gtest.h>

#include <cctype>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "engine/evaluate.h"
#include "engine/movegen.h"
#include "engine/position.h"

namespace timur {
namespace {

Position positionOf(std::shared_ptr<const Variant> v, const std::string& fen) {
    Position pos(std::move(v));
    pos.setFen(fen);
    return pos;
}

int evalOf(const std::string& variant, const std::string& fen) {
    Position pos = positionOf(loadVariant(variant), fen);
    return Evaluator(pos.variantPtr()).evaluate(pos);
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

// Colours swapped and the board turned upside down (chess-like FENs without castling or e.p.).
std::string flipped(const std::string& fen) {
    std::string board = fen.substr(0, fen.find(' '));
    std::vector<std::string> ranks;
    std::string rank;
    for (char c : board + "/") {
        if (c == '/') {
            ranks.insert(ranks.begin(), rank);
            rank.clear();
        } else {
            rank += std::isupper(static_cast<unsigned char>(c))   ? char(std::tolower(c))
                    : std::islower(static_cast<unsigned char>(c)) ? char(std::toupper(c))
                                                                  : c;
        }
    }
    std::string out;
    for (const std::string& r : ranks) out += (out.empty() ? "" : "/") + r;
    char side = fen[fen.find(' ') + 1] == 'w' ? 'b' : 'w';
    return out + " " + side + " - - 0 1";
}

// The phase falls linearly with the pieces' material between the weights phaseMg and phaseEg
// (% of the start's): by default from all of it to none.
TEST(Phase, FallsBetweenTheLimitsTheWeightsSet) {
    auto v = loadVariant("chess");
    auto limited = std::make_shared<Variant>(*v);
    limited->evalWeights[kWPhaseMg] = 90;
    limited->evalWeights[kWPhaseEg] = 30;
    Evaluator plain(v), bounded(limited);
    auto phases = [&](const std::string& fen) {
        Position pos = positionOf(v, fen);
        return std::pair{plain.phase(pos), bounded.phase(pos)};
    };
    // The start less a knight each: 94% of the material.
    auto [full, fullBounded] = phases("r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1");
    EXPECT_LT(full, 256);
    EXPECT_EQ(fullBounded, 256);
    // A queen and a rook each (47%), then a rook each (16%).
    auto [heavy, heavyBounded] = phases("3qk2r/pppppppp/8/8/8/8/PPPPPPPP/3QK2R w Kk - 0 1");
    auto value = [&](const char* letter) { return plain.value(v->pieceByLetter(letter)); };
    int start = 2 * (2 * value("N") + 2 * value("B") + 2 * value("R") + value("Q"));
    EXPECT_EQ(heavy, 2 * (value("Q") + value("R")) * 256 / start);
    EXPECT_GT(heavyBounded, 0);
    EXPECT_LT(heavyBounded, heavy);
    auto [rooks, rooksBounded] = phases("4k2r/pppppppp/8/8/8/8/PPPPPPPP/4K2R w Kk - 0 1");
    EXPECT_GT(rooks, 0);
    EXPECT_EQ(rooksBounded, 0);
}

// A bishop that does not cover the rook pawn's promotion square cannot drive the king out of
// that corner: a draw, for either colour. The right bishop, or the king away from the corner,
// still wins.
TEST(EndgameScale, WrongBishopWithRookPawnsIsADraw) {
    // What is left is the tempo and the middlegame's share (the bishop keeps a little phase).
    int drawn = loadVariant("chess")->evalWeights[kWTempo] + 40;
    // h8 is dark: the light bishop on e4 is the wrong one, the dark one on d4 the right one.
    EXPECT_LE(std::abs(evalOf("chess", "7k/8/7P/4K3/4B3/8/8/8 w - - 0 1")), drawn);
    EXPECT_LE(std::abs(evalOf("chess", "7k/8/7P/4K3/4B3/8/7P/8 w - - 0 1")), drawn);
    EXPECT_GT(evalOf("chess", "7k/8/7P/4K3/3B4/8/8/8 w - - 0 1"), 300);
    EXPECT_GT(evalOf("chess", "8/8/7P/4K3/4B3/8/8/k7 w - - 0 1"), 300);
    EXPECT_GT(evalOf("chess", "7k/8/6PP/4K3/4B3/8/8/8 w - - 0 1"), 300);  // not all on the h-file
    // Black: h1 is light, so the dark bishop on e5 is the wrong one.
    EXPECT_LE(std::abs(evalOf("chess", "8/8/8/4b3/4k3/7p/8/7K b - - 0 1")), drawn);
    EXPECT_GT(evalOf("chess", "8/8/8/3b4/4k3/7p/8/7K b - - 0 1"), 300);
}

// pawnValueMg: a pawn counts that share of its value while the pieces are on (the start: all
// middlegame) and its full value without them.
TEST(PawnValue, TheMiddlegameShareAppliesWithThePieces) {
    auto v = loadVariant("chess");
    auto cheap = std::make_shared<Variant>(*v);
    cheap->evalWeights[kWPawnValueMg] = 60;
    Evaluator plain(v), reduced(cheap);
    auto both = [&](const std::string& fen) {
        Position pos = positionOf(v, fen);
        return std::pair{plain.evaluate(pos), reduced.evaluate(pos)};
    };
    // Black without its a-pawn at the start: White's lead of a pawn is 40 less.
    auto [full, share] = both("rnbqkbnr/1ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    EXPECT_EQ(full - share, 40);
    // King and pawn against king: no pieces, so the pawn counts in full.
    auto [endFull, endShare] = both("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    EXPECT_EQ(endFull, endShare);
}

// The endgame's scale: material that cannot mate scores next to nothing, opposite bishops
// halve a pawn lead, and a rook still wins (it is scaled, but stays far ahead).
TEST(EndgameScale, LoneMinorPieceIsNoLead) {
    int bishop = evalOf("chess", "8/8/8/4k3/8/8/3KB3/8 w - - 0 1");
    int bare = evalOf("chess", "8/8/8/4k3/8/8/3K4/8 w - - 0 1");
    EXPECT_LE(std::abs(bishop - bare), 30) << bishop << " " << bare;
    EXPECT_LE(std::abs(evalOf("chess", "8/8/8/4k3/8/2n5/3KR3/8 w - - 0 1") - bare), 60);
    EXPECT_GE(evalOf("chess", "8/8/8/4k3/8/8/3KR3/8 w - - 0 1") - bare, 250);
}

TEST(EndgameScale, OppositeBishopsHalveAPawnLead) {
    // White two pawns up; Black's bishop on d4 (dark, opposite White's d5) or on e6 (light).
    int opposite = evalOf("chess", "8/p7/P7/2pB1P2/2PbPk2/8/3K4/8 w - - 0 1");
    int same = evalOf("chess", "8/p7/P3b3/2pB1P2/2P1Pk2/8/3K4/8 w - - 0 1");
    EXPECT_GT(opposite, 0);
    EXPECT_LT(2 * opposite, same) << opposite << " " << same;
    // Black to move, colours swapped: the same scale.
    EXPECT_EQ(evalOf("chess", flipped("8/p7/P7/2pB1P2/2PbPk2/8/3K4/8 w - - 0 1")), opposite);
}

// Where a bare royal loses (shatranj), a lone ferz is a winning lead: no scale there.
TEST(EndgameScale, NotWhereBaringWins) {
    int ferz = evalOf("shatranj", "8/8/8/4k3/8/8/3KQ3/8 w - - 0 1");
    int bare = evalOf("shatranj", "8/8/8/4k3/8/8/3K4/8 w - - 0 1");
    EXPECT_GE(ferz - bare, 100) << ferz << " " << bare;
}

// The run-time terms (mobility, threats, undefended pieces, attacks next to the royal) and the
// rest score a position and its mirror image alike, for both sides to move.
TEST(AttackTerms, SymmetricUnderColourFlip) {
    for (const char* fen : {"r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w - - 0 1",
                            "4k3/8/3n4/8/2B1R3/8/5PPP/6K1 b - - 0 1",
                            "r3k2r/1pp2ppp/p1n5/4q3/2B5/2N2Q2/PPP2PPP/R3R1K1 w - - 0 1"})
        EXPECT_EQ(evalOf("chess", fen), evalOf("chess", flipped(fen))) << fen;
    EXPECT_EQ(evalOf("xiangqi",
                     "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKAB1R w - - 0 1"),
              evalOf("xiangqi",
                     "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKAB1R b - - 0 1"));
}

// A piece the other side attacks and does not defend costs: the same knight, once covered by a
// pawn and once not, with a black rook attacking it.
TEST(AttackTerms, UndefendedAttackedPieceCosts) {
    int covered = evalOf("chess", "3rk3/8/8/3N4/4P3/8/8/4K3 w - - 0 1");
    int hanging = evalOf("chess", "3rk3/8/8/3N4/8/4P3/8/4K3 w - - 0 1");
    EXPECT_GT(covered, hanging);
}

// Mobility: what the term adds (the evaluation with its weights against one without) is
// positive for a rook in the open and negative for one shut in by its own pieces.
TEST(AttackTerms, MobilityCounts) {
    auto mobility = [](const std::string& fen) {
        auto v = loadVariant("chess");
        auto without = std::make_shared<Variant>(*v);
        without->evalWeights[kWMobilityMg] = without->evalWeights[kWMobilityEg] = 0;
        Position pos = positionOf(v, fen);
        return Evaluator(v).evaluate(pos) - Evaluator(without).evaluate(pos);
    };
    EXPECT_GT(mobility("4k3/8/8/8/3R4/8/8/4K3 w - - 0 1"), 0);
    EXPECT_LT(mobility("4k3/8/8/8/8/8/PP6/RN2K3 w - - 0 1"), 0);
}

// What a pair of weights adds: the evaluation with both set to `w` (middlegame and endgame
// alike, so the phase does not matter) against one with both 0.
int termOf(const std::string& variant, const std::string& fen, EvalWeight mg, EvalWeight eg,
           int w) {
    auto v = loadVariant(variant);
    auto with = std::make_shared<Variant>(*v), without = std::make_shared<Variant>(*v);
    with->evalWeights[mg] = with->evalWeights[eg] = w;
    without->evalWeights[mg] = without->evalWeights[eg] = 0;
    // Without the endgame scale, which would scale the term with the rest in these endings.
    with->evalWeights[kWDrawScale] = without->evalWeights[kWDrawScale] = 0;
    Position pos = positionOf(v, fen);
    return Evaluator(with).evaluate(pos) - Evaluator(without).evaluate(pos);
}

// Attacks next to a royal count every square there, empty or not: a queen on h7's diagonal and a
// rook on the f-file against a bare king on g8.
TEST(AttackTerms, RoyalNeighbourhoodAttacked) {
    auto danger = [](const std::string& fen) {
        return termOf("chess", fen, kWKingAttack, kWKingAttack, 100);
    };
    const std::string fen = "6k1/8/8/8/8/3Q4/8/4KR2 w - - 0 1";
    EXPECT_GT(danger(fen), 0);
    EXPECT_EQ(danger(flipped(fen)), danger(fen));
    EXPECT_EQ(danger("6k1/8/8/8/8/8/8/3QKR2 w - - 0 1"), 0);  // the queen sees nothing there
}

// King danger (Stockfish's): White's queen on h5 and rook on f3 against the king on g8, with
// safe checks from g3 (rook) and g6 (queen) and weak squares beside the king, costs Black
// pawns; without White's queen (no piece worth one) the danger falls away. Mirrored alike.
TEST(AttackTerms, KingDangerCountsAttackersChecksAndWeakSquares) {
    auto danger = [](const std::string& fen) {
        return termOf("chess", fen, kWKingDanger, kWKingDanger, 100);
    };
    const std::string fen = "r2r2k1/pp1qp3/5p1p/2pb3Q/2P4P/1P1BPR2/6P1/1N4K1 w - - 0 1";
    EXPECT_GT(danger(fen), 300);
    EXPECT_EQ(danger(flipped(fen)), danger(fen));
    EXPECT_LT(danger("r2r2k1/pp1qp3/5p1p/2pb4/2P4P/1P1BPR2/6P1/1N4K1 w - - 0 1"), danger(fen) / 4);
    EXPECT_EQ(danger("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), 0);
}

// What eases the king danger, as in Stockfish: the same queen and rook against the king on g8
// cost Black less with its pawns close in front of it (f6-h6, a shelter) than with them far
// ahead (f4-h4, none), though neither set stands where the attack goes; and less with a knight
// on g6, where it guards f8 and h8 (squares White does not attack), than on b5. Without the two
// easings the first pair came out the other way round and the second 42 cp apart.
TEST(AttackTerms, KingDangerEasedByShelterAndGuardingKnight) {
    auto danger = [](const std::string& fen) {
        return termOf("chess", fen, kWKingDanger, kWKingDanger, 100);
    };
    const std::string sheltered = "1r1q2k1/R7/5ppp/8/8/8/Q7/6K1 w - - 0 1";
    const std::string exposed = "1r1q2k1/R7/8/5ppp/8/8/Q7/6K1 w - - 0 1";
    EXPECT_LT(danger(sheltered), danger(exposed));
    EXPECT_EQ(danger(flipped(sheltered)), danger(sheltered));
    // The danger reads the shelter from the pawn cache, which keeps it with the shelter term's
    // own weight at 0 too; asked twice, the second answer comes from the cache.
    auto v = loadVariant("chess");
    auto noShelter = std::make_shared<Variant>(*v);
    noShelter->evalWeights[kWShelter] = 0;
    noShelter->evalWeights[kWKingDanger] = 100;
    auto dangerOff = std::make_shared<Variant>(*noShelter);
    dangerOff->evalWeights[kWKingDanger] = 0;
    Evaluator with(noShelter), without(dangerOff);
    auto unsheltered = [&](const std::string& fen) {
        Position pos = positionOf(v, fen);
        int first = with.evaluate(pos) - without.evaluate(pos);
        EXPECT_EQ(with.evaluate(pos) - without.evaluate(pos), first) << fen;
        return first;
    };
    EXPECT_LT(unsheltered(sheltered), unsheltered(exposed));
    const std::string guarded = "1r1q2k1/R7/6n1/8/5ppp/8/Q7/6K1 w - - 0 1";
    const std::string unguarded = "1r1q2k1/R7/8/1n6/5ppp/8/Q7/6K1 w - - 0 1";
    EXPECT_GE(danger(unguarded) - danger(guarded), 60)
        << danger(unguarded) << " " << danger(guarded);
}

// Stockfish's king ring: a royal on the board's edge is watched over the three by three squares
// moved inwards, so that a rook on the sixth rank bears on the king on g8 (the old neighbourhood
// stopped at the seventh); and a piece alone between the royal and an enemy slider (the knight
// on e5, pinned by the rook on e1) adds to the danger. Neither told the pairs apart before.
TEST(AttackTerms, KingDangerRingAndPinnedPieces) {
    auto danger = [](const std::string& fen) {
        return termOf("chess", fen, kWKingDanger, kWKingDanger, 100);
    };
    const std::string sixth = "6k1/8/R7/8/8/8/K7/7Q w - - 0 1";
    const std::string fifth = "6k1/8/8/R7/8/8/K7/7Q w - - 0 1";
    EXPECT_GT(danger(sixth), danger(fifth) + 50) << danger(sixth) << " " << danger(fifth);
    EXPECT_EQ(danger(flipped(sixth)), danger(sixth));
    const std::string pinned = "4k3/8/8/4n3/8/8/K7/4R2Q w - - 0 1";
    const std::string offLine = "4k3/8/8/4n3/7R/8/K7/7Q w - - 0 1";
    EXPECT_GT(danger(pinned), danger(offLine)) << danger(pinned) << " " << danger(offLine);
    EXPECT_EQ(danger(flipped(pinned)), danger(pinned));
}

// A rook (a piece that slides up its file) counts the pawns on its file: none of its own, half
// open; none at all, open. A knight on an open file gets nothing; nor a rook behind its pawn.
TEST(FileTerms, RookOnOpenAndHalfOpenFiles) {
    auto half = [](const std::string& fen) {
        return termOf("chess", fen, kWSemiOpenFileMg, kWSemiOpenFileEg, 40);
    };
    auto open = [](const std::string& fen) {
        return termOf("chess", fen, kWOpenFileMg, kWOpenFileEg, 40);
    };
    const std::string onOpen = "4k3/p7/8/8/8/8/P7/3RK3 w - - 0 1";
    const std::string onHalf = "4k3/p7/8/8/8/8/8/R3K3 w - - 0 1";
    const std::string closed = "4k3/p7/8/8/8/8/P7/R3K3 w - - 0 1";
    EXPECT_EQ(half(onOpen), 40);
    EXPECT_EQ(open(onOpen), 40);
    EXPECT_EQ(half(onHalf), 40);
    EXPECT_EQ(open(onHalf), 0);
    EXPECT_EQ(half(closed), 0);
    EXPECT_EQ(half("4k3/p7/8/8/8/8/P7/3NK3 w - - 0 1"), 0);
    // Black's rook, Black to move: the same for the side it helps.
    EXPECT_EQ(half(flipped(onOpen)), 40);
    EXPECT_EQ(open(flipped(onHalf)), 0);
}

// Bishops on both colours earn the pair (weights in per mille of the piece's value: 500 is half a
// bishop); two on one colour (after a promotion) do not. The xiangqi elephants and advisors are
// confined too, but each pair shares one region: no bonus.
TEST(PairTerm, ColourBoundPiecesOnBothColours) {
    auto pair = [](const std::string& variant, const std::string& fen) {
        return termOf(variant, fen, kWPairMg, kWPairEg, 500);
    };
    auto halfOf = [](const std::string& variant, const char* letter) {
        auto v = loadVariant(variant);
        return Evaluator(v).value(v->pieceByLetter(letter)) / 2;
    };
    const int half = halfOf("chess", "B");
    EXPECT_EQ(pair("chess", "4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1"), half);
    EXPECT_EQ(pair("chess", "4k3/8/8/8/8/4B3/8/2B1K3 w - - 0 1"), 0);
    EXPECT_EQ(pair("chess", flipped("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1")), half);
    EXPECT_EQ(pair("chess", "2b1kb2/8/8/8/8/8/8/2B1KB2 w - - 0 1"), 0);
    EXPECT_EQ(pair("xiangqi",
                   "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKAB1R w - - 0 1"),
              0);
    // Shatranj's alfils each reach an eighth of the board, but they leap: no pair.
    EXPECT_EQ(pair("shatranj", "4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1"), 0);
}

// Pawn-like pieces side by side, or one defending another, earn the connected bonus, more the
// further up the board they stand and less with an enemy pawn ahead; pawns apart earn nothing.
// Black's pawns, Black to move, the same.
TEST(PawnTerms, ConnectedPawns) {
    auto connected = [](const std::string& fen) {
        return termOf("chess", fen, kWConnectedMg, kWConnectedEg, 100);
    };
    const std::string phalanx = "4k3/8/8/8/3PP3/8/8/4K3 w - - 0 1";
    EXPECT_GT(connected(phalanx), 0);
    EXPECT_EQ(connected("4k3/8/8/8/8/8/P6P/4K3 w - - 0 1"), 0);
    EXPECT_GT(connected("4k3/8/8/8/4P3/3P4/8/4K3 w - - 0 1"), 0);  // d3 defends e4
    EXPECT_GT(connected("4k3/8/3PP3/8/8/8/8/4K3 w - - 0 1"), connected(phalanx));
    EXPECT_LT(connected("4k3/3p4/8/8/3PP3/8/8/4K3 w - - 0 1"), connected(phalanx));
    EXPECT_EQ(connected(flipped(phalanx)), connected(phalanx));
}

// A royal behind its pawns is sheltered; with them pushed far up the board it is not, and enemy
// pawns coming up the files next to it cost. Queens and rooks stay on so that the middlegame
// counts.
TEST(PawnTerms, ShelterInFrontOfTheRoyal) {
    auto shelter = [](const std::string& fen) {
        return termOf("chess", fen, kWShelter, kWShelter, 100);
    };
    const std::string home = "r2qk2r/8/8/8/8/8/5PPP/R2Q1RK1 w - - 0 1";
    EXPECT_GT(shelter(home), shelter("r2qk2r/8/8/8/5PPP/8/8/R2Q1RK1 w - - 0 1"));
    EXPECT_GT(shelter(home), shelter("r2qk2r/8/8/8/6pp/8/5PPP/R2Q1RK1 w - - 0 1"));
    EXPECT_EQ(shelter(flipped(home)), shelter(home));
}

// The pawn cache must not change a score: each position scores the same with a fresh Evaluator
// as with one that has just scored the others, in either order (its cache then holds their pawn
// terms). Each group differs in one thing the pawn terms read and the key must cover.
void expectCacheUnseen(const std::string& variant, const std::vector<std::string>& fens) {
    auto v = loadVariant(variant);
    std::vector<Position> positions;
    std::vector<int> fresh;
    for (const std::string& fen : fens) {
        positions.emplace_back(v);
        positions.back().setFen(fen);
        fresh.push_back(Evaluator(v).evaluate(positions.back()));
    }
    for (bool reversed : {false, true}) {
        Evaluator eval(v);
        for (size_t k = 0; k < fens.size(); ++k) {
            size_t i = reversed ? fens.size() - 1 - k : k;
            EXPECT_EQ(eval.evaluate(positions[i]), fresh[i]) << variant << " " << fens[i];
        }
    }
}

// The same pawns, the royal elsewhere: another shelter (White's king) or another distance to the
// passed pawn (either king). The guards check that the pawn terms do differ at chess's weights.
TEST(PawnCache, KeyCoversTheRoyals) {
    const EvalWeights w = loadVariant("chess")->evalWeights;
    auto shelter = [&](const std::string& fen) {
        return termOf("chess", fen, kWShelter, kWShelter, w[kWShelter]);
    };
    const std::string castled = "r2qk2r/8/8/8/8/8/5PPP/R2Q1RK1 w - - 0 1";
    const std::string queenside = "r2qk2r/8/8/8/8/8/5PPP/R1KQ1R2 w - - 0 1";
    ASSERT_NE(shelter(castled), shelter(queenside));
    expectCacheUnseen("chess", {castled, queenside});
    auto royalDistance = [&](const std::string& fen) {
        return termOf("chess", fen, kWPassedRoyalEg, kWPassedRoyalEg, w[kWPassedRoyalEg]);
    };
    const std::string near = "8/4P3/3K4/8/8/8/8/k7 w - - 0 1";
    const std::string ownFar = "8/4P3/8/8/8/8/8/k3K3 w - - 0 1";
    const std::string enemyNear = "5k2/4P3/3K4/8/8/8/8/8 w - - 0 1";
    ASSERT_NE(royalDistance(near), royalDistance(ownFar));
    ASSERT_NE(royalDistance(near), royalDistance(enemyNear));
    expectCacheUnseen("chess", {near, ownFar, enemyNear});
    expectCacheUnseen("chess", {flipped(near), flipped(ownFar), flipped(enemyNear)});
}

// The same squares held by a pawn of the other colour, or by two pawn-like types swapped
// (Tamerlane's pawns of rooks and of knights, which promote to pieces of different worth).
TEST(PawnCache, KeyCoversColourAndType) {
    expectCacheUnseen("chess",
                      {"4k3/8/8/3P4/8/8/8/4K3 w - - 0 1", "4k3/8/8/3p4/8/8/8/4K3 w - - 0 1"});
    expectCacheUnseen("tamerlane",
                      {"*2k8*/12*/*11*/*11*/*11*/*5N'5*/*4R'6*/*11*/*12/*2K8* w - - 0 1",
                       "*2k8*/12*/*11*/*11*/*11*/*5R'5*/*4N'6*/*11*/*12/*2K8* w - - 0 1"});
}

// The cache holds 16-bit sums: larger ones (weights far beyond the shipped ones) go uncached,
// not cut down. A passed pawn on the seventh rank at weight 100000 earns over 100000.
TEST(PawnCache, LargeSumsStayWhole) {
    EXPECT_GT(termOf("chess", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", kWPassedMg, kWPassedEg, 100000),
              100000);
}

// Random games: every position scores the same with one long-lived Evaluator as with a fresh one.
TEST(PawnCache, SameAsAFreshEvaluatorInRandomGames) {
    for (const char* name : {"chess", "capablanca", "tamerlane", "shogi"}) {
        auto v = loadVariant(name);
        Evaluator cached(v);
        std::mt19937 rng(11);
        for (int game = 0; game < 3; ++game) {
            Position pos(v);
            pos.setStart();
            for (int ply = 0; ply < 100; ++ply) {
                ASSERT_EQ(cached.evaluate(pos), Evaluator(v).evaluate(pos))
                    << name << " " << pos.fen();
                MoveList legal;
                generateLegal(pos, legal);
                if (legal.size == 0 || pos.terminal()) break;
                pos.makeMove(legal[int(rng() % unsigned(legal.size))]);
            }
        }
    }
}

// Pawn-like pieces (valued 100, given the pawn terms) are those that promote and only step one
// rank forward. Every shogi piece but the gold and king promotes: the rook, bishop, silver, lance
// and knight are valued by their moves (all of them were pawns at 100 once), in the order players
// know. Chess and Tamerlane pawns stay pawns.
TEST(PieceValue, OnlyForwardSteppersThatPromoteArePawns) {
    auto shogi = loadVariant("shogi");
    auto profile = [&](const char* letter) {
        return pieceProfile(*shogi, shogi->pieceByLetter(letter));
    };
    EXPECT_TRUE(profile("P").pawn);
    for (const char* l : {"L", "N", "S", "B", "R"}) EXPECT_FALSE(profile(l).pawn) << l;
    EXPECT_GT(profile("R").value, profile("B").value);
    EXPECT_GT(profile("B").value, profile("G").value);
    EXPECT_GT(profile("G").value, profile("S").value);
    EXPECT_GT(profile("S").value, profile("P").value);
    auto chess = loadVariant("chess");
    EXPECT_TRUE(pieceProfile(*chess, chess->pieceByLetter("P")).pawn);
    auto tamerlane = loadVariant("tamerlane");
    for (const char* l : {"P!", "R'", "N'"})
        EXPECT_TRUE(pieceProfile(*tamerlane, tamerlane->pieceByLetter(l)).pawn) << l;
}

// The xiangqi soldier also steps sideways across the river: there it is worth what those moves are
// worth, about twice its worth before the river (players count 1 and 2). The terms read the move
// tables, so Black's river is the other way round.
TEST(PieceSquare, ZoneMovesAreValuedWhereTheyApply) {
    auto v = loadVariant("xiangqi");
    Evaluator eval(v);
    PieceType soldier = v->pieceByLetter("P");
    const Geometry& g = v->board;
    for (bool endgame : {false, true}) {
        int before = eval.pieceSquare(White, soldier, g.square(4, 4), endgame);  // e5
        int across = eval.pieceSquare(White, soldier, g.square(4, 5), endgame);  // e6
        EXPECT_GE(across, before * 3 / 2) << before << " " << across;
        EXPECT_EQ(eval.pieceSquare(Black, soldier, g.square(4, 5), endgame), before);
        EXPECT_EQ(eval.pieceSquare(Black, soldier, g.square(4, 4), endgame), across);
    }
}

// With reachCurve (xiangqi sets 25) a piece's value follows, in part, the value curve of its
// reach on each square: the xiangqi horse is worth far more in the middle of the board, where it
// reaches eight points, than in a corner, where it reaches two (the linear term alone gives 24).
TEST(PieceSquare, ReachCurveValuesTheSquares) {
    auto v = loadVariant("xiangqi");
    ASSERT_EQ(v->evalWeights[kWReachCurve], 25);
    Evaluator eval(v);
    PieceType horse = v->pieceByLetter("N");
    const Geometry& g = v->board;
    int centre = eval.pieceSquare(White, horse, g.square(4, 4), false);
    int corner = eval.pieceSquare(White, horse, g.square(0, 0), false);
    EXPECT_GE(centre - corner, 60) << centre << " " << corner;
}

// A fitted square correction is added to the piece's square values, the same for White on a
// square as for Black on the square mirrored by rank, and for both wings.
TEST(PieceSquare, FittedCorrectionsAreAdded) {
    auto shipped = loadVariant("chess");
    auto plain = std::make_shared<Variant>(*shipped);
    plain->squareBonus.clear();  // the shipped corrections aside
    auto fitted = std::make_shared<Variant>(*plain);
    PieceType knight = plain->pieceByLetter("N");
    const Geometry& g = plain->board;
    fitted->squareBonus.resize(plain->pieces.size());
    SquareBonus& b = fitted->squareBonus[knight];
    b.mg.assign(32, 0);
    b.eg.assign(32, 0);
    b.mg[SquareBonus::index(g, White, g.square(0, 0))] = -40;  // a1 (and h1, a8/h8 for Black)
    b.eg[SquareBonus::index(g, White, g.square(2, 4))] = 15;   // c5 (and f5, c4/f4 for Black)
    Evaluator before(plain), after(fitted);
    auto diff = [&](Color c, int file, int rank, bool endgame) {
        int sq = g.square(file, rank);
        return after.pieceSquare(c, knight, sq, endgame) -
               before.pieceSquare(c, knight, sq, endgame);
    };
    EXPECT_EQ(diff(White, 0, 0, false), -40);
    EXPECT_EQ(diff(White, 7, 0, false), -40);
    EXPECT_EQ(diff(Black, 0, 7, false), -40);
    EXPECT_EQ(diff(Black, 7, 7, false), -40);
    EXPECT_EQ(diff(White, 0, 7, false), 0);
    EXPECT_EQ(diff(White, 0, 0, true), 0);
    EXPECT_EQ(diff(White, 2, 4, true), 15);
    EXPECT_EQ(diff(White, 5, 4, true), 15);
    EXPECT_EQ(diff(Black, 2, 3, true), 15);
    EXPECT_EQ(diff(Black, 5, 3, true), 15);
    EXPECT_EQ(diff(Black, 2, 4, true), 0);
    // The evaluation stays symmetric: the start position is still worth the tempo alone.
    Position pos(fitted);
    pos.setStart();
    EXPECT_EQ(after.evaluate(pos), before.evaluate(pos));
}

}  // namespace
}  // namespace timur
