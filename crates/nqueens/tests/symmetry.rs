//! The symmetry engine and the symmetry helpers against OEIS and against the reference methods.

mod common;

use common::{count_with, is_valid_board, list_all};
use nqueens::cluster::Rank;
use nqueens::internals::constellation::{self, SymmetryPlan, constellations};
use nqueens::known::{A000170, A002562};
use nqueens::plan::Plan;
use nqueens::plan_for;
use nqueens::symmetry::{Symmetry, canonical, class_size, images, is_canonical};
use nqueens::{Count, Counts, Method};
use std::collections::BTreeSet;

fn all_solutions(n: usize) -> Vec<Vec<u32>> {
    list_all(Method::Naive, n)
}

#[test]
fn totals_and_unique_match_oeis_up_to_15() {
    for n in 1..=15 {
        let c = count_with(n, Method::Symmetry, 2);
        assert_eq!(c.total, A000170[n - 1], "total for n = {n}");
        assert_eq!(c.unique, Some(A002562[n - 1]), "unique for n = {n}");
    }
}

#[test]
fn classes_add_up_to_the_totals() {
    for n in 2..=13 {
        let c = constellation::count(n).unwrap();
        let classes = c.classes.unwrap();
        assert_eq!(classes.total(), A000170[n - 1], "n = {n}");
        assert_eq!(classes.unique(), A002562[n - 1], "n = {n}");
    }
    // Independent check of the split by class, from the listed boards themselves.
    for n in 4..=10 {
        let mut by_size = [0u128; 9];
        for s in all_solutions(n) {
            if is_canonical(&s) {
                by_size[class_size(&s).unwrap() as usize] += 1;
            }
        }
        let classes = constellation::count(n).unwrap().classes.unwrap();
        assert_eq!(classes.rot90, by_size[2], "n = {n}");
        assert_eq!(classes.rot180, by_size[4], "n = {n}");
        assert_eq!(classes.asymmetric, by_size[8], "n = {n}");
    }
}

/// Every method that reports classes, over every n from 1 to 12, whole and in shards: the
/// classes make the total by the documented rule (2, 4 and 8 boards a class, and n = 1's one
/// class 1 board), and so does `SymmetryClasses::boards`, which `Counts::check` asks.
#[test]
fn the_classes_of_every_method_make_the_total_by_the_documented_rule() {
    let methods = Method::able(|m| m.counts_unique() && m.is_built());
    assert!(methods.contains(&Method::Symmetry) && methods.contains(&Method::Halves));
    for &method in &methods {
        for n in 1..=12 {
            let c = count_with(n, method, 2);
            let k = c
                .classes
                .unwrap_or_else(|| panic!("{method} at n = {n}: no classes"));
            let size = |class: u128| if n == 1 { 1 } else { class };
            let rule = size(2) * k.rot90 + 4 * k.rot180 + 8 * k.asymmetric;
            assert_eq!(rule, A000170[n - 1], "{method} at n = {n}: {k:?}");
            assert_eq!(k.boards(n), Some(c.total), "{method} at n = {n}: {k:?}");
            assert_eq!(k.unique(), A002562[n - 1], "{method} at n = {n}: {k:?}");
            assert_eq!(c.check(n, true), Ok(()), "{method} at n = {n}");
            if method.counts_unique_in_parts() {
                let part = |i: usize| {
                    let shard = format!("{i}/3").parse().unwrap();
                    let count = Count::new(n).method(method).unique(true).shard(shard);
                    count.threads(1).run().unwrap().counts
                };
                assert_eq!(part(0) + part(1) + part(2), c, "{method} at n = {n}");
            }
        }
    }
    let one = count_with(1, Method::Symmetry, 1).classes.unwrap();
    assert_eq!((one.rot90, one.rot180, one.asymmetric), (1, 0, 0));
    // n = 4 has the same classes and twice the boards: n alone tells them apart.
    let four = count_with(4, Method::Symmetry, 1).classes.unwrap();
    assert_eq!(four, one);
    assert_eq!((one.boards(1), four.boards(4)), (Some(1), Some(2)));
}

#[test]
fn n_equal_to_one_is_one_class_of_one_board() {
    let c = count_with(1, Method::Symmetry, 2);
    assert_eq!((c.total, c.unique), (1, Some(1)));
    for n in 2..=3 {
        let c = count_with(n, Method::Symmetry, 2);
        assert_eq!((c.total, c.unique), (0, Some(0)));
    }
}

#[test]
fn every_subproblem_counted_alone_sums_to_the_total() {
    for n in 8..=13 {
        let plan = SymmetryPlan::new(n).unwrap();
        assert!(plan.len() > 1, "n = {n} splits into several subproblems");
        let mut sum = plan.zero();
        for i in 0..plan.len() {
            sum += plan.count_one(i);
        }
        assert_eq!(sum.total, A000170[n - 1], "n = {n}");
        assert_eq!(sum.unique, Some(A002562[n - 1]), "n = {n}");
        // The same list in another order, on several threads, gives the same count.
        let rev: Vec<usize> = (0..plan.len()).rev().collect();
        let count = Count::new(n).method(Method::Symmetry).threads(2);
        let rank = Rank::prepare(count, 1, 0).unwrap();
        assert_eq!(rank.count_indices(&rev).unwrap(), sum);
    }
}

#[test]
fn the_split_is_deterministic_and_fingerprinted() {
    let a = plan_for(11, Method::Symmetry).unwrap();
    let b = plan_for(11, Method::Symmetry).unwrap();
    assert_eq!(a.id(), b.id());
    let other_n = plan_for(12, Method::Symmetry).unwrap().id();
    let other_method = plan_for(11, Method::Bitmask).unwrap().id();
    assert_ne!(a.id().fingerprint, other_n.fingerprint);
    assert_ne!(a.id().fingerprint, other_method.fingerprint);
    assert_eq!(a.id().method, Method::Symmetry);
    for i in 0..a.len() {
        assert_eq!(a.count_one(i), b.count_one(i));
    }
    assert_eq!(constellations(11), constellations(11));
}

#[test]
fn agrees_with_bitmask_on_every_split_for_small_boards() {
    for n in 1..=12 {
        assert_eq!(
            count_with(n, Method::Symmetry, 2).total,
            count_with(n, Method::Bitmask, 2).total,
            "n = {n}"
        );
    }
}

#[test]
fn constellations_are_canonical_and_valid() {
    for n in 4..=12 {
        let mut weight = 0u32;
        for c in constellations(n) {
            let q = c.queens();
            assert!(matches!(c.fixed_by(), 1 | 2 | 4), "n = {n}: {q:?}");
            weight += c.weight();
            for (i, &(r1, c1)) in q.iter().enumerate() {
                for &(r2, c2) in &q[i + 1..] {
                    assert!(r1 != r2 && c1 != c2);
                    assert!(r1 + c2 != r2 + c1 && r1 + c1 != r2 + c2);
                }
            }
        }
        assert!(weight > 0, "n = {n}");
    }
}

#[test]
fn other_methods_refuse_unique_and_name_the_one_that_can() {
    for m in [Method::Naive, Method::Sets, Method::Bitmask] {
        let err = Count::new(8).method(m).unique(true).run().unwrap_err();
        match err {
            nqueens::Error::Unsupported { instead, .. } => {
                assert_eq!(instead, [Method::Symmetry], "{m}")
            }
            other => panic!("{m}: {other:?}"),
        }
    }
}

#[test]
fn images_are_solutions_and_the_group_acts_consistently() {
    for s in all_solutions(8) {
        let imgs = images(&s);
        for img in &imgs {
            assert!(is_valid_board(img));
        }
        let distinct: BTreeSet<_> = imgs.iter().cloned().collect();
        assert_eq!(distinct.len() as u32, class_size(&s).unwrap());
        assert_eq!(canonical(&s), *distinct.iter().next().unwrap());
        // Four quarter turns are the identity; a mirror twice is the identity.
        let mut r = s.clone();
        for _ in 0..4 {
            r = Symmetry::Rot90.apply(&r);
        }
        assert_eq!(r, s);
        let t = Symmetry::Transpose.apply(&Symmetry::Transpose.apply(&s));
        assert_eq!(t, s);
    }
}

#[test]
fn unique_listing_covers_every_solution_once_per_class() {
    for n in 1..=10 {
        let reps: Vec<(Vec<u32>, u32)> = nqueens::solutions(n)
            .unwrap()
            .classes()
            .map(|c| (c.representative.into_columns(), c.size as u32))
            .collect();
        assert_eq!(reps.len() as u128, A002562[n - 1], "n = {n}");
        let mut union = BTreeSet::new();
        for (r, size) in &reps {
            let imgs: BTreeSet<Vec<u32>> = images(r).into_iter().collect();
            assert_eq!(imgs.len() as u32, *size, "n = {n}");
            assert_eq!(imgs.iter().next(), Some(r), "the smallest image is listed");
            union.extend(imgs);
        }
        let all: BTreeSet<Vec<u32>> = all_solutions(n).into_iter().collect();
        assert_eq!(union, all, "n = {n}");
        assert!(reps.windows(2).all(|w| w[0].0 < w[1].0), "sorted, n = {n}");
    }
}

#[test]
fn counts_add_with_classes() {
    let plan = SymmetryPlan::new(9).unwrap();
    let c: Counts = (0..plan.len()).map(|i| plan.count_one(i)).sum();
    assert_eq!(c.classes.unwrap().total(), c.total);
}
