//! The count flags in every combination: method × --unique × --shard × --checkpoint × --resume
//! either print the exact count or are refused with one line and exit code 2.

mod common;

use common::{nqueens, scratch};
use nqueens::internals::Checkpoint;
use nqueens::plan_for;
use nqueens::shard::Shard;
use nqueens::{Count, Method};
use std::path::Path;
use std::sync::atomic::AtomicBool;

const N: usize = 10;
const TOTAL: u128 = 724;
const UNIQUE: u128 = 92;

#[derive(Clone, Copy, Debug)]
enum Mode {
    Plain,
    Checkpoint,
    Resume,
}

/// A checkpoint of the count with every other subproblem done, written with the library.
fn half_done(path: &Path, method: Option<Method>, shard: Shard) -> bool {
    let stop = AtomicBool::new(true);
    let mut c = Count::new(N).shard(shard).checkpoint(path).stop(&stop);
    if let Some(m) = method {
        c = c.method(m);
    }
    if c.run().is_err() {
        return false;
    }
    let mut cp = Checkpoint::load(path).unwrap();
    let plan = plan_for(N, cp.id.method).unwrap();
    for i in cp.remaining().into_iter().step_by(2) {
        cp.record(i, plan.count_one(i));
    }
    cp.save(path).unwrap();
    true
}

/// Runs one count; `Ok(number printed)` or `Err(stderr)` for exit code 2.
fn run(
    dir: &Path,
    method: Option<Method>,
    unique: bool,
    shard: Option<Shard>,
    mode: Mode,
) -> Result<u128, String> {
    let mut cmd = nqueens();
    cmd.args(["count", &N.to_string(), "--threads", "2"]);
    if let Some(m) = method {
        cmd.args(["--method", m.name()]);
    }
    if unique {
        cmd.arg("--unique");
    }
    if let Some(s) = shard {
        cmd.args(["--shard", &s.to_string()]);
    }
    let path = dir.join(format!(
        "c-{method:?}-{unique}-{}-{mode:?}",
        shard.map_or("whole".to_string(), |s| s.to_string().replace('/', "of"))
    ));
    let _ = std::fs::remove_file(&path);
    match mode {
        Mode::Plain => {}
        Mode::Checkpoint => {
            cmd.arg("--checkpoint").arg(&path);
        }
        Mode::Resume => {
            // A method that cannot keep a checkpoint gets one of the bit-mask method's, which
            // it must refuse.
            if !half_done(&path, method, shard.unwrap_or(Shard::WHOLE)) {
                half_done(&path, Some(Method::Bitmask), shard.unwrap_or(Shard::WHOLE));
            }
            cmd.arg("--resume").arg(&path);
        }
    }
    let out = cmd.output().unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    match out.status.code() {
        Some(0) => Ok(String::from_utf8(out.stdout)
            .unwrap()
            .trim()
            .parse()
            .unwrap()),
        Some(2) => {
            assert_eq!(stderr.lines().count(), 1, "{stderr}");
            assert!(out.stdout.is_empty());
            Err(stderr)
        }
        other => panic!("exit {other:?}: {stderr}"),
    }
}

#[test]
fn every_flag_combination_is_exact_or_refused() {
    let dir = scratch("combinations");
    let methods: Vec<Option<Method>> = std::iter::once(None)
        .chain(Method::ALL.iter().copied().map(Some))
        .collect();
    let (mut served, mut refused) = (0, 0);
    for &method in &methods {
        for unique in [false, true] {
            for parts in [None, Some(2)] {
                for mode in [Mode::Plain, Mode::Checkpoint, Mode::Resume] {
                    let what = format!("{method:?} unique {unique} shards {parts:?} {mode:?}");
                    let shards: Vec<Option<Shard>> = match parts {
                        None => vec![None],
                        Some(k) => (0..k).map(|i| Some(Shard::new(i, k).unwrap())).collect(),
                    };
                    let results: Vec<Result<u128, String>> = shards
                        .iter()
                        .map(|&s| run(&dir, method, unique, s, mode))
                        .collect();
                    let m = method.unwrap_or(Method::Symmetry);
                    let long = parts.is_some() || !matches!(mode, Mode::Plain);
                    let resumed_foreign = matches!(mode, Mode::Resume) && !m.has_split();
                    if !m.is_built()
                        || (unique && !m.counts_unique())
                        || (unique && parts.is_some() && !m.counts_unique_in_parts())
                        || (long && !m.has_split())
                        || resumed_foreign
                    {
                        for r in &results {
                            let err = r.as_ref().unwrap_err();
                            assert!(err.starts_with("nqueens: "), "{what}: {err}");
                        }
                        refused += 1;
                    } else {
                        let sum: u128 = results
                            .iter()
                            .map(|r| *r.as_ref().unwrap_or_else(|e| panic!("{what}: {e}")))
                            .sum();
                        assert_eq!(sum, if unique { UNIQUE } else { TOTAL }, "{what}");
                        served += 1;
                    }
                }
            }
        }
    }
    assert!(
        served >= 20 && refused >= 20,
        "{served} served, {refused} refused"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
