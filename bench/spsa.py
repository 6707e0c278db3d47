#!/usr/bin/env python3
"""Tunes the search's margins together by SPSA (simultaneous perturbation stochastic
approximation), as Stockfish's testing framework does.

Each iteration moves every parameter at once by +-c_k (a random sign each), plays game pairs
between the engine set one way and set the other way (`timur match`, fixed nodes, each opening
with both colours), and moves every parameter towards the side that scored better, by a step
that shrinks as the run goes on. The state (the values, the iteration, the games) is kept in a
JSON file after every iteration, so a run can stop anywhere and go on later, on another machine.

The engine must be built with -DTIMUR_TUNE=ON: it then offers its margins as UCI options
`Tune_NAME` (engine/search_params.h), and the new state takes their defaults and ranges from it.

    cmake -S . -B build-tune -DCMAKE_BUILD_TYPE=Release -DTIMUR_TUNE=ON
    cmake --build build-tune --target timur
    bench/spsa.py --engine build-tune/timur --state spsa.json --openings lines.txt \\
        --iterations 100 --total 2000

--total is the number of game pairs the whole run is planned for: the gains schedule is set by
it, counted in pairs as in Stockfish's framework (a run that goes on later keeps the one it
started with); an iteration plays --pairs pairs with one perturbation. `--show` prints the state: each
parameter's value now against its default.
"""
import argparse
import json
import math
import os
import random
import re
import subprocess
import sys
import tempfile

# Stockfish's testing framework's exponents and its default learning rate at the end.
ALPHA, GAMMA, R_END = 0.602, 0.101, 0.002
SNAPSHOT_EVERY = 25


def engine_params(engine):
    """The Tune_ options the engine offers: {name: (default, lowest, highest)}."""
    out = subprocess.run([engine], input="uci\nquit\n", capture_output=True, text=True,
                         timeout=60).stdout
    params = {}
    for m in re.finditer(r"option name Tune_(\S+) type spin default (-?\d+) min (-?\d+) "
                         r"max (-?\d+)", out):
        params[m.group(1)] = (int(m.group(2)), int(m.group(3)), int(m.group(4)))
    if not params:
        sys.exit(f"{engine} offers no Tune_ options: build it with -DTIMUR_TUNE=ON")
    return params


def new_state(args):
    offered = engine_params(args.engine)
    names = args.params.split(",") if args.params else sorted(offered)
    for n in names:
        if n not in offered:
            sys.exit(f"the engine has no option Tune_{n}")
    params = {}
    for n in names:
        default, lo, hi = offered[n]
        c_end = max(1.0, (hi - lo) / 20)  # the perturbation at the end of the run
        params[n] = {"value": float(default), "default": default, "min": lo, "max": hi,
                     "c_end": c_end, "r_end": R_END}
    return {"variant": args.variant, "nodes": args.nodes, "total": args.total, "iteration": 0,
            "pairs": 0, "games": 0, "wins": 0, "losses": 0, "draws": 0, "params": params,
            "results": [], "snapshots": []}


def schedule(p, total, k):
    """c_k and a_k for parameter p at pair k of a run planned for `total` pairs."""
    big_a = 0.1 * total
    c = p["c_end"] * total ** GAMMA
    a_end = p["r_end"] * p["c_end"] ** 2
    a = a_end * (big_a + total) ** ALPHA
    return c / k ** GAMMA, a / (big_a + k) ** ALPHA


def play(args, state, plus, minus, lines):
    """Plays the pairs: returns the wins, losses and draws of the `plus` setting."""
    def spec(name, values):
        opts = ",".join(f"option.Tune_{n}={v}" for n, v in values.items())
        return f"name={name},cmd={args.engine},nodes={state['nodes']},{opts}"

    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("\n".join(lines) + "\n")
        openings = f.name
    try:
        cmd = [args.timur, "match", "--variant", state["variant"], "--engine", spec("plus", plus),
               "--engine", spec("minus", minus), "--openings", openings,
               "--games", str(2 * len(lines)), "--concurrency", str(args.concurrency),
               "--tc", "600+1", "--adjudicate", "draw=10:10,resign=5:600,maxmoves=200"]
        if args.pgn:
            cmd += ["--pgn", args.pgn]
        run = subprocess.run(cmd, capture_output=True, text=True)
    finally:
        os.unlink(openings)
    out = run.stdout
    scores = re.findall(r"Score of plus vs minus: (\d+) - (\d+) - (\d+)", out)
    if not scores:
        sys.exit(f"timur match gave no score (exit status {run.returncode}):\n" + out[-2000:] +
                 run.stderr[-2000:])
    w, l, d = map(int, scores[-1])
    if w + l + d != 2 * len(lines):
        sys.exit(f"timur match played {w + l + d} games of {2 * len(lines)}:\n" + out[-2000:])
    return w, l, d


def iterate(args, state, openings, rng):
    k = state["pairs"] + 1
    plus, minus, steps = {}, {}, {}
    for n, p in state["params"].items():
        c_k, a_k = schedule(p, state["total"], k)
        delta = rng.choice((-1, 1))
        plus[n] = min(p["max"], max(p["min"], round(p["value"] + c_k * delta)))
        minus[n] = min(p["max"], max(p["min"], round(p["value"] - c_k * delta)))
        steps[n] = (c_k, a_k, delta)
    w, l, d = play(args, state, plus, minus, rng.sample(openings, args.pairs))
    for n, p in state["params"].items():
        c_k, a_k, delta = steps[n]
        # Stockfish's framework: theta += R_k c_k (wins - losses) / delta, R_k = a_k / c_k^2.
        p["value"] += a_k / c_k * (w - l) * delta
        p["value"] = min(p["max"], max(p["min"], p["value"]))
    state["iteration"] += 1
    state["pairs"] += args.pairs
    state["games"] += w + l + d
    state["wins"] += w
    state["losses"] += l
    state["draws"] += d
    # Every result, and the values every SNAPSHOT_EVERY iterations (the file stays small).
    state["results"].append([w, l, d])
    if state["iteration"] % SNAPSHOT_EVERY == 0:
        state["snapshots"].append({"iteration": state["iteration"],
                                   "values": {n: round(p["value"], 1)
                                              for n, p in state["params"].items()}})


def save(path, state):
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(state, f, indent=1)
    os.replace(tmp, path)


def show(state):
    print(f"iteration {state['iteration']}, {state['pairs']} of {state['total']} pairs "
          f"(plus {state['wins']} - {state['losses']} - {state['draws']}), "
          f"{state['variant']} at {state['nodes']} nodes")
    for n, p in state["params"].items():
        print(f"  {n:28} {p['value']:9.1f}  (default {p['default']}, {p['min']}..{p['max']})")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--engine", help="timur built with -DTIMUR_TUNE=ON")
    ap.add_argument("--timur", default="timur", help="the timur that referees (`timur match`)")
    ap.add_argument("--state", required=True, help="the run's JSON state (created if missing)")
    ap.add_argument("--openings", help="one opening a line, as `timur match --openings` reads")
    ap.add_argument("--variant", default="chess")
    ap.add_argument("--nodes", type=int, default=20000, help="nodes a move (a new run)")
    ap.add_argument("--total", type=int, default=2000, help="game pairs planned (a new run)")
    ap.add_argument("--params", help="comma-separated names to tune (a new run; default all)")
    ap.add_argument("--iterations", type=int, default=1, help="iterations to play now")
    ap.add_argument("--pairs", type=int, default=4, help="game pairs an iteration")
    ap.add_argument("--concurrency", type=int, default=2)
    ap.add_argument("--pgn", help="append the games to this file")
    ap.add_argument("--seed", type=int, default=0, help="random seed, mixed with the iteration")
    ap.add_argument("--show", action="store_true", help="print the state and stop")
    args = ap.parse_args()

    if os.path.exists(args.state):
        with open(args.state) as f:
            state = json.load(f)
    elif args.show:
        sys.exit(f"no state at {args.state}")
    else:
        if not args.engine:
            sys.exit("a new run needs --engine")
        state = new_state(args)
    if args.show:
        return show(state)
    if not args.engine or not args.openings:
        sys.exit("--engine and --openings are needed to play")
    with open(args.openings) as f:
        openings = [line.strip() for line in f if line.strip() and not line.startswith("#")]
    if len(openings) < args.pairs:
        sys.exit(f"{args.openings} has fewer than {args.pairs} openings")
    for _ in range(args.iterations):
        iterate(args, state, openings, random.Random(args.seed * 1000003 + state["iteration"]))
        save(args.state, state)
        w, l, d = state["results"][-1]
        print(f"iteration {state['iteration']}: {w} - {l} - {d}", flush=True)
    show(state)


if __name__ == "__main__":
    main()
