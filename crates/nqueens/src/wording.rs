//! The words of an error: its message (the `Display` of [`Error`]), and the parts of it that a
//! front end needs when it words its own advice: what is wrong ([`problem`]), the library's own
//! suggestion ([`suggestion`]), and the message with a number written as the front end was given
//! it ([`showing_value`]).
//!
//! An [`Error`] is data; this module is the one place its words are written, so that the
//! library's message and a front end's own both start from them.
//!
//! ```
//! use nqueens::{Count, Method, wording};
//!
//! let err = Count::new(8).method(Method::Bitmask).unique(true).run().unwrap_err();
//! assert_eq!(wording::problem(&err), "method bitmask cannot count unique solutions");
//! assert_eq!(wording::suggestion(&err).as_deref(), Some("method symmetry can"));
//! assert_eq!(err.to_string(), "method bitmask cannot count unique solutions; method symmetry can");
//! ```

use crate::error::{CampaignProblem, CheckpointProblem, Error, Task};
use crate::method::Method;
use crate::numbers::out_of_range;
use std::fmt;

/// Writes the message of `e` up to the library's own suggestion (see [`suggestion`]).
fn write_problem(e: &Error, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    match e {
        Error::OutOfRange {
            what,
            value,
            min,
            max,
        } => f.write_str(&out_of_range(&what.name(), &value.to_string(), *min, *max)),
        Error::Invalid {
            what,
            text,
            expected,
        } => write!(f, "'{text}' is not a valid {what}: expected {expected}"),
        Error::UnknownName { kind, name, known } => write!(
            f,
            "unknown {kind} '{name}': expected one of {}",
            known.join(", ")
        ),
        Error::Unsupported { method, task, .. } => {
            write!(f, "method {method} cannot {}", task.phrase())
        }
        Error::Memory {
            method,
            n,
            threads,
            needed,
            limit,
            ..
        } => {
            let gib = |b: u64| b as f64 / (1u64 << 30) as f64;
            // A limit set by `ulimit -v` may be well under a GiB.
            let limit = if *limit >= 1 << 30 {
                format!("{:.0} GiB", gib(*limit))
            } else {
                format!("{} MiB", limit >> 20)
            };
            write!(
                f,
                "n = {n} with method {method} on {threads} thread{} needs about {:.1} GiB, \
                     over the {limit} limit",
                if *threads == 1 { "" } else { "s" },
                gib(*needed),
            )
        }
        Error::OutOfMemory { method, n, bytes } => {
            let size = size(*bytes);
            // Only halves has tables to speak of; every other plan's memory is its list.
            let what = match method {
                Method::Halves => "its tables",
                _ => "its list of subproblems",
            };
            write!(
                f,
                "n = {n} with method {method}: the system refused the {size} of {what}"
            )
        }
        Error::SolutionMemory { n, what, bytes } => {
            write!(f, "n = {n}: the system refused the {} {what}", size(*bytes))
        }
        Error::NotForPuzzles(task) => write!(
            f,
            "a partly filled board cannot {}: its given queens and blocked squares break \
                 the board's symmetry",
            match task {
                Task::CountUnique => "have its completions counted up to symmetry",
                other => other.phrase(),
            }
        ),
        Error::Board(e) => write!(f, "{e}"),
        Error::Checkpoint { path, problem } => {
            let path = path.display();
            match problem {
                CheckpointProblem::Damaged(why) => {
                    write!(f, "checkpoint {path} is damaged or not a checkpoint: {why}")
                }
                CheckpointProblem::Exists => write!(
                    f,
                    "checkpoint {path} already exists: resume it, or remove it to start over"
                ),
                CheckpointProblem::Io(e) => write!(f, "cannot read checkpoint {path}: {e}"),
                CheckpointProblem::NotAFile => write!(
                    f,
                    "checkpoint {path} is not a regular file (a pipe, a device or a \
                         directory): a checkpoint must be a file"
                ),
                CheckpointProblem::NewAndContinued => write!(
                    f,
                    "checkpoint {path} was named both as a new file and as one to continue: a \
                     count starts a new checkpoint or continues one, not both"
                ),
                CheckpointProblem::Replaced => write!(
                    f,
                    "checkpoint {path} was replaced by another file while the count ran: \
                         that file is kept as it is, and this count's progress was no longer \
                         saved"
                ),
            }
        }
        Error::Campaign { dir, problem } => {
            let dir = dir.display();
            match problem {
                CampaignProblem::NotACampaign => {
                    write!(f, "{dir} holds no campaign (no file campaign.plan)")
                }
                CampaignProblem::Exists {
                    n: Some(n),
                    units: Some(units),
                } => write!(f, "{dir} already holds a campaign (n = {n}, {units} units)"),
                CampaignProblem::Exists { .. } => write!(
                    f,
                    "{dir} already holds a campaign (its plan cannot be read)"
                ),
                CampaignProblem::Damaged(why) => {
                    write!(f, "the plan of campaign {dir} is damaged: {why}")
                }
                CampaignProblem::Overflow => write!(
                    f,
                    "the results of campaign {dir} add up to more than 2^128: they are damaged"
                ),
                CampaignProblem::Incomplete { done, units } => write!(
                    f,
                    "campaign {dir} is not complete: {done} of its {units} units are done"
                ),
                CampaignProblem::Export(why) => {
                    write!(f, "{dir} is not a campaign's export that holds: {why}")
                }
                CampaignProblem::OtherSplit => write!(
                    f,
                    "this build's GPUs count another split than campaign {dir}'s plan: count \
                     its units on the processor (without --method gpu and --gpu-device)"
                ),
            }
        }
        Error::TwoCheckpoints { first, second } => write!(
            f,
            "a count keeps one checkpoint: this one was asked to keep {} and {}",
            first.display(),
            second.display()
        ),
        Error::Mismatch { from, mismatch } => {
            write!(f, "{from} does not match this count: {mismatch}")
        }
        Error::ShardText(t) => write!(f, "{t}"),
        Error::Shards(p) => write!(f, "{p}"),
        Error::Gpu(p) => write!(f, "{p}"),
        Error::Overflow { from } => write!(
            f,
            "the counts in {from} add up to more than 2^128: they are damaged"
        ),
        Error::Io { context, source } => write!(f, "{context}: {source}"),
    }
}

/// The library's own suggestion, in plain English, where the message has one: the
/// methods that can do what one cannot, or the threads that fit in memory. A front end that
/// words its own advice (the flag that would help) shows [`problem`] instead of the
/// whole message, and reads the suggestion's facts from the variant's fields.
///
/// ```
/// use nqueens::{Count, Method};
///
/// let err = Count::new(8).method(Method::Bitmask).unique(true).run().unwrap_err();
/// assert_eq!(nqueens::wording::problem(&err), "method bitmask cannot count unique solutions");
/// assert_eq!(nqueens::wording::suggestion(&err).as_deref(), Some("method symmetry can"));
/// assert_eq!(err.to_string(), "method bitmask cannot count unique solutions; method symmetry can");
/// ```
pub fn suggestion(e: &Error) -> Option<String> {
    match e {
        Error::Unsupported { instead, .. } => {
            let names: Vec<&str> = instead.iter().map(|m| m.name()).collect();
            match names.len() {
                0 => None,
                1 => Some(format!("method {} can", names[0])),
                _ => Some(format!("methods {} can", names.join(", "))),
            }
        }
        Error::Memory { fits, .. } => Some(match fits {
            Some(t) => format!("{t} thread{} would fit", if *t == 1 { "" } else { "s" }),
            None => "not even one thread fits".to_string(),
        }),
        _ => None,
    }
}

/// What is wrong, without the library's own suggestion: the whole message, or its part
/// before [`suggestion`].
///
/// ```
/// use nqueens::{Count, Method};
///
/// let err = Count::new(23).method(Method::Halves).threads(1024).run().unwrap_err();
/// let problem = nqueens::wording::problem(&err);
/// assert!(problem.starts_with("n = 23 with method halves on 1024 threads needs about"));
/// assert_eq!(err.to_string(), format!("{problem}; {}", nqueens::wording::suggestion(&err).unwrap()));
/// ```
pub fn problem(e: &Error) -> String {
    Problem(e).to_string()
}

/// The message, with the number of an [`Error::OutOfRange`] written as `shown`: for a front
/// end that took a number too large for the library's type (or below zero) and passed it on
/// saturated, so that the message names the number as it was given. Other errors give their
/// message unchanged.
///
/// ```
/// let err = nqueens::count(usize::MAX).unwrap_err();
/// assert_eq!(
///     nqueens::wording::showing_value(&err, "100000000000000000000000"),
///     "n = 100000000000000000000000 is out of range: n must be from 1 to 64"
/// );
/// ```
pub fn showing_value(e: &Error, shown: &str) -> String {
    match e {
        Error::OutOfRange { what, min, max, .. } => out_of_range(&what.name(), shown, *min, *max),
        other => other.to_string(),
    }
}

/// Bytes in words: what a small board refuses is megabytes, not a tenth of a GiB.
fn size(bytes: u64) -> String {
    if bytes >= 1 << 30 {
        format!("{:.1} GiB", bytes as f64 / (1u64 << 30) as f64)
    } else {
        format!("{} MiB", bytes.div_ceil(1 << 20))
    }
}

/// An error's message up to its suggestion, as [`fmt::Display`].
struct Problem<'a>(&'a Error);

impl fmt::Display for Problem<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_problem(self.0, f)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_problem(self, f)?;
        match suggestion(self) {
            Some(s) => write!(f, "; {s}"),
            None => Ok(()),
        }
    }
}
