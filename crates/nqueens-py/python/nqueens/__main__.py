"""python -m nqueens: the command line's count, list and find, for those who installed only the
wheel.

The same arguments give the same output and exit codes as the `nqueens` binary: a bare number
or one JSON object for count, solutions streamed in any --format for list and find (written by
the library's writer, so byte for byte the same), and on failure one line on stderr with exit
code 2 (1 when there is no solution to give). What the binary refuses is refused here too: a
flag abbreviated (argparse's prefixes are off) or given twice, N beside --board, arguments that
cannot go together; a refusal this module words itself (a number's range, arguments that
conflict or repeat, a board file that cannot be read) is in the binary's words. A reader
that goes away (`| head`) ends the output quietly, with exit code 0. The binary's long-run flags
(checkpoints, shards, MPI, progress, the GPU) are not here: the package counts on the processor,
within one call.
"""

import argparse
import json
import os
import re
import sys
import warnings

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
# What the binary's numbers may have around them: Rust's whitespace (`str::trim`), which lacks
# four control characters that Python's str.strip() also takes away.
WHITESPACE = "\t\n\x0b\x0c\r \x85\xa0\u1680" + "".join(map(chr, range(0x2000, 0x200B))) + (
    "\u2028\u2029\u202f\u205f\u3000"
)
# Every name count() knows, "gpu" included: the default wheel refuses it, saying how to get the
# GPU wheel, which counts with it.
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
        t = text.strip(WHITESPACE)
        if not re.fullmatch(r"[0-9]+(_[0-9]+)*", t):
            why = "negative" if re.fullmatch(r"-[0-9]+", t) else "not a whole number"
            raise Failure(f"invalid value '{text}' for '{metavar}': {why}: {limits}")
        v = int(t.replace("_", ""))
        if not low <= v <= high:
            raise Failure(f"invalid value '{text}' for '{metavar}': out of range: {limits}")
        return v

    return parse


def path(text):
    """A file name, which the binary takes only when it is not empty."""
    if not text:
        raise Failure("a value is required for '--board <FILE>' but none was supplied")
    return text


def choice(metavar, names):
    def parse(text):
        if text not in names:
            raise Failure(
                f"invalid value '{text}' for '{metavar}'; [possible values: {', '.join(names)}]"
            )
        return text

    return parse


class Parser(argparse.ArgumentParser):
    """argparse, failing as the binary does: one line, exit code 2; and, as the binary, taking
    no abbreviation of a flag (`--uniq` for `--unique`)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, allow_abbrev=False, **kwargs)

    def error(self, message):
        raise Failure(message)


def shown(action):
    """An argument as the binary's messages name it: `[N]`, `--json`, `--limit <K>`."""
    if not action.option_strings:
        return "[N]"
    name = max(action.option_strings, key=len)
    return name if action.nargs == 0 else f"{name} <{action.metavar}>"


def given(namespace, action):
    """Notes that `action` was given, refusing a second time as the binary does; the order kept
    is the order of the command line, in which the binary names arguments that conflict."""
    seen = getattr(namespace, "given", None)
    if seen is None:
        seen = []
        setattr(namespace, "given", seen)
    if action in seen:
        raise Failure(f"the argument '{shown(action)}' cannot be used multiple times")
    seen.append(action)


class Once(argparse.Action):
    """A value given at most once."""

    def __call__(self, parser, namespace, values, option_string=None):
        if values is not None:
            given(namespace, self)
        setattr(namespace, self.dest, values)


class Flag(argparse.Action):
    """A flag given at most once."""

    def __init__(self, option_strings, dest, default=False, **kwargs):
        super().__init__(option_strings, dest, nargs=0, default=default, **kwargs)

    def __call__(self, parser, namespace, values, option_string=None):
        given(namespace, self)
        setattr(namespace, self.dest, True)


def parser():
    top = Parser(
        prog="python -m nqueens",
        description="Count, list and find solutions of the N-Queens problem (the nqueens "
        "command line's count, list and find).",
    )
    top.add_argument("-V", "--version", action="version", version=f"{PROG} {nqueens.__version__}")
    commands = top.add_subparsers(dest="command", parser_class=Parser)

    count = commands.add_parser("count", help="Count the solutions for an N×N board")
    count.add_argument("n", nargs="?", type=whole("N", "[N]", 1, nqueens.MAX_N), action=Once, help="the board size N, from 1 to 64")
    count.add_argument("--board", metavar="FILE", type=path, action=Once, help="count the completions of the board in FILE instead of N")
    count.add_argument("--method", metavar="METHOD", type=choice("--method <METHOD>", METHOD_NAMES), action=Once, help="how to count [default: the fastest that can serve]")
    count.add_argument("--json", action=Flag, help="print one JSON object instead of the bare number")
    count.add_argument("-t", "--threads", metavar="T", type=whole("T", "--threads <T>", 1, MAX_THREADS), action=Once, help="worker threads, 1 to 1024 [default: one per core]")
    count.add_argument("--unique", action=Flag, help="print the number of unique solutions (up to rotation and reflection)")
    count.add_argument("-q", "--quiet", action=Flag, help="never show progress (there is none here)")

    listing = commands.add_parser("list", help="List every solution for an N×N board, in lexicographic order")
    listing.add_argument("n", nargs="?", type=whole("N", "[N]", 1, nqueens.MAX_N), action=Once, help="the board size N, from 1 to 64")
    listing.add_argument("--board", metavar="FILE", type=path, action=Once, help="list the completions of the board in FILE instead of N")
    listing.add_argument("-f", "--format", metavar="FORMAT", type=choice("--format <FORMAT>", FORMATS), action=Once, help="how each solution is written [default: board]")
    listing.add_argument("--json", action=Flag, help="the same as --format json")
    listing.add_argument("--limit", metavar="K", type=whole("K", "--limit <K>", 0, MAX_U64), action=Once, help="stop after K solutions")
    listing.add_argument("--method", metavar="METHOD", type=choice("--method <METHOD>", METHOD_NAMES), action=Once, help="how to search")
    listing.add_argument("--unique", action=Flag, help="one solution per symmetry class")

    find = commands.add_parser("find", help="One solution for any N, by construction or by a random local search")
    find.add_argument("n", nargs="?", type=whole("N", "[N]", 1, MAX_FIND_N), action=Once, help="the board size N, from 1 to 1,000,000,000")
    find.add_argument("--board", metavar="FILE", type=path, action=Once, help="the first completion of the board in FILE instead of a solution for N")
    find.add_argument("-f", "--format", metavar="FORMAT", type=choice("--format <FORMAT>", FORMATS), action=Once, help="how the solution is written [default: perm]")
    find.add_argument("--json", action=Flag, help="the same as --format json")
    find.add_argument("--random", action=Flag, help="a random solution by local search")
    find.add_argument("--seed", metavar="S", type=whole("S", "--seed <S>", 0, MAX_U64), action=Once, help="seed of the random search (implies --random)")

    for name, command in [("count", count), ("list", listing), ("find", find)]:
        command.add_argument("-V", "--version", action="version", version=f"{PROG}-{name} {nqueens.__version__}")
    helping = commands.add_parser("help", help="Print this help, or the help of a command")
    helping.add_argument("topic", nargs="?", metavar="COMMAND", choices=("count", "list", "find"), action=Once, help="the command whose help to print")
    # The commands by name, for `help COMMAND`.
    top.commands = commands.choices
    return top


def conflicts(args, *pairs):
    """Refuses arguments given together that the binary refuses together, in its words: the
    first argument given that conflicts with others, and those others in the order given."""
    pairs = {frozenset(p) for p in pairs}
    seen = getattr(args, "given", [])
    for a in seen:
        others = [shown(b) for b in seen if frozenset((a.dest, b.dest)) in pairs]
        if len(others) == 1:
            raise Failure(f"the argument '{shown(a)}' cannot be used with '{others[0]}'")
        if others:
            raise Failure(f"the argument '{shown(a)}' cannot be used with: {'; '.join(others)}")


def subject(args, largest=nqueens.MAX_N):
    """The board read from --board FILE, or None for N (at most `largest`)."""
    if args.board is None:
        if args.n is None:
            raise Failure(
                "the following required arguments were not provided: <N|--board <FILE>> "
                f"(N is the board size, from 1 to {group(largest)})"
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
    except OSError as e:
        raise Failure(f"cannot read board {name}: {os_error(e)}")
    except UnicodeDecodeError:
        raise Failure(f"cannot read board {name}: stream did not contain valid UTF-8")
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
    conflicts(args, ("n", "board"))
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
    conflicts(args, ("n", "board"), ("board", "method"), ("board", "unique"), ("json", "format"))
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
    conflicts(args, ("n", "board"), ("board", "random"), ("board", "seed"), ("json", "format"))
    puzzle = subject(args, MAX_FIND_N)
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


def os_error(e):
    """A failure of the system in the binary's words (Rust's): "No such file or directory (os
    error 2)"."""
    return f"{e.strerror} (os error {e.errno})" if e.errno and e.strerror else str(e)


def one_line(message):
    """A message as the binary writes a refusal of its arguments: on one line however a value
    given in it was written, its control characters left out and its lines joined with "; "."""
    message = "".join(c for c in message if c in "\t\n\r" or not (c < " " or c == "\x7f"))
    joined = ""
    for line in message.split("\n"):
        line = line.strip(WHITESPACE)
        if line:
            joined += (" " if joined.endswith(":") else "; ") if joined else ""
            joined += line
    return joined


def say(message):
    """One line on stderr; a stderr that cannot be written is no reason to fail."""
    try:
        print(f"{PROG}: {one_line(message)}", file=sys.stderr, flush=True)
    except OSError:
        pass


def main(argv=None):
    """Runs one command; returns the exit code. What the library notes about a count
    (nqueens.NoteWarning: a software GPU, say) is said as the binary says it, one line after its
    name, rather than as a warning with the line of this file that counted."""
    with warnings.catch_warnings():
        others = warnings.showwarning

        def show(message, category, filename, lineno, file=None, line=None):
            if issubclass(category, nqueens.NoteWarning):
                say(str(message))
            else:
                others(message, category, filename, lineno, file, line)

        warnings.showwarning = show
        return command(argv)


def command(argv):
    """Runs one command; returns the exit code."""
    try:
        top = parser()
        args = top.parse_args(argv)
        if args.command is None:
            raise Failure(
                "a command is required: one of count, list, find (see 'python -m nqueens --help')"
            )
        if sys.stdout is None:
            # Started with its output closed (`>&-`), Python has no sys.stdout at all: said as
            # any output that cannot be written is, before anything is counted for nobody.
            raise Failure("cannot write the output: standard output is closed", code=1)
        if args.command == "help":
            shown = top if args.topic is None else top.commands[args.topic]
            sys.stdout.write(shown.format_help())
            sys.stdout.flush()
            return 0
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
        say(os_error(e))
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
