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
//! removes that wait from the end of every job and changes nothing else.
//!
//! Messages are arrays of u64: the plan's identity, a word of flags, and the counts, each in the
//! one word encoding the library gives them. The order in which chunks are handed out (the
//! opening shares, then guided chunks) is the library's schedule; each chunk is counted by the
//! library's one runner, on the rank's threads.
//!
//! How a rank counts (its threads, its GPU) is the library's decision too ([`Rank::prepare`]),
//! taken once, as the count is prepared, from the launcher's word on the job's size: the count
//! must be prepared before MPI is up, to start on the opening share. A job of one process (no
//! launcher at all) is prepared as any count and run whole. A launcher that does not say the
//! size leaves its ranks counting as if each were alone: exact, only on more threads than
//! cores (and a unique count on a method that counts in parts, as every rank's is).
//!
//! One wait only is bounded: `MPI_Init`'s, for processes of the launch that have not come, by
//! `--mpi-wait` (minutes by default, since a cluster's node may start that late). Once MPI is up
//! no rank waits on another with a bound, since a chunk may take hours; a process that dies ends
//! the job through its launcher.

use crate::failure::{Failure, advice, say};
use mpi::Threading;
use mpi::traits::*;
use nqueens::cluster::Rank;
use nqueens::error::Origin;
use nqueens::plan::{Plan, PlanId};
use nqueens::shard::{Chunk, Dispenser};
use nqueens::{Count, Counts, Error, Job, Report};
use std::sync::{Mutex, mpsc};
use std::thread::ScopedJoinHandle;
use std::time::{Duration, Instant};

/// A worker's first message: a request, and whether it counted its opening share.
const HELLO: i32 = 0;
/// A worker's count of its last chunk, and a request for the next.
const REQUEST: i32 = 1;
/// A worker's count of its last chunk; it asks for nothing more.
const FINAL: i32 = 2;
/// Rank 0's answer: `[start, end, step]` of the next chunk, empty when the list is used up.
const CHUNK: i32 = 3;

/// The flag of a HELLO message saying that the sender counted its opening share.
const CLAIMED: u64 = 1;

/// How long rank 0's serving thread sleeps when no message is waiting: from the shortest pause,
/// right after a message, doubling while none comes, up to the longest. Workers ask ahead of
/// need, so the delay is hidden behind their counting; requests come often only when chunks
/// are short, and then the pause stays short too, while long chunks cost few wake-ups of the
/// core that rank 0 counts on.
const POLL_SHORTEST: Duration = Duration::from_micros(100);
const POLL_LONGEST: Duration = Duration::from_millis(10);

/// How long a rank waits in `MPI_Init` for the other processes of the launch unless
/// `--mpi-wait` says otherwise, beyond twice the time it took itself to prepare the count (which
/// a slower node takes longer over). MPI starts in tenths of a second once every process has
/// come, but on a cluster a process may come minutes late (a container being staged, a busy file
/// system, a scheduler's prolog): a bound of seconds would end a healthy job and blame the slow
/// node. A process missing after this never joined.
pub const JOIN_WAIT: Duration = Duration::from_secs(300);

/// The job's split. A cluster count is given no stop flag, so its split is always listed whole.
fn split<'j>(job: &'j Job) -> Result<&'j dyn Plan, Error> {
    Ok(job
        .plan()?
        .expect("a count without a stop flag lists its whole split"))
}

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

/// The rank of this process among those of the job on its machine, as the launcher tells it
/// (Open MPI, MPICH's Hydra, Slurm).
fn local_rank() -> Option<usize> {
    [
        "OMPI_COMM_WORLD_LOCAL_RANK",
        "MPI_LOCALRANKID",
        "SLURM_LOCALID",
    ]
    .into_iter()
    .find_map(|name| std::env::var(name).ok()?.trim().parse::<usize>().ok())
}

/// Counts `request` over every rank of the MPI job, each waiting up to `wait` (`--mpi-wait`) for
/// the others to start. Rank 0 returns the report and the number of processes; the other ranks
/// return `None`.
///
/// Each rank counts as the library has one of the job's processes count (see
/// [`Rank::prepare`]); started without `mpirun`, the program is a job of one process and counts
/// as any count does.
pub fn count(request: Count<'static>, wait: Duration) -> Result<Option<(Report, usize)>, Failure> {
    let start = Instant::now();
    let guess = launcher_rank();
    let processes = guess.map_or(1, |(_, size)| size);
    // A local rank the launcher gives beyond the job's size (which it may not say at all) is
    // no place on the machine to go by: the rank then takes the first GPU, as a lone process.
    let local = local_rank().filter(|&l| l < processes).unwrap_or(0);
    let this_rank = Rank::prepare(request, processes, local)?;
    let prepared = start.elapsed();
    let plan = split(this_rank.job())?;
    let guess = guess.filter(|&(_, size)| size > 1);
    let role = std::thread::scope(|scope| {
        let opening = guess.map(|(rank, size)| {
            let share = Dispenser::new(plan.len(), size).opening(rank);
            let this_rank = &this_rank;
            let handle = scope.spawn(move || count_chunk(this_rank, share));
            (rank, size, handle)
        });
        // Only the main thread calls MPI; the counting threads never do.
        let started = watch_the_start(scope, wait + prepared * 2, processes);
        let (universe, _level) = mpi::initialize_with_threading(Threading::Funneled)
            .ok_or_else(|| Failure::usage("MPI could not be started"))?;
        drop(started);
        no_delay_on_loopback();
        let world = universe.world();
        let size = world.size() as usize;
        let rank = world.rank() as usize;
        // The opening share counts only where the guess was right; otherwise the thread's work
        // is dropped and rank 0 hands the share out again.
        let opening = opening
            .filter(|&(r, s, _)| (r, s) == (rank, size))
            .map(|(_, _, handle)| handle);
        Ok::<_, Failure>(if size == 1 {
            Role::Alone
        } else if rank == 0 {
            Role::Root(serve(&this_rank, &world, size, opening)?, size)
        } else {
            work(&this_rank, &world, opening);
            Role::Worker
        })
    })?;
    match role {
        Role::Alone => Ok(Some((this_rank.into_job().run()?, 1))),
        Role::Root(counts, size) => Ok(Some((this_rank.finished(counts, start.elapsed()), size))),
        Role::Worker => Ok(None),
    }
}

/// Ends the process with a message unless MPI has started within `limit`, which it signals by
/// dropping the returned sender. `MPI_Init` returns only once every process of the launch has
/// called it, and a process of the launch that runs something else (`mpirun -np 2 nqueens count
/// 15 --mpi : -np 1 nqueens list 4`) never does: without this watch the counting ranks would
/// wait in it for ever. MPI is not up, so nothing can be said to the other ranks; this rank's
/// exit makes the launcher end them.
fn watch_the_start<'scope>(
    scope: &'scope std::thread::Scope<'scope, '_>,
    limit: Duration,
    processes: usize,
) -> mpsc::Sender<()> {
    let (started, watch) = mpsc::channel::<()>();
    scope.spawn(move || {
        if let Err(mpsc::RecvTimeoutError::Timeout) = watch.recv_timeout(limit) {
            say(&never_joined(
                limit,
                &launch_words(processes, std::env::var("OMPI_APP_CTX_NUM_PROCS").ok()),
            ));
            // SAFETY: _exit ends the process at once; no destructor or exit handler runs, so
            // none can wait on the main thread, which is inside MPI_Init.
            unsafe { libc::_exit(2) }
        }
    });
    started
}

/// The refusal of a launch a process of which did not join within `limit`, which names the flag
/// that sets it: a process that starts late on a busy cluster is told apart from one that runs
/// something else only by the wait, which the user knows best.
fn never_joined(limit: Duration, launch: &str) -> String {
    format!(
        "MPI did not start within {} s (--mpi-wait): a process of the launch ({launch}) never \
         joined the count; every process must run nqueens count --mpi with the same arguments, \
         and one that starts later needs a longer --mpi-wait",
        limit.as_secs_f64().round()
    )
}

/// The launch in words: its number of processes, and the ranks of each program when the launcher
/// says it starts several (Open MPI's `OMPI_APP_CTX_NUM_PROCS`, "2 1" for `-np 2 A : -np 1 B`).
fn launch_words(processes: usize, programs: Option<String>) -> String {
    let total = if processes == 1 {
        "1 process".to_string()
    } else {
        format!("{processes} processes")
    };
    let sizes: Option<Vec<usize>> = programs
        .as_deref()
        .and_then(|p| p.split_whitespace().map(|n| n.parse().ok()).collect());
    let Some(sizes) = sizes.filter(|sizes| sizes.len() > 1 && sizes.len() <= 16) else {
        return total;
    };
    let mut first = 0usize;
    let ranks: Vec<String> = sizes
        .iter()
        .map(|&size| {
            let from = first;
            first = first.saturating_add(size);
            match size {
                0 => "none".to_string(),
                1 => format!("rank {from}"),
                _ => format!("ranks {from} to {}", first - 1),
            }
        })
        .collect();
    format!("{total}, {} programs: {}", sizes.len(), ranks.join(", "))
}

/// What this process turned out to be in the job, with what it counted.
enum Role {
    /// The only process: it counts everything itself.
    Alone,
    /// Rank 0: the sum of every rank's counts, and the number of ranks.
    Root(Counts, usize),
    /// Any other rank: it reported its counts to rank 0.
    Worker,
}

/// Counts one chunk on the rank's threads, through the library's runner.
fn count_chunk(rank: &Rank, chunk: Chunk) -> Counts {
    let indices: Vec<usize> = chunk.indices().collect();
    rank.count_indices(&indices)
        .expect("a job with a plan counts its subproblems")
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

/// The count of a finished counting thread, passing on its panic if it had one.
fn join(handle: ScopedJoinHandle<'_, Counts>) -> Counts {
    handle
        .join()
        .unwrap_or_else(|p| std::panic::resume_unwind(p))
}

/// Rank 0: counts on a thread of its own while serving the other ranks' requests. `opening` is
/// its own opening share, still being counted, when it guessed its rank right.
fn serve(
    rank: &Rank,
    world: &mpi::topology::SimpleCommunicator,
    size: usize,
    opening: Option<ScopedJoinHandle<'_, Counts>>,
) -> Result<Counts, Failure> {
    let plan = split(rank.job())?;
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
        sum += count_chunk(rank, chunk);
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
            let (counts, flags) = match decode(plan, from as usize, &data) {
                Ok(got) => got,
                Err(e) => {
                    say(&format!("{}; stopping", advice(&e)));
                    world.abort(2);
                }
            };
            sum = sum.checked_add(counts).ok_or_else(|| {
                Failure::from(Error::Overflow {
                    from: Origin::Rank(from as usize),
                })
            })?;
            if status.tag() == HELLO && flags & CLAIMED == 0 {
                lock().hand_back(from as usize);
            }
            if status.tag() == FINAL {
                finished += 1;
            } else {
                let c = take();
                world
                    .process_at_rank(from)
                    .send_with_tag(&c.to_words()[..], CHUNK);
            }
        }
        // A share handed back after the counting thread ran out of work is counted here.
        let sum = count_rest(sum);
        Ok(sum + join(local))
    })
}

/// Every other rank: asks for chunks, always one ahead, and reports what it counted. `opening`
/// is its opening share, still being counted, when it guessed its rank right.
fn work(
    rank: &Rank,
    world: &mpi::topology::SimpleCommunicator,
    opening: Option<ScopedJoinHandle<'_, Counts>>,
) {
    let plan = split(rank.job()).expect("the job was checked to have a plan");
    let id = plan.id();
    let root = world.process_at_rank(0);
    let ask = |tag: i32, counts: Counts, flags: u64| {
        root.send_with_tag(&encode(&id, counts, flags)[..], tag)
    };
    let receive = || {
        let (v, _) = root.receive_vec_with_tag::<u64>(CHUNK);
        Chunk::from_words(&v).unwrap_or(Chunk {
            start: 0,
            end: 0,
            step: 1,
        })
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
        unsent = count_chunk(rank, next);
        next = receive();
    }
    ask(FINAL, unsent, 0);
}

/// A message: the plan's identity (so that ranks that built different splits, another version
/// of the program on some node, stop the job instead of adding unrelated numbers), a word of
/// flags (the claim of a HELLO), and the counts.
fn encode(id: &PlanId, counts: Counts, flags: u64) -> Vec<u64> {
    let mut w = Vec::with_capacity(PlanId::WORDS + 1 + Counts::WORDS);
    w.extend(id.to_words());
    w.push(flags);
    w.extend(counts.to_words());
    w
}

/// The counts and flags of a message from `rank`, checked against the plan with the one
/// check every piece of saved or sent work goes through.
fn decode(plan: &dyn Plan, rank: usize, w: &[u64]) -> Result<(Counts, u64), Error> {
    let mismatch = |mismatch| Error::Mismatch {
        from: Origin::Rank(rank),
        mismatch,
    };
    let garbled = || mismatch(nqueens::error::Mismatch::Split);
    if w.len() != PlanId::WORDS + 1 + Counts::WORDS {
        return Err(garbled());
    }
    let id = PlanId::from_words(&w[..PlanId::WORDS]).ok_or_else(garbled)?;
    id.check(&plan.id()).map_err(mismatch)?;
    let counts = Counts::from_words(&w[PlanId::WORDS + 1..]).ok_or_else(garbled)?;
    Ok((counts, w[PlanId::WORDS]))
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::{JOIN_WAIT, launch_words, loopback_tcp_peer, never_joined, no_delay_on_loopback};
    use std::net::{TcpListener, TcpStream};
    use std::os::fd::AsRawFd;
    use std::os::unix::net::UnixStream;
    use std::time::Duration;

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

    #[test]
    fn the_launch_is_named_with_the_ranks_of_each_program() {
        let words = |programs: Option<&str>| launch_words(3, programs.map(str::to_string));
        assert_eq!(
            words(Some("2 1")),
            "3 processes, 2 programs: ranks 0 to 1, rank 2"
        );
        assert_eq!(words(Some("3")), "3 processes");
        assert_eq!(words(None), "3 processes");
        assert_eq!(words(Some("2 x")), "3 processes");
        assert_eq!(launch_words(1, None), "1 process");
    }

    /// The wait outlasts a node that starts minutes late, and the refusal names the flag that
    /// sets it, with the wait as it was (rounded to a second).
    #[test]
    fn the_wait_is_one_a_cluster_can_live_with_and_is_named() {
        assert!(JOIN_WAIT >= Duration::from_secs(120), "{JOIN_WAIT:?}");
        let said = never_joined(JOIN_WAIT, "3 processes");
        assert!(
            said.starts_with(
                "MPI did not start within 300 s (--mpi-wait): a process of the launch \
                 (3 processes) never joined the count;"
            ),
            "{said}"
        );
        assert!(said.ends_with("needs a longer --mpi-wait"), "{said}");
        let said = never_joined(Duration::from_millis(5_600), "2 processes");
        assert!(said.contains("within 6 s (--mpi-wait)"), "{said}");
    }
}
