#!/usr/bin/env python3
"""Writes balanced random openings for `timur match --openings`, judged by a UCI engine.

`timur match --random-plies N` plays N random legal moves before each game. Random moves often
give material away, and then the game is decided before it starts: with 8 random plies in chess,
half the openings are more than 1.5 pawns from level by Fairy-Stockfish's judgement. Such games
measure how well an engine converts a large lead, not how well it plays from an even start, which
is what a game from the initial position asks of it.

This script plays random legal moves (the engine lists them with `go perft 1`), lets the engine
search the position after them to a fixed depth, and keeps the line only when the score lies
within --window centipawns of level. Each kept line is written as moves in coordinate notation,
one opening a line, as `timur match --openings` reads them.

Usage: bench/balanced_openings.py OUT --count 100 [--variant chess] [--plies 8]
                                  [--window 50] [--depth 10] [--seed 1]
                                  [--engine /usr/games/fairy-stockfish]
"""
import argparse
import random
import re

from search_vs_fsf import Uci


def legal_moves(eng, moves):
    eng.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
    eng.send("go perft 1")
    found = []
    for line in eng.wait("Nodes searched"):
        m = re.match(r"^(\S+): \d+$", line)
        if m:
            found.append(m.group(1))
    return found


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("out")
    ap.add_argument("--count", type=int, default=100, help="openings to write")
    ap.add_argument("--variant", default="chess", help="the engine's UCI_Variant")
    ap.add_argument("--plies", type=int, default=8, help="random moves in each opening")
    ap.add_argument("--window", type=int, default=50, help="largest |score| kept, centipawns")
    ap.add_argument("--depth", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--engine", default="/usr/games/fairy-stockfish")
    a = ap.parse_args()

    rng = random.Random(a.seed)
    eng = Uci(a.engine)
    if a.variant != "chess":
        eng.send(f"setoption name UCI_Variant value {a.variant}")
    eng.send("isready")
    eng.wait("readyok")

    kept, tried, seen = 0, 0, set()
    with open(a.out, "w") as out:
        while kept < a.count:
            tried += 1
            if tried > 50 * a.count:
                raise SystemExit(f"only {kept} balanced openings in {tried - 1} tries: "
                                 "widen --window or play fewer --plies")
            moves = []
            for _ in range(a.plies):
                legal = legal_moves(eng, moves)
                if not legal:
                    break
                moves.append(rng.choice(legal))
            line = " ".join(moves)
            if len(moves) < a.plies or line in seen:
                continue
            score = eng.score("startpos moves " + line, a.depth)
            if score is None or score[0] == "mate" or abs(score[1]) > a.window:
                continue
            seen.add(line)
            out.write(line + "\n")
            kept += 1
    eng.close()
    print(f"{kept} openings within {a.window} cp kept of {tried} tried")


if __name__ == "__main__":
    main()
