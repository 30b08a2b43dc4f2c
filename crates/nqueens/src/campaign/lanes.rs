//! A worker's lanes. A worker on several threads counts two units at once, each on the same
//! threads: a thread that finds nothing left of one unit takes up the other's subproblems, so
//! that no thread idles while a unit's last subproblems end. Each lane is the worker's loop (take
//! the next free or stale unit, claim it, count it); what the lanes share, and how their units'
//! progress is told as one, lives here beside it.

use super::claim;
use super::ledger::{CLAIMS, Folder, io_error};
use super::unit::{self, Counter, UnitEnd};
use super::work::{Event, Work, WorkEnd};
use crate::error::Error;
use crate::progress::Progress;
use std::collections::HashMap;
use std::fs;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

/// One of a worker's lanes: claims the next unit and counts it, until the work is done or
/// bound, or the other lane failed.
pub(crate) fn lane(
    folder: &Folder,
    work: &Work,
    counter: &Counter,
    host: &str,
    shared: &Lanes,
) -> Result<WorkEnd, Error> {
    let mut cache = HashMap::new();
    // How often a worker with nothing to claim looks again: often enough to end soon after
    // the last unit, and to take over a stale claim well within its time.
    let poll = (work.stale / 20).clamp(Duration::from_millis(50), Duration::from_secs(1));
    loop {
        if let Some(end) = work.bound(0) {
            return Ok(end);
        }
        if shared.failed() {
            return Ok(WorkEnd::Complete);
        }
        let view = folder.scan(&mut cache)?;
        for (id, why) in &view.damaged {
            folder.refuse(*id)?;
            (work.events)(&Event::Refused {
                unit: folder.units[*id],
                why: why.clone(),
            });
        }
        if !view.damaged.is_empty() {
            continue;
        }
        if view.results.len() == folder.units.len() {
            return Ok(WorkEnd::Complete);
        }
        let next = folder.units.iter().find_map(|u| {
            if view.results.contains_key(&u.id) {
                return None;
            }
            match view.claims.get(&u.id) {
                None => Some((*u, 0)),
                Some(seen) if seen.is_stale(work.stale) => Some((*u, seen.generation + 1)),
                Some(_) => None,
            }
        });
        let Some((unit, generation)) = next else {
            // Every unit left is claimed. While another lane of this worker still counts,
            // this one ends; the last lane waits for the others' units to finish or go stale.
            if shared.leave() {
                return Ok(WorkEnd::Complete);
            }
            work.pause(poll);
            continue;
        };
        // A unit of those `--units M` allows is set aside before the claim, so that two
        // lanes never count more between them.
        if !shared.reserve() {
            return Ok(WorkEnd::Units);
        }
        let claims = folder.dir.join(CLAIMS);
        let taken = claim::take(&claims, unit.id, generation, work.stale, host)
            .map_err(io_error("write a claim in", &claims));
        let Some(path) = taken.inspect_err(|_| shared.release())? else {
            // Another worker took it first.
            shared.release();
            continue;
        };
        // A worker that finished the unit between the scan and the claim wrote its result
        // before it let its claim go.
        if matches!(folder.read_result(unit), Ok(Some(_))) {
            let _ = fs::remove_file(&path);
            shared.release();
            continue;
        }
        let end = unit::count_unit(folder, unit, &path, generation, work, counter, host)
            .inspect_err(|_| shared.release())?;
        match end {
            UnitEnd::Counted => {}
            UnitEnd::Stopped | UnitEnd::Lost => shared.release(),
        }
    }
}

/// What the lanes of one worker share (a worker on several threads counts two units at once):
/// the caller's bounds, the units set aside for counting (under `--units M`; the units counted,
/// once the lanes end), and the progress of each lane's unit, told to the caller as one.
pub(crate) struct Lanes<'a> {
    work: &'a Work<'a>,
    parts: Mutex<Vec<(u64, u64)>>,
    reserved: AtomicUsize,
    failed: AtomicBool,
    waiting: AtomicUsize,
}

impl<'a> Lanes<'a> {
    pub(crate) fn new(work: &'a Work<'a>, lanes: usize) -> Lanes<'a> {
        Lanes {
            work,
            parts: Mutex::new(vec![(0, 0); lanes]),
            reserved: AtomicUsize::new(0),
            failed: AtomicBool::new(false),
            waiting: AtomicUsize::new(lanes),
        }
    }

    /// The progress observer of lane `k`.
    pub(crate) fn progress(&self, k: usize) -> LaneProgress<'_> {
        LaneProgress { lanes: self, k }
    }

    /// The caller's work, told of progress through `progress`.
    pub(crate) fn work<'b>(&'b self, progress: &'b LaneProgress<'b>) -> Work<'b> {
        Work {
            progress,
            ..*self.work
        }
    }

    /// Sets a unit aside for counting; false where `--units M` allows no more.
    pub(crate) fn reserve(&self) -> bool {
        let limit = self.work.units.unwrap_or(usize::MAX);
        self.reserved
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |r| {
                (r < limit).then_some(r + 1)
            })
            .is_ok()
    }

    /// Gives back a unit set aside and not counted.
    pub(crate) fn release(&self) {
        self.reserved.fetch_sub(1, Ordering::SeqCst);
    }

    /// The units counted, once every lane has ended: each unit set aside was then either
    /// counted or given back.
    pub(crate) fn counted(&self) -> usize {
        self.reserved.load(Ordering::SeqCst)
    }

    /// Lets a lane with nothing to claim end, unless it is the last that may wait: true for
    /// all lanes but one, however many ask at once.
    pub(crate) fn leave(&self) -> bool {
        self.waiting
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |w| {
                (w > 1).then(|| w - 1)
            })
            .is_ok()
    }

    /// Tells the other lanes to end: this one failed.
    pub(crate) fn fail(&self) {
        self.failed.store(true, Ordering::SeqCst);
    }

    pub(crate) fn failed(&self) -> bool {
        self.failed.load(Ordering::SeqCst)
    }
}

/// A lane's progress, told to the worker's observer as the sum of every lane's unit.
pub(crate) struct LaneProgress<'a> {
    lanes: &'a Lanes<'a>,
    k: usize,
}

impl Progress for LaneProgress<'_> {
    fn update(&self, done: u64, total: u64) {
        let (done, total) = {
            let mut parts = self.lanes.parts.lock().unwrap_or_else(|p| p.into_inner());
            parts[self.k] = (done, total);
            parts
                .iter()
                .fold((0, 0), |(d, t), &(pd, pt)| (d + pd, t + pt))
        };
        self.lanes.work.progress.update(done, total);
    }

    fn searched(&self, branches: u64) {
        self.lanes.work.progress.searched(branches);
    }
}
