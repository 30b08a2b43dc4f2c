//! Running a count that may be long, given the engines' [`split`](crate::split) of it: the one
//! runner that counts subproblems on threads ([`runner`]), and what lets a count survive and
//! spread: checkpoints ([`checkpoint`]), shards ([`shard`]) and the schedule of a cluster run
//! ([`schedule`]).

pub mod checkpoint;
pub mod runner;
pub mod schedule;
pub mod shard;
