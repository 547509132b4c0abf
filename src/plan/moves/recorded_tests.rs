//! Every recorded terraform plan of tests/data/moves/ (see its README.md:
//! each case's `old/` applied, `new/` planned, `expected/` what terraform
//! said), planned with the four verbs together: the diagnostics must be
//! terraform's, and when it planned, every object it kept must be ours at
//! the same address, moved from the same one.

use std::path::{Path, PathBuf};

use super::testing::{data_dir, load_dir, shown_prefix};
use super::validate::start_string;
use super::*;
use crate::config::Engine;
use crate::diagnostics::Severity;
use crate::instances::{RootInputs, Run, RunOptions};
use crate::state::State;

/// Everything a plan does with moves, as terraform reports it.
struct Outcome {
    /// (severity, summary, detail, "FILE:L,C")
    diags: Vec<(String, String, String, Option<String>)>,
    /// (address, previous address) of every object kept from the
    /// prior state, sorted.
    kept: Vec<(String, String)>,
}

fn ours(case: &Path, engine: Engine) -> Outcome {
    let dir = case.join("new");
    let config = load_dir(&dir, engine);
    let prior = State::read(&case.join("expected/prior.tfstate")).unwrap();
    // Terraform names files relative to the root module.
    let prefix = shown_prefix(&dir);
    let mut stmts = find_move_statements(&config).unwrap();
    let implied = implied_move_statements(&config, &prior, &stmts, engine);
    stmts.extend(implied);
    let mut state = prior.clone();
    let results = apply_moves(&stmts, &mut state);
    let run = Run::new(&config, RootInputs::new(), RunOptions::default());
    let mut diags = validate_moves(
        &stmts,
        &config,
        &run.module_instances().unwrap(),
        &run.resource_instances().unwrap(),
    );
    // The plan shows the warning only when validation passed.
    if !diags.has_errors()
        && let Some(w) = results.blocked_warning(engine)
    {
        diags.push(w);
    }
    let diags = diags
        .iter()
        .map(|d| {
            (
                match d.severity {
                    Severity::Error => "error",
                    Severity::Warning => "warning",
                }
                .to_string(),
                d.summary.clone(),
                d.detail.replace(&prefix, ""),
                d.subject
                    .as_ref()
                    .map(|r| start_string(r).replace(&prefix, "")),
            )
        })
        .collect();
    let mut kept: Vec<(String, String)> = state
        .instances()
        .map(|(a, _)| (a.to_string(), results.old_addr(&a).to_string()))
        .collect();
    kept.sort();
    Outcome { diags, kept }
}

fn theirs(case: &Path) -> Outcome {
    let text = std::fs::read_to_string(case.join("expected/diags.json")).unwrap();
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    let diags = json
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            let s = |k: &str| d[k].as_str().unwrap_or_default().to_string();
            (
                s("severity"),
                s("summary"),
                s("detail"),
                d["at"].as_str().map(String::from),
            )
        })
        .collect();
    // A plan with errors has no changes; objects kept from the prior
    // state are every change that is not a create.
    let mut kept: Vec<(String, String)> =
        std::fs::read_to_string(case.join("expected/changes.txt"))
            .unwrap_or_default()
            .lines()
            .filter_map(|l| {
                let f: Vec<&str> = l.split('\t').collect();
                (f[2] != "create").then(|| {
                    (
                        f[0].to_string(),
                        if f[1] == "-" { f[0] } else { f[1] }.to_string(),
                    )
                })
            })
            .collect();
    kept.sort();
    Outcome { diags, kept }
}

#[test]
fn recorded_terraform_plans() {
    let mut cases: Vec<PathBuf> = std::fs::read_dir(data_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.join("expected/diags.json").exists()
                && !p
                    .file_name()
                    .unwrap()
                    .to_string_lossy()
                    .starts_with("removed_")
        })
        .collect();
    cases.sort();
    assert!(cases.len() >= 30);
    let mut failures = Vec::new();
    for case in &cases {
        let name = case.file_name().unwrap().to_string_lossy().into_owned();
        let (got, want) = (ours(case, Engine::Terraform), theirs(case));
        if got.diags != want.diags {
            failures.push(format!(
                "{name}: diagnostics\n  got:  {:?}\n  want: {:?}",
                got.diags, want.diags
            ));
        }
        let failed = want.diags.iter().any(|d| d.0 == "error");
        if !failed && got.kept != want.kept {
            failures.push(format!(
                "{name}: addresses\n  got:  {:?}\n  want: {:?}",
                got.kept, want.kept
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
