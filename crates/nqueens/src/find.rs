//! One solution without counting: by construction, for any size up to
//! [`MAX_CONSTRUCT_N`] in linear time ([`construct`], [`Construction`], [`has_solution`]), or at
//! random by local search ([`random`], up to [`MAX_RANDOM_N`]).
//!
//! ```
//! let columns = nqueens::find::construct(1000).unwrap().unwrap();
//! assert_eq!(nqueens::board::conflict(&columns), None);
//! assert!(!nqueens::find::has_solution(3));
//! ```
//!
//! Inside: the construction (`construction`) and the local search (`local_search`), which asks
//! the construction whether a board has a solution at all.

pub(crate) mod construction;
pub(crate) mod local_search;

pub use construction::{Construction, MAX_CONSTRUCT_N, construct, has_solution};
pub use local_search::{MAX_RANDOM_N, random};
