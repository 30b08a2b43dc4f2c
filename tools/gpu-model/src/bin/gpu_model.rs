//! The GPU kernel's lockstep model, on the CPU: `bench/gpu-model.sh N` runs this.
//!
//! For the n×n board it plays today's kernel (`step`) and the earlier one (`baseline`) on the
//! tasks the GPU plan makes, 32 lanes in lockstep, and prints what each costs; for N = 14..=18
//! also the nodes of this project's split beside those of a mirror-only split. The last line is
//! one JSON object. See the crate's documentation (`src/lib.rs`) for what each figure means.
//!
//! Usage: gpu_model N [--sample S] [--kernel step|baseline|both] [--task-rows R]
//!   --sample S      play the tasks of every S-th constellation only (default: 1 up to N = 18,
//!                   then enough to keep the run to minutes); a sample's solutions are not
//!                   Q(N) and are printed as null
//!   --task-rows R   tasks that leave R rows to a GPU thread, as `count --gpu-task-rows R`
//!                   makes them (default: the plan's choice for N), so that the depth of the
//!                   GPU's part is priced: fewer rows, fewer levels of stack and more threads
//!                   an SM, but more tasks and more changes of task

use nqueens_gpu_model::{
    self as model, Device, H100, Kernel, PathCosts, Played, Rule, Tasks, price, simulate,
};
use std::process::ExitCode;
use std::time::Instant;

/// Parts of the tasks played side by side, each by groups of lanes sharing one task counter.
const PARTS: usize = 16;
/// Tasks per lane the lockstep figures are measured with: many, as on a GPU from N = 20 on
/// (tens of millions of tasks for some 10^5 threads), so that they tell the kernel's steady
/// state; the tail of a count, where lanes run out of tasks, is the occupancy figure's part.
const TASKS_PER_LANE: usize = 32;
/// A dispatch lasts about this long, in seconds (engine/gpu/device.rs).
const DISPATCH_SECONDS: f64 = 0.05;
/// The earlier rule, for comparison: runs of this many tasks on 2^17 threads (MODEL_RUN
/// changes it, to explore).
const RUN_TASKS: usize = 1 << 22;
/// Threads of the stream before the engine measured the device's room: the ring's figures with
/// this many are printed beside, for comparison. The engine's stream starts as many threads as
/// the device runs at once (engine/gpu/device.rs), here the model's H100 figure for the stack
/// (MODEL_THREADS changes it, to explore).
const FIXED_THREADS: usize = 1 << 17;

/// A whole number from the environment, or `default`.
fn env_or(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

struct Options {
    n: usize,
    sample: Option<usize>,
    kernels: Vec<Kernel>,
    rows: Option<usize>,
}

fn parse() -> Result<Options, String> {
    let mut args = std::env::args().skip(1);
    let mut n = None;
    let mut sample = None;
    let mut rows = None;
    let mut kernels = vec![Kernel::Step, Kernel::Baseline];
    while let Some(a) = args.next() {
        match a.as_str() {
            "--sample" => {
                let v = args.next().ok_or("--sample needs a number")?;
                sample = Some(v.parse::<usize>().ok().filter(|&s| s >= 1).ok_or(format!(
                    "--sample must be a whole number from 1 on, not {v}"
                ))?);
            }
            "--task-rows" => {
                let v = args.next().ok_or("--task-rows needs a number")?;
                let range = nqueens::machine::GPU_TASK_ROWS;
                rows = Some(
                    v.parse::<usize>()
                        .ok()
                        .filter(|r| range.contains(r))
                        .ok_or(format!(
                            "--task-rows must be a whole number from {} to {}, not {v}",
                            range.start(),
                            range.end()
                        ))?,
                );
            }
            "--kernel" => {
                kernels = match args.next().as_deref() {
                    Some("step") => vec![Kernel::Step],
                    Some("baseline") => vec![Kernel::Baseline],
                    Some("both") => vec![Kernel::Step, Kernel::Baseline],
                    other => {
                        return Err(format!(
                            "--kernel must be step, baseline or both, not {}",
                            other.unwrap_or("nothing")
                        ));
                    }
                }
            }
            _ => {
                n = Some(
                    a.parse::<usize>()
                        .ok()
                        .filter(|n| (8..=32).contains(n))
                        .ok_or(format!("N must be a whole number from 8 to 32, not {a}"))?,
                );
            }
        }
    }
    Ok(Options {
        n: n.ok_or(
            "usage: gpu_model N [--sample S] [--kernel step|baseline|both] [--task-rows R]",
        )?,
        sample,
        kernels,
        rows,
    })
}

/// The figures of one kernel, as JSON fields.
fn kernel_json(
    kernel: Kernel,
    costs: &PathCosts,
    played: &Played,
    whole: bool,
    levels: u64,
    (occupancy, seconds): (f64, f64),
) -> String {
    let paths: Vec<String> = costs
        .paths
        .iter()
        .map(|(k, v)| format!("\"{k}\":{v}"))
        .collect();
    let solutions = if whole {
        played.solutions.to_string()
    } else {
        "null".to_string()
    };
    format!(
        "\"kernel\":\"{}\",\"solutions\":{solutions},\"nodes\":{},\"warp_turns\":{},\
         \"active_lanes\":{:.4},\"ops_per_node\":{:.2},\"ops_per_turn\":{:.1},\"last_row_turns\":{:.4},\
         \"skipped_levels\":{:.4},\"path_ops\":{{{}}},\"levels\":{levels},\"resident_threads\":{},\
         \"occupancy\":{occupancy:.4},\"predicted_h100_s\":{seconds:.4}",
        kernel.name(),
        played.nodes,
        played.warp_turns,
        played.active_lanes(),
        played.ops_per_node(),
        played.ops as f64 / played.warp_turns.max(1) as f64,
        played.last_row_share(),
        played.skipped_share(),
        paths.join(","),
        H100.resident(
            kernel.thread_bytes(levels),
            H100.workgroup(kernel.thread_bytes(levels))
        ),
    )
}

fn run(o: Options) -> Result<(), String> {
    let n = o.n;
    // About 2·10^8 nodes at most, a minute or so of playing per kernel on two cores.
    let sample = o.sample.unwrap_or(if n <= 17 {
        1
    } else {
        7usize.pow(n as u32 - 16)
    });
    let start = Instant::now();
    let rows = o
        .rows
        .unwrap_or_else(|| nqueens::internals::gpu::tasks::task_rows(n));
    let mut tasks = Tasks::sample(n, Some(rows), sample).map_err(|e| e.to_string())?;
    let whole = sample == 1;
    if !whole {
        // Large tasks: a few thousand are played, 32 a lane, for the kernel's steady state.
        tasks.truncate(PARTS * model::LANES * TASKS_PER_LANE / 8);
    }
    eprintln!(
        "N = {n}: {} tasks of {rows} rows{} made in {:.2} s",
        tasks.len(),
        if whole {
            String::new()
        } else {
            format!(" (every {sample}th constellation's)")
        },
        start.elapsed().as_secs_f64()
    );
    let device: Device = H100;
    let mut fields = Vec::new();
    for &kernel in &o.kernels {
        if kernel == Kernel::Baseline && tasks.fewest_rows() < 4 {
            eprintln!("baseline: skipped (it needs tasks of four rows or more)");
            continue;
        }
        // The earlier kernel ran as a checked module, today's runs trusted.
        let checked = PathCosts::of(kernel, true)?;
        let trusted = PathCosts::of(kernel, false)?;
        let costs = match kernel {
            Kernel::Baseline => checked.clone(),
            Kernel::Step => trusted.clone(),
        };
        let t = Instant::now();
        let parts = if whole { PARTS } else { PARTS / 8 };
        let warps = (tasks.len() / (parts * model::LANES * TASKS_PER_LANE)).max(1);
        let played = simulate(kernel, &costs, &tasks, parts, warps);
        if whole && nqueens::known::total(n).is_some_and(|q| q != played.solutions) {
            return Err(format!(
                "the {} model counted {} solutions, not Q({n})",
                kernel.name(),
                played.solutions
            ));
        }
        let levels = tasks.levels(kernel);
        let bytes = kernel.thread_bytes(levels);
        // The workgroup the engine picks on this device: the one that runs the most threads.
        let wg = device.workgroup(bytes);
        let cost = played.ops as f64 / played.warp_turns.max(1) as f64;
        // The sizes of the count's tasks: all of them, or, for a sample, a stream as long as
        // the whole count's (20 million at most) drawn from tasks of many constellations. In
        // list order (the plan's, which the earlier rules fed the GPU in), and in the order the
        // engine starts them: the constellations whose tasks look longest first.
        let (turns, engine_order, count_tasks) = if whole {
            let len = played.task_turns.len() as f64;
            let engine_order = tasks.largest_first(&played.task_turns);
            (played.task_turns.clone(), engine_order, len)
        } else {
            let some = model::sample_task_turns(n, rows, 1024, 16).map_err(|e| e.to_string())?;
            let (list, len) = model::task_stream(&some, 20_000_000);
            let (engine_order, _) = model::task_stream(&model::largest_first(&some), 20_000_000);
            (list, engine_order, len)
        };
        // The best order there is, which no engine knows before counting: every task by its
        // true size, largest first.
        let mut sorted = turns.clone();
        sorted.sort_unstable_by(|a, b| b.cmp(a));
        let scale = count_tasks / turns.len().max(1) as f64;
        let budget = (DISPATCH_SECONDS / (cost * 16.0 / device.clock)) as u64;
        let threads = env_or("MODEL_THREADS", device.resident(bytes, wg) as usize);
        let steered = model::occupancy(&device, Rule::Steered, &turns, cost, bytes, wg);
        let runs = model::occupancy(
            &device,
            Rule::Resumable {
                budget,
                run: env_or("MODEL_RUN", RUN_TASKS),
                threads: 1 << 17,
            },
            &turns,
            cost,
            bytes,
            wg,
        );
        let ring_on = |threads, turns: &[u64]| {
            model::occupancy(
                &device,
                Rule::Ring {
                    budget,
                    threads,
                    count_tasks,
                },
                turns,
                cost,
                bytes,
                wg,
            )
        };
        let ring = ring_on(threads, &engine_order);
        // The same ring under the priced model: each warp-turn costs the cycles its binding
        // bound takes on an H100 with the warps a scheduler that the stack leaves room for,
        // and a change of task, at most once a task, the price of its scattered copy.
        let priced = if kernel == Kernel::Step {
            let (turn, _) = price::kernels(model::STEP_SHADER)?;
            let gpu = &price::GPUS[0];
            let warps =
                device.resident(bytes, wg) as f64 / 32.0 / (gpu.sms * gpu.schedulers) as f64;
            let bounds = gpu.bounds(&turn, warps);
            let changes = played.task_turns.len() as f64 / played.warp_turns.max(1) as f64;
            let change = gpu.cycles(&price::change(model::STEP_SHADER)?, warps);
            let cycles = gpu.cycles(&turn, warps) + changes * change;
            let flat = Device {
                latency: 0,
                ..device
            };
            let rule = Rule::Ring {
                budget,
                threads,
                count_tasks,
            };
            let (_, s) = model::occupancy(&flat, rule, &engine_order, cycles, bytes, wg);
            eprintln!(
                "{:<8} priced on an H100: {warps:.2} warps a scheduler, a warp-turn {cycles:.1} \
                 cycles ({} binds: {bounds:?}; a change of task {change:.0} cycles, at most \
                 {changes:.5} a warp-turn), {s:.3} s",
                kernel.name(),
                bounds.binding()
            );
            // The ceiling of any cut of the stack: the same turn, with as many warps as an SM
            // runs when workgroup memory does not limit them (a stack of no bytes), so that a
            // leaner state that adds no operation could win at most this.
            let free_warps =
                device.resident(1, wg) as f64 / 32.0 / (gpu.sms * gpu.schedulers) as f64;
            let free_bounds = gpu.bounds(&turn, free_warps);
            let free_change = gpu.cycles(&price::change(model::STEP_SHADER)?, free_warps);
            let free = (
                free_warps,
                gpu.cycles(&turn, free_warps) + changes * free_change,
                free_bounds.binding(),
            );
            eprintln!(
                "{:<8} with a stack of no bytes: {:.2} warps a scheduler, a warp-turn {:.1} \
                 cycles ({} binds: {free_bounds:?}): at most {:.3}x",
                kernel.name(),
                free.0,
                free.1,
                free.2,
                cycles / free.1
            );
            // The step with its top row in registers (`variants.rs`), at the same warps and
            // with the same changes of task.
            let regs = model::variants::row_in_registers()?;
            let regs_cycles = gpu.cycles(&regs, warps) + changes * change;
            eprintln!(
                "{:<8} with its top row in registers: a warp-turn {regs_cycles:.1} cycles ({} \
                 binds: {:?}): {:.3}x",
                kernel.name(),
                gpu.bounds(&regs, warps).binding(),
                gpu.bounds(&regs, warps),
                cycles / regs_cycles
            );
            Some((warps, cycles, bounds.binding(), s, free, regs_cycles))
        } else {
            None
        };
        let fixed = ring_on(FIXED_THREADS, &engine_order);
        let list = ring_on(threads, &turns);
        let best = ring_on(threads, &sorted);
        eprintln!(
            "{:<8} solutions {} nodes {} warp turns {} active lanes {:.3} ops/node {:.1} \
             ops/turn {:.1} (checked module: paths {:?}; trusted: {:?}) played in {:.1} s",
            kernel.name(),
            if whole {
                played.solutions.to_string()
            } else {
                "(sample)".to_string()
            },
            played.nodes,
            played.warp_turns,
            played.active_lanes(),
            played.ops_per_node(),
            cost,
            checked.paths,
            trusted.paths,
            t.elapsed().as_secs_f64()
        );
        eprintln!(
            "{:<8} occupancy on an H100 ({budget} turns a dispatch): steered dispatches {:.4} \
             ({:.3} s), runs of {} tasks on 2^17 threads {:.4} ({:.3} s), one refilled ring on \
             2^17 threads {:.4} ({:.3} s), on {threads} (as many as run at once) {:.4} ({:.3} s); \
             that ring with tasks in list order {:.4} ({:.3} s), every task by its true size \
             (the bound) {:.4} ({:.3} s)",
            kernel.name(),
            steered.0,
            steered.1 * scale,
            env_or("MODEL_RUN", RUN_TASKS),
            runs.0,
            runs.1 * scale,
            fixed.0,
            fixed.1,
            ring.0,
            ring.1,
            list.0,
            list.1,
            best.0,
            best.1
        );
        // The earlier kernel was fed by steered dispatches, today's by a refilled ring; the
        // other rules are given beside, for comparison.
        let (own, others) = match kernel {
            Kernel::Baseline => (
                (steered.0, steered.1 * scale),
                vec![
                    ("runs", runs.0, runs.1 * scale),
                    ("fixed", fixed.0, fixed.1),
                    ("ring", ring.0, ring.1),
                ],
            ),
            Kernel::Step => (
                ring,
                vec![
                    ("steered", steered.0, steered.1 * scale),
                    ("runs", runs.0, runs.1 * scale),
                    ("fixed", fixed.0, fixed.1),
                    ("list_order", list.0, list.1),
                    ("sorted", best.0, best.1),
                ],
            ),
        };
        let mut json = kernel_json(kernel, &costs, &played, whole, levels, own);
        if let Some((warps, cycles, binding, seconds, free, regs)) = priced {
            json.push_str(&format!(
                ",\"priced_warps\":{warps:.2},\"priced_cycles\":{cycles:.1},\
                 \"priced_binding\":\"{binding}\",\"priced_h100_s\":{seconds:.4},\
                 \"free_stack_warps\":{:.2},\"free_stack_cycles\":{:.1},\
                 \"free_stack_binding\":\"{}\",\"free_stack_gain\":{:.3},\
                 \"row_in_registers_cycles\":{regs:.1}",
                free.0,
                free.1,
                free.2,
                cycles / free.1
            ));
        }
        for (name, occupancy, seconds) in others {
            json.push_str(&format!(
                ",\"{name}_occupancy\":{occupancy:.4},\"{name}_h100_s\":{seconds:.4}"
            ));
        }
        fields.push((kernel, json));
    }
    let mut line = format!("{{\"n\":{n},\"sample\":{sample},\"task_rows\":{rows}");
    if (14..=18).contains(&n) {
        let t = Instant::now();
        let split = model::split_nodes(n).map_err(|e| e.to_string())?;
        let mirror = model::mirror_nodes(n);
        eprintln!(
            "nodes: this split {split}, mirror-only split {mirror}: {:.2}x fewer ({:.1} s)",
            mirror as f64 / split as f64,
            t.elapsed().as_secs_f64()
        );
        line.push_str(&format!(
            ",\"split_nodes\":{split},\"mirror_nodes\":{mirror},\"split_advantage\":{:.3}",
            mirror as f64 / split as f64
        ));
    }
    for (kernel, json) in &fields {
        match kernel {
            Kernel::Step => line.push_str(&format!(",{json}")),
            Kernel::Baseline => line.push_str(&format!(",\"baseline\":{{{json}}}")),
        }
    }
    line.push('}');
    println!("{line}");
    Ok(())
}

fn main() -> ExitCode {
    match parse().and_then(run) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("gpu_model: {e}");
            ExitCode::from(2)
        }
    }
}
