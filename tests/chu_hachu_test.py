#!/usr/bin/env python3
"""Chu and dai shogi move lists against HaChu's.

For each position of CASES (tests/data/chu_hachu_positions.txt), HaChu is set up with `setboard`
and asked, by XBoard's `lift SQUARE`, for the moves of every piece of the side to move: it answers
with a `highlight` board that marks each square a move of that piece ends on (Y empty, R capture,
M a move that may promote) and each square where a multi-leg move (the Lion's igui and double
moves) takes its first victim (C). Timur's legal moves (`timur moves --json`) are marked the same
way and the boards are compared piece by piece. HaChu lists no moves in a position where the
side to move can take the last enemy royal, so the positions avoid that.

Usage: chu_hachu_test.py TIMUR [HACHU]. Exit 77 (ctest: skipped) when HaChu is not installed,
unless TIMUR_REQUIRE_PEERS=1.
"""
import json
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
# HaChu's highlights show moves that leave the king attacked (it plays by capturing kings), so the
# comparison is made without the check rule; chu.json's own legality is tested by chu_test.
VARIANTS = {"chu": os.path.join(HERE, "variants", "chu-pseudo-legal.json"),
            "dai": os.path.join(HERE, "variants", "dai-pseudo-legal.json")}
# PASSES: HaChu 0.21 offers at most one pass (a move to the piece's own square) per position, by
# the last piece with Lion power it found, and only when its search reaches that phase; Timur
# offers one per such piece. Passes are left out of the comparison (chu_test checks them).
FILES = "abcdefghijklmnop"
SIZE = 12  # the board's files and ranks (chu 12, dai 15), set per data file


def squares(text):
    return re.findall(r"([a-p])(\d+)", text)


def sq_index(f, r):
    return (int(r) - 1) * SIZE + FILES.index(f)


def cells(row):
    return re.findall(r"\d+|\+?[A-Za-z]['!]?", row)


def parse_fen_board(fen):
    board = {}
    rows = fen.split()[0].split("/")
    for i, row in enumerate(rows):
        rank = SIZE - i
        f = 0
        for c in cells(row):
            if c.isdigit():
                f += int(c)
                continue
            board[(rank - 1) * SIZE + f] = c
            f += 1
    return board


def mirrored(fen):
    """The same position with the colours swapped and the board turned: White to move. HaChu's
    setboard (0.21) reads no side to move, so a Black-to-move position is asked this way."""
    parts = fen.split()
    rows = []
    for row in reversed(parts[0].split("/")):
        rows.append("".join(c.swapcase() for c in reversed(cells(row))))
    return " ".join(["/".join(rows), "w"] + parts[2:])


def timur_marks(timur, variant, fen):
    out = subprocess.run([timur, "moves", "--variant", variant, "--fen", fen, "--json"],
                         capture_output=True, text=True, check=True).stdout
    moves = json.loads(out)["moves"]
    board = parse_fen_board(fen)
    marks = {}
    for m in moves:
        sqs = squares(m)
        frm = sq_index(*sqs[0])
        dest = sq_index(*sqs[-1])
        b = marks.setdefault(frm, {})
        if len(sqs) >= 3:  # a locust move: the first victim
            b[sq_index(*sqs[1])] = "C"
            continue
        if dest == frm:  # a pass: see PASSES
            continue
        if b.get(dest) == "C":
            continue
        if m.endswith("+"):
            b[dest] = "M"
        elif dest not in b:
            b[dest] = "R" if dest in board else "Y"
    return marks


def hachu_marks(hachu, variant, fen, froms):
    board = fen.split()[0]  # dai's letters are HaChu's (variants/dai.json)
    cmds = ["xboard", "protover 2", "memory 16", "new", "variant " + variant, "force",
            "setboard " + board]
    for f in froms:
        cmds.append("lift %s%d" % (FILES[f % SIZE], f // SIZE + 1))
        cmds.append("ping %d" % f)
    cmds.append("quit")
    out = subprocess.run([hachu], input="\n".join(cmds) + "\n", capture_output=True,
                         text=True, timeout=60).stdout
    marks = {}
    current = None
    for line in out.splitlines():
        if line.startswith("highlight "):
            current = line.split()[1]
        elif line.startswith("pong "):
            f = int(line.split()[1])
            b = {}
            if current:
                for i, row in enumerate(current.split("/")):
                    rank = SIZE - 1 - i
                    col = 0
                    for c in re.findall(r"\d+|.", row):
                        if c.isdigit():
                            col += int(c)
                        else:
                            b[rank * SIZE + col] = c
                            col += 1
            b.pop(f, None)  # a pass (PASSES)
            marks[f] = b
            current = None
    return marks


def name(sq):
    return "%s%d" % (FILES[sq % SIZE], sq // SIZE + 1)


def compare(timur, hachu, variant, fen, known):
    if fen.split()[1] == "b":
        fen = mirrored(fen)
    board = parse_fen_board(fen)
    froms = [s for s, p in board.items() if p.lstrip("+").isupper()]
    ours = timur_marks(timur, VARIANTS[variant], fen)
    theirs = hachu_marks(hachu, variant, fen, froms)
    diffs = []
    for s in sorted(froms):
        a, b = ours.get(s, {}), theirs.get(s, {})
        if a != b:
            diffs.append("%s %s: timur %s hachu %s" % (
                board[s], name(s),
                " ".join(name(k) + v for k, v in sorted(a.items()) if b.get(k) != v),
                " ".join(name(k) + v for k, v in sorted(b.items()) if a.get(k) != v)))
    expected = [d.strip() for d in known.split(";") if d.strip()]
    got = [d.split(":")[0] for d in diffs]
    if sorted(got) != sorted(e.split(":")[0] for e in expected):
        print("FAIL", variant, fen)
        for d in diffs:
            print("   ", d)
        if expected:
            print("    expected differences:", "; ".join(expected))
        return False
    print("ok  ", variant, fen, "(%d pieces%s)" % (len(froms), ", known: " + known if known else ""))
    return True


def main():
    timur = sys.argv[1]
    hachu = sys.argv[2] if len(sys.argv) > 2 else (shutil.which("hachu") or "/usr/games/hachu")
    if not os.path.exists(hachu):
        if os.environ.get("TIMUR_REQUIRE_PEERS") == "1":
            print("hachu is missing (TIMUR_REQUIRE_PEERS=1)")
            return 1
        print("hachu is not installed: skipped")
        return 77
    global SIZE
    failures = total = 0
    for variant, size in (("chu", 12), ("dai", 15)):
        SIZE = size
        cases = []
        with open(os.path.join(HERE, "data", variant + "_hachu_positions.txt")) as f:
            for line in f:
                line = line.strip()
                if not line or line.startswith("#"):
                    continue
                fen, _, known = line.partition(" | ")
                cases.append((fen, known))
        total += len(cases)
        for fen, known in cases:
            failures += not compare(timur, hachu, variant, fen, known)
    print("%d of %d positions differ" % (failures, total))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
