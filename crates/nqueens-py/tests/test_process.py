"""What needs a process of its own: the memory a listing takes, and Ctrl-C during a count."""

import signal
import sys
import time

import pytest

from conftest import numpy_or_skip, python

# Peak memory (kB) grown by reading the 365,596 solutions of n = 14 after a warm-up.
MEASURE = """
import resource, nqueens
def peak():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
sum(1 for _ in nqueens.solutions(8))
before = peak()
{body}
print(seen, peak() - before)
"""


def grown(body):
    p = python(MEASURE.format(body=body))
    out, err = p.communicate(timeout=120)
    assert p.returncode == 0, err
    seen, kb = map(int, out.split())
    assert seen == 365596
    return kb


def test_streaming_n14_holds_no_list_of_boards():
    streamed = grown("seen = sum(1 for _ in nqueens.solutions(14))")
    # What a list of every board takes: 365,596 tuples of 14 small (shared) ints, about 55 MB.
    listed = (365596 * sys.getsizeof(tuple(range(14))) + sys.getsizeof([None] * 365596)) // 1024
    assert listed > 50_000
    # The stream keeps a few hundred boards at a time.
    assert streamed * 20 < listed, (streamed, listed)


# The child says when it is counting; the test then sends SIGINT and times the way out.
INTERRUPTED = """
import signal, sys, time, nqueens
signal.signal(signal.SIGINT, signal.default_int_handler)
print("counting", flush=True)
try:
    {count}
    print("finished", flush=True)
except KeyboardInterrupt:
    print("interrupted", time.monotonic(), flush=True)
# The process counts on after an interrupted count.
print(nqueens.count(12), flush=True)
"""


@pytest.mark.parametrize(
    "count",
    [
        "nqueens.count(21)",
        "nqueens.count(19, method='symmetry')",
        "nqueens.Puzzle(18).place(0, 1).count()",
        # Sparse searches: the first solution is seconds to hours away.
        "next(iter(nqueens.solutions(64)))",
        "next(iter(nqueens.solutions(34, unique=True)))",
        "nqueens.Puzzle(34).first()",
        "next(iter(nqueens.Puzzle(40).solutions()))",
        # A block of a sparse search fills as slowly (NumPy is needed).
        "next(iter(nqueens.solutions(64).blocks(4)))",
        # A placement without end, read until its bound of 10^9 columns.
        "nqueens.verify(__import__('itertools').repeat(0))",
    ],
)
def test_ctrl_c_stops_a_long_count_within_a_second(count):
    if ".blocks(" in count:
        numpy_or_skip()
    p = python(INTERRUPTED.format(count=count))
    assert p.stdout.readline() == "counting\n"
    time.sleep(1.0)  # well into the count
    sent = time.monotonic()
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=30)
    lines = out.splitlines()
    assert lines[0].startswith("interrupted"), (out, err)
    assert float(lines[0].split()[1]) - sent < 1.0
    assert lines[1] == "14200"
    assert p.returncode == 0, err


def lines_of(script, count):
    """The lines `script` prints in a Python of its own (on Linux only: the scripts read /proc):
    it must exit with 0 within two minutes and print `count` lines."""
    if not sys.platform.startswith("linux"):
        pytest.skip("reads /proc")
    p = python(script)
    out, err = p.communicate(timeout=120)
    assert p.returncode == 0, err
    lines = out.splitlines()
    assert len(lines) == count, (out, err)
    return lines


# A placement without end under an address-space limit: Python's MemoryError, not an abort.
LIMITED = """
import itertools, resource, nqueens
with open("/proc/self/statm") as f:
    mapped = int(f.read().split()[0]) * resource.getpagesize()
resource.setrlimit(resource.RLIMIT_AS, (mapped + (300 << 20), resource.RLIM_INFINITY))
for check in (nqueens.verify, nqueens.is_solution, nqueens.Solution):
    try:
        check(itertools.repeat(0))
    except MemoryError as e:
        print(e)
print(nqueens.verify([1, 3, 0, 2]))
"""


def test_a_placement_without_end_under_a_memory_limit_raises_memory_error():
    lines = lines_of(LIMITED, 4)
    for line in lines[:3]:
        assert line.startswith("not enough memory for more than "), line
        assert int(line.split()[6]) > 10_000_000, line
    assert lines[3] == "None"


# A random board and a count's list of subproblems past what an address-space limit leaves
# (about 191 MiB for ten million queens, some 80 MiB for the 1.7 million subproblems of n = 64):
# nqueens.Error of kind "memory", and the interpreter goes on, where both aborted it.
REFUSED = """
import resource, nqueens
with open("/proc/self/statm") as f:
    mapped = int(f.read().split()[0]) * resource.getpagesize()
resource.setrlimit(resource.RLIMIT_AS, (mapped + (60 << 20), resource.RLIM_INFINITY))
for call in (lambda: nqueens.find(10**7, seed=1), lambda: nqueens.count(64)):
    try:
        call()
    except nqueens.Error as e:
        print(e.kind, e.needed, getattr(e, "method", None), e, sep="|")
print(nqueens.count(8), len(nqueens.find(10**7)))
"""


def test_a_board_or_a_list_past_a_memory_limit_raises_an_error_of_kind_memory():
    lines = lines_of(REFUSED, 3)
    assert lines[0] == (
        "memory|200000000|None|n = 10000000: the system refused the 191 MiB of the random search "
        "(about 20 bytes a queen)"
    )
    kind, needed, method, message = lines[1].split("|")
    assert (kind, method) == ("memory", "symmetry") and int(needed) > 10 << 20, lines[1]
    assert message.startswith("n = 64 with method symmetry: the system refused the "), message
    assert message.endswith(" MiB of its list of subproblems"), message
    assert lines[2] == "92 10000000"


# A count, then a fork: the child's counts run on threads of its own, not on the parent's pool,
# whose threads do not exist in the child.
FORKED = """
import os, nqueens
assert nqueens.count(12, threads=2) == 14200
pid = os.fork()
if pid == 0:
    ok = nqueens.count(12, threads=2) == 14200 and nqueens.count(11, threads=3) == 2680
    os._exit(0 if ok else 1)
_, status = os.waitpid(pid, 0)
print(os.waitstatus_to_exitcode(status), nqueens.count(10, threads=2))
"""


def test_a_forked_child_counts_after_its_parent_did():
    p = python(FORKED)
    out, err = p.communicate(timeout=60)
    assert p.returncode == 0, err
    assert out.split() == ["0", "724"]


def test_a_fork_pool_counts_after_the_parent_did():
    p = python(
        "import multiprocessing as mp, nqueens\n"
        "nqueens.count(10, threads=2)\n"
        "with mp.get_context('fork').Pool(2) as pool:\n"
        "    print(pool.map(nqueens.count, [8, 9, 10]))\n"
    )
    out, err = p.communicate(timeout=60)
    assert p.returncode == 0, err
    assert out.strip() == "[92, 352, 724]"


# Threads of the process after counts on many thread counts: one pool's worth, not their sum.
MANY_POOLS = """
import os, nqueens
for t in range(2, 41):
    assert nqueens.count(9, threads=t) == 352
print(len(os.listdir("/proc/self/task")))
"""


def test_counts_on_many_thread_counts_keep_one_pool():
    p = python(MANY_POOLS)
    out, err = p.communicate(timeout=60)
    assert p.returncode == 0, err
    # 2 + ... + 40 = 819 threads if every pool were kept; one pool of 40 and the main thread
    # (and threads of a pool being dropped that have not yet ended) when one is.
    assert int(out) <= 100, out
