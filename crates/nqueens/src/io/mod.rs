//! Text in and out: solutions written in every format ([`format`](mod@format)), pictures of boards
//! ([`picture`]), and placements read back and checked ([`verify`]).

pub mod format;
pub mod picture;
pub mod verify;
