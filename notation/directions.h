// Private helpers of the Betza parsers and the XBetza writer: direction letters -> slot masks.
//
// The tables follow spec/betza.md section 2 (XBoard 4.9.1, MovesFromString) and use the slot
// numbering of ast.h (which is XBoard's own numbering of the 8 rotations of an atom).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "notation/ast.h"

namespace timur::betza::detail {

// How an atom's direction letters are read (spec/betza.md 2.1 - 2.4).
enum class DirClass : std::uint8_t {
    Orth4,     // W D H R (0,n): f b l r single moves, letters never combine
    Diag4,     // F A G B (n,n): f = {fl, fr}, perpendicular pairs select one move
    Oblique8,  // N C Z (a,b): narrow/wide sets, fh bh lh rh, chiral hr hl
    King8,     // K Q, and the relative directions of every later leg
};

DirClass dirClassOf(const Atom& atom);

// A run of adjacent direction letters (f b l r v s h) and the column of its first letter.
struct DirRun {
    std::string letters;
    int column = 1;
};

// Reads one run of direction letters. Adjacent letters combine exactly as the spec says; a run
// that selects nothing the atom has is an error. `bfn` switches on the BFN reading: three-letter
// knight directions (ffl fsr bbl ... of document 000 select one vector, where XBetza reads
// ffl as ff + l) and `h` must follow f, b, l or r.
DirMask parseDirRun(std::string_view letters, int column, DirClass cls, bool bfn);

// The first leg: absolute slots of `atom`; no letters = every slot the atom has.
DirMask resolveFirstLegDirs(const std::vector<DirRun>& runs, const Atom& atom, bool bfn);

// A later leg: relative K-system turns; no letters = the defaults of spec 4.3.
DirMask resolveLaterLegDirs(const std::vector<DirRun>& runs, const Atom& atom, bool bfn);

// The default turns of a later leg (spec 4.3): 8-fold atoms all but straight back (0xEF),
// 4-fold atoms straight on or a 90 degree turn (f l r = 0x45).
DirMask defaultLaterDirs(const Atom& atom);

// The shortest XBetza direction letters that select exactly `mask` (canonical: ties broken by
// the letter order f b r l v s h, so fsW, fF, ffN... come out as XBoard's pieces write them).
// Empty string when `mask` is the default (all slots of a first leg, spec 4.3 for later legs).
// `relative` = a later leg (K-system turns).
std::string xbetzaDirLetters(DirMask mask, const Atom& atom, bool relative);

// A chain of atoms written as separate legs (BFN [XY], Bex X-Y / X--Y) is stored like an XBetza
// chain: every leg holds the chain's first atom and later legs hold relative turns; an odd turn
// of a 4-fold atom converts W<->F, R<->B, D<->A (ast.h). This computes the turns that make the
// next leg step like `next`.
class ChainDirections {
  public:
    explicit ChainDirections(const Atom& first);
    // `withTurn` = false: continue outward without turning (BFN [XY], Bex X-Y): straight on when
    // `next` has that direction, else the two 45 degree turns (W then F = the xiangqi horse).
    // `withTurn` = true (Bex X--Y): the XBetza defaults (all but back for 8-fold atoms, f l r
    // for a 4-fold atom of the same kind, the four diagonal turns for the other kind).
    DirMask next(const Atom& next, bool withTurn, int column);

  private:
    Atom chain_;
    int parity_;  // 0 orthogonal, 1 diagonal, 2 mixed (after a king-like leg), 3 oblique
};

}  // namespace timur::betza::detail
