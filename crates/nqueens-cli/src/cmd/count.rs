//! `nqueens count`: builds one count request from the flags, runs it, and prints the number, or
//! one JSON object (a shard record for `--shard`).
//!
//! Everything about the count itself (the method, the threads, whether the flags can be served
//! together) is the library's decision; this module only turns flags into a request and the
//! report into text.

use crate::args::CountArgs;
use crate::board_file::{Subject, subject};
use crate::failure::{Failure, Outcome, say};
use crate::output;
use crate::progress;
use nqueens::progress::{NoProgress, Progress};
use nqueens::{Count, Counts, End, Method, Report};
use serde::Serialize;
use std::io;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// The exit code of a count stopped by SIGINT or SIGTERM, as shells report a Ctrl-C.
const STOPPED: u8 = 130;

/// What `count --json` prints for a whole count: the board file for a board count, what the
/// library's report says of the count (its board size, method, counts, threads, for a count on
/// GPUs its devices and tasks, and its time in seconds), and the processes of a cluster run.
#[derive(Serialize)]
struct Printed<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    board: Option<&'a str>,
    n: usize,
    method: Method,
    #[serde(flatten)]
    counts: Counts,
    threads: usize,
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    devices: &'a [String],
    #[serde(skip_serializing_if = "Option::is_none")]
    tasks: Option<u64>,
    seconds: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    processes: Option<usize>,
}

impl<'a> Printed<'a> {
    fn new(report: &'a Report, board: Option<&'a str>, processes: Option<usize>) -> Printed<'a> {
        Printed {
            board,
            n: report.run.n,
            method: report.run.method,
            counts: report.counts,
            threads: report.run.threads,
            devices: &report.run.devices,
            tasks: report.run.tasks,
            seconds: report.run.elapsed.as_secs_f64(),
            processes,
        }
    }
}

pub fn run(a: CountArgs) -> Outcome {
    let l = &a.long;
    if l.checkpoint_every.is_some() && l.checkpoint.is_none() && l.resume.is_none() {
        return Err(Failure::usage(
            "--checkpoint-every needs --checkpoint FILE or --resume FILE",
        ));
    }
    if l.mpi_wait.is_some() && !l.mpi {
        return Err(Failure::usage("--mpi-wait needs --mpi"));
    }
    // N, a board file, or (with --resume alone) whatever the checkpoint holds.
    let (mut request, board) = match (&l.resume, a.n, &a.board) {
        (Some(path), None, None) => (Count::resume(path), None),
        _ => match subject(a.n, a.board.as_deref())? {
            Subject::N(n) => (Count::new(n), None),
            Subject::Board(puzzle, name) => (Count::puzzle(puzzle), Some(name)),
        },
    };
    if let Some(m) = a.method {
        request = request.method(m);
    }
    if let Some(t) = a.threads {
        request = request.threads(t);
    }
    request = request.unique(a.unique);
    if let Some(d) = a.gpu_device {
        request = request.gpu_device(d);
    }
    if let Some(w) = a.gpu_workgroup {
        request = request.gpu_workgroup(w);
    }
    if let Some(r) = a.gpu_task_rows {
        request = request.gpu_task_rows(r);
    }
    if let Some(s) = l.shard {
        request = request.shard(s);
    }
    if let Some(secs) = l.checkpoint_every {
        request = request.save_every(Duration::from_secs(secs));
    }
    // A checkpoint is started with `--checkpoint` and continued with `--resume`, each refusing
    // the other's case (the library decides, when the count is prepared).
    if let Some(path) = &l.checkpoint {
        request = request.new_checkpoint(path);
    }
    if let (Some(path), true) = (&l.resume, a.n.is_some() || a.board.is_some()) {
        request = request.continue_checkpoint(path);
    }
    if l.mpi {
        return cluster(request, &a, board.as_deref());
    }

    // A checkpointed count saves and stops on the first Ctrl-C or SIGTERM; other counts end at
    // once, as programs do, since there is nothing to keep, but say so.
    let stop = Arc::new(AtomicBool::new(false));
    if l.checkpoint.is_some() || l.resume.is_some() {
        stop_on_signals(&stop)?;
    } else {
        end_on_signals()?;
    }
    let reporter = progress::reporter(a.progress, a.quiet);
    let progress: &dyn Progress = match &reporter {
        Some(r) => r,
        None => &NoProgress,
    };
    // Progress is shown from the start: building the split of a large board takes a moment.
    let count = || -> Result<_, Failure> {
        let job = request.progress(progress).stop(&stop).prepare()?;
        for note in job.notes() {
            say(&note.to_string());
        }
        let told = job.notes().len();
        let checkpoint = job.checkpoint().map(|p| p.display().to_string());
        Ok((job.run()?, checkpoint, told))
    };
    let (report, checkpoint, told) = match &reporter {
        Some(r) => r.around(count),
        None => count(),
    }?;
    // What the count found out while counting (a GPU that failed, say).
    for note in report.run.notes.iter().skip(told) {
        say(&note.to_string());
    }
    match report.end {
        // Stopped while the subproblems were listed: nothing was counted or saved.
        End::StoppedListing => return Err(stopped_early(l)),
        End::Stopped { done, of } => {
            let path = checkpoint.unwrap_or_default();
            say(&format!(
                "stopped; {done} of {of} subproblems saved in {path}; continue with: nqueens \
                 count --resume {}",
                shell_word(&path)
            ));
            return Ok(ExitCode::from(STOPPED));
        }
        _ => {}
    }
    print(&report, &a, board.as_deref(), None)?;
    // The count is complete and printed; a save that failed at the end is still a failure.
    match report.end {
        End::FinishedUnsaved { error } => Err(Failure {
            code: 1,
            ..Failure::from(error)
        }),
        _ => Ok(ExitCode::SUCCESS),
    }
}

/// A count stopped while its subproblems were still being listed: nothing was counted, and a
/// checkpoint being resumed is as it was.
fn stopped_early(l: &crate::args::LongRunArgs) -> Failure {
    let message = match &l.resume {
        Some(path) => {
            let path = path.display().to_string();
            format!(
                "stopped before the count began; {path} is unchanged; continue with: nqueens \
                 count --resume {}",
                shell_word(&path)
            )
        }
        None => "stopped before the count began; nothing was counted or saved".to_string(),
    };
    Failure {
        message,
        code: STOPPED,
    }
}

/// `word` as a POSIX shell reads it back as one word: as it is when every character is one the
/// shell takes literally, otherwise in single quotes (a quote inside written `'\''`), so that the
/// command a stop advises runs when pasted, whatever the checkpoint was named.
fn shell_word(word: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "_-./,:@%+=".contains(c);
    if !word.is_empty() && word.chars().all(plain) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

/// Sets `stop` on the first SIGINT or SIGTERM; a second one, while the first is still being
/// handled, ends the process at once (the checkpoint of the last interval is kept).
fn stop_on_signals(stop: &Arc<AtomicBool>) -> Result<(), Failure> {
    for sig in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM] {
        signal_hook::flag::register_conditional_shutdown(sig, STOPPED as i32, Arc::clone(stop))
            .and_then(|_| signal_hook::flag::register(sig, Arc::clone(stop)))
            .map_err(|e| Failure::from(io::Error::other(format!("cannot catch signals: {e}"))))?;
    }
    Ok(())
}

/// Ends a count without a checkpoint on the first SIGINT or SIGTERM, at once, with a line that
/// says the work is lost and how a count keeps it: a bare exit 130 left users wondering, and
/// left the progress bar's line unended on a terminal.
fn end_on_signals() -> Result<(), Failure> {
    use signal_hook::consts::{SIGINT, SIGTERM};
    let mut signals = signal_hook::iterator::Signals::new([SIGINT, SIGTERM])
        .map_err(|e| Failure::from(io::Error::other(format!("cannot catch signals: {e}"))))?;
    std::thread::spawn(move || {
        if signals.forever().next().is_some() {
            if progress::draws() {
                // Back to the start of the bar's line, and clear it.
                eprint!("\r\x1b[2K");
            }
            say(
                "interrupted; nothing was saved (a count with --checkpoint FILE keeps its \
                 finished work, and --resume FILE continues it)",
            );
            std::process::exit(STOPPED.into());
        }
    });
    Ok(())
}

/// Prints a finished count: the bare total (the unique count with `--unique`), one JSON object,
/// or for a shard with `--json` the record `merge` reads. Whether the count is a shard is the
/// count's to say, not the flags': a resumed shard takes its part from its checkpoint.
fn print(
    report: &Report,
    a: &CountArgs,
    board: Option<&str>,
    processes: Option<usize>,
) -> Result<(), Failure> {
    if a.json {
        let shard = a.long.shard.is_some() || !report.run.shard.is_whole();
        match report.record().filter(|_| shard) {
            Some(record) => output::json(&record)?,
            None => output::json(&Printed::new(report, board, processes))?,
        }
    } else {
        // Only a finished count is printed, and the library refuses --unique for methods that
        // cannot count it, so the number is known; a partial sum is never printed as one.
        let part = match report.run.unique {
            true => report.counts.unique,
            false => Some(report.counts.total),
        };
        let number = match (report.number(), part) {
            (Some(number), _) => number,
            // A shard's number is one part of the answer: printed, as asked, but said to be a
            // part, since a count continued from a shard's checkpoint is that shard unasked.
            (None, Some(part)) if report.is_finished() && !report.run.shard.is_whole() => {
                // The advice asks for the same answer of every shard: merge prints the unique
                // count of shards counted with --unique, and refuses a mix.
                say(&format!(
                    "this is shard {} of the count, not its total: count every shard with \
                     {}--shard I/{} --json and add them with 'nqueens merge'",
                    report.run.shard,
                    if report.run.unique { "--unique " } else { "" },
                    report.run.shard.count
                ));
                part
            }
            (None, _) => {
                return Err(match report.is_finished() {
                    false => {
                        Failure::none("the count was stopped before it finished: it has no total")
                    }
                    true => Failure::usage(format!(
                        "method {} counted no unique solutions",
                        report.run.method
                    )),
                });
            }
        };
        output::number(number)?;
    }
    Ok(())
}

#[cfg(feature = "mpi")]
fn cluster(request: Count<'static>, a: &CountArgs, board: Option<&str>) -> Outcome {
    let wait = a
        .long
        .mpi_wait
        .map_or(crate::cluster::JOIN_WAIT, Duration::from_secs);
    match crate::cluster::count(request, wait)? {
        Some((report, processes)) => {
            print(&report, a, board, Some(processes))?;
            Ok(ExitCode::SUCCESS)
        }
        // Every rank but 0 stays quiet.
        None => Ok(ExitCode::SUCCESS),
    }
}

#[cfg(not(feature = "mpi"))]
fn cluster(_request: Count<'static>, _a: &CountArgs, _board: Option<&str>) -> Outcome {
    Err(Failure::usage(format!(
        "this nqueens was built without MPI support: {} (needs an MPI library such as Open MPI)",
        crate::failure::rebuild_with("mpi")
    )))
}

#[cfg(test)]
mod tests {
    use super::shell_word;

    #[test]
    fn a_path_is_quoted_only_where_the_shell_would_split_or_change_it() {
        for (path, word) in [
            ("q18.ckpt", "q18.ckpt"),
            ("/runs/q-18_v2.ckpt", "/runs/q-18_v2.ckpt"),
            ("my runs/q 18.ckpt", "'my runs/q 18.ckpt'"),
            ("it's.ckpt", r"'it'\''s.ckpt'"),
            ("$HOME/*.ckpt", "'$HOME/*.ckpt'"),
            ("", "''"),
        ] {
            assert_eq!(shell_word(path), word, "{path}");
        }
    }
}
