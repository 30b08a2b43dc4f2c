//! The one conflict checker against an independent oracle: the textbook scan of every pair of
//! rows, which shares no code with it.

mod common;

use common::{Clash, first_clash};
use nqueens::board::{Conflict, Line, conflict};
use proptest::prelude::*;

/// The checker's answer in the oracle's terms.
fn as_clash(c: Option<Conflict>) -> Option<(usize, usize, Clash)> {
    c.map(|c| match c {
        Conflict::Attack {
            along,
            first,
            second,
        } => {
            let how = match along {
                Line::Column => Clash::Column,
                Line::Diagonal => Clash::Down,
                Line::AntiDiagonal => Clash::Up,
                Line::Row => panic!("a column list cannot put two queens in a row"),
            };
            (first.row, second.row, how)
        }
        Conflict::OffBoard(s) => (s.row, s.row, Clash::OffBoard),
        Conflict::EmptyRow { .. } => panic!("a column list has no empty row"),
    })
}

#[test]
fn solutions_have_no_conflict_and_known_clashes_are_named() {
    for p in nqueens::solutions(8).unwrap() {
        assert_eq!(conflict(p.columns()), None);
    }
    assert_eq!(
        as_clash(conflict(&[2, 0, 3, 0])),
        Some((1, 3, Clash::Column))
    );
    assert_eq!(as_clash(conflict(&[0, 1])), Some((0, 1, Clash::Down)));
    assert_eq!(as_clash(conflict(&[1, 0])), Some((0, 1, Clash::Up)));
    assert_eq!(as_clash(conflict(&[0, 2])), Some((1, 1, Clash::OffBoard)));
}

proptest! {
    #[test]
    fn the_checker_agrees_with_the_oracle(cols in prop::collection::vec(0u32..12, 0..12)) {
        prop_assert_eq!(as_clash(conflict(&cols)), first_clash(&cols));
    }

    #[test]
    fn the_checker_agrees_on_near_solutions(n in 4usize..300, swaps in 0usize..3, seed in any::<u64>()) {
        // A constructed solution with a few columns swapped: mostly diagonal clashes.
        let mut cols = nqueens::find::construct(n).unwrap().unwrap();
        let mut rng = common::Rng(seed | 1);
        for _ in 0..swaps {
            let (a, b) = (rng.below(n), rng.below(n));
            cols.swap(a, b);
        }
        prop_assert_eq!(as_clash(conflict(&cols)), first_clash(&cols));
    }
}
