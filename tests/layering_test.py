#!/usr/bin/env python3
"""The source tree's architecture, checked (ctest `layering`).

Every C++ file of notation/ and engine/ belongs to a layer (LAYERS, lowest first). A file may
include project headers of its own layer or of lower ones, never of a higher one; the protocol
front ends and the match runner stand side by side and include nothing of each other. Headers
include no cycle, and no source file is longer than MAX_LINES.

Usage: layering_test.py SOURCE_DIR
"""
import fnmatch
import os
import re
import sys

MAX_LINES = 800

# (name, patterns relative to the source root), lowest first. The first pattern that matches a
# file decides its layer.
LAYERS = [
    ("base", ["engine/text.h", "engine/version.*", "engine/piece.h",
              "engine/xboard_piece_names.h", "engine/progress.*"]),
    ("notation", ["notation/*"]),
    ("bitboards", ["engine/bitboard.h", "engine/attacks.*", "engine/piece_sets.*"]),
    ("variant", ["engine/eval_weights.h", "engine/variant_info.h", "engine/variant.h", "engine/variant.cpp", "engine/move.h"]),
    ("reading", ["engine/fen.*", "engine/zobrist.*", "engine/variant_info.cpp", "engine/loader/*",
                 "engine/variant_bitboards.*"]),
    ("position", ["engine/position.*"]),
    ("moves", ["engine/movegen.*", "engine/movegen_bitboards.*", "engine/move_text.cpp",
               "engine/special_moves.cpp", "engine/capture_limits.cpp", "engine/perft.*",
               "engine/perft_job.*", "engine/rules.*"]),
    ("knowledge", ["engine/evaluate.*", "engine/evaluate_*", "engine/xboard_dialect.h",
                   "engine/xboard_highlight.h",
                   "engine/xboard_*.cpp"]),
    ("search", ["engine/tt.*", "engine/timeman.*", "engine/movepick.*", "engine/thread.*",
                "engine/search*", "engine/skill.*"]),
    ("front", ["engine/protocol/*", "engine/match/*", "engine/tune/*"]),
    ("cli", ["engine/cli/*"]),
]
# Groups on the same layer that must not include each other.
SIBLINGS = [("engine/protocol/*", "engine/match/*")]

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def layer_of(path):
    for index, (_, patterns) in enumerate(LAYERS):
        if any(fnmatch.fnmatch(path, p) for p in patterns):
            return index
    return None


def sources(root):
    for top in ("engine", "notation"):
        for dirpath, _, files in os.walk(os.path.join(root, top)):
            for f in files:
                if f.endswith((".h", ".cpp")):
                    yield os.path.relpath(os.path.join(dirpath, f), root)


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    problems = []
    includes = {}
    for path in sorted(sources(root)):
        text = open(os.path.join(root, path), encoding="utf-8").read()
        lines = text.count("\n")
        if lines > MAX_LINES:
            problems.append(f"{path}: {lines} lines (at most {MAX_LINES})")
        mine = layer_of(path)
        if mine is None:
            problems.append(f"{path}: in no layer: add it to LAYERS in {sys.argv[0]}")
            continue
        includes[path] = []
        for inc in INCLUDE.findall(text):
            if not inc.startswith(("engine/", "notation/")):
                continue
            includes[path].append(inc)
            theirs = layer_of(inc)
            if theirs is None:
                problems.append(f"{path}: includes {inc}, which is in no layer")
            elif theirs > mine:
                problems.append(f"{path} ({LAYERS[mine][0]}) includes {inc} "
                                f"({LAYERS[theirs][0]}): a lower layer reaches up")
            for a, b in SIBLINGS:
                for x, y in ((a, b), (b, a)):
                    if fnmatch.fnmatch(path, x) and fnmatch.fnmatch(inc, y):
                        problems.append(f"{path} includes {inc}: {x} and {y} stand side by side")

    # Header cycles: depth-first search over header-to-header includes.
    state = {}

    def visit(h, stack):
        state[h] = "open"
        for inc in includes.get(h, []):
            if not inc.endswith(".h"):
                continue
            if state.get(inc) == "open":
                cycle = stack[stack.index(inc):] + [inc] if inc in stack else [h, inc]
                problems.append("include cycle: " + " -> ".join(cycle))
            elif inc not in state:
                visit(inc, stack + [inc])
        state[h] = "done"

    for h in includes:
        if h.endswith(".h") and h not in state:
            visit(h, [h])

    for p in problems:
        print("FAIL:", p)
    print(f"{len(includes)} files in {len(LAYERS)} layers, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
