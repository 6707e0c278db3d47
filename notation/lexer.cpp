#include "notation/lexer.h"

#include <cstdlib>

namespace timur::betza::detail {

std::string describeChar(char c) {
    if (c == ' ') return "a space";
    if (c == '\t') return "a tab";
    if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7F) {
        return "a non-ASCII or control character";
    }
    return std::string("'") + c + "'";
}

Atom stepAtom(int x, int y) {
    if (x < 0) x = -x;
    if (y < 0) y = -y;
    if (x > y) std::swap(x, y);
    Atom a;
    a.kind = AtomKind::Step;
    a.x = static_cast<std::int8_t>(x);
    a.y = static_cast<std::int8_t>(y);
    return a;
}

Atom kingAtom() {
    Atom a;
    a.kind = AtomKind::King;
    return a;
}

std::optional<NamedAtom> commonAtom(char letter) {
    switch (letter) {
        case 'W':
            return NamedAtom{stepAtom(0, 1), 1};
        case 'F':
            return NamedAtom{stepAtom(1, 1), 1};
        case 'D':
            return NamedAtom{stepAtom(0, 2), 1};
        case 'N':
            return NamedAtom{stepAtom(1, 2), 1};
        case 'A':
            return NamedAtom{stepAtom(2, 2), 1};
        case 'H':
            return NamedAtom{stepAtom(0, 3), 1};
        case 'C':
            return NamedAtom{stepAtom(1, 3), 1};
        case 'Z':
            return NamedAtom{stepAtom(2, 3), 1};
        case 'G':
            return NamedAtom{stepAtom(3, 3), 1};
        case 'K':
            return NamedAtom{kingAtom(), 1};
        case 'B':
            return NamedAtom{stepAtom(1, 1), kUnlimited};
        case 'R':
            return NamedAtom{stepAtom(0, 1), kUnlimited};
        case 'Q':
            return NamedAtom{kingAtom(), kUnlimited};
        default:
            return std::nullopt;
    }
}

RangeSpec readRange(std::string_view text, std::size_t& i) {
    RangeSpec r;
    if (i >= text.size() || !isDigitChar(text[i])) return r;
    r.written = true;
    r.column = columnOf(i);
    const std::size_t start = i;
    while (i < text.size() && isDigitChar(text[i])) ++i;
    const std::string_view digits = text.substr(start, i - start);
    if (digits == "0") {
        r.minRange = 1;
        r.maxRange = kUnlimited;
        return r;
    }
    const bool exact = digits[0] == '0';
    const std::string_view number = exact ? digits.substr(1) : digits;
    if (number.size() > 3 || std::atoi(std::string(number).c_str()) > 255) {
        throw ParseError(r.column,
                         "bad number '" + std::string(digits) + "': a range is at most 255");
    }
    const int n = std::atoi(std::string(number).c_str());
    if (n == 0) {
        throw ParseError(r.column,
                         "bad number '" + std::string(digits) +
                             "': write 0 alone for an unlimited range, 0n for exactly n steps");
    }
    r.maxRange = static_cast<std::uint8_t>(n);
    r.minRange = exact ? r.maxRange : 1;
    return r;
}

namespace {
int readSignedNumber(std::string_view text, std::size_t& i, const char* what) {
    const std::size_t start = i;
    if (i < text.size() && (text[i] == '-' || text[i] == '+')) ++i;
    const std::size_t digitsStart = i;
    while (i < text.size() && isDigitChar(text[i])) ++i;
    if (i == digitsStart) {
        if (i >= text.size()) {
            throw ParseError(columnOf(i), std::string("expected a number ") + what +
                                              " but the description ends");
        }
        throw ParseError(columnOf(i), std::string("expected a number ") + what + ", found " +
                                          describeChar(text[i]));
    }
    if (i - digitsStart > 3)
        throw ParseError(columnOf(start), "bad number: a vector component is at most 127");
    const int n = std::atoi(std::string(text.substr(digitsStart, i - digitsStart)).c_str());
    if (n > 127) throw ParseError(columnOf(start), "bad number: a vector component is at most 127");
    return n;
}
}  // namespace

Atom readVector(std::string_view text, std::size_t& i) {
    const int open = columnOf(i);
    ++i;  // '('
    const int x = readSignedNumber(text, i, "after '('");
    if (i >= text.size()) throw ParseError(open, "unclosed '(': expected ',' and a second number");
    if (text[i] != ',') {
        throw ParseError(columnOf(i), "expected ',' between the two numbers of a vector, found " +
                                          describeChar(text[i]));
    }
    ++i;
    const int y = readSignedNumber(text, i, "after ','");
    if (i >= text.size()) throw ParseError(open, "unclosed '(': expected ')' after the vector");
    if (text[i] != ')') {
        throw ParseError(columnOf(i),
                         "expected ')' to close the vector, found " + describeChar(text[i]));
    }
    ++i;
    if (x == 0 && y == 0) throw ParseError(open, "the vector (0,0) is not a move");
    return stepAtom(x, y);
}

int LegLetters::count(char c) const {
    int n = 0;
    for (const Letter& l : letters) n += l.c == c;
    return n;
}

int LegLetters::column(char c) const {
    for (const Letter& l : letters) {
        if (l.c == c) return l.column;
    }
    return 0;
}

std::vector<DirRun> LegLetters::dirRuns() const {
    std::vector<DirRun> runs;
    int lastCol = -10;
    for (const Letter& l : letters) {
        if (!isDirLetter(l.c)) {
            lastCol = -10;
            continue;
        }
        if (l.column == lastCol + 1 && !runs.empty()) {
            runs.back().letters += l.c;
        } else {
            runs.push_back(DirRun{std::string(1, l.c), l.column});
        }
        lastCol = l.column;
    }
    return runs;
}

bool LegLetters::hasDirs() const {
    for (const Letter& l : letters) {
        if (isDirLetter(l.c)) return true;
    }
    return false;
}

std::string LegLetters::text() const {
    std::string s;
    for (const Letter& l : letters) s += l.c;
    return s;
}

void rejectRepeats(const LegLetters& letters, std::string_view once) {
    for (char c : once) {
        int seen = 0;
        for (const Letter& l : letters.letters) {
            if (l.c != c) continue;
            if (++seen == 2) {
                throw ParseError(l.column, std::string("modifier '") + c + "' is written twice");
            }
        }
    }
}

void appendHopLegs(std::vector<Leg>& legs, Leg written, bool friendOnly, ModeMask finalModes,
                   std::uint8_t secondMin, std::uint8_t secondMax) {
    Leg second = written;
    written.mode = friendOnly ? ModeMask(kModeHopFriend) : ModeMask(kModeHopEnemy | kModeHopFriend);
    second.dirs = 0x01;
    second.mode = finalModes;
    second.minRange = secondMin;
    second.maxRange = secondMax;
    second.skipFirst = 0;
    if (second.pass == Pass::MustJump) second.pass = Pass::Leap;
    second.unload = false;
    second.bend = Bend::Free;  // it goes straight on
    legs.push_back(written);
    legs.push_back(second);
}

void applyJumpLetters(Leg& leg, const LegLetters& letters) {
    const int j = letters.count('j');
    const int n = letters.count('n');
    if (n && j) {
        throw ParseError(letters.column('j'),
                         "'n' (must not jump) and 'j' (must jump) contradict each other");
    }
    if (n) leg.pass = Pass::Lame;
    if (!j) return;
    if (leg.maxRange != 1) {
        if (j > 3)
            throw ParseError(letters.column('j'), "at most three j (skipped squares) on a rider");
        leg.skipFirst = static_cast<std::uint8_t>(j);
    } else {
        if (j > 1) {
            throw ParseError(letters.column('j'),
                             "jj (skip two squares) only applies to riders such as R, B, Q");
        }
        leg.pass = Pass::MustJump;
    }
}

}  // namespace timur::betza::detail
