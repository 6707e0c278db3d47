// A move of any variant in 8 bytes: cheap to copy, store and compare.
#pragma once

#include <cstdint>
#include <cstring>

#include "engine/variant.h"

namespace timur {

enum class MoveKind : std::uint8_t {
    Normal,           // from -> to, capturing what stands on `to` and any locust victims
    EnPassant,        // from -> to (empty), capturing the piece on `aux`
    Castling,         // the royal from -> to, the partner from `aux` to the square next to it
    Drop,             // a piece of type `aux` leaves the hand and appears as type `promo` on `to`
                      // (the two differ when a piece is dropped on its promoted side)
    Swap,             // the pieces on `from` and `to` exchange places (King swap)
    Placement,        // the parked piece on `from` is put on `to`, becoming type `promo`
    CitadelExchange,  // the royal on `from` enters the citadel `to`; the royal on `aux` and it
                      // then exchange places
};

enum MoveFlag : std::uint8_t {
    kMoveVictimMask = 3,      // bits 0-1: number of locust victims (0..2)
    kMoveCreatesEp = 1 << 2,  // a Normal move that gives e.p. rights on square `aux` (and on the
                              // squares it passed before it)
    kMoveEndsGame = 1 << 3,   // entering the enemy citadel: the game is over
    kMoveRelocate = 1 << 4,   // the promoted piece goes to `aux` instead of `to`
    kMovePass = 1 << 5,       // a Normal move from == to that captures nothing: a pass (it must
                              // differ from the null Move{} even on square 0)
    kMoveUnload = 1 << 6,     // XBetza u: the piece the move takes (on `to`, else victim[0]) is
                              // put on `aux` instead of leaving the board
    kMoveGate = 1 << 7,       // gating: a piece of type victim[1] enters from hand on the square
                              // the mover left (castling: on victim[0], the king's or rook's)
};

struct Move {
    std::uint8_t from = 0, to = 0;
    MoveKind kind = MoveKind::Normal;
    PieceType promo = kNoPieceType;  // promotion type; for a drop, the type dropped
    std::uint8_t victim[2] = {0, 0};
    std::uint8_t aux = 0;
    std::uint8_t flags = 0;

    int victimCount() const { return flags & kMoveVictimMask; }
    bool operator==(const Move& o) const { return std::memcmp(this, &o, sizeof(Move)) == 0; }
    bool isNull() const { return *this == Move{}; }
};
static_assert(sizeof(Move) == 8);

constexpr int kMaxMoves = 2048;

// A fixed-capacity list: generating moves never allocates, and a new list leaves its storage
// uninitialised (zeroing 16 KiB per node would cost more than generating the moves).
struct MoveList {
    MoveList() {}
    union {
        Move moves[kMaxMoves];
    };
    int size = 0;

    void push(const Move& m) {
        if (size < kMaxMoves) moves[size++] = m;
    }
    const Move* begin() const { return moves; }
    const Move* end() const { return moves + size; }
    Move& operator[](int i) { return moves[i]; }
    const Move& operator[](int i) const { return moves[i]; }
};

}  // namespace timur
