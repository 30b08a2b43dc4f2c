//! The campaign's three kinds of file, as text: the plan, a unit's result and a unit's partial
//! checkpoint. Each is lines of `key value`, ending with a checksum over every line before it,
//! so that a file cut short, edited by hand or damaged on disk reads as damaged, never as a
//! smaller count. A result also holds its total's residues modulo 13 and 15, checked against the
//! sum of its subproblems, as Q(27)'s database did: a counter that wrapped around is caught even
//! where the checksum was made to match.

use crate::counts::Counts;
use crate::method::Method;
use crate::plan::PlanId;
use crate::plan::fingerprint::{fnv1a, parse_fingerprint};

/// One unit of a campaign: a range of the split's subproblems, with the stable number that
/// names it in every file.
///
/// ```
/// use nqueens::campaign::Unit;
///
/// let unit = Unit { id: 3, first: 30, end: 40 };
/// assert_eq!(unit.len(), 10);
/// assert!(unit.indices().eq(30..40));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unit {
    /// The unit's number, from 0.
    pub id: usize,
    /// The first subproblem it holds.
    pub first: usize,
    /// One past the last subproblem it holds.
    pub end: usize,
}

impl Unit {
    /// The number of subproblems it holds.
    pub fn len(&self) -> usize {
        self.end - self.first
    }

    /// True when it holds no subproblem.
    pub fn is_empty(&self) -> bool {
        self.first == self.end
    }

    /// Its subproblems' indices.
    pub fn indices(&self) -> std::ops::Range<usize> {
        self.first..self.end
    }
}

/// The plan of a campaign, as its folder holds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct PlanText {
    pub id: PlanId,
    pub version: String,
    pub units: Vec<Unit>,
}

/// Appends the checksum line to `body`: 64-bit FNV-1a over every byte before it.
pub(super) fn sealed(body: String) -> String {
    let sum = fnv1a(body.as_bytes());
    format!("{body}checksum {sum:016x}\n")
}

/// The lines of `text` before its checksum, once the checksum holds; the error says why not.
pub(super) fn unsealed(text: &str) -> Result<&str, String> {
    let body_end = text.trim_end_matches('\n').rfind('\n').map_or(0, |i| i + 1);
    let (body, last) = text.split_at(body_end);
    let Some(sum) = last.strip_prefix("checksum ").map(|s| s.trim_end()) else {
        return Err("it does not end with its checksum (cut short?)".into());
    };
    if !text.ends_with('\n') || parse_fingerprint(sum) != Some(fnv1a(body.as_bytes())) {
        return Err("its checksum does not match its content".into());
    }
    Ok(body)
}

/// Reads lines of `key value` in the order they were written.
pub(super) struct Fields<'a> {
    pub(super) lines: std::str::Lines<'a>,
}

impl<'a> Fields<'a> {
    pub(super) fn new(body: &'a str) -> Fields<'a> {
        Fields {
            lines: body.lines(),
        }
    }

    /// The value of the next line, which must have the key `key`.
    pub(super) fn next(&mut self, key: &str) -> Result<&'a str, String> {
        let line = self
            .lines
            .next()
            .ok_or_else(|| format!("it ends before its line '{key}'"))?;
        line.strip_prefix(key)
            .and_then(|v| v.strip_prefix(' '))
            .ok_or_else(|| format!("'{line}' stands where its line '{key}' should"))
    }

    /// The next line's value as a number.
    pub(super) fn number<T: std::str::FromStr>(&mut self, key: &str) -> Result<T, String> {
        let v = self.next(key)?;
        v.parse()
            .map_err(|_| format!("its line '{key}' holds '{v}', not a whole number"))
    }

    /// The next line, if it has the key `key`; the lines after it otherwise stay to be read.
    fn maybe(&mut self, key: &str) -> Option<&'a str> {
        let mut ahead = self.lines.clone();
        let v = ahead.next()?.strip_prefix(key)?.strip_prefix(' ')?;
        self.lines = ahead;
        Some(v)
    }

    fn end(&mut self) -> Result<(), String> {
        match self.lines.next() {
            None => Ok(()),
            Some(line) => Err(format!("'{line}' follows its last line")),
        }
    }
}

pub(super) fn hex(v: u64) -> String {
    format!("{v:016x}")
}

pub(super) fn read_hex(fields: &mut Fields, key: &str) -> Result<u64, String> {
    let v = fields.next(key)?;
    parse_fingerprint(v).ok_or_else(|| format!("its line '{key}' holds '{v}', not 16 hex digits"))
}

/// One line of text: no line break may enter a file through a host's or a device's name.
fn one_line(s: &str) -> String {
    s.replace(['\n', '\r'], " ")
}

impl PlanText {
    pub fn write(&self) -> String {
        let mut body = format!(
            "nqueens campaign 1\nn {}\nmethod {}\nsubproblems {}\nfingerprint {}\nversion {}\n\
             units {}\n",
            self.id.n,
            self.id.method,
            self.id.subproblems,
            hex(self.id.fingerprint),
            one_line(&self.version),
            self.units.len()
        );
        for u in &self.units {
            body += &format!("unit {} {} {}\n", u.id, u.first, u.end);
        }
        sealed(body)
    }

    pub fn read(text: &str) -> Result<PlanText, String> {
        let mut f = Fields::new(unsealed(text)?);
        if f.lines.next() != Some("nqueens campaign 1") {
            return Err("it is not the plan of a campaign".into());
        }
        let n = f.number("n")?;
        let method: Method = f
            .next("method")?
            .parse()
            .map_err(|e: crate::method::UnknownMethod| format!("unknown method {}", e.name))?;
        let subproblems = f.number("subproblems")?;
        let fingerprint = read_hex(&mut f, "fingerprint")?;
        let version = f.next("version")?.to_string();
        let count: usize = f.number("units")?;
        let mut units = Vec::with_capacity(count.min(1 << 20));
        let mut first = 0;
        for id in 0..count {
            let v = f.next("unit")?;
            let parts: Vec<usize> = v.split(' ').filter_map(|p| p.parse().ok()).collect();
            match parts[..] {
                [i, a, b] if i == id && a == first && a <= b && b <= subproblems => {
                    units.push(Unit {
                        id,
                        first: a,
                        end: b,
                    });
                    first = b;
                }
                _ => return Err(format!("its line 'unit {v}' is not unit {id} from {first}")),
            }
        }
        if first != subproblems {
            return Err(format!(
                "its units end at subproblem {first}, not at the plan's {subproblems}"
            ));
        }
        f.end()?;
        Ok(PlanText {
            id: PlanId {
                n,
                method,
                board: None,
                subproblems,
                fingerprint,
            },
            version,
            units,
        })
    }
}

/// The finished count of one unit, as its result file holds it.
///
/// Reading one checks its checksum, that it belongs to the campaign and unit it names, that its
/// subproblems' counts add up to its total, and that the total's residues modulo 13 and 15 are
/// those written beside it.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct UnitResult {
    /// The unit counted.
    pub unit: Unit,
    /// Each subproblem's count, in the unit's order.
    pub counts: Vec<Counts>,
    /// Their sum.
    pub total: Counts,
    /// The method whose engine counted them.
    pub method: Method,
    /// What it counted on: the processor and its threads, or a GPU.
    pub device: String,
    /// The version of the program that counted them.
    pub version: String,
    /// The machine's name.
    pub host: String,
    /// The seconds the unit took, over every worker that counted a part of it.
    pub seconds: f64,
}

impl UnitResult {
    pub(crate) fn write(&self, campaign: u64) -> String {
        let mut body = format!(
            "nqueens campaign result 1\ncampaign {}\nunit {}\nfirst {}\nend {}\nmethod {}\n\
             device {}\nversion {}\nhost {}\nseconds {:.3}\n",
            hex(campaign),
            self.unit.id,
            self.unit.first,
            self.unit.end,
            self.method,
            one_line(&self.device),
            one_line(&self.version),
            one_line(&self.host),
            self.seconds
        );
        for (i, c) in self.unit.indices().zip(&self.counts) {
            body += &format!("subproblem {i} {}\n", c.to_line());
        }
        body += &format!(
            "total {}\nmod13 {}\nmod15 {}\n",
            self.total.to_line(),
            self.total.total % 13,
            self.total.total % 15
        );
        sealed(body)
    }

    /// Reads a result of unit `unit` of the campaign whose checksum is `campaign`.
    pub(crate) fn read(text: &str, campaign: u64, unit: Unit) -> Result<UnitResult, String> {
        let mut f = Fields::new(unsealed(text)?);
        if f.lines.next() != Some("nqueens campaign result 1") {
            return Err("it is not the result of a campaign's unit".into());
        }
        if read_hex(&mut f, "campaign")? != campaign {
            return Err("it belongs to another campaign".into());
        }
        let (id, first, end): (usize, usize, usize) =
            (f.number("unit")?, f.number("first")?, f.number("end")?);
        if (id, first, end) != (unit.id, unit.first, unit.end) {
            return Err(format!(
                "it is for unit {id} (subproblems {first} to {end}), not unit {} ({} to {})",
                unit.id, unit.first, unit.end
            ));
        }
        let method: Method = f
            .next("method")?
            .parse()
            .map_err(|e: crate::method::UnknownMethod| format!("unknown method {}", e.name))?;
        let device = f.next("device")?.to_string();
        let version = f.next("version")?.to_string();
        let host = f.next("host")?.to_string();
        let seconds: f64 = f.number("seconds")?;
        let mut counts = Vec::with_capacity(unit.len());
        let mut sum: Option<Counts> = None;
        for i in unit.indices() {
            let v = f.next("subproblem")?;
            let c = v
                .strip_prefix(&format!("{i} "))
                .and_then(Counts::from_line)
                .ok_or_else(|| {
                    format!("its line 'subproblem {v}' is not subproblem {i}'s count")
                })?;
            sum = Some(match sum {
                None => c,
                Some(s) => s
                    .checked_add(c)
                    .ok_or("its subproblems add up to more than 2^128")?,
            });
            counts.push(c);
        }
        let total = Counts::from_line(f.next("total")?).ok_or("its total is not a count")?;
        let (r13, r15): (u128, u128) = (f.number("mod13")?, f.number("mod15")?);
        f.end()?;
        if (total.total % 13, total.total % 15) != (r13, r15) {
            return Err(format!(
                "its total {} is not {r13} modulo 13 and {r15} modulo 15, as written",
                total.total
            ));
        }
        if sum.unwrap_or_default().total != total.total
            || sum.is_some_and(|s| s.unique != total.unique || s.classes != total.classes)
        {
            return Err("its subproblems do not add up to its total".into());
        }
        Ok(UnitResult {
            unit,
            counts,
            total,
            method,
            device,
            version,
            host,
            seconds,
        })
    }
}

/// What a worker counted of a unit before it stopped: the subproblems finished, with their
/// counts, and the seconds spent so far.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Partial {
    pub done: Vec<(usize, Counts)>,
    pub seconds: f64,
}

impl Partial {
    pub fn write(&self, campaign: u64, unit: Unit) -> String {
        let mut body = format!(
            "nqueens campaign partial 1\ncampaign {}\nunit {}\nseconds {:.3}\n",
            hex(campaign),
            unit.id,
            self.seconds
        );
        for (i, c) in &self.done {
            body += &format!("subproblem {i} {}\n", c.to_line());
        }
        sealed(body)
    }

    pub fn read(text: &str, campaign: u64, unit: Unit) -> Result<Partial, String> {
        let mut f = Fields::new(unsealed(text)?);
        if f.lines.next() != Some("nqueens campaign partial 1") {
            return Err("it is not a unit's partial count".into());
        }
        if read_hex(&mut f, "campaign")? != campaign || f.number::<usize>("unit")? != unit.id {
            return Err("it belongs to another unit".into());
        }
        let seconds = f.number("seconds")?;
        let mut done = Vec::new();
        let mut seen = std::collections::BTreeSet::new();
        while let Some(v) = f.maybe("subproblem") {
            let (i, c) = v
                .split_once(' ')
                .and_then(|(i, c)| Some((i.parse::<usize>().ok()?, Counts::from_line(c)?)))
                .filter(|(i, _)| unit.indices().contains(i) && seen.insert(*i))
                .ok_or_else(|| format!("its line 'subproblem {v}' is not a count of the unit"))?;
            done.push((i, c));
        }
        f.end()?;
        Ok(Partial { done, seconds })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result() -> UnitResult {
        let counts = vec![Counts::total(40), Counts::total(52)];
        UnitResult {
            unit: Unit {
                id: 1,
                first: 2,
                end: 4,
            },
            total: Counts::total(92),
            counts,
            method: Method::Symmetry,
            device: "cpu, 2 threads".into(),
            version: "1.0.0".into(),
            host: "a".into(),
            seconds: 1.5,
        }
    }

    #[test]
    fn a_result_reads_back_and_a_changed_one_is_refused() {
        let r = result();
        let text = r.write(7);
        assert_eq!(UnitResult::read(&text, 7, r.unit), Ok(r.clone()));
        assert_eq!(
            UnitResult::read(&text, 8, r.unit).unwrap_err(),
            "it belongs to another campaign"
        );
        let changed = text.replace("subproblem 2 40", "subproblem 2 41");
        assert_eq!(
            UnitResult::read(&changed, 7, r.unit).unwrap_err(),
            "its checksum does not match its content"
        );
        let cut = &text[..text.len() / 2];
        assert!(UnitResult::read(cut, 7, r.unit).is_err());
    }

    #[test]
    fn a_total_that_is_not_its_sum_or_its_residues_is_refused_even_when_sealed() {
        let r = result();
        let text = r.write(7);
        let body = unsealed(&text).unwrap();
        // A subproblem forged with its checksum made to match no longer adds up to the total.
        let forged = sealed(body.replace("subproblem 2 40", "subproblem 2 41"));
        assert_eq!(
            UnitResult::read(&forged, 7, r.unit).unwrap_err(),
            "its subproblems do not add up to its total"
        );
        // A total that wrapped around keeps neither residue.
        let wrapped = sealed(body.replace("total 92", "total 93"));
        assert_eq!(
            UnitResult::read(&wrapped, 7, r.unit).unwrap_err(),
            "its total 93 is not 1 modulo 13 and 2 modulo 15, as written"
        );
    }

    #[test]
    fn a_plan_and_a_partial_read_back() {
        let plan = PlanText {
            id: crate::plan::PlanId {
                n: 8,
                method: Method::Symmetry,
                board: None,
                subproblems: 5,
                fingerprint: 99,
            },
            version: "1.0.0".into(),
            units: vec![
                Unit {
                    id: 0,
                    first: 0,
                    end: 2,
                },
                Unit {
                    id: 1,
                    first: 2,
                    end: 5,
                },
            ],
        };
        assert_eq!(PlanText::read(&plan.write()), Ok(plan.clone()));
        let gap = sealed(
            unsealed(&plan.write())
                .unwrap()
                .replace("unit 1 2 5", "unit 1 3 5"),
        );
        assert_eq!(
            PlanText::read(&gap).unwrap_err(),
            "its line 'unit 1 3 5' is not unit 1 from 2"
        );
        let unit = plan.units[1];
        let partial = Partial {
            done: vec![(4, Counts::total(3)), (2, Counts::total(0))],
            seconds: 2.0,
        };
        assert_eq!(
            Partial::read(&partial.write(5, unit), 5, unit),
            Ok(partial.clone())
        );
        assert!(Partial::read(&partial.write(5, unit), 5, plan.units[0]).is_err());
    }
}
