//! Checkpoints: a long count that survives a Ctrl-C, a killed job or a reboot.
//!
//! A checkpoint is a small text file that records which subproblems of a [`Plan`] are finished
//! and what each of them counted, together with everything needed to tell whether the file
//! belongs to the count at hand: the board size, the method, the number of subproblems, the
//! plan's fingerprint and the shard. A checksum (64-bit FNV-1a over everything before it) guards
//! against damage. A file that does not match or does not check out is refused; it can never
//! make a count come out wrong.
//!
//! Files are replaced atomically: written beside the target under a temporary name, flushed to
//! disk, renamed over the target, and the directory flushed, so a crash at any moment leaves
//! either the old checkpoint or the new one, never a torn one.
//!
//! [`run_with_checkpoint`] counts the subproblems a checkpoint does not yet have. Workers only
//! push each finished result into a shared list; a writer thread takes the list over and saves
//! the file every interval, so the counting loop pays for a lock and a push per subproblem and
//! nothing more.
//!
//! The format, one item a line:
//!
//! ```text
//! nqueens checkpoint 1
//! n 12
//! method bitmask
//! subproblems 1140
//! fingerprint 5f4a1c0e2b9d7783
//! shard 0/1
//! done 2
//! 0 52 - -
//! 7 130 - -
//! checksum 8d2c6a1f03b4e975
//! ```
//!
//! Each finished subproblem is `index total unique classes`, where `unique` is a number or `-`
//! and `classes` is `rot90,rot180,asymmetric` or `-`.

use crate::plan::{Plan, Progress, fnv1a};
use crate::shard::Shard;
use crate::{Counts, Error, SymmetryClasses};
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs::{self, File};
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Condvar, Mutex};
use std::time::{Duration, Instant};

const MAGIC: &str = "nqueens checkpoint 1";

/// The finished part of a count: which subproblems are done and what each counted.
///
/// ```
/// use nqueens::{checkpoint::Checkpoint, shard::Shard, Method};
///
/// let plan = Method::Bitmask.plan(8).unwrap();
/// let mut cp = Checkpoint::new(plan.as_ref(), Shard::WHOLE);
/// cp.record(3, plan.count_one(3));
/// let back = Checkpoint::parse(&cp.to_text(), "cp").unwrap();
/// assert_eq!(back, cp);
/// back.check_matches(plan.as_ref(), Shard::WHOLE).unwrap();
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checkpoint {
    /// The board size.
    pub n: usize,
    /// The method's name.
    pub method: String,
    /// The number of subproblems in the whole plan.
    pub subproblems: usize,
    /// The plan's fingerprint.
    pub fingerprint: u64,
    /// The part of the plan this count covers.
    pub shard: Shard,
    /// Finished subproblems and their counts.
    pub done: BTreeMap<usize, Counts>,
}

impl Checkpoint {
    /// An empty checkpoint for `shard` of `plan`: nothing done yet.
    pub fn new(plan: &dyn Plan, shard: Shard) -> Checkpoint {
        Checkpoint {
            n: plan.n(),
            method: plan.method().to_string(),
            subproblems: plan.len(),
            fingerprint: plan.fingerprint(),
            shard,
            done: BTreeMap::new(),
        }
    }

    /// Notes that subproblem `index` is finished with `counts`.
    pub fn record(&mut self, index: usize, counts: Counts) {
        self.done.insert(index, counts);
    }

    /// The subproblems of the shard still to count, in increasing order.
    pub fn remaining(&self) -> Vec<usize> {
        self.shard
            .indices(self.subproblems)
            .into_iter()
            .filter(|i| !self.done.contains_key(i))
            .collect()
    }

    /// The number of subproblems in the shard.
    pub fn shard_len(&self) -> usize {
        self.shard.indices(self.subproblems).len()
    }

    /// True when every subproblem of the shard is done.
    pub fn is_complete(&self) -> bool {
        self.done.len() == self.shard_len()
    }

    /// The sum of the finished subproblems, starting from `zero` (the plan's empty count).
    pub fn sum(&self, zero: Counts) -> Counts {
        self.done.values().fold(zero, |a, &b| a + b)
    }

    /// Refuses a checkpoint that was not made for `shard` of `plan`.
    pub fn check_matches(&self, plan: &dyn Plan, shard: Shard) -> Result<(), Error> {
        match self.mismatch(plan, shard) {
            None => Ok(()),
            Some(problem) => Err(Error::Invalid(format!(
                "checkpoint does not match this count: {problem}"
            ))),
        }
    }

    /// What makes this checkpoint wrong for `shard` of `plan`, if anything.
    fn mismatch(&self, plan: &dyn Plan, shard: Shard) -> Option<String> {
        let problem = if self.n != plan.n() {
            format!("it is for n = {}, not n = {}", self.n, plan.n())
        } else if self.method != plan.method() {
            format!(
                "it is for method {}, not {} (use --method {})",
                self.method,
                plan.method(),
                self.method
            )
        } else if self.fingerprint != plan.fingerprint() || self.subproblems != plan.len() {
            "it was made with a different subproblem split (another version or setting)".to_string()
        } else if self.shard != shard {
            format!("it is for shard {}, not {shard}", self.shard)
        } else {
            return None;
        };
        Some(problem)
    }

    /// The file's text, checksum included.
    pub fn to_text(&self) -> String {
        let mut s = String::with_capacity(64 + 24 * self.done.len());
        // Writing into a String cannot fail.
        let _ = writeln!(s, "{MAGIC}");
        let _ = writeln!(s, "n {}", self.n);
        let _ = writeln!(s, "method {}", self.method);
        let _ = writeln!(s, "subproblems {}", self.subproblems);
        let _ = writeln!(s, "fingerprint {:016x}", self.fingerprint);
        let _ = writeln!(s, "shard {}", self.shard);
        let _ = writeln!(s, "done {}", self.done.len());
        for (i, c) in &self.done {
            let _ = write!(s, "{i} {} ", c.total);
            match c.unique {
                Some(u) => {
                    let _ = write!(s, "{u} ");
                }
                None => s.push_str("- "),
            }
            match c.classes {
                Some(k) => {
                    let _ = writeln!(s, "{},{},{}", k.rot90, k.rot180, k.asymmetric);
                }
                None => s.push_str("-\n"),
            }
        }
        let sum = fnv1a(s.as_bytes());
        let _ = writeln!(s, "checksum {sum:016x}");
        s
    }

    /// Reads a checkpoint from its text; `name` (usually the path) goes into error messages.
    pub fn parse(text: &str, name: &str) -> Result<Checkpoint, Error> {
        let damaged = |why: &str| {
            Error::Invalid(format!(
                "checkpoint {name} is damaged or not a checkpoint: {why}"
            ))
        };
        if !text.starts_with(MAGIC) {
            return Err(damaged("it does not start with the checkpoint header"));
        }
        // The checksum line is the last; it covers every byte before it.
        let body_end = text
            .trim_end_matches('\n')
            .rfind('\n')
            .map(|p| p + 1)
            .ok_or_else(|| damaged("it is cut short"))?;
        let (body, tail) = text.split_at(body_end);
        let stated = tail
            .trim_end()
            .strip_prefix("checksum ")
            .ok_or_else(|| damaged("the checksum line is missing (the file is cut short)"))?;
        // Compared as text, in the one spelling `to_text` writes, so no byte is free to change.
        if stated != format!("{:016x}", fnv1a(body.as_bytes())) {
            return Err(damaged("the checksum does not match its content"));
        }

        let mut lines = body.lines().skip(1);
        let mut field = |key: &str| -> Result<String, Error> {
            lines
                .next()
                .and_then(|l| l.strip_prefix(key))
                .and_then(|v| v.strip_prefix(' '))
                .map(str::to_string)
                .ok_or_else(|| damaged(&format!("the '{key}' line is missing")))
        };
        let number = |v: String, key: &str| -> Result<usize, Error> {
            v.parse::<usize>()
                .map_err(|_| damaged(&format!("'{key}' is not a number")))
        };
        let n = number(field("n")?, "n")?;
        let method = field("method")?;
        let subproblems = number(field("subproblems")?, "subproblems")?;
        let fingerprint = u64::from_str_radix(&field("fingerprint")?, 16)
            .map_err(|_| damaged("'fingerprint' is not hexadecimal"))?;
        let shard: Shard = field("shard")?
            .parse()
            .map_err(|_| damaged("'shard' is not I/K"))?;
        let count = number(field("done")?, "done")?;
        let mut done = BTreeMap::new();
        for line in lines {
            let bad = || damaged(&format!("bad subproblem line '{line}'"));
            let mut parts = line.split(' ');
            let mut next = || parts.next().ok_or_else(bad);
            let index: usize = next()?.parse().map_err(|_| bad())?;
            let total: u128 = next()?.parse().map_err(|_| bad())?;
            let unique = match next()? {
                "-" => None,
                u => Some(u.parse::<u128>().map_err(|_| bad())?),
            };
            let classes = match next()? {
                "-" => None,
                k => {
                    let v: Vec<u128> = k
                        .split(',')
                        .map(|x| x.parse::<u128>())
                        .collect::<Result<_, _>>()
                        .map_err(|_| bad())?;
                    match v[..] {
                        [rot90, rot180, asymmetric] => Some(SymmetryClasses {
                            rot90,
                            rot180,
                            asymmetric,
                        }),
                        _ => return Err(bad()),
                    }
                }
            };
            if parts.next().is_some() || index >= subproblems || !shard.contains(index) {
                return Err(bad());
            }
            let counts = Counts {
                total,
                unique,
                classes,
            };
            if done.insert(index, counts).is_some() {
                return Err(damaged(&format!("subproblem {index} appears twice")));
            }
        }
        if done.len() != count {
            return Err(damaged("the number of finished subproblems is wrong"));
        }
        Ok(Checkpoint {
            n,
            method,
            subproblems,
            fingerprint,
            shard,
            done,
        })
    }

    /// Reads and checks the checkpoint at `path`.
    pub fn load(path: &Path) -> Result<Checkpoint, Error> {
        let name = path.display().to_string();
        let bytes = fs::read(path)
            .map_err(|e| Error::Invalid(format!("cannot read checkpoint {name}: {e}")))?;
        let text = String::from_utf8(bytes).map_err(|_| {
            Error::Invalid(format!(
                "checkpoint {name} is damaged or not a checkpoint: it is not text"
            ))
        })?;
        Checkpoint::parse(&text, &name)
    }

    /// Replaces the file at `path` with this checkpoint, atomically.
    pub fn save(&self, path: &Path) -> Result<(), Error> {
        write_atomically(path, self.to_text().as_bytes())
    }
}

/// Writes `bytes` to `path` so that a crash leaves either the old file or the new one: a
/// temporary file in the same directory (a rename is atomic only within one file system),
/// flushed, renamed over the target, and the directory flushed so the rename itself is durable.
///
/// ```
/// let path = std::env::temp_dir().join(format!("nq-doc-{}.txt", std::process::id()));
/// nqueens::checkpoint::write_atomically(&path, b"hello").unwrap();
/// assert_eq!(std::fs::read(&path).unwrap(), b"hello");
/// std::fs::remove_file(&path).unwrap();
/// ```
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let file_name = path
        .file_name()
        .ok_or_else(|| Error::Invalid(format!("{} is not a file name", path.display())))?;
    let mut tmp_name = std::ffi::OsString::from(".");
    tmp_name.push(file_name);
    tmp_name.push(format!(".tmp{}", std::process::id()));
    let tmp = dir.join(tmp_name);
    let result = (|| {
        let mut f = File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        drop(f);
        fs::rename(&tmp, path)?;
        // Flushing the directory makes the rename itself survive a power cut.
        File::open(&dir)?.sync_all()
    })();
    result.map_err(|e| {
        let _ = fs::remove_file(&tmp);
        Error::Io(std::io::Error::new(
            e.kind(),
            format!("cannot write checkpoint {}: {e}", path.display()),
        ))
    })
}

/// Where a checkpointed count writes, how often, and whether it continues an earlier one.
///
/// ```
/// use nqueens::checkpoint::CheckpointOptions;
///
/// let opts = CheckpointOptions::new("count.ckpt");
/// assert_eq!(opts.every.as_secs(), 60);
/// assert!(!opts.resume);
/// ```
#[derive(Clone, Debug)]
pub struct CheckpointOptions {
    /// The checkpoint file.
    pub path: PathBuf,
    /// How often to save it while counting.
    pub every: Duration,
    /// Continue the count recorded in the file (which must exist) rather than start a new one
    /// (the file must then not exist).
    pub resume: bool,
    /// The part of the plan to count.
    pub shard: Shard,
    /// Worker threads; 0 means one per core.
    pub threads: usize,
}

impl CheckpointOptions {
    /// A new count of the whole plan on every core, saved to `path` every 60 seconds.
    pub fn new(path: impl Into<PathBuf>) -> CheckpointOptions {
        CheckpointOptions {
            path: path.into(),
            every: Duration::from_secs(60),
            resume: false,
            shard: Shard::WHOLE,
            threads: 0,
        }
    }
}

/// How a checkpointed count ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunEnd {
    /// Every subproblem is done; the count is complete (and saved).
    Finished(Counts),
    /// Stopped on request; the checkpoint holds `done` of `of` subproblems.
    Stopped {
        /// Subproblems finished and saved.
        done: usize,
        /// Subproblems in the shard.
        of: usize,
    },
}

/// Counts `plan` (the part `opts.shard`) with a checkpoint at `opts.path`, saved every
/// `opts.every`, when `stop` becomes true, and at the end.
///
/// Setting `stop` (from a signal handler, say) makes the workers take no new subproblem; those
/// being counted finish, everything finished is saved, and the call returns
/// [`RunEnd::Stopped`]. Resuming a checkpoint that is already complete counts nothing and
/// returns its total.
///
/// ```
/// use nqueens::checkpoint::{run_with_checkpoint, CheckpointOptions, RunEnd};
/// use nqueens::{plan::NoProgress, Method};
/// use std::sync::atomic::AtomicBool;
///
/// let path = std::env::temp_dir().join(format!("nq-doc-run-{}.ckpt", std::process::id()));
/// let _ = std::fs::remove_file(&path);
/// let plan = Method::Bitmask.plan(10).unwrap();
/// let stop = AtomicBool::new(false);
/// let opts = CheckpointOptions { threads: 2, ..CheckpointOptions::new(&path) };
/// let end = run_with_checkpoint(plan.as_ref(), &opts, &NoProgress, &stop).unwrap();
/// assert_eq!(end, RunEnd::Finished(nqueens::Counts::total(724)));
/// // Resuming a finished count just gives its total again.
/// let again = CheckpointOptions { resume: true, ..opts };
/// let end = run_with_checkpoint(plan.as_ref(), &again, &NoProgress, &stop).unwrap();
/// assert_eq!(end, RunEnd::Finished(nqueens::Counts::total(724)));
/// std::fs::remove_file(&path).unwrap();
/// ```
pub fn run_with_checkpoint(
    plan: &dyn Plan,
    opts: &CheckpointOptions,
    progress: &dyn Progress,
    stop: &AtomicBool,
) -> Result<RunEnd, Error> {
    let path = opts.path.as_path();
    let mut state = if opts.resume {
        let cp = Checkpoint::load(path)?;
        if let Some(problem) = cp.mismatch(plan, opts.shard) {
            return Err(Error::Invalid(format!(
                "checkpoint {} does not match this count: {problem}",
                path.display()
            )));
        }
        cp
    } else {
        if path.exists() {
            return Err(Error::Invalid(format!(
                "checkpoint {} already exists: resume it, or remove it to start over",
                path.display()
            )));
        }
        let cp = Checkpoint::new(plan, opts.shard);
        // Saving at once proves the place is writable before hours of work depend on it.
        cp.save(path)?;
        cp
    };

    let remaining = state.remaining();
    let of = state.shard_len() as u64;
    let done_count = AtomicU64::new(state.done.len() as u64);
    let pending: Mutex<Vec<(usize, Counts)>> = Mutex::new(Vec::new());
    let failed: Mutex<Option<Error>> = Mutex::new(None);
    let abort = AtomicBool::new(false);
    let finished = Mutex::new(false);
    let wake = Condvar::new();

    let count_one = |i: usize| {
        if stop.load(Ordering::Relaxed) || abort.load(Ordering::Relaxed) {
            return;
        }
        let c = plan.count_one(i);
        pending
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .push((i, c));
        progress.update(done_count.fetch_add(1, Ordering::Relaxed) + 1, of);
    };
    // Moves what the workers finished into `state`.
    let take_pending = |state: &mut Checkpoint| {
        let batch = std::mem::take(&mut *pending.lock().unwrap_or_else(|p| p.into_inner()));
        for (i, c) in batch {
            state.record(i, c);
        }
    };

    std::thread::scope(|scope| {
        let state = &mut state;
        let writer = scope.spawn(|| {
            let mut next = Instant::now() + opts.every;
            let mut guard = finished.lock().unwrap_or_else(|p| p.into_inner());
            loop {
                let now = Instant::now();
                if *guard {
                    return;
                }
                if now < next {
                    guard = wake
                        .wait_timeout(guard, next - now)
                        .unwrap_or_else(|p| p.into_inner())
                        .0;
                    continue;
                }
                drop(guard);
                take_pending(state);
                if let Err(e) = state.save(path) {
                    *failed.lock().unwrap_or_else(|p| p.into_inner()) = Some(e);
                    abort.store(true, Ordering::Relaxed);
                    return;
                }
                next = Instant::now() + opts.every;
                guard = finished.lock().unwrap_or_else(|p| p.into_inner());
            }
        });

        if opts.threads == 1 {
            remaining.iter().for_each(|&i| count_one(i));
        } else {
            let work = || {
                remaining
                    .par_iter()
                    .with_max_len(1)
                    .for_each(|&i| count_one(i))
            };
            match rayon::ThreadPoolBuilder::new()
                .num_threads(opts.threads)
                .build()
            {
                Ok(pool) => pool.install(work),
                Err(_) => work(),
            }
        }
        *finished.lock().unwrap_or_else(|p| p.into_inner()) = true;
        wake.notify_all();
        // The writer only ends by returning; a panic there would be a bug worth seeing.
        if let Err(p) = writer.join() {
            std::panic::resume_unwind(p);
        }
    });

    if let Some(e) = failed.into_inner().unwrap_or_else(|p| p.into_inner()) {
        return Err(e);
    }
    take_pending(&mut state);
    state.save(path)?;
    if state.is_complete() {
        Ok(RunEnd::Finished(state.sum(plan.zero())))
    } else {
        Ok(RunEnd::Stopped {
            done: state.done.len(),
            of: state.shard_len(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Method;
    use crate::plan::NoProgress;

    fn temp(name: &str) -> PathBuf {
        let p = std::env::temp_dir().join(format!("nq-ckpt-{}-{name}", std::process::id()));
        let _ = fs::remove_file(&p);
        p
    }

    #[test]
    fn text_round_trips_with_every_kind_of_count() {
        let plan = Method::Bitmask.plan(9).unwrap();
        let mut cp = Checkpoint::new(plan.as_ref(), Shard::new(1, 3).unwrap());
        cp.record(1, Counts::total(5));
        cp.record(
            4,
            Counts {
                total: u128::MAX,
                unique: Some(7),
                classes: None,
            },
        );
        cp.record(
            7,
            Counts::from_classes(SymmetryClasses {
                rot90: 1,
                rot180: 2,
                asymmetric: 3,
            }),
        );
        let back = Checkpoint::parse(&cp.to_text(), "x").unwrap();
        assert_eq!(back, cp);
        assert_eq!(
            back.remaining(),
            cp.shard
                .indices(plan.len())
                .into_iter()
                .filter(|i| ![1, 4, 7].contains(i))
                .collect::<Vec<_>>()
        );
    }

    #[test]
    fn every_single_byte_change_is_caught() {
        let plan = Method::Bitmask.plan(8).unwrap();
        let mut cp = Checkpoint::new(plan.as_ref(), Shard::WHOLE);
        for i in 0..plan.len() {
            cp.record(i, plan.count_one(i));
        }
        let text = cp.to_text();
        let bytes = text.as_bytes();
        for pos in 0..bytes.len() {
            for flip in [1u8, 4, 32] {
                let mut b = bytes.to_vec();
                b[pos] ^= flip;
                if let Ok(s) = String::from_utf8(b) {
                    if s.trim_end() == text.trim_end() {
                        continue; // only the final newline changed form
                    }
                    assert!(
                        Checkpoint::parse(&s, "x").is_err(),
                        "flip {flip} at {pos} was accepted"
                    );
                }
            }
        }
        // Cut short anywhere: refused.
        for end in 0..text.len() - 1 {
            assert!(
                Checkpoint::parse(&text[..end], "x").is_err(),
                "cut at {end}"
            );
        }
    }

    #[test]
    fn mismatched_checkpoints_are_refused() {
        let p8 = Method::Bitmask.plan(8).unwrap();
        let p9 = Method::Bitmask.plan(9).unwrap();
        let cp = Checkpoint::new(p8.as_ref(), Shard::WHOLE);
        assert!(cp.check_matches(p8.as_ref(), Shard::WHOLE).is_ok());
        let e = cp.check_matches(p9.as_ref(), Shard::WHOLE).unwrap_err();
        assert!(e.to_string().contains("n = 8, not n = 9"), "{e}");
        assert!(
            cp.check_matches(p8.as_ref(), Shard::new(0, 2).unwrap())
                .is_err()
        );
        let mut other = cp.clone();
        other.method = "symmetry".to_string();
        assert!(other.check_matches(p8.as_ref(), Shard::WHOLE).is_err());
        let mut split = cp.clone();
        split.fingerprint ^= 1;
        assert!(split.check_matches(p8.as_ref(), Shard::WHOLE).is_err());
    }

    #[test]
    fn stopped_runs_resume_to_the_exact_total() {
        let path = temp("resume");
        let plan = Method::Bitmask.plan(12).unwrap();
        // A stop flag set before the start: nothing is counted, the file is written.
        let stop = AtomicBool::new(true);
        let opts = CheckpointOptions {
            threads: 2,
            ..CheckpointOptions::new(&path)
        };
        let end = run_with_checkpoint(plan.as_ref(), &opts, &NoProgress, &stop).unwrap();
        assert_eq!(
            end,
            RunEnd::Stopped {
                done: 0,
                of: plan.len()
            }
        );
        // A fresh start over an existing file is refused.
        assert!(run_with_checkpoint(plan.as_ref(), &opts, &NoProgress, &stop).is_err());
        // Half the work, as if stopped midway.
        let mut cp = Checkpoint::load(&path).unwrap();
        for i in (0..plan.len()).step_by(2) {
            cp.record(i, plan.count_one(i));
        }
        cp.save(&path).unwrap();
        let resume = CheckpointOptions {
            resume: true,
            every: Duration::from_millis(1),
            ..opts
        };
        let go = AtomicBool::new(false);
        let end = run_with_checkpoint(plan.as_ref(), &resume, &NoProgress, &go).unwrap();
        assert_eq!(end, RunEnd::Finished(Counts::total(14200)));
        assert!(Checkpoint::load(&path).unwrap().is_complete());
        // Another board size is refused.
        let p11 = Method::Bitmask.plan(11).unwrap();
        assert!(run_with_checkpoint(p11.as_ref(), &resume, &NoProgress, &go).is_err());
        fs::remove_file(&path).unwrap();
    }

    #[test]
    fn shards_checkpoint_separately() {
        let plan = Method::Bitmask.plan(11).unwrap();
        let go = AtomicBool::new(false);
        let mut total = 0;
        for i in 0..3 {
            let path = temp(&format!("shard{i}"));
            let opts = CheckpointOptions {
                shard: Shard::new(i, 3).unwrap(),
                threads: 1,
                ..CheckpointOptions::new(&path)
            };
            match run_with_checkpoint(plan.as_ref(), &opts, &NoProgress, &go).unwrap() {
                RunEnd::Finished(c) => total += c.total,
                other => panic!("{other:?}"),
            }
            fs::remove_file(&path).unwrap();
        }
        assert_eq!(total, 2680);
    }
}
