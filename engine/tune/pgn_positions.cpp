#include "engine/tune/pgn_positions.h"

#include "engine/match/pgn_replay.h"

namespace timur::tune {

namespace {

double resultValue(const std::string& r) {
    return r == "1-0" ? 1.0 : r == "0-1" ? 0.0 : 0.5;
}

}  // namespace

std::vector<Sample> pgnSamples(const std::shared_ptr<const Variant>& variant, std::istream& in,
                               const std::string& origin, std::ostream* log,
                               PgnReadReport* report) {
    std::vector<Sample> out;
    PgnReadReport counts;
    match::ReplayReport replayed =
        match::replayPgn(variant, in, origin, log, [&](const match::ReplayedGame& g) {
            const double result = resultValue(g.game->result);
            int sinceBook = 2;  // plies since the last book move (none: keep from the start)
            for (const match::ReplayedPly& ply : g.plies) {
                sinceBook = ply.book ? 0 : sinceBook + 1;
                if (sinceBook > 2 && ply.quiet) {
                    out.push_back({ply.fen, result});
                    ++counts.positions;
                }
            }
        });
    counts.games = replayed.games;
    counts.skipped = replayed.skipped;
    if (report) *report = counts;
    return out;
}

}  // namespace timur::tune
