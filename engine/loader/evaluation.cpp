// /evaluation: the evaluation's weights (engine/eval_weights.h) and piece values, as
// `timur tune` writes them. Read after the pieces, whose letters name the values.
#include "engine/loader/loader.h"

namespace timur::loader {

void Loader::loadEvaluation(const Json& v, const std::string& ptr) {
    object(v, ptr);
    checkKeys(v, ptr, {"pieceValues", "weights"});
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
}

}  // namespace timur::loader
