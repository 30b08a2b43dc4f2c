//! What the textbook search costs on a board, in the units the trace counts: the squares it
//! tries (each one a queen placed or a conflict) over the whole search.
//!
//! Walking the trace to its end to learn its size would take the page seconds at n = 12 (about
//! eleven million steps). The size follows from the queens placed alone: each row the search
//! enters has all n squares tried, and it enters the top row once and the row below each queen
//! not in the last row. So the library's own walk is run with a rule that counts its queens,
//! which is far quicker than stepping the trace.

use nqueens::reference::{Masks, Rule, Solutions};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use wasm_bindgen::prelude::*;

/// The bit-mask rule, counting the queens it places: all of them, and those with a row below.
struct Counted {
    masks: Masks,
    placed: Arc<AtomicU64>,
    above_last: Arc<AtomicU64>,
}

impl Rule for Counted {
    fn n(&self) -> usize {
        self.masks.n()
    }

    fn safe(&self, row: usize) -> u64 {
        self.masks.safe(row)
    }

    fn place(&mut self, row: usize, col: u32) {
        self.placed.fetch_add(1, Ordering::Relaxed);
        if row + 1 < self.masks.n() {
            self.above_last.fetch_add(1, Ordering::Relaxed);
        }
        self.masks.place(row, col);
    }

    fn lift(&mut self, row: usize, col: u32) {
        self.masks.lift(row, col);
    }
}

/// The whole search of `nqueens trace N` on the n×n board (1 to 12), counted: the queens it
/// places and the squares it tries (queens placed and conflicts together).
#[wasm_bindgen]
pub fn search_size(n: usize) -> Result<Vec<f64>, JsError> {
    // The trace's own limits, with its message.
    nqueens::trace(n).map_err(|e| JsError::new(&e.to_string()))?;
    let placed = Arc::new(AtomicU64::new(0));
    let above_last = Arc::new(AtomicU64::new(0));
    let rule = Counted {
        masks: Masks::new(n),
        placed: Arc::clone(&placed),
        above_last: Arc::clone(&above_last),
    };
    Solutions::new(Box::new(rule)).for_each(drop);
    let placed = placed.load(Ordering::Relaxed);
    let tried = n as u64 * (1 + above_last.load(Ordering::Relaxed));
    Ok(vec![placed as f64, tried as f64])
}

#[cfg(test)]
mod tests {
    use super::*;
    use nqueens::reference::Step;

    #[test]
    fn the_size_is_the_trace_s() {
        for n in 1..=9 {
            let (mut placed, mut conflicts) = (0, 0);
            for step in nqueens::trace(n).unwrap() {
                match step {
                    Step::Place { .. } => placed += 1,
                    Step::Conflict { .. } => conflicts += 1,
                    _ => {}
                }
            }
            let got = search_size(n).ok().unwrap();
            assert_eq!(got, [placed as f64, (placed + conflicts) as f64], "n = {n}");
        }
        // `nqueens trace 8`: 2,056 queens placed and 13,664 conflicts.
        assert_eq!(search_size(8).ok().unwrap(), [2056.0, 15720.0]);
    }

    #[test]
    fn twelve_is_the_largest_board() {
        assert!(search_size(12).is_ok());
    }
}
