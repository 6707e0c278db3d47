// Move text in Timur's notation (movegen.h describes it), both ways.
#include <cctype>
#include <cstdlib>

#include "engine/movegen.h"
#include "engine/text.h"

namespace timur {

namespace {

std::string lowerLetter(const Variant& v, PieceType t) {
    return lower(v.pieces[t].letter);
}

bool isForcedPromotion(const Position& pos, const Move& m) {
    Piece mover = pos.at(m.from);
    return m.promo != kNoPieceType && mover != kNoPiece &&
           pos.variant().pieces.size() > typeOf(mover) && pos.info().forcedPromotion[typeOf(mover)];
}

// The promotion suffix: '+' for a piece's own promoted form, '-' for going back to the type a
// promoted piece came from (a demotion), else the new type's letter.
std::string promotionSuffix(const Position& pos, const Move& m) {
    const Variant& v = pos.variant();
    Piece moved = pos.at(m.from);
    if (moved != kNoPiece && v.pieces[typeOf(moved)].promotesTo == m.promo) return "+";
    if (moved != kNoPiece && v.pieces[typeOf(moved)].demotesTo == m.promo) return "-";
    return lowerLetter(v, m.promo);
}

}  // namespace

std::string moveText(const Position& pos, const Move& m, bool letterForForcedPromotion) {
    const Geometry& g = pos.board();
    const Variant& v = pos.variant();
    if (m.kind == MoveKind::Drop) {
        std::string letter = v.pieces[m.promo].letter;
        return letter + "@" + g.name(m.to);
    }
    // Gating: the entering piece's letter at the end. A castling that gates on the rook's
    // square is written from the rook's square to the king's (h1e1h), as Fairy-Stockfish does.
    std::string gate = (m.flags & kMoveGate) ? lowerLetter(v, m.victim[1]) : "";
    if (m.kind == MoveKind::Castling) {
        if (!gate.empty() && m.victim[0] == m.aux) return g.name(m.aux) + g.name(m.from) + gate;
        // A king that moves one square only (flexible castling) would read as a king step: it
        // is written king takes own rook.
        bool step = std::abs(g.fileOf(m.to) - g.fileOf(m.from)) <= 1;
        return g.name(m.from) + g.name(step ? m.aux : m.to) + gate;
    }
    std::string s = g.name(m.from);
    for (int k = 0; k < m.victimCount(); ++k) s += g.name(m.victim[k]);
    s += g.name(m.to);
    if (m.kind == MoveKind::CitadelExchange) return s + g.name(m.aux);
    if (m.kind != MoveKind::Normal && m.kind != MoveKind::EnPassant) return s;
    // u: "u" alone when the taken piece goes to the mover's start square (a swap), else "u" and
    // the square.
    if (m.flags & kMoveUnload) {
        s += 'u';
        if (m.aux != m.from) s += g.name(m.aux);
    }
    if (m.promo == kNoPieceType) return s + gate;
    // A forced promotion with one result needs no suffix; other programs expect the result's
    // letter (f7f8q in shatranj, c9c10n for a Tamerlane pawn of knights), but '+' or '-' for a
    // shogi-style type turning over (Kyoto shogi's a1a2+ and b3b4-, as Fairy-Stockfish writes
    // them).
    if (isForcedPromotion(pos, m)) {
        if (!letterForForcedPromotion) return s + gate;
        bool turnsOver =
            v.pieces[m.promo].letter[0] == '+' || v.pieces[typeOf(pos.at(m.from))].letter[0] == '+';
        return s + (turnsOver ? promotionSuffix(pos, m) : lowerLetter(v, m.promo)) + gate;
    }
    return s + promotionSuffix(pos, m) + gate;
}

Move parseMove(Position& pos, const std::string& text) {
    MoveList legal;
    generateLegal(pos, legal);
    for (const Move& m : legal)
        if (moveText(pos, m) == text) return m;
    // A forced single promotion as other programs write it: with the result's letter (f7f8q in
    // shatranj), or with '+' when the result is the piece's promotesTo (j2j1+ for a Tamerlane
    // pawn of knights), '-' when it is its demotesTo (a Kyoto shogi rook turning pawn).
    for (const Move& m : legal) {
        if (!isForcedPromotion(pos, m) || m.kind == MoveKind::Drop || (m.flags & kMoveGate))
            continue;
        std::string plain = moveText(pos, m);
        if (text.size() <= plain.size() || text.compare(0, plain.size(), plain) != 0) continue;
        std::string suffix = text.substr(plain.size());
        const PieceSpec& mover = pos.variant().pieces[typeOf(pos.at(m.from))];
        if (suffix == lowerLetter(pos.variant(), m.promo) ||
            (suffix == "+" && mover.promotesTo == m.promo) ||
            (suffix == "-" && mover.demotesTo == m.promo))
            return m;
    }
    return Move{};
}

}  // namespace timur
