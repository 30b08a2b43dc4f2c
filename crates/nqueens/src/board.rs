//! Checking a placement: which two queens attack each other, along which line, named in the
//! words a person reads a board in.
//!
//! ```
//! use nqueens::board::{Conflict, Line, conflict};
//!
//! assert_eq!(conflict(&[1, 3, 0, 2]), None);
//! assert!(matches!(conflict(&[0, 1]), Some(Conflict::Attack { along: Line::Diagonal, .. })));
//! ```
//!
//! Inside, this folder is the board itself, the bottom of the crate: placements and the largest
//! board the searches accept (`placement`, whose [`Placement`](crate::Placement) and
//! [`MAX_N`](crate::MAX_N) the crate root shows), what makes two queens attack (`conflict`), the
//! characters that draw a board (`glyphs`), and the walk over a row mask's free squares that
//! every bit-mask search takes (`bits`). The eight symmetries of the square stand just above it,
//! in [`crate::symmetry`].

pub(crate) mod bits;
pub(crate) mod conflict;
pub(crate) mod glyphs;
pub(crate) mod placement;

pub use conflict::{Conflict, Line, Numbering, Square, conflict};
