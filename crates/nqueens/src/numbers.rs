//! Numbers a person types, read and refused in one way wherever they are typed: the one grammar
//! of a typed whole number ([`whole_number`], refused with a [`BadNumber`] that says why, a
//! [`NumberFault`]), and the one sentence of a number out of range ([`out_of_range`]).
//!
//! The library reads shards (`I/K`) in this grammar and words its refusals in this sentence; a
//! front end reads its own numbers and words its own limits with the same two, so that the
//! command line, the Python package and the library accept and refuse alike.

pub use crate::error::number::{BadNumber, NumberFault, out_of_range, whole_number};
