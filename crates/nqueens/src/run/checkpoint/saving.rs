//! The saves of a running count: workers hand each finished result over, and the file is saved
//! every interval, when stopped and at the end.
//!
//! While a count runs, workers only push each finished result into a shared list; a writer
//! thread takes the list over and saves the file every interval, so the counting loop pays for
//! a lock and a push per subproblem and nothing more.

use super::atomic::{read_regular, replace_own};
use super::format::Checkpoint;
use crate::counts::Counts;
use crate::error::{CheckpointProblem, Error};
use crate::plan::fingerprint::fnv1a;
use std::fs;
use std::path::Path;
use std::sync::{Condvar, Mutex};
use std::time::{Duration, Instant};

/// The state of a count that keeps a checkpoint, while it runs.
///
/// A save that fails while counting (a full disk, a directory gone) does not stop the count: it
/// is tried again at the next interval, and the count goes on to its end, whose result is worth
/// more than the file. What matters is the last save, which holds everything; its failure is
/// what [`Saving::run`] reports.
///
/// The file is written only when it would change: `state` starts as what the file holds (a new
/// checkpoint is saved before counting begins, a resumed one was read from it), so a count with
/// nothing new to keep (a finished checkpoint resumed, say, perhaps from read-only media) never
/// writes at all, and cannot fail to.
///
/// Nor does a save replace a file it did not write: the file at the path must still be the one
/// this count last wrote (or found there when it began). Where something else took its place
/// (another count's checkpoint moved onto the path while this one ran, or a named pipe, which is
/// never read), that is another's, and overwriting it could lose work; the count keeps it, saves
/// no more, and its last save reports [`CheckpointProblem::Replaced`]. On Linux the check is
/// made of what the save's exchange took out of the path, so that a file moved there in any
/// instant is kept (see [`replace_own`]); elsewhere it is made just before the rename, and a
/// file moved there in the instant between the two is overwritten unseen.
pub(crate) struct Saving<'a> {
    state: Mutex<State<'a>>,
    pending: Mutex<Vec<(usize, Counts)>>,
}

/// What a save reads and changes, under one lock.
struct State<'a> {
    checkpoint: &'a mut Checkpoint,
    /// The checkpoint holds results the file does not yet.
    unsaved: bool,
    /// The file as this count last wrote or read it: a hash of its bytes (FNV-1a, as the
    /// checksum; a copy of a large checkpoint's bytes would double its memory), and what its
    /// metadata said then (`None` where it could not be read, in which case the bytes decide).
    written: u64,
    seen: Option<FileStamp>,
    /// The file was found replaced: nothing more is written.
    replaced: bool,
}

impl<'a> Saving<'a> {
    /// Keeps `state`, which must be what the file at `path` already holds.
    pub fn new(state: &'a mut Checkpoint, path: &Path) -> Saving<'a> {
        // Where the file cannot be read now, the first save will find out why.
        let written = read_regular(path)
            .ok()
            .flatten()
            .map_or(0, |bytes| fnv1a(&bytes));
        Saving {
            state: Mutex::new(State {
                checkpoint: state,
                unsaved: false,
                written,
                seen: FileStamp::of(path),
                replaced: false,
            }),
            pending: Mutex::new(Vec::new()),
        }
    }

    /// Hands a finished subproblem over; the next save writes it.
    pub fn record(&self, index: usize, counts: Counts) {
        lock(&self.pending).push((index, counts));
    }

    /// Moves what the workers finished into the checkpoint and writes it, if the file does not
    /// hold it all yet. A save that fails leaves the results to the next one.
    fn save(&self, path: &Path) -> Result<(), Error> {
        let batch = std::mem::take(&mut *lock(&self.pending));
        let mut guard = lock(&self.state);
        let state = &mut *guard;
        for (i, c) in batch {
            state.checkpoint.record(i, c);
            state.unsaved = true;
        }
        let replaced = || Error::Checkpoint {
            path: path.to_path_buf(),
            problem: CheckpointProblem::Replaced,
        };
        if state.replaced {
            return Err(replaced());
        }
        if !state.unsaved {
            return Ok(());
        }
        let (seen, written) = (state.seen, state.written);
        let ours = |at: &Path| is_ours(at, seen, written);
        let text = state.checkpoint.to_text().into_bytes();
        let new = replace_own(path, &text, &ours)
            .map_err(|e| Error::io(format!("cannot write checkpoint {}", path.display()), e))?;
        let Some(new) = new else {
            state.replaced = true;
            return Err(replaced());
        };
        state.written = fnv1a(&text);
        // The new file's own stamp, taken as it was written: the path may hold another already.
        state.seen = Some(FileStamp::from(&new));
        state.unsaved = false;
        Ok(())
    }

    /// Runs `work` while a writer thread saves to `path` every `every`, then saves once more.
    /// Returns what `work` returned, and how the last save went.
    pub fn run<T: Send>(
        &self,
        path: &Path,
        every: Duration,
        work: impl FnOnce() -> T + Send,
    ) -> (T, Result<(), Error>) {
        let finished = Mutex::new(false);
        let wake = Condvar::new();
        let out = std::thread::scope(|scope| {
            let writer = scope.spawn(|| {
                // An interval too long for the clock to reach (Duration::MAX, say) means no
                // save before the last: adding it would overflow the clock.
                let after = |now: Instant| now.checked_add(every);
                let mut next = after(Instant::now());
                let mut guard = lock(&finished);
                loop {
                    if *guard {
                        return;
                    }
                    let now = Instant::now();
                    match next {
                        None => {
                            guard = wake.wait(guard).unwrap_or_else(|p| p.into_inner());
                            continue;
                        }
                        Some(due) if now < due => {
                            guard = wake
                                .wait_timeout(guard, due - now)
                                .unwrap_or_else(|p| p.into_inner())
                                .0;
                            continue;
                        }
                        Some(_) => {}
                    }
                    drop(guard);
                    // A failure is tried again at the next interval, and at the end.
                    let _ = self.save(path);
                    next = after(Instant::now());
                    guard = lock(&finished);
                }
            });
            let out = work();
            *lock(&finished) = true;
            wake.notify_all();
            // The writer only ends by returning; a panic there would be a bug worth seeing.
            if let Err(p) = writer.join() {
                std::panic::resume_unwind(p);
            }
            out
        });
        let last = self.save(path);
        (out, last)
    }
}

/// What a file's metadata says of its identity and last change: the same file, unchanged since,
/// has the same stamp. A file renamed onto the path has another inode; one written in place has
/// another length or time of change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct FileStamp {
    len: u64,
    modified: Option<std::time::SystemTime>,
    #[cfg(unix)]
    inode: (u64, u64),
}

impl FileStamp {
    fn of(path: &Path) -> Option<FileStamp> {
        fs::metadata(path).ok().map(|m| FileStamp::from(&m))
    }
}

impl From<&fs::Metadata> for FileStamp {
    fn from(m: &fs::Metadata) -> FileStamp {
        FileStamp {
            len: m.len(),
            modified: m.modified().ok(),
            #[cfg(unix)]
            inode: {
                use std::os::unix::fs::MetadataExt;
                (m.dev(), m.ino())
            },
        }
    }
}

/// Whether the file at `path` is the one a count last wrote, which had the stamp `seen` and the
/// bytes whose hash is `written`. The stamp settles the common case without reading the file; a
/// file whose stamp changed (touched, copied back) is still the count's if its bytes are. Where
/// nothing is there, there is nothing to lose. Anything but a regular file is another's, and is
/// not read: a named pipe would hold the reading for ever.
fn is_ours(path: &Path, seen: Option<FileStamp>, written: u64) -> std::io::Result<bool> {
    let now = FileStamp::of(path);
    if now.is_some() && now == seen {
        return Ok(true);
    }
    match read_regular(path) {
        Ok(Some(bytes)) => Ok(fnv1a(&bytes) == written),
        Ok(None) => Ok(false),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(true),
        Err(e) => Err(e),
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::Plan as _;
    use crate::shard::Shard;
    use std::sync::Barrier;
    use std::sync::atomic::{AtomicBool, Ordering};

    /// A mover races a count's saves: in each round, once the count's checkpoint exists and is
    /// being saved over and over, another count's file is moved onto its path at a moment that
    /// changes from round to round. Whenever the move lands, in the instant between a save's
    /// check and its rename as anywhere else, the moved file must stay at the path as it was,
    /// and the count's saves must say it was replaced.
    #[test]
    fn a_file_moved_onto_the_path_between_saves_is_never_replaced() {
        const ROUNDS: usize = 1000;
        let dir = std::env::temp_dir().join(format!("nq-race-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("count.ckpt");
        let staged = dir.join("other.ckpt");
        let plan = crate::reference::bitmask::BitmaskPlan::new(12).unwrap();
        let empty = Checkpoint::new(plan.id(), Shard::WHOLE, None);
        let mut clobbered = 0;
        for round in 0..ROUNDS {
            let _ = fs::remove_file(&path);
            let mut own = empty.clone();
            own.create(&path).unwrap();
            let foreign = format!("another count's checkpoint, round {round}\n");
            fs::write(&staged, &foreign).unwrap();
            let saving = Saving::new(&mut own, &path);
            let (go, moved) = (Barrier::new(2), AtomicBool::new(false));
            std::thread::scope(|scope| {
                scope.spawn(|| {
                    go.wait();
                    // From no wait to a few saves' time, in steps of a few microseconds.
                    let wait = Duration::from_micros((round as u64 * 7919) % 1500);
                    let start = Instant::now();
                    while start.elapsed() < wait {
                        std::hint::spin_loop();
                    }
                    fs::rename(&staged, &path).unwrap();
                    moved.store(true, Ordering::SeqCst);
                });
                go.wait();
                let mut index = 0;
                while !moved.load(Ordering::SeqCst) {
                    saving.record(index % plan.len(), Counts::total(1));
                    index += 1;
                    if saving.save(&path).is_err() {
                        break;
                    }
                }
            });
            // A save after the move, with something new to keep, must find the file replaced.
            saving.record(0, Counts::total(2));
            let last = saving.save(&path);
            let kept = fs::read(&path).unwrap();
            if kept != foreign.as_bytes() {
                clobbered += 1;
                continue;
            }
            assert!(
                matches!(
                    last,
                    Err(Error::Checkpoint {
                        problem: CheckpointProblem::Replaced,
                        ..
                    })
                ),
                "round {round}: {last:?}"
            );
        }
        // Nothing but the moved file is left: no temporary file of a save.
        let left: Vec<_> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        fs::remove_dir_all(&dir).unwrap();
        assert_eq!(
            clobbered, 0,
            "of {ROUNDS} moved files, {clobbered} were overwritten"
        );
        assert_eq!(left, ["count.ckpt"]);
    }
}
