//! The command line's contract: outputs, formats, limits, errors and a closed pipe.

mod common;

use common::{fails_with, run, spawn_piped, stdout_of};

use predicates::prelude::*;
use std::io::Read;

#[test]
fn count_prints_the_number_alone() {
    assert_eq!(stdout_of(&["count", "8"]), "92\n");
    assert_eq!(stdout_of(&["count", "1"]), "1\n");
    assert_eq!(stdout_of(&["count", "2"]), "0\n");
    assert_eq!(stdout_of(&["count", "3"]), "0\n");
    for m in ["naive", "sets", "bitmask"] {
        assert_eq!(stdout_of(&["count", "10", "--method", m]), "724\n");
    }
    assert_eq!(stdout_of(&["count", "12", "--threads", "1"]), "14200\n");
}

#[test]
fn count_json_is_one_object() {
    let text = stdout_of(&["count", "8", "--json", "--method", "sets"]);
    assert_eq!(text.lines().count(), 1);
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["n"], 8);
    assert_eq!(v["solutions"], 92);
    assert_eq!(v["method"], "sets");
}

#[test]
fn list_board_format() {
    assert_eq!(
        stdout_of(&["list", "4"]),
        ".Q..\n...Q\nQ...\n..Q.\n\n..Q.\nQ...\n...Q\n.Q..\n"
    );
    assert_eq!(stdout_of(&["list", "1"]), "Q\n");
    assert_eq!(stdout_of(&["list", "2"]), "");
}

#[test]
fn list_leetcode_format() {
    let leetcode = |n| stdout_of(&["list", n, "--format", "leetcode"]);
    assert_eq!(
        leetcode("4"),
        "[[\".Q..\",\"...Q\",\"Q...\",\"..Q.\"],[\"..Q.\",\"Q...\",\"...Q\",\".Q..\"]]\n"
    );
    assert_eq!(leetcode("1"), "[[\"Q\"]]\n");
    assert_eq!(leetcode("3"), "[]\n");
    // The whole listing is one JSON value with every board.
    let v: serde_json::Value =
        serde_json::from_str(&stdout_of(&["list", "8", "-f", "leetcode"])).unwrap();
    assert_eq!(v.as_array().unwrap().len(), 92);
}

#[test]
fn list_perm_and_json_formats() {
    let four = |format| stdout_of(&["list", "4", "--format", format]);
    assert_eq!(four("perm"), "2 4 1 3\n3 1 4 2\n");
    assert_eq!(
        four("json"),
        "{\"columns\":[1,3,0,2]}\n{\"columns\":[2,0,3,1]}\n"
    );
    let lines = stdout_of(&["list", "10", "--format", "json"]);
    assert_eq!(lines.lines().count(), 724);
}

#[test]
fn list_limit_stops_early_and_keeps_the_order() {
    let all = stdout_of(&["list", "8", "-f", "perm"]);
    let three = stdout_of(&["list", "8", "-f", "perm", "--limit", "3"]);
    let first_three: Vec<&str> = all.lines().take(3).collect();
    assert_eq!(three.lines().collect::<Vec<_>>(), first_three);
    assert_eq!(three.lines().next(), Some("1 5 8 6 3 7 2 4"));
    assert_eq!(stdout_of(&["list", "8", "--limit", "0"]), "");
    assert_eq!(
        stdout_of(&["list", "6", "-f", "leetcode", "--limit", "1"]),
        "[[\".Q....\",\"...Q..\",\".....Q\",\"Q.....\",\"..Q...\",\"....Q.\"]]\n"
    );
}

#[test]
fn every_method_lists_the_same() {
    let expected = stdout_of(&["list", "7", "-f", "perm"]);
    for m in ["naive", "sets", "bitmask"] {
        assert_eq!(
            stdout_of(&["list", "7", "-f", "perm", "--method", m]),
            expected
        );
    }
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    fails_with(&["count", "0"], "from 1 to 64");
    fails_with(&["count", "65"], "from 1 to 64");
    fails_with(&["count", "-3"], "from 1 to 64");
    fails_with(&["count", "abc"], "from 1 to 64");
    fails_with(&["list", "99999999999999999999999"], "from 1 to 64");
    fails_with(&["count"], "from 1 to 64");
    fails_with(&["list"], "from 1 to 64");
    fails_with(&["count", "8", "--frobnicate"], "--frobnicate");
    fails_with(
        &["list", "8", "--format", "png"],
        "board, leetcode, perm, json",
    );
    fails_with(&["count", "8", "--method", "magic"], "naive");
    fails_with(&["list", "8", "--limit", "many"], "many");
    fails_with(&["count", "8", "--threads", "0"], "from 1 to 1024");
    fails_with(&["solve", "8"], "solve");
    fails_with(&[], "count");
}

#[test]
fn help_and_version() {
    for sub in ["count", "list"] {
        run(&[sub, "--help"])
            .success()
            .stdout(predicate::str::contains("Examples:"));
    }
    run(&["--help"])
        .success()
        .stdout(predicate::str::contains("count").and(predicate::str::contains("list")));
    run(&["--version"])
        .success()
        .stdout(predicate::str::starts_with("nqueens "));
}

#[test]
fn closed_stdout_ends_quietly_with_success() {
    let mut child = spawn_piped(&["list", "14"]);
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 64];
    stdout.read_exact(&mut first).unwrap();
    assert!(first.starts_with(b"Q............."));
    drop(stdout); // the reader goes away, as `head` does
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The JSON that `merge --help` shows is what merging eight shards of n = 16 prints, method and
/// all (it once showed a method that no longer counts such shards).
#[test]
fn merge_help_shows_what_merge_prints() {
    let help = stdout_of(&["merge", "--help"]);
    let (command, shown) = help
        .lines()
        .find_map(|l| l.trim().strip_prefix("nqueens merge --json shard-*.json"))
        .map(|shown| ("merge --json", shown.trim().to_string()))
        .expect("merge --help shows a merge --json example");
    let dir = common::scratch("merge-help");
    let mut files = Vec::new();
    for i in 0..8 {
        let path = dir.join(format!("shard-{i}.json"));
        let record = stdout_of(&["count", "16", "--shard", &format!("{i}/8"), "--json"]);
        std::fs::write(&path, record).unwrap();
        files.push(path.display().to_string());
    }
    let mut args: Vec<&str> = command.split(' ').collect();
    args.extend(files.iter().map(String::as_str));
    assert_eq!(stdout_of(&args).trim(), shown);
}
