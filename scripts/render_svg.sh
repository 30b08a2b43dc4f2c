#!/usr/bin/env bash
# Renders SVG pictures written by `nqueens` to PNG with headless Chromium and checks that each
# PNG is the expected size and shows the board colours where boards stand: a listing's grid (sized
# by the CSS rule at its end), a completion with blocked squares, and a single large board.
#
# Needs `chromium` (Debian package chromium) and python3. Usage:
#   scripts/render_svg.sh [OUTDIR]      (default: a temporary directory; the PNGs stay there)
# Exit 0: every picture rendered and checked; 1: a check failed; 2: chromium or python3 missing.
set -euo pipefail
cd "$(dirname "$0")/.."

for tool in chromium python3; do
    if ! command -v "$tool" >/dev/null; then
        echo "render_svg: $tool not found (Debian: apt-get install -y chromium python3)" >&2
        exit 2
    fi
done

out=${1:-$(mktemp -d)}
mkdir -p "$out"
out=$(cd "$out" && pwd)
cargo build --release --quiet -p nqueens-cli
bin=target/release/nqueens

# Six rows of a 6×6 board: a queen given in row 1, two blocked squares.
cat >"$out/puzzle6.txt" <<'EOF'
.Q....
......
...x..
......
x.....
......
EOF

"$bin" list 6 --format svg >"$out/list6.svg"                                  # 4 boards, one row
"$bin" list 5 --format svg >"$out/list5.svg"                                  # 10 boards, two rows
"$bin" list --board "$out/puzzle6.txt" --format svg >"$out/complete6.svg"     # 1 board, blocked
# A 64×64 board with all its queens given (columns 2, 4, ..., 64 then 1, 3, ..., 63, a solution
# for n = 64), so that its one completion is drawn at once: 5 px squares.
python3 -c '
n = 64
cols = list(range(1, n, 2)) + list(range(0, n, 2))
print("\n".join("".join("Q" if c == q else "." for c in range(n)) for q in cols))
' >"$out/board64.txt"
"$bin" list --board "$out/board64.txt" --format svg >"$out/board64.svg"        # 1 board, 5 px squares

render() { # svg width height png
    local profile
    profile=$(mktemp -d)
    chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
        --disable-background-networking --disable-component-update --disable-sync \
        --hide-scrollbars --user-data-dir="$profile" --screenshot="$4" \
        --window-size="$2,$3" "file://$1" >/dev/null 2>&1 || true
    rm -rf "$profile"
}

# The window is larger than each document, so whatever lies outside the document's size stays
# white and the checks below can tell a document that was cut short.
render "$out/list6.svg" 1100 320 "$out/list6.png"
render "$out/list5.svg" 1300 500 "$out/list5.png"
render "$out/complete6.svg" 400 400 "$out/complete6.png"
render "$out/board64.svg" 400 400 "$out/board64.png"

# Each check: png, then points "x,y=colour" with colour light, dark, queen (near black),
# blocked (grey or red mix) or white.
python3 - "$out" <<'PY'
import struct, sys, zlib, os

def read_png(path):
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, w = 8, b"", None
    while pos < len(data):
        ln, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + ln]
        if kind == b"IHDR":
            w, h, depth, ctype = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and ctype in (2, 6), f"unexpected PNG type {depth}/{ctype}"
            bpp = 3 if ctype == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + ln
    raw = zlib.decompress(idat)
    stride = w * bpp
    rows, prev = [], bytearray(stride)
    for y in range(h):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1: line[i] = (line[i] + a) & 255
            elif f == 2: line[i] = (line[i] + b) & 255
            elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    return w, h, lambda x, y: tuple(rows[y][x * bpp:x * bpp + 3])

COLOURS = {"light": (0xF0, 0xD9, 0xB5), "dark": (0xB5, 0x88, 0x63), "white": (255, 255, 255)}

def near(p, q, tol=24):
    return all(abs(a - b) <= tol for a, b in zip(p, q))

def kind(p):
    for name, c in COLOURS.items():
        if near(p, c):
            return name
    if max(p) < 60:
        return "queen"
    return "other"

out = sys.argv[1]
# Square centres: board origin (16, 16) plus (col + 0.5, row + 0.5) squares; 40 px squares,
# 256 + 16 px from one board to the next.
def sq(board_x, board_y, col, row, cell=40):
    return (board_x + int((col + 0.5) * cell), board_y + int((row + 0.5) * cell))

checks = {
    # list 6: boards at x = 16, 272, 528, 784. First solution 2 4 6 1 3 5; the fourth board's
    # top-left square is light, the right of the window past the 4th board white.
    "list6.png": [(sq(16, 16, 0, 0), "light"), (sq(16, 16, 1, 0), "queen"),
                  (sq(784, 16, 0, 0), "light"), (sq(784, 16, 1, 0), "dark"),
                  ((1060, 150), "white")],
    # list 5: 10 boards of 5 squares (40 px), pitch 216, 5 columns: a second row at y = 232
    # that only the closing CSS rule makes visible; its last board is the 5th column.
    "list5.png": [(sq(16, 16, 0, 0), "queen"), (sq(16, 232, 0, 0), "light"),
                  (sq(880, 232, 0, 0), "light"), ((1200, 300), "white")],
    # the completion: queen given at row 0 column 1; blocked squares at (2, 3) and (4, 0).
    "complete6.png": [(sq(16, 16, 1, 0), "queen"), (sq(16, 16, 0, 0), "light"),
                      (sq(16, 16, 3, 2), "other"), (sq(16, 16, 0, 4), "other"),
                      (sq(16, 16, 2, 0), "light")],
    # n = 64: 5 px squares; square (63, 62) is dark, the queen of row 0 stands in column 1.
    "board64.png": [(sq(16, 16, 63, 62, 5), "dark"), (sq(16, 16, 0, 0, 5), "light"),
                    (sq(16, 16, 1, 0, 5), "queen"), ((380, 380), "white")],
}
failed = 0
for name, points in checks.items():
    path = os.path.join(out, name)
    if not os.path.exists(path) or os.path.getsize(path) < 1000:
        print(f"FAIL {name}: no PNG or a tiny one (chromium did not render)")
        failed += 1
        continue
    w, h, px = read_png(path)
    for (x, y), want in points:
        got = kind(px(x, y))
        if got != want:
            print(f"FAIL {name}: pixel ({x},{y}) is {got} {px(x, y)}, expected {want}")
            failed += 1
    print(f"{'ok  ' if not failed else '    '}{name}: {w}x{h}, {os.path.getsize(path)} bytes")
print(f"render_svg: {len(checks)} pictures in {out}, {failed} failed checks")
sys.exit(1 if failed else 0)
PY
