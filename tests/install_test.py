#!/usr/bin/env python3
"""What `cmake --install` gives a user (ctest install).

Installs the build into a fresh prefix and checks, as a user who has only the prefix:
- the engine runs from `/` with no TIMUR_VARIANTS and finds the variants installed beside it
  (a variant added to PREFIX/share/timur/variants only is playable; Tamerlane perft 3 = 14518);
- TIMUR_VARIANTS still wins when set; a copy of the executable beside its own variants/ uses them;
- a man page for `timur` and each subcommand `timur --help` lists, each naming every long option
  of that subcommand's --help, and rendering without warnings where man(1) is installed;
- XBoard's plugin file lists the variants the engine announces in its XBoard handshake.

Usage: install_test.py BUILD_DIR
"""
import gzip
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

failures = []


def check(ok, message):
    if not ok:
        failures.append(message)


def run(cmd, env=None, cwd="/", input_text=None):
    return subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=cwd,
                          input=input_text, timeout=120)


def main():
    build = os.path.abspath(sys.argv[1])
    prefix = tempfile.mkdtemp(prefix="timur-install-")
    try:
        out = run(["cmake", "--install", build, "--prefix", prefix])
        if out.returncode != 0:
            print("FAIL: cmake --install:", out.stderr)
            return 1
        exe = os.path.join(prefix, "bin", "timur")
        variants = os.path.join(prefix, "share", "timur", "variants")
        env = {k: v for k, v in os.environ.items() if k != "TIMUR_VARIANTS"}

        perft = run([exe, "perft", "--variant", "tamerlane", "--depth", "3"], env)
        check("Nodes searched: 14518" in perft.stdout, "installed perft: %r %r" % (perft.stdout, perft.stderr))
        check(os.path.isfile(os.path.join(variants, "schema.json")), "schema.json not installed")

        # Only the installed directory has this variant: the engine must read that directory.
        with open(os.path.join(variants, "installed-only.json"), "w") as f:
            json.dump({"inherits": "chess", "name": "installed-only"}, f)
        p = run([exe, "perft", "--variant", "installed-only", "--depth", "2"], env)
        check("Nodes searched: 400" in p.stdout, "installed variants not used: %r" % p.stderr)
        os.remove(os.path.join(variants, "installed-only.json"))

        other = tempfile.mkdtemp(prefix="timur-variants-")
        shutil.copy(os.path.join(variants, "chess.json"), os.path.join(other, "mine.json"))
        p = run([exe, "perft", "--variant", "mine", "--depth", "2"], dict(env, TIMUR_VARIANTS=other))
        check("Nodes searched: 400" in p.stdout, "TIMUR_VARIANTS ignored: %r" % p.stderr)

        # A copied engine beside its own variants/ (an unpacked archive).
        portable = os.path.join(other, "portable")
        os.makedirs(portable)
        shutil.copy(exe, portable)
        shutil.copytree(variants, os.path.join(portable, "variants"))
        os.rename(os.path.join(portable, "variants", "chess.json"),
                  os.path.join(portable, "variants", "portable-chess.json"))
        p = run([os.path.join(portable, "timur"), "perft", "--variant", "portable-chess", "--depth", "1"], env)
        check("Nodes searched: 20" in p.stdout, "variants beside a copied engine not used: %r" % p.stderr)
        shutil.rmtree(other)

        # Man pages: timur(6) and one per subcommand, naming every long option of its --help.
        mandir = os.path.join(prefix, "share", "man", "man6")
        usage = run([exe, "--help"], env).stdout
        subcommands = re.findall(r"^  ([a-z]+) {2,}", usage.split("Subcommands:")[1], re.M)
        check(len(subcommands) >= 7, "subcommands not found in timur --help: %r" % usage)
        have_man = shutil.which("man") is not None
        for name in ["timur"] + ["timur-" + s for s in subcommands]:
            page = os.path.join(mandir, name + ".6.gz")
            if not os.path.isfile(page):
                check(False, "no man page " + page)
                continue
            text = gzip.open(page, "rt").read().replace("\\-", "-")
            if name != "timur":
                helptext = run([exe, name[6:], "--help"], env).stdout
                for option in set(re.findall(r"--[a-z][a-z-]*", helptext)):
                    check(option in text, "%s does not document %s" % (name, option))
            if have_man:
                r = run(["man", "--warnings", "-l", page], dict(env, MANWIDTH="80"))
                check(r.returncode == 0 and not r.stderr.strip(), "%s: %s" % (name, r.stderr.strip()))

        # XBoard's plugin file: its three lines, the variants as the handshake announces them.
        eng = os.path.join(prefix, "share", "games", "plugins", "xboard", "timur.eng")
        lines = open(eng).read().splitlines() if os.path.isfile(eng) else []
        hello = run([exe], env, input_text="xboard\nprotover 2\nquit\n").stdout
        announced = re.search(r'feature variants="([^"]*)"', hello)
        check(len(lines) == 3 and lines[0] == "plugin spec 0.0" and lines[1] == "timur",
              "timur.eng: %r" % lines)
        check(announced is not None and len(lines) == 3 and lines[2] == announced.group(1)
              and "tamerlane" in lines[2].split(","), "timur.eng variants: %r" % lines)
        for doc in ["README.md", "LICENSE", "docs/betza.md", "docs/tamerlane.md",
                    "docs/variant-format.md", "docs/protocols.md"]:
            check(os.path.isfile(os.path.join(prefix, "share", "doc", "timur", doc)), "no doc " + doc)
    finally:
        shutil.rmtree(prefix, ignore_errors=True)
    for f in failures:
        print("FAIL:", f)
    print("%d checks failed" % len(failures) if failures else "install: all checks passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
