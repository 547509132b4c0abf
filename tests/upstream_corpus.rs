//! The upstream corpus (tests/corpus/upstream, see its README.md):
//! refactors that maintainers of public Terraform code committed together
//! with their `moved` blocks, the old side applied by terraform 1.11
//! through the stub provider and the new side planned with those blocks.
//! The truth is what terraform kept with them (`expected/proof.json`), not
//! the blocks themselves, which are sometimes incomplete. minimod must say
//! what terraform said, for plain plans of both sides and for the refactor
//! with and without the state.
//!
//! It is a ratchet: a check minimod gets wrong today is listed in
//! `known-gaps` with the class of its reason. An unlisted disagreement
//! fails, and so does a listed check that now agrees, so the list can only
//! shrink.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use common::recorded::{self, Truth, expected_json, planned_moves};
use common::{Case, Move, follow, parse_moves, read, repo_root};

/// The corpus must keep covering at least this many refactors.
const MIN_CASES: usize = 37;

/// The classes a known gap's reason may name (the corpus README says what
/// each means).
const GAP_CLASSES: [&str; 6] = [
    "value-change",
    "unknown-without-state",
    "ambiguous-pairing",
    "plan-differs",
    "finer-blocks",
    "unsupported",
];

fn corpus_root() -> PathBuf {
    repo_root().join("tests/corpus/upstream")
}

fn cases() -> Vec<Case> {
    common::cases(&corpus_root())
}

/// The maintainers' blocks, each in the directory (relative to new/) of
/// the module they were committed in.
fn key(case: &Case) -> Vec<Move> {
    parse_moves(&read(&case.root.join("moves.txt")))
        .unwrap_or_else(|e| panic!("{}: moves.txt: {e}", case.name))
}

/// What terraform kept with the maintainers' blocks: every prior object
/// ends where terraform moved it, or stays; the coarsest set is the
/// maintainers' blocks that moved something terraform would not have
/// moved of itself (plan-new.json's moves, made without blocks).
fn check_refactor(case: &Case, with_state: bool) -> Result<(), String> {
    let moved: BTreeMap<String, String> = planned_moves(&expected_json(case, "proof.json"))
        .into_iter()
        .collect();
    let implied: BTreeMap<String, String> = planned_moves(&expected_json(case, "plan-new.json"))
        .into_iter()
        .collect();
    let end = |a: &str| moved.get(a).cloned().unwrap_or_else(|| a.to_string());
    let key = key(case);
    let used: BTreeSet<&Move> = moved
        .iter()
        .filter(|(from, to)| implied.get(*from) != Some(*to))
        .flat_map(|(from, _)| follow(&key, from).1)
        .collect();
    let truth = Truth {
        end: &end,
        coarsest: used.len(),
        implied,
    };
    recorded::check_refactor(case, with_state, &truth)
}

fn run_check(case: &Case, check: &str) -> Result<(), String> {
    recorded::run_check(case, check, &check_refactor)
}

/// known-gaps: `CASE CHECK: CLASS: what minimod does; what terraform does`
/// a line; '#' lines are comments.
fn known_gaps() -> BTreeMap<(String, String), String> {
    recorded::known_gaps(&corpus_root().join("known-gaps"), &|why| {
        let class = why.split(": ").next().unwrap_or_default();
        if GAP_CLASSES.contains(&class) {
            Ok(())
        } else {
            Err(format!("names no class of {GAP_CLASSES:?}"))
        }
    })
}

#[test]
fn minimod_agrees_with_terraform_or_the_gap_is_known() {
    let cases = cases();
    assert!(cases.len() >= MIN_CASES, "only {} cases", cases.len());
    recorded::ratchet(&cases, &recorded::CHECKS, known_gaps(), &run_check);
}

/// Every case is complete and pinned (its README names the upstream commit
/// and it keeps the upstream license), old/ plans nothing against its own
/// state, and terraform moved nothing the maintainers' blocks do not move.
#[test]
fn records_are_complete_and_consistent() {
    let mut failures = Vec::new();
    for case in cases() {
        let mut fail = |what: String| failures.push(format!("{}: {what}", case.name));
        for file in [
            "moves.txt",
            "README.md",
            "expected/prior.tfstate",
            "expected/plan-old.json",
            "expected/plan-new.json",
            "expected/proof.json",
        ] {
            if !case.root.join(file).is_file() {
                fail(format!("no {file}"));
            }
        }
        if !["LICENSE", "old/module/LICENSE", "old/LICENSE"]
            .iter()
            .any(|f| case.root.join(f).is_file())
        {
            fail("no upstream LICENSE".into());
        }
        if case.root.join("README.md").is_file() {
            let readme = read(&case.root.join("README.md"));
            let pinned = readme
                .split(|c: char| !c.is_ascii_hexdigit())
                .any(|w| w.len() == 40);
            if !pinned {
                fail("README.md names no commit".into());
            }
        }
        if !case.root.join("expected/proof.json").is_file() {
            continue;
        }
        let old = expected_json(&case, "plan-old.json");
        if old["changes"].as_array().is_none_or(|c| !c.is_empty()) {
            fail(format!(
                "terraform plans changes for old/: {}",
                old["changes"]
            ));
        }
        let key = key(&case);
        for (from, to) in planned_moves(&expected_json(&case, "proof.json")) {
            if follow(&key, &from).0 != to {
                fail(format!(
                    "terraform moved {from} to {to}, not where the blocks do"
                ));
            }
        }
    }
    failures.extend(recorded::schemas_missing(&corpus_root()));
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// With `MINIMOD_LIVE=1`, re-records the corpus with terraform and the stub
/// provider into a scratch directory and fails if terraform now says
/// something else (see `recorded::live_check`).
#[test]
fn live_terraform_agrees_with_records() {
    recorded::live_check("upstream", &corpus_root(), &cases(), &|_, _| Vec::new());
}
