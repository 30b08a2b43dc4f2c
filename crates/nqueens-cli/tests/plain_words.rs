//! What a new user meets at the edges: an interrupted count says what was lost, a second board
//! size is named as one, an output that is closed from the start is an error rather than an
//! answer lost, a part of a count is never shown as the whole, and a replaced checkpoint is kept.

mod common;

use common::{binary, fails_with, finish_within, nqueens, process, scratch_path};
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::Duration;

#[test]
fn an_interrupted_count_without_a_checkpoint_says_what_was_lost() {
    for signal in ["-INT", "-TERM"] {
        let mut child = process()
            .args(["count", "20", "--progress"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // The first progress line: the handlers are in place and the count is under way.
        let mut stderr = BufReader::new(child.stderr.take().unwrap());
        let mut first = String::new();
        stderr.read_line(&mut first).unwrap();
        let sent = Command::new("kill")
            .args([signal, &child.id().to_string()])
            .status()
            .unwrap();
        assert!(sent.success());
        let mut rest = String::new();
        let out = finish_within(child, Duration::from_secs(30), "count 20");
        std::io::Read::read_to_string(&mut stderr, &mut rest).unwrap();
        assert_eq!(out.status.code(), Some(130), "{signal}: {rest}");
        assert!(out.stdout.is_empty());
        assert_eq!(
            rest.lines().last(),
            Some(
                "nqueens: interrupted; nothing was saved (a count with --checkpoint FILE keeps \
                 its finished work, and --resume FILE continues it)"
            ),
            "{signal}: {first}{rest}"
        );
    }
}

#[test]
fn a_second_board_size_is_named_as_one() {
    for sub in ["count", "list", "find", "trace"] {
        fails_with(
            &[sub, "8", "9"],
            &format!(
                "unexpected argument '9' found; {sub} takes one board size N (run it once for \
                 each size)"
            ),
        );
    }
    // An unknown flag is not a board size.
    let out = nqueens().args(["count", "8", "--fast"]).assert().code(2);
    let err = String::from_utf8_lossy(&out.get_output().stderr).to_string();
    assert!(!err.contains("board size"), "{err}");
}

#[test]
fn a_closed_standard_output_is_an_error_on_every_command() {
    let (dir, input) = scratch_path("closed-stdout", "in.txt");
    std::fs::write(&input, "2 4 1 3\n").unwrap();
    let input = input.display().to_string();
    for args in [
        "count 8",
        "count 8 --json",
        "list 6",
        "find 8",
        "trace 4",
        &format!("verify {input}"),
        "completions bash",
        "man",
        "--help",
    ] {
        let out = Command::new("bash")
            .arg("-c")
            .arg(format!("'{}' {args} >&-", binary().display()))
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args}: {err}");
        assert_eq!(
            err, "nqueens: cannot write the output: standard output is closed\n",
            "{args}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_shard_is_never_shown_as_the_whole() {
    let (dir, path) = scratch_path("part", "part.ckpt");
    let note = "nqueens: this is shard 1/3 of the count, not its total: count every shard with \
                --shard I/3 --json and add them with 'nqueens merge'\n";
    let p = path.to_str().unwrap();
    for args in [
        &["count", "12", "--shard", "1/3"][..],
        &["count", "12", "--shard", "1/3", "--checkpoint", p],
        // Continued from the shard's checkpoint, with or without N: still that shard.
        &["count", "12", "--resume", p],
        &["count", "--resume", p],
    ] {
        nqueens()
            .args(args)
            .assert()
            .success()
            .stdout("4504\n")
            .stderr(note);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn merge_says_where_a_line_is_wrong_once() {
    let out = nqueens()
        .args(["merge", "-"])
        .write_stdin("{\"x\":1}\n")
        .assert()
        .code(2)
        .get_output()
        .stderr
        .clone();
    let err = String::from_utf8(out).unwrap();
    assert!(err.starts_with("nqueens: -, line 1: not a shard record (unknown field `x`"));
    assert!(err.ends_with(", at column 4)\n"), "{err}");
    assert_eq!(err.matches("line").count(), 1, "{err}");
}
