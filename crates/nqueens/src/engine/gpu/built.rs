//! What a plan's GPUs built for a count, as benchmarks read it (`bench/h100.sh`, through
//! `examples/gpu_residency.rs`): the shaders, the threads each ran on, what the driver made of
//! each, and the shaders of other depths built for the sake of the map. Nothing here counts.

use crate::engine::gpu::device::Executable;
use crate::engine::gpu::plan::GpuPlan;
use crate::error::{Error, GpuProblem};

/// A shader a GPU built for a count: the rows of stack its threads keep, its workgroup size,
/// the threads a stream of it starts (on a GPU, as many as the residency probe found running at
/// once), and each workgroup size the probe tried, with the threads that ran at once.
#[doc(hidden)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shader {
    pub levels: u32,
    pub workgroup: u32,
    pub threads: u32,
    pub tried: Vec<(u32, u32)>,
}

/// What a driver said it made of one shader: its executables, or why it cannot say.
#[doc(hidden)]
pub type DriverSaid = Result<Vec<Executable>, String>;

impl GpuPlan {
    /// Per GPU, its name and the shaders it built for this board (in the workgroups the count
    /// fixed, if it did), with the threads a stream of each starts. For benchmarks
    /// (`bench/h100.sh`); the shaders are built when the plan is made.
    #[doc(hidden)]
    pub fn residency(&self) -> Vec<(String, Vec<Shader>)> {
        self.gpus
            .iter()
            .map(|g| {
                let built = g.built(self.workgroup).into_iter();
                let shaders = built.map(|(levels, workgroup, threads, tried)| Shader {
                    levels,
                    workgroup,
                    threads,
                    tried,
                });
                (g.name.clone(), shaders.collect())
            })
            .collect()
    }

    /// Per GPU, its name and, for each shader of [`GpuPlan::residency`] (in the same order),
    /// what its driver says it made of it (registers, workgroup memory, instructions, as far
    /// as the driver tells), or why it cannot say. For benchmarks (`bench/h100.sh`).
    #[doc(hidden)]
    pub fn driver_statistics(&self) -> Vec<(String, Vec<DriverSaid>)> {
        self.gpus
            .iter()
            .map(|g| {
                let built = g.built(self.workgroup).into_iter();
                let read =
                    built.map(|(levels, workgroup, ..)| g.driver_statistics(workgroup, levels));
                (g.name.clone(), read.collect())
            })
            .collect()
    }

    /// Builds, on every GPU, the shader for each number of stack rows in `levels`, so that
    /// [`GpuPlan::residency`] tells how many threads of each an SM runs at once: how the
    /// device's workgroup memory is shared out, which no API says. For benchmarks
    /// (`bench/h100.sh`).
    #[doc(hidden)]
    pub fn build_levels(&self, levels: std::ops::RangeInclusive<u32>) -> Result<(), Error> {
        for g in &self.gpus {
            for l in levels.clone() {
                g.build(l, self.workgroup).map_err(|why| {
                    Error::Gpu(GpuProblem::Failed {
                        device: g.name.clone(),
                        why,
                    })
                })?;
            }
        }
        Ok(())
    }
}
