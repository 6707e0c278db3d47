// rules.protectedVictims and rules.counterstrike: limits on capturing some pieces (chu shogi's
// Lion-trading rules).
#include "engine/loader/loader.h"

namespace timur::loader {

namespace {

std::bitset<kMaxPieceTypes> setOf(const std::vector<PieceType>& list) {
    std::bitset<kMaxPieceTypes> s;
    for (PieceType t : list) s.set(t);
    return s;
}

}  // namespace

void Loader::loadCaptureLimits(const Json& v, const std::string& ptr) {
    Rules& r = variant_->rules;
    if (const Json* p = member(v, "protectedVictims")) {
        std::string pp = child(ptr, "protectedVictims");
        object(*p, pp);
        checkKeys(*p, pp,
                  {"pieces", "capturers", "adjacentAllowed", "bridgeAllowed", "bridgeExcept"});
        Rules::ProtectedVictimsRule rule;
        std::string lp = child(pp, "pieces");
        rule.pieces = setOf(letterList(required(*p, pp, "pieces"), lp));
        if (rule.pieces.none()) fail(lp, "name at least one piece");
        if (const Json* c = member(*p, "capturers"))
            rule.capturers = setOf(letterList(*c, child(pp, "capturers")));
        else
            rule.capturers.set();
        if (const Json* a = member(*p, "adjacentAllowed"))
            rule.adjacentAllowed = boolean(*a, child(pp, "adjacentAllowed"));
        if (const Json* b = member(*p, "bridgeAllowed"))
            rule.bridgeAllowed = boolean(*b, child(pp, "bridgeAllowed"));
        if (const Json* e = member(*p, "bridgeExcept")) {
            std::string ep = child(pp, "bridgeExcept");
            rule.bridgeExcept = setOf(letterList(*e, ep));
            if (!rule.bridgeAllowed) fail(ep, "only meaningful with \"bridgeAllowed\": true");
        }
        r.protectedVictims = rule;
    }
    if (const Json* c = member(v, "counterstrike")) {
        std::string cp = child(ptr, "counterstrike");
        object(*c, cp);
        checkKeys(*c, cp, {"pieces", "unlessUnprotected"});
        Rules::CounterstrikeRule rule;
        std::string lp = child(cp, "pieces");
        rule.pieces = setOf(letterList(required(*c, cp, "pieces"), lp));
        if (rule.pieces.none()) fail(lp, "name at least one piece");
        if (const Json* u = member(*c, "unlessUnprotected"))
            rule.unlessUnprotected = boolean(*u, child(cp, "unlessUnprotected"));
        r.counterstrike = rule;
    }
}

}  // namespace timur::loader
