//! The campaign folder as every part of a campaign reads it: the method it counts by, its
//! subfolders and the names of its files, the errors that name a path in it, and the reading
//! of its results and claims, and the moving aside of a result that must not be added. The
//! worker, the status, the check and the export all stand on this, so it lives apart from them.

use super::claim::{self, Seen};
use super::record::{Unit, UnitResult};
use crate::error::{CampaignProblem, Error};
use crate::method::Method;
use crate::plan::Plan;
use std::collections::{BTreeMap, HashMap};
use std::fs;
use std::io;
use std::path::Path;
use std::time::SystemTime;

/// The method whose split a campaign counts: its subproblems are the canonical border
/// constellations, numbered alike on every machine.
pub const METHOD: Method = Method::Symmetry;

pub(crate) const PLAN_FILE: &str = "campaign.plan";
pub(crate) const CLAIMS: &str = "claims";
pub(crate) const RESULTS: &str = "results";
pub(crate) const PARTIAL: &str = "partial";
pub(crate) const REFUSED: &str = "refused";
pub(crate) const CONFLICTS: &str = "conflicts";
pub(crate) const CHECKS: &str = "checks";

/// What of an open campaign its files are read against: the folder, the plan's checksum that
/// every file names, the split that bounds each subproblem's count, and the units.
pub(crate) struct Folder<'a> {
    pub dir: &'a Path,
    pub checksum: u64,
    pub split: &'a dyn Plan,
    pub units: &'a [Unit],
}

pub(crate) fn problem(dir: &Path, problem: CampaignProblem) -> Error {
    Error::Campaign {
        dir: dir.to_path_buf(),
        problem,
    }
}

pub(crate) fn io_error(
    what: impl std::fmt::Display,
    path: &Path,
) -> impl FnOnce(io::Error) -> Error {
    let context = format!("cannot {what} {}", path.display());
    move |e| Error::io(context, e)
}

/// This machine's name, as results record it.
pub(crate) fn host() -> String {
    #[cfg(unix)]
    {
        let mut buf = [0u8; 256];
        // SAFETY: the buffer is writable for its whole length, which is what is passed.
        if unsafe { libc::gethostname(buf.as_mut_ptr().cast(), buf.len()) } == 0 {
            let end = buf.iter().position(|&b| b == 0).unwrap_or(buf.len());
            if let Ok(name) = std::str::from_utf8(&buf[..end])
                && !name.is_empty()
            {
                return name.to_string();
            }
        }
    }
    std::env::var("COMPUTERNAME").unwrap_or_else(|_| "unknown".to_string())
}

pub(crate) fn result_name(unit: usize) -> String {
    format!("unit-{unit:06}.result")
}

pub(crate) fn check_name(unit: usize) -> String {
    format!("unit-{unit:06}.check")
}

pub(crate) fn partial_name(unit: usize) -> String {
    format!("unit-{unit:06}.partial")
}

/// The results that hold, the damaged ones with why, and every unit's latest claim, as a scan
/// of the folder found them.
#[derive(Default)]
pub(crate) struct View {
    pub results: BTreeMap<usize, UnitResult>,
    pub damaged: Vec<(usize, String)>,
    pub claims: BTreeMap<usize, Seen>,
}

impl Folder<'_> {
    /// Reads the result of a unit: `Ok(None)` where there is none, `Err` with the reason where
    /// the file there does not hold.
    pub(crate) fn read_result(&self, unit: Unit) -> Result<Option<UnitResult>, String> {
        let path = self.dir.join(RESULTS).join(result_name(unit.id));
        let bytes = match fs::read(&path) {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(format!("cannot be read: {e}")),
        };
        let text = String::from_utf8(bytes).map_err(|_| "it is not text".to_string())?;
        let result = UnitResult::read(&text, self.checksum, unit)?;
        // The GPUs count the same split, so their results add up with the processor's.
        if !matches!(result.method, METHOD | Method::Gpu) {
            return Err(format!("it was counted by method {}", result.method));
        }
        for (i, c) in unit.indices().zip(&result.counts) {
            self.split
                .admits(i, c)
                .map_err(|why| format!("subproblem {i}: {why}"))?;
        }
        Ok(Some(result))
    }

    /// Reads every result, keeping those already read in `cache` (by the file's length and
    /// time), and every unit's latest claim.
    pub(crate) fn scan(
        &self,
        cache: &mut HashMap<usize, (u64, SystemTime, UnitResult)>,
    ) -> Result<View, Error> {
        let results_dir = self.dir.join(RESULTS);
        let mut view = View::default();
        let entries = fs::read_dir(&results_dir).map_err(io_error("read folder", &results_dir))?;
        for entry in entries {
            let entry = entry.map_err(io_error("read folder", &results_dir))?;
            let name = entry.file_name();
            let Some(id) = name
                .to_str()
                .and_then(|s| {
                    s.strip_prefix("unit-")?
                        .strip_suffix(".result")?
                        .parse()
                        .ok()
                })
                .filter(|&id: &usize| {
                    id < self.units.len() && name.to_str() == Some(&result_name(id))
                })
            else {
                continue;
            };
            let Ok(meta) = entry.metadata() else { continue };
            let stamp = (
                meta.len(),
                meta.modified().unwrap_or(SystemTime::UNIX_EPOCH),
            );
            if let Some((len, time, r)) = cache.get(&id)
                && (*len, *time) == stamp
            {
                view.results.insert(id, r.clone());
                continue;
            }
            match self.read_result(self.units[id]) {
                Ok(Some(r)) => {
                    cache.insert(id, (stamp.0, stamp.1, r.clone()));
                    view.results.insert(id, r);
                }
                Ok(None) => {}
                Err(why) => view.damaged.push((id, why)),
            }
        }
        let claims_dir = self.dir.join(CLAIMS);
        view.claims = claim::scan(&claims_dir).map_err(io_error("read folder", &claims_dir))?;
        Ok(view)
    }
}

impl Folder<'_> {
    /// Moves unit `id`'s result to `conflicts/`, kept beside its check and never added, so that
    /// the unit is counted again.
    pub(crate) fn set_aside(&self, id: usize) -> Result<(), Error> {
        let from = self.dir.join(RESULTS).join(result_name(id));
        let to = self.dir.join(CONFLICTS).join(format!(
            "{}.checked.{}.{}",
            result_name(id),
            SystemTime::now()
                .duration_since(SystemTime::UNIX_EPOCH)
                .unwrap_or_default()
                .as_millis(),
            std::process::id()
        ));
        fs::rename(&from, &to).map_err(io_error("move aside", &from))
    }

    /// Moves unit `id`'s result aside, never to be added, so that the unit is counted again.
    pub(crate) fn refuse(&self, id: usize) -> Result<(), Error> {
        let from = self.dir.join(RESULTS).join(result_name(id));
        let stamp = SystemTime::now()
            .duration_since(SystemTime::UNIX_EPOCH)
            .unwrap_or_default()
            .as_millis();
        let to = self.dir.join(REFUSED).join(format!(
            "{}.{stamp}.{}",
            result_name(id),
            std::process::id()
        ));
        match fs::rename(&from, &to) {
            // Another worker moved it first.
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
            r => r.map_err(io_error("move aside", &from)),
        }
    }
}
