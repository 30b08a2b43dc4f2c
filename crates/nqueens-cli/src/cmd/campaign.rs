//! `nqueens campaign`: a count run as a campaign of units in a shared folder, through the
//! library's [`nqueens::campaign`]: `new` writes its plan, `work` is one worker (a line on
//! stderr for each unit, the progress within it as `count` shows it), `status` prints where it
//! stands, `check` recounts a sample of its units on a second code path, `export` prints it for
//! publication and `verify-export` checks such a table.

use crate::args::{
    CampaignAction, CampaignArgs, CampaignCheckArgs, CampaignExportArgs, CampaignNewArgs,
    CampaignStatusArgs, CampaignVerifyArgs, CampaignWorkArgs, Until,
};
use crate::failure::{Failure, Outcome, say};
use crate::output;
use crate::progress;
use nqueens::campaign::{Campaign, DEFAULT_STALE, Engine, Event, Status, Work, WorkEnd};
use nqueens::machine::GpuDevice;
use nqueens::progress::{NoProgress, Progress};
use nqueens::{Counts, Method};
use serde::Serialize;
use std::io::{self, Write};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, SystemTime};

/// The exit code of a worker stopped by SIGINT or SIGTERM, as `count` ends.
const STOPPED: u8 = 130;

pub fn run(a: CampaignArgs) -> Outcome {
    match a.action {
        CampaignAction::New(a) => new(a),
        CampaignAction::Work(a) => work(a),
        CampaignAction::Status(a) => status(a),
        CampaignAction::Check(a) => check(a),
        CampaignAction::Export(a) => export(a),
        CampaignAction::VerifyExport(a) => verify_export(a),
    }
}

fn export(a: CampaignExportArgs) -> Outcome {
    let text = Campaign::open(&a.dir)?.export()?;
    let mut out = io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

fn verify_export(a: CampaignVerifyArgs) -> Outcome {
    let percent = a.sample.unwrap_or(5);
    let threads = a.threads.unwrap_or(Work::new().threads);
    let v = nqueens::campaign::verify_export(
        &a.file,
        f64::from(percent) / 100.0,
        a.seed.unwrap_or(0),
        threads,
    )?;
    let mut out = io::stdout().lock();
    for (i, said, found) in &v.mismatches {
        writeln!(
            out,
            "subproblem {i}: MISMATCH: the export says {said} solutions, the recount {found}"
        )?;
    }
    let published = match nqueens::known::total(v.n) {
        Some(k) if k == v.total => "equal to OEIS A000170".to_string(),
        Some(k) => format!("DIFFERENT from OEIS A000170, {k}"),
        None => "not published".to_string(),
    };
    writeln!(
        out,
        "export of n = {}: {} subproblems adding up to {} solutions ({published}); {} \
         recounted on the puzzle path, {} differ",
        v.n,
        v.subproblems,
        v.total,
        v.recounted,
        v.mismatches.len()
    )?;
    out.flush()?;
    let agrees = nqueens::known::total(v.n).is_none_or(|k| k == v.total);
    Ok(if v.mismatches.is_empty() && agrees {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn check(a: CampaignCheckArgs) -> Outcome {
    let campaign = Campaign::open(&a.dir)?;
    let percent = a.sample.unwrap_or(5);
    // One per core unless told: what a worker counts on.
    let threads = a.threads.unwrap_or(Work::new().threads);
    let checked = campaign.check(f64::from(percent) / 100.0, a.seed.unwrap_or(0), threads)?;
    let mut out = io::stdout().lock();
    for c in &checked.conflicts {
        let list: Vec<String> = c.subproblems.iter().map(|i| i.to_string()).collect();
        writeln!(
            out,
            "unit {}: CONFLICT: its result says {} solutions, the second path {} (subproblems \
             {}); the result is kept in conflicts/ and the unit is queued again",
            c.unit.id,
            c.first,
            c.second,
            list.join(", ")
        )?;
    }
    writeln!(
        out,
        "checked {} units ({} subproblems) on the second path: {} agree, {} conflict",
        checked.units.len(),
        checked.subproblems,
        checked.units.len() - checked.conflicts.len(),
        checked.conflicts.len()
    )?;
    out.flush()?;
    if checked.conflicts.is_empty() {
        Ok(ExitCode::SUCCESS)
    } else {
        Ok(ExitCode::from(1))
    }
}

fn new(a: CampaignNewArgs) -> Outcome {
    let campaign = Campaign::create(&a.dir, a.n, a.units)?;
    let id = campaign.plan_id();
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "campaign of n = {} in {}: {} unit{} of the {} subproblems of the symmetry split {:016x}",
        id.n,
        a.dir.display(),
        campaign.units().len(),
        if campaign.units().len() == 1 { "" } else { "s" },
        id.subproblems,
        id.fingerprint
    )?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

fn work(a: CampaignWorkArgs) -> Outcome {
    let campaign = Campaign::open(&a.dir)?;
    // The worker ends cleanly on the first Ctrl-C or SIGTERM (what a batch queue sends before
    // it preempts a job), keeping the unit under way; a second one ends it at once.
    let stop = Arc::new(AtomicBool::new(false));
    for sig in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM] {
        signal_hook::flag::register_conditional_shutdown(sig, STOPPED as i32, Arc::clone(&stop))
            .and_then(|_| signal_hook::flag::register(sig, Arc::clone(&stop)))
            .map_err(|e| Failure::from(io::Error::other(format!("cannot catch signals: {e}"))))?;
    }
    let reporter = progress::reporter(a.progress, a.quiet);
    let progress: &dyn Progress = match &reporter {
        Some(r) => r,
        None => &NoProgress,
    };
    let quiet = a.quiet;
    let tell = |e: &Event| {
        if !quiet {
            say(&event_line(e));
        }
    };
    let mut work = Work::new();
    if let Some(t) = a.threads {
        work.threads = t;
    }
    work.engine = match (a.gpu_device, a.method) {
        (Some(_), Some(Method::Symmetry)) => {
            return Err(Failure::usage(
                "method symmetry counts on the CPU, not on a GPU: use --method gpu",
            ));
        }
        (Some(d), _) => Engine::Gpus(d),
        (None, Some(Method::Gpu)) => Engine::Gpus(GpuDevice::default()),
        (None, Some(_)) => Engine::Processor,
        (None, None) => Engine::Best,
    };
    work.units = a.units;
    work.until = a.until.map(|u| match u {
        Until::After(s) => SystemTime::now() + Duration::from_secs(s),
        Until::At(t) => SystemTime::UNIX_EPOCH + Duration::from_secs(t),
    });
    work.stale = a.stale.map_or(DEFAULT_STALE, Duration::from_secs);
    work.stop = Some(&stop);
    work.progress = progress;
    work.events = &tell;
    let worked = match &reporter {
        Some(r) => r.around(|| campaign.work(&work)),
        None => campaign.work(&work),
    }?;
    if !quiet {
        say(&format!(
            "worker ends, {} unit{} counted: {}",
            worked.counted,
            if worked.counted == 1 { "" } else { "s" },
            match worked.end {
                WorkEnd::Complete => "every unit is done",
                WorkEnd::Units => "it counted the units asked for",
                WorkEnd::Until => "its time is up",
                WorkEnd::Stopped => "stopped",
                _ => "done",
            }
        ));
    }
    Ok(match worked.end {
        WorkEnd::Stopped => ExitCode::from(STOPPED),
        _ => ExitCode::SUCCESS,
    })
}

/// A worker's line on stderr for each thing it does.
fn event_line(e: &Event) -> String {
    match e {
        Event::Counting {
            method,
            device,
            software,
        } => {
            let mut line = format!("counting with {method} on {device}");
            if *software {
                line += " (a software device, the processor standing in for a GPU, far slower)";
            }
            line
        }
        Event::Claimed {
            unit,
            generation,
            resumed,
        } => {
            let mut line = format!(
                "unit {}: claimed (subproblems {} to {})",
                unit.id,
                unit.first,
                unit.end.saturating_sub(1)
            );
            if *generation > 0 {
                line += &format!(", taken over from a stale claim (generation {generation})");
            }
            if *resumed > 0 {
                line += &format!(", continuing from {resumed} of {} counted", unit.len());
            }
            line
        }
        Event::Counted {
            unit,
            counts,
            seconds,
        } => format!(
            "unit {}: {} solutions in {seconds:.1} s",
            unit.id, counts.total
        ),
        Event::Stopped { unit, done } => format!(
            "unit {}: stopped with {done} of {} subproblems counted, kept for the next worker",
            unit.id,
            unit.len()
        ),
        Event::Lost { unit } => format!(
            "unit {}: another worker took it over (this one was silent too long)",
            unit.id
        ),
        Event::Refused { unit, why } => format!(
            "unit {}: its result was refused and moved to refused/ ({why}); counting it again",
            unit.id
        ),
        other => format!("{other:?}"),
    }
}

/// What `campaign status --json` prints.
#[derive(Serialize)]
struct Printed<'a> {
    n: usize,
    units: usize,
    done: usize,
    claimed: usize,
    stale: usize,
    free: usize,
    checked: usize,
    conflicting: usize,
    damaged: Vec<Damaged<'a>>,
    subproblems: usize,
    subproblems_done: usize,
    #[serde(flatten)]
    counts: Counts,
    throughput: Vec<Speed<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    eta_seconds: Option<u64>,
    complete: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    oeis_solutions: Option<u128>,
    #[serde(skip_serializing_if = "Option::is_none")]
    oeis_unique: Option<u128>,
    #[serde(skip_serializing_if = "Option::is_none")]
    agrees: Option<bool>,
}

#[derive(Serialize)]
struct Damaged<'a> {
    unit: usize,
    why: &'a str,
}

#[derive(Serialize)]
struct Speed<'a> {
    method: nqueens::Method,
    device: &'a str,
    host: &'a str,
    units: usize,
    subproblems: usize,
    solutions: u128,
    seconds: f64,
    /// Modelled, not measured: see `Throughput::projected`.
    #[serde(skip_serializing_if = "Option::is_none")]
    q27_seconds: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    q28_seconds: Option<u64>,
}

fn status(a: CampaignStatusArgs) -> Outcome {
    let campaign = Campaign::open(&a.dir)?;
    let s = campaign.status()?;
    if a.json {
        output::json(&Printed {
            n: s.n,
            units: s.units,
            done: s.done,
            claimed: s.claimed,
            stale: s.stale,
            free: s.free,
            checked: s.checked,
            conflicting: s.conflicting,
            damaged: s
                .damaged
                .iter()
                .map(|(unit, why)| Damaged { unit: *unit, why })
                .collect(),
            subproblems: s.subproblems,
            subproblems_done: s.subproblems_done,
            counts: s.total,
            throughput: s
                .throughput
                .iter()
                .map(|t| Speed {
                    method: t.method,
                    device: &t.device,
                    host: &t.host,
                    units: t.units,
                    subproblems: t.subproblems,
                    solutions: t.solutions,
                    seconds: t.seconds,
                    q27_seconds: t.projected(s.n, 27).map(|d| d.as_secs()),
                    q28_seconds: t.projected(s.n, 28).map(|d| d.as_secs()),
                })
                .collect(),
            eta_seconds: s.eta.map(|d| d.as_secs()),
            complete: s.complete.is_some(),
            oeis_solutions: s.complete.and_then(|c| c.known_total),
            oeis_unique: s.complete.and_then(|c| c.known_unique),
            agrees: s.complete.map(|c| c.agrees()),
        })?;
    } else {
        let mut out = io::stdout().lock();
        out.write_all(status_text(&campaign, &s).as_bytes())?;
        out.flush()?;
    }
    match s.complete {
        Some(c) if !c.agrees() => Err(Failure::none(format!(
            "the campaign's answer differs from OEIS: {} solutions where {} are published",
            c.counts.total,
            c.known_total.map_or("-".to_string(), |k| k.to_string())
        ))),
        _ => Ok(ExitCode::SUCCESS),
    }
}

fn status_text(campaign: &Campaign, s: &Status) -> String {
    let mut text = format!(
        "campaign of n = {}: {} units, {} subproblems\n\
         units: {} done, {} claimed, {} stale, {} free; {} checked, {} conflicting\n",
        s.n, s.units, s.subproblems, s.done, s.claimed, s.stale, s.free, s.checked, s.conflicting
    );
    for (unit, why) in &s.damaged {
        text += &format!("refused: the result of unit {unit} ({why})\n");
    }
    let unique = s
        .total
        .unique
        .map_or(String::new(), |u| format!(", {u} unique"));
    text += &format!(
        "total so far: {} solutions{unique} ({} of {} subproblems)\n",
        s.total.total, s.subproblems_done, s.subproblems
    );
    for t in &s.throughput {
        let rate = if t.seconds > 0.0 {
            format!("{:.1} subproblems/s", t.subproblems as f64 / t.seconds)
        } else {
            "-".to_string()
        };
        text += &format!(
            "speed: {} ({}, {}): {} units, {} subproblems in {:.1} s, {rate}\n",
            t.host, t.method, t.device, t.units, t.subproblems, t.seconds
        );
    }
    // All devices together: their speeds add, so the time is the harmonic sum of each one's.
    let together = |target| -> Option<Duration> {
        let rate: f64 = s
            .throughput
            .iter()
            .filter_map(|t| t.projected(s.n, target))
            .map(|d| 1.0 / d.as_secs_f64())
            .sum();
        (rate > 0.0)
            .then(|| Duration::try_from_secs_f64(1.0 / rate).ok())
            .flatten()
    };
    let mut projections: Vec<(String, Option<Duration>, Option<Duration>)> = s
        .throughput
        .iter()
        .map(|t| {
            (
                format!("{} ({}, {})", t.host, t.method, t.device),
                t.projected(s.n, 27),
                t.projected(s.n, 28),
            )
        })
        .collect();
    if projections.len() > 1 {
        projections.push((
            "every device above at once".into(),
            together(27),
            together(28),
        ));
    }
    for (who, q27, q28) in projections {
        if let (Some(q27), Some(q28)) = (q27, q28) {
            text += &format!(
                "projection (a model) for {who}: Q(27) in {}, Q(28) in {}\n",
                duration(q27),
                duration(q28)
            );
        }
    }
    if let (Some(eta), None) = (s.eta, s.complete) {
        text += &format!("time left: about {}\n", duration(eta));
    }
    if let Some(c) = s.complete {
        let published = match (c.known_total, c.known_unique) {
            (Some(t), Some(u)) => format!(
                "; OEIS A000170 and A002562: {t} and {u}, {}",
                if c.agrees() { "equal" } else { "DIFFERENT" }
            ),
            _ => format!("; not published for n = {}", campaign.n()),
        };
        text += &format!(
            "complete: {} solutions, {} unique{published}\n",
            c.counts.total,
            c.counts.unique.map_or("-".to_string(), |u| u.to_string())
        );
    }
    text
}

/// A duration in the largest units that say it well.
fn duration(d: Duration) -> String {
    const YEAR: u64 = 365 * 86_400 + 86_400 / 4;
    let s = d.as_secs();
    match s {
        0..60 => format!("{s} s"),
        60..3600 => format!("{} min {} s", s / 60, s % 60),
        3600..86_400 => format!("{} h {} min", s / 3600, s % 3600 / 60),
        86_400..YEAR => format!("{} days {} h", s / 86_400, s % 86_400 / 3600),
        _ => format!("{:.1} years", d.as_secs_f64() / YEAR as f64),
    }
}
