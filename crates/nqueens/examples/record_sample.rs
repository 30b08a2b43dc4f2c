//! The time of a `halves` count too long to run whole, projected from a random sample of its
//! splits, on one thread: each sampled split counted as the count does (from the quarter tables,
//! whole or a slice at a time) and with its east placements searched, which is how `halves`
//! counted past N = 22 before the tables were held a slice at a time. The two counts of each
//! split must agree. What the tables cost to build is measured apart: the whole tables with the
//! plan, the slices by reading every run of splits that reads the same ones, as a whole count
//! does, once.
//!
//! The projection of each way is its fixed cost plus the mean time a sampled split took, times
//! the splits of the plan: a model, not a measurement. A sample of splits is drawn at random
//! (a fixed seed), so that it meets long and short splits as the whole count does; strided
//! samples (`--shard I/K`) of a few thousand splits were found to differ by 2.5 times a split.
//!
//! Usage: record_sample N [SAMPLE [SEED]]     (defaults: 400 splits, seed 1)

use nqueens::internals::halves::HalvesPlan;
use nqueens::plan::Plan;
use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let parsed: Option<Vec<u64>> = args.iter().map(|a| a.parse().ok()).collect();
    let (n, sample, seed) = match parsed.as_deref() {
        Some([n]) => (*n, 400, 1),
        Some([n, k]) => (*n, *k, 1),
        Some([n, k, s]) => (*n, *k, *s),
        _ => {
            eprintln!(
                "usage: record_sample N [SAMPLE [SEED]]  (N from 14 to 24, SAMPLE at least 1)"
            );
            return ExitCode::from(2);
        }
    };
    if !(14..=24).contains(&n) || sample == 0 {
        eprintln!("record_sample: N must be from 14 to 24 and SAMPLE at least 1");
        return ExitCode::from(2);
    }
    let started = Instant::now();
    let plan = match HalvesPlan::fitting(n as usize) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("record_sample: {e}");
            return ExitCode::from(1);
        }
    };
    let planned = started.elapsed().as_secs_f64();
    let len = plan.len();
    // Every run of splits that reads the same slices, once, in the plan's order: what a whole
    // count builds.
    let runs = plan.slice_runs();
    for &i in &runs {
        plan.count_one(i);
    }
    let building = plan.building_seconds();
    // The sample, distinct indices in the plan's order (a 64-bit LCG: the same on every machine).
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut picked = std::collections::BTreeSet::new();
    while (picked.len() as u64) < sample.min(len as u64) {
        x = x
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        picked.insert(((x >> 33) % len as u64) as usize);
    }
    let (mut joined, mut searched, mut total) = (0.0, 0.0, 0u128);
    for &i in &picked {
        let before = plan.building_seconds();
        let t = Instant::now();
        let a = plan.count_one(i);
        joined += t.elapsed().as_secs_f64() - (plan.building_seconds() - before);
        let t = Instant::now();
        let b = plan.count_searched(i);
        searched += t.elapsed().as_secs_f64();
        if a != b {
            eprintln!(
                "record_sample: split {i} counts {} joined, {} searched",
                a.total, b.total
            );
            return ExitCode::from(1);
        }
        total += a.total;
    }
    let k = picked.len() as f64;
    let (join, search) = (joined / k, searched / k);
    println!(
        "N = {n}: {len} splits, {} runs of one set of slices, sample of {k} (seed {seed})",
        runs.len()
    );
    println!(
        "plan built in {planned:.1} s (whole tables included), slices built in {building:.1} s"
    );
    println!(
        "a split: {:.2} ms joined, {:.2} ms searched ({:.2} times); sample's solutions {total}",
        join * 1e3,
        search * 1e3,
        search / join
    );
    let tables = planned + building + join * len as f64;
    let plain = search * len as f64;
    println!(
        "projected on one thread: {tables:.0} s from the tables, {plain:.0} s searched ({:.2} times), not measured",
        plain / tables
    );
    ExitCode::SUCCESS
}
