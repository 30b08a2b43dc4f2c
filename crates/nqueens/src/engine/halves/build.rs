//! The builds of the halves kernels, one per width of vector the processor may have, and the
//! entry points compiled with each build's features, so that one binary runs the widest loops a
//! processor offers and still runs everywhere.

#[cfg(target_arch = "x86_64")]
use crate::machine::cpu;

/// The builds of the halves kernels, compiled for ever wider vectors; [`Build::best`] picks the
/// widest this processor runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Build {
    /// Portable Rust, whatever the processor.
    Plain,
    /// AVX2 and the popcount instruction ([`cpu::VECTOR`]).
    #[cfg(target_arch = "x86_64")]
    Vector,
    /// AVX-512 with its vector popcount ([`cpu::WIDE`]).
    #[cfg(target_arch = "x86_64")]
    Wide,
}

impl Build {
    /// The widest build this processor runs.
    pub(super) fn best() -> Build {
        #[cfg(target_arch = "x86_64")]
        {
            if cpu::has(cpu::WIDE) {
                return Build::Wide;
            }
            if cpu::has(cpu::VECTOR) {
                return Build::Vector;
            }
        }
        Build::Plain
    }

    /// Every build this processor runs, the portable one first.
    #[cfg(test)]
    pub(super) fn available() -> Vec<Build> {
        let mut builds = vec![Build::Plain];
        #[cfg(target_arch = "x86_64")]
        {
            if cpu::has(cpu::VECTOR) {
                builds.push(Build::Vector);
            }
            if cpu::has(cpu::WIDE) {
                builds.push(Build::Wide);
            }
        }
        builds
    }
}

/// A kernel whose loops are compiled once per [`Build`]: [`Build::run`] calls [`Kernel::run`]
/// from a function compiled for the build's features, and `run`, inlined whole into it, is
/// compiled with them.
pub(super) trait Kernel {
    /// The count; `CUT` says whether the east keys lie in buckets, so that without them the
    /// loops compile free of the bookkeeping of ruled-out buckets.
    fn run<const CUT: bool>(&self) -> u64;
}

impl Build {
    /// Runs `kernel` in this build, with the east keys in buckets when `cut` is set.
    #[inline]
    pub(super) fn run<K: Kernel>(self, kernel: &K, cut: bool) -> u64 {
        match self {
            // SAFETY (both arms): only `best` and `available` make these builds, and only where
            // the processor has their features.
            #[cfg(target_arch = "x86_64")]
            Build::Wide => unsafe {
                if cut {
                    run_wide::<K, true>(kernel)
                } else {
                    run_wide::<K, false>(kernel)
                }
            },
            #[cfg(target_arch = "x86_64")]
            Build::Vector => unsafe {
                if cut {
                    run_avx2::<K, true>(kernel)
                } else {
                    run_avx2::<K, false>(kernel)
                }
            },
            Build::Plain if cut => kernel.run::<true>(),
            Build::Plain => kernel.run::<false>(),
        }
    }
}

/// A kernel compiled for AVX2 and the popcount instruction: the word loops become 256-bit
/// operations and the popcounts single instructions, which is most of the kernel's speed.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,popcnt,bmi1")]
unsafe fn run_avx2<K: Kernel, const CUT: bool>(kernel: &K) -> u64 {
    kernel.run::<CUT>()
}

/// A kernel compiled for AVX-512: 512-bit word loops, and popcounts in the vector registers.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,popcnt,bmi1,avx512f,avx512bw,avx512vl,avx512vpopcntdq")]
unsafe fn run_wide<K: Kernel, const CUT: bool>(kernel: &K) -> u64 {
    kernel.run::<CUT>()
}
