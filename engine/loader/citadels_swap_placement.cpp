#include "engine/loader/loader.h"

namespace timur::loader {

CitadelRule Loader::loadCitadels(const Json& v, const std::string& ptr) const {
    object(v, ptr);
    checkKeys(v, ptr,
              {"squares", "ownEntrants", "enemyEntrants", "enemyEntry", "exchange",
               "unlimitedExchange", "attackable"});
    CitadelRule c;
    std::string sp = child(ptr, "squares");
    c.squares = region(required(v, ptr, "squares"), sp);
    if ((c.squares.of[0] & c.squares.of[1]).any()) fail(sp, "the two sides' citadels overlap");
    if (const Json* o = member(v, "ownEntrants"))
        c.ownEntrants = letterList(*o, child(ptr, "ownEntrants"));
    if (const Json* e = member(v, "enemyEntrants")) {
        std::string ep = child(ptr, "enemyEntrants");
        std::string s = string(*e, ep);
        if (s == "none")
            c.enemyEntrants = CitadelRule::Enemy::None;
        else if (s == "topRoyal")
            c.enemyEntrants = CitadelRule::Enemy::TopRoyal;
        else if (s == "anyRoyal")
            c.enemyEntrants = CitadelRule::Enemy::AnyRoyal;
        else
            fail(ep, "expected 'none', 'topRoyal' or 'anyRoyal', got " + quote(s));
    }
    if (const Json* e = member(v, "enemyEntry")) {
        std::string ep = child(ptr, "enemyEntry");
        // "none" as well as null: a JSON merge patch (a file that inherits) reads null as
        // "remove the member", which would bring the default back.
        if (e->is_null() || (e->is_string() && e->get<std::string>() == "none"))
            c.enemyEntry.reset();
        else if (e->is_string() && e->get<std::string>() != "loss" &&
                 e->get<std::string>() != "draw" && e->get<std::string>() != "win")
            fail(ep,
                 "expected 'loss', 'draw', 'win' or 'none', got " + quote(e->get<std::string>()));
        else
            c.enemyEntry = outcome(*e, ep);
    }
    if (const Json* x = member(v, "exchange")) c.exchange = boolean(*x, child(ptr, "exchange"));
    if (const Json* x = member(v, "unlimitedExchange"))
        c.unlimitedExchange = boolean(*x, child(ptr, "unlimitedExchange"));
    if (const Json* a = member(v, "attackable"))
        c.attackable = boolean(*a, child(ptr, "attackable"));
    return c;
}

SwapRule Loader::loadSwap(const Json& v, const std::string& ptr) const {
    object(v, ptr);
    checkKeys(v, ptr, {"piece", "when", "pawnToLastRank", "withSeveralRoyals"});
    SwapRule r;
    std::string pp = child(ptr, "piece");
    r.piece = letterRef(required(v, ptr, "piece"), pp);
    if (const Json* w = member(v, "when")) {
        std::string wp = child(ptr, "when");
        std::string s = string(*w, wp);
        if (s == "checkOrNoMove")
            r.when = SwapRule::When::CheckOrNoMove;
        else if (s == "check")
            r.when = SwapRule::When::Check;
        else if (s == "noMove")
            r.when = SwapRule::When::NoMove;
        else if (s == "always")
            r.when = SwapRule::When::Always;
        else
            fail(wp, "expected 'checkOrNoMove', 'check', 'noMove' or 'always', got " + quote(s));
    }
    if (const Json* b = member(v, "pawnToLastRank"))
        r.pawnToLastRank = boolean(*b, child(ptr, "pawnToLastRank"));
    if (const Json* b = member(v, "withSeveralRoyals"))
        r.withSeveralRoyals = boolean(*b, child(ptr, "withSeveralRoyals"));
    return r;
}

PlacementRule Loader::loadPlacement(const Json& v, const std::string& ptr) const {
    object(v, ptr);
    checkKeys(v, ptr,
              {"piece", "from", "becomes", "fork", "forkRoyals", "immobilise", "ontoFriend",
               "ontoEnemy"});
    PlacementRule r;
    r.piece = letterRef(required(v, ptr, "piece"), child(ptr, "piece"));
    r.from = region(required(v, ptr, "from"), child(ptr, "from"));
    r.becomes = letterRef(required(v, ptr, "becomes"), child(ptr, "becomes"));
    auto flag = [&](const char* key, bool& out) {
        if (const Json* b = member(v, key)) out = boolean(*b, child(ptr, key));
    };
    flag("fork", r.fork);
    flag("forkRoyals", r.forkRoyals);
    flag("immobilise", r.immobilise);
    flag("ontoFriend", r.ontoFriend);
    flag("ontoEnemy", r.ontoEnemy);
    if (!r.fork && !r.immobilise) fail(ptr, "a placement needs \"fork\" or \"immobilise\"");
    return r;
}

}  // namespace timur::loader
