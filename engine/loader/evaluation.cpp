// /evaluation: the evaluation's weights (engine/eval_weights.h), piece values and square
// corrections, as `timur tune` writes them. Read after the board and the pieces, whose letters
// name the values.
#include "engine/loader/loader.h"

namespace timur::loader {

void Loader::loadEvaluation(const Json& v, const std::string& ptr) {
    object(v, ptr);
    checkKeys(v, ptr, {"pieceValues", "weights", "squares"});
    Variant& var = *variant_;
    if (const Json* pv = member(v, "pieceValues")) {
        std::string pp = child(ptr, "pieceValues");
        object(*pv, pp);
        for (const auto& [letter, value] : pv->items()) {
            std::string p = child(pp, letter);
            PieceType t = var.pieceByLetter(letter);
            if (t == kNoPieceType)
                fail(p, "no piece has the letter " + quote(letter) + " (the pieces are " +
                            var.pieceLetters() + ")");
            var.pieces[t].value = integer(value, p, -100000, 100000);
        }
    }
    if (const Json* w = member(v, "weights")) {
        std::string wp = child(ptr, "weights");
        object(*w, wp);
        std::vector<const char*> names;
        for (const EvalWeightInfo& info : kEvalWeightInfo) names.push_back(info.name);
        checkKeys(*w, wp, names);
        for (const auto& [name, value] : w->items())
            var.evalWeights[evalWeightIndex(name)] =
                integer(value, child(wp, name), -100000, 100000);
    }
    if (const Json* sq = member(v, "squares")) loadSquareBonus(*sq, child(ptr, "squares"));
}

// /evaluation/squares: {"N": {"mg": ROWS, "eg": ROWS}}, ROWS one array per rank from the
// owner's side, each with a value per file from the edge to the middle (SquareBonus).
void Loader::loadSquareBonus(const Json& v, const std::string& ptr) {
    object(v, ptr);
    Variant& var = *variant_;
    const Geometry& g = var.board;
    const int half = SquareBonus::halfFiles(g);
    const std::string shape = std::to_string(g.ranks) + " rows (ranks from the owner's side) of " +
                              std::to_string(half) + " values (files from the edge inwards)";
    for (const auto& [letter, piece] : v.items()) {
        std::string pp = child(ptr, letter);
        PieceType t = var.pieceByLetter(letter);
        if (t == kNoPieceType)
            fail(pp, "no piece has the letter " + quote(letter) + " (the pieces are " +
                         var.pieceLetters() + ")");
        object(piece, pp);
        checkKeys(piece, pp, {"mg", "eg"});
        var.squareBonus.resize(var.pieces.size());
        SquareBonus& bonus = var.squareBonus[t];
        for (const char* phase : {"mg", "eg"}) {
            std::vector<int>& out = std::string_view(phase) == "mg" ? bonus.mg : bonus.eg;
            out.assign(std::size_t(SquareBonus::cells(g)), 0);
            const Json* rows = member(piece, phase);
            if (!rows) continue;
            std::string rp = child(pp, phase);
            if (array(*rows, rp).size() != std::size_t(g.ranks))
                fail(rp, "expected " + shape + ", found " + std::to_string(rows->size()) + " rows");
            for (int r = 0; r < g.ranks; ++r) {
                const Json& row = (*rows)[std::size_t(r)];
                std::string rowp = child(rp, std::size_t(r));
                if (array(row, rowp).size() != std::size_t(half))
                    fail(rowp, "expected " + shape + ", found a row of " +
                                   std::to_string(row.size()) + " values");
                for (int f = 0; f < half; ++f)
                    out[std::size_t(r * half + f)] =
                        integer(row[std::size_t(f)], child(rowp, std::size_t(f)), -10000, 10000);
            }
        }
    }
}

}  // namespace timur::loader
