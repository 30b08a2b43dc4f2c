//! The front door for listings: every solution of a board, streamed as an iterator.
//!
//! A listing is the resumable textbook walk ([`crate::reference::walk`]) with the square check
//! of the method asked for. The symmetry engine counts classes without building boards, so it
//! lists with the bit-mask walk; meet in the middle only counts.

use crate::dispatch;
use crate::error::{Error, Task};
use crate::method::Method;
use crate::reference::walk::Solutions;

/// Every solution for the n×n board (1 ≤ n ≤ 64), in lexicographic order (by the column of
/// row 0, then of row 1, ...), found by the bit-mask walk as it is read.
///
/// ```
/// let first_three: Vec<String> = nqueens::solutions(8)
///     .unwrap()
///     .take(3)
///     .map(|p| p.to_string())
///     .collect();
/// assert_eq!(first_three, ["1 5 8 6 3 7 2 4", "1 6 8 3 7 4 2 5", "1 7 4 6 8 2 5 3"]);
/// ```
pub fn solutions(n: usize) -> Result<Solutions, Error> {
    solutions_by(n, Method::Bitmask)
}

/// Every solution for the n×n board, found by `method`; all methods that list give the same
/// boards in the same order.
///
/// ```
/// use nqueens::{solutions_by, Method};
///
/// for m in [Method::Naive, Method::Sets, Method::Bitmask] {
///     assert_eq!(solutions_by(6, m).unwrap().count(), 4);
/// }
/// assert_eq!(
///     solutions_by(6, Method::Halves).err().unwrap().to_string(),
///     "method halves cannot list solutions; methods naive, sets, bitmask, symmetry can"
/// );
/// ```
pub fn solutions_by(n: usize, method: Method) -> Result<Solutions, Error> {
    if !method.can_list() {
        return Err(Error::unsupported(method, Task::List));
    }
    dispatch::solutions(method, n)
}
