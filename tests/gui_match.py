#!/usr/bin/env python3
"""Timur in a real GUI: XBoard runs headless under xvfb-run and plays a match per variant, Timur
as first engine against another engine, saving the games as PGN and its debug log. Prints every
game's result and how it ended. Fails on any forfeit, time loss, illegal move, false claim,
rejected legal move (a desync between XBoard's board and Timur's), crash or protocol error by
Timur, seen in the games or in XBoard's debug log; the opponent's own faults are printed, not
failed on (a second Timur's count as Timur's).

Usage: gui_match.py TIMUR_BINARY [--games N] [--tc MIN:SEC] [--inc SECONDS]
                    [--legality true|false] [--max-moves N] [--fen FEN] [--gui-defaults] [--keep]
                    [--second-features FEATURES] VARIANT[:OPPONENT] ...
VARIANT is XBoard's name (normal for chess); OPPONENT is an engine on the PATH or in
/usr/games, or "timur" (the same binary, the default). --legality false turns XBoard's move
checking off (needed for moves XBoard cannot express, like Tamerlane's King swap). --fen starts
every game from that position (XBoard's -loadPositionFile). --second-features overrules
features the opponent announced (XBoard's -secondFeatures, e.g. "setboard=0").

Move animation is off unless --gui-defaults: then XBoard plays as a person's would, animating
every move (both engines ponder in either case, XBoard's default). XBoard charges the animation of
the opponent's move to the engine to move (70-100 ms a move), so this checks Timur's time keeping.
Each game's line ends with the lowest time XBoard gave Timur (the first engine). XBoard runs with
a fresh HOME and saves no settings (it would otherwise save the test's, legality testing
included, into the user's ~/.xboardrc).

Exit 77 (ctest: skipped) when xboard, xvfb-run or an opponent is not installed, unless
TIMUR_REQUIRE_PEERS=1 (make test, CI): then that is a failure (apt-get install xboard xvfb xauth
fairymax).
"""
import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile

SKIP = 77
# A game-end comment that means someone broke a rule or the protocol.
FAULT = re.compile(r"forfeit|illegal|invalid|false .*claim|flag fell|on time|exited|"
                   r"does not support|disconnect|error reading|^ but ", re.I)
# What an engine says in XBoard's debug log when it and XBoard disagree: it refuses a move or a
# command XBoard sent.
ENGINE_COMPLAINT = re.compile(r"^(Error|Illegal move|tellusererror)")


def find(tool):
    path = shutil.which(tool)
    if path:
        return path
    return "/usr/games/" + tool if os.access("/usr/games/" + tool, os.X_OK) else None


def games(pgn):
    """Yields (tags, movetext) per game."""
    for block in re.split(r"\n(?=\[Event )", pgn.strip()):
        if not block.strip():
            continue
        tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]', block, re.M))
        body = re.sub(r'^\[.*\]\s*$', "", block, flags=re.M)
        yield tags, body


def distinct_rounds(played):
    """The games with their first save per Round tag. XBoard can save one game twice: when a
    flag falls on the move that also ends the game (a bare king in shatranj), it saves the game
    once for each ending. The first ending is the one the referee acted on."""
    seen, out = set(), []
    for tags, body in played:
        key = tags.get("Round")
        if key is not None:
            if key in seen:
                continue
            seen.add(key)
        out.append((tags, body))
    return out


def count_plies(movetext):
    words = re.sub(r"\{[^}]*\}|\([^)]*\)", " ", movetext).split()
    words = [re.sub(r"^\d+\.+", "", w) for w in words]
    return sum(1 for w in words if w and w not in ("1-0", "0-1", "1/2-1/2", "*"))


def lowest_clocks(log):
    """Per game, the lowest clock XBoard gave the first engine (time N, centiseconds), in ms."""
    lows, low = [], None
    for line in log.splitlines():
        line = re.sub(r"^\d+ ", "", line)
        if re.match(r">first ?: new\b", line):
            if low is not None:
                lows.append(low)
            low = None
        m = re.match(r">first ?: time (\d+)", line)
        if m:
            ms = int(m.group(1)) * 10
            low = ms if low is None else min(low, ms)
    if low is not None:
        lows.append(low)
    return lows


# Commands an opponent crashes on, dropped from what XBoard sends it (through a filter in the
# match's directory). Fairy-Max 5.0b (Debian's fairymax 5.0b-1+b1) answers a command it does not
# know ("computer", which XBoard sends before every engine-engine game, or any other) with a
# segmentation fault in about half of its starts, so XBoard saw "Error writing to second chess
# program" after Timur's first move. "computer" only says the opponent is an engine.
OPPONENT_DROPPED_COMMANDS = {"fairymax": ["computer"]}


def filtered(opponent, name, work):
    """The opponent's command line, behind a filter that drops the commands it crashes on."""
    dropped = OPPONENT_DROPPED_COMMANDS.get(name)
    if not dropped:
        return opponent
    path = os.path.join(work, name + "-filtered")
    patterns = " ".join(f"-e '{c}'" for c in dropped)
    with open(path, "w") as f:
        f.write(f"#!/bin/sh\ngrep --line-buffered -v -x -F {patterns} | exec '{opponent}'\n")
    os.chmod(path, 0o755)
    return path


def peer_missing(what):
    if os.environ.get("TIMUR_REQUIRE_PEERS") == "1":
        print(f"FAIL: {what} (TIMUR_REQUIRE_PEERS=1: the peers must be installed)")
        return 1
    print(f"skipped: {what}")
    return SKIP


def log_faults(log, timur_is):
    """Faults in XBoard's debug log by the engines for which timur_is[who] is true ("first",
    "second"): complaints about XBoard's commands or moves, and claims XBoard found false (a
    result claim or an "Illegal move" answer: the last one the engine sent before XBoard's
    verdict)."""
    faults, last_claim = [], None
    for raw in log.splitlines():
        line = re.sub(r"^\d+ ", "", raw)
        m = re.match(r"<(first|second) ?: (.*)", line)
        if m:
            who, text = m.groups()
            if re.match(r"(1-0|0-1|1/2-1/2) |Illegal move", text):
                last_claim = who
            if timur_is[who] and ENGINE_COMPLAINT.match(text):
                faults.append(f"{who} engine: {text.strip()}")
        elif re.match(r"(GameEnds|GE)\(\d+, False (win|draw|illegal-move) claim", line):
            if last_claim is None or timur_is[last_claim]:
                faults.append(f"{last_claim or 'an'} engine: {line.strip()}")
    return faults


def play(args, xboard, xvfb, timur, spec, work):
    """Plays one match; returns (lines to print, faults by Timur)."""
    variant, _, opponent_name = spec.partition(":")
    opponent = timur if opponent_name in ("", "timur") else find(opponent_name)
    pgn_path = os.path.join(work, variant + ".pgn")
    debug_path = os.path.join(work, variant + ".debug")
    cmd = [xvfb, "-a", xboard,
           "-fcp", timur, "-fd", work,
           "-scp", filtered(opponent, opponent_name, work), "-sd", work,
           "-variant", variant,
           "-matchMode", "true", "-matchGames", str(args.games),
           "-timeControl", args.tc, "-inc", str(args.inc), "-mps", "0",
           "-adjudicateDrawMoves", str(args.max_moves),
           "-autoCallFlag", "true", "-testLegality", args.legality,
           "-popupExitMessage", "false", "-popupMoveErrors", "false",
           "-flashCount", "0", "-soundProgram", "",
           "-saveSettingsOnExit", "false",
           "-pgnExtendedInfo", "true", "-pgnTimeLeft", "true",
           "-saveGameFile", pgn_path,
           "-debugMode", "true", "-nameOfDebugFile", debug_path]
    if not args.gui_defaults:
        cmd += ["-animateMoving", "false"]
    if args.second_features:
        cmd += ["-secondFeatures", args.second_features]
    if args.fen:
        fen_path = os.path.join(work, variant + ".fen")
        with open(fen_path, "w") as f:
            f.write(args.fen + "\n")
        cmd += ["-loadPositionFile", fen_path, "-loadPositionIndex", "1"]
    # A fresh HOME: XBoard saves its settings there, and reads none a person saved.
    home = os.path.join(work, variant + ".home")
    os.makedirs(home, exist_ok=True)
    env = dict(os.environ, HOME=home, PATH=os.environ.get("PATH", "") + ":/usr/games")
    out, faults = [], []
    # Each game may last both clocks over max_moves moves, and XBoard's own lag on top.
    minutes, _, seconds = args.tc.partition(":")
    base = float(minutes) * 60 + float(seconds or 0)
    limit = 900 + args.games * (2 * (base + args.inc * args.max_moves) + 30)
    # In a session of its own, so that a timeout ends XBoard, its engines and the X server
    # together (killing xvfb-run alone leaves the X server running).
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    try:
        proc.wait(timeout=limit)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait()
        return out, [f"{variant}: xboard did not finish the match in {limit:.0f} s"]
    pgn = open(pgn_path, errors="replace").read() if os.path.exists(pgn_path) else ""
    log = open(debug_path, errors="replace").read() if os.path.exists(debug_path) else ""
    played = distinct_rounds(games(pgn))
    if len(played) != args.games:
        faults.append(f"{variant}: {len(played)} games saved, expected {args.games}")
    self_play = opponent == timur
    lows = lowest_clocks(log)
    for n, (tags, body) in enumerate(played, 1):
        result = tags.get("Result", "*")
        comments = re.findall(r"\{([^}]*)\}", body)
        ending = comments[-1] if comments else ""
        plies = count_plies(body)
        white, black = tags.get("White", "?"), tags.get("Black", "?")
        low = f", Timur's lowest clock {lows[n - 1] / 1000:.2f} s" if n <= len(lows) else ""
        out.append(f"{variant} game {n}: {white} - {black} {result} {{{ending}}} "
                   f"after {plies} plies{low}")
        # XBoard writes no Variant tag for normal chess, which `-variant chess` also names.
        orthodox = ("normal", "chess")
        played_as = tags.get("Variant", "normal" if variant in orthodox else variant)
        if played_as != variant and not (variant in orthodox and played_as in orthodox):
            faults.append(f"{variant} game {n}: played as {played_as}")
        if result not in ("1-0", "0-1", "1/2-1/2"):
            faults.append(f"{variant} game {n}: unfinished game ({result})")
        if not FAULT.search(ending):
            continue
        # The side at fault is the loser; a draw after a fault is a false claim, found in the log.
        loser = white if result == "0-1" else black if result == "1-0" else None
        if loser is None:
            continue
        if self_play or loser.lower().startswith("timur"):
            faults.append(f"{variant} game {n}: Timur ({loser}) {result} {{{ending}}}")
        else:
            out.append(f"  (the opponent's fault, not Timur's: {ending})")
    faults += [f"{variant} log: {f}" for f in
               log_faults(log, {"first": True, "second": self_play})]
    return out, faults


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("timur")
    parser.add_argument("specs", nargs="+", metavar="VARIANT[:OPPONENT]")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--tc", default="0:08", help="XBoard's -timeControl (MIN:SEC)")
    parser.add_argument("--inc", type=float, default=0.1)
    parser.add_argument("--legality", choices=("true", "false"), default="true")
    parser.add_argument("--max-moves", type=int, default=90,
                        help="XBoard adjudicates a draw after this many moves")
    parser.add_argument("--fen", help="start every game from this position")
    parser.add_argument("--second-features",
                        help="features of the opponent's that XBoard overrules (-secondFeatures)")
    parser.add_argument("--keep", action="store_true",
                        help="keep the games and XBoard's debug logs even when nothing failed")
    parser.add_argument("--gui-defaults", action="store_true",
                        help="move animation on, as in a person's XBoard")
    args = parser.parse_args()
    timur = os.path.abspath(args.timur)
    xboard, xvfb = find("xboard"), find("xvfb-run")
    if not (xboard and xvfb):
        return peer_missing("needs xboard and xvfb-run")
    for spec in args.specs:
        opponent = spec.partition(":")[2]
        if opponent not in ("", "timur") and not find(opponent):
            return peer_missing(f"{spec}: the opponent engine {opponent} is not installed")
    failures = []
    work = tempfile.mkdtemp(prefix="timur_gui_")
    for spec in args.specs:
        out, faults = play(args, xboard, xvfb, timur, spec, work)
        for line in out:
            print(line, flush=True)
        failures += faults
    for f in failures:
        print("FAIL:", f)
    if failures:
        print("games and XBoard debug logs kept in", work)
        return 1
    if args.keep:
        print("games and XBoard debug logs kept in", work)
    else:
        shutil.rmtree(work, ignore_errors=True)
    print("gui match: every game finished, no fault by Timur")
    return 0


if __name__ == "__main__":
    sys.exit(main())
