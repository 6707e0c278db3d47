// Game end: whether the position is over by the variant's rules, with the result and reason.
#pragma once

#include <string>

#include "engine/move.h"
#include "engine/position.h"

namespace timur {

enum class GameResult : std::uint8_t { None, WhiteWins, BlackWins, Draw };

struct GameEnd {
    GameResult result = GameResult::None;
    std::string reason;   // "checkmate", "stalemate", "bare king", "50-move rule", ...
    int repetitions = 0;  // the occurrences counted, when a repeated position ended it
    int movePlies = 0;    // the plies without progress counted, when the n-move rule ended it
    bool over() const { return result != GameResult::None; }
};

// `legal` holds the legal moves of the side to move in `pos`.
GameEnd gameEnd(const Position& pos, const MoveList& legal);

// "1-0", "0-1", "1/2-1/2", or "*".
const char* resultText(GameResult r);

}  // namespace timur
