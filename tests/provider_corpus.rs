//! The real-provider corpus (tests/corpus/providers, see its README.md):
//! real public modules applied by terraform 1.11 through the stub provider,
//! refactored, with terraform's answers recorded by record.sh. minimod must
//! say what terraform said, for plain plans of both sides and for the
//! refactor with and without the state.
//!
//! It is a ratchet: a check minimod gets wrong today is listed in
//! `known-gaps` (issue 8). An unlisted disagreement fails, and so does a
//! listed check that now agrees, so the list can only shrink.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

use common::{
    Case, Move, copy_tree, follow, parse_moves, read, read_json, repo_root, run, unified_diff,
    write_file,
};
use serde_json::Value;

/// The corpus must keep covering at least this many refactors.
const MIN_CASES: usize = 9;

/// The checks run for every case, in report order.
const CHECKS: [&str; 7] = [
    "plan-old",
    "plan-new",
    "refactor-state",
    "refactor-nostate",
    "outputs-old",
    "outputs-new",
    "outputs-proof",
];

fn corpus_root() -> PathBuf {
    repo_root().join("tests/corpus/providers")
}

impl Case {
    fn expected_json(&self, file: &str) -> Value {
        read_json(&self.expected().join(file))
    }
    fn allows_add(&self) -> bool {
        self.args.iter().any(|a| a == "--allow-add")
    }
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
    /// Every managed resource instance address the recorded state holds.
    fn prior_addresses(&self) -> Vec<String> {
        state_addresses(&read_json(&self.prior()))
    }
}

fn cases() -> Vec<Case> {
    common::cases(&corpus_root())
}

/// Addresses of a version-4 state's managed resource instances, as
/// `terraform state list` prints them.
fn state_addresses(state: &Value) -> Vec<String> {
    let mut out = Vec::new();
    for r in state["resources"].as_array().into_iter().flatten() {
        if r["mode"] != "managed" {
            continue;
        }
        let module = r["module"]
            .as_str()
            .map(|m| format!("{m}."))
            .unwrap_or_default();
        let base = format!(
            "{module}{}.{}",
            r["type"].as_str().unwrap_or_default(),
            r["name"].as_str().unwrap_or_default()
        );
        for i in r["instances"].as_array().into_iter().flatten() {
            out.push(match &i["index_key"] {
                Value::Null => base.clone(),
                Value::String(s) => format!("{base}[{}]", Value::String(s.clone())),
                other => format!("{base}[{other}]"),
            });
        }
    }
    out.sort();
    out
}

/// One planned action: address, actions, previous address. Plain no-ops
/// are left out on both sides.
type Action = (String, Vec<String>, Option<String>);

fn actions_of(list: &[Value]) -> Result<BTreeSet<Action>, String> {
    let mut out = BTreeSet::new();
    for rc in list {
        let address = rc["address"]
            .as_str()
            .ok_or(format!("no address in {rc}"))?
            .to_string();
        let actions: Vec<String> = rc
            .pointer("/change/actions")
            .or_else(|| rc.get("actions"))
            .and_then(Value::as_array)
            .ok_or(format!("{address}: no actions"))?
            .iter()
            .map(|a| a.as_str().unwrap_or_default().to_string())
            .collect();
        let previous = rc["previous_address"].as_str().map(String::from);
        if actions == ["no-op"] && previous.is_none() {
            continue;
        }
        // Why a read waits for apply is part of what terraform decided.
        let mut actions = actions;
        if actions == ["read"]
            && let Some(reason) = rc["action_reason"].as_str()
        {
            actions.push(format!("({reason})"));
        }
        out.insert((address, actions, previous));
    }
    Ok(out)
}

fn show(a: &Action) -> String {
    let from =
        a.2.as_ref()
            .map(|p| format!(" (from {p})"))
            .unwrap_or_default();
    format!("{} {}{from}", a.1.join(","), a.0)
}

/// `minimod plan SIDE --state expected/prior.tfstate --json` against terraform's
/// recorded plan of that side.
fn check_plan(case: &Case, side: &str) -> Result<(), String> {
    let out = run(
        &case.root,
        &["plan", side, "--state", "expected/prior.tfstate", "--json"],
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    let doc: Value = serde_json::from_slice(&out.stdout).map_err(|e| {
        format!(
            "exit {:?}, stdout not JSON ({e}): {}",
            out.status.code(),
            first_line(&stderr)
        )
    })?;
    let got = actions_of(
        doc["resource_changes"]
            .as_array()
            .ok_or("no resource_changes")?,
    )?;
    let want = actions_of(
        case.expected_json(&format!("plan-{side}.json"))["changes"]
            .as_array()
            .ok_or("recorded plan has no changes")?,
    )?;
    if got == want {
        return Ok(());
    }
    let extra: Vec<String> = got.difference(&want).map(show).collect();
    let missing: Vec<String> = want.difference(&got).map(show).collect();
    Err(format!(
        "minimod plans {} action(s) terraform does not (e.g. {}); terraform plans {} minimod does not (e.g. {})",
        extra.len(),
        extra.first().map_or("-", String::as_str),
        missing.len(),
        missing.first().map_or("-", String::as_str),
    ))
}

fn first_line(s: &str) -> String {
    s.lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .unwrap_or("")
        .to_string()
}

/// `minimod refactor old new [--state expected/prior.tfstate] --json --place root`:
/// its blocks must take every prior object where the answer key takes it,
/// be no more than the key's, its proof must count what terraform counted
/// with the key, and its exit code must follow from terraform's counts.
fn check_refactor(case: &Case, with_state: bool) -> Result<(), String> {
    let mut args = vec!["refactor", "old", "new"];
    if with_state {
        args.extend(["--state", "expected/prior.tfstate"]);
    }
    args.extend(["--json", "--place", "root"]);
    args.extend(case.args.iter().map(String::as_str));
    let out = run(&case.root, &args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let doc: Value = serde_json::from_slice(&out.stdout).map_err(|e| {
        format!(
            "exit {:?}, stdout not JSON ({e}): {}",
            out.status.code(),
            first_line(&stderr)
        )
    })?;
    let blocks: Vec<Move> = doc["moves"]
        .as_array()
        .ok_or("no moves")?
        .iter()
        .map(|m| {
            (
                m["from"].as_str().unwrap_or_default().to_string(),
                m["to"].as_str().unwrap_or_default().to_string(),
                ".".to_string(),
            )
        })
        .collect();
    let key = case.key();
    let prior = case.prior_addresses();
    let wrong: Vec<String> = prior
        .iter()
        .filter_map(|a| {
            let (want, got) = (follow(&key, a).0, follow(&blocks, a).0);
            (want != got).then(|| format!("{a} -> {got}, not {want}"))
        })
        .collect();
    let proof = case.expected_json("proof.json");
    let count = |v: &Value, k: &str| v[k].as_u64().unwrap_or(u64::MAX);
    let want = [
        count(&proof, "add"),
        count(&proof, "change"),
        count(&proof, "destroy"),
    ];
    let got = [
        count(&doc["plan"], "add"),
        count(&doc["plan"], "change"),
        count(&doc["plan"], "destroy"),
    ];
    let want_exit = if want[2] > 0 || (want[0] > 0 && !case.allows_add()) {
        1
    } else {
        0
    };
    let mut problems = Vec::new();
    if !wrong.is_empty() {
        let unmatched = doc["unmatched"].as_array().map_or(0, Vec::len);
        problems.push(format!(
            "{} of {} objects not moved as the key moves them (e.g. {}); {} blocks, {unmatched} unmatched",
            wrong.len(),
            prior.len(),
            wrong[0],
            blocks.len()
        ));
    }
    // The key is the coarsest true set (a whole call, then resources, then
    // instances): more blocks for the same effect are finer than needed.
    if wrong.is_empty() && blocks.len() > key.len() {
        problems.push(format!(
            "{} blocks where the key needs {}",
            blocks.len(),
            key.len()
        ));
    }
    if got != want {
        problems.push(format!(
            "proof plans add/change/destroy {got:?}, terraform {want:?}"
        ));
    }
    if out.status.code() != Some(want_exit) {
        problems.push(format!("exit {:?}, want {want_exit}", out.status.code()));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("; "))
    }
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
    let args = ["plan", side, "--state", "expected/prior.tfstate"];
    let text = String::from_utf8_lossy(&run(&root, args).stdout).into_owned();
    let out = run(&root, args.iter().copied().chain(["--json"]));
    let doc: Value = serde_json::from_slice(&out.stdout)
        .map_err(|e| format!("exit {:?}, stdout not JSON ({e})", out.status.code()))?;
    let mut problems = Vec::new();
    let want = case.expected_json(&format!("{record}.json"))["outputs"].clone();
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
        problems.push(format!(
            "output_changes differ for {} output(s) (e.g. {}: minimod {}, terraform {})",
            differ.len(),
            differ[0],
            got.get(&differ[0]).unwrap_or(&Value::Null),
            want.get(&differ[0]).unwrap_or(&Value::Null),
        ));
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
        "plan-old" => check_plan(case, "old"),
        "plan-new" => check_plan(case, "new"),
        "refactor-state" => check_refactor(case, true),
        "refactor-nostate" => check_refactor(case, false),
        "outputs-old" => check_outputs(case, "old"),
        "outputs-new" => check_outputs(case, "new"),
        "outputs-proof" => check_outputs(case, "proof"),
        other => unreachable!("check {other}"),
    }
}

/// known-gaps: `CASE CHECK: what minimod does; what terraform says (issue 8)`
/// a line; '#' lines are comments.
fn known_gaps() -> BTreeMap<(String, String), String> {
    let mut gaps = BTreeMap::new();
    for line in read(&corpus_root().join("known-gaps")).lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (head, why) = line
            .split_once(": ")
            .unwrap_or_else(|| panic!("known-gaps: no ': ' in {line:?}"));
        let (case, check) = head
            .split_once(' ')
            .unwrap_or_else(|| panic!("known-gaps: not CASE CHECK in {line:?}"));
        assert!(
            why.contains("issue 8"),
            "known-gaps: {line:?} does not point at issue 8"
        );
        let prev = gaps.insert((case.to_string(), check.to_string()), why.to_string());
        assert!(prev.is_none(), "known-gaps: {head} listed twice");
    }
    gaps
}

#[test]
fn minimod_agrees_with_terraform_or_the_gap_is_known() {
    let cases = cases();
    assert!(cases.len() >= MIN_CASES, "only {} cases", cases.len());
    let mut gaps = known_gaps();
    let mut failures = Vec::new();
    let mut agreed = 0;
    for case in &cases {
        for check in CHECKS {
            let listed = gaps.remove(&(case.name.clone(), check.to_string()));
            match (run_check(case, check), listed) {
                (Ok(()), None) => agreed += 1,
                (Err(e), Some(_)) => eprintln!("known gap: {} {check}: {e}", case.name),
                (Err(e), None) => failures.push(format!(
                    "{} {check}: disagrees with terraform and is not in known-gaps: {e}",
                    case.name
                )),
                (Ok(()), Some(_)) => failures.push(format!(
                    "{} {check}: now agrees with terraform: remove it from known-gaps",
                    case.name
                )),
            }
        }
    }
    for (case, check) in gaps.keys() {
        failures.push(format!(
            "known-gaps lists {case} {check}, which is no check of the corpus"
        ));
    }
    eprintln!(
        "{agreed} of {} checks agree with terraform",
        cases.len() * CHECKS.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
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
        ] {
            if !case.root.join(file).is_file() {
                fail(format!("no {file}"));
            }
        }
        if !case.root.join("expected/proof.json").is_file() {
            continue;
        }
        let old = case.expected_json("plan-old.json");
        if old["changes"].as_array().is_none_or(|c| !c.is_empty()) {
            fail(format!(
                "terraform plans changes for old/: {}",
                old["changes"]
            ));
        }
        let proof = case.expected_json("proof.json");
        if proof["destroy"] != 0 {
            fail(format!("the key leaves {} destroyed", proof["destroy"]));
        }
        // Every prior object is either moved by the key or kept, as terraform
        // planned it: its moves are exactly the key's effect.
        let key = case.key();
        let want: BTreeSet<(String, String)> = case
            .prior_addresses()
            .iter()
            .map(|a| (a.clone(), follow(&key, a).0))
            .filter(|(a, b)| a != b)
            .collect();
        let got: BTreeSet<(String, String)> = proof["changes"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|c| {
                Some((
                    c["previous_address"].as_str()?.to_string(),
                    c["address"].as_str()?.to_string(),
                ))
            })
            .collect();
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
    let schemas = read_json(&root.join("schemas.json"));
    if schemas["provider_schemas"]
        .as_object()
        .is_none_or(|p| p.is_empty())
    {
        failures.push("schemas.json has no provider_schemas".into());
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The recorded files terraform's answers live in, relative to a corpus.
fn recorded_files(root: &Path) -> Vec<PathBuf> {
    let mut files = vec![PathBuf::from("schemas.json")];
    for case in cases() {
        for f in ["plan-old.json", "plan-new.json", "proof.json"] {
            files.push(Path::new(&case.name).join("expected").join(f));
        }
    }
    files.retain(|f| root.join(f).exists() || corpus_root().join(f).exists());
    files
}

/// With `MINIMOD_LIVE=1`, re-records the corpus with terraform and the stub
/// provider (`MINIMOD_STUBPROV`, a bootstrapped copy of
/// ../shared/tools/stubprov) into a scratch directory and fails if terraform
/// now says something else. Asked for live and missing either, it fails.
#[test]
fn live_terraform_agrees_with_records() {
    if common::live_stubprov().is_none() {
        return;
    }
    let scratch = tempfile::tempdir().expect("temp dir");
    common::record("providers", scratch.path());
    let mut failures = Vec::new();
    for file in recorded_files(scratch.path()) {
        let fresh = fs::read_to_string(scratch.path().join(&file)).ok();
        let committed = fs::read_to_string(corpus_root().join(&file)).ok();
        if fresh != committed {
            failures.push(format!("{} differs", file.display()));
        }
    }
    // The stub invents ids, so states and the outputs' texts differ in
    // values; their objects and the texts' shapes must not.
    let shape = |text: Option<String>| text.map(|t| mask_strings(&t));
    for case in cases() {
        for record in ["plan-old", "plan-new", "proof"] {
            let file = Path::new(&case.name).join(format!("expected/{record}.outputs.txt"));
            let fresh = shape(fs::read_to_string(scratch.path().join(&file)).ok());
            if fresh != shape(fs::read_to_string(corpus_root().join(&file)).ok()) {
                failures.push(format!("{} differs beyond its values", file.display()));
            }
        }
        let fresh = read_json(
            &scratch
                .path()
                .join(&case.name)
                .join("expected/prior.tfstate"),
        );
        if state_addresses(&fresh) != case.prior_addresses() {
            failures.push(format!(
                "{}/expected/prior.tfstate holds other objects",
                case.name
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "terraform no longer agrees with the records:\n{}",
        failures.join("\n")
    );
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
