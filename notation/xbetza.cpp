// XBetza as XBoard 4.9.1 reads it (spec/betza.md sections 3.1 - 3.8), extended with the superset
// of section 7.2: modifiers of a leg in any order, (x,y) vectors, U, @ drops, 0n exact ranges,
// NN = nightrider. Nothing is skipped: every character either means something or is an error.
#include <cstring>
#include <string>

#include "notation/lexer.h"
#include "notation/parse.h"

namespace timur::betza {

using namespace detail;

namespace {

constexpr const char* kModeLetters = "mcdetpgoynju";

std::string unknownModifier(char c) {
    switch (c) {
        case 'q':
            return "'q' (circular rider, the rose qN) is BFN, not XBetza: select notation \"bfn\"";
        case 'z':
            return "'z' (zig-zag) is BFN, not XBetza: select notation \"bfn\"";
        case 'x':
        case 'k':
        case 'w':
            return std::string("unknown modifier '") + c + "': XBoard ignores it, we do not";
        default:
            break;
    }
    return std::string("unknown modifier '") + c +
           "': XBetza modifiers are the directions f b l r v s h, the modes m c d e t p g o y n "
           "j u, a (another leg) and i (initial, at the start of a move)";
}

std::string unexpectedCharacter(char c) {
    switch (c) {
        case '-':
            return "unexpected '-': X-Y chains are Bex (select notation \"bex\"); XBetza writes "
                   "another leg with 'a' (mafsW)";
        case '+':
            return "unexpected '+': XBetza writes a union by juxtaposition (WF), '+' is Bex";
        case '[':
            return "unexpected '[': XBetza has no brackets; [XY] is BFN (select notation \"bfn\")";
        case '*':
            return "unexpected '*': XBetza writes a rider with 0 (N0), '*' is Bex";
        case '=':
            return "unexpected '=': promotion lists (=Q,R,B,N) are Bex";
        case ')':
            return "unexpected ')': there is no '(' to close";
        default:
            break;
    }
    if (isDigitChar(c)) {
        return std::string("unexpected number '") + c +
               "': a range must follow an atom letter (W3)";
    }
    return "expected an atom letter, found " + describeChar(c);
}

void parseDrop(std::string_view text, std::size_t& i, const std::vector<LegLetters>& legs,
               int initialColumn, PieceMoves& piece) {
    const int atColumn = columnOf(i);
    if (legs.size() > 1) throw ParseError(atColumn, "'@' (drop) cannot follow 'a'");
    if (initialColumn) throw ParseError(initialColumn, "'i' does not apply to a drop ('@')");
    DropRule drop;
    int jumps = 0;
    for (const Letter& l : legs[0].letters) {
        std::uint8_t* counter = nullptr;
        switch (l.c) {
            case 'f':
                counter = &drop.maxPerFile;
                break;
            case 's':
                counter = &drop.maxPerColour;
                break;
            case 'b':
                counter = &drop.maxOnBoard;
                break;
            case 'j':
                if (++jumps > 1) throw ParseError(l.column, "'j@' is written twice");
                drop.notOnFirstRank = true;
                continue;
            default:
                throw ParseError(l.column,
                                 std::string("'") + l.c +
                                     "' has no meaning before '@': drop modifiers are f "
                                     "(file), s (colour), b (board) and j (not the first rank)");
        }
        if (++*counter > 2) {
            throw ParseError(l.column, std::string("at most two '") + l.c + "' before '@'");
        }
    }
    ++i;
    const RangeSpec range = readRange(text, i);
    if (range.written) {
        if (range.maxRange == kUnlimited || range.minRange != 1) {
            throw ParseError(range.column, "bad drop depth: write the number of ranks, e.g. @8");
        }
        drop.depth = range.maxRange;
    }
    // "@" without a number: the whole board (depth 0). XBoard's page says the default is 1, but
    // every published example writes the depth, and "can be dropped" reads as "anywhere".
    if (i < text.size()) {
        throw ParseError(columnOf(i),
                         "nothing may follow the drop suffix: '@' ends the description");
    }
    piece.drop = drop;
}

}  // namespace

PieceMoves parseXBetza(std::string_view text) {
    if (text.empty()) {
        throw ParseError(1, "empty description: expected at least one move, e.g. W or fmWfcF");
    }
    PieceMoves piece;
    std::size_t i = 0;
    while (i < text.size()) {
        const std::size_t moveStart = i;
        std::vector<LegLetters> legs(1);
        std::vector<int> aColumns;
        int initial = 0;
        int initialColumn = 0;
        while (i < text.size() && isLowerLetter(text[i])) {
            const char c = text[i];
            const int col = columnOf(i);
            ++i;
            if (c == 'a') {
                legs.emplace_back();
                aColumns.push_back(col);
            } else if (c == 'i') {
                if (legs.size() > 1) {
                    throw ParseError(col,
                                     "not supported: 'i' on a later leg (XBoard's "
                                     "same-length-as-the-last-slider rule)");
                }
                if (!legs[0].empty()) {
                    throw ParseError(col,
                                     "'i' (initial move) must come first, before the other "
                                     "modifiers of the move");
                }
                if (initial == 2) {
                    throw ParseError(col,
                                     "at most two i: i = the piece has not moved, ii = it "
                                     "stands one rank ahead of its start");
                }
                ++initial;
                if (!initialColumn) initialColumn = col;
            } else if (isDirLetter(c) || std::strchr(kModeLetters, c)) {
                legs.back().letters.push_back(Letter{c, col});
            } else {
                throw ParseError(col, unknownModifier(c));
            }
        }
        if (i >= text.size()) {
            throw ParseError(columnOf(i - 1), "expected an atom letter after modifiers '" +
                                                  std::string(text.substr(moveStart)) + "'");
        }
        const char a = text[i];
        const int atomColumn = columnOf(i);
        if (a == '@') {
            parseDrop(text, i, legs, initialColumn, piece);
            break;
        }
        // --- the atom
        NamedAtom atom;
        bool castling = false, universal = false;
        if (a == '(') {
            atom = NamedAtom{readVector(text, i), 1};
        } else if (a == 'J' || a == 'L') {
            throw ParseError(atomColumn,
                             std::string("'") + a +
                                 "' is ambiguous in XBetza (XBoard 4.9.1 and the published quick "
                                 "reference disagree): write C for the camel (1,3) or Z for the "
                                 "zebra (2,3)");
        } else if (a == 'O') {
            castling = true;
            ++i;
        } else if (a == 'U') {
            universal = true;
            ++i;
        } else if (auto named = commonAtom(a)) {
            atom = *named;
            ++i;
        } else if (isUpperLetter(a)) {
            throw ParseError(atomColumn, std::string("unknown atom '") + a +
                                             "': XBetza atoms are W F D N A H C Z G K B R Q, O "
                                             "(castling), U (universal), (x,y) and @ (drop)");
        } else {
            throw ParseError(atomColumn, unexpectedCharacter(a));
        }
        // --- the range
        RangeSpec range;
        if (!castling && !universal && a != '(' && atom.implicitRange == 1 && i < text.size() &&
            text[i] == a) {
            // A doubled atom is its unlimited rider (NN = N0, the nightrider), as classic Betza
            // and the CV reference read it; XBoard 4.9.1 reads NN as N + N.
            range.written = true;
            range.column = columnOf(i);
            range.maxRange = kUnlimited;
            ++i;
            if (i < text.size() && isDigitChar(text[i])) {
                throw ParseError(columnOf(i), std::string("a doubled atom (") + a + a +
                                                  ") is already unlimited: no number may follow");
            }
        } else {
            range = readRange(text, i);
        }

        Move move;
        move.initial = static_cast<std::uint8_t>(initial);
        if (castling || universal) {
            const char* name = castling ? "O (castling)" : "U (universal leaper)";
            if (legs.size() > 1) {
                throw ParseError(aColumns[0], std::string("not supported: ") + name +
                                                  " in a move of several legs");
            }
            Leg leg;
            leg.atom.kind = castling ? AtomKind::Castling : AtomKind::Universal;
            if (castling) {
                if (initialColumn) {
                    throw ParseError(initialColumn,
                                     "'i' does not apply to O: castling is only for "
                                     "unmoved pieces anyway");
                }
                for (const Letter& l : legs[0].letters) {
                    if (l.c != 'j') {
                        throw ParseError(l.column, std::string("'") + l.c +
                                                       "' does not apply to O (castling): only j "
                                                       "(castle with the piece one square in)");
                    }
                }
                if (legs[0].count('j') > 1) {
                    throw ParseError(legs[0].letters[1].column, "'j' is written twice before O");
                }
                if (!range.written) {
                    throw ParseError(atomColumn,
                                     "O (castling) needs the distance the royal moves, "
                                     "e.g. O2");
                }
                if (range.maxRange == kUnlimited || range.minRange != 1) {
                    throw ParseError(range.column,
                                     "bad castling distance: write the number of "
                                     "squares, e.g. O2");
                }
                move.castleInner = legs[0].has('j');
                leg.maxRange = range.maxRange;
                // Castling never captures: the squares it moves to must be empty.
                leg.mode = kModeEmpty;
            } else {
                ModeMask m = 0;
                for (const Letter& l : legs[0].letters) {
                    switch (l.c) {
                        case 'm':
                            m |= kModeEmpty;
                            break;
                        case 'c':
                            m |= kModeCaptureEnemy;
                            break;
                        case 'd':
                            m |= kModeCaptureFriend;
                            break;
                        default:
                            throw ParseError(l.column, std::string("'") + l.c +
                                                           "' does not apply to U (universal "
                                                           "leaper): only m, c and d do");
                    }
                }
                rejectRepeats(legs[0], "mcd");
                if (range.written) {
                    throw ParseError(range.column, "U (universal leaper) takes no range");
                }
                leg.mode = m ? m : kModeDefaultFinal;
            }
            move.legs.push_back(leg);
            piece.moves.push_back(move);
            continue;
        }

        const std::size_t k = legs.size();
        std::uint8_t state = atom.implicitRange;  // the range of the next leg (g/y toggle it)
        for (std::size_t j = 0; j < k; ++j) {
            const LegLetters& L = legs[j];
            rejectRepeats(L, "mcdetpgoynu");
            const bool final = j + 1 == k;
            Leg leg;
            leg.atom = atom.atom;
            leg.dirs = j == 0 ? resolveFirstLegDirs(L.dirRuns(), atom.atom, false)
                              : resolveLaterLegDirs(L.dirRuns(), atom.atom, false);
            leg.cylinder = L.has('o');
            leg.unload = L.has('u');
            const bool hop = L.has('p') || L.has('g');
            const bool tame = L.has('t');
            if (!final) {
                if (L.has('e')) {
                    throw ParseError(L.column('e'),
                                     "'e' (en passant) only applies to the final leg");
                }
                ModeMask m = 0;
                if (L.has('m') || L.has('y')) m |= kModeEmpty;
                if (L.has('c')) m |= kModeCaptureEnemy;  // locust capture
                if (L.has('d')) m |= kModeCaptureFriend;
                if (hop) m |= tame ? kModeHopFriend : (kModeHopEnemy | kModeHopFriend);
                leg.mode = m ? m : kModeDefaultRelay;
                // t with p/g restricts the hop to own pieces; without them it is "tame".
                leg.tame = tame && !hop;
                leg.maxRange = state;
                applyJumpLetters(leg, L);
                move.legs.push_back(leg);
                // g and y toggle the range of the following legs: XBoard replaces the atom by its
                // upgrade (F<->B, W<->R, K<->Q, N->N0) for the rest of the chain, so a second
                // toggle turns it back.
                if (L.has('g') || L.has('y')) state = toggledRange(state);
                continue;
            }
            if (L.has('y')) {
                throw ParseError(L.column('y'),
                                 "'y' only applies to a leg followed by 'a' (it "
                                 "toggles the range of the next leg)");
            }
            ModeMask fm = 0;
            if (L.has('m')) fm |= kModeEmpty;
            if (L.has('c')) fm |= kModeCaptureEnemy;
            if (L.has('d')) fm |= kModeCaptureFriend;
            if (L.has('e')) fm |= kModeEnPassant;
            if (!fm) fm = kModeDefaultFinal;
            std::uint8_t minR = 1, maxR = state;
            // After an odd number of toggles the final leg has the upgraded atom and a written
            // range is stripped (spec 4.5: yafF3 == yafF).
            if (state == atom.implicitRange && range.written) {
                minR = range.minRange;
                maxR = range.maxRange;
            }
            if (!hop) {
                leg.mode = fm;
                leg.tame = tame;
                leg.minRange = minR;
                leg.maxRange = maxR;
                applyJumpLetters(leg, L);
                move.legs.push_back(leg);
            } else {
                // pR == pafR and gQ == gafQ (spec 4.5): the written leg rides to the platform,
                // then one more leg goes straight on. For p the range written after the atom
                // belongs to that final leg (pR3 == pafR3); g toggles it and strips it.
                leg.maxRange = state;
                applyJumpLetters(leg, L);
                if (L.has('g')) {
                    appendHopLegs(move.legs, leg, tame, fm, 1, toggledRange(state));
                } else {
                    appendHopLegs(move.legs, leg, tame, fm, minR, maxR);
                }
            }
        }
        piece.moves.push_back(move);
    }
    return piece;
}

}  // namespace timur::betza
