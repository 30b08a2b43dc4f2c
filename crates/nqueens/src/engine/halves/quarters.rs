//! Quarter boards: the east half's placements for a row split, built by joining a north and a
//! south part instead of searching.
//!
//! Cut the east half once more, between the top rows and the bottom rows. An east placement on
//! the rows `R` is then a placement of the rows of `R` in the top (the *north part*) on some set
//! `C` of the east columns, together with a placement of the bottom rows of `R` (the *south
//! part*) on the other east columns, the two sharing no diagonal. The parts depend only on their
//! own rows and columns, not on the split, so every part of the two quarters is enumerated once
//! per board size and filed by (rows, columns). A split's east placements are then the compatible
//! pairs of two short lists for each column set `C`, found with one AND per pair in a loop
//! without branches, which is several times cheaper than a depth-first search.
//!
//! The tables are the largest thing a count holds, so a part is stored as little as it can be:
//!
//! - *Its diagonals, relative to its quarter.* The diagonals through a quarter of r rows and c
//!   columns are two runs of `r + c - 1`, at most 31 each, so one 64-bit word holds a part's
//!   diagonals of both directions ([`Window`]). Its key (the diagonals that cross both halves) is
//!   two masks and shifts of them ([`Geometry::key_of`]), computed where it is needed instead of
//!   stored. A part tested against many others is first moved into their quarter's window, so
//!   the test is one AND.
//! - *One table for two quarters.* At even n the south quarter of a half is its north quarter
//!   upside down: turning the board over maps row `r` to `n - 1 - r`, which exchanges the two
//!   diagonal directions (`c - r + n - 1` becomes `r + c`) and maps the north band's diagonal runs
//!   exactly onto the south band's. So the south parts are the north parts with the band's rows
//!   reversed and the two 32-bit halves of their word exchanged, and one table serves both.
//! - *The west parts* also keep the column of each queen (four bits each, in the table's row
//!   order), which the west walk needs to narrow the east keys queen by queen.
//!
//! The benchmarks chapter gives the sizes this comes to, beside those of a table per quarter of
//! 32-byte parts. From n = 23 even that outgrows the memory, and the tables are held a slice at
//! a time (module `parts` builds them, module `slices` chooses which).

use crate::board::bits::lowest;
use crate::engine::halves::build::{Build, Kernel};
use crate::engine::halves::geometry::{Diags, Geometry, bit_uses};
use crate::engine::halves::parts::{Halt, Quarter, Slice, Stored, Table, West};
use crate::engine::halves::sliced::{Lacking, Sliced};
use std::sync::Arc;

/// The two quarters of one half and their parts: the north quarter's table, and the south's,
/// which at even n is the north's read upside down (the same table, or another slice of it).
struct Half<P> {
    north: Quarter,
    south: Quarter,
    north_parts: Arc<Table<P>>,
    south_parts: Arc<Table<P>>,
}

/// The half of the board a table serves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(super) enum Side {
    East,
    West,
}

/// The band of rows a table is built for: at even n the south band reads the north's table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(super) enum Band {
    North,
    South,
}

impl Side {
    /// The columns of this half.
    fn cols(self, g: &Geometry) -> u64 {
        match self {
            Side::East => g.east,
            Side::West => g.west,
        }
    }

    /// The diagonals this half's parts never use: the west never holds a queen on a long
    /// diagonal (see the parent module). Upside down the two long diagonals exchange, so the
    /// west's two quarters can still share a table.
    fn blocked(self, g: &Geometry) -> Diags {
        match self {
            Side::East => Diags::default(),
            Side::West => Diags {
                d1: 1 << (g.n - 1),
                d2: 1 << (g.n - 1),
                ..Diags::default()
            },
        }
    }

    /// The north and south quarters of this half, the south read upside down at even n.
    fn quarters(self, g: &Geometry) -> (Quarter, Quarter) {
        let top = g.n / 2;
        let shared = g.n.is_multiple_of(2);
        let cols = self.cols(g);
        (
            Quarter::new(g, (0, top), cols, false),
            Quarter::new(g, (top, g.n - top), cols, shared),
        )
    }

    /// The table of band `band` of this half for the rows patterns `slice` admits (for the
    /// south band at even n, patterns as the north table stores them, upside down).
    pub(super) fn table<P: Stored>(
        self,
        g: &Geometry,
        band: Band,
        slice: Slice,
        stop: &dyn Fn() -> bool,
    ) -> Result<Table<P>, Halt> {
        let (north, south) = self.quarters(g);
        let quarter = match band {
            Band::South if !south.flipped => south,
            _ => north,
        };
        Table::new(g, &quarter, self.blocked(g), slice, stop)
    }

    /// The stored (table, rows pattern) of each band for the rows `rows` (a bit per board row)
    /// of this half: what a split on those rows reads, north then south.
    pub(super) fn patterns(self, g: &Geometry, rows: u64) -> [(Band, u64); 2] {
        let (north, south) = self.quarters(g);
        let band = |q: &Quarter| rows >> q.row0 & ((1 << q.rows) - 1);
        let south_table = if south.flipped {
            Band::North
        } else {
            Band::South
        };
        [
            (Band::North, band(&north)),
            (south_table, south.rows_index(band(&south))),
        ]
    }
}

impl<P: Stored> Half<P> {
    /// The half `side` with its two tables.
    fn new(
        g: &Geometry,
        side: Side,
        (north_parts, south_parts): (Arc<Table<P>>, Arc<Table<P>>),
    ) -> Half<P> {
        let (north, south) = side.quarters(g);
        Half {
            north,
            south,
            north_parts,
            south_parts,
        }
    }

    /// The half `side` with whole tables; `None` where the system refuses the memory.
    fn whole(g: &Geometry, side: Side) -> Option<Half<P>> {
        let never = &|| false;
        let north = Arc::new(side.table(g, Band::North, Slice::WHOLE, never).ok()?);
        let south = match g.n.is_multiple_of(2) {
            true => north.clone(),
            false => Arc::new(side.table(g, Band::South, Slice::WHOLE, never).ok()?),
        };
        Some(Half::new(g, side, (north, south)))
    }

    /// The north parts on the band rows `rows_used` and the columns `cols_used` (relative).
    #[inline]
    fn north(&self, g: &Geometry, rows_used: u64, cols_used: u64) -> &[P] {
        self.north_parts.get(g.half, rows_used, cols_used)
    }

    /// The south parts likewise, as stored (read them through [`Half::south`]'s quarter).
    #[inline]
    fn south(&self, g: &Geometry, rows_used: u64, cols_used: u64) -> &[P] {
        self.south_parts
            .get(g.half, self.south.rows_index(rows_used), cols_used)
    }

    /// The tables held, each once.
    fn tables(&self) -> Vec<&Table<P>> {
        if Arc::ptr_eq(&self.north_parts, &self.south_parts) {
            vec![&self.north_parts]
        } else {
            vec![&self.north_parts, &self.south_parts]
        }
    }
}

/// The quarter tables of one board size: the top band of rows `0..n/2` and the bottom band
/// `n/2..n`, in the east half and in the west half.
pub struct Quarters {
    east: Half<u64>,
    west: Half<West>,
}

/// The tables of one half of a [`Quarters`], north band then south band.
pub(super) type Pair<P> = (Arc<Table<P>>, Arc<Table<P>>);

impl Quarters {
    /// Enumerates the four quarters of the board `g`; `None` where the system refuses their
    /// memory.
    pub fn new(g: &Geometry) -> Option<Quarters> {
        Some(Quarters {
            east: Half::whole(g, Side::East)?,
            west: Half::whole(g, Side::West)?,
        })
    }

    /// The quarters of the board `g` read from the given tables (slices that hold the rows a
    /// split needs, from [`Side::table`] and in the order of [`Side::patterns`]).
    pub(super) fn from_tables(g: &Geometry, east: Pair<u64>, west: Pair<West>) -> Quarters {
        Quarters {
            east: Half::new(g, Side::East, east),
            west: Half::new(g, Side::West, west),
        }
    }

    /// The number of parts held, all tables together.
    #[cfg(test)]
    fn parts(&self) -> usize {
        let e: usize = self.east.tables().iter().map(|t| t.len()).sum();
        let w: usize = self.west.tables().iter().map(|t| t.len()).sum();
        e + w
    }

    /// The bytes the tables hold.
    pub(super) fn bytes(&self) -> usize {
        let e: usize = self.east.tables().iter().map(|t| t.bytes()).sum();
        let w: usize = self.west.tables().iter().map(|t| t.bytes()).sum();
        e + w
    }

    /// Appends to `out[c]` the key of every east placement on the rows `rows` (a bit per row)
    /// that shares no diagonal with the queens of `at` and has `c` queens on the long
    /// diagonals, in a fixed order; with `bare` false, those with none are left out.
    ///
    /// For one column set at a time, the south parts that fit `at` are copied out with their
    /// keys, so that a key is computed once per south part, not once per pair.
    pub(super) fn east_keys(
        &self,
        g: &Geometry,
        at: Diags,
        rows: u64,
        bare: bool,
        out: &mut [Vec<u64>; 3],
    ) {
        let Half { north, south, .. } = self.east;
        let cols = g.half;
        let all_cols = (1u64 << cols) - 1;
        let north_rows = rows >> north.row0 & ((1 << north.rows) - 1);
        let south_rows = rows >> south.row0 & ((1 << south.rows) - 1);
        let k = north_rows.count_ones();
        let mut len = out.each_ref().map(|v| v.len());
        let at_north = north.mask(at.d1, at.d2);
        let at_south = south.mask(at.d1, at.d2);
        let mut kept: Vec<(u64, u64)> = Vec::new();
        for cn in column_sets(k, cols) {
            let north_parts = self.east.north(g, north_rows, cn);
            if north_parts.is_empty() {
                continue;
            }
            // The south parts that fit `at`, with their keys, in their class order.
            kept.clear();
            kept.extend(
                self.east
                    .south(g, south_rows, all_cols ^ cn)
                    .iter()
                    .filter(|&&q| q & at_south == 0)
                    .map(|&q| (q, south.key(g, q))),
            );
            if kept.is_empty() {
                continue;
            }
            // The south parts by their queens on the long diagonals (sorted so in the table).
            let class = |q: &(u64, u64)| (q.1 & g.long).count_ones();
            let one = kept.partition_point(|q| class(q) < 1);
            let two = kept.partition_point(|q| class(q) < 2);
            let segments = [&kept[..one], &kept[one..two], &kept[two..]];
            for &p in north_parts {
                if p & at_north != 0 {
                    continue;
                }
                let (d1, d2) = north.diags(p);
                let key = g.key_of(d1, d2);
                // The north part's diagonals as the south parts store theirs.
                let mask = south.mask(d1, d2);
                let cp = (key & g.long).count_ones() as usize;
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
                    for &(q, q_key) in *segment {
                        dst[kept] = key | q_key;
                        kept += (mask & q == 0) as usize;
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
        let w = &self.west;
        for (q, table) in [(&w.north, &w.north_parts), (&w.south, &w.south_parts)] {
            let band_rows = q.rows_index(rows >> q.row0 & ((1 << q.rows) - 1));
            let parts = table.on_rows(g.half, band_rows);
            let uses = bit_uses(parts.iter().map(|p| q.key(g, p.word)));
            for (s, u) in share.iter_mut().zip(uses) {
                *s += u as f64 / parts.len().max(1) as f64;
            }
        }
        share
    }
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

/// The parts of `parts` whose words share no bit with `mask`: all of them when `mask` is empty,
/// else those copied to `kept`, so that the join's inner loop does not test them again and again.
#[inline]
fn compatible<'a>(parts: &'a [West], mask: u64, kept: &'a mut Vec<West>) -> &'a [West] {
    if mask == 0 {
        return parts;
    }
    kept.clear();
    kept.extend(parts.iter().filter(|q| q.word & mask == 0));
    kept
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
        let west = &self.west;
        let (nq, sq) = (west.north, west.south);
        let cols = g.half;
        let all_cols = (1u64 << cols) - 1;
        let north_rows = rows >> nq.row0 & ((1 << nq.rows) - 1);
        let south_rows = rows >> sq.row0 & ((1 << sq.rows) - 1);
        // The key bits of each south queen, by its index in the part and its relative column:
        // the bits to narrow by, and those that choose buckets.
        let cuts = if CUT { sliced.cuts } else { 0 };
        let col0 = sq.half_cols.trailing_zeros() as usize;
        let (south_key, south_cut): (Vec<[u64; 16]>, Vec<[u32; 16]>) = sq
            .part_rows(south_rows)
            .into_iter()
            .map(|row| {
                let (mut k, mut v) = ([0u64; 16], [0u32; 16]);
                for c in 0..cols {
                    let key = g.key[row * g.n + col0 + c];
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
        let middle = sq.mask(at.d1 & !long, at.d2 & !long);
        let at_north = nq.mask(at.d1, at.d2);
        let mut kept = Vec::new();
        let mut fits: Vec<u32> = Vec::new();
        for cn in column_sets(north_rows.count_ones(), cols) {
            let north = west.north(g, north_rows, cn);
            if north.is_empty() {
                continue;
            }
            let south = compatible(west.south(g, south_rows, all_cols ^ cn), middle, &mut kept);
            if south.is_empty() {
                continue;
            }
            for p in north {
                if p.word & at_north != 0 {
                    continue;
                }
                let (d1, d2) = nq.diags(p.word);
                let key = g.key_of(d1, d2);
                if m == 0 {
                    total +=
                        sliced.count::<CUT>(sliced.all(), key & !cuts, sliced.bucket::<CUT>(key));
                    continue;
                }
                // The north part's diagonals as the south parts store theirs (the south parts
                // that clash with the middle column's queen are already left out).
                let mask = sq.mask(d1, d2);
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
                    partners += (mask & q.word == 0) as usize;
                }
                for (k, &i) in fits[..partners].iter().enumerate() {
                    let q = &south[i as usize];
                    let same = match ready {
                        None => {
                            // The first partner: narrow by the north part.
                            let first = bufs.get_mut(0);
                            seen[0] = sliced.bucket::<CUT>(key);
                            if !sliced.narrow::<CUT>(sliced.all(), key & !cuts, seen[0], first) {
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

    /// The partial placements (at most one queen per row and column, none attacking) of the
    /// band of `rows` rows from `row0` on, in the 4 columns from `col0`, by brute force.
    fn brute(row0: usize, rows: usize, col0: usize) -> usize {
        let mut count = 0usize;
        for pick in 0..5usize.pow(rows as u32) {
            // Digit 0 leaves the row empty, digit c + 1 puts its queen in column col0 + c.
            let mut cells = Vec::new();
            let mut p = pick;
            for r in 0..rows {
                if p % 5 != 0 {
                    cells.push((row0 + r, col0 + p % 5 - 1));
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
    }

    #[test]
    fn quarters_hold_every_partial_placement() {
        // n = 8: one east table of 4 × 4 serves both bands. n = 9: the bands have 4 and 5 rows,
        // east of the middle column, each its own table.
        let q = Quarters::new(&Geometry::new(8)).unwrap();
        assert_eq!(q.east.north_parts.len(), brute(0, 4, 4));
        assert_eq!(brute(4, 4, 4), brute(0, 4, 4));
        assert!(q.east.tables().len() == 1 && q.west.tables().len() == 1);
        let q = Quarters::new(&Geometry::new(9)).unwrap();
        assert_eq!(q.east.north_parts.len(), brute(0, 4, 5));
        assert_eq!(q.east.south_parts.len(), brute(4, 5, 5));
    }

    #[test]
    fn upside_down_the_north_table_reads_as_the_south_one() {
        // For each index of the south band, the parts read through the flipped view are those
        // of a table built for the south band itself: the same words, and in the west the same
        // queens (row, column).
        for n in [6usize, 8, 10] {
            let g = Geometry::new(n);
            let q = Quarters::new(&g).unwrap();
            let long = Diags {
                d1: 1 << (n - 1),
                d2: 1 << (n - 1),
                ..Diags::default()
            };
            for (half, blocked) in [(g.east, Diags::default()), (g.west, long)] {
                let flipped = if half == g.east {
                    q.east.south
                } else {
                    q.west.south
                };
                let direct = Quarter {
                    flipped: false,
                    ..flipped
                };
                let table: Table<West> =
                    Table::new(&g, &direct, blocked, Slice::WHOLE, &|| false).unwrap();
                let queens = |quarter: &Quarter, rows_used: u64, p: &West| {
                    let rows = quarter.part_rows(rows_used);
                    let mut cells: Vec<(usize, u64)> = rows
                        .iter()
                        .enumerate()
                        .map(|(j, &r)| (r, p.cols >> (4 * j) & 15))
                        .collect();
                    cells.sort_unstable();
                    (quarter.word(p.word), cells)
                };
                let mut seen = 0;
                for rows_used in 0..1u64 << direct.rows {
                    for cols_used in 0..1u64 << g.half {
                        let mut want: Vec<_> = table
                            .get(g.half, rows_used, cols_used)
                            .iter()
                            .map(|p| queens(&direct, rows_used, p))
                            .collect();
                        let got: Vec<(u64, Vec<(usize, u64)>)> = if half == g.east {
                            let parts = q.east.south(&g, rows_used, cols_used);
                            want = want.into_iter().map(|(w, _)| (w, Vec::new())).collect();
                            parts
                                .iter()
                                .map(|&p| (flipped.word(p), Vec::new()))
                                .collect()
                        } else {
                            let parts = q.west.south(&g, rows_used, cols_used);
                            parts
                                .iter()
                                .map(|p| queens(&flipped, rows_used, p))
                                .collect()
                        };
                        let mut got = got;
                        want.sort_unstable();
                        got.sort_unstable();
                        assert_eq!(got, want, "n = {n}, rows {rows_used:b}, cols {cols_used:b}");
                        seen += want.len();
                    }
                }
                assert_eq!(seen, table.len());
            }
        }
    }

    #[test]
    fn the_quarters_hold_every_placement_of_their_bands() {
        // n = 8: quarters of 4 rows × 4 columns. The east one holds 87 non-attacking placements
        // of at most one queen per row (the empty one included); the west one 51, as the west
        // avoids the long diagonals. Each serves its half's two bands; 16 bytes a west part,
        // 8 an east one, and an index of 2^8 + 1 offsets and 2^4 row blocks each.
        let q = Quarters::new(&Geometry::new(8)).unwrap();
        assert_eq!(q.parts(), 87 + 51);
        assert_eq!(q.bytes(), 87 * 8 + 51 * 16 + 2 * (257 + 16) * 4);
    }
}
