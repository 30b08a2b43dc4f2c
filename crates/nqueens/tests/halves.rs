//! The meet-in-the-middle counter against the published counts and the reference method, and
//! its contract: a deterministic plan, totals only, refusals with a reason.

use nqueens::known::A000170;
use nqueens::plan::{NoProgress, run};
use nqueens::{CountOptions, Error, Method, halves};

fn count(n: usize, threads: usize) -> u128 {
    let opts = CountOptions {
        threads,
        ..CountOptions::default()
    };
    Method::Halves.count(n, &opts).unwrap().total
}

#[test]
fn totals_match_oeis_up_to_16() {
    for n in 1..=16 {
        assert_eq!(count(n, 2), A000170[n - 1], "n = {n}");
    }
}

#[test]
fn totals_match_bitmask_on_small_boards() {
    for n in 1..=11 {
        let reference = Method::Bitmask.count(n, &CountOptions::default()).unwrap();
        assert_eq!(count(n, 1), reference.total, "n = {n}");
    }
}

#[test]
fn plan_is_deterministic_and_adds_up_in_any_order() {
    let a = Method::Halves.plan(13).unwrap();
    let b = Method::Halves.plan(13).unwrap();
    assert_eq!(a.len(), b.len());
    assert_eq!(a.fingerprint(), b.fingerprint());
    assert_ne!(
        a.fingerprint(),
        Method::Halves.plan(12).unwrap().fingerprint()
    );
    assert_eq!(a.method(), "halves");
    // Backwards, one at a time, and split in two shards counted on two threads.
    let backwards: u128 = (0..a.len()).rev().map(|i| a.count_one(i).total).sum();
    assert_eq!(backwards, A000170[12]);
    let idx: Vec<usize> = (0..a.len()).collect();
    let (x, y) = idx.split_at(idx.len() / 3);
    let shards =
        run(a.as_ref(), x, 2, &NoProgress).total + run(b.as_ref(), y, 2, &NoProgress).total;
    assert_eq!(shards, A000170[12]);
}

#[test]
fn refuses_unique_counts_and_listing() {
    let opts = CountOptions {
        unique: true,
        ..CountOptions::default()
    };
    let err = Method::Halves.count(10, &opts).unwrap_err();
    assert!(matches!(err, Error::Unsupported(_)));
    assert!(err.to_string().contains("--method symmetry"), "{err}");
    assert!(!Method::Halves.can_list());
    let listed = Method::Halves.for_each_solution(6, &mut |_| std::ops::ControlFlow::Continue(()));
    assert!(matches!(listed, Err(Error::Unsupported(_))));
}

#[test]
fn refuses_boards_that_would_not_fit_in_memory() {
    let opts = CountOptions {
        threads: 2,
        ..CountOptions::default()
    };
    let err = Method::Halves.count(26, &opts).unwrap_err();
    assert!(err.to_string().contains("GiB"), "{err}");
    assert!(halves::check_memory(20, 2).is_ok());
    assert!(Method::Halves.plan(33).is_none());
}

#[test]
fn memory_refusals_give_advice_that_works() {
    // Where even one thread does not fit, fewer threads are not offered.
    let err = halves::check_memory(24, 1).unwrap_err().to_string();
    assert!(
        err.contains("--method symmetry") && !err.contains("--threads"),
        "{err}"
    );
    // Where fewer threads fit, the largest such number is named, and it does fit.
    let mut advised = 0;
    for n in 18..=23 {
        for threads in [2, 8, 64, 256, 1024] {
            let Err(err) = halves::check_memory(n, threads) else {
                continue;
            };
            let err = err.to_string();
            if let Some(rest) = err.split("--threads ").nth(1) {
                let t: usize = rest.split(' ').next().unwrap().parse().unwrap();
                assert!(t < threads, "{err}");
                assert!(halves::check_memory(n, t).is_ok(), "{err}");
                assert!(halves::check_memory(n, t + 1).is_err(), "{err}");
                advised += 1;
            }
        }
    }
    assert!(advised > 0, "no board size asked for fewer threads");
}

#[test]
fn count_defaults_to_halves_for_large_boards() {
    assert_eq!(Method::default_for_count(8), Method::Symmetry);
    assert_eq!(Method::default_for_count(13), Method::Symmetry);
    assert_eq!(Method::default_for_count(18), Method::Halves);
    assert_eq!(Method::default_for_count(40), Method::Symmetry);
}
