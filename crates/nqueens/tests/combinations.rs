//! Every combination of method × unique × shard × checkpoint × resume either gives the exact
//! count or is refused: never a wrong number.

mod common;

use nqueens::error::{GpuProblem, Task};
use nqueens::internals::Checkpoint;
use nqueens::known::{A000170, A002562};
use nqueens::plan_for;
use nqueens::shard::Shard;
use nqueens::{Count, Counts, Error, Method, Puzzle};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

#[derive(Clone, Copy, Debug)]
enum Mode {
    Plain,
    Checkpoint,
    /// A checkpoint with every other subproblem done, resumed.
    Resume,
    /// The same, resumed from the file alone (board and method from the file).
    ResumeAlone,
}

fn scratch(name: &str) -> PathBuf {
    let name = name.replace('/', "of");
    let p = std::env::temp_dir().join(format!("nq-combo-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&p);
    p
}

fn request(n: usize, method: Option<Method>, unique: bool, shard: Shard) -> Count<'static> {
    let mut c = Count::new(n).unique(unique).shard(shard).threads(2);
    if let Some(m) = method {
        c = c.method(m);
    }
    c
}

/// One count as asked, or the error it was refused with.
fn count(
    n: usize,
    method: Option<Method>,
    unique: bool,
    shard: Shard,
    mode: Mode,
) -> Result<Counts, Error> {
    let path = scratch(&format!("{n}-{method:?}-{unique}-{shard}-{mode:?}"));
    let result = match mode {
        Mode::Plain => request(n, method, unique, shard).run(),
        Mode::Checkpoint => request(n, method, unique, shard).checkpoint(&path).run(),
        Mode::Resume | Mode::ResumeAlone => {
            // Start the count stopped at once: the file is written with nothing done.
            let stop = AtomicBool::new(true);
            let started = request(n, method, unique, shard)
                .checkpoint(&path)
                .stop(&stop)
                .run();
            match started {
                Err(e) => Err(e),
                Ok(_) => {
                    // Half the work done, as if stopped midway (an empty shard has none).
                    let mut cp = Checkpoint::load(&path).unwrap();
                    let plan = plan_for(n, cp.id.method).unwrap();
                    for i in cp.remaining().into_iter().step_by(2) {
                        cp.record(i, plan.count_one(i));
                    }
                    cp.save(&path).unwrap();
                    if matches!(mode, Mode::ResumeAlone) {
                        Count::resume(&path).unique(unique).threads(2).run()
                    } else {
                        request(n, method, unique, shard).checkpoint(&path).run()
                    }
                }
            }
        }
    };
    let _ = std::fs::remove_file(&path);
    result.map(|r| {
        assert!(r.is_finished(), "a count that was not stopped finishes");
        r.counts
    })
}

/// Whether the request can be served: the refusals the library documents, and no others.
fn servable(method: Option<Method>, unique: bool, shard: Shard, mode: Mode) -> bool {
    let m = match method {
        Some(m) => m,
        None => return true,
    };
    let long = !shard.is_whole() || !matches!(mode, Mode::Plain);
    let unique_served = m.counts_unique() && (shard.is_whole() || m.counts_unique_in_parts());
    m.is_built() && (!unique || unique_served) && (!long || m.has_split())
}

#[test]
fn every_combination_is_exact_or_refused() {
    let methods: Vec<Option<Method>> = std::iter::once(None)
        .chain(Method::ALL.iter().copied().map(Some))
        .collect();
    let modes = [
        Mode::Plain,
        Mode::Checkpoint,
        Mode::Resume,
        Mode::ResumeAlone,
    ];
    let mut served = 0;
    let mut refused = 0;
    for n in [1, 4, 6, 9, 11] {
        for &method in &methods {
            for unique in [false, true] {
                for parts in [1, 3] {
                    for mode in modes {
                        let mut sum: Option<Counts> = None;
                        let mut refusal = None;
                        for i in 0..parts {
                            let shard = Shard::new(i, parts).unwrap();
                            match count(n, method, unique, shard, mode) {
                                Ok(c) => sum = Some(sum.map_or(c, |s| s + c)),
                                Err(e) => refusal = Some(e),
                            }
                        }
                        let what = format!(
                            "n = {n}, {method:?}, unique {unique}, {parts} parts, {mode:?}"
                        );
                        let whole = Shard::new(0, parts).unwrap();
                        if servable(method, unique, whole, mode) {
                            assert!(refusal.is_none(), "{what}: refused: {refusal:?}");
                            let sum = sum.unwrap();
                            assert_eq!(sum.total, A000170[n - 1], "{what}");
                            if unique {
                                assert_eq!(sum.unique, Some(A002562[n - 1]), "{what}");
                            }
                            served += 1;
                        } else {
                            assert!(sum.is_none(), "{what}: served {sum:?}");
                            match refusal {
                                Some(Error::Unsupported { task, .. }) => assert!(
                                    matches!(
                                        task,
                                        Task::CountUnique | Task::CountUniqueInParts | Task::Split
                                    ),
                                    "{what}"
                                ),
                                // The GPU method, in a build without it.
                                Some(Error::Gpu(GpuProblem::NotBuilt)) => {
                                    assert!(method.is_some_and(|m| !m.is_built()), "{what}")
                                }
                                other => panic!("{what}: {other:?}"),
                            }
                            refused += 1;
                        }
                    }
                }
            }
        }
    }
    assert!(
        served > 200 && refused > 50,
        "{served} served, {refused} refused"
    );
}

#[test]
fn a_resumed_count_keeps_its_unique_solutions() {
    // The long-run path once dropped them; one request now carries them through.
    for mode in [Mode::Resume, Mode::ResumeAlone, Mode::Checkpoint] {
        let c = count(10, None, true, Shard::WHOLE, mode).unwrap();
        assert_eq!((c.total, c.unique), (724, Some(92)), "{mode:?}");
    }
}

#[test]
fn a_board_count_resumes_from_its_file_alone() {
    let puzzle: Puzzle = "..........\n..Q.......\n..........\n..........\n..........\n\
                          ..........\n..........\n.......x..\n..........\n.........."
        .parse()
        .unwrap();
    let want = puzzle.count().unwrap();
    let path = scratch("board");
    let stop = AtomicBool::new(true);
    let r = Count::puzzle(puzzle.clone())
        .checkpoint(&path)
        .stop(&stop)
        .run()
        .unwrap();
    assert!(!r.is_finished());
    let r = Count::resume(&path).run().unwrap();
    assert_eq!(
        (r.counts.total, r.run.method, r.run.n),
        (want, Method::Bitmask, 10)
    );
    // The same file, resumed as a count of the empty board: refused.
    let e = Count::new(10).checkpoint(&path).run().unwrap_err();
    assert!(matches!(e, Error::Mismatch { .. }), "{e:?}");
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn the_default_method_never_refuses_a_board_in_range() {
    // Preparing decides everything without counting: every n of the halves range and beyond
    // (building the split of the largest boards takes a while, so a few stand for them).
    for n in (1..=34).chain([48, 64]) {
        for unique in [false, true] {
            let job = Count::new(n).unique(unique).prepare().unwrap();
            assert!(job.threads() >= 1, "n = {n}");
            let job = Count::new(n)
                .unique(unique)
                .shard(Shard::new(0, 2).unwrap())
                .prepare()
                .unwrap();
            assert!(job.plan().is_ok(), "n = {n}");
        }
    }
}
