#include "engine/loader/loader.h"

#include <algorithm>

namespace timur::loader {

PromotionRule Loader::loadPromotion(const Json& v, const std::string& ptr) const {
    object(v, ptr);
    checkKeys(v, ptr,
              {"pieces", "zone", "choices", "demote", "mandatory", "fromZoneToo",
               "quietOnlyOnEntry", "mayStayImmobile", "limit", "relocateTo", "relocationBlocked",
               "inPlace", "stepAsPromoted", "anywhereWhenLast", "mayNotAttack"});
    PromotionRule rule;
    std::string pp = child(ptr, "pieces");
    rule.pieces = letterList(required(v, ptr, "pieces"), pp);
    if (rule.pieces.empty()) fail(pp, "name at least one piece that promotes");
    const Geometry& g = variant_->board;
    if (const Json* z = member(v, "zone")) {
        rule.zone = region(*z, child(ptr, "zone"));
    } else {
        for (int f = 0; f < g.files; ++f) {
            rule.zone.of[White].set(g.square(f, g.ranks - 1));
            rule.zone.of[Black].set(g.square(f, 0));
        }
    }
    if (const Json* c = member(v, "choices")) rule.choices = letterList(*c, child(ptr, "choices"));
    if (const Json* d = member(v, "demote")) {
        std::string dp = child(ptr, "demote");
        rule.demote = boolean(*d, dp);
        if (rule.demote && !rule.choices.empty())
            fail(dp,
                 "a demoting rule turns each piece into what it is the promotion of; leave "
                 "out \"choices\"");
    }
    if (rule.choices.empty()) {
        for (std::size_t i = 0; i < rule.pieces.size(); ++i) {
            const PieceSpec& piece = variant_->pieces[rule.pieces[i]];
            if (rule.demote && piece.demotesTo == kNoPieceType)
                fail(child(pp, i), "piece " + quote(piece.letter) +
                                       " is no piece's promotesTo, so it cannot demote");
            if (!rule.demote && piece.promotesTo == kNoPieceType)
                fail(child(pp, i), "piece " + quote(piece.letter) +
                                       " has no promotesTo, so this rule needs \"choices\"");
        }
    }
    if (const Json* r = member(v, "relocateTo"))
        rule.relocateTo = letterRef(*r, child(ptr, "relocateTo"));
    if (const Json* b = member(v, "relocationBlocked")) {
        std::string bp = child(ptr, "relocationBlocked");
        std::string s = string(*b, bp);
        using Blocked = PromotionRule::Blocked;
        if (s == "royalForbids")
            rule.relocationBlocked = Blocked::RoyalForbids;
        else if (s == "removeAny")
            rule.relocationBlocked = Blocked::RemoveAny;
        else if (s == "occupiedForbids")
            rule.relocationBlocked = Blocked::OccupiedForbids;
        else
            fail(bp, "expected 'royalForbids', 'removeAny' or 'occupiedForbids', got " + quote(s));
        if (rule.relocateTo == kNoPieceType) fail(bp, "only meaningful with \"relocateTo\"");
    }
    if (const Json* m = member(v, "mandatory"))
        rule.mandatory = boolean(*m, child(ptr, "mandatory"));
    if (const Json* f = member(v, "fromZoneToo"))
        rule.fromZoneToo = boolean(*f, child(ptr, "fromZoneToo"));
    if (const Json* q = member(v, "quietOnlyOnEntry"))
        rule.quietOnlyOnEntry = boolean(*q, child(ptr, "quietOnlyOnEntry"));
    if (const Json* s = member(v, "mayStayImmobile")) {
        std::string sp = child(ptr, "mayStayImmobile");
        rule.mayStayImmobile = boolean(*s, sp);
        if (rule.mayStayImmobile && rule.mandatory)
            fail(sp, "only meaningful with \"mandatory\": false");
    }
    if (const Json* l = member(v, "limit")) {
        std::string lp = child(ptr, "limit");
        object(*l, lp);
        for (auto it = l->begin(); it != l->end(); ++it) {
            std::string ep = child(lp, it.key());
            PieceType t = letterRef(Json(it.key()), ep);
            if (std::find(rule.choices.begin(), rule.choices.end(), t) == rule.choices.end())
                fail(ep, "limit on " + quote(variant_->pieces[t].letter) +
                             ", which is not one of this rule's choices");
            if (rule.limit.count(t))
                fail(ep, "limit on " + quote(variant_->pieces[t].letter) + " given twice");
            rule.limit[t] = integer(it.value(), ep, 0, kMaxSquares);
        }
    }
    loadInPlace(v, ptr, rule);
    return rule;
}

// PromotionRule::inPlace and what goes with it.
void Loader::loadInPlace(const Json& v, const std::string& ptr, PromotionRule& rule) const {
    if (const Json* i = member(v, "inPlace")) rule.inPlace = boolean(*i, child(ptr, "inPlace"));
    for (auto [key, field] : {std::pair{"stepAsPromoted", &PromotionRule::stepAsPromoted},
                              std::pair{"anywhereWhenLast", &PromotionRule::anywhereWhenLast},
                              std::pair{"mayNotAttack", &PromotionRule::mayNotAttack}}) {
        const Json* f = member(v, key);
        if (!f) continue;
        rule.*field = boolean(*f, child(ptr, key));
        if (rule.*field && !rule.inPlace)
            fail(child(ptr, key), "only meaningful with \"inPlace\": true");
    }
    if (!rule.inPlace) return;
    if (member(v, "mandatory") && rule.mandatory)
        fail(child(ptr, "mandatory"), "a promotion in place is a move of its own, never forced");
    rule.mandatory = false;
    if (rule.fromZoneToo) fail(child(ptr, "fromZoneToo"), "not meaningful with \"inPlace\"");
    if (rule.quietOnlyOnEntry)
        fail(child(ptr, "quietOnlyOnEntry"), "not meaningful with \"inPlace\"");
    if (rule.relocateTo != kNoPieceType)
        fail(child(ptr, "relocateTo"), "not meaningful with \"inPlace\"");
    if (rule.demote) fail(child(ptr, "demote"), "not meaningful with \"inPlace\"");
}

// A Bex promotion list in a piece's Betza (=Q,R,B,N) is a mandatory promotion on the last rank
// to those pieces.
void Loader::promotionsFromBetza() {
    Rules& r = variant_->rules;
    for (std::size_t i = 0; i < variant_->pieces.size(); ++i) {
        const auto& list = variant_->pieces[i].moves.promotions;
        if (list.empty()) continue;
        std::string bp = child(child("/pieces", i), "betza");
        PromotionRule rule;
        rule.pieces = {PieceType(i)};
        const Geometry& g = variant_->board;
        for (int f = 0; f < g.files; ++f) {
            rule.zone.of[White].set(g.square(f, g.ranks - 1));
            rule.zone.of[Black].set(g.square(f, 0));
        }
        for (const std::string& letter : list) {
            PieceType t = variant_->pieceByLetter(letter);
            if (t == kNoPieceType)
                fail(bp, "promotion list names " + quote(letter) +
                             ", which is not a piece (the pieces are " + variant_->pieceLetters() +
                             ")");
            rule.choices.push_back(t);
        }
        r.promotions.push_back(rule);
    }
}

}  // namespace timur::loader
