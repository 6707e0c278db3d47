// XBetza as XBoard 4.9.1 reads it (spec/betza.md sections 3.1 - 3.8), extended with the superset
// of section 7.2: modifiers of a leg in any order, (x,y) vectors, U, @ drops, 0n exact ranges,
// NN = nightrider. Nothing is skipped: every character either means something or is an error.
//
// The modifiers XBoard 4.9.1 ignores but later XBetza defines (decisions, after XBoard's
// development branch and H.G. Muller's Interactive Diagram; XBoard wins where they differ):
//  - q / z on a move of one leg: the legacy Betza circular / crooked rider (Shape): qN is the
//    rose, qW / qF circle a square, zR / zB zig-zag. q makes a leaper a rider (qN = qN0), z needs
//    one (zW means nothing, as in the Interactive Diagram).
//  - q / z on a later leg: l or r, the same (q) or the other (z) way as the move's last turn
//    (ast.h Bend; afsafzfK = the falcon's zig-zag paths). On the first leg of a chain they have
//    no meaning and are errors.
//  - u: the piece the move captures reappears on the start square of the leg with u (XBoard,
//    2020): ucR swaps with an enemy, udR with a friend. As in XBoard, a move with u captures on
//    one leg only; the leg with u must start on the move's origin or on a square the move passed
//    empty (m), since the piece is put there.
//  - t: XBoard's meaning. On the final leg the move may not capture (or destroy, with d) a royal;
//    with p or g it hops over own pieces only (tpR). The Interactive Diagram implements neither
//    (and has proposed t as a leg separator for side effects); t on a leg followed by 'a'
//    without p or g means nothing in XBoard and is an error here.
#include <cstring>
#include <string>

#include "notation/lexer.h"
#include "notation/parse.h"

namespace timur::betza {

using namespace detail;

namespace {

constexpr const char* kModeLetters = "mcdetpgoynjuqz";

std::string unknownModifier(char c) {
    switch (c) {
        case 'x':
        case 'k':
        case 'w':
            return std::string("unknown modifier '") + c + "': XBoard ignores it, we do not";
        default:
            break;
    }
    return std::string("unknown modifier '") + c +
           "': XBetza modifiers are the directions f b l r v s h, the modes m c d e t p g o y n "
           "j u, q z (circular, crooked), a (another leg) and i (initial, at the start of a "
           "move)";
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

// q / z on a later leg stand for l or r (ast.h Bend): read them as s in the direction letters.
LegLetters bendAsSideways(const LegLetters& letters) {
    LegLetters out = letters;
    for (Letter& l : out.letters)
        if (l.c == 'q' || l.c == 'z') l.c = 's';
    return out;
}

// Checks q / z of one leg; returns the letter written (0 if none).
char shapeLetter(const LegLetters& L, std::size_t legIndex, std::size_t legCount) {
    if (L.has('q') && L.has('z')) {
        throw ParseError(std::max(L.column('q'), L.column('z')),
                         "'q' and 'z' exclude each other (circular or crooked, same or other "
                         "turn)");
    }
    const char c = L.has('q') ? 'q' : L.has('z') ? 'z' : 0;
    if (!c) return 0;
    const int col = L.column(c);
    if (legCount > 1 && legIndex == 0) {
        throw ParseError(col, std::string("'") + c +
                                  "' on the first leg of a move with 'a' means nothing: on a "
                                  "later leg it turns " +
                                  (c == 'q' ? "the same" : "the other") +
                                  " way as the last turn (afsaf" + c + "fK); alone it makes a " +
                                  (c == 'q' ? "circular rider (qN)" : "crooked rider (zR)"));
    }
    if (legCount > 1) {
        for (const Letter& l : L.letters) {
            if (l.c == 'l' || l.c == 'r' || l.c == 's' || l.c == 'h') {
                throw ParseError(col, std::string("'") + c +
                                          "' stands for l or r (whichever turns " +
                                          (c == 'q' ? "like" : "against") +
                                          " the last turn): it cannot be combined with l, r, "
                                          "s or h in one leg");
            }
        }
    }
    if (legCount == 1 && (L.has('p') || L.has('g'))) {
        throw ParseError(col, std::string("not supported: a ") +
                                  (c == 'q' ? "circular" : "crooked") + " hopper");
    }
    return c;
}

// The u rules XBoard sets (a move unloads the one piece it captures, on the start square of the
// leg with u, which must be a square the move leaves empty), checked on the finished move.
void checkUnload(const Move& move, const std::vector<LegLetters>& legs) {
    int uLeg = -1;
    for (std::size_t j = 0; j < legs.size(); ++j) {
        if (!legs[j].has('u')) continue;
        if (uLeg >= 0) {
            throw ParseError(legs[j].column('u'),
                             "'u' (unload) may be written on one leg only: the move puts its "
                             "one captured piece back once");
        }
        uLeg = int(j);
    }
    if (uLeg < 0) return;
    const int col = legs[uLeg].column('u');
    int capturing = 0;
    for (const Leg& leg : move.legs) {
        if (leg.mode & kModeEnPassant)
            throw ParseError(col, "'u' (unload) does not combine with 'e' (en passant)");
        capturing += (leg.mode & (kModeCaptureEnemy | kModeCaptureFriend)) != 0;
    }
    if (capturing == 0) {
        throw ParseError(col,
                         "'u' (unload) needs a capture: write c or d (ucR swaps places with an "
                         "enemy, udR with a friend)");
    }
    if (capturing > 1) {
        throw ParseError(col,
                         "a move with 'u' (unload) may capture on one leg only (the piece it "
                         "puts back; a last leg without m, c, d or e captures too)");
    }
    if (uLeg > 0) {
        // legs[] are the written legs; move.legs[uLeg - 1] is the leg written before (a final
        // hop adds a leg only after the last written one).
        const ModeMask before = move.legs[uLeg - 1].mode;
        if (!(before & kModeEmpty)) {
            throw ParseError(col,
                             "'u' on a leg that starts on an occupied square: the captured "
                             "piece is put on the square where this leg starts, so the leg "
                             "before must end on an empty square (m)");
        }
    }
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
            rejectRepeats(L, "mcdetpgoynuqz");
            const bool final = j + 1 == k;
            const char shape = shapeLetter(L, j, k);
            Leg leg;
            leg.atom = atom.atom;
            if (j == 0) {
                leg.dirs = resolveFirstLegDirs(L.dirRuns(), atom.atom, false);
            } else if (shape) {
                leg.dirs = resolveLaterLegDirs(bendAsSideways(L).dirRuns(), atom.atom, false);
                leg.bend = shape == 'q' ? Bend::Same : Bend::Opposite;
            } else {
                leg.dirs = resolveLaterLegDirs(L.dirRuns(), atom.atom, false);
            }
            leg.cylinder = L.has('o');
            leg.unload = L.has('u');
            const bool hop = L.has('p') || L.has('g');
            const bool tame = L.has('t');
            if (!final) {
                if (L.has('e')) {
                    throw ParseError(L.column('e'),
                                     "'e' (en passant) only applies to the final leg");
                }
                if (tame && !hop) {
                    throw ParseError(L.column('t'),
                                     "'t' on a leg followed by 'a' only restricts a hop: write "
                                     "tp or tg (hop over own pieces only); a move that may not "
                                     "capture a royal has t on its last leg");
                }
                ModeMask m = 0;
                if (L.has('m') || L.has('y')) m |= kModeEmpty;
                if (L.has('c')) m |= kModeCaptureEnemy;  // locust capture
                if (L.has('d')) m |= kModeCaptureFriend;
                if (hop) m |= tame ? kModeHopFriend : (kModeHopEnemy | kModeHopFriend);
                leg.mode = m ? m : kModeDefaultRelay;
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
                if (shape && k == 1) {
                    leg.shape = shape == 'q' ? Shape::Circular : Shape::Crooked;
                    if (!range.written && atom.implicitRange == 1) {
                        if (shape == 'z') {
                            throw ParseError(L.column('z'),
                                             "'z' (crooked) on a leaper means nothing: write a "
                                             "rider (zR, zB, zN0) or a range (zW3)");
                        }
                        leg.maxRange = kUnlimited;  // qN = the rose, a rider
                    }
                }
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
        checkUnload(move, legs);
        piece.moves.push_back(move);
    }
    return piece;
}

}  // namespace timur::betza
