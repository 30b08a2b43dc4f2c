//! The command line against a hostile user: outputs that fail, inputs that never end or are not
//! what they claim to be, saved work that lies about its counts, a stop at an awkward moment.
//! Each promise of README is tested on every command and format it covers.

mod common;

use common::nqueens;
use predicates::prelude::*;

#[test]
fn verify_refuses_a_board_that_is_not_square() {
    for (svg, needle) in [
        (
            "<svg><g><rect width=\"5\" height=\"6\"/></g></svg>",
            "line 1: an SVG board of 5×6 squares",
        ),
        (
            "<svg>\n<g><rect width=\"8\" height=\"4\"/><use href=\"#queen\" x=\"0\" y=\"0\"/></g>\
             </svg>",
            "line 2: an SVG board of 8×4 squares",
        ),
        (
            "<svg><g><rect width=\"4\"/></g></svg>",
            "without a whole number 'height'",
        ),
    ] {
        for json in [false, true] {
            let mut cmd = nqueens();
            cmd.arg("verify");
            if json {
                cmd.arg("--json");
            }
            cmd.write_stdin(svg)
                .assert()
                .code(2)
                .stdout("")
                .stderr(predicate::str::contains(needle));
        }
    }
    // What list draws still reads.
    let drawn = nqueens()
        .args(["list", "6", "--format", "svg"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    nqueens()
        .arg("verify")
        .write_stdin(drawn)
        .assert()
        .success()
        .stdout("valid\n".repeat(4));
}
