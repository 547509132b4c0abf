//! The schema errors of the config-errors corpus (labels, names, block
//! types, top-level arguments) compared whole with what terraform printed:
//! summary, the line and block it names, the source line and the detail.
//! `addresses_corpus.rs` checks the summaries of every case; these cases
//! are where minimod's own checks decide the rest of the text too.

mod common;

use std::path::PathBuf;

const PREFIXES: &[&str] = &["label-", "name-", "block-type-", "argument-"];

/// Terraform's error blocks without init's preamble, whitespace collapsed.
fn terraform_errors(stderr: &str) -> Vec<String> {
    stderr
        .split("\nError: ")
        .skip(1)
        .filter(|b| !b.starts_with("Terraform encountered problems"))
        .map(|b| normalize(&format!("Error: {b}")))
        .collect()
}

fn normalize(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn schema_errors_read_as_terraform_wrote_them() {
    let root = common::repo_root().join("tests/corpus/config-errors");
    let dirs: Vec<PathBuf> = (common::case_dirs(&root, "").into_iter())
        .filter(|p| PREFIXES.iter().any(|x| common::name_of(p).starts_with(x)))
        .collect();
    assert!(dirs.len() >= 25, "schema cases not found");
    let mut failures = Vec::new();
    for dir in &dirs {
        let want = std::fs::read_to_string(dir.join("expected/stderr.txt")).unwrap();
        let out = common::minimod(dir)
            .args(["addresses", "."])
            .output()
            .unwrap();
        let got = normalize(&String::from_utf8_lossy(&out.stderr));
        for mut block in terraform_errors(&want) {
            // minimod names no block around a place in a JSON file yet
            // (terraform's "in resource.terraform_data").
            if let Some(i) = block.find(".json line ")
                && let (Some(s), Some(e)) = (block[i..].find(", in "), block[i..].find(": "))
            {
                block.replace_range(i + s..i + e, "");
            }
            if !got.contains(&block) {
                failures.push(format!(
                    "--- {}\nterraform: {block}\nminimod:   {got}",
                    dir.file_name().unwrap().to_string_lossy()
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
