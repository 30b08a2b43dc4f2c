//! Boards drawn as text: rows of `Q` and `.`, or of the terminal picture's squares.

use super::reader::{
    FREE_BYTE, InputFormat, MAX_VERIFY_N, Parse, Placed, QUEEN_BYTE, ReadError, Reader,
    begins_square, picture_squares, queen_in_row, show,
};
use crate::board::conflict::Conflict;
use crate::board::glyphs::{FREE, PICTURE, PICTURE_QUEEN, QUEEN};
use std::io::Read;

impl<R: Read> Reader<R> {
    /// Rows of `Q` and `.` (or of the unicode picture's squares) until a blank line, a line of
    /// something else, or the end.
    pub(super) fn board(&mut self) -> Parse<Placed> {
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
    pub(super) fn square(&mut self, row: usize) -> Parse<(bool, bool)> {
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
}
