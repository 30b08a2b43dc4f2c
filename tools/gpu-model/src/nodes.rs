//! The nodes a whole search visits, with this project's split and with the textbook's mirror
//! split alone: the work the kernels share out, measured apart from any kernel.

use nqueens::internals::bits::Bits;
use nqueens::internals::constellation::{Layout, SymmetryPlan};
use nqueens::plan::Plan;
use rayon::prelude::*;

/// Nodes of a search over every free row of each canonical constellation of the n×n board
/// (every queen placed, the last row's included): the work of this project's split.
pub fn split_nodes(n: usize) -> Result<u64, nqueens::Error> {
    fn walk(lay: &Layout, d: usize, cols: u64, left: u64, right: u64) -> u64 {
        let free = lay.avail[d] & !(cols | left | right);
        let mut nodes = free.count_ones() as u64;
        if d + 1 == lay.avail.len() {
            return nodes;
        }
        let g = lay.gap[d];
        for bit in Bits(free) {
            nodes += walk(
                lay,
                d + 1,
                cols | bit,
                (left | bit) << g,
                (right | bit) >> g,
            );
        }
        nodes
    }
    let plan = SymmetryPlan::new(n)?;
    let layouts: Vec<Layout> = (0..plan.len()).filter_map(|i| plan.layout(i)).collect();
    let one = |lay: &Layout| walk(lay, 0, lay.border_cols, 0, 0);
    let nodes = layouts.par_iter().map(one).sum();
    Ok(nodes)
}

/// Nodes of the textbook bit-mask search with the mirror split only: the first row's queen in
/// the left half of the board (and, for odd n, in the middle column too), every row searched.
pub fn mirror_nodes(n: usize) -> u64 {
    fn walk(n: usize, row: usize, cols: u64, left: u64, right: u64) -> u64 {
        let full = (1u64 << n) - 1;
        let free = full & !(cols | left | right);
        let mut nodes = free.count_ones() as u64;
        if row + 1 == n {
            return nodes;
        }
        for bit in Bits(free) {
            nodes += walk(
                n,
                row + 1,
                cols | bit,
                (left | bit) << 1,
                (right | bit) >> 1,
            );
        }
        nodes
    }
    let firsts: Vec<usize> = (0..n.div_ceil(2)).collect();
    let one = |&c: &usize| {
        let bit = 1u64 << c;
        1 + if n == 1 {
            0
        } else {
            walk(n, 1, bit, bit << 1, bit >> 1)
        }
    };
    firsts.par_iter().map(one).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Tasks;
    use crate::kernels::Kernel;
    use crate::lanes::simulate;
    use crate::ops::PathCosts;

    #[test]
    fn both_kernels_visit_the_same_nodes_and_the_split_visits_them_all() {
        let tasks = Tasks::new(11, Some(6)).unwrap();
        let a = simulate(
            Kernel::Baseline,
            &PathCosts::of(Kernel::Baseline, false).unwrap(),
            &tasks,
            1,
            2,
        );
        let b = simulate(
            Kernel::Step,
            &PathCosts::of(Kernel::Step, false).unwrap(),
            &tasks,
            1,
            2,
        );
        assert_eq!(a.nodes, b.nodes);
        assert!(split_nodes(11).unwrap() >= a.nodes);
        assert!(mirror_nodes(11) > split_nodes(11).unwrap());
    }
}
