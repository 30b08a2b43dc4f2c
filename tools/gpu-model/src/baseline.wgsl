// The GPU kernel as it was before the one-step design of count.wgsl, kept for the model
// (tools/gpu-model) alone: it is never run. Its loop is the earlier shader's, unchanged but
// for one thing: each of the paths a turn can take (try a cell; at the leaf row, count the last
// three rows in closed form; push; pop; change task) is written as a function of its own, so that
// the model can count each path's operations apart on the SPIR-V. Drivers inline such
// functions, so the code a GPU runs is the same.

struct Params {
    count: u32,
    from_counter: u32,
    pad1: u32,
    pad2: u32,
}

@group(0) @binding(0) var<storage, read> tasks: array<vec4<u32>>;
@group(0) @binding(1) var<storage, read> layouts: array<u32>;
@group(0) @binding(2) var<storage, read_write> counts: array<vec2<u32>>;
@group(0) @binding(3) var<storage, read_write> next_task: atomic<u32>;
@group(0) @binding(4) var<uniform> params: Params;

const STRIDE: u32 = 72u;

var<workgroup> stack: array<vec4<u32>, WG * LEVELS>;

struct Walk {
    base: u32,
    k: u32,
    end: u32,
    g_last: u32,
    g_mid: u32,
    mid: u32,
    full: u32,
    leaf: u32,
    cols: u32,
    left: u32,
    right: u32,
    free: u32,
    d: u32,
    g: u32,
    below: u32,
    small: u32,
    lo: u32,
    hi: u32,
}

struct Tried {
    c: u32,
    l: u32,
    r: u32,
    next: u32,
}

fn last_two(below: u32, cols: u32, left: u32, right: u32, g: u32, end: u32, full: u32) -> u32 {
    let both = full & ~cols;
    let u = both & (0u - both);
    let v = both ^ u;
    let last_free = end & ~(cols | (left << g) | (right >> g));
    let u_then_v = u32(((below & u) != 0u) && ((last_free & v) != 0u));
    let v_then_u = u32(((below & v) != 0u) && ((last_free & u) != 0u));
    return select(0u, u_then_v + v_then_u, ((u << g) & v) == 0u);
}

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

// Path "try": the lowest free cell of the row, and what it leaves below.
fn path_try(w: Walk) -> Tried {
    let bit = w.free & (0u - w.free);
    var t: Tried;
    t.c = w.cols | bit;
    t.l = (w.left | bit) << w.g;
    t.r = (w.right | bit) >> w.g;
    t.next = w.below & ~(t.c | t.l | t.r);
    return t;
}

// Path "leaf": the last three rows, in closed form.
fn path_leaf(w: Walk, t: Tried) -> u32 {
    let three = w.full & ~t.c;
    let a = three & (0u - three);
    let rest = three ^ a;
    let b = rest & (0u - rest);
    let c = rest ^ b;
    return from_column(a, t.next, t.c, t.l, t.r, w.g_mid, w.mid, w.g_last, w.end, w.full)
        + from_column(b, t.next, t.c, t.l, t.r, w.g_mid, w.mid, w.g_last, w.end, w.full)
        + from_column(c, t.next, t.c, t.l, t.r, w.g_mid, w.mid, w.g_last, w.end, w.full);
}

// Path "push": down a row.
fn path_push(w: Walk, t: Tried, lid: u32) -> Walk {
    var s = w;
    stack[(w.d - w.k) * WG + lid] = vec4<u32>(w.cols, w.left, w.right, w.free);
    s.cols = t.c;
    s.left = t.l;
    s.right = t.r;
    s.free = t.next;
    s.d = w.d + 1u;
    s.g = layouts[w.base + 8u + 2u * s.d];
    s.below = layouts[w.base + 9u + 2u * s.d];
    return s;
}

// Path "pop": back up a row.
fn path_pop(w: Walk, lid: u32) -> Walk {
    var s = w;
    s.d = w.d - 1u;
    let f = stack[(s.d - w.k) * WG + lid];
    s.cols = f.x;
    s.left = f.y;
    s.right = f.z;
    s.free = f.w;
    s.g = layouts[w.base + 8u + 2u * s.d];
    s.below = layouts[w.base + 9u + 2u * s.d];
    if w.small >= 0x80000000u {
        let sum = w.lo + w.small;
        s.hi = w.hi + u32(sum < w.lo);
        s.lo = sum;
        s.small = 0u;
    }
    return s;
}

// Path "change": the task's count out, the next task in.
fn path_change(w: Walk, t: u32) -> Walk {
    let task = tasks[t];
    var s: Walk;
    s.base = task.w * STRIDE;
    s.k = layouts[s.base + 1u];
    s.end = layouts[s.base + 3u];
    s.g_last = layouts[s.base + 4u];
    s.full = layouts[s.base + 5u];
    s.leaf = layouts[s.base + 6u];
    s.g_mid = layouts[s.base + 8u + 2u * (s.leaf + 1u)];
    s.mid = layouts[s.base + 9u + 2u * (s.leaf + 1u)];
    s.cols = task.x;
    s.left = task.y;
    s.right = task.z;
    s.free = layouts[s.base + 2u] & ~(s.cols | s.left | s.right);
    s.d = s.k;
    s.g = layouts[s.base + 8u + 2u * s.d];
    s.below = layouts[s.base + 9u + 2u * s.d];
    s.small = 0u;
    s.lo = 0u;
    s.hi = 0u;
    return s;
}

@compute @workgroup_size(WG)
fn main(
    @builtin(local_invocation_index) lid: u32,
    @builtin(global_invocation_id) gid: vec3<u32>,
) {
    var t = 0u;
    var walking = false;
    var w: Walk;
    loop {
        if w.free != 0u {
            let tried = path_try(w);
            w.free = w.free ^ (w.free & (0u - w.free));
            if w.d == w.leaf {
                w.small += path_leaf(w, tried);
            } else if tried.next != 0u {
                w = path_push(w, tried, lid);
            }
        } else if w.d != w.k {
            w = path_pop(w, lid);
        } else {
            if walking {
                let sum = w.lo + w.small;
                counts[t] = vec2<u32>(sum, ~(w.hi + u32(sum < w.lo)));
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
            w = path_change(w, t);
        }
    }
}
