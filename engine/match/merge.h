// Combining the PGN files of a match played in shards (`timur match --shard K/N` on N machines)
// into one score, Elo estimate and SPRT, and one PGN file in game order.
#pragma once

#include <istream>
#include <string>
#include <vector>

#include "engine/match/stats.h"

namespace timur::match {

// One game of a PGN file: its tags of interest and its whole text.
struct PgnGame {
    int round = 0;  // the game's number in the whole match (0 if the tag is missing)
    std::string white, black, result;
    std::string variant, fen;  // the Variant and FEN tags, "" if missing
    std::string text;          // tags and moves, as read
    std::string moveText;      // the lines after the tags
};

// Reads every game of a PGN stream. Throws std::invalid_argument naming `origin` and the line
// of a game without a Result tag, or of text outside any game.
std::vector<PgnGame> readPgnGames(std::istream& in, const std::string& origin);

struct MergedMatch {
    std::string first, second;    // first: White of the lowest-numbered game (game 1: --engine #1)
    Score score;                  // of the first engine; unfinished games ("*") are not counted
    std::vector<PgnGame> games;   // in game order, each number once
    std::vector<int> duplicates;  // numbers seen more than once (the first copy is kept)
    std::vector<int> missing;     // numbers below the highest that no file holds
    int unfinished = 0;
};

// Merges the games of several shards. Throws std::invalid_argument when a game is between
// other players than the rest.
MergedMatch mergeGames(std::vector<PgnGame> games);

}  // namespace timur::match
