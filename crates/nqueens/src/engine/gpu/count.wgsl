// Counts the completions of tasks: each task is a constellation's search with its first rows
// placed (see tasks.rs). Each thread takes the next task from a shared counter as soon as it has
// finished one, so that no thread idles while tasks are left.
//
// The tasks come through a ring that the host refills while the threads work (see `feed.rs`):
// task t, numbered from the start of the stream, sits in slot t & ring until a thread takes it,
// and its count goes out through a second ring, in the order tasks finish, with the task's
// number beside it. Threads never wait for the host: a thread that finds no task put there yet
// gives its number back and looks again in the next dispatch.
//
// The host prepends two constants: WG, the threads of a workgroup, and LEVELS, the rows of
// stack each thread needs (one per row it walks, and an empty one above them).
//
// A thread walks its task's rows top to bottom with bit masks (columns in use, and the two
// diagonals as they bear on the current row), as the textbook bit-mask search does, and counts
// the last row's free cells with one popcount instead of visiting them.
//
// Why the loop is one step, the same for every thread: the threads of a group (32 on NVIDIA)
// run in lockstep, so a turn of a loop whose body branches costs the sum of every branch that
// any of them takes. The step below has no branch: it tries the lowest free cell of the current
// row, works out the three things that may follow (go down a row, go back up, or stay and try
// the next cell) and picks among them with `select`; a row whose cells are all tried gives way
// to the row above within the same turn. Every turn therefore costs the same few
// dozen operations and every thread does useful work in it. Only the end of a task (a few per
// thousands of turns) branches. The model of this loop (`engine/gpu/model.rs`) counts those
// operations on the SPIR-V of this file and plays the threads of a group in lockstep on the
// CPU, which is how this design was chosen over the earlier one (five branches per turn, and
// the last three rows counted in closed form at every leaf).
//
// A software device (Mesa's lavapipe) ends every loop of a thread after 65,535 turns in all;
// the budget of turns per dispatch keeps below that. A task that a device never finishes anyway
// never reports, and the host counts it itself: a safety net.

struct Params {
    // Tasks put in the ring since the stream began: task t may be taken when t < available.
    available: u32,
    // Slots of each ring, less one (the slots are a power of two).
    ring: u32,
    // Turns of the loop each thread runs in this dispatch.
    budget: u32,
    // Nonzero: this dispatch counts nothing and measures how many workgroups run at once (see
    // `probe`).
    probe: u32,
}

// Per slot of the ring: a task's columns, left diagonals, right diagonals, and the slot of its
// layout record.
@group(0) @binding(0) var<storage, read> tasks: array<vec4<u32>>;
// Per constellation: a record of STRIDE pairs (see `record` in tasks.rs): (first level of the
// walk's rows, last level), (cells of the task's first row, 0), then per level the gap to the
// next row and that row's cells.
@group(0) @binding(1) var<storage, read> layouts: array<vec2<u32>>;
// Tasks finished, in the order they finish: (the task's number, its count's low and high words).
@group(0) @binding(2) var<storage, read_write> done: array<vec4<u32>>;
// The next task to take (numbered from the start of the stream), the threads still at work when
// a dispatch ends, and the tasks finished since the stream began.
@group(0) @binding(3) var<storage, read_write> counters: array<atomic<u32>, 3>;
@group(0) @binding(4) var<uniform> params: Params;
// Each thread's walk between dispatches (see SAVED).
@group(0) @binding(5) var<storage, read_write> saved: array<vec4<u32>>;

const STRIDE: u32 = 34u;

// The saved rows of each thread's walk, interleaved so that the threads of a group touch
// neighbouring words. Slot 0 is the row above the task's first: empty, so that going up from
// the first row ends the task; the row of level j is saved in slot j + 1.
var<workgroup> stack: array<vec4<u32>, WG * LEVELS>;

// A thread's walk of one task.
struct Walk {
    // The masks above the current row, and its cells not tried yet.
    cols: u32,
    left: u32,
    right: u32,
    free: u32,
    // The current level (0: the task's first row); DONE once the walk has gone back above it.
    level: u32,
    // Where the row above the current one is saved in `stack`: slot `level` of this thread.
    // Kept beside the level so that a turn finds it without a multiplication.
    up: u32,
    // The level whose next row is the last: there the free cells are counted, not visited.
    last: u32,
    // Where the task's rows start in `layouts`.
    rows: u32,
    // The count before this dispatch (or before the task began in it), as two words, and what
    // this dispatch added: a turn adds one word, not two, since a dispatch adds less than 2^32
    // (a turn finds at most 32 completions, and the host keeps the budget of turns at most 2^24).
    lo: u32,
    hi: u32,
    gained: u32,
}

const DONE: u32 = 0xffffffffu;

// The walk of the task in ring slot `slot`, before its first step.
fn begin(slot: u32, lid: u32) -> Walk {
    let task = tasks[slot];
    let base = task.w * STRIDE;
    let head = layouts[base];
    let first = layouts[base + 1u];
    var w: Walk;
    w.cols = task.x;
    w.left = task.y;
    w.right = task.z;
    w.free = first.x & ~(task.x | task.y | task.z);
    w.level = 0u;
    w.up = lid;
    w.last = head.y;
    w.rows = base + 2u;
    w.lo = 0u;
    w.hi = 0u;
    w.gained = 0u;
    stack[lid] = vec4<u32>(0u);
    return w;
}

// A walk's count: the count before this dispatch and what it added, with the carry.
fn total(w: Walk) -> vec2<u32> {
    let lo = w.lo + w.gained;
    return vec2<u32>(lo, w.hi + u32(lo < w.gained));
}

// One turn of the walk: the same operations for every thread, whatever happens.
fn step(s: Walk, lid: u32) -> Walk {
    // A row without cells left gives way to the row above, whose next cell is tried in this
    // same turn (going up costs no turn of its own). Above the first row, DONE.
    let empty = s.free == 0u;
    let above = stack[s.up];
    let level = select(s.level, s.level - 1u, empty);
    let up = select(s.up, s.up - WG, empty);
    let f = select(vec4<u32>(s.cols, s.left, s.right, s.free), above, empty);
    // Going up from the first row wraps `level` to DONE, and this index to the record's pair
    // just before the rows (the first row's cells): still in range, and never used.
    let row = layouts[s.rows + level];
    // Try the lowest free cell (none, if there is none: `bit` is then 0).
    let bit = f.w & (0u - f.w);
    let rest = f.w ^ bit;
    let c = f.x | bit;
    let l = (f.y | bit) << row.x;
    let r = (f.z | bit) >> row.x;
    let child = row.y & ~(c | l | r);
    let placed = bit != 0u;
    let at_last = level == s.last;
    // Above the last row, its free cells are its completions: counted, not visited.
    let found = select(0u, countOneBits(child), placed && at_last);
    var w = s;
    w.gained = s.gained + found;
    // Down a row, or stay and try the next cell. This row is saved every turn, with the cell
    // just tried taken out: it is read back only after going down, and a store costs less than
    // a branch around it.
    let down = placed && !at_last && child != 0u;
    let stay = vec4<u32>(f.x, f.y, f.z, rest);
    // The current row's slot. After going up from the first row it is slot 0 (`up` wrapped
    // below it), and `stay` is then the empty row slot 0 already holds.
    let own = up + WG;
    stack[own] = stay;
    let next = select(stay, vec4<u32>(c, l, r, child), down);
    w.cols = next.x;
    w.left = next.y;
    w.right = next.z;
    w.free = next.w;
    w.level = select(level, level + 1u, down);
    w.up = select(up, own, down);
    return w;
}

// Where thread g's walk waits between dispatches: SAVED pairs of vec4 from g * SAVED: its
// masks, (level, last, rows, lo), (hi, task, state, 0), then its stack's LEVELS slots.
const SAVED: u32 = 3u + LEVELS;
// A thread's state between dispatches: walking a task, or without one.
const IDLE: u32 = 0u;
const WALKING: u32 = 1u;

// A thread's walk as it was saved at the end of the last dispatch, its stack put back.
fn resume(at: u32, lid: u32) -> Walk {
    let a = saved[at];
    let b = saved[at + 1u];
    var w: Walk;
    w.cols = a.x;
    w.left = a.y;
    w.right = a.z;
    w.free = a.w;
    w.level = b.x;
    w.last = b.y;
    w.rows = b.z;
    w.lo = b.w;
    w.hi = saved[at + 2u].x;
    w.gained = 0u;
    w.up = w.level * WG + lid;
    for (var i = 0u; i < LEVELS; i++) {
        stack[i * WG + lid] = saved[at + 3u + i];
    }
    return w;
}

// Saves a thread's walk, with its stack, for the next dispatch.
fn suspend(w: Walk, at: u32, lid: u32, t: u32) {
    saved[at] = vec4<u32>(w.cols, w.left, w.right, w.free);
    let count = total(w);
    saved[at + 1u] = vec4<u32>(w.level, w.last, w.rows, count.x);
    saved[at + 2u] = vec4<u32>(count.y, t, WALKING, 0u);
    for (var i = 0u; i < LEVELS; i++) {
        saved[at + 3u + i] = stack[i * WG + lid];
    }
}

// How many workgroups of this shader the device runs at once, which wgpu does not say and which
// depends on this very shader (its registers, and its stacks in workgroup memory). A stream
// starts exactly that many threads: fewer would leave the device part idle, more would wait for
// a second wave. Each workgroup counts itself in `counters[0]` while its threads spin for
// `budget` turns of arithmetic, long beside the time a device takes to start every workgroup it
// has room for, and `counters[1]` keeps the most counted at once. The dispatch holds far more
// workgroups than any device runs at once, so the later ones wait for room.
fn probe(lid: u32) {
    if lid == 0u {
        let now = atomicAdd(&counters[0], 1u) + 1u;
        atomicMax(&counters[1], now);
    }
    var x = lid;
    for (var i = 0u; i < params.budget; i++) {
        x = (x ^ (x >> 15u)) * 2246822519u + i;
    }
    // `counters[2]` is not read after a probe: the adds below only keep the spinning, and the
    // value read back, from being compiled away.
    if x == 0xffffffffu {
        atomicAdd(&counters[2], 1u);
    }
    if lid == 0u {
        // The value read back keeps the thread, and so its workgroup, alive until the atomic
        // is done: a workgroup that starts in its place is never counted beside it.
        if atomicSub(&counters[0], 1u) == 0u {
            atomicAdd(&counters[2], 1u);
        }
    }
}

@compute @workgroup_size(WG)
fn main(
    @builtin(local_invocation_index) lid: u32,
    @builtin(global_invocation_id) gid: vec3<u32>,
) {
    if params.probe != 0u {
        probe(lid);
        return;
    }
    // A dispatch runs every thread for at most `budget` turns, then each saves its walk and the
    // next dispatch takes it up where it stopped: a dispatch lasts about the same time whatever
    // the tasks' sizes, so that the host can look at a stop flag often, a desktop GPU's watchdog
    // never fires, and a software device's loop limit is never reached.
    let at = gid.x * SAVED;
    let head = saved[at + 2u];
    var t = head.y;
    var walking = head.z == WALKING;
    var w: Walk;
    w.level = DONE;
    if walking {
        w = resume(at, lid);
    }
    for (var turn = 0u; turn < params.budget; turn++) {
        if w.level == DONE {
            // The task is done (or none was taken yet): its count out, the next task in.
            if walking {
                let d = atomicAdd(&counters[2], 1u);
                let count = total(w);
                done[d & params.ring] = vec4<u32>(t, count.x, count.y, 0u);
                walking = false;
            }
            t = atomicAdd(&counters[0], 1u);
            if t >= params.available {
                // None uploaded yet. The number goes back, so that the counter ends the
                // dispatch at the tasks taken: every number handed out beyond `available` is
                // given back, and none below it is handed out twice, since the counter never
                // falls back under `available` once it has reached it.
                atomicSub(&counters[0], 1u);
                break;
            }
            walking = true;
            w = begin(t & params.ring, lid);
        }
        w = step(w, lid);
    }
    if !walking {
        saved[at + 2u] = vec4<u32>(0u, 0u, IDLE, 0u);
        return;
    }
    suspend(w, at, lid, t);
    // Threads still at work: none left, and no task left to take, means every task is counted.
    atomicAdd(&counters[1], 1u);
}
