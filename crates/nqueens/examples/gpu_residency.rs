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
//! With `--driver` each shader also carries what the driver says it made of it (`driver`: per
//! executable its name, its subgroup size and its statistics, such as NVIDIA's register count,
//! read through Vulkan's `VK_KHR_pipeline_executable_properties`), or why it cannot say
//! (`driver_error`): the registers and workgroup memory that decide how many threads an SM holds.
//!
//! Usage: gpu_residency N [DEVICE] [--sweep] [--driver]   (DEVICE as `--gpu-device` takes it;
//!                                                         default: the GPUs a count would use)

use nqueens::internals::gpu::{Executable, GpuPlan, StatisticValue};
use nqueens::machine::GpuDevice;
use std::process::ExitCode;

fn main() -> ExitCode {
    let all: Vec<String> = std::env::args().skip(1).collect();
    let sweep = all.iter().any(|a| a == "--sweep");
    let driver = all.iter().any(|a| a == "--driver");
    let mut args = all
        .into_iter()
        .filter(|a| a != "--sweep" && a != "--driver");
    let n = match args.next().map(|a| a.parse::<usize>()) {
        Some(Ok(n)) => n,
        _ => {
            eprintln!(
                "usage: gpu_residency N [DEVICE] [--sweep] [--driver]  (N a whole number from 1 to 32)"
            );
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
    let statistics = if driver {
        plan.driver_statistics()
    } else {
        Vec::new()
    };
    let gpus: Vec<String> = plan
        .residency()
        .into_iter()
        .enumerate()
        .map(|(g, (name, kernels))| {
            let kernels: Vec<String> = kernels
                .iter()
                .enumerate()
                .map(|(i, k)| {
                    let tried: Vec<String> =
                        k.tried.iter().map(|(w, t)| format!("[{w},{t}]")).collect();
                    let said = match statistics.get(g).and_then(|(_, s)| s.get(i)) {
                        None => String::new(),
                        Some(Ok(executables)) => format!(r#","driver":{}"#, json(executables)),
                        Some(Err(why)) => format!(r#","driver_error":"{}""#, escape(why)),
                    };
                    format!(
                        r#"{{"levels":{},"workgroup":{},"threads":{},"tried":[{}]{said}}}"#,
                        k.levels,
                        k.workgroup,
                        k.threads,
                        tried.join(",")
                    )
                })
                .collect();
            format!(
                r#"{{"name":"{}","kernels":[{}]}}"#,
                escape(&name),
                kernels.join(",")
            )
        })
        .collect();
    println!(r#"{{"n":{n},"gpus":[{}]}}"#, gpus.join(","));
    ExitCode::SUCCESS
}

/// `s` as the inside of a JSON string.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out
}

/// The driver's executables as a JSON array: per executable its name, subgroup size and
/// statistics (name to value), and the statistics' descriptions once.
fn json(executables: &[Executable]) -> String {
    let items: Vec<String> = executables
        .iter()
        .map(|e| {
            let stats: Vec<String> = e
                .statistics
                .iter()
                .map(|s| {
                    let value = match s.value {
                        StatisticValue::Float(v) if !v.is_finite() => "null".to_string(),
                        v => v.to_string(),
                    };
                    format!(r#""{}":{value}"#, escape(&s.name))
                })
                .collect();
            let about: Vec<String> = e
                .statistics
                .iter()
                .map(|s| format!(r#""{}":"{}""#, escape(&s.name), escape(&s.description)))
                .collect();
            format!(
                r#"{{"name":"{}","subgroup":{},"statistics":{{{}}},"descriptions":{{{}}}}}"#,
                escape(&e.name),
                e.subgroup,
                stats.join(","),
                about.join(",")
            )
        })
        .collect();
    format!("[{}]", items.join(","))
}
