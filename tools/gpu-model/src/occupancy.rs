//! How much of a GPU the way work is handed to it keeps busy over a whole count, from the
//! task sizes the lanes measured: the device's figures and the rules of dispatch.

#[cfg(doc)]
use super::kernels::Kernel;
use super::kernels::LANES;
use std::collections::BinaryHeap;

/// The GPU the occupancy model stands for: an NVIDIA H100 (SXM), from its published figures.
#[derive(Clone, Copy, Debug)]
pub struct Device {
    /// Streaming multiprocessors.
    pub sms: u64,
    /// Threads an SM keeps resident at most.
    pub threads_per_sm: u64,
    /// Workgroups an SM keeps resident at most.
    pub groups_per_sm: u64,
    /// Workgroup (shared) memory of an SM, in bytes.
    pub shared_per_sm: u64,
    /// Warp schedulers per SM, each issuing one warp instruction a cycle.
    pub schedulers_per_sm: u64,
    /// Cycles before a warp can issue an instruction that depends on its last.
    pub latency: u64,
    /// Clock, in Hz.
    pub clock: f64,
}

/// An H100 SXM: 132 SMs, 2,048 threads and 32 workgroups each, 4 schedulers, from its
/// published figures; the workgroup memory and the clock as measured under NVIDIA's Vulkan
/// driver (580), which is what the engine runs on. The driver gives a compute shader 48 KiB of
/// workgroup memory per SM, not the 227 KiB CUDA may use: the engine's residency probe found 6,
/// 4 and 3 workgroups of 64 threads per SM whose stacks took 7, 12 and 13 KiB. The SM clock
/// stayed at its maximum, 1,980 MHz, through every count.
pub const H100: Device = Device {
    sms: 132,
    threads_per_sm: 2048,
    groups_per_sm: 32,
    shared_per_sm: 48 * 1024,
    schedulers_per_sm: 4,
    latency: 4,
    clock: 1.98e9,
};

impl Device {
    /// Threads resident at once when each needs `bytes` of workgroup memory in workgroups of
    /// `wg` (see [`Kernel::thread_bytes`]).
    pub fn resident(&self, bytes: u64, wg: u64) -> u64 {
        let by_memory = self.shared_per_sm / (wg * bytes.max(1));
        let groups = by_memory
            .min(self.groups_per_sm)
            .min(self.threads_per_sm / wg);
        self.sms * groups * wg
    }

    /// The workgroup the engine picks for threads of `bytes` of workgroup memory: of 64 and
    /// 32 threads, the one that runs the most at once (64 on a tie), as its probe finds.
    pub fn workgroup(&self, bytes: u64) -> u64 {
        if self.resident(bytes, 32) > self.resident(bytes, 64) {
            32
        } else {
            64
        }
    }

    /// Seconds of one turn of `cost` operations for a thread when `threads` are running.
    fn turn_seconds(&self, cost: f64, threads: u64) -> f64 {
        let warps = threads.div_ceil(LANES as u64) as f64;
        let per_scheduler = warps / (self.sms * self.schedulers_per_sm) as f64;
        cost * per_scheduler.max(self.latency as f64) / self.clock
    }
}

/// How a count hands its tasks to the GPU.
#[derive(Clone, Copy, Debug)]
pub enum Rule {
    /// Each dispatch holds a number of tasks steered so that it lasts about half a second
    /// (within 4,096..=4M tasks, at most four times more or less than the last), and starts
    /// one thread per task up to 2^18; a dispatch ends when its last task does.
    Steered,
    /// The rule before the ring: tasks go to the GPU in runs of `run` tasks; a run
    /// starts `threads` threads (fewer when it has fewer tasks), and each dispatch runs every
    /// one of them for `budget` turns; a thread keeps its walk across dispatches and takes tasks
    /// until the run has none left. Threads beyond the resident ones wait for a second wave.
    Resumable {
        /// Turns per dispatch.
        budget: u64,
        /// Tasks per run.
        run: usize,
        /// Threads a run starts at most.
        threads: usize,
    },
    /// The engine's rule (`device.rs`, `feed.rs`): one stream of tasks per count, through a
    /// ring that the host refills while the threads work, so that threads run dry only once,
    /// when the whole count's tasks are taken. Each dispatch runs all `threads` threads for
    /// `budget` turns (in waves, when they are more than the device keeps resident). The tasks
    /// given stand for a count of `count_tasks`: the turns of the whole count that the drain at
    /// the end (which happens once) does not work go at the pace of the sample's steady part.
    Ring {
        /// Turns per dispatch.
        budget: u64,
        /// Threads of the stream: the engine starts as many as the device runs at once, which
        /// it measures (`Gpu::resident` in `device.rs`); the model's figure for that is
        /// [`Device::resident`].
        threads: usize,
        /// The whole count's tasks, of which the tasks given are a sample in order.
        count_tasks: f64,
    },
}

/// What the dispatches of one part of a count (those after which tasks were left to take, or
/// the rest: the drain, from the dispatch in which the last task was taken) came to.
#[derive(Clone, Copy, Debug, Default)]
struct Part {
    /// Waves of resident threads they took in all.
    waves: u64,
    /// Turns threads worked in them.
    turns: u64,
    /// Their modelled seconds.
    seconds: f64,
}

/// Dispatches of `budget` turns of `cost` operations for `threads` threads, in workgroups of
/// `wg`, taking `tasks` in order as they free up: the steady part and the drain. A dispatch
/// takes as many waves as its workgroups with a thread at work fill (a workgroup whose threads
/// have nothing to do ends at once and frees its place), and as long as its warps' turns take
/// to issue (a warp lasts as long as its busiest lane), or, when they are too few to hide the
/// latency of one operation, as long as its longest warp takes one turn after another.
fn dispatches(
    device: &Device,
    cost: f64,
    tasks: &[u64],
    threads: usize,
    budget: u64,
    wg: usize,
    resident: u64,
) -> (Part, Part) {
    let mut left = vec![0u64; threads.max(1)];
    let (mut at, mut steady, mut drain) = (0, Part::default(), Part::default());
    let issue = (device.sms * device.schedulers_per_sm) as f64;
    loop {
        let (mut busy_groups, mut turns, mut warp_turns, mut longest) = (0u64, 0u64, 0u64, 0u64);
        for group in left.chunks_mut(wg.max(1)) {
            let mut worked = false;
            for warp in group.chunks_mut(LANES) {
                let mut busiest = 0;
                for l in warp.iter_mut() {
                    let mut room = budget;
                    while room > 0 {
                        if *l == 0 {
                            if at == tasks.len() {
                                break;
                            }
                            *l = tasks[at];
                            at += 1;
                        }
                        let d = (*l).min(room);
                        *l -= d;
                        room -= d;
                        turns += d;
                    }
                    busiest = busiest.max(budget - room);
                }
                warp_turns += busiest;
                longest = longest.max(busiest);
                worked |= busiest > 0;
            }
            busy_groups += worked as u64;
        }
        if busy_groups == 0 {
            return (steady, drain);
        }
        let waves = (busy_groups * wg as u64).div_ceil(resident);
        let part = if at == tasks.len() {
            &mut drain
        } else {
            &mut steady
        };
        part.waves += waves;
        part.turns += turns;
        let issued = (warp_turns as f64 / issue).max((longest * waves * device.latency) as f64);
        part.seconds += cost * issued / device.clock;
    }
}

/// The share of the device's resident threads busy over a whole count whose tasks take
/// `turns` turns each, in that order, under `rule`, with `cost` operations a turn (a lane's, as
/// the lockstep model finds it: its `ops_per_node`-like cost per turn) and `bytes` of workgroup
/// memory a thread; also the modelled seconds.
pub fn occupancy(
    device: &Device,
    rule: Rule,
    turns: &[u64],
    cost: f64,
    bytes: u64,
    wg: u64,
) -> (f64, f64) {
    let resident = device.resident(bytes, wg);
    let busy: u64 = turns.iter().sum();
    let (mut capacity, mut seconds) = (0f64, 0f64);
    match rule {
        Rule::Steered => {
            let mut size: usize = 1 << 16;
            let mut at = 0;
            while at < turns.len() {
                let take = size.min(turns.len() - at);
                let threads = take.min(1 << 18).min(resident as usize);
                // Threads take the next task as they finish: list scheduling.
                let mut heap: BinaryHeap<std::cmp::Reverse<u64>> =
                    (0..threads).map(|_| std::cmp::Reverse(0)).collect();
                for &t in &turns[at..at + take] {
                    let std::cmp::Reverse(free) = heap.pop().expect("a thread");
                    heap.push(std::cmp::Reverse(free + t));
                }
                let span = heap.into_iter().map(|r| r.0).max().unwrap_or(0);
                let secs = span as f64 * device.turn_seconds(cost, threads as u64);
                capacity += resident as f64 * span as f64;
                seconds += secs;
                at += take;
                if take >= size || secs > 1.0 {
                    let ideal = (take as f64 * 0.5 / secs.max(1e-9)) as usize;
                    size = ideal
                        .clamp(size / 4, size.saturating_mul(4))
                        .clamp(1 << 12, 1 << 22);
                }
            }
        }
        Rule::Resumable {
            budget,
            run,
            threads,
        } => {
            for tasks in turns.chunks(run.max(1)) {
                let t = threads.min(tasks.len()).max(1);
                let (steady, drain) =
                    dispatches(device, cost, tasks, t, budget, wg as usize, resident);
                let waves = (steady.waves + drain.waves) as f64;
                capacity += resident as f64 * budget as f64 * waves;
                seconds += steady.seconds + drain.seconds;
            }
        }
        Rule::Ring {
            budget,
            threads,
            count_tasks,
        } => {
            let t = threads.max(1);
            let (steady, drain) = dispatches(device, cost, turns, t, budget, wg as usize, resident);
            // The whole count's turns; those the drain did not work went at the steady part's
            // pace, and took as much of the device per turn as they did there.
            let scale = (count_tasks / turns.len().max(1) as f64).max(1.0);
            let worked = busy as f64 * scale;
            let steady_turns = (worked - drain.turns as f64).max(0.0);
            let per_turn = |x: f64| x / steady.turns.max(1) as f64;
            let room = resident as f64 * budget as f64;
            capacity +=
                steady_turns * per_turn(steady.waves as f64 * room) + drain.waves as f64 * room;
            seconds += steady_turns * per_turn(steady.seconds) + drain.seconds;
            return (worked / capacity.max(1.0), seconds);
        }
    }
    (busy as f64 / capacity.max(1.0), seconds)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ring_as_wide_as_the_device_fills_it_and_a_sample_stands_for_its_count() {
        // An H100 cut to two SMs, so that a sample spans many dispatches, with the workgroup
        // memory CUDA may use (227 KiB an SM), so that its threads are enough to keep it bound
        // by how fast it issues operations.
        let device = Device {
            sms: 2,
            shared_per_sm: 227 * 1024,
            ..H100
        };
        let (bytes, wg, cost, budget) = (13 * 16, 64, 50.0, 20_000);
        let resident = device.resident(bytes, wg) as usize;
        let sizes: Vec<u64> = (0..100_000u64)
            .map(|i| 1_000 + (i * 7919) % 50_000)
            .collect();
        let ten: Vec<u64> = sizes
            .iter()
            .copied()
            .cycle()
            .take(sizes.len() * 10)
            .collect();
        let ring = |threads, turns: &[u64]| {
            let count_tasks = ten.len() as f64;
            let rule = Rule::Ring {
                budget,
                threads,
                count_tasks,
            };
            occupancy(&device, rule, turns, cost, bytes, wg)
        };
        let whole = ring(resident, &ten);
        assert!(whole.0 > 0.97, "{whole:?}");
        // A tenth of the tasks, standing for all of them: the drain counts once.
        let sample = ring(resident, &sizes);
        assert!(
            (sample.0 / whole.0 - 1.0).abs() < 0.005,
            "{sample:?} {whole:?}"
        );
        assert!(
            (sample.1 / whole.1 - 1.0).abs() < 0.005,
            "{sample:?} {whole:?}"
        );
        // Half as many threads as the device runs keep half of it busy, and take as long: this
        // device is bound by how fast it issues operations, not by waiting on them.
        let half = ring(resident / 2, &ten);
        assert!((half.0 - 0.5).abs() < 0.02, "{half:?}");
        assert!((half.1 / whole.1 - 1.0).abs() < 0.02, "{half:?} {whole:?}");
    }

    #[test]
    fn resident_threads_follow_the_stack() {
        assert_eq!(H100.resident(16, 64), 132 * 2048);
        assert!(H100.resident(16 * 16, 64) < H100.resident(8 * 16, 64));
        // The step's threads (see Kernel::thread_bytes): 12 and 13 levels, 236 and 256 bytes,
        // three workgroups of 64 in 48 KiB; 14 levels, 276 bytes, two of 64 but five of 32.
        assert_eq!(H100.workgroup(236), 64);
        assert_eq!(H100.resident(256, 64), 132 * 192);
        assert_eq!(H100.workgroup(276), 32);
        assert_eq!(H100.resident(276, 32), 132 * 160);
    }
}
