//! A count in parts: a [`Shard`] counts one part of a plan's subproblems and writes a
//! [`ShardRecord`] of it, and [`merge`] adds the records of every part up, refusing any that do
//! not belong together; a cluster hands the subproblems out in [`Chunk`]s from a
//! [`Dispenser`].
//!
//! ```
//! use nqueens::shard::Shard;
//!
//! let shard = Shard::new(1, 3).unwrap();
//! assert!(shard.contains(1) && shard.contains(4) && !shard.contains(0));
//! ```

pub use crate::run::schedule::{Chunk, Dispenser};
pub use crate::run::shard::{MAX_SHARDS, Shard, ShardRecord, merge};
