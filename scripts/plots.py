#!/usr/bin/env python3
"""Draws the plots of the benchmarks chapter (docs/benchmarks.md) from bench/results, as SVG.

- Every bench/results/cpu-*.txt becomes docs/plots/<its name>.svg: wall-clock seconds against
  N on a log scale, one line per program and thread count. Such a file is plain text: comment
  lines start with '#' (what was measured, where, when, with which command), one of them
  '# plot: TITLE'; then the header 'program threads N seconds' and one measurement a line,
  fields separated by spaces. 'textbook' is the C loop of bench/textbook.c, 'kluev' the public
  quadrant counter, any other program the method of `nqueens count`; a program whose name ends
  in '-projected' stands for seconds projected from a sample, a model and not a measurement.
- bench/results/h100-2026-11-26.txt, as bench/h100.sh wrote it, becomes
  docs/plots/gpu-h100-2026-11-26.svg: `nqueens count N --method gpu` against the CUDA counter
  ygch/n_queens, the count's own seconds (count_s) of the tables under its '## run' headings.

Python 3's standard library only, no network. The same files give the same bytes on every run
(no dates, fixed number formats): CI draws them again and fails if they differ from the
committed ones (bash .ci/run plots). After adding a results file, run this script and commit
what it writes.

Usage: python3 scripts/plots.py [OUTDIR]   (default docs/plots; the folder is created)
Exit 0: every plot written; 1: a results file could not be read (the message says where).
"""

import math
import pathlib
import sys
from xml.sax.saxutils import escape

ROOT = pathlib.Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"
# The H100 run the benchmarks chapter's GPU table gives; its '## run' sections hold the
# alternating runs of both programs at N = 18 to 22.
GPU_RESULTS = "h100-2026-11-26.txt"

# Okabe and Ito's palette, told apart with every common colour blindness; each program keeps
# its colour from plot to plot.
COLOURS = {
    "textbook": "#000000",
    "bitmask": "#E69F00",
    "symmetry": "#009E73",
    "halves": "#0072B2",
    "kluev": "#D55E00",
    "ours": "#0072B2",
    "halves-projected": "#56B4E9",
    "halves-searched-projected": "#999999",
    "kluev-projected": "#CC79A7",
    "ygch-config2-rows6": "#D55E00",
    "ygch-config3-rows5": "#CC79A7",
}
SPARE_COLOURS = ["#56B4E9", "#CC79A7", "#F0E442", "#999999"]
LABELS = {
    "textbook": "textbook loop (C)",
    "kluev": "public quadrant counter (Kluev)",
    "ours": "nqueens count N --method gpu (Vulkan)",
    "halves-projected": "halves, projected",
    "halves-searched-projected": "halves searched, projected",
    "kluev-projected": "quadrant counter, projected",
    "ygch-config2-rows6": "ygch/n_queens (CUDA), configuration 2",
    "ygch-config3-rows5": "ygch/n_queens (CUDA), configuration 3",
}
# One thread: a solid line and filled marks; two: dashed and hollow; more: dotted and hollow.
DASHES = {1: None, 2: "7 4"}
MARKS = ["circle", "square", "triangle", "diamond"]

WIDTH = 720
LEFT, RIGHT = 78, 700  # the plot area's left and right edges
TOP, BOTTOM = 64, 344  # its top and bottom edges
LEGEND_TOP = 402
LEGEND_ROW = 20
LEGEND_COLUMNS = 2


class BadResults(Exception):
    pass


def num(value):
    """A coordinate with one decimal, the same text on every run."""
    text = f"{value:.1f}"
    return "0.0" if text == "-0.0" else text


def decade_label(exponent):
    """10^exponent as a person writes it: 0.01, 0.1, 1, 10, 1,000."""
    if exponent >= 0:
        return f"{10**exponent:,}"
    return "0." + "0" * (-exponent - 1) + "1"


def bound_below(value):
    """The largest of 1, 2 and 5 times a power of ten at or below value: the axis' bottom."""
    e = math.floor(math.log10(value))
    return max(m * 10.0**e for m in (1, 2, 5) if m * 10.0**e <= value * (1 + 1e-9))


def bound_above(value):
    """The smallest of 1, 2 and 5 times a power of ten at or above value: the axis' top."""
    e = math.floor(math.log10(value))
    return min(m * 10.0**e for m in (1, 2, 5, 10) if m * 10.0**e >= value * (1 - 1e-9))


def read_cpu(path):
    """The title and the series {(program, threads): [(n, seconds)]} of a cpu-*.txt file."""
    title, header, series = None, False, {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        where = f"{path.relative_to(ROOT)} line {number}"
        if line.startswith("#"):
            if line.startswith("# plot:"):
                title = line[len("# plot:") :].strip()
            continue
        fields = line.split()
        if not fields:
            continue
        if not header:
            if fields != ["program", "threads", "N", "seconds"]:
                raise BadResults(f"{where}: expected the header 'program threads N seconds'")
            header = True
            continue
        if len(fields) != 4:
            raise BadResults(f"{where}: expected program, threads, N and seconds")
        try:
            threads, n, seconds = int(fields[1]), int(fields[2]), float(fields[3])
        except ValueError:
            raise BadResults(f"{where}: threads and N must be whole numbers, seconds a number")
        if threads < 1 or n < 1 or not seconds > 0:
            raise BadResults(f"{where}: threads, N and seconds must be positive")
        series.setdefault((fields[0], threads), []).append((n, seconds))
    if title is None:
        raise BadResults(f"{path.relative_to(ROOT)}: no '# plot: TITLE' line")
    if not series:
        raise BadResults(f"{path.relative_to(ROOT)}: no measurements")
    return title, series


def read_gpu(path):
    """The series {(program, 1): [(n, count_s)]} of the '## run' tables of an h100-*.txt file."""
    section, series = "", {}
    columns = ["program", "N", "runs", "count_s", "wall_s", "total", "check"]
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.startswith("## "):
            section = line
            continue
        fields = line.split()
        if not section.startswith("## run") or not fields or fields[0].startswith("#"):
            continue
        if fields == columns:
            continue
        where = f"{path.relative_to(ROOT)} line {number}"
        if len(fields) != len(columns) or fields[-1] != "ok":
            raise BadResults(f"{where}: expected {' '.join(columns)}, the check 'ok'")
        try:
            n, seconds = int(fields[1]), float(fields[3])
        except ValueError:
            raise BadResults(f"{where}: N must be a whole number, count_s a number")
        series.setdefault((fields[0], 1), []).append((n, seconds))
    if not series:
        raise BadResults(f"{path.relative_to(ROOT)}: no table under a '## run' heading")
    return series


def label(program, threads, gpu):
    name = LABELS.get(program, program)
    if gpu:
        return name
    return f"{name}, {threads} thread{'s' if threads > 1 else ''}"


def mark(shape, x, y, colour, hollow, tip=None):
    """A point's mark; tip, the measurement it stands for, shows when the pointer rests on it
    (and makes every figure of the results file part of the picture's bytes)."""
    fill = "#ffffff" if hollow else colour
    style = f'fill="{fill}" stroke="{colour}" stroke-width="1.5"'
    if shape == "circle":
        tag, place = "circle", f'cx="{num(x)}" cy="{num(y)}" r="3.5"'
    elif shape == "square":
        tag, place = "rect", f'x="{num(x - 3.2)}" y="{num(y - 3.2)}" width="6.4" height="6.4"'
    else:
        if shape == "triangle":
            corners = [(0, -4.2), (4, 3), (-4, 3)]
        else:
            corners = [(0, -4.5), (4.5, 0), (0, 4.5), (-4.5, 0)]
        points = " ".join(f"{num(x + dx)},{num(y + dy)}" for dx, dy in corners)
        tag, place = "polygon", f'points="{points}"'
    if tip is None:
        return f"<{tag} {place} {style}/>"
    return f"<{tag} {place} {style}><title>{escape(tip)}</title></{tag}>"


def draw(title, source, series, gpu):
    """The SVG text of one plot: seconds (log scale) against N, a legend below."""
    # Programs in the order the file first names them, each one's thread counts rising.
    programs = list(dict.fromkeys(p for p, _ in series))
    keys = sorted(series, key=lambda k: (programs.index(k[0]), k[1]))
    points = [p for k in keys for p in series[k]]
    n_lo = min(n for n, _ in points)
    n_hi = max(n for n, _ in points)
    lo = bound_below(min(s for _, s in points))
    hi = bound_above(max(s for _, s in points))
    if hi <= lo:
        hi = bound_above(lo * 1.5)

    def x_of(n):
        return LEFT + (n - n_lo + 0.5) / (n_hi - n_lo + 1) * (RIGHT - LEFT)

    def y_of(seconds):
        return BOTTOM - (math.log10(seconds / lo)) / math.log10(hi / lo) * (BOTTOM - TOP)

    rows = math.ceil(len(keys) / LEGEND_COLUMNS)
    height = LEGEND_TOP + rows * LEGEND_ROW + 8
    what = "the count's own seconds" if gpu else "wall-clock seconds"
    desc = (
        f"{what.capitalize()} against the board size N from {n_lo} to {n_hi}, on a log scale. "
        f"Lines: {'; '.join(label(p, t, gpu) for p, t in keys)}. From {source}."
    )
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
        f'viewBox="0 0 {WIDTH} {height}" role="img" aria-labelledby="title desc" '
        'font-family="Helvetica, Arial, sans-serif" font-size="13">',
        f'<title id="title">{escape(title)}</title>',
        f'<desc id="desc">{escape(desc)}</desc>',
        f'<rect width="{WIDTH}" height="{height}" fill="#ffffff"/>',
        f'<text x="{LEFT}" y="24" font-size="15" font-weight="bold" fill="#000000">{escape(title)}</text>',
        f'<text x="{LEFT}" y="44" font-size="12" fill="#444444">{escape(what)}, log scale; '
        f"from {escape(source)}</text>",
    ]
    # The grid: a line and a label at every power of ten, fainter lines at 2 to 9 times it
    # (labelled too at 2 and 5 where the plot spans under three powers of ten).
    few = math.log10(hi / lo) < 3
    for e in range(math.floor(math.log10(lo)), math.ceil(math.log10(hi)) + 1):
        for step in range(1, 10):
            value = step * 10.0**e
            if not lo * (1 - 1e-9) <= value <= hi * (1 + 1e-9):
                continue
            y = y_of(value)
            major = step == 1
            colour = "#bbbbbb" if major else "#e4e4e4"
            out.append(f'<line x1="{LEFT}" y1="{num(y)}" x2="{RIGHT}" y2="{num(y)}" stroke="{colour}"/>')
            if major:
                text = decade_label(e)
            elif few and step in (2, 5):
                text = f"{step * 10**e:,}" if e >= 0 else f"{value:.{-e}f}"
            else:
                continue
            out.append(f'<text x="{LEFT - 8}" y="{num(y + 4)}" text-anchor="end" fill="#000000">{text}</text>')
    for n in range(n_lo, n_hi + 1):
        x = x_of(n)
        out.append(f'<line x1="{num(x)}" y1="{BOTTOM}" x2="{num(x)}" y2="{BOTTOM + 5}" stroke="#000000"/>')
        out.append(f'<text x="{num(x)}" y="{BOTTOM + 20}" text-anchor="middle" fill="#000000">{n}</text>')
    out.append(
        f'<rect x="{LEFT}" y="{TOP}" width="{RIGHT - LEFT}" height="{BOTTOM - TOP}" '
        'fill="none" stroke="#000000"/>'
    )
    out.append(
        f'<text x="{(LEFT + RIGHT) // 2}" y="{BOTTOM + 42}" text-anchor="middle" '
        'fill="#000000">N (the board is N × N)</text>'
    )
    middle = (TOP + BOTTOM) // 2
    out.append(
        f'<text x="20" y="{middle}" text-anchor="middle" transform="rotate(-90 20 {middle})" '
        'fill="#000000">seconds (log scale)</text>'
    )
    # The lines, their marks, and the legend.
    spare = iter(SPARE_COLOURS)
    colours = {p: COLOURS.get(p) or next(spare) for p in programs}
    column_width = (RIGHT - LEFT) // LEGEND_COLUMNS
    for i, (program, threads) in enumerate(keys):
        colour = colours[program]
        shape = MARKS[programs.index(program) % len(MARKS)]
        dash = DASHES.get(threads, "2 3")
        dashed = f' stroke-dasharray="{dash}"' if dash else ""
        hollow = threads > 1
        line = sorted(series[(program, threads)])
        xy = [(x_of(n), y_of(s)) for n, s in line]
        path = " ".join(f"{num(x)},{num(y)}" for x, y in xy)
        out.append(f'<g aria-label="{escape(label(program, threads, gpu))}">')
        if len(xy) > 1:
            out.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"{dashed}/>')
        name = label(program, threads, gpu)
        out.extend(
            mark(shape, x, y, colour, hollow, f"{name}: N = {n}, {s!r} s")
            for (x, y), (n, s) in zip(xy, line)
        )
        out.append("</g>")
        lx = LEFT + (i % LEGEND_COLUMNS) * column_width
        ly = LEGEND_TOP + (i // LEGEND_COLUMNS) * LEGEND_ROW
        out.append(
            f'<line x1="{lx}" y1="{ly - 4}" x2="{lx + 30}" y2="{ly - 4}" stroke="{colour}" stroke-width="2"{dashed}/>'
        )
        out.append(mark(shape, lx + 15, ly - 4, colour, hollow))
        out.append(f'<text x="{lx + 38}" y="{ly}" fill="#000000">{escape(label(program, threads, gpu))}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main():
    out = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "plots"
    out.mkdir(parents=True, exist_ok=True)
    plots = []
    try:
        for path in sorted(RESULTS.glob("cpu-*.txt")):
            title, series = read_cpu(path)
            plots.append((path.stem, draw(title, f"bench/results/{path.name}", series, False)))
        gpu = RESULTS / GPU_RESULTS
        date = gpu.stem.split("-", 1)[1]
        title = f"The GPU engine beside the fastest CUDA counter (NVIDIA H100 SXM, {date})"
        plots.append((f"gpu-{gpu.stem}", draw(title, f"bench/results/{gpu.name}", read_gpu(gpu), True)))
    except (BadResults, OSError) as error:
        print(f"plots: {error}", file=sys.stderr)
        return 1
    for name, svg in plots:
        (out / f"{name}.svg").write_text(svg, encoding="utf-8", newline="\n")
        print(f"plots: {out / (name + '.svg')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
