//! Watching a count from inside: a [`Progress`] observer that hears of the subproblems done (or
//! [`NoProgress`]), and the [`Watch`] a search polls for it and for a stop flag.

pub use crate::split::watch::{NoProgress, Progress, Watch};
