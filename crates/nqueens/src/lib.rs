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
//! ## One name, one path
//!
//! Every name a user needs is at the crate root, and only there: [`Count`], [`Puzzle`],
//! [`Error`], [`solutions`] and the rest. The modules that define them are private; two groups
//! are kept as modules because their names belong together: [`known`], the published values
//! to check against, and [`cpu`], the processor features the fast kernels are built for.
//!
//! - Counting: [`count`], the [`Count`] builder and the [`Job`] it prepares, its [`Report`]
//!   ([`Note`], [`End`]); [`Counts`] and [`SymmetryClasses`], what a count finds; [`Method`],
//!   the ways to count and list; [`Shard`], [`ShardRecord`] and [`merge`], a count in parts;
//!   [`Plan`], [`PlanId`] and [`plan_for`], the split every long count runs; [`Progress`],
//!   [`Watch`] and [`Dispenser`], watching it and spreading it over a cluster; [`GpuDevice`].
//! - Listing and exploring: [`solutions`] and [`solutions_by`] ([`Solutions`], [`Placement`]);
//!   [`Puzzle`], a partly filled board to complete; [`construct`] and [`random`], one solution
//!   for a large board; [`conflict`] and [`Reader`], checking placements; [`Symmetry`] and
//!   [`canonical`], the eight symmetries of the square; [`trace`] and [`ops`], the textbook
//!   search told step by step and operation by operation.
//! - Writing: [`SolutionWriter`], in every [`Format`] (pictures included).
//! - What went wrong, as data: [`Error`] and its parts ([`Quantity`], [`Task`], [`GpuProblem`],
//!   [`BoardError`], ...).
//!
//! ## Inside
//!
//! Inside, the modules stand in layers, each importing only from the layers below it: from the
//! front doors that own every decision about a request, through the machinery that runs a
//! split and the engines, down to the words everything shares. The one map of those layers is
//! the guide's architecture chapter, `docs/architecture.md` in the repository; a test of the
//! command line's crate, `tests/layout.rs`, reads it and holds the code to it.
//!
//! The crate's own tests, benches and examples reach a few internals besides, through one
//! module hidden from this documentation; it is not API.

mod board;
mod counting;
mod counts;
mod dispatch;
mod engine;
mod error;
mod io;
pub mod known;
mod listing;
mod method;
mod problems;
mod reference;
mod run;
mod split;

pub use board::conflict::{Conflict, Counting, Line, Square, conflict};
pub use board::placement::{MAX_N, Placement};
pub use board::symmetry::{Symmetry, canonical, class_size, images, is_canonical};
pub use counting::{Count, End, Job, MAX_THREADS, Note, Report, count, plan_for, plan_watched};
pub use counts::{Counts, SymmetryClasses};
pub use engine::cpu;
pub use engine::gpu::select::GpuDevice;
pub use engine::halves::MEMORY_LIMIT;
pub use error::{
    BadNumber, BoardError, CheckpointProblem, Error, GpuProblem, Keep, Mismatch, NumberFault,
    Origin, Place, Quantity, ShardPart, ShardText, ShardsProblem, Task, out_of_range, whole_number,
};
pub use io::format::{Format, SolutionWriter};
pub use io::verify::{InputFormat, MAX_VERIFY_N, Placed, ReadError, Reader};
pub use listing::{solutions, solutions_by};
pub use method::{Method, UnknownMethod};
pub use problems::complete::{CompletionPlan, Puzzle};
pub use problems::construct::{Construction, MAX_CONSTRUCT_N, has_solution, solution as construct};
pub use problems::random::{MAX_RANDOM_N, solution as random};
pub use reference::bitmask::{Masks, Prefix};
pub use reference::ops::{Op, Ops, RowMasks, Set, ops};
pub use reference::trace::{MAX_TRACE_N, Step, Steps, steps as trace};
pub use reference::walk::{Advance, Class, Classes, Rule, Solutions};
pub use run::schedule::{Chunk, Dispenser};
pub use run::shard::{
    MAX_RECORD_LINE, MAX_SHARDS, RecordLines, Shard, ShardRecord, merge, record_lines,
};
pub use split::plan::{Plan, PlanId};
pub use split::watch::{NoProgress, POLL_ROWS, Progress, Watch};

/// What the crate's own benches, examples and integration tests reach inside it, grouped by the
/// module that defines it. Not API: hidden from the documentation, and free to change or go
/// without notice.
#[doc(hidden)]
pub mod internals {
    pub use crate::run::checkpoint::Checkpoint;
    pub use crate::split::plan::fnv1a;

    /// The symmetry engine.
    pub mod constellation {
        pub use crate::engine::constellation::{SymmetryPlan, constellations, count};
    }

    /// The GPU engine, and the model of its kernel (`examples/gpu_model.rs`).
    #[cfg(feature = "gpu")]
    pub mod gpu {
        pub use crate::engine::gpu::model;
        pub use crate::engine::gpu::plan::GpuPlan;
    }

    /// Meet in the middle.
    pub mod halves {
        pub use crate::engine::halves::{address_space_left, check_memory, memory_limit};
    }

    /// The walk over a row mask's set bits that the bit-mask searches share.
    pub mod bits {
        pub use crate::board::bits::{Bits, lowest};
    }

    /// The bit-mask method's kernel.
    pub mod bitmask {
        pub use crate::reference::bitmask::{count, count_from, outside};
    }
}

/// The README's Rust examples, compiled and run with the crate's own, so that they cannot drift.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
struct ReadmeExamples;

/// The Rust examples of the guide's library chapter, run the same way.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/library.md")]
struct GuideLibraryExamples;
