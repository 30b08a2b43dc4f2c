//! # nqueens
//!
//! Place `n` queens on an `n`×`n` board so that no two attack each other: this crate lists
//! and counts those placements.
//!
//! A placement is written one column per row: `[1, 3, 0, 2]` puts the queen of row 0 in
//! column 1, the queen of row 1 in column 3, and so on (the [`board`] module).
//!
//! Several [`Method`]s stand behind the same contract. Three of them are the textbook reference
//! methods, kept for teaching and for cross-checking every faster engine:
//!
//! - [`naive`]: scan the board above the current row for attacks;
//! - [`sets`]: sets of used columns and diagonals (`row - col`, `row + col`);
//! - [`bitmask`]: columns and diagonals as bit masks, lowest free bit first.
//!
//! [`halves`] is the fast counter: it pairs half boards instead of backtracking over whole ones.

//! The fast engine, [`constellation`] (`Method::Symmetry`), searches one board per symmetry class
//! and counts unique solutions too; [`symmetry`] holds the board's eight symmetries.
//!
//! ```
//! use nqueens::{Method, CountOptions};
//!
//! let counts = Method::Bitmask.count(8, &CountOptions::default()).unwrap();
//! assert_eq!(counts.total, 92);
//!
//! let mut first = None;
//! Method::Bitmask.for_each_solution(8, &mut |cols: &[u32]| {
//!     first = Some(cols.to_vec());
//!     std::ops::ControlFlow::Break(())
//! }).unwrap();
//! assert_eq!(first.unwrap(), vec![0, 4, 7, 5, 2, 6, 1, 3]);
//! ```

pub mod bitmask;
pub mod board;
pub mod checkpoint;
pub mod complete;
pub mod constellation;
pub mod construct;
pub mod counts;
pub mod error;
pub mod format;
pub mod halves;
pub mod known;
pub mod method;
pub mod naive;
pub mod picture;
pub mod plan;
pub mod random;
pub mod sets;
pub mod symmetry;

pub mod shard;
pub mod trace;
pub mod verify;

pub use board::{MAX_N, Placement, check_n};
pub use complete::Puzzle;
pub use counts::{Counts, SymmetryClasses};
pub use error::Error;
pub use format::{Format, SolutionWriter};
pub use method::{CountOptions, Method};
pub use plan::{Plan, Progress};

/// What a listing callback returns: `Continue(())` for the next solution, `Break(())` to stop.
pub type Flow = std::ops::ControlFlow<()>;
