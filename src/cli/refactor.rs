//! `minimod refactor OLD_DIR NEW_DIR`.

use std::io::Write;
use std::path::Path;

use crate::config::Engine;
use crate::diagnostics::{Diagnostic, Diagnostics, SourceMap};
use crate::instances::VarSource;
use crate::refactor::verify::{self, Verified};
use crate::refactor::{Request, blocks::Block, commands, report, write};
use crate::state::State;

use super::ConfigArgs;
use super::commands::{CmdResult, print_diagnostics};

pub struct Options {
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
    pub schemas: Option<std::path::PathBuf>,
    /// `--ignore` rules, as given.
    pub ignore: Vec<String>,
    /// `--plan FILE`: `terraform show -json` of a plan of NEW_DIR.
    pub plan: Option<std::path::PathBuf>,
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
    };
    // A configuration that does not load is reported by the refactor.
    let Ok(config) = crate::config::load(old_dir, &opts, &mut SourceMap::default()) else {
        return Ok(());
    };
    fn declared(c: &Config, into: &mut std::collections::HashSet<String>) {
        for r in c.module.resources.values() {
            if r.mode == ResourceMode::Managed {
                into.insert(r.key());
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

/// Exit codes: 0 proven, 1 not proven, 2 bad input.
pub fn run(
    old_dir: &Path,
    new_dir: &Path,
    opts: &Options,
    args: &ConfigArgs,
    sources: &mut SourceMap,
) -> CmdResult {
    let bad = |d: Diagnostics| (2, d);
    let engine = args.engine.map(Engine::from);
    for dir in [old_dir, new_dir] {
        let e = engine.unwrap_or_else(|| crate::config::detect_engine(dir));
        super::commands::require_configuration(dir, e, || {
            super::commands::nothing_to("refactor", dir)
        })
        .map_err(bad)?;
    }
    check_vars(old_dir, new_dir, engine, &args.ordered).map_err(bad)?;
    let ignore = crate::refactor::ignore::Rules::parse_all(&opts.ignore).map_err(bad)?;
    let saved = match &opts.plan {
        Some(p) => Some(std::sync::Arc::new(
            crate::state::plan_json::SavedPlan::read(p).map_err(|d| bad(d.into()))?,
        )),
        None => None,
    };
    // A plan's prior objects stand for the state unless one is given.
    let state = match &args.state {
        Some(p) => Some(State::read(p).map_err(|d| bad(d.into()))?),
        None => saved.as_ref().map(|p| p.prior.clone()),
    };
    let format = match opts.format {
        super::BlockSyntax::Json => write::Format::Json,
        super::BlockSyntax::Hcl => write::Format::Hcl,
    };
    let schemas = super::commands::load_schemas(opts.schemas.as_deref()).map_err(bad)?;
    if let Some(s) = &state {
        let from = args.state.as_deref().or(opts.plan.as_deref());
        let from_plan = args.state.is_none();
        check_state_belongs(old_dir, engine, s, from)
            .map_err(|mut d| {
                // The prior objects came from --plan: say so, and what to give.
                for d in d.0.iter_mut().filter(|_| from_plan) {
                    d.detail = d
                        .detail
                        .replacen("in the state", "in the prior state of the plan", 1)
                        .replacen("Give the state of this configuration (\"terraform state pull\" in its directory).", "Give a plan made from this configuration's state.", 1);
                }
                d
            })
            .map_err(bad)?;
    }
    let process = super::commands::run_options();
    let req = Request {
        old_dir: old_dir.to_path_buf(),
        new_dir: new_dir.to_path_buf(),
        state,
        vars: args.ordered.clone(),
        engine,
        place_root: opts.place_root,
        // What the plan was made with: the planned values depend on them.
        variables: saved
            .as_ref()
            .map(|p| p.variables.clone())
            .unwrap_or_default(),
        unset_variables_unknown: false,
        defer_unknown_keys: true,
        tf_var_env: super::commands::tf_var_env(),
        workspace: process.workspace,
        cwd: process.cwd,
        file_roots: None,
        format,
        schemas,
        allow_update: opts.allow_update,
        ignore,
        plan: saved,
    };
    let outcome = crate::refactor::refactor(&req, sources).map_err(bad)?;
    let file_of = |b: &Block| shown_path(&format.file_in(&b.dir, outcome.engine));

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
        // The plan's variables first: what terraform planned with, unless
        // -var says otherwise.
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
        vars.extend(req.vars.iter().cloned());
        let v = verify::verify(tool, new_dir, &dirs, &outcome.edits, &prior, &vars).map_err(
            |e| match e {
                verify::VerifyError::CannotRun(d) => (2, d),
                verify::VerifyError::Failed(d) => (1, d),
            },
        )?;
        check_agreement(&v, &outcome).map_err(|d| (1, d))?;
        verified.push(serde_json::json!({ "tool": v.tool, "add": v.add, "change": v.change, "destroy": v.destroy }));
    }

    if opts.write {
        // Exactly the texts the proof planned; a link is followed only
        // to a file inside NEW_DIR.
        let confine = write::Confinement {
            links_within: Some(new_dir.to_path_buf()),
            within: None,
        };
        let files = write::write_edits(&outcome.edits, &confine).map_err(bad)?;
        if !opts.json {
            for f in files {
                crate::progress::done();
                eprintln!("Wrote {}", shown_path(&f));
            }
        }
    }
    let mut stdout = super::commands::stdout();
    if opts.json {
        let doc = report::json(&outcome, &file_of, verified);
        let _ = writeln!(
            stdout,
            "{}",
            serde_json::to_string_pretty(&doc).unwrap_or_default()
        );
    } else {
        if opts.commands {
            let binary = match outcome.engine {
                Engine::Tofu => "tofu",
                Engine::Terraform => "terraform",
            };
            for line in commands::state_mv_lines(binary, &outcome.state_moves()) {
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

/// `refactor --root OLD:NEW ...`: one pair is exactly `refactor OLD NEW`;
/// several are refactored each on its own, then paired across roots.
pub fn run_roots(
    roots: &[String],
    state_for: &[String],
    opts: &Options,
    mut args: ConfigArgs,
    sources: &mut SourceMap,
) -> CmdResult {
    use crate::refactor::cross_root;
    let bad = |d: Diagnostics| (2, d);
    let invalid = |summary: &str, detail: String| bad(Diagnostic::error(summary, detail).into());
    let mut pairs: Vec<(std::path::PathBuf, std::path::PathBuf)> = Vec::new();
    for r in roots {
        match r.split_once(':') {
            Some((old, new)) if !old.is_empty() && !new.is_empty() => {
                pairs.push((old.into(), new.into()))
            }
            _ => {
                return Err(invalid(
                    "Invalid --root option",
                    format!(
                        "The given --root option {r:?} is not correctly specified. It must be the old and the new directory of one root module separated by a colon, like --root=\"before/prod:prod\"."
                    ),
                ));
            }
        }
    }
    // The same directory by any spelling.
    let same = |a: &Path, b: &Path| match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => shown_path(a) == shown_path(b),
    };
    let mut states: Vec<Option<std::path::PathBuf>> = vec![None; pairs.len()];
    for s in state_for {
        let Some((old, file)) = s
            .split_once('=')
            .filter(|(o, f)| !o.is_empty() && !f.is_empty())
        else {
            return Err(invalid(
                "Invalid --state-for option",
                format!(
                    "The given --state-for option {s:?} is not correctly specified. It must be a root's old directory and a state file separated by an equals sign, like --state-for=\"before/prod=prod.tfstate\"."
                ),
            ));
        };
        let Some(i) = pairs.iter().position(|(o, _)| same(o, Path::new(old))) else {
            return Err(invalid(
                "Invalid --state-for option",
                format!(
                    "The given --state-for option {s:?} names {old:?}, which is not the old directory of any --root."
                ),
            ));
        };
        if states[i].is_some() {
            return Err(invalid(
                "Invalid --state-for option",
                format!("The state of {old:?} is given more than once."),
            ));
        }
        states[i] = Some(file.into());
    }
    if pairs.len() == 1 {
        if let Some(s) = states[0].take() {
            if args.state.is_some() {
                return Err(invalid(
                    "Invalid --state-for option",
                    "Give the state either with --state or with --state-for, not both.".into(),
                ));
            }
            args.state = Some(s);
        }
        return run(&pairs[0].0, &pairs[0].1, opts, &args, sources);
    }
    if args.state.is_some() {
        return Err(invalid(
            "Ambiguous --state option",
            "With several --root pairs, give each root's state with --state-for OLD_DIR=FILE."
                .into(),
        ));
    }
    if opts.verify_with.is_some() {
        return Err(invalid(
            "Unsupported option",
            "--verify-with proves one root pair; with several --root pairs, verify each root on its own.".into(),
        ));
    }
    let engine = args.engine.map(Engine::from);
    for (old, new) in &pairs {
        for dir in [old, new] {
            let e = engine.unwrap_or_else(|| crate::config::detect_engine(dir));
            super::commands::require_configuration(dir, e, || {
                super::commands::nothing_to("refactor", dir)
            })
            .map_err(bad)?;
        }
    }
    // A -var needs a declaration in some root, not in every one.
    let var_checks: Vec<Result<(), Diagnostics>> = pairs
        .iter()
        .map(|(o, n)| check_vars(o, n, engine, &args.ordered))
        .collect();
    if var_checks.iter().all(Result::is_err) {
        if let Some(Err(d)) = var_checks.into_iter().next() {
            return Err(bad(d));
        }
    }
    let format = match opts.format {
        super::BlockSyntax::Json => write::Format::Json,
        super::BlockSyntax::Hcl => write::Format::Hcl,
    };
    let schemas = super::commands::load_schemas(opts.schemas.as_deref()).map_err(bad)?;
    let ignore = crate::refactor::ignore::Rules::parse_all(&opts.ignore).map_err(bad)?;
    if opts.plan.is_some() {
        let d = crate::diagnostics::Diagnostic::error(
            "Invalid --plan option",
            "A saved plan is the plan of one root module; give it with OLD_DIR NEW_DIR or one --root pair.",
        );
        return Err(bad(d.into()));
    }
    let mut reqs = Vec::new();
    let process = super::commands::run_options();
    for ((old, new), state_path) in pairs.iter().zip(&states) {
        let state = match state_path {
            Some(p) => Some(State::read(p).map_err(|d| bad(d.into()))?),
            None => None,
        };
        if let Some(s) = &state {
            check_state_belongs(old, engine, s, state_path.as_deref()).map_err(bad)?;
        }
        reqs.push(Request {
            old_dir: old.clone(),
            new_dir: new.clone(),
            state,
            vars: args.ordered.clone(),
            engine,
            place_root: opts.place_root,
            variables: Vec::new(),
            unset_variables_unknown: false,
            defer_unknown_keys: true,
            tf_var_env: super::commands::tf_var_env(),
            workspace: process.workspace.clone(),
            cwd: process.cwd.clone(),
            file_roots: None,
            format,
            schemas: schemas.clone(),
            allow_update: opts.allow_update,
            ignore: ignore.clone(),
            plan: None,
        });
    }
    let cross = cross_root::refactor(&reqs, sources).map_err(bad)?;

    if opts.write {
        for (outcome, req) in cross.roots.iter().zip(&reqs) {
            let confine = write::Confinement {
                links_within: Some(req.new_dir.clone()),
                within: None,
            };
            let files = write::write_edits(&outcome.edits, &confine).map_err(bad)?;
            if !opts.json {
                for f in files {
                    eprintln!("Wrote {}", shown_path(&f));
                }
            }
        }
    }
    let dir_of = |i: usize| shown_path(&reqs[i].new_dir);
    let old_of = |i: usize| shown_path(&reqs[i].old_dir);
    let mut stdout = std::io::stdout().lock();
    if opts.json {
        let roots: Vec<serde_json::Value> = cross
            .roots
            .iter()
            .enumerate()
            .map(|(i, o)| {
                let file_of = |b: &Block| shown_path(&format.file_in(&b.dir, o.engine));
                let mut doc = report::json(o, &file_of, Vec::new());
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
        let doc = serde_json::json!({
            "roots": roots,
            "cross_root_moves": moves,
            "proven": cross.proven(opts.allow_add),
        });
        let _ = writeln!(
            stdout,
            "{}",
            serde_json::to_string_pretty(&doc).unwrap_or_default()
        );
    } else {
        let binary = match cross.roots.first().map(|o| o.engine) {
            Some(Engine::Tofu) => "tofu",
            _ => "terraform",
        };
        let mut groups: Vec<String> = Vec::new();
        for (i, o) in cross.roots.iter().enumerate() {
            if opts.commands {
                let lines = commands::state_mv_lines(binary, &o.state_moves());
                if !lines.is_empty() {
                    groups.push(format!("# in {}\n{}\n", dir_of(i), lines.join("\n")));
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
            let lines = cross_root::state_mv_lines(binary, &cross.moves, &states);
            if !lines.is_empty() {
                groups.push(format!("# across root modules\n{}\n", lines.join("\n")));
            }
        }
        let _ = write!(stdout, "{}", groups.join("\n"));
        let mut text = String::new();
        for (i, o) in cross.roots.iter().enumerate() {
            text.push_str(&format!("== {} -> {}\n", old_of(i), dir_of(i)));
            let mut human = report::human(o, opts.allow_add);
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
            text.push('\n');
        }
        let n = cross.moves.len();
        text.push_str(&format!(
            "Across root modules: {n} object{} move{}.\n",
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
        text.push_str(if cross.proven(opts.allow_add) {
            "Proven in every root: nothing that was only moved is destroyed.\n"
        } else {
            "Not proven in every root (see above).\n"
        });
        eprint!("{text}");
    }
    Ok(if cross.proven(opts.allow_add) { 0 } else { 1 })
}
