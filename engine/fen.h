// FEN in and out for any variant: the one reader of FEN text, used by Position::setFen, by the
// loader for a variant's start position and setups, and for the derived start board.
//
// It knows only the variant (board, piece letters, rules, derived data); it builds no Position.
#pragma once

#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "engine/variant.h"

namespace timur {

// A FEN that does not fit the variant; what() says what is wrong and where ("FEN rank 3 has ...").
class FenError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// A position as a FEN describes it: plain data, no hashes or piece lists.
struct FenPosition {
    // Once-per-game rights (Tamerlane's King swap 'K' and citadel exchange 'X'), bits of rights[c].
    enum Right : std::uint8_t { kSwapRight = 1, kExchangeRight = 2 };

    std::array<Piece, kMaxSquares> squares{};
    SquareSet promoted;  // '~': reverts to the demoted pawn when captured into hand
    SquareSet unmoved;   // never moved: initial moves and castling partners
    std::array<std::array<int, kMaxPieceTypes>, 2> hands{};
    Color side = White;
    std::array<std::uint8_t, 2> rights{};
    // As written: one square, or several run together ("e7e8") for a lame move that passed more
    // than one; whether anyone can capture there is the position's business.
    std::vector<int> epSquares;
    int halfmoveClock = 0, fullmove = 1;
};

// How freely a FEN may be written. A variant file's is canonical: the board, one space, the side
// to move; holdings in brackets, '-' only for none, no '~' in them. A GUI's may omit the side
// (White), space its fields freely and write holdings as an extra rank (Fairy-Stockfish's
// "rnbqkbnr/.../RNBQKBNR/Qq"), with '-' and '~' in them ignored.
enum class FenStyle : std::uint8_t { Strict, Lenient };

// The board, holdings and side to move; the fields after them are not looked at. Needs only the
// board and the pieces of the variant, so the loader reads its FENs before the rules.
FenPosition readFenBoard(const Variant& v, std::string_view fen, FenStyle style);

// The whole FEN of a concluded variant (Variant::conclude()), as readFenBoard (Lenient) and then
// rights, e.p. square and move counters, with
// unmoved pieces marked: those on their start square with initial moves of their own, and the
// castling partners the rights name.
FenPosition readFen(const Variant& v, std::string_view fen);

std::string writeFen(const Variant& v, const FenPosition& pos);

}  // namespace timur
