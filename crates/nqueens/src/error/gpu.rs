//! Why a count on GPUs cannot run, in the words a person needs to fix it (a driver, a feature,
//! a device index), apart from the GPU engine so that a build without it still names the problem.

use std::fmt;

/// Why a count on GPUs cannot run.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GpuProblem {
    /// The crate was built without its feature `gpu`.
    NotBuilt,
    /// No adapter was found: no GPU, or no driver for it that wgpu can use (Vulkan, Metal or
    /// DirectX 12).
    NoAdapter,
    /// A device index beyond the adapters found.
    NoSuchDevice {
        /// The index asked for.
        index: usize,
        /// The adapters found, in the order their indices number them.
        found: Vec<String>,
    },
    /// A device that could not be opened or that failed while counting.
    Failed {
        /// The adapter's name.
        device: String,
        /// What went wrong, as the driver reported it.
        why: String,
    },
}

impl fmt::Display for GpuProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GpuProblem::NotBuilt => f.write_str(
                "method gpu is not in this build: the crate was built without its feature gpu",
            ),
            GpuProblem::NoAdapter => f.write_str(
                "no usable GPU adapter: no Vulkan, Metal or DirectX 12 device was found (a GPU \
                 driver is needed, and on Linux the Vulkan loader, libvulkan1)",
            ),
            GpuProblem::NoSuchDevice { index, found } => {
                let names: Vec<String> = found
                    .iter()
                    .enumerate()
                    .map(|(i, name)| format!("{i}: {name}"))
                    .collect();
                write!(
                    f,
                    "GPU device {index} does not exist: found {} ({})",
                    found.len(),
                    names.join(", ")
                )
            }
            GpuProblem::Failed { device, why } => write!(f, "GPU {device} failed: {why}"),
        }
    }
}

// An error of its own, so that a caller holding one apart from [`Error`] can box it or pass it
// on with `?`. [`Error`] shows its text as part of its own rather than as its `source()`, so
// that a printer of error chains does not say it twice.
impl std::error::Error for GpuProblem {}
