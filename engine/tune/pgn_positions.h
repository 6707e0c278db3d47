// Tuning positions from the games of PGN files (`timur tune --pgn`): a match's games against a
// stronger engine hold the openings and middlegames Timur really meets, where random-opening
// self-play mostly holds positions that material decides.
#pragma once

#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "engine/tune/tune.h"

namespace timur::tune {

struct PgnReadReport {
    int games = 0;    // games read whose positions were kept
    int skipped = 0;  // games of another variant, unfinished, or with a move not understood
    int positions = 0;
};

// The quiet positions of every game of a PGN stream (side to move not in check, the move played
// there neither a capture nor a promotion, and neither it nor the two before it an opening move
// marked {book}), each with the game's result for White. Moves are read as `timur match` and
// XBoard write them: SAN in XBoard's coordinates, or the engine's move text where SAN has no
// form. A game of another variant (its Variant tag), an unfinished one ("*"), or one with a move
// that is not legal where it stands is skipped; `log` (if given) names each such game and why.
// Throws std::invalid_argument for text that is not PGN (as readPgnGames).
std::vector<Sample> pgnSamples(const std::shared_ptr<const Variant>& variant, std::istream& in,
                               const std::string& origin, std::ostream* log,
                               PgnReadReport* report = nullptr);

}  // namespace timur::tune
