//! The blocks and the report of every refactor fixture, as insta
//! snapshots (reviewed line by line when accepted). The answer keys in
//! fixtures/refactors/*/expected check the moves themselves; these pin what
//! a person reads. Runs without a state, the pull-request mode.

mod common;

#[test]
fn refactor_output_snapshots() {
    for case in common::cases(&common::repo_root().join("fixtures/refactors")) {
        // Without PATH the engine is the fixture's files' or OpenTofu's
        // rules, whatever tools this machine has (a refactor runs none).
        let out = common::minimod(&case.root)
            .env_remove("PATH")
            .args(["refactor", "old", "new"])
            .args(&case.args)
            .output()
            .unwrap();
        let text = format!(
            "exit {}\n--- stdout\n{}--- stderr\n{}",
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        insta::assert_snapshot!(format!("refactor_{}", case.name), text);
    }
}

const WITH_AND_WITHOUT_STATE: [&[&str]; 2] = [&[], &["--state", "expected/prior.tfstate"]];

/// `refactor old new --json` of a refactor fixture that is not proven
/// (exit 1), with extra arguments.
fn unproven_refactor_json(case: &str, args: &[&str]) -> serde_json::Value {
    let dir = common::repo_root().join("fixtures/refactors").join(case);
    let out = common::minimod(&dir)
        .args(["refactor", "old", "new", "--json"])
        .args(args)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{case} {args:?}");
    serde_json::from_slice(&out.stdout).unwrap()
}

/// `--json` carries the evidence an ambiguous reason names, with or
/// without the state: who said what, where it conflicts, what it misses.
#[test]
fn ambiguous_json_names_the_dependents_evidence() {
    let case = "dependents-conflicting-evidence-stays-ambiguous";
    for state in WITH_AND_WITHOUT_STATE {
        let doc = unproven_refactor_json(case, state);
        let unmatched = doc["unmatched"].as_array().unwrap();
        assert_eq!(unmatched.len(), 4, "{doc}");
        let said = |dependent: &str, from: &str| {
            serde_json::json!({
                "dependent": dependent, "was": null, "attribute": "input.of",
                "from": from, "to": "terraform_data.alpha",
            })
        };
        for u in unmatched {
            assert_eq!(u["reason"], "ambiguous", "{u}");
            assert_eq!(
                u["evidence"],
                serde_json::json!({
                    "dependents": [
                        said("terraform_data.pet_first", "terraform_data.first"),
                        said("terraform_data.pet_second", "terraform_data.second"),
                    ],
                    "conflicts": ["terraform_data.alpha"],
                    "not_covered": ["terraform_data.beta"],
                }),
                "{state:?}"
            );
        }
    }
}

/// A renamed dependent's evidence names its old address (`was`), with or
/// without the state.
#[test]
fn ambiguous_json_names_a_renamed_dependents_old_address() {
    let case = "dependents-renamed-conflicting-evidence-stays-ambiguous";
    for state in WITH_AND_WITHOUT_STATE {
        let doc = unproven_refactor_json(case, state);
        let first = doc["unmatched"]
            .as_array()
            .unwrap()
            .iter()
            .find(|u| u["address"] == "terraform_data.first")
            .unwrap();
        let said = |dependent: &str, was: &str, from: &str| {
            serde_json::json!({
                "dependent": dependent, "was": was, "attribute": "input.of",
                "from": from, "to": "terraform_data.alpha",
            })
        };
        assert_eq!(
            first["evidence"],
            serde_json::json!({
                "dependents": [
                    said("terraform_data.pet_one", "terraform_data.pet_first", "terraform_data.first"),
                    said("terraform_data.pet_two", "terraform_data.pet_second", "terraform_data.second"),
                ],
                "conflicts": ["terraform_data.alpha"],
                "not_covered": ["terraform_data.beta"],
            }),
            "{state:?}"
        );
    }
}
