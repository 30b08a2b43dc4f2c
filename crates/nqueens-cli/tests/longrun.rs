//! Long runs from the command line: checkpoints that survive SIGINT and SIGKILL, refused
//! checkpoints, shards and their merge, and `--mpi` alone, under `mpirun`, and in a build
//! without MPI.

mod common;

use common::{
    fails_with, finish_within, path_arg, run, run_with, scratch, scratch_path, send_signal,
    start_checkpointed_count, stdout_of,
};

use nqueens::Method;
use nqueens::internals::Checkpoint;
use nqueens::plan_for;
use nqueens::shard::Shard;
use predicates::prelude::*;
use std::path::{Path, PathBuf};
use std::process::Child;
use std::time::{Duration, Instant};

/// The number of finished subproblems the checkpoint at `path` holds, if it can be read yet.
fn saved(path: &Path) -> Option<usize> {
    Checkpoint::load(path).ok().map(|c| c.done.len())
}

/// Starts a long count (n = 16 on one thread: many seconds) that saves every second, and waits
/// until a periodic save holds some finished work.
fn start_long_count(path: &Path) -> Child {
    let mut child = start_checkpointed_count(path);
    let start = Instant::now();
    while saved(path).unwrap_or(0) == 0 {
        assert!(
            child.try_wait().unwrap().is_none(),
            "the count ended before it was interrupted"
        );
        assert!(start.elapsed() < Duration::from_secs(120), "no save seen");
        std::thread::sleep(Duration::from_millis(50));
    }
    child
}

/// Resuming the count of n = 16 at `path` prints its exact total and leaves the checkpoint
/// complete; resuming it again prints the total once more.
fn resume_gives_exact_total(path: &Path) {
    let p = path_arg(path);
    let resumed = stdout_of(&["count", "16", "--threads", "2", "--resume", p]);
    assert_eq!(resumed, "14772512\n");
    let cp = Checkpoint::load(path).unwrap();
    assert!(cp.is_complete());
    // Resuming a finished count only prints its total.
    assert_eq!(stdout_of(&["count", "16", "--resume", p]), "14772512\n");
}

#[test]
fn sigint_saves_and_exits_130_then_resume_is_exact() {
    let (dir, path) = scratch_path("sigint", "q16.ckpt");
    let child = start_long_count(&path);
    send_signal(child.id(), "-INT");
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--resume"), "{err}");
    let cp = Checkpoint::load(&path).unwrap();
    assert!(!cp.done.is_empty() && !cp.is_complete());
    resume_gives_exact_total(&path);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The command a stop advises runs as written when pasted into a shell, whatever the checkpoint
/// is named: a name with a space and a quote is quoted.
#[test]
fn the_advised_resume_runs_as_written_for_any_checkpoint_name() {
    let (dir, path) = scratch_path("advice", "it's q 16.ckpt");
    let child = start_long_count(&path);
    send_signal(child.id(), "-INT");
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130));
    let err = String::from_utf8(out.stderr).unwrap();
    let advised = err
        .lines()
        .find_map(|l| l.split_once("continue with: ").map(|(_, c)| c.to_string()))
        .unwrap_or_else(|| panic!("no advice: {err}"));
    assert!(advised.ends_with(r"'\''s q 16.ckpt'"), "{advised}");
    let command = advised.replacen("nqueens", path_arg(&common::binary()), 1);
    let resumed = std::process::Command::new("sh")
        .args(["-c", &command])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8(resumed.stdout).unwrap(),
        "14772512\n",
        "{command}: {}",
        String::from_utf8_lossy(&resumed.stderr)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn sigkill_loses_at_most_the_last_interval() {
    let (dir, path) = scratch_path("sigkill", "q16.ckpt");
    let mut child = start_long_count(&path);
    child.kill().unwrap(); // SIGKILL: no chance to save
    child.wait().unwrap();
    assert!(saved(&path).unwrap() > 0);
    // No temporary file is left where the next save would go wrong, and none is needed.
    resume_gives_exact_total(&path);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A checkpoint replaced by a named pipe while the count runs is another's file, as a moved
/// one is: the count's saves never read it (which would wait for a writer for ever), keep it as
/// it is, and a stop ends the count at once, saying so.
#[cfg(unix)]
#[test]
fn a_checkpoint_replaced_by_a_named_pipe_is_kept_and_not_waited_on() {
    use std::os::unix::fs::FileTypeExt as _;
    let (dir, path) = scratch_path("fifo-mid-run", "q16.ckpt");
    let child = start_long_count(&path);
    std::fs::remove_file(&path).unwrap();
    let made = std::process::Command::new("mkfifo").arg(&path).status();
    assert!(made.unwrap().success());
    // A save every second: one meets the pipe before the stop.
    std::thread::sleep(Duration::from_millis(2500));
    send_signal(child.id(), "-INT");
    let out = finish_within(
        child,
        Duration::from_secs(60),
        "a count whose file became a pipe",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        format!(
            "nqueens: checkpoint {} was replaced by another file while the count ran: that file \
             is kept as it is, and this count's progress was no longer saved\n",
            path.display()
        )
    );
    assert!(
        std::fs::symlink_metadata(&path)
            .unwrap()
            .file_type()
            .is_fifo()
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn damaged_and_foreign_checkpoints_are_refused() {
    let (dir, path) = scratch_path("refused", "q10.ckpt");
    let counted = stdout_of(&["count", "10", "--checkpoint", path_arg(&path)]);
    assert_eq!(counted, "724\n");
    // Starting over an existing checkpoint would throw its work away.
    fails_with(
        &["count", "10", "--checkpoint", path_arg(&path)],
        "already exists",
    );
    // Another n.
    fails_with(
        &["count", "11", "--resume", path_arg(&path)],
        "n = 10, not n = 11",
    );
    // Another method: a checkpoint that names a different engine.
    let plan = plan_for(10, Method::Bitmask).unwrap();
    let mut other = Checkpoint::new(plan.id(), Shard::WHOLE, None);
    other.id.method = Method::Symmetry;
    let other_path = dir.join("other.ckpt");
    other.save(&other_path).unwrap();
    fails_with(
        &[
            "count",
            "10",
            "--method",
            "bitmask",
            "--resume",
            path_arg(&other_path),
        ],
        "method symmetry",
    );
    // A method without a subproblem split cannot be checkpointed at all.
    fails_with(
        &[
            "count",
            "10",
            "--method",
            "naive",
            "--resume",
            path_arg(&path),
        ],
        "no subproblem split",
    );
    // Damage: one count changed by one.
    let text = std::fs::read_to_string(&path).unwrap();
    let damaged = text.replacen("\n0 ", "\n0 1", 1);
    assert_ne!(damaged, text);
    std::fs::write(&path, damaged).unwrap();
    fails_with(&["count", "10", "--resume", path_arg(&path)], "damaged");
    // Cut short.
    std::fs::write(&path, &text[..text.len() / 2]).unwrap();
    fails_with(&["count", "10", "--resume", path_arg(&path)], "damaged");
    // Missing.
    fails_with(
        &["count", "10", "--resume", path_arg(&dir.join("none.ckpt"))],
        "cannot read checkpoint",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Counts every shard of n in K parts into files and returns their paths.
fn shard_files(dir: &Path, n: usize, k: usize) -> Vec<PathBuf> {
    (0..k)
        .map(|i| {
            let (n, shard) = (n.to_string(), format!("{i}/{k}"));
            let out = stdout_of(&[
                "count", &n, "--method", "bitmask", "--json", "--shard", &shard,
            ]);
            let path = dir.join(format!("shard-{i}.json"));
            std::fs::write(&path, out).unwrap();
            path
        })
        .collect()
}

#[test]
fn shards_merge_to_the_total_and_incomplete_sets_are_refused() {
    let dir = scratch("shards");
    for (n, k, total) in [(9, 1, "352"), (11, 2, "2680"), (12, 7, "14200")] {
        let files = shard_files(&dir, n, k);
        let files: Vec<&str> = files.iter().map(|f| path_arg(f)).collect();
        assert_eq!(
            stdout_of(&[&["merge"], &files[..]].concat()),
            format!("{total}\n")
        );
    }
    let paths = shard_files(&dir, 12, 7);
    let record = std::fs::read_to_string(&paths[3]).unwrap();
    assert!(record.contains("\"shard\":3,\"shards\":7"), "{record}");
    let files: Vec<&str> = paths.iter().map(|f| path_arg(f)).collect();
    run(&[&["merge", "--json"], &files[..]].concat())
        .success()
        .stdout(predicate::str::contains("\"solutions\":14200"));
    // All records in one stream work too.
    let all: String = files
        .iter()
        .map(|f| std::fs::read_to_string(f).unwrap())
        .collect();
    run_with(&["merge", "-"], all).success().stdout("14200\n");
    let other = dir.join("other.json");
    std::fs::write(&other, "{\"n\":12}\n").unwrap();
    for (args, needle) in [
        (&files[1..], "missing: 0/7"),
        (
            &[&files[..], &files[5..6]].concat()[..],
            "5/7 is given more than once",
        ),
        (&[path_arg(&other)][..], "line 1: not a shard record"),
    ] {
        run(&[&["merge"], args].concat())
            .code(2)
            .stderr(predicate::str::contains(needle));
    }
    fails_with(
        &["count", "12", "--shard", "7/7"],
        "I must be a whole number from 0 to 6",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The rebuild it is told keeps the parts it has (a GPU build keeps gpu).
#[cfg(not(feature = "mpi"))]
#[test]
fn mpi_in_a_build_without_it_says_so() {
    let features = if cfg!(feature = "gpu") {
        "gpu,mpi"
    } else {
        "mpi"
    };
    let rebuild = format!("cargo build --release -p nqueens-cli --features {features}'");
    fails_with(&["count", "8", "--mpi"], "built without MPI");
    fails_with(&["count", "8", "--mpi"], &rebuild);
}

/// An MPI build told how to count on GPUs is told a rebuild that keeps MPI: following one that
/// named gpu alone would lose it.
#[cfg(all(feature = "mpi", not(feature = "gpu")))]
#[test]
fn an_mpi_build_told_to_rebuild_for_gpus_keeps_mpi() {
    let rebuild = "rebuild it with 'cargo build --release -p nqueens-cli --features gpu,mpi'";
    fails_with(&["count", "8", "--method", "gpu"], rebuild);
}

#[cfg(feature = "mpi")]
#[test]
fn mpi_without_mpirun_counts_alone() {
    assert_eq!(stdout_of(&["count", "10", "--mpi"]), "724\n");
}

#[test]
fn mpi_wait_needs_mpi_and_a_number_of_seconds() {
    fails_with(&["count", "8", "--mpi-wait", "5"], "--mpi-wait needs --mpi");
    fails_with(
        &["count", "8", "--mpi", "--mpi-wait", "0"],
        "SECS must be a whole number from 1 to 86,400",
    );
}

/// `mpirun ARGS`, the launch's programs given in `args`, or `None` where no `mpirun` is
/// installed. Open MPI's settings let it run as root and with more ranks than cores.
#[cfg(feature = "mpi")]
fn mpirun(args: &[&str]) -> Option<std::process::Output> {
    let out = std::process::Command::new("mpirun")
        .args(args)
        .env("OMPI_ALLOW_RUN_AS_ROOT", "1")
        .env("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
        .env("OMPI_MCA_rmaps_base_oversubscribe", "1")
        .output();
    if out.is_err() {
        eprintln!("no mpirun here: nothing to run");
    }
    out.ok()
}

/// Under `mpirun`, the ranks share out one count: rank 0 alone prints it, whole, and each rank
/// counts on one thread, as the library has one of several processes count.
#[cfg(feature = "mpi")]
#[test]
fn mpi_ranks_share_one_count_on_a_thread_each() {
    let bin = common::binary();
    let bin = path_arg(&bin);
    for np in ["2", "3"] {
        let Some(out) = mpirun(&["-np", np, bin, "count", "12", "--mpi", "--json"]) else {
            return;
        };
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{stdout}{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let lines: Vec<&str> = stdout.lines().collect();
        assert_eq!(lines.len(), 1, "{stdout}");
        let report: serde_json::Value = serde_json::from_str(lines[0]).unwrap();
        assert_eq!(report["solutions"], 14200, "{stdout}");
        assert_eq!(report["processes"].to_string(), np, "{stdout}");
        assert_eq!(report["threads"], 1, "{stdout}");
    }
}

/// A launcher that does not tell its processes the job's size (here Open MPI's variable taken
/// away) has each prepared as a job of one, yet each counts a part: the unique count is still
/// the whole one.
#[cfg(feature = "mpi")]
#[test]
fn mpi_ranks_without_the_job_size_keep_the_unique_count() {
    let bin = common::binary();
    let bin = path_arg(&bin);
    let args = [
        "-np",
        "2",
        "env",
        "-u",
        "OMPI_COMM_WORLD_SIZE",
        bin,
        "count",
        "15",
    ];
    let Some(out) = mpirun(&[&args[..], &["--mpi", "--unique"]].concat()) else {
        return;
    };
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}{stderr}");
    assert_eq!(stdout, "285053\n", "{stderr}");
}

/// A process of the launch that starts late, as a node on a busy cluster may, is waited for up
/// to --mpi-wait seconds: one 12 s late (beyond the 10 s the count once waited) joins a launch
/// that waits 40, and one 8 s late is given up on, by name, by a launch that waits 2.
#[cfg(feature = "mpi")]
#[test]
fn mpi_waits_for_a_late_process_as_long_as_it_is_told() {
    let bin = common::binary();
    let bin = path_arg(&bin);
    let launch = |late: &str, wait: &str| {
        let late = format!("sleep {late}; exec \"$0\" count 14 --mpi --mpi-wait {wait}");
        mpirun(&[
            "-np",
            "1",
            bin,
            "count",
            "14",
            "--mpi",
            "--mpi-wait",
            wait,
            ":",
            "-np",
            "1",
            "sh",
            "-c",
            &late,
            bin,
        ])
    };
    let Some(out) = launch("12", "40") else {
        return;
    };
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}{stderr}");
    assert_eq!(stdout, "365596\n", "{stderr}");
    let out = launch("8", "2").unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    assert!(out.stdout.is_empty(), "{stderr}");
    assert!(
        stderr.contains("nqueens: MPI did not start within 2 s (--mpi-wait): a process of the launch (2 processes, 2 programs: rank 0, rank 1) never joined"),
        "{stderr}"
    );
}
