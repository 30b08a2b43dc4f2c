//! One module per subcommand; each turns its arguments into one library request and prints
//! what comes back.

mod campaign;
mod count;
mod find;
mod list;
mod merge;
mod shell;
mod trace;
mod verify;

use crate::args::Command;
use crate::failure::Outcome;

/// Runs the chosen subcommand.
pub fn run(command: Command) -> Outcome {
    match command {
        Command::Count(a) => count::run(a),
        Command::List(a) => list::run(a),
        Command::Merge(a) => merge::run(a),
        Command::Campaign(a) => campaign::run(a),
        Command::Find(a) => find::run(a),
        Command::Verify(a) => verify::run(a),
        Command::Trace(a) => trace::run(a),
        Command::Completions(a) => shell::completions(a),
        Command::Man => shell::man(),
    }
}
