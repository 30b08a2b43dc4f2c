//! Shards: a count cut into K deterministic parts that separate jobs (a batch scheduler's job
//! array, GNU parallel, several machines) count on their own, and the check that puts the parts
//! back together.
//!
//! Part `I` of `K` holds the subproblems whose index `i` satisfies `i % K == I`. Interleaving
//! rather than cutting the list into contiguous ranges keeps the parts balanced: in a plan the
//! cost of neighbouring subproblems is alike (they share their first rows), and the large ones
//! sit together, so contiguous ranges would hand one part most of the work.
//!
//! A finished part is a [`ShardRecord`]: it names the board, the method and the plan's
//! fingerprint, so that [`merge`] refuses parts that do not belong together, and adds up only a
//! complete set in which every part appears exactly once.

use crate::plan::{self, Plan, Progress};
use crate::{Counts, Error, SymmetryClasses};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Part `index` of `count` of a plan: the subproblems `i` with `i % count == index`.
///
/// ```
/// use nqueens::shard::Shard;
///
/// let s: Shard = "1/3".parse().unwrap();
/// assert_eq!(s.indices(8), vec![1, 4, 7]);
/// assert_eq!(s.to_string(), "1/3");
/// assert!("3/3".parse::<Shard>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shard {
    /// Which part, from 0 to `count - 1`.
    pub index: usize,
    /// How many parts in all.
    pub count: usize,
}

impl Shard {
    /// The whole plan as its only part.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// Part `index` of `count`, checked: `count ≥ 1` and `index < count`.
    ///
    /// ```
    /// assert!(nqueens::shard::Shard::new(0, 1).is_ok());
    /// assert!(nqueens::shard::Shard::new(2, 2).is_err());
    /// ```
    pub fn new(index: usize, count: usize) -> Result<Shard, Error> {
        if count == 0 || index >= count {
            return Err(Error::Invalid(format!(
                "shard {index}/{count} does not exist: I/K needs K ≥ 1 and 0 ≤ I < K"
            )));
        }
        Ok(Shard { index, count })
    }

    /// True when subproblem `i` belongs to this part.
    pub fn contains(self, i: usize) -> bool {
        i % self.count == self.index
    }

    /// The subproblems of a plan of `len` that belong to this part, in increasing order.
    pub fn indices(self, len: usize) -> Vec<usize> {
        (self.index..len).step_by(self.count).collect()
    }

    /// True for the part that is the whole plan.
    pub fn is_whole(self) -> bool {
        self.count == 1
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = Error;
    fn from_str(s: &str) -> Result<Shard, Error> {
        let bad = || {
            Error::Invalid(format!(
                "'{s}' is not a shard: expected I/K with whole numbers K ≥ 1 and 0 ≤ I < K"
            ))
        };
        let (i, k) = s.trim().split_once('/').ok_or_else(bad)?;
        let i = i.trim().parse::<usize>().map_err(|_| bad())?;
        let k = k.trim().parse::<usize>().map_err(|_| bad())?;
        Shard::new(i, k)
    }
}

/// The finished count of one part, as `count --shard I/K --json` prints it and `merge` reads it.
///
/// ```
/// use nqueens::{Method, shard::{count_shard, merge, Shard}, plan::NoProgress};
///
/// let plan = Method::Bitmask.plan(8).unwrap();
/// let parts: Vec<_> = (0..3)
///     .map(|i| count_shard(plan.as_ref(), Shard::new(i, 3).unwrap(), 1, &NoProgress))
///     .collect();
/// assert_eq!(merge(&parts).unwrap().total, 92);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "Wire", try_from = "Wire")]
pub struct ShardRecord {
    /// The board size.
    pub n: usize,
    /// The method's name.
    pub method: String,
    /// The plan's fingerprint.
    pub fingerprint: u64,
    /// The number of subproblems in the whole plan.
    pub subproblems: usize,
    /// Which part this is.
    pub shard: Shard,
    /// The part's count.
    pub counts: Counts,
}

impl ShardRecord {
    /// The record of `shard` of `plan` with the count `counts`.
    pub fn new(plan: &dyn Plan, shard: Shard, counts: Counts) -> ShardRecord {
        ShardRecord {
            n: plan.n(),
            method: plan.method().to_string(),
            fingerprint: plan.fingerprint(),
            subproblems: plan.len(),
            shard,
            counts,
        }
    }
}

/// The JSON shape of a record: flat, the fingerprint in hex so that readers without 64-bit
/// integers keep it intact, the counts under the names `count --json` uses.
#[derive(Serialize, Deserialize)]
struct Wire {
    n: usize,
    method: String,
    shard: usize,
    shards: usize,
    fingerprint: String,
    subproblems: usize,
    solutions: u128,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    unique: Option<u128>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    classes: Option<WireClasses>,
}

#[derive(Serialize, Deserialize)]
struct WireClasses {
    rot90: u128,
    rot180: u128,
    asymmetric: u128,
}

impl From<ShardRecord> for Wire {
    fn from(r: ShardRecord) -> Wire {
        Wire {
            n: r.n,
            method: r.method,
            shard: r.shard.index,
            shards: r.shard.count,
            fingerprint: format!("{:016x}", r.fingerprint),
            subproblems: r.subproblems,
            solutions: r.counts.total,
            unique: r.counts.unique,
            classes: r.counts.classes.map(|c| WireClasses {
                rot90: c.rot90,
                rot180: c.rot180,
                asymmetric: c.asymmetric,
            }),
        }
    }
}

impl TryFrom<Wire> for ShardRecord {
    type Error = String;
    fn try_from(w: Wire) -> Result<ShardRecord, String> {
        let fingerprint = u64::from_str_radix(&w.fingerprint, 16)
            .map_err(|_| format!("fingerprint '{}' is not hexadecimal", w.fingerprint))?;
        let shard = Shard::new(w.shard, w.shards).map_err(|e| e.to_string())?;
        Ok(ShardRecord {
            n: w.n,
            method: w.method,
            fingerprint,
            subproblems: w.subproblems,
            shard,
            counts: Counts {
                total: w.solutions,
                unique: w.unique,
                classes: w.classes.map(|c| SymmetryClasses {
                    rot90: c.rot90,
                    rot180: c.rot180,
                    asymmetric: c.asymmetric,
                }),
            },
        })
    }
}

/// Counts part `shard` of `plan` on `threads` threads (0: every core).
pub fn count_shard(
    plan: &dyn Plan,
    shard: Shard,
    threads: usize,
    progress: &dyn Progress,
) -> ShardRecord {
    let indices = shard.indices(plan.len());
    let counts = plan::run(plan, &indices, threads, progress);
    ShardRecord::new(plan, shard, counts)
}

/// Adds up a complete set of parts: all for the same board, method and plan, split the same
/// way, each part exactly once. Anything else is refused with a message naming what is wrong.
pub fn merge(records: &[ShardRecord]) -> Result<Counts, Error> {
    let first = records
        .first()
        .ok_or_else(|| Error::Invalid("no shards to merge".to_string()))?;
    let k = first.shard.count;
    let mut seen = vec![false; k];
    let mut sum: Option<Counts> = None;
    for r in records {
        let what = if r.n != first.n {
            Some(format!("n = {} and n = {}", first.n, r.n))
        } else if r.method != first.method {
            Some(format!("methods {} and {}", first.method, r.method))
        } else if r.fingerprint != first.fingerprint || r.subproblems != first.subproblems {
            Some("different subproblem splits (fingerprints differ)".to_string())
        } else if r.shard.count != k {
            Some(format!(
                "shards of {k} parts and of {} parts",
                r.shard.count
            ))
        } else {
            None
        };
        if let Some(what) = what {
            return Err(Error::Invalid(format!(
                "shards do not belong together: {what}"
            )));
        }
        if std::mem::replace(&mut seen[r.shard.index], true) {
            return Err(Error::Invalid(format!(
                "shard {} is given more than once",
                r.shard
            )));
        }
        sum = Some(match sum {
            None => r.counts,
            Some(s) => s + r.counts,
        });
    }
    let missing: Vec<String> = (0..k)
        .filter(|&i| !seen[i])
        .take(10)
        .map(|i| format!("{i}/{k}"))
        .collect();
    if !missing.is_empty() {
        let total_missing = seen.iter().filter(|s| !**s).count();
        let more = if total_missing > missing.len() {
            format!(" and {} more", total_missing - missing.len())
        } else {
            String::new()
        };
        return Err(Error::Invalid(format!(
            "shards missing: {}{more} ({} of {k} given)",
            missing.join(", "),
            k - total_missing
        )));
    }
    Ok(sum.unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Method;
    use crate::known;
    use crate::plan::NoProgress;

    #[test]
    fn parts_cover_every_subproblem_once() {
        for k in [1, 2, 7, 64] {
            let mut hits = vec![0; 100];
            for i in 0..k {
                for j in Shard::new(i, k).unwrap().indices(100) {
                    hits[j] += 1;
                }
            }
            assert!(hits.iter().all(|&h| h == 1), "k = {k}");
        }
    }

    #[test]
    fn merged_parts_give_the_whole_count() {
        for n in 10..=14 {
            let plan = Method::Bitmask.plan(n).unwrap();
            // Each subproblem once; the parts are then sums of these.
            let each: Vec<Counts> = (0..plan.len()).map(|i| plan.count_one(i)).collect();
            for k in [1, 2, 7, 64] {
                let parts: Vec<ShardRecord> = (0..k)
                    .map(|i| {
                        let s = Shard::new(i, k).unwrap();
                        let c = s.indices(plan.len()).iter().map(|&j| each[j]).sum();
                        ShardRecord::new(plan.as_ref(), s, c)
                    })
                    .collect();
                assert_eq!(
                    merge(&parts).unwrap().total,
                    known::total(n).unwrap(),
                    "n = {n}, k = {k}"
                );
            }
        }
    }

    #[test]
    fn count_shard_matches_the_sum_of_its_subproblems() {
        let plan = Method::Bitmask.plan(11).unwrap();
        let parts: Vec<ShardRecord> = (0..7)
            .map(|i| count_shard(plan.as_ref(), Shard::new(i, 7).unwrap(), 2, &NoProgress))
            .collect();
        assert_eq!(merge(&parts).unwrap().total, 2680);
    }

    fn parts(n: usize, k: usize) -> Vec<ShardRecord> {
        let plan = Method::Bitmask.plan(n).unwrap();
        (0..k)
            .map(|i| count_shard(plan.as_ref(), Shard::new(i, k).unwrap(), 1, &NoProgress))
            .collect()
    }

    #[test]
    fn missing_repeated_and_foreign_parts_are_refused() {
        let mut p = parts(9, 4);
        assert_eq!(merge(&p).unwrap().total, 352);
        let last = p.pop().unwrap();
        let e = merge(&p).unwrap_err().to_string();
        assert!(e.contains("missing: 3/4"), "{e}");
        p.push(p[0].clone());
        let e = merge(&p).unwrap_err().to_string();
        assert!(e.contains("shard 0/4 is given more than once"), "{e}");
        p.pop();
        p.push(last);
        let mut other = parts(10, 4);
        other[3] = p[3].clone();
        let e = merge(&other).unwrap_err().to_string();
        assert!(e.contains("n = 10 and n = 9"), "{e}");
        let mut foreign = p.clone();
        foreign[2].method = "symmetry".to_string();
        assert!(merge(&foreign).is_err());
        let mut split = p.clone();
        split[1].fingerprint ^= 1;
        assert!(merge(&split).is_err());
        assert!(merge(&[]).is_err());
    }

    #[test]
    fn shard_strings() {
        assert_eq!("0/1".parse::<Shard>().unwrap(), Shard::WHOLE);
        for bad in ["", "1", "1/0", "2/2", "-1/3", "a/b", "1/2/3"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
    }
}
