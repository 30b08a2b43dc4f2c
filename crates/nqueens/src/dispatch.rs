//! The code behind each method, reached through one match ([`engine`]): the plan it counts
//! through, the walk it lists with, the memory limit it counts within.
//!
//! What a method can do is said by its description ([`crate::method`]); the front doors
//! ([`crate::counting`], [`crate::listing`]) decide from it what to serve and what to refuse,
//! and come here only for the code. A new method therefore needs one arm below and nothing else
//! in this crate's machinery.

use crate::engine::constellation::SymmetryPlan;
use crate::engine::gpu::{self, health::Health};
use crate::engine::halves::{self, HalvesPlan};
use crate::error::{Error, Task};
use crate::machine::{GpuDevice, GpuTuning};
use crate::method::Method;
use crate::plan::Plan;
use crate::progress::Watch;
use crate::puzzle::Puzzle;
use crate::reference::bitmask::{self, BitmaskPlan};
use crate::reference::walk::Solutions;
use crate::reference::whole::WholeBoard;
use crate::reference::{naive, sets};
use std::sync::Arc;

/// The code behind one method.
struct Engine {
    open: Open,
    /// None for a method that does not complete boards.
    complete: Option<Complete>,
    /// None for a method that only counts.
    list: Option<List>,
    /// None for a method without a memory limit.
    memory: Option<MemoryCheck>,
}

/// A method's plan for the n×n board, on the GPUs named and with the settings fixed for them
/// (read by a method that counts on them),
/// heeding the watch while the plan is built (read by a method whose plan takes long): `None`
/// when the watch asked to stop first. A method with a memory limit builds it unchecked: see
/// [`fits`].
type Open = fn(usize, GpuDevice, GpuTuning, &Watch) -> Result<Option<Opened>, Error>;

/// A method's plan for the completions of a partly filled board.
type Complete = fn(&Puzzle) -> Box<dyn Plan>;

/// A method's walk over every solution of the n×n board.
type List = fn(usize) -> Result<Solutions, Error>;

/// The check of a method's memory limit for n on a number of threads.
type MemoryCheck = fn(usize, usize) -> Result<(), Error>;

/// The one place that names the code behind each method.
fn engine(method: Method) -> Engine {
    match method {
        Method::Naive => Engine {
            open: |n, _, _, _| {
                let plan = WholeBoard::new(Method::Naive, n, naive::solutions)?;
                Ok(Some(Opened::cpu(Box::new(plan))))
            },
            complete: None,
            list: Some(naive::solutions),
            memory: None,
        },
        Method::Sets => Engine {
            open: |n, _, _, _| {
                let plan = WholeBoard::new(Method::Sets, n, sets::solutions)?;
                Ok(Some(Opened::cpu(Box::new(plan))))
            },
            complete: None,
            list: Some(sets::solutions),
            memory: None,
        },
        Method::Bitmask => Engine {
            open: |n, _, _, _| Ok(Some(Opened::cpu(Box::new(BitmaskPlan::new(n)?)))),
            complete: Some(|p| Box::new(p.plan())),
            list: Some(bitmask::solutions),
            memory: None,
        },
        // It counts classes without building boards, so it lists with the bit-mask walk.
        Method::Symmetry => Engine {
            open: |n, _, _, watch| {
                let plan = SymmetryPlan::watched(n, watch)?;
                Ok(plan.map(|p| Opened::cpu(Box::new(p))))
            },
            complete: None,
            list: Some(bitmask::solutions),
            memory: None,
        },
        Method::Halves => Engine {
            open: |n, _, _, _| Ok(Some(Opened::cpu(Box::new(HalvesPlan::fitting(n)?)))),
            complete: None,
            list: None,
            memory: Some(halves::check_memory),
        },
        Method::Gpu => Engine {
            open: |n, devices, tuning, _| Ok(Some(Opened::gpu(gpu::open(n, devices, tuning)?))),
            complete: None,
            list: None,
            memory: None,
        },
    }
}

/// A count's plan, and the GPUs it runs on if any.
pub(crate) struct Opened {
    /// The plan.
    pub plan: Box<dyn Plan>,
    /// The GPUs, by name (none for a count on CPUs).
    pub devices: Vec<String>,
    /// Where the GPUs' failures are recorded, for a count on GPUs.
    pub health: Option<Arc<Health>>,
    /// Whether any of the GPUs is a software device (a processor standing in for a GPU).
    pub software: bool,
}

impl Opened {
    fn cpu(plan: Box<dyn Plan>) -> Opened {
        Opened {
            plan,
            devices: Vec::new(),
            health: None,
            software: false,
        }
    }

    fn gpu(opened: gpu::Opened) -> Opened {
        Opened {
            plan: opened.plan,
            devices: opened.devices,
            health: Some(opened.health),
            software: opened.software,
        }
    }
}

/// The plan of `method` for the n×n board, for a count whose memory [`fits`] has checked
/// already: on the GPUs `devices` names, with `tuning` (for a method that counts on them),
/// heeding `watch`
/// while it is built (`None` when it asked to stop first).
pub(crate) fn open(
    method: Method,
    n: usize,
    devices: GpuDevice,
    tuning: GpuTuning,
    watch: &Watch,
) -> Result<Option<Opened>, Error> {
    (engine(method).open)(n, devices, tuning, watch)
}

/// The plan of `method` for the completions of `puzzle`; refused for a method that does not
/// count them.
pub(crate) fn complete(method: Method, puzzle: &Puzzle) -> Result<Opened, Error> {
    match engine(method).complete {
        Some(plan) => Ok(Opened::cpu(plan(puzzle))),
        None => Err(Error::unsupported(method, Task::CountPuzzle)),
    }
}

/// The plan of `method` for the n×n board built alone (not for a count), its memory checked
/// for one thread, on the first GPU (for a method that counts on GPUs), heeding `watch` (`None`
/// when it asked to stop first).
pub(crate) fn plan(
    method: Method,
    n: usize,
    watch: &Watch,
) -> Result<Option<Box<dyn Plan>>, Error> {
    // A board out of the method's range is refused by its plan, with the range, before any
    // memory is estimated for it.
    if (1..=method.max_n()).contains(&n) {
        fits(method, n, 1)?;
    }
    Ok(open(method, n, GpuDevice::default(), GpuTuning::default(), watch)?.map(|o| o.plan))
}

/// Every solution for the n×n board, by the walk of `method`; refused for a method that does
/// not list.
pub(crate) fn solutions(method: Method, n: usize) -> Result<Solutions, Error> {
    match engine(method).list {
        Some(list) => list(n),
        None => Err(Error::unsupported(method, Task::List)),
    }
}

/// Checks that `method` counts the n×n board on `threads` threads within its memory limit, if
/// it has one; the error names the most threads that fit, if one does. A count makes this
/// estimate once and builds its plan unchecked.
pub(crate) fn fits(method: Method, n: usize, threads: usize) -> Result<(), Error> {
    match engine(method).memory {
        Some(check) => check(n, threads),
        None => Ok(()),
    }
}
