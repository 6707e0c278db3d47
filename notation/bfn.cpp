// Betza's Funny Notation as documents 000 and 001 describe it, plus Betza's own q, g[..] (go) and
// t[..] (then) of document 003 (spec/betza.md section 1, dialect "bfn").
//
// Where BFN differs from XBetza:
//  - L = camel (1,3) and J = zebra (2,3) (document 001's lettering); C and Z are accepted too.
//  - XX = the unlimited X rider (WW = R, NN = nightrider).
//  - Knight directions of three letters select one vector (document 000's table: ffl = (-1,2),
//    fsr = (2,1), bbl = (-1,-2)); XBetza reads ffl as ff + l. `h` must follow f, b, l or r.
//  - j = may jump over one piece (Leg::maxJumps = 1), jj = over any number (Leg::jumpAny),
//    n = may not jump (Pass::Lame), e = en passant, o = cylinder, i = initial.
//  - p = pao and g = grasshopper are normalised like XBetza's pR == pafR, gQ == gafQ.
//  - z before an atom = crooked rider (Shape::Crooked), q = circular rider (Shape::Circular);
//    both make a leaper an unlimited rider unless a range is written (qN = the rose).
//  - [XY] = X then Y in one move, Y continuing outward (straight on if Y has that direction, else
//    turning 45 degrees: [WF] = W then F outward). g[XY] ("go") is the same compulsory chain
//    (g[mWF] = the xiangqi horse = XBetza mafsW). t[XY] ("then") may stop after every atom: it
//    becomes the moves X, [XY] (t[FR] = the griffon = F + F-then-R outward = XBetza FyafsF).
//  - z[XY] (zig-zag, the rhino z[WF]) is the chain [XY] repeated along the same vectors
//    (Move::repeat over all its legs, unlimited), stopping allowed after every step: every leg
//    but the last of the group has mayStopHere (and then ends like a final leg: m or c).
#include <cstring>
#include <string>

#include "notation/lexer.h"
#include "notation/parse.h"

namespace timur::betza {

using namespace detail;

namespace {

constexpr const char* kBfnModifiers = "mcenjpgzqoit";

std::string unknownModifier(char c) {
    switch (c) {
        case 'a':
            return "'a' (another leg) is XBetza, not BFN: write [XY] or select notation \"xbetza\"";
        case 'd':
        case 'y':
        case 'u':
            return std::string("'") + c + "' is XBetza, not BFN: select notation \"xbetza\"";
        default:
            break;
    }
    return std::string("unknown modifier '") + c +
           "': BFN modifiers are the directions f b l r v s h and m c e n j p g z q o i t";
}

std::optional<NamedAtom> bfnAtom(char c) {
    if (c == 'L') return NamedAtom{stepAtom(1, 3), 1};  // camel, document 001
    if (c == 'J') return NamedAtom{stepAtom(2, 3), 1};  // zebra, document 001
    return commonAtom(c);
}

struct Item {
    LegLetters letters;
    NamedAtom atom;
    RangeSpec range;
    int column = 0;
};

// Reads an atom letter with its doubling or range at text[i].
void readAtom(std::string_view text, std::size_t& i, Item& item, const std::string& after) {
    if (i >= text.size()) {
        throw ParseError(columnOf(i - 1),
                         "expected an atom letter after modifiers '" + after + "'");
    }
    const char a = text[i];
    item.column = columnOf(i);
    auto named = bfnAtom(a);
    if (!named) {
        if (a == 'T') {
            throw ParseError(item.column, "unknown atom 'T': the (3,3) tripper is G");
        }
        if (a == '(') {
            throw ParseError(item.column,
                             "(x,y) vectors are not BFN: select notation \"xbetza\" or \"bex\"");
        }
        if (isUpperLetter(a)) {
            throw ParseError(item.column, std::string("unknown atom '") + a +
                                              "': BFN atoms are W F D N A H G L J C Z K R B Q");
        }
        if (isDigitChar(a)) {
            throw ParseError(item.column, std::string("unexpected number '") + a +
                                              "': a range must follow an atom letter (W3)");
        }
        throw ParseError(item.column, "expected an atom letter, found " + describeChar(a));
    }
    item.atom = *named;
    ++i;
    if (named->implicitRange == 1 && i < text.size() && text[i] == a) {
        item.range.written = true;
        item.range.column = columnOf(i);
        item.range.maxRange = kUnlimited;  // XX = the unlimited rider
        ++i;
        if (i < text.size() && isDigitChar(text[i])) {
            throw ParseError(columnOf(i), std::string("a doubled atom (") + a + a +
                                              ") is already unlimited: no number may follow");
        }
    } else {
        item.range = readRange(text, i);
    }
}

void readLetters(std::string_view text, std::size_t& i, LegLetters& letters) {
    while (i < text.size() && isLowerLetter(text[i])) {
        const char c = text[i];
        if (!isDirLetter(c) && !std::strchr(kBfnModifiers, c)) {
            throw ParseError(columnOf(i), unknownModifier(c));
        }
        letters.letters.push_back(Letter{c, columnOf(i)});
        ++i;
    }
}

ModeMask finalModes(const LegLetters& l) {
    ModeMask m = 0;
    if (l.has('m')) m |= kModeEmpty;
    if (l.has('c')) m |= kModeCaptureEnemy;
    if (l.has('e')) m |= kModeEnPassant;
    return m;
}

void applyBfnJumps(Leg& leg, const LegLetters& l) {
    const int j = l.count('j');
    if (j && l.has('n')) {
        throw ParseError(l.column('j'),
                         "'n' (may not jump) and 'j' (may jump) contradict each other");
    }
    if (j > 2) throw ParseError(l.column('j'), "at most jj (may jump over any number of pieces)");
    if (j == 1) leg.maxJumps = 1;
    if (j == 2) leg.jumpAny = true;
    if (l.has('n')) leg.pass = Pass::Lame;
}

Move singleAtomMove(const Item& item) {
    const LegLetters& L = item.letters;
    rejectRepeats(L, "mcenpgzqoi");
    if (L.has('t')) {
        throw ParseError(L.column('t'), "'t' (then) must be followed by [..], as in t[FR]");
    }
    const bool hop = L.has('p') || L.has('g');
    const bool shaped = L.has('z') || L.has('q');
    if (L.has('z') && L.has('q')) {
        throw ParseError(L.column('q'), "'z' (crooked) and 'q' (circular) exclude each other");
    }
    if (hop && shaped) {
        throw ParseError(L.column(L.has('z') ? 'z' : 'q'),
                         "not supported: a crooked or circular hopper");
    }
    if (L.has('p') && L.has('g')) {
        throw ParseError(L.column('g'), "'p' (pao) and 'g' (grasshopper) exclude each other");
    }
    Move move;
    move.initial = L.has('i') ? 1 : 0;
    Leg leg;
    leg.atom = item.atom.atom;
    leg.dirs = resolveFirstLegDirs(L.dirRuns(), item.atom.atom, true);
    leg.cylinder = L.has('o');
    std::uint8_t minR = item.range.written ? item.range.minRange : 1;
    std::uint8_t maxR = item.range.written ? item.range.maxRange : item.atom.implicitRange;
    if (shaped) {
        leg.shape = L.has('z') ? Shape::Crooked : Shape::Circular;
        if (!item.range.written && maxR == 1) maxR = kUnlimited;  // qN = the rose, a rider
    }
    ModeMask fm = finalModes(L);
    if (!fm) fm = kModeDefaultFinal;
    applyBfnJumps(leg, L);
    if (!hop) {
        leg.mode = fm;
        leg.minRange = minR;
        leg.maxRange = maxR;
        move.legs.push_back(leg);
        return move;
    }
    // Hoppers as in XBetza: pR == pafR, gB == gafB (the leg after the platform is one F step).
    leg.maxRange = item.atom.implicitRange;
    if (L.has('g')) {
        appendHopLegs(move.legs, leg, false, fm, 1, toggledRange(item.atom.implicitRange));
    } else {
        appendHopLegs(move.legs, leg, false, fm, minR, maxR);
    }
    return move;
}

void bracketMoves(std::string_view text, std::size_t& i, const LegLetters& outerLetters,
                  PieceMoves& piece) {
    const int open = columnOf(i);
    ++i;
    std::vector<Item> items;
    while (true) {
        if (i >= text.size()) throw ParseError(open, "unclosed '[': expected ']'");
        if (text[i] == ']') {
            ++i;
            break;
        }
        if (text[i] == '[') throw ParseError(columnOf(i), "not supported: nested brackets");
        Item item;
        const std::size_t start = i;
        readLetters(text, i, item.letters);
        if (i >= text.size()) throw ParseError(open, "unclosed '[': expected ']'");
        if (text[i] == ']') {
            throw ParseError(columnOf(i), "expected an atom letter after modifiers '" +
                                              std::string(text.substr(start, i - start)) + "'");
        }
        readAtom(text, i, item, std::string(text.substr(start, i - start)));
        for (const Letter& l : item.letters.letters) {
            const bool ok =
                l.c == 'm' || l.c == 'c' || l.c == 'n' || (isDirLetter(l.c) && items.empty());
            if (!ok) {
                throw ParseError(l.column, std::string("not supported: '") + l.c +
                                               "' on an atom inside [..] (m, c and n are; "
                                               "directions only on the first atom)");
            }
        }
        rejectRepeats(item.letters, "mcn");
        items.push_back(item);
    }
    if (items.size() < 2) throw ParseError(open, "[..] needs at least two atoms: X then Y");

    // The operator letter right before '[' (g = go, t = then, z = zig-zag).
    char op = 0;
    LegLetters outer = outerLetters;
    if (!outer.empty() && outer.lastColumn() == open - 1 &&
        std::strchr("gtz", outer.letters.back().c)) {
        op = outer.letters.back().c;
        outer.letters.pop_back();
    }
    for (const Letter& l : outer.letters) {
        if (!isDirLetter(l.c) && !std::strchr("mceio", l.c)) {
            throw ParseError(l.column,
                             std::string("not supported: '") + l.c +
                                 "' before [..] (directions, m c e i o and the operator g, "
                                 "t or z right before '[' are)");
        }
    }
    rejectRepeats(outer, "mceio");
    if (outer.hasDirs() && items[0].letters.hasDirs()) {
        throw ParseError(items[0].letters.firstColumn(),
                         "directions are written twice: before [..] and on its first atom");
    }
    const ModeMask outerFinal = finalModes(outer);

    const Atom chainAtom = items[0].atom.atom;
    ChainDirections chain(chainAtom);
    std::vector<Leg> legs;
    std::vector<ModeMask> stopModes;  // the mode of each leg if the move ends there
    for (std::size_t k = 0; k < items.size(); ++k) {
        const Item& item = items[k];
        Leg leg;
        leg.atom = chainAtom;
        leg.minRange = item.range.written ? item.range.minRange : 1;
        leg.maxRange = item.range.written ? item.range.maxRange : item.atom.implicitRange;
        if (k == 0) {
            const LegLetters& dirs = outer.hasDirs() ? outer : item.letters;
            leg.dirs = resolveFirstLegDirs(dirs.dirRuns(), chainAtom, true);
        } else {
            leg.dirs = chain.next(item.atom.atom, false, item.column);
        }
        leg.cylinder = outer.has('o');
        if (item.letters.has('n')) leg.pass = Pass::Lame;
        ModeMask relay = 0;
        if (item.letters.has('m')) relay |= kModeEmpty;
        if (item.letters.has('c')) relay |= kModeCaptureEnemy;  // locust
        ModeMask stop = relay;
        if (!stop) stop = outerFinal;
        if (!stop) stop = kModeDefaultFinal;
        leg.mode = relay ? relay : kModeDefaultRelay;
        legs.push_back(leg);
        stopModes.push_back(stop);
    }
    if (items.back().letters.has('m') || items.back().letters.has('c')) {
        if (outerFinal) {
            throw ParseError(outer.column(outer.has('m') ? 'm' : (outer.has('c') ? 'c' : 'e')),
                             "the final modes are written twice: before [..] and on its last atom");
        }
    }
    const std::uint8_t initial = outer.has('i') ? 1 : 0;
    if (op == 't') {
        for (std::size_t n = 1; n <= legs.size(); ++n) {
            Move move;
            move.initial = initial;
            move.legs.assign(legs.begin(), legs.begin() + static_cast<long>(n));
            move.legs.back().mode = stopModes[n - 1];
            piece.moves.push_back(move);
        }
        return;
    }
    legs.at(legs.size() - 1).mode = stopModes.at(stopModes.size() - 1);
    Move move;
    move.initial = initial;
    move.legs = legs;
    if (op == 'z') {
        for (std::size_t k = 0; k + 1 < move.legs.size(); ++k) move.legs[k].mayStopHere = true;
        move.repeat = Repeat{0, static_cast<std::uint8_t>(move.legs.size() - 1), 1, kUnlimited};
    }
    piece.moves.push_back(move);
}

}  // namespace

PieceMoves parseBfn(std::string_view text) {
    if (text.empty()) {
        throw ParseError(1, "empty description: expected at least one move, e.g. W or fcFfmW");
    }
    PieceMoves piece;
    std::size_t i = 0;
    while (i < text.size()) {
        const std::size_t start = i;
        Item item;
        readLetters(text, i, item.letters);
        if (i < text.size() && text[i] == '[') {
            bracketMoves(text, i, item.letters, piece);
            continue;
        }
        if (i < text.size() && text[i] == ']') {
            throw ParseError(columnOf(i), "unexpected ']': there is no '[' to close");
        }
        readAtom(text, i, item, std::string(text.substr(start, i - start)));
        piece.moves.push_back(singleAtomMove(item));
    }
    return piece;
}

}  // namespace timur::betza
