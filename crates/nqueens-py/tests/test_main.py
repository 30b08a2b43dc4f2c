"""`python -m nqueens` against the `nqueens` binary: the same arguments give the same output and
exit code, and a failure is one line on stderr."""

import argparse
import collections
import json
import os
import shlex
import subprocess
import sys

import pytest

import nqueens

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

# The one table of refusals: command lines the binary refuses with exit code 2, which the module
# must refuse the same way, with one line on stderr and nothing on stdout. Every argument of
# the module is in it (test_the_table_holds_every_argument): out of range or malformed, given
# twice, abbreviated, beside an argument it cannot go with. SAID marks the refusals the module
# words itself, in the binary's words (a number's range, arguments given twice or together, a
# board file that cannot be read); the others are argparse's or the library's Python wording,
# the same only in their exit code (the guide promises the exit codes, and one line).
SAID, OWN = True, False
REFUSED = [
    ("", OWN),
    ("bogus", OWN),
    ("--bogus", OWN),
    ("--vers", OWN),
    ("-t 2 count 8", OWN),
    ("help bogus", OWN),
    ("help count 8", OWN),
    # count: N, then each flag.
    ("count 0", SAID),
    ("count 65", SAID),
    ("count -3", SAID),
    ("count eight", SAID),
    ("count 1.5", SAID),
    ("count 0x10", SAID),
    ("count ''", SAID),
    ("count '8\x1c'", SAID),
    ("count '8\x01\x7f'", SAID),
    ("count '8\n9'", SAID),
    ("count 8 --threads '\n0\n'", SAID),
    ("count", OWN),  # the binary's names --resume too
    ("count 8 9", OWN),
    ("count 8 --bogus", OWN),
    ("count 8 --board {board}", SAID),
    ("count --board {board} 8", SAID),
    ("count --boa {board}", OWN),
    ("count --board {board} --board {board}", SAID),
    ("count --board", OWN),
    ("count --board ''", SAID),
    ("count --board {missing}", SAID),
    ("count --board {folder}", SAID),
    ("count --board {binary}", SAID),
    ("count --board {empty}", SAID),
    ("count --board {large}", SAID),
    ("count --board {bad}", OWN),  # the package counts a grid's rows and columns from 0
    ("count --board {attack}", OWN),
    ("count --board {board} --unique", SAID),
    ("count --board {board} --method sets", OWN),
    ("count 8 --method magic", SAID),
    ("count 8 --method", OWN),
    ("count 8 --meth bitmask", OWN),
    ("count 8 --method sets --method bitmask", SAID),
    ("count 8 --method gpu", OWN),
    ("count 33 --method halves", SAID),
    ("count 8 --unique --method bitmask", OWN),
    ("count 8 --json --json", SAID),
    ("count 8 --js", OWN),
    ("count 8 --json=1", OWN),
    ("count 8 --threads 0", SAID),
    ("count 8 -t 1025", SAID),
    ("count 8 --threads -1", SAID),
    ("count 8 --threads x", SAID),
    ("count 8 --threads", OWN),
    ("count 8 --thr 2", OWN),
    ("count 8 -t 2 --threads 3", SAID),
    ("count 8 --unique --unique", SAID),
    ("count 8 --uniq", OWN),
    ("count 8 --unique=yes", OWN),
    ("count 8 -q --quiet", SAID),
    ("count 8 --qui", OWN),
    # The binary's long-run flags, refused by it for their values and by the module as unknown.
    ("count 8 --shard 3/2", OWN),
    ("count 8 --shard x", OWN),
    ("count 8 --checkpoint-every 0", OWN),
    ("count 8 --checkpoint-every 5", OWN),
    ("count --resume {missing}", OWN),
    ("count 8 --gpu-device x", OWN),
    ("count 8 --progress --quiet", OWN),
    ("count 8 --mpi --shard 0/2", OWN),
    # list
    ("list 0", SAID),
    ("list 65", SAID),
    ("list -1", SAID),
    ("list x", SAID),
    ("list", SAID),
    ("list 4 5", OWN),
    ("list 4 --bogus", OWN),
    ("list 4 --board {board}", SAID),
    ("list --board {board} 4", SAID),
    ("list --board {board} --unique", SAID),
    ("list --unique --board {board}", SAID),
    ("list --board {board} --method naive --unique", SAID),
    ("list --board {board} --board {board}", SAID),
    ("list --boa {board}", OWN),
    ("list --board {missing}", SAID),
    ("list --board {bad}", OWN),
    ("list 4 -f png", SAID),
    ("list 4 -f PERM", SAID),
    ("list 4 --format", OWN),
    ("list 4 --form perm", OWN),
    ("list 4 -f perm --format json", SAID),
    ("list 4 --json -f perm", SAID),
    ("list 4 -f perm --json", SAID),
    ("list 4 --json --json", SAID),
    ("list 4 --js", OWN),
    ("list 4 --limit -1", SAID),
    ("list 4 --limit x", SAID),
    ("list 4 --limit=", SAID),
    ("list 4 --limit 18446744073709551616", SAID),
    ("list 4 --lim 1", OWN),
    ("list 4 --limit 1 --limit 2", SAID),
    ("list 4 --method halves", OWN),
    ("list 4 --method magic", SAID),
    ("list 4 --meth naive", OWN),
    ("list 4 --method naive --method sets", SAID),
    ("list 4 --unique --unique", SAID),
    ("list 4 --uni", OWN),
    # find
    ("find 0", SAID),
    ("find 1000000001", SAID),
    ("find -8", SAID),
    ("find x", SAID),
    ("find", SAID),
    ("find 8 9", OWN),
    ("find 8 --bogus", OWN),
    ("find 8 --board {board}", SAID),
    ("find --board {board} 8", SAID),
    ("find --board {board} --seed 3", SAID),
    ("find --random --board {board}", SAID),
    ("find --board {board} --random --seed 3", SAID),
    ("find --board {board} --board {board}", SAID),
    ("find --boa {board}", OWN),
    ("find --board {missing}", SAID),
    ("find --board {attack}", OWN),
    ("find 8 -f png", SAID),
    ("find 2000 -f board", SAID),
    ("find 8 --form perm", OWN),
    ("find 8 -f perm --format json", SAID),
    ("find 8 --json -f perm", SAID),
    ("find 8 --json --json", SAID),
    ("find 8 --js", OWN),
    ("find 20000000 --random", SAID),
    ("find 8 --random --random", SAID),
    ("find 8 --ran", OWN),
    ("find 8 --seed x", SAID),
    ("find 8 --seed -1", SAID),
    ("find 8 --seed 18446744073709551616", SAID),
    ("find 8 --seed 1 --seed 2", SAID),
    ("find 8 --se 3", OWN),
]

# No answer to give: exit code 1, in the binary's words.
NO_ANSWER = ["find 2", "find 3 -f board", "find 3 --seed 1", "find --board {dead_end}"]


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    d = tmp_path_factory.mktemp("boards")
    paths = {
        "board": BOARD,
        "dead_end": DEAD_END,
        "bad": "Q?.\n...\n...\n",
        "attack": "Q...\n.Q..\n....\n....\n",
        "empty": "",
        "large": "." * (1 << 20) + "\n",
    }
    for name, text in paths.items():
        (d / f"{name}.txt").write_text(text)
    (d / "binary.txt").write_bytes(b"\xff\xfe\n")
    (d / "folder").mkdir()
    return {
        **{name: str(d / f"{name}.txt") for name in [*paths, "binary"]},
        "missing": str(d / "none.txt"),
        "folder": str(d / "folder"),
    }


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


def words(line, files):
    """A line of the table as arguments: split as a shell would, escapes read."""
    return [a.encode().decode("unicode_escape") for a in shlex.split(line.format_map(files))]


@pytest.mark.parametrize("line,said", REFUSED, ids=[line for line, _ in REFUSED])
def test_refusals_end_as_the_binarys_do(cli, files, line, said):
    if "--method gpu" in line and "gpu" in nqueens.METHODS:
        pytest.skip("the GPU wheel counts with method gpu (test_gpu.py tests it)")
    args = words(line, files)
    ours, theirs = run(module(), args), run([cli], args)
    assert theirs.returncode == 2, theirs
    assert ours.returncode == 2, ours.stderr
    assert ours.stdout == theirs.stdout == b""
    assert ours.stderr.startswith(b"nqueens: ") and ours.stderr.count(b"\n") == 1, ours.stderr
    assert theirs.stderr.count(b"\n") == 1, theirs.stderr
    if said:
        assert ours.stderr == theirs.stderr
    else:
        assert ours.stderr != theirs.stderr, "said the same: mark it SAID"


@pytest.mark.parametrize("line", NO_ANSWER)
def test_no_answer_ends_as_the_binarys_does(cli, files, line):
    args = words(line, files)
    ours, theirs = run(module(), args), run([cli], args)
    assert theirs.returncode == ours.returncode == 1
    assert ours.stdout == theirs.stdout == b""
    assert ours.stderr == theirs.stderr and ours.stderr.count(b"\n") == 1, ours.stderr


def test_the_table_holds_every_argument():
    # Each argument of each command of the module, refused in the table for its value (N and
    # valued flags), given twice, and abbreviated (flags): a flag added to the module without
    # its lines fails here.
    from nqueens import __main__

    for name, sub in __main__.parser().commands.items():
        files = collections.defaultdict(lambda: "FILE")
        lines = [words(line, files)[1:] for line, _ in REFUSED if line.split()[:1] == [name]]
        for action in sub._actions:
            if isinstance(action, (argparse._HelpAction, argparse._VersionAction)):
                continue
            if not action.option_strings:
                assert any(len(a) == 1 for a in lines), (name, "N refused")
                continue
            flags = action.option_strings
            used = [a for a in lines if any(w.split("=")[0] in flags for w in a)]
            assert used, (name, flags, "refused")
            assert any(sum(w.split("=")[0] in flags for w in a) == 2 for a in lines), (
                name, flags, "given twice",
            )
            long = max(flags, key=len)
            assert any(
                any(w.startswith("--") and long.startswith(w) and w != long for w in a)
                for a in lines
            ), (name, long, "abbreviated")


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


def done_help(args):
    return run(module(), args).stdout


def test_help_and_version(cli):
    done = run(module(), ["--help"])
    assert done.returncode == 0 and b"count" in done.stdout and b"find" in done.stdout
    done = run(module(), ["list", "--help"])
    assert done.returncode == 0 and b"--limit" in done.stdout
    # As the binary's: a help command, and -V after a command too.
    assert run(module(), ["help"]).stdout == done_help(["--help"])
    assert run(module(), ["help", "list"]).stdout == done.stdout
    for args in [["-V"], ["count", "-V"], ["list", "8", "-V"], ["find", "-V"]]:
        ours, theirs = run(module(), args), run([cli], args)
        assert ours.returncode == theirs.returncode == 0
        assert ours.stdout == theirs.stdout, args
    for args in [["help"], ["help", "find"], ["count", "--version"]]:
        assert run([cli], args).returncode == run(module(), args).returncode == 0, args
    import nqueens

    assert run(module(), ["--version"]).stdout.decode() == f"nqueens {nqueens.__version__}\n"
