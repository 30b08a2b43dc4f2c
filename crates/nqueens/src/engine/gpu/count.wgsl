// Counts the completions of tasks: each task is a constellation's search with its first rows
// placed (see tasks.rs). On a GPU, each thread takes the next task from a shared counter as soon
// as it has finished one, so that no thread idles while tasks are left. On a software device,
// thread i counts task i alone (see below).
//
// The host prepends two constants: WG, the threads of a workgroup, and LEVELS, the rows of
// stack each thread needs (one per row it walks, but the deepest).
//
// A thread walks its task's free rows top to bottom with bit masks (columns in use, and the two
// diagonals as they bear on the current row), as the CPU search does. The state of the row
// being walked stays in registers; the rows above it wait on a stack in workgroup memory,
// interleaved so that the threads of a workgroup touch neighbouring words. The last three rows
// are never walked: three columns are left there, and a few bit operations without a branch
// decide which of the ways to deal them out are completions (`last_three`, `last_two`). Most of a
// search's nodes lie in its last rows, so this saves most of the turns of the loop, where the
// threads of a group part ways.
//
// One loop does everything, a step of the walk or a change of task in each turn, so that a
// thread whose task ends takes the next one while the others of its group go on walking theirs.
//
// A task's count is written as (low word, complement of the high word). The host clears the
// counts before each dispatch, so a task that a device never finished reads as a high word of
// zero, which no finished task writes (its high word is below 2^30), and the host counts it
// itself. Mesa's software Vulkan device needs that: it ends every loop of a thread after 65,535
// turns in all, so it gets small tasks and one task per thread, and the rare task that takes
// longer is left to the host.

struct Params {
    // The tasks of this dispatch.
    count: u32,
    // 1: threads take tasks from the shared counter; 0: thread i counts task i alone.
    from_counter: u32,
    pad1: u32,
    pad2: u32,
}

// Per task: columns, left diagonals, right diagonals, index of its layout record.
@group(0) @binding(0) var<storage, read> tasks: array<vec4<u32>>;
// Per constellation: a record of STRIDE words (see `record` in tasks.rs).
@group(0) @binding(1) var<storage, read> layouts: array<u32>;
// Per task: its count, as (low word, complement of the high word).
@group(0) @binding(2) var<storage, read_write> counts: array<vec2<u32>>;
// The next task to take.
@group(0) @binding(3) var<storage, read_write> next_task: atomic<u32>;
@group(0) @binding(4) var<uniform> params: Params;

const STRIDE: u32 = 72u;

var<workgroup> stack: array<vec4<u32>, WG * LEVELS>;

// The completions of the last two free rows: `below` holds the cells the second-to-last row
// allows, the masks are those above it; `g` rows further down lies the last row, whose cells are
// `end`. Two columns are left, u left of v: a completion puts one in each row, and the two
// queens attack each other exactly when the columns lie g apart.
fn last_two(below: u32, cols: u32, left: u32, right: u32, g: u32, end: u32, full: u32) -> u32 {
    let both = full & ~cols;
    let u = both & (0u - both);
    let v = both ^ u;
    let last_free = end & ~(cols | (left << g) | (right >> g));
    let u_then_v = u32(((below & u) != 0u) && ((last_free & v) != 0u));
    let v_then_u = u32(((below & v) != 0u) && ((last_free & u) != 0u));
    return select(0u, u_then_v + v_then_u, ((u << g) & v) == 0u);
}

// The completions of the last three free rows that start with a queen in column `x` of the
// first of them, if `cells` (the cells it allows) holds it: the masks are those above that row,
// `g` the gap to the second row, whose cells are `mid`; `g2` and `end` are the last row's.
fn from_column(
    x: u32,
    cells: u32,
    cols: u32,
    left: u32,
    right: u32,
    g: u32,
    mid: u32,
    g2: u32,
    end: u32,
    full: u32,
) -> u32 {
    let c = cols | x;
    let l = (left | x) << g;
    let r = (right | x) >> g;
    let n = last_two(mid & ~(c | l | r), c, l, r, g2, end, full);
    return select(0u, n, (cells & x) != 0u);
}

// The completions of the last three free rows: three columns are left, and each is tried in
// the first of them without a branch (the calls are written out, not looped: some devices
// count every turn of a loop against a limit, see above).
fn last_three(
    cells: u32,
    cols: u32,
    left: u32,
    right: u32,
    g: u32,
    mid: u32,
    g2: u32,
    end: u32,
    full: u32,
) -> u32 {
    let three = full & ~cols;
    let a = three & (0u - three);
    let rest = three ^ a;
    let b = rest & (0u - rest);
    let c = rest ^ b;
    return from_column(a, cells, cols, left, right, g, mid, g2, end, full)
        + from_column(b, cells, cols, left, right, g, mid, g2, end, full)
        + from_column(c, cells, cols, left, right, g, mid, g2, end, full);
}

@compute @workgroup_size(WG)
fn main(
    @builtin(local_invocation_index) lid: u32,
    @builtin(global_invocation_id) gid: vec3<u32>,
) {
    // The task being walked, and its layout: its record, the rows placed before it, the last
    // row's cells and gap, the board's columns, and the row whose children end the walk.
    var t = 0u;
    var walking = false;
    var base = 0u;
    var k = 0u;
    var end = 0u;
    var g_last = 0u;
    var g_mid = 0u;
    var mid = 0u;
    var full = 0u;
    var leaf = 0u;
    // The walk: the masks above row d, the cells of row d not tried yet, the gap to the next
    // free row and that row's cells.
    var cols = 0u;
    var left = 0u;
    var right = 0u;
    var free = 0u;
    var d = 0u;
    var g = 0u;
    var below = 0u;
    // The count: a small part added at every leaf and folded into the 64-bit sum (lo, hi)
    // before it can reach 2^32 (between two folds it grows by at most 64).
    var small = 0u;
    var lo = 0u;
    var hi = 0u;
    loop {
        if free != 0u {
            let bit = free & (0u - free);
            free = free ^ bit;
            let c = cols | bit;
            let l = (left | bit) << g;
            let r = (right | bit) >> g;
            let next = below & ~(c | l | r);
            if d == leaf {
                small += last_three(next, c, l, r, g_mid, mid, g_last, end, full);
            } else if next != 0u {
                stack[(d - k) * WG + lid] = vec4<u32>(cols, left, right, free);
                cols = c;
                left = l;
                right = r;
                free = next;
                d += 1u;
                g = layouts[base + 8u + 2u * d];
                below = layouts[base + 9u + 2u * d];
            }
        } else if d != k {
            d -= 1u;
            let s = stack[(d - k) * WG + lid];
            cols = s.x;
            left = s.y;
            right = s.z;
            free = s.w;
            g = layouts[base + 8u + 2u * d];
            below = layouts[base + 9u + 2u * d];
            if small >= 0x80000000u {
                let sum = lo + small;
                hi += u32(sum < lo);
                lo = sum;
                small = 0u;
            }
        } else {
            // The task is done: its count out, the next task in.
            if walking {
                let sum = lo + small;
                hi += u32(sum < lo);
                counts[t] = vec2<u32>(sum, ~hi);
            }
            if params.from_counter != 0u {
                t = atomicAdd(&next_task, 1u);
            } else {
                t = select(gid.x, params.count, walking);
            }
            if t >= params.count {
                break;
            }
            walking = true;
            let task = tasks[t];
            base = task.w * STRIDE;
            k = layouts[base + 1u];
            end = layouts[base + 3u];
            g_last = layouts[base + 4u];
            full = layouts[base + 5u];
            leaf = layouts[base + 6u];
            g_mid = layouts[base + 8u + 2u * (leaf + 1u)];
            mid = layouts[base + 9u + 2u * (leaf + 1u)];
            cols = task.x;
            left = task.y;
            right = task.z;
            free = layouts[base + 2u] & ~(cols | left | right);
            d = k;
            g = layouts[base + 8u + 2u * d];
            below = layouts[base + 9u + 2u * d];
            small = 0u;
            lo = 0u;
            hi = 0u;
        }
    }
}
