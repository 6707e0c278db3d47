// PGN of a refereed game: the seven tag roster plus Variant, SetUp/FEN when the game does not
// start from the variant's start position, TimeControl, PlyCount and Termination; moves in
// Timur's coordinate text (e2e4, h10g8, P@e4: SAN is not defined for every fairy piece), opening
// moves marked {book}, and the reason of the result in a comment before it.
#pragma once

#include <ostream>
#include <string>

#include "engine/match/game.h"

namespace timur::match {

struct PgnInfo {
    std::string event = "Timur match";
    std::string site = "?";
    std::string date;  // YYYY.MM.DD; empty: today
};

void writePgn(std::ostream& out, const GameRecord& game, const PgnInfo& info);

}  // namespace timur::match
