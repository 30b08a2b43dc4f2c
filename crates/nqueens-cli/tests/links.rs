//! README.md and the guide (`docs/*.md`) point at each other, at sections and at files of the
//! repository. Text moves, files are renamed, and a pointer left behind is a dead end for the
//! reader, so every one is checked:
//!
//! - every relative link and picture, `[text](path#anchor)`, must name a file or folder that
//!   exists, and its anchor a heading of that page (as GitHub makes anchors from headings);
//! - every file path written in code (`` `bench/cpu.sh` ``) must exist, where it names one of
//!   the repository's own folders and not what a build writes.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// README.md and every chapter of the guide, as paths from the repository's root.
fn pages() -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .map(|p| Path::new("docs").join(p.file_name().unwrap()))
        .collect();
    out.sort();
    out.insert(0, PathBuf::from("README.md"));
    out
}

/// The lines of a page outside its fenced code blocks, with their numbers from 1.
fn prose(text: &str) -> Vec<(usize, &str)> {
    let mut fenced = false;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if !fenced {
            out.push((i + 1, line));
        }
    }
    out
}

/// A line cut into its code spans (`` `...` ``, opened and closed by equal runs of backticks)
/// and the rest, in which code spans are left out.
fn spans(line: &str) -> (Vec<&str>, String) {
    let (mut code, mut rest) = (Vec::new(), String::new());
    let mut s = line;
    while let Some(at) = s.find('`') {
        rest.push_str(&s[..at]);
        let run = s[at..].len() - s[at..].trim_start_matches('`').len();
        let fence = &s[at..at + run];
        let body = &s[at + run..];
        match body.find(fence) {
            Some(end) => {
                code.push(body[..end].trim());
                s = &body[end + run..];
            }
            None => {
                rest.push_str(&s[at..]);
                s = "";
            }
        }
    }
    rest.push_str(s);
    (code, rest)
}

/// The anchor GitHub gives a heading: lower case, only letters, digits, spaces, `-` and `_`
/// kept, spaces made `-`.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The anchors of a page's headings; a repeated heading's anchor gets `-1`, `-2`, ... as on
/// GitHub.
fn anchors(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for (_, line) in prose(text) {
        let hashes = line.len() - line.trim_start_matches('#').len();
        if hashes == 0 || hashes > 6 || !line[hashes..].starts_with(' ') {
            continue;
        }
        let base = slug(&line[hashes..].replace('`', ""));
        let mut anchor = base.clone();
        let mut k = 0;
        while out.contains(&anchor) {
            k += 1;
            anchor = format!("{base}-{k}");
        }
        out.insert(anchor);
    }
    out
}

/// The targets of a text's links and pictures: `[text](target)` and `![alt](target)`.
fn targets(rest: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut s = rest;
    while let Some(at) = s.find("](") {
        let after = &s[at + 2..];
        match after.find(')') {
            Some(end) => {
                out.push(after[..end].to_string());
                s = &after[end + 1..];
            }
            None => break,
        }
    }
    out
}

/// Folders of the repository whose files the pages name in code; what builds write under them
/// (`web/dist`, a `target` folder) is left out.
fn names_a_repository_file(word: &str) -> bool {
    const FOLDERS: [&str; 7] = [
        "crates/", "bench/", "web/", "scripts/", "docs/", "fuzz/", ".ci/",
    ];
    FOLDERS.iter().any(|f| word.starts_with(f))
        && !word.contains("/dist")
        && !word.contains("/target")
        && word
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '/' | '.' | '_' | '-'))
}

/// Every dead link, anchor and file path of the pages, one line each.
fn dead_ends() -> Vec<String> {
    let root = root();
    let mut dead = Vec::new();
    for page in pages() {
        let text = std::fs::read_to_string(root.join(&page)).unwrap();
        let dir = page.parent().unwrap();
        for (number, line) in prose(&text) {
            let (code, rest) = spans(line);
            for target in targets(&rest) {
                if target.contains("://") || target.starts_with("mailto:") {
                    continue;
                }
                let (path, anchor) = target.split_once('#').unwrap_or((&target, ""));
                let file = if path.is_empty() {
                    page.clone()
                } else {
                    dir.join(path)
                };
                let where_ = format!("{} line {number}: ({target})", page.display());
                if !root.join(&file).exists() {
                    dead.push(format!("{where_}: no such file or folder"));
                } else if !anchor.is_empty() {
                    let to = std::fs::read_to_string(root.join(&file)).unwrap_or_default();
                    if !anchors(&to).contains(anchor) {
                        dead.push(format!("{where_}: no such heading in {}", file.display()));
                    }
                }
            }
            for span in code {
                let word = span.split_whitespace().next().unwrap_or("");
                if names_a_repository_file(word) && !root.join(word).exists() {
                    dead.push(format!(
                        "{} line {number}: `{word}`: no such file or folder",
                        page.display()
                    ));
                }
            }
        }
    }
    dead
}

#[test]
fn every_link_anchor_and_path_of_the_readme_and_the_guide_leads_somewhere() {
    let dead = dead_ends();
    assert!(dead.is_empty(), "dead ends:\n{}", dead.join("\n"));
}

#[test]
fn the_guide_has_its_chapters_and_the_readme_stays_short() {
    let pages = pages();
    for chapter in [
        "README.md",
        "command-line.md",
        "methods.md",
        "long-runs.md",
        "campaigns.md",
        "gpus.md",
        "library.md",
        "python.md",
        "web-page.md",
        "benchmarks.md",
        "architecture.md",
        "contributing.md",
    ] {
        assert!(
            pages.contains(&Path::new("docs").join(chapter)),
            "docs/{chapter} is missing"
        );
    }
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let lines = readme.lines().count();
    assert!(
        lines <= 250,
        "README.md has {lines} lines; the guide is the place for more"
    );
}

#[test]
fn the_checks_find_what_they_look_for() {
    assert_eq!(slug("GPUs: --method gpu"), "gpus---method-gpu");
    assert_eq!(slug("The GPU kernel's model"), "the-gpu-kernels-model");
    let page = "# A\n```sh\n# not a heading\n```\n## A\n## `x` y\n";
    let found = anchors(page);
    assert!(found.contains("a") && found.contains("a-1") && found.contains("x-y"));
    assert!(!found.contains("not-a-heading"));
    let (code, rest) =
        spans("see `bench/x.sh N` and [the guide](docs/README.md#top) ```` ``` ````");
    assert_eq!(code, ["bench/x.sh N", "```"]);
    assert_eq!(targets(&rest), ["docs/README.md#top"]);
    assert!(names_a_repository_file("bench/cpu.sh"));
    assert!(!names_a_repository_file("web/dist"));
    assert!(!names_a_repository_file("cargo"));
}
