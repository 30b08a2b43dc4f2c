//! Saved work that cannot be used: a checkpoint that is damaged or taken, a campaign's folder that holds none or another, and checkpoints, shard records or cluster messages that belong to another
//! count or do not add up to one.

use crate::method::Method;
use std::fmt;
use std::io;
use std::path::PathBuf;

/// What is wrong with a checkpoint file.
#[derive(Debug)]
#[non_exhaustive]
pub enum CheckpointProblem {
    /// The file is not a checkpoint, or its content does not match its checksum.
    Damaged(String),
    /// A new count would overwrite the file (and the work saved in it).
    Exists,
    /// The file cannot be read or written.
    Io(io::Error),
    /// The path names something other than a regular file (a named pipe, a device, a
    /// directory): reading it could block forever or never end.
    NotAFile,
    /// While the count ran, something else took the file's place (another count's checkpoint
    /// moved onto it, say): it is kept as it was found, and the count saves no more there.
    Replaced,
    /// The request named the file both as a new checkpoint
    /// ([`Count::new_checkpoint`](crate::Count::new_checkpoint)) and as one to continue
    /// ([`Count::continue_checkpoint`](crate::Count::continue_checkpoint) or
    /// [`Count::resume`](crate::Count::resume)): a count does one or the other.
    ///
    /// ```
    /// use nqueens::Count;
    ///
    /// let err = Count::new(9).new_checkpoint("q.ckpt").continue_checkpoint("q.ckpt").run();
    /// assert_eq!(
    ///     err.unwrap_err().to_string(),
    ///     "checkpoint q.ckpt was named both as a new file and as one to continue: a count \
    ///      starts a new checkpoint or continues one, not both"
    /// );
    /// ```
    NewAndContinued,
}

/// What is wrong with a campaign's folder.
#[derive(Debug)]
#[non_exhaustive]
pub enum CampaignProblem {
    /// The folder holds no campaign plan.
    NotACampaign,
    /// A new campaign was asked for in a folder that holds one: its n and units, where its plan
    /// can be read.
    Exists {
        /// The board size of the campaign there.
        n: Option<usize>,
        /// Its units.
        units: Option<usize>,
    },
    /// The plan is damaged, or was made by a program whose split differs.
    Damaged(String),
    /// The results add up to more than 128 bits: they are damaged.
    Overflow,
    /// An export was asked of a campaign whose units are not all done.
    Incomplete {
        /// Units done.
        done: usize,
        /// Units in all.
        units: usize,
    },
    /// A file read as a campaign's export is not one, or does not hold (the path is the file's).
    Export(String),
    /// The GPUs of this build count another split than the campaign's plan names, so their
    /// counts cannot be added to it.
    OtherSplit,
}

/// Where saved work came from, for [`Error::Mismatch`](crate::Error::Mismatch) and
/// [`Error::Overflow`](crate::Error::Overflow).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Origin {
    /// A checkpoint file.
    Checkpoint(PathBuf),
    /// A set of shard records.
    Shards,
    /// A process of a cluster run.
    Rank(usize),
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Origin::Checkpoint(path) => write!(f, "checkpoint {}", path.display()),
            Origin::Shards => f.write_str("the shards"),
            Origin::Rank(r) => write!(f, "rank {r}"),
        }
    }
}

/// How saved work differs from the count at hand (or two records from each other).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Mismatch {
    /// Another board size.
    N {
        /// The size of the saved work.
        found: usize,
        /// The size expected.
        expected: usize,
    },
    /// Another method.
    Method {
        /// The method of the saved work.
        found: Method,
        /// The method expected.
        expected: Method,
    },
    /// One is a count of a partly filled board and the other is not, or the boards differ.
    Board {
        /// The saved work is of a partly filled board.
        found: bool,
        /// The count expected is.
        expected: bool,
    },
    /// The same method and n, but another list of subproblems (another version or setting).
    Split,
    /// Another part of the count.
    Shard {
        /// The part of the saved work, as (index, count).
        found: (usize, usize),
        /// The part expected.
        expected: (usize, usize),
    },
    /// Another answer asked for: the unique count against the total.
    Answer {
        /// The saved work was asked for the unique count.
        found_unique: bool,
    },
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Mismatch::N { found, expected } => {
                write!(f, "it is for n = {found}, not n = {expected}")
            }
            Mismatch::Method { found, expected } => {
                write!(f, "it is for method {found}, not {expected}")
            }
            Mismatch::Board { found: true, .. } => {
                f.write_str("it is for a partly filled board, not for this count")
            }
            Mismatch::Board { found: false, .. } => {
                f.write_str("it is for the empty board, not for a partly filled one")
            }
            Mismatch::Split => f.write_str(
                "it was made with a different subproblem split (another version or setting)",
            ),
            Mismatch::Shard { found, expected } => write!(
                f,
                "it is for shard {}/{}, not {}/{}",
                found.0, found.1, expected.0, expected.1
            ),
            Mismatch::Answer { found_unique: true } => {
                f.write_str("it was asked for the unique count, not the total")
            }
            Mismatch::Answer {
                found_unique: false,
            } => f.write_str("it was asked for the total, not the unique count"),
        }
    }
}

/// Why a set of shard records cannot be merged.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ShardsProblem {
    /// No record at all.
    None,
    /// Records of different counts.
    Foreign(Mismatch),
    /// Records asked for the unique count that hold none (records built by hand: a count
    /// refuses to ask for it of a method that cannot count it in parts).
    NoUnique,
    /// One part given twice, as (index, count).
    Repeated((usize, usize)),
    /// Parts missing: the first few of them, how many in all, and of how many.
    Missing {
        /// The first missing parts (at most ten), by index.
        first: Vec<usize>,
        /// How many are missing.
        missing: usize,
        /// How many parts there are.
        of: usize,
    },
    /// A line that is not a shard record.
    NotARecord {
        /// The file (or "-" for standard input).
        file: String,
        /// The line, from 1.
        line: usize,
        /// Why it was not read.
        why: String,
    },
    /// A complete set of records of the empty board whose sum is not the published count
    /// ([`crate::known::check`]): some record is forged or damaged. Says which number is wrong.
    WrongTotal(String),
    /// A file of records that cannot be read.
    Unreadable {
        /// The file (or "-" for standard input).
        file: String,
        /// Why (the system's words).
        why: String,
    },
}

impl fmt::Display for ShardsProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShardsProblem::None => f.write_str("no shards to merge"),
            ShardsProblem::Foreign(m) => write!(f, "shards do not belong together: {}", foreign(m)),
            ShardsProblem::NoUnique => {
                f.write_str("the shards were asked for the unique count but hold none")
            }
            ShardsProblem::Repeated((i, k)) => write!(f, "shard {i}/{k} is given more than once"),
            ShardsProblem::Missing { first, missing, of } => {
                let names: Vec<String> = first.iter().map(|i| format!("{i}/{of}")).collect();
                write!(f, "shards missing: {}", names.join(", "))?;
                if *missing > first.len() {
                    write!(f, " and {} more", missing - first.len())?;
                }
                write!(f, " ({} of {of} given)", of - missing)
            }
            ShardsProblem::NotARecord { file, line, why } => {
                write!(f, "{file}, line {line}: not a shard record ({why})")
            }
            ShardsProblem::Unreadable { file, why } => {
                write!(f, "cannot read shard file {file}: {why}")
            }
            ShardsProblem::WrongTotal(why) => {
                write!(f, "the shards' counts are wrong: {why}")
            }
        }
    }
}

/// A mismatch between two records, neither of which is "the count at hand".
fn foreign(m: &Mismatch) -> String {
    match m {
        Mismatch::N { found, expected } => format!("n = {expected} and n = {found}"),
        Mismatch::Method { found, expected } => format!("methods {expected} and {found}"),
        Mismatch::Board { .. } => "counts of different boards".to_string(),
        Mismatch::Split => "different subproblem splits (fingerprints differ)".to_string(),
        Mismatch::Shard { found, expected } => {
            format!("shards of {} parts and of {} parts", expected.1, found.1)
        }
        Mismatch::Answer { .. } => "shards counted for the total and shards counted for the \
                                    unique count (--unique): count them all alike"
            .to_string(),
    }
}
