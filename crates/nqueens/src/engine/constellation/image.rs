//! Which image of a constellation to search, and the rows it leaves: every image has the same
//! completions but not the same tree, so the choice is made once here, by an estimate, for the
//! CPU kernels and the GPU engine alike.

use crate::board::bits::Bits;
use crate::reference::bitmask::full_mask;
use crate::symmetry::Symmetry;

/// The rows left to fill once the border queens stand, with what each row offers: what a
/// search of one constellation walks, on the CPU here or on a GPU (`engine::gpu`).
#[derive(Clone, Debug)]
pub struct Layout {
    /// For each free row, the cells that no border queen attacks.
    pub avail: Vec<u64>,
    /// For each free row but the last, how many rows down the next free row lies.
    pub gap: Vec<u32>,
    /// The columns of the border queens.
    pub border_cols: u64,
}

pub(super) fn layout(n: usize, queens: &[(u32, u32)]) -> Layout {
    let taken: Vec<usize> = queens.iter().map(|&(r, _)| r as usize).collect();
    let rows: Vec<usize> = (0..n).filter(|r| !taken.contains(r)).collect();
    let avail = rows
        .iter()
        .map(|&r| {
            let mut blocked = 0u64;
            for &(qr, qc) in queens {
                let (qr, qc) = (qr as i64, qc as i64);
                let down = r as i64 - qr;
                for c in [qc, qc + down, qc - down] {
                    if (0..n as i64).contains(&c) {
                        blocked |= 1u64 << c;
                    }
                }
            }
            full_mask(n) & !blocked
        })
        .collect();
    let gap = rows.windows(2).map(|w| (w[1] - w[0]) as u32).collect();
    let border_cols = queens.iter().fold(0, |cols, &(_, c)| cols | 1u64 << c);
    Layout {
        avail,
        gap,
        border_cols,
    }
}

/// Of the eight images of a constellation, the one whose search looks smallest, with its layout.
///
/// Every image has the same number of completions (they are the images of each other's), so
/// any of them may be searched, but their trees differ a lot in size: a search is cheap when its
/// first rows offer few cells. The estimate is the exact number of ways to fill the first three
/// free rows times the free cells of each further row down to the middle of the board. On small
/// boards, where every tree can be measured, the image it picks has a tree close to the smallest
/// (closer than a product of free cells alone gets) and far smaller than a fixed choice's; it
/// costs a few thousand steps per constellation, nothing beside the search.
pub(super) fn cheapest_image(n: usize, queens: &[(u32, u32)]) -> (Vec<(u32, u32)>, Layout) {
    let (_, image, lay) = cheapest_image_scored(n, queens);
    (image, lay)
}

/// [`cheapest_image`], with its estimate of the search's size.
pub(super) fn cheapest_image_scored(
    n: usize,
    queens: &[(u32, u32)],
) -> (f64, Vec<(u32, u32)>, Layout) {
    type Scored = (f64, Vec<(u32, u32)>, Layout);
    let mut best: Option<Scored> = None;
    for s in Symmetry::ALL {
        let mut image: Vec<(u32, u32)> = queens
            .iter()
            .map(|&(r, c)| {
                let (r, c) = s.cell(n, r as usize, c as usize);
                (r as u32, c as u32)
            })
            .collect();
        image.sort_unstable();
        let lay = layout(n, &image);
        // A float, as the product overflows any integer type on large boards; the arithmetic is
        // the same on every run, so the pick is too.
        let score = first_rows(&lay.avail, &lay.gap, 3) as f64
            * lay
                .avail
                .iter()
                .take(n / 2)
                .skip(3)
                .map(|a| a.count_ones() as f64)
                .product::<f64>();
        if best.as_ref().is_none_or(|(b, _, _)| score < *b) {
            best = Some((score, image, lay));
        }
    }
    best.expect("eight images")
}

/// The number of ways to fill the first `depth` free rows (fewer where the search has fewer).
pub(super) fn first_rows(avail: &[u64], gap: &[u32], depth: usize) -> u64 {
    fn walk(avail: &[u64], gap: &[u32], d: usize, left: usize, masks: (u64, u64, u64)) -> u64 {
        let (cols, l, r) = masks;
        let free = avail[d] & !(cols | l | r);
        if left == 1 || d + 1 == avail.len() {
            return free.count_ones() as u64;
        }
        let mut ways = 0;
        for bit in Bits(free) {
            let g = gap[d];
            let next = (cols | bit, (l | bit) << g, (r | bit) >> g);
            ways += walk(avail, gap, d + 1, left - 1, next);
        }
        ways
    }
    if avail.is_empty() || depth == 0 {
        return 1;
    }
    walk(avail, gap, 0, depth, (0, 0, 0))
}
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_rows_counts_partial_boards() {
        // An empty 4×4 board: 4 ways to fill one row, 6 for two, 4 for three, 2 for four.
        let avail = [0b1111u64; 4];
        let gap = [1u32; 3];
        let ways: Vec<u64> = (1..=4).map(|d| first_rows(&avail, &gap, d)).collect();
        assert_eq!(ways, [4, 6, 4, 2]);
        assert_eq!(first_rows(&avail, &gap, 0), 1);
    }
}
