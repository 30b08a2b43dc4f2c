//! A file changed under a running count: a checkpoint that something else replaces while the
//! count runs is kept as found, never overwritten by the count's next save.

use nqueens::error::CheckpointProblem;
use nqueens::{Count, End, Error, Report};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("nq-replaced-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs a checkpointed count of n = 19 on one thread, saving to `path` when it starts and when
/// it stops only (an interval of an hour), calls `meanwhile` once the file exists, then stops
/// the count and returns how it ended. No save runs while `meanwhile` changes the file, so
/// what the last save finds does not depend on how the threads were scheduled: a change in the
/// instant between a save's check and its write is not seen (the saving loop's documentation
/// says so), and a test that raced saves every few milliseconds failed on a busy machine.
fn count_while(path: &Path, meanwhile: impl FnOnce()) -> Result<Report, Error> {
    let stop = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let running = scope.spawn(|| {
            Count::new(19)
                .threads(1)
                .checkpoint(path)
                .save_every(Duration::from_secs(3600))
                .stop(&stop)
                .run()
        });
        let start = Instant::now();
        while !path.exists() && start.elapsed() < Duration::from_secs(60) {
            std::thread::sleep(Duration::from_millis(10));
        }
        meanwhile();
        stop.store(true, Ordering::Relaxed);
        running.join().unwrap()
    })
}

#[test]
fn a_checkpoint_replaced_while_counting_is_kept() {
    let dir = scratch("moved-onto");
    let path = dir.join("count.ckpt");
    // Another count's finished checkpoint, to be moved onto this count's file.
    let other = dir.join("other.ckpt");
    Count::new(15).checkpoint(&other).run().unwrap();
    let foreign = std::fs::read(&other).unwrap();
    let result = count_while(&path, || {
        // Some counting first, then the file is replaced, then some more.
        std::thread::sleep(Duration::from_millis(200));
        std::fs::rename(&other, &path).unwrap();
        std::thread::sleep(Duration::from_millis(300));
    });
    match result {
        Err(Error::Checkpoint {
            path: p,
            problem: CheckpointProblem::Replaced,
        }) => assert_eq!(p, path),
        other => panic!("expected the replaced file to be reported, got {other:?}"),
    }
    assert_eq!(
        std::fs::read(&path).unwrap(),
        foreign,
        "the moved file was overwritten"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_checkpoint_touched_but_unchanged_is_still_saved() {
    let dir = scratch("touched");
    let path = dir.join("count.ckpt");
    let result = count_while(&path, || {
        std::thread::sleep(Duration::from_millis(100));
        // The same bytes written back in place: a new time of change, the same checkpoint.
        let bytes = std::fs::read(&path).unwrap();
        std::fs::write(&path, bytes).unwrap();
        std::thread::sleep(Duration::from_millis(200));
    });
    let report = result.expect("a file written back unchanged is still the count's own");
    // Stopped, its last save made: a failed save is an end of its own.
    assert!(
        !matches!(report.end, End::FinishedUnsaved { .. }),
        "{:?}",
        report.end
    );
    // The count goes on from what it saved.
    let done = Count::new(19)
        .threads(1)
        .checkpoint(&path)
        .stop(&AtomicBool::new(true))
        .run();
    assert!(done.is_ok());
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn a_checkpoint_replaced_by_a_named_pipe_is_kept_and_not_read() {
    use std::os::unix::fs::FileTypeExt as _;
    static STOP: AtomicBool = AtomicBool::new(false);
    let dir = scratch("pipe");
    let path = dir.join("count.ckpt");
    let (done, result) = std::sync::mpsc::channel();
    let counted = path.clone();
    std::thread::spawn(move || {
        let report = Count::new(19)
            .threads(1)
            .checkpoint(&counted)
            .save_every(Duration::from_secs(3600))
            .stop(&STOP)
            .run();
        let _ = done.send(report);
    });
    let start = Instant::now();
    while !path.exists() && start.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(10));
    }
    std::thread::sleep(Duration::from_millis(200));
    std::fs::remove_file(&path).unwrap();
    let made = std::process::Command::new("mkfifo").arg(&path).status();
    assert!(made.unwrap().success());
    STOP.store(true, Ordering::Relaxed);
    // The last save meets the pipe; reading it would wait for a writer.
    let result = match result.recv_timeout(Duration::from_secs(60)) {
        Ok(result) => result,
        Err(_) => {
            // A writer that ends at once lets the waiting reader go, and the test end.
            let _ = std::fs::write(&path, b"");
            panic!("the count waited on the named pipe at its checkpoint's path");
        }
    };
    match result {
        Err(Error::Checkpoint {
            path: p,
            problem: CheckpointProblem::Replaced,
        }) => assert_eq!(p, path),
        other => panic!("expected the pipe to be reported as a replaced file, got {other:?}"),
    }
    let kind = std::fs::symlink_metadata(&path).unwrap().file_type();
    assert!(kind.is_fifo(), "{kind:?}");
    let _ = std::fs::remove_dir_all(&dir);
}
