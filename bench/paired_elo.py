#!/usr/bin/env python3
"""A candidate's Elo against a base build, paired by opening, from two `timur match` PGNs.

Both matches must have played the same openings file in the same order with `--games` even, so
that games 2k-1 and 2k of either file are one opening played with both colours. The difference
of the two builds' scores over each such pair is one sample; their mean and its standard error
give the paired difference, far narrower than the two scores' own margins because the
opening's share of the result cancels. A pair counts only where both files hold both games.

At a fixed number of nodes a move (one thread, no pondering) a build plays the same game from
the same opening every time, whatever else runs on the machine. The base's PGN can then be kept
and reused for every candidate; `identical` counts the candidate's games that are move for move
the base's, result included (a control: the same build gives all of them, a build that changes the tree few).

  bench/paired_elo.py BASE.pgn CAND.pgn [--engine Timur]
"""
import argparse
import math
import re
import sys

RESULT_SCORE = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}


def games(path, engine):
    """{round: (score of `engine`, moves)} for the finished games of a PGN file."""
    out = {}
    with open(path, encoding="utf-8") as f:
        text = f.read()
    for chunk in re.split(r"\n(?=\[Event )", text):
        tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]', chunk, re.M))
        result, rnd = tags.get("Result"), tags.get("Round", "")
        if result not in RESULT_SCORE or not rnd.isdigit():
            continue
        if engine not in (tags.get("White"), tags.get("Black")):
            raise SystemExit(f"{path}: round {rnd} has no player named {engine}")
        score = RESULT_SCORE[result]
        if tags.get("Black") == engine:
            score = 1.0 - score
        body = chunk.split("\n\n", 1)[1] if "\n\n" in chunk else ""
        moves = " ".join(re.sub(r"\{[^}]*\}", " ", body).split())
        out[int(rnd)] = (score, moves)
    return out


def elo(p):
    p = min(max(p, 1e-9), 1 - 1e-9)
    return -400.0 * math.log10(1.0 / p - 1.0)


def compare(base, cand):
    """The paired comparison as a dict (see main for the fields)."""
    diffs, base_scores = [], []
    for k in sorted({(r + 1) // 2 for r in cand}):
        a, b = 2 * k - 1, 2 * k
        if a in base and b in base and a in cand and b in cand:
            base_pair = (base[a][0] + base[b][0]) / 2
            diffs.append((cand[a][0] + cand[b][0]) / 2 - base_pair)
            base_scores.append(base_pair)
    n = len(diffs)
    res = {"pairs": n, "identical": sum(1 for r in cand if r in base and base[r][1] == cand[r][1])}
    if n < 2:
        return res
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
    err = 1.96 * sd / math.sqrt(n)  # 95%
    base_score = sum(base_scores) / n
    res.update(base=base_score, diff=mean, err=err,
               elo=elo(base_score + mean) - elo(base_score),
               elo_err=(elo(base_score + mean + err) - elo(base_score + mean - err)) / 2)
    return res


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("base")
    ap.add_argument("cand")
    ap.add_argument("--engine", default="Timur", help="the player whose score is compared")
    args = ap.parse_args()
    base, cand = games(args.base, args.engine), games(args.cand, args.engine)
    for name, g in (("base", base), ("cand", cand)):
        total = sum(s for s, _ in g.values())
        print(f"{name}: {total:g} of {len(g)} games ({100 * total / max(len(g), 1):.1f}%)")
    r = compare(base, cand)
    print(f"identical games: {r['identical']} of {len(cand)}")
    if r["pairs"] < 2:
        print(f"{r['pairs']} pairs: too few to compare")
        return 1
    print(f"{r['pairs']} pairs: base {100 * r['base']:.1f}%, candidate "
          f"{100 * r['diff']:+.1f} +- {100 * r['err']:.1f} points, "
          f"{r['elo']:+.0f} +- {r['elo_err']:.0f} Elo (95%)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
