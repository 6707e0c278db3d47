// The `timur` subcommands. main.cpp only dispatches; each subcommand lives in its own
// cli/<name>.cpp and is listed in main.cpp's kSubcommands table.
//
// Conventions for every subcommand: argv[0] is the subcommand's name, --help prints its usage on
// stdout and returns 0, and every error prints "timur <name>: <message>" on stderr and returns
// kExitUsage (2). A subcommand never lets an exception escape.
#pragma once

namespace timur::cli {

constexpr int kExitOk = 0;
constexpr int kExitUsage = 2;  // bad input: options, squares, notation

// timur betza: draw a piece's moves from a Betza description.
int runBetza(int argc, char** argv);

// timur perft / timur moves: count legal move sequences, list legal moves (cli/perft.cpp).
int runPerft(int argc, char** argv);
int runMoves(int argc, char** argv);

// timur match: engine-vs-engine games refereed by Timur's rules (cli/match.cpp, engine/match/).
int runMatch(int argc, char** argv);

// timur bench: fixed-depth searches of fixed positions; deterministic node count (cli/bench.cpp).
int runBench(int argc, char** argv);

// timur describe: what the engine believes about a variant's pieces and rules (cli/describe.cpp).
int runDescribe(int argc, char** argv);

// timur play: Timur against itself in the terminal, drawing the board (cli/play.cpp).
int runPlay(int argc, char** argv);

// timur tune: Texel tuning of the evaluation from self-play (cli/tune.cpp, engine/tune/).
int runTune(int argc, char** argv);

// timur replay: PGN games played out, one JSON line a game (cli/replay.cpp, engine/match/).
int runReplay(int argc, char** argv);

}  // namespace timur::cli
