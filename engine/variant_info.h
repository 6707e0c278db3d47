// What the engine derives once from a loaded variant (Variant::conclude(), at the end of
// loading): piece codes, FEN letters, per-type flags and per-square facts the move generator and
// the FEN code look up in their hot paths. Owned by the Variant (Variant::info); a Position
// hands it out as info().
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "engine/piece.h"
#include "notation/geometry.h"

namespace timur {

struct VariantInfo {
    int typeCount = 0;
    std::vector<PieceType> royalTypes;
    std::array<bool, kMaxPieceTypes> isRoyal{};
    std::array<bool, kMaxPieceTypes> hasInitialMoves{};
    // [type]: unmoved only by a FEN right (PieceSpec::firstMoveRight): arriving on its start
    // square does not mark it unmoved.
    std::array<bool, kMaxPieceTypes> unmovedByRight{};
    std::array<bool, kMaxPieceTypes> initialNotInCheck{};  // PieceSpec::initialNotInCheck
    bool anyInitialNotInCheck = false;
    // [type]: a piece of this type, arriving, may take an enemy's first-move right
    // (PieceSpec::rightLostWhenAimedBy).
    std::array<bool, kMaxPieceTypes> aimsAtRights{};
    // [type]: the piece has pieces it may not capture or pass over (PieceSpec::mayNotCapture,
    // mayNotPassOver): its paths test each occupant's type.
    std::array<bool, kMaxPieceTypes> walled{};
    std::array<bool, kMaxPieceTypes> resetsClock{};  // pawn-like: its moves reset the n-move count
    std::array<Piece, kMaxSquares> startBoard{};     // the start position's pieces
    // [type]: indices into rules.promotions of the rules that promote this type.
    std::array<std::vector<int>, kMaxPieceTypes> promotionRules;
    // [type]: pawn-like: it promotes, and every normal move goes exactly one rank forward (a
    // chess, shogi or Tamerlane pawn; not a shogi knight, lance or rook, which promote too). The
    // evaluation values these as pawns and gives them the pawn-structure terms.
    std::array<bool, kMaxPieceTypes> pawnLike{};
    // [type]: all ones for a pawn-like type, else 0: the pieces whose Zobrist keys
    // Position::pawnHash takes in, the key of the evaluation's pawn cache.
    std::array<std::uint64_t, kMaxPieceTypes> pawnHashMask{};
    PieceType demotedPawn = kNoPieceType;  // what a '~' promoted piece reverts to in hand
    // [rule][colour]: the relocation square of promotion rule `rule` (relocateTo), or -1.
    std::vector<std::array<int, 2>> relocation;
    // [type]: every promotion of this type is forced and has one result: moves need no suffix.
    std::array<bool, kMaxPieceTypes> forcedPromotion{};
    // Some promotion rule is a move of its own (PromotionRule::inPlace): generateLegal adds them.
    bool inPlacePromotions = false;
    SquareSet citadels;  // all citadel squares of both sides
    // [type][colour]: squares where a piece of the type cannot be captured (immune).
    std::array<std::array<SquareSet, 2>, kMaxPieceTypes> immune{};
    bool anyImmune = false;
    // Some piece may destroy a piece of its own side (XBetza d) on its destination or on the way.
    bool destroysFriends = false;
    // [type]: a capture of such a piece is limited by rules.protectedVictims or
    // rules.counterstrike, so it is made and tested (captureLimited).
    std::bitset<kMaxPieceTypes> limitedVictims;
    // Some lame move passes more than one square: e.p. rights on each (Position::addPassedEp).
    bool multiSquareEp = false;
    // A pass right after a pass ends the game (rules.pass twiceInARow): the position after a
    // pass is another than the same board reached by a move, and its hash says so.
    bool hashesPass = false;
    // [type][colour]: squares from which the piece has no move at all on an empty board; a
    // piece may not be left there unless it promotes.
    std::array<std::array<SquareSet, 2>, kMaxPieceTypes> deadSquares{};
    // Occupancy class (betza::kOcc*) of each piece code seen from each side; [side][piece].
    std::array<std::array<std::uint8_t, 130>, 2> occClass{};

    // The FEN letters of every piece of both sides ("R", "r'", "+p").
    std::vector<std::pair<std::string, Piece>> letters;
    // How a FEN writes the piece ("Q~" when promoted).
    std::string pieceText(Piece p, bool promoted) const;
};

}  // namespace timur
