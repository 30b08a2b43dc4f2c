//! The command line's symmetry features: `count --unique`, the classes in `--json`, `list
//! --unique` in every format, progress on stderr only, and the refusals.

mod common;

use common::{run, stdout_of};

use nqueens::known::{A000170, A002562};
use nqueens::symmetry::images;
use predicates::prelude::*;
use std::collections::BTreeSet;

fn perms(text: &str) -> Vec<Vec<u32>> {
    text.lines()
        .map(|l| {
            l.split(' ')
                .map(|x| x.parse::<u32>().unwrap() - 1)
                .collect()
        })
        .collect()
}

#[test]
fn count_unique_prints_the_number_of_classes() {
    for n in [1usize, 2, 6, 8, 10, 12] {
        let want = format!("{}\n", A002562[n - 1]);
        assert_eq!(stdout_of(&["count", &n.to_string(), "--unique"]), want);
    }
    let counted = stdout_of(&["count", "9", "--unique", "--method", "symmetry", "-t", "1"]);
    assert_eq!(counted, "46\n");
}

#[test]
fn count_defaults_to_the_symmetry_engine_and_json_carries_the_classes() {
    let line = stdout_of(&["count", "8", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&line).unwrap();
    assert_eq!(v["method"], "symmetry");
    assert_eq!(v["solutions"], 92);
    assert_eq!(v["unique"], 12);
    assert_eq!(v["classes"]["rot90"], 0);
    assert_eq!(v["classes"]["rot180"], 1);
    assert_eq!(v["classes"]["asymmetric"], 11);
    let v: serde_json::Value =
        serde_json::from_str(&stdout_of(&["count", "12", "--json", "--unique"])).unwrap();
    assert_eq!(v["solutions"], 14200);
    assert_eq!(v["unique"], 1787);
}

/// The rule the guide gives (methods chapter): a `rot90` class holds 2 boards, `rot180` 4,
/// `asymmetric` 8, and N = 1's one class, counted in `rot90`, 1 board; it holds for the JSON of
/// every method that reports classes, at every N from 1 to 12.
#[test]
fn the_classes_in_json_make_the_solutions_by_the_guide_s_rule() {
    for method in ["symmetry", "halves"] {
        for n in 1..=12usize {
            let args = [
                "count",
                &n.to_string(),
                "--unique",
                "--json",
                "--method",
                method,
            ];
            let v: serde_json::Value = serde_json::from_str(&stdout_of(&args)).unwrap();
            let class = |name: &str| v["classes"][name].as_u64().unwrap() as u128;
            let rot90_size = if n == 1 { 1 } else { 2 };
            let boards =
                rot90_size * class("rot90") + 4 * class("rot180") + 8 * class("asymmetric");
            assert_eq!(boards, A000170[n - 1], "{args:?}: {v}");
            assert_eq!(v["solutions"].as_u64().unwrap() as u128, boards, "{args:?}");
            let classes = class("rot90") + class("rot180") + class("asymmetric");
            assert_eq!(classes, A002562[n - 1], "{args:?}: {v}");
        }
    }
    let one = stdout_of(&["count", "1", "--unique", "--json"]);
    assert!(
        one.contains(
            "\"solutions\":1,\"unique\":1,\"classes\":{\"rot90\":1,\"rot180\":0,\"asymmetric\":0}"
        ),
        "{one}"
    );
}

#[test]
fn other_methods_refuse_unique_with_a_pointer_to_symmetry() {
    run(&["count", "8", "--unique", "--method", "bitmask"])
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("--method symmetry"));
}

#[test]
fn list_unique_images_cover_list_for_n_up_to_10() {
    for n in 1..=10usize {
        let all: BTreeSet<Vec<u32>> =
            perms(&stdout_of(&["list", &n.to_string(), "--format", "perm"]))
                .into_iter()
                .collect();
        assert_eq!(all.len() as u128, A000170[n - 1]);
        let reps = perms(&stdout_of(&[
            "list",
            &n.to_string(),
            "--unique",
            "--format",
            "perm",
        ]));
        assert_eq!(reps.len() as u128, A002562[n - 1], "n = {n}");
        let mut union = BTreeSet::new();
        for r in &reps {
            let imgs: BTreeSet<Vec<u32>> = images(r).into_iter().collect();
            assert_eq!(
                imgs.iter().next(),
                Some(r),
                "n = {n}: smallest image listed"
            );
            union.extend(imgs);
        }
        assert_eq!(union, all, "n = {n}");
    }
}

#[test]
fn list_unique_json_carries_the_class_size() {
    let out = stdout_of(&["list", "8", "--unique", "--format", "json"]);
    let mut sizes = 0;
    for line in out.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(v["columns"].as_array().unwrap().len(), 8);
        sizes += v["class_size"].as_u64().unwrap();
    }
    assert_eq!(out.lines().count(), 12);
    assert_eq!(sizes, 92);
    let listed = stdout_of(&["list", "4", "--unique", "--format", "json"]);
    assert_eq!(listed, "{\"columns\":[1,3,0,2],\"class_size\":2}\n");
}

#[test]
fn list_unique_in_the_other_formats() {
    assert_eq!(
        stdout_of(&["list", "4", "--unique"]),
        ".Q..\n...Q\nQ...\n..Q.\n"
    );
    let leetcode = |n| stdout_of(&["list", n, "--unique", "--format", "leetcode"]);
    assert_eq!(leetcode("4"), "[[\".Q..\",\"...Q\",\"Q...\",\"..Q.\"]]\n");
    assert_eq!(leetcode("3"), "[]\n");
    let out = stdout_of(&["list", "8", "--unique", "--format", "perm", "--limit", "3"]);
    assert_eq!(out.lines().count(), 3);
}

#[test]
fn progress_goes_to_stderr_only_and_quiet_silences_it() {
    run(&["count", "12", "--progress", "-t", "2"])
        .success()
        .stdout("14200\n")
        .stderr(predicate::str::contains("subproblems"));
    // Not a terminal and not asked for: nothing on stderr.
    run(&["count", "12"]).success().stdout("14200\n").stderr("");
    run(&["count", "12", "--quiet"]).success().stderr("");
    run(&["count", "12", "--progress", "--quiet"]).code(2);
}

#[test]
fn large_boards_are_accepted_by_the_engine() {
    // Masks are 64 bits wide, so n = 64 is valid input; building a large split must work
    // (counting it would take ages).
    let plan = nqueens::plan_for(40, nqueens::Method::Symmetry).unwrap();
    assert!(plan.len() > 100_000);
}
