//! Running a count that may be long: the split into numbered subproblems and its identity
//! ([`plan`]), the one runner that counts subproblems on threads ([`runner`]), the stop flag and
//! progress that watch a search from inside ([`watch`]), and what lets a count survive and
//! spread: checkpoints ([`checkpoint`]), shards ([`shard`]) and the schedule of a cluster run
//! ([`schedule`]).

pub mod checkpoint;
pub mod plan;
pub mod runner;
pub mod schedule;
pub mod shard;
pub mod watch;
