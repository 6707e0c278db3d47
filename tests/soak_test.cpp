// Soak test: seeded random games in every shipped variant. After every move: make/unmake of
// every legal move restores the position and its hash exactly, the incremental hash equals a
// fresh one (setFen(fen()).hash()), the FEN round-trips, and the game ends when, and as, the
// variant's rules say.
//
// The quick run (ctest label "unit") plays TIMUR_SOAK_GAMES games per variant (default 12); the
// long one (label "long", TIMUR_LONG=1) plays 2000.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <random>

#include "engine/movegen.h"
#include "engine/position.h"
#include "engine/rules.h"

using namespace timur;

namespace {

int gamesPerVariant() {
    if (const char* g = std::getenv("TIMUR_SOAK_GAMES"); g && *g) return std::atoi(g);
    const char* l = std::getenv("TIMUR_LONG");
    return l && std::string(l) == "1" ? 2000 : 12;
}

// Long enough for most games to end by the rules (mate, bare king, n-move rule, repetition).
int maxPlies() {
    const char* l = std::getenv("TIMUR_LONG");
    return l && std::string(l) == "1" ? 1000 : 500;
}

bool onlyRoyals(const Position& pos, Color c) {
    for (int t = 0; t < pos.info().typeCount; ++t)
        if (!pos.info().isRoyal[t] && (pos.count(c, PieceType(t)) || pos.hand(c, PieceType(t))))
            return false;
    return true;
}

GameResult loserIs(Color c) {
    return c == White ? GameResult::BlackWins : GameResult::WhiteWins;
}

GameResult scored(Color c, Outcome o) {
    if (o == Outcome::Draw) return GameResult::Draw;
    return o == Outcome::Loss ? loserIs(c) : loserIs(~c);
}

class Soak : public ::testing::TestWithParam<std::string> {};

TEST_P(Soak, RandomGamesKeepPositionHashAndRules) {
    auto variant = loadVariant(GetParam());
    const Rules& rules = variant->rules;
    std::mt19937 rng(0x50a4 + std::hash<std::string>{}(GetParam()) % 1000);
    const int games = gamesPerVariant();
    std::map<std::string, int> endings;
    for (int game = 0; game < games && !HasFailure(); ++game) {
        Position pos(variant);
        pos.setStart();
        std::vector<std::string> played;
        // Hashes of the positions so far, for an independent repetition count.
        std::vector<std::uint64_t> seen{pos.hash()};
        std::vector<int> clock{pos.halfmoveClock()};
        auto where = [&] {
            std::string s = GetParam() + " game " + std::to_string(game) + " after";
            for (const auto& m : played) s += " " + m;
            return s + " (" + pos.fen() + ")";
        };
        for (int ply = 0;; ++ply) {
            MoveList legal;
            generateLegal(pos, legal);
            const GameEnd end = gameEnd(pos, legal);
            const Color us = pos.sideToMove();

            // Rules: no legal move always ends the game, as checkmate or stalemate says.
            if (legal.size == 0) {
                ASSERT_TRUE(end.over()) << where() << ": no legal move but the game goes on";
                if (end.reason == "checkmate") {
                    EXPECT_TRUE(inCheck(pos)) << where();
                    EXPECT_EQ(end.result, scored(us, rules.checkmate)) << where();
                } else if (end.reason == "stalemate") {
                    EXPECT_FALSE(inCheck(pos)) << where();
                    EXPECT_EQ(end.result, scored(us, rules.stalemate)) << where();
                }
            }
            if (rules.nMoveRule && pos.halfmoveClock() >= 2 * rules.nMoveRule) {
                EXPECT_TRUE(end.over())
                    << where() << ": the " << rules.nMoveRule << "-move rule is reached";
            }
            if (end.reason.find("-move rule") != std::string::npos) {
                EXPECT_TRUE(rules.nMoveRule && pos.halfmoveClock() >= 2 * rules.nMoveRule)
                    << where();
            }
            if (rules.repetitionCount) {
                // The same position (same side to move) since the last irreversible move.
                int count = 0;
                for (int i = int(seen.size()) - 1; i >= 0; i -= 2) {
                    if (seen[i] == pos.hash()) ++count;
                    if (clock[i] == 0) break;
                }
                if (end.reason.find("repetition") != std::string::npos) {
                    EXPECT_GE(count, rules.repetitionCount) << where();
                } else if (end.reason.empty()) {
                    EXPECT_LT(count, rules.repetitionCount) << where() << ": repeated " << count;
                }
            } else {
                EXPECT_EQ(end.reason.find("repetition"), std::string::npos) << where();
            }
            if (end.reason == "bare king") {
                EXPECT_TRUE(rules.bareRoyal.has_value()) << where();
                EXPECT_TRUE(onlyRoyals(pos, White) || onlyRoyals(pos, Black)) << where();
            }
            if (end.over()) {
                ++endings[end.reason];
                break;
            }
            if (ply >= maxPlies() || HasFailure()) {
                ++endings["(ply limit)"];
                break;
            }

            // Every legal move makes and unmakes back to the same hash; the one played also
            // back to the same FEN.
            const std::string fen = pos.fen();
            const std::uint64_t hash = pos.hash();
            for (const Move& m : legal) {
                pos.makeMove(m);
                pos.unmakeMove();
                if (pos.hash() != hash) {
                    ADD_FAILURE() << where() << ": make/unmake of " << moveText(pos, m)
                                  << " changes the hash; FEN now " << pos.fen();
                    return;
                }
            }

            const Move& m = legal[int(rng() % legal.size)];
            const std::string text = moveText(pos, m);
            pos.makeMove(m);
            const std::string after = pos.fen();
            Position fresh(variant);
            ASSERT_NO_THROW(fresh.setFen(after)) << where() << " " << text << ": bad fen()";
            ASSERT_EQ(fresh.fen(), after) << where() << " " << text << ": FEN does not round-trip";
            // A FEN cannot say that the last move was a pass, which the hash does where a
            // second pass ends the game: then the fresh position makes the pass itself.
            const auto& passRule = variant->rules.pass;
            if ((m.flags & kMovePass) && passRule && passRule->twice) {
                fresh.setFen(fen);
                fresh.makeMove(m);
            }
            ASSERT_EQ(fresh.hash(), pos.hash())
                << where() << " " << text << ": incremental hash differs from a fresh one";
            pos.unmakeMove();
            ASSERT_EQ(pos.fen(), fen) << where() << ": unmake of " << text;
            ASSERT_EQ(pos.hash(), hash) << where() << ": unmake of " << text;
            pos.makeMove(m);
            played.push_back(text);
            seen.push_back(pos.hash());
            clock.push_back(pos.halfmoveClock());
        }
    }
    std::string summary;
    for (const auto& [reason, n] : endings)
        summary += " " + reason + ": " + std::to_string(n) + ";";
    std::cout << "[ soak     ] " << GetParam() << ": " << games << " games," << summary << "\n";
}

std::string testName(const ::testing::TestParamInfo<std::string>& info) {
    std::string s;
    for (char c : info.param) s += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
    return s;
}

INSTANTIATE_TEST_SUITE_P(Shipped, Soak, ::testing::ValuesIn(shippedVariantNames()), testName);

// Variants that exist for the tests (tests/variants/): moves and rules no shipped variant has.
std::vector<std::string> testVariantFiles() {
    std::vector<std::string> out;
    for (const auto& e : std::filesystem::directory_iterator(TIMUR_SOURCE_DIR "/tests/variants"))
        if (e.path().extension() == ".json") out.push_back(e.path().string());
    std::sort(out.begin(), out.end());
    return out;
}

std::string fileTestName(const ::testing::TestParamInfo<std::string>& info) {
    std::string s;
    for (char c : std::filesystem::path(info.param).stem().string())
        s += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
    return s;
}

INSTANTIATE_TEST_SUITE_P(TestVariants, Soak, ::testing::ValuesIn(testVariantFiles()), fileTestName);

}  // namespace
