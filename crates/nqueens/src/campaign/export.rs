//! A finished campaign's publication: one line per subproblem, with its border queens (which
//! anyone can recount alone, as a board to complete) and its count, then the totals and a
//! checksum over the whole table; and the reading of such a table by someone else, who checks
//! that its lines are exactly the split's subproblems, that they add up to its totals, and
//! recounts a sample of them on the puzzle path.

use super::check::{PuzzleRecount, draw};
use super::ledger::{io_error, problem};
use super::record::{Fields, hex, sealed, unsealed};
use super::report::Verified;
use crate::engine::constellation::SymmetryPlan;
use crate::error::{CampaignProblem, Error};
use crate::plan::Plan;
use std::io;
use std::path::Path;

/// The border queens of subproblem `index`, as `row:column` from 1, and its weight.
pub(crate) fn queens_and_weight(split: &SymmetryPlan, n: usize, index: usize) -> (String, u32) {
    if n == 1 {
        return ("1:1".to_string(), 1);
    }
    let c = split.constellation(index);
    let queens: Vec<String> = c
        .queens()
        .iter()
        .map(|(r, col)| format!("{}:{}", r + 1, col + 1))
        .collect();
    (queens.join(","), c.weight())
}

/// The lines of one subproblem of an export.
pub(crate) struct Line {
    pub index: usize,
    pub total: u128,
    pub unique: Option<u128>,
}

/// Writes the table: the header, one line per subproblem, the totals and the checksum.
pub(crate) fn write(
    n: usize,
    split: &SymmetryPlan,
    version: &str,
    lines: &[Line],
    total: u128,
    unique: Option<u128>,
) -> String {
    let id = split.id();
    let mut body = format!(
        "nqueens campaign export 1\nn {n}\nsplit symmetry {} subproblems {}\nversion {version}\n",
        hex(id.fingerprint),
        id.subproblems
    );
    for l in lines {
        let (queens, weight) = queens_and_weight(split, n, l.index);
        body += &format!(
            "subproblem {} queens {queens} weight {weight} solutions {}\n",
            l.index, l.total
        );
    }
    body += &format!(
        "total {total} unique {}\n",
        unique.map_or("-".to_string(), |u| u.to_string())
    );
    sealed(body)
}

/// What [`read`] found in an export.
pub(crate) struct Table {
    pub n: usize,
    pub totals: Vec<u128>,
    pub total: u128,
    pub unique: Option<u128>,
    pub split: SymmetryPlan,
}

/// Reads an export, checking its checksum, that its lines are the split's subproblems in order
/// with their queens and weights, and that they add up to its total; the error says why not.
pub(crate) fn read(text: &str) -> Result<Table, String> {
    let mut f = Fields::new(unsealed(text)?);
    if f.lines.next() != Some("nqueens campaign export 1") {
        return Err("it is not a campaign's export".into());
    }
    let n: usize = f.number("n")?;
    if !(1..=crate::method::Method::Symmetry.max_n()).contains(&n) {
        return Err(format!(
            "its n = {n} is not a board the symmetry split takes"
        ));
    }
    let split = SymmetryPlan::new(n).map_err(|e| e.to_string())?;
    let id = split.id();
    let expected = format!(
        "symmetry {} subproblems {}",
        hex(id.fingerprint),
        id.subproblems
    );
    if f.next("split")? != expected {
        return Err(format!("its split is not this program's ({expected})"));
    }
    f.next("version")?;
    let mut totals = Vec::with_capacity(split.len());
    let mut sum: u128 = 0;
    for index in 0..split.len() {
        let v = f.next("subproblem")?;
        let (queens, weight) = queens_and_weight(&split, n, index);
        let t = v
            .strip_prefix(&format!(
                "{index} queens {queens} weight {weight} solutions "
            ))
            .and_then(|t| t.parse::<u128>().ok())
            .ok_or_else(|| {
                format!(
                    "its line 'subproblem {v}' is not subproblem {index} (queens {queens}, \
                     weight {weight})"
                )
            })?;
        sum = sum
            .checked_add(t)
            .ok_or("its subproblems add up to more than 2^128")?;
        totals.push(t);
    }
    let last = f.next("total")?;
    let (total, unique) = last
        .split_once(" unique ")
        .and_then(|(t, u)| {
            let unique = match u {
                "-" => None,
                u => Some(u.parse().ok()?),
            };
            Some((t.parse::<u128>().ok()?, unique))
        })
        .ok_or_else(|| format!("its line 'total {last}' is not a total"))?;
    if f.lines.next().is_some() {
        return Err("a line follows its totals".into());
    }
    if total != sum {
        return Err(format!(
            "its subproblems add up to {sum}, not to its total {total}"
        ));
    }
    Ok(Table {
        n,
        totals,
        total,
        unique,
        split,
    })
}

/// Reads the export at `path` ([`Campaign::export`], made by anyone): checks its checksum,
/// that its lines are exactly the subproblems of this program's split of its n, with their
/// queens and weights, and that they add up to its total; then recounts a reproducible sample
/// of its lines (`sample` of them, 0 to 1, drawn from `seed`) on the puzzle path, on `threads`
/// threads. A file that does not hold is refused; lines whose recount differs are listed.
///
/// [`Campaign::export`]: super::Campaign::export
pub fn verify_export(
    path: impl AsRef<Path>,
    sample: f64,
    seed: u64,
    threads: usize,
) -> Result<Verified, Error> {
    let path = path.as_ref();
    let refuse = |why: String| problem(path, CampaignProblem::Export(why));
    let bytes = match crate::run::checkpoint::atomic::read_regular(path) {
        Ok(Some(b)) => b,
        Ok(None) => return Err(refuse("it is not a regular file".into())),
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            return Err(refuse("there is no such file".into()));
        }
        Err(e) => return Err(io_error("read", path)(e)),
    };
    let text = String::from_utf8(bytes).map_err(|_| refuse("it is not text".into()))?;
    let table = read(&text).map_err(refuse)?;
    let chosen: Vec<usize> = (0..table.totals.len())
        .filter(|i| draw(&format!("{seed} export {i}")) < sample)
        .collect();
    let recount = PuzzleRecount {
        n: table.n,
        id: table.split.id(),
        split: table.split,
    };
    let found = recount.totals(chosen.iter().copied(), chosen.len(), threads)?;
    let mismatches = found
        .into_iter()
        .filter(|&(i, t)| t != table.totals[i])
        .map(|(i, t)| (i, table.totals[i], t))
        .collect();
    Ok(Verified {
        n: table.n,
        subproblems: table.totals.len(),
        total: table.total,
        unique: table.unique,
        recounted: chosen.len(),
        mismatches,
    })
}
