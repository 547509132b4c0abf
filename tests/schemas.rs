//! `--schemas FILE` on plan, refactor and check: the output of `terraform
//! providers schema -json` decides what is compared. The plan corpus case
//! `provider-schema-stub` (recorded with terraform and the stub provider,
//! its schemas in expected/schemas.json) is the ground truth: terraform
//! planned 2 updates there; without the schemas minimod's rule for unknown
//! providers (compare only what is set, order of blocks and type of values
//! aside) plans none.

mod common;

use std::path::{Path, PathBuf};
use std::process::Output;

fn stub_case() -> PathBuf {
    common::repo_root().join("tests/corpus/plans/provider-schema-stub")
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn plan_line(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .find(|l| l.starts_with("Plan: ") || l.starts_with("No changes."))
        .unwrap_or_default()
        .to_string()
}

#[test]
fn plan_with_schemas_updates_as_terraform_did_and_without_them_does_not() {
    let case = stub_case();
    let state = case.join("expected/prior.tfstate");
    let schemas = case.join("expected/schemas.json");
    let new = case.join("new");
    let base = [
        "plan",
        "--engine",
        "terraform",
        path(&new),
        "--state",
        path(&state),
    ];

    let with = common::run(&new, [&base[..], &["--schemas", path(&schemas)]].concat());
    assert!(
        with.status.success(),
        "{}",
        String::from_utf8_lossy(&with.stderr)
    );
    assert_eq!(
        plan_line(&with),
        "Plan: 0 to add, 2 to change, 0 to destroy."
    );
    let text = String::from_utf8_lossy(&with.stdout);
    assert!(text.contains("~ port = 80 -> \"80\""), "{text}");

    let without = common::run(&new, base);
    assert!(without.status.success());
    assert_eq!(
        plan_line(&without),
        "Plan: 0 to add, 0 to change, 0 to destroy."
    );
}

#[test]
fn refactor_proves_with_the_schemas() {
    let case = stub_case();
    let out = common::run(
        &common::repo_root(),
        [
            "refactor",
            "--engine",
            "terraform",
            path(&case.join("old")),
            path(&case.join("new")),
            "--state",
            path(&case.join("expected/prior.tfstate")),
            "--schemas",
            path(&case.join("expected/schemas.json")),
        ],
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("Plan: 0 to add, 2 to change, 0 to destroy."),
        "{stderr}"
    );
}

#[test]
fn unreadable_or_invalid_schemas_are_reported() {
    let case = stub_case();
    let new = case.join("new");
    let state = case.join("expected/prior.tfstate");
    let out = common::run(
        &new,
        [
            "plan",
            path(&new),
            "--state",
            path(&state),
            "--schemas",
            "no-such.json",
        ],
    );
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("Failed to read provider schemas"),
        "{stderr}"
    );

    let tmp = tempfile::tempdir().unwrap();
    let bad = tmp.path().join("schemas.json");
    std::fs::write(&bad, "{\"format_version\": \"1.0\"}").unwrap();
    let out = common::run(
        &common::repo_root(),
        [
            "refactor",
            path(&case.join("old")),
            path(&new),
            "--schemas",
            path(&bad),
        ],
    );
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("Invalid provider schemas"), "{stderr}");
}

/// `check --schemas PATH` reads PATH inside the repository (the head's,
/// here the index): terraform's own schema of terraform_data changes nothing.
#[test]
fn check_reads_the_schemas_from_the_repository() {
    let tmp = tempfile::tempdir().unwrap();
    let repo = tmp.path().join("repo");
    common::monorepo(&repo);
    std::fs::copy(
        common::repo_root().join("tests/data/schemas/builtin.json"),
        repo.join("schemas.json"),
    )
    .unwrap();
    common::git(&repo, &["add", "schemas.json"]);
    let check = |extra: &[&str]| {
        common::run(
            &repo,
            [&["check", "--base", "HEAD~1", "--format", "json"], extra].concat(),
        )
    };
    let without = check(&[]);
    let with = check(&["--schemas", "schemas.json"]);
    assert_eq!(with.status.code(), without.status.code());
    assert_eq!(
        String::from_utf8_lossy(&with.stdout),
        String::from_utf8_lossy(&without.stdout)
    );
    let missing = check(&["--schemas", "nope.json"]);
    assert_eq!(missing.status.code(), Some(2));
}

/// An attribute the schema calls sensitive is never printed, before or
/// after (the schema is terraform's record with `port` made sensitive).
#[test]
fn sensitive_attributes_are_never_shown() {
    let case = stub_case();
    let mut doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(case.join("expected/schemas.json")).unwrap())
            .unwrap();
    let port = doc
        .pointer_mut("/provider_schemas/registry.terraform.io~1hashicorp~1aws/resource_schemas/aws_instance/block/attributes/port")
        .expect("port in the recorded schema");
    port["sensitive"] = serde_json::Value::Bool(true);
    let tmp = tempfile::tempdir().unwrap();
    let schemas = tmp.path().join("schemas.json");
    std::fs::write(&schemas, doc.to_string()).unwrap();
    let new = case.join("new");
    let state = case.join("expected/prior.tfstate");
    let out = common::run(
        &new,
        [
            "plan",
            path(&new),
            "--state",
            path(&state),
            "--schemas",
            path(&schemas),
        ],
    );
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("~ port = (sensitive value)"), "{text}");
    assert!(!text.contains("80"), "{text}");
}
