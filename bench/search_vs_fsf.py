#!/usr/bin/env python3
"""Search speed and depth of Timur against Fairy-Stockfish, measured in the same run.

Both engines get the same positions over UCI (the start position and a middle-game position of
chess, capablanca, xiangqi and shogi), one thread, the same hash, and `go movetime MS`; the
table shows each engine's nodes per second and the depth it reached (the last `info depth`),
and the ratios. Where the Elo goes: a faster engine that reaches less depth prunes less or
orders worse.

A Fairy-Stockfish binary is PATH, or PATH,LARGE_PATH when the standard build (8x8) and the
large-board build are separate programs (a build from the public repository).

Usage: bench/search_vs_fsf.py [--timur build/timur] [--fsf /usr/games/fairy-stockfish[,LARGE]]
                              [--movetime 4000] [--hash 64]
"""
import argparse
import re
import subprocess
import sys

# Timur's variant name, Fairy-Stockfish's UCI_Variant, board larger than 8x8, middle-game FEN.
POSITIONS = [
    ("chess", "chess", False,
     "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 9"),
    ("capablanca", "capablanca", True,
     "r1abqkbc1r/pppp1ppppp/2n4n2/4p5/4P5/2N4N2/PPPP1PPPPP/R1ABQKBC1R w KQkq - 4 4"),
    ("xiangqi", "xiangqi", True,
     "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKAB1R w - - 4 3"),
    ("shogi", "shogi", True,
     "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL[-] b - - 0 1"),
]


class Uci:
    def __init__(self, path):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait(self, prefix):
        lines = []
        for line in self.p.stdout:
            lines.append(line.strip())
            if line.startswith(prefix):
                return lines
        raise RuntimeError("engine exited")

    def search(self, variant, fen, movetime, hash_mb):
        self.send(f"setoption name UCI_Variant value {variant}")
        self.send(f"setoption name Hash value {hash_mb}")
        self.send("setoption name Threads value 1")
        self.send("ucinewgame")
        self.send("isready")
        self.wait("readyok")
        self.send("position startpos" if fen == "startpos" else f"position fen {fen}")
        self.send(f"go movetime {movetime}")
        lines = self.wait("bestmove")
        depth = nodes = nps = 0
        for line in lines:
            if not line.startswith("info") or " depth " not in line or "currmove" in line:
                continue
            m = re.search(r"\bdepth (\d+)", line)
            if m and " pv " in line:
                depth = int(m.group(1))
            for key in ("nodes", "nps"):
                k = re.search(rf"\b{key} (\d+)", line)
                if k:
                    if key == "nodes":
                        nodes = int(k.group(1))
                    else:
                        nps = int(k.group(1))
        return depth, nodes, nps

    def score(self, position, depth=None, nodes=None):
        """The last score of a search of `position` (what follows UCI's `position`) to `depth`
        (or of `nodes` nodes), from the side to move's view: ("cp" or "mate", value), or None."""
        self.send("position " + position)
        self.send(f"go nodes {nodes}" if nodes else f"go depth {depth}")
        last = None
        for line in self.wait("bestmove"):
            m = re.search(r" score (cp|mate) (-?\d+)", line)
            if m:
                last = (m.group(1), int(m.group(2)))
        return last

    def close(self):
        self.send("quit")
        self.p.wait(timeout=10)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--timur", default="build/timur")
    ap.add_argument("--fsf", default="/usr/games/fairy-stockfish")
    ap.add_argument("--movetime", type=int, default=4000)
    ap.add_argument("--hash", type=int, default=64)
    a = ap.parse_args()
    fsf_paths = a.fsf.split(",")
    rows = []
    for variant, fsf_variant, large, mid in POSITIONS:
        for label, fen in (("start", "startpos"), ("middle", mid)):
            timur = Uci(a.timur)
            t = timur.search(variant, fen, a.movetime, a.hash)
            timur.close()
            fsf = Uci(fsf_paths[1] if large and len(fsf_paths) > 1 else fsf_paths[0])
            f = fsf.search(fsf_variant, fen, a.movetime, a.hash)
            fsf.close()
            rows.append((variant, label, t, f))
            print(f"# {variant} {label}: Timur depth {t[0]} nps {t[2]}, "
                  f"Fairy-Stockfish depth {f[0]} nps {f[2]}", file=sys.stderr)
    print(f"Search for {a.movetime} ms, one thread, hash {a.hash} MiB "
          f"(Fairy-Stockfish: {a.fsf})\n")
    print("| variant | position | Timur depth | Fairy-Stockfish depth | Timur knps | "
          "Fairy-Stockfish knps | nps ratio (Timur / FSF) |")
    print("|---|---|---|---|---|---|---|")
    for variant, label, t, f in rows:
        ratio = t[2] / f[2] if f[2] else float("nan")
        print(f"| {variant} | {label} | {t[0]} | {f[0]} | {t[2] // 1000} | {f[2] // 1000} | "
              f"{ratio:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
