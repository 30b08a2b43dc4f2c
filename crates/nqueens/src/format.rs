//! Writing solutions as text, one at a time, so that listings of millions of boards stream
//! straight to the output and never sit in memory.

use crate::board::row_string;
use crate::Error;
use std::fmt;
use std::io::{self, Write};
use std::str::FromStr;

/// How a listing writes each solution.
///
/// ```
/// use nqueens::Format;
///
/// assert_eq!("perm".parse::<Format>().unwrap(), Format::Perm);
/// assert!("png".parse::<Format>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// n lines of `Q` and `.`, a blank line between boards.
    Board,
    /// One line of compact JSON, a list of boards as LeetCode 51 prints it.
    Leetcode,
    /// One line a solution: the 1-based column of each row, space-separated.
    Perm,
    /// JSON Lines: `{"columns":[...]}` with 0-based columns.
    Json,
}

impl Format {
    /// Every format, in the order `--help` lists them.
    pub const ALL: &'static [Format] =
        &[Format::Board, Format::Leetcode, Format::Perm, Format::Json];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Format::Board => "board",
            Format::Leetcode => "leetcode",
            Format::Perm => "perm",
            Format::Json => "json",
        }
    }

    /// One line on what the format looks like.
    pub fn about(self) -> &'static str {
        match self {
            Format::Board => "rows of Q and ., a blank line between boards",
            Format::Leetcode => "one line of JSON, as LeetCode 51 prints it",
            Format::Perm => "1-based column of each row, one solution a line",
            Format::Json => "JSON Lines: {\"columns\":[...]} with 0-based columns",
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Format {
    type Err = Error;
    fn from_str(s: &str) -> Result<Format, Error> {
        Format::ALL
            .iter()
            .copied()
            .find(|f| f.name() == s)
            .ok_or_else(|| {
                let names: Vec<&str> = Format::ALL.iter().map(|f| f.name()).collect();
                Error::Invalid(format!(
                    "unknown format '{s}': expected one of {}",
                    names.join(", ")
                ))
            })
    }
}

/// Writes solutions one by one in a [`Format`]; call [`SolutionWriter::finish`] at the end.
///
/// ```
/// use nqueens::{Format, SolutionWriter};
///
/// let mut out = Vec::new();
/// let mut w = SolutionWriter::new(&mut out, Format::Leetcode);
/// w.write(&[1, 3, 0, 2]).unwrap();
/// w.write(&[2, 0, 3, 1]).unwrap();
/// w.finish().unwrap();
/// assert_eq!(
///     String::from_utf8(out).unwrap(),
///     "[[\".Q..\",\"...Q\",\"Q...\",\"..Q.\"],[\"..Q.\",\"Q...\",\"...Q\",\".Q..\"]]\n"
/// );
/// ```
pub struct SolutionWriter<W: Write> {
    out: W,
    format: Format,
    written: u64,
}

impl<W: Write> SolutionWriter<W> {
    /// A writer that has written nothing yet.
    pub fn new(out: W, format: Format) -> Self {
        SolutionWriter {
            out,
            format,
            written: 0,
        }
    }

    /// How many solutions were written.
    pub fn written(&self) -> u64 {
        self.written
    }

    /// Writes one solution (0-based column of each row).
    pub fn write(&mut self, columns: &[u32]) -> io::Result<()> {
        self.write_with_class_size(columns, 0)
    }

    /// Writes a class representative; JSON objects also carry `class_size`, the number of
    /// distinct boards in its class (other formats write the board alone). 0 means unknown.
    ///
    /// ```
    /// use nqueens::{Format, SolutionWriter};
    ///
    /// let mut out = Vec::new();
    /// let mut w = SolutionWriter::new(&mut out, Format::Json);
    /// w.write_with_class_size(&[1, 3, 0, 2], 2).unwrap();
    /// w.finish().unwrap();
    /// assert_eq!(String::from_utf8(out).unwrap(), "{\"columns\":[1,3,0,2],\"class_size\":2}\n");
    /// ```
    pub fn write_with_class_size(&mut self, columns: &[u32], class_size: u32) -> io::Result<()> {
        let n = columns.len();
        let first = self.written == 0;
        let out = &mut self.out;
        match self.format {
            Format::Board => {
                if !first {
                    out.write_all(b"\n")?;
                }
                for &c in columns {
                    out.write_all(row_string(n, c).as_bytes())?;
                    out.write_all(b"\n")?;
                }
            }
            Format::Leetcode => {
                out.write_all(if first { b"[[" } else { b",[" })?;
                for (row, &c) in columns.iter().enumerate() {
                    if row > 0 {
                        out.write_all(b",")?;
                    }
                    write!(out, "\"{}\"", row_string(n, c))?;
                }
                out.write_all(b"]")?;
            }
            Format::Perm => {
                for (row, &c) in columns.iter().enumerate() {
                    if row > 0 {
                        out.write_all(b" ")?;
                    }
                    write!(out, "{}", c as u64 + 1)?;
                }
                out.write_all(b"\n")?;
            }
            Format::Json => {
                out.write_all(b"{\"columns\":[")?;
                write_list(out, columns)?;
                if class_size > 0 {
                    writeln!(out, "],\"class_size\":{class_size}}}")?;
                } else {
                    out.write_all(b"]}\n")?;
                }
            }
        }
        self.written += 1;
        Ok(())
    }

    /// Ends the output (closes the LeetCode list) and flushes it.
    pub fn finish(mut self) -> io::Result<W> {
        if self.format == Format::Leetcode {
            self.out
                .write_all(if self.written == 0 { b"[]\n" } else { b"]\n" })?;
        }
        self.out.flush()?;
        Ok(self.out)
    }
}

/// Writes numbers separated by commas.
fn write_list(out: &mut impl Write, columns: &[u32]) -> io::Result<()> {
    for (i, &c) in columns.iter().enumerate() {
        if i > 0 {
            out.write_all(b",")?;
        }
        write!(out, "{c}")?;
    }
    Ok(())
}
