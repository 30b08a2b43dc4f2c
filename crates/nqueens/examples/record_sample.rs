//! The time of a `halves` count too long to run whole, projected from a random sample of its
//! splits, on one thread: each sampled split counted as the count does (from the quarter tables,
//! whole or a slice at a time) and with its east placements searched, which is how `halves`
//! counted past N = 22 before the tables were held a slice at a time. The two counts of each
//! split must agree.
//!
//! The projection of each way is a model, not a measurement. Where the tables are whole (up to
//! N = 22) it is the plan's time (the tables built) plus the mean time a sampled split took,
//! times the splits of the plan. The sample is drawn at random (a fixed seed), so that it meets
//! long and short splits as the whole count does; strided samples (`--shard I/K`) of a few
//! thousand splits were found to differ by 2.5 times a split.
//!
//! Where the tables are held a slice at a time (N = 23 and 24), the plan's splits come in runs
//! that read the same slices, and a split can only be counted once its run's slices are built.
//! Drawing splits one by one would build a set of slices for nearly every split drawn, so the
//! sample is drawn in two stages: RUNS runs at random, then SAMPLE / RUNS splits at random within
//! each. For each run drawn, the run before it is counted first (one split, not timed), so that
//! what the run's first split builds is what a whole count builds on reaching it: the slices
//! that differ from the run before. Each of the three sums (builds, splits joined, splits
//! searched) is projected as the number of runs times the mean over the runs drawn of that
//! run's own sum (its build; its splits times their mean), and each is given with its standard
//! error from the spread between the runs drawn.
//!
//! With `--joined-only` the splits are not searched (nor checked): for a profile of what a count
//! does, where the searched count would share the profile's kernel.
//!
//! Usage: record_sample N [SAMPLE [SEED [RUNS]]] [--joined-only]
//!        (defaults: 400 splits, seed 1, 40 runs)

use nqueens::internals::halves::HalvesPlan;
use nqueens::plan::Plan;
use std::collections::HashSet;
use std::process::ExitCode;
use std::time::Instant;

/// A 64-bit LCG: the same draws on every machine.
struct Draw(u64);

impl Draw {
    fn new(seed: u64) -> Draw {
        Draw(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// `k` distinct numbers below `len` (all of them where `k >= len`), in the order drawn: any
    /// first few of them are a random sample too.
    fn distinct(&mut self, k: usize, len: usize) -> Vec<usize> {
        let (mut seen, mut picked) = (HashSet::new(), Vec::new());
        while picked.len() < k.min(len) {
            self.0 = self
                .0
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let i = ((self.0 >> 33) % len as u64) as usize;
            if seen.insert(i) {
                picked.push(i);
            }
        }
        picked
    }
}

/// One sampled split, counted both ways: the seconds joined (its builds taken out), the
/// seconds searched, the seconds its builds took, its count; or the message of a disagreement.
fn time_split(plan: &HalvesPlan, i: usize, search: bool) -> Result<(f64, f64, f64, u128), String> {
    let before = plan.building_seconds();
    let t = Instant::now();
    let a = plan.count_one(i);
    let built = plan.building_seconds() - before;
    let joined = t.elapsed().as_secs_f64() - built;
    if !search {
        return Ok((joined, 0.0, built, a.total));
    }
    let t = Instant::now();
    let b = plan.count_searched(i);
    let searched = t.elapsed().as_secs_f64();
    if a != b {
        return Err(format!(
            "split {i} counts {} joined, {} searched",
            a.total, b.total
        ));
    }
    Ok((joined, searched, built, a.total))
}

/// The mean and the standard error of the mean of `xs`.
fn mean_and_error(xs: &[f64]) -> (f64, f64) {
    let k = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / k;
    if xs.len() < 2 {
        return (mean, f64::NAN);
    }
    let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (k - 1.0);
    (mean, (var / k).sqrt())
}

/// What was asked and the plan: the same for both ways of drawing.
struct Request<'a> {
    plan: &'a HalvesPlan,
    /// Seconds the plan took to build (whole tables included).
    planned: f64,
    sample: usize,
    seed: u64,
    search: bool,
}

/// The last line: the projection from the tables (with its standard error where there is
/// one) and, where the splits were searched too, the searched one.
fn projection(tables: f64, error: Option<f64>, plain: Option<f64>) {
    let error = error.map_or(String::new(), |e| format!(" ± {e:.0}"));
    match plain {
        None => {
            println!("projected on one thread: {tables:.0} s{error} from the tables, not measured")
        }
        Some(plain) => println!(
            "projected on one thread: {tables:.0} s{error} from the tables, {plain:.0} s searched ({:.2} times), not measured",
            plain / tables
        ),
    }
}

/// Whole tables (or none): splits drawn one by one over the whole plan.
fn whole(req: &Request) -> Result<(), String> {
    let Request {
        plan,
        planned,
        sample,
        seed,
        search,
    } = *req;
    let len = plan.len();
    let picked = Draw::new(seed).distinct(sample, len);
    let (mut joined, mut searched, mut total) = (0.0, 0.0, 0u128);
    for &i in &picked {
        let (j, s, _, count) = time_split(plan, i, search)?;
        joined += j;
        searched += s;
        total += count;
    }
    let k = picked.len() as f64;
    let (join, one) = (joined / k, searched / k);
    println!("{len} splits, sample of {k} (seed {seed})");
    println!("plan built in {planned:.1} s (whole tables included)");
    let tables = planned + join * len as f64;
    if !search {
        println!(
            "a split: {:.2} ms joined; sample's solutions {total}",
            join * 1e3
        );
        projection(tables, None, None);
        return Ok(());
    }
    println!(
        "a split: {:.2} ms joined, {:.2} ms searched ({:.2} times); sample's solutions {total}",
        join * 1e3,
        one * 1e3,
        one / join
    );
    projection(tables, None, Some(one * len as f64));
    Ok(())
}

/// Tables a slice at a time: `runs_drawn` of the plan's `runs` drawn (the first split of each
/// run of splits that read the same slices), then splits within each run.
fn sliced(req: &Request, runs: &[usize], runs_drawn: usize) -> Result<(), String> {
    let Request {
        plan,
        planned,
        sample,
        seed,
        search,
    } = *req;
    let len = plan.len();
    let end = |r: usize| runs.get(r + 1).copied().unwrap_or(len);
    let mut draw = Draw::new(seed);
    let drawn = draw.distinct(runs_drawn, runs.len());
    eprintln!("{len} splits in {} runs of one set of slices", runs.len());
    let per_run = sample.div_ceil(drawn.len()).max(1);
    // Each run's own sums, scaled to the whole run: built, joined, searched.
    let (mut builds, mut joins, mut searches) = (Vec::new(), Vec::new(), Vec::new());
    let (mut splits, mut total, mut first_builds) = (0usize, 0u128, 0.0);
    for &r in &drawn {
        let start = Instant::now();
        if r > 0 {
            // The slices a whole count holds on reaching run r.
            let before = plan.building_seconds();
            plan.count_one(runs[r - 1]);
            first_builds += plan.building_seconds() - before;
        }
        let run_len = end(r) - runs[r];
        let within = draw.distinct(per_run, run_len);
        let (mut built, mut joined, mut searched) = (0.0, 0.0, 0.0);
        for &j in &within {
            let (jt, st, bt, count) = time_split(plan, runs[r] + j, search)?;
            joined += jt;
            searched += st;
            built += bt;
            total += count;
        }
        let scale = run_len as f64 / within.len() as f64;
        builds.push(built);
        joins.push(joined * scale);
        searches.push(searched * scale);
        splits += within.len();
        eprintln!(
            "run {r}: {run_len} splits, {} drawn; built {built:.2} s, a split {:.2} ms joined, {:.2} ms searched ({:.0} s)",
            within.len(),
            joined / within.len() as f64 * 1e3,
            searched / within.len() as f64 * 1e3,
            start.elapsed().as_secs_f64()
        );
        // The runs are taken in the order drawn, so the projection so far is one from a smaller
        // random sample: a long sample can be cut short.
        let both: Vec<f64> = builds.iter().zip(&joins).map(|(b, j)| b + j).collect();
        let (t, s, n) = (
            mean_and_error(&both),
            mean_and_error(&searches),
            runs.len() as f64,
        );
        let searched = match search {
            true => format!(", {:.0} s ± {:.0} searched", s.0 * n, s.1 * n),
            false => String::new(),
        };
        eprintln!(
            "  after {} runs: projected {:.0} s ± {:.0} from the tables{searched}",
            builds.len(),
            planned + t.0 * n,
            t.1 * n,
        );
    }
    let scale = runs.len() as f64;
    let (b, be) = mean_and_error(&builds);
    let (j, je) = mean_and_error(&joins);
    let (s, se) = mean_and_error(&searches);
    println!(
        "{len} splits in {} runs of one set of slices ({:.0} splits a run); sample of {splits} splits in {} runs (seed {seed})",
        runs.len(),
        len as f64 / scale,
        drawn.len()
    );
    println!(
        "plan built in {planned:.1} s; the runs before those drawn built in {first_builds:.1} s, not counted"
    );
    println!(
        "builds, a run: {b:.2} s ± {be:.2}; projected {:.0} s ± {:.0}",
        b * scale,
        be * scale
    );
    println!(
        "joins, a run: {j:.2} s ± {je:.2}; projected {:.0} s ± {:.0}",
        j * scale,
        je * scale
    );
    let both: Vec<f64> = builds.iter().zip(&joins).map(|(b, j)| b + j).collect();
    let error = mean_and_error(&both).1 * scale;
    let tables = planned + (b + j) * scale;
    println!("sample's solutions {total}");
    if !search {
        projection(tables, Some(error), None);
        return Ok(());
    }
    println!(
        "searched, a run: {s:.2} s ± {se:.2}; projected {:.0} s ± {:.0}",
        s * scale,
        se * scale
    );
    projection(tables, Some(error), Some(s * scale));
    Ok(())
}

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let flags = args.len();
    args.retain(|a| a != "--joined-only");
    let search = args.len() == flags;
    let parsed: Option<Vec<usize>> = args.iter().map(|a| a.parse().ok()).collect();
    let (n, sample, seed, runs) = match parsed.as_deref() {
        Some([n]) => (*n, 400, 1, 40),
        Some([n, k]) => (*n, *k, 1, 40),
        Some([n, k, s]) => (*n, *k, *s, 40),
        Some([n, k, s, r]) => (*n, *k, *s, *r),
        _ => {
            eprintln!(
                "usage: record_sample N [SAMPLE [SEED [RUNS]]] [--joined-only]  (N from 14 to 24, SAMPLE and RUNS at least 1)"
            );
            return ExitCode::from(2);
        }
    };
    if !(14..=24).contains(&n) || sample == 0 || runs == 0 {
        eprintln!("record_sample: N must be from 14 to 24, SAMPLE and RUNS at least 1");
        return ExitCode::from(2);
    }
    let started = Instant::now();
    let plan = match HalvesPlan::fitting(n) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("record_sample: {e}");
            return ExitCode::from(1);
        }
    };
    print!("N = {n}: ");
    let req = Request {
        plan: &plan,
        planned: started.elapsed().as_secs_f64(),
        sample,
        seed: seed as u64,
        search,
    };
    let slice_runs = plan.slice_runs();
    let done = match slice_runs.is_empty() {
        true => whole(&req),
        false => sliced(&req, &slice_runs, runs),
    };
    match done {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("record_sample: {e}");
            ExitCode::from(1)
        }
    }
}
