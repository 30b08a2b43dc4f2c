# Type stubs of the nqueens package, which re-exports its extension module nqueens._nqueens (the
# wheel ships them with py.typed).
from os import PathLike
from typing import (
    Any,
    Callable,
    Iterable,
    Iterator,
    Literal,
    Optional,
    Sequence,
    SupportsIndex,
    Tuple,
    Union,
    final,
    overload,
)

__all__ = [
    "Blocks",
    "Conflict",
    "Counts",
    "Error",
    "Interrupted",
    "MAX_N",
    "METHODS",
    "NoteWarning",
    "Picture",
    "Puzzle",
    "Solution",
    "ShardRecord",
    "Solutions",
    "SymmetryClasses",
    "__version__",
    "boards",
    "count",
    "counts",
    "find",
    "is_solution",
    "merge",
    "resume",
    "solutions",
    "verify",
]

# The names count() takes: nqueens.METHODS, and "gpu", which a package built without GPUs (the
# default wheel) refuses (kind "gpu"); the GPU wheel lists it in METHODS.
_Method = Literal["naive", "sets", "bitmask", "symmetry", "halves", "gpu"]
# The GPUs a count runs on: one by its index (0, the first), or every GPU of the machine.
_Device = Union[SupportsIndex, Literal["all"]]

__version__: str
# Typed with the names, so that `for m in METHODS: count(n, method=m)` type-checks.
METHODS: Tuple[_Method, ...]
MAX_N: int

class Error(ValueError):
    """Every refusal of a value; str() names the problem and the valid range, squares from 0."""

    kind: str
    # Present according to kind (out_of_range: quantity, value, min, max; unknown_name: what,
    # name, known; unsupported: method, instead; memory: needed, limit, fits, and method for a
    # count).
    quantity: str
    value: int
    min: int
    max: int
    what: str
    name: str
    known: list[str]
    method: str
    instead: list[str]
    needed: int
    limit: int
    fits: Optional[int]
    # not_a_solution (from Solution()): why the columns are not one.
    conflict: Conflict
    # gpu, for a device that does not exist: the names of those that do, in index order.
    found: list[str]

class Interrupted(KeyboardInterrupt):
    """A count stopped by Ctrl-C; str() says what was saved and how to continue."""

    # The counts of the subproblems finished (partial=True), or None where the count did not
    # answer the stop in time.
    counts: Optional[Counts]
    # The checkpoint that holds the finished work, or None for a count without one.
    checkpoint: Optional[str]
    # Subproblems finished, of how many (None where unknown).
    done: Optional[int]
    subproblems: Optional[int]

class NoteWarning(UserWarning):
    """What the library notes about a count (a software GPU, a GPU that failed and was stood in
    for, fewer threads than asked): the command line's lines on stderr, as warnings."""

# The first overload of each function spells every default; the others narrow a parameter.
@overload
def count(
    n: SupportsIndex,
    *,
    unique: bool = False,
    method: Optional[_Method] = None,
    threads: Optional[SupportsIndex] = None,
    progress: Union[bool, Callable[[int, int], object], None] = None,
    checkpoint: Union[str, PathLike[str], None] = None,
    shard: None = None,
    device: Optional[_Device] = None,
) -> int:
    """The number of solutions of the n×n board (the unique ones with unique=True)."""

@overload
def count(
    n: SupportsIndex,
    *,
    unique: bool = False,
    method: Optional[_Method] = None,
    threads: Optional[SupportsIndex] = None,
    progress: Union[bool, Callable[[int, int], object], None] = None,
    checkpoint: Union[str, PathLike[str], None] = None,
    shard: Tuple[SupportsIndex, SupportsIndex],
    device: Optional[_Device] = None,
) -> ShardRecord:
    """Part i of k of the count, as a record for merge()."""

@overload
def counts(
    n: SupportsIndex,
    *,
    unique: bool = False,
    method: Optional[_Method] = None,
    threads: Optional[SupportsIndex] = None,
    progress: Union[bool, Callable[[int, int], object], None] = None,
    checkpoint: Union[str, PathLike[str], None] = None,
    shard: None = None,
    device: Optional[_Device] = None,
) -> Counts:
    """The count of the n×n board with what the library decided."""

@overload
def counts(
    n: SupportsIndex,
    *,
    unique: bool = False,
    method: Optional[_Method] = None,
    threads: Optional[SupportsIndex] = None,
    progress: Union[bool, Callable[[int, int], object], None] = None,
    checkpoint: Union[str, PathLike[str], None] = None,
    shard: Tuple[SupportsIndex, SupportsIndex],
    device: Optional[_Device] = None,
) -> ShardRecord:
    """Part i of k of the count, as a record for merge()."""

def resume(
    path: Union[str, PathLike[str]],
    *,
    threads: Optional[SupportsIndex] = None,
    progress: Union[bool, Callable[[int, int], object], None] = None,
    device: Optional[_Device] = None,
) -> Union[int, ShardRecord]:
    """Continues the count saved at path: its number, or a shard's record."""

@final
class ShardRecord:
    """One part's finished count, as `nqueens count --shard I/K --json` writes it; merge() adds
    the parts up."""

    @property
    def n(self) -> int: ...
    @property
    def method(self) -> str: ...
    @property
    def shard(self) -> Tuple[int, int]: ...
    @property
    def solutions(self) -> int: ...
    @property
    def unique(self) -> Optional[int]: ...
    @property
    def classes(self) -> Optional[SymmetryClasses]: ...
    @property
    def answer(self) -> Literal["total", "unique"]: ...
    def to_json(self) -> str: ...
    @staticmethod
    def from_json(line: str) -> ShardRecord: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

def merge(records: Union[str, Iterable[Union[ShardRecord, str]]]) -> int:
    """The total (or unique count) of a complete set of shard records, checked."""

@final
class SymmetryClasses:
    """Unique solutions by kind of symmetry (2, 4 and 8 boards per class; the one board of
    n = 1 is a rot90 class of 1)."""

    def __new__(cls, rot90: int, rot180: int, asymmetric: int) -> SymmetryClasses: ...
    @property
    def rot90(self) -> int: ...
    @property
    def rot180(self) -> int: ...
    @property
    def asymmetric(self) -> int: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Counts:
    """What counts() found and how; picklable, and Counts(...) with every attribute rebuilds one
    equal to it (its repr is that call)."""

    def __new__(
        cls,
        n: int,
        total: int,
        unique: Optional[int],
        classes: Optional[SymmetryClasses],
        method: str,
        threads: int,
        seconds: float,
        partial: bool = False,
        devices: Optional[Sequence[str]] = None,
    ) -> Counts: ...
    @property
    def n(self) -> int: ...
    @property
    def total(self) -> int: ...
    @property
    def unique(self) -> Optional[int]: ...
    @property
    def classes(self) -> Optional[SymmetryClasses]: ...
    @property
    def method(self) -> str: ...
    @property
    def threads(self) -> int: ...
    @property
    def seconds(self) -> float: ...
    @property
    def partial(self) -> bool: ...
    @property
    def devices(self) -> Tuple[str, ...]: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def _repr_html_(self) -> str:
        """A small HTML table of the numbers, which Jupyter shows."""

@final
class Solutions(Iterator[Tuple[int, ...]]):
    """Solutions as tuples of 0-based columns, streamed in lexicographic order."""

    @property
    def n(self) -> int: ...
    def __iter__(self) -> Solutions: ...
    def __next__(self) -> Tuple[int, ...]: ...
    def blocks(self, size: SupportsIndex = 65536) -> Blocks:
        """The rest of the stream as NumPy uint8 arrays of shape (k, n); needs NumPy."""
    def picture(self, boards: SupportsIndex = 12) -> Picture:
        """The next `boards` solutions (1 to 64) taken from the stream, drawn side by side."""

@final
class Picture:
    """The first boards of a listing, drawn by Jupyter (n up to 32); str() is the SVG."""

    @property
    def n(self) -> int: ...
    @property
    def boards(self) -> Tuple[Tuple[int, ...], ...]: ...
    def __len__(self) -> int: ...
    def _repr_svg_(self) -> Optional[str]:
        """The boards as SVG, None past n = 32."""

@final
class Blocks(Iterator[Any]):
    """NumPy arrays of shape (k, n), one solution a row (typed Any: NumPy is optional)."""

    def __iter__(self) -> Blocks: ...
    def __next__(self) -> Any: ...

def solutions(
    n: SupportsIndex,
    *,
    unique: bool = False,
    limit: Optional[SupportsIndex] = None,
    method: Optional[_Method] = None,
) -> Solutions:
    """Every solution of the n×n board (one per symmetry class with unique=True), streamed."""

def boards(n: SupportsIndex) -> list[list[str]]:
    """Every solution drawn as rows of "Q" and "." (LeetCode 51); refused over 4 GiB."""

@final
class Solution(Sequence[int]):
    """One solution: 0-based columns, one per row, computed as they are read; a hashable,
    picklable sequence equal to the tuple of its columns."""

    def __new__(
        cls,
        columns: Union[Sequence[SupportsIndex], Iterator[SupportsIndex]],
        seed: Optional[int] = None,
    ) -> Solution: ...
    @property
    def n(self) -> int: ...
    @property
    def seed(self) -> Optional[int]: ...
    def __len__(self) -> int: ...
    @overload
    def __getitem__(self, index: SupportsIndex, /) -> int: ...
    @overload
    def __getitem__(self, index: slice, /) -> Tuple[int, ...]: ...
    def __iter__(self) -> Iterator[int]: ...
    def __reversed__(self) -> Iterator[int]: ...
    def __contains__(self, value: object, /) -> bool: ...
    def index(self, value: Any, start: SupportsIndex = 0, stop: SupportsIndex = ..., /) -> int: ...
    def count(self, value: Any, /) -> int: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def _repr_svg_(self) -> Optional[str]:
        """The board as SVG, which Jupyter draws; None past n = 32."""

def find(
    n: SupportsIndex, *, random: bool = False, seed: Optional[SupportsIndex] = None
) -> Optional[Solution]:
    """One solution of the n×n board (None for n = 2 and 3); a seed asks for a random one."""

@final
class Conflict:
    """Why a placement is not a solution; str() names squares from 0."""

    @property
    def kind(self) -> Literal["attack", "off_board", "other"]: ...
    @property
    def line(self) -> Optional[Literal["row", "column", "diagonal", "anti-diagonal"]]: ...
    @property
    def queens(self) -> Tuple[Tuple[int, int], ...]: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

def verify(
    columns: Union[Solution, Sequence[SupportsIndex], Iterator[SupportsIndex]],
) -> Optional[Conflict]:
    """None for a solution, else the first Conflict scanning rows from the top; any int is a
    column, one outside 0 to n - 1 a queen off the board."""

def is_solution(
    columns: Union[Solution, Sequence[SupportsIndex], Iterator[SupportsIndex]],
) -> bool:
    """True when verify(columns) is None."""

@final
class Puzzle:
    """A board to complete: Puzzle(n) or Puzzle(grid_text); place() and block() build on it.
    Equal by value, hashable, picklable."""

    def __new__(cls, board: Union[SupportsIndex, str]) -> Puzzle: ...
    def place(self, row: SupportsIndex, col: SupportsIndex) -> Puzzle: ...
    def block(self, row: SupportsIndex, col: SupportsIndex) -> Puzzle: ...
    def count(
        self,
        *,
        method: Optional[_Method] = None,
        threads: Optional[SupportsIndex] = None,
        progress: Union[bool, Callable[[int, int], object], None] = None,
        checkpoint: Union[str, PathLike[str], None] = None,
    ) -> int: ...
    def counts(
        self,
        *,
        method: Optional[_Method] = None,
        threads: Optional[SupportsIndex] = None,
        progress: Union[bool, Callable[[int, int], object], None] = None,
        checkpoint: Union[str, PathLike[str], None] = None,
    ) -> Counts: ...
    def solutions(self, *, limit: Optional[SupportsIndex] = None) -> Solutions: ...
    def first(self) -> Optional[Tuple[int, ...]]: ...
    @property
    def n(self) -> int: ...
    @property
    def given(self) -> list[Optional[int]]: ...
    @property
    def blocked(self) -> list[Tuple[int, int]]: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def _repr_svg_(self) -> Optional[str]:
        """The board with its given queens and blocked squares as SVG; None past n = 32."""
