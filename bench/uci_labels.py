#!/usr/bin/env python3
"""Labels tuning positions with another UCI engine's judgement, for `timur tune --positions`.

Reads "FEN | RESULT" lines (what `timur tune --save-positions` writes), lets the engine search
each position to a fixed depth, and writes "FEN | SCORE" where SCORE is White's expected score
from the engine's evaluation, 1 / (1 + 10^(-cp / 400)) (a mate counts as 30 pawns). Tuning on
these fits Timur's weights to the stronger engine's view of the positions instead of to the
results of short self-play games, which carry far less information per position.

Usage: bench/uci_labels.py IN OUT --engine /usr/games/fairy-stockfish --variant capablanca
                           [--depth 7] [--every 1]
"""
import argparse

from search_vs_fsf import Uci


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("positions")
    ap.add_argument("out")
    ap.add_argument("--engine", default="/usr/games/fairy-stockfish")
    ap.add_argument("--variant", default="chess", help="the engine's UCI_Variant")
    ap.add_argument("--depth", type=int, default=7)
    ap.add_argument("--every", type=int, default=1, help="label every N-th position only")
    a = ap.parse_args()

    eng = Uci(a.engine)
    if a.variant != "chess":
        eng.send(f"setoption name UCI_Variant value {a.variant}")
    eng.send("isready")
    eng.wait("readyok")

    written = 0
    with open(a.positions) as src, open(a.out, "w") as out:
        for i, line in enumerate(src):
            if i % a.every or "|" not in line:
                continue
            fen = line.rsplit("|", 1)[0].strip()
            score = eng.score("fen " + fen, a.depth)
            if score is None:
                continue
            cp = score[1] if score[0] == "cp" else (3000 if score[1] > 0 else -3000)
            if fen.split()[1] == "b":
                cp = -cp
            out.write(f"{fen} | {1 / (1 + 10 ** (-cp / 400)):.4f}\n")
            written += 1
    eng.close()
    print(f"{written} positions labelled")


if __name__ == "__main__":
    main()
