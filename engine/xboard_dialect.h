// XBoard's dialect (CECP v2, spec/protocols.md Part A): how XBoard writes moves, what it calls a
// variant, where it starts one, and how an engine describes a variant XBoard does not know.
//
// Shared by the XBoard front end (engine/protocol/xboard.cpp) and the match runner's XBoard driver
// (engine/match/engine_xboard.cpp). It knows the variant model only: no search, no protocol state.
//
//   xboard_moves.cpp     move text both ways, by text alone
//   xboard_encoding.cpp  move text both ways for a position: what XBoard's board needs
//   xboard_variants.cpp  variant names, the board-size prefix, XBoard's start array
//   xboard_setup.cpp     the `setup` and `piece` lines of an engine-defined variant
//   xboard_san.cpp       standard algebraic notation for PGN files
//   xboard_claims.cpp    which of an engine's result claims XBoard confirms
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/move.h"
#include "engine/rules.h"
#include "engine/variant.h"

namespace timur {
class Position;
}

namespace timur::protocol {

// Whether XBoard, checking claims (-testClaims, on in Debian's settings), confirms `claimer`'s
// claim that the game ended as `end` says. A claim it does not confirm is scored as a loss for the
// claimer, so an engine keeps playing instead. XBoard confirms a claimed win only when its own
// rules see a mate (or a win it flags itself: a stalemate or bare king that loses), except in
// variants with a hand, where it takes it unchecked: so a win by repetition (chu's repeated
// position, a perpetual check that loses for the checker) is not confirmed; XBoard adjudicates
// perpetual checks itself, at its own count, in xiangqi and shogi only. It confirms a repetition
// draw from the third occurrence on, a move-rule draw after 100 plies (in xiangqi not counting
// checks).
bool xboardConfirmsClaim(const Variant& v, const GameEnd& end, Color claimer);

// XBoard's null move, a pass in variants that allow one (Timur writes it as the royal's square
// twice, e2e2).
inline constexpr const char* kXBoardPass = "@@@@";

// Moves between Timur's text (1-based ranks, locust victims inline: "c3d4e5") and XBoard's:
// 0-based ranks on boards of exactly 10 ranks (h0g2 is Timur's h1g3), 1-based otherwise, and a
// locust capture as legs ("c3d4,d4e5"). `ranks` is the board's number of ranks.
std::string toXBoardMove(const std::string& text, int ranks);
std::string fromXBoardMove(const std::string& text, int ranks);

// XBoard's name for a variant, and whether the engine must define it with setup/piece.
struct XBoardVariantName {
    std::string name;  // as listed in feature variants= ("normal", "10x8+0_normal", "tamerlane")
    bool engineDefined = false;
};
XBoardVariantName xboardVariantName(const Variant& v);

// The S of XBoard's board-size prefix WxH+S_PARENT: the piece types a side may hold in hand
// (0 without drops).
int xboardHoldings(const Variant& v);

// The variant XBoard asks for with `variant NAME`: by its XBoard name, by our name, or by the
// parent of a board-size prefix ("10x8+0_capablanca") when the board agrees. Null if none.
std::shared_ptr<const Variant> findXBoardVariant(
    const std::vector<std::shared_ptr<const Variant>>& variants, const std::string& requested);

// The start position XBoard (and engines that follow it, such as Fairy-Max) uses for a variant it
// knows, when that is not ours (courier); empty otherwise.
std::string xboardStartFen(const Variant& v);

// How XBoard shows an engine-defined variant's pieces.
struct XBoardPieces {
    // Per piece type: XBoard's piece type (engine/xboard_piece_names.h), which picks its picture;
    // the piece's "xboardPiece" if it names one, else the King for the first royal (the Prince
    // for a second), then one its moves suggest, then a free one; a shogi-style promoted type
    // ("+P") is P's partner in the table ("^P"). -1: not shown (a "+P" that P does not promote
    // to).
    std::vector<int> type;
    // Per piece type: the lower-case letter of a promotion to it ('n'), '+' for a shogi-style
    // promoted type, 0 if it has none. A promotion target whose letter has a suffix ("P'") gets
    // an upper-case nickname in the piece-to-char table ("P'=J"), and its letter ('j') here.
    std::vector<char> suffix;
    std::vector<char> nickname;  // per piece type, 0 if none
    // The parent variant of the setup line: "chu" for a variant with shogi-style promoted types
    // (XBoard's chu lets any piece with a "+" partner promote with '+'; "fairy" only its types
    // 0-10). XBoard executes a move onto an own piece as a swap only when the parent has no
    // castling (chu, shatranj): "shatranj" for a variant with a swap rule (its King swap is then
    // a plain move), else "fairy" (a move onto an own piece captures it).
    std::string parent;
    bool ownTargetSwaps = false;
};
XBoardPieces xboardPieces(const Variant& v);

// The reply to `variant NAME` for an engine-defined variant: `setup (PIECETOCHAR)
// WxH+S_PARENT FEN` and a `piece LETTER& XBETZA` line per piece, so that XBoard can draw the
// board and check moves. The table has up to 65 types a side and the King.
// Limits: moves that depend on a zone (xiangqi soldier) are described by their base moves only.
std::vector<std::string> xboardSetup(const Variant& v);

// Moves of a position in XBoard's text, both ways (xboard_encoding.cpp). For a variant XBoard
// knows, this is the text conversion above. For an engine-defined one, XBoard does not know the
// rules, so the text must make its board right by itself:
//   - a promotion always carries its letter (c8c9n), nicknames included (placement c9f3j);
//   - a move that lands on an own piece and removes it (a placement), under a swapping parent,
//     kills it first (c9f3,f3f3j), since a plain move there would be a swap;
//   - a relocating promotion goes to its relocation square (d8g2l), killing the piece it
//     captured on arrival (d8e9,e9g2l).
// Moves XBoard cannot show (a citadel exchange; a relocation that captures on arrival onto an
// own piece under a swapping parent; in a variant XBoard knows, a castling that gates on the
// rook's square, which XBoard refereeing two engines plays as a rook move) are written as text
// but canShow() says no: XBoard's board would differ from ours.
// Read back: what we write, what a person enters with the highlights (a relocation through its
// arrival square: d8d9,d9g2l), what XBoard relays of a two-leg move whose kill square holds a
// piece of the mover's colour or is empty with Black to move (A D,K D+-1, the promotion
// dropped: its castling kludge), and the text conversion above (a forced promotion without
// its letter is still read, as other programs send it), and XBoard's relay of another engine's
// castling that gates on the rook's square (a1g1h for a1e1h).
class XBoardMoves {
  public:
    explicit XBoardMoves(std::shared_ptr<const Variant> v);
    const XBoardPieces& pieces() const { return pieces_; }
    bool engineDefined() const { return engineDefined_; }

    // A forced single promotion of a variant XBoard knows has no suffix unless
    // letterForForcedPromotion (as moveText); an engine-defined variant's always has its letter.
    std::string text(const Position& pos, const Move& m,
                     bool letterForForcedPromotion = false) const;
    bool canShow(const Position& pos, const Move& m) const;
    // The move in standard algebraic notation as XBoard reads it from a PGN file (Nbd7, exd6,
    // O-O, e8=Q+, P@e4; squares in XBoard's coordinates), or text(pos, m, true) where SAN has
    // no form for it (locust captures, gating, passes, suffixed letters); for an engine-defined
    // variant, Timur's own text (moveText). xboard_san.cpp.
    std::string san(Position& pos, const Move& m) const;
    // The legal move XBoard means, or a null Move.
    Move parse(Position& pos, const std::string& text) const;
    // The letter of a promotion to type t, upper case (for `choice`), or 0.
    char choiceLetter(PieceType t) const;

    // A move's parts as XBoard sees them: from, an optional kill square, to, a suffix.
    struct Legs {
        int from = -1, kill = -1, to = -1;
        char suffix = 0;
        bool shown = true;
    };
    // What we send for m, and what a person enters for it with the highlights (the same, or
    // a relocation through its arrival square; shown is false when a person cannot enter it).
    Legs sent(const Position& pos, const Move& m) const;
    Legs entered(const Position& pos, const Move& m) const;
    std::string square(int sq) const;  // in XBoard's coordinates
    // The square XBoard names (its coordinates); -2 beside the board (holdings), -1 if none.
    int squareOf(const std::string& text) const;

  private:
    std::string legsText(const Legs& l) const;
    std::string legsSan(Position& pos, const Move& m) const;  // xboard_san.cpp
    std::string relayText(const Position& pos, const Legs& l) const;
    std::string castlingRelay(const Position& pos, const Move& m) const;
    Move parseLegacy(Position& pos, const std::string& text) const;

    std::shared_ptr<const Variant> variant_;
    XBoardPieces pieces_;
    bool engineDefined_ = false;
};

}  // namespace timur::protocol
