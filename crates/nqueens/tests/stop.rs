//! A count of any size heeds a stop at once, and shows progress even while no subproblem ends:
//! the searches poll their watch from inside.

use nqueens::progress::Progress;
use nqueens::{Count, End, Method, Puzzle};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Records the largest number of branches it was told of.
#[derive(Default)]
struct Seen {
    done: AtomicU64,
    branches: AtomicU64,
}

impl Progress for Seen {
    fn update(&self, done: u64, _total: u64) {
        self.done.fetch_max(done, Ordering::Relaxed);
    }
    fn searched(&self, branches: u64) {
        self.branches.fetch_max(branches, Ordering::Relaxed);
    }
}

/// Runs `count` (which would take far longer than any test), waits for a sign of progress from
/// inside its subproblems, asks it to stop, and returns how long the stop took and how it ended.
fn stop_after_a_moment(count: Count<'_>, stop: &AtomicBool, seen: &Seen) -> (Duration, End) {
    std::thread::scope(|scope| {
        let running = scope.spawn(move || count.run().unwrap());
        // The searches report their branches while no subproblem has ended.
        let start = Instant::now();
        while seen.branches.load(Ordering::Relaxed) == 0 {
            assert!(
                start.elapsed() < Duration::from_secs(60),
                "no sign of progress"
            );
            std::thread::sleep(Duration::from_millis(10));
        }
        let asked = Instant::now();
        stop.store(true, Ordering::Relaxed);
        let report = running.join().unwrap();
        (asked.elapsed(), report.end)
    })
}

#[test]
fn every_engine_stops_inside_its_subproblems() {
    let puzzle = Puzzle::new(40).unwrap().place(0, 0).unwrap();
    let counts = [
        Count::new(40).method(Method::Symmetry),
        Count::new(40).method(Method::Bitmask),
        Count::puzzle(puzzle),
    ];
    for count in counts {
        let stop = AtomicBool::new(false);
        let seen = Seen::default();
        let count = count.threads(2).stop(&stop).progress(&seen);
        let (took, end) = stop_after_a_moment(count, &stop, &seen);
        // Subproblems of n = 40 take far longer than a test: none finished, and the stop was
        // heeded from inside them. (The bound is loose, for a loaded machine; the stop takes milliseconds.)
        assert!(matches!(end, End::Stopped { done: 0, .. }), "{end:?}");
        assert_eq!(seen.done.load(Ordering::Relaxed), 0);
        assert!(took < Duration::from_secs(60), "the stop took {took:?}");
    }
}

#[test]
fn a_watched_count_that_is_not_stopped_is_exact() {
    // The polls change nothing in the counts: boards large enough to poll, small enough to end.
    let stop = AtomicBool::new(false);
    for method in [Method::Symmetry, Method::Bitmask] {
        let seen = Seen::default();
        let report = Count::new(14)
            .method(method)
            .unique(method.counts_unique())
            .stop(&stop)
            .progress(&seen)
            .run()
            .unwrap();
        assert!(report.is_finished());
        assert_eq!(report.counts.total, 365_596, "{method}");
        assert!(
            seen.branches.load(Ordering::Relaxed) > 0,
            "{method}: n = 14 polls"
        );
    }
}

#[test]
fn a_stop_set_before_the_count_still_writes_its_checkpoint() {
    // Set before the count is prepared, the flag asks for a count stopped before its first
    // subproblem: the split is built whole and the checkpoint written with nothing done (a
    // flag set while the split is built ends the count there instead: see below).
    let path = std::env::temp_dir().join(format!("nq-stop-before-{}.ckpt", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let stop = AtomicBool::new(true);
    let report = Count::new(16)
        .method(Method::Symmetry)
        .checkpoint(&path)
        .stop(&stop)
        .run()
        .unwrap();
    let cp = nqueens::internals::Checkpoint::load(&path).unwrap();
    let of = cp.shard_len();
    assert!(
        matches!(report.end, End::Stopped { done: 0, of: o } if o == of),
        "{:?}",
        report.end
    );
    assert!(cp.done.is_empty() && cp.shard_len() > 0);
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn a_stop_while_the_split_is_listed_ends_the_count_there_with_nothing_touched() {
    // Listing the 1.7 million subproblems of n = 64 takes seconds; a stop set meanwhile ends
    // the count as a stop always does, with a report, and the checkpoint is never written.
    let path = std::env::temp_dir().join(format!("nq-stop-listing-{}.ckpt", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let stop = AtomicBool::new(false);
    let (took, report) = std::thread::scope(|scope| {
        let count = Count::new(64)
            .method(Method::Symmetry)
            .unique(true)
            .checkpoint(&path)
            .stop(&stop);
        let running = scope.spawn(move || count.run());
        std::thread::sleep(Duration::from_millis(50));
        let asked = Instant::now();
        stop.store(true, Ordering::Relaxed);
        let report = running.join().unwrap();
        (asked.elapsed(), report)
    });
    let report = report.unwrap();
    assert!(
        matches!(report.end, End::StoppedListing),
        "{:?}",
        report.end
    );
    assert_eq!((report.run.n, report.run.method), (64, Method::Symmetry));
    assert_eq!((report.counts.total, report.counts.unique), (0, Some(0)));
    assert_eq!((report.number(), report.run.plan), (None, None));
    assert!(!path.exists());
    // The bound is loose, for a loaded machine; the stop takes milliseconds.
    assert!(took < Duration::from_secs(30), "the stop took {took:?}");
}
