//! The crate's layers point down. Each top-level module of `src/` has a
//! rank; code in a module may name (`crate::other`) only modules of a
//! lower rank. This is the dependency order ARCHITECTURE.md draws.
//! Edges that still point up are listed in `KNOWN_UPWARD` (being removed):
//! the test fails on any other upward edge, and on a listed edge that no
//! longer exists, so the list only shrinks.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// Lower first. Modules of one rank may not name each other.
const RANKS: &[&[&str]] = &[
    &["style"],
    &[
        "diagnostics",
        "atomic",
        "files",
        "progress",
        "text",
        "number",
        "parallel",
    ],
    &["syntax"],
    &["addrs"],
    &["lang"],
    &["providers"],
    &["config"],
    &["state"],
    &["instances"],
    &["plan"],
    &["refactor", "discover", "modules"],
    &["check"],
    &["cli"],
];

/// Upward edges that exist today, each with what removes it.
const KNOWN_UPWARD: &[(&str, &str, &str)] = &[];

fn rank(module: &str) -> Option<usize> {
    RANKS.iter().position(|r| r.contains(&module))
}

/// Every `crate::NAME` a module's code names (comments left out).
fn edges() -> BTreeMap<(String, String), String> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut out = BTreeMap::new();
    let mut files = Vec::new();
    collect(&src, &mut files);
    for file in files {
        let rel = file.strip_prefix(&src).unwrap();
        let first = rel.iter().next().unwrap().to_string_lossy();
        let from = first.trim_end_matches(".rs").to_string();
        if from == "lib" || from == "main" {
            continue;
        }
        let text = fs::read_to_string(&file).unwrap();
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            for (i, _) in code.match_indices("crate::") {
                let to: String = code[i + 7..]
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                if !to.is_empty() && to != from {
                    out.entry((from.clone(), to))
                        .or_insert_with(|| format!("{}:{}", rel.display(), n + 1));
                }
            }
        }
    }
    out
}

fn collect(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            collect(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn layers_point_down() {
    let known: BTreeSet<(String, String)> = KNOWN_UPWARD
        .iter()
        .map(|(a, b, _)| (a.to_string(), b.to_string()))
        .collect();
    let mut problems = Vec::new();
    let mut seen_known = BTreeSet::new();
    for ((from, to), at) in edges() {
        let (Some(rf), Some(rt)) = (rank(&from), rank(&to)) else {
            problems.push(format!("{at}: module {from} or {to} has no rank in RANKS"));
            continue;
        };
        if rt < rf {
            continue;
        }
        if known.contains(&(from.clone(), to.clone())) {
            seen_known.insert((from, to));
        } else {
            problems.push(format!("{at}: {from} names {to}, which is not below it"));
        }
    }
    for k in known.difference(&seen_known) {
        problems.push(format!(
            "{} -> {} is gone: remove it from KNOWN_UPWARD",
            k.0, k.1
        ));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_binary_is_thin() {
    let main =
        fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/main.rs")).unwrap();
    let named: BTreeSet<&str> = main
        .match_indices("minimod::")
        .map(|(i, _)| {
            main[i + 9..]
                .split(|c: char| !c.is_ascii_alphanumeric() && c != '_')
                .next()
                .unwrap()
        })
        .collect();
    assert!(
        named.iter().all(|m| *m == "main"),
        "main.rs names {named:?}"
    );
}
