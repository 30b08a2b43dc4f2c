"""One solution of any size (find), the verifier and its conflicts, and puzzles, checked
against the command line's counts of the same boards."""

import random
import subprocess

import pytest

import nqueens
from conftest import TOTAL


def is_solution(cols):
    return nqueens.verify(cols) is None


@pytest.mark.parametrize("n", [1, 4, 5, 6, 7, 8, 9, 10, 11, 12, 20, 99, 1000, 12345])
def test_find_constructs_a_solution(n):
    s = nqueens.find(n)
    assert len(s) == s.n == n and s.seed is None
    assert is_solution(s) and is_solution(list(s)) and is_solution(tuple(s))


def test_find_has_no_solution_for_2_and_3():
    assert nqueens.find(2) is None
    assert nqueens.find(3) is None
    assert nqueens.find(3, random=True, seed=1) is None


def test_a_billion_queens_are_computed_as_they_are_read():
    s = nqueens.find(10**9)
    assert len(s) == 10**9
    rows = [0, 1, 123456789, 10**9 - 2, 10**9 - 1]
    cols = [s[r] for r in rows]
    assert len(set(cols)) == 5 and all(0 <= c < 10**9 for c in cols)
    assert s[-1] == cols[-1] and s[-2] == cols[-2]
    assert s[10:13] == (s[10], s[11], s[12])
    assert s[-3:] == (s[10**9 - 3], s[10**9 - 2], s[10**9 - 1])
    with pytest.raises(IndexError):
        s[10**9]
    assert repr(s).startswith("Solution([") and "n=1000000000" in repr(s)


def test_an_index_past_any_int_of_the_platform_is_off_the_board_as_for_a_tuple():
    s = nqueens.find(10**9)
    for index in (2**64, -(2**64), 2**63, 10**30):
        with pytest.raises(IndexError) as raised:
            s[index]
        assert str(raised.value) == "solution index out of range"
        with pytest.raises(IndexError):
            tuple(nqueens.find(8))[index]
    with pytest.raises(TypeError):
        s["1"]


def test_a_solution_is_a_sequence():
    s = nqueens.find(8)
    assert list(s) == [3, 5, 7, 1, 6, 0, 2, 4]
    assert s == (3, 5, 7, 1, 6, 0, 2, 4) and s == [3, 5, 7, 1, 6, 0, 2, 4]
    assert s == nqueens.find(8) and s != nqueens.find(10) and s != "35716024"
    assert s[::2] == (3, 7, 6, 2) and s[::-1] == (4, 2, 0, 6, 1, 7, 5, 3)
    assert repr(s) == "Solution([3, 5, 7, 1, 6, 0, 2, 4])"


def test_a_seed_asks_for_a_random_solution():
    # As `nqueens find 20 --seed 5` does: a seed has nothing else to seed.
    s = nqueens.find(20, seed=5)
    assert s.seed == 5 and is_solution(s)
    assert s == nqueens.find(20, random=True, seed=5)
    assert nqueens.find(20).seed is None
    assert nqueens.find(3, seed=5) is None


def test_random_solutions_repeat_with_their_seed():
    a = nqueens.find(200, random=True, seed=42)
    assert a.seed == 42 and is_solution(a)
    assert tuple(a) == tuple(nqueens.find(200, random=True, seed=42))
    b = nqueens.find(200, random=True)
    assert is_solution(b) and isinstance(b.seed, int)
    assert tuple(b) == tuple(nqueens.find(200, random=True, seed=b.seed))


def test_verify_names_the_two_queens_and_their_line():
    assert nqueens.verify([1, 3, 0, 2]) is None
    c = nqueens.verify([0, 2, 4, 1, 3, 3])
    assert (c.kind, c.line, c.queens) == ("attack", "column", ((4, 3), (5, 3)))
    c = nqueens.verify([0, 1, 3, 2])
    assert (c.kind, c.line, c.queens) == ("attack", "diagonal", ((0, 0), (1, 1)))
    assert str(c) == "queens at row 0, column 0 and row 1, column 1 share a diagonal (\\)"
    c = nqueens.verify([1, 0, 3, 2])
    assert (c.line, c.queens) == ("anti-diagonal", ((0, 1), (1, 0)))
    assert repr(c) == "Conflict(kind='attack', line='anti-diagonal', queens=((0, 1), (1, 0)))"
    assert c == nqueens.verify((1, 0, 3, 2))


def test_verify_finds_queens_off_the_board():
    c = nqueens.verify([1, 3, 0, 4])
    assert (c.kind, c.line, c.queens) == ("off_board", None, ((3, 4),))
    assert str(c) == "the queen at row 3, column 4 is off the board: columns are from 0 to 3"
    c = nqueens.verify([0, 2**40])
    assert c.queens == ((1, 2**40),)
    assert str(c) == f"the queen at row 1, column {2**40} is off the board: columns are from 0 to 1"


def test_verify_judges_every_column_off_the_board_alike():
    # A column below the board is off it as one beyond it is: the same kind of answer.
    c = nqueens.verify([-1, 2])
    assert (c.kind, c.line, c.queens) == ("off_board", None, ((0, -1),))
    assert str(c) == "the queen at row 0, column -1 is off the board: columns are from 0 to 1"
    assert repr(c) == "Conflict(kind='off_board', line=None, queens=((0, -1),))"
    c = nqueens.verify([0, 9, 3])
    assert (c.kind, c.queens) == ("off_board", ((1, 9),))
    for col in [-1, -(2**40), -(2**70), 4, 2**32 - 1, 2**32, 2**64, 2**70]:
        c = nqueens.verify([1, 3, col, 2])
        assert (c.kind, c.queens) == ("off_board", ((2, col),)), col
    # The first conflict scanning from the top, whichever kind it is.
    assert nqueens.verify([0, 0, -1]).kind == "attack"
    assert nqueens.verify([0, -1, 0]).kind == "off_board"


def test_verify_agrees_with_the_listing():
    everything = set(nqueens.solutions(6))
    rng = random.Random(6)
    for _ in range(2000):
        cols = [rng.randrange(6) for _ in range(6)]
        assert (nqueens.verify(cols) is None) == (tuple(cols) in everything)


def test_verify_reads_any_iterable_of_ints():
    assert nqueens.verify(iter([1, 3, 0, 2])) is None
    assert nqueens.verify(range(1)) is None
    assert nqueens.verify(nqueens.find(100000)) is None


def random_puzzle(rng, n):
    """A solvable-looking puzzle: a few queens of a random solution, a few blocked squares."""
    sol = nqueens.find(n, random=True, seed=rng.randrange(2**32))
    p = nqueens.Puzzle(n)
    for row in rng.sample(range(n), rng.randrange(3)):
        p = p.place(row, sol[row])
    for _ in range(rng.randrange(2 * n)):
        r, c = rng.randrange(n), rng.randrange(n)
        if p.given[r] != c:
            p = p.block(r, c)
    return p


def test_puzzles_count_as_the_command_line_does(cli, tmp_path):
    rng = random.Random(18)
    for i in range(30):
        p = random_puzzle(rng, rng.randrange(4, 11))
        board = tmp_path / f"puzzle{i}.txt"
        board.write_text(str(p))
        run = subprocess.run(
            [cli, "count", "--board", str(board)], capture_output=True, text=True, check=True
        )
        expected = int(run.stdout)
        assert p.count() == expected, str(p)
        assert nqueens.Puzzle(board.read_text()) == p
        completions = list(p.solutions())
        assert len(completions) == expected
        assert p.first() == (completions[0] if completions else None)
        assert all(is_solution(c) for c in completions)
        assert all(c[r] == g for c in completions for r, g in enumerate(p.given) if g is not None)
        assert all(c[r] != col for c in completions for r, col in p.blocked)


def test_a_larger_puzzle_counts_on_threads_as_the_command_line_does(cli, tmp_path):
    p = nqueens.Puzzle(13).place(0, 2).place(5, 8).block(3, 3).block(12, 0)
    board = tmp_path / "p13.txt"
    board.write_text(str(p))
    run = subprocess.run([cli, "count", "--board", str(board)], capture_output=True, text=True)
    expected = int(run.stdout)
    assert expected > 100
    assert p.count(threads=1) == p.count(threads=3) == expected


def test_puzzle_text_and_building_agree():
    text = "# a comment\n.Q..\n....\n....\n...x\n"
    p = nqueens.Puzzle(text)
    assert p == nqueens.Puzzle(4).place(0, 1).block(3, 3)
    assert str(p) == ".Q..\n....\n....\n...x\n"
    assert repr(p) == "Puzzle('.Q..\\n....\\n....\\n...x\\n')"
    assert (p.n, p.given, p.blocked) == (4, [1, None, None, None], [(3, 3)])
    assert p.count() == 1 and p.first() == (1, 3, 0, 2)
    assert list(p.solutions()) == [(1, 3, 0, 2)]
    assert nqueens.Puzzle(8).count() == TOTAL[7]
    assert list(nqueens.Puzzle(8).solutions(limit=2)) == list(nqueens.solutions(8, limit=2))
    assert nqueens.Puzzle("Q..\n...\n...\n").first() is None
    assert nqueens.Puzzle(4).place(0, 1).place(0, 1) == nqueens.Puzzle(4).place(0, 1)
