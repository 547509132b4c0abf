//! `refactor --output commands`: the `terraform state mv` lines, run by a
//! shell against the recorded prior state, must leave terraform planning
//! what the answer key's blocks prove (nothing to add or destroy). Live
//! only (`MINIMOD_LIVE=1`): offline, the ordering and quoting are unit
//! tests in `refactor::commands`.

mod common;

use std::process::Command;

const CASES: &[&str] = &[
    "rename-resource",
    "count-to-for-each",
    "rename-module-call-for-each",
    "extract-database-module",
    "module-instance-rekeyed",
    "move-between-modules",
    "rename-in-shared-child",
];

#[test]
fn state_mv_commands_leave_nothing_to_add_or_destroy() {
    if !common::live() {
        return;
    }
    let fixtures = common::repo_root().join("fixtures/refactors");
    let mut failures = Vec::new();
    for case in CASES {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("new");
        common::copy_tree(&fixtures.join(case).join("new"), &dir);
        std::fs::copy(
            fixtures.join(case).join("expected/prior.tfstate"),
            dir.join("terraform.tfstate"),
        )
        .unwrap();
        let out = common::minimod(&common::repo_root())
            .args(["refactor", "--engine", "terraform", "--output", "commands"])
            .arg(fixtures.join(case).join("old"))
            .arg(&dir)
            .arg("--state")
            .arg(dir.join("terraform.tfstate"))
            .output()
            .unwrap();
        let lines = String::from_utf8_lossy(&out.stdout).into_owned();
        if lines.is_empty() {
            failures.push(format!("{case}: no commands"));
            continue;
        }
        let terraform = |args: &[&str]| {
            Command::new("sh")
                .arg("-c")
                .arg(args.join(" "))
                .current_dir(&dir)
                .env("TF_CLI_CONFIG_FILE", "/dev/null")
                .env("TF_IN_AUTOMATION", "1")
                .output()
                .unwrap()
        };
        // As a user would: init (state mv reads the configuration), then
        // the commands, then the plan.
        terraform(&["terraform init -input=false -no-color >/dev/null"]);
        let ran = terraform(&["set -e;", &lines]);
        if !ran.status.success() {
            failures.push(format!(
                "{case}: {lines}\n{}",
                String::from_utf8_lossy(&ran.stderr)
            ));
            continue;
        }
        let plan = terraform(&["terraform plan -refresh=false -input=false -no-color -lock=false"]);
        let text = String::from_utf8_lossy(&plan.stdout);
        let clean = text.contains("No changes.")
            || text
                .lines()
                .any(|l| l.starts_with("Plan: 0 to add") && l.ends_with(", 0 to destroy."));
        if !plan.status.success() || !clean {
            failures.push(format!(
                "{case}: after\n{lines}terraform planned:\n{text}{}",
                String::from_utf8_lossy(&plan.stderr)
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
