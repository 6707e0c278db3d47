// Standard algebraic notation as XBoard reads it in a PGN file: piece letter, the origin's file
// or rank where another piece of the type could go there too, 'x' for a capture, the target
// square in XBoard's coordinates, '=' and the letter of a promotion, O-O / O-O-O, P@e4 for a
// drop, '+' or '#' for check or mate.
#include <cctype>

#include "engine/movegen.h"
#include "engine/position.h"
#include "engine/xboard_dialect.h"

namespace timur::protocol {

namespace {

// A letter SAN can carry: one upper-case ASCII letter, no suffix ("P'", "+P" have none), as
// XBoard writes it for the variant.
char sanLetter(const Variant& v, PieceType t) {
    if (v.xboard && size_t(t) < v.xboard->letters.size() && v.xboard->letters[t])
        return v.xboard->letters[t];
    const std::string& letter = v.pieces[t].letter;
    return letter.size() == 1 && std::isupper(static_cast<unsigned char>(letter[0])) ? letter[0]
                                                                                     : 0;
}

// Moves SAN has a form for: one piece moving from one square to another, capturing at most
// what stands on the target (or the e.p. victim), promoting to a lettered type; castling to
// the fixed king squares; a drop of a piece on its own side.
bool hasSanForm(const Position& pos, const Move& m) {
    const Variant& v = pos.variant();
    if (m.flags & (kMoveGate | kMoveUnload | kMoveRelocate | kMovePass | kMoveEndsGame))
        return false;
    switch (m.kind) {
        case MoveKind::Normal:
        case MoveKind::EnPassant:
            return m.victimCount() == 0 && sanLetter(v, typeOf(pos.at(m.from))) &&
                   (m.promo == kNoPieceType || sanLetter(v, m.promo));
        case MoveKind::Castling:
            return v.rules.castling && !v.rules.castling->kingStopsAnywhere;
        case MoveKind::Drop:
            return m.promo == PieceType(m.aux) && sanLetter(v, m.promo);
        default:
            return false;
    }
}

// Where promoted pieces are written with '+' (shogi), XBoard reads a '+' after a move as a
// promotion: such games carry no check marks, as XBoard's own.
bool marksCheck(const Variant& v) {
    for (const PieceSpec& p : v.pieces)
        if (!p.letter.empty() && p.letter[0] == '+') return false;
    return true;
}

bool isPawn(const Variant& v, PieceType t) {
    return sanLetter(v, t) == 'P';
}

// The letters of a piece in XBoard's SAN of a two-leg move: its SAN letter, or a shogi-style
// promoted type's "+O" (XBoard writes a promoted piece as '+' and the letter it came from).
std::string legsLetters(const Variant& v, PieceType t) {
    if (char c = sanLetter(v, t)) return std::string(1, c);
    const std::string& l = v.pieces[t].letter;
    return l.size() == 2 && l[0] == '+' && std::isupper(static_cast<unsigned char>(l[1])) ? l : "";
}

// A two-leg move of a lettered piece that captures on the way (chu's Lion): XBoard writes the
// first leg as a capture in SAN, then '-' (the destination is empty, or the origin: igui) or 'x'
// and the destination, then the promotion's '+' (Nxf6-g6, Nxl2xk1, Nxh5-i6, +Oxd4-e3).
bool isLegsSan(const Position& pos, const Move& m) {
    const Variant& v = pos.variant();
    if (m.kind != MoveKind::Normal || m.victimCount() != 1 || (m.flags & ~kMoveVictimMask) ||
        legsLetters(v, typeOf(pos.at(m.from))).empty() || isPawn(v, typeOf(pos.at(m.from))))
        return false;
    return m.promo == kNoPieceType || v.pieces[typeOf(pos.at(m.from))].promotesTo == m.promo;
}

}  // namespace

std::string XBoardMoves::san(Position& pos, const Move& m) const {
    const Variant& v = pos.variant();
    const Geometry& g = pos.board();
    // A variant XBoard learns from the engine is read back only with the engine's help: its
    // games keep Timur's own text, free of XBoard's kludges (nicknames, legs).
    if (engineDefined_) return moveText(pos, m, true);
    if (isLegsSan(pos, m)) return legsSan(pos, m);
    if (!hasSanForm(pos, m)) return text(pos, m, true);
    std::string s;
    if (m.kind == MoveKind::Castling) {
        int kingFile = g.fileOf(m.to);
        if (kingFile == v.rules.castling->kingsideKingFile)
            s = "O-O";
        else if (kingFile == v.rules.castling->queensideKingFile)
            s = "O-O-O";
        else
            return text(pos, m, true);
    } else if (m.kind == MoveKind::Drop) {
        s = std::string(1, sanLetter(v, m.promo)) + "@" + square(m.to);
    } else {
        MoveList legal;
        generateLegal(pos, legal);
        PieceType type = typeOf(pos.at(m.from));
        bool capture = m.kind == MoveKind::EnPassant || pos.at(m.to) != kNoPiece;
        // Other moves of the same type to the same square with the same promotion: the origin
        // must tell them apart, by file, by rank, or by both.
        bool rival = false, fileShared = false, rankShared = false;
        for (const Move& o : legal) {
            if (o == m || o.kind == MoveKind::Drop || o.from == m.from || o.to != m.to ||
                o.promo != m.promo || pos.at(o.from) != pos.at(m.from))
                continue;
            rival = true;
            fileShared |= g.fileOf(o.from) == g.fileOf(m.from);
            rankShared |= g.rankOf(o.from) == g.rankOf(m.from);
        }
        std::string from = square(m.from);
        std::string file = from.substr(0, 1), rank = from.substr(1);
        if (isPawn(v, type)) {
            // A pawn names its file when it captures; two pawns of one file reaching the same
            // square (possible with fairy pawns) need coordinates.
            if ((rival && !capture) || (rival && fileShared)) return text(pos, m, true);
            if (capture) s = file + "x";
        } else {
            s = std::string(1, sanLetter(v, type));
            if (rival) s += !fileShared ? file : !rankShared ? rank : from;
            if (capture) s += 'x';
        }
        s += square(m.to);
        if (m.promo != kNoPieceType) s += std::string("=") + sanLetter(v, m.promo);
    }
    if (!marksCheck(v)) return s;
    pos.makeMove(m);
    if (inCheck(pos)) {
        MoveList replies;
        generateLegal(pos, replies);
        s += replies.size == 0 ? '#' : '+';
    }
    pos.unmakeMove();
    return s;
}

// The first leg is told apart from another piece of the same kind capturing on the same square
// (by a plain move or a first leg) as SAN tells a move apart: by file, by rank, or by both.
std::string XBoardMoves::legsSan(Position& pos, const Move& m) const {
    const Variant& v = pos.variant();
    const Geometry& g = pos.board();
    int kill = m.victim[0];
    MoveList legal;
    generateLegal(pos, legal);
    bool rival = false, fileShared = false, rankShared = false;
    for (const Move& o : legal) {
        if (o.kind == MoveKind::Drop || o.from == m.from || pos.at(o.from) != pos.at(m.from))
            continue;
        if (o.to != kill && (o.victimCount() == 0 || o.victim[0] != kill)) continue;
        rival = true;
        fileShared |= g.fileOf(o.from) == g.fileOf(m.from);
        rankShared |= g.rankOf(o.from) == g.rankOf(m.from);
    }
    std::string from = square(m.from);
    std::string s = legsLetters(v, typeOf(pos.at(m.from)));
    if (rival) s += !fileShared ? from.substr(0, 1) : !rankShared ? from.substr(1) : from;
    bool quietEnd = m.to == m.from || pos.at(m.to) == kNoPiece;
    s += 'x';
    s += square(kill);
    s += quietEnd ? '-' : 'x';
    s += square(m.to);
    if (m.promo != kNoPieceType) s += '+';
    return s;
}

}  // namespace timur::protocol
