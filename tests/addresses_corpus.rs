//! Checks `minimod addresses` against address lists recorded from the real terraform.
//!
//! The ground truth lives in `tests/corpus/` (`tests/record configs`) and, for the lesson's
//! fixture (the plan corpus case `lesson-renamed`, the terraform_data twin of `fixtures/site`
//! and `fixtures/renamed`), in that case's `lesson/expected/` (`tests/record lesson`). Every
//! case is run and every mismatch is collected, so one failing run shows the whole picture.

mod common;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;

use common::{case_dirs, env_of, lines_of, name_of, read, repo_root};

/// One directory that minimod loads as a root module.
struct Case {
    /// Shown in failure messages, e.g. `configs/count-zero` or `fixtures/site (prod)`.
    label: String,
    dir: PathBuf,
    /// Extra command-line arguments, one per line in the case's `args` file.
    args: Vec<String>,
    /// Environment variables from the case's `env` file (`NAME=VALUE`).
    env: Vec<(String, String)>,
}

fn corpus_root() -> PathBuf {
    repo_root().join("tests/corpus")
}

/// The lesson's configuration, once: old/ is the site, new/ the rename.
fn lesson_case() -> PathBuf {
    corpus_root().join("plans/lesson-renamed")
}

/// terraform's answers about the lesson beyond the plan corpus's: per side
/// (`site`, `renamed`), in `lesson/expected/`.
fn lesson_records() -> PathBuf {
    lesson_case().join("lesson/expected")
}

/// The case directories under `tests/corpus/<kind>/`, sorted by name.
fn cases(kind: &str) -> Vec<Case> {
    case_dirs(&corpus_root().join(kind), "")
        .into_iter()
        .map(|dir| Case {
            label: format!("{kind}/{}", name_of(&dir)),
            args: lines_of(&dir.join("args")),
            env: env_of(&dir.join("env")),
            dir,
        })
        .collect()
}

/// Runs `minimod addresses DIR ARGS...` from inside DIR, so relative `-var-file` paths and
/// `terraform.tfvars` resolve the same way whether minimod treats them relative to the
/// working directory or to DIR. Inherited `TF_VAR_*` variables are removed first.
fn run_addresses(case: &Case) -> Output {
    run_minimod(case, &["addresses"])
}

/// `minimod COMMAND... DIR ARGS...`, run as `run_addresses` says.
fn run_minimod(case: &Case, command_words: &[&str]) -> Output {
    common::minimod(&case.dir)
        .args(command_words)
        .arg(&case.dir)
        .args(&case.args)
        .envs(case.env.iter().map(|(name, value)| (name, value)))
        .output()
        .unwrap_or_else(|err| panic!("{}: cannot run minimod: {err}", case.label))
}

/// Compares one case's stdout with an expected address list; returns a failure description.
fn check_addresses(case: &Case, expected: &str) -> Option<String> {
    let output = run_addresses(case);
    let stdout = String::from_utf8_lossy(&output.stdout);
    if output.status.success() && stdout == expected {
        return None;
    }
    let mut report = format!("--- {} (args {:?})\n", case.label, case.args);
    if !output.status.success() {
        report += &format!(
            "exit status {}; stderr:\n{}\n",
            output.status,
            String::from_utf8_lossy(&output.stderr)
        );
    }
    if stdout != expected {
        report += &common::unified_diff(
            expected,
            &stdout,
            ("terraform state list", "minimod addresses"),
        );
    }
    Some(report)
}

/// The lesson's fixtures: the terraform_data twins (the lesson case's old/ and new/) were
/// recorded directly; the local_file originals have the same addresses with the resource
/// type swapped.
fn fixture_cases() -> Vec<(Case, String)> {
    let fixtures = repo_root().join("fixtures");
    let recorded = [
        ("site", "old", "state-list-dev.txt", false),
        ("site", "old", "state-list-prod.txt", true),
        ("renamed", "new", "state-list-prod.txt", true),
    ];
    let mut out = Vec::new();
    for (original, side, list, prod) in recorded {
        let expected = read(&lesson_records().join(original).join(list));
        let args = if prod {
            vec!["-var-file=prod.tfvars".to_owned()]
        } else {
            Vec::new()
        };
        let variant = if prod { "prod" } else { "dev" };
        out.push((
            Case {
                label: format!("plans/lesson-renamed/{side} ({variant})"),
                dir: lesson_case().join(side),
                args: args.clone(),
                env: Vec::new(),
            },
            expected.clone(),
        ));
        out.push((
            Case {
                label: format!("fixtures/{original} ({variant})"),
                dir: fixtures.join(original),
                args,
                env: Vec::new(),
            },
            expected.replace("terraform_data.", "local_file."),
        ));
    }
    out
}

#[test]
fn addresses_match_terraform_state_list() {
    let mut failures = Vec::new();
    let mut total = 0;
    for case in cases("configs") {
        total += 1;
        let expected = read(&case.dir.join("expected/state-list.txt"));
        failures.extend(check_addresses(&case, &expected));
    }
    for (case, expected) in fixture_cases() {
        total += 1;
        failures.extend(check_addresses(&case, &expected));
    }
    assert!(
        failures.is_empty(),
        "{} of {total} cases differ from terraform:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// `minimod outputs` against `terraform output`: the JSON form for every
/// configs case and both lesson variants, the text form for the lesson.
#[test]
fn outputs_match_terraform_output() {
    let mut failures = Vec::new();
    let mut total = 0;
    let mut check = |case: &Case, words: &[&str], expected: &Path| {
        total += 1;
        let output = run_minimod(case, words);
        let stdout = String::from_utf8_lossy(&output.stdout);
        let want = read(expected);
        let same = if words.contains(&"--json") {
            serde_json::from_str::<serde_json::Value>(&stdout).ok()
                == Some(serde_json::from_str::<serde_json::Value>(&want).expect("recorded JSON"))
        } else {
            stdout == want
        };
        if !output.status.success() || !same {
            failures.push(format!(
                "--- {} ({words:?}): exit {}\nwant:\n{want}\ngot:\n{stdout}{}",
                case.label,
                output.status,
                String::from_utf8_lossy(&output.stderr)
            ));
        }
    };
    for case in cases("configs") {
        let expected = case.dir.join("expected/outputs.json");
        if expected.exists() {
            check(&case, &["outputs", "--json"], &expected);
        }
    }
    let twin = lesson_case().join("old");
    for (variant, args) in [
        ("dev", vec![]),
        ("prod", vec!["-var-file=prod.tfvars".to_owned()]),
    ] {
        let case = Case {
            label: format!("plans/lesson-renamed/old ({variant})"),
            dir: twin.clone(),
            args,
            env: Vec::new(),
        };
        let expected = lesson_records().join("site");
        check(
            &case,
            &["outputs", "--json"],
            &expected.join(format!("output-{variant}.json")),
        );
        check(
            &case,
            &["outputs"],
            &expected.join(format!("output-{variant}.txt")),
        );
    }
    assert!(
        failures.is_empty(),
        "{} of {total} output checks differ from terraform:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The lesson's two validation failures, for the twin and the local_file original, with the
/// `Error:` lines of the recorded stderr.
fn fixture_error_cases() -> Vec<(Case, Vec<String>)> {
    let recorded = [
        ("-var=env=qa", "plan-env-qa.stderr.txt"),
        (
            r#"-var=sites={"Blog":"x","blog":"y"}"#,
            "plan-sites-Blog.stderr.txt",
        ),
    ];
    let mut out = Vec::new();
    for (arg, stderr) in recorded {
        let path = lesson_records().join("site").join(stderr);
        let summaries: Vec<String> = lines_of(&path)
            .into_iter()
            .filter(|line| line.starts_with("Error: "))
            .collect();
        for dir in [lesson_case().join("old"), repo_root().join("fixtures/site")] {
            out.push((
                Case {
                    label: format!("{} ({arg})", dir.display()),
                    dir,
                    args: vec![arg.to_owned()],
                    env: Vec::new(),
                },
                summaries.clone(),
            ));
        }
    }
    out
}

/// The errors of the case's recorded `expected/stderr.txt`, if it has one.
/// A case whose `DETAILS-DIFFER` file says why minimod words it otherwise
/// (terraform's init-time text names paths it never resolved) compares
/// summaries only.
fn recorded_errors(case: &Case) -> Vec<common::PrintedError> {
    if case.dir.join("DETAILS-DIFFER").exists() {
        return Vec::new();
    }
    match fs::read_to_string(case.dir.join("expected/stderr.txt")) {
        // init's preamble is not an error of the configuration, and a
        // cycle's summary lists its vertices in Go's map order.
        Ok(text) => common::diagnostics(&text)
            .into_iter()
            .filter(|e| {
                !e.summary
                    .starts_with("Terraform encountered problems during initiali")
                    && !e.summary.starts_with("Cycle: ")
            })
            .collect(),
        Err(_) => Vec::new(),
    }
}

/// Each error's quote of the source, as written: its summary, then the
/// `on FILE line N, in ...:` line and every numbered line of code under
/// it (the values under `├────` and the detail left out).
fn quotes(stderr: &str) -> Vec<(String, Vec<String>)> {
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    let mut quoting = false;
    for line in stderr.lines() {
        let l = line.trim_start_matches(['│', '╷', '╵']).trim_end();
        if let Some(summary) = l.trim_start().strip_prefix("Error: ") {
            out.push((summary.to_string(), Vec::new()));
            quoting = false;
        } else if let Some((_, lines)) = out.last_mut() {
            let t = l.trim_start();
            let starts = lines.is_empty() && t.starts_with("on ") && t.contains(" line ");
            if starts || (quoting && common::is_source_excerpt(t)) {
                lines.push(l.trim_start_matches(' ').to_string());
                quoting = true;
            } else {
                quoting = false;
            }
        }
    }
    out
}

#[test]
fn config_errors_exit_2_with_terraform_summary() {
    let mut failures = Vec::new();
    let mut error_cases: Vec<(Case, Vec<String>)> = cases("config-errors")
        .into_iter()
        .map(|case| {
            let summaries = lines_of(&case.dir.join("expected/summary.txt"));
            (case, summaries)
        })
        .collect();
    error_cases.extend(fixture_error_cases());
    for (case, summaries) in &error_cases {
        assert!(!summaries.is_empty(), "{}: empty summary.txt", case.label);
        let output = run_addresses(case);
        let stderr = String::from_utf8_lossy(&output.stderr);
        let mut problems = Vec::new();
        if output.status.code() != Some(2) {
            problems.push(format!("{} (want exit code 2)", output.status));
        }
        for summary in summaries {
            if !stderr
                .lines()
                .any(|line| line.starts_with(summary.as_str()))
            {
                problems.push(format!("no line starting with {summary:?}"));
            }
        }
        // Where terraform's whole stderr was recorded, its details and
        // places must be ours too.
        let got = common::diagnostics(&stderr);
        for want in recorded_errors(case) {
            if !got.contains(&want) {
                problems.push(format!("no error {want:?}"));
            }
        }
        // And the source each quotes, line for line: a subject or context
        // over several lines quotes all of them. A `QUOTE-DIFFERS` file
        // says why a case names the enclosing construct otherwise.
        if !recorded_errors(case).is_empty() && !case.dir.join("QUOTE-DIFFERS").exists() {
            let ours = quotes(&stderr);
            for want in quotes(&read(&case.dir.join("expected/stderr.txt"))) {
                if !want.1.is_empty() && !ours.contains(&want) {
                    problems.push(format!("no error quoting the source as {want:?}"));
                }
            }
        }
        if !problems.is_empty() {
            failures.push(format!(
                "--- {}: {}\nstdout:\n{}stderr:\n{stderr}",
                case.label,
                problems.join("; "),
                String::from_utf8_lossy(&output.stdout)
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} error cases differ from terraform:\n{}",
        failures.len(),
        error_cases.len(),
        failures.join("\n")
    );
}

/// A record with what varies from run to run made equal: terraform lists
/// the vertices of a cycle in Go's map order, so they are sorted.
fn comparable(_: &Path, record: &[u8]) -> String {
    String::from_utf8_lossy(record)
        .lines()
        .map(|line| match line.split_once("Cycle: ") {
            Some((head, vertices)) => {
                let mut v: Vec<&str> = vertices.split(", ").collect();
                v.sort_unstable();
                format!("{head}Cycle: {}", v.join(", "))
            }
            None => line.to_owned(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Re-runs both recorders when asked to (`MINIMOD_LIVE=1` and terraform on PATH), so a new
/// terraform version or an edited case cannot leave stale records behind.
#[test]
fn live_terraform_agrees_with_records() {
    if !common::live() {
        return;
    }
    let scratch = tempfile::tempdir().expect("temp dir");
    let mut failures = Vec::new();
    for (corpus, committed) in [("configs", corpus_root()), ("lesson", lesson_records())] {
        let out = scratch.path().join(corpus);
        common::record(corpus, &out);
        let fresh = common::files_under(&out, &[]);
        // Only what the recorder wrote is compared: the cases themselves
        // (configurations, args) are not recorded.
        let committed: std::collections::BTreeMap<PathBuf, Vec<u8>> = fresh
            .keys()
            .filter_map(|rel| Some((rel.clone(), fs::read(committed.join(rel)).ok()?)))
            .collect();
        failures.extend(common::compare_records(&committed, &fresh, &comparable));
    }
    assert!(
        failures.is_empty(),
        "terraform no longer agrees with {} record(s):\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Rewrites a local_file configuration the way its terraform_data twin was made: the
/// resource type changes, `filename`/`content` move into `input`, and references to
/// `.filename` read `.input.filename`. `//` comments are dropped.
fn as_terraform_data_twin(value: &serde_json::Value) -> serde_json::Value {
    use serde_json::Value;
    let reference = regex::Regex::new(r"local_file\.(\w+)(\[\*\])?\.filename").unwrap();
    match value {
        Value::String(text) => {
            let text = reference.replace_all(text, "terraform_data.$1$2.input.filename");
            Value::String(text.replace("local_file.", "terraform_data."))
        }
        Value::Array(items) => Value::Array(items.iter().map(as_terraform_data_twin).collect()),
        Value::Object(map) => {
            let mut out = serde_json::Map::new();
            for (key, item) in map {
                if key == "//" {
                    continue;
                }
                if key == "local_file" {
                    let mut resources = serde_json::Map::new();
                    for (name, body) in item.as_object().expect("local_file resources") {
                        let mut body = as_terraform_data_twin(body);
                        let fields = body.as_object_mut().expect("resource body");
                        let mut input = serde_json::Map::new();
                        for arg in ["filename", "content"] {
                            if let Some(arg_value) = fields.remove(arg) {
                                input.insert(arg.to_owned(), arg_value);
                            }
                        }
                        fields.insert("input".to_owned(), Value::Object(input));
                        resources.insert(name.clone(), body);
                    }
                    out.insert("terraform_data".to_owned(), Value::Object(resources));
                } else {
                    out.insert(key.clone(), as_terraform_data_twin(item));
                }
            }
            Value::Object(out)
        }
        other => other.clone(),
    }
}

fn without_comments(value: &serde_json::Value) -> serde_json::Value {
    let mut value = value.clone();
    if let Some(map) = value.as_object_mut() {
        map.remove("//");
    }
    value
}

/// The twins are only evidence for the local_file fixtures if they say the same thing.
#[test]
fn terraform_data_twins_mirror_the_local_file_fixtures() {
    let fixtures = repo_root().join("fixtures");
    let pairs = [("site", "old"), ("renamed", "new")];
    let mut failures = Vec::new();
    for (original, twin) in pairs {
        for file in ["main.tf.json", "modules/web/main.tf.json", "prod.tfvars"] {
            let left = read(&fixtures.join(original).join(file));
            let right = read(&lesson_case().join(twin).join(file));
            let same = if file.ends_with(".json") {
                let left: serde_json::Value = serde_json::from_str(&left).expect("JSON fixture");
                let right: serde_json::Value = serde_json::from_str(&right).expect("JSON twin");
                as_terraform_data_twin(&left) == without_comments(&right)
            } else {
                left == right
            };
            if !same {
                failures.push(format!("{original}/{file} and {twin}/{file}"));
            }
        }
    }
    assert!(failures.is_empty(), "twins drifted apart: {failures:?}");
}
