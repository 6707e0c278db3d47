// Which pieces a bitboard move generator can move without walking their path trees.
//
// classify() rewrites a piece's moves as plain paths: optionally some squares that must be empty
// (the gate: the first legs of a bent rider such as the giraffe, the square a lame leaper passes
// over), then a straight ride of one step vector from a relay square, ending after a range of
// steps on a square whose occupancy the modes accept. A leaper is a ride of exactly one step; a
// rook four rides; a pawn's double step a move-only ride of exactly two single steps that creates
// e.p. rights on the square it passes. A plain hopper (XBetza p: the xiangqi cannon's mRcpR) is
// a ride too, one that passes over exactly one occupied square of either side (its screen) and
// goes on beyond it as a rider, without limit. Anything else (grasshoppers and hoppers that land
// within a range beyond the screen, hops over one side's pieces only, locusts, tame or unload
// legs, rides that jump or wrap, circular and crooked shapes, repeated groups, destroying
// friends, XBetza ii) keeps the piece on the path-tree walker; so does a path the rewriting could
// get subtly wrong (one passing over its own start square, an e.p.-creating move that another
// path also reaches). The rewriting is exact: tests/classify_test.cpp checks it against the
// walker.
//
// Paths are in White's view (+y forward); Black's are the same turned by 180 degrees (every
// offset negated), as compile.cpp turns directions. Castling (O) moves are not paths: the
// compiler records them on their own and the generator makes them from that record.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "notation/ast.h"

namespace timur::betza {

struct Offset {
    int dx = 0, dy = 0;
    bool operator==(const Offset&) const = default;
};

struct FastPath {
    std::vector<Offset> gate;  // squares (from the start) that must be empty board squares
    Offset relay;              // where the ride starts: (0, 0), or the gate's last square
    Offset step;               // the ride's step vector
    int minSteps = 1;          // the move may end after minSteps..maxSteps steps,
    int maxSteps = 1;          // 0 = unlimited; every square before its end must be empty
    ModeMask modes = 0;        // kModeEmpty, kModeCaptureEnemy and/or kModeEnPassant
    bool initial = false;      // only for a piece that never moved (i)
    // A non-capture that ends here gives e.p. rights on the square before its end (to - step).
    bool createsEp = false;
    // 1: a hopper. Then minSteps..maxSteps say where its screen may stand: the ride passes over
    // empty squares to the first occupied one (of either side), which must lie after
    // minSteps..maxSteps steps, hops over it and may end on any square beyond, up to and
    // including the next occupied one (modes: on an empty square, capturing an enemy).
    int hurdles = 0;

    bool isLeap() const { return maxSteps == 1 && hurdles == 0; }
    bool isPlain() const { return gate.empty() && relay == Offset{}; }
    bool operator==(const FastPath&) const = default;
};

struct FastPattern {
    std::vector<FastPath> paths;
    bool operator==(const FastPattern&) const = default;
};

// The piece's moves as plain paths, or nullopt when some move needs the walker; then *whyNot
// (if given) says which construct.
std::optional<FastPattern> classify(const PieceMoves& piece, std::string* whyNot = nullptr);

}  // namespace timur::betza
