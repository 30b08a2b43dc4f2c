"""What count(..., progress=True) shows: a tqdm bar where tqdm is installed (tqdm.auto, a widget
in Jupyter), else one line on stderr.

The count calls a Display from the thread that called it, with (done, total), the subproblems
finished of all: at most every half second while it runs, and once at the end; then close().

Without tqdm the line is rewritten in place ("\\r") where that reads as one line: on a terminal,
and in Jupyter, whose output area treats "\\r" as a terminal does. Elsewhere (a log file, a
pipe) each update would be a line of its own, so a line is written at most once a minute, and
the last one at the end.
"""

import sys
import time

# Between two lines written to a log file or a pipe.
_LOG_EVERY = 60.0


def _in_place(stream):
    """Whether "\\r" brings `stream` back to the start of its line."""
    if stream is None:
        return False
    if type(stream).__module__.startswith("ipykernel"):
        return True
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _duration(seconds):
    seconds = int(seconds)
    if seconds < 60:
        return f"{seconds} s"
    if seconds < 3600:
        return f"{seconds // 60} min {seconds % 60:02d} s"
    if seconds < 86400:
        return f"{seconds // 3600} h {seconds % 3600 // 60:02d} min"
    return f"{seconds // 86400} d {seconds % 86400 // 3600:02d} h"


def line(label, done, total, seconds):
    """The text of the plain display: the subproblems done, the share, the rate and the time
    left once a share of the count is done to tell it by."""
    parts = [f"{label}: {done}/{total} subproblems", f"{100.0 * done / total:.1f}%"]
    if seconds > 0 and done > 0:
        rate = done / seconds
        parts.append(f"{rate:.3g}/s" if rate < 1000 else f"{rate:,.0f}/s")
        if done < total and done * 100 >= total:
            parts.append(f"about {_duration((total - done) / rate)} left")
    parts.append(f"{_duration(seconds)} so far" if done < total else f"in {_duration(seconds)}")
    return ", ".join(parts)


class _Bar:
    """A tqdm bar of the subproblems."""

    def __init__(self, tqdm, label):
        self._tqdm = tqdm
        self._label = label
        self._bar = None

    def __call__(self, done, total):
        if self._bar is None:
            self._bar = self._tqdm(total=total, desc=self._label, unit="subproblem")
        self._bar.update(done - self._bar.n)

    def close(self):
        if self._bar is not None:
            self._bar.close()


class _Line:
    """A line on stderr."""

    def __init__(self, label):
        self._label = label
        self._start = time.monotonic()
        self._last = None
        self._text = None
        self._width = 0
        self._stream = sys.stderr
        self._in_place = _in_place(self._stream)

    def __call__(self, done, total):
        # No stderr at all (pythonw, some services): nothing to show, and nothing to fail.
        if self._stream is None:
            return
        now = time.monotonic()
        self._text = line(self._label, done, total, now - self._start)
        if self._in_place:
            # Padded to the last line's length, so that a shorter one leaves nothing behind.
            self._stream.write("\r" + self._text.ljust(self._width))
            self._width = len(self._text)
            self._stream.flush()
            self._last = now
        elif self._last is None or now - self._last >= _LOG_EVERY:
            self._stream.write(self._text + "\n")
            self._stream.flush()
            self._last = now
            self._text = None

    def close(self):
        if self._stream is None:
            return
        if self._in_place:
            if self._last is not None:
                self._stream.write("\n")
        elif self._text is not None:
            self._stream.write(self._text + "\n")
        self._stream.flush()


def Display(label):
    """The display of one count labelled `label`: a tqdm bar, or the line without tqdm."""
    try:
        from tqdm.auto import tqdm
    except ImportError:
        return _Line(label)
    return _Bar(tqdm, label)
