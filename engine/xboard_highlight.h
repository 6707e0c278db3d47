// A person's move in XBoard, square by square (CECP `feature highlight=1`, for engine-defined
// variants, whose rules XBoard does not know). XBoard reports `lift SQ` when a piece is picked
// up, `put SQ` when it is put down (and before a promotion), `hover SQ` when the pointer enters
// a red square. The engine answers with `highlight COLORFEN`, marking where the piece may go:
//   Y  a move              R  a capture (XBoard then sends `hover`)
//   B  a move with one promotion result: on `put` there the engine names it with `choice X`
//   M  a promotion with a choice: `choice XYZ` restricts XBoard's selection to the legal ones
//   C  the first leg of a two-leg move (a relocation through its arrival square): XBoard then
//      sends `put SQ` and `lift SQ`, and the second leg's targets are marked
// and, on `hover` over an en-passant capture, the victim in lower-case `g` (not a target).
// Own pieces marked as targets (a King swap's partners) are moves, not a change of selection.
// XBoard honours `choice` only with legality testing off.
#pragma once

#include <string>
#include <vector>

#include "engine/position.h"
#include "engine/xboard_dialect.h"

namespace timur::protocol {

class XBoardHighlights {
  public:
    // The lines to send for `lift`, `put` and `hover` SQUARE in position `pos`.
    std::vector<std::string> lift(Position& pos, const XBoardMoves& moves,
                                  const std::string& square);
    std::vector<std::string> put(Position& pos, const XBoardMoves& moves,
                                 const std::string& square);
    std::vector<std::string> hover(Position& pos, const XBoardMoves& moves,
                                   const std::string& square);
    // A new position: what was lifted is forgotten.
    void reset() { from_ = kill_ = lastPut_ = -1; }

  private:
    // Each square's mark (0: none) for the moves of the lifted piece, through kill_ if set.
    std::vector<char> marks(Position& pos, const XBoardMoves& moves) const;
    std::string colorFen(const Geometry& g, const std::vector<char>& marks) const;

    int from_ = -1;     // the lifted piece's square; -2: a piece in hand
    int kill_ = -1;     // the first leg's square, once XBoard reported it
    int lastPut_ = -1;  // XBoard sends `put X` then `lift X` for a first leg
};

}  // namespace timur::protocol
