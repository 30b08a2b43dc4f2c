//! One opened GPU and what it keeps between streams (its built shaders, its rings' buffers),
//! with the error catching that every call to the device goes through: the state the other
//! files of `device/` act on, so it stands below them all.

use crate::error::{Error, GpuProblem};
use std::future::Future;
use std::pin::pin;
use std::sync::atomic::AtomicU32;
use std::sync::{Arc, Mutex, OnceLock, mpsc};
use std::task::{Context, Poll, Waker};

/// Turns per dispatch before the device's speed is known (`budget.rs` learns them after).
pub(super) const FIRST_BUDGET: u32 = 1 << 12;

/// Runs a future that is ready at once, or soon, without an async runtime: wgpu's futures on
/// Vulkan, Metal and DirectX 12 are.
pub(super) fn ready<F: Future>(future: F) -> F::Output {
    let mut future = pin!(future);
    let mut cx = Context::from_waker(Waker::noop());
    loop {
        if let Poll::Ready(out) = future.as_mut().poll(&mut cx) {
            return out;
        }
        std::thread::yield_now();
    }
}

/// The shader built for one stack depth.
pub(super) struct Kernel {
    pub(super) levels: u32,
    pub(super) workgroup: u32,
    /// The workgroup the count fixed (see [`GpuTuning`](crate::machine::GpuTuning)); `None`:
    /// chosen for the device.
    pub(super) asked: Option<u32>,
    /// Threads a stream of it starts: on a GPU, as many as run at once.
    pub(super) threads: u32,
    /// Each workgroup size the probe tried for it, with the threads that ran at once.
    pub(super) tried: Vec<(u32, u32)>,
    pub(super) pipeline: wgpu::ComputePipeline,
    pub(super) layout: wgpu::BindGroupLayout,
}

/// The buffers of a stream, kept for the next: the task slots, the layout records, the reports
/// of finished tasks, the three counters (next task, threads at work, reports written), the
/// parameters, the threads' saved walks, and per flight a buffer the CPU reads (the counters,
/// then reports).
pub(super) struct Ring {
    pub(super) tasks: wgpu::Buffer,
    pub(super) records: wgpu::Buffer,
    pub(super) done: wgpu::Buffer,
    pub(super) counters: wgpu::Buffer,
    pub(super) params: wgpu::Buffer,
    pub(super) saved: wgpu::Buffer,
    pub(super) staging: Vec<wgpu::Buffer>,
    /// Task slots and report slots (as many, a power of two), layout record slots, and bytes
    /// of saved walks.
    pub(super) slots: usize,
    pub(super) record_slots: usize,
    pub(super) saved_bytes: u64,
}

/// One opened GPU.
pub(crate) struct Gpu {
    pub(crate) name: String,
    pub(super) device: wgpu::Device,
    pub(super) queue: wgpu::Queue,
    pub(super) limits: wgpu::Limits,
    pub(super) kernels: Mutex<Vec<Arc<Kernel>>>,
    pub(super) rings: Mutex<Vec<Ring>>,
    /// Why the device was lost, or an error that no scope caught.
    pub(super) trouble: Arc<Mutex<Option<String>>>,
    /// Turns per dispatch, so that one takes about `DISPATCH_SECONDS` (`budget.rs`).
    pub(super) budget: AtomicU32,
    /// A budget fixed by a test, never learnt (0: none).
    #[cfg(test)]
    pub(super) pinned: AtomicU32,
    /// A software device (a CPU standing in for a GPU).
    pub(crate) software: bool,
    /// Whether the device counted a small board right, found once (see the plan).
    pub(crate) proof: OnceLock<Result<(), String>>,
}

impl Gpu {
    pub(super) fn open(adapter: &wgpu::Adapter, name: &str, software: bool) -> Result<Gpu, Error> {
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
    pub(super) fn trouble(&self) -> Option<String> {
        self.trouble
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    /// Runs `f` and returns its value, or the first validation or memory error it raised.
    pub(super) fn checked<T>(&self, f: impl FnOnce() -> T) -> Result<T, String> {
        let memory = self.device.push_error_scope(wgpu::ErrorFilter::OutOfMemory);
        let validation = self.device.push_error_scope(wgpu::ErrorFilter::Validation);
        let out = f();
        let errors = [ready(validation.pop()), ready(memory.pop())];
        match errors.into_iter().flatten().next() {
            Some(e) => Err(e.to_string()),
            None => Ok(out),
        }
    }

    /// The shader's bindings: `buffers` in binding order.
    pub(super) fn bind(
        &self,
        layout: &wgpu::BindGroupLayout,
        buffers: &[&wgpu::Buffer],
    ) -> wgpu::BindGroup {
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
    pub(super) fn buffer(&self, label: &str, size: u64, usage: wgpu::BufferUsages) -> wgpu::Buffer {
        self.device.create_buffer(&wgpu::BufferDescriptor {
            label: Some(label),
            size,
            usage,
            mapped_at_creation: false,
        })
    }

    /// Waits for a submission and for the mapping of a buffer after it.
    pub(super) fn wait(
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
}
