#!/usr/bin/env python3
"""How well Timur's static evaluation foretells the results of games, beside another engine's.

Plays out the games of PGN files with `timur replay` and keeps their quiet positions: out of the
book, and both the move played there and the move before it quiet (`timur replay`'s mark: not in
check, neither a capture nor a promotion). Timur (its UCI `eval`) and an engine of the Stockfish
family (its `eval`, "Total evaluation") give the static evaluation of each; positions where the
other engine gives none, and those where either evaluation is beyond --clip (decided), are left
out.

For each phase band and each evaluation the script fits the game's result to a logistic curve
of the evaluation and of which side the named player (--player, Timur by default) had, and
prints:
- the squared error of that fit, and of the player's side alone (how strong the player is);
- explained: the share of the side-only error the evaluation takes away;
- bias: how many of its own centipawns the evaluation gives the player's side beyond what the
  results bear out. An evaluation that the player's search exploits (it steers into positions
  that the evaluation overrates) shows a large bias for that player;
- the mean evaluation from the player's side.

The players' results weigh in, so compare evaluations on the same games. Their strength is taken
out by the side term, not their style: the positions are those the players chose.

Usage: bench/eval_vs_results.py GAMES.pgn [more.pgn] --timur build/timur [--variant chess]
                                [--other /usr/games/fairy-stockfish] [--player Timur]
"""
import argparse
import json
import math
import re
import subprocess
import sys

from replayed import replayed_games

BANDS = ((171, 256, "middlegame (over 2/3 of the pieces)"),
         (86, 170, "between (1/3 to 2/3)"),
         (0, 85, "endgame (under 1/3)"),
         (0, 256, "all"))


def quiet_positions(games, player):
    out = []
    for g in games:
        result = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}.get(g["result"])
        if result is None or player not in (g["white"], g["black"]):
            continue
        side = 1 if g["white"] == player else -1
        plies = g["plies"]
        for i, ply in enumerate(plies):
            if ply["book"] or not ply["quiet"] or (i > 0 and not plies[i - 1]["quiet"]):
                continue
            out.append({"fen": ply["fen"], "phase": ply["phase"], "result": result,
                        "side": side})
    return out


def evaluations(cmd, setup, fens, pattern, scale):
    """Each FEN's static evaluation (White's side, centipawns) by one engine, None where none."""
    text = "uci\n" + setup + "".join(f"position fen {f}\neval\n" for f in fens) + "quit\n"
    out = subprocess.run(cmd, input=text, capture_output=True, text=True).stdout
    values = []
    for line in out.splitlines():
        m = re.match(pattern, line)
        if m:
            v = m.group(1)
            values.append(None if v is None else round(float(v) * scale))
    if len(values) != len(fens):
        sys.exit(f"{cmd[0]}: {len(values)} evaluations for {len(fens)} positions")
    return values


def solve3(a, b):
    """Solves the 3x3 system a x = b (Gaussian elimination with pivoting)."""
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(3):
        p = max(range(c, 3), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        if abs(m[c][c]) < 1e-12:
            return [0.0, 0.0, 0.0]
        for r in range(3):
            if r != c:
                k = m[r][c] / m[c][c]
                m[r] = [x - k * y for x, y in zip(m[r], m[c])]
    return [m[i][3] / m[i][i] for i in range(3)]


def logistic_fit(rows, key):
    """Result ~ 1 / (1 + exp(-(a * eval/100 + b * side + c))) by Newton's method (eval 0 if key
    is None); returns the mean squared error and (a, b, c)."""
    xs = [((r[key] / 100.0) if key else 0.0, r["side"], 1.0) for r in rows]
    ys = [r["result"] for r in rows]
    w = [0.0, 0.0, 0.0]
    for _ in range(25):
        grad = [0.0] * 3
        hess = [[1e-6 * (i == j) for j in range(3)] for i in range(3)]
        for x, y in zip(xs, ys):
            z = max(-30.0, min(30.0, sum(wi * xi for wi, xi in zip(w, x))))
            p = 1 / (1 + math.exp(-z))
            d = p * (1 - p)
            for i in range(3):
                grad[i] += (p - y) * x[i]
                for j in range(3):
                    hess[i][j] += d * x[i] * x[j]
        step = solve3(hess, grad)
        w = [wi - si for wi, si in zip(w, step)]
        if max(abs(s) for s in step) < 1e-7:
            break
    err = 0.0
    for x, y in zip(xs, ys):
        z = max(-30.0, min(30.0, sum(wi * xi for wi, xi in zip(w, x))))
        err += (y - 1 / (1 + math.exp(-z))) ** 2
    return err / len(rows), w


def table(rows, names):
    print(f"| phase | positions | error, the side alone | "
          + " | ".join(f"{n}: error, explained, bias, mean" for n in names) + " |")
    print("|---|---|---|" + "---|" * len(names))
    for lo, hi, band in BANDS:
        sel = [r for r in rows if lo <= r["phase"] <= hi]
        if len(sel) < 50:
            continue
        base, _ = logistic_fit(sel, None)
        cells = []
        for n in names:
            err, (a, b, _) = logistic_fit(sel, n)
            # No bias to speak of where the evaluation does not rise with the results.
            bias = f"{-100 * b / a:+.0f} cp" if a > 1e-3 else "-"
            mean = sum(r["side"] * r[n] for r in sel) / len(sel)
            cells.append(f"{err:.4f}, {100 * (1 - err / base):.1f}%, {bias}, {mean:+.0f} cp")
        print(f"| {band} | {len(sel)} | {base:.4f} | " + " | ".join(cells) + " |")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("pgn", nargs="+")
    ap.add_argument("--timur", default="build/timur", help="the timur executable")
    ap.add_argument("--variant", default="chess", help="Timur's name or file of the variant")
    ap.add_argument("--other", default="/usr/games/fairy-stockfish",
                    help="an engine whose `eval` prints Stockfish's 'Total evaluation' line")
    ap.add_argument("--other-variant", help="its UCI_Variant (default: --variant)")
    ap.add_argument("--player", default="Timur", help="the name whose side the bias is of")
    ap.add_argument("--clip", type=int, default=500,
                    help="leave out positions either engine puts beyond this many centipawns")
    ap.add_argument("--out", help="write every position with both evaluations here")
    args = ap.parse_args()

    games = replayed_games(args.timur, args.variant, args.pgn)
    rows = quiet_positions(games, args.player)
    fens = [r["fen"] for r in rows]
    variant = args.variant
    if variant.endswith(".json"):  # a variant file: loaded, then chosen by its name
        name = json.load(open(variant))["name"]
        timur_setup = (f"setoption name VariantFile value {variant}\n"
                       f"setoption name UCI_Variant value {name}\n")
    else:
        timur_setup = "" if variant == "chess" else f"setoption name UCI_Variant value {variant}\n"
    other_variant = args.other_variant or variant
    other_setup = "" if other_variant == "chess" else \
        f"setoption name UCI_Variant value {other_variant}\n"
    timur = evaluations([args.timur], timur_setup, fens,
                        r"Static evaluation: (-?\d+) cp \(White's side\)", 1)
    other = evaluations([args.other], other_setup, fens,
                        r"Total evaluation: (?:(-?[\d.]+) \(white side\)|none)", 100)
    names = ["Timur", args.other.rsplit("/", 1)[-1]]
    kept = []
    for r, t, o in zip(rows, timur, other):
        if t is None or o is None or abs(t) > args.clip or abs(o) > args.clip:
            continue
        r[names[0]], r[names[1]] = t, o
        kept.append(r)
    print(f"{len(games)} games, {len(kept)} quiet positions of {len(rows)} kept "
          f"(both evaluations within {args.clip} cp); bias and mean from {args.player}'s side",
          file=sys.stderr)
    if args.out:
        with open(args.out, "w") as out:
            for r in kept:
                out.write(json.dumps(r) + "\n")
    table(kept, names)


if __name__ == "__main__":
    main()
