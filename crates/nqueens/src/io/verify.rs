//! Checking placements someone hands us: a streaming reader for every format `list` and `find`
//! write, and an O(n) test of each placement it reads.
//!
//! The reader works on bytes and recognises each placement by its first character, so one input
//! may mix formats and hold any number of placements:
//!
//! - `Q` or `.`: a board, one row a line, ended by a blank line or the end of the input; the
//!   pictures of `--format unicode` (`♛` a queen; `·`, `▪` and `×` squares without one) read
//!   the same way;
//! - `<`: an SVG document as `--format svg` writes it, one placement per board drawn (its
//!   squares, and the queens placed on them);
//! - a digit: a permutation line, the 1-based column of each row (`2 4 1 3`);
//! - `{`: a JSON object with a `"columns"` array of 0-based columns (JSON Lines as `list` and
//!   `find` write it; other fields are skipped, and `"n"`, when present, must match);
//! - `[`: LeetCode's list of boards (`[[".Q..","...Q",...],...]`) or a single board.
//!
//! A permutation or JSON line of a hundred million queens is read number by number into one
//! `u32` each, never as text or as a JSON tree, and the check keeps one bit per column and
//! diagonal (about 5 bits a queen) rather than a row number.
//!
//! Two kinds of trouble are kept apart. Input that does not describe a placement (a stray
//! character, a board that is not square, a column beyond the board) is *unreadable*: reading
//! stops with the line and the reason. A placement that reads fine but is not a solution (two
//! queens attacking, or a board row without a queen) is *invalid*: its [`Conflict`] is reported and
//! reading goes on.

use crate::board::conflict::{Conflict, Line, Square, conflict};
use crate::board::glyphs::{FREE, PICTURE, PICTURE_QUEEN, QUEEN};
use crate::problems::construct::MAX_CONSTRUCT_N;
use std::fmt;
use std::io::{self, Read};

/// The largest board the reader accepts, the same as the construction can write.
pub const MAX_VERIFY_N: usize = MAX_CONSTRUCT_N;

/// The text format a placement was written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
    line: usize,
    format: InputFormat,
    columns: Vec<u32>,
    /// For boards: the first row with no queen or with two, which `columns` cannot show.
    row_problem: Option<Conflict>,
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
    /// use nqueens::Reader;
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
/// use nqueens::{InputFormat, Reader};
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
    src: R,
    buf: Box<[u8]>,
    pos: usize,
    len: usize,
    /// The line of the byte at `pos`, from 1.
    line: usize,
    /// Inside a LeetCode list of boards, between two boards.
    in_list: bool,
    /// Inside an SVG document, between two boards.
    in_svg: bool,
    /// The input ended, or could not be read on: nothing more comes.
    done: bool,
}

type Parse<T> = Result<T, ReadError>;

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
    fn read(&mut self) -> Parse<Option<Placed>> {
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

    fn peek(&mut self) -> io::Result<Option<u8>> {
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
    fn bump(&mut self) {
        if self.buf[self.pos] == b'\n' {
            self.line += 1;
        }
        self.pos += 1;
    }

    /// Skips spaces, tabs, carriage returns and newlines.
    fn skip_space(&mut self) -> io::Result<()> {
        while let Some(b' ' | b'\t' | b'\r' | b'\n') = self.peek()? {
            self.bump();
        }
        Ok(())
    }

    /// Skips spaces, tabs and carriage returns, not newlines.
    fn skip_blanks(&mut self) -> io::Result<()> {
        while let Some(b' ' | b'\t' | b'\r') = self.peek()? {
            self.bump();
        }
        Ok(())
    }

    fn expect(&mut self, want: u8, what: &str) -> Parse<()> {
        match self.peek()? {
            Some(b) if b == want => {
                self.bump();
                Ok(())
            }
            other => Err(self.unexpected(other, what)),
        }
    }

    fn error(&self, reason: String) -> ReadError {
        ReadError::Unreadable {
            line: self.line,
            reason,
        }
    }

    /// Appends a column, refusing rather than aborting when the process may not have the
    /// memory for more (under `ulimit -v`, a board of 10^8 queens may not fit).
    fn push_column(&self, columns: &mut Vec<u32>, column: u32) -> Result<(), ReadError> {
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

    fn unexpected(&self, got: Option<u8>, within: &str) -> ReadError {
        match got {
            None => self.error(format!("the input ends inside {within}")),
            Some(b) => self.error(format!("unexpected {} in {within}", show(b))),
        }
    }

    // ---- formats ----

    /// Rows of `Q` and `.` (or of the unicode picture's squares) until a blank line, a line of
    /// something else, or the end.
    fn board(&mut self) -> Parse<Placed> {
        let start = self.line;
        let mut columns = Vec::new();
        let mut row_problem = None;
        let mut width = None;
        let mut format = InputFormat::Board;
        loop {
            self.skip_blanks()?;
            if !self.peek()?.is_some_and(begins_square) {
                break;
            }
            let row = columns.len();
            let (mut cells, mut queen) = (0usize, None);
            while let Some(b) = self.peek()? {
                match b {
                    b' ' | b'\t' | b'\r' => {
                        self.bump();
                        continue;
                    }
                    b'\n' => break,
                    _ => {}
                }
                let (is_queen, drawn) = self.square(row)?;
                if drawn {
                    format = InputFormat::Unicode;
                }
                if is_queen {
                    queen_in_row(row, cells, &mut queen, &mut row_problem);
                }
                cells += 1;
                if cells > MAX_VERIFY_N {
                    return Err(self.error(format!("board row longer than {MAX_VERIFY_N} squares")));
                }
            }
            let w = *width.get_or_insert(cells);
            if cells != w {
                return Err(self.error(format!(
                    "row {} of the board has {cells} squares, the rows above have {w}",
                    row + 1
                )));
            }
            if queen.is_none() && row_problem.is_none() {
                row_problem = Some(Conflict::EmptyRow { row });
            }
            self.push_column(&mut columns, queen.unwrap_or(0) as u32)?;
            if self.peek()?.is_some() {
                self.bump(); // the newline
            }
            if columns.len() > w {
                break; // reported below as not square
            }
        }
        let w = width.unwrap_or(0);
        if columns.len() != w {
            return Err(ReadError::Unreadable {
                line: start,
                reason: format!(
                    "the board starting here has {} rows of {w} squares: a board must be square",
                    columns.len()
                ),
            });
        }
        Ok(Placed {
            line: start,
            format,
            columns,
            row_problem,
        })
    }

    /// One square of a drawn board row, consumed: whether it holds a queen, and whether it was
    /// drawn as a picture (`♛ · ▪ ×`) rather than as `Q` or `.`.
    fn square(&mut self, row: usize) -> Parse<(bool, bool)> {
        if let Some(b @ (QUEEN_BYTE | FREE_BYTE)) = self.peek()? {
            self.bump();
            return Ok((b == QUEEN_BYTE, false));
        }
        // A picture's square: the bytes of one of its symbols, matched one by one.
        let mut buffers = [[0u8; 4]; PICTURE.len()];
        let mut candidates: Vec<(&[u8], bool)> = PICTURE
            .iter()
            .zip(&mut buffers)
            .map(|(&c, buffer)| (c.encode_utf8(buffer).as_bytes(), c == PICTURE_QUEEN))
            .collect();
        let mut at = 0;
        loop {
            let b = self.peek()?;
            candidates.retain(|(bytes, _)| b.is_some_and(|b| bytes.get(at) == Some(&b)));
            if candidates.is_empty() {
                let reason = match b {
                    Some(b) if at == 0 => format!(
                        "unexpected {} in row {} of a board (rows hold only {QUEEN} and {FREE}, \
                         or the squares {} of a picture)",
                        show(b),
                        row + 1,
                        picture_squares()
                    ),
                    _ => format!("a broken square symbol in row {} of a board", row + 1),
                };
                return Err(self.error(reason));
            }
            self.bump();
            at += 1;
            if let Some(&(_, queen)) = candidates.iter().find(|(bytes, _)| bytes.len() == at) {
                return Ok((queen, true));
            }
        }
    }

    /// The next board of the SVG document being read, `None` once the document ends.
    ///
    /// Only the drawing counts: a board is a group (`<g>`) holding its squares (`<rect width=N height=N`)
    /// and its queens (`<use href="#queen" x=C y=R`, or `#dot` on small squares); the tooltip
    /// and anything in `<defs>` are skipped.
    fn next_svg_board(&mut self) -> Parse<Option<Placed>> {
        let mut in_defs = false;
        let mut board: Option<SvgBoard> = None;
        loop {
            // Text between tags (a tooltip, blanks) is skipped.
            loop {
                match self.peek()? {
                    None => {
                        return Err(self.error("the input ends inside an SVG document".to_string()));
                    }
                    Some(b'<') => break,
                    Some(_) => self.bump(),
                }
            }
            let line = self.line;
            let tag = self.svg_tag()?;
            let name = tag
                .split(|c: char| c.is_ascii_whitespace())
                .next()
                .unwrap_or("")
                .trim_end_matches('/');
            match name {
                "defs" => in_defs = true,
                "/defs" => in_defs = false,
                "/svg" => {
                    self.in_svg = false;
                    return Ok(None);
                }
                _ if in_defs => {}
                "g" if board.is_none() => {
                    board = Some(SvgBoard {
                        line,
                        n: None,
                        queens: Vec::new(),
                    })
                }
                "rect" => {
                    if let Some(b @ SvgBoard { n: None, .. }) = &mut board {
                        // The board's squares: a drawing of W×H squares with W ≠ H is no
                        // board of this project's, whatever its queens.
                        let width = self.svg_number(&tag, "width")?;
                        let height = self.svg_number(&tag, "height")?;
                        if width != height {
                            return Err(ReadError::Unreadable {
                                line,
                                reason: format!(
                                    "an SVG board of {width}×{height} squares: a board is square"
                                ),
                            });
                        }
                        b.n = Some(width);
                    }
                }
                "use" => {
                    let href = svg_attribute(&tag, "href");
                    if let (Some(b), Some("#queen" | "#dot")) = (&mut board, href) {
                        let x = self.svg_number(&tag, "x")?;
                        let y = self.svg_number(&tag, "y")?;
                        b.queens.push((y, x));
                    }
                }
                "/g" => {
                    if let Some(b) = board.take() {
                        return self.svg_placed(b.line, b.n, b.queens).map(Some);
                    }
                }
                _ => {}
            }
        }
    }

    /// One tag, from `<` to `>`, without them (at most 4096 bytes: this project's tags are short).
    fn svg_tag(&mut self) -> Parse<String> {
        self.bump(); // '<'
        let mut tag = Vec::new();
        loop {
            match self.peek()? {
                None => return Err(self.error("the input ends inside an SVG tag".to_string())),
                Some(b'>') => {
                    self.bump();
                    return Ok(String::from_utf8_lossy(&tag).into_owned());
                }
                Some(b) => {
                    if tag.len() == 4096 {
                        return Err(self.error("an SVG tag longer than 4096 bytes".to_string()));
                    }
                    tag.push(b);
                    self.bump();
                }
            }
        }
    }

    /// A whole-number attribute of a tag.
    fn svg_number(&self, tag: &str, name: &str) -> Parse<usize> {
        svg_attribute(tag, name)
            .and_then(|v| v.parse::<usize>().ok())
            .filter(|&v| v <= MAX_VERIFY_N)
            .ok_or_else(|| {
                self.error(format!(
                    "an SVG <{}> without a whole number '{name}'",
                    tag.split_whitespace().next().unwrap_or("")
                ))
            })
    }

    /// The placement an SVG board shows: `queens` as (row, column) on `n` squares.
    fn svg_placed(
        &self,
        start: usize,
        n: Option<usize>,
        queens: Vec<(usize, usize)>,
    ) -> Parse<Placed> {
        let unreadable = |reason: String| ReadError::Unreadable {
            line: start,
            reason,
        };
        let n = n.ok_or_else(|| unreadable("an SVG board without its squares".to_string()))?;
        if n == 0 {
            return Err(unreadable("an SVG board of no squares".to_string()));
        }
        let mut rows: Vec<Option<usize>> = vec![None; n];
        let mut row_problem = None;
        for &(row, col) in &queens {
            if row >= n || col >= n {
                return Err(unreadable(format!(
                    "an SVG queen at row {}, column {} is off the board of {n} squares",
                    row + 1,
                    col + 1
                )));
            }
        }
        let mut sorted = queens;
        sorted.sort_unstable();
        for (row, col) in sorted {
            queen_in_row(row, col, &mut rows[row], &mut row_problem);
        }
        if row_problem.is_none()
            && let Some(row) = rows.iter().position(Option::is_none)
        {
            row_problem = Some(Conflict::EmptyRow { row });
        }
        Ok(Placed {
            line: start,
            format: InputFormat::Svg,
            columns: rows.iter().map(|c| c.unwrap_or(0) as u32).collect(),
            row_problem,
        })
    }

    /// Whole numbers separated by blanks, to the end of the line.
    fn perm(&mut self) -> Parse<Placed> {
        let start = self.line;
        let mut columns: Vec<u32> = Vec::new();
        loop {
            self.skip_blanks()?;
            match self.peek()? {
                None => break,
                Some(b'\n') => {
                    self.bump();
                    break;
                }
                Some(b'0'..=b'9') => {
                    let v = self.whole_number()?;
                    if columns.len() == MAX_VERIFY_N {
                        return Err(self.error(format!(
                            "more than {MAX_VERIFY_N} columns on a permutation line"
                        )));
                    }
                    self.push_column(&mut columns, v)?;
                }
                Some(other) => {
                    return Err(
                        self.error(format!("unexpected {} in a permutation line", show(other)))
                    );
                }
            }
        }
        let n = columns.len();
        if let Some(row) = columns.iter().position(|&c| c == 0 || c as usize > n) {
            return Err(ReadError::Unreadable {
                line: start,
                reason: format!(
                    "row {} has column {}, but the {n} columns of a permutation line run from 1 to {n}",
                    row + 1,
                    columns[row]
                ),
            });
        }
        columns.iter_mut().for_each(|c| *c -= 1);
        Ok(Placed {
            line: start,
            format: InputFormat::Perm,
            columns,
            row_problem: None,
        })
    }

    /// Digits making a number of a column (one that fits a `u32`).
    fn whole_number(&mut self) -> Parse<u32> {
        self.number_at_most(u64::from(u32::MAX), "number too large for a column")
    }

    /// Digits making a number up to `max`; `too_large` says what is wrong with a larger one.
    fn number_at_most(&mut self, max: u64, too_large: &str) -> Parse<u32> {
        let mut v: u64 = 0;
        while let Some(b @ b'0'..=b'9') = self.peek()? {
            v = v * 10 + u64::from(b - b'0');
            if v > max {
                return Err(self.error(too_large.to_string()));
            }
            self.bump();
        }
        Ok(v as u32)
    }

    /// A JSON object: `"columns"` read as numbers, `"n"` checked, anything else skipped.
    fn json(&mut self) -> Parse<Placed> {
        let start = self.line;
        let mut columns: Option<Vec<u32>> = None;
        let mut n: Option<u32> = None;
        self.expect(b'{', "a JSON object")?;
        self.skip_space()?;
        if self.peek()? == Some(b'}') {
            self.bump();
        } else {
            loop {
                self.skip_space()?;
                let key = self.json_key()?;
                self.skip_space()?;
                self.expect(b':', "a JSON object")?;
                self.skip_space()?;
                match key.as_str() {
                    "columns" if columns.is_none() => columns = Some(self.json_columns()?),
                    "n" if n.is_none() => match self.peek()? {
                        Some(b'0'..=b'9') => {
                            n = Some(self.number_at_most(
                                MAX_VERIFY_N as u64,
                                "\"n\" is too large: a board has at most 1,000,000,000 rows",
                            )?)
                        }
                        other => return Err(self.unexpected(other, "the JSON field \"n\"")),
                    },
                    "columns" | "n" => {
                        return Err(self.error(format!("the JSON field \"{key}\" appears twice")));
                    }
                    _ => self.skip_json_value()?,
                }
                self.skip_space()?;
                match self.peek()? {
                    Some(b',') => self.bump(),
                    Some(b'}') => {
                        self.bump();
                        break;
                    }
                    other => return Err(self.unexpected(other, "a JSON object")),
                }
            }
        }
        let Some(columns) = columns else {
            return Err(ReadError::Unreadable {
                line: start,
                reason: "the JSON object has no \"columns\" field".to_string(),
            });
        };
        let len = columns.len();
        if len == 0 {
            return Err(ReadError::Unreadable {
                line: start,
                reason: "the \"columns\" list is empty: a board has at least one row".to_string(),
            });
        }
        if let Some(n) = n
            && n as usize != len
        {
            return Err(ReadError::Unreadable {
                line: start,
                reason: format!("\"n\" is {n} but \"columns\" holds {len} columns"),
            });
        }
        if let Some(row) = columns.iter().position(|&c| c as usize >= len) {
            return Err(ReadError::Unreadable {
                line: start,
                reason: format!(
                    "row {} has column {}, but the {len} JSON columns run from 0 to {}",
                    row + 1,
                    columns[row],
                    len - 1
                ),
            });
        }
        Ok(Placed {
            line: start,
            format: InputFormat::Json,
            columns,
            row_problem: None,
        })
    }

    /// A JSON string used as a key; keys we care about are short, so it is kept only that far.
    fn json_key(&mut self) -> Parse<String> {
        self.expect(b'"', "a JSON object (a key was expected)")?;
        let mut key = Vec::new();
        loop {
            match self.peek()? {
                Some(b'"') => {
                    self.bump();
                    break;
                }
                Some(b'\\') => {
                    self.bump();
                    self.peek()?;
                    if self.pos < self.len {
                        self.bump();
                    }
                    key.push(b'\\'); // an escaped key is none of ours
                }
                Some(b'\n') | None => {
                    return Err(self.error("a JSON string is not closed".to_string()));
                }
                Some(b) => {
                    if key.len() < 16 {
                        key.push(b);
                    }
                    self.bump();
                }
            }
        }
        Ok(String::from_utf8_lossy(&key).into_owned())
    }

    /// `[c, c, ...]` of whole numbers.
    fn json_columns(&mut self) -> Parse<Vec<u32>> {
        let what = "the JSON \"columns\" list";
        self.expect(b'[', what)?;
        let mut columns = Vec::new();
        self.skip_space()?;
        if self.peek()? == Some(b']') {
            self.bump();
            return Ok(columns);
        }
        loop {
            self.skip_space()?;
            match self.peek()? {
                Some(b'0'..=b'9') => {
                    if columns.len() == MAX_VERIFY_N {
                        return Err(self.error(format!("more than {MAX_VERIFY_N} columns")));
                    }
                    let v = self.whole_number()?;
                    self.push_column(&mut columns, v)?;
                }
                other => return Err(self.unexpected(other, &format!("{what} (whole numbers)"))),
            }
            self.skip_space()?;
            match self.peek()? {
                Some(b',') => self.bump(),
                Some(b']') => {
                    self.bump();
                    return Ok(columns);
                }
                other => return Err(self.unexpected(other, &format!("{what} (whole numbers)"))),
            }
        }
    }

    /// Steps over one JSON value of any kind. Nesting is followed with a stack of the brackets
    /// to close, not by recursion, so deep input cannot overflow the call stack.
    fn skip_json_value(&mut self) -> Parse<()> {
        let mut open: Vec<u8> = Vec::new();
        loop {
            self.skip_space()?;
            match self.peek()? {
                Some(b'"') => self.skip_json_string()?,
                Some(b'{') => {
                    self.bump();
                    open.push(b'}');
                }
                Some(b'[') => {
                    self.bump();
                    open.push(b']');
                }
                Some(b @ (b'}' | b']')) => {
                    if open.last() != Some(&b) {
                        return Err(self.unexpected(Some(b), "a JSON value"));
                    }
                    self.bump();
                    open.pop();
                }
                Some(b',' | b':') if !open.is_empty() => self.bump(),
                Some(b'-' | b'+' | b'.' | b'0'..=b'9' | b'a'..=b'z' | b'A'..=b'Z') => {
                    // A number or true/false/null: a run of such characters.
                    while let Some(b'-' | b'+' | b'.' | b'0'..=b'9' | b'a'..=b'z' | b'A'..=b'Z') =
                        self.peek()?
                    {
                        self.bump();
                    }
                }
                other => return Err(self.unexpected(other, "a JSON value")),
            }
            if open.is_empty() {
                return Ok(());
            }
        }
    }

    fn skip_json_string(&mut self) -> Parse<()> {
        self.bump(); // the opening quote
        loop {
            match self.peek()? {
                Some(b'"') => {
                    self.bump();
                    return Ok(());
                }
                Some(b'\\') => {
                    self.bump();
                    if matches!(self.peek()?, None | Some(b'\n')) {
                        return Err(self.error("a JSON string is not closed".to_string()));
                    }
                    self.bump();
                }
                Some(b'\n') | None => {
                    return Err(self.error("a JSON string is not closed".to_string()));
                }
                Some(_) => self.bump(),
            }
        }
    }

    /// After `[[`'s first `[`: the first board of a LeetCode list.
    fn next_in_list_first(&mut self) -> Parse<Option<Placed>> {
        let line = self.line;
        self.bump(); // the board's `[`
        self.skip_space()?;
        let placed = self.leetcode_board(line)?;
        Ok(Some(placed))
    }

    /// Between boards of a LeetCode list: `,[...]`, or the closing `]` (then `None`).
    fn next_in_list(&mut self) -> Parse<Option<Placed>> {
        self.skip_space()?;
        match self.peek()? {
            Some(b']') => {
                self.bump();
                self.in_list = false;
                Ok(None)
            }
            Some(b',') => {
                self.bump();
                self.skip_space()?;
                let line = self.line;
                self.expect(b'[', "a LeetCode list of boards")?;
                self.skip_space()?;
                Ok(Some(self.leetcode_board(line)?))
            }
            other => Err(self.unexpected(other, "a LeetCode list of boards")),
        }
    }

    /// `"row", "row", ...]` after a board's opening bracket.
    fn leetcode_board(&mut self, line: usize) -> Parse<Placed> {
        let what = "a LeetCode board";
        let mut columns = Vec::new();
        let mut row_problem = None;
        let mut width = None;
        loop {
            self.skip_space()?;
            self.expect(b'"', what)?;
            let row = columns.len();
            let (mut cells, mut queen) = (0usize, None);
            loop {
                match self.peek()? {
                    Some(b'"') => {
                        self.bump();
                        break;
                    }
                    Some(QUEEN_BYTE) => {
                        queen_in_row(row, cells, &mut queen, &mut row_problem);
                        cells += 1;
                    }
                    Some(FREE_BYTE) => cells += 1,
                    other => {
                        let within = format!("a LeetCode row ({QUEEN} and {FREE} only)");
                        return Err(self.unexpected(other, &within));
                    }
                }
                if cells > MAX_VERIFY_N {
                    return Err(self.error(format!("row longer than {MAX_VERIFY_N} squares")));
                }
                self.bump();
            }
            let w = *width.get_or_insert(cells);
            if cells != w {
                return Err(self.error(format!(
                    "row {} of the board has {cells} squares, the rows before have {w}",
                    row + 1
                )));
            }
            if columns.len() == w {
                return Err(self.error(format!("the board has more than {w} rows of {w} squares")));
            }
            if queen.is_none() && row_problem.is_none() {
                row_problem = Some(Conflict::EmptyRow { row });
            }
            self.push_column(&mut columns, queen.unwrap_or(0) as u32)?;
            self.skip_space()?;
            match self.peek()? {
                Some(b',') => self.bump(),
                Some(b']') => {
                    self.bump();
                    break;
                }
                other => return Err(self.unexpected(other, what)),
            }
        }
        let w = width.unwrap_or(0);
        if columns.len() != w {
            return Err(ReadError::Unreadable {
                line,
                reason: format!(
                    "the board has {} rows of {w} squares: a board must be square",
                    columns.len()
                ),
            });
        }
        Ok(Placed {
            line,
            format: InputFormat::Leetcode,
            columns,
            row_problem,
        })
    }
}

/// A byte as a message shows it.
/// A board of an SVG document while it is read: where it starts, its size once its squares are
/// read, and its queens as (row, column).
struct SvgBoard {
    line: usize,
    n: Option<usize>,
    queens: Vec<(usize, usize)>,
}

/// The value of the attribute `name` in a tag's text, without its quotes.
fn svg_attribute<'t>(tag: &'t str, name: &str) -> Option<&'t str> {
    let mut rest = tag;
    while let Some(at) = rest.find(name) {
        let before = rest[..at].chars().next_back();
        let after = &rest[at + name.len()..];
        if before.is_some_and(|c| c.is_ascii_whitespace())
            && let Some(value) = after.strip_prefix("=\"")
        {
            return value.split('"').next();
        }
        rest = after;
    }
    None
}

/// A queen of a board of text, as the byte the reader meets.
const QUEEN_BYTE: u8 = ascii(QUEEN);
/// A free square of a board of text, as the byte the reader meets.
const FREE_BYTE: u8 = ascii(FREE);

/// The one byte of an ASCII glyph; a glyph that is not ASCII fails the build here, where the
/// reader would otherwise mistake its first byte for the whole square.
const fn ascii(c: char) -> u8 {
    assert!(c.is_ascii());
    c as u8
}

/// Whether `b` can begin a square of a drawn board: a queen or a free square of text, or the
/// first byte of a picture's square in UTF-8.
fn begins_square(b: u8) -> bool {
    b == QUEEN_BYTE
        || b == FREE_BYTE
        || PICTURE.iter().any(|&c| {
            let mut buffer = [0u8; 4];
            c.encode_utf8(&mut buffer).as_bytes()[0] == b
        })
}

/// The picture's squares as messages list them: `♛ · ▪ ×`.
fn picture_squares() -> String {
    let names: Vec<String> = PICTURE.iter().map(char::to_string).collect();
    names.join(" ")
}

fn show(b: u8) -> String {
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
fn queen_in_row(
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

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn read_all(text: &str) -> Result<Vec<Placed>, ReadError> {
        Reader::new(text.as_bytes()).collect()
    }

    fn unreadable(text: &str) -> (usize, String) {
        match read_all(text) {
            Err(ReadError::Unreadable { line, reason }) => (line, reason),
            other => panic!("expected an unreadable input, got {other:?}"),
        }
    }

    #[test]
    fn every_format_reads_the_same_placement() {
        let text = "\
.Q..
...Q
Q...
..Q.

2 4 1 3
{\"columns\":[1,3,0,2]}
{\"n\":4,\"class_size\":8,\"columns\":[1,3,0,2],\"extra\":{\"a\":[1,\"]\",null]}}
[[\".Q..\",\"...Q\",\"Q...\",\"..Q.\"],[\"..Q.\",\"Q...\",\"...Q\",\".Q..\"]]
[\".Q..\",\"...Q\",\"Q...\",\"..Q.\"]
";
        let all = read_all(text).unwrap();
        let formats: Vec<_> = all.iter().map(|p| (p.format(), p.line())).collect();
        use InputFormat::*;
        assert_eq!(
            formats,
            vec![
                (Board, 1),
                (Perm, 6),
                (Json, 7),
                (Json, 8),
                (Leetcode, 9),
                (Leetcode, 9),
                (Leetcode, 10)
            ]
        );
        for (i, p) in all.iter().enumerate() {
            let want: &[u32] = if i == 5 { &[2, 0, 3, 1] } else { &[1, 3, 0, 2] };
            assert_eq!(p.columns(), want, "placement {i}");
            assert_eq!(p.problem(), None);
        }
    }

    #[test]
    fn pictures_read_back_as_what_they_draw() {
        use crate::io::format::{Format, SolutionWriter};
        let boards: [&[u32]; 3] = [&[1, 3, 0, 2], &[2, 0, 3, 1], &[0, 1, 2, 3]];
        for format in [Format::Unicode, Format::Svg] {
            let mut w = SolutionWriter::new(Vec::new(), format).with_blocked(vec![0, 0b1, 0, 0]);
            for b in boards {
                w.write(b).unwrap();
            }
            let text = String::from_utf8(w.finish().unwrap()).unwrap();
            let all = read_all(&text).unwrap();
            let columns: Vec<&[u32]> = all.iter().map(|p| p.columns()).collect();
            assert_eq!(columns, boards, "{format}");
            let want = match format {
                Format::Unicode => InputFormat::Unicode,
                _ => InputFormat::Svg,
            };
            assert!(all.iter().all(|p| p.format() == want), "{format}");
            assert_eq!(all[0].problem(), None);
            assert!(matches!(
                all[2].problem(),
                Some(Conflict::Attack {
                    along: Line::Diagonal,
                    ..
                })
            ));
        }
        // A picture's row with two queens, and a broken symbol.
        let two = read_all("♛ ♛\n· ▪\n").unwrap();
        assert!(matches!(
            two[0].problem(),
            Some(Conflict::Attack {
                along: Line::Row,
                ..
            })
        ));
        assert!(unreadable("♛ \u{2603}\n").1.contains("row 1"));
        // Each message lists the glyphs a row may hold.
        assert_eq!(
            unreadable("Q.\n.Z\n").1,
            "unexpected 'Z' in row 2 of a board (rows hold only Q and ., or the squares ♛ · ▪ × \
             of a picture)"
        );
        assert_eq!(
            unreadable("[\".Q\",\"Q*\"]").1,
            "unexpected '*' in a LeetCode row (Q and . only)"
        );
        assert!(
            unreadable("\u{00b7}\u{00b8}\n")
                .1
                .contains("broken square symbol")
        );
        // An SVG that stops half way, or a queen drawn off its board.
        assert!(
            unreadable("<svg><g><rect width=\"4\" height=\"4\"/>")
                .1
                .contains("ends inside")
        );
        let off = "<svg><g><rect width=\"2\" height=\"2\"/><use href=\"#queen\" x=\"5\" y=\"0\"/></g></svg>";
        assert!(unreadable(off).1.contains("off the board"));
        let bare = "<svg><g><use href=\"#queen\" x=\"0\" y=\"0\"/></g></svg>";
        assert!(unreadable(bare).1.contains("without its squares"));
        // A drawing of 5×6 squares is no board, nor one that gives no height.
        let oblong = "<svg><g><rect width=\"5\" height=\"6\"/></g></svg>";
        assert!(unreadable(oblong).1.contains("5×6 squares"));
        let flat = "<svg><g><rect width=\"5\"/></g></svg>";
        assert!(unreadable(flat).1.contains("'height'"));
    }

    #[test]
    fn problems_in_boards() {
        let two = read_all("QQ..\n...Q\n....\n..Q.\n").unwrap();
        assert_eq!(
            two[0].problem().unwrap().to_string(),
            "queens at row 1, column 1 and row 1, column 2 share a row"
        );
        let empty = read_all(".Q..\n...Q\n....\n..Q.\n").unwrap();
        assert_eq!(empty[0].problem(), Some(Conflict::EmptyRow { row: 2 }));
        let col = read_all("1 3 1\n").unwrap();
        assert_eq!(
            col[0].problem().unwrap().to_string(),
            "queens at row 1, column 1 and row 3, column 1 share a column"
        );
        let anti = read_all("{\"columns\":[1,0]}").unwrap();
        assert_eq!(
            anti[0].problem().unwrap().to_string(),
            "queens at row 1, column 2 and row 2, column 1 share a diagonal (/)"
        );
    }

    #[test]
    fn unreadable_inputs_name_line_and_reason() {
        assert_eq!(unreadable("2 4 1 3\n\n1 2 5\n").0, 3);
        assert!(unreadable("1 2 5\n").1.contains("run from 1 to 3"));
        assert!(unreadable("0 1\n").1.contains("column 0"));
        assert_eq!(unreadable(".Q.\n..Q\n").0, 1);
        assert!(unreadable(".Q.\n..Q\n").1.contains("must be square"));
        assert_eq!(
            unreadable(".Q..\n.Q.\n"),
            (
                2,
                "row 2 of the board has 3 squares, the rows above have 4".to_string()
            )
        );
        assert_eq!(unreadable("hello\n").0, 1);
        assert!(
            unreadable("\n\u{0100}")
                .1
                .starts_with("unexpected non-ASCII byte 0xc4")
        );
        assert_eq!(unreadable("\n\n.Q#.\n").0, 3);
        assert!(
            unreadable("{\"n\":5,\"columns\":[0]}")
                .1
                .contains("\"n\" is 5")
        );
        assert!(unreadable("{\"count\":92}").1.contains("no \"columns\""));
        assert!(unreadable("{\"columns\":[]}").1.contains("empty"));
        assert!(
            unreadable("{\"columns\":[0,-1]}")
                .1
                .contains("unexpected '-'")
        );
        assert!(
            unreadable("{\"columns\":[0,1.5]}")
                .1
                .contains("unexpected '.'")
        );
        assert!(unreadable("{\"columns\":[0,1]").1.contains("ends inside"));
        assert!(unreadable("[[\".Q\"").1.contains("ends inside"));
        assert!(unreadable("99999999999\n").1.contains("too large"));
        assert!(
            unreadable("{\"n\":99999999999999999999999,\"columns\":[0]}")
                .1
                .contains("\"n\" is too large: a board has at most 1,000,000,000 rows")
        );
    }

    #[test]
    fn many_empty_lists_do_not_overflow_the_stack() {
        let text = "[]".repeat(1_000_000) + "[[\"Q\"]]" + &"[]".repeat(1_000_000);
        let all = read_all(&text).unwrap();
        assert_eq!(all.len(), 1);
        assert_eq!(all[0].columns(), &[0]);
    }

    #[test]
    fn empty_input_has_no_placements() {
        assert!(read_all("").unwrap().is_empty());
        assert!(read_all("\n  \n").unwrap().is_empty());
        assert!(read_all("[]\n").unwrap().is_empty());
    }

    proptest! {
        #[test]
        fn reader_never_panics(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
            for p in Reader::new(&bytes[..]).take(1000).flatten() {
                let _ = p.problem();
            }
        }
    }
}
