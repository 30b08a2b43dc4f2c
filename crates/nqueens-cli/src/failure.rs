//! How a command fails: the message and the exit code, with the library's errors worded as
//! command-line advice (the flag that would help).
//!
//! The library's errors are data: which method cannot do what, which methods can, how many
//! threads would fit. Only here do they become sentences that name flags, so that the library
//! never speaks the command line's language and the command line never guesses at the
//! library's reasons.

use nqueens::Error;
use nqueens::error::{GpuProblem, Mismatch, Origin, Task};
use nqueens::wording;
use std::io;
use std::process::ExitCode;

/// A failure that ends the program, with the exit code it ends with.
#[derive(Debug)]
pub struct Failure {
    pub message: String,
    pub code: u8,
}

/// What a subcommand returns: the exit code on success.
pub type Outcome = Result<ExitCode, Failure>;

impl Failure {
    /// Bad input or usage: exit code 2.
    pub fn usage(message: impl Into<String>) -> Failure {
        Failure {
            message: message.into(),
            code: 2,
        }
    }

    /// A well-formed request whose answer is "there is none": exit code 1.
    pub fn none(message: impl Into<String>) -> Failure {
        Failure {
            message: message.into(),
            code: 1,
        }
    }
}

impl From<Error> for Failure {
    fn from(e: Error) -> Failure {
        match e {
            Error::Io { context, source } => Failure {
                code: io_code(&source),
                message: format!("{context}: {source}"),
            },
            other => Failure::usage(advice(&other)),
        }
    }
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Failure {
        Failure {
            code: io_code(&e),
            message: e.to_string(),
        }
    }
}

/// A reader that went away (`nqueens list 14 | head`) is a normal end: code 0, no message.
fn io_code(e: &io::Error) -> u8 {
    if e.kind() == io::ErrorKind::BrokenPipe {
        0
    } else {
        1
    }
}

/// Writes `nqueens: MESSAGE` as one line on stderr. A stderr that cannot be written (closed, or
/// a full disk) is ignored: a message is never worth a crash, nor worth losing the result that
/// stdout still carries.
pub fn say(message: &str) {
    use std::io::Write;
    let _ = writeln!(io::stderr(), "nqueens: {}", one_line(message));
}

/// A message on one line, however a name or value quoted in it was written (a file named with a
/// line break, say): its lines joined as clap's are (see `args::one_line`), after a colon by a
/// space and otherwise by "; ", and its other control characters left out, so that a reader of
/// stderr line by line sees one message as one line.
fn one_line(message: &str) -> String {
    let kept: String = message
        .chars()
        .filter(|&c| matches!(c, '\t' | '\n' | '\r') || !(c < ' ' || c == '\x7f'))
        .collect();
    let mut joined = String::new();
    for line in kept.split('\n').map(str::trim).filter(|l| !l.is_empty()) {
        if !joined.is_empty() {
            joined.push_str(if joined.ends_with(':') { " " } else { "; " });
        }
        joined.push_str(line);
    }
    joined
}

/// The library's error, with the flags that would help where there are some.
pub fn advice(e: &Error) -> String {
    let flags = |methods: &[nqueens::Method]| {
        let names: Vec<String> = methods.iter().map(|m| format!("--method {m}")).collect();
        names.join(" or ")
    };
    match e {
        Error::Unsupported {
            method,
            task,
            instead,
        } => {
            let what = match task {
                Task::CountUnique => "does not count unique solutions".to_string(),
                Task::CountUniqueInParts => "counts unique solutions of a whole count only, \
                                             not of a shard or a cluster rank's part"
                    .to_string(),
                Task::List => "only counts: it cannot list solutions".to_string(),
                Task::Split => "has no subproblem split, so its count cannot be checkpointed, \
                                sharded or run under MPI"
                    .to_string(),
                Task::CountPuzzle => "cannot complete a board".to_string(),
                Task::CountOnGpu => "counts on the CPU, not on a GPU".to_string(),
                _ => e.to_string(),
            };
            match instead.as_slice() {
                [] => format!("method {method} {what}"),
                some => format!("method {method} {what}: use {}", flags(some)),
            }
        }
        Error::Memory { fits, .. } => {
            let help = match fits {
                Some(t) => format!("use --threads {t} or fewer, or --method symmetry"),
                None => "use --method symmetry".to_string(),
            };
            format!("{}: {help}", wording::problem(e))
        }
        Error::OutOfMemory {
            method: nqueens::Method::Halves,
            ..
        } => format!("{e}: free memory, or use --method symmetry, which needs almost none"),
        // The list of a board's subproblems is the least a count can hold.
        Error::OutOfMemory { .. } => format!("{e}: raise the limit on memory (ulimit -v)"),
        // Only the random search holds a solution whole: the construction streams it.
        Error::SolutionMemory { .. } => {
            format!("{e}: drop --random and --seed, whose construction needs no memory")
        }
        Error::Gpu(GpuProblem::NotBuilt) => {
            format!(
                "this nqueens was built without GPU support: {}",
                rebuild_with("gpu")
            )
        }
        Error::Gpu(GpuProblem::NoSuchDevice { found, .. }) => format!(
            "{e}: use --gpu-device {} or --gpu-device all",
            match found.len() {
                1 => "0".to_string(),
                k => format!("0 to {}", k - 1),
            }
        ),
        Error::Gpu(GpuProblem::Workgroup { .. }) => {
            format!("{e}: use a smaller --gpu-workgroup, or leave it out")
        }
        Error::NotForPuzzles(Task::CountUnique) => {
            "--unique counts the symmetry classes of the empty board; a board given with --board \
             has none (its queens and blocked squares break the symmetry)"
                .to_string()
        }
        Error::Mismatch {
            from: Origin::Checkpoint(_),
            mismatch,
        } => {
            let hint = match mismatch {
                Mismatch::Method { found, .. } => format!(" (resume it with --method {found})"),
                Mismatch::N { found, .. } => format!(" (resume it with N = {found})"),
                Mismatch::Board { found: true, .. } => {
                    " (resume it with --resume alone: it holds its board)".to_string()
                }
                _ => String::new(),
            };
            format!("{}{hint}", wording::problem(e))
        }
        other => other.to_string(),
    }
}

/// How to get a binary with an optional part built in (`gpu`, `mpi`): a binary run from a build
/// folder (`target/release/nqueens`) is rebuilt there, an installed one is installed again, since
/// a rebuild into `target/release` would leave the installed one as it was. A build folder is
/// told by the `.fingerprint` folder cargo keeps beside what it builds, so that one moved
/// elsewhere (`CARGO_TARGET_DIR`) is still recognised. The command keeps the parts this binary
/// has: an MPI build told to rebuild with `--features gpu` alone would lose MPI.
pub fn rebuild_with(feature: &str) -> String {
    let built_here = std::env::current_exe().is_ok_and(|exe| {
        exe.parent()
            .is_some_and(|dir| dir.join(".fingerprint").is_dir())
    });
    let features = features_with(BUILT_FEATURES, feature);
    if built_here {
        format!("rebuild it with 'cargo build --release -p nqueens-cli --features {features}'")
    } else {
        format!(
            "reinstall it with 'cargo install --path crates/nqueens-cli --features {features}' \
             from the source tree"
        )
    }
}

/// The optional parts this binary was built with.
const BUILT_FEATURES: &[&str] = &[
    #[cfg(feature = "gpu")]
    "gpu",
    #[cfg(feature = "mpi")]
    "mpi",
];

/// The value of `--features` for a build with `built` and `feature`: each once, in alphabetical
/// order, comma-separated.
fn features_with(built: &[&str], feature: &str) -> String {
    let mut all: Vec<&str> = built.to_vec();
    all.push(feature);
    all.sort_unstable();
    all.dedup();
    all.join(",")
}

#[cfg(test)]
mod tests {
    use super::*;
    use nqueens::{Count, Method};

    #[test]
    fn a_rebuild_keeps_the_parts_the_binary_has() {
        assert_eq!(features_with(&[], "gpu"), "gpu");
        assert_eq!(features_with(&["mpi"], "gpu"), "gpu,mpi");
        assert_eq!(features_with(&["gpu"], "mpi"), "gpu,mpi");
        assert_eq!(features_with(&["gpu", "mpi"], "gpu"), "gpu,mpi");
        // This binary's own: what `cargo test` built it with.
        let hint = rebuild_with("gpu");
        let want = if cfg!(feature = "mpi") {
            "--features gpu,mpi'"
        } else {
            "--features gpu'"
        };
        assert!(hint.contains(want), "{hint}");
    }

    #[test]
    fn refusals_name_the_flag_that_helps() {
        let e = Count::new(8)
            .method(Method::Bitmask)
            .unique(true)
            .run()
            .unwrap_err();
        assert_eq!(
            advice(&e),
            "method bitmask does not count unique solutions: use --method symmetry"
        );
        let e = Count::new(8)
            .method(Method::Naive)
            .shard("0/2".parse().unwrap())
            .run()
            .unwrap_err();
        assert_eq!(
            advice(&e),
            "method naive has no subproblem split, so its count cannot be checkpointed, sharded \
             or run under MPI: use --method bitmask or --method symmetry or --method halves"
        );
        let e = Count::new(23)
            .method(Method::Halves)
            .threads(1024)
            .run()
            .unwrap_err();
        let text = advice(&e);
        assert!(text.starts_with("n = 23 with method halves on 1024 threads needs about"));
        assert!(text.contains(": use --threads "), "{text}");
        assert!(!text.contains("would fit"), "{text}");
    }
}
