//! How much work two meet-in-the-middle splits of the board leave to their join: the row split
//! that `halves` uses, and a split that the board's quarter turn maps onto itself.
//!
//! Cut the board into quadrants, north and south rows, west and east columns. The *row split*
//! puts each row's queen in the west or the east half, as `halves` does. The *quadrant split*
//! puts it in quadrants NW or SE (side A) or in NE or SW (side B): a quarter turn carries side A
//! of a solution onto side B of its image, so one table of half placements would serve both
//! sides, and the four symmetries that keep the two sides apart (the half turn and the two
//! diagonal mirrors) would let the join take one half placement in four. That is the split the
//! quarter turns invite.
//!
//! For each split this walks every half placement (non-attacking queens, each row's queen on its
//! side or elsewhere, in the counts a solution allows: half the queens west for the row split;
//! as many in NW as in SE for the quadrant split, which every solution has), groups them by the
//! rows they fill, and prints how many there are, how many groups, the largest group and the
//! pairs of placements that fill complementary rows: the candidates a join must tell apart. Up
//! to n = 12 it also tests every such pair, which must give Q(n). It is a tool for the
//! benchmarks chapter: a count of candidates, not a timing.
//!
//! Usage: split_sizes N...   (even N from 4 to 14; 14 takes seconds and half a gigabyte)

use std::collections::HashMap;
use std::process::ExitCode;

/// A half placement reduced to the lines it fills: columns, `\` diagonals, `/` diagonals.
type Lines = (u64, u64, u64);

/// One side of a split: where each row's queen may stand if the row is this side's, and which
/// sets of filled rows a solution can give it.
struct Side {
    n: usize,
    columns: Vec<u64>,
    rows_allowed: fn(u64, usize) -> bool,
    found: HashMap<u64, Vec<Lines>>,
}

impl Side {
    /// Each row left to the other side, or given a queen on this side's columns.
    fn walk(&mut self, row: usize, rows: u64, lines: Lines) {
        let (cols, d1, d2) = lines;
        if row == self.n {
            if (self.rows_allowed)(rows, self.n) {
                self.found.entry(rows).or_default().push(lines);
            }
            return;
        }
        self.walk(row + 1, rows, lines);
        let mut free = self.columns[row] & !cols;
        while free != 0 {
            let col = free.trailing_zeros() as usize;
            free &= free - 1;
            let (a, b) = (1 << (row + col), 1 << (row + self.n - 1 - col));
            if d1 & a == 0 && d2 & b == 0 {
                self.walk(row + 1, rows | 1 << row, (cols | 1 << col, d1 | a, d2 | b));
            }
        }
    }
}

/// As many queens in the north rows as in the south rows: NW and SE hold as many queens as each
/// other in every solution (NW's and SW's fill the west columns, SW's and SE's the south rows),
/// and so do NE and SW.
fn balanced(rows: u64, n: usize) -> bool {
    let north = (1u64 << (n / 2)) - 1;
    (rows & north).count_ones() == (rows & !north).count_ones()
}

/// Half the queens: one per column of the half.
fn half(rows: u64, n: usize) -> bool {
    rows.count_ones() as usize == n / 2
}

fn report(
    n: usize,
    name: &str,
    west_first: [u64; 2],
    east_first: [u64; 2],
    rows: fn(u64, usize) -> bool,
) {
    let side = |cols: [u64; 2]| {
        let columns = (0..n).map(|r| cols[usize::from(r >= n / 2)]).collect();
        let mut s = Side {
            n,
            columns,
            rows_allowed: rows,
            found: HashMap::new(),
        };
        s.walk(0, 0, (0, 0, 0));
        s.found
    };
    let (a, b) = (side(west_first), side(east_first));
    let all = (1u64 << n) - 1;
    let (mut groups, mut largest, mut pairs, mut solutions) = (0u64, 0usize, 0u128, 0u64);
    for (filled, here) in &a {
        let Some(there) = b.get(&(all & !filled)) else {
            continue;
        };
        groups += 1;
        largest = largest.max(here.len()).max(there.len());
        pairs += here.len() as u128 * there.len() as u128;
        if n <= 12 {
            for x in here {
                for y in there {
                    solutions += u64::from(x.0 & y.0 == 0 && x.1 & y.1 == 0 && x.2 & y.2 == 0);
                }
            }
        }
    }
    let placements: usize = a.values().map(Vec::len).sum();
    let q = if n <= 12 {
        solutions.to_string()
    } else {
        "-".to_string()
    };
    println!("{n}\t{name}\t{placements}\t{groups}\t{largest}\t{pairs}\t{q}");
}

fn main() -> ExitCode {
    let mut sizes = Vec::new();
    for arg in std::env::args().skip(1) {
        match arg.parse::<usize>() {
            Ok(n) if (4..=14).contains(&n) && n % 2 == 0 => sizes.push(n),
            _ => {
                eprintln!("split_sizes: N must be an even number from 4 to 14, not '{arg}'");
                return ExitCode::from(2);
            }
        }
    }
    if sizes.is_empty() {
        eprintln!("usage: split_sizes N...   (even N from 4 to 14)");
        return ExitCode::from(2);
    }
    println!(
        "n\tsplit\tside A placements\tgroups\tlargest group\tcandidate pairs\tQ(n) from the pairs"
    );
    for n in sizes {
        let west = (1u64 << (n / 2)) - 1;
        let east = ((1u64 << n) - 1) & !west;
        // Columns for north rows, then for south rows.
        report(n, "rows", [west, west], [east, east], half);
        report(n, "quadrants", [west, east], [east, west], balanced);
    }
    ExitCode::SUCCESS
}
