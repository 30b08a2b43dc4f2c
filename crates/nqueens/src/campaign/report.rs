//! What a campaign reports to its caller: where it stands ([`Status`], with each machine's
//! [`Throughput`] and, once done, the [`Complete`] answer), what a check found ([`Checked`],
//! each [`Conflict`]), and what the reading of an export found ([`Verified`]). They are plain
//! values, read by the command line and by programs alike.

use super::record::Unit;
use crate::counts::Counts;
use crate::known;
use crate::method::Method;
use std::time::Duration;

/// How much longer each solution takes to find, per row the board grows: the model behind
/// [`Throughput::projected`]. It is fitted to the symmetry engine's measured times per
/// solution from N = 16 to 20 on one processor (the guide's benchmarks chapter), and it is a
/// model: a GPU's, or another processor's, growth may differ.
pub const GROWTH_PER_ROW: f64 = 1.06;

/// Q(n) where OEIS publishes it; beyond, a model: the ratio of consecutive terms, Q(n) /
/// Q(n - 1), is close to n·e^(1 - α) with α = 1.942 (Simkin's asymptotic Q(n) ≈ (n e^(-α))^n),
/// which gives the published ratios from Q(23) / Q(22) to Q(27) / Q(26) within 0.5%.
pub fn solutions_expected(n: usize) -> f64 {
    const ALPHA: f64 = 1.942;
    match known::total(n) {
        Some(q) => q as f64,
        None => {
            let last = known::A000170.len();
            (last + 1..=n).fold(known::A000170[last - 1] as f64, |q, m| {
                q * m as f64 * (1.0 - ALPHA).exp()
            })
        }
    }
}

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
    /// The solutions they hold.
    pub solutions: u128,
    /// The seconds they took.
    pub seconds: f64,
}

impl Throughput {
    /// How long this device alone would count every solution of the `target`×`target` board, a
    /// model and not a measurement: the seconds per solution measured here on the n×n board,
    /// times the solutions of the target ([`solutions_expected`]), times [`GROWTH_PER_ROW`] for
    /// each row between. `None` before a solution was counted, and for a target below n. Small
    /// boards' speed says little of large ones': project from n = 18 and beyond.
    ///
    /// ```
    /// use nqueens::campaign::Throughput;
    ///
    /// // Q(20) in a day on one device would be Q(27) in some 20,000 years.
    /// let day = Throughput::measured(39_029_188_884, 86_400.0);
    /// let years = day.projected(20, 27).unwrap().as_secs_f64() / (365.25 * 86_400.0);
    /// assert!((20_000.0..30_000.0).contains(&years), "{years}");
    /// assert!(day.projected(20, 19).is_none());
    /// ```
    pub fn projected(&self, n: usize, target: usize) -> Option<Duration> {
        if self.solutions == 0 || self.seconds <= 0.0 || target < n {
            return None;
        }
        let per = self.seconds / self.solutions as f64;
        let rows = (target - n) as i32;
        Duration::try_from_secs_f64(per * solutions_expected(target) * GROWTH_PER_ROW.powi(rows))
            .ok()
    }

    /// A device's work for projections and examples: `solutions` counted in `seconds`, on one
    /// unnamed processor.
    pub fn measured(solutions: u128, seconds: f64) -> Throughput {
        Throughput {
            method: Method::Symmetry,
            device: String::new(),
            host: String::new(),
            units: 1,
            subproblems: 0,
            solutions,
            seconds,
        }
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_model_of_q_beyond_oeis_holds_where_oeis_is_known() {
        // Q(n) is what OEIS publishes up to 27; the ratio the model uses beyond reproduces the
        // published ratios from Q(23) / Q(22) on within 0.5%.
        assert_eq!(solutions_expected(27), known::A000170[26] as f64);
        let ratio = |n: usize| n as f64 * (1.0_f64 - 1.942).exp();
        for n in 23..=27 {
            let published = known::A000170[n - 1] as f64 / known::A000170[n - 2] as f64;
            assert!((ratio(n) / published - 1.0).abs() < 0.005, "n = {n}");
        }
        let q28 = solutions_expected(28) / solutions_expected(27);
        assert!(
            (q28 - ratio(28)).abs() < 1e-9 && (10.9..11.0).contains(&q28),
            "{q28}"
        );
        let q29 = solutions_expected(29) / solutions_expected(28);
        assert!((q29 - ratio(29)).abs() < 1e-9, "{q29}");
    }

    #[test]
    fn a_projection_scales_by_solutions_and_rows() {
        let t = Throughput::measured(1_000, 1.0);
        let q27 = t.projected(26, 27).unwrap().as_secs_f64();
        let expected = 1e-3 * known::A000170[26] as f64 * GROWTH_PER_ROW;
        assert!((q27 / expected - 1.0).abs() < 1e-9, "{q27} {expected}");
        assert!(Throughput::measured(0, 1.0).projected(20, 27).is_none());
        assert!(Throughput::measured(10, 0.0).projected(20, 27).is_none());
    }
}
