//! One module per subcommand; each turns its arguments into library calls and prints.

mod complete;
mod count;
mod list;

use crate::args::{Cli, Command};
use crate::Outcome;

/// Runs the chosen subcommand.
pub fn run(cli: Cli) -> Outcome {
    match cli.command {
        Command::Count(a) => count::run(a),
        Command::List(a) => list::run(a),
    }
}
