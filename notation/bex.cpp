// Betza 2.0 / Bex ("Proposed Betza Extended Notation", document 003; spec/betza.md section 1,
// dialect "bex").
//
//   piece   = union [ "=" name { "," name } ]          promotion list -> PieceMoves::promotions
//   union   = term { [ "+" ] term }                     juxtaposition and + are both a union
//   term    = mods "(" union ")" [ suffix ]             grouping; a suffix repeats the group
//           | chain
//   chain   = element { ( "-" | "--" ) element }         X-Y: continue without turning,
//                                                        X--Y: continue with a turn
//   element = mods atom [ suffix ]
//   atom    = W F D N A H C Z G K B R Q | O (null move) | "(" m "," n ")"
//   suffix  = "*" (rider) | n (at most n) | 0n (exactly n) | 0 (unlimited)
//   mods    = directions f b l r v s h, m c d, i (initial), e (may jump), j (hop, the pao: jR),
//             t (with j: hop own pieces only), o (cylinder), y (royal piece)
//
// Decisions where document 003 leaves a case open (written down here, tested in
// tests/notation_parse_test.cpp):
//  - X-Y continues outward like BFN's [XY]: straight on when Y has that direction, else the two
//    45 degree turns (mW-F = the xiangqi horse = XBetza mafsW, mF-F = the xiangqi elephant).
//    X--Y uses XBetza's later-leg defaults (mN--N = XBetza maN).
//  - A chain's legs are stored like an XBetza chain (every leg holds the first atom, later legs
//    relative turns), so Bex chains compare equal to their XBetza forms.
//  - (chain)* / (chain)0 / (chain)n / (chain)0n repeat the chain along the same vectors
//    (Move::repeat); (X)* of one single-step atom is the rider X*.
//  - e = may jump: on a chain every relay square may be occupied (e(mfW-F) = the shogi knight);
//    on a rider it passes over anything (Leg::jumpAny). On a one-step leaper it is an error.
//  - j = hop (the pao of BFN's p): jR == XBetza pR, normalised the same way.
//  - y makes the whole piece royal wherever it is written.
//  - The exotic bracket operators ([ca] [cw] [cj] [cl] [ci] [ccM] [cu] [crM] [xiM] [x!iM] [xwM]
//    [xo]) are "not supported" errors.
#include <cstring>
#include <string>

#include "notation/lexer.h"
#include "notation/parse.h"

namespace timur::betza {

using namespace detail;

namespace {

constexpr const char* kBexModifiers = "mcdeijoty";

std::string unknownModifier(char c) {
    switch (c) {
        case 'p':
            return "'p' is not Bex: Bex writes a hopper with j (jR = the pao)";
        case 'g':
            return "'g' is not Bex: select notation \"xbetza\" or \"bfn\" for grasshoppers (gQ)";
        case 'n':
            return "'n' is not Bex: Bex writes a lame leaper as a chain (mW-F)";
        case 'a':
            return "'a' is not Bex: Bex chains legs with X-Y and X--Y";
        case 'q':
        case 'z':
            return std::string("'") + c + "' is BFN, not Bex: select notation \"bfn\"";
        default:
            break;
    }
    return std::string("unknown modifier '") + c +
           "': Bex modifiers are the directions f b l r v s h and m c d i e j t o y";
}

struct Exotic {
    const char* name;
    bool takesAtom;
    const char* meaning;
};
constexpr Exotic kExotics[] = {
    {"ca", false, "advancer capture"},
    {"cw", false, "withdrawer capture"},
    {"cj", false, "capture by jumping over one piece"},
    {"cl", false, "capture by jumping over any number of pieces"},
    {"ci", false, "chameleon"},
    {"cc", true, "custodial capture"},
    {"cu", false, "self-destruction capturing the adjacent enemies"},
    {"cr", true, "capture of every piece in range"},
    {"xi", true, "immobiliser"},
    {"x!i", true, "release of immobilised pieces"},
    {"xw", true, "swap with a piece in range"},
    {"xo", false, "return to the previous square"},
};

struct Element {
    LegLetters letters;
    NamedAtom atom;
    bool null = false;
    RangeSpec range;
    int column = 0;
};

class BexParser {
  public:
    explicit BexParser(std::string_view text) : text_(text) {}

    PieceMoves run() {
        if (text_.empty()) {
            throw ParseError(1,
                             "empty description: expected at least one move, e.g. W or "
                             "imfW2+mfW+cfF");
        }
        piece_.moves = parseUnion(0);
        if (i_ < text_.size() && text_[i_] == '=') parsePromotions();
        if (i_ < text_.size()) {
            throw ParseError(columnOf(i_), "unexpected " + describeChar(text_[i_]));
        }
        return piece_;
    }

  private:
    bool atEnd() const { return i_ >= text_.size(); }
    char peek() const { return text_[i_]; }

    std::vector<Move> parseUnion(int openColumn) {
        std::vector<Move> moves;
        bool expectTerm = true;
        int plusColumn = 0;
        while (true) {
            if (atEnd()) {
                if (openColumn) throw ParseError(openColumn, "unclosed '(': expected ')'");
                break;
            }
            const char c = peek();
            if (c == ')') {
                if (!openColumn)
                    throw ParseError(columnOf(i_), "unexpected ')': there is no '(' to close");
                break;
            }
            if (c == '=') {
                if (openColumn) {
                    throw ParseError(columnOf(i_), "'=' (promotions) must come last, outside ( )");
                }
                break;
            }
            if (c == '+') {
                if (expectTerm) {
                    throw ParseError(columnOf(i_), "unexpected '+': expected a move before it");
                }
                plusColumn = columnOf(i_);
                ++i_;
                expectTerm = true;
                continue;
            }
            std::vector<Move> term = parseTerm();
            moves.insert(moves.end(), term.begin(), term.end());
            expectTerm = false;
        }
        if (expectTerm && plusColumn) {
            throw ParseError(plusColumn, "dangling '+': expected a move after it");
        }
        if (moves.empty()) {
            if (openColumn) throw ParseError(openColumn, "empty group '()'");
            throw ParseError(columnOf(i_),
                             "expected at least one move before " +
                                 (atEnd() ? std::string("the end") : describeChar(peek())));
        }
        return moves;
    }

    void readLetters(LegLetters& letters) {
        while (!atEnd() && isLowerLetter(peek())) {
            const char c = peek();
            if (!isDirLetter(c) && !std::strchr(kBexModifiers, c)) {
                throw ParseError(columnOf(i_), unknownModifier(c));
            }
            letters.letters.push_back(Letter{c, columnOf(i_)});
            ++i_;
        }
    }

    bool vectorAhead() const {
        if (atEnd() || peek() != '(' || i_ + 1 >= text_.size()) return false;
        const char n = text_[i_ + 1];
        return isDigitChar(n) || n == '-' || n == '+';
    }

    // "*" or digits after an atom or a group.
    RangeSpec readSuffix() {
        if (!atEnd() && peek() == '*') {
            RangeSpec r;
            r.written = true;
            r.column = columnOf(i_);
            r.maxRange = kUnlimited;
            ++i_;
            if (!atEnd() && (isDigitChar(peek()) || peek() == '*')) {
                throw ParseError(columnOf(i_), "nothing may follow '*' (the unlimited rider)");
            }
            return r;
        }
        return readRange(text_, i_);
    }

    [[noreturn]] void exotic() {
        const int open = columnOf(i_);
        std::size_t close = text_.find(']', i_);
        if (close == std::string_view::npos) throw ParseError(open, "unclosed '[': expected ']'");
        const std::string_view inside = text_.substr(i_ + 1, close - i_ - 1);
        for (const Exotic& e : kExotics) {
            const std::string_view name = e.name;
            if (inside.substr(0, name.size()) != name) continue;
            const std::string_view rest = inside.substr(name.size());
            if (e.takesAtom ? !rest.empty() : rest.empty()) {
                throw ParseError(open, "not supported: the exotic operator [" +
                                           std::string(inside) + "] (" + e.meaning + ")");
            }
        }
        throw ParseError(open, "unknown bracket operator [" + std::string(inside) +
                                   "]: Bex brackets are the exotic operators [ca] [cw] [cj] [cl] "
                                   "[ci] [ccM] [cu] [crM] [xiM] [x!iM] [xwM] [xo]");
    }

    std::vector<Move> parseTerm() {
        LegLetters letters;
        const std::size_t start = i_;
        readLetters(letters);
        if (atEnd()) {
            throw ParseError(columnOf(i_ - 1), "expected an atom letter after modifiers '" +
                                                   std::string(text_.substr(start)) + "'");
        }
        if (peek() == '[') exotic();
        if (peek() == '(' && !vectorAhead()) return parseGroup(letters);
        return {parseChain(letters)};
    }

    std::vector<Move> parseGroup(const LegLetters& letters) {
        const int open = columnOf(i_);
        ++i_;
        std::vector<Move> moves = parseUnion(open);
        ++i_;  // ')', checked by parseUnion
        const RangeSpec suffix = readSuffix();
        if (!atEnd() && peek() == '-') {
            throw ParseError(columnOf(i_), "not supported: a group ( ) inside a chain");
        }
        if (suffix.written) repeatGroup(moves, suffix);
        rejectRepeats(letters, "eiy");
        for (const Letter& l : letters.letters) {
            switch (l.c) {
                case 'y':
                    piece_.royal = true;
                    break;
                case 'i':
                    for (Move& m : moves) m.initial = 1;
                    break;
                case 'e':
                    for (Move& m : moves) mayJump(m, l.column);
                    break;
                default:
                    throw ParseError(l.column, std::string("not supported: '") + l.c +
                                                   "' before a group ( ) (e, i and y are)");
            }
        }
        return moves;
    }

    void repeatGroup(std::vector<Move>& moves, const RangeSpec& r) {
        if (moves.size() != 1) {
            throw ParseError(r.column, "not supported: repeating a group of several moves");
        }
        Move& m = moves[0];
        if (m.repeat)
            throw ParseError(r.column, "not supported: a repeated group inside a repeated group");
        if (m.legs.size() == 1) {
            Leg& leg = m.legs[0];
            if (leg.minRange != 1 || leg.maxRange != 1) {
                throw ParseError(r.column, "not supported: repeating a rider");
            }
            leg.minRange = r.minRange;
            leg.maxRange = r.maxRange;
            return;
        }
        m.repeat = Repeat{0, static_cast<std::uint8_t>(m.legs.size() - 1), r.minRange, r.maxRange};
    }

    // e = may jump, applied to a whole move.
    static void mayJump(Move& m, int column) {
        if (m.legs.size() == 1) {
            Leg& leg = m.legs[0];
            if (leg.maxRange == 1) {
                throw ParseError(column, "'e' (may jump) has no effect on a one-step leaper");
            }
            leg.jumpAny = true;
            return;
        }
        for (std::size_t k = 0; k + 1 < m.legs.size(); ++k) {
            m.legs[k].mode |= kModeHopEnemy | kModeHopFriend;
        }
    }

    Element parseElement(LegLetters letters) {
        Element el;
        el.letters = std::move(letters);
        el.column = columnOf(i_);
        const char a = peek();
        if (a == '(') {
            el.atom = NamedAtom{readVector(text_, i_), 1};
        } else if (a == 'O') {
            el.null = true;
            ++i_;
        } else if (a == 'J' || a == 'L') {
            throw ParseError(el.column, std::string("'") + a +
                                            "' is ambiguous: write C for the camel (1,3) or Z "
                                            "for the zebra (2,3)");
        } else if (auto named = commonAtom(a)) {
            el.atom = *named;
            ++i_;
        } else if (isUpperLetter(a)) {
            throw ParseError(el.column, std::string("unknown atom '") + a +
                                            "': Bex atoms are W F D N A H C Z G K B R Q, O (null "
                                            "move) and (m,n)");
        } else if (isDigitChar(a)) {
            throw ParseError(el.column, std::string("unexpected number '") + a +
                                            "': a range must follow an atom letter (W3)");
        } else if (a == '-') {
            throw ParseError(el.column, "unexpected '-': expected an atom before it");
        } else {
            throw ParseError(el.column, "expected an atom letter, found " + describeChar(a));
        }
        el.range = readSuffix();
        if (el.null && el.range.written) {
            throw ParseError(el.range.column, "O (null move) takes no range");
        }
        return el;
    }

    Move parseChain(const LegLetters& firstLetters) {
        std::vector<Element> elements;
        std::vector<bool> turns;  // turns[k]: element k+1 was joined with "--"
        elements.push_back(parseElement(firstLetters));
        while (!atEnd() && peek() == '-') {
            const int dash = columnOf(i_);
            ++i_;
            bool withTurn = false;
            if (!atEnd() && peek() == '-') {
                withTurn = true;
                ++i_;
                if (!atEnd() && peek() == '-') {
                    throw ParseError(columnOf(i_), "'---': a chain is joined with - or --");
                }
            }
            if (atEnd()) {
                throw ParseError(dash, std::string("dangling '") + (withTurn ? "--" : "-") +
                                           "': expected an atom after it");
            }
            LegLetters letters;
            const std::size_t start = i_;
            readLetters(letters);
            if (atEnd()) {
                throw ParseError(columnOf(i_ - 1), "expected an atom letter after modifiers '" +
                                                       std::string(text_.substr(start)) + "'");
            }
            if (peek() == '(' && !vectorAhead()) {
                throw ParseError(columnOf(i_), "not supported: a group ( ) inside a chain");
            }
            elements.push_back(parseElement(letters));
            turns.push_back(withTurn);
        }
        return buildChain(elements, turns);
    }

    Move buildChain(const std::vector<Element>& els, const std::vector<bool>& turns) {
        Move move;
        if (els[0].null) {
            if (els.size() > 1)
                throw ParseError(els[1].column, "not supported: O (null move) in a chain");
            for (const Letter& l : els[0].letters.letters) {
                if (l.c == 'y') {
                    piece_.royal = true;
                    continue;
                }
                throw ParseError(l.column,
                                 std::string("'") + l.c + "' does not apply to O (the null move)");
            }
            Leg leg;
            leg.atom.kind = AtomKind::Null;
            leg.mode = kModeEmpty;  // the mover stays: nothing is captured
            move.legs.push_back(leg);
            return move;
        }
        const Atom chainAtom = els[0].atom.atom;
        ChainDirections chain(chainAtom);
        for (std::size_t k = 0; k < els.size(); ++k) {
            const Element& el = els[k];
            const LegLetters& L = el.letters;
            if (el.null) throw ParseError(el.column, "not supported: O (null move) in a chain");
            rejectRepeats(L, kBexModifiers);
            if (L.has('y')) piece_.royal = true;
            if (L.has('i')) {
                if (k > 0)
                    throw ParseError(L.column('i'), "'i' (initial) belongs at the start of a move");
                move.initial = 1;
            }
            if (k > 0 && L.hasDirs()) {
                throw ParseError(
                    L.firstColumn(),
                    "not supported: directions on a later atom of a chain (use - or --)");
            }
            const bool hop = L.has('j');
            if (L.has('t') && !hop) {
                throw ParseError(L.column('t'),
                                 "'t' (test) needs j: tjR hops only over own pieces");
            }
            const bool final = k + 1 == els.size();
            Leg leg;
            leg.atom = chainAtom;
            leg.minRange = el.range.written ? el.range.minRange : 1;
            leg.maxRange = el.range.written ? el.range.maxRange : el.atom.implicitRange;
            leg.dirs = k == 0 ? resolveFirstLegDirs(L.dirRuns(), chainAtom, false)
                              : chain.next(el.atom.atom, turns[k - 1], el.column);
            leg.cylinder = L.has('o');
            ModeMask m = 0;
            if (L.has('m')) m |= kModeEmpty;
            if (L.has('c')) m |= kModeCaptureEnemy;
            if (L.has('d')) m |= kModeCaptureFriend;
            const ModeMask hopBits =
                L.has('t') ? ModeMask(kModeHopFriend) : ModeMask(kModeHopEnemy | kModeHopFriend);
            if (!final) {
                leg.mode = m ? m : kModeDefaultRelay;
                if (hop) leg.mode = (m ? m : 0) | hopBits;
                if (L.has('e')) leg.mode |= kModeHopEnemy | kModeHopFriend;
                move.legs.push_back(leg);
                continue;
            }
            const ModeMask fm = m ? m : kModeDefaultFinal;
            if (L.has('e')) {
                if (leg.maxRange == 1) {
                    throw ParseError(L.column('e'),
                                     "'e' (may jump) has no effect on a one-step "
                                     "leaper; on a chain write e(mfW-F)");
                }
                leg.jumpAny = true;
            }
            if (!hop) {
                leg.mode = fm;
                move.legs.push_back(leg);
            } else {
                // jR (hop) == XBetza pR == pafR.
                const std::uint8_t minR = leg.minRange, maxR = leg.maxRange;
                leg.minRange = 1;
                leg.maxRange = el.atom.implicitRange;
                appendHopLegs(move.legs, leg, L.has('t'), fm, minR, maxR);
            }
        }
        return move;
    }

    void parsePromotions() {
        const int eq = columnOf(i_);
        ++i_;
        while (true) {
            const std::size_t start = i_;
            while (!atEnd() &&
                   (isUpperLetter(peek()) || isLowerLetter(peek()) || isDigitChar(peek())))
                ++i_;
            if (i_ == start) {
                const std::string after = start == static_cast<std::size_t>(eq) ? "'='" : "','";
                if (atEnd()) {
                    throw ParseError(columnOf(i_ - 1),
                                     "expected a piece after " + after + " (e.g. =Q,R,B,N)");
                }
                throw ParseError(columnOf(i_), "expected a piece after " + after + ", found " +
                                                   describeChar(peek()));
            }
            piece_.promotions.emplace_back(text_.substr(start, i_ - start));
            if (atEnd()) return;
            if (peek() != ',') {
                throw ParseError(columnOf(i_),
                                 "expected ',' or the end after a promotion piece, found " +
                                     describeChar(peek()));
            }
            ++i_;
        }
    }

    std::string_view text_;
    std::size_t i_ = 0;
    PieceMoves piece_;
};

}  // namespace

PieceMoves parseBex(std::string_view text) {
    return BexParser(text).run();
}

}  // namespace timur::betza
