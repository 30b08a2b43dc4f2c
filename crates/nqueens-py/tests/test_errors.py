"""Bad input raises nqueens.Error (a ValueError) with the library's message and its fields, or
TypeError for a value of the wrong type; never a crash. Squares are named from 0 in every
message, as the arguments give them."""

import re

import pytest

import nqueens
from conftest import REPO


def refused(call):
    with pytest.raises(nqueens.Error) as info:
        call()
    assert isinstance(info.value, ValueError)
    return info.value


def test_n_out_of_range():
    for n in [0, 65, -3, 2**70]:
        for call in [nqueens.count, nqueens.counts, nqueens.solutions, nqueens.boards]:
            e = refused(lambda: call(n))
            assert str(e) == f"n = {n} is out of range: n must be from 1 to 64"
            assert (e.kind, e.quantity, e.value, e.min, e.max) == ("out_of_range", "n", n, 1, 64)
    e = refused(lambda: nqueens.count(33, method="halves"))
    assert str(e) == "n for method halves = 33 is out of range: n for method halves must be from 1 to 32"
    e = refused(lambda: nqueens.find(10**9 + 1))
    assert (e.value, e.max) == (10**9 + 1, 10**9)
    e = refused(lambda: nqueens.find(10**7 + 1, random=True))
    assert str(e) == "n = 10000001 is out of range: n must be from 1 to 10000000"
    e = refused(lambda: nqueens.Puzzle(0))
    assert e.quantity == "n"


def test_threads_out_of_range():
    for t in [0, 1025, -1]:
        e = refused(lambda: nqueens.count(8, threads=t))
        assert str(e) == f"threads = {t} is out of range: threads must be from 1 to 1024"
        assert (e.quantity, e.value) == ("threads", t)
    e = refused(lambda: nqueens.Puzzle(8).count(threads=0))
    assert e.quantity == "threads"


def test_methods_that_cannot():
    e = refused(lambda: nqueens.count(8, method="magic"))
    assert str(e) == "unknown method 'magic': expected one of naive, sets, bitmask, symmetry, halves, gpu"
    assert (e.kind, e.what, e.name, e.known) == (
        "unknown_name", "method", "magic", ["naive", "sets", "bitmask", "symmetry", "halves", "gpu"]
    )
    e = refused(lambda: nqueens.count(8, unique=True, method="bitmask"))
    assert str(e) == "method bitmask cannot count unique solutions; method symmetry can"
    assert (e.kind, e.method, e.instead) == ("unsupported", "bitmask", ["symmetry"])
    # The default wheel counts on the processor, and says how to get the GPU wheel (test_gpu.py
    # tests both).
    if "gpu" not in nqueens.METHODS:
        e = refused(lambda: nqueens.count(12, method="gpu"))
        assert str(e).startswith("this nqueens was built without GPU support: install the GPU wheel")
        assert e.kind == "gpu"


def test_bad_boards():
    e = refused(lambda: nqueens.Puzzle("Q..\n.Q.\n...\n"))
    assert e.kind == "board"
    assert str(e) == "the queens at row 0, column 0 and row 1, column 1 attack each other along a diagonal"
    e = refused(lambda: nqueens.Puzzle("..\n...\n"))
    assert str(e) == (
        "row 1 has 3 squares but the board has 2 rows: a board must be square (n rows of n squares)"
    )
    e = refused(lambda: nqueens.Puzzle("Q?.\n...\n...\n"))
    assert str(e).startswith("row 0, column 1: unexpected character '?'")
    e = refused(lambda: nqueens.Puzzle("# a comment\n...\n.?.\n...\n"))
    assert str(e).startswith("row 1 (line 2), column 1: unexpected character '?'")
    e = refused(lambda: nqueens.Puzzle("Q.Q\n...\n...\n"))
    assert str(e) == "row 0 has two queens, in columns 0 and 2: a row holds at most one queen"
    e = refused(lambda: nqueens.Puzzle(""))
    assert str(e).startswith("the board is empty")
    e = refused(lambda: nqueens.Puzzle(4).place(4, 0))
    assert str(e) == "row = 4 is out of range: row must be from 0 to 3"
    e = refused(lambda: nqueens.Puzzle(4).place(0, -1))
    assert (e.quantity, e.value, str(e)) == (
        "column", -1, "column = -1 is out of range: column must be from 0 to 3"
    )
    refused(lambda: nqueens.Puzzle(4).place(0, 0).place(1, 1))
    refused(lambda: nqueens.Puzzle(4).place(0, 0).place(0, 2))
    refused(lambda: nqueens.Puzzle(4).block(1, 1).place(1, 1))
    refused(lambda: nqueens.Puzzle(4).place(1, 1).block(1, 1))


def test_messages_name_squares_as_the_arguments_do():
    """Every message that names a square names the one passed, counting from 0."""
    e = refused(lambda: nqueens.Puzzle(8).place(0, 0).place(1, 1))
    assert str(e) == "the queens at row 0, column 0 and row 1, column 1 attack each other along a diagonal"
    e = refused(lambda: nqueens.Puzzle(8).place(2, 5).place(3, 4))
    assert "row 2, column 5 and row 3, column 4" in str(e)
    e = refused(lambda: nqueens.Puzzle(8).place(6, 1).place(1, 1))
    assert str(e) == "the queens at row 1, column 1 and row 6, column 1 attack each other in the same column"
    e = refused(lambda: nqueens.Puzzle(8).place(1, 2).place(1, 5))
    assert str(e) == "row 1 has two queens, in columns 2 and 5: a row holds at most one queen"
    e = refused(lambda: nqueens.Puzzle(8).block(3, 6).place(3, 6))
    assert str(e) == "the square at row 3, column 6 is blocked: no queen may stand there"
    e = refused(lambda: nqueens.Puzzle(8).place(3, 6).block(3, 6))
    assert str(e) == "the square at row 3, column 6 is blocked: no queen may stand there"
    e = refused(lambda: nqueens.Puzzle(8).place(9, 0))
    assert str(e) == "row = 9 is out of range: row must be from 0 to 7"
    e = refused(lambda: nqueens.Puzzle(8).block(0, 8))
    assert str(e) == "column = 8 is out of range: column must be from 0 to 7"
    # Lines of the grid text count from 0 too.
    e = refused(lambda: nqueens.Puzzle("....\n\n....\n....\n....\n"))
    assert str(e).startswith("blank line 1 inside the board")
    # The numbers a message gives are squares of the board passed: none is n or more.
    for call in [
        lambda: nqueens.Puzzle(4).place(0, 0).place(3, 3),
        lambda: nqueens.Puzzle("...Q\n....\n.Q..\n....\n"),
        lambda: nqueens.Puzzle(4).block(3, 3).place(3, 3),
    ]:
        assert all(int(k) < 4 for k in re.findall(r"(?:row|column) (\d+)", str(refused(call))))


# One bad value for every entry point of the package, and for every number it takes.
REFUSALS = {
    "count n": lambda: nqueens.count(0),
    "count threads": lambda: nqueens.count(8, threads=0),
    "count method": lambda: nqueens.count(8, method="magic"),
    "count unique method": lambda: nqueens.count(8, unique=True, method="bitmask"),
    "counts n": lambda: nqueens.counts(65),
    "counts threads": lambda: nqueens.counts(8, threads=-1),
    "solutions n": lambda: nqueens.solutions(-3),
    "solutions limit": lambda: nqueens.solutions(8, limit=-1),
    "blocks size 0": lambda: nqueens.solutions(8).blocks(0),
    "blocks size negative": lambda: nqueens.solutions(8).blocks(-5),
    "boards n": lambda: nqueens.boards(0),
    "boards memory": lambda: nqueens.boards(20),
    "find n": lambda: nqueens.find(10**9 + 1),
    "find random n": lambda: nqueens.find(10**7 + 1, random=True),
    "find seed negative": lambda: nqueens.find(8, random=True, seed=-1),
    "find seed too large": lambda: nqueens.find(8, seed=2**64),
    "Puzzle n": lambda: nqueens.Puzzle(0),
    "Puzzle text": lambda: nqueens.Puzzle("Q?"),
    "Puzzle.place": lambda: nqueens.Puzzle(4).place(4, 0),
    "Puzzle.block": lambda: nqueens.Puzzle(4).block(0, -1),
    "Puzzle.count threads": lambda: nqueens.Puzzle(4).count(threads=0),
    "Puzzle.solutions limit": lambda: nqueens.Puzzle(4).solutions(limit=-2),
}


@pytest.mark.parametrize("call", REFUSALS.values(), ids=REFUSALS.keys())
def test_every_refusal_is_an_nqueens_error(call):
    e = refused(call)
    assert type(e) is nqueens.Error
    assert e.kind in {"out_of_range", "unknown_name", "unsupported", "memory", "board"}
    assert "\n" not in str(e)


def test_refusals_are_made_in_one_place():
    # The binding raises its refusals through convert.rs, which makes each an nqueens.Error; a
    # ValueError built anywhere else would escape `except nqueens.Error`.
    src = REPO / "crates" / "nqueens-py" / "src"
    for path in sorted(src.glob("*.rs")):
        if path.name != "convert.rs":
            assert "PyValueError" not in path.read_text(), path.name


def test_the_bindings_own_arguments():
    e = refused(lambda: nqueens.solutions(8, limit=-1))
    assert str(e) == f"limit = -1 is out of range: limit must be from 0 to {2**64 - 1}"
    assert (e.kind, e.quantity, e.value, e.min, e.max) == ("out_of_range", "limit", -1, 0, 2**64 - 1)
    e = refused(lambda: nqueens.find(8, random=True, seed=-1))
    assert str(e) == f"seed = -1 is out of range: seed must be from 0 to {2**64 - 1}"
    assert (e.quantity, e.value, e.min, e.max) == ("seed", -1, 0, 2**64 - 1)
    e = refused(lambda: nqueens.find(8, seed=2**70))
    assert (e.quantity, e.value) == ("seed", 2**70)
    e = refused(lambda: nqueens.solutions(8).blocks(0))
    assert str(e) == f"size = 0 is out of range: size must be from 1 to {2**64 - 1}"
    assert (e.quantity, e.value, e.min) == ("size", 0, 1)


def test_boards_refuses_a_list_that_would_not_fit():
    e = refused(lambda: nqueens.boards(20))
    assert e.kind == "memory"
    assert "solutions(20)" in str(e)
    assert str(e).startswith("boards(20) would hold 39029188884 boards, about ")
    assert e.limit == 4 << 30 and e.needed > e.limit and e.fits is None
    for n in [17, 27, 28, 64]:
        e = refused(lambda: nqueens.boards(n))
        assert e.kind == "memory" and f"solutions({n})" in str(e)
    # n = 12 fits, and each board is LeetCode's list of rows.
    b = nqueens.boards(12)
    assert len(b) == 14200 and b[0][0] == "Q..........."
    assert all(len(board) == 12 and sum(r.count("Q") for r in board) == 12 for board in b)


def test_wrong_types_name_the_parameter_and_the_type_it_takes():
    for call, message in [
        (lambda: nqueens.count("8"), "n: expected an int, not str"),
        (lambda: nqueens.count(8.0), "n: expected an int, not float"),
        (lambda: nqueens.count(True), "n: expected an int, not bool"),
        (lambda: nqueens.count(None), "n: expected an int, not NoneType"),
        (lambda: nqueens.counts(8, method=3), "method: expected a str or None, not int"),
        (lambda: nqueens.count(8, threads=1.5), "threads: expected an int, not float"),
        (lambda: nqueens.count(8, unique="yes"), "unique: expected a bool, not str"),
        (lambda: nqueens.count(8, unique=1), "unique: expected a bool, not int"),
        (lambda: nqueens.solutions(8, unique=True, limit="3"), "limit: expected an int, not str"),
        (lambda: nqueens.solutions(8, limit=1.0), "limit: expected an int, not float"),
        (lambda: nqueens.solutions(8).blocks("9"), "size: expected an int, not str"),
        (lambda: nqueens.boards([4]), "n: expected an int, not list"),
        (
            lambda: nqueens.verify("1302"),
            "columns: expected an iterable of ints (one column per row), not str",
        ),
        (
            lambda: nqueens.verify(4),
            "columns: expected an iterable of ints (one column per row), not int",
        ),
        (lambda: nqueens.verify([0, "1"]), "columns[1]: expected an int, not str"),
        (lambda: nqueens.verify([0, True]), "columns[1]: expected an int, not bool"),
        (
            lambda: nqueens.Puzzle(4.0),
            "board: expected an int (a size) or a str (a grid), not float",
        ),
        (
            lambda: nqueens.Puzzle(None),
            "board: expected an int (a size) or a str (a grid), not NoneType",
        ),
        (lambda: nqueens.Puzzle(4).place(0, None), "col: expected an int, not NoneType"),
        (lambda: nqueens.Puzzle(4).block("0", 1), "row: expected an int, not str"),
        (lambda: nqueens.Puzzle(4).count(threads="2"), "threads: expected an int, not str"),
        (lambda: nqueens.find(8, seed="5"), "seed: expected an int or None, not str"),
        (lambda: nqueens.find(8, seed=True), "seed: expected an int or None, not bool"),
        (lambda: nqueens.find(8, random=None), "random: expected a bool, not NoneType"),
    ]:
        with pytest.raises(TypeError) as info:
            call()
        assert str(info.value) == message
    # Python's own refusal of a keyword given by position.
    with pytest.raises(TypeError, match="positional"):
        nqueens.count(8, True)


def test_ints_of_other_kinds_are_welcome():
    class Index:
        def __index__(self):
            return 8

    assert nqueens.count(Index()) == 92
    assert nqueens.count(8, threads=Index()) == 92
