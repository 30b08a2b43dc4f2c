//! The order in which a cluster run hands out subproblems to its processes (ranks).
//!
//! The first half of the plan's list is dealt out in advance, round robin: rank `r` of `P` owns
//! subproblems `r`, `r + P`, `r + 2P`, ... of it, its *opening share*. That share depends on the
//! number of ranks alone, so a rank can count it before the ranks have talked to each other
//! (while MPI is still starting), and dealing round robin evens out the cost of neighbouring
//! subproblems, which varies along the list. The second half is handed out on request in
//! contiguous chunks, large first and shrinking as the list runs down (guided scheduling), so
//! that messages stay few and a rank that drew a cheap opening share catches up with the others.
//!
//! The schedule lives here rather than beside the message passing (in the command line's MPI
//! build) so that it is tested in every build.

/// Subproblems `start`, `start + step`, ... below `end`: what one rank counts in one go.
///
/// ```
/// use nqueens::shard::Dispenser;
///
/// let mut d = Dispenser::new(100, 4);
/// assert_eq!(d.opening(1).indices().take(3).collect::<Vec<_>>(), [1, 5, 9]);
/// let next = d.take();
/// assert_eq!((next.start, next.len()), (50, 3));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chunk {
    /// The first subproblem.
    pub start: usize,
    /// The end of the range (not included).
    pub end: usize,
    /// The distance between subproblems.
    pub step: usize,
}

impl Chunk {
    /// Whether the chunk holds no subproblem (the answer once the list is used up).
    pub fn is_empty(&self) -> bool {
        self.start >= self.end
    }

    /// The indices of the chunk's subproblems, in order.
    pub fn indices(self) -> impl ExactSizeIterator<Item = usize> + Clone {
        (self.start..self.end).step_by(self.step.max(1))
    }

    /// The chunk as words, for a message: `[start, end, step]`.
    pub fn to_words(self) -> [u64; 3] {
        [self.start as u64, self.end as u64, self.step as u64]
    }

    /// Reads what [`Chunk::to_words`] writes.
    pub fn from_words(w: &[u64]) -> Option<Chunk> {
        let [start, end, step] = *w else { return None };
        Some(Chunk {
            start: usize::try_from(start).ok()?,
            end: usize::try_from(end).ok()?,
            step: usize::try_from(step).ok()?,
        })
    }

    /// How many subproblems the chunk holds.
    pub fn len(&self) -> usize {
        self.indices().len()
    }
}

/// The list of subproblems, dealt out to the ranks.
#[derive(Debug)]
pub struct Dispenser {
    next: usize,
    len: usize,
    takers: usize,
    /// Opening shares that their rank did not count, handed out before anything else.
    pending: Vec<Chunk>,
}

impl Dispenser {
    /// The schedule of `len` subproblems over `takers` ranks; `take` starts after the opening
    /// shares.
    pub fn new(len: usize, takers: usize) -> Dispenser {
        Dispenser {
            next: len / 2,
            len,
            takers: takers.max(1),
            pending: Vec::new(),
        }
    }

    /// The opening share of `rank`.
    pub fn opening(&self, rank: usize) -> Chunk {
        Chunk {
            start: rank,
            end: self.len / 2,
            step: self.takers,
        }
    }

    /// Puts the opening share of `rank` back, for a rank that did not count it.
    pub fn hand_back(&mut self, rank: usize) {
        let share = self.opening(rank);
        if !share.is_empty() {
            self.pending.push(share);
        }
    }

    /// The next chunk; empty once the list is used up.
    pub fn take(&mut self) -> Chunk {
        if let Some(chunk) = self.pending.pop() {
            return chunk;
        }
        let left = self.len - self.next;
        // A quarter of each taker's fair share of what is left: big chunks early, single
        // subproblems at the end.
        let size = (left / (4 * self.takers)).max(1).min(left);
        let start = self.next;
        self.next += size;
        Chunk {
            start,
            end: self.next,
            step: 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Chunk, Dispenser};

    /// Hands out everything, with the opening shares of `unclaimed` ranks handed back, and
    /// returns how often each subproblem was given to someone.
    fn coverage(len: usize, takers: usize, unclaimed: &[usize]) -> Vec<u32> {
        let mut d = Dispenser::new(len, takers);
        let mut seen = vec![0u32; len];
        let mut mark = |c: Chunk| c.indices().for_each(|i| seen[i] += 1);
        for rank in 0..takers {
            if !unclaimed.contains(&rank) {
                mark(d.opening(rank));
            }
        }
        for &rank in unclaimed {
            d.hand_back(rank);
        }
        loop {
            let chunk = d.take();
            if chunk.is_empty() {
                return seen;
            }
            mark(chunk);
        }
    }

    #[test]
    fn every_subproblem_is_handed_out_exactly_once() {
        for len in [0, 1, 2, 3, 7, 64, 1000, 5763] {
            for takers in 1..=5 {
                let all_claimed = coverage(len, takers, &[]);
                assert!(
                    all_claimed.iter().all(|&c| c == 1),
                    "len {len}, {takers} ranks"
                );
                let none_claimed: Vec<usize> = (0..takers).collect();
                let seen = coverage(len, takers, &none_claimed);
                assert!(
                    seen.iter().all(|&c| c == 1),
                    "len {len}, {takers} ranks, none claimed"
                );
                let seen = coverage(len, takers, &[takers - 1]);
                assert!(
                    seen.iter().all(|&c| c == 1),
                    "len {len}, {takers} ranks, last unclaimed"
                );
            }
        }
    }

    #[test]
    fn opening_shares_are_dealt_round_robin_over_the_first_half() {
        let mut d = Dispenser::new(1000, 4);
        let share = d.opening(1);
        assert_eq!(share.indices().take(3).collect::<Vec<_>>(), [1, 5, 9]);
        assert_eq!(share.len(), 125);
        // Then a quarter of each rank's fair share of what is left, one chunk after the other.
        assert_eq!(
            d.take(),
            Chunk {
                start: 500,
                end: 531,
                step: 1
            }
        );
        assert_eq!(d.take().start, 531);
    }
}
