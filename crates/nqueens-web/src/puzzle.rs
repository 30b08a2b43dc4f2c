//! A board to complete, edited square by square: the page's completion puzzles.
//!
//! Each edit is the library's ([`Puzzle::place`], [`Puzzle::block`], [`Puzzle::clear`]), so a
//! square the library refuses (a queen attacked by another given queen, say) is refused here
//! with its message, and the board stays as it was.

use nqueens::Puzzle;
use nqueens::board::{Line, Square};
use wasm_bindgen::prelude::*;

fn js(e: nqueens::Error) -> JsError {
    JsError::new(&e.to_string())
}

/// A board being edited: see the module documentation.
#[wasm_bindgen]
#[derive(Debug)]
pub struct Board {
    puzzle: Puzzle,
}

#[wasm_bindgen]
impl Board {
    /// The empty n×n board.
    #[wasm_bindgen(constructor)]
    pub fn new(n: usize) -> Result<Board, JsError> {
        Ok(Board {
            puzzle: Puzzle::new(n).map_err(js)?,
        })
    }

    /// The board written as `nqueens count --board` reads it (`Q`, `.`, `x`).
    pub fn parse(text: &str) -> Result<Board, JsError> {
        Ok(Board {
            puzzle: Puzzle::parse(text).map_err(js)?,
        })
    }

    /// The board size.
    pub fn n(&self) -> usize {
        self.puzzle.n()
    }

    /// Puts a queen on the square (0-based); refused with the library's message.
    pub fn place(&mut self, row: usize, col: usize) -> Result<(), JsError> {
        self.puzzle = self.puzzle.clone().place(row, col).map_err(js)?;
        Ok(())
    }

    /// Blocks the square; refused with the library's message.
    pub fn block(&mut self, row: usize, col: usize) -> Result<(), JsError> {
        self.puzzle = self.puzzle.clone().block(row, col).map_err(js)?;
        Ok(())
    }

    /// Frees the square of its queen or its block.
    pub fn clear(&mut self, row: usize, col: usize) -> Result<(), JsError> {
        self.puzzle = self.puzzle.clone().clear(row, col).map_err(js)?;
        Ok(())
    }

    /// Each square, row by row: 0 free, 1 a given queen, 2 blocked, 3 free but attacked by a
    /// given queen (no completion can use it).
    pub fn cells(&self) -> Vec<u8> {
        let n = self.puzzle.n();
        let queens = self.puzzle.queens();
        let mut out = Vec::with_capacity(n * n);
        for row in 0..n {
            for col in 0..n {
                let here = Square { row, col };
                out.push(if queens.contains(&here) {
                    1
                } else if self.puzzle.is_blocked(row, col) {
                    2
                } else if queens
                    .iter()
                    .any(|&q| matches!(Line::between(q, here), Some(l) if l != Line::Row))
                    || queens.iter().any(|q| q.row == row)
                {
                    3
                } else {
                    0
                });
            }
        }
        out
    }

    /// The board as text, one row a line, as `nqueens count --board` reads it.
    pub fn text(&self) -> String {
        self.puzzle.to_string()
    }

    /// The number of completions, as a decimal string.
    pub fn count(&self) -> Result<String, JsError> {
        Ok(self.puzzle.count().map_err(js)?.to_string())
    }

    /// Completion number `index` (from 0, in lexicographic order): the column of each row;
    /// empty when there are not that many.
    pub fn completion(&self, index: u32) -> Vec<u32> {
        self.puzzle
            .solutions()
            .nth(index as usize)
            .map(|p| p.into_columns())
            .unwrap_or_default()
    }

    /// The blocked squares, one bit mask a row (for [`crate::gallery::board_svg`]).
    pub fn blocked(&self) -> Vec<u32> {
        self.puzzle.blocked().iter().map(|&b| b as u32).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn editing_square_by_square() {
        let mut b = Board::new(6).ok().unwrap();
        assert_eq!(b.count().ok().unwrap(), "4");
        b.place(0, 1).ok().unwrap();
        b.block(2, 3).ok().unwrap();
        b.block(4, 0).ok().unwrap();
        assert_eq!(b.text(), ".Q....\n......\n...x..\n......\nx.....\n......\n");
        assert_eq!(b.count().ok().unwrap(), "1");
        assert_eq!(b.completion(0), [1, 3, 5, 0, 2, 4]);
        assert!(b.completion(1).is_empty());
        let cells = b.cells();
        assert_eq!(&cells[..6], [3, 1, 3, 3, 3, 3]);
        assert_eq!(cells[6 + 1], 3, "below the queen");
        assert_eq!(cells[6 + 3], 0);
        assert_eq!(cells[2 * 6 + 3], 2);
        b.clear(0, 1).ok().unwrap();
        b.clear(2, 3).ok().unwrap();
        b.clear(4, 0).ok().unwrap();
        assert_eq!(b.count().ok().unwrap(), "4");
        assert_eq!(b.blocked(), [0; 6]);
    }
}
