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
// stack each thread needs (one per row it walks, all but the last, whose cells are counted).
//
// A thread walks its task's rows top to bottom with bit masks (columns in use, and the two
// diagonals as they bear on the current row), as the textbook bit-mask search does, and counts
// the last row's free cells with one popcount instead of visiting them.
//
// Why the loop is one short step, the same for every thread: the threads of a group (32 on
// NVIDIA) run in lockstep, so a turn of a loop whose body branches costs the sum of every
// branch that any of them takes. Each turn below reads the top row of the thread's stack, tries
// its lowest free cell, counts the last row's cells if the child is the row above the last,
// and otherwise puts the child on the stack; a row whose last cell was just tried leaves it in
// the same turn. So every turn tries one cell, and costs the same few dozen operations, with
// one store that some threads skip. Only the end of a task (one in thousands of turns) branches.
//
// Why a thread's rows, and the cells of the rows below them, live in workgroup memory, and the walk
// keeps only which rows are on the stack and which is on top: a GPU is short of issue slots and of
// the L1's data pipe here, not of threads. Measured on an H100, a step that kept the current row in
// registers and chose among go down, go up and stay with `select` lost to one that reads the top
// row each turn, and stacks in global memory lost far more. What that step still paid for was a
// load from a storage buffer each turn, of its row's cells in its constellation's record: the lanes
// of a warp walk tasks of different constellations, so that one load touched a cache line a lane,
// and the priced model (`tools/gpu-model/src/price.rs`) found it the binding cost, four times the
// workgroup memory's. So a task's cells, one word a level, are copied beside its stack when it
// begins and read from there at the top row's own slot; and the top row's level is kept, not told
// from its columns with a popcount. Which rows still have a cell is a mask (bit j: level j), so
// that a row whose last cell is tried leaves at once and the walk goes back up to the highest row
// left with one instruction (`firstLeadingBit`): every turn still tries a cell. The guide's
// benchmarks chapter gives the figures; `tools/gpu-model` plays this loop on the CPU.
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
// Per constellation: a record of RECORD vectors (see `record` in tasks.rs): (the last level,
// the gaps, the cells of the task's first row, the cells of its last row), then per level the
// cells of the row below.
@group(0) @binding(1) var<storage, read> layouts: array<vec4<u32>>;
// Tasks finished, in the order they finish: (the task's number, its count's low and high words).
@group(0) @binding(2) var<storage, read_write> done: array<vec4<u32>>;
// The next task to take (numbered from the start of the stream), the threads still at work when
// a dispatch ends, and the tasks finished since the stream began.
@group(0) @binding(3) var<storage, read_write> counters: array<atomic<u32>, 3>;
@group(0) @binding(4) var<uniform> params: Params;
// Each thread's walk between dispatches (see SAVED).
@group(0) @binding(5) var<storage, read_write> saved: array<vec4<u32>>;

const RECORD: u32 = 5u;

// The rows of each thread's walk, one slot a level, interleaved so that the threads of a group
// touch neighbouring words: the row of level j sits in slot j * WG + the thread's index.
var<workgroup> stack: array<vec4<u32>, WG * LEVELS>;
// Beside each slot but the deepest, the cells of the row below it (the border queens' columns
// and diagonals left out), copied from the task's record when it begins. The last row's cells
// are kept in the walk instead (`Walk::bottom`): a word of workgroup memory less a thread, which
// at 13 levels is what lets three workgroups of 64 threads share an SM's 48 KiB. (The host
// builds the shader with LEVELS at least 2.)
var<workgroup> below: array<u32, WG * (LEVELS - 1u)>;

// A thread's walk of one task. The rows being walked live in `stack`; the walk itself keeps
// which of them are there and which is on top.
struct Walk {
    // The top row's level: 0 for the task's first row.
    level: u32,
    // The levels whose rows are on the stack, with a cell left to try: bit j for level j. None
    // once the walk has gone back above the task's first row.
    rows: u32,
    // The level whose next row is the last: there the free cells are counted, not visited.
    last: u32,
    // For each level j, in bits 2j and 2j + 1, how many rows down the next row lies (more than
    // one where a border queen's row is passed).
    gaps: u32,
    // Where the task's record starts in `layouts`.
    record: u32,
    // The cells of the task's last row, whose free cells are counted.
    bottom: u32,
    // The count before this dispatch (or before the task began in it), as two words, and what
    // this dispatch added: a turn adds one word, not two, since a dispatch adds less than 2^32
    // (a turn finds at most 32 completions, and the host keeps the budget of turns at most 2^24).
    lo: u32,
    hi: u32,
    gained: u32,
}

// Copies the cells of a record's rows beside the thread's stack: sixteen words in four loads,
// each kept where the shader has a slot for its level. Written out rather than looped: a loop's turns
// would count against a software device's limit (see below), and a compiler folds the tests,
// since LEVELS is a constant.
fn unpack(record: u32, lid: u32) {
    let a = layouts[record + 1u];
    if 1u < LEVELS { below[0u * WG + lid] = a.x; }
    if 2u < LEVELS { below[1u * WG + lid] = a.y; }
    if 3u < LEVELS { below[2u * WG + lid] = a.z; }
    if 4u < LEVELS { below[3u * WG + lid] = a.w; }
    let b = layouts[record + 2u];
    if 5u < LEVELS { below[4u * WG + lid] = b.x; }
    if 6u < LEVELS { below[5u * WG + lid] = b.y; }
    if 7u < LEVELS { below[6u * WG + lid] = b.z; }
    if 8u < LEVELS { below[7u * WG + lid] = b.w; }
    let c = layouts[record + 3u];
    if 9u < LEVELS { below[8u * WG + lid] = c.x; }
    if 10u < LEVELS { below[9u * WG + lid] = c.y; }
    if 11u < LEVELS { below[10u * WG + lid] = c.z; }
    if 12u < LEVELS { below[11u * WG + lid] = c.w; }
    let d = layouts[record + 4u];
    if 13u < LEVELS { below[12u * WG + lid] = d.x; }
    if 14u < LEVELS { below[13u * WG + lid] = d.y; }
    if 15u < LEVELS { below[14u * WG + lid] = d.z; }
    if 16u < LEVELS { below[15u * WG + lid] = d.w; }
}

// The walk of the task in ring slot `slot`, before its first step.
fn begin(slot: u32, lid: u32) -> Walk {
    let task = tasks[slot];
    let record = task.w * RECORD;
    let head = layouts[record];
    unpack(record, lid);
    let free = head.z & ~(task.x | task.y | task.z);
    stack[lid] = vec4<u32>(task.x, task.y, task.z, free);
    var w: Walk;
    w.level = 0u;
    // A first row without a free cell (the host hands out none) ends the task at once.
    w.rows = select(0u, 1u, free != 0u);
    w.last = head.x;
    w.gaps = head.y;
    w.record = record;
    w.bottom = head.w;
    w.lo = 0u;
    w.hi = 0u;
    w.gained = 0u;
    return w;
}

// A walk's count: the count before this dispatch and what it added, with the carry.
fn total(w: Walk) -> vec2<u32> {
    let lo = w.lo + w.gained;
    return vec2<u32>(lo, w.hi + u32(lo < w.gained));
}

// One turn of the walk: the top row's lowest free cell is tried, the same operations for every
// thread, whatever happens. Every row on the stack has a cell left to try: a row whose last
// cell is taken leaves the stack in the same turn, and a row without free cells never goes on.
fn step(s: Walk, lid: u32) -> Walk {
    let at = s.level * WG + lid;
    let here = stack[at];
    // Above the last row, its free cells are its completions: counted, not visited.
    let at_last = s.level == s.last;
    // The slot read at the deepest level is clamped into `below` and its word not used.
    let cells = select(below[min(at, WG * (LEVELS - 1u) - 1u)], s.bottom, at_last);
    let bit = here.w & (0u - here.w);
    let rest = here.w ^ bit;
    stack[at].w = rest;
    let gap = (s.gaps >> (s.level * 2u)) & 3u;
    let c = here.x | bit;
    let l = (here.y | bit) << gap;
    let r = (here.z | bit) >> gap;
    let child = cells & ~(c | l | r);
    var w = s;
    w.gained = s.gained + select(0u, countOneBits(child), at_last);
    // The row leaves when its last cell is taken; the child goes on top when it has a cell,
    // and otherwise the highest row left is the top (none: the task is done).
    let rows = select(s.rows, s.rows ^ (1u << s.level), rest == 0u);
    let down = !at_last && child != 0u;
    if down {
        stack[at + WG] = vec4<u32>(c, l, r, child);
    }
    w.rows = select(rows, rows | (2u << s.level), down);
    w.level = select(firstLeadingBit(rows), s.level + 1u, down);
    return w;
}

// Where thread g's walk waits between dispatches: SAVED vec4 from g * SAVED: (level, rows,
// last, gaps), (lo, hi, record, bottom), (0, task, state, 0), then its stack's LEVELS slots.
// The cells below them are copied from the record again.
const SAVED: u32 = 3u + LEVELS;
// A thread's state between dispatches: walking a task, or without one.
const IDLE: u32 = 0u;
const WALKING: u32 = 1u;

// A thread's walk as it was saved at the end of the last dispatch, its stack put back.
fn resume(at: u32, lid: u32) -> Walk {
    let a = saved[at];
    let b = saved[at + 1u];
    var w: Walk;
    w.level = a.x;
    w.rows = a.y;
    w.last = a.z;
    w.gaps = a.w;
    w.lo = b.x;
    w.hi = b.y;
    w.record = b.z;
    w.bottom = b.w;
    w.gained = 0u;
    for (var i = 0u; i < LEVELS; i++) {
        stack[i * WG + lid] = saved[at + 3u + i];
    }
    unpack(w.record, lid);
    return w;
}

// Saves a thread's walk, with its stack, for the next dispatch.
fn suspend(w: Walk, at: u32, lid: u32, t: u32) {
    saved[at] = vec4<u32>(w.level, w.rows, w.last, w.gaps);
    let count = total(w);
    saved[at + 1u] = vec4<u32>(count.x, count.y, w.record, w.bottom);
    saved[at + 2u] = vec4<u32>(0u, t, WALKING, 0u);
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
    w.rows = 0u;
    if walking {
        w = resume(at, lid);
    }
    for (var turn = 0u; turn < params.budget; turn++) {
        if w.rows == 0u {
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
