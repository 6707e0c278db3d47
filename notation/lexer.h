// Private helpers shared by the three Betza parsers: atoms, ranges, vectors, modifier groups.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "notation/ast.h"
#include "notation/directions.h"

namespace timur::betza::detail {

inline bool isLowerLetter(char c) {
    return c >= 'a' && c <= 'z';
}
inline bool isUpperLetter(char c) {
    return c >= 'A' && c <= 'Z';
}
inline bool isDigitChar(char c) {
    return c >= '0' && c <= '9';
}
inline bool isDirLetter(char c) {
    return c == 'f' || c == 'b' || c == 'l' || c == 'r' || c == 'v' || c == 's' || c == 'h';
}
inline int columnOf(std::size_t index) {
    return static_cast<int>(index) + 1;
}

// "'x'" for a printable character, a word for the others (used in messages).
std::string describeChar(char c);

Atom stepAtom(int x, int y);  // normalised to 0 <= x <= y
Atom kingAtom();

struct NamedAtom {
    Atom atom;
    std::uint8_t implicitRange = 1;  // 1 for leapers, kUnlimited for B R Q
};
// The letters all dialects share: W F D N A H C Z G K and the riders B (F0) R (W0) Q (K0).
std::optional<NamedAtom> commonAtom(char letter);

struct RangeSpec {
    bool written = false;
    std::uint8_t minRange = 1, maxRange = 1;
    int column = 0;
};
// Digits at text[i] (none: written = false). "0" = unlimited, "0" followed by digits = exactly
// that many steps (CV / Bex X0n), other digits = at most that many.
RangeSpec readRange(std::string_view text, std::size_t& i);

// "(x,y)" at text[i] == '(': a leaper vector, normalised to 0 <= x <= y. Signs are allowed and
// dropped (every leaper is symmetric).
Atom readVector(std::string_view text, std::size_t& i);

// The lower-case letters in front of one leg (or one atom), with their columns.
struct Letter {
    char c;
    int column;
};
struct LegLetters {
    std::vector<Letter> letters;
    int count(char c) const;
    int column(char c) const;  // column of the first c, 0 if none
    bool has(char c) const { return count(c) > 0; }
    bool empty() const { return letters.empty(); }
    int firstColumn() const { return letters.empty() ? 0 : letters.front().column; }
    int lastColumn() const { return letters.empty() ? 0 : letters.back().column; }
    // Runs of adjacent direction letters: only letters next to each other combine (fs, rv...).
    std::vector<DirRun> dirRuns() const;
    bool hasDirs() const;
    std::string text() const;
};

// Throws at the second occurrence of any of `once` written twice.
void rejectRepeats(const LegLetters& letters, std::string_view once);

inline std::uint8_t toggledRange(std::uint8_t range) {
    return range == 1 ? kUnlimited : 1;
}

// A hopping final leg, normalised into two legs exactly as spec 4.5 says (pR == pafR,
// gQ == gafQ): `written` (dirs, range, flags as written) rides to the platform, which it may hop
// (HopEnemy|HopFriend, or only HopFriend with t); the second leg continues straight on
// (dirs 1 << 0) with `finalModes` and the range [secondMin, secondMax]. The second leg copies the
// cylinder and lame flags; skipFirst, MustJump and unload stay on the first leg.
void appendHopLegs(std::vector<Leg>& legs, Leg written, bool friendOnly, ModeMask finalModes,
                   std::uint8_t secondMin, std::uint8_t secondMax);

// Applies n (lame) and j (must jump / skip) to a leg whose range is known: j on a leaper leg
// (range 1) = Pass::MustJump, j on a rider leg = skipFirst (jj = 2).
void applyJumpLetters(Leg& leg, const LegLetters& letters);

}  // namespace timur::betza::detail
