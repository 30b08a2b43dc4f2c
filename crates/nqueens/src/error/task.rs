//! What some methods cannot do, and which methods can: the capability policy behind every
//! refusal that names the methods to use instead, kept in one place so that the refusal and its
//! suggestion cannot disagree.

use crate::method::Method;

/// A task that some methods cannot do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Task {
    /// Count solutions up to symmetry.
    CountUnique,
    /// Count solutions up to symmetry in parts (shards, or the ranks of a cluster run), whose
    /// totals a method that counts unique solutions of a whole count only cannot use.
    CountUniqueInParts,
    /// List solutions rather than count them.
    List,
    /// Split the count into subproblems: threads, checkpoints, shards and cluster runs.
    Split,
    /// Count the completions of a partly filled board.
    CountPuzzle,
    /// Count on a GPU (a GPU device was chosen).
    CountOnGpu,
    /// Be told operation by operation, with the state it keeps (the textbook methods).
    Explain,
}

impl Task {
    pub(crate) fn phrase(self) -> &'static str {
        match self {
            Task::CountUnique => "count unique solutions",
            Task::CountUniqueInParts => {
                "count unique solutions in parts (shards or cluster ranks): it counts them of \
                 a whole count only"
            }
            Task::List => "list solutions",
            Task::Split => {
                "split its count into subproblems (for checkpoints, shards and clusters)"
            }
            Task::CountPuzzle => "count the completions of a board",
            Task::CountOnGpu => "count on a GPU",
            Task::Explain => "be told operation by operation",
        }
    }

    /// The methods that can do the task, in the order of [`Method::ALL`]. The GPU method is
    /// named only for counts on a GPU: the others are served on every machine, it only on one
    /// with a GPU.
    pub(super) fn served_by(self) -> Vec<Method> {
        let can = |m: Method| match self {
            // The methods named are those that count unique solutions of every count, whole or
            // in parts, so that the advice holds whatever else the request asks.
            Task::CountUnique | Task::CountUniqueInParts => {
                m.counts_unique_in_parts() && !m.counts_on_gpu()
            }
            Task::List => m.can_list(),
            Task::Split => m.has_split() && !m.counts_on_gpu(),
            Task::CountPuzzle => m.counts_puzzles(),
            Task::CountOnGpu => m.counts_on_gpu(),
            Task::Explain => m.describe().explains,
        };
        Method::able(can)
    }
}
