//! Progress of long counts, on stderr only: an indicatif bar on a terminal, and plain lines at
//! most once a second when `--progress` asks for them elsewhere (a log file gets readable text,
//! not cursor movements) or when the terminal says it cannot move its cursor (`TERM=dumb`, as
//! Emacs' shell sets: the bar's codes would be printed there as text).
//!
//! Three things keep it honest. Nothing is drawn for a count that ends within half a second
//! (a bar that flashes says nothing). A count whose subproblems take long still shows life: the
//! searches report the large branches they visit, and the display gives their number and rate.
//! Rates and times are rounded for reading, and no time left is guessed before enough of the
//! count is done to guess it.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use nqueens::progress::Progress;
use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Condvar, Mutex};
use std::time::{Duration, Instant};

/// Nothing is shown for a count that ends sooner.
const QUIET_START: Duration = Duration::from_millis(500);

/// Where progress goes, chosen from the flags and from what stderr is.
pub struct Reporter {
    start: Instant,
    done: AtomicU64,
    total: AtomicU64,
    branches: AtomicU64,
    out: Output,
    /// Set when the count is over; the ticker thread waits on it.
    over: Mutex<bool>,
    wake: Condvar,
}

enum Output {
    Bar(ProgressBar),
    Lines,
}

/// Decides whether to report: `--quiet` never, `--progress` always, otherwise only when stderr is
/// a terminal (a dumb one gets the plain lines).
pub fn reporter(forced: bool, quiet: bool) -> Option<Reporter> {
    if quiet {
        return None;
    }
    let terminal = std::io::stderr().is_terminal();
    let out = if terminal && !dumb_terminal() {
        let bar = ProgressBar::with_draw_target(Some(0), ProgressDrawTarget::hidden());
        let style = ProgressStyle::with_template(
            "{spinner} {elapsed:>4} [{wide_bar}] {pos}/{len} subproblems {msg}",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar());
        bar.set_style(style.progress_chars("=> "));
        Output::Bar(bar)
    } else if forced || terminal {
        Output::Lines
    } else {
        return None;
    };
    Some(Reporter {
        start: Instant::now(),
        done: AtomicU64::new(0),
        total: AtomicU64::new(0),
        branches: AtomicU64::new(0),
        out,
        over: Mutex::new(false),
        wake: Condvar::new(),
    })
}

/// Whether stderr is a terminal that the bar may draw on with cursor codes: not one whose `TERM`
/// says `dumb` (Emacs' shell and compilation buffers, some editors' terminals), which shows the
/// codes as text.
pub fn draws() -> bool {
    std::io::stderr().is_terminal() && !dumb_terminal()
}

/// Whether `TERM` says `dumb`: a terminal that shows escape codes as text, so that neither the
/// bar nor the help's colours may use them, whatever else asks for colour.
pub fn dumb_terminal() -> bool {
    std::env::var_os("TERM").is_some_and(|term| term == "dumb")
}

impl Reporter {
    /// Runs `count` while a ticker thread shows progress (the bar from half a second on, a line
    /// every second), then takes the bar off the screen, or writes the last line.
    pub fn around<T: Send>(&self, count: impl FnOnce() -> T + Send) -> T {
        std::thread::scope(|scope| {
            scope.spawn(|| self.tick());
            let result = count();
            *self.over.lock().unwrap_or_else(|p| p.into_inner()) = true;
            self.wake.notify_all();
            result
        })
    }

    /// Until the count is over: shows the bar once the count has run for half a second, and
    /// writes a line every second.
    fn tick(&self) {
        let mut over = self.over.lock().unwrap_or_else(|p| p.into_inner());
        let mut shown = false;
        loop {
            let wait = if shown {
                Duration::from_secs(1)
            } else {
                QUIET_START
            };
            let (guard, _) = self
                .wake
                .wait_timeout_while(over, wait, |over| !*over)
                .unwrap_or_else(|p| p.into_inner());
            over = guard;
            if *over {
                break;
            }
            shown = true;
            match &self.out {
                Output::Bar(bar) => {
                    if bar.is_hidden() {
                        bar.set_draw_target(ProgressDrawTarget::stderr());
                        bar.enable_steady_tick(Duration::from_millis(200));
                    }
                    if self.total.load(Ordering::Relaxed) > 0 {
                        bar.set_message(self.summary());
                    } else {
                        bar.set_message("(preparing the count)");
                    }
                }
                Output::Lines => self.line(),
            }
        }
        match &self.out {
            Output::Bar(bar) => bar.finish_and_clear(),
            // Asked for with --progress: the last line says how it ended.
            Output::Lines => self.line(),
        }
    }

    fn line(&self) {
        let (done, total) = (
            self.done.load(Ordering::Relaxed),
            self.total.load(Ordering::Relaxed),
        );
        let text = if total == 0 {
            // Nothing heard from the count yet: its list of subproblems is being built.
            format!(
                "preparing the count ({})",
                duration(self.start.elapsed().as_secs_f64())
            )
        } else {
            format!("{done}/{total} subproblems {}", self.summary())
        };
        let _ = writeln!(std::io::stderr(), "progress: {text}");
    }

    /// The percentage, the rate, the time left once it can be told, and the branches searched.
    fn summary(&self) -> String {
        let secs = self.start.elapsed().as_secs_f64();
        let (done, total) = (
            self.done.load(Ordering::Relaxed),
            self.total.load(Ordering::Relaxed),
        );
        let mut parts = Vec::new();
        if total > 0 {
            parts.push(format!("{:.1}%", 100.0 * done as f64 / total as f64));
        }
        parts.push(format!("{}/s", si(done as f64 / secs.max(1e-9))));
        // Early rates swing too much to guess a time from.
        if done > 0 && done < total && (done * 100 >= total || secs >= 10.0) {
            let left = (total - done) as f64 * secs / done as f64;
            parts.push(format!("{} left", duration(left)));
        }
        let branches = self.branches.load(Ordering::Relaxed);
        if branches > 0 {
            parts.push(format!(
                "{} branches searched ({}/s)",
                si(branches as f64),
                si(branches as f64 / secs.max(1e-9))
            ));
        }
        format!("({})", parts.join(", "))
    }
}

impl Progress for Reporter {
    fn update(&self, done: u64, total: u64) {
        self.total.store(total, Ordering::Relaxed);
        // Threads finish out of order: never move back.
        self.done.fetch_max(done, Ordering::Relaxed);
        if let Output::Bar(bar) = &self.out {
            if bar.length() != Some(total) {
                bar.set_length(total);
            }
            if done > bar.position() {
                bar.set_position(done);
            }
        }
    }

    fn searched(&self, branches: u64) {
        self.branches.fetch_max(branches, Ordering::Relaxed);
    }
}

/// A number with three significant figures and a metric prefix: 0.512, 42.0, 1.76 k, 3.20 G.
fn si(x: f64) -> String {
    const PREFIXES: [&str; 6] = ["", " k", " M", " G", " T", " P"];
    let mut x = x;
    let mut i = 0;
    while x >= 999.5 && i + 1 < PREFIXES.len() {
        x /= 1000.0;
        i += 1;
    }
    let digits = if x >= 99.95 {
        0
    } else if x >= 9.995 {
        1
    } else {
        2
    };
    format!("{x:.digits$}{}", PREFIXES[i])
}

/// A duration for reading: 45 s, 12 min 5 s, 3 h 20 min, 2 d 4 h, 1.3 years.
fn duration(secs: f64) -> String {
    let s = secs.round() as u64;
    match s {
        0..=59 => format!("{s} s"),
        60..=3599 => format!("{} min {} s", s / 60, s % 60),
        3600..=86_399 => format!("{} h {} min", s / 3600, s % 3600 / 60),
        86_400..=31_535_999 => format!("{} d {} h", s / 86_400, s % 86_400 / 3600),
        _ => format!("{:.1} years", secs / 31_536_000.0),
    }
}

#[cfg(test)]
mod tests {
    use super::{duration, si};

    #[test]
    fn numbers_read_with_three_figures() {
        let cases = [
            (0.5124, "0.51"),
            (42.0, "42.0"),
            (1762.2217, "1.76 k"),
            (999.6, "1.00 k"),
            (3.2e9, "3.20 G"),
        ];
        for (x, text) in cases {
            assert_eq!(si(x), text, "{x}");
        }
    }

    #[test]
    fn durations_read_in_the_largest_units() {
        let cases = [
            (45.2, "45 s"),
            (725.0, "12 min 5 s"),
            (12_000.0, "3 h 20 min"),
            (187_200.0, "2 d 4 h"),
            (4.1e7, "1.3 years"),
        ];
        for (secs, text) in cases {
            assert_eq!(duration(secs), text, "{secs} s");
        }
    }
}
