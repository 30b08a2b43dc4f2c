//! The command line's shape: subcommands, flags, help texts, the version text, and how parse
//! errors are reported.

use crate::numbers::whole_as;
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{ArgGroup, Args, CommandFactory, FromArgMatches, Parser, Subcommand};
use nqueens::find::MAX_CONSTRUCT_N;
use nqueens::io::Format;
use nqueens::machine::{GPU_TASK_ROWS, GPU_WORKGROUPS, GpuDevice, GpuTuning, MAX_THREADS};
use nqueens::numbers::{BadNumber, NumberFault};
use nqueens::reference::MAX_TRACE_N;
use nqueens::shard::Shard;
use nqueens::{MAX_N, Method};
use std::path::PathBuf;

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
    /// One solution for any N, by construction or by a random local search
    Find(FindArgs),
    /// Check placements (from a file or stdin) in any format list or find writes
    Verify(VerifyArgs),
    /// Show the steps of the textbook backtracking search on a small board
    Trace(TraceArgs),
    /// Add up the shards of a count (the JSON records of 'count N --shard I/K --json')
    Merge(MergeArgs),
    /// Count one N for weeks in units that workers on any machines share through a folder
    Campaign(CampaignArgs),
    /// Print a completion script for a shell (bash, zsh, fish, powershell, elvish)
    Completions(CompletionsArgs),
    /// Print the manual page (roff; read it with: nqueens man | man -l -)
    Man,
}

#[derive(Args)]
#[command(
    after_help = "Examples:\n  nqueens count 8                     92\n  nqueens count 12 --method sets      14200\n  nqueens count 8 --json              {\"n\":8,\"method\":\"symmetry\",\"solutions\":92,...}\n  nqueens count 16 --threads 2        14772512\n  nqueens count 8 --unique            12\n  nqueens count --resume q.ckpt       continues a checkpointed count\n  nqueens count 18 --method gpu       666090624 (a build with the 'gpu' feature)"
)]
#[command(group(ArgGroup::new("size").required(true).multiple(true).args(["n", "board", "resume"])))]
pub struct CountArgs {
    /// The board size N, from 1 to 64
    #[arg(value_parser = board_n, allow_hyphen_values = true, conflicts_with = "board")]
    pub n: Option<usize>,

    /// Count the completions of the board in FILE (Q queen, . free, x blocked) instead of N
    #[arg(long, value_name = "FILE")]
    pub board: Option<PathBuf>,

    /// How to count [default: the fastest that can serve]
    #[arg(long, value_parser = method_parser(), value_name = "METHOD")]
    pub method: Option<Method>,

    /// Print one JSON object instead of the bare number
    #[arg(long)]
    pub json: bool,

    /// Worker threads, 1 to 1024 [default: one per core; with --method gpu, one per core and at
    /// least one per GPU and one more]
    #[arg(long, short = 't', value_parser = threads, allow_hyphen_values = true, value_name = "T")]
    pub threads: Option<usize>,

    /// Print the number of unique solutions (up to rotation and reflection) instead of all
    /// (methods symmetry and gpu, and halves for a whole count; --json then carries both, and the
    /// classes)
    #[arg(long)]
    pub unique: bool,

    /// Count on GPU I (0 is the first; real GPUs before software ones) or on every GPU of the
    /// machine ('all'); implies --method gpu (builds with the 'gpu' feature)
    #[arg(long, value_name = "I|all", value_parser = parse_gpu_device)]
    pub gpu_device: Option<GpuDevice>,

    /// For benchmarking variants: run the GPU's threads in workgroups of W, a power of two from
    /// 1 to 256 [default: measured per device]; implies --method gpu; the count is the same
    /// whatever W
    #[arg(long, value_name = "W", value_parser = gpu_workgroup, allow_hyphen_values = true)]
    pub gpu_workgroup: Option<u32>,

    /// For benchmarking variants: cut the count into GPU tasks that leave R rows each, 2 to 17
    /// [default: chosen per board and device]; implies --method gpu; the count is the same
    /// whatever R
    #[arg(long, value_name = "R", value_parser = gpu_task_rows, allow_hyphen_values = true)]
    pub gpu_task_rows: Option<usize>,

    /// Show progress on stderr even when stderr is not a terminal (a line a second)
    #[arg(long, conflicts_with = "quiet")]
    pub progress: bool,

    /// Never show progress
    #[arg(long, short = 'q')]
    pub quiet: bool,

    #[command(flatten)]
    pub long: LongRunArgs,
}

/// The long-run flags of `count`.
#[derive(Args, Debug, Default)]
pub struct LongRunArgs {
    /// Save finished subproblems to FILE every --checkpoint-every seconds and on Ctrl-C or
    /// SIGTERM (then exit 130); continue later with --resume FILE
    #[arg(long, value_name = "FILE", conflicts_with = "resume")]
    pub checkpoint: Option<PathBuf>,

    /// Seconds between checkpoint saves, 1 to 86400 [default: 60]
    #[arg(long, value_name = "SECS", value_parser = seconds, allow_hyphen_values = true)]
    pub checkpoint_every: Option<u64>,

    /// Continue the count saved in FILE (and keep saving to it); N, the board, the method and
    /// the shard come from the file
    #[arg(long, value_name = "FILE")]
    pub resume: Option<PathBuf>,

    /// Count only part I of K: the subproblems whose index modulo K is I (0 ≤ I < K ≤
    /// 1000000); with --json it prints a record for 'nqueens merge'
    #[arg(long, value_name = "I/K", value_parser = shard, allow_hyphen_values = true)]
    pub shard: Option<Shard>,

    /// Spread the count over the processes of an MPI job: mpirun -np P nqueens count N --mpi
    /// (builds with the 'mpi' feature; one thread per process unless --threads says otherwise;
    /// with --method gpu, one process per GPU, each on a GPU of its machine by its rank there)
    #[arg(long, conflicts_with_all = ["checkpoint", "resume", "shard"])]
    pub mpi: bool,

    /// With --mpi: seconds each process waits, once it is ready, for every other process of the
    /// launch to start (a node may start late), 1 to 86400 [default: 300]; then it gives up,
    /// naming the launch, with exit code 2
    #[arg(long, value_name = "SECS", value_parser = seconds, allow_hyphen_values = true)]
    pub mpi_wait: Option<u64>,
}

#[derive(Args)]
#[command(
    after_help = "Examples:\n  nqueens list 4                      two boards of Q and .\n  nqueens list 4 --format leetcode    [[\".Q..\",\"...Q\",\"Q...\",\"..Q.\"],[\"..Q.\",\"Q...\",\"...Q\",\".Q..\"]]\n  nqueens list 8 --format perm --limit 3\n  nqueens list 6 --json               {\"columns\":[1,3,5,0,2,4]} ...\n  nqueens list 8 --unique --format perm   the 12 unique solutions"
)]
#[command(group(ArgGroup::new("size").required(true).args(["n", "board"])))]
pub struct ListArgs {
    /// The board size N, from 1 to 64
    #[arg(value_parser = board_n, allow_hyphen_values = true)]
    pub n: Option<usize>,

    /// List the completions of the board in FILE (Q queen, . free, x blocked) instead of N
    #[arg(long, value_name = "FILE", conflicts_with_all = ["method", "unique"])]
    pub board: Option<PathBuf>,

    /// How each solution is written
    #[arg(long, short = 'f', value_parser = format_parser(), default_value = "board", value_name = "FORMAT")]
    pub format: Format,

    /// The same as --format json: JSON Lines, one object per solution
    #[arg(long, conflicts_with = "format")]
    pub json: bool,

    /// Stop after K solutions
    #[arg(long, value_name = "K", value_parser = limit, allow_hyphen_values = true)]
    pub limit: Option<u64>,

    /// How to search
    #[arg(long, value_parser = method_parser(), value_name = "METHOD")]
    pub method: Option<Method>,

    /// One solution per symmetry class: the smallest of its 8 rotations and reflections
    /// (JSON adds each class's size)
    #[arg(long)]
    pub unique: bool,
}

#[derive(Args)]
#[command(
    after_help = "N from 1 to 1,000,000,000 (with --random, up to 10,000,000). Boards 2×2 and 3×3 have no \
                  solution: the message says so and the exit code is 1. Formats that draw every square \
                  (board, leetcode and the like) are for N up to 1000.\n\n\
                  Examples:\n  nqueens find 8                      4 6 8 2 7 1 3 5\n  \
                  nqueens find 8 --json               {\"columns\":[3,5,7,1,6,0,2,4]}\n  \
                  nqueens find 100000000 > q.txt      about 900 MB, streamed\n  \
                  nqueens find 1000000 --seed 7       a random board, the same every time\n  \
                  nqueens find --board puzzle.txt     the first completion of a board file\n  \
                  nqueens find 12 --format svg > q.svg"
)]
#[command(group(ArgGroup::new("size").required(true).args(["n", "board"])))]
pub struct FindArgs {
    /// The board size N, from 1 to 1,000,000,000
    #[arg(value_parser = large_n, allow_hyphen_values = true)]
    pub n: Option<usize>,

    /// Find the first completion (in lexicographic order) of the board in FILE (Q queen,
    /// . free, x blocked) instead of a solution for N; exit code 1 when it has none
    #[arg(long, value_name = "FILE", conflicts_with_all = ["random", "seed"])]
    pub board: Option<PathBuf>,

    /// How the solution is written
    #[arg(long, short = 'f', value_parser = format_parser(), default_value = "perm", value_name = "FORMAT")]
    pub format: Format,

    /// The same as --format json: one JSON object
    #[arg(long, conflicts_with = "format")]
    pub json: bool,

    /// A random solution by local search (min-conflicts) instead of the fixed construction
    #[arg(long)]
    pub random: bool,

    /// Seed of the random search (implies --random): the same seed gives the same board
    /// [default: from the clock, printed on stderr]
    #[arg(long, value_name = "S", value_parser = seed, allow_hyphen_values = true)]
    pub seed: Option<u64>,
}

#[derive(Args)]
#[command(
    after_help = "Reads boards (rows of Q and ., a blank line between boards), the pictures \
                  'list --format unicode' and 'list --format svg' draw, permutation lines \
                  (1-based columns), JSON objects with a \"columns\" list (0-based; JSON Lines, other \
                  fields allowed) and LeetCode lists of boards, mixed freely. Prints one line per \
                  placement: 'valid', or 'invalid (line L): ...' naming the first two queens that \
                  attack each other, rows and columns counted from 1 (--json: one object each, \
                  counted from 0).\n\n\
                  Exit code: 0 all valid, 1 some invalid, 2 unreadable input (the message gives the \
                  line and the reason; placements before it are still reported).\n\n\
                  Examples:\n  nqueens find 1000 | nqueens verify         valid\n  \
                  echo '1 2 3 4' | nqueens verify            invalid (line 1): queens at row 1, column 1\n                                             and row 2, column 2 share a diagonal (\\)\n  \
                  nqueens list 8 -f json | nqueens verify    92 lines of valid"
)]
pub struct VerifyArgs {
    /// The file to read [default: stdin; '-' also means stdin]
    #[arg(value_name = "FILE")]
    pub file: Option<std::path::PathBuf>,

    /// One JSON object per placement: {"line","n","valid"} and, when invalid, "conflict"
    #[arg(long)]
    pub json: bool,
}

#[derive(Args)]
#[command(
    after_help = "Rows are filled from the top, columns tried from the left; rows and columns count \
                  from 1. One line per step, indented two spaces per row above it:\n  \
                  place row R col C                             a queen goes on a safe square\n  \
                  conflict row R col C: attacked by row R' col C' (column|diagonal \\|diagonal /)\n  \
                  backtrack row R col C                         the queen is taken back, the next column is tried\n  \
                  solution K: C1 C2 ... CN                      a full board, the column of each row\n\n\
                  --json writes one object per step instead, rows and columns counted from 0.\n\n\
                  --calls adds the program's calls and returns (a debugger's step into):\n  \
                  call row R                                    solve(row) is called (row N+1: the board is full)\n  \
                  return row R: K found                         it returns, having found K solutions\n\
                  and --checks adds the scan's calls of safe(row, col) too:\n  \
                  check row R col C                             safe(row, col) is called\n  \
                  safe row R col C                              it returns true (a conflict: it returns false)\n\n\
                  Example: nqueens trace 4 begins\n  \
                  place row 1 col 1\n    \
                  conflict row 2 col 1: attacked by row 1 col 1 (column)\n    \
                  conflict row 2 col 2: attacked by row 1 col 1 (diagonal \\)\n    \
                  place row 2 col 3\n      \
                  conflict row 3 col 1: attacked by row 1 col 1 (column)\n      \
                  conflict row 3 col 2: attacked by row 2 col 3 (diagonal /)\n      \
                  conflict row 3 col 3: attacked by row 1 col 1 (diagonal \\)\n      \
                  conflict row 3 col 4: attacked by row 2 col 3 (diagonal \\)\n    \
                  backtrack row 2 col 3\n    \
                  place row 2 col 4\n  \
                  ...\nand finds solution 1: 2 4 1 3 and solution 2: 3 1 4 2.\n\n\
                  --board FILE traces the search on a board of up to 12 rows (Q given queen, . free, \
                  x blocked): the given queens stay, a row with one has no steps (and no call), a \
                  square a given queen attacks is a conflict, a blocked square is never tried, and \
                  the solutions are the board's completions.\n  \
                  nqueens trace --board puzzle.txt --calls"
)]
#[command(group(ArgGroup::new("size").required(true).args(["n", "board"])))]
pub struct TraceArgs {
    /// The board size N, from 1 to 12
    #[arg(value_parser = traced_n, allow_hyphen_values = true)]
    pub n: Option<usize>,

    /// Trace the search on the board in FILE (Q given queen, . free, x blocked) instead of N
    #[arg(long, value_name = "FILE")]
    pub board: Option<PathBuf>,

    /// JSON Lines: one object per step ({"step":"place","row":0,"col":0}, ...)
    #[arg(long)]
    pub json: bool,

    /// Each call of solve(row) and its return a step too, between the moves
    #[arg(long)]
    pub calls: bool,

    /// With --calls, each call of the scan's safe(row, col) and its answer too
    #[arg(long, requires = "calls")]
    pub checks: bool,
}

#[derive(Args)]
#[command(
    after_help = "Examples:\n  nqueens merge shard-*.json           the total of all shards (their unique count, for shards counted with --unique)\n  nqueens merge --json shard-*.json    {\"n\":16,\"method\":\"halves\",\"shards\":8,\"solutions\":14772512}"
)]
pub struct MergeArgs {
    /// Files of shard records, one JSON object a line ('-' reads standard input)
    #[arg(required = true, value_name = "FILES")]
    pub files: Vec<std::path::PathBuf>,

    /// Print one JSON object instead of the bare number
    #[arg(long)]
    pub json: bool,
}

#[derive(Args)]
#[command(
    after_help = "Examples:\n  nqueens campaign new q16 16 --units 50    the plan, in the folder q16\n  nqueens campaign work q16                 one worker; start as many as you like, anywhere q16 is seen\n  nqueens campaign status q16               units done, claimed, stale and free, the total, the speed\n  nqueens campaign check q16 --sample 5     recounts 5% of the units done on a second code path\n  nqueens campaign export q16 > q16.txt     one line per subproblem, for publication\n  nqueens campaign verify-export q16.txt    checks an export and recounts 5% of its lines"
)]
pub struct CampaignArgs {
    #[command(subcommand)]
    pub action: CampaignAction,
}

#[derive(Subcommand)]
pub enum CampaignAction {
    /// Create the campaign of N in the folder DIR: its plan of units
    New(CampaignNewArgs),
    /// Be one worker of the campaign in DIR: claim units one after another, count them, write
    /// their results; ends when every unit is done, or at --units, --until, Ctrl-C or SIGTERM
    Work(CampaignWorkArgs),
    /// Show where the campaign in DIR stands
    Status(CampaignStatusArgs),
    /// Recount a sample of the finished units on a second code path (each subproblem as a
    /// puzzle counted by the completion engine); a unit whose counts differ is set aside and
    /// counted again
    Check(CampaignCheckArgs),
    /// Print the finished campaign in DIR for publication: one line per subproblem (its border
    /// queens and its count), the totals and a checksum
    Export(CampaignExportArgs),
    /// Check an export (anyone's): its checksum, that its lines are the split's subproblems and
    /// add up to its total, and recount a sample of its lines on the puzzle path
    VerifyExport(CampaignVerifyArgs),
}

#[derive(Args)]
pub struct CampaignExportArgs {
    /// The campaign's folder
    #[arg(value_name = "DIR")]
    pub dir: PathBuf,
}

#[derive(Args)]
pub struct CampaignVerifyArgs {
    /// The export, as 'campaign export' prints it
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// The percentage of lines to recount, 1 to 100 [default: 5]
    #[arg(long, value_name = "P", value_parser = percent, allow_hyphen_values = true)]
    pub sample: Option<u32>,

    /// The seed that draws the sample: the same seed picks the same lines [default: 0]
    #[arg(long, value_name = "S", value_parser = seed, allow_hyphen_values = true)]
    pub seed: Option<u64>,

    /// Worker threads, 1 to 1024 [default: one per core]
    #[arg(long, short = 't', value_parser = threads, allow_hyphen_values = true, value_name = "T")]
    pub threads: Option<usize>,
}

#[derive(Args)]
pub struct CampaignCheckArgs {
    /// The campaign's folder
    #[arg(value_name = "DIR")]
    pub dir: PathBuf,

    /// The percentage of finished units to recount, 1 to 100 [default: 5]
    #[arg(long, value_name = "P", value_parser = percent, allow_hyphen_values = true)]
    pub sample: Option<u32>,

    /// The seed that draws the sample: the same seed picks the same units [default: 0]
    #[arg(long, value_name = "S", value_parser = seed, allow_hyphen_values = true)]
    pub seed: Option<u64>,

    /// Worker threads, 1 to 1024 [default: one per core]
    #[arg(long, short = 't', value_parser = threads, allow_hyphen_values = true, value_name = "T")]
    pub threads: Option<usize>,
}

#[derive(Args)]
pub struct CampaignNewArgs {
    /// The folder (made where missing; one that holds a campaign is refused)
    #[arg(value_name = "DIR")]
    pub dir: PathBuf,

    /// The board size N, from 1 to the symmetry method's largest
    #[arg(value_parser = board_n, allow_hyphen_values = true)]
    pub n: usize,

    /// Units to split the count into, 1 to the split's subproblems [default: 100, or the
    /// subproblems where fewer]
    #[arg(long, value_name = "K", value_parser = campaign_units, allow_hyphen_values = true)]
    pub units: Option<usize>,
}

#[derive(Args)]
pub struct CampaignWorkArgs {
    /// The campaign's folder
    #[arg(value_name = "DIR")]
    pub dir: PathBuf,

    /// Worker threads, 1 to 1024 [default: one per core; on GPUs, at least one per GPU and one
    /// more]
    #[arg(long, short = 't', value_parser = threads, allow_hyphen_values = true, value_name = "T")]
    pub threads: Option<usize>,

    /// Count on the processor (symmetry) or on a GPU (gpu, the same split; builds with the 'gpu'
    /// feature) [default: every real GPU of the machine in a build with the 'gpu' feature, the
    /// processor elsewhere]
    #[arg(long, value_parser = campaign_method_parser(), value_name = "METHOD")]
    pub method: Option<Method>,

    /// Count on GPU I (0 is the first; real GPUs before software ones) or on every GPU of the
    /// machine ('all'); implies --method gpu
    #[arg(long, value_name = "I|all", value_parser = parse_gpu_device)]
    pub gpu_device: Option<GpuDevice>,

    /// Count at most M units, then end
    #[arg(long, value_name = "M", value_parser = worker_units, allow_hyphen_values = true)]
    pub units: Option<usize>,

    /// End after SECS seconds, or at the Unix time @T (as 'date +%s' prints it), keeping the
    /// unit under way for the next worker to continue
    #[arg(long, value_name = "SECS|@T", value_parser = until, allow_hyphen_values = true)]
    pub until: Option<Until>,

    /// Seconds this worker's claim may go without a heartbeat before another worker takes its
    /// unit over, 1 to 86400 (it beats four times as often) [default: 300]
    #[arg(long, value_name = "SECS", value_parser = seconds, allow_hyphen_values = true)]
    pub stale: Option<u64>,

    /// Show progress on stderr even when stderr is not a terminal (a line a second)
    #[arg(long, conflicts_with = "quiet")]
    pub progress: bool,

    /// Never show progress, nor a line for each unit
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

#[derive(Args)]
pub struct CampaignStatusArgs {
    /// The campaign's folder
    #[arg(value_name = "DIR")]
    pub dir: PathBuf,

    /// Print one JSON object instead of lines of text
    #[arg(long)]
    pub json: bool,
}

/// When a worker ends: seconds from its start, or a Unix time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Until {
    /// Seconds from the start.
    After(u64),
    /// Seconds since 1970-01-01 UTC.
    At(u64),
}

#[derive(Args)]
#[command(
    after_help = "Examples:\n  mkdir -p ~/.local/share/bash-completion/completions\n  nqueens completions bash > ~/.local/share/bash-completion/completions/nqueens\n  nqueens completions zsh > ~/.zfunc/_nqueens\n  nqueens completions fish > ~/.config/fish/completions/nqueens.fish"
)]
pub struct CompletionsArgs {
    /// The shell
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

impl ListArgs {
    /// The format asked for, `--json` included.
    pub fn format(&self) -> Format {
        if self.json { Format::Json } else { self.format }
    }
}

impl FindArgs {
    /// The format asked for, `--json` included.
    pub fn format(&self) -> Format {
        if self.json { Format::Json } else { self.format }
    }
}

fn board_n(s: &str) -> Result<usize, String> {
    whole_as(s, "N", 1, MAX_N)
}

fn campaign_units(s: &str) -> Result<usize, String> {
    whole_as(s, "K", 1, nqueens::campaign::MAX_UNITS)
}

fn percent(s: &str) -> Result<u32, String> {
    whole_as(s, "P", 1, 100)
}

fn worker_units(s: &str) -> Result<usize, String> {
    whole_as(s, "M", 1, nqueens::campaign::MAX_UNITS)
}

/// `SECS` or `@T`.
fn until(s: &str) -> Result<Until, String> {
    match s.trim().strip_prefix('@') {
        Some(t) => whole_as(t, "T", 0, u64::MAX).map(Until::At),
        None => whole_as(s, "SECS", 1, 366 * 86_400).map(Until::After),
    }
}

fn large_n(s: &str) -> Result<usize, String> {
    whole_as(s, "N", 1, MAX_CONSTRUCT_N)
}

fn traced_n(s: &str) -> Result<usize, String> {
    whole_as(s, "N", 1, MAX_TRACE_N)
}

fn threads(s: &str) -> Result<usize, String> {
    whole_as(s, "T", 1, MAX_THREADS)
}

fn seconds(s: &str) -> Result<u64, String> {
    whole_as(s, "SECS", 1, 86_400)
}

fn limit(s: &str) -> Result<u64, String> {
    whole_as(s, "K", 0, u64::MAX)
}

fn seed(s: &str) -> Result<u64, String> {
    whole_as(s, "S", 0, u64::MAX)
}

/// `I/K`, read by the library, which names the part that is wrong and its range.
fn shard(s: &str) -> Result<Shard, String> {
    s.parse::<Shard>().map_err(|e| e.to_string())
}

fn parse_gpu_device(s: &str) -> Result<GpuDevice, String> {
    s.parse::<GpuDevice>().map_err(|e| e.to_string())
}

/// A whole number in the library's range of workgroups, then a power of two, as the library
/// checks it.
fn gpu_workgroup(s: &str) -> Result<u32, String> {
    let w = whole_as(s, "W", *GPU_WORKGROUPS.start(), *GPU_WORKGROUPS.end())?;
    let tuning = GpuTuning {
        workgroup: Some(w),
        task_rows: None,
    };
    tuning.check().map(|()| w).map_err(|e| e.to_string())
}

fn gpu_task_rows(s: &str) -> Result<usize, String> {
    whole_as(s, "R", *GPU_TASK_ROWS.start(), *GPU_TASK_ROWS.end())
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

/// The methods a campaign's worker counts with: the two that count the campaign's split.
fn campaign_method_parser() -> impl TypedValueParser<Value = Method> {
    PossibleValuesParser::new(
        [Method::Symmetry, Method::Gpu]
            .iter()
            .map(|m| PossibleValue::new(m.name()).help(m.about())),
    )
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

/// The command line's definition, with the version texts that only a running program knows.
pub fn command() -> clap::Command {
    Cli::command().long_version(long_version())
}

/// Parses the process's arguments.
pub fn parse() -> Result<Cli, clap::Error> {
    let mut command = command();
    // clap colours any terminal where `CI` is set (as CI services set it), a dumb one too.
    if crate::progress::dumb_terminal() {
        command = command.color(clap::ColorChoice::Never);
    }
    let matches = command.try_get_matches()?;
    Cli::from_arg_matches(&matches)
}

/// `--version`: the version, the optional parts built in, and the kernels this processor runs.
fn long_version() -> String {
    use nqueens::machine::cpu;
    let yes = |b: bool| if b { "yes" } else { "no" };
    format!(
        "{}\nbuilt with: mpi ({}), gpu ({})\nthis processor: symmetry kernels with BMI2 ({}), with BMI2 tables ({}); halves kernels with AVX2 ({}), with AVX-512 ({})",
        env!("CARGO_PKG_VERSION"),
        yes(cfg!(feature = "mpi")),
        yes(nqueens::Method::Gpu.is_built()),
        yes(cpu::has(cpu::BIT_MANIPULATION)),
        yes(cpu::has(cpu::BIT_MANIPULATION) && cpu::pext_is_fast()),
        yes(cpu::has(cpu::VECTOR)),
        yes(cpu::has(cpu::WIDE)),
    )
}

/// True for what clap reports through an "error" that is none: help and version, printed on
/// stdout with exit code 0.
pub fn is_help(e: &clap::Error) -> bool {
    matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion)
}

/// clap's message, cut before its usage block and joined into one line (with clap's tip, such as
/// the flag that a misspelt one was likely meant to be).
pub fn one_line(e: &clap::Error) -> String {
    let text = e.render().to_string();
    let mut msg = String::new();
    let mut usage = "";
    for line in text.lines() {
        let line = line.trim();
        if let Some(u) = line.strip_prefix("Usage:") {
            usage = u.trim();
            break;
        }
        if !line.is_empty() && !line.starts_with("For more information") {
            // A line that ends in a colon introduces the next; others are separate clauses.
            if !msg.is_empty() {
                msg.push_str(if msg.ends_with(':') { " " } else { "; " });
            }
            msg.push_str(line.trim_start_matches("error: "));
        }
    }
    if e.kind() == ErrorKind::MissingRequiredArgument && msg.contains("<N") {
        let max = match usage.split_whitespace().nth(1) {
            Some("find") => MAX_CONSTRUCT_N,
            Some("trace") => MAX_TRACE_N,
            _ => MAX_N,
        };
        let range = BadNumber {
            name: "N",
            fault: NumberFault::OutOfRange,
            min: 1,
            max: max as u128,
        }
        .range();
        msg.push_str(&format!(" (N is the board size, {range})"));
    }
    let commands = || {
        let cmd = Cli::command();
        let names: Vec<String> = cmd
            .get_subcommands()
            .map(|s| s.get_name().to_string())
            .collect();
        names.join(", ")
    };
    match e.kind() {
        ErrorKind::MissingSubcommand | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            msg = format!(
                "a command is required: one of {} (see 'nqueens --help')",
                commands()
            );
        }
        ErrorKind::InvalidSubcommand => {
            msg.push_str(&format!("; the commands are {}", commands()));
        }
        // `count 8 9`: a second board size, which clap calls only an unexpected argument.
        ErrorKind::UnknownArgument => {
            let sub = usage.split_whitespace().nth(1).unwrap_or("");
            let extra = match e.get(ContextKind::InvalidArg) {
                Some(ContextValue::String(s)) => s.as_str(),
                _ => "",
            };
            if matches!(sub, "count" | "list" | "find" | "trace")
                && !extra.is_empty()
                && !extra.starts_with('-')
            {
                msg.push_str(&format!(
                    "; {sub} takes one board size N (run it once for each size)"
                ));
            }
        }
        _ => {}
    }
    msg
}
