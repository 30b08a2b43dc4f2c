//! `count --board`, `list --board` and the picture formats, through the real binary.

mod common;

use common::{board_file, nqueens, path_arg, run, run_with, stdout_of};

use predicates::prelude::*;

/// 6×6: a queen given in row 1, two blocked squares; exactly one completion (2 4 6 1 3 5).
const PUZZLE6: &str = ".Q....\n......\n...x..\n......\nx.....\n......\n";

#[test]
fn count_and_list_a_board() {
    let path = board_file("puzzle6.txt", PUZZLE6);
    let path = path_arg(&path);
    assert_eq!(stdout_of(&["count", "--board", path]), "1\n");
    run(&["count", "--threads", "2", "--json", "--board", path])
        .success()
        .stdout(predicate::str::contains(
            "\"n\":6,\"method\":\"bitmask\",\"solutions\":1,\"threads\":2",
        ));
    let listed = stdout_of(&["list", "--format", "perm", "--board", path]);
    assert_eq!(listed, "2 4 6 1 3 5\n");
}

#[test]
fn an_empty_board_completes_like_plain_listing() {
    let path = board_file("empty8.txt", &"........\n".repeat(8));
    let path = path_arg(&path);
    assert_eq!(stdout_of(&["count", "--board", path]), "92\n");
    let plain = nqueens()
        .args(["list", "8", "--format", "perm"])
        .output()
        .unwrap();
    run(&["list", "--format", "perm", "--board", path])
        .success()
        .stdout(plain.stdout);
}

#[test]
fn board_from_stdin_and_unsolvable_boards() {
    for (args, board, stdout) in [
        (&["count", "--board", "-"][..], "Q..\n...\n...\n", "0\n"),
        (
            &["list", "--board", "-", "--limit", "1"],
            "....\n....\n....\n....\n",
            ".Q..\n...Q\nQ...\n..Q.\n",
        ),
    ] {
        run_with(args, board).success().stdout(stdout);
    }
}

#[test]
fn bad_boards_exit_2_with_one_line() {
    let cases: &[(&str, &str)] = &[
        ("..\n.z\n", "row 2, column 2: unexpected character 'z'"),
        (
            "...\n..\n...\n",
            "row 2 has 2 squares but the board has 3 rows",
        ),
        ("Q.Q\n...\n...\n", "row 1 has two queens"),
        (
            "Q...\n....\n..Q.\n....\n",
            "row 1, column 1 and row 3, column 3 attack",
        ),
    ];
    for (i, &(text, want)) in cases.iter().enumerate() {
        let path = board_file(&format!("bad{i}.txt"), text);
        let out = nqueens()
            .args(["count", "--board"])
            .arg(&path)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{text:?}");
        assert!(out.stdout.is_empty());
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.starts_with("nqueens: board "), "{err}");
        assert!(err.contains(want), "{text:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    run(&["list", "--board", "/no/such/board.txt"])
        .code(2)
        .stderr(predicate::str::starts_with(
            "nqueens: cannot read board /no/such/board.txt",
        ));
}

#[test]
fn n_or_board_exactly_once() {
    let path = board_file("four.txt", &"....\n".repeat(4));
    run(&["count"]).code(2).stderr(
        predicate::str::contains("<N|--board <FILE>|--resume <FILE>>")
            .and(predicate::str::contains("\n").count(1)),
    );
    for args in [
        &["count", "4", "--board", path_arg(&path)][..],
        &["list", "--method", "naive", "--board", path_arg(&path)],
    ] {
        run(args)
            .code(2)
            .stderr(predicate::str::contains("cannot be used with"));
    }
}

#[test]
fn svg_is_one_document_with_a_board_each() {
    let out = nqueens()
        .args(["list", "6", "--format", "svg"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let svg = String::from_utf8(out.stdout).unwrap();
    assert!(svg.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns="));
    assert!(svg.ends_with("</svg>\n"));
    assert_eq!(svg.matches("<svg").count(), 1);
    assert_eq!(svg.matches("<g transform=").count(), 4);
    assert_eq!(svg.matches("href=\"#queen\"").count(), 24);
    assert!(svg.contains("<title>2 4 6 1 3 5</title>"));
    // Four 6×6 boards of 240 px side by side, 16 px apart.
    assert!(svg.contains("<style>:root{width:1040px;height:272px}</style>"));

    // A completion marks its blocked squares; a single board needs no closing size rule.
    let path = board_file("puzzle6-svg.txt", PUZZLE6);
    let out = nqueens()
        .args(["list", "--format", "svg", "--board"])
        .arg(&path)
        .output()
        .unwrap();
    let svg = String::from_utf8(out.stdout).unwrap();
    assert_eq!(svg.matches("href=\"#blocked\"").count(), 2);
    assert!(svg.contains("<use href=\"#blocked\" x=\"3\" y=\"2\""));
    assert!(!svg.contains(":root{width"));

    // No solution: still a document a browser opens.
    run(&["list", "3", "--format", "svg"]).success().stdout(
        predicate::str::contains("no solutions").and(predicate::str::ends_with("</svg>\n")),
    );
}

#[test]
fn unicode_boards() {
    run(&["list", "4", "--format", "unicode"])
        .success()
        .stdout("· ♛ · ▪\n▪ · ▪ ♛\n♛ ▪ · ▪\n▪ · ♛ ·\n\n· ▪ ♛ ▪\n♛ · ▪ ·\n· ▪ · ♛\n▪ ♛ ▪ ·\n");
    run_with(
        &["list", "--format", "unicode", "--board", "-"],
        "x...\n....\n....\n....\n",
    )
    .success()
    .stdout("× ♛ · ▪\n▪ · ▪ ♛\n♛ ▪ · ▪\n▪ · ♛ ·\n\n× ▪ ♛ ▪\n♛ · ▪ ·\n· ▪ · ♛\n▪ ♛ ▪ ·\n");
}

// `trace --board` traces the search on the board: its solutions are the board's completions
// (as `list --board` gives them), its given queen never moves, its blocked squares are never
// tried; the empty board is traced as `trace N`; a board of more than 12 rows is refused.
#[test]
fn trace_a_board() {
    let path = board_file("trace6.txt", PUZZLE6);
    let out = nqueens()
        .args(["trace", "--board"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let solutions: Vec<&str> = text.lines().filter(|l| l.starts_with("solution")).collect();
    assert_eq!(solutions, ["solution 1: 2 4 6 1 3 5"]);
    assert_eq!(
        text.lines().next(),
        Some("  conflict row 2 col 1: attacked by row 1 col 2 (diagonal /)")
    );
    for line in text.lines() {
        // The square of the step, before what attacks it.
        let square = line.split(':').next().unwrap().trim_start();
        assert!(
            !square.contains("row 1 col"),
            "{line}: row 1 has its given queen"
        );
        assert!(!square.ends_with("row 3 col 4"), "{line}: blocked");
        assert!(!square.ends_with("row 5 col 1"), "{line}: blocked");
    }
    run(&["trace", "--calls", "--board", path_arg(&path)])
        .success()
        .stdout(predicate::str::starts_with("  call row 2\n"))
        .stdout(predicate::str::ends_with("  return row 2: 1 found\n"));
    let empty = board_file("trace-empty5.txt", &".....\n".repeat(5));
    let plain = nqueens().args(["trace", "5", "--json"]).output().unwrap();
    run(&["trace", "--json", "--board", path_arg(&empty)])
        .success()
        .stdout(plain.stdout);
    let big = board_file("trace13.txt", &".............\n".repeat(13));
    run(&["trace", "--board", path_arg(&big)])
        .code(2)
        .stderr(predicate::str::contains("12"));
    run(&["trace", "6", "--board", path_arg(&path)]).code(2);
}
