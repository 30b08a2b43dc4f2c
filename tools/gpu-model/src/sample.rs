//! Samples of the tasks of boards too large to play whole: the turns the one-step kernel takes
//! on evenly spaced tasks, and streams of task sizes with a whole count's mix.

use super::lanes::walk_task;
use nqueens::internals::constellation::SymmetryPlan;
use nqueens::internals::gpu::tasks::{self, Prefixes, TASK_BYTES};
use nqueens::plan::Plan;
use rayon::prelude::*;

/// A sample of a board's tasks: per constellation sampled, what [`Sampled`] says; and how many
/// constellations each sampled one stands for.
pub type TaskSample = (Vec<Sampled>, f64);

/// One constellation of a [`TaskSample`].
#[derive(Clone, Debug, Default)]
pub struct Sampled {
    /// How many tasks it makes.
    pub tasks: u64,
    /// The turns of its sampled tasks.
    pub turns: Vec<u64>,
    /// How long its tasks look before they are counted: the engine starts the constellations
    /// whose tasks look longest first (`tasks::task_lengths`; 0 on the large boards where it
    /// keeps list order).
    pub length: f64,
}

/// The constellations of a sample in the order the engine starts them: those whose tasks look
/// longest first, list order among equals.
pub fn largest_first(sample: &TaskSample) -> TaskSample {
    let mut parts = sample.0.clone();
    parts.sort_by(|a, b| b.length.total_cmp(&a.length));
    (parts, sample.1)
}

/// The turns the one-step kernel takes on a sample of the tasks of `rows` rows of the n×n
/// board, for boards too large to play whole: `per` tasks, evenly spaced, of each of
/// `constellations` constellations evenly spaced, in list order.
pub fn sample_task_turns(
    n: usize,
    rows: usize,
    constellations: usize,
    per: usize,
) -> Result<TaskSample, nqueens::Error> {
    let plan = SymmetryPlan::new(n)?;
    let picks: Vec<usize> = (0..plan.len())
        .step_by((plan.len() / constellations.max(1)).max(1))
        .collect();
    let lengths = tasks::task_lengths(n, rows, &plan).unwrap_or_else(|| vec![0.0; plan.len()]);
    let one = |&i: &usize| -> Sampled {
        let Some(lay) = plan.layout(i) else {
            return Sampled::default();
        };
        let Some(k) = tasks::placed_rows(rows, lay.avail.len()) else {
            return Sampled::default();
        };
        let mut bytes = Vec::new();
        Prefixes::new(&lay, k).fill(&lay, 0, &mut bytes, usize::MAX);
        let count = bytes.len() / TASK_BYTES;
        let turns = (0..count)
            .step_by((count / per.max(1)).max(1))
            .map(|t| {
                let ((c, l, r), _) = tasks::read_task(&bytes, t);
                walk_task(&lay, k, (c as u32, l as u32, r as u32)).1
            })
            .collect();
        Sampled {
            tasks: count as u64,
            turns,
            length: lengths[i],
        }
    };
    let all: Vec<Sampled> = picks.par_iter().map(one).collect();
    Ok((all, plan.len() as f64 / picks.len().max(1) as f64))
}

/// A stream of at most `most` task sizes with the mix of a whole count's, from a sample
/// ([`sample_task_turns`]): each sampled constellation gives its share of the stream, in
/// order, cycling through its sampled tasks. Also the whole count's tasks, estimated.
pub fn task_stream(sample: &TaskSample, most: usize) -> (Vec<u64>, f64) {
    let (parts, weight) = sample;
    let tasks: u64 = parts.iter().map(|p| p.tasks).sum();
    let total = tasks as f64 * weight;
    let len = (total as usize).min(most);
    let mut stream = Vec::with_capacity(len);
    for part in parts {
        if part.turns.is_empty() {
            continue;
        }
        let share = (part.tasks as f64 * len as f64 / tasks.max(1) as f64).round() as usize;
        stream.extend(part.turns.iter().copied().cycle().take(share));
    }
    (stream, total)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Tasks;
    use crate::kernels::Kernel;
    use crate::lanes::simulate;
    use crate::ops::PathCosts;

    #[test]
    fn the_one_step_kernel_takes_the_turns_its_sample_counts() {
        // The sampler's turn count is the one the lanes play.
        let tasks = Tasks::new(10, None).unwrap();
        let played = simulate(
            Kernel::Step,
            &PathCosts::of(Kernel::Step, false).unwrap(),
            &tasks,
            1,
            1,
        );
        let mut sampled: Vec<u64> =
            sample_task_turns(10, tasks::task_rows(10), usize::MAX, usize::MAX)
                .unwrap()
                .0
                .into_iter()
                .flat_map(|part| part.turns)
                .collect();
        let mut played_turns = played.task_turns.clone();
        sampled.sort();
        played_turns.sort();
        assert_eq!(sampled, played_turns);
    }
}
