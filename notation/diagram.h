// Pictures of one piece's moves from one square: a text board, JSON and SVG.
//
// The input is a board (its holes included), where the piece stands, the other pieces, and the
// moves a walk found (notation/walk.h). Nothing here parses, compiles or walks: the functions
// only draw what they are given, so they can be tested on hand-made move lists.
//
// Every reachable square gets a mark (text symbol in brackets):
//   move  [*]  a move ends on this empty square and captures nothing there
//   ep    [e]  an en-passant capture ends on this (empty) square
//   capture [x] a move ends here and removes the piece standing here (enemy, or friend with d)
//   victim [o] some move removes the piece here but ends elsewhere (locust or e.p. victim)
//   capture + victim [X]
//   unload [u] a captured piece is put here (XBetza u; on the piece's own square: a swap)
//   the piece's own square is marked [&] when a move ends there (a pass, igui).
// A move and a capture cannot end on the same square of one board (it is either empty or not),
// so those are the only combinations.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "notation/geometry.h"
#include "notation/walk.h"

namespace timur::betza {

struct DiagramInput {
    Geometry board;     // size and holes
    int from = 0;       // the piece's square
    int color = 0;      // 0 White (moves up the page), 1 Black (moves down)
    SquareSet friends;  // other pieces of the mover's side
    SquareSet enemies;
    SquareSet royals;   // which friends and enemies are royal (drawn K enemy, Y friend)
    int epSquare = -1;  // shown only through the moves that use it
    std::vector<WalkMove> moves;
    std::string label;  // the piece's label in the SVG; empty = "@"
};

// Marks of one square, as bits.
enum SquareMark : std::uint8_t {
    kMarkMove = 1 << 0,     // *
    kMarkEp = 1 << 1,       // e
    kMarkCapture = 1 << 2,  // x
    kMarkVictim = 1 << 3,   // o
    kMarkSelf = 1 << 4,     // & (a move ends on the piece's own square)
    kMarkUnload = 1 << 5,   // u (a captured piece is put here)
};

// The marks of every square (index = square), from the moves of `in`.
std::vector<std::uint8_t> squareMarks(const DiagramInput& in);

// The text board: ranks from the top (rank 1 at the bottom whatever the colour), rank numbers on
// the left, file letters below, then one "Legend:" line naming the symbols that occur.
// Occupants: @ the piece, F friend, E enemy, Y royal friend, K royal enemy, # hole, . empty; a
// mark replaces the occupant.
std::string diagramText(const DiagramInput& in);

// The moves sorted by destination square (then by captured squares) as
// {"moves": [{"to": "e4", "captures": ["d5"]}, ...], "xbetza": STRING or null}.
// A move also has "enPassant": true, "epCreated": SQ and "unloadTo": SQ when they apply.
// `indent` < 0 gives one line.
std::string diagramJson(const DiagramInput& in, const std::optional<std::string>& xbetza,
                        int indent = 2);

// A standalone SVG document of the same board: checkered squares (a1 dark), holes dark grey, the
// piece as a labelled circle, friends and enemies as small labelled discs, move targets as dots,
// captures as rings, locust victims crossed out, e.p. targets as hollow dots, coordinates on the
// edges. `caption` (if not empty) is written under the board.
std::string diagramSvg(const DiagramInput& in, const std::string& caption = "");

}  // namespace timur::betza
