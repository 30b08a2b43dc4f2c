"""The type stubs accept the code the documentation shows: mypy --strict checks the README's
Python example and the documented uses of every function against the installed stubs, and the
stubs' method names are the module's."""

import ast
import os
import re
import subprocess
import sys

import pytest

import nqueens
from conftest import REPO
from test_package import PACKAGE

# Documented uses, each as the documentation writes it; the README's example is added below.
USES = '''
import copy
import pathlib
import pickle
from collections.abc import Sequence

import nqueens

for m in nqueens.METHODS:
    nqueens.count(10, method=m)
try:
    nqueens.count(8, method="gpu")
except nqueens.Error as e:
    kind: str = e.kind
c = nqueens.counts(10, unique=True)
total: int = c.total
for columns in nqueens.solutions(8, unique=True, limit=2):
    first: int = columns[0]
for block in nqueens.solutions(10).blocks(100):
    pass
rows: list[list[str]] = nqueens.boards(4)
s = nqueens.find(50, seed=7)
if s is not None:
    column: int = s[3]
    seed: int | None = s.seed
r = nqueens.find(200, random=True)
conflict = nqueens.verify([0, 2, 1, 3])
if conflict is not None:
    squares: tuple[tuple[int, int], ...] = conflict.queens
nqueens.verify(range(4))
p = nqueens.Puzzle(8).place(0, 0).block(7, 7)
completions: int = p.count(threads=2)
q = nqueens.Puzzle(".Q..\\n....\\n....\\n...x\\n")
print(q.first(), q.given, q.blocked, list(q.solutions(limit=1)))
counted = p.counts(method="bitmask", threads=1)
by_puzzle: int = counted.total
sol = nqueens.Solution([1, 3, 0, 2])
as_sequence: Sequence[int] = sol
row_of_0: int = sol.index(0)
seen: dict[nqueens.Solution, int] = {sol: hash(sol)}
row_far: int = sol.index(0, 0, 10**30)
by_board: dict[nqueens.Puzzle, int] = {p: completions}
ok: bool = nqueens.is_solution([1, 3, 0, 2]) and nqueens.is_solution(sol)
methods: tuple[str, ...] = nqueens.METHODS
listed = nqueens.solutions(8, method="sets", limit=3)
again: nqueens.Puzzle = copy.deepcopy(p)
back: nqueens.Counts = pickle.loads(pickle.dumps(c))
rebuilt = nqueens.Counts(c.n, c.total, c.unique, c.classes, c.method, c.threads, c.seconds)
table: str = c._repr_html_()
drawn: str | None = sol._repr_svg_()
puzzle_drawn: str | None = p._repr_svg_()
picture = nqueens.solutions(8).picture(4)
first_boards: tuple[tuple[int, ...], ...] = picture.boards
grid: str | None = picture._repr_svg_()
document: str = str(picture)
part: nqueens.ShardRecord = nqueens.count(12, shard=(0, 2))
parts = [part, nqueens.count(12, shard=(1, 2), progress=True)]
merged: int = nqueens.merge(parts) + nqueens.merge(p.to_json() for p in parts)
back_part: nqueens.ShardRecord = nqueens.ShardRecord.from_json(part.to_json())
unique_part: nqueens.ShardRecord = nqueens.counts(12, unique=True, shard=(0, 2))
def shown(done: int, total: int) -> None:
    print(f"{done}/{total}")
try:
    saved: int = nqueens.count(14, progress=shown, checkpoint="q14.ckpt")
    resumed: int | nqueens.ShardRecord = nqueens.resume(pathlib.Path("q14.ckpt"))
except nqueens.Interrupted as e:
    if e.counts is not None:
        partial: bool = e.counts.partial
    where: str | None = e.checkpoint
try:
    on_gpu: int = nqueens.count(12, device=0)
    gpus: tuple[str, ...] = nqueens.counts(12, device="all", unique=True).devices
    part_on_gpu: nqueens.ShardRecord = nqueens.count(12, method="gpu", shard=(0, 2))
    resumed_on_gpu = nqueens.resume("gpu.ckpt", device=1)
except nqueens.Error as refused:
    found: list[str] = refused.found
nqueens.Puzzle(10).place(0, 1).count(progress=True, checkpoint=pathlib.Path("p.ckpt"))
by_puzzle_too: nqueens.Counts = p.counts(progress=shown, checkpoint="p.ckpt")
import warnings
warnings.simplefilter("ignore", nqueens.NoteWarning)
'''


def mypy_or_skip():
    # CI installs mypy and sets NQUEENS_TEST_MYPY=1, so that this test cannot be skipped there.
    if os.environ.get("NQUEENS_TEST_MYPY") != "1":
        pytest.importorskip("mypy")


def readme_example():
    text = (REPO / "README.md").read_text()
    python = text[text.index("\n## Python\n") :]
    return re.search(r"```python\n(.*?)```", python, re.S).group(1)


def test_documented_code_type_checks(tmp_path):
    mypy_or_skip()
    uses = tmp_path / "uses.py"
    uses.write_text(USES + "\n" + readme_example())
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental",
         "--cache-dir", str(tmp_path / "cache"), str(uses)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_stubs_name_the_modules_methods():
    tree = ast.parse((PACKAGE / "__init__.pyi").read_text())
    alias = next(
        n.value
        for n in tree.body
        if isinstance(n, ast.Assign) and n.targets[0].id == "_Method"
    )
    names = [ast.literal_eval(e) for e in alias.slice.elts]
    # Every name count() takes: the methods of this build, and "gpu", which only the GPU wheel
    # runs.
    assert names == [*dict.fromkeys([*nqueens.METHODS, "gpu"])]
