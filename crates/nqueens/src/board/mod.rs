//! The board itself: placements and the largest board the searches accept, what makes two queens
//! attack each other, the eight symmetries of the square, and the characters that draw it.

pub mod conflict;
pub mod glyphs;
pub mod placement;
pub mod symmetry;
