//! What a turn of a shader costs on a real GPU, priced by what each kind of operation is
//! charged there, so that the model's seconds can be checked against measured and published
//! ones rather than trusted.
//!
//! Counting one issue slot per SPIR-V operation (the lockstep model's rule) put a count at
//! about half the time an H100 took. Two things it left out decide a turn's price:
//!
//! - **Pipes.** An NVIDIA SM does not run every operation at its issue rate. The CUDA C++
//!   Programming Guide's throughput table ("Arithmetic Instructions") gives 32-bit integer
//!   add, shift, compare and logic 64 results per SM per clock on compute capabilities 8.0 to
//!   9.0, population count 16. Workgroup (shared) memory and the L1 cache share one data pipe
//!   that moves a 128-byte wavefront a clock per SM: a warp's 16-byte access of workgroup
//!   memory takes 4, its load of a buffer one per 128-byte line its lanes touch, up to 32
//!   when each lane reads its own place. A turn is bound by its busiest pipe, or by issue.
//! - **Latency.** A thread's turn is a chain: its row comes out of workgroup memory, a mask is
//!   built from it, and the next turn's address depends on that mask. A scheduler hides the
//!   chain only with enough warps to issue from in the meantime; with fewer, a turn lasts its
//!   chain's latency divided by the warps it has.
//!
//! [`Turn::of`] reads both from the SPIR-V that naga emits for one function of a shader: the
//! operations by class, and the longest chain of dependent operations under [`LATENCY`].
//! [`Gpu::cycles`] turns them into cycles per warp-turn per scheduler for a device of
//! [`GPUS`], with as many warps per scheduler as the kernel keeps resident. The table's
//! sources are cited on each entry; the latencies come from published microbenchmarks and the
//! one fitted constant, [`SUSTAINED`], from a hardware profile of the fastest public CUDA
//! counter (the guide's benchmarks chapter gives the profile and the calibration).

use std::collections::HashMap;

/// The SPIR-V naga emits for a WGSL source (with `WG` and `LEVELS` defined, as the engine
/// defines them): `checked` with the index clamps and loop bound wgpu adds by default, else as
/// a trusted module.
pub fn spirv(source: &str, checked: bool) -> Result<Vec<u32>, String> {
    use naga::back::spv;
    use naga::proc::{BoundsCheckPolicies, BoundsCheckPolicy};
    let source = format!("const WG: u32 = 64u;\nconst LEVELS: u32 = 16u;\n{source}");
    let module = naga::front::wgsl::parse_str(&source).map_err(|e| e.emit_to_string(&source))?;
    let info = naga::valid::Validator::new(
        naga::valid::ValidationFlags::all(),
        naga::valid::Capabilities::all(),
    )
    .validate(&module)
    .map_err(|e| format!("{e:?}"))?;
    let policy = if checked {
        BoundsCheckPolicy::Restrict
    } else {
        BoundsCheckPolicy::Unchecked
    };
    let options = spv::Options {
        // Names in the output, so that functions can be found by name.
        flags: spv::WriterFlags::DEBUG,
        bounds_check_policies: BoundsCheckPolicies {
            index: policy,
            buffer: policy,
            image_load: policy,
            binding_array: BoundsCheckPolicy::Unchecked,
        },
        force_loop_bounding: checked,
        zero_initialize_workgroup_memory: spv::ZeroInitializeWorkgroupMemoryMode::None,
        ..Default::default()
    };
    spv::write_vec(&module, &info, &options, None).map_err(|e| e.to_string())
}

/// The fastest public CUDA counter's per-node step, in WGSL, for pricing alone.
pub const PEER_SHADER: &str = include_str!("peer.wgsl");

/// No operations.
pub const NONE: Ops = Ops {
    logic: 0.0,
    arith: 0.0,
    popcount: 0.0,
    shared: 0.0,
    shared_bytes: 0.0,
    global: 0.0,
    atomic: 0.0,
    branch: 0.0,
};

/// The loop around this project's step, each turn: the test for a task's end and the turn
/// counter (two compares, an add, two branches).
pub const STEP_LOOP: Ops = Ops {
    logic: 2.0,
    arith: 1.0,
    branch: 2.0,
    ..NONE
};

/// The loop around the peer's step: the test for its stack's bottom.
pub const PEER_LOOP: Ops = Ops {
    logic: 1.0,
    branch: 1.0,
    ..NONE
};

/// The price of a turn of this project's step (`count.wgsl`, as a trusted module) and of the
/// peer's (`peer.wgsl`), each with its loop. The step reads no buffer: its rows' cells are
/// copied beside its stack when a task begins, so that no load of a turn is scattered.
pub fn kernels(step_source: &str) -> Result<(Turn, Turn), String> {
    let step = Turn::of(&spirv(step_source, false)?, "step")?.with(STEP_LOOP, 1.0);
    let peer = Turn::of(&spirv(PEER_SHADER, false)?, "node")?.with(PEER_LOOP, 1.0);
    Ok((step, peer))
}

/// What a change of task costs the step's warp beside its function `unpack` (the record's
/// cells copied beside the stack): the loads of the task and of the record's head, the store of
/// the finished task's count, and the two atomics that hand out and report tasks.
pub const CHANGE_EXTRA: Ops = Ops {
    global: 3.0,
    atomic: 2.0,
    ..NONE
};

/// The price of a warp-turn in which a lane of this project's step changes task: its copy of
/// the record's cells and [`CHANGE_EXTRA`], every load and store of a buffer each lane's own
/// line (the lanes of a warp change task at different times, to tasks of different
/// constellations).
pub fn change(step_source: &str) -> Result<Turn, String> {
    Ok(Turn::of(&spirv(step_source, false)?, "unpack")?
        .with(CHANGE_EXTRA, 1.0)
        .scattered(32.0))
}

/// Operations of a turn by the pipe that runs them, per thread.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Ops {
    /// 32-bit logic, compares and selects (one per component): the integer pipe's alone.
    pub logic: f64,
    /// 32-bit adds, subtracts, shifts and multiplies, which NVIDIA's compiler also issues to
    /// the multiply-add pipe (as `IMAD` forms), so that they share two pipes.
    pub arith: f64,
    /// Population counts (`countOneBits`) and bit scans (`firstLeadingBit`,
    /// `firstTrailingBit`), which run on the same pipe at the same rate.
    pub popcount: f64,
    /// Loads and stores of workgroup memory.
    pub shared: f64,
    /// Bytes a thread moves to or from workgroup memory.
    pub shared_bytes: f64,
    /// Loads and stores of storage and uniform buffers.
    pub global: f64,
    /// Atomic operations.
    pub atomic: f64,
    /// Conditional branches.
    pub branch: f64,
}

impl Ops {
    /// Instructions to issue, one per operation.
    pub fn issued(&self) -> f64 {
        self.logic
            + self.arith
            + self.popcount
            + self.shared
            + self.global
            + self.atomic
            + self.branch
    }

    /// These operations and `other`'s, `k` times over.
    pub fn plus(self, other: Ops, k: f64) -> Ops {
        Ops {
            logic: self.logic + k * other.logic,
            arith: self.arith + k * other.arith,
            popcount: self.popcount + k * other.popcount,
            shared: self.shared + k * other.shared,
            shared_bytes: self.shared_bytes + k * other.shared_bytes,
            global: self.global + k * other.global,
            atomic: self.atomic + k * other.atomic,
            branch: self.branch + k * other.branch,
        }
    }
}

/// Cycles from an operation's issue until an operation that needs its result can issue.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Latency {
    /// Integer arithmetic and logic.
    pub int: f64,
    /// Population count.
    pub popcount: f64,
    /// A load of workgroup memory.
    pub shared: f64,
    /// A load of a storage or uniform buffer that hits the L1 cache.
    pub global: f64,
}

/// Latencies on NVIDIA's GPUs since Volta, in the round figures published microbenchmarks
/// give: about 4 cycles for dependent integer operations and about 30 for a shared-memory load
/// (Jia et al., "Dissecting the NVIDIA Volta GPU Architecture via Microbenchmarking", 2018,
/// and the Turing and Hopper studies that followed; Hopper's shared memory measures 29 to 33),
/// the population count's special-function path about twice an integer operation's, and an
/// L1 hit about 35 cycles.
pub const LATENCY: Latency = Latency {
    int: 4.0,
    popcount: 8.0,
    shared: 30.0,
    global: 35.0,
};

/// The share of its binding bound that a tuned integer kernel sustains, fitted to one
/// measurement: a hardware profile of the fastest public CUDA counter at N = 17 on an H100
/// (Nsight Compute) found 44.6 cycles per warp-iteration on each scheduler, with 4.6 warps a
/// scheduler, where this module prices its step (`peer.wgsl`) at 42 (the integer pipe).
pub const SUSTAINED: f64 = 0.94;

/// A turn's price: its operations, and the longest chain of dependent ones in cycles.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Turn {
    /// Operations by pipe.
    pub ops: Ops,
    /// Cycles of the longest chain from the function's inputs to its result, under
    /// [`LATENCY`].
    pub chain: f64,
    /// The 128-byte lines a warp's load of a storage buffer touches: 1 where its lanes read
    /// the same or neighbouring words, up to 32 where each reads its own place. The SPIR-V
    /// does not say; the workload does ([`Turn::scattered`]).
    pub lines: f64,
}

impl Turn {
    /// The price of one call of function `name` of the SPIR-V module `words`. The function must
    /// call no other (the turns this prices are single functions).
    pub fn of(words: &[u32], name: &str) -> Result<Turn, String> {
        let module = Module::parse(words);
        let id = module
            .names
            .get(name)
            .copied()
            .ok_or_else(|| format!("the shader has no function {name}"))?;
        let body = module
            .functions
            .get(&id)
            .ok_or_else(|| format!("{name} has no body"))?;
        module.price(body, name).map(|t| t.scattered(1.0))
    }

    /// This turn with `other` taken `k` times per turn beside it (its chain not lengthened:
    /// a test at the top of a loop runs beside the step it leads to).
    pub fn with(self, other: Ops, k: f64) -> Turn {
        Turn {
            ops: self.ops.plus(other, k),
            ..self
        }
    }

    /// This turn with each warp's storage loads touching `lines` lines.
    pub fn scattered(self, lines: f64) -> Turn {
        Turn { lines, ..self }
    }
}

/// A GPU, by the published figures that price a turn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Gpu {
    /// Its name, as the tables say it.
    pub name: &'static str,
    /// Streaming multiprocessors.
    pub sms: u64,
    /// The SM clock a long count runs at, in Hz (the boost clock of the specification; an H100
    /// was measured to hold it).
    pub clock: f64,
    /// Warp schedulers per SM (each issues one warp instruction a clock).
    pub schedulers: u64,
    /// 32-bit integer add, logic, shift and compare results per SM per clock.
    pub int_rate: f64,
    /// 32-bit integer multiply-add results per SM per clock (the pipe that also runs adds and
    /// shifts as `IMAD` forms).
    pub multiply_rate: f64,
    /// Population count results per SM per clock.
    pub popcount_rate: f64,
    /// Workgroup-memory bytes per SM per clock.
    pub shared_rate: f64,
    /// Threads an SM keeps resident at most.
    pub threads_per_sm: u64,
    /// Workgroup memory a CUDA kernel may use per SM, in bytes.
    pub shared_per_sm: u64,
    /// Where the figures come from.
    pub source: &'static str,
}

/// Hopper's figures (compute capability 9.0): 4 schedulers, 64 integer and 16 popcount results
/// a clock per SM, 2,048 threads and up to 227 KiB of shared memory per SM.
const HOPPER: Gpu = Gpu {
    name: "",
    sms: 0,
    clock: 0.0,
    schedulers: 4,
    int_rate: 64.0,
    multiply_rate: 64.0,
    popcount_rate: 16.0,
    shared_rate: 128.0,
    threads_per_sm: 2048,
    shared_per_sm: 227 * 1024,
    source: "",
};

/// The devices the model prices: those the fastest public CUDA counter published figures for,
/// and those this project measured on.
pub const GPUS: [Gpu; 7] = [
    Gpu {
        name: "H100 SXM",
        sms: 132,
        clock: 1.98e9,
        source: "NVIDIA H100 datasheet and Hopper whitepaper (132 SMs); 1,980 MHz measured \
                 through every count; rates: CUDA C++ Programming Guide, CC 9.0",
        ..HOPPER
    },
    Gpu {
        name: "H100 PCIe",
        sms: 114,
        clock: 1.755e9,
        source: "NVIDIA H100 PCIe product brief (114 SMs, 1,755 MHz boost); rates: CC 9.0",
        ..HOPPER
    },
    Gpu {
        name: "H800",
        sms: 132,
        clock: 1.98e9,
        source: "the H100 SXM's GPU with a narrower interconnect (132 SMs, 1,980 MHz); CC 9.0",
        ..HOPPER
    },
    Gpu {
        name: "H200",
        sms: 132,
        clock: 1.98e9,
        source: "NVIDIA H200 product brief: the H100 SXM's GPU with more memory; CC 9.0",
        ..HOPPER
    },
    Gpu {
        name: "A100",
        sms: 108,
        clock: 1.41e9,
        threads_per_sm: 2048,
        shared_per_sm: 163 * 1024,
        source: "NVIDIA A100 whitepaper (108 SMs, 1,410 MHz boost); rates: CC 8.0",
        ..HOPPER
    },
    Gpu {
        name: "RTX 4090",
        sms: 128,
        clock: 2.52e9,
        threads_per_sm: 1536,
        shared_per_sm: 99 * 1024,
        source: "NVIDIA Ada Lovelace whitepaper (128 SMs, 2,520 MHz boost); rates: CC 8.9",
        ..HOPPER
    },
    Gpu {
        name: "RTX 5090",
        sms: 170,
        clock: 2.407e9,
        // Blackwell's 128 cores of an SM each run 32-bit integer or floating-point work, where
        // Ada's had 64 that could run integers.
        int_rate: 128.0,
        threads_per_sm: 1536,
        shared_per_sm: 99 * 1024,
        source: "NVIDIA RTX Blackwell whitepaper (170 SMs, 2,407 MHz boost, integer rate \
                 doubled: every core runs INT32); other rates: CC 12.0",
        ..HOPPER
    },
];

/// The bounds of a warp-turn on one scheduler, in cycles.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bounds {
    /// Issuing its instructions, one a clock.
    pub issue: f64,
    /// The integer pipe.
    pub int: f64,
    /// The popcount pipe.
    pub popcount: f64,
    /// The L1's data pipe, which workgroup memory and cached loads share, one 128-byte
    /// wavefront a clock per SM, served to the SM's schedulers in turn.
    pub memory: f64,
    /// The chain's latency spread over the warps the scheduler holds.
    pub latency: f64,
}

impl Bounds {
    /// The binding bound.
    pub fn max(&self) -> f64 {
        self.issue
            .max(self.int)
            .max(self.popcount)
            .max(self.memory)
            .max(self.latency)
    }

    /// The binding bound's name.
    pub fn binding(&self) -> &'static str {
        let m = self.max();
        [
            (self.issue, "issue"),
            (self.int, "integer pipe"),
            (self.popcount, "popcount pipe"),
            (self.memory, "memory"),
            (self.latency, "latency"),
        ]
        .into_iter()
        .find(|&(v, _)| v == m)
        .map_or("issue", |(_, name)| name)
    }
}

impl Gpu {
    /// The bounds of one warp-turn of `turn` on one scheduler that holds `warps` warps.
    pub fn bounds(&self, turn: &Turn, warps: f64) -> Bounds {
        let s = self.schedulers as f64;
        let lanes = 32.0;
        let o = &turn.ops;
        Bounds {
            issue: o.issued(),
            // Logic has the integer pipe; arithmetic shares it with the multiply-add pipe.
            int: (o.logic * lanes / (self.int_rate / s))
                .max((o.logic + o.arith) * lanes / ((self.int_rate + self.multiply_rate) / s)),
            popcount: o.popcount * lanes / (self.popcount_rate / s),
            // A warp's access of workgroup memory takes a wavefront per 128 bytes; its load of
            // a buffer, one per line it touches.
            memory: (o.shared_bytes * lanes / self.shared_rate + o.global * turn.lines) * s,
            latency: turn.chain / warps.max(1.0),
        }
    }

    /// Cycles one scheduler spends per warp-turn, sustained: the binding bound over the share
    /// of it a tuned kernel keeps ([`SUSTAINED`]).
    pub fn cycles(&self, turn: &Turn, warps: f64) -> f64 {
        self.bounds(turn, warps).max() / SUSTAINED
    }

    /// Seconds for `warp_turns` warp-turns spread evenly over the device.
    pub fn seconds(&self, turn: &Turn, warps: f64, warp_turns: f64) -> f64 {
        let schedulers = (self.sms * self.schedulers) as f64;
        warp_turns / schedulers * self.cycles(turn, warps) / self.clock
    }

    /// Warps per scheduler when each thread holds `bytes` of workgroup memory in workgroups of
    /// `wg` threads and the SM gives a kernel `shared` bytes of it.
    pub fn warps(&self, bytes: u64, wg: u64, shared: u64) -> f64 {
        let groups = (shared / (bytes * wg).max(1)).min(self.threads_per_sm / wg);
        (groups * wg) as f64 / 32.0 / self.schedulers as f64
    }
}

/// One instruction of a function: its opcode and words.
struct Inst {
    op: u32,
    words: Vec<u32>,
}

/// What pricing needs of a SPIR-V module.
struct Module {
    names: HashMap<String, u32>,
    functions: HashMap<u32, Vec<Inst>>,
    /// Components of vector types.
    vectors: HashMap<u32, u64>,
    /// Bytes of scalar and vector types (32-bit scalars).
    bytes: HashMap<u32, u64>,
    /// Pointer types' storage classes and pointee types.
    pointers: HashMap<u32, (u32, u32)>,
    /// Module-scope variables' storage classes.
    globals: HashMap<u32, u32>,
    /// Types of values and pointers.
    types: HashMap<u32, u32>,
}

// Opcodes (SPIR-V specification, section 3.52).
const OP_NAME: u32 = 5;
const OP_TYPE_BOOL: u32 = 20;
const OP_TYPE_INT: u32 = 21;
const OP_TYPE_VECTOR: u32 = 23;
const OP_TYPE_POINTER: u32 = 32;
const OP_FUNCTION: u32 = 54;
const OP_PARAMETER: u32 = 55;
const OP_FUNCTION_END: u32 = 56;
const OP_CALL: u32 = 57;
const OP_VARIABLE: u32 = 59;
const OP_LOAD: u32 = 61;
const OP_STORE: u32 = 62;
const OP_ACCESS_CHAIN: u32 = 65;
const OP_IN_BOUNDS_ACCESS_CHAIN: u32 = 66;
const OP_VECTOR_SHUFFLE: u32 = 79;
const OP_COMPOSITE_CONSTRUCT: u32 = 80;
const OP_COMPOSITE_EXTRACT: u32 = 81;
const OP_COMPOSITE_INSERT: u32 = 82;
const OP_COPY_OBJECT: u32 = 83;
const OP_BITCAST: u32 = 124;
const OP_BIT_COUNT: u32 = 205;
const OP_EXT_INST: u32 = 12;
/// GLSL.std.450's bit scans (`FindILsb`, `FindSMsb`, `FindUMsb`: WGSL's `firstTrailingBit` and
/// `firstLeadingBit`), which NVIDIA runs at the population count's rate (the throughput table's
/// "count of leading zeros, most significant non-sign bit", 16 a clock per SM).
const BIT_SCANS: std::ops::RangeInclusive<u32> = 73..=75;
const OP_BRANCH_CONDITIONAL: u32 = 250;
const OP_RETURN_VALUE: u32 = 254;
const OP_ATOMIC_FIRST: u32 = 227;
const OP_ATOMIC_LAST: u32 = 242;
// Storage classes.
const WORKGROUP: u32 = 4;
const FUNCTION: u32 = 7;
const PRIVATE: u32 = 6;

/// Free opcodes whose result is a value (the others have none): undef, constants, composites,
/// copies, bitcasts and phis.
fn has_result(op: u32) -> bool {
    matches!(op, 1 | 43..=52 | 245) || REARRANGE.contains(&op)
}

/// Opcodes that take values apart or put them together, which cost nothing on a GPU.
const REARRANGE: [u32; 6] = [
    OP_VECTOR_SHUFFLE,
    OP_COMPOSITE_CONSTRUCT,
    OP_COMPOSITE_EXTRACT,
    OP_COMPOSITE_INSERT,
    OP_COPY_OBJECT,
    OP_BITCAST,
];

/// Opcodes that cost nothing: line info, undef, constants, composites, copies, bitcasts,
/// phis, structured-control marks, labels, unconditional branches, returns.
fn free(op: u32) -> bool {
    matches!(op, 0 | 1 | 8 | 317 | 43..=52 | 245..=249 | 253 | OP_RETURN_VALUE)
        || REARRANGE.contains(&op)
}

impl Module {
    fn parse(words: &[u32]) -> Module {
        let mut m = Module {
            names: HashMap::new(),
            functions: HashMap::new(),
            vectors: HashMap::new(),
            bytes: HashMap::new(),
            pointers: HashMap::new(),
            globals: HashMap::new(),
            types: HashMap::new(),
        };
        let mut ids: HashMap<u32, String> = HashMap::new();
        let mut current = None;
        let mut at = 5;
        while at < words.len() {
            let (len, op) = ((words[at] >> 16) as usize, words[at] & 0xffff);
            let w = &words[at..(at + len.max(1)).min(words.len())];
            at += len.max(1);
            match op {
                OP_NAME => {
                    let bytes: Vec<u8> = w[2..].iter().flat_map(|x| x.to_le_bytes()).collect();
                    let end = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
                    ids.insert(w[1], String::from_utf8_lossy(&bytes[..end]).into_owned());
                }
                OP_TYPE_BOOL | OP_TYPE_INT | 22 => {
                    m.bytes.insert(w[1], 4);
                }
                OP_TYPE_VECTOR => {
                    m.vectors.insert(w[1], w[3] as u64);
                    let b = m.bytes.get(&w[2]).copied().unwrap_or(4);
                    m.bytes.insert(w[1], b * w[3] as u64);
                }
                OP_TYPE_POINTER => {
                    m.pointers.insert(w[1], (w[2], w[3]));
                }
                OP_VARIABLE if current.is_none() => {
                    m.globals.insert(w[2], w[3]);
                    m.types.insert(w[2], w[1]);
                }
                OP_FUNCTION => {
                    current = Some(w[2]);
                    m.functions.insert(w[2], Vec::new());
                    continue;
                }
                OP_FUNCTION_END => current = None,
                _ => {}
            }
            if let Some(f) = current {
                m.functions.get_mut(&f).expect("opened").push(Inst {
                    op,
                    words: w.to_vec(),
                });
            }
        }
        for (id, name) in ids {
            if m.functions.contains_key(&id) {
                m.names.insert(name, id);
            }
        }
        m
    }

    /// The storage class of the memory a pointer reaches, through the access chains that
    /// `bases` recorded.
    fn class(&self, pointer: u32, bases: &HashMap<u32, u32>) -> u32 {
        self.globals
            .get(&root_of(pointer, bases))
            .copied()
            .unwrap_or(FUNCTION)
    }

    fn price(&self, body: &[Inst], name: &str) -> Result<Turn, String> {
        let mut ops = Ops::default();
        // When each value is ready, in cycles from the call; and what each of the function's
        // own variables last held.
        let mut ready: HashMap<u32, f64> = HashMap::new();
        let mut cell: HashMap<u32, f64> = HashMap::new();
        let mut bases: HashMap<u32, u32> = HashMap::new();
        let mut types: HashMap<u32, u32> = self.types.clone();
        let mut chain: f64 = 0.0;
        let at = |ready: &HashMap<u32, f64>, ids: &[u32]| {
            ids.iter()
                .map(|i| ready.get(i).copied().unwrap_or(0.0))
                .fold(0.0, f64::max)
        };
        for inst in body {
            let w = &inst.words;
            match inst.op {
                OP_CALL => return Err(format!("{name} calls another function")),
                OP_PARAMETER => {
                    ready.insert(w[2], 0.0);
                    types.insert(w[2], w[1]);
                }
                OP_VARIABLE => {
                    bases.remove(&w[2]);
                    types.insert(w[2], w[1]);
                }
                OP_ACCESS_CHAIN | OP_IN_BOUNDS_ACCESS_CHAIN => {
                    bases.insert(w[2], w[3]);
                    types.insert(w[2], w[1]);
                    // The address is ready when its indices are.
                    let t = at(&ready, &w[4..]);
                    ready.insert(w[2], t.max(ready.get(&w[3]).copied().unwrap_or(0.0)));
                }
                OP_LOAD => {
                    let root = root_of(w[3], &bases);
                    let class = self.class(w[3], &bases);
                    let t = match class {
                        FUNCTION | PRIVATE => cell.get(&root).copied().unwrap_or(0.0),
                        WORKGROUP => {
                            ops.shared += 1.0;
                            ops.shared_bytes += self.size(w[1]);
                            at(&ready, &[w[3]]) + LATENCY.shared
                        }
                        _ => {
                            ops.global += 1.0;
                            at(&ready, &[w[3]]) + LATENCY.global
                        }
                    };
                    ready.insert(w[2], t);
                    types.insert(w[2], w[1]);
                }
                OP_STORE => {
                    let root = root_of(w[1], &bases);
                    match self.class(w[1], &bases) {
                        FUNCTION | PRIVATE => {
                            let t = at(&ready, &[w[1], w[2]]);
                            let old = cell.get(&root).copied().unwrap_or(0.0);
                            cell.insert(root, old.max(t));
                        }
                        WORKGROUP => {
                            ops.shared += 1.0;
                            let ty = types.get(&w[2]).copied().unwrap_or(0);
                            ops.shared_bytes += self.size(ty);
                        }
                        _ => ops.global += 1.0,
                    }
                }
                OP_RETURN_VALUE => chain = chain.max(at(&ready, &[w[1]])),
                OP_BRANCH_CONDITIONAL => ops.branch += 1.0,
                op if free(op) => {
                    if w.len() > 2 && has_result(op) {
                        let inputs = match op {
                            OP_COMPOSITE_EXTRACT | OP_COPY_OBJECT | OP_BITCAST => &w[3..4],
                            OP_VECTOR_SHUFFLE => &w[3..5],
                            OP_COMPOSITE_INSERT => &w[3..5],
                            245 => &[][..],
                            _ => &w[3..],
                        };
                        let t = at(&ready, inputs);
                        ready.insert(w[2], t);
                        types.insert(w[2], w[1]);
                    }
                }
                op if (OP_ATOMIC_FIRST..=OP_ATOMIC_LAST).contains(&op) => {
                    ops.atomic += 1.0;
                    if w.len() > 3 {
                        ready.insert(w[2], at(&ready, &w[3..]) + LATENCY.global);
                    }
                }
                op => {
                    let width = self.vectors.get(&w[1]).copied().unwrap_or(1) as f64;
                    let t = at(&ready, &w[3..]);
                    let latency = match op {
                        OP_BIT_COUNT => {
                            ops.popcount += width;
                            LATENCY.popcount
                        }
                        OP_EXT_INST if w.len() > 4 && BIT_SCANS.contains(&w[4]) => {
                            ops.popcount += width;
                            LATENCY.popcount
                        }
                        op if arithmetic(op) => {
                            ops.arith += width;
                            LATENCY.int
                        }
                        _ => {
                            ops.logic += width;
                            LATENCY.int
                        }
                    };
                    ready.insert(w[2], t + latency);
                    types.insert(w[2], w[1]);
                }
            }
        }
        Ok(Turn {
            ops,
            chain,
            lines: 1.0,
        })
    }

    /// Bytes of a value of type `ty` (of a pointer's pointee, for a pointer type).
    fn size(&self, ty: u32) -> f64 {
        let ty = self.pointers.get(&ty).map_or(ty, |&(_, pointee)| pointee);
        self.bytes.get(&ty).copied().unwrap_or(4) as f64
    }
}

/// Whether an integer opcode is an add, subtract, negate, multiply or shift (SPIR-V's
/// `OpSNegate`, `OpIAdd`, `OpISub`, `OpIMul`, and the three shifts).
fn arithmetic(op: u32) -> bool {
    matches!(op, 126 | 128 | 130 | 132 | 194..=196)
}

/// The variable a pointer reaches through access chains.
fn root_of(pointer: u32, bases: &HashMap<u32, u32>) -> u32 {
    let mut p = pointer;
    while let Some(&b) = bases.get(&p) {
        p = b;
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The engine's shader (the model's `STEP_SHADER`), taken from the library rather than
    /// through the model's kernels: this module stands below them.
    const STEP: &str = nqueens::internals::gpu::COUNT_SHADER;

    /// A hand-worked turn: a row read from workgroup memory (one 16-byte load, 30 cycles),
    /// its lowest free bit taken out (negate, and, xor: 3 integer operations, 12 cycles on the
    /// chain), the rest stored back (4 bytes), a popcount of the rest (8), added to a total
    /// (4): chain 30 + 4 + 4 + 4 + 8 + 4 = 54, beside a second result ready at 30 + 12.
    const HAND: &str = "
        var<workgroup> rows: array<vec4<u32>, 64>;
        struct S { at: u32, total: u32, rest: u32 }
        fn turn(s: S) -> S {
            let row = rows[s.at];
            let bit = row.w & (0u - row.w);
            let rest = row.w ^ bit;
            rows[s.at].w = rest;
            var out = s;
            out.total = s.total + countOneBits(rest);
            out.rest = rest;
            return out;
        }
        @compute @workgroup_size(64)
        fn main(@builtin(local_invocation_index) lid: u32) {
            var s: S;
            s.at = lid;
            s = turn(s);
            rows[lid].x = s.total + s.rest;
        }
    ";

    #[test]
    fn a_hand_worked_turn_is_priced_as_worked() {
        let words = spirv(HAND, false).unwrap();
        let t = Turn::of(&words, "turn").unwrap();
        assert_eq!(t.ops.shared, 2.0, "{t:?}");
        assert_eq!(t.ops.shared_bytes, 20.0, "{t:?}");
        assert_eq!(t.ops.popcount, 1.0, "{t:?}");
        assert_eq!((t.ops.logic, t.ops.arith), (2.0, 2.0), "{t:?}");
        assert_eq!(t.chain, 30.0 + 3.0 * 4.0 + 8.0 + 4.0, "{t:?}");
        // On an H100 with one warp a scheduler the chain binds; with 16, the memory pipe
        // (20 bytes a lane: 20 × 32 / 128 wavefronts, for each of 4 schedulers) does.
        let h100 = &GPUS[0];
        let one = h100.bounds(&t, 1.0);
        assert_eq!(one.latency, 54.0);
        assert_eq!(one.binding(), "latency");
        let many = h100.bounds(&t, 16.0);
        assert_eq!(many.memory, 20.0);
        // Two logic operations on 16 lanes a scheduler; four in all on 32.
        assert_eq!(many.int, 4.0);
        assert_eq!(many.popcount, 8.0);
        assert_eq!(many.issue, 7.0);
        assert_eq!(many.binding(), "memory");
    }

    /// What the peer's compiled step was measured to issue on an H100 (its SASS and a hardware
    /// profile at N = 17): 30 instructions an iteration, the shared-memory pipe busy 84% of
    /// 44.6 cycles (37.5 bytes a lane), and 2 popcounts.
    #[test]
    fn the_peers_step_is_priced_near_what_an_h100_issued() {
        let (_, peer) = kernels(STEP).unwrap();
        // SPIR-V counts 37: NVIDIA's compiler fuses logic three inputs at a time and turns
        // short branches into predicates, which this module does not model.
        let issued = peer.ops.issued();
        assert!((30.0..=30.0 * 1.25).contains(&issued), "{peer:?}");
        assert!((peer.ops.shared_bytes / 37.5 - 1.0).abs() < 0.1, "{peer:?}");
        assert_eq!(peer.ops.popcount, 2.0);
        let b = GPUS[0].bounds(&peer, 4.6);
        assert_eq!(b.binding(), "integer pipe", "{b:?}");
    }

    /// This project's step reads workgroup memory alone: its row (16 bytes), the cells below
    /// it (4), the rest stored back (4) and a child put on (16), 40 bytes a lane, 10 wavefronts
    /// for each of 4 schedulers. At 1.5 warps a scheduler its chain binds.
    #[test]
    fn the_step_reads_no_buffer() {
        let (step, _) = kernels(STEP).unwrap();
        assert_eq!(step.ops.global, 0.0, "{step:?}");
        assert_eq!(step.ops.shared_bytes, 40.0, "{step:?}");
        // A popcount of the last row's cells and a leading-bit search for the row to go back to.
        assert_eq!(step.ops.popcount, 2.0, "{step:?}");
        let b = GPUS[0].bounds(&step, 1.5);
        assert_eq!(b.memory, 40.0, "{b:?}");
        assert_eq!(b.binding(), "latency", "{b:?}");
        // The same step with a load of a storage buffer every turn, each lane its own line
        // (as before its rows' cells were copied beside the stack): the memory pipe would bind
        // at 32 wavefronts more.
        let scattered = Turn {
            ops: step.ops.plus(
                Ops {
                    global: 1.0,
                    ..NONE
                },
                1.0,
            ),
            ..step
        }
        .scattered(32.0);
        let s = GPUS[0].bounds(&scattered, 1.5);
        assert_eq!(s.memory, (40.0 / 4.0 + 32.0) * 4.0, "{s:?}");
        assert_eq!(s.binding(), "memory", "{s:?}");
    }

    #[test]
    fn a_function_that_calls_another_is_refused() {
        let words = spirv(HAND, false).unwrap();
        assert!(Turn::of(&words, "main").is_err());
        assert!(Turn::of(&words, "nothing").is_err());
    }

    #[test]
    fn residency_follows_workgroup_memory() {
        let h100 = &GPUS[0];
        // 13 rows of 16 bytes in workgroups of 64 within 48 KiB: 3 workgroups, 6 warps, 1.5 a
        // scheduler (the engine's probe measured 25,344 threads: 192 an SM); the 236 bytes the
        // step needs on the same board, the same.
        assert_eq!(h100.warps(13 * 16, 64, 48 * 1024), 1.5);
        assert_eq!(h100.warps(236, 64, 48 * 1024), 1.5);
        // Within 227 KiB: 17 workgroups, 34 warps, 8.5 a scheduler.
        assert_eq!(h100.warps(13 * 16, 64, 227 * 1024), 8.5);
    }
}
