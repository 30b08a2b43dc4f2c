//! `count --mpi`: one count spread over the processes (ranks) of an MPI job.
//!
//! Every rank starts on its *opening share* of the subproblems (see the `schedule` module), which
//! is known before the ranks have talked to each other. That matters because starting MPI takes
//! a noticeable fraction of a second (Open MPI probes its transports), mostly waiting: the
//! launcher already tells each process its rank and the job's size in the environment, so each
//! rank counts its share while MPI starts. Once MPI is up, a rank whose guess matches its real
//! rank and size claims its share in its first message; rank 0 hands out the shares nobody
//! claimed like any other chunk, so a wrong or missing guess costs time, never a wrong count.
//!
//! Rank 0 then hands out the rest of the list in chunks on request. Every other rank asks for
//! its next chunk as soon as it starts the current one, sending along the count of the chunk
//! before; the answer is then waiting when the current chunk is done, and no rank idles for a
//! round trip.
//!
//! Rank 0 counts chunks too, on a thread of its own, so P processes give P counting cores. Its
//! main thread serves requests, and waits between them by sleeping rather than in a blocking
//! receive: Open MPI's blocking calls poll without pause and would burn the very core that the
//! counting thread needs.
//!
//! Open MPI's processes talk to their launcher over TCP on the loopback interface, with Nagle's
//! algorithm on. At the end of the job `MPI_Finalize` sends it a few small messages in a row; the
//! second waits until the launcher acknowledges the first, and Linux delays that acknowledgement
//! by 40 ms. Every rank therefore turns Nagle off on its loopback TCP links once MPI is up, which
//! shortens the finalize from about 45 ms to about 4 ms and changes nothing else.
//!
//! Messages are arrays of u64. Counts (u128) travel as two halves; each message also carries
//! the plan's fingerprint, so ranks that built different splits (another version of the
//! program on some node) stop the job instead of adding unrelated numbers.

use super::schedule::{Chunk, Dispenser};
use crate::Failure;
use mpi::Threading;
use mpi::traits::*;
use nqueens::{Counts, Plan, SymmetryClasses};
use rayon::prelude::*;
use std::sync::Mutex;
use std::thread::ScopedJoinHandle;
use std::time::Duration;

/// A worker's first message: a request, and whether it counted its opening share.
const HELLO: i32 = 0;
/// A worker's count of its last chunk, and a request for the next.
const REQUEST: i32 = 1;
/// A worker's count of its last chunk; it asks for nothing more.
const FINAL: i32 = 2;
/// Rank 0's answer: `[start, end, step]` of the next chunk, empty when the list is used up.
const CHUNK: i32 = 3;

/// The flag of a HELLO message saying that the sender counted its opening share.
const CLAIMED: u64 = 4;

/// How long rank 0's serving thread sleeps when no message is waiting: from the shortest pause,
/// right after a message, doubling while none comes, up to the longest. Workers ask ahead of
/// need, so the delay is hidden behind their counting; requests come often only when chunks
/// are short, and then the pause stays short too, while long chunks cost few wake-ups of the
/// core that rank 0 counts on.
const POLL_SHORTEST: Duration = Duration::from_micros(100);
const POLL_LONGEST: Duration = Duration::from_millis(10);

/// The rank and job size that the launcher put in the environment, before MPI is started:
/// Open MPI's `mpirun`, then the PMI variables of MPICH's Hydra and of Slurm's `srun`.
fn launcher_rank() -> Option<(usize, usize)> {
    let var = |name: &str| std::env::var(name).ok()?.trim().parse::<usize>().ok();
    [
        ("OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE"),
        ("PMI_RANK", "PMI_SIZE"),
        ("SLURM_PROCID", "SLURM_NTASKS"),
    ]
    .into_iter()
    .find_map(|(rank, size)| Some((var(rank)?, var(size)?)))
    .filter(|&(rank, size)| rank < size)
}

/// Counts `plan` over every rank of the MPI job. Rank 0 returns the total, the number of
/// processes and the threads per process; the other ranks return `None`.
///
/// Started without `mpirun`, the program is a job of one process and counts alone, on every
/// core unless `threads` says otherwise.
pub fn count(
    plan: &dyn Plan,
    threads: Option<usize>,
) -> Result<Option<(Counts, usize, usize)>, Failure> {
    let guess = launcher_rank().filter(|&(_, size)| size > 1);
    // One process per core is the usual MPI layout, hence one thread unless told otherwise.
    let per_rank = threads.unwrap_or(1);
    let counter = ChunkCounter::new(plan, per_rank)?;
    std::thread::scope(|scope| {
        let opening = guess.map(|(rank, size)| {
            let share = Dispenser::new(plan.len(), size).opening(rank);
            let counter = &counter;
            let handle = scope.spawn(move || counter.count(share));
            (rank, size, handle)
        });
        // Only the main thread calls MPI; the counting threads never do.
        let (universe, _level) = mpi::initialize_with_threading(Threading::Funneled)
            .ok_or_else(|| Failure::usage("MPI could not be started"))?;
        no_delay_on_loopback();
        let world = universe.world();
        let size = world.size() as usize;
        let rank = world.rank() as usize;
        // The opening share counts only where the guess was right; otherwise the thread's work
        // is dropped and rank 0 hands the share out again.
        let opening = opening
            .filter(|&(r, s, _)| (r, s) == (rank, size))
            .map(|(_, _, handle)| handle);
        if size == 1 {
            let threads = threads.unwrap_or(0);
            let all: Vec<usize> = (0..plan.len()).collect();
            let counts = nqueens::plan::run(plan, &all, threads, &nqueens::plan::NoProgress);
            return Ok(Some((counts, 1, threads)));
        }
        if rank == 0 {
            let counts = serve(plan, &world, size, &counter, opening);
            Ok(Some((counts, size, per_rank)))
        } else {
            work(plan, &world, &counter, opening);
            Ok(None)
        }
    })
}

/// Sets `TCP_NODELAY` on every TCP socket of this process that is connected to a loopback
/// address: the links the MPI runtime opened to its local launcher (see the module comment).
/// Links to other machines are left as the runtime made them; errors are ignored, since the
/// only cost of a socket left alone is time.
#[cfg(target_os = "linux")]
fn no_delay_on_loopback() {
    let Ok(fds) = std::fs::read_dir("/proc/self/fd") else {
        return;
    };
    let fds = fds.filter_map(|e| e.ok()?.file_name().to_str()?.parse::<libc::c_int>().ok());
    for fd in fds.filter(|&fd| fd > 2) {
        if loopback_tcp_peer(fd) {
            let on: libc::c_int = 1;
            // SAFETY: the option value is a live c_int of the size given; on an fd that has
            // closed or changed since, the call fails or sets a harmless option.
            unsafe {
                libc::setsockopt(
                    fd,
                    libc::IPPROTO_TCP,
                    libc::TCP_NODELAY,
                    (&on as *const libc::c_int).cast(),
                    size_of::<libc::c_int>() as libc::socklen_t,
                );
            }
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn no_delay_on_loopback() {}

/// Whether `fd` is a stream socket whose peer is a loopback address (127.0.0.0/8 or ::1, also
/// as an IPv4-mapped IPv6 address).
#[cfg(target_os = "linux")]
fn loopback_tcp_peer(fd: libc::c_int) -> bool {
    use std::net::{Ipv4Addr, Ipv6Addr};
    let mut kind: libc::c_int = 0;
    let mut len = size_of::<libc::c_int>() as libc::socklen_t;
    // SAFETY: `kind` and `len` are live and `len` gives the size of `kind`.
    let got = unsafe {
        libc::getsockopt(
            fd,
            libc::SOL_SOCKET,
            libc::SO_TYPE,
            (&mut kind as *mut libc::c_int).cast(),
            &mut len,
        )
    };
    if got != 0 || kind != libc::SOCK_STREAM {
        return false;
    }
    // SAFETY: all zeros is a valid sockaddr_storage (a plain C struct).
    let mut peer: libc::sockaddr_storage = unsafe { std::mem::zeroed() };
    let mut len = size_of::<libc::sockaddr_storage>() as libc::socklen_t;
    // SAFETY: `len` gives the size of `peer`, and the kernel writes at most that much.
    if unsafe {
        libc::getpeername(
            fd,
            (&mut peer as *mut libc::sockaddr_storage).cast(),
            &mut len,
        )
    } != 0
    {
        return false;
    }
    match peer.ss_family as libc::c_int {
        libc::AF_INET => {
            // SAFETY: the family says the storage holds a sockaddr_in.
            let v4 =
                unsafe { &*(&peer as *const libc::sockaddr_storage).cast::<libc::sockaddr_in>() };
            Ipv4Addr::from(u32::from_be(v4.sin_addr.s_addr)).is_loopback()
        }
        libc::AF_INET6 => {
            // SAFETY: the family says the storage holds a sockaddr_in6.
            let v6 =
                unsafe { &*(&peer as *const libc::sockaddr_storage).cast::<libc::sockaddr_in6>() };
            let ip = Ipv6Addr::from(v6.sin6_addr.s6_addr);
            ip.is_loopback() || ip.to_ipv4_mapped().is_some_and(|v4| v4.is_loopback())
        }
        _ => false,
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

    fn count(&self, chunk: Chunk) -> Counts {
        let plan = self.plan;
        match &self.pool {
            None => chunk
                .indices()
                .fold(plan.zero(), |a, i| a + plan.count_one(i)),
            Some(pool) => pool.install(|| {
                (0..chunk.len())
                    .into_par_iter()
                    .with_max_len(1)
                    .map(|k| plan.count_one(chunk.start + k * chunk.step))
                    .reduce(|| plan.zero(), |a, b| a + b)
            }),
        }
    }
}

/// The count of a finished counting thread, passing on its panic if it had one.
fn join(handle: ScopedJoinHandle<'_, Counts>) -> Counts {
    handle
        .join()
        .unwrap_or_else(|p| std::panic::resume_unwind(p))
}

/// Rank 0: counts on a thread of its own while serving the other ranks' requests. `opening` is
/// its own opening share, still being counted, when it guessed its rank right.
fn serve(
    plan: &dyn Plan,
    world: &mpi::topology::SimpleCommunicator,
    size: usize,
    counter: &ChunkCounter,
    opening: Option<ScopedJoinHandle<'_, Counts>>,
) -> Counts {
    let mut dispenser = Dispenser::new(plan.len(), size);
    if opening.is_none() {
        dispenser.hand_back(0);
    }
    let dispenser = Mutex::new(dispenser);
    let lock = || dispenser.lock().unwrap_or_else(|p| p.into_inner());
    let take = || lock().take();
    let count_rest = |mut sum: Counts| loop {
        let chunk = take();
        if chunk.is_empty() {
            return sum;
        }
        sum += counter.count(chunk);
    };
    std::thread::scope(|scope| {
        let local = scope.spawn(|| count_rest(opening.map_or(plan.zero(), join)));
        let mut sum = plan.zero();
        let mut finished = 0;
        let mut pause = POLL_SHORTEST;
        while finished < size - 1 {
            let Some(matched) = world.any_process().immediate_matched_probe() else {
                std::thread::sleep(pause);
                pause = (pause * 2).min(POLL_LONGEST);
                continue;
            };
            pause = POLL_SHORTEST;
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
            if status.tag() == HELLO && data[2] & CLAIMED == 0 {
                lock().hand_back(from as usize);
            }
            if status.tag() == FINAL {
                finished += 1;
            } else {
                let c = take();
                world
                    .process_at_rank(from)
                    .send_with_tag(&[c.start as u64, c.end as u64, c.step as u64][..], CHUNK);
            }
        }
        // A share handed back after the counting thread ran out of work is counted here.
        let sum = count_rest(sum);
        sum + join(local)
    })
}

/// Every other rank: asks for chunks, always one ahead, and reports what it counted. `opening`
/// is its opening share, still being counted, when it guessed its rank right.
fn work(
    plan: &dyn Plan,
    world: &mpi::topology::SimpleCommunicator,
    counter: &ChunkCounter,
    opening: Option<ScopedJoinHandle<'_, Counts>>,
) {
    let root = world.process_at_rank(0);
    let ask = |tag: i32, counts: Counts, flags: u64| {
        root.send_with_tag(&encode(plan, counts, flags)[..], tag)
    };
    let receive = || {
        let (v, _) = root.receive_vec_with_tag::<u64>(CHUNK);
        Chunk {
            start: v[0] as usize,
            end: v[1] as usize,
            step: v[2] as usize,
        }
    };
    // Invariant at the top of the loop: no request is outstanding, `next` is the chunk to count
    // and `unsent` the count of the chunk before it, not yet reported.
    let claim = if opening.is_some() { CLAIMED } else { 0 };
    ask(HELLO, plan.zero(), claim);
    let mut next = receive();
    let mut unsent = opening.map_or(plan.zero(), join);
    while !next.is_empty() {
        // Ask for the chunk after this one now, so that the answer is here when this one is done.
        ask(REQUEST, unsent, 0);
        unsent = counter.count(next);
        next = receive();
    }
    ask(FINAL, unsent, 0);
}

const WORDS: usize = 13;

/// `[fingerprint, len, flags, total, unique, rot90, rot180, asymmetric]`, each u128 as two u64
/// (low half first); `flags` says which optional counts are present, and carries `extra` (the
/// claim of a HELLO).
fn encode(plan: &dyn Plan, c: Counts, extra: u64) -> [u64; WORDS] {
    let split = |x: u128| [x as u64, (x >> 64) as u64];
    let k = c.classes.unwrap_or_default();
    let flags = c.unique.is_some() as u64 | (c.classes.is_some() as u64) << 1 | extra;
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

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::{loopback_tcp_peer, no_delay_on_loopback};
    use std::net::{TcpListener, TcpStream};
    use std::os::fd::AsRawFd;
    use std::os::unix::net::UnixStream;

    /// A connected pair of TCP sockets on `address`, or `None` where the address cannot be
    /// bound (a machine without IPv6).
    fn tcp_pair(address: &str) -> Option<(TcpStream, TcpStream)> {
        let listener = TcpListener::bind(address).ok()?;
        let client = TcpStream::connect(listener.local_addr().ok()?).ok()?;
        let (server, _) = listener.accept().ok()?;
        Some((client, server))
    }

    #[test]
    fn only_connected_loopback_tcp_sockets_are_picked() {
        let (client, server) = tcp_pair("127.0.0.1:0").expect("loopback TCP");
        assert!(loopback_tcp_peer(client.as_raw_fd()));
        assert!(loopback_tcp_peer(server.as_raw_fd()));
        if let Some((client, _server)) = tcp_pair("[::1]:0") {
            assert!(loopback_tcp_peer(client.as_raw_fd()));
        }
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        assert!(
            !loopback_tcp_peer(listener.as_raw_fd()),
            "a listener has no peer"
        );
        let (unix, _other) = UnixStream::pair().unwrap();
        assert!(!loopback_tcp_peer(unix.as_raw_fd()));
        let file = std::fs::File::open("/proc/self/stat").unwrap();
        assert!(!loopback_tcp_peer(file.as_raw_fd()));
        assert!(!loopback_tcp_peer(-1));
    }

    #[test]
    fn nagle_goes_off_on_loopback_links() {
        let (client, server) = tcp_pair("127.0.0.1:0").expect("loopback TCP");
        assert!(!client.nodelay().unwrap() && !server.nodelay().unwrap());
        no_delay_on_loopback();
        assert!(client.nodelay().unwrap());
        assert!(server.nodelay().unwrap());
    }
}
