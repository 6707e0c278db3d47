#!/usr/bin/env python3
"""Real games through `timur match`: prints every game's result and how it ended, and fails when
Timur lost a game by a rule or protocol fault: a time forfeit, an illegal move, a false claim, a
rejected legal move (the two boards disagree), a crash, a hang or a failure to start the game.
A game the opponent lost by such a fault fails too (it was no real game, and a rejected move may
be the runner's mistake), unless --allow-opponent-faults says the opponent has known faults, or
--allow-opponent-stalls that it is known to stop moving (only that fault is then let pass).

Usage: match_games.py TIMUR_BINARY [--timur NAME,...] [--min-score FRACTION]
                      [--allow-opponent-faults | --allow-opponent-stalls] -- MATCH_ARGS...

MATCH_ARGS are `timur match`'s own (--engine ..., --variant, --games, --tc, ...); --pgn is
added. --timur names the engines that are Timur (default: every engine whose cmd= is
TIMUR_BINARY). --min-score: the first Timur must also score at least this fraction of the points.

The engines' dialogue is recorded (--debug); when a game fails, its PGN and the dialogue that led
to the fault are printed, so a fault seen once in CI can be replayed.

Exit 77 (ctest: skipped) when an engine's cmd= is not installed, unless TIMUR_REQUIRE_PEERS=1
(make test, CI): then that is a failure.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

SKIP = 77
# How `timur match` says that the side to move lost by a fault (engine/match/game.cpp).
FAULTS = ("loses on time", "makes an illegal move", "makes a false claim", "rejects a legal move",
          "disconnects", "'s connection stalls", "fails to start the game")
# A line of `timur match --debug`'s dialogue: the game's number (once one has begun), the engine's
# name, and what was sent to it (<) or came from it (>).
DIALOGUE = re.compile(r"^(\[game \d+\] )?\S+ [<>] ")
FINISHED = re.compile(r"^Finished game (\d+) \((.+) vs (.+)\): (1-0|0-1|1/2-1/2|\*) \{(.*)\}$",
                      re.M)


def engine_specs(match_args):
    """{name: {key: value}} of every --engine in the arguments."""
    specs = {}
    for i, a in enumerate(match_args):
        if a == "--engine" and i + 1 < len(match_args):
            fields = dict(f.split("=", 1) for f in match_args[i + 1].split(",") if "=" in f)
            specs[fields.get("name", fields.get("cmd", "?"))] = fields
    return specs


def option(match_args, name, default=None):
    return match_args[match_args.index(name) + 1] if name in match_args else default


def games_by_round(pgn):
    """{game number: its PGN block}. The PGN holds the games in the order they finished, which
    under --concurrency is not their numbers' order; the Round tag is the game's number."""
    games = {}
    for block in re.split(r"\n(?=\[Event )", pgn.strip()):
        m = re.search(r'^\[Round "(\d+)"\]', block, re.M)
        if m:
            games[int(m.group(1))] = block
    return games


def plies_in(block):
    m = re.search(r'^\[PlyCount "(\d+)"\]', block, re.M)
    return int(m.group(1)) if m else "?"


def dialogue_before(dialogue, number, move, lines=60):
    """The last `lines` lines of game `number`'s dialogue up to the line that sends `move` as a
    move, or up to the game's end. `timur match --debug` marks each line with its game's number,
    so games played side by side (--concurrency) come apart."""
    rows = [r for r in dialogue.splitlines() if r.startswith(f"[game {number}] ")]
    end = len(rows)
    for i, r in enumerate(rows):
        if move and re.search(r"\b(bestmove|move) " + re.escape(move) + r"\b", r):
            end = i + 1
            break
    # The search's info lines are left out: the positions and moves are what tell the story.
    told = [r for r in rows[:end] if not re.match(r"^\[game \d+\] \S+ > info ", r)]
    return "\n".join(told[-lines:])


def main():
    argv = sys.argv[1:]
    if "--" not in argv:
        print(__doc__)
        return 2
    split = argv.index("--")
    parser = argparse.ArgumentParser()
    parser.add_argument("timur")
    parser.add_argument("--timur", dest="names", default="")
    parser.add_argument("--min-score", type=float, default=None)
    parser.add_argument("--allow-opponent-faults", action="store_true")
    parser.add_argument("--allow-opponent-stalls", action="store_true")
    args = parser.parse_args(argv[:split])
    match_args = argv[split + 1:]
    timur = os.path.abspath(args.timur)

    specs = engine_specs(match_args)
    for name, fields in specs.items():
        cmd = fields.get("cmd", "")
        if not os.access(cmd, os.X_OK):
            what = f"engine {name}: {cmd} is not installed"
            if os.environ.get("TIMUR_REQUIRE_PEERS") == "1":
                print(f"FAIL: {what} (TIMUR_REQUIRE_PEERS=1: the peers must be installed)")
                return 1
            print(f"skipped: {what}")
            return SKIP
    names = [n for n in args.names.split(",") if n] or \
        [n for n, f in specs.items() if os.path.abspath(f.get("cmd", "")) == timur]
    games = int(option(match_args, "--games", "1"))
    variant = option(match_args, "--variant", "chess")

    with tempfile.TemporaryDirectory(prefix="timur_match_") as work:
        pgn_path = os.path.join(work, "games.pgn")
        dialogue_path = os.path.join(work, "dialogue.txt")
        command = [timur, "match", *match_args, "--pgn", pgn_path]
        print("$", " ".join(command), flush=True)
        with open(dialogue_path, "w") as dialogue_file:
            done = subprocess.run(command + ["--debug"], stdout=subprocess.PIPE,
                                  stderr=dialogue_file, text=True, timeout=3000)
        pgn = open(pgn_path, errors="replace").read() if os.path.exists(pgn_path) else ""
        dialogue = open(dialogue_path, errors="replace").read()
    out = done.stdout
    # --debug's stderr also carries the runner's own errors: keep those lines that are no dialogue.
    errors = "\n".join(r for r in dialogue.splitlines() if not DIALOGUE.match(r))
    if errors:
        out += "\n" + errors
    failures = []
    if done.returncode != 0:
        failures.append(f"timur match exited with {done.returncode}:\n{out}")
    finished = FINISHED.findall(out)
    by_round = games_by_round(pgn)
    points = {n: 0.0 for n in names}
    for number, white, black, result, comment in finished:
        n = int(number)
        count = plies_in(by_round[n]) if n in by_round else "?"
        print(f"game {n}: {white} - {black} {result} {{{comment}}} after {count} plies",
              flush=True)
        if result == "1-0":
            points[white] = points.get(white, 0) + 1
        elif result == "0-1":
            points[black] = points.get(black, 0) + 1
        elif result == "1/2-1/2":
            points[white] = points.get(white, 0) + 0.5
            points[black] = points.get(black, 0) + 0.5
        fault = next((f for f in FAULTS if f in comment), None)
        if not fault:
            continue
        culprit = white if comment.startswith("White") else black
        allowed = args.allow_opponent_faults or (args.allow_opponent_stalls and
                                                 fault == "'s connection stalls")
        if culprit not in names and allowed:
            print(f"  (the opponent's fault, not Timur's: {comment})")
            continue
        if culprit in names:
            failures.append(f"game {n}: {culprit} {fault}: {comment}")
        else:
            failures.append(f"game {n}: the opponent {culprit} {fault} (not Timur's fault, but "
                            f"no real game either): {comment}")
        move = comment.rsplit(": ", 1)[-1] if "illegal move" in comment else ""
        print(f"--- game {n}'s PGN:\n{by_round.get(n, '')}\n--- the dialogue before the fault:\n"
              f"{dialogue_before(dialogue, n, move)}\n---", flush=True)
    if len(finished) != games:
        failures.append(f"{len(finished)} games finished, expected {games}:\n{out}")
    if sorted(by_round) != list(range(1, games + 1)):
        failures.append(f"the PGN holds games {sorted(by_round)}, expected 1 to {games}")
    # The PGN names the variant as XBoard does (no tag for chess).
    tagged = len(re.findall(r'^\[Variant "[^"]+"\]', pgn, re.M))
    if tagged != (0 if variant == "chess" else games):
        failures.append(f"the PGN's Variant tags do not fit {variant}: {tagged} for {games} games")
    summary = re.findall(r"^(Score of .*|Elo difference: .*)$", out, re.M)
    for line in summary[-2:]:
        print(line)
    if args.min_score is not None and names:
        share = points.get(names[0], 0) / max(1, games)
        print(f"{names[0]} scored {points.get(names[0], 0)} of {games}")
        if share < args.min_score:
            failures.append(f"{names[0]} scored {share:.2f} of the points, "
                            f"less than {args.min_score}")
    for f in failures:
        print("FAIL:", f)
    if failures:
        return 1
    print(f"{len(finished)} games of {variant}: no fault by Timur")
    return 0


if __name__ == "__main__":
    sys.exit(main())
