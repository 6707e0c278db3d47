// The board a piece is compiled for: its size, its holes, and square naming.
#pragma once

#include <bitset>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace timur {

constexpr int kMaxFiles = 16;
constexpr int kMaxRanks = 16;
constexpr int kMaxSquares = kMaxFiles * kMaxRanks;
constexpr std::uint8_t kNoSquare = 0xFF;  // only safe as "none" where a 256-square board is not
                                          // possible for that field; see Geometry::noSquare()

// A set of squares of a board (index = rank * files + file).
using SquareSet = std::bitset<kMaxSquares>;

struct Geometry {
    int files = 8;
    int ranks = 8;
    SquareSet holes;  // grid cells that are not squares: nothing may stand on or pass over them

    int squareCount() const { return files * ranks; }
    int square(int file, int rank) const { return rank * files + file; }
    int fileOf(int sq) const { return sq % files; }
    int rankOf(int sq) const { return sq / files; }
    bool inside(int file, int rank) const {
        return file >= 0 && file < files && rank >= 0 && rank < ranks;
    }
    bool isSquare(int file, int rank) const {
        return inside(file, rank) && !holes[square(file, rank)];
    }
    // The square seen from the other side: turned by 180 degrees.
    int rotate(int sq) const { return squareCount() - 1 - sq; }

    // "a1", "k10", "p16". Files a..p, ranks 1-based.
    std::string name(int sq) const;
    // The square named (file letter + 1-based rank), or nullopt if malformed or off the grid.
    std::optional<int> parse(std::string_view name) const;
};

}  // namespace timur
