//! Progress of long counts, on stderr only: an indicatif bar (fraction of subproblems done, rate,
//! ETA) on a terminal, and plain lines at most once a second when `--progress` asks for it
//! elsewhere, so that a log file gets readable text rather than cursor movements.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use nqueens::run::runner::Progress;
use std::io::{IsTerminal, Write};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Where progress goes, chosen from the flags and from what stderr is.
pub enum Reporter {
    Bar(ProgressBar),
    Lines(Lines),
}

/// Decides whether to report: `--quiet` never, `--progress` always, otherwise only when stderr is
/// a terminal.
pub fn reporter(forced: bool, quiet: bool) -> Option<Reporter> {
    if quiet {
        return None;
    }
    if std::io::stderr().is_terminal() {
        let bar = ProgressBar::with_draw_target(Some(0), ProgressDrawTarget::stderr());
        let style = ProgressStyle::with_template(
            "{wide_bar} {pos}/{len} subproblems {percent}% {per_sec} ETA {eta}",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar());
        bar.set_style(style);
        Some(Reporter::Bar(bar))
    } else if forced {
        Some(Reporter::Lines(Lines::new()))
    } else {
        None
    }
}

impl Reporter {
    /// Takes the bar off the screen, or writes the last line.
    pub fn finish(&self) {
        match self {
            Reporter::Bar(bar) => bar.finish_and_clear(),
            Reporter::Lines(lines) => lines.finish(),
        }
    }
}

impl Progress for Reporter {
    fn update(&self, done: u64, total: u64) {
        match self {
            Reporter::Bar(bar) => {
                if bar.length() != Some(total) {
                    bar.set_length(total);
                }
                // Threads finish out of order: never move the bar back.
                if done > bar.position() {
                    bar.set_position(done);
                }
            }
            Reporter::Lines(lines) => lines.update(done, total),
        }
    }
}

/// Plain progress lines, rate-limited, for a stderr that is not a terminal.
pub struct Lines {
    start: Instant,
    state: Mutex<LineState>,
}

struct LineState {
    last: Option<Instant>,
    done: u64,
    total: u64,
}

impl Lines {
    fn new() -> Lines {
        Lines {
            start: Instant::now(),
            state: Mutex::new(LineState {
                last: None,
                done: 0,
                total: 0,
            }),
        }
    }

    fn update(&self, done: u64, total: u64) {
        // A busy lock means another thread is reporting right now: skip rather than wait.
        let Ok(mut st) = self.state.try_lock() else {
            return;
        };
        st.done = st.done.max(done);
        st.total = total;
        let now = Instant::now();
        if st.last.is_some_and(|t| now - t < Duration::from_secs(1)) {
            return;
        }
        st.last = Some(now);
        self.write(st.done, st.total);
    }

    fn finish(&self) {
        if let Ok(st) = self.state.lock() {
            self.write(st.total, st.total);
        }
    }

    fn write(&self, done: u64, total: u64) {
        let secs = self.start.elapsed().as_secs_f64();
        let rate = if secs > 0.0 { done as f64 / secs } else { 0.0 };
        let percent = if total > 0 {
            100.0 * done as f64 / total as f64
        } else {
            100.0
        };
        let eta = if rate > 0.0 {
            format!("{:.0}s", (total - done.min(total)) as f64 / rate)
        } else {
            "?".to_string()
        };
        let _ = writeln!(
            std::io::stderr(),
            "progress: {done}/{total} subproblems ({percent:.1}%), {rate:.1}/s, ETA {eta}"
        );
    }
}
