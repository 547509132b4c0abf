//! `minimod refactor OLD_DIR NEW_DIR`.

use std::io::Write;
use std::path::Path;

use crate::config::Engine;
use crate::diagnostics::{Diagnostic, Diagnostics, SourceMap};
use crate::refactor::verify::{self, Verified};
use crate::refactor::{Request, blocks::Block, report, write};
use crate::state::State;

use super::ConfigArgs;
use super::commands::{CmdResult, print_diagnostics};

pub struct Options {
    pub format: String,
    pub write: bool,
    pub place_root: bool,
    pub allow_add: bool,
    pub verify_with: Option<String>,
    pub json: bool,
}

/// Exit codes: 0 proven, 1 not proven, 2 bad input.
pub fn run(
    old_dir: &Path,
    new_dir: &Path,
    opts: &Options,
    args: &ConfigArgs,
    sources: &mut SourceMap,
) -> CmdResult {
    let bad = |d: Diagnostics| (2, d);
    let engine = match args.engine.as_deref() {
        None => None,
        Some("terraform") => Some(Engine::Terraform),
        Some("tofu") => Some(Engine::Tofu),
        Some(other) => {
            return Err(bad(Diagnostic::error(
                "Invalid engine",
                format!("The --engine option takes \"terraform\" or \"tofu\", not {other:?}."),
            )
            .into()));
        }
    };
    let state = match &args.state {
        Some(p) => Some(State::read(p).map_err(|d| bad(d.into()))?),
        None => None,
    };
    let req = Request {
        old_dir: old_dir.to_path_buf(),
        new_dir: new_dir.to_path_buf(),
        state,
        vars: args.ordered.clone(),
        engine,
        place_root: opts.place_root,
        variables: Vec::new(),
        unset_variables_unknown: false,
        defer_unknown_keys: true,
    };
    let outcome = crate::refactor::refactor(&req, sources).map_err(bad)?;
    let format = if opts.format == "json" {
        write::Format::Json
    } else {
        write::Format::Hcl
    };
    let file_of = |b: &Block| shown_path(&b.dir.join(format.file_name()));

    let mut verified = Vec::new();
    if let Some(tool) = &opts.verify_with {
        let prior = match &req.state {
            Some(s) => s.clone(),
            None => {
                return Err(bad(Diagnostic::error(
                    "Verification needs a state",
                    "--verify-with plans against the prior objects, which only a state has: give --state FILE (for example from `terraform state pull`).",
                )
                .into()));
            }
        };
        let dirs = module_dirs(new_dir, sources)?;
        let v = verify::verify(tool, new_dir, &dirs, &outcome.blocks, &prior, &req.vars)
            .map_err(|d| (1, d))?;
        check_agreement(&v, &outcome).map_err(|d| (1, d))?;
        verified.push(serde_json::json!({ "tool": v.tool, "add": v.add, "change": v.change, "destroy": v.destroy }));
    }

    if opts.write {
        let files = write::write(&outcome.blocks, format).map_err(bad)?;
        if !opts.json {
            for f in files {
                eprintln!("Wrote {}", shown_path(&f));
            }
        }
    }
    let mut stdout = std::io::stdout().lock();
    if opts.json {
        let doc = report::json(&outcome, &file_of, verified);
        let _ = writeln!(
            stdout,
            "{}",
            serde_json::to_string_pretty(&doc).unwrap_or_default()
        );
    } else {
        if !opts.write {
            let groups = write::by_dir(&outcome.blocks);
            // A file name whenever one is not the root's: blocks printed
            // bare read as the root module's.
            let several = groups.len() > 1
                || groups.keys().any(|d| {
                    crate::refactor::blocks::dir_key(d) != crate::refactor::blocks::dir_key(new_dir)
                });
            for (i, (dir, pairs)) in groups.iter().enumerate() {
                if several {
                    let _ = writeln!(
                        stdout,
                        "{}# {}",
                        if i > 0 { "\n" } else { "" },
                        shown_path(&dir.join(format.file_name()))
                    );
                }
                let _ = write!(stdout, "{}", write::render(pairs, format));
            }
        }
        let mut text = report::human(&outcome, opts.allow_add);
        for v in &verified {
            text.push_str(&format!(
                "Verified with {}: Plan: {} to add, {} to change, {} to destroy.\n",
                v["tool"].as_str().unwrap_or_default(),
                v["add"],
                v["change"],
                v["destroy"]
            ));
        }
        eprint!("{text}");
    }
    let _ = print_diagnostics;
    Ok(if outcome.proven(opts.allow_add) { 0 } else { 1 })
}

/// Terraform's verdict must be minimod's: same counts, same moves.
fn check_agreement(v: &Verified, outcome: &crate::refactor::Outcome) -> Result<(), Diagnostics> {
    let (add, change, destroy) = outcome.proof.counts();
    let ours: std::collections::BTreeSet<(String, String)> = outcome
        .proof
        .moves()
        .into_iter()
        .map(|(f, t)| (f.to_string(), t.to_string()))
        .collect();
    if (v.add, v.change, v.destroy) == (add, change, destroy) && v.moves == ours {
        return Ok(());
    }
    let list = |m: &std::collections::BTreeSet<(String, String)>| {
        m.iter()
            .map(|(f, t)| format!("\n  {f} -> {t}"))
            .collect::<String>()
    };
    Err(Diagnostic::error(
        "The verifier disagrees with minimod",
        format!(
            "{} planned {} to add, {} to change, {} to destroy with the moves:{}\n\nminimod planned {add} to add, {change} to change, {destroy} to destroy with the moves:{}",
            v.tool, v.add, v.change, v.destroy, list(&v.moves), list(&ours)
        ),
    )
    .into())
}

/// Every module directory the new configuration loads.
fn module_dirs(
    new_dir: &Path,
    sources: &mut SourceMap,
) -> Result<Vec<std::path::PathBuf>, (i32, Diagnostics)> {
    let config = crate::config::load(new_dir, &Default::default(), sources).map_err(|d| (2, d))?;
    let mut out = Vec::new();
    let mut stack = vec![&config];
    while let Some(c) = stack.pop() {
        out.push(c.module.dir.clone());
        stack.extend(c.children.values());
    }
    Ok(out)
}

fn shown_path(p: &Path) -> String {
    crate::syntax::source::clean_path(p)
}
