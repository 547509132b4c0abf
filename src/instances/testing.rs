//! What the unit tests of `instances` share: configurations to load, and
//! what terraform said of them. Expected messages are read from the
//! corpora recorded from a real terraform (`tests/corpus/configs/record.sh`,
//! `tests/corpus/record.sh`), never written here by hand.

use std::path::{Path, PathBuf};

use crate::config::{Config, Engine, LoadOptions};
use crate::diagnostics::{Diagnostics, SourceMap};
use crate::instances::{RootInputs, Run, RunOptions, VarSource, collect_root_inputs};

pub(super) fn corpus(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/corpus")
        .join(rel)
}

/// A root module written to a temporary directory.
pub(super) fn load(files: &[(&str, &str)]) -> (tempfile::TempDir, Config) {
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in files {
        let p = dir.path().join(name);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    let config = load_dir(dir.path());
    (dir, config)
}

pub(super) fn load_dir(dir: &Path) -> Config {
    let opts = LoadOptions {
        engine: Engine::Terraform,
        ..Default::default()
    };
    // Files are named from the root module, where terraform runs.
    let mut sources = SourceMap::shown_from(dir.to_path_buf());
    crate::config::load(dir, &opts, &mut sources).unwrap()
}

/// A run of a corpus case as terraform plans it: its tfvars files, the
/// `-var` arguments of its `args` file, no `TF_VAR_` environment.
pub(super) fn case_run<'c>(config: &'c Config, dir: &Path, opts: RunOptions) -> Run<'c> {
    let args = std::fs::read_to_string(dir.join("args")).unwrap_or_default();
    let vars: Vec<VarSource> = args
        .lines()
        .filter_map(|a| a.strip_prefix("-var="))
        .map(|v| VarSource::Var(v.to_string()))
        .collect();
    let (inputs, _) =
        collect_root_inputs(&config.module, dir, &[], &vars, &mut SourceMap::default()).unwrap();
    Run::new(config, inputs, opts)
}

/// A run with no root inputs.
pub(super) fn run(config: &Config, opts: RunOptions) -> Run<'_> {
    Run::new(config, RootInputs::new(), opts)
}

/// Whitespace runs as one space: terraform wraps details at its width.
pub(super) fn squash(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The first error terraform printed for a `config-errors` case: its
/// summary and its detail paragraphs (the source excerpt left out).
pub(super) fn terraform_error(case: &str) -> (String, String) {
    let path = corpus("config-errors")
        .join(case)
        .join("expected/stderr.txt");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut lines = text.lines().skip_while(|l| !l.starts_with("Error: "));
    let summary = lines.next().unwrap()["Error: ".len()..].to_string();
    let mut detail = Vec::new();
    let mut in_source = false;
    for l in lines {
        if l.starts_with("Error: ") || l.starts_with("Warning: ") {
            break;
        }
        if l.starts_with("  on ") {
            in_source = true;
        } else if l.is_empty() {
            in_source = false;
        } else if !in_source {
            detail.push(l);
        }
    }
    (summary, squash(&detail.join(" ")))
}

/// Asserts the first error is the one terraform printed for `case`.
#[track_caller]
pub(super) fn assert_terraform_error(got: &Diagnostics, case: &str) {
    let first = got.0.first().expect("an error");
    let (summary, detail) = terraform_error(case);
    assert_eq!(first.summary, summary, "{case}");
    assert_eq!(squash(&first.detail), detail, "{case}");
}

/// `terraform state list` after applying a `configs` case.
pub(super) fn state_list(case: &str) -> Vec<String> {
    let path = corpus("configs").join(case).join("expected/state-list.txt");
    let text = std::fs::read_to_string(path).unwrap();
    text.lines().map(str::to_string).collect()
}

/// `terraform output -json` after applying a `configs` case: each
/// output's value.
pub(super) fn terraform_output(case: &str, name: &str) -> serde_json::Value {
    let path = corpus("configs").join(case).join("expected/outputs.json");
    let text = std::fs::read_to_string(path).unwrap();
    let doc: serde_json::Value = serde_json::from_str(&text).unwrap();
    doc[name]["value"].clone()
}

/// What `terraform console` in `tests/corpus/expr-config` said of `expr`,
/// as recorded in `expressions/<family>.jsonl`: (summary, detail), or
/// ("", stdout) for a value.
pub(super) fn console_said(family: &str, expr: &str) -> (String, String) {
    let path = corpus("expressions").join(format!("{family}.jsonl"));
    let text = std::fs::read_to_string(path).unwrap();
    let record = text
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .find(|r| r["expr"] == expr)
        .unwrap_or_else(|| panic!("{expr} is not recorded in {family}.jsonl"));
    let s = |k: &str| record[k].as_str().unwrap_or_default().to_string();
    match s("stderr_summary").as_str() {
        "" => (String::new(), s("stdout")),
        summary => (summary.to_string(), s("detail")),
    }
}
