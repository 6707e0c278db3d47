"""The games of PGN files as `timur replay` plays them out: one dict a game (round, players,
result, variant, final FEN, and its plies: fen, move in UCI text, book and quiet marks, phase)."""
import json
import subprocess
import sys


def replayed_games(timur, variant, pgns):
    """Runs `timur replay`; exits with its error if it fails."""
    replay = subprocess.run([timur, "replay", "--variant", variant, *pgns],
                            capture_output=True, text=True)
    if replay.returncode != 0:
        sys.exit(replay.stderr.strip())
    return [json.loads(line) for line in replay.stdout.splitlines() if line.strip()]
