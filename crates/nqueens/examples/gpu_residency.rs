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
//! With `--workgroup W` and `--task-rows R` it builds the shaders as a count with
//! `--gpu-workgroup W` and `--gpu-task-rows R` does, so that a benchmark of those variants
//! reports the threads each ran on; the object then also gives the task rows used and the
//! workgroup fixed (`null`: the device's own).
//!
//! With `--driver` each shader also carries what the driver says it made of it (`driver`: per
//! executable its name, its subgroup size and its statistics, such as NVIDIA's register count,
//! read through Vulkan's `VK_KHR_pipeline_executable_properties`), or why it cannot say
//! (`driver_error`): the registers and workgroup memory that decide how many threads an SM holds.
//!
//! Usage: gpu_residency N [DEVICE] [--sweep] [--driver] [--workgroup W] [--task-rows R]
//!        (DEVICE as `--gpu-device` takes it; default: the GPUs a count would use)

use nqueens::internals::gpu::{Executable, GpuPlan, StatisticValue};
use nqueens::machine::{GpuDevice, GpuTuning};
use std::process::ExitCode;

const USAGE: &str = "usage: gpu_residency N [DEVICE] [--sweep] [--driver] [--workgroup W] \
                     [--task-rows R]  (N a whole number from 1 to 32)";

fn main() -> ExitCode {
    let mut sweep = false;
    let mut driver = false;
    let mut tuning = GpuTuning::default();
    let mut rest = Vec::new();
    let mut all = std::env::args().skip(1);
    while let Some(a) = all.next() {
        let value = |v: Option<String>| v.and_then(|v| v.parse().ok());
        match a.as_str() {
            "--sweep" => sweep = true,
            "--driver" => driver = true,
            "--workgroup" => match value(all.next()) {
                Some(w) => tuning.workgroup = Some(w),
                None => {
                    eprintln!("{USAGE}");
                    return ExitCode::from(2);
                }
            },
            "--task-rows" => match value(all.next()).and_then(|r: u32| usize::try_from(r).ok()) {
                Some(r) => tuning.task_rows = Some(r),
                None => {
                    eprintln!("{USAGE}");
                    return ExitCode::from(2);
                }
            },
            _ => rest.push(a),
        }
    }
    if let Err(e) = tuning.check() {
        eprintln!("error: {e}");
        return ExitCode::from(2);
    }
    let mut args = rest.into_iter();
    let n = match args.next().map(|a| a.parse::<usize>()) {
        Some(Ok(n)) => n,
        _ => {
            eprintln!("{USAGE}");
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
    let plan = match GpuPlan::tuned(n, devices, tuning) {
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
    let fixed = tuning
        .workgroup
        .map_or("null".to_string(), |w| w.to_string());
    println!(
        r#"{{"n":{n},"task_rows":{},"workgroup":{fixed},"gpus":[{}]}}"#,
        plan.task_rows(),
        gpus.join(",")
    );
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
