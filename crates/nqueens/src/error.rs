//! What went wrong, as data: the parts an [`Error`] carries, each one a theme.
//!
//! Errors are data, not sentences for one audience. Their `Display` is plain English that names
//! the problem and, where there is one, the valid range; a front end (the command line, a
//! binding) matches on the variants to word its own advice, such as the flag that would help.
//! Nothing here speaks of flags.
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
//! - a method's name not known: [`UnknownMethod`];
//! - a board to complete that was refused: [`BoardError`], [`Place`];
//! - a count on GPUs that cannot run: [`GpuProblem`];
//! - checkpoints and shard records that cannot be used: [`CheckpointProblem`], [`Origin`],
//!   [`Mismatch`], [`ShardsProblem`].
//!
//! Inside, `top` holds the error itself, its message and its constructors, and the crate
//! root shows it; the parts a variant carries stand in a file a theme beside it, none importing
//! another: `quantity` (what a number out of range is), `shard_text` (whose parts are worded in
//! the grammar of [`crate::numbers`]), `task`, `board`, `gpu` and `saved`.

pub(crate) mod board;
pub(crate) mod gpu;
pub(crate) mod quantity;
pub(crate) mod saved;
pub(crate) mod shard_text;
pub(crate) mod task;
pub(crate) mod top;

pub use crate::method::UnknownMethod;
pub use board::{BoardError, Place};
pub use gpu::GpuProblem;
pub use quantity::Quantity;
pub use saved::{CheckpointProblem, Mismatch, Origin, ShardsProblem};
pub use shard_text::{ShardPart, ShardText};
pub use task::Task;

// The library's own files name the error and its check here; users find `Error` at the crate
// root.
pub(crate) use top::{Error, check_n};
