//! The command line's shape: subcommands, flags, help texts, and how parse errors are reported.

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::error::ErrorKind;
use clap::{Args, Parser, Subcommand};
use nqueens::{Format, Method, MAX_N};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "nqueens",
    version,
    about = "Count, list and explore solutions of the N-Queens problem",
    long_about = "Count, list and explore solutions of the N-Queens problem: place N queens on an \
                  N×N board so that no two attack each other.",
    after_help = "Examples:\n  nqueens count 8                 prints 92\n  nqueens list 4 --format perm    prints 2 4 1 3 and 3 1 4 2\n\nRun 'nqueens <COMMAND> --help' for each command's options.",
    propagate_version = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand)]
pub enum Command {
    /// Count the solutions for an N×N board
    Count(CountArgs),
    /// List every solution for an N×N board, in lexicographic order
    List(ListArgs),
}

#[derive(Args)]
#[command(
    after_help = "Examples:\n  nqueens count 8                     92\n  nqueens count 12 --method sets      14200\n  nqueens count 8 --json              {\"n\":8,\"method\":\"symmetry\",\"solutions\":92,...}\n  nqueens count 16 --threads 2        14772512\n  nqueens count 8 --unique            12"
)]
pub struct CountArgs {
    /// The board size N, from 1 to 64
    #[arg(value_parser = parse_n)]
    pub n: usize,

    /// How to count
    #[arg(long, value_parser = method_parser(), value_name = "METHOD")]
    pub method: Option<Method>,

    /// Print one JSON object instead of the bare number
    #[arg(long)]
    pub json: bool,

    /// Worker threads (methods with a subproblem split) [default: one per core]
    #[arg(long, short = 't', value_parser = parse_threads, value_name = "T")]
    pub threads: Option<usize>,

    /// Print the number of unique solutions (up to rotation and reflection) instead of all
    /// (method symmetry; --json then carries both, and the classes)
    #[arg(long)]
    pub unique: bool,

    /// Show a progress bar on stderr even when stderr is not a terminal
    #[arg(long, conflicts_with = "quiet")]
    pub progress: bool,

    /// Never show a progress bar
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

#[derive(Args)]
#[command(
    after_help = "Examples:\n  nqueens list 4                      two boards of Q and .\n  nqueens list 4 --format leetcode    [[\".Q..\",\"...Q\",\"Q...\",\"..Q.\"],[\"..Q.\",\"Q...\",\"...Q\",\".Q..\"]]\n  nqueens list 8 --format perm --limit 3\n  nqueens list 6 --format json        {\"columns\":[1,3,5,0,2,4]} ...\n  nqueens list 8 --unique --format perm   the 12 unique solutions"
)]
pub struct ListArgs {
    /// The board size N, from 1 to 64
    #[arg(value_parser = parse_n)]
    pub n: usize,

    /// How each solution is written
    #[arg(long, short = 'f', value_parser = format_parser(), default_value = "board", value_name = "FORMAT")]
    pub format: Format,

    /// Stop after K solutions
    #[arg(long, value_name = "K")]
    pub limit: Option<u64>,

    /// How to search
    #[arg(long, value_parser = method_parser(), value_name = "METHOD")]
    pub method: Option<Method>,

    /// One solution per symmetry class: the smallest of its 8 rotations and reflections
    /// (--format json adds each class's size)
    #[arg(long)]
    pub unique: bool,
}

fn parse_n(s: &str) -> Result<usize, String> {
    let range = format!("N must be a whole number from 1 to {MAX_N}");
    match s.trim().parse::<u64>() {
        Ok(n) if (1..=MAX_N as u64).contains(&n) => Ok(n as usize),
        Ok(_) => Err(format!("out of range: {range}")),
        Err(_) => Err(format!("not a number: {range}")),
    }
}

fn parse_threads(s: &str) -> Result<usize, String> {
    match s.trim().parse::<usize>() {
        Ok(t) if (1..=1024).contains(&t) => Ok(t),
        _ => Err("T must be a whole number from 1 to 1024".to_string()),
    }
}

fn method_parser() -> impl TypedValueParser<Value = Method> {
    PossibleValuesParser::new(
        Method::ALL
            .iter()
            .map(|m| PossibleValue::new(m.name()).help(m.about())),
    )
    // The parser above admits only the names of real methods, so this cannot fail.
    .map(|s| s.parse::<Method>().expect("a listed method name"))
}

fn format_parser() -> impl TypedValueParser<Value = Format> {
    PossibleValuesParser::new(
        Format::ALL
            .iter()
            .map(|f| PossibleValue::new(f.name()).help(f.about())),
    )
    .map(|s| s.parse::<Format>().expect("a listed format name"))
}

/// Prints help and version as clap does; turns every other parse error into one line on stderr
/// and exit code 2.
pub fn report_parse_error(e: clap::Error) -> ExitCode {
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let _ = e.print();
            ExitCode::SUCCESS
        }
        _ => {
            eprintln!("nqueens: {}", one_line(&e));
            ExitCode::from(2)
        }
    }
}

/// clap's message, cut before its usage block and joined into one line.
fn one_line(e: &clap::Error) -> String {
    let text = e.render().to_string();
    let mut parts: Vec<String> = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() && !parts.is_empty() {
            break;
        }
        if line.starts_with("Usage:") {
            break;
        }
        if !line.is_empty() {
            parts.push(line.trim_start_matches("error: ").to_string());
        }
    }
    let mut msg = parts.join(" ");
    if e.kind() == ErrorKind::MissingRequiredArgument && msg.contains("<N>") {
        msg.push_str(&format!(" (N is the board size, from 1 to {MAX_N})"));
    }
    if e.kind() == ErrorKind::MissingSubcommand
        || e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    {
        msg = "a command is required: count or list (see 'nqueens --help')".to_string();
    }
    msg
}
