//! `nqueens count` for long runs: checkpoints (`--checkpoint`, `--resume`), shards for batch
//! schedulers (`--shard I/K`) and cluster runs (`--mpi`). All of them work on a method's
//! subproblem split, so they are refused for methods without one.

#[cfg(feature = "mpi")]
mod cluster;
mod schedule;

use super::count::{Report, print_json, print_number, rayon_threads, with_progress};
use crate::args::CountArgs;
use crate::{Failure, Outcome};
use clap::Args;
use nqueens::checkpoint::{Checkpoint, CheckpointOptions, RunEnd, run_with_checkpoint};
use nqueens::shard::{Shard, ShardRecord, count_shard};
use nqueens::{Counts, Method, Plan, Progress};
use std::io;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// The exit code of a count stopped by SIGINT or SIGTERM, as shells report a Ctrl-C.
const STOPPED: u8 = 130;

/// The long-run flags of `count`.
#[derive(Args, Debug, Default)]
pub struct LongRunArgs {
    /// Save finished subproblems to FILE every --checkpoint-every seconds and on Ctrl-C or
    /// SIGTERM (then exit 130); continue later with --resume FILE
    #[arg(long, value_name = "FILE", conflicts_with = "resume")]
    pub checkpoint: Option<PathBuf>,

    /// Seconds between checkpoint saves [default: 60]
    #[arg(long, value_name = "SECS", value_parser = parse_secs)]
    pub checkpoint_every: Option<u64>,

    /// Continue the count saved in FILE (and keep saving to it); the method defaults to the
    /// file's
    #[arg(long, value_name = "FILE")]
    pub resume: Option<PathBuf>,

    /// Count only part I of K: the subproblems whose index modulo K is I (0 ≤ I < K); with
    /// --json it prints a record for 'nqueens merge'
    #[arg(long, value_name = "I/K", value_parser = parse_shard)]
    pub shard: Option<Shard>,

    /// Spread the count over the processes of an MPI job: mpirun -np P nqueens count N --mpi
    /// (builds with the 'mpi' feature; one thread per process unless --threads says otherwise)
    #[arg(long, conflicts_with_all = ["checkpoint", "resume", "shard"])]
    pub mpi: bool,
}

impl LongRunArgs {
    /// True when any long-run flag is given, so that this module takes over the count.
    pub fn wanted(&self) -> bool {
        self.checkpoint.is_some()
            || self.resume.is_some()
            || self.shard.is_some()
            || self.mpi
            || self.checkpoint_every.is_some()
    }
}

fn parse_secs(s: &str) -> Result<u64, String> {
    match s.trim().parse::<u64>() {
        Ok(t) if (1..=86_400).contains(&t) => Ok(t),
        _ => Err("SECS must be a whole number of seconds from 1 to 86400".to_string()),
    }
}

fn parse_shard(s: &str) -> Result<Shard, String> {
    s.parse::<Shard>().map_err(|e| e.to_string())
}

/// Runs `count` with long-run flags.
pub fn run(a: CountArgs) -> Outcome {
    let l = &a.long;
    if l.checkpoint_every.is_some() && l.checkpoint.is_none() && l.resume.is_none() {
        return Err(Failure::usage(
            "--checkpoint-every needs --checkpoint FILE or --resume FILE",
        ));
    }
    let what = if l.mpi {
        "run under MPI"
    } else if l.shard.is_some() {
        "be sharded"
    } else {
        "be checkpointed"
    };
    let (plan, threads): (Box<dyn Plan>, usize) = match (&a.board, a.n) {
        // A completion count splits by the placements of its first free rows.
        (Some(path), _) => (
            Box::new(super::complete::read_puzzle(path)?.plan()),
            a.threads.unwrap_or(0),
        ),
        (None, Some(n)) => {
            let method = match (a.method, &l.resume) {
                (Some(m), _) => m,
                // Resuming continues with the method that started the count.
                (None, Some(path)) => {
                    let cp = Checkpoint::load(path)?;
                    cp.method.parse::<Method>().map_err(|_| {
                        Failure::usage(format!(
                            "checkpoint {} is for method {}, which this build does not have",
                            path.display(),
                            cp.method
                        ))
                    })?
                }
                (None, None) if a.unique => Method::Symmetry,
                (None, None) => Method::default_for_count(n),
            };
            let plan = method.plan(n).ok_or_else(|| no_split(method, what))?;
            // Refused here rather than killed later for want of memory; an MPI rank counts on
            // one thread unless told otherwise.
            let per_process = a.threads.unwrap_or(if l.mpi { 1 } else { 0 });
            (plan, method.threads_for(n, per_process)?)
        }
        (None, None) => return Err(Failure::usage("give N or --board FILE")),
    };

    if l.mpi {
        return run_mpi(plan.as_ref(), a.threads, (a.json, a.unique));
    }
    let shard = l.shard.unwrap_or(Shard::WHOLE);
    let (counted, seconds) = with_progress(a.progress, a.quiet, |progress| {
        Ok::<_, Failure>(match (&l.checkpoint, &l.resume) {
            (None, None) => Ok(count_shard(plan.as_ref(), shard, threads, progress).counts),
            (Some(path), _) => {
                checkpointed(plan.as_ref(), shard, threads, l, path, false, progress)?
            }
            (None, Some(path)) => {
                checkpointed(plan.as_ref(), shard, threads, l, path, true, progress)?
            }
        })
    });
    let counts = match counted? {
        Ok(c) => c,
        Err(code) => return Ok(code),
    };
    if l.shard.is_none() {
        print_total(
            plan.as_ref(),
            counts,
            (a.json, a.unique),
            threads,
            None,
            seconds,
        )
    } else {
        print_shard(
            &ShardRecord::new(plan.as_ref(), shard, counts),
            (a.json, a.unique),
        )
    }
}

/// The error for a method that cannot split its count.
fn no_split(method: Method, what: &str) -> Failure {
    // Which methods can: asked of a small board, where building a split costs nothing.
    let able: Vec<&str> = Method::ALL
        .iter()
        .filter(|m| m.plan(10).is_some())
        .map(|m| m.name())
        .collect();
    Failure::usage(format!(
        "method {method} has no subproblem split, so its count cannot {what}: use --method {}",
        able.join(" or --method ")
    ))
}

/// Counts with a checkpoint; `Err(exit code)` when stopped by a signal (the checkpoint is saved).
fn checkpointed(
    plan: &dyn Plan,
    shard: Shard,
    threads: usize,
    l: &LongRunArgs,
    path: &Path,
    resume: bool,
    progress: &dyn Progress,
) -> Result<Result<Counts, ExitCode>, Failure> {
    let stop = Arc::new(AtomicBool::new(false));
    for sig in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM] {
        // The first signal asks for a clean stop; a second one, while the first is still being
        // handled, ends the process at once (with the checkpoint of the last interval).
        signal_hook::flag::register_conditional_shutdown(sig, STOPPED as i32, Arc::clone(&stop))
            .and_then(|_| signal_hook::flag::register(sig, Arc::clone(&stop)))
            .map_err(|e| Failure::from(io::Error::other(format!("cannot catch signals: {e}"))))?;
    }
    let opts = CheckpointOptions {
        path: path.to_path_buf(),
        every: Duration::from_secs(l.checkpoint_every.unwrap_or(60)),
        resume,
        shard,
        threads,
    };
    match run_with_checkpoint(plan, &opts, progress, &stop)? {
        RunEnd::Finished(c) => Ok(Ok(c)),
        RunEnd::Stopped { done, of } => {
            let method = plan.method();
            let shard_flag = if shard.is_whole() {
                String::new()
            } else {
                format!(" --shard {shard}")
            };
            eprintln!(
                "nqueens: stopped; {done} of {of} subproblems saved in {p}; continue with: \
                 nqueens count {n} --method {method}{shard_flag} --resume {p}",
                p = path.display(),
                n = plan.n()
            );
            Ok(Err(ExitCode::from(STOPPED)))
        }
    }
}

/// Prints a whole count as `count` does: the bare total (or unique count), or one JSON object.
fn print_total(
    plan: &dyn Plan,
    counts: Counts,
    output: (bool, bool),
    threads: usize,
    processes: Option<usize>,
    seconds: f64,
) -> Outcome {
    let threads = if threads == 0 {
        rayon_threads()
    } else {
        threads
    };
    let mut report = Report::new(plan.n(), plan.method(), counts, threads, seconds);
    if let Some(p) = processes {
        report = report.with_processes(p);
    }
    let (json, unique) = output;
    report.print(json, unique)
}

/// Prints a shard's count: the bare partial total (or unique count), or the record `merge`
/// reads.
fn print_shard(record: &ShardRecord, output: (bool, bool)) -> Outcome {
    let (json, unique) = output;
    if json {
        print_json(record)?;
    } else {
        let number = if unique {
            record.counts.unique.unwrap_or_default()
        } else {
            record.counts.total
        };
        print_number(number)?;
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(feature = "mpi")]
fn run_mpi(plan: &dyn Plan, threads: Option<usize>, output: (bool, bool)) -> Outcome {
    let start = std::time::Instant::now();
    match cluster::count(plan, threads)? {
        Some((counts, processes, threads)) => {
            let seconds = start.elapsed().as_secs_f64();
            print_total(plan, counts, output, threads, Some(processes), seconds)
        }
        // Every rank but 0 stays quiet.
        None => Ok(ExitCode::SUCCESS),
    }
}

#[cfg(not(feature = "mpi"))]
fn run_mpi(_plan: &dyn Plan, _threads: Option<usize>, _output: (bool, bool)) -> Outcome {
    Err(Failure::usage(
        "this nqueens was built without MPI support: rebuild it with \
         'cargo build --release --features mpi' (needs an MPI library such as Open MPI)",
    ))
}
