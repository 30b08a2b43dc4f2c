//! The constellations themselves: which border queens a search starts from, and which of the
//! eight images of each stands for its class. Kept apart from the searches so that the list, the
//! split's identity, changes only when this file does.

use crate::error::Error;
use crate::method::Method;
use crate::progress::Watch;
use crate::symmetry::Symmetry;

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
    /// Held in place rather than in a vector of their own: a list of millions (n = 64) then
    /// takes one allocation, which can be refused, where it took one more per constellation.
    held: [(u32, u32); 4],
    /// How many of `held` are queens (3 or 4); the others are zero.
    len: u8,
    pub(super) fixed_by: u32,
}

impl Constellation {
    /// The border queens, as (row, column), sorted.
    pub fn queens(&self) -> &[(u32, u32)] {
        &self.held[..usize::from(self.len)]
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
///
/// # Panics
///
/// Where the system refuses the list its memory; a count's plan ([`super::SymmetryPlan`])
/// refuses it with an error instead.
pub fn constellations(n: usize) -> Vec<Constellation> {
    constellations_watched(n, &Watch::none())
        .unwrap_or_else(|e| panic!("{e}"))
        .expect("a watch that never stops")
}

/// [`constellations`], looking at `watch` between pieces of the walk (at n = 64 the walk
/// takes seconds); `Ok(None)` when it asked to stop. The list grows with n to millions of
/// entries (some 60 MiB at n = 64), so where the system refuses it room (under `ulimit -v`) it
/// is refused with [`Error::OutOfMemory`] instead of aborting the process.
pub(super) fn constellations_watched(
    n: usize,
    watch: &Watch,
) -> Result<Option<Vec<Constellation>>, Error> {
    let mut out: Vec<Constellation> = Vec::new();
    if n < 2 {
        return Ok(Some(out));
    }
    let last = n - 1;
    for top in 0..n {
        for bottom in 0..n {
            // n² pieces of n² cells each: under a millisecond apiece even at n = 64.
            if watch.check() {
                return Ok(None);
            }
            for left in 0..n {
                for right in 0..n {
                    let mut cells = [(0, top), (last, bottom), (left, 0), (right, last)];
                    let q = sorted_distinct(&mut cells);
                    if !consistent(n, q, [top, bottom, left, right]) {
                        continue;
                    }
                    if let Some(fixed_by) = canonical_fixed_by(n, q) {
                        let mut held = [(0, 0); 4];
                        for (h, &(r, c)) in held.iter_mut().zip(q) {
                            *h = (r as u32, c as u32);
                        }
                        // One more, where the list is full: the doubling that `push` would
                        // make, asked for in a way that may fail.
                        if out.try_reserve(1).is_err() {
                            return Err(Error::OutOfMemory {
                                method: Method::Symmetry,
                                n,
                                bytes: (2 * out.len() * size_of::<Constellation>()) as u64,
                            });
                        }
                        out.push(Constellation {
                            held,
                            len: q.len() as u8,
                            fixed_by,
                        });
                    }
                }
            }
        }
    }
    Ok(Some(out))
}

/// Sorts the four border cells and moves the distinct ones to the front (a corner queen stands
/// on two border lines, so two of the cells may be one), returning them: on the stack, since
/// the walk tries n⁴ of them.
fn sorted_distinct(cells: &mut [(usize, usize); 4]) -> &[(usize, usize)] {
    cells.sort_unstable();
    let mut len = 1;
    for i in 1..cells.len() {
        if cells[i] != cells[len - 1] {
            cells[len] = cells[i];
            len += 1;
        }
    }
    &cells[..len]
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
        let mut image = [(0, 0); 4];
        for (i, &(r, c)) in image.iter_mut().zip(q) {
            *i = s.cell(n, r, c);
        }
        let image = &mut image[..q.len()];
        image.sort_unstable();
        match (*image).cmp(q) {
            std::cmp::Ordering::Less => return None,
            std::cmp::Ordering::Equal => fixed_by += 1,
            std::cmp::Ordering::Greater => {}
        }
    }
    Some(fixed_by)
}
