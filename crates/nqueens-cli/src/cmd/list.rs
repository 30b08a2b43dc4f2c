//! `nqueens list`: every solution, streamed in lexicographic order in the chosen format.

use crate::Outcome;
use crate::args::ListArgs;
use nqueens::symmetry::for_each_unique;
use nqueens::{Method, SolutionWriter};
use std::io::{self, BufWriter};
use std::ops::ControlFlow;
use std::process::ExitCode;

pub fn run(a: ListArgs) -> Outcome {
    let Some(n) = a.n else {
        return super::complete::list(a);
    };
    let method = a.method.unwrap_or_else(Method::default_for_list);
    let limit = a.limit.unwrap_or(u64::MAX);
    let mut writer = SolutionWriter::new(BufWriter::new(io::stdout().lock()), a.format);
    let mut failed: Option<io::Error> = None;
    if limit > 0 && a.unique {
        let _ = for_each_unique(n, method, &mut |cols: &[u32], size: u32| {
            if let Err(e) = writer.write_with_class_size(cols, size) {
                failed = Some(e);
                return ControlFlow::Break(());
            }
            if writer.written() >= limit {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })?;
    } else if limit > 0 {
        let _ = method.for_each_solution(n, &mut |cols: &[u32]| {
            if let Err(e) = writer.write(cols) {
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
