//! `nqueens campaign`: campaigns run the way a cluster runs them, by several worker processes at
//! once on one folder, with the faults a long campaign meets: a worker stopped by SIGTERM, one
//! killed with SIGKILL in the middle of a unit (its claim goes stale and the unit is taken over
//! and continued), a result file damaged on disk (refused, counted again, never added). Every
//! campaign must end at the published total.

mod common;

use common::{fails_with, finish_within, nqueens, path_arg, process, scratch, send_signal};
use std::path::Path;
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

fn worker(dir: &Path, extra: &[&str]) -> Child {
    process()
        .args(["campaign", "work", path_arg(dir), "--threads", "1"])
        .args(extra)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

fn status_json(dir: &Path) -> serde_json::Value {
    let out = nqueens()
        .args(["campaign", "status", path_arg(dir), "--json"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    serde_json::from_slice(&out.stdout).unwrap()
}

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn campaigns_of_10_to_14_counted_by_three_workers_at_once_reach_the_published_totals() {
    let root = scratch("campaigns");
    for n in 10..=14usize {
        let dir = root.join(format!("q{n}"));
        nqueens()
            .args([
                "campaign",
                "new",
                path_arg(&dir),
                &n.to_string(),
                "--units",
                "9",
            ])
            .assert()
            .success();
        let workers: Vec<Child> = (0..3)
            .map(|_| worker(&dir, &["-q", "--stale", "2"]))
            .collect();
        let mut counted = 0;
        for w in workers {
            let out = finish_within(w, Duration::from_secs(60), "a worker");
            assert!(out.status.success(), "{out:?}");
            counted += 1;
        }
        assert_eq!(counted, 3);
        let s = status_json(&dir);
        assert_eq!(s["done"], 9, "n = {n}: {s}");
        assert_eq!(s["complete"], true);
        assert_eq!(s["agrees"], true);
        let published = nqueens::known::total(n).unwrap();
        assert_eq!(s["solutions"].as_u64(), Some(published as u64), "n = {n}");
        assert_eq!(
            s["unique"].as_u64(),
            nqueens::known::unique(n).map(|u| u as u64)
        );
        // Every unit was counted once: no two results for one unit.
        assert_eq!(std::fs::read_dir(dir.join("results")).unwrap().count(), 9);
        assert_eq!(std::fs::read_dir(dir.join("conflicts")).unwrap().count(), 0);
    }
    let text = String::from_utf8(
        nqueens()
            .args(["campaign", "status", path_arg(&root.join("q12"))])
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap();
    assert!(
        text.contains("units: 9 done, 0 claimed, 0 stale, 0 free; 0 checked, 0 conflicting\n"),
        "{text}"
    );
    assert!(
        text.contains(
            "complete: 14200 solutions, 1787 unique; OEIS A000170 and A002562: 14200 and \
             1787, equal\n"
        ),
        "{text}"
    );
}

/// The subproblems a unit's partial checkpoint holds (0 where there is none).
fn partial_count(dir: &Path) -> usize {
    std::fs::read_to_string(dir.join("partial/unit-000000.partial")).map_or(0, |t| {
        t.lines().filter(|l| l.starts_with("subproblem ")).count()
    })
}

/// Waits until the unit's partial checkpoint holds more than `than` subproblems.
fn wait_for_partial(dir: &Path, than: usize, child: &mut Child) -> usize {
    let start = Instant::now();
    loop {
        let n = partial_count(dir);
        if n > than {
            return n;
        }
        assert!(
            child.try_wait().unwrap().is_none(),
            "the worker ended before it saved a partial count"
        );
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "no partial count"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn a_stopped_worker_and_a_killed_one_lose_nothing_and_the_stale_unit_is_continued() {
    let dir = scratch("campaign-faults").join("q16");
    nqueens()
        .args(["campaign", "new", path_arg(&dir), "16", "--units", "1"])
        .assert()
        .success();
    // SIGTERM (a batch queue's preemption): the worker keeps its unit's work and lets its claim
    // go at once.
    let mut first = worker(&dir, &["--stale", "1"]);
    let kept = wait_for_partial(&dir, 0, &mut first);
    send_signal(first.id(), "-TERM");
    let out = finish_within(first, Duration::from_secs(20), "the stopped worker");
    assert_eq!(out.status.code(), Some(130), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("unit 0: stopped with "),
        "{}",
        stderr(&out)
    );
    let s = status_json(&dir);
    assert_eq!(
        (&s["free"], &s["claimed"], &s["done"]),
        (&1.into(), &0.into(), &0.into())
    );
    let kept = partial_count(&dir).max(kept);
    // SIGKILL in the middle of the unit: nothing is written, the claim goes silent.
    let mut second = worker(&dir, &["--stale", "1"]);
    let saved = wait_for_partial(&dir, kept, &mut second);
    second.kill().unwrap();
    second.wait().unwrap();
    // The next worker waits for the claim to go stale, takes it over and continues it.
    let third = worker(&dir, &["--stale", "1"]);
    let out = finish_within(third, Duration::from_secs(60), "the third worker");
    assert!(out.status.success(), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("unit 0: claimed (subproblems 0 to "), "{err}");
    assert!(
        err.contains("taken over from a stale claim (generation 1)"),
        "{err}"
    );
    let resumed = err
        .split(", continuing from ")
        .nth(1)
        .and_then(|t| t.split(' ').next())
        .and_then(|t| t.parse::<usize>().ok())
        .unwrap_or_else(|| panic!("no continuation: {err}"));
    assert!(resumed >= saved, "{resumed} < {saved}: {err}");
    let s = status_json(&dir);
    assert_eq!(s["solutions"], 14772512);
    assert_eq!(s["agrees"], true);
}

#[test]
fn a_damaged_result_is_refused_never_added_and_its_unit_counted_again() {
    let dir = scratch("campaign-damaged").join("q11");
    nqueens()
        .args(["campaign", "new", path_arg(&dir), "11", "--units", "3"])
        .assert()
        .success();
    let out = finish_within(worker(&dir, &[]), Duration::from_secs(60), "a worker");
    assert!(out.status.success());
    let path = dir.join("results/unit-000001.result");
    let text = std::fs::read_to_string(&path).unwrap();
    let line = text.lines().find(|l| l.starts_with("subproblem ")).unwrap();
    // One digit more in a subproblem's count: a change the checksum catches.
    std::fs::write(&path, text.replacen(line, &format!("{line}0"), 1)).unwrap();
    let s = status_json(&dir);
    assert_eq!((&s["done"], &s["free"]), (&2.into(), &1.into()));
    assert_eq!(s["damaged"][0]["unit"], 1);
    assert_eq!(
        s["damaged"][0]["why"],
        "its checksum does not match its content"
    );
    assert!(s["solutions"].as_u64().unwrap() < 2680);
    assert_eq!(s["complete"], false);
    let out = finish_within(worker(&dir, &[]), Duration::from_secs(60), "a worker");
    assert!(out.status.success());
    assert!(
        stderr(&out).contains("unit 1: its result was refused and moved to refused/"),
        "{}",
        stderr(&out)
    );
    assert_eq!(std::fs::read_dir(dir.join("refused")).unwrap().count(), 1);
    let s = status_json(&dir);
    assert_eq!(
        (&s["solutions"], &s["agrees"]),
        (&2680.into(), &true.into())
    );
}

#[test]
fn bad_campaign_requests_are_one_line_with_exit_code_2() {
    let root = scratch("campaign-refusals");
    let dir = root.join("q10");
    let split = nqueens::plan_for(10, nqueens::Method::Symmetry)
        .unwrap()
        .id();
    nqueens()
        .args(["campaign", "new", path_arg(&dir), "10", "--units", "2"])
        .assert()
        .success()
        .stdout(format!(
            "campaign of n = 10 in {}: 2 units of the {} subproblems of the symmetry split \
             {:016x}\n",
            dir.display(),
            split.subproblems,
            split.fingerprint
        ));
    fails_with(
        &["campaign", "new", path_arg(&dir), "12"],
        "already holds a campaign (n = 10, 2 units)",
    );
    fails_with(
        &[
            "campaign",
            "new",
            path_arg(&root.join("x")),
            "10",
            "--units",
            "273",
        ],
        "units = 273 is out of range: units must be from 1 to 272",
    );
    fails_with(
        &["campaign", "status", path_arg(&root)],
        "holds no campaign (no file campaign.plan)",
    );
    fails_with(
        &["campaign", "work", path_arg(&dir), "--stale", "0"],
        "SECS must be a whole number from 1 to 86,400",
    );
    fails_with(
        &["campaign", "work", path_arg(&dir), "--until", "soon"],
        "SECS must be a whole number",
    );
    // A worker counts the campaign's split: on the processor (symmetry) or on GPUs (gpu).
    fails_with(
        &["campaign", "work", path_arg(&dir), "--method", "halves"],
        "invalid value 'halves' for '--method <METHOD>'; [possible values: symmetry, gpu]",
    );
    fails_with(
        &[
            "campaign",
            "work",
            path_arg(&dir),
            "--method",
            "symmetry",
            "--gpu-device",
            "0",
        ],
        "method symmetry counts on the CPU, not on a GPU: use --method gpu",
    );
    #[cfg(not(feature = "gpu"))]
    fails_with(
        &["campaign", "work", path_arg(&dir), "--gpu-device", "all"],
        "was built without GPU support: rebuild it with",
    );
    // A plan changed by hand is refused, never worked on.
    let plan = dir.join("campaign.plan");
    let text = std::fs::read_to_string(&plan).unwrap();
    std::fs::write(&plan, text.replace("units 2", "units 3")).unwrap();
    fails_with(
        &["campaign", "work", path_arg(&dir)],
        "is damaged: its checksum does not match its content",
    );
}

/// Adds `by` to the last number of a count's line (`T U r90,r180,asym`): `by` asymmetric
/// classes, 8 boards each.
fn more_asymmetric(line: &str, by: u128) -> String {
    let (total, rest) = line.split_once(' ').unwrap();
    let (unique, classes) = rest.split_once(' ').unwrap();
    let (fixed, asym) = classes.rsplit_once(',').unwrap();
    let total: u128 = total.parse::<u128>().unwrap() + 8 * by;
    let unique: u128 = unique.parse::<u128>().unwrap() + by;
    let asym: u128 = asym.parse::<u128>().unwrap() + by;
    format!("{total} {unique} {fixed},{asym}")
}

/// Forges the result of unit `id` with care: one more asymmetric class in its first subproblem,
/// its total, residues and checksum made to match, so that every check of reading holds.
fn forge(dir: &Path, id: usize) {
    let path = dir.join(format!("results/unit-{id:06}.result"));
    let text = std::fs::read_to_string(&path).unwrap();
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    lines.pop(); // the checksum
    let first = lines
        .iter()
        .position(|l| l.starts_with("subproblem "))
        .unwrap();
    let mut parts = lines[first].splitn(3, ' ');
    let (word, index, count) = (parts.next(), parts.next(), parts.next());
    let (word, index, count) = (word.unwrap(), index.unwrap(), count.unwrap());
    lines[first] = format!("{word} {index} {}", more_asymmetric(count, 1));
    let at = lines.iter().position(|l| l.starts_with("total ")).unwrap();
    let total = more_asymmetric(&lines[at]["total ".len()..], 1);
    let number: u128 = total.split(' ').next().unwrap().parse().unwrap();
    lines[at] = format!("total {total}");
    lines[at + 1] = format!("mod13 {}", number % 13);
    lines[at + 2] = format!("mod15 {}", number % 15);
    let body: String = lines.iter().map(|l| format!("{l}\n")).collect();
    let sum = nqueens::internals::fnv1a(body.as_bytes());
    std::fs::write(&path, format!("{body}checksum {sum:016x}\n")).unwrap();
}

#[test]
fn a_forged_result_is_found_by_check_set_aside_and_counted_again() {
    let dir = scratch("campaign-forged").join("q12");
    nqueens()
        .args(["campaign", "new", path_arg(&dir), "12", "--units", "4"])
        .assert()
        .success();
    let out = finish_within(worker(&dir, &["-q"]), Duration::from_secs(60), "a worker");
    assert!(out.status.success());
    forge(&dir, 2);
    // Reading finds nothing wrong; the published total does, and says so with exit code 1.
    let out = nqueens()
        .args(["campaign", "status", path_arg(&dir)])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&out.stdout)
            .contains("complete: 14208 solutions, 1788 unique; OEIS A000170 and A002562: 14200 and 1787, DIFFERENT"),
        "{out:?}"
    );
    let out = nqueens()
        .args(["campaign", "check", path_arg(&dir), "--sample", "100"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("unit 2: CONFLICT: its result says "),
        "{text}"
    );
    assert!(
        text.ends_with(
            "checked 4 units (730 subproblems) on the second path: 3 agree, 1 conflict\n"
        ),
        "{text}"
    );
    let s = status_json(&dir);
    assert_eq!(
        (&s["done"], &s["free"], &s["checked"], &s["conflicting"]),
        (&3.into(), &1.into(), &3.into(), &1.into())
    );
    assert_eq!(std::fs::read_dir(dir.join("conflicts")).unwrap().count(), 1);
    let out = finish_within(worker(&dir, &["-q"]), Duration::from_secs(60), "a worker");
    assert!(out.status.success());
    nqueens()
        .args([
            "campaign",
            "check",
            path_arg(&dir),
            "--sample",
            "100",
            "--seed",
            "3",
        ])
        .assert()
        .success()
        .stdout("checked 4 units (730 subproblems) on the second path: 4 agree, 0 conflict\n");
    let s = status_json(&dir);
    assert_eq!(
        (&s["solutions"], &s["agrees"]),
        (&14200.into(), &true.into())
    );
    assert_eq!((&s["checked"], &s["conflicting"]), (&4.into(), &0.into()));
}

#[test]
fn an_export_is_checked_and_a_forged_line_found_by_its_recount() {
    let root = scratch("campaign-export");
    let dir = root.join("q11");
    nqueens()
        .args(["campaign", "new", path_arg(&dir), "11", "--units", "3"])
        .assert()
        .success();
    fails_with(
        &["campaign", "export", path_arg(&dir)],
        "is not complete: 0 of its 3 units are done",
    );
    let out = finish_within(worker(&dir, &["-q"]), Duration::from_secs(60), "a worker");
    assert!(out.status.success());
    let out = nqueens()
        .args(["campaign", "export", path_arg(&dir)])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        text.lines()
            .filter(|l| l.starts_with("subproblem "))
            .count(),
        452
    );
    assert!(text.contains("\ntotal 2680 unique 341\n"), "{text}");
    let file = root.join("q11.txt");
    std::fs::write(&file, &text).unwrap();
    nqueens()
        .args([
            "campaign",
            "verify-export",
            path_arg(&file),
            "--sample",
            "100",
        ])
        .assert()
        .success()
        .stdout(
            "export of n = 11: 452 subproblems adding up to 2680 solutions (equal to OEIS \
             A000170); 452 recounted on the puzzle path, 0 differ\n",
        );
    // Two lines forged so that the total still holds, the checksum made to match.
    let body = &text[..text.rfind("checksum ").unwrap()];
    let lines: Vec<&str> = body
        .lines()
        .filter(|l| l.starts_with("subproblem ") && !l.ends_with(" solutions 0"))
        .take(2)
        .collect();
    let moved = |line: &str, by: i64| {
        let (head, n) = line.rsplit_once(' ').unwrap();
        format!("{head} {}", n.parse::<i64>().unwrap() + by)
    };
    let forged = body
        .replace(lines[0], &moved(lines[0], 8))
        .replace(lines[1], &moved(lines[1], -8));
    let sum = nqueens::internals::fnv1a(forged.as_bytes());
    std::fs::write(&file, format!("{forged}checksum {sum:016x}\n")).unwrap();
    let out = nqueens()
        .args([
            "campaign",
            "verify-export",
            path_arg(&file),
            "--sample",
            "100",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let said = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        said.matches(": MISMATCH: the export says ").count(),
        2,
        "{said}"
    );
    assert!(
        said.ends_with("452 recounted on the puzzle path, 2 differ\n"),
        "{said}"
    );
    // A changed digit is refused, one line, exit code 2.
    std::fs::write(&file, text.replace("total 2680", "total 2681")).unwrap();
    fails_with(
        &["campaign", "verify-export", path_arg(&file)],
        "is not a campaign's export that holds: its checksum does not match its content",
    );
}
