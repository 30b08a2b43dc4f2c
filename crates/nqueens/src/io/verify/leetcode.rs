//! LeetCode's answer: a JSON list of boards, each a list of row strings, or a single board.

use super::reader::{
    FREE_BYTE, InputFormat, MAX_VERIFY_N, Parse, Placed, QUEEN_BYTE, ReadError, Reader,
    queen_in_row,
};
use crate::board::conflict::Conflict;
use crate::board::glyphs::{FREE, QUEEN};
use std::io::Read;

impl<R: Read> Reader<R> {
    /// After `[[`'s first `[`: the first board of a LeetCode list.
    pub(super) fn next_in_list_first(&mut self) -> Parse<Option<Placed>> {
        let line = self.line;
        self.bump(); // the board's `[`
        self.skip_space()?;
        let placed = self.leetcode_board(line)?;
        Ok(Some(placed))
    }

    /// Between boards of a LeetCode list: `,[...]`, or the closing `]` (then `None`).
    pub(super) fn next_in_list(&mut self) -> Parse<Option<Placed>> {
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
    pub(super) fn leetcode_board(&mut self, line: usize) -> Parse<Placed> {
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
