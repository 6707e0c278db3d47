// Tamerlane chess: every perft count and legal-move list of ../shared/oracle/tamerlane.tsv, and
// tests of each rule (spec/tamerlane.md) on positions of our own, including the rule options.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "engine/movegen.h"
#include "engine/perft.h"
#include "engine/position.h"
#include "engine/rules.h"

using namespace timur;

namespace {

struct OracleLine {
    std::string kind, id, fen;
    int depthOrCount = 0;
    std::string expected;  // perft nodes, or the sorted move list
};

std::vector<OracleLine> readOracle() {
    std::vector<OracleLine> out;
    std::ifstream in(std::string(TIMUR_ORACLE_DIR) + "/tamerlane.tsv");
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream row(line);
        OracleLine o;
        std::string n;
        std::getline(row, o.kind, '\t');
        std::getline(row, o.id, '\t');
        std::getline(row, o.fen, '\t');
        std::getline(row, n, '\t');
        std::getline(row, o.expected, '\t');
        o.depthOrCount = std::stoi(n);
        out.push_back(o);
    }
    return out;
}

std::shared_ptr<const Variant> tamerlane() {
    static auto v = loadVariant("tamerlane");
    return v;
}

Position at(const std::string& fen, std::shared_ptr<const Variant> v = tamerlane()) {
    Position pos(v);
    pos.setFen(fen == "startpos" ? v->startFen : fen);
    return pos;
}

std::vector<std::string> legalTexts(Position& pos) {
    MoveList legal;
    generateLegal(pos, legal);
    std::vector<std::string> out;
    for (const Move& m : legal) out.push_back(moveText(pos, m));
    std::sort(out.begin(), out.end());
    return out;
}

std::string joined(const std::vector<std::string>& v) {
    std::string s;
    for (const auto& t : v) s += (s.empty() ? "" : " ") + t;
    return s;
}

bool hasMove(Position& pos, const std::string& text) {
    auto moves = legalTexts(pos);
    return std::find(moves.begin(), moves.end(), text) != moves.end();
}

Move play(Position& pos, const std::string& text) {
    Move m = parseMove(pos, text);
    EXPECT_FALSE(m.isNull()) << text << " is not legal in " << pos.fen();
    if (!m.isNull()) pos.makeMove(m);
    return m;
}

class Oracle : public ::testing::TestWithParam<OracleLine> {};

TEST_P(Oracle, Matches) {
    const OracleLine& o = GetParam();
    Position pos = at(o.fen);
    std::string before = pos.fen();
    if (o.kind == "perft") {
        EXPECT_EQ(std::to_string(perft(pos, o.depthOrCount)), o.expected);
    } else {
        auto moves = legalTexts(pos);
        EXPECT_EQ(int(moves.size()), o.depthOrCount);
        EXPECT_EQ(joined(moves), o.expected);
    }
    EXPECT_EQ(pos.fen(), before);
}

INSTANTIATE_TEST_SUITE_P(TamerlaneTsv, Oracle, ::testing::ValuesIn(readOracle()),
                         [](const auto& info) {
                             return info.param.id + "_" + info.param.kind + "_" +
                                    std::to_string(info.param.depthOrCount);
                         });

// An empty board apart from what each test places; the citadels are m2 and a9.
const char* kKings = "*10k*/12*/*11*/*11*/*11*/*11*/*11*/*11*/*12/*K10* w KXkx - 0 1";

}  // namespace

TEST(Tamerlane, StartPositionRoundTrips) {
    Position pos = at("startpos");
    EXPECT_EQ(pos.fen(), tamerlane()->startFen);
    EXPECT_EQ(pos.board().files, 13);
    EXPECT_TRUE(pos.hasRight(White, Position::kSwapRight));
    EXPECT_TRUE(pos.hasRight(Black, Position::kExchangeRight));
}

TEST(Tamerlane, CitadelEntryDrawsAndEndsTheGame) {
    Position pos = at("*11*/12*/*K10*/*11*/*11*/*11*/*11*/*11*/*10k1/*11* w - - 0 1");
    play(pos, "b8a9");
    MoveList legal;
    generateLegal(pos, legal);
    EXPECT_EQ(legal.size, 0);
    GameEnd end = gameEnd(pos, legal);
    EXPECT_EQ(end.result, GameResult::Draw);
    EXPECT_EQ(end.reason, "citadel entry");
    EXPECT_EQ(perft(pos, 1), 0u);
}

TEST(Tamerlane, CitadelExchangeIsOncePerGameAndTheGameGoesOn) {
    Position pos = at("*11*/12*/*K10*/*11*/*11*/*11*/*4S6*/*11*/*10k1/*11* w X - 0 1");
    play(pos, "b8a9f4");
    EXPECT_EQ(pos.at(*pos.board().parse("a9")), makePiece(White, tamerlane()->pieceByLetter("S")));
    EXPECT_EQ(pos.at(*pos.board().parse("f4")), makePiece(White, tamerlane()->pieceByLetter("K")));
    EXPECT_FALSE(pos.hasRight(White, Position::kExchangeRight));
    EXPECT_FALSE(pos.terminal());
    pos.unmakeMove();
    EXPECT_TRUE(pos.hasRight(White, Position::kExchangeRight));
}

TEST(Tamerlane, OnlyTheTopRoyalEntersTheEnemyCitadel) {
    // The prince on b8 is not the top royal while the King lives.
    Position pos = at("*11*/12*/*S10*/*11*/*11*/*11*/*4K6*/*11*/*10k1/*11* w X - 0 1");
    EXPECT_FALSE(hasMove(pos, "b8a9"));
    // Without the King the prince is the top royal.
    Position alone = at("*11*/12*/*S10*/*11*/*11*/*11*/*11*/*11*/*10k1/*11* w - - 0 1");
    EXPECT_TRUE(hasMove(alone, "b8a9"));
}

TEST(Tamerlane, OwnCitadelOnlyForTheAdventitiousKing) {
    Position king = at("*10k*/12*/*11*/*11*/*11*/*11*/*11*/*11*/*10K1/*11* w - - 0 1");
    EXPECT_FALSE(hasMove(king, "l2m2"));
    Position ak = at("*10k*/12*/*11*/*11*/*11*/*11*/*11*/*11*/*10A1/*11* w - - 0 1");
    EXPECT_TRUE(hasMove(ak, "l2m2"));
}

TEST(Tamerlane, CitadelOccupantIsImmuneAndNotInCheck) {
    // White AK in its citadel m2, black rook on l2's rank can't capture or check it.
    Position pos = at("*10k*/12*/*11*/*11*/*11*/*11*/*11*/*11*/*r10A/*11* b - - 0 1");
    EXPECT_FALSE(hasMove(pos, "b2m2"));
    pos = at("*10k*/12*/*11*/*11*/*11*/*11*/*11*/*11*/*r10A/*11* w - - 0 1");
    EXPECT_FALSE(inCheck(pos));
}

TEST(Tamerlane, StalemateLoses) {
    // T4's position without the swap right: White has no move at all.
    Position pos = at("*1r8k*/12*/*11*/*11*/*11*/*11*/*11*/*r'10*/*R'11/*K10* w - - 0 1");
    MoveList legal;
    generateLegal(pos, legal);
    EXPECT_EQ(legal.size, 0);
    GameEnd end = gameEnd(pos, legal);
    EXPECT_EQ(end.result, GameResult::BlackWins);
    EXPECT_EQ(end.reason, "stalemate");
}

TEST(Tamerlane, SwapOnlyWhenInCheckOrStalemated) {
    Position quiet = at("*10k*/12*/*11*/*11*/*11*/*11*/*11*/*11*/*5K6/*R10* w K - 0 1");
    EXPECT_FALSE(hasMove(quiet, "g2b1"));
    Position checked = at("*10k*/12*/*5r5*/*11*/*11*/*11*/*11*/*11*/*5K6/*R10* w K - 0 1");
    EXPECT_TRUE(hasMove(checked, "g2b1"));
    play(checked, "g2b1");
    EXPECT_FALSE(checked.hasRight(White, Position::kSwapRight));
}

TEST(Tamerlane, SwapNeverPutsAPawnOnItsLastRank) {
    // King on g10 in check; a pawn of rooks on b3 may not be swapped onto rank 10.
    Position pos = at("*5K4k*/12*/*11*/*11*/*11*/*11*/*11*/*R'10*/*12/*5r5* w K - 0 1");
    EXPECT_FALSE(hasMove(pos, "g10b3"));
}

TEST(Tamerlane, PawnPromotesByType) {
    Position pos = at("*10k*/1N'10*/*11*/*11*/*11*/*11*/*11*/*11*/*12/*K10* w - - 0 1");
    play(pos, "b9b10");
    EXPECT_EQ(pos.at(*pos.board().parse("b10")), makePiece(White, tamerlane()->pieceByLetter("N")));
}

TEST(Tamerlane, PromotionReadAsTimurMatchWritesIt) {
    // `timur match` writes the forced promotion as b9b10+ (moveText's suffix) to the engines.
    Position pos = at("*10k*/1N'10*/*11*/*11*/*11*/*11*/*11*/*11*/*12/*K10* w - - 0 1");
    Move m = parseMove(pos, "b9b10");
    ASSERT_FALSE(m.isNull());
    EXPECT_EQ(moveText(pos, m, true), "b9b10+");
    EXPECT_EQ(parseMove(pos, "b9b10+"), m);
}

TEST(Tamerlane, PawnOfPawnsParksAndIsImmune) {
    Position pos = at("*10k*/1P10*/*11*/*11*/*11*/*11*/*11*/*11*/*12/*K10* w - - 0 1");
    play(pos, "b9b10");
    PieceType p = tamerlane()->pieceByLetter("P");
    EXPECT_EQ(pos.at(*pos.board().parse("b10")), makePiece(White, p));
    // A black rook on b5 cannot capture the parked pawn.
    Position attacked = at("*P9k*/12*/*11*/*11*/*r10*/*11*/*11*/*11*/*12/*K10* b - - 0 1");
    EXPECT_FALSE(hasMove(attacked, "b6b10"));
}

TEST(Tamerlane, ThirdArrivalMakesAnAdventitiousKing) {
    Position pos = at("*10k*/3P!8*/*11*/*11*/*11*/*11*/*11*/*11*/*12/*K10* w - - 0 1");
    play(pos, "d9d10");
    EXPECT_EQ(pos.at(*pos.board().parse("d10")), makePiece(White, tamerlane()->pieceByLetter("A")));
    EXPECT_EQ(pos.royals(White).size(), 2u);
}

TEST(Tamerlane, SecondArrayRelocatesToItsOwnPawnOfKingsSquare) {
    auto second = loadVariant("tamerlane-second-array");
    Position pos = at("*10k*/3P'8*/*11*/*11*/*11*/*11*/*11*/*11*/*12/*K10* w - - 0 1", second);
    play(pos, "d9d10");
    EXPECT_EQ(pos.at(*pos.board().parse("g2")), makePiece(White, second->pieceByLetter("P!")));
    EXPECT_EQ(perft(*std::make_unique<Position>(at("startpos", second)), 2), 576u);
}

TEST(Tamerlane, NoRepetitionOrMoveCountRule) {
    Position pos = at(kKings);
    for (int i = 0; i < 3; ++i) {
        play(pos, "b1b2");
        play(pos, "l10l9");
        play(pos, "b2b1");
        play(pos, "l9l10");
    }
    MoveList legal;
    generateLegal(pos, legal);
    EXPECT_FALSE(gameEnd(pos, legal).over());
}

// ---- rule options, switched in the JSON
// ----------------------------------------------------------

namespace {

std::shared_ptr<const Variant> withRules(const std::string& patch) {
    return loadVariantText(
        R"({"inherits": "tamerlane", "name": "tamerlane-option", )" + patch + "}",
        std::string(TIMUR_SOURCE_DIR) + "/variants/option.json");
}

}  // namespace

TEST(TamerlaneOptions, SwapOnlyInCheck) {
    auto v = withRules(R"("rules": {"swap": {"piece": "K", "when": "check"}})");
    // T4: stalemated but not in check: no swap under this option.
    Position pos = at("*1r8k*/12*/*11*/*11*/*11*/*11*/*11*/*r'10*/*R'11/*K10* w K - 0 1", v);
    EXPECT_EQ(legalTexts(pos).size(), 0u);
}

TEST(TamerlaneOptions, SwapAtAnyTime) {
    auto v = withRules(R"("rules": {"swap": {"piece": "K", "when": "always"}})");
    Position pos = at("*10k*/12*/*11*/*11*/*11*/*11*/*11*/*11*/*5K6/*R10* w K - 0 1", v);
    EXPECT_TRUE(hasMove(pos, "g2b1"));
}

TEST(TamerlaneOptions, CitadelExchangeDisabled) {
    // Without the exchange the start position has no 'X' rights either.
    auto v = withRules(
        R"("start": "*e1c1d1d1c1e*/1rntzvkfztnr*/*r'n't'z'v'k'f'e'c'd'p*/*11*/*11*/*11*/*11*/)"
        R"(*PD'C'E'F'K'V'Z'T'N'R'*/*RNTZFKVZTNR1/*E1C1D1D1C1E* w Kk - 0 1",)"
        R"("rules": {"citadels": {"exchange": false}})");
    Position pos = at("*11*/12*/*K10*/*11*/*11*/*11*/*4S6*/*11*/*10k1/*11* w - - 0 1", v);
    EXPECT_TRUE(hasMove(pos, "b8a9"));
    EXPECT_FALSE(hasMove(pos, "b8a9f4"));
}

TEST(TamerlaneOptions, AnyRoyalMayEnterTheEnemyCitadel) {
    auto v = withRules(R"("rules": {"citadels": {"enemyEntrants": "anyRoyal"}})");
    Position pos = at("*11*/12*/*S10*/*11*/*11*/*11*/*4K6*/*11*/*10k1/*11* w X - 0 1", v);
    EXPECT_TRUE(hasMove(pos, "b8a9"));
}

TEST(TamerlaneOptions, NobodyInTheOwnCitadel) {
    auto v = withRules(R"("rules": {"citadels": {"ownEntrants": []}})");
    Position pos = at("*10k*/12*/*11*/*11*/*11*/*11*/*11*/*11*/*10A1/*11* w - - 0 1", v);
    EXPECT_FALSE(hasMove(pos, "l2m2"));
}

TEST(TamerlaneOptions, PromotingASecondRoyalDoesNotAnswerCheck) {
    // T8 with O11: g9g10 makes a prince, but the King stays attacked.
    const char* t8 = "*10k*/6K'5*/*11*/*11*/*11*/*11*/*11*/*11*/*12/*K6r3* w - - 0 1";
    Position pos = at(t8);
    EXPECT_TRUE(hasMove(pos, "g9g10"));
    auto v = withRules(R"("rules": {"royalCountBeforeMove": true})");
    Position strict = at(t8, v);
    EXPECT_EQ(joined(legalTexts(strict)), "b1b2 b1c2");
}

TEST(TamerlaneOptions, AttackableCitadel) {
    // O15: a black rook on the 2nd rank checks the adventitious king in White's citadel m2.
    const char* fen = "*10k*/12*/*11*/*11*/*11*/*11*/*11*/*11*/*r10A/*11* w - - 0 1";
    Position immune = at(fen);
    EXPECT_FALSE(inCheck(immune));
    auto v = withRules(R"("rules": {"citadels": {"attackable": true}})");
    Position attackable = at(fen, v);
    EXPECT_TRUE(inCheck(attackable));
    attackable.setFen("*10k*/12*/*11*/*11*/*11*/*11*/*11*/*11*/*r10A/*11* b - - 0 1");
    EXPECT_FALSE(hasMove(attackable, "b2m2"));  // still never captured
}

TEST(TamerlaneOptions, RelocationOntoAnyPiece) {
    // T9b: a black king on g3 blocks the relocation by default; O21 alternatives.
    const char* t9b = "*11*/3P'8*/*11*/*11*/*11*/*11*/*11*/*5k5*/*12/*K10* w - - 0 1";
    Position pos = at(t9b);
    EXPECT_FALSE(hasMove(pos, "d9d10"));
    auto removeAny = withRules(R"("rules": {"promotion": [
        {"pieces": ["K'", "F'", "V'", "Z'", "T'", "N'", "R'", "E'", "C'", "D'"]},
        {"pieces": ["P'"], "choices": ["P!"], "relocateTo": "K'", "relocationBlocked": "removeAny"},
        {"pieces": ["P!"], "choices": ["A"]}]})");
    Position any = at(t9b, removeAny);
    EXPECT_TRUE(hasMove(any, "d9d10"));
    // T9 (a knight on g3) with occupiedForbids: no relocation.
    auto occupied = withRules(R"("rules": {"promotion": [
        {"pieces": ["K'", "F'", "V'", "Z'", "T'", "N'", "R'", "E'", "C'", "D'"]},
        {"pieces": ["P'"], "choices": ["P!"], "relocateTo": "K'",
         "relocationBlocked": "occupiedForbids"},
        {"pieces": ["P!"], "choices": ["A"]}]})");
    Position t9 = at("*10k*/3P'8*/*11*/*11*/*11*/*11*/*11*/*5n5*/*12/*K10* w - - 0 1", occupied);
    EXPECT_FALSE(hasMove(t9, "d9d10"));
}

TEST(TamerlaneOptions, PlacementOnlyOnEmptySquares) {
    // O18: T5's fork square f5 is empty, so the placement stands; onto a piece it may not.
    auto v = withRules(R"("rules": {"placement": [
        {"piece": "P", "from": ["*10"], "becomes": "P'", "ontoFriend": false, "ontoEnemy": false}]})");
    Position pos = at("*P9k*/12*/*11*/*11*/*3r1r5*/*11*/*11*/*11*/*12/*K10* w - - 0 1", v);
    EXPECT_TRUE(hasMove(pos, "b10f5"));
    Position onto = at("*P9k*/12*/*11*/*11*/*3r1r5*/*4N6*/*11*/*11*/*12/*K10* w - - 0 1", v);
    EXPECT_FALSE(hasMove(onto, "b10f5"));
    Position byDefault = at("*P9k*/12*/*11*/*11*/*3r1r5*/*4N6*/*11*/*11*/*12/*K10* w - - 0 1");
    EXPECT_TRUE(hasMove(byDefault, "b10f5"));
}
