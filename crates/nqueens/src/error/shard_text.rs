//! Text that should name a shard `I/K` and does not: which part is wrong and why, worded as any
//! typed number is, so that `7/7` is refused as a person reads it.

use crate::numbers::{BadNumber, NumberFault};
use std::fmt;

/// Which part of a shard `I/K` a [`ShardText`] refuses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShardPart {
    /// `I`, before the `/`: which part, from 0 to `K - 1`.
    Index,
    /// `K`, after the `/`: how many parts.
    Count,
}

impl ShardPart {
    /// The part's letter, as messages name it.
    pub fn letter(self) -> &'static str {
        match self {
            ShardPart::Index => "I",
            ShardPart::Count => "K",
        }
    }
}

/// Why text is not a shard `I/K`, for [`Error::ShardText`](crate::Error::ShardText).
///
/// ```
/// use nqueens::error::{ShardPart, ShardText};
/// use nqueens::numbers::NumberFault;
/// use nqueens::shard::Shard;
/// use nqueens::Error;
///
/// let e = "7/7".parse::<Shard>().unwrap_err();
/// assert!(matches!(
///     e,
///     Error::ShardText(ShardText::Part {
///         part: ShardPart::Index,
///         fault: NumberFault::OutOfRange,
///         min: 0,
///         max: 6,
///     })
/// ));
/// assert_eq!(e.to_string(), "out of range: I must be a whole number from 0 to 6");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ShardText {
    /// No `/` between two parts.
    NotIK {
        /// The most parts a count may be cut into.
        max_count: usize,
    },
    /// One part is not a whole number in its range (`K` is read first: the range of `I`
    /// depends on it).
    Part {
        /// The part refused.
        part: ShardPart,
        /// What is wrong with it.
        fault: NumberFault,
        /// The smallest accepted.
        min: usize,
        /// The largest accepted.
        max: usize,
    },
}

impl fmt::Display for ShardText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ShardText::NotIK { max_count } => write!(
                f,
                "not I/K: expected two whole numbers with 0 ≤ I < K ≤ {max_count}, such as 0/4"
            ),
            ShardText::Part {
                part,
                fault,
                min,
                max,
            } => BadNumber {
                name: part.letter(),
                fault,
                min: min as u128,
                max: max as u128,
            }
            .fmt(f),
        }
    }
}

// An error of its own, so that a caller holding one apart from [`Error`] can box it or pass it
// on with `?`. [`Error`] shows its text as part of its own rather than as its `source()`, so
// that a printer of error chains does not say it twice.
impl std::error::Error for ShardText {}
