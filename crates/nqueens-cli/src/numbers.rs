//! Every number on the command line (N, `--threads`, `--limit`, `--seed`, `--checkpoint-every`,
//! the parts of `--shard`) is read in the library's one grammar of typed numbers
//! ([`nqueens::numbers::whole_number`]), so the same forms are accepted everywhere, and every
//! refusal names the valid range; this module only fits the result to the types clap stores.
//!
//! A number is decimal digits, which may be grouped by single underscores between digits
//! (`10_000_000`); no sign, no spaces inside, no other base. A negative number, a fraction or
//! a word is refused with the range, as is a number too large for any type.

use nqueens::numbers::whole_number;

/// Reads a whole number from `min` to `max` as the type clap stores (`usize`, `u64`); `name` is
/// how the refusal names it ("N", "T").
///
/// The refusal is the text after clap's "invalid value 'X' for 'ARG': ".
pub fn whole_as<T>(text: &str, name: &'static str, min: T, max: T) -> Result<T, String>
where
    T: TryFrom<u128> + TryInto<u128>,
{
    let wide = |v: T| v.try_into().unwrap_or(u128::MAX);
    let v = whole_number(text, name, wide(min), wide(max)).map_err(|e| e.to_string())?;
    T::try_from(v).map_err(|_| format!("out of range: {name}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_accepted_forms() {
        for (text, v) in [
            ("8", 8),
            ("08", 8),
            ("1_000", 1000),
            (" 12 ", 12),
            ("10_000_000", 10_000_000),
        ] {
            assert_eq!(whole_as::<u128>(text, "N", 1, 1 << 40), Ok(v), "{text}");
        }
    }

    #[test]
    fn every_refusal_names_the_range() {
        let range = "N must be a whole number from 1 to 64";
        for (text, why) in [
            ("0", "out of range"),
            ("65", "out of range"),
            ("-3", "negative"),
            ("abc", "not a whole number"),
            ("1.5", "not a whole number"),
            ("+3", "not a whole number"),
            ("_8", "not a whole number"),
            ("8_", "not a whole number"),
            ("1__0", "not a whole number"),
            ("", "not a whole number"),
            ("0x10", "not a whole number"),
            (
                "99999999999999999999999999999999999999999999",
                "out of range",
            ),
        ] {
            assert_eq!(
                whole_as::<u128>(text, "N", 1, 64),
                Err(format!("{why}: {range}")),
                "{text:?}"
            );
        }
        assert_eq!(
            whole_as::<u64>("0", "N", 1, 1_000_000_000).unwrap_err(),
            "out of range: N must be a whole number from 1 to 1,000,000,000"
        );
    }
}
