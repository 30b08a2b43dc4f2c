//! The pair-counting kernel: how many east keys are disjoint from each west half placement.
//!
//! The east keys are stored *bit-sliced*: for each key bit `b`, one long bit vector whose bit `i`
//! says "east key `i` does not use diagonal `b`". The east keys compatible with a set of west
//! diagonals are then the AND of those diagonals' vectors, 64 keys per word operation (more once
//! the compiler vectorises the loop), and their number is a popcount.
//!
//! The west placements are not stored: they are walked row by row, and the AND of the vectors of
//! the west queens placed so far is carried down the walk, so each AND is shared by every
//! placement below it. A branch stops as soon as the vector is all zero, and the last row counts
//! instead of storing.

/// The east keys of one split, bit-sliced.
pub struct Sliced {
    /// Words per vector.
    words: usize,
    /// `bits` vectors of `words` words each: vector `b` has bit `i` set when key `i` lacks bit `b`.
    lacks: Vec<u64>,
    /// Every key, as a vector of ones (the tail past the last key is zero).
    all: Vec<u64>,
}

impl Sliced {
    /// Slices `keys`, whose bits are below `bits`.
    pub fn new(keys: &[u64], bits: u32) -> Sliced {
        let words = keys.len().div_ceil(64);
        let mut all = vec![u64::MAX; words];
        if keys.len() % 64 != 0 {
            all[words - 1] = (1u64 << (keys.len() % 64)) - 1;
        }
        let mut lacks = Vec::with_capacity(words * bits as usize);
        for _ in 0..bits {
            lacks.extend_from_slice(&all);
        }
        for (i, &k) in keys.iter().enumerate() {
            let mut k = k;
            while k != 0 {
                let b = k.trailing_zeros() as usize;
                k &= k - 1;
                lacks[b * words + i / 64] &= !(1u64 << (i % 64));
            }
        }
        Sliced { words, lacks, all }
    }

    #[inline(always)]
    fn lacks(&self, b: usize) -> &[u64] {
        &self.lacks[b * self.words..(b + 1) * self.words]
    }

    /// `out = cand & lacks(every bit of key)`; returns false when `out` is all zero.
    #[inline(always)]
    fn narrow(&self, cand: &[u64], key: u64, out: &mut [u64]) -> bool {
        let b0 = key.trailing_zeros() as usize;
        let rest = key & (key - 1);
        let out = &mut out[..self.words];
        let first = self.lacks(b0);
        if rest == 0 {
            let mut any = 0;
            for ((o, &c), &l) in out.iter_mut().zip(cand).zip(first) {
                *o = c & l;
                any |= *o;
            }
            return any != 0;
        }
        let b1 = rest.trailing_zeros() as usize;
        let second = self.lacks(b1);
        let mut any = 0;
        for (((o, &c), &l), &m) in out.iter_mut().zip(cand).zip(first).zip(second) {
            *o = c & l & m;
            any |= *o;
        }
        let mut rest = rest & (rest - 1);
        while rest != 0 {
            let b = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            any = 0;
            for (o, &l) in out.iter_mut().zip(self.lacks(b)) {
                *o &= l;
                any |= *o;
            }
        }
        any != 0
    }

    /// The number of keys in `cand` that also lack every bit of `key`.
    #[inline(always)]
    fn count(&self, cand: &[u64], key: u64) -> u64 {
        if key == 0 {
            return cand.iter().map(|w| w.count_ones() as u64).sum();
        }
        let b0 = key.trailing_zeros() as usize;
        let rest = key & (key - 1);
        if rest == 0 {
            return cand
                .iter()
                .zip(self.lacks(b0))
                .map(|(&c, &l)| (c & l).count_ones() as u64)
                .sum();
        }
        let b1 = rest.trailing_zeros() as usize;
        if rest & (rest - 1) == 0 {
            return cand
                .iter()
                .zip(self.lacks(b0))
                .zip(self.lacks(b1))
                .map(|((&c, &l), &m)| (c & l & m).count_ones() as u64)
                .sum();
        }
        // Three or more bits: rare at the last row, so the simple way will do.
        cand.iter()
            .enumerate()
            .map(|(i, &c)| {
                let mut w = c;
                let mut k = key;
                while k != 0 {
                    w &= self.lacks(k.trailing_zeros() as usize)[i];
                    k &= k - 1;
                }
                w.count_ones() as u64
            })
            .sum()
    }
}

/// Counts the pairs (west placement, east key) whose keys are disjoint.
///
/// `key` gives each cell's key bits (row-major, n×n), `west` the west columns, `start` the
/// columns and diagonals already taken (`cols`, `d1`, `d2` as in the parent module), `rows` the
/// west rows in the order to fill them, and `east` the keys of every east placement, whose bits
/// lie below `bits`.
pub fn count_pairs(
    n: usize,
    key: &[u64],
    west: u64,
    start: (u64, u64, u64),
    rows: &[usize],
    east: &[u64],
    bits: u32,
) -> u64 {
    let sliced = Sliced::new(east, bits);
    let walk = Walk {
        n,
        key,
        west,
        rows,
        sliced: &sliced,
    };
    #[cfg(target_arch = "x86_64")]
    {
        if std::is_x86_feature_detected!("avx2") && std::is_x86_feature_detected!("popcnt") {
            // SAFETY: the CPU has the features the function is compiled for.
            return unsafe { walk_avx2(&walk, start) };
        }
    }
    walk.run(start)
}

/// The same walk compiled for AVX2 and the popcount instruction: the word loops become 256-bit
/// operations and the popcounts single instructions, which is most of the kernel's speed.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,popcnt,bmi1")]
unsafe fn walk_avx2(walk: &Walk, start: (u64, u64, u64)) -> u64 {
    walk.run(start)
}

struct Walk<'a> {
    n: usize,
    key: &'a [u64],
    west: u64,
    rows: &'a [usize],
    sliced: &'a Sliced,
}

impl Walk<'_> {
    /// The depth-first walk over the west rows, with an explicit stack so that it inlines whole
    /// into the feature-specific entry points above.
    ///
    /// Narrowing is lazy: the walk first places queens, and only when it reaches a full west
    /// placement does it bring the candidate vectors down the path from the deepest one still
    /// valid. Dead-end branches, which never reach the last row, cost no vector work at all, and
    /// a path whose vector empties sends the walk straight back to where it emptied.
    #[inline(always)]
    fn run(&self, start: (u64, u64, u64)) -> u64 {
        let n = self.n;
        let m = self.rows.len();
        let words = self.sliced.words;
        if m == 0 {
            return self.sliced.count(&self.sliced.all, 0);
        }
        // Buffer 0 holds every key; buffer k + 1 the candidates left by the queens of depths
        // 0..=k. `from[k]` names the buffer that holds depth k's candidates (a queen with no key
        // bits shares its parent's).
        let mut bufs = vec![0u64; words * (m + 1)];
        bufs[..words].copy_from_slice(&self.sliced.all);
        let mut from = vec![0usize; m];
        let mut free = vec![0u64; m];
        let mut state = vec![(0u64, 0u64, 0u64); m];
        let mut chosen = vec![0usize; m];
        let attacked =
            |(cols, d1, d2): (u64, u64, u64), r: usize| cols | (d2 >> r) | (d1 >> (n - 1 - r));
        state[0] = start;
        free[0] = self.west & !attacked(start, self.rows[0]);
        let mut total = 0;
        let mut d = 0;
        // Candidate buffers of depths 0..=ready are up to date.
        let mut ready = 0;
        loop {
            if free[d] == 0 {
                if d == 0 {
                    break;
                }
                d -= 1;
                ready = ready.min(d);
                continue;
            }
            let c = free[d].trailing_zeros() as usize;
            free[d] &= free[d] - 1;
            chosen[d] = c;
            ready = ready.min(d);
            let r = self.rows[d];
            if d + 1 < m {
                let (cols, d1, d2) = state[d];
                let next = (cols | 1 << c, d1 | 1 << (c + n - 1 - r), d2 | 1 << (r + c));
                state[d + 1] = next;
                free[d + 1] = self.west & !attacked(next, self.rows[d + 1]);
                d += 1;
                continue;
            }
            // A full west placement: bring the candidates down to this row.
            let mut dead = None;
            while ready < d {
                let k = ready;
                let bits = self.key[self.rows[k] * n + chosen[k]];
                if bits == 0 {
                    from[k + 1] = from[k];
                } else {
                    let (lo, hi) = bufs.split_at_mut((k + 1) * words);
                    let cand = &lo[from[k] * words..(from[k] + 1) * words];
                    if !self.sliced.narrow(cand, bits, &mut hi[..words]) {
                        dead = Some(k);
                        break;
                    }
                    from[k + 1] = k + 1;
                }
                ready = k + 1;
            }
            if let Some(k) = dead {
                // No east key survives the queen of depth k: skip everything below it.
                d = k;
                ready = k;
                continue;
            }
            let cand = &bufs[from[d] * words..(from[d] + 1) * words];
            total += self.sliced.count(cand, self.key[r * n + c]);
        }
        total
    }
}
