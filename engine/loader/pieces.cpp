#include "engine/loader/loader.h"

#include <algorithm>

#include "engine/xboard_piece_names.h"
#include "notation/parse.h"

namespace timur::loader {

namespace {

bool hasEnPassantCapture(const betza::PieceMoves& moves) {
    for (const auto& move : moves.moves)
        if (!move.legs.empty() && (move.legs.back().mode & betza::kModeEnPassant)) return true;
    return false;
}

bool hasInitialMove(const betza::PieceMoves& moves) {
    for (const auto& move : moves.moves)
        if (move.initial) return true;
    return false;
}

}  // namespace

std::string Loader::xboardPiece(const Json& v, const std::string& piecePtr) const {
    std::string ptr = child(piecePtr, "xboardPiece");
    std::string name = string(v, ptr);
    if (xboardPieceType(name) < 0)
        fail(ptr, "unknown XBoard piece " + quote(name) +
                      " (XBoard's image names: Pawn, Knight, ..., King; docs/variant-format.md)");
    for (const auto& other : variant_->pieces)
        if (other.xboardPiece == name)
            fail(ptr, "XBoard piece " + quote(name) + " is already " + other.name);
    return name;
}

PieceType Loader::letterRef(const Json& v, const std::string& ptr) const {
    std::string text = string(v, ptr);
    auto letter = normalizePieceLetter(text);
    if (!letter) fail(ptr, "malformed piece letter " + quote(text));
    PieceType t = variant_->pieceByLetter(*letter);
    if (t == kNoPieceType)
        fail(ptr, "unknown piece letter " + quote(text) + " (the pieces are " +
                      variant_->pieceLetters() + ")");
    return t;
}

std::vector<PieceType> Loader::letterList(const Json& v, const std::string& ptr) const {
    array(v, ptr);
    std::vector<PieceType> out;
    for (std::size_t i = 0; i < v.size(); ++i) {
        PieceType t = letterRef(v[i], child(ptr, i));
        if (std::find(out.begin(), out.end(), t) != out.end())
            fail(child(ptr, i), "piece " + quote(variant_->pieces[t].letter) + " named twice");
        out.push_back(t);
    }
    return out;
}

betza::PieceMoves Loader::betzaOf(const std::string& text, betza::Dialect dialect,
                                  const std::string& ptr) const {
    try {
        return betza::parse(text, dialect);
    } catch (const betza::ParseError& e) {
        fail(ptr, e.detail() + " at column " + std::to_string(e.column()));
    } catch (const std::exception& e) {
        fail(ptr, e.what());
    }
}

void Loader::loadPieces(const Json& v, const std::string& ptr) {
    array(v, ptr);
    if (v.empty()) fail(ptr, "a variant needs at least one piece");
    if (v.size() > std::size_t(kMaxPieceTypes))
        fail(ptr, "at most " + std::to_string(kMaxPieceTypes) + " piece types, got " +
                      std::to_string(v.size()));
    auto& pieces = variant_->pieces;
    // First pass: names, letters and moves, so that the second pass can resolve letters.
    for (std::size_t i = 0; i < v.size(); ++i) {
        std::string p = child(ptr, i);
        const Json& pj = v[i];
        object(pj, p);
        checkKeys(pj, p,
                  {"name", "letter", "betza", "notation", "royal", "value", "promotesTo",
                   "zoneMoves", "confinement", "enPassantVictim", "immune", "firstMoveRight",
                   "firstMoveRightLostWhenAimedBy", "initialNotInCheck", "xboardPiece",
                   "movesWithin", "mayNotCapture", "mayNotPassOver"});
        PieceSpec spec;
        spec.name = string(required(pj, p, "name"), child(p, "name"));
        std::string letterText = string(required(pj, p, "letter"), child(p, "letter"));
        auto letter = normalizePieceLetter(letterText);
        if (!letter)
            fail(child(p, "letter"),
                 "malformed letter " + quote(letterText) +
                     ": expected one ASCII letter, optionally preceded by '+' or followed by ' "
                     "or !");
        if (PieceType other = variant_->pieceByLetter(*letter); other != kNoPieceType)
            fail(child(p, "letter"), "letter " + quote(*letter) + " is already used by /pieces/" +
                                         std::to_string(other) + " (" + pieces[other].name + ")");
        spec.letter = *letter;
        if (const Json* n = member(pj, "notation")) {
            std::string np = child(p, "notation");
            std::string name = string(*n, np);
            auto dialect = betza::dialectFromName(name);
            if (!dialect) fail(np, "unknown notation " + quote(name) + " (xbetza, bfn or bex)");
            spec.notation = *dialect;
        }
        spec.betza = string(required(pj, p, "betza"), child(p, "betza"));
        spec.moves = betzaOf(spec.betza, spec.notation, child(p, "betza"));
        spec.royal = spec.moves.royal;
        if (const Json* r = member(pj, "royal")) spec.royal = boolean(*r, child(p, "royal"));
        if (spec.moves.royal && !spec.royal)
            fail(child(p, "royal"), "the Betza makes the piece royal (y) but \"royal\" is false");
        if (const Json* val = member(pj, "value"))
            spec.value = integer(*val, child(p, "value"), -100000, 100000);
        if (const Json* e = member(pj, "enPassantVictim"))
            spec.enPassantVictim = boolean(*e, child(p, "enPassantVictim"));
        if (const Json* x = member(pj, "xboardPiece")) spec.xboardPiece = xboardPiece(*x, p);
        pieces.push_back(std::move(spec));
    }
    for (std::size_t i = 0; i < v.size(); ++i) loadPieceDetails(v[i], child(ptr, i), PieceType(i));
}

// Second pass over one piece: what refers to other pieces or to the board.
void Loader::loadPieceDetails(const Json& pj, const std::string& p, PieceType self) {
    auto& pieces = variant_->pieces;
    PieceSpec& spec = pieces[self];
    if (const Json* to = member(pj, "promotesTo")) {
        std::string tp = child(p, "promotesTo");
        PieceType t = letterRef(*to, tp);
        if (t == self) fail(tp, "a piece cannot promote to itself");
        if (pieces[t].demotesTo != kNoPieceType)
            fail(tp, quote(pieces[t].letter) + " is already the promotion of " +
                         quote(pieces[pieces[t].demotesTo].letter));
        spec.promotesTo = t;
        pieces[t].demotesTo = self;
    }
    if (const Json* zm = member(pj, "zoneMoves")) {
        std::string zp = child(p, "zoneMoves");
        array(*zm, zp);
        for (std::size_t k = 0; k < zm->size(); ++k) {
            std::string ep = child(zp, k);
            const Json& e = (*zm)[k];
            object(e, ep);
            checkKeys(e, ep, {"zone", "betza"});
            PieceSpec::ZoneMoves z;
            z.zone = region(required(e, ep, "zone"), child(ep, "zone"));
            z.betza = string(required(e, ep, "betza"), child(ep, "betza"));
            z.moves = betzaOf(z.betza, spec.notation, child(ep, "betza"));
            if (z.moves.drop)
                fail(child(ep, "betza"), "a drop rule (@) belongs in the piece's main betza");
            if (z.moves.royal != spec.moves.royal)
                fail(child(ep, "betza"), "royalty (y) cannot change with the zone");
            spec.zoneMoves.push_back(std::move(z));
        }
    }
    if (const Json* mw = member(pj, "movesWithin"))
        loadMovesWithin(*mw, child(p, "movesWithin"), spec);
    for (const char* key : {"mayNotCapture", "mayNotPassOver"})
        if (const Json* w = member(pj, key)) {
            auto& set =
                std::string(key) == "mayNotCapture" ? spec.mayNotCapture : spec.mayNotPassOver;
            for (PieceType t : letterList(*w, child(p, key))) set.set(t);
        }
    if (const Json* c = member(pj, "confinement"))
        spec.confinement = region(*c, child(p, "confinement"));
    if (const Json* im = member(pj, "immune")) spec.immune = region(*im, child(p, "immune"));
    loadFirstMoveRules(pj, p, spec);
    // Default: a piece that captures en passant itself (in any zone) can be captured so.
    if (!member(pj, "enPassantVictim")) {
        spec.enPassantVictim = hasEnPassantCapture(spec.moves);
        for (const auto& z : spec.zoneMoves)
            spec.enPassantVictim = spec.enPassantVictim || hasEnPassantCapture(z.moves);
    }
}

// Moves made only along a set of squares, from its squares (palace diagonals).
void Loader::loadMovesWithin(const Json& v, const std::string& ptr, PieceSpec& spec) const {
    array(v, ptr);
    for (std::size_t k = 0; k < v.size(); ++k) {
        std::string ep = child(ptr, k);
        const Json& e = v[k];
        object(e, ep);
        checkKeys(e, ep, {"squares", "betza"});
        PieceSpec::MovesWithin w;
        w.squares = region(required(e, ep, "squares"), child(ep, "squares"));
        if (!w.squares.any()) fail(child(ep, "squares"), "names no square");
        w.betza = string(required(e, ep, "betza"), child(ep, "betza"));
        w.moves = betzaOf(w.betza, spec.notation, child(ep, "betza"));
        if (w.moves.drop)
            fail(child(ep, "betza"), "a drop rule (@) belongs in the piece's main betza");
        if (w.moves.royal)
            fail(child(ep, "betza"), "royalty (y) belongs in the piece's main betza");
        for (const auto& m : w.moves.moves)
            if (m.legs.front().atom.kind == betza::AtomKind::Castling)
                fail(child(ep, "betza"), "castling (O) belongs in the piece's main betza");
        spec.movesWithin.push_back(std::move(w));
    }
}

// firstMoveRight, firstMoveRightLostWhenAimedBy and initialNotInCheck: each qualifies the
// piece's initial (i) moves, so a piece without them may not have one.
void Loader::loadFirstMoveRules(const Json& pj, const std::string& p, PieceSpec& spec) {
    bool initial = hasInitialMove(spec.moves);
    for (const auto& z : spec.zoneMoves) initial = initial || hasInitialMove(z.moves);
    for (const auto& w : spec.movesWithin) initial = initial || hasInitialMove(w.moves);
    auto flag = [&](const char* key, bool& out) {
        const Json* f = member(pj, key);
        if (!f) return;
        out = boolean(*f, child(p, key));
        if (out && !initial)
            fail(child(p, key), "the piece has no initial (i) moves for it to apply to");
    };
    flag("firstMoveRight", spec.firstMoveRight);
    flag("initialNotInCheck", spec.initialNotInCheck);
    if (const Json* a = member(pj, "firstMoveRightLostWhenAimedBy")) {
        std::string ap = child(p, "firstMoveRightLostWhenAimedBy");
        if (!spec.firstMoveRight)
            fail(ap, "only a piece with \"firstMoveRight\": true has a right to lose");
        for (PieceType t : letterList(*a, ap)) spec.rightLostWhenAimedBy.set(t);
    }
}

}  // namespace timur::loader
