#include "notation/directions.h"

#include <array>
#include <cstring>
#include <mutex>

namespace timur::betza::detail {

namespace {

bool isFblr(char c) {
    return c == 'f' || c == 'b' || c == 'l' || c == 'r';
}
bool isVertical(char c) {
    return c == 'f' || c == 'b' || c == 'v';
}
bool isHorizontal(char c) {
    return c == 'l' || c == 'r' || c == 's';
}
bool perpendicular(char c, char d) {
    return (isVertical(c) && isHorizontal(d)) || (isHorizontal(c) && isVertical(d));
}

// K-system (XBoard dirs4 / dirs3): narrow = the single direction, wide = the three directions
// of that side (wide f = fl f fr).
DirMask kNarrow(char c) {
    switch (c) {
        case 'f':
            return 0x01;
        case 'b':
            return 0x10;
        case 'r':
            return 0x04;
        case 'l':
            return 0x40;
        case 'v':
            return 0x11;
        case 's':
            return 0x44;
        default:
            return 0xFF;  // h
    }
}
DirMask kWide(char c) {
    switch (c) {
        case 'f':
            return 0x83;
        case 'b':
            return 0x38;
        case 'r':
            return 0x0E;
        case 'l':
            return 0xE0;
        case 'v':
            return 0xBB;
        case 's':
            return 0xEE;
        default:
            return 0xFF;
    }
}
// Oblique atoms (XBoard dirs2 / dirs1), slots 0 (a,b) 1 (b,a) 2 (b,-a) 3 (a,-b) 4 (-a,-b)
// 5 (-b,-a) 6 (-b,a) 7 (-a,b): narrow f = (+-1,2), wide f (fh) = (+-1,2) (+-2,1).
DirMask nNarrow(char c) {
    switch (c) {
        case 'f':
            return 0x81;
        case 'b':
            return 0x18;
        case 'r':
            return 0x06;
        case 'l':
            return 0x60;
        case 'v':
            return 0x99;
        case 's':
            return 0x66;
        default:
            return 0xFF;
    }
}
DirMask nWide(char c) {
    switch (c) {
        case 'f':
            return 0xC3;
        case 'b':
            return 0x3C;
        case 'r':
            return 0x0F;
        case 'l':
            return 0xF0;
        default:
            return 0xFF;  // v s h
    }
}

DirMask classSlots(DirClass cls) {
    switch (cls) {
        case DirClass::Orth4:
            return 0x55;
        case DirClass::Diag4:
            return 0xAA;
        default:
            return 0xFF;
    }
}

DirMask single(char c, DirClass cls) {
    switch (cls) {
        case DirClass::King8:
            return kNarrow(c);
        case DirClass::Orth4:
            return kNarrow(c) & 0x55;
        // f = {fl, fr}: the diagonal moves on that side; v and s give all four (spec 2.2).
        case DirClass::Diag4:
            return kWide(c) & 0xAA;
        case DirClass::Oblique8:
            return nNarrow(c);
    }
    return 0;
}

DirMask combo(char c, char d, DirClass cls) {
    switch (cls) {
        case DirClass::King8:
            return kWide(c) & kWide(d);
        case DirClass::Diag4:
            return kWide(c) & kWide(d) & 0xAA;
        case DirClass::Oblique8:
            return nWide(c) & nNarrow(d);
        case DirClass::Orth4:
            return 0;
    }
    return 0;
}

const char* className(DirClass cls) {
    switch (cls) {
        case DirClass::Orth4:
            return "an orthogonal atom (W D H R)";
        case DirClass::Diag4:
            return "a diagonal atom (F A G B)";
        case DirClass::Oblique8:
            return "an oblique atom (N C Z)";
        case DirClass::King8:
            return "K/Q or a later leg";
    }
    return "";
}

}  // namespace

DirClass dirClassOf(const Atom& atom) {
    if (atom.kind == AtomKind::Step) {
        if (atom.isOrthogonal()) return DirClass::Orth4;
        if (atom.isDiagonal()) return DirClass::Diag4;
        return DirClass::Oblique8;
    }
    return DirClass::King8;
}

DirMask parseDirRun(std::string_view s, int column, DirClass cls, bool bfn) {
    DirMask mask = 0;
    std::size_t i = 0;
    while (i < s.size()) {
        const char c = s[i];
        const int col = column + static_cast<int>(i);
        DirMask token = 0;
        if (c == 'h') {
            if (bfn) {
                if (i > 0 && isFblr(s[i - 1])) {
                    throw ParseError(col, "'" + std::string(1, s[i - 1]) +
                                              "h' (half) only applies to oblique atoms such as N");
                }
                throw ParseError(col, "'h' (half) must follow f, b, l or r in BFN, as in fhN");
            }
            if (cls == DirClass::Oblique8 && i + 1 < s.size() &&
                (s[i + 1] == 'r' || s[i + 1] == 'l')) {
                // Chiral sets (spec 2.3): hr = (1,2) (2,-1) (-1,-2) (-2,1), hl = the other four.
                token = s[i + 1] == 'r' ? 0x55 : 0xAA;
                i += 2;
            } else if (cls == DirClass::Orth4 || cls == DirClass::Diag4) {
                // XBoard ignores h on 4-fold atoms; we do not skip letters silently.
                throw ParseError(col, "'h' means nothing for " + std::string(className(cls)) +
                                          ": it only combines with f b l r on oblique atoms (fhN)");
            } else {
                token = 0xFF;  // h alone = all directions (K-system and oblique atoms)
                i += 1;
            }
        } else {
            const char d = i + 1 < s.size() ? s[i + 1] : '\0';
            char first = c;
            bool pair = false;
            if (d == c) {
                // A doubled letter forces the narrow single meaning and does not combine.
                token = single(c, cls);
                pair = true;
            } else if (d == 'h' && isFblr(c) && cls == DirClass::Oblique8) {
                token = nWide(c);  // fh bh lh rh: the half-plane (spec 2.3)
            } else if (d != '\0' && perpendicular(c, d) && cls != DirClass::Orth4) {
                token = combo(c, d, cls);
                pair = true;
            } else {
                token = single(c, cls);
                i += 1;
                first = '\0';
            }
            if (first != '\0') {
                i += 2;
                // BFN (document 000): a third letter perpendicular to the first narrows the set
                // to that side: ffl = (-1,2), fsr = (2,1), bbl = (-1,-2). In XBetza the third
                // letter stands alone (ffl = ff + l), as XBoard reads it.
                if (bfn && pair && cls == DirClass::Oblique8 && isFblr(first) && i < s.size() &&
                    isFblr(s[i]) && perpendicular(first, s[i])) {
                    token &= nWide(s[i]);
                    i += 1;
                }
            }
        }
        token &= classSlots(cls);
        if (token == 0) {
            throw ParseError(col, "direction '" +
                                      std::string(s.substr(col - column, i - (col - column))) +
                                      "' selects no move of " + className(cls));
        }
        mask |= token;
    }
    return mask;
}

DirMask resolveFirstLegDirs(const std::vector<DirRun>& runs, const Atom& atom, bool bfn) {
    if (runs.empty()) return atom.slots();
    DirMask mask = 0;
    for (const DirRun& run : runs)
        mask |= parseDirRun(run.letters, run.column, dirClassOf(atom), bfn);
    return mask & atom.slots();
}

DirMask defaultLaterDirs(const Atom& atom) {
    return atom.isEightFold() ? 0xEF : 0x45;
}

DirMask resolveLaterLegDirs(const std::vector<DirRun>& runs, const Atom& atom, bool bfn) {
    if (runs.empty()) return defaultLaterDirs(atom);
    DirMask mask = 0;
    for (const DirRun& run : runs)
        mask |= parseDirRun(run.letters, run.column, DirClass::King8, bfn);
    return mask;
}

namespace {

// Index 0..3 = the four first-leg classes, 4 = later legs (relative K-system).
struct LetterTable {
    std::array<std::string, 256> best;
    std::array<bool, 256> found{};
};

bool acceptableForXBoard(const std::string& s) {
    // XBoard 4.9.1: hr/hl must be the only direction letters of the atom.
    for (std::size_t i = 0; i + 1 < s.size(); ++i) {
        if (s[i] == 'h' && (s[i + 1] == 'r' || s[i + 1] == 'l')) return s.size() == 2;
    }
    return true;
}

void fillByTokens(LetterTable& t, DirClass cls);

LetterTable buildTable(DirClass cls) {
    LetterTable t;
    static const char kLetters[] = "fbrlvsh";  // preference order for ties
    constexpr int kMaxLen = 4;
    std::string s;
    // Enumerate by length, then lexicographically in preference order: the first hit wins.
    for (int len = 1; len <= kMaxLen; ++len) {
        std::vector<int> idx(len, 0);
        while (true) {
            s.assign(len, ' ');
            for (int k = 0; k < len; ++k) s[k] = kLetters[idx[k]];
            try {
                const DirMask m = parseDirRun(s, 1, cls, false);
                if (!t.found[m] && acceptableForXBoard(s)) {
                    t.found[m] = true;
                    t.best[m] = s;
                }
            } catch (const ParseError&) {
            }
            int k = len - 1;
            while (k >= 0 && ++idx[k] == 7) idx[k--] = 0;
            if (k < 0) break;
        }
    }
    fillByTokens(t, cls);
    return t;
}

const LetterTable& tableFor(DirClass cls) {
    static std::once_flag once;
    static std::array<LetterTable, 4> tables;
    std::call_once(once, [] {
        for (int c = 0; c < 4; ++c) tables[c] = buildTable(static_cast<DirClass>(c));
    });
    return tables[static_cast<int>(cls)];
}

// Masks that need more letters than the enumeration tries: the shortest concatenation of
// tokens that read alone (single letters, doubled letters, perpendicular pairs, fh-style wide
// sets), never letting a single letter meet a neighbour it would combine with.
void fillByTokens(LetterTable& t, DirClass cls) {
    struct Token {
        std::string s;
        DirMask mask;
    };
    static const char kLetters[] = "fbrlvsh";
    std::vector<Token> tokens;
    for (int a = 0; a < 7; ++a) {
        for (int b = -1; b < 7; ++b) {
            std::string s(1, kLetters[a]);
            if (b >= 0) s += kLetters[b];
            try {
                const DirMask m = parseDirRun(s, 1, cls, false);
                // A pair counts only if it reads as one unit (else it is two singles).
                if (s.size() == 2) {
                    const char c = s[0], d = s[1];
                    const bool unit = c == d ||
                                      (d == 'h' && isFblr(c) && cls == DirClass::Oblique8) ||
                                      (perpendicular(c, d) && cls != DirClass::Orth4);
                    if (!unit) continue;
                }
                tokens.push_back(Token{s, m});
            } catch (const ParseError&) {
            }
        }
    }
    // A single letter c followed by a token starting with d would change meaning.
    auto clash = [cls](char c, char d) {
        if (c == d) return true;
        if (cls == DirClass::Oblique8 &&
            ((d == 'h' && isFblr(c)) || (c == 'h' && (d == 'r' || d == 'l')))) {
            return true;
        }
        return perpendicular(c, d) && cls != DirClass::Orth4;
    };
    // State: (covered mask, the pending single letter index + 1 or 0). Costs are small: relax
    // until nothing improves.
    constexpr int kStates = 256 * 8;
    std::vector<int> dist(kStates, 1 << 20);
    std::vector<std::string> best(kStates);
    dist[0] = 0;
    for (bool changed = true; changed;) {
        changed = false;
        for (int st = 0; st < kStates; ++st) {
            if (dist[st] >= (1 << 20)) continue;
            const int mask = st >> 3, pend = st & 7;
            for (const Token& tok : tokens) {
                if (pend && clash(kLetters[pend - 1], tok.s[0])) continue;
                int nextPend = 0;
                if (tok.s.size() == 1) {
                    const char* pos = std::strchr(kLetters, tok.s[0]);
                    nextPend = static_cast<int>(pos - kLetters) + 1;
                }
                const int next = ((mask | tok.mask) << 3) | nextPend;
                const int d = dist[st] + static_cast<int>(tok.s.size());
                if (d < dist[next]) {
                    dist[next] = d;
                    best[next] = best[st] + tok.s;
                    changed = true;
                }
            }
        }
    }
    for (int m = 1; m < 256; ++m) {
        if (t.found[m]) continue;
        int bestState = -1;
        for (int pend = 0; pend < 8; ++pend) {
            const int st = (m << 3) | pend;
            if (dist[st] < (1 << 20) && (bestState < 0 || dist[st] < dist[bestState]))
                bestState = st;
        }
        if (bestState < 0) continue;
        t.found[m] = true;
        t.best[m] = best[bestState];
    }
}

}  // namespace

std::string xbetzaDirLetters(DirMask mask, const Atom& atom, bool relative) {
    if (relative) {
        if (mask == defaultLaterDirs(atom)) return "";
    } else if (mask == atom.slots()) {
        return "";
    }
    const DirClass cls = relative ? DirClass::King8 : dirClassOf(atom);
    const LetterTable& t = tableFor(cls);
    return t.best[mask];  // every mask a leg can have is in the table
}

ChainDirections::ChainDirections(const Atom& first) : chain_(first) {
    if (first.kind == AtomKind::King) {
        parity_ = 2;
    } else if (first.isOblique()) {
        parity_ = 3;
    } else {
        parity_ = first.isOrthogonal() ? 0 : 1;
    }
}

namespace {
int strideOf(const Atom& a) {
    return a.kind == AtomKind::King ? 1 : a.y;
}
}  // namespace

DirMask ChainDirections::next(const Atom& next, bool withTurn, int column) {
    if (next.kind != AtomKind::Step && next.kind != AtomKind::King) {
        throw ParseError(column, "not supported: this atom cannot continue a chain");
    }
    if (parity_ == 3 || next.isOblique()) {
        if (!(next == chain_)) {
            throw ParseError(column,
                             "not supported: chaining an oblique atom with a different atom "
                             "(only the same oblique atom may continue, as in mN--N)");
        }
        return withTurn ? 0xEF : 0x01;
    }
    if (strideOf(next) != strideOf(chain_)) {
        throw ParseError(column,
                         "not supported: continuing with an atom of another step length (W/F/K "
                         "continue each other, D with A, H with G)");
    }
    if (next.kind == AtomKind::King) {
        if (withTurn) parity_ = 2;
        return withTurn ? 0xEF : 0x01;
    }
    const int q = next.isOrthogonal() ? 0 : 1;
    if (parity_ == 2) {
        throw ParseError(column,
                         "not supported: an orthogonal or diagonal atom after a king-like leg "
                         "(its direction would depend on the branch)");
    }
    const bool same = q == parity_;
    parity_ = q;
    if (same) return withTurn ? 0x45 : 0x01;
    return withTurn ? 0xAA : 0x82;
}

}  // namespace timur::betza::detail
