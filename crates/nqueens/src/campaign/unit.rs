//! The counting of one claimed unit, the heart of a worker: from the unit's partial
//! checkpoint, on the one runner that every count uses, with a heartbeat beside it that keeps
//! the claim alive, saves the work so far, and stops the count where the claim is lost; then the
//! unit's result, written once. It needs of the campaign only its open folder and the engine
//! the worker opened once ([`Counter`]: the processor's cores, or GPUs counting the same split),
//! so it lives apart from the campaign's other steps.

use super::claim;
use super::ledger::{
    CLAIMS, CONFLICTS, Folder, METHOD, PARTIAL, RESULTS, io_error, partial_name, problem,
    result_name,
};
use super::record::{Partial, Unit, UnitResult};
use super::work::{Engine, Event, Work};
use crate::counts::Counts;
use crate::dispatch;
use crate::error::{CampaignProblem, Error};
use crate::machine::{GpuDevice, GpuTuning};
use crate::method::Method;
use crate::plan::Plan;
use crate::progress::{Progress, Watch};
use crate::run::checkpoint::atomic::{create_atomically, write_atomically};
use crate::run::runner::{Runner, Stopwatch, subproblem_list};
use std::collections::BTreeMap;
use std::fs;
use std::io;
use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The engine a worker counts every unit on: the campaign's own split on the processor's cores,
/// or the GPUs' plan of that same split (the same subproblems, numbered alike, so its counts
/// are the split's).
pub(crate) struct Counter {
    gpus: Option<Box<dyn Plan>>,
    pub method: Method,
    pub device: String,
    pub software: bool,
    pub threads: usize,
}

impl Counter {
    /// Opens what `work` asks for, for the campaign whose folder is `folder`.
    pub(crate) fn open(folder: &Folder, work: &Work) -> Result<Counter, Error> {
        let threads = work.threads.max(1);
        let processor = || Counter {
            gpus: None,
            method: METHOD,
            device: match threads {
                1 => "cpu, 1 thread".to_string(),
                t => format!("cpu, {t} threads"),
            },
            software: false,
            threads,
        };
        let devices = match work.engine {
            Engine::Processor => return Ok(processor()),
            Engine::Best if !Method::Gpu.is_built() => return Ok(processor()),
            Engine::Best => GpuDevice::All,
            Engine::Gpus(devices) => devices,
        };
        let n = folder.split.id().n;
        let opened = match dispatch::open(
            Method::Gpu,
            n,
            devices,
            GpuTuning::default(),
            &Watch::none(),
        ) {
            Ok(opened) => opened.expect("a watch without a stop flag never stops"),
            // The best engine is the processor where no GPU can be used.
            Err(Error::Gpu(_)) if work.engine == Engine::Best => return Ok(processor()),
            Err(e) => return Err(e),
        };
        if opened.software && work.engine == Engine::Best {
            return Ok(processor());
        }
        // The GPUs count the symmetry engine's split by its own numbering; a build where the
        // two differed would add counts of other subproblems, so it is refused, not trusted.
        if opened.plan.id() != folder.split.id() {
            return Err(problem(folder.dir, CampaignProblem::OtherSplit));
        }
        Ok(Counter {
            method: Method::Gpu,
            device: format!("gpu: {}", opened.devices.join(", ")),
            software: opened.software,
            // Each GPU is fed by a thread of its own, with one to spare for the next piece.
            threads: threads.max(opened.devices.len() + 1),
            gpus: Some(opened.plan),
        })
    }

    fn plan<'a>(&'a self, folder: &'a Folder) -> &'a dyn Plan {
        self.gpus.as_deref().unwrap_or(folder.split)
    }
}

/// How the count of a unit ended.
pub(crate) enum UnitEnd {
    Counted,
    Stopped,
    Lost,
}

/// The unit's partial checkpoint, where one holds; anything else there is ignored (the
/// unit is then counted from its start).
fn read_partial(folder: &Folder, unit: Unit) -> Partial {
    let path = folder.dir.join(PARTIAL).join(partial_name(unit.id));
    fs::read_to_string(path)
        .ok()
        .and_then(|t| Partial::read(&t, folder.checksum, unit).ok())
        .filter(|p| {
            p.done
                .iter()
                .all(|(i, c)| folder.split.admits(*i, c).is_ok())
        })
        .unwrap_or_default()
}

pub(crate) fn save_partial(folder: &Folder, unit: Unit, partial: &Partial) -> Result<(), Error> {
    let path = folder.dir.join(PARTIAL).join(partial_name(unit.id));
    write_atomically(&path, partial.write(folder.checksum, unit).as_bytes())
        .map_err(io_error("write", &path))
}

/// Counts `unit`, claimed at `claim_path` under `generation`, from its partial checkpoint.
pub(crate) fn count_unit(
    folder: &Folder,
    unit: Unit,
    claim_path: &Path,
    generation: u64,
    work: &Work,
    counter: &Counter,
    host: &str,
) -> Result<UnitEnd, Error> {
    let before = read_partial(folder, unit);
    let resumed = before.done.len();
    let done: Mutex<BTreeMap<usize, Counts>> = Mutex::new(before.done.into_iter().collect());
    let remaining: Vec<usize> = {
        let done = done.lock().unwrap();
        unit.indices().filter(|i| !done.contains_key(i)).collect()
    };
    let mut list = subproblem_list(folder.split, remaining.len())?;
    list.extend_from_slice(&remaining);
    (work.events)(&Event::Claimed {
        unit,
        generation,
        resumed,
    });
    let claims = folder.dir.join(CLAIMS);
    let beat_every = (work.stale / 4).max(Duration::from_millis(50));
    let unit_stop = AtomicBool::new(false);
    let finished = AtomicBool::new(false);
    let lost = AtomicBool::new(false);
    let clock = Stopwatch::start();
    let seconds = |clock: &Stopwatch| before.seconds + clock.elapsed().as_secs_f64();
    let save_failed: Mutex<Option<Error>> = Mutex::new(None);
    std::thread::scope(|s| {
        s.spawn(|| {
            let mut last_beat = Instant::now();
            let mut saved = resumed;
            while !finished.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(20));
                if work.stopped() || work.past_until() {
                    unit_stop.store(true, Ordering::Relaxed);
                }
                if last_beat.elapsed() < beat_every {
                    continue;
                }
                last_beat = Instant::now();
                if !claim::beat(&claims, claim_path, unit.id, generation) {
                    lost.store(true, Ordering::Relaxed);
                    unit_stop.store(true, Ordering::Relaxed);
                    continue;
                }
                let partial = {
                    let done = done.lock().unwrap();
                    (done.len() > saved).then(|| Partial {
                        done: done.iter().map(|(&i, &c)| (i, c)).collect(),
                        seconds: seconds(&clock),
                    })
                };
                if let Some(p) = partial {
                    saved = p.done.len();
                    if let Err(e) = save_partial(folder, unit, &p) {
                        *save_failed.lock().unwrap() = Some(e);
                        unit_stop.store(true, Ordering::Relaxed);
                    }
                }
            }
        });
        let runner = Runner {
            plan: counter.plan(folder),
            threads: counter.threads,
            progress: &UnitWatch {
                work,
                stop: &unit_stop,
            },
            stop: Some(&unit_stop),
            done_before: resumed as u64,
            total: unit.len() as u64,
        };
        runner.run(list, &|i, c| {
            done.lock().unwrap().insert(i, c);
        });
        finished.store(true, Ordering::Relaxed);
    });
    if let Some(e) = save_failed.into_inner().unwrap() {
        let _ = fs::remove_file(claim_path);
        return Err(e);
    }
    let done = done.into_inner().unwrap();
    if lost.load(Ordering::Relaxed) {
        let _ = fs::remove_file(claim_path);
        (work.events)(&Event::Lost { unit });
        return Ok(UnitEnd::Lost);
    }
    if done.len() < unit.len() {
        // Stopped: the work so far is kept for whoever takes the unit next, and the claim
        // let go so that it need not wait to go stale.
        let partial = Partial {
            done: done.into_iter().collect(),
            seconds: seconds(&clock),
        };
        let kept = partial.done.len();
        let saved = save_partial(folder, unit, &partial);
        let _ = fs::remove_file(claim_path);
        saved?;
        (work.events)(&Event::Stopped { unit, done: kept });
        return Ok(UnitEnd::Stopped);
    }
    let counts: Vec<Counts> = done.into_values().collect();
    let total = counts
        .iter()
        .try_fold(folder.split.zero(), |a, &c| a.checked_add(c))
        .ok_or_else(|| problem(folder.dir, CampaignProblem::Overflow))?;
    let result = UnitResult {
        unit,
        counts,
        total,
        method: counter.method,
        device: counter.device.clone(),
        version: env!("CARGO_PKG_VERSION").to_string(),
        host: host.to_string(),
        seconds: seconds(&clock),
    };
    let text = result.write(folder.checksum);
    let path = folder.dir.join(RESULTS).join(result_name(unit.id));
    match create_atomically(&path, text.as_bytes()) {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
            // Another worker counted it too (its claim went stale while it still ran):
            // where the two differ, this count is kept beside the other for a check.
            if !matches!(folder.read_result(unit), Ok(Some(ref r)) if r.counts == result.counts) {
                let other = folder.dir.join(CONFLICTS).join(format!(
                    "{}.{generation}.{}",
                    result_name(unit.id),
                    std::process::id()
                ));
                write_atomically(&other, text.as_bytes()).map_err(io_error("write", &other))?;
            }
        }
        Err(e) => return Err(io_error("write", &path)(e)),
    }
    let _ = fs::remove_file(folder.dir.join(PARTIAL).join(partial_name(unit.id)));
    let _ = fs::remove_file(claim_path);
    (work.events)(&Event::Counted {
        unit,
        counts: result.total,
        seconds: result.seconds,
    });
    Ok(UnitEnd::Counted)
}

/// The progress observer of a unit's count: tells the worker's observer, and passes the worker's
/// stop (or its time running out) on to the unit at once, between two subproblems, where the
/// heartbeat's thread would pass it on a moment later.
struct UnitWatch<'a> {
    work: &'a Work<'a>,
    stop: &'a AtomicBool,
}

impl UnitWatch<'_> {
    fn pass_stop(&self) {
        if self.work.stopped() || self.work.past_until() {
            self.stop.store(true, Ordering::Relaxed);
        }
    }
}

impl Progress for UnitWatch<'_> {
    fn update(&self, done: u64, total: u64) {
        self.work.progress.update(done, total);
        self.pass_stop();
    }

    fn searched(&self, branches: u64) {
        self.work.progress.searched(branches);
        self.pass_stop();
    }
}
