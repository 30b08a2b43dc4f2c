//! The ways to count and list, by name, and what each of them can do.
//!
//! A [`Method`] is only a name and a set of capabilities: the code behind each lives in the
//! `reference` and `engine` modules, and [`crate::counting::Count`] decides which one serves a
//! request. Keeping the names apart from the engines lets errors, plan identities and the
//! command line speak of methods without depending on how any of them works.
//!
//! What each method is and can do is said once, in its description (the table `DESCRIPTIONS`
//! below): its name, its line of help, whether it counts unique solutions, lists, splits its
//! count, completes boards, counts on GPUs, is built, the largest board it takes, how many
//! threads it counts on, and whether its search can be told step by step. The functions of
//! [`Method`] read it, and so does every decision of the crate about what a method may be asked.
//!
//! ## Adding a method
//!
//! A new method touches these files of `crates/nqueens/src`, and no others:
//!
//! 1. its engine module, under `engine/` (or `reference/`), declared in `engine.rs` (or
//!    `reference.rs`): a type that implements [`crate::plan::Plan`] (a method that
//!    cannot share its count out counts the whole board as subproblem 0, as
//!    [`crate::reference::whole`] does for the scan and the sets), and a walk of
//!    [`crate::reference::walk::Solutions`] if it lists;
//! 2. `method.rs` (this file): the variant of [`Method`], its place at the end of
//!    [`Method::ALL`] (which gives its name to `--help`, to errors and to the Python binding;
//!    a cluster's messages number methods by that place), and its description in
//!    `DESCRIPTIONS`, at the variant's place (a compile-time check holds the two together);
//! 3. `dispatch.rs`: its arm in the engine table, the one match that reaches the code behind
//!    each method (its plan, and its walk, completions or memory check where it has them).
//!
//! The front doors, the command line and the bindings then serve it, refuse what it cannot do
//! and name it where it can, from its description alone. What is not code spells the names out
//! and is extended by hand: the tables of methods in `README.md` and `docs/methods.md`, and in
//! the Python package the names a type checker sees (`_Method` in `__init__.pyi`) and those
//! `python -m nqueens` accepts (`METHOD_NAMES` in `__main__.py`). To be the method a count
//! takes when none is named, it needs one more line, in `counting/decide.rs` (`choose`).

#[cfg(feature = "serde")]
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
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
    /// The symmetry engine's constellations, searched on GPUs: totals and unique counts. Only
    /// builds with the crate feature `gpu` can use it (see [`Method::is_built`]).
    Gpu,
}

impl Method {
    /// Every method, in the order `--help` lists them.
    pub const ALL: &'static [Method] = &[
        Method::Naive,
        Method::Sets,
        Method::Bitmask,
        Method::Symmetry,
        Method::Halves,
        Method::Gpu,
    ];

    /// What the method is and can do: its entry in [`DESCRIPTIONS`].
    pub(crate) const fn describe(self) -> &'static Description {
        &DESCRIPTIONS[self as usize]
    }

    /// The name used on the command line, in JSON and in checkpoints.
    pub fn name(self) -> &'static str {
        self.describe().name
    }

    /// One line on what the method does.
    pub fn about(self) -> &'static str {
        self.describe().about
    }

    /// True when the method counts unique solutions (solutions up to symmetry), of a whole
    /// count at least: see [`counts_unique_in_parts`](Method::counts_unique_in_parts) for
    /// shards and cluster runs.
    ///
    /// ```
    /// use nqueens::Method;
    ///
    /// assert!(Method::Symmetry.counts_unique());
    /// assert!(Method::Halves.counts_unique());
    /// assert!(!Method::Bitmask.counts_unique());
    /// ```
    pub fn counts_unique(self) -> bool {
        self.describe().unique != Unique::No
    }

    /// True when the method counts unique solutions in every part of its count, so that a
    /// shard, a cluster rank's part and a checkpoint's subproblems carry their own (their
    /// symmetry classes add up). `halves` counts them of a whole count only, from its total.
    ///
    /// ```
    /// use nqueens::Method;
    ///
    /// assert!(Method::Symmetry.counts_unique_in_parts());
    /// assert!(!Method::Halves.counts_unique_in_parts());
    /// ```
    pub fn counts_unique_in_parts(self) -> bool {
        self.describe().unique == Unique::InEveryPart
    }

    /// True when the method can list solutions, not only count them. The symmetry engine lists
    /// with the bit-mask walk: it counts classes without ever building boards.
    pub fn can_list(self) -> bool {
        self.describe().lists
    }

    /// True when the method's count splits into numbered subproblems, which is what threads,
    /// progress, checkpoints, shards and cluster runs share out. The two slow references count
    /// in one piece.
    pub fn has_split(self) -> bool {
        self.describe().splits
    }

    /// True when the method counts the completions of a partly filled board (a puzzle).
    pub fn counts_puzzles(self) -> bool {
        self.describe().counts_puzzles
    }

    /// True when the method counts on GPUs.
    pub fn counts_on_gpu(self) -> bool {
        self.describe().on_gpu
    }

    /// True when this build of the crate holds the method: every method but [`Method::Gpu`],
    /// which needs the crate feature `gpu` (and, to run, a GPU).
    ///
    /// ```
    /// use nqueens::Method;
    ///
    /// assert!(Method::Symmetry.is_built());
    /// // Without the feature, a count on GPUs is refused.
    /// let refused = nqueens::Count::new(8).method(Method::Gpu).prepare().is_err();
    /// assert!(Method::Gpu.is_built() || refused);
    /// ```
    pub fn is_built(self) -> bool {
        self.describe().built
    }

    /// The largest board the method takes (the smallest is always 1).
    ///
    /// ```
    /// use nqueens::Method;
    ///
    /// assert_eq!(Method::Symmetry.max_n(), 64);
    /// assert_eq!(Method::Halves.max_n(), 32);
    /// ```
    pub fn max_n(self) -> usize {
        self.describe().max_n
    }

    /// The methods that can do what `can` says, in the order of [`Method::ALL`].
    ///
    /// ```
    /// use nqueens::Method;
    ///
    /// assert_eq!(
    ///     Method::able(Method::counts_unique_in_parts),
    ///     vec![Method::Symmetry, Method::Gpu]
    /// );
    /// ```
    pub fn able(can: impl Fn(Method) -> bool) -> Vec<Method> {
        Method::ALL.iter().copied().filter(|&m| can(m)).collect()
    }
}

/// What a method is and can do. Every question about a method's abilities, anywhere in the
/// crate, reads its description; the code behind it is reached elsewhere, through the engine
/// table (the module `dispatch`).
#[derive(Debug)]
pub(crate) struct Description {
    /// The method described: each entry names its own, so that the table cannot slip out of
    /// the enum's order unseen (a compile-time check below holds them together).
    pub method: Method,
    /// The name on the command line, in JSON and in checkpoints.
    pub name: &'static str,
    /// One line on what it does, for `--help`.
    pub about: &'static str,
    /// Whether it counts unique solutions, and of which counts.
    pub unique: Unique,
    /// Whether it lists solutions.
    pub lists: bool,
    /// Whether its count splits into subproblems to share out (threads, checkpoints, shards,
    /// cluster runs). One without counts the whole board as its one subproblem.
    pub splits: bool,
    /// Whether it counts the completions of a partly filled board.
    pub counts_puzzles: bool,
    /// Whether it counts on GPUs.
    pub on_gpu: bool,
    /// Whether this build of the crate holds it.
    pub built: bool,
    /// The largest board it takes.
    pub max_n: usize,
    /// How many worker threads it counts on.
    pub threads: Threads,
    /// Whether the search can be told operation by operation
    /// ([`crate::reference::ops`]).
    pub explains: bool,
}

/// Which counts of a method know their unique solutions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Unique {
    /// None.
    No,
    /// Every count, and every part of one: each subproblem's counts carry its symmetry classes,
    /// which add up across shards, ranks and checkpoints.
    InEveryPart,
    /// A whole count only: its classes follow from its total and the solutions the board's
    /// turns fix, searched on their own once (`engine::turns`), which a part's total cannot
    /// share in.
    OfTheWhole,
}

/// How many worker threads a method counts on. A number asked for is taken as it is, except by
/// a method that counts on one thread, and by one with a memory limit where it does not fit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Threads {
    /// One: the count is one piece, on the calling thread.
    One,
    /// One per core unless asked otherwise.
    EveryCore,
    /// One per core unless asked otherwise, and at least one per GPU and one more: the threads
    /// cut the GPUs' work into tasks, and a GPU must never wait for its next batch.
    CoresAndOnePerGpu,
    /// One per core unless asked otherwise, but each thread holds tables that grow with n: a
    /// count left to choose takes as many as fit in the method's memory limit, and one asked for
    /// more is refused.
    CoresWithinMemory,
}

/// What the three textbook methods share: one thread, every board listed, no symmetry, no
/// memory limit, and a walk the learners' trace can explain. Each takes its name and line from
/// here and changes what it does beyond the textbook.
const TEXTBOOK: Description = Description {
    method: Method::Naive,
    name: "naive",
    about: "",
    unique: Unique::No,
    lists: true,
    splits: false,
    counts_puzzles: false,
    on_gpu: false,
    built: true,
    max_n: 64,
    threads: Threads::One,
    explains: true,
};

/// The description of every method, in the order of the enum's variants. The largest board of
/// most is the crate's (64: one bit of a 64-bit word per column).
const DESCRIPTIONS: [Description; 6] = [
    Description {
        method: Method::Naive,
        name: "naive",
        about: "scan the board above for attacks (reference, slowest)",
        ..TEXTBOOK
    },
    Description {
        method: Method::Sets,
        name: "sets",
        about: "sets of used columns and diagonals (reference)",
        ..TEXTBOOK
    },
    Description {
        method: Method::Bitmask,
        name: "bitmask",
        about: "bit masks, lowest free bit first (reference, threaded; counts boards too)",
        splits: true,
        counts_puzzles: true,
        threads: Threads::EveryCore,
        ..TEXTBOOK
    },
    Description {
        method: Method::Symmetry,
        name: "symmetry",
        about: "one board per symmetry class, weighted (threaded; counts unique)",
        unique: Unique::InEveryPart,
        // It counts classes without building boards: it lists with the bit-mask walk.
        lists: true,
        splits: true,
        counts_puzzles: false,
        on_gpu: false,
        built: true,
        max_n: 64,
        threads: Threads::EveryCore,
        explains: false,
    },
    Description {
        method: Method::Halves,
        name: "halves",
        about: "meet in the middle: pairs of half boards (fastest count, threaded; unique counts \
                of whole counts, n up to 32 within 4 GiB)",
        unique: Unique::OfTheWhole,
        lists: false,
        splits: true,
        counts_puzzles: false,
        on_gpu: false,
        built: true,
        // Its diagonal keys are 64-bit words: 2(n - 1) bits.
        max_n: 32,
        threads: Threads::CoresWithinMemory,
        explains: false,
    },
    Description {
        method: Method::Gpu,
        name: "gpu",
        about: "the symmetry engine on GPUs (Vulkan, Metal, DirectX 12; builds with the feature \
                gpu; counts unique, n up to 32)",
        unique: Unique::InEveryPart,
        lists: false,
        splits: true,
        counts_puzzles: false,
        on_gpu: true,
        built: cfg!(feature = "gpu"),
        // The shader's masks are 32-bit words, one bit a column.
        max_n: 32,
        threads: Threads::CoresAndOnePerGpu,
        explains: false,
    },
];

// Each description sits at its method's place, which is what `Method::describe` reads.
const _: () = {
    let mut i = 0;
    while i < DESCRIPTIONS.len() {
        assert!(DESCRIPTIONS[i].method as usize == i);
        i += 1;
    }
};

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A method name that names no method.
///
/// ```
/// let e = "magic".parse::<nqueens::Method>().unwrap_err();
/// assert_eq!(
///     e.to_string(),
///     "unknown method 'magic': expected one of naive, sets, bitmask, symmetry, halves, gpu"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownMethod {
    /// The name that was given.
    pub name: String,
}

impl fmt::Display for UnknownMethod {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Method::ALL.iter().map(|m| m.name()).collect();
        write!(
            f,
            "unknown method '{}': expected one of {}",
            self.name,
            names.join(", ")
        )
    }
}

impl std::error::Error for UnknownMethod {}

impl FromStr for Method {
    type Err = UnknownMethod;
    fn from_str(s: &str) -> Result<Method, UnknownMethod> {
        Method::ALL
            .iter()
            .copied()
            .find(|m| m.name() == s)
            .ok_or_else(|| UnknownMethod {
                name: s.to_string(),
            })
    }
}

#[cfg(feature = "serde")]
impl Serialize for Method {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

#[cfg(feature = "serde")]
impl<'de> Deserialize<'de> for Method {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Method, D::Error> {
        let name = String::deserialize(d)?;
        name.parse().map_err(serde::de::Error::custom)
    }
}
