//! The one grammar of every number on the command line (N, `--threads`, `--limit`, `--seed`,
//! `--checkpoint-every`, the parts of `--shard`): the same forms are accepted everywhere, and
//! every refusal names the valid range.
//!
//! A number is decimal digits, which may be grouped by single underscores between digits
//! (`10_000_000`); no sign, no spaces inside, no other base. A negative number, a fraction or
//! a word is refused with the range, as is a number too large for any type.

/// Reads a whole number from `min` to `max`; `name` is how the refusal names it ("N", "T").
///
/// The refusal is the text after clap's "invalid value 'X' for 'ARG': ".
pub fn whole(text: &str, name: &str, min: u128, max: u128) -> Result<u128, String> {
    let range = format!(
        "{name} must be a whole number from {} to {}",
        group(min),
        group(max)
    );
    let t = text.trim();
    let bytes = t.as_bytes();
    let well_formed = !t.is_empty()
        && bytes.first().is_some_and(u8::is_ascii_digit)
        && bytes.last().is_some_and(u8::is_ascii_digit)
        && bytes.iter().all(|&b| b.is_ascii_digit() || b == b'_')
        && !t.contains("__");
    if !well_formed {
        let why = if t.starts_with('-') && t[1..].bytes().all(|b| b.is_ascii_digit()) && t.len() > 1
        {
            "negative"
        } else {
            "not a whole number"
        };
        return Err(format!("{why}: {range}"));
    }
    let digits: String = t.chars().filter(|&c| c != '_').collect();
    match digits.parse::<u128>() {
        Ok(v) if (min..=max).contains(&v) => Ok(v),
        _ => Err(format!("out of range: {range}")),
    }
}

/// `whole` for the types clap stores (`usize`, `u64`).
pub fn whole_as<T>(text: &str, name: &str, min: T, max: T) -> Result<T, String>
where
    T: TryFrom<u128> + TryInto<u128>,
{
    let wide = |v: T| v.try_into().unwrap_or(u128::MAX);
    let v = whole(text, name, wide(min), wide(max))?;
    T::try_from(v).map_err(|_| format!("out of range: {name}"))
}

/// A number written with thousands separators when it is large, as ranges read best:
/// 64, 10,000, 1,000,000,000.
fn group(v: u128) -> String {
    let digits = v.to_string();
    if digits.len() <= 4 {
        return digits;
    }
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
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
            assert_eq!(whole(text, "N", 1, 1 << 40), Ok(v), "{text}");
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
                whole(text, "N", 1, 64),
                Err(format!("{why}: {range}")),
                "{text:?}"
            );
        }
        assert_eq!(
            whole("0", "N", 1, 1_000_000_000).unwrap_err(),
            "out of range: N must be a whole number from 1 to 1,000,000,000"
        );
    }
}
