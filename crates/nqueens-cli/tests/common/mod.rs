//! Helpers the command-line tests share: running the binary and reading what it prints.

#![allow(dead_code)]

use assert_cmd::Command;
use std::path::{Path, PathBuf};

/// The `nqueens` binary of this build.
pub fn nqueens() -> Command {
    Command::cargo_bin("nqueens").unwrap()
}

/// The path of the `nqueens` binary of this build, for a test that runs it through a shell or
/// `mpirun`.
pub fn binary() -> PathBuf {
    assert_cmd::cargo::cargo_bin("nqueens")
}

/// The `nqueens` binary as a plain process, for a test that spawns it, signals it or reads its
/// pipes as they fill.
pub fn process() -> std::process::Command {
    std::process::Command::new(binary())
}

/// Waits for `child` at most `limit`; a child still running then is killed and the test fails.
pub fn finish_within(
    mut child: std::process::Child,
    limit: std::time::Duration,
    what: &str,
) -> std::process::Output {
    let start = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what}: still running after {limit:?}");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

/// What `nqueens ARGS` prints on stdout; it must succeed.
pub fn stdout_of(args: &[&str]) -> String {
    let out = nqueens().args(args).output().unwrap();
    assert!(out.status.success(), "{args:?}: {out:?}");
    String::from_utf8(out.stdout).unwrap()
}

/// Bad input: one line on stderr that contains `needle`, exit code 2, nothing on stdout, no
/// panic.
pub fn fails_with(args: &[&str], needle: &str) {
    let out = nqueens().args(args).assert().code(2).get_output().clone();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    assert!(err.contains(needle), "{args:?}: {err}");
    assert!(!err.contains("panicked"));
    assert!(out.stdout.is_empty(), "{args:?}");
}

/// A path as a command-line argument (the tests' scratch paths are UTF-8).
pub fn path_arg(path: &Path) -> &str {
    path.to_str().expect("a UTF-8 path")
}

/// `nqueens count EXTRA --resume PATH` succeeds and prints `stdout`.
pub fn resumes_to(path: &Path, extra: &[&str], stdout: &str) {
    nqueens()
        .arg("count")
        .args(extra)
        .arg("--resume")
        .arg(path)
        .assert()
        .success()
        .stdout(stdout.to_string());
}

/// A fresh directory of the test's own.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("nq-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes `text` to a fresh file under the target directory and returns its path.
pub fn board_file(name: &str, text: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("boards");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}
