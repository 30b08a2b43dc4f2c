//! What the commands print on stdout: a bare number on its own line, one JSON object on one
//! line, or solutions streamed one by one in a chosen format.

use crate::failure::Outcome;
use nqueens::Placement;
use nqueens::io::SolutionWriter;
use serde::Serialize;
use std::io::{self, Write};
use std::process::ExitCode;

/// Prints a count as a bare number on its own line.
pub fn number(number: u128) -> io::Result<()> {
    let mut out = io::stdout().lock();
    writeln!(out, "{number}")?;
    out.flush()
}

/// Prints one value as one line of JSON.
pub fn json(value: &impl Serialize) -> io::Result<()> {
    let mut out = io::stdout().lock();
    json_line(&mut out, value)?;
    out.flush()
}

/// Writes one value as one line of JSON to `out`. A failed write keeps its kind (serde wraps
/// it, and `io::Error::from` unwraps it), so that a closed pipe still reads as one and ends
/// quietly rather than as an error.
pub fn json_line(out: &mut impl Write, value: &impl Serialize) -> io::Result<()> {
    serde_json::to_writer(&mut *out, value).map_err(io::Error::from)?;
    out.write_all(b"\n")
}

/// Writes every solution of `items` (each with its class size, 0 when unknown) as it comes,
/// at most `limit` of them, stopping at the first failed write (a closed pipe among them), and
/// closes the output. Nothing is collected: a listing of millions of boards streams.
pub fn stream<W: Write>(
    mut writer: SolutionWriter<W>,
    items: impl Iterator<Item = (Placement, u32)>,
    limit: Option<u64>,
) -> Outcome {
    let limit = limit.unwrap_or(u64::MAX);
    for (placement, class_size) in items.take(usize::try_from(limit).unwrap_or(usize::MAX)) {
        writer.write_with_class_size(placement.columns(), class_size)?;
    }
    writer.finish()?;
    Ok(ExitCode::SUCCESS)
}
