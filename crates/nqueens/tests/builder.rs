//! Every combination of the calls of a `Count` either gives the exact count or is refused with a
//! structured error, and none panics: the subjects (a board, a partly filled board, an empty
//! one, a checkpoint), the checkpoint calls in every order (naming a file that is there or one
//! that is not), shards, unique counts, every method
//! (the GPU method too, whether this build holds it or not), a GPU device and threads.

use nqueens::error::{GpuProblem, Quantity, Task};
use nqueens::internals::Checkpoint;
use nqueens::machine::GpuDevice;
use nqueens::plan::Plan;
use nqueens::plan_for;
use nqueens::shard::Shard;
use nqueens::{Count, Counts, Error, Method, Puzzle, known};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// What is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Subject {
    /// `Count::new(n)`.
    Board,
    /// `Count::puzzle` of the board with nothing given: the plain board again.
    Empty,
    /// `Count::puzzle` of the board with a queen given in row 0, column 1.
    Corner,
    /// `Count::resume(a)`, of a checkpoint of the board's count made for the request.
    Saved,
}

/// One of the two files a request may name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum File {
    A,
    B,
}

/// A call about the checkpoint.
#[derive(Clone, Copy, Debug)]
enum Call {
    /// `.checkpoint` of a file that is not there: a new checkpoint.
    Checkpoint(File),
    /// `.checkpoint` of a file the test writes first: a checkpoint of this count, continued.
    Continue(File),
    Every(Duration),
}

/// The checkpoint calls one letter each, for the calls in every order.
const CALLS: [Call; 6] = [
    Call::Checkpoint(File::A),
    Call::Checkpoint(File::B),
    Call::Continue(File::A),
    Call::Continue(File::B),
    Call::Every(Duration::from_millis(1)),
    Call::Every(Duration::MAX),
];

/// The two files of one test, in a folder of its own (tests run side by side).
struct Files {
    dir: PathBuf,
}

impl Files {
    fn new(test: &str) -> Files {
        let dir = std::env::temp_dir().join(format!("nq-builder-{}-{test}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        Files { dir }
    }

    fn path(&self, f: File) -> PathBuf {
        self.dir.join(match f {
            File::A => "a.ckpt",
            File::B => "b.ckpt",
        })
    }

    fn clear(&self) {
        for f in [File::A, File::B] {
            let _ = std::fs::remove_file(self.path(f));
        }
    }
}

impl Drop for Files {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Why the library must refuse a request, each with the error it refuses it with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Why {
    Threads,
    NotOnGpu,
    GpuNotBuilt,
    UniquePuzzle,
    NotPuzzle,
    NotUnique,
    NotUniqueInParts,
    NoSplit,
}

impl Why {
    fn names(self, e: &Error) -> bool {
        match self {
            Why::Threads => matches!(
                e,
                Error::OutOfRange {
                    what: Quantity::Threads,
                    ..
                }
            ),
            Why::NotOnGpu => matches!(
                e,
                Error::Unsupported {
                    task: Task::CountOnGpu,
                    ..
                }
            ),
            Why::GpuNotBuilt => matches!(e, Error::Gpu(GpuProblem::NotBuilt)),
            Why::UniquePuzzle => matches!(e, Error::NotForPuzzles(Task::CountUnique)),
            Why::NotPuzzle => matches!(
                e,
                Error::Unsupported {
                    task: Task::CountPuzzle,
                    ..
                }
            ),
            Why::NotUnique => matches!(
                e,
                Error::Unsupported {
                    task: Task::CountUnique,
                    ..
                }
            ),
            Why::NotUniqueInParts => matches!(
                e,
                Error::Unsupported {
                    task: Task::CountUniqueInParts,
                    ..
                }
            ),
            Why::NoSplit => matches!(
                e,
                Error::Unsupported {
                    task: Task::Split,
                    ..
                }
            ),
        }
    }
}

#[derive(Clone, Debug)]
struct Request {
    n: usize,
    subject: Subject,
    method: Option<Method>,
    gpu: Option<GpuDevice>,
    unique: bool,
    shard: Option<Shard>,
    threads: Option<usize>,
    calls: Vec<Call>,
}

fn corner(n: usize) -> Puzzle {
    Puzzle::new(n).unwrap().place(0, 1).unwrap()
}

/// The completions of the corner puzzle, by an oracle that shares no code with the crate:
/// every permutation, its diagonals compared pair by pair.
fn corner_completions(n: usize) -> u128 {
    fn extend(cols: &mut Vec<usize>, n: usize) -> u128 {
        let row = cols.len();
        if row == n {
            return 1;
        }
        let mut found = 0;
        for c in 0..n {
            let safe = cols
                .iter()
                .enumerate()
                .all(|(r, &q)| q != c && row - r != c.abs_diff(q));
            if safe {
                cols.push(c);
                found += extend(cols, n);
                cols.pop();
            }
        }
        found
    }
    extend(&mut vec![1], n)
}

impl Request {
    fn build(&self, files: &Files) -> Count<'static> {
        let mut c = match self.subject {
            Subject::Board => Count::new(self.n),
            Subject::Empty => Count::puzzle(Puzzle::new(self.n).unwrap()),
            Subject::Corner => Count::puzzle(corner(self.n)),
            Subject::Saved => Count::resume(files.path(File::A)),
        };
        if let Some(m) = self.method {
            c = c.method(m);
        }
        if let Some(d) = self.gpu {
            c = c.gpu_device(d);
        }
        c = c.unique(self.unique);
        if let Some(s) = self.shard {
            c = c.shard(s);
        }
        if let Some(t) = self.threads {
            c = c.threads(t);
        }
        for &call in &self.calls {
            c = match call {
                Call::Checkpoint(f) | Call::Continue(f) => c.checkpoint(files.path(f)),
                Call::Every(every) => c.save_every(every),
            };
        }
        c
    }

    /// The checkpoint the request keeps, or the first two different ones it names (a resumed
    /// subject names its file first).
    fn kept(&self) -> Result<Option<File>, (File, File)> {
        let mut first = (self.subject == Subject::Saved).then_some(File::A);
        for &call in &self.calls {
            let named = match call {
                Call::Checkpoint(file) | Call::Continue(file) => file,
                Call::Every(_) => continue,
            };
            match first {
                None => first = Some(named),
                Some(f) if f == named => {}
                Some(f) => return Err((f, named)),
            }
        }
        Ok(first)
    }

    /// Whether the test writes `file` before the request runs: the file a resumed subject
    /// reads, or one a call continues.
    fn written_first(&self, file: File) -> bool {
        (self.subject == Subject::Saved && file == File::A)
            || self
                .calls
                .iter()
                .any(|&c| matches!(c, Call::Continue(f) if f == file))
    }

    /// The method that counts: the one named, the GPU's when a device is, or the automatic
    /// choice for n < 14 (a checkpoint made for the request holds that too).
    fn method_used(&self) -> Method {
        self.method
            .or(self.gpu.map(|_| Method::Gpu))
            .unwrap_or(match self.subject {
                Subject::Corner => Method::Bitmask,
                _ => Method::Symmetry,
            })
    }

    /// What the library must refuse the request for (beside two checkpoints).
    fn refusals(&self) -> Vec<Why> {
        let m = self.method_used();
        let puzzle = self.subject == Subject::Corner;
        let long = matches!(self.kept(), Ok(Some(_))) || self.shard.is_some_and(|s| !s.is_whole());
        let mut why = Vec::new();
        let mut refuse = |yes: bool, w: Why| {
            if yes {
                why.push(w);
            }
        };
        refuse(self.threads == Some(0), Why::Threads);
        refuse(self.gpu.is_some() && m != Method::Gpu, Why::NotOnGpu);
        refuse(!m.is_built(), Why::GpuNotBuilt);
        refuse(puzzle && self.unique, Why::UniquePuzzle);
        refuse(puzzle && !m.counts_puzzles(), Why::NotPuzzle);
        refuse(self.unique && !m.counts_unique(), Why::NotUnique);
        let parts = self.shard.is_some_and(|s| !s.is_whole());
        refuse(
            self.unique && m.counts_unique() && parts && !m.counts_unique_in_parts(),
            Why::NotUniqueInParts,
        );
        refuse(long && !m.has_split(), Why::NoSplit);
        why
    }

    /// Writes the checkpoint a resumed request continues: the same count, stopped before its
    /// first subproblem, then every other subproblem recorded as done. A count that cannot
    /// keep one leaves no file, and the request is refused for the same reason.
    fn make_checkpoint(&self, files: &Files, file: File) {
        let path = files.path(file);
        let base = Request {
            subject: match self.subject {
                Subject::Saved => Subject::Board,
                s => s,
            },
            threads: Some(1),
            calls: vec![Call::Checkpoint(file)],
            ..self.clone()
        };
        let stop = AtomicBool::new(true);
        if base.build(files).stop(&stop).run().is_err() {
            assert!(!path.exists(), "{base:?} was refused but wrote {path:?}");
            return;
        }
        let mut cp = Checkpoint::load(&path).unwrap();
        let plan: Box<dyn Plan> = match &cp.puzzle {
            Some(p) => Box::new(p.plan()),
            None => plan_for(self.n, cp.id.method).unwrap(),
        };
        for i in cp.remaining().into_iter().step_by(2) {
            cp.record(i, plan.count_one(i));
        }
        cp.save(&path).unwrap();
    }

    /// The counts the request must give, for the method that counted.
    fn expected(&self, method: Method) -> Counts {
        let plan: Box<dyn Plan> = match self.subject {
            Subject::Corner => Box::new(corner(self.n).plan()),
            _ => match plan_for(self.n, method) {
                Ok(plan) => plan,
                // The two slow references have no split, and count only whole boards.
                Err(_) => return Counts::total(known::total(self.n).unwrap()),
            },
        };
        let shard = self.shard.unwrap_or(Shard::WHOLE);
        shard.indices(plan.len()).fold(plan.zero(), |sum, i| {
            sum.checked_add(plan.count_one(i)).unwrap()
        })
    }

    /// Runs the request (writing the file it resumes first), and says whether it was counted,
    /// or what is wrong with the outcome.
    fn check(&self, files: &Files) -> Result<bool, String> {
        files.clear();
        let kept = self.kept();
        let continued = match kept {
            Ok(Some(file)) => self.written_first(file),
            _ => false,
        };
        if let (Ok(Some(file)), true) = (kept, continued) {
            self.make_checkpoint(files, file);
        }
        let outcome = catch_unwind(AssertUnwindSafe(|| self.build(files).run()))
            .map_err(|_| "panicked".to_string())?;
        let refusals = self.refusals();
        // A GPU build may find no GPU, or one that fails: refused, never wrong.
        let gpu_may_fail = self.method_used() == Method::Gpu && Method::Gpu.is_built();
        match (kept, outcome) {
            (
                Err((first, second)),
                Err(Error::TwoCheckpoints {
                    first: f,
                    second: s,
                }),
            ) if f == files.path(first) && s == files.path(second) => Ok(false),
            (Err(two), outcome) => Err(format!(
                "names two checkpoints {two:?}, but gave {:?}",
                outcome.map(|r| r.counts)
            )),
            (Ok(_), Err(e)) if refusals.iter().any(|w| w.names(&e)) => Ok(false),
            // Refused before the file it resumes could be written.
            (Ok(Some(_)), Err(Error::Checkpoint { .. })) if continued && !refusals.is_empty() => {
                Ok(false)
            }
            (Ok(_), Err(Error::Gpu(_))) if gpu_may_fail => Ok(false),
            (Ok(_), Err(e)) => Err(format!("refused ({refusals:?} expected): {e:?}: {e}")),
            (Ok(_), Ok(r)) if !refusals.is_empty() => Err(format!(
                "counted {:?} where {refusals:?} should refuse it",
                r.counts
            )),
            (Ok(kept), Ok(r)) => {
                if !r.is_finished() {
                    return Err(format!("did not finish: {:?}", r.end));
                }
                if r.run.method != self.method_used() {
                    return Err(format!(
                        "counted with {} not {}",
                        r.run.method,
                        self.method_used()
                    ));
                }
                if let Some(t) = self.threads.filter(|_| r.run.method.has_split())
                    && r.run.threads != t
                {
                    return Err(format!("ran on {} threads, not {t}", r.run.threads));
                }
                let expected = self.expected(r.run.method);
                let whole = self.shard.is_none_or(|s| s.is_whole());
                let known = match self.subject {
                    Subject::Corner => corner_completions(self.n),
                    _ => known::total(self.n).unwrap(),
                };
                if r.counts.total != expected.total || (whole && r.counts.total != known) {
                    return Err(format!("counted {:?}, not {expected:?}", r.counts));
                }
                if self.unique {
                    let unique = whole.then(|| known::unique(self.n).unwrap());
                    // A method that counts unique solutions of a whole count only makes them
                    // at the end, from the total: its subproblems carry none.
                    let parts_agree = !r.run.method.counts_unique_in_parts()
                        || r.counts.unique == expected.unique;
                    if !parts_agree || unique.is_some_and(|u| r.counts.unique != Some(u)) {
                        return Err(format!("unique {:?}, not {expected:?}", r.counts.unique));
                    }
                }
                if let Some(file) = kept {
                    let cp = Checkpoint::load(&files.path(file)).map_err(|e| e.to_string())?;
                    if !cp.is_complete() {
                        return Err("its checkpoint is not complete".to_string());
                    }
                }
                Ok(true)
            }
        }
    }
}

/// Every sequence of up to `len` calls from `calls`, the empty one first.
fn sequences(calls: &[Call], len: usize) -> Vec<Vec<Call>> {
    let mut all = vec![Vec::new()];
    let mut last = vec![Vec::new()];
    for _ in 0..len {
        last = last
            .iter()
            .flat_map(|s: &Vec<Call>| {
                calls.iter().map(move |&c| {
                    let mut s = s.clone();
                    s.push(c);
                    s
                })
            })
            .collect();
        all.extend(last.iter().cloned());
    }
    all
}

/// Checks every request; returns how many were counted and how many refused.
fn check_all(files: &Files, requests: impl Iterator<Item = Request>) -> (usize, usize) {
    let mut failures = Vec::new();
    let (mut checked, mut counted) = (0, 0);
    for r in requests {
        checked += 1;
        match r.check(files) {
            Ok(true) => counted += 1,
            Ok(false) => {}
            Err(why) => failures.push(format!("{r:?}: {why}")),
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {checked} requests went wrong, the first:\n{}",
        failures.len(),
        failures[..failures.len().min(20)].join("\n")
    );
    eprintln!("{counted} of {checked} requests counted, the others refused");
    (counted, checked - counted)
}

#[test]
fn checkpoint_calls_in_every_order_keep_one_checkpoint_or_are_refused() {
    let files = Files::new("order");
    let subjects = [Subject::Board, Subject::Corner, Subject::Saved];
    let requests = subjects.into_iter().flat_map(|subject| {
        sequences(&CALLS, 3).into_iter().map(move |calls| Request {
            n: 8,
            subject,
            method: None,
            gpu: None,
            unique: false,
            shard: None,
            threads: Some(2),
            calls,
        })
    });
    let (counted, refused) = check_all(&files, requests);
    assert_eq!(counted + refused, 3 * (1 + 6 + 36 + 216));
    assert!(counted > 0 && refused > 0);
}

#[test]
fn every_combination_of_calls_is_exact_or_refused() {
    let files = Files::new("every");
    let methods: Vec<Option<Method>> = std::iter::once(None)
        .chain(Method::ALL.iter().copied().map(Some))
        .collect();
    let shards = [
        None,
        Some(Shard::new(0, 2).unwrap()),
        Some(Shard::new(1, 2).unwrap()),
    ];
    let persistence = [
        vec![],
        vec![Call::Checkpoint(File::A)],
        vec![Call::Continue(File::A)],
        vec![
            Call::Every(Duration::from_millis(1)),
            Call::Checkpoint(File::B),
        ],
    ];
    let mut requests = Vec::new();
    for subject in [
        Subject::Board,
        Subject::Empty,
        Subject::Corner,
        Subject::Saved,
    ] {
        for &method in &methods {
            for gpu in [None, Some(GpuDevice::All)] {
                for unique in [false, true] {
                    for shard in shards {
                        for threads in [None, Some(0), Some(1), Some(2)] {
                            for calls in &persistence {
                                requests.push(Request {
                                    n: 6 + requests.len() % 3,
                                    subject,
                                    method,
                                    gpu,
                                    unique,
                                    shard,
                                    threads,
                                    calls: calls.clone(),
                                });
                            }
                        }
                    }
                }
            }
        }
    }
    let len = requests.len();
    let (counted, refused) = check_all(&files, requests.into_iter());
    assert_eq!(counted + refused, len);
    assert!(counted > 0 && refused > 0);
}

/// The cases the old builder got wrong: a resumed subject given a new checkpoint panicked, and
/// of two checkpoints the last silently won.
#[test]
fn two_checkpoints_are_refused_in_either_order() {
    // In a folder of their own: a builder that let one of them win would write it.
    let files = Files::new("two");
    let (a, b) = (files.path(File::A), files.path(File::B));
    let (a, b) = (a.as_path(), b.as_path());
    let two = |c: Count<'static>| match c.run() {
        Err(Error::TwoCheckpoints { first, second }) => (first, second),
        other => panic!("not refused: {:?}", other.map(|r| r.counts)),
    };
    assert_eq!(two(Count::resume(a).checkpoint(b)), (a.into(), b.into()));
    assert_eq!(
        two(Count::new(8).checkpoint(b).checkpoint(a)),
        (b.into(), a.into())
    );
    // The first conflict is the one told, whatever comes after it.
    assert_eq!(
        two(Count::new(8).checkpoint(a).checkpoint(b).checkpoint(a)),
        (a.into(), b.into())
    );
    assert!(!a.exists() && !b.exists());
    // Naming a resumed count's own file again is no second checkpoint.
    let stop = AtomicBool::new(true);
    Count::new(8).checkpoint(a).stop(&stop).run().unwrap();
    let r = Count::resume(a).checkpoint(a).run().unwrap();
    assert_eq!(r.number(), Some(92));
}

/// A checkpoint call of each kind, for the calls that name one file in every order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Open {
    /// `.checkpoint`: a new file or one to continue.
    Either,
    /// `.new_checkpoint`: a new file only.
    New,
    /// `.continue_checkpoint`: a file to continue only.
    Continue,
}

/// Naming one file both as a new checkpoint and as one to continue (by a call, or by resuming
/// it) is refused, in every order, whether the file is there or not, and leaves what is there
/// as it was; any other sequence of calls on the file is not refused for that.
#[test]
fn a_checkpoint_named_new_and_continued_is_refused_in_every_order() {
    use nqueens::error::CheckpointProblem;
    let files = Files::new("both");
    let path = files.path(File::A);
    let opens = [Open::Either, Open::New, Open::Continue];
    let mut sequences = vec![vec![]];
    for len in 1..=3 {
        let mut longer = Vec::new();
        for s in sequences.iter().filter(|s| s.len() == len - 1) {
            for &o in &opens {
                let mut s: Vec<Open> = s.clone();
                s.push(o);
                longer.push(s);
            }
        }
        sequences.extend(longer);
    }
    let mut refused = 0;
    for resumed in [false, true] {
        for there in [false, true] {
            for calls in &sequences {
                files.clear();
                if there {
                    let stop = AtomicBool::new(true);
                    Count::new(8).checkpoint(&path).stop(&stop).run().unwrap();
                }
                let before = std::fs::read(&path).ok();
                let mut count = match resumed {
                    true => Count::resume(&path),
                    false => Count::new(8),
                };
                for open in calls {
                    count = match open {
                        Open::Either => count.checkpoint(&path),
                        Open::New => count.new_checkpoint(&path),
                        Open::Continue => count.continue_checkpoint(&path),
                    };
                }
                let both =
                    calls.contains(&Open::New) && (resumed || calls.contains(&Open::Continue));
                let what = format!("resumed {resumed}, file there {there}, calls {calls:?}");
                match count.run() {
                    Err(Error::Checkpoint {
                        path: p,
                        problem: CheckpointProblem::NewAndContinued,
                    }) => {
                        assert!(both, "{what}: refused as both new and continued");
                        assert_eq!(p, path, "{what}");
                        assert_eq!(
                            std::fs::read(&path).ok(),
                            before,
                            "{what}: the file changed"
                        );
                        refused += 1;
                    }
                    other => assert!(
                        !both,
                        "{what}: not refused as both new and continued: {:?}",
                        other.map(|r| r.counts)
                    ),
                }
            }
        }
    }
    // Of the 40 sequences, with the file there or not: those with a new and a continued call
    // (2 of length 2, 12 of length 3), and when the count is resumed those with a new call
    // (1 + 5 + 19).
    assert_eq!(refused, 2 * (14 + 25), "refusals");
}

/// A count continued from its checkpoint answers what the count that saved it was asked: the
/// unique count, whether it is continued by the file's name alone, with the board named again,
/// or by a request that does not say `unique` again, for the method that counts unique
/// solutions in every part (symmetry, in a shard too) and for the one that makes them at the
/// end from the total (halves). A checkpoint asked for the total stays a total.
#[test]
fn a_resumed_count_answers_what_its_checkpoint_was_asked() {
    let files = Files::new("answer");
    let path = files.path(File::A);
    for (n, method, shard) in [
        (15, Method::Halves, Shard::WHOLE),
        (11, Method::Symmetry, Shard::WHOLE),
        (11, Method::Symmetry, Shard::new(1, 2).unwrap()),
    ] {
        for unique in [false, true] {
            // Stopped before its first subproblem, then half of it counted and saved, as a
            // count stopped midway leaves it.
            let saved = || {
                files.clear();
                let stop = AtomicBool::new(true);
                Count::new(n)
                    .method(method)
                    .unique(unique)
                    .shard(shard)
                    .checkpoint(&path)
                    .stop(&stop)
                    .run()
                    .unwrap();
                let mut cp = Checkpoint::load(&path).unwrap();
                assert_eq!(cp.unique, unique);
                let plan = plan_for(n, method).unwrap();
                for i in cp.remaining().into_iter().step_by(2) {
                    cp.record(i, plan.count_one(i));
                }
                cp.save(&path).unwrap();
            };
            let expected = match (unique, shard.is_whole()) {
                (true, true) => known::unique(n),
                (false, true) => known::total(n),
                (_, false) => None,
            };
            let what = format!("n = {n}, {method}, shard {shard}, unique {unique}");
            for request in [
                Count::resume(&path),
                Count::new(n).continue_checkpoint(&path),
                Count::new(n).checkpoint(&path).method(method),
            ] {
                saved();
                let r = request.run().unwrap();
                assert!(r.is_finished(), "{what}");
                assert_eq!((r.run.unique, r.number()), (unique, expected), "{what}");
                assert_eq!(Checkpoint::load(&path).unwrap().unique, unique, "{what}");
            }
            // Asked for the unique count when continued: the answer, and the file's from then.
            saved();
            let r = Count::resume(&path).unique(true).run().unwrap();
            assert_eq!(
                r.number(),
                shard.is_whole().then(|| known::unique(n)).flatten()
            );
            assert!(Checkpoint::load(&path).unwrap().unique, "{what}");
        }
    }
}
