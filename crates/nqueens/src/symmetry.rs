//! The eight symmetries of the square and what they make of the solutions: each [`Symmetry`]
//! and its images of a placement ([`images`]), the one of a class that stands for it
//! ([`canonical`], [`is_canonical`]), how many a class holds ([`class_size`]), and the classes
//! a count finds ([`SymmetryClasses`]).
//!
//! ```
//! use nqueens::symmetry::{canonical, class_size};
//!
//! assert_eq!(canonical(&[2, 0, 3, 1]), vec![1, 3, 0, 2]);
//! assert_eq!(class_size(&[1, 3, 0, 2]), Ok(2));
//! ```

pub use crate::board::symmetry::{Symmetry, canonical, class_size, images, is_canonical};
pub use crate::counts::SymmetryClasses;
