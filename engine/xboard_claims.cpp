#include "engine/xboard_dialect.h"

namespace timur::protocol {

bool xboardConfirmsClaim(const Variant& v, const GameEnd& end, Color claimer) {
    if (v.rules.hasHands() || !end.repetitions) return true;
    GameResult own = claimer == White ? GameResult::WhiteWins : GameResult::BlackWins;
    if (end.result == own) return false;
    if (end.result == GameResult::Draw) return end.repetitions >= 3;
    return true;  // the claimer's own loss
}

}  // namespace timur::protocol
