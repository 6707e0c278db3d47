// Move tables: a piece's moves compiled against a board, square by square.
//
// For every square and colour the compiler lays out the piece's paths as a tree flattened in
// depth-first order. Each node names one square and says, by the occupancy class of that square,
// whether a move ends there and whether the path goes on into the node's children. Board edges,
// holes, wrap-around, lame and hopping conditions and relative leg directions are all resolved
// here, so a generator only walks the array and tests occupancy: no allocation, no branching on
// notation. The node for the square where the walk cannot continue jumps to `skip`.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "notation/ast.h"
#include "notation/geometry.h"

namespace timur::betza {

// Occupancy class of a square, relative to the side that moves.
constexpr std::uint8_t kOccEmpty = 1, kOccEnemy = 2, kOccFriend = 4;
constexpr std::uint8_t kOccAny = kOccEmpty | kOccEnemy | kOccFriend;
constexpr std::uint8_t kOccOccupied = kOccEnemy | kOccFriend;

// A move may end on its own start square: the node's `sq` is then the origin and its emit class is
// kOccFriend (the mover stands there). With locust victims it is a capture that returns (the Chu
// lion's igui, mcabK); without, it is a pass, flagged kNodeNullMove.
enum NodeFlag : std::uint8_t {
    kNodeEnPassant = 1 << 0,  // a move also ends here if the square is the empty e.p. square
    kNodeTame = 1 << 1,       // a move ending here may not capture (or destroy) a royal
    kNodeCreatesEp = 1 << 2,  // a non-capture ending here gives e.p. rights on square `aux`
    // u: the piece this move captures - the occupant of `sq` if it is one, else the one locust
    // victim - is not removed but put on square `aux` (never `sq` nor the victim's square).
    kNodeUnload = 1 << 3,
    kNodeNullMove = 1 << 4,  // the move ends on its own start square, capturing nothing (a pass)
};

struct PathNode {
    std::uint8_t sq;
    std::uint8_t emit;        // occupancy classes for which a move ends here
    std::uint8_t pass;        // occupancy classes for which the walk enters the children
    std::uint8_t locust;      // classes (within pass) for which the occupant is captured on the way
    std::uint8_t flags;       // NodeFlag
    std::uint8_t victimSlot;  // index of this node's locust victim in the walker's victim list
    std::uint8_t aux;         // e.p. square created, or unload square
    std::uint8_t pad = 0;
    std::uint32_t skip;  // index of the first node after this node's subtree
};
static_assert(sizeof(PathNode) == 12);

// The node ranges of one square: [begin, initial) normal moves, [initial, initial2) moves of a
// piece that never moved (i), [initial2, end) moves of a piece one rank ahead of its start (ii).
struct SquareRange {
    std::uint32_t begin = 0, initial = 0, initial2 = 0, end = 0;
};

struct CastlingMove {
    int distance = 2;    // squares the royal moves
    bool inner = false;  // jO: the partner stands one square in from the edge
};

struct CompiledPiece {
    std::vector<PathNode> nodes;
    std::array<std::vector<SquareRange>, 2> ranges;  // [colour][square]
    std::optional<CastlingMove> castling;
    std::optional<DropRule> drop;
    int maxVictims = 0;         // the most locust victims any path records
    bool mayDuplicate = false;  // two paths can give the same move: a generator must dedupe
    bool hasLocust = false;
    bool hasEnPassant = false;  // some path ends with an e.p. capture
    bool createsEp = false;     // some path creates e.p. rights
    bool hasUnload = false;     // some node has kNodeUnload
    bool hasPass = false;       // some node has kNodeNullMove
    // Squares from which this piece might capture on a square, on any occupancy: [colour][to].
    // Used to look for attackers of a square without walking every piece.
    std::array<std::vector<SquareSet>, 2> attackersOf;
    // Squares whose occupancy can decide whether this piece captures on a square: every square
    // on a path (other than its start) that ends in a capture on it: [colour][to]. A move that
    // changes none of these squares cannot change this piece's attacks on `to`.
    std::array<std::vector<SquareSet>, 2> pathsTo;
    // Some path needs an occupied square to go on (hoppers, must-jump leapers): then putting a
    // piece on a path square can create an attack, not only vacating one.
    bool needsOccupied = false;

    // Memory held by the tables, in bytes.
    std::size_t bytes() const {
        std::size_t n = sizeof(*this) + nodes.capacity() * sizeof(PathNode);
        for (int c = 0; c < 2; ++c)
            n += ranges[c].capacity() * sizeof(SquareRange) +
                 (attackersOf[c].capacity() + pathsTo[c].capacity()) * sizeof(SquareSet);
        return n;
    }
};

// Kinds of move a table may hold that a move generator has to implement on purpose. compile()
// refuses a piece that needs a kind its caller did not accept, so a generator that does not know
// a kind never plays such moves wrongly.
enum TableFeature : std::uint8_t {
    kFeatureUnload = 1 << 0,  // kNodeUnload (XBetza u)
};
constexpr std::uint8_t kAllTableFeatures = kFeatureUnload;

// What the piece may do from one square and colour: which moves and where it may end. `allowed`
// is the set of squares a move may end on (confinement; empty set = everywhere).
struct CompileInput {
    const PieceMoves* moves = nullptr;  // used on every square unless `movesAt` says otherwise
    // Per colour and square, the moves to use there (zone-dependent moves); may be empty.
    std::array<std::vector<const PieceMoves*>, 2> movesAt;
    std::array<SquareSet, 2> allowed;
    // Further moves from the squares of a set, made only along it: for them every square outside
    // the set is a hole (janggi's palace diagonals). They join the moves of those squares.
    struct Within {
        const PieceMoves* moves = nullptr;
        std::array<SquareSet, 2> squares;  // [colour]
    };
    std::vector<Within> within;
    std::uint8_t accepts = 0;  // TableFeature bits the caller's generator implements
};

// Throws ParseError-free std::invalid_argument for a move the compiler does not support.
CompiledPiece compile(const CompileInput& input, const Geometry& board);
CompiledPiece compile(const PieceMoves& moves, const Geometry& board, std::uint8_t accepts = 0);

// The step vector of slot `slot` of `atom` (White's view), for Step and King atoms.
std::pair<int, int> slotVector(const Atom& atom, int slot);

}  // namespace timur::betza
