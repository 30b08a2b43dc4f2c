//! `nqueens count --method halves` from the outside: counts, refusals, exit codes.

mod common;

use common::{run, stdout_of};

use predicates::prelude::*;

#[test]
fn counts_with_halves() {
    let counted = stdout_of(&["count", "12", "--method", "halves", "--threads", "2"]);
    assert_eq!(counted, "14200\n");
    run(&["count", "13", "--method", "halves", "--json"])
        .success()
        .stdout(predicate::str::contains(
            "\"method\":\"halves\",\"solutions\":73712",
        ));
}

#[test]
fn refuses_listing_and_oversized_boards_with_one_line() {
    run(&["list", "6", "--method", "halves"]).code(2).stderr(
        predicate::str::contains("halves only counts")
            .and(predicate::str::is_match("^[^\n]*\n$").unwrap()),
    );
    run(&["count", "27", "--method", "halves", "--threads", "2"])
        .code(2)
        .stderr(predicate::str::contains("GiB"));
    // Long runs are refused the same way before they start, naming a thread count that fits.
    for long in [
        &["--shard", "0/4"][..],
        &["--checkpoint", "never-written.ckpt"][..],
    ] {
        let args = ["count", "24", "--method", "halves", "--threads", "8"];
        run(&[&args[..], long].concat()).code(2).stderr(
            predicate::str::contains("use --threads 3 or fewer, or --method symmetry")
                .and(predicate::str::is_match("^[^\n]*\n$").unwrap()),
        );
    }
}

#[test]
fn help_says_what_halves_cannot_do() {
    run(&["count", "--help"])
        .success()
        .stdout(predicate::str::contains("halves").and(predicate::str::contains("--unique")));
}
