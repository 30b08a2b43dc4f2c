//! A count too long for one machine or one batch job, run as a campaign: a folder on a shared
//! file system (NFS, Lustre, or a local disk for one machine) is its ledger, and any number of
//! workers, on any machines that see the folder, claim its units one at a time. There is no
//! server: every step a worker takes is a file created, renamed or touched, so that whatever is
//! killed, whenever, nothing finished is lost and nothing is counted twice into the total.
//!
//! - [`Campaign::create`] writes the plan: n, the split's identity (the `symmetry` method's
//!   [`PlanId`], the same on every machine and build), the units as ranges of its subproblems
//!   with stable numbers, the program's version, and a checksum over it all.
//! - [`Campaign::work`] is one worker: it claims the next free unit with an exclusive create,
//!   keeps the claim alive with a heartbeat, counts the unit on the one runner that every count
//!   uses, saves a partial checkpoint of the unit at each heartbeat, and writes the unit's
//!   [`UnitResult`] atomically. A claim whose heartbeat stopped is given to the next worker,
//!   which continues the unit's partial checkpoint.
//! - [`Campaign::status`] reads the folder: what is done, claimed, stale and free, the total so
//!   far, the speed of each machine from the results themselves, and, once every unit is done,
//!   the answer beside the published one.
//! - [`Campaign::check`] recounts a reproducible sample of the finished units on a second code
//!   path, each subproblem as a [`Puzzle`](crate::Puzzle) counted by the completion engine
//!   (`check`), records its count beside the result, and puts a unit whose counts differ back in
//!   the queue, keeping both.
//! - [`Campaign::export`] publishes a finished campaign: one line per subproblem, its border
//!   queens and its count, the totals and a checksum; [`verify_export`] reads someone's export
//!   and recounts a sample of its lines on the puzzle path.
//!
//! A result file is checked whenever it is read (its checksum, its sum, its residues modulo 13
//! and 15, each subproblem's count against what the subproblem can hold); one that fails is never
//! added, and a worker moves it to `refused/` so that its unit is counted again.
//!
//! ```
//! use nqueens::campaign::{Campaign, Work};
//!
//! let dir = std::env::temp_dir().join(format!("nqueens-doc-campaign-{}", std::process::id()));
//! # let _ = std::fs::remove_dir_all(&dir);
//! let campaign = Campaign::create(&dir, 10, Some(4))?;
//! campaign.work(&Work::new())?;
//! let status = campaign.status()?;
//! assert_eq!((status.done, status.total.total), (4, 724));
//! assert!(status.complete.unwrap().agrees());
//! # std::fs::remove_dir_all(&dir).unwrap();
//! # Ok::<(), nqueens::Error>(())
//! ```

mod check;
mod claim;
mod export;
mod lanes;
mod ledger;
mod record;
mod report;
mod unit;
mod work;

pub use export::verify_export;
pub use ledger::METHOD;
pub use record::{Unit, UnitResult};
pub use report::{
    Checked, Complete, Conflict, GROWTH_PER_ROW, Status, Throughput, Verified, solutions_expected,
};
pub use work::{DEFAULT_STALE, Engine, Event, Work, WorkEnd, Worked};

use crate::dispatch;
use crate::error::{CampaignProblem, Error, Quantity};
use crate::known;
use crate::method::Method;
use crate::plan::{Plan, PlanId};
use crate::progress::Watch;
use crate::run::checkpoint::atomic::{create_atomically, write_atomically};
use crate::run::runner::Stopwatch;
use check::{CheckRecord, PuzzleRecount, draw};
use lanes::Lanes;
use ledger::{
    CHECKS, CLAIMS, CONFLICTS, Folder, PARTIAL, PLAN_FILE, REFUSED, RESULTS, check_name, host,
    io_error, problem,
};
use record::PlanText;
use std::collections::{BTreeMap, HashMap};
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::Duration;
use unit::Counter;

/// The units of a campaign created without a number of them (fewer where the split has fewer
/// subproblems).
pub const DEFAULT_UNITS: usize = 100;

/// The most units a campaign may have.
pub const MAX_UNITS: usize = 1 << 20;

/// A campaign's folder, opened: its plan, and the split it counts.
pub struct Campaign {
    dir: PathBuf,
    plan: PlanText,
    checksum: u64,
    split: Box<dyn Plan>,
}

impl std::fmt::Debug for Campaign {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Campaign")
            .field("dir", &self.dir)
            .field("plan", &self.plan)
            .finish()
    }
}

/// The split of `n` a campaign counts.
fn split(n: usize) -> Result<Box<dyn Plan>, Error> {
    Ok(
        dispatch::plan(METHOD, n, &Watch::none())?
            .expect("a watch without a stop flag never stops"),
    )
}

impl Campaign {
    /// Creates the campaign of `n` in the folder `dir` (made where missing), in `units` units of
    /// the split's subproblems ([`DEFAULT_UNITS`] when `None`, and never more than there are
    /// subproblems). A folder that already holds a campaign is refused, whatever its n.
    ///
    /// ```
    /// use nqueens::campaign::Campaign;
    ///
    /// let dir = std::env::temp_dir().join(format!("nqueens-doc-create-{}", std::process::id()));
    /// # let _ = std::fs::remove_dir_all(&dir);
    /// let campaign = Campaign::create(&dir, 12, Some(5))?;
    /// assert_eq!(campaign.units().len(), 5);
    /// assert_eq!(campaign.plan_id(), nqueens::plan_for(12, nqueens::Method::Symmetry)?.id());
    /// let again = Campaign::create(&dir, 13, None).unwrap_err();
    /// assert!(again.to_string().ends_with("already holds a campaign (n = 12, 5 units)"));
    /// # std::fs::remove_dir_all(&dir).unwrap();
    /// # Ok::<(), nqueens::Error>(())
    /// ```
    pub fn create(
        dir: impl AsRef<Path>,
        n: usize,
        units: Option<usize>,
    ) -> Result<Campaign, Error> {
        let dir = dir.as_ref();
        let plan_path = dir.join(PLAN_FILE);
        if plan_path.exists() {
            return Err(Campaign::exists(dir));
        }
        let split = split(n)?;
        let subproblems = split.len();
        let most = subproblems.clamp(1, MAX_UNITS);
        let k = units.unwrap_or(DEFAULT_UNITS.min(most));
        if !(1..=most).contains(&k) {
            return Err(Error::out_of_range(Quantity::Units, k, 1, most));
        }
        let units = (0..k)
            .map(|id| Unit {
                id,
                first: id * subproblems / k,
                end: (id + 1) * subproblems / k,
            })
            .collect();
        let plan = PlanText {
            id: split.id(),
            version: env!("CARGO_PKG_VERSION").to_string(),
            units,
        };
        for sub in [CLAIMS, RESULTS, PARTIAL, REFUSED, CONFLICTS, CHECKS] {
            let path = dir.join(sub);
            fs::create_dir_all(&path).map_err(io_error("create folder", &path))?;
        }
        let text = plan.write();
        match create_atomically(&plan_path, text.as_bytes()) {
            Ok(()) => {}
            // Another `create` was quicker.
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
                return Err(Campaign::exists(dir));
            }
            Err(e) => return Err(io_error("write", &plan_path)(e)),
        }
        Campaign::open(dir)
    }

    fn exists(dir: &Path) -> Error {
        let what = Campaign::open(dir).map(|c| (c.n(), c.units().len())).ok();
        problem(
            dir,
            CampaignProblem::Exists {
                n: what.map(|w| w.0),
                units: what.map(|w| w.1),
            },
        )
    }

    /// Opens the campaign in `dir`, checking its plan's checksum and that its split is the one
    /// this build makes of its n.
    ///
    /// ```
    /// use nqueens::campaign::Campaign;
    ///
    /// let err = Campaign::open("no such folder").unwrap_err();
    /// assert_eq!(err.to_string(), "no such folder holds no campaign (no file campaign.plan)");
    /// ```
    pub fn open(dir: impl AsRef<Path>) -> Result<Campaign, Error> {
        let dir = dir.as_ref();
        let path = dir.join(PLAN_FILE);
        let text = match crate::run::checkpoint::atomic::read_regular(&path) {
            Ok(Some(bytes)) => String::from_utf8(bytes)
                .map_err(|_| problem(dir, CampaignProblem::Damaged("it is not text".into())))?,
            Ok(None) => {
                return Err(problem(
                    dir,
                    CampaignProblem::Damaged("it is not a regular file".into()),
                ));
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                return Err(problem(dir, CampaignProblem::NotACampaign));
            }
            Err(e) => return Err(io_error("read", &path)(e)),
        };
        let plan =
            PlanText::read(&text).map_err(|why| problem(dir, CampaignProblem::Damaged(why)))?;
        let split = split(plan.id.n)?;
        split.id().check(&plan.id).map_err(|m| {
            problem(
                dir,
                CampaignProblem::Damaged(format!("its split is not this program's: {m}")),
            )
        })?;
        let checksum = crate::plan::fingerprint::fnv1a(text.as_bytes());
        Ok(Campaign {
            dir: dir.to_path_buf(),
            plan,
            checksum,
            split,
        })
    }

    /// The board size.
    pub fn n(&self) -> usize {
        self.plan.id.n
    }

    /// The identity of the split the campaign counts.
    pub fn plan_id(&self) -> PlanId {
        self.plan.id
    }

    /// The units, in order: unit `i` is `units()[i]`.
    pub fn units(&self) -> &[Unit] {
        &self.plan.units
    }

    /// The version of the program that created the campaign.
    pub fn version(&self) -> &str {
        &self.plan.version
    }

    /// The campaign's identity: the checksum of its plan file, which every result names.
    pub fn id(&self) -> u64 {
        self.checksum
    }

    /// The folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// What of the campaign its files are read against.
    fn folder(&self) -> Folder<'_> {
        Folder {
            dir: &self.dir,
            checksum: self.checksum,
            split: self.split.as_ref(),
            units: self.units(),
        }
    }

    /// Where the campaign stands, from its folder alone.
    ///
    /// ```
    /// use nqueens::campaign::{Campaign, Work};
    ///
    /// let dir = std::env::temp_dir().join(format!("nqueens-doc-status-{}", std::process::id()));
    /// # let _ = std::fs::remove_dir_all(&dir);
    /// let campaign = Campaign::create(&dir, 9, Some(3))?;
    /// let mut work = Work::new();
    /// work.units = Some(1);
    /// campaign.work(&work)?;
    /// let status = campaign.status()?;
    /// assert_eq!((status.done, status.free, status.units), (1, 2, 3));
    /// assert!(status.complete.is_none());
    /// # std::fs::remove_dir_all(&dir).unwrap();
    /// # Ok::<(), nqueens::Error>(())
    /// ```
    pub fn status(&self) -> Result<Status, Error> {
        let view = self.folder().scan(&mut HashMap::new())?;
        let units = self.units().len();
        let mut status = Status {
            n: self.n(),
            units,
            done: view.results.len(),
            claimed: 0,
            stale: 0,
            free: 0,
            checked: 0,
            conflicting: 0,
            damaged: view.damaged.clone(),
            subproblems: self.plan.id.subproblems,
            subproblems_done: 0,
            total: self.split.zero(),
            throughput: Vec::new(),
            eta: None,
            complete: None,
        };
        let mut speeds: BTreeMap<(Method, String, String), Throughput> = BTreeMap::new();
        for r in view.results.values() {
            status.subproblems_done += r.unit.len();
            status.total = status
                .total
                .checked_add(r.total)
                .ok_or_else(|| problem(&self.dir, CampaignProblem::Overflow))?;
            let t = speeds
                .entry((r.method, r.device.clone(), r.host.clone()))
                .or_insert_with(|| Throughput {
                    method: r.method,
                    device: r.device.clone(),
                    host: r.host.clone(),
                    units: 0,
                    subproblems: 0,
                    solutions: 0,
                    seconds: 0.0,
                });
            t.units += 1;
            t.subproblems += r.unit.len();
            t.solutions += r.total.total;
            t.seconds += r.seconds;
        }
        status.throughput = speeds.into_values().collect();
        let checks = self.dir.join(CHECKS);
        for unit in self.units() {
            let path = checks.join(check_name(unit.id));
            let Ok(text) = fs::read_to_string(&path) else {
                continue;
            };
            match CheckRecord::verdict(&text, self.checksum, unit.id) {
                Some(true) if view.results.contains_key(&unit.id) => status.checked += 1,
                Some(false) => status.conflicting += 1,
                _ => {}
            }
        }
        for unit in self.units() {
            if view.results.contains_key(&unit.id) {
                continue;
            }
            match view.claims.get(&unit.id) {
                Some(seen) if seen.is_stale(DEFAULT_STALE) => status.stale += 1,
                Some(_) => status.claimed += 1,
                None => status.free += 1,
            }
        }
        let seconds: f64 = status.throughput.iter().map(|t| t.seconds).sum();
        let left = status.subproblems - status.subproblems_done;
        if status.done == units {
            status.eta = Some(Duration::ZERO);
            status.complete = Some(Complete {
                counts: status.total,
                known_total: known::total(self.n()),
                known_unique: known::unique(self.n()),
            });
        } else if status.subproblems_done > 0 && seconds > 0.0 {
            // Seconds of one worker per subproblem, shared among the workers now at work.
            let per = seconds / status.subproblems_done as f64;
            let workers = status.claimed.max(1) as f64;
            status.eta = Duration::try_from_secs_f64(per * left as f64 / workers).ok();
        }
        Ok(status)
    }

    /// Runs one worker until every unit is done, or until `work` bounds it: claims free units
    /// (and stale ones) one after another and counts them, as the module's introduction tells.
    /// While other workers hold the last units, it waits to take over any whose claim goes
    /// stale. A damaged result file it finds is moved to `refused/` and its unit counted again.
    ///
    /// ```
    /// use nqueens::campaign::{Campaign, Work, WorkEnd};
    /// use std::sync::atomic::AtomicBool;
    ///
    /// let dir = std::env::temp_dir().join(format!("nqueens-doc-work-{}", std::process::id()));
    /// # let _ = std::fs::remove_dir_all(&dir);
    /// let campaign = Campaign::create(&dir, 8, Some(2))?;
    /// // Stopped before it starts, a worker keeps everything as it was.
    /// let stop = AtomicBool::new(true);
    /// let mut work = Work::new();
    /// work.stop = Some(&stop);
    /// assert_eq!(campaign.work(&work)?.end, WorkEnd::Stopped);
    /// assert_eq!(campaign.work(&Work::new())?.counted, 2);
    /// assert_eq!(campaign.status()?.total.total, 92);
    /// # std::fs::remove_dir_all(&dir).unwrap();
    /// # Ok::<(), nqueens::Error>(())
    /// ```
    pub fn work(&self, work: &Work) -> Result<Worked, Error> {
        for sub in [CLAIMS, RESULTS, PARTIAL, REFUSED, CONFLICTS, CHECKS] {
            let path = self.dir.join(sub);
            fs::create_dir_all(&path).map_err(io_error("create folder", &path))?;
        }
        let host = host();
        let counter = Counter::open(&self.folder(), work)?;
        (work.events)(&Event::Counting {
            method: counter.method,
            device: counter.device.clone(),
            software: counter.software,
        });
        // A worker on several threads counts two units at once on the same threads (see
        // `lanes`); one thread counts one unit at a time, on itself.
        let lanes = if counter.threads > 1 { 2 } else { 1 };
        let shared = Lanes::new(work, lanes);
        let ends: Vec<Result<WorkEnd, Error>> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..lanes)
                .map(|k| {
                    let (shared, counter, host) = (&shared, &counter, &host);
                    s.spawn(move || {
                        let progress = shared.progress(k);
                        let end = lanes::lane(
                            &self.folder(),
                            &shared.work(&progress),
                            counter,
                            host,
                            shared,
                        );
                        if end.is_err() {
                            shared.fail();
                        }
                        end
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("a lane of the worker panicked"))
                .collect()
        });
        let mut worked = Worked {
            counted: shared.counted(),
            end: WorkEnd::Complete,
        };
        for end in ends {
            worked.end = match (end?, worked.end) {
                (WorkEnd::Stopped, _) | (_, WorkEnd::Stopped) => WorkEnd::Stopped,
                (WorkEnd::Until, _) | (_, WorkEnd::Until) => WorkEnd::Until,
                (WorkEnd::Units, _) | (_, WorkEnd::Units) => WorkEnd::Units,
                _ => WorkEnd::Complete,
            };
        }
        Ok(worked)
    }

    /// Recounts a reproducible sample of the finished units on a second code path: each of
    /// their subproblems as a puzzle, its border queens given and the rest of its border
    /// blocked, counted by the completion engine and weighted by the constellations it stands
    /// for. `sample` is the share of units checked (0 to 1), drawn from `seed`: the same seed
    /// picks the same units of a campaign, whoever runs it. Each check is recorded in `checks/`
    /// beside the result; a unit whose counts differ has its result moved to `conflicts/`
    /// (kept, never added) and is counted again by the next worker.
    ///
    /// ```
    /// use nqueens::campaign::{Campaign, Work};
    ///
    /// let dir = std::env::temp_dir().join(format!("nqueens-doc-check-{}", std::process::id()));
    /// # let _ = std::fs::remove_dir_all(&dir);
    /// let campaign = Campaign::create(&dir, 9, Some(4))?;
    /// campaign.work(&Work::new())?;
    /// let checked = campaign.check(1.0, 7, 2)?;
    /// assert_eq!((checked.units.len(), checked.conflicts.len()), (4, 0));
    /// assert_eq!(campaign.status()?.checked, 4);
    /// # std::fs::remove_dir_all(&dir).unwrap();
    /// # Ok::<(), nqueens::Error>(())
    /// ```
    pub fn check(&self, sample: f64, seed: u64, threads: usize) -> Result<Checked, Error> {
        let checks = self.dir.join(CHECKS);
        fs::create_dir_all(&checks).map_err(io_error("create folder", &checks))?;
        let view = self.folder().scan(&mut HashMap::new())?;
        let chosen = |unit: usize| draw(&format!("{seed} {:016x} {unit}", self.checksum)) < sample;
        let recount = PuzzleRecount {
            n: self.n(),
            id: self.plan.id,
            split: crate::engine::constellation::SymmetryPlan::new(self.n())?,
        };
        let host = host();
        let mut checked = Checked {
            units: Vec::new(),
            subproblems: 0,
            conflicts: Vec::new(),
        };
        for (&id, result) in view.results.iter().filter(|(id, _)| chosen(**id)) {
            let unit = result.unit;
            let clock = Stopwatch::start();
            let second = recount.totals(unit.indices(), unit.len(), threads)?;
            let record = CheckRecord {
                unit,
                first: result.total.total,
                second: second.into_iter().map(|(_, total)| total).collect(),
                host: host.clone(),
                seconds: clock.elapsed().as_secs_f64(),
            };
            let path = checks.join(check_name(id));
            write_atomically(&path, record.write(self.checksum).as_bytes())
                .map_err(io_error("write", &path))?;
            checked.units.push(id);
            checked.subproblems += unit.len();
            if !record.agrees() {
                let differ = unit
                    .indices()
                    .zip(result.counts.iter().zip(&record.second))
                    .filter(|(_, (a, b))| a.total != **b)
                    .map(|(i, _)| i)
                    .collect();
                self.folder().set_aside(id)?;
                checked.conflicts.push(Conflict {
                    unit,
                    first: record.first,
                    second: record.second_total(),
                    subproblems: differ,
                });
            }
        }
        Ok(checked)
    }

    /// The campaign's publication, once every unit is done: one line per subproblem, with its
    /// border queens (`row:column`, from 1), the number of distinct constellations it stands
    /// for and its count of solutions, then the totals, and a checksum over the whole table.
    /// Anyone can recount any line alone: the board with those queens given and the rest of its
    /// border blocked (`nqueens count --board FILE`) has the line's count divided by its
    /// weight. [`verify_export`] reads it back.
    ///
    /// ```
    /// use nqueens::campaign::{Campaign, Work, verify_export};
    ///
    /// let dir = std::env::temp_dir().join(format!("nqueens-doc-export-{}", std::process::id()));
    /// # let _ = std::fs::remove_dir_all(&dir);
    /// let campaign = Campaign::create(&dir, 8, Some(2))?;
    /// assert!(campaign.export().is_err());
    /// campaign.work(&Work::new())?;
    /// let text = campaign.export()?;
    /// assert!(text.contains("\ntotal 92 unique 12\n"));
    /// std::fs::write(dir.join("q8.txt"), &text).unwrap();
    /// let verified = verify_export(dir.join("q8.txt"), 1.0, 0, 1)?;
    /// assert_eq!((verified.total, verified.mismatches.len()), (92, 0));
    /// # std::fs::remove_dir_all(&dir).unwrap();
    /// # Ok::<(), nqueens::Error>(())
    /// ```
    pub fn export(&self) -> Result<String, Error> {
        let status = self.status()?;
        if status.complete.is_none() {
            return Err(problem(
                &self.dir,
                CampaignProblem::Incomplete {
                    done: status.done,
                    units: status.units,
                },
            ));
        }
        let view = self.folder().scan(&mut HashMap::new())?;
        let mut lines = Vec::with_capacity(self.plan.id.subproblems);
        for r in view.results.values() {
            for (index, c) in r.unit.indices().zip(&r.counts) {
                lines.push(export::Line {
                    index,
                    total: c.total,
                    unique: c.unique,
                });
            }
        }
        let unique = lines.iter().try_fold(0u128, |a, l| Some(a + l.unique?));
        let split = crate::engine::constellation::SymmetryPlan::new(self.n())?;
        Ok(export::write(
            self.n(),
            &split,
            env!("CARGO_PKG_VERSION"),
            &lines,
            status.total.total,
            unique,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::ledger::{partial_name, result_name};
    use super::record::Partial;
    use super::unit::save_partial;
    use super::*;
    use crate::counts::Counts;
    use crate::progress::Progress;
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::time::SystemTime;

    fn folder(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("nqueens-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        dir
    }

    /// The events of a worker after the first (the engine it opened), as they came.
    fn run(campaign: &Campaign, work: Work) -> (Worked, Vec<Event>) {
        let events = Mutex::new(Vec::new());
        let record = |e: &Event| match e {
            Event::Counting { method, .. } => assert_eq!(*method, METHOD),
            e => events.lock().unwrap().push(e.clone()),
        };
        let worked = campaign
            .work(&Work {
                events: &record,
                ..work
            })
            .unwrap();
        (worked, events.into_inner().unwrap())
    }

    #[test]
    fn a_stale_claim_is_taken_over_and_its_partial_continued() {
        let dir = folder("campaign-stale");
        let campaign = Campaign::create(&dir, 10, Some(2)).unwrap();
        let unit = campaign.units()[0];
        // A worker that died: its claim silent for a minute, one subproblem saved.
        let claims = dir.join(CLAIMS);
        let dead = claim::take(&claims, 0, 0, Duration::from_secs(1), "gone")
            .unwrap()
            .unwrap();
        fs::File::options()
            .write(true)
            .open(&dead)
            .unwrap()
            .set_modified(SystemTime::now() - Duration::from_secs(60))
            .unwrap();
        let first = (unit.first, campaign.split.count_one(unit.first));
        let partial = Partial {
            done: vec![first],
            seconds: 1.0,
        };
        save_partial(&campaign.folder(), unit, &partial).unwrap();
        let (worked, events) = run(&campaign, Work::new());
        assert_eq!(worked.counted, 2);
        assert!(events.contains(&Event::Claimed {
            unit,
            generation: 1,
            resumed: 1
        }));
        let status = campaign.status().unwrap();
        assert_eq!((status.done, status.total.total), (2, 724));
        assert!(!dir.join(PARTIAL).join(partial_name(0)).exists());
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_damaged_result_is_refused_never_added_and_counted_again() {
        let dir = folder("campaign-damaged");
        let campaign = Campaign::create(&dir, 9, Some(3)).unwrap();
        run(&campaign, Work::new());
        let path = dir.join(RESULTS).join(result_name(1));
        let text = fs::read_to_string(&path).unwrap();
        let changed = text.replacen("\ntotal ", "\ntotal 1", 1);
        fs::write(&path, changed).unwrap();
        let status = campaign.status().unwrap();
        assert_eq!((status.done, status.free), (2, 1));
        assert_eq!(status.damaged[0].0, 1);
        assert!(status.total.total < 352);
        assert!(status.complete.is_none());
        let (worked, events) = run(&campaign, Work::new());
        assert_eq!(worked.counted, 1);
        assert!(matches!(&events[0], Event::Refused { unit, .. } if unit.id == 1));
        assert_eq!(fs::read_dir(dir.join(REFUSED)).unwrap().count(), 1);
        let status = campaign.status().unwrap();
        assert_eq!(status.total.total, 352);
        assert!(status.complete.unwrap().agrees());
        fs::remove_dir_all(&dir).unwrap();
    }

    /// Stops its worker once a subproblem is finished.
    struct StopAfterOne<'a>(&'a AtomicBool);

    impl Progress for StopAfterOne<'_> {
        fn update(&self, done: u64, _total: u64) {
            if done > 0 {
                self.0.store(true, Ordering::Relaxed);
            }
        }
    }

    #[test]
    fn a_stopped_worker_keeps_its_unit_for_the_next_to_continue() {
        let dir = folder("campaign-stop");
        let campaign = Campaign::create(&dir, 11, Some(1)).unwrap();
        let stop = AtomicBool::new(false);
        let watcher = StopAfterOne(&stop);
        let mut work = Work::new();
        work.threads = 1;
        work.stop = Some(&stop);
        work.progress = &watcher;
        let (worked, events) = run(&campaign, work);
        assert_eq!((worked.counted, worked.end), (0, WorkEnd::Stopped));
        let Some(Event::Stopped { done, .. }) = events.last() else {
            panic!("{events:?}");
        };
        assert!(*done >= 1);
        // The claim was let go: the next worker need not wait for it to go stale.
        assert_eq!(campaign.status().unwrap().free, 1);
        let (worked, events) = run(&campaign, Work::new());
        assert_eq!(worked.counted, 1);
        assert!(matches!(events[0], Event::Claimed { resumed, .. } if resumed == *done));
        assert_eq!(campaign.status().unwrap().total.total, 2680);
        fs::remove_dir_all(&dir).unwrap();
    }

    /// Forges unit `id`'s result with care: one more asymmetric class in its first
    /// subproblem, the total, the residues and the checksum made to match.
    fn forge(campaign: &Campaign, id: usize) {
        let mut r = campaign
            .folder()
            .read_result(campaign.units()[id])
            .unwrap()
            .unwrap();
        let mut classes = r.counts[0].classes.unwrap();
        classes.asymmetric += 1;
        r.counts[0] = Counts::from_classes(classes);
        r.total = r.counts.iter().fold(campaign.split.zero(), |a, &c| a + c);
        let path = campaign.dir.join(RESULTS).join(result_name(id));
        fs::write(path, r.write(campaign.checksum)).unwrap();
    }

    #[test]
    fn a_forged_result_is_found_by_the_check_set_aside_and_counted_again() {
        let dir = folder("campaign-forged");
        let campaign = Campaign::create(&dir, 10, Some(3)).unwrap();
        run(&campaign, Work::new());
        let unit = campaign.units()[1];
        let truth = campaign
            .folder()
            .read_result(unit)
            .unwrap()
            .unwrap()
            .total
            .total;
        forge(&campaign, 1);
        // Every check that reading makes holds: only the published total tells.
        let status = campaign.status().unwrap();
        assert_eq!((status.done, status.total.total), (3, 732));
        assert!(!status.complete.unwrap().agrees());
        let checked = campaign.check(1.0, 1, 2).unwrap();
        assert_eq!(checked.units, vec![0, 1, 2]);
        assert_eq!(
            checked.conflicts,
            vec![Conflict {
                unit,
                first: truth + 8,
                second: truth,
                subproblems: vec![unit.first],
            }]
        );
        let status = campaign.status().unwrap();
        assert_eq!(
            (status.done, status.free, status.checked, status.conflicting),
            (2, 1, 2, 1)
        );
        assert_eq!(fs::read_dir(dir.join(CONFLICTS)).unwrap().count(), 1);
        run(&campaign, Work::new());
        assert_eq!(campaign.check(1.0, 1, 2).unwrap().conflicts, vec![]);
        let status = campaign.status().unwrap();
        assert_eq!((status.checked, status.conflicting), (3, 0));
        assert!(status.complete.unwrap().agrees());
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_sample_is_the_same_for_one_seed_and_another_for_another() {
        let dir = folder("campaign-sample");
        let campaign = Campaign::create(&dir, 9, Some(20)).unwrap();
        run(&campaign, Work::new());
        let a = campaign.check(0.3, 5, 1).unwrap().units;
        assert_eq!(campaign.check(0.3, 5, 1).unwrap().units, a);
        assert_ne!(campaign.check(0.3, 6, 1).unwrap().units, a);
        assert!(!a.is_empty() && a.len() < 20, "{a:?}");
        assert!(campaign.check(0.0, 5, 1).unwrap().units.is_empty());
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn an_export_reads_back_and_a_forged_line_is_found_by_its_recount() {
        let dir = folder("campaign-export");
        let campaign = Campaign::create(&dir, 10, Some(3)).unwrap();
        run(&campaign, Work::new());
        let text = campaign.export().unwrap();
        let path = dir.join("q10.txt");
        fs::write(&path, &text).unwrap();
        let all = verify_export(&path, 1.0, 0, 2).unwrap();
        assert_eq!(
            (all.total, all.unique, all.mismatches.len()),
            (724, Some(92), 0)
        );
        assert_eq!(all.recounted, all.subproblems);
        // One line's count and the total raised alike, the checksum made to match.
        let body = record::unsealed(&text).unwrap();
        let line = body
            .lines()
            .find(|l| l.starts_with("subproblem 3 "))
            .unwrap();
        let (head, count) = line.rsplit_once(' ').unwrap();
        let count: u128 = count.parse().unwrap();
        let forged = body
            .replace(line, &format!("{head} {}", count + 8))
            .replace("total 724 ", "total 732 ");
        fs::write(&path, record::sealed(forged)).unwrap();
        let found = verify_export(&path, 1.0, 0, 2).unwrap();
        assert_eq!(found.mismatches, vec![(3, count + 8, count)]);
        // A line taken out, or a changed digit, is refused before anything is recounted.
        let cut = body.replace(&format!("{line}\n"), "");
        fs::write(&path, record::sealed(cut)).unwrap();
        let err = verify_export(&path, 0.0, 0, 1).unwrap_err().to_string();
        assert!(err.contains("is not subproblem 3"), "{err}");
        fs::write(&path, text.replace("total 724", "total 725")).unwrap();
        let err = verify_export(&path, 0.0, 0, 1).unwrap_err().to_string();
        assert!(
            err.ends_with("its checksum does not match its content"),
            "{err}"
        );
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_worker_s_two_lanes_count_no_more_units_than_asked_and_add_up() {
        let dir = folder("campaign-lanes");
        let campaign = Campaign::create(&dir, 11, Some(7)).unwrap();
        let rounds = [
            (3, 3, 3, WorkEnd::Units),
            (1, 1, 4, WorkEnd::Units),
            (5, 3, 7, WorkEnd::Complete),
        ];
        for (asked, counted, done, end) in rounds {
            let mut work = Work::new();
            (work.threads, work.units) = (2, Some(asked));
            let (worked, events) = run(&campaign, work);
            assert_eq!((worked.counted, worked.end), (counted, end));
            let counted = events
                .iter()
                .filter(|e| matches!(e, Event::Counted { .. }))
                .count();
            assert_eq!(
                (counted, campaign.status().unwrap().done),
                (worked.counted, done)
            );
        }
        assert_eq!(campaign.status().unwrap().total.total, 2680);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn units_out_of_range_are_refused_with_the_range() {
        let dir = folder("campaign-units");
        let subproblems = split(10).unwrap().len();
        let err = Campaign::create(&dir, 10, Some(subproblems + 1)).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!(
                "units = {} is out of range: units must be from 1 to {subproblems}",
                subproblems + 1
            )
        );
        assert!(!dir.join(PLAN_FILE).exists());
    }
}
