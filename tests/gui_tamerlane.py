#!/usr/bin/env python3
"""Tamerlane through a real XBoard (4.9.1) under xvfb-run, Timur against itself.

(a) A match of GAMES games (default 6) at 10 s + 0.1 s with XBoard's defaults (pondering and
    move animation on) and what Tamerlane needs: legality testing off (XBoard cannot check the
    King swap or the promotions), no repetition or 50-move adjudication (Tamerlane has neither),
    and flags called (a time loss must end the game to be seen). A game still going after
    MATCH_MOVES moves is adjudicated a draw by XBoard (Tamerlane has no repetition rule).
(b) A match that loads tests/xboard/tamerlane_special.pgn (-lgf, game N of the match from game N
    of the file), so that Tamerlane's special moves reach the engines the way a person's moves
    do: promotions by type (to a knight, to the Prince), the pawn of pawns parked, placed onto
    an enemy and onto an empty square, relocated, promoted to an Adventitious King (for both
    sides); the King swap from the start array, whose rights XBoard does not write; the
    Adventitious King's entry into its own citadel and the King's into the enemy one. The
    engines play on from there (the last game: a position whose only move is a relocation by
    capture, which the engine sends as kill legs), for at most SPECIAL_MOVES moves (XBoard then
    adjudicates a draw: these games test the moves, not the play).
    XBoard 4.9.1 limits what a game file can hold: it loads a move with a kill leg and a
    promotion (the placement onto an own piece, a relocation after a capture) with ';' as its
    promotion (its IllegalMove path reads the wrong byte), so the file has none. XBoard loads a
    match game before the engine's `setup` reply arrives and then takes the engine for one that
    sent none: game 1 of the file is empty (XBoard learns the board from the engine there) and
    the later games name XBoard's parent variant, shatranj, so that XBoard keeps the board and
    the engine's name (tamerlane) and executes the moves as under the engine's setup.

Every game must end by Tamerlane's rules (a claim of checkmate, stalemate, citadel entry or
lost royals): no forfeit, invalid or illegal move, time loss, false claim or adjudication, and
no engine may refuse a move or a command (XBoard's debug log). The final position XBoard saves
of each game must equal Timur's, which is found by replaying what each engine was told and
answered. The lowest clock an engine was asked to move with is printed.

Usage: gui_tamerlane.py TIMUR_BINARY [--games N] [--only a|b] [--keep]
Exit 77 (ctest: skipped) when xboard or xvfb-run is missing (apt-get install xboard xvfb xauth).
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

SKIP = 77
HERE = os.path.dirname(os.path.abspath(__file__))
SPECIAL_PGN = os.path.join(HERE, "xboard", "tamerlane_special.pgn")
PIECES = os.path.join(HERE, "..", "data", "pieces", "tamerlane")
GOOD_ENDINGS = re.compile(r"^(checkmate|stalemate|citadel entry|royal pieces captured)$")
SPECIAL_MOVES = 30  # moves after which XBoard adjudicates the special games a draw
# Tamerlane has no repetition or move-count rule: two engines that cannot make progress shuffle
# until XBoard's limit of 999 plies ends the game unfinished. XBoard adjudicates the match games
# a draw after this many moves instead (no fault, and the clocks have run low by then).
MATCH_MOVES = 400
LONG_GAME = "Xboard adjudication: long game"


def find(tool):
    return shutil.which(tool) or (os.path.exists("/usr/games/" + tool) and "/usr/games/" + tool)


def xboard_args(work, name, games, draw_moves, extra):
    """XBoard's command line. XBoard also reads ~/.xboardrc of the user (through the password
    file, whatever HOME says), which other runs may have saved: every option that can end or
    change a game is given here."""
    return ["-variant", "tamerlane", "-matchMode", "true", "-matchGames", str(games),
            "-timeControl", "0:10", "-inc", "0.1",
            "-testLegality", "false", "-repeatsToDraw", "0", "-ruleMoves", "0",
            "-autoCallFlag", "true",
            # XBoard's own defaults, stated because a saved ~/.xboardrc may change them.
            "-ponderNextMove", "true", "-animateMoving", "true",
            "-adjudicateDrawMoves", str(draw_moves),
            "-adjudicateLossThreshold", "0", "-searchTime", "", "-depth", "0",
            "-firstNPS", "-1", "-secondNPS", "-1", "-firstTimeOdds", "1",
            "-secondTimeOdds", "1", "-usePolyglotBook", "false", "-tourneyFile", "",
            "-sameColorGames", "0", "-rewindIndex", "0", "-smpCores", "1",
            "-saveSettingsOnExit", "false", "-popupExitMessage", "false",
            "-popupMoveErrors", "false", "-soundProgram", "",
            "-pieceImageDirectory", os.path.abspath(PIECES),
            "-saveGameFile", os.path.join(work, name + ".pgn"),
            "-savePositionFile", os.path.join(work, name + ".fen"),
            "-debugMode", "true", "-nameOfDebugFile", os.path.join(work, name + ".debug")] + extra


def run_match(timur, work, name, games, draw_moves=0, extra=()):
    xvfb, xboard = find("xvfb-run"), find("xboard")
    cmd = [xvfb, "-a", "-s", "-screen 0 1280x1024x24", xboard,
           "-fcp", timur, "-fd", work, "-scp", timur, "-sd", work] + \
        xboard_args(work, name, games, draw_moves, list(extra))
    env = dict(os.environ, HOME=work)
    try:
        subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       timeout=300 * games)
    except subprocess.TimeoutExpired:
        return None
    read = lambda ext: open(os.path.join(work, name + ext), errors="replace").read() \
        if os.path.exists(os.path.join(work, name + ext)) else ""
    return read(".pgn"), read(".fen"), read(".debug")


def pgn_games(pgn):
    """(tags, movetext) per game."""
    for block in re.split(r"\n(?=\[Event )", pgn.strip()):
        if block.strip():
            tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]', block, re.M))
            yield tags, re.sub(r'^\[.*\]\s*$', "", block, flags=re.M)


def dialogues(log, engine):
    """Per game: the setboard and the moves `engine` ("first"/"second") was told and made."""
    tell, hear = (">first : ", "<first : ") if engine == "first" else (">second: ", "<second: ")
    games, cur = [], None
    for line in log.splitlines():
        line = re.sub(r"^\d+ ", "", line)
        if line.startswith(tell + "new"):
            cur = {"setboard": None, "moves": []}
            games.append(cur)
        elif cur is None:
            continue
        elif line.startswith(tell + "setboard "):
            cur["setboard"], cur["moves"] = line[len(tell) + 9:], []
        elif line.startswith(tell + "usermove "):
            cur["moves"].append(line.split()[-1])
        elif line.startswith(hear + "move "):
            cur["moves"].append(line.split()[-1])
    return [g for g in games if g["moves"] or g["setboard"]]


def timur_board(timur, game):
    """Timur's position after the dialogue (board and side to move), and its complaints."""
    cmds = ["xboard", "protover 2", "new", "variant tamerlane", "force"]
    if game["setboard"]:
        cmds.append("setboard " + game["setboard"])
    cmds += ["usermove " + m for m in game["moves"]] + ["d", "quit"]
    out = subprocess.run([timur], input="\n".join(cmds) + "\n", capture_output=True,
                         text=True, timeout=60).stdout.splitlines()
    fens = [l[6:] for l in out if l.startswith("# fen ")]
    bad = [l for l in out if l.startswith(("Illegal", "Error", "tellusererror"))]
    return (" ".join(fens[-1].split()[:2]) if fens else None), bad


def check_match(timur, label, result, games, failures, adjudicated=False):
    """Checks one match; returns the lowest clock (ms) an engine was asked to move with.
    `adjudicated`: a draw by XBoard's move limit is accepted too."""
    if result is None:
        failures.append(f"{label}: xboard did not finish in time")
        return None
    pgn, fens, log = result
    played = list(pgn_games(pgn))
    if len(played) != games:
        failures.append(f"{label}: {len(played)} games saved, expected {games}")
    failed, adjudicatedGames = set(), set()
    for n, (tags, body) in enumerate(played, 1):
        comments = re.findall(r"\{([^}]*)\}", body)
        ending = comments[-1].strip() if comments else ""
        moves = re.sub(r"\{[^}]*\}|\d+\.+|1-0|0-1|1/2-1/2|\*", " ", body).split()
        plies = len(moves)
        print(f"{label} game {n}: {tags.get('White')} - {tags.get('Black')} "
              f"{tags.get('Result')} {{{ending}}} ({plies} plies)")
        if tags.get("Result") not in ("1-0", "0-1", "1/2-1/2"):
            failures.append(f"{label} game {n}: unfinished ({tags.get('Result')})")
        if ending == LONG_GAME:
            adjudicatedGames.add(n)
        if not GOOD_ENDINGS.match(ending) and not (adjudicated and ending == LONG_GAME):
            failures.append(f"{label} game {n}: did not end by the rules: {ending}")
            failed.add(n)
    for line in log.splitlines():
        line = re.sub(r"^\d+ ", "", line)
        if re.match(r"<(first |second): *(Error|Illegal|tellusererror)", line) or \
                re.search(r"Forfeit|False .*claim|Illegal move .* from|wins on time", line):
            failures.append(f"{label} log: {line.strip()}")
    saved = [l.strip() for l in fens.splitlines() if l.strip()]
    for engine in ("first", "second"):
        talks = dialogues(log, engine)
        if len(talks) != len(saved):
            failures.append(f"{label}: {len(saved)} final positions saved, {engine} engine "
                            f"played {len(talks)} games")
        for n, (talk, fen) in enumerate(zip(talks, saved), 1):
            if n in failed:  # a forfeit or a flag may leave the engine's last move unplayed
                continue
            board, bad = timur_board(timur, talk)
            xboard = " ".join(fen.split()[:2])
            if board != xboard and n in adjudicatedGames and talk["moves"]:
                # XBoard adjudicates on an engine's move and saves the position before it.
                board, bad = timur_board(timur, dict(talk, moves=talk["moves"][:-1]))
            for b in bad:
                failures.append(f"{label} game {n}: replaying the {engine} engine: {b}")
            if board != xboard:
                failures.append(f"{label} game {n}: XBoard's final position {xboard} is not "
                                f"the {engine} engine's {board}")
    clocks = [int(t) * 10 for t in re.findall(r">(?:first |second): time (-?\d+)", log)]
    return min(clocks) if clocks else None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("timur")
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--only", choices=("a", "b"))
    ap.add_argument("--keep", action="store_true", help="keep the games and logs")
    a = ap.parse_args()
    if not (find("xboard") and find("xvfb-run")):
        if os.environ.get("TIMUR_REQUIRE_PEERS") == "1":
            print("FAIL: needs xboard and xvfb-run (TIMUR_REQUIRE_PEERS=1)")
            return 1
        print("skipped: needs xboard and xvfb-run")
        return SKIP
    timur = os.path.abspath(a.timur)
    work = tempfile.mkdtemp(prefix="timur_gui_tamerlane_")
    failures, lowest = [], []
    if a.only in (None, "a"):
        lowest.append(check_match(timur, "match",
                                  run_match(timur, work, "match", a.games, MATCH_MOVES),
                                  a.games, failures, True))
    if a.only in (None, "b"):
        special = len(list(pgn_games(open(SPECIAL_PGN).read())))
        result = run_match(timur, work, "special", special, SPECIAL_MOVES,
                           ["-loadGameFile", SPECIAL_PGN, "-loadGameIndex", "-1"])
        lowest.append(check_match(timur, "special", result, special, failures, True))
    known = [x for x in lowest if x is not None]
    if known:
        print(f"lowest clock an engine was asked to move with: {min(known)} ms")
    for f in failures:
        print("FAIL:", f)
    if failures or a.keep:
        print("games and XBoard debug logs kept in", work)
    else:
        shutil.rmtree(work, ignore_errors=True)
    if failures:
        return 1
    print("gui tamerlane: every game ended by the rules, XBoard's board equal to Timur's")
    return 0


if __name__ == "__main__":
    sys.exit(main())
