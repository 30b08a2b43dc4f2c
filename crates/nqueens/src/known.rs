//! Known values to test against: OEIS A000170 (all solutions) and A002562 (solutions up to the
//! board's eight symmetries), for n = 1 to 27, as published.

/// OEIS A000170: the number of solutions Q(n), index `n - 1` for n = 1..=27.
pub const A000170: [u128; 27] = [
    1,
    0,
    0,
    2,
    10,
    4,
    40,
    92,
    352,
    724,
    2_680,
    14_200,
    73_712,
    365_596,
    2_279_184,
    14_772_512,
    95_815_104,
    666_090_624,
    4_968_057_848,
    39_029_188_884,
    314_666_222_712,
    2_691_008_701_644,
    24_233_937_684_440,
    227_514_171_973_736,
    2_207_893_435_808_352,
    22_317_699_616_364_044,
    234_907_967_154_122_528,
];

/// OEIS A002562: the number of solutions up to rotation and reflection, index `n - 1`.
pub const A002562: [u128; 27] = [
    1,
    0,
    0,
    1,
    2,
    1,
    6,
    12,
    46,
    92,
    341,
    1_787,
    9_233,
    45_752,
    285_053,
    1_846_955,
    11_977_939,
    83_263_591,
    621_012_754,
    4_878_666_808,
    39_333_324_973,
    336_376_244_042,
    3_029_242_658_210,
    28_439_272_956_934,
    275_986_683_743_434,
    2_789_712_466_510_289,
    29_363_495_934_315_694,
];

/// Q(n) when it is known, for n = 1..=27.
///
/// ```
/// assert_eq!(nqueens::known::total(8), Some(92));
/// assert_eq!(nqueens::known::total(28), None);
/// ```
pub fn total(n: usize) -> Option<u128> {
    n.checked_sub(1).and_then(|i| A000170.get(i).copied())
}

/// The number of unique solutions when it is known, for n = 1..=27.
///
/// ```
/// assert_eq!(nqueens::known::unique(8), Some(12));
/// ```
pub fn unique(n: usize) -> Option<u128> {
    n.checked_sub(1).and_then(|i| A002562.get(i).copied())
}

/// Checks a whole count of the empty n×n board against the published values, where they are
/// known (n ≤ 27): its `total` against A000170 and, when the count has one, its `unique` count
/// against A002562. Saved work (a checkpoint, a set of shard records) can be forged so that
/// every part of it looks like a count its subproblem could give; the sum of the parts cannot
/// hide, for these n. `Err` says which number disagrees; beyond n = 27 there is nothing to
/// check against, and `Ok` says nothing.
///
/// ```
/// assert!(nqueens::known::check(8, 92, Some(12)).is_ok());
/// assert_eq!(
///     nqueens::known::check(8, 100, None).unwrap_err(),
///     "they add up to 100 solutions for n = 8, not the 92 there are (OEIS A000170)"
/// );
/// assert!(nqueens::known::check(8, 92, Some(13)).is_err());
/// assert!(nqueens::known::check(28, 1, None).is_ok());
/// ```
pub fn check(n: usize, total_found: u128, unique_found: Option<u128>) -> Result<(), String> {
    let wrong = |found: u128, known: u128, what: &str, oeis: &str| {
        format!(
            "they add up to {found} {what} for n = {n}, not the {known} there are (OEIS {oeis})"
        )
    };
    if let Some(known) = total(n).filter(|&q| q != total_found) {
        return Err(wrong(total_found, known, "solutions", "A000170"));
    }
    match (unique_found, unique(n)) {
        (Some(found), Some(known)) if found != known => {
            Err(wrong(found, known, "unique solutions", "A002562"))
        }
        _ => Ok(()),
    }
}
