//! Refactors across root modules (tests/corpus/cross-root): objects leave
//! one root's state for another's. Each case has a hand-written answer key
//! (key.txt); record.sh applied its old roots with terraform 1.11, wrote
//! the key as blocks (moved; removed with destroy = false, import with the
//! recorded id) and as `terraform state mv -state -state-out` commands, and
//! recorded terraform's plans of every new root. minimod must write the
//! key and plan what terraform planned. `MINIMOD_LIVE=1` re-records.

mod common;

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;

use common::{case_dirs, name_of, read, read_json, repo_root};
use serde_json::Value;

fn corpus() -> PathBuf {
    repo_root().join("tests/corpus/cross-root")
}

fn cases() -> Vec<PathBuf> {
    case_dirs(&corpus(), "key.txt")
}

fn roots(case: &Path) -> Vec<String> {
    case_dirs(case, "old").iter().map(|p| name_of(p)).collect()
}

/// key.txt: (source root, from, destination root, to).
fn key(case: &Path) -> Vec<(String, String, String, String)> {
    let text = read(&case.join("key.txt"));
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            assert!(w.len() == 5 && w[2] == "->", "key.txt: {l:?}");
            (w[0].into(), w[1].into(), w[3].into(), w[4].into())
        })
        .collect()
}

/// The `id` a state records for the instance at `addr` (as `terraform
/// state list` prints it).
fn state_id(state: &Value, addr: &str) -> Option<String> {
    for r in state["resources"].as_array()? {
        if r["mode"] != "managed" {
            continue;
        }
        let module = r["module"]
            .as_str()
            .map(|m| format!("{m}."))
            .unwrap_or_default();
        let base = format!("{module}{}.{}", r["type"].as_str()?, r["name"].as_str()?);
        for i in r["instances"].as_array()? {
            let a = match &i["index_key"] {
                Value::Null => base.clone(),
                k => format!("{base}[{k}]"),
            };
            if a == addr {
                return i["attributes"]["id"].as_str().map(String::from);
            }
        }
    }
    None
}

/// The state terraform wrote applying root `r`'s old/ of the case in `dir`
/// (keys sorted).
fn prior_state(dir: &Path, r: &str) -> PathBuf {
    dir.join("expected").join(format!("prior-{r}.tfstate"))
}

/// `minimod refactor --root R/old:R/new ... --state-for
/// R/old=STATES/expected/prior-R.tfstate`
/// in the case directory; `skip_state` leaves one root's state out.
fn refactor(case: &Path, states: &Path, skip_state: Option<&str>, extra: &[&str]) -> Output {
    let mut cmd = common::minimod(case);
    cmd.arg("refactor");
    for r in roots(case) {
        cmd.arg("--root").arg(format!("{r}/old:{r}/new"));
        if skip_state != Some(r.as_str()) {
            let state = prior_state(states, &r);
            cmd.arg("--state-for")
                .arg(format!("{r}/old={}", state.display()));
        }
    }
    cmd.args(extra).env_remove("MINIMOD_LIVE");
    cmd.output().unwrap()
}

fn resource_of(addr: &str) -> String {
    let mut out = String::new();
    let mut depth = 0;
    for c in addr.chars() {
        match c {
            '[' => depth += 1,
            ']' => depth -= 1,
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

/// minimod's blocks are the key's, its ids the recorded states', and its
/// proof of every root plans what terraform planned with those blocks.
fn check_case(case: &Path, states: &Path, expected: &Path) -> Result<(), String> {
    let out = refactor(case, states, None, &["--json"]);
    let doc: Value = serde_json::from_slice(&out.stdout)
        .map_err(|e| format!("{e}: {}", String::from_utf8_lossy(&out.stderr)))?;
    if out.status.code() != Some(0) || doc["proven"] != true {
        return Err(format!(
            "not proven (exit {:?}): {doc:#}",
            out.status.code()
        ));
    }
    let key = key(case);
    let roots = roots(case);
    let mut want_cross = BTreeSet::new();
    for (ra, from, rb, to) in key.iter().filter(|(ra, _, rb, _)| ra != rb) {
        let state = read_json(&prior_state(states, ra));
        let id = state_id(&state, from).ok_or(format!("no id for {from}"))?;
        want_cross.insert((
            format!("{ra}/old"),
            from.clone(),
            format!("{rb}/new"),
            to.clone(),
            id,
        ));
    }
    let got_cross: BTreeSet<_> = doc["cross_root_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["from_root"].as_str().unwrap_or_default().to_string(),
                m["from"].as_str().unwrap_or_default().to_string(),
                m["to_root"].as_str().unwrap_or_default().to_string(),
                m["to"].as_str().unwrap_or_default().to_string(),
                m["id"].as_str().unwrap_or_default().to_string(),
            )
        })
        .collect();
    if got_cross != want_cross {
        return Err(format!(
            "cross-root moves {got_cross:?}, key {want_cross:?}"
        ));
    }
    for (i, r) in roots.iter().enumerate() {
        let root = &doc["roots"][i];
        let moves: BTreeSet<(String, String)> =
            common::moves_of(root).unwrap().into_iter().collect();
        let want_moves: BTreeSet<(String, String)> = key
            .iter()
            .filter(|(ra, _, rb, _)| ra == r && rb == r)
            .map(|(_, f, _, t)| (f.clone(), t.clone()))
            .collect();
        if moves != want_moves {
            return Err(format!("{r}: moved blocks {moves:?}, key {want_moves:?}"));
        }
        let removed: BTreeSet<String> = root["removed"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["from"].as_str().unwrap().into())
            .collect();
        let want_removed: BTreeSet<String> = key
            .iter()
            .filter(|(ra, _, rb, _)| ra == r && rb != r)
            .map(|(_, f, _, _)| resource_of(f))
            .collect();
        if removed != want_removed {
            return Err(format!(
                "{r}: removed blocks {removed:?}, key {want_removed:?}"
            ));
        }
        let imports: BTreeSet<(String, String)> = root["imports"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| {
                (
                    m["to"].as_str().unwrap().into(),
                    m["id"].as_str().unwrap().into(),
                )
            })
            .collect();
        let want_imports: BTreeSet<(String, String)> = want_cross
            .iter()
            .filter(|c| c.2 == format!("{r}/new"))
            .map(|c| (c.3.clone(), c.4.clone()))
            .collect();
        if imports != want_imports {
            return Err(format!(
                "{r}: import blocks {imports:?}, key {want_imports:?}"
            ));
        }
        let tf = read_json(&expected.join(format!("blocks-{r}.json")));
        for count in ["add", "change", "destroy", "import"] {
            if root["plan"][count] != tf[count] {
                return Err(format!(
                    "{r}: minimod plans {} {count}, terraform {}",
                    root["plan"][count], tf[count]
                ));
            }
        }
    }
    Ok(())
}

#[test]
fn blocks_are_the_key_and_every_root_plans_as_terraform_did() {
    let cases = cases();
    assert!(!cases.is_empty());
    for case in cases {
        if let Err(e) = check_case(&case, &case, &case.join("expected")) {
            panic!("{}: {e}", case.display());
        }
    }
}

/// The recorded answers say the key is right: with its blocks, or its
/// `state mv` commands, no root destroys or creates anything.
#[test]
fn terraform_proved_the_key() {
    for case in cases() {
        for r in roots(&case) {
            for kind in ["blocks", "commands"] {
                let tf = read_json(&case.join(format!("expected/{kind}-{r}.json")));
                assert_eq!(
                    (&tf["add"], &tf["destroy"]),
                    (&Value::from(0), &Value::from(0)),
                    "{}: {kind}-{r}",
                    case.display()
                );
            }
        }
    }
}

/// With `--output commands`: the key's crossing lines as the `terraform
/// state mv -state -state-out` commands record.sh ran.
#[test]
fn commands_move_between_the_state_files() {
    let quote = |s: &str| {
        if s.chars()
            .all(|c| c.is_ascii_alphanumeric() || "_./-=".contains(c))
        {
            s.to_string()
        } else {
            format!("'{}'", s.replace('\'', r"'\''"))
        }
    };
    for case in cases() {
        let out = refactor(
            &case,
            Path::new("."),
            None,
            &["--output", "commands", "--engine", "terraform"],
        );
        let stdout = String::from_utf8_lossy(&out.stdout);
        for (ra, from, rb, to) in key(&case) {
            let line = if ra == rb {
                format!("terraform state mv {} {}", quote(&from), quote(&to))
            } else {
                format!(
                    "terraform state mv -state=expected/prior-{ra}.tfstate -state-out=expected/prior-{rb}.tfstate {} {}",
                    quote(&from),
                    quote(&to)
                )
            };
            assert!(
                stdout.lines().any(|l| l == line),
                "{}: no {line:?} in:\n{stdout}",
                case.display()
            );
        }
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

/// Without the source root's state there is no id to import by: the move
/// is found, no block is written for it, and the refactor is not proven.
#[test]
fn without_the_source_state_the_id_is_asked_for() {
    for case in cases() {
        let key = key(&case);
        let Some((source, ..)) = key.iter().find(|(a, _, b, _)| a != b) else {
            continue;
        };
        let out = refactor(&case, &case, Some(source), &["--json"]);
        assert_eq!(out.status.code(), Some(1));
        let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
        let moves = doc["cross_root_moves"].as_array().unwrap();
        assert!(!moves.is_empty());
        for m in moves {
            let why = m["blocked"].as_str().unwrap_or_default();
            assert!(
                why.contains(&format!("--state-for {source}/old=FILE")),
                "{why:?}"
            );
        }
        for root in doc["roots"].as_array().unwrap() {
            assert_eq!(root["imports"], Value::Array(Vec::new()));
            assert_eq!(root["removed"], Value::Array(Vec::new()));
        }
    }
}

/// One `--root` pair is `refactor OLD NEW`, byte for byte.
#[test]
fn one_root_pair_is_the_plain_refactor() {
    let case = &cases()[0];
    let run = |args: &[&str]| common::run(case, args);
    let plain = run(&[
        "refactor",
        "a/old",
        "a/new",
        "--state",
        "expected/prior-a.tfstate",
    ]);
    for args in [
        &[
            "refactor",
            "--root",
            "a/old:a/new",
            "--state",
            "expected/prior-a.tfstate",
        ][..],
        &[
            "refactor",
            "--root",
            "a/old:a/new",
            "--state-for",
            "a/old=expected/prior-a.tfstate",
        ][..],
    ] {
        let out = run(args);
        assert_eq!(out.stdout, plain.stdout);
        assert_eq!(out.stderr, plain.stderr);
        assert_eq!(out.status.code(), plain.status.code());
    }
}

#[test]
fn bad_root_options_are_reported() {
    let case = &cases()[0];
    let run = |args: &[&str]| common::run(case, args);
    for (args, summary) in [
        (
            &["refactor", "--root", "a/old"][..],
            "Invalid --root option",
        ),
        (
            &[
                "refactor",
                "a/old",
                "a/new",
                "--state-for",
                "a/old=expected/prior-a.tfstate",
            ][..],
            "Invalid --state-for option",
        ),
        (
            &[
                "refactor",
                "--root",
                "a/old:a/new",
                "--root",
                "b/old:b/new",
                "--state-for",
                "c=x",
            ][..],
            "Invalid --state-for option",
        ),
        (
            &[
                "refactor",
                "--root",
                "a/old:a/new",
                "--root",
                "b/old:b/new",
                "--state",
                "expected/prior-a.tfstate",
            ][..],
            "Ambiguous --state option",
        ),
    ] {
        let out = run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let errors = common::diagnostics(&String::from_utf8_lossy(&out.stderr));
        assert_eq!(
            errors.first().map(|e| e.summary.as_str()),
            Some(summary),
            "{args:?}"
        );
    }
}

/// `MINIMOD_LIVE=1`: record.sh again into a scratch directory; terraform
/// must plan what it recorded, and minimod must write the key with the
/// fresh states' ids.
#[test]
fn live_terraform_agrees_with_records() {
    if !common::live() {
        return;
    }
    let scratch = tempfile::tempdir().unwrap();
    common::record("cross-root", scratch.path());
    for case in cases() {
        let name = case.file_name().unwrap();
        let fresh = scratch.path().join(name);
        for r in roots(&case) {
            for kind in ["blocks", "commands"] {
                let file = format!("expected/{kind}-{r}.json");
                assert_eq!(
                    read_json(&fresh.join(&file)),
                    read_json(&case.join(&file)),
                    "{}: {file}",
                    case.display()
                );
            }
        }
        if let Err(e) = check_case(&case, &fresh, &fresh.join("expected")) {
            panic!("{} (live): {e}", case.display());
        }
    }
}

/// `--write` writes every root's files; a second run then has nothing
/// left to move, and its plans are terraform's plans with the blocks.
#[test]
fn write_writes_every_root_and_a_second_run_finds_nothing_to_move() {
    for case in cases() {
        let tmp = tempfile::tempdir().unwrap();
        common::copy_tree(&case, tmp.path());
        let dir = tmp.path();
        let out = refactor(dir, dir, None, &["--write"]);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let key = key(&case);
        for (ra, from, rb, _) in key.iter().filter(|(a, _, b, _)| a != b) {
            let removed = fs::read_to_string(dir.join(ra).join("new/removed.tf")).unwrap();
            assert!(removed.contains(&format!("  from = {}\n", resource_of(from))));
            let imports = fs::read_to_string(dir.join(rb).join("new/imports.tf")).unwrap();
            let state = read_json(&prior_state(dir, ra));
            let id = state_id(&state, from).unwrap();
            assert!(imports.contains(&format!("  id = \"{id}\"\n")), "{imports}");
        }
        let again = refactor(dir, dir, None, &["--json"]);
        assert_eq!(again.status.code(), Some(0));
        let doc: Value = serde_json::from_slice(&again.stdout).unwrap();
        assert_eq!(doc["cross_root_moves"], Value::Array(Vec::new()));
        for (i, r) in roots(&case).iter().enumerate() {
            let tf = read_json(&case.join(format!("expected/blocks-{r}.json")));
            for count in ["add", "change", "destroy", "import"] {
                assert_eq!(doc["roots"][i]["plan"][count], tf[count], "{r} {count}");
            }
        }
    }
}

/// An id the source state marks sensitive never reaches the output: the
/// move is reported, and its blocks are left to the user.
#[test]
fn a_sensitive_id_is_never_printed() {
    let case = &cases()[0];
    let (source, from) = key(case)
        .into_iter()
        .find(|(a, _, b, _)| a != b)
        .map(|(a, f, ..)| (a, f))
        .unwrap();
    let tmp = tempfile::tempdir().unwrap();
    common::copy_tree(case, tmp.path());
    let path = prior_state(tmp.path(), &source);
    let mut state = read_json(&path);
    let id = state_id(&state, &from).unwrap();
    for r in state["resources"].as_array_mut().unwrap() {
        for i in r["instances"].as_array_mut().unwrap() {
            if i["attributes"]["id"] == id.as_str() {
                i["sensitive_attributes"] =
                    serde_json::json!([[{ "type": "get_attr", "value": "id" }]]);
            }
        }
    }
    fs::write(&path, serde_json::to_string(&state).unwrap()).unwrap();
    for extra in [&["--json"][..], &[][..]] {
        let out = refactor(tmp.path(), tmp.path(), None, extra);
        let all = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(!all.contains(&id), "the sensitive id is printed:\n{all}");
        assert!(all.contains("sensitive"), "{all}");
        assert_eq!(out.status.code(), Some(1));
    }
}

/// The text report gives each root's proof in terraform's summary form,
/// with the counts terraform planned.
#[test]
fn the_report_summarises_each_root_as_terraform_did() {
    for case in cases() {
        let out = refactor(&case, &case, None, &[]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        for r in roots(&case) {
            let tf = read_json(&case.join(format!("expected/blocks-{r}.json")));
            let import = match tf["import"].as_u64().unwrap() {
                0 => String::new(),
                n => format!("{n} to import, "),
            };
            let line = format!(
                "With these blocks: Plan: {import}{} to add, {} to change, {} to destroy.",
                tf["add"], tf["change"], tf["destroy"]
            );
            let section = stderr
                .split(&format!("== {r}/old -> {r}/new\n"))
                .nth(1)
                .and_then(|s| s.split("\n\n==").next())
                .unwrap_or_default();
            assert!(
                section.contains(&line),
                "{}: no {line:?} in:\n{stderr}",
                case.display()
            );
        }
    }
}

/// Writes `files` under `dir` and records each root's old state with
/// `minimod apply` (these cases check minimod's own decisions, not a plan
/// terraform would make).
fn scratch_roots(dir: &Path, files: &[(&str, &str)]) {
    for (name, text) in files {
        let p = dir.join(name);
        fs::create_dir_all(p.parent().unwrap()).unwrap();
        fs::write(p, text).unwrap();
    }
    fs::create_dir_all(dir.join("expected")).unwrap();
    for r in roots(dir) {
        let out = common::run(
            dir,
            [
                "apply",
                &format!("{r}/old"),
                "--state",
                &format!("expected/prior-{r}.tfstate"),
            ],
        );
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

/// An object created in one root that two other roots' destroyed objects
/// both match is not guessed: nothing moves.
#[test]
fn a_create_two_roots_could_supply_is_not_paired() {
    let tmp = tempfile::tempdir().unwrap();
    let same = "resource \"terraform_data\" \"x\" {\n  input = \"same\"\n}\n";
    scratch_roots(
        tmp.path(),
        &[
            ("a/old/main.tf", same),
            ("a/new/main.tf", "locals {}\n"),
            ("b/old/main.tf", same),
            ("b/new/main.tf", "locals {}\n"),
            ("c/old/main.tf", "locals {}\n"),
            ("c/new/main.tf", same),
        ],
    );
    let out = refactor(tmp.path(), tmp.path(), None, &["--json"]);
    assert_eq!(out.status.code(), Some(1));
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["cross_root_moves"], Value::Array(Vec::new()));
}

/// One instance of a resource the source root still declares cannot be
/// forgotten by a `removed` block (it names the whole resource): the move
/// is reported with why, and `--output commands` still moves it.
#[test]
fn an_instance_of_a_kept_resource_moves_only_by_command() {
    let tmp = tempfile::tempdir().unwrap();
    scratch_roots(
        tmp.path(),
        &[
            (
                "a/old/main.tf",
                "resource \"terraform_data\" \"c\" {\n  count = 2\n  input = \"n${count.index}\"\n}\n",
            ),
            (
                "a/new/main.tf",
                "resource \"terraform_data\" \"c\" {\n  count = 1\n  input = \"n${count.index}\"\n}\n",
            ),
            ("b/old/main.tf", "locals {}\n"),
            (
                "b/new/main.tf",
                "resource \"terraform_data\" \"n1\" {\n  input = \"n1\"\n}\n",
            ),
        ],
    );
    let out = refactor(tmp.path(), tmp.path(), None, &["--json"]);
    assert_eq!(out.status.code(), Some(1));
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    let moves = doc["cross_root_moves"].as_array().unwrap();
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0]["from"], "terraform_data.c[1]");
    assert_eq!(moves[0]["to"], "terraform_data.n1");
    assert!(
        moves[0]["blocked"]
            .as_str()
            .unwrap()
            .starts_with("terraform_data.c is still declared in the source root")
    );
    assert_eq!(doc["roots"][1]["imports"], Value::Array(Vec::new()));
    let out = refactor(
        tmp.path(),
        Path::new("."),
        None,
        &["--output", "commands", "--engine", "terraform"],
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains(
            "terraform state mv -state=expected/prior-a.tfstate -state-out=expected/prior-b.tfstate 'terraform_data.c[1]' terraform_data.n1\n"
        ),
        "{stdout}"
    );
}

/// A root and an edit of its recorded plan.
type Tamper<'a> = (&'a str, &'a dyn Fn(&mut Value));

/// A stand-in for terraform under `--verify-with`: `init` and `plan`
/// succeed, `show -json` prints what terraform planned in that root
/// (expected/blocks-<root>.json, recorded by record.sh, in `show -json`'s
/// shape). The root is told by the lineage of the state minimod put
/// beside the copy; the copy must hold the root's `removed.tf` and
/// `imports.tf`. `tamper` edits one root's recorded plan first.
fn replaying_verifier(case: &Path, dir: &Path, tamper: Option<Tamper<'_>>) -> String {
    let key = key(case);
    let mut script = String::from("#!/bin/sh\n[ \"$1\" = show ] || exit 0\n");
    for r in roots(case) {
        let reduced = read_json(&case.join(format!("expected/blocks-{r}.json")));
        let changes: Vec<Value> = reduced["changes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| {
                let mut change = serde_json::json!({ "actions": c["actions"] });
                if c["importing"] == true {
                    change["importing"] = serde_json::json!({ "id": "recorded" });
                }
                let mut rc = serde_json::json!({
                    "address": c["address"],
                    "mode": "managed",
                    "change": change,
                });
                if let Some(prev) = c["previous_address"].as_str() {
                    rc["previous_address"] = prev.into();
                }
                rc
            })
            .collect();
        let mut plan = serde_json::json!({ "resource_changes": changes });
        if let Some((root, edit)) = &tamper
            && *root == r
        {
            edit(&mut plan);
        }
        let file = dir.join(format!("plan-{r}.json"));
        fs::write(&file, plan.to_string()).unwrap();
        let state = read_json(&prior_state(case, &r));
        let mut needs = String::new();
        if key.iter().any(|(a, _, b, _)| *a == r && a != b) {
            needs.push_str(" && [ -f removed.tf ]");
        }
        if key.iter().any(|(a, _, b, _)| *b == r && a != b) {
            needs.push_str(" && [ -f imports.tf ]");
        }
        script.push_str(&format!(
            "if grep -q '{}' terraform.tfstate{needs}; then cat '{}'; exit 0; fi\n",
            state["lineage"].as_str().unwrap(),
            file.display()
        ));
    }
    script.push_str("echo 'not a recorded root' >&2\nexit 1\n");
    let tool = dir.join("recorded-terraform");
    fs::write(&tool, script).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(&tool, fs::Permissions::from_mode(0o755)).unwrap();
    }
    tool.display().to_string()
}

/// The line the report gives each root's verification, with the counts
/// terraform planned there.
fn verified_line(case: &Path, tool: &str, root: &str) -> String {
    let tf = read_json(&case.join(format!("expected/blocks-{root}.json")));
    let import = match tf["import"].as_u64().unwrap() {
        0 => String::new(),
        n => format!("{n} to import, "),
    };
    let forget = match tf["forget"].as_u64().unwrap() {
        0 => String::new(),
        n => format!(", {n} to forget"),
    };
    format!(
        "Verified with {tool} in {root}/new: Plan: {import}{} to add, {} to change, {} to destroy{forget}.",
        tf["add"], tf["change"], tf["destroy"]
    )
}

/// `--verify-with` with several roots plans every root with the binary,
/// each against its own state with its own blocks, and says per root what
/// it planned (here terraform's recorded plans, replayed).
#[test]
fn verify_with_plans_every_root() {
    for case in cases() {
        let scratch = tempfile::tempdir().unwrap();
        let tool = replaying_verifier(&case, scratch.path(), None);
        let out = refactor(&case, &case, None, &["--verify-with", &tool]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{}: {stderr}", case.display());
        for r in roots(&case) {
            let line = verified_line(&case, &tool, &r);
            let section = stderr
                .split(&format!("== {r}/old -> {r}/new\n"))
                .nth(1)
                .and_then(|s| s.split("\n\n==").next())
                .unwrap_or_default();
            assert!(section.contains(&line), "no {line:?} in:\n{stderr}");
        }
        let out = refactor(&case, &case, None, &["--verify-with", &tool, "--json"]);
        assert_eq!(out.status.code(), Some(0));
        let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
        for (i, r) in roots(&case).iter().enumerate() {
            let tf = read_json(&case.join(format!("expected/blocks-{r}.json")));
            let by = &doc["roots"][i]["verified_by"][0];
            for count in ["import", "add", "change", "destroy", "forget"] {
                assert_eq!(by[count], tf[count], "{r} {count}");
            }
        }
    }
}

/// A root where the binary plans otherwise fails the verification, and
/// the error names that root.
#[test]
fn verify_with_names_the_root_the_binary_disagrees_about() {
    let case = &cases()[0];
    let scratch = tempfile::tempdir().unwrap();
    // The binary creates what minimod imports.
    let create_first = |plan: &mut Value| {
        let rc = plan["resource_changes"]
            .as_array_mut()
            .unwrap()
            .iter_mut()
            .find(|rc| rc["change"]["importing"].is_object())
            .unwrap();
        rc["change"] = serde_json::json!({ "actions": ["create"] });
    };
    let tool = replaying_verifier(case, scratch.path(), Some(("b", &create_first)));
    let out = refactor(case, case, None, &["--verify-with", &tool]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    let errors = common::diagnostics(&stderr);
    assert_eq!(errors.len(), 1, "{stderr}");
    assert_eq!(errors[0].summary, "The verifier disagrees with minimod");
    assert!(errors[0].detail.starts_with("In b/new: "), "{stderr}");
}

/// Every root is verified against its state: one without is refused
/// before anything runs.
#[test]
fn verify_with_needs_every_roots_state() {
    let case = &cases()[0];
    let out = refactor(case, case, Some("a"), &["--verify-with", "terraform"]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    let errors = common::diagnostics(&stderr);
    assert_eq!(errors[0].summary, "Verification needs a state");
    assert!(
        errors[0].detail.contains("--state-for a/old=FILE"),
        "{stderr}"
    );
}

/// `MINIMOD_LIVE=1`: the real terraform verifies every root of every case
/// and plans what it recorded.
#[test]
fn verify_with_terraform_live() {
    if !common::live() {
        return;
    }
    for case in cases() {
        let out = refactor(&case, &case, None, &["--verify-with", "terraform"]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{}: {stderr}", case.display());
        for r in roots(&case) {
            let line = verified_line(&case, "terraform", &r);
            assert!(stderr.contains(&line), "no {line:?} in:\n{stderr}");
        }
    }
}

/// The text report leads with the verdict over every root, the counts
/// and the next steps; each root's report follows.
#[test]
fn the_verdict_counts_and_next_steps_lead_the_report() {
    for case in cases() {
        let out = refactor(&case, &case, None, &[]);
        assert_eq!(out.status.code(), Some(0));
        let stderr = String::from_utf8_lossy(&out.stderr);
        let lines: Vec<&str> = stderr.lines().collect();
        assert_eq!(
            lines[0], "Proven in every root: nothing that was only moved is destroyed.",
            "{stderr}"
        );
        let n = roots(&case).len();
        let moves = key(&case).iter().filter(|(a, _, b, _)| a != b).count();
        let moves = match moves {
            1 => "1 object moves".to_string(),
            m => format!("{m} objects move"),
        };
        assert!(
            lines[1].starts_with(&format!("minimod: {n} root modules, {moves} across them, ")),
            "{stderr}"
        );
        assert!(
            lines[2].starts_with("With these blocks, in all: Plan: "),
            "{stderr}"
        );
        assert_eq!(lines[3], "", "{stderr}");
        assert!(lines[4].starts_with("== "), "{stderr}");
    }
    // Unproven: which roots and why, and what to do, before the details.
    let tmp = tempfile::tempdir().unwrap();
    let same = "resource \"terraform_data\" \"x\" {\n  input = \"same\"\n}\n";
    let gone = "resource \"terraform_data\" \"gone\" {\n  input = 1\n}\n";
    scratch_roots(
        tmp.path(),
        &[
            ("a/old/main.tf", &format!("{same}{gone}")),
            ("a/new/main.tf", "locals {}\n"),
            ("b/old/main.tf", "locals {}\n"),
            ("b/new/main.tf", &same.replace("\"x\"", "\"y\"")),
        ],
    );
    let out = refactor(tmp.path(), tmp.path(), None, &[]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(
        lines[..7],
        [
            "Not proven in 1 of 2 root modules.",
            "minimod: 2 root modules, 1 object moves across them, 0 moved blocks.",
            "With these blocks, in all: Plan: 1 to import, 0 to add, 1 to change, 1 to destroy.",
            "  a/new: Not proven: the plan still destroys objects.",
            "Next: in a/new, each object the report below does not match says why it did not pair; a destroy that is meant gets a `removed` block.",
            "",
            "== a/old -> a/new",
        ],
        "{stderr}"
    );
    let quiet = refactor(tmp.path(), tmp.path(), None, &["-q"]);
    assert_eq!(quiet.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&quiet.stderr),
        "Not proven in 1 of 2 root modules.\n"
    );
    assert_eq!(quiet.stdout, out.stdout, "-q keeps the blocks");
}

/// `-v` adds, in each root's report, each pair with why it paired and
/// where the prior objects came from.
#[test]
fn verbose_adds_each_roots_pairs_and_prior_objects() {
    let case = &cases()[0];
    let out = refactor(case, case, None, &["-v"]);
    assert_eq!(out.status.code(), Some(0));
    let stderr = String::from_utf8_lossy(&out.stderr);
    let plain = refactor(case, case, None, &[]);
    assert_eq!(
        stderr.lines().take(3).collect::<Vec<_>>(),
        String::from_utf8_lossy(&plain.stderr)
            .lines()
            .take(3)
            .collect::<Vec<_>>()
    );
    for r in roots(case) {
        let section = stderr
            .split(&format!("== {r}/old -> {r}/new\n"))
            .nth(1)
            .and_then(|s| s.split("\n\n==").next())
            .unwrap_or_default();
        let state = prior_state(case, &r);
        let prior = format!("Prior objects: the state {}.", state.display());
        assert!(section.contains(&prior), "{prior:?}\n{section}");
        if key(case).iter().any(|(a, _, b, _)| *a == r && *b == r) {
            assert!(
                section.contains("\nPaired (before -> after, and why):\n  - "),
                "{stderr}"
            );
        }
    }
}
