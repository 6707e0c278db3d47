// The one internal form of a piece's moves, shared by every Betza dialect.
//
// A piece is a set of moves; a move is a sequence of legs. Each parser (xbetza.cpp, bfn.cpp,
// bex.cpp) produces this form; compile.cpp turns it into per-square move tables for a board;
// xbetza_writer.cpp writes it back as canonical XBetza. Nothing here knows about positions.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace timur::betza {

enum class Dialect : std::uint8_t { XBetza, Bfn, Bex };

// Direction numbering. Every atom has up to 8 "slots", numbered clockwise starting at forward.
//  - 4-fold orthogonal atoms (W D H, R, (0,n)) use slots 0 f, 2 r, 4 b, 6 l.
//  - 4-fold diagonal atoms (F A G, B, (n,n)) use slots 1 fr, 3 br, 5 bl, 7 fl.
//  - King-like atoms (K, Q) use all 8 slots in that same K-system.
//  - Oblique atoms (a,b) with 0 < a < b (N C Z, (1,4) ...) use all 8 slots for their 8 vectors,
//    clockwise from just right of forward: 0 (a,b), 1 (b,a), 2 (b,-a), 3 (a,-b), 4 (-a,-b),
//    5 (-b,-a), 6 (-b,a), 7 (-a,b).
// Vectors are (dx, dy) from White's point of view: +y is forward, +x is to White's right.
// Black's absolute directions are White's turned by 180 degrees: slot s becomes slot (s + 4) % 8.
using DirMask = std::uint8_t;  // bit s = slot s
constexpr DirMask kAllDirs = 0xFF;

// Relative directions of later legs use the K-system relative to the previous leg's direction:
// 0 straight on (f), 1 fr, 2 r, 3 br, 4 back (b), 5 bl, 6 l, 7 fl. Turning by k means moving k
// slots clockwise; for 4-fold atoms an odd turn converts the atom (W<->F, D<->A, R<->B, ...).

enum class AtomKind : std::uint8_t {
    Step,  // a leaper vector (x, y), 0 <= x <= y: W (0,1), F (1,1), N (1,2), ... and riders of it
    King,  // K: the 8 directions of W and F together (Q is a King rider)
    Universal,  // U: may go to any square of the board
    Castling,   // O<n>: castling, the royal moves n squares towards a partner at the edge
    Null,       // Bex O: a null move (stay on the square)
};

struct Atom {
    AtomKind kind = AtomKind::Step;
    std::int8_t x = 0, y = 1;  // for Step: canonical vector with 0 <= x <= y

    bool isOrthogonal() const { return kind == AtomKind::Step && x == 0; }
    bool isDiagonal() const { return kind == AtomKind::Step && x == y; }
    bool isOblique() const { return kind == AtomKind::Step && x != 0 && x != y; }
    bool isEightFold() const { return kind == AtomKind::King || isOblique(); }
    // The slots this atom has (see the numbering above).
    DirMask slots() const {
        if (kind == AtomKind::King || isOblique()) return 0xFF;
        if (isOrthogonal()) return 0x55;
        if (isDiagonal()) return 0xAA;
        return 0;
    }
    bool operator==(const Atom&) const = default;
};

// What a leg accepts on the square where it ends. Several bits = union.
enum Mode : std::uint8_t {
    kModeEmpty = 1 << 0,          // m: an empty square
    kModeCaptureEnemy = 1 << 1,   // c: an enemy, which is captured (on a non-final leg: locust)
    kModeCaptureFriend = 1 << 2,  // d: an own piece, which is destroyed
    kModeHopEnemy = 1 << 3,       // p (non-final leg): an enemy, which stays; the move goes on
    kModeHopFriend = 1 << 4,      // p (non-final leg): an own piece, which stays; the move goes on
    kModeEnPassant = 1 << 5,      // e (final leg): the empty en-passant square, capturing its maker
};
using ModeMask = std::uint8_t;
constexpr ModeMask kModeDefaultFinal = kModeEmpty | kModeCaptureEnemy;  // no m/c/d/e written
constexpr ModeMask kModeDefaultRelay = kModeEmpty;                      // non-final leg default

// What happens to the squares a leg passes over *between* its steps (riders) or inside one step
// (the square half-way along a leaper's vector, as XBoard's n and j define it).
enum class Pass : std::uint8_t {
    Leap,      // leaper default: what lies between does not matter
    Lame,      // n: the half-way square of each step must be empty (xiangqi horse nN)
    MustJump,  // j on a leaper: the half-way square must be occupied
};

// How the successive steps of a rider leg are oriented (single-leg moves only).
enum class Shape : std::uint8_t {
    Straight,  // every step in the same direction (normal rider)
    Circular,  // q: each step turns the same way, 45 degrees for 8-fold atoms (the rose qN, qK),
               // 90 for 4-fold ones (qW, qF); at most 7 (3) steps, the next would be home
    Crooked,   // z: steps turn left and right alternately (zig-zag, zR)
};

// XBetza q / z on a later leg (H.G. Muller's extension, read by the Interactive Diagram): the
// leg's 45/90/135 degree turns (its dirs hold both senses, as s does) are narrowed to the sense
// of the last turn the move made before it: q the same sense, z the other one. Until the move has
// turned, both senses remain (q = z = s). An oblique first leg has a sense of its own: it turns
// right when its slot is even ((1,2) from forward), left when odd (g1-f3 is a left move).
enum class Bend : std::uint8_t { Free, Same, Opposite };

constexpr int kUnlimited = 0;  // maxRange value for an unlimited rider

struct Leg {
    Atom atom;
    // First leg: absolute slots. Later legs: relative K-system turns. Parsers always fill this in
    // (the defaults of section 4.3 of spec/betza.md are resolved by the parser).
    DirMask dirs = kAllDirs;
    // Chiral direction sets (XBetza hr/hl on oblique atoms) are plain slot masks and need no flag.
    std::uint8_t minRange = 1;  // the leg makes at least this many steps
    std::uint8_t maxRange = 1;  // at most this many; kUnlimited = no limit
    ModeMask mode = kModeDefaultFinal;
    Pass pass = Pass::Leap;
    Shape shape = Shape::Straight;
    // Riders: how many occupied squares the leg may pass over before it ends (BFN j = 1, jj =
    // unlimited, written as kUnlimited via jumpAny). 0 = it stops at the first occupied square.
    std::uint8_t maxJumps = 0;
    bool jumpAny = false;
    // XBetza j on a slider: the first `skipFirst` squares are skipped whatever they hold (jR, jjR).
    std::uint8_t skipFirst = 0;
    Bend bend = Bend::Free;  // later legs: XBetza q / z
    bool cylinder = false;   // o: files wrap around
    // t on a final leg: the move may not capture (or, with d, destroy) a royal piece of either
    // side, as XBoard tests it. (t with p/g is not this flag: it is a hop over own pieces only,
    // Mode kModeHopFriend.)
    bool tame = false;
    // u (XBoard, after 4.9.1): the one piece the move captures or destroys (on its destination
    // or as a locust victim) is not removed but reappears on this leg's start square: ucR swaps
    // places with an enemy; afudQ jumps a friend it meets on a queen line back onto a square it
    // passed. At most one leg of a move has it, and at most one leg of such a move captures
    // (checked by the parser).
    bool unload = false;
    // Betza 2.0 / Bex: a leg after which the move may also stop (the `?` of bracket chains).
    bool mayStopHere = false;
    bool operator==(const Leg&) const = default;
};

// A group of consecutive legs that repeats ((W-F)0 mao rider, Bex (..)* and N*). Every repetition
// makes exactly the same steps (the same vectors) as the first pass through the group, so
// (mW-F)* rides along one lame-knight vector like a nightrider.
struct Repeat {
    std::uint8_t firstLeg = 0, lastLeg = 0;  // inclusive leg indices
    std::uint8_t minTimes = 1;
    std::uint8_t maxTimes = kUnlimited;  // kUnlimited = as often as the board allows
    bool operator==(const Repeat&) const = default;
};

struct Move {
    std::vector<Leg> legs;
    std::uint8_t initial = 0;  // 1 = i (only a piece that never moved), 2 = ii (one rank ahead)
    std::optional<Repeat> repeat;
    // Castling (AtomKind::Castling on the only leg): jO castles with the piece one square in.
    bool castleInner = false;
    bool operator==(const Move&) const = default;
};

// The @ suffix: where and how a piece may be dropped from hand.
struct DropRule {
    // How many ranks, counted from the dropping side's own first rank, the piece may be dropped
    // on; 0 = the whole board.
    std::uint8_t depth = 0;
    bool notOnFirstRank = false;    // j@: the own first rank is excluded
    std::uint8_t maxPerFile = 0;    // f@ = 1 (nifu), ff@ = 2; 0 = no limit
    std::uint8_t maxPerColour = 0;  // s@: on squares of one colour; 0 = no limit
    std::uint8_t maxOnBoard = 0;    // b@: only while fewer than this many are on the board
    bool operator==(const DropRule&) const = default;
};

struct PieceMoves {
    std::vector<Move> moves;
    std::optional<DropRule> drop;
    bool royal = false;                   // Bex y
    std::vector<std::string> promotions;  // Bex =Q,R,B,N
    bool operator==(const PieceMoves&) const = default;
};

// A parse error: the 1-based column of the offending character and what was expected there.
class ParseError : public std::runtime_error {
  public:
    ParseError(int column, const std::string& message)
        : std::runtime_error("column " + std::to_string(column) + ": " + message),
          column_(column),
          detail_(message) {}
    int column() const { return column_; }
    const std::string& detail() const { return detail_; }

  private:
    int column_;
    std::string detail_;
};

}  // namespace timur::betza
