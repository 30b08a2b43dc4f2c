//! A model of the GPU kernel that runs on the CPU, so that the kernel's design is measured on
//! any machine rather than guessed: `bench/gpu-model.sh N` prints what it finds.
//!
//! A GPU runs the threads of a group (a warp: 32 on NVIDIA) in lockstep. A turn of the
//! shader's loop costs the operations of every path that any of the group's threads takes in
//! it, while each thread gains only from its own path. Three things decide a kernel's speed,
//! and the model measures each on the real tasks of a board:
//!
//! - **Operations per path**, counted on the SPIR-V that naga (wgpu's shader compiler) emits
//!   for the shader ([`shader_costs`]). Each path of a turn is a function of the shader, so its
//!   operations can be counted apart. The rule, the same for every kernel: an instruction costs
//!   one operation per component of its result (a `vec4` select is four); a load or a store of
//!   a buffer or of workgroup memory costs one; loads, stores and address arithmetic of a
//!   function's own variables cost nothing (drivers keep them in registers), nor do labels,
//!   unconditional branches, calls (drivers inline them), and the taking apart and putting
//!   together of structs and vectors. A called function's operations are added at each call.
//! - **Lanes in lockstep** ([`simulate`]): groups of 32 lanes play the shader's loop turn by turn
//!   on the board's real tasks, each lane taking the next task from a shared counter as the
//!   shader does. Every turn costs the paths its lanes take; `active_lanes` is the share of the
//!   operations paid that did a lane's own work, `last_row_turns` (of today's kernel) the
//!   share of the lanes' turns that count the last row's cells, and `skipped_levels` the levels
//!   its walk passes over going back up, per turn: what a walk that rises one level a turn
//!   would add. The model counts the solutions as it goes,
//!   and they must be Q(N): the model checks itself.
//! - **Occupancy** ([`occupancy()`]): how much of an H100's resident threads the way work is
//!   handed to the GPU keeps busy over a whole count, from the task sizes the model measured.
//!
//! Two kernels are modelled: [`Kernel::Baseline`], the loop with five paths per turn and the last
//! three rows counted in closed form (`baseline.wgsl`, kept only for this), and
//! [`Kernel::Step`], today's `count.wgsl`, one short step per turn, as the library holds it.
//!
//! The model reads the engine's tasks, constellations and shader through the library's hidden
//! `internals`, so that it plays the very tasks and prices the very shader the engine runs. It is
//! a development tool of the workspace, never published; its two programs are `gpu_model`
//! (`bench/gpu-model.sh`) and `gpu_calibrate` (`bench/gpu-calibrate.sh`).
//!
//! The files of the crate, one idea each, lowest first:
//!
//! - `kernels.rs`: the two kernels, their shaders and the lanes of a warp;
//! - `ops.rs`: the operations of each path, counted on the SPIR-V ([`shader_costs`],
//!   [`PathCosts`]);
//! - `board.rs`: the tasks of a board as the GPU plan cuts them ([`Tasks`]);
//! - `lanes.rs`: the lanes in lockstep ([`simulate`], [`Played`]);
//! - `nodes.rs`: the nodes of a whole search, with the split and with the mirror alone
//!   ([`split_nodes`], [`mirror_nodes`]);
//! - `sample.rs`: samples of boards too large to play whole ([`sample_task_turns`],
//!   [`task_stream`]);
//! - `occupancy.rs`: the device and the rules of dispatch ([`Device`], [`Rule`], [`occupancy()`]);
//! - `price.rs` and `peer.rs`: the price of a turn on an NVIDIA GPU, and the fastest CUDA
//!   counter's work played on the CPU to check that price;
//! - `variants.rs`: steps weighed against today's, priced the same way.

pub mod peer;
pub mod price;
pub mod variants;

mod board;
mod kernels;
mod lanes;
mod nodes;
mod occupancy;
mod ops;
mod sample;

pub use board::Tasks;
pub use kernels::{BASELINE_SHADER, Kernel, LANES, STEP_SHADER};
pub use lanes::{Played, simulate};
pub use nodes::{mirror_nodes, split_nodes};
pub use occupancy::{Device, H100, Rule, occupancy};
pub use ops::{PathCosts, shader_costs};
pub use sample::{Sampled, TaskSample, largest_first, sample_task_turns, task_stream};
