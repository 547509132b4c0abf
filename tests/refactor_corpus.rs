//! The refactor corpus: `minimod refactor` must find the moved blocks of every
//! case in fixtures/refactors (see its README.md) and its answer keys must
//! agree with what terraform 1.11 recorded.
//!
//! minimod runs as `minimod refactor old new [--state expected/prior.tfstate]
//! --json ARGS` with the case directory as the working directory, so every
//! path (and `-var-file` in ARGS) is relative to it.

mod common;

use std::collections::BTreeSet;
use std::fs;
use std::path::{Component, Path, PathBuf};

use common::{
    Case, Move, apply_block, follow, lines_of, parse_moves, read, read_json, repo_root, run,
    strings, terraform,
};
use serde_json::Value;

/// The corpus must keep covering at least this many refactors.
const MIN_CASES: usize = 22;

fn corpus_root() -> PathBuf {
    repo_root().join("fixtures/refactors")
}

/// One unmatched address: action, address, reason.
type Unmatched = (String, String, String);

impl Case {
    /// terraform can run it offline (it has a recorded state and proof):
    /// not the provider cases, and not the ones terraform itself cannot
    /// plan (unknown-keys*, whose plan errors are recorded instead).
    fn is_recorded(&self) -> bool {
        !self.name.starts_with("aws-") && !self.is_unplannable()
    }
    fn is_unplannable(&self) -> bool {
        self.name.starts_with("unknown-keys")
    }
    fn moves(&self) -> BTreeSet<Move> {
        self.moves_in("moves.txt")
            .expect("every case has moves.txt")
    }
    /// The answer key when every block must go in the root (`--place root`),
    /// for the cases where that differs from `moves.txt`.
    fn moves_place_root(&self) -> Option<BTreeSet<Move>> {
        self.moves_in("moves-place-root.txt")
    }
    fn moves_in(&self, file: &str) -> Option<BTreeSet<Move>> {
        let path = self.expected().join(file);
        path.exists().then(|| {
            parse_moves(&read(&path))
                .map(BTreeSet::from_iter)
                .unwrap_or_else(|e| panic!("{}: {file}: {e}", self.name))
        })
    }
    fn unmatched(&self) -> BTreeSet<Unmatched> {
        parse_unmatched(&read(&self.expected().join("unmatched.txt")))
            .unwrap_or_else(|e| panic!("{}: unmatched.txt: {e}", self.name))
    }
    fn exit(&self) -> i32 {
        let text = read(&self.expected().join("exit"));
        text.trim()
            .parse()
            .unwrap_or_else(|e| panic!("{}: exit {text:?}: {e}", self.name))
    }
    fn secrets(&self) -> Vec<String> {
        lines_of(&self.expected().join("secrets.txt"))
    }
    fn same_without_state(&self) -> bool {
        !self.expected().join("needs-state").exists()
    }
    fn allows_add(&self) -> bool {
        self.args.iter().any(|a| a == "--allow-add")
    }
    /// The args terraform understands (-var, -var-file made absolute); the
    /// others are minimod's own.
    fn terraform_args(&self) -> Vec<String> {
        self.args
            .iter()
            .filter_map(|a| {
                if let Some(path) = a.strip_prefix("-var-file=") {
                    Some(format!("-var-file={}", self.root.join(path).display()))
                } else if a.starts_with("-var=") {
                    Some(a.clone())
                } else {
                    None
                }
            })
            .collect()
    }
}

/// Every case directory (one with old/), in name order.
fn cases() -> Vec<Case> {
    common::cases(&corpus_root())
}

/// unmatched.txt: `ACTION ADDRESS REASON` (the address may hold spaces).
fn parse_unmatched(text: &str) -> Result<BTreeSet<Unmatched>, String> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(|line| {
            let (action, rest) = line.split_once(' ').ok_or(format!("short: {line:?}"))?;
            let (address, reason) = rest.rsplit_once(' ').ok_or(format!("short: {line:?}"))?;
            if !["destroy", "create"].contains(&action) {
                return Err(format!("action {action:?} in {line:?}"));
            }
            if ![
                "differs",
                "ambiguous",
                "no-counterpart",
                "blocked",
                "unknown-keys",
            ]
            .contains(&reason)
            {
                return Err(format!("reason {reason:?} in {line:?}"));
            }
            Ok((action.into(), address.into(), reason.into()))
        })
        .collect()
}

/// Drops `.` components and resolves `..` lexically.
fn lexical(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// The directory of a reported `file`, relative to the new configuration
/// `new_dir` (absolute). `file` may be absolute or relative to `cwd`.
fn file_dir(file: &str, cwd: &Path, new_dir: &Path) -> String {
    let path = lexical(&cwd.join(file));
    let dir = path.parent().unwrap_or(Path::new(""));
    match dir.strip_prefix(lexical(new_dir)) {
        Ok(rel) if rel.as_os_str().is_empty() => ".".into(),
        Ok(rel) => rel.to_string_lossy().replace('\\', "/"),
        Err(_) => format!("outside new/: {file}"),
    }
}

/// `minimod refactor old new [--state prior] --json ARGS` in the case dir.
fn refactor_args(case: &Case, with_state: bool, json: bool) -> Vec<String> {
    let mut args: Vec<String> = vec!["refactor".into(), "old".into(), "new".into()];
    if with_state {
        args.extend(["--state".into(), "expected/prior.tfstate".into()]);
    }
    if json {
        args.push("--json".into());
    }
    args.extend(case.args.iter().cloned());
    args
}

/// What a `--json` run reported.
struct Report {
    moves: BTreeSet<Move>,
    unmatched: BTreeSet<Unmatched>,
    /// Each unmatched entry with the candidates it names.
    candidates: Vec<(Unmatched, Vec<String>)>,
    plan: (u64, u64, u64),
}

fn parse_report(stdout: &str, cwd: &Path, new_dir: &Path) -> Result<Report, String> {
    let doc: Value = serde_json::from_str(stdout).map_err(|e| format!("stdout not JSON: {e}"))?;
    let text = |v: &Value, k: &str| -> Result<String, String> {
        v.get(k)
            .and_then(Value::as_str)
            .map(String::from)
            .ok_or(format!("no string {k:?} in {v}"))
    };
    let mut moves = BTreeSet::new();
    for m in doc["moves"].as_array().ok_or("no moves array")? {
        let file = text(m, "file")?;
        moves.insert((
            text(m, "from")?,
            text(m, "to")?,
            file_dir(&file, cwd, new_dir),
        ));
    }
    let mut unmatched = BTreeSet::new();
    let mut candidates = Vec::new();
    for u in doc["unmatched"].as_array().ok_or("no unmatched array")? {
        let entry = (text(u, "action")?, text(u, "address")?, text(u, "reason")?);
        let named = u["candidates"]
            .as_array()
            .ok_or(format!("no candidates array in {u}"))?
            .iter()
            .map(|c| c.as_str().map(String::from).ok_or(format!("candidate {c}")))
            .collect::<Result<Vec<_>, _>>()?;
        candidates.push((entry.clone(), named));
        unmatched.insert(entry);
    }
    let count = |k: &str| doc["plan"][k].as_u64().ok_or(format!("no plan.{k}"));
    Ok(Report {
        moves,
        unmatched,
        candidates,
        plan: (count("add")?, count("change")?, count("destroy")?),
    })
}

/// What `want` has and `got` lacks ("missing"), and the reverse ("unexpected").
fn set_diff<T: Ord + std::fmt::Debug>(want: &BTreeSet<T>, got: &BTreeSet<T>) -> Vec<String> {
    want.difference(got)
        .map(|x| format!("missing {x:?}"))
        .chain(got.difference(want).map(|x| format!("unexpected {x:?}")))
        .collect()
}

/// The candidates an unmatched entry names must fit its reason: `differs`
/// names what it was compared with and `ambiguous` the objects it could not
/// choose between, all of them unmatched addresses of the other action;
/// `no-counterpart` names none.
fn candidates_fit(
    entry: &Unmatched,
    named: &[String],
    expected: &BTreeSet<Unmatched>,
) -> Result<(), String> {
    let (action, _, reason) = entry;
    let least = match reason.as_str() {
        "differs" => 1,
        "ambiguous" => 2,
        _ if named.is_empty() => return Ok(()),
        _ => return Err(format!("no-counterpart but candidates {named:?}")),
    };
    if named.len() < least {
        return Err(format!(
            "{reason} needs at least {least} candidates, got {named:?}"
        ));
    }
    let other_side: BTreeSet<&str> = expected
        .iter()
        .filter(|u| u.0 != *action)
        .map(|u| u.1.as_str())
        .collect();
    match named.iter().find(|c| !other_side.contains(c.as_str())) {
        Some(c) => Err(format!(
            "candidate {c} is not an unmatched {}",
            opposite(action)
        )),
        None => Ok(()),
    }
}

fn opposite(action: &str) -> &'static str {
    if action == "destroy" {
        "create"
    } else {
        "destroy"
    }
}

/// Private-use characters minimod once used as stand-ins for values known
/// only after apply: no report may ever show one (nor may one reach a
/// function, key or count).
///
/// Either the characters themselves or their escapes (`\ue000`), as the
/// console form quotes them, or the text the stand-in prior state holds
/// for a value known only after apply.
fn has_marker(text: &str) -> bool {
    let lower = text.to_lowercase();
    text.chars().any(|c| ('\u{E000}'..='\u{E002}').contains(&c))
        || text.contains("(known after apply: ")
        || ["\\ue000", "\\ue001", "\\ue002"]
            .iter()
            .any(|e| lower.contains(e))
}

/// Runs one mode of a case and records every mismatch.
fn check_refactor(case: &Case, with_state: bool, failures: &mut Vec<String>) {
    let mode = if with_state { "--state" } else { "no state" };
    let mut fail = |what: String| failures.push(format!("{} ({mode}): {what}", case.name));
    let out = run(&case.root, refactor_args(case, with_state, true));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    if has_marker(&stdout) || has_marker(&stderr) {
        fail(format!(
            "a stand-in marker in the report:\n{stdout}\n{stderr}"
        ));
    }
    for secret in case.secrets() {
        if stdout.contains(&secret) || stderr.contains(&secret) {
            fail(format!("printed the sensitive value {secret:?}"));
        }
    }
    if out.status.code() != Some(case.exit()) {
        fail(format!(
            "exit {:?}, want {}",
            out.status.code(),
            case.exit()
        ));
    }
    let report = match parse_report(&stdout, &case.root, &case.root.join("new")) {
        Ok(r) => r,
        Err(e) => return fail(format!("{e}; stderr:\n{stderr}")),
    };
    for d in set_diff(&case.moves(), &report.moves) {
        fail(format!("move {d}"));
    }
    for d in set_diff(&case.unmatched(), &report.unmatched) {
        fail(format!("unmatched {d}"));
    }
    for (entry, named) in &report.candidates {
        if let Err(e) = candidates_fit(entry, named, &case.unmatched()) {
            fail(format!("{entry:?}: {e}"));
        }
    }
    // The planner's proof must count what terraform counted for the answer key.
    let proof = case.expected().join("proof.json");
    if with_state && proof.exists() {
        let p = read_json(&proof);
        let want = (
            p["add"].as_u64().unwrap(),
            p["change"].as_u64().unwrap(),
            p["destroy"].as_u64().unwrap(),
        );
        if report.plan != want {
            fail(format!(
                "plan (add, change, destroy) {:?}, terraform {want:?}",
                report.plan
            ));
        }
    }
}

/// The human form: every expected block printed as `terraform fmt` would.
fn check_human_output(case: &Case, failures: &mut Vec<String>) {
    let with_state = case.prior().exists();
    let out = run(&case.root, refactor_args(case, with_state, false));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    if has_marker(&stdout) || has_marker(&stderr) {
        failures.push(format!(
            "{} (human): a stand-in marker in the report:\n{stderr}",
            case.name
        ));
    }
    for secret in case.secrets() {
        if stdout.contains(&secret) || stderr.contains(&secret) {
            failures.push(format!("{} (human): printed {secret:?}", case.name));
        }
    }
    if out.status.code() != Some(case.exit()) {
        failures.push(format!(
            "{} (human): exit {:?}, want {}",
            case.name,
            out.status.code(),
            case.exit()
        ));
    }
    for (from, to, _) in case.moves() {
        let block = format!("moved {{\n  from = {from}\n  to   = {to}\n}}\n");
        if !stdout.contains(&block) {
            failures.push(format!("{} (human): stdout lacks\n{block}", case.name));
        }
    }
    for (action, address, _) in case.unmatched() {
        if !stderr.contains(&address) {
            failures.push(format!(
                "{} (human): stderr doesn't report {action} {address}",
                case.name
            ));
        }
    }
}

#[test]
fn refactor_finds_the_expected_moves() {
    let mut failures = Vec::new();
    for case in cases() {
        // Answer-key-only cases have no state: the pull-request mode is
        // their only mode.
        if case.prior().exists() {
            check_refactor(&case, true, &mut failures);
        }
        if case.same_without_state() || !case.prior().exists() {
            check_refactor(&case, false, &mut failures);
        }
        check_human_output(&case, &mut failures);
    }
    assert!(
        failures.is_empty(),
        "{} mismatches:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn refactor_without_allow_add_refuses_new_objects() {
    // The same case as adds-new-resource, minus --allow-add: still one
    // block and one unmatched create, but not proven.
    let case = cases()
        .into_iter()
        .find(|c| c.name == "adds-new-resource")
        .expect("adds-new-resource case");
    let args: Vec<String> = refactor_args(&case, true, true)
        .into_iter()
        .filter(|a| a != "--allow-add")
        .collect();
    let out = run(&case.root, &args);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report = parse_report(
        &String::from_utf8_lossy(&out.stdout),
        &case.root,
        &case.root.join("new"),
    )
    .unwrap();
    assert_eq!(report.moves, case.moves());
    assert_eq!(report.unmatched, case.unmatched());
}

#[test]
fn place_root_keeps_every_block_in_the_root() {
    let mut failures = Vec::new();
    for case in cases() {
        let Some(want) = case.moves_place_root() else {
            continue;
        };
        let mut args = refactor_args(&case, case.prior().exists(), true);
        args.extend(["--place".into(), "root".into()]);
        let out = run(&case.root, &args);
        match parse_report(
            &String::from_utf8_lossy(&out.stdout),
            &case.root,
            &case.root.join("new"),
        ) {
            Ok(r) => failures.extend(
                set_diff(&want, &r.moves)
                    .into_iter()
                    .map(|d| format!("{}: {d}", case.name)),
            ),
            Err(e) => failures.push(format!("{}: {e}", case.name)),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `--format json --write` writes the blocks as a `moved.tf.json` document
/// (`{"moved": [{"from", "to"}]}`, the JSON syntax terraform reads) next to
/// the code, and no HCL file.
#[test]
fn format_json_writes_moved_tf_json() {
    let case = corpus_root().join("hcl-to-json");
    let scratch = tempfile::tempdir().expect("temp dir");
    let new = scratch.path().join("new");
    common::copy_tree(&case.join("new"), &new);
    let args = strings(&[
        "refactor",
        "old",
        &new.display().to_string(),
        "--state",
        "expected/prior.tfstate",
        "--format",
        "json",
        "--write",
    ]);
    let out = run(&case, &args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        !new.join("moved.tf").exists(),
        "wrote HCL despite --format json"
    );
    let doc = read_json(&new.join("moved.tf.json"));
    assert_eq!(
        doc,
        serde_json::json!({"moved": [
            {"from": "terraform_data.notes", "to": "terraform_data.changelog"}
        ]})
    );
}

/// Bad input is exit 2, not 1 (which means "could not prove").
#[test]
fn bad_input_exits_2() {
    let scratch = tempfile::tempdir().expect("temp dir");
    let broken = scratch.path().join("broken");
    fs::create_dir_all(&broken).unwrap();
    fs::write(broken.join("main.tf"), "resource \"terraform_data\" {\n").unwrap();
    let case = corpus_root().join("rename-resource");
    let table: [(&str, Vec<String>); 4] = [
        (
            "missing NEW dir",
            strings(&["refactor", "old", "no-such-dir"]),
        ),
        (
            "NEW that does not parse",
            strings(&["refactor", "old", &broken.display().to_string()]),
        ),
        (
            "missing state file",
            strings(&["refactor", "old", "new", "--state", "no-such.tfstate"]),
        ),
        (
            "unknown --place",
            strings(&["refactor", "old", "new", "--place", "sideways"]),
        ),
    ];
    for (what, args) in table {
        let out = run(&case, &args);
        assert_eq!(
            out.status.code(),
            Some(2),
            "{what}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

/// (add, change, destroy, moves) of `terraform show -json` of a saved plan.
fn summarize_plan(doc: &Value) -> ((u64, u64, u64), BTreeSet<(String, String)>) {
    let changes = doc["resource_changes"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let count = |action: &str| {
        changes
            .iter()
            .filter(|c| {
                c["change"]["actions"]
                    .as_array()
                    .is_some_and(|a| a.iter().any(|x| x == action))
            })
            .count() as u64
    };
    let moves = changes
        .iter()
        .filter_map(|c| {
            Some((
                c["previous_address"].as_str()?.to_string(),
                c["address"].as_str()?.to_string(),
            ))
        })
        .collect();
    ((count("create"), count("update"), count("delete")), moves)
}

fn proof_summary(proof: &Value) -> ((u64, u64, u64), BTreeSet<(String, String)>) {
    let n = |k: &str| proof[k].as_u64().unwrap();
    let moves = common::moves_of(proof).unwrap().into_iter().collect();
    ((n("add"), n("change"), n("destroy")), moves)
}

/// Who writes the moved blocks into the copy of new/ before terraform plans.
#[derive(Clone, Copy, PartialEq)]
enum Blocks {
    /// `minimod refactor --write`.
    Minimod,
    /// The answer key itself (checks the harness and the key, no minimod).
    AnswerKey,
    /// The `--place root` answer key, for the cases that have one.
    AnswerKeyPlaceRoot,
}

/// Writes expected/moves.txt as moved blocks, a moved.tf per directory.
fn write_answer_key(moves: &BTreeSet<Move>, new: &Path) -> Result<(), String> {
    let mut files: std::collections::BTreeMap<&str, String> = Default::default();
    for (from, to, dir) in moves {
        files
            .entry(dir)
            .or_default()
            .push_str(&format!("moved {{\n  from = {from}\n  to   = {to}\n}}\n\n"));
    }
    for (dir, text) in files {
        fs::write(new.join(dir).join("moved.tf"), text).map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// Applies old/, has the moved blocks written into a copy of new/ (by
/// minimod or from the answer key), and has terraform plan the result.
fn prove_live(case: &Case, scratch: &Path, blocks: Blocks) -> Result<(), String> {
    let old = scratch.join("old");
    let new = scratch.join("new");
    common::copy_tree(&case.root.join("old"), &old);
    common::copy_tree(&case.root.join("new"), &new);
    let tf_args = case.terraform_args();
    terraform(&old, strings(&["init", "-input=false", "-no-color"]))?;
    let mut apply = strings(&["apply", "-auto-approve", "-input=false", "-no-color"]);
    apply.extend(tf_args.iter().cloned());
    terraform(&old, &apply)?;

    let state = old.join("terraform.tfstate");
    if blocks == Blocks::AnswerKey {
        write_answer_key(&case.moves(), &new)?;
    } else if blocks == Blocks::AnswerKeyPlaceRoot {
        write_answer_key(&case.moves_place_root().unwrap_or_default(), &new)?;
    } else {
        let mut args = vec![
            "refactor".to_string(),
            old.display().to_string(),
            new.display().to_string(),
            "--state".into(),
            state.display().to_string(),
            "--write".into(),
        ];
        args.extend(case.args.iter().cloned());
        // Blocks for the pairs found are written even when some addresses
        // stay unmatched (exit 1).
        let out = run(&case.root, &args);
        if out.status.code() != Some(case.exit()) {
            return Err(format!(
                "minimod --write exit {:?}: {}",
                out.status.code(),
                String::from_utf8_lossy(&out.stderr)
            ));
        }
    }

    fs::copy(&state, new.join("terraform.tfstate")).map_err(|e| e.to_string())?;
    terraform(&new, strings(&["init", "-input=false", "-no-color"]))?;
    let saved = scratch.join("p");
    let mut plan = strings(&["plan", "-refresh=false", "-input=false", "-no-color"]);
    plan.extend(tf_args);
    plan.push(format!("-out={}", saved.display()));
    terraform(&new, &plan)?;
    let shown = terraform(
        &new,
        strings(&["show", "-json", &saved.display().to_string()]),
    )?;
    let doc: Value = serde_json::from_slice(&shown.stdout).map_err(|e| e.to_string())?;
    let got = summarize_plan(&doc);
    let want = proof_summary(&read_json(&case.expected().join("proof.json")));
    if got != want {
        return Err(format!(
            "terraform planned {got:?}, the answer key {want:?}"
        ));
    }
    Ok(())
}

#[test]
fn proofs_hold_in_terraform() {
    if !common::live() {
        return;
    }
    live_proofs(Blocks::Minimod);
}

/// The same live run with the answer key's blocks: re-checks every key (and
/// this harness) against terraform without minimod.
#[test]
fn answer_keys_hold_in_terraform() {
    if !common::live() {
        return;
    }
    live_proofs(Blocks::AnswerKey);
    live_proofs(Blocks::AnswerKeyPlaceRoot);
}

/// The unknown-keys cases: terraform still stops where record.sh saw it
/// stop, with the same errors, on each side planned without a state.
#[test]
fn unknown_keys_errors_hold_in_terraform() {
    if !common::live() {
        return;
    }
    let mut failures = Vec::new();
    for case in cases().into_iter().filter(Case::is_unplannable) {
        let recorded = lines_of(&case.expected().join("terraform-errors.txt"));
        let mut got = Vec::new();
        for side in ["old", "new"] {
            let scratch = tempfile::tempdir().expect("temp dir");
            common::copy_tree(&case.root.join(side), scratch.path());
            if let Err(e) = terraform(
                scratch.path(),
                strings(&["init", "-input=false", "-no-color"]),
            ) {
                failures.push(format!("{}: {e}", case.name));
                continue;
            }
            let out = common::terraform_command(scratch.path())
                .args(["plan", "-input=false", "-no-color"])
                .output()
                .expect("terraform runs");
            let text = String::from_utf8_lossy(&out.stdout).into_owned()
                + &String::from_utf8_lossy(&out.stderr);
            got.extend(
                text.lines()
                    .filter_map(|l| l.strip_prefix("Error: "))
                    .map(|e| format!("{side}: Error: {e}")),
            );
        }
        if got != recorded {
            failures.push(format!(
                "{}: terraform now says {got:?}, recorded {recorded:?}",
                case.name
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn live_proofs(blocks: Blocks) {
    let mut failures = Vec::new();
    for case in cases().into_iter().filter(Case::is_recorded) {
        if blocks == Blocks::AnswerKeyPlaceRoot && case.moves_place_root().is_none() {
            continue;
        }
        let scratch = tempfile::tempdir().expect("temp dir");
        if let Err(e) = prove_live(&case, scratch.path(), blocks) {
            failures.push(format!("{}: {e}", case.name));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// terraform's own implied move: a resource gaining or losing `count`.
fn implied(got: &(String, String)) -> bool {
    got.1 == format!("{}[0]", got.0) || got.0 == format!("{}[0]", got.1)
}

#[test]
fn records_are_consistent() {
    let all = cases();
    assert!(all.len() >= MIN_CASES, "only {} cases", all.len());
    let mut failures = Vec::new();
    for case in &all {
        let mut fail = |what: String| failures.push(format!("{}: {what}", case.name));
        let readme = lines_of(&case.root.join("README.md"));
        if !(2..=3).contains(&readme.len()) {
            fail(format!("README.md has {} lines, want 2 or 3", readme.len()));
        }
        let moves = case.moves();
        let unmatched = case.unmatched();
        let exit = case.exit();
        let destroys = unmatched.iter().filter(|u| u.0 == "destroy").count() as u64;
        let creates = unmatched.iter().filter(|u| u.0 == "create").count() as u64;
        // Proven means nothing destroyed, and nothing created unless allowed.
        let proven = destroys == 0 && (creates == 0 || case.allows_add());
        if (exit == 0) != proven {
            fail(format!(
                "exit {exit} but {destroys} destroys, {creates} creates"
            ));
        }
        for (_, _, dir) in &moves {
            if dir != "." && !case.root.join("new").join(dir).is_dir() {
                fail(format!("moves.txt names {dir}, not a directory of new/"));
            }
        }
        if case.is_unplannable() {
            check_unplannable(case, &unmatched, &mut fail);
        }
        if !case.is_recorded() {
            if case.prior().exists() {
                fail("answer-key-only case has a prior.tfstate".into());
            }
            continue;
        }
        let proof = case.expected().join("proof.json");
        if !proof.exists() || !case.prior().exists() {
            fail("no prior.tfstate/proof.json: run fixtures/refactors/record.sh".into());
            continue;
        }
        let ((add, _change, destroy), got) = proof_summary(&read_json(&proof));
        // Every unmatched address is exactly one create or delete terraform
        // planned with the answer key in place, and nothing else is.
        if (add, destroy) != (creates, destroys) {
            fail(format!(
                "terraform: {add} to add, {destroy} to destroy; unmatched.txt: {creates} creates, {destroys} destroys"
            ));
        }
        // The place-root key must move the same objects the same way.
        let keys = std::iter::once(("moves.txt", moves.clone()))
            .chain(case.moves_place_root().map(|m| ("moves-place-root.txt", m)));
        for (file, key) in keys {
            let mut happened: BTreeSet<&Move> = BTreeSet::new();
            for g in &got {
                let (end, used) = follow(&key, &g.0);
                if end == g.1 && !used.is_empty() {
                    happened.extend(used);
                } else if !implied(g) {
                    fail(format!(
                        "{file}: terraform moved {g:?}, the key moves it to {end}"
                    ));
                }
            }
            for want in key.iter().filter(|w| !happened.contains(w)) {
                fail(format!(
                    "{file}: {want:?} never happened in terraform's plan"
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A case terraform cannot plan without a state: the errors record.sh kept
/// (`old: Error: Invalid count argument`) say which sides have keys known
/// only after apply, and the answer key must report exactly those sides
/// as unknown-keys.
fn check_unplannable(case: &Case, unmatched: &BTreeSet<Unmatched>, fail: &mut dyn FnMut(String)) {
    let errors = lines_of(&case.expected().join("terraform-errors.txt"));
    if errors.is_empty() {
        return fail("no terraform-errors.txt: run fixtures/refactors/record.sh".into());
    }
    for (side, action) in [("old", "destroy"), ("new", "create")] {
        let terraform_says = errors.iter().any(|e| {
            e == &format!("{side}: Error: Invalid count argument")
                || e == &format!("{side}: Error: Invalid for_each argument")
        });
        let key_says = unmatched
            .iter()
            .any(|(a, _, reason)| a == action && reason == "unknown-keys");
        if terraform_says != key_says {
            fail(format!(
                "{side}/: terraform's plan errors {errors:?}, but the key's unknown-keys on that side: {key_says}"
            ));
        }
    }
}

/// The lesson case is the lesson's rename (the plan corpus case
/// `lesson-renamed`, where the lesson's configuration lives), minus the
/// moved blocks: the same old/, and new/ without its `moved` array.
#[test]
fn lesson_rename_mirrors_the_fixtures() {
    let lesson = repo_root().join("tests/corpus/plans/lesson-renamed");
    let case = corpus_root().join("lesson-rename");
    let same = |a: PathBuf, b: PathBuf| assert_eq!(read(&a), read(&b), "{}", a.display());
    let web = "modules/web/main.tf.json";
    same(
        case.join("old/main.tf.json"),
        lesson.join("old/main.tf.json"),
    );
    same(case.join("old").join(web), lesson.join("old").join(web));
    same(case.join("new").join(web), lesson.join("new").join(web));
    same(case.join("prod.tfvars"), lesson.join("old/prod.tfvars"));
    let without_moved = |p: PathBuf| {
        let mut doc = read_json(&p);
        let obj = doc.as_object_mut().unwrap();
        obj.remove("moved");
        obj.remove("//");
        doc
    };
    assert_eq!(
        without_moved(case.join("new/main.tf.json")),
        without_moved(lesson.join("new/main.tf.json"))
    );
}

#[cfg(test)]
mod helpers {
    use super::*;

    fn mv(from: &str, to: &str, dir: &str) -> Move {
        (from.into(), to.into(), dir.into())
    }

    fn pair(from: &str, to: &str) -> (String, String) {
        (from.into(), to.into())
    }

    #[test]
    fn moves_txt_assigns_blocks_after_an_in_line_to_that_module() {
        let got = parse_moves("a.b -> a.c\n\n# in modules/web/\nx.y -> x.z\n").unwrap();
        assert_eq!(
            got,
            [mv("a.b", "a.c", "."), mv("x.y", "x.z", "modules/web")]
        );
        assert!(parse_moves("a.b -> a.c\na.b -> a.c\n").is_err());
    }

    #[test]
    fn unmatched_txt_keeps_spaces_inside_the_address() {
        let got = parse_unmatched("destroy t.x[\"a b\"] differs\n").unwrap();
        assert!(got.contains(&("destroy".into(), "t.x[\"a b\"]".into(), "differs".into())));
        assert!(parse_unmatched("remove t.x differs").is_err());
        assert!(parse_unmatched("create t.x maybe").is_err());
    }

    #[test]
    fn file_dir_is_relative_to_new_whether_the_path_is_relative_or_absolute() {
        let cwd = Path::new("/case");
        let new = Path::new("/case/new");
        let table = [
            ("new/moved.tf", "."),
            ("./new/modules/store/moved.tf", "modules/store"),
            ("/case/new/modules/web/moved.tf", "modules/web"),
            ("new/modules/a/../b/moved.tf", "modules/b"),
        ];
        for (file, want) in table {
            assert_eq!(file_dir(file, cwd, new), want, "{file}");
        }
        assert!(file_dir("/elsewhere/moved.tf", cwd, new).starts_with("outside"));
    }

    #[test]
    fn blocks_apply_to_whole_calls_child_modules_and_instance_keys() {
        let table = [
            (
                mv("module.a", "module.b", "."),
                "module.a[\"k\"].t.x[0]",
                Some("module.b[\"k\"].t.x[0]"),
            ),
            (mv("t.disk", "t.vol", "."), "t.disk[2]", Some("t.vol[2]")),
            (mv("t.disk", "t.vol", "."), "t.disk_old", None),
            // A resource is no module: nothing lives inside it.
            (mv("t.disk", "t.vol", "."), "t.disk.x", None),
            (
                mv("module.a[\"x.y\"]", "module.b", "."),
                "module.a[\"x.y\"].t.x",
                Some("module.b.t.x"),
            ),
            (
                mv("t.q", "t.j", "modules/s"),
                "module.f.module.s.t.q",
                Some("module.f.module.s.t.j"),
            ),
            (mv("t.q", "t.j", "."), "module.f.t.q", None),
        ];
        for (block, addr, want) in table {
            assert_eq!(
                apply_block(&block, addr).as_deref(),
                want,
                "{block:?} {addr}"
            );
        }
    }

    #[test]
    fn follow_chains_a_call_rename_with_a_rename_inside_it() {
        let key: BTreeSet<Move> = [
            mv("module.app", "module.service", "."),
            mv("t.endpoint", "t.url", "modules/service"),
        ]
        .into();
        let (end, used) = follow(&key, "module.app[\"api\"].t.endpoint");
        assert_eq!(end, "module.service[\"api\"].t.url");
        assert_eq!(used.len(), 2);
        let (end, used) = follow(&key, "t.other");
        assert_eq!((end.as_str(), used.len()), ("t.other", 0));
    }

    #[test]
    fn candidates_must_fit_the_reason_and_be_unmatched_on_the_other_side() {
        let u = |a: &str, addr: &str, r: &str| -> Unmatched { (a.into(), addr.into(), r.into()) };
        let expected: BTreeSet<Unmatched> = [
            u("destroy", "t.a[0]", "ambiguous"),
            u("create", "t.a[\"l\"]", "ambiguous"),
            u("create", "t.a[\"r\"]", "ambiguous"),
            u("destroy", "t.gone", "no-counterpart"),
        ]
        .into();
        let c = |names: &[&str]| names.iter().map(|n| n.to_string()).collect::<Vec<_>>();
        let table = [
            (
                u("destroy", "t.a[0]", "ambiguous"),
                c(&["t.a[\"l\"]", "t.a[\"r\"]"]),
                true,
            ),
            (
                u("destroy", "t.a[0]", "ambiguous"),
                c(&["t.a[\"l\"]"]),
                false,
            ),
            (
                u("create", "t.a[\"l\"]", "ambiguous"),
                c(&["t.a[0]", "t.gone"]),
                true,
            ),
            (
                u("create", "t.a[\"l\"]", "ambiguous"),
                c(&["t.a[0]", "t.a[\"r\"]"]),
                false,
            ),
            (u("destroy", "t.gone", "no-counterpart"), c(&[]), true),
            (
                u("destroy", "t.gone", "no-counterpart"),
                c(&["t.a[\"l\"]"]),
                false,
            ),
            (u("destroy", "t.x", "differs"), c(&[]), false),
        ];
        for (entry, named, ok) in table {
            assert_eq!(
                candidates_fit(&entry, &named, &expected).is_ok(),
                ok,
                "{entry:?} {named:?}"
            );
        }
    }

    #[test]
    fn implied_moves_are_count_gained_or_lost() {
        assert!(implied(&pair("t.w", "t.w[0]")));
        assert!(implied(&pair("t.w[0]", "t.w")));
        assert!(!implied(&pair("t.w[1]", "t.w")));
    }
}

/// module-count-to-for-each-with-change without --allow-update: nothing is
/// written for the changed records (the probes that refer to them stay
/// unmatched too), the run is not proven, and the report names exactly
/// the six pairs and the difference --allow-update would accept.
#[test]
fn without_allow_update_the_updates_are_named_not_written() {
    let case = cases()
        .into_iter()
        .find(|c| c.name == "module-count-to-for-each-with-change")
        .expect("the case");
    for with_state in [true, false] {
        let args: Vec<String> = refactor_args(&case, with_state, true)
            .into_iter()
            .filter(|a| a != "--allow-update")
            .collect();
        let out = run(&case.root, &args);
        assert_eq!(out.status.code(), Some(1));
        let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(doc["updates_accepted"], serde_json::json!([]));
        let hint: Vec<(String, String, Vec<String>)> = doc["updates_with_allow_update"]
            .as_array()
            .unwrap()
            .iter()
            .map(|u| {
                (
                    u["from"].as_str().unwrap().into(),
                    u["to"].as_str().unwrap().into(),
                    u["differences"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|d| d["attribute"].as_str().unwrap().into())
                        .collect(),
                )
            })
            .collect();
        let want: Vec<(String, String, Vec<String>)> = [0, 1, 2, 4, 5, 6]
            .iter()
            .map(|i| {
                (
                    format!("module.web[{i}].terraform_data.record[0]"),
                    format!("module.web[\"web-{i}\"].terraform_data.record[0]"),
                    vec!["input".to_string()],
                )
            })
            .collect();
        assert_eq!(hint, want);
        let moves = doc["moves"].as_array().unwrap();
        assert!(
            moves.iter().all(|m| {
                let from = m["from"].as_str().unwrap();
                !from.contains("record") && !from.contains("probe")
            }),
            "{moves:?}"
        );
        let text = run(
            &case.root,
            args.into_iter()
                .filter(|a| a != "--json")
                .collect::<Vec<_>>(),
        );
        let stderr = String::from_utf8_lossy(&text.stderr);
        // The hint leads, before the list of what did not match.
        let lead = "\n6 objects differ only by values: run again with --allow-update to move and update them in place\n";
        assert!(stderr.contains(lead), "{stderr}");
        assert!(stderr.find(lead) < stderr.find("Not matched:"), "{stderr}");
        assert!(
            stderr.contains(
                "refers to module.web[\"web-0\"].terraform_data.record[0], which did not pair"
            ),
            "{stderr}"
        );
    }
}

/// closest-candidate-fewest-differences: db's closest candidate is
/// primary (one value differs), and app/web name the object their
/// reference waits on.
#[test]
fn the_closest_candidate_has_the_fewest_differences() {
    let case = corpus_root().join("closest-candidate-fewest-differences");
    let out = run(&case, strings(&["refactor", "old", "new", "--json"]));
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    let entry = |addr: &str| {
        doc["unmatched"]
            .as_array()
            .unwrap()
            .iter()
            .find(|u| u["address"] == addr)
            .unwrap_or_else(|| panic!("{addr} in {doc}"))
            .clone()
    };
    assert_eq!(
        entry("terraform_data.db")["candidates"][0],
        "module.database.terraform_data.primary"
    );
    assert_eq!(
        entry("terraform_data.app")["refers_to_unpaired"],
        serde_json::json!([
            {"from": "terraform_data.app", "object": "terraform_data.db"},
            {"from": "terraform_data.web", "object": "module.database.terraform_data.primary"},
        ])
    );
    let human = run(&case, strings(&["refactor", "old", "new"]));
    let stderr = String::from_utf8_lossy(&human.stderr);
    assert!(
        stderr.contains("      refers to terraform_data.db, which did not pair\n"),
        "{stderr}"
    );
}

/// The warning blocks of a text, in order: each from "Warning: " up to
/// the next warning or error, or the end.
fn warnings_in(text: &str) -> Vec<String> {
    text.split("\nWarning: ")
        .skip(1)
        .map(|w| {
            let w = w.split("\nError: ").next().unwrap_or(w);
            format!("Warning: {}", w.trim_end())
        })
        .collect()
}

/// `refactor` shows the warnings `plan` shows (which the plan corpus
/// holds to terraform's): reading each side's inputs (a variables file's
/// value for an undeclared variable; a `-var-file` both sides read is
/// reported once, by NEW_DIR), then planning NEW_DIR (OpenTofu's
/// `removed` without `lifecycle`). On stderr after the report, and in
/// `--json` with their ranges.
#[test]
fn refactor_shows_the_warnings_plan_shows() {
    let dir = tempfile::tempdir().unwrap();
    let write = |p: &str, t: &str| {
        let p = dir.path().join(p);
        fs::create_dir_all(p.parent().unwrap()).unwrap();
        fs::write(p, t).unwrap();
    };
    write(
        "old/main.tf",
        "resource \"terraform_data\" \"a\" {\n  input = \"x\"\n}\n",
    );
    write("old/terraform.tfvars", "old_only = 1\n");
    write(
        "new/main.tf",
        "resource \"terraform_data\" \"b\" {\n  input = \"x\"\n}\n\nremoved {\n  from = terraform_data.gone\n}\n",
    );
    write("extra.tfvars", "nowhere = 1\n");
    let run = |args: &[&str]| run(dir.path(), args);
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    let old = run(&["plan", "old", "--engine", "tofu"]);
    let new = run(&[
        "plan",
        "new",
        "--engine",
        "tofu",
        "-var-file",
        "extra.tfvars",
    ]);
    let mut want = warnings_in(&text(&old.stderr));
    want.extend(warnings_in(&text(&new.stderr)));
    want.extend(warnings_in(&text(&new.stdout)));
    assert_eq!(want.len(), 3, "{want:#?}");

    let args = [
        "refactor",
        "old",
        "new",
        "--engine",
        "tofu",
        "-var-file",
        "extra.tfvars",
    ];
    let out = run(&args);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stderr = text(&out.stderr);
    assert_eq!(warnings_in(&stderr), want, "{stderr}");
    assert!(
        stderr.starts_with(
            "Proven: nothing that was only moved is destroyed.\nminimod: 1 object paired"
        ),
        "{stderr}"
    );

    let out = run(&[&args[..], &["--json"]].concat());
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    let got: Vec<(String, String, String, u64)> = doc["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| {
            (
                w["severity"].as_str().unwrap().to_string(),
                w["summary"].as_str().unwrap().to_string(),
                w["range"]["filename"].as_str().unwrap().to_string(),
                w["range"]["start"]["line"].as_u64().unwrap(),
            )
        })
        .collect();
    let warning = |summary: &str, file: &str, line: u64| {
        (
            "warning".to_string(),
            summary.to_string(),
            file.to_string(),
            line,
        )
    };
    assert_eq!(
        got,
        [
            warning("Value for undeclared variable", "old/terraform.tfvars", 1),
            warning("Value for undeclared variable", "extra.tfvars", 1),
            warning("Missing lifecycle from the removed block", "new/main.tf", 5),
        ]
    );
}
