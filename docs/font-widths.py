#!/usr/bin/env python3
"""Prints the glyph-width table of src/render/metrics.rs (paste it between
`const WIDTHS: &[(u32, u16, u16)] = &[` and `];`).

For every glyph of URW's Nimbus Sans (Helvetica's widths), regular and bold,
in thousandths of an em: the larger of its width in the font's AFM file
and the width Graphviz measures for it (`dot -Txdot`, which on Debian and
Ubuntu draws "Helvetica" in DejaVu Sans), and the same for the marks the
pictures use that Nimbus Sans lacks. Needs Graphviz, the urw-base35 fonts
(fonts-urw-base35) and TeX Live's glyph list (texlive-base).
"""
import math
import re
import subprocess

AFM = "/usr/share/fonts/type1/urw-base35/NimbusSans-%s.afm"
GLYPHS = "/usr/share/texlive/texmf-dist/fonts/map/glyphlist/glyphlist.txt"
EXTRA = [0x207A, 0x207B, 0x2717, 0x2007]  # superscript plus and minus, ✗, figure space


def code_points():
    """Adobe's glyph names and the code point each stands for."""
    names = {}
    for line in open(GLYPHS):
        if not line.startswith("#"):
            name, codes = line.strip().split(";")
            if len(codes.split()) == 1:
                names.setdefault(name, int(codes, 16))
    return names


def afm_widths(weight, names):
    """Code point -> width in the AFM file of `weight`."""
    widths = {}
    for line in open(AFM % weight):
        match = re.match(r"C -?\d+ ; WX (\d+) ; N (\S+) ;", line)
        if not match:
            continue
        name = match.group(2)
        code = names.get(name)
        if code is None and re.fullmatch(r"uni[0-9A-F]{4}", name):
            code = int(name[3:], 16)
        if code is not None:
            widths.setdefault(code, int(match.group(1)))
    return widths


def graphviz_widths(codes):
    """(code point, bold) -> width Graphviz measures: ten glyphs at 100 points."""
    nodes = []
    for index, code in enumerate(codes):
        glyphs = ("&#%d;" % (0xA0 if code == 0x20 else code)) * 10
        nodes.append('r%d [label=<%s>]; b%d [label=<<B>%s</B>>];' % (index, glyphs, index, glyphs))
    graph = 'digraph g { node [shape=plaintext, fontname="Helvetica", fontsize=100]; %s }' % " ".join(nodes)
    xdot = subprocess.run(["dot", "-Txdot"], input=graph, capture_output=True, text=True, check=True)
    text = xdot.stdout.replace("\\\n", "")
    widths = {}
    for match in re.finditer(r'\b([rb])(\d+)\s+\[_ldraw_="([^"]*)"', text):
        width = re.search(r"T [\d.-]+ [\d.-]+ -?\d+ ([\d.]+) ", match.group(3)).group(1)
        widths[(codes[int(match.group(2))], match.group(1) == "b")] = math.ceil(float(width))
    return widths


def main():
    names = code_points()
    regular, bold = afm_widths("Regular", names), afm_widths("Bold", names)
    codes = sorted(code for code in set(regular) & set(bold) if code >= 32 and not 0x7F <= code < 0xA0)
    codes += EXTRA
    measured = graphviz_widths(codes)
    rows = sorted(
        (code, max(regular.get(code, 0), measured[(code, False)]), max(bold.get(code, 0), measured[(code, True)]))
        for code in codes
    )
    line = "    "
    for item in ("(0x%X, %d, %d)" % row for row in rows):
        if len(line) + len(item) + 2 > 100:
            print(line.rstrip())
            line = "    "
        line += item + ", "
    print(line.rstrip())


main()
