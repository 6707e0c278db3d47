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
        for (const auto& [name, value] : w->items()) {
            std::string p = child(wp, name);
            int i = evalWeightIndex(name);
            if (i < 0) {
                std::string known;
                for (const EvalWeightInfo& info : kEvalWeightInfo)
                    known += (known.empty() ? "" : ", ") + std::string(info.name);
                fail(p,
                     "no evaluation weight is called " + quote(name) + " (they are " + known + ")");
            }
            var.evalWeights[i] = integer(value, p, -100000, 100000);
        }
    }
}

}  // namespace timur::loader
