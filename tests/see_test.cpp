// Static exchange evaluation (engine/movepick.h): the material an exchange on a square wins,
// with x-rays behind the pieces taken off, and kSeeUnknown where the bitboards cannot tell.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <memory>
#include <optional>
#include <random>

#include "engine/evaluate.h"
#include "engine/movegen.h"
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

// The material value of the piece with this (upper-case) letter in the variant of `pos`.
int valueOf(const Position& pos, const Evaluator& eval, const std::string& letter) {
    for (int t = 0; t < pos.info().typeCount; ++t)
        if (pos.variant().pieces[t].letter == letter) return eval.value(PieceType(t));
    ADD_FAILURE() << "no piece " << letter;
    return 0;
}

struct Judged {
    int see = 0;
    std::function<int(const std::string&)> value;
};

Judged judge(const std::string& variant, const std::string& fen, const std::string& move) {
    auto pos = std::make_shared<Position>(loadVariant(variant));
    pos->setFen(fen);
    auto eval = std::make_shared<Evaluator>(pos->variantPtr());
    Move m = parseMove(*pos, move);
    EXPECT_FALSE(m.isNull()) << move;
    int see = staticExchange(*pos, *eval, m);
    return {see, [pos, eval](const std::string& letter) { return valueOf(*pos, *eval, letter); }};
}

// The start position's cannon takes the horse over the other cannon; the chariot beside the
// horse takes back and nothing of White's reaches b10 any more.
TEST(StaticExchange, CannonTakesOverAScreen) {
    auto e =
        judge("xiangqi", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
              "b3b10");
    ASSERT_NE(e.see, kSeeUnknown);
    EXPECT_EQ(e.see, e.value("N") - e.value("C"));
}

// Cxe7 over the soldier on e5; the black cannon on e10 takes back over the advisor on e9.
TEST(StaticExchange, CannonDefendedByCannonOverAScreen) {
    auto e = judge("xiangqi", "3kc4/4a4/9/4p4/9/4P4/9/9/4C4/5K3 w - - 0 1", "e2e7");
    EXPECT_EQ(e.see, e.value("P") - e.value("C"));
    // Without the advisor the black cannon has no screen: the soldier is won.
    auto f = judge("xiangqi", "3kc4/9/9/4p4/9/4P4/9/9/4C4/5K3 w - - 0 1", "e2e7");
    EXPECT_EQ(f.see, f.value("P"));
}

// The chariot on e5 was the screen of the black cannon on e8 towards e4: once it took on e4 the
// cannon reaches e4 no longer.
TEST(StaticExchange, MoverWasTheDefendersScreen) {
    auto e = judge("xiangqi", "3k5/9/4c4/9/9/4R4/4p4/9/9/5K3 w - - 0 1", "e5e4");
    EXPECT_EQ(e.see, e.value("P"));
}

// Rxe5 Rxe5 Cxe5, and the chariot that left e8 leaves the advisor on e9 the only piece between
// the black cannon on e10 and e5: a screen, so the cannon takes back last.
TEST(StaticExchange, RecaptureMakesAScreen) {
    auto e = judge("xiangqi", "3kc4/4a4/4r4/9/9/R3p4/9/4B4/9/4CK3 w - - 0 1", "a5e5");
    EXPECT_EQ(e.see, e.value("P") - e.value("C"));
}

// The exchange as SEE defines it, played out with the moves the generator makes: each side takes
// on the square with its least valuable piece (the first type, then the lowest square among
// equals), never promoting; the same gains and the same early stop as staticExchange. nullopt
// where a recapture would promote.
std::optional<int> exchangeByMoves(Position& pos, const Evaluator& eval, const Move& m) {
    const Variant& v = pos.variant();
    auto value = [&](PieceType t) { return v.pieces[t].royal ? 100000 : eval.value(t); };
    const int sq = m.to;
    int gain[64];
    Piece victim = m.kind == MoveKind::Drop ? kNoPiece : pos.at(sq);
    gain[0] = victim != kNoPiece ? value(typeOf(victim)) : 0;
    if (m.kind != MoveKind::Drop) gain[0] -= value(typeOf(pos.at(m.from)));
    pos.makeMove(m);
    int made = 1;
    int onSquare = value(typeOf(pos.at(sq)));
    gain[0] += m.kind != MoveKind::Drop ? onSquare : 0;
    std::optional<int> result;
    int d = 0;
    for (; d < 63;) {
        MoveList list;
        generatePseudo(pos, list, GenType::Captures);
        Move best;
        int bestValue = 0, bestType = 0;
        bool promotes = false;
        for (const Move& c : list) {
            if (c.to != sq || c.kind != MoveKind::Normal || c.victimCount() > 0 ||
                (c.flags & kMoveGate))
                continue;
            if (isPromotion(c)) {
                promotes = true;
                continue;
            }
            PieceType t = typeOf(pos.at(c.from));
            int val = value(t);
            if (!best.isNull() && (val > bestValue || (val == bestValue && t > bestType) ||
                                   (val == bestValue && t == bestType && c.from > best.from)))
                continue;
            best = c;
            bestValue = val;
            bestType = t;
        }
        if (promotes) break;
        if (best.isNull()) {
            result = 0;
            break;
        }
        ++d;
        gain[d] = onSquare - gain[d - 1];
        if (std::max(-gain[d - 1], gain[d]) < 0) {
            result = 0;
            break;
        }
        onSquare = bestValue;
        pos.makeMove(best);
        ++made;
    }
    while (made--) pos.unmakeMove();
    if (!result) return std::nullopt;
    for (; d > 0; --d) gain[d - 1] = -std::max(-gain[d - 1], gain[d]);
    return gain[0];
}

// Every shipped variant: hoppers, lame leapers, confined pieces, drops, citadels.
const char* const kVariants[] = {"xiangqi",
                                 "janggi",
                                 "grasshopper",
                                 "chess",
                                 "shogi",
                                 "makruk",
                                 "capablanca",
                                 "tamerlane",
                                 "courier",
                                 "spartan",
                                 "chu",
                                 "dai",
                                 "crazyhouse",
                                 "seirawan",
                                 "nightrider",
                                 "wildebeest",
                                 "grand",
                                 "omicron",
                                 "cambodian",
                                 "sittuyin",
                                 "kyotoshogi",
                                 "shatranj",
                                 "tamerlane-second-array"};

// Plays `games` random games of up to `plies` plies from the start of `variant`, calling
// visit(pos, eval, rng) in every position reached before its move is chosen.
template <class Visit>
void randomGames(const char* variant, unsigned seed, int games, int plies, Visit visit) {
    Position pos(loadVariant(variant));
    pos.setStart();
    Evaluator eval(pos.variantPtr());
    std::mt19937 rng(seed);
    for (int game = 0; game < games; ++game) {
        int made = 0;
        for (; made < plies; ++made) {
            MoveList legal;
            generateLegal(pos, legal);
            if (legal.size == 0) break;
            visit(pos, eval, rng);
            pos.makeMove(legal[int(rng() % unsigned(legal.size))]);
        }
        while (made--) pos.unmakeMove();
    }
}

// Wherever staticExchange judges a capture (or a quiet move), it agrees with the exchange played
// out.
TEST(StaticExchange, AgreesWithTheExchangePlayedOut) {
    for (const char* name : kVariants) {
        int known = 0, judged = 0;
        randomGames(name, 11, 6, 120, [&](Position& pos, const Evaluator& eval, std::mt19937& rng) {
            MoveList legal;
            generateLegal(pos, legal);
            for (const Move& m : legal) {
                if (!capturesAPiece(pos, m) && rng() % 8) continue;
                ++judged;
                int see = staticExchange(pos, eval, m);
                if (see == kSeeUnknown) continue;
                auto played = exchangeByMoves(pos, eval, m);
                if (!played) continue;
                ++known;
                EXPECT_EQ(see, *played) << name << " " << pos.fen() << " " << moveText(pos, m);
            }
        });
        std::printf("%s: %d of %d exchanges judged\n", name, known, judged);
    }
}

// The threshold form answers as the full exchange does, for every pseudo-legal move, at
// thresholds around its value and at the search's pruning margins, and is unknown exactly where
// the exchange is.
TEST(StaticExchange, ThresholdFormAgreesWithTheValue) {
    int knownAll = 0;
    for (const char* name : kVariants) {
        int known = 0;
        randomGames(name, 17, 4, 100, [&](Position& pos, const Evaluator& eval, std::mt19937&) {
            MoveList moves;
            generatePseudo(pos, moves);
            for (const Move& m : moves) {
                int see = staticExchange(pos, eval, m);
                for (int threshold : {see - 1, see, see + 1, -1000, -480, -120, -1, 0, 1, 250}) {
                    SeeTest test = staticExchangeAtLeast(pos, eval, m, threshold);
                    SeeTest want = see == kSeeUnknown ? SeeTest::Unknown
                                   : see >= threshold ? SeeTest::AtLeast
                                                      : SeeTest::Below;
                    ASSERT_EQ(int(test), int(want))
                        << name << " " << pos.fen() << " " << moveText(pos, m) << " see " << see
                        << " threshold " << threshold;
                }
                known += see != kSeeUnknown;
            }
        });
        std::printf("%s: %d known exchanges tested\n", name, known);
        knownAll += known;
    }
    EXPECT_GT(knownAll, 10000);
}

}  // namespace
}  // namespace timur
