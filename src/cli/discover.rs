//! `minimod discover [REPO] [--json]`: every directory of configuration
//! files with what discovery made of it.

use std::io::Write;
use std::path::Path;

use serde_json::json;

use crate::diagnostics::{Diagnostic, Diagnostics, SourceMap};
use crate::discover::{Discovery, Entry, RootOutcome, discover_with_sources};
use crate::lang::display;

/// Exit code for a bad `.minimod.hcl`, as for any configuration error.
const CONFIG_ERROR: i32 = 2;

/// Runs discovery and prints it. A bad config file is returned for the
/// caller to print with the other commands' diagnostics.
pub(super) fn run(
    repo: &Path,
    as_json: bool,
    sources: &mut SourceMap,
) -> Result<i32, (i32, Diagnostics)> {
    if !repo.is_dir() {
        return Err((
            CONFIG_ERROR,
            Diagnostic::error(
                "No such directory",
                format!(
                    "The repository directory {} does not exist.",
                    repo.display()
                ),
            )
            .into(),
        ));
    }
    let found = discover_with_sources(repo, sources).map_err(|d| (CONFIG_ERROR, d))?;
    if !found.warnings.is_empty() {
        let text = found.warnings.render(sources);
        let _ = super::commands::stderr().write_all(text.as_bytes());
    }
    let out = if as_json {
        super::commands::json_text(&super::commands::with_format_version(to_json(&found)))
    } else {
        text(&found)
    };
    let _ = super::commands::stdout().write_all(out.as_bytes());
    Ok(0)
}

/// One line per directory: `dir: found: evidence; evidence`, `dir:
/// declared: ...`, or `dir: left out, reason: evidence`; then a count.
pub(super) fn text(d: &Discovery) -> String {
    let mut out = String::new();
    if let Some(off) = &d.off {
        out.push_str(&format!(
            "Discovery is off ({off}): only declared roots count.\n\n"
        ));
    }
    let dirs = d.directories();
    if dirs.is_empty() {
        out.push_str("No directory holds .tf, .tofu, .tf.json or .tofu.json files.\n");
        return out;
    }
    for entry in &dirs {
        match entry {
            Entry::Root(f) => {
                let outcome = match f.outcome {
                    RootOutcome::Found => "found",
                    RootOutcome::Declared => "declared",
                };
                let mut parts = f.evidence.clone();
                if f.tool.is_none() {
                    parts.push("tool not known".to_string());
                }
                if !f.var_files.is_empty() {
                    parts.push(format!("var files {}", f.var_files.join(", ")));
                }
                if !f.variables.is_empty() {
                    let names: Vec<&str> = f.variables.keys().map(String::as_str).collect();
                    parts.push(format!("variables {}", names.join(", ")));
                }
                if !f.workspaces.is_empty() {
                    let names: Vec<&str> = f.workspaces.iter().map(|w| w.name.as_str()).collect();
                    parts.push(format!("workspaces {}", names.join(", ")));
                }
                out.push_str(&format!("{}: {outcome}: {}\n", f.dir, parts.join("; ")));
            }
            Entry::LeftOut(l) => {
                let reason = l.reason.describe();
                if l.evidence.is_empty() {
                    out.push_str(&format!("{}: left out, {reason}\n", l.dir));
                } else {
                    out.push_str(&format!(
                        "{}: left out, {reason}: {}\n",
                        l.dir,
                        l.evidence.join("; ")
                    ));
                }
            }
        }
    }
    let found = d
        .roots
        .iter()
        .filter(|r| r.outcome == RootOutcome::Found)
        .count();
    let declared = d.roots.len() - found;
    out.push_str(&format!(
        "\n{} root module{} ({found} found, {declared} declared), {} director{} left out.\n",
        d.roots.len(),
        if d.roots.len() == 1 { "" } else { "s" },
        d.left_out.len(),
        if d.left_out.len() == 1 { "y" } else { "ies" },
    ));
    let declarations: Vec<String> = (d.left_out.iter())
        .filter_map(|l| l.declaration.as_ref())
        .map(|decl| decl.text())
        .collect();
    if !declarations.is_empty() {
        out.push_str("\nTo check what was left out as root modules, add to .minimod.hcl:\n\n");
        out.push_str(&declarations.join("\n"));
    }
    out
}

/// `{"off": ..., "directories": [{"dir", "outcome", "reason", "evidence",
/// "tool", "var_files", "variables", "workspaces", "declaration"}]}`;
/// `reason` and `declaration` only for left-out directories, `var_files`,
/// `variables` and `workspaces` only for roots.
pub(super) fn to_json(d: &Discovery) -> serde_json::Value {
    let dirs: Vec<serde_json::Value> = d
        .directories()
        .into_iter()
        .map(|entry| match entry {
            Entry::Root(f) => json!({
                "dir": f.dir,
                "outcome": match f.outcome {
                    RootOutcome::Found => "found",
                    RootOutcome::Declared => "declared",
                },
                "evidence": f.evidence,
                "tool": f.tool.map(|t| t.id()),
                "var_files": f.var_files,
                "variables": variables_json(&f.variables),
                "workspaces": f.workspaces.iter().map(|w| json!({
                    "name": w.name,
                    "var_files": w.var_files,
                    "variables": variables_json(&w.variables),
                })).collect::<Vec<_>>(),
            }),
            Entry::LeftOut(l) => json!({
                "dir": l.dir,
                "outcome": "left_out",
                "reason": l.reason.id(),
                "evidence": l.evidence,
                "tool": l.tool.map(|t| t.id()),
                "declaration": l.declaration.as_ref().map(|d| d.to_json()),
            }),
        })
        .collect();
    json!({ "off": d.off, "directories": dirs })
}

fn variables_json(
    variables: &indexmap::IndexMap<String, crate::lang::value::Value>,
) -> serde_json::Value {
    (variables.iter())
        .map(|(k, v)| (k.clone(), display::json(v)))
        .collect::<serde_json::Map<_, _>>()
        .into()
}
