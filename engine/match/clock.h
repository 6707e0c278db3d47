// Time controls and the clocks the runner keeps for each side.
#pragma once

#include <cstdint>
#include <string>

namespace timur::match {

// `--tc [MOVES/]BASE[+INC]` (seconds; BASE may be M:SS), or `--st SECONDS` per move.
struct TimeControl {
    int movesPerSession = 0;  // 0: the whole game is one session
    std::int64_t baseMs = 0;
    std::int64_t incMs = 0;
    std::int64_t moveTimeMs = 0;  // > 0: fixed time per move (st); base/inc unused

    bool fixedPerMove() const { return moveTimeMs > 0; }
    // "40/60+0.5", "10+0.1", "st=2": for messages and the PGN TimeControl tag.
    std::string text() const;
    // The PGN TimeControl tag's value: "40/60", "300", "10+0.1", "1/2" (st=2).
    std::string pgnTag() const;
};

// Parses "[MOVES/]BASE[+INC]"; throws std::invalid_argument with a message.
TimeControl parseTimeControl(const std::string& text);
// Fixed time per move from "SECONDS".
TimeControl fixedMoveTime(const std::string& seconds);

// One side's clock.
class GameClock {
  public:
    explicit GameClock(const TimeControl& tc) : tc_(tc), remainingMs_(tc.baseMs) {}

    // Time the side has for its next move (st: the fixed time).
    std::int64_t remainingMs() const { return tc_.fixedPerMove() ? tc_.moveTimeMs : remainingMs_; }
    // Moves to the next time control (0 when the game is one session).
    int movesToGo() const;
    // Charges a move that took `usedMs`; false if it overstepped the time by more than
    // `marginMs` (the clock then shows what was left before the move, less usedMs).
    bool charge(std::int64_t usedMs, std::int64_t marginMs);

  private:
    TimeControl tc_;
    std::int64_t remainingMs_;
    int movesMade_ = 0;
};

}  // namespace timur::match
