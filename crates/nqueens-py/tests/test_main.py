"""`python -m nqueens` against the `nqueens` binary: the same arguments give the same output and
exit code, and a failure is one line on stderr."""

import json
import os
import subprocess
import sys

import pytest

BOARD = ".Q..\n....\n....\n...x\n"
# No completion: the queen of row 0 leaves row 1 no square.
DEAD_END = "Q...\n..x.\n....\n....\n"

SAME = [
    "count 8",
    "count 8 --unique",
    "count 12 -t 1 --method bitmask",
    "count 1_0",
    "count --board {board}",
    "count --board {board} --method bitmask",
    "list 6",
    "list 6 -f perm",
    "list 6 --format leetcode",
    "list 5 --json",
    "list 5 -f svg",
    "list 5 -f unicode",
    "list 8 --unique -f json",
    "list 8 --unique --limit 3 -f perm",
    "list 10 --limit 0",
    "list 9 --method naive --limit 5 -f perm",
    "list --board {board} -f json",
    "list --board {board} -f unicode",
    "find 8",
    "find 1000 -f board",
    "find 12 -f svg",
    "find 100000 --json",
    "find 60 --seed 5",
    "find 50 --random --seed 18446744073709551615 -f json",
    "find --board {board}",
    "find --board {board} -f svg",
]

# Refusals: the same exit code, one line on stderr, nothing on stdout.
REFUSED = [
    "count 0",
    "count 65",
    "count -3",
    "count eight",
    "count",
    "count 8 --threads 0",
    "count 8 --method magic",
    "count 8 --unique --method bitmask",
    "count 33 --method halves",
    "count 8 --bogus",
    "count --board {board} --unique",
    "count --board {missing}",
    "count --board {bad}",
    "count --board {board} --method sets",
    "list 4 --method halves",
    "list 4 --limit -1",
    "list 4 -f png",
    "list --board {board} --unique",
    "find 0",
    "find 1000000001",
    "find 2",
    "find 3 -f board",
    "find 2000 -f board",
    "find 20000000 --random",
    "find 8 --seed x",
    "find --board {dead_end}",
    "find --board {board} --seed 3",
    "",
]


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    d = tmp_path_factory.mktemp("boards")
    paths = {"board": BOARD, "dead_end": DEAD_END, "bad": "Q?.\n...\n...\n"}
    for name, text in paths.items():
        (d / f"{name}.txt").write_text(text)
    return {**{name: str(d / f"{name}.txt") for name in paths}, "missing": str(d / "none.txt")}


def run(command, args, **kwargs):
    return subprocess.run(command + args, capture_output=True, timeout=120, **kwargs)


def module():
    return [sys.executable, "-m", "nqueens"]


def counted(out):
    """A count's JSON record without its time, which differs from run to run."""
    record = json.loads(out)
    assert isinstance(record.pop("seconds"), float)
    return record


@pytest.mark.parametrize("args", SAME)
def test_the_module_prints_what_the_binary_prints(cli, files, args):
    args = args.format(**files).split()
    ours, theirs = run(module(), args), run([cli], args)
    assert theirs.returncode == 0, theirs.stderr
    assert ours.returncode == 0 and ours.stderr == b"", ours.stderr
    assert ours.stdout == theirs.stdout


@pytest.mark.parametrize(
    "args", ["count 10 --json", "count 10 --json --unique", "count --board {board} --json -t 2"]
)
def test_count_json_is_the_binarys_record(cli, files, args):
    args = args.format(**files).split()
    ours, theirs = run(module(), args), run([cli], args)
    assert ours.returncode == theirs.returncode == 0
    assert list(json.loads(ours.stdout)) == list(json.loads(theirs.stdout))  # key order too
    assert counted(ours.stdout) == counted(theirs.stdout)


@pytest.mark.parametrize("args", REFUSED)
def test_refusals_end_as_the_binarys_do(cli, files, args):
    args = args.format(**files).split()
    ours, theirs = run(module(), args), run([cli], args)
    assert theirs.returncode in (1, 2), theirs
    assert ours.returncode == theirs.returncode, ours.stderr
    assert ours.stdout == theirs.stdout == b""
    lines = ours.stderr.decode().splitlines()
    assert len(lines) == 1 and lines[0].startswith("nqueens: "), ours.stderr


def test_refusals_name_the_range_as_the_binary_does(cli):
    for args in [["count", "0"], ["list", "4", "--limit", "-1"], ["find", "2000", "-f", "board"]]:
        assert run(module(), args).stderr == run([cli], args).stderr


def test_a_random_board_without_a_seed_names_its_seed(cli):
    ours = run(module(), ["find", "40", "--random"])
    assert ours.returncode == 0
    line = ours.stderr.decode()
    assert line.startswith("nqueens: random seed ") and line.count("\n") == 1
    seed = line.split()[3]
    again = run([cli], ["find", "40", "--seed", seed])
    assert again.stdout == ours.stdout


def test_a_board_on_stdin(cli):
    ours = run(module(), ["list", "--board", "-"], input=BOARD.encode())
    theirs = run([cli], ["list", "--board", "-"], input=BOARD.encode())
    assert ours.returncode == 0 and ours.stdout == theirs.stdout != b""


@pytest.mark.parametrize("args", [["list", "14", "-f", "perm"], ["find", "100000000"]])
def test_a_reader_that_goes_away_ends_the_output_quietly(args):
    p = subprocess.Popen(module() + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    first = p.stdout.read(100)
    p.stdout.close()
    err = p.stderr.read()
    assert p.wait(timeout=60) == 0, err
    assert err == b""
    assert len(first) == 100


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("args", [["list", "8"], ["count", "8"], ["find", "1000"]])
def test_a_full_disk_is_one_line_and_exit_code_1_as_for_the_binary(cli, args):
    for command in (module(), [cli]):
        with open("/dev/full", "wb") as full:
            done = subprocess.run(command + args, stdout=full, stderr=subprocess.PIPE, timeout=60)
        assert done.returncode == 1, done.stderr
        assert done.stderr == b"nqueens: No space left on device (os error 28)\n"


@pytest.mark.parametrize("args", [["count", "8"], ["find", "8"], ["list", "6"]])
def test_a_closed_output_is_one_line_and_exit_code_1(args):
    # `>&-`: the interpreter starts without a sys.stdout at all.
    done = subprocess.run(
        module() + args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=60,
        preexec_fn=lambda: os.close(1),
    )
    assert done.returncode == 1, done.stderr
    assert done.stderr == b"nqueens: cannot write the output: standard output is closed\n"


def test_the_other_commands_are_the_binarys_alone():
    done = run(module(), ["trace", "4"])
    assert done.returncode == 2 and done.stdout == b""
    assert done.stderr.decode().count("\n") == 1


def test_help_and_version():
    done = run(module(), ["--help"])
    assert done.returncode == 0 and b"count" in done.stdout and b"find" in done.stdout
    done = run(module(), ["list", "--help"])
    assert done.returncode == 0 and b"--limit" in done.stdout
    import nqueens

    assert run(module(), ["--version"]).stdout.decode() == f"nqueens {nqueens.__version__}\n"
