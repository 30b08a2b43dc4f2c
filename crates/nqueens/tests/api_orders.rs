//! The public API beyond single calls, tried the way a careless or hostile caller would: the
//! builder's calls in every order, iterators dropped half way, many counts on many threads at
//! once, and readers fed inputs without end. Each gives the exact answer or one refusal, the
//! same whatever the order; none hangs or panics.

use nqueens::io::Reader;
use nqueens::shard::Shard;
use nqueens::{Count, Method, Puzzle};
use std::io::Read;
use std::sync::mpsc;
use std::time::Duration;

/// Every order of `0..k` (Heap's algorithm).
fn orders(k: usize) -> Vec<Vec<usize>> {
    fn go(k: usize, a: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if k <= 1 {
            out.push(a.clone());
            return;
        }
        for i in 0..k {
            go(k - 1, a, out);
            let j = if k.is_multiple_of(2) { i } else { 0 };
            a.swap(j, k - 1);
        }
    }
    let mut out = Vec::new();
    go(k, &mut (0..k).collect(), &mut out);
    out
}

/// Runs `f` on a thread of its own and returns its answer, or fails the test if it takes more
/// than a minute: a guard against a hang, not a timing.
fn within_a_minute<T: Send + 'static>(what: &str, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    rx.recv_timeout(Duration::from_secs(60))
        .unwrap_or_else(|_| panic!("{what} did not end within a minute"))
}

type Step = fn(Count<'static>) -> Count<'static>;

#[test]
fn the_builders_calls_give_one_answer_in_every_order() {
    let cases: Vec<(&str, Vec<Step>)> = vec![
        (
            "symmetry, unique, threads, shard",
            vec![
                |c| c.method(Method::Symmetry),
                |c| c.unique(true),
                |c| c.threads(2),
                |c| c.shard(Shard::new(1, 3).unwrap()),
            ],
        ),
        (
            "halves with unique",
            vec![|c| c.method(Method::Halves), |c| c.unique(true), |c| {
                c.threads(2)
            }],
        ),
        (
            "halves with unique in a shard (refused)",
            vec![|c| c.method(Method::Halves), |c| c.unique(true), |c| {
                c.shard(Shard::new(0, 2).unwrap())
            }],
        ),
        (
            "bitmask, threads, shard",
            vec![|c| c.method(Method::Bitmask), |c| c.threads(3), |c| {
                c.shard(Shard::new(1, 3).unwrap())
            }],
        ),
        (
            "naive with a shard (refused)",
            vec![
                |c| c.method(Method::Naive),
                |c| c.shard(Shard::new(0, 2).unwrap()),
                |c| c.threads(1),
            ],
        ),
        (
            "halves, threads, unique off",
            vec![|c| c.method(Method::Halves), |c| c.threads(2), |c| {
                c.unique(false)
            }],
        ),
    ];
    for (name, steps) in &cases {
        let mut first: Option<String> = None;
        for order in orders(steps.len()) {
            let mut count = Count::new(10);
            for &i in &order {
                count = steps[i](count);
            }
            let got = match count.run() {
                Ok(r) => format!("{:?} by {}", r.counts, r.run.method),
                Err(e) => format!("refused: {e}"),
            };
            match &first {
                None => first = Some(got),
                Some(f) => assert_eq!(&got, f, "{name}: the order {order:?} answers otherwise"),
            }
        }
        let answer = first.unwrap();
        // The whole counts are the published ones; the refusals are refusals.
        match *name {
            "halves, threads, unique off" => assert!(answer.contains("724"), "{name}: {answer}"),
            "halves with unique" => assert!(answer.contains("unique: Some(92)"), "{answer}"),
            n if n.contains("refused") => assert!(answer.starts_with("refused"), "{n}: {answer}"),
            _ => assert!(!answer.starts_with("refused"), "{name}: {answer}"),
        }
    }
}

#[test]
fn iterators_dropped_half_way_leave_the_next_ones_exact() {
    for k in [0, 1, 5, 333] {
        assert_eq!(nqueens::solutions(12).unwrap().take(k).count(), k);
        assert_eq!(nqueens::solutions(12).unwrap().classes().take(k).count(), k);
        let puzzle = Puzzle::new(12).unwrap().place(0, 0).unwrap();
        assert_eq!(puzzle.solutions().take(k).count(), k);
        // A listing stopped half way on another thread, while this one lists in full.
        let other = std::thread::spawn(move || nqueens::solutions(12).unwrap().take(k).count());
        assert_eq!(nqueens::solutions(10).unwrap().count(), 724);
        assert_eq!(other.join().unwrap(), k);
    }
    assert_eq!(nqueens::solutions(10).unwrap().classes().count(), 92);
    assert_eq!(nqueens::count(10).unwrap(), 724);
}

#[test]
fn many_counts_at_once_on_many_thread_counts_each_answer_right() {
    // Sixteen counts at once, asking for 1 to 4 threads each with three methods: the engine
    // keeps one thread pool and replaces it when another thread count is asked for, so these
    // race for it.
    let totals = within_a_minute("sixteen counts at once", || {
        let handles: Vec<_> = (0..16)
            .map(|i| {
                std::thread::spawn(move || {
                    let method = [Method::Symmetry, Method::Halves, Method::Bitmask][i % 3];
                    let report = Count::new(11)
                        .method(method)
                        .threads(1 + i % 4)
                        .run()
                        .unwrap();
                    (report.counts.total, report.run.threads)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap())
            .collect::<Vec<_>>()
    });
    for (i, (total, threads)) in totals.into_iter().enumerate() {
        assert_eq!(total, 2680, "count {i}");
        assert_eq!(threads, 1 + i % 4, "count {i}");
    }
}

#[test]
fn readers_refuse_endless_inputs_early() {
    // A number that never ends, a gigabyte of one digit: refused as soon as it is too large,
    // not read to its end.
    let endless = std::io::repeat(b'7').take(1 << 30);
    let mut reader = Reader::new(endless);
    let first = within_a_minute("an endless number", move || {
        let first = reader
            .next()
            .map(|r| r.map(|_| ()).map_err(|e| e.to_string()));
        (first, reader.next().is_none())
    });
    match first {
        (Some(Err(why)), true) => assert!(why.contains("line 1"), "{why}"),
        other => panic!("an endless number was not refused: {other:?}"),
    }
    // A board of a million rows, and one row of a million squares, are refused as boards.
    let tall = ".\n".repeat(1 << 20);
    assert!(Puzzle::parse(&tall).is_err());
    let wide = ".".repeat(1 << 20);
    assert!(Puzzle::parse(&wide).is_err());
    let queens = "Q".repeat(1 << 20);
    assert!(Puzzle::parse(&queens).is_err());
}
