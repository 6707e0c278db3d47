// A match: games between two engines, several at a time, openings from a file or random plies
// (each played twice with colours swapped), results printed as games finish, cutechess-style
// summary lines, PGN of every game and an optional SPRT that stops the match at a bound.
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "engine/match/engine.h"
#include "engine/match/game.h"
#include "engine/match/stats.h"

namespace timur::match {

struct MatchOptions {
    EngineConfig first, second;
    std::shared_ptr<const Variant> variant;
    int games = 2;
    int concurrency = 1;
    GameOptions game;
    std::vector<Opening> openings;  // empty: the variant's start (or random plies)
    int randomPlies = 0;
    std::uint64_t seed = 0;
    std::string pgnFile;
    std::optional<SprtParams> sprt;
    bool debug = false;  // engine dialogue on stderr
    // `--shard K/N`: play only the K-th (1-based) of N disjoint parts of the match: the pairs
    // of games whose index is K-1 modulo N, each with the opening and seed it has in the whole
    // match and its number there, so that N runs on N machines play the whole match once.
    int shardIndex = 1, shardCount = 1;
};

// The 0-based numbers of the games a shard plays out of `games`: whole pairs (one opening,
// colours swapped) in turn.
std::vector<int> shardGames(int games, int shardIndex, int shardCount);

// Parses "K/N" (1 <= K <= N); throws std::invalid_argument.
std::pair<int, int> parseShard(const std::string& text);

// Reads openings: one per line, a FEN (it has '/') or moves in Timur's text separated by blanks
// (move numbers like "1." are skipped); '#' starts a comment line. Every move is checked.
// Throws std::invalid_argument naming the line.
std::vector<Opening> readOpenings(std::istream& in, std::shared_ptr<const Variant> variant);

// `plies` random legal moves after `base` (default: the start position); none of the positions
// on the way is over.
Opening randomOpening(std::shared_ptr<const Variant> variant, int plies, std::uint64_t seed,
                      const Opening& base = {});

struct MatchResult {
    Score score;  // of the first engine
    std::optional<SprtStatus> sprt;
    int gamesPlayed = 0;
};

// Plays the match, printing progress and the summary on `out`. Throws MatchError when it cannot
// go on (an engine does not start, or cannot play the variant).
MatchResult runMatch(const MatchOptions& options, std::ostream& out);

}  // namespace timur::match
