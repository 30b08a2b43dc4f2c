//! Running a count that may be long, given the engines' [`plan`](crate::plan) of it: the one
//! runner that counts subproblems on threads ([`runner`]), and the checkpoints that let a count
//! survive a stop ([`checkpoint`]); the shards and the schedule of a cluster run, which let it
//! spread, are [`crate::shard`]'s.

pub mod checkpoint;
pub mod runner;
