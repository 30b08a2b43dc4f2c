//! The counting shader's source (`count.wgsl`): what the engine compiles, with its workgroup's
//! size and its record's levels set before it, and what the model of its kernel prices.

/// The source of `count.wgsl`.
pub const COUNT_SHADER: &str = include_str!("count.wgsl");

/// The shader's text for workgroups of `workgroup` threads with `levels` rows of stack each:
/// the two constants it leaves to the host, set before it.
#[cfg(feature = "gpu")]
pub(crate) fn source(workgroup: u32, levels: u32) -> String {
    format!("const WG: u32 = {workgroup}u;\nconst LEVELS: u32 = {levels}u;\n{COUNT_SHADER}")
}
