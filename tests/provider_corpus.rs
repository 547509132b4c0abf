//! The real-provider corpus (tests/corpus/providers, see its README.md):
//! real public modules applied by terraform 1.11 through the stub provider,
//! refactored, with terraform's answers recorded by record.sh. minimod must
//! say what terraform said, for plain plans of both sides and for the
//! refactor with and without the state.
//!
//! It is a ratchet: a check minimod gets wrong today is listed in
//! `known-gaps` with the class of its reason. An unlisted disagreement
//! fails, and so does a listed check that now agrees, so the list can only
//! shrink.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::PathBuf;

use common::recorded::{self, Truth, expected_json, planned_moves, prior_addresses};
use common::{
    Case, Move, copy_tree, follow, parse_moves, read, repo_root, run, unified_diff, write_file,
};
use serde_json::Value;

/// The corpus must keep covering at least this many refactors.
const MIN_CASES: usize = 9;

/// The classes a known gap's reason may name (the corpus README says what
/// each means).
const GAP_CLASSES: [&str; 2] = ["schema-upgrade", "null-argument"];

/// The checks run for every case, in report order: the recorded corpora's
/// own, and the root outputs' changes of each plan.
const CHECKS: [&str; 7] = [
    recorded::CHECKS[0],
    recorded::CHECKS[1],
    recorded::CHECKS[2],
    recorded::CHECKS[3],
    "outputs-old",
    "outputs-new",
    "outputs-proof",
];

fn corpus_root() -> PathBuf {
    repo_root().join("tests/corpus/providers")
}

impl Case {
    /// The hand-written answer key, every block relative to the root.
    fn key(&self) -> Vec<Move> {
        let key = parse_moves(&read(&self.root.join("moves.txt")))
            .unwrap_or_else(|e| panic!("{}: moves.txt: {e}", self.name));
        // This corpus keeps every block in the root (terraform reads them
        // there just as well) so their effect is plain.
        if let Some((_, _, dir)) = key.iter().find(|(_, _, dir)| dir != ".") {
            panic!(
                "{}: moves.txt: blocks must be in the root, not in {dir}",
                self.name
            );
        }
        key
    }
}

fn cases() -> Vec<Case> {
    common::cases(&corpus_root())
}

/// The key is the truth: every object ends where its blocks take it, and
/// it is the coarsest true set (a whole call, then resources, then
/// instances), so more blocks for the same effect are finer than needed.
fn check_refactor(case: &Case, with_state: bool) -> Result<(), String> {
    let key = case.key();
    let end = |a: &str| follow(&key, a).0;
    let truth = Truth {
        end: &end,
        coarsest: key.len(),
        implied: BTreeMap::new(),
    };
    recorded::check_refactor(case, with_state, &truth)
}

/// The "Changes to Outputs:" section of a plan's text, up to its first
/// empty line, as record.sh cuts terraform's.
fn outputs_section(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines().skip_while(|l| *l != "Changes to Outputs:") {
        if line.is_empty() {
            break;
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// What a plan's `output_changes` decided, as record.sh reduces terraform's.
fn reduced_outputs(doc: &Value) -> Value {
    let fields = [
        "actions",
        "after_unknown",
        "before_sensitive",
        "after_sensitive",
    ];
    let outputs = doc["output_changes"]
        .as_object()
        .cloned()
        .unwrap_or_default();
    Value::Object(
        outputs
            .into_iter()
            .map(|(name, change)| {
                let reduced = fields
                    .iter()
                    .map(|f| (f.to_string(), change[f].clone()))
                    .collect();
                (name, Value::Object(reduced))
            })
            .collect(),
    )
}

/// The provider schemas terraform planned `plan` (old, new, proof) with:
/// the stub infers one per configuration, and record.sh keeps a plan's
/// only where it differs from the one before it (old, new, proof).
fn plan_schemas(case: &Case, plan: &str) -> PathBuf {
    let order = ["old", "new", "proof"];
    let upto = order.iter().position(|p| *p == plan).expect("a plan");
    order[..=upto]
        .iter()
        .rev()
        .map(|p| case.expected().join(format!("schemas-{p}.json")))
        .find(|f| f.is_file())
        .unwrap_or_else(|| panic!("{}: no expected/schemas-old.json", case.name))
}

/// `minimod plan` of a side (old, new, or new with the key's blocks)
/// against the recorded state: its "Changes to Outputs:" text and its JSON
/// `output_changes` against terraform's for that plan.
fn check_outputs(case: &Case, plan: &str) -> Result<(), String> {
    // The key's blocks go into a copy of new/ beside a copy of the
    // vendored modules, so that `../../modules` resolves as here.
    let scratch = tempfile::tempdir().map_err(|e| e.to_string())?;
    let (root, side) = match plan {
        "proof" => {
            let root = scratch.path().join("corpus/case");
            copy_tree(
                &corpus_root().join("modules"),
                &scratch.path().join("corpus/modules"),
            );
            copy_tree(&case.new_dir(), &root.join("new"));
            copy_tree(&case.expected(), &root.join("expected"));
            let blocks: String = case
                .key()
                .iter()
                .map(|(from, to, _)| format!("moved {{\n  from = {from}\n  to   = {to}\n}}\n\n"))
                .collect();
            write_file(&root.join("new/moved.tf"), &blocks);
            (root, "new")
        }
        side => (case.root.clone(), side),
    };
    let record = if plan == "proof" {
        "proof".to_string()
    } else {
        format!("plan-{plan}")
    };
    // The schema terraform planned with, so that objects have its attributes.
    let schemas = plan_schemas(case, plan);
    let schemas = schemas.to_str().expect("a UTF-8 path");
    let args = [
        "plan",
        side,
        "--state",
        "expected/prior.tfstate",
        "--schemas",
        schemas,
    ];
    let text = String::from_utf8_lossy(&run(&root, args).stdout).into_owned();
    let out = run(&root, args.iter().copied().chain(["--json"]));
    let doc: Value = serde_json::from_slice(&out.stdout)
        .map_err(|e| format!("exit {:?}, stdout not JSON ({e})", out.status.code()))?;
    let mut problems = Vec::new();
    let want = expected_json(case, &format!("{record}.json"))["outputs"].clone();
    let got = reduced_outputs(&doc);
    if got != want {
        let names = |v: &Value| {
            v.as_object()
                .map(|o| o.keys().cloned().collect::<BTreeSet<_>>())
                .unwrap_or_default()
        };
        let differ: Vec<String> = names(&want)
            .union(&names(&got))
            .filter(|n| got.get(n.as_str()) != want.get(n.as_str()))
            .cloned()
            .collect();
        problems.push(match differ.first() {
            Some(first) => format!(
                "output_changes differ for {} output(s) (e.g. {first}: minimod {}, terraform {})",
                differ.len(),
                got.get(first).unwrap_or(&Value::Null),
                want.get(first).unwrap_or(&Value::Null),
            ),
            // Not even a map of outputs on one side (a record without them).
            None => format!("output_changes differ: minimod {got}, terraform {want}"),
        });
    }
    let want_text = read(&case.expected().join(format!("{record}.outputs.txt")));
    let got_text = outputs_section(&text);
    if got_text != want_text {
        let diff = unified_diff(&want_text, &got_text, ("terraform", "minimod"));
        let first = diff
            .lines()
            .find(|l| l.starts_with(['-', '+']) && !l.starts_with("--") && !l.starts_with("++"));
        problems.push(format!(
            "Changes to Outputs: differs (first: {})",
            first.unwrap_or("-")
        ));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("; "))
    }
}

fn run_check(case: &Case, check: &str) -> Result<(), String> {
    match check {
        "outputs-old" => check_outputs(case, "old"),
        "outputs-new" => check_outputs(case, "new"),
        "outputs-proof" => check_outputs(case, "proof"),
        check => recorded::run_check(case, check, &check_refactor),
    }
}

/// known-gaps: `CASE CHECK: CLASS: what minimod does; what terraform says`
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
    recorded::ratchet(&cases, &CHECKS, known_gaps(), &run_check);
}

/// What terraform said must make sense on its own: old/ plans nothing
/// against its own state, the key leaves nothing destroyed, and every
/// record and vendored module is complete.
#[test]
fn records_are_complete_and_consistent() {
    let root = corpus_root();
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
            "expected/schemas-old.json",
        ] {
            if !case.root.join(file).is_file() {
                fail(format!("no {file}"));
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
        let proof = expected_json(&case, "proof.json");
        if proof["destroy"] != 0 {
            fail(format!("the key leaves {} destroyed", proof["destroy"]));
        }
        // Every prior object is either moved by the key or kept, as terraform
        // planned it: its moves are exactly the key's effect.
        let key = case.key();
        let want: BTreeSet<(String, String)> = prior_addresses(&case)
            .iter()
            .map(|a| (a.clone(), follow(&key, a).0))
            .filter(|(a, b)| a != b)
            .collect();
        let got = planned_moves(&proof);
        if got != want {
            fail(format!("terraform moved {got:?}, the key {want:?}"));
        }
    }
    for module in fs::read_dir(root.join("modules")).unwrap() {
        let dir = module.unwrap().path();
        for file in ["LICENSE", "SOURCE"] {
            if !dir.join(file).is_file() {
                failures.push(format!("{}: no {file}", dir.display()));
            }
        }
    }
    failures.extend(recorded::schemas_missing(&root));
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// With `MINIMOD_LIVE=1`, re-records the corpus with terraform and the stub
/// provider (`MINIMOD_STUBPROV`, a bootstrapped copy of
/// ../shared/tools/stubprov) into a scratch directory and fails if terraform
/// now says something else. Asked for live and missing either, it fails.
#[test]
fn live_terraform_agrees_with_records() {
    // The stub invents ids, so the outputs' texts differ in values; their
    // shapes must not.
    let shape = |text: Option<String>| text.map(|t| mask_strings(&t));
    let outputs_texts = |scratch: &std::path::Path, case: &Case| {
        let mut failures = Vec::new();
        for record in ["plan-old", "plan-new", "proof"] {
            let file =
                std::path::Path::new(&case.name).join(format!("expected/{record}.outputs.txt"));
            let fresh = shape(fs::read_to_string(scratch.join(&file)).ok());
            if fresh != shape(fs::read_to_string(corpus_root().join(&file)).ok()) {
                failures.push(format!("{} differs beyond its values", file.display()));
            }
        }
        failures
    };
    recorded::live_check("providers", &corpus_root(), &cases(), &outputs_texts);
}

/// A text with every quoted string replaced by `"…"`: what stays of a
/// plan's text when the stub invents other ids.
fn mask_strings(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '"' {
            out.push(c);
            continue;
        }
        out.push_str("\"…\"");
        while let Some(c) = chars.next() {
            match c {
                '\\' => {
                    chars.next();
                }
                '"' => break,
                _ => {}
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(pairs: &[(&str, &str)]) -> Vec<Move> {
        pairs
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string(), ".".to_string()))
            .collect()
    }

    /// The end of `addr` after the key's blocks.
    fn follow(key: &[Move], addr: &str) -> String {
        common::follow(key, addr).0
    }

    #[test]
    fn blocks_apply_to_calls_instances_and_resources() {
        let k = key(&[("module.vpc", "module.network")]);
        assert_eq!(
            follow(&k, "module.vpc.aws_vpc.this[0]"),
            "module.network.aws_vpc.this[0]"
        );
        assert_eq!(
            follow(&k, "module.vpc2.aws_vpc.this[0]"),
            "module.vpc2.aws_vpc.this[0]"
        );
        let k = key(&[("module.a", "module.b[\"x\"]")]);
        assert_eq!(
            follow(&k, "module.a.module.c.t.n"),
            "module.b[\"x\"].module.c.t.n"
        );
        let k = key(&[(
            "module.vpc.aws_subnet.public[0]",
            "module.vpc.aws_subnet.public[\"a\"]",
        )]);
        assert_eq!(
            follow(&k, "module.vpc.aws_subnet.public[0]"),
            "module.vpc.aws_subnet.public[\"a\"]"
        );
        assert_eq!(
            follow(&k, "module.vpc.aws_subnet.public[1]"),
            "module.vpc.aws_subnet.public[1]"
        );
        let k = key(&[("aws_s3_bucket.a", "module.m.aws_s3_bucket.b")]);
        assert_eq!(
            follow(&k, "aws_s3_bucket.a[2]"),
            "module.m.aws_s3_bucket.b[2]"
        );
        assert_eq!(follow(&k, "aws_s3_bucket.ab"), "aws_s3_bucket.ab");
        // A resource is no module: nothing lives inside it.
        assert_eq!(follow(&k, "aws_s3_bucket.a.x"), "aws_s3_bucket.a.x");
        let k = key(&[("module.a", "module.b"), ("module.b.t.x", "module.b.t.y")]);
        assert_eq!(follow(&k, "module.a.t.x"), "module.b.t.y");
    }

    #[test]
    fn state_addresses_quote_string_keys() {
        use common::recorded::state_addresses;
        use serde_json::Value;
        let state: Value = serde_json::from_str(
            r#"{"resources": [
              {"mode": "managed", "module": "module.m", "type": "t", "name": "n",
               "instances": [{"index_key": "a"}, {"index_key": 1}, {}]},
              {"mode": "data", "type": "d", "name": "n", "instances": [{}]}]}"#,
        )
        .unwrap();
        assert_eq!(
            state_addresses(&state),
            vec!["module.m.t.n", "module.m.t.n[\"a\"]", "module.m.t.n[1]"]
        );
    }
}
