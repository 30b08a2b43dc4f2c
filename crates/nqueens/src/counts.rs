//! The result of a count: the total and, from engines that see symmetry, the unique solutions
//! and how they split by symmetry class. Partial counts of subproblems add up with `+`.

use serde::Serialize;
use std::ops::{Add, AddAssign};

/// How many unique solutions (classes under the board's 8 symmetries) have each kind of symmetry.
///
/// A class with 90° symmetry has 2 distinct boards, one with only 180° symmetry has 4, and an
/// asymmetric one has 8, so `total = 2·rot90 + 4·rot180 + 8·asymmetric`.
///
/// ```
/// use nqueens::SymmetryClasses;
///
/// // n = 8: 12 unique solutions, one of them 180°-symmetric.
/// let c = SymmetryClasses { rot90: 0, rot180: 1, asymmetric: 11 };
/// assert_eq!(c.unique(), 12);
/// assert_eq!(c.total(), 92);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct SymmetryClasses {
    /// Classes invariant under a quarter turn (2 boards each).
    pub rot90: u128,
    /// Classes invariant under a half turn but not a quarter turn (4 boards each).
    pub rot180: u128,
    /// Classes with no rotational symmetry (8 boards each).
    pub asymmetric: u128,
}

impl SymmetryClasses {
    /// The number of classes.
    pub fn unique(&self) -> u128 {
        self.rot90 + self.rot180 + self.asymmetric
    }

    /// The number of boards in all classes together.
    pub fn total(&self) -> u128 {
        2 * self.rot90 + 4 * self.rot180 + 8 * self.asymmetric
    }
}

impl Add for SymmetryClasses {
    type Output = SymmetryClasses;
    fn add(self, o: SymmetryClasses) -> SymmetryClasses {
        SymmetryClasses {
            rot90: self.rot90 + o.rot90,
            rot180: self.rot180 + o.rot180,
            asymmetric: self.asymmetric + o.asymmetric,
        }
    }
}

/// A count: always the total; the unique count and classes when the engine computes them.
///
/// ```
/// use nqueens::Counts;
///
/// let a = Counts::total(40);
/// let b = Counts::total(52);
/// assert_eq!((a + b).total, 92);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Counts {
    /// All solutions (OEIS A000170 for the empty board).
    pub total: u128,
    /// Solutions up to the 8 symmetries (OEIS A002562), when known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unique: Option<u128>,
    /// Unique solutions by symmetry class, when known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub classes: Option<SymmetryClasses>,
}

impl Counts {
    /// A count that knows only its total.
    pub fn total(total: u128) -> Counts {
        Counts {
            total,
            unique: None,
            classes: None,
        }
    }

    /// A count from symmetry classes: total and unique follow from them.
    pub fn from_classes(classes: SymmetryClasses) -> Counts {
        Counts {
            total: classes.total(),
            unique: Some(classes.unique()),
            classes: Some(classes),
        }
    }
}

fn add_opt<T: Add<Output = T>>(a: Option<T>, b: Option<T>) -> Option<T> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a + b),
        _ => None,
    }
}

impl Add for Counts {
    type Output = Counts;
    /// Unique counts and classes survive only when both sides have them.
    fn add(self, o: Counts) -> Counts {
        Counts {
            total: self.total + o.total,
            unique: add_opt(self.unique, o.unique),
            classes: add_opt(self.classes, o.classes),
        }
    }
}

impl AddAssign for Counts {
    fn add_assign(&mut self, o: Counts) {
        *self = *self + o;
    }
}

impl std::iter::Sum for Counts {
    fn sum<I: Iterator<Item = Counts>>(iter: I) -> Counts {
        iter.reduce(|a, b| a + b).unwrap_or_default()
    }
}
