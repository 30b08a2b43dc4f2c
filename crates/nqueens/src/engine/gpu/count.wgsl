// Counts the completions of tasks: each task is a constellation's search with its first rows
// placed (see tasks.rs). Thread i counts tasks i, i + stride, i + 2 stride, ...
//
// The host prepends two constants: WG, the threads of a workgroup, and LEVELS, the rows of
// stack each thread needs (one per row it walks above the last three).
//
// A thread walks its task's free rows top to bottom with bit masks (columns in use, and the two
// diagonals as they bear on the current row), as the CPU search does. The state of the row
// being walked stays in registers; the rows above it wait on a stack in workgroup memory,
// interleaved so that the threads of a workgroup touch neighbouring words. The last two rows are
// never walked: two columns are left there, and a completion is one of the two ways to deal
// them out, which a few bit operations decide (`last_two`, the CPU search's trick).
//
// The walk is cut into rounds of at most POPS returns to a row above: some devices end any loop
// after 65,535 turns (Mesa's software Vulkan device does), and a round stays well below that
// (between two returns a thread tries at most 32 cells on each row of its path). The rounds of
// one task are limited by `params.rounds`: a task that needs more (none does on a real GPU, where
// the limit is 2^32 - 1) is reported unfinished, with the high word of its count all ones, and
// the host counts it on the CPU.

struct Params {
    // The tasks of this dispatch.
    count: u32,
    // The threads of the dispatch.
    stride: u32,
    // The most rounds of one task.
    rounds: u32,
    pad: u32,
}

// Per task: columns, left diagonals, right diagonals, index of its layout record.
@group(0) @binding(0) var<storage, read> tasks: array<vec4<u32>>;
// Per constellation: a record of STRIDE words (see `record` in tasks.rs).
@group(0) @binding(1) var<storage, read> layouts: array<u32>;
// Per task: its count, low word first.
@group(0) @binding(2) var<storage, read_write> counts: array<vec2<u32>>;
@group(0) @binding(3) var<uniform> params: Params;

const STRIDE: u32 = 72u;
const POPS: u32 = 64u;
const UNFINISHED: u32 = 0xffffffffu;

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

@compute @workgroup_size(WG)
fn main(
    @builtin(local_invocation_index) lid: u32,
    @builtin(global_invocation_id) gid: vec3<u32>,
) {
    var t = gid.x;
    loop {
        if t >= params.count {
            break;
        }
        let task = tasks[t];
        let base = task.w * STRIDE;
        let k = layouts[base + 1u];
        let end = layouts[base + 3u];
        let g_last = layouts[base + 4u];
        let full = layouts[base + 5u];
        let leaf = layouts[base + 6u];
        var cols = task.x;
        var left = task.y;
        var right = task.z;
        var free = layouts[base + 2u] & ~(cols | left | right);
        var d = k;
        // The gap to the next free row, and that row's cells.
        var g = layouts[base + 8u + 2u * d];
        var below = layouts[base + 9u + 2u * d];
        // The count: a small part added at every leaf and folded into the 64-bit sum (lo, hi)
        // before it can reach 2^32 (between two folds it grows by at most 64).
        var small = 0u;
        var lo = 0u;
        var hi = 0u;
        var finished = false;
        var rounds = 0u;
        loop {
            var pops = 0u;
            loop {
                if free != 0u {
                    let bit = free & (0u - free);
                    free = free ^ bit;
                    let c = cols | bit;
                    let l = (left | bit) << g;
                    let r = (right | bit) >> g;
                    let next = below & ~(c | l | r);
                    if d == leaf {
                        small += last_two(next, c, l, r, g_last, end, full);
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
                    pops += 1u;
                    if pops == POPS {
                        break;
                    }
                } else {
                    finished = true;
                    break;
                }
            }
            rounds += 1u;
            if finished || rounds >= params.rounds {
                break;
            }
        }
        let sum = lo + small;
        hi += u32(sum < lo);
        counts[t] = select(vec2<u32>(0u, UNFINISHED), vec2<u32>(sum, hi), finished);
        t += params.stride;
    }
}
