"""What needs a process of its own: the memory a listing takes, and Ctrl-C during a count."""

import signal
import sys
import time

import pytest

from conftest import python

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
    ],
)
def test_ctrl_c_stops_a_long_count_within_a_second(count):
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
