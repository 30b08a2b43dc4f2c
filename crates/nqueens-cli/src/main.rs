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
    #[cfg(feature = "gpu")]
    quiet_device_select();
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
