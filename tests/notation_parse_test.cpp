// The three Betza parsers: every example of spec/betza.md section 1 in the dialect its document
// uses, the XBoard 4.9.1 direction check lists, per-feature cases and every error with its column.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "notation/parse.h"

namespace timur::betza {

// Readable failure output for the AST.
void PrintTo(const Leg& l, std::ostream* os) {
    *os << "Leg{kind=" << int(l.atom.kind) << " (" << int(l.atom.x) << "," << int(l.atom.y)
        << ") dirs=0x" << std::hex << int(l.dirs) << std::dec << " range=" << int(l.minRange)
        << ".." << int(l.maxRange) << " mode=0x" << std::hex << int(l.mode) << std::dec
        << " pass=" << int(l.pass) << " shape=" << int(l.shape) << " maxJumps=" << int(l.maxJumps)
        << " jumpAny=" << l.jumpAny << " skip=" << int(l.skipFirst) << " cyl=" << l.cylinder
        << " tame=" << l.tame << " unload=" << l.unload << " stop=" << l.mayStopHere << "}";
}
void PrintTo(const Move& m, std::ostream* os) {
    *os << "Move{initial=" << int(m.initial) << " inner=" << m.castleInner;
    if (m.repeat) {
        *os << " repeat=" << int(m.repeat->firstLeg) << ".." << int(m.repeat->lastLeg) << " x"
            << int(m.repeat->minTimes) << ".." << int(m.repeat->maxTimes);
    }
    for (const Leg& l : m.legs) {
        *os << "\n    ";
        PrintTo(l, os);
    }
    *os << "}";
}
void PrintTo(const PieceMoves& p, std::ostream* os) {
    *os << "PieceMoves{royal=" << p.royal;
    for (const Move& m : p.moves) {
        *os << "\n  ";
        PrintTo(m, os);
    }
    if (p.drop) *os << "\n  drop depth=" << int(p.drop->depth);
    for (const std::string& s : p.promotions) *os << " =" << s;
    *os << "}";
}

namespace {

constexpr Atom kW{AtomKind::Step, 0, 1};
constexpr Atom kF{AtomKind::Step, 1, 1};
constexpr Atom kD{AtomKind::Step, 0, 2};
constexpr Atom kN{AtomKind::Step, 1, 2};
constexpr Atom kA{AtomKind::Step, 2, 2};
constexpr Atom kH{AtomKind::Step, 0, 3};
constexpr Atom kC{AtomKind::Step, 1, 3};
constexpr Atom kZ{AtomKind::Step, 2, 3};
constexpr Atom kG{AtomKind::Step, 3, 3};
constexpr Atom kK{AtomKind::King};

constexpr std::uint8_t kInf = kUnlimited;
constexpr ModeMask kHop = kModeHopEnemy | kModeHopFriend;

PieceMoves X(std::string_view s) {
    return parseXBetza(s);
}
PieceMoves B(std::string_view s) {
    return parseBfn(s);
}
PieceMoves E(std::string_view s) {
    return parseBex(s);
}

Leg leg(Atom atom, DirMask dirs, std::uint8_t maxRange = 1, ModeMask mode = kModeDefaultFinal) {
    Leg l;
    l.atom = atom;
    l.dirs = dirs;
    l.maxRange = maxRange;
    l.mode = mode;
    return l;
}
Move move(std::vector<Leg> legs, std::uint8_t initial = 0) {
    Move m;
    m.legs = std::move(legs);
    m.initial = initial;
    return m;
}
PieceMoves piece(std::vector<Move> moves) {
    PieceMoves p;
    p.moves = std::move(moves);
    return p;
}
// One single-leg move.
Move one(Atom atom, DirMask dirs, std::uint8_t maxRange = 1, ModeMask mode = kModeDefaultFinal) {
    return move({leg(atom, dirs, maxRange, mode)});
}

// The squares a first leg reaches in one step from e4, sorted as the spec lists them (by rank,
// then file): the XBoard 4.9.1 check lists of spec/betza.md section 2.
std::string targets(const PieceMoves& p) {
    std::vector<std::pair<int, int>> squares;  // (rank, file)
    for (const Move& m : p.moves) {
        const Leg& l = m.legs.at(0);
        for (int s = 0; s < 8; ++s) {
            if (!(l.dirs & (1 << s))) continue;
            int dx = 0, dy = 0;
            if (l.atom.kind == AtomKind::King) {
                static const int kx[8] = {0, 1, 1, 1, 0, -1, -1, -1};
                static const int ky[8] = {1, 1, 0, -1, -1, -1, 0, 1};
                dx = kx[s];
                dy = ky[s];
            } else {
                const int a = l.atom.x, b = l.atom.y;
                const int vx[8] = {a, b, b, a, -a, -b, -b, -a};
                const int vy[8] = {b, a, -a, -b, -b, -a, a, b};
                dx = vx[s];
                dy = vy[s];
            }
            squares.emplace_back(4 + dy, 4 + dx);  // e4 = file 4 (0-based a = 0), rank 4
        }
    }
    std::sort(squares.begin(), squares.end());
    squares.erase(std::unique(squares.begin(), squares.end()), squares.end());
    std::string out;
    for (auto [rank, file] : squares) {
        if (!out.empty()) out += ' ';
        out += static_cast<char>('a' + file);
        out += std::to_string(rank);
    }
    return out;
}

DirMask dirsOf(const PieceMoves& p) {
    return p.moves.at(0).legs.at(0).dirs;
}

// ------------------------------------------------------------------------------------------------
// Dialect selection

TEST(Dialect, NamesRoundTrip) {
    EXPECT_EQ(dialectFromName("xbetza"), Dialect::XBetza);
    EXPECT_EQ(dialectFromName("bfn"), Dialect::Bfn);
    EXPECT_EQ(dialectFromName("bex"), Dialect::Bex);
    EXPECT_EQ(dialectFromName("XBetza"), Dialect::XBetza);
    EXPECT_EQ(dialectFromName("betza"), std::nullopt);
    EXPECT_EQ(dialectFromName(""), std::nullopt);
    for (Dialect d : {Dialect::XBetza, Dialect::Bfn, Dialect::Bex}) {
        EXPECT_EQ(dialectFromName(dialectName(d)), d);
    }
}

TEST(Dialect, ParseDispatchesAndDefaultsToXBetza) {
    EXPECT_EQ(parse("fsCloRgBK", Dialect::Bfn), B("fsCloRgBK"));
    EXPECT_EQ(parse("mW-F", Dialect::Bex), E("mW-F"));
    EXPECT_EQ(parse("mafsW"), X("mafsW"));
    EXPECT_THROW(parse("L"), ParseError);       // xbetza rejects L
    EXPECT_NO_THROW(parse("L", Dialect::Bfn));  // bfn: camel
}

// ------------------------------------------------------------------------------------------------
// Atoms, unions, ranges (document 000: WF, BR, X3, X0, XX)

TEST(Atoms, EveryLetterHasItsVector) {
    const std::pair<const char*, Atom> table[] = {{"W", kW}, {"F", kF}, {"D", kD}, {"N", kN},
                                                  {"A", kA}, {"H", kH}, {"C", kC}, {"Z", kZ},
                                                  {"G", kG}, {"K", kK}};
    for (const auto& [text, atom] : table) {
        EXPECT_EQ(X(text), piece({one(atom, atom.slots())})) << text;
        EXPECT_EQ(B(text), piece({one(atom, atom.slots())})) << text;
        EXPECT_EQ(E(text), piece({one(atom, atom.slots())})) << text;
    }
}

TEST(Atoms, SlidersAreRidersOfTheirStepAtoms) {
    EXPECT_EQ(X("B"), piece({one(kF, 0xAA, kInf)}));
    EXPECT_EQ(X("R"), piece({one(kW, 0x55, kInf)}));
    EXPECT_EQ(X("Q"), piece({one(kK, 0xFF, kInf)}));
    EXPECT_EQ(X("R4"), X("W4"));  // spec 1.2
    EXPECT_EQ(X("B"), X("F0"));
    EXPECT_EQ(X("Q"), X("K0"));
}

TEST(Atoms, KingIsOneAtomNotWPlusF) {
    EXPECT_EQ(X("K"), piece({one(kK, 0xFF)}));
    EXPECT_NE(X("K"), X("WF"));
    EXPECT_EQ(B("K"), X("K"));
}

TEST(Atoms, WFIsTheUnionOfTwoMoves) {  // document 000: the king as WF
    EXPECT_EQ(X("WF"), piece({one(kW, 0x55), one(kF, 0xAA)}));
    EXPECT_EQ(B("WF"), X("WF"));
}

TEST(Atoms, BRIsTheQueenAsUnion) {  // documents 000 / 001: RB, BR
    EXPECT_EQ(B("BR"), piece({one(kF, 0xAA, kInf), one(kW, 0x55, kInf)}));
    EXPECT_EQ(X("BR"), B("BR"));
}

TEST(Ranges, DigitsLimitAndZeroIsUnlimited) {  // document 000: X3, X0
    EXPECT_EQ(B("W3"), piece({one(kW, 0x55, 3)}));
    EXPECT_EQ(B("W0"), piece({one(kW, 0x55, kInf)}));
    EXPECT_EQ(X("N3"), piece({one(kN, 0xFF, 3)}));
    EXPECT_EQ(X("N12"), piece({one(kN, 0xFF, 12)}));
    EXPECT_EQ(X("K1"), X("K"));
}

TEST(Ranges, LeadingZeroIsAnExactCount) {
    Move m = one(kW, 0x55, 3);
    m.legs[0].minRange = 3;
    EXPECT_EQ(X("W03"), piece({m}));
}

TEST(Ranges, DoubledAtomIsItsRider) {  // document 000/001: XX; spec: NN = N0
    EXPECT_EQ(X("NN"), X("N0"));
    EXPECT_EQ(B("NN"), piece({one(kN, 0xFF, kInf)}));
    EXPECT_EQ(B("WW"), X("R"));
    EXPECT_EQ(B("FF"), X("B"));
    EXPECT_EQ(B("WWFF"), X("RB"));  // document 001: Q = WWFF
    EXPECT_EQ(X("fNN"), piece({one(kN, 0x81, kInf)}));
    EXPECT_EQ(X("NfN"), piece({one(kN, 0xFF), one(kN, 0x81)}));
    EXPECT_EQ(X("KK"), X("Q"));
}

TEST(Ranges, CamelAndZebraLetters) {
    EXPECT_EQ(B("L"), piece({one(kC, 0xFF)}));  // document 001: L = camel (1,3)
    EXPECT_EQ(B("J"), piece({one(kZ, 0xFF)}));  // J = zebra (2,3)
    EXPECT_EQ(B("C"), B("L"));
    EXPECT_EQ(B("Z"), B("J"));
    EXPECT_EQ(X("C"), B("L"));
}

TEST(Atoms, VectorLiteralsAreNormalised) {
    EXPECT_EQ(X("(1,2)"), X("N"));
    EXPECT_EQ(X("(2,1)"), X("N"));
    EXPECT_EQ(X("(4,1)"), piece({one(Atom{AtomKind::Step, 1, 4}, 0xFF)}));
    EXPECT_EQ(X("(0,5)"), piece({one(Atom{AtomKind::Step, 0, 5}, 0x55)}));
    EXPECT_EQ(X("(-3,3)"), X("G"));
    EXPECT_EQ(X("f(4,1)0"), piece({one(Atom{AtomKind::Step, 1, 4}, 0x81, kInf)}));
    EXPECT_EQ(E("(1,4)"), X("(4,1)"));
}

TEST(Atoms, UniversalLeaper) {
    Move m = one(Atom{AtomKind::Universal}, 0xFF);
    EXPECT_EQ(X("U"), piece({m}));
    m.legs[0].mode = kModeEmpty;
    EXPECT_EQ(X("mU"), piece({m}));
}

// ------------------------------------------------------------------------------------------------
// Directions (spec 2.1 - 2.4 and the XBoard 4.9.1 check lists, piece on e4)

TEST(Directions, OrthogonalAtomsNeverCombine) {
    EXPECT_EQ(targets(X("fsW")), "d4 f4 e5");
    EXPECT_EQ(targets(X("frW")), "f4 e5");
    EXPECT_EQ(dirsOf(X("fW")), 0x01);
    EXPECT_EQ(dirsOf(X("vW")), 0x11);
    EXPECT_EQ(dirsOf(X("sW")), 0x44);
    EXPECT_EQ(dirsOf(X("bR")), 0x10);
    EXPECT_EQ(dirsOf(X("lrW")), 0x44);
}

TEST(Directions, DiagonalAtoms) {
    EXPECT_EQ(targets(X("fF")), "d5 f5");
    EXPECT_EQ(targets(X("flF")), "d5");
    EXPECT_EQ(dirsOf(X("frF")), 0x02);
    EXPECT_EQ(dirsOf(X("rfF")), 0x02);
    EXPECT_EQ(dirsOf(X("brF")), 0x08);
    EXPECT_EQ(dirsOf(X("lbF")), 0x20);
    EXPECT_EQ(dirsOf(X("lF")), 0xA0);
    EXPECT_EQ(dirsOf(X("rF")), 0x0A);
    EXPECT_EQ(dirsOf(X("vF")), 0xAA);  // XBoard's empty set falls back to all four
    EXPECT_EQ(dirsOf(X("sF")), 0xAA);
}

TEST(Directions, KnightCheckListsOfXBoard) {
    EXPECT_EQ(targets(X("fN")), "d6 f6");
    EXPECT_EQ(targets(X("fhN")), "c5 g5 d6 f6");
    EXPECT_EQ(targets(X("sN")), "c3 g3 c5 g5");
    EXPECT_EQ(targets(X("vN")), "d2 f2 d6 f6");
    EXPECT_EQ(targets(X("fsN")), "c5 g5");
    EXPECT_EQ(targets(X("frN")), "g5");
    EXPECT_EQ(targets(X("rfN")), "f6");
    EXPECT_EQ(targets(X("lfN")), "d6");
    EXPECT_EQ(targets(X("ffrrN")), "g3 g5 d6 f6");
    EXPECT_EQ(targets(X("hrN")), "d2 g3 c5 f6");
    EXPECT_EQ(targets(X("hlN")), "f2 c3 g5 d6");
}

TEST(Directions, KnightSetsAsSlotMasks) {
    EXPECT_EQ(dirsOf(X("fN")), 0x81);
    EXPECT_EQ(dirsOf(X("bN")), 0x18);
    EXPECT_EQ(dirsOf(X("rN")), 0x06);
    EXPECT_EQ(dirsOf(X("lN")), 0x60);
    EXPECT_EQ(dirsOf(X("fhN")), 0xC3);
    EXPECT_EQ(dirsOf(X("bhN")), 0x3C);
    EXPECT_EQ(dirsOf(X("rhN")), 0x0F);
    EXPECT_EQ(dirsOf(X("lhN")), 0xF0);
    EXPECT_EQ(dirsOf(X("bsN")), 0x24);
    EXPECT_EQ(dirsOf(X("rvN")), 0x09);
    EXPECT_EQ(dirsOf(X("lvN")), 0x90);
    EXPECT_EQ(dirsOf(X("ffN")), 0x81);  // ff = f
    EXPECT_EQ(dirsOf(X("rrN")), 0x06);  // rr = r
    EXPECT_EQ(dirsOf(X("hrN")), 0x55);
    EXPECT_EQ(dirsOf(X("hlN")), 0xAA);
    EXPECT_EQ(dirsOf(X("hN")), 0xFF);
    EXPECT_EQ(dirsOf(X("fC")), 0x81);  // every oblique atom uses the same table
    EXPECT_EQ(dirsOf(X("fsZ")), 0x42);
}

// Document 000's knight tables, in BFN (coordinates (x,y) from the piece, +y forward).
TEST(Directions, BfnKnightTableOfDocument000) {
    const std::pair<const char*, const char*> table[] = {
        // fh / bh / lh / rh
        {"fhN", "c5 g5 d6 f6"},
        {"bhN", "d2 f2 c3 g3"},
        {"lhN", "d2 c3 c5 d6"},
        {"rhN", "f2 g3 g5 f6"},
        // v / s
        {"vN", "d2 f2 d6 f6"},
        {"sN", "c3 g3 c5 g5"},
        // ff fs bs bb
        {"ffN", "d6 f6"},
        {"fsN", "c5 g5"},
        {"bsN", "c3 g3"},
        {"bbN", "d2 f2"},
        // lv rv ll rr
        {"lvN", "d2 d6"},
        {"rvN", "f2 f6"},
        {"llN", "c3 c5"},
        {"rrN", "g3 g5"},
        // the three-letter single vectors
        {"fflN", "d6"},
        {"ffrN", "f6"},
        {"fslN", "c5"},
        {"fsrN", "g5"},
        {"bslN", "c3"},
        {"bsrN", "g3"},
        {"bblN", "d2"},
        {"bbrN", "f2"},
        // fb = v, rl = s (document 000's modifier table)
        {"fbN", "d2 f2 d6 f6"},
        {"rlN", "c3 g3 c5 g5"},
    };
    for (const auto& [text, squares] : table) EXPECT_EQ(targets(B(text)), squares) << text;
}

TEST(Directions, ThreeLetterKnightSetsDifferBetweenBfnAndXBetza) {
    // XBetza reads ffl as ff + l (XBoard's scan), BFN as one vector (document 000).
    EXPECT_EQ(dirsOf(B("fflN")), 0x80);
    EXPECT_EQ(dirsOf(X("fflN")), 0x81 | 0x60);
    EXPECT_EQ(dirsOf(X("fsrN")), 0x42 | 0x06);
}

TEST(Directions, KingLikeAtoms) {
    EXPECT_EQ(targets(X("fK")), "e5");
    EXPECT_EQ(targets(X("fsK")), "d5 f5");
    EXPECT_EQ(dirsOf(X("frK")), 0x02);
    EXPECT_EQ(dirsOf(X("vK")), 0x11);
    EXPECT_EQ(dirsOf(X("sK")), 0x44);
    EXPECT_EQ(dirsOf(X("vsK")), 0xAA);  // the four diagonals
    EXPECT_EQ(dirsOf(X("bsQ")), 0x28);
    EXPECT_EQ(dirsOf(X("rvK")), 0x0A);
    EXPECT_EQ(dirsOf(X("lvK")), 0xA0);
    EXPECT_EQ(dirsOf(X("hK")), 0xFF);
    EXPECT_EQ(dirsOf(X("fbK")), 0x11);
    EXPECT_EQ(dirsOf(X("ffrrK")), 0x05);  // doubled letters do not combine
    EXPECT_EQ(dirsOf(X("frfK")), 0x03);   // fr, then f alone
}

TEST(Directions, OnlyAdjacentLettersCombine) {
    EXPECT_EQ(dirsOf(X("fsK")), 0x82);
    EXPECT_EQ(dirsOf(X("fmsK")), 0x45);  // f and s are separated by m: f + s
    EXPECT_EQ(dirsOf(X("mfsK")), 0x82);
}

TEST(Directions, ShogiGoldAndSilver) {  // document 000: WfF, FfW
    EXPECT_EQ(B("WfF"), piece({one(kW, 0x55), one(kF, 0x82)}));
    EXPECT_EQ(B("FfW"), piece({one(kF, 0xAA), one(kW, 0x01)}));
    EXPECT_EQ(X("WfF"), B("WfF"));
}

TEST(Directions, ShogiKnight) {  // document 000: ffN
    EXPECT_EQ(B("ffN"), piece({one(kN, 0x81)}));
    EXPECT_EQ(X("ffN"), B("ffN"));
}

// ------------------------------------------------------------------------------------------------
// Modes (documents 000, 001)

TEST(Modes, MoveOnlyAndCaptureOnly) {
    EXPECT_EQ(B("mA"), piece({one(kA, 0xAA, 1, kModeEmpty)}));
    EXPECT_EQ(B("cA"), piece({one(kA, 0xAA, 1, kModeCaptureEnemy)}));
    EXPECT_EQ(X("mA"), B("mA"));
    EXPECT_EQ(X("cA"), B("cA"));
    EXPECT_EQ(X("mcA"), X("A"));
    EXPECT_EQ(X("dK"), piece({one(kK, 0xFF, 1, kModeCaptureFriend)}));
    EXPECT_EQ(X("cdK"), piece({one(kK, 0xFF, 1, kModeCaptureEnemy | kModeCaptureFriend)}));
}

TEST(Modes, SimplePawn) {  // document 000: mfWcfF
    EXPECT_EQ(B("mfWcfF"),
              piece({one(kW, 0x01, 1, kModeEmpty), one(kF, 0x82, 1, kModeCaptureEnemy)}));
    EXPECT_EQ(X("mfWcfF"), B("mfWcfF"));
}

TEST(Modes, BfnPawnOfDocument001) {  // fcFfmW
    EXPECT_EQ(B("fcFfmW"),
              piece({one(kF, 0x82, 1, kModeCaptureEnemy), one(kW, 0x01, 1, kModeEmpty)}));
}

Move initialDoubleStep() {
    Move m = one(kD, 0x01, 1, kModeEmpty);
    m.legs[0].pass = Pass::Lame;
    m.initial = 1;
    return m;
}

TEST(Modes, FullPawnOfDocument000) {  // mfWcefFimfnD
    const PieceMoves expected =
        piece({one(kW, 0x01, 1, kModeEmpty), one(kF, 0x82, 1, kModeCaptureEnemy | kModeEnPassant),
               initialDoubleStep()});
    EXPECT_EQ(B("mfWcefFimfnD"), expected);
    EXPECT_EQ(X("mfWcefFimfnD"), expected);
    EXPECT_EQ(X("fmWfceFifmnD"), expected);  // XBoard's FIDE pawn (spec 5)
}

TEST(Modes, EnPassantAlone) {
    EXPECT_EQ(X("efF"), piece({one(kF, 0x82, 1, kModeEnPassant)}));
}

TEST(Modes, InitialMoves) {  // document 000: inD, iW2
    Move inD = one(kD, 0x55);
    inD.legs[0].pass = Pass::Lame;
    inD.initial = 1;
    EXPECT_EQ(B("inD"), piece({inD}));
    EXPECT_EQ(X("inD"), piece({inD}));
    Move iW2 = one(kW, 0x55, 2);
    iW2.initial = 1;
    EXPECT_EQ(B("iW2"), piece({iW2}));
    EXPECT_EQ(X("iW2"), piece({iW2}));
    Move ii = one(kW, 0x01, 2, kModeEmpty);
    ii.initial = 2;
    EXPECT_EQ(X("iifmW2"), piece({ii}));
}

TEST(Modes, TameCylinderUnload) {
    Move t = one(kK, 0xFF);
    t.legs[0].tame = true;
    EXPECT_EQ(X("tK"), piece({t}));
    Move loR = one(kW, 0x40, kInf);  // document 000: loR
    loR.legs[0].cylinder = true;
    EXPECT_EQ(B("loR"), piece({loR}));
    EXPECT_EQ(X("loR"), piece({loR}));
    Move u = one(kW, 0x55, kInf, kModeCaptureEnemy);
    u.legs[0].unload = true;
    EXPECT_EQ(X("ucR"), piece({u}));
    EXPECT_EQ(X("cuR"), piece({u}));  // any order within a leg
}

// d, t and u as XBoard reads them (xbetza.cpp says where XBoard and the Interactive Diagram
// differ and which Timur follows).
TEST(Modes, DestroyTameUnloadInChains) {
    Move dK = one(kK, 0xFF, 1, kModeCaptureFriend);
    EXPECT_EQ(X("dK"), piece({dK}));
    Move cdK = one(kK, 0xFF, 1, kModeCaptureEnemy | kModeCaptureFriend);
    EXPECT_EQ(X("cdK"), piece({cdK}));
    // t on the last leg: tame. With p: a hop over own pieces only, and the capture is not tame.
    Move tame = one(kK, 0xFF, 1, kModeCaptureEnemy);
    tame.legs[0].tame = true;
    EXPECT_EQ(X("ctK"), piece({tame}));
    Move tdK = one(kK, 0xFF, 1, kModeCaptureFriend);
    tdK.legs[0].tame = true;
    EXPECT_EQ(X("tdK"), piece({tdK}));
    Move tameLast = move({leg(kK, 0xFF, 1, kModeCaptureEnemy), leg(kK, 0x01, 1)});
    tameLast.legs[1].tame = true;
    EXPECT_EQ(X("caftK"), piece({tameLast}));
    EXPECT_EQ(X("tpR"), X("tpafR"));
    EXPECT_FALSE(X("tpR").moves[0].legs[1].tame);
    // u on the first leg unloads on the origin (a swap), on a later leg on the square the leg
    // before ended on (afudQ); on a hopper it stays on the written leg (upR: origin).
    Move afudQ = move({leg(kK, 0xFF, kInf, kModeEmpty), leg(kK, 0x01, kInf, kModeCaptureFriend)});
    afudQ.legs[1].unload = true;
    EXPECT_EQ(X("afudQ"), piece({afudQ}));
    EXPECT_EQ(X("afduQ"), piece({afudQ}));
    Move upR = move({leg(kW, 0x55, kInf, kHop), leg(kW, 0x01, kInf)});
    upR.legs[0].unload = true;
    EXPECT_EQ(X("upR"), piece({upR}));
    Move uafcK = move({leg(kK, 0xFF, 1, kModeEmpty), leg(kK, 0xEF, 1, kModeCaptureEnemy)});
    uafcK.legs[0].unload = true;
    uafcK.legs[1].dirs = 0x01;
    EXPECT_EQ(X("uafcK"), piece({uafcK}));
    // The locust victim is the one unloaded: the last leg may only move.
    Move pull = move({leg(kK, 0xFF, 1, kModeCaptureEnemy), leg(kK, 0x01, 1, kModeEmpty)});
    pull.legs[0].unload = true;
    EXPECT_EQ(X("ucafmK"), piece({pull}));
}

// ------------------------------------------------------------------------------------------------
// q and z: circular and crooked riders on one leg, the turning sense on later legs

TEST(XBetzaShapes, CircularRiders) {
    Move rose = one(kN, 0xFF, kInf);
    rose.legs[0].shape = Shape::Circular;
    EXPECT_EQ(X("qN"), piece({rose}));
    EXPECT_EQ(X("qN0"), piece({rose}));
    EXPECT_EQ(X("qNN"), piece({rose}));
    EXPECT_EQ(X("qN"), B("qN"));  // as BFN reads it
    rose.legs[0].maxRange = 3;
    EXPECT_EQ(X("qN3"), piece({rose}));
    Move qW = one(kW, 0x55, kInf);
    qW.legs[0].shape = Shape::Circular;
    EXPECT_EQ(X("qW"), piece({qW}));
    EXPECT_EQ(X("qR"), piece({qW}));  // R = W0
    Move qF = one(kF, 0xAA, kInf);
    qF.legs[0].shape = Shape::Circular;
    EXPECT_EQ(X("qF"), piece({qF}));
    EXPECT_EQ(X("qB"), piece({qF}));
    Move fcqK = one(kK, 0x01, kInf, kModeCaptureEnemy);
    fcqK.legs[0].shape = Shape::Circular;
    EXPECT_EQ(X("fcqK"), piece({fcqK}));
    EXPECT_EQ(X("qfcK"), piece({fcqK}));
}

TEST(XBetzaShapes, CrookedRiders) {
    Move zR = one(kW, 0x55, kInf);
    zR.legs[0].shape = Shape::Crooked;
    EXPECT_EQ(X("zR"), piece({zR}));
    EXPECT_EQ(X("zR"), B("zR"));
    zR.legs[0].maxRange = 3;
    EXPECT_EQ(X("zW3"), piece({zR}));
    Move zB = one(kF, 0xAA, kInf);
    zB.legs[0].shape = Shape::Crooked;
    EXPECT_EQ(X("zB"), piece({zB}));
}

TEST(XBetzaShapes, TurnSenseOnLaterLegs) {
    // q / z read as s (l or r, 0x44), narrowed by Bend; fq = fs (0x82), bq = bs (0x28).
    Leg first = leg(kK, 0xFF, 1, kModeEmpty);
    Leg sideways = leg(kK, 0x82, 1, kModeEmpty);
    Leg same = leg(kK, 0x82, 1);
    same.bend = Bend::Same;
    EXPECT_EQ(X("afsafqK"), piece({move({first, sideways, same})}));
    Leg other = leg(kK, 0x83, 1);  // fzf: fl or fr against the last turn, or straight on
    other.bend = Bend::Opposite;
    EXPECT_EQ(X("afsafzfK"), piece({move({first, sideways, other})}));
    Leg back = leg(kW, 0x28, 1);
    back.bend = Bend::Same;
    EXPECT_EQ(X("mabqW"), piece({move({leg(kW, 0x55, 1, kModeEmpty), back})}));
    Leg side = leg(kW, 0x44, 1);
    side.bend = Bend::Opposite;
    EXPECT_EQ(X("mazW"), piece({move({leg(kW, 0x55, 1, kModeEmpty), side})}));
}

// ------------------------------------------------------------------------------------------------
// Jumping: n, j (XBetza) and n, j, jj (BFN)

TEST(Jumping, LameLeapers) {  // document 000: nN
    Move nN = one(kN, 0xFF);
    nN.legs[0].pass = Pass::Lame;
    EXPECT_EQ(B("nN"), piece({nN}));
    EXPECT_EQ(X("nN"), piece({nN}));
    Move nA = one(kA, 0xAA);
    nA.legs[0].pass = Pass::Lame;
    EXPECT_EQ(X("nA"), piece({nA}));
    Move nN0 = one(kN, 0xFF, kInf);  // the mao rider of BFN (document 003)
    nN0.legs[0].pass = Pass::Lame;
    EXPECT_EQ(B("nN0"), piece({nN0}));
}

TEST(Jumping, XBetzaJOnLeapersMustJump) {
    Move jD = one(kD, 0x55);
    jD.legs[0].pass = Pass::MustJump;
    EXPECT_EQ(X("jD"), piece({jD}));
}

TEST(Jumping, XBetzaJOnSlidersSkipsSquares) {
    Move jR = one(kW, 0x55, kInf);
    jR.legs[0].skipFirst = 1;
    EXPECT_EQ(X("jR"), piece({jR}));
    jR.legs[0].skipFirst = 2;
    EXPECT_EQ(X("jjR"), piece({jR}));
    Move jW3 = one(kW, 0x55, 3);
    jW3.legs[0].skipFirst = 1;
    EXPECT_EQ(X("jW3"), piece({jW3}));  // any leg with a range other than 1 is a slider
}

TEST(Jumping, BfnJumpOneAndJumpMany) {  // document 000: j / jj
    Move jR = one(kW, 0x55, kInf);
    jR.legs[0].maxJumps = 1;
    EXPECT_EQ(B("jR"), piece({jR}));
    Move jjR = one(kW, 0x55, kInf);
    jjR.legs[0].jumpAny = true;
    EXPECT_EQ(B("jjR"), piece({jjR}));
    Move jjQ = one(kK, 0xFF, kInf);
    jjQ.legs[0].jumpAny = true;
    EXPECT_EQ(B("jjQ"), piece({jjQ}));
}

// ------------------------------------------------------------------------------------------------
// Hoppers: p (pao) and g (grasshopper), normalised to two legs (spec 4.5)

Move cannonCapture() {
    return move({leg(kW, 0x55, kInf, kHop), leg(kW, 0x01, kInf, kModeCaptureEnemy)});
}

TEST(Hoppers, PaoIsPafR) {
    EXPECT_EQ(X("pR"), piece({move({leg(kW, 0x55, kInf, kHop), leg(kW, 0x01, kInf)})}));
    EXPECT_EQ(X("pR"), X("pafR"));
    EXPECT_EQ(B("pR"), X("pR"));  // document 000: p
}

TEST(Hoppers, Cannon) {  // mRcpR
    EXPECT_EQ(X("mRcpR"), piece({one(kW, 0x55, kInf, kModeEmpty), cannonCapture()}));
}

TEST(Hoppers, GrasshopperIsGafQ) {  // document 000: g
    const PieceMoves expected = piece({move({leg(kK, 0xFF, kInf, kHop), leg(kK, 0x01, 1)})});
    EXPECT_EQ(X("gQ"), expected);
    EXPECT_EQ(X("gafQ"), expected);
    EXPECT_EQ(B("gQ"), expected);
}

TEST(Hoppers, TameHopsOnlyOverOwnPieces) {
    EXPECT_EQ(X("tpR"), piece({move({leg(kW, 0x55, kInf, kModeHopFriend), leg(kW, 0x01, kInf)})}));
}

TEST(Hoppers, DirectionsStayOnTheFirstLeg) {
    EXPECT_EQ(X("fpR"), piece({move({leg(kW, 0x01, kInf, kHop), leg(kW, 0x01, kInf)})}));
    EXPECT_EQ(X("vgQ"), piece({move({leg(kK, 0x11, kInf, kHop), leg(kK, 0x01, 1)})}));
}

TEST(Hoppers, GrasshopperOnALeaperRidesAfterThePlatform) {  // gK == gafK (time-reversed)
    EXPECT_EQ(X("gK"), piece({move({leg(kK, 0xFF, 1, kHop), leg(kK, 0x01, kInf)})}));
    EXPECT_EQ(X("gK"), X("gafK"));
}

TEST(Hoppers, CylindricalHopperWrapsOnBothLegs) {
    Move m = cannonCapture();
    m.legs[0].cylinder = m.legs[1].cylinder = true;
    EXPECT_EQ(X("copR"), piece({m}));
}

// ------------------------------------------------------------------------------------------------
// Document 001's worked examples

TEST(Bfn, Kumataka) {  // fBfsWbB2bR
    EXPECT_EQ(B("fBfsWbB2bR"),
              piece({one(kF, 0x82, kInf), one(kW, 0x45), one(kF, 0x28, 2), one(kW, 0x10, kInf)}));
}

TEST(Bfn, FhNfrlRK) {
    EXPECT_EQ(B("fhNfrlRK"), piece({one(kN, 0xC3), one(kW, 0x45, kInf), one(kK, 0xFF)}));
}

TEST(Bfn, FsLloRgBK) {
    Move loR = one(kW, 0x40, kInf);
    loR.legs[0].cylinder = true;
    const Move gB = move({leg(kF, 0xAA, kInf, kHop), leg(kF, 0x01, 1)});
    EXPECT_EQ(B("fsLloRgBK"), piece({one(kC, 0x42), loR, gB, one(kK, 0xFF)}));
}

// ------------------------------------------------------------------------------------------------
// BFN brackets, zig-zag and circular riders (documents 000, 003)

Move rhino() {  // z[WF]: W, then F outward, repeated along the same vectors, may stop anywhere
    Move m = move({leg(kW, 0x55, 1, kModeEmpty), leg(kW, 0x82, 1)});
    m.legs[0].mayStopHere = true;
    m.repeat = Repeat{0, 1, 1, kUnlimited};
    return m;
}
Move minorRhino() {  // z[FW]
    Move m = move({leg(kF, 0xAA, 1, kModeEmpty), leg(kF, 0x82, 1)});
    m.legs[0].mayStopHere = true;
    m.repeat = Repeat{0, 1, 1, kUnlimited};
    return m;
}

TEST(BfnBrackets, Rhino) {
    EXPECT_EQ(B("z[WF]"), piece({rhino()}));
}
TEST(BfnBrackets, MinorRhino) {
    EXPECT_EQ(B("z[FW]"), piece({minorRhino()}));
}
TEST(BfnBrackets, DoubleRhino) {
    EXPECT_EQ(B("z[WF]z[FW]"), piece({rhino(), minorRhino()}));
}
TEST(BfnBrackets, Monster) {
    EXPECT_EQ(B("Qz[WF]z[FW]"), piece({one(kK, 0xFF, kInf), rhino(), minorRhino()}));
}

TEST(BfnBrackets, GoIsTheXiangqiHorse) {  // document 003: g[mWF]
    const PieceMoves expected = piece({move({leg(kW, 0x55, 1, kModeEmpty), leg(kW, 0x82, 1)})});
    EXPECT_EQ(B("g[mWF]"), expected);
    EXPECT_EQ(B("g[mWF]"), X("mafsW"));  // spec 4.1
    EXPECT_EQ(B("[mWF]"), expected);     // plain [XY] = X then Y in one move
}

TEST(BfnBrackets, ThenIsTheGriffon) {  // document 003: t[FR]
    const PieceMoves expected =
        piece({one(kF, 0xAA), move({leg(kF, 0xAA, 1, kModeEmpty), leg(kF, 0x82, kInf)})});
    EXPECT_EQ(B("t[FR]"), expected);
    EXPECT_EQ(B("t[FR]"), X("FyafsF"));  // spec 4.5: the griffon
}

TEST(BfnBrackets, StraightContinuationOfTheSameKind) {
    // [FB]: F, then B straight on = the Tamerlane picket of spec section 2 (yafF).
    EXPECT_EQ(B("[FB]"), X("yafF"));
    EXPECT_EQ(B("[WR]"), X("yafW"));
    EXPECT_EQ(B("[FmBW]"), X("yafyafsF"));  // F, B straight on, then W at 45 degrees
    EXPECT_EQ(B("[WWW]"), B("[RW]"));       // WW inside brackets is still the rider R
}

TEST(BfnBrackets, OuterModifiers) {
    EXPECT_EQ(B("fg[mWF]"), piece({move({leg(kW, 0x01, 1, kModeEmpty), leg(kW, 0x82, 1)})}));
    EXPECT_EQ(B("c[mWF]"),
              piece({move({leg(kW, 0x55, 1, kModeEmpty), leg(kW, 0x82, 1, kModeCaptureEnemy)})}));
    Move i = move({leg(kW, 0x55, 1, kModeEmpty), leg(kW, 0x82, 1)}, 1);
    EXPECT_EQ(B("i[mWF]"), piece({i}));
    EXPECT_EQ(B("[fmWF]"), B("f[mWF]"));
}

TEST(BfnShapes, RoseIsCircularKnightRider) {  // qN
    Move m = one(kN, 0xFF, kInf);
    m.legs[0].shape = Shape::Circular;
    EXPECT_EQ(B("qN"), piece({m}));
}

TEST(BfnShapes, CircularKing) {  // qK (document 003)
    Move m = one(kK, 0xFF, kInf);
    m.legs[0].shape = Shape::Circular;
    EXPECT_EQ(B("qK"), piece({m}));
    m.legs[0].maxRange = 4;
    EXPECT_EQ(B("qK4"), piece({m}));
}

TEST(BfnShapes, CrookedRiders) {
    Move zR = one(kW, 0x55, kInf);
    zR.legs[0].shape = Shape::Crooked;
    EXPECT_EQ(B("zR"), piece({zR}));
    EXPECT_EQ(B("zW"), piece({zR}));  // z makes a leaper a rider
    Move zB = one(kF, 0xAA, kInf);
    zB.legs[0].shape = Shape::Crooked;
    EXPECT_EQ(B("zB"), piece({zB}));
}

// ------------------------------------------------------------------------------------------------
// XBetza multi-leg moves (document 003 and spec 4)

TEST(XBetzaLegs, CamK) {
    EXPECT_EQ(X("camK"),
              piece({move({leg(kK, 0xFF, 1, kModeCaptureEnemy), leg(kK, 0xEF, 1, kModeEmpty)})}));
}

TEST(XBetzaLegs, MasR) {  // the hook mover
    EXPECT_EQ(X("masR"), piece({move({leg(kW, 0x55, kInf, kModeEmpty), leg(kW, 0x44, kInf)})}));
}

TEST(XBetzaLegs, MafsR) {  // rook, then 45 degrees as bishop
    EXPECT_EQ(X("mafsR"), piece({move({leg(kW, 0x55, kInf, kModeEmpty), leg(kW, 0x82, kInf)})}));
}

TEST(XBetzaLegs, MamaKAndItsShortForm) {
    const PieceMoves expected = piece(
        {move({leg(kK, 0xFF, 1, kModeEmpty), leg(kK, 0xEF, 1, kModeEmpty), leg(kK, 0xEF, 1)})});
    EXPECT_EQ(X("mamaK"), expected);
    EXPECT_EQ(X("aaK"), expected);
}

TEST(XBetzaLegs, AK) {
    EXPECT_EQ(X("aK"), piece({move({leg(kK, 0xFF, 1, kModeEmpty), leg(kK, 0xEF, 1)})}));
    EXPECT_EQ(X("aK"), X("maK"));
}

TEST(XBetzaLegs, MavR) {
    EXPECT_EQ(X("mavR"), piece({move({leg(kW, 0x55, kInf, kModeEmpty), leg(kW, 0x11, kInf)})}));
}

TEST(XBetzaLegs, PasRAndCpasR) {
    EXPECT_EQ(X("pasR"), piece({move({leg(kW, 0x55, kInf, kHop), leg(kW, 0x44, kInf)})}));
    EXPECT_EQ(X("cpasR"),
              piece({move({leg(kW, 0x55, kInf, kModeCaptureEnemy | kHop), leg(kW, 0x44, kInf)})}));
}

TEST(XBetzaLegs, MpafsKIsAKnight) {
    EXPECT_EQ(X("mpafsK"), piece({move({leg(kK, 0xFF, 1, kModeEmpty | kHop), leg(kK, 0x82, 1)})}));
}

TEST(XBetzaLegs, CheckerCapture) {  // fcafmF
    EXPECT_EQ(X("fcafmF"),
              piece({move({leg(kF, 0x82, 1, kModeCaptureEnemy), leg(kF, 0x01, 1, kModeEmpty)})}));
}

TEST(XBetzaLegs, DoubleKnight) {  // maN
    EXPECT_EQ(X("maN"), piece({move({leg(kN, 0xFF, 1, kModeEmpty), leg(kN, 0xEF, 1)})}));
}

TEST(XBetzaLegs, DefaultTurnsOfLaterLegs) {  // spec 4.3
    EXPECT_EQ(X("aW").moves[0].legs[1].dirs, 0x45);
    EXPECT_EQ(X("aF").moves[0].legs[1].dirs, 0x45);
    EXPECT_EQ(X("aR").moves[0].legs[1].dirs, 0x45);
    EXPECT_EQ(X("aK").moves[0].legs[1].dirs, 0xEF);
    EXPECT_EQ(X("aQ").moves[0].legs[1].dirs, 0xEF);
    EXPECT_EQ(X("aN").moves[0].legs[1].dirs, 0xEF);
    EXPECT_EQ(X("ahW").moves[0].legs[1].dirs, 0xFF);
    EXPECT_EQ(X("abW").moves[0].legs[1].dirs, 0x10);
    EXPECT_EQ(X("afrW").moves[0].legs[1].dirs, 0x02);
    EXPECT_EQ(X("abrW").moves[0].legs[1].dirs, 0x08);
}

TEST(XBetzaLegs, RangeAppliesToTheFinalLegOnly) {
    EXPECT_EQ(X("mafW3"), piece({move({leg(kW, 0x55, 1, kModeEmpty), leg(kW, 0x01, 3)})}));
    EXPECT_EQ(X("mafR3"), piece({move({leg(kW, 0x55, kInf, kModeEmpty), leg(kW, 0x01, 3)})}));
}

TEST(XBetzaLegs, LocustAndDestroy) {
    EXPECT_EQ(X("cafK"), piece({move({leg(kK, 0xFF, 1, kModeCaptureEnemy), leg(kK, 0x01, 1)})}));
    EXPECT_EQ(X("dabK"), piece({move({leg(kK, 0xFF, 1, kModeCaptureFriend), leg(kK, 0x10, 1)})}));
    EXPECT_EQ(X("tpafR"),
              piece({move({leg(kW, 0x55, kInf, kModeHopFriend), leg(kW, 0x01, kInf)})}));
}

TEST(XBetzaLegs, RangeToggles) {  // spec 4.5
    EXPECT_EQ(X("yafF"), piece({move({leg(kF, 0xAA, 1, kModeEmpty), leg(kF, 0x01, kInf)})}));
    EXPECT_EQ(X("gafK"), piece({move({leg(kK, 0xFF, 1, kHop), leg(kK, 0x01, kInf)})}));
    EXPECT_EQ(X("yafR"), piece({move({leg(kW, 0x55, kInf, kModeEmpty), leg(kW, 0x01, 1)})}));
    EXPECT_EQ(X("yafN"), piece({move({leg(kN, 0xFF, 1, kModeEmpty), leg(kN, 0x01, kInf)})}));
    EXPECT_EQ(X("yafF3"), X("yafF"));  // a written range is stripped
    // The upgrade holds for the rest of the chain; a second toggle turns it back.
    EXPECT_EQ(X("yamafF"), piece({move({leg(kF, 0xAA, 1, kModeEmpty),
                                        leg(kF, 0x45, kInf, kModeEmpty), leg(kF, 0x01, kInf)})}));
    EXPECT_EQ(X("yayafF"), piece({move({leg(kF, 0xAA, 1, kModeEmpty),
                                        leg(kF, 0x45, kInf, kModeEmpty), leg(kF, 0x01, 1)})}));
}

// ------------------------------------------------------------------------------------------------
// The Tamerlane pieces (spec section 2)

TEST(Tamerlane, Giraffe) {  // afsafyafF
    EXPECT_EQ(X("afsafyafF"),
              piece({move({leg(kF, 0xAA, 1, kModeEmpty), leg(kF, 0x82, 1, kModeEmpty),
                           leg(kF, 0x01, 1, kModeEmpty), leg(kF, 0x01, kInf)})}));
}

TEST(Tamerlane, Picket) {  // yafF
    EXPECT_EQ(X("yafF"), piece({move({leg(kF, 0xAA, 1, kModeEmpty), leg(kF, 0x01, kInf)})}));
}

TEST(Tamerlane, Leapers) {
    EXPECT_EQ(X("C"), piece({one(kC, 0xFF)}));
    EXPECT_EQ(X("D"), piece({one(kD, 0x55)}));
    EXPECT_EQ(X("A"), piece({one(kA, 0xAA)}));
    EXPECT_EQ(X("W"), piece({one(kW, 0x55)}));
    EXPECT_EQ(X("F"), piece({one(kF, 0xAA)}));
    EXPECT_EQ(X("K"), piece({one(kK, 0xFF)}));
}

TEST(Tamerlane, Pawn) {  // fmWfcF
    EXPECT_EQ(X("fmWfcF"),
              piece({one(kW, 0x01, 1, kModeEmpty), one(kF, 0x82, 1, kModeCaptureEnemy)}));
}

// ------------------------------------------------------------------------------------------------
// Castling and drops (document 003, spec 1.3 and 6)

TEST(Castling, KO2) {
    Move castle;
    Leg l;
    l.atom.kind = AtomKind::Castling;
    l.maxRange = 2;
    l.mode = kModeEmpty;
    castle.legs = {l};
    EXPECT_EQ(X("KO2"), piece({one(kK, 0xFF), castle}));
    castle.castleInner = true;
    EXPECT_EQ(X("jO2"), piece({castle}));
    castle.legs[0].maxRange = 3;
    castle.castleInner = false;
    EXPECT_EQ(X("O3"), piece({castle}));
}

TEST(Drops, ShogiPawnLanceKnight) {  // fWf@8, fR@8, fN@7
    PieceMoves pawn = piece({one(kW, 0x01)});
    pawn.drop = DropRule{8, false, 1, 0, 0};
    EXPECT_EQ(X("fWf@8"), pawn);
    PieceMoves lance = piece({one(kW, 0x01, kInf)});
    lance.drop = DropRule{8, false, 0, 0, 0};
    EXPECT_EQ(X("fR@8"), lance);
    PieceMoves knight = piece({one(kN, 0x81)});
    knight.drop = DropRule{7, false, 0, 0, 0};
    EXPECT_EQ(X("fN@7"), knight);
}

TEST(Drops, OtherPieces) {  // @9
    PieceMoves p;
    p.drop = DropRule{9, false, 0, 0, 0};
    EXPECT_EQ(X("@9"), p);
    PieceMoves k = piece({one(kK, 0xFF)});
    k.drop = DropRule{9, false, 0, 0, 0};
    EXPECT_EQ(X("K@9"), k);
}

TEST(Drops, Limits) {
    EXPECT_EQ(X("ff@").drop, (DropRule{0, false, 2, 0, 0}));
    EXPECT_EQ(X("s@").drop, (DropRule{0, false, 0, 1, 0}));
    EXPECT_EQ(X("bb@").drop, (DropRule{0, false, 0, 0, 2}));
    EXPECT_EQ(X("j@7").drop, (DropRule{7, true, 0, 0, 0}));  // crazyhouse pawns
    EXPECT_EQ(X("fsbj@3").drop, (DropRule{3, true, 1, 1, 1}));
    EXPECT_EQ(X("@").drop, (DropRule{0, false, 0, 0, 0}));  // anywhere
}

// ------------------------------------------------------------------------------------------------
// Betza 2.0 / Bex (document 003)

TEST(Bex, XiangqiElephantAndHorse) {  // mF-F, mW-F, W-F
    EXPECT_EQ(E("mF-F"), piece({move({leg(kF, 0xAA, 1, kModeEmpty), leg(kF, 0x01, 1)})}));
    EXPECT_EQ(E("mW-F"), piece({move({leg(kW, 0x55, 1, kModeEmpty), leg(kW, 0x82, 1)})}));
    EXPECT_EQ(E("W-F"), E("mW-F"));
    EXPECT_EQ(E("mW-F"), X("mafsW"));
    EXPECT_EQ(E("mF-F"), X("mafF"));
}

TEST(Bex, Checker) {  // fmF(fcF-mF) == fmFfcafmF
    EXPECT_EQ(E("fmF(fcF-mF)"),
              piece({one(kF, 0x82, 1, kModeEmpty),
                     move({leg(kF, 0x82, 1, kModeCaptureEnemy), leg(kF, 0x01, 1, kModeEmpty)})}));
    EXPECT_EQ(E("fmF(fcF-mF)"), X("fmFfcafmF"));
}

Move maoRider() {
    Move m = move({leg(kW, 0x55, 1, kModeEmpty), leg(kW, 0x82, 1)});
    m.repeat = Repeat{0, 1, 1, kUnlimited};
    return m;
}

TEST(Bex, MaoRider) {  // (W-F)0 and (mW-F)*
    EXPECT_EQ(E("(W-F)0"), piece({maoRider()}));
    EXPECT_EQ(E("(mW-F)*"), piece({maoRider()}));
}

TEST(Bex, RepeatCounts) {
    Move m = maoRider();
    m.repeat->maxTimes = 3;
    EXPECT_EQ(E("(W-F)3"), piece({m}));
    m.repeat->minTimes = 2;
    m.repeat->maxTimes = 2;
    EXPECT_EQ(E("(W-F)02"), piece({m}));
}

TEST(Bex, Nightrider) {  // N*
    EXPECT_EQ(E("N*"), piece({one(kN, 0xFF, kInf)}));
    EXPECT_EQ(E("N*"), X("N0"));
    EXPECT_EQ(E("(N)*"), E("N*"));
    EXPECT_EQ(E("R"), E("W*"));
}

TEST(Bex, LimitedAndExactRiders) {  // mfW2, mfW02
    EXPECT_EQ(E("mfW2"), piece({one(kW, 0x01, 2, kModeEmpty)}));
    Move exact = one(kW, 0x01, 2, kModeEmpty);
    exact.legs[0].minRange = 2;
    EXPECT_EQ(E("mfW02"), piece({exact}));
}

PieceMoves bexPawn() {
    Move first = one(kW, 0x01, 2, kModeEmpty);
    first.initial = 1;
    return piece({first, one(kW, 0x01, 1, kModeEmpty), one(kF, 0x82, 1, kModeCaptureEnemy)});
}

TEST(Bex, PawnWithPlus) {
    EXPECT_EQ(E("imfW2+mfW+cfF"), bexPawn());
}
TEST(Bex, PawnWithGroups) {
    EXPECT_EQ(E("(imfW2)(mfW)(cfF)"), bexPawn());
    EXPECT_EQ(E("(imfW2)+(mfW)+(cfF)"), bexPawn());
    EXPECT_EQ(E("imfW2mfWcfF"), bexPawn());
    EXPECT_EQ(E("(A)"), E("A"));
}

TEST(Bex, PromotionList) {  // imfW2+mfW+cfF=Q,R,B,N
    PieceMoves expected = bexPawn();
    expected.promotions = {"Q", "R", "B", "N"};
    EXPECT_EQ(E("imfW2+mfW+cfF=Q,R,B,N"), expected);
}

TEST(Bex, ShogiKnightWithMayJump) {  // e(mfW-F)
    EXPECT_EQ(E("e(mfW-F)"),
              piece({move({leg(kW, 0x01, 1, kModeEmpty | kHop), leg(kW, 0x82, 1)})}));
    EXPECT_EQ(E("e(mfW-F)"), X("fmpafsW"));
    Move eR = one(kW, 0x55, kInf);
    eR.legs[0].jumpAny = true;
    EXPECT_EQ(E("eR"), piece({eR}));
}

TEST(Bex, DoubleKnight) {  // mN--N == maN
    EXPECT_EQ(E("mN--N"), piece({move({leg(kN, 0xFF, 1, kModeEmpty), leg(kN, 0xEF, 1)})}));
    EXPECT_EQ(E("mN--N"), X("maN"));
}

TEST(Bex, ChainsWithATurn) {
    EXPECT_EQ(E("mW--W"), X("maW"));
    EXPECT_EQ(E("mK--K"), X("maK"));
    EXPECT_EQ(E("mW--F").moves[0].legs[1].dirs, 0xAA);
    EXPECT_EQ(E("mR-B"), X("mafsR"));
    EXPECT_EQ(E("F-B"), X("yafF"));  // the picket, [F-B] in spec/tamerlane.md
    EXPECT_EQ(E("F-R"), X("yafsF"));
}

TEST(Bex, NullMoveRoyalAndHop) {
    Move null;
    Leg l;
    l.atom.kind = AtomKind::Null;
    l.mode = kModeEmpty;
    null.legs = {l};
    EXPECT_EQ(E("O"), piece({null}));
    PieceMoves king = piece({one(kK, 0xFF)});
    king.royal = true;
    EXPECT_EQ(E("yK"), king);
    EXPECT_EQ(E("jR"), X("pR"));  // Bex j = hop (BFN p)
    EXPECT_EQ(E("mR+cjR"), X("mRcpR"));
    EXPECT_EQ(E("tjR"), X("tpR"));
}

TEST(Bex, LeaperLiteral) {
    EXPECT_EQ(E("(1,4)"), piece({one(Atom{AtomKind::Step, 1, 4}, 0xFF)}));
    EXPECT_EQ(E("(3,1)*"), piece({one(kC, 0xFF, kInf)}));
}

// ------------------------------------------------------------------------------------------------
// Errors: the column of the offending character and what was expected

struct ErrorCase {
    Dialect dialect;
    const char* text;
    int column;
    const char* fragment;  // a piece of the expected message
};

class Errors : public testing::TestWithParam<ErrorCase> {};

TEST_P(Errors, ReportColumnAndReason) {
    const ErrorCase& c = GetParam();
    try {
        parse(c.text, c.dialect);
        FAIL() << "'" << c.text << "' parsed in " << dialectName(c.dialect);
    } catch (const ParseError& e) {
        EXPECT_EQ(e.column(), c.column) << c.text << ": " << e.what();
        EXPECT_NE(std::string(e.what()).find(c.fragment), std::string::npos)
            << c.text << ": " << e.what();
        EXPECT_EQ(std::string(e.what()).rfind("column " + std::to_string(c.column) + ": ", 0), 0u);
    }
}

constexpr Dialect kX = Dialect::XBetza, kB = Dialect::Bfn, kE = Dialect::Bex;

INSTANTIATE_TEST_SUITE_P(
    All, Errors,
    testing::Values(
        // empty descriptions
        ErrorCase{kX, "", 1, "empty description"}, ErrorCase{kB, "", 1, "empty description"},
        ErrorCase{kE, "", 1, "empty description"},
        // modifiers without an atom
        ErrorCase{kB, "mfWq", 4, "expected an atom letter after modifiers 'q'"},
        ErrorCase{kX, "mfWq", 4, "'q'"}, ErrorCase{kX, "mfWf", 4, "expected an atom letter"},
        ErrorCase{kX, "fm", 2, "expected an atom letter after modifiers 'fm'"},
        ErrorCase{kE, "mfWm", 4, "expected an atom letter"},
        // unknown and misplaced letters
        ErrorCase{kX, "X", 1, "unknown atom 'X'"}, ErrorCase{kX, "fxW", 2, "unknown modifier 'x'"},
        ErrorCase{kX, "WFE", 3, "unknown atom 'E'"}, ErrorCase{kB, "aK", 1, "XBetza"},
        ErrorCase{kB, "dK", 1, "XBetza"}, ErrorCase{kB, "T", 1, "tripper is G"},
        ErrorCase{kE, "pR", 1, "j"}, ErrorCase{kE, "gQ", 1, "grasshoppers"},
        ErrorCase{kE, "nN", 1, "chain"}, ErrorCase{kX, "3W", 1, "range must follow an atom"},
        ErrorCase{kX, "W 3", 2, "a space"}, ErrorCase{kX, "fWi", 3, "expected an atom letter"},
        ErrorCase{kX, "mfiW", 3, "must come first"}, ErrorCase{kX, "iiiW", 3, "at most two i"},
        ErrorCase{kX, "maiW", 3, "not supported: 'i' on a later leg"},
        ErrorCase{kX, "yW", 1, "followed by 'a'"}, ErrorCase{kX, "eafW", 1, "final leg"},
        ErrorCase{kX, "mmW", 2, "written twice"}, ErrorCase{kX, "njN", 2, "contradict"},
        ErrorCase{kX, "jjN", 1, "jj"}, ErrorCase{kX, "hW", 1, "'h' means nothing"},
        ErrorCase{kX, "fhF", 2, "'h' means nothing"},
        ErrorCase{kB, "hN", 1, "must follow f, b, l or r"},
        ErrorCase{kB, "fhK", 2, "only applies to oblique atoms"},
        ErrorCase{kB, "tR", 1, "must be followed by [..]"},
        ErrorCase{kB, "zqN", 2, "exclude each other"},
        ErrorCase{kB, "pgR", 2, "exclude each other"}, ErrorCase{kB, "nnN", 2, "written twice"},
        ErrorCase{kB, "jjjR", 1, "at most jj"},
        // J and L in XBetza
        ErrorCase{kX, "J", 1, "write C for the camel (1,3) or Z for the zebra (2,3)"},
        ErrorCase{kX, "fL", 2, "write C for the camel"},
        ErrorCase{kE, "L", 1, "write C for the camel"},
        // brackets
        ErrorCase{kB, "[WF", 1, "unclosed '['"}, ErrorCase{kB, "z[WF", 2, "unclosed '['"},
        ErrorCase{kB, "WF]", 3, "unexpected ']'"}, ErrorCase{kB, "[W]", 1, "at least two atoms"},
        ErrorCase{kB, "[]", 1, "at least two atoms"}, ErrorCase{kB, "[W[F]]", 3, "nested"},
        ErrorCase{kB, "[Wm]", 4, "expected an atom letter"},
        ErrorCase{kB, "[WpF]", 3, "not supported"},
        ErrorCase{kB, "[WfF]", 3, "directions only on the first atom"},
        ErrorCase{kB, "n[WF]", 1, "not supported"}, ErrorCase{kB, "f[fWF]", 3, "written twice"},
        ErrorCase{kB, "[NW]", 3, "not supported: chaining an oblique atom"},
        ErrorCase{kB, "[WD]", 3, "step length"}, ErrorCase{kX, "[WF]", 1, "no brackets"},
        ErrorCase{kE, "(WF", 1, "unclosed '('"}, ErrorCase{kE, "WF)", 3, "unexpected ')'"},
        ErrorCase{kE, "()", 1, "empty group"}, ErrorCase{kE, "((W)", 1, "unclosed '('"},
        // dangling chains and unions
        ErrorCase{kE, "mW-", 3, "dangling '-'"}, ErrorCase{kE, "mW--", 3, "dangling '--'"},
        ErrorCase{kE, "W---F", 4, "'---'"}, ErrorCase{kE, "W+", 2, "dangling '+'"},
        ErrorCase{kE, "+W", 1, "expected a move before it"},
        ErrorCase{kE, "W++F", 3, "expected a move before it"},
        ErrorCase{kE, "-W", 1, "expected an atom before it"},
        ErrorCase{kE, "W-fF", 3, "directions on a later atom"},
        ErrorCase{kE, "W-(F)", 3, "group ( ) inside a chain"},
        ErrorCase{kE, "(W)-F", 4, "group ( ) inside a chain"},
        ErrorCase{kE, "K-W", 3, "king-like leg"}, ErrorCase{kE, "N-W", 3, "oblique"},
        ErrorCase{kX, "mW-F", 3, "Bex"}, ErrorCase{kX, "W+F", 2, "Bex"},
        ErrorCase{kX, "N*", 2, "Bex"}, ErrorCase{kB, "N*", 2, "expected an atom letter"},
        // vectors and numbers
        ErrorCase{kX, "(1,)", 4, "expected a number after ','"},
        ErrorCase{kE, "(1,)", 4, "expected a number after ','"},
        ErrorCase{kX, "(,1)", 2, "expected a number after '('"},
        ErrorCase{kX, "(1;2)", 3, "expected ','"}, ErrorCase{kX, "(1,2", 1, "unclosed '('"},
        ErrorCase{kX, "(1,2]", 5, "expected ')'"}, ErrorCase{kX, "(0,0)", 1, "(0,0) is not a move"},
        ErrorCase{kX, "(1,200)", 4, "at most 127"}, ErrorCase{kX, "W00", 2, "bad number"},
        ErrorCase{kX, "W256", 2, "bad number"}, ErrorCase{kX, "NN3", 3, "already unlimited"},
        ErrorCase{kB, "WW2", 3, "already unlimited"},
        ErrorCase{kE, "N*3", 3, "nothing may follow '*'"}, ErrorCase{kB, "(1,2)", 1, "not BFN"},
        // castling, universal, drops
        ErrorCase{kX, "O", 1, "needs the distance"},
        ErrorCase{kX, "O0", 2, "bad castling distance"},
        ErrorCase{kX, "fO2", 1, "does not apply to O"}, ErrorCase{kX, "maO2", 2, "not supported"},
        ErrorCase{kX, "iO2", 1, "'i' does not apply to O"},
        ErrorCase{kX, "U3", 2, "takes no range"}, ErrorCase{kX, "fU", 1, "does not apply to U"},
        // q and z (XBetza after 4.9.1)
        ErrorCase{kX, "qzN", 2, "exclude each other"}, ErrorCase{kX, "qqN", 2, "written twice"},
        ErrorCase{kX, "zW", 1, "'z' (crooked) on a leaper means nothing"},
        ErrorCase{kX, "qafsW", 1, "on the first leg of a move with 'a'"},
        ErrorCase{kX, "zafsW", 1, "crooked rider (zR)"},
        ErrorCase{kX, "afsaflqK", 7, "cannot be combined with l, r, s or h"},
        ErrorCase{kX, "afsahzK", 6, "cannot be combined"},
        ErrorCase{kX, "pqR", 2, "not supported: a circular hopper"},
        ErrorCase{kX, "zgR", 1, "not supported: a crooked hopper"},
        // u (XBoard after 4.9.1): one u, one capture, a square left empty to put the piece on
        ErrorCase{kX, "uafuK", 4, "on one leg only"},
        ErrorCase{kX, "umR", 1, "'u' (unload) needs a capture"},
        ErrorCase{kX, "ucaK", 1, "may capture on one leg only"},
        ErrorCase{kX, "ucafcK", 1, "may capture on one leg only"},
        ErrorCase{kX, "cafucK", 4, "may capture on one leg only"},
        ErrorCase{kX, "ueW", 1, "does not combine with 'e'"},
        ErrorCase{kX, "pafucR", 4, "starts on an occupied square"},
        ErrorCase{kX, "cafumK", 4, "starts on an occupied square"},
        ErrorCase{kX, "mcafuK", 5, "may capture on one leg only"},
        ErrorCase{kX, "dafucK", 4, "may capture on one leg only"},
        // t: XBoard's tame / own-pieces-only hop; nothing else on a leg followed by 'a'
        ErrorCase{kX, "tcafK", 1, "'t' on a leg followed by 'a' only restricts a hop"},
        ErrorCase{kX, "mtafcK", 2, "write tp or tg"},
        ErrorCase{kX, "m@", 1, "no meaning before '@'"}, ErrorCase{kX, "fff@", 3, "at most two"},
        ErrorCase{kX, "@8W", 3, "nothing may follow the drop suffix"},
        ErrorCase{kX, "ma@", 3, "cannot follow 'a'"}, ErrorCase{kX, "@0", 2, "bad drop depth"},
        ErrorCase{kX, "i@", 1, "'i' does not apply to a drop"},
        // Bex specifics
        ErrorCase{kE, "[ca]", 1, "not supported: the exotic operator [ca] (advancer capture)"},
        ErrorCase{kE, "[cw]", 1, "withdrawer"}, ErrorCase{kE, "[cj]", 1, "not supported"},
        ErrorCase{kE, "[cl]", 1, "not supported"}, ErrorCase{kE, "[ci]", 1, "chameleon"},
        ErrorCase{kE, "K[ccR]", 2, "custodial"}, ErrorCase{kE, "[cu]", 1, "not supported"},
        ErrorCase{kE, "[crK]", 1, "not supported"}, ErrorCase{kE, "[xiK]", 1, "immobiliser"},
        ErrorCase{kE, "[x!iK]", 1, "not supported"}, ErrorCase{kE, "[xwQ]", 1, "swap"},
        ErrorCase{kE, "[xo]", 1, "previous square"},
        ErrorCase{kE, "[zz]", 1, "unknown bracket operator"},
        ErrorCase{kE, "[ca", 1, "unclosed '['"},
        ErrorCase{kE, "W=", 2, "expected a piece after '='"},
        ErrorCase{kE, "W=Q,", 4, "expected a piece after ','"},
        ErrorCase{kE, "W=Q;R", 4, "expected ','"}, ErrorCase{kE, "=Q", 1, "at least one move"},
        ErrorCase{kE, "(W=Q)", 3, "must come last"},
        ErrorCase{kE, "eW", 1, "no effect on a one-step leaper"},
        ErrorCase{kE, "e(W)", 1, "no effect on a one-step leaper"},
        ErrorCase{kE, "tR", 1, "needs j"}, ErrorCase{kE, "fO", 1, "does not apply to O"},
        ErrorCase{kE, "O3", 2, "takes no range"}, ErrorCase{kE, "W-O", 3, "null move"},
        ErrorCase{kE, "W-iF", 3, "start of a move"}, ErrorCase{kE, "m(W-F)", 1, "before a group"},
        ErrorCase{kE, "(W+F)*", 6, "several moves"},
        ErrorCase{kE, "(R)*", 4, "repeating a rider"}));

TEST(Errors, CarryColumnAndDetail) {
    try {
        parseXBetza("fmWfcJ");
        FAIL();
    } catch (const ParseError& e) {
        EXPECT_EQ(e.column(), 6);
        EXPECT_EQ(std::string(e.what()), "column 6: " + e.detail());
    }
}

}  // namespace
}  // namespace timur::betza
