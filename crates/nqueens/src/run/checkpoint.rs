//! Checkpoints: a long count that survives a Ctrl-C, a killed job or a reboot.
//!
//! A checkpoint is a small text file that records which subproblems of a plan are finished and
//! what each of them counted, together with the plan's identity ([`PlanId`](crate::plan::PlanId)) and the shard, so
//! that it is only ever added to the count it belongs to. A count of a partly filled board also
//! keeps the board itself, so that the file alone is enough to resume. A checksum (64-bit FNV-1a
//! over everything before it) guards against damage. A file that does not match or does not
//! check out is refused. The checksum cannot guard against a forgery, whose checksum is made to
//! match: of such a file, every count its subproblem could not give is refused
//! ([`Checkpoint::check_counts`](format::Checkpoint::check_counts)), and a whole count of the empty board that finishes is held
//! against the published totals where they are known ([`crate::known::check`]); a line changed
//! to another count its subproblem could give is caught there, and nowhere else.
//!
//! Three parts, each its own module: [`format`], the file's text and the reading and writing
//! of one; [`atomic`], the writes that a crash cannot tear; and [`saving`], the saves of a
//! running count.

pub(crate) mod atomic;
pub(crate) mod format;
pub(crate) mod saving;
