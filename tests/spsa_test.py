#!/usr/bin/env python3
"""bench/spsa.py against stand-ins: an engine that offers two Tune_ options and a referee whose
match goes to the side whose Steer lies nearer 300 (Idle does nothing). The run must move Steer
from its default 200 towards 300, keep its state across two invocations, and refuse an engine
without Tune_ options."""
import json
import os
import stat
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SPSA = os.path.join(ROOT, "bench", "spsa.py")

ENGINE = """#!/usr/bin/env python3
import sys
for line in sys.stdin:
    if line.strip() == "uci":
        print("id name stand-in")
        print("option name Hash type spin default 16 min 1 max 4096")
        print("option name Tune_Steer type spin default 200 min 0 max 600")
        print("option name Tune_Idle type spin default 50 min 0 max 100")
        print("uciok")
    elif line.strip() == "quit":
        break
"""

BARE_ENGINE = """#!/usr/bin/env python3
print("id name bare")
print("uciok")
"""

REFEREE = """#!/usr/bin/env python3
import re, sys
args = sys.argv[1:]
specs = [args[i + 1] for i, a in enumerate(args) if a == "--engine"]
games = int(args[args.index("--games") + 1])
steer = [int(re.search(r"option.Tune_Steer=(-?\\d+)", s).group(1)) for s in specs]
plus, minus = abs(steer[0] - 300), abs(steer[1] - 300)
w, l, d = (games, 0, 0) if plus < minus else (0, games, 0) if plus > minus else (0, 0, games)
print("Score of plus vs minus: %d - %d - %d  [0.5] %d" % (w, l, d, games))
"""


def script(directory, name, text):
    path = os.path.join(directory, name)
    with open(path, "w") as f:
        f.write(text)
    os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR)
    return path


def run(*args):
    return subprocess.run([sys.executable, SPSA, *args], capture_output=True, text=True)


def main():
    failures = []

    def check(ok, what):
        if not ok:
            failures.append(what)

    with tempfile.TemporaryDirectory() as d:
        engine = script(d, "engine", ENGINE)
        referee = script(d, "referee", REFEREE)
        bare = script(d, "bare", BARE_ENGINE)
        openings = os.path.join(d, "lines.txt")
        with open(openings, "w") as f:
            f.write("e2e4 e7e5\nd2d4 d7d5\nc2c4 e7e5\ng1f3 d7d5\n")
        state = os.path.join(d, "state.json")
        common = ["--engine", engine, "--timur", referee, "--state", state, "--openings",
                  openings, "--pairs", "2", "--total", "200"]
        r = run(*common, "--iterations", "30")
        check(r.returncode == 0, "first run failed: " + r.stderr)
        with open(state) as f:
            first = json.load(f)
        check(first["iteration"] == 30 and first["pairs"] == 60 and first["games"] == 120,
              "counts after the first run: %r" % {k: first[k] for k in ("iteration", "pairs",
                                                                          "games")})
        steer = first["params"]["Steer"]["value"]
        check(steer > 205, "Steer did not move towards 300: %.1f" % steer)
        check(first["params"]["Idle"]["default"] == 50, "Idle's default not read")

        r = run(*common, "--iterations", "30")
        check(r.returncode == 0, "second run failed: " + r.stderr)
        with open(state) as f:
            second = json.load(f)
        check(second["iteration"] == 60 and len(second["results"]) == 60 and
              [x["iteration"] for x in second["snapshots"]] == [25, 50],
              "the second run did not go on from the first")
        check(abs(second["params"]["Steer"]["value"] - 300) <
              abs(steer - 300), "Steer did not come nearer 300 in the second run")

        r = run("--show", "--state", state)
        check(r.returncode == 0 and "Steer" in r.stdout and "iteration 60" in r.stdout,
              "--show: " + r.stdout + r.stderr)

        r = run("--engine", bare, "--timur", referee, "--state", os.path.join(d, "new.json"),
                "--openings", openings)
        check(r.returncode != 0 and "TIMUR_TUNE" in r.stderr,
              "an engine without Tune_ options was not refused: " + r.stderr)

    for f in failures:
        print("FAIL:", f)
    print("spsa: %d failures" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
