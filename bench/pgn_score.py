#!/usr/bin/env python3
"""Score a `timur match` PGN from one engine's side: W-L-D, Elo with its 95% margin (the
formulas of `timur match` and cutechess), and how the games ended.

  bench/pgn_score.py FILE.pgn [--engine Timur] [--faults-as-draws]

--faults-as-draws counts games the opponent lost by a rules fault (a false claim, a stalled or
lost connection, an illegal move) as draws, for a strength figure that does not reward the
opponent's bugs."""
import argparse, math, re, sys
from collections import Counter

FAULT = re.compile(r"false claim|connection|illegal|stall|crash|disconnect", re.I)


def games(text):
    for chunk in re.split(r"\n(?=\[Event )", text):
        tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]', chunk, re.M))
        if "Result" not in tags:
            continue
        m = re.search(r"\{([^}]*)\}\s*(1-0|0-1|1/2-1/2)\s*$", chunk.strip())
        tags["Reason"] = m.group(1) if m else tags.get("Termination", "")
        yield tags


def elo_of(p):
    return -400.0 * math.log10(1.0 / p - 1.0)


def phi_inv(p):  # cutechess's Winitzki erf^-1
    x = 2.0 * p - 1.0
    a = 8.0 * (math.pi - 3.0) / (3.0 * math.pi * (4.0 - math.pi))
    y = math.log(1.0 - x * x)
    z = 2.0 / (math.pi * a) + y / 2.0
    r = math.sqrt(math.sqrt(z * z - y / a) - z)
    return math.sqrt(2.0) * (r if x >= 0 else -r)


def elo(w, l, d):
    n = w + l + d
    mu = (w + d / 2.0) / n
    if mu <= 0 or mu >= 1:
        return float("inf") if mu >= 1 else float("-inf"), float("inf")
    dev = (w / n) * (1 - mu) ** 2 + (l / n) * mu**2 + (d / n) * (0.5 - mu) ** 2
    sd = math.sqrt(dev) / math.sqrt(n)
    lo, hi = mu + phi_inv(0.025) * sd, mu + phi_inv(0.975) * sd
    return elo_of(mu), (elo_of(min(hi, 1 - 1e-9)) - elo_of(max(lo, 1e-9))) / 2.0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("pgn")
    ap.add_argument("--engine", default="Timur")
    ap.add_argument("--faults-as-draws", action="store_true")
    a = ap.parse_args()
    w = l = d = 0
    endings = Counter()
    for g in games(open(a.pgn, encoding="utf-8").read()):
        white = g.get("White") == a.engine
        if not white and g.get("Black") != a.engine:
            continue
        r = g["Result"]
        won = (r == "1-0") == white and r != "1/2-1/2"
        reason = re.sub(r"\d+", "N", g["Reason"])
        endings[reason] += 1
        if r == "1/2-1/2" or (a.faults_as_draws and won and FAULT.search(g["Reason"])):
            d += 1
        elif won:
            w += 1
        else:
            l += 1
    n = w + l + d
    if not n:
        sys.exit("no games of " + a.engine)
    e, m = elo(w, l, d)
    print(f"{a.engine}: {n} games, +{w} -{l} ={d}, score {(w + d / 2) / n:.3f}, "
          f"Elo {e:+.0f} +/- {m:.0f}")
    for reason, count in endings.most_common():
        print(f"  {count:4d}  {reason}")


if __name__ == "__main__":
    main()
