#include "engine/rules.h"

#include <algorithm>

#include "engine/movegen.h"

namespace timur {

namespace {

// The result when `outcome` happens to side `c`.
GameResult scoreFor(Color c, Outcome outcome) {
    switch (outcome) {
        case Outcome::Draw:
            return GameResult::Draw;
        case Outcome::Loss:
            return c == White ? GameResult::BlackWins : GameResult::WhiteWins;
        case Outcome::Win:
            return c == White ? GameResult::WhiteWins : GameResult::BlackWins;
    }
    return GameResult::Draw;
}

// Rules::counting: the side with more points wins.
GameResult countMaterial(const Position& pos) {
    const Rules::MaterialCounting& c = *pos.variant().rules.counting;
    double white = 0, black = c.blackBonus;
    for (int t = 0; t < pos.info().typeCount; ++t) {
        white += c.points[t] * pos.count(White, PieceType(t));
        black += c.points[t] * pos.count(Black, PieceType(t));
    }
    return white > black   ? GameResult::WhiteWins
           : black > white ? GameResult::BlackWins
                           : GameResult::Draw;
}

GameResult endScore(const Position& pos, Color c, const Rules::EndScore& s) {
    return s.counted ? countMaterial(pos) : scoreFor(c, s.outcome);
}

bool onlyRoyals(const Position& pos, Color c) {
    const auto& info = pos.info();
    for (int t = 0; t < info.typeCount; ++t)
        if (!info.isRoyal[t] && (pos.pieces(c, PieceType(t)).any() || pos.hand(c, PieceType(t))))
            return false;
    return true;
}

// No royal on the board or in hand (a royal may wait in hand to be placed).
bool royalsGone(const Position& pos, Color c) {
    if (!pos.royals(c).empty()) return false;
    for (PieceType t : pos.info().royalTypes)
        if (pos.hand(c, t)) return false;
    return true;
}

constexpr int kNoColor = 2;

// Rules::onlyPromotionsLeft: c has on the board only royals and one piece that may promote, is
// not in check, and each of its legal moves promotes.
bool onlyPromotionsLeft(const Position& pos, const MoveList& legal) {
    Color c = pos.sideToMove();
    const VariantInfo& info = pos.info();
    int others = 0;
    for (int t = 0; t < info.typeCount; ++t) {
        if (info.isRoyal[t]) continue;
        int n = pos.count(c, PieceType(t));
        if (n && info.promotionRules[t].empty()) return false;
        others += n;
    }
    if (others != 1) return false;
    for (const Move& m : legal)
        if (m.kind != MoveKind::Normal || m.promo == kNoPieceType) return false;
    return !inCheck(pos);
}

// The side that gave check at every one of its moves during the last `plies` plies while the
// other did not (perpetual check), or kNoColor. Walks a copy of the game back.
int perpetualChecker(const Position& pos, int plies) {
    Position p = pos;
    bool alwaysChecked[2] = {true, true};  // [side]: in check at each of its turns in the cycle
    for (int k = 0; k < plies && p.ply() > 0; ++k) {
        alwaysChecked[p.sideToMove()] = alwaysChecked[p.sideToMove()] && inCheck(p);
        p.unmakeMove();
    }
    if (alwaysChecked[White] && !alwaysChecked[Black]) return Black;
    if (alwaysChecked[Black] && !alwaysChecked[White]) return White;
    return kNoColor;
}

}  // namespace

const char* resultText(GameResult r) {
    switch (r) {
        case GameResult::WhiteWins:
            return "1-0";
        case GameResult::BlackWins:
            return "0-1";
        case GameResult::Draw:
            return "1/2-1/2";
        case GameResult::None:
            break;
    }
    return "*";
}

GameEnd gameEnd(const Position& pos, const MoveList& legal) {
    const Rules& rules = pos.variant().rules;
    Color us = pos.sideToMove();
    if (pos.terminal() && rules.citadels && rules.citadels->enemyEntry)
        return {scoreFor(~us, *rules.citadels->enemyEntry), "citadel entry"};
    if (!pos.info().royalTypes.empty() && royalsGone(pos, us))
        return {scoreFor(us, Outcome::Loss), "royal pieces captured"};
    // The side that moved destroyed its own last royal (XBetza d without a check rule).
    if (!pos.info().royalTypes.empty() && royalsGone(pos, ~us))
        return {scoreFor(~us, Outcome::Loss), "royal pieces captured"};
    // A pass answering facing royals, or the second pass in a row, ended the game.
    if (pos.terminal() && rules.pass && (pos.lastMove().flags & kMovePass)) {
        if (rules.facingRoyals && royalsFaceNow(pos))
            return {endScore(pos, ~us, *rules.facingRoyals), "pass with the royals facing"};
        if (rules.pass->twice) return {endScore(pos, us, *rules.pass->twice), "both sides passed"};
    }
    if (legal.size == 0) {
        if (inCheck(pos)) return {scoreFor(us, rules.checkmate), "checkmate"};
        return {scoreFor(us, rules.stalemate), "stalemate"};
    }
    if (rules.onlyPromotionsLeft && onlyPromotionsLeft(pos, legal))
        return {scoreFor(us, *rules.onlyPromotionsLeft), "only promotions left"};
    if (rules.bareRoyal && !pos.info().royalTypes.empty()) {
        // A bare side loses, unless (bareRoyalReply) it is to move and can bare the other at
        // once; the side that just moved bared the opponent.
        Color them = ~us;
        if (onlyRoyals(pos, us) && !onlyRoyals(pos, them)) {
            bool reply = false;
            if (rules.bareRoyalReply) {
                int others = 0;
                for (int t = 0; t < pos.info().typeCount; ++t)
                    if (!pos.info().isRoyal[t]) others += pos.count(them, PieceType(t));
                if (others == 1)
                    for (const Move& m : legal)
                        if (m.kind == MoveKind::Normal && pos.at(m.to) != kNoPiece) reply = true;
            }
            if (!reply) return {scoreFor(us, *rules.bareRoyal), "bare king"};
        }
        if (onlyRoyals(pos, them) && !onlyRoyals(pos, us))
            return {scoreFor(them, *rules.bareRoyal), "bare king"};
    }
    if (rules.nMoveRule && pos.halfmoveClock() >= 2 * rules.nMoveRule)
        return {GameResult::Draw, std::to_string(rules.nMoveRule) + "-move rule", 0,
                pos.halfmoveClock()};
    if (rules.repetitionCount) {
        const auto& h = pos.hashHistory();
        int seen = 1, first = int(h.size());
        for (int i = int(h.size()) - 2; i >= 0 && i >= int(h.size()) - pos.halfmoveClock(); i -= 2)
            if (h[i] == pos.hash()) ++seen, first = i;
        if (seen >= rules.repetitionCount) {
            std::string reason = std::to_string(rules.repetitionCount) + "-fold repetition";
            if (rules.perpetualCheckLoses) {
                int checker = perpetualChecker(pos, int(h.size()) - first);
                if (checker != kNoColor)
                    return {scoreFor(Color(checker), Outcome::Loss), reason + " by perpetual check",
                            seen};
            }
            return {scoreFor(us, rules.repetition), reason, seen};
        }
    }
    return {};
}

}  // namespace timur
