// Move generation from the compiled tables, attack detection and legality.
#pragma once

#include <string>

#include "engine/move.h"
#include "engine/position.h"

namespace timur {

// Every move the side to move's pieces may make by their tables, plus castling, drops and
// promotions, before testing whether it leaves a royal attacked.
void generatePseudo(const Position& pos, MoveList& out);

// The legal moves of the side to move (none once the game ended by a move, as a citadel entry).
void generateLegal(Position& pos, MoveList& out);

// Whether a pseudo-legal move leaves the mover's royals safe (made, tested and taken back).
bool isLegalMove(Position& pos, const Move& m);

// Moves outside the Betza tables (special_moves.cpp): the parked pieces' placements and the
// once-per-game swap, appended to `legal` (which holds the other legal moves) if legal.
void generatePlacements(Position& pos, MoveList& legal);
void generateSwaps(Position& pos, MoveList& legal);

// Whether side `by` could capture a royal standing on `sq` (the square's real content is ignored).
bool isAttacked(const Position& pos, int sq, Color by);

// Whether side c's royals are in the danger the variant's check rule forbids (after c moved).
bool royalsInDanger(const Position& pos, Color c);

// Whether the side to move has a royal under attack (is "in check").
bool inCheck(const Position& pos);

// Move text: from-square + to-square with 1-based ranks (e2e4, h10g8), a promotion as a lower-case
// letter suffix (or '+' for a shogi-style promotion), a drop as P@e4, locust victims written
// between from and to (c3d4e5 jumps from c3 over d4 to e5 and captures on d4).
// With letterForForcedPromotion a forced single promotion keeps its letter (f7f8q in shatranj),
// as other engines expect it.
std::string moveText(const Position& pos, const Move& m, bool letterForForcedPromotion = false);

// The legal move whose text is `text`, or a null Move.
Move parseMove(Position& pos, const std::string& text);

}  // namespace timur
