"""The package's objects as Python values: Solution as an immutable, hashable sequence; Puzzle,
Counts and Solution through pickle, copy and other processes; a repr for every object;
is_solution beside verify; METHODS."""

import collections.abc
import copy
import multiprocessing
import pickle
import sys

import pytest

import nqueens

SOLUTIONS = [
    nqueens.find(8),  # constructed
    nqueens.find(1),
    nqueens.find(50, seed=7),  # random, with its seed
    nqueens.Solution([1, 3, 0, 2]),  # made from columns
]


@pytest.mark.parametrize("s", SOLUTIONS, ids=repr)
def test_a_solution_behaves_as_the_tuple_of_its_columns(s):
    t = tuple(s)
    assert isinstance(s, collections.abc.Sequence)
    assert s == t and s == list(t) and not (s != t)
    assert hash(s) == hash(t)
    assert list(reversed(s)) == list(reversed(t))
    n = len(t)
    for value in [t[0], t[-1], n, -1, n - 1, 0, 2**70, float(t[0]), "0", None]:
        assert (value in s) == (value in t), value
        assert s.count(value) == t.count(value), value
        for start, stop in [(0, n), (1, n), (-2, n), (0, -1), (n, 0), (-100, 100)]:
            try:
                expected = t.index(value, start, stop)
            except ValueError:
                with pytest.raises(ValueError):
                    s.index(value, start, stop)
            else:
                assert s.index(value, start, stop) == expected, (value, start, stop)
    for k in [slice(None), slice(1, None, 2), slice(None, None, -1), slice(-3, -1)]:
        assert s[k] == t[k]


@pytest.mark.parametrize("s", SOLUTIONS, ids=repr)
def test_index_bounds_past_any_machine_int_clamp_as_a_tuples_do(s):
    t = tuple(s)
    n = len(t)
    huge = [10**30, -(10**30), 2**63, -(2**63) - 1, 2**64, sys.maxsize, -sys.maxsize - 1]
    for start in [0, -1, n, *huge]:
        for stop in [n, -1, *huge]:
            for value in [t[0], t[-1], n]:
                try:
                    expected = t.index(value, start, stop)
                except ValueError:
                    with pytest.raises(ValueError):
                        s.index(value, start, stop)
                else:
                    assert s.index(value, start, stop) == expected, (value, start, stop)

    class Row:
        def __index__(self):
            return n - 1

    assert s.index(t[-1], Row()) == t.index(t[-1], Row()) == n - 1
    for bad in [None, "1", 1.0]:
        with pytest.raises(TypeError) as theirs:
            t.index(t[0], bad)
        with pytest.raises(TypeError) as ours:
            s.index(t[0], bad)
        assert str(ours.value) == str(theirs.value)
        with pytest.raises(TypeError):
            s.index(t[0], 0, bad)
    for k in [
        slice(10**30),
        slice(-(10**30), 10**30),
        slice(10**30, -(10**30), -1),
        slice(None, None, 10**30),
        slice(None, None, -(10**30)),
        slice(-(2**63) - 1, 2**63, 2),
    ]:
        assert s[k] == t[k], k


def test_solutions_are_values_in_sets_and_dicts():
    a, b = nqueens.find(8), nqueens.Solution(tuple(nqueens.find(8)))
    assert a == b and len({a, b, tuple(a)}) == 1
    assert {a: "eight"}[(3, 5, 7, 1, 6, 0, 2, 4)] == "eight"
    assert nqueens.find(8) != nqueens.find(10)
    with pytest.raises(TypeError):
        hash([a])


def test_a_billion_queens_hash_without_a_tuple():
    # A tuple of 10^5 columns is cheap; the hash of 10^9 is computed row by row.
    s = nqueens.find(10**5)
    assert hash(s) == hash(tuple(s))
    assert isinstance(hash(nqueens.find(10**9)), int)


def test_every_value_equal_by_value_is_hashable_with_its_equals():
    # Puzzle, Conflict and SymmetryClasses were equal by value and unhashable: Python drops
    # the hash of a class that defines __eq__ alone.
    p = nqueens.Puzzle(8).place(0, 0).block(7, 7)
    same = nqueens.Puzzle(str(p))
    assert p == same and hash(p) == hash(same) and {p: "one"}[same] == "one"
    assert len({p, same, nqueens.Puzzle(8), nqueens.Puzzle(8).place(0, 0), nqueens.Puzzle(9)}) == 4
    c = nqueens.verify([0, 2, 1, 3])
    assert hash(c) == hash(nqueens.verify([0, 2, 1, 3])) and {c: 1}[nqueens.verify([0, 2, 1, 3])] == 1
    assert len({c, nqueens.verify([0, 0]), nqueens.verify([2, -1, 3])}) == 3
    k = nqueens.counts(10, unique=True).classes
    assert hash(k) == hash(nqueens.SymmetryClasses(rot90=0, rot180=3, asymmetric=89))
    assert {k: 10}[nqueens.SymmetryClasses(0, 3, 89)] == 10
    r = nqueens.count(8, shard=(1, 2))
    assert hash(r) == hash(nqueens.ShardRecord.from_json(r.to_json())) and {r: 1}[r] == 1
    # The class: every class of the package that compares by value hashes.
    compared = [
        cls
        for cls in vars(nqueens).values()
        if isinstance(cls, type) and cls.__eq__ is not object.__eq__
        and not issubclass(cls, BaseException)
    ]
    assert {cls.__name__ for cls in compared} == {
        "Solution", "Counts", "SymmetryClasses", "Conflict", "Puzzle", "ShardRecord",
    }
    for cls in compared:
        assert cls.__hash__ is not None, cls


def test_solution_refuses_columns_that_are_no_solution():
    with pytest.raises(nqueens.Error) as info:
        nqueens.Solution([0, 2, 1, 3])
    e = info.value
    assert e.kind == "not_a_solution"
    assert e.conflict == nqueens.verify([0, 2, 1, 3])
    assert str(e) == "not a solution: " + str(e.conflict)
    with pytest.raises(nqueens.Error) as info:
        nqueens.Solution([2, -1, 3])
    assert info.value.conflict.kind == "off_board"
    with pytest.raises(TypeError, match=r"^columns\[1\]: expected an int, not str$"):
        nqueens.Solution([0, "1"])


@pytest.mark.parametrize("s", SOLUTIONS, ids=repr)
def test_solutions_pickle_and_copy(s):
    for back in [pickle.loads(pickle.dumps(s)), copy.copy(s), copy.deepcopy(s)]:
        assert type(back) is nqueens.Solution
        assert back == s and back.seed == s.seed and back.n == s.n


def test_a_constructed_solution_pickles_as_its_size():
    s = nqueens.find(10**9)
    data = pickle.dumps(s)
    assert len(data) < 200
    back = pickle.loads(data)
    assert back.n == 10**9 and back[123456789] == s[123456789] == 246913579


def test_puzzles_and_counts_pickle_and_copy():
    p = nqueens.Puzzle(8).place(0, 0).block(7, 7).block(3, 4)
    for back in [pickle.loads(pickle.dumps(p)), copy.copy(p), copy.deepcopy(p)]:
        assert back == p and back.given == p.given and back.blocked == p.blocked
        assert back.count() == p.count()
    c = nqueens.counts(10, unique=True)
    fields = ["n", "total", "unique", "classes", "method", "threads", "seconds"]
    for back in [pickle.loads(pickle.dumps(c)), copy.copy(c), copy.deepcopy(c)]:
        assert type(back) is nqueens.Counts
        assert [getattr(back, f) for f in fields] == [getattr(c, f) for f in fields]
    assert c.classes == nqueens.SymmetryClasses(rot90=0, rot180=3, asymmetric=89)
    plain = pickle.loads(pickle.dumps(nqueens.counts(6, method="bitmask")))
    assert (plain.total, plain.unique, plain.classes, plain.method) == (4, None, None, "bitmask")
    with pytest.raises(nqueens.Error) as info:
        nqueens.Counts(8, 92, None, None, "magic", 1, 0.0)
    assert info.value.kind == "unknown_name"


def test_objects_cross_to_other_processes():
    # Spawned workers share nothing with this process: every argument and result is pickled.
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        found = pool.map(nqueens.find, [8, 12])
        counted = pool.map(nqueens.counts, [8, 9])
        puzzles = pool.map(copy.deepcopy, [nqueens.Puzzle(6).place(0, 1)])
    assert found == [nqueens.find(8), nqueens.find(12)]
    assert [c.total for c in counted] == [92, 352]
    assert puzzles[0] == nqueens.Puzzle(6).place(0, 1) and puzzles[0].count() == 1


def test_every_object_has_a_repr_that_says_what_it_is():
    p = nqueens.Puzzle(".Q..\n....\n....\n...x\n")
    shown = [
        (nqueens.solutions(8), "Solutions(n=8, method='bitmask', limit=None)"),
        (
            nqueens.solutions(8, unique=True, limit=2, method="sets"),
            "Solutions(n=8, method='sets', unique=True, limit=2)",
        ),
        (p.solutions(limit=1), f"Solutions(puzzle={p!r}, limit=1)"),
        (
            nqueens.solutions(10).blocks(100),
            "Blocks(Solutions(n=10, method='bitmask', limit=None), size=100)",
        ),
        (nqueens.find(4), "Solution([1, 3, 0, 2])"),
        (nqueens.find(10, seed=3), f"Solution({list(nqueens.find(10, seed=3))}, seed=3)"),
        (p, "Puzzle('.Q..\\n....\\n....\\n...x\\n')"),
        (nqueens.verify([0, 0]), "Conflict(kind='attack', line='column', queens=((0, 0), (1, 0)))"),
    ]
    for obj, text in shown:
        assert repr(obj) == text
    # The values rebuild from their repr.
    names = vars(nqueens)
    for obj in [p, nqueens.find(4), nqueens.counts(8, unique=True).classes]:
        assert eval(repr(obj), names) == obj
    counted = nqueens.counts(9, unique=True)
    c = eval(repr(counted), names)
    assert (c.total, c.unique, c.method) == (352, 46, "symmetry")
    # Every attribute, the seconds too, to the last bit: equal, with one hash.
    assert c == counted and hash(c) == hash(counted) and c.seconds == counted.seconds
    assert c != nqueens.Counts(9, 352, 46, c.classes, "symmetry", c.threads, c.seconds + 1)
    assert c != nqueens.Counts(9, 352, None, None, "symmetry", c.threads, c.seconds)
    assert c != (9, 352)


def test_a_long_solution_shows_its_ends():
    s = nqueens.find(10**9)
    ends = f"{s[0]}, {s[1]}, {s[2]}, {s[3]}, {s[4]}, ..., {s[-2]}, {s[-1]}"
    assert repr(s) == f"Solution([{ends}], n=1000000000)"


@pytest.mark.parametrize(
    "columns", [[1, 3, 0, 2], [0, 2, 1, 3], [2, -1, 3], [0], [0, 0], range(4), (5, 2**80)]
)
def test_is_solution_is_verify_is_none(columns):
    expected = nqueens.verify(columns) is None
    assert nqueens.is_solution(columns) is expected
    assert nqueens.is_solution(iter(list(columns))) is expected


def test_is_solution_of_solutions():
    assert nqueens.is_solution([1, 3, 0, 2]) and not nqueens.is_solution([0, 2, 1, 3])
    assert nqueens.is_solution(nqueens.find(1000)) and nqueens.is_solution(nqueens.find(10**9))
    assert all(nqueens.is_solution(s) for s in nqueens.solutions(8))


def test_is_solution_refuses_what_verify_refuses():
    for bad in ["1302", 4, [0, "1"], [0, True]]:
        with pytest.raises(TypeError):
            nqueens.is_solution(bad)


def test_methods_are_what_this_build_runs():
    cpu = ("naive", "sets", "bitmask", "symmetry", "halves")
    assert nqueens.METHODS in (cpu, (*cpu, "gpu"))
    for m in nqueens.METHODS:
        assert nqueens.count(8, method=m) == 92
    if "gpu" not in nqueens.METHODS:
        with pytest.raises(nqueens.Error) as info:
            nqueens.count(8, method="gpu")
        assert info.value.kind == "gpu"
