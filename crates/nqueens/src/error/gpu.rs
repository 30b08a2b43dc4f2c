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
    /// A workgroup size fixed for the count ([`GpuTuning`](crate::machine::GpuTuning)) that
    /// the device cannot run at the count's deepest stack: its threads' stacks need more
    /// workgroup memory than the device has, or the device runs fewer threads a workgroup.
    ///
    /// ```
    /// use nqueens::error::GpuProblem;
    ///
    /// let p = GpuProblem::Workgroup {
    ///     device: "llvmpipe".into(),
    ///     workgroup: 256,
    ///     levels: 16,
    ///     needed: 81_920,
    ///     available: 32_768,
    ///     most_threads: 1024,
    /// };
    /// assert_eq!(
    ///     p.to_string(),
    ///     "GPU llvmpipe cannot run workgroups of 256 threads with 16 rows of stack each: \
    ///      they need 81920 bytes of workgroup memory and it has 32768"
    /// );
    /// ```
    Workgroup {
        /// The adapter's name.
        device: String,
        /// The threads of a workgroup asked for.
        workgroup: u32,
        /// The rows of stack each thread keeps at the count's deepest.
        levels: u32,
        /// The bytes of workgroup memory the workgroup's stacks need.
        needed: u64,
        /// The bytes of workgroup memory the device gives a workgroup.
        available: u64,
        /// The most threads the device runs in one workgroup.
        most_threads: u32,
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
            GpuProblem::Workgroup {
                device,
                workgroup,
                levels,
                needed,
                available,
                most_threads,
            } => {
                write!(
                    f,
                    "GPU {device} cannot run workgroups of {workgroup} threads with {levels} rows \
                     of stack each: "
                )?;
                if workgroup > most_threads {
                    write!(f, "it runs at most {most_threads} threads a workgroup")
                } else {
                    write!(
                        f,
                        "they need {needed} bytes of workgroup memory and it has {available}"
                    )
                }
            }
            GpuProblem::Failed { device, why } => write!(f, "GPU {device} failed: {why}"),
        }
    }
}

// An error of its own, so that a caller holding one apart from [`Error`] can box it or pass it
// on with `?`. [`Error`] shows its text as part of its own rather than as its `source()`, so
// that a printer of error chains does not say it twice.
impl std::error::Error for GpuProblem {}
