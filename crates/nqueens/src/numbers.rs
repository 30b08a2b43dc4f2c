//! Numbers a person types, read and refused in one way wherever they are typed: the one grammar
//! of a typed whole number ([`whole_number`], refused with a [`BadNumber`] that says why, a
//! [`NumberFault`]), and the one sentence of a number out of range ([`out_of_range`]).
//!
//! The library reads shards (`I/K`) in this grammar and words its refusals in this sentence; a
//! front end reads its own numbers and words its own limits with the same two, so that the
//! command line, the Python package and the library accept and refuse alike.
//!
//! ```
//! use nqueens::numbers::{NumberFault, whole_number};
//!
//! assert_eq!(whole_number("1_000", "N", 1, 10_000), Ok(1000));
//! assert_eq!(whole_number("x", "N", 1, 64).unwrap_err().fault, NumberFault::NotWhole);
//! ```

use std::fmt;

/// Why a number written as text was refused, for [`BadNumber`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum NumberFault {
    /// Not a whole number at all: a word, a fraction, a sign other than a leading minus, a
    /// misplaced underscore, nothing.
    NotWhole,
    /// Digits after a minus sign.
    Negative,
    /// A whole number outside the range, however many digits it has.
    OutOfRange,
}

impl fmt::Display for NumberFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            NumberFault::NotWhole => "not a whole number",
            NumberFault::Negative => "negative",
            NumberFault::OutOfRange => "out of range",
        })
    }
}

/// A number written as text that [`whole_number`] refused: its name, why, and the range it
/// must be in. The message names the range, its large bounds grouped in thousands.
///
/// ```
/// use nqueens::numbers::{whole_number, BadNumber, NumberFault};
///
/// let e = whole_number("-3", "T", 1, 1024).unwrap_err();
/// assert_eq!(e, BadNumber { name: "T", fault: NumberFault::Negative, min: 1, max: 1024 });
/// assert_eq!(e.to_string(), "negative: T must be a whole number from 1 to 1024");
/// assert_eq!(e.range(), "from 1 to 1024");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BadNumber {
    /// How the number is called in the message ("N", "K").
    pub name: &'static str,
    /// What is wrong with it.
    pub fault: NumberFault,
    /// The smallest accepted.
    pub min: u128,
    /// The largest accepted.
    pub max: u128,
}

impl BadNumber {
    /// The accepted range as the message words it: "from 1 to 1,000,000".
    pub fn range(&self) -> String {
        format!("from {} to {}", grouped(self.min), grouped(self.max))
    }
}

impl fmt::Display for BadNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {} must be a whole number {}",
            self.fault,
            self.name,
            self.range()
        )
    }
}

/// Reads a whole number from `min` to `max` written as text, in the one grammar of every number
/// a person types (a board size, threads, a part of a shard): decimal digits, which may be
/// grouped by single underscores between digits (`10_000_000`), with spaces around them but not
/// inside; no sign, no other base. The refusal says why and names the range; `name` is how it
/// calls the number.
///
/// ```
/// use nqueens::numbers::{whole_number, NumberFault};
///
/// assert_eq!(whole_number(" 1_000 ", "N", 1, 1 << 40), Ok(1000));
/// assert_eq!(whole_number("08", "N", 1, 64), Ok(8));
/// for (text, fault) in [("1.5", NumberFault::NotWhole), ("_8", NumberFault::NotWhole),
///                       ("-3", NumberFault::Negative), ("65", NumberFault::OutOfRange)] {
///     assert_eq!(whole_number(text, "N", 1, 64).unwrap_err().fault, fault, "{text}");
/// }
/// assert_eq!(
///     whole_number("0", "N", 1, 1_000_000_000).unwrap_err().to_string(),
///     "out of range: N must be a whole number from 1 to 1,000,000,000"
/// );
/// ```
pub fn whole_number(
    text: &str,
    name: &'static str,
    min: u128,
    max: u128,
) -> Result<u128, BadNumber> {
    let refuse = |fault| BadNumber {
        name,
        fault,
        min,
        max,
    };
    let t = text.trim();
    let digits_only = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let well_formed = t.split('_').all(digits_only);
    if !well_formed {
        return Err(refuse(match t.strip_prefix('-') {
            Some(rest) if digits_only(rest) => NumberFault::Negative,
            _ => NumberFault::NotWhole,
        }));
    }
    let digits: String = t.chars().filter(|&c| c != '_').collect();
    match digits.parse::<u128>() {
        Ok(v) if (min..=max).contains(&v) => Ok(v),
        _ => Err(refuse(NumberFault::OutOfRange)),
    }
}

/// A number written with thousands separators when it is large, as ranges read best: 64,
/// 10,000, 1,000,000,000.
fn grouped(v: u128) -> String {
    let digits = v.to_string();
    if digits.len() <= 4 {
        return digits;
    }
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The sentence of a number out of range, `value` written as the front end was given it: one
/// wording for the library's refusals and for a front end's own (a binding's limit or seed).
///
/// ```
/// assert_eq!(
///     nqueens::numbers::out_of_range("limit", "-1", 0, 10),
///     "limit = -1 is out of range: limit must be from 0 to 10"
/// );
/// ```
pub fn out_of_range(name: &str, value: &str, min: u128, max: u128) -> String {
    format!("{name} = {value} is out of range: {name} must be from {min} to {max}")
}

// An error of its own, so that a caller holding one apart from [`Error`] can box it or pass it
// on with `?`. [`Error`] shows its text as part of its own rather than as its `source()`, so
// that a printer of error chains does not say it twice.
impl std::error::Error for BadNumber {}
