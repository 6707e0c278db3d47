#!/usr/bin/env python3
"""Perft speed of Timur against Fairy-Stockfish, measured in the same run.

Each line runs every engine on the same start position and depth, alternating which goes first,
and keeps the median of --repeat runs. The table shows, per Fairy-Stockfish binary and per Timur
binary, Fairy-Stockfish's time over Timur's (above 1: Timur is faster); node counts must agree.
Both count the last ply in bulk. Fairy-Stockfish's time runs from `go perft` to its answer,
Timur's is what `timur perft` reports (neither includes starting the program).

A Fairy-Stockfish binary is given as LABEL=PATH, or LABEL=PATH,LARGE_PATH when the standard
build (8x8 boards) and the large-board build are separate programs, as a build from the public
repository is (`make build ARCH=x86-64-modern` with and without `largeboards=yes`).

Usage: bench/perft_vs_fsf.py [--timur [LABEL=]build/timur ...]
                             [--fsf "Debian 11.1=/usr/games/fairy-stockfish" ...]
                             [--repeat 3] [--only VARIANT] [--no-tamerlane]
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import time

# variant, Fairy-Stockfish's UCI_Variant, depth, whether the board is larger than 8x8
LINES = [
    ("chess", "chess", 6, False),
    ("capablanca", "capablanca", 5, True),
    ("grand", "grand", 4, True),
    ("shatranj", "shatranj", 6, False),
    ("shogi", "shogi", 5, True),
    ("xiangqi", "xiangqi", 5, True),
]
TAMERLANE_DEPTH = 5


class Fsf:
    def __init__(self, path):
        self.path = path
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait(self, prefix):
        for line in self.p.stdout:
            if line.startswith(prefix):
                return line
        raise RuntimeError(f"{self.path} ended")

    def perft(self, variant, depth):
        self.send(f"setoption name UCI_Variant value {variant}")
        self.send("position startpos")
        self.send("isready")
        self.wait("readyok")
        start = time.perf_counter()
        self.send(f"go perft {depth}")
        line = self.wait("Nodes searched")
        return int(line.split(":")[1]), time.perf_counter() - start

    def close(self):
        self.send("quit")
        self.p.wait(timeout=10)


class Peer:
    """A Fairy-Stockfish: one binary, or a standard and a large-board one."""

    def __init__(self, spec):
        label, _, paths = spec.rpartition("=")
        parts = paths.split(",")
        self.label = label or parts[0]
        self.small = Fsf(parts[0])
        self.large = Fsf(parts[1]) if len(parts) > 1 else self.small

    def perft(self, variant, depth, large):
        return (self.large if large else self.small).perft(variant, depth)

    def close(self):
        self.small.close()
        if self.large is not self.small:
            self.large.close()


def timur_perft(path, variant, depth):
    cmd = [path, "perft", "--variant", variant, "--depth", str(depth)]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    nodes = int(re.search(r"Nodes searched: (\d+)", out).group(1))
    ms = int(re.search(r"Time: (\d+) ms", out).group(1))
    return nodes, max(ms, 1) / 1000.0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--timur", action="append", help="[LABEL=]PATH (repeatable)")
    ap.add_argument("--fsf", action="append", help="LABEL=PATH[,LARGE_PATH] (repeatable)")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--only", help="one variant of the table")
    ap.add_argument("--no-tamerlane", action="store_true")
    args = ap.parse_args()
    timurs = []
    for spec in args.timur or ["build/timur"]:
        label, _, path = spec.rpartition("=")
        timurs.append((label or path, path))
    specs = args.fsf or ["Fairy-Stockfish=/usr/games/fairy-stockfish"]
    peers = [Peer(s) for s in specs]
    lines = [line for line in LINES if not args.only or line[0] == args.only]

    # times[(engine label)][variant] = median seconds; nodes checked as they come
    times = {}
    mismatches = []
    for i, (variant, fsf_name, depth, large) in enumerate(lines):
        runs = {}
        counts = {}
        for r in range(args.repeat):
            engines = [("timur", t) for t in timurs] + [("fsf", p) for p in peers]
            if (i + r) % 2:
                engines.reverse()
            for kind, e in engines:
                if kind == "timur":
                    label = e[0]
                    n, s = timur_perft(e[1], variant, depth)
                else:
                    label = e.label
                    n, s = e.perft(fsf_name, depth, large)
                runs.setdefault(label, []).append(s)
                counts[label] = n
        if len(set(counts.values())) > 1:
            mismatches.append(f"{variant} {depth}: " +
                              ", ".join(f"{k} {v}" for k, v in counts.items()))
        for label, secs in runs.items():
            times.setdefault(label, {})[variant] = statistics.median(secs)
        print(f"# {variant} {depth}: {next(iter(counts.values()))} nodes, " +
              ", ".join(f"{k} {statistics.median(v):.3f} s" for k, v in runs.items()),
              file=sys.stderr, flush=True)
    for p in peers:
        p.close()

    heads = [f"{v} {d}" for v, _, d, _ in lines]
    print(f"Perft from the start position, median of {args.repeat}: "
          "Fairy-Stockfish's time / Timur's time (above 1: Timur is faster)\n")
    print("| Fairy-Stockfish | Timur | " + " | ".join(heads) + " |")
    print("|---|---|" + "---|" * len(heads))
    for p in peers:
        for label, _ in timurs:
            cells = [f"{times[p.label][v] / times[label][v]:.2f}" for v, _, _, _ in lines]
            print(f"| {p.label} | {label} | " + " | ".join(cells) + " |")
    print()
    for label, _ in timurs:
        cells = [f"{times[label][v]:.3f}" for v, _, _, _ in lines]
        print(f"Timur {label} seconds: " + ", ".join(f"{h} {c}" for h, c in zip(heads, cells)))
    for p in peers:
        cells = [f"{times[p.label][v]:.3f}" for v, _, _, _ in lines]
        print(f"{p.label} seconds: " + ", ".join(f"{h} {c}" for h, c in zip(heads, cells)))

    if not args.no_tamerlane and not args.only:
        for label, path in timurs:
            secs = []
            for _ in range(args.repeat):
                n, s = timur_perft(path, "tamerlane", TAMERLANE_DEPTH)
                secs.append(s)
            print(f"Timur {label}: Tamerlane perft {TAMERLANE_DEPTH} = {n} nodes in "
                  f"{statistics.median(secs):.3f} s")
    if mismatches:
        print("NODE COUNT MISMATCH: " + "; ".join(mismatches))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
