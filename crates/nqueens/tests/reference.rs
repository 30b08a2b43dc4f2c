//! The three textbook methods against the published counts and against each other, and every
//! listed board checked by a checker that shares no code with the engines.

mod common;

use common::{count_with, is_valid_board, list_all};
use nqueens::internals::bitmask;
use nqueens::known::A000170;
use nqueens::plan_for;
use nqueens::{Count, Method};
use proptest::prelude::*;
use std::collections::HashSet;

/// The methods that can list (all but the count-only engines).
fn listing_methods() -> impl Iterator<Item = Method> {
    Method::ALL.iter().copied().filter(|m| m.can_list())
}

#[test]
fn every_method_counts_n_1_to_12_as_oeis() {
    for method in Method::ALL.iter().copied().filter(|m| m.is_built()) {
        for n in 1..=12 {
            let counts = count_with(n, method, 1);
            assert_eq!(counts.total, A000170[n - 1], "{method} n={n}");
        }
    }
}

#[test]
fn bitmask_counts_n_13_to_15_as_oeis() {
    for n in 13..=15 {
        assert_eq!(count_with(n, Method::Bitmask, 2).total, A000170[n - 1]);
    }
}

#[test]
fn plain_bitmask_kernel_matches_mirrored_plan() {
    // The plan halves the work by reflection; the kernel alone walks everything.
    for n in 1..=12 {
        let plan = plan_for(n, Method::Bitmask).unwrap();
        let by_plan: u128 = (0..plan.len()).map(|i| plan.count_one(i).total).sum();
        assert_eq!(by_plan, bitmask::count(n).unwrap(), "n={n}");
        assert_eq!(by_plan, A000170[n - 1], "n={n}");
    }
}

#[test]
fn listings_are_valid_distinct_ordered_and_complete() {
    for method in listing_methods() {
        for n in 1..=10 {
            let all = list_all(method, n);
            assert_eq!(all.len() as u128, A000170[n - 1], "{method} n={n}");
            for b in &all {
                assert_eq!(b.len(), n);
                assert!(is_valid_board(b), "{method} n={n}: invalid {b:?}");
            }
            // Strictly increasing implies distinct.
            for w in all.windows(2) {
                assert!(w[0] < w[1], "{method} n={n}: {:?} !< {:?}", w[0], w[1]);
            }
            let distinct: HashSet<&Vec<u32>> = all.iter().collect();
            assert_eq!(distinct.len(), all.len());
        }
    }
}

#[test]
fn leetcode_examples() {
    for method in listing_methods() {
        let boards: Vec<Vec<String>> = list_all(method, 4)
            .into_iter()
            .map(|c| nqueens::Placement::new(c).rows())
            .collect();
        assert_eq!(
            boards,
            vec![
                vec![".Q..", "...Q", "Q...", "..Q."],
                vec!["..Q.", "Q...", "...Q", ".Q.."]
            ]
        );
        assert_eq!(list_all(method, 1), vec![vec![0]]);
    }
}

#[test]
fn listing_stops_when_asked() {
    for method in listing_methods() {
        let mut walk = nqueens::solutions_by(8, method).unwrap();
        let five: Vec<_> = walk.by_ref().take(5).collect();
        assert_eq!(five.len(), 5);
        // The walk goes on where it stopped.
        let sixth = walk.next().unwrap().into_columns();
        assert_eq!(sixth, list_all(method, 8)[5], "{method}");
    }
}

#[test]
fn sizes_outside_1_to_64_are_refused() {
    for &method in Method::ALL {
        assert!(Count::new(0).method(method).run().is_err());
        assert!(Count::new(65).method(method).run().is_err());
        assert!(nqueens::solutions_by(0, method).is_err());
    }
}

#[test]
fn large_boards_list_their_first_solution() {
    // n = 25 reaches its first solution after some 50,000 placements; n = 64, whose masks fill
    // every bit of the word, is checked through the kernel's edge cases in the bitmask module.
    let first = nqueens::solutions(25)
        .unwrap()
        .next()
        .unwrap()
        .into_columns();
    assert_eq!(first.len(), 25);
    assert!(is_valid_board(&first));
}

#[test]
fn threaded_counts_equal_single_thread() {
    for n in 8..=13 {
        for method in [Method::Bitmask, Method::Symmetry, Method::Halves] {
            let one = count_with(n, method, 1);
            assert_eq!(count_with(n, method, 3), one, "{method} n={n}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    #[test]
    fn the_three_methods_agree_board_for_board(n in 1usize..=9) {
        let naive = list_all(Method::Naive, n);
        prop_assert_eq!(&naive, &list_all(Method::Sets, n));
        prop_assert_eq!(&naive, &list_all(Method::Bitmask, n));
    }
}

#[test]
fn kernel_handles_the_64_column_board() {
    // A known 64-queen solution (odd columns, then even ones; valid for n mod 6 = 4): place its
    // first 58 rows as masks and let the kernel finish the last 6. Every bit of the word is in
    // use, so a wrong shift or board mask shows here.
    let n = 64;
    let solution: Vec<u32> = (0..n / 2)
        .map(|i| 2 * i + 1)
        .chain((0..n / 2).map(|i| 2 * i))
        .collect();
    assert!(is_valid_board(&solution));
    let (mut cols, mut left, mut right) = (bitmask::outside(n as usize), 0u64, 0u64);
    for &c in &solution[..58] {
        let bit = 1u64 << c;
        cols |= bit;
        left = (left | bit) << 1;
        right = (right | bit) >> 1;
    }
    let completions = bitmask::count_from(cols, left, right);
    assert!(completions >= 1, "the known completion must be found");
    assert_eq!(bitmask::outside(64), 0);
}
