#include "engine/xboard_dialect.h"

namespace timur::protocol {

bool xboardConfirmsClaim(const Variant& v, const GameEnd& end, Color claimer) {
    if (end.result == GameResult::Draw) {
        // XBoard flags a move-rule draw after 100 plies without progress (in xiangqi leaving
        // checks and their evasions out of the count, so ours may run ahead of it), a repetition
        // draw from the third occurrence on.
        if (end.movePlies) return end.movePlies >= 100 && xboardVariantName(v).name != "xiangqi";
        if (end.repetitions) return end.repetitions >= 3;
        return true;
    }
    GameResult own = claimer == White ? GameResult::WhiteWins : GameResult::BlackWins;
    if (end.result == own) return v.rules.hasHands() || !end.repetitions;
    return true;  // the claimer's own loss
}

}  // namespace timur::protocol
