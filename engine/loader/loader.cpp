// The whole load, section by section: each section may refer to what the earlier ones read
// (pieces to the board, rules to the pieces), and what is derived comes last.
#include "engine/loader/loader.h"

#include "engine/variant_bitboards.h"

namespace timur::loader {

std::shared_ptr<Variant> Loader::load(const Json& root) {
    variant_ = std::make_shared<Variant>();
    Variant& v = *variant_;
    v.path = origin();
    object(root, "");
    checkKeys(root, "",
              {"$schema", "name", "description", "board", "pieces", "start", "setups", "rules",
               "xboard", "evaluation"});
    if (const Json* s = member(root, "$schema")) string(*s, "/$schema", false);
    v.name = string(required(root, "", "name"), "/name");
    if (const Json* d = member(root, "description"))
        v.description = string(*d, "/description", false);
    loadBoard(required(root, "", "board"), "/board");
    loadPieces(required(root, "", "pieces"), "/pieces");
    if (const Json* e = member(root, "evaluation")) loadEvaluation(*e, "/evaluation");
    loadPositions(root);
    static const Json kEmptyRules = Json::object();
    const Json* rules = member(root, "rules");
    loadRules(rules ? *rules : kEmptyRules, "/rules");
    checkConsistency(rules ? *rules : kEmptyRules);
    compileTables();
    castlingFromBetza();
    v.conclude();
    v.bitboards = std::make_shared<const BitboardTables>(v);
    checkPositions();
    if (const Json* x = member(root, "xboard")) loadXBoard(*x, "/xboard");
    return variant_;
}

}  // namespace timur::loader
