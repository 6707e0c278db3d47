#!/usr/bin/env python3
"""bench/paired_elo.py on hand-made PGNs: the pairs it forms (an unfinished game drops its pair),
the paired difference and its margin worked by hand, the count of games identical to the base's,
and a clear refusal when the named engine did not play."""
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRIPT = os.path.join(ROOT, "bench", "paired_elo.py")
sys.path.insert(0, os.path.join(ROOT, "bench"))
import paired_elo  # noqa: E402


def pgn(games):
    """games: (round, white, black, result, moves)."""
    out = []
    for rnd, white, black, result, moves in games:
        out.append(f'[Event "Timur match"]\n[Round "{rnd}"]\n[White "{white}"]\n'
                   f'[Black "{black}"]\n[Result "{result}"]\n\n'
                   f'{{White: nodes=80000}} {moves} {result}\n')
    return "\n".join(out)


def main():
    # Three openings, each with both colours (Timur White in odd rounds).
    base = [(1, "Timur", "FSF", "1-0", "1. e4 e5"), (2, "FSF", "Timur", "1-0", "1. d4 d5"),
            (3, "Timur", "FSF", "0-1", "1. c4 c5"), (4, "FSF", "Timur", "1-0", "1. f4 f5"),
            (5, "Timur", "FSF", "1/2-1/2", "1. a3 a6"), (6, "FSF", "Timur", "0-1", "1. h3 h6")]
    cand = [(1, "Timur", "FSF", "1-0", "1. e4 e5"), (2, "FSF", "Timur", "1/2-1/2", "1. d4 e5"),
            (3, "Timur", "FSF", "1-0", "1. c4 e5"), (4, "FSF", "Timur", "1-0", "1. f4 f5"),
            (5, "Timur", "FSF", "1-0", "1. a3 a6"), (6, "FSF", "Timur", "*", "1. h3")]
    with tempfile.TemporaryDirectory() as d:
        bp, cp = os.path.join(d, "base.pgn"), os.path.join(d, "cand.pgn")
        open(bp, "w").write(pgn(base))
        open(cp, "w").write(pgn(cand))
        r = paired_elo.compare(paired_elo.games(bp, "Timur"), paired_elo.games(cp, "Timur"))
        # Pairs 1 and 2 only (game 6 unfinished): base 0.5 and 0.0, candidate 0.75 and 0.5.
        assert r["pairs"] == 2, r
        assert abs(r["base"] - 0.25) < 1e-9 and abs(r["diff"] - 0.375) < 1e-9, r
        # The differences 0.25 and 0.5: sd 0.1768, margin 1.96 * 0.1768 / sqrt(2) = 0.245.
        assert abs(r["err"] - 0.245) < 1e-3, r
        assert r["elo"] > 0 and r["elo_err"] > 0, r
        assert r["identical"] == 2, r  # games 1 and 4 (5 has the same moves, another result)
        out = subprocess.run([sys.executable, SCRIPT, bp, cp], capture_output=True, text=True)
        assert out.returncode == 0 and "2 pairs" in out.stdout, out
        bad = subprocess.run([sys.executable, SCRIPT, bp, cp, "--engine", "Nobody"],
                             capture_output=True, text=True)
        assert bad.returncode != 0 and "no player named Nobody" in bad.stderr, bad
    print("paired_elo: ok")


if __name__ == "__main__":
    main()
