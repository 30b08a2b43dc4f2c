//! A system that refuses memory the method's own limit allowed (a machine with less free than
//! the process may map): the largest tables are asked for before the count starts, and a refusal
//! of them is an error, not an abort. The allocator of this test binary refuses every block
//! above a size the test sets, as such a system would; the same refusal shows that a reader
//! given a huge text keeps only what its bound allows.

use nqueens::error::BoardError;
use nqueens::{Count, Error, Method, Puzzle};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The largest block the allocator grants; unlimited unless a test lowers it.
static LARGEST: AtomicUsize = AtomicUsize::new(usize::MAX);

struct Refusing;

// SAFETY: every call is passed to the system allocator unchanged, or answered with null, which
// `GlobalAlloc` allows for a request that cannot be met.
unsafe impl GlobalAlloc for Refusing {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if layout.size() > LARGEST.load(Ordering::Relaxed) {
            return std::ptr::null_mut();
        }
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if layout.size() > LARGEST.load(Ordering::Relaxed) {
            return std::ptr::null_mut();
        }
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if new_size > LARGEST.load(Ordering::Relaxed) {
            return std::ptr::null_mut();
        }
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Refusing = Refusing;

/// Runs `f` with every block above `largest` bytes refused, then lifts the limit; returns what
/// `f` returned.
fn refusing_above<T>(largest: usize, f: impl FnOnce() -> T) -> T {
    LARGEST.store(largest, Ordering::Relaxed);
    let result = f();
    LARGEST.store(usize::MAX, Ordering::Relaxed);
    result
}

/// The tests share the one limit, so they take turns.
static TURN: Mutex<()> = Mutex::new(());

#[test]
fn refused_quarter_tables_are_an_error_and_the_next_count_is_exact() {
    let _turn = TURN.lock().unwrap_or_else(|e| e.into_inner());
    // At n = 16 the largest quarter table holds about a megabyte (119,000 parts of 8 bytes),
    // and nothing else the count holds before it starts (the split list, the index of each
    // table, 256 kB) reaches half of one.
    let count = || Count::new(16).method(Method::Halves).threads(1).run();
    let refused = refusing_above(1 << 19, count);
    match refused {
        Err(e @ Error::OutOfMemory { .. }) => {
            let Error::OutOfMemory { method, n, bytes } = &e else {
                unreachable!()
            };
            assert_eq!((*method, *n), (Method::Halves, 16));
            assert!(*bytes > 1 << 19, "{bytes}");
            let text = e.to_string();
            let size = format!("{} MiB", bytes.div_ceil(1 << 20));
            assert_eq!(
                text,
                format!("n = 16 with method halves: the system refused the {size} of its tables")
            );
        }
        other => panic!("{other:?}"),
    }
    let r = count().unwrap();
    assert_eq!(r.counts.total, 14_772_512);
}

#[test]
fn a_method_without_tables_counts_under_the_same_refusal() {
    let _turn = TURN.lock().unwrap_or_else(|e| e.into_inner());
    // The symmetry method holds no table: the same refusal leaves its count untouched.
    let r = refusing_above(1 << 20, || {
        Count::new(14).method(Method::Symmetry).threads(1).run()
    });
    assert_eq!(r.unwrap().counts.total, 365_596);
}

#[test]
fn a_huge_board_text_is_refused_in_the_memory_of_the_largest_board() {
    let _turn = TURN.lock().unwrap_or_else(|e| e.into_inner());
    // Ten megabytes as one row, as a million rows, and as a million rows of one square: made
    // before the limit, read under it (no block above 64 KiB).
    let wide = ".".repeat(10 << 20);
    let tall = "........\n".repeat(1 << 20);
    let column = ".\n".repeat(1 << 20);
    let results = refusing_above(64 << 10, || {
        [&wide, &tall, &column].map(|t| Puzzle::parse(t).map(|p| p.n()))
    });
    assert!(
        matches!(
            &results[0],
            Err(Error::Board(BoardError::NotSquare { squares, rows: 1, .. })) if *squares == 10 << 20
        ),
        "{:?}",
        results[0]
    );
    for r in &results[1..] {
        assert!(
            matches!(r, Err(Error::Board(BoardError::TooLarge { rows, max: 64 })) if *rows == 1 << 20),
            "{r:?}"
        );
    }
    // The bound takes nothing from a board of the largest size.
    let largest = "x".repeat(64) + "\n";
    let puzzle = Puzzle::parse(&largest.repeat(64).replacen('x', ".", 64));
    assert_eq!(puzzle.map(|p| p.n()).ok(), Some(64));
}
