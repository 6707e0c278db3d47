// The referee: one game between two engine drivers, every move checked against Timur's rules of
// the variant before it is applied, ended by the variant's own endings (engine/rules.h), the
// clock, an illegal move, a false claim, a resignation, a crash, a hang or adjudication.
#pragma once

#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/match/clock.h"
#include "engine/match/engine.h"
#include "engine/position.h"
#include "engine/rules.h"

namespace timur::match {

// A game's opening: a FEN (empty: the variant's start) and moves played from it.
struct Opening {
    std::string fen;
    std::vector<std::string> moves;  // Timur's move text
};

// `--adjudicate draw=MOVES:CP,resign=MOVES:CP,maxmoves=N` (any subset).
//   draw=M:CP    both engines reported |score| <= CP on each of their last M moves: draw.
//   resign=M:CP  an engine reported score <= -CP on each of its last M moves: it loses.
//   maxmoves=N   N full moves played by the engines: draw.
struct Adjudication {
    int drawMoves = 0, drawCp = 0;
    int resignMoves = 0, resignCp = 0;
    int maxMoves = 0;
};
Adjudication parseAdjudication(const std::string& text);  // throws std::invalid_argument

struct GameOptions {
    TimeControl tc;
    std::int64_t marginMs = 200;      // a move may overstep the clock by this much
    std::int64_t hangGraceMs = 2000;  // no reply this long past the time left: a hang
    Adjudication adjudication;
};

struct GameRecord {
    int number = 0;  // 1-based
    std::string white, black, variant;
    std::string startFen;
    bool variantStart = true;
    std::vector<std::string> moves;  // Timur's move text, opening moves first
    int openingPlies = 0;
    GameResult result = GameResult::None;
    std::string comment;      // "Black wins by checkmate", "White loses on time", ...
    std::string termination;  // PGN Termination: normal, time forfeit, illegal move, ...
    TimeControl tc;
    std::string whiteLimits, blackLimits;  // the engines' nodes= and depth= (limitsText)
};

// Thrown when the match cannot go on: an engine cannot play the variant or start at all.
class MatchError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// Plays one game; players[White] plays White. Restarts an engine that crashed or hung in an
// earlier game. The opening's moves must be legal (checked when openings are read).
GameRecord playGame(EngineDriver& white, EngineDriver& black,
                    std::shared_ptr<const Variant> variant, const Opening& opening,
                    const GameOptions& options, int number);

// The legal move an engine meant by `text`, or a null Move: exact text first, then any letter
// case, then a promotion with a missing or different piece letter when exactly one promotion
// matches the squares (Fairy-Max writes shatranj's e7e8q, Timur e7e8).
Move acceptMove(Position& pos, const std::string& text);

}  // namespace timur::match
