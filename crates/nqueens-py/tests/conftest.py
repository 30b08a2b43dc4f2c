"""Shared fixtures: the command-line binary the puzzle tests compare against, and a helper that
runs Python code in a fresh interpreter (for memory and Ctrl-C, which need a process of their
own)."""

import os
import pathlib
import subprocess
import sys

import pytest

REPO = pathlib.Path(__file__).resolve().parents[3]

# OEIS A000170 (all solutions) and A002562 (solutions up to symmetry), n = 1..14.
TOTAL = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596]
UNIQUE = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752]


@pytest.fixture(scope="session")
def cli():
    """The `nqueens` binary: $NQUEENS_CLI, or built here with cargo."""
    path = os.environ.get("NQUEENS_CLI")
    if not path:
        subprocess.run(
            ["cargo", "build", "--release", "--quiet", "-p", "nqueens-cli"],
            cwd=REPO,
            check=True,
        )
        path = str(REPO / "target" / "release" / "nqueens")
    assert os.access(path, os.X_OK), f"no nqueens binary at {path}"
    return path


def python(code, **kwargs):
    """Starts `code` in a fresh interpreter with the same nqueens installed."""
    return subprocess.Popen(
        [sys.executable, "-c", code],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        **kwargs,
    )


def numpy_or_skip():
    # CI installs NumPy and sets NQUEENS_TEST_NUMPY=1, so that these tests cannot be skipped
    # there.
    if os.environ.get("NQUEENS_TEST_NUMPY") == "1":
        import numpy

        return numpy
    return pytest.importorskip("numpy")
