//! What the GPU engine's residency probe finds on this machine's GPUs: `bench/h100.sh` runs
//! this beside its counts, so that a timing comes with the threads it ran on.
//!
//! For the n×n board it makes the GPU plan (which checks each GPU on a small board and builds
//! the shaders the count will use) and prints one JSON object: per GPU its name and, per shader,
//! the rows of stack its threads keep, its workgroup size, the threads a stream of it starts
//! (on a GPU, as many as the probe found running at once) and each workgroup size the probe
//! tried with the threads that ran at once (`tried`, pairs of workgroup and threads).
//!
//! With `--sweep` it also builds the shader for every depth from 2 to 16 rows of stack, so that
//! the output maps how many threads of each size an SM holds: how the device shares out its
//! workgroup memory, which no API says and which the GPU model assumes (48 KiB an SM).
//!
//! Usage: gpu_residency N [DEVICE] [--sweep]   (DEVICE as `--gpu-device` takes it; default: the
//!                                              GPUs a count would use)

use nqueens::internals::gpu::GpuPlan;
use nqueens::machine::GpuDevice;
use std::process::ExitCode;

fn main() -> ExitCode {
    let all: Vec<String> = std::env::args().skip(1).collect();
    let sweep = all.iter().any(|a| a == "--sweep");
    let mut args = all.into_iter().filter(|a| a != "--sweep");
    let n = match args.next().map(|a| a.parse::<usize>()) {
        Some(Ok(n)) => n,
        _ => {
            eprintln!("usage: gpu_residency N [DEVICE] [--sweep]  (N a whole number from 1 to 32)");
            return ExitCode::from(2);
        }
    };
    let devices = match args.next().map(|a| a.parse::<GpuDevice>()) {
        None => GpuDevice::default(),
        Some(Ok(d)) => d,
        Some(Err(e)) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let plan = match GpuPlan::new(n, devices) {
        Ok(plan) => plan,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    if sweep && let Err(e) = plan.build_levels(2..=16) {
        eprintln!("error: {e}");
        return ExitCode::FAILURE;
    }
    let gpus: Vec<String> = plan
        .residency()
        .into_iter()
        .map(|(name, kernels)| {
            let kernels: Vec<String> = kernels
                .iter()
                .map(|k| {
                    let tried: Vec<String> =
                        k.tried.iter().map(|(w, t)| format!("[{w},{t}]")).collect();
                    format!(
                        r#"{{"levels":{},"workgroup":{},"threads":{},"tried":[{}]}}"#,
                        k.levels,
                        k.workgroup,
                        k.threads,
                        tried.join(",")
                    )
                })
                .collect();
            format!(
                r#"{{"name":"{}","kernels":[{}]}}"#,
                name.replace('\\', "\\\\").replace('"', "\\\""),
                kernels.join(",")
            )
        })
        .collect();
    println!(r#"{{"n":{n},"gpus":[{}]}}"#, gpus.join(","));
    ExitCode::SUCCESS
}
