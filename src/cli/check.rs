//! `minimod check --base REV [--head REV] [REPO]`.

use std::io::Write;
use std::path::Path;

use crate::check::{self, CheckRequest, render};
use crate::diagnostics::{Diagnostic, SourceMap};

use super::commands::{CmdResult, print_diagnostics};

/// Exit codes: 0 passed, 1 failed, 2 errors.
pub fn run(
    repo: &Path,
    base: String,
    head: Option<String>,
    format: &str,
    fix: bool,
    allow_add: bool,
    schemas: Option<std::path::PathBuf>,
    sources: &mut SourceMap,
) -> CmdResult {
    if fix && head.is_some() {
        let d = Diagnostic::error(
            "Cannot fix a revision",
            "--fix writes the missing moved blocks into the working tree; leave out --head to check the working tree.",
        );
        return Err((2, d.into()));
    }
    let req = CheckRequest {
        repo: repo.to_path_buf(),
        base,
        head,
        allow_add,
        schemas,
    };
    let mut report = check::check(&req, sources).map_err(|d| (2, d))?;
    if !report.warnings.is_empty() {
        print_diagnostics(&report.warnings, sources);
    }
    if fix {
        let written = check::fix(&report).map_err(|d| (2, d))?;
        for f in &written {
            eprintln!("Wrote {}", crate::syntax::source::clean_path(f));
        }
        if !written.is_empty() {
            // Check again: the blocks must now prove out.
            report = check::check(&req, sources).map_err(|d| (2, d))?;
        }
    }
    let mut stdout = std::io::stdout().lock();
    let text = match format {
        "markdown" => render::markdown(&report),
        "json" => serde_json::to_string_pretty(&render::json(&report)).unwrap_or_default() + "\n",
        _ => render::text(&report),
    };
    let _ = write!(stdout, "{text}");
    if std::env::var("GITHUB_ACTIONS").is_ok_and(|v| v == "true") {
        let _ = write!(stdout, "{}", render::github_annotations(&report));
    }
    Ok(if report.passed() { 0 } else { 1 })
}
