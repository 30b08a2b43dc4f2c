//! The GPUs, through wgpu: finding the adapters, opening each once per process, and running the
//! counting shader (`count.wgsl`) on a piece of tasks.
//!
//! wgpu speaks Vulkan, Metal and DirectX 12, so one build runs on NVIDIA, AMD, Intel and Apple
//! GPUs, and on Mesa's software Vulkan device (lavapipe), where the tests run the real shader.
//! Its calls that return futures are ready at once on these backends; [`ready`] polls them
//! without an async runtime.
//!
//! A run of tasks is counted over dispatches of a bounded number of turns, learnt from the
//! device's measured speed so that each takes about 50 ms: long enough that starting it costs
//! nothing, short enough that a stop is heeded at once and a desktop GPU's watchdog (which
//! resets a GPU busy for about two seconds) never fires; threads save their walks between
//! dispatches (see `count.wgsl`). Errors are caught, never left to wgpu's default
//! handler, which would panic: a device that fails reports why, and the count goes on without it.

use crate::engine::gpu::select::GpuDevice;
use crate::engine::gpu::tasks::TASK_BYTES;
use crate::error::{Error, GpuProblem};
use std::future::Future;
use std::pin::pin;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex, OnceLock, mpsc};
use std::task::{Context, Poll, Waker};
use std::time::Instant;

/// The shader, completed at run time by two constants (see [`Gpu::kernel`]).
const SHADER: &str = include_str!("count.wgsl");

/// Tasks of one run on a GPU (64 MiB of tasks at most, within every device's buffer limits):
/// threads take them until none is left, over as many dispatches as that takes.
pub(crate) const MAX_DISPATCH: usize = 1 << 22;
/// Tasks of one run on a GPU, and on a software device (which counts some thousand times
/// slower: a small run keeps its batches short).
const RUN_TASKS: usize = 1 << 22;
const SOFTWARE_RUN_TASKS: usize = 1 << 12;
/// How long a dispatch should take, in seconds: short enough that a stop is heeded at once and
/// a desktop GPU's watchdog (about two seconds) never fires, long enough that starting one
/// costs nothing beside it.
const DISPATCH_SECONDS: f64 = 0.05;
/// Turns per dispatch before the device's speed is known, and the bounds the budget is kept
/// in. A software device ends every loop of a thread after 65,535 turns in all (see
/// `count.wgsl`): its budget stays well below.
const FIRST_BUDGET: u32 = 1 << 12;
const MIN_BUDGET: u32 = 1 << 6;
const MAX_BUDGET: u32 = 1 << 24;
const SOFTWARE_MAX_BUDGET: u32 = 1 << 14;
/// Dispatches sent together, before the host looks at how many threads are still at work.
const GROUP: usize = 2;
/// The most threads a run starts on a GPU: below what the largest GPUs keep running at once
/// (an H100 keeps some 150,000 of these threads, their stacks filling its workgroup memory),
/// so that no dispatch needs a second, partly empty wave, and few enough that a run's tasks
/// are many per thread, which shortens its tail (`bench/gpu-model.sh` measures both). A
/// software device runs few at once.
const MAX_THREADS: u32 = 1 << 17;
const SOFTWARE_THREADS: u32 = 1 << 10;
/// The largest workgroup tried; smaller ones are used where its stack would not fit.
const MAX_WORKGROUP: u32 = 64;
/// The workgroup on a software device: one vector of its lanes. Its loop limit (see
/// `count.wgsl`) holds for all the lanes of a workgroup together, so one vector a workgroup
/// leaves each lane the most turns.
const SOFTWARE_WORKGROUP: u32 = 8;
/// Bytes of one row of a thread's stack (four 32-bit masks).
const STACK_ROW_BYTES: u32 = 16;

/// Runs a future that is ready at once, or soon, without an async runtime: wgpu's futures on
/// Vulkan, Metal and DirectX 12 are.
fn ready<F: Future>(future: F) -> F::Output {
    let mut future = pin!(future);
    let mut cx = Context::from_waker(Waker::noop());
    loop {
        if let Poll::Ready(out) = future.as_mut().poll(&mut cx) {
            return out;
        }
        std::thread::yield_now();
    }
}

/// The adapters of this machine, found once per process.
struct Registry {
    /// Kept alive with the adapters it made.
    _instance: wgpu::Instance,
    adapters: Vec<wgpu::Adapter>,
    names: Vec<String>,
    /// Software devices (a CPU standing in for a GPU).
    software: Vec<bool>,
    /// Each adapter's device, once opened.
    opened: Mutex<Vec<Option<Arc<Gpu>>>>,
}

impl Registry {
    /// The adapters a count over several GPUs uses: the real ones, or, on a machine without
    /// any, the software devices. Never empty where there are adapters at all.
    fn preferred(&self) -> Vec<usize> {
        let all = 0..self.adapters.len();
        let real: Vec<usize> = all.clone().filter(|&i| !self.software[i]).collect();
        if real.is_empty() { all.collect() } else { real }
    }
}

fn registry() -> &'static Registry {
    static REGISTRY: OnceLock<Registry> = OnceLock::new();
    REGISTRY.get_or_init(|| {
        // WGPU_BACKEND and the other wgpu variables can narrow the search.
        let instance =
            wgpu::Instance::new(wgpu::InstanceDescriptor::new_without_display_handle_from_env());
        let found = ready(instance.enumerate_adapters(wgpu::Backends::all()));
        let adapters = ordered(found);
        let names = adapters
            .iter()
            .map(|a| {
                let info = a.get_info();
                format!("{} ({:?})", info.name, info.backend)
            })
            .collect();
        let software = adapters
            .iter()
            .map(|a| a.get_info().device_type == wgpu::DeviceType::Cpu)
            .collect();
        let opened = Mutex::new(vec![None; adapters.len()]);
        Registry {
            _instance: instance,
            adapters,
            names,
            software,
            opened,
        }
    })
}

/// The adapters of one backend, real GPUs first. One backend only, so that a GPU that two of
/// them reach (Vulkan and DirectX 12 on Windows) is never used twice: the first of Vulkan, Metal
/// and DirectX 12 that reaches a real GPU, or failing that, the first that reaches anything.
fn ordered(found: Vec<wgpu::Adapter>) -> Vec<wgpu::Adapter> {
    use wgpu::{Backend, DeviceType};
    let kind = |a: &wgpu::Adapter| match a.get_info().device_type {
        DeviceType::DiscreteGpu => 0,
        DeviceType::IntegratedGpu => 1,
        DeviceType::VirtualGpu => 2,
        DeviceType::Other => 3,
        DeviceType::Cpu => 4,
    };
    let backends = [Backend::Vulkan, Backend::Metal, Backend::Dx12];
    let reaches = |b: Backend, real: bool| {
        found
            .iter()
            .any(|a| a.get_info().backend == b && (!real || kind(a) < 4))
    };
    let Some(backend) = backends
        .iter()
        .copied()
        .find(|&b| reaches(b, true))
        .or_else(|| backends.iter().copied().find(|&b| reaches(b, false)))
    else {
        return Vec::new();
    };
    let mut list: Vec<wgpu::Adapter> = found
        .into_iter()
        .filter(|a| a.get_info().backend == backend)
        .collect();
    list.sort_by_key(kind);
    list
}

/// Opens the devices `choice` names (each once per process; later calls share them).
pub(crate) fn open(choice: GpuDevice) -> Result<Vec<Arc<Gpu>>, Error> {
    let reg = registry();
    if reg.adapters.is_empty() {
        return Err(Error::Gpu(GpuProblem::NoAdapter));
    }
    let indices: Vec<usize> = match choice {
        GpuDevice::Index(i) if i < reg.adapters.len() => vec![i],
        GpuDevice::Index(index) => {
            return Err(Error::Gpu(GpuProblem::NoSuchDevice {
                index,
                found: reg.names.clone(),
            }));
        }
        GpuDevice::All => reg.preferred(),
        GpuDevice::Spread(k) => {
            let preferred = reg.preferred();
            vec![preferred[k % preferred.len()]]
        }
    };
    let mut opened = reg.opened.lock().unwrap_or_else(|p| p.into_inner());
    indices
        .into_iter()
        .map(|i| {
            if let Some(gpu) = &opened[i] {
                return Ok(Arc::clone(gpu));
            }
            let gpu = Arc::new(Gpu::open(&reg.adapters[i], &reg.names[i], reg.software[i])?);
            opened[i] = Some(Arc::clone(&gpu));
            Ok(gpu)
        })
        .collect()
}

/// The shader built for one stack depth.
struct Kernel {
    levels: u32,
    workgroup: u32,
    pipeline: wgpu::ComputePipeline,
    layout: wgpu::BindGroupLayout,
}

/// The buffers of one run, kept for the next: tasks in, layout records in, counts out, the
/// counts' copy that the CPU reads, the two counters (next task, threads at work) and their copy,
/// the parameters, and the threads' saved walks.
struct Slot {
    tasks: wgpu::Buffer,
    layouts: wgpu::Buffer,
    counts: wgpu::Buffer,
    staging: wgpu::Buffer,
    counters: wgpu::Buffer,
    counters_staging: wgpu::Buffer,
    params: wgpu::Buffer,
    saved: wgpu::Buffer,
    /// Tasks the buffers hold.
    capacity: usize,
    /// Bytes of layout records they hold.
    layout_bytes: u64,
    /// Bytes of saved walks they hold.
    saved_bytes: u64,
}

/// One opened GPU.
pub(crate) struct Gpu {
    pub(crate) name: String,
    device: wgpu::Device,
    queue: wgpu::Queue,
    limits: wgpu::Limits,
    kernels: Mutex<Vec<Arc<Kernel>>>,
    slots: Mutex<Vec<Slot>>,
    /// Why the device was lost, or an error that no scope caught.
    trouble: Arc<Mutex<Option<String>>>,
    /// Turns per dispatch, so that one takes about [`DISPATCH_SECONDS`].
    budget: AtomicU32,
    /// A budget fixed by a test, never learnt (0: none).
    #[cfg(test)]
    pinned: AtomicU32,
    /// A software device (a CPU standing in for a GPU).
    pub(crate) software: bool,
    /// Whether the device counted a small board right, found once (see the plan).
    pub(crate) proof: OnceLock<Result<(), String>>,
}

/// A run started and not yet read back: its buffers, its bind group and shader, and the first
/// group of dispatches in flight.
pub(crate) struct Pending {
    slot: Slot,
    kernel: Arc<Kernel>,
    bind: wgpu::BindGroup,
    count: usize,
    groups: u32,
    flight: Option<Flight>,
}

/// A group of dispatches submitted, with the read-back of the counters after them.
struct Flight {
    index: wgpu::SubmissionIndex,
    mapped: mpsc::Receiver<Result<(), wgpu::BufferAsyncError>>,
    submitted: Instant,
    dispatches: usize,
}

impl Gpu {
    fn open(adapter: &wgpu::Adapter, name: &str, software: bool) -> Result<Gpu, Error> {
        let failed = |why: String| {
            Error::Gpu(GpuProblem::Failed {
                device: name.to_string(),
                why,
            })
        };
        let limits = adapter.limits();
        let (device, queue) = ready(adapter.request_device(&wgpu::DeviceDescriptor {
            label: Some("nqueens"),
            required_limits: limits.clone(),
            ..Default::default()
        }))
        .map_err(|e| failed(e.to_string()))?;
        let trouble = Arc::new(Mutex::new(None::<String>));
        let lost = Arc::clone(&trouble);
        device.set_device_lost_callback(move |reason, message| {
            let mut t = lost.lock().unwrap_or_else(|p| p.into_inner());
            t.get_or_insert(format!("device lost ({reason:?}): {message}"));
        });
        let uncaught = Arc::clone(&trouble);
        device.on_uncaptured_error(Arc::new(move |e: wgpu::Error| {
            let mut t = uncaught.lock().unwrap_or_else(|p| p.into_inner());
            t.get_or_insert(e.to_string());
        }));
        Ok(Gpu {
            name: name.to_string(),
            device,
            queue,
            limits,
            kernels: Mutex::new(Vec::new()),
            slots: Mutex::new(Vec::new()),
            trouble,
            budget: AtomicU32::new(FIRST_BUDGET),
            #[cfg(test)]
            pinned: AtomicU32::new(0),
            software,
            proof: OnceLock::new(),
        })
    }

    /// Tasks a run on this device should hold.
    pub(crate) fn dispatch_tasks(&self) -> usize {
        if self.software {
            SOFTWARE_RUN_TASKS
        } else {
            RUN_TASKS
        }
    }

    /// The error that ended the device, if one did.
    fn trouble(&self) -> Option<String> {
        self.trouble
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    /// Runs `f` and returns its value, or the first validation or memory error it raised.
    fn checked<T>(&self, f: impl FnOnce() -> T) -> Result<T, String> {
        let memory = self.device.push_error_scope(wgpu::ErrorFilter::OutOfMemory);
        let validation = self.device.push_error_scope(wgpu::ErrorFilter::Validation);
        let out = f();
        let errors = [ready(validation.pop()), ready(memory.pop())];
        match errors.into_iter().flatten().next() {
            Some(e) => Err(e.to_string()),
            None => Ok(out),
        }
    }

    /// Builds the shader for threads that need `levels` rows of stack, unless built already:
    /// a shader the driver refuses is then an error before counting, not a failure during it.
    pub(crate) fn build(&self, levels: u32) -> Result<(), String> {
        self.kernel(levels).map(|_| ())
    }

    /// The shader for threads that need `levels` rows of stack, built on first use. Its
    /// workgroup is the largest (up to [`MAX_WORKGROUP`], or [`SOFTWARE_WORKGROUP`]) whose
    /// stacks fit in the device's workgroup memory.
    fn kernel(&self, levels: u32) -> Result<Arc<Kernel>, String> {
        let levels = levels.max(1);
        let mut kernels = self.kernels.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(k) = kernels.iter().find(|k| k.levels == levels) {
            return Ok(Arc::clone(k));
        }
        let l = &self.limits;
        let largest = if self.software {
            SOFTWARE_WORKGROUP
        } else {
            MAX_WORKGROUP
        };
        let workgroup = (0..=largest.trailing_zeros())
            .rev()
            .map(|s| 1u32 << s)
            .find(|&w| {
                w * levels * STACK_ROW_BYTES <= l.max_compute_workgroup_storage_size
                    && w <= l.max_compute_invocations_per_workgroup
                    && w <= l.max_compute_workgroup_size_x
            })
            .ok_or_else(|| "too little workgroup memory for the shader's stack".to_string())?;
        let source =
            format!("const WG: u32 = {workgroup}u;\nconst LEVELS: u32 = {levels}u;\n{SHADER}");
        let (pipeline, layout) = self.checked(|| {
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
            // the tasks do. Every device also proves itself on a small board before a count.
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
        })?;
        let kernel = Arc::new(Kernel {
            levels,
            workgroup,
            pipeline,
            layout,
        });
        kernels.push(Arc::clone(&kernel));
        Ok(kernel)
    }

    /// Buffers for `count` tasks, `layout_bytes` of layout records and `saved_bytes` of saved
    /// walks: a kept set that is large enough, or a new one.
    fn slot(&self, count: usize, layout_bytes: u64, saved_bytes: u64) -> Result<Slot, String> {
        {
            let mut slots = self.slots.lock().unwrap_or_else(|p| p.into_inner());
            if let Some(at) = slots.iter().position(|s| {
                s.capacity >= count
                    && s.layout_bytes >= layout_bytes
                    && s.saved_bytes >= saved_bytes
            }) {
                return Ok(slots.swap_remove(at));
            }
            // A set too small for this run is dropped: its replacement holds both.
            slots.pop();
        }
        let capacity = count.next_power_of_two().clamp(1 << 12, MAX_DISPATCH);
        let layout_bytes = layout_bytes.next_power_of_two().max(1024);
        let saved_bytes = saved_bytes.next_power_of_two().max(1024);
        let buffer = |label: &str, size: u64, usage: wgpu::BufferUsages| {
            self.device.create_buffer(&wgpu::BufferDescriptor {
                label: Some(label),
                size,
                usage,
                mapped_at_creation: false,
            })
        };
        use wgpu::BufferUsages as U;
        let tasks = capacity as u64 * TASK_BYTES as u64;
        let counts = capacity as u64 * 8;
        self.checked(|| Slot {
            tasks: buffer("tasks", tasks, U::STORAGE | U::COPY_DST),
            layouts: buffer("layouts", layout_bytes, U::STORAGE | U::COPY_DST),
            counts: buffer("counts", counts, U::STORAGE | U::COPY_SRC | U::COPY_DST),
            staging: buffer("staging", counts, U::MAP_READ | U::COPY_DST),
            counters: buffer("counters", 8, U::STORAGE | U::COPY_SRC | U::COPY_DST),
            counters_staging: buffer("counters staging", 8, U::MAP_READ | U::COPY_DST),
            params: buffer("params", 16, U::UNIFORM | U::COPY_DST),
            saved: buffer("saved", saved_bytes, U::STORAGE | U::COPY_DST),
            capacity,
            layout_bytes,
            saved_bytes,
        })
    }

    /// Starts counting `tasks` (whole tasks, [`TASK_BYTES`] each, at most [`MAX_DISPATCH`])
    /// whose layout records are `layouts`; threads need `levels` rows of stack. Threads take
    /// tasks from a shared counter, unless `shared` is `Some(false)`: then thread i counts task
    /// i alone (tests use it).
    pub(crate) fn submit(
        &self,
        levels: u32,
        shared: Option<bool>,
        tasks: &[u8],
        layouts: &[u8],
    ) -> Result<Pending, String> {
        let count = tasks.len() / TASK_BYTES;
        debug_assert!(count > 0 && count <= MAX_DISPATCH);
        if let Some(t) = self.trouble() {
            return Err(t);
        }
        let kernel = self.kernel(levels)?;
        let shared = shared.unwrap_or(true);
        let most = if self.software {
            SOFTWARE_THREADS
        } else {
            MAX_THREADS
        };
        let threads = if shared {
            (count as u32).min(most)
        } else {
            count as u32
        };
        let groups = threads
            .div_ceil(kernel.workgroup)
            .min(self.limits.max_compute_workgroups_per_dimension);
        let invocations = groups as u64 * kernel.workgroup as u64;
        let saved_bytes = invocations * (3 + kernel.levels as u64) * STACK_ROW_BYTES as u64;
        let slot = self.slot(count, layouts.len() as u64, saved_bytes)?;
        let (bind, flight) = self.checked(|| {
            let q = &self.queue;
            q.write_buffer(&slot.tasks, 0, tasks);
            q.write_buffer(&slot.layouts, 0, layouts);
            let mut params = [0u8; 16];
            params[..4].copy_from_slice(&(count as u32).to_le_bytes());
            params[4..8].copy_from_slice(&(shared as u32).to_le_bytes());
            q.write_buffer(&slot.params, 0, &params);
            let buffers = [
                &slot.tasks,
                &slot.layouts,
                &slot.counts,
                &slot.counters,
                &slot.params,
                &slot.saved,
            ];
            let entries: Vec<wgpu::BindGroupEntry> = buffers
                .iter()
                .enumerate()
                .map(|(i, b)| wgpu::BindGroupEntry {
                    binding: i as u32,
                    resource: b.as_entire_binding(),
                })
                .collect();
            let bind = self.device.create_bind_group(&wgpu::BindGroupDescriptor {
                label: None,
                layout: &kernel.layout,
                entries: &entries,
            });
            let mut encoder = self.device.create_command_encoder(&Default::default());
            // Cleared counts read as unfinished until a thread writes them (see the shader);
            // cleared walks are threads that have taken no task yet.
            encoder.clear_buffer(&slot.counters, 0, None);
            encoder.clear_buffer(&slot.counts, 0, Some(count as u64 * 8));
            encoder.clear_buffer(&slot.saved, 0, Some(saved_bytes));
            (bind, encoder)
        })?;
        let mut pending = Pending {
            slot,
            kernel,
            bind,
            count,
            groups,
            flight: None,
        };
        pending.flight = Some(self.send(&pending, Some(flight))?);
        Ok(pending)
    }

    /// Sends a group of dispatches of a run (after `first`, the commands that start it), and
    /// the read-back of its counters after them.
    fn send(&self, p: &Pending, first: Option<wgpu::CommandEncoder>) -> Result<Flight, String> {
        let budget = self.budget.load(Ordering::Relaxed);
        let (tx, rx) = mpsc::channel();
        let index = self.checked(|| {
            // The rest of the parameters were written at the start; only the budget changes.
            self.queue
                .write_buffer(&p.slot.params, 8, &budget.to_le_bytes());
            let mut encoder =
                first.unwrap_or_else(|| self.device.create_command_encoder(&Default::default()));
            for _ in 0..GROUP {
                // The threads still at work are counted anew by each dispatch.
                encoder.clear_buffer(&p.slot.counters, 4, Some(4));
                let mut pass = encoder.begin_compute_pass(&Default::default());
                pass.set_pipeline(&p.kernel.pipeline);
                pass.set_bind_group(0, &p.bind, &[]);
                pass.dispatch_workgroups(p.groups, 1, 1);
            }
            encoder.copy_buffer_to_buffer(&p.slot.counters, 0, &p.slot.counters_staging, 0, 8);
            let index = self.queue.submit([encoder.finish()]);
            p.slot
                .counters_staging
                .map_async(wgpu::MapMode::Read, .., move |r| {
                    let _ = tx.send(r);
                });
            index
        })?;
        Ok(Flight {
            index,
            mapped: rx,
            submitted: Instant::now(),
            dispatches: GROUP,
        })
    }

    /// Waits for a submission and for the mapping of a buffer after it.
    fn wait(
        &self,
        index: wgpu::SubmissionIndex,
        mapped: &mpsc::Receiver<Result<(), wgpu::BufferAsyncError>>,
    ) -> Result<(), String> {
        let waited = self.device.poll(wgpu::PollType::Wait {
            submission_index: Some(index),
            timeout: None,
        });
        if let Some(t) = self.trouble() {
            return Err(t);
        }
        waited.map_err(|e| e.to_string())?;
        let result = loop {
            match mapped.try_recv() {
                Ok(r) => break r,
                Err(mpsc::TryRecvError::Empty) => {
                    self.device
                        .poll(wgpu::PollType::Poll)
                        .map_err(|e| e.to_string())?;
                    std::thread::yield_now();
                }
                Err(mpsc::TryRecvError::Disconnected) => {
                    return Err("a read-back from the GPU was dropped".to_string());
                }
            }
        };
        result.map_err(|e| e.to_string())
    }

    /// Runs a run's dispatches until every task is counted, and returns each task's count, in
    /// order, `None` for a task the device did not finish; `Ok(None)` when `abandon` says so
    /// between two groups of dispatches (a stopped count).
    pub(crate) fn finish(
        &self,
        mut p: Pending,
        abandon: &dyn Fn() -> bool,
        finished: &dyn Fn(u64),
    ) -> Result<Option<Vec<Option<u64>>>, String> {
        // Tasks told finished so far: those taken, less those still being walked.
        let mut told = 0u64;
        loop {
            let Some(f) = p.flight.take() else {
                return Err("a run without dispatches in flight".to_string());
            };
            self.wait(f.index, &f.mapped)?;
            let at_work = {
                let view = p
                    .slot
                    .counters_staging
                    .get_mapped_range(..)
                    .map_err(|e| e.to_string())?;
                let word =
                    |i: usize| u32::from_le_bytes(view[i..i + 4].try_into().expect("four bytes"));
                let (taken, at_work) = (word(0), word(4));
                let done = (taken as u64)
                    .min(p.count as u64)
                    .saturating_sub(at_work as u64);
                if done > told {
                    finished(done - told);
                    told = done;
                }
                at_work
            };
            p.slot.counters_staging.unmap();
            self.learn(f.dispatches, f.submitted);
            if at_work == 0 {
                // Thread i counting task i alone takes no task from the counter.
                finished((p.count as u64).saturating_sub(told));
                break;
            }
            if abandon() {
                self.keep(p.slot);
                return Ok(None);
            }
            p.flight = Some(self.send(&p, None)?);
        }
        let bytes = p.count as u64 * 8;
        let (tx, rx) = mpsc::channel();
        let index = self.checked(|| {
            let mut encoder = self.device.create_command_encoder(&Default::default());
            encoder.copy_buffer_to_buffer(&p.slot.counts, 0, &p.slot.staging, 0, bytes);
            let index = self.queue.submit([encoder.finish()]);
            p.slot
                .staging
                .map_async(wgpu::MapMode::Read, ..bytes, move |r| {
                    let _ = tx.send(r);
                });
            index
        })?;
        self.wait(index, &rx)?;
        let counts: Vec<Option<u64>> = {
            let view = p
                .slot
                .staging
                .get_mapped_range(..bytes)
                .map_err(|e| e.to_string())?;
            let word = |w: &[u8]| u32::from_le_bytes(w.try_into().expect("four bytes"));
            // (low word, complement of the high word); a cleared high word: not finished.
            view.chunks_exact(8)
                .map(|w| {
                    let (lo, not_hi) = (word(&w[..4]), word(&w[4..]));
                    (not_hi != 0).then_some(((!not_hi as u64) << 32) | lo as u64)
                })
                .collect()
        };
        p.slot.staging.unmap();
        self.keep(p.slot);
        Ok(Some(counts))
    }

    /// Fixes the turns per dispatch (0: learn them again), for tests that make every task span
    /// many dispatches.
    #[cfg(test)]
    pub(crate) fn pin_budget(&self, turns: u32) {
        self.pinned.store(turns, Ordering::Relaxed);
        self.budget.store(
            if turns == 0 { FIRST_BUDGET } else { turns },
            Ordering::Relaxed,
        );
    }

    /// Keeps a run's buffers for the next run.
    fn keep(&self, slot: Slot) {
        self.slots
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .push(slot);
    }

    /// Adjusts the turns of the next dispatches from how long a group of `dispatches` took, so
    /// that one takes about [`DISPATCH_SECONDS`] (at most four times more or less than before).
    fn learn(&self, dispatches: usize, submitted: Instant) {
        if dispatches == 0 {
            return;
        }
        #[cfg(test)]
        if let pinned @ 1.. = self.pinned.load(Ordering::Relaxed) {
            self.budget.store(pinned, Ordering::Relaxed);
            return;
        }
        let seconds = submitted.elapsed().as_secs_f64().max(1e-6) / dispatches as f64;
        let budget = self.budget.load(Ordering::Relaxed);
        let most = if self.software {
            SOFTWARE_MAX_BUDGET
        } else {
            MAX_BUDGET
        };
        let ideal = (budget as f64 * DISPATCH_SECONDS / seconds) as u64;
        let next = ideal
            .clamp(budget as u64 / 4, budget as u64 * 4)
            .clamp(MIN_BUDGET as u64, most as u64) as u32;
        self.budget.store(next, Ordering::Relaxed);
    }
}
