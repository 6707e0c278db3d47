#include "engine/loader/loader.h"

#include <algorithm>

namespace timur::loader {

namespace {

bool hasCastlingAtom(const betza::PieceMoves& moves) {
    for (const auto& move : moves.moves)
        for (const auto& leg : move.legs)
            if (leg.atom.kind == betza::AtomKind::Castling) return true;
    return false;
}

}  // namespace

Outcome Loader::outcome(const Json& v, const std::string& ptr) const {
    std::string s = string(v, ptr);
    if (s == "loss") return Outcome::Loss;
    if (s == "draw") return Outcome::Draw;
    if (s == "win") return Outcome::Win;
    fail(ptr, "expected 'loss', 'draw' or 'win', got " + quote(s));
}

Rules::EndScore Loader::endScore(const Json& v, const std::string& ptr) const {
    Rules::EndScore s;
    if (v.is_string() && v.get<std::string>() == "count")
        s.counted = true;
    else if (v.is_string() && v.get<std::string>() != "loss" && v.get<std::string>() != "draw" &&
             v.get<std::string>() != "win")
        fail(ptr, "expected 'loss', 'draw', 'win' or 'count', got " + quote(string(v, ptr)));
    else
        s.outcome = outcome(v, ptr);
    return s;
}

Rules::MaterialCounting Loader::loadCounting(const Json& v, const std::string& ptr) const {
    object(v, ptr);
    checkKeys(v, ptr, {"points", "blackBonus"});
    Rules::MaterialCounting c;
    auto number = [&](const Json& n, const std::string& p) {
        if (!n.is_number()) fail(p, std::string("expected a number, got ") + typeName(n));
        double x = n.get<double>();
        if (x < 0 || x > 1000) fail(p, "must be between 0 and 1000");
        return x;
    };
    std::string pp = child(ptr, "points");
    const Json& points = object(required(v, ptr, "points"), pp);
    for (auto it = points.begin(); it != points.end(); ++it) {
        std::string kp = child(pp, it.key());
        auto letter = normalizePieceLetter(it.key());
        PieceType t = letter ? variant_->pieceByLetter(*letter) : kNoPieceType;
        if (t == kNoPieceType)
            fail(kp, "unknown piece letter " + quote(it.key()) + " (the pieces are " +
                         variant_->pieceLetters() + ")");
        c.points[t] = number(it.value(), kp);
    }
    if (const Json* b = member(v, "blackBonus"))
        c.blackBonus = number(*b, child(ptr, "blackBonus"));
    return c;
}

// /rules/gating: true, or {"squares": region}; the squares default to each side's first rank,
// where a FEN names a gating right by its file.
void Loader::loadGating(const Json& v, const std::string& ptr) {
    const Geometry& g = variant_->board;
    Rules::GatingRule rule;
    for (int f = 0; f < g.files; ++f) {
        rule.squares.of[White].set(g.square(f, 0));
        rule.squares.of[Black].set(g.square(f, g.ranks - 1));
    }
    if (v.is_boolean()) {
        if (boolean(v, ptr)) variant_->rules.gating = rule;
        return;
    }
    if (!v.is_object())
        fail(ptr, std::string("expected true, false or an object, got ") + typeName(v));
    checkKeys(v, ptr, {"squares"});
    if (const Json* sq = member(v, "squares")) {
        std::string sp = child(ptr, "squares");
        rule.squares = region(*sq, sp);
        for (Color c : {White, Black})
            for (int s = 0; s < g.squareCount(); ++s)
                if (rule.squares.of[c][s] && g.rankOf(s) != (c == White ? 0 : g.ranks - 1))
                    fail(sp, g.name(s) + " is not on " + (c == White ? "White" : "Black") +
                                 "'s first rank: a FEN names a gating right by its file there");
    }
    variant_->rules.gating = rule;
}

void Loader::loadRules(const Json& v, const std::string& ptr) {
    object(v, ptr);
    checkKeys(v, ptr,
              {"promotion",
               "castling",
               "drops",
               "dropPromoted",
               "mustDrop",
               "capturesToHand",
               "dropMateIllegal",
               "immobileIllegal",
               "checkRule",
               "flyingRoyals",
               "checkmate",
               "stalemate",
               "onlyPromotionsLeft",
               "bareRoyal",
               "bareRoyalReply",
               "nMoveRule",
               "repetition",
               "perpetualCheckLoses",
               "citadels",
               "royalRank",
               "swap",
               "placement",
               "royalCountBeforeMove",
               "pass",
               "facingRoyals",
               "counting",
               "gating",
               "protectedVictims",
               "counterstrike"});
    Rules& r = variant_->rules;
    if (const Json* p = member(v, "promotion")) {
        std::string pp = child(ptr, "promotion");
        array(*p, pp);
        for (std::size_t i = 0; i < p->size(); ++i)
            r.promotions.push_back(loadPromotion((*p)[i], child(pp, i)));
    }
    promotionsFromBetza();
    if (const Json* c = member(v, "castling"))
        r.castling = loadCastling(*c, child(ptr, "castling"));
    if (const Json* d = member(v, "drops")) r.drops = boolean(*d, child(ptr, "drops"));
    if (const Json* d = member(v, "dropPromoted"))
        r.dropPromoted = boolean(*d, child(ptr, "dropPromoted"));
    if (const Json* d = member(v, "mustDrop")) r.mustDrop = boolean(*d, child(ptr, "mustDrop"));
    if (const Json* c = member(v, "capturesToHand"))
        r.capturesToHand = boolean(*c, child(ptr, "capturesToHand"));
    if (const Json* d = member(v, "dropMateIllegal"))
        r.dropMateIllegal = letterList(*d, child(ptr, "dropMateIllegal"));
    if (const Json* i = member(v, "immobileIllegal"))
        r.immobileIllegal = boolean(*i, child(ptr, "immobileIllegal"));
    if (const Json* c = member(v, "checkRule")) {
        std::string cp = child(ptr, "checkRule");
        std::string s = string(*c, cp);
        if (s == "anyRoyal")
            r.checkRule = CheckRule::AnyRoyal;
        else if (s == "soleRoyal")
            r.checkRule = CheckRule::SoleRoyal;
        else if (s == "allRoyals")
            r.checkRule = CheckRule::AllRoyals;
        else if (s == "none")
            r.checkRule = CheckRule::None;
        else
            fail(cp, "expected 'anyRoyal', 'soleRoyal', 'allRoyals' or 'none', got " + quote(s));
    }
    if (const Json* f = member(v, "flyingRoyals"))
        r.flyingRoyals = boolean(*f, child(ptr, "flyingRoyals"));
    if (const Json* c = member(v, "counting"))
        r.counting = loadCounting(*c, child(ptr, "counting"));
    if (const Json* p = member(v, "pass")) {
        std::string pp = child(ptr, "pass");
        if (p->is_boolean()) {
            if (boolean(*p, pp)) r.pass = Rules::PassRule{};
        } else {
            object(*p, pp);
            checkKeys(*p, pp, {"twiceInARow"});
            r.pass = Rules::PassRule{};
            if (const Json* t = member(*p, "twiceInARow"))
                r.pass->twice = endScore(*t, child(pp, "twiceInARow"));
        }
    }
    if (const Json* f = member(v, "facingRoyals")) {
        std::string fp = child(ptr, "facingRoyals");
        object(*f, fp);
        checkKeys(*f, fp, {"passEnds"});
        r.facingRoyals = endScore(required(*f, fp, "passEnds"), child(fp, "passEnds"));
    }
    if (const Json* g = member(v, "gating")) loadGating(*g, child(ptr, "gating"));
    if (const Json* c = member(v, "checkmate")) r.checkmate = outcome(*c, child(ptr, "checkmate"));
    if (const Json* s = member(v, "stalemate")) r.stalemate = outcome(*s, child(ptr, "stalemate"));
    if (const Json* o = member(v, "onlyPromotionsLeft")) {
        std::string op = child(ptr, "onlyPromotionsLeft");
        r.onlyPromotionsLeft = outcome(*o, op);
        if (r.promotions.empty()) fail(op, "needs rules.promotion");
    }
    if (const Json* b = member(v, "bareRoyal")) r.bareRoyal = outcome(*b, child(ptr, "bareRoyal"));
    if (const Json* b = member(v, "bareRoyalReply"))
        r.bareRoyalReply = boolean(*b, child(ptr, "bareRoyalReply"));
    if (const Json* n = member(v, "nMoveRule"))
        r.nMoveRule = integer(*n, child(ptr, "nMoveRule"), 0, 1000);
    if (const Json* rep = member(v, "repetition")) {
        std::string rp = child(ptr, "repetition");
        object(*rep, rp);
        checkKeys(*rep, rp, {"count", "result"});
        r.repetitionCount = integer(required(*rep, rp, "count"), child(rp, "count"), 2, 100);
        if (const Json* res = member(*rep, "result"))
            r.repetition = outcome(*res, child(rp, "result"));
    }
    if (const Json* p = member(v, "perpetualCheckLoses"))
        r.perpetualCheckLoses = boolean(*p, child(ptr, "perpetualCheckLoses"));
    if (const Json* b = member(v, "royalCountBeforeMove"))
        r.royalCountBeforeMove = boolean(*b, child(ptr, "royalCountBeforeMove"));
    if (const Json* c = member(v, "citadels"))
        r.citadels = loadCitadels(*c, child(ptr, "citadels"));
    if (const Json* rr = member(v, "royalRank")) {
        std::string rp = child(ptr, "royalRank");
        r.royalRank = letterList(*rr, rp);
        for (std::size_t i = 0; i < r.royalRank.size(); ++i)
            if (!variant_->pieces[r.royalRank[i]].royal)
                fail(child(rp, i),
                     quote(variant_->pieces[r.royalRank[i]].letter) + " is not royal");
    }
    if (const Json* sw = member(v, "swap")) r.swap = loadSwap(*sw, child(ptr, "swap"));
    loadCaptureLimits(v, ptr);
    if (const Json* pl = member(v, "placement")) {
        std::string pp = child(ptr, "placement");
        array(*pl, pp);
        for (std::size_t i = 0; i < pl->size(); ++i)
            r.placements.push_back(loadPlacement((*pl)[i], child(pp, i)));
    }
}

// Rules that depend on each other and on the pieces.
void Loader::checkConsistency(const Json& rulesJson) {
    const Variant& v = *variant_;
    const Rules& r = v.rules;
    auto where = [&](const char* key, const std::string& fallback) {
        return member(rulesJson, key) ? child("/rules", key) : fallback;
    };
    bool anyRoyal = std::any_of(v.pieces.begin(), v.pieces.end(), [](auto& p) { return p.royal; });
    if (!anyRoyal) {
        if (r.checkRule != CheckRule::None)
            fail(where("checkRule", "/pieces"),
                 "no piece is royal; mark one \"royal\": true or set rules.checkRule to 'none'");
        if (r.flyingRoyals) fail("/rules/flyingRoyals", "needs a royal piece");
        if (r.pass) fail("/rules/pass", "needs a royal piece (a pass is written as its move)");
        if (r.bareRoyal) fail("/rules/bareRoyal", "needs a royal piece");
    }
    if (r.facingRoyals && r.facingRoyals->counted && !r.counting)
        fail("/rules/facingRoyals/passEnds", "'count' needs rules.counting");
    if (r.pass && r.pass->twice && r.pass->twice->counted && !r.counting)
        fail("/rules/pass/twiceInARow", "'count' needs rules.counting");
    if (r.facingRoyals && !r.pass)
        fail("/rules/facingRoyals", "needs rules.pass (facing royals may be answered by a pass)");
    if (r.facingRoyals && r.flyingRoyals)
        fail("/rules/facingRoyals", "contradicts rules.flyingRoyals (royals may not face at all)");
    if (member(rulesJson, "bareRoyalReply") && !r.bareRoyal)
        fail("/rules/bareRoyalReply", "only allowed together with bareRoyal");
    if (r.perpetualCheckLoses && r.repetitionCount == 0)
        fail("/rules/perpetualCheckLoses", "needs rules.repetition");
    if (r.capturesToHand && !r.drops) fail("/rules/capturesToHand", "needs \"drops\": true");
    if (!r.dropMateIllegal.empty() && !r.drops)
        fail("/rules/dropMateIllegal", "needs \"drops\": true");
    if (r.dropPromoted && !r.drops) fail("/rules/dropPromoted", "needs \"drops\": true");
    if (r.mustDrop && !r.drops) fail("/rules/mustDrop", "needs \"drops\": true");
    if (r.dropPromoted && std::none_of(v.pieces.begin(), v.pieces.end(), [](const PieceSpec& p) {
            return p.moves.drop && p.promotesTo != kNoPieceType;
        }))
        fail("/rules/dropPromoted", "no droppable piece (with an @) has a promotesTo");
    bool anyDrop = false;
    for (std::size_t i = 0; i < v.pieces.size(); ++i) {
        if (!v.pieces[i].moves.drop) continue;
        anyDrop = true;
        if (!r.drops)
            fail(child(child("/pieces", i), "betza"),
                 "has an @ drop rule but rules.drops is not true");
    }
    if (r.drops && !anyDrop)
        fail("/rules/drops", "no piece can be dropped: give the droppable pieces an @ suffix");
    for (std::size_t i = 0; i < r.dropMateIllegal.size(); ++i)
        if (!v.pieces[r.dropMateIllegal[i]].moves.drop)
            fail(child("/rules/dropMateIllegal", i),
                 quote(v.pieces[r.dropMateIllegal[i]].letter) + " cannot be dropped");
    if (r.castling && hasCastlingAtom(v.pieces[r.castling->king].moves))
        fail("/rules/castling", "castling for " + quote(v.pieces[r.castling->king].letter) +
                                    " is already given by the O in its Betza");
}

}  // namespace timur::loader
