//! Saved work that is not what it says: checkpoints and shard records forged with care (every
//! line one a count could make, the checksum made to match), shard records without a checksum,
//! two counts on one checkpoint file, checkpoints on media that cannot be written and under the
//! longest names. Each promise of the README's long-run section, tried the way a hostile or
//! careless user would.

mod common;

use common::{nqueens, process, resumes_to, scratch, scratch_path};
use nqueens::Counts;
use nqueens::internals::Checkpoint;
use nqueens::internals::constellation::SymmetryPlan;
use nqueens::plan::Plan;
use nqueens::shard::{Shard, ShardRecord};
use nqueens::symmetry::SymmetryClasses;
use std::path::Path;
use std::process::Stdio;

/// A finished checkpoint of the whole symmetry split of n = 12, each subproblem's true count
/// changed by `forge` (which sees the plan, the index and the count), saved with a checksum
/// that matches.
fn symmetry_checkpoint(
    path: &Path,
    forge: impl Fn(&SymmetryPlan, usize, Counts) -> Counts,
) -> SymmetryPlan {
    let plan = SymmetryPlan::new(12).unwrap();
    let mut cp = Checkpoint::new(plan.id(), Shard::WHOLE, None);
    for i in 0..plan.len() {
        cp.record(i, forge(&plan, i, plan.count_one(i)));
    }
    let _ = std::fs::remove_file(path);
    cp.save(path).unwrap();
    plan
}

/// `count --resume PATH` (with `extra` flags) is refused: one line naming the checkpoint and
/// `needle`, exit code 2, nothing printed.
fn resume_refused(path: &Path, extra: &[&str], needle: &str) {
    let out = nqueens()
        .args(["count", "--resume"])
        .arg(path)
        .args(extra)
        .assert()
        .code(2)
        .stdout("")
        .get_output()
        .clone();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("is damaged or not a checkpoint") && err.contains(needle),
        "{err}"
    );
}

#[test]
fn a_forged_symmetry_checkpoint_whose_lines_each_look_right_is_refused() {
    let (dir, path) = scratch_path("forged-symmetry", "t.ckpt");
    // One more completion of a constellation that no symmetry fixes: 8 boards, 1 class, one
    // asymmetric class more. Every relation a line can be checked for holds.
    let one_more = |plan: &SymmetryPlan, i: usize, c: Counts| {
        let first = (0..plan.len())
            .find(|&j| plan.constellation(j).fixed_by() == 1)
            .unwrap();
        match i == first {
            true => {
                let k = c.classes.unwrap();
                Counts::from_classes(SymmetryClasses {
                    asymmetric: k.asymmetric + 1,
                    ..k
                })
            }
            false => c,
        }
    };
    let plan = symmetry_checkpoint(&path, one_more);
    let forged = Checkpoint::load(&path).unwrap();
    assert!(forged.check_counts(&plan, &path).is_ok());
    resume_refused(&path, &[], "14208 solutions for n = 12, not the 14200");
    resume_refused(&path, &["--json"], "not the 14200 there are (OEIS A000170)");
    // Every line a constellation without completions.
    symmetry_checkpoint(&path, |_, _, _| Counts::from_classes(Default::default()));
    resume_refused(&path, &[], "0 solutions for n = 12, not the 14200");
    // The total right, the unique count not: two half-turn classes (4 boards each) for one
    // asymmetric class (8 boards) of a constellation a half turn fixes.
    let swapped = |plan: &SymmetryPlan, i: usize, c: Counts| {
        let k = c.classes.unwrap();
        let target = (0..plan.len()).find(|&j| {
            plan.constellation(j).fixed_by() == 2
                && plan.count_one(j).classes.unwrap().asymmetric > 0
        });
        match Some(i) == target {
            true => Counts::from_classes(SymmetryClasses {
                rot180: k.rot180 + 2,
                asymmetric: k.asymmetric - 1,
                ..k
            }),
            false => c,
        }
    };
    symmetry_checkpoint(&path, swapped);
    resume_refused(
        &path,
        &["--unique"],
        "1788 unique solutions for n = 12, not the 1787 there are (OEIS A002562)",
    );
    resume_refused(&path, &[], "1788 unique solutions");
    // The true counts: the true total, and the unique count.
    symmetry_checkpoint(&path, |_, _, c| c);
    resumes_to(&path, &[], "14200\n");
    resumes_to(&path, &["--unique"], "1787\n");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The records of `count 13 --shard I/3 --json`, I = 0, 1, 2, each a line.
fn shard_records() -> Vec<String> {
    shard_records_of(&["13"])
}

/// The records of `count ARGS --shard I/3 --json`, I = 0, 1, 2, each a line.
fn shard_records_of(args: &[&str]) -> Vec<String> {
    (0..3)
        .map(|i| {
            let out = nqueens()
                .arg("count")
                .args(args)
                .args(["--shard", &format!("{i}/3"), "--json"])
                .assert()
                .success()
                .get_output()
                .stdout
                .clone();
            String::from_utf8(out).unwrap()
        })
        .collect()
}

/// `merge` of `records` (written to files in `dir`), with its exit code and output.
fn merge(dir: &Path, records: &[String]) -> (Option<i32>, String, String) {
    let files: Vec<_> = records
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let f = dir.join(format!("part-{i}.json"));
            std::fs::write(&f, r).unwrap();
            f
        })
        .collect();
    let out = nqueens().arg("merge").args(&files).output().unwrap();
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn forged_shard_records_are_refused() {
    let dir = scratch("forged-shards");
    let records = shard_records();
    assert!(records[1].contains(",\"checksum\":\""), "{}", records[1]);
    assert_eq!(
        merge(&dir, &records),
        (Some(0), "73712\n".into(), "".into())
    );

    // One more asymmetric class in part 1: consistent, and its checksum made to match.
    let mut record: ShardRecord = serde_json::from_str(&records[1]).unwrap();
    let k = record.counts.classes.unwrap();
    record.counts = Counts::from_classes(SymmetryClasses {
        asymmetric: k.asymmetric + 1,
        ..k
    });
    let forged = serde_json::to_string(&record).unwrap() + "\n";
    let (code, out, err) = merge(&dir, &[records[0].clone(), forged, records[2].clone()]);
    assert_eq!((code, out.as_str()), (Some(2), ""), "{err}");
    assert_eq!(
        err,
        "nqueens: the shards' counts are wrong: they add up to 73720 solutions for n = 13, not \
         the 73712 there are (OEIS A000170)\n"
    );

    // The same change by hand, the checksum left as it was: damage.
    let total = record.counts.total - 8;
    let unique = record.counts.unique.unwrap() - 1;
    let edited = records[1]
        .replace(
            &format!("\"solutions\":{total}"),
            &format!("\"solutions\":{}", total + 8),
        )
        .replace(
            &format!("\"unique\":{unique}"),
            &format!("\"unique\":{}", unique + 1),
        )
        .replace(
            &format!("\"asymmetric\":{}", k.asymmetric),
            &format!("\"asymmetric\":{}", k.asymmetric + 1),
        );
    assert_ne!(edited, records[1]);
    let (code, out, err) = merge(&dir, &[records[0].clone(), edited, records[2].clone()]);
    assert_eq!((code, out.as_str()), (Some(2), ""), "{err}");
    assert!(err.starts_with("nqueens: "), "{err}");
    assert!(
        err.contains("line 1: not a shard record (its checksum does not match its content"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");

    // A record of an earlier version, without a checksum: refused, whatever it holds.
    let old = records[1]
        .split(",\"checksum\"")
        .next()
        .unwrap()
        .to_string()
        + "}\n";
    let (code, out, err) = merge(&dir, &[records[0].clone(), old, records[2].clone()]);
    assert_eq!((code, out.as_str()), (Some(2), ""), "{err}");
    assert!(err.contains("it has no checksum"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn two_counts_cannot_share_one_checkpoint() {
    let (dir, path) = scratch_path("shared-checkpoint", "r.ckpt");
    // Started together: whichever claims the file first counts; the other is refused, exit 2.
    let start = |method: &str| {
        process()
            .args(["count", "12", "--method", method, "-t", "1", "--checkpoint"])
            .arg(&path)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    };
    for _ in 0..3 {
        let _ = std::fs::remove_file(&path);
        let (a, b) = (start("symmetry"), start("bitmask"));
        let outs = [a.wait_with_output().unwrap(), b.wait_with_output().unwrap()];
        let codes: Vec<_> = outs.iter().map(|o| o.status.code()).collect();
        assert!(
            codes == [Some(0), Some(2)] || codes == [Some(2), Some(0)],
            "{outs:?}"
        );
        for o in &outs {
            let err = String::from_utf8_lossy(&o.stderr);
            match o.status.code() {
                Some(0) => assert_eq!(o.stdout, b"14200\n"),
                _ => {
                    assert_eq!(err.lines().count(), 1, "{err}");
                    assert!(err.contains("already exists"), "{err}");
                }
            }
        }
        // The file is the winner's, whole.
        resumes_to(&path, &[], "14200\n");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Whether the tests run as root, for whom a read-only mode stops no write.
fn root() -> bool {
    std::process::Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout == b"0\n")
}

#[test]
fn a_finished_checkpoint_is_resumed_without_writing() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let (dir, path) = scratch_path("read-only", "done.ckpt");
    nqueens()
        .args(["count", "10", "--checkpoint"])
        .arg(&path)
        .assert()
        .success()
        .stdout("724\n");
    let before = std::fs::metadata(&path).unwrap();
    let text = std::fs::read(&path).unwrap();
    // Nothing left to count: the file is read, not written (a save would replace it, a new
    // inode).
    nqueens()
        .args(["count", "--resume"])
        .arg(&path)
        .assert()
        .success()
        .stdout("724\n")
        .stderr("");
    let after = std::fs::metadata(&path).unwrap();
    assert_eq!((after.ino(), after.mtime()), (before.ino(), before.mtime()));
    assert_eq!(std::fs::read(&path).unwrap(), text);
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
    // On a directory that cannot be written (which stops no write of root's), exit code 0.
    if !root() {
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o555)).unwrap();
        let out = nqueens().args(["count", "--resume"]).arg(&path).output();
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755)).unwrap();
        let out = out.unwrap();
        assert_eq!(
            (out.status.code(), out.stdout),
            (Some(0), b"724\n".to_vec())
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_checkpoint_may_have_the_longest_name() {
    let dir = scratch("long-name");
    // 255 bytes in all, the longest name most file systems take.
    let path = dir.join("q".repeat(250) + ".ckpt");
    nqueens()
        .args(["count", "9", "--checkpoint-every", "1", "--checkpoint"])
        .arg(&path)
        .assert()
        .success()
        .stdout("352\n")
        .stderr("");
    resumes_to(&path, &[], "352\n");
    // Only the checkpoint is left: no temporary file.
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Shards counted with --unique merge to the unique count, as the whole count prints it; with
/// --json to every count; a set mixing shards of both answers is refused; and the answer is
/// covered by the record's checksum, so that a record cannot be turned into the other answer by
/// hand.
#[test]
fn shards_counted_for_the_unique_count_merge_to_it() {
    let dir = scratch("unique-shards");
    let unique = shard_records_of(&["13", "--unique"]);
    assert!(
        unique[0].contains(",\"answer\":\"unique\","),
        "{}",
        unique[0]
    );
    assert_eq!(merge(&dir, &unique), (Some(0), "9233\n".into(), "".into()));
    let files: Vec<_> = (0..3).map(|i| dir.join(format!("part-{i}.json"))).collect();
    let json = nqueens()
        .args(["merge", "--json"])
        .args(&files)
        .output()
        .unwrap();
    let json = String::from_utf8(json.stdout).unwrap();
    assert!(
        json.contains("\"solutions\":73712,\"unique\":9233,"),
        "{json}"
    );
    // A shard printed bare advises counting every shard for the same answer.
    let bare = nqueens()
        .args(["count", "13", "--unique", "--shard", "1/3"])
        .output()
        .unwrap();
    let said = String::from_utf8(bare.stderr).unwrap();
    assert!(
        said.contains("count every shard with --unique --shard I/3 --json"),
        "{said}"
    );
    // The records of a total carry no answer, as they always read.
    let totals = shard_records();
    assert!(!totals[0].contains("answer"), "{}", totals[0]);
    assert_eq!(merge(&dir, &totals), (Some(0), "73712\n".into(), "".into()));
    let (code, out, err) = merge(
        &dir,
        &[unique[0].clone(), totals[1].clone(), unique[2].clone()],
    );
    assert_eq!((code, out.as_str()), (Some(2), ""), "{err}");
    assert_eq!(
        err,
        "nqueens: shards do not belong together: shards counted for the total and shards counted \
         for the unique count (--unique): count them all alike\n"
    );
    // The answer dropped by hand, the checksum left as it was: damage, not a total.
    let edited = unique[1].replace(",\"answer\":\"unique\"", "");
    let (code, _, err) = merge(&dir, &[totals[0].clone(), edited, totals[2].clone()]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("its checksum does not match its content"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A count asked for the unique count and stopped midway is continued, by the file's name alone
/// (as the stop's advice says) or with N named again, to the unique count, for the engine that
/// carries unique counts in every part (symmetry) and for the one that makes them at the end
/// (halves); --json gives the total beside it. A checkpoint of an earlier version, which kept
/// no answer, continues to the total it was asked for as far as it can tell.
#[test]
fn a_stopped_unique_count_resumes_to_the_unique_count() {
    use nqueens::{Count, Method, plan_for};
    use std::sync::atomic::AtomicBool;
    let (dir, path) = scratch_path("unique-resume", "q.ckpt");
    for (n, method, total, unique) in [
        (14, Method::Halves, "365596", "45752"),
        (12, Method::Symmetry, "14200", "1787"),
    ] {
        // Stopped before its first subproblem, then every other subproblem counted and saved:
        // what a count stopped midway leaves.
        let stopped = || {
            let _ = std::fs::remove_file(&path);
            let stop = AtomicBool::new(true);
            Count::new(n)
                .method(method)
                .unique(true)
                .checkpoint(&path)
                .stop(&stop)
                .run()
                .unwrap();
            let mut cp = Checkpoint::load(&path).unwrap();
            let plan = plan_for(n, method).unwrap();
            for i in cp.remaining().into_iter().step_by(2) {
                cp.record(i, plan.count_one(i));
            }
            cp.save(&path).unwrap();
        };
        stopped();
        assert!(
            std::fs::read_to_string(&path)
                .unwrap()
                .contains("\nanswer unique\n")
        );
        resumes_to(&path, &[], &format!("{unique}\n"));
        stopped();
        resumes_to(&path, &[&n.to_string()], &format!("{unique}\n"));
        let json = nqueens()
            .args(["count", "--json", "--resume"])
            .arg(&path)
            .output()
            .unwrap();
        let json = String::from_utf8(json.stdout).unwrap();
        assert!(
            json.contains(&format!("\"solutions\":{total},\"unique\":{unique},")),
            "{json}"
        );
        // The same file as the version before kept it: no answer line, so a total.
        stopped();
        let text = std::fs::read_to_string(&path).unwrap();
        let body = text[..text.find("checksum ").unwrap()]
            .replacen("nqueens checkpoint 3\n", "nqueens checkpoint 2\n", 1)
            .replacen("answer unique\n", "", 1);
        let sum = nqueens::internals::fnv1a(body.as_bytes());
        std::fs::write(&path, format!("{body}checksum {sum:016x}\n")).unwrap();
        resumes_to(&path, &[], &format!("{total}\n"));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
