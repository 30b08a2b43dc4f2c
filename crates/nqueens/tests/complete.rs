//! Completion against a brute force: every solution of the plain problem (the naive reference
//! method), kept when it has the given queens and avoids the blocked squares.

mod common;

use common::{Rng, list_all};
use nqueens::plan::Plan;
use nqueens::{Count, Method, Puzzle, known};

fn all_solutions(n: usize) -> Vec<Vec<u32>> {
    list_all(Method::Naive, n)
}

/// The grid text of a board with queens `given[row]` and blocked squares `blocked[row][col]`.
fn grid(given: &[Option<u32>], blocked: &[Vec<bool>]) -> String {
    let n = given.len();
    let mut s = String::new();
    for (queen, row) in given.iter().zip(blocked) {
        for (c, &is_blocked) in row.iter().enumerate().take(n) {
            s.push(if *queen == Some(c as u32) {
                'Q'
            } else if is_blocked {
                'x'
            } else {
                '.'
            });
        }
        s.push('\n');
    }
    s
}

fn brute_force(
    solutions: &[Vec<u32>],
    given: &[Option<u32>],
    blocked: &[Vec<bool>],
) -> Vec<Vec<u32>> {
    solutions
        .iter()
        .filter(|s| {
            s.iter()
                .enumerate()
                .all(|(r, &c)| given[r].is_none_or(|g| g == c) && !blocked[r][c as usize])
        })
        .cloned()
        .collect()
}

fn completions(p: &Puzzle) -> Vec<Vec<u32>> {
    p.solutions().map(|s| s.into_columns()).collect()
}

fn count(p: &Puzzle, threads: usize) -> u128 {
    Count::puzzle(p.clone())
        .threads(threads)
        .run()
        .unwrap()
        .counts
        .total
}

#[test]
fn empty_boards_count_q_of_n() {
    for n in 1..=11 {
        let p = Puzzle::new(n).unwrap();
        assert_eq!(count(&p, 2), known::A000170[n - 1], "n = {n}");
        let text = ".".repeat(n) + "\n";
        let parsed = Puzzle::parse(&text.repeat(n)).unwrap();
        assert_eq!(parsed, p);
    }
}

#[test]
fn random_boards_match_brute_force() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut checked = 0;
    let mut solvable = 0;
    for n in 1..=10 {
        let solutions = all_solutions(n);
        for _ in 0..60 {
            // Half the boards take their queens from a real solution (so that many are
            // solvable), the other half place them anywhere (often attacking: refused).
            let source = if !solutions.is_empty() && rng.below(2) == 0 {
                Some(solutions[rng.below(solutions.len())].clone())
            } else {
                None
            };
            let queens = rng.below(4.min(n + 1));
            let mut given = vec![None; n];
            for _ in 0..queens {
                let r = rng.below(n);
                given[r] = Some(match &source {
                    Some(s) => s[r],
                    None => rng.below(n) as u32,
                });
            }
            let density = rng.below(4); // 0 to 30 % of the squares blocked
            let blocked: Vec<Vec<bool>> = (0..n)
                .map(|r| {
                    (0..n)
                        .map(|c| given[r] != Some(c as u32) && rng.below(10) < density)
                        .collect()
                })
                .collect();
            let text = grid(&given, &blocked);
            let Ok(p) = Puzzle::parse(&text) else {
                // Refused: the given queens must really attack each other.
                let rows: Vec<(usize, u32)> = given
                    .iter()
                    .enumerate()
                    .filter_map(|(r, c)| c.map(|c| (r, c)))
                    .collect();
                let cols: Vec<u32> = rows.iter().map(|&(_, c)| c).collect();
                let attack = rows.iter().enumerate().any(|(i, &(r1, c1))| {
                    rows[i + 1..]
                        .iter()
                        .any(|&(r2, c2)| c1 == c2 || r2 - r1 == c1.abs_diff(c2) as usize)
                });
                assert!(attack, "refused a board without attacks:\n{text}{cols:?}");
                continue;
            };
            let want = brute_force(&solutions, &given, &blocked);
            assert_eq!(completions(&p), want, "board:\n{text}");
            assert_eq!(count(&p, 1), want.len() as u128, "board:\n{text}");
            assert_eq!(count(&p, 2), want.len() as u128, "board:\n{text}");
            assert_eq!(p.first().map(|f| f.into_columns()), want.first().cloned());
            assert_eq!(p.to_string(), text);
            checked += 1;
            if !want.is_empty() {
                solvable += 1;
            }
        }
    }
    // The generator must really exercise both outcomes.
    assert!(
        checked > 300 && solvable > 100,
        "{checked} boards, {solvable} solvable"
    );
}

#[test]
fn hand_made_boards() {
    let cases: &[(&str, u128)] = &[
        ("Q\n", 1),
        (".\n", 1),
        ("x\n", 0),
        ("..\n..\n", 0),
        // 8×8 with a queen in a corner: 4 of the 92 solutions.
        (
            "Q.......\n........\n........\n........\n........\n........\n........\n........\n",
            4,
        ),
        // A fully blocked row: nothing.
        ("....\nxxxx\n....\n....\n", 0),
        // Blocking the square each solution of 4 uses in row 0 except one.
        ("..x.\n....\n....\n....\n", 1),
        // Comments, trailing blanks, CRLF and lowercase are read as documented.
        (
            "# a comment\r\n\n.q..  \r\n....\n# inside\n....\n...X\n\n\n",
            1,
        ),
    ];
    for &(text, want) in cases {
        let p = Puzzle::parse(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        assert_eq!(count(&p, 2), want, "{text:?}");
        assert_eq!(completions(&p).len() as u128, want, "{text:?}");
    }
}

#[test]
fn given_queens_are_kept_on_big_boards() {
    // n = 64: the queens of a known solution (columns 2, 4, ..., 64 then 1, 3, ..., 63) given in
    // every row but the first eight, one square of row 0 blocked. The search must fill the eight
    // rows, keep the 56 queens and avoid the blocked square.
    let n = 64;
    let known: Vec<u32> = (1..n).step_by(2).chain((0..n).step_by(2)).collect();
    assert!(nqueens::Placement::new(known.clone()).is_solution());
    let mut given: Vec<Option<u32>> = known.iter().map(|&c| Some(c)).collect();
    given[..8].fill(None);
    let mut blocked = vec![vec![false; n as usize]; n as usize];
    blocked[0][0] = true;
    let p = Puzzle::parse(&grid(&given, &blocked)).unwrap();
    let first = p.first().unwrap().into_columns();
    assert_eq!(&first[8..], &known[8..]);
    assert_ne!(first[0], 0);
    assert!(nqueens::Placement::new(first.clone()).is_solution());
    // Every completion is counted, lexicographically first listed first.
    let all = completions(&p);
    assert_eq!(all.first(), Some(&first));
    assert!(all.contains(&known));
    assert_eq!(count(&p, 2), all.len() as u128);
}

#[test]
fn bad_boards_are_refused_with_row_and_column() {
    let cases: &[(&str, &str)] = &[
        ("", "the board is empty"),
        (
            "...\n.?.\n...\n",
            "row 2, column 2: unexpected character '?'",
        ),
        (
            "# c\n...\n.. .\n...\n",
            "row 2 (line 3), column 3: unexpected character ' '",
        ),
        (
            "....\n...\n....\n....\n",
            "row 2 has 3 squares but the board has 4 rows",
        ),
        (
            "....\n....\n....\n",
            "row 1 has 4 squares but the board has 3 rows",
        ),
        (
            "Q..Q\n....\n....\n....\n",
            "row 1 has two queens, in columns 1 and 4",
        ),
        (
            ".Q..\n....\n....\n.Q..\n",
            "the queens at row 1, column 2 and row 4, column 2 attack each other in the same column",
        ),
        (
            "....\n...Q\n....\n.Q..\n",
            "the queens at row 2, column 4 and row 4, column 2 attack each other along a diagonal",
        ),
        ("...\n\n...\n...\n", "blank line 2 inside the board"),
    ];
    for &(text, want) in cases {
        let err = Puzzle::parse(text).unwrap_err().to_string();
        assert!(
            err.contains(want),
            "{text:?}: got {err:?}, expected {want:?}"
        );
        assert!(!err.contains('\n'), "{err:?} is not one line");
    }
    // The glyphs a grid may hold, named as the grid is written.
    assert_eq!(
        Puzzle::parse("").unwrap_err().to_string(),
        "the board is empty: expected n rows of n squares, each Q (queen), . (free) or x (blocked)"
    );
    assert_eq!(
        Puzzle::parse("?\n").unwrap_err().to_string(),
        "row 1, column 1: unexpected character '?': each square is Q (queen), . (free) or x \
         (blocked)"
    );
    let big = (".".repeat(65) + "\n").repeat(65);
    assert_eq!(
        Puzzle::parse(&big).unwrap_err().to_string(),
        "the board has 65 rows: n must be from 1 to 64"
    );
}

#[test]
fn plans_split_and_fingerprint_the_puzzle() {
    let a: Puzzle = "..........\n..........\n..Q.......\n..........\n..........\n\
                     ..........\n..........\n.......x..\n..........\n..........\n"
        .parse()
        .unwrap();
    let b: Puzzle = "..........\n..........\n..Q.......\n..........\n..........\n\
                     ..........\n..........\n..........\n..........\n..........\n"
        .parse()
        .unwrap();
    let (pa, pb) = (a.plan(), b.plan());
    assert_eq!(pa.id().method, Method::Bitmask);
    assert_eq!(pa.id().board, Some(a.fingerprint()));
    assert_eq!(pa.id().n, 10);
    assert!(pa.len() > 10, "{} subproblems", pa.len());
    assert_ne!(pa.id().fingerprint, pb.id().fingerprint);
    assert!(pa.id().check(&pb.id()).is_err());
    assert_eq!(pa.id(), a.plan().id());
    let sum: u128 = (0..pa.len()).map(|i| pa.count_one(i).total).sum();
    assert_eq!(sum, completions(&a).len() as u128);
    // Unique counts make no sense for a puzzle, and only the bit-mask method counts one.
    assert!(matches!(
        Count::puzzle(a.clone()).unique(true).run(),
        Err(nqueens::Error::NotForPuzzles(_))
    ));
    for m in [Method::Naive, Method::Symmetry, Method::Halves] {
        assert!(Count::puzzle(a.clone()).method(m).run().is_err(), "{m}");
    }
}

#[test]
fn puzzles_built_in_code_equal_puzzles_read_from_text() {
    let text = "..........\n..........\n..Q.......\n..........\n..........\n\
                ..........\n..........\n.......x..\n..........\n..........\n";
    let built = Puzzle::new(10)
        .unwrap()
        .place(2, 2)
        .unwrap()
        .block(7, 7)
        .unwrap();
    assert_eq!(built, text.parse::<Puzzle>().unwrap());
    assert_eq!(built.to_string(), text);
    // Refusals: off the board, a second queen in a row, a queen attacked or on a blocked
    // square, a block under a queen.
    let p = || {
        Puzzle::new(6)
            .unwrap()
            .place(0, 1)
            .unwrap()
            .block(5, 5)
            .unwrap()
    };
    assert!(p().place(6, 0).is_err());
    assert!(p().place(0, 6).is_err());
    assert!(p().place(0, 3).is_err());
    assert!(p().place(3, 1).is_err());
    assert!(p().place(2, 3).is_err());
    assert!(p().place(5, 5).is_err());
    assert!(p().block(0, 1).is_err());
    // Placing the same queen twice, or blocking twice, changes nothing.
    assert_eq!(p().place(0, 1).unwrap(), p());
    assert_eq!(p().block(5, 5).unwrap(), p());
    // A puzzle built square by square counts what the brute force finds.
    let q = p().place(1, 3).unwrap();
    let want = all_solutions(6)
        .into_iter()
        .filter(|s| s[0] == 1 && s[1] == 3 && s[5] != 5)
        .count() as u128;
    assert_eq!(q.count().unwrap(), want);
}
