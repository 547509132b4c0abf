//! `minimod check --base REV [--head REV] [REPO]`.

use std::io::Write;

use crate::check::{self, CheckRequest, render};
use crate::diagnostics::{Diagnostic, SourceMap};
use crate::refactor::report::Detail;

use super::commands::{CmdResult, print_diagnostics};

/// Exit codes: 0 passed, 1 failed, 2 errors.
pub(super) fn run(
    req: &CheckRequest,
    format: super::ReportFormat,
    fix: bool,
    detail: Detail,
    sources: &mut SourceMap,
) -> CmdResult {
    let result = run_checked(req, format, fix, detail, sources);
    reported(result, format, sources)
}

/// A check that could not run still gives its report, so that a
/// pull-request comment or a JSON reader learns what is wrong: markdown
/// says so in the comment (and the job summary), JSON is a document with
/// the diagnostics, and in Actions one annotation names the errors. The
/// diagnostics are printed on stderr too.
pub(super) fn reported(
    result: CmdResult,
    format: super::ReportFormat,
    sources: &SourceMap,
) -> CmdResult {
    let Err((code, diags)) = result else {
        return result;
    };
    print_diagnostics(&diags, sources);
    match format {
        super::ReportFormat::Markdown => {
            let text = render::markdown_error(&diags.render(sources));
            write_summary(&text);
            let _ = write!(super::commands::stdout(), "{text}");
        }
        super::ReportFormat::Json => super::commands::write_error_document(&diags),
        super::ReportFormat::Sarif => {
            let log = check::sarif::error_log(&super::refactor::diagnostics_json(&diags));
            let _ = write!(
                super::commands::stdout(),
                "{}",
                super::commands::json_text(&log)
            );
        }
        super::ReportFormat::Text => {}
    }
    if super::commands::in_github_actions() {
        let summaries: Vec<String> = diags
            .iter()
            .filter(|d| d.severity == crate::diagnostics::Severity::Error)
            .map(|d| d.summary.clone())
            .collect();
        super::commands::print_workflow_commands(&[render::error_annotation(&summaries)]);
    }
    // Printed already.
    Ok(code)
}

/// The job summary's file in a GitHub Actions run.
fn summary_file() -> Option<std::path::PathBuf> {
    if !super::commands::in_github_actions() {
        return None;
    }
    std::env::var_os("GITHUB_STEP_SUMMARY")
        .filter(|f| !f.is_empty())
        .map(std::path::PathBuf::from)
}

/// Appends a markdown report to the job summary, when there is one;
/// whether it was written.
fn write_summary(text: &str) -> bool {
    let Some(file) = summary_file() else {
        return false;
    };
    let appended = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&file)
        .and_then(|mut f| f.write_all(crate::text::inert(text).as_bytes()));
    if let Err(e) = &appended {
        let _ = writeln!(
            super::commands::stderr(),
            "minimod: cannot write the job summary {}: {e}",
            file.display()
        );
    }
    appended.is_ok()
}

/// The pull-request comment of a report, within GitHub's limit, with the
/// whole report (within the job summary's limit) in the job summary. It is
/// rendered from the JSON report, so the comment of merged shards
/// (`--merge`) is the comment of one run.
fn markdown_comment(doc: &serde_json::Value) -> String {
    let in_summary = render::markdown_within(
        doc,
        render::SUMMARY_LIMIT,
        "in the check's JSON report (`minimod check --format json`)",
    );
    let whole = match write_summary(&in_summary) {
        true => "in this run's job summary",
        false => "in the check's JSON report (`minimod check --format json`)",
    };
    render::markdown_within(doc, render::COMMENT_LIMIT, whole)
}

/// A report's SARIF log (`check::sarif`), for code scanning.
fn sarif_text(doc: &serde_json::Value) -> String {
    super::commands::json_text(&check::sarif::log(doc))
}

fn run_checked(
    req: &CheckRequest,
    format: super::ReportFormat,
    fix: bool,
    detail: Detail,
    sources: &mut SourceMap,
) -> CmdResult {
    if fix && req.head.is_some() {
        let d = Diagnostic::error(
            "Cannot fix a revision",
            "--fix writes the missing moved blocks into the working tree; leave out --head to check what git would commit (the index).",
        );
        return Err((2, d.into()));
    }
    // Files are named from the repository's top level wherever the check
    // runs from, as the pull request names them.
    let top = check::toplevel(&req.repo).map_err(|d| (2, d))?;
    let _ = std::env::set_current_dir(&top);
    let req = &CheckRequest {
        repo: top,
        // `path.cwd` is where the check now runs.
        cwd: std::env::current_dir().unwrap_or_default(),
        ..req.clone()
    };
    let mut report = check::check(req, sources).map_err(|d| (2, d))?;
    if !report.warnings.is_empty() {
        print_diagnostics(&report.warnings, sources);
    }
    let mut wrote = Vec::new();
    if fix {
        let written = check::fix(&report, &req.repo).map_err(|d| (2, d))?;
        for (f, _) in &written {
            let shown = f.strip_prefix(&req.repo).unwrap_or(f);
            let shown = crate::syntax::source::clean_path(shown);
            let _ = writeln!(super::commands::stderr(), "Wrote {shown}");
            wrote.push(shown);
        }
        if !written.is_empty() {
            // Check again, with the written files as they will be staged:
            // the blocks must now prove out.
            let rel = (written.into_iter())
                .map(|(f, b)| (f.strip_prefix(&req.repo).unwrap_or(&f).to_path_buf(), b))
                .collect();
            let again = CheckRequest {
                written: rel,
                ..req.clone()
            };
            report = check::check(&again, sources).map_err(|d| (2, d))?;
        }
    }
    let mut stdout = super::commands::stdout();
    let text = match format {
        super::ReportFormat::Markdown => markdown_comment(&render::json(&report)),
        super::ReportFormat::Json => super::commands::json_text(&render::json(&report)),
        super::ReportFormat::Sarif => sarif_text(&render::json(&report)),
        super::ReportFormat::Text => render::text(&report, detail),
    };
    let _ = write!(stdout, "{text}");
    drop(stdout);
    // On stderr, so that one run both writes the report (a comment file)
    // and annotates the pull request through the log.
    if super::commands::in_github_actions() {
        super::commands::print_workflow_commands(&render::github_annotations(&report));
    }
    if !wrote.is_empty() {
        // What git would commit still lacks them: a pre-commit hook that
        // wrote files fails, and the commit is made again with them staged.
        let _ = writeln!(
            super::commands::stderr(),
            "minimod: wrote moved blocks; stage them (git add {}) and commit again.",
            wrote.join(" ")
        );
        return Ok(1);
    }
    Ok(if report.passed() { 0 } else { 1 })
}

/// `check --merge A.json B.json ...`: the shards' reports as one.
pub(super) fn merge(
    files: &[std::path::PathBuf],
    format: super::ReportFormat,
    detail: Detail,
) -> CmdResult {
    let mut docs = Vec::new();
    for f in files {
        let name = f.display().to_string();
        let read = std::fs::read_to_string(f)
            .map_err(|e| e.to_string())
            .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).map_err(|e| e.to_string()));
        let doc = read.map_err(|e| {
            let d = Diagnostic::error("Cannot read a check report", format!("{name}: {e}"));
            (2, d.into())
        })?;
        docs.push((name, doc));
    }
    let doc = render::merge(&docs).map_err(|e| {
        (
            2,
            Diagnostic::error("Cannot merge the check reports", e).into(),
        )
    })?;
    let text = match format {
        super::ReportFormat::Markdown => markdown_comment(&doc),
        super::ReportFormat::Json => super::commands::json_text(&doc),
        super::ReportFormat::Sarif => sarif_text(&doc),
        super::ReportFormat::Text => render::text_doc(&doc, detail),
    };
    let _ = write!(super::commands::stdout(), "{text}");
    Ok(if doc["passed"].as_bool() == Some(true) {
        0
    } else {
        1
    })
}
