"""Bad input raises nqueens.Error (a ValueError) with the library's message and its fields, or
TypeError for a value of the wrong type; never a crash."""

import pytest

import nqueens


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
    assert (e.kind, e.what, e.name, e.known) == ("unknown_name", "method", "magic", nqueens.METHODS)
    e = refused(lambda: nqueens.count(8, unique=True, method="bitmask"))
    assert str(e) == "method bitmask cannot count unique solutions; method symmetry can"
    assert (e.kind, e.method, e.instead) == ("unsupported", "bitmask", ["symmetry"])
    # The package counts on the processor; the GPU method needs the Rust crate's feature gpu.
    e = refused(lambda: nqueens.count(12, method="gpu"))
    assert str(e) == "method gpu is not in this build: the crate was built without its feature gpu"
    assert e.kind == "gpu"


def test_bad_boards():
    e = refused(lambda: nqueens.Puzzle("Q..\n.Q.\n...\n"))
    assert e.kind == "board"
    assert str(e) == "the queens at row 1, column 1 and row 2, column 2 attack each other along a diagonal"
    e = refused(lambda: nqueens.Puzzle("..\n...\n"))
    assert str(e).startswith("row 1 has 2 squares but the board has 2 rows") or "square" in str(e)
    e = refused(lambda: nqueens.Puzzle("Q?.\n...\n...\n"))
    assert "unexpected character '?'" in str(e)
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


def test_the_bindings_own_arguments():
    with pytest.raises(ValueError, match="limit = -1 is out of range"):
        nqueens.solutions(8, limit=-1)
    with pytest.raises(ValueError, match="random=True"):
        nqueens.find(8, seed=3)
    with pytest.raises(ValueError, match="seed = -1 is out of range"):
        nqueens.find(8, random=True, seed=-1)
    with pytest.raises(ValueError, match=r"columns\[1\] = -1 is out of range"):
        nqueens.verify([0, -1])


def test_wrong_types():
    for call in [
        lambda: nqueens.count("8"),
        lambda: nqueens.count(8.0),
        lambda: nqueens.count(True),
        lambda: nqueens.count(None),
        lambda: nqueens.count(8, method=3),
        lambda: nqueens.count(8, threads=1.5),
        lambda: nqueens.count(8, 2),  # keywords only
        lambda: nqueens.solutions(8, unique=True, limit="3"),
        lambda: nqueens.verify("1302"),
        lambda: nqueens.verify([0, "1"]),
        lambda: nqueens.verify(4),
        lambda: nqueens.Puzzle(4.0),
        lambda: nqueens.Puzzle(None),
        lambda: nqueens.Puzzle(4).place(0, None),
    ]:
        with pytest.raises(TypeError):
            call()


def test_ints_of_other_kinds_are_welcome():
    class Index:
        def __index__(self):
            return 8

    assert nqueens.count(Index()) == 92
    assert nqueens.count(8, threads=Index()) == 92
