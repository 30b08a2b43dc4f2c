//! The textbook methods, kept for teaching and for cross-checking every faster engine: scan the
//! board above ([`naive`]), sets of used columns and diagonals ([`sets`]), bit masks
//! ([`bitmask`]); the resumable walk they share ([`walk`]), the search told step by step
//! ([`trace`]), each method told operation by operation with its state ([`ops`]), and the
//! plan of one subproblem that the scan and the sets count through ([`whole`]).

pub mod bitmask;
pub mod naive;
pub mod ops;
pub mod sets;
pub mod trace;
pub mod walk;
pub mod whole;
