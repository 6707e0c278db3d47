#!/usr/bin/env python3
"""The PGN `timur match` writes, read back by XBoard (ctest pgn_xboard, label games).

Plays short games (Timur against itself, --shard 1/1) in every shipped variant XBoard knows,
writes them with --pgn, and loads each game into a real XBoard under xvfb-run with -debug.
XBoard's debug log names every move it parsed ("Parsed Nf3 into g1f3") and stops at one it cannot
play ("Parsed ImpossibleMove", "IllegalMove", "AmbiguousMove"). A game passes when XBoard parsed
exactly PlyCount moves and reached the result. Also checks the TimeControl tag and that SAN is
used (at least one piece letter move per game) where the variant has it.

Exit 77 (ctest: skipped) when xboard or xvfb-run is missing, unless TIMUR_REQUIRE_PEERS=1.

Usage: pgn_xboard_test.py TIMUR [VARIANT ...]
"""
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gui_match import find, games  # noqa: E402  (XBoard's helpers, shared)

SKIP = 77
VARIANTS = ["chess", "capablanca", "courier", "crazyhouse", "grand", "makruk", "shatranj",
            "shogi", "xiangqi", "chu"]


def xboard_load(xboard, xvfb, pgn_file, index, home):
    """XBoard's debug log after loading game `index` of pgn_file."""
    log = os.path.join(home, "xboard.debug")
    if os.path.exists(log):
        os.remove(log)
    cmd = [xvfb, "-a", xboard, "-ncp", "-lgf", pgn_file, "-lgi", str(index), "-debug",
           "-nameOfDebugFile", log, "-saveSettingsOnExit", "false", "-timeDelay", "0",
           "-popupMoveErrors", "false"]
    # XBoard stays open after loading: it is stopped, with xvfb-run and its X server (one
    # process group), once its log shows the game read to its end or to a move it refused.
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            env=dict(os.environ, HOME=home), start_new_session=True)
    done = re.compile(r"^Parsed (game end|\w*Move\b|IllegalMove)", re.M)
    deadline = time.monotonic() + 20
    while proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.2)
        if os.path.exists(log) and done.search(open(log, errors="replace").read()):
            time.sleep(0.3)
            break
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    return open(log, errors="replace").read() if os.path.exists(log) else ""


def game_text(tags, movetext):
    """One game as PGN text again: its tags, then its moves."""
    return "".join('[%s "%s"]\n' % kv for kv in tags.items()) + "\n" + movetext + "\n"


def main():
    timur = os.path.abspath(sys.argv[1])
    variants = sys.argv[2:] or VARIANTS
    xboard, xvfb = find("xboard"), find("xvfb-run")
    if not xboard or not xvfb:
        if os.environ.get("TIMUR_REQUIRE_PEERS") == "1":
            print("FAIL: xboard and xvfb-run are needed (TIMUR_REQUIRE_PEERS=1)")
            return 1
        print("SKIP: xboard or xvfb-run not installed")
        return SKIP
    failures = []
    home = tempfile.mkdtemp(prefix="timur-pgn-")
    try:
        for variant in variants:
            pgn_file = os.path.join(home, variant + ".pgn")
            cmd = [timur, "match", "--engine", "name=timur-a,cmd=" + timur,
                   "--engine", "name=timur-b,cmd=" + timur, "--variant", variant,
                   "--games", "2", "--st", "0.03", "--random-plies", "6", "--seed", "3",
                   "--adjudicate", "maxmoves=60", "--shard", "1/1", "--pgn", pgn_file]
            run = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
            if run.returncode != 0 or not os.path.exists(pgn_file):
                failures.append("%s: match failed: %s" % (variant, run.stderr.strip()))
                continue
            for index, (tags, movetext) in enumerate(games(open(pgn_file).read()), 1):
                plies = int(tags.get("PlyCount", "-1"))
                if tags.get("TimeControl") != "1/0.03":
                    failures.append("%s #%d: TimeControl %r" % (variant, index, tags.get("TimeControl")))
                if not re.search(r"\b[A-Z][a-z]?x?[a-z][0-9]", movetext):
                    failures.append("%s #%d: no SAN piece move in %r" % (variant, index, movetext[:120]))
                # XBoard 4.9.1 finds game N of a chu file by reading the games before it on a
                # board that is not chu's, and stops at the first piece move it cannot place
                # there (a dragon horse's Hg6); the same game alone in a file loads to its end.
                # So a chu game is loaded from a file of its own.
                load_file, load_index = pgn_file, index
                if variant == "chu":
                    load_file, load_index = os.path.join(home, "chu-%d.pgn" % index), 1
                    with open(load_file, "w") as f:
                        f.write(game_text(tags, movetext))
                log = xboard_load(xboard, xvfb, load_file, load_index, home)
                parsed = len(re.findall(r"^Parsed .* into ", log, re.M))
                bad = re.findall(r"^Parsed (?:\w*Move\b.*|IllegalMove.*)$", log, re.M)
                ended = "Parsed game end" in log
                line = "%s #%d: %d plies, XBoard parsed %d%s%s" % (
                    variant, index, plies, parsed, ", reached the result" if ended else "",
                    (" -- " + bad[0]) if bad else "")
                print(line)
                if parsed != plies or bad or not ended:
                    failures.append(line)
    finally:
        shutil.rmtree(home, ignore_errors=True)
    for f in failures:
        print("FAIL:", f)
    print("%d failed" % len(failures) if failures else "pgn_xboard: every game read back by XBoard")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
