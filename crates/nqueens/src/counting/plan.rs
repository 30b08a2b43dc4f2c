//! The split of a method, asked for on its own: what a caller that shares out a count itself
//! (a cluster, a benchmark) reads before it counts, refused for the methods that have none.

use crate::dispatch;
use crate::error::{Error, Task};
use crate::method::Method;
use crate::plan::Plan;
use crate::progress::Watch;

/// [`plan_for`], heeding `watch` while the split is built: `None` when it asked to stop before
/// the split was whole. Only the symmetry engine's list takes long to build (seconds at n = 64,
/// for 1.7 million constellations) and looks at the watch as it goes; the others take
/// milliseconds at any n, and a stop set meanwhile is heeded as the count begins.
///
/// ```
/// use nqueens::Method;
/// use nqueens::plan_watched;
/// use nqueens::progress::{NoProgress, Watch};
/// use std::sync::atomic::AtomicBool;
///
/// let stop = AtomicBool::new(true);
/// let watch = Watch::new(Some(&stop), &NoProgress, None);
/// assert!(plan_watched(64, Method::Symmetry, &watch).unwrap().is_none());
/// let plan = plan_watched(8, Method::Symmetry, &Watch::none()).unwrap().unwrap();
/// assert_eq!((0..plan.len()).map(|i| plan.count_one(i)).sum::<nqueens::Counts>().total, 92);
/// ```
pub fn plan_watched(
    n: usize,
    method: Method,
    watch: &Watch,
) -> Result<Option<Box<dyn Plan>>, Error> {
    if !method.has_split() {
        return Err(Error::unsupported(method, Task::Split));
    }
    dispatch::plan(method, n, watch)
}

/// The subproblem split of `method` for the n×n board; an error for methods without one.
///
/// ```
/// use nqueens::Method;
/// use nqueens::plan_for;
///
/// let plan = plan_for(8, Method::Symmetry).unwrap();
/// assert_eq!((0..plan.len()).map(|i| plan.count_one(i)).sum::<nqueens::Counts>().total, 92);
/// assert!(plan_for(8, Method::Naive).is_err());
/// ```
pub fn plan_for(n: usize, method: Method) -> Result<Box<dyn Plan>, Error> {
    let plan = plan_watched(n, method, &Watch::none())?;
    Ok(plan.expect("a watch without a stop flag never stops"))
}
