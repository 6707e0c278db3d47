// The canonical XBetza writer (spec/betza.md section 1): C/Z atoms, N0 not NN, B/R/Q for the F/W/K
// riders, per-leg modifier order i, (q z), directions, (u), m c d e t p g o y n j, then a; the
// normalised pafR / gafQ forms folded back to pR / gQ; the shortest direction letters.
//
// The output is meant for XBoard's `piece` command, so only XBoard-safe forms are written
// (decisions):
//  - exact ranges (W03) are refused: XBoard 4.9.1 reads W03 as W3;
//  - (x,y) vector atoms and U are refused: XBoard 4.9.1 does not know them;
//  - chains of an oblique atom (maN, mpafN) are refused: XBoard 4.9.1 steps them wrongly (4.6);
//  - repeated groups, BFN jump counts, mayStopHere legs, the null move, the royal flag and
//    promotion lists have no XBetza form;
//  - q, z (circular and crooked riders, the turning sense of later legs) and u (unload) are
//    written only at XBetzaLevel::Extended: XBoard 4.9.1 skips them and would misread the piece.
//    A single-leg q or z goes first in its leg (qN, qfN), a later leg's q or z in place of the
//    s of its turns (fqf).
//  - a non-final leg that only needs empty squares gets no 'm' (afsafyafF, not mafsmafyafF: the
//    form the Tamerlane pieces are published in); a range is written after W F K (W2, fmF2),
//    B R Q stand for the unlimited riders only.
// Every candidate is checked by parsing it back: a string is returned only if
// parseXBetza(result) == piece, so the round trip holds by construction.
#include <optional>
#include <string>

#include "notation/directions.h"
#include "notation/lexer.h"
#include "notation/parse.h"

namespace timur::betza {

using namespace detail;

namespace {

const char* atomLetter(const Atom& a, bool rider) {
    if (a.kind == AtomKind::King) return rider ? "Q" : "K";
    if (a.kind != AtomKind::Step) return nullptr;
    if (a.x == 0 && a.y == 1) return rider ? "R" : "W";
    if (a.x == 1 && a.y == 1) return rider ? "B" : "F";
    if (rider) return nullptr;
    struct Named {
        int x, y;
        const char* letter;
    };
    static const Named kNamed[] = {{0, 2, "D"}, {1, 2, "N"}, {2, 2, "A"}, {0, 3, "H"},
                                   {1, 3, "C"}, {2, 3, "Z"}, {3, 3, "G"}};
    for (const Named& n : kNamed) {
        if (a.x == n.x && a.y == n.y) return n.letter;
    }
    return nullptr;
}

std::optional<std::string> rangeDigits(std::uint8_t minRange, std::uint8_t maxRange,
                                       std::uint8_t implicit) {
    if (minRange != 1) return std::nullopt;
    if (maxRange == implicit) return std::string();
    if (maxRange == kUnlimited) return std::string("0");
    if (maxRange > 99) return std::nullopt;  // XBoard reads two digits
    return std::to_string(maxRange);
}

// The flags after the modes: o (cylinder), n / j (pass, skipFirst).
std::optional<std::string> flagLetters(const Leg& leg) {
    std::string s;
    if (leg.cylinder) s += 'o';
    if (leg.pass == Pass::Lame) s += 'n';
    if (leg.pass == Pass::MustJump) {
        if (leg.maxRange != 1 || leg.skipFirst) return std::nullopt;
        s += 'j';
    }
    if (leg.skipFirst) {
        if (leg.maxRange == 1) return std::nullopt;
        s.append(leg.skipFirst, 'j');
    }
    return s;
}

// m c d e of a final leg; nullopt for bits a final leg cannot have.
std::optional<std::string> finalModeLetters(ModeMask m) {
    if (m == kModeDefaultFinal) return std::string();
    if (m & ~(kModeEmpty | kModeCaptureEnemy | kModeCaptureFriend | kModeEnPassant))
        return std::nullopt;
    if (m == 0) return std::nullopt;
    std::string s;
    if (m & kModeEmpty) s += 'm';
    if (m & kModeCaptureEnemy) s += 'c';
    if (m & kModeCaptureFriend) s += 'd';
    if (m & kModeEnPassant) s += 'e';
    return s;
}

struct Candidate {
    bool fold;
    bool rider;
    bool preferToggle;
};

char shapeLetter(Shape shape) {
    return shape == Shape::Circular ? 'q' : shape == Shape::Crooked ? 'z' : 0;
}

// With q or z (Bend) a later leg's letters hold exactly one s, written as q / z, and no l, r or h
// (which q and z replace).
std::optional<std::string> bent(std::string letters, Bend bend) {
    const std::size_t s = letters.find('s');
    if (s == std::string::npos || letters.find('s', s + 1) != std::string::npos ||
        letters.find_first_of("lrh") != std::string::npos)
        return std::nullopt;
    letters[s] = bend == Bend::Same ? 'q' : 'z';
    return letters;
}

// The direction letters of a later leg. With q or z: the letters of the whole set if they can
// carry the q / z (bbq), else those of its straight and back slots, a single letter doubled so
// that it does not combine with what follows (ffq: f, then q), then those of its turns.
std::optional<std::string> laterDirLetters(const Leg& L, const Atom& atom) {
    if (L.bend == Bend::Free) return xbetzaDirLetters(L.dirs, atom, true);
    if (auto whole = bent(xbetzaDirLetters(L.dirs, atom, true), L.bend)) return whole;
    const DirMask turns = L.dirs & 0xEE, straight = L.dirs & 0x11;
    auto t = bent(xbetzaDirLetters(turns, atom, true), L.bend);
    if (!turns || !t) return std::nullopt;
    if (!straight) return t;
    std::string s = xbetzaDirLetters(straight, atom, true);
    if (s.size() == 1) s += s;
    return s + *t;
}

std::optional<std::string> tryWrite(const Move& mv, const Candidate& cand) {
    const std::size_t k = mv.legs.size();
    const std::size_t kw = cand.fold ? k - 1 : k;
    const Atom& atom = mv.legs[0].atom;
    const char* letter = atomLetter(atom, cand.rider);
    if (!letter) return std::nullopt;
    const char shape = k == 1 ? shapeLetter(mv.legs[0].shape) : 0;
    // q makes a leaper a rider: qN is the rose, qN3 its first three steps.
    const std::uint8_t implicit = cand.rider || shape == 'q' ? kUnlimited : 1;
    std::uint8_t state = implicit;
    std::string out(mv.initial, 'i');
    if (shape) out += shape;
    std::string range;
    for (std::size_t j = 0; j < kw; ++j) {
        const Leg& L = mv.legs[j];
        if (j == 0) {
            out += xbetzaDirLetters(L.dirs, atom, false);
        } else {
            const auto dirs = laterDirLetters(L, atom);
            if (!dirs) return std::nullopt;
            out += *dirs;
        }
        if (L.unload) out += 'u';  // first of the modes, as XBoard's examples write it (afudQ)
        if (j + 1 < kw) {
            // A non-final leg: implicit range, modes m c d p (g/y toggle the next leg's range).
            if (L.minRange != 1 || L.maxRange != state) return std::nullopt;
            const Leg& next = mv.legs[j + 1];
            bool toggle;
            if (j + 2 < kw || cand.fold) {
                toggle = next.maxRange != state;
            } else {
                // The final leg: a range can only be written while the chain is not toggled
                // (else it is stripped). Toggle when only that reaches the final range, or when
                // the candidate prefers it and it gives the range exactly (yafF, not afF0).
                const std::uint8_t toggled = toggledRange(state);
                auto exact = [&](std::uint8_t s) {
                    return next.minRange == 1 && next.maxRange == s;
                };
                auto writable = [&](std::uint8_t s) { return s == implicit || exact(s); };
                if (!writable(state)) {
                    toggle = true;
                } else if (!writable(toggled)) {
                    toggle = false;
                } else {
                    toggle = cand.preferToggle && exact(toggled);
                }
            }
            const ModeMask m = L.mode;
            if (m & kModeEnPassant) return std::nullopt;
            const ModeMask hopBits = m & (kModeHopEnemy | kModeHopFriend);
            if (hopBits == kModeHopEnemy) return std::nullopt;
            const bool hop = hopBits != 0;
            const bool friendOnly = hopBits == kModeHopFriend;
            if (L.tame && hop) return std::nullopt;
            const bool empty = m & kModeEmpty;
            std::string s;
            if (toggle) {
                if (hop) {
                    if (empty) s += 'm';
                } else if (!empty) {
                    return std::nullopt;
                }
            } else if (m != kModeDefaultRelay || hop) {
                if (empty) s += 'm';
            }
            if (m & kModeCaptureEnemy) s += 'c';
            if (m & kModeCaptureFriend) s += 'd';
            if (L.tame || friendOnly) s += 't';
            if (hop) s += toggle ? 'g' : 'p';
            if (L.cylinder) s += 'o';
            if (toggle && !hop) s += 'y';
            const auto flags = flagLetters(L);
            if (!flags) return std::nullopt;
            // flagLetters starts with o, already written in canonical order above.
            s += L.cylinder ? flags->substr(1) : *flags;
            out += s;
            out += 'a';
            if (toggle) state = toggledRange(state);
            continue;
        }
        // The final written leg.
        if (cand.fold) {
            const Leg& B = mv.legs[k - 1];
            if (L.minRange != 1 || L.maxRange != state) return std::nullopt;
            const ModeMask hopBits = L.mode;
            if (hopBits != (kModeHopEnemy | kModeHopFriend) && hopBits != kModeHopFriend) {
                return std::nullopt;
            }
            const bool g =
                cand.preferToggle && B.minRange == 1 && B.maxRange == toggledRange(state);
            const auto modes = finalModeLetters(B.mode);
            if (!modes) return std::nullopt;
            std::string s = *modes;
            if (hopBits == kModeHopFriend) s += 't';
            s += g ? 'g' : 'p';
            const auto flags = flagLetters(L);
            if (!flags) return std::nullopt;
            s += *flags;
            out += s;
            if (!g) {
                if (state != implicit) {
                    if (B.minRange != 1 || B.maxRange != state) return std::nullopt;
                } else {
                    const auto digits = rangeDigits(B.minRange, B.maxRange, implicit);
                    if (!digits) return std::nullopt;
                    range = *digits;
                }
            }
        } else {
            const auto modes = finalModeLetters(L.mode);
            if (!modes) return std::nullopt;
            std::string s = *modes;
            if (L.tame) s += 't';
            const auto flags = flagLetters(L);
            if (!flags) return std::nullopt;
            s += *flags;
            out += s;
            if (state != implicit) {
                if (L.minRange != 1 || L.maxRange != state) return std::nullopt;
            } else {
                const auto digits = rangeDigits(L.minRange, L.maxRange, implicit);
                if (!digits) return std::nullopt;
                range = *digits;
            }
        }
    }
    // z on a leaper needs its range written (zW alone means nothing).
    if (shape == 'z' && implicit == 1 && range.empty()) range = "1";
    return out + letter + range;
}

bool parsesBackTo(const std::string& s, const Move& mv) {
    try {
        const PieceMoves p = parseXBetza(s);
        return p.moves.size() == 1 && !p.drop && p.moves[0] == mv;
    } catch (const ParseError&) {
        return false;
    }
}

// Why a move has no XBetza form at `level`, or "" if it may have one.
std::string inexpressible(const Move& mv, XBetzaLevel level) {
    if (mv.legs.empty()) return "a move without legs";
    if (mv.repeat) return "a repeated group of legs ((W-F)0, (mW-F)*, z[WF]) has no XBetza form";
    const Atom& atom = mv.legs[0].atom;
    if (atom.kind == AtomKind::Null) return "the null move (Bex O) has no XBetza form";
    if (atom.kind == AtomKind::Universal)
        return "U (universal leaper) is not implemented by XBoard 4.9.1";
    const bool extended = level == XBetzaLevel::Extended;
    for (const Leg& leg : mv.legs) {
        if (!(leg.atom == atom))
            return "its legs use different atoms (XBetza has one atom per move)";
        if (leg.shape != Shape::Straight) {
            const char* name = leg.shape == Shape::Circular ? "circular riders (q, the rose qN)"
                                                            : "crooked riders (z, zR)";
            if (mv.legs.size() > 1)
                return std::string(name) + " inside a chain have no XBetza form";
            if (!extended)
                return std::string(name) + " are not XBoard-safe: XBoard 4.9.1 ignores q and z";
        }
        if (leg.bend != Bend::Free && !extended)
            return "q / z on a later leg (turn like / against the last turn) are not XBoard-safe: "
                   "XBoard 4.9.1 ignores them";
        if (leg.unload && !extended)
            return "u (unload) is not XBoard-safe: XBoard 4.9.1 ignores it";
        if (leg.maxJumps || leg.jumpAny) {
            return "jumping over pieces on a ride (BFN j/jj, Bex e) has no XBetza form";
        }
        if (leg.mayStopHere) return "a leg the move may stop after has no XBetza form";
        if (leg.minRange != 1) {
            return "an exact number of steps (0n, as in W03) is not XBoard-safe: XBoard 4.9.1 "
                   "reads "
                   "W03 as W3";
        }
    }
    if (atom.kind == AtomKind::Castling) {
        const Leg& leg = mv.legs[0];
        if (mv.legs.size() != 1 || mv.initial || leg.mode != kModeEmpty || leg.dirs != kAllDirs ||
            leg.maxRange == kUnlimited || leg.maxRange > 99) {
            return "an unusual castling move";
        }
        return "";
    }
    if (mv.castleInner) return "castleInner on a move that does not castle";
    if (atom.isOblique() && mv.legs.size() > 1) {
        return "XBoard 4.9.1 moves oblique atoms wrongly in later legs (spec 4.6): not sent";
    }
    if (!atomLetter(atom, false) && !atomLetter(atom, true)) {
        return "the vector atom (" + std::to_string(atom.x) + "," + std::to_string(atom.y) +
               ") is not understood by XBoard 4.9.1";
    }
    return "";
}

std::optional<std::string> writeMove(const Move& mv, XBetzaLevel level, std::string& why) {
    why = inexpressible(mv, level);
    if (!why.empty()) return std::nullopt;
    if (mv.legs[0].atom.kind == AtomKind::Castling) {
        std::string s =
            std::string(mv.castleInner ? "j" : "") + "O" + std::to_string(mv.legs[0].maxRange);
        if (parsesBackTo(s, mv)) return s;
        why = "an unusual castling move";
        return std::nullopt;
    }
    std::optional<std::string> best;
    for (bool fold : {true, false}) {
        if (fold && mv.legs.size() < 2) continue;
        for (bool preferToggle : {true, false}) {
            for (bool rider : {false, true}) {
                const auto s = tryWrite(mv, Candidate{fold, rider, preferToggle});
                if (!s || !parsesBackTo(*s, mv)) continue;
                if (!best || s->size() < best->size()) best = s;
            }
        }
    }
    if (!best) why = "its modes, flags and ranges have no XBetza form";
    return best;
}

std::optional<std::string> dropSuffix(const DropRule& d) {
    if (d.maxPerFile > 2 || d.maxPerColour > 2 || d.maxOnBoard > 2) return std::nullopt;
    std::string s(d.maxPerFile, 'f');
    s.append(d.maxPerColour, 's');
    s.append(d.maxOnBoard, 'b');
    if (d.notOnFirstRank) s += 'j';
    s += '@';
    if (d.depth) s += std::to_string(d.depth);
    return s;
}

}  // namespace

std::optional<std::string> toXBetza(const PieceMoves& piece, std::string* whyNot,
                                    XBetzaLevel level) {
    auto fail = [&](const std::string& why) -> std::optional<std::string> {
        if (whyNot) *whyNot = why;
        return std::nullopt;
    };
    if (piece.royal)
        return fail("the royal flag (Bex y) has no XBetza form: royalty is a variant rule");
    if (!piece.promotions.empty()) {
        return fail("promotion lists (Bex =Q,R,B,N) have no XBetza form: they are variant rules");
    }
    if (piece.moves.empty() && !piece.drop) return fail("the piece has no moves");
    std::string out;
    for (std::size_t n = 0; n < piece.moves.size(); ++n) {
        std::string why;
        const auto s = writeMove(piece.moves[n], level, why);
        if (!s) return fail("move " + std::to_string(n + 1) + ": " + why);
        // A move that starts with the atom letter the previous one ended with would read as a
        // doubled atom (N + N = NN = N0): write the previous range explicitly (N1N; qN0N for the
        // rose, whose q made it a rider).
        if (!out.empty() && isUpperLetter(out.back()) && (*s)[0] == out.back() &&
            std::string_view("BRQ").find(out.back()) == std::string_view::npos) {
            const Move& previous = piece.moves[n - 1];
            out +=
                previous.legs.size() == 1 && previous.legs[0].shape == Shape::Circular ? '0' : '1';
        }
        out += *s;
    }
    if (piece.drop) {
        const auto s = dropSuffix(*piece.drop);
        if (!s) return fail("a drop limit above 2 per file, colour or board has no XBetza form");
        out += *s;
    }
    try {
        if (parseXBetza(out) == piece) return out;
    } catch (const ParseError&) {
    }
    return fail("internal: '" + out + "' does not read back as the same piece");
}

}  // namespace timur::betza
