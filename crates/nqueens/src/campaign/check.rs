//! The second code path that `campaign check` recounts units on: each subproblem of the
//! `symmetry` split (a canonical border constellation) as a [`Puzzle`], its border queens given
//! and the rest of its border blocked, whose completions the puzzle engine counts with its own
//! walk, times the number of distinct constellations the subproblem stands for (8, 4 or 2).
//! Nothing of the symmetry engine's search (its images, its row layouts, its kernels, its
//! tables) is on this path: only the list of constellations is shared, which is what names the
//! subproblems. It checks totals; the classes of unique solutions are the symmetry engine's
//! alone.
//!
//! A check's record, kept beside the result it checked, is text sealed as a result is.

use super::record::{Fields, Unit, hex, read_hex, sealed, unsealed};
use crate::counts::Counts;
use crate::engine::constellation::SymmetryPlan;
use crate::error::Error;
use crate::plan::{Plan, PlanId};
use crate::progress::NoProgress;
use crate::progress::Watch;
use crate::puzzle::{CompletionPlan, Puzzle};
use crate::run::runner::{Runner, subproblem_list};
use std::sync::Mutex;

/// The subproblem `index` of the symmetry split of `n` as a puzzle, and what each of its
/// completions weighs.
pub(crate) fn subproblem_puzzle(split: &SymmetryPlan, n: usize, index: usize) -> (Puzzle, u128) {
    let empty = Puzzle::new(n).expect("the campaign's n is a board size");
    if n == 1 {
        // One square, one queen: the split's one subproblem is the whole board.
        return (empty, 1);
    }
    let c = split.constellation(index);
    let mut p = empty;
    for &(row, col) in c.queens() {
        p = p
            .place(row as usize, col as usize)
            .expect("a constellation's queens do not attack each other");
    }
    let last = n - 1;
    for i in 0..n {
        for (row, col) in [(0, i), (last, i), (i, 0), (i, last)] {
            if !c.queens().contains(&(row as u32, col as u32)) {
                p = p.block(row, col).expect("a border square is on the board");
            }
        }
    }
    (p, c.weight() as u128)
}

/// The split counted the second way: subproblem `i` is the weighted number of completions of
/// its puzzle.
pub(crate) struct PuzzleRecount {
    pub n: usize,
    pub id: PlanId,
    pub split: SymmetryPlan,
}

impl PuzzleRecount {
    /// The totals of the subproblems `indices` (`len` of them) counted the second way on
    /// `threads` threads, by index: what `check` records of a unit and `verify_export` compares
    /// with an export's lines.
    pub(crate) fn totals(
        &self,
        indices: impl Iterator<Item = usize>,
        len: usize,
        threads: usize,
    ) -> Result<Vec<(usize, u128)>, Error> {
        let found = Mutex::new(Vec::with_capacity(len));
        let runner = Runner {
            plan: self,
            threads: threads.max(1),
            progress: &NoProgress,
            stop: None,
            done_before: 0,
            total: len as u64,
        };
        let mut list = subproblem_list(self, len)?;
        list.extend(indices);
        runner.run(list, &|i, c| found.lock().unwrap().push((i, c.total)));
        let mut found = found.into_inner().unwrap();
        found.sort_unstable();
        Ok(found)
    }
}

impl Plan for PuzzleRecount {
    fn id(&self) -> PlanId {
        self.id
    }

    fn count_watched(&self, index: usize, watch: &Watch) -> Option<Counts> {
        let (puzzle, weight) = subproblem_puzzle(&self.split, self.n, index);
        let plan = CompletionPlan::new(puzzle);
        let mut completions = 0u128;
        for i in 0..plan.len() {
            completions += plan.count_watched(i, watch)?.total;
        }
        Some(Counts::total(completions * weight))
    }
}

/// What a check found of one unit: the totals of its subproblems on the second path, beside
/// the result's total.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct CheckRecord {
    pub unit: Unit,
    pub first: u128,
    pub second: Vec<u128>,
    pub host: String,
    pub seconds: f64,
}

impl CheckRecord {
    pub fn second_total(&self) -> u128 {
        self.second.iter().sum()
    }

    pub fn agrees(&self) -> bool {
        self.first == self.second_total()
    }

    pub fn write(&self, campaign: u64) -> String {
        let mut body = format!(
            "nqueens campaign check 1\ncampaign {}\nunit {}\npath puzzle completions\nhost {}\n\
             seconds {:.3}\nfirst {}\nsecond {}\nverdict {}\n",
            hex(campaign),
            self.unit.id,
            self.host.replace(['\n', '\r'], " "),
            self.seconds,
            self.first,
            self.second_total(),
            if self.agrees() { "agrees" } else { "conflicts" }
        );
        for (i, t) in self.unit.indices().zip(&self.second) {
            body += &format!("subproblem {i} {t}\n");
        }
        sealed(body)
    }

    /// Whether the check recorded in `text`, of unit `unit` of campaign `campaign`, agreed;
    /// `None` where the text is no such record.
    pub fn verdict(text: &str, campaign: u64, unit: usize) -> Option<bool> {
        let mut f = Fields::new(unsealed(text).ok()?);
        (f.lines.next() == Some("nqueens campaign check 1")).then_some(())?;
        (read_hex(&mut f, "campaign").ok()? == campaign).then_some(())?;
        (f.number::<usize>("unit").ok()? == unit).then_some(())?;
        for key in ["path", "host", "seconds", "first", "second"] {
            f.next(key).ok()?;
        }
        match f.next("verdict").ok()? {
            "agrees" => Some(true),
            "conflicts" => Some(false),
            _ => None,
        }
    }
}

/// A number from 0 to 1 drawn from `key`, the same for the same key on every machine: what a
/// sample is drawn by. FNV-1a alone mixes the last bytes of a key into its low bits only, so its
/// hash is mixed again (the finalizer of SplitMix64) before its high bits are read.
pub(crate) fn draw(key: &str) -> f64 {
    let mut z = crate::plan::fingerprint::fnv1a(key.as_bytes());
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^= z >> 31;
    (z >> 11) as f64 / (1u64 << 53) as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_puzzles_of_the_split_weighted_add_up_to_every_solution() {
        for (n, total) in [(1, 1), (4, 2), (6, 4), (8, 92), (10, 724)] {
            let split = SymmetryPlan::new(n).unwrap();
            let recount = PuzzleRecount {
                n,
                id: split.id(),
                split: SymmetryPlan::new(n).unwrap(),
            };
            let sum: u128 = (0..split.len()).map(|i| recount.count_one(i).total).sum();
            assert_eq!(sum, total, "n = {n}");
            // Subproblem by subproblem, the same totals as the symmetry engine's.
            for i in 0..split.len() {
                assert_eq!(recount.count_one(i).total, split.count_one(i).total);
            }
        }
    }

    #[test]
    fn a_check_record_says_whether_it_agreed() {
        let unit = Unit {
            id: 2,
            first: 5,
            end: 7,
        };
        let mut r = CheckRecord {
            unit,
            first: 10,
            second: vec![4, 6],
            host: "a".into(),
            seconds: 0.5,
        };
        assert_eq!(CheckRecord::verdict(&r.write(9), 9, 2), Some(true));
        assert_eq!(CheckRecord::verdict(&r.write(9), 8, 2), None);
        r.first = 11;
        assert_eq!(CheckRecord::verdict(&r.write(9), 9, 2), Some(false));
        let changed = r.write(9).replace("verdict conflicts", "verdict agrees");
        assert_eq!(CheckRecord::verdict(&changed, 9, 2), None);
    }

    #[test]
    fn a_draw_takes_about_its_share() {
        let taken = (0..10_000)
            .filter(|i| draw(&format!("0 export {i}")) < 0.05)
            .count();
        assert!((400..600).contains(&taken), "{taken}");
    }
}
