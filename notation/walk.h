// A reference walk of compiled move tables: every move one piece has from one square, for a
// given occupancy. Used by `timur betza`, the notation tests and as the readable model of what
// the engine's move generator does in its hot loop.
#pragma once

#include <vector>

#include "notation/compile.h"

namespace timur::betza {

struct WalkBoard {
    std::vector<std::uint8_t> occ;  // Occ class of every square, from the mover's side
    SquareSet royal;                // squares holding a royal piece (for tame moves)
    int epSquare = -1;              // the empty square an e.p. capture may go to
    int epVictim = -1;              // the piece it captures
};

struct WalkMove {
    int to = -1;
    std::vector<int> captures;  // every square whose occupant the move removes
    bool enPassant = false;
    int epCreated = -1;  // e.p. square this move creates
    int unloadTo = -1;   // where a captured piece reappears (u)
    bool operator==(const WalkMove&) const = default;
};

// Moves of `piece` of colour `color` standing on `from`. `virgin` = it never moved (i-moves).
std::vector<WalkMove> walk(const CompiledPiece& piece, int color, int from, const WalkBoard& board,
                           bool virgin = true);

}  // namespace timur::betza
