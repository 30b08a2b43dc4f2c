//! What a count may use of the machine it runs on: worker threads ([`MAX_THREADS`]), memory
//! ([`MEMORY_LIMIT`]), the processor's features that the fast kernels are built for ([`cpu`]),
//! and the GPUs ([`GpuDevice`]).

pub use crate::counting::MAX_THREADS;
pub use crate::engine::cpu;
pub use crate::engine::gpu::select::GpuDevice;
pub use crate::engine::halves::MEMORY_LIMIT;
