#!/usr/bin/env python3
"""Writes Timur's Tamerlane piece set for XBoard: data/pieces/tamerlane/{White,Black}<TYPE>.svg.

XBoard draws a piece by its type (the slot of the setup line's piece-to-char table) and finds the
picture by the type's name (-pieceImageDirectory DIR: DIR/WhiteCamel.svg). Which type each
Tamerlane piece is comes from variants/tamerlane.json ("xboardPiece"), so the files always fit.

Every piece is a symbol on a plinth; the pawn of a piece is a pawn carrying that piece's
symbol on its body; the pawn of pawns carries a small pawn with one, two or three dots for its
three journeys (P, P', P!). White pieces are light with dark lines, Black pieces dark with light
lines: XBoard tints both from the red channel (-whitePieceColor, -blackPieceColor).

Usage: make_tamerlane.py [OUTDIR]   (default: data/pieces/tamerlane next to this script)
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
VARIANT = os.path.join(HERE, "..", "..", "variants", "tamerlane.json")

# Symbols in a 100x100 box, as SVG elements with {f} (body colour) and {l} (line colour).
CROWN_BAND = '<rect x="20" y="70" width="60" height="12" rx="2" fill="{f}" stroke="{l}" stroke-width="4"/>'
SYMBOLS = {
    # King: a five-pointed crown under a cross.
    "K": '<path d="M20 72 L12 34 L32 50 L40 26 L50 46 L60 26 L68 50 L88 34 L80 72 Z" fill="{f}" '
         'stroke="{l}" stroke-width="4" stroke-linejoin="round"/>' + CROWN_BAND +
         '<path d="M50 4 V24 M42 11 H58" stroke="{l}" stroke-width="6" stroke-linecap="round"/>',
    # Prince: a coronet of three orbs.
    "S": '<path d="M20 72 L16 38 L34 54 L50 30 L66 54 L84 38 L80 72 Z" fill="{f}" stroke="{l}" '
         'stroke-width="4" stroke-linejoin="round"/>' + CROWN_BAND +
         '<circle cx="16" cy="32" r="7" fill="{f}" stroke="{l}" stroke-width="4"/>'
         '<circle cx="50" cy="22" r="8" fill="{f}" stroke="{l}" stroke-width="4"/>'
         '<circle cx="84" cy="32" r="7" fill="{f}" stroke="{l}" stroke-width="4"/>',
    # Adventitious king: a low crown under a star.
    "A": '<path d="M20 72 L18 46 L38 56 L50 44 L62 56 L82 46 L80 72 Z" fill="{f}" stroke="{l}" '
         'stroke-width="4" stroke-linejoin="round"/>' + CROWN_BAND +
         '<path d="M50 4 L55 17 L69 17 L58 26 L62 39 L50 31 L38 39 L42 26 L31 17 L45 17 Z" '
         'fill="{f}" stroke="{l}" stroke-width="4" stroke-linejoin="round"/>',
    # General: a helmet with a plume.
    "F": '<path d="M50 10 Q70 4 80 18 Q66 14 56 24" fill="none" stroke="{l}" stroke-width="5" '
         'stroke-linecap="round"/>'
         '<path d="M22 72 Q20 24 50 22 Q80 24 78 72 Z" fill="{f}" stroke="{l}" stroke-width="4"/>'
         '<path d="M12 74 H88" stroke="{l}" stroke-width="9" stroke-linecap="round"/>'
         '<path d="M36 48 H64 M50 48 V70" stroke="{l}" stroke-width="6" stroke-linecap="round"/>',
    # Vizier: a tall turban in wraps, a jewel in front and a point on top.
    "V": '<path d="M50 4 Q58 14 54 24 H46 Q42 14 50 4 Z" fill="{f}" stroke="{l}" '
         'stroke-width="4" stroke-linejoin="round"/>'
         '<path d="M22 74 Q10 36 50 22 Q90 36 78 74 Z" fill="{f}" stroke="{l}" stroke-width="4" '
         'stroke-linejoin="round"/>'
         '<path d="M20 50 Q50 30 80 50 M18 64 Q50 44 82 64" fill="none" stroke="{l}" '
         'stroke-width="5"/>'
         '<path d="M50 40 L57 50 L50 60 L43 50 Z" fill="{l}"/>'
         '<path d="M20 78 H80" stroke="{l}" stroke-width="8" stroke-linecap="round"/>',
    # Giraffe: a long neck and a head with ossicones, spotted.
    "Z": '<path d="M30 94 L40 46 L56 18 L60 10 L66 12 L84 22 L84 30 L68 30 L60 40 L54 94 Z" '
         'fill="{f}" stroke="{l}" stroke-width="4" stroke-linejoin="round"/>'
         '<path d="M58 12 L54 2 M64 12 L64 2" stroke="{l}" stroke-width="4" stroke-linecap="round"/>'
         '<circle cx="66" cy="20" r="3" fill="{l}"/>'
         '<ellipse cx="47" cy="56" rx="4" ry="6" fill="{l}"/><ellipse cx="44" cy="76" rx="4" ry="6" '
         'fill="{l}"/><ellipse cx="53" cy="38" rx="3" ry="5" fill="{l}"/>',
    # Picket: a spearhead on its shaft.
    "T": '<path d="M46 40 H54 V94 H46 Z" fill="{f}" stroke="{l}" stroke-width="4"/>'
         '<path d="M50 4 L68 34 L50 46 L32 34 Z" fill="{f}" stroke="{l}" stroke-width="4" '
         'stroke-linejoin="round"/>'
         '<path d="M50 12 V38" stroke="{l}" stroke-width="4"/>'
         '<path d="M34 52 H66" stroke="{l}" stroke-width="8" stroke-linecap="round"/>',
    # Knight: a horse's head.
    "N": '<path d="M28 94 Q26 66 40 52 L24 58 L18 48 L40 24 L42 12 L52 20 Q78 24 82 60 Q84 80 '
         '76 94 Z" fill="{f}" stroke="{l}" stroke-width="4" stroke-linejoin="round"/>'
         '<circle cx="48" cy="32" r="4" fill="{l}"/>'
         '<path d="M60 30 Q72 44 70 70" fill="none" stroke="{l}" stroke-width="4"/>',
    # Rook (rukh): a tower with battlements and a gate.
    "R": '<path d="M26 94 L32 42 L22 42 L22 12 L34 12 L34 22 L44 22 L44 12 L56 12 L56 22 L66 22 '
         'L66 12 L78 12 L78 42 L68 42 L74 94 Z" fill="{f}" stroke="{l}" stroke-width="4" '
         'stroke-linejoin="round"/>'
         '<path d="M42 94 V76 Q50 64 58 76 V94" fill="{l}"/>'
         '<path d="M32 42 H68" stroke="{l}" stroke-width="4"/>',
    # Elephant: a head with big ears, tusks and a trunk.
    "E": '<ellipse cx="20" cy="40" rx="16" ry="24" fill="{f}" stroke="{l}" stroke-width="4"/>'
         '<ellipse cx="80" cy="40" rx="16" ry="24" fill="{f}" stroke="{l}" stroke-width="4"/>'
         '<path d="M28 40 Q28 12 50 12 Q72 12 72 40 Q72 56 60 62 Q58 82 66 90 Q52 98 46 84 '
         'Q42 72 40 62 Q28 56 28 40 Z" fill="{f}" stroke="{l}" stroke-width="4" '
         'stroke-linejoin="round"/>'
         '<path d="M38 60 Q30 72 22 70 M62 60 Q70 72 78 70" fill="none" stroke="{l}" '
         'stroke-width="4" stroke-linecap="round"/>'
         '<circle cx="40" cy="36" r="4" fill="{l}"/><circle cx="60" cy="36" r="4" fill="{l}"/>',
    # Camel: a humped body on long legs, head up.
    "C": '<path d="M10 60 Q10 44 24 42 Q34 18 46 36 Q54 44 62 38 L70 18 L84 14 L92 20 L80 26 '
         'L76 44 Q74 58 66 62 L66 92 L58 92 L56 66 L28 66 L26 92 L18 92 L18 64 Q12 64 10 60 Z" '
         'fill="{f}" stroke="{l}" stroke-width="4" stroke-linejoin="round"/>'
         '<circle cx="80" cy="19" r="2.5" fill="{l}"/>',
    # War engine (dabbaba): a siege tower on wheels.
    "D": '<path d="M26 80 L34 26 L30 26 L30 10 L40 10 L40 16 L46 16 L46 10 L54 10 L54 16 L60 16 '
         'L60 10 L70 10 L70 26 L66 26 L74 80 Z" fill="{f}" stroke="{l}" stroke-width="4" '
         'stroke-linejoin="round"/>'
         '<path d="M42 40 H58 V54 H42 Z" fill="{l}"/>'
         '<path d="M14 66 H36" stroke="{l}" stroke-width="7" stroke-linecap="round"/>'
         '<circle cx="32" cy="84" r="10" fill="{f}" stroke="{l}" stroke-width="4"/>'
         '<circle cx="68" cy="84" r="10" fill="{f}" stroke="{l}" stroke-width="4"/>'
         '<circle cx="32" cy="84" r="3" fill="{l}"/><circle cx="68" cy="84" r="3" fill="{l}"/>',
    # The pawn of pawns' mark: a small pawn.
    "P": '<circle cx="50" cy="26" r="17" fill="{l}"/>'
         '<path d="M26 92 Q30 60 42 44 H58 Q70 60 74 92 Z" fill="{l}"/>',
}

PLINTH = ('<path d="M14 96 Q14 86 24 86 H76 Q86 86 86 96 Z" fill="{f}" stroke="{l}" '
          'stroke-width="4"/>')
PAWN = ('<circle cx="50" cy="17" r="12" fill="{f}" stroke="{l}" stroke-width="4"/>'
        '<path d="M40 27 L34 40 H66 L60 27 Z" fill="{f}" stroke="{l}" stroke-width="4" '
        'stroke-linejoin="round"/>'
        '<path d="M14 96 Q14 86 24 86 H76 Q86 86 86 96 Z" fill="{f}" stroke="{l}" '
        'stroke-width="4"/>'
        '<circle cx="50" cy="62" r="27" fill="{f}" stroke="{l}" stroke-width="4"/>')

COLOURS = {"White": ("#ffffff", "#000000"), "Black": ("#000000", "#ffffff")}


def svg(body):
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" '
            'viewBox="0 0 100 100">\n' + body + '\n</svg>\n')


def piece(symbol, f, l):
    """A piece: its symbol above a plinth."""
    return ('<g transform="translate(6 0) scale(0.88)">' + symbol.format(f=f, l=l) + '</g>' +
            PLINTH.format(f=f, l=l))


def pawn(symbol, f, l, dots=0):
    """A pawn carrying a symbol (in the line colour, on the body's disc), and dots below it."""
    mark = symbol.format(f=f, l=l)
    out = PAWN.format(f=f, l=l)
    if dots:
        out += '<g transform="translate(37 41) scale(0.26)">' + mark + '</g>'
        for k in range(dots):
            x = 50 + (k - (dots - 1) / 2) * 12
            out += f'<circle cx="{x:g}" cy="76" r="4.5" fill="{l}"/>'
    else:
        out += '<g transform="translate(29 41) scale(0.42)">' + mark + '</g>'
    return out


def main():
    outdir = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "tamerlane")
    os.makedirs(outdir, exist_ok=True)
    variant = json.load(open(VARIANT))
    rows = []
    for p in variant["pieces"]:
        letter, name, xb = p["letter"], p["name"], p["xboardPiece"]
        for colour, (f, l) in COLOURS.items():
            if letter in ("P", "P'", "P!"):
                body = pawn(SYMBOLS["P"], f, l, dots={"P": 1, "P'": 2, "P!": 3}[letter])
            elif letter.endswith("'"):
                body = pawn(SYMBOLS[letter[0]], f, l)
            else:
                body = piece(SYMBOLS[letter], f, l)
            with open(os.path.join(outdir, colour + xb + ".svg"), "w") as out:
                out.write(svg(body))
        rows.append(f"| {letter} | {name} | {xb} |")
    with open(os.path.join(outdir, "README.md"), "w") as out:
        out.write("# Tamerlane pieces for XBoard\n\n"
                  "Written by `data/pieces/make_tamerlane.py` (do not edit the SVGs by hand; "
                  "change the script and run it again). XBoard finds a piece's picture by the "
                  "name of its XBoard type, which `variants/tamerlane.json` fixes per piece "
                  "(`xboardPiece`); use this directory as XBoard's `-pieceImageDirectory`.\n\n"
                  "| letter | piece | files (White/Black + name + .svg) |\n| --- | --- | --- |\n" +
                  "\n".join(rows) + "\n")


if __name__ == "__main__":
    main()
