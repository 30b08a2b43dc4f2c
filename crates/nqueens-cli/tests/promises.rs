//! The command line keeps its word on hostile input and long runs: no panic, no wrapped sum, a
//! finished count never thrown away, progress and a clean stop at any size, one number grammar,
//! one JSON vocabulary, and the pieces a user expects (completions, manual page, version).

mod common;

use common::{
    fails_with, path_arg, process as bin, run, run_with, scratch, scratch_path, send_signal,
    spawn_reading_stderr, start_checkpointed_count, stdout_of,
};
use nqueens::internals::Checkpoint;
use nqueens::plan_for;
use nqueens::shard::Shard;
use nqueens::{Counts, Method};
use predicates::prelude::*;
use std::fs::File;
use std::path::Path;
use std::time::{Duration, Instant};

#[test]
fn huge_shard_counts_are_refused_not_allocated() {
    fails_with(
        &["count", "10", "--shard", "5/18446744073709551615", "--json"],
        "K must be a whole number from 1 to 1,000,000",
    );
    // A record written by hand with an absurd K: a refusal, not a panic or an abort.
    let dir = scratch("huge-shards");
    for k in ["18446744073709551615", "17179869184", "4611686018427387904"] {
        let record = format!(
            "{{\"n\":10,\"method\":\"bitmask\",\"shard\":5,\"shards\":{k},\"subproblems\":24,\
             \"fingerprint\":\"0123456789abcdef\",\"solutions\":1}}\n"
        );
        let path = dir.join("k.json");
        std::fs::write(&path, record).unwrap();
        let out = run(&["merge", path_arg(&path)])
            .code(2)
            .get_output()
            .clone();
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains("not a shard record"), "{k}: {err}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_unwritable_stderr_is_no_panic() {
    for (args, code, stdout) in [
        (&["count", "65"][..], 2, ""),
        (&["find", "12", "--random"][..], 0, "\n"),
        (&["count", "8", "--progress"][..], 0, "92\n"),
    ] {
        let out = bin()
            .args(args)
            .stderr(File::create("/dev/full").unwrap())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(code), "{args:?}");
        let printed = String::from_utf8(out.stdout).unwrap();
        assert!(printed.ends_with(stdout), "{args:?}: {printed:?}");
        if args[0] == "find" {
            // The random board still comes out, whole.
            assert_eq!(printed.split_whitespace().count(), 12, "{printed}");
        }
    }
}

#[test]
fn sums_that_would_overflow_are_refused_as_damage() {
    let dir = scratch("overflow");
    // Shard records whose counts add up past 2^128.
    let plan = plan_for(9, Method::Bitmask).unwrap();
    for i in 0..2 {
        let record = nqueens::shard::ShardRecord {
            id: plan.id(),
            shard: Shard::new(i, 2).unwrap(),
            counts: Counts::total(u128::MAX),
            unique: false,
        };
        std::fs::write(
            dir.join(format!("s{i}.json")),
            serde_json::to_string(&record).unwrap(),
        )
        .unwrap();
    }
    let (s0, s1) = (dir.join("s0.json"), dir.join("s1.json"));
    run(&["merge", path_arg(&s0), path_arg(&s1)])
        .code(2)
        .stderr(predicate::str::contains("damaged"));
    // A checkpoint holding such counts, its checksum intact.
    let path = dir.join("c.ckpt");
    let mut cp = Checkpoint::new(plan.id(), Shard::WHOLE, None);
    cp.record(0, Counts::total(u128::MAX));
    cp.record(1, Counts::total(u128::MAX));
    cp.save(&path).unwrap();
    run(&["count", "--resume", path_arg(&path)])
        .code(2)
        .stderr(predicate::str::contains("damaged"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_finished_count_is_printed_even_when_its_last_save_fails() {
    let (dir, sub) = scratch_path("lost-dir", "gone");
    std::fs::create_dir_all(&sub).unwrap();
    let path = sub.join("q.ckpt");
    let child = start_checkpointed_count(&path);
    // The first save comes at once; then the directory goes away.
    let start = Instant::now();
    while !path.exists() {
        assert!(start.elapsed() < Duration::from_secs(30), "no first save");
        std::thread::sleep(Duration::from_millis(5));
    }
    std::fs::remove_dir_all(&sub).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "14772512\n");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("cannot write checkpoint"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A child process that is killed when dropped, so that a failing test leaves no count of
/// n = 64 running behind it.
struct Running(Option<std::process::Child>);

impl Running {
    fn id(&self) -> u32 {
        self.0.as_ref().unwrap().id()
    }
    fn wait_with_output(mut self) -> std::process::Output {
        self.0.take().unwrap().wait_with_output().unwrap()
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        if let Some(child) = &mut self.0 {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// Starts `nqueens ARGS` with stderr piped and returns the child, killed when dropped, and a
/// reader of stderr lines.
fn spawn(args: &[&str]) -> (Running, std::sync::mpsc::Receiver<String>) {
    let (child, lines) = spawn_reading_stderr(args);
    (Running(Some(child)), lines)
}

#[test]
fn the_largest_boards_show_progress_and_stop_on_the_first_ctrl_c() {
    let (dir, path) = scratch_path("n64", "q64.ckpt");
    let p = path.to_str().unwrap();
    let (child, lines) = spawn(&["count", "64", "--progress", "--checkpoint", p]);
    // Lines within seconds, though no subproblem of n = 64 ever ends in that time: while the
    // list of subproblems is built, then with the branches searched.
    let searching = loop {
        let line = lines
            .recv_timeout(Duration::from_secs(60))
            .expect("a progress line");
        assert!(line.starts_with("progress: "), "{line}");
        if line.contains("branches searched") {
            break line;
        }
        assert!(line.contains("preparing the count"), "{line}");
    };
    assert!(
        searching.starts_with("progress: 0/1677782 subproblems"),
        "{searching}"
    );
    let asked = Instant::now();
    send_signal(child.id(), "-INT");
    let out = child.wait_with_output();
    assert!(
        asked.elapsed() < Duration::from_secs(60),
        "{:?}",
        asked.elapsed()
    );
    assert_eq!(out.status.code(), Some(130));
    // Read to the end of its stderr: the reader thread may still be passing the last lines on.
    let rest: Vec<String> = lines.iter().collect();
    assert!(
        rest.iter()
            .any(|l| l.contains("stopped; 0 of 1677782 subproblems saved")),
        "{rest:?}"
    );
    assert!(Checkpoint::load(&path).is_ok());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn long_subproblems_show_progress_without_a_checkpoint() {
    let (_child, lines) = spawn(&["count", "24", "--method", "symmetry", "--progress"]);
    let first = lines
        .recv_timeout(Duration::from_secs(60))
        .expect("a progress line");
    assert!(
        first.contains("subproblems") && first.contains("branches searched"),
        "{first}"
    );
}

/// A count long enough to show progress (n = 17 on one thread takes most of a minute), which
/// [`common::on_terminal`] stops with Ctrl-C once its progress names the subproblems.
#[cfg(unix)]
fn counted_on_terminal(term: &str) -> String {
    let args = ["count", "17", "--method", "symmetry", "--threads", "1"];
    let (code, written) = common::on_terminal(&args, term, &[], |w| {
        String::from_utf8_lossy(w).contains(" subproblems")
    });
    let text = String::from_utf8_lossy(&written).into_owned();
    assert_eq!(code, Some(130), "{text:?}");
    assert!(
        text.contains("nqueens: interrupted; nothing was saved"),
        "{text:?}"
    );
    text
}

#[cfg(unix)]
#[test]
fn a_dumb_terminal_gets_plain_progress_lines_and_no_cursor_codes() {
    // TERM=dumb (Emacs' shell): no escape code at all, the progress as plain lines.
    let dumb = counted_on_terminal("dumb");
    assert!(!dumb.contains('\x1b'), "{dumb:?}");
    assert!(
        dumb.lines().any(|l| l.starts_with("progress: ")
            && l.contains(" subproblems (")
            && l.trim_end_matches('\r').ends_with(')')),
        "{dumb:?}"
    );
    // Any other terminal gets the bar, drawn and cleared with cursor codes.
    let xterm = counted_on_terminal("xterm");
    assert!(xterm.contains("\x1b[2K"), "{xterm:?}");
    assert!(!xterm.contains("progress: "), "{xterm:?}");
}

#[cfg(unix)]
#[test]
fn help_on_a_terminal_is_coloured_only_where_the_terminal_and_the_user_allow() {
    let help = |term: &str, env: &[(&str, &str)]| {
        let (code, written) = common::on_terminal(&["count", "--help"], term, env, |_| false);
        assert_eq!(code, Some(0));
        let text = String::from_utf8_lossy(&written).into_owned();
        assert!(text.contains("--checkpoint"), "{text:?}");
        text
    };
    assert!(help("xterm", &[]).contains('\x1b'));
    assert!(!help("dumb", &[]).contains('\x1b'));
    // Not even where `CI` is set, which makes clap colour any terminal.
    assert!(!help("dumb", &[("CI", "true")]).contains('\x1b'));
    assert!(!help("xterm", &[("NO_COLOR", "1")]).contains('\x1b'));
    // A refusal is one plain line on any terminal.
    let (code, written) = common::on_terminal(&["count", "8", "--bogus"], "xterm", &[], |_| false);
    let text = String::from_utf8_lossy(&written).into_owned();
    assert_eq!(code, Some(2), "{text:?}");
    assert!(
        text.starts_with("nqueens: unexpected argument '--bogus'"),
        "{text:?}"
    );
    assert!(!text.contains('\x1b'), "{text:?}");
}

#[test]
fn every_number_follows_one_grammar_and_names_its_range() {
    // Each line: the arguments, split at spaces, and what the one line on stderr names.
    let cases = "\
        find -3 | N must be a whole number from 1 to 1,000,000,000
        count 8 --threads -1 | T must be a whole number from 1 to 1024
        list 8 --limit -1 | K must be a whole number from 0 to
        find 8 --seed -1 | S must be a whole number from 0 to
        count 8 --checkpoint x --checkpoint-every -1 | SECS must be a whole number from 1 to 86,400
        count 8 --shard -1/3 | I must be a whole number from 0 to 2
        list 8 --limit abc | not a whole number: K must be
        find 8 --seed abc | not a whole number: S must be
        find | N is the board size, from 1 to 1,000,000,000
        trace | N is the board size, from 1 to 12
        count | N is the board size, from 1 to 64
        count 999999999999999999999999999999999999999999999 | out of range: N must be a whole \
        number from 1 to 64
        find _8 | not a whole number
        trace 8_ | not a whole number
        count 1__0 | not a whole number
        count 8 --jsn | tip: a similar argument exists: '--json'";
    for case in cases.lines() {
        let (args, range) = case.trim().split_once(" | ").unwrap();
        fails_with(&args.split(' ').collect::<Vec<_>>(), range);
    }
    // The same accepted forms everywhere.
    assert_eq!(stdout_of(&["count", "1_0"]), "724\n");
    assert_eq!(stdout_of(&["trace", "0_4"]).lines().count(), 78);
    assert_eq!(
        stdout_of(&["list", "8", "--limit", "0_2", "-f", "perm"])
            .lines()
            .count(),
        2
    );
}

#[test]
fn messages_say_what_is_really_wrong() {
    fails_with(&["verify", "/"], "cannot read /");
    let out = run_with(
        &["verify"],
        "{\"n\":99999999999999999999999,\"columns\":[0]}\n",
    )
    .code(2)
    .get_output()
    .clone();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("\"n\" is too large"), "{err}");
    // An empty board file is the plain board: --unique counts its classes.
    let (dir, empty) = scratch_path("wording", "empty8.txt");
    std::fs::write(&empty, "........\n".repeat(8)).unwrap();
    let counted = stdout_of(&["count", "--unique", "--board", path_arg(&empty)]);
    assert_eq!(counted, "12\n");
    // A board checkpoint resumes from the file alone; given a plain checkpoint with a board,
    // the message says what differs, with no advice --board forbids.
    let board = dir.join("b.txt");
    std::fs::write(&board, ".Q....\n......\n...x..\n......\nx.....\n......\n").unwrap();
    let ckpt = dir.join("b.ckpt");
    let (board, ckpt) = (path_arg(&board), path_arg(&ckpt));
    let counted = stdout_of(&["count", "--board", board, "--checkpoint", ckpt]);
    assert_eq!(counted, "1\n");
    assert_eq!(stdout_of(&["count", "--resume", ckpt]), "1\n");
    let plain = dir.join("plain.ckpt");
    let plain = path_arg(&plain);
    run(&["count", "6", "--method", "bitmask", "--checkpoint", plain]).success();
    let out = run(&["count", "--board", board, "--resume", plain])
        .code(2)
        .get_output()
        .clone();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("it is for the empty board"), "{err}");
    assert!(!err.contains("--method"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn verify_reads_every_format_list_writes() {
    for format in ["board", "leetcode", "perm", "json", "svg", "unicode"] {
        let listing = stdout_of(&["list", "7", "--format", format]);
        let out = run_with(&["verify"], listing)
            .success()
            .get_output()
            .clone();
        let out = String::from_utf8(out.stdout).unwrap();
        assert_eq!(out, "valid\n".repeat(40), "{format}");
    }
}

#[test]
fn every_command_speaks_one_json() {
    let field = |line: &str, key: &str| -> serde_json::Value {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        v[key].clone()
    };
    let count = stdout_of(&["count", "8", "--json"]);
    assert_eq!(field(&count, "solutions"), 92);
    assert_eq!(field(&count, "unique"), 12);
    let list = stdout_of(&["list", "4", "--json"]);
    assert_eq!(
        field(list.lines().next().unwrap(), "columns"),
        serde_json::json!([1, 3, 0, 2])
    );
    assert_eq!(
        stdout_of(&["list", "4", "--json"]),
        stdout_of(&["list", "4", "-f", "json"])
    );
    let find = stdout_of(&["find", "5", "--json"]);
    assert_eq!(field(&find, "columns"), serde_json::json!([1, 3, 0, 2, 4]));
    let trace = stdout_of(&["trace", "4", "--json"]);
    let steps: Vec<&str> = trace.lines().collect();
    assert_eq!(steps.len(), 78);
    assert_eq!(field(steps[0], "step"), "place");
    let solutions: Vec<serde_json::Value> = steps
        .iter()
        .filter(|l| field(l, "step") == "solution")
        .map(|l| field(l, "columns"))
        .collect();
    assert_eq!(
        solutions,
        [
            serde_json::json!([1, 3, 0, 2]),
            serde_json::json!([2, 0, 3, 1])
        ]
    );
    let verdicts = run_with(&["verify", "--json"], "2 4 1 3\n1 3 1\n").code(1);
    let verdicts = String::from_utf8(verdicts.get_output().stdout.clone()).unwrap();
    let lines: Vec<&str> = verdicts.lines().collect();
    assert_eq!(field(lines[0], "valid"), true);
    assert_eq!(field(lines[1], "valid"), false);
    assert_eq!(
        field(lines[1], "conflict"),
        serde_json::json!({"kind": "attack", "along": "column",
            "first": {"row": 0, "col": 0}, "second": {"row": 2, "col": 0}})
    );
    // The library's types write the same names.
    let counts =
        serde_json::to_value(nqueens::Count::new(8).unique(true).run().unwrap().counts).unwrap();
    assert_eq!(counts["solutions"], field(&count, "solutions"));
    assert_eq!(counts["classes"], field(&count, "classes"));
}

#[test]
fn completions_manual_page_license_and_version() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let script = stdout_of(&["completions", shell]);
        assert!(script.contains("nqueens"), "{shell}");
        assert!(script.contains("--checkpoint"), "{shell}");
    }
    fails_with(&["completions", "tcsh"], "possible values");
    let man = stdout_of(&["man"]);
    assert!(
        man.starts_with(".ie") || man.contains(".TH nqueens"),
        "{man}"
    );
    assert!(man.contains("completions"));
    let version = stdout_of(&["--version"]);
    assert!(version.starts_with("nqueens "), "{version}");
    assert!(version.contains("built with: mpi ("), "{version}");
    assert!(version.contains("halves kernels with AVX2 ("), "{version}");
    assert!(version.contains("with AVX-512 ("), "{version}");
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mit = std::fs::read_to_string(root.join("LICENSE-MIT")).unwrap();
    let apache = std::fs::read_to_string(root.join("LICENSE-APACHE")).unwrap();
    assert!(mit.contains("Permission is hereby granted"));
    assert!(apache.contains("Apache License") && apache.contains("Version 2.0"));
}

#[test]
fn a_seed_implies_random_and_resume_needs_no_n() {
    assert_eq!(
        stdout_of(&["find", "12", "--seed", "7"]),
        stdout_of(&["find", "12", "--random", "--seed", "7"])
    );
    let (dir, path) = scratch_path("resume-alone", "q.ckpt");
    let p = path_arg(&path);
    let counted = stdout_of(&["count", "11", "--method", "symmetry", "--checkpoint", p]);
    assert_eq!(counted, "2680\n");
    assert_eq!(stdout_of(&["count", "--unique", "--resume", p]), "341\n");
    std::fs::remove_dir_all(&dir).unwrap();
}
