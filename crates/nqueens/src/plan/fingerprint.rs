//! The fingerprints that name a split, a checkpoint's body and a shard record's line: one hash,
//! written and read back as 16 lowercase hex digits.

/// A 64-bit FNV-1a hash, for fingerprints that must not change between builds or machines.
///
/// ```
/// assert_eq!(nqueens::internals::fnv1a(b""), 0xcbf29ce484222325);
/// ```
pub fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// Reads a fingerprint as checkpoints and shard records write it: exactly 16 lowercase hex
/// digits, so that no other spelling reads as the same fingerprint.
pub fn parse_fingerprint(text: &str) -> Option<u64> {
    let canonical = text.len() == 16
        && text
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
    canonical
        .then(|| u64::from_str_radix(text, 16).ok())
        .flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fingerprint_reads_only_as_sixteen_lowercase_hex_digits() {
        assert_eq!(parse_fingerprint("00000000000000ff"), Some(255));
        assert_eq!(parse_fingerprint("ff"), None);
        assert_eq!(parse_fingerprint("00000000000000FF"), None);
    }
}
