//! The textbook backtracking as an iterator, shared by the three textbook methods.
//!
//! The methods differ in one thing only: how they tell which squares of the next row are safe
//! from the queens above (scanning the board, looking up sets, masking bits). That is a
//! [`Rule`]. The search around it is the same for all: fill rows from the top, try the safe
//! columns from the left, go down after each queen, take the queen back when the row below has
//! nothing left. Here that loop keeps its place between solutions, one untried set of columns
//! per row on an explicit stack, so that a caller can take solutions one at a time, stop after
//! any of them, or drop the walk half way: a listing of millions of boards streams and never
//! sits in memory.

use crate::board::bits::lowest;
use crate::board::placement::Placement;
use crate::symmetry::{is_canonical, solution_class_size};

/// How a method finds the safe squares of a row, given the queens placed above it.
pub trait Rule {
    /// The board size.
    fn n(&self) -> usize;

    /// The columns of `row` (bit `c` for column `c`) where a queen is safe from the queens of
    /// the rows above, which are all placed.
    fn safe(&self, row: usize) -> u64;

    /// A queen goes on (`row`, `col`), a square that [`Rule::safe`] offered.
    fn place(&mut self, row: usize, col: u32);

    /// The queen of `row`, the lowest one placed, is taken back.
    fn lift(&mut self, row: usize, col: u32);
}

/// Every solution a [`Rule`] admits, in lexicographic order (by the column of row 0, then of
/// row 1, ...), one at a time.
///
/// ```
/// let all: Vec<Vec<u32>> = nqueens::solutions(4)
///     .unwrap()
///     .map(|p| p.into_columns())
///     .collect();
/// assert_eq!(all, vec![vec![1, 3, 0, 2], vec![2, 0, 3, 1]]);
/// // Streamed: only what is taken is searched for.
/// let first = nqueens::solutions(30).unwrap().next().unwrap();
/// assert!(first.is_solution());
/// ```
pub struct Solutions {
    rule: Box<dyn Rule + Send + Sync>,
    /// The columns of the queens placed, row 0 first.
    columns: Vec<u32>,
    /// For each row entered, the safe columns not tried yet.
    untried: Vec<u64>,
}

/// Where the walk stands: the board size and the columns placed so far.
impl std::fmt::Debug for Solutions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solutions")
            .field("n", &self.rule.n())
            .field("columns", &self.columns)
            .finish_non_exhaustive()
    }
}

impl Solutions {
    /// The walk over what `rule` admits.
    pub fn new(rule: Box<dyn Rule + Send + Sync>) -> Solutions {
        let n = rule.n();
        let mut untried = Vec::with_capacity(n);
        if n > 0 {
            untried.push(rule.safe(0));
        }
        Solutions {
            rule,
            columns: Vec::with_capacity(n),
            untried,
        }
    }

    /// One representative per class of solutions under the board's eight symmetries (the
    /// smallest of its images), with the size of its class, in lexicographic order.
    ///
    /// ```
    /// let classes: Vec<_> = nqueens::solutions(8).unwrap().classes().collect();
    /// assert_eq!(classes.len(), 12);
    /// assert_eq!(classes.iter().map(|c| c.size as u32).sum::<u32>(), 92);
    /// ```
    pub fn classes(self) -> Classes {
        Classes { walk: self }
    }
}

/// How far one bounded step of a walk got ([`Solutions::advance`], [`Classes::advance`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Advance<T> {
    /// The next item.
    Found(T),
    /// The step's budget ran out first; the walk keeps its place, and the next step goes on
    /// from there.
    Searching,
    /// There is nothing more.
    Done,
}

impl<T> Advance<T> {
    /// The same outcome with the found item passed through `f`.
    ///
    /// ```
    /// use nqueens::reference::Advance;
    ///
    /// assert_eq!(Advance::Found(2).map(|x| x * 10), Advance::Found(20));
    /// assert_eq!(Advance::<u8>::Done.map(|x| x * 10), Advance::Done);
    /// ```
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Advance<U> {
        match self {
            Advance::Found(t) => Advance::Found(f(t)),
            Advance::Searching => Advance::Searching,
            Advance::Done => Advance::Done,
        }
    }
}

impl Solutions {
    /// The next solution, placing at most `budget` queens to find it: a caller that must
    /// answer now and then while a sparse search runs on (a Ctrl-C, a user interface) takes
    /// the walk in such steps. [`Iterator::next`] is the same with no budget.
    ///
    /// ```
    /// use nqueens::reference::Advance;
    ///
    /// let mut walk = nqueens::solutions(8).unwrap();
    /// // The first solution of 8 takes more than 10 placements, fewer than 1,000.
    /// assert_eq!(walk.advance(10), Advance::Searching);
    /// match walk.advance(1_000) {
    ///     Advance::Found(p) => assert_eq!(p.columns(), &[0, 4, 7, 5, 2, 6, 1, 3]),
    ///     other => panic!("{other:?}"),
    /// }
    /// ```
    pub fn advance(&mut self, budget: u64) -> Advance<Placement> {
        let n = self.rule.n();
        let mut placed = 0;
        while let Some(row) = self.untried.len().checked_sub(1) {
            // The queen standing in this row (the last one placed) makes way for the next try.
            if self.columns.len() > row {
                let col = self.columns.pop().expect("a queen in this row");
                self.rule.lift(row, col);
            }
            let free = self.untried[row];
            if free == 0 {
                self.untried.pop();
                continue;
            }
            let bit = lowest(free); // the leftmost untried column (`x & -x`)
            self.untried[row] = free ^ bit;
            let col = bit.trailing_zeros();
            self.rule.place(row, col);
            self.columns.push(col);
            if row + 1 == n {
                return Advance::Found(Placement::new(self.columns.clone()));
            }
            self.untried.push(self.rule.safe(row + 1));
            placed += 1;
            if placed >= budget {
                return Advance::Searching;
            }
        }
        Advance::Done
    }
}

impl Iterator for Solutions {
    type Item = Placement;

    fn next(&mut self) -> Option<Placement> {
        match self.advance(u64::MAX) {
            Advance::Found(p) => Some(p),
            Advance::Searching | Advance::Done => None,
        }
    }
}

/// A class of solutions: its representative (the smallest of its eight images) and how many
/// distinct boards it holds (1, 2, 4 or 8).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Class {
    /// The smallest board of the class.
    pub representative: Placement,
    /// How many distinct boards the class holds.
    pub size: u8,
}

/// The classes of [`Solutions::classes`].
#[derive(Debug)]
pub struct Classes {
    walk: Solutions,
}

impl Classes {
    /// The next class, placing at most `budget` queens to find it (see
    /// [`Solutions::advance`]).
    ///
    /// ```
    /// use nqueens::reference::Advance;
    ///
    /// let mut classes = nqueens::solutions(8).unwrap().classes();
    /// let first = loop {
    ///     match classes.advance(100) {
    ///         Advance::Found(c) => break c,
    ///         Advance::Searching => continue,
    ///         Advance::Done => panic!("8 has classes"),
    ///     }
    /// };
    /// assert_eq!(first.size, 8);
    /// ```
    pub fn advance(&mut self, budget: u64) -> Advance<Class> {
        match self.walk.advance(budget) {
            Advance::Found(p) if is_canonical(p.columns()) => Advance::Found(Class {
                size: solution_class_size(p.columns()) as u8,
                representative: p,
            }),
            Advance::Found(_) | Advance::Searching => Advance::Searching,
            Advance::Done => Advance::Done,
        }
    }
}

impl Iterator for Classes {
    type Item = Class;

    fn next(&mut self) -> Option<Class> {
        self.walk
            .find(|p| is_canonical(p.columns()))
            .map(|p| Class {
                size: solution_class_size(p.columns()) as u8,
                representative: p,
            })
    }
}
