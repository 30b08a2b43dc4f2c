//! A checkpoint's file: its text, and the reading and writing of one (see the parent module
//! for what a checkpoint guards against).
//!
//! The format, one item a line:
//!
//! ```text
//! nqueens checkpoint 3
//! n 12
//! method bitmask
//! board -
//! subproblems 756
//! fingerprint 0a8c56c6ae0626e9
//! shard 0/1
//! answer total
//! done 2
//! 0 52 - -
//! 7 130 - -
//! checksum 8d2c6a1f03b4e975
//! ```
//!
//! `board` is `-`, or the rows of the partly filled board joined by `/` (`.Q../..../x.../....`).
//! `answer` is what the count was asked for, `total` or `unique`: the question a resumed count
//! answers, which the file keeps so that continuing a stopped count of unique solutions prints
//! the unique count, not the total of the same solutions. Each finished subproblem is its index
//! and its count ([`Counts::to_line`]). Files of earlier versions are read too: of the first
//! (without the `board` line) and of the second (without the `answer` line), whose counts were
//! asked for their total as far as the file can tell.

use super::atomic::{Opened, create_atomically, open_regular, write_atomically};
use crate::board::placement::MAX_N;
use crate::counts::Counts;
use crate::error::{CheckpointProblem, Error, Mismatch, Origin};
use crate::method::Method;
use crate::plan::fingerprint::parse_fingerprint;
use crate::plan::{Plan, PlanId};
use crate::puzzle::Puzzle;
use crate::shard::Shard;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs;
use std::io::Read as _;
use std::path::Path;

const MAGIC: &str = "nqueens checkpoint ";
const VERSION: u32 = 3;

/// The most bytes before the first subproblem line: the header's fields, the longest being a
/// board of 64 rows of 64 squares.
const HEADER_BYTES: u64 = 16 << 10;

/// The most bytes a subproblem line can take: its index (up to 20 digits) and a space, then per
/// count (the total; with unique counts also the unique count and three classes) a number of
/// at most 39 digits (128 bits) and a separator.
fn line_bytes(counts: u64) -> u64 {
    21 + 40 * counts
}

/// The word of the `answer` line.
fn answer_word(unique: bool) -> &'static str {
    if unique { "unique" } else { "total" }
}

/// The most subproblems a checkpoint's header is believed to announce when its size is bounded:
/// more than any plan has (the largest, `halves` at n = 23, has about 8 million).
const MAX_SUBPROBLEMS: u64 = 1 << 24;

/// The finished part of a count: which subproblems are done and what each counted.
///
/// ```
/// use nqueens::{internals::Checkpoint};
/// use nqueens::shard::Shard;
/// use nqueens::Method;
/// use nqueens::plan_for;
///
/// let plan = plan_for(8, Method::Bitmask).unwrap();
/// let mut cp = Checkpoint::new(plan.id(), Shard::WHOLE, None);
/// cp.record(3, plan.count_one(3));
/// let back = Checkpoint::parse(&cp.to_text(), "cp".as_ref()).unwrap();
/// assert_eq!(back, cp);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checkpoint {
    /// The plan the subproblems belong to.
    pub id: PlanId,
    /// The part of the plan this count covers.
    pub shard: Shard,
    /// The partly filled board, for a count of one.
    pub puzzle: Option<Puzzle>,
    /// Whether the count was asked for its unique solutions: the answer a resumed count gives.
    pub unique: bool,
    /// Finished subproblems and their counts.
    pub done: BTreeMap<usize, Counts>,
}

impl Checkpoint {
    /// An empty checkpoint for `shard` of the plan `id`: nothing done yet, of a count asked for
    /// its total (see [`Checkpoint::asking`]).
    pub fn new(id: PlanId, shard: Shard, puzzle: Option<Puzzle>) -> Checkpoint {
        Checkpoint {
            id,
            shard,
            puzzle,
            unique: false,
            done: BTreeMap::new(),
        }
    }

    /// The same checkpoint, of a count asked for its unique solutions (`unique`) or its total.
    ///
    /// ```
    /// use nqueens::internals::Checkpoint;
    /// use nqueens::{Method, plan_for};
    /// use nqueens::shard::Shard;
    ///
    /// let plan = plan_for(8, Method::Symmetry).unwrap();
    /// let cp = Checkpoint::new(plan.id(), Shard::WHOLE, None).asking(true);
    /// assert!(cp.to_text().contains("\nanswer unique\n"));
    /// assert!(Checkpoint::parse(&cp.to_text(), "cp".as_ref()).unwrap().unique);
    /// ```
    pub fn asking(mut self, unique: bool) -> Checkpoint {
        self.unique = unique;
        self
    }

    /// Notes that subproblem `index` is finished with `counts`.
    pub fn record(&mut self, index: usize, counts: Counts) {
        self.done.insert(index, counts);
    }

    /// The subproblems of the shard still to count, in increasing order.
    pub fn remaining(&self) -> Vec<usize> {
        self.remaining_indices().collect()
    }

    /// [`Checkpoint::remaining`], one at a time: for a list whose memory is asked for in a way
    /// that may be refused.
    pub(crate) fn remaining_indices(&self) -> impl Iterator<Item = usize> + '_ {
        self.shard
            .indices(self.id.subproblems)
            .filter(|i| !self.done.contains_key(i))
    }

    /// The number of subproblems in the shard.
    pub fn shard_len(&self) -> usize {
        self.shard.len(self.id.subproblems)
    }

    /// True when every subproblem of the shard is done.
    pub fn is_complete(&self) -> bool {
        self.done.len() == self.shard_len()
    }

    /// The sum of the finished subproblems, starting from `zero` (the plan's empty count);
    /// counts whose sum overflows are refused as damaged.
    pub fn sum(&self, zero: Counts, path: &Path) -> Result<Counts, Error> {
        self.done
            .values()
            .try_fold(zero, |a, &b| a.checked_add(b))
            .ok_or_else(|| Error::Overflow {
                from: Origin::Checkpoint(path.to_path_buf()),
            })
    }

    /// Refuses a checkpoint (read from `path`) that was not made for `shard` of the plan
    /// `expected`.
    pub fn check(&self, expected: &PlanId, shard: Shard, path: &Path) -> Result<(), Error> {
        let mismatch = self.id.check(expected).err().or_else(|| {
            (self.shard != shard).then_some(Mismatch::Shard {
                found: (self.shard.index, self.shard.count),
                expected: (shard.index, shard.count),
            })
        });
        match mismatch {
            None => Ok(()),
            Some(mismatch) => Err(Error::Mismatch {
                from: Origin::Checkpoint(path.to_path_buf()),
                mismatch,
            }),
        }
    }

    /// Refuses a checkpoint (read from `path`) holding counts that the subproblems of `plan`
    /// cannot give ([`Plan::admits`]): a file whose checksum was made to match damaged counts
    /// must not resume into a wrong number.
    pub fn check_counts(&self, plan: &dyn Plan, path: &Path) -> Result<(), Error> {
        for (&index, counts) in &self.done {
            plan.admits(index, counts)
                .map_err(|why| Error::Checkpoint {
                    path: path.to_path_buf(),
                    problem: CheckpointProblem::Damaged(format!("subproblem {index}: {why}")),
                })?;
        }
        Ok(())
    }

    /// The file's text, checksum included.
    pub fn to_text(&self) -> String {
        let mut s = String::with_capacity(128 + 24 * self.done.len());
        let board = match &self.puzzle {
            Some(p) => p.to_string().lines().collect::<Vec<_>>().join("/"),
            None => "-".to_string(),
        };
        // Writing into a String cannot fail.
        let _ = writeln!(s, "{MAGIC}{VERSION}");
        let _ = writeln!(s, "n {}", self.id.n);
        let _ = writeln!(s, "method {}", self.id.method);
        let _ = writeln!(s, "board {board}");
        let _ = writeln!(s, "subproblems {}", self.id.subproblems);
        let _ = writeln!(s, "fingerprint {:016x}", self.id.fingerprint);
        let _ = writeln!(s, "shard {}", self.shard);
        let _ = writeln!(s, "answer {}", answer_word(self.unique));
        let _ = writeln!(s, "done {}", self.done.len());
        for (i, c) in &self.done {
            let _ = writeln!(s, "{i} {}", c.to_line());
        }
        let sum = crate::plan::fingerprint::fnv1a(s.as_bytes());
        let _ = writeln!(s, "checksum {sum:016x}");
        s
    }

    /// Reads a checkpoint from its text; `path` goes into error messages.
    pub fn parse(text: &str, path: &Path) -> Result<Checkpoint, Error> {
        let damaged = |why: &str| Error::Checkpoint {
            path: path.to_path_buf(),
            problem: CheckpointProblem::Damaged(why.to_string()),
        };
        let version = text
            .lines()
            .next()
            .and_then(|l| l.strip_prefix(MAGIC))
            .and_then(|v| v.parse::<u32>().ok())
            .filter(|v| (1..=VERSION).contains(v))
            .ok_or_else(|| damaged("it does not start with the checkpoint header"))?;
        // The checksum line is the last; it covers every byte before it.
        let body_end = text
            .trim_end_matches('\n')
            .rfind('\n')
            .map(|p| p + 1)
            .ok_or_else(|| damaged("it is cut short"))?;
        let (body, tail) = text.split_at(body_end);
        let stated = tail
            .trim_end()
            .strip_prefix("checksum ")
            .ok_or_else(|| damaged("the checksum line is missing (the file is cut short)"))?;
        // Compared as text, in the one spelling `to_text` writes, so no byte is free to change.
        if stated != format!("{:016x}", crate::plan::fingerprint::fnv1a(body.as_bytes())) {
            return Err(damaged("the checksum does not match its content"));
        }

        let mut lines = body.lines().skip(1);
        let mut field = |key: &str| -> Result<String, Error> {
            lines
                .next()
                .and_then(|l| l.strip_prefix(key))
                .and_then(|v| v.strip_prefix(' '))
                .map(str::to_string)
                .ok_or_else(|| damaged(&format!("the '{key}' line is missing")))
        };
        let number = |v: String, key: &str| -> Result<usize, Error> {
            v.parse::<usize>()
                .map_err(|_| damaged(&format!("'{key}' is not a number")))
        };
        let n = number(field("n")?, "n")?;
        if !(1..=MAX_N).contains(&n) {
            return Err(damaged(&format!("n = {n} is not from 1 to {MAX_N}")));
        }
        let method_name = field("method")?;
        if version == 1 && method_name == "complete" {
            return Err(damaged(
                "it is a board count saved by an earlier version, which did not keep the board; \
                 start the count again",
            ));
        }
        let method: Method = method_name
            .parse()
            .map_err(|_| damaged(&format!("it names an unknown method '{method_name}'")))?;
        let puzzle = if version >= 2 {
            match field("board")?.as_str() {
                "-" => None,
                rows => Some(
                    Puzzle::parse(&rows.replace('/', "\n"))
                        .map_err(|e| damaged(&format!("its board cannot be read: {e}")))?,
                ),
            }
        } else {
            None
        };
        let subproblems = number(field("subproblems")?, "subproblems")?;
        let fingerprint = parse_fingerprint(&field("fingerprint")?)
            .ok_or_else(|| damaged("'fingerprint' is not 16 hexadecimal digits"))?;
        let shard: Shard = field("shard")?
            .parse()
            .map_err(|_| damaged("'shard' is not I/K"))?;
        let unique = match version {
            1 | 2 => false,
            _ => match field("answer")?.as_str() {
                "total" => false,
                "unique" => true,
                other => {
                    return Err(damaged(&format!(
                        "'answer' is '{other}', neither total nor unique"
                    )));
                }
            },
        };
        // A count the request would refuse to ask for unique solutions never saved one that
        // does.
        if unique && !method.counts_unique() {
            return Err(damaged(&format!(
                "it asks for unique solutions, which method {method} does not count"
            )));
        }
        if unique && !shard.is_whole() && !method.counts_unique_in_parts() {
            return Err(damaged(&format!(
                "it asks for unique solutions of a shard, which method {method} counts only of \
                 a whole count"
            )));
        }
        if unique && puzzle.is_some() {
            return Err(damaged(
                "it asks for unique solutions of a partly filled board",
            ));
        }
        let count = number(field("done")?, "done")?;
        let mut done = BTreeMap::new();
        for line in lines {
            let bad = || damaged(&format!("bad subproblem line '{line}'"));
            let (index, counts) = line.split_once(' ').ok_or_else(bad)?;
            let index: usize = index.parse().map_err(|_| bad())?;
            let counts = Counts::from_line(counts).ok_or_else(bad)?;
            if index >= subproblems || !shard.contains(index) {
                return Err(bad());
            }
            counts
                .check(n, method.counts_unique_in_parts())
                .map_err(|why| damaged(&format!("subproblem {index}: {why}")))?;
            if done.insert(index, counts).is_some() {
                return Err(damaged(&format!("subproblem {index} appears twice")));
            }
        }
        if done.len() != count {
            return Err(damaged("the number of finished subproblems is wrong"));
        }
        if puzzle.as_ref().is_some_and(|p| p.n() != n) {
            return Err(damaged("its board is not n × n"));
        }
        Ok(Checkpoint {
            id: PlanId {
                n,
                method,
                board: puzzle.as_ref().map(Puzzle::fingerprint),
                subproblems,
                fingerprint,
            },
            shard,
            puzzle,
            unique,
            done,
        })
    }

    /// Reads and checks the checkpoint at `path`.
    pub fn load(path: &Path) -> Result<Checkpoint, Error> {
        let problem = |problem| Error::Checkpoint {
            path: path.to_path_buf(),
            problem,
        };
        // Opened without waiting, and asked of the opened file: opening a named pipe waits for
        // a writer, for ever if none comes, and a device may never end.
        let (mut file, meta) = match open_regular(path) {
            Ok(Opened::File(file, meta)) => (file, meta),
            Ok(Opened::NotAFile) => return Err(problem(CheckpointProblem::NotAFile)),
            Err(e) => return Err(problem(CheckpointProblem::Io(e))),
        };
        // Read within a bound: the header, then at most one line per subproblem it announces,
        // so that a huge file (`truncate -s 20G`) is refused at once, in the memory of a real
        // checkpoint, rather than read whole first.
        let damaged = |why: String| problem(CheckpointProblem::Damaged(why));
        let mut head = Vec::new();
        (&mut file)
            .take(HEADER_BYTES)
            .read_to_end(&mut head)
            .map_err(|e| problem(CheckpointProblem::Io(e)))?;
        let text = String::from_utf8_lossy(&head);
        let field = |key: &str| text.lines().find_map(|l| l.strip_prefix(key));
        let announced = field("subproblems ").and_then(|k| k.trim().parse::<u64>().ok());
        let unique = field("method ")
            .and_then(|m| m.trim().parse::<Method>().ok())
            .is_some_and(|m| m.counts_unique_in_parts());
        let line = line_bytes(if unique { 5 } else { 1 });
        let bound = match announced {
            Some(k) => HEADER_BYTES + k.min(MAX_SUBPROBLEMS) * line + line,
            None if head.starts_with(MAGIC.as_bytes()) => HEADER_BYTES,
            None => {
                return Err(damaged(
                    "it does not start with the checkpoint header".into(),
                ));
            }
        };
        if meta.len() > bound {
            return Err(damaged(format!(
                "it holds {} bytes, more than a checkpoint of its {} can ({bound} bytes)",
                meta.len(),
                announced.map_or("header".to_string(), |k| format!("{k} subproblems"))
            )));
        }
        drop(text);
        let mut bytes = head;
        file.take(bound + 1 - bytes.len() as u64)
            .read_to_end(&mut bytes)
            .map_err(|e| problem(CheckpointProblem::Io(e)))?;
        if bytes.len() as u64 > bound {
            return Err(damaged(format!(
                "it grew past {bound} bytes while it was read"
            )));
        }
        let text = String::from_utf8(bytes).map_err(|_| damaged("it is not text".into()))?;
        Checkpoint::parse(&text, path)
    }

    /// Writes this checkpoint to `path` as a new file, and refuses a path where something
    /// exists already ([`CheckpointProblem::Exists`], or [`CheckpointProblem::NotAFile`]).
    /// See [`create_atomically`].
    pub fn create(&self, path: &Path) -> Result<(), Error> {
        create_atomically(path, self.to_text().as_bytes()).map_err(|e| match e.kind() {
            std::io::ErrorKind::AlreadyExists => Error::Checkpoint {
                path: path.to_path_buf(),
                problem: match fs::metadata(path) {
                    Ok(m) if !m.is_file() => CheckpointProblem::NotAFile,
                    _ => CheckpointProblem::Exists,
                },
            },
            _ => Error::io(format!("cannot write checkpoint {}", path.display()), e),
        })
    }

    /// Replaces the file at `path` with this checkpoint, atomically.
    pub fn save(&self, path: &Path) -> Result<(), Error> {
        write_atomically(path, self.to_text().as_bytes())
            .map_err(|e| Error::io(format!("cannot write checkpoint {}", path.display()), e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::Plan;
    use crate::symmetry::SymmetryClasses;

    fn plan(n: usize) -> crate::reference::bitmask::BitmaskPlan {
        crate::reference::bitmask::BitmaskPlan::new(n).unwrap()
    }

    #[test]
    fn text_round_trips_with_every_kind_of_count() {
        let plan = plan(9);
        let mut cp = Checkpoint::new(plan.id(), Shard::new(1, 3).unwrap(), None);
        cp.record(1, Counts::total(5));
        cp.record(4, Counts::total(u128::MAX));
        let back = Checkpoint::parse(&cp.to_text(), Path::new("x")).unwrap();
        assert_eq!(back, cp);
        assert_eq!(
            back.remaining(),
            cp.shard
                .indices(plan.len())
                .filter(|i| ![1, 4].contains(i))
                .collect::<Vec<_>>()
        );
        // A sum that overflows is damage, not a number.
        assert!(matches!(
            back.sum(Counts::total(0), Path::new("x")),
            Err(Error::Overflow { .. })
        ));
        // Counts by class, of the method that counts them, the largest that add up included.
        let sym = crate::engine::constellation::SymmetryPlan::new(9).unwrap();
        let mut cp = Checkpoint::new(sym.id(), Shard::WHOLE, None);
        cp.record(
            7,
            Counts::from_classes(SymmetryClasses {
                rot90: 1,
                rot180: 2,
                asymmetric: 3,
            }),
        );
        cp.record(
            8,
            Counts::from_classes(SymmetryClasses {
                rot90: 0,
                rot180: 0,
                asymmetric: u128::MAX / 8,
            }),
        );
        let back = Checkpoint::parse(&cp.to_text(), Path::new("x")).unwrap();
        assert_eq!(back, cp);
    }

    #[test]
    fn a_board_count_keeps_its_board() {
        let puzzle: Puzzle = ".Q....\n......\n...x..\n......\nx.....\n......\n"
            .parse()
            .unwrap();
        let id = PlanId {
            board: Some(puzzle.fingerprint()),
            ..plan(6).id()
        };
        let cp = Checkpoint::new(id, Shard::WHOLE, Some(puzzle.clone()));
        let text = cp.to_text();
        assert!(text.contains("\nboard .Q..../....../...x../....../x...../......\n"));
        let back = Checkpoint::parse(&text, Path::new("x")).unwrap();
        assert_eq!(back.puzzle, Some(puzzle));
        assert_eq!(back, cp);
    }

    #[test]
    fn every_single_byte_change_is_caught() {
        let plan = plan(8);
        let mut cp = Checkpoint::new(plan.id(), Shard::WHOLE, None);
        for i in 0..plan.len() {
            cp.record(i, plan.count_one(i));
        }
        let text = cp.to_text();
        let bytes = text.as_bytes();
        for pos in 0..bytes.len() {
            for flip in [1u8, 4, 32] {
                let mut b = bytes.to_vec();
                b[pos] ^= flip;
                if let Ok(s) = String::from_utf8(b) {
                    if s.trim_end() == text.trim_end() {
                        continue; // only the final newline changed form
                    }
                    assert!(
                        Checkpoint::parse(&s, Path::new("x")).is_err(),
                        "flip {flip} at {pos} was accepted"
                    );
                }
            }
        }
        // Cut short anywhere: refused.
        for end in 0..text.len() - 1 {
            assert!(
                Checkpoint::parse(&text[..end], Path::new("x")).is_err(),
                "cut at {end}"
            );
        }
    }

    /// The text of a checkpoint, with `change` applied to its body and the checksum made to
    /// match: damage that the checksum cannot see.
    fn forged(cp: &Checkpoint, change: impl Fn(&str) -> String) -> String {
        let text = cp.to_text();
        let body = change(&text[..text.find("checksum ").unwrap()]);
        let sum = crate::plan::fingerprint::fnv1a(body.as_bytes());
        format!("{body}checksum {sum:016x}\n")
    }

    #[test]
    fn counts_that_break_their_invariants_are_refused() {
        let sym = crate::engine::constellation::SymmetryPlan::new(9).unwrap();
        let mut cp = Checkpoint::new(sym.id(), Shard::WHOLE, None);
        cp.record(3, sym.count_one(3));
        let line = format!("\n3 {}\n", sym.count_one(3).to_line());
        assert!(Checkpoint::parse(&forged(&cp, |b| b.to_string()), Path::new("x")).is_ok());
        let c = sym.count_one(3);
        let k = c.classes.unwrap();
        for (lie, why) in [
            (
                format!(
                    "{} {} {},{},{}",
                    c.total + 8,
                    c.unique.unwrap(),
                    k.rot90,
                    k.rot180,
                    k.asymmetric
                ),
                "do not make",
            ),
            (
                format!(
                    "{} {} {},{},{}",
                    c.total,
                    c.unique.unwrap() + 1,
                    k.rot90,
                    k.rot180,
                    k.asymmetric
                ),
                "unique solutions",
            ),
            (format!("{} - -", c.total), "without its classes"),
        ] {
            let text = forged(&cp, |b| b.replace(&line, &format!("\n3 {lie}\n")));
            let e = Checkpoint::parse(&text, Path::new("x"))
                .unwrap_err()
                .to_string();
            assert!(
                e.contains("subproblem 3: ") && e.contains(why),
                "{lie}: {e}"
            );
        }
        for n in ["0", "65", "99"] {
            let text = forged(&cp, |b| b.replace("\nn 9\n", &format!("\nn {n}\n")));
            let e = Checkpoint::parse(&text, Path::new("x"))
                .unwrap_err()
                .to_string();
            assert!(e.contains(&format!("n = {n} is not from 1 to 64")), "{e}");
        }
        // Counts that add up but that the subproblem cannot give: seen against the plan.
        let mut odd = Checkpoint::new(plan(9).id(), Shard::WHOLE, None);
        odd.record(0, Counts::total(3));
        let odd = Checkpoint::parse(&odd.to_text(), Path::new("x")).unwrap();
        let e = odd.check_counts(&plan(9), Path::new("x")).unwrap_err();
        assert!(e.to_string().contains("subproblem 0: 3 solutions"), "{e}");
        let mut fine = Checkpoint::new(plan(9).id(), Shard::WHOLE, None);
        fine.record(0, plan(9).count_one(0));
        assert!(fine.check_counts(&plan(9), Path::new("x")).is_ok());
    }

    #[test]
    fn files_of_the_first_version_are_read() {
        let v1 = "nqueens checkpoint 1\nn 8\nmethod bitmask\nsubproblems 24\n\
                  fingerprint 0123456789abcdef\nshard 0/1\ndone 1\n3 4 - -\n";
        let text = format!(
            "{v1}checksum {:016x}\n",
            crate::plan::fingerprint::fnv1a(v1.as_bytes())
        );
        let cp = Checkpoint::parse(&text, Path::new("x")).unwrap();
        assert_eq!(
            (cp.id.n, cp.id.method, cp.id.board),
            (8, Method::Bitmask, None)
        );
        assert_eq!(cp.done.get(&3), Some(&Counts::total(4)));
        let board = v1.replace("bitmask", "complete");
        let text = format!(
            "{board}checksum {:016x}\n",
            crate::plan::fingerprint::fnv1a(board.as_bytes())
        );
        let e = Checkpoint::parse(&text, Path::new("x")).unwrap_err();
        assert!(e.to_string().contains("earlier version"), "{e}");
    }

    #[test]
    fn mismatched_checkpoints_are_refused() {
        let (p8, p9) = (plan(8).id(), plan(9).id());
        let cp = Checkpoint::new(p8, Shard::WHOLE, None);
        let here = Path::new("x");
        assert!(cp.check(&p8, Shard::WHOLE, here).is_ok());
        let e = cp.check(&p9, Shard::WHOLE, here).unwrap_err();
        assert!(e.to_string().contains("n = 8, not n = 9"), "{e}");
        assert!(cp.check(&p8, Shard::new(0, 2).unwrap(), here).is_err());
        let mut other = cp.clone();
        other.id.method = Method::Symmetry;
        assert!(other.check(&p8, Shard::WHOLE, here).is_err());
        let mut split = cp.clone();
        split.id.fingerprint ^= 1;
        assert!(split.check(&p8, Shard::WHOLE, here).is_err());
    }
}
