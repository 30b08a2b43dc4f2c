//! Deterministic splits of one count into many small, independent subproblems, and the identity
//! that tells one split from another.
//!
//! Every count that may run long goes through a [`Plan`]: a fixed, ordered list of subproblems
//! (usually the placements of the first few rows) that can be counted one at a time, in any
//! order, on any thread or machine. The same index always means the same subproblem, which is
//! what lets threads balance work, progress bars measure it, and checkpoints, shards and cluster
//! runs divide it.
//!
//! Work saved or sent elsewhere carries the plan's [`PlanId`]: a checkpoint file, a shard record
//! and a cluster message all hold one, and all are checked against the count at hand by the one
//! comparison [`PlanId::check`], so that no count ever adds numbers from another split.
//!
//! The plan of a method asked for on its own is [`plan_for`](crate::plan_for) (or
//! [`plan_watched`](crate::plan_watched)), and that of a board to complete a
//! [`CompletionPlan`](crate::CompletionPlan); a shard, a checkpoint and a cluster's chunks all
//! name subproblems of one plan.
//!
//! ```
//! use nqueens::Method;
//! use nqueens::plan::Plan;
//!
//! let plan = nqueens::plan_for(12, Method::Symmetry).unwrap();
//! assert!(plan.len() > 1);
//! assert_eq!(plan.id().n, 12);
//! ```

pub(crate) mod fingerprint;

use crate::counts::Counts;
use crate::error::Mismatch;
use crate::method::Method;
use crate::progress::Watch;

/// A deterministic list of independent subproblems whose counts add up to one whole count.
///
/// ```
/// use nqueens::Method;
/// use nqueens::plan_for;
///
/// let plan = plan_for(8, Method::Bitmask).unwrap();
/// let sum: u128 = (0..plan.len()).map(|i| plan.count_one(i).total).sum();
/// assert_eq!(sum, 92);
/// ```
pub trait Plan: Send + Sync {
    /// What the plan is: the board, the method, the number of subproblems and a fingerprint of
    /// how they were chosen.
    fn id(&self) -> PlanId;

    /// The number of subproblems.
    fn len(&self) -> usize {
        self.id().subproblems
    }

    /// True when there is nothing to count.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Counts subproblem `index` (0 ≤ index < len) on the calling thread, polling `watch` now
    /// and then where the search may run long; `None` when the watch asked it to stop (the
    /// partial count is thrown away).
    fn count_watched(&self, index: usize, watch: &Watch) -> Option<Counts>;

    /// Counts subproblem `index` (0 ≤ index < len) on the calling thread, to its end.
    ///
    /// # Panics
    ///
    /// When `index` is not below [`Plan::len`]: a programming error, checked before anything is
    /// counted.
    fn count_one(&self, index: usize) -> Counts {
        let len = self.len();
        assert!(
            index < len,
            "subproblem {index} does not exist: the plan has {len} (0 to {})",
            len.saturating_sub(1)
        );
        self.count_watched(index, &Watch::none())
            .expect("a count that nothing stops runs to its end")
    }

    /// How many subproblems the plan likes to count in one call of [`Plan::count_batch`]: 1 for
    /// engines that count one at a time, more for engines (an accelerator) that gain from
    /// counting many together.
    fn batch(&self) -> usize {
        1
    }

    /// Puts `indices` in the order a run should start them; the default keeps them as they are.
    /// A plan whose subproblems end in long pieces of work that cannot be shared out (a GPU
    /// thread's task) puts those whose pieces look longest first, so that the last pieces a run
    /// starts are short and every thread ends at about the same time.
    fn order(&self, indices: &mut [usize]) {
        let _ = indices;
    }

    /// Counts the subproblems `indices`, one count per index, in order; `None` when the watch
    /// asked it to stop.
    fn count_batch(&self, indices: &[usize], watch: &Watch) -> Option<Vec<Counts>> {
        indices
            .iter()
            .map(|&i| self.count_watched(i, watch))
            .collect()
    }

    /// Checks counts said to be subproblem `index`'s (work read back from a checkpoint) against
    /// what that subproblem can give; `Err` says why not. Every plan checks what every count
    /// holds ([`Counts::check`]); a plan that knows more about its subproblems checks more.
    fn admits(&self, index: usize, counts: &Counts) -> Result<(), String> {
        let _ = index;
        counts.check(self.id().n, self.zero().classes.is_some())
    }

    /// The count of no subproblems at all: what a sum starts from (it says which kinds of count
    /// the plan makes, so that an empty sum of symmetry counts still has classes).
    fn zero(&self) -> Counts {
        Counts::total(0)
    }
}

/// Which count a piece of work belongs to: the board, the method, the split.
///
/// Two plans with equal identities number the same subproblems the same way, so their partial
/// counts may be added.
///
/// ```
/// use nqueens::Method;
/// use nqueens::plan_for;
///
/// let a = plan_for(10, Method::Bitmask).unwrap().id();
/// let b = plan_for(11, Method::Bitmask).unwrap().id();
/// assert!(a.check(&a).is_ok());
/// assert_eq!(b.check(&a).unwrap_err().to_string(), "it is for n = 11, not n = 10");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct PlanId {
    /// The board size.
    pub n: usize,
    /// The method that counts the subproblems.
    pub method: Method,
    /// For a count of a partly filled board, the board's fingerprint
    /// ([`crate::puzzle::Puzzle::fingerprint`]); `None` for the empty board.
    pub board: Option<u64>,
    /// The number of subproblems.
    pub subproblems: usize,
    /// A fingerprint of how the subproblems were chosen, stable across builds and machines.
    pub fingerprint: u64,
}

impl PlanId {
    /// Checks that work identified by `self` belongs to the count `expected`; the error says
    /// the first way it does not.
    pub fn check(&self, expected: &PlanId) -> Result<(), Mismatch> {
        if self.n != expected.n {
            Err(Mismatch::N {
                found: self.n,
                expected: expected.n,
            })
        } else if self.method != expected.method {
            Err(Mismatch::Method {
                found: self.method,
                expected: expected.method,
            })
        } else if self.board != expected.board {
            Err(Mismatch::Board {
                found: self.board.is_some(),
                expected: expected.board.is_some(),
            })
        } else if self.fingerprint != expected.fingerprint
            || self.subproblems != expected.subproblems
        {
            Err(Mismatch::Split)
        } else {
            Ok(())
        }
    }

    /// The number of words of [`PlanId::to_words`].
    pub const WORDS: usize = 6;

    /// The identity as machine words, for a cluster's messages: n, the method's place in
    /// [`Method::ALL`], whether there is a board and its fingerprint, the number of subproblems
    /// and the split's fingerprint.
    ///
    /// ```
    /// use nqueens::Method;
    /// use nqueens::plan::PlanId;
    /// use nqueens::plan_for;
    ///
    /// let id = plan_for(9, Method::Symmetry).unwrap().id();
    /// assert_eq!(PlanId::from_words(&id.to_words()), Some(id));
    /// ```
    pub fn to_words(&self) -> [u64; PlanId::WORDS] {
        let method = Method::ALL.iter().position(|&m| m == self.method);
        [
            self.n as u64,
            method.map_or(u64::MAX, |i| i as u64),
            self.board.is_some() as u64,
            self.board.unwrap_or(0),
            self.subproblems as u64,
            self.fingerprint,
        ]
    }

    /// Reads what [`PlanId::to_words`] writes; `None` for anything else.
    pub fn from_words(w: &[u64]) -> Option<PlanId> {
        let [n, method, has_board, board, subproblems, fingerprint] = *w else {
            return None;
        };
        Some(PlanId {
            n: usize::try_from(n).ok()?,
            method: *Method::ALL.get(usize::try_from(method).ok()?)?,
            board: match has_board {
                0 => None,
                1 => Some(board),
                _ => return None,
            },
            subproblems: usize::try_from(subproblems).ok()?,
            fingerprint,
        })
    }
}
