// The per-node step of the fastest public CUDA counter's design (a mirror-only split, the first
// rows placed on the CPU, one thread per subproblem, a stack of 16-byte frames in shared memory
// laid out so that a warp's frames of one level are side by side), written in WGSL so that the
// model prices it by the same rules as this project's step (`price.rs`). It is for the model
// alone: the engine never runs it.
//
// A frame holds the queens' columns and both diagonals as seen from its row, and the row's
// cells still to try. Each call takes one cell of the top frame (one node), and either pushes
// the child row's frame or, on the last row or where the child has no free cell, counts the
// child's free cells at once. A frame whose cells are all tried is popped in the same call.

const LAST: u32 = 19u;          // the last row's index: n - 1 (the model prices n = 20)
const FULL: u32 = 0xfffffu;     // n ones

var<workgroup> frames: array<vec4<u32>, WG * LEVELS>;

struct Walk {
    top: u32,   // the top frame's index in `frames`
    lo: u32,    // the 64-bit count, in two words
    hi: u32,
}

fn node(s: Walk) -> Walk {
    let f = frames[s.top];
    let bit = f.w & (0u - f.w);
    let rest = f.w ^ bit;
    frames[s.top].w = rest;
    let cols = f.x | bit;
    let left = (f.y | bit) << 1u;
    let right = (f.z | bit) >> 1u;
    let child = FULL & ~(cols | left | right);
    // The row of the child is the queens placed so far: a popcount, as the design does it.
    let leaf = countOneBits(cols) == LAST || child == 0u;
    let top = select(s.top, s.top - WG, rest == 0u);
    var w = s;
    let gained = select(0u, countOneBits(child), leaf);
    w.lo = s.lo + gained;
    w.hi = s.hi + u32(w.lo < gained);
    if !leaf {
        frames[top + WG] = vec4<u32>(cols, left, right, child);
    }
    w.top = select(top, top + WG, !leaf);
    return w;
}

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) lid: u32) {
    var w: Walk;
    w.top = WG + lid;
    while w.top >= WG {
        w = node(w);
    }
    frames[lid].x = w.lo + w.hi;
}
