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
    int to = -1;                // `from` itself for a move that returns (igui) or passes
    std::vector<int> captures;  // every square whose occupant the move removes
    bool enPassant = false;
    int epCreated = -1;  // e.p. square this move creates
    int unloadTo = -1;   // u: where the one captured piece is put instead of leaving the board
    bool operator==(const WalkMove&) const = default;
};

// Moves of `piece` of colour `color` standing on `from`. `virgin` = it never moved (i-moves).
// The board must show the piece's own square as a friend (it stands there), as the engine's
// generator sees it: makeWalkBoard does.
std::vector<WalkMove> walk(const CompiledPiece& piece, int color, int from, const WalkBoard& board,
                           bool virgin = true);

// A walk board: the mover on `from`, other pieces of its side on `friends`, the other side's on
// `enemies`; `royals` (a subset of both) are royal.
WalkBoard makeWalkBoard(const Geometry& board, int from, const SquareSet& friends,
                        const SquareSet& enemies, const SquareSet& royals = {});

}  // namespace timur::betza
