//! Permutation lines: the 1-based column of each row, read number by number.

use super::reader::{InputFormat, MAX_VERIFY_N, Parse, Placed, ReadError, Reader, show};
use std::io::Read;

impl<R: Read> Reader<R> {
    /// Whole numbers separated by blanks, to the end of the line.
    pub(super) fn perm(&mut self) -> Parse<Placed> {
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
    pub(super) fn whole_number(&mut self) -> Parse<u32> {
        self.number_at_most(u64::from(u32::MAX), "number too large for a column")
    }

    /// Digits making a number up to `max`; `too_large` says what is wrong with a larger one.
    pub(super) fn number_at_most(&mut self, max: u64, too_large: &str) -> Parse<u32> {
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
}
