//! Helpers the command-line tests share: running the binary and reading what it prints.

#![allow(dead_code)]

use assert_cmd::Command;
use assert_cmd::assert::Assert;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};
use std::sync::mpsc::Receiver;

/// The `nqueens` binary of this build.
pub fn nqueens() -> Command {
    Command::cargo_bin("nqueens").unwrap()
}

/// `nqueens ARGS`, run to its end; it checks nothing itself: the caller asserts its exit code
/// and output on what it returns.
pub fn run(args: &[&str]) -> Assert {
    nqueens().args(args).assert()
}

/// `nqueens ARGS` with `input` on stdin, run to its end; it checks nothing itself: the caller
/// asserts its exit code and output on what it returns.
pub fn run_with(args: &[&str], input: impl Into<Vec<u8>>) -> Assert {
    nqueens().args(args).write_stdin(input).assert()
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

/// Starts `nqueens ARGS` with stdout and stderr piped.
pub fn spawn_piped(args: &[&str]) -> Child {
    process()
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Starts `nqueens ARGS` with stdout and stderr piped, and returns the child and a reader of
/// its stderr, line by line (a line that is not UTF-8 reads as empty). Read to its end, the
/// reader has every line the child wrote, even those passed on after the child exited.
pub fn spawn_reading_stderr(args: &[&str]) -> (Child, Receiver<String>) {
    let mut child = spawn_piped(args);
    let stderr = child.stderr.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines() {
            if tx.send(line.unwrap_or_default()).is_err() {
                return;
            }
        }
    });
    (child, rx)
}

/// Starts a count of n = 16 by bit masks on one thread (many seconds) that saves a checkpoint
/// to `path` every second, with stdout and stderr piped.
pub fn start_checkpointed_count(path: &Path) -> Child {
    spawn_piped(&[
        "count",
        "16",
        "--method",
        "bitmask",
        "--threads",
        "1",
        "--checkpoint",
        path_arg(path),
        "--checkpoint-every",
        "1",
    ])
}

/// Sends `signal` (as `kill` names it: `-INT`, `-TERM`) to the process `id`; the sending must
/// succeed.
pub fn send_signal(id: u32, signal: &str) {
    let sent = std::process::Command::new("kill")
        .args([signal, &id.to_string()])
        .status()
        .unwrap();
    assert!(sent.success(), "kill {signal} {id}: {sent}");
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

/// A fresh directory of the test's own, and the path of a file `file` in it (not made).
pub fn scratch_path(name: &str, file: &str) -> (PathBuf, PathBuf) {
    let dir = scratch(name);
    let path = dir.join(file);
    (dir, path)
}

/// Writes `text` to a fresh file under the target directory and returns its path.
pub fn board_file(name: &str, text: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("boards");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// What `nqueens ARGS` wrote to a terminal (a pseudo-terminal of 80 columns holding its stdout
/// and stderr, `TERM` set to `term`, no colour variable set but `env`), and its exit code. Once
/// what it wrote satisfies `enough`, it is sent SIGINT; if that does not happen within a minute,
/// it is killed and the test fails.
#[cfg(unix)]
pub fn on_terminal(
    args: &[&str],
    term: &str,
    env: &[(&str, &str)],
    enough: impl Fn(&[u8]) -> bool,
) -> (Option<i32>, Vec<u8>) {
    use std::io::Read;
    use std::os::fd::{FromRawFd, OwnedFd};
    use std::time::{Duration, Instant};
    let (mut master, mut slave) = (-1, -1);
    let size = libc::winsize {
        ws_row: 24,
        ws_col: 80,
        ws_xpixel: 0,
        ws_ypixel: 0,
    };
    // SAFETY: openpty writes the two descriptors it opens, which are owned from here on.
    let opened = unsafe {
        libc::openpty(
            &mut master,
            &mut slave,
            std::ptr::null_mut(),
            std::ptr::null(),
            &size,
        )
    };
    assert_eq!(opened, 0, "openpty: {}", std::io::Error::last_os_error());
    let (master, slave) = unsafe { (OwnedFd::from_raw_fd(master), OwnedFd::from_raw_fd(slave)) };
    let mut child = {
        let mut command = process();
        command
            .args(args)
            .env("TERM", term)
            .env_remove("NO_COLOR")
            .env_remove("CLICOLOR")
            .env_remove("CLICOLOR_FORCE")
            .envs(env.iter().copied())
            .stdin(Stdio::null())
            .stdout(slave.try_clone().unwrap())
            .stderr(slave);
        command.spawn().unwrap()
        // The command, and with it this process's copies of the terminal's side, is dropped
        // here: the reader below sees the end once the child has gone.
    };
    let (tx, rx) = std::sync::mpsc::channel();
    let mut master = std::fs::File::from(master);
    std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        // Linux ends a terminal whose other side is closed with EIO, not with an empty read.
        while let Ok(k @ 1..) = master.read(&mut buf) {
            if tx.send(buf[..k].to_vec()).is_err() {
                return;
            }
        }
    });
    let start = Instant::now();
    let mut written = Vec::new();
    let mut asked = false;
    loop {
        match rx.recv_timeout(Duration::from_millis(50)) {
            Ok(bytes) => written.extend(bytes),
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => break,
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
        }
        if !asked && enough(&written) {
            send_signal(child.id(), "-INT");
            asked = true;
        }
        if start.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "{args:?} on TERM={term}: still running after a minute, having written {:?}",
                String::from_utf8_lossy(&written)
            );
        }
    }
    (child.wait().unwrap().code(), written)
}
