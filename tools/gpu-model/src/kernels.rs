//! What the model plays: the two kernels and their shaders, and the lanes of a group that run
//! them in lockstep. The rest of the model reads them, so they stand apart, below the others.

use nqueens::internals::gpu::tasks::thread_bytes;

/// The shader that counts on GPUs, as the library holds it.
pub const STEP_SHADER: &str = nqueens::internals::gpu::COUNT_SHADER;
/// The shader before the one-step design, for the model alone.
pub const BASELINE_SHADER: &str = include_str!("baseline.wgsl");

/// Lanes of a group that run in lockstep (an NVIDIA warp).
pub const LANES: usize = 32;

/// The two kernels the model plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kernel {
    /// Five paths per turn (try a cell; count the last three rows in closed form; push; pop;
    /// change task).
    Baseline,
    /// One short step per turn (the top row of the stack tried), and a change of task when a
    /// task ends.
    Step,
}

impl Kernel {
    /// The kernel's name in the model's output.
    pub fn name(self) -> &'static str {
        match self {
            Kernel::Baseline => "baseline",
            Kernel::Step => "step",
        }
    }

    /// Bytes of workgroup memory a thread needs for `levels` rows of stack: the baseline keeps
    /// four masks a row; the step also the cells of the row below each but the deepest.
    pub fn thread_bytes(self, levels: u64) -> u64 {
        match self {
            Kernel::Baseline => levels * 16,
            Kernel::Step => thread_bytes(levels as usize) as u64,
        }
    }
}
