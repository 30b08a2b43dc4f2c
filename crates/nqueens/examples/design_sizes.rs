//! What each candidate design for counting at record sizes must do per solution it finds,
//! counted before any of them is built.
//!
//! The designs, all counted in the same units (subproblems, table entries built, candidate
//! pairs a join must tell apart or nodes a walk visits, bytes of tables held at once):
//!
//! - `walk`: today's `symmetry` engine. Every canonical border constellation (the queens of
//!   the four border lines, smallest of their eight images, weighted 8, 4 or 2), its interior
//!   filled by a bit-mask walk of the image the engine picks; the unit is the nodes (queens
//!   placed) of that walk, the last rows walked too, where the engine takes four from tables.
//! - `rows`: today's `halves`. One subproblem per row split up to the top-bottom mirror, west
//!   placements kept off both long diagonals, east placements weighted 2 per long-diagonal
//!   queen, and the left-right mirror for the placements with none; every west placement of a
//!   split is a candidate with every east placement of it.
//! - `border+mitm`: each canonical constellation's interior cut into an upper and a lower band
//!   of its free rows, the bands' placements grouped by the columns they fill, and a pair
//!   formed by groups that fill complementary columns. Also counted: how many distinct band
//!   tables the constellations need, exactly (the same free cells row for row) and when a
//!   table is built without the border queens' diagonals (same rows, same free columns) and
//!   those diagonals filtered at the join.
//! - `border+mitm/4`, `border+mitm/8`: the same with 4 or 8 of the free columns (those nearest
//!   the middle) left out of the grouping and told apart in the join's keys instead: fewer,
//!   larger groups, which a bit-sliced join fills better, for more candidate pairs.
//! - `border+2+mitm`: `border+mitm` with the first and the last free row's queens placed too, so
//!   that each subproblem's tables are small (deeper pre-placement), at the price of more
//!   subproblems.
//!
//! For each join the candidate pairs are also counted through a sieve of six key bits (the
//! diagonals beside the two long ones), as the public quadrant counter's sieve cuts and
//! `halves`' buckets do: a west (upper) entry then meets only the east (lower) entries whose
//! six bits it leaves free; the buckets so visited that hold entries are counted too. And for
//! a bit-sliced join without the sieve, as `halves` runs it: one pass per west (upper) entry
//! over its group's east (lower) keys, reading a 64-bit word per 64 keys and key bit; the
//! passes and the words a key bit are counted. Table bytes count 16 bytes an entry (columns and both diagonals
//! packed), the largest subproblem's tables for the peak. Every design's solutions are
//! checked against OEIS A000170 (a disagreement is a bug here, and the program fails). It is a
//! tool for the benchmarks chapter: counts, the same on any machine, not timings.
//!
//! Usage: design_sizes N...   (N from 8 to 18; 16 takes about a minute and a half on one core
//! and 0.7 GB, each further size some seven times as long)

use nqueens::internals::constellation::SymmetryPlan;
use nqueens::known::A000170;
use nqueens::plan::Plan;
use std::collections::{HashMap, HashSet};
use std::process::ExitCode;

/// Bytes of one table entry: its columns and both diagonals, packed.
const ENTRY_BYTES: u64 = 16;
/// Key bits the sieve indexes by.
const CUTS: u32 = 6;

/// What one design did for one board size.
#[derive(Default, Clone)]
struct Tally {
    subproblems: u64,
    /// Groups joined: pairs of lists whose entries are all candidates for each other.
    groups: u64,
    entries: u64,
    pairs: u128,
    sieved: u128,
    visits: u64,
    /// A bit-sliced join without the sieve: one pass per entry of the first list over the
    /// second list's keys, and the 64-bit words those passes read per key bit.
    passes: u64,
    words: u128,
    nodes: u128,
    peak_bytes: u64,
    solutions: u128,
}

/// A placement's diagonals: `/` diagonals (row + column) in the low 64 bits, `\` diagonals
/// (row + n - 1 - column) in the high ones.
fn diag(n: usize, row: usize, col: usize) -> u128 {
    1u128 << (row + col) | 1u128 << (64 + row + n - 1 - col)
}

/// The six sieve bits of a diagonal key: the diagonals on either side of each long one, and
/// the next on one side.
fn cut_bits(n: usize, key: u128) -> usize {
    let c = n - 1;
    let bits = [c - 1, c + 1, c - 2, 64 + c - 1, 64 + c + 1, 64 + c - 2];
    bits.iter()
        .enumerate()
        .fold(0, |acc, (i, &b)| acc | (((key >> b) & 1) as usize) << i)
}

/// Joins two lists of diagonal keys through the sieve: each entry of `a` meets only the entries
/// of `b` whose cut bits are free in its own. Returns the buckets visited that hold entries
/// (each a pass of a bit-sliced join, whose fixed cost `halves`' profile found to matter), the
/// pairs so examined, and those with no diagonal in common (the solutions).
fn sieve_join(n: usize, a: &[u128], b: &[u128]) -> (u64, u128, u128) {
    let mut buckets: Vec<Vec<u128>> = vec![Vec::new(); 1 << CUTS];
    for &k in b {
        buckets[cut_bits(n, k)].push(k);
    }
    let (mut visits, mut examined, mut found) = (0u64, 0u128, 0u128);
    let all = (1usize << CUTS) - 1;
    for &x in a {
        let open = !cut_bits(n, x) & all;
        // Every subset of the open bits, `open` itself first and the empty set last.
        let mut s = open;
        loop {
            let bucket = &buckets[s];
            visits += u64::from(!bucket.is_empty());
            examined += bucket.len() as u128;
            found += bucket.iter().filter(|&&y| x & y == 0).count() as u128;
            if s == 0 {
                break;
            }
            s = (s - 1) & open;
        }
    }
    (visits, examined, found)
}

/// `walk`: the symmetry engine's interior walk, nodes counted.
fn walk_design(plan: &SymmetryPlan) -> Tally {
    fn fill(
        avail: &[u64],
        gap: &[u32],
        i: usize,
        cols: u64,
        d1: u64,
        d2: u64,
        nodes: &mut u128,
    ) -> u128 {
        let mut free = avail[i] & !(cols | d1 | d2);
        if i + 1 == avail.len() {
            *nodes += u128::from(free.count_ones());
            return u128::from(free.count_ones());
        }
        let mut count = 0;
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            *nodes += 1;
            let g = gap[i];
            count += fill(
                avail,
                gap,
                i + 1,
                cols | bit,
                (d1 | bit) << g,
                (d2 | bit) >> g,
                nodes,
            );
        }
        count
    }
    let mut t = Tally::default();
    for i in 0..plan.len() {
        let lay = plan.layout(i).expect("n > 1");
        let weight = u128::from(plan.constellation(i).weight());
        let mut nodes = 0;
        let found = if lay.avail.is_empty() {
            1
        } else {
            fill(&lay.avail, &lay.gap, 0, lay.border_cols, 0, 0, &mut nodes)
        };
        t.subproblems += 1;
        t.nodes += nodes;
        t.solutions += weight * found;
    }
    t
}

/// Every placement of one queen in each of `rows` (row, free cells), queens not attacking each
/// other, as (columns, diagonals).
fn band(n: usize, rows: &[(usize, u64)]) -> Vec<(u64, u128)> {
    fn go(
        n: usize,
        rows: &[(usize, u64)],
        i: usize,
        cols: u64,
        d: u128,
        out: &mut Vec<(u64, u128)>,
    ) {
        if i == rows.len() {
            out.push((cols, d));
            return;
        }
        let (r, avail) = rows[i];
        let mut free = avail & !cols;
        while free != 0 {
            let c = free.trailing_zeros() as usize;
            free &= free - 1;
            let k = diag(n, r, c);
            if d & k == 0 {
                go(n, rows, i + 1, cols | 1 << c, d | k, out);
            }
        }
    }
    let mut out = Vec::new();
    go(n, rows, 0, 0, 0, &mut out);
    out
}

/// Groups a band's placements by the columns they fill.
fn by_columns(placements: Vec<(u64, u128)>) -> HashMap<u64, Vec<u128>> {
    let mut groups: HashMap<u64, Vec<u128>> = HashMap::new();
    for (cols, d) in placements {
        groups.entry(cols).or_default().push(d);
    }
    groups
}

/// One meet in the middle of the free rows `rows` (row, free cells), which must take exactly the
/// columns `need`: upper half of the rows against the lower half. Adds to `t` and returns the
/// solutions, unweighted. The placements are grouped by their columns, except `loose` of them
/// (those nearest the middle of the board), which go into the keys and are told apart by the
/// join instead: fewer, larger groups, for more pairs.
fn join_bands(n: usize, rows: &[(usize, u64)], need: u64, loose: u32, t: &mut Tally) -> u128 {
    let (upper, lower) = rows.split_at(rows.len() / 2);
    let (u, l) = (band(n, upper), band(n, lower));
    t.entries += (u.len() + l.len()) as u64;
    t.peak_bytes = t.peak_bytes.max((u.len() + l.len()) as u64 * ENTRY_BYTES);
    let mut keyed = 0u64;
    let mut order: Vec<usize> = (0..n).filter(|&c| need >> c & 1 == 1).collect();
    order.sort_by_key(|&c| (2 * c).abs_diff(n - 1));
    for &c in order.iter().take(loose as usize) {
        keyed |= 1 << c;
    }
    // Columns in the key sit above both diagonal ranges (bit 100 + column).
    let split = |p: Vec<(u64, u128)>| {
        by_columns(
            p.into_iter()
                .map(|(cols, d)| (cols & !keyed, d | u128::from(cols & keyed) << 100))
                .collect(),
        )
    };
    let (u, l) = (split(u), split(l));
    let need = need & !keyed;
    let mut found = 0;
    for (cols, a) in &u {
        let Some(b) = l.get(&(need & !cols)) else {
            continue;
        };
        t.groups += 1;
        t.passes += a.len() as u64;
        t.words += (a.len() * b.len().div_ceil(64)) as u128;
        t.pairs += (a.len() * b.len()) as u128;
        let (visits, examined, solutions) = sieve_join(n, a, b);
        t.visits += visits;
        t.sieved += examined;
        found += solutions;
    }
    found
}

/// The free rows a constellation leaves, each with the cells no border queen attacks.
fn interior(n: usize, queens: &[(u32, u32)]) -> (Vec<(usize, u64)>, u64) {
    let full = (1u64 << n) - 1;
    let taken: Vec<usize> = queens.iter().map(|&(r, _)| r as usize).collect();
    let border_cols = queens.iter().fold(0, |c, &(_, q)| c | 1u64 << q);
    let rows = (0..n)
        .filter(|r| !taken.contains(r))
        .map(|r| {
            let mut blocked = border_cols;
            for &(qr, qc) in queens {
                let down = r as i64 - i64::from(qr);
                for c in [i64::from(qc) + down, i64::from(qc) - down] {
                    if (0..n as i64).contains(&c) {
                        blocked |= 1 << c;
                    }
                }
            }
            (r, full & !blocked)
        })
        .collect();
    (rows, full & !border_cols)
}

/// How many distinct band tables the constellations need, and their entries: exactly (the same
/// free cells row for row), and built without the border queens' diagonals (the same rows and
/// free columns only).
#[derive(Default)]
struct Sharing {
    exact: HashSet<Vec<(usize, u64)>>,
    loose: HashSet<(Vec<usize>, u64)>,
    exact_entries: u64,
    loose_entries: u64,
}

impl Sharing {
    fn add(&mut self, n: usize, rows: &[(usize, u64)], free_cols: u64) {
        let (upper, lower) = rows.split_at(rows.len() / 2);
        for part in [upper, lower] {
            if self.exact.insert(part.to_vec()) {
                self.exact_entries += band(n, part).len() as u64;
            }
            let rs: Vec<usize> = part.iter().map(|&(r, _)| r).collect();
            if self.loose.insert((rs, free_cols)) {
                let open: Vec<(usize, u64)> = part.iter().map(|&(r, _)| (r, free_cols)).collect();
                self.loose_entries += band(n, &open).len() as u64;
            }
        }
    }
}

/// `border+mitm`, and with `deeper` the first and last free rows' queens placed first.
fn border_design(
    n: usize,
    plan: &SymmetryPlan,
    deeper: bool,
    loose: u32,
    share: &mut Sharing,
) -> Tally {
    let mut t = Tally::default();
    for i in 0..plan.len() {
        let c = plan.constellation(i);
        let weight = u128::from(c.weight());
        let (rows, need) = interior(n, c.queens());
        if !deeper || rows.len() < 4 {
            if !deeper {
                share.add(n, &rows, need);
            }
            t.subproblems += 1;
            t.solutions += weight * join_bands(n, &rows, need, loose, &mut t);
            continue;
        }
        let (first, last) = (rows[0], rows[rows.len() - 1]);
        let middle = &rows[1..rows.len() - 1];
        for a in 0..n {
            if first.1 >> a & 1 == 0 {
                continue;
            }
            for b in 0..n {
                let (ka, kb) = (diag(n, first.0, a), diag(n, last.0, b));
                if last.1 >> b & 1 == 0 || a == b || ka & kb != 0 {
                    continue;
                }
                let placed = [(first.0, a), (last.0, b)];
                let rest: Vec<(usize, u64)> = middle
                    .iter()
                    .map(|&(r, avail)| {
                        let mut blocked = 0u64;
                        for &(qr, qc) in &placed {
                            let down = r as i64 - qr as i64;
                            for col in [qc as i64, qc as i64 + down, qc as i64 - down] {
                                if (0..n as i64).contains(&col) {
                                    blocked |= 1 << col;
                                }
                            }
                        }
                        (r, avail & !blocked)
                    })
                    .collect();
                t.subproblems += 1;
                let need = need & !(1 << a | 1 << b);
                t.solutions += weight * join_bands(n, &rest, need, loose, &mut t);
            }
        }
    }
    t
}

/// One side of a row split: where its queens may stand, and whether they keep off both long
/// diagonals (the west's, as `halves` has it).
struct Half {
    n: usize,
    cols: u64,
    free_rows: u64,
    off_long: bool,
}

impl Half {
    /// Every placement of n / 2 queens, each free row left to the other side or given a queen
    /// on this side's columns, passed to `out` as (rows, diagonals, long-diagonal queens).
    /// `taken` holds the columns and diagonals already used (the middle column's queen).
    fn walk(
        &self,
        r: usize,
        rows: u64,
        taken: (u64, u128),
        longs: u32,
        out: &mut dyn FnMut(u64, u128, u32),
    ) {
        let (n, queens) = (self.n, self.n / 2);
        let placed = rows.count_ones() as usize;
        if placed == queens {
            out(rows, taken.1, longs);
            return;
        }
        if r == n || n - r + placed < queens {
            return;
        }
        self.walk(r + 1, rows, taken, longs, out);
        if self.free_rows >> r & 1 == 0 {
            return;
        }
        let mut free = self.cols & !taken.0;
        while free != 0 {
            let c = free.trailing_zeros() as usize;
            free &= free - 1;
            let k = diag(n, r, c);
            let long = u32::from(r == c) + u32::from(r + c == n - 1);
            if taken.1 & k == 0 && !(self.off_long && long > 0) {
                let next = (taken.0 | 1 << c, taken.1 | k);
                self.walk(r + 1, rows | 1 << r, next, longs + long, out);
            }
        }
    }
}

/// `rows`: today's row split with the symmetries `halves` uses.
fn rows_design(n: usize) -> Tally {
    let h = n / 2;
    let all = (1u64 << n) - 1;
    let west_cols = (1u64 << h) - 1;
    // At odd n the middle column is set aside for the queen placed first.
    let east_cols = all & !west_cols & !(((n % 2) as u64) << h);
    let rev = |x: u64| x.reverse_bits() >> (64 - n);
    let middles: Vec<Option<usize>> = if n % 2 == 1 {
        (0..n).map(Some).collect()
    } else {
        vec![None]
    };
    // A split: (middle row or n, west rows). Its image under the top-bottom mirror.
    let mirror = |m: usize, w: u64| (if m == n { n } else { n - 1 - m }, rev(w));
    let canon = |m: usize, w: u64| (m, w).min(mirror(m, w));
    let mut t = Tally::default();
    for middle in middles {
        let m = middle.unwrap_or(n);
        let (mcols, md) = match middle {
            Some(r) => (1u64 << h, diag(n, r, h)),
            None => (0, 0),
        };
        let free_rows = all & !(if m == n { 0 } else { 1 << m });
        // Every west placement (off both long diagonals) and every east placement, by the rows
        // they fill; an east placement carries how many long-diagonal queens it has.
        let mut west: HashMap<u64, Vec<u128>> = HashMap::new();
        let mut east: HashMap<u64, Vec<(u128, u32)>> = HashMap::new();
        let start = (mcols, md);
        Half {
            n,
            cols: west_cols,
            free_rows,
            off_long: true,
        }
        .walk(0, 0, start, 0, &mut |rows, d, _| {
            // The middle queen's diagonals are checked on both sides, not kept in the keys.
            west.entry(rows).or_default().push(d ^ md);
        });
        Half {
            n,
            cols: east_cols,
            free_rows,
            off_long: false,
        }
        .walk(0, 0, start, 0, &mut |rows, d, l| {
            east.entry(rows).or_default().push((d ^ md, l));
        });
        for (&w, a) in &west {
            if canon(m, w) != (m, w) {
                continue;
            }
            let Some(b) = east.get(&(free_rows & !w)) else {
                continue;
            };
            let tb = if mirror(m, w) == (m, w) { 1 } else { 2 };
            // The left-right mirror carries this split onto (m, east rows).
            let image = canon(m, free_rows & !w);
            let bare: u128 = match (m, w).cmp(&image) {
                std::cmp::Ordering::Less => 2,
                std::cmp::Ordering::Equal => 1,
                std::cmp::Ordering::Greater => 0,
            };
            t.subproblems += 1;
            t.entries += (a.len() + b.len()) as u64;
            t.peak_bytes = t.peak_bytes.max((a.len() + b.len()) as u64 * ENTRY_BYTES);
            for longs in 0..3u32 {
                let part: Vec<u128> = b.iter().filter(|e| e.1 == longs).map(|e| e.0).collect();
                let w8 = if longs > 0 { 1u128 << longs } else { bare };
                if w8 == 0 || part.is_empty() {
                    continue;
                }
                t.groups += 1;
                t.passes += a.len() as u64;
                t.words += (a.len() * part.len().div_ceil(64)) as u128;
                t.pairs += (a.len() * part.len()) as u128;
                let (visits, examined, solutions) = sieve_join(n, a, &part);
                t.visits += visits;
                t.sieved += examined;
                t.solutions += tb * w8 * solutions;
            }
        }
    }
    t
}

/// The three figures per solution whose growth the report follows.
fn per_solution(name: &str, t: &Tally, q: u128) -> [f64; 3] {
    let work = if name == "walk" { t.nodes } else { t.pairs };
    [t.entries as f64, work as f64, t.sieved as f64].map(|x| x / q as f64)
}

fn main() -> ExitCode {
    let mut sizes = Vec::new();
    for arg in std::env::args().skip(1) {
        match arg.parse::<usize>() {
            Ok(n) if (8..=18).contains(&n) => sizes.push(n),
            _ => {
                eprintln!("design_sizes: N must be a number from 8 to 18, not '{arg}'");
                return ExitCode::from(2);
            }
        }
    }
    if sizes.is_empty() {
        eprintln!("usage: design_sizes N...   (N from 8 to 18)");
        return ExitCode::from(2);
    }
    sizes.sort_unstable();
    sizes.dedup();
    println!(
        "n\tdesign\tsubproblems\tgroups joined\tentries built\tpairs or nodes\tpairs through the sieve\tbuckets visited\tbit-sliced passes\twords\tpeak table bytes\tsolutions\tentries/Q\tpairs or nodes/Q\tsieved/Q"
    );
    let mut wrong = false;
    let mut seen: HashMap<(usize, &str), [f64; 3]> = HashMap::new();
    let names = [
        "walk",
        "rows",
        "border+mitm",
        "border+mitm/4",
        "border+mitm/8",
        "border+2+mitm",
    ];
    for &n in &sizes {
        let q = A000170[n - 1];
        let plan = SymmetryPlan::new(n).expect("n in range");
        let mut share = Sharing::default();
        let designs = [
            walk_design(&plan),
            rows_design(n),
            border_design(n, &plan, false, 0, &mut share),
            border_design(n, &plan, false, 4, &mut Sharing::default()),
            border_design(n, &plan, false, 8, &mut Sharing::default()),
            border_design(n, &plan, true, 0, &mut Sharing::default()),
        ];
        for (name, t) in names.iter().zip(&designs) {
            let work = if *name == "walk" { t.nodes } else { t.pairs };
            let per = per_solution(name, t, q);
            seen.insert((n, name), per);
            println!(
                "{n}\t{name}\t{}\t{}\t{}\t{work}\t{}\t{}\t{}\t{}\t{}\t{}\t{:.3}\t{:.3}\t{:.3}",
                t.subproblems,
                t.groups,
                t.entries,
                t.sieved,
                t.visits,
                t.passes,
                t.words,
                t.peak_bytes,
                t.solutions,
                per[0],
                per[1],
                per[2],
            );
            if t.solutions != q {
                eprintln!(
                    "design_sizes: {name} counted {} solutions at n = {n}, OEIS says {q}",
                    t.solutions
                );
                wrong = true;
            }
        }
        println!(
            "{n}\tsharing\t{} constellations: {} distinct band tables ({} entries), {} built without the border diagonals ({} entries)",
            plan.len(),
            share.exact.len(),
            share.exact_entries,
            share.loose.len(),
            share.loose_entries,
        );
    }
    // Growth of each figure per solution, a row and two rows on (odd and even boards differ).
    println!(
        "\nn\tdesign\tentries/Q x n-1\tx n-2\tpairs or nodes/Q x n-1\tx n-2\tsieved/Q x n-1\tx n-2"
    );
    for &n in &sizes {
        for name in names {
            let now = seen[&(n, name)];
            let ratio = |back: usize, k: usize| match n
                .checked_sub(back)
                .and_then(|m| seen.get(&(m, name)))
            {
                Some(before) if before[k] > 0.0 => format!("{:.3}", now[k] / before[k]),
                _ => "-".to_string(),
            };
            if ratio(1, 1) == "-" && ratio(2, 1) == "-" {
                continue;
            }
            println!(
                "{n}\t{name}\t{}\t{}\t{}\t{}\t{}\t{}",
                ratio(1, 0),
                ratio(2, 0),
                ratio(1, 1),
                ratio(2, 1),
                ratio(1, 2),
                ratio(2, 2)
            );
        }
    }
    if wrong {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
