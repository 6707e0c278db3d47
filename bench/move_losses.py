#!/usr/bin/env python3
"""Where each player's moves lose, by the phase of the game, as a stronger engine judges them.

Plays out the games of PGN files with `timur replay`, lets a UCI engine (the judge) search every
position for a fixed number of nodes, and counts for each move what it lost: the judge's score
before the move less its score after it, from the mover's side, floored at 0 (a move the judge
likes better than its own choice loses nothing). Book moves and positions with a mate score are
left out. The table gives, for each player and phase (the share of the start's pieces still on
the board), the moves judged, the mean loss in centipawns, and the share of moves losing more
than a pawn.

Judge every game, or a random sample of them regardless of the result: picking the lost games
picks the moves that lost, and the table then shows a loser's blunders everywhere.

Usage: bench/move_losses.py GAMES.pgn [more.pgn] --timur build/timur --variant capablanca
                            [--judge /usr/games/fairy-stockfish] [--nodes 100000]
                            [--sample N --seed S] [--jobs 2] [--out rows.jsonl]
"""
import argparse
import concurrent.futures
import json
import random
import sys

from replayed import replayed_games
from search_vs_fsf import Uci

MATE = 20000  # scores beyond this are mates
CLIP = 1000  # a move's score is read within +- 10 pawns
BANDS = ((171, 256, "middlegame (over 2/3 of the pieces)"),
         (86, 170, "between (1/3 to 2/3)"),
         (0, 85, "endgame (under 1/3)"))


def open_judge(path, variant, hash_mb):
    judge = Uci(path)
    if variant != "chess":
        judge.send(f"setoption name UCI_Variant value {variant}")
    judge.send(f"setoption name Hash value {hash_mb}")
    judge.send("isready")
    judge.wait("readyok")
    return judge


def centipawns(score):
    """A judge's score in centipawns, a mate as +-(30000 - plies); None stays None."""
    if score is None:
        return None
    kind, value = score
    if kind == "cp":
        return value
    return (30000 - abs(value)) * (1 if value > 0 else -1)


def judge_games(games, args):
    judge = open_judge(args.judge, args.judge_variant or args.variant, args.hash)
    rows = []
    try:
        for g in games:
            judge.send("ucinewgame")
            fens = [p["fen"] for p in g["plies"]] + [g["final"]]
            scores = [centipawns(judge.score("fen " + f, nodes=args.nodes)) for f in fens]
            for i, ply in enumerate(g["plies"]):
                a, b = scores[i], scores[i + 1]
                if ply["book"] or a is None or b is None or abs(a) > MATE or abs(b) > MATE:
                    continue
                white = ply["fen"].split()[1] == "w"
                before = max(-CLIP, min(CLIP, a))
                after = max(-CLIP, min(CLIP, -b))
                rows.append({"round": g["round"], "ply": i,
                             "player": g["white"] if white else g["black"],
                             "phase": ply["phase"], "before": before, "loss": before - after,
                             "move": ply["move"], "fen": ply["fen"]})
    finally:
        judge.close()
    return rows


def table(rows):
    players = sorted({r["player"] for r in rows})
    print(f"| phase | {' | '.join(f'{p}: moves, mean loss, over 100' for p in players)} |")
    print("|---|" + "---|" * len(players))
    for lo, hi, name in BANDS + ((0, 256, "all"),):
        cells = []
        for p in players:
            sel = [r for r in rows if r["player"] == p and lo <= r["phase"] <= hi]
            if not sel:
                cells.append("-")
                continue
            mean = sum(max(0, r["loss"]) for r in sel) / len(sel)
            big = 100 * sum(r["loss"] > 100 for r in sel) / len(sel)
            cells.append(f"{len(sel)}, {mean:.1f} cp, {big:.1f}%")
        print(f"| {name} | {' | '.join(cells)} |")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("pgn", nargs="+")
    ap.add_argument("--timur", default="build/timur", help="the timur executable (for `replay`)")
    ap.add_argument("--variant", default="chess", help="Timur's name or file of the variant")
    ap.add_argument("--judge", default="/usr/games/fairy-stockfish")
    ap.add_argument("--judge-variant", help="the judge's UCI_Variant (default: --variant)")
    ap.add_argument("--nodes", type=int, default=100000, help="the judge's nodes a position")
    ap.add_argument("--hash", type=int, default=64)
    ap.add_argument("--sample", type=int, help="judge this many games, drawn at random")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1, help="judges run at once")
    ap.add_argument("--out", help="write every judged move as a JSON line here")
    args = ap.parse_args()

    games = replayed_games(args.timur, args.variant, args.pgn)
    if args.sample and args.sample < len(games):
        games = random.Random(args.seed).sample(games, args.sample)
    print(f"{len(games)} games judged by {args.judge} at {args.nodes} nodes a position",
          file=sys.stderr)
    parts = [games[k::args.jobs] for k in range(args.jobs)]
    rows = []
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for part_rows in pool.map(lambda part: judge_games(part, args), parts):
            rows.extend(part_rows)
    if args.out:
        with open(args.out, "w") as out:
            for r in rows:
                out.write(json.dumps(r) + "\n")
    table(rows)


if __name__ == "__main__":
    main()
