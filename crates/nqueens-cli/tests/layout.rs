//! The folders show the architecture, so the imports must respect it: in every crate (the
//! library, the command line, the Python and web bindings, the GPU kernel's model), no two
//! files import each other, directly or through others; the library's folders stand in the
//! layers that `docs/architecture.md` maps ([`library_layers`]), each importing only from the
//! layers below it; and the library's items are public at its root or in the few public
//! modules of their themes ([`LIBRARY_PUBLIC_MODULES`]), all others private.
//!
//! A file imports every module it names by a `crate::` or `super::` path (in code, tests
//! included; comments are skipped), and every module it declares with `mod`. A path counts for
//! the deepest module file it reaches, so `use crate::board::conflict::Line` imports
//! `board/conflict.rs`, not `board/mod.rs`; naming an item through a re-export of `lib.rs` or of
//! a folder's `mod.rs` therefore imports that file, and since it declares the module that names
//! it, that is a cycle. This test finds every cycle and names the files on it, and every import
//! that goes up a layer or across one.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The library's layers, top first, as (layer, its folders), read from the one map of them:
/// the table under "The library's layers" in `docs/architecture.md`. A row whose first cell is
/// empty adds its folders to the layer above it; `lib.rs` stands for the crate root (`""`).
/// A file may import the files of its own folder (a top-level module, folder or single file)
/// and those of the layers below its own; never a folder of a layer above, nor another folder
/// of its own layer. A folder that is not in the table fails the test until it is given a
/// place.
fn library_layers() -> Vec<(String, Vec<String>)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/architecture.md");
    let text = std::fs::read_to_string(&path).unwrap();
    let table = text
        .split("\n## The library's layers\n")
        .nth(1)
        .expect("docs/architecture.md has a section \"The library's layers\"");
    let layers = layers_of(table);
    assert!(layers.len() >= 5, "too few layers read: {layers:?}");
    layers
}

/// The layers of the first Markdown table of `text` (see [`library_layers`]).
fn layers_of(text: &str) -> Vec<(String, Vec<String>)> {
    let mut layers: Vec<(String, Vec<String>)> = Vec::new();
    let rows = text
        .lines()
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .skip(2);
    for row in rows {
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        let (layer, folders) = (cells[1], cells[2]);
        let folders = folders.split('`').skip(1).step_by(2).map(|f| {
            if f == "lib.rs" {
                String::new()
            } else {
                f.to_string()
            }
        });
        if layer.is_empty() {
            layers
                .last_mut()
                .expect("the table's first row names its layer")
                .1
                .extend(folders);
        } else {
            layers.push((layer.to_string(), folders.collect()));
        }
    }
    layers
}

/// The library's modules that a user may name: every other module is private, so that each
/// public item has one path, at the crate root (the names a user reaches for daily) or in the
/// public module of its theme, which is where its code lives. `campaign`, `known`, `machine`, `numbers`,
/// `plan`, `progress`, `symmetry` and `wording` are files that hold their theme; `board`, `error`, `find`,
/// `io`, `reference` and `shard` are folders made public, holding or re-exporting what users
/// need of their own private files; `cluster` is the counting folder's file of a cluster job's
/// calls, shown at the root beside the count it shares out; `internals` is hidden from the
/// documentation and is no API: it is what the crate's own tests, benches and examples reach.
const LIBRARY_PUBLIC_MODULES: &[&str] = &[
    "board",
    "campaign",
    "cluster",
    "error",
    "find",
    "internals",
    "io",
    "known",
    "machine",
    "numbers",
    "plan",
    "progress",
    "reference",
    "shard",
    "symmetry",
    "wording",
];

/// The module path of each source file of a crate: `lib.rs` and `main.rs` are the root,
/// `a.rs` and `a/mod.rs` are `a`, `a/b.rs` is `a::b`.
fn modules(src: &Path) -> BTreeMap<Vec<String>, PathBuf> {
    fn walk(dir: &Path, prefix: &[String], out: &mut BTreeMap<Vec<String>, PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_stem().unwrap().to_string_lossy().to_string();
            if path.is_dir() {
                let mut p = prefix.to_vec();
                p.push(name);
                walk(&path, &p, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let mut p = prefix.to_vec();
                if !matches!(name.as_str(), "lib" | "main" | "mod") {
                    p.push(name);
                }
                out.insert(p, path);
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(src, &[], &mut out);
    out
}

/// The text of a file without its comments (line comments and doc comments).
fn code(text: &str) -> Vec<String> {
    text.lines()
        .map(|l| {
            let t = l.trim_start();
            if t.starts_with("//") {
                String::new()
            } else {
                // A trailing comment: cut at a `//` that is not inside a string (rough, but no
                // path in this project's strings is followed by one).
                match (l.find(" // "), l.find('"')) {
                    (Some(c), None) => l[..c].to_string(),
                    (Some(c), Some(q)) if c < q => l[..c].to_string(),
                    _ => l.to_string(),
                }
            }
        })
        .collect()
}

/// Expands the path tree that starts at byte `at` of `s` (just after `crate::` or `super::`):
/// `a::b::{c, d::{e, f}}` gives `a::b::c`, `a::b::d::e`, `a::b::d::f`.
fn expand(s: &[u8], mut at: usize, prefix: Vec<String>, out: &mut Vec<Vec<String>>) -> usize {
    let mut path = prefix;
    loop {
        while at < s.len() && s[at].is_ascii_whitespace() {
            at += 1;
        }
        if at < s.len() && s[at] == b'{' {
            at += 1;
            loop {
                at = expand(s, at, path.clone(), out);
                while at < s.len() && (s[at].is_ascii_whitespace() || s[at] == b',') {
                    at += 1;
                }
                if at >= s.len() || s[at] == b'}' {
                    return at + 1;
                }
            }
        }
        let start = at;
        while at < s.len() && (s[at].is_ascii_alphanumeric() || s[at] == b'_') {
            at += 1;
        }
        if at > start {
            path.push(String::from_utf8_lossy(&s[start..at]).to_string());
        }
        if s[at..].starts_with(b"::") {
            at += 2;
            continue;
        }
        out.push(path);
        return at;
    }
}

/// The module paths a file names, resolved against its own module path `me`.
fn named_paths(text: &str, me: &[String]) -> Vec<Vec<String>> {
    let lines = code(text);
    let mut out = Vec::new();
    // `super::` inside an inline module (`mod tests { ... }`) is the file itself.
    let mut inline = false;
    for line in &lines {
        let t = line.trim_start();
        let t = t.strip_prefix("pub ").unwrap_or(t);
        if t.starts_with("mod ") && t.trim_end().ends_with('{') {
            inline = true;
        }
        let bytes = line.as_bytes();
        for (at, _) in line.match_indices("crate::") {
            let before = at.checked_sub(1).map(|i| bytes[i]);
            if before.is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'$') {
                continue;
            }
            expand(bytes, at + "crate::".len(), Vec::new(), &mut out);
        }
        let mut search = 0;
        while let Some(found) = line[search..].find("super::") {
            let at = search + found;
            search = at + 1;
            let before = at.checked_sub(1).map(|i| bytes[i]);
            if before.is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b':') {
                continue; // the second `super` of `super::super::` is taken with the first
            }
            let mut base = me.to_vec();
            let mut rest = at;
            let mut ups = if inline { 0 } else { 1 };
            while line[rest..].starts_with("super::") {
                rest += "super::".len();
                ups += 1;
            }
            ups -= 1;
            for _ in 0..ups {
                base.pop();
            }
            expand(bytes, rest, base, &mut out);
        }
    }
    out
}

/// The modules a file declares with `mod name;` (not inline modules).
fn declared(text: &str, me: &[String]) -> Vec<Vec<String>> {
    code(text)
        .iter()
        .filter_map(|l| {
            let t = l.trim();
            let t = t.strip_prefix("pub ").unwrap_or(t);
            let name = t.strip_prefix("mod ")?.strip_suffix(';')?;
            let mut p = me.to_vec();
            p.push(name.trim().to_string());
            Some(p)
        })
        .collect()
}

/// The deepest module of `files` that `path` reaches.
fn resolve<'a>(
    files: &'a BTreeMap<Vec<String>, PathBuf>,
    path: &[String],
) -> Option<&'a Vec<String>> {
    (0..=path.len())
        .rev()
        .find_map(|k| files.get_key_value(&path[..k]).map(|(key, _)| key))
}

/// The import graph of a crate, file to file.
fn graph(src: &Path) -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let files = modules(src);
    let mut edges = BTreeMap::new();
    for (me, path) in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let mut to = BTreeSet::new();
        for p in named_paths(&text, me)
            .into_iter()
            .chain(declared(&text, me))
        {
            if let Some(target) = resolve(&files, &p)
                && target != me
            {
                to.insert(target.clone());
            }
        }
        edges.insert(me.clone(), to);
    }
    edges
}

/// Every cycle's files, one cycle per strongly connected component (Tarjan).
fn cycles(g: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>) -> Vec<Vec<Vec<String>>> {
    struct Search<'a> {
        g: &'a BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
        index: BTreeMap<&'a Vec<String>, usize>,
        low: BTreeMap<&'a Vec<String>, usize>,
        stack: Vec<&'a Vec<String>>,
        on: BTreeSet<&'a Vec<String>>,
        out: Vec<Vec<Vec<String>>>,
    }
    impl<'a> Search<'a> {
        fn visit(&mut self, v: &'a Vec<String>) {
            let i = self.index.len();
            self.index.insert(v, i);
            self.low.insert(v, i);
            self.stack.push(v);
            self.on.insert(v);
            for w in &self.g[v] {
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let l = self.low[w].min(self.low[v]);
                    self.low.insert(v, l);
                } else if self.on.contains(w) {
                    let l = self.index[w].min(self.low[v]);
                    self.low.insert(v, l);
                }
            }
            if self.low[v] == self.index[v] {
                let mut scc = Vec::new();
                loop {
                    let w = self.stack.pop().unwrap();
                    self.on.remove(w);
                    scc.push(w.clone());
                    if w == v {
                        break;
                    }
                }
                if scc.len() > 1 {
                    self.out.push(scc);
                }
            }
        }
    }
    let mut s = Search {
        g,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on: BTreeSet::new(),
        out: Vec::new(),
    };
    for v in g.keys() {
        if !s.index.contains_key(v) {
            s.visit(v);
        }
    }
    s.out
}

fn show(m: &[String]) -> String {
    if m.is_empty() {
        "the crate root".to_string()
    } else {
        m.join("::")
    }
}

/// The folder a module belongs to: its top-level module (`""` for the crate root).
fn folder(m: &[String]) -> &str {
    m.first().map_or("", String::as_str)
}

/// Every import of `g` that does not go down `layers`, and every folder `layers` does not place.
fn upward(
    g: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
    layers: &[(String, Vec<String>)],
) -> Vec<String> {
    // Layers are numbered from the bottom, so that "down" is "smaller".
    let place: BTreeMap<&str, (usize, &str)> = layers
        .iter()
        .rev()
        .enumerate()
        .flat_map(|(k, (name, folders))| {
            folders
                .iter()
                .map(move |f| (f.as_str(), (k, name.as_str())))
        })
        .collect();
    let mut out = Vec::new();
    let unplaced: BTreeSet<&str> = g
        .keys()
        .map(|m| folder(m))
        .filter(|f| !place.contains_key(f))
        .collect();
    for f in unplaced {
        out.push(format!("  {f}: in no layer"));
    }
    for (from, tos) in g {
        let Some(&(a, a_name)) = place.get(folder(from)) else {
            continue;
        };
        for to in tos {
            let Some(&(b, b_name)) = place.get(folder(to)) else {
                continue;
            };
            if folder(from) == folder(to) || b < a {
                continue;
            }
            let way = if b > a { "up to" } else { "across" };
            out.push(format!(
                "  {} ({a_name}) imports {} ({b_name}): {way} a layer",
                show(from),
                show(to)
            ));
        }
    }
    out
}

fn check(src: &Path) {
    let g = graph(src);
    assert!(g.len() > 5, "{}: too few files found", src.display());
    let found = cycles(&g);
    let report: Vec<String> = found
        .iter()
        .map(|scc| {
            let names: Vec<String> = scc.iter().map(|m| show(m)).collect();
            format!("  {}", names.join(" <-> "))
        })
        .collect();
    assert!(
        found.is_empty(),
        "{}: files that import each other:\n{}",
        src.display(),
        report.join("\n")
    );
}

#[test]
fn the_library_has_no_import_cycle() {
    check(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../nqueens/src"));
}

#[test]
fn the_library_imports_only_down_its_layers() {
    let g = graph(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../nqueens/src"));
    let found = upward(&g, &library_layers());
    assert!(
        found.is_empty(),
        "the library's imports that do not go down its layers (docs/architecture.md):\n{}",
        found.join("\n")
    );
}

/// The modules a crate root makes public: those it declares `pub mod` (or with any other `pub`
/// visibility) and those it re-exports with `pub use`. Only the root's own statements count,
/// not those of its inline modules (indented).
fn public_modules(src: &Path) -> BTreeSet<String> {
    let files = modules(src);
    // A newline before the first line too, so that every statement at the margin follows one.
    let text = format!(
        "\n{}",
        code(&std::fs::read_to_string(src.join("lib.rs")).unwrap()).join("\n")
    );
    let mut out = BTreeSet::new();
    for (at, _) in text.match_indices("\npub") {
        let statement = &text[at + 1..];
        let statement = &statement[..statement.find(';').unwrap_or(statement.len())];
        let mut words = statement.split_whitespace();
        match (words.next(), words.next(), words.next()) {
            (_, Some("mod"), Some(name)) => {
                out.insert(name.trim_end_matches('{').to_string());
            }
            (_, Some("use"), Some(_)) => {
                let tree = &statement[statement.find(" use ").unwrap() + " use ".len()..];
                let mut paths = Vec::new();
                expand(tree.as_bytes(), 0, Vec::new(), &mut paths);
                for p in paths.iter().filter(|p| files.contains_key(*p)) {
                    out.extend(p.last().cloned());
                }
            }
            _ => {}
        }
    }
    out
}

#[test]
fn the_library_shows_its_names_at_the_root() {
    let found = public_modules(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../nqueens/src"));
    let allowed: BTreeSet<String> = LIBRARY_PUBLIC_MODULES
        .iter()
        .map(|m| m.to_string())
        .collect();
    assert_eq!(
        found, allowed,
        "the library's public modules (see LIBRARY_PUBLIC_MODULES): name items at the root or in \
         the module of their theme instead"
    );
}

/// The `pub use` statements of a crate that re-export from outside the file's own folder
/// (`crate::` or `super::` paths, the crate root aside) or rename on the way (`as`), each named
/// by its file.
fn borrowed_or_renamed(src: &Path) -> Vec<String> {
    let mut out = Vec::new();
    for (me, path) in modules(src) {
        let text = code(&std::fs::read_to_string(&path).unwrap()).join("\n");
        for statement in text.split(';') {
            let Some(tree) = statement.trim_start().strip_prefix("pub use ") else {
                continue;
            };
            let borrowed =
                !me.is_empty() && (tree.starts_with("crate::") || tree.starts_with("super::"));
            let renamed = tree.split_whitespace().any(|w| w == "as");
            if borrowed || renamed {
                out.push(format!("  {}: pub use {}", show(&me), tree.trim()));
            }
        }
    }
    out
}

#[test]
fn the_library_re_exports_only_its_own_and_renames_nothing() {
    // A public module is where its code lives: outside the crate root, a module shows only
    // what its own folder holds, and no name is shown under another.
    let found = borrowed_or_renamed(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../nqueens/src"));
    assert!(
        found.is_empty(),
        "the library's re-exports of names from elsewhere, or under another name:\n{}",
        found.join("\n")
    );
}

/// A fresh folder `nq-NAME-PID` in the temporary directory holding a crate's sources for the
/// checkers to read: its root `lib.rs` of the text `lib`, and `files`, each a path in the folder
/// (its folders made) and its text.
fn sources(name: &str, lib: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("nq-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for (file, text) in [("lib.rs", lib)].iter().chain(files) {
        let path = dir.join(file);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    dir
}

#[test]
fn the_checker_sees_borrowed_and_renamed_names() {
    let dir = sources(
        "borrowed",
        "pub mod a;\npub mod b;\npub use a::c::x as y;\n",
        &[
            ("a.rs", "mod c;\npub use c::x;\n// pub use crate::b::Z;\n"),
            ("a/c.rs", "pub fn x() {}\n"),
            ("b.rs", "pub use crate::a::x;\n"),
        ],
    );
    assert_eq!(
        borrowed_or_renamed(&dir),
        [
            "  the crate root: pub use a::c::x as y",
            "  b: pub use crate::a::x"
        ]
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Every module file of the crates is `x.rs` beside its folder `x/`, never `x/mod.rs`.
#[test]
fn every_folder_has_its_module_file_beside_it() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = Vec::new();
    for src in [
        "../nqueens/src",
        "src",
        "../nqueens-py/src",
        "../nqueens-web/src",
        "../../tools/gpu-model/src",
    ] {
        for path in modules(&root.join(src)).into_values() {
            if path.file_name().is_some_and(|f| f == "mod.rs") {
                found.push(path.display().to_string());
            }
        }
    }
    assert!(
        found.is_empty(),
        "module files written as mod.rs: {found:?}"
    );
}

/// No source file of the crates runs past 900 lines: a longer one holds more than one idea, and
/// is split by them.
#[test]
fn every_source_file_is_under_900_lines() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut long = Vec::new();
    for src in [
        "../nqueens/src",
        "src",
        "../nqueens-py/src",
        "../nqueens-web/src",
        "../../tools/gpu-model/src",
    ] {
        for path in modules(&root.join(src)).into_values() {
            let lines = std::fs::read_to_string(&path).unwrap().lines().count();
            if lines > 900 {
                long.push(format!("{} ({lines} lines)", path.display()));
            }
        }
    }
    assert!(long.is_empty(), "source files past 900 lines: {long:?}");
}

#[test]
fn the_other_crates_have_no_import_cycle() {
    // The command line, the Python and web bindings, the GPU kernel's model.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for src in [
        "src",
        "../nqueens-py/src",
        "../nqueens-web/src",
        "../../tools/gpu-model/src",
    ] {
        check(&root.join(src));
    }
}

#[test]
fn the_checker_sees_cycles() {
    // Two modules that name each other, one through a grouped import and `super::`.
    let dir = sources(
        "layout",
        "pub mod a;\npub mod b;\n",
        &[
            ("a/mod.rs", "pub mod c;\npub use c::X;\n"),
            ("a/c.rs", "use super::{Y as _};\npub struct X;\n"),
            ("b.rs", "use crate::{a::c::X};\n"),
        ],
    );
    let g = graph(&dir);
    let found = cycles(&g);
    assert_eq!(found.len(), 1, "{found:?}");
    let names: BTreeSet<String> = found[0].iter().map(|m| show(m)).collect();
    assert_eq!(names, BTreeSet::from(["a".to_string(), "a::c".to_string()]));
    assert!(g[&vec!["b".to_string()]].contains(&vec!["a".to_string(), "c".to_string()]));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_checker_sees_imports_that_go_up_or_across() {
    // `low` reaches up to `high`, and `side` across to `low`; `high` may import both.
    let dir = sources(
        "layers",
        "pub mod high;\npub mod low;\npub mod side;\npub mod loose;\n",
        &[
            ("high.rs", "use crate::{low::a::A, side::S};\n"),
            ("low/mod.rs", "pub mod a;\npub mod b;\n"),
            ("low/a.rs", "use super::b::B;\n"),
            ("low/b.rs", "fn f() { crate::high::h(); }\n"),
            ("side.rs", "use crate::low::b::B;\n"),
            ("loose.rs", "\n"),
        ],
    );
    // The map as a page of the guide writes it.
    let layers = layers_of(
        "intro\n\n| layer | folders | why |\n| --- | --- | --- |\n| root | `lib.rs` | r |\n\
         | top | `high` | uses `low` |\n| bottom | `low` | l |\n| | `side` | s |\n\nafter\n",
    );
    assert_eq!(layers.len(), 3);
    assert_eq!(layers[2].1, ["low", "side"]);
    let found = upward(&graph(&dir), &layers);
    assert_eq!(
        found,
        [
            "  loose: in no layer",
            "  low::b (bottom) imports high (top): up to a layer",
            "  side (bottom) imports low::b (bottom): across a layer",
        ],
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_checker_sees_public_modules() {
    // `a` declared public, `b::c` re-exported, `b` and `d` private; items and the inline module's
    // own statements are not modules of the root.
    let dir = sources(
        "public",
        "pub mod a;\nmod b;\npub(crate) mod d;\npub use b::{c, X};\npub use d::Y;\n\
         pub mod inline {\n    pub use crate::b;\n}\n",
        &[
            ("a.rs", "\n"),
            ("b/mod.rs", "pub mod c;\npub struct X;\n"),
            ("b/c.rs", "\n"),
            ("d.rs", "pub struct Y;\n"),
        ],
    );
    let found: Vec<String> = public_modules(&dir).into_iter().collect();
    assert_eq!(found, ["a", "c", "d", "inline"]);
    std::fs::remove_dir_all(&dir).unwrap();
}
