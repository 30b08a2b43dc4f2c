//! The textbook methods, open for study: the search told step by step (the [`Step`]s of
//! [`trace`](crate::trace), and with the program's calls and returns between them, the
//! [`FineStep`]s of [`fine_steps`]), each method told operation by operation with its state
//! ([`ops`], [`Op`]), the resumable walk the methods share ([`Solutions`], which
//! [`solutions`](crate::solutions) returns, and the [`Rule`] that tells it the safe squares),
//! and the masks of the bit-mask search ([`Masks`], [`Prefix`]).
//!
//! ```
//! use nqueens::reference::Step;
//!
//! let placed = nqueens::trace(4)
//!     .unwrap()
//!     .filter(|s| matches!(s, Step::Place { .. }))
//!     .count();
//! assert!(placed > 4);
//! ```
//!
//! Inside, the textbook methods are kept for teaching and for cross-checking every faster
//! engine: scan the board above (`naive`), sets of used columns and diagonals (`sets`), bit
//! masks (`bitmask`); the resumable walk they share (`walk`), the search told step by step
//! (`trace`), each method told operation by operation with its state (`ops`), and the plan of
//! one subproblem that the scan and the sets count through (`whole`).

pub(crate) mod bitmask;
pub(crate) mod calls;
pub(crate) mod naive;
pub(crate) mod ops;
pub(crate) mod sets;
pub(crate) mod trace;
pub(crate) mod walk;
pub(crate) mod whole;

pub use bitmask::{Masks, Prefix};
pub use calls::{Detail, FineStep, FineSteps, fine_steps};
pub use ops::{Op, Ops, RowMasks, Set, ops};
pub use trace::{MAX_TRACE_N, Step, Steps};
pub use walk::{Advance, Class, Classes, Rule, Solutions};

#[cfg(test)]
mod tests {
    use super::{bitmask, naive, sets};

    /// The three textbook walks list the same boards in the same, lexicographic order: each is
    /// checked against the others and against OEIS at length elsewhere; this is the first
    /// thing to break when one of them is edited.
    #[test]
    fn each_textbook_walk_lists_in_lexicographic_order() {
        for (name, solutions) in [
            ("naive", naive::solutions as fn(usize) -> _),
            ("sets", sets::solutions),
            ("bitmask", bitmask::solutions),
        ] {
            let all: Vec<_> = solutions(4).unwrap().collect();
            assert_eq!(all.len(), 2, "{name}");
            assert_eq!(all[0].columns(), &[1, 3, 0, 2], "{name}");
            let first = solutions(5).unwrap().next().unwrap();
            assert_eq!(first.columns(), &[0, 2, 4, 1, 3], "{name}");
            assert_eq!(solutions(8).unwrap().count(), 92, "{name}");
        }
    }
}
