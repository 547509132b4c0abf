//! The JSON Schemas of the documents minimod writes (schemas/): every
//! writer of a JSON document on stdout has one and every schema has a
//! writer, and what minimod writes over the recorded corpora (the
//! refactor fixtures, the plan corpus, the refactors across roots, the
//! configuration errors) and the check's and discovery's repositories
//! is valid against them. SARIF is checked against the OASIS schema.

mod common;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Output;

use common::schemas::{SARIF, assert_valid, our_schema_names, ours, schema_of, validate};
use common::{Case, case_dirs, read, repo_root};
use serde_json::Value;

/// Each function of src/cli that writes a JSON document (calls
/// `json_text`), and the schema of what it writes.
const WRITERS: &[(&str, &str, &str)] = &[
    (
        "src/cli/commands.rs",
        "write_error_document",
        "schemas/error.json",
    ),
    ("src/cli/commands.rs", "outputs", "schemas/outputs.json"),
    ("src/cli/commands.rs", "plan", "schemas/plan.json"),
    ("src/cli/refactor.rs", "run", "schemas/refactor.json"),
    ("src/cli/refactor.rs", "run_roots", "schemas/refactor.json"),
    ("src/cli/discover.rs", "run", "schemas/discover.json"),
    ("src/cli/check.rs", "run_checked", "schemas/check.json"),
    ("src/cli/check.rs", "merge", "schemas/check.json"),
    ("src/cli/check.rs", "sarif_text", SARIF),
    ("src/cli/check.rs", "reported", SARIF),
];

/// The functions of a source file that call `json_text`: the nearest
/// `fn` above each call.
fn json_writers(file: &Path) -> BTreeSet<String> {
    let mut current = None;
    let mut out = BTreeSet::new();
    for line in read(file).lines() {
        let code = line.trim_start();
        if code.starts_with("//") {
            continue;
        }
        let decl = ["fn ", "pub fn ", "pub(super) fn ", "pub(crate) fn "]
            .iter()
            .find_map(|p| code.strip_prefix(p));
        if let Some(rest) = decl {
            current = rest.split(['(', '<']).next().map(str::to_string);
            if current.as_deref() == Some("json_text") {
                continue;
            }
        }
        if line.contains("json_text(") && !code.starts_with("pub(super) fn json_text") {
            out.insert(current.clone().expect("a call outside any function"));
        }
    }
    out
}

#[test]
fn every_writer_has_a_schema_and_every_schema_a_writer() {
    let root = repo_root();
    let mut failures = Vec::new();
    let mut found = BTreeSet::new();
    for entry in std::fs::read_dir(root.join("src/cli")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|x| x != "rs") {
            continue;
        }
        let rel = format!("src/cli/{}", common::name_of(&path));
        for f in json_writers(&path) {
            if !WRITERS
                .iter()
                .any(|(file, func, _)| *file == rel && *func == f)
            {
                failures.push(format!(
                    "{rel}: {f} writes JSON and has no schema in WRITERS"
                ));
            }
            found.insert((rel.clone(), f));
        }
    }
    for (file, func, schema) in WRITERS {
        if !found.contains(&(file.to_string(), func.to_string())) {
            failures.push(format!("{file}: {func} is in WRITERS but writes no JSON"));
        }
        if !root.join(schema).exists() {
            failures.push(format!("{schema}: no such schema"));
        }
    }
    for name in our_schema_names() {
        let schema = ours(&name);
        if !WRITERS.iter().any(|(_, _, s)| *s == schema) {
            failures.push(format!("{schema}: no writer writes it"));
        }
        // schemas/README.md says which format_version names it.
        let readme = read(&root.join("schemas/README.md"));
        if !readme.contains(&format!("`{name}.json`")) {
            failures.push(format!("{schema}: not in schemas/README.md"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Each of our schemas is a valid draft 2020-12 schema that declares its
/// draft, and pins its document's `format_version` (outputs, terraform's
/// shape, has none).
#[test]
fn schemas_pin_their_draft_and_format_version() {
    let meta = "https://json-schema.org/draft/2020-12/schema";
    for name in our_schema_names() {
        let doc = common::read_json(&repo_root().join(ours(&name)));
        assert_eq!(doc["$schema"], meta, "{name}");
        jsonschema::draft202012::meta::validate(&doc)
            .unwrap_or_else(|e| panic!("{name}: not a valid 2020-12 schema: {e}"));
        let pinned = |v: &Value| v["properties"]["format_version"]["const"].is_string();
        let all_pinned = match doc["oneOf"].as_array() {
            Some(shapes) => shapes.iter().all(|s| {
                let name = s["$ref"].as_str().unwrap().rsplit('/').next().unwrap();
                pinned(&doc["$defs"][name])
            }),
            None => pinned(&doc),
        };
        assert_eq!(all_pinned, name != "outputs", "{name}: format_version");
    }
}

/// A schema that cannot fail proves nothing: each rejects a document that
/// is wrong in the way a reader would trip on.
#[test]
fn schemas_reject_what_is_not_their_document() {
    let bad = [
        ("error", r#"{"format_version": "1.0", "diagnostics": []}"#),
        (
            "error",
            r#"{"format_version": "1.0", "diagnostics": [{"severity": "fatal", "summary": "", "detail": ""}]}"#,
        ),
        (
            "error",
            r#"{"format_version": "2.0", "diagnostics": [{"severity": "error", "summary": "", "detail": ""}]}"#,
        ),
        (
            "plan",
            r#"{"format_version": "1.2", "resource_changes": [{"address": "a.b", "mode": "managed", "type": "a", "name": "b", "change": {"actions": ["move"]}}], "output_changes": {}, "summary": {"add": 0, "change": 0, "destroy": 0}}"#,
        ),
        (
            "discover",
            r#"{"format_version": "1.0", "off": null, "directories": [{"dir": "x", "outcome": "left_out", "reason": "bored", "evidence": [], "tool": null, "declaration": null}]}"#,
        ),
        (
            "outputs",
            r#"{"x": {"sensitive": false, "type": "string"}}"#,
        ),
        ("check", r#"{"format_version": "1.0"}"#),
    ];
    for (name, text) in bad {
        let doc: Value = serde_json::from_str(text).unwrap();
        assert!(
            validate(&ours(name), &doc).is_err(),
            "{name} accepted {text}"
        );
    }
    // The vendored SARIF schema too: a result's level is one of four.
    let log = |level: &str| {
        serde_json::json!({"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "minimod"}},
            "results": [{"message": {"text": "m"}, "level": level}]}]})
    };
    assert_eq!(validate(SARIF, &log("error")), Ok(()));
    assert!(validate(SARIF, &log("fatal")).is_err());
}

/// stdout as JSON, failing with what was printed instead.
fn doc_of(out: &Output, what: &str) -> Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "{what}: exit {:?}, stdout not JSON ({e}): {}{}",
            out.status.code(),
            common::stdout(out),
            common::stderr(out)
        )
    })
}

/// Validates a command's document: `schema` when it ran, the error
/// document when it failed with diagnostics (exit 2, or 1 where
/// terraform's plan errors exit 1). Returns whether it ran.
fn valid_run(out: &Output, schema: &str, what: &str) -> bool {
    let doc = doc_of(out, what);
    let failed = out.status.code() != Some(0) && doc.get("diagnostics").is_some();
    assert!(
        failed || out.status.code() != Some(2),
        "{what}: exit 2 without the error document"
    );
    match failed {
        true => assert_valid(&ours("error"), &doc, what),
        false => assert_valid(schema, &doc, what),
    }
    !failed
}

fn run_case(case: &Case, args: &[String]) -> Output {
    common::minimod(&case.root)
        .args(args)
        .envs(case.env.iter().map(|(k, v)| (k, v)))
        .output()
        .expect("running minimod")
}

/// `refactor old new --json` over a corpus, with and without its state;
/// the number of runs that refactored, and the unmatched reasons seen.
fn refactor_corpus(corpus: &str, reasons: &mut BTreeSet<String>) -> (usize, usize) {
    let cases = common::cases(&repo_root().join(corpus));
    let mut ran = 0;
    for case in &cases {
        for with_state in [true, false] {
            let mut args: Vec<String> = common::strings(&["refactor", "old", "new", "--json"]);
            if with_state && case.prior().exists() {
                args.extend(common::strings(&["--state", "expected/prior.tfstate"]));
            }
            args.extend(case.args.iter().cloned());
            let out = run_case(case, &args);
            if valid_run(&out, &ours("refactor"), &format!("{corpus}/{}", case.name)) {
                ran += 1;
                let doc = doc_of(&out, &case.name);
                for u in doc["unmatched"].as_array().into_iter().flatten() {
                    reasons.insert(u["reason"].as_str().unwrap().to_string());
                }
            }
        }
    }
    (ran, cases.len() * 2)
}

#[test]
fn refactor_documents_of_the_recorded_corpora_are_valid() {
    let mut reasons = BTreeSet::new();
    for corpus in [
        "fixtures/refactors",
        "tests/corpus/providers",
        "tests/corpus/upstream",
        "tests/corpus/plans",
    ] {
        let (ran, runs) = refactor_corpus(corpus, &mut reasons);
        assert!(runs >= 10, "{corpus}: {runs} runs");
        // The plan corpus's `err-*` cases are configurations terraform
        // refuses.
        assert!(
            ran * 4 >= runs * 3,
            "{corpus}: only {ran} of {runs} refactored"
        );
    }
    for reason in ["differs", "ambiguous", "no-counterpart", "unknown-keys"] {
        assert!(reasons.contains(reason), "no {reason} in {reasons:?}");
    }
}

#[test]
fn plan_and_outputs_documents_of_the_plan_corpus_are_valid() {
    let cases = common::cases(&repo_root().join("tests/corpus/plans"));
    assert!(cases.len() > 50, "{} cases", cases.len());
    let (mut plans, mut outputs) = (0, 0);
    for case in &cases {
        let new = case.new_dir().display().to_string();
        let prior = case.prior().display().to_string();
        let mut args = common::strings(&["plan", &new, "--state", &prior, "--json"]);
        args.extend(common::strings(&["--engine", "terraform"]));
        let schemas = case.expected().join("schemas.json");
        if schemas.exists() {
            args.extend(["--schemas".to_string(), schemas.display().to_string()]);
        }
        args.extend(case.args.iter().cloned());
        if valid_run(&run_case(case, &args), &ours("plan"), &case.name) {
            plans += 1;
        }
        let mut args = common::strings(&["outputs", &new, "--state", &prior, "--json"]);
        args.extend(case.args.iter().cloned());
        if valid_run(&run_case(case, &args), &ours("outputs"), &case.name) {
            outputs += 1;
        }
    }
    // The `err-*` cases are plans terraform refuses.
    assert!(plans * 4 >= cases.len() * 3, "only {plans} plans ran");
    assert!(outputs > 0, "no outputs document");
}

#[test]
fn refactors_across_roots_are_valid() {
    let root = repo_root().join("tests/corpus/cross-root");
    let mut ran = 0;
    for dir in case_dirs(&root, "") {
        let mut cmd = common::minimod(&dir);
        cmd.arg("refactor").arg("--json");
        for r in case_dirs(&dir, "old") {
            let r = common::name_of(&r);
            let state = dir.join(format!("expected/prior-{r}.tfstate"));
            cmd.arg("--root").arg(format!("{r}/old:{r}/new"));
            cmd.arg("--state-for")
                .arg(format!("{r}/old={}", state.display()));
        }
        let out = cmd.output().unwrap();
        let name = common::name_of(&dir);
        assert!(
            valid_run(&out, &ours("refactor"), &name),
            "{name} did not run"
        );
        assert!(doc_of(&out, &name)["roots"].is_array(), "{name}");
        ran += 1;
    }
    assert!(ran >= 2, "{ran} cases");
}

#[test]
fn configuration_errors_are_error_documents() {
    let root = repo_root().join("tests/corpus/config-errors");
    let dirs = case_dirs(&root, "");
    assert!(dirs.len() > 20, "{} cases", dirs.len());
    let mut errors = 0;
    for dir in &dirs {
        let config = match dir.join("new").exists() {
            true => dir.join("new"),
            false => dir.clone(),
        };
        let case = Case::load(dir.clone());
        let mut args = vec![
            "plan".to_string(),
            config.display().to_string(),
            "--json".into(),
        ];
        args.extend(case.args.iter().cloned());
        let out = run_case(&case, &args);
        if !valid_run(&out, &ours("plan"), &case.name) {
            errors += 1;
        }
    }
    assert!(errors * 10 >= dirs.len() * 9, "only {errors} errors");
}

fn monorepo() -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let repo = tmp.path().join("repo");
    common::monorepo(&repo);
    (tmp, repo)
}

fn check(repo: &Path, args: &[&str]) -> Output {
    common::minimod(repo)
        .args(["check", "--base", "HEAD~1"])
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn check_reports_shards_merges_and_errors_are_valid() {
    let (tmp, repo) = monorepo();
    let failed = check(&repo, &["--format", "json"]);
    assert_eq!(failed.status.code(), Some(1));
    let doc = doc_of(&failed, "check");
    assert_valid(&ours("check"), &doc, "check");
    let mut shards = Vec::new();
    for k in ["1/2", "2/2"] {
        let out = check(&repo, &["--format", "json", "--shard", k]);
        let doc = doc_of(&out, k);
        assert_valid(&ours("check"), &doc, k);
        assert!(doc["shard"].is_object(), "{k}");
        let file = tmp.path().join(format!("shard-{}.json", &k[..1]));
        std::fs::write(&file, &out.stdout).unwrap();
        shards.push(file);
    }
    let mut merge = common::minimod(&repo);
    merge.args(["check", "--format", "json"]);
    for s in &shards {
        merge.arg("--merge").arg(s);
    }
    let merged = doc_of(&merge.output().unwrap(), "merge");
    assert_valid(&ours("check"), &merged, "merge");
    assert!(merged.get("shard").is_none());

    // --fix writes the blocks; staged, the check passes.
    assert_eq!(check(&repo, &["--fix"]).status.code(), Some(1));
    common::git(&repo, &["add", "-A"]);
    let passed = check(&repo, &["--format", "json"]);
    assert_eq!(passed.status.code(), Some(0), "{}", common::stderr(&passed));
    assert_valid(&ours("check"), &doc_of(&passed, "passed"), "passed");

    // Errors: not a repository, a revision that is not there, shards that
    // are no set.
    let nowhere = tmp.path().join("nowhere");
    std::fs::create_dir_all(&nowhere).unwrap();
    let no_shard = tmp.path().join("missing.json");
    for (cwd, args) in [
        (
            &nowhere,
            vec!["check", "--base", "HEAD", "--format", "json"],
        ),
        (
            &repo,
            vec!["check", "--base", "no-such-rev", "--format", "json"],
        ),
        (
            &repo,
            vec![
                "check",
                "--format",
                "json",
                "--merge",
                shards[0].to_str().unwrap(),
            ],
        ),
        (
            &repo,
            vec![
                "check",
                "--format",
                "json",
                "--merge",
                no_shard.to_str().unwrap(),
            ],
        ),
    ] {
        let out = common::minimod(cwd).args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let doc = doc_of(&out, "error");
        assert_eq!(schema_of("check", &doc), ours("error"), "{args:?}");
        assert_valid(&ours("error"), &doc, &format!("{args:?}"));
    }
}

#[test]
fn discovery_documents_are_valid() {
    let (_tmp, repo) = monorepo();
    let out = common::minimod(&repo)
        .args(["discover", "--json"])
        .output()
        .unwrap();
    assert!(valid_run(&out, &ours("discover"), "monorepo"));
    let data = repo_root().join("tests/data/discover");
    let mut ran = 0;
    for entry in std::fs::read_dir(&data).unwrap() {
        let archive = entry.unwrap().path();
        if archive.extension().is_none_or(|x| x != "txtar") {
            continue;
        }
        let dir = tempfile::tempdir().unwrap();
        common::unpack_txtar(&archive, dir.path());
        common::git(dir.path(), &["init", "-q"]);
        common::git(dir.path(), &["add", "-A", "-f"]);
        common::git(
            dir.path(),
            &["commit", "-q", "--allow-empty", "-m", "fixture"],
        );
        let out = common::minimod(dir.path())
            .args(["discover", "--json"])
            .output()
            .unwrap();
        if valid_run(&out, &ours("discover"), &common::name_of(&archive)) {
            ran += 1;
        }
    }
    assert!(ran >= 3, "{ran} discoveries ran");
}
