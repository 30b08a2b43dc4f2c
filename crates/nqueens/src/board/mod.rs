//! The board itself: placements and the largest board the searches accept, what makes two queens
//! attack each other, and the eight symmetries of the square.

pub mod conflict;
pub mod placement;
pub mod symmetry;

pub use conflict::{Conflict, Line, Square, conflict};
pub use placement::{MAX_N, Placement, row_string};
