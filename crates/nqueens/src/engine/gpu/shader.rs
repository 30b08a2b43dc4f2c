//! The counting shader's source (`count.wgsl`): what the engine compiles, with its workgroup's
//! size and its record's levels set before it, and what the model of its kernel prices.

/// The source of `count.wgsl`.
pub const COUNT_SHADER: &str = include_str!("count.wgsl");
