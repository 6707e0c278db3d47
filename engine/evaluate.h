// Static evaluation for the simple search: material from piece values, plus small terms for
// pawn advance and centralisation. Works for any variant from its data alone.
#pragma once

#include <array>
#include <memory>
#include <vector>

#include "engine/position.h"

namespace timur {

// A rough centipawn value of a piece derived from its compiled move table: the average number
// of squares it reaches (moving or capturing) on an empty board, scaled so that chess comes out
// near N 260, B 380, R 550, Q 840. Pawn-like pieces (those that promote) are worth 100; royal
// pieces 0 (losing them ends the game instead).
int derivedPieceValue(const Variant& variant, PieceType type);

// PieceSpec::value when the variant sets it, else derivedPieceValue.
int pieceValue(const Variant& variant, PieceType type);

class Evaluator {
  public:
    explicit Evaluator(std::shared_ptr<const Variant> variant);

    // Centipawns from the side to move's point of view.
    int evaluate(const Position& pos) const;
    int value(PieceType t) const { return values_[t]; }
    // Value of whatever a move captures plus what it promotes to (for move ordering).
    int gain(const Position& pos, const Move& m) const;

  private:
    std::shared_ptr<const Variant> variant_;
    std::array<int, kMaxPieceTypes> values_{};
    // [colour][type][square]: value plus positional bonus of the piece standing there.
    std::array<std::vector<std::array<int, kMaxSquares>>, 2> table_;
};

}  // namespace timur
