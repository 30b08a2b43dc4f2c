//! The trace on a puzzle: its solutions are the puzzle's completions, its given queens never
//! move, its blocked squares are never tried, and the empty puzzle is traced as the empty board.

use nqueens::Puzzle;
use nqueens::reference::{Detail, FineStep, Step, fine_steps};

fn puzzle(rows: &[&str]) -> Puzzle {
    rows.join("\n").parse().expect("a puzzle")
}

fn puzzles() -> Vec<Puzzle> {
    vec![
        puzzle(&["..Q.", "....", "....", "...."]),
        puzzle(&["..Q.", "....", "....", ".x.."]),
        puzzle(&[".Q..", "....", "....", "...x"]),
        puzzle(&["......", "...Q..", "......", "x.....", "......", "......"]),
        puzzle(&[
            "x.......", "........", "....Q...", "........", "..x.....", "........", "........",
            ".......Q",
        ]),
        puzzle(&[
            "Q.......", "....Q...", ".......Q", ".....Q..", "..Q.....", "......Q.", ".Q......",
            "...Q....",
        ]),
        puzzle(&[
            "x.........",
            "..........",
            "..........",
            "...x......",
            "..........",
            "..........",
            "....Q.....",
            "..........",
            "..........",
            ".........x",
        ]),
        puzzle(&[".x", "x."]),
    ]
}

#[test]
fn the_solutions_are_the_completions() {
    for p in puzzles() {
        let traced: Vec<Vec<u32>> = (p.steps().unwrap())
            .filter_map(|s| match s {
                Step::Solution { columns, .. } => Some(columns),
                _ => None,
            })
            .collect();
        assert_eq!(traced.len() as u128, p.count().unwrap(), "{p}");
        let completions: Vec<Vec<u32>> = p.solutions().map(|s| s.columns().to_vec()).collect();
        let mut sorted = traced.clone();
        sorted.sort();
        let mut want = completions;
        want.sort();
        assert_eq!(sorted, want, "{p}");
    }
}

#[test]
fn given_queens_stay_and_blocked_squares_are_never_tried() {
    for p in puzzles() {
        let given = p.given().to_vec();
        let mut steps = p.steps().unwrap();
        while let Some(step) = steps.next() {
            let (row, col) = match step {
                Step::Place { row, col }
                | Step::Conflict { row, col, .. }
                | Step::Backtrack { row, col } => (row, col),
                Step::Solution { .. } => continue,
            };
            assert_eq!(given[row], None, "{p}: {step} on a row with a given queen");
            assert!(!p.is_blocked(row, col), "{p}: {step} on a blocked square");
            // Every given queen of the rows filled is where the puzzle has it.
            for (r, &c) in steps.columns().iter().enumerate() {
                if let Some(g) = given[r] {
                    assert_eq!(c, g, "{p}: the given queen of row {r} moved");
                }
            }
        }
    }
}

#[test]
fn the_empty_puzzle_is_the_empty_board() {
    for n in 1..=8 {
        let p = Puzzle::new(n).unwrap();
        assert!(p.steps().unwrap().eq(nqueens::trace(n).unwrap()), "n = {n}");
        for detail in [Detail::Moves, Detail::Calls, Detail::Checks] {
            let a = p.fine_steps(detail).unwrap();
            assert!(a.eq(fine_steps(n, detail).unwrap()), "n = {n}, {detail:?}");
        }
    }
}

// With calls, each call is for the next row the search fills and returns with the solutions
// found since it began; the moves are the trace's, and the board follows them.
#[test]
fn the_calls_skip_the_given_rows() {
    for p in puzzles() {
        let n = p.n();
        let free: Vec<usize> = (0..n).filter(|&r| p.given()[r].is_none()).collect();
        let moves: Vec<Step> = p.steps().unwrap().collect();
        let mut open: Vec<(usize, u64)> = Vec::new();
        let mut found = 0;
        let mut fine = p.fine_steps(Detail::Checks).unwrap();
        let mut got = Vec::new();
        while let Some(step) = fine.next() {
            match step {
                FineStep::Call { row } => {
                    let want = free.get(open.len()).copied().unwrap_or(n);
                    assert_eq!(row, want, "{p}");
                    open.push((row, found));
                }
                FineStep::Return { row, found: f } => {
                    let (r, at) = open.pop().expect("an open call");
                    assert_eq!((row, f), (r, found - at), "{p}");
                }
                FineStep::Move(m) => {
                    if matches!(m, Step::Solution { .. }) {
                        found += 1;
                    }
                    got.push(m);
                }
                FineStep::Check { .. } | FineStep::Safe { .. } => {}
            }
            let given = p.given();
            for (r, &c) in fine.columns().iter().enumerate() {
                if let Some(g) = given[r] {
                    assert_eq!(c, g, "{p}");
                }
            }
        }
        assert!(open.is_empty());
        assert_eq!(got, moves, "{p}");
    }
}

#[test]
fn too_large_a_puzzle_is_refused() {
    assert!(Puzzle::new(13).unwrap().steps().is_err());
    assert!(Puzzle::new(12).unwrap().steps().is_ok());
}
