//! Counting on GPUs ([`crate::Method::Gpu`]): the symmetry engine's constellations, cut into
//! millions of small searches that a GPU's threads run side by side.
//!
//! The split is the symmetry engine's ([`crate::engine::constellation`]), one subproblem per
//! canonical constellation, with the same numbering and the same identity, so that threads,
//! progress, checkpoints, shards and cluster runs all work through the one runner, and work
//! counted on GPUs adds up with work counted on CPUs. Below that:
//!
//! - `tasks`: the CPU places the first rows of each constellation's search; every placement
//!   that leaves the next row a free cell is a task, as masks, and the layout of the rows left
//!   is described in words the shader reads;
//! - `count.wgsl`: the shader; each thread takes task after task and walks its rows with bit
//!   masks and a stack in workgroup memory, one short step per turn of its loop, counting
//!   the last row's free cells at once, and writes each task's count as two 32-bit words;
//! - `device`: the GPUs through wgpu (Vulkan, Metal, DirectX 12), runs of tasks counted over
//!   dispatches of about 50 ms each, threads keeping their walks between them;
//! - `feed`: one queue of pieces of work, and a thread per GPU that takes the next piece
//!   whenever its GPU has room (work shared by demand);
//! - `plan`: the plan the runner counts through; it sums the tasks' counts per
//!   constellation and combines them with the symmetric completions as the symmetry engine
//!   does;
//! - `shader`: the shader's source, which the engine compiles;
//! - `built`: what a plan's GPUs built for a count (shaders, threads, what each driver made
//!   of them), as benchmarks read it.
//!
//! The shader's loop is also played on the CPU, lanes in lockstep, by a development tool
//! (`tools/gpu-model`, run by `bench/gpu-model.sh`) that measures a kernel's design without a
//! GPU; it reads `tasks` and the shader through the crate's hidden internals.
//!
//! All but [`health`] (what went wrong on them) and `tasks`
//! (plain CPU code, which the tool reads) need the crate feature `gpu`; without it, a count on
//! GPUs is refused with [`crate::error::GpuProblem::NotBuilt`].

#[cfg(feature = "gpu")]
mod built;
#[cfg(feature = "gpu")]
pub(crate) mod device;
#[cfg(feature = "gpu")]
mod feed;
pub mod health;
#[cfg(feature = "gpu")]
pub mod plan;
pub(crate) mod shader;
// Built without the feature too, for the model's tool; only the engine uses all of it.
#[cfg_attr(not(feature = "gpu"), allow(dead_code))]
pub(crate) mod tasks;

use crate::error::Error;
#[cfg(not(feature = "gpu"))]
use crate::error::GpuProblem;
use crate::machine::{GpuDevice, GpuTuning};
use crate::plan::Plan;
use health::Health;
use std::sync::Arc;

/// A count's plan on GPUs, the GPUs' names, and where their failures are recorded.
pub struct Opened {
    /// The plan: the symmetry engine's split, counted on the GPUs.
    pub plan: Box<dyn Plan>,
    /// The GPUs, by name.
    pub devices: Vec<String>,
    /// Their failures during the count, and the work the CPU took over.
    pub health: Arc<Health>,
    /// Whether any of them is a software device (a processor standing in for a GPU).
    pub software: bool,
}

/// The plan of a count on GPUs for the n×n board, on the GPUs `devices` names, with what
/// `tuning` fixes. Refused without the crate feature `gpu`, and where no GPU can be used.
pub fn open(n: usize, devices: GpuDevice, tuning: GpuTuning) -> Result<Opened, Error> {
    #[cfg(feature = "gpu")]
    {
        let plan = plan::GpuPlan::tuned(n, devices, tuning)?;
        Ok(Opened {
            devices: plan.devices(),
            software: plan.software(),
            health: plan.health(),
            plan: Box::new(plan),
        })
    }
    #[cfg(not(feature = "gpu"))]
    {
        let _ = (n, devices, tuning);
        Err(Error::Gpu(GpuProblem::NotBuilt))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::GpuProblem;
    use crate::method::Method;

    #[test]
    fn the_plan_on_gpus_counts_as_the_symmetry_engine_or_says_why_not() {
        match open(8, GpuDevice::default(), GpuTuning::default()) {
            Ok(opened) => {
                assert!(!opened.devices.is_empty());
                let plan = &opened.plan;
                let sum = (0..plan.len())
                    .map(|i| plan.count_one(i))
                    .fold(plan.zero(), |a, b| a + b);
                assert_eq!((sum.total, sum.unique), (92, Some(12)));
                assert!(opened.health.failures().is_empty());
            }
            Err(Error::Gpu(GpuProblem::NotBuilt)) => assert!(!Method::Gpu.is_built()),
            Err(Error::Gpu(_)) => {} // no GPU here
            Err(e) => panic!("{e}"),
        }
    }
}
