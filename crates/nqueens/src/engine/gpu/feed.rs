//! Pieces of work queued for a plan's GPUs, and the thread that feeds each GPU.
//!
//! Work is shared by demand, not by fixed ratios: every GPU has a thread that takes the next
//! piece from one queue whenever its GPU has room, so a fast GPU takes more pieces than a slow
//! one and all of them finish together. Each thread runs one *run* at a time: as many tasks as
//! its GPU's run size (small pieces joined, large ones cut), counted over as many dispatches of
//! bounded length as they take (see `device`). Between two dispatches the thread looks whether
//! the pieces are still wanted, so that a stopped count frees the GPU at once.
//!
//! A GPU that fails hands back its pieces with the error, and its thread ends; the others go on.
//! When none is left, every piece queued or offered is handed back at once, so nothing waits
//! for a GPU that will never come (the plan then counts them on the CPU).

use crate::engine::gpu::device::{Gpu, Pending};
use crate::engine::gpu::health::Health;
use crate::engine::gpu::tasks::{STRIDE, TASK_BYTES};
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, mpsc};
use std::thread::JoinHandle;

/// Tasks to count on a GPU, and where their counts go.
pub(crate) struct Piece {
    /// Tasks, [`TASK_BYTES`] each.
    pub tasks: Vec<u8>,
    /// The layout records the tasks name.
    pub layouts: Vec<u8>,
    /// Rows of stack a thread needs for any of them.
    pub levels: u32,
    /// `Some(false)`: thread i counts task i alone, rather than threads taking tasks from a
    /// shared counter (tests use it).
    pub shared: Option<bool>,
    /// The piece's number among those of its sender.
    pub id: usize,
    /// Set when its sender no longer wants its counts (a stopped count): its run on the GPU is
    /// then abandoned between two dispatches, and it is not started if not started yet.
    pub abandon: Arc<AtomicBool>,
    /// Where the piece goes when counted, or handed back.
    pub reply: mpsc::Sender<Done>,
}

impl Piece {
    pub(crate) fn len(&self) -> usize {
        self.tasks.len() / TASK_BYTES
    }

    fn abandoned(&self) -> bool {
        self.abandon.load(Ordering::Relaxed)
    }
}

/// A piece back from the GPUs: each task's count (`None` where the GPU did not finish it), or
/// why the piece was not counted.
pub(crate) struct Done {
    pub piece: Piece,
    pub counts: Result<Vec<Option<u64>>, String>,
}

struct State {
    pieces: VecDeque<Piece>,
    /// GPUs still working.
    alive: usize,
    closed: bool,
}

/// The queue between the CPU threads that make pieces and the threads that feed the GPUs.
struct Queue {
    state: Mutex<State>,
    changed: Condvar,
    /// Pieces queued at most: more would hold memory without keeping any GPU busier.
    room: usize,
}

impl Queue {
    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The next piece, waiting for one when `wait`; `None` when closed (or none and no wait).
    fn take(&self, wait: bool) -> Option<Piece> {
        let mut s = self.lock();
        loop {
            if let Some(p) = s.pieces.pop_front() {
                self.changed.notify_all();
                return Some(p);
            }
            if s.closed || !wait {
                return None;
            }
            s = self.changed.wait(s).unwrap_or_else(|p| p.into_inner());
        }
    }

    /// One GPU fewer; after the last, everything queued is handed back.
    fn died(&self, why: &str) {
        let mut s = self.lock();
        s.alive -= 1;
        if s.alive == 0 {
            for piece in s.pieces.drain(..) {
                refuse(piece, why);
            }
        }
        self.changed.notify_all();
    }
}

fn refuse(piece: Piece, why: &str) {
    let reply = piece.reply.clone();
    let _ = reply.send(Done {
        piece,
        counts: Err(why.to_string()),
    });
}

/// The queue of one plan and the threads feeding its GPUs; dropping it stops them.
pub(crate) struct Feed {
    queue: Arc<Queue>,
    threads: Vec<JoinHandle<()>>,
}

impl Feed {
    /// Starts a thread for each GPU; their failures go to `health`.
    pub(crate) fn start(gpus: &[Arc<Gpu>], health: &Arc<Health>) -> Feed {
        let queue = Arc::new(Queue {
            state: Mutex::new(State {
                pieces: VecDeque::new(),
                alive: gpus.len(),
                closed: false,
            }),
            changed: Condvar::new(),
            room: gpus.len() + 1,
        });
        let threads = gpus
            .iter()
            .map(|gpu| {
                let (gpu, queue, health) =
                    (Arc::clone(gpu), Arc::clone(&queue), Arc::clone(health));
                std::thread::spawn(move || feed(&gpu, &queue, &health))
            })
            .collect();
        Feed { queue, threads }
    }

    /// Queues a piece, waiting while the queue is full; hands it back at once when no GPU is
    /// left to count it.
    pub(crate) fn offer(&self, piece: Piece) -> Result<(), Piece> {
        let q = &self.queue;
        let mut s = q.lock();
        while s.pieces.len() >= q.room && s.alive > 0 {
            s = q.changed.wait(s).unwrap_or_else(|p| p.into_inner());
        }
        if s.alive == 0 {
            return Err(piece);
        }
        s.pieces.push_back(piece);
        q.changed.notify_all();
        Ok(())
    }
}

impl Drop for Feed {
    fn drop(&mut self) {
        self.queue.lock().closed = true;
        self.queue.changed.notify_all();
        for t in self.threads.drain(..) {
            let _ = t.join();
        }
    }
}

/// A piece being counted: the counts so far, the tasks sent and the tasks done.
struct Work {
    piece: Piece,
    counts: Vec<Option<u64>>,
    sent: usize,
    done: usize,
}

/// A run in flight: the tasks of each piece it holds, oldest first.
struct Flight {
    parts: Vec<usize>,
    pending: Pending,
}

/// The tasks and layout records of one dispatch made of the tails and heads of several pieces:
/// each piece's records follow the ones before, so its tasks' record indices move by as many.
#[derive(Default)]
struct Joined {
    tasks: Vec<u8>,
    layouts: Vec<u8>,
    levels: u32,
    shared: Option<bool>,
}

impl Joined {
    fn add(&mut self, piece: &Piece, tasks: std::ops::Range<usize>) {
        let shift = (self.layouts.len() / (8 * STRIDE)) as u32;
        for t in tasks {
            let task = &piece.tasks[t * TASK_BYTES..(t + 1) * TASK_BYTES];
            self.tasks.extend_from_slice(&task[..12]);
            let tag = u32::from_le_bytes(task[12..].try_into().expect("four bytes"));
            self.tasks.extend_from_slice(&(tag + shift).to_le_bytes());
        }
        self.layouts.extend_from_slice(&piece.layouts);
        self.levels = self.levels.max(piece.levels);
        self.shared = self.shared.or(piece.shared);
    }
}

/// The thread of one GPU: takes pieces and runs them until the queue closes or the GPU fails.
/// A run takes as many tasks as the GPU's run size: the rest of one piece, several small pieces
/// together, or part of a large one.
fn feed(gpu: &Gpu, queue: &Queue, health: &Health) {
    let mut works: VecDeque<Work> = VecDeque::new();
    let mut flight: VecDeque<Flight> = VecDeque::new();
    let failure: String = 'run: loop {
        // Pieces no longer wanted (a stopped count) go back uncounted; none has tasks in flight.
        if flight.is_empty() {
            let wanted: VecDeque<Work> = works
                .drain(..)
                .filter_map(|w| {
                    if w.piece.abandoned() {
                        refuse(w.piece, "the count was stopped");
                        None
                    } else {
                        Some(w)
                    }
                })
                .collect();
            works = wanted;
        }
        // Fill the flight. A new piece is waited for only when the GPU would otherwise idle.
        while flight.is_empty() {
            let size = gpu.dispatch_tasks().max(1);
            let mut parts = Vec::new();
            let mut taken = 0;
            // The pieces of this dispatch, from the first with tasks left to send.
            let first = works.iter().position(|w| w.sent < w.piece.len());
            let mut at = first.unwrap_or(works.len());
            while taken < size {
                if at == works.len() {
                    let idle = flight.is_empty() && taken == 0;
                    match queue.take(idle) {
                        Some(piece) if piece.abandoned() => {
                            refuse(piece, "the count was stopped");
                            continue;
                        }
                        Some(piece) => works.push_back(Work {
                            counts: vec![None; piece.len()],
                            piece,
                            sent: 0,
                            done: 0,
                        }),
                        None => break,
                    }
                }
                let w = &works[at];
                let n = (w.piece.len() - w.sent).min(size - taken);
                parts.push(n);
                taken += n;
                at += 1;
            }
            if taken == 0 {
                break;
            }
            let first = first.unwrap_or(works.len() - parts.len());
            let submitted = if parts.len() == 1 {
                // One piece: its own buffers, without a copy.
                let w = &works[first];
                let tasks = &w.piece.tasks[w.sent * TASK_BYTES..(w.sent + parts[0]) * TASK_BYTES];
                gpu.submit(w.piece.levels, w.piece.shared, tasks, &w.piece.layouts)
            } else {
                let mut joined = Joined::default();
                for (i, &n) in parts.iter().enumerate() {
                    let w = &works[first + i];
                    joined.add(&w.piece, w.sent..w.sent + n);
                }
                gpu.submit(joined.levels, joined.shared, &joined.tasks, &joined.layouts)
            };
            match submitted {
                Ok(pending) => {
                    for (i, &n) in parts.iter().enumerate() {
                        works[first + i].sent += n;
                    }
                    flight.push_back(Flight { parts, pending });
                }
                Err(e) => break 'run e,
            }
        }
        // Nothing in flight: the queue is closed and every piece is done.
        let Some(f) = flight.pop_front() else {
            return;
        };
        // Dispatches finish in the order they were sent, and take the pieces' tasks in order,
        // so this one's tasks are the next ones to come back, from the oldest piece on.
        let first = works
            .iter()
            .position(|w| w.done < w.piece.len())
            .expect("the pieces of a dispatch");
        let flags: Vec<Arc<AtomicBool>> = works
            .iter()
            .skip(first)
            .take(f.parts.len())
            .map(|w| Arc::clone(&w.piece.abandon))
            .collect();
        let abandon = || flags.iter().all(|a| a.load(Ordering::Relaxed));
        let counts = match gpu.finish(f.pending, &abandon, &|tasks| health.finished(tasks)) {
            Ok(Some(counts)) => counts,
            // Every piece of the run was abandoned: they go back at the top of the loop.
            Ok(None) => continue,
            Err(e) => break 'run e,
        };
        let mut from = 0;
        for (w, n) in works.iter_mut().skip(first).zip(f.parts) {
            w.counts[w.done..w.done + n].copy_from_slice(&counts[from..from + n]);
            w.done += n;
            from += n;
        }
        while works.front().is_some_and(|w| w.done == w.piece.len()) {
            let w = works.pop_front().expect("a finished piece");
            let reply = w.piece.reply.clone();
            let _ = reply.send(Done {
                piece: w.piece,
                counts: Ok(w.counts),
            });
        }
    };
    let why = format!("GPU {} failed: {failure}", gpu.name);
    health.failed(why.clone());
    flight.clear();
    for w in works.drain(..) {
        refuse(w.piece, &why);
    }
    queue.died(&why);
}
