//! The order in which a cluster run hands out subproblems: contiguous chunks of the plan's list,
//! large first and shrinking as the list runs down (guided scheduling), so that messages stay
//! few while no rank finishes long after the others. Each rank's first chunk, its *opening
//! block*, is fixed by the number of ranks alone, so a rank can start on it before the ranks
//! have talked to each other.
//!
//! Kept apart from the MPI code so that the schedule is tested in every build.

// Only the MPI build hands chunks out.
#![cfg_attr(not(feature = "mpi"), allow(dead_code))]

/// The list of subproblems, handed out in shrinking chunks.
pub struct Dispenser {
    next: usize,
    len: usize,
    takers: usize,
    /// The first chunk of each rank, counted while MPI starts.
    openings: Vec<(usize, usize)>,
    /// Opening blocks that their rank did not count, handed out before anything else.
    pending: Vec<(usize, usize)>,
}

impl Dispenser {
    /// The schedule of `len` subproblems over `takers` ranks, past the opening blocks.
    pub fn new(len: usize, takers: usize) -> Dispenser {
        let mut d = Dispenser {
            next: 0,
            len,
            takers,
            openings: Vec::new(),
            pending: Vec::new(),
        };
        d.openings = (0..takers).map(|_| d.take()).collect();
        d
    }

    /// The opening block of `rank`: the chunk the schedule hands it first.
    pub fn opening(&self, rank: usize) -> (usize, usize) {
        self.openings[rank]
    }

    /// Puts the opening block of `rank` back, for a rank that did not count it.
    pub fn hand_back(&mut self, rank: usize) {
        let (start, end) = self.openings[rank];
        if start < end {
            self.pending.push((start, end));
        }
    }

    /// The next chunk `[start, end)`; empty once the list is used up.
    pub fn take(&mut self) -> (usize, usize) {
        if let Some(chunk) = self.pending.pop() {
            return chunk;
        }
        let left = self.len - self.next;
        // A quarter of each taker's fair share of what is left: big chunks early, single
        // subproblems at the end.
        let size = (left / (4 * self.takers)).max(1).min(left);
        let start = self.next;
        self.next += size;
        (start, self.next)
    }
}

#[cfg(test)]
mod tests {
    use super::Dispenser;

    /// Hands out everything, with the opening blocks of `unclaimed` ranks handed back, and
    /// returns how often each subproblem was given to someone.
    fn coverage(len: usize, takers: usize, unclaimed: &[usize]) -> Vec<u32> {
        let mut d = Dispenser::new(len, takers);
        let mut seen = vec![0u32; len];
        for rank in 0..takers {
            if !unclaimed.contains(&rank) {
                let (start, end) = d.opening(rank);
                seen[start..end].iter_mut().for_each(|s| *s += 1);
            }
        }
        for &rank in unclaimed {
            d.hand_back(rank);
        }
        loop {
            let (start, end) = d.take();
            if start == end {
                return seen;
            }
            seen[start..end].iter_mut().for_each(|s| *s += 1);
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
    fn opening_blocks_are_the_first_chunks_in_rank_order() {
        let d = Dispenser::new(1000, 4);
        // A quarter of each rank's fair share of what is left, one rank after the other.
        assert_eq!(d.opening(0), (0, 62));
        assert_eq!(d.opening(1), (62, 120));
        assert_eq!(d.opening(3), (175, 226));
        let mut d = d;
        assert_eq!(d.take(), (226, 274));
    }
}
