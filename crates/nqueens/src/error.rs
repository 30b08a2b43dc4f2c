//! The library's error type: every failure a caller can act on, with a message that names the
//! problem and, where there is one, the valid range.

use std::fmt;

/// Everything that can go wrong in a library call.
///
/// ```
/// let err = nqueens::check_n(0).unwrap_err();
/// assert_eq!(err.to_string(), "n = 0 is out of range: n must be from 1 to 64");
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub enum Error {
    /// A board size outside what the operation accepts.
    NOutOfRange { n: usize, min: usize, max: usize },
    /// The method cannot do what was asked (for example list with a count-only engine).
    Unsupported(String),
    /// Input that cannot be used, with a message that says why.
    Invalid(String),
    /// Reading or writing failed.
    Io(std::io::Error),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::NOutOfRange { n, min, max } => {
                write!(f, "n = {n} is out of range: n must be from {min} to {max}")
            }
            Error::Unsupported(msg) | Error::Invalid(msg) => f.write_str(msg),
            Error::Io(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Io(e) => Some(e),
            _ => None,
        }
    }
}

impl From<std::io::Error> for Error {
    fn from(e: std::io::Error) -> Self {
        Error::Io(e)
    }
}
