#include "engine/loader/loader.h"

namespace timur::loader {

// /start and /setups: each FEN's board at once, the rest once the rules are known.
void Loader::loadPositions(const Json& root) {
    Variant& v = *variant_;
    v.startFen = string(required(root, "", "start"), "/start");
    start_ = checkFen(v.startFen, "/start");
    if (const Json* setups = member(root, "setups")) {
        object(*setups, "/setups");
        for (auto it = setups->begin(); it != setups->end(); ++it) {
            std::string ptr = child("/setups", it.key());
            if (it.key().empty()) fail(ptr, "a setup needs a name");
            std::string fen = string(it.value(), ptr);
            checkFen(fen, ptr);
            v.setups.emplace_back(it.key(), fen);
        }
    }
}

// Reads the board part, holdings and side to move of a FEN: all that needs only the board and
// the pieces. The rest (rights, e.p. square, counters) is read once the rules are known.
FenPosition Loader::checkFen(const std::string& fen, const std::string& ptr) const {
    try {
        return readFenBoard(*variant_, fen, FenStyle::Strict);
    } catch (const FenError& e) {
        fail(ptr, e.what());
    }
}

// checkFen() read the board part of each FEN; the rest needs the rules.
void Loader::checkPositions() const {
    // A FEN names a first-move right by its file on the side's first rank, so such a piece
    // must start there.
    const Variant& v = *variant_;
    const Geometry& g = v.board;
    for (int sq = 0; sq < g.squareCount(); ++sq) {
        Piece p = v.info.startBoard[sq];
        if (p == kNoPiece || !v.pieces[typeOf(p)].firstMoveRight) continue;
        int firstRank = colorOf(p) == White ? 0 : g.ranks - 1;
        if (g.rankOf(sq) != firstRank)
            fail("/start", quote(v.info.pieceText(p, false)) + " on " + g.name(sq) +
                               " has a first-move right (firstMoveRight), which a FEN names by "
                               "its file on its side's first rank: it must start there");
    }
    std::vector<std::pair<std::string, std::string>> fens{{"/start", variant_->startFen}};
    for (const auto& [name, fen] : variant_->setups) fens.emplace_back(child("/setups", name), fen);
    for (const auto& [ptr, fen] : fens) {
        try {
            readFen(*variant_, fen);
        } catch (const FenError& e) {
            fail(ptr, std::string("invalid FEN: ") + e.what());
        }
    }
}

}  // namespace timur::loader
