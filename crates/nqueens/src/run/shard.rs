//! Shards: a count cut into K deterministic parts that separate jobs (a batch scheduler's job
//! array, GNU parallel, several machines) count on their own, and the check that puts the parts
//! back together.
//!
//! Part `I` of `K` holds the subproblems whose index `i` satisfies `i % K == I`. Interleaving
//! rather than cutting the list into contiguous ranges keeps the parts balanced: in a plan the
//! cost of neighbouring subproblems is alike (they share their first rows), and the large ones
//! sit together, so contiguous ranges would hand one part most of the work.
//!
//! A finished part is a [`ShardRecord`]: it carries the plan's identity, so that [`merge`]
//! refuses parts that do not belong together, and adds up only a complete set in which every
//! part appears exactly once.

use crate::counts::{Counts, SymmetryClasses};
use crate::error::{Error, Origin, ShardsProblem};
use crate::method::Method;
use crate::run::plan::{PlanId, parse_fingerprint};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The most parts a count may be cut into: far more than any job array, and few enough that
/// checking a set of records for gaps costs nothing.
pub const MAX_SHARDS: usize = 1_000_000;

/// Part `index` of `count` of a plan: the subproblems `i` with `i % count == index`.
///
/// ```
/// use nqueens::run::shard::Shard;
///
/// let s: Shard = "1/3".parse().unwrap();
/// assert_eq!(s.indices(8).collect::<Vec<_>>(), vec![1, 4, 7]);
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

    /// Part `index` of `count`, checked: `1 ≤ count ≤` [`MAX_SHARDS`] and `index < count`.
    ///
    /// ```
    /// use nqueens::run::shard::Shard;
    ///
    /// assert!(Shard::new(0, 1).is_ok());
    /// assert_eq!(
    ///     Shard::new(2, 2).unwrap_err().to_string(),
    ///     "'2/2' is not a valid shard: expected I/K with whole numbers 1 ≤ K ≤ 1000000 and 0 ≤ I < K"
    /// );
    /// ```
    pub fn new(index: usize, count: usize) -> Result<Shard, Error> {
        if count == 0 || count > MAX_SHARDS || index >= count {
            return Err(invalid(format!("{index}/{count}")));
        }
        Ok(Shard { index, count })
    }

    /// True when subproblem `i` belongs to this part.
    pub fn contains(self, i: usize) -> bool {
        i % self.count == self.index
    }

    /// The subproblems of a plan of `len` that belong to this part, in increasing order.
    pub fn indices(self, len: usize) -> impl Iterator<Item = usize> + Clone {
        (self.index..len).step_by(self.count)
    }

    /// How many subproblems of a plan of `len` belong to this part.
    pub fn len(self, len: usize) -> usize {
        len.saturating_sub(self.index).div_ceil(self.count)
    }

    /// True for the part that is the whole plan.
    pub fn is_whole(self) -> bool {
        self.count == 1
    }
}

fn invalid(text: String) -> Error {
    Error::Invalid {
        what: "shard",
        text,
        expected: format!("I/K with whole numbers 1 ≤ K ≤ {MAX_SHARDS} and 0 ≤ I < K"),
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
        let whole = |t: &str| -> Option<usize> {
            let t = t.trim();
            (!t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()))
                .then(|| t.parse().ok())
                .flatten()
        };
        let (i, k) = s.split_once('/').ok_or_else(|| invalid(s.to_string()))?;
        match (whole(i), whole(k)) {
            (Some(i), Some(k)) => Shard::new(i, k).map_err(|_| invalid(s.to_string())),
            _ => Err(invalid(s.to_string())),
        }
    }
}

/// The finished count of one part, as `count --shard I/K --json` prints it and `merge` reads it.
///
/// ```
/// use nqueens::{Count, run::shard::{merge, Shard}};
///
/// let parts: Vec<_> = (0..3)
///     .map(|i| Count::new(8).shard(Shard::new(i, 3).unwrap()).run().unwrap().record().unwrap())
///     .collect();
/// assert_eq!(merge(&parts).unwrap().total, 92);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "Wire", try_from = "Wire")]
pub struct ShardRecord {
    /// The plan the part belongs to.
    pub id: PlanId,
    /// Which part this is.
    pub shard: Shard,
    /// The part's count.
    pub counts: Counts,
}

/// The JSON shape of a record: flat, in the vocabulary every command prints (the plan's fields
/// as [`PlanId`] writes them, the counts' as [`Counts`] does). Spelled out rather than
/// flattened: serde buffers flattened fields in a form that cannot hold 128-bit numbers.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Wire {
    n: usize,
    method: Method,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    board: Option<String>,
    shard: usize,
    shards: usize,
    subproblems: usize,
    fingerprint: String,
    solutions: u128,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    unique: Option<u128>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    classes: Option<SymmetryClasses>,
}

impl From<ShardRecord> for Wire {
    fn from(r: ShardRecord) -> Wire {
        Wire {
            n: r.id.n,
            method: r.id.method,
            board: r.id.board.map(|b| format!("{b:016x}")),
            shard: r.shard.index,
            shards: r.shard.count,
            subproblems: r.id.subproblems,
            fingerprint: format!("{:016x}", r.id.fingerprint),
            solutions: r.counts.total,
            unique: r.counts.unique,
            classes: r.counts.classes,
        }
    }
}

impl TryFrom<Wire> for ShardRecord {
    type Error = String;
    fn try_from(w: Wire) -> Result<ShardRecord, String> {
        let shard = Shard::new(w.shard, w.shards).map_err(|e| e.to_string())?;
        let hex = |text: &str| {
            parse_fingerprint(text).ok_or_else(|| format!("'{text}' is not 16 hexadecimal digits"))
        };
        Ok(ShardRecord {
            id: PlanId {
                n: w.n,
                method: w.method,
                board: w.board.as_deref().map(hex).transpose()?,
                subproblems: w.subproblems,
                fingerprint: hex(&w.fingerprint)?,
            },
            shard,
            counts: Counts {
                total: w.solutions,
                unique: w.unique,
                classes: w.classes,
            },
        })
    }
}

/// Adds up a complete set of parts: all of the same plan, split the same way, each part exactly
/// once, with sums that fit in 128 bits. Anything else is refused with a message naming what is
/// wrong.
pub fn merge(records: &[ShardRecord]) -> Result<Counts, Error> {
    let first = records.first().ok_or(Error::Shards(ShardsProblem::None))?;
    let k = first.shard.count;
    let mut seen = vec![false; k];
    let mut sum: Option<Counts> = None;
    for r in records {
        let foreign = r.id.check(&first.id).err().or_else(|| {
            (r.shard.count != k).then_some(crate::error::Mismatch::Shard {
                found: (r.shard.index, r.shard.count),
                expected: (first.shard.index, k),
            })
        });
        if let Some(m) = foreign {
            return Err(Error::Shards(ShardsProblem::Foreign(m)));
        }
        if std::mem::replace(&mut seen[r.shard.index], true) {
            return Err(Error::Shards(ShardsProblem::Repeated((r.shard.index, k))));
        }
        sum = Some(match sum {
            None => r.counts,
            Some(s) => s.checked_add(r.counts).ok_or(Error::Overflow {
                from: Origin::Shards,
            })?,
        });
    }
    let missing: Vec<usize> = (0..k).filter(|&i| !seen[i]).collect();
    if !missing.is_empty() {
        return Err(Error::Shards(ShardsProblem::Missing {
            first: missing.iter().copied().take(10).collect(),
            missing: missing.len(),
            of: k,
        }));
    }
    Ok(sum.unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::known;
    use crate::reference::bitmask::BitmaskPlan;
    use crate::run::plan::Plan;

    #[test]
    fn parts_cover_every_subproblem_once() {
        for k in [1, 2, 7, 64] {
            let mut hits = vec![0; 100];
            for i in 0..k {
                let s = Shard::new(i, k).unwrap();
                assert_eq!(s.len(100), s.indices(100).count());
                for j in s.indices(100) {
                    hits[j] += 1;
                }
            }
            assert!(hits.iter().all(|&h| h == 1), "k = {k}");
        }
    }

    fn parts(n: usize, k: usize) -> Vec<ShardRecord> {
        let plan = BitmaskPlan::new(n).unwrap();
        (0..k)
            .map(|i| {
                let s = Shard::new(i, k).unwrap();
                let counts = s.indices(plan.len()).map(|j| plan.count_one(j)).sum();
                ShardRecord {
                    id: plan.id(),
                    shard: s,
                    counts,
                }
            })
            .collect()
    }

    #[test]
    fn merged_parts_give_the_whole_count() {
        for n in 10..=14 {
            for k in [1, 2, 7, 64] {
                assert_eq!(
                    merge(&parts(n, k)).unwrap().total,
                    known::total(n).unwrap(),
                    "n = {n}, k = {k}"
                );
            }
        }
    }

    #[test]
    fn missing_repeated_foreign_and_overflowing_parts_are_refused() {
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
        foreign[2].id.method = crate::method::Method::Symmetry;
        assert!(merge(&foreign).is_err());
        let mut split = p.clone();
        split[1].id.fingerprint ^= 1;
        assert!(merge(&split).is_err());
        let mut huge = p.clone();
        huge[1].counts.total = u128::MAX;
        assert!(matches!(merge(&huge), Err(Error::Overflow { .. })));
        assert!(merge(&[]).is_err());
    }

    #[test]
    fn records_read_back_from_json() {
        let p = parts(8, 2);
        let json = serde_json::to_string(&p[1]).unwrap();
        assert!(
            json.starts_with(r#"{"n":8,"method":"bitmask","shard":1,"shards":2,"#),
            "{json}"
        );
        assert_eq!(serde_json::from_str::<ShardRecord>(&json).unwrap(), p[1]);
        // A record for a shard that cannot exist is refused, however large its K.
        let bad = json.replace(r#""shards":2"#, r#""shards":18446744073709551615"#);
        assert!(serde_json::from_str::<ShardRecord>(&bad).is_err());
    }

    #[test]
    fn shard_strings() {
        assert_eq!("0/1".parse::<Shard>().unwrap(), Shard::WHOLE);
        for bad in [
            "",
            "1",
            "1/0",
            "2/2",
            "-1/3",
            "a/b",
            "1/2/3",
            "+1/2",
            "0/1000001",
        ] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
    }
}
