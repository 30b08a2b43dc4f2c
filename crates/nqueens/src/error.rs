//! The library's error: what was wrong, with which value, and which method would serve instead.
//!
//! Errors are data, not sentences for one audience. Their [`Display`](fmt::Display) is plain
//! English that names the problem and, where there is one, the valid range; a front end (the
//! command line, a binding) matches on the variants to word its own advice, such as the flag
//! that would help. Nothing here speaks of flags.

use crate::board::conflict::{Counting, Line, Square};
use crate::board::glyphs::{BLOCKED, FREE, QUEEN};
use crate::board::placement::MAX_N;
use crate::method::{Method, UnknownMethod};
use std::fmt;
use std::io;
use std::path::PathBuf;

/// Everything that can go wrong in a library call.
///
/// ```
/// use nqueens::{Error, Quantity};
///
/// let err = nqueens::count(0).unwrap_err();
/// assert!(matches!(err, Error::OutOfRange { what: Quantity::N, value: 0, min: 1, max: 64 }));
/// assert_eq!(err.to_string(), "n = 0 is out of range: n must be from 1 to 64");
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub enum Error {
    /// A number outside the range the operation accepts.
    OutOfRange {
        /// What the number is.
        what: Quantity,
        /// The number given.
        value: u128,
        /// The smallest accepted.
        min: u128,
        /// The largest accepted.
        max: u128,
    },
    /// A name that is not one of the known ones.
    UnknownName {
        /// What kind of name ("method", "format").
        kind: &'static str,
        /// The name given.
        name: String,
        /// The names that are known.
        known: Vec<&'static str>,
    },
    /// A piece of text that is not what it should be (a shard written as `I/K`, say).
    Invalid {
        /// What the text should be ("shard").
        what: &'static str,
        /// The text given.
        text: String,
        /// What is accepted.
        expected: String,
    },
    /// Text that should name a shard, `I/K`, and does not: it has no `/`, or one of its parts is
    /// not a whole number in its range.
    ShardText(ShardText),
    /// The method cannot do the task; `instead` lists the methods that can.
    Unsupported {
        /// The method asked for.
        method: Method,
        /// What it was asked to do.
        task: Task,
        /// Methods that can, in the order of [`Method::ALL`].
        instead: Vec<Method>,
    },
    /// The count would need more memory than the method may plan to use.
    Memory {
        /// The method.
        method: Method,
        /// The board size.
        n: usize,
        /// The worker threads asked for.
        threads: usize,
        /// The estimated need, in bytes.
        needed: u64,
        /// The limit, in bytes.
        limit: u64,
        /// The most threads that fit, if at least one does.
        fits: Option<usize>,
    },
    /// The system refused the memory of a method's tables, though the count fitted within the
    /// method's limit: the machine has less free than the process may map.
    OutOfMemory {
        /// The method.
        method: Method,
        /// The board size.
        n: usize,
        /// The bytes asked for, about.
        bytes: u64,
    },
    /// The task makes no sense for a partly filled board.
    NotForPuzzles(Task),
    /// A board to complete that cannot be read, or whose given queens attack each other.
    Board(BoardError),
    /// A checkpoint file that cannot be used.
    Checkpoint {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        problem: CheckpointProblem,
    },
    /// A request that names two checkpoints: a count keeps one, new or resumed.
    TwoCheckpoints {
        /// The checkpoint named first.
        first: Keep,
        /// The other one.
        second: Keep,
    },
    /// Saved work (a checkpoint, a shard record, a cluster message) that belongs to another
    /// count.
    Mismatch {
        /// Where the foreign work came from.
        from: Origin,
        /// How it differs.
        mismatch: Mismatch,
    },
    /// Shard records that do not make up one whole count.
    Shards(ShardsProblem),
    /// A count on GPUs that cannot run: no GPU support in the build, no usable adapter, or a
    /// device that fails.
    Gpu(GpuProblem),
    /// Counts from saved work whose sum does not fit in 128 bits: the input is damaged.
    Overflow {
        /// Where the counts came from.
        from: Origin,
    },
    /// The stop flag was set while the count was being prepared (its subproblems listed):
    /// nothing was counted, and nothing saved.
    Stopped,
    /// Reading or writing failed; `context` says what was being done.
    Io {
        /// What was being read or written ("cannot write checkpoint q.ckpt").
        context: String,
        /// The system's error.
        source: io::Error,
    },
}

/// What a number in [`Error::OutOfRange`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Quantity {
    /// The board size.
    N,
    /// The board size for one method, whose range is narrower than the crate's.
    NFor(Method),
    /// The board size of a construction or a random search (up to 10^9).
    NLarge,
    /// The board size of a picture.
    NDrawn,
    /// The board size of a trace.
    NTraced,
    /// Worker threads.
    Threads,
    /// A row of a board.
    Row,
    /// A column of a board.
    Column,
}

impl Quantity {
    fn name(self) -> String {
        match self {
            Quantity::N | Quantity::NLarge | Quantity::NDrawn | Quantity::NTraced => {
                "n".to_string()
            }
            Quantity::NFor(m) => format!("n for method {m}"),
            Quantity::Threads => "threads".to_string(),
            Quantity::Row => "row".to_string(),
            Quantity::Column => "column".to_string(),
        }
    }
}

/// Why a number written as text was refused, for [`BadNumber`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum NumberFault {
    /// Not a whole number at all: a word, a fraction, a sign other than a leading minus, a
    /// misplaced underscore, nothing.
    NotWhole,
    /// Digits after a minus sign.
    Negative,
    /// A whole number outside the range, however many digits it has.
    OutOfRange,
}

impl fmt::Display for NumberFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            NumberFault::NotWhole => "not a whole number",
            NumberFault::Negative => "negative",
            NumberFault::OutOfRange => "out of range",
        })
    }
}

/// A number written as text that [`whole_number`] refused: its name, why, and the range it
/// must be in. The message names the range, its large bounds grouped in thousands.
///
/// ```
/// use nqueens::{whole_number, BadNumber, NumberFault};
///
/// let e = whole_number("-3", "T", 1, 1024).unwrap_err();
/// assert_eq!(e, BadNumber { name: "T", fault: NumberFault::Negative, min: 1, max: 1024 });
/// assert_eq!(e.to_string(), "negative: T must be a whole number from 1 to 1024");
/// assert_eq!(e.range(), "from 1 to 1024");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BadNumber {
    /// How the number is called in the message ("N", "K").
    pub name: &'static str,
    /// What is wrong with it.
    pub fault: NumberFault,
    /// The smallest accepted.
    pub min: u128,
    /// The largest accepted.
    pub max: u128,
}

impl BadNumber {
    /// The accepted range as the message words it: "from 1 to 1,000,000".
    pub fn range(&self) -> String {
        format!("from {} to {}", grouped(self.min), grouped(self.max))
    }
}

impl fmt::Display for BadNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {} must be a whole number {}",
            self.fault,
            self.name,
            self.range()
        )
    }
}

/// Reads a whole number from `min` to `max` written as text, in the one grammar of every number
/// a person types (a board size, threads, a part of a shard): decimal digits, which may be
/// grouped by single underscores between digits (`10_000_000`), with spaces around them but not
/// inside; no sign, no other base. The refusal says why and names the range; `name` is how it
/// calls the number.
///
/// ```
/// use nqueens::{whole_number, NumberFault};
///
/// assert_eq!(whole_number(" 1_000 ", "N", 1, 1 << 40), Ok(1000));
/// assert_eq!(whole_number("08", "N", 1, 64), Ok(8));
/// for (text, fault) in [("1.5", NumberFault::NotWhole), ("_8", NumberFault::NotWhole),
///                       ("-3", NumberFault::Negative), ("65", NumberFault::OutOfRange)] {
///     assert_eq!(whole_number(text, "N", 1, 64).unwrap_err().fault, fault, "{text}");
/// }
/// assert_eq!(
///     whole_number("0", "N", 1, 1_000_000_000).unwrap_err().to_string(),
///     "out of range: N must be a whole number from 1 to 1,000,000,000"
/// );
/// ```
pub fn whole_number(
    text: &str,
    name: &'static str,
    min: u128,
    max: u128,
) -> Result<u128, BadNumber> {
    let refuse = |fault| BadNumber {
        name,
        fault,
        min,
        max,
    };
    let t = text.trim();
    let digits_only = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let well_formed = t.split('_').all(digits_only);
    if !well_formed {
        return Err(refuse(match t.strip_prefix('-') {
            Some(rest) if digits_only(rest) => NumberFault::Negative,
            _ => NumberFault::NotWhole,
        }));
    }
    let digits: String = t.chars().filter(|&c| c != '_').collect();
    match digits.parse::<u128>() {
        Ok(v) if (min..=max).contains(&v) => Ok(v),
        _ => Err(refuse(NumberFault::OutOfRange)),
    }
}

/// A number written with thousands separators when it is large, as ranges read best: 64,
/// 10,000, 1,000,000,000.
fn grouped(v: u128) -> String {
    let digits = v.to_string();
    if digits.len() <= 4 {
        return digits;
    }
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Which part of a shard `I/K` a [`ShardText`] refuses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShardPart {
    /// `I`, before the `/`: which part, from 0 to `K - 1`.
    Index,
    /// `K`, after the `/`: how many parts.
    Count,
}

impl ShardPart {
    /// The part's letter, as messages name it.
    pub fn letter(self) -> &'static str {
        match self {
            ShardPart::Index => "I",
            ShardPart::Count => "K",
        }
    }
}

/// Why text is not a shard `I/K`, for [`Error::ShardText`].
///
/// ```
/// use nqueens::{NumberFault, Shard, ShardPart, ShardText};
/// use nqueens::Error;
///
/// let e = "7/7".parse::<Shard>().unwrap_err();
/// assert!(matches!(
///     e,
///     Error::ShardText(ShardText::Part {
///         part: ShardPart::Index,
///         fault: NumberFault::OutOfRange,
///         min: 0,
///         max: 6,
///     })
/// ));
/// assert_eq!(e.to_string(), "out of range: I must be a whole number from 0 to 6");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ShardText {
    /// No `/` between two parts.
    NotIK {
        /// The most parts a count may be cut into.
        max_count: usize,
    },
    /// One part is not a whole number in its range (`K` is read first: the range of `I`
    /// depends on it).
    Part {
        /// The part refused.
        part: ShardPart,
        /// What is wrong with it.
        fault: NumberFault,
        /// The smallest accepted.
        min: usize,
        /// The largest accepted.
        max: usize,
    },
}

impl fmt::Display for ShardText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ShardText::NotIK { max_count } => write!(
                f,
                "not I/K: expected two whole numbers with 0 ≤ I < K ≤ {max_count}, such as 0/4"
            ),
            ShardText::Part {
                part,
                fault,
                min,
                max,
            } => BadNumber {
                name: part.letter(),
                fault,
                min: min as u128,
                max: max as u128,
            }
            .fmt(f),
        }
    }
}

/// A task that some methods cannot do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Task {
    /// Count solutions up to symmetry.
    CountUnique,
    /// List solutions rather than count them.
    List,
    /// Split the count into subproblems: threads, checkpoints, shards and cluster runs.
    Split,
    /// Count the completions of a partly filled board.
    CountPuzzle,
    /// Count on a GPU (a GPU device was chosen).
    CountOnGpu,
    /// Be told operation by operation, with the state it keeps (the textbook methods).
    Explain,
}

impl Task {
    fn phrase(self) -> &'static str {
        match self {
            Task::CountUnique => "count unique solutions",
            Task::List => "list solutions",
            Task::Split => {
                "split its count into subproblems (for checkpoints, shards and clusters)"
            }
            Task::CountPuzzle => "count the completions of a board",
            Task::CountOnGpu => "count on a GPU",
            Task::Explain => "be told operation by operation",
        }
    }
}

/// Why a board to complete was refused; rows and columns are counted from 1 in the messages,
/// as a person counts them in the file.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum BoardError {
    /// No rows at all.
    Empty,
    /// A row whose length is not the number of rows.
    NotSquare {
        /// Where the row stands.
        at: Place,
        /// Its squares.
        squares: usize,
        /// The number of rows.
        rows: usize,
    },
    /// More rows than the search accepts.
    TooLarge {
        /// The number of rows.
        rows: usize,
        /// The most accepted.
        max: usize,
    },
    /// A character other than `Q`, `.` and `x` (the glyphs every board picture is written in).
    BadCharacter {
        /// Where it stands (with its column).
        at: Place,
        /// The character.
        found: char,
    },
    /// Two queens in one row.
    TwoQueens {
        /// The row.
        at: Place,
        /// Their columns, from 0.
        cols: (usize, usize),
    },
    /// Two given queens attack each other.
    Attack {
        /// The line they share.
        along: Line,
        /// The upper (or left) queen.
        first: Square,
        /// The other queen.
        second: Square,
    },
    /// A queen placed on a blocked square, or a square blocked under a queen.
    Blocked(Square),
    /// A blank line between rows of the grid.
    BlankInside {
        /// The blank line, from 1.
        line: usize,
    },
}

/// Where a row of a board file stands: its row number and its line in the text (which differ
/// when comments or blank lines come before it), and a column when one is meant; all from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    /// The row, from 1.
    pub row: usize,
    /// The line of the text, from 1.
    pub line: usize,
    /// The column, from 1, when one is meant.
    pub col: Option<usize>,
}

impl Place {
    /// The place in a message, counted as `counting` says: "row 2 (line 3), column 1".
    ///
    /// ```
    /// use nqueens::{Counting, Place};
    ///
    /// let at = Place { row: 2, line: 3, col: Some(1) };
    /// assert_eq!(at.to_string(), "row 2 (line 3), column 1");
    /// assert_eq!(at.words(Counting::FromZero), "row 1 (line 2), column 0");
    /// ```
    pub fn words(&self, counting: Counting) -> String {
        let number = |from_one| renumbered(counting, from_one);
        let mut s = format!("row {}", number(self.row));
        if self.line != self.row {
            s += &format!(" (line {})", number(self.line));
        }
        if let Some(c) = self.col {
            s += &format!(", column {}", number(c));
        }
        s
    }
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.words(Counting::FromOne))
    }
}

/// The number a message gives the row, column or line numbered `from_one` (as places and the
/// lines of a text are): itself from 1, one less from 0.
fn renumbered(counting: Counting, from_one: usize) -> usize {
    match counting {
        Counting::FromOne => from_one,
        // A hand-made 0 has no number below it; it stays 0 rather than wrapping.
        Counting::FromZero => from_one.saturating_sub(1),
    }
}

/// The squares of a board's grid as messages list them: "Q (queen), . (free) or x (blocked)".
fn grid_squares() -> String {
    format!("{QUEEN} (queen), {FREE} (free) or {BLOCKED} (blocked)")
}

impl BoardError {
    /// The message, rows, columns and lines counted as `counting` says; its [`fmt::Display`]
    /// counts from 1, as a person counts the lines of a file.
    ///
    /// ```
    /// use nqueens::Counting;
    /// use nqueens::{Error, Puzzle};
    ///
    /// let Err(Error::Board(e)) = Puzzle::parse("Q..Q\n....\n....\n....\n") else { panic!() };
    /// assert_eq!(
    ///     e.to_string(),
    ///     "row 1 has two queens, in columns 1 and 4: a row holds at most one queen"
    /// );
    /// assert_eq!(
    ///     e.words(Counting::FromZero),
    ///     "row 0 has two queens, in columns 0 and 3: a row holds at most one queen"
    /// );
    /// ```
    pub fn words(&self, counting: Counting) -> String {
        match self {
            BoardError::Empty => format!(
                "the board is empty: expected n rows of n squares, each {}",
                grid_squares()
            ),
            BoardError::NotSquare { at, squares, rows } => format!(
                "{} has {squares} squares but the board has {rows} rows: a board must be \
                 square (n rows of n squares)",
                at.words(counting)
            ),
            BoardError::TooLarge { rows, max } => {
                format!("the board has {rows} rows: n must be from 1 to {max}")
            }
            BoardError::BadCharacter { at, found } => format!(
                "{}: unexpected character {found:?}: each square is {}",
                at.words(counting),
                grid_squares()
            ),
            BoardError::TwoQueens { at, cols } => format!(
                "{} has two queens, in columns {} and {}: a row holds at most one queen",
                at.words(counting),
                counting.number(cols.0),
                counting.number(cols.1)
            ),
            BoardError::Attack {
                along,
                first,
                second,
            } => {
                let how = match along {
                    Line::Row => "in the same row",
                    Line::Column => "in the same column",
                    Line::Diagonal | Line::AntiDiagonal => "along a diagonal",
                };
                format!(
                    "the queens at {} and {} attack each other {how}",
                    first.words(counting),
                    second.words(counting)
                )
            }
            BoardError::Blocked(square) => format!(
                "the square at {} is blocked: no queen may stand there",
                square.words(counting)
            ),
            BoardError::BlankInside { line } => format!(
                "blank line {} inside the board: a board file holds one board, its rows on \
                 consecutive lines",
                renumbered(counting, *line)
            ),
        }
    }
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.words(Counting::FromOne))
    }
}

/// Why a count on GPUs cannot run.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GpuProblem {
    /// The crate was built without its feature `gpu`.
    NotBuilt,
    /// No adapter was found: no GPU, or no driver for it that wgpu can use (Vulkan, Metal or
    /// DirectX 12).
    NoAdapter,
    /// A device index beyond the adapters found.
    NoSuchDevice {
        /// The index asked for.
        index: usize,
        /// The adapters found, in the order their indices number them.
        found: Vec<String>,
    },
    /// A device that could not be opened or that failed while counting.
    Failed {
        /// The adapter's name.
        device: String,
        /// What went wrong, as the driver reported it.
        why: String,
    },
}

impl fmt::Display for GpuProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GpuProblem::NotBuilt => f.write_str(
                "method gpu is not in this build: the crate was built without its feature gpu",
            ),
            GpuProblem::NoAdapter => f.write_str(
                "no usable GPU adapter: no Vulkan, Metal or DirectX 12 device was found (a GPU \
                 driver is needed, and on Linux the Vulkan loader, libvulkan1)",
            ),
            GpuProblem::NoSuchDevice { index, found } => {
                let names: Vec<String> = found
                    .iter()
                    .enumerate()
                    .map(|(i, name)| format!("{i}: {name}"))
                    .collect();
                write!(
                    f,
                    "GPU device {index} does not exist: found {} ({})",
                    found.len(),
                    names.join(", ")
                )
            }
            GpuProblem::Failed { device, why } => write!(f, "GPU {device} failed: {why}"),
        }
    }
}

/// What is wrong with a checkpoint file.
#[derive(Debug)]
#[non_exhaustive]
pub enum CheckpointProblem {
    /// The file is not a checkpoint, or its content does not match its checksum.
    Damaged(String),
    /// A new count would overwrite the file (and the work saved in it).
    Exists,
    /// The file cannot be read or written.
    Io(io::Error),
    /// The path names something other than a regular file (a named pipe, a device, a
    /// directory): reading it could block forever or never end.
    NotAFile,
}

/// A checkpoint a count was asked to keep, for [`Error::TwoCheckpoints`].
///
/// ```
/// use nqueens::{Count, Error, Keep};
///
/// let err = Count::new(8).checkpoint("a.ckpt").resume_from("b.ckpt").run().unwrap_err();
/// assert!(matches!(
///     err,
///     Error::TwoCheckpoints { first: Keep::New(_), second: Keep::Resume(_) }
/// ));
/// assert_eq!(
///     err.to_string(),
///     "a count keeps one checkpoint: this one was asked to write a new checkpoint at a.ckpt \
///      and to resume checkpoint b.ckpt"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Keep {
    /// A new checkpoint, written at this path (where nothing may be yet).
    New(PathBuf),
    /// The checkpoint at this path, continued and saved again there.
    Resume(PathBuf),
}

impl fmt::Display for Keep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Keep::New(path) => write!(f, "write a new checkpoint at {}", path.display()),
            Keep::Resume(path) => write!(f, "resume checkpoint {}", path.display()),
        }
    }
}

/// Where saved work came from, for [`Error::Mismatch`] and [`Error::Overflow`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Origin {
    /// A checkpoint file.
    Checkpoint(PathBuf),
    /// A set of shard records.
    Shards,
    /// A process of a cluster run.
    Rank(usize),
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Origin::Checkpoint(path) => write!(f, "checkpoint {}", path.display()),
            Origin::Shards => f.write_str("the shards"),
            Origin::Rank(r) => write!(f, "rank {r}"),
        }
    }
}

/// How saved work differs from the count at hand (or two records from each other).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Mismatch {
    /// Another board size.
    N {
        /// The size of the saved work.
        found: usize,
        /// The size expected.
        expected: usize,
    },
    /// Another method.
    Method {
        /// The method of the saved work.
        found: Method,
        /// The method expected.
        expected: Method,
    },
    /// One is a count of a partly filled board and the other is not, or the boards differ.
    Board {
        /// The saved work is of a partly filled board.
        found: bool,
        /// The count expected is.
        expected: bool,
    },
    /// The same method and n, but another list of subproblems (another version or setting).
    Split,
    /// Another part of the count.
    Shard {
        /// The part of the saved work, as (index, count).
        found: (usize, usize),
        /// The part expected.
        expected: (usize, usize),
    },
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Mismatch::N { found, expected } => {
                write!(f, "it is for n = {found}, not n = {expected}")
            }
            Mismatch::Method { found, expected } => {
                write!(f, "it is for method {found}, not {expected}")
            }
            Mismatch::Board { found: true, .. } => {
                f.write_str("it is for a partly filled board, not for this count")
            }
            Mismatch::Board { found: false, .. } => {
                f.write_str("it is for the empty board, not for a partly filled one")
            }
            Mismatch::Split => f.write_str(
                "it was made with a different subproblem split (another version or setting)",
            ),
            Mismatch::Shard { found, expected } => write!(
                f,
                "it is for shard {}/{}, not {}/{}",
                found.0, found.1, expected.0, expected.1
            ),
        }
    }
}

/// Why a set of shard records cannot be merged.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ShardsProblem {
    /// No record at all.
    None,
    /// Records of different counts.
    Foreign(Mismatch),
    /// One part given twice, as (index, count).
    Repeated((usize, usize)),
    /// Parts missing: the first few of them, how many in all, and of how many.
    Missing {
        /// The first missing parts (at most ten), by index.
        first: Vec<usize>,
        /// How many are missing.
        missing: usize,
        /// How many parts there are.
        of: usize,
    },
    /// A line that is not a shard record.
    NotARecord {
        /// The file (or "-" for standard input).
        file: String,
        /// The line, from 1.
        line: usize,
        /// Why it was not read.
        why: String,
    },
    /// A complete set of records of the empty board whose sum is not the published count
    /// ([`crate::known::check`]): some record is forged or damaged. Says which number is wrong.
    WrongTotal(String),
    /// A file of records that cannot be read.
    Unreadable {
        /// The file (or "-" for standard input).
        file: String,
        /// Why (the system's words).
        why: String,
    },
}

impl fmt::Display for ShardsProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShardsProblem::None => f.write_str("no shards to merge"),
            ShardsProblem::Foreign(m) => write!(f, "shards do not belong together: {}", foreign(m)),
            ShardsProblem::Repeated((i, k)) => write!(f, "shard {i}/{k} is given more than once"),
            ShardsProblem::Missing { first, missing, of } => {
                let names: Vec<String> = first.iter().map(|i| format!("{i}/{of}")).collect();
                write!(f, "shards missing: {}", names.join(", "))?;
                if *missing > first.len() {
                    write!(f, " and {} more", missing - first.len())?;
                }
                write!(f, " ({} of {of} given)", of - missing)
            }
            ShardsProblem::NotARecord { file, line, why } => {
                write!(f, "{file}, line {line}: not a shard record ({why})")
            }
            ShardsProblem::Unreadable { file, why } => {
                write!(f, "cannot read shard file {file}: {why}")
            }
            ShardsProblem::WrongTotal(why) => {
                write!(f, "the shards' counts are wrong: {why}")
            }
        }
    }
}

/// A mismatch between two records, neither of which is "the count at hand".
fn foreign(m: &Mismatch) -> String {
    match m {
        Mismatch::N { found, expected } => format!("n = {expected} and n = {found}"),
        Mismatch::Method { found, expected } => format!("methods {expected} and {found}"),
        Mismatch::Board { .. } => "counts of different boards".to_string(),
        Mismatch::Split => "different subproblem splits (fingerprints differ)".to_string(),
        Mismatch::Shard { found, expected } => {
            format!("shards of {} parts and of {} parts", expected.1, found.1)
        }
    }
}

impl Error {
    /// Writes the message up to the library's own suggestion (see [`Error::suggestion`]).
    fn write_problem(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::OutOfRange {
                what,
                value,
                min,
                max,
            } => f.write_str(&out_of_range(&what.name(), &value.to_string(), *min, *max)),
            Error::Invalid {
                what,
                text,
                expected,
            } => write!(f, "'{text}' is not a valid {what}: expected {expected}"),
            Error::UnknownName { kind, name, known } => write!(
                f,
                "unknown {kind} '{name}': expected one of {}",
                known.join(", ")
            ),
            Error::Unsupported { method, task, .. } => {
                write!(f, "method {method} cannot {}", task.phrase())
            }
            Error::Memory {
                method,
                n,
                threads,
                needed,
                limit,
                ..
            } => {
                let gib = |b: u64| b as f64 / (1u64 << 30) as f64;
                // A limit set by `ulimit -v` may be well under a GiB.
                let limit = if *limit >= 1 << 30 {
                    format!("{:.0} GiB", gib(*limit))
                } else {
                    format!("{} MiB", limit >> 20)
                };
                write!(
                    f,
                    "n = {n} with method {method} on {threads} thread{} needs about {:.1} GiB, \
                     over the {limit} limit",
                    if *threads == 1 { "" } else { "s" },
                    gib(*needed),
                )
            }
            Error::OutOfMemory { method, n, bytes } => {
                // Tables of a small board are megabytes, not a tenth of a GiB.
                let size = if *bytes >= 1 << 30 {
                    format!("{:.1} GiB", *bytes as f64 / (1u64 << 30) as f64)
                } else {
                    format!("{} MiB", bytes.div_ceil(1 << 20))
                };
                write!(
                    f,
                    "n = {n} with method {method}: the system refused the {size} of its tables"
                )
            }
            Error::NotForPuzzles(task) => write!(
                f,
                "a partly filled board cannot {}: its given queens and blocked squares break \
                 the board's symmetry",
                match task {
                    Task::CountUnique => "have its completions counted up to symmetry",
                    other => other.phrase(),
                }
            ),
            Error::Board(e) => write!(f, "{e}"),
            Error::Checkpoint { path, problem } => {
                let path = path.display();
                match problem {
                    CheckpointProblem::Damaged(why) => {
                        write!(f, "checkpoint {path} is damaged or not a checkpoint: {why}")
                    }
                    CheckpointProblem::Exists => write!(
                        f,
                        "checkpoint {path} already exists: resume it, or remove it to start over"
                    ),
                    CheckpointProblem::Io(e) => write!(f, "cannot read checkpoint {path}: {e}"),
                    CheckpointProblem::NotAFile => write!(
                        f,
                        "checkpoint {path} is not a regular file (a pipe, a device or a \
                         directory): a checkpoint must be a file"
                    ),
                }
            }
            Error::TwoCheckpoints { first, second } => write!(
                f,
                "a count keeps one checkpoint: this one was asked to {first} and to {second}"
            ),
            Error::Mismatch { from, mismatch } => {
                write!(f, "{from} does not match this count: {mismatch}")
            }
            Error::ShardText(t) => write!(f, "{t}"),
            Error::Shards(p) => write!(f, "{p}"),
            Error::Gpu(p) => write!(f, "{p}"),
            Error::Overflow { from } => write!(
                f,
                "the counts in {from} add up to more than 2^128: they are damaged"
            ),
            Error::Stopped => f.write_str("stopped before the count began"),
            Error::Io { context, source } => write!(f, "{context}: {source}"),
        }
    }

    /// The library's own suggestion, in plain English, where the message has one: the
    /// methods that can do what one cannot, or the threads that fit in memory. A front end that
    /// words its own advice (the flag that would help) shows [`Error::problem`] instead of the
    /// whole message, and reads the suggestion's facts from the variant's fields.
    ///
    /// ```
    /// use nqueens::{Count, Method};
    ///
    /// let err = Count::new(8).method(Method::Bitmask).unique(true).run().unwrap_err();
    /// assert_eq!(err.problem(), "method bitmask cannot count unique solutions");
    /// assert_eq!(err.suggestion().as_deref(), Some("method symmetry can"));
    /// assert_eq!(err.to_string(), "method bitmask cannot count unique solutions; method symmetry can");
    /// ```
    pub fn suggestion(&self) -> Option<String> {
        match self {
            Error::Unsupported { instead, .. } => {
                let names: Vec<&str> = instead.iter().map(|m| m.name()).collect();
                match names.len() {
                    0 => None,
                    1 => Some(format!("method {} can", names[0])),
                    _ => Some(format!("methods {} can", names.join(", "))),
                }
            }
            Error::Memory { fits, .. } => Some(match fits {
                Some(t) => format!("{t} thread{} would fit", if *t == 1 { "" } else { "s" }),
                None => "not even one thread fits".to_string(),
            }),
            _ => None,
        }
    }

    /// What is wrong, without the library's own suggestion: the whole message, or its part
    /// before [`Error::suggestion`].
    ///
    /// ```
    /// use nqueens::{Count, Method};
    ///
    /// let err = Count::new(23).method(Method::Halves).threads(1024).run().unwrap_err();
    /// let problem = err.problem();
    /// assert!(problem.starts_with("n = 23 with method halves on 1024 threads needs about"));
    /// assert_eq!(err.to_string(), format!("{problem}; {}", err.suggestion().unwrap()));
    /// ```
    pub fn problem(&self) -> String {
        Problem(self).to_string()
    }

    /// The message, with the number of an [`Error::OutOfRange`] written as `shown`: for a front
    /// end that took a number too large for the library's type (or below zero) and passed it on
    /// saturated, so that the message names the number as it was given. Other errors give their
    /// message unchanged.
    ///
    /// ```
    /// let err = nqueens::count(usize::MAX).unwrap_err();
    /// assert_eq!(
    ///     err.showing_value("100000000000000000000000"),
    ///     "n = 100000000000000000000000 is out of range: n must be from 1 to 64"
    /// );
    /// ```
    pub fn showing_value(&self, shown: &str) -> String {
        match self {
            Error::OutOfRange { what, min, max, .. } => {
                out_of_range(&what.name(), shown, *min, *max)
            }
            other => other.to_string(),
        }
    }
}

/// An error's message up to its suggestion, as [`fmt::Display`].
struct Problem<'a>(&'a Error);

impl fmt::Display for Problem<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.write_problem(f)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_problem(f)?;
        match self.suggestion() {
            Some(s) => write!(f, "; {s}"),
            None => Ok(()),
        }
    }
}

/// The sentence of a number out of range, `value` written as the front end was given it: one
/// wording for the library's refusals and for a front end's own (a binding's limit or seed).
///
/// ```
/// assert_eq!(
///     nqueens::out_of_range("limit", "-1", 0, 10),
///     "limit = -1 is out of range: limit must be from 0 to 10"
/// );
/// ```
pub fn out_of_range(name: &str, value: &str, min: u128, max: u128) -> String {
    format!("{name} = {value} is out of range: {name} must be from {min} to {max}")
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Io { source, .. } => Some(source),
            Error::Checkpoint {
                problem: CheckpointProblem::Io(e),
                ..
            } => Some(e),
            _ => None,
        }
    }
}

impl From<UnknownMethod> for Error {
    fn from(e: UnknownMethod) -> Error {
        Error::UnknownName {
            kind: "method",
            name: e.name,
            known: Method::ALL.iter().map(|m| m.name()).collect(),
        }
    }
}

impl From<BoardError> for Error {
    fn from(e: BoardError) -> Error {
        Error::Board(e)
    }
}

impl Error {
    /// An [`Error::OutOfRange`] from sizes.
    pub(crate) fn out_of_range(what: Quantity, value: usize, min: usize, max: usize) -> Error {
        Error::OutOfRange {
            what,
            value: value as u128,
            min: min as u128,
            max: max as u128,
        }
    }

    /// A method that cannot do `task`, with the methods that can. The GPU method is named only
    /// for counts on a GPU: the others are served on every machine, it only on one with a GPU.
    pub(crate) fn unsupported(method: Method, task: Task) -> Error {
        let can = |m: Method| match task {
            Task::CountUnique => m.counts_unique() && !m.counts_on_gpu(),
            Task::List => m.can_list(),
            Task::Split => m.has_split() && !m.counts_on_gpu(),
            Task::CountPuzzle => m.counts_puzzles(),
            Task::CountOnGpu => m.counts_on_gpu(),
            Task::Explain => m.describe().explains,
        };
        Error::Unsupported {
            method,
            task,
            instead: Method::able(can),
        }
    }

    /// A failed read or write, with what was being done.
    pub(crate) fn io(context: impl Into<String>, source: io::Error) -> Error {
        Error::Io {
            context: context.into(),
            source,
        }
    }
}

/// Checks that `n` is a board size the search methods accept (1 to [`MAX_N`]).
///
/// It lives with the errors rather than on the board, so that the board, the bottom of the
/// crate, names nothing that goes wrong.
pub fn check_n(n: usize) -> Result<(), Error> {
    if (1..=MAX_N).contains(&n) {
        Ok(())
    } else {
        Err(Error::out_of_range(Quantity::N, n, 1, MAX_N))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_searches_accept_1_to_max_n() {
        assert!(check_n(8).is_ok());
        assert!(check_n(0).is_err());
        assert!(check_n(MAX_N + 1).is_err());
    }
}
