//! A count's checkpoint, as the request names it and as the prepared job keeps it: one file at
//! most, so that two calls naming two files are refused rather than one of them dropped unseen.
//! Kept apart from the builder because the builder only records the names, and the decision and
//! the run are what read them.

use crate::error::{CheckpointProblem, Error};
use crate::run::checkpoint::format::Checkpoint;
use std::io::ErrorKind;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Whether a count keeps a checkpoint, and how often it saves: one choice, so that two calls
/// cannot disagree unseen. The interval is kept without a file too, since it may be set before
/// the file is named.
#[derive(Clone, Debug)]
pub(super) enum Persistence {
    Off {
        every: Duration,
    },
    On {
        path: PathBuf,
        every: Duration,
        open: Open,
    },
    /// Two different checkpoints named: the request is refused when it is prepared.
    Conflict {
        first: PathBuf,
        second: PathBuf,
    },
    /// One checkpoint named both as a new file and as one to continue: each promise (never take
    /// up old work; never take a mistyped path for a new count) would break the other, so the
    /// request is refused when it is prepared.
    Contradiction {
        path: PathBuf,
    },
}

/// What a count may find at its checkpoint's path: the one decision about the file, made when
/// the count is prepared, so that no front end looks at the file itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Open {
    /// Nothing yet: a new checkpoint ([`Count::new_checkpoint`](crate::Count::new_checkpoint)).
    New,
    /// A checkpoint of this count, continued
    /// ([`Count::continue_checkpoint`](crate::Count::continue_checkpoint)).
    Continue,
    /// Either ([`Count::checkpoint`](crate::Count::checkpoint)).
    Either,
}

impl Persistence {
    /// After a call naming `path`: the first checkpoint named stays, opened as both calls allow
    /// (see [`Open::and`]; a new file and a continued one together are a contradiction); naming
    /// another is a conflict, whose first two checkpoints are kept to be reported.
    pub(super) fn name(self, path: PathBuf, open: Open) -> Persistence {
        match self {
            Persistence::Off { every } => Persistence::On { path, every, open },
            Persistence::On {
                path: first,
                every,
                open: before,
            } if first == path => match before.and(open) {
                Some(open) => Persistence::On {
                    path: first,
                    every,
                    open,
                },
                None => Persistence::Contradiction { path: first },
            },
            Persistence::On { path: first, .. } => Persistence::Conflict {
                first,
                second: path,
            },
            refused @ (Persistence::Conflict { .. } | Persistence::Contradiction { .. }) => refused,
        }
    }

    /// The same choice, saving every `every`.
    pub(super) fn every(self, every: Duration) -> Persistence {
        match self {
            Persistence::Off { .. } => Persistence::Off { every },
            Persistence::On { path, open, .. } => Persistence::On { path, every, open },
            refused @ (Persistence::Conflict { .. } | Persistence::Contradiction { .. }) => refused,
        }
    }

    /// The checkpoint of a count of a board: a new one where nothing is at its path, or the
    /// one there, read already, as far as the request's [`Open`] allows. Only a path where
    /// nothing at all is starts a new file: a link that leads nowhere, or a file that cannot be
    /// read, is reported by the reading rather than replaced.
    pub(super) fn open(self) -> Result<Kept, Error> {
        match self {
            Persistence::Off { .. } => Ok(Kept::Off),
            Persistence::On { path, every, open } => {
                open.allows(&path)?;
                match std::fs::symlink_metadata(&path) {
                    Err(e) if e.kind() == ErrorKind::NotFound => Ok(Kept::New { path, every }),
                    _ => {
                        let saved = Checkpoint::load(&path)?;
                        Ok(Kept::Resume { path, every, saved })
                    }
                }
            }
            Persistence::Conflict { first, second } => Err(Error::TwoCheckpoints { first, second }),
            Persistence::Contradiction { path } => Err(contradiction(path)),
        }
    }

    /// The saving interval of a count of the checkpoint at `path` (see
    /// [`Count::resume`](crate::Count::resume)): that file is the count's first checkpoint,
    /// named before any the later calls named, and one to continue, so that naming it again as
    /// a new file is the same contradiction as naming it both ways.
    pub(super) fn resuming(self, path: &Path) -> Result<Duration, Error> {
        let own = path.to_path_buf();
        match self {
            Persistence::Off { every } => Ok(every),
            Persistence::On { path, every, open } if path == own => {
                match Open::Continue.and(open) {
                    Some(_) => Ok(every),
                    None => Err(contradiction(path)),
                }
            }
            Persistence::Contradiction { path } => Err(contradiction(path)),
            Persistence::On { path, .. } => Err(Error::TwoCheckpoints {
                first: own,
                second: path,
            }),
            Persistence::Conflict { first, second } if first == own => {
                Err(Error::TwoCheckpoints { first, second })
            }
            Persistence::Conflict { first, .. } => Err(Error::TwoCheckpoints {
                first: own,
                second: first,
            }),
        }
    }
}

/// The refusal of a checkpoint named both as a new file and as one to continue.
fn contradiction(path: PathBuf) -> Error {
    Error::Checkpoint {
        path,
        problem: CheckpointProblem::NewAndContinued,
    }
}

impl Open {
    /// What a file named by two calls may be: what both allow, or `None` where one call asks
    /// for a new file and the other for one to continue.
    fn and(self, later: Open) -> Option<Open> {
        match (self, later) {
            (Open::Either, open) | (open, Open::Either) => Some(open),
            (first, later) if first == later => Some(first),
            _ => None,
        }
    }

    /// Refuses `path` where what is there (or is not) does not fit: a new checkpoint takes a
    /// path where nothing is, a continued one a path where something is (which the reading then
    /// checks), so that a path given to the wrong one, or mistyped, is caught rather than a
    /// count continued or started over unasked.
    fn allows(self, path: &Path) -> Result<(), Error> {
        let problem = match self {
            Open::Either => return Ok(()),
            Open::New if !path.exists() => return Ok(()),
            Open::New => match path.metadata() {
                Ok(m) if !m.is_file() => CheckpointProblem::NotAFile,
                _ => CheckpointProblem::Exists,
            },
            Open::Continue => match path.metadata() {
                Ok(_) => return Ok(()),
                Err(e) => CheckpointProblem::Io(e),
            },
        };
        Err(Error::Checkpoint {
            path: path.to_path_buf(),
            problem,
        })
    }
}

/// The checkpoint of a prepared count: none, a new one, or one continued (with what it holds).
pub(super) enum Kept {
    Off,
    New {
        path: PathBuf,
        every: Duration,
    },
    Resume {
        path: PathBuf,
        every: Duration,
        saved: Checkpoint,
    },
}

impl Kept {
    pub(super) fn path(&self) -> Option<&Path> {
        match self {
            Kept::Off => None,
            Kept::New { path, .. } | Kept::Resume { path, .. } => Some(path),
        }
    }

    pub(super) fn saved(&self) -> Option<&Checkpoint> {
        match self {
            Kept::Resume { saved, .. } => Some(saved),
            Kept::Off | Kept::New { .. } => None,
        }
    }
}

/// How often a checkpoint is saved unless told otherwise.
pub(super) const SAVE_EVERY: Duration = Duration::from_secs(60);
