// Helpers of the tests of one variant's rules (janggi, seirawan, kyotoshogi, sittuyin): a position
// of a shipped variant, moves played by their text, how the game stands, and loader errors.
#pragma once

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "engine/movegen.h"
#include "engine/position.h"
#include "engine/rules.h"

namespace timur::test {

// The shipped variant `name` at `fen` (default: its start).
inline Position positionOf(const std::string& name, const std::string& fen = "") {
    Position pos(loadVariant(name));
    pos.setFen(fen.empty() ? pos.variant().startFen : fen);
    return pos;
}

// Plays the moves of `moves` (Timur's text, separated by blanks); each must be legal.
inline void play(Position& pos, const std::string& moves) {
    std::istringstream in(moves);
    for (std::string text; in >> text;) {
        Move m = parseMove(pos, text);
        ASSERT_FALSE(m.isNull()) << text << " is not legal in " << pos.fen();
        pos.makeMove(m);
    }
}

inline GameEnd gameEndOf(Position& pos) {
    MoveList legal;
    generateLegal(pos, legal);
    return gameEnd(pos, legal);
}

// Loading `j` fails with an error that names the file and contains `part`.
inline void expectLoaderError(const nlohmann::ordered_json& j, const std::string& part) {
    try {
        loadVariantText(j.dump(), "x.json");
        ADD_FAILURE() << "no error, expected " << part;
    } catch (const VariantError& e) {
        std::string what = e.what();
        EXPECT_EQ(what.rfind("x.json: ", 0), 0u) << what;
        EXPECT_NE(what.find(part), std::string::npos) << what;
    }
}

}  // namespace timur::test
