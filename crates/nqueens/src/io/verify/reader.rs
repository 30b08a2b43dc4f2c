//! The reader's core: the placement and error types, the reader with its buffer and line count,
//! the dispatch on a placement's first byte, and the byte-level steps every format's parser
//! takes. Each format's parser is a file of its own beside this one.

use crate::board::conflict::{Conflict, Line, Square, conflict};
use crate::board::glyphs::{FREE, PICTURE, QUEEN};
use crate::find::construction::MAX_CONSTRUCT_N;
use std::fmt;
use std::io::{self, Read};

/// The largest board the reader accepts, the same as the construction can write.
pub const MAX_VERIFY_N: usize = MAX_CONSTRUCT_N;

/// The text format a placement was written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum InputFormat {
    /// Rows of `Q` and `.`.
    Board,
    /// Rows of `♛`, `·`, `▪` and `×`: the terminal picture.
    Unicode,
    /// A board of an SVG picture.
    Svg,
    /// 1-based columns on one line.
    Perm,
    /// A JSON object with 0-based `"columns"`.
    Json,
    /// A board as a JSON list of row strings, as LeetCode prints it.
    Leetcode,
}

/// One placement read from the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placed {
    pub(super) line: usize,
    pub(super) format: InputFormat,
    pub(super) columns: Vec<u32>,
    /// For boards: the first row with no queen or with two, which `columns` cannot show.
    pub(super) row_problem: Option<Conflict>,
}

impl Placed {
    /// The input line (from 1) where the placement starts.
    pub fn line(&self) -> usize {
        self.line
    }

    /// The format it was written in.
    pub fn format(&self) -> InputFormat {
        self.format
    }

    /// The board size.
    pub fn n(&self) -> usize {
        self.columns.len()
    }

    /// The 0-based column of each row's queen (for a board row with no queen, 0; with several,
    /// the leftmost).
    pub fn columns(&self) -> &[u32] {
        &self.columns
    }

    /// `None` for a solution, else the first conflict: a bad board row before any attack
    /// between rows, then attacks in the order [`conflict`] finds them.
    ///
    /// ```
    /// use nqueens::io::Reader;
    ///
    /// let mut r = Reader::new("2 4 1 3\n1 2 3 4\n".as_bytes());
    /// assert_eq!(r.next().unwrap().unwrap().problem(), None);
    /// let bad = r.next().unwrap().unwrap();
    /// assert_eq!(
    ///     bad.problem().unwrap().to_string(),
    ///     "queens at row 1, column 1 and row 2, column 2 share a diagonal (\\)"
    /// );
    /// ```
    pub fn problem(&self) -> Option<Conflict> {
        self.row_problem.or_else(|| conflict(&self.columns))
    }
}

/// Placements in the order they stand in the input; an unreadable spot ends the reading with an
/// error (its line and the reason), after which nothing more comes.
impl<R: Read> Iterator for Reader<R> {
    type Item = Result<Placed, ReadError>;

    fn next(&mut self) -> Option<Result<Placed, ReadError>> {
        if self.done {
            return None;
        }
        let item = self.read().transpose();
        self.done = !matches!(item, Some(Ok(_)));
        item
    }
}

/// Why reading stopped.
#[derive(Debug)]
#[non_exhaustive]
pub enum ReadError {
    /// The input does not describe a placement.
    Unreadable {
        /// The line where reading stopped, from 1.
        line: usize,
        /// Why, in words.
        reason: String,
    },
    /// Reading the input failed.
    Io(io::Error),
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Unreadable { line, reason } => write!(f, "line {line}: {reason}"),
            ReadError::Io(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for ReadError {}

impl From<io::Error> for ReadError {
    fn from(e: io::Error) -> Self {
        ReadError::Io(e)
    }
}

/// Reads placements one at a time from any byte source.
///
/// ```
/// use nqueens::io::{InputFormat, Reader};
///
/// let text = ".Q..\n...Q\nQ...\n..Q.\n\n{\"columns\":[2,0,3,1],\"class_size\":2}\n";
/// let mut r = Reader::new(text.as_bytes());
/// let a = r.next().unwrap().unwrap();
/// assert_eq!((a.format(), a.line(), a.columns()), (InputFormat::Board, 1, &[1, 3, 0, 2][..]));
/// let b = r.next().unwrap().unwrap();
/// assert_eq!((b.format(), b.line(), b.columns()), (InputFormat::Json, 6, &[2, 0, 3, 1][..]));
/// assert!(r.next().is_none());
///
/// // Unreadable input ends the reading with its line and reason.
/// let mut r = Reader::new("2 4 1 3\n2 4 1 x\n".as_bytes());
/// assert!(r.next().unwrap().is_ok());
/// let err = r.next().unwrap().unwrap_err();
/// assert_eq!(err.to_string(), "line 2: unexpected 'x' in a permutation line");
/// assert!(r.next().is_none());
/// ```
#[derive(Debug)]
pub struct Reader<R: Read> {
    pub(super) src: R,
    pub(super) buf: Box<[u8]>,
    pub(super) pos: usize,
    pub(super) len: usize,
    /// The line of the byte at `pos`, from 1.
    pub(super) line: usize,
    /// Inside a LeetCode list of boards, between two boards.
    pub(super) in_list: bool,
    /// Inside an SVG document, between two boards.
    pub(super) in_svg: bool,
    /// The input ended, or could not be read on: nothing more comes.
    pub(super) done: bool,
}

pub(super) type Parse<T> = Result<T, ReadError>;

impl<R: Read> Reader<R> {
    /// A reader at the start of `src`; it does its own buffering.
    pub fn new(src: R) -> Reader<R> {
        Reader {
            src,
            buf: vec![0; 1 << 16].into_boxed_slice(),
            pos: 0,
            len: 0,
            line: 1,
            in_list: false,
            in_svg: false,
            done: false,
        }
    }

    /// The next placement, `Ok(None)` at the end of the input.
    pub(super) fn read(&mut self) -> Parse<Option<Placed>> {
        // A loop rather than recursion: an input of a million empty lists `[]` must not
        // overflow the stack.
        loop {
            if self.in_list {
                match self.next_in_list()? {
                    Some(placed) => return Ok(Some(placed)),
                    None => continue, // the list closed; read on
                }
            }
            if self.in_svg {
                match self.next_svg_board()? {
                    Some(placed) => return Ok(Some(placed)),
                    None => continue, // the document closed; read on
                }
            }
            self.skip_space()?;
            let line = self.line;
            let placed = match self.peek()? {
                None => return Ok(None),
                Some(b) if begins_square(b) => self.board()?,
                Some(b'<') => {
                    self.in_svg = true;
                    continue;
                }
                Some(b'0'..=b'9') => self.perm()?,
                Some(b'{') => self.json()?,
                Some(b'[') => {
                    self.bump();
                    self.skip_space()?;
                    match self.peek()? {
                        Some(b'[') => {
                            self.in_list = true;
                            return self.next_in_list_first();
                        }
                        Some(b'"') => self.leetcode_board(line)?,
                        Some(b']') => {
                            self.bump();
                            continue; // an empty list holds no board
                        }
                        other => return Err(self.unexpected(other, "a LeetCode list of boards")),
                    }
                }
                Some(other) => {
                    return Err(self.error(format!(
                        "unexpected {}: expected a board (rows of Q and .), a permutation line \
                         (1-based columns) or JSON",
                        show(other)
                    )));
                }
            };
            return Ok(Some(placed));
        }
    }

    // ---- bytes ----

    pub(super) fn peek(&mut self) -> io::Result<Option<u8>> {
        if self.pos == self.len {
            self.pos = 0;
            self.len = loop {
                match self.src.read(&mut self.buf) {
                    Ok(k) => break k,
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    Err(e) => return Err(e),
                }
            };
            if self.len == 0 {
                return Ok(None);
            }
        }
        Ok(Some(self.buf[self.pos]))
    }

    /// Steps past the byte `peek` returned.
    pub(super) fn bump(&mut self) {
        if self.buf[self.pos] == b'\n' {
            self.line += 1;
        }
        self.pos += 1;
    }

    /// Skips spaces, tabs, carriage returns and newlines.
    pub(super) fn skip_space(&mut self) -> io::Result<()> {
        while let Some(b' ' | b'\t' | b'\r' | b'\n') = self.peek()? {
            self.bump();
        }
        Ok(())
    }

    /// Skips spaces, tabs and carriage returns, not newlines.
    pub(super) fn skip_blanks(&mut self) -> io::Result<()> {
        while let Some(b' ' | b'\t' | b'\r') = self.peek()? {
            self.bump();
        }
        Ok(())
    }

    pub(super) fn expect(&mut self, want: u8, what: &str) -> Parse<()> {
        match self.peek()? {
            Some(b) if b == want => {
                self.bump();
                Ok(())
            }
            other => Err(self.unexpected(other, what)),
        }
    }

    pub(super) fn error(&self, reason: String) -> ReadError {
        ReadError::Unreadable {
            line: self.line,
            reason,
        }
    }

    /// Appends a column, refusing rather than aborting when the process may not have the
    /// memory for more (under `ulimit -v`, a board of 10^8 queens may not fit).
    pub(super) fn push_column(&self, columns: &mut Vec<u32>, column: u32) -> Result<(), ReadError> {
        if columns.len() == columns.capacity()
            && columns.try_reserve(columns.len().max(64)).is_err()
        {
            return Err(self.error(format!(
                "not enough memory for more than {} columns (a placement of n queens takes about \
                 4.4 n bytes)",
                columns.len()
            )));
        }
        columns.push(column);
        Ok(())
    }

    pub(super) fn unexpected(&self, got: Option<u8>, within: &str) -> ReadError {
        match got {
            None => self.error(format!("the input ends inside {within}")),
            Some(b) => self.error(format!("unexpected {} in {within}", show(b))),
        }
    }
}

/// A queen of a board of text, as the byte the reader meets.
pub(super) const QUEEN_BYTE: u8 = ascii(QUEEN);
/// A free square of a board of text, as the byte the reader meets.
pub(super) const FREE_BYTE: u8 = ascii(FREE);

/// The one byte of an ASCII glyph; a glyph that is not ASCII fails the build here, where the
/// reader would otherwise mistake its first byte for the whole square.
pub(super) const fn ascii(c: char) -> u8 {
    assert!(c.is_ascii());
    c as u8
}

/// Whether `b` can begin a square of a drawn board: a queen or a free square of text, or the
/// first byte of a picture's square in UTF-8.
pub(super) fn begins_square(b: u8) -> bool {
    b == QUEEN_BYTE
        || b == FREE_BYTE
        || PICTURE.iter().any(|&c| {
            let mut buffer = [0u8; 4];
            c.encode_utf8(&mut buffer).as_bytes()[0] == b
        })
}

/// The picture's squares as messages list them: `♛ · ▪ ×`.
pub(super) fn picture_squares() -> String {
    let names: Vec<String> = PICTURE.iter().map(char::to_string).collect();
    names.join(" ")
}

/// A byte as a message shows it.
pub(super) fn show(b: u8) -> String {
    if b.is_ascii_graphic() {
        format!("'{}'", b as char)
    } else if b.is_ascii() {
        format!("byte 0x{b:02x}")
    } else {
        format!("non-ASCII byte 0x{b:02x}")
    }
}

/// Notes a queen at (`row`, `col`) of a drawn row (a board line or a LeetCode string): the
/// first one is the row's queen, a second one is the row's problem (the first such wins).
pub(super) fn queen_in_row(
    row: usize,
    col: usize,
    queen: &mut Option<usize>,
    row_problem: &mut Option<Conflict>,
) {
    match *queen {
        None => *queen = Some(col),
        Some(first) if row_problem.is_none() => {
            *row_problem = Some(Conflict::Attack {
                along: Line::Row,
                first: Square { row, col: first },
                second: Square { row, col },
            })
        }
        Some(_) => {}
    }
}
