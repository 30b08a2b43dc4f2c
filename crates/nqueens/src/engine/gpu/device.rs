//! The GPUs, through wgpu: finding the adapters, opening each once per process, and running the
//! counting shader (`count.wgsl`) on a stream of tasks.
//!
//! wgpu speaks Vulkan, Metal and DirectX 12, so one build runs on NVIDIA, AMD, Intel and Apple
//! GPUs, and on Mesa's software Vulkan device (lavapipe), where the tests run the real shader.
//! Its calls that return futures are ready at once on these backends; [`ready`] polls them
//! without an async runtime.
//!
//! A [`Stream`] is the GPU's side of a count: a ring of task slots that the host refills (see
//! `feed.rs`) while the same threads, keeping their walks between dispatches, take tasks from it,
//! and a second ring through which finished tasks report their counts. The host sends
//! dispatches in groups, each followed by the read-back of the counters and of the reports it
//! knows are written, and keeps two groups in flight, so that the GPU never waits for the host
//! to read one back. A dispatch runs a bounded number of turns, learnt
//! from the device's measured speed so that each takes about 50 ms: long enough that starting
//! it costs nothing, short enough that a stop is heeded at once and a desktop GPU's watchdog
//! (which resets a GPU busy for about two seconds) never fires. Errors are caught, never left
//! to wgpu's default handler, which would panic: a device that fails reports why, and the count
//! goes on without it.

use crate::engine::gpu::select::GpuDevice;
use crate::engine::gpu::tasks::{STRIDE, TASK_BYTES};
use crate::error::{Error, GpuProblem};
use std::future::Future;
use std::pin::pin;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex, OnceLock, mpsc};
use std::task::{Context, Poll, Waker};
use std::time::Instant;

/// The shader, completed at run time by two constants (see [`Gpu::kernel`]).
const SHADER: &str = include_str!("count.wgsl");

/// Task slots of a stream's ring on a GPU (64 MiB of tasks, within every device's buffer
/// limits), and on a software device, which counts some thousand times slower: there a small
/// ring keeps short the time a stop waits for.
const RING_TASKS: usize = 1 << 22;
const SOFTWARE_RING_TASKS: usize = 1 << 12;
/// Layout records a ring holds at first; a piece that needs more gets a larger ring.
const RING_RECORDS: usize = 1 << 12;
/// Tasks a stream takes in all before it ends and the next one begins: the shader numbers them
/// in 32-bit words, and the counter may pass the last by as many as there are threads.
pub(crate) const STREAM_TASKS: u64 = 1 << 31;
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
// The shader adds a dispatch's completions in one 32-bit word, at most 32 a turn (see `Walk` in
// `count.wgsl`): the budget keeps that word from overflowing.
const _: () = assert!((MAX_BUDGET as u64) * 32 < 1 << 32);
/// Dispatches sent together, before the host reads back what they did.
const GROUP: usize = 2;
/// Groups in flight at once: the next is on its way while the host reads the last back.
pub(crate) const FLIGHTS: usize = 2;
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
    /// Threads a stream of it starts: on a GPU, as many as run at once.
    threads: u32,
    pipeline: wgpu::ComputePipeline,
    layout: wgpu::BindGroupLayout,
}

/// The buffers of a stream, kept for the next: the task slots, the layout records, the reports
/// of finished tasks, the three counters (next task, threads at work, reports written), the
/// parameters, the threads' saved walks, and per flight a buffer the CPU reads (the counters,
/// then reports).
struct Ring {
    tasks: wgpu::Buffer,
    records: wgpu::Buffer,
    done: wgpu::Buffer,
    counters: wgpu::Buffer,
    params: wgpu::Buffer,
    saved: wgpu::Buffer,
    staging: Vec<wgpu::Buffer>,
    /// Task slots and report slots (as many, a power of two), layout record slots, and bytes
    /// of saved walks.
    slots: usize,
    record_slots: usize,
    saved_bytes: u64,
}

/// One opened GPU.
pub(crate) struct Gpu {
    pub(crate) name: String,
    device: wgpu::Device,
    queue: wgpu::Queue,
    limits: wgpu::Limits,
    kernels: Mutex<Vec<Arc<Kernel>>>,
    rings: Mutex<Vec<Ring>>,
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

/// A stream of tasks on a GPU: its rings, its shader, and the groups of dispatches in flight.
///
/// Task t of a stream (numbered from 0 as they are put in) sits in slot t mod the ring's slots
/// until a thread takes it; report r (numbered as tasks finish) in slot r mod as many. The host
/// ([`crate::engine::gpu::feed`]) puts a task only in a slot whose task is taken, and lets no
/// more tasks out than there are report slots for.
pub(crate) struct Stream {
    ring: Ring,
    kernel: Arc<Kernel>,
    bind: wgpu::BindGroup,
    groups: u32,
    /// Commands to run before the first dispatches: clearing the counters and the saved walks.
    prelude: Option<wgpu::CommandEncoder>,
    flights: std::collections::VecDeque<Flight>,
    /// The staging buffer of the next flight.
    next: usize,
    /// When the last read-back came: the next group ran from then, or from when it was sent.
    last: Option<Instant>,
}

/// A group of dispatches submitted, with the read-back after it: the counters, and `len`
/// reports.
struct Flight {
    index: wgpu::SubmissionIndex,
    mapped: mpsc::Receiver<Result<(), wgpu::BufferAsyncError>>,
    submitted: Instant,
    staging: usize,
    len: usize,
    /// Turns per dispatch it ran with.
    budget: u32,
}

/// What a group of dispatches left: the tasks taken so far, the threads still walking one, the
/// reports written so far, and the reports asked for when it was sent: (task, count) each.
pub(crate) struct Readback {
    pub taken: u64,
    pub at_work: u32,
    pub written: u64,
    pub reports: Vec<(u64, u64)>,
}

impl Stream {
    /// Task slots of the ring.
    pub(crate) fn slots(&self) -> usize {
        self.ring.slots
    }

    /// Layout record slots of the ring.
    pub(crate) fn record_slots(&self) -> usize {
        self.ring.record_slots
    }

    /// Rows of stack its threads have.
    pub(crate) fn levels(&self) -> u32 {
        self.kernel.levels
    }
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
            rings: Mutex::new(Vec::new()),
            trouble,
            budget: AtomicU32::new(FIRST_BUDGET),
            #[cfg(test)]
            pinned: AtomicU32::new(0),
            software,
            proof: OnceLock::new(),
        })
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
        })?;
        let threads = if self.software {
            SOFTWARE_THREADS
        } else {
            let groups = (PROBE_THREADS / workgroup).min(l.max_compute_workgroups_per_dimension);
            self.resident(&pipeline, &layout, groups, PROBE_TURNS)?
                .clamp(1, groups)
                * workgroup
        };
        let kernel = Arc::new(Kernel {
            levels,
            workgroup,
            threads,
            pipeline,
            layout,
        });
        kernels.push(Arc::clone(&kernel));
        Ok(kernel)
    }

    /// The shaders built so far, one per stack depth: (rows of stack, workgroup size, threads a
    /// stream of it starts). On a GPU the threads are what the residency probe measured, capped
    /// by the buffer limits, so a benchmark can report what a count really ran with.
    pub(crate) fn built(&self) -> Vec<(u32, u32, u32)> {
        let kernels = self.kernels.lock().unwrap_or_else(|p| p.into_inner());
        let mut built: Vec<(u32, u32, u32)> = kernels
            .iter()
            .map(|k| (k.levels, k.workgroup, self.threads(k)))
            .collect();
        built.sort_unstable();
        built
    }

    /// Threads a stream of `kernel` starts: as many as the device runs at once, or fewer where
    /// its largest buffer cannot hold their saved walks.
    fn threads(&self, kernel: &Kernel) -> u32 {
        let per = (3 + kernel.levels as u64) * STACK_ROW_BYTES as u64;
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
    fn resident(
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
            let sizes = [TASK_BYTES as u64, 8 * STRIDE as u64, 16, 16, 16, 16];
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

    /// The shader's bindings: `buffers` in binding order.
    fn bind(&self, layout: &wgpu::BindGroupLayout, buffers: &[&wgpu::Buffer]) -> wgpu::BindGroup {
        let entries: Vec<wgpu::BindGroupEntry> = buffers
            .iter()
            .enumerate()
            .map(|(i, b)| wgpu::BindGroupEntry {
                binding: i as u32,
                resource: b.as_entire_binding(),
            })
            .collect();
        self.device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: None,
            layout,
            entries: &entries,
        })
    }

    /// A buffer of `size` bytes.
    fn buffer(&self, label: &str, size: u64, usage: wgpu::BufferUsages) -> wgpu::Buffer {
        self.device.create_buffer(&wgpu::BufferDescriptor {
            label: Some(label),
            size,
            usage,
            mapped_at_creation: false,
        })
    }

    /// Starts a stream whose threads have `levels` rows of stack and whose ring holds at least
    /// `records` layout records. The ring's buffers are a kept set large enough, or new ones.
    pub(crate) fn stream(&self, levels: u32, records: usize) -> Result<Stream, String> {
        if let Some(t) = self.trouble() {
            return Err(t);
        }
        let kernel = self.kernel(levels)?;
        let threads = self.threads(&kernel);
        let groups = threads
            .div_ceil(kernel.workgroup)
            .min(self.limits.max_compute_workgroups_per_dimension);
        let invocations = groups as u64 * kernel.workgroup as u64;
        let saved_bytes = invocations * (3 + kernel.levels as u64) * STACK_ROW_BYTES as u64;
        let slots = if self.software {
            SOFTWARE_RING_TASKS
        } else {
            RING_TASKS
        };
        let record_slots = records.next_power_of_two().max(RING_RECORDS);
        let ring = self.ring(slots, record_slots, saved_bytes)?;
        let (bind, prelude) = self.checked(|| {
            let buffers = [
                &ring.tasks,
                &ring.records,
                &ring.done,
                &ring.counters,
                &ring.params,
                &ring.saved,
            ];
            let bind = self.bind(&kernel.layout, &buffers);
            let mut encoder = self.device.create_command_encoder(&Default::default());
            // Cleared walks are threads without a task.
            encoder.clear_buffer(&ring.counters, 0, None);
            encoder.clear_buffer(&ring.saved, 0, Some(saved_bytes));
            (bind, encoder)
        })?;
        Ok(Stream {
            ring,
            kernel,
            bind,
            groups,
            prelude: Some(prelude),
            flights: Default::default(),
            next: 0,
            last: None,
        })
    }

    /// Buffers for a ring of `slots` tasks and `record_slots` records, with `saved_bytes` of
    /// saved walks: a kept set that is large enough, or a new one.
    fn ring(&self, slots: usize, record_slots: usize, saved_bytes: u64) -> Result<Ring, String> {
        {
            let mut rings = self.rings.lock().unwrap_or_else(|p| p.into_inner());
            if let Some(at) = rings.iter().position(|r| {
                r.slots == slots && r.record_slots >= record_slots && r.saved_bytes >= saved_bytes
            }) {
                return Ok(rings.swap_remove(at));
            }
            // A set too small for this stream is dropped: its replacement holds both.
            rings.clear();
        }
        use wgpu::BufferUsages as U;
        let reports = slots as u64 * 16;
        let record_bytes = (record_slots * 8 * STRIDE) as u64;
        self.checked(|| Ring {
            tasks: self.buffer(
                "tasks",
                (slots * TASK_BYTES) as u64,
                U::STORAGE | U::COPY_DST,
            ),
            records: self.buffer("records", record_bytes, U::STORAGE | U::COPY_DST),
            done: self.buffer("done", reports, U::STORAGE | U::COPY_SRC),
            counters: self.buffer("counters", 16, U::STORAGE | U::COPY_SRC | U::COPY_DST),
            params: self.buffer("params", 16, U::UNIFORM | U::COPY_DST),
            saved: self.buffer("saved", saved_bytes, U::STORAGE | U::COPY_DST),
            staging: (0..FLIGHTS)
                .map(|_| self.buffer("staging", 16 + reports, U::MAP_READ | U::COPY_DST))
                .collect(),
            slots,
            record_slots,
            saved_bytes,
        })
    }

    /// Puts tasks ([`TASK_BYTES`] each, their record indices already slots of the ring) in the
    /// ring from task `first` on. Their slots' last tasks must be taken.
    pub(crate) fn put_tasks(&self, s: &Stream, first: u64, tasks: &[u8]) -> Result<(), String> {
        let count = tasks.len() / TASK_BYTES;
        debug_assert!(count <= s.ring.slots);
        let at = (first % s.ring.slots as u64) as usize;
        let head = count.min(s.ring.slots - at);
        self.checked(|| {
            let (front, back) = tasks.split_at(head * TASK_BYTES);
            let q = &self.queue;
            q.write_buffer(&s.ring.tasks, (at * TASK_BYTES) as u64, front);
            if !back.is_empty() {
                q.write_buffer(&s.ring.tasks, 0, back);
            }
        })
    }

    /// Puts layout records in the ring from record slot `slot` on (they must fit before its
    /// end).
    pub(crate) fn put_records(
        &self,
        s: &Stream,
        slot: usize,
        records: &[u8],
    ) -> Result<(), String> {
        debug_assert!(slot * 8 * STRIDE + records.len() <= s.ring.record_slots * 8 * STRIDE);
        self.checked(|| {
            self.queue
                .write_buffer(&s.ring.records, (slot * 8 * STRIDE) as u64, records)
        })
    }

    /// Sends a group of dispatches in which threads may take the tasks below `available`, and
    /// the read-back after it of the counters and of `len` reports from report `from` (written
    /// before the group, and not yet overwritten: the host lets out no more tasks than there are
    /// report slots for).
    pub(crate) fn send(
        &self,
        s: &mut Stream,
        available: u64,
        from: u64,
        len: usize,
    ) -> Result<(), String> {
        debug_assert!(s.flights.len() < FLIGHTS && len <= s.ring.slots);
        debug_assert!(available <= STREAM_TASKS);
        let budget = self.budget.load(Ordering::Relaxed);
        let staging = s.next;
        let (tx, rx) = mpsc::channel();
        let prelude = s.prelude.take();
        let index = self.checked(|| {
            let ring = &s.ring;
            let mut params = [0u8; 16];
            params[..4].copy_from_slice(&(available as u32).to_le_bytes());
            params[4..8].copy_from_slice(&(ring.slots as u32 - 1).to_le_bytes());
            params[8..12].copy_from_slice(&budget.to_le_bytes());
            self.queue.write_buffer(&ring.params, 0, &params);
            let mut encoder =
                prelude.unwrap_or_else(|| self.device.create_command_encoder(&Default::default()));
            for _ in 0..GROUP {
                // The threads still at work are counted anew by each dispatch.
                encoder.clear_buffer(&ring.counters, 4, Some(4));
                let mut pass = encoder.begin_compute_pass(&Default::default());
                pass.set_pipeline(&s.kernel.pipeline);
                pass.set_bind_group(0, &s.bind, &[]);
                pass.dispatch_workgroups(s.groups, 1, 1);
            }
            let out = &ring.staging[staging];
            encoder.copy_buffer_to_buffer(&ring.counters, 0, out, 0, 16);
            let at = (from % ring.slots as u64) as usize;
            let head = len.min(ring.slots - at);
            if head > 0 {
                encoder.copy_buffer_to_buffer(
                    &ring.done,
                    at as u64 * 16,
                    out,
                    16,
                    head as u64 * 16,
                );
            }
            if len > head {
                let rest = (len - head) as u64 * 16;
                encoder.copy_buffer_to_buffer(&ring.done, 0, out, 16 + head as u64 * 16, rest);
            }
            let index = self.queue.submit([encoder.finish()]);
            out.map_async(wgpu::MapMode::Read, ..16 + len as u64 * 16, move |r| {
                let _ = tx.send(r);
            });
            index
        })?;
        s.next = (staging + 1) % FLIGHTS;
        s.flights.push_back(Flight {
            index,
            mapped: rx,
            submitted: Instant::now(),
            staging,
            len,
            budget,
        });
        Ok(())
    }

    /// Waits for the oldest group in flight and reads back what it left.
    pub(crate) fn receive(&self, s: &mut Stream) -> Result<Readback, String> {
        let f = s
            .flights
            .pop_front()
            .ok_or("a read-back without dispatches in flight")?;
        self.wait(f.index, &f.mapped)?;
        let now = Instant::now();
        // The group ran from when it was sent, or, if one was running then, from its end.
        let began = s.last.map_or(f.submitted, |l| l.max(f.submitted));
        s.last = Some(now);
        let seconds = now.duration_since(began).as_secs_f64();
        let out = &s.ring.staging[f.staging];
        let back = {
            let view = out
                .get_mapped_range(..16 + f.len as u64 * 16)
                .map_err(|e| e.to_string())?;
            let word = |w: &[u8]| u32::from_le_bytes(w.try_into().expect("four bytes"));
            // The counters count since the stream began, which stays below 2^31 tasks.
            let reports = view[16..]
                .chunks_exact(16)
                .map(|r| {
                    let count = ((word(&r[8..12]) as u64) << 32) | word(&r[4..8]) as u64;
                    (word(&r[..4]) as u64, count)
                })
                .collect();
            Readback {
                taken: word(&view[..4]) as u64,
                at_work: word(&view[4..8]),
                written: word(&view[8..12]) as u64,
                reports,
            }
        };
        out.unmap();
        // A group in which most threads had no task ends early, which says little of how long a
        // busy one takes: it may shorten the next dispatches, never lengthen them.
        let busy = back.at_work as u64 * 2 >= s.groups as u64 * s.kernel.workgroup as u64;
        self.learn(f.budget, GROUP, seconds, busy);
        Ok(back)
    }

    /// Ends a stream: waits for what is still in flight and keeps its buffers for the next.
    pub(crate) fn end(&self, mut s: Stream) {
        while !s.flights.is_empty() {
            if self.receive(&mut s).is_err() {
                // A device that failed keeps no buffers.
                return;
            }
        }
        self.rings
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .push(s.ring);
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

    /// Adjusts the turns of the next dispatches from how long a group of `dispatches` of
    /// `budget` turns took, so that one takes about [`DISPATCH_SECONDS`] (at most four times
    /// more or less than before; only less unless the group was `busy`).
    fn learn(&self, budget: u32, dispatches: usize, seconds: f64, busy: bool) {
        if dispatches == 0 {
            return;
        }
        #[cfg(test)]
        if let pinned @ 1.. = self.pinned.load(Ordering::Relaxed) {
            self.budget.store(pinned, Ordering::Relaxed);
            return;
        }
        let seconds = seconds.max(1e-6) / dispatches as f64;
        let now = self.budget.load(Ordering::Relaxed);
        let most = if self.software {
            SOFTWARE_MAX_BUDGET
        } else {
            MAX_BUDGET
        };
        let ideal = (budget as f64 * DISPATCH_SECONDS / seconds) as u64;
        let highest = if busy { budget as u64 * 4 } else { now as u64 };
        let next = ideal
            .clamp(budget as u64 / 4, highest.max(budget as u64 / 4))
            .clamp(MIN_BUDGET as u64, most as u64) as u32;
        self.budget.store(next, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_probe_finds_the_workgroups_at_work_together() {
        let gpus = open(GpuDevice::default()).expect("a GPU (or Mesa's software Vulkan device)");
        let gpu = &gpus[0];
        let k = gpu.kernel(8).unwrap();
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
}
