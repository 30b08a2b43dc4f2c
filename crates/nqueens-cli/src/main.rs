//! The `nqueens` command: parses arguments, hands them to the library as one request, prints.
//! Errors become a one-line message and an exit code (2 for bad input); a closed output pipe is
//! a normal end.
//!
//! Map: `args` (the command line's shape) and `numbers` (the one grammar of its numbers), `cmd`
//! (one module per subcommand), `output` (what goes to stdout), `board_file` (`--board FILE`),
//! `progress` (the bar on stderr), `failure` (messages and exit codes), `cluster` (MPI, in
//! builds with the `mpi` feature).

mod args;
mod board_file;
#[cfg(feature = "mpi")]
mod cluster;
mod cmd;
mod failure;
mod numbers;
mod output;
mod progress;

use failure::{Failure, Outcome};
use std::io::{self, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    one_arena_when_limited();
    #[cfg(feature = "gpu")]
    quiet_device_select();
    if output::closed_at_start() {
        failure::say("cannot write the output: standard output is closed");
        return ExitCode::from(1);
    }
    let cli = match args::parse() {
        Ok(cli) => cli,
        // Help and the version are output like any other: written and flushed here, so that a
        // write that fails is seen.
        Err(e) if args::is_help(&e) => {
            return end(e
                .print()
                .and_then(|()| io::stdout().flush())
                .map_or_else(|e| Err(Failure::from(e)), |()| Ok(ExitCode::SUCCESS)));
        }
        Err(e) => {
            failure::say(&args::one_line(&e));
            return ExitCode::from(2);
        }
    };
    end(cmd::run(cli.command))
}

/// The exit code of an outcome, with its message said.
fn end(outcome: Outcome) -> ExitCode {
    match outcome {
        Ok(code) => code,
        // A reader that went away (`nqueens list 14 | head`) is not an error.
        Err(f) if f.code == 0 => ExitCode::SUCCESS,
        Err(f) => {
            failure::say(&f.message);
            ExitCode::from(f.code)
        }
    }
}

/// Under a limit on the address space (`ulimit -v`), one malloc arena for all threads. glibc
/// gives each thread an arena of its own and reserves 64 MiB of address space for it; under a
/// tight limit the reservation fails, and is tried again on every allocation that misses, a
/// failed `mmap` each time: a count of n = 16 on two threads under `ulimit -v 80000` took 23
/// times as long.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn one_arena_when_limited() {
    use std::ffi::c_int;
    unsafe extern "C" {
        fn mallopt(param: c_int, value: c_int) -> c_int;
    }
    /// glibc's `M_ARENA_MAX` (malloc.h).
    const M_ARENA_MAX: c_int = -8;
    if nqueens::internals::halves::address_space_left().is_some() {
        // SAFETY: mallopt sets a parameter of glibc's allocator, which every glibc has; the
        // process has one thread yet.
        unsafe { mallopt(M_ARENA_MAX, 1) };
    }
}

/// Turns off Mesa's Vulkan device-selection layer unless the user set it up: it orders devices
/// for a display (a count orders its own, see `--gpu-device`), and on a machine without one it
/// prints an error line about `XDG_RUNTIME_DIR` for every count.
#[cfg(feature = "gpu")]
fn quiet_device_select() {
    if std::env::var_os("NODEVICE_SELECT").is_none() {
        // SAFETY: the process has one thread yet, so nothing reads the environment meanwhile.
        unsafe { std::env::set_var("NODEVICE_SELECT", "1") };
    }
}
