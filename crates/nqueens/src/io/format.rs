//! Writing solutions as text, one at a time, so that listings of millions of boards stream
//! straight to the output and never sit in memory.

use crate::board::glyphs::{FREE, PICTURE_DARK, PICTURE_LIGHT, PICTURE_QUEEN, QUEEN};
use crate::board::placement::row_string;
use crate::error::{Error, NameKind};
use crate::io::picture::{self, MAX_PICTURE_N, SvgLayout};
use std::fmt;
use std::io::{self, Write};
use std::str::FromStr;
use std::sync::LazyLock;

/// How a listing writes each solution.
///
/// ```
/// use nqueens::io::Format;
///
/// assert_eq!("perm".parse::<Format>().unwrap(), Format::Perm);
/// assert!("png".parse::<Format>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Format {
    /// n lines of `Q` and `.`, a blank line between boards.
    Board,
    /// One line of compact JSON, a list of boards as LeetCode 51 prints it.
    Leetcode,
    /// One line a solution: the 1-based column of each row, space-separated.
    Perm,
    /// JSON Lines: `{"columns":[...]}` with 0-based columns.
    Json,
    /// One SVG document: a chessboard with queens, or a grid of them for a listing; n up to
    /// 1000.
    Svg,
    /// A terminal board: `♛` on `·` light and `▪` dark squares, `×` blocked; n up to 1000.
    Unicode,
}

impl Format {
    /// Every format, in the order `--help` lists them.
    pub const ALL: &'static [Format] = &[
        Format::Board,
        Format::Leetcode,
        Format::Perm,
        Format::Json,
        Format::Svg,
        Format::Unicode,
    ];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Format::Board => "board",
            Format::Leetcode => "leetcode",
            Format::Perm => "perm",
            Format::Json => "json",
            Format::Svg => "svg",
            Format::Unicode => "unicode",
        }
    }

    /// One line on what the format looks like.
    pub fn about(self) -> &'static str {
        // Worded once, from the glyphs the writers draw, so that help never shows other ones.
        static BOARD: LazyLock<String> =
            LazyLock::new(|| format!("rows of {QUEEN} and {FREE}, a blank line between boards"));
        static UNICODE: LazyLock<String> = LazyLock::new(|| {
            format!(
                "a terminal board: {PICTURE_QUEEN} on {PICTURE_LIGHT} and {PICTURE_DARK} squares \
                 (n up to 1000)"
            )
        });
        match self {
            Format::Board => BOARD.as_str(),
            Format::Leetcode => "one line of JSON, as LeetCode 51 prints it",
            Format::Perm => "1-based column of each row, one solution a line",
            Format::Json => "JSON Lines: {\"columns\":[...]} with 0-based columns",
            Format::Svg => "one SVG picture: a chessboard, or a grid of boards (n up to 1000)",
            Format::Unicode => UNICODE.as_str(),
        }
    }

    /// The largest board the format is for, if it has a limit: the formats that draw all n²
    /// squares (boards and pictures) are useless and huge past it; the lists of columns have
    /// none.
    ///
    /// ```
    /// use nqueens::io::Format;
    ///
    /// assert_eq!(Format::Svg.max_n(), Some(1000));
    /// assert_eq!(Format::Board.max_n(), Some(1000));
    /// assert_eq!(Format::Perm.max_n(), None);
    /// ```
    pub fn max_n(self) -> Option<usize> {
        match self {
            Format::Board | Format::Leetcode | Format::Svg | Format::Unicode => Some(MAX_PICTURE_N),
            Format::Perm | Format::Json => None,
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Format {
    type Err = Error;
    fn from_str(s: &str) -> Result<Format, Error> {
        Format::ALL
            .iter()
            .copied()
            .find(|f| f.name() == s)
            .ok_or_else(|| Error::UnknownName {
                kind: NameKind::Format,
                name: s.to_string(),
                known: Format::ALL.iter().map(|f| f.name()).collect(),
            })
    }
}

/// Writes solutions one by one in a [`Format`]; call [`SolutionWriter::finish`] at the end.
///
/// ```
/// use nqueens::io::{Format, SolutionWriter};
///
/// let mut out = Vec::new();
/// let mut w = SolutionWriter::new(&mut out, Format::Leetcode);
/// w.write(&[1, 3, 0, 2]).unwrap();
/// w.write(&[2, 0, 3, 1]).unwrap();
/// w.finish().unwrap();
/// assert_eq!(
///     String::from_utf8(out).unwrap(),
///     "[[\".Q..\",\"...Q\",\"Q...\",\"..Q.\"],[\"..Q.\",\"Q...\",\"...Q\",\".Q..\"]]\n"
/// );
/// ```
#[derive(Debug)]
pub struct SolutionWriter<W: Write> {
    out: W,
    format: Format,
    written: u64,
    /// Blocked squares of each row, drawn by the picture formats.
    blocked: Option<Vec<u64>>,
    /// Set by the first SVG board, which fixes n.
    layout: Option<SvgLayout>,
    /// The number of boards the SVG document opens sized for.
    sized: u64,
}

impl<W: Write> SolutionWriter<W> {
    /// A writer that has written nothing yet.
    pub fn new(out: W, format: Format) -> Self {
        SolutionWriter {
            out,
            format,
            written: 0,
            blocked: None,
            layout: None,
            sized: 1,
        }
    }

    /// Says how many boards will be written, so that an SVG document opens at its final size
    /// rather than ending with a CSS rule that resizes it (which, in an SVG placed inline in a
    /// web page, would resize the page); the other formats need no such word.
    ///
    /// ```
    /// use nqueens::io::{Format, SolutionWriter};
    ///
    /// let mut w = SolutionWriter::new(Vec::new(), Format::Svg).with_board_count(2);
    /// w.write(&[1, 3, 0, 2]).unwrap();
    /// w.write(&[2, 0, 3, 1]).unwrap();
    /// let svg = String::from_utf8(w.finish().unwrap()).unwrap();
    /// assert!(svg.contains("width=\"368\" height=\"192\""));
    /// assert!(!svg.contains("<style>"));
    /// ```
    pub fn with_board_count(mut self, boards: u64) -> Self {
        self.sized = boards.max(1);
        self
    }

    /// Marks blocked squares (bit `c` of `blocked[row]` for column `c`) on every board the
    /// picture formats draw; the text formats ignore them.
    ///
    /// ```
    /// use nqueens::io::{Format, SolutionWriter};
    ///
    /// let mut out = Vec::new();
    /// let mut w = SolutionWriter::new(&mut out, Format::Unicode).with_blocked(vec![0b1, 0, 0, 0]);
    /// w.write(&[1, 3, 0, 2]).unwrap();
    /// w.finish().unwrap();
    /// assert!(String::from_utf8(out).unwrap().starts_with("× ♛ · ▪\n"));
    /// ```
    pub fn with_blocked(mut self, blocked: Vec<u64>) -> Self {
        self.blocked = Some(blocked);
        self
    }

    /// How many solutions were written.
    pub fn written(&self) -> u64 {
        self.written
    }

    /// Writes one solution (0-based column of each row).
    pub fn write(&mut self, columns: &[u32]) -> io::Result<()> {
        self.write_with_class_size(columns, 0)
    }

    /// Writes a class representative; JSON objects also carry `class_size`, the number of
    /// distinct boards in its class (other formats write the board alone). 0 means unknown.
    ///
    /// ```
    /// use nqueens::io::{Format, SolutionWriter};
    ///
    /// let mut out = Vec::new();
    /// let mut w = SolutionWriter::new(&mut out, Format::Json);
    /// w.write_with_class_size(&[1, 3, 0, 2], 2).unwrap();
    /// w.finish().unwrap();
    /// assert_eq!(String::from_utf8(out).unwrap(), "{\"columns\":[1,3,0,2],\"class_size\":2}\n");
    /// ```
    pub fn write_with_class_size(&mut self, columns: &[u32], class_size: u32) -> io::Result<()> {
        let n = columns.len();
        if let Some(max) = self.format.max_n().filter(|&max| n > max) {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!(
                    "format {} draws boards up to n = {max}, not n = {n}",
                    self.format
                ),
            ));
        }
        let first = self.written == 0;
        let out = &mut self.out;
        match self.format {
            Format::Board => {
                if !first {
                    out.write_all(b"\n")?;
                }
                for &c in columns {
                    out.write_all(row_string(n, c).as_bytes())?;
                    out.write_all(b"\n")?;
                }
            }
            Format::Leetcode => {
                out.write_all(if first { b"[[" } else { b",[" })?;
                for (row, &c) in columns.iter().enumerate() {
                    if row > 0 {
                        out.write_all(b",")?;
                    }
                    write!(out, "\"{}\"", row_string(n, c))?;
                }
                out.write_all(b"]")?;
            }
            Format::Perm => {
                for (row, &c) in columns.iter().enumerate() {
                    if row > 0 {
                        out.write_all(b" ")?;
                    }
                    write!(out, "{}", c as u64 + 1)?;
                }
                out.write_all(b"\n")?;
            }
            Format::Json => {
                out.write_all(b"{\"columns\":[")?;
                write_list(out, columns)?;
                if class_size > 0 {
                    writeln!(out, "],\"class_size\":{class_size}}}")?;
                } else {
                    out.write_all(b"]}\n")?;
                }
            }
            Format::Svg => {
                let layout = *self.layout.get_or_insert_with(|| SvgLayout::new(n));
                if first {
                    picture::svg_start(out, &layout, self.sized)?;
                }
                picture::svg_board(out, &layout, self.written, columns, self.blocked.as_deref())?;
            }
            Format::Unicode => {
                if !first {
                    out.write_all(b"\n")?;
                }
                picture::unicode_board(out, columns, self.blocked.as_deref())?;
            }
        }
        self.written += 1;
        Ok(())
    }

    /// Draws a partly filled board, a puzzle: the column of each row's given queen (`None` for a
    /// row still empty), with the blocked squares of [`SolutionWriter::with_blocked`]. Only the
    /// picture formats (`svg`, `unicode`) draw one; the others write complete solutions and
    /// refuse it with [`io::ErrorKind::InvalidInput`].
    ///
    /// ```
    /// use nqueens::io::{Format, SolutionWriter};
    ///
    /// let mut out = Vec::new();
    /// let mut w = SolutionWriter::new(&mut out, Format::Unicode).with_blocked(vec![0, 0, 0, 0b1000]);
    /// w.write_partial(&[Some(1), None, None, None]).unwrap();
    /// w.finish().unwrap();
    /// assert_eq!(String::from_utf8(out).unwrap(), "· ♛ · ▪\n▪ · ▪ ·\n· ▪ · ▪\n▪ · ▪ ×\n");
    /// ```
    pub fn write_partial(&mut self, given: &[Option<u32>]) -> io::Result<()> {
        let n = given.len();
        let refuse = |why: String| Err(io::Error::new(io::ErrorKind::InvalidInput, why));
        if let Some(max) = self.format.max_n().filter(|&max| n > max) {
            return refuse(format!(
                "format {} draws boards up to n = {max}, not n = {n}",
                self.format
            ));
        }
        let first = self.written == 0;
        let out = &mut self.out;
        match self.format {
            Format::Svg => {
                let layout = *self.layout.get_or_insert_with(|| SvgLayout::new(n));
                if first {
                    picture::svg_start(out, &layout, self.sized)?;
                }
                picture::svg_partial_board(
                    out,
                    &layout,
                    self.written,
                    given,
                    self.blocked.as_deref(),
                )?;
            }
            Format::Unicode => {
                if !first {
                    out.write_all(b"\n")?;
                }
                picture::unicode_partial_board(out, given, self.blocked.as_deref())?;
            }
            _ => {
                return refuse(format!(
                    "format {} writes complete solutions; svg and unicode draw a partly filled board",
                    self.format
                ));
            }
        }
        self.written += 1;
        Ok(())
    }

    /// Ends the output (closes the LeetCode list or the SVG document) and flushes it.
    pub fn finish(mut self) -> io::Result<W> {
        match self.format {
            Format::Leetcode => {
                self.out
                    .write_all(if self.written == 0 { b"[]\n" } else { b"]\n" })?;
            }
            Format::Svg => picture::svg_finish(
                &mut self.out,
                self.layout.as_ref(),
                self.written,
                self.sized,
            )?,
            _ => {}
        }
        self.out.flush()?;
        Ok(self.out)
    }
}

/// Writes numbers separated by commas.
fn write_list(out: &mut impl Write, columns: &[u32]) -> io::Result<()> {
    for (i, &c) in columns.iter().enumerate() {
        if i > 0 {
            out.write_all(b",")?;
        }
        write!(out, "{c}")?;
    }
    Ok(())
}

impl<W: Write> SolutionWriter<W> {
    /// Writes one solution given as an iterator of columns, for boards too large to hold as a
    /// list: the line-based formats (`perm`, `json`) stream it number by number; the others
    /// collect it and call [`SolutionWriter::write`].
    ///
    /// ```
    /// use nqueens::io::{Format, SolutionWriter};
    ///
    /// let mut out = Vec::new();
    /// let mut w = SolutionWriter::new(&mut out, Format::Perm);
    /// w.write_columns([1u32, 3, 0, 2]).unwrap();
    /// w.finish().unwrap();
    /// assert_eq!(out, b"2 4 1 3\n");
    /// ```
    pub fn write_columns(&mut self, columns: impl IntoIterator<Item = u32>) -> io::Result<()> {
        let (open, close, sep, offset): (&[u8], &[u8], &[u8], u64) = match self.format {
            Format::Perm => (b"", b"\n", b" ", 1),
            Format::Json => (b"{\"columns\":[", b"]}\n", b",", 0),
            _ => {
                let all: Vec<u32> = columns.into_iter().collect();
                return self.write(&all);
            }
        };
        let out = &mut self.out;
        out.write_all(open)?;
        let mut digits = [0u8; 20];
        for (i, c) in columns.into_iter().enumerate() {
            if i > 0 {
                out.write_all(sep)?;
            }
            out.write_all(decimal(u64::from(c) + offset, &mut digits))?;
        }
        out.write_all(close)?;
        self.written += 1;
        Ok(())
    }
}

/// `v` in decimal, written into the end of `buf`: `write!` costs several times more, which shows
/// when a board of ten million queens is printed.
fn decimal(mut v: u64, buf: &mut [u8; 20]) -> &[u8] {
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            return &buf[i..];
        }
    }
}

#[cfg(test)]
mod tests {
    // Pictures are tested through the writer, which is how every caller draws them.
    use super::*;

    fn render(format: Format, boards: &[&[u32]]) -> String {
        let mut w = SolutionWriter::new(Vec::new(), format);
        for b in boards {
            w.write(b).unwrap();
        }
        String::from_utf8(w.finish().unwrap()).unwrap()
    }

    #[test]
    fn pictures_refuse_boards_over_1000() {
        let big: Vec<u32> = (0..1001).collect();
        for format in [Format::Svg, Format::Unicode] {
            let mut w = SolutionWriter::new(Vec::new(), format);
            let err = w.write(&big).unwrap_err();
            assert_eq!(err.kind(), std::io::ErrorKind::InvalidInput);
            assert!(err.to_string().contains("up to n = 1000"), "{err}");
            assert_eq!(w.written(), 0);
        }
    }

    #[test]
    fn a_thousand_squares_stay_small() {
        // O(n) per board: one pattern-filled rectangle and one reference per queen.
        let cols: Vec<u32> = (0..1000).collect();
        let svg = render(Format::Svg, &[&cols]);
        assert_eq!(svg.matches("href=\"#dot\"").count(), 1000);
        assert!(svg.len() < 80_000, "{} bytes", svg.len());
    }

    #[test]
    fn a_partly_filled_board_draws_its_given_queens_and_blocked_squares() {
        let mut w =
            SolutionWriter::new(Vec::new(), Format::Svg).with_blocked(vec![0, 0b1, 0, 0b1100]);
        w.write_partial(&[None, Some(2), None, None]).unwrap();
        let svg = String::from_utf8(w.finish().unwrap()).unwrap();
        let uses = |what: &str| svg.matches(&format!("href=\"#{what}\"")).count();
        assert_eq!(uses("queen"), 1);
        assert!(svg.contains("<use href=\"#queen\" x=\"2\" y=\"1\" width=\"1\" height=\"1\"/>"));
        assert_eq!(uses("blocked"), 3);
        for (x, y) in [(0, 1), (2, 3), (3, 3)] {
            let mark =
                format!("<use href=\"#blocked\" x=\"{x}\" y=\"{y}\" width=\"1\" height=\"1\"/>");
            assert!(svg.contains(&mark), "{mark} in {svg}");
        }
        assert!(svg.contains("<title>- 3 - -</title>"));
        assert!(svg.ends_with("</g>\n</svg>\n"));
        // The text formats write complete solutions only.
        let mut w = SolutionWriter::new(Vec::new(), Format::Perm);
        let err = w.write_partial(&[Some(1), None]).unwrap_err();
        assert_eq!(err.kind(), std::io::ErrorKind::InvalidInput);
        assert_eq!(w.written(), 0);
    }

    #[test]
    fn grid_rows_wrap_and_the_size_rule_comes_last() {
        let b: &[u32] = &[1, 3, 0, 2];
        // n = 4: 40 px squares, 176 px pitch, 6 boards a row; 7 boards make two rows.
        let svg = render(Format::Svg, &[b; 7]);
        assert!(svg.contains("<g transform=\"translate(896 16) scale(40)\">"));
        assert!(svg.contains("<g transform=\"translate(16 192) scale(40)\">"));
        assert!(svg.ends_with("<style>:root{width:1072px;height:368px}</style>\n</svg>\n"));
        assert!(svg.starts_with(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
             <svg xmlns=\"http://www.w3.org/2000/svg\" width=\"192\" height=\"192\">\n"
        ));
    }

    #[test]
    fn help_names_the_glyphs_the_writers_draw() {
        assert_eq!(
            Format::Board.about(),
            "rows of Q and ., a blank line between boards"
        );
        assert_eq!(
            Format::Unicode.about(),
            "a terminal board: ♛ on · and ▪ squares (n up to 1000)"
        );
        assert_eq!(render(Format::Unicode, &[&[1, 0]]), "· ♛\n♛ ·\n");
    }
}
