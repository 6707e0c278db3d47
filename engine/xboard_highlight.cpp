// The lift/put/hover dialogue of a person's move (engine/xboard_highlight.h).
#include "engine/xboard_highlight.h"

#include "engine/movegen.h"

namespace timur::protocol {

namespace {

struct Entered {
    Move move;
    XBoardMoves::Legs legs;
};

// The moves the lifted piece may make: from `from` (or from hand, -2), as XBoard lets a person
// enter them (XBoardMoves::entered).
std::vector<Entered> enteredMoves(Position& pos, const XBoardMoves& moves, int from) {
    MoveList legal;
    generateLegal(pos, legal);
    std::vector<Entered> out;
    for (const Move& m : legal) {
        if (from == -2 ? m.kind != MoveKind::Drop : (m.kind == MoveKind::Drop || m.from != from))
            continue;
        XBoardMoves::Legs l = moves.entered(pos, m);
        if (m.kind == MoveKind::Drop) l = {-2, -1, m.to, 0, true};
        if (l.shown) out.push_back({m, l});
    }
    return out;
}

// Upper-case letters of the promotions among `entered` to `to` through `kill`.
std::string choices(const std::vector<Entered>& entered, const XBoardMoves& moves, int kill,
                    int to) {
    std::string letters;
    for (const auto& [m, l] : entered) {
        char c =
            m.promo != kNoPieceType && m.kind != MoveKind::Drop ? moves.choiceLetter(m.promo) : 0;
        if (l.kill == kill && l.to == to && c && letters.find(c) == std::string::npos) letters += c;
    }
    return letters;
}

}  // namespace

std::vector<char> XBoardHighlights::marks(Position& pos, const XBoardMoves& moves) const {
    std::vector<char> mark(size_t(pos.board().squareCount()), 0);
    std::vector<Entered> entered = enteredMoves(pos, moves, from_);
    for (const auto& [m, l] : entered) {
        if (kill_ < 0 && l.kill >= 0) {
            mark[size_t(l.kill)] = 'C';
            continue;
        }
        if (l.kill != kill_ || mark[size_t(l.to)] == 'C') continue;
        char c = capturesAPiece(pos, m) ? 'R' : 'Y';  // red: a capture
        if (m.promo != kNoPieceType && m.kind != MoveKind::Drop)
            c = choices(entered, moves, kill_, l.to).size() > 1 ? 'M' : 'B';
        mark[size_t(l.to)] = c;
    }
    return mark;
}

std::string XBoardHighlights::colorFen(const Geometry& g, const std::vector<char>& mark) const {
    std::string fen;
    for (int r = g.ranks - 1; r >= 0; --r) {
        int empty = 0;
        for (int f = 0; f < g.files; ++f) {
            char c = mark[size_t(g.square(f, r))];
            if (!c) {
                ++empty;
                continue;
            }
            if (empty) fen += std::to_string(empty);
            empty = 0;
            fen += c;
        }
        if (empty) fen += std::to_string(empty);
        if (r > 0) fen += '/';
    }
    return "highlight " + fen;
}

std::vector<std::string> XBoardHighlights::lift(Position& pos, const XBoardMoves& moves,
                                                const std::string& square) {
    int sq = moves.squareOf(square);
    bool firstLeg = from_ != -1 && kill_ < 0 && sq >= 0 && sq == lastPut_;
    lastPut_ = -1;
    if (firstLeg && marks(pos, moves)[size_t(sq)] == 'C') {
        kill_ = sq;
        return {colorFen(pos.board(), marks(pos, moves))};
    }
    from_ = sq, kill_ = -1;
    if (sq == -1 ||
        (sq >= 0 && (pos.at(sq) == kNoPiece || colorOf(pos.at(sq)) != pos.sideToMove()))) {
        from_ = -1;
        return {};
    }
    return {colorFen(pos.board(), marks(pos, moves))};
}

std::vector<std::string> XBoardHighlights::put(Position& pos, const XBoardMoves& moves,
                                               const std::string& square) {
    std::string s = square;
    if (!s.empty() && s.back() == ',') s.pop_back();  // XBoard adds it with the Ctrl key
    int sq = moves.squareOf(s);
    lastPut_ = sq;
    if (from_ == -1 || sq < 0) return {};
    char mark = marks(pos, moves)[size_t(sq)];
    if (mark != 'B' && mark != 'M') return {};
    return {"choice " + choices(enteredMoves(pos, moves, from_), moves, kill_, sq)};
}

std::vector<std::string> XBoardHighlights::hover(Position& pos, const XBoardMoves& moves,
                                                 const std::string& square) {
    int sq = moves.squareOf(square);
    if (from_ == -1 || sq < 0) return {};
    std::vector<char> mark = marks(pos, moves);
    bool victims = false;
    for (const auto& [m, l] : enteredMoves(pos, moves, from_))
        if (m.kind == MoveKind::EnPassant && l.to == sq && l.kill == kill_) {
            mark[m.aux] = 'g';
            victims = true;
        }
    if (!victims) return {};
    return {colorFen(pos.board(), mark)};
}

}  // namespace timur::protocol
