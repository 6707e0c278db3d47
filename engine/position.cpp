#include "engine/position.h"

#include <cctype>
#include <sstream>

#include "engine/zobrist.h"

namespace timur {

namespace {

std::vector<std::string> splitSpaces(const std::string& s) {
    std::istringstream in(s);
    std::vector<std::string> out;
    for (std::string t; in >> t;) out.push_back(t);
    return out;
}

bool isNumber(const std::string& s) {
    if (s.empty()) return false;
    for (char c : s)
        if (!std::isdigit(static_cast<unsigned char>(c))) return false;
    return true;
}

}  // namespace

Position::Position(std::shared_ptr<const Variant> variant)
    : variant_(std::move(variant)), info_(&VariantInfo::of(variant_)) {
    clear();
}

void Position::clear() {
    squares_.fill(kNoPiece);
    for (auto& side : byType_) side.fill(SquareSet{});
    byColor_.fill(SquareSet{});
    for (auto& h : hands_) h.fill(0);
    virgin_.reset();
    promoted_.reset();
    royals_[0].clear();
    royals_[1].clear();
    side_ = White;
    rights_ = {};
    terminal_ = false;
    epSquare_ = epVictim_ = -1;
    halfmoveClock_ = 0;
    fullmove_ = 1;
    history_.clear();
    hashHistory_.clear();
    hash_ = 0;
}

void Position::put(int sq, Piece p, bool promoted) {
    squares_[sq] = p;
    byType_[colorOf(p)][typeOf(p)].set(sq);
    byColor_[colorOf(p)].set(sq);
    promoted_[sq] = promoted;
    hash_ ^= zobrist::piece(p, sq);
}

void Position::remove(int sq) {
    Piece p = squares_[sq];
    byType_[colorOf(p)][typeOf(p)].reset(sq);
    byColor_[colorOf(p)].reset(sq);
    squares_[sq] = kNoPiece;
    promoted_[sq] = false;
    hash_ ^= zobrist::piece(p, sq);
}

void Position::setVirgin(int sq, bool v) {
    if (virgin_[sq] == v) return;
    virgin_[sq] = v;
    hash_ ^= zobrist::virgin(sq);
}

void Position::addToHand(Color c, PieceType t, int n) {
    hash_ ^= zobrist::hand(c, t, hands_[c][t]);
    hands_[c][t] += n;
    hash_ ^= zobrist::hand(c, t, hands_[c][t]);
}

void Position::setEp(int sq, int victim) {
    if (epSquare_ >= 0) hash_ ^= zobrist::ep(epSquare_);
    epSquare_ = sq;
    epVictim_ = victim;
    if (epSquare_ >= 0) hash_ ^= zobrist::ep(epSquare_);
}

void Position::clearRight(Color c, Right r) {
    if (!(rights_[c] & r)) return;
    rights_[c] &= std::uint8_t(~r);
    hash_ ^= zobrist::extra(c * 8 + r);
}

PieceType Position::topRoyal(Color c) const {
    for (PieceType t : variant_->rules.royalRank)
        if (byType_[c][t].any()) return t;
    return kNoPieceType;
}

void Position::refreshRoyals() {
    for (int c = 0; c < 2; ++c) {
        royals_[c].clear();
        for (PieceType t : info_->royalTypes)
            for (int sq = int(byType_[c][t]._Find_first()); sq < kMaxSquares;
                 sq = int(byType_[c][t]._Find_next(sq)))
                royals_[c].push_back(sq);
    }
}

// ---------------------------------------------------------------------------------------------
// FEN

void Position::parseBoard(const std::string& text, Position& into) const {
    const Geometry& g = board();
    std::string boardPart = text, handPart;
    bool hasHand = false;
    if (auto lb = text.find('['); lb != std::string::npos) {
        auto rb = text.find(']', lb);
        if (rb == std::string::npos || rb != text.size() - 1)
            throw FenError("holdings: '[' without a closing ']' at the end of the board field");
        boardPart = text.substr(0, lb);
        handPart = text.substr(lb + 1, rb - lb - 1);
        hasHand = true;
    }
    std::vector<std::string> rows;
    {
        std::string row;
        for (char c : boardPart) {
            if (c == '/') {
                rows.push_back(row);
                row.clear();
            } else {
                row += c;
            }
        }
        rows.push_back(row);
    }
    // Holdings may also be written as one extra rank (FSF's "rnbqkbnr/.../RNBQKBNR/Qq").
    if (!hasHand && int(rows.size()) == g.ranks + 1) {
        handPart = rows.back();
        rows.pop_back();
        hasHand = true;
    }
    if (int(rows.size()) != g.ranks)
        throw FenError("board has " + std::to_string(rows.size()) + " ranks, the variant has " +
                       std::to_string(g.ranks));
    for (int r = 0; r < g.ranks; ++r) {
        const std::string& row = rows[r];
        int rank = g.ranks - 1 - r;
        int file = 0;
        std::string where = "rank " + std::to_string(rank + 1);
        for (size_t i = 0; i < row.size();) {
            char c = row[i];
            if (std::isdigit(static_cast<unsigned char>(c))) {
                int n = 0;
                while (i < row.size() && std::isdigit(static_cast<unsigned char>(row[i]))) {
                    n = n * 10 + (row[i] - '0');
                    if (n > kMaxFiles) throw FenError(where + ": empty-square count too large");
                    ++i;
                }
                if (n == 0) throw FenError(where + ": empty-square count 0");
                for (int k = 0; k < n; ++k, ++file) {
                    if (file >= g.files)
                        throw FenError(where + ": more than " + std::to_string(g.files) + " files");
                    if (g.holes[g.square(file, rank)])
                        throw FenError(where + ": " + g.name(g.square(file, rank)) +
                                       " is a hole in this variant, expected '*'");
                }
                continue;
            }
            if (file >= g.files)
                throw FenError(where + ": more than " + std::to_string(g.files) + " files");
            int sq = g.square(file, rank);
            if (c == '*') {
                if (!g.holes[sq])
                    throw FenError(where + ": '*' on " + g.name(sq) + ", which is not a hole");
                ++file, ++i;
                continue;
            }
            auto [len, piece, promoted] = info_->readPiece(row, i);
            if (len == 0)
                throw FenError(where + ": unknown piece letter '" + row.substr(i, 1) + "'");
            if (g.holes[sq]) throw FenError(where + ": a piece on the hole " + g.name(sq));
            into.put(sq, piece, promoted);
            i += len;
            ++file;
        }
        if (file != g.files)
            throw FenError(where + ": describes " + std::to_string(file) +
                           " files, the variant has " + std::to_string(g.files));
    }
    if (hasHand) {
        for (size_t i = 0; i < handPart.size();) {
            if (handPart[i] == '-') {
                ++i;
                continue;
            }
            int n = 1;
            if (std::isdigit(static_cast<unsigned char>(handPart[i]))) {
                n = 0;
                while (i < handPart.size() && std::isdigit(static_cast<unsigned char>(handPart[i])))
                    n = std::min(n * 10 + (handPart[i++] - '0'), 256);  // no int overflow
                if (n > 255) throw FenError("holdings: count too large");
            }
            auto [len, piece, promoted] = info_->readPiece(handPart, i);
            if (len == 0)
                throw FenError("holdings: unknown piece letter '" + handPart.substr(i, 1) + "'");
            // fen() writes no holdings for such a variant, so they would be lost (and the hash,
            // which counts them, would differ from a fresh one).
            if (!variant_->rules.drops && !variant_->rules.capturesToHand)
                throw FenError("holdings: the variant has no pieces in hand");
            into.hands_[colorOf(piece)][typeOf(piece)] += n;
            i += len;
        }
    }
}

void Position::setFen(const std::string& fen) {
    std::vector<std::string> f = splitSpaces(fen);
    if (f.empty()) throw FenError("empty FEN");
    Position p(variant_);
    parseBoard(f[0], p);
    size_t i = 1;
    if (i < f.size()) {
        if (f[i] == "w")
            p.side_ = White;
        else if (f[i] == "b")
            p.side_ = Black;
        else
            throw FenError("side to move must be 'w' or 'b', not '" + f[i] + "'");
        ++i;
    }
    // Virgin pieces: those standing where the start position has the same piece; castling
    // partners only as the rights field says.
    const Geometry& g = board();
    for (int sq = 0; sq < g.squareCount(); ++sq) {
        Piece pc = p.squares_[sq];
        if (pc != kNoPiece && info_->hasInitialMoves[typeOf(pc)] && info_->startBoard[sq] == pc)
            p.virgin_[sq] = true;
    }
    if (i < f.size() && !isNumber(f[i])) {
        p.readRights(f[i]);
        ++i;
    }
    if (i < f.size() && !isNumber(f[i])) {
        if (f[i] != "-") {
            auto sq = g.parse(f[i]);
            if (!sq) throw FenError("en-passant field '" + f[i] + "' is not a square");
            // The victim stands one step beyond the e.p. square, seen from the side to move.
            int step = p.side_ == White ? -1 : 1;
            int vr = g.rankOf(*sq) + step;
            if (g.isSquare(g.fileOf(*sq), vr)) {
                int v = g.square(g.fileOf(*sq), vr);
                Piece victim = p.squares_[v];
                if (victim != kNoPiece && colorOf(victim) != p.side_ &&
                    p.squares_[*sq] == kNoPiece &&
                    variant_->pieces[typeOf(victim)].enPassantVictim &&
                    p.epCapturePossible(*sq, p.side_)) {
                    p.epSquare_ = *sq;
                    p.epVictim_ = v;
                }
            }
        }
        ++i;
    }
    if (i < f.size()) {
        if (!isNumber(f[i]) || f[i].size() > 6)
            throw FenError("halfmove clock '" + f[i] + "' is not a number");
        p.halfmoveClock_ = std::stoi(f[i]);
        ++i;
    }
    if (i < f.size()) {
        if (!isNumber(f[i]) || f[i].size() > 6)
            throw FenError("fullmove number '" + f[i] + "' is not a number");
        p.fullmove_ = std::max(1, std::stoi(f[i]));
        ++i;
    }
    if (i < f.size()) throw FenError("unexpected field '" + f[i] + "' after the move counters");
    p.refreshRoyals();
    p.hash_ = p.computeHash();
    *this = std::move(p);
}

void Position::readRights(const std::string& text) {
    if (text == "-") return;
    const Geometry& g = board();
    const Rules& rules = variant_->rules;
    const auto& castling = rules.castling;
    for (char c : text) {
        Color side = std::isupper(static_cast<unsigned char>(c)) ? White : Black;
        char upper = char(std::toupper(static_cast<unsigned char>(c)));
        if (upper == 'K' && rules.swap && !castling) {
            rights_[side] |= kSwapRight;
            continue;
        }
        if (upper == 'X' && rules.citadels && rules.citadels->exchange) {
            rights_[side] |= kExchangeRight;
            continue;
        }
        if (!castling)
            throw FenError(std::string("unknown rights letter '") + c + "' in '" + text + "'");
        Color col = std::isupper(static_cast<unsigned char>(c)) ? White : Black;
        int rank = col == White ? castling->rank : g.ranks - 1 - castling->rank;
        // An unmoved king stands where the start array put it, so when that array has the
        // castling king on this rank, only that square may hold it: otherwise a second king
        // arriving there later would make the FEN ambiguous (which of them never moved?).
        Piece king = makePiece(col, castling->king);
        int startSq = -1, kingSq = -1;
        for (int f = 0; f < g.files; ++f) {
            int sq = g.square(f, rank);
            if (info_->startBoard[sq] == king) startSq = sq;
            if (squares_[sq] == king && kingSq < 0) kingSq = sq;
        }
        if (startSq >= 0) {
            if (squares_[startSq] != king)
                throw FenError(std::string("castling right '") + c +
                               "' but no king on its start square " + g.name(startSq));
            kingSq = startSq;
        }
        if (kingSq < 0)
            throw FenError(std::string("castling right '") + c + "' without a king on its rank");
        char lc = char(std::tolower(static_cast<unsigned char>(c)));
        int kingFile = g.fileOf(kingSq);
        int rookSq = -1;
        Piece rook = makePiece(col, castling->rook);
        if (lc == 'k') {
            for (int f = g.files - 1; f > kingFile && rookSq < 0; --f)
                if (squares_[g.square(f, rank)] == rook) rookSq = g.square(f, rank);
        } else if (lc == 'q') {
            for (int f = 0; f < kingFile && rookSq < 0; ++f)
                if (squares_[g.square(f, rank)] == rook) rookSq = g.square(f, rank);
        } else if (lc >= 'a' && lc < 'a' + g.files) {
            if (squares_[g.square(lc - 'a', rank)] == rook) rookSq = g.square(lc - 'a', rank);
        } else {
            throw FenError(std::string("unknown castling letter '") + c + "'");
        }
        if (rookSq < 0) throw FenError(std::string("castling right '") + c + "' without its rook");
        virgin_[kingSq] = true;
        virgin_[rookSq] = true;
    }
}

std::string Position::fen() const {
    const Geometry& g = board();
    std::string out;
    for (int rank = g.ranks - 1; rank >= 0; --rank) {
        int empty = 0;
        for (int file = 0; file < g.files; ++file) {
            int sq = g.square(file, rank);
            if (g.holes[sq] || squares_[sq] != kNoPiece) {
                if (empty) out += std::to_string(empty), empty = 0;
                if (g.holes[sq])
                    out += '*';
                else
                    out += info_->pieceText(squares_[sq], promoted_[sq]);
            } else {
                ++empty;
            }
        }
        if (empty) out += std::to_string(empty);
        if (rank) out += '/';
    }
    if (variant_->rules.drops || variant_->rules.capturesToHand) {
        out += '[';
        for (int c = 0; c < 2; ++c)
            for (size_t t = 0; t < variant_->pieces.size(); ++t)
                for (int k = 0; k < hands_[c][t]; ++k)
                    out += info_->pieceText(makePiece(Color(c), PieceType(t)), false);
        out += ']';
    }
    out += side_ == White ? " w " : " b ";
    out += rightsText();
    out += ' ';
    out += epSquare_ >= 0 ? g.name(epSquare_) : "-";
    out += ' ' + std::to_string(halfmoveClock_) + ' ' + std::to_string(fullmove_);
    return out;
}

std::string Position::rightsText() const {
    const auto& castling = variant_->rules.castling;
    std::string out;
    for (int c = 0; c < 2; ++c) {
        if (rights_[c] & kSwapRight) out += c == White ? 'K' : 'k';
        if (rights_[c] & kExchangeRight) out += c == White ? 'X' : 'x';
    }
    if (castling) {
        const Geometry& g = board();
        for (int c = 0; c < 2; ++c) {
            Color col = Color(c);
            int rank = col == White ? castling->rank : g.ranks - 1 - castling->rank;
            int kingFile = -1;
            for (int f = 0; f < g.files; ++f) {
                int sq = g.square(f, rank);
                if (squares_[sq] == makePiece(col, castling->king) && virgin_[sq]) kingFile = f;
            }
            if (kingFile < 0) continue;
            Piece rook = makePiece(col, castling->rook);
            std::string k, q;
            int outerK = -1, outerQ = -1;
            for (int f = 0; f < g.files; ++f)
                if (squares_[g.square(f, rank)] == rook) {
                    if (f > kingFile) outerK = f;
                    if (f < kingFile && outerQ < 0) outerQ = f;
                }
            for (int f = g.files - 1; f >= 0; --f) {
                int sq = g.square(f, rank);
                if (squares_[sq] != rook || !virgin_[sq] || f == kingFile) continue;
                char letter = f > kingFile ? (f == outerK ? 'k' : char('a' + f))
                                           : (f == outerQ ? 'q' : char('a' + f));
                (f > kingFile ? k : q) += letter;
            }
            std::string both = k + q;
            if (col == White)
                for (char& ch : both) ch = char(std::toupper(static_cast<unsigned char>(ch)));
            out += both;
        }
    }
    return out.empty() ? "-" : out;
}

std::uint64_t Position::computeHash() const {
    std::uint64_t h = 0;
    for (int sq = 0; sq < board().squareCount(); ++sq) {
        if (squares_[sq] != kNoPiece) h ^= zobrist::piece(squares_[sq], sq);
        if (virgin_[sq]) h ^= zobrist::virgin(sq);
    }
    for (int c = 0; c < 2; ++c)
        for (size_t t = 0; t < variant_->pieces.size(); ++t)
            h ^= zobrist::hand(Color(c), PieceType(t), hands_[c][t]);
    if (epSquare_ >= 0) h ^= zobrist::ep(epSquare_);
    if (side_ == Black) h ^= zobrist::side();
    for (int c = 0; c < 2; ++c)
        for (std::uint8_t r : {kSwapRight, kExchangeRight})
            if (rights_[c] & r) h ^= zobrist::extra(c * 8 + r);
    return h;
}

// ---------------------------------------------------------------------------------------------
// Make and unmake

void Position::capture(Undo& u, int sq) {
    Piece victim = squares_[sq];
    int k = u.captureCount++;
    u.capturedSq[k] = std::uint8_t(sq);
    u.captured[k] = victim;
    u.capturedPromoted[k] = promoted_[sq];
    u.capturedVirgin[k] = virgin_[sq];
    if (variant_->rules.capturesToHand) {
        PieceType t = typeOf(victim);
        if (promoted_[sq] && info_->demotedPawn != kNoPieceType)
            t = info_->demotedPawn;
        else if (variant_->pieces[t].demotesTo != kNoPieceType)
            t = variant_->pieces[t].demotesTo;
        u.handTypes[k] = t;
        addToHand(side_, t, 1);
    }
    // A captured castling king (several royals) takes its side's castling rights with it, as a
    // king that moves does.
    if (virgin_[sq]) dropCastlingPartners(u, victim);
    setVirgin(sq, false);
    remove(sq);
}

// Records what every move changes, so that unmake can restore it, and clears the e.p. square.
Undo& Position::pushUndo(const Move& m) {
    Undo& u = history_.emplace_back();
    hashHistory_.push_back(hash_);
    u.move = m;
    u.epSquare = epSquare_;
    u.epVictim = epVictim_;
    u.halfmoveClock = halfmoveClock_;
    u.hash = hash_;
    u.rights = rights_;
    u.terminal = terminal_;
    setEp(-1, -1);
    return u;
}

void Position::passTurn() {
    if (side_ == Black) ++fullmove_;
    side_ = ~side_;
    hash_ ^= zobrist::side();
}

void Position::makeMove(const Move& m) {
    Undo& u = pushUndo(m);
    ++halfmoveClock_;

    if (m.kind == MoveKind::Swap || m.kind == MoveKind::CitadelExchange) {
        makeExchange(u, m);
        passTurn();
        return;
    }

    if (m.kind == MoveKind::Drop) {
        Piece p = makePiece(side_, m.promo);
        addToHand(side_, m.promo, -1);
        put(m.to, p, false);
        if (info_->hasInitialMoves[m.promo] && info_->startBoard[m.to] == p) setVirgin(m.to, true);
        if (info_->resetsClock[m.promo]) halfmoveClock_ = 0;
        if (info_->isRoyal[m.promo]) refreshRoyals();
    } else {
        Piece p = squares_[m.from];
        u.moved = p;
        u.movedPromoted = promoted_[m.from];
        u.movedVirgin = virgin_[m.from];
        if (u.movedVirgin) dropCastlingPartners(u, p);
        if (info_->resetsClock[typeOf(p)]) halfmoveClock_ = 0;
        for (int k = 0; k < m.victimCount(); ++k) capture(u, m.victim[k]);
        if (m.kind == MoveKind::EnPassant) capture(u, m.aux);
        if (m.kind == MoveKind::Castling) {
            Piece rook = squares_[m.aux];
            bool rookPromoted = promoted_[m.aux];  // both keep a crazyhouse '~'
            u.rookVirgin = virgin_[m.aux];
            setVirgin(m.aux, false);
            remove(m.aux);
            setVirgin(m.from, false);
            remove(m.from);
            put(m.to, p, u.movedPromoted);
            put(castlingRookTarget(m), rook, rookPromoted);
        } else {
            if (m.to != m.from && squares_[m.to] != kNoPiece) capture(u, m.to);
            if (u.captureCount) halfmoveClock_ = 0;
            bool promoted = u.movedPromoted;
            setVirgin(m.from, false);
            remove(m.from);
            int dest = m.to;
            if (m.flags & kMoveRelocate) {
                dest = m.aux;
                if (squares_[dest] != kNoPiece) capture(u, dest);
            }
            if (m.promo != kNoPieceType) {
                // A promotion by choice (crazyhouse) reverts when captured into hand; a
                // shogi-style promotion has its own demotesTo.
                promoted = variant_->pieces[m.promo].demotesTo == kNoPieceType &&
                           variant_->rules.capturesToHand;
                p = makePiece(side_, m.promo);
            }
            put(dest, p, promoted);
            // As for a drop: a piece with initial moves that ends on its own start square is
            // unmoved as far as a FEN can tell, and so it is here (hash and FEN agree).
            if (info_->hasInitialMoves[typeOf(p)] && info_->startBoard[dest] == p)
                setVirgin(dest, true);
            if ((m.flags & kMoveCreatesEp) && epCapturePossible(m.aux, ~side_)) setEp(m.aux, m.to);
            if (m.flags & kMoveEndsGame) terminal_ = true;
        }
        if (u.captureCount || m.promo != kNoPieceType || info_->isRoyal[typeOf(p)]) refreshRoyals();
        if (u.movedVirgin || u.captureCount) dropLoneCastlingKings(u);
    }
    passTurn();
}

void Position::makeNullMove() {
    pushUndo(Move{});
    halfmoveClock_ = 0;
    passTurn();
}

void Position::unmakeNullMove() {
    const Undo& u = history_.back();
    side_ = ~side_;
    if (side_ == Black) --fullmove_;
    epSquare_ = u.epSquare;
    epVictim_ = u.epVictim;
    halfmoveClock_ = u.halfmoveClock;
    hash_ = u.hash;
    history_.pop_back();
    hashHistory_.pop_back();
}

void Position::unmakeMove() {
    Undo& u = history_.back();
    const Move& m = u.move;
    side_ = ~side_;
    if (side_ == Black) --fullmove_;
    if (m.kind == MoveKind::Swap || m.kind == MoveKind::CitadelExchange) {
        int a = m.from, b = m.kind == MoveKind::Swap ? m.to : m.aux;
        int other = m.kind == MoveKind::Swap ? a : m.to;
        Piece pb = squares_[other];
        remove(b);
        remove(other);
        put(a, u.moved, false);
        put(b, pb, false);
        virgin_[a] = u.movedVirgin;
        virgin_[b] = u.rookVirgin;
    } else if (m.kind == MoveKind::Drop) {
        remove(m.to);
        virgin_[m.to] = false;
        hands_[side_][m.promo] += 1;
    } else if (m.kind == MoveKind::Castling) {
        Piece rook = squares_[castlingRookTarget(m)];
        bool rookPromoted = promoted_[castlingRookTarget(m)];
        remove(castlingRookTarget(m));
        remove(m.to);
        put(m.from, u.moved, u.movedPromoted);
        put(m.aux, rook, rookPromoted);
        virgin_[m.from] = u.movedVirgin;
        virgin_[m.aux] = u.rookVirgin;
    } else {
        int dest = m.flags & kMoveRelocate ? m.aux : m.to;
        remove(dest);
        virgin_[dest] = false;
        put(m.from, u.moved, u.movedPromoted);
        virgin_[m.from] = u.movedVirgin;
    }
    bool royalsChanged = u.captureCount || m.promo != kNoPieceType || m.kind == MoveKind::Swap ||
                         m.kind == MoveKind::CitadelExchange ||
                         (u.moved != kNoPiece && info_->isRoyal[typeOf(u.moved)]);
    for (int k = u.captureCount - 1; k >= 0; --k) {
        int sq = u.capturedSq[k];
        put(sq, u.captured[k], u.capturedPromoted[k]);
        virgin_[sq] = u.capturedVirgin[k];
        if (variant_->rules.capturesToHand) hands_[side_][u.handTypes[k]] -= 1;
    }
    virgin_ |= u.partnersUnmarked;
    epSquare_ = u.epSquare;
    epVictim_ = u.epVictim;
    rights_ = u.rights;
    terminal_ = u.terminal;
    halfmoveClock_ = u.halfmoveClock;
    hash_ = u.hash;
    history_.pop_back();
    hashHistory_.pop_back();
    if (royalsChanged) refreshRoyals();
}

// King swap (the King and a partner exchange places) and citadel exchange (the entering royal
// takes the partner royal's square, the partner goes into the citadel).
void Position::makeExchange(Undo& u, const Move& m) {
    int a = m.from, b = m.kind == MoveKind::Swap ? m.to : m.aux;
    Piece pa = squares_[a], pb = squares_[b];
    u.moved = pa;
    u.movedVirgin = virgin_[a];
    u.rookVirgin = virgin_[b];
    setVirgin(a, false);
    setVirgin(b, false);
    remove(a);
    remove(b);
    put(b, pa, false);
    if (m.kind == MoveKind::Swap) {
        put(a, pb, false);
        clearRight(side_, kSwapRight);
    } else {
        put(m.to, pb, false);
        if (!variant_->rules.citadels->unlimitedExchange) clearRight(side_, kExchangeRight);
    }
    refreshRoyals();
}

// Whether a piece of side `by` could capture en passant on `sq`: only then is the e.p. square
// part of the position (as in Stockfish), so that repetitions and hashes are not split by an
// e.p. square nobody can use.
// When the castling king first moves, its side's castling partners lose their meaning too: they
// stop being virgin, as a FEN written now would say (a partner type with initial moves of its
// own keeps its mark).
void Position::dropCastlingPartners(Undo& u, Piece king) {
    const auto& castling = variant_->rules.castling;
    if (!castling || typeOf(king) != castling->king || info_->hasInitialMoves[castling->rook])
        return;
    Color c = colorOf(king);
    SquareSet partners = byType_[c][castling->rook] & virgin_;
    for (size_t sq = partners._Find_first(); sq < partners.size(); sq = partners._Find_next(sq)) {
        u.partnersUnmarked.set(sq);
        setVirgin(int(sq), false);
    }
}

// The other way round: a castling king whose last unmoved partner moved or was captured has no
// castling left, and a FEN cannot say that it never moved, so it stops being virgin too (unless
// the king type has initial moves of its own).
void Position::dropLoneCastlingKings(Undo& u) {
    const auto& castling = variant_->rules.castling;
    if (!castling || info_->hasInitialMoves[castling->king]) return;
    for (Color c : {White, Black}) {
        if ((byType_[c][castling->rook] & virgin_).any()) continue;
        SquareSet kings = byType_[c][castling->king] & virgin_;
        for (size_t sq = kings._Find_first(); sq < kings.size(); sq = kings._Find_next(sq)) {
            u.partnersUnmarked.set(sq);
            setVirgin(int(sq), false);
        }
    }
}

bool Position::epCapturePossible(int sq, Color by) const {
    const Variant& v = *variant_;
    for (int t = 0; t < info_->typeCount; ++t)
        if (v.tables[t].hasEnPassant && (byType_[by][t] & v.tables[t].attackersOf[by][sq]).any())
            return true;
    return false;
}

int Position::castlingRookTarget(const Move& m) const {
    const Geometry& g = board();
    const CastlingRule& rule = *variant_->rules.castling;
    bool kingside = g.fileOf(m.aux) > g.fileOf(m.from);
    return g.square(kingside ? rule.kingsideRookFile : rule.queensideRookFile, g.rankOf(m.from));
}

}  // namespace timur
