//! One solution without counting: by construction, for any size up to
//! [`MAX_CONSTRUCT_N`] in linear time ([`construct`], [`Construction`], [`has_solution`]), or at
//! random by local search ([`random`]).
//!
//! ```
//! let columns = nqueens::find::construct(1000).unwrap().unwrap();
//! assert_eq!(nqueens::board::conflict(&columns), None);
//! assert!(!nqueens::find::has_solution(3));
//! ```

pub use crate::problems::construct::{
    Construction, MAX_CONSTRUCT_N, has_solution, solution as construct,
};
pub use crate::problems::random::{MAX_RANDOM_N, solution as random};
