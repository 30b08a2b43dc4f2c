//! Text in and out: solutions written in every [`Format`] by a [`SolutionWriter`] (pictures of
//! boards included), and placements read back and checked by a [`Reader`].
//!
//! ```
//! use nqueens::io::{Format, SolutionWriter};
//!
//! let mut out = SolutionWriter::new(Vec::new(), Format::Perm);
//! out.write(&[1, 3, 0, 2]).unwrap();
//! assert_eq!(String::from_utf8(out.finish().unwrap()).unwrap(), "2 4 1 3\n");
//! ```
//!
//! Inside: the formats (`format`), pictures of boards (`picture`), and the reader's core with
//! one parser a format beside it (`verify`).

pub(crate) mod format;
pub(crate) mod picture;
pub(crate) mod verify;

pub use format::{Format, SolutionWriter};
pub use verify::{InputFormat, MAX_VERIFY_N, Placed, ReadError, Reader};
