"""Long counts from Python: progress from the calling thread, checkpoints that go between Python
and the command line both ways and survive Ctrl-C, shards as records that merge, alone or with
the command line's, to the published counts."""

import io
import json
import os
import pickle
import signal
import subprocess
import sys
import threading
import time

import pytest

import nqueens
from conftest import TOTAL, UNIQUE, python

# A count that runs for a few seconds on one thread (halves, 17,905 subproblems), and one of a
# fraction of a second.
LONG, LONG_TOTAL = 17, 95_815_104
SHORT, SHORT_TOTAL, SHORT_UNIQUE = 16, 14_772_512, 1_846_955


def stop_when_done(calls):
    """A progress callable that records its calls and raises KeyboardInterrupt, as a Ctrl-C in
    Python code does, once some subproblems are finished."""

    def told(done, total):
        calls.append((done, total))
        if done > 0:
            raise KeyboardInterrupt

    return told


def test_progress_is_called_from_the_calling_thread_and_ends_at_total():
    calls, threads = [], set()

    def told(done, total):
        calls.append((done, total))
        threads.add(threading.get_ident())

    assert nqueens.count(SHORT, threads=1, progress=told) == SHORT_TOTAL
    assert threads == {threading.get_ident()}
    total = calls[-1][1]
    assert total > 1000 and calls[-1] == (total, total)
    assert all(t == total for _, t in calls)
    assert [d for d, _ in calls] == sorted(d for d, _ in calls)
    # Each call tells something new: the last is not the one before it again.
    assert len(calls) == 1 or calls[-2] != calls[-1]


def test_a_shard_and_a_resumed_count_tell_progress_of_their_own_subproblems(tmp_path):
    calls = []
    part = nqueens.count(12, shard=(1, 3), progress=lambda d, t: calls.append((d, t)))
    whole = []
    nqueens.count(12, progress=lambda d, t: whole.append((d, t)))
    assert calls[-1][0] == calls[-1][1] and calls[-1][1] * 3 in range(whole[-1][1] - 2, whole[-1][1] + 3)
    assert part.solutions < TOTAL[11]


def test_an_error_in_the_progress_callable_stops_the_count_and_is_raised():
    def broken(done, total):
        raise ValueError("the widget is gone")

    with pytest.raises(ValueError, match="the widget is gone"):
        nqueens.count(SHORT, threads=1, progress=broken)


def test_progress_refuses_what_is_neither_a_flag_nor_callable():
    with pytest.raises(TypeError, match=r"^progress: expected a bool or a callable"):
        nqueens.count(8, progress="yes")


class Terminal(io.StringIO):
    def isatty(self):
        return True


def test_progress_without_tqdm_rewrites_one_line_on_a_terminal(monkeypatch):
    monkeypatch.setitem(sys.modules, "tqdm", None)
    monkeypatch.setitem(sys.modules, "tqdm.auto", None)
    err = Terminal()
    monkeypatch.setattr(sys, "stderr", err)
    assert nqueens.count(SHORT, threads=1, progress=True) == SHORT_TOTAL
    text = err.getvalue()
    # Rewritten in place, ended once.
    assert text.startswith("\r") and text.endswith("\n") and text.count("\n") == 1, repr(text)
    last = text.rstrip().split("\r")[-1]
    assert last.startswith(f"count({SHORT}): ") and "subproblems, 100.0%" in last, last


def test_progress_without_tqdm_and_without_stderr_shows_nothing(monkeypatch):
    monkeypatch.setitem(sys.modules, "tqdm", None)
    monkeypatch.setitem(sys.modules, "tqdm.auto", None)
    monkeypatch.setattr(sys, "stderr", None)
    assert nqueens.count(12, progress=True) == TOTAL[11]


def test_progress_without_tqdm_writes_few_whole_lines_elsewhere():
    # A pipe, as a log file: whole lines, the first and the last.
    p = python(
        "import sys; sys.modules['tqdm'] = None\n"
        f"import nqueens; print(nqueens.count({SHORT}, threads=1, progress=True))"
    )
    out, err = p.communicate(timeout=120)
    assert p.returncode == 0, err
    assert out == f"{SHORT_TOTAL}\n"
    lines = err.splitlines()
    assert "\r" not in err and 1 <= len(lines) <= 2, err
    assert lines[-1].startswith(f"count({SHORT}): ") and "100.0%" in lines[-1], err


def test_progress_with_tqdm_draws_a_bar(capsys):
    # CI installs tqdm and sets NQUEENS_TEST_TQDM=1, so that this test cannot be skipped there.
    if os.environ.get("NQUEENS_TEST_TQDM") == "1":
        import tqdm  # noqa: F401
    else:
        pytest.importorskip("tqdm")
    assert nqueens.count(SHORT, threads=1, progress=True) == SHORT_TOTAL
    err = capsys.readouterr().err
    assert f"count({SHORT})" in err and "subproblem" in err and "100%" in err, err


def test_an_interrupted_checkpoint_keeps_the_work_and_python_and_the_binary_finish_it(tmp_path, cli):
    path = tmp_path / "run.ckpt"
    calls = []
    with pytest.raises(nqueens.Interrupted) as info:
        nqueens.count(SHORT, threads=1, checkpoint=str(path), progress=stop_when_done(calls))
    e = info.value
    assert isinstance(e, KeyboardInterrupt)
    assert e.checkpoint == str(path) and 0 < e.done < e.subproblems
    assert e.counts.partial and e.counts.n == SHORT and 0 < e.counts.total < SHORT_TOTAL
    assert str(e) == (
        f"stopped; {e.done} of {e.subproblems} subproblems saved in {path}; continue with "
        f"nqueens.resume({str(path)!r}), or in a shell: nqueens count --resume {path}"
    )
    # The partial counts say so, and rebuild from their repr.
    assert repr(e.counts).endswith(", partial=True)")
    assert eval(repr(e.counts), vars(nqueens)) == e.counts
    # The binary continues the file Python wrote (a copy: Python continues the original).
    copy = tmp_path / "copy.ckpt"
    copy.write_bytes(path.read_bytes())
    done = subprocess.run([cli, "count", "--resume", str(copy)], capture_output=True, text=True)
    assert (done.returncode, done.stdout) == (0, f"{SHORT_TOTAL}\n"), done.stderr
    assert nqueens.resume(path) == SHORT_TOTAL
    # The same count asked again continues its file, now finished.
    assert nqueens.count(SHORT, checkpoint=path) == SHORT_TOTAL


def test_a_checkpoint_the_binary_stopped_is_finished_in_python(tmp_path, cli):
    path = tmp_path / "run.ckpt"
    p = subprocess.Popen(
        [cli, "count", str(LONG), "--threads", "1", "--checkpoint", str(path), "--progress"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    # --progress writes a line a second once counting: then it is well into the count.
    line = p.stderr.readline()
    while line and "/" not in line:
        line = p.stderr.readline()
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=60)
    assert p.returncode == 130 and out == "", err
    assert "subproblems saved in" in err, err
    calls = []

    def told(done, total):
        calls.append((time.monotonic(), done, total))

    assert nqueens.resume(str(path), threads=1, progress=told) == LONG_TOTAL
    # Continued where the binary stopped, to the end.
    assert calls[0][1] > 0 and calls[-1][1] == calls[-1][2] == calls[0][2]
    # Half a second apart at least, but for the last call, made when the count ends.
    gaps = [b[0] - a[0] for a, b in zip(calls[:-2], calls[1:-1])]
    assert len(gaps) >= 2 and all(g >= 0.45 for g in gaps), gaps


def test_a_unique_count_resumes_and_merges_to_the_unique_count(tmp_path, cli):
    path = tmp_path / "unique.ckpt"
    with pytest.raises(nqueens.Interrupted) as info:
        nqueens.count(SHORT, unique=True, threads=1, checkpoint=path, progress=stop_when_done([]))
    # The counts so far (halves makes its unique count at the end only).
    assert info.value.counts.partial and info.value.counts.total < SHORT_TOTAL
    copy = tmp_path / "copy.ckpt"
    copy.write_bytes(path.read_bytes())
    done = subprocess.run([cli, "count", "--resume", str(copy)], capture_output=True, text=True)
    assert done.stdout == f"{SHORT_UNIQUE}\n", done.stderr
    # The file asked for the unique count, and answers it whoever continues it.
    assert nqueens.resume(path) == SHORT_UNIQUE
    parts = [nqueens.count(12, unique=True, shard=(i, 3)) for i in range(3)]
    assert {p.answer for p in parts} == {"unique"}
    assert nqueens.merge(parts) == UNIQUE[11]
    lines = tmp_path / "parts.jsonl"
    lines.write_text("".join(p.to_json() + "\n" for p in parts))
    done = subprocess.run([cli, "merge", str(lines)], capture_output=True, text=True)
    assert done.stdout == f"{UNIQUE[11]}\n", done.stderr


# The child counts with a checkpoint and says when the first subproblems are done; the test
# sends SIGINT then, as a terminal's Ctrl-C or a notebook's interrupt does.
INTERRUPTED = """
import json, signal, sys, nqueens
signal.signal(signal.SIGINT, signal.default_int_handler)
said = []
def told(done, total):
    if done > 0 and not said:
        said.append(print("counting", flush=True))
try:
    nqueens.count({n}, threads=1, checkpoint=sys.argv[1], progress=told)
    print("finished")
except KeyboardInterrupt as e:
    c = e.counts
    print(json.dumps([type(e).__name__, str(e), c.partial, c.total, e.done, e.subproblems]))
"""


def test_ctrl_c_keeps_a_checkpointed_count_and_the_binary_finishes_it(tmp_path, cli):
    path = tmp_path / "run.ckpt"
    p = subprocess.Popen(
        [sys.executable, "-c", INTERRUPTED.format(n=LONG), str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert p.stdout.readline() == "counting\n"
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=60)
    assert p.returncode == 0, err
    kind, message, partial, total, done, of = json.loads(out)
    assert kind == "Interrupted" and partial and 0 < total < LONG_TOTAL and 0 < done < of
    assert message.endswith(
        f"continue with nqueens.resume({str(path)!r}), or in a shell: nqueens count --resume {path}"
    )
    finished = subprocess.run([cli, "count", "--resume", str(path)], capture_output=True, text=True)
    assert (finished.returncode, finished.stdout) == (0, f"{LONG_TOTAL}\n"), finished.stderr


def test_ctrl_c_without_a_checkpoint_says_nothing_was_saved():
    with pytest.raises(nqueens.Interrupted) as info:
        nqueens.count(SHORT, threads=1, progress=stop_when_done([]))
    e = info.value
    assert e.checkpoint is None and e.counts.partial
    assert str(e) == (
        "interrupted; nothing was saved (a count with checkpoint=path keeps its finished work, "
        "and nqueens.resume(path) continues it)"
    )


def test_a_puzzle_count_shows_progress_and_keeps_its_work_for_python_and_the_binary(tmp_path, cli):
    # A queen given in row 0: 436,228 completions, a few seconds on one thread.
    puzzle, completions = nqueens.Puzzle(16).place(0, 0), 436_228
    path = tmp_path / "puzzle.ckpt"
    calls = []
    with pytest.raises(nqueens.Interrupted) as info:
        puzzle.count(threads=1, checkpoint=path, progress=stop_when_done(calls))
    e = info.value
    assert calls[-1][0] > 0 and e.checkpoint == str(path) and 0 < e.done < e.subproblems
    assert e.counts.partial and 0 < e.counts.total < completions
    assert str(e).endswith(
        f"continue with nqueens.resume({str(path)!r}), or in a shell: nqueens count --resume {path}"
    )
    # The file holds the board: the binary and resume() continue it by its name alone.
    copy = tmp_path / "copy.ckpt"
    copy.write_bytes(path.read_bytes())
    done = subprocess.run([cli, "count", "--resume", str(copy)], capture_output=True, text=True)
    assert (done.returncode, done.stdout) == (0, f"{completions}\n"), done.stderr
    assert nqueens.resume(path) == completions
    # The same count asked again continues its file, now finished; another board's is refused.
    assert puzzle.counts(checkpoint=path).total == completions
    with pytest.raises(nqueens.Error) as info:
        nqueens.Puzzle(16).place(0, 1).count(checkpoint=path)
    assert info.value.kind == "mismatch"
    # Progress ends at the total of subproblems, told from the calling thread.
    calls, threads = [], set()

    def told(done, total):
        calls.append((done, total))
        threads.add(threading.get_ident())

    assert nqueens.Puzzle(12).place(0, 0).count(progress=told) == nqueens.Puzzle(12).place(0, 0).count()
    assert calls[-1][0] == calls[-1][1] > 0 and threads == {threading.get_ident()}


@pytest.mark.parametrize("k", [1, 2, 5])
def test_shards_merge_to_the_published_counts(k):
    for n in range(1, 13):
        parts = [nqueens.count(n, shard=(i, k)) for i in range(k)]
        assert all(isinstance(p, nqueens.ShardRecord) for p in parts)
        assert [p.shard for p in parts] == [(i, k) for i in range(k)]
        assert nqueens.merge(parts) == TOTAL[n - 1], n
        # Shuffled, as lines, and as one text: the same total.
        assert nqueens.merge(p.to_json() for p in reversed(parts)) == TOTAL[n - 1]
        assert nqueens.merge("\n".join(p.to_json() for p in parts)) == TOTAL[n - 1]
        unique = [nqueens.counts(n, unique=True, shard=(i, k)) for i in range(k)]
        assert nqueens.merge(unique) == UNIQUE[n - 1], n
    assert sum(p.solutions for p in parts) == TOTAL[11]


def test_a_shard_is_a_record_never_a_number():
    part = nqueens.count(10, shard=(0, 1))
    assert isinstance(part, nqueens.ShardRecord) and not isinstance(part, int)
    assert (part.n, part.shard, part.solutions, part.answer) == (10, (0, 1), 724, "total")
    assert nqueens.merge([part]) == 724


def test_records_go_between_python_and_the_binary(tmp_path, cli):
    mine = [nqueens.count(11, shard=(i, 3)) for i in range(3)]
    theirs = []
    for i in range(3):
        done = subprocess.run(
            [cli, "count", "11", "--shard", f"{i}/3", "--json"], capture_output=True, text=True
        )
        assert done.returncode == 0, done.stderr
        theirs.append(done.stdout)
    # The binary's lines are Python's records, byte for byte.
    assert [nqueens.ShardRecord.from_json(t) for t in theirs] == mine
    assert theirs == [m.to_json() + "\n" for m in mine]
    assert nqueens.merge(theirs[:2] + [mine[2]]) == TOTAL[10]
    lines = tmp_path / "parts.jsonl"
    lines.write_text("".join(m.to_json() + "\n" for m in mine))
    done = subprocess.run([cli, "merge", str(lines)], capture_output=True, text=True)
    assert done.stdout == f"{TOTAL[10]}\n", done.stderr
    with open(lines) as f:
        assert nqueens.merge(f) == TOTAL[10]


def test_a_shards_checkpoint_resumes_to_its_record(tmp_path):
    path = tmp_path / "part.ckpt"
    part = nqueens.count(12, shard=(1, 2), checkpoint=path)
    assert nqueens.resume(path) == part
    assert nqueens.merge([nqueens.count(12, shard=(0, 2)), nqueens.resume(path)]) == TOTAL[11]


def test_records_pickle_compare_and_rebuild_from_their_repr():
    r = nqueens.count(9, shard=(2, 3))
    assert pickle.loads(pickle.dumps(r)) == r
    assert eval(repr(r), vars(nqueens)) == r
    assert r != nqueens.count(9, shard=(1, 3))
    assert r.classes is None or isinstance(r.classes, nqueens.SymmetryClasses)


def test_merge_refuses_what_is_not_one_whole_count(tmp_path):
    parts = [nqueens.count(10, shard=(i, 3)) for i in range(3)]

    def refusal(records):
        with pytest.raises(nqueens.Error) as info:
            nqueens.merge(records)
        assert info.value.kind == "shards"
        return str(info.value)

    assert refusal(parts[:2]) == "shards missing: 2/3 (2 of 3 given)"
    assert refusal(parts + parts[:1]) == "shard 0/3 is given more than once"
    assert refusal([]) == "no shards to merge"
    assert refusal(parts[:2] + [nqueens.count(10, unique=True, shard=(2, 3))]) == (
        "shards do not belong together: shards counted for the total and shards counted for "
        "the unique count (unique=True): count them all alike"
    )
    damaged = parts[1].to_json().replace('"subproblems":272', '"subproblems":273')
    assert refusal([parts[0], damaged, parts[2]]) == (
        "records[1], line 1: not a shard record (its checksum does not match its content)"
    )
    assert refusal(["{}"]).startswith("records[0], line 1: not a shard record (missing field")
    with pytest.raises(TypeError, match=r"^records\[1\]: expected a ShardRecord or a str"):
        nqueens.merge([parts[0], 3])
    with pytest.raises(nqueens.Error, match="not a shard record"):
        nqueens.ShardRecord.from_json("not json")


def test_bad_shards_and_checkpoints_are_refused(tmp_path):
    with pytest.raises(nqueens.Error) as info:
        nqueens.count(8, shard=(3, 3))
    assert info.value.kind == "invalid"
    assert str(info.value) == (
        "(3, 3) is not a valid shard: expected (i, k) with whole numbers 1 ≤ k ≤ 1000000 and "
        "0 ≤ i < k"
    )
    with pytest.raises(TypeError, match=r"^shard: expected a tuple \(i, k\) of ints, not str"):
        nqueens.count(8, shard="0/2")
    with pytest.raises(TypeError, match=r"^checkpoint: expected a str or an os.PathLike, not int"):
        nqueens.count(8, checkpoint=3)
    with pytest.raises(FileNotFoundError):
        nqueens.resume(tmp_path / "none.ckpt")
    path = tmp_path / "nine.ckpt"
    assert nqueens.count(9, checkpoint=path) == 352
    with pytest.raises(nqueens.Error) as info:
        nqueens.count(10, checkpoint=path)
    assert info.value.kind == "mismatch" and "it is for n = 9, not n = 10" in str(info.value)
    junk = tmp_path / "junk.ckpt"
    junk.write_text("no checkpoint\n")
    with pytest.raises(nqueens.Error) as info:
        nqueens.resume(junk)
    assert info.value.kind == "checkpoint" and info.value.path == str(junk)
    with pytest.raises(nqueens.Error) as info:
        nqueens.count(8, method="naive", shard=(0, 2))
    assert info.value.kind == "unsupported"
