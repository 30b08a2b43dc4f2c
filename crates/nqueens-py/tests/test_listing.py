"""Listings: solutions as an iterator (limits, unique classes, abandoning it half way), the
LeetCode boards, and blocks as NumPy arrays."""

import subprocess
import sys

import pytest

import nqueens
from conftest import TOTAL, UNIQUE, numpy_or_skip


def is_solution(cols):
    n = len(cols)
    return (
        sorted(cols) == list(range(n))
        and len({r + c for r, c in enumerate(cols)}) == n
        and len({r - c for r, c in enumerate(cols)}) == n
    )


def test_boards_4_is_leetcodes_example():
    assert nqueens.boards(4) == [
        [".Q..", "...Q", "Q...", "..Q."],
        ["..Q.", "Q...", "...Q", ".Q.."],
    ]
    assert nqueens.boards(1) == [["Q"]]
    assert nqueens.boards(3) == []


@pytest.mark.parametrize("n", range(1, 11))
def test_solutions_are_every_solution_in_lexicographic_order(n):
    found = list(nqueens.solutions(n))
    assert len(found) == TOTAL[n - 1]
    assert found == sorted(set(found))
    assert all(isinstance(s, tuple) and is_solution(s) for s in found)


@pytest.mark.parametrize("n", range(1, 11))
def test_unique_solutions_are_one_per_class(n):
    found = list(nqueens.solutions(n, unique=True))
    assert len(found) == UNIQUE[n - 1]
    everything = set(nqueens.solutions(n))
    assert set(found) <= everything


def test_limit_stops_the_stream():
    assert list(nqueens.solutions(8, limit=3)) == list(nqueens.solutions(8))[:3]
    assert list(nqueens.solutions(8, limit=0)) == []
    assert len(list(nqueens.solutions(6, limit=100))) == 4
    assert len(list(nqueens.solutions(8, unique=True, limit=5))) == 5


def test_an_iterator_can_be_abandoned_and_stays_exhausted():
    it = nqueens.solutions(30)
    first = next(it)
    assert len(first) == 30 and is_solution(first)
    assert it.n == 30
    del it  # half way through an astronomically long listing
    it = nqueens.solutions(4)
    assert len(list(it)) == 2
    with pytest.raises(StopIteration):
        next(it)
    with pytest.raises(StopIteration):
        next(it)


def test_iterators_are_independent():
    a, b = nqueens.solutions(6), nqueens.solutions(6)
    assert next(a) == next(b)
    assert list(a) == list(b)


def test_blocks_are_numpy_arrays_of_the_same_stream():
    np = numpy_or_skip()
    it = nqueens.solutions(10)
    head = [next(it) for _ in range(5)]
    blocks = list(it.blocks(100))
    assert [b.shape for b in blocks] == [(100, 10)] * 7 + [(19, 10)]
    assert all(b.dtype == np.uint8 for b in blocks)
    rows = [tuple(int(c) for c in row) for b in blocks for row in b]
    assert head + rows == list(nqueens.solutions(10))
    blocks[0][0, 0] = 9  # the arrays are the caller's own
    whole = next(nqueens.solutions(14).blocks())
    assert whole.shape == (65536, 14)
    assert len(list(nqueens.solutions(8, limit=10).blocks(4))) == 3


def test_blocks_without_numpy_say_what_is_missing():
    code = (
        "import sys; sys.modules['numpy'] = None\n"
        "import nqueens\n"
        "try:\n"
        "    nqueens.solutions(8).blocks()\n"
        "except ImportError as e:\n"
        "    print('ImportError:', e)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.stdout.startswith("ImportError: Solutions.blocks needs NumPy"), out
