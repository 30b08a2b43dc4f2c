//! What went wrong, as data: the parts an [`Error`] carries, each one a theme.
//!
//! Errors are data, not sentences for one audience. Their `Display` (written in
//! [`crate::wording`]) is plain English that names the problem and, where there is one, the
//! valid range; a front end (the command line, a binding) matches on the variants to word its
//! own advice, such as the flag that would help. Nothing here speaks of flags.
//!
//! ```
//! use nqueens::Error;
//! use nqueens::error::Quantity;
//!
//! let err = nqueens::count(0).unwrap_err();
//! assert!(matches!(err, Error::OutOfRange { what: Quantity::N, value: 0, min: 1, max: 64 }));
//! ```
//!
//! - a number out of range: [`Quantity`];
//! - text that is not a shard `I/K`: [`ShardText`], [`ShardPart`];
//! - what some methods cannot do, and which can: [`Task`];
//! - a method's name not known: [`UnknownMethod`]; what kind of name was not known, of text was
//!   not valid, of memory was refused: [`NameKind`], [`InputKind`], [`MemoryFor`];
//! - a board to complete that was refused: [`BoardError`], [`Place`];
//! - a count on GPUs that cannot run: [`GpuProblem`];
//! - checkpoints, shard records and campaigns that cannot be used: [`CheckpointProblem`],
//!   [`Origin`], [`Mismatch`], [`ShardsProblem`], [`CampaignProblem`].
//!
//! This file holds the error itself and its constructors, and the crate root shows it; the
//! parts a variant carries stand in a file a theme beside it, none importing another nor naming
//! the error: `quantity` (what a number out of range is), `shard_text` (whose parts are worded
//! in the grammar of [`crate::numbers`]), `task`, `board`, `gpu`, `saved` and `kind` (the kinds
//! of names, texts and memory).

pub(crate) mod board;
pub(crate) mod gpu;
pub(crate) mod kind;
pub(crate) mod quantity;
pub(crate) mod saved;
pub(crate) mod shard_text;
pub(crate) mod task;

pub use board::{BoardError, Place};
pub use gpu::GpuProblem;
pub use kind::{InputKind, MemoryFor, NameKind};
pub use quantity::Quantity;
pub use saved::{CampaignProblem, CheckpointProblem, Mismatch, Origin, ShardsProblem};
pub use shard_text::{ShardPart, ShardText};
pub use task::Task;

use crate::board::placement::MAX_N;
use crate::method::{Method, UnknownMethod};
use std::io;
use std::path::PathBuf;

/// Everything that can go wrong in a library call.
///
/// ```
/// use nqueens::Error;
/// use nqueens::error::Quantity;
///
/// let err = nqueens::count(0).unwrap_err();
/// assert!(matches!(err, Error::OutOfRange { what: Quantity::N, value: 0, min: 1, max: 64 }));
/// assert_eq!(err.to_string(), "n = 0 is out of range: n must be from 1 to 64");
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub enum Error {
    /// A number outside the range the operation accepts.
    OutOfRange {
        /// What the number is.
        what: Quantity,
        /// The number given.
        value: u128,
        /// The smallest accepted.
        min: u128,
        /// The largest accepted.
        max: u128,
    },
    /// A name that is not one of the known ones.
    UnknownName {
        /// What kind of name.
        kind: NameKind,
        /// The name given.
        name: String,
        /// The names that are known.
        known: Vec<&'static str>,
    },
    /// A piece of text that is not what it should be (a shard written as `I/K`, say).
    Invalid {
        /// What the text should be.
        what: InputKind,
        /// The text given.
        text: String,
        /// What is accepted.
        expected: String,
    },
    /// Text that should name a shard, `I/K`, and does not: it has no `/`, or one of its parts is
    /// not a whole number in its range.
    ShardText(ShardText),
    /// The method cannot do the task; `instead` lists the methods that can.
    Unsupported {
        /// The method asked for.
        method: Method,
        /// What it was asked to do.
        task: Task,
        /// Methods that can, in the order of [`Method::ALL`].
        instead: Vec<Method>,
    },
    /// The count would need more memory than the method may plan to use.
    Memory {
        /// The method.
        method: Method,
        /// The board size.
        n: usize,
        /// The worker threads asked for.
        threads: usize,
        /// The estimated need, in bytes.
        needed: u64,
        /// The limit, in bytes.
        limit: u64,
        /// The most threads that fit, if at least one does.
        fits: Option<usize>,
    },
    /// The system refused the memory of a method's tables, though the count fitted within the
    /// method's limit (the machine has less free than the process may map), or the memory of a
    /// count's list of subproblems (millions of them for n = 64) in a process whose address
    /// space is limited (`ulimit -v`).
    ///
    /// ```
    /// use nqueens::{Error, Method};
    ///
    /// let err = Error::OutOfMemory { method: Method::Symmetry, n: 64, bytes: 60 << 20 };
    /// assert_eq!(
    ///     err.to_string(),
    ///     "n = 64 with method symmetry: the system refused the 60 MiB of its list of subproblems"
    /// );
    /// ```
    OutOfMemory {
        /// The method.
        method: Method,
        /// The board size.
        n: usize,
        /// The bytes asked for, about.
        bytes: u64,
    },
    /// The system refused the memory of one solution of a large board, though n is in range:
    /// the columns of a solution built whole, or those and the diagonal counters of the random
    /// search (under `ulimit -v`, ten million queens may not fit).
    ///
    /// ```
    /// use nqueens::Error;
    /// use nqueens::error::MemoryFor;
    ///
    /// let err = Error::SolutionMemory { n: 10_000_000, what: MemoryFor::RandomSearch, bytes: 200 << 20 };
    /// assert_eq!(
    ///     err.to_string(),
    ///     "n = 10000000: the system refused the 200 MiB of the random search (about 20 bytes a queen)"
    /// );
    /// ```
    SolutionMemory {
        /// The board size.
        n: usize,
        /// What the memory was for.
        what: MemoryFor,
        /// The bytes asked for, about.
        bytes: u64,
    },
    /// The task makes no sense for a partly filled board.
    NotForPuzzles(Task),
    /// A board to complete that cannot be read, or whose given queens attack each other.
    Board(BoardError),
    /// A checkpoint file that cannot be used.
    Checkpoint {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        problem: CheckpointProblem,
    },
    /// A campaign's folder that cannot be used.
    ///
    /// ```
    /// use nqueens::Error;
    /// use nqueens::error::CampaignProblem;
    ///
    /// let err = Error::Campaign { dir: "q20".into(), problem: CampaignProblem::NotACampaign };
    /// assert_eq!(err.to_string(), "q20 holds no campaign (no file campaign.plan)");
    /// ```
    Campaign {
        /// The folder.
        dir: PathBuf,
        /// What is wrong with it.
        problem: CampaignProblem,
    },
    /// A request that names two checkpoints: a count keeps one.
    ///
    /// ```
    /// use nqueens::{Count, Error};
    ///
    /// let err = Count::new(8).checkpoint("a.ckpt").checkpoint("b.ckpt").run().unwrap_err();
    /// assert!(matches!(err, Error::TwoCheckpoints { .. }));
    /// assert_eq!(
    ///     err.to_string(),
    ///     "a count keeps one checkpoint: this one was asked to keep a.ckpt and b.ckpt"
    /// );
    /// ```
    TwoCheckpoints {
        /// The checkpoint named first.
        first: PathBuf,
        /// The other one.
        second: PathBuf,
    },
    /// Saved work (a checkpoint, a shard record, a cluster message) that belongs to another
    /// count.
    Mismatch {
        /// Where the foreign work came from.
        from: Origin,
        /// How it differs.
        mismatch: Mismatch,
    },
    /// Shard records that do not make up one whole count.
    Shards(ShardsProblem),
    /// A count on GPUs that cannot run: no GPU support in the build, no usable adapter, or a
    /// device that fails.
    Gpu(GpuProblem),
    /// Counts from saved work whose sum does not fit in 128 bits: the input is damaged.
    Overflow {
        /// Where the counts came from.
        from: Origin,
    },
    /// Reading or writing failed; `context` says what was being done.
    Io {
        /// What was being read or written ("cannot write checkpoint q.ckpt").
        context: String,
        /// The system's error.
        source: io::Error,
    },
}
impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Io { source, .. } => Some(source),
            Error::Checkpoint {
                problem: CheckpointProblem::Io(e),
                ..
            } => Some(e),
            _ => None,
        }
    }
}

impl From<UnknownMethod> for Error {
    fn from(e: UnknownMethod) -> Error {
        Error::UnknownName {
            kind: NameKind::Method,
            name: e.name,
            known: Method::ALL.iter().map(|m| m.name()).collect(),
        }
    }
}

impl From<BoardError> for Error {
    fn from(e: BoardError) -> Error {
        Error::Board(e)
    }
}

impl Error {
    /// An [`Error::OutOfRange`] from sizes.
    pub(crate) fn out_of_range(what: Quantity, value: usize, min: usize, max: usize) -> Error {
        Error::OutOfRange {
            what,
            value: value as u128,
            min: min as u128,
            max: max as u128,
        }
    }

    /// A method that cannot do `task`, with the methods that can (see [`Task::served_by`]).
    pub(crate) fn unsupported(method: Method, task: Task) -> Error {
        Error::Unsupported {
            method,
            task,
            instead: task.served_by(),
        }
    }

    /// A failed read or write, with what was being done.
    pub(crate) fn io(context: impl Into<String>, source: io::Error) -> Error {
        Error::Io {
            context: context.into(),
            source,
        }
    }
}

/// Checks that `n` is a board size the search methods accept (1 to [`MAX_N`]).
///
/// It lives with the errors rather than on the board, so that the board, the bottom of the
/// crate, names nothing that goes wrong.
pub(crate) fn check_n(n: usize) -> Result<(), Error> {
    if (1..=MAX_N).contains(&n) {
        Ok(())
    } else {
        Err(Error::out_of_range(Quantity::N, n, 1, MAX_N))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::numbers::whole_number;

    #[test]
    fn domain_errors_are_errors_of_their_own() {
        fn boxed(e: impl std::error::Error + 'static) -> Box<dyn std::error::Error> {
            Box::new(e)
        }
        let board = BoardError::TooLarge { rows: 70, max: 64 };
        assert_eq!(boxed(board.clone()).to_string(), board.to_string());
        let number = whole_number("x", "n", 1, 64).unwrap_err();
        let text = number.to_string();
        assert_eq!(boxed(number).to_string(), text);
        assert_eq!(
            boxed(GpuProblem::NotBuilt).to_string(),
            GpuProblem::NotBuilt.to_string()
        );
        let shard = ShardText::NotIK { max_count: 1 << 20 };
        assert_eq!(boxed(shard).to_string(), shard.to_string());
    }

    #[test]
    fn the_searches_accept_1_to_max_n() {
        assert!(check_n(8).is_ok());
        assert!(check_n(0).is_err());
        assert!(check_n(MAX_N + 1).is_err());
    }
}
