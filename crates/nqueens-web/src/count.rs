//! Counts by the fast engines, for a Web Worker: the library's [`Count`] with a progress
//! observer that calls back into JavaScript.
//!
//! A count holds the thread it runs on until it ends, which is why the page runs it in a
//! worker: the page stays responsive, reads the progress the worker posts, and cancels a count
//! by ending the worker.

use nqueens::UnknownMethod;
use nqueens::progress::Progress;
use nqueens::{Count, Method, Puzzle, Report};
use std::cell::RefCell;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// Whatever JavaScript object the caller passes: it has a method `update(done, total)`.
    pub type ProgressSink;

    #[wasm_bindgen(method)]
    fn update(this: &ProgressSink, done: f64, total: f64);
}

thread_local! {
    /// The sink of the count running on this thread. The library's observers must be `Sync`;
    /// a JavaScript object is not, so the observer finds it here.
    static SINK: RefCell<Option<ProgressSink>> = const { RefCell::new(None) };
}

/// Passes the library's progress on to the sink of this thread's count.
struct ToSink;

impl Progress for ToSink {
    fn update(&self, done: u64, total: u64) {
        SINK.with(|s| {
            if let Some(sink) = s.borrow().as_ref() {
                sink.update(done as f64, total as f64);
            }
        });
    }
}

/// What a count found, as decimal strings (counts can pass what a JavaScript number holds
/// exactly), and the method the library chose.
#[wasm_bindgen(getter_with_clone)]
#[derive(Debug)]
pub struct Counted {
    /// All solutions.
    pub total: String,
    /// Solutions up to symmetry, or an empty string when not counted.
    pub unique: String,
    /// The method that counted.
    pub method: String,
}

/// Counts the solutions of the n×n board, with `unique` solutions too if asked, by `method`
/// (a name, or an empty string for the library's choice), telling `progress` (if given) how
/// many subproblems are done.
#[wasm_bindgen]
pub fn count(
    n: usize,
    unique: bool,
    method: &str,
    progress: Option<ProgressSink>,
) -> Result<Counted, JsError> {
    let mut request = Count::new(n).unique(unique);
    if !method.is_empty() {
        let m: Method = method
            .parse()
            .map_err(|e: UnknownMethod| JsError::new(&e.to_string()))?;
        request = request.method(m);
    }
    let report = watched(request, progress)?;
    Ok(Counted {
        total: report.counts.total.to_string(),
        unique: report
            .counts
            .unique
            .map(|u| u.to_string())
            .unwrap_or_default(),
        method: report.run.method.to_string(),
    })
}

/// Counts the completions of a board written as `nqueens count --board` reads it, telling
/// `progress` (if given) how many subproblems are done.
#[wasm_bindgen]
pub fn count_board(text: &str, progress: Option<ProgressSink>) -> Result<String, JsError> {
    let puzzle = Puzzle::parse(text).map_err(|e| JsError::new(&e.to_string()))?;
    let report = watched(Count::puzzle(puzzle), progress)?;
    Ok(report.counts.total.to_string())
}

/// Runs the count with `progress` as this thread's sink.
fn watched(request: Count<'_>, progress: Option<ProgressSink>) -> Result<Report, JsError> {
    SINK.with(|s| *s.borrow_mut() = progress);
    let report = request.progress(&ToSink).run();
    SINK.with(|s| s.borrow_mut().take());
    report.map_err(|e| JsError::new(&e.to_string()))
}

/// Q(n) and the unique count as published (OEIS A000170 and A002562), for n = 1 to 27, as
/// decimal strings; empty strings beyond.
#[wasm_bindgen]
pub fn known(n: usize) -> Vec<String> {
    [nqueens::known::total(n), nqueens::known::unique(n)]
        .iter()
        .map(|v| v.map(|v| v.to_string()).unwrap_or_default())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_match_the_published_values() {
        for n in 1..=12 {
            let c = count(n, true, "", None).ok().unwrap();
            assert_eq!(c.total, known(n)[0], "n = {n}");
            assert_eq!(c.unique, known(n)[1], "n = {n}");
        }
        let c = count(14, false, "", None).ok().unwrap();
        assert_eq!((c.total.as_str(), c.method.as_str()), ("365596", "halves"));
        assert_eq!(count(8, false, "sets", None).ok().unwrap().total, "92");
        assert_eq!(known(28), ["", ""]);
    }

    #[test]
    fn boards_are_counted_as_the_command_line_counts_them() {
        assert_eq!(
            count_board(".Q....\n......\n...x..\n......\nx.....\n......\n", None)
                .ok()
                .unwrap(),
            "1"
        );
        assert_eq!(
            count_board(
                "Q.......\n........\n........\n........\n........\n........\n........\n........\n",
                None
            )
            .ok()
            .unwrap(),
            "4"
        );
    }
}
