//! The `find`, `verify` and `trace` commands end to end: output, messages and exit codes.

mod common;

use common::{nqueens, path_arg, run, run_with, stdout_of};

use predicates::prelude::*;

/// An independent check, written the slow obvious way on purpose: for every pair of rows, no
/// shared column and no shared diagonal. Quadratic, so only for small boards.
fn attack_free_pairwise(cols: &[u64]) -> bool {
    let n = cols.len() as u64;
    cols.iter().all(|&c| c < n)
        && (0..cols.len()).all(|i| {
            (i + 1..cols.len()).all(|j| {
                let (dr, dc) = ((j - i) as u64, cols[i].abs_diff(cols[j]));
                dc != 0 && dc != dr
            })
        })
}

/// An independent linear check for big boards: a permutation (each column once) and each
/// diagonal sum and difference once, counted in plain boolean tables.
fn attack_free_linear(cols: &[u64]) -> bool {
    let n = cols.len();
    let (mut col, mut sum, mut diff) = (vec![false; n], vec![false; 2 * n], vec![false; 2 * n]);
    for (r, &c) in cols.iter().enumerate() {
        let c = c as usize;
        if c >= n || col[c] || sum[r + c] || diff[n + r - c] {
            return false;
        }
        col[c] = true;
        sum[r + c] = true;
        diff[n + r - c] = true;
    }
    true
}

/// The 0-based columns of a perm line.
fn perm_columns(line: &str) -> Vec<u64> {
    line.split_whitespace()
        .map(|t| t.parse::<u64>().unwrap() - 1)
        .collect()
}

/// What `nqueens ARGS` prints on stdout, whose first lines must be `first`; it must succeed.
fn begins_with(args: &[&str], first: &[&str]) -> String {
    let text = stdout_of(args);
    let lines: Vec<&str> = text.lines().take(first.len()).collect();
    assert_eq!(lines, first, "{args:?}");
    text
}

fn find_output(args: &[&str]) -> String {
    let out = nqueens().arg("find").args(args).output().unwrap();
    assert!(out.status.success(), "find {args:?} failed");
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn find_is_valid_for_every_n_up_to_2000() {
    // The library builds the same boards the command prints (checked for a sample below), so
    // every n goes through the library and a sample through the command line.
    for n in 1..=2000usize {
        match nqueens::find::construct(n).unwrap() {
            None => assert!(n == 2 || n == 3),
            Some(cols) => {
                let wide: Vec<u64> = cols.iter().map(|&c| u64::from(c)).collect();
                assert!(attack_free_pairwise(&wide), "n = {n}");
                assert_eq!(nqueens::board::conflict(&cols), None, "n = {n}");
            }
        }
    }
    for n in [1usize, 4, 5, 6, 7, 8, 9, 14, 15, 20, 21, 100, 997, 2000] {
        let text = find_output(&[&n.to_string()]);
        let cols = perm_columns(text.trim_end());
        assert_eq!(cols.len(), n);
        assert!(attack_free_pairwise(&cols), "n = {n}");
        let lib: Vec<u64> = nqueens::find::construct(n)
            .unwrap()
            .unwrap()
            .iter()
            .map(|&c| u64::from(c))
            .collect();
        assert_eq!(cols, lib);
    }
}

#[test]
fn find_is_valid_for_large_n() {
    for n in ["1000003", "10000000"] {
        let text = find_output(&[n]);
        assert!(text.ends_with('\n') && text.lines().count() == 1);
        let cols = perm_columns(&text);
        assert_eq!(cols.len(), n.parse::<usize>().unwrap());
        assert!(attack_free_linear(&cols), "n = {n}");
        run_with(&["verify"], text).success().stdout("valid\n");
    }
}

#[test]
fn construction_is_valid_near_ten_million_in_every_class_mod_6() {
    for n in 9_999_997..=10_000_002usize {
        let cols = nqueens::find::construct(n).unwrap().unwrap();
        assert_eq!(nqueens::board::conflict(&cols), None, "n = {n}");
        let wide: Vec<u64> = cols.iter().map(|&c| u64::from(c)).collect();
        assert!(attack_free_linear(&wide), "n = {n}");
    }
}

#[test]
fn find_formats() {
    assert_eq!(find_output(&["8"]), "4 6 8 2 7 1 3 5\n");
    let json = find_output(&["8", "--format", "json"]);
    assert_eq!(json, "{\"columns\":[3,5,7,1,6,0,2,4]}\n");
    assert_eq!(
        find_output(&["4", "-f", "board"]),
        ".Q..\n...Q\nQ...\n..Q.\n"
    );
    // Every format find writes reads back as a valid board.
    for format in ["perm", "json", "board", "leetcode"] {
        let text = find_output(&["37", "--format", format]);
        run_with(&["verify"], text).success().stdout("valid\n");
    }
}

#[test]
fn find_refuses_what_it_cannot_do() {
    for n in ["2", "3"] {
        run(&["find", n])
            .code(1)
            .stdout("")
            .stderr(predicate::str::contains("no solution"));
    }
    let refused = [
        (&["find", "1001", "--format", "board"][..], "up to 1000"),
        (&["find", "0"], "from 1 to 1,000,000,000"),
        (&["find", "1000000001"], "from 1 to 1,000,000,000"),
        (
            &["find", "99999999999999999999999"],
            "from 1 to 1,000,000,000",
        ),
        (&["find", "ten"], "from 1 to 1,000,000,000"),
        (&["find", "10000001", "--random"], "10000000"),
    ];
    for (args, needle) in refused {
        run(args).code(2).stderr(predicate::str::contains(needle));
    }
    // A seed alone asks for the random search.
    assert_eq!(
        find_output(&["8", "--seed", "1"]),
        find_output(&["8", "--random", "--seed", "1"])
    );
}

#[test]
fn random_is_valid_and_reproducible() {
    for n in [1usize, 4, 5, 8, 13, 50, 1000, 100_000] {
        let a = find_output(&[&n.to_string(), "--random", "--seed", "12"]);
        let b = find_output(&[&n.to_string(), "--random", "--seed", "12"]);
        assert_eq!(a, b, "n = {n}");
        let cols = perm_columns(&a);
        assert_eq!(cols.len(), n);
        assert!(attack_free_linear(&cols), "n = {n}");
    }
    // The board for a seed is part of the interface (the README shows this one).
    assert_eq!(
        find_output(&["12", "--random", "--seed", "7"]),
        "1 5 10 8 4 12 9 2 6 11 3 7\n"
    );
    let a = find_output(&["1000", "--random", "--seed", "1"]);
    let b = find_output(&["1000", "--random", "--seed", "2"]);
    assert_ne!(a, b);
    // Without a seed, the one drawn is told on stderr.
    run(&["find", "30", "--random"])
        .success()
        .stderr(predicate::str::contains("--seed"));
}

#[test]
fn verify_accepts_every_listing_format() {
    for format in ["board", "perm", "json", "leetcode"] {
        let out = nqueens()
            .args(["list", "8", "--format", format])
            .output()
            .unwrap();
        run_with(&["verify"], out.stdout)
            .success()
            .stdout("valid\n".repeat(92));
    }
    // JSON objects with more fields than the columns.
    run_with(
        &["verify"],
        "{\"n\":4,\"columns\":[1,3,0,2],\"class_size\":2}\n",
    )
    .success()
    .stdout("valid\n");
}

#[test]
fn verify_reports_each_kind_of_attack() {
    let cases = [
        (
            "1 3 1\n",
            "row 1, column 1 and row 3, column 1 share a column",
        ),
        (
            "2 4 1 3\n1 2 3 4\n",
            "(line 2): queens at row 1, column 1 and row 2, column 2 share a diagonal (\\)",
        ),
        (
            "{\"columns\":[2,0,1]}\n",
            "row 2, column 1 and row 3, column 2 share a diagonal (\\)",
        ),
        (
            "..Q\n.Q.\nQ..\n",
            "row 1, column 3 and row 2, column 2 share a diagonal (/)",
        ),
        (
            "[[\"Q.Q\",\"...\",\".Q.\"]]\n",
            "row 1, column 1 and row 1, column 3 share a row",
        ),
        (".Q..\n...Q\n....\n..Q.\n", "row 3 has no queen"),
    ];
    for (input, message) in cases {
        run_with(&["verify"], input)
            .code(1)
            .stdout(predicate::str::contains("invalid (line"))
            .stdout(predicate::str::contains(message));
    }
}

#[test]
fn verify_rejects_unreadable_input() {
    let cases = [
        ("1 2 5\n", "line 1: row 3 has column 5"),
        (
            ".Q..\n...Q\nQ...\n",
            "line 1: the board starting here has 3 rows of 4 squares",
        ),
        (
            "2 4 1 3\n\n.Q..\n..Q\n",
            "line 4: row 2 of the board has 3 squares",
        ),
        ("hello\n", "line 1: unexpected 'h'"),
        ("{\"columns\":[1,0,x]}\n", "line 1: unexpected 'x'"),
        ("{\"solutions\":92}\n", "no \"columns\""),
        ("", "no placement"),
    ];
    for (input, message) in cases {
        run_with(&["verify"], input)
            .code(2)
            .stderr(predicate::str::contains(message));
    }
    run(&["verify", "/no/such/file"])
        .code(2)
        .stderr(predicate::str::contains("cannot read"));
}

#[test]
fn verify_reads_a_file() {
    let path = std::env::temp_dir().join(format!("nqueens-verify-{}.txt", std::process::id()));
    std::fs::write(&path, "2 4 1 3\n3 1 4 2\n").unwrap();
    run(&["verify", path_arg(&path)])
        .success()
        .stdout("valid\nvalid\n");
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn trace_of_four_queens() {
    let text = begins_with(
        &["trace", "4"],
        &[
            "place row 1 col 1",
            "  conflict row 2 col 1: attacked by row 1 col 1 (column)",
            "  conflict row 2 col 2: attacked by row 1 col 1 (diagonal \\)",
            "  place row 2 col 3",
            "    conflict row 3 col 1: attacked by row 1 col 1 (column)",
            "    conflict row 3 col 2: attacked by row 2 col 3 (diagonal /)",
        ],
    );
    let lines: Vec<&str> = text.lines().collect();
    let solutions: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| l.starts_with("solution"))
        .collect();
    assert_eq!(solutions, ["solution 1: 2 4 1 3", "solution 2: 3 1 4 2"]);
    run(&["trace", "13"])
        .code(2)
        .stderr(predicate::str::contains("from 1 to 12"));
}

#[test]
fn trace_with_calls_and_checks() {
    let text = begins_with(
        &["trace", "4", "--calls"],
        &[
            "call row 1",
            "place row 1 col 1",
            "  call row 2",
            "  conflict row 2 col 1: attacked by row 1 col 1 (column)",
        ],
    );
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.last(), Some(&"return row 1: 2 found"));
    // The moves are the trace's, in its order.
    let plain = stdout_of(&["trace", "4"]);
    let moves: Vec<&str> = (lines.iter().copied())
        .filter(|l| !l.trim_start().starts_with("call") && !l.trim_start().starts_with("return"))
        .collect();
    assert_eq!(moves, plain.lines().collect::<Vec<_>>());
    let text = begins_with(
        &["trace", "4", "--calls", "--checks", "--json"],
        &[
            r#"{"step":"call","row":0}"#,
            r#"{"step":"check","row":0,"col":0}"#,
            r#"{"step":"safe","row":0,"col":0}"#,
        ],
    );
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines.last(),
        Some(&r#"{"step":"return","row":0,"found":2}"#)
    );
    // --checks tells the scan's calls of safe, which only --calls makes steps of.
    run(&["trace", "4", "--checks"])
        .code(2)
        .stderr(predicate::str::contains("--calls"));
}
