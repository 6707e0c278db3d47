#include "engine/position.h"

#include <algorithm>
#include <cstdlib>

#include "engine/zobrist.h"

namespace timur {

namespace {
// zobrist::extra's index for "the last move was a pass" (the side rights use 0 to 15).
constexpr int kAfterPassKey = 63;
}  // namespace

bool Position::struckDown(const Undo& u) const {
    const auto& rule = variant_->rules.counterstrike;
    if (!rule || u.moved == kNoPiece || rule->pieces[typeOf(u.moved)]) return false;
    for (int k = 0; k < u.captureCount; ++k)
        if (colorOf(u.captured[k]) != colorOf(u.moved) && rule->pieces[typeOf(u.captured[k])])
            return true;
    return false;
}

bool Position::counterstrikeForbidden() const {
    return variant_->rules.counterstrike && !history_.empty() && struckDown(history_.back());
}

Position::Position(std::shared_ptr<const Variant> variant)
    : variant_(std::move(variant)), info_(&variant_->info) {
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
    hash_ = pawnHash_ = 0;
}

void Position::put(int sq, Piece p, bool promoted) {
    squares_[sq] = p;
    byType_[colorOf(p)][typeOf(p)].set(sq);
    byColor_[colorOf(p)].set(sq);
    promoted_[sq] = promoted;
    hash_ ^= zobrist::piece(p, sq);
    pawnHash_ ^= zobrist::piece(p, sq) & info_->pawnHashMask[typeOf(p)];
}

void Position::remove(int sq) {
    Piece p = squares_[sq];
    byType_[colorOf(p)][typeOf(p)].reset(sq);
    byColor_[colorOf(p)].reset(sq);
    squares_[sq] = kNoPiece;
    promoted_[sq] = false;
    hash_ ^= zobrist::piece(p, sq);
    pawnHash_ ^= zobrist::piece(p, sq) & info_->pawnHashMask[typeOf(p)];
}

void Position::setVirgin(int sq, bool v) {
    if (virgin_[sq] == v) return;
    virgin_[sq] = v;
    hash_ ^= zobrist::virgin(sq);
}

// A piece with initial moves that arrives on its own start square (dropped, moved or put
// there) is unmoved as far as a FEN can tell, and so it is here: hash and FEN agree.
void Position::markIfHome(int sq, Piece p) {
    PieceType t = typeOf(p);
    if (info_->hasInitialMoves[t] && !info_->unmovedByRight[t] && info_->startBoard[sq] == p)
        setVirgin(sq, true);
}

void Position::addToHand(Color c, PieceType t, int n) {
    hash_ ^= zobrist::hand(c, t, hands_[c][t]);
    hands_[c][t] += n;
    hash_ ^= zobrist::hand(c, t, hands_[c][t]);
}

// Only when there is no e.p. square yet, or to clear it (clearEp).
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

// A variant with royal pieces needs one of them on the board for each side (or, with
// rules.mustDrop, in hand). Under a check rule the last one can never be lost; without one
// (royals are captured like other pieces) losing the last ends the game, so only the side to
// move may be without, in a finished game.
void Position::requireRoyals() const {
    if (info_->royalTypes.empty()) return;
    for (Color c : {White, Black}) {
        if (!royals_[c].empty()) continue;
        if (variant_->rules.checkRule == CheckRule::None && c == side_) continue;
        // A royal in hand waits to be dropped where drops come first (Sittuyin's setup).
        bool inHand = false;
        if (variant_->rules.mustDrop)
            for (PieceType t : info_->royalTypes) inHand = inHand || hand(c, t) > 0;
        if (inHand) continue;
        std::string letters;
        for (PieceType t : info_->royalTypes)
            letters += (letters.empty() ? "" : ", ") + variant_->pieces[t].letter;
        throw FenError(std::string(c == White ? "White" : "Black") + " has no royal piece (" +
                       letters + ") on the board; the rules of " + variant_->name + " need one");
    }
}

// ---------------------------------------------------------------------------------------------
// FEN

void Position::setFen(const std::string& fen) {
    FenPosition f = readFen(*variant_, fen);
    Position p(variant_);
    const Geometry& g = board();
    for (int sq = 0; sq < g.squareCount(); ++sq)
        if (f.squares[sq] != kNoPiece) p.put(sq, f.squares[sq], f.promoted[sq]);
    p.hands_ = f.hands;
    p.virgin_ = f.unmoved;
    p.side_ = f.side;
    p.rights_ = f.rights;
    // The victim stands beyond the e.p. square, seen from the side to move: the first piece on
    // its file (a triple step's first square has an empty one between). Squares nobody can
    // capture on, or with another victim than the first, are dropped.
    for (int sq : f.epSquares) {
        int step = p.side_ == White ? -1 : 1, v = -1;
        for (int r = g.rankOf(sq) + step; g.isSquare(g.fileOf(sq), r) && v < 0; r += step)
            if (p.squares_[g.square(g.fileOf(sq), r)] != kNoPiece) v = g.square(g.fileOf(sq), r);
        if (v < 0 || (p.epVictim_ >= 0 && v != p.epVictim_)) continue;
        Piece victim = p.squares_[v];
        if (colorOf(victim) == p.side_ || p.squares_[sq] != kNoPiece ||
            !variant_->pieces[typeOf(victim)].enPassantVictim || !p.epCapturePossible(sq, p.side_))
            continue;
        if (p.epSquare_ < 0) {
            p.epSquare_ = sq;
            p.epVictim_ = v;
        } else {
            p.epMore_.set(sq);
            p.epMulti_ = true;
        }
    }
    p.halfmoveClock_ = f.halfmoveClock;
    p.fullmove_ = f.fullmove;
    p.refreshRoyals();
    p.requireRoyals();
    if (variant_->rules.gating) {
        Undo ignored;
        p.dropSpentGates(ignored, White);
        p.dropSpentGates(ignored, Black);
    }
    p.hash_ = p.computeHash();
    *this = std::move(p);
}

std::string Position::fen() const {
    FenPosition f;
    f.squares = squares_;
    f.promoted = promoted_;
    f.unmoved = virgin_;
    f.hands = hands_;
    f.side = side_;
    f.rights = rights_;
    if (epSquare_ >= 0) f.epSquares.push_back(epSquare_);
    if (epMulti_)
        for (size_t s = epMore_._Find_first(); s < epMore_.size(); s = epMore_._Find_next(s))
            f.epSquares.push_back(int(s));
    f.halfmoveClock = halfmoveClock_;
    f.fullmove = fullmove_;
    return writeFen(*variant_, f);
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
    if (epMulti_)
        for (size_t s = epMore_._Find_first(); s < epMore_.size(); s = epMore_._Find_next(s))
            h ^= zobrist::ep(int(s));
    if (side_ == Black) h ^= zobrist::side();
    for (int c = 0; c < 2; ++c)
        for (std::uint8_t r : {kSwapRight, kExchangeRight})
            if (rights_[c] & r) h ^= zobrist::extra(c * 8 + r);
    if (info_->hashesPass && (lastMove().flags & kMovePass)) h ^= zobrist::extra(kAfterPassKey);
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
    u.handTypes[k] = kNoPieceType;
    // A piece the mover destroys on its own side (XBetza d) leaves the game: no hand gets it.
    if (variant_->rules.capturesToHand && colorOf(victim) != side_) {
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
    if (epSquare_ >= 0) clearEp(u);
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
    if (info_->hashesPass)  // the position after a pass has a hash of its own
        hash_ ^= ((lastMove(1).flags & kMovePass) ? zobrist::extra(kAfterPassKey) : 0) ^
                 ((m.flags & kMovePass) ? zobrist::extra(kAfterPassKey) : 0);

    if (m.kind == MoveKind::Swap || m.kind == MoveKind::CitadelExchange) {
        makeExchange(u, m);
        passTurn();
        return;
    }

    if (m.kind == MoveKind::Drop) {
        Piece p = makePiece(side_, m.promo);
        addToHand(side_, m.aux, -1);
        put(m.to, p, false);
        markIfHome(m.to, p);
        if (info_->aimsAtRights[m.promo]) dropAimedRights(u, m.promo, m.to);
        if (info_->resetsClock[m.promo]) halfmoveClock_ = 0;
        if (info_->isRoyal[m.promo]) refreshRoyals();
    } else {
        Piece p = squares_[m.from];
        u.moved = p;
        u.movedPromoted = promoted_[m.from];
        u.movedVirgin = virgin_[m.from];
        if (u.movedVirgin) dropCastlingPartners(u, p);
        if (info_->resetsClock[typeOf(p)]) halfmoveClock_ = 0;
        if (m.flags & kMoveUnload) liftUnloaded(u, m);
        for (int k = 0; k < m.victimCount(); ++k)
            if (squares_[m.victim[k]] != kNoPiece) capture(u, m.victim[k]);  // (else unloaded)
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
                // shogi-style promotion has its own demotesTo, and a demotion is none.
                promoted = variant_->pieces[m.promo].demotesTo == kNoPieceType &&
                           variant_->pieces[typeOf(p)].demotesTo != m.promo &&
                           variant_->rules.capturesToHand;
                p = makePiece(side_, m.promo);
            }
            put(dest, p, promoted);
            markIfHome(dest, p);
            if (info_->aimsAtRights[typeOf(p)]) dropAimedRights(u, typeOf(p), dest);
            if (m.flags & kMoveCreatesEp) {
                if (epCapturePossible(m.aux, ~side_)) setEp(m.aux, m.to);
                if (info_->multiSquareEp) addPassedEp(m);
            }
            if (m.flags & kMoveEndsGame) terminal_ = true;
            if (m.flags & kMoveUnload) {
                put(m.aux, u.unloaded, u.unloadedPromoted);
                markIfHome(m.aux, u.unloaded);
            }
        }
        if (m.flags & kMoveGate) enterGate(u, m);
        if (u.captureCount || m.promo != kNoPieceType || info_->isRoyal[typeOf(p)] ||
            (m.flags & kMoveUnload) || ((m.flags & kMoveGate) && info_->isRoyal[m.victim[1]]))
            refreshRoyals();
        if (u.movedVirgin || u.captureCount || u.unloadedVirgin) dropLoneCastlingKings(u);
    }
    passTurn();
}

void Position::makeNullMove() {
    pushUndo(Move{});
    halfmoveClock_ = 0;
    if (info_->hashesPass && (lastMove(1).flags & kMovePass))
        hash_ ^= zobrist::extra(kAfterPassKey);
    passTurn();
}

void Position::unmakeNullMove() {
    const Undo& u = history_.back();
    side_ = ~side_;
    if (side_ == Black) --fullmove_;
    epSquare_ = u.epSquare;
    epVictim_ = u.epVictim;
    epMulti_ = u.epMulti;
    if (epMulti_) epMore_ = epMoreHistory_.back(), epMoreHistory_.pop_back();
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
    if (m.flags & kMoveGate) {  // first: the mover goes back to where the piece entered
        int sq = m.kind == MoveKind::Castling ? m.victim[0] : m.from;
        remove(sq);
        hands_[side_][m.victim[1]] += 1;
    }
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
        hands_[side_][m.aux] += 1;
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
        if (m.flags & kMoveUnload) {  // first: aux may be the mover's square
            remove(m.aux);
            virgin_[m.aux] = false;
        }
        int dest = m.flags & kMoveRelocate ? m.aux : m.to;
        remove(dest);
        virgin_[dest] = false;
        put(m.from, u.moved, u.movedPromoted);
        virgin_[m.from] = u.movedVirgin;
        if (m.flags & kMoveUnload) {
            put(u.unloadedFrom, u.unloaded, u.unloadedPromoted);
            virgin_[u.unloadedFrom] = u.unloadedVirgin;
        }
    }
    bool royalsChanged = u.captureCount || m.promo != kNoPieceType || m.kind == MoveKind::Swap ||
                         (m.flags & kMoveUnload) || m.kind == MoveKind::CitadelExchange ||
                         (u.moved != kNoPiece && info_->isRoyal[typeOf(u.moved)]) ||
                         ((m.flags & kMoveGate) && info_->isRoyal[m.victim[1]]);
    for (int k = u.captureCount - 1; k >= 0; --k) {
        int sq = u.capturedSq[k];
        put(sq, u.captured[k], u.capturedPromoted[k]);
        virgin_[sq] = u.capturedVirgin[k];
        if (u.handTypes[k] != kNoPieceType) hands_[side_][u.handTypes[k]] -= 1;
    }
    virgin_ |= u.partnersUnmarked;
    epSquare_ = u.epSquare;
    epVictim_ = u.epVictim;
    epMulti_ = u.epMulti;
    if (epMulti_) epMore_ = epMoreHistory_.back(), epMoreHistory_.pop_back();
    rights_ = u.rights;
    terminal_ = u.terminal;
    halfmoveClock_ = u.halfmoveClock;
    hash_ = u.hash;
    history_.pop_back();
    hashHistory_.pop_back();
    if (royalsChanged) refreshRoyals();
}

// XBetza u: the piece the move takes - on its destination, else its one locust victim - is
// lifted before the mover moves and put down on aux afterwards (ucR swaps places).
void Position::liftUnloaded(Undo& u, const Move& m) {
    int sq = m.to != m.from && squares_[m.to] != kNoPiece ? m.to : m.victim[0];
    Piece victim = squares_[sq];
    u.unloaded = victim;
    u.unloadedFrom = std::uint8_t(sq);
    u.unloadedPromoted = promoted_[sq];
    u.unloadedVirgin = virgin_[sq];
    // A castling king or partner that is moved away loses its castling as if it had moved.
    if (virgin_[sq]) dropCastlingPartners(u, victim);
    setVirgin(sq, false);
    remove(sq);
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
    if (keepsGates(c)) partners &= ~variant_->rules.gating->squares.of[c];  // gating rights
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
        if (keepsGates(c)) kings &= ~variant_->rules.gating->squares.of[c];  // gating rights
        for (size_t sq = kings._Find_first(); sq < kings.size(); sq = kings._Find_next(sq)) {
            u.partnersUnmarked.set(sq);
            setVirgin(int(sq), false);
        }
    }
}

// Rules::GatingRule: the piece from hand enters on the square the move left empty.
void Position::enterGate(Undo& u, const Move& m) {
    int sq = m.kind == MoveKind::Castling ? m.victim[0] : m.from;
    PieceType t = m.victim[1];
    addToHand(side_, t, -1);
    put(sq, makePiece(side_, t), false);
    if (info_->aimsAtRights[t]) dropAimedRights(u, t, sq);
    dropSpentGates(u, side_);
}

bool Position::keepsGates(Color c) const {
    const Rules& r = variant_->rules;
    if (!r.gating) return false;
    if (r.capturesToHand) return true;
    for (int t = 0; t < info_->typeCount; ++t)
        if (hands_[c][t]) return true;
    return false;
}

// A side with an empty hand has no gating rights left: the unmoved marks on its gating squares
// that mean nothing else go (a FEN would not write them), and with them castling partners
// without an unmoved king and kings without an unmoved partner, as when gating is off.
void Position::dropSpentGates(Undo& u, Color c) {
    const Rules& r = variant_->rules;
    if (!r.gating || keepsGates(c)) return;
    const auto& castling = r.castling;
    SquareSet marks = virgin_ & byColor_[c] & r.gating->squares.of[c];
    for (size_t sq = marks._Find_first(); sq < marks.size(); sq = marks._Find_next(sq)) {
        PieceType t = typeOf(squares_[sq]);
        if (info_->hasInitialMoves[t] || info_->unmovedByRight[t]) continue;
        if (castling && (t == castling->king || t == castling->rook)) continue;
        u.partnersUnmarked.set(sq);
        setVirgin(int(sq), false);
    }
    if (!castling) return;
    if ((byType_[c][castling->king] & virgin_).none())
        dropCastlingPartners(u, makePiece(c, castling->king));
    dropLoneCastlingKings(u);
}

// PieceSpec::rightLostWhenAimedBy: a piece of type `aimer` that arrives on `to`, from where it
// could capture an enemy holding a first-move right on some occupancy, takes that right.
void Position::dropAimedRights(Undo& u, PieceType aimer, int to) {
    const auto& attackersOf = variant_->tables[aimer].attackersOf[side_];
    SquareSet held = virgin_ & byColor_[~side_];
    for (size_t sq = held._Find_first(); sq < held.size(); sq = held._Find_next(sq)) {
        if (!variant_->pieces[typeOf(squares_[sq])].rightLostWhenAimedBy[aimer] ||
            !attackersOf[sq][to])
            continue;
        u.partnersUnmarked.set(sq);
        setVirgin(int(sq), false);
    }
}

void Position::clearEp(Undo& u) {
    if (epMulti_) {
        for (size_t s = epMore_._Find_first(); s < epMore_.size(); s = epMore_._Find_next(s))
            hash_ ^= zobrist::ep(int(s));
        epMoreHistory_.push_back(epMore_);
        u.epMulti = true;
        epMore_.reset();
        epMulti_ = false;
    }
    setEp(-1, -1);
}

// A lame move (XBetza n) gives e.p. rights on the square it passed last (aux) and, when it went
// straight, on every square it passed: a triple step on both (kMoveCreatesEp). Only squares an
// enemy could capture on count, as for a single one. This adds the squares before aux.
void Position::addPassedEp(const Move& m) {
    const Geometry& g = board();
    int df = g.fileOf(m.to) - g.fileOf(m.from), dr = g.rankOf(m.to) - g.rankOf(m.from);
    int n = std::max(std::abs(df), std::abs(dr));
    if (n <= 2 || (df && dr && std::abs(df) != std::abs(dr))) return;
    int sf = (df > 0) - (df < 0), sr = (dr > 0) - (dr < 0);
    int f0 = g.fileOf(m.from), r0 = g.rankOf(m.from);
    if (g.square(f0 + sf * (n - 1), r0 + sr * (n - 1)) != m.aux) return;  // a bent path
    for (int k = 1; k < n - 1; ++k) {
        int sq = g.square(f0 + sf * k, r0 + sr * k);
        if (epCapturePossible(sq, ~side_)) addEpTarget(sq, m.to);
    }
}

void Position::addEpTarget(int sq, int victim) {
    if (epSquare_ < 0) return setEp(sq, victim);
    if (!epMulti_) epMore_.reset();  // unmake leaves the last move's squares behind
    epMore_.set(sq);
    epMulti_ = true;
    hash_ ^= zobrist::ep(sq);
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
    if (rule.kingStopsAnywhere) return m.to + (kingside ? -1 : 1);  // the square the king crossed
    return g.square(kingside ? rule.kingsideRookFile : rule.queensideRookFile, g.rankOf(m.from));
}

}  // namespace timur
