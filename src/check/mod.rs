//! `minimod check`: the pre-merge check. Both revisions are read from git
//! (the head may be the working tree), every root module is found as
//! `discover` finds it, and each root's base and head configurations are
//! put through the refactor's pairing with no state (the base
//! configuration stands for the prior objects). A root fails when its head
//! would destroy anything that was not explicitly removed.
//!
//! This file is the check's flow, from the request to the report; each
//! step's idea is a module of its own.

mod cross_root;
mod fetch;
mod fix;
pub(crate) mod render;
mod report;
mod revisions;
mod roots;
pub(crate) mod sarif;
mod shards;
mod states;
mod tree;
mod unreached;
mod untouched;
mod verdict;

pub(crate) use fix::fix;
pub use report::CheckReport;
pub(crate) use revisions::Written;
pub(crate) use shards::Shard;
pub use states::StateSources;
pub(crate) use tree::toplevel;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::diagnostics::{Diagnostic, Diagnostics, SourceMap};
use crate::discover;
use crate::instances::VarSource;
use crate::refactor::{self};

use cross_root::Kept;
use report::{Outcome, RootReport};
use revisions::{Revisions, rewritten_note, shown_inside};
use roots::{Checked, Discovered, Root, Unit, first_configuration_file, root_request};
use untouched::untouched;
use verdict::{anchor, judge};

#[derive(Clone)]
pub struct CheckRequest {
    pub repo: PathBuf,
    pub base: String,
    /// A revision, or None for the index: what git would commit.
    pub head: Option<String>,
    /// Files `--fix` wrote into the working tree (path inside the
    /// repository, bytes), laid over the head: the check after a fix sees
    /// them as they will be staged.
    pub written: Vec<Written>,
    pub allow_add: bool,
    /// `--allow-update` (or `check { allow_update = true }` in the base's
    /// `.minimod.hcl`): pairs structure decides although values differ.
    pub allow_update: bool,
    /// `TF_VAR_` values (name, value) for root variables: the runner's
    /// environment with `--tf-var-env`, read by the caller; else none.
    pub tf_var_env: Vec<(String, String)>,
    /// `path.cwd`: where the check runs (the repository's top level).
    pub cwd: PathBuf,
    /// `-var` and `-var-file` for every root (a variable a root does not
    /// declare is skipped there).
    pub vars: Vec<VarSource>,
    /// Overrides each root's tool.
    pub engine: Option<crate::config::Engine>,
    /// Provider schemas (`--schemas`): a path inside the repository, read
    /// from the head tree.
    pub schemas: Option<PathBuf>,
    /// `--shard K/N`: check only this shard's roots.
    pub shard: Option<Shard>,
    /// Ignore rules from the command line; the base's `.minimod.hcl`
    /// adds its own.
    pub ignore: refactor::ignore::Rules,
    /// Prior states (`--state-for`, `--states`): the only files a check
    /// reads from the runner's disk.
    pub states: StateSources,
    /// How the remote modules the base's policy allows are fetched: the
    /// cache, tokens and CLI configuration the command line names (none
    /// by default: nothing of the runner's environment is read for it).
    pub modules: crate::modules::GetOptions,
}

pub fn check(req: &CheckRequest, sources: &mut SourceMap) -> Result<CheckReport, Diagnostics> {
    // From any subdirectory: the repository is its top level.
    let repo = toplevel(&req.repo)?;
    crate::progress::step(|| format!("reading {} and the pull request's head", req.base));
    let mut revs = Revisions::read_with(&repo, &req.base, req.head.as_deref(), &req.written)?;
    crate::progress::step(|| "discovering root modules".into());
    let base_config = discover::RepoConfig::load(&revs.base_dir, &revs.files, sources)?;
    let head_config = discover::RepoConfig::load(&revs.head_dir, &revs.files, sources)?;
    // Policy: the head's `modules` block never widens what is fetched.
    revs.fetch_allow = base_config.fetch_allow.clone();
    let revs = revs;
    let (base_found, head_found) = discover_both(&revs, &base_config, &head_config);
    // What the check accepts is the target branch's policy: a pull request
    // cannot relax the check of itself by editing `.minimod.hcl` (it can
    // declare more roots, which only adds checks).
    let policy = &base_config;
    let req = &under_policy(req, policy, &repo)?;
    let schemas = match &req.schemas {
        Some(rel) => Some(std::sync::Arc::new(
            crate::providers::schema::Schemas::load_from(&revs.head_dir.join(rel), &revs.files)
                .map_err(Diagnostics::from)?,
        )),
        None => None,
    };
    let mut warnings = head_found.warnings.clone();
    warnings.extend(base_found.warnings.clone());
    let discovered = Discovered::new(&head_found, &base_found, &revs);
    let units = discovered.units(&revs);
    let given = states::read(&req.states, &units)?;
    warnings.extend(given.warnings.clone());
    let mine: Vec<&Unit> = units
        .iter()
        .filter(|u| req.shard.is_none_or(|s| s.holds(&u.name())))
        .collect();
    let head_rev = match req.head.as_deref() {
        Some(rev) => tree::Revision::Commit(rev),
        None => tree::Revision::Index,
    };
    let mut changed = tree::changed_paths(&repo, &req.base, head_rev)?;
    changed.extend(req.written.iter().map(|(p, _)| clean_rel(p)));
    let run = Run {
        discovered: &discovered,
        given: &given,
        revs: &revs,
        changed: &changed,
        req,
        schemas: &schemas,
    };
    let (mut roots, kept) = run.check_units(&mine);
    cross_root::pair_across_roots(&mut roots, kept);
    let mut unreached =
        unreached::unreached(&changed, &discovered.dirs, &roots, &head_found, &base_found);
    // Each shard reports the unreached directories it holds, so the shards
    // together report each once.
    unreached.retain(|u| req.shard.is_none_or(|s| s.holds(&u.dir)));
    Ok(CheckReport {
        base: req.base.clone(),
        head: req.head.clone().unwrap_or_else(|| "index".into()),
        head_dir: revs.head_dir.clone(),
        roots,
        unreached,
        unreached_warn: policy.unreached_warn,
        off: head_found.off.clone(),
        warnings,
        revisions: revs.identity.clone(),
        shard: req
            .shard
            .map(|s| (s, units.iter().map(Unit::name).collect())),
        states: (given.by_root.iter())
            .map(|(name, p)| (name.clone(), (p.file.clone(), p.sha256.clone())))
            .collect(),
    })
}

/// Both revisions' discovery. It reads every file of a tree: both trees
/// at once.
fn discover_both(
    revs: &Revisions,
    base_config: &discover::RepoConfig,
    head_config: &discover::RepoConfig,
) -> (discover::Discovery, discover::Discovery) {
    std::thread::scope(|scope| {
        let head = scope
            .spawn(|| discover::discover_with_config(&revs.head_dir, head_config, &revs.files));
        let base = discover::discover_with_config(&revs.base_dir, base_config, &revs.files);
        (
            base,
            head.join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
        )
    })
}

/// The request as the base's policy settles it: its `allow_update` and
/// ignore rules added, and `-var-file` paths inside the repository.
fn under_policy(
    req: &CheckRequest,
    policy: &discover::RepoConfig,
    repo: &Path,
) -> Result<CheckRequest, Diagnostics> {
    let mut rules = req.ignore.clone();
    rules
        .0
        .extend(refactor::ignore::Rules::from_config(&policy.ignore_rules)?.0);
    Ok(CheckRequest {
        allow_update: req.allow_update || policy.allow_update,
        ignore: rules,
        vars: in_repository(&req.vars, repo)?,
        ..req.clone()
    })
}

/// What every root of one check is checked with.
struct Run<'a> {
    discovered: &'a Discovered,
    given: &'a states::Given,
    revs: &'a Revisions,
    changed: &'a BTreeSet<String>,
    req: &'a CheckRequest,
    schemas: &'a Option<std::sync::Arc<crate::providers::schema::Schemas>>,
}

impl Run<'_> {
    /// Checks this run's roots on all cores, saying how far it got, each
    /// root's report with what it keeps for pairing across roots.
    fn check_units(&self, mine: &[&Unit]) -> (Vec<RootReport>, Vec<Option<Kept>>) {
        let finished = std::sync::atomic::AtomicUsize::new(0);
        let roots = parallel_map(mine, |unit| {
            crate::progress::step(|| {
                let n = finished.load(std::sync::atomic::Ordering::Relaxed);
                format!(
                    "checking root modules: {n} of {} done; {}",
                    mine.len(),
                    unit.name()
                )
            });
            let prior = self.given.by_root.get(&unit.name());
            let (mut report, kept) = check_unit(
                unit,
                self.discovered.sides(unit.dir),
                prior,
                self.revs,
                self.changed,
                self.req,
                self.schemas,
            );
            report.state = prior.map(|p| (p.file.clone(), p.sha256.clone()));
            report.workspace = unit.workspace.map(|w| w.name.clone());
            finished.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            (report, kept)
        });
        roots.into_iter().unzip()
    }
}

/// Checks one root: a directory in one workspace.
fn check_unit(
    unit: &Unit,
    (head_root, base_root): (Option<&Checked>, Option<&Checked>),
    prior: Option<&states::Prior>,
    revs: &Revisions,
    changed: &BTreeSet<String>,
    req: &CheckRequest,
    schemas: &Option<std::sync::Arc<crate::providers::schema::Schemas>>,
) -> (RootReport, Option<Kept>) {
    let dir = unit.dir;
    if let Some(name) = revs.unrepresentable.get(dir) {
        let mut report = RootReport::new(dir);
        report.outcome = Outcome::NotCheckable;
        report.passed = false;
        report.error = Some(format!(
            "Error: File name not representable\n\nThe file name {name} in {dir} is not UTF-8, so minimod cannot list the directory as terraform reads it: rename the file."
        ));
        return (report, None);
    }
    if untouched(dir, head_root, base_root, revs, changed, req) {
        return (
            RootReport::unchanged(dir, head_root.and_then(|(_, n)| n.clone())),
            None,
        );
    }
    let root = Root {
        workspace: unit.workspace,
        state: prior.map(|p| &p.state),
        ..Root::of(dir, head_root, base_root, revs)
    };
    let (mut report, kept) = check_root(&root, revs, req, schemas.clone());
    report.note = head_root.or(base_root).and_then(|(_, n)| n.clone());
    if let Some(said) = rewritten_note(dir, revs) {
        report.note = Some(match report.note.take() {
            Some(n) => format!("{n}; {said}"),
            None => said,
        });
    }
    (report, kept)
}

/// `-var-file` paths as paths inside the repository: each side reads its
/// own revision's file at that path, never the runner's disk.
fn in_repository(vars: &[VarSource], repo: &Path) -> Result<Vec<VarSource>, Diagnostics> {
    let tops = [
        crate::files::normal(repo),
        repo.canonicalize()
            .map(|r| crate::files::normal(&r))
            .unwrap_or_default(),
    ];
    vars.iter()
        .map(|v| match v {
            VarSource::File(f) => {
                let f = crate::files::normal(Path::new(f));
                let rel = tops.iter().find_map(|t| f.strip_prefix(t).ok());
                match rel {
                    Some(rel) if !rel.as_os_str().is_empty() => {
                        Ok(VarSource::File(clean_rel(rel)))
                    }
                    _ => Err(Diagnostic::error(
                        "Variables file outside the repository",
                        format!(
                            "-var-file={}: a check reads each revision's own variables files, at a path inside the repository.",
                            crate::syntax::source::clean_path(&f)
                        ),
                    )
                    .into()),
                }
            }
            v => Ok(v.clone()),
        })
        .collect()
}

/// `f` over every item on all cores, the results in the items' order (so
/// the report does not depend on which root finished first).
fn parallel_map<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let workers = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(items.len());
    if workers <= 1 {
        return items.iter().map(f).collect();
    }
    let next = std::sync::atomic::AtomicUsize::new(0);
    let mut done: Vec<(usize, R)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|_| {
                scope.spawn(|| {
                    let mut out = Vec::new();
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(item) = items.get(i) else { break };
                        out.push((i, f(item)));
                    }
                    out
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    done.sort_by_key(|(i, _)| *i);
    done.into_iter().map(|(_, r)| r).collect()
}

/// A path relative to the repository as git names it (`/`-separated, `.`
/// and `..` steps taken).
fn clean_rel(p: &Path) -> String {
    crate::syntax::source::clean_path(p)
}

fn check_root(
    root: &Root,
    revs: &Revisions,
    req: &CheckRequest,
    schemas: Option<std::sync::Arc<crate::providers::schema::Schemas>>,
) -> (RootReport, Option<Kept>) {
    let (dir, in_head, in_base) = (root.dir, root.in_head, root.in_base);
    let mut report = RootReport::new(dir);
    let head_dir = &revs.head_dir;
    let fail = |report: &mut RootReport, error: String| {
        report.outcome = match in_head {
            true => Outcome::NotCheckable,
            false => Outcome::DeletedRoot,
        };
        report.passed = false;
        report.error = Some(error);
        // Shown on the first line of the root's first file.
        report.root_block = (first_configuration_file(&revs.files, &head_dir.join(dir)))
            .map(|name| (clean_rel(&Path::new(dir).join(name)), 1, 1));
    };
    let mut request = match root_request(root, revs, req, schemas) {
        Ok(r) => r,
        Err(e) => {
            fail(&mut report, e);
            return (report, None);
        }
    };
    match fetch::fetch(root, revs, req) {
        Ok((files, fetched)) => {
            request.files = files;
            report.fetched = fetched;
        }
        Err(e) => {
            fail(&mut report, e);
            return (report, None);
        }
    }
    let mut sources = SourceMap::default();
    let outcome = match refactor::refactor(&request, &mut sources) {
        Ok(o) => o,
        Err(mut d) => {
            // A check takes its states otherwise than `refactor --state`.
            for d in d.0.iter_mut() {
                d.detail = d.detail.replace(
                    "pass --state FILE",
                    "give the check the root's state (--state-for or --states)",
                );
            }
            let text = shown_inside(d.render(&sources).trim(), revs, dir);
            fail(&mut report, text);
            return (report, None);
        }
    };
    judge(&mut report, &outcome, (in_head, in_base), req);
    report.reached = Some(
        (outcome.before.module_dirs.iter())
            .filter_map(|d| d.strip_prefix(head_dir).ok())
            .map(clean_rel)
            .collect(),
    );
    if !report.passed {
        (report.anchor, report.root_block) = anchor(&request, &report, head_dir);
    }
    // What the root's own removed and import blocks declare leaving or
    // arriving pairs across roots too: a move declared on one side only.
    let declared = match report.forgotten.is_empty() && report.imported.is_empty() {
        true => Ok(Default::default()),
        false => refactor::cross_root::declared_objects(&request, &outcome, &mut sources),
    };
    let declared = match declared {
        Ok(d) => d,
        Err(d) => {
            // Never pass on what was not compared.
            report.passed = false;
            report.error = Some(format!(
                "The objects its removed and import blocks declare could not be compared with the other roots':\n{}",
                d.render(&sources).trim()
            ));
            Default::default()
        }
    };
    // What is left unmatched may have moved to (or come from) another root.
    let keep = !report.unmatched.is_empty() || !declared.0.is_empty() || !declared.1.is_empty();
    let kept = keep.then_some((request, outcome, declared));
    (report, kept)
}
