//! The GPUs, through wgpu: finding the adapters, opening each once per process, and running the
//! counting shader (`count.wgsl`) on a stream of tasks.
//!
//! wgpu speaks Vulkan, Metal and DirectX 12, so one build runs on NVIDIA, AMD, Intel and Apple
//! GPUs, and on Mesa's software Vulkan device (lavapipe), where the tests run the real shader.
//! Its calls that return futures are ready at once on these backends; `ready` (in `gpu.rs`)
//! polls them without an async runtime.
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
//!
//! The files of `device/`, one idea each, lowest first:
//!
//! - `gpu.rs`: one opened GPU, what it keeps between streams, and the catching of its errors;
//! - `adapters.rs`: the adapters found, put in order and opened once per process;
//! - `pipeline.rs`: the shader built for a stack depth, and the probe of how many of its
//!   workgroups the device runs at once;
//! - `statistics.rs`: what the driver says it made of the shader (its registers, its
//!   workgroup memory), read through Vulkan, for benchmarks;
//! - `budget.rs`: the turns per dispatch, learnt from the device's speed;
//! - `stream.rs`: a stream's rings and the groups of dispatches in flight.

mod adapters;
mod budget;
mod gpu;
mod pipeline;
mod statistics;
mod stream;

pub(crate) use adapters::open;
pub(crate) use gpu::Gpu;
pub use statistics::{Executable, Statistic, StatisticValue};
pub(crate) use stream::{FLIGHTS, STREAM_TASKS, Stream};
