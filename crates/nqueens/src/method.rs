//! The methods behind `count` and `list`, under one name each, so that a caller (the command
//! line above all) can offer every engine without knowing how any of them works.
//!
//! Adding an engine means a module of its own, a variant here and its arms in the matches below;
//! nothing that calls [`Method`] changes.

use crate::plan::{self, NoProgress, Plan, Progress};
use crate::{Counts, Error, Flow, bitmask, constellation, halves, naive, sets};
use std::fmt;
use std::str::FromStr;

/// How to count: threads, what to count, and who hears about progress.
///
/// ```
/// use nqueens::CountOptions;
///
/// let opts = CountOptions { threads: 1, ..CountOptions::default() };
/// assert_eq!(opts.threads, 1);
/// assert!(!opts.unique);
/// ```
#[derive(Clone, Copy, Default)]
pub struct CountOptions<'a> {
    /// Worker threads; 0 means one per core. Methods without a subproblem split use one.
    pub threads: usize,
    /// Also count solutions up to symmetry; methods that cannot are refused.
    pub unique: bool,
    /// Told how many subproblems are done, for methods with a subproblem split.
    pub progress: Option<&'a dyn Progress>,
}

/// A way of solving N-Queens.
///
/// ```
/// use nqueens::Method;
///
/// let m: Method = "sets".parse().unwrap();
/// assert_eq!(m, Method::Sets);
/// assert_eq!(m.to_string(), "sets");
/// assert!("magic".parse::<Method>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Method {
    /// Scan the board above for attacks (textbook reference).
    Naive,
    /// Sets of used columns and diagonals (textbook reference).
    Sets,
    /// Bit masks, lowest free bit first (textbook reference, and the baseline for speed).
    Bitmask,
    /// Canonical border constellations weighted by their symmetry: totals and unique counts.
    Symmetry,
    /// Meet in the middle: pairs of half boards with disjoint diagonals (fastest count, totals
    /// only).
    Halves,
}

impl Method {
    /// Every method, in the order `--help` lists them.
    pub const ALL: &'static [Method] = &[
        Method::Naive,
        Method::Sets,
        Method::Bitmask,
        Method::Symmetry,
        Method::Halves,
    ];

    /// The name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Method::Naive => "naive",
            Method::Sets => "sets",
            Method::Bitmask => "bitmask",
            Method::Symmetry => "symmetry",
            Method::Halves => "halves",
        }
    }

    /// One line on what the method does.
    pub fn about(self) -> &'static str {
        match self {
            Method::Naive => "scan the board above for attacks (reference, slowest)",
            Method::Sets => "sets of used columns and diagonals (reference)",
            Method::Bitmask => "bit masks, lowest free bit first (reference, threaded)",
            Method::Symmetry => "one board per symmetry class, weighted (threaded; counts unique)",
            Method::Halves => {
                "meet in the middle: pairs of half boards (fastest count, threaded; totals \
                 only, no --unique, no list; refuses n >= 24: over 4 GiB)"
            }
        }
    }

    /// The method `count` uses when none is named.
    pub fn default_for_count(n: usize) -> Method {
        // Halves overtakes the symmetry engine from n = HALVES_FROM on; past its own range it
        // cannot help.
        if (HALVES_FROM..=halves::MAX_N).contains(&n) {
            Method::Halves
        } else {
            Method::Symmetry
        }
    }

    /// True when the method counts unique solutions (`CountOptions::unique`).
    ///
    /// ```
    /// use nqueens::Method;
    ///
    /// assert!(Method::Symmetry.counts_unique());
    /// assert!(!Method::Bitmask.counts_unique());
    /// ```
    pub fn counts_unique(self) -> bool {
        self == Method::Symmetry
    }

    /// The method `list` uses when none is named.
    pub fn default_for_list() -> Method {
        Method::Bitmask
    }

    /// True when the method can list solutions, not only count them.
    pub fn can_list(self) -> bool {
        !matches!(self, Method::Halves)
    }

    /// The method's subproblem split for n, if it has one.
    ///
    /// ```
    /// use nqueens::Method;
    ///
    /// assert!(Method::Bitmask.plan(12).is_some());
    /// assert!(Method::Naive.plan(12).is_none());
    /// ```
    pub fn plan(self, n: usize) -> Option<Box<dyn Plan>> {
        match self {
            Method::Bitmask => bitmask::BitmaskPlan::new(n)
                .ok()
                .map(|p| Box::new(p) as Box<dyn Plan>),
            Method::Symmetry => constellation::SymmetryPlan::new(n)
                .ok()
                .map(|p| Box::new(p) as Box<dyn Plan>),
            Method::Halves => halves::HalvesPlan::new(n)
                .ok()
                .map(|p| Box::new(p) as Box<dyn Plan>),
            Method::Naive | Method::Sets => None,
        }
    }

    /// Counts the solutions for n.
    ///
    /// ```
    /// use nqueens::{CountOptions, Method};
    ///
    /// for m in Method::ALL {
    ///     assert_eq!(m.count(6, &CountOptions::default()).unwrap().total, 4);
    /// }
    /// ```
    pub fn count(self, n: usize, opts: &CountOptions) -> Result<Counts, Error> {
        crate::check_n(n)?;
        if opts.unique && !self.counts_unique() {
            return Err(Error::Unsupported(format!(
                "method {self} does not count unique solutions: use --method symmetry"
            )));
        }
        if self == Method::Halves {
            if n < halves::MIN_N {
                // Too small to split: the bit-mask count is exact and instant.
                return Ok(Counts::total(bitmask::count(n)?));
            }
            halves::HalvesPlan::new(n)?;
        }
        let threads = self.threads_for(n, opts.threads)?;
        if let Some(plan) = self.plan(n) {
            let all: Vec<usize> = (0..plan.len()).collect();
            let progress = opts.progress.unwrap_or(&NoProgress);
            return Ok(plan::run(plan.as_ref(), &all, threads, progress));
        }
        let total = match self {
            Method::Naive => naive::count(n)?,
            Method::Sets => sets::count(n)?,
            Method::Bitmask | Method::Halves => bitmask::count(n)?,
            Method::Symmetry => return constellation::count(n),
        };
        Ok(Counts::total(total))
    }

    /// Calls `visit` with every solution for n, in lexicographic order, until it returns
    /// `Break`; returns how the walk ended.
    pub fn for_each_solution(
        self,
        n: usize,
        visit: &mut dyn FnMut(&[u32]) -> Flow,
    ) -> Result<Flow, Error> {
        match self {
            Method::Naive => naive::for_each_solution(n, visit),
            Method::Sets => sets::for_each_solution(n, visit),
            // The engine counts classes without building boards; listing is the bit-mask walk's.
            Method::Bitmask | Method::Symmetry => bitmask::for_each_solution(n, visit),
            Method::Halves => Err(Error::Unsupported(
                "method halves only counts: list with another method".to_string(),
            )),
        }
    }
}

/// The smallest n for which `count` picks [`Method::Halves`] by default: single-threaded CPU
/// time against the symmetry engine is even at n = 14 and 15 (0.03 s, 0.25 s) and 2.5 times
/// lower at n = 16 (0.65 s against 1.63 s).
const HALVES_FROM: usize = 14;

impl Method {
    /// The worker threads to count n with, given the number asked for (0: one per core, and
    /// the answer 0 keeps that meaning).
    ///
    /// Only `halves` has a say: from n = 21 on, each of its threads holds the keys of a whole
    /// split, which can pass the memory limit ([`halves::MEMORY_LIMIT`]) with many threads. Asked
    /// for one per core, it takes as many as fit; asked for a number that does not fit, it
    /// refuses with an error naming one that does (or another method, where not even one
    /// thread fits).
    ///
    /// ```
    /// use nqueens::Method;
    ///
    /// assert_eq!(Method::Symmetry.threads_for(23, 64).unwrap(), 64);
    /// assert_eq!(Method::Halves.threads_for(18, 4).unwrap(), 4);
    /// assert!(Method::Halves.threads_for(23, 64).is_err());
    /// let t = Method::Halves.threads_for(23, 0).unwrap();
    /// assert!(nqueens::halves::check_memory(23, t.max(1)).is_ok());
    /// ```
    pub fn threads_for(self, n: usize, requested: usize) -> Result<usize, Error> {
        if self != Method::Halves || !(halves::MIN_N..=halves::MAX_N).contains(&n) {
            return Ok(requested);
        }
        if requested != 0 {
            halves::check_memory(n, requested)?;
            return Ok(requested);
        }
        halves::check_memory(n, 1)?;
        let cores = effective_threads(0);
        let fits = halves::threads_that_fit(n, cores).unwrap_or(1);
        Ok(if fits == cores { 0 } else { fits })
    }
}

/// The number of worker threads `threads` stands for (0: one per core).
fn effective_threads(threads: usize) -> usize {
    if threads == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        threads
    }
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Method {
    type Err = Error;
    fn from_str(s: &str) -> Result<Method, Error> {
        Method::ALL
            .iter()
            .copied()
            .find(|m| m.name() == s)
            .ok_or_else(|| {
                let names: Vec<&str> = Method::ALL.iter().map(|m| m.name()).collect();
                Error::Invalid(format!(
                    "unknown method '{s}': expected one of {}",
                    names.join(", ")
                ))
            })
    }
}
