//! The processor features the engines' kernels are built for, detected in one place.
//!
//! A kernel compiled with `#[target_feature(enable = "...")]` may only run on a processor that
//! has every feature of that list. Each list the engines use is one constant here, which the
//! kernel's attribute repeats word for word and [`has`] checks as a whole before the kernel is
//! entered; a test reads the engines' sources and refuses any `enable` list that is not one of
//! these constants, so that no kernel can enable a feature its check leaves out.

/// The bit-manipulation build of the symmetry engine: shifts by a register (`shlx`, BMI2), the
/// lowest set bit in one step (`blsi`, BMI1), `pext` (BMI2) for its tables, and `popcnt`.
pub const BIT_MANIPULATION: &str = "bmi1,bmi2,popcnt";

/// The vector build of the halves engine: 256-bit operations over its key vectors (AVX2),
/// single-instruction popcounts, and BMI1 for the bit tricks of its walks.
pub const VECTOR: &str = "avx2,popcnt,bmi1";

/// The wide build of the halves engine: [`VECTOR`] with AVX-512's 512-bit operations and its
/// vector popcount (VPOPCNTDQ), so that a word range's popcounts are counted in the vector
/// registers instead of one word at a time.
pub const WIDE: &str = "avx2,popcnt,bmi1,avx512f,avx512bw,avx512vl,avx512vpopcntdq";

/// True when the processor has every feature of `set` (one of the constants above); always
/// false off x86-64, where the engines run their portable builds.
///
/// ```
/// use nqueens::machine::cpu;
///
/// if cpu::has(cpu::VECTOR) {
///     assert!(cpu::has("avx2"));
/// }
/// assert!(!cpu::has("no-such-feature"));
/// ```
pub fn has(set: &str) -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        set.split(',').all(|feature| match feature {
            "bmi1" => std::arch::is_x86_feature_detected!("bmi1"),
            "bmi2" => std::arch::is_x86_feature_detected!("bmi2"),
            "popcnt" => std::arch::is_x86_feature_detected!("popcnt"),
            "avx2" => std::arch::is_x86_feature_detected!("avx2"),
            "avx512f" => std::arch::is_x86_feature_detected!("avx512f"),
            "avx512bw" => std::arch::is_x86_feature_detected!("avx512bw"),
            "avx512vl" => std::arch::is_x86_feature_detected!("avx512vl"),
            "avx512vpopcntdq" => std::arch::is_x86_feature_detected!("avx512vpopcntdq"),
            _ => false,
        })
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = set;
        false
    }
}

/// Whether `pext` is quick here: AMD processors before Zen 3 (family 0x19) run it in microcode,
/// tens of cycles a call, which would make a table look-up built on it slower than the loop it
/// replaces. False where there is no `pext` at all.
pub fn pext_is_fast() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        use std::sync::OnceLock;
        static FAST: OnceLock<bool> = OnceLock::new();
        *FAST.get_or_init(|| {
            if !has("bmi2") {
                return false;
            }
            #[allow(unused_unsafe)]
            // SAFETY: every x86-64 processor has CPUID.
            let (vendor, signature) = unsafe {
                use std::arch::x86_64::__cpuid;
                (__cpuid(0), __cpuid(1).eax)
            };
            let amd =
                (vendor.ebx, vendor.edx, vendor.ecx) == (0x6874_7541, 0x6974_6e65, 0x444d_4163);
            let base = (signature >> 8) & 0xf;
            let family = if base == 0xf {
                base + ((signature >> 20) & 0xff)
            } else {
                base
            };
            !amd || family >= 0x19
        })
    }
    #[cfg(not(target_arch = "x86_64"))]
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn sources(dir: &Path, out: &mut Vec<(String, String)>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                sources(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                out.push((path.display().to_string(), text));
            }
        }
    }

    /// Every `#[target_feature(enable = ...)]` of the engines is one of the checked sets, and
    /// every set is checked somewhere before its kernels run.
    #[test]
    fn every_kernel_enables_exactly_a_checked_set() {
        let mut files = Vec::new();
        sources(
            &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
            &mut files,
        );
        let sets = [
            ("BIT_MANIPULATION", BIT_MANIPULATION),
            ("VECTOR", VECTOR),
            ("WIDE", WIDE),
        ];
        let mut kernels = 0;
        for (path, text) in &files {
            let attributes = text
                .lines()
                .filter_map(|l| l.trim().strip_prefix("#[target_feature(enable = \""));
            for rest in attributes {
                let list = &rest[..rest.find('"').unwrap()];
                assert!(
                    sets.iter().any(|(_, s)| *s == list),
                    "{path}: a kernel enables \"{list}\", which is not one of the sets cpu::has checks"
                );
                kernels += 1;
            }
        }
        assert!(kernels >= 5, "only {kernels} kernels found");
        for (name, _) in sets {
            let call = format!("cpu::has(cpu::{name})");
            assert!(
                files.iter().any(|(_, text)| text.contains(&call)),
                "no engine checks {name} before its kernels run"
            );
        }
    }
}
