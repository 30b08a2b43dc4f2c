//! What a refused name or text was meant to be: the kind of a name that is not one of the known
//! ones ([`NameKind`]), the kind of a text that is not valid ([`InputKind`]), and what the
//! memory of one solution was for ([`MemoryFor`]). Each is worded as the message names it.

use std::fmt;

/// What kind of name an [`Error::UnknownName`](crate::Error::UnknownName) is.
///
/// ```
/// use nqueens::Error;
/// use nqueens::error::NameKind;
/// use nqueens::io::Format;
///
/// let err = "tsv".parse::<Format>().unwrap_err();
/// assert!(matches!(err, Error::UnknownName { kind: NameKind::Format, .. }));
/// assert_eq!(NameKind::Method.to_string(), "method");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum NameKind {
    /// The name of a method ([`Method`](crate::Method)).
    Method,
    /// The name of an output format ([`Format`](crate::io::Format)).
    Format,
}

impl fmt::Display for NameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            NameKind::Method => "method",
            NameKind::Format => "format",
        })
    }
}

/// What kind of text an [`Error::Invalid`](crate::Error::Invalid) is.
///
/// ```
/// use nqueens::Error;
/// use nqueens::error::InputKind;
/// use nqueens::machine::GpuDevice;
///
/// let err = "first".parse::<GpuDevice>().unwrap_err();
/// assert!(matches!(err, Error::Invalid { what: InputKind::GpuDevice, .. }));
/// assert_eq!(InputKind::SubproblemIndex.to_string(), "subproblem index");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum InputKind {
    /// A shard, written `I/K`.
    Shard,
    /// The GPUs a count runs on: a device index or `all`
    /// ([`GpuDevice`](crate::machine::GpuDevice)).
    GpuDevice,
    /// The threads of a GPU workgroup: a power of two
    /// ([`GpuTuning`](crate::machine::GpuTuning)).
    GpuWorkgroup,
    /// The index of a subproblem of a count's plan.
    SubproblemIndex,
}

impl fmt::Display for InputKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            InputKind::Shard => "shard",
            InputKind::GpuDevice => "GPU device",
            InputKind::GpuWorkgroup => "GPU workgroup",
            InputKind::SubproblemIndex => "subproblem index",
        })
    }
}

/// What the memory refused in an [`Error::SolutionMemory`](crate::Error::SolutionMemory) was
/// for, worded to follow its size in the message.
///
/// ```
/// use nqueens::error::MemoryFor;
///
/// assert_eq!(MemoryFor::Columns.to_string(), "of the solution's columns (4 bytes a queen)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MemoryFor {
    /// The columns of a solution built whole by construction (4 bytes a queen).
    Columns,
    /// The columns and diagonal counters of the random search (about 20 bytes a queen).
    RandomSearch,
}

impl fmt::Display for MemoryFor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MemoryFor::Columns => "of the solution's columns (4 bytes a queen)",
            MemoryFor::RandomSearch => "of the random search (about 20 bytes a queen)",
        })
    }
}
