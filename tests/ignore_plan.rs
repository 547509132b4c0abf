//! Ignore rules (`--ignore`) and saved plans (`--plan`): the cases in
//! tests/data/ignore-plan, whose terraform answers record.sh wrote, and the
//! diagnostics for bad rules and bad plan files. The ignore cases that
//! terraform proves fit the refactor corpus too (fixtures/refactors/
//! ignore-*); the ones here do not fit its rule that every unmatched object
//! is a create or delete: a pair a rule made can still be replaced.
//!
//! Each case runs as `minimod refactor old new [--state
//! expected/prior.tfstate] --json ARGS` in the case directory (no --state
//! when ARGS gives --plan: the plan's prior objects stand for it).

mod common;

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;

use common::{case_dirs, lines_of, read_json, repo_root, run, strings};
use serde_json::Value;

fn root() -> PathBuf {
    repo_root().join("tests/data/ignore-plan")
}

fn cases() -> Vec<PathBuf> {
    case_dirs(&root(), "old")
}

/// What terraform planned for an address with the answer key in place, in
/// the words of `paired_by_rules[].planned`.
fn terraform_action(proof: &Value, addr: &str) -> &'static str {
    let actions: Vec<&str> = proof["changes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["address"] == addr)
        .map(|c| {
            c["actions"]
                .as_array()
                .unwrap()
                .iter()
                .map(|a| a.as_str().unwrap())
                .collect()
        })
        .unwrap_or_default();
    match actions.as_slice() {
        [] | ["no-op"] => "no-op",
        ["update"] => "update",
        _ => "replace",
    }
}

fn check_case(case: &Path, failures: &mut Vec<String>) {
    let name = case.file_name().unwrap().to_string_lossy().into_owned();
    let mut fail = |what: String| failures.push(format!("{name}: {what}"));
    let args = lines_of(&case.join("args"));
    let with_plan = args.iter().any(|a| a.starts_with("--plan"));
    let mut cmd = strings(&["refactor", "old", "new", "--json"]);
    if !with_plan {
        cmd.extend(strings(&["--state", "expected/prior.tfstate"]));
    }
    cmd.extend(args.iter().cloned());
    let out = run(case, &cmd);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let want_exit: i32 = fs::read_to_string(case.join("expected/exit"))
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    if out.status.code() != Some(want_exit) {
        fail(format!(
            "exit {:?}, want {want_exit}: {stderr}",
            out.status.code()
        ));
    }
    let doc: Value = match serde_json::from_slice(&out.stdout) {
        Ok(d) => d,
        Err(e) => return fail(format!("not JSON ({e}): {stderr}")),
    };
    let moves: BTreeSet<String> = match common::moves_of(&doc) {
        Ok(moves) => moves
            .into_iter()
            .map(|(from, to)| format!("{from} -> {to}"))
            .collect(),
        Err(e) => return fail(e),
    };
    let want: BTreeSet<String> = lines_of(&case.join("expected/moves.txt"))
        .into_iter()
        .collect();
    if moves != want {
        fail(format!("moves {moves:?}, want {want:?}"));
    }
    // The proof counts what terraform counted with the answer key.
    let proof = read_json(&case.join("expected/proof.json"));
    let counts = |v: &Value| (v["add"].clone(), v["change"].clone(), v["destroy"].clone());
    if counts(&doc["plan"]) != counts(&proof) {
        fail(format!("plan {}, terraform {proof}", doc["plan"]));
    }
    // Every pair a rule made is named with its rules, and what the proof
    // says terraform will do to it is what terraform planned.
    let mut named = BTreeSet::new();
    for p in doc["paired_by_rules"].as_array().unwrap() {
        let to = p["to"].as_str().unwrap();
        for r in p["rules"].as_array().unwrap() {
            named.insert(format!(
                "{} -> {to}: {}",
                p["from"].as_str().unwrap(),
                r.as_str().unwrap()
            ));
        }
        let tf = terraform_action(&proof, to);
        if p["planned"] != tf {
            fail(format!("{to}: planned {}, terraform {tf}", p["planned"]));
        }
    }
    let want: BTreeSet<String> = lines_of(&case.join("expected/rules.txt"))
        .into_iter()
        .collect();
    if named != want {
        fail(format!("rules {named:?}, want {want:?}"));
    }
    // A plan case is one the plan decides: the state alone does not prove it.
    if with_plan {
        let mut cmd = strings(&[
            "refactor",
            "old",
            "new",
            "--json",
            "--state",
            "expected/prior.tfstate",
        ]);
        cmd.extend(args.iter().filter(|a| !a.starts_with("--plan")).cloned());
        let out = run(case, &cmd);
        if out.status.code() != Some(1) {
            fail(format!(
                "with the state alone: exit {:?}, want 1",
                out.status.code()
            ));
        }
    }
}

#[test]
fn cases_pair_and_prove_as_terraform_planned() {
    let mut failures = Vec::new();
    let all = cases();
    assert!(all.len() >= 2);
    for case in &all {
        check_case(case, &mut failures);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The human report names the rule and says what terraform will do.
#[test]
fn the_report_names_the_rule_and_the_replacement() {
    let case = root().join("ignore-forces-replacement");
    let out = run(
        &case,
        strings(&[
            "refactor",
            "old",
            "new",
            "--state",
            "expected/prior.tfstate",
            "--ignore=whitespace:terraform_data:triggers_replace",
        ]),
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("Paired through ignore rules:\n  - terraform_data.cache -> terraform_data.sessions: paired by whitespace:terraform_data:triggers_replace; the ignored difference stays, and the plan REPLACES it"),
        "{stderr}"
    );
    assert_eq!(out.status.code(), Some(1));
    // Without the rule the two do not pair, and the report says why.
    let out = run(
        &case,
        strings(&[
            "refactor",
            "old",
            "new",
            "--state",
            "expected/prior.tfstate",
        ]),
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(
            "closest candidate terraform_data.sessions differs in:\n        triggers_replace"
        ),
        "{stderr}"
    );
    assert!(!stderr.contains("ignore rules"), "{stderr}");
}

/// Bad rules and bad plan files are bad input: exit 2, OpenTofu's shape.
#[test]
fn bad_rules_and_plan_files_exit_2_with_a_diagnostic() {
    let case = root().join("plan-variables");
    // The same old configuration, another new one: the plan is not of it.
    let other = tempfile::tempdir().unwrap();
    let other = other.path();
    common::copy_tree(&case.join("old"), &other.join("old"));
    common::copy_tree(
        &root().join("ignore-forces-replacement/new"),
        &other.join("new"),
    );
    common::copy_tree(&case.join("expected"), &other.join("expected"));
    let replacement = root().join("ignore-forces-replacement");
    let table: Vec<(Vec<String>, &Path, &str, &str)> = vec![
        (
            strings(&["--ignore", "everything:terraform_data"]),
            &case,
            "Error: Invalid ignore rule",
            "has 1 part after its kind; it needs 2",
        ),
        (
            strings(&["--ignore", "loose:terraform_data:input"]),
            &case,
            "Error: Invalid ignore rule",
            "unknown kind \"loose\"",
        ),
        (
            strings(&["--plan", "expected/prior.tfstate"]),
            &case,
            "Error: Invalid plan file",
            "This is a state file, not a plan",
        ),
        (
            strings(&["--plan", "old/main.tf"]),
            &case,
            "Error: Invalid plan file",
            "could not be parsed as JSON",
        ),
        (
            vec!["--plan".into(), "expected/plan.json".into()],
            other,
            "Error: Plan does not match the configuration",
            "The plan has terraform_data.service, which new does not declare. new declares terraform_data.sessions, which the plan does not have.",
        ),
        (
            vec![
                "--plan".into(),
                case.join("expected/plan.json").display().to_string(),
            ],
            &replacement,
            "Error: State does not match the configuration",
            "None of the 1 managed resources in the prior state of the plan",
        ),
        (
            strings(&["--plan", "expected/plan.json", "--verify-with", "terraform"]),
            &case,
            "Error: Verification needs a state",
            "give --state FILE too",
        ),
    ];
    for (extra, dir, summary, detail) in table {
        let mut args = strings(&["refactor", "old", "new"]);
        args.extend(extra.iter().cloned());
        let out = run(dir, &args);
        let stderr = String::from_utf8_lossy(&out.stderr).replace('\n', " ");
        assert_eq!(out.status.code(), Some(2), "{extra:?}: {stderr}");
        assert!(stderr.contains(summary), "{extra:?}: {stderr}");
        assert!(stderr.contains(detail), "{extra:?}: {stderr}");
    }
}

/// A plan of another format version is refused, naming it.
#[test]
fn an_unsupported_plan_format_is_named() {
    let case = root().join("plan-variables");
    let mut doc = read_json(&case.join("expected/plan.json"));
    doc["format_version"] = "2.0".into();
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("plan.json");
    fs::write(&file, doc.to_string()).unwrap();
    let out = run(
        &case,
        &[
            "refactor".into(),
            "old".into(),
            "new".into(),
            "--plan".into(),
            file.display().to_string(),
        ],
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("Error: Unsupported plan format"),
        "{stderr}"
    );
    assert!(stderr.contains("format_version is \"2.0\""), "{stderr}");
}

/// `check` takes rules from `--ignore` and from `.minimod.hcl`; a bad one
/// there is an error at its place.
#[test]
fn check_takes_rules_from_the_command_line_and_minimod_hcl() {
    let tmp = tempfile::tempdir().unwrap();
    let repo = tmp.path();
    let git = |args: &[&str]| common::git(repo, args);
    git(&["init", "-q"]);
    git(&["config", "user.email", "check@example.com"]);
    git(&["config", "user.name", "check"]);
    let fixture = repo_root().join("fixtures/refactors/ignore-owner-tag");
    fs::create_dir_all(repo.join("live")).unwrap();
    let tf = "terraform {\n  backend \"local\" {}\n}\n";
    fs::write(repo.join("live/backend.tf"), tf).unwrap();
    fs::copy(fixture.join("old/main.tf"), repo.join("live/main.tf")).unwrap();
    git(&["add", "-A"]);
    git(&["commit", "-qm", "base"]);
    fs::copy(fixture.join("new/main.tf"), repo.join("live/main.tf")).unwrap();
    // The head is what git would commit.
    git(&["add", "-A"]);
    let check = |extra: &[&str]| {
        common::minimod(repo)
            .args([
                "check",
                "--base",
                "HEAD",
                "--format",
                "json",
                "--engine",
                "terraform",
            ])
            .args(extra)
            .output()
            .unwrap()
    };
    // The outcome of the one root: its pairs, and so the blocks it misses.
    let outcome = |out: &Output| -> String {
        let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
        doc["roots"][0]["outcome"].as_str().unwrap().to_string()
    };
    assert_eq!(
        outcome(&check(&[])),
        "unmatched",
        "the Owner tag keeps web apart"
    );
    let out = check(&["--ignore", "everything:terraform_data:input.Owner"]);
    assert_eq!(outcome(&out), "moved-blocks-missing", "both pair");
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        doc["roots"][0]["paired_by_rules"],
        serde_json::json!([{
            "from": "terraform_data.web",
            "to": "terraform_data.frontend",
            "rules": ["everything:terraform_data:input.Owner"],
            "planned": "update",
        }])
    );
    // Rules are the target branch's policy: the pull request's own
    // `.minimod.hcl` cannot loosen its check, the base's does.
    fs::write(
        repo.join(".minimod.hcl"),
        "pairing {\n  ignore = [\"everything:terraform_*:input.Owner\"]\n}\n",
    )
    .unwrap();
    git(&["add", ".minimod.hcl"]);
    assert_eq!(outcome(&check(&[])), "unmatched");
    // Only the policy lands; the refactor stays the pull request's.
    git(&["commit", "-qm", "policy", "--", ".minimod.hcl"]);
    assert_eq!(outcome(&check(&[])), "moved-blocks-missing");
    fs::write(
        repo.join(".minimod.hcl"),
        "pairing {\n  ignore = [\n    \"everything:terraform_data\",\n  ]\n}\n",
    )
    .unwrap();
    git(&["add", ".minimod.hcl"]);
    git(&["commit", "-qm", "a bad policy", "--", ".minimod.hcl"]);
    let out = check(&[]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("Error: Invalid ignore rule"), "{stderr}");
    assert!(stderr.contains(".minimod.hcl line 3"), "{stderr}");
    let out = check(&["--ignore", "nothing:x:y"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("Error: Invalid ignore rule"));
}

/// terraform still plans what record.sh saw: the proofs, and the saved
/// plans' planned values (timestamps and invented ids aside). Cases marked
/// `stubprov` run through the stub provider when it is asked for
/// (`MINIMOD_LIVE_PROVIDERS`, as `.ci/run` asks; then without
/// MINIMOD_STUBPROV it fails).
#[test]
fn records_hold_in_terraform() {
    if !common::live() {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    common::record("ignore-plan", tmp.path());
    let planned = |v: &Value| {
        let changes: Vec<Value> = v["resource_changes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| {
                serde_json::json!([c["address"], c["change"]["actions"], c["change"]["after"]])
            })
            .collect();
        (changes, v["variables"].clone())
    };
    let mut failures = Vec::new();
    for case in cases() {
        if common::skips_stub_case(&case) {
            continue;
        }
        let name = case.file_name().unwrap().to_string_lossy().into_owned();
        let fresh = tmp.path().join(&name).join("expected");
        if read_json(&fresh.join("proof.json")) != read_json(&case.join("expected/proof.json")) {
            failures.push(format!("{name}: proof.json differs"));
        }
        let plan = case.join("expected/plan.json");
        if plan.exists()
            && planned(&read_json(&fresh.join("plan.json"))) != planned(&read_json(&plan))
        {
            failures.push(format!("{name}: plan.json plans other values"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `--verify-with` re-plans with the real binary and the plan's variables
/// (the state from `--state`: a plan's prior state is not one).
#[test]
fn a_plan_case_verifies_with_terraform() {
    if !common::live() {
        return;
    }
    let case = root().join("plan-variables");
    let out = run(
        &case,
        strings(&[
            "refactor",
            "old",
            "new",
            "--plan",
            "expected/plan.json",
            "--state",
            "expected/prior.tfstate",
            "--verify-with",
            "terraform",
        ]),
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("Verified with terraform: Plan: 0 to add, 0 to change, 0 to destroy."),
        "{stderr}"
    );
}
