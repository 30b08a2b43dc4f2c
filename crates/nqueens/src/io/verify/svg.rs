//! SVG pictures as `--format svg` writes them: one placement per board drawn.

use super::reader::{InputFormat, MAX_VERIFY_N, Parse, Placed, ReadError, Reader, queen_in_row};
use crate::board::conflict::Conflict;
use std::io::Read;

impl<R: Read> Reader<R> {
    /// The next board of the SVG document being read, `None` once the document ends.
    ///
    /// Only the drawing counts: a board is a group (`<g>`) holding its squares (`<rect width=N height=N`)
    /// and its queens (`<use href="#queen" x=C y=R`, or `#dot` on small squares); the tooltip
    /// and anything in `<defs>` are skipped.
    pub(super) fn next_svg_board(&mut self) -> Parse<Option<Placed>> {
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
    pub(super) fn svg_tag(&mut self) -> Parse<String> {
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
    pub(super) fn svg_number(&self, tag: &str, name: &str) -> Parse<usize> {
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
    pub(super) fn svg_placed(
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
}

/// A board of an SVG document while it is read: where it starts, its size once its squares are
/// read, and its queens as (row, column).
pub(super) struct SvgBoard {
    line: usize,
    n: Option<usize>,
    queens: Vec<(usize, usize)>,
}

/// The value of the attribute `name` in a tag's text, without its quotes.
pub(super) fn svg_attribute<'t>(tag: &'t str, name: &str) -> Option<&'t str> {
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
