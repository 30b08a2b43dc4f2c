//! `count --mpi`: one count spread over the processes (ranks) of an MPI job.
//!
//! Rank 0 holds the list of subproblems and hands out contiguous chunks of it on request:
//! large chunks first, then smaller ones as the list runs down (guided scheduling), so that
//! messages stay few while the last chunks are small enough that no rank finishes long after
//! the others. Every other rank asks for its next chunk as soon as it starts the current one,
//! sending along the count of the chunk before; the answer is then waiting when the current
//! chunk is done, and no rank idles for a round trip.
//!
//! Rank 0 counts chunks too, on a thread of its own, so P processes give P counting cores. Its
//! main thread serves requests, and waits between them by sleeping rather than in a blocking
//! receive: Open MPI's blocking calls poll without pause and would burn the very core that the
//! counting thread needs.
//!
//! Messages are arrays of u64. Counts (u128) travel as two halves; each message also carries
//! the plan's fingerprint, so ranks that built different splits (another version of the
//! program on some node) stop the job instead of adding unrelated numbers.

use crate::Failure;
use mpi::Threading;
use mpi::traits::*;
use nqueens::{Counts, Plan, SymmetryClasses};
use rayon::prelude::*;
use std::sync::Mutex;
use std::time::Duration;

/// A worker's count of its last chunk, and a request for the next.
const REQUEST: i32 = 1;
/// A worker's count of its last chunk; it asks for nothing more.
const FINAL: i32 = 2;
/// Rank 0's answer: `[start, end)` of the next chunk, empty when the list is used up.
const CHUNK: i32 = 3;

/// How long rank 0's serving thread sleeps when no message is waiting. Workers ask ahead of
/// need, so this delay is hidden behind their counting.
const POLL: Duration = Duration::from_millis(1);

/// Counts `plan` over every rank of the MPI job. Rank 0 returns the total, the number of
/// processes and the threads per process; the other ranks return `None`.
///
/// Started without `mpirun`, the program is a job of one process and counts alone, on every
/// core unless `threads` says otherwise.
pub fn count(
    plan: &dyn Plan,
    threads: Option<usize>,
) -> Result<Option<(Counts, usize, usize)>, Failure> {
    // Only the main thread calls MPI; rank 0's counting thread never does.
    let (universe, _level) = mpi::initialize_with_threading(Threading::Funneled)
        .ok_or_else(|| Failure::usage("MPI could not be started"))?;
    let world = universe.world();
    let size = world.size() as usize;
    let rank = world.rank();
    if size == 1 {
        let threads = threads.unwrap_or(0);
        let all: Vec<usize> = (0..plan.len()).collect();
        let counts = nqueens::plan::run(plan, &all, threads, &nqueens::plan::NoProgress);
        return Ok(Some((counts, 1, threads)));
    }
    // One process per core is the usual MPI layout, hence one thread unless told otherwise.
    let threads = threads.unwrap_or(1);
    let counter = ChunkCounter::new(plan, threads)?;
    if rank == 0 {
        Ok(Some((serve(plan, &world, size, &counter), size, threads)))
    } else {
        work(plan, &world, &counter);
        Ok(None)
    }
}

/// Counts chunks on one rank, with its own thread pool when it has more than one thread.
struct ChunkCounter<'p> {
    plan: &'p dyn Plan,
    pool: Option<rayon::ThreadPool>,
}

impl<'p> ChunkCounter<'p> {
    fn new(plan: &'p dyn Plan, threads: usize) -> Result<ChunkCounter<'p>, Failure> {
        let pool = if threads > 1 {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .map_err(|e| Failure::usage(format!("cannot start {threads} threads: {e}")))?;
            Some(pool)
        } else {
            None
        };
        Ok(ChunkCounter { plan, pool })
    }

    fn count(&self, start: usize, end: usize) -> Counts {
        let plan = self.plan;
        match &self.pool {
            None => (start..end).fold(plan.zero(), |a, i| a + plan.count_one(i)),
            Some(pool) => pool.install(|| {
                (start..end)
                    .into_par_iter()
                    .with_max_len(1)
                    .map(|i| plan.count_one(i))
                    .reduce(|| plan.zero(), |a, b| a + b)
            }),
        }
    }
}

/// The list of subproblems, handed out in shrinking chunks.
struct Dispenser {
    next: usize,
    len: usize,
    takers: usize,
}

impl Dispenser {
    /// The next chunk `[start, end)`; empty once the list is used up.
    fn take(&mut self) -> (usize, usize) {
        let left = self.len - self.next;
        // A quarter of each taker's fair share of what is left: big chunks early, single
        // subproblems at the end.
        let size = (left / (4 * self.takers)).max(1).min(left);
        let start = self.next;
        self.next += size;
        (start, self.next)
    }
}

/// Rank 0: counts on a thread of its own while serving the other ranks' requests.
fn serve(
    plan: &dyn Plan,
    world: &mpi::topology::SimpleCommunicator,
    size: usize,
    counter: &ChunkCounter,
) -> Counts {
    let dispenser = Mutex::new(Dispenser {
        next: 0,
        len: plan.len(),
        takers: size,
    });
    let take = || dispenser.lock().unwrap_or_else(|p| p.into_inner()).take();
    std::thread::scope(|scope| {
        let local = scope.spawn(|| {
            let mut sum = plan.zero();
            loop {
                let (start, end) = take();
                if start == end {
                    return sum;
                }
                sum += counter.count(start, end);
            }
        });
        let mut sum = plan.zero();
        let mut finished = 0;
        while finished < size - 1 {
            let Some(matched) = world.any_process().immediate_matched_probe() else {
                std::thread::sleep(POLL);
                continue;
            };
            let (data, status) = matched.matched_receive_vec::<u64>();
            let from = status.source_rank();
            match decode(plan, &data) {
                Some(c) => sum += c,
                None => {
                    eprintln!(
                        "nqueens: rank {from} counts a different subproblem split (another \
                         version of nqueens?); stopping"
                    );
                    world.abort(2);
                }
            }
            if status.tag() == REQUEST {
                let (start, end) = take();
                world
                    .process_at_rank(from)
                    .send_with_tag(&[start as u64, end as u64][..], CHUNK);
            } else {
                finished += 1;
            }
        }
        // The workers are done; what is left is rank 0's own share.
        match local.join() {
            Ok(own) => sum + own,
            Err(p) => std::panic::resume_unwind(p),
        }
    })
}

/// Every other rank: asks for chunks, always one ahead, and reports what it counted.
fn work(plan: &dyn Plan, world: &mpi::topology::SimpleCommunicator, counter: &ChunkCounter) {
    let root = world.process_at_rank(0);
    let ask = |tag: i32, counts: Counts| root.send_with_tag(&encode(plan, counts)[..], tag);
    let receive = || {
        let (v, _) = root.receive_vec_with_tag::<u64>(CHUNK);
        (v[0] as usize, v[1] as usize)
    };
    // Invariant at the top of the loop: no request is outstanding, `next` is the chunk to count
    // and `unsent` the count of the chunk before it, not yet reported.
    ask(REQUEST, plan.zero());
    let mut next = receive();
    let mut unsent = plan.zero();
    while next.0 < next.1 {
        // Ask for the chunk after this one now, so that the answer is here when this one is done.
        ask(REQUEST, unsent);
        unsent = counter.count(next.0, next.1);
        next = receive();
    }
    ask(FINAL, unsent);
}

const WORDS: usize = 13;

/// `[fingerprint, len, flags, total, unique, rot90, rot180, asymmetric]`, each u128 as two u64
/// (low half first); `flags` says which optional counts are present.
fn encode(plan: &dyn Plan, c: Counts) -> [u64; WORDS] {
    let split = |x: u128| [x as u64, (x >> 64) as u64];
    let k = c.classes.unwrap_or_default();
    let flags = c.unique.is_some() as u64 | (c.classes.is_some() as u64) << 1;
    let mut w = [0u64; WORDS];
    w[0] = plan.fingerprint();
    w[1] = plan.len() as u64;
    w[2] = flags;
    for (slot, x) in [
        c.total,
        c.unique.unwrap_or(0),
        k.rot90,
        k.rot180,
        k.asymmetric,
    ]
    .into_iter()
    .enumerate()
    {
        w[3 + 2 * slot..5 + 2 * slot].copy_from_slice(&split(x));
    }
    w
}

/// The counts of a message, or `None` when it comes from a different split.
fn decode(plan: &dyn Plan, w: &[u64]) -> Option<Counts> {
    if w.len() != WORDS || w[0] != plan.fingerprint() || w[1] != plan.len() as u64 {
        return None;
    }
    let join = |slot: usize| w[3 + 2 * slot] as u128 | (w[4 + 2 * slot] as u128) << 64;
    let classes = SymmetryClasses {
        rot90: join(2),
        rot180: join(3),
        asymmetric: join(4),
    };
    Some(Counts {
        total: join(0),
        unique: (w[2] & 1 != 0).then(|| join(1)),
        classes: (w[2] & 2 != 0).then_some(classes),
    })
}
