//! Problems beside counting the empty board: completing a partly filled board ([`complete`]),
//! one solution for any size by construction ([`construct`]), and a random solution by local
//! search ([`random`]).

pub mod complete;
pub mod construct;
pub mod random;
