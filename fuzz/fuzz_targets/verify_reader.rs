//! Feeds arbitrary bytes to the `verify` reader: it must never panic, never loop, and every
//! placement it returns must be checkable and agree with the reference check.

#![no_main]

use libfuzzer_sys::fuzz_target;
use nqueens::board::first_conflict;
use nqueens::verify::{find_conflict, Reader};

fuzz_target!(|data: &[u8]| {
    let mut reader = Reader::new(data);
    // Each placement takes at least one byte, so more reads than bytes means a loop.
    for _ in 0..=data.len() {
        match reader.next() {
            Ok(Some(placed)) => {
                let columns = placed.columns();
                assert!(columns.iter().all(|&c| (c as usize) < columns.len()));
                assert_eq!(find_conflict(columns), first_conflict(columns));
                let _ = placed.problem().map(|p| p.to_string());
            }
            Ok(None) => return,
            Err(e) => {
                let _ = e.to_string();
                return;
            }
        }
    }
    panic!("the reader returned more placements than the input has bytes");
});
