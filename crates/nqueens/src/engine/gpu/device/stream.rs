//! A stream of tasks on a GPU: the ring of task slots that the host refills while the same
//! threads take tasks from it, the ring of reports, and the groups of dispatches kept in flight
//! so that the GPU never waits for the host to read one back.

use super::gpu::{Gpu, Kernel, Ring};
use super::pipeline::SAVED_ROW_BYTES;
use crate::engine::gpu::tasks::{RECORD_BYTES, TASK_BYTES};
use std::sync::atomic::Ordering;
use std::sync::{Arc, mpsc};
use std::time::Instant;

/// Task slots of a stream's ring on a GPU (64 MiB of tasks, within every device's buffer
/// limits), and on a software device, which counts some thousand times slower: there a small
/// ring keeps short the time a stop waits for.
const RING_TASKS: usize = 1 << 22;
const SOFTWARE_RING_TASKS: usize = 1 << 12;
/// Layout records a ring holds at first; a piece that needs more gets a larger ring.
const RING_RECORDS: usize = 1 << 12;
/// Tasks a stream takes in all before it ends and the next one begins: the shader numbers them
/// in 32-bit words, and the counter may pass the last by as many as there are threads.
pub(crate) const STREAM_TASKS: u64 = 1 << 31;
/// Dispatches sent together, before the host reads back what they did.
const GROUP: usize = 2;
/// Groups in flight at once: the next is on its way while the host reads the last back.
pub(crate) const FLIGHTS: usize = 2;

/// A stream of tasks on a GPU: its rings, its shader, and the groups of dispatches in flight.
///
/// Task t of a stream (numbered from 0 as they are put in) sits in slot t mod the ring's slots
/// until a thread takes it; report r (numbered as tasks finish) in slot r mod as many. The host
/// ([`crate::engine::gpu::feed`]) puts a task only in a slot whose task is taken, and lets no
/// more tasks out than there are report slots for.
pub(crate) struct Stream {
    ring: Ring,
    kernel: Arc<Kernel>,
    bind: wgpu::BindGroup,
    groups: u32,
    /// Commands to run before the first dispatches: clearing the counters and the saved walks.
    prelude: Option<wgpu::CommandEncoder>,
    flights: std::collections::VecDeque<Flight>,
    /// The staging buffer of the next flight.
    next: usize,
    /// When the last read-back came: the next group ran from then, or from when it was sent.
    last: Option<Instant>,
}

/// A group of dispatches submitted, with the read-back after it: the counters, and `len`
/// reports.
struct Flight {
    index: wgpu::SubmissionIndex,
    mapped: mpsc::Receiver<Result<(), wgpu::BufferAsyncError>>,
    submitted: Instant,
    staging: usize,
    len: usize,
    /// Turns per dispatch it ran with.
    budget: u32,
}

/// What a group of dispatches left: the tasks taken so far, the threads still walking one, the
/// reports written so far, and the reports asked for when it was sent: (task, count) each.
pub(crate) struct Readback {
    pub taken: u64,
    pub at_work: u32,
    pub written: u64,
    pub reports: Vec<(u64, u64)>,
}

impl Stream {
    /// Task slots of the ring.
    pub(crate) fn slots(&self) -> usize {
        self.ring.slots
    }

    /// Layout record slots of the ring.
    pub(crate) fn record_slots(&self) -> usize {
        self.ring.record_slots
    }

    /// Rows of stack its threads have.
    pub(crate) fn levels(&self) -> u32 {
        self.kernel.levels
    }
}

impl Gpu {
    /// Starts a stream whose threads have `levels` rows of stack, in workgroups of `workgroup`
    /// threads (`None`: the size chosen for the device), and whose ring holds at least
    /// `records` layout records. The ring's buffers are a kept set large enough, or new ones.
    pub(crate) fn stream(
        &self,
        levels: u32,
        workgroup: Option<u32>,
        records: usize,
    ) -> Result<Stream, String> {
        if let Some(t) = self.trouble() {
            return Err(t);
        }
        let kernel = self.kernel(levels, workgroup)?;
        let threads = self.threads(&kernel);
        let groups = threads
            .div_ceil(kernel.workgroup)
            .min(self.limits.max_compute_workgroups_per_dimension);
        let invocations = groups as u64 * kernel.workgroup as u64;
        let saved_bytes = invocations * (3 + kernel.levels as u64) * SAVED_ROW_BYTES as u64;
        let slots = if self.software {
            SOFTWARE_RING_TASKS
        } else {
            RING_TASKS
        };
        let record_slots = records.next_power_of_two().max(RING_RECORDS);
        let ring = self.ring(slots, record_slots, saved_bytes)?;
        let (bind, prelude) = self.checked(|| {
            let buffers = [
                &ring.tasks,
                &ring.records,
                &ring.done,
                &ring.counters,
                &ring.params,
                &ring.saved,
            ];
            let bind = self.bind(&kernel.layout, &buffers);
            let mut encoder = self.device.create_command_encoder(&Default::default());
            // Cleared walks are threads without a task.
            encoder.clear_buffer(&ring.counters, 0, None);
            encoder.clear_buffer(&ring.saved, 0, Some(saved_bytes));
            (bind, encoder)
        })?;
        Ok(Stream {
            ring,
            kernel,
            bind,
            groups,
            prelude: Some(prelude),
            flights: Default::default(),
            next: 0,
            last: None,
        })
    }

    /// Buffers for a ring of `slots` tasks and `record_slots` records, with `saved_bytes` of
    /// saved walks: a kept set that is large enough, or a new one.
    fn ring(&self, slots: usize, record_slots: usize, saved_bytes: u64) -> Result<Ring, String> {
        {
            let mut rings = self.rings.lock().unwrap_or_else(|p| p.into_inner());
            if let Some(at) = rings.iter().position(|r| {
                r.slots == slots && r.record_slots >= record_slots && r.saved_bytes >= saved_bytes
            }) {
                return Ok(rings.swap_remove(at));
            }
            // A set too small for this stream is dropped: its replacement holds both.
            rings.clear();
        }
        use wgpu::BufferUsages as U;
        let reports = slots as u64 * 16;
        let record_bytes = (record_slots * RECORD_BYTES) as u64;
        self.checked(|| Ring {
            tasks: self.buffer(
                "tasks",
                (slots * TASK_BYTES) as u64,
                U::STORAGE | U::COPY_DST,
            ),
            records: self.buffer("records", record_bytes, U::STORAGE | U::COPY_DST),
            done: self.buffer("done", reports, U::STORAGE | U::COPY_SRC),
            counters: self.buffer("counters", 16, U::STORAGE | U::COPY_SRC | U::COPY_DST),
            params: self.buffer("params", 16, U::UNIFORM | U::COPY_DST),
            saved: self.buffer("saved", saved_bytes, U::STORAGE | U::COPY_DST),
            staging: (0..FLIGHTS)
                .map(|_| self.buffer("staging", 16 + reports, U::MAP_READ | U::COPY_DST))
                .collect(),
            slots,
            record_slots,
            saved_bytes,
        })
    }

    /// Puts tasks ([`TASK_BYTES`] each, their record indices already slots of the ring) in the
    /// ring from task `first` on. Their slots' last tasks must be taken.
    pub(crate) fn put_tasks(&self, s: &Stream, first: u64, tasks: &[u8]) -> Result<(), String> {
        let count = tasks.len() / TASK_BYTES;
        debug_assert!(count <= s.ring.slots);
        let at = (first % s.ring.slots as u64) as usize;
        let head = count.min(s.ring.slots - at);
        self.checked(|| {
            let (front, back) = tasks.split_at(head * TASK_BYTES);
            let q = &self.queue;
            q.write_buffer(&s.ring.tasks, (at * TASK_BYTES) as u64, front);
            if !back.is_empty() {
                q.write_buffer(&s.ring.tasks, 0, back);
            }
        })
    }

    /// Puts layout records in the ring from record slot `slot` on (they must fit before its
    /// end).
    pub(crate) fn put_records(
        &self,
        s: &Stream,
        slot: usize,
        records: &[u8],
    ) -> Result<(), String> {
        debug_assert!(slot * RECORD_BYTES + records.len() <= s.ring.record_slots * RECORD_BYTES);
        self.checked(|| {
            self.queue
                .write_buffer(&s.ring.records, (slot * RECORD_BYTES) as u64, records)
        })
    }

    /// Sends a group of dispatches in which threads may take the tasks below `available`, and
    /// the read-back after it of the counters and of `len` reports from report `from` (written
    /// before the group, and not yet overwritten: the host lets out no more tasks than there are
    /// report slots for).
    pub(crate) fn send(
        &self,
        s: &mut Stream,
        available: u64,
        from: u64,
        len: usize,
    ) -> Result<(), String> {
        debug_assert!(s.flights.len() < FLIGHTS && len <= s.ring.slots);
        debug_assert!(available <= STREAM_TASKS);
        let budget = self.budget.load(Ordering::Relaxed);
        let staging = s.next;
        let (tx, rx) = mpsc::channel();
        let prelude = s.prelude.take();
        let index = self.checked(|| {
            let ring = &s.ring;
            let mut params = [0u8; 16];
            params[..4].copy_from_slice(&(available as u32).to_le_bytes());
            params[4..8].copy_from_slice(&(ring.slots as u32 - 1).to_le_bytes());
            params[8..12].copy_from_slice(&budget.to_le_bytes());
            self.queue.write_buffer(&ring.params, 0, &params);
            let mut encoder =
                prelude.unwrap_or_else(|| self.device.create_command_encoder(&Default::default()));
            for _ in 0..GROUP {
                // The threads still at work are counted anew by each dispatch.
                encoder.clear_buffer(&ring.counters, 4, Some(4));
                let mut pass = encoder.begin_compute_pass(&Default::default());
                pass.set_pipeline(&s.kernel.pipeline);
                pass.set_bind_group(0, &s.bind, &[]);
                pass.dispatch_workgroups(s.groups, 1, 1);
            }
            let out = &ring.staging[staging];
            encoder.copy_buffer_to_buffer(&ring.counters, 0, out, 0, 16);
            let at = (from % ring.slots as u64) as usize;
            let head = len.min(ring.slots - at);
            if head > 0 {
                encoder.copy_buffer_to_buffer(
                    &ring.done,
                    at as u64 * 16,
                    out,
                    16,
                    head as u64 * 16,
                );
            }
            if len > head {
                let rest = (len - head) as u64 * 16;
                encoder.copy_buffer_to_buffer(&ring.done, 0, out, 16 + head as u64 * 16, rest);
            }
            let index = self.queue.submit([encoder.finish()]);
            out.map_async(wgpu::MapMode::Read, ..16 + len as u64 * 16, move |r| {
                let _ = tx.send(r);
            });
            index
        })?;
        s.next = (staging + 1) % FLIGHTS;
        s.flights.push_back(Flight {
            index,
            mapped: rx,
            submitted: Instant::now(),
            staging,
            len,
            budget,
        });
        Ok(())
    }

    /// Waits for the oldest group in flight and reads back what it left.
    pub(crate) fn receive(&self, s: &mut Stream) -> Result<Readback, String> {
        let f = s
            .flights
            .pop_front()
            .ok_or("a read-back without dispatches in flight")?;
        self.wait(f.index, &f.mapped)?;
        let now = Instant::now();
        // The group ran from when it was sent, or, if one was running then, from its end.
        let began = s.last.map_or(f.submitted, |l| l.max(f.submitted));
        s.last = Some(now);
        let seconds = now.duration_since(began).as_secs_f64();
        let out = &s.ring.staging[f.staging];
        let back = {
            let view = out
                .get_mapped_range(..16 + f.len as u64 * 16)
                .map_err(|e| e.to_string())?;
            let word = |w: &[u8]| u32::from_le_bytes(w.try_into().expect("four bytes"));
            // The counters count since the stream began, which stays below 2^31 tasks.
            let reports = view[16..]
                .chunks_exact(16)
                .map(|r| {
                    let count = ((word(&r[8..12]) as u64) << 32) | word(&r[4..8]) as u64;
                    (word(&r[..4]) as u64, count)
                })
                .collect();
            Readback {
                taken: word(&view[..4]) as u64,
                at_work: word(&view[4..8]),
                written: word(&view[8..12]) as u64,
                reports,
            }
        };
        out.unmap();
        // A group in which most threads had no task ends early, which says little of how long a
        // busy one takes: it may shorten the next dispatches, never lengthen them.
        let busy = back.at_work as u64 * 2 >= s.groups as u64 * s.kernel.workgroup as u64;
        self.learn(f.budget, GROUP, seconds, busy);
        Ok(back)
    }

    /// Ends a stream: waits for what is still in flight and keeps its buffers for the next.
    pub(crate) fn end(&self, mut s: Stream) {
        while !s.flights.is_empty() {
            if self.receive(&mut s).is_err() {
                // A device that failed keeps no buffers.
                return;
            }
        }
        self.rings
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .push(s.ring);
    }
}
