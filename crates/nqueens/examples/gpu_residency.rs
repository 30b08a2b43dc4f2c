//! What the GPU engine's residency probe finds on this machine's GPUs: `bench/h100.sh` runs
//! this beside its counts, so that a timing comes with the threads it ran on.
//!
//! For the n×n board it makes the GPU plan (which checks each GPU on a small board and builds
//! the shaders the count will use) and prints one JSON object: per GPU its name and, per shader,
//! the rows of stack its threads keep, its workgroup size and the threads a stream of it starts
//! (on a GPU, as many as the probe found running at once).
//!
//! Usage: gpu_residency N [DEVICE]     (DEVICE as `--gpu-device` takes it; default: the GPUs a
//!                                      count would use)

use nqueens::internals::gpu::GpuPlan;
use nqueens::machine::GpuDevice;
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let n = match args.next().map(|a| a.parse::<usize>()) {
        Some(Ok(n)) => n,
        _ => {
            eprintln!("usage: gpu_residency N [DEVICE]  (N a whole number from 1 to 32)");
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
    let gpus: Vec<String> = plan
        .residency()
        .into_iter()
        .map(|(name, kernels)| {
            let kernels: Vec<String> = kernels
                .iter()
                .map(|k| {
                    format!(
                        r#"{{"levels":{},"workgroup":{},"threads":{}}}"#,
                        k.levels, k.workgroup, k.threads
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
