//! The counting shader built for one stack depth: its workgroup chosen by the device's
//! workgroup memory (or fixed by the count, for benchmarks), and the threads a stream starts
//! measured by a residency probe, since wgpu does not say how many workgroups a device runs at
//! once.

use super::gpu::{Gpu, Kernel};
use crate::engine::gpu::shader::source;
use crate::engine::gpu::tasks::{RECORD_BYTES, TASK_BYTES, thread_bytes};
use crate::error::GpuProblem;
use std::sync::{Arc, mpsc};

/// Threads of a stream on a software device, which runs few at once. On a GPU a stream starts
/// as many as the device runs at once, measured (see [`Gpu::resident`]): `bench/gpu-model.sh`
/// shows what that keeps busy on an H100 against a fixed number.
const SOFTWARE_THREADS: u32 = 1 << 10;
/// Threads the measure of a GPU's room dispatches: more than any GPU runs at once (an H100
/// runs at most 270,336), so that the later workgroups wait for room; a stream starts no more.
const PROBE_THREADS: u32 = 1 << 20;
/// Turns of arithmetic each thread spins for in that measure: about a millisecond on an H100,
/// long beside the microseconds a GPU takes to start every workgroup it has room for.
const PROBE_TURNS: u32 = 1 << 16;
/// The largest workgroup tried; smaller ones are used where its stack would not fit.
const MAX_WORKGROUP: u32 = 64;
/// The smallest workgroup tried on a GPU when a smaller one may run more threads at once: one
/// NVIDIA warp (a smaller one would leave lanes of its warp empty).
const MIN_WORKGROUP: u32 = 32;
/// The workgroup on a software device: one vector of its lanes. Its loop limit (see
/// `count.wgsl`) holds for all the lanes of a workgroup together, so one vector a workgroup
/// leaves each lane the most turns.
const SOFTWARE_WORKGROUP: u32 = 8;
/// Bytes of one row of a thread's walk saved between dispatches (its four 32-bit masks), and of
/// each of the three vectors saved before them.
pub(super) const SAVED_ROW_BYTES: u32 = 16;

/// A shader built: its rows of stack, its workgroup size, the threads a stream of it starts,
/// and each workgroup size the probe tried with the threads that ran at once.
pub(crate) type Built = (u32, u32, u32, Vec<(u32, u32)>);

impl Gpu {
    /// Builds the shader for threads that need `levels` rows of stack, in workgroups of
    /// `workgroup` (`None`: the size chosen for the device), unless built already: a shader the
    /// driver refuses is then an error before counting, not a failure during it.
    pub(crate) fn build(&self, levels: u32, workgroup: Option<u32>) -> Result<(), String> {
        self.kernel(levels, workgroup).map(|_| ())
    }

    /// Whether the device runs workgroups of `workgroup` threads that need `levels` rows of
    /// stack each: their stacks fit its workgroup memory, and it runs that many threads a
    /// workgroup.
    pub(crate) fn room(&self, workgroup: u32, levels: u32) -> Result<(), GpuProblem> {
        let l = &self.limits;
        let levels = levels.max(2);
        let needed = workgroup as u64 * thread_bytes(levels as usize) as u64;
        let available = l.max_compute_workgroup_storage_size as u64;
        let most_threads = l
            .max_compute_invocations_per_workgroup
            .min(l.max_compute_workgroup_size_x);
        if needed <= available && workgroup <= most_threads {
            return Ok(());
        }
        Err(GpuProblem::Workgroup {
            device: self.name.clone(),
            workgroup,
            levels,
            needed,
            available,
            most_threads,
        })
    }

    /// The shader for threads that need `levels` rows of stack, built on first use, in
    /// workgroups of `asked` threads where the count fixed them (for benchmarks; the probe
    /// then only measures the threads a stream of them starts).
    ///
    /// Otherwise its workgroup is the largest (up to [`MAX_WORKGROUP`], or
    /// [`SOFTWARE_WORKGROUP`]) whose stacks fit in the device's workgroup memory; on a GPU also
    /// half that, down to a warp ([`MIN_WORKGROUP`]), when the half runs more threads at once.
    /// The workgroups an SM holds are whole, so a smaller one can fill memory that a larger one
    /// leaves idle: on an H100, whose driver gives a shader 48 KiB an SM, 14 rows (276 bytes a
    /// thread) make workgroups of 64 threads 17,664 bytes, of which two fit (128 threads), and
    /// of 32 threads 8,832, of which five do (160).
    pub(super) fn kernel(&self, levels: u32, asked: Option<u32>) -> Result<Arc<Kernel>, String> {
        // Two at least: the shader keeps the cells below every level but the deepest.
        let levels = levels.max(2);
        let mut kernels = self.kernels.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(k) = kernels
            .iter()
            .find(|k| k.levels == levels && k.asked == asked)
        {
            return Ok(Arc::clone(k));
        }
        let (largest, smallest) = match (asked, self.software) {
            (Some(w), _) => {
                self.room(w, levels).map_err(|e| e.to_string())?;
                (w, w)
            }
            (None, true) => (SOFTWARE_WORKGROUP, SOFTWARE_WORKGROUP),
            (None, false) => (MAX_WORKGROUP, MIN_WORKGROUP),
        };
        let workgroup = (0..=largest.trailing_zeros())
            .rev()
            .map(|s| 1u32 << s)
            .find(|&w| self.room(w, levels).is_ok())
            .ok_or_else(|| "too little workgroup memory for the shader's stack".to_string())?;
        let kernel = if self.software {
            let (pipeline, layout) = self.compile(workgroup, levels)?;
            Kernel {
                levels,
                workgroup,
                asked,
                threads: SOFTWARE_THREADS,
                tried: vec![(workgroup, SOFTWARE_THREADS)],
                pipeline,
                layout,
            }
        } else {
            let mut best: Option<Kernel> = None;
            let mut tried = Vec::new();
            let mut w = workgroup;
            while w >= smallest.min(workgroup) {
                let (pipeline, layout) = self.compile(w, levels)?;
                let groups =
                    (PROBE_THREADS / w).min(self.limits.max_compute_workgroups_per_dimension);
                let threads = self
                    .resident(&pipeline, &layout, groups, PROBE_TURNS)?
                    .clamp(1, groups)
                    * w;
                tried.push((w, threads));
                if best.as_ref().is_none_or(|b| threads > b.threads) {
                    best = Some(Kernel {
                        levels,
                        workgroup: w,
                        asked,
                        threads,
                        tried: Vec::new(),
                        pipeline,
                        layout,
                    });
                }
                w /= 2;
            }
            let mut best = best.expect("the largest workgroup was tried");
            best.tried = tried;
            best
        };
        let kernel = Arc::new(kernel);
        kernels.push(Arc::clone(&kernel));
        Ok(kernel)
    }

    /// The shader built for workgroups of `workgroup` threads with `levels` rows of stack each.
    fn compile(
        &self,
        workgroup: u32,
        levels: u32,
    ) -> Result<(wgpu::ComputePipeline, wgpu::BindGroupLayout), String> {
        let source = source(workgroup, levels);
        self.checked(|| {
            let descriptor = wgpu::ShaderModuleDescriptor {
                label: Some("nqueens count"),
                source: wgpu::ShaderSource::Wgsl(source.into()),
            };
            // SAFETY: the checks left out are the index clamps and a loop-bound counter that
            // wgpu would add to the hot loop. Every index the shader uses is in range by
            // construction: a task index is below the dispatch's task count, which the task
            // buffer holds; a record index is one the host wrote for a record it uploaded; a
            // stack index is at most the record's last level, below LEVELS, which the host
            // takes as the largest of the dispatch's records (`stack_rows`). The loop ends when
            // the tasks do. A probe (see `resident`) reads only the parameters and counters.
            // Every device also proves itself on a small board before a count.
            let module = unsafe {
                self.device.create_shader_module_trusted(
                    descriptor,
                    wgpu::ShaderRuntimeChecks::unchecked(),
                )
            };
            let pipeline = self
                .device
                .create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
                    label: Some("nqueens count"),
                    layout: None,
                    module: &module,
                    entry_point: Some("main"),
                    // The stack is written before it is read: no need to clear it first.
                    compilation_options: wgpu::PipelineCompilationOptions {
                        zero_initialize_workgroup_memory: false,
                        ..Default::default()
                    },
                    cache: None,
                });
            let layout = pipeline.get_bind_group_layout(0);
            (pipeline, layout)
        })
    }

    /// The shaders built so far for workgroups `asked` (`None`: of the size chosen for the
    /// device), one per stack depth: (rows of stack, workgroup size, threads a stream of it
    /// starts, each workgroup size the probe tried with the threads that ran at once). On a GPU
    /// the threads are what the residency probe measured, capped by the buffer limits, so a
    /// benchmark can report what a count really ran with.
    pub(crate) fn built(&self, asked: Option<u32>) -> Vec<Built> {
        let kernels = self.kernels.lock().unwrap_or_else(|p| p.into_inner());
        let mut built: Vec<Built> = kernels
            .iter()
            .filter(|k| k.asked == asked)
            .map(|k| (k.levels, k.workgroup, self.threads(k), k.tried.clone()))
            .collect();
        built.sort_unstable();
        built
    }

    /// Threads a stream of `kernel` starts: as many as the device runs at once, or fewer where
    /// its largest buffer cannot hold their saved walks.
    pub(super) fn threads(&self, kernel: &Kernel) -> u32 {
        let per = (3 + kernel.levels as u64) * SAVED_ROW_BYTES as u64;
        let most = self
            .limits
            .max_storage_buffer_binding_size
            .min(self.limits.max_buffer_size)
            / per;
        kernel.threads.min(most as u32).max(1)
    }

    /// How many workgroups of `pipeline` the device runs at once, which wgpu does not say: the
    /// most that were at work together in a dispatch of `groups` workgroups whose threads
    /// each spin for `turns` turns (the shader's `probe`).
    pub(super) fn resident(
        &self,
        pipeline: &wgpu::ComputePipeline,
        layout: &wgpu::BindGroupLayout,
        groups: u32,
        turns: u32,
    ) -> Result<u32, String> {
        use wgpu::BufferUsages as U;
        let (tx, rx) = mpsc::channel();
        let (index, read) = self.checked(|| {
            // The shader's buffers, as small as it accepts: a probe reads only the parameters
            // and the counters.
            let sizes = [TASK_BYTES as u64, RECORD_BYTES as u64, 16, 16, 16, 16];
            let usage = |i: usize| match i {
                3 => U::STORAGE | U::COPY_SRC,
                4 => U::UNIFORM | U::COPY_DST,
                _ => U::STORAGE,
            };
            let buffers: Vec<wgpu::Buffer> = sizes
                .iter()
                .enumerate()
                .map(|(i, &size)| self.buffer("probe", size, usage(i)))
                .collect();
            let read = self.buffer("probe read", 16, U::MAP_READ | U::COPY_DST);
            let bind = self.bind(layout, &buffers.iter().collect::<Vec<_>>());
            let mut params = [0u8; 16];
            params[8..12].copy_from_slice(&turns.to_le_bytes());
            params[12..16].copy_from_slice(&1u32.to_le_bytes());
            self.queue.write_buffer(&buffers[4], 0, &params);
            let mut encoder = self.device.create_command_encoder(&Default::default());
            {
                let mut pass = encoder.begin_compute_pass(&Default::default());
                pass.set_pipeline(pipeline);
                pass.set_bind_group(0, &bind, &[]);
                pass.dispatch_workgroups(groups, 1, 1);
            }
            encoder.copy_buffer_to_buffer(&buffers[3], 0, &read, 0, 16);
            let index = self.queue.submit([encoder.finish()]);
            read.map_async(wgpu::MapMode::Read, .., move |r| {
                let _ = tx.send(r);
            });
            (index, read)
        })?;
        self.wait(index, &rx)?;
        let most = {
            let view = read.get_mapped_range(..).map_err(|e| e.to_string())?;
            u32::from_le_bytes(view[4..8].try_into().expect("four bytes"))
        };
        read.unmap();
        Ok(most)
    }
}

#[cfg(test)]
mod tests {
    use super::super::adapters::open;
    use super::*;
    use crate::machine::GpuDevice;

    #[test]
    fn the_probe_finds_the_workgroups_at_work_together() {
        let gpus = open(GpuDevice::default()).expect("a GPU (or Mesa's software Vulkan device)");
        let gpu = &gpus[0];
        let k = gpu.kernel(8, None).unwrap();
        // One workgroup is one at work.
        assert_eq!(gpu.resident(&k.pipeline, &k.layout, 1, 64), Ok(1));
        // Many spinning a while: some at once, never more than were dispatched.
        let most = gpu.resident(&k.pipeline, &k.layout, 64, 1 << 12).unwrap();
        eprintln!("{}: {most} of 64 workgroups at once", gpu.name);
        assert!((1..=64).contains(&most), "{most}");
        // A probe touches no stream: counting after one is exact (the plan's tests count).
        let threads = if gpu.software {
            SOFTWARE_THREADS
        } else {
            k.threads
        };
        assert_eq!(gpu.threads(&k), threads);
    }

    #[test]
    fn a_workgroup_fixed_by_the_count_is_built_as_asked_or_refused_with_its_bytes() {
        let gpus = open(GpuDevice::default()).expect("a GPU (or Mesa's software Vulkan device)");
        let gpu = &gpus[0];
        eprintln!(
            "{}: {} bytes of workgroup memory, {} threads a workgroup",
            gpu.name,
            gpu.limits.max_compute_workgroup_storage_size,
            gpu.limits.max_compute_invocations_per_workgroup
        );
        let fixed = gpu.kernel(5, Some(2)).unwrap();
        assert_eq!((fixed.levels, fixed.workgroup), (5, 2));
        // No search: the probe measures the one size asked for.
        assert_eq!(fixed.tried.len(), 1);
        assert_eq!(fixed.tried[0], (2, fixed.threads));
        // The device's own choice is another shader, kept apart.
        let own = gpu.kernel(5, None).unwrap();
        assert!(!Arc::ptr_eq(&fixed, &own));
        assert!(Arc::ptr_eq(&fixed, &gpu.kernel(5, Some(2)).unwrap()));
        assert!(gpu.built(Some(2)).iter().all(|b| b.1 == 2));
        assert!(gpu.built(Some(2)).iter().any(|b| b.0 == 5));
        // 256 threads of 16 rows need 80,896 bytes, more than any device wgpu serves gives a
        // workgroup; one thread of two rows fits every device.
        let needed = 256 * thread_bytes(16) as u64;
        assert_eq!(needed, 80_896);
        match gpu.room(256, 16) {
            Err(GpuProblem::Workgroup {
                workgroup: 256,
                levels: 16,
                needed: n,
                available,
                ..
            }) => assert!(n == needed && available < needed, "{available}"),
            other => panic!("{other:?}"),
        }
        let refused = gpu.kernel(16, Some(256)).err().expect("refused");
        assert!(refused.contains("80896 bytes"), "{refused}");
        assert_eq!(gpu.room(1, 2), Ok(()));
    }
}
