//! Helpers every corpus test shares: live mode and reading terraform's
//! printed diagnostics.
#![allow(dead_code)] // each test binary uses its own subset

use std::path::Path;
use std::process::Command;

/// Whether to re-check against the real terraform: `MINIMOD_LIVE` set.
/// Live mode asked for without a working terraform on PATH is a failure,
/// never a silent skip.
pub fn live() -> bool {
    if std::env::var_os("MINIMOD_LIVE").is_none() {
        eprintln!("skipped: set MINIMOD_LIVE=1 (with terraform on PATH) to re-check live");
        return false;
    }
    let works = Command::new("terraform")
        .arg("version")
        .env("TF_CLI_CONFIG_FILE", "/dev/null")
        .output()
        .is_ok_and(|o| o.status.success());
    assert!(
        works,
        "MINIMOD_LIVE is set but no working terraform is on PATH"
    );
    true
}

/// One printed error: its summary, where it points (`on FILE line N`, if
/// anywhere) and its detail with whitespace runs squashed, since terraform
/// and minimod wrap long details at different widths.
#[derive(Debug, PartialEq)]
pub struct PrintedError {
    pub summary: String,
    pub at: Option<String>,
    pub detail: String,
}

/// The errors of a stderr text. Source excerpts (`  12: moved {`) and
/// expression-value notes under `├────` are context, not compared.
pub fn diagnostics(stderr: &str) -> Vec<PrintedError> {
    let mut out: Vec<PrintedError> = Vec::new();
    let mut in_error = false;
    let mut in_values = false;
    let mut detail: Vec<&str> = Vec::new();
    let flush = |out: &mut Vec<PrintedError>, detail: &mut Vec<&str>| {
        if let Some(last) = out.last_mut() {
            last.detail = detail
                .iter()
                .flat_map(|l| l.split_whitespace())
                .collect::<Vec<_>>()
                .join(" ");
        }
        detail.clear();
    };
    for line in stderr.lines() {
        let l = line.trim_start_matches(['│', '╷', '╵']).trim_end();
        let t = l.trim_start();
        if let Some(summary) = t.strip_prefix("Error: ") {
            flush(&mut out, &mut detail);
            out.push(PrintedError {
                summary: summary.to_string(),
                at: None,
                detail: String::new(),
            });
            in_error = true;
            in_values = false;
        } else if t.starts_with("Warning: ") {
            flush(&mut out, &mut detail);
            in_error = false;
        } else if !in_error || (t.is_empty() && detail.is_empty()) {
        } else if t.starts_with("on ")
            && t.contains(" line ")
            && out
                .last()
                .is_some_and(|e| e.at.is_none() && detail.is_empty())
        {
            let at = t.split(':').next().unwrap_or(t);
            let at = at.split(", in ").next().unwrap_or(at);
            out.last_mut().unwrap().at = Some(at.to_string());
        } else if t.starts_with('├') {
            in_values = true;
        } else if in_values && (t.starts_with('│') || t.is_empty()) {
            in_values = !t.is_empty();
        } else if is_source_excerpt(t) && detail.is_empty() {
        } else {
            detail.push(t);
        }
    }
    flush(&mut out, &mut detail);
    out
}

/// `12: moved {` or `(source code not available)`: a quoted source line.
pub fn is_source_excerpt(t: &str) -> bool {
    t == "(source code not available)"
        || t.split_once(':')
            .is_some_and(|(n, _)| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
}

/// Copies a directory tree (the cases are small).
pub fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}
