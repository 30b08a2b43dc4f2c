//! One module per subcommand; each turns its arguments into library calls and prints.

mod complete;
mod count;
mod find;
mod list;
pub mod longrun;
mod merge;

mod trace;
mod verify;

use crate::Outcome;
use crate::args::{Cli, Command};

/// Runs the chosen subcommand.
pub fn run(cli: Cli) -> Outcome {
    match cli.command {
        Command::Count(a) => count::run(a),
        Command::List(a) => list::run(a),
        Command::Merge(a) => merge::run(a),

        Command::Find(a) => find::run(a),
        Command::Verify(a) => verify::run(a),
        Command::Trace(a) => trace::run(a),
    }
}
