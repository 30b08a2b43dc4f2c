//! # nqueens
//!
//! Place `n` queens on an `n`×`n` board so that no two attack each other: this crate counts and
//! lists those placements, fast and exactly, and explores the problem around them.
//!
//! ```
//! // Q(8) and its unique solutions.
//! assert_eq!(nqueens::count(8).unwrap(), 92);
//! let report = nqueens::Count::new(8).unique(true).run().unwrap();
//! assert_eq!(report.counts.unique, Some(12));
//!
//! // Every solution, streamed.
//! let first = nqueens::solutions(8).unwrap().next().unwrap();
//! assert_eq!(first.columns(), &[0, 4, 7, 5, 2, 6, 1, 3]);
//! ```
//!
//! A placement is written one column per row: `[1, 3, 0, 2]` puts the queen of row 0 in
//! column 1, the queen of row 1 in column 3, and so on.
//!
//! ## Map of the crate
//!
//! The modules stand in layers, and each imports only from the layers below it (a test of the
//! command line's crate, `tests/layout.rs`, holds them to it). From the top:
//!
//! - The front doors, which own every decision about a request: [`counting`] ([`count`] and the
//!   [`Count`] builder; it picks the method and the threads, refuses what cannot be served, and
//!   runs every count: plain, checkpointed, sharded), [`listing`] ([`solutions`], every solution
//!   as an iterator), and [`io`] (writing solutions in every format, pictures, reading placements
//!   back to verify).
//! - The machinery that runs counts, [`run`]: the one runner, checkpoints, shards and the
//!   schedule of a cluster run.
//! - The engine table (the private module `dispatch`): the one match that reaches the code
//!   behind each method, for the front doors.
//! - The engines: [`engine`] (border constellations by symmetry, the same split on GPUs, meet in
//!   the middle, and the processor features their kernels use) and [`problems`] (completing a
//!   partly filled board, one solution for any size, a random one).
//! - The methods they build on and are checked against, [`reference`](mod@reference): the three
//!   textbook methods (scan, sets, bit masks), the walk they share, and the search told step by
//!   step.
//! - The contract between engines and machinery, [`split`]: plans and their identity, and the
//!   stop flag and progress that watch a search.
//! - What went wrong, as data: [`Error`] (in [`error`]).
//! - The words everything shares: [`board`] (placements, what makes two queens attack, the eight
//!   symmetries of the square), [`Method`] (the ways to count and list), [`Counts`] (what a count
//!   finds), [`known`] (published values to check against).

pub mod board;
pub mod counting;
pub mod counts;
mod dispatch;
pub mod engine;
pub mod error;
pub mod io;
pub mod known;
pub mod listing;
pub mod method;
pub mod problems;
pub mod reference;
pub mod run;
pub mod split;

pub use board::conflict::Conflict;
pub use board::placement::{MAX_N, Placement};
pub use counting::{Count, Report, count};
pub use counts::{Counts, SymmetryClasses};
pub use error::{Error, Quantity};
pub use io::format::{Format, SolutionWriter};
pub use listing::solutions;
pub use method::Method;
pub use problems::complete::Puzzle;
pub use reference::walk::Solutions;

/// The README's Rust examples, compiled and run with the crate's own, so that they cannot drift.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
struct ReadmeExamples;
