//! The expression corpus: minimod's `eval` must print what `terraform
//! console` printed for every expression recorded in tests/corpus.
//!
//! Records live in tests/corpus/expressions/<family>.jsonl, recorded by
//! tests/corpus/record.sh from the <family>.exprs inputs against the root
//! module tests/corpus/expr-config.

mod common;

use std::fs;
use std::path::{Path, PathBuf};

use serde::Deserialize;

#[derive(Debug, Deserialize, PartialEq)]
struct Record {
    expr: String,
    stdout: String,
    /// Empty on success; otherwise the text after `Error: ` on the first
    /// error's summary line.
    stderr_summary: String,
    #[serde(default)]
    detail: Option<String>,
    /// Anything console wrote to stderr although it succeeded (warnings).
    #[serde(default)]
    stderr: Option<String>,
}

fn corpus_dir() -> PathBuf {
    common::repo_root().join("tests/corpus")
}

/// Every family's records, families in name order.
fn load_records(dir: &Path) -> Vec<(String, Vec<Record>)> {
    let mut files: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    files.sort();
    files
        .iter()
        .map(|path| {
            let family = path.file_stem().unwrap().to_string_lossy().into_owned();
            let text = fs::read_to_string(path).unwrap();
            let records = text
                .lines()
                .enumerate()
                .map(|(i, line)| {
                    serde_json::from_str(line)
                        .unwrap_or_else(|e| panic!("{}:{}: {e}", path.display(), i + 1))
                })
                .collect();
            (family, records)
        })
        .collect()
}

/// The expressions of a `.exprs` input, as record.sh reads them.
fn load_exprs(path: &Path) -> Vec<String> {
    fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(String::from)
        .collect()
}

/// Whether stderr carries `Error: <summary>` as a line of its own, allowing
/// for the box-drawing prefix Terraform uses on a terminal.
fn has_error_line(stderr: &str, summary: &str) -> bool {
    let want = format!("Error: {summary}");
    stderr
        .lines()
        .any(|l| l.trim_start_matches(['│', '╷', ' ']).trim_end() == want)
}

/// Whether stderr carries the recorded detail. Both sides wrap long
/// details at their own width, so whitespace runs compare as one space.
fn has_detail(stderr: &str, detail: &str) -> bool {
    let squash = |s: &str| {
        s.lines()
            .map(|l| l.trim_start_matches(['│', '╷', '╵']))
            .flat_map(str::split_whitespace)
            .collect::<Vec<_>>()
            .join(" ")
    };
    squash(stderr).contains(&squash(detail))
}

#[test]
fn records_match_their_exprs_inputs() {
    let dir = corpus_dir().join("expressions");
    let families = load_records(&dir);
    assert!(!families.is_empty(), "no records in {}", dir.display());
    let mut total = 0;
    for (family, records) in &families {
        let exprs = load_exprs(&dir.join(format!("{family}.exprs")));
        let recorded: Vec<&str> = records.iter().map(|r| r.expr.as_str()).collect();
        assert_eq!(
            recorded, exprs,
            "{family}.jsonl is stale: re-run tests/corpus/record.sh"
        );
        for r in records {
            // A success has output and no summary; an error the reverse.
            assert_eq!(
                r.stderr_summary.is_empty(),
                !r.stdout.is_empty(),
                "{family}: {:?} has both or neither of stdout and an error",
                r.expr
            );
        }
        total += records.len();
    }
    assert!(total >= 350, "only {total} records");
}

#[test]
fn eval_matches_terraform_console() {
    let config = corpus_dir().join("expr-config");
    let mut mismatches = Vec::new();
    let mut total = 0;
    for (family, records) in load_records(&corpus_dir().join("expressions")) {
        for r in records {
            total += 1;
            // Run from inside the module, as the recording did, so that
            // relative paths (file("data/x"), path.module) mean the same.
            let out = common::run(&config, ["eval", &r.expr, "."]);
            let stdout = String::from_utf8_lossy(&out.stdout);
            let stdout = stdout.strip_suffix('\n').unwrap_or(&stdout);
            let stderr = String::from_utf8_lossy(&out.stderr);
            let code = out.status.code();
            let (ok, want, got) = if r.stderr_summary.is_empty() {
                (
                    code == Some(0) && stdout == r.stdout,
                    r.stdout.clone(),
                    format!("{stdout}{}", describe_failure(code, &stderr)),
                )
            } else {
                (
                    code == Some(1)
                        && has_error_line(&stderr, &r.stderr_summary)
                        && r.detail.as_deref().is_none_or(|d| has_detail(&stderr, d)),
                    format!(
                        "exit 1, Error: {}, detail {:?}",
                        r.stderr_summary,
                        r.detail.as_deref().unwrap_or("")
                    ),
                    format!(
                        "exit {code:?}, stdout {stdout:?}, stderr {:?}",
                        stderr.trim()
                    ),
                )
            };
            if !ok {
                mismatches.push(format!(
                    "[{family}] {}\n  want: {}\n  got:  {}",
                    r.expr,
                    want.replace('\n', "\n        "),
                    got.replace('\n', "\n        ")
                ));
            }
        }
    }
    assert!(
        mismatches.is_empty(),
        "{} of {total} expressions differ from terraform console:\n\n{}",
        mismatches.len(),
        mismatches.join("\n\n")
    );
}

fn describe_failure(code: Option<i32>, stderr: &str) -> String {
    if code == Some(0) {
        String::new()
    } else {
        format!(" (exit {code:?}, stderr {:?})", stderr.trim())
    }
}

/// Re-records the corpus with the terraform on PATH and fails if any answer
/// changed, so that a terraform upgrade that changes behaviour is noticed.
/// Runs only with MINIMOD_LIVE set.
#[test]
fn live_terraform_agrees_with_records() {
    if !common::live() {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    common::record("expressions", tmp.path());

    let old = load_records(&corpus_dir().join("expressions"));
    let new = load_records(tmp.path());
    let mut changes = Vec::new();
    for ((family, old), (new_family, new)) in old.iter().zip(&new) {
        assert_eq!(family, new_family);
        for (o, n) in old.iter().zip(new) {
            if o != n {
                changes.push(format!(
                    "[{family}] {}\n  recorded: {o:?}\n  now:      {n:?}",
                    o.expr
                ));
            }
        }
        assert_eq!(old.len(), new.len(), "{family}: record count changed");
    }
    assert_eq!(old.len(), new.len(), "family count changed");
    assert!(
        changes.is_empty(),
        "{} records changed with this terraform:\n\n{}",
        changes.len(),
        changes.join("\n\n")
    );
}
