//! The meet-in-the-middle counter against the published counts and the reference method, and
//! its contract: a deterministic plan, unique counts of whole counts, refusals with a reason.

mod common;

use common::count_with;
use nqueens::cluster::Rank;
use nqueens::error::Task;
use nqueens::internals::halves;
use nqueens::known::{A000170, A002562};
use nqueens::plan_for;
use nqueens::{Count, Error, Method};

#[test]
fn totals_match_oeis_up_to_16() {
    for n in 1..=16 {
        assert_eq!(
            count_with(n, Method::Halves, 2).total,
            A000170[n - 1],
            "n = {n}"
        );
    }
}

#[test]
fn totals_match_bitmask_on_small_boards() {
    for n in 1..=11 {
        let reference = count_with(n, Method::Bitmask, 1);
        assert_eq!(
            count_with(n, Method::Halves, 1).total,
            reference.total,
            "n = {n}"
        );
    }
}

#[test]
fn plan_is_deterministic_and_adds_up_in_any_order() {
    let a = plan_for(13, Method::Halves).unwrap();
    let b = plan_for(13, Method::Halves).unwrap();
    assert_eq!(a.id(), b.id());
    assert_ne!(a.id(), plan_for(12, Method::Halves).unwrap().id());
    assert_eq!(a.id().method, Method::Halves);
    // Backwards, one at a time, and in two parts counted on two threads.
    let backwards: u128 = (0..a.len()).rev().map(|i| a.count_one(i).total).sum();
    assert_eq!(backwards, A000170[12]);
    let rank = Rank::prepare(Count::new(13).method(Method::Halves).threads(2), 2, 0).unwrap();
    let idx: Vec<usize> = (0..a.len()).collect();
    let (x, y) = idx.split_at(idx.len() / 3);
    let parts = rank.count_indices(x).unwrap().total + rank.count_indices(y).unwrap().total;
    assert_eq!(parts, A000170[12]);
}

#[test]
fn unique_counts_of_whole_counts_match_oeis_and_the_symmetry_engine() {
    for n in 1..=17 {
        let halves = Count::new(n)
            .method(Method::Halves)
            .unique(true)
            .threads(2)
            .run()
            .unwrap();
        assert_eq!(halves.counts.unique, Some(A002562[n - 1]), "n = {n}");
        assert_eq!(halves.number(), Some(A002562[n - 1]), "n = {n}");
        if n <= 15 {
            assert_eq!(halves.counts, count_with(n, Method::Symmetry, 2), "n = {n}");
        }
    }
    // Through a checkpoint too: stopped, continued, and the classes made at the end.
    let dir = std::env::temp_dir().join(format!("nq-halves-unique-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("h16.ckpt");
    let _ = std::fs::remove_file(&path);
    let stopped = std::sync::atomic::AtomicBool::new(true);
    let count = || Count::new(16).method(Method::Halves).unique(true);
    let first = count().checkpoint(&path).stop(&stopped).run().unwrap();
    assert_eq!(first.number(), None);
    let r = count().checkpoint(&path).run().unwrap();
    assert_eq!(r.counts, count_with(16, Method::Symmetry, 2));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn refuses_unique_counts_in_parts_and_listing() {
    let err = Count::new(10)
        .method(Method::Halves)
        .unique(true)
        .shard("1/2".parse().unwrap())
        .run()
        .unwrap_err();
    assert!(
        matches!(
            &err,
            Error::Unsupported { method: Method::Halves, task: Task::CountUniqueInParts, instead }
                if instead == &[Method::Symmetry]
        ),
        "{err:?}"
    );
    assert_eq!(
        err.to_string(),
        "method halves cannot count unique solutions in parts (shards or cluster ranks): it \
         counts them of a whole count only; method symmetry can"
    );
    assert!(!Method::Halves.can_list());
    let listed = nqueens::solutions_by(6, Method::Halves);
    assert!(matches!(
        listed,
        Err(Error::Unsupported {
            task: Task::List,
            ..
        })
    ));
}

#[test]
fn refuses_boards_that_would_not_fit_in_memory() {
    let err = Count::new(27)
        .method(Method::Halves)
        .threads(2)
        .run()
        .unwrap_err();
    assert!(matches!(err, Error::Memory { fits: None, .. }), "{err:?}");
    assert!(err.to_string().contains("GiB"), "{err}");
    assert!(halves::check_memory(20, 2).is_ok());
    assert!(plan_for(33, Method::Halves).is_err());
}

#[test]
fn memory_refusals_name_a_thread_count_that_fits() {
    // Where even one thread does not fit, no thread count is offered.
    assert!(matches!(
        halves::check_memory(27, 1),
        Err(Error::Memory { fits: None, .. })
    ));
    // Where fewer threads fit, the largest such number is named, and it does fit.
    let mut advised = 0;
    for n in 18..=26 {
        for threads in [2, 8, 64, 256, 1024] {
            if let Err(Error::Memory { fits: Some(t), .. }) = halves::check_memory(n, threads) {
                assert!(t < threads, "n = {n}, {threads} threads: {t}");
                assert!(halves::check_memory(n, t).is_ok());
                assert!(halves::check_memory(n, t + 1).is_err());
                advised += 1;
            }
        }
    }
    assert!(advised > 0, "no board size asked for fewer threads");
}

#[test]
fn the_automatic_choice_is_halves_where_it_is_fastest_and_fits() {
    let chosen = |n: usize| Count::new(n).prepare().unwrap().method();
    assert_eq!(chosen(8), Method::Symmetry);
    assert_eq!(chosen(13), Method::Symmetry);
    assert_eq!(chosen(18), Method::Halves);
    assert_eq!(chosen(23), Method::Halves);
    // Past what fits in memory, and past the method's range, it takes what can serve.
    for n in [24, 27, 32, 40, 64] {
        assert_eq!(chosen(n), Method::Symmetry, "n = {n}");
    }
    // Unique counts of a whole count too; in parts they need the symmetry engine.
    assert_eq!(
        Count::new(18).unique(true).prepare().unwrap().method(),
        Method::Halves
    );
    assert_eq!(
        Count::new(18)
            .unique(true)
            .shard("0/3".parse().unwrap())
            .prepare()
            .unwrap()
            .method(),
        Method::Symmetry
    );
}

#[test]
fn left_to_choose_threads_halves_takes_what_fits() {
    // Asked for more threads than fit, with the method chosen automatically: it runs on fewer,
    // and says so.
    let job = Count::new(23).threads(1024).prepare().unwrap();
    assert_eq!(job.method(), Method::Halves);
    assert!(job.threads() < 1024);
    assert!(halves::check_memory(23, job.threads()).is_ok());
    assert_eq!(job.notes().len(), 1);
    // Named explicitly with threads that do not fit: refused, with the number that fits.
    let err = Count::new(23)
        .method(Method::Halves)
        .threads(1024)
        .prepare()
        .err()
        .unwrap();
    assert!(
        matches!(err, Error::Memory { fits: Some(_), .. }),
        "{err:?}"
    );
}
