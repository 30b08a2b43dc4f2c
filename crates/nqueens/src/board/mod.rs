//! The board itself: placements and the largest board the searches accept, what makes two queens
//! attack each other, the eight symmetries of the square, the characters that draw it, and the
//! walk over a row mask's free squares that every bit-mask search takes.

pub mod bits;
pub mod conflict;
pub mod glyphs;
pub mod placement;
pub mod symmetry;
