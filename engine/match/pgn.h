// PGN of a refereed game: the seven tag roster plus Variant (XBoard's name; none for chess),
// SetUp/FEN when the game does not start from the variant's start position, TimeControl,
// PlyCount and Termination; moves in SAN as XBoard reads and writes it (its letters and
// coordinates: ranks from 0 on boards of 10 ranks), in XBoard's coordinates where SAN has no
// form (locust captures, gating, suffixed letters), in Timur's text for a variant XBoard learns
// from the engine (Tamerlane); the engines' search limits (nodes=, depth=), if any, in a comment
// before the first move ({White: nodes=20000; Black: depth=8}); opening moves marked {book}, and
// the reason of the result in a comment before it.
#pragma once

#include <memory>
#include <ostream>
#include <string>

#include "engine/match/game.h"

namespace timur::match {

struct PgnInfo {
    std::string event = "Timur match";
    std::string site = "?";
    std::string date;  // YYYY.MM.DD; empty: today
};

// Without the variant, the moves are written in Timur's text and the Variant tag is its name.
void writePgn(std::ostream& out, const GameRecord& game, const PgnInfo& info,
              std::shared_ptr<const Variant> variant = nullptr);

}  // namespace timur::match
