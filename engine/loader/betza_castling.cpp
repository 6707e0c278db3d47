#include "engine/loader/loader.h"

namespace timur::loader {

// A royal with O<n> in its Betza castles as XBoard defines it: it moves n squares towards the
// unmoved piece at the end of its rank (one square in for jO), which lands on the square passed
// over. That is a CastlingRule with files derived from the start position, so FEN rights,
// generation and the attacked-square tests are shared with explicit castling.
void Loader::castlingFromBetza() {
    Variant& v = *variant_;
    const Geometry& g = v.board;
    for (std::size_t i = 0; i < v.pieces.size(); ++i) {
        const auto& castle = v.tables[i].castling;
        if (!castle) continue;
        std::string ptr = child(child("/pieces", i), "betza");
        if (!v.pieces[i].royal)
            fail(ptr, "not supported: castling (O) by a piece that is not royal");
        if (v.rules.castling)
            fail(ptr, "a second castling piece: only one castling rule per variant");
        const auto& start = start_.squares;
        int kingSq = -1;
        for (int sq = 0; sq < g.squareCount() && kingSq < 0; ++sq)
            if (start[sq] == makePiece(White, PieceType(i))) kingSq = sq;
        if (kingSq < 0) fail(ptr, "castling (O) needs the piece in White's start position");
        int rank = g.rankOf(kingSq), kf = g.fileOf(kingSq);
        CastlingRule rule;
        rule.king = PieceType(i);
        rule.rank = rank;
        // The partner on each side: the last square before the edge or a hole (or one further in).
        auto partnerFile = [&](int dir) {
            int f = kf;
            while (g.isSquare(f + dir, rank)) f += dir;
            if (castle->inner) f -= dir;
            return f;
        };
        int right = partnerFile(1), left = partnerFile(-1);
        Piece pr = start[g.square(right, rank)], pl = start[g.square(left, rank)];
        if (pr == kNoPiece || pl == kNoPiece || typeOf(pr) != typeOf(pl) || colorOf(pr) != White)
            fail(ptr, "not supported: castling (O) needs the same piece at both ends of the rank");
        rule.rook = typeOf(pr);
        int n = castle->distance;
        if (kf + n >= right || kf - n <= left)
            fail(ptr, "castling (O" + std::to_string(n) + ") would reach its partner");
        rule.kingsideKingFile = kf + n;
        rule.kingsideRookFile = kf + n - 1;
        rule.queensideKingFile = kf - n;
        rule.queensideRookFile = kf - n + 1;
        v.rules.castling = rule;
    }
}

}  // namespace timur::loader
