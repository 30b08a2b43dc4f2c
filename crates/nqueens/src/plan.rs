//! The split every long count runs: a [`Plan`] of numbered subproblems, its identity
//! ([`PlanId`]), and the plan of a method asked for on its own ([`plan_for`], [`plan_watched`])
//! or of a board to complete ([`CompletionPlan`]). A shard, a checkpoint and a cluster's
//! chunks all name subproblems of one plan.
//!
//! ```
//! use nqueens::Method;
//! use nqueens::plan::plan_for;
//!
//! let plan = plan_for(12, Method::Symmetry).unwrap();
//! assert!(plan.len() > 1);
//! ```

pub use crate::counting::{plan_for, plan_watched};
pub use crate::problems::complete::CompletionPlan;
pub use crate::split::plan::{Plan, PlanId};
