//! The operations of each path of a kernel's turn, counted on the SPIR-V that naga emits for
//! its shader: the price a group of lanes pays per turn, apart from how the lanes move.

use super::kernels::{BASELINE_SHADER, Kernel, STEP_SHADER};
use super::price;
use std::collections::BTreeMap;

/// Operations of the tests that lead a lane to a path, in the shader's `main` (a compare and a
/// conditional branch each): they are part of the loop, not of the path's function.
const TEST: u64 = 2;

/// The operations of each function of a shader, its calls' included, by the rule of the module
/// documentation; `checked`: with the index clamps and loop counter wgpu adds by default
/// (a module built with `create_shader_module`), else without (`create_shader_module_trusted`).
pub fn shader_costs(source: &str, checked: bool) -> Result<BTreeMap<String, u64>, String> {
    Ok(count_spirv(&price::spirv(source, checked)?))
}

/// Counts the operations of each function of a SPIR-V module (see [`shader_costs`]).
fn count_spirv(words: &[u32]) -> BTreeMap<String, u64> {
    use std::collections::{HashMap, HashSet};
    // Opcodes (SPIR-V specification, section 3.52).
    const NAME: u32 = 5;
    const TYPE_VECTOR: u32 = 23;
    const TYPE_POINTER: u32 = 32;
    const FUNCTION: u32 = 54;
    const PARAMETER: u32 = 55;
    const FUNCTION_END: u32 = 56;
    const CALL: u32 = 57;
    const VARIABLE: u32 = 59;
    const LOAD: u32 = 61;
    const STORE: u32 = 62;
    const ACCESS_CHAIN: u32 = 65;
    const IN_BOUNDS_ACCESS_CHAIN: u32 = 66;
    const STORAGE_FUNCTION: u32 = 7;
    const STORAGE_PRIVATE: u32 = 6;
    // Free: line info, undef, composites, copies, phis, structured-control marks, labels,
    // unconditional branches, returns.
    const FREE: [u32; 15] = [
        0, 1, 8, 317, 79, 80, 81, 82, 83, 245, 246, 247, 248, 249, 253,
    ];
    const RETURN_VALUE: u32 = 254;

    let mut names: HashMap<u32, String> = HashMap::new();
    let mut vectors: HashMap<u32, u64> = HashMap::new();
    let mut local_pointer_types: HashSet<u32> = HashSet::new();
    let mut local: HashSet<u32> = HashSet::new();
    let mut own: HashMap<u32, u64> = HashMap::new();
    let mut calls: HashMap<u32, Vec<u32>> = HashMap::new();
    let mut current: Option<u32> = None;
    let mut at = 5;
    while at < words.len() {
        let (len, op) = ((words[at] >> 16) as usize, words[at] & 0xffff);
        let w = &words[at..at + len.max(1)];
        at += len.max(1);
        match op {
            NAME => {
                let bytes: Vec<u8> = w[2..].iter().flat_map(|x| x.to_le_bytes()).collect();
                let end = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
                names.insert(w[1], String::from_utf8_lossy(&bytes[..end]).into_owned());
            }
            TYPE_VECTOR => {
                vectors.insert(w[1], w[3] as u64);
            }
            TYPE_POINTER if w[2] == STORAGE_FUNCTION || w[2] == STORAGE_PRIVATE => {
                local_pointer_types.insert(w[1]);
            }
            FUNCTION => current = Some(w[2]),
            FUNCTION_END => current = None,
            _ => {}
        }
        let Some(f) = current else { continue };
        let cost = match op {
            PARAMETER => {
                if local_pointer_types.contains(&w[1]) {
                    local.insert(w[2]);
                }
                0
            }
            FUNCTION | RETURN_VALUE => 0,
            VARIABLE => {
                local.insert(w[2]);
                0
            }
            ACCESS_CHAIN | IN_BOUNDS_ACCESS_CHAIN if local.contains(&w[3]) => {
                local.insert(w[2]);
                0
            }
            LOAD if local.contains(&w[3]) => 0,
            STORE if local.contains(&w[1]) => 0,
            LOAD | STORE => 1,
            CALL => {
                calls.entry(f).or_default().push(w[3]);
                0
            }
            _ if FREE.contains(&op) => 0,
            _ => vectors.get(&w[1]).copied().unwrap_or(1),
        };
        *own.entry(f).or_default() += cost;
    }
    fn total(
        f: u32,
        own: &HashMap<u32, u64>,
        calls: &HashMap<u32, Vec<u32>>,
        memo: &mut HashMap<u32, u64>,
    ) -> u64 {
        if let Some(&c) = memo.get(&f) {
            return c;
        }
        let callees = calls.get(&f).cloned().unwrap_or_default();
        let c = own.get(&f).copied().unwrap_or(0)
            + callees
                .into_iter()
                .map(|g| total(g, own, calls, memo))
                .sum::<u64>();
        memo.insert(f, c);
        c
    }
    let mut memo = HashMap::new();
    let mut out = BTreeMap::new();
    for &f in own.keys() {
        let c = total(f, &own, &calls, &mut memo);
        out.insert(names.get(&f).cloned().unwrap_or(format!("%{f}")), c);
    }
    // `main` on its own: its tests and the change of task, without the paths it calls.
    for (&f, &c) in &own {
        if names.get(&f).is_some_and(|n| n == "main") {
            out.insert("main (own)".to_string(), c);
        }
    }
    out
}

/// What each path of a kernel's turn costs, in operations.
#[derive(Clone, Debug)]
pub struct PathCosts {
    /// By path: for [`Kernel::Step`] `step` and `change`; for [`Kernel::Baseline`] `try`,
    /// `leaf`, `push`, `pop` and `change`.
    pub paths: BTreeMap<&'static str, u64>,
}

impl PathCosts {
    /// The costs of `kernel`'s paths, from its shader's SPIR-V.
    pub fn of(kernel: Kernel, checked: bool) -> Result<PathCosts, String> {
        let source = match kernel {
            Kernel::Baseline => BASELINE_SHADER,
            Kernel::Step => STEP_SHADER,
        };
        let f = shader_costs(source, checked)?;
        let get = |name: &str| {
            f.get(name)
                .copied()
                .ok_or_else(|| format!("the shader has no function {name}"))
        };
        let main = get("main (own)")?;
        let paths = match kernel {
            // Each turn tests for the end of a task, then steps.
            Kernel::Step => [
                ("step", get("step")? + TEST),
                ("change", get("begin")? + main),
            ],
            Kernel::Baseline => {
                return Ok(PathCosts {
                    paths: [
                        // `free != 0`, then the cell taken out of `free` (three operations).
                        ("try", get("path_try")? + TEST + 3),
                        // `d == leaf`, and the count added.
                        ("leaf", get("path_leaf")? + TEST + 1),
                        ("push", get("path_push")? + 2 * TEST),
                        ("pop", get("path_pop")? + 2 * TEST),
                        ("change", get("path_change")? + main),
                    ]
                    .into_iter()
                    .collect(),
                });
            }
        };
        Ok(PathCosts {
            paths: paths.into_iter().collect(),
        })
    }

    pub(super) fn get(&self, path: &str) -> u64 {
        self.paths[path]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_checks_cost_operations_and_every_path_has_a_cost() {
        for kernel in [Kernel::Baseline, Kernel::Step] {
            let trusted = PathCosts::of(kernel, false).unwrap();
            let checked = PathCosts::of(kernel, true).unwrap();
            assert!(trusted.paths.values().all(|&c| c > 0));
            assert!(checked.paths.values().sum::<u64>() > trusted.paths.values().sum::<u64>());
        }
    }
}
