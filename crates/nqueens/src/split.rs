//! The contract every engine implements, and every runner relies on: the split of one count into
//! numbered subproblems and its identity ([`plan`]), and the stop flag and progress that watch a
//! search from inside ([`watch`]).
//!
//! It sits below the engines, so that each engine, the completion of a board included, can offer
//! a plan without reaching up to the machinery that runs plans ([`crate::run`]).

pub mod plan;
pub mod watch;
