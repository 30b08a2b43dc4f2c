"""Counts: every method against the published sequences, unique counts and their classes,
threads, and counting without the GIL."""

import threading

import pytest

import nqueens
from conftest import TOTAL, UNIQUE


@pytest.mark.parametrize("n", range(1, 15))
def test_count_matches_a000170(n):
    assert nqueens.count(n) == TOTAL[n - 1]


@pytest.mark.parametrize("n", range(1, 15))
def test_unique_count_matches_a002562(n):
    assert nqueens.count(n, unique=True) == UNIQUE[n - 1]


@pytest.mark.parametrize("method", ["naive", "sets", "bitmask", "symmetry", "halves"])
def test_every_method_counts_right(method):
    for n in range(1, 10):
        assert nqueens.count(n, method=method) == TOTAL[n - 1], (method, n)
    assert nqueens.counts(9, method=method).method == method


def test_counts_reports_what_the_library_decided():
    c = nqueens.counts(12, unique=True, threads=2)
    assert (c.n, c.total, c.unique) == (12, 14200, 1787)
    assert (c.method, c.threads) == ("symmetry", 2)
    k = c.classes
    assert (k.rot90, k.rot180, k.asymmetric) == (4, 18, 1765)
    assert 2 * k.rot90 + 4 * k.rot180 + 8 * k.asymmetric == c.total
    assert k == nqueens.counts(12, unique=True).classes
    assert c.seconds >= 0
    assert repr(c).startswith(
        "Counts(n=12, total=14200, unique=1787, classes=SymmetryClasses(rot90=4, rot180=18, "
        "asymmetric=1765), method='symmetry', threads=2, seconds="
    )


def test_the_library_chooses_the_method():
    # The halves engine from n = 14 on, the symmetry engine for unique counts and below.
    assert nqueens.counts(16).method == "halves"
    assert nqueens.counts(16).total == 14772512
    assert nqueens.counts(10).method == "symmetry"
    plain = nqueens.counts(14, method="bitmask")
    assert (plain.total, plain.unique, plain.classes) == (365596, None, None)
    assert "unique=None, classes=None, method='bitmask'" in repr(plain)


@pytest.mark.parametrize("threads", [1, 2, 3])
def test_any_number_of_threads_counts_the_same(threads):
    c = nqueens.counts(13, threads=threads)
    assert (c.total, c.threads) == (73712, threads)


def test_counts_release_the_gil():
    # While another thread counts, this one keeps running Python code.
    done = []
    worker = threading.Thread(
        target=lambda: done.append(nqueens.count(15, method="bitmask", threads=1))
    )
    ticks = 0
    worker.start()
    while worker.is_alive():
        ticks += 1
    worker.join()
    assert done == [2279184]
    assert ticks > 10_000, f"only {ticks} steps of Python ran during the count"
