//! The parts of one quarter board and the tables that file them.
//!
//! A quarter is a band of rows in one half of the columns; its *parts* are its placements of at
//! most one queen per row, none attacking, each stored as one word of its diagonals relative to
//! the quarter (module `quarters` says why). A [`Table`] files the parts of one quarter by the
//! rows and columns they use, and holds either all of them or a [`Slice`] of them: the rows
//! patterns whose first rows are used as given. Where the whole tables would
//! outgrow the memory (from n = 23), a count holds the slices its splits need at the moment
//! instead (module `slices`).

use crate::engine::halves::geometry::{Diags, Geometry};

/// The low half of a part's word: its `a` diagonals.
const LOW: u64 = 0xffff_ffff;

/// Where a quarter's diagonals begin: a part's word holds the diagonal `a = a0 + i` (as in
/// [`Diags::d1`]) at bit `i` and `b = b0 + i` at bit `32 + i`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Window {
    a0: u32,
    b0: u32,
}

impl Window {
    /// The window of the quarter of rows `row0..row0 + rows` and columns `col0..col0 + cols`.
    fn of(n: usize, (row0, rows): (usize, usize), (col0, cols): (usize, usize)) -> Window {
        let window = Window {
            // `a = c - r + n - 1` is least at the first column and the last row.
            a0: (col0 + n - 1 - (row0 + rows - 1)) as u32,
            b0: (row0 + col0) as u32,
        };
        debug_assert!(rows + cols - 1 <= 32, "a quarter's diagonals fit 32 bits");
        window
    }

    /// The diagonals `d1`, `d2` (absolute, as in [`Diags`]) that fall in the window, as a word.
    #[inline(always)]
    fn pack(self, d1: u64, d2: u64) -> u64 {
        (d1 >> self.a0) & LOW | ((d2 >> self.b0) & LOW) << 32
    }

    /// A word back to absolute diagonals `(d1, d2)`.
    #[inline(always)]
    fn unpack(self, word: u64) -> (u64, u64) {
        ((word & LOW) << self.a0, (word >> 32) << self.b0)
    }
}

/// A west part: its diagonals' word and the column of each of its queens (relative to the half,
/// four bits each, in the order of the table's rows).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct West {
    pub word: u64,
    pub cols: u64,
}

/// What a table stores of a part.
pub(super) trait Stored: Copy + Default {
    fn new(word: u64, cols: u64) -> Self;
    fn word(&self) -> u64;
}

impl Stored for u64 {
    fn new(word: u64, _: u64) -> u64 {
        word
    }
    #[inline(always)]
    fn word(&self) -> u64 {
        *self
    }
}

impl Stored for West {
    fn new(word: u64, cols: u64) -> West {
        West { word, cols }
    }
    #[inline(always)]
    fn word(&self) -> u64 {
        self.word
    }
}

/// The placements of one quarter (a band of rows × the columns of a half) that a [`Slice`]
/// admits, filed by (rows used, columns used). The rows patterns the slice admits are numbered
/// in order (`blocks`, [`NONE`] for the others); within block `b`, the parts on the columns
/// `cols_used` are `parts[offsets[b << cols | cols_used]..offsets[(b << cols | cols_used) + 1]]`.
pub(super) struct Table<P> {
    blocks: Vec<u32>,
    offsets: Vec<u32>,
    parts: Vec<P>,
}

/// The block number of a rows pattern a table does not hold.
const NONE: u32 = u32::MAX;

/// Why a table was not built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Halt {
    /// The system refused the memory.
    Memory,
    /// The count was asked to stop.
    Stopped,
}

impl<P: Stored> Table<P> {
    /// The parts of quarter `q` that `slice` admits, without those that use a diagonal of
    /// `blocked`. `stop` is asked now and then during the search.
    pub(super) fn new(
        g: &Geometry,
        q: &Quarter,
        blocked: Diags,
        slice: Slice,
        stop: &dyn Fn() -> bool,
    ) -> Result<Table<P>, Halt> {
        let mut blocks = filled(1 << q.rows, NONE).ok_or(Halt::Memory)?;
        let mut held = 0u32;
        for (rows, b) in blocks.iter_mut().enumerate() {
            if slice.admits(rows as u64) {
                *b = held;
                held += 1;
            }
        }
        let slots = (held as usize) << g.half;
        let slot = |blocks: &[u32], index: usize| {
            (blocks[index >> g.half] as usize) << g.half | index & ((1 << g.half) - 1)
        };
        // Two passes of the same search: count per slot, then place. Within a slot the parts
        // keep the search's order, so neighbours share their first queens.
        let mut counts = filled(slots + 1, 0u32).ok_or(Halt::Memory)?;
        enumerate(g, q, blocked, slice, stop, &mut |index, _, _| {
            counts[slot(&blocks, index) + 1] += 1
        })?;
        for i in 0..slots {
            counts[i + 1] += counts[i];
        }
        let mut parts = filled(counts[slots] as usize, P::default()).ok_or(Halt::Memory)?;
        let mut next = filled(slots + 1, 0u32).ok_or(Halt::Memory)?;
        next.copy_from_slice(&counts);
        enumerate(g, q, blocked, slice, stop, &mut |index, word, cols| {
            let i = slot(&blocks, index);
            parts[next[i] as usize] = P::new(word, cols);
            next[i] += 1;
        })?;
        // Within a slot, parts with fewer queens on the long diagonals first (the sort is
        // stable, so the search order holds within each such class).
        for i in 0..slots {
            let group = &mut parts[counts[i] as usize..counts[i + 1] as usize];
            group.sort_by_key(|p| q.class(g, p.word()));
        }
        Ok(Table {
            blocks,
            offsets: counts,
            parts,
        })
    }

    /// The parts on the band rows `rows_used` and the columns `cols_used` (both relative).
    ///
    /// # Panics
    ///
    /// When the table's slice does not hold those rows: a count that read no parts there would
    /// be wrong, not slow.
    #[inline]
    pub(super) fn get(&self, cols: usize, rows_used: u64, cols_used: u64) -> &[P] {
        let i = self.block(rows_used) << cols | cols_used as usize;
        &self.parts[self.offsets[i] as usize..self.offsets[i + 1] as usize]
    }

    /// Every part on the band rows `rows_used`, whatever its columns.
    pub(super) fn on_rows(&self, cols: usize, rows_used: u64) -> &[P] {
        let first = self.block(rows_used) << cols;
        &self.parts[self.offsets[first] as usize..self.offsets[first + (1 << cols)] as usize]
    }

    #[inline]
    fn block(&self, rows_used: u64) -> usize {
        let b = self.blocks[rows_used as usize];
        assert!(b != NONE, "no table slice holds the rows {rows_used:b}");
        b as usize
    }

    /// The parts held.
    #[cfg(test)]
    pub(super) fn len(&self) -> usize {
        self.parts.len()
    }

    /// The bytes held.
    pub(super) fn bytes(&self) -> usize {
        self.parts.len() * size_of::<P>() + (self.offsets.len() + self.blocks.len()) * 4
    }
}

/// Which rows patterns of a band a table holds: those whose first rows (`fixed`, a bit per band
/// row) are used exactly where `value` says. A slice is one subtree of the search that makes
/// the parts, so it costs its own share of the search: the slices of one band, built one after
/// the other, cost what the whole table does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(super) struct Slice {
    pub fixed: u64,
    pub value: u64,
}

impl Slice {
    /// Every rows pattern: the whole table.
    pub const WHOLE: Slice = Slice { fixed: 0, value: 0 };

    /// The slice of the rows pattern `rows` that fixes its first `fixed` rows.
    pub(super) fn of(rows: u64, fixed: u32) -> Slice {
        let fixed = (1u64 << fixed) - 1;
        Slice {
            fixed,
            value: rows & fixed,
        }
    }

    /// Whether the slice holds the rows pattern `rows`.
    pub(super) fn admits(self, rows: u64) -> bool {
        rows & self.fixed == self.value
    }
}

/// `len` copies of `value`, or `None` where the system refuses the memory.
pub(super) fn filled<T: Clone>(len: usize, value: T) -> Option<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(len).ok()?;
    v.resize(len, value);
    Some(v)
}

/// One quarter of the board: a band of rows in one half, and how its parts are read from the
/// table that holds them.
#[derive(Clone, Copy, Debug)]
pub(super) struct Quarter {
    /// The first row of the band.
    pub row0: usize,
    /// Rows in the band.
    pub rows: usize,
    /// The columns of the half (a bit per column).
    pub half_cols: u64,
    /// Where the quarter's diagonals begin.
    pub window: Window,
    /// Whether its parts are read from the other band's table upside down (see the module).
    pub flipped: bool,
}

impl Quarter {
    pub(super) fn new(
        g: &Geometry,
        (row0, rows): (usize, usize),
        half_cols: u64,
        flipped: bool,
    ) -> Quarter {
        let span = (half_cols.trailing_zeros() as usize, g.half);
        Quarter {
            row0,
            rows,
            half_cols,
            window: Window::of(g.n, (row0, rows), span),
            flipped,
        }
    }

    /// The table index of the band rows `rows_used` (relative): upside down, the rows reverse.
    #[inline]
    pub(super) fn rows_index(&self, rows_used: u64) -> u64 {
        if self.flipped {
            rows_used.reverse_bits() >> (64 - self.rows)
        } else {
            rows_used
        }
    }

    /// A stored word as this quarter's word.
    #[inline(always)]
    pub(super) fn word(&self, stored: u64) -> u64 {
        if self.flipped {
            stored.rotate_left(32)
        } else {
            stored
        }
    }

    /// The diagonals `d1`, `d2` (absolute) as a mask to AND with this quarter's stored words: a
    /// part shares none of them exactly when the AND is zero.
    #[inline(always)]
    pub(super) fn mask(&self, d1: u64, d2: u64) -> u64 {
        // The exchange of halves is its own inverse.
        self.word(self.window.pack(d1, d2))
    }

    /// The absolute diagonals of a stored word.
    #[inline(always)]
    pub(super) fn diags(&self, stored: u64) -> (u64, u64) {
        self.window.unpack(self.word(stored))
    }

    /// The key of a stored word.
    #[inline(always)]
    pub(super) fn key(&self, g: &Geometry, stored: u64) -> u64 {
        let (d1, d2) = self.diags(stored);
        g.key_of(d1, d2)
    }

    /// How many queens a stored word puts on the long diagonals.
    pub(super) fn class(&self, g: &Geometry, stored: u64) -> u32 {
        (self.key(g, stored) & g.long).count_ones()
    }

    /// The rows (absolute) of the queens of a part on the band rows `rows_used`, in the order
    /// of its stored columns.
    pub(super) fn part_rows(&self, rows_used: u64) -> Vec<usize> {
        let rows = (0..self.rows).filter(|&r| rows_used >> r & 1 == 1);
        let rows = rows.map(|r| self.row0 + r);
        if self.flipped {
            rows.rev().collect()
        } else {
            rows.collect()
        }
    }
}

/// Calls `visit(index, word, cols)` for every non-attacking placement of at most one queen per
/// row of the quarter `q` that uses no diagonal of `blocked` and whose rows `slice` admits: its
/// table index (`rows_used << half | cols_used`), its diagonals' word (without `blocked`) and its
/// queens' columns (see [`West`]). Rows the slice fixes are never searched the other way, so a
/// slice costs its share of the search. `stop` is asked at each node three rows from the end.
pub(super) fn enumerate(
    g: &Geometry,
    q: &Quarter,
    blocked: Diags,
    slice: Slice,
    stop: &dyn Fn() -> bool,
    visit: &mut dyn FnMut(usize, u64, u64),
) -> Result<(), Halt> {
    struct Search<'a> {
        g: &'a Geometry,
        q: &'a Quarter,
        blocked: Diags,
        slice: Slice,
        stop: &'a dyn Fn() -> bool,
        stopped: bool,
    }
    fn go(
        s: &mut Search,
        r: usize,
        (used_rows, used_cols): (u64, u64),
        (d, cols): (Diags, u64),
        visit: &mut dyn FnMut(usize, u64, u64),
    ) {
        let (g, q) = (s.g, s.q);
        let queens = used_rows.count_ones();
        if r == q.rows {
            let index = (used_rows as usize) << g.half | used_cols as usize;
            let (b1, b2) = (s.blocked.d1, s.blocked.d2);
            let word = q.window.pack(d.d1 & !b1, d.d2 & !b2);
            debug_assert_eq!(q.window.unpack(word), (d.d1 & !b1, d.d2 & !b2));
            visit(index, word, cols);
            return;
        }
        // Three rows from the end: a few thousand parts between two looks.
        if r + 3 == q.rows.max(3) && !s.stopped && (s.stop)() {
            s.stopped = true;
        }
        if s.stopped {
            return;
        }
        let fixed = s.slice.fixed >> r & 1 == 1;
        let used = s.slice.value >> r & 1 == 1;
        // This row left empty, or its queen in each free column.
        if !fixed || !used {
            go(s, r + 1, (used_rows, used_cols), (d, cols), visit);
        }
        if fixed && !used {
            return;
        }
        let row = q.row0 + r;
        let col0 = q.half_cols.trailing_zeros() as usize;
        let mut free = d.free(g.n, row, q.half_cols);
        while free != 0 {
            let c = free.trailing_zeros() as usize;
            free &= free - 1;
            let rel = c - col0;
            go(
                s,
                r + 1,
                (used_rows | 1 << r, used_cols | 1 << rel),
                (d.place(g.n, row, c), cols | (rel as u64) << (4 * queens)),
                visit,
            );
        }
    }
    let mut s = Search {
        g,
        q,
        blocked,
        slice,
        stop,
        stopped: false,
    };
    go(&mut s, 0, (0, 0), (blocked, 0), visit);
    if s.stopped {
        Err(Halt::Stopped)
    } else {
        Ok(())
    }
}
