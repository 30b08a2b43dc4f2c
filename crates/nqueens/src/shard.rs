//! A count in parts: a [`Shard`] counts one part of a plan's subproblems and writes a
//! [`ShardRecord`] of it, and [`merge`] adds the records of every part up, refusing any that do
//! not belong together; a cluster hands the subproblems out in [`Chunk`]s from a
//! [`Dispenser`].
//!
//! ```
//! use nqueens::shard::Shard;
//!
//! let shard = Shard::new(1, 3).unwrap();
//! assert!(shard.contains(1) && shard.contains(4) && !shard.contains(0));
//! ```
//!
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
//! part appears exactly once. It carries a checksum too, against damage; against a record
//! forged with care, [`merge`] holds a whole count of the empty board to the published totals
//! where they are known.
//!
//! Inside, the cluster's schedule of chunks stands in a file of its own (`schedule`).

mod schedule;

pub use schedule::{Chunk, Dispenser};

use crate::counts::Counts;
use crate::error::{Error, InputKind, Origin, ShardPart, ShardText, ShardsProblem};
use crate::numbers::whole_number;
use crate::plan::PlanId;
use std::fmt;
use std::str::FromStr;
// What reading and writing a record as JSON needs.
#[cfg(feature = "serde")]
use crate::error::{Quantity, check_n};
#[cfg(feature = "serde")]
use crate::method::Method;
#[cfg(feature = "serde")]
use crate::plan::fingerprint::parse_fingerprint;
#[cfg(feature = "serde")]
use crate::symmetry::SymmetryClasses;
#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

/// The most parts a count may be cut into: far more than any job array, and few enough that
/// checking a set of records for gaps costs nothing.
pub const MAX_SHARDS: usize = 1_000_000;

/// Part `index` of `count` of a plan: the subproblems `i` with `i % count == index`.
///
/// ```
/// use nqueens::shard::Shard;
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
    /// use nqueens::shard::Shard;
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
        what: InputKind::Shard,
        text,
        expected: format!("I/K with whole numbers 1 ≤ K ≤ {MAX_SHARDS} and 0 ≤ I < K"),
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// `I/K`: `K` from 1 to [`MAX_SHARDS`], then `I` from 0 to `K - 1`, each a whole number of the
/// one grammar of typed numbers ([`whole_number`]: digits, perhaps grouped by underscores, spaces
/// around). The refusal names the part that is wrong and its range, or says that the text is
/// not `I/K`.
///
/// ```
/// use nqueens::shard::Shard;
///
/// assert_eq!("1_0/2_0".parse::<Shard>().unwrap(), Shard::new(10, 20).unwrap());
/// assert_eq!(
///     "5/0".parse::<Shard>().unwrap_err().to_string(),
///     "out of range: K must be a whole number from 1 to 1,000,000"
/// );
/// ```
impl FromStr for Shard {
    type Err = Error;
    fn from_str(s: &str) -> Result<Shard, Error> {
        let (i, k) = s.split_once('/').ok_or(Error::ShardText(ShardText::NotIK {
            max_count: MAX_SHARDS,
        }))?;
        let part = |part: ShardPart, text: &str, min: usize, max: usize| {
            whole_number(text, part.letter(), min as u128, max as u128)
                // Within `min..=max`, the number fits a `usize`.
                .map(|v| v as usize)
                .map_err(|e| {
                    Error::ShardText(ShardText::Part {
                        part,
                        fault: e.fault,
                        min,
                        max,
                    })
                })
        };
        let count = part(ShardPart::Count, k, 1, MAX_SHARDS)?;
        let index = part(ShardPart::Index, i, 0, count - 1)?;
        Ok(Shard { index, count })
    }
}

/// The finished count of one part, as `count --shard I/K --json` prints it and `merge` reads it.
///
/// ```
/// use nqueens::Count;
/// use nqueens::shard::{Shard, merge};
///
/// let parts: Vec<_> = (0..3)
///     .map(|i| Count::new(8).shard(Shard::new(i, 3).unwrap()).run().unwrap().record().unwrap())
///     .collect();
/// assert_eq!(merge(&parts).unwrap().total, 92);
/// ```
///
/// With the `serde` feature it is Serialize and Deserialize, as one flat JSON object: the plan's
/// fields as [`PlanId`] writes them, the counts' as [`Counts`] does, and its
/// [`checksum`](ShardRecord::checksum), which reading checks, with the record's other fields.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "serde", serde(into = "Wire", try_from = "Wire"))]
pub struct ShardRecord {
    /// The plan the part belongs to.
    pub id: PlanId,
    /// Which part this is.
    pub shard: Shard,
    /// The part's count.
    pub counts: Counts,
    /// Whether the count was asked for its unique solutions: then the merged answer is the
    /// unique count (see [`merge`]), as the whole count's would have been.
    pub unique: bool,
}

/// The JSON shape of a record: flat, in the vocabulary every command prints (the plan's fields
/// as [`PlanId`] writes them, the counts' as [`Counts`] does). Spelled out rather than
/// flattened: serde buffers flattened fields in a form that cannot hold 128-bit numbers.
#[cfg(feature = "serde")]
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
    /// `"unique"` for a count asked for its unique solutions; absent (a total) otherwise, so
    /// that the records of totals read as they always did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    answer: Option<String>,
    /// [`ShardRecord::checksum`]; absent only from records of earlier versions, which are
    /// refused.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    checksum: Option<String>,
}

impl ShardRecord {
    /// The record's checksum: 64-bit FNV-1a over one canonical line of everything else it
    /// holds, as 16 lowercase hex digits. Like a checkpoint's, it guards against damage (a
    /// changed digit, a line from a careless edit), not against a record forged with care,
    /// whose checksum is made to match; that is what [`merge`]'s look at the known totals is
    /// for.
    ///
    /// ```
    /// use nqueens::Count;
    /// use nqueens::shard::Shard;
    ///
    /// let r = Count::new(8).shard(Shard::new(0, 2).unwrap()).run().unwrap().record().unwrap();
    /// assert_eq!(r.checksum().len(), 16);
    /// # #[cfg(feature = "serde")]
    /// assert!(serde_json::to_string(&r).unwrap().ends_with(&format!(",\"checksum\":\"{}\"}}", r.checksum())));
    /// ```
    pub fn checksum(&self) -> String {
        let line = format!(
            "nqueens shard record 1 n {} method {} board {} shard {} subproblems {} \
             fingerprint {:016x} counts {}",
            self.id.n,
            self.id.method,
            self.id
                .board
                .map_or("-".to_string(), |b| format!("{b:016x}")),
            self.shard,
            self.id.subproblems,
            self.id.fingerprint,
            self.counts.to_line()
        );
        // The answer asked for is covered too, written only for a unique count so that the
        // records of totals keep the checksums they always had.
        let line = match self.unique {
            true => line + " answer unique",
            false => line,
        };
        format!("{:016x}", crate::plan::fingerprint::fnv1a(line.as_bytes()))
    }
}

#[cfg(feature = "serde")]
impl From<ShardRecord> for Wire {
    fn from(r: ShardRecord) -> Wire {
        let checksum = Some(r.checksum());
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
            answer: r.unique.then(|| "unique".to_string()),
            checksum,
        }
    }
}

#[cfg(feature = "serde")]
impl TryFrom<Wire> for ShardRecord {
    type Error = String;
    fn try_from(w: Wire) -> Result<ShardRecord, String> {
        let shard = Shard::new(w.shard, w.shards).map_err(|e| e.to_string())?;
        // A record is only ever made by a count that could run: its board, its method and its
        // counts hold what such a count's do.
        check_n(w.n).map_err(|e| e.to_string())?;
        if w.n > w.method.max_n() {
            return Err(
                Error::out_of_range(Quantity::NFor(w.method), w.n, 1, w.method.max_n()).to_string(),
            );
        }
        if w.board.is_some() && !w.method.counts_puzzles() {
            return Err(format!("method {} does not count boards", w.method));
        }
        let counts = Counts {
            total: w.solutions,
            unique: w.unique,
            classes: w.classes,
        };
        counts.check(w.n, w.method.counts_unique_in_parts())?;
        let unique = match w.answer.as_deref() {
            None => false,
            Some("unique") if counts.unique.is_some() => true,
            Some("unique") => {
                return Err("it was asked for the unique count but holds none".to_string());
            }
            Some(other) => return Err(format!("its answer '{other}' is not \"unique\"")),
        };
        let hex = |text: &str| {
            parse_fingerprint(text).ok_or_else(|| format!("'{text}' is not 16 hexadecimal digits"))
        };
        let record = ShardRecord {
            id: PlanId {
                n: w.n,
                method: w.method,
                board: w.board.as_deref().map(hex).transpose()?,
                subproblems: w.subproblems,
                fingerprint: hex(&w.fingerprint)?,
            },
            shard,
            counts,
            unique,
        };
        // Last, so that a record no count could make is refused for what is wrong with it.
        match w.checksum {
            None => Err(
                "it has no checksum: records of versions before checksums cannot be \
                         told from forged ones; count the shard again"
                    .to_string(),
            ),
            Some(stated) if stated != record.checksum() => {
                Err("its checksum does not match its content".to_string())
            }
            Some(_) => Ok(record),
        }
    }
}

/// Adds up a complete set of parts: all of the same plan, split the same way, asked for the same
/// answer (the total, or the unique count: see [`ShardRecord::unique`]), each part exactly once,
/// with sums that fit in 128 bits, and for the empty board of n ≤ 27 a sum that is the published
/// count ([`crate::known::check`]). Anything else is refused with a message naming what is wrong.
///
/// The answer of parts asked for the unique count is the merged [`Counts::unique`], as
/// [`merged_number`] gives it.
///
/// ```
/// use nqueens::Count;
/// use nqueens::shard::{Shard, merge, merged_number};
///
/// let part = |i, unique| {
///     Count::new(10).unique(unique).shard(Shard::new(i, 2).unwrap()).run().unwrap().record().unwrap()
/// };
/// let parts = [part(0, true), part(1, true)];
/// assert_eq!(merge(&parts).unwrap().total, 724);
/// assert_eq!(merged_number(&parts).unwrap(), 92);
/// // A part asked for the total does not go with parts asked for the unique count.
/// assert!(merge(&[part(0, true), part(1, false)]).is_err());
/// ```
pub fn merge(records: &[ShardRecord]) -> Result<Counts, Error> {
    let first = records.first().ok_or(Error::Shards(ShardsProblem::None))?;
    // A record built by hand (the fields are public) may hold a part `Shard::new` refuses.
    for r in records {
        Shard::new(r.shard.index, r.shard.count)?;
    }
    let k = first.shard.count;
    let mut seen = vec![false; k];
    let mut sum: Option<Counts> = None;
    for r in records {
        let foreign =
            r.id.check(&first.id)
                .err()
                .or_else(|| {
                    (r.shard.count != k).then_some(crate::error::Mismatch::Shard {
                        found: (r.shard.index, r.shard.count),
                        expected: (first.shard.index, k),
                    })
                })
                .or_else(|| {
                    (r.unique != first.unique).then_some(crate::error::Mismatch::Answer {
                        found_unique: r.unique,
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
    let sum = sum.unwrap_or_default();
    // Records forged with care (each consistent, its checksum made to match) add up to a wrong
    // whole; where the whole is known, that is refused, never printed.
    if first.id.board.is_none() {
        crate::known::check(first.id.n, sum.total, sum.unique)
            .map_err(|why| Error::Shards(ShardsProblem::WrongTotal(why)))?;
    }
    Ok(sum)
}

/// The answer of a complete set of parts, as the whole count would have given it: the unique
/// count of parts asked for it, the total otherwise (see [`merge`], which checks the set).
///
/// ```
/// use nqueens::Count;
/// use nqueens::shard::{Shard, merged_number};
///
/// let parts: Vec<_> = (0..3)
///     .map(|i| Count::new(8).shard(Shard::new(i, 3).unwrap()).run().unwrap().record().unwrap())
///     .collect();
/// assert_eq!(merged_number(&parts).unwrap(), 92);
/// ```
pub fn merged_number(records: &[ShardRecord]) -> Result<u128, Error> {
    let counts = merge(records)?;
    // `merge` accepts a set only of one answer, and parts asked for the unique count only of a
    // method that counts it in every part (a record's unique count is checked on reading, and
    // a count refuses the request otherwise).
    match records[0].unique {
        true => counts.unique.ok_or(Error::Shards(ShardsProblem::NoUnique)),
        false => Ok(counts.total),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::known;
    use crate::plan::Plan;
    use crate::reference::bitmask::BitmaskPlan;

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
                    unique: false,
                }
            })
            .collect()
    }

    #[test]
    #[cfg(feature = "serde")]
    fn a_record_is_read_only_with_its_checksum_and_a_forged_set_only_with_the_known_sum() {
        let good = parts(9, 2);
        let json = serde_json::to_string(&good[1]).unwrap();
        assert_eq!(serde_json::from_str::<ShardRecord>(&json).unwrap(), good[1]);
        let without = json.split(",\"checksum\"").next().unwrap().to_string() + "}";
        let e = serde_json::from_str::<ShardRecord>(&without).unwrap_err();
        assert!(e.to_string().contains("it has no checksum"), "{e}");
        let total = good[1].counts.total;
        let edited = json.replace(
            &format!("\"solutions\":{total}"),
            &format!("\"solutions\":{}", total + 2),
        );
        let e = serde_json::from_str::<ShardRecord>(&edited).unwrap_err();
        assert!(e.to_string().contains("checksum does not match"), "{e}");
        // Forged with care: the checksum matches, the sum does not.
        let mut forged = good.clone();
        forged[1].counts.total += 2;
        let again = serde_json::to_string(&forged[1]).unwrap();
        assert_eq!(
            serde_json::from_str::<ShardRecord>(&again).unwrap(),
            forged[1]
        );
        assert_eq!(
            merge(&forged).unwrap_err().to_string(),
            "the shards' counts are wrong: they add up to 354 solutions for n = 9, not the 352 \
             there are (OEIS A000170)"
        );
        assert_eq!(merge(&good).unwrap().total, 352);
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
    #[cfg(feature = "serde")]
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
    #[cfg(feature = "serde")]
    fn records_no_count_could_make_are_refused() {
        let p = parts(8, 2);
        let json = serde_json::to_string(&p[1]).unwrap();
        for (change, why) in [
            (r#""n":0"#, "n = 0 is out of range"),
            (r#""n":65"#, "n = 65 is out of range"),
        ] {
            let bad = json.replace(r#""n":8"#, change);
            let e = serde_json::from_str::<ShardRecord>(&bad).unwrap_err();
            assert!(e.to_string().contains(why), "{e}");
        }
        let bad = json.replace(r#""method":"bitmask""#, r#""method":"symmetry""#);
        let e = serde_json::from_str::<ShardRecord>(&bad).unwrap_err();
        assert!(e.to_string().contains("without its classes"), "{e}");
    }

    #[test]
    fn shard_strings_in_the_grammar_of_typed_numbers() {
        for (text, index, count) in [
            ("0/1", 0, 1),
            ("1/3", 1, 3),
            (" 2 / 3 ", 2, 3),
            ("07/010", 7, 10),
            ("1_0/2_0", 10, 20),
            ("999999/1_000_000", 999_999, 1_000_000),
        ] {
            assert_eq!(
                text.parse::<Shard>().unwrap(),
                Shard { index, count },
                "{text:?}"
            );
        }
        assert_eq!("0/1".parse::<Shard>().unwrap(), Shard::WHOLE);
    }

    #[test]
    fn each_refusal_names_its_part_and_range() {
        use crate::error::ShardPart;
        use crate::numbers::NumberFault;
        let not_ik =
            "not I/K: expected two whole numbers with 0 ≤ I < K ≤ 1000000, such as 0/4".to_string();
        let count_range = "K must be a whole number from 1 to 1,000,000";
        for (text, message) in [
            ("", not_ik.clone()),
            ("1", not_ik.clone()),
            ("1 of 3", not_ik.clone()),
            ("1/0", format!("out of range: {count_range}")),
            ("0/1000001", format!("out of range: {count_range}")),
            (
                "5/18446744073709551615",
                format!("out of range: {count_range}"),
            ),
            ("1/-3", format!("negative: {count_range}")),
            ("1/2/3", format!("not a whole number: {count_range}")),
            ("1/", format!("not a whole number: {count_range}")),
            ("a/b", format!("not a whole number: {count_range}")),
            ("1/0x10", format!("not a whole number: {count_range}")),
            ("1/3_", format!("not a whole number: {count_range}")),
            (
                "2/2",
                "out of range: I must be a whole number from 0 to 1".to_string(),
            ),
            (
                "7/7",
                "out of range: I must be a whole number from 0 to 6".to_string(),
            ),
            (
                "-1/3",
                "negative: I must be a whole number from 0 to 2".to_string(),
            ),
            (
                "+1/2",
                "not a whole number: I must be a whole number from 0 to 1".to_string(),
            ),
            (
                "1__0/20",
                "not a whole number: I must be a whole number from 0 to 19".to_string(),
            ),
            (
                "/4",
                "not a whole number: I must be a whole number from 0 to 3".to_string(),
            ),
            ("0/1_000_000x", format!("not a whole number: {count_range}")),
            (
                "20000/20000",
                "out of range: I must be a whole number from 0 to 19,999".to_string(),
            ),
        ] {
            let e = text.parse::<Shard>().unwrap_err();
            assert_eq!(e.to_string(), message, "{text:?}");
        }
        assert!(matches!(
            "x".parse::<Shard>(),
            Err(Error::ShardText(ShardText::NotIK {
                max_count: MAX_SHARDS
            }))
        ));
        assert!(matches!(
            "3/-2".parse::<Shard>(),
            Err(Error::ShardText(ShardText::Part {
                part: ShardPart::Count,
                fault: NumberFault::Negative,
                min: 1,
                max: MAX_SHARDS,
            }))
        ));
        assert!(matches!(
            "4/4".parse::<Shard>(),
            Err(Error::ShardText(ShardText::Part {
                part: ShardPart::Index,
                fault: NumberFault::OutOfRange,
                min: 0,
                max: 3,
            }))
        ));
    }
}
