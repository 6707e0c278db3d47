#include "engine/evaluate.h"

#include <cstdlib>

#include "notation/compile.h"

namespace timur {

namespace {

// Whether the piece promotes under some rule: it is then valued as a pawn.
bool promotes(const Variant& v, PieceType t) {
    for (const PromotionRule& rule : v.rules.promotions)
        for (PieceType p : rule.pieces)
            if (p == t) return true;
    return false;
}

// Squares reached from `sq` on an empty board by White's table (normal, non-initial moves).
int reach(const betza::CompiledPiece& table, int sq) {
    const betza::SquareRange& r = table.ranges[White][sq];
    SquareSet seen;
    for (std::uint32_t i = r.begin; i < r.initial && i < table.nodes.size();) {
        const betza::PathNode& n = table.nodes[i];
        if ((n.emit & (betza::kOccEmpty | betza::kOccEnemy)) && !(n.flags & betza::kNodeNullMove))
            seen.set(n.sq);
        if (n.pass & betza::kOccEmpty)
            ++i;
        else
            i = std::max<std::uint32_t>(n.skip, i + 1);
    }
    return int(seen.count());
}

}  // namespace

int derivedPieceValue(const Variant& v, PieceType t) {
    if (t >= v.pieces.size()) return 0;
    if (v.pieces[t].royal) return 0;
    if (promotes(v, t)) return 100;
    if (t >= v.tables.size()) return 300;
    const betza::CompiledPiece& table = v.tables[t];
    if (table.ranges[White].empty()) return 300;
    long total = 0;
    int squares = 0;
    for (int sq = 0; sq < v.board.squareCount() && sq < int(table.ranges[White].size()); ++sq) {
        if (v.board.holes[sq]) continue;
        total += reach(table, sq);
        ++squares;
    }
    double avg = squares ? double(total) / squares : 0.0;
    int value = int(33.0 * avg + 90.0);
    return std::max(50, value);
}

int pieceValue(const Variant& v, PieceType t) {
    if (t < v.pieces.size() && v.pieces[t].value) return *v.pieces[t].value;
    return derivedPieceValue(v, t);
}

Evaluator::Evaluator(std::shared_ptr<const Variant> variant) : variant_(std::move(variant)) {
    const Variant& v = *variant_;
    const Geometry& g = v.board;
    int n = int(v.pieces.size());
    for (int c = 0; c < 2; ++c) table_[c].assign(n, {});
    for (int t = 0; t < n && t < kMaxPieceTypes; ++t) {
        values_[t] = pieceValue(v, PieceType(t));
        bool pawn = promotes(v, PieceType(t));
        bool royal = v.pieces[t].royal;
        for (int sq = 0; sq < g.squareCount(); ++sq) {
            int f = g.fileOf(sq), r = g.rankOf(sq);
            for (int c = 0; c < 2; ++c) {
                int bonus = 0;
                if (pawn) {
                    int progress = c == White ? r : g.ranks - 1 - r;
                    bonus = 4 * progress;
                } else if (!royal) {
                    int d = std::abs(2 * f - (g.files - 1)) + std::abs(2 * r - (g.ranks - 1));
                    bonus = (g.files + g.ranks - 2 - d);
                }
                table_[c][t][sq] = values_[t] + bonus;
            }
        }
    }
}

int Evaluator::evaluate(const Position& pos) const {
    const Variant& v = *variant_;
    int n = int(v.pieces.size());
    int score[2] = {0, 0};
    for (int c = 0; c < 2; ++c) {
        for (int t = 0; t < n; ++t) {
            const SquareSet& s = pos.pieces(Color(c), PieceType(t));
            const auto& tab = table_[c][t];
            for (size_t sq = s._Find_first(); sq < s.size(); sq = s._Find_next(sq))
                score[c] += tab[sq];
            if (v.rules.drops || v.rules.capturesToHand)
                score[c] += pos.hand(Color(c), PieceType(t)) * (values_[t] + 10);
        }
    }
    Color us = pos.sideToMove();
    return score[us] - score[~us] + 10;
}

int Evaluator::gain(const Position& pos, const Move& m) const {
    int g = 0;
    if (m.kind == MoveKind::Normal) {
        Piece p = pos.at(m.to);
        if (p != kNoPiece && colorOf(p) != pos.sideToMove()) g += values_[typeOf(p)];
        for (int i = 0; i < m.victimCount(); ++i) {
            Piece vp = pos.at(m.victim[i]);
            if (vp != kNoPiece) g += values_[typeOf(vp)];
        }
    } else if (m.kind == MoveKind::EnPassant) {
        Piece p = pos.at(m.aux);
        if (p != kNoPiece) g += values_[typeOf(p)];
    }
    if (m.kind != MoveKind::Drop && m.promo != kNoPieceType) {
        Piece mover = pos.at(m.from);
        g += values_[m.promo] - (mover != kNoPiece ? values_[typeOf(mover)] : 0);
    }
    return g;
}

}  // namespace timur
