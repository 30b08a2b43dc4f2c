//! Writes that a crash cannot tear, for checkpoints, and reads that an odd file cannot hang.
//!
//! Files are replaced atomically: written beside the target under a temporary name, flushed to
//! disk, renamed over the target, and the directory flushed, so a crash at any moment leaves
//! either the old checkpoint or the new one, never a torn one. A new checkpoint takes its name in
//! the same one step ([`create_atomically`]), which fails where the name is taken: two counts
//! never share one file. A save with nothing new to keep writes nothing. A running count's saves
//! replace only the count's own file ([`replace_own`]): on Linux the replacing is an exchange,
//! undone where what it took out was another's. A checkpoint is read only where it is a regular
//! file ([`open_regular`]), asked of the opened file itself: a named pipe put at the path would
//! otherwise hold the reader for ever.

use std::fs::{self, File};
use std::io::{self, Read as _, Write as _};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Writes `bytes` to `path` so that a crash leaves either the old file or the new one: a
/// temporary file in the same directory (a rename is atomic only within one file system),
/// flushed, renamed over the target, and the directory flushed so the rename itself is durable.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let tmp = directory_of(path).join(temporary_name(path)?);
    write_temporary(&tmp, bytes)?;
    let result = (|| {
        fs::rename(&tmp, path)?;
        // Flushing the directory makes the rename itself survive a power cut.
        sync_directory(path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// Writes `bytes` to the temporary file `tmp`, flushed to disk and closed, and returns its
/// metadata as written; a failure leaves no temporary file.
///
/// The file is made new (`O_CREAT | O_EXCL`), never opened where something is already: a named
/// pipe put at the name would hold the write until a reader came, and a link would take the
/// bytes elsewhere. Each save takes a name of its own ([`temporary_name`]), so a file left at
/// one (by a crash) fails one save, not every later one.
fn write_temporary(tmp: &Path, bytes: &[u8]) -> std::io::Result<fs::Metadata> {
    let mut f = fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(tmp)?;
    let written = (|| {
        f.write_all(bytes)?;
        f.sync_all()?;
        f.metadata()
    })();
    if written.is_err() {
        let _ = fs::remove_file(tmp);
    }
    written
}

/// Writes `bytes` to `path` as a new file, and fails with [`std::io::ErrorKind::AlreadyExists`]
/// where something exists already.
///
/// Finding the name free and taking it are one step of the file system, so of two counts
/// started on one name only one gets it: the other is refused before it counts, rather than
/// both running and each replacing the other's saves. The step is a hard link of a finished
/// temporary file (written and flushed as [`write_atomically`] writes it), so the file appears
/// whole or not at all; on a file system without hard links it is an exclusive create
/// (`O_CREAT | O_EXCL`) written in place, which a crash may leave cut short (a resume refuses
/// such a file as damaged; nothing was counted yet).
pub fn create_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let tmp = directory_of(path).join(temporary_name(path)?);
    // Only the link's failure says the name is taken; the temporary file's, that its own is.
    let linked = write_temporary(&tmp, bytes).map(|_| {
        let linked = fs::hard_link(&tmp, path);
        let _ = fs::remove_file(&tmp);
        linked
    });
    match linked {
        Ok(Ok(())) => {}
        Ok(Err(e)) if e.kind() == std::io::ErrorKind::AlreadyExists => return Err(e),
        Ok(Err(_)) | Err(_) => {
            let mut f = fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(path)?;
            f.write_all(bytes)?;
            f.sync_all()?;
        }
    }
    // Flushing the directory makes the new name itself survive a power cut.
    sync_directory(path)
}

/// What [`open_regular`] found at a path.
#[derive(Debug)]
pub(crate) enum Opened {
    /// A regular file, open to be read, with the metadata of the file opened.
    File(File, fs::Metadata),
    /// Something other than a regular file: a named pipe, a device, a socket, a directory.
    NotAFile,
}

/// Opens the regular file at `path` to be read, without ever waiting on what is there.
///
/// Opening a named pipe to read waits for a writer, for ever if none comes, and a device may
/// never end. The metadata of the path is asked first (which settles the common case, and
/// sockets, which cannot be opened); then, since the path may be changed in between, the file is
/// opened without waiting (`O_NONBLOCK`, which changes nothing for a regular file) and the
/// opened file itself is asked, so that the check and the reading concern one object.
pub(crate) fn open_regular(path: &Path) -> io::Result<Opened> {
    if !fs::metadata(path)?.is_file() {
        return Ok(Opened::NotAFile);
    }
    let mut options = fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt as _;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Ok(Opened::NotAFile);
    }
    Ok(Opened::File(file, meta))
}

/// The bytes of the regular file at `path`, or `None` where something else is there (see
/// [`open_regular`]).
pub(crate) fn read_regular(path: &Path) -> io::Result<Option<Vec<u8>>> {
    match open_regular(path)? {
        Opened::File(mut file, meta) => {
            let mut bytes = Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(0));
            file.read_to_end(&mut bytes)?;
            Ok(Some(bytes))
        }
        Opened::NotAFile => Ok(None),
    }
}

/// Replaces the file at `path` with `bytes`, as [`write_atomically`] does, only where the file
/// there is the caller's own: `ours` says whether the file at a path is (an error where it cannot
/// tell). Returns the new file's metadata as written, or `None` where the file at `path` was
/// found to be another's, which is then left there as it was.
///
/// Asking first and then renaming would be two steps, and a file moved onto `path` between them
/// would be replaced unseen. On Linux the rename is an exchange (`renameat2` with
/// `RENAME_EXCHANGE`): the new file takes the path and what was there takes the temporary name,
/// in one step; that is then asked, and where it is not the caller's, exchanged back. Elsewhere,
/// and on a Linux file system or kernel that cannot exchange (`EINVAL`, `ENOSYS`), it is the two
/// steps: other systems' exchanges (macOS's `renamex_np` with `RENAME_SWAP`) differ in name and
/// flags and are not tested here, and a save that keeps a file found replaced before the rename
/// still keeps all but one moved in that instant.
pub(crate) fn replace_own(
    path: &Path,
    bytes: &[u8],
    ours: &dyn Fn(&Path) -> io::Result<bool>,
) -> io::Result<Option<fs::Metadata>> {
    // Asked before writing, so that a file found to be another's costs no write.
    if !ours(path)? {
        return Ok(None);
    }
    let tmp = directory_of(path).join(temporary_name(path)?);
    let new = write_temporary(&tmp, bytes)?;
    if !swap_in(&tmp, path, &new, ours)? {
        return Ok(None);
    }
    // Flushing the directory makes the rename itself survive a power cut.
    sync_directory(path)?;
    Ok(Some(new))
}

/// Puts the new file `tmp` (whose metadata is `new`) in the place of `path` in one exchange,
/// then keeps what it took out where `ours` says it was another's (`Ok(false)`). See
/// [`replace_own`].
#[cfg(target_os = "linux")]
fn swap_in(
    tmp: &Path,
    path: &Path,
    new: &fs::Metadata,
    ours: &dyn Fn(&Path) -> io::Result<bool>,
) -> io::Result<bool> {
    // A path that keeps appearing and vanishing between the tries is given up on, as a failed
    // save (tried again at the next).
    for _ in 0..8 {
        match rename2(tmp, path, libc::RENAME_EXCHANGE) {
            Ok(()) => return take_back_unless_ours(tmp, path, new, ours),
            // Nothing at the path to exchange with (the file was removed): the name is taken
            // only while it is free, so that a file moved onto it meanwhile is not replaced.
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                match rename2(tmp, path, libc::RENAME_NOREPLACE) {
                    Ok(()) => return Ok(true),
                    Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                    Err(e) if cannot_exchange(&e) => return two_steps(tmp, path),
                    Err(e) => return Err(remove_new(tmp, new, e)),
                }
            }
            Err(e) if cannot_exchange(&e) => return two_steps(tmp, path),
            Err(e) => return Err(remove_new(tmp, new, e)),
        }
    }
    Err(remove_new(
        tmp,
        new,
        io::Error::other("the file kept being removed and put back while it was saved"),
    ))
}

/// After the exchange of [`swap_in`]: what was at `path` is at `tmp`. Where it was not the
/// caller's own, or cannot be told, it is exchanged back and `Ok(false)` (or the error) returned;
/// the new file is removed either way.
#[cfg(target_os = "linux")]
fn take_back_unless_ours(
    tmp: &Path,
    path: &Path,
    new: &fs::Metadata,
    ours: &dyn Fn(&Path) -> io::Result<bool>,
) -> io::Result<bool> {
    let taken = ours(tmp);
    if let Ok(true) = taken {
        // The caller's own old file, replaced: it goes.
        let _ = fs::remove_file(tmp);
        return Ok(true);
    }
    if let Err(e) = rename2(tmp, path, libc::RENAME_EXCHANGE) {
        return Err(io::Error::new(
            e.kind(),
            format!(
                "the file found at its place was another's, and could not be put back: it is \
                 at {} ({e})",
                tmp.display()
            ),
        ));
    }
    // The new file is back at the temporary name, unless yet another file was moved onto the
    // path in the meantime, which then sits there and is left alone.
    if is_new(tmp, new) {
        let _ = fs::remove_file(tmp);
    }
    taken.map(|_| false)
}

/// `renameat2(2)`, through the system call itself, so that a C library older than the call
/// (glibc before 2.28) does not stop the program from linking.
#[cfg(target_os = "linux")]
fn rename2(from: &Path, to: &Path, flags: libc::c_uint) -> io::Result<()> {
    use std::os::unix::ffi::OsStrExt as _;
    let c = |p: &Path| {
        std::ffi::CString::new(p.as_os_str().as_bytes())
            .map_err(|_| io::Error::new(io::ErrorKind::InvalidInput, "a path with a NUL byte"))
    };
    let (from, to) = (c(from)?, c(to)?);
    // SAFETY: both paths are NUL-terminated strings that live across the call, which reads
    // them only; the other arguments are plain integers.
    let r = unsafe {
        libc::syscall(
            libc::SYS_renameat2,
            libc::AT_FDCWD,
            from.as_ptr(),
            libc::AT_FDCWD,
            to.as_ptr(),
            flags,
        )
    };
    if r == 0 {
        Ok(())
    } else {
        Err(io::Error::last_os_error())
    }
}

/// The errors of a kernel or file system that cannot exchange (or refuse to replace) in a
/// rename: `EINVAL` (the file system does not support the flag), `ENOSYS` (a kernel before
/// 3.15), `EOPNOTSUPP`.
#[cfg(target_os = "linux")]
fn cannot_exchange(e: &io::Error) -> bool {
    matches!(
        e.raw_os_error(),
        Some(libc::EINVAL | libc::ENOSYS | libc::EOPNOTSUPP)
    )
}

/// Whether the file at `tmp` is the one whose metadata is `new` (the same file, by device and
/// inode).
#[cfg(target_os = "linux")]
fn is_new(tmp: &Path, new: &fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt as _;
    fs::symlink_metadata(tmp).is_ok_and(|m| (m.dev(), m.ino()) == (new.dev(), new.ino()))
}

/// Removes the new file at `tmp`, where it is still there, and returns `e`.
#[cfg(target_os = "linux")]
fn remove_new(tmp: &Path, new: &fs::Metadata, e: io::Error) -> io::Error {
    if is_new(tmp, new) {
        let _ = fs::remove_file(tmp);
    }
    e
}

#[cfg(not(target_os = "linux"))]
fn swap_in(
    tmp: &Path,
    path: &Path,
    _new: &fs::Metadata,
    _ours: &dyn Fn(&Path) -> io::Result<bool>,
) -> io::Result<bool> {
    two_steps(tmp, path)
}

/// The rename of [`replace_own`] where the system cannot exchange: after the caller's check, a
/// plain rename over the path, which replaces whatever was moved there since.
fn two_steps(tmp: &Path, path: &Path) -> io::Result<bool> {
    fs::rename(tmp, path).inspect_err(|_| {
        let _ = fs::remove_file(tmp);
    })?;
    Ok(true)
}

/// Flushes the directory that holds `path`, so that a new name in it survives a power cut. It is
/// opened as a directory only (`O_DIRECTORY`): anything else found under its name (a named pipe
/// put there meanwhile) is refused at once, never waited on.
fn sync_directory(path: &Path) -> io::Result<()> {
    let mut options = fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt as _;
        options.custom_flags(libc::O_DIRECTORY);
    }
    options.open(directory_of(path))?.sync_all()
}

/// The directory that holds `path`, where its temporary files go.
fn directory_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// The name of the temporary file that [`write_atomically`] writes before it renames it over
/// `path`: short whatever the target's name, so that any name the file system takes for the
/// target (up to 255 bytes) it takes for the temporary file too. The target's name is in it as a
/// hash, the process as its id, and the save as its number in the process, so that saves of
/// different files, of one file by different processes, or one after another, never share a
/// temporary file.
fn temporary_name(path: &Path) -> std::io::Result<String> {
    static SAVES: AtomicU64 = AtomicU64::new(0);
    let file_name = path
        .file_name()
        .ok_or_else(|| std::io::Error::new(std::io::ErrorKind::InvalidInput, "not a file name"))?;
    let hash = crate::plan::fingerprint::fnv1a(file_name.as_encoded_bytes());
    let save = SAVES.fetch_add(1, Ordering::Relaxed);
    Ok(format!(
        ".nqueens-{hash:016x}-{}-{save}.tmp",
        std::process::id()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(unix)]
    use std::os::unix::fs::FileTypeExt as _;

    #[test]
    fn an_atomic_write_leaves_the_whole_file() {
        let path = std::env::temp_dir().join(format!("nq-atomic-{}.txt", std::process::id()));
        write_atomically(&path, b"hello").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"hello");
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn a_new_file_is_created_once() {
        let path = std::env::temp_dir().join(format!("nq-create-{}.txt", std::process::id()));
        let _ = fs::remove_file(&path);
        create_atomically(&path, b"first").unwrap();
        let e = create_atomically(&path, b"second").unwrap_err();
        assert_eq!(e.kind(), std::io::ErrorKind::AlreadyExists);
        assert_eq!(fs::read(&path).unwrap(), b"first");
        // No temporary file is left beside it.
        let prefix = temporary_name(&path).unwrap();
        let prefix = &prefix[..prefix.rfind('-').unwrap()];
        let left = fs::read_dir(directory_of(&path)).unwrap().filter(|e| {
            let name = e.as_ref().unwrap().file_name();
            name.to_string_lossy().starts_with(prefix)
        });
        assert_eq!(left.count(), 0);
        fs::remove_file(&path).unwrap();
    }

    #[test]
    fn a_file_name_of_the_longest_length_is_written() {
        let dir = std::env::temp_dir().join(format!("nq-long-name-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        // 255 bytes is the longest name most file systems take; the temporary name is short.
        let longest = dir.join("c".repeat(250) + ".ckpt");
        write_atomically(&longest, b"hello").unwrap();
        assert_eq!(fs::read(&longest).unwrap(), b"hello");
        assert!(temporary_name(&longest).unwrap().len() < 64);
        // Two targets in one directory never share a temporary file.
        assert_ne!(
            temporary_name(Path::new("a.ckpt")).unwrap(),
            temporary_name(Path::new("b.ckpt")).unwrap()
        );
        fs::remove_dir_all(&dir).unwrap();
    }

    /// A scratch directory of its own for one test.
    #[cfg(unix)]
    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("nq-atomic-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// The names in `dir`, sorted.
    #[cfg(target_os = "linux")]
    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<_> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[cfg(unix)]
    #[test]
    fn a_named_pipe_is_told_without_being_waited_on() {
        let dir = scratch("pipe");
        let pipe = dir.join("pipe");
        let c = std::ffi::CString::new(pipe.to_str().unwrap()).unwrap();
        // SAFETY: a NUL-terminated path that lives across the call.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        assert!(matches!(open_regular(&pipe), Ok(Opened::NotAFile)));
        assert!(matches!(read_regular(&pipe), Ok(None)));
        assert!(matches!(open_regular(&dir), Ok(Opened::NotAFile)));
        // A save never takes it for its own, and leaves it there.
        let ours = |at: &Path| read_regular(at).map(|b| b.is_some());
        assert!(replace_own(&pipe, b"new", &ours).unwrap().is_none());
        assert!(fs::symlink_metadata(&pipe).unwrap().file_type().is_fifo());
        fs::remove_dir_all(&dir).unwrap();
    }

    /// The file at the path passes the check before the save, and is another's by the time of
    /// the rename (moved there in between): the exchange takes it out, finds it is not the
    /// caller's, and puts it back.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_file_moved_onto_the_path_after_the_check_is_put_back() {
        let dir = scratch("put-back");
        let path = dir.join("count.ckpt");
        fs::write(&path, b"another count's").unwrap();
        let ours = |at: &Path| Ok(at == path || fs::read(at)? == b"the count's own");
        assert!(replace_own(&path, b"new", &ours).unwrap().is_none());
        assert_eq!(fs::read(&path).unwrap(), b"another count's");
        // The count's own file is replaced, and no temporary file is left.
        fs::write(&path, b"the count's own").unwrap();
        let new = replace_own(&path, b"new", &ours).unwrap().unwrap();
        assert_eq!(new.len(), 3);
        assert_eq!(fs::read(&path).unwrap(), b"new");
        assert_eq!(names(&dir), ["count.ckpt"]);
        // Nothing at the path: the name is taken.
        fs::remove_file(&path).unwrap();
        assert!(replace_own(&path, b"new", &ours).unwrap().is_some());
        assert_eq!(fs::read(&path).unwrap(), b"new");
        assert_eq!(names(&dir), ["count.ckpt"]);
        fs::remove_dir_all(&dir).unwrap();
    }
}
