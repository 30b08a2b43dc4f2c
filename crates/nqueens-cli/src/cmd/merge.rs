//! `nqueens merge`: reads the shard records of a count, checks that they form one complete set,
//! and prints the total.

use crate::args::MergeArgs;
use crate::{Failure, Outcome};
use nqueens::SymmetryClasses;
use nqueens::shard::{ShardRecord, merge};
use serde::Serialize;
use std::io::{self, BufRead, BufReader, Read};
use std::process::ExitCode;

#[derive(Serialize)]
struct Report<'a> {
    n: usize,
    method: &'a str,
    shards: usize,
    solutions: u128,
    #[serde(skip_serializing_if = "Option::is_none")]
    unique: Option<u128>,
    #[serde(skip_serializing_if = "Option::is_none")]
    classes: Option<SymmetryClasses>,
}

pub fn run(a: MergeArgs) -> Outcome {
    let mut records = Vec::new();
    for path in &a.files {
        let name = path.display().to_string();
        let reader: Box<dyn Read> = if name == "-" {
            Box::new(io::stdin())
        } else {
            Box::new(
                std::fs::File::open(path)
                    .map_err(|e| Failure::usage(format!("cannot read shard file {name}: {e}")))?,
            )
        };
        for (k, line) in BufReader::new(reader).lines().enumerate() {
            let line =
                line.map_err(|e| Failure::usage(format!("cannot read shard file {name}: {e}")))?;
            if line.trim().is_empty() {
                continue;
            }
            let record: ShardRecord = serde_json::from_str(&line).map_err(|e| {
                Failure::usage(format!("{name}, line {}: not a shard record ({e})", k + 1))
            })?;
            records.push(record);
        }
    }
    let counts = merge(&records)?;
    if a.json {
        let first = &records[0];
        let report = Report {
            n: first.n,
            method: &first.method,
            shards: first.shard.count,
            solutions: counts.total,
            unique: counts.unique,
            classes: counts.classes,
        };
        super::count::print_json(&report)?;
    } else {
        super::count::print_number(counts.total)?;
    }
    Ok(ExitCode::SUCCESS)
}
