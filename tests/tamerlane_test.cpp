// Tamerlane chess: every perft count and legal-move list of ../shared/oracle/tamerlane.tsv, and
// tests of each rule (spec/tamerlane.md) on positions of our own, including the rule options.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <sstream>

#include "engine/movegen.h"
#include "engine/perft.h"
#include "engine/position.h"
#include "engine/rules.h"
#include "tests/move_texts.h"

using namespace timur;
using timur::test::has;
using timur::test::legalTexts;

namespace {

struct OracleLine {
    std::string kind, id, fen;
    int depthOrCount = 0;
    std::string expected;  // perft nodes, or the sorted move list
};

void PrintTo(const OracleLine& o, std::ostream* os) {
    *os << o.kind << " " << o.id << " " << o.fen << " " << o.depthOrCount;
}

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
    // `timur match` writes the forced promotion with the result's letter (b9b10n), as XBoard
    // wants it; the '+' other programs may write is read too.
    Position pos = at("*10k*/1N'10*/*11*/*11*/*11*/*11*/*11*/*11*/*12/*K10* w - - 0 1");
    Move m = parseMove(pos, "b9b10");
    ASSERT_FALSE(m.isNull());
    EXPECT_EQ(moveText(pos, m, true), "b9b10n");
    EXPECT_EQ(parseMove(pos, "b9b10n"), m);
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
}

// The second array (O7) is its own start position: the King on g1 behind the pawn of kings on
// g2, war engines beside it, g3 empty; and it plays differently from the masculine array (perft 1
// and 2 happen to agree: 24 and 576).
TEST(Tamerlane, SecondArrayStartsFromItsOwnArray) {
    auto second = loadVariant("tamerlane-second-array");
    Position pos = at("startpos", second);
    auto piece = [&](const char* sq) { return pos.at(*pos.board().parse(sq)); };
    EXPECT_EQ(piece("g1"), makePiece(White, second->pieceByLetter("K")));
    EXPECT_EQ(piece("g2"), makePiece(White, second->pieceByLetter("K'")));
    EXPECT_EQ(piece("f2"), makePiece(White, second->pieceByLetter("D")));
    EXPECT_EQ(piece("h2"), makePiece(White, second->pieceByLetter("D")));
    EXPECT_EQ(piece("g3"), kNoPiece);
    EXPECT_EQ(piece("g10"), makePiece(Black, second->pieceByLetter("K")));
    EXPECT_EQ(piece("g9"), makePiece(Black, second->pieceByLetter("K'")));
    Position masculine = at("startpos");
    EXPECT_NE(perft(pos, 3), perft(masculine, 3));
}

namespace {

// Kings shuffling for 160 plies, every position repeated up to 40 times: the ply at which the
// game is over, or 0.
int pliesUntilOver(std::shared_ptr<const Variant> v) {
    Position pos = at(kKings, v);
    const char* cycle[] = {"b1b2", "l10l9", "b2b1", "l9l10"};
    for (int ply = 0; ply < 160; ++ply) {
        play(pos, cycle[ply % 4]);
        MoveList legal;
        generateLegal(pos, legal);
        if (gameEnd(pos, legal).over()) return ply + 1;
    }
    return 0;
}

}  // namespace

// Nothing ends the shuffle in Tamerlane, while the same moves end it under a 50-move rule or a
// threefold repetition rule (so the test would see such a rule in tamerlane.json).
TEST(Tamerlane, NoRepetitionOrMoveCountRule) {
    EXPECT_EQ(pliesUntilOver(tamerlane()), 0);
    auto fifty =
        loadVariantText(R"({"inherits": "tamerlane", "name": "t50", "rules": {"nMoveRule": 50}})",
                        std::string(TIMUR_SOURCE_DIR) + "/variants/t50.json");
    EXPECT_EQ(pliesUntilOver(fifty), 100);
    auto threefold = loadVariantText(
        R"({"inherits": "tamerlane", "name": "t3",
            "rules": {"repetition": {"count": 3, "result": "draw"}}})",
        std::string(TIMUR_SOURCE_DIR) + "/variants/t3.json");
    EXPECT_EQ(pliesUntilOver(threefold), 8);
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

TEST(TamerlaneOptions, SwapOnlyWhenNoOtherMove) {
    // O8 "noMove": in check with other moves, no swap; stalemated (T4), the swap.
    auto v = withRules(R"("rules": {"swap": {"piece": "K", "when": "noMove"}})");
    Position checked = at("*10k*/12*/*5r5*/*11*/*11*/*11*/*11*/*11*/*5K6/*R10* w K - 0 1", v);
    EXPECT_FALSE(hasMove(checked, "g2b1"));
    EXPECT_TRUE(hasMove(checked, "g2f2"));
    Position stalemated = at("*1r8k*/12*/*11*/*11*/*11*/*11*/*11*/*r'10*/*R'11/*K10* w K - 0 1", v);
    EXPECT_EQ(joined(legalTexts(stalemated)), "b1b2");
}

TEST(TamerlaneOptions, SwapMayPutAPawnOnItsLastRank) {
    // O9: the pawn of rooks b3 may take the checked King's place on g10, and stays a pawn.
    auto v = withRules(R"("rules": {"swap": {"piece": "K", "pawnToLastRank": true}})");
    Position pos = at("*5K4k*/12*/*11*/*11*/*11*/*11*/*11*/*R'10*/*12/*5r5* w K - 0 1", v);
    ASSERT_TRUE(hasMove(pos, "g10b3"));
    play(pos, "g10b3");
    EXPECT_EQ(pos.at(*pos.board().parse("g10")), makePiece(White, v->pieceByLetter("R'")));
    EXPECT_EQ(pos.at(*pos.board().parse("b3")), makePiece(White, v->pieceByLetter("K")));
}

TEST(TamerlaneOptions, NoSwapWithSeveralRoyals) {
    // O10: the King g2 is attacked and a Prince stands on k1. By default the King may swap (with
    // the rook b1 or the Prince); with withSeveralRoyals false it may not.
    const char* fen = "*10k*/12*/*5r5*/*11*/*11*/*11*/*11*/*11*/*5K6/*R8S1* w K - 0 1";
    Position byDefault = at(fen);
    EXPECT_TRUE(hasMove(byDefault, "g2b1"));
    EXPECT_TRUE(hasMove(byDefault, "g2k1"));
    auto v = withRules(R"("rules": {"swap": {"piece": "K", "withSeveralRoyals": false}})");
    Position pos = at(fen, v);
    EXPECT_FALSE(hasMove(pos, "g2b1"));
    EXPECT_FALSE(hasMove(pos, "g2k1"));
    EXPECT_TRUE(hasMove(pos, "g2f2"));
}

namespace {

// White's King steps into Black's citadel a9; what the game says then.
GameEnd afterCitadelEntry(std::shared_ptr<const Variant> v) {
    Position pos = at("*11*/12*/*K10*/*11*/*11*/*11*/*11*/*11*/*10k1/*11* w - - 0 1", v);
    play(pos, "b8a9");
    MoveList legal;
    generateLegal(pos, legal);
    return gameEnd(pos, legal);
}

}  // namespace

TEST(TamerlaneOptions, EnteringTheEnemyCitadelWinsOrLoses) {
    // O13: "win" or "loss" for the side that enters.
    GameEnd win = afterCitadelEntry(withRules(R"("rules": {"citadels": {"enemyEntry": "win"}})"));
    EXPECT_EQ(win.result, GameResult::WhiteWins);
    EXPECT_EQ(win.reason, "citadel entry");
    GameEnd loss = afterCitadelEntry(withRules(R"("rules": {"citadels": {"enemyEntry": "loss"}})"));
    EXPECT_EQ(loss.result, GameResult::BlackWins);
    EXPECT_EQ(loss.reason, "citadel entry");
}

// O13 `"none"` (docs/tamerlane.md): entering is nothing, the game goes on. In a file that
// inherits tamerlane, `null` would not do: the JSON merge patch reads it as "remove the member",
// so the default (a draw) would come back.
TEST(TamerlaneOptions, EnteringTheEnemyCitadelIsNothing) {
    GameEnd end = afterCitadelEntry(withRules(R"("rules": {"citadels": {"enemyEntry": "none"}})"));
    EXPECT_FALSE(end.over()) << end.reason;
}

TEST(TamerlaneOptions, UnlimitedCitadelExchange) {
    // O14: without the X right there is no exchange by default, and still one when unlimited;
    // making it does not use the right up.
    const char* noRight = "*11*/12*/*K10*/*11*/*11*/*11*/*4S6*/*11*/*10k1/*11* w - - 0 1";
    Position once = at(noRight);
    EXPECT_FALSE(hasMove(once, "b8a9f4"));
    auto v = withRules(R"("rules": {"citadels": {"unlimitedExchange": true}})");
    Position pos = at(noRight, v);
    EXPECT_TRUE(hasMove(pos, "b8a9f4"));
    Position withRight = at("*11*/12*/*K10*/*11*/*11*/*11*/*4S6*/*11*/*10k1/*11* w X - 0 1", v);
    play(withRight, "b8a9f4");
    EXPECT_TRUE(withRight.hasRight(White, Position::kExchangeRight));
    EXPECT_FALSE(withRight.terminal());
}

TEST(TamerlaneOptions, NobodyEntersTheEnemyCitadel) {
    // O17 "none": T6's King may neither step into a9 nor exchange there.
    auto v = withRules(R"("rules": {"citadels": {"enemyEntrants": "none"}})");
    Position pos = at("*11*/12*/*K10*/*11*/*11*/*11*/*4S6*/*11*/*10k1/*11* w X - 0 1", v);
    EXPECT_FALSE(hasMove(pos, "b8a9"));
    EXPECT_FALSE(hasMove(pos, "b8a9f4"));
    EXPECT_TRUE(hasMove(pos, "b8b7"));
}

TEST(TamerlaneOptions, PlacementByForkOrByImmobilisationOnly) {
    // O19: T5's placement forks two rooks that can move (a fork only); T11's leaves the vizier
    // l10 without a move (an immobilisation only).
    const char* t5 = "*P9k*/12*/*11*/*11*/*3r1r5*/*11*/*11*/*11*/*12/*K10* w - - 0 1";
    const char* t11 = "*P8rv*/11r*/*11*/*5k5*/*11*/*11*/*11*/*11*/*12/*K10* w - - 0 1";
    auto noFork = withRules(R"("rules": {"placement": [
        {"piece": "P", "from": ["*10"], "becomes": "P'", "fork": false}]})");
    auto noImmobilise = withRules(R"("rules": {"placement": [
        {"piece": "P", "from": ["*10"], "becomes": "P'", "immobilise": false}]})");
    Position forkOnly = at(t5, noFork);
    EXPECT_FALSE(hasMove(forkOnly, "b10f5"));
    Position forkAllowed = at(t5, noImmobilise);
    EXPECT_TRUE(hasMove(forkAllowed, "b10f5"));
    Position immobiliseOnly = at(t11, noImmobilise);
    EXPECT_FALSE(hasMove(immobiliseOnly, "b10k9"));
    Position immobiliseAllowed = at(t11, noFork);
    EXPECT_TRUE(hasMove(immobiliseAllowed, "b10k9"));
}

TEST(TamerlaneOptions, AForkOfARoyalDoesNotCount) {
    // O20: from f5 the pawn of pawns forks the general e6 and the King g6. Neither is immobilised
    // (the general can take the pawn), so only the fork allows the placement.
    const char* fen = "*P10*/12*/*11*/*11*/*3f1k5*/*11*/*11*/*11*/*12/*K10* w - - 0 1";
    Position byDefault = at(fen);
    EXPECT_TRUE(hasMove(byDefault, "b10f5"));
    auto v = withRules(R"("rules": {"placement": [
        {"piece": "P", "from": ["*10"], "becomes": "P'", "forkRoyals": false}]})");
    Position pos = at(fen, v);
    EXPECT_FALSE(hasMove(pos, "b10f5"));
}

TEST(TamerlaneOptions, SecondArrivalMakesAPrince) {
    // O22: P' reaching its last rank becomes a Prince on the spot instead of being relocated.
    auto v = withRules(R"("rules": {"promotion": [
        {"pieces": ["K'", "F'", "V'", "Z'", "T'", "N'", "R'", "E'", "C'", "D'"]},
        {"pieces": ["P'"], "choices": ["S"]}]})");
    Position pos = at("*10k*/3P'8*/*11*/*11*/*11*/*11*/*11*/*11*/*12/*K10* w - - 0 1", v);
    play(pos, "d9d10");
    EXPECT_EQ(pos.at(*pos.board().parse("d10")), makePiece(White, v->pieceByLetter("S")));
    EXPECT_EQ(pos.at(*pos.board().parse("g3")), kNoPiece);
    EXPECT_EQ(pos.royals(White).size(), 2u);
}

TEST(TamerlaneOptions, StalemateDrawsOrWins) {
    // O25: T4 without the swap right, White has no move.
    const char* fen = "*1r8k*/12*/*11*/*11*/*11*/*11*/*11*/*r'10*/*R'11/*K10* w - - 0 1";
    for (auto [rule, result] :
         {std::pair{"draw", GameResult::Draw}, std::pair{"win", GameResult::WhiteWins}}) {
        auto v = withRules(std::string(R"("rules": {"stalemate": ")") + rule + "\"}");
        Position pos = at(fen, v);
        MoveList legal;
        generateLegal(pos, legal);
        EXPECT_EQ(gameEnd(pos, legal).result, result) << rule;
    }
}

TEST(TamerlaneOptions, BlackMovesFirst) {
    // O27: "b" as the side to move in `start`.
    auto v = withRules(
        R"("start": "*e1c1d1d1c1e*/1rntzvkfztnr*/*r'n't'z'v'k'f'e'c'd'p*/*11*/*11*/*11*/*11*/)"
        R"(*PD'C'E'F'K'V'Z'T'N'R'*/*RNTZFKVZTNR1/*E1C1D1D1C1E* b KXkx - 0 1")");
    Position pos(v);
    pos.setStart();
    EXPECT_EQ(pos.sideToMove(), Black);
    EXPECT_TRUE(hasMove(pos, "b8b7"));
}

// O1, O3 and O4 change the pieces' Betza: tests/data/tamerlane-o1-o3-o4.json is the example of
// docs/tamerlane.md, a variant file that inherits tamerlane.
namespace {

std::shared_ptr<const Variant> o1o3o4() {
    static auto v =
        loadVariant(std::string(TIMUR_SOURCE_DIR) + "/tests/data/tamerlane-o1-o3-o4.json");
    return v;
}

// The moves of `with` that are not in `without` (both sorted).
std::string added(const std::vector<std::string>& with, const std::vector<std::string>& without) {
    std::vector<std::string> out;
    std::set_difference(with.begin(), with.end(), without.begin(), without.end(),
                        std::back_inserter(out));
    return joined(out);
}

}  // namespace

// The file is the documented example, word for word as JSON.
TEST(TamerlaneOptions, O1O3O4FileIsTheDocumentedExample) {
    auto slurp = [](const std::string& path) {
        std::ifstream in(path);
        std::stringstream text;
        text << in.rdbuf();
        return text.str();
    };
    std::string docs = slurp(std::string(TIMUR_SOURCE_DIR) + "/docs/tamerlane.md");
    size_t name = docs.find("\"name\": \"tamerlane-o1-o3-o4\"");
    ASSERT_NE(name, std::string::npos);
    size_t begin = docs.rfind("```json\n", name) + 8, end = docs.find("```", name);
    auto file = nlohmann::json::parse(
        slurp(std::string(TIMUR_SOURCE_DIR) + "/tests/data/tamerlane-o1-o3-o4.json"));
    EXPECT_EQ(nlohmann::json::parse(docs.substr(begin, end - begin)), file);
}

TEST(TamerlaneOptions, GiraffeRunOfTwo) {
    // O1 (afsyafF): from g5 the giraffe also reaches the squares two steps out from its diagonal
    // step, d4 d6 f2 f8 h2 h8 j4 j6, beside T1's seventeen moves.
    const char* t1 = "*10k*/12*/*11*/*11*/*11*/*5Z5*/*11*/*11*/*12/*K10* w - - 0 1";
    Position byDefault = at(t1);
    Position pos = at(t1, o1o3o4());
    auto defaults = legalTexts(byDefault), moves = legalTexts(pos);
    EXPECT_EQ(defaults.size(), 17u);
    EXPECT_EQ(added(moves, defaults), "g5d4 g5d6 g5f2 g5f8 g5h2 g5h8 g5j4 g5j6");
    EXPECT_EQ(added(defaults, moves), "");
}

TEST(TamerlaneOptions, BlockableElephant) {
    // O3 (nA): a knight on f6 blocks the elephant e5's leap to g7.
    const char* fen = "*10k*/12*/*11*/*11*/*4N6*/*3E7*/*11*/*11*/*12/*K10* w - - 0 1";
    Position byDefault = at(fen);
    Position pos = at(fen, o1o3o4());
    EXPECT_EQ(added(legalTexts(byDefault), legalTexts(pos)), "e5g7");
    EXPECT_EQ(added(legalTexts(pos), legalTexts(byDefault)), "");
}

TEST(TamerlaneOptions, PawnDoubleStep) {
    // O4 (fmWfcFifmnD): from the start position each of the eleven pawns may also step two.
    Position byDefault = at("startpos");
    Position pos = at("startpos", o1o3o4());
    EXPECT_EQ(added(legalTexts(pos), legalTexts(byDefault)),
              "b3b5 c3c5 d3d5 e3e5 f3f5 g3g5 h3h5 i3i5 j3j5 k3k5 l3l5");
    EXPECT_EQ(added(legalTexts(byDefault), legalTexts(pos)), "");
    EXPECT_EQ(perft(pos, 1), 35u);
}
