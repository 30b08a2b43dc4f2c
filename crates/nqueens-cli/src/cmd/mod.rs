//! One module per subcommand; each turns its arguments into library calls and prints.

mod count;
mod list;
pub mod longrun;
mod merge;

use crate::Outcome;
use crate::args::{Cli, Command};

/// Runs the chosen subcommand.
pub fn run(cli: Cli) -> Outcome {
    match cli.command {
        Command::Count(a) => count::run(a),
        Command::List(a) => list::run(a),
        Command::Merge(a) => merge::run(a),
    }
}
