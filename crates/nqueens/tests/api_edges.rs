//! The public API given what a careless or hostile caller might: every call either refuses (an
//! error, or a documented panic checked before any work) or answers right. Each case runs under
//! `catch_unwind`, so that a panic the documentation does not promise fails the test by name.

use nqueens::cluster::Rank;
use nqueens::error::{Quantity, Task};
use nqueens::known::{A000170, A002562};
use nqueens::plan_for;
use nqueens::reference::{Masks, Rule, Solutions};
use nqueens::shard::{Shard, ShardRecord, merge};
use nqueens::{Count, Error, Method};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::Duration;

/// The message of the panic `f` raised, or `None` if it returned.
fn panic_message(f: impl FnOnce()) -> Option<String> {
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let out = catch_unwind(AssertUnwindSafe(f));
    std::panic::set_hook(hook);
    out.err().map(|e| {
        e.downcast_ref::<String>()
            .cloned()
            .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_default()
    })
}

#[test]
fn a_plan_refuses_a_subproblem_it_does_not_have_up_front() {
    for method in [Method::Symmetry, Method::Bitmask, Method::Halves] {
        let plan = plan_for(8, method).unwrap();
        let len = plan.len();
        assert!(len > 0);
        // The last subproblem counts; the one past it is refused with the plan's size.
        let _ = plan.count_one(len - 1);
        let message = panic_message(|| {
            plan.count_one(len);
        })
        .unwrap_or_else(|| panic!("{method}: subproblem {len} of {len} was counted"));
        assert!(
            message.contains(&format!("the plan has {len}")),
            "{method}: {message}"
        );
        assert!(
            panic_message(|| {
                plan.count_one(usize::MAX);
            })
            .is_some()
        );
    }
}

#[test]
fn a_rank_refuses_indices_outside_its_plan() {
    let rank = Rank::prepare(Count::new(10).threads(2), 2, 0).unwrap();
    let len = rank.job().plan().unwrap().unwrap().len();
    for bad in [vec![len], vec![0, usize::MAX], vec![1, 2, len + 7]] {
        let err = rank.count_indices(&bad).unwrap_err().to_string();
        assert!(err.contains("subproblem index"), "{bad:?}: {err}");
        assert!(err.contains(&format!("< {len}")), "{bad:?}: {err}");
    }
    let all: Vec<usize> = (0..len).collect();
    assert_eq!(rank.count_indices(&all).unwrap().total, 724);
}

/// A job of no processes, and a local rank that is not one of the job's, are refused as the
/// rank is prepared, before anything is counted.
#[test]
fn a_rank_outside_its_job_is_refused() {
    let refused = |processes, local_rank| match Rank::prepare(Count::new(10), processes, local_rank)
    {
        Err(Error::OutOfRange {
            what,
            value,
            min,
            max,
        }) => (what, value, min, max),
        other => panic!("({processes}, {local_rank}): {other:?}"),
    };
    let most = usize::MAX as u128;
    assert_eq!(refused(0, 0), (Quantity::Processes, 0, 1, most));
    assert_eq!(refused(2, 2), (Quantity::LocalRank, 2, 0, 1));
    assert_eq!(refused(2, usize::MAX), (Quantity::LocalRank, most, 0, 1));
    assert_eq!(refused(1, 1), (Quantity::LocalRank, 1, 0, 0));
    let last = Rank::prepare(Count::new(10), 2, 1).unwrap();
    let all: Vec<usize> = (0..last.job().plan().unwrap().unwrap().len()).collect();
    assert_eq!(last.count_indices(&all).unwrap().total, 724);
}

/// A launcher that does not say the job's size has each process prepared as a job of one, yet
/// each counts a part: the parts still make the unique count, and a method that counts unique
/// solutions of a whole count only is refused before anything is counted.
#[test]
fn a_rank_that_does_not_know_the_job_size_keeps_the_unique_count() {
    let n = 16;
    let ranks = [0, 1].map(|_| Rank::prepare(Count::new(n).unique(true).threads(2), 1, 0).unwrap());
    let len = ranks[0].job().plan().unwrap().unwrap().len();
    let (even, odd): (Vec<usize>, Vec<usize>) = (0..len).partition(|i| i % 2 == 0);
    let counts = ranks[0].count_indices(&even).unwrap() + ranks[1].count_indices(&odd).unwrap();
    let [first, _] = ranks;
    let report = first.finished(counts, Duration::ZERO);
    assert_eq!(report.number(), Some(A002562[n - 1]));
    assert_eq!(report.counts.total, A000170[n - 1]);
    let halves = Rank::prepare(Count::new(n).method(Method::Halves).unique(true), 1, 0);
    assert!(
        matches!(
            halves,
            Err(Error::Unsupported {
                method: Method::Halves,
                task: Task::CountUniqueInParts,
                ..
            })
        ),
        "{halves:?}"
    );
}

#[test]
fn merge_refuses_parts_built_by_hand_that_no_shard_can_be() {
    let parts: Vec<ShardRecord> = (0..2)
        .map(|i| {
            Count::new(9)
                .shard(Shard::new(i, 2).unwrap())
                .run()
                .unwrap()
                .record()
                .unwrap()
        })
        .collect();
    assert_eq!(merge(&parts).unwrap().total, 352);
    for (index, count) in [(5, 2), (0, 0), (2, 2), (0, usize::MAX)] {
        let mut forged = parts.clone();
        forged[1].shard = Shard { index, count };
        let got = panic_message(|| {
            let err = merge(&forged).unwrap_err().to_string();
            assert!(err.contains("not a valid shard"), "{index}/{count}: {err}");
        });
        assert_eq!(got, None, "{index}/{count} made merge panic");
    }
}

#[test]
fn masks_keep_to_the_board_and_refuse_more_than_64_rows() {
    // Rows that allow columns past the board: the solutions are the 4×4 board's two.
    let found: Vec<Vec<u32>> = Solutions::new(Box::new(Masks::with_allowed(vec![u64::MAX; 4])))
        .map(|p| p.columns().to_vec())
        .collect();
    assert_eq!(found, vec![vec![1, 3, 0, 2], vec![2, 0, 3, 1]]);
    assert_eq!(Masks::new(64).safe(0), u64::MAX);
    for n in [65, 100] {
        let message = panic_message(|| {
            Masks::new(n);
        })
        .unwrap_or_else(|| panic!("Masks::new({n}) was built"));
        assert!(message.contains("at most 64"), "{message}");
    }
}
