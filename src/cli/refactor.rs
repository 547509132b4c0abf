//! `minimod refactor OLD_DIR NEW_DIR`.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::config::Engine;
use crate::diagnostics::{Diagnostic, Diagnostics, SourceMap};
use crate::instances::VarSource;
use crate::refactor::verify::{self, Verified};
use crate::refactor::{Request, blocks::Block, commands, report, write};
use crate::state::State;

use super::ConfigArgs;
use super::commands::{CmdResult, print_diagnostics};

pub(super) struct Options {
    pub format: super::BlockSyntax,
    pub write: bool,
    pub place_root: bool,
    pub allow_add: bool,
    /// `--allow-update`.
    pub allow_update: bool,
    pub verify_with: Option<String>,
    pub json: bool,
    /// `terraform state mv` lines on stdout instead of blocks.
    pub commands: bool,
    /// `--schemas FILE`.
    pub schemas: Option<PathBuf>,
    /// `--ignore` rules, as given.
    pub ignore: Vec<String>,
    /// `--plan FILE`: `terraform show -json` of a plan of NEW_DIR.
    pub plan: Option<PathBuf>,
    /// OLD_DIR's -var and --old-var-file in order, when --old-var-file is
    /// given (else OLD_DIR reads -var-file too).
    pub old_vars: Option<Vec<VarSource>>,
    /// `-q` / `-v`: how much of the report is printed.
    pub detail: report::Detail,
}

/// One side's -var/-var-file list: a relative variables file is read from
/// the side's own directory when it is there, as `terraform plan
/// -var-file=F` run in that directory reads it (the README's `refactor
/// ../before/envs/prod envs/prod -var-file=prod.tfvars` reads each side's
/// `prod.tfvars`), else from the current directory.
fn side_vars(vars: &[VarSource], dir: &Path) -> Vec<VarSource> {
    vars.iter()
        .map(|v| match v {
            VarSource::File(f) if Path::new(f).is_relative() && dir.join(f).is_file() => {
                VarSource::File(dir.join(f).to_string_lossy().into_owned())
            }
            other => other.clone(),
        })
        .collect()
}

/// The new side's inputs and, where they differ, the old side's own.
fn sides_inputs(
    old_dir: &Path,
    new_dir: &Path,
    opts: &Options,
    args: &ConfigArgs,
    variables: &[(String, crate::lang::value::Value)],
) -> (Vec<VarSource>, Option<crate::refactor::SideInputs>) {
    let new = side_vars(&args.ordered, new_dir);
    let old = side_vars(opts.old_vars.as_deref().unwrap_or(&args.ordered), old_dir);
    let own = (old != new).then(|| crate::refactor::SideInputs {
        vars: old,
        variables: variables.to_vec(),
    });
    (new, own)
}

/// `-var` as every command treats it: `NAME=VALUE`, naming a variable
/// that is declared; a refactor accepts one declared on either side.
fn check_vars(
    old_dir: &Path,
    new_dir: &Path,
    engine: Option<Engine>,
    vars: &[VarSource],
) -> Result<(), Diagnostics> {
    let mut declared = std::collections::BTreeSet::new();
    for dir in [old_dir, new_dir] {
        let opts = crate::config::LoadOptions {
            engine: engine.unwrap_or_else(|| crate::config::detect_engine(dir)),
            ..Default::default()
        };
        // A side that does not load is reported by the refactor itself.
        match crate::config::load_module_dir(dir, "", &opts, &mut SourceMap::default()) {
            Ok(m) => declared.extend(m.variables.into_keys()),
            Err(_) => return Ok(()),
        }
    }
    for v in vars {
        let VarSource::Var(arg) = v else { continue };
        let Some((name, _)) = arg.split_once('=') else {
            return Err(Diagnostic::error(
                "Invalid -var option",
                format!("The given -var option {arg:?} is not correctly specified. It must be a variable name and value separated an equals sign, like -var=\"key=value\"."),
            )
            .into());
        };
        if !declared.contains(name) {
            return Err(Diagnostic::error(
                "Value for undeclared variable",
                format!("A variable named \"{name}\" was assigned on the command line, but neither root module declares a variable of that name. To use this value, add a \"variable\" block to the configuration."),
            )
            .into());
        }
    }
    Ok(())
}

/// A state of another configuration pairs nothing and proves nothing: when
/// none of its managed resources is declared anywhere in OLD_DIR's tree
/// (by mode, type and name, whatever the module), say so. An empty state,
/// or an old configuration without managed resources, has nothing to
/// compare, and passes.
fn check_state_belongs(
    old_dir: &Path,
    engine: Option<Engine>,
    state: &State,
    path: Option<&Path>,
) -> Result<(), Diagnostics> {
    use crate::config::{Config, ResourceMode};
    let managed: Vec<_> = state
        .resources
        .iter()
        .filter(|r| r.addr.resource.mode == ResourceMode::Managed && !r.instances.is_empty())
        .collect();
    if managed.is_empty() {
        return Ok(());
    }
    let opts = crate::config::LoadOptions {
        engine: engine.unwrap_or_else(|| crate::config::detect_engine(old_dir)),
        ..Default::default()
    };
    // A configuration that does not load is reported by the refactor.
    let Ok(config) = crate::config::load(old_dir, &opts, &mut SourceMap::default()) else {
        return Ok(());
    };
    fn declared(c: &Config, into: &mut std::collections::HashSet<String>) {
        for r in c.module.resources.values() {
            if r.mode == ResourceMode::Managed {
                into.insert(r.key().to_string());
            }
        }
        for child in c.children.values() {
            declared(child, into);
        }
    }
    let mut names = std::collections::HashSet::new();
    declared(&config, &mut names);
    if names.is_empty()
        || managed
            .iter()
            .any(|r| names.contains(&r.addr.resource.to_string()))
    {
        return Ok(());
    }
    let shown = path.map(shown_path).unwrap_or_default();
    Err(Diagnostic::error(
        "State does not match the configuration",
        format!(
            "None of the {} managed resources in the state {shown} (such as {}) is declared in {}: the state belongs to another configuration, and nothing could be paired with it. Give the state of this configuration (\"terraform state pull\" in its directory).",
            managed.len(),
            managed[0].addr,
            shown_path(old_dir)
        ),
    )
    .into())
}

/// The file syntax `--format` names.
fn block_format(opts: &Options) -> write::Format {
    match opts.format {
        super::BlockSyntax::Json => write::Format::Json,
        super::BlockSyntax::Hcl => write::Format::Hcl,
    }
}

/// Both directories hold a configuration, and every `-var` names a
/// variable one of them declares.
fn check_dirs(old_dir: &Path, new_dir: &Path, args: &ConfigArgs) -> Result<(), Diagnostics> {
    for dir in [old_dir, new_dir] {
        let e = super::commands::engine_for(args.engine, dir);
        super::commands::require_configuration(dir, e, || {
            super::commands::nothing_to("refactor", dir)
        })?;
    }
    Ok(())
}

/// The prior state: `--state`, else a saved plan's prior objects; checked
/// to belong to OLD_DIR.
fn read_prior(
    old_dir: &Path,
    opts: &Options,
    args: &ConfigArgs,
    saved: Option<&crate::state::plan_json::SavedPlan>,
) -> Result<Option<State>, Diagnostics> {
    let engine = args.engine.map(Engine::from);
    // A plan's prior objects stand for the state unless one is given.
    let state = match &args.state {
        Some(p) => Some(State::read(p)?),
        None => saved.map(|p| p.prior.clone()),
    };
    let Some(s) = &state else {
        return Ok(None);
    };
    let from = args.state.as_deref().or(opts.plan.as_deref());
    let from_plan = args.state.is_none();
    check_state_belongs(old_dir, engine, s, from).map_err(|mut d| {
        // The prior objects came from --plan: say so, and what to give.
        for d in d.0.iter_mut().filter(|_| from_plan) {
            d.detail = d
                .detail
                .replacen("in the state", "in the prior state of the plan", 1)
                .replacen("Give the state of this configuration (\"terraform state pull\" in its directory).", "Give a plan made from this configuration's state.", 1);
        }
        d
    })?;
    Ok(state)
}

/// Exit codes: 0 proven, 1 not proven, 2 bad input.
pub(super) fn run(
    old_dir: &Path,
    new_dir: &Path,
    opts: &Options,
    args: &ConfigArgs,
    sources: &mut SourceMap,
) -> CmdResult {
    let bad = |d: Diagnostics| (2, d);
    // Decided here, where PATH may be read: the refactor follows NEW_DIR's.
    let engine = Some(super::commands::engine_for(args.engine, new_dir));
    check_dirs(old_dir, new_dir, args).map_err(bad)?;
    check_vars(old_dir, new_dir, engine, &args.ordered).map_err(bad)?;
    let ignore = crate::refactor::ignore::Rules::parse_all(&opts.ignore).map_err(bad)?;
    let saved = match &opts.plan {
        Some(p) => Some(std::sync::Arc::new(
            crate::state::plan_json::SavedPlan::read(p).map_err(|d| bad(d.into()))?,
        )),
        None => None,
    };
    let format = block_format(opts);
    let state = read_prior(old_dir, opts, args, saved.as_deref()).map_err(bad)?;
    let schemas = super::commands::load_schemas(opts.schemas.as_deref()).map_err(bad)?;
    let process = super::commands::run_options();
    // What the plan was made with: the planned values depend on them.
    let variables = saved
        .as_ref()
        .map(|p| p.variables.clone())
        .unwrap_or_default();
    let (vars, old_inputs) = sides_inputs(old_dir, new_dir, opts, args, &variables);
    let req = Request {
        old_dir: old_dir.to_path_buf(),
        new_dir: new_dir.to_path_buf(),
        state,
        vars,
        old_inputs,
        engine,
        place_root: opts.place_root,
        variables,
        unset_variables_unknown: false,
        defer_unknown_keys: true,
        tf_var_env: super::commands::tf_var_env(),
        workspace: process.workspace,
        cwd: process.cwd,
        home: process.home,
        file_roots: None,
        files: Default::default(),
        format,
        schemas,
        allow_update: opts.allow_update,
        ignore,
        plan: saved,
        threads: true,
    };
    let outcome = crate::refactor::refactor(&req, sources).map_err(bad)?;

    let mut verified = Vec::new();
    if let Some(tool) = &opts.verify_with {
        let prior = match &req.state {
            Some(_) if args.state.is_none() => {
                return Err(bad(Diagnostic::error(
                    "Verification needs a state",
                    "--verify-with plans against the prior objects in a temporary copy, and a plan's prior_state is not a state terraform can read back: give --state FILE too (for example from `terraform state pull`).",
                )
                .into()));
            }
            Some(s) => s,
            None => {
                return Err(bad(Diagnostic::error(
                    "Verification needs a state",
                    "--verify-with plans against the prior objects, which only a state has: give --state FILE (for example from `terraform state pull`).",
                )
                .into()));
            }
        };
        let v = verify_root(tool, &req, prior, &outcome, sources)?;
        verified.push(v);
    }

    if opts.write {
        write_root(
            &req,
            &outcome,
            opts.json || opts.detail == report::Detail::Quiet,
        )?;
    }
    let warnings = outcome.warnings();
    if opts.json {
        let file_of = |b: &Block| shown_path(&format.file_in(&b.dir, outcome.engine));
        let mut doc = report::json(
            &outcome,
            &file_of,
            verified.iter().map(verified_json).collect(),
        );
        doc["warnings"] = diagnostics_json(&warnings);
        let doc = super::commands::with_format_version(doc);
        let _ = write!(
            super::commands::stdout(),
            "{}",
            super::commands::json_text(&doc)
        );
    } else {
        print_single(&outcome, format, opts);
        let mut text = report::human_with(&outcome, opts.allow_add, opts.detail);
        if opts.detail == report::Detail::Verbose {
            text.push_str(&prior_line(args, opts, old_dir));
        }
        for v in verified
            .iter()
            .filter(|_| opts.detail != report::Detail::Quiet)
        {
            text.push_str(&verified_line(v, None));
        }
        let _ = write!(super::commands::stderr(), "{text}");
    }
    if !warnings.is_empty() && opts.detail != report::Detail::Quiet {
        print_diagnostics(&warnings, sources);
    }
    let code = if outcome.proven(opts.allow_add) { 0 } else { 1 };
    // The process ends next and the system takes its memory back at once;
    // freeing the state's and the plans' values one by one was a quarter
    // of a large refactor's time (benches/refactor.rs).
    std::mem::forget((req, outcome));
    Ok(code)
}

/// Where the prior objects came from, for `-v`.
fn prior_line(args: &ConfigArgs, opts: &Options, old_dir: &Path) -> String {
    match (&args.state, &opts.plan) {
        (Some(state), _) => format!("Prior objects: the state {}.\n", shown_path(state)),
        (None, Some(plan)) => format!(
            "Prior objects: the prior state of the plan {}.\n",
            shown_path(plan)
        ),
        (None, None) => format!(
            "Prior objects: none given (no --state): {}'s configuration stands for them.\n",
            shown_path(old_dir)
        ),
    }
}

/// The blocks (or `state mv` lines) of one root pair on stdout.
fn print_single(outcome: &crate::refactor::Outcome, format: write::Format, opts: &Options) {
    let mut stdout = super::commands::stdout();
    if opts.commands {
        for line in commands::state_mv_lines(binary(outcome.engine), &outcome.state_moves()) {
            let _ = writeln!(stdout, "{line}");
        }
    } else if !opts.write {
        // Every group says which file it belongs in: pasted into the
        // wrong module's file, a block means something else.
        for (i, (dir, pairs)) in write::by_dir(&outcome.blocks).iter().enumerate() {
            let file = shown_path(&format.file_in(dir, outcome.engine));
            let sep = if i > 0 { "\n" } else { "" };
            let _ = write!(stdout, "{sep}{}", write::render_group(&file, pairs, format));
        }
    }
}

fn binary(engine: Engine) -> &'static str {
    match engine {
        Engine::Tofu => "tofu",
        Engine::Terraform => "terraform",
    }
}

/// Writes one root's edits: exactly the texts the proof planned.
fn write_root(
    req: &Request,
    outcome: &crate::refactor::Outcome,
    json: bool,
) -> Result<(), (i32, Diagnostics)> {
    let files = write::write_edits(&outcome.edits, &confinement(req)).map_err(|d| (2, d))?;
    report_written(files, json);
    Ok(())
}

/// Where a root's edits may write: a link is followed only to a file
/// inside its NEW_DIR.
fn confinement(req: &Request) -> write::Confinement {
    write::Confinement {
        links_within: Some(req.new_dir.clone()),
        within: None,
    }
}

fn report_written(files: Vec<PathBuf>, json: bool) {
    if !json {
        for f in files {
            crate::progress::done();
            let _ = writeln!(super::commands::stderr(), "Wrote {}", shown_path(&f));
        }
    }
}

/// Plans one root's NEW_DIR with its edits against `prior` with the real
/// binary, which must plan what minimod planned.
fn verify_root(
    tool: &str,
    req: &Request,
    prior: &State,
    outcome: &crate::refactor::Outcome,
    sources: &mut SourceMap,
) -> Result<Verified, (i32, Diagnostics)> {
    let new_dir = &req.new_dir;
    // Its variables are the root's own: a remote call needs no content.
    let opts = crate::config::LoadOptions {
        remote: crate::config::RemoteCalls::Opaque,
        ..Default::default()
    };
    let config = crate::config::load(new_dir, &opts, sources).map_err(|d| (2, d))?;
    // The plan's variables first: what terraform planned with, unless
    // -var says otherwise. terraform refuses a -var this root does not
    // declare (one for the old side, or another root).
    let mut vars: Vec<VarSource> = req
        .variables
        .iter()
        .map(|(name, value)| {
            let text = match value {
                crate::lang::value::Value::String(s) => s.clone(),
                v => crate::lang::display::json(v).to_string(),
            };
            VarSource::Var(format!("{name}={text}"))
        })
        .collect();
    vars.extend(
        req.vars
            .iter()
            .filter(|v| match v {
                VarSource::Var(arg) => arg
                    .split_once('=')
                    .is_some_and(|(n, _)| config.module.variables.contains_key(n)),
                VarSource::File(_) => true,
            })
            .cloned(),
    );
    let v = verify::verify(
        tool,
        new_dir,
        &module_dirs(&config),
        &outcome.edits,
        prior,
        &vars,
    )
    .map_err(|e| match e {
        verify::VerifyError::CannotRun(d) => (2, d),
        verify::VerifyError::Failed(d) => (1, d),
    })?;
    check_agreement(&v, outcome).map_err(|d| (1, d))?;
    Ok(v)
}

/// What the verifier planned, as `--json`'s `verified_by` carries it.
fn verified_json(v: &Verified) -> serde_json::Value {
    serde_json::json!({
        "tool": v.tool,
        "import": v.import,
        "add": v.add,
        "change": v.change,
        "destroy": v.destroy,
        "forget": v.forget,
    })
}

/// "Verified with terraform[ in DIR]: Plan: ...", in terraform's summary
/// form (imports first), with what it forgets as OpenTofu counts it: a
/// move across roots leaves its source root so.
fn verified_line(v: &Verified, root: Option<&str>) -> String {
    let import = match v.import {
        0 => String::new(),
        n => format!("{n} to import, "),
    };
    let forget = match v.forget {
        0 => String::new(),
        n => format!(", {n} to forget"),
    };
    let root = root.map(|r| format!(" in {r}")).unwrap_or_default();
    format!(
        "Verified with {}{root}: Plan: {import}{} to add, {} to change, {} to destroy{forget}.\n",
        v.tool, v.add, v.change, v.destroy
    )
}

/// Diagnostics as terraform's `-json` views give them: severity, summary,
/// detail and, where known, the range.
pub(super) fn diagnostics_json(diags: &Diagnostics) -> serde_json::Value {
    let pos = |p: &crate::diagnostics::Pos| serde_json::json!({ "line": p.line, "column": p.column, "byte": p.byte });
    diags
        .iter()
        .map(|d| {
            let mut doc = serde_json::json!({
                "severity": match d.severity {
                    crate::diagnostics::Severity::Error => "error",
                    crate::diagnostics::Severity::Warning => "warning",
                },
                "summary": d.summary,
                "detail": d.detail,
            });
            if let Some(r) = &d.subject {
                doc["range"] = serde_json::json!({
                    "filename": &*r.file,
                    "start": pos(&r.start),
                    "end": pos(&r.end),
                });
            }
            doc
        })
        .collect()
}

/// Terraform's verdict must be minimod's: same counts, same moves. An
/// accepted update the binary plans as a replacement is said first and
/// plainly: only the provider knew that the difference forces it.
fn check_agreement(v: &Verified, outcome: &crate::refactor::Outcome) -> Result<(), Diagnostics> {
    let updated = outcome.pairing.updates.iter().map(|u| &u.new).collect();
    let replaced = verify::replaced_moves(
        v,
        &updated,
        outcome.pairing.pairs.iter().map(|(_, new)| new),
    );
    if !replaced.is_empty() {
        return Err(Diagnostic::error(
            "The verifier replaces moved objects",
            format!(
                "{}\n\nminimod paired these objects, so its blocks move them; the real binary destroys and re-creates them instead. Leave the difference out of this change, or keep the objects unmatched.",
                replaced.join("\n")
            ),
        )
        .into());
    }
    let (add, change, destroy) = outcome.proof.counts();
    // What minimod updates only because a remote module's outputs are not
    // read, the binary reads: it is the binary's to say.
    let change = change - crate::refactor::remote::unread_updates(&outcome.proof);
    let (import, forget) = (outcome.proof.imports.len(), outcome.proof.forgets());
    let ours: std::collections::BTreeSet<(String, String)> = outcome
        .proof
        .moves()
        .into_iter()
        .filter(|(_, t)| crate::refactor::remote::instance_of(t).is_none())
        .map(|(f, t)| (f.to_string(), t.to_string()))
        .collect();
    if (v.add, v.change, v.destroy, v.import, v.forget) == (add, change, destroy, import, forget)
        && v.moves == ours
    {
        return Ok(());
    }
    // Imports and forgets are named only where either side has some.
    let imported = |n: usize| match n {
        0 if v.import == import => String::new(),
        n => format!("{n} to import, "),
    };
    let forgotten = |n: usize| match n {
        0 if v.forget == forget => String::new(),
        n => format!(", {n} to forget"),
    };
    let list = |m: &std::collections::BTreeSet<(String, String)>| {
        m.iter()
            .map(|(f, t)| format!("\n  {f} -> {t}"))
            .collect::<String>()
    };
    Err(Diagnostic::error(
        "The verifier disagrees with minimod",
        format!(
            "{} planned {}{} to add, {} to change, {} to destroy{} with the moves:{}\n\nminimod planned {}{add} to add, {change} to change, {destroy} to destroy{} with the moves:{}",
            v.tool,
            imported(v.import),
            v.add,
            v.change,
            v.destroy,
            forgotten(v.forget),
            list(&v.moves),
            imported(import),
            forgotten(forget),
            list(&ours)
        ),
    )
    .into())
}

/// Every module directory a configuration loads (a remote call not
/// installed has none: the tool verifying installs it).
fn module_dirs(config: &crate::config::Config) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![config];
    while let Some(c) = stack.pop() {
        if c.remote.is_none() {
            out.push(c.module.dir.clone());
        }
        stack.extend(c.children.values());
    }
    out
}

fn shown_path(p: &Path) -> String {
    crate::syntax::source::clean_path(p)
}

/// `--root OLD:NEW` options as directory pairs.
fn parse_roots(roots: &[String]) -> Result<Vec<(PathBuf, PathBuf)>, Diagnostics> {
    roots
        .iter()
        .map(|r| match r.split_once(':') {
            Some((old, new)) if !old.is_empty() && !new.is_empty() => {
                Ok((old.into(), new.into()))
            }
            _ => Err(Diagnostic::error(
                "Invalid --root option",
                format!(
                    "The given --root option {r:?} is not correctly specified. It must be the old and the new directory of one root module separated by a colon, like --root=\"before/prod:prod\"."
                ),
            )
            .into()),
        })
        .collect()
}

/// `--state-for OLD=FILE` options: each root's state file, by position.
fn states_for(
    pairs: &[(PathBuf, PathBuf)],
    state_for: &[String],
) -> Result<Vec<Option<PathBuf>>, Diagnostics> {
    let invalid = |detail: String| -> Diagnostics {
        Diagnostic::error("Invalid --state-for option", detail).into()
    };
    // The same directory by any spelling.
    let same = |a: &Path, b: &Path| match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => shown_path(a) == shown_path(b),
    };
    let mut states: Vec<Option<PathBuf>> = vec![None; pairs.len()];
    for s in state_for {
        let Some((old, file)) = s
            .split_once('=')
            .filter(|(o, f)| !o.is_empty() && !f.is_empty())
        else {
            return Err(invalid(format!(
                "The given --state-for option {s:?} is not correctly specified. It must be a root's old directory and a state file separated by an equals sign, like --state-for=\"before/prod=prod.tfstate\"."
            )));
        };
        let Some(i) = pairs.iter().position(|(o, _)| same(o, Path::new(old))) else {
            return Err(invalid(format!(
                "The given --state-for option {s:?} names {old:?}, which is not the old directory of any --root."
            )));
        };
        if states[i].is_some() {
            return Err(invalid(format!(
                "The state of {old:?} is given more than once."
            )));
        }
        states[i] = Some(file.into());
    }
    Ok(states)
}

/// `refactor --root OLD:NEW ...`: one pair is exactly `refactor OLD NEW`;
/// several are refactored each on its own, then paired across roots.
pub(super) fn run_roots(
    roots: &[String],
    state_for: &[String],
    opts: &Options,
    mut args: ConfigArgs,
    sources: &mut SourceMap,
) -> CmdResult {
    use crate::refactor::cross_root;
    let bad = |d: Diagnostics| (2, d);
    let invalid = |summary: &str, detail: &str| bad(Diagnostic::error(summary, detail).into());
    let pairs = parse_roots(roots).map_err(bad)?;
    let mut states = states_for(&pairs, state_for).map_err(bad)?;
    if pairs.len() == 1 {
        if let Some(s) = states[0].take() {
            if args.state.is_some() {
                return Err(invalid(
                    "Invalid --state-for option",
                    "Give the state either with --state or with --state-for, not both.",
                ));
            }
            args.state = Some(s);
        }
        return run(&pairs[0].0, &pairs[0].1, opts, &args, sources);
    }
    if args.state.is_some() {
        return Err(invalid(
            "Ambiguous --state option",
            "With several --root pairs, give each root's state with --state-for OLD_DIR=FILE.",
        ));
    }
    let reqs = cross_requests(&pairs, &states, opts, &args).map_err(bad)?;
    if opts.verify_with.is_some() {
        // Each root is verified against its own state: all are needed.
        if let Some(i) = states.iter().position(Option::is_none) {
            return Err(bad(Diagnostic::error(
                "Verification needs a state",
                format!(
                    "--verify-with plans every root against its prior objects, which only a state has: give --state-for {}=FILE (for example from `terraform state pull`).",
                    shown_path(&pairs[i].0)
                ),
            )
            .into()));
        }
    }
    let cross = cross_root::refactor(&reqs, sources).map_err(bad)?;

    let mut verified: Vec<Vec<Verified>> = vec![Vec::new(); reqs.len()];
    if let Some(tool) = &opts.verify_with {
        for (i, (req, outcome)) in reqs.iter().zip(&cross.roots).enumerate() {
            let Some(prior) = &req.state else { continue };
            let v = verify_root(tool, req, prior, outcome, sources).map_err(|(code, mut d)| {
                // Which root the verifier disagrees about.
                for d in &mut d.0 {
                    d.detail = format!("In {}: {}", shown_path(&req.new_dir), d.detail);
                }
                (code, d)
            })?;
            verified[i].push(v);
        }
    }
    if opts.write {
        // Every root's files as one write: all or none.
        let confines: Vec<write::Confinement> = reqs.iter().map(confinement).collect();
        let edits: Vec<(&write::Edit, &write::Confinement)> = (cross.roots.iter().zip(&confines))
            .flat_map(|(o, c)| o.edits.iter().map(move |e| (e, c)))
            .collect();
        let files = write::write_all(&edits, &|_| Ok(())).map_err(|d| (2, d))?;
        report_written(files, opts.json);
    }
    let format = block_format(opts);
    if opts.json {
        let doc = cross_json(&cross, &reqs, format, &verified, opts);
        let doc = super::commands::with_format_version(doc);
        let _ = write!(
            super::commands::stdout(),
            "{}",
            super::commands::json_text(&doc)
        );
    } else {
        let _ = write!(
            super::commands::stdout(),
            "{}",
            cross_blocks(&cross, &reqs, &states, format, opts)
        );
        let text = cross_text(&cross, &reqs, &states, &verified, opts);
        let _ = write!(super::commands::stderr(), "{text}");
    }
    for o in &cross.roots {
        let warnings = o.warnings();
        if !warnings.is_empty() {
            print_diagnostics(&warnings, sources);
        }
    }
    Ok(if cross.proven(opts.allow_add) { 0 } else { 1 })
}

/// One `Request` per root pair, each with its state.
fn cross_requests(
    pairs: &[(PathBuf, PathBuf)],
    states: &[Option<PathBuf>],
    opts: &Options,
    args: &ConfigArgs,
) -> Result<Vec<Request>, Diagnostics> {
    let engine = args.engine.map(Engine::from);
    for (old, new) in pairs {
        check_dirs(old, new, args)?;
    }
    // A -var needs a declaration in some root, not in every one.
    let var_checks: Vec<Result<(), Diagnostics>> = pairs
        .iter()
        .map(|(o, n)| check_vars(o, n, engine, &args.ordered))
        .collect();
    if var_checks.iter().all(Result::is_err)
        && let Some(Err(d)) = var_checks.into_iter().next()
    {
        return Err(d);
    }
    let schemas = super::commands::load_schemas(opts.schemas.as_deref())?;
    let ignore = crate::refactor::ignore::Rules::parse_all(&opts.ignore)?;
    if opts.plan.is_some() {
        return Err(Diagnostic::error(
            "Invalid --plan option",
            "A saved plan is the plan of one root module; give it with OLD_DIR NEW_DIR or one --root pair.",
        )
        .into());
    }
    let mut reqs = Vec::new();
    let process = super::commands::run_options();
    for ((old, new), state_path) in pairs.iter().zip(states) {
        let state = match state_path {
            Some(p) => Some(State::read(p)?),
            None => None,
        };
        if let Some(s) = &state {
            check_state_belongs(old, engine, s, state_path.as_deref())?;
        }
        let (vars, old_inputs) = sides_inputs(old, new, opts, args, &[]);
        reqs.push(Request {
            old_dir: old.clone(),
            new_dir: new.clone(),
            state,
            vars,
            old_inputs,
            engine: Some(super::commands::engine_for(args.engine, new)),
            place_root: opts.place_root,
            variables: Vec::new(),
            unset_variables_unknown: false,
            defer_unknown_keys: true,
            tf_var_env: super::commands::tf_var_env(),
            workspace: process.workspace.clone(),
            cwd: process.cwd.clone(),
            home: process.home.clone(),
            file_roots: None,
            files: Default::default(),
            format: block_format(opts),
            schemas: schemas.clone(),
            allow_update: opts.allow_update,
            ignore: ignore.clone(),
            plan: None,
            threads: true,
        });
    }
    Ok(reqs)
}

/// The `--json` document of several roots: each root's document with its
/// `removed` and `imports` blocks, and the moves across roots.
fn cross_json(
    cross: &crate::refactor::cross_root::CrossOutcome,
    reqs: &[Request],
    format: write::Format,
    verified: &[Vec<Verified>],
    opts: &Options,
) -> serde_json::Value {
    use crate::refactor::cross_root;
    let dir_of = |i: usize| shown_path(&reqs[i].new_dir);
    let old_of = |i: usize| shown_path(&reqs[i].old_dir);
    let roots: Vec<serde_json::Value> = cross
        .roots
        .iter()
        .enumerate()
        .map(|(i, o)| {
            let file_of = |b: &Block| shown_path(&format.file_in(&b.dir, o.engine));
            let mut doc = report::json(o, &file_of, verified[i].iter().map(verified_json).collect());
            doc["old"] = serde_json::json!(old_of(i));
            doc["new"] = serde_json::json!(dir_of(i));
            doc["plan"]["import"] = serde_json::json!(o.proof.imports.len());
            doc["removed"] = serde_json::json!(cross.removed[i]
                .iter()
                .map(|f| serde_json::json!({ "from": f, "file": shown_path(&reqs[i].new_dir.join(cross_root::REMOVED_FILE)) }))
                .collect::<Vec<_>>());
            doc["imports"] = serde_json::json!(cross.imports[i]
                .iter()
                .map(|(to, id)| serde_json::json!({ "to": to, "id": id, "file": shown_path(&reqs[i].new_dir.join(cross_root::IMPORTS_FILE)) }))
                .collect::<Vec<_>>());
            doc["warnings"] = diagnostics_json(&o.warnings());
            doc
        })
        .collect();
    let moves: Vec<serde_json::Value> = cross
        .moves
        .iter()
        .map(|m| {
            serde_json::json!({
                "from_root": old_of(m.from_root),
                "from": m.from.to_string(),
                "to_root": dir_of(m.to_root),
                "to": m.to.to_string(),
                "id": m.id,
                "blocked": m.unwritable,
            })
        })
        .collect();
    serde_json::json!({
        "roots": roots,
        "cross_root_moves": moves,
        "proven": cross.proven(opts.allow_add),
    })
}

/// Every root's blocks (or `state mv` lines) for stdout, each group under
/// the file it belongs in.
fn cross_blocks(
    cross: &crate::refactor::cross_root::CrossOutcome,
    reqs: &[Request],
    states: &[Option<PathBuf>],
    format: write::Format,
    opts: &Options,
) -> String {
    use crate::refactor::cross_root;
    let binary = binary(cross.roots.first().map_or(Engine::Terraform, |o| o.engine));
    let mut groups: Vec<String> = Vec::new();
    for (i, o) in cross.roots.iter().enumerate() {
        let dir = shown_path(&reqs[i].new_dir);
        if opts.commands {
            let lines = commands::state_mv_lines(binary, &o.state_moves());
            if !lines.is_empty() {
                groups.push(format!("# in {dir}\n{}\n", lines.join("\n")));
            }
            continue;
        }
        if opts.write {
            continue;
        }
        for (dir, pairs) in write::by_dir(&o.blocks) {
            let file = shown_path(&format.file_in(&dir, o.engine));
            groups.push(write::render_group(&file, &pairs, format));
        }
        if !cross.removed[i].is_empty() {
            let file = shown_path(&reqs[i].new_dir.join(cross_root::REMOVED_FILE));
            groups.push(format!(
                "# {file}\n{}",
                cross_root::removed_blocks(&cross.removed[i])
            ));
        }
        if !cross.imports[i].is_empty() {
            let file = shown_path(&reqs[i].new_dir.join(cross_root::IMPORTS_FILE));
            groups.push(format!(
                "# {file}\n{}",
                cross_root::import_blocks(&cross.imports[i])
            ));
        }
    }
    if opts.commands {
        let lines = cross_root::state_mv_lines(binary, &cross.moves, states);
        if !lines.is_empty() {
            groups.push(format!("# across root modules\n{}\n", lines.join("\n")));
        }
    }
    groups.join("\n")
}

/// The report of several roots: each root's own, what the verifier
/// planned there, then the moves across roots and the verdict.
fn cross_text(
    cross: &crate::refactor::cross_root::CrossOutcome,
    reqs: &[Request],
    states: &[Option<PathBuf>],
    verified: &[Vec<Verified>],
    opts: &Options,
) -> String {
    let dir_of = |i: usize| shown_path(&reqs[i].new_dir);
    let old_of = |i: usize| shown_path(&reqs[i].old_dir);
    let mut text = cross_lead(cross, reqs, opts);
    if opts.detail == report::Detail::Quiet {
        return text;
    }
    for (i, o) in cross.roots.iter().enumerate() {
        text.push_str(&format!("\n== {} -> {}\n", old_of(i), dir_of(i)));
        let mut human = report::human_with(o, opts.allow_add, opts.detail);
        // Terraform's summary counts imports first.
        if !o.proof.imports.is_empty() {
            let n = o.proof.imports.len();
            human = human.replacen(
                "With these blocks: Plan: ",
                &format!("With these blocks: Plan: {n} to import, "),
                1,
            );
        }
        text.push_str(&human);
        if opts.detail == report::Detail::Verbose {
            let prior = match &reqs[i].state {
                Some(_) => match &states[i] {
                    Some(s) => format!("Prior objects: the state {}.\n", shown_path(s)),
                    None => "Prior objects: a state.\n".to_string(),
                },
                None => format!(
                    "Prior objects: none given (no --state-for): {}'s configuration stands for them.\n",
                    old_of(i)
                ),
            };
            text.push_str(&prior);
        }
        for v in &verified[i] {
            text.push_str(&verified_line(v, Some(&dir_of(i))));
        }
    }
    let n = cross.moves.len();
    text.push_str(&format!(
        "\nAcross root modules: {n} object{} move{}.\n",
        if n == 1 { "" } else { "s" },
        if n == 1 { "s" } else { "" }
    ));
    for m in &cross.moves {
        text.push_str(&format!(
            "  - {} ({}) -> {} ({})\n",
            m.from,
            old_of(m.from_root),
            m.to,
            dir_of(m.to_root)
        ));
        if let Some(why) = &m.unwritable {
            text.push_str(&format!("      no blocks written: {why}\n"));
        }
        if opts.commands && (states[m.from_root].is_none() || states[m.to_root].is_none()) {
            text.push_str("      no command printed: `state mv -state-out` needs both roots' state files (--state-for)\n");
        }
    }
    text
}

/// The first lines of a refactor across roots: the verdict over every
/// root, then (unless `-q`) the counts, each root that is not proven with
/// its own verdict, and the next steps; each root's report follows.
fn cross_lead(
    cross: &crate::refactor::cross_root::CrossOutcome,
    reqs: &[Request],
    opts: &Options,
) -> String {
    let unproven: Vec<usize> = (0..cross.roots.len())
        .filter(|&i| !cross.roots[i].proven(opts.allow_add))
        .collect();
    let mut text = match unproven.is_empty() {
        true => "Proven in every root: nothing that was only moved is destroyed.\n".to_string(),
        false => format!(
            "Not proven in {} of {} root modules.\n",
            unproven.len(),
            cross.roots.len()
        ),
    };
    if opts.detail == report::Detail::Quiet {
        return text;
    }
    let plural = |n: usize, one: &str, many: &str| match n {
        1 => format!("1 {one}"),
        n => format!("{n} {many}"),
    };
    let (mut import, mut add, mut change, mut destroy) = (0, 0, 0, 0);
    let mut blocks = 0;
    for o in &cross.roots {
        let (a, c, d) = o.proof.counts();
        import += o.proof.imports.len();
        (add, change, destroy) = (add + a, change + c, destroy + d);
        blocks += crate::refactor::blocks::distinct(&o.blocks).len();
    }
    text.push_str(&format!(
        "minimod: {}, {} across them, {}.\n",
        plural(cross.roots.len(), "root module", "root modules"),
        plural(cross.moves.len(), "object moves", "objects move"),
        plural(blocks, "moved block", "moved blocks"),
    ));
    text.push_str(&format!(
        "With these blocks, in all: Plan: {import} to import, {add} to add, {change} to change, {destroy} to destroy.\n"
    ));
    for &i in &unproven {
        let verdict = report::human_with(&cross.roots[i], opts.allow_add, report::Detail::Quiet);
        text.push_str(&format!("  {}: {verdict}", shown_path(&reqs[i].new_dir)));
    }
    let roots_where = |f: &dyn Fn(&crate::refactor::Outcome) -> bool| -> Vec<String> {
        (unproven.iter())
            .filter(|&&i| f(&cross.roots[i]))
            .map(|&i| shown_path(&reqs[i].new_dir))
            .collect()
    };
    // A move with no blocks comes first: the roots' plans without it
    // destroy and create what it would move.
    let unwritable = cross
        .moves
        .iter()
        .filter(|m| m.unwritable.is_some())
        .count();
    if unwritable > 0 {
        text.push_str(&format!(
            "Next: {} across roots {} no blocks: below, each says what it needs.\n",
            plural(unwritable, "move", "moves"),
            if unwritable == 1 { "has" } else { "have" },
        ));
    }
    let hinted = roots_where(&|o| !o.update_hint.is_empty());
    if !hinted.is_empty() {
        text.push_str(&format!(
            "Next: {} move objects that differ only by values: run again with --allow-update to move and update them in place (only the provider knows whether a difference forces a replacement; --verify-with tells).\n",
            hinted.join(", ")
        ));
    }
    let destroying = roots_where(&|o| {
        o.update_hint.is_empty() && o.proof.counts().2 > 0 && !o.pairing.unmatched.is_empty()
    });
    if !destroying.is_empty() {
        text.push_str(&format!(
            "Next: in {}, each object the report below does not match says why it did not pair; a destroy that is meant gets a `removed` block.\n",
            destroying.join(", ")
        ));
    }
    let creating = roots_where(&|o| {
        let (add, _, destroy) = o.proof.counts();
        o.update_hint.is_empty() && destroy == 0 && add > 0 && !opts.allow_add
    });
    if !creating.is_empty() {
        text.push_str(&format!(
            "Next: if what {} create{} is new infrastructure, run again with --allow-add.\n",
            creating.join(", "),
            if creating.len() == 1 { "s" } else { "" }
        ));
    }
    text
}
