#!/usr/bin/env python3
"""Perft speed of Timur against Fairy-Stockfish, measured in the same run.

Each line runs both engines on the same position and depth, alternating which goes first, and
reports nodes per second and the ratio Timur / Fairy-Stockfish (>= 1.0: Timur is faster).
Fairy-Stockfish counts the last ply in bulk, and so does `timur perft`.

Usage: bench/perft_vs_fsf.py [--timur build/timur] [--fsf /usr/games/fairy-stockfish]
                             [--repeat N] [--only VARIANT]
"""
import argparse
import re
import subprocess
import sys
import time

LINES = [  # variant, FSF UCI_Variant, FEN or startpos, depth
    ("chess", "chess", "startpos", 5),
    ("chess", "chess", "startpos", 6),
    ("shatranj", "shatranj", "startpos", 5),
    ("capablanca", "capablanca", "startpos", 4),
    ("capablanca", "capablanca", "startpos", 5),
    ("xiangqi", "xiangqi", "startpos", 4),
    ("grand", "grand", "startpos", 3),
    ("grand", "grand", "startpos", 4),
    ("shogi", "shogi", "startpos", 4),
]


class Fsf:
    def __init__(self, path):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait(self, prefix):
        for line in self.p.stdout:
            if line.startswith(prefix):
                return line
        raise RuntimeError("fairy-stockfish ended")

    def perft(self, variant, fen, depth):
        self.send(f"setoption name UCI_Variant value {variant}")
        self.send("position startpos" if fen == "startpos" else f"position fen {fen}")
        self.send("isready")
        self.wait("readyok")
        start = time.perf_counter()
        self.send(f"go perft {depth}")
        line = self.wait("Nodes searched")
        secs = time.perf_counter() - start
        return int(line.split(":")[1]), secs


def timur_perft(path, variant, fen, depth):
    cmd = [path, "perft", "--variant", variant, "--depth", str(depth)]
    if fen != "startpos":
        cmd += ["--fen", fen]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    nodes = int(re.search(r"Nodes searched: (\d+)", out).group(1))
    ms = int(re.search(r"Time: (\d+) ms", out).group(1))
    return nodes, max(ms, 1) / 1000.0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--timur", default="build/timur")
    ap.add_argument("--fsf", default="/usr/games/fairy-stockfish")
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--only")
    args = ap.parse_args()
    fsf = Fsf(args.fsf)
    print(f"{'variant':<12}{'depth':>6}{'nodes':>14}{'timur nps':>14}{'fsf nps':>14}{'ratio':>8}")
    worst = None
    for i, (variant, fsf_name, fen, depth) in enumerate(LINES):
        if args.only and variant != args.only:
            continue
        t_best = f_best = None
        for r in range(args.repeat):
            order = [0, 1] if (i + r) % 2 == 0 else [1, 0]
            for who in order:
                if who == 0:
                    n_t, s = timur_perft(args.timur, variant, fen, depth)
                    t_best = s if t_best is None else min(t_best, s)
                else:
                    n_f, s = fsf.perft(fsf_name, fen, depth)
                    f_best = s if f_best is None else min(f_best, s)
        flag = "" if n_t == n_f else f"  COUNT MISMATCH timur={n_t} fsf={n_f}"
        ratio = (n_t / t_best) / (n_f / f_best)
        worst = ratio if worst is None else min(worst, ratio)
        print(f"{variant:<12}{depth:>6}{n_f:>14}{int(n_t / t_best):>14}{int(n_f / f_best):>14}"
              f"{ratio:>8.2f}{flag}", flush=True)
    fsf.send("quit")
    print(f"worst ratio: {worst:.2f}")


if __name__ == "__main__":
    sys.exit(main())
