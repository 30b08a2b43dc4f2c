//! Quarter boards: the east half's placements for a row split, built by joining a north and a
//! south part instead of searching.
//!
//! Cut the east half once more, between the top rows and the bottom rows. An east placement on
//! the rows `R` is then a placement of the rows of `R` in the top (the *north part*) on some set
//! `C` of the east columns, together with a placement of the bottom rows of `R` (the *south
//! part*) on the other east columns, the two sharing no diagonal. The parts depend only on their
//! own rows and columns, not on the split, so every part of the two quarters is enumerated once
//! per board size and filed by (rows, columns). A split's east placements are then the compatible
//! pairs of two short lists for each column set `C`, found with two ANDs per pair in a loop
//! without branches, which is several times cheaper than a depth-first search.
//!
//! The parts are kept in absolute board coordinates, so testing a north part against a south part
//! (or against the queen in the middle column, for odd n) is a plain AND of diagonal masks.

use crate::board::bits::lowest;
use crate::engine::halves::build::{Build, Kernel};
use crate::engine::halves::geometry::{Diags, Geometry, bit_uses};
use crate::engine::halves::sliced::{Lacking, Sliced};

/// One placement inside a quarter: its diagonals, its cross-half key bits, and the column of
/// each of its queens (relative to the half, four bits each, in row order).
#[derive(Clone, Copy, Debug, Default)]
struct Part {
    d1: u64,
    d2: u64,
    key: u64,
    cols: u64,
}

/// Every placement of one quarter (a band of rows × the east columns), filed by
/// (rows used, columns used).
struct Quarter {
    /// The first row of the band.
    row0: usize,
    /// The first column of the half.
    col0: usize,
    /// Rows in the band.
    rows: usize,
    /// Parts `offsets[i]..offsets[i + 1]` use the rows and columns of index `i`
    /// (`rows_used << cols | cols_used`, both relative to the band and the half).
    offsets: Vec<u32>,
    parts: Vec<Part>,
}

impl Quarter {
    /// The band of `rows` rows from `row0` on, in the half whose columns are `half_cols`,
    /// without the placements that use a diagonal of `blocked`.
    /// `None` where the system refuses the memory (the tables are the largest thing a count
    /// holds, hundreds of megabytes from n = 20 on).
    fn new(
        g: &Geometry,
        row0: usize,
        rows: usize,
        half_cols: u64,
        blocked: Diags,
    ) -> Option<Quarter> {
        let cols = g.half;
        let slots = 1usize << (rows + cols);
        // Two passes of the same search: count per index, then place. Within an index the
        // parts keep the search's order, so neighbours share their first queens.
        let mut counts = filled(slots + 1, 0u32)?;
        enumerate(g, (row0, rows, half_cols), blocked, &mut |index, _| {
            counts[index + 1] += 1
        });
        for i in 0..slots {
            counts[i + 1] += counts[i];
        }
        let mut parts = filled(counts[slots] as usize, Part::default())?;
        let mut next = filled(slots + 1, 0u32)?;
        next.copy_from_slice(&counts);
        enumerate(g, (row0, rows, half_cols), blocked, &mut |index, part| {
            parts[next[index] as usize] = part;
            next[index] += 1;
        });
        // Within an index, parts with fewer queens on the long diagonals first (the sort is
        // stable, so the search order holds within each such class).
        for i in 0..slots {
            let group = &mut parts[counts[i] as usize..counts[i + 1] as usize];
            group.sort_by_key(|p| (p.key & g.long).count_ones());
        }
        Some(Quarter {
            row0,
            col0: half_cols.trailing_zeros() as usize,
            rows,
            offsets: counts,
            parts,
        })
    }

    /// The parts on exactly the band rows `rows_used` and the east columns `cols_used` (both
    /// relative).
    #[inline]
    fn get(&self, cols: usize, rows_used: u64, cols_used: u64) -> &[Part] {
        let i = (rows_used as usize) << cols | cols_used as usize;
        &self.parts[self.offsets[i] as usize..self.offsets[i + 1] as usize]
    }
}

/// `len` copies of `value`, or `None` where the system refuses the memory.
fn filled<T: Clone>(len: usize, value: T) -> Option<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(len).ok()?;
    v.resize(len, value);
    Some(v)
}

/// Calls `visit(index, part)` for every non-attacking placement of at most one queen per row of
/// the band `row0..row0 + rows` on the columns `half_cols` that uses no diagonal of `blocked`;
/// the parts' diagonal masks leave `blocked` out.
fn enumerate(
    g: &Geometry,
    (row0, rows, half_cols): (usize, usize, u64),
    blocked: Diags,
    visit: &mut dyn FnMut(usize, Part),
) {
    struct Band<'a> {
        g: &'a Geometry,
        row0: usize,
        rows: usize,
        half_cols: u64,
        blocked: Diags,
    }
    fn go(
        band: &Band,
        r: usize,
        (used_rows, used_cols): (u64, u64),
        (d, part): (Diags, Part),
        visit: &mut dyn FnMut(usize, Part),
    ) {
        let g = band.g;
        if r == band.rows {
            let index = (used_rows as usize) << g.half | used_cols as usize;
            let (d1, d2) = (d.d1 & !band.blocked.d1, d.d2 & !band.blocked.d2);
            visit(index, Part { d1, d2, ..part });
            return;
        }
        // This row left empty, or its queen in each free column.
        go(band, r + 1, (used_rows, used_cols), (d, part), visit);
        let row = band.row0 + r;
        let queens = used_rows.count_ones();
        let mut free = d.free(g.n, row, band.half_cols);
        while free != 0 {
            let c = free.trailing_zeros() as usize;
            free &= free - 1;
            let rel = c - band.half_cols.trailing_zeros() as usize;
            let next = Part {
                key: part.key | g.key[row * g.n + c],
                cols: part.cols | (rel as u64) << (4 * queens),
                ..part
            };
            go(
                band,
                r + 1,
                (used_rows | 1 << r, used_cols | 1 << rel),
                (d.place(g.n, row, c), next),
                visit,
            );
        }
    }
    let band = Band {
        g,
        row0,
        rows,
        half_cols,
        blocked,
    };
    go(&band, 0, (0, 0), (blocked, Part::default()), visit);
}

/// The four quarters of one board size: the top band of rows `0..n/2` and the bottom band
/// `n/2..n`, in the west and in the east half.
pub struct Quarters {
    north: Quarter,
    south: Quarter,
    north_west: Quarter,
    south_west: Quarter,
}

impl Quarters {
    /// Enumerates the four quarters of the board `g`; `None` where the system refuses their
    /// memory.
    pub fn new(g: &Geometry) -> Option<Quarters> {
        let top = g.n / 2;
        let none = Diags::default();
        // The west never holds a queen on a long diagonal (see the parent module).
        let long = Diags {
            d1: 1 << (g.n - 1),
            d2: 1 << (g.n - 1),
            ..none
        };
        Some(Quarters {
            north: Quarter::new(g, 0, top, g.east, none)?,
            south: Quarter::new(g, top, g.n - top, g.east, none)?,
            north_west: Quarter::new(g, 0, top, g.west, long)?,
            south_west: Quarter::new(g, top, g.n - top, g.west, long)?,
        })
    }

    /// The number of parts held, both quarters together.
    #[cfg(test)]
    fn parts(&self) -> usize {
        [&self.north, &self.south, &self.north_west, &self.south_west]
            .iter()
            .map(|q| q.parts.len())
            .sum()
    }

    /// Appends to `out[c]` the key of every east placement on the rows `rows` (a bit per row)
    /// that shares no diagonal with the queens of `at` and has `c` queens on the long
    /// diagonals, in a fixed order; with `bare` false, those with none are left out.
    pub(super) fn east_keys(
        &self,
        g: &Geometry,
        at: Diags,
        rows: u64,
        bare: bool,
        out: &mut [Vec<u64>; 3],
    ) {
        let cols = g.half;
        let all_cols = (1u64 << cols) - 1;
        let north_rows = rows >> self.north.row0 & ((1 << self.north.rows) - 1);
        let south_rows = rows >> self.south.row0 & ((1 << self.south.rows) - 1);
        let k = north_rows.count_ones();
        let mut len = out.each_ref().map(|v| v.len());
        let mut kept = Vec::new();
        for cn in column_sets(k, cols) {
            let north = self.north.get(cols, north_rows, cn);
            if north.is_empty() {
                continue;
            }
            let south = compatible(
                self.south.get(cols, south_rows, all_cols ^ cn),
                at,
                &mut kept,
            );
            if south.is_empty() {
                continue;
            }
            // The south parts by their queens on the long diagonals (sorted so in the table).
            let class = |q: &Part| (q.key & g.long).count_ones();
            let one = south.partition_point(|q| class(q) < 1);
            let two = south.partition_point(|q| class(q) < 2);
            let segments = [&south[..one], &south[one..two], &south[two..]];
            for p in north {
                if p.d1 & at.d1 != 0 || p.d2 & at.d2 != 0 {
                    continue;
                }
                let (d1, d2) = (p.d1 | at.d1, p.d2 | at.d2);
                let cp = (p.key & g.long).count_ones() as usize;
                for (cq, segment) in segments.iter().enumerate() {
                    // Two queens on one long diagonal never fit: that class stays empty.
                    let c = cp + cq;
                    if c > 2 || c == 0 && !bare || segment.is_empty() {
                        continue;
                    }
                    let (v, l) = (&mut out[c], &mut len[c]);
                    if v.len() < *l + segment.len() {
                        v.resize((*l + segment.len()).max(2 * v.len()), 0);
                    }
                    // Branch-free: write every candidate, keep it only when it fits.
                    let dst = &mut v[*l..*l + segment.len()];
                    let mut kept = 0;
                    for q in *segment {
                        dst[kept] = p.key | q.key;
                        kept += (d1 & q.d1 | d2 & q.d2 == 0) as usize;
                    }
                    *l += kept;
                }
            }
        }
        for (v, l) in out.iter_mut().zip(len) {
            v.truncate(l);
        }
    }

    /// For each key bit, the share of the west parts on the rows `rows` that use it, north and
    /// south added: a cheap estimate of how often the split's west placements use each bit.
    pub(super) fn west_shares(&self, g: &Geometry, rows: u64) -> [f64; 64] {
        let mut share = [0f64; 64];
        for q in [&self.north_west, &self.south_west] {
            let band_rows = rows >> q.row0 & ((1 << q.rows) - 1);
            let first = (band_rows as usize) << g.half;
            let parts =
                &q.parts[q.offsets[first] as usize..q.offsets[first + (1 << g.half)] as usize];
            let uses = bit_uses(parts.iter().map(|p| p.key));
            for (s, u) in share.iter_mut().zip(uses) {
                *s += u as f64 / parts.len().max(1) as f64;
            }
        }
        share
    }
}

/// The parts of `parts` that share no diagonal with `at`: all of them when `at` is empty, else
/// those copied to `kept`, so that the join's inner loop does not test them again and again.
#[inline]
fn compatible<'a>(parts: &'a [Part], at: Diags, kept: &'a mut Vec<Part>) -> &'a [Part] {
    if at.d1 | at.d2 == 0 {
        return parts;
    }
    kept.clear();
    kept.extend(
        parts
            .iter()
            .filter(|q| q.d1 & at.d1 == 0 && q.d2 & at.d2 == 0),
    );
    kept
}

/// The column sets of `k` queens among `cols` columns, by Gosper's hack, and the empty set
/// alone for `k = 0`.
fn column_sets(k: u32, cols: usize) -> impl Iterator<Item = u64> {
    let all = (1u64 << cols) - 1;
    let first = (1u64 << k) - 1;
    std::iter::successors(Some(first), move |&x| {
        if x == 0 {
            return None;
        }
        let c = lowest(x);
        let r = x + c;
        let next = (((r ^ x) >> 2) / c) | r;
        (next <= all).then_some(next)
    })
}

impl Quarters {
    /// The weighted number of (west placement, east key) pairs with disjoint keys, over the west
    /// placements on the rows `rows` that share no diagonal with `at`; `sliced` holds the east
    /// keys.
    ///
    /// Each west placement is a north part joined with a south part. The east keys left by a
    /// north part are computed once and shared by all its south partners; the south parts of
    /// one (rows, columns) index lie in the order of the search that made them, so consecutive
    /// partners share their first queens, and the vectors narrowed by those queens are kept
    /// from one partner to the next: only the queens after the first difference are ANDed in.
    ///
    /// `build` is the compiled build to run, one the processor has ([`Build::best`] or a test's
    /// choice).
    pub(super) fn west_pairs(
        &self,
        build: Build,
        g: &Geometry,
        at: Diags,
        rows: u64,
        sliced: &Sliced,
    ) -> u64 {
        let join = Join {
            quarters: self,
            g,
            at,
            rows,
            sliced,
        };
        build.run(&join, sliced.cuts != 0)
    }

    /// The join itself; `CUT` says whether the east keys lie in buckets (see
    /// [`Sliced::refill`]), so that the plain case compiles free of their bookkeeping.
    #[inline(always)]
    fn west_pairs_plain<const CUT: bool>(
        &self,
        g: &Geometry,
        at: Diags,
        rows: u64,
        sliced: &Sliced,
    ) -> u64 {
        let (nq, sq) = (&self.north_west, &self.south_west);
        let cols = g.half;
        let all_cols = (1u64 << cols) - 1;
        let north_rows = rows >> nq.row0 & ((1 << nq.rows) - 1);
        let south_rows = rows >> sq.row0 & ((1 << sq.rows) - 1);
        // The key bits of each south queen, by its index in the part and its relative column:
        // the bits to narrow by, and those that choose buckets.
        let cuts = if CUT { sliced.cuts } else { 0 };
        let (south_key, south_cut): (Vec<[u64; 16]>, Vec<[u32; 16]>) = (0..sq.rows)
            .filter(|&r| south_rows >> r & 1 == 1)
            .map(|r| {
                let (mut k, mut v) = ([0u64; 16], [0u32; 16]);
                for c in 0..cols {
                    let key = g.key[(sq.row0 + r) * g.n + sq.col0 + c];
                    (k[c], v[c]) = (key & !cuts, sliced.bucket::<CUT>(key));
                }
                (k, v)
            })
            .unzip();
        let m = south_key.len();
        // `seen[j]`: the buckets ruled out by the north part and the first j south queens.
        let mut seen = vec![0u32; m + 1];
        // Vector j holds the keys left by the north part and the first j south queens.
        let mut bufs = sliced.vectors(m + 1);
        // Vector `j * cols + col`: the keys the south queen j leaves when in column `col`, made
        // the first time that queen is placed. The walk places each south queen thousands of
        // times per split, so one vector per queen, not one per key bit (two), halves what the
        // innermost loops read.
        let mut queens = Lacking::new(
            sliced,
            south_key.iter().flat_map(|k| k[..cols].to_vec()).collect(),
        );
        let mut total = 0;
        // The middle column's queen, if any: the tables already avoid the long diagonals.
        let long = 1u64 << (g.n - 1);
        let middle = Diags {
            d1: at.d1 & !long,
            d2: at.d2 & !long,
            ..at
        };
        let mut kept = Vec::new();
        let mut fits: Vec<u32> = Vec::new();
        for cn in column_sets(north_rows.count_ones(), cols) {
            let north = nq.get(cols, north_rows, cn);
            if north.is_empty() {
                continue;
            }
            let south = compatible(sq.get(cols, south_rows, all_cols ^ cn), middle, &mut kept);
            if south.is_empty() {
                continue;
            }
            for p in north {
                if p.d1 & at.d1 != 0 || p.d2 & at.d2 != 0 {
                    continue;
                }
                if m == 0 {
                    total += sliced.count::<CUT>(
                        sliced.all(),
                        p.key & !cuts,
                        sliced.bucket::<CUT>(p.key),
                    );
                    continue;
                }
                let (d1, d2) = (p.d1 | at.d1, p.d2 | at.d2);
                // Vectors 0..=ready are up to date for `prev`'s queens; vector `zero` (if
                // below m) is all zero, so partners that share its queens count nothing.
                let mut ready = None;
                let mut zero = m + 1;
                let mut prev = 0u64;
                // The partners first, by a loop without branches; then the walk over them.
                if fits.len() < south.len() {
                    fits.resize(south.len(), 0);
                }
                let mut partners = 0;
                for (i, q) in south.iter().enumerate() {
                    fits[partners] = i as u32;
                    partners += (d1 & q.d1 | d2 & q.d2 == 0) as usize;
                }
                for (k, &i) in fits[..partners].iter().enumerate() {
                    let q = &south[i as usize];
                    let same = match ready {
                        None => {
                            // The first partner: narrow by the north part.
                            let first = bufs.get_mut(0);
                            seen[0] = sliced.bucket::<CUT>(p.key);
                            if !sliced.narrow::<CUT>(sliced.all(), p.key & !cuts, seen[0], first) {
                                break;
                            }
                            0
                        }
                        Some(r) => ((prev ^ q.cols).trailing_zeros() as usize / 4).min(r),
                    };
                    prev = q.cols;
                    if zero <= same {
                        ready = Some(same);
                        continue;
                    }
                    // The vector of the first m - 1 queens is only worth storing when the next
                    // partner shares them; else the last two queens go into the count at once.
                    let next_shares = k + 1 < partners && {
                        let next = south[fits[k + 1] as usize].cols;
                        (q.cols ^ next).trailing_zeros() as usize / 4 >= m - 1
                    };
                    let last = if m >= 2 && same + 2 <= m && !next_shares {
                        m - 2
                    } else {
                        m - 1
                    };
                    let mut j = same;
                    let mut dead = false;
                    while j < last {
                        let col = (q.cols >> (4 * j) & 15) as usize;
                        seen[j + 1] = seen[j] | south_cut[j][col];
                        queens.make(sliced, j * cols + col);
                        let by = queens.get(j * cols + col);
                        let (cand, out) = bufs.pair(j, j + 1);
                        if !sliced.narrow_by::<CUT>(cand, by, seen[j + 1], out) {
                            dead = true;
                        }
                        j += 1;
                        if dead {
                            break;
                        }
                    }
                    ready = Some(j);
                    if dead {
                        zero = j;
                        continue;
                    }
                    zero = m + 1;
                    let col = |j: usize| (q.cols >> (4 * j) & 15) as usize;
                    let rule = (last..m).fold(seen[last], |v, j| v | south_cut[j][col(j)]);
                    // One queen left or two: a lone queen's vector serves as both.
                    let (first, second) = (last * cols + col(last), (m - 1) * cols + col(m - 1));
                    queens.make(sliced, first);
                    queens.make(sliced, second);
                    let (first, second) = (queens.get(first), queens.get(second));
                    total += sliced.count_by::<CUT>(bufs.get(last), first, second, rule);
                }
            }
        }
        total
    }
}

/// The west join of [`Quarters::west_pairs`], with its arguments, for [`Build::run`].
struct Join<'a> {
    quarters: &'a Quarters,
    g: &'a Geometry,
    at: Diags,
    rows: u64,
    sliced: &'a Sliced,
}

impl Kernel for Join<'_> {
    #[inline(always)]
    fn run<const CUT: bool>(&self) -> u64 {
        let Join {
            quarters,
            g,
            at,
            rows,
            sliced,
        } = *self;
        quarters.west_pairs_plain::<CUT>(g, at, rows, sliced)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::halves::geometry::{collect_keys, start};

    #[test]
    fn joined_quarters_give_the_searched_placements() {
        // Every east row set of size n/2 (and each middle queen for odd n), as sorted key lists.
        for n in [6usize, 7, 8, 9] {
            let g = Geometry::new(n);
            let q = Quarters::new(&g).unwrap();
            let middles: Vec<Option<u8>> = if n % 2 == 1 {
                (0..n as u8).map(Some).collect()
            } else {
                vec![None]
            };
            for middle in middles {
                let at = start(&g, middle);
                let m = middle.map_or(0, |r| 1u64 << r);
                for rows in 0u64..1 << n {
                    if rows & m != 0 || rows.count_ones() as usize != g.half {
                        continue;
                    }
                    let order: Vec<usize> = (0..n).filter(|&r| rows >> r & 1 == 1).collect();
                    let mut want = Vec::new();
                    collect_keys(&g, at, &order, g.east, &mut want);
                    let mut classes = Default::default();
                    q.east_keys(&g, at, rows, true, &mut classes);
                    for (c, keys) in classes.iter().enumerate() {
                        assert!(keys.iter().all(|k| (k & g.long).count_ones() as usize == c));
                    }
                    let mut got = classes.concat();
                    want.sort_unstable();
                    got.sort_unstable();
                    assert_eq!(got, want, "n = {n}, middle {middle:?}, rows {rows:b}");
                }
            }
        }
    }

    #[test]
    fn quarters_hold_every_partial_placement() {
        // 8 × 8 band of rows on 4 columns (n = 8): count against a direct count of partial
        // placements with at most one queen per row and column.
        let g = Geometry::new(8);
        let q = Quarters::new(&g).unwrap();
        let brute = |row0: usize, rows: usize| {
            let mut count = 0usize;
            for pick in 0..5usize.pow(rows as u32) {
                // Digit 0 leaves the row empty, digit c + 1 puts its queen in east column c.
                let mut cells = Vec::new();
                let mut p = pick;
                for r in 0..rows {
                    if p % 5 != 0 {
                        cells.push((row0 + r, 4 + p % 5 - 1));
                    }
                    p /= 5;
                }
                let ok = cells.iter().enumerate().all(|(i, &(r1, c1))| {
                    cells[..i]
                        .iter()
                        .all(|&(r2, c2)| c1 != c2 && r1 + c2 != r2 + c1 && r1 + c1 != r2 + c2)
                });
                count += ok as usize;
            }
            count
        };
        assert_eq!(q.north.parts.len(), brute(0, 4));
        assert_eq!(q.south.parts.len(), brute(4, 4));
    }

    #[test]
    fn the_quarters_hold_every_placement_of_their_bands() {
        // n = 8: quarters of 4 rows × 4 columns. Each east one holds 87 non-attacking placements
        // of at most one queen per row (the empty one included); each west one 51, as the west
        // avoids the long diagonals.
        let q = Quarters::new(&Geometry::new(8)).unwrap();
        assert_eq!(q.parts(), 2 * 87 + 2 * 51);
    }
}
