// Perft: the number of legal move sequences of a given length, the move generator's proof.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "engine/position.h"

namespace timur {

// Leaves at `depth` plies; the last ply is counted in bulk (legal moves, not made). With `stop`,
// the count ends early (and is then partial) once *stop is set.
std::uint64_t perft(Position& pos, int depth, const std::atomic<bool>* stop = nullptr);

// Per legal root move: its text and the count below it. `onMove` (if given) hears each root
// move's text and count as soon as it is counted, with how many are done of how many.
using PerftProgress =
    std::function<void(int done, int total, const std::string& move, std::uint64_t count)>;
std::vector<std::pair<std::string, std::uint64_t>> perftDivide(Position& pos, int depth,
                                                               const PerftProgress& onMove = {});

// The same, each root move reported as soon as it is counted; a move whose count was cut short
// by *stop is not reported. Returns false if stopped.
using PerftMoveReport = std::function<void(const std::string& move, std::uint64_t nodes)>;
bool perftDivide(Position& pos, int depth, const PerftMoveReport& onMove,
                 const std::atomic<bool>* stop);

}  // namespace timur
