//! The symmetry engine: counts every solution and every class of solutions while visiting only
//! about one board in eight, by splitting the search into canonical "constellations".
//!
//! Every solution has exactly one queen on each border line of the board: in the top row, the
//! bottom row, the left column and the right column (a corner queen stands on two of them). Those
//! three or four queens are the solution's *constellation*, and a symmetry of the board maps the
//! constellation of a solution onto the constellation of its image. So:
//!
//! - only constellations that are the smallest of their eight images (canonical) need a search;
//!   the completions of the other seven images are the images of these completions;
//! - a canonical constellation whose eight images are distinct stands for 8 times its completions;
//!   one fixed by a half turn for 4 times, one fixed by a quarter turn for 2 times (no valid
//!   constellation is its own mirror image: a mirror would put two of its queens on one line).
//!
//! Solutions themselves can only be fixed by rotations, and only when their constellation is. So
//! the completions of the constellations with trivial symmetry are all asymmetric classes, and
//! only the rare symmetric constellations need more: a second, small search that counts their
//! completions fixed by a half or quarter turn (`symmetric_completions`). Every
//! canonical constellation is one subproblem of the [`Plan`]: thousands of them for n ≈ 17, in
//! a fixed order, so that threads, progress, shards and checkpoints can all share them.
//!
//! The inner search fills the rows that no border queen occupies, top to bottom, with one mask of
//! free cells per row computed up front from the border queens (their columns and both
//! diagonals). Rows already taken are jumped over by shifting the diagonal masks by the row gap,
//! so the hot loop has no special cases. Where the processor has a fast `pext`, the last four
//! free rows are not walked but counted from tables (module `four_rows`), which saves a large part
//! of the time; elsewhere they are walked in place, the last two without a loop.
//!
//! This file holds the split, [`SymmetryPlan`], and what one subproblem's count puts together;
//! each step of that count is a file beside it, none importing another outside its tests but
//! `symmetric` (which reads a [`Constellation`]) and `kernels` (which reads `four_rows`):
//!
//! - `enumerate`: the canonical constellations and the symmetries that fix each;
//! - `image`: which of a constellation's eight images to search, and the rows it leaves;
//! - `kernels`: the inner search, in its three builds;
//! - `four_rows`: the last four rows counted from tables, for the fastest build;
//! - `symmetric`: the completions fixed by a turn, and the classes they make.

mod enumerate;
#[cfg(target_arch = "x86_64")]
mod four_rows;
mod image;
mod kernels;
mod symmetric;

pub use enumerate::{Constellation, constellations};
pub use image::Layout;

use crate::counts::Counts;
use crate::error::{Error, check_n};
use crate::method::Method;
use crate::plan::fingerprint::fnv1a;
use crate::plan::{Plan, PlanId};
use crate::progress::Watch;
use crate::symmetry::SymmetryClasses;
use enumerate::constellations_watched;
use image::cheapest_image;
use image::cheapest_image_scored;
use kernels::count_layout;
use symmetric::classes_of;

/// Counts the completions of one constellation, by class; `None` when the watch stopped the
/// search.
fn count_constellation(n: usize, c: &Constellation, watch: &Watch) -> Option<SymmetryClasses> {
    let (_, lay) = cheapest_image(n, c.queens());
    let all = count_layout(n, &lay.avail, &lay.gap, lay.border_cols, watch) as u128;
    classes_of(n, c, all, watch)
}
/// The symmetry engine's split: one subproblem per canonical constellation, in the order of
/// [`constellations`].
///
/// ```
/// use nqueens::plan::Plan;
/// use nqueens::internals::constellation::SymmetryPlan;
///
/// let plan = SymmetryPlan::new(8).unwrap();
/// let sum = (0..plan.len()).map(|i| plan.count_one(i)).fold(plan.zero(), |a, b| a + b);
/// assert_eq!(sum.total, 92);
/// assert_eq!(sum.unique, Some(12));
/// ```
#[derive(Debug)]
pub struct SymmetryPlan {
    n: usize,
    parts: Vec<Constellation>,
}

impl SymmetryPlan {
    /// The split for n (1 ≤ n ≤ 64).
    pub fn new(n: usize) -> Result<SymmetryPlan, Error> {
        let plan = SymmetryPlan::watched(n, &Watch::none())?;
        Ok(plan.expect("a watch without a stop flag never stops"))
    }

    /// [`SymmetryPlan::new`], heeding `watch` while the constellations are gathered (seconds
    /// at n = 64): `None` when it asked to stop before the list was whole.
    pub fn watched(n: usize, watch: &Watch) -> Result<Option<SymmetryPlan>, Error> {
        check_n(n)?;
        Ok(constellations_watched(n, watch)?.map(|parts| SymmetryPlan { n, parts }))
    }

    /// The constellation behind subproblem `index`.
    pub fn constellation(&self, index: usize) -> &Constellation {
        &self.parts[index]
    }

    /// The rows that the search of subproblem `index` fills (those of the constellation's
    /// cheapest image); `None` for the 1×1 board, which has no border lines to tell apart.
    pub fn layout(&self, index: usize) -> Option<Layout> {
        (self.n > 1).then(|| cheapest_image(self.n, self.parts[index].queens()).1)
    }

    /// [`SymmetryPlan::layout`], with an estimate of the number of nodes its search visits:
    /// the figure its image was picked by, good for comparing searches of the same board.
    pub(crate) fn sized_layout(&self, index: usize) -> Option<(Layout, f64)> {
        (self.n > 1).then(|| {
            let (size, _, lay) = cheapest_image_scored(self.n, self.parts[index].queens());
            (lay, size)
        })
    }

    /// The counts of subproblem `index`, given `all`, the number of ways to fill the rows of
    /// [`SymmetryPlan::layout`] (found by another engine): what [`Plan::count_one`] gives when
    /// it counts them itself.
    pub fn counts_from(&self, index: usize, all: u128) -> Counts {
        if self.n == 1 {
            return one_queen();
        }
        let classes = classes_of(self.n, &self.parts[index], all, &Watch::none());
        Counts::from_classes(classes.expect("a search without a stop flag finishes"))
    }
}

impl Plan for SymmetryPlan {
    fn id(&self) -> PlanId {
        PlanId {
            n: self.n,
            method: Method::Symmetry,
            board: None,
            subproblems: self.len(),
            fingerprint: fnv1a(
                format!("symmetry/n={}/border-constellations/v1", self.n).as_bytes(),
            ),
        }
    }
    fn len(&self) -> usize {
        // The 1×1 board has no border lines to tell apart: one subproblem, counted directly.
        if self.n == 1 { 1 } else { self.parts.len() }
    }
    fn count_watched(&self, index: usize, watch: &Watch) -> Option<Counts> {
        if self.n == 1 {
            return Some(one_queen());
        }
        count_constellation(self.n, &self.parts[index], watch).map(Counts::from_classes)
    }
    fn zero(&self) -> Counts {
        Counts::from_classes(SymmetryClasses::default())
    }
    /// Besides what every count holds: the classes a constellation's completions can belong
    /// to. A completion is fixed by every symmetry that fixes the board, so its constellation
    /// is too: only a constellation fixed by the half turn (`fixed_by` 2 or 4) has completions
    /// with 180° symmetry, and only one fixed by a quarter turn (`fixed_by` 4) has completions
    /// with 90° symmetry.
    fn admits(&self, index: usize, counts: &Counts) -> Result<(), String> {
        counts.check(self.n, true)?;
        if self.n == 1 {
            return match *counts == one_queen() {
                true => Ok(()),
                false => Err("n = 1 has one board, one class".to_string()),
            };
        }
        let c = self
            .parts
            .get(index)
            .ok_or_else(|| format!("there is no subproblem {index}"))?;
        let k = counts.classes.unwrap_or_default();
        let (rot90, rot180) = match c.fixed_by {
            1 => (0, 0),
            2 => (0, k.rot180),
            _ => (k.rot90, k.rot180),
        };
        if (rot90, rot180) != (k.rot90, k.rot180) {
            let turn = if k.rot90 != rot90 { "quarter" } else { "half" };
            return Err(format!(
                "its constellation is not fixed by a {turn} turn, so no completion of it is"
            ));
        }
        Ok(())
    }
}

/// n = 1: one board, one class. Its class is fixed by all eight symmetries, which
/// [`SymmetryClasses`] files with the quarter-turn classes; the total is set to the one board.
fn one_queen() -> Counts {
    Counts {
        total: 1,
        unique: Some(1),
        classes: Some(SymmetryClasses {
            rot90: 1,
            ..SymmetryClasses::default()
        }),
    }
}

/// Counts all solutions and all classes for n on the calling thread.
///
/// ```
/// let c = nqueens::internals::constellation::count(10).unwrap();
/// assert_eq!((c.total, c.unique), (724, Some(92)));
/// ```
pub fn count(n: usize) -> Result<Counts, Error> {
    let plan = SymmetryPlan::new(n)?;
    Ok((0..plan.len())
        .map(|i| plan.count_one(i))
        .fold(plan.zero(), |a, b| a + b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_subproblem_admits_its_own_count_and_no_class_its_constellation_cannot_hold() {
        for n in [1, 5, 8, 9, 10] {
            let plan = SymmetryPlan::new(n).unwrap();
            for i in 0..plan.len() {
                let counts = plan.count_one(i);
                assert_eq!(plan.admits(i, &counts), Ok(()), "n = {n}, subproblem {i}");
                let mut lie = counts;
                lie.total += 8;
                assert!(plan.admits(i, &lie).is_err(), "n = {n}, subproblem {i}");
                if n == 1 {
                    continue;
                }
                let quarter = Counts::from_classes(SymmetryClasses {
                    rot90: 1,
                    ..SymmetryClasses::default()
                });
                let half = Counts::from_classes(SymmetryClasses {
                    rot180: 1,
                    ..SymmetryClasses::default()
                });
                let fixed_by = plan.constellation(i).fixed_by();
                assert_eq!(plan.admits(i, &quarter).is_ok(), fixed_by == 4, "{n} {i}");
                assert_eq!(plan.admits(i, &half).is_ok(), fixed_by > 1, "{n} {i}");
            }
            assert!(plan.admits(plan.len() + 1, &plan.zero()).is_err() || n == 1);
        }
    }

    #[test]
    fn building_the_split_heeds_a_stop() {
        let stop = std::sync::atomic::AtomicBool::new(true);
        let watch = Watch::new(Some(&stop), &crate::progress::NoProgress, None);
        assert!(matches!(SymmetryPlan::watched(64, &watch), Ok(None)));
        // Refused before anything is built: n out of range is said, not a stop.
        assert!(matches!(
            SymmetryPlan::watched(65, &watch),
            Err(Error::OutOfRange { .. })
        ));
        assert_eq!(
            SymmetryPlan::watched(10, &Watch::none())
                .unwrap()
                .unwrap()
                .len(),
            SymmetryPlan::new(10).unwrap().len()
        );
    }
}
