// What the engine derives once from a loaded variant: piece codes, FEN letters, per-type flags
// and per-square facts the move generator and FEN code look up in their hot paths.
#pragma once

#include <array>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include "engine/variant.h"

namespace timur {

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

struct VariantInfo {
    std::shared_ptr<const Variant> variant;
    int typeCount = 0;
    std::vector<PieceType> royalTypes;
    std::array<bool, kMaxPieceTypes> isRoyal{};
    std::array<bool, kMaxPieceTypes> hasInitialMoves{};
    std::array<bool, kMaxPieceTypes> resetsClock{};  // pawn-like: its moves reset the n-move count
    std::array<Piece, kMaxSquares> startBoard{};     // the start position's pieces
    // [type]: indices into rules.promotions of the rules that promote this type.
    std::array<std::vector<int>, kMaxPieceTypes> promotionRules;
    PieceType demotedPawn = kNoPieceType;
    // [rule][colour]: the relocation square of promotion rule `rule` (relocateTo), or -1.
    std::vector<std::array<int, 2>> relocation;
    // [type]: every promotion of this type is forced and has one result: moves need no suffix.
    std::array<bool, kMaxPieceTypes> forcedPromotion{};
    SquareSet citadels;  // all citadel squares of both sides
    // [type][colour]: squares where a piece of the type cannot be captured (immune).
    std::array<std::array<SquareSet, 2>, kMaxPieceTypes> immune{};
    bool anyImmune = false;  // what a '~' promoted piece reverts to in hand
    // [type][colour]: squares from which the piece has no move at all on an empty board; a
    // piece may not be left there unless it promotes.
    std::array<std::array<SquareSet, 2>, kMaxPieceTypes> deadSquares{};
    // Occupancy class (betza::kOcc*) of each piece code seen from each side; [side][piece].
    std::array<std::array<std::uint8_t, 130>, 2> occClass{};

    // The piece written at text[pos] ("R", "r'", "+P", "Q~"): its length, code and '~' flag.
    // Length 0 if no piece letter of this variant starts there.
    std::tuple<size_t, Piece, bool> readPiece(const std::string& text, size_t pos) const;
    std::string pieceText(Piece p, bool promoted) const;

    static const VariantInfo& of(const std::shared_ptr<const Variant>& variant);

    std::vector<std::pair<std::string, Piece>>
        letters;  // FEN letters of every piece, longest first
};

}  // namespace timur
