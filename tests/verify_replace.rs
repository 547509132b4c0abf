//! `--verify-with` when the real binary replaces an object minimod moves
//! and accepted to update in place (tests/data/verify-replace/README.md):
//! minimod must say so plainly and fail. terraform's plan is recorded
//! (`plan.json`) and replayed by a stand-in verifier; `MINIMOD_LIVE=1`
//! asks the real terraform.

mod common;

use std::path::PathBuf;
use std::process::Output;

fn case() -> PathBuf {
    common::repo_root().join("tests/data/verify-replace")
}

fn refactor(verifier: &str) -> Output {
    common::minimod(&case())
        .args([
            "refactor",
            "old",
            "new",
            "--state",
            "expected/prior.tfstate",
            "--allow-update",
            "--verify-with",
            verifier,
        ])
        .output()
        .expect("running minimod")
}

/// The one sentence, with the report's line wrapping undone.
fn said(stderr: &[u8]) -> String {
    String::from_utf8_lossy(stderr)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

fn expect_replacement(out: &Output, tool: &str) {
    let text = said(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{text}");
    let want = format!(
        "{tool} would replace module.app.terraform_data.server, not update it in place: its lifecycle replace_triggered_by names an object this plan changes."
    );
    assert!(text.contains(&want), "{text}");
    // version is updated in place, as accepted: not named.
    assert!(
        !text.contains("replace module.app.terraform_data.version"),
        "{text}"
    );
}

#[test]
fn a_replacement_by_the_verifier_is_said_plainly() {
    // Stands in for terraform: init and plan succeed, show prints what
    // terraform 1.11 planned (record.sh).
    let dir = tempfile::tempdir().unwrap();
    let tool = dir.path().join("recorded-terraform");
    let plan = case().join("expected/plan.json");
    std::fs::write(
        &tool,
        format!(
            "#!/bin/sh\nif [ \"$1\" = show ]; then cat '{}'; fi\nexit 0\n",
            plan.display()
        ),
    )
    .unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&tool, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let tool = tool.display().to_string();
    expect_replacement(&refactor(&tool), &tool);
}

#[test]
fn a_replacement_by_the_verifier_is_said_plainly_live() {
    if !common::live() {
        return;
    }
    expect_replacement(&refactor("terraform"), "terraform");
}

/// The recorded plan still holds what the test relies on: terraform
/// replaced `server` by its trigger and updated `version` in place.
#[test]
fn the_recorded_plan_replaces_by_trigger() {
    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(case().join("expected/plan.json")).unwrap())
            .unwrap();
    let changes: Vec<(String, serde_json::Value, serde_json::Value)> = doc["resource_changes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["address"].as_str().unwrap().to_string(),
                c["change"]["actions"].clone(),
                c["action_reason"].clone(),
            )
        })
        .collect();
    assert_eq!(
        changes,
        [
            (
                "module.app.terraform_data.server".to_string(),
                serde_json::json!(["delete", "create"]),
                serde_json::json!("replace_by_triggers")
            ),
            (
                "module.app.terraform_data.version".to_string(),
                serde_json::json!(["update"]),
                serde_json::Value::Null
            ),
        ]
    );
}

/// `expected/replace-paths.json` (what `parse_plan`'s unit test reads) is still
/// what terraform plans for a changed `triggers_replace`.
#[test]
fn the_recorded_forced_replacement_holds_live() {
    if !common::live() {
        return;
    }
    let reduce = |doc: &serde_json::Value| -> Vec<serde_json::Value> {
        doc["resource_changes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| {
                serde_json::json!([
                    c["address"],
                    c["change"]["actions"],
                    c["action_reason"],
                    c["change"]["replace_paths"]
                ])
            })
            .collect()
    };
    let dir = tempfile::tempdir().unwrap();
    let tf = |args: &[&str]| {
        common::terraform(dir.path(), args)
            .unwrap_or_else(|e| panic!("{e}"))
            .stdout
    };
    let main = dir.path().join("main.tf");
    std::fs::write(
        &main,
        "resource \"terraform_data\" \"a\" {\n  triggers_replace = \"v1\"\n}\n",
    )
    .unwrap();
    tf(&["init", "-input=false", "-no-color"]);
    tf(&["apply", "-auto-approve", "-input=false", "-no-color"]);
    std::fs::write(
        &main,
        "resource \"terraform_data\" \"a\" {\n  triggers_replace = \"v2\"\n}\n",
    )
    .unwrap();
    tf(&[
        "plan",
        "-refresh=false",
        "-input=false",
        "-no-color",
        "-out=p",
    ]);
    let live: serde_json::Value = serde_json::from_slice(&tf(&["show", "-json", "p"])).unwrap();
    let recorded: serde_json::Value =
        common::read_json(&case().join("expected/replace-paths.json"));
    assert_eq!(reduce(&live), reduce(&recorded));
}
