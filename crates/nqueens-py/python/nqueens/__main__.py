"""python -m nqueens: the command line's count, list and find, for those who installed only the
wheel.

The same arguments give the same output and exit codes as the `nqueens` binary: a bare number
or one JSON object for count, solutions streamed in any --format for list and find (written by
the library's writer, so byte for byte the same), and on failure one line on stderr with exit
code 2 (1 when there is no solution to give). A reader that goes away (`| head`) ends the output
quietly, with exit code 0. The binary's long-run flags (checkpoints, shards, MPI, progress, the
GPU) are not here: the package counts on the processor, within one call.
"""

import argparse
import json
import os
import re
import sys

import nqueens
from nqueens import _nqueens

PROG = "nqueens"
# The binary's limits: a board file is tiny, a drawn format draws n² squares, and the random
# search and the construction have their own largest n.
MAX_BOARD_BYTES = 1 << 20
MAX_DRAWN_N = 1000
MAX_RANDOM_N = 10**7
MAX_FIND_N = 10**9
MAX_THREADS = 1024
MAX_U64 = 2**64 - 1
FORMATS = ("board", "leetcode", "perm", "json", "svg", "unicode")
# Every name count() knows, "gpu" included: this build refuses it with the library's reason.
METHOD_NAMES = ("naive", "sets", "bitmask", "symmetry", "halves", "gpu")


class Failure(Exception):
    """The end of a command: a one-line message and the exit code."""

    def __init__(self, message, code=2):
        super().__init__(message)
        self.code = code


def group(v):
    """A number with thousands separators from 10,000 on, as the binary's ranges read."""
    return str(v) if v < 10_000 else f"{v:,}"


def whole(name, metavar, low, high):
    """A parser of the binary's one grammar of numbers: decimal digits, grouped by single
    underscores, with the refusal naming the valid range."""

    def parse(text):
        limits = f"{name} must be a whole number from {group(low)} to {group(high)}"
        t = text.strip()
        if not re.fullmatch(r"[0-9]+(_[0-9]+)*", t):
            why = "negative" if re.fullmatch(r"-[0-9]+", t) else "not a whole number"
            raise Failure(f"invalid value '{text}' for '{metavar}': {why}: {limits}")
        v = int(t.replace("_", ""))
        if not low <= v <= high:
            raise Failure(f"invalid value '{text}' for '{metavar}': out of range: {limits}")
        return v

    return parse


def choice(metavar, names):
    def parse(text):
        if text not in names:
            raise Failure(
                f"invalid value '{text}' for '{metavar}'; [possible values: {', '.join(names)}]"
            )
        return text

    return parse


class Parser(argparse.ArgumentParser):
    """argparse, failing as the binary does: one line, exit code 2."""

    def error(self, message):
        raise Failure(message)


def parser():
    top = Parser(
        prog="python -m nqueens",
        description="Count, list and find solutions of the N-Queens problem (the nqueens "
        "command line's count, list and find).",
    )
    top.add_argument("-V", "--version", action="version", version=f"{PROG} {nqueens.__version__}")
    commands = top.add_subparsers(dest="command", parser_class=Parser)

    count = commands.add_parser("count", help="Count the solutions for an N×N board")
    count.add_argument("n", nargs="?", type=whole("N", "[N]", 1, nqueens.MAX_N), help="the board size N, from 1 to 64")
    count.add_argument("--board", metavar="FILE", help="count the completions of the board in FILE instead of N")
    count.add_argument("--method", metavar="METHOD", type=choice("--method <METHOD>", METHOD_NAMES), help="how to count [default: the fastest that can serve]")
    count.add_argument("--json", action="store_true", help="print one JSON object instead of the bare number")
    count.add_argument("-t", "--threads", metavar="T", type=whole("T", "--threads <T>", 1, MAX_THREADS), help="worker threads, 1 to 1024 [default: one per core]")
    count.add_argument("--unique", action="store_true", help="print the number of unique solutions (up to rotation and reflection)")
    count.add_argument("-q", "--quiet", action="store_true", help="never show progress (there is none here)")

    listing = commands.add_parser("list", help="List every solution for an N×N board, in lexicographic order")
    listing.add_argument("n", nargs="?", type=whole("N", "[N]", 1, nqueens.MAX_N), help="the board size N, from 1 to 64")
    listing.add_argument("--board", metavar="FILE", help="list the completions of the board in FILE instead of N")
    listing.add_argument("-f", "--format", metavar="FORMAT", type=choice("--format <FORMAT>", FORMATS), help="how each solution is written [default: board]")
    listing.add_argument("--json", action="store_true", help="the same as --format json")
    listing.add_argument("--limit", metavar="K", type=whole("K", "--limit <K>", 0, MAX_U64), help="stop after K solutions")
    listing.add_argument("--method", metavar="METHOD", type=choice("--method <METHOD>", METHOD_NAMES), help="how to search")
    listing.add_argument("--unique", action="store_true", help="one solution per symmetry class")

    find = commands.add_parser("find", help="One solution for any N, by construction or by a random local search")
    find.add_argument("n", nargs="?", type=whole("N", "[N]", 1, MAX_FIND_N), help="the board size N, from 1 to 1,000,000,000")
    find.add_argument("--board", metavar="FILE", help="the first completion of the board in FILE instead of a solution for N")
    find.add_argument("-f", "--format", metavar="FORMAT", type=choice("--format <FORMAT>", FORMATS), help="how the solution is written [default: perm]")
    find.add_argument("--json", action="store_true", help="the same as --format json")
    find.add_argument("--random", action="store_true", help="a random solution by local search")
    find.add_argument("--seed", metavar="S", type=whole("S", "--seed <S>", 0, MAX_U64), help="seed of the random search (implies --random)")
    return top


def conflicts(args, *pairs):
    """Refuses flags given together that the binary refuses together."""
    for a, b in pairs:
        if getattr(args, a) not in (None, False) and getattr(args, b) not in (None, False):
            flag = lambda name: "<N>" if name == "n" else "--" + name.replace("_", "-")
            raise Failure(f"the argument '{flag(a)}' cannot be used with '{flag(b)}'")


def subject(args):
    """The board read from --board FILE, or None for N."""
    if args.board is None:
        if args.n is None:
            raise Failure(
                "the following required arguments were not provided: <N|--board <FILE>> "
                "(N is the board size)"
            )
        return None
    name = "<stdin>" if args.board == "-" else args.board
    try:
        if args.board == "-":
            data = sys.stdin.buffer.read(MAX_BOARD_BYTES + 1)
        else:
            with open(args.board, "rb") as f:
                data = f.read(MAX_BOARD_BYTES + 1)
        text = data.decode()
    except (OSError, UnicodeDecodeError) as e:
        raise Failure(f"cannot read board {name}: {e}")
    if len(data) > MAX_BOARD_BYTES:
        raise Failure(
            f"board {name} is larger than {MAX_BOARD_BYTES} bytes: a board has at most 64 rows "
            "of 64 squares"
        )
    try:
        return nqueens.Puzzle(text)
    except nqueens.Error as e:
        raise Failure(f"board {name}: {e}")


def out():
    return sys.stdout.buffer


def count(args):
    puzzle = subject(args)
    if puzzle is not None and args.unique:
        raise Failure(
            "--unique counts the symmetry classes of the empty board; a board given with "
            "--board has none (its queens and blocked squares break the symmetry)"
        )
    if puzzle is not None:
        c = puzzle.counts(method=args.method, threads=args.threads)
    else:
        c = nqueens.counts(args.n, unique=args.unique, method=args.method, threads=args.threads)
    if args.json:
        # The binary's record, key for key; what was not counted is left out.
        record = {"board": args.board} if puzzle is not None else {}
        record.update(n=c.n, method=c.method, solutions=c.total)
        if c.unique is not None:
            record["unique"] = c.unique
        if c.classes is not None:
            k = c.classes
            record["classes"] = {"rot90": k.rot90, "rot180": k.rot180, "asymmetric": k.asymmetric}
        record.update(threads=c.threads, seconds=c.seconds)
        text = json.dumps(record, separators=(",", ":"))
    else:
        text = str(c.unique if args.unique else c.total)
    out().write(text.encode() + b"\n")
    out().flush()


def class_size(columns):
    """How many distinct boards the symmetry class of a solution holds: 2, 4 or 8."""
    n = len(columns)
    boards = set()
    board = tuple(columns)
    for _ in range(4):
        # A quarter turn: the queen of row r, column c goes to row c, column n - 1 - r.
        turned = [0] * n
        for r, c in enumerate(board):
            turned[c] = n - 1 - r
        board = tuple(turned)
        boards.add(board)
        boards.add(tuple(n - 1 - c for c in board))
    return len(boards)


def listing(args):
    conflicts(args, ("board", "method"), ("board", "unique"), ("json", "format"))
    puzzle = subject(args)
    fmt = "json" if args.json else args.format or "board"
    if puzzle is not None:
        solutions = puzzle.solutions(limit=args.limit)
    else:
        solutions = nqueens.solutions(
            args.n, unique=args.unique, limit=args.limit, method=args.method
        )
    writer = _nqueens._Writer(out(), fmt, puzzle)
    # JSON records the size of each class of a unique listing.
    sized = args.unique and fmt == "json"
    for columns in solutions:
        writer.write(columns, class_size(columns) if sized else 0)
    writer.finish()


def find(args):
    conflicts(args, ("board", "random"), ("board", "seed"), ("json", "format"))
    puzzle = subject(args)
    fmt = "json" if args.json else args.format or "perm"
    if puzzle is not None:
        first = puzzle.first()
        if first is None:
            raise Failure(f"no completion: the board in {args.board} cannot be completed", 1)
        writer = _nqueens._Writer(out(), fmt, puzzle)
        writer.write(first)
        writer.finish()
        return
    n = args.n
    random = args.random or args.seed is not None
    if fmt not in ("perm", "json") and n > MAX_DRAWN_N:
        raise Failure(
            f"the {fmt} format draws all n² squares, so it is for n up to {MAX_DRAWN_N}; use "
            f"--format perm or json for n = {n}"
        )
    if random and n > MAX_RANDOM_N:
        raise Failure(
            f"n = {n} is out of range for --random: n must be from 1 to {MAX_RANDOM_N}"
        )
    solution = nqueens.find(n, random=random, seed=args.seed)
    if solution is None:
        raise Failure(f"no solution: {n} queens cannot be placed on a {n}×{n} board", 1)
    if random and args.seed is None:
        say(f"random seed {solution.seed} (repeat with --seed {solution.seed})")
    writer = _nqueens._Writer(out(), fmt)
    writer.write(solution)
    writer.finish()


def say(message):
    """One line on stderr; a stderr that cannot be written is no reason to fail."""
    try:
        print(f"{PROG}: {message}", file=sys.stderr, flush=True)
    except OSError:
        pass


def main(argv=None):
    """Runs one command; returns the exit code."""
    try:
        args = parser().parse_args(argv)
        if args.command is None:
            raise Failure(
                "a command is required: one of count, list, find (see 'python -m nqueens --help')"
            )
        if sys.stdout is None:
            # Started with its output closed (`>&-`), Python has no sys.stdout at all: said as
            # any output that cannot be written is, before anything is counted for nobody.
            raise Failure("cannot write the output: standard output is closed", code=1)
        {"count": count, "list": listing, "find": find}[args.command](args)
        # Written out here, so that a failure to write is this function's to report, not the
        # interpreter's at exit.
        sys.stdout.flush()
        return 0
    except Failure as f:
        say(str(f))
        return f.code
    except nqueens.Error as e:
        say(str(e))
        return 2
    except BrokenPipeError:
        # The reader went away: a normal end. Whatever is still buffered for it goes nowhere,
        # rather than into a second BrokenPipeError when the interpreter flushes at exit.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except OSError as e:
        # The output could not be written (a full disk, say): one line, worded and coded as the
        # binary does, and nothing left buffered to fail again at exit.
        say(f"{e.strerror} (os error {e.errno})" if e.errno and e.strerror else str(e))
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
