//! The constellations themselves: which border queens a search starts from, and which of the
//! eight images of each stands for its class. Kept apart from the searches so that the list, the
//! split's identity, changes only when this file does.

use crate::board::symmetry::Symmetry;
use crate::split::watch::Watch;

/// Queens placed in advance on the four border lines: the top row's queen, the bottom row's,
/// the left column's and the right column's, as (row, column), a corner queen listed once.
///
/// ```
/// use nqueens::internals::constellation::constellations;
///
/// // n = 8: every canonical constellation is a valid partial board of 3 or 4 queens.
/// let all = constellations(8);
/// assert!(!all.is_empty());
/// assert!(all.iter().all(|c| (3..=4).contains(&c.queens().len())));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Constellation {
    pub(super) queens: Vec<(u32, u32)>,
    pub(super) fixed_by: u32,
}

impl Constellation {
    /// The border queens, as (row, column), sorted.
    pub fn queens(&self) -> &[(u32, u32)] {
        &self.queens
    }

    /// How many of the eight symmetries map the constellation onto itself (1, 2 or 4).
    pub fn fixed_by(&self) -> u32 {
        self.fixed_by
    }

    /// How many distinct constellations its symmetry class holds: what each completion weighs.
    pub fn weight(&self) -> u32 {
        8 / self.fixed_by
    }
}

/// Every canonical constellation of an `n`×`n` board (n ≥ 2), in a fixed order: by the column of
/// the top queen, then the bottom queen, then the rows of the left and right queens.
///
/// ```
/// use nqueens::internals::constellation::constellations;
///
/// assert!(constellations(3).is_empty());
/// // n = 4: the two solutions are mirror images of each other.
/// assert!(!constellations(4).is_empty());
/// ```
pub fn constellations(n: usize) -> Vec<Constellation> {
    constellations_watched(n, &Watch::none()).expect("a watch that never stops")
}

/// [`constellations`], looking at `watch` between pieces of the walk (at n = 64 the walk
/// takes seconds); `None` when it asked to stop.
pub(super) fn constellations_watched(n: usize, watch: &Watch) -> Option<Vec<Constellation>> {
    let mut out = Vec::new();
    if n < 2 {
        return Some(out);
    }
    let last = n - 1;
    for top in 0..n {
        for bottom in 0..n {
            // n² pieces of n² cells each: under a millisecond apiece even at n = 64.
            if watch.check() {
                return None;
            }
            for left in 0..n {
                for right in 0..n {
                    let mut q = vec![(0, top), (last, bottom), (left, 0), (right, last)];
                    q.sort_unstable();
                    q.dedup();
                    if !consistent(n, &q, [top, bottom, left, right]) {
                        continue;
                    }
                    if let Some(fixed_by) = canonical_fixed_by(n, &q) {
                        out.push(Constellation {
                            queens: q.iter().map(|&(r, c)| (r as u32, c as u32)).collect(),
                            fixed_by,
                        });
                    }
                }
            }
        }
    }
    Some(out)
}

/// True when the cells are one queen per border line exactly as given, none attacking another.
fn consistent(n: usize, q: &[(usize, usize)], [top, bottom, left, right]: [usize; 4]) -> bool {
    let last = n - 1;
    for &(r, c) in q {
        // A cell on a border line must be that line's queen (a corner sits on two lines).
        if (r == 0 && c != top)
            || (r == last && c != bottom)
            || (c == 0 && r != left)
            || (c == last && r != right)
        {
            return false;
        }
    }
    for (i, &(r1, c1)) in q.iter().enumerate() {
        for &(r2, c2) in &q[i + 1..] {
            if r1 == r2 || c1 == c2 || r1 + c2 == r2 + c1 || r1 + c1 == r2 + c2 {
                return false;
            }
        }
    }
    true
}

/// `Some(number of symmetries fixing the cells)` when the sorted cells are the smallest of their
/// images, `None` otherwise.
fn canonical_fixed_by(n: usize, q: &[(usize, usize)]) -> Option<u32> {
    let mut fixed_by = 1;
    for s in &Symmetry::ALL[1..] {
        let mut image: Vec<(usize, usize)> = q.iter().map(|&(r, c)| s.cell(n, r, c)).collect();
        image.sort_unstable();
        match image.as_slice().cmp(q) {
            std::cmp::Ordering::Less => return None,
            std::cmp::Ordering::Equal => fixed_by += 1,
            std::cmp::Ordering::Greater => {}
        }
    }
    Some(fixed_by)
}
