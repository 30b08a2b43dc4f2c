//! The priced GPU model held against the fastest public CUDA counter's times: `bench/gpu-calibrate.sh`
//! runs this.
//!
//! For each N it plays that counter's work on the CPU (its subproblems with 6 rows placed, 32
//! to a warp, every `every`-th batch of them), prices its step (`peer.wgsl`)
//! on each GPU of the model's table with the warps a scheduler its shared memory leaves room
//! for, and prints the model's seconds beside every published figure and every figure this
//! project measured, with their ratio (and for an H100 with no figure at that N, the model's
//! seconds alone). The published figures include the program's start-up,
//! which its own table shows at N = 13 (a few milliseconds of work); the model adds that.
//!
//! Usage: gpu_calibrate [N...]   (default 19 20 21 22)

use nqueens_gpu_model::{STEP_SHADER, peer, price};
use std::process::ExitCode;

/// Bytes of the peer's stack a thread (19 frames of 16 bytes) and threads a block, as its
/// compiled kernel has them.
const PEER_STACK: u64 = 19 * 16;
const PEER_BLOCK: u64 = 160;

/// Its published table (ygch/n_queens README, configuration 2, 6 rows on the CPU): device,
/// N, milliseconds. N = 13 is start-up.
const PUBLISHED: [(&str, usize, f64); 20] = [
    ("RTX 4090", 13, 107.0),
    ("RTX 4090", 19, 609.0),
    ("RTX 4090", 20, 3636.0),
    ("RTX 4090", 21, 28551.0),
    ("RTX 4090", 22, 245090.0),
    ("A100", 13, 123.0),
    ("A100", 19, 1074.0),
    ("A100", 20, 6415.0),
    ("A100", 21, 51741.0),
    ("A100", 22, 444272.0),
    ("RTX 5090", 13, 185.0),
    ("RTX 5090", 19, 557.0),
    ("RTX 5090", 20, 2778.0),
    ("RTX 5090", 21, 21242.0),
    ("RTX 5090", 22, 180364.0),
    ("H800", 13, 558.0),
    ("H800", 19, 1138.0),
    ("H800", 20, 4140.0),
    ("H800", 21, 29248.0),
    ("H800", 22, 249886.0),
];

/// This project's runs of the same program (bench/h100.sh, 2026-11-26, an H100 SXM): N,
/// seconds of its own timing, median of 3 (one run at N = 21 and 22). Its start-up, inside
/// them, was not measured apart, so sizes below 20, where it weighs, are left out.
const MEASURED: [(usize, f64); 3] = [(20, 3.703), (21, 28.909), (22, 246.588)];

/// A device's start-up in the published table: its N = 13 figure (the work itself takes the
/// model under 2 ms there); none for this project's runs, which leave out the sizes where it
/// weighs.
fn start_up(gpu: &str, source: &str) -> f64 {
    if source != "published" {
        return 0.0;
    }
    PUBLISHED
        .iter()
        .find(|(g, n, _)| *g == gpu && *n == 13)
        .map_or(0.0, |p| p.2 / 1000.0)
}

fn main() -> ExitCode {
    let sizes: Vec<usize> = std::env::args()
        .skip(1)
        .map(|a| a.parse().unwrap_or(0))
        .collect();
    let sizes = if sizes.is_empty() {
        vec![19, 20, 21, 22]
    } else {
        sizes
    };
    if sizes.iter().any(|&n| !(8..=24).contains(&n)) {
        eprintln!("gpu_calibrate: N must be from 8 to 24");
        return ExitCode::from(2);
    }
    let (step, turn) = match price::kernels(STEP_SHADER) {
        Ok(k) => k,
        Err(e) => {
            eprintln!("gpu_calibrate: {e}");
            return ExitCode::from(2);
        }
    };
    eprintln!("peer's step: {turn:?}");
    eprintln!("this project's step: {step:?}");
    println!(
        "{:<10} {:>3} {:>8} {:>7} {:>10} {:>10} {:>7}  source",
        "gpu", "N", "warps", "binds", "model_s", "figure_s", "ratio"
    );
    let mut ratios = Vec::new();
    for &n in &sizes {
        // Enough batches to tell the whole within a few percent, few enough for seconds.
        let every = 1usize << (2 * n.saturating_sub(16) + 1).min(20);
        let t = std::time::Instant::now();
        let work = peer::play(n, peer::ROWS, every);
        eprintln!(
            "N = {n}: {} subproblems, every {every}th batch played in {:.1} s: {:.4e} turns, \
             {:.4e} warp-turns, lanes {:.3}",
            work.subproblems,
            t.elapsed().as_secs_f64(),
            work.turns,
            work.warp_turns,
            work.lanes()
        );
        for gpu in &price::GPUS {
            let warps = gpu.warps(PEER_STACK, PEER_BLOCK, gpu.shared_per_sm);
            let b = gpu.bounds(&turn, warps);
            let work_s = gpu.seconds(&turn, warps, work.warp_turns);
            let figures: Vec<(f64, &str)> = PUBLISHED
                .iter()
                .filter(|(g, m, _)| *g == gpu.name && *m == n)
                .map(|p| (p.2 / 1000.0, "published"))
                .chain(
                    MEASURED
                        .iter()
                        .filter(|(m, _)| gpu.name == "H100 SXM" && *m == n)
                        .map(|p| (p.1, "measured")),
                )
                .collect();
            if figures.is_empty() && gpu.name == "H100 SXM" {
                // No figure to hold it against: the model's time alone, for comparison with
                // this project's step priced the same way (`bench/gpu-model.sh N`).
                println!(
                    "{:<10} {n:>3} {warps:>8.2} {:>7} {work_s:>10.3} {:>10} {:>7}  model only",
                    gpu.name,
                    b.binding().split(' ').next().unwrap_or(""),
                    "-",
                    "-"
                );
            }
            for (figure, source) in figures {
                let model = work_s + start_up(gpu.name, source);
                let ratio = model / figure;
                if n >= 20 {
                    ratios.push(ratio);
                }
                println!(
                    "{:<10} {n:>3} {warps:>8.2} {:>7} {model:>10.3} {figure:>10.3} {ratio:>7.2}  {source}",
                    gpu.name,
                    b.binding().split(' ').next().unwrap_or(""),
                );
            }
        }
    }
    if !ratios.is_empty() {
        let within = ratios.iter().filter(|r| (0.7..=1.3).contains(*r)).count();
        println!(
            "N >= 20: {within} of {} figures within 30% (model / figure from {:.2} to {:.2})",
            ratios.len(),
            ratios.iter().copied().fold(f64::INFINITY, f64::min),
            ratios.iter().copied().fold(0.0, f64::max)
        );
    }
    ExitCode::SUCCESS
}
