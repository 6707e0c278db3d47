// The games of a PGN stream played out on the board: for each game its tags and, ply by ply, the
// position before the move and the move itself. `timur tune --pgn` keeps the quiet positions of
// such games; `timur replay` prints them for tools that judge the moves (bench/move_losses.py).
#pragma once

#include <functional>
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "engine/match/merge.h"
#include "engine/position.h"

namespace timur::match {

struct ReplayedPly {
    std::string fen;     // the position before the move
    std::string text;    // the move in the engine's own notation (as UCI sends it)
    bool book = false;   // the PGN marks it {book}
    bool quiet = false;  // not in check before it, and neither a capture nor a promotion
};

struct ReplayedGame {
    const PgnGame* game = nullptr;  // its tags (Result, FEN, ...), valid during onGame
    std::vector<ReplayedPly> plies;
    std::string finalFen;  // the position after the last move
};

struct ReplayReport {
    int games = 0;    // games played out to their last move
    int skipped = 0;  // of another variant, unfinished, or with a move not understood
};

// Plays out every game of `in` for `variant` and hands each to `onGame`. Moves are read as
// `timur match` and XBoard write them: SAN in XBoard's coordinates, or the engine's move text
// where SAN has no form. A game of another variant (its Variant tag), an unfinished one ("*"),
// or one with a move that is not legal where it stands is skipped; `log` (if given) names each
// such game and why. Throws std::invalid_argument for text that is not PGN (as readPgnGames).
ReplayReport replayPgn(const std::shared_ptr<const Variant>& variant, std::istream& in,
                       const std::string& origin, std::ostream* log,
                       const std::function<void(const ReplayedGame&)>& onGame);

}  // namespace timur::match
