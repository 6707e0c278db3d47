// XBoard's dialect (CECP v2, spec/protocols.md Part A): how XBoard writes moves, what it calls a
// variant, where it starts one, and how an engine describes a variant XBoard does not know.
//
// Shared by the XBoard front end (engine/protocol/xboard.cpp) and the match runner's XBoard driver
// (engine/match/engine_xboard.cpp). It knows the variant model only: no search, no protocol state.
//
//   xboard_moves.cpp     move text both ways
//   xboard_variants.cpp  variant names, the board-size prefix, XBoard's start array
//   xboard_setup.cpp     the `setup` and `piece` lines of an engine-defined variant
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/variant.h"

namespace timur::protocol {

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

// The reply to `variant NAME` for an engine-defined variant: `setup (PIECETOCHAR) WxH+S_fairy FEN`
// and a `piece LETTER& XBETZA` line per piece, so that XBoard can draw the board and check moves.
// Limits: moves that depend on a zone (xiangqi soldier) are described by their base moves only,
// and shogi-style promoted types ("+P") get no piece line.
std::vector<std::string> xboardSetup(const Variant& v);

}  // namespace timur::protocol
