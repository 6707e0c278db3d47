// Sides, piece types and the piece codes a board holds: the vocabulary the variant model, its
// derived data and the position share.
#pragma once

#include <cstdint>

namespace timur {

enum Color : std::uint8_t { White = 0, Black = 1 };
constexpr Color operator~(Color c) {
    return Color(c ^ 1);
}

using PieceType = std::uint8_t;  // index into Variant::pieces
constexpr PieceType kNoPieceType = 0xFF;
constexpr int kMaxPieceTypes = 64;

// A piece on the board: 0 = none, else 1 + type + 64 * colour.
using Piece = std::uint8_t;
constexpr Piece kNoPiece = 0;
constexpr Piece makePiece(Color c, PieceType t) {
    return Piece(1 + t + 64 * c);
}
constexpr PieceType typeOf(Piece p) {
    return PieceType((p - 1) & 63);
}
constexpr Color colorOf(Piece p) {
    return Color((p - 1) >> 6);
}

}  // namespace timur
