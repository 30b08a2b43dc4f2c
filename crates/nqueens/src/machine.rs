//! What a count may use of the machine it runs on: worker threads ([`MAX_THREADS`]), memory
//! ([`MEMORY_LIMIT`]), the processor's features that the fast kernels are built for ([`cpu`]),
//! and the GPUs ([`GpuDevice`]).
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

use crate::error::{Error, InputKind};
use std::fmt;
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
