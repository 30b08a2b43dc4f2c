//! What a campaign reports to its caller: where it stands ([`Status`], with each machine's
//! [`Throughput`] and, once done, the [`Complete`] answer), what a check found ([`Checked`],
//! each [`Conflict`]), and what the reading of an export found ([`Verified`]). They are plain
//! values, read by the command line and by programs alike.

use super::record::Unit;
use crate::counts::Counts;
use crate::method::Method;
use std::time::Duration;

/// What [`Campaign::check`] did.
///
/// [`Campaign::check`]: super::Campaign::check
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Checked {
    /// The units recounted, in order.
    pub units: Vec<usize>,
    /// Their subproblems.
    pub subproblems: usize,
    /// Those whose counts differ: their results were moved to `conflicts/`.
    pub conflicts: Vec<Conflict>,
}

/// A unit whose result and second count differ.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Conflict {
    /// The unit.
    pub unit: Unit,
    /// The result's total.
    pub first: u128,
    /// The second path's.
    pub second: u128,
    /// The subproblems whose totals differ.
    pub subproblems: Vec<usize>,
}

/// Where a campaign stands ([`Campaign::status`]).
///
/// [`Campaign::status`]: super::Campaign::status
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Status {
    /// The board size.
    pub n: usize,
    /// Its units.
    pub units: usize,
    /// Units with a result that holds.
    pub done: usize,
    /// Units claimed by a worker alive.
    pub claimed: usize,
    /// Units whose claim went stale: the next worker takes them over.
    pub stale: usize,
    /// Units neither done nor claimed.
    pub free: usize,
    /// Units done whose last check on the second path agreed ([`Campaign::check`]).
    ///
    /// [`Campaign::check`]: super::Campaign::check
    pub checked: usize,
    /// Units whose last check found a conflict: queued again until a new result is checked.
    pub conflicting: usize,
    /// Result files that do not hold, by unit, with why: never added; a worker moves them aside
    /// and counts their units again (which are counted as free here).
    pub damaged: Vec<(usize, String)>,
    /// The split's subproblems.
    pub subproblems: usize,
    /// Those of the units done.
    pub subproblems_done: usize,
    /// The sum of the units done.
    pub total: Counts,
    /// The speed of each method, device and machine, from the results.
    pub throughput: Vec<Throughput>,
    /// How long the rest should take at the speed measured, shared among the workers now at
    /// work; `None` before the first result.
    pub eta: Option<Duration>,
    /// The answer, once every unit is done.
    pub complete: Option<Complete>,
}

/// The work of one method, device and machine, from the results it wrote.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Throughput {
    /// The method.
    pub method: Method,
    /// The device, as results name it.
    pub device: String,
    /// The machine.
    pub host: String,
    /// Units it counted.
    pub units: usize,
    /// Their subproblems.
    pub subproblems: usize,
    /// The seconds they took.
    pub seconds: f64,
}

/// A finished campaign's answer, beside the published values where they are known (OEIS
/// A000170 and A002562).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Complete {
    /// The counts: every solution, and the unique ones with their classes.
    pub counts: Counts,
    /// The published number of solutions, where known.
    pub known_total: Option<u128>,
    /// The published number of unique solutions, where known.
    pub known_unique: Option<u128>,
}

impl Complete {
    /// False where a published value is known and differs.
    pub fn agrees(&self) -> bool {
        self.known_total.is_none_or(|k| k == self.counts.total)
            && self
                .known_unique
                .is_none_or(|k| Some(k) == self.counts.unique)
    }
}

/// What [`verify_export`] found.
///
/// [`verify_export`]: super::verify_export
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Verified {
    /// The board size.
    pub n: usize,
    /// The lines, one per subproblem.
    pub subproblems: usize,
    /// The export's total, which its lines add up to.
    pub total: u128,
    /// Its unique count, where it has one.
    pub unique: Option<u128>,
    /// The lines recounted.
    pub recounted: usize,
    /// The lines whose recount differs: the subproblem, the export's count, the recount.
    pub mismatches: Vec<(usize, u128, u128)>,
}
