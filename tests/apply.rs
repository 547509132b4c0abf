//! `minimod apply` writes the state terraform writes, and prints what it
//! prints from "Apply complete!" on: for each case of tests/data/apply,
//! the apply of `v1/` (and of `v2/` over terraform's state of `v1/`)
//! against terraform's recorded state and output (`record.sh` there).
//! Ids are random on both sides, so each is compared as the address of the
//! object it belongs to, wherever it appears (also upper-cased).

mod common;

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use serde_json::Value;

use common::{case_dirs, read, read_json, repo_root, run, stderr};

fn corpus() -> PathBuf {
    repo_root().join("tests/data/apply")
}

fn cases() -> Vec<PathBuf> {
    let out = case_dirs(&corpus(), "");
    assert!(!out.is_empty(), "no cases under tests/data/apply");
    out
}

/// What a state says that an apply decides, ids named by their objects:
/// per object (module, mode, type, name, key) its provider, attributes
/// and sensitive paths (a set: terraform writes them in map order), and
/// the root outputs. Serial, lineage, versions and `dependencies` (which
/// minimod does not record) are left out.
fn comparable(state: &Value) -> BTreeMap<String, Value> {
    let resources = state["resources"].as_array().expect("resources");
    let ids = ids_of(state);
    let named = |v: &Value| name_ids(v, &ids);
    let mut out = BTreeMap::new();
    out.insert("outputs".to_string(), named(&state["outputs"]));
    for r in resources {
        for i in r["instances"].as_array().unwrap() {
            let mut paths: Vec<Value> = i["sensitive_attributes"]
                .as_array()
                .cloned()
                .unwrap_or_default();
            paths.sort_by_key(|p| p.to_string());
            let seen = serde_json::json!({
                "provider": r["provider"],
                "attributes": named(&i["attributes"]),
                "sensitive_attributes": paths,
            });
            assert!(
                out.insert(object(r, i), seen).is_none(),
                "{} recorded twice",
                object(r, i)
            );
        }
    }
    out
}

/// The address of a state's object, its key as JSON.
fn object(r: &Value, i: &Value) -> String {
    let module = r["module"]
        .as_str()
        .map(|m| format!("{m}."))
        .unwrap_or_default();
    let data = if r["mode"] == "data" { "data." } else { "" };
    let key = i
        .get("index_key")
        .map(|k| format!("[{k}]"))
        .unwrap_or_default();
    format!(
        "{module}{data}{}.{}{key}",
        r["type"].as_str().unwrap(),
        r["name"].as_str().unwrap()
    )
}

/// Each object's id in a state, with the name it is compared as.
fn ids_of(state: &Value) -> Vec<(String, String)> {
    let mut ids = Vec::new();
    for r in state["resources"].as_array().expect("resources") {
        for i in r["instances"].as_array().unwrap() {
            if let Some(id) = i["attributes"]["id"].as_str() {
                ids.push((id.to_string(), format!("<id of {}>", object(r, i))));
            }
        }
    }
    ids
}

/// `v` with every id in `ids` (also upper-cased) replaced by its name.
fn name_ids(v: &Value, ids: &[(String, String)]) -> Value {
    match v {
        Value::String(s) => {
            let mut s = s.clone();
            for (id, name) in ids {
                s = s.replace(id, name).replace(&id.to_uppercase(), name);
            }
            Value::String(s)
        }
        Value::Array(items) => Value::Array(items.iter().map(|x| name_ids(x, ids)).collect()),
        Value::Object(m) => Value::Object(
            m.iter()
                .map(|(k, x)| (k.clone(), name_ids(x, ids)))
                .collect(),
        ),
        other => other.clone(),
    }
}

/// The differences between two comparable states, an entry per object.
fn differences(
    want: &BTreeMap<String, Value>,
    got: &BTreeMap<String, Value>,
    (left, right): (&str, &str),
) -> Vec<String> {
    let keys: std::collections::BTreeSet<&String> = want.keys().chain(got.keys()).collect();
    keys.into_iter()
        .filter(|k| want.get(*k) != got.get(*k))
        .map(|k| {
            format!(
                "{k}:\n  {left}: {}\n  {right}: {}",
                want.get(k).map_or("(none)".into(), Value::to_string),
                got.get(k).map_or("(none)".into(), Value::to_string)
            )
        })
        .collect()
}

/// What one apply left: the state it wrote, and what it printed from
/// "Apply complete!" on with ids named as that state names them.
struct Applied {
    state: Value,
    printed: String,
}

impl Applied {
    fn new(state: Value, stdout: &str) -> Applied {
        let summary = &stdout[stdout.find("Apply complete!").unwrap_or(0)..];
        let printed = match name_ids(&Value::String(summary.to_string()), &ids_of(&state)) {
            Value::String(s) => s,
            _ => unreachable!("a string stays a string"),
        };
        Applied { state, printed }
    }

    /// terraform's apply of VERSION as recorded in `dir`.
    fn recorded(dir: &Path, version: &str) -> Applied {
        Applied::new(
            read_json(&dir.join(format!("{version}.tfstate"))),
            &read(&dir.join(format!("{version}.out"))),
        )
    }

    /// Where `self` and `other` differ, in the state or the printed text.
    fn differences(&self, other: &Applied, labels: (&str, &str)) -> Vec<String> {
        let mut out = differences(&comparable(&self.state), &comparable(&other.state), labels);
        if self.printed != other.printed {
            out.push(format!(
                "printed otherwise:\n{}",
                common::unified_diff(&self.printed, &other.printed, labels)
            ));
        }
        out
    }
}

/// minimod's apply of `case/VERSION/`, over `prior` (a state file) when
/// given.
fn minimod_apply(case: &Path, version: &str, prior: Option<&Path>) -> Applied {
    let tmp = tempfile::tempdir().unwrap();
    common::copy_tree(&case.join(version), &tmp.path().join("cfg"));
    if let Some(prior) = prior {
        fs::copy(prior, tmp.path().join("s.tfstate")).unwrap();
    }
    let out = run(tmp.path(), ["apply", "cfg", "--state", "s.tfstate"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{} {version}: {}",
        case.display(),
        stderr(&out)
    );
    Applied::new(
        read_json(&tmp.path().join("s.tfstate")),
        &common::stdout(&out),
    )
}

/// Every version of every case, applied by minimod as terraform did:
/// `v2/` over terraform's own state of `v1/`, so both start from the same
/// objects and ids.
#[test]
fn apply_writes_the_state_terraform_writes() {
    let mut failures = Vec::new();
    for case in cases() {
        for (version, prior) in [("v1", None), ("v2", Some("v1.tfstate"))] {
            if !case.join(version).is_dir() {
                continue;
            }
            let prior = prior.map(|p| case.join(p));
            let got = minimod_apply(&case, version, prior.as_deref());
            let want = Applied::recorded(&case, version);
            for d in want.differences(&got, ("terraform", "minimod")) {
                failures.push(format!("{} {version}: {d}", common::name_of(&case)));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// With MINIMOD_LIVE set, terraform records every case again; each state
/// and summary must say what the committed one says (ids aside).
#[test]
fn recorded_apply_states_match_terraform_live() {
    if !common::live() {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    common::record("apply", tmp.path());
    let mut failures = Vec::new();
    for case in cases() {
        let name = common::name_of(&case);
        for version in ["v1", "v2"] {
            if !case.join(format!("{version}.tfstate")).exists() {
                continue;
            }
            let committed = Applied::recorded(&case, version);
            let fresh = Applied::recorded(&tmp.path().join(&name), version);
            for d in committed.differences(&fresh, ("committed", "recorded now")) {
                failures.push(format!("{name} {version}: {d}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// After `apply` (into the directory's minimod.tfstate, with no
/// `--state`), `outputs` and `eval` read that state as `terraform output`
/// and `terraform console` read theirs: the outputs are what apply
/// printed, and an id is the one recorded.
#[test]
fn outputs_and_eval_read_the_state_apply_wrote() {
    let tmp = tempfile::tempdir().unwrap();
    let cfg = tmp.path().join("cfg");
    common::copy_tree(&corpus().join("chains/v1"), &cfg);
    let applied = run(&cfg, ["apply", "."]);
    assert_eq!(applied.status.code(), Some(0), "{}", stderr(&applied));
    let printed = common::stdout(&applied);
    let (_, outputs) = printed
        .split_once("\nOutputs:\n\n")
        .expect("an Outputs section");
    let listed = run(&cfg, ["outputs", "."]);
    assert_eq!(common::stdout(&listed), outputs, "{}", stderr(&listed));
    let state = read_json(&cfg.join("minimod.tfstate"));
    let id = state["resources"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["name"] == "a")
        .map(|r| r["instances"][0]["attributes"]["id"].clone())
        .expect("terraform_data.a recorded");
    let evaluated = run(&cfg, ["eval", "terraform_data.a.id", "."]);
    assert_eq!(common::stdout(&evaluated), format!("{id}\n"));
}
