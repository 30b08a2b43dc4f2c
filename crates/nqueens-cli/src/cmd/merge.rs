//! `nqueens merge`: reads the shard records of a count, has the library check that they form
//! one complete set (and, where the total is published, that they add up to it), and prints the
//! total.

use crate::args::MergeArgs;
use crate::failure::{Failure, Outcome};
use crate::output;
use nqueens::error::ShardsProblem;
use nqueens::shard::{ShardRecord, merge, merged_number};
use nqueens::{Counts, Error, Method};
use serde::Serialize;
use std::io::{self, BufRead, BufReader, Read};
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
                    why: without_position(&e),
                })
            })?;
            records.push(record);
        }
    }
    if a.json {
        let counts = merge(&records)?;
        let first = &records[0];
        output::json(&Merged {
            n: first.id.n,
            method: first.id.method,
            shards: first.shard.count,
            counts,
        })?;
    } else {
        // The number the whole count would have printed: the unique count of shards counted
        // with --unique, the total otherwise.
        output::number(merged_number(&records)?)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// What serde says is wrong with a line, less the position it appends (" at line 1 column 4"):
/// the message names the line already, and the column is said in words.
fn without_position(e: &serde_json::Error) -> String {
    let text = e.to_string();
    let suffix = format!(" at line {} column {}", e.line(), e.column());
    match text.strip_suffix(&suffix) {
        Some(why) => format!("{why}, at column {}", e.column()),
        None => text,
    }
}

/// The longest line a file of shard records may hold, in bytes. A record is a few hundred
/// bytes at most (its largest numbers have 39 digits); a longer line is no record, and reading
/// it whole (an endless line, `/dev/zero`) would only exhaust memory.
const MAX_RECORD_LINE: usize = 4096;

/// The lines of one file of records (`file` names it in messages), numbered from 1, blank
/// lines skipped: what [`run`] decodes, one record a line. A line longer than
/// [`MAX_RECORD_LINE`] is refused as soon as it is seen, without being read further, and
/// reading ends at the first refusal.
fn record_lines<R: BufRead>(reader: R, file: &str) -> RecordLines<R> {
    RecordLines {
        reader,
        file: file.to_string(),
        line: 0,
        done: false,
    }
}

/// The iterator of [`record_lines`].
#[derive(Debug)]
struct RecordLines<R> {
    reader: R,
    file: String,
    line: usize,
    done: bool,
}

impl<R: BufRead> RecordLines<R> {
    fn next_line(&mut self) -> Result<Option<(usize, String)>, Error> {
        let mut bytes = Vec::new();
        loop {
            bytes.clear();
            self.line += 1;
            // One byte more than the longest line: enough to tell that a line is too long.
            let read = (&mut self.reader)
                .take(MAX_RECORD_LINE as u64 + 1)
                .read_until(b'\n', &mut bytes)
                .map_err(|e| {
                    Error::Shards(ShardsProblem::Unreadable {
                        file: self.file.clone(),
                        why: e.to_string(),
                    })
                })?;
            if read == 0 {
                return Ok(None);
            }
            if bytes.last() == Some(&b'\n') {
                bytes.pop();
            } else if bytes.len() > MAX_RECORD_LINE {
                return Err(self.refuse(format!("a line longer than {MAX_RECORD_LINE} bytes")));
            }
            let text = String::from_utf8(bytes)
                .map_err(|_| self.refuse("a line that is not UTF-8 text".to_string()))?;
            if !text.trim().is_empty() {
                return Ok(Some((self.line, text)));
            }
            bytes = text.into_bytes();
        }
    }

    fn refuse(&self, why: String) -> Error {
        Error::Shards(ShardsProblem::NotARecord {
            file: self.file.clone(),
            line: self.line,
            why,
        })
    }
}

impl<R: BufRead> Iterator for RecordLines<R> {
    type Item = Result<(usize, String), Error>;
    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let next = self.next_line().transpose();
        self.done = !matches!(next, Some(Ok(_)));
        next
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn record_lines_are_numbered_and_bounded() {
        let text = format!("a\n\n  \nb\n{}\nc", "x".repeat(MAX_RECORD_LINE));
        let lines: Vec<_> = record_lines(text.as_bytes(), "f").collect();
        let read: Vec<(usize, String)> = lines.into_iter().map(Result::unwrap).collect();
        assert_eq!(read[0], (1, "a".to_string()));
        assert_eq!(read[1], (4, "b".to_string()));
        assert_eq!(read[2].0, 5);
        assert_eq!(read[3], (6, "c".to_string()));
        let long = format!("a\n{}", "x".repeat(MAX_RECORD_LINE + 1));
        let mut lines = record_lines(long.as_bytes(), "f");
        assert!(lines.next().unwrap().is_ok());
        let e = lines.next().unwrap().unwrap_err().to_string();
        assert_eq!(
            e,
            "f, line 2: not a shard record (a line longer than 4096 bytes)"
        );
        assert!(lines.next().is_none());
    }

    #[test]
    fn an_endless_line_is_refused_unread() {
        let lines: Vec<_> = record_lines("{}\n\n{\"n\":8}".as_bytes(), "-").collect();
        assert_eq!(lines[1].as_ref().unwrap(), &(3, "{\"n\":8}".to_string()));
        let endless = io::repeat(b'{').take(10 * MAX_RECORD_LINE as u64);
        let e = record_lines(BufReader::new(endless), "-")
            .next()
            .unwrap()
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "-, line 1: not a shard record (a line longer than 4096 bytes)"
        );
    }
}
