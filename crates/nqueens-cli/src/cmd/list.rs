//! `nqueens list`: every solution, streamed in lexicographic order in the chosen format.

use crate::Outcome;
use crate::args::ListArgs;
use nqueens::symmetry::for_each_unique;
use nqueens::{Flow, Method, SolutionWriter};
use std::io::{self, BufWriter, Write};
use std::ops::ControlFlow;
use std::process::ExitCode;

pub fn run(a: ListArgs) -> Outcome {
    let Some(n) = a.n else {
        return super::complete::list(a);
    };
    let method = a.method.unwrap_or_else(Method::default_for_list);
    let writer = SolutionWriter::new(BufWriter::new(io::stdout().lock()), a.format);
    if a.unique {
        stream(writer, a.limit, |emit| {
            for_each_unique(n, method, emit).map(drop)
        })
    } else {
        stream(writer, a.limit, |emit| {
            method
                .for_each_solution(n, &mut |cols: &[u32]| emit(cols, 0))
                .map(drop)
        })
    }
}

/// Writes every solution that `walk` hands to its callback (with its class size, 0 when
/// unknown), stops after `limit` of them or at the first failed write (a closed pipe among
/// them), and closes the output.
pub(super) fn stream<W: Write>(
    mut writer: SolutionWriter<W>,
    limit: Option<u64>,
    walk: impl FnOnce(&mut dyn FnMut(&[u32], u32) -> Flow) -> Result<(), nqueens::Error>,
) -> Outcome {
    let limit = limit.unwrap_or(u64::MAX);
    let mut failed: Option<io::Error> = None;
    if limit > 0 {
        walk(&mut |cols: &[u32], class_size: u32| {
            if let Err(e) = writer.write_with_class_size(cols, class_size) {
                failed = Some(e);
                return ControlFlow::Break(());
            }
            if writer.written() >= limit {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })?;
    }
    if let Some(e) = failed {
        return Err(e.into());
    }
    writer.finish()?;
    Ok(ExitCode::SUCCESS)
}
