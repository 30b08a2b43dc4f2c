//! The east keys of a split, bit-sliced into vectors and sorted into buckets by their cut bits,
//! and the word passes over them (narrow, count) that the west walks run: the data the pair
//! count reads, apart from the walks that drive it.

use super::lines::Lines;

/// The most key bits that sort the east keys into buckets (2^6 = 64 buckets).
pub const MAX_CUTS: u32 = 6;

/// The vectors of [`Sliced::fill_lacking`] for a fixed list of keys, each made the first time
/// it is asked for.
pub(super) struct Lacking {
    lines: Lines,
    made: Vec<bool>,
    keys: Vec<u64>,
}

impl Lacking {
    /// Room for one vector per key of `keys`, none made yet.
    pub(super) fn new(sliced: &Sliced, keys: Vec<u64>) -> Lacking {
        Lacking {
            lines: sliced.vectors(keys.len()),
            made: vec![false; keys.len()],
            keys,
        }
    }

    /// Makes vector `i` unless it is made.
    #[inline(always)]
    pub(super) fn make(&mut self, sliced: &Sliced, i: usize) {
        if !self.made[i] {
            sliced.fill_lacking(self.keys[i], self.lines.get_mut(i));
            self.made[i] = true;
        }
    }

    /// Vector `i`, made before by [`Lacking::make`].
    #[inline(always)]
    pub(super) fn get(&self, i: usize) -> &[u64] {
        debug_assert!(self.made[i]);
        self.lines.get(i)
    }
}

/// The east keys of one split, bit-sliced, in buckets and weighted classes.
pub struct Sliced {
    /// Words per vector.
    pub(super) words: usize,
    /// `bits` vectors of `words` words each: vector `b` has bit `i` set when key `i` lacks bit `b`.
    lacks: Lines,
    /// Every key, as a vector of ones (the padding after each class is zero).
    all: Lines,
    /// For each word, the base-2 logarithm of the weight of its class.
    shift: Lines,
    /// The key bits that sort the keys into buckets, as a mask.
    pub(super) cuts: u64,
    /// Their positions, lowest first: bit `i` of a bucket number is the key's bit `cut_at[i]`.
    cut_at: Vec<u32>,
    /// Bucket `v` holds the words `starts[v]..starts[v + 1]`.
    starts: Vec<u32>,
    /// For each set `v` of cut bits a west placement holds, the word ranges of the buckets that
    /// avoid them: `ranges[range_at[v]..range_at[v + 1]]`, neighbouring buckets merged.
    ranges: Vec<(u32, u32)>,
    range_at: Vec<u32>,
    /// The keys in bucket order, kept to reuse their memory.
    sorted: Vec<u64>,
    /// Each key's bucket while they are sorted, kept to reuse its memory.
    bucket_of: Vec<u8>,
}

/// Transposes a 64 × 64 bit matrix in place, as far as its first `rows` rows go: afterwards bit
/// `i` of `a[b]` is what bit `b` of `a[i]` was, for every `b < rows` (the rows from `rows` on
/// are left in some intermediate state).
///
/// The usual recursive swap of off-diagonal blocks: at step `j` the upper `j` bits of row `k`
/// trade places with the lower `j` bits of row `k + j`, for all such row pairs at once, so six
/// steps of word operations replace 4,096 single-bit moves. Each step works within blocks of
/// `2j` rows that later steps never mix, so a block that starts at or after `rows` holds only
/// rows nobody reads and is skipped: keys have `2(n - 1)` bits, and on boards up to n = 17
/// that leaves out about half the work.
pub fn transpose64(a: &mut [u64; 64], rows: usize) {
    let mut j = 32;
    let mut m: u64 = 0x0000_0000_FFFF_FFFF;
    while j != 0 {
        let mut base = 0;
        while base < rows {
            for k in base..base + j {
                let t = ((a[k] >> j) ^ a[k + j]) & m;
                a[k + j] ^= t;
                a[k] ^= t << j;
            }
            base += 2 * j;
        }
        j >>= 1;
        m ^= m << j;
    }
}

impl Sliced {
    /// Slices the classes of keys `(keys, weight)`, whose bits are below `bits`, sorted into
    /// buckets by their bits of `cuts` (at most [`MAX_CUTS`] of them); each class of each bucket
    /// starts on a fresh word so that counting can weight it by word ranges.
    pub fn new(classes: &[(&[u64], u64)], bits: u32, cuts: &[u32]) -> Sliced {
        let mut sliced = Sliced {
            words: 0,
            lacks: Lines::new(),
            all: Lines::new(),
            shift: Lines::new(),
            cuts: 0,
            cut_at: Vec::new(),
            starts: Vec::new(),
            ranges: Vec::new(),
            range_at: Vec::new(),
            sorted: Vec::new(),
            bucket_of: Vec::new(),
        };
        sliced.refill(classes, bits, cuts);
        sliced
    }

    /// [`Sliced::new`] in place, reusing the memory of an earlier slicing (every word is
    /// rewritten).
    pub fn refill(&mut self, classes: &[(&[u64], u64)], bits: u32, cuts: &[u32]) {
        assert!(cuts.len() <= MAX_CUTS as usize, "{} cut bits", cuts.len());
        self.cuts = cuts.iter().fold(0, |m, &b| m | 1 << b);
        self.cut_at.clear();
        self.cut_at.extend_from_slice(cuts);
        let cuts = self.cuts;
        let buckets = 1usize << self.cut_at.len();
        let nc = classes.len();
        self.starts.clear();
        if cuts == 0 {
            // One bucket: the classes are sliced as they come.
            let words = classes.iter().map(|(k, _)| k.len().div_ceil(64)).sum();
            self.slice(classes.iter().copied(), words, bits as usize);
            self.starts.push(0);
        } else {
            // A counting sort of the keys by (bucket, class): `groups[v * classes + c]` keys
            // each.
            let mut groups = vec![0usize; buckets * nc + 1];
            // Each key's bucket, worked out once for both passes.
            let mut bucket_of = std::mem::take(&mut self.bucket_of);
            bucket_of.clear();
            for (c, (keys, _)) in classes.iter().enumerate() {
                for &k in keys.iter() {
                    let v = self.bucket::<true>(k);
                    bucket_of.push(v as u8);
                    groups[v as usize * nc + c + 1] += 1;
                }
            }
            let words = groups.iter().map(|g| g.div_ceil(64)).sum();
            for i in 0..buckets * nc {
                groups[i + 1] += groups[i];
            }
            let mut sorted = std::mem::take(&mut self.sorted);
            sorted.resize(groups[buckets * nc], 0);
            let mut next = groups.clone();
            let mut v = bucket_of.iter();
            for (c, (keys, _)) in classes.iter().enumerate() {
                for (&k, &b) in keys.iter().zip(v.by_ref()) {
                    let g = b as usize * nc + c;
                    sorted[next[g]] = k;
                    next[g] += 1;
                }
            }
            self.bucket_of = bucket_of;
            let groups = &groups;
            let sorted_ref = &sorted;
            let starts = self.slice(
                (0..buckets * nc)
                    .map(|g| (&sorted_ref[groups[g]..groups[g + 1]], classes[g % nc].1)),
                words,
                bits as usize,
            );
            self.starts
                .extend(starts.iter().step_by(nc.max(1)).take(buckets));
            self.sorted = sorted;
        }
        let w = self.words;
        if nc == 0 {
            self.starts.resize(buckets, 0);
        }
        self.starts.push(w as u32);
        self.ranges.clear();
        self.range_at.clear();
        for seen in 0..buckets as u32 {
            self.range_at.push(self.ranges.len() as u32);
            let free = !seen & (buckets as u32 - 1);
            // The buckets that avoid `seen` are the subsets of `free`, visited from the largest
            // down, so a bucket that ends where the current range begins extends it.
            let mut v = free;
            loop {
                let (a, b) = (self.starts[v as usize], self.starts[v as usize + 1]);
                if a < b {
                    let mine = self.ranges.len() > *self.range_at.last().unwrap() as usize;
                    match self.ranges.last_mut() {
                        Some(last) if mine && last.0 == b => last.0 = a,
                        _ => self.ranges.push((a, b)),
                    }
                }
                if v == 0 {
                    break;
                }
                v = (v - 1) & free;
            }
        }
        self.range_at.push(self.ranges.len() as u32);
    }

    /// Slices `groups` of keys `(keys, weight)` one after another into `words` words, each group
    /// on a fresh word; returns the first word of each group.
    fn slice<'k>(
        &mut self,
        groups: impl Iterator<Item = (&'k [u64], u64)>,
        words: usize,
        bits: usize,
    ) -> Vec<u32> {
        self.words = words;
        self.lacks.reset(bits, words);
        self.all.reset(1, words);
        self.shift.reset(1, words);
        let lacks = &mut self.lacks;
        let all = self.all.get_mut(0);
        let shift = self.shift.get_mut(0);
        let mut firsts = Vec::new();
        let mut w = 0;
        for (keys, weight) in groups {
            firsts.push(w as u32);
            assert!(weight.is_power_of_two(), "class weight {weight}");
            shift[w..w + keys.len().div_ceil(64)].fill(weight.trailing_zeros() as u64);
            for block in keys.chunks(64) {
                let ones = if block.len() == 64 {
                    u64::MAX
                } else {
                    (1u64 << block.len()) - 1
                };
                let mut m = [0u64; 64];
                m[..block.len()].copy_from_slice(block);
                transpose64(&mut m, bits);
                all[w] = ones;
                for (b, &t) in m[..bits].iter().enumerate() {
                    lacks.get_mut(b)[w] = !t & ones;
                }
                w += 1;
            }
        }
        debug_assert_eq!(w, words);
        firsts
    }

    /// The word ranges of the buckets that avoid the cut bits `seen` (a bucket number).
    #[inline(always)]
    fn ranges(&self, seen: u32) -> &[(u32, u32)] {
        let at = &self.range_at[seen as usize..seen as usize + 2];
        &self.ranges[at[0] as usize..at[1] as usize]
    }

    /// The bucket of a key: its cut bits, gathered.
    #[inline(always)]
    pub(super) fn bucket<const CUT: bool>(&self, key: u64) -> u32 {
        if !CUT {
            return 0;
        }
        self.cut_at
            .iter()
            .enumerate()
            .fold(0, |v, (i, &b)| v | ((key >> b & 1) as u32) << i)
    }

    /// How many keys are held (padding aside).
    #[cfg(test)]
    pub fn keys(&self) -> u64 {
        self.all().iter().map(|w| w.count_ones() as u64).sum()
    }

    /// Every key, as a vector of ones.
    #[inline(always)]
    pub(super) fn all(&self) -> &[u64] {
        self.all.get(0)
    }

    /// Room for `count` vectors of candidates, laid out as the keys' vectors are.
    pub(super) fn vectors(&self, count: usize) -> Lines {
        let mut v = Lines::new();
        v.reset(count, self.words);
        v
    }

    #[inline(always)]
    fn lacks(&self, b: usize) -> &[u64] {
        self.lacks.get(b)
    }

    /// `out` = the keys that lack every bit of `key`, on every word: the AND of those bits'
    /// vectors, made once so that a queen placed again and again costs one vector, not two.
    pub(super) fn fill_lacking(&self, key: u64, out: &mut [u64]) {
        out.copy_from_slice(self.all());
        let mut k = key;
        while k != 0 {
            let b = k.trailing_zeros() as usize;
            k &= k - 1;
            for (o, &l) in out.iter_mut().zip(self.lacks(b)) {
                *o &= l;
            }
        }
    }

    /// `out = cand & by` on the buckets compatible with `seen`, `by` being a vector of
    /// [`Sliced::fill_lacking`]; returns false when that is all zero. The other words of `out`
    /// are left as they were, as in [`Sliced::narrow`].
    #[inline(always)]
    pub(super) fn narrow_by<const CUT: bool>(
        &self,
        cand: &[u64],
        by: &[u64],
        seen: u32,
        out: &mut [u64],
    ) -> bool {
        let and = |lo: usize, hi: usize, out: &mut [u64]| {
            let mut any = 0;
            for ((o, &c), &b) in out[lo..hi].iter_mut().zip(&cand[lo..hi]).zip(&by[lo..hi]) {
                *o = c & b;
                any |= *o;
            }
            any
        };
        if !CUT {
            return and(0, self.words, out) != 0;
        }
        let mut any = 0;
        for &(lo, hi) in self.ranges(seen) {
            any |= and(lo as usize, hi as usize, out);
        }
        any != 0
    }

    /// The weighted number of keys in `cand & first & second` (vectors of
    /// [`Sliced::fill_lacking`]), over the buckets compatible with `seen`.
    #[inline(always)]
    pub(super) fn count_by<const CUT: bool>(
        &self,
        cand: &[u64],
        first: &[u64],
        second: &[u64],
        seen: u32,
    ) -> u64 {
        let shift = self.shift.get(0);
        let range = |lo: usize, hi: usize| -> u64 {
            cand[lo..hi]
                .iter()
                .zip(&first[lo..hi])
                .zip(&second[lo..hi])
                .zip(&shift[lo..hi])
                .map(|(((&c, &a), &b), &s)| ((c & a & b).count_ones() as u64) << s)
                .sum()
        };
        if !CUT {
            return range(0, self.words);
        }
        // A plain loop: an iterator's `sum` over the ranges would be a generic function of its
        // own, which the compiler may leave uninlined and so build without the caller's vector
        // features.
        let mut total = 0;
        for &(lo, hi) in self.ranges(seen) {
            total += range(lo as usize, hi as usize);
        }
        total
    }

    /// `out = cand & lacks(every bit of key)` on the buckets compatible with `seen`; returns
    /// false when that is all zero. The other words of `out` are left as they were: they are
    /// never read by a caller whose west keys have seen at least `seen`.
    #[inline(always)]
    pub(super) fn narrow<const CUT: bool>(
        &self,
        cand: &[u64],
        key: u64,
        seen: u32,
        out: &mut [u64],
    ) -> bool {
        if !CUT {
            return self.narrow_range(cand, key, out, 0, self.words) != 0;
        }
        let mut any = 0;
        for &(lo, hi) in self.ranges(seen) {
            any |= self.narrow_range(cand, key, out, lo as usize, hi as usize);
        }
        any != 0
    }

    #[inline(always)]
    fn narrow_range(&self, cand: &[u64], key: u64, out: &mut [u64], lo: usize, hi: usize) -> u64 {
        let out = &mut out[lo..hi];
        let cand = &cand[lo..hi];
        if key == 0 {
            let mut any = 0;
            for (o, &c) in out.iter_mut().zip(cand) {
                *o = c;
                any |= c;
            }
            return any;
        }
        // The key's vectors four at a time: each pass reads the words so far once and writes
        // them once, so a north part of nine key bits costs three passes, not eight. A slot
        // left over in the last pass repeats its first vector.
        let mut k = key;
        let mut first = true;
        loop {
            let mut v: [&[u64]; 4] = [&[]; 4];
            let mut got = 0;
            while k != 0 && got < 4 {
                v[got] = &self.lacks(k.trailing_zeros() as usize)[lo..hi];
                k &= k - 1;
                got += 1;
            }
            for i in got..4 {
                v[i] = v[0];
            }
            let mut any = 0;
            let words = v[0].iter().zip(v[1]).zip(v[2]).zip(v[3]);
            if first {
                for ((o, &c), (((&a, &b), &d), &e)) in out.iter_mut().zip(cand).zip(words) {
                    *o = c & a & b & d & e;
                    any |= *o;
                }
                first = false;
            } else {
                for (o, (((&a, &b), &d), &e)) in out.iter_mut().zip(words) {
                    *o &= a & b & d & e;
                    any |= *o;
                }
            }
            // Nothing left: the words of the range are zero, as more passes would leave them.
            if k == 0 || any == 0 {
                return any;
            }
        }
    }

    /// The weighted number of keys in `cand` that also lack every bit of `key`, over the
    /// buckets compatible with `seen`.
    #[inline(always)]
    pub(super) fn count<const CUT: bool>(&self, cand: &[u64], key: u64, seen: u32) -> u64 {
        // One pass over the words for up to four key bits (the last one or two queens).
        let mut lacks: [&[u64]; 4] = [&[]; 4];
        let mut bits = 0;
        let mut k = key;
        while k != 0 && bits < 4 {
            lacks[bits] = self.lacks(k.trailing_zeros() as usize);
            k &= k - 1;
            bits += 1;
        }
        if !CUT {
            return self.count_range(cand, key, (&lacks, bits, k), 0, self.words);
        }
        let mut total = 0;
        for &(lo, hi) in self.ranges(seen) {
            total += self.count_range(cand, key, (&lacks, bits, k), lo as usize, hi as usize);
        }
        total
    }

    #[inline(always)]
    fn count_range(
        &self,
        cand: &[u64],
        key: u64,
        (lacks, bits, more): (&[&[u64]; 4], usize, u64),
        lo: usize,
        hi: usize,
    ) -> u64 {
        let cand = &cand[lo..hi];
        let shift = &self.shift.get(0)[lo..hi];
        let ones = |w: u64, s: u64| (w.count_ones() as u64) << s;
        let l = |i: usize| &lacks[i][lo..hi];
        match (bits, more) {
            (0, _) => cand.iter().zip(shift).map(|(&c, &s)| ones(c, s)).sum(),
            (1, _) => cand
                .iter()
                .zip(l(0))
                .zip(shift)
                .map(|((&c, &a), &s)| ones(c & a, s))
                .sum(),
            (2, _) => cand
                .iter()
                .zip(l(0))
                .zip(l(1))
                .zip(shift)
                .map(|(((&c, &a), &b), &s)| ones(c & a & b, s))
                .sum(),
            (3, _) => cand
                .iter()
                .zip(l(0))
                .zip(l(1))
                .zip(l(2))
                .zip(shift)
                .map(|((((&c, &a), &b), &d), &s)| ones(c & a & b & d, s))
                .sum(),
            (4, 0) => cand
                .iter()
                .zip(l(0))
                .zip(l(1))
                .zip(l(2))
                .zip(l(3))
                .zip(shift)
                .map(|(((((&c, &a), &b), &d), &e), &s)| ones(c & a & b & d & e, s))
                .sum(),
            // More bits: only the north part alone, when no south rows remain.
            _ => cand
                .iter()
                .zip(shift)
                .enumerate()
                .map(|(i, (&c, &s))| {
                    let mut w = c;
                    let mut k = key;
                    while k != 0 {
                        w &= self.lacks(k.trailing_zeros() as usize)[lo + i];
                        k &= k - 1;
                    }
                    ones(w, s)
                })
                .sum(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::bits::lowest;
    use proptest::prelude::*;

    /// A small deterministic generator of test keys.
    fn keys(seed: u64, len: usize, bits: u32) -> Vec<u64> {
        let mut x = seed;
        (0..len)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                // About one bit in four set, like a half placement's key.
                x & (x >> 1) & (u64::MAX >> (64 - bits))
            })
            .collect()
    }

    #[test]
    fn transpose_moves_every_bit_of_the_rows_asked_for() {
        let k = keys(7, 64, 64);
        for rows in [1, 2, 5, 30, 32, 33, 38, 63, 64] {
            let mut m: [u64; 64] = k.clone().try_into().unwrap();
            transpose64(&mut m, rows);
            for (i, key) in k.iter().enumerate() {
                for (b, row) in m[..rows].iter().enumerate() {
                    assert_eq!(row >> i & 1, key >> b & 1, "{rows} rows: key {i} bit {b}");
                }
            }
        }
    }

    #[test]
    fn sliced_counts_match_a_naive_pair_count() {
        let bits = 20;
        let (a, b) = (keys(1, 130, bits), keys(2, 64, bits));
        let sliced = Sliced::new(&[(&a, 1), (&[], 8), (&b, 4)], bits, &[]);
        assert_eq!(sliced.keys(), 194);
        // Random probes, and probes of one to five bits: each width has its own loop.
        let few = keys(4, 40, bits).into_iter().flat_map(|p| {
            (1..=5).map(move |b| {
                let mut k = p | 0b1011_0110_1101;
                while k.count_ones() > b {
                    k &= k - 1;
                }
                k
            })
        });
        for probe in keys(3, 50, bits).into_iter().chain(few) {
            let naive: u64 = a.iter().filter(|&&k| k & probe == 0).count() as u64
                + 4 * b.iter().filter(|&&k| k & probe == 0).count() as u64;
            assert_eq!(
                sliced.count::<false>(sliced.all(), probe, 0),
                naive,
                "probe {probe:b}"
            );
        }
    }

    /// A key of at most `bits` bits, sparse as a half placement's (a bit in four set).
    fn sparse_key(bits: u32) -> impl Strategy<Value = u64> {
        (any::<u64>(), any::<u64>()).prop_map(move |(x, y)| x & y & (u64::MAX >> (64 - bits)))
    }

    /// A part of a probe: a bit in sixteen set, so that some keys survive three of them.
    fn probe_part(bits: u32) -> impl Strategy<Value = u64> {
        (sparse_key(bits), sparse_key(bits)).prop_map(|(x, y)| x & y)
    }

    proptest! {
        /// Every pass the west walks run (narrow by key bits or by a queen's vector, count by
        /// key bits or by two queens' vectors), cut into buckets or not, gives the weighted
        /// number of keys disjoint from the probe, as testing every key does.
        #[test]
        fn every_pass_counts_what_testing_each_key_counts(
            (bits, classes, cuts, probes) in (2u32..=40).prop_flat_map(|bits| {
                (
                    Just(bits),
                    prop::collection::vec(
                        (prop::collection::vec(sparse_key(bits), 0..300), 0u32..3),
                        1..4,
                    ),
                    prop::collection::btree_set(0..bits, 0..=(MAX_CUTS as usize).min(bits as usize)),
                    prop::collection::vec((probe_part(bits), probe_part(bits), probe_part(bits)), 1..8),
                )
            })
        ) {
            let classes: Vec<(&[u64], u64)> =
                classes.iter().map(|(k, w)| (k.as_slice(), 1u64 << w)).collect();
            let cuts: Vec<u32> = cuts.into_iter().collect();
            let sliced = Sliced::new(&classes, bits, &cuts);
            let cut = !cuts.is_empty();
            let weighed = |probe: u64| -> u64 {
                classes
                    .iter()
                    .map(|(keys, w)| w * keys.iter().filter(|&&k| k & probe == 0).count() as u64)
                    .sum()
            };
            // `first` narrows as a north part does; `second` and `third` are two queens,
            // which narrow by their vectors or are counted by them or by their key bits.
            let masked = |k: u64| k & !sliced.cuts;
            let seen = |k: u64| if cut { sliced.bucket::<true>(k) } else { 0 };
            for (first, second, third) in probes {
                let mut queens = Lacking::new(&sliced, vec![masked(second), masked(third)]);
                queens.make(&sliced, 0);
                queens.make(&sliced, 1);
                let (q2, q3) = (queens.get(0), queens.get(1));
                let mut cand = sliced.vectors(2);
                let (all, whole) = (sliced.all(), first | second | third);
                let (narrowed, by_queens, by_bits, by_queen) = if cut {
                    let alive = sliced.narrow::<true>(all, masked(first), seen(first), cand.get_mut(0));
                    let (c, out) = cand.pair(0, 1);
                    (
                        alive,
                        sliced.count_by::<true>(c, q2, q3, seen(whole)),
                        sliced.count::<true>(c, masked(second | third), seen(whole)),
                        sliced.narrow_by::<true>(c, q2, seen(first | second), out),
                    )
                } else {
                    let alive = sliced.narrow::<false>(all, first, 0, cand.get_mut(0));
                    let (c, out) = cand.pair(0, 1);
                    (
                        alive,
                        sliced.count_by::<false>(c, q2, q3, 0),
                        sliced.count::<false>(c, second | third, 0),
                        sliced.narrow_by::<false>(c, q2, 0, out),
                    )
                };
                // A narrowing that leaves nothing ends the walk: nothing past it is read.
                prop_assert_eq!(narrowed, weighed(first) != 0);
                if narrowed {
                    prop_assert_eq!(by_queens, weighed(whole));
                    prop_assert_eq!(by_bits, weighed(whole));
                    prop_assert_eq!(by_queen, weighed(first | second) != 0);
                }
            }
        }
    }

    #[test]
    fn buckets_count_what_one_bucket_counts() {
        let bits = 20;
        let (a, b) = (keys(5, 700, bits), keys(6, 300, bits));
        let classes: [(&[u64], u64); 2] = [(&a, 1), (&b, 2)];
        let plain = Sliced::new(&classes, bits, &[]);
        let cut = [9, 2, 14];
        let sliced = Sliced::new(&classes, bits, &cut);
        assert_eq!(sliced.keys(), 1000);
        assert_eq!(sliced.cuts, 1 << 2 | 1 << 9 | 1 << 14);
        // Bucket numbers follow the order of the cuts: bit 0 of a bucket is key bit 9.
        assert_eq!(sliced.bucket::<true>(1 << 9 | 1 << 14 | 1 << 5), 0b101);
        let mut out = vec![0; sliced.words];
        let mut plain_out = vec![0; plain.words];
        for probe in keys(7, 200, bits) {
            let naive: u64 = a.iter().filter(|&&k| k & probe == 0).count() as u64
                + 2 * b.iter().filter(|&&k| k & probe == 0).count() as u64;
            let (rest, seen) = (probe & !sliced.cuts, sliced.bucket::<true>(probe));
            assert_eq!(sliced.count::<true>(sliced.all(), rest, seen), naive);
            assert_eq!(plain.count::<false>(plain.all(), probe, 0), naive);
            // Narrowing by part of the probe, then counting the rest, over the same buckets.
            let (first, second) = (lowest(probe), probe & probe.wrapping_sub(1));
            let seen1 = sliced.bucket::<true>(first);
            let alive = sliced.narrow::<true>(sliced.all(), first & !sliced.cuts, seen1, &mut out);
            let plain_alive = plain.narrow::<false>(plain.all(), first, 0, &mut plain_out);
            if plain_alive {
                let seen2 = seen1 | sliced.bucket::<true>(second);
                assert_eq!(
                    sliced.count::<true>(&out, second & !sliced.cuts, seen2),
                    naive
                );
                assert_eq!(plain.count::<false>(&plain_out, second, 0), naive);
            } else {
                assert_eq!(naive, 0);
            }
            if !alive {
                assert_eq!(naive, 0, "probe {probe:b}");
            }
        }
    }
}
