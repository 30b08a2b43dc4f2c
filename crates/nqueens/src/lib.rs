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
//! ## The face, and the modules by theme
//!
//! The crate root holds what a user reaches for daily: [`count`], the [`Count`] builder and the
//! [`Job`] it prepares, its [`Report`] (the [`Counts`] it finds, how it [`End`]ed, and the
//! [`Run`] that found them, with its [`Note`]s);
//! [`Method`], the ways to count and list (a name that is none is an [`UnknownMethod`]);
//! [`plan_for`] and [`plan_watched`], the split of a method asked for on its own; [`solutions`]
//! and [`solutions_by`], every [`Placement`] streamed; [`Puzzle`], a partly filled board to
//! complete, and the [`CompletionPlan`] of its completions; [`trace`], the textbook search told
//! step by step; [`Error`], everything that can go wrong; and [`MAX_N`], the largest board the
//! searches accept.
//!
//! Everything else stands in a public module of its theme, each name at one path:
//!
//! - [`board`]: checking a placement, which two queens attack along which line
//!   ([`board::conflict`]);
//! - [`symmetry`]: the eight symmetries of the square, the canonical one of a class, and the
//!   classes a count finds;
//! - [`find`]: one solution without counting, by construction (for boards up to a billion rows)
//!   or at random;
//! - [`io`]: solutions written in every [`Format`](io::Format) (pictures included), and
//!   placements read back and checked ([`Reader`](io::Reader));
//! - [`reference`](mod@reference): the textbook methods open for study: the steps of a
//!   [`trace`], each method operation by operation ([`ops`](reference::ops)), the walk behind
//!   [`solutions`];
//! - [`plan`]: the split every long count runs ([`Plan`](plan::Plan)), and its identity;
//!   [`shard`]: a count in parts, its records merged, and the chunks a cluster hands out;
//!   [`cluster`]: the calls of a count shared out among the processes of a cluster job;
//!   [`progress`]: watching a count and stopping it;
//! - [`machine`]: what a count may use of the machine: threads, memory, the processor's
//!   features ([`machine::cpu`]), the GPUs;
//! - [`error`]: the parts an [`Error`] carries; [`wording`]: its words, for a front end that
//!   words its own advice; [`numbers`]: the one grammar of a typed number and the one sentence
//!   of a number out of range, shared with the front ends;
//! - [`known`]: the published values to check against.
//!
//! ## Features
//!
//! `parallel` (on by default) counts on several threads; `gpu` counts on GPUs
//! (`Method::Gpu`); `serde` (off by default) derives `Serialize` and `Deserialize` for
//! [`Counts`], [`SymmetryClasses`](symmetry::SymmetryClasses), [`Method`] and
//! [`ShardRecord`](shard::ShardRecord), and `Serialize` for the conflicts of a placement
//! ([`board::Conflict`], [`board::Line`], [`board::Square`]) and the steps of a
//! [`trace`] ([`reference::Step`]).
//!
//! ## Inside
//!
//! Inside, the modules stand in layers, each importing only from the layers below it: from the
//! front doors that own every decision about a request, through the machinery that runs a
//! split and the engines, down to the words everything shares. The one map of those layers is
//! the guide's architecture chapter, `docs/architecture.md` in the repository; a test of the
//! command line's crate, `tests/layout.rs`, reads it and holds the code to it. A public module
//! of a theme is where its code lives, in the layer that code belongs to: a file that holds its
//! theme (`known`, `machine`, `numbers`, `plan`, `progress`, `symmetry`, `wording`), or a folder made public
//! whose module file holds or re-exports what users need of its private files (`board`,
//! `error`, `find`, `io`, `reference`, `shard`), or the file of a front door shown at the root
//! (`cluster`, beside the count it shares out). No public module gathers names from elsewhere or
//! renames them.
//!
//! The crate's own tests, benches and examples, and the GPU kernel's model (a development crate
//! of the workspace, `tools/gpu-model`), reach a few internals besides, through one module
//! hidden from this documentation; it is not API.

pub mod board;
pub mod campaign;
mod counting;
mod counts;
mod dispatch;
mod engine;
pub mod error;
pub mod find;
pub mod io;
pub mod known;
mod listing;
pub mod machine;
mod method;
pub mod numbers;
pub mod plan;
pub mod progress;
mod puzzle;
pub mod reference;
mod run;
pub mod shard;
pub mod symmetry;
pub mod wording;

pub use board::placement::{MAX_N, Placement};
pub use counting::cluster;
pub use counting::{Count, End, Job, Note, Report, Run, count, plan_for, plan_watched};
pub use counts::Counts;
pub use error::Error;
pub use listing::{solutions, solutions_by};
pub use method::{Method, UnknownMethod};
pub use puzzle::{CompletionPlan, Puzzle};
pub use reference::trace::trace;

/// What the crate's own benches, examples and integration tests, and the GPU kernel's model
/// (`tools/gpu-model`), reach inside it, grouped by the module that defines it. Not API: hidden from the documentation, and free to change or go
/// without notice.
#[doc(hidden)]
pub mod internals {
    pub use crate::plan::fingerprint::fnv1a;
    pub use crate::run::checkpoint::format::Checkpoint;

    /// The symmetry engine.
    pub mod constellation {
        pub use crate::engine::constellation::{Layout, SymmetryPlan, constellations, count};
    }

    /// The GPU engine; its shader and its tasks are also what the model of its kernel
    /// (`tools/gpu-model`) plays, built without the feature `gpu`.
    pub mod gpu {
        #[cfg(feature = "gpu")]
        pub use crate::engine::gpu::device::{Executable, Statistic, StatisticValue};
        #[cfg(feature = "gpu")]
        pub use crate::engine::gpu::plan::GpuPlan;
        pub use crate::engine::gpu::shader::COUNT_SHADER;

        /// The tasks a constellation is cut into, as the shader reads them.
        pub mod tasks {
            pub use crate::engine::gpu::tasks::{
                MAX_TASK_ROWS, Prefixes, TASK_BYTES, count_task, placed_rows, read_task,
                task_lengths, task_rows, thread_bytes,
            };
        }
    }

    /// Meet in the middle.
    pub mod halves {
        pub use crate::engine::halves::{
            HalvesPlan, address_space_left, check_memory, memory_limit,
        };
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
/// README.md and the guide's chapter are read through links in the crate's folder, which `cargo
/// package` follows: the published crate carries both files, so that its doctests pass where it
/// is unpacked, away from the repository.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExamples;

/// The Rust examples of the guide's library chapter, run the same way.
#[cfg(doctest)]
#[doc = include_str!("../docs/library.md")]
struct GuideLibraryExamples;
