//! The result of a count: the total and, from engines that see symmetry, the unique solutions
//! and how they split by symmetry class.
//!
//! Partial counts of subproblems add up with `+` (an overflow of 128 bits is a bug and panics
//! rather than wraps) or with [`Counts::checked_add`], which is what sums of saved work use: a
//! damaged file must be refused, never wrap around into a plausible number.
//!
//! A count travels in three media, with one encoding each, all defined here: JSON (serde, with
//! the `serde` feature, under the field names every command prints: `solutions`, `unique`,
//! `classes`), a line of text in checkpoints ([`Counts::to_line`]), and machine words on a
//! cluster's wire ([`Counts::to_words`]).

use crate::symmetry::SymmetryClasses;
#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};
use std::ops::{Add, AddAssign};

/// A count: always the total; the unique count and classes when the engine computes them.
///
/// ```
/// use nqueens::Counts;
///
/// let a = Counts::total(40);
/// let b = Counts::total(52);
/// assert_eq!((a + b).total, 92);
/// // With the `serde` feature:
/// # #[cfg(feature = "serde")]
/// assert_eq!(serde_json::to_string(&a).unwrap(), r#"{"solutions":40}"#);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Counts {
    /// All solutions (OEIS A000170 for the empty board).
    #[cfg_attr(feature = "serde", serde(rename = "solutions"))]
    pub total: u128,
    /// Solutions up to the 8 symmetries (OEIS A002562), when known.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub unique: Option<u128>,
    /// Unique solutions by symmetry class, when known.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub classes: Option<SymmetryClasses>,
}

impl Counts {
    /// A count that knows only its total.
    pub fn total(total: u128) -> Counts {
        Counts {
            total,
            unique: None,
            classes: None,
        }
    }

    /// A count from symmetry classes of a board of 2 or more rows: total and unique follow from
    /// them (n = 1's one class holds 1 board, where [`SymmetryClasses::total`] says 2).
    pub fn from_classes(classes: SymmetryClasses) -> Counts {
        Counts {
            total: classes.total(),
            unique: Some(classes.unique()),
            classes: Some(classes),
        }
    }

    /// The sum, or `None` when it would overflow 128 bits. Unique counts and classes survive
    /// only when both sides have them.
    ///
    /// ```
    /// use nqueens::Counts;
    ///
    /// assert_eq!(Counts::total(1).checked_add(Counts::total(2)), Some(Counts::total(3)));
    /// assert_eq!(Counts::total(u128::MAX).checked_add(Counts::total(1)), None);
    /// ```
    pub fn checked_add(self, o: Counts) -> Option<Counts> {
        Some(Counts {
            total: self.total.checked_add(o.total)?,
            unique: match (self.unique, o.unique) {
                (Some(a), Some(b)) => Some(a.checked_add(b)?),
                _ => None,
            },
            classes: match (self.classes, o.classes) {
                (Some(a), Some(b)) => Some(a.checked_add(b)?),
                _ => None,
            },
        })
    }

    /// Checks what every count of an `n`×`n` board holds, whatever part of it was counted: a
    /// method that counts by class (`by_class`) gives the unique count and the classes, others
    /// give neither; the classes add up to the total and to the unique count (n = 1 aside: its
    /// one board is one class, filed with the quarter-turn classes). Saved work (a
    /// checkpoint line, a shard record) that breaks one of these is damaged, however well its
    /// checksum or its syntax reads. `Err` says which fails.
    ///
    /// ```
    /// use nqueens::Counts;
    /// use nqueens::symmetry::SymmetryClasses;
    ///
    /// let c = Counts::from_classes(SymmetryClasses { rot90: 0, rot180: 1, asymmetric: 11 });
    /// assert!(c.check(8, true).is_ok());
    /// assert!(Counts { total: 93, ..c }.check(8, true).is_err());
    /// assert!(c.check(8, false).is_err());
    /// assert!(Counts::total(92).check(8, false).is_ok());
    /// // n = 1: one board, one class, filed with the quarter-turn classes.
    /// let k = SymmetryClasses { rot90: 1, rot180: 0, asymmetric: 0 };
    /// let one = Counts { total: 1, unique: Some(1), classes: Some(k) };
    /// assert!(one.check(1, true).is_ok());
    /// assert!(one.check(2, true).is_err());
    /// // Classes too many to add up are refused, not wrapped around.
    /// let k = SymmetryClasses { rot90: u128::MAX, rot180: 0, asymmetric: 0 };
    /// assert!(Counts { total: u128::MAX - 1, unique: Some(u128::MAX), classes: Some(k) }
    ///     .check(8, true)
    ///     .is_err());
    /// ```
    pub fn check(&self, n: usize, by_class: bool) -> Result<(), String> {
        match (by_class, self.unique, self.classes) {
            (true, Some(_), Some(_)) | (false, None, None) => {}
            (true, _, _) => return Err("a count by class without its classes".to_string()),
            (false, _, _) => {
                return Err("unique solutions or classes from a method that counts none".into());
            }
        }
        if let Some(k) = self.classes {
            if k.boards(n) != Some(self.total) {
                return Err(format!(
                    "the classes {},{},{} do not make {} solutions",
                    k.rot90, k.rot180, k.asymmetric, self.total
                ));
            }
            let unique = k
                .rot90
                .checked_add(k.rot180)
                .and_then(|u| u.checked_add(k.asymmetric));
            if unique != self.unique {
                return Err(format!(
                    "the classes {},{},{} do not make {} unique solutions",
                    k.rot90,
                    k.rot180,
                    k.asymmetric,
                    self.unique.unwrap_or_default()
                ));
            }
        }
        Ok(())
    }

    /// The count as the fields of one checkpoint line: `total unique classes`, where `unique` is
    /// a number or `-` and `classes` is `rot90,rot180,asymmetric` or `-`.
    ///
    /// ```
    /// use nqueens::Counts;
    /// use nqueens::symmetry::SymmetryClasses;
    ///
    /// let c = Counts::from_classes(SymmetryClasses { rot90: 0, rot180: 1, asymmetric: 11 });
    /// assert_eq!(c.to_line(), "92 12 0,1,11");
    /// assert_eq!(Counts::from_line(&c.to_line()), Some(c));
    /// assert_eq!(Counts::total(7).to_line(), "7 - -");
    /// ```
    pub fn to_line(&self) -> String {
        let unique = self.unique.map_or("-".to_string(), |u| u.to_string());
        let classes = self.classes.map_or("-".to_string(), |k| {
            format!("{},{},{}", k.rot90, k.rot180, k.asymmetric)
        });
        format!("{} {unique} {classes}", self.total)
    }

    /// Reads what [`Counts::to_line`] writes; `None` for anything else. The numbers must be
    /// written exactly as `to_line` writes them (no sign, no leading zero), so that no two texts
    /// read as the same count.
    pub fn from_line(line: &str) -> Option<Counts> {
        let number = |s: &str| -> Option<u128> {
            let canonical = !s.is_empty()
                && s.bytes().all(|b| b.is_ascii_digit())
                && (s == "0" || !s.starts_with('0'));
            canonical.then(|| s.parse().ok()).flatten()
        };
        let mut parts = line.split(' ');
        let total = number(parts.next()?)?;
        let unique = match parts.next()? {
            "-" => None,
            u => Some(number(u)?),
        };
        let classes = match parts.next()? {
            "-" => None,
            k => {
                let mut v = k.split(',').map(number);
                let classes = SymmetryClasses {
                    rot90: v.next()??,
                    rot180: v.next()??,
                    asymmetric: v.next()??,
                };
                if v.next().is_some() {
                    return None;
                }
                Some(classes)
            }
        };
        if parts.next().is_some() {
            return None;
        }
        Some(Counts {
            total,
            unique,
            classes,
        })
    }

    /// The number of words of [`Counts::to_words`].
    pub const WORDS: usize = 11;

    /// The count as machine words, for a cluster's messages: a word of flags (which optional
    /// counts are present), then total, unique, rot90, rot180 and asymmetric, each as two words
    /// (low half first).
    ///
    /// ```
    /// use nqueens::Counts;
    ///
    /// let c = Counts { total: u128::MAX, unique: Some(3), classes: None };
    /// assert_eq!(Counts::from_words(&c.to_words()), Some(c));
    /// ```
    pub fn to_words(&self) -> [u64; Counts::WORDS] {
        let k = self.classes.unwrap_or_default();
        let mut w = [0u64; Counts::WORDS];
        w[0] = self.unique.is_some() as u64 | (self.classes.is_some() as u64) << 1;
        let values = [
            self.total,
            self.unique.unwrap_or(0),
            k.rot90,
            k.rot180,
            k.asymmetric,
        ];
        for (slot, x) in values.into_iter().enumerate() {
            w[1 + 2 * slot] = x as u64;
            w[2 + 2 * slot] = (x >> 64) as u64;
        }
        w
    }

    /// Reads what [`Counts::to_words`] writes; `None` for a wrong length or unknown flags.
    pub fn from_words(w: &[u64]) -> Option<Counts> {
        if w.len() != Counts::WORDS || w[0] > 3 {
            return None;
        }
        let join = |slot: usize| w[1 + 2 * slot] as u128 | (w[2 + 2 * slot] as u128) << 64;
        Some(Counts {
            total: join(0),
            unique: (w[0] & 1 != 0).then(|| join(1)),
            classes: (w[0] & 2 != 0).then(|| SymmetryClasses {
                rot90: join(2),
                rot180: join(3),
                asymmetric: join(4),
            }),
        })
    }
}

impl Add for Counts {
    type Output = Counts;
    /// Unique counts and classes survive only when both sides have them.
    fn add(self, o: Counts) -> Counts {
        self.checked_add(o).expect("a count overflows 128 bits")
    }
}

impl AddAssign for Counts {
    fn add_assign(&mut self, o: Counts) {
        *self = *self + o;
    }
}

impl std::iter::Sum for Counts {
    fn sum<I: Iterator<Item = Counts>>(iter: I) -> Counts {
        iter.reduce(|a, b| a + b).unwrap_or_default()
    }
}
