//! The checks of the corpora recorded through the stub provider
//! (tests/corpus/providers, tests/corpus/upstream): minimod's plans and
//! refactors against what terraform planned, the `known-gaps` ratchet, and
//! the live re-recording. Each corpus's test binary says what its truth is.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

use serde_json::Value;

use super::{Case, Move, follow, moves_of, read, read_json, run};

/// One of a case's records, `expected/FILE`.
pub fn expected_json(case: &Case, file: &str) -> Value {
    read_json(&case.expected().join(file))
}

fn allows_add(case: &Case) -> bool {
    case.args.iter().any(|a| a == "--allow-add")
}

/// Every managed resource instance address a case's recorded state holds.
pub fn prior_addresses(case: &Case) -> Vec<String> {
    state_addresses(&read_json(&case.prior()))
}

/// Addresses of a version-4 state's managed resource instances, as
/// `terraform state list` prints them.
pub fn state_addresses(state: &Value) -> Vec<String> {
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

/// The moves terraform planned in a reduced plan (`proof.json`): previous
/// address to address.
pub fn planned_moves(plan: &Value) -> BTreeSet<(String, String)> {
    plan["changes"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|c| {
            Some((
                c["previous_address"].as_str()?.to_string(),
                c["address"].as_str()?.to_string(),
            ))
        })
        .collect()
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

fn first_line(s: &str) -> String {
    s.lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .unwrap_or("")
        .to_string()
}

/// `minimod plan SIDE --state expected/prior.tfstate --json` against terraform's
/// recorded plan of that side.
pub fn check_plan(case: &Case, side: &str) -> Result<(), String> {
    let out = run(
        &case.root,
        ["plan", side, "--state", "expected/prior.tfstate", "--json"],
    );
    let doc = json_of(&out)?;
    let got = actions_of(
        doc["resource_changes"]
            .as_array()
            .ok_or("no resource_changes")?,
    )?;
    let want = actions_of(
        expected_json(case, &format!("plan-{side}.json"))["changes"]
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

/// The checks run for every case, in report order.
pub const CHECKS: [&str; 4] = ["plan-old", "plan-new", "refactor-state", "refactor-nostate"];

/// One check of a case: `plan-old` and `plan-new` ([`check_plan`]), and
/// `refactor-state` and `refactor-nostate`, the corpus's refactor check
/// with and without the state.
pub fn run_check(
    case: &Case,
    check: &str,
    refactor: &dyn Fn(&Case, bool) -> Result<(), String>,
) -> Result<(), String> {
    match check {
        "plan-old" => check_plan(case, "old"),
        "plan-new" => check_plan(case, "new"),
        "refactor-state" => refactor(case, true),
        "refactor-nostate" => refactor(case, false),
        other => unreachable!("check {other}"),
    }
}

/// What a refactor must do: where each prior object must end (`end`), and
/// how many blocks do that at the coarsest (a whole call, then resources,
/// then instances); `implied`, the moves terraform makes of itself without
/// blocks (`x` to `x[0]` when `count` is added), which apply where no
/// block moves the object.
pub struct Truth<'a> {
    pub end: &'a dyn Fn(&str) -> String,
    pub coarsest: usize,
    pub implied: BTreeMap<String, String>,
}

/// `minimod refactor old new [--state expected/prior.tfstate] --json --place root`:
/// its blocks must take every prior object where the truth takes it, be no
/// more than the coarsest, its proof must count what terraform counted with
/// the key (`expected/proof.json`), and its exit code must follow from
/// terraform's counts.
pub fn check_refactor(case: &Case, with_state: bool, truth: &Truth) -> Result<(), String> {
    let mut args = vec!["refactor", "old", "new"];
    if with_state {
        args.extend(["--state", "expected/prior.tfstate"]);
    }
    args.extend(["--json", "--place", "root"]);
    args.extend(case.args.iter().map(String::as_str));
    let out = run(&case.root, &args);
    let doc = json_of(&out)?;
    let blocks: Vec<Move> = moves_of(&doc)?
        .into_iter()
        .map(|(from, to)| (from, to, ".".to_string()))
        .collect();
    let prior = prior_addresses(case);
    let wrong: Vec<String> = prior
        .iter()
        .filter_map(|a| {
            let (got, used) = follow(&blocks, a);
            let got = match truth.implied.get(a) {
                Some(to) if used.is_empty() => to.clone(),
                _ => got,
            };
            let want = (truth.end)(a);
            (want != got).then(|| format!("{a} -> {got}, not {want}"))
        })
        .collect();
    let proof = expected_json(case, "proof.json");
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
    let want_exit = if want[2] > 0 || (want[0] > 0 && !allows_add(case)) {
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
    if wrong.is_empty() && blocks.len() > truth.coarsest {
        problems.push(format!(
            "{} blocks where the key needs {}",
            blocks.len(),
            truth.coarsest
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

/// A corpus's `known-gaps`: `CASE CHECK: why` a line, '#' lines comments;
/// `valid` says what a reason must say.
pub fn known_gaps(
    path: &Path,
    valid: &dyn Fn(&str) -> Result<(), String>,
) -> BTreeMap<(String, String), String> {
    let mut gaps = BTreeMap::new();
    for line in read(path).lines() {
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
        if let Err(e) = valid(why) {
            panic!("known-gaps: {line:?}: {e}");
        }
        let prev = gaps.insert((case.to_string(), check.to_string()), why.to_string());
        assert!(prev.is_none(), "known-gaps: {head} listed twice");
    }
    gaps
}

/// Runs every check of every case against the known gaps: an unlisted
/// disagreement fails, and so does a listed check that agrees, so the
/// list can only shrink.
pub fn ratchet(
    cases: &[Case],
    checks: &[&str],
    mut gaps: BTreeMap<(String, String), String>,
    run_check: &dyn Fn(&Case, &str) -> Result<(), String>,
) {
    let mut failures = Vec::new();
    let mut agreed = 0;
    for case in cases {
        for &check in checks {
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
        cases.len() * checks.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// With `MINIMOD_LIVE=1`, re-records a corpus (`tests/record CORPUS`) with
/// terraform and the stub provider (`MINIMOD_STUBPROV`, a bootstrapped copy
/// of ../shared/tools/stubprov) into a scratch directory and fails if
/// terraform now says something else. Asked for live and missing either,
/// it fails.
pub fn live_check(
    corpus: &str,
    root: &Path,
    cases: &[Case],
    extra: &dyn Fn(&Path, &Case) -> Vec<String>,
) {
    if super::live_stubprov().is_none() {
        return;
    }
    let scratch = tempfile::tempdir().expect("temp dir");
    super::record(corpus, scratch.path());
    let mut files = vec![PathBuf::from("schemas.json")];
    for case in cases {
        for f in ["plan-old.json", "plan-new.json", "proof.json"] {
            files.push(Path::new(&case.name).join("expected").join(f));
        }
    }
    files.retain(|f| scratch.path().join(f).exists() || root.join(f).exists());
    let mut failures = Vec::new();
    for file in files {
        let fresh = fs::read_to_string(scratch.path().join(&file)).ok();
        let committed = fs::read_to_string(root.join(&file)).ok();
        if fresh != committed {
            failures.push(format!("{} differs", file.display()));
        }
    }
    // The stub invents ids, so states differ in values; their objects must not.
    for case in cases {
        let fresh = read_json(
            &scratch
                .path()
                .join(&case.name)
                .join("expected/prior.tfstate"),
        );
        if state_addresses(&fresh) != prior_addresses(case) {
            failures.push(format!(
                "{}/expected/prior.tfstate holds other objects",
                case.name
            ));
        }
        failures.extend(extra(scratch.path(), case));
    }
    assert!(
        failures.is_empty(),
        "terraform no longer agrees with the records:\n{}",
        failures.join("\n")
    );
}

/// A command's stdout as JSON, or what it printed instead.
fn json_of(out: &std::process::Output) -> Result<Value, String> {
    serde_json::from_slice(&out.stdout).map_err(|e| {
        format!(
            "exit {:?}, stdout not JSON ({e}): {}",
            out.status.code(),
            first_line(&String::from_utf8_lossy(&out.stderr))
        )
    })
}

/// A corpus's `schemas.json` must hold provider schemas (for `--schemas`).
pub fn schemas_missing(root: &Path) -> Option<String> {
    let schemas = read_json(&root.join("schemas.json"));
    let none = schemas["provider_schemas"]
        .as_object()
        .is_none_or(|p| p.is_empty());
    none.then(|| "schemas.json has no provider_schemas".to_string())
}
