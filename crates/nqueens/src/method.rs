//! The ways to count and list, by name, and what each of them can do.
//!
//! A [`Method`] is only a name and a set of capabilities: the code behind each lives in the
//! `reference` and `engine` modules, and [`crate::counting::Count`] decides which one serves a
//! request. Keeping the names apart from the engines lets errors, plan identities and the
//! command line speak of methods without depending on how any of them works.

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

    /// The name used on the command line, in JSON and in checkpoints.
    pub fn name(self) -> &'static str {
        match self {
            Method::Naive => "naive",
            Method::Sets => "sets",
            Method::Bitmask => "bitmask",
            Method::Symmetry => "symmetry",
            Method::Halves => "halves",
            Method::Gpu => "gpu",
        }
    }

    /// One line on what the method does.
    pub fn about(self) -> &'static str {
        match self {
            Method::Naive => "scan the board above for attacks (reference, slowest)",
            Method::Sets => "sets of used columns and diagonals (reference)",
            Method::Bitmask => {
                "bit masks, lowest free bit first (reference, threaded; counts boards too)"
            }
            Method::Symmetry => "one board per symmetry class, weighted (threaded; counts unique)",
            Method::Halves => {
                "meet in the middle: pairs of half boards (fastest count, threaded; totals only, \
                 n up to 32 within 4 GiB)"
            }
            Method::Gpu => {
                "the symmetry engine on GPUs (Vulkan, Metal, DirectX 12; builds with the feature \
                 gpu; counts unique, n up to 32)"
            }
        }
    }

    /// True when the method counts unique solutions (solutions up to symmetry).
    ///
    /// ```
    /// use nqueens::Method;
    ///
    /// assert!(Method::Symmetry.counts_unique());
    /// assert!(!Method::Bitmask.counts_unique());
    /// ```
    pub fn counts_unique(self) -> bool {
        matches!(self, Method::Symmetry | Method::Gpu)
    }

    /// True when the method can list solutions, not only count them. The symmetry engine lists
    /// with the bit-mask walk: it counts classes without ever building boards.
    pub fn can_list(self) -> bool {
        !matches!(self, Method::Halves | Method::Gpu)
    }

    /// True when the method's count splits into numbered subproblems, which is what threads,
    /// progress, checkpoints, shards and cluster runs share out. The two slow references count
    /// in one piece.
    pub fn has_split(self) -> bool {
        matches!(
            self,
            Method::Bitmask | Method::Symmetry | Method::Halves | Method::Gpu
        )
    }

    /// True when the method counts the completions of a partly filled board (a puzzle).
    pub fn counts_puzzles(self) -> bool {
        self == Method::Bitmask
    }

    /// True when the method counts on GPUs.
    pub fn counts_on_gpu(self) -> bool {
        self == Method::Gpu
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
        self != Method::Gpu || cfg!(feature = "gpu")
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
        match self {
            // Its diagonal keys are 64-bit words: 2(n - 1) bits.
            Method::Halves => 32,
            // The shader's masks are 32-bit words, one bit a column.
            Method::Gpu => 32,
            _ => 64,
        }
    }

    /// The methods that can do what `can` says, in the order of [`Method::ALL`].
    ///
    /// ```
    /// use nqueens::Method;
    ///
    /// assert_eq!(Method::able(Method::counts_unique), vec![Method::Symmetry, Method::Gpu]);
    /// ```
    pub fn able(can: impl Fn(Method) -> bool) -> Vec<Method> {
        Method::ALL.iter().copied().filter(|&m| can(m)).collect()
    }
}

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

impl Serialize for Method {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Method {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Method, D::Error> {
        let name = String::deserialize(d)?;
        name.parse().map_err(serde::de::Error::custom)
    }
}
