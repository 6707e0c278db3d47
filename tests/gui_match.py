#!/usr/bin/env python3
"""Timur in a real GUI: XBoard runs headless under xvfb-run and plays a two-game match per
variant, Timur as first engine against another engine, saving the games as PGN. Fails on any
illegal move, time forfeit, false claim, engine crash or protocol fault seen in the games or in
XBoard's debug log.

Usage: gui_match.py TIMUR_BINARY [VARIANT[:OPPONENT] ...]
Default: shatranj and capablanca against fairymax, xiangqi against maxqi (0-based ranks with a
foreign engine), nightrider against Timur itself (an engine-defined variant: setup and piece
commands, XBoard checking the moves). OPPONENT "timur" is the same binary.
Exit 77 (ctest: skipped) when xboard, xvfb-run or fairymax is not installed
(apt-get install xboard xvfb xauth fairymax).
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

SKIP = 77
# Game-end comments and log lines that mean something went wrong.
BAD_COMMENT = re.compile(r"forfeit|illegal|invalid|false .*claim|exited unexpectedly|"
                         r"does not support|disconnect|on time", re.I)


def find(tool):
    return shutil.which(tool) or (os.path.exists("/usr/games/" + tool) and "/usr/games/" + tool)


def games(pgn):
    """Yields (tags, movetext) per game."""
    for block in re.split(r"\n(?=\[Event )", pgn.strip()):
        if not block.strip():
            continue
        tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]', block, re.M))
        body = re.sub(r'^\[.*\]\s*$', "", block, flags=re.M)
        yield tags, body


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    timur = os.path.abspath(sys.argv[1])
    specs = sys.argv[2:] or ["shatranj:fairymax", "capablanca:fairymax", "xiangqi:maxqi",
                             "nightrider:timur"]
    xboard, xvfb = find("xboard"), find("xvfb-run")
    if not (xboard and xvfb and find("fairymax")):
        print("skipped: needs xboard, xvfb-run and fairymax")
        return SKIP
    failures = []
    work = tempfile.mkdtemp(prefix="timur_gui_")
    for spec in specs:
        variant, _, opponent = spec.partition(":")
        opponent = timur if opponent in ("", "timur") else find(opponent)
        if not opponent:
            failures.append(f"{spec}: opponent engine not installed")
            continue
        pgn_path = os.path.join(work, variant + ".pgn")
        debug_path = os.path.join(work, variant + ".debug")
        cmd = [xvfb, "-a", xboard,
               "-fcp", timur, "-fd", work,
               "-scp", opponent, "-sd", work,
               "-variant", variant,
               "-matchMode", "true", "-matchGames", "2",
               "-timeControl", "0:08", "-inc", "0.1", "-mps", "0",
               "-adjudicateDrawMoves", "90",
               "-autoCallFlag", "true", "-testLegality", "true",
               "-popupExitMessage", "false", "-popupMoveErrors", "false",
               "-animateMoving", "false", "-flashCount", "0",
               "-saveGameFile", pgn_path,
               "-debugMode", "true", "-nameOfDebugFile", debug_path]
        env = dict(os.environ, PATH=os.environ.get("PATH", "") + ":/usr/games")
        try:
            subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                           timeout=600)
        except subprocess.TimeoutExpired:
            failures.append(f"{variant}: xboard did not finish the match in 600 s")
            continue
        pgn = open(pgn_path, errors="replace").read() if os.path.exists(pgn_path) else ""
        log = open(debug_path, errors="replace").read() if os.path.exists(debug_path) else ""
        played = list(games(pgn))
        if len(played) != 2:
            failures.append(f"{variant}: {len(played)} games saved, expected 2 ({pgn_path})")
        for n, (tags, body) in enumerate(played, 1):
            result = tags.get("Result", "*")
            comments = re.findall(r"\{([^}]*)\}", body)
            ending = comments[-1] if comments else ""
            print(f"{variant} game {n}: {tags.get('White')} - {tags.get('Black')} {result} "
                  f"{{{ending}}}")
            if tags.get("Variant", variant) != variant and variant != "normal":
                failures.append(f"{variant} game {n}: played as {tags.get('Variant')}")
            if result not in ("1-0", "0-1", "1/2-1/2"):
                failures.append(f"{variant} game {n}: unfinished game ({result})")
            for c in comments:
                if BAD_COMMENT.search(c):
                    failures.append(f"{variant} game {n}: {c}")
        # Protocol faults in the log: Timur refusing XBoard's commands or moves, either engine
        # rejecting a move, XBoard rejecting Timur's.
        for line in log.splitlines():
            line = re.sub(r"^\d+ ", "", line)
            second_is_timur = opponent == timur
            if (re.match(r"<first ?: (Error|Illegal move|tellusererror)", line) or
                    (second_is_timur and
                     re.match(r"<second ?: (Error|Illegal move|tellusererror)", line)) or
                    re.match(r"<second ?: Illegal move", line) or
                    re.search(r"Illegal move .* from first|Forfeit|False .*claim", line)):
                failures.append(f"{variant} log: {line.strip()}")
    for f in failures:
        print("FAIL:", f)
    if failures:
        print("games and XBoard debug logs kept in", work)
        return 1
    shutil.rmtree(work, ignore_errors=True)
    print("gui match: all games legal, no forfeit, no protocol fault")
    return 0


if __name__ == "__main__":
    sys.exit(main())
