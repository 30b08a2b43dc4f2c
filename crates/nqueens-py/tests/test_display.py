"""What a notebook shows: boards drawn as SVG by the library's writer (`_repr_svg_` of Solution,
Puzzle and a listing's Picture), a count as an HTML table (`Counts._repr_html_`), and the
example notebook run from top to bottom with its outputs checked."""

import html.parser
import os
import pathlib
import xml.etree.ElementTree as ET

import pytest

import nqueens

SVG = "{http://www.w3.org/2000/svg}"
NOTEBOOK = pathlib.Path(__file__).resolve().parents[1] / "examples" / "nqueens.ipynb"


def drawn(svg):
    """The parsed document, its size in pixels, and the squares its boards mark, as the writer
    draws them: a queen is a <use> of #queen (or of #dot on small squares), a blocked square a
    <use> of #blocked, with the column as x and the row as y."""
    root = ET.fromstring(svg.encode())
    assert root.tag == f"{SVG}svg"
    marks = {"queen": [], "blocked": []}
    for board in root.iter(f"{SVG}g"):
        if board.get("transform") is None:
            continue
        queens, blocked = [], []
        for use in board.iter(f"{SVG}use"):
            square = (int(use.get("y")), int(use.get("x")))
            (blocked if use.get("href") == "#blocked" else queens).append(square)
        marks["queen"].append(queens)
        marks["blocked"].append(blocked)
    return root, (int(root.get("width")), int(root.get("height"))), marks


@pytest.mark.parametrize("n", [1, 4, 5, 8, 12, 20, 31, 32])
def test_a_solution_draws_itself_with_its_n_queens(n):
    s = nqueens.find(n)
    _, (w, h), marks = drawn(s._repr_svg_())
    assert marks["queen"] == [[(row, c) for row, c in enumerate(s)]]
    assert marks["blocked"] == [[]]
    # About 320 pixels a board whatever n, never more than 352 with its margins.
    assert (w, h) == (h, w) and 64 <= w <= 352, (n, w)


def test_a_solution_is_drawn_as_the_command_line_draws_it(cli):
    import subprocess

    listed = subprocess.run(
        [cli, "list", "6", "--limit", "1", "--format", "svg"], capture_output=True, text=True, check=True
    ).stdout
    assert nqueens.Solution(next(iter(nqueens.solutions(6))))._repr_svg_() == listed


@pytest.mark.parametrize("n", [33, 64, 1000, 10**9])
def test_a_board_past_32_falls_back_to_its_repr(n):
    s = nqueens.find(n)
    assert s._repr_svg_() is None
    assert repr(s).startswith("Solution([")
    if n <= 64:
        assert nqueens.Puzzle(n)._repr_svg_() is None


def test_a_puzzle_draws_its_given_queens_and_blocked_squares():
    p = nqueens.Puzzle(8).place(0, 0).place(3, 5).block(7, 7).block(2, 4).block(6, 1)
    _, (w, h), marks = drawn(p._repr_svg_())
    assert sorted(marks["queen"][0]) == [(0, 0), (3, 5)]
    assert sorted(marks["blocked"][0]) == [(2, 4), (6, 1), (7, 7)]
    assert (w, h) == (352, 352)
    # A grid read from text draws the same, and an empty board has no marks.
    assert nqueens.Puzzle(str(p))._repr_svg_() == p._repr_svg_()
    assert drawn(nqueens.Puzzle(5)._repr_svg_())[2] == {"queen": [[]], "blocked": [[]]}


def test_a_listing_draws_its_first_boards_without_losing_the_rest():
    it = nqueens.solutions(6)
    assert not hasattr(it, "_repr_svg_") and not hasattr(it, "_repr_html_")
    picture = it.picture(3)
    assert len(picture) == 3 and picture.n == 6
    rest = list(it)
    everything = list(nqueens.solutions(6))
    assert list(picture.boards) + rest == everything
    _, (w, h), marks = drawn(picture._repr_svg_())
    assert marks["queen"] == [[(row, c) for row, c in enumerate(b)] for b in everything[:3]]
    # Three boards in a row, sized for them at the start: no closing rule resizes the page.
    assert (w, h) == (3 * 256 + 16, 272)
    assert "<style>" not in picture._repr_svg_() and str(picture) == picture._repr_svg_()
    assert repr(picture) == f"Picture(n=6, boards={tuple(everything[:3])!r})"
    # A listing that ends early gives what it has; past n = 32 the repr shows instead.
    assert len(nqueens.solutions(4).picture(64)) == 2
    assert len(nqueens.solutions(3).picture()) == 0
    big = nqueens.find(33)
    whole = "".join("." * c + "Q" + "." * (32 - c) + "\n" for c in big)
    past = nqueens.Puzzle(whole).solutions().picture(1)
    assert past.boards == (tuple(big),) and past._repr_svg_() is None
    assert len(drawn(str(past))[2]["queen"][0]) == 33
    for bad in [0, 65, -1]:
        with pytest.raises(nqueens.Error) as info:
            nqueens.solutions(8).picture(bad)
        assert (info.value.kind, info.value.min, info.value.max) == ("out_of_range", 1, 64)


class Table(html.parser.HTMLParser):
    """The rows of an HTML table as (header, cell) pairs; fails on unbalanced tags."""

    def __init__(self):
        super().__init__()
        self.rows, self.open, self.text = [], [], ""

    def handle_starttag(self, tag, attrs):
        self.open.append(tag)
        if tag == "tr":
            self.rows.append([])

    def handle_endtag(self, tag):
        assert self.open.pop() == tag
        if tag in ("th", "td"):
            self.rows[-1].append(self.text.strip())
            self.text = ""

    def handle_data(self, data):
        self.text += data


def table(counts):
    t = Table()
    t.feed(counts._repr_html_())
    t.close()
    assert t.open == []
    return dict(t.rows)


def test_counts_show_a_table_of_their_numbers():
    c = nqueens.counts(8, unique=True)
    rows = table(c)
    assert rows == {
        "n": "8",
        "total": "92",
        "unique": "12",
        "rot90 classes": "0",
        "rot180 classes": "1",
        "asymmetric classes": "11",
        "method": "symmetry",
        "threads": str(c.threads),
        "seconds": f"{c.seconds:.3f}",
    }
    # A count that did not ask for the unique solutions has no rows for them.
    plain = table(nqueens.counts(10, method="bitmask", threads=1))
    assert (plain["total"], plain["method"], plain["threads"]) == ("724", "bitmask", "1")
    assert not {"unique", "rot90 classes"} & set(plain)
    # Numbers beyond 64 bits are written whole, and repr() is the constructor call still.
    big = nqueens.Counts(27, 234907967154122528, None, None, "symmetry", 16, 1.0)
    assert table(big)["total"] == "234907967154122528"
    assert repr(big).startswith("Counts(n=27, total=234907967154122528,")


def notebook_or_skip():
    # CI installs nbclient and sets NQUEENS_TEST_NOTEBOOK=1, so that this test cannot be skipped
    # there.
    if os.environ.get("NQUEENS_TEST_NOTEBOOK") != "1":
        pytest.importorskip("nbclient")
        pytest.importorskip("ipykernel")
    import nbclient
    import nbformat

    return nbclient, nbformat


def outputs(cell):
    """A code cell's outputs by MIME type (stdout as text/stdout), joined."""
    shown = {}
    for out in cell.outputs:
        assert out.output_type != "error", out
        if out.output_type == "stream":
            shown.setdefault(f"text/{out.name}", "")
            shown[f"text/{out.name}"] += out.text
        else:
            for mime, data in out.data.items():
                shown[mime] = shown.get(mime, "") + data
    return shown


def test_the_notebook_runs_and_shows_what_it_says(tmp_path):
    nbclient, nbformat = notebook_or_skip()
    book = nbformat.read(NOTEBOOK, as_version=4)
    # Committed without outputs, so that what a learner sees comes from the installed package.
    assert all(not c.get("outputs") for c in book.cells if c.cell_type == "code")
    nbclient.NotebookClient(
        book, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}
    ).execute()
    cells = {}
    for c in book.cells:
        if c.cell_type == "code":
            tag = c.source.splitlines()[0]
            assert tag.startswith("# "), c.source
            cells[tag[2:]] = outputs(c)
    assert cells["boards(4)"]["text/plain"] == repr(nqueens.boards(4))
    for name, queens in [("first solution of 8", 8), ("find(12)", 12)]:
        _, _, marks = drawn(cells[name]["image/svg+xml"])
        assert len(marks["queen"][0]) == queens, name
    _, _, marks = drawn(cells["puzzle"]["image/svg+xml"])
    assert marks == {"queen": [[(0, 0)]], "blocked": [[(7, 7)]]}
    assert cells["completions"]["text/plain"] == "4"
    _, _, marks = drawn(cells["first boards of 6"]["image/svg+xml"])
    assert len(marks["queen"]) == 4 and all(len(q) == 6 for q in marks["queen"])
    assert "<td style=\"text-align:right\">12</td>" in cells["counts(8)"]["text/html"]
    assert "image/svg+xml" not in cells["find(40)"]
    assert cells["find(40)"]["text/plain"].startswith("Solution([")
    assert cells["count(16)"]["text/plain"] == "14772512"
