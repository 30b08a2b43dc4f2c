//! The command line against a hostile user: outputs that fail, inputs that never end or are not
//! what they claim to be, saved work that lies about its counts, a stop at an awkward moment.
//! Each promise of README is tested on every command and format it covers.

mod common;

use common::{nqueens, scratch};
use nqueens::Method;
use nqueens::counting::plan_for;
use nqueens::run::checkpoint::Checkpoint;
use nqueens::run::shard::Shard;
use predicates::prelude::*;
use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

#[test]
fn verify_refuses_a_board_that_is_not_square() {
    for (svg, needle) in [
        (
            "<svg><g><rect width=\"5\" height=\"6\"/></g></svg>",
            "line 1: an SVG board of 5×6 squares",
        ),
        (
            "<svg>\n<g><rect width=\"8\" height=\"4\"/><use href=\"#queen\" x=\"0\" y=\"0\"/></g>\
             </svg>",
            "line 2: an SVG board of 8×4 squares",
        ),
        (
            "<svg><g><rect width=\"4\"/></g></svg>",
            "without a whole number 'height'",
        ),
    ] {
        for json in [false, true] {
            let mut cmd = nqueens();
            cmd.arg("verify");
            if json {
                cmd.arg("--json");
            }
            cmd.write_stdin(svg)
                .assert()
                .code(2)
                .stdout("")
                .stderr(predicate::str::contains(needle));
        }
    }
    // What list draws still reads.
    let drawn = nqueens()
        .args(["list", "6", "--format", "svg"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    nqueens()
        .arg("verify")
        .write_stdin(drawn)
        .assert()
        .success()
        .stdout("valid\n".repeat(4));
}

fn bin() -> Command {
    Command::new(assert_cmd::cargo::cargo_bin("nqueens"))
}

/// Waits for `child` at most `limit`; a child still running then is killed and the test fails.
fn finish_within(mut child: Child, limit: Duration, what: &str) -> Output {
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what}: still running after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

/// A file of `copies` placements of n = 8, enough output for `verify` to outrun a pipe.
fn placements(dir: &Path, copies: usize) -> PathBuf {
    let path = dir.join("placements.txt");
    std::fs::write(&path, "1 5 8 6 3 7 2 4\n".repeat(copies)).unwrap();
    path
}

/// The commands that print, one of each output path: numbers, JSON, streamed listings,
/// traces, verdicts, help, version, completions, the manual page.
fn printing_commands(input: &Path) -> Vec<Vec<String>> {
    let input = input.to_str().unwrap();
    let lines: &[&[&str]] = &[
        &["trace", "8", "--json"],
        &["trace", "8"],
        &["verify", "--json", input],
        &["verify", input],
        &["list", "10", "--json"],
        &["list", "10"],
        &["find", "5000", "--format", "perm"],
        &["count", "8"],
        &["count", "8", "--json"],
        &["completions", "bash"],
        &["completions", "zsh"],
        &["completions", "fish"],
        &["man"],
        &["--help"],
        &["--version"],
        &["count", "--help"],
        &["help", "count"],
    ];
    lines
        .iter()
        .map(|l| l.iter().map(|s| s.to_string()).collect())
        .collect()
}

#[test]
fn a_closed_pipe_ends_every_command_quietly() {
    let dir = scratch("closed-pipe");
    let input = placements(&dir, 5000);
    let mut failed = Vec::new();
    for args in printing_commands(&input) {
        // The reader reads one byte and goes away, as `| head -c 1` does.
        let mut child = bin()
            .args(&args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdout = child.stdout.take().unwrap();
        let mut first = [0u8; 1];
        let _ = stdout.read(&mut first).unwrap();
        drop(stdout);
        let out = finish_within(child, Duration::from_secs(60), &args.join(" "));
        let err = String::from_utf8_lossy(&out.stderr);
        if out.status.code() != Some(0) || !err.is_empty() {
            failed.push(format!("{args:?}: {:?} {err}", out.status.code()));
        }
    }
    // Every command that fails is named, not only the first.
    assert!(failed.is_empty(), "{failed:#?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_full_disk_is_an_error_on_every_command() {
    let dir = scratch("full-disk");
    let input = placements(&dir, 3);
    let mut failed = Vec::new();
    for args in printing_commands(&input) {
        let out = bin()
            .args(&args)
            .stdout(File::create("/dev/full").unwrap())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        let one_line = err.lines().count() == 1 && err.contains("No space left on device");
        if out.status.code() != Some(1) || !one_line {
            failed.push(format!("{args:?}: {:?} {err}", out.status.code()));
        }
    }
    // Every command that fails is named, not only the first.
    assert!(failed.is_empty(), "{failed:#?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A checkpoint of part 1 of 2 of n = 12 (bit-mask split) with a few subproblems done.
fn partial_shard_checkpoint(path: &Path) {
    let plan = plan_for(12, Method::Bitmask).unwrap();
    let shard = Shard::new(1, 2).unwrap();
    let mut cp = Checkpoint::new(plan.id(), shard, None);
    for i in shard.indices(plan.len()).take(5) {
        cp.record(i, plan.count_one(i));
    }
    cp.save(path).unwrap();
}

#[test]
fn a_resumed_shard_is_still_a_shard() {
    let dir = scratch("resumed-shard");
    let path = dir.join("sh.ckpt");
    partial_shard_checkpoint(&path);
    let resumed = nqueens()
        .args(["count", "--json", "--resume"])
        .arg(&path)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let record = String::from_utf8(resumed).unwrap();
    assert!(record.contains("\"shard\":1,\"shards\":2"), "{record}");
    let other = nqueens()
        .args([
            "count", "12", "--method", "bitmask", "--shard", "0/2", "--json",
        ])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let (r1, r0) = (dir.join("r1.json"), dir.join("r0.json"));
    std::fs::write(&r1, &record).unwrap();
    std::fs::write(&r0, other).unwrap();
    nqueens()
        .arg("merge")
        .args([&r0, &r1])
        .assert()
        .success()
        .stdout("14200\n");
    // Resumed with N given too, and once more when there is nothing left to count.
    let again = nqueens()
        .args(["count", "12", "--json", "--resume"])
        .arg(&path)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    assert_eq!(String::from_utf8(again).unwrap(), record);
    std::fs::remove_dir_all(&dir).unwrap();
}
