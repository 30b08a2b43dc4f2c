//! Claims: how workers that share nothing but a folder never count one unit at once by accident.
//!
//! A unit is claimed by creating a file of its own in `claims/`, named by the unit and a
//! generation (`unit-000017.0`), with an exclusive create: of two workers that try one name, the
//! file system lets one succeed. The claim says how long its worker may stay silent; the worker
//! touches the file well within that time (its heartbeat). A claim silent for longer is stale:
//! its worker died or lost the folder, and the unit is claimed again under the next generation,
//! which again only one worker can create. A worker that finds a later generation than its own
//! has lost the unit and stops counting it. Generations only grow, so a worker that judged a
//! claim stale a moment too late fails to create the next one rather than taking a fresh claim.

use crate::run::checkpoint::atomic::create_atomically;
use std::collections::BTreeMap;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

/// The latest claim on a unit, as a scan of the folder found it.
#[derive(Clone, Debug)]
pub(crate) struct Seen {
    pub generation: u64,
    /// How long since its last heartbeat.
    pub age: Duration,
    /// How long its worker promised never to stay silent; `None` where the file cannot be read
    /// (then the reader's own time stands).
    pub stale_after: Option<Duration>,
}

impl Seen {
    pub fn is_stale(&self, default: Duration) -> bool {
        self.age > self.stale_after.unwrap_or(default)
    }
}

pub(crate) fn name(unit: usize, generation: u64) -> String {
    format!("unit-{unit:06}.{generation}")
}

/// The unit and generation a claim's file name stands for.
fn parse(name: &str) -> Option<(usize, u64)> {
    let (unit, generation) = name.strip_prefix("unit-")?.split_once('.')?;
    Some((unit.parse().ok()?, generation.parse().ok()?))
}

/// The latest claim on each claimed unit in `claims`.
pub(crate) fn scan(claims: &Path) -> io::Result<BTreeMap<usize, Seen>> {
    let now = SystemTime::now();
    let mut latest: BTreeMap<usize, (u64, PathBuf)> = BTreeMap::new();
    for entry in fs::read_dir(claims)? {
        let entry = entry?;
        let Some((unit, generation)) = entry.file_name().to_str().and_then(parse) else {
            continue;
        };
        if latest.get(&unit).is_none_or(|(g, _)| generation > *g) {
            latest.insert(unit, (generation, entry.path()));
        }
    }
    let mut out = BTreeMap::new();
    for (unit, (generation, path)) in latest {
        // A claim released between the listing and now is no claim.
        let Ok(meta) = fs::metadata(&path) else {
            continue;
        };
        let age = meta
            .modified()
            .ok()
            .and_then(|m| now.duration_since(m).ok())
            .unwrap_or(Duration::ZERO);
        let stale_after = fs::read_to_string(&path).ok().and_then(|t| {
            t.lines()
                .find_map(|l| l.strip_prefix("stale "))
                .and_then(|s| s.parse::<f64>().ok())
                .filter(|s| s.is_finite() && *s > 0.0)
                .map(Duration::from_secs_f64)
        });
        out.insert(
            unit,
            Seen {
                generation,
                age,
                stale_after,
            },
        );
    }
    Ok(out)
}

/// Claims `unit` under `generation`: the claim's path, or `None` where another worker holds that
/// generation already.
pub(crate) fn take(
    claims: &Path,
    unit: usize,
    generation: u64,
    stale: Duration,
    host: &str,
) -> io::Result<Option<PathBuf>> {
    let path = claims.join(name(unit, generation));
    let text = format!(
        "host {}\npid {}\nstale {:.3}\n",
        host.replace(['\n', '\r'], " "),
        std::process::id(),
        stale.as_secs_f64()
    );
    match create_atomically(&path, text.as_bytes()) {
        Ok(()) => Ok(Some(path)),
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Ok(None),
        Err(e) => Err(e),
    }
}

/// The heartbeat: marks the claim at `path` alive now. False where it is no longer the unit's
/// latest claim (a later generation exists, or the file is gone): the unit was given to another
/// worker.
pub(crate) fn beat(claims: &Path, path: &Path, unit: usize, generation: u64) -> bool {
    if claims.join(name(unit, generation + 1)).exists() {
        return false;
    }
    fs::File::options()
        .write(true)
        .open(path)
        .and_then(|f| f.set_modified(SystemTime::now()))
        .is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_generation_is_taken_once_and_the_next_supersedes_it() {
        let dir = std::env::temp_dir().join(format!("nqueens-claims-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let stale = Duration::from_secs(60);
        let first = take(&dir, 3, 0, stale, "a").unwrap().unwrap();
        assert!(take(&dir, 3, 0, stale, "b").unwrap().is_none());
        let seen = scan(&dir).unwrap();
        assert_eq!(seen[&3].generation, 0);
        assert_eq!(seen[&3].stale_after, Some(stale));
        assert!(!seen[&3].is_stale(Duration::ZERO));
        assert!(beat(&dir, &first, 3, 0));
        take(&dir, 3, 1, stale, "b").unwrap().unwrap();
        assert!(!beat(&dir, &first, 3, 0));
        assert_eq!(scan(&dir).unwrap()[&3].generation, 1);
        fs::remove_dir_all(&dir).unwrap();
    }
}
