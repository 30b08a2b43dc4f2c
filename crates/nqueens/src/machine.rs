//! What a count may use of the machine it runs on: worker threads ([`MAX_THREADS`]), memory
//! ([`MEMORY_LIMIT`]), the processor's features that the fast kernels are built for ([`cpu`]),
//! and the GPUs ([`GpuDevice`], and [`GpuTuning`] for benchmarks).
//!
//! ```
//! use nqueens::machine::{GpuDevice, MAX_THREADS};
//!
//! let report = nqueens::Count::new(8).threads(MAX_THREADS.min(2)).run().unwrap();
//! assert_eq!(report.counts.total, 92);
//! assert_eq!("all".parse::<GpuDevice>().unwrap(), GpuDevice::All);
//! ```
//!
//! A request names its choice of GPUs in every build, so that a build without GPU support
//! refuses it with the same words as any other refusal.

pub mod cpu;

use crate::error::{Error, InputKind, Quantity};
use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;

/// The most worker threads a count takes.
///
/// ```
/// use nqueens::{Count, machine::MAX_THREADS};
///
/// assert!(Count::new(8).threads(MAX_THREADS + 1).run().is_err());
/// ```
pub const MAX_THREADS: usize = 1024;

/// The most memory (bytes) the halves method may plan to use for its tables; larger boards are
/// refused. A process whose address space is limited (`ulimit -v`) plans for less: half of what
/// is left of it, when that is under this limit.
///
/// ```
/// use nqueens::{Count, Error, Method, machine::MEMORY_LIMIT};
///
/// let err = Count::new(23).method(Method::Halves).threads(1024).run().unwrap_err();
/// assert!(matches!(err, Error::Memory { limit, .. } if limit <= MEMORY_LIMIT));
/// ```
pub const MEMORY_LIMIT: u64 = 4 << 30;

/// The GPUs a count with [`crate::Method::Gpu`] uses.
///
/// Adapters are numbered from 0: real GPUs first (discrete, integrated, virtual), software
/// devices (such as Mesa's lavapipe) last, each kind in the order the driver lists them.
///
/// ```
/// use nqueens::machine::GpuDevice;
///
/// assert_eq!("1".parse::<GpuDevice>().unwrap(), GpuDevice::Index(1));
/// assert_eq!("all".parse::<GpuDevice>().unwrap(), GpuDevice::All);
/// assert_eq!(GpuDevice::default(), GpuDevice::Index(0));
/// assert_eq!(GpuDevice::All.to_string(), "all");
/// assert_eq!(GpuDevice::Spread(3).to_string(), "3 (counted round the GPUs)");
/// assert!("first".parse::<GpuDevice>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GpuDevice {
    /// The adapter with this index (0, the first, unless told otherwise).
    Index(usize),
    /// Every GPU of the machine, each taking the next piece of work whenever it is free.
    /// Software devices join only on a machine without a real GPU.
    All,
    /// One GPU, number `k` counted round the machine's GPUs (real ones only, unless there are
    /// none): how the processes of a cluster job that share a machine spread over its GPUs,
    /// each passing its rank on that machine. It never names a GPU that is not there.
    Spread(usize),
}

impl Default for GpuDevice {
    fn default() -> GpuDevice {
        GpuDevice::Index(0)
    }
}

impl fmt::Display for GpuDevice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GpuDevice::Index(i) => write!(f, "{i}"),
            GpuDevice::All => f.write_str("all"),
            GpuDevice::Spread(k) => write!(f, "{k} (counted round the GPUs)"),
        }
    }
}

impl FromStr for GpuDevice {
    type Err = Error;
    fn from_str(s: &str) -> Result<GpuDevice, Error> {
        let t = s.trim();
        if t == "all" {
            return Ok(GpuDevice::All);
        }
        let digits = !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
        match t.parse::<usize>() {
            Ok(i) if digits => Ok(GpuDevice::Index(i)),
            _ => Err(Error::Invalid {
                what: InputKind::GpuDevice,
                text: s.to_string(),
                expected: "a device index (0, 1, ...) or 'all'".to_string(),
            }),
        }
    }
}

/// The workgroup sizes a count on GPUs may be fixed to ([`GpuTuning::workgroup`]): the powers
/// of two in this range. 256 is the most threads a workgroup has on every device wgpu serves.
///
/// ```
/// use nqueens::machine::GPU_WORKGROUPS;
///
/// assert_eq!((*GPU_WORKGROUPS.start(), *GPU_WORKGROUPS.end()), (1, 256));
/// ```
pub const GPU_WORKGROUPS: RangeInclusive<u32> = 1..=256;

/// The rows a task on a GPU may be fixed to leave ([`GpuTuning::task_rows`]). The shader walks
/// at least one row and counts the free cells of the next; at the other end, a task of `r` rows
/// keeps `r - 1` rows of stack, and the layout record the shader reads describes at most 16.
///
/// ```
/// use nqueens::machine::GPU_TASK_ROWS;
///
/// assert!(GPU_TASK_ROWS.contains(&2) && GPU_TASK_ROWS.contains(&17));
/// ```
pub const GPU_TASK_ROWS: RangeInclusive<usize> = 2..=17;

/// What a count on GPUs would otherwise choose for itself, fixed, so that one call on a GPU
/// can time variants side by side: they change the speed, never the count. Set through
/// [`Count::gpu_workgroup`](crate::Count::gpu_workgroup) and
/// [`Count::gpu_task_rows`](crate::Count::gpu_task_rows).
///
/// ```
/// use nqueens::machine::GpuTuning;
///
/// let tuning = GpuTuning { workgroup: Some(32), task_rows: Some(9) };
/// assert!(tuning.check().is_ok());
/// assert!(GpuTuning { workgroup: Some(48), task_rows: None }.check().is_err());
/// assert!(GpuTuning { workgroup: None, task_rows: Some(18) }.check().is_err());
/// assert!(GpuTuning::default().is_default());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GpuTuning {
    /// The threads of a workgroup, a power of two in [`GPU_WORKGROUPS`]; `None`: the largest
    /// whose stacks fit the device's workgroup memory, or on a GPU half of it when the
    /// residency probe finds the half runs more threads at once.
    pub workgroup: Option<u32>,
    /// The rows each task leaves to a GPU thread, in [`GPU_TASK_ROWS`]; `None`: one more every
    /// three board sizes (fewer on a software device).
    pub task_rows: Option<usize>,
}

impl GpuTuning {
    /// Whether nothing is fixed.
    pub fn is_default(&self) -> bool {
        *self == GpuTuning::default()
    }

    /// Refuses a workgroup that is not a power of two in [`GPU_WORKGROUPS`] and task rows
    /// outside [`GPU_TASK_ROWS`]. Whether a workgroup's stacks fit a device is known only once
    /// it is opened: a count refuses one that does not with
    /// [`GpuProblem::Workgroup`](crate::error::GpuProblem::Workgroup).
    pub fn check(&self) -> Result<(), Error> {
        if let Some(w) = self.workgroup
            && !(w.is_power_of_two() && GPU_WORKGROUPS.contains(&w))
        {
            return Err(Error::Invalid {
                what: InputKind::GpuWorkgroup,
                text: w.to_string(),
                expected: format!(
                    "a power of two from {} to {}",
                    GPU_WORKGROUPS.start(),
                    GPU_WORKGROUPS.end()
                ),
            });
        }
        if let Some(r) = self.task_rows
            && !GPU_TASK_ROWS.contains(&r)
        {
            return Err(Error::out_of_range(
                Quantity::GpuTaskRows,
                r,
                *GPU_TASK_ROWS.start(),
                *GPU_TASK_ROWS.end(),
            ));
        }
        Ok(())
    }
}
