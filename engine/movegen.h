// Move generation from the compiled tables, attack detection and legality.
#pragma once

#include <string>

#include "engine/move.h"
#include "engine/position.h"

namespace timur {

// Which of the moves a generator produces, for a search that looks at captures first and at
// quiet moves only if it must. Captures: every move that captures (on its target square,
// locust victims on the way, en passant), every promotion (capturing or not), and a placement
// that removes a piece; Quiets: all the others (castling, drops, swaps, citadel entries and
// exchanges that capture nothing). The two split All exactly; isCaptureOrPromotion tells which
// side a move is on.
enum class GenType : std::uint8_t { Captures, Quiets, All };

// Every move of type `type` the side to move's pieces may make by their tables, plus castling,
// drops and promotions, before testing whether it leaves a royal attacked. Appends to `out`.
void generatePseudo(const Position& pos, MoveList& out, GenType type = GenType::All);

// generatePseudo (GenType::All) without the moves of the pieces standing on `skip`; castling
// and drops stay (for counting the others' moves apart, engine/movegen_bitboards.h).
void generatePseudoExcept(const Position& pos, MoveList& out, const SquareSet& skip);

// The legal moves of type `type` of the side to move (none once the game ended by a move, as a
// citadel entry). Replaces what `out` held.
void generateLegal(Position& pos, MoveList& out, GenType type = GenType::All);

// Whether m is among GenType::Captures (else among GenType::Quiets); `pos` before the move.
bool isCaptureOrPromotion(const Position& pos, const Move& m);
// Whether a move takes an enemy piece: on its target, on the way (locust victims) or en passant
// (a King swap's partner is the mover's own piece: no capture).
inline bool capturesAPiece(const Position& pos, const Move& m) {
    Piece there = pos.at(m.to);
    return (there != kNoPiece && colorOf(there) != pos.sideToMove()) ||
           m.kind == MoveKind::EnPassant || m.victimCount() > 0;
}

// Whether generatePseudo would give m (a move from the transposition table or a killer, which
// may belong to another position); generated for m's piece only. False for placements and
// swaps, which only generateLegal makes.
bool isPseudoLegal(const Position& pos, const Move& m);

// Whether a pseudo-legal move leaves the mover's royals safe (made, tested and taken back).
// A gating move is judged as the same move without the entering piece (Rules::GatingRule).
bool isLegalMove(Position& pos, const Move& m);

// A gating move without its entering piece: the same move, hand untouched.
inline Move withoutGating(Move m) {
    if (!(m.flags & kMoveGate)) return m;
    m.flags &= std::uint8_t(~kMoveGate);
    m.victim[1] = 0;
    if (m.kind == MoveKind::Castling) m.victim[0] = 0;
    return m;
}

// Moves outside the Betza tables (special_moves.cpp), appended to `legal` if legal: the parked
// pieces' placements of type `type`, and the once-per-game swap (quiet), which may depend on
// whether the side has no other legal move.
void generatePlacements(Position& pos, MoveList& legal, GenType type);
// A caller that has tested whether the piece on `knownSq` is attacked passes the answer in
// `knownAttacked`.
void generateSwaps(Position& pos, MoveList& legal, bool noOtherMove, int knownSq = -1,
                   bool knownAttacked = false);
// The promotions that are moves of their own (PromotionRule::inPlace), appended to `legal` if
// legal.
void generateInPlacePromotions(Position& pos, MoveList& legal);
// Rules::mustDrop: while the side to move has pieces in hand and a legal drop, `legal` (of type
// `type`) keeps only its drops.
void keepOnlyDrops(Position& pos, MoveList& legal, GenType type);
// Whether the side to move has a piece that a promotion in place could turn into something
// (generateInPlacePromotions may add moves), and whether it must drop now (rules.mustDrop and
// pieces in hand).
bool mayPromoteInPlace(const Position& pos);
bool mustDropNow(const Position& pos);

// The moves (before legality) a piece of type t of the side to move would have on `from`.
void generateMovesAs(const Position& pos, PieceType t, int from, MoveList& out);
// Whether the piece on `from` could capture on `target`.
bool attacksFrom(const Position& pos, int from, int target);

// PieceSpec::mayNotCapture and mayNotPassOver, for a piece of a walled type
// (VariantInfo::walled) moving from `from`, on the path node `n` whose square holds `occupant`:
// clears `emit` (the occupancy class with which a move may end there) if the occupant may not
// be captured, and `pass` (the class with which the path goes on) if it may not be captured on
// the way or passed over. The mover's own square is no wall.
inline void applyWalls(const PieceSpec& mover, Piece occupant, const betza::PathNode& n, int from,
                       std::uint8_t& emit, std::uint8_t& pass) {
    if (occupant == kNoPiece || n.sq == from) return;
    PieceType t = typeOf(occupant);
    bool takes = n.locust & pass;
    if (mover.mayNotCapture[t]) {
        emit = 0;
        if (takes) pass = 0;
    }
    if (mover.mayNotPassOver[t] && !takes) pass = 0;
}

// Rules::protectedVictims and counterstrike (capture_limits.cpp), for m before it is made: 0
// when they do not limit it, 1 when it is legal only if the square it ends on is not attacked
// afterwards, 2 when it is illegal.
int captureLimit(const Position& pos, const Move& m);
// Whether m may take a piece those rules limit (then it is made and judged, never assumed
// legal).
bool captureLimitApplies(const Position& pos, const Move& m);

// Whether side `by` could capture a royal standing on `sq` (the square's real content is ignored,
// except by a piece that may not capture what stands there: PieceSpec::mayNotCapture).
bool isAttacked(const Position& pos, int sq, Color by);

// Whether side c's royals are in the danger the variant's check rule forbids (after c moved).
bool royalsInDanger(const Position& pos, Color c);

// Rules::facingRoyals: whether a royal of the side to move faces an enemy royal on a file with
// nothing between them.
bool royalsFaceNow(const Position& pos);

// Rules::pass: the pass of the side to move if it may pass now (a royal's move to its own square,
// flagged kMovePass), else a null Move. Legal as it is.
Move passMove(const Position& pos);

// Whether the side to move has a royal under attack (is "in check").
bool inCheck(const Position& pos);

// Move text (move_text.cpp): from-square + to-square with 1-based ranks (e2e4, h10g8), a
// promotion as a lower-case letter suffix ('+' for a shogi-style promotion, '-' for a promoted
// piece turning back), a drop as P@e4 (+S@b2 on its promoted side), locust victims written
// between from and to (c3d4e5 jumps from c3 over d4 to e5 and captures on d4), a pass as the
// square twice (e2e2). XBetza u: 'u' after the squares when the taken piece goes to the mover's
// start square (a1a4u swaps), else 'u' and the square (d1d5ud3). Gating: the entering piece's
// letter last (b1c3h); a castling gating on the rook's square is written rook square, king
// square, letter (h1e1h). A castling king moving one square is written king takes own rook.
// A forced single promotion has no suffix; with letterForForcedPromotion it has its result's
// letter (f7f8q in shatranj, c9c10n in Tamerlane), as other engines expect it, or '+' or '-'
// for a shogi-style type turning over (Kyoto shogi's a1a2+, b3b4-).
std::string moveText(const Position& pos, const Move& m, bool letterForForcedPromotion = false);

// The legal move whose text is `text`, or a null Move. A forced single promotion is also read
// with its result's letter, or with '+' when the result is the piece's promotesTo.
Move parseMove(Position& pos, const std::string& text);

}  // namespace timur
