// Bitboard move sets of one piece type on a board, for the pieces notation/classify.h rewrites
// as plain paths: per colour and square, the squares its leaps reach, and masks that pick from
// a slider's attacks the squares its rides may end on (by direction and by range). A piece's
// targets are then a few loads, slider lookups and ANDs, for any occupancy.
//
// Built from exactly what the compiler gets (betza::CompileInput and the piece's board, with its
// holes, confinement and zone-dependent moves), so a piece moves the same on both paths.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/attacks.h"
#include "engine/bitboard.h"
#include "notation/classify.h"
#include "notation/compile.h"

namespace timur {

template <class BB>
class PieceSets {
  public:
    // A term's ride: kLeap needs no occupancy, else the id of the line it rides along.
    static constexpr std::int16_t kLeap = -1;

    // Paths that are not plain leaps, rook or bishop rides from the square itself: a gate of
    // squares that must be empty, then a ride from `relay` along one line (bent riders, lame
    // leapers, and rides along other lines, such as the nightrider's, with an empty gate). With
    // `screens`, a hopper's ride: the first piece the line meets from the relay, if it stands
    // on one of `screens`, is hopped over; the ride then reaches the squares beyond it, up to
    // and including the next piece.
    struct Term {
        BB gate, quiet, capture, screens;
        std::int16_t ride = kLeap;
        std::uint8_t relay = 0;
    };

    // Builds the sets, or returns nullopt (with *whyNot) when some move the piece has on this
    // board needs the path-tree walker. Adds the lines the piece rides along to `sliders`.
    static std::optional<PieceSets> build(const betza::CompileInput& input, const Geometry& board,
                                          SliderAttacks<BB>& sliders,
                                          std::string* whyNot = nullptr);

    // The squares a piece of colour c on sq may move to without capturing (still to be ANDed
    // with the empty squares) and capture on (to be ANDed with the enemies). `occ` holds every
    // piece and every hole of this piece's board. `virgin`: the piece never moved (i-moves).
    void targets(const SliderAttacks<BB>& sl, int c, int sq, bool virgin, const BB& occ, BB& quiet,
                 BB& capture) const {
        const int i = index(c, sq, virgin);
        const Sets& s = sets_[i];
        quiet = s.leapQuiet;
        capture = s.leapCapture;
        if (usesOrthogonal_ || hopsOrthogonal_) {
            BB a = sl.rook(sq, occ);
            quiet |= a & s.orthQuiet;
            capture |= a & s.orthCapture;
            if (hopsOrthogonal_) {
                const Hops& h = orthHops_[i];
                BB screens = a & occ & h.screens;
                if (screens.any()) {
                    BB beyond = sl.rook(sq, occ.andNot(screens)).andNot(a);
                    quiet |= beyond & h.quiet;
                    capture |= beyond & h.capture;
                }
            }
        }
        if (usesDiagonal_ || hopsDiagonal_) {
            BB a = sl.bishop(sq, occ);
            quiet |= a & s.diagQuiet;
            capture |= a & s.diagCapture;
            if (hopsDiagonal_) {
                const Hops& h = diagHops_[i];
                BB screens = a & occ & h.screens;
                if (screens.any()) {
                    BB beyond = sl.bishop(sq, occ.andNot(screens)).andNot(a);
                    quiet |= beyond & h.quiet;
                    capture |= beyond & h.capture;
                }
            }
        }
        if (hasTerms_) {
            const Extra& e = extras_[index(c, sq, virgin)];
            for (std::uint32_t i = e.termBegin; i < e.termEnd; ++i) {
                const Term& t = terms_[i];
                if ((occ & t.gate).any()) continue;
                BB a = ride(sl, t, occ);
                quiet |= a & t.quiet;
                capture |= a & t.capture;
            }
        }
    }
    // The capture targets alone (attacks on enemies), as targets() computes them.
    BB captures(const SliderAttacks<BB>& sl, int c, int sq, bool virgin, const BB& occ) const {
        const int i = index(c, sq, virgin);
        const Sets& s = sets_[i];
        BB capture = s.leapCapture;
        if (hopsOrthogonal_) {
            BB a = sl.rook(sq, occ);
            capture |= a & s.orthCapture;
            capture |=
                hopCaptures(orthHops_[i], a, occ, [&](const BB& o) { return sl.rook(sq, o); });
        } else if (usesOrthogonal_) {
            capture |= sl.rook(sq, occ) & s.orthCapture;
        }
        if (hopsDiagonal_) {
            BB a = sl.bishop(sq, occ);
            capture |= a & s.diagCapture;
            capture |=
                hopCaptures(diagHops_[i], a, occ, [&](const BB& o) { return sl.bishop(sq, o); });
        } else if (usesDiagonal_) {
            capture |= sl.bishop(sq, occ) & s.diagCapture;
        }
        if (hasTerms_) {
            const Extra& e = extras_[index(c, sq, virgin)];
            for (std::uint32_t i = e.termBegin; i < e.termEnd; ++i) {
                const Term& t = terms_[i];
                if (t.capture.any() && (occ & t.gate).none())
                    capture |= ride(sl, t, occ) & t.capture;
            }
        }
        return capture;
    }
    // The capture masks on sq of a piece of colour c that has moved: its leap captures, and the
    // squares of the rook and bishop attacks from sq it captures on. With no terms nor hoppers
    // (hasTerms()) they are all of captures(), so that attack detection can merge several types
    // into one slider lookup.
    struct CaptureMasks {
        BB leap, orth, diag;
    };
    CaptureMasks captureMasks(int c, int sq) const {
        const Sets& s = sets_[index(c, sq, false)];
        return {s.leapCapture, s.orthCapture, s.diagCapture};
    }
    bool hasTerms() const { return hasTerms_ || hopsOrthogonal_ || hopsDiagonal_; }
    // Whether the piece only leaps: its targets do not depend on the occupancy.
    bool leapsOnly() const { return !usesOrthogonal_ && !usesDiagonal_ && !hasTerms(); }
    // Squares where the piece captures e.p. when the square is the e.p. square (leaps only).
    BB epCaptures(int c, int sq, bool virgin) const {
        return hasEp_ ? extras_[index(c, sq, virgin)].ep : BB{};
    }
    // Non-capture targets that give e.p. rights on the square before them on the line from sq.
    BB epCreating(int c, int sq, bool virgin) const {
        return createsEp_ ? extras_[index(c, sq, virgin)].createsEp : BB{};
    }
    // The e.p. square a move from `from` to `to` in epCreating() gives rights on.
    int epSquare(int from, int to) const;

    // Whether the piece's captures read backwards are the other colour's: then the squares from
    // which a piece of colour c captures on sq are captures(~c, sq) (attack detection without
    // scanning candidates). True when every path is a plain ride or a plain hopper whose screen
    // may stand anywhere on its line, the same on every square (no zone-dependent moves, no
    // confinement), and no capture is an i-move.
    bool reversible() const { return reversible_; }
    bool hasInitialMoves() const { return hasInitial_; }
    bool hasEpCaptures() const { return hasEp_; }
    bool createsEp() const { return createsEp_; }
    std::size_t bytes() const;

  private:
    struct Sets {
        BB leapQuiet, leapCapture, orthQuiet, orthCapture, diagQuiet, diagCapture;
    };
    struct Extra {
        BB ep, createsEp;
        std::uint32_t termBegin = 0, termEnd = 0;
    };
    // Plain hoppers along ranks and files (or diagonals) from the square itself: the first
    // piece on each of its rook (bishop) lines that stands on `screens` is hopped over; the
    // squares beyond it up to and including the next piece are its targets.
    struct Hops {
        BB quiet, capture, screens;
    };
    template <class Line>
    static BB hopCaptures(const Hops& h, const BB& a, const BB& occ, Line line) {
        BB screens = a & occ & h.screens;
        return screens.any() ? line(occ.andNot(screens)).andNot(a) & h.capture : BB{};
    }
    class Builder;

    int index(int c, int sq, bool virgin) const {
        return ((virgin && hasInitial_) * 2 + c) * squares_ + sq;
    }
    static BB ride(const SliderAttacks<BB>& sl, const Term& t, const BB& occ) {
        if (t.ride == kLeap) return ~BB{};
        BB a = sl.line(t.ride, t.relay, occ);
        if (t.screens.none()) return a;
        // The squares past each screen: the line without the screens, less the squares before.
        BB screens = a & occ & t.screens;
        if (screens.none()) return BB{};
        return sl.line(t.ride, t.relay, occ.andNot(screens)).andNot(a);
    }

    int squares_ = 0, files_ = 8;
    std::vector<Sets> sets_;     // [index]
    std::vector<Extra> extras_;  // [index] when the piece has terms or e.p. moves
    std::vector<Term> terms_;
    std::vector<Hops> orthHops_, diagHops_;  // [index] when the piece has such hoppers
    bool usesOrthogonal_ = false, usesDiagonal_ = false, hasTerms_ = false;
    bool hopsOrthogonal_ = false, hopsDiagonal_ = false;
    bool hasInitial_ = false, hasEp_ = false, createsEp_ = false, reversible_ = true;
};

extern template class PieceSets<Bitboard<1>>;
extern template class PieceSets<Bitboard<2>>;
extern template class PieceSets<Bitboard<3>>;
extern template class PieceSets<Bitboard<4>>;

}  // namespace timur
