//! `nqueens merge`: reads the shard records of a count, has the library check that they form
//! one complete set (and, where the total is published, that they add up to it), and prints the
//! total.

use crate::args::MergeArgs;
use crate::failure::{Failure, Outcome};
use crate::output;
use nqueens::{Counts, Error, Method, ShardRecord, ShardsProblem, merge, record_lines};
use serde::Serialize;
use std::io::{self, BufReader, Read};
use std::process::ExitCode;

/// What `merge --json` prints: the count's board and method, the number of shards, the counts.
#[derive(Serialize)]
struct Merged {
    n: usize,
    method: Method,
    shards: usize,
    #[serde(flatten)]
    counts: Counts,
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
        for line in record_lines(BufReader::new(reader), &name) {
            let (k, line) = line?;
            let record: ShardRecord = serde_json::from_str(&line).map_err(|e| {
                Error::Shards(ShardsProblem::NotARecord {
                    file: name.clone(),
                    line: k,
                    why: e.to_string(),
                })
            })?;
            records.push(record);
        }
    }
    let counts = merge(&records)?;
    if a.json {
        let first = &records[0];
        output::json(&Merged {
            n: first.id.n,
            method: first.id.method,
            shards: first.shard.count,
            counts,
        })?;
    } else {
        output::number(counts.total)?;
    }
    Ok(ExitCode::SUCCESS)
}
