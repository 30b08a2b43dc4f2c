//! The board itself: placements and the largest board the searches accept, what makes two queens
//! attack each other, and the eight symmetries of the square.

pub mod conflict;
pub mod placement;
pub mod symmetry;
