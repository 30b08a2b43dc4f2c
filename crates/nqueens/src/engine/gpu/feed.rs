//! Pieces of work queued for a plan's GPUs, and the thread that feeds each GPU.
//!
//! Work is shared by demand, not by fixed ratios: every GPU has a thread that takes the next
//! piece from one queue whenever its GPU has room, so a fast GPU takes more pieces than a slow
//! one and all of them finish together.
//!
//! Each thread keeps one *stream* on its GPU (see `device`): a ring of task slots that the same
//! GPU threads take tasks from, dispatch after dispatch, while this thread refills it. After
//! each group of dispatches it reads back the counts of the tasks it waits for, hands finished
//! pieces back, frees the slots whose counts it has read (oldest first) and puts the next tasks
//! there. So the GPU's threads run dry only when the whole count's tasks are taken, not at the
//! end of every batch: the tail where a few long tasks keep a few threads busy comes once per
//! count. Between two groups the thread also looks whether the pieces are still wanted, so
//! that a stopped count frees the GPU at once.
//!
//! A GPU that fails hands back its pieces with the error, and its thread ends; the others go on.
//! When none is left, every piece queued or offered is handed back at once, so nothing waits
//! for a GPU that will never come (the plan then counts them on the CPU).

use crate::engine::gpu::device::{FLIGHTS, Gpu, STREAM_TASKS, Stream};
use crate::engine::gpu::health::Health;
use crate::engine::gpu::tasks::{RECORD_BYTES, TASK_BYTES};
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

    /// Its layout records.
    fn records(&self) -> usize {
        self.layouts.len() / RECORD_BYTES
    }
}

/// A piece back from the GPUs: each task's count (`None` where the GPU did not finish it), or
/// why the piece was not counted.
pub(crate) struct Done {
    pub piece: Piece,
    pub counts: Result<Vec<Option<u64>>, String>,
}

/// How often a piece waiting for room in the queue looks whether its count was stopped.
const LOOK: std::time::Duration = std::time::Duration::from_millis(50);

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
    /// Starts a thread for each GPU, running its threads in workgroups of `workgroup` (`None`:
    /// the size chosen for the device); their failures go to `health`.
    pub(crate) fn start(gpus: &[Arc<Gpu>], health: &Arc<Health>, workgroup: Option<u32>) -> Feed {
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
                std::thread::spawn(move || feed(&gpu, &queue, &health, workgroup))
            })
            .collect();
        Feed { queue, threads }
    }

    /// Queues a piece, waiting while the queue is full; hands it back at once when no GPU is
    /// left to count it. `Ok(false)`: `stopped` said so while it waited, and the piece is
    /// dropped.
    pub(crate) fn offer(&self, piece: Piece, stopped: &dyn Fn() -> bool) -> Result<bool, Piece> {
        let q = &self.queue;
        let mut s = q.lock();
        while s.pieces.len() >= q.room && s.alive > 0 {
            if stopped() {
                return Ok(false);
            }
            s = q
                .changed
                .wait_timeout(s, LOOK)
                .unwrap_or_else(|p| p.into_inner())
                .0;
        }
        if s.alive == 0 {
            return Err(piece);
        }
        s.pieces.push_back(piece);
        q.changed.notify_all();
        Ok(true)
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

/// A piece in the stream: where its tasks went, and what came back for them.
struct Work {
    piece: Piece,
    /// The stream's number of the piece's task 0: its task i is task `first + i` of the
    /// stream. (After a new stream began, the tasks before `sent` are all back.)
    first: i64,
    /// Tasks put in the ring.
    sent: usize,
    /// The ring slot of its first layout record, once they are put there, and the stream's
    /// number of the record after its last (its records are freed with it).
    records: Option<usize>,
    records_end: u64,
    /// Per task: `None` while waiting; then its count, or `Some(None)` for a task the device
    /// never finished (counted on the CPU).
    got: Vec<Option<Option<u64>>>,
    /// Tasks back.
    back: usize,
}

impl Work {
    fn new(piece: Piece) -> Work {
        Work {
            got: vec![None; piece.len()],
            piece,
            first: 0,
            sent: 0,
            records: None,
            records_end: 0,
            back: 0,
        }
    }
}

/// One GPU's stream and the pieces in it, oldest first.
struct Streamer<'a> {
    gpu: &'a Gpu,
    health: &'a Health,
    /// The workgroup the count fixed; `None`: the device's own.
    workgroup: Option<u32>,
    stream: Option<Stream>,
    works: VecDeque<Work>,
    /// Tasks put in the stream, taken by its threads (at the last read-back), and back (their
    /// counts read, or known never to come).
    put: u64,
    taken: u64,
    back: u64,
    /// Reports: read, asked for in a read-back, and known written.
    read: u64,
    asked: u64,
    written: u64,
    /// Layout records put (with the slots skipped to keep a piece's records together), and
    /// freed, in the stream's numbers.
    records_put: u64,
    records_freed: u64,
    /// Per group in flight: the tasks its threads could take.
    available: VecDeque<u64>,
    /// Once the reports up to the first are read, the tasks below the second that have not
    /// reported never will (a device that ended their threads' loops early).
    lost: Option<(u64, u64)>,
    /// A piece waits for a new stream (its records or its stack do not fit this one, or this
    /// one has taken all the tasks it may).
    blocked: bool,
}

impl<'a> Streamer<'a> {
    fn new(gpu: &'a Gpu, health: &'a Health, workgroup: Option<u32>) -> Streamer<'a> {
        Streamer {
            gpu,
            health,
            workgroup,
            stream: None,
            works: VecDeque::new(),
            put: 0,
            taken: 0,
            back: 0,
            read: 0,
            asked: 0,
            written: 0,
            records_put: 0,
            records_freed: 0,
            available: VecDeque::new(),
            lost: None,
            blocked: false,
        }
    }

    /// Nothing to count, nothing in flight.
    fn idle(&self) -> bool {
        self.works.is_empty() && self.available.is_empty()
    }

    /// Fewer tasks are waiting here to go into the ring than the ring holds: a new piece is
    /// welcome, so that the ring never waits for one.
    fn wants_more(&self) -> bool {
        let unsent: usize = self.works.iter().map(|w| w.piece.len() - w.sent).sum();
        unsent < self.stream.as_ref().map_or(1, |s| s.slots())
    }

    /// Puts as many waiting tasks in the ring as it has room for, oldest piece first, starting
    /// a stream when there is none.
    fn fill(&mut self) -> Result<(), String> {
        let Some(at) = self.works.iter().position(|w| w.sent < w.piece.len()) else {
            return Ok(());
        };
        if self.stream.is_none() {
            let rest = self.works.range(at..);
            let levels = rest.clone().map(|w| w.piece.levels).max().unwrap_or(1);
            let records = rest.map(|w| w.piece.records()).max().unwrap_or(1);
            self.stream = Some(self.gpu.stream(levels, self.workgroup, records)?);
            self.blocked = false;
        }
        let stream = self.stream.as_ref().expect("a stream");
        let (slots, record_slots) = (stream.slots() as u64, stream.record_slots());
        for w in self.works.range_mut(at..) {
            if w.piece.levels > stream.levels() || w.piece.records() > record_slots {
                self.blocked = true;
                return Ok(());
            }
            if w.records.is_none() {
                if self.records_put == self.records_freed {
                    // No record in use: the next piece's start at slot 0.
                    let start = self.records_put.next_multiple_of(record_slots as u64);
                    (self.records_put, self.records_freed) = (start, start);
                }
                let n = w.piece.records() as u64;
                // A piece's records lie together: slots left before the ring's end are skipped.
                let slot = (self.records_put % record_slots as u64) as usize;
                let skip = if slot as u64 + n > record_slots as u64 {
                    (record_slots - slot) as u64
                } else {
                    0
                };
                if self.records_put + skip + n - self.records_freed > record_slots as u64 {
                    return Ok(());
                }
                self.records_put += skip;
                let slot = (self.records_put % record_slots as u64) as usize;
                self.gpu.put_records(stream, slot, &w.piece.layouts)?;
                self.records_put += n;
                w.records = Some(slot);
                w.records_end = self.records_put;
            }
            // A slot is free once its task is taken; a task goes out only with a report slot
            // that no unread report holds.
            let room = (slots - (self.put - self.taken)).min(slots - (self.put - self.read));
            let left = STREAM_TASKS - self.put;
            let take = ((w.piece.len() - w.sent) as u64).min(room).min(left) as usize;
            if take == 0 {
                self.blocked |= left == 0;
                return Ok(());
            }
            // Each task names its record by its slot in the ring.
            let shift = w.records.expect("records put") as u32;
            let mut tasks = Vec::with_capacity(take * TASK_BYTES);
            for task in w.piece.tasks[w.sent * TASK_BYTES..(w.sent + take) * TASK_BYTES]
                .chunks_exact(TASK_BYTES)
            {
                tasks.extend_from_slice(&task[..12]);
                let tag = u32::from_le_bytes(task[12..].try_into().expect("four bytes"));
                tasks.extend_from_slice(&(tag + shift).to_le_bytes());
            }
            self.gpu.put_tasks(stream, self.put, &tasks)?;
            w.first = self.put as i64 - w.sent as i64;
            w.sent += take;
            self.put += take as u64;
        }
        Ok(())
    }

    /// Sends groups of dispatches while tasks are out or reports are to be read, and fewer
    /// than [`FLIGHTS`] are in flight.
    fn send(&mut self) -> Result<(), String> {
        let Some(stream) = self.stream.as_mut() else {
            return Ok(());
        };
        while self.available.len() < FLIGHTS && (self.back < self.put || self.asked < self.written)
        {
            let len = (self.written - self.asked).min(stream.slots() as u64) as usize;
            self.gpu.send(stream, self.put, self.asked, len)?;
            self.asked += len as u64;
            self.available.push_back(self.put);
        }
        Ok(())
    }

    /// Reads back the oldest group in flight: the counts that came, the pieces finished.
    fn receive(&mut self) -> Result<(), String> {
        let stream = self.stream.as_mut().expect("a stream in flight");
        let back = self.gpu.receive(stream)?;
        let available = self.available.pop_front().expect("a group in flight");
        self.taken = self.taken.max(back.taken.min(self.put));
        self.written = self.written.max(back.written);
        self.read += back.reports.len() as u64;
        let mut fresh = 0;
        for &(t, count) in &back.reports {
            fresh += self.record(t, Some(count));
        }
        // Every thread idle, and every task it could take taken: the tasks below that have not
        // reported by the last report written never will.
        if back.at_work == 0 && back.taken >= available {
            self.lost = Some((back.written, available));
        }
        if let Some((_, below)) = self.lost.filter(|&(written, _)| self.read >= written) {
            self.lost = None;
            let missing: Vec<u64> = self
                .works
                .iter()
                .filter(|w| w.sent > 0)
                .flat_map(|w| {
                    (0..w.sent)
                        .filter(|&t| w.got[t].is_none())
                        .map(move |t| (w.first + t as i64) as u64)
                })
                .filter(|&g| g < below)
                .collect();
            for g in missing {
                fresh += self.record(g, None);
            }
        }
        self.health.finished(fresh);
        self.deliver();
        Ok(())
    }

    /// Records what came back for task `g` of the stream: its count, or `None` for a task that
    /// never will; returns 1 if it had not come back before.
    fn record(&mut self, g: u64, count: Option<u64>) -> u64 {
        let g = g as i64;
        // The pieces in the ring are few (it holds a few pieces' tasks).
        let Some(w) = self
            .works
            .iter_mut()
            .find(|w| w.first <= g && g < w.first + w.sent as i64)
        else {
            return 0;
        };
        let t = g - w.first;
        if w.got[t as usize].is_some() {
            return 0;
        }
        w.got[t as usize] = Some(count);
        w.back += 1;
        self.back += 1;
        1
    }

    /// Hands back the pieces whose counts are all back, oldest first, freeing their records.
    fn deliver(&mut self) {
        while self.works.front().is_some_and(|w| w.back == w.piece.len()) {
            let w = self.works.pop_front().expect("a finished piece");
            self.records_freed = self.records_freed.max(w.records_end);
            let reply = w.piece.reply.clone();
            let _ = reply.send(Done {
                piece: w.piece,
                counts: Ok(w.got.into_iter().map(Option::flatten).collect()),
            });
        }
    }

    /// Ends the stream (its threads and counters start afresh in the next); the pieces keep
    /// what came back.
    fn end_stream(&mut self) {
        if let Some(stream) = self.stream.take() {
            self.gpu.end(stream);
        }
        self.available.clear();
        for w in &mut self.works {
            w.first = -(w.sent as i64);
            w.records = None;
        }
        (self.put, self.taken, self.back) = (0, 0, 0);
        (self.read, self.asked, self.written) = (0, 0, 0);
        (self.records_put, self.records_freed) = (0, 0);
        self.lost = None;
        self.blocked = false;
    }

    /// When every piece here is abandoned (a stopped count): ends the stream and hands them
    /// back uncounted.
    fn drop_abandoned(&mut self) -> bool {
        if self.works.is_empty() || !self.works.iter().all(|w| w.piece.abandoned()) {
            return false;
        }
        self.end_stream();
        for w in self.works.drain(..) {
            refuse(w.piece, "the count was stopped");
        }
        true
    }

    /// One round: pieces no longer wanted dropped, the ring refilled, groups sent, and the
    /// oldest group read back (or a new stream begun for a piece that needs one).
    fn round(&mut self) -> Result<(), String> {
        if self.drop_abandoned() {
            return Ok(());
        }
        self.fill()?;
        self.send()?;
        if !self.available.is_empty() {
            return self.receive();
        }
        if self.blocked && self.back == self.put {
            // Everything in this stream is back; the next piece needs another.
            self.end_stream();
        }
        Ok(())
    }

    /// Hands every piece back with `why`, ending the stream.
    fn fail(&mut self, why: &str) {
        self.stream = None;
        self.available.clear();
        for w in self.works.drain(..) {
            refuse(w.piece, why);
        }
    }
}

impl Drop for Streamer<'_> {
    fn drop(&mut self) {
        if let Some(stream) = self.stream.take() {
            self.gpu.end(stream);
        }
    }
}

/// The thread of one GPU: takes pieces and streams their tasks until the queue closes or the
/// GPU fails.
fn feed(gpu: &Gpu, queue: &Queue, health: &Health, workgroup: Option<u32>) {
    let mut streamer = Streamer::new(gpu, health, workgroup);
    let failure = loop {
        // New pieces while the ring could use them; waiting for one only when idle.
        while streamer.idle() || streamer.wants_more() {
            match queue.take(streamer.idle()) {
                Some(piece) if piece.abandoned() => refuse(piece, "the count was stopped"),
                Some(piece) => streamer.works.push_back(Work::new(piece)),
                None => break,
            }
        }
        if streamer.idle() {
            // The queue is closed and every piece is back.
            return;
        }
        if let Err(e) = streamer.round() {
            break e;
        }
    };
    let why = format!("GPU {} failed: {failure}", gpu.name);
    health.failed(why.clone());
    streamer.fail(&why);
    queue.died(&why);
}

/// Counts the tasks of one piece on `gpu` through a stream of its own, and returns each task's
/// count (`None` where the device did not finish it), in workgroups of `workgroup` threads
/// (`None`: the device's own): the device's proof, and tests.
pub(crate) fn count_alone(
    gpu: &Gpu,
    tasks: Vec<u8>,
    layouts: Vec<u8>,
    levels: u32,
    workgroup: Option<u32>,
) -> Result<Vec<Option<u64>>, String> {
    let (reply, answer) = mpsc::channel();
    let health = Health::default();
    let mut streamer = Streamer::new(gpu, &health, workgroup);
    streamer.works.push_back(Work::new(Piece {
        tasks,
        layouts,
        levels,
        id: 0,
        abandon: Arc::new(AtomicBool::new(false)),
        reply,
    }));
    while !streamer.idle() {
        streamer.round()?;
    }
    let done = answer.recv().map_err(|e| e.to_string())?;
    done.counts
}
