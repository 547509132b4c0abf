//! `minimod refactor`: pair what a new configuration would destroy with
//! what it would create, write the fewest `moved` blocks that say so, and
//! prove them with the planner.
//!
//! The prior objects come from a state when one is given, else from the
//! old configuration itself (what a pull-request check has). Both
//! configurations are evaluated with unknowns that know their origin (see
//! `lang::unknown`), so a reference compares equal on both sides once the
//! objects it names are paired.

pub(crate) mod blocks;
pub(crate) mod commands;
pub(crate) mod cross_root;
pub(crate) mod ignore;
pub(crate) mod pairing;
pub(crate) mod remote;
pub(crate) mod report;
pub(crate) mod verify;
pub mod write;

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use crate::addrs::{AbsResourceInstance, Module, MoveEndpoint, ResourceMode, unify_move_endpoints};
use crate::config::{self, Config, Engine, LoadOptions};
use crate::diagnostics::{Diagnostics, SourceMap, SourceRange};
use crate::instances::{RootInputs, Run, RunOptions, VarSource};
use crate::lang::value::Value;
use crate::plan::diff::{Action, ActionReason, Plan};
use crate::plan::moves::MoveStatement;
use crate::state::{InstanceIndex, State};

use crate::lang::unknown::{Origin, origins_as_text, resolve};
use crate::lang::value::Type;
use blocks::Block;
use pairing::{Mapping, Object, Pairing};

pub struct Request {
    pub old_dir: PathBuf,
    pub new_dir: PathBuf,
    /// The prior state; without it the old configuration stands for it.
    pub state: Option<State>,
    /// `-var` / `-var-file`, applied to both sides (the new side only when
    /// `old_inputs` gives the old side's).
    pub vars: Vec<VarSource>,
    /// The old side's own `-var`/`-var-file` and variables (a check: each
    /// revision's variables files are its own).
    pub old_inputs: Option<SideInputs>,
    pub engine: Option<Engine>,
    /// Declare every block in the root module.
    pub place_root: bool,
    /// Root variable values given as values (a repository's config file).
    pub variables: Vec<(String, Value)>,
    /// Root variables with no value are unknown, not an error (a pull
    /// request check has no values for them).
    pub unset_variables_unknown: bool,
    /// A block whose keys are known only after apply is reported as
    /// unmatched instead of stopping the refactor.
    pub defer_unknown_keys: bool,
    /// `TF_VAR_` values (name, value), read by the caller; a check of a
    /// pull request leaves the runner's environment out.
    pub tf_var_env: Vec<(String, String)>,
    /// `terraform.workspace` and `path.cwd` on both sides, as the caller
    /// (the cli) gives them.
    pub workspace: String,
    pub cwd: PathBuf,
    /// The home directory for `pathexpand` (none in a check).
    pub home: Option<PathBuf>,
    /// (old, new): filesystem functions read only inside these directories
    /// (a check confines each side to its revision of the repository).
    pub file_roots: Option<(PathBuf, PathBuf)>,
    /// Where the sides' files are read from (a check's revisions are
    /// trees in memory).
    pub files: crate::files::Files,
    /// The syntax the blocks are written in: which file each module's
    /// blocks go into, and so what the proof loads.
    pub format: write::Format,
    /// Provider schemas (`--schemas`): compare as terraform does.
    pub schemas: Option<std::sync::Arc<crate::providers::schema::Schemas>>,
    /// `--allow-update`: pair what structure decides although values
    /// differ; those objects are moved and updated in place.
    pub allow_update: bool,
    /// Ignore rules (`--ignore`, `.minimod.hcl`): differences that do not
    /// keep two objects apart.
    pub ignore: ignore::Rules,
    /// A saved plan of NEW_DIR without the new blocks (`--plan`): the
    /// values it plans for created objects are the ones compared.
    pub plan: Option<std::sync::Arc<crate::state::plan_json::SavedPlan>>,
    /// Work on a second thread where the phases allow it (the old side
    /// beside the new plan). A check, which runs roots side by side,
    /// keeps each root to one.
    pub threads: bool,
}

/// The root inputs one side is given.
#[derive(Clone, Debug, Default)]
pub struct SideInputs {
    pub vars: Vec<VarSource>,
    pub variables: Vec<(String, Value)>,
}

#[non_exhaustive]
pub struct Outcome {
    pub blocks: Vec<Block>,
    pub pairing: Pairing,
    /// The plan of the new configuration before any new block.
    pub before: Plan,
    /// The plan with the blocks: the proof.
    pub proof: Plan,
    /// The files as the proof loaded them: exactly what `--write` writes.
    pub edits: Vec<write::Edit>,
    pub engine: Engine,
    /// Blocks whose instances cannot be known before apply: (address,
    /// side, the reason), on the old side as destroys, the new as creates.
    pub deferred: Vec<(String, pairing::Side, crate::diagnostics::Diagnostic)>,
    /// Without `--allow-update`: the updates it would accept (the pairing
    /// run with it), which the report names; empty with it (they are in
    /// `pairing.updates`).
    pub update_hint: Vec<pairing::Update>,
    /// The prior objects planned against: the state, or the old
    /// configuration's objects.
    pub prior: State,
    /// The managed objects left unmatched, as pairing compared them (a
    /// create's references followed through this root's pairs), for
    /// pairing across root modules.
    pub leftovers: (Vec<Object>, Vec<Object>),
    /// The pairs that only ignore rules made, with the rules.
    pub decided_by_rules: Vec<ignore::Decided>,
    /// The rules in force, as text (for the report).
    pub ignore_rules: Vec<String>,
    /// The warnings of reading both sides' inputs; `warnings` adds the
    /// proof's.
    pub input_warnings: Diagnostics,
    /// Remote module instances whose content is not read that moved, each
    /// with how many objects the state records under it (they move too).
    pub moved_with_calls: Vec<(crate::addrs::ModuleInstance, usize)>,
}

impl Request {
    /// A side's directory as a person named it, for progress: in a check,
    /// whose revisions are mounted at a path of its own, the path inside
    /// the revision; otherwise as given.
    fn shown_dir(&self, dir: &std::path::Path) -> String {
        let Some((base, head)) = &self.file_roots else {
            return dir.display().to_string();
        };
        match [base, head].iter().find_map(|r| dir.strip_prefix(r).ok()) {
            Some(rel) if rel.as_os_str().is_empty() => ".".into(),
            Some(rel) => rel.display().to_string(),
            None => "an empty directory".into(),
        }
    }

    /// A refactor of OLD_DIR into NEW_DIR with everything else as the
    /// command line leaves it: no state, no variables, HCL blocks placed
    /// where they belong.
    pub fn new(old_dir: impl Into<PathBuf>, new_dir: impl Into<PathBuf>) -> Request {
        Request {
            old_dir: old_dir.into(),
            new_dir: new_dir.into(),
            state: None,
            vars: Vec::new(),
            old_inputs: None,
            engine: None,
            place_root: false,
            variables: Vec::new(),
            unset_variables_unknown: false,
            defer_unknown_keys: false,
            tf_var_env: Vec::new(),
            workspace: "default".into(),
            cwd: PathBuf::new(),
            home: None,
            file_roots: None,
            files: crate::files::Files::disk(),
            format: write::Format::Hcl,
            schemas: None,
            allow_update: false,
            ignore: ignore::Rules::default(),
            plan: None,
            threads: true,
        }
    }

    /// How a side is loaded: with `file_roots` (a check), its module
    /// directories must stay inside the revision that holds `dir`.
    pub(crate) fn load_options(&self, dir: &std::path::Path, engine: Engine) -> LoadOptions {
        self.load_options_with(dir, engine, config::RemoteCalls::Opaque)
    }

    /// `load_options`, with the remote calls this side reads from the
    /// other's installation (`Loaded::new_remote`).
    fn load_options_with(
        &self,
        dir: &std::path::Path,
        engine: Engine,
        remote: config::RemoteCalls,
    ) -> LoadOptions {
        let within = self.file_roots.as_ref().map(|(old, new)| {
            [old, new]
                .into_iter()
                .find(|root| dir.starts_with(root))
                .unwrap_or(&dir.to_path_buf())
                .clone()
        });
        LoadOptions {
            engine,
            within,
            files: self.files.clone(),
            remote,
        }
    }

    fn run_options(&self, side: pairing::Side) -> RunOptions {
        let files_within = self.file_roots.as_ref().map(|(old, new)| match side {
            pairing::Side::Destroy => old.clone(),
            pairing::Side::Create => new.clone(),
        });
        RunOptions {
            track_origins: true,
            unset_variables_unknown: self.unset_variables_unknown,
            defer_unknown_expansion: self.defer_unknown_keys,
            files_within,
            files: self.files.clone(),
            schemas: self.schemas.clone(),
            workspace: self.workspace.clone(),
            cwd: self.cwd.clone(),
            home: self.home.clone(),
            threads: self.threads,
            ..RunOptions::default()
        }
    }
}

/// Loads one side: its configuration, root inputs and their warnings. `-var` values for
/// variables this side does not declare are skipped: the same command
/// line serves both sides of a refactor.
fn load_side(
    dir: &std::path::Path,
    engine: Engine,
    req: &Request,
    sources: &mut SourceMap,
) -> Result<(Config, RootInputs, Diagnostics), Diagnostics> {
    load_side_with(
        dir,
        engine,
        req,
        &config::Overlay::new(),
        &config::RemoteCalls::Opaque,
        sources,
    )
}

/// `load_side` with some files read from `overlay` (a proof).
fn load_side_with(
    dir: &std::path::Path,
    engine: Engine,
    req: &Request,
    overlay: &config::Overlay,
    remote: &config::RemoteCalls,
    sources: &mut SourceMap,
) -> Result<(Config, RootInputs, Diagnostics), Diagnostics> {
    // The old side's own inputs, where the caller gave them.
    let (vars, variables) = match &req.old_inputs {
        Some(old) if dir == req.old_dir => (&old.vars, &old.variables),
        _ => (&req.vars, &req.variables),
    };
    let opts = req.load_options_with(dir, engine, remote.clone());
    let config = config::load_with_overlay(dir, &opts, overlay, sources)?;
    let vars: Vec<VarSource> = vars
        .iter()
        .filter(|v| match v {
            VarSource::Var(arg) => arg
                .split_once('=')
                .is_some_and(|(n, _)| config.module.variables.contains_key(n)),
            VarSource::File(_) => true,
        })
        .cloned()
        .collect();
    let (mut inputs, warnings) = crate::instances::collect_root_inputs_in(
        &req.files,
        &config.module,
        dir,
        &req.tf_var_env,
        &vars,
        sources,
    )?;
    for (name, value) in variables {
        if config.module.variables.contains_key(name) {
            let input = crate::instances::RootInput {
                value: value.clone(),
                range: None,
                set_using: None,
            };
            inputs.insert(name.clone(), input);
        }
    }
    Ok((config, inputs, warnings))
}

/// How many instance blocks the last-resort search keeps one by one.
const GREEDY_LIMIT: usize = 2000;

/// Refactors OLD_DIR into NEW_DIR: each phase below is one step of it.
///
/// A renamed resource gives one `moved` block, proven by planning NEW_DIR
/// with it (0 to add, 0 to destroy):
///
/// ```
/// use minimod::{Request, SourceMap, refactor};
///
/// let dir = tempfile::tempdir().unwrap();
/// for (side, name) in [("old", "web"), ("new", "frontend")] {
///     std::fs::create_dir(dir.path().join(side)).unwrap();
///     let text = format!("resource \"terraform_data\" \"{name}\" {{\n  input = \"x\"\n}}\n");
///     std::fs::write(dir.path().join(side).join("main.tf"), text).unwrap();
/// }
/// let req = Request::new(dir.path().join("old"), dir.path().join("new"));
/// let outcome = refactor(&req, &mut SourceMap::default()).unwrap();
/// let moves: Vec<_> = outcome.blocks.iter().map(|b| (b.from.as_str(), b.to.as_str())).collect();
/// assert_eq!(moves, [("terraform_data.web", "terraform_data.frontend")]);
/// ```
pub fn refactor(req: &Request, sources: &mut SourceMap) -> Result<Outcome, Diagnostics> {
    let engine = req
        .engine
        .unwrap_or_else(|| config::detect_engine_in(&req.new_dir, &req.files));
    let loaded = Loaded::load(req, engine, sources)?;
    let (sides, mut old_run) = Sides::expand(req, engine, &loaded)?;
    // Looked up once per destroy and per reference: index it once.
    let moved_index = sides.before.moved_prior.instance_index();
    crate::progress::step(|| "finding the objects the plan changes".into());
    let mut changed = sides.changed_addresses()?;
    let held = std::mem::take(&mut changed.held);
    crate::progress::step(|| {
        format!(
            "reading {} destroyed and {} created objects",
            changed.destroyed.len(),
            changed.created.len()
        )
    });
    let (destroys, creates) = changed_objects(
        &mut old_run,
        &sides.old_instances,
        &sides.new_run,
        req,
        &moved_index,
        changed,
    )?;
    // Nothing reads the old run again but for its deferred blocks: it is
    // freed while the pairing runs.
    let old_deferred = old_run.deferred();
    let ((), paired) = crate::parallel::side_by_side(
        req.threads,
        move || drop(old_run),
        || sides.pair(&moved_index, (&destroys, &creates), &held),
    );
    let paired = paired?;
    crate::progress::step(|| "deriving blocks".into());
    let blocks = sides.derive_blocks(&paired.pairing, &paired.held_pairs)?;
    sides.prove_and_report(
        paired,
        blocks,
        old_deferred,
        (destroys, creates),
        sources,
        loaded.warnings.clone(),
    )
}

/// Both configurations with their root inputs, and the warnings of
/// reading them.
struct Loaded {
    old: (Config, RootInputs),
    new: (Config, RootInputs),
    /// The remote calls the new side reads from the old side's
    /// installation: the proof loads it the same way.
    new_remote: config::RemoteCalls,
    /// Input warnings (a variables file's value for an undeclared
    /// variable): the new side's, and the old side's from its own files.
    warnings: Diagnostics,
}

impl Loaded {
    fn load(req: &Request, engine: Engine, sources: &mut SourceMap) -> Result<Loaded, Diagnostics> {
        crate::progress::step(|| format!("loading {}", req.shown_dir(&req.old_dir)));
        let (mut old_cfg, mut old_inputs, mut old_warnings) =
            load_side(&req.old_dir, engine, req, sources)?;
        let (mut new_cfg, mut new_inputs, mut warnings) =
            load_side(&req.new_dir, engine, req, sources)?;
        // A remote call one checkout installed and the other did not (the
        // old revision's worktree is rarely initialised) is read from the
        // one that has it, when both call it by the same key, source and
        // version.
        let borrowed = |from: &Config, to: &Config| {
            if !to.has_remote() {
                return None;
            }
            let installed = from.installed_remote();
            (!installed.is_empty())
                .then(|| config::RemoteCalls::OpaqueOr(std::sync::Arc::new(installed)))
        };
        let (old_borrows, new_borrows) =
            (borrowed(&new_cfg, &old_cfg), borrowed(&old_cfg, &new_cfg));
        let no = &config::Overlay::new();
        if let Some(remote) = &old_borrows {
            (old_cfg, old_inputs, old_warnings) =
                load_side_with(&req.old_dir, engine, req, no, remote, sources)?;
        }
        if let Some(remote) = &new_borrows {
            (new_cfg, new_inputs, warnings) =
                load_side_with(&req.new_dir, engine, req, no, remote, sources)?;
        }
        let new_remote = new_borrows.unwrap_or(config::RemoteCalls::Opaque);
        // A -var-file is read by both sides; the new side, which is
        // planned, speaks for it.
        let given: BTreeSet<String> = req
            .vars
            .iter()
            .filter_map(|v| match v {
                VarSource::File(f) => Some(crate::syntax::source::shown_path(
                    std::path::Path::new(f),
                    sources,
                )),
                VarSource::Var(_) => None,
            })
            .collect();
        let mut old_own: Vec<_> = old_warnings
            .0
            .into_iter()
            .filter(|w| w.subject.as_ref().is_none_or(|s| !given.contains(&*s.file)))
            .filter(|w| !warnings.0.contains(w))
            .collect();
        old_own.append(&mut warnings.0);
        Ok(Loaded {
            old: (old_cfg, old_inputs),
            new: (new_cfg, new_inputs),
            new_remote,
            warnings: Diagnostics(old_own),
        })
    }
}

/// Both sides evaluated: the old configuration expanded (and the prior
/// objects it stands for without a state), the new one planned as it is,
/// before any new block. Every later phase reads them.
struct Sides<'c> {
    req: &'c Request,
    /// How the new side read its remote calls (`Loaded::new_remote`).
    new_remote: &'c config::RemoteCalls,
    engine: Engine,
    old_cfg: &'c Config,
    old_inputs: &'c RootInputs,
    new_cfg: &'c Config,
    new_inputs: &'c RootInputs,
    old_instances: BTreeSet<AbsResourceInstance>,
    /// The prior objects planned against: the state (borrowed from the
    /// request, not copied), or the old configuration's objects.
    prior: std::borrow::Cow<'c, State>,
    /// The new configuration's plan with its own moved blocks.
    before: crate::plan::Planned,
    /// The new configuration evaluated against the moved prior state.
    new_run: Run<'c>,
}

/// What the plan before the blocks changes: the objects it destroys (at
/// their address in the moved prior state, and in the old configuration)
/// and the ones it creates.
struct Changed {
    destroyed: Vec<(AbsResourceInstance, AbsResourceInstance)>,
    created: Vec<AbsResourceInstance>,
    /// Destroyed objects a state records under a remote module instance
    /// (at their address in the moved prior state): they go or stay with
    /// its content, and are not paired themselves.
    held: Vec<AbsResourceInstance>,
}

/// The pairing and what the report and the cross-root pairing need of it.
struct Paired {
    pairing: Pairing,
    /// The objects a state records under remote module instances that
    /// paired, each with where it goes with its instance: the blocks move
    /// them too (a module's block moves everything under it).
    held_pairs: Vec<(AbsResourceInstance, AbsResourceInstance)>,
    update_hint: Vec<pairing::Update>,
    decided_by_rules: Vec<ignore::Decided>,
    leftovers: (Vec<Object>, Vec<Object>),
}

/// Whether `old` puts `pre` inside a remote module instance whose content
/// it does not read (and `pre` is not that content itself).
fn held_by_remote(old: &Config, pre: &AbsResourceInstance) -> bool {
    !config::is_content(&pre.resource.resource)
        && config::remote_instance(old, &pre.module).is_some()
}

fn is_data(a: &AbsResourceInstance) -> bool {
    a.resource.resource.mode == ResourceMode::Data
}

impl<'c> Sides<'c> {
    /// Both sides, and the old configuration's run (read only while the
    /// objects the plan changes are read: the caller frees it early).
    fn expand(
        req: &'c Request,
        engine: Engine,
        loaded: &'c Loaded,
    ) -> Result<(Sides<'c>, Run<'c>), Diagnostics> {
        let (old_cfg, old_inputs) = (&loaded.old.0, &loaded.old.1);
        let (new_cfg, new_inputs) = (&loaded.new.0, &loaded.new.1);
        crate::progress::step(|| format!("expanding {}", req.shown_dir(&req.old_dir)));
        // The old configuration as it evaluates, and the prior objects.
        let expand_old = || -> Result<(Run<'c>, BTreeSet<AbsResourceInstance>), Diagnostics> {
            let mut old_run = Run::new(
                old_cfg,
                old_inputs.clone(),
                req.run_options(pairing::Side::Destroy),
            );
            if let Some(s) = &req.state {
                old_run = old_run.with_prior_state(s);
            }
            let old_instances = old_run.check_all()?.into_iter().collect();
            Ok((old_run, old_instances))
        };
        // What the new configuration does to the prior objects, with its
        // own moved blocks. Its run is the new configuration evaluated
        // against the moved prior state, which every later phase reads.
        let plan_new = |prior: &State| {
            crate::progress::step(|| {
                let objects: usize = prior.resources.iter().map(|r| r.instances.len()).sum();
                format!(
                    "planning {} against {objects} prior objects",
                    req.shown_dir(&req.new_dir)
                )
            });
            crate::plan::plan_configuration_run(
                new_cfg,
                new_inputs.clone(),
                prior,
                engine,
                &[],
                req.run_options(pairing::Side::Create),
                &|_, _| None,
                Default::default(),
            )
        };
        let ((old_run, old_instances), prior, (before, new_run)) = match &req.state {
            // A state records what is inside a remote module instance, not
            // the instance itself: its content object (the call's source,
            // version and arguments, as the old side evaluates them) joins
            // the prior objects, so that it moves, pairs and is proven as
            // they are. The new side then waits for the old one.
            Some(s) if old_cfg.has_remote() => {
                s.convert_values(req.threads);
                let (old_run, old_instances) = expand_old()?;
                let mut prior = s.clone();
                let contents = old_instances
                    .iter()
                    .filter(|a| config::is_content(&a.resource.resource));
                insert_configured(&mut prior, &old_run, contents)?;
                let new = plan_new(&prior)?;
                (
                    (old_run, old_instances),
                    std::borrow::Cow::Owned(prior),
                    new,
                )
            }
            // With a state, neither side waits for the other: the old side
            // is evaluated on a second thread while the new one is planned.
            Some(s) => {
                // Each side reads every recorded object from its own copy
                // of the state: converted once, before the copies are made.
                s.convert_values(req.threads);
                let (old, new) =
                    crate::parallel::side_by_side(req.threads, expand_old, || plan_new(s));
                let old = old?;
                (old, std::borrow::Cow::Borrowed(s), new?)
            }
            None => {
                let (old_run, old_instances) = expand_old()?;
                let prior = prior_from_config(&old_run, &old_instances)?;
                let new = plan_new(&prior)?;
                (
                    (old_run, old_instances),
                    std::borrow::Cow::Owned(prior),
                    new,
                )
            }
        };
        if let Some(saved) = &req.plan {
            check_plan_matches(saved, &before.plan, &req.new_dir)?;
        }
        let sides = Sides {
            req,
            new_remote: &loaded.new_remote,
            engine,
            old_cfg,
            old_inputs,
            new_cfg,
            new_inputs,
            old_instances,
            prior,
            before,
            new_run,
        };
        Ok((sides, old_run))
    }

    /// What the new configuration destroys and creates.
    fn changed_addresses(&self) -> Result<Changed, Diagnostics> {
        let mut destroyed = Vec::new();
        let mut created = Vec::new();
        let mut held = Vec::new();
        let remote = self.old_cfg.has_remote();
        for c in &self.before.plan.changes {
            match (c.action, &c.reason) {
                (Action::Create, _) => created.push(c.addr.clone()),
                // An object a `removed` block takes away is meant to go; a
                // deposed one goes whatever moves (the proof counts it).
                (Action::Delete, Some(ActionReason::Removed | ActionReason::Deposed(_))) => {}
                (Action::Delete, _) => {
                    let pre = self.before.moves.old_addr(&c.addr);
                    match remote && held_by_remote(self.old_cfg, &pre) {
                        true => held.push(c.addr.clone()),
                        false => destroyed.push((c.addr.clone(), pre)),
                    }
                }
                _ => {}
            }
        }
        // Data sources pair like managed objects (same type, same configured
        // arguments), so that a value read from one follows it wherever the
        // module holding it has moved. They are never moved themselves: their
        // pairs and leftovers are dropped after the pairing.
        let new_data: BTreeSet<AbsResourceInstance> = self
            .new_run
            .resource_instances()?
            .into_iter()
            .filter(is_data)
            .collect();
        for a in self.old_instances.iter().filter(|a| is_data(a)) {
            if !new_data.contains(a) {
                destroyed.push((a.clone(), a.clone()));
            }
        }
        created.extend(
            new_data
                .into_iter()
                .filter(|a| !self.old_instances.contains(a)),
        );
        Ok(Changed {
            destroyed,
            created,
            held,
        })
    }

    /// Pairs the destroys with the creates: by values, then with what the
    /// dependents of identical objects say; without `--allow-update`, also
    /// what it would accept.
    fn pair(
        &self,
        moved_index: &InstanceIndex,
        (destroys, creates): (&[Object], &[Object]),
        held: &[AbsResourceInstance],
    ) -> Result<Paired, Diagnostics> {
        let req = self.req;
        let follow = Follow {
            with_state: req.state.is_some(),
            moved_index,
            moves: &self.before.moves,
            twins: RefCell::new(BTreeMap::new()),
            parsed: RefCell::default(),
        };
        let canon = |v: &Value, mapping: &Mapping| follow.canon(v, mapping);
        crate::progress::step(|| {
            format!(
                "pairing {} destroyed with {} created objects",
                destroys.len(),
                creates.len()
            )
        });
        // Ignore rules normalise both sides before pairing; the objects as
        // configured stay, to name the rules that decided each pair.
        let normalised = (!req.ignore.is_empty()).then(|| {
            let apply = |side: &[Object]| -> Vec<Object> {
                side.iter().map(|o| req.ignore.apply(o)).collect()
            };
            (apply(destroys), apply(creates))
        });
        let configured = normalised.is_some().then_some((destroys, creates));
        let (destroys, creates) = match &normalised {
            Some((d, c)) => (d.as_slice(), c.as_slice()),
            None => (destroys, creates),
        };
        let normalise = |a: &AbsResourceInstance, attr: &str, v: Value| {
            req.ignore
                .normalise(&a.resource.resource.type_name, attr, v)
        };
        // Signed once for every pairing below.
        let signed = pairing::Signed::new(destroys, creates, &canon, &normalise, req.threads);
        let run_pairing =
            |allow_update: bool, pinned: &[(AbsResourceInstance, AbsResourceInstance)]| {
                let opts = pairing::Options {
                    allow_update,
                    pinned,
                    threads: req.threads,
                    signed: Some(&signed),
                };
                follow.pair(destroys, creates, &canon, &normalise, opts)
            };
        let mut pairing = run_pairing(req.allow_update, &[]);
        // Identical objects told apart by what refers to them: a second pairing
        // with what the dependents' references decided taken first.
        let dependents = match pairing
            .unmatched
            .iter()
            .any(|u| matches!(u.reason, pairing::Reason::Ambiguous(..)))
        {
            true => self.dependents_evidence(&pairing, destroys, creates)?,
            false => pairing::Dependents::default(),
        };
        let pinned = &dependents.pins;
        if !pinned.is_empty() {
            pairing = run_pairing(req.allow_update, pinned);
        }
        // What the dependents said of twins it did not decide, named in
        // their reasons.
        dependents.name_evidence(&mut pairing.unmatched);
        // Without consent, what it would accept: the report names exactly
        // those pairs and differences. Only worth a second run when something
        // is left unmatched.
        let update_hint: Vec<pairing::Update> =
            match req.allow_update || pairing.unmatched.is_empty() {
                true => Vec::new(),
                // A remote call that changes is not an update to accept.
                false => (run_pairing(true, pinned).updates.into_iter())
                    .filter(|u| remote::instance_of(&u.prior).is_none())
                    .collect(),
            };
        // Only managed objects left unmatched read it (`leftovers`).
        let final_mapping: Option<Mapping> = (pairing.unmatched.iter())
            .any(|u| !is_data(&u.addr))
            .then(|| {
                (pairing.pairs.iter())
                    .map(|(old, new)| (new.clone(), old.clone()))
                    .collect()
            });
        pairing.pairs.retain(|(a, _)| !is_data(a));
        pairing.unmatched.retain(|u| !is_data(&u.addr));
        let decided_by_rules = match &configured {
            Some((d, c)) => decided_by_rules(&req.ignore, &pairing, d, c, &canon),
            None => Vec::new(),
        };
        self.name_blocked(&mut pairing.unmatched);
        let leftovers = match &final_mapping {
            Some(mapping) => leftovers(&pairing, destroys, creates, &|v: &Value| canon(v, mapping)),
            None => (Vec::new(), Vec::new()),
        };
        let held_pairs = self.pair_held(&mut pairing, held)?;
        Ok(Paired {
            held_pairs,
            pairing,
            update_hint,
            decided_by_rules,
            leftovers,
        })
    }

    /// An object whose declared move was blocked stays where it was and is
    /// destroyed: its reason says so rather than "nothing to pair with".
    fn name_blocked(&self, unmatched: &mut [pairing::Unmatched]) {
        for u in unmatched {
            if u.side != pairing::Side::Destroy {
                continue;
            }
            if let Some(wanted) = blocked_destination(&self.before.moves.blocked, &u.addr) {
                u.reason = pairing::Reason::Blocked(wanted);
            }
        }
    }

    /// The objects a state records under remote module instances that
    /// paired, taken out of `pairing` with where each goes; what is left
    /// unmatched because of a remote module says so.
    fn pair_held(
        &self,
        pairing: &mut Pairing,
        held: &[AbsResourceInstance],
    ) -> Result<Vec<(AbsResourceInstance, AbsResourceInstance)>, Diagnostics> {
        let held_pairs = remote::held_pairs(pairing, held);
        if !held.is_empty() || self.old_cfg.has_remote() || self.new_cfg.has_remote() {
            let old: Vec<AbsResourceInstance> = self.old_instances.iter().cloned().collect();
            let new = self.new_run.resource_instances()?;
            let modules = self.new_run.module_instances()?;
            remote::name_reasons(pairing, held, (&old, &new), &modules);
        }
        Ok(held_pairs)
    }

    /// The pairs decided by what refers to identical objects left ambiguous
    /// (`pairing::dependents_evidence`). The dependents are the objects that
    /// are the same object on both sides: at the same address, or paired. The
    /// old configuration is evaluated without the state, so that its
    /// references stay unknowns that name the objects they come from.
    fn dependents_evidence(
        &self,
        pairing: &Pairing,
        destroys: &[Object],
        creates: &[Object],
    ) -> Result<pairing::Dependents, Diagnostics> {
        let moves = &self.before.moves;
        let old_run = Run::new(
            self.old_cfg,
            self.old_inputs.clone(),
            self.req.run_options(pairing::Side::Destroy),
        );
        let moved: BTreeSet<&AbsResourceInstance> = destroys
            .iter()
            .map(|d| &d.addr)
            .chain(creates.iter().map(|c| &c.addr))
            .collect();
        let mut both: Vec<(AbsResourceInstance, AbsResourceInstance)> = pairing
            .pairs
            .iter()
            .map(|(p, n)| (moves.old_addr(p), n.clone()))
            .collect();
        for a in self.new_run.resource_instances()? {
            if self.old_instances.contains(&a) && !moved.contains(&a) {
                both.push((a.clone(), a));
            }
        }
        // Evidence only: an object either side cannot evaluate gives none.
        let dependents: Vec<pairing::Dependent> = both
            .iter()
            .filter(|(o, _)| self.old_instances.contains(o))
            .filter_map(|(o, n)| {
                Some(pairing::Dependent {
                    old: old_run.resource_config_value(o).ok()?,
                    new: self.new_run.resource_config_value(n).ok()?,
                    old_addr: o.clone(),
                    new_addr: n.clone(),
                })
            })
            .collect();
        let mut dependents = dependents;
        dependents.extend(self.renamed_dependents(pairing, &old_run)?);
        let to_prior: BTreeMap<AbsResourceInstance, AbsResourceInstance> = destroys
            .iter()
            .map(|d| (moves.old_addr(&d.addr), d.addr.clone()))
            .collect();
        Ok(pairing::dependents_evidence(
            &pairing.unmatched,
            &dependents,
            &|a| to_prior.get(a).cloned().unwrap_or_else(|| a.clone()),
        ))
    }

    /// Dependents renamed along with the identical objects they refer to:
    /// objects left unmatched because they differ, that differ from
    /// exactly one object of the other side (and it from them) only in
    /// which twin they refer to (`pairing::pairs_modulo_twins`). Both sides
    /// are evaluated without a state, so that every reference is an
    /// unknown naming its object: a twin becomes its class, any other
    /// object its old address once followed through the pairs decided.
    fn renamed_dependents(
        &self,
        pairing: &Pairing,
        old_run: &Run,
    ) -> Result<Vec<pairing::Dependent>, Diagnostics> {
        use pairing::Side;
        let differs = |side: Side| -> Vec<&AbsResourceInstance> {
            pairing
                .unmatched
                .iter()
                .filter(|u| u.side == side && matches!(u.reason, pairing::Reason::Differs(_)))
                .map(|u| &u.addr)
                .collect()
        };
        let (priors, news) = (differs(Side::Destroy), differs(Side::Create));
        if priors.is_empty() || news.is_empty() {
            return Ok(Vec::new());
        }
        let moves = &self.before.moves;
        let mut old_twins: BTreeMap<AbsResourceInstance, usize> = BTreeMap::new();
        let mut new_twins: BTreeMap<AbsResourceInstance, usize> = BTreeMap::new();
        for ((side, addr), k) in pairing::twin_classes(&pairing.unmatched) {
            match side {
                Side::Destroy => old_twins.insert(moves.old_addr(&addr), k),
                Side::Create => new_twins.insert(addr, k),
            };
        }
        let token = |k: usize, attr: &str| {
            // Not an address: it names no object, only the class.
            let origin = Origin::attr(format!("twins#{k}"), attr);
            Value::Unknown(Type::Dynamic, Some(origin))
        };
        let old_follow = |object: &str, attr: &str| {
            let a = AbsResourceInstance::parse(object).ok()?;
            old_twins.get(&a).map(|&k| token(k, attr))
        };
        let mapping: Mapping = pairing
            .pairs
            .iter()
            .map(|(old, new)| (new.clone(), old.clone()))
            .collect();
        let new_follow = |object: &str, attr: &str| {
            let a = AbsResourceInstance::parse(object).ok()?;
            if let Some(&k) = new_twins.get(&a) {
                return Some(token(k, attr));
            }
            let old = moves.old_addr(mapping.get(&a).unwrap_or(&a));
            let origin = Origin::attr(old.to_string(), attr);
            Some(Value::Unknown(Type::Dynamic, Some(origin)))
        };
        let new_run = Run::new(
            self.new_cfg,
            self.new_inputs.clone(),
            self.req.run_options(Side::Create),
        );
        // (address compared, value as configured, object compared modulo twins)
        let side = |run: &Run,
                    addrs: Vec<(AbsResourceInstance, AbsResourceInstance)>,
                    follow: &dyn Fn(&str, &str) -> Option<Value>| {
            addrs
                .into_iter()
                .filter_map(|(at, object)| {
                    // Evidence only: an object that does not evaluate gives none.
                    let v = run.resource_config_value(&at).ok()?;
                    let schema = crate::plan::diff::resource_schema(run, &at);
                    let mut o = Object::compared(object, &schema, &v, &v);
                    o.values = o
                        .values
                        .iter()
                        .map(|(k, v)| (k.clone(), resolve(v, follow)))
                        .collect();
                    Some((at, v, self.req.ignore.apply(&o)))
                })
                .collect::<Vec<_>>()
        };
        let olds = side(
            old_run,
            priors
                .into_iter()
                .map(|p| (moves.old_addr(p), p.clone()))
                .filter(|(o, _)| self.old_instances.contains(o))
                .collect(),
            &old_follow,
        );
        let news = side(
            &new_run,
            news.into_iter().map(|n| (n.clone(), n.clone())).collect(),
            &new_follow,
        );
        let (old_objects, new_objects): (Vec<Object>, Vec<Object>) = (
            olds.iter().map(|(_, _, o)| o.clone()).collect(),
            news.iter().map(|(_, _, o)| o.clone()).collect(),
        );
        Ok(pairing::pairs_modulo_twins(&old_objects, &new_objects)
            .into_iter()
            .map(|(i, j)| pairing::Dependent {
                old_addr: olds[i].0.clone(),
                new_addr: news[j].0.clone(),
                old: olds[i].1.clone(),
                new: news[j].1.clone(),
            })
            .collect())
    }

    /// The coarsest set of blocks terraform's validation accepts: a coarse
    /// set can overlap with itself or with the configuration's own blocks
    /// once declared in shared module directories; the finer ones are
    /// declared in the root from the old addresses.
    fn derive_blocks(
        &self,
        pairing: &Pairing,
        held_pairs: &[(AbsResourceInstance, AbsResourceInstance)],
    ) -> Result<Vec<Block>, Diagnostics> {
        let with_held;
        let pairs = match held_pairs.is_empty() {
            true => &pairing.pairs,
            false => {
                with_held = remote::sorted_union(&pairing.pairs, held_pairs);
                &with_held
            }
        };
        // Borrowed from the state, by module instance: no address is
        // built per object.
        let prior = blocks::Prior::new(
            (self.before.moved_prior.resources.iter())
                .filter(|r| r.addr.resource.mode == ResourceMode::Managed)
                .map(|r| {
                    let keys = (r.instances.iter())
                        .filter(|i| i.deposed.is_none())
                        .map(|i| &i.key);
                    (&r.addr.module, &r.addr.resource, keys)
                }),
        );
        let module_instances = self.new_run.module_instances()?;
        let resource_instances = self.new_run.resource_instances()?;
        let new_modules = module_instances.iter().cloned().collect();
        let ctx = blocks::Context {
            prior: &prior,
            new_modules: &new_modules,
            config: self.new_cfg,
            root_only: self.req.place_root,
        };
        let valid = |blocks: &[Block]| -> Result<bool, Diagnostics> {
            let statements = statements_of(blocks, self.new_cfg)?;
            let invalid = crate::plan::moves::validate_with(
                self.new_cfg,
                &self.prior,
                &statements,
                self.engine,
                &module_instances,
                &resource_instances,
            );
            Ok(!invalid.has_errors())
        };
        for level in blocks::Granularity::ALL {
            let candidate = remote::whole_instances(blocks::blocks_at(pairs, &ctx, level));
            if valid(&candidate)? {
                return Ok(candidate);
            }
        }
        // Even single instances overlap with the configuration's own
        // statements: keep the blocks that stay valid together, in
        // order; the pairs left out are then planned as they are.
        // (One validation per block: bounded, past that the proof
        // reports what is invalid.)
        let all = remote::whole_instances(blocks::blocks_at(
            pairs,
            &ctx,
            blocks::Granularity::Instances,
        ));
        if all.len() > GREEDY_LIMIT {
            return Ok(all);
        }
        let mut kept: Vec<Block> = Vec::new();
        for b in all {
            kept.push(b);
            if !valid(&kept)? {
                kept.pop();
            }
        }
        Ok(kept)
    }

    /// Proves the blocks and reports (`old_deferred`: the old side's
    /// blocks whose keys wait for apply). Nothing reads the moved prior
    /// state and the paired `objects` again: they are freed on a second
    /// thread while the proof plans.
    fn prove_and_report(
        self,
        paired: Paired,
        blocks: Vec<Block>,
        old_deferred: Vec<(String, crate::diagnostics::Diagnostic)>,
        objects: (Vec<Object>, Vec<Object>),
        sources: &mut SourceMap,
        input_warnings: Diagnostics,
    ) -> Result<Outcome, Diagnostics> {
        let mut deferred: Vec<(String, pairing::Side, crate::diagnostics::Diagnostic)> =
            old_deferred
                .into_iter()
                .map(|(a, d)| (a, pairing::Side::Destroy, d))
                .collect();
        deferred.extend(
            self.before
                .deferred
                .iter()
                .cloned()
                .map(|(a, d)| (a, pairing::Side::Create, d)),
        );
        let Sides {
            req,
            new_remote,
            engine,
            new_inputs,
            new_run,
            prior,
            before,
            ..
        } = self;
        let crate::plan::Planned {
            plan: before,
            moves,
            moved_prior,
            ..
        } = before;
        // The outcome keeps the prior state: a borrowed one is copied there
        // too, while the proof plans.
        let borrowed = match &prior {
            std::borrow::Cow::Borrowed(s) => Some(*s),
            std::borrow::Cow::Owned(_) => None,
        };
        // The proof plans the same configuration with the blocks added:
        // what the plan before them computed without reading the prior
        // state is taken as it is.
        let reusable = new_run.into_reusable();
        let (copied, proved) = crate::parallel::side_by_side(
            req.threads,
            move || {
                drop((moves, moved_prior, objects));
                borrowed.cloned()
            },
            || {
                let reused = reusable;
                let new_side = (new_inputs, new_remote);
                prove(
                    req, engine, new_side, &prior, &before, &blocks, reused, sources,
                )
            },
        );
        let (edits, proof) = proved?;
        let mut pairing = paired.pairing;
        remote::changed_calls(&proof, &mut pairing);
        let prior = copied.unwrap_or_else(|| prior.into_owned());
        crate::progress::step(|| "reporting".into());
        Ok(Outcome {
            moved_with_calls: remote::moved_with_calls(&pairing, &paired.held_pairs),
            blocks,
            pairing,
            before,
            proof,
            edits,
            engine,
            deferred,
            update_hint: paired.update_hint,
            prior,
            leftovers: paired.leftovers,
            decided_by_rules: paired.decided_by_rules,
            ignore_rules: req.ignore.0.iter().map(ToString::to_string).collect(),
            input_warnings,
        })
    }
}

/// The blocks written where they go, and the plan of the new configuration
/// as it will be on disk with them. With nothing to write, that is the
/// configuration `before` planned, against the same prior state with the
/// same inputs and options: its plan is the proof.
#[allow(clippy::too_many_arguments)]
fn prove(
    req: &Request,
    engine: Engine,
    (new_inputs, new_remote): (&RootInputs, &config::RemoteCalls),
    prior: &State,
    before: &Plan,
    blocks: &[Block],
    reused: crate::instances::Reusable,
    sources: &mut SourceMap,
) -> Result<(Vec<write::Edit>, Plan), Diagnostics> {
    let edits = write::edits_in(&req.files, blocks, req.format, engine)?;
    if edits.is_empty() {
        return Ok((edits, before.clone()));
    }
    let proof_cfg = config::load_with_overlay(
        &req.new_dir,
        &req.load_options_with(&req.new_dir, engine, new_remote.clone()),
        &write::overlay_in(&req.files, &edits),
        sources,
    )?;
    crate::progress::step(|| match blocks.len() {
        1 => "proving 1 block".to_string(),
        n => format!("proving {n} blocks"),
    });
    let (proof, _) = crate::plan::plan_configuration_run(
        &proof_cfg,
        new_inputs.clone(),
        prior,
        engine,
        &[],
        req.run_options(pairing::Side::Create),
        &|_, _| None,
        reused,
    )?;
    Ok((edits, proof.plan))
}

/// How a new-side unknown follows its object through the pairing: to the
/// prior object's recorded value, or to the same attribute of the prior
/// object under its old name.
struct Follow<'a> {
    with_state: bool,
    moved_index: &'a InstanceIndex,
    moves: &'a crate::plan::moves::MoveResults,
    /// New objects left ambiguous, with their identical candidates: a
    /// reference to one resolves when every candidate recorded the same
    /// value, so legitimately ambiguous twins do not take down a dependent
    /// whose value is the same whichever twin it follows.
    twins: RefCell<BTreeMap<AbsResourceInstance, Vec<AbsResourceInstance>>>,
    /// The objects references name, parsed once: each round of each
    /// pairing follows the same references again.
    parsed: RefCell<foldhash::HashMap<String, Option<AbsResourceInstance>>>,
}

impl Follow<'_> {
    fn recorded_attr(&self, at: &AbsResourceInstance, attr: &str) -> Option<Value> {
        let recorded = self.moved_index.get(at).map(|i| i.value())?;
        let v = recorded.as_mapping().and_then(|m| m.get(attr).cloned())?;
        (!v.is_null()).then_some(v)
    }

    fn canon(&self, v: &Value, mapping: &Mapping) -> Value {
        let follow = |object: &str, attr: &str| {
            if !self.parsed.borrow().contains_key(object) {
                let a = AbsResourceInstance::parse(object).ok();
                self.parsed.borrow_mut().insert(object.to_string(), a);
            }
            let parsed = self.parsed.borrow();
            let a = parsed.get(object)?.as_ref()?;
            let Some(at) = mapping
                .get(a)
                .cloned()
                .or_else(|| self.moved_index.get(a).map(|_| a.clone()))
            else {
                if !self.with_state {
                    return None;
                }
                let twins = self.twins.borrow();
                let mut values = twins.get(a)?.iter().map(|t| self.recorded_attr(t, attr));
                let first = values.next()??;
                return values.all(|v| v.as_ref() == Some(&first)).then_some(first);
            };
            if self.with_state
                && let Some(v) = self.recorded_attr(&at, attr)
            {
                return Some(v);
            }
            let old = self.moves.old_addr(&at);
            Some(Value::Unknown(
                Type::Dynamic,
                Some(Origin::attr(old.to_string(), attr)),
            ))
        };
        resolve(v, &follow)
    }

    /// One pairing; with a state, a second one once the ambiguous twins
    /// are known, so references to them resolve where the twins agree.
    fn pair(
        &self,
        destroys: &[Object],
        creates: &[Object],
        canon: &pairing::Canon,
        normalise: &pairing::Normalise,
        opts: pairing::Options,
    ) -> Pairing {
        *self.twins.borrow_mut() = BTreeMap::new();
        let pairing = pairing::pair_with(destroys, creates, canon, normalise, opts);
        let ambiguous: BTreeMap<AbsResourceInstance, Vec<AbsResourceInstance>> = pairing
            .unmatched
            .iter()
            .filter(|u| u.side == pairing::Side::Create)
            .filter_map(|u| match &u.reason {
                pairing::Reason::Ambiguous(cands, _) => Some((u.addr.clone(), cands.clone())),
                _ => None,
            })
            .collect();
        if self.with_state && !ambiguous.is_empty() {
            *self.twins.borrow_mut() = ambiguous;
            return pairing::pair_with(destroys, creates, canon, normalise, opts);
        }
        pairing
    }
}

/// The managed objects left unmatched, a create's values with its
/// references followed through this root's pairs (`canon`).
fn leftovers(
    pairing: &Pairing,
    destroys: &[Object],
    creates: &[Object],
    canon: &dyn Fn(&Value) -> Value,
) -> (Vec<Object>, Vec<Object>) {
    let left = |side: pairing::Side| -> BTreeSet<&AbsResourceInstance> {
        pairing
            .unmatched
            .iter()
            .filter(|u| u.side == side)
            .map(|u| &u.addr)
            .collect()
    };
    let (left_destroys, left_creates) = (left(pairing::Side::Destroy), left(pairing::Side::Create));
    (
        destroys
            .iter()
            .filter(|d| left_destroys.contains(&d.addr))
            .cloned()
            .collect(),
        creates
            .iter()
            .filter(|c| left_creates.contains(&c.addr))
            .map(|c| Object {
                values: c
                    .values
                    .iter()
                    .map(|(k, v)| (k.clone(), canon(v)))
                    .collect(),
                ..c.clone()
            })
            .collect(),
    )
}

/// A saved plan must be of NEW_DIR as it is, without the new blocks: the
/// same managed instances kept or created, no move its own blocks lack.
fn check_plan_matches(
    saved: &crate::state::plan_json::SavedPlan,
    before: &Plan,
    new_dir: &std::path::Path,
) -> Result<(), Diagnostics> {
    let declared: BTreeSet<AbsResourceInstance> = before
        .changes
        .iter()
        .filter(|c| !matches!(c.action, Action::Delete | Action::Forget))
        .filter(|c| c.addr.resource.resource.mode == ResourceMode::Managed)
        .map(|c| c.addr.clone())
        .collect();
    let moves = before
        .moves()
        .into_iter()
        .map(|(f, t)| (f.clone(), t.clone()))
        .collect();
    let dir = crate::syntax::source::clean_path(new_dir);
    saved
        .check_matches(&declared, &moves, &dir)
        .map_err(Diagnostics::from)
}

/// The pairs that differ as configured, with the rules that made them
/// equal.
fn decided_by_rules(
    rules: &ignore::Rules,
    pairing: &Pairing,
    destroys: &[Object],
    creates: &[Object],
    canon: &pairing::Canon,
) -> Vec<ignore::Decided> {
    let by_addr = |objs: &'_ [Object]| -> BTreeMap<AbsResourceInstance, usize> {
        objs.iter()
            .enumerate()
            .map(|(i, o)| (o.addr.clone(), i))
            .collect()
    };
    let (prior_at, new_at) = (by_addr(destroys), by_addr(creates));
    let mapping: Mapping = pairing
        .pairs
        .iter()
        .map(|(old, new)| (new.clone(), old.clone()))
        .collect();
    let mut out = Vec::new();
    for (old, new) in &pairing.pairs {
        let (Some(&i), Some(&j)) = (prior_at.get(old), new_at.get(new)) else {
            continue;
        };
        let used = rules.deciding(&destroys[i], &creates[j], &mapping, canon);
        if !used.is_empty() {
            out.push(ignore::Decided {
                prior: old.clone(),
                new: new.clone(),
                rules: used.iter().map(ToString::to_string).collect(),
            });
        }
    }
    out
}

/// Where a blocked move wanted `addr` to go, if a blocked move covers it.
fn blocked_destination(
    blocked: &[crate::plan::moves::MoveBlocked],
    addr: &AbsResourceInstance,
) -> Option<AbsResourceInstance> {
    use crate::addrs::AbsMoveable;
    blocked.iter().find_map(|b| match (&b.actual, &b.wanted) {
        (AbsMoveable::ResourceInstance(a), AbsMoveable::ResourceInstance(w)) => {
            (a == addr).then(|| w.clone())
        }
        (AbsMoveable::Resource(a), AbsMoveable::Resource(w)) => {
            (a == &addr.containing_resource()).then(|| w.instance(addr.resource.key.clone()))
        }
        (AbsMoveable::ModuleInstance(a), AbsMoveable::ModuleInstance(w))
            if addr.module.is_within(a) =>
        {
            let rest =
                crate::addrs::ModuleInstance::new(addr.module.steps()[a.steps().len()..].into());
            Some(AbsResourceInstance {
                module: w.join(&rest),
                resource: addr.resource.clone(),
            })
        }
        _ => None,
    })
}

fn mapping_of(v: Value) -> crate::lang::sorted_map::SortedMap<String, Value> {
    v.as_mapping().cloned().unwrap_or_default()
}

/// The destroyed and created objects as pairing compares them. Each side
/// reads only its own run: the destroyed objects are read on a second
/// thread, which has the old run to itself.
fn changed_objects(
    old_run: &mut Run,
    old_instances: &BTreeSet<AbsResourceInstance>,
    new_run: &Run,
    req: &Request,
    moved_index: &InstanceIndex,
    Changed {
        destroyed, created, ..
    }: Changed,
) -> Result<(Vec<Object>, Vec<Object>), Diagnostics> {
    let schemas = new_run.schemas();
    let read_destroyed = move || -> Result<Vec<Object>, Diagnostics> {
        // Looked up once per destroy: hashed when the destroys are many
        // (an address compares field by field at every level of the tree).
        let hashed: Option<foldhash::HashSet<&AbsResourceInstance>> =
            (destroyed.len() * 8 >= old_instances.len()).then(|| old_instances.iter().collect());
        let declared = |a: &AbsResourceInstance| match &hashed {
            Some(set) => set.contains(a),
            None => old_instances.contains(a),
        };
        // Asked once: only a tree with remote calls has their outputs.
        let with_state = req.state.is_some();
        let recorded_as = match with_state && old_run.config().has_remote() {
            true => Recorded::WithRemoteOutputs,
            false if with_state => Recorded::InState,
            false => Recorded::Configured,
        };
        destroyed
            .iter()
            .map(|(addr, pre)| {
                prior_object(
                    old_run,
                    &declared,
                    schemas,
                    recorded_as,
                    moved_index,
                    addr,
                    pre,
                )
            })
            .collect()
    };
    let (destroys, creates) = crate::parallel::side_by_side(req.threads, read_destroyed, || {
        created
            .iter()
            .map(|a| new_object(new_run, req, a))
            .collect::<Result<Vec<Object>, Diagnostics>>()
    });
    Ok((destroys?, creates?))
}

/// A new object: its configured values.
fn new_object(
    new_run: &Run,
    req: &Request,
    addr: &AbsResourceInstance,
) -> Result<Object, Diagnostics> {
    let configured = new_run.resource_config_value(addr)?;
    let schema = crate::plan::diff::resource_schema(new_run, addr);
    // A saved plan's values, where it knows them, are what the
    // provider will store.
    let planned = req.plan.as_ref().and_then(|p| p.planned(addr, &configured));
    Ok(Object::compared(
        addr.clone(),
        &schema,
        &configured,
        planned.as_ref().unwrap_or(&configured),
    ))
}

/// Where a declared prior object's compared values come from.
#[derive(Clone, Copy)]
enum Recorded {
    /// No state: the old configuration's.
    Configured,
    /// The state's record.
    InState,
    /// The state's record, but where the old configuration sets an
    /// argument from a remote module's output (`remote::with_remote_outputs`).
    WithRemoteOutputs,
}

/// A prior object, at `addr` in the moved prior state and `pre` in the
/// old configuration. The old configuration decides what is compared, by
/// the rule `plan` follows; the state, when it records the object, the
/// values. `schemas` are the new run's; `declared`: whether the old
/// configuration declares an instance.
fn prior_object(
    old_run: &Run,
    declared: &dyn Fn(&AbsResourceInstance) -> bool,
    schemas: Option<&crate::providers::schema::Schemas>,
    recorded_as: Recorded,
    moved_index: &InstanceIndex,
    addr: &AbsResourceInstance,
    pre: &AbsResourceInstance,
) -> Result<Object, Diagnostics> {
    let recorded = moved_index
        .get(addr)
        .map(|i| i.value())
        .unwrap_or_else(Value::null);
    if declared(pre) {
        let configured = old_run.resource_config_value(pre)?;
        let schema = crate::plan::diff::resource_schema(old_run, pre);
        let source = match recorded_as {
            _ if recorded.is_null() => std::borrow::Cow::Borrowed(&configured),
            Recorded::Configured => std::borrow::Cow::Borrowed(&configured),
            Recorded::InState => std::borrow::Cow::Borrowed(&recorded),
            Recorded::WithRemoteOutputs => remote::with_remote_outputs(&recorded, &configured),
        };
        return Ok(Object::compared(
            addr.clone(),
            &schema,
            &configured,
            &source,
        ));
    }
    let type_name = &addr.resource.resource.type_name;
    if let Some(schema) = crate::providers::schema::Schemas::resource(schemas, type_name) {
        return Ok(Object::compared(
            addr.clone(),
            &schema,
            &recorded,
            &recorded,
        ));
    }
    // Recorded only (no old configuration declares it): its non-null
    // attributes but the id.
    let values = mapping_of(recorded);
    let set = (values.iter().enumerate())
        .filter(|(_, (k, v))| *k != "id" && !v.is_null())
        .map(|(i, _)| i)
        .collect();
    Ok(Object {
        addr: addr.clone(),
        values,
        set,
    })
}

/// Without a state, the old configuration stands for it: every managed
/// instance it declares exists, with the arguments it configures (where
/// those are known only after apply, their origin as text, which the
/// planner compares with the new side's; see `origins_as_text`).
fn prior_from_config(
    run: &Run,
    instances: &BTreeSet<AbsResourceInstance>,
) -> Result<State, Diagnostics> {
    let mut state = State::new(env!("CARGO_PKG_VERSION"));
    insert_configured(&mut state, run, instances.iter())?;
    Ok(state)
}

/// Records each instance with the arguments `run` configures for it
/// (origins as text, see `origins_as_text`).
fn insert_configured<'a>(
    state: &mut State,
    run: &Run,
    instances: impl Iterator<Item = &'a AbsResourceInstance>,
) -> Result<(), Diagnostics> {
    for addr in instances {
        // A data source is there too, so that moves carry it along with its
        // module, but with nothing read yet: its attributes stay unknown.
        if addr.resource.resource.mode == ResourceMode::Data {
            crate::plan::apply::insert(state, addr, serde_json::Value::Null);
            continue;
        }
        let (value, _) = origins_as_text(&run.resource_config_value(addr)?).unmark_deep();
        crate::plan::apply::insert(state, addr, crate::lang::display::json(&value));
    }
    Ok(())
}

/// The blocks as move statements, for the proof: a block written in a
/// module directory is declared by every module path that loads that
/// directory, whichever caller it was derived for.
pub(crate) fn statements_of(
    blocks: &[Block],
    config: &Config,
) -> Result<Vec<MoveStatement>, Diagnostics> {
    let paths_of_dir = blocks::module_paths_by_dir(config);
    let mut dir_keys = blocks::DirKeys::default();
    let mut out = Vec::new();
    for b in blocks::distinct(blocks) {
        let parse = |s: &str| MoveEndpoint::parse(s).map_err(Diagnostics::from);
        let (from, to) = (parse(&b.from)?, parse(&b.to)?);
        let file = b.dir.join("moved.tf");
        let declaring: Vec<Module> = match paths_of_dir.get(dir_keys.get(&b.dir)) {
            Some((_, paths)) => paths.clone(),
            None => vec![Module(b.module.clone())],
        };
        for module in declaring {
            let (from, to) =
                unify_move_endpoints(&from, &to, &module).map_err(Diagnostics::from)?;
            out.push(MoveStatement {
                from,
                to,
                range: SourceRange::file_only(&file.to_string_lossy()),
                implied: false,
            });
        }
    }
    Ok(out)
}

impl Outcome {
    /// Every warning terraform would show for this refactor: reading the
    /// inputs, then planning NEW_DIR with the blocks (a blocked move,
    /// OpenTofu's `removed` without `lifecycle`).
    pub fn warnings(&self) -> Diagnostics {
        let mut out = self.input_warnings.clone();
        for w in self.proof.warnings.iter() {
            if !out.0.contains(w) {
                out.push(w.clone());
            }
        }
        out
    }

    /// Proven: nothing destroyed, nothing created unless allowed, and no
    /// moved object updated in place unless that update was accepted
    /// (`--allow-update`).
    pub fn proven(&self, allow_add: bool) -> bool {
        let (add, _, destroy) = self.proof.counts();
        destroy == 0
            && (allow_add || add == 0)
            && self.deferred.is_empty()
            && self.unaccepted_updates().is_empty()
            && !self
                .pairing
                .unmatched
                .iter()
                .any(|u| matches!(u.reason, pairing::Reason::RemoteChanged(_)))
    }

    /// Objects the proof updates in place that were paired (so moved) but
    /// whose update nobody accepted (with `--allow-update`, or by an ignore
    /// rule that paired them). An update whose every changed value is
    /// known only after apply (a data source read without a state) shows
    /// no difference yet, and is not counted.
    pub fn unaccepted_updates(&self) -> Vec<&AbsResourceInstance> {
        let accepted: BTreeSet<&AbsResourceInstance> = self
            .pairing
            .updates
            .iter()
            .map(|u| &u.new)
            .chain(self.decided_by_rules.iter().map(|d| &d.new))
            .collect();
        let moved: BTreeSet<&AbsResourceInstance> =
            self.pairing.pairs.iter().map(|(_, new)| new).collect();
        let known_change = |c: &crate::plan::diff::ResourceChange| {
            let after = c.after.as_ref().and_then(Value::as_mapping);
            c.changed.is_empty()
                || c.changed.iter().any(|name| {
                    // An unknown from the refactor's stand-ins is text.
                    (after.and_then(|m| m.get(name))).is_none_or(|v| {
                        v.is_wholly_known() && !crate::lang::unknown::holds_origin_text(v)
                    })
                })
        };
        self.proof
            .changes
            .iter()
            .filter(|c| c.action == Action::Update && known_change(c))
            .map(|c| &c.addr)
            .filter(|a| moved.contains(a) && !accepted.contains(a))
            .collect()
    }

    /// Each paired object's move, from its address in the state as it is
    /// now (before any `moved` block the new configuration already has).
    pub fn state_moves(&self) -> Vec<(AbsResourceInstance, AbsResourceInstance)> {
        self.pairing
            .pairs
            .iter()
            .map(|(prior, new)| {
                let recorded = self
                    .before
                    .changes
                    .iter()
                    .find(|c| &c.addr == prior)
                    .and_then(|c| c.previous.clone())
                    .unwrap_or_else(|| prior.clone());
                (recorded, new.clone())
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The proof may update a moved object in place only where that update
    /// was accepted; one whose changed values are all known only after
    /// apply shows no difference yet.
    #[test]
    fn only_accepted_updates_of_moved_objects_are_proven() {
        let a = |s: &str| AbsResourceInstance::parse(s).unwrap();
        let outcome = |input: Value, accepted: bool| {
            let update = pairing::Update {
                prior: a("terraform_data.old"),
                new: a("terraform_data.new"),
                diffs: Vec::new(),
            };
            Outcome {
                blocks: Vec::new(),
                pairing: Pairing {
                    pairs: vec![(a("terraform_data.old"), a("terraform_data.new"))],
                    unmatched: Vec::new(),
                    updates: if accepted { vec![update] } else { Vec::new() },
                },
                before: Plan::default(),
                proof: Plan {
                    changes: vec![crate::plan::diff::ResourceChange {
                        addr: a("terraform_data.new"),
                        previous: Some(a("terraform_data.old")),
                        action: Action::Update,
                        reason: None,
                        before: None,
                        after: Some(Value::Object([("input".to_string(), input)].into())),
                        changed: vec!["input".into()],
                        replace_paths: Vec::new(),
                    }],
                    ..Plan::default()
                },
                edits: Vec::new(),
                engine: Engine::Terraform,
                deferred: Vec::new(),
                update_hint: Vec::new(),
                prior: State::new("1.11.4"),
                leftovers: (Vec::new(), Vec::new()),
                moved_with_calls: Vec::new(),
                decided_by_rules: Vec::new(),
                ignore_rules: Vec::new(),
                input_warnings: Diagnostics::default(),
            }
        };
        let known = Value::string("v2");
        assert!(!outcome(known.clone(), false).proven(false));
        assert!(outcome(known, true).proven(false));
        assert!(outcome(Value::Unknown(Type::String, None), false).proven(false));
    }

    /// A block whose keys wait on a data source: the reason records what
    /// the keys depend on as the diagnostic's extra information, and the
    /// report names it from there, whatever the detail's words.
    /// `old/` and `new/` under `dir`, each a `main.tf` that `main_tf`
    /// writes for the side's resource name.
    fn two_sides(
        dir: &std::path::Path,
        (old, new): (&str, &str),
        main_tf: impl Fn(&str) -> String,
    ) -> (PathBuf, PathBuf) {
        let side = |name: &str, resource: &str| {
            let d = dir.join(name);
            std::fs::create_dir_all(&d).unwrap();
            std::fs::write(d.join("main.tf"), main_tf(resource)).unwrap();
            d
        };
        (side("old", old), side("new", new))
    }

    #[test]
    fn what_unknown_keys_depend_on_is_carried_by_the_diagnostic() {
        let dir = tempfile::tempdir().unwrap();
        let (old, new) = two_sides(dir.path(), ("web", "app"), |resource| {
            format!(
                "data \"aws_availability_zones\" \"zones\" {{}}\n\nresource \"terraform_data\" \"{resource}\" {{\n  count = length(data.aws_availability_zones.zones.names)\n}}\n"
            )
        });
        let mut req = Request::new(old, new);
        req.defer_unknown_keys = true;
        req.engine = Some(Engine::Terraform);
        let outcome = refactor(&req, &mut SourceMap::default()).unwrap();
        let depends_on: Vec<_> = outcome
            .deferred
            .iter()
            .map(|(addr, _, d)| match &d.extra {
                Some(crate::diagnostics::Extra::CausedByUnknown { depends_on }) => {
                    (addr.as_str(), depends_on.clone())
                }
                other => panic!("{addr}: {other:?}"),
            })
            .collect();
        let want = "The value depends on data source data.aws_availability_zones.zones, whose results minimod only knows from a state: pass --state FILE with a state that holds it.";
        // (The new side plans against the old side's objects, where the
        // data source is recorded unread: its detail names nothing.)
        assert_eq!(
            depends_on,
            [
                ("terraform_data.web", vec![want.to_string()]),
                ("terraform_data.app", vec![])
            ]
        );
        // The detail says it too, after what terraform says.
        assert!(
            outcome.deferred[0]
                .2
                .detail
                .ends_with(&format!("\n\n{want}"))
        );
        assert!(
            !outcome.deferred[1]
                .2
                .detail
                .contains("The value depends on")
        );
        let text = report::human_with(&outcome, false, report::Detail::Normal);
        assert!(text.contains(&format!("\n      {want}\n")), "{text}");
    }

    /// Without a state, a data source read during apply (it depends on an
    /// object the plan updates) is what apply reads anew, not the value a
    /// real state records for the stand-in's unread data source: what reads
    /// it is updated, as terraform plans it. A reference to an object the
    /// prior holds is known while planning, so nothing else defers a read.
    #[test]
    fn without_a_state_a_read_during_apply_updates_its_readers() {
        for (src_old, src_new, want) in [("a", "b", Action::Update), ("a", "a", Action::NoOp)] {
            let dir = tempfile::tempdir().unwrap();
            let (old, new) = two_sides(dir.path(), ("web", "app"), |resource| {
                let src = if resource == "web" { src_old } else { src_new };
                format!(
                    "resource \"terraform_data\" \"src\" {{\n  input = \"{src}\"\n}}\n\ndata \"x_doc\" \"doc\" {{\n  name = terraform_data.src.id\n}}\n\nresource \"terraform_data\" \"{resource}\" {{\n  input = data.x_doc.doc.json\n}}\n"
                )
            });
            let mut req = Request::new(old, new);
            req.allow_update = true;
            let outcome = refactor(&req, &mut SourceMap::default()).unwrap();
            assert_eq!(outcome.blocks.len(), 1, "{src_new}");
            let app = (outcome.proof.changes.iter())
                .find(|c| c.addr.to_string() == "terraform_data.app")
                .map(|c| c.action);
            assert_eq!(app, Some(want), "src {src_old} -> {src_new}");
        }
    }

    /// `plantimestamp()` is known while planning, and one instant serves
    /// every run of a command: both sides plan the same value, so objects
    /// set from it pair and the proof plans no update.
    #[test]
    fn the_plan_timestamp_is_one_known_value_on_both_sides() {
        let dir = tempfile::tempdir().unwrap();
        let (old, new) = two_sides(dir.path(), ("cert", "certificate"), |resource| {
            format!(
                "resource \"terraform_data\" \"{resource}\" {{\n  input = timeadd(plantimestamp(), \"4380h\")\n}}\n"
            )
        });
        let req = Request::new(old, new);
        let outcome = refactor(&req, &mut SourceMap::default()).unwrap();
        assert_eq!(outcome.blocks.len(), 1);
        let changes: Vec<_> = outcome.proof.changes.iter().map(|c| c.action).collect();
        assert!(changes.iter().all(|a| *a == Action::NoOp), "{changes:?}");
    }

    /// The blocks minimod once wrote for the differential case 30101: a
    /// root block into a wrapped call, and a rename in modules/iam, which
    /// both callers (`iam3` and `wrap_1002.iam`, reached as
    /// `modules/w1002/../iam`) load. The proof must declare the child block
    /// for both and fail as terraform does.
    #[test]
    fn a_block_in_a_shared_directory_is_declared_by_every_caller() {
        let case = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("fixtures/refactors/terraform-rejects-child-plus-root-block-30101");
        let mut sources = SourceMap::default();
        let engine = Engine::Terraform;
        let load = |dir: &str, sources: &mut SourceMap| {
            config::load(
                &case.join(dir),
                &LoadOptions {
                    engine,
                    ..Default::default()
                },
                sources,
            )
            .unwrap()
        };
        let (old, new) = (load("old", &mut sources), load("new", &mut sources));
        let block = |module: &[&str], dir: &str, from: &str, to: &str| Block {
            module: module.iter().map(|s| s.to_string()).collect(),
            dir: case.join("new").join(dir),
            from: from.into(),
            to: to.into(),
        };
        let child = block(
            &["iam3"],
            "modules/iam",
            "terraform_data.db",
            "terraform_data.dns_1001",
        );
        let root = block(
            &[],
            ".",
            "module.iam.terraform_data.db",
            "module.wrap_1002.module.iam.terraform_data.dns_1001",
        );
        let declared: Vec<String> = statements_of(std::slice::from_ref(&child), &new)
            .unwrap()
            .iter()
            .map(|s| s.from.to_string())
            .collect();
        assert_eq!(
            declared,
            [
                "module.iam3[*].terraform_data.db[*]",
                "module.wrap_1002[*].module.iam[*].terraform_data.db[*]"
            ]
        );

        let old_run = Run::new(&old, RootInputs::new(), RunOptions::default());
        let prior = prior_from_config(
            &old_run,
            &old_run.check_all().unwrap().into_iter().collect(),
        )
        .unwrap();
        let run = Run::new(&new, RootInputs::new(), RunOptions::default());
        let (modules, resources) = (
            run.module_instances().unwrap(),
            run.resource_instances().unwrap(),
        );
        let check = |blocks: &[Block]| {
            let stmts = statements_of(blocks, &new).unwrap();
            crate::plan::moves::validate_with(&new, &prior, &stmts, engine, &modules, &resources)
        };
        let invalid = check(&[root, child.clone()]);
        assert_eq!(
            invalid
                .0
                .iter()
                .map(|d| d.summary.as_str())
                .collect::<Vec<_>>(),
            ["Ambiguous move statements"]
        );
        let call_move = block(&[], ".", "module.iam", "module.wrap_1002.module.iam");
        assert!(!check(&[call_move, child]).has_errors());
    }
}
