//! The command line against a hostile user: outputs that fail, inputs that never end or are not
//! what they claim to be, saved work that lies about its counts, a stop at an awkward moment.
//! Each promise of README and the guide is tested on every command and format it covers.

mod common;

use common::{
    binary, finish_within, path_arg, process as bin, run, run_with, scratch, scratch_path,
    send_signal, spawn_piped, spawn_reading_stderr, stdout_of,
};
use nqueens::internals::Checkpoint;
use nqueens::internals::constellation::SymmetryPlan;
use nqueens::plan::Plan;
use nqueens::plan_for;
use nqueens::shard::Shard;
use nqueens::symmetry::SymmetryClasses;
use nqueens::{Counts, Method};
use predicates::prelude::*;
use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
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
        for args in [&["verify"][..], &["verify", "--json"][..]] {
            run_with(args, svg)
                .code(2)
                .stdout("")
                .stderr(predicate::str::contains(needle));
        }
    }
    // What list draws still reads.
    let drawn = stdout_of(&["list", "6", "--format", "svg"]);
    run_with(&["verify"], drawn)
        .success()
        .stdout("valid\n".repeat(4));
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

/// Runs `check` on each of the printing commands, with a file of `copies` placements as their
/// input, in a scratch directory `name`; each returns what went wrong, if anything. Every
/// command that fails is named, not only the first.
fn on_every_printing_command(name: &str, copies: usize, check: impl Fn(&[&str]) -> Option<String>) {
    let dir = scratch(name);
    let input = placements(&dir, copies);
    let failed: Vec<String> = printing_commands(&input)
        .iter()
        .filter_map(|args| check(&args.iter().map(String::as_str).collect::<Vec<_>>()))
        .collect();
    assert!(failed.is_empty(), "{failed:#?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_closed_pipe_ends_every_command_quietly() {
    on_every_printing_command("closed-pipe", 5000, |args| {
        // The reader reads one byte and goes away, as `| head -c 1` does.
        let mut child = spawn_piped(args);
        let mut stdout = child.stdout.take().unwrap();
        let mut first = [0u8; 1];
        let _ = stdout.read(&mut first).unwrap();
        drop(stdout);
        let out = finish_within(child, Duration::from_secs(60), &args.join(" "));
        let err = String::from_utf8_lossy(&out.stderr);
        (out.status.code() != Some(0) || !err.is_empty())
            .then(|| format!("{args:?}: {:?} {err}", out.status.code()))
    });
}

#[test]
fn a_full_disk_is_an_error_on_every_command() {
    on_every_printing_command("full-disk", 3, |args| {
        let out = bin()
            .args(args)
            .stdout(File::create("/dev/full").unwrap())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        let one_line = err.lines().count() == 1 && err.contains("No space left on device");
        (out.status.code() != Some(1) || !one_line)
            .then(|| format!("{args:?}: {:?} {err}", out.status.code()))
    });
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
    let (dir, path) = scratch_path("resumed-shard", "sh.ckpt");
    partial_shard_checkpoint(&path);
    let record = stdout_of(&["count", "--json", "--resume", path_arg(&path)]);
    assert!(record.contains("\"shard\":1,\"shards\":2"), "{record}");
    let other = stdout_of(&[
        "count", "12", "--method", "bitmask", "--shard", "0/2", "--json",
    ]);
    let (r1, r0) = (dir.join("r1.json"), dir.join("r0.json"));
    std::fs::write(&r1, &record).unwrap();
    std::fs::write(&r0, other).unwrap();
    run(&["merge", path_arg(&r0), path_arg(&r1)])
        .success()
        .stdout("14200\n");
    // Resumed with N given too, and once more when there is nothing left to count.
    let again = stdout_of(&["count", "12", "--json", "--resume", path_arg(&path)]);
    assert_eq!(again, record);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn merge_reads_a_bounded_line() {
    let dir = scratch("bounded");
    // An endless file: refused at once, not read until memory runs out.
    let child = spawn_piped(&["merge", "/dev/zero"]);
    let out = finish_within(child, Duration::from_secs(20), "merge /dev/zero");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        err,
        "nqueens: /dev/zero, line 1: not a shard record (a line longer than 4096 bytes)\n"
    );
    // A long line on stdin, after a good record: refused by its number.
    let mut input = stdout_of(&["count", "9", "--shard", "0/1", "--json"]);
    input.push_str(&"{".repeat(1 << 20));
    run_with(&["merge", "-"], input)
        .code(2)
        .stderr("nqueens: -, line 2: not a shard record (a line longer than 4096 bytes)\n");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Writes a shard record of `n` 9 (bit-mask, K = 1) with each `(from, to)` of `changes` replaced
/// in its JSON, in order.
fn record_with(dir: &Path, name: &str, changes: &[(&str, &str)]) -> PathBuf {
    let good = stdout_of(&[
        "count", "9", "--method", "bitmask", "--shard", "0/1", "--json",
    ]);
    let record = (changes.iter()).fold(good, |record, (from, to)| record.replace(from, to));
    let path = dir.join(name);
    std::fs::write(&path, record).unwrap();
    path
}

#[test]
fn merge_refuses_records_no_count_could_make() {
    let dir = scratch("bad-records");
    let (n9, sols, bits, sym) = ("\"n\":9", "\"solutions\":352", "bitmask", "symmetry");
    let classes = "\"solutions\":353,\"unique\":46,\"classes\":{\"rot90\":0,\"rot180\":4,\
                   \"asymmetric\":42}";
    let board = ",\"board\":\"0123456789abcdef\",\"shard\"";
    let cases = [
        (
            "n0",
            &[(n9, "\"n\":0")][..],
            "n = 0 is out of range: n must be from 1 to 64",
        ),
        (
            "n99",
            &[(n9, "\"n\":99")],
            "n = 99 is out of range: n must be from 1 to 64",
        ),
        (
            "halves40",
            &[(n9, "\"n\":40"), (bits, "halves")],
            "n for method halves must be from 1 to 32",
        ),
        (
            "unique",
            &[(sols, "\"solutions\":352,\"unique\":46")],
            "unique solutions or classes from a method that counts none",
        ),
        (
            "classes",
            &[(bits, sym), (sols, classes)],
            "the classes 0,4,42 do not make 353 solutions",
        ),
        (
            "classless",
            &[(bits, sym)],
            "a count by class without its classes",
        ),
        (
            "board",
            &[(bits, sym), (",\"shard\"", board)],
            "method symmetry does not count boards",
        ),
    ];
    for (name, changes, needle) in cases {
        let path = record_with(&dir, name, changes);
        run(&["merge", path_arg(&path)]).code(2).stdout("").stderr(
            predicate::str::contains(needle)
                .and(predicate::str::contains("line 1: not a shard record")),
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Sends `signal` to the child once it says it is preparing the count (its signal handlers
/// are then in place, and the list of subproblems is being built), and returns how long it
/// took to end after that, its output and the rest of its stderr.
fn stop_while_preparing(args: &[&str], signal: &str) -> (Duration, Output, Vec<String>) {
    let (child, lines) = spawn_reading_stderr(args);
    let line = lines
        .recv_timeout(Duration::from_secs(60))
        .expect("a progress line");
    assert!(line.contains("preparing the count"), "{line}");
    let asked = Instant::now();
    send_signal(child.id(), signal);
    let out = finish_within(child, Duration::from_secs(60), &args.join(" "));
    let took = asked.elapsed();
    // Every line the child wrote, read to the end of its stderr: the reader thread may still
    // be passing the last ones on when the child has exited.
    (took, out, lines.iter().collect())
}

#[test]
fn a_stop_is_heeded_while_the_count_is_prepared() {
    let (dir, path) = scratch_path("stop-preparing", "q64.ckpt");
    let p = path.to_str().unwrap();
    // Listing the 1.7 million subproblems of n = 64 takes seconds; a stop then ends it at once.
    for signal in ["-INT", "-TERM"] {
        let args = ["count", "64", "--progress", "--checkpoint", p];
        let (took, out, rest) = stop_while_preparing(&args, signal);
        assert!(took < Duration::from_secs(1), "{signal}: {took:?}");
        assert_eq!(out.status.code(), Some(130), "{signal}: {rest:?}");
        assert!(out.stdout.is_empty());
        assert_eq!(
            rest.last().map(String::as_str),
            Some("nqueens: stopped before the count began; nothing was counted or saved"),
            "{rest:?}"
        );
        assert!(!path.exists());
    }
    // A resumed count stopped as it prepares leaves its checkpoint as it was.
    let plan = plan_for(64, Method::Symmetry).unwrap();
    let cp = Checkpoint::new(plan.id(), Shard::new(1, 3).unwrap(), None);
    cp.save(&path).unwrap();
    let before = std::fs::read(&path).unwrap();
    let args = ["count", "--progress", "--resume", p];
    let (took, out, rest) = stop_while_preparing(&args, "-INT");
    assert!(took < Duration::from_secs(1), "{took:?}");
    assert_eq!(out.status.code(), Some(130), "{rest:?}");
    assert_eq!(
        rest.last().cloned().unwrap_or_default(),
        format!(
            "nqueens: stopped before the count began; {p} is unchanged; continue with: nqueens \
             count --resume {p}"
        )
    );
    assert_eq!(std::fs::read(&path).unwrap(), before);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn only_a_regular_file_is_a_checkpoint() {
    let (dir, fifo) = scratch_path("fifo", "fifo");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    let sub = dir.join("sub");
    std::fs::create_dir_all(&sub).unwrap();
    let others = [fifo.as_path(), Path::new("/dev/null"), sub.as_path()];
    for path in others {
        for args in [
            &["count", "--resume"][..],
            &["count", "10", "--resume"][..],
            &["count", "10", "--checkpoint"][..],
        ] {
            let child = spawn_piped(&[args, &[path_arg(path)]].concat());
            let out = finish_within(
                child,
                Duration::from_secs(20),
                &format!("{args:?} {path:?}"),
            );
            let err = String::from_utf8(out.stderr).unwrap();
            assert_eq!(out.status.code(), Some(2), "{args:?} {path:?}: {err}");
            assert_eq!(
                err,
                format!(
                    "nqueens: checkpoint {} is not a regular file (a pipe, a device or a \
                     directory): a checkpoint must be a file\n",
                    path.display()
                ),
                "{args:?}"
            );
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Saves a checkpoint of n = 9 by `method`, whole, with `counts` for subproblem `index`.
fn checkpoint_with(path: &Path, method: Method, index: usize, counts: Counts) {
    let plan = plan_for(9, method).unwrap();
    let mut cp = Checkpoint::new(plan.id(), Shard::WHOLE, None);
    cp.record(index, counts);
    cp.save(path).unwrap();
}

#[test]
fn checkpoints_that_lie_about_their_counts_are_refused() {
    let (dir, path) = scratch_path("lying-checkpoints", "c.ckpt");
    let sym = SymmetryPlan::new(9).unwrap();
    let bit = plan_for(9, Method::Bitmask).unwrap();
    // A subproblem of the symmetry split whose constellation no symmetry but the identity fixes.
    let plain = (0..sym.len())
        .find(|&i| sym.constellation(i).fixed_by() == 1)
        .unwrap();
    let true_counts = sym.count_one(plain);
    let cases = [
        // The total is not what the classes make.
        (
            Method::Symmetry,
            plain,
            Counts {
                total: true_counts.total + 8,
                ..true_counts
            },
            "do not make",
        ),
        // Nor the unique count.
        (
            Method::Symmetry,
            plain,
            Counts {
                unique: Some(1000),
                ..true_counts
            },
            "unique solutions",
        ),
        // A count by class without its classes.
        (
            Method::Symmetry,
            plain,
            Counts::total(true_counts.total),
            "without its classes",
        ),
        // Classes its constellation cannot hold, though they add up.
        (
            Method::Symmetry,
            plain,
            Counts::from_classes(SymmetryClasses {
                rot90: 1,
                rot180: 0,
                asymmetric: 0,
            }),
            "not fixed by a quarter turn",
        ),
        // The bit-mask split counts each mirrored prefix twice: an odd total is no count of it.
        (
            Method::Bitmask,
            bit.len() - 1,
            Counts::total(3),
            "mirrored prefix",
        ),
        // Classes from a method that counts none.
        (
            Method::Bitmask,
            0,
            Counts::from_classes(SymmetryClasses {
                rot90: 0,
                rot180: 0,
                asymmetric: 1,
            }),
            "counts none",
        ),
    ];
    for (method, index, counts, needle) in cases {
        let _ = std::fs::remove_file(&path);
        checkpoint_with(&path, method, index, counts);
        for args in [&["count", "--resume"][..], &["count", "9", "--resume"][..]] {
            run(&[args, &[path_arg(&path)]].concat())
                .code(2)
                .stdout("")
                .stderr(
                    predicate::str::contains("is damaged or not a checkpoint")
                        .and(predicate::str::contains(needle)),
                );
        }
    }
    // A board of n = 0 or 99, its checksum made to match.
    for n in [0, 99] {
        let _ = std::fs::remove_file(&path);
        checkpoint_with(&path, Method::Bitmask, 0, bit.count_one(0));
        let text = std::fs::read_to_string(&path).unwrap();
        let body =
            text[..text.find("checksum ").unwrap()].replace("\nn 9\n", &format!("\nn {n}\n"));
        let sum = nqueens::internals::fnv1a(body.as_bytes());
        std::fs::write(&path, format!("{body}checksum {sum:016x}\n")).unwrap();
        run(&["count", "--resume", path_arg(&path)])
            .code(2)
            .stderr(predicate::str::contains(format!(
                "n = {n} is not from 1 to 64"
            )));
    }
    // The true counts resume to the true total.
    let _ = std::fs::remove_file(&path);
    checkpoint_with(&path, Method::Symmetry, plain, true_counts);
    assert_eq!(stdout_of(&["count", "--resume", path_arg(&path)]), "352\n");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `nqueens ARGS` under `ulimit -v KB` (a limit on the address space), by way of the shell.
fn under_address_limit(kb: u64, args: &str) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {kb} && exec \"$0\" {args}"))
        .arg(binary())
        .output()
        .unwrap()
}

#[test]
fn a_limited_address_space_is_planned_for_not_run_into() {
    // The meet in the middle at n = 19 needs about 0.3 GiB: named, it is refused at once with
    // the limit in words; left to choose, a count picks a method that fits and ends exactly.
    let out = under_address_limit(120_000, "count 19 --method halves -t 1");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("MiB limit"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    for (args, total) in [("count 17", "95815104"), ("count 14 -t 2", "365596")] {
        let out = under_address_limit(60_000, args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{args}: {err}");
        assert!(!err.contains("allocation"), "{args}: {err}");
        assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), total, "{args}");
    }
}

#[test]
fn a_huge_checkpoint_is_refused_at_once_in_little_memory() {
    // Sparse files of 20 GB: one of zeros, one with a real header before the zeros. Under a
    // 200 MB address space, reading either whole would fail; each is refused from its size and
    // header alone, with the bound in words.
    let (dir, zeros) = scratch_path("huge-checkpoint", "zeros.ckpt");
    File::create(&zeros).unwrap().set_len(20 << 30).unwrap();
    let headed = dir.join("headed.ckpt");
    run(&["count", "12", "--checkpoint", path_arg(&headed)]).success();
    std::fs::OpenOptions::new()
        .write(true)
        .open(&headed)
        .unwrap()
        .set_len(20 << 30)
        .unwrap();
    for (path, why) in [
        (&zeros, "it does not start with the checkpoint header"),
        (&headed, "more than a checkpoint of its 730 subproblems can"),
    ] {
        let started = Instant::now();
        let out = under_address_limit(200_000, &format!("count --resume {}", path.display()));
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.contains(why), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        // A guard against reading the file whole, not a timing: that took minutes.
        assert!(started.elapsed() < Duration::from_secs(30));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn verify_refuses_a_board_beyond_the_memory_it_may_take() {
    // 2 * 10^8 queens need about 0.9 GB to check; under a 500 MB address space the reader says
    // so in one line (exit code 2) instead of aborting.
    let out = Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 500000 && \"$0\" find 200000000 | \"$0\" verify")
        .arg(binary())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("not enough memory for more than"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

/// `nqueens ARGS` under `ulimit -v KB`, with a minute of processor time at most: a count that
/// was to be refused and is not ends there, failing its test, instead of running for ages.
fn under_address_limit_for_a_minute(kb: u64, args: &str) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v {kb} && ulimit -t 60 && exec \"$0\" {args}"
        ))
        .arg(binary())
        .output()
        .unwrap()
}

#[test]
fn a_count_whose_subproblems_do_not_fit_is_refused_in_one_line() {
    // n = 64 has 1.7 million subproblems. Under 80 MB the list of them does not fit; under
    // 95 MB the list does, and the run's list of their indices does not. Either is refused in
    // one line with exit code 2, where both aborted.
    for kb in [80_000, 95_000] {
        let out = under_address_limit_for_a_minute(kb, "count 64");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{kb}: {err}");
        assert_eq!(err.lines().count(), 1, "{kb}: {err}");
        assert!(
            err.starts_with("nqueens: n = 64 with method symmetry: the system refused the ")
                && err.ends_with(
                    " MiB of its list of subproblems: raise the limit on memory (ulimit -v)\n"
                ),
            "{kb}: {err}"
        );
        assert!(out.stdout.is_empty());
    }
    // A checkpointed count is refused before its file is made, so that none is left behind.
    let (dir, path) = scratch_path("refused-list", "q.ckpt");
    let out = under_address_limit_for_a_minute(
        80_000,
        &format!("count 64 --checkpoint {}", path.display()),
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(!path.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_random_board_beyond_the_memory_it_may_take_is_refused_in_one_line() {
    // The random search holds about 20 bytes a queen: 191 MiB for ten million, 39 MiB for two
    // million. Refused in one line, the seed drawn for it unsaid, where both aborted.
    for (kb, args, n, mib) in [
        (100_000, "find 10000000 --seed 1", 10_000_000, 191),
        (30_000, "find 2000000 --random", 2_000_000, 39),
    ] {
        let out = under_address_limit_for_a_minute(kb, args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args}: {err}");
        assert_eq!(
            err,
            format!(
                "nqueens: n = {n}: the system refused the {mib} MiB of the random search (about \
                 20 bytes a queen): drop --random and --seed, whose construction needs no \
                 memory\n"
            )
        );
        assert!(out.stdout.is_empty());
    }
    // The construction streams: ten million queens under the same limit.
    let out = under_address_limit_for_a_minute(100_000, "find 10000000");
    assert!(out.status.success());
    assert_eq!(out.stdout.iter().filter(|&&b| b == b' ').count(), 9_999_999);
}

/// A file named with a line break (or another control character) is quoted in a refusal that
/// is still one line on stderr, whichever command names it: a reader of stderr line by line
/// sees one message.
#[test]
fn a_file_named_with_a_line_break_is_refused_on_one_line() {
    let dir = scratch("line-break-names");
    let odd = dir.join("two\nlines\x1b[2K.txt");
    let odd = path_arg(&odd);
    for args in [
        vec!["count", "--board", odd],
        vec!["list", "--board", odd],
        vec!["trace", "--board", odd],
        vec!["count", "--resume", odd],
        vec!["merge", odd],
        vec!["verify", odd],
    ] {
        let out = bin().args(&args).output().unwrap();
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("nqueens: "), "{args:?}: {err}");
        assert!(err.contains("two; lines[2K.txt"), "{args:?}: {err}");
        assert!(!err.contains('\x1b'), "{args:?}: {err}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
