// Moves of a position in XBoard's text, both ways (engine/xboard_dialect.h, XBoardMoves). XBoard
// 4.9.1 executes an engine-defined variant's moves without knowing its rules (legality testing
// off): a move is from, an optional kill square (emptied first), to, and a promotion suffix that
// XBoard believes unconditionally. The text we send must make XBoard's board equal ours.
#include <cctype>

#include "engine/movegen.h"
#include "engine/position.h"
#include "engine/xboard_dialect.h"

namespace timur::protocol {

namespace {

bool isRelocation(const Move& m) {
    return (m.kind == MoveKind::Normal || m.kind == MoveKind::EnPassant) &&
           (m.flags & kMoveRelocate);
}

bool ownPieceOn(const Position& pos, int sq) {
    Piece p = pos.at(sq);
    return p != kNoPiece && colorOf(p) == pos.sideToMove();
}

// A castling that gates on the rook's square, written from the rook's square to the king's
// (h1e1h). XBoard reads that as Fischer-random castling and, refereeing two engines with legality
// testing on (backend.c HandleMachineMove, its kludge for engines that send such castling in
// normal chess), moves the destination two files right on the a-side and one left on the h-side
// before it plays the move and relays it: a1e1h becomes a1g1h, h1e1h becomes h1d1h, a rook move on
// its board. Nothing we send gets this castling through intact.
bool gatesOnRookSquare(const Move& m) {
    return m.kind == MoveKind::Castling && (m.flags & kMoveGate) && m.victim[0] == m.aux;
}

std::string withoutDecoration(const std::string& text) {
    std::string t;
    for (char c : text)
        if (c != '=' && c != '(' && c != ')') t += c;
    return t;
}

}  // namespace

XBoardMoves::XBoardMoves(std::shared_ptr<const Variant> v)
    : variant_(std::move(v)),
      pieces_(xboardPieces(*variant_)),
      engineDefined_(xboardVariantName(*variant_).engineDefined) {}

std::string XBoardMoves::square(int sq) const {
    const Geometry& g = variant_->board;
    int rank = g.rankOf(sq) + (g.ranks == 10 ? 0 : 1);
    return char('a' + g.fileOf(sq)) + std::to_string(rank);
}

int XBoardMoves::squareOf(const std::string& text) const {
    const Geometry& g = variant_->board;
    if (text.size() < 2 || text.size() > 3) return -1;
    int rank = 0;
    for (size_t i = 1; i < text.size(); ++i) {
        if (!std::isdigit(static_cast<unsigned char>(text[i]))) return -1;
        rank = rank * 10 + (text[i] - '0');
    }
    rank -= g.ranks == 10 ? 0 : 1;
    int file = text[0] - 'a';
    if (rank < 0 || rank >= g.ranks) return -1;
    if (file < 0 || file >= g.files) return text[0] >= 'A' ? -2 : -1;  // beside the board
    return g.square(file, rank);
}

char XBoardMoves::choiceLetter(PieceType t) const {
    if (t >= pieces_.suffix.size() || !pieces_.suffix[t]) return 0;
    return char(std::toupper(static_cast<unsigned char>(pieces_.suffix[t])));
}

// What we send: the kill square empties an own piece that a plain move would swap with (under a
// swapping parent), or the square a relocating promotion captured on.
XBoardMoves::Legs XBoardMoves::sent(const Position& pos, const Move& m) const {
    Legs l{m.from, -1, m.to, 0, true};
    bool swaps = pieces_.ownTargetSwaps;
    if (m.kind == MoveKind::CitadelExchange || m.kind == MoveKind::Drop || m.victimCount() > 0)
        l.shown = m.kind != MoveKind::CitadelExchange;  // their text is the text conversion's
    if (m.promo != kNoPieceType && m.kind != MoveKind::Drop) {
        l.suffix = pieces_.suffix[m.promo];
        if (!l.suffix) l.shown = false;
    }
    if (m.kind == MoveKind::Placement && swaps && ownPieceOn(pos, m.to)) l.kill = m.to;
    if (isRelocation(m)) {
        l.to = m.aux;
        bool ownThere = swaps && ownPieceOn(pos, m.aux);
        if (pos.at(m.to) != kNoPiece) {
            l.kill = m.to;
            if (ownThere) l.shown = false;  // would need two kill squares
        } else if (ownThere) {
            l.kill = m.aux;
        }
    }
    return l;
}

// What a person enters with the highlights: a relocation through its arrival square (cyan),
// then the relocation square (blue). A kill square on the destination itself cannot be entered
// (a second click there cancels the kill), nor a move XBoard cannot show.
XBoardMoves::Legs XBoardMoves::entered(const Position& pos, const Move& m) const {
    Legs l = sent(pos, m);
    if (m.kind == MoveKind::Drop || m.victimCount() > 1) l.shown = false;
    if (m.victimCount() == 1) l.kill = m.victim[0];
    if (isRelocation(m)) {
        if (pieces_.ownTargetSwaps && ownPieceOn(pos, m.aux)) l.shown = false;
        l.kill = m.to;
    }
    if (l.kill == l.to) l.shown = false;
    return l;
}

std::string XBoardMoves::legsText(const Legs& l) const {
    std::string suffix = l.suffix ? std::string(1, l.suffix) : "";
    if (l.kill < 0) return square(l.from) + square(l.to) + suffix;
    return square(l.from) + square(l.kill) + "," + square(l.kill) + square(l.to) + suffix;
}

// XBoard's relay of a two-leg move whose kill square holds a piece of the mover's colour, or is
// empty while Black moves (backend.c SendMoveToProgram takes it for castling): "A D,K E" with E
// next to D on D's rank, the suffix dropped. Empty when XBoard relays the legs unchanged.
std::string XBoardMoves::relayText(const Position& pos, const Legs& l) const {
    if (l.kill < 0) return "";
    Piece killed = pos.at(l.kill), mover = pos.at(l.from);
    bool killedWhite = killed != kNoPiece && colorOf(killed) == White;
    bool moverWhite = mover != kNoPiece && colorOf(mover) == White;
    if (killedWhite != moverWhite) return "";
    const Geometry& g = variant_->board;
    std::string to = square(l.to);
    to[0] = char(to[0] + (g.fileOf(l.from) > g.fileOf(l.kill) ? 1 : -1));
    return square(l.from) + square(l.to) + "," + square(l.kill) + to;
}

std::string XBoardMoves::text(const Position& pos, const Move& m,
                              bool letterForForcedPromotion) const {
    int ranks = variant_->board.ranks;
    if (m.flags & kMovePass) return kXBoardPass;
    if (!engineDefined_) return toXBoardMove(moveText(pos, m, letterForForcedPromotion), ranks);
    if (m.kind == MoveKind::CitadelExchange || m.kind == MoveKind::Drop ||
        m.kind == MoveKind::Castling || m.kind == MoveKind::Swap)
        return toXBoardMove(moveText(pos, m), ranks);
    Legs l = sent(pos, m);
    if (m.victimCount() > 0) {  // a locust capture: its squares as legs, then the suffix
        const Geometry& g = variant_->board;
        std::string squares = g.name(m.from);
        for (int k = 0; k < m.victimCount(); ++k) squares += g.name(m.victim[k]);
        squares += g.name(m.to);
        return toXBoardMove(squares, ranks) + (l.suffix ? std::string(1, l.suffix) : "");
    }
    return legsText(l);
}

bool XBoardMoves::canShow(const Position& pos, const Move& m) const {
    if (!engineDefined_) return !gatesOnRookSquare(m);
    return sent(pos, m).shown;
}

// What XBoard relays of a castling that gates on the rook's square (gatesOnRookSquare): a1g1h
// for a1e1h, h1d1h for h1e1h. Empty for any other move.
std::string XBoardMoves::castlingRelay(const Position& pos, const Move& m) const {
    if (!gatesOnRookSquare(m)) return "";
    const Geometry& g = variant_->board;
    int shift = g.fileOf(m.aux) < g.fileOf(m.from) ? 2 : -1;
    int file = g.fileOf(m.from) + shift;
    if (file < 0 || file >= g.files) return "";
    std::string sent = text(pos, m), written = square(m.aux) + square(m.from);
    if (sent.compare(0, written.size(), written) != 0) return "";
    return square(m.aux) + square(g.square(file, g.rankOf(m.from))) + sent.substr(written.size());
}

Move XBoardMoves::parseLegacy(Position& pos, const std::string& text) const {
    Move m = parseMove(pos, fromXBoardMove(text, variant_->board.ranks));
    if (!m.isNull() || text.size() < 5) return m;
    // Another engine's castling as XBoard relays it: we play what that engine played (the
    // relayed rook move cannot be legal: the king stands on its path).
    MoveList legal;
    generateLegal(pos, legal);
    for (const Move& c : legal)
        if (castlingRelay(pos, c) == text) return c;
    if (text.back() != '.') return m;
    // XBoard supplies a missing promotion suffix as its table's Queen letter, which is '.' where
    // the variant has no queen (makruk: d5e6 arrives as d5e6.): the forced promotion, bare.
    m = parseMove(pos, fromXBoardMove(text.substr(0, text.size() - 1), variant_->board.ranks));
    return m.promo != kNoPieceType ? m : Move{};
}

Move XBoardMoves::parse(Position& pos, const std::string& raw) const {
    if (withoutDecoration(raw) == kXBoardPass) {
        MoveList legal;
        generateLegal(pos, legal);
        for (const Move& m : legal)
            if (m.flags & kMovePass) return m;
        return Move{};
    }
    if (!engineDefined_) return parseLegacy(pos, raw);
    std::string text = withoutDecoration(raw);
    MoveList legal;
    generateLegal(pos, legal);
    for (const Move& m : legal)
        if (this->text(pos, m) == text) return m;
    for (const Move& m : legal)
        if (Legs l = entered(pos, m); l.shown && legsText(l) == text) return m;
    for (const Move& m : legal) {
        Legs s = sent(pos, m), e = entered(pos, m);
        if (relayText(pos, s) == text || (e.shown && relayText(pos, e) == text)) return m;
    }
    return parseLegacy(pos, text);
}

}  // namespace timur::protocol
