//! Feeds arbitrary bytes to the `verify` reader: it must never panic, never loop, and every
//! placement it returns must be checkable, with a verdict that agrees with a pairwise check.

#![no_main]

use libfuzzer_sys::fuzz_target;
use nqueens::board::conflict;
use nqueens::io::Reader;

/// Whether any two queens attack each other, by comparing every pair: slow, and independent of
/// the crate's checker.
fn any_attack(cols: &[u32]) -> bool {
    (0..cols.len()).any(|i| {
        (i + 1..cols.len()).any(|j| {
            let (a, b) = (cols[i] as usize, cols[j] as usize);
            a == b || a.abs_diff(b) == j - i
        })
    })
}

fuzz_target!(|data: &[u8]| {
    let mut reader = Reader::new(data);
    // Each placement takes at least one byte, so more reads than bytes means a loop.
    for _ in 0..=data.len() {
        match reader.next() {
            Some(Ok(placed)) => {
                let columns = placed.columns();
                assert!(columns.iter().all(|&c| (c as usize) < columns.len()));
                if columns.len() <= 2000 {
                    assert_eq!(conflict(columns).is_some(), any_attack(columns));
                }
                let _ = placed.problem().map(|p| p.to_string());
            }
            None => return,
            Some(Err(e)) => {
                let _ = e.to_string();
                assert!(reader.next().is_none(), "the reader goes on after an error");
                return;
            }
        }
    }
    panic!("the reader returned more placements than the input has bytes");
});
