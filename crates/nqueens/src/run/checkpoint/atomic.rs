//! Writes that a crash cannot tear, for checkpoints.
//!
//! Files are replaced atomically: written beside the target under a temporary name, flushed to
//! disk, renamed over the target, and the directory flushed, so a crash at any moment leaves
//! either the old checkpoint or the new one, never a torn one. A new checkpoint takes its name in
//! the same one step ([`create_atomically`]), which fails where the name is taken: two counts
//! never share one file. A save with nothing new to keep writes nothing.

use std::fs::{self, File};
use std::io::Write as _;
use std::path::{Path, PathBuf};

/// Writes `bytes` to `path` so that a crash leaves either the old file or the new one: a
/// temporary file in the same directory (a rename is atomic only within one file system),
/// flushed, renamed over the target, and the directory flushed so the rename itself is durable.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let tmp = directory_of(path).join(temporary_name(path)?);
    write_temporary(&tmp, bytes)?;
    let result = (|| {
        fs::rename(&tmp, path)?;
        // Flushing the directory makes the rename itself survive a power cut.
        File::open(directory_of(path))?.sync_all()
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// Writes `bytes` to the temporary file `tmp`, flushed to disk and closed; a failure leaves no
/// temporary file.
fn write_temporary(tmp: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let written = (|| {
        let mut f = File::create(tmp)?;
        f.write_all(bytes)?;
        f.sync_all()
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
    let linked = write_temporary(&tmp, bytes).and_then(|()| fs::hard_link(&tmp, path));
    let _ = fs::remove_file(&tmp);
    match linked {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => return Err(e),
        Err(_) => {
            let mut f = fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(path)?;
            f.write_all(bytes)?;
            f.sync_all()?;
        }
    }
    // Flushing the directory makes the new name itself survive a power cut.
    File::open(directory_of(path))?.sync_all()
}

/// The directory that holds `path`, where its temporary files go.
fn directory_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// The name of the temporary file that [`write_atomically`] writes before it renames it over
/// `path`: of one short, fixed length whatever the target's name, so that any name the file
/// system takes for the target (up to 255 bytes) it takes for the temporary file too. The
/// target's name is in it as a hash, and the process as its id, so that saves of different
/// files, or of one file by different processes, never share a temporary file.
fn temporary_name(path: &Path) -> std::io::Result<String> {
    let file_name = path
        .file_name()
        .ok_or_else(|| std::io::Error::new(std::io::ErrorKind::InvalidInput, "not a file name"))?;
    let hash = crate::plan::fingerprint::fnv1a(file_name.as_encoded_bytes());
    Ok(format!(".nqueens-{hash:016x}-{}.tmp", std::process::id()))
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let tmp = directory_of(&path).join(temporary_name(&path).unwrap());
        assert!(!tmp.exists());
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
}
