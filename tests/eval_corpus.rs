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

/// The detail minimod gives where terraform's is `detail`: where a call
/// has a sensitive argument, minimod hides every value its error quotes
/// from the call's arguments, as `(sensitive value)` (terraform hides only
/// some, with those words). So a quoted part (`"..."`, `'...'`) of any of
/// the expression's string literals, and the sensitive literal itself
/// where the detail shows it bare, read `(sensitive value)`.
fn hidden_where_sensitive(expr: &str, detail: &str) -> String {
    if !expr.contains("sensitive(") {
        return detail.to_string();
    }
    let literals: Vec<&str> = expr.split('"').skip(1).step_by(2).collect();
    let secrets: Vec<&str> = expr
        .split("sensitive(")
        .skip(1)
        .filter_map(|rest| match rest.strip_prefix('"') {
            Some(s) => s.split('"').next(),
            None => rest.split([')', ',', ' ']).next(),
        })
        .filter(|s| !s.is_empty())
        .collect();
    const HIDDEN: &str = "(sensitive value)";
    let mut out = String::new();
    let mut rest = detail;
    while let Some(open) = rest.find(['"', '\'']) {
        let q = &rest[open..open + 1];
        let Some(len) = rest[open + 1..].find(q) else {
            break;
        };
        let inner = &rest[open + 1..open + 1 + len];
        out.push_str(&rest[..open]);
        match !inner.is_empty() && literals.iter().any(|l| l.contains(inner)) {
            true => out.push_str(HIDDEN),
            false => out.push_str(&rest[open..open + len + 2]),
        }
        rest = &rest[open + len + 2..];
    }
    out.push_str(rest);
    // A bare value: a word of its own in the sentence.
    let mut words: Vec<String> = Vec::new();
    for word in out.split(' ') {
        let end = word.trim_end_matches(['.', ',', ';']);
        words.push(match secrets.contains(&end) {
            true => format!("{HIDDEN}{}", &word[end.len()..]),
            false => word.to_string(),
        });
    }
    words.join(" ")
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
fn what_a_sensitive_call_quotes_is_hidden() {
    let cases = [
        (
            "cidrhost(sensitive(\"10.0.0.0/33\"), 1)",
            "failed: invalid CIDR address: 10.0.0.0/33.",
            "failed: invalid CIDR address: (sensitive value).",
        ),
        (
            "format(sensitive(\"%Q\"), 1)",
            "unsupported format verb 'Q' in \"%Q\" at offset 0.",
            "unsupported format verb (sensitive value) in (sensitive value) at offset 0.",
        ),
        (
            "cidrhost(\"10.0.0.0/30\", sensitive(9))",
            "Call to function \"cidrhost\" failed: prefix of 30 does not accommodate a host numbered 9.",
            "Call to function \"cidrhost\" failed: prefix of 30 does not accommodate a host numbered (sensitive value).",
        ),
        ("upper(\"a\")", "no \"a\" here", "no \"a\" here"),
    ];
    for (expr, terraform, minimod) in cases {
        assert_eq!(hidden_where_sensitive(expr, terraform), minimod, "{expr}");
    }
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
                        && r.detail.as_deref().is_none_or(|d| {
                            has_detail(&stderr, &hidden_where_sensitive(&r.expr, d))
                        }),
                    format!(
                        "exit 1, Error: {}, detail {:?}",
                        r.stderr_summary,
                        hidden_where_sensitive(&r.expr, r.detail.as_deref().unwrap_or(""))
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
