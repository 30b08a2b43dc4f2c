//! The examples of README.md and of the guide (`docs/*.md`) are tests: every ```console block
//! runs, and what the commands print must match what the page shows, so that neither can drift
//! from the tool.
//!
//! A block is a shell session: `$ COMMAND` lines, each followed by what it prints (stdout and
//! stderr together, as a terminal shows them). The commands of a block run one after another
//! in one bash, in a fresh directory holding the files the examples read
//! (`tests/readme/`), with this build's `nqueens` first on the PATH; pipes, redirections and
//! `echo $?` work as in a terminal. Fields that differ from machine to machine (`seconds`,
//! `threads`, `processes` in JSON, and the GPUs' `devices` and `tasks`) match any value. Blocks
//! opened with ```` ```console gpu ```` count on a GPU: they run in a build with the `gpu`
//! feature (CI runs them on Mesa's software Vulkan device) and are skipped in others. Examples
//! that cannot run here (a cluster, a Ctrl-C) are written in ```sh blocks, which are not run.

use std::path::{Path, PathBuf};
use std::process::Command;

/// One command of a block and what its page says it prints.
struct Example {
    line: usize,
    command: String,
    expected: String,
}

/// The examples of every ```console block, block by block, with whether the block needs a GPU.
fn blocks(name: &str, readme: &str) -> Vec<(bool, Vec<Example>)> {
    let mut out = Vec::new();
    let mut current: Option<Vec<Example>> = None;
    let mut gpu = false;
    for (i, line) in readme.lines().enumerate() {
        match &mut current {
            None if line.trim_end() == "```console" || line.trim_end() == "```console gpu" => {
                gpu = line.trim_end().ends_with("gpu");
                current = Some(Vec::new());
            }
            None => {}
            Some(_) if line.trim_end() == "```" => out.push((gpu, current.take().unwrap())),
            Some(block) => {
                if let Some(command) = line.strip_prefix("$ ") {
                    block.push(Example {
                        line: i + 1,
                        command: command.to_string(),
                        expected: String::new(),
                    });
                } else if let Some(last) = block.last_mut() {
                    last.expected.push_str(line);
                    last.expected.push('\n');
                } else {
                    panic!(
                        "{name} line {}: a console block must start with '$ '",
                        i + 1
                    );
                }
            }
        }
    }
    assert!(current.is_none(), "{name} ends inside a console block");
    out
}

/// The fields that differ from run to run, whatever their value.
fn masked(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        let mut line = line.trim_end().to_string();
        for field in [
            "\"seconds\":",
            "\"threads\":",
            "\"processes\":",
            "\"devices\":",
            "\"tasks\":",
        ] {
            let mut from = 0;
            while let Some(at) = line[from..].find(field) {
                let start = from + at + field.len();
                // A list (the GPUs' names, which may hold commas) ends at its bracket.
                let end = if line[start..].starts_with('[') {
                    line[start..]
                        .find(']')
                        .map_or(line.len(), |e| start + e + 1)
                } else {
                    line[start..]
                        .find([',', '}'])
                        .map_or(line.len(), |e| start + e)
                };
                line.replace_range(start..end, "…");
                from = start;
            }
        }
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// Runs the commands of a block in one bash and returns what each printed.
fn run(block: &[Example], dir: &Path, bin_dir: &Path) -> Vec<String> {
    const END: &str = "@@end-of-example@@";
    let mut script = String::from("exec 2>&1\n");
    for e in block {
        // Each command's status is kept for the next one (`echo $?`).
        script.push_str(&format!(
            "{}\n__status=$?\necho {END}\n(exit $__status)\n",
            e.command
        ));
    }
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = Command::new("bash")
        .arg("-c")
        .arg(&script)
        .current_dir(dir)
        .env("PATH", path)
        .env_remove("NO_COLOR")
        .output()
        .expect("bash runs");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let mut parts: Vec<String> = text
        .split(&format!("{END}\n"))
        .map(str::to_string)
        .collect();
    parts.truncate(block.len());
    parts
}

fn fresh_dir(k: usize) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("nq-readme-{}-{k}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/readme");
    for entry in std::fs::read_dir(fixtures).unwrap() {
        let path = entry.unwrap().path();
        std::fs::copy(&path, dir.join(path.file_name().unwrap())).unwrap();
    }
    dir
}

/// README.md and the guide's chapters, as (path from the repository's root, text).
fn pages() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut names = vec!["README.md".to_string()];
    let mut chapters: Vec<String> = std::fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".md"))
        .map(|name| format!("docs/{name}"))
        .collect();
    chapters.sort();
    names.extend(chapters);
    names
        .into_iter()
        .map(|name| {
            let text = std::fs::read_to_string(root.join(&name)).unwrap();
            (name, text)
        })
        .collect()
}

#[test]
fn every_console_example_in_the_readme_and_the_guide_prints_what_it_shows() {
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_nqueens"));
    let bin_dir = bin.parent().unwrap();
    let mut failures = Vec::new();
    let mut examples = 0;
    let mut k = 0;
    for (name, text) in pages() {
        let all = blocks(&name, &text);
        if name == "README.md" {
            assert!(
                all.len() >= 6,
                "README.md: only {} console blocks found",
                all.len()
            );
        }
        for (gpu, block) in &all {
            k += 1;
            if *gpu && !cfg!(feature = "gpu") {
                continue;
            }
            let dir = fresh_dir(k);
            let got = run(block, &dir, bin_dir);
            for (e, got) in block.iter().zip(got) {
                examples += 1;
                if masked(&got) != masked(&e.expected) {
                    failures.push(format!(
                        "{name} line {}: $ {}\n--- the page shows:\n{}--- the command printed:\n{}",
                        e.line, e.command, e.expected, got
                    ));
                }
            }
            std::fs::remove_dir_all(&dir).unwrap();
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(examples >= 50, "only {examples} examples ran");
}

#[test]
fn the_masks_hide_only_what_varies() {
    assert_eq!(
        masked("{\"n\":8,\"threads\":2,\"seconds\":0.0002}  \n"),
        "{\"n\":8,\"threads\":…,\"seconds\":…}\n"
    );
    assert_ne!(masked("{\"solutions\":92}"), masked("{\"solutions\":93}"));
    assert_eq!(
        masked("{\"devices\":[\"GPU (a, b)\",\"other\"],\"tasks\":77,\"seconds\":1}"),
        "{\"devices\":…,\"tasks\":…,\"seconds\":…}\n"
    );
}
