//! What the commands print on stdout: a bare number on its own line, one JSON object on one
//! line, or solutions streamed one by one in a chosen format.

use crate::failure::Outcome;
use nqueens::Placement;
use nqueens::io::SolutionWriter;
use serde::Serialize;
use std::io::{self, Write};
use std::process::ExitCode;
#[cfg(target_os = "linux")]
use std::sync::atomic::{AtomicBool, Ordering};

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

/// Whether standard output was a closed descriptor when the process started (`nqueens count 8
/// >&-`), so that the command can refuse at once rather than lose its answer: Rust's runtime
/// reopens a closed descriptor 0, 1 or 2 on `/dev/null` before `main`, where every write then
/// succeeds unseen and the program would exit 0 with nothing written anywhere. The descriptor is
/// therefore looked at earlier, by a function the loader runs before the runtime starts (an ELF
/// `.init_array` entry); elsewhere than Linux this gives false.
pub fn closed_at_start() -> bool {
    #[cfg(target_os = "linux")]
    return STDOUT_CLOSED.load(Ordering::Relaxed);
    #[cfg(not(target_os = "linux"))]
    false
}

#[cfg(target_os = "linux")]
static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

#[cfg(target_os = "linux")]
#[used]
#[unsafe(link_section = ".init_array")]
static LOOK_AT_STDOUT: extern "C" fn() = look_at_stdout;

#[cfg(target_os = "linux")]
extern "C" fn look_at_stdout() {
    use std::ffi::c_int;
    unsafe extern "C" {
        fn fcntl(fd: c_int, cmd: c_int, ...) -> c_int;
    }
    /// `F_GETFD` of fcntl.h.
    const F_GETFD: c_int = 1;
    // SAFETY: F_GETFD only reads the descriptor's flags; on a closed descriptor it fails with
    // EBADF and changes nothing.
    let closed = unsafe { fcntl(1, F_GETFD) } == -1;
    STDOUT_CLOSED.store(closed, Ordering::Relaxed);
}
