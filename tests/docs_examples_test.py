#!/usr/bin/env python3
"""The transcripts in docs/*.md and README.md are what Timur prints today.

    docs_examples_test.py TIMUR_BINARY SOURCE_DIR [--update]

A transcript is a fenced code block whose first line starts with "$ timur ": each "$ timur ..."
line is a command (split like a shell would, run in SOURCE_DIR with the shipped variants), and
the lines after it, up to the next "$ " line or the end of the block, are its output (stdout and
stderr together). --update rewrites the outputs in place instead of comparing them.
"""
import glob
import os
import shlex
import subprocess
import sys


def run(timur, source, command):
    args = shlex.split(command)
    args[0] = timur
    env = dict(os.environ, TIMUR_VARIANTS=os.path.join(source, "variants"))
    done = subprocess.run(args, cwd=source, env=env, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, timeout=120)
    return done.stdout.rstrip("\n").split("\n") if done.stdout else []


def transcripts(lines):
    """(first, last) line indices (exclusive last) of every transcript block's body."""
    blocks, start = [], None
    for i, line in enumerate(lines):
        if line.startswith("```"):
            if start is None:
                start = i + 1
            else:
                if start < i and lines[start].startswith("$ timur "):
                    blocks.append((start, i))
                start = None
    return blocks


def check_file(path, timur, source, update):
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    failures, out, last, count = [], [], 0, 0
    for first, end in transcripts(lines):
        out += lines[last:first]
        i = first
        while i < end:
            command = lines[i]
            j = i + 1
            while j < end and not lines[j].startswith("$ "):
                j += 1
            expected = lines[i + 1:j]
            actual = run(timur, source, command[2:])
            count += 1
            if actual != expected:
                where = f"{os.path.relpath(path, source)}:{i + 1}"
                failures.append(f"{where}: `{command[2:]}` prints something else now:\n" +
                                "\n".join(f"  expected| {e}" for e in expected) + "\n" +
                                "\n".join(f"  actual  | {a}" for a in actual))
            out += [command] + (actual if update else expected)
            i = j
        last = end
    out += lines[last:]
    if update:
        with open(path, "w", encoding="utf-8") as f:
            f.write("\n".join(out))
    return count, failures


def main():
    if len(sys.argv) not in (3, 4) or (len(sys.argv) == 4 and sys.argv[3] != "--update"):
        print(__doc__)
        return 2
    timur, source = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    update = len(sys.argv) == 4
    files = sorted(glob.glob(os.path.join(source, "docs", "*.md")))
    files.append(os.path.join(source, "README.md"))
    total, failures = 0, []
    for path in files:
        count, fails = check_file(path, timur, source, update)
        total += count
        failures += fails
    if not update:
        for f in failures:
            print("FAIL:", f)
    print(f"{total} transcripts, {len(failures)} differ" + (" (updated)" if update else ""))
    if total == 0:
        print("FAIL: no transcript found")
        return 1
    return 1 if failures and not update else 0


if __name__ == "__main__":
    sys.exit(main())
