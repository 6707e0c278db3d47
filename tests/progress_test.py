#!/usr/bin/env python3
"""Long work shows a progress line on a terminal and nothing extra when piped (ctest progress).

Runs `timur perft` deep enough to last more than half a second twice: once with standard error
on a pseudo-terminal, where a line rewritten in place ("\\r... left\\x1b[K") must appear and be
erased at the end, and once piped, where standard error must stay empty and standard output
must be the same.

Usage: progress_test.py TIMUR
"""
import os
import pty
import subprocess
import sys


def run_on_terminal(cmd):
    """Runs cmd with stdout piped and stderr on a pseudo-terminal; returns (stdout, terminal)."""
    master, slave = pty.openpty()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=slave, stdin=subprocess.DEVNULL)
    os.close(slave)
    seen = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:  # the terminal closed: the process is gone
            break
        if not chunk:
            break
        seen += chunk
    out = proc.stdout.read()
    proc.wait()
    os.close(master)
    return out.decode(), seen.decode(errors="replace")


def main():
    timur = sys.argv[1]
    cmd = [timur, "perft", "--variant", "chess", "--depth", "6"]
    out, terminal = run_on_terminal(cmd)
    failures = []
    if "\rperft depth 6: " not in terminal or " left\x1b[K" not in terminal:
        failures.append("no progress line on the terminal: %r" % terminal[:300])
    if not terminal.endswith("\r\x1b[K"):
        failures.append("the progress line is not erased at the end: %r" % terminal[-80:])
    piped = subprocess.run(cmd, capture_output=True, text=True)
    if piped.stderr:
        failures.append("piped run wrote to stderr: %r" % piped.stderr[:200])
    strip = lambda text: [l for l in text.splitlines() if not l.startswith("Time:")]
    if strip(piped.stdout) != strip(out) or "Nodes searched: 119060324" not in out:
        failures.append("standard output differs: %r vs %r" % (piped.stdout, out))
    for f in failures:
        print("FAIL:", f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
