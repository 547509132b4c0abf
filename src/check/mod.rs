//! `minimod check`: the pre-merge check. Both revisions are read from git
//! (the head may be the working tree), every root module is found as
//! `discover` finds it, and each root's base and head configurations are
//! put through the refactor's pairing with no state (the base
//! configuration stands for the prior objects). A root fails when its head
//! would destroy anything that was not explicitly removed.

mod fetch;
pub(crate) mod render;
pub(crate) mod sarif;
mod shards;
mod states;
mod tree;

pub(crate) use fetch::FetchedCall;
pub use states::StateSources;

pub(crate) use tree::toplevel;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use crate::diagnostics::{Diagnostic, Diagnostics, SourceMap};
use crate::discover::{self, Found};
use crate::files::{Files, MemTree};
use crate::instances::VarSource;
use crate::plan::diff::Action;
use crate::plan::diff::Plan;
use crate::refactor::blocks::Block;
use crate::refactor::pairing::{Object, Side, Unmatched};
use crate::refactor::{self, Request};

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

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Nothing planned: base and head configure the same objects.
    Unchanged,
    /// Changes, and moves the head already declares, all proven.
    Proven,
    /// Moves the head needs but does not declare: the blocks to add.
    MissingBlocks,
    /// Objects destroyed or created that no move explains.
    Unmatched,
    /// A new root: everything in it is created.
    NewRoot,
    /// A root the head deletes: everything in it would be destroyed.
    DeletedRoot,
    /// The root could not be evaluated (the reason is in `error`).
    NotCheckable,
    /// Objects that leave this root for another (or arrive from one),
    /// not declared as terraform supports it: the blocks to add.
    CrossRootMoves,
    /// Objects the pull request moves (by its own blocks or the missing
    /// ones) and also updates in place, which nobody accepted: only the
    /// provider knows whether such an update replaces the object.
    MovedAndUpdated,
}

impl Outcome {
    pub fn id(&self) -> &'static str {
        match self {
            Outcome::Unchanged => "unchanged",
            Outcome::Proven => "proven",
            Outcome::MissingBlocks => "moved-blocks-missing",
            Outcome::Unmatched => "unmatched",
            Outcome::NewRoot => "new-root",
            Outcome::DeletedRoot => "deleted-root",
            Outcome::NotCheckable => "not-checkable",
            Outcome::CrossRootMoves => "moved-across-roots",
            Outcome::MovedAndUpdated => "moved-and-updated",
        }
    }
}

pub struct RootReport {
    pub dir: String,
    /// The workspace, for a root declared with `workspaces`: each is
    /// checked as a root of its own, named `dir (workspace)`.
    pub workspace: Option<String>,
    pub outcome: Outcome,
    pub passed: bool,
    /// The blocks to add, with directories inside the head tree.
    pub blocks: Vec<Block>,
    /// The moved files with those blocks, as the proof planned them.
    pub edits: Vec<refactor::write::Edit>,
    pub unmatched: Vec<Unmatched>,
    /// Pairs moved and updated in place (`allow_update`), and without it
    /// the ones it would accept.
    pub updates: Vec<refactor::pairing::Update>,
    pub update_hint: Vec<refactor::pairing::Update>,
    /// The plan of the head as it stands, and with the missing blocks.
    pub before: Option<(usize, usize, usize)>,
    pub after: Option<(usize, usize, usize)>,
    /// Why the root is not checkable, rendered.
    pub error: Option<String>,
    /// How the root came to be checked, when discovery alone would not
    /// have made it one.
    pub note: Option<String>,
    /// A line the pull request holds that the failure is about (the module
    /// call or resource an object moved to, or a new one): file inside the
    /// repository, line and column.
    pub anchor: Option<(String, usize, usize)>,
    /// Where a failing root's findings are shown when `anchor` has no line
    /// for them (file, line, column): its backend block, else the first
    /// line of its first file.
    pub root_block: Option<(String, usize, usize)>,
    /// Pairs only ignore rules made: (from, to, rules, what the proof
    /// plans for the object: update, replace or no-op).
    pub paired_by_rules: Vec<(String, String, Vec<String>, &'static str)>,
    /// Objects destroyed here and created, equal, in another root (or the
    /// other way): moves across states, which no `moved` block can make.
    pub cross_root: Vec<CrossRootMove>,
    /// Objects the head's `removed` blocks forget (`destroy = false`) and
    /// its `import` blocks take over.
    pub forgotten: Vec<String>,
    pub imported: Vec<String>,
    /// What may pair with another shard's roots.
    pub candidates: Vec<Candidate>,
    /// The directories (inside the repository) of the modules the head's
    /// plan has instances of, when it was planned: what the root really
    /// reaches.
    pub reached: Option<Vec<String>>,
    /// The prior state it was planned against: (the file as the command
    /// line names it, the SHA-256 of its bytes).
    pub state: Option<(String, String)>,
    /// The remote calls fetched for it, as the base's policy allows.
    pub fetched: Vec<FetchedCall>,
}

/// An object that leaves one root module for another: terraform supports
/// it as a `removed` block with `destroy = false` in the source root and
/// an `import` block in the destination. A check has no state, so the
/// import's id is a placeholder the user fills in.
#[derive(Clone, Debug)]
pub struct CrossRootMove {
    pub from_root: String,
    /// Its address in the source root's state.
    pub from: String,
    pub to_root: String,
    pub to: String,
    /// The pull request already has the source's `removed` block (with
    /// `destroy = false`), and the destination's `import` block.
    pub removed_declared: bool,
    pub import_declared: bool,
    /// The blocks still to add, with the file each goes into (relative to
    /// the repository): the `removed` block, then the `import` block,
    /// those not declared; Err with why, when no removed block can say it.
    pub blocks: Result<Vec<(String, String)>, String>,
    /// The pull request deletes the source root.
    pub source_deleted: bool,
}

impl CrossRootMove {
    /// Both blocks are there: terraform forgets the object in one state
    /// and takes it over in the other, nothing destroyed or created.
    pub fn declared(&self) -> bool {
        self.removed_declared && self.import_declared
    }
}

/// An object that may leave or arrive in a root and that no other root
/// of this run paired: with `--shard`, another shard may hold its other
/// side, and `--merge` must see it.
#[derive(Clone, Debug)]
pub struct Candidate {
    pub address: String,
    pub type_name: String,
    pub side: Side,
    /// Declared by the root's own `removed` (destroy = false) or `import`
    /// block.
    pub declared: bool,
    /// What pairing compares, hashed: equal for objects that would pair on
    /// values alone. None when that cannot be told from the object alone
    /// (it refers to other objects, holds unknowns, or holds a sensitive
    /// value, which is never put in a report, even hashed).
    pub fingerprint: Option<String>,
    /// Paired with another root by this run.
    pub paired: bool,
    /// Leaving: its address in the source state.
    pub from: Option<String>,
    /// Leaving, not declared: the `removed` block it needs, with its file,
    /// or why none can be written.
    pub removed: Option<Result<(String, String), String>>,
    /// Leaving: no other instance of its resource is destroyed (a
    /// `removed` block would forget those too).
    pub alone: bool,
    /// Leaving a root the pull request deletes.
    pub deleted_root: bool,
}

pub struct CheckReport {
    pub base: String,
    pub head: String,
    /// Where the head's files are mounted (a path nothing on disk holds).
    pub head_dir: PathBuf,
    pub roots: Vec<RootReport>,
    /// Changed directories that no checked root reaches.
    pub unreached: Vec<Unreached>,
    /// `.minimod.hcl` makes those a warning.
    pub unreached_warn: bool,
    pub off: Option<String>,
    pub warnings: Diagnostics,
    /// What base and head hold, as names equal for equal files
    /// (`tree::Extracted::identity`): shards of one check agree on them.
    pub revisions: (String, String),
    /// With `--shard`: the shard, and every root all shards check (so
    /// `--merge` can tell which shard holds each).
    pub shard: Option<(Shard, Vec<String>)>,
    /// The states given, for every root of the check (not only this
    /// shard's), by root name: (file, SHA-256).
    pub states: BTreeMap<String, (String, String)>,
}

impl CheckReport {
    /// No root was checked, by this run or (with `--shard`) by any shard.
    pub fn nothing_checked(&self) -> bool {
        self.roots.is_empty() && self.shard.as_ref().is_none_or(|(_, all)| all.is_empty())
    }

    /// Every root passed, at least one was checked, and nothing the change
    /// touches went unchecked: a check never passes on what it did not check.
    pub fn passed(&self) -> bool {
        !self.nothing_checked()
            && self.roots.iter().all(|r| r.passed)
            && (self.unreached.is_empty() || self.unreached_warn)
    }
}

impl RootReport {
    /// A root before it is checked: unchanged, passing.
    fn new(dir: &str) -> RootReport {
        RootReport {
            dir: dir.to_string(),
            workspace: None,
            outcome: Outcome::Unchanged,
            passed: true,
            blocks: Vec::new(),
            edits: Vec::new(),
            unmatched: Vec::new(),
            updates: Vec::new(),
            update_hint: Vec::new(),
            before: None,
            after: None,
            error: None,
            note: None,
            anchor: None,
            root_block: None,
            paired_by_rules: Vec::new(),
            cross_root: Vec::new(),
            forgotten: Vec::new(),
            imported: Vec::new(),
            candidates: Vec::new(),
            reached: None,
            state: None,
            fetched: Vec::new(),
        }
    }

    /// How reports and `--state-for` name the root: its directory, and
    /// its workspace in parentheses (`envs/app (prod)`).
    pub fn name(&self) -> String {
        root_name(&self.dir, self.workspace.as_deref())
    }

    /// A root the pull request does not touch (see [`untouched`]).
    fn unchanged(dir: &str, note: Option<String>) -> RootReport {
        RootReport {
            before: Some((0, 0, 0)),
            after: Some((0, 0, 0)),
            note,
            ..RootReport::new(dir)
        }
    }
}

/// `dir`, or `dir (workspace)`.
pub(crate) fn root_name(dir: &str, workspace: Option<&str>) -> String {
    match workspace {
        Some(w) => format!("{dir} ({w})"),
        None => dir.to_string(),
    }
}

/// One root the check plans: a directory, in one of the workspaces its
/// declaration names (or the default one).
struct Unit<'a> {
    dir: &'a str,
    workspace: Option<&'a discover::Workspace>,
}

impl Unit<'_> {
    fn name(&self) -> String {
        root_name(self.dir, self.workspace.map(|w| w.name.as_str()))
    }
}

/// A configuration file git's checkout rewrites: (path, the attribute).
type Rewritten = (String, String);

/// A file `--fix` wrote: its path, and the bytes now there.
pub(crate) type Written = (PathBuf, std::sync::Arc<[u8]>);

/// The two revisions a check compares, as the engine reads them: trees in
/// memory, mounted under a private directory that stays empty, with the
/// disk shut out: nothing but the revisions' blobs exists for a check.
/// The head is a revision, or the index (what git would commit).
struct Revisions {
    files: Files,
    base_dir: PathBuf,
    head_dir: PathBuf,
    /// An empty tree: what a new or a deleted root is compared with.
    empty_dir: PathBuf,
    /// Configuration files a checkout would not hold as git stores them
    /// (`.gitattributes`): (path, the attribute), base's then head's.
    rewritten: (Vec<Rewritten>, Vec<Rewritten>),
    /// Directories of either revision holding a name that is not UTF-8,
    /// with the first such name.
    unrepresentable: BTreeMap<String, String>,
    /// What base and head hold (`tree::Extracted::identity`).
    identity: (String, String),
    /// The remote module sources the base's policy lets the check fetch
    /// (`modules { fetch = true  allow = [...] }`); empty: none.
    fetch_allow: Vec<String>,
    _scratch: tempfile::TempDir,
}

impl Revisions {
    fn read(repo: &Path, base: &str, head: Option<&str>) -> Result<Revisions, Diagnostics> {
        Revisions::read_with(repo, base, head, &[])
    }

    /// The revisions, with `written` (files `--fix` wrote, by path inside
    /// the repository) laid over the head.
    fn read_with(
        repo: &Path,
        base: &str,
        head: Option<&str>,
        written: &[Written],
    ) -> Result<Revisions, Diagnostics> {
        let scratch =
            tempfile::tempdir().map_err(|e| tree::io_error("create a temporary directory", e))?;
        let base_dir = scratch.path().join("base");
        let head_dir = scratch.path().join("head");
        let empty_dir = scratch.path().join("empty");
        let budget = tree::Budget::new(tree::MAX_CHECK_BYTES);
        let head_rev = match head {
            Some(rev) => tree::Revision::Commit(rev),
            None => tree::Revision::Index,
        };
        // Each revision is git's work, in processes of its own: both at once.
        let (base_tree, head_tree) = std::thread::scope(|scope| {
            let head_tree = scope.spawn(|| tree::extract(repo, head_rev, &budget));
            let base_tree = tree::extract(repo, tree::Revision::Commit(base), &budget);
            let head_tree = head_tree
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            (base_tree, head_tree)
        });
        let (base_tree, mut head_tree) = (base_tree?, head_tree?);
        let mut unrepresentable = BTreeMap::new();
        for (dir, name) in (head_tree.unrepresentable.iter()).chain(&base_tree.unrepresentable) {
            unrepresentable
                .entry(dir.clone())
                .or_insert_with(|| name.clone());
        }
        for (rel, bytes) in written {
            head_tree.tree.insert(rel.clone(), bytes.clone());
        }
        let files = Files::disk()
            .mount(base_dir.clone(), base_tree.tree)
            .mount(head_dir.clone(), head_tree.tree)
            .mount(empty_dir.clone(), MemTree::default())
            .sealed();
        Ok(Revisions {
            files,
            base_dir,
            head_dir,
            empty_dir,
            rewritten: (base_tree.rewritten, head_tree.rewritten),
            unrepresentable,
            identity: (base_tree.identity, head_tree.identity),
            fetch_allow: Vec::new(),
            _scratch: scratch,
        })
    }
}

/// A changed directory that no checked root reaches, with why discovery
/// left it out.
pub struct Unreached {
    pub dir: String,
    /// The first changed configuration file in it (what SARIF, which
    /// places every result on a line of a file, points at).
    pub file: Option<String>,
    pub why: String,
    /// What `.minimod.hcl` needs to check it, when discovery left out a
    /// root for what a declaration settles.
    pub declaration: Option<discover::Declaration>,
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
    // Discovery reads every file of a tree: both trees at once.
    let (base_found, head_found) = std::thread::scope(|scope| {
        let head = scope
            .spawn(|| discover::discover_with_config(&revs.head_dir, &head_config, &revs.files));
        let base = discover::discover_with_config(&revs.base_dir, &base_config, &revs.files);
        (
            base,
            head.join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
        )
    });
    // What the check accepts is the target branch's policy: a pull request
    // cannot relax the check of itself by editing `.minimod.hcl` (it can
    // declare more roots, which only adds checks).
    let policy = &base_config;
    let mut rules = req.ignore.clone();
    rules
        .0
        .extend(refactor::ignore::Rules::from_config(&policy.ignore_rules)?.0);
    let req = &CheckRequest {
        allow_update: req.allow_update || policy.allow_update,
        ignore: rules,
        vars: in_repository(&req.vars, &repo)?,
        ..req.clone()
    };
    let schemas = match &req.schemas {
        Some(rel) => Some(std::sync::Arc::new(
            crate::providers::schema::Schemas::load_from(&revs.head_dir.join(rel), &revs.files)
                .map_err(Diagnostics::from)?,
        )),
        None => None,
    };
    let mut warnings = head_found.warnings.clone();
    warnings.extend(base_found.warnings.clone());
    // The check is about safety, not deployment: a directory that is a
    // root in every way but naming its tool is checked with the default
    // engine, and a root whose files stop loading is checked (and fails
    // saying why) rather than taken for deleted.
    let checked =
        |d: &discover::Discovery, other: &discover::Discovery| -> Vec<(Found, Option<String>)> {
            let mut out: Vec<(Found, Option<String>)> =
                d.roots.iter().map(|f| (f.clone(), None)).collect();
            for l in &d.left_out {
                // Checked on the other side, as a root or as one naming no tool.
                let was_root = other.roots.iter().any(|f| f.dir == l.dir)
                    || other
                        .left_out
                        .iter()
                        .any(|o| o.dir == l.dir && o.reason == discover::Reason::NoTool);
                let note = match l.reason {
                    discover::Reason::NoTool => {
                        "checked with the default engine: no file says which tool runs it"
                    }
                    discover::Reason::Unreadable if was_root => "its files do not load",
                    _ => continue,
                };
                out.push((
                    Found {
                        dir: l.dir.clone(),
                        outcome: discover::RootOutcome::Found,
                        evidence: l.evidence.clone(),
                        tool: l.tool,
                        var_files: Vec::new(),
                        variables: Default::default(),
                        workspaces: Vec::new(),
                    },
                    Some(note.to_string()),
                ));
            }
            out
        };
    let at_head = checked(&head_found, &base_found);
    let at_base = checked(&base_found, &head_found);
    // A directory whose names cannot be read as text is refused as a root
    // (discovery cannot list it either): never left unchecked.
    let dirs: BTreeSet<String> = at_head
        .iter()
        .chain(&at_base)
        .map(|(f, _)| f.dir.clone())
        .chain(revs.unrepresentable.keys().cloned())
        .collect();
    let sides = |dir: &str| {
        (
            at_head.iter().find(|(f, _)| f.dir == dir),
            at_base.iter().find(|(f, _)| f.dir == dir),
        )
    };
    // Each workspace the declaration names is a root of its own.
    let units: Vec<Unit> = (dirs.iter())
        .flat_map(|dir| {
            let (head_root, base_root) = sides(dir);
            let decl = Root::of(dir, head_root, base_root, &revs).decl;
            match decl.map(|f| f.workspaces.as_slice()).unwrap_or_default() {
                [] => vec![Unit {
                    dir,
                    workspace: None,
                }],
                all => (all.iter())
                    .map(|w| Unit {
                        dir,
                        workspace: Some(w),
                    })
                    .collect(),
            }
        })
        .collect();
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
    let finished = std::sync::atomic::AtomicUsize::new(0);
    let roots = parallel_map(&mine, |unit| {
        crate::progress::step(|| {
            let n = finished.load(std::sync::atomic::Ordering::Relaxed);
            format!(
                "checking root modules: {n} of {} done; {}",
                mine.len(),
                unit.name()
            )
        });
        let prior = given.by_root.get(&unit.name());
        let (mut report, kept) =
            check_unit(unit, sides(unit.dir), prior, &revs, &changed, req, &schemas);
        report.state = prior.map(|p| (p.file.clone(), p.sha256.clone()));
        report.workspace = unit.workspace.map(|w| w.name.clone());
        finished.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        (report, kept)
    });
    finished.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let (mut roots, kept): (Vec<RootReport>, Vec<_>) = roots.into_iter().unzip();
    pair_across_roots(&mut roots, kept);
    let mut unreached = unreached(&changed, &dirs, &roots, &head_found, &base_found);
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

/// A root as one side's discovery gives it, with how it came to be checked
/// when discovery alone would not have made it one.
type Checked = (Found, Option<String>);

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

/// What a checkout of the root's directory would not hold as git stores
/// it (`.gitattributes` filters, `ident`, encodings, CRLF): the check
/// reads the blobs, and says that terraform on a checkout may read other
/// bytes.
fn rewritten_note(dir: &str, revs: &Revisions) -> Option<String> {
    let inside = |p: &str| dir == "." || p.strip_prefix(dir).is_some_and(|r| r.starts_with('/'));
    let (base, head) = &revs.rewritten;
    let mut files: Vec<String> = (head.iter().map(|f| (f, "")))
        .chain(base.iter().map(|f| (f, "base:")))
        .filter(|((p, _), _)| inside(p))
        .map(|((p, attr), side)| format!("{side}{p} ({attr})"))
        .collect();
    files.dedup();
    (!files.is_empty()).then(|| {
        format!(
            "checked as git stores it, but a checkout rewrites {} by .gitattributes",
            files.join(", ")
        )
    })
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

/// `--shard K/N`: this run checks a stable 1/N of the roots, chosen by
/// their directory alone, so N runs (a CI matrix) check every root once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// 1-based.
    pub index: u32,
    pub count: u32,
}

impl Shard {
    pub fn parse(text: &str) -> Result<Shard, String> {
        let bad = || format!("{text:?} is not K/N with 1 <= K <= N (for example 2/4)");
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let (index, count) = (
            k.trim().parse().map_err(|_| bad())?,
            n.trim().parse().map_err(|_| bad())?,
        );
        if index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }

    /// Whether this shard checks the root in `dir`.
    pub fn holds(&self, dir: &str) -> bool {
        Shard::holding(dir, self.count) == *self
    }

    /// The shard of `count` that checks the root in `dir`: FNV-1a of the
    /// path, a hash that is the same on every machine and toolchain.
    pub fn holding(dir: &str, count: u32) -> Shard {
        let hash = dir.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        });
        let count = count.max(1);
        // Below `count`, so it fits.
        let index = (hash % u64::from(count)) as u32 + 1;
        Shard { index, count }
    }
}

/// The changed directories no checked root loads, itself or through local
/// module calls, with discovery's reason for each. A root this run planned
/// reaches the modules its head's plan has instances of (a call with
/// `count = 0` reaches nothing); any other root (untouched, not
/// checkable, or another shard's) reaches what its calls name, at head or
/// at base.
fn unreached(
    changed_files: &BTreeSet<String>,
    roots: &BTreeSet<String>,
    planned: &[RootReport],
    head: &discover::Discovery,
    base: &discover::Discovery,
) -> Vec<Unreached> {
    let mut reached: BTreeSet<String> = roots.clone();
    let mut from_calls: BTreeSet<String> = roots.clone();
    for r in planned {
        if let Some(dirs) = &r.reached {
            from_calls.remove(&r.dir);
            reached.extend(dirs.iter().cloned());
        }
    }
    let changed = tree::config_dirs(changed_files);
    let calls: Vec<&(String, String)> = head.calls.iter().chain(&base.calls).collect();
    let mut grew = true;
    while grew {
        grew = false;
        for (from, to) in &calls {
            if from_calls.contains(from) && from_calls.insert(to.clone()) {
                grew = true;
            }
        }
    }
    reached.extend(from_calls);
    changed
        .iter()
        .filter(|d| !reached.contains(*d))
        .map(|d| {
            let left = head
                .left_out
                .iter()
                .chain(&base.left_out)
                .find(|l| &l.dir == d);
            let why = match left {
                Some(l) if l.evidence.is_empty() => l.reason.describe().to_string(),
                Some(l) => format!("{} ({})", l.reason.describe(), l.evidence.join("; ")),
                None => "no configuration files".to_string(),
            };
            let file = (changed_files.iter())
                .find(|n| tree::config_dir(n).as_ref() == Some(d))
                .cloned();
            Unreached {
                dir: d.clone(),
                file,
                why,
                declaration: left.and_then(|l| l.declaration.clone()),
            }
        })
        .collect()
}

/// Whether the pull request leaves everything the root reads as it was:
/// discovery says the same of it at base and head, no changed path is in a
/// directory its module tree loads or is one of its variables files (nor
/// `.minimod.hcl`, nor the schemas), and no function of it reads other
/// files. Such a root plans the same on both sides: it is unchanged without
/// being planned (on a monorepo, most roots are).
fn untouched(
    dir: &str,
    head_root: Option<&(Found, Option<String>)>,
    base_root: Option<&(Found, Option<String>)>,
    revs: &Revisions,
    changed: &BTreeSet<String>,
    req: &CheckRequest,
) -> bool {
    let (Some((head, head_note)), Some((base, base_note))) = (head_root, base_root) else {
        return false;
    };
    let same = head.tool == base.tool
        && head.var_files == base.var_files
        && head.variables == base.variables
        && head.workspaces == base.workspaces
        && head_note == base_note;
    let policy_changed = changed.contains(discover::CONFIG_FILE_NAME)
        || req
            .schemas
            .as_ref()
            .is_some_and(|s| changed.contains(&clean_rel(s)));
    let inside = |path: &str, dir: &str| {
        dir == "." || path == dir || path.strip_prefix(dir).is_some_and(|r| r.starts_with('/'))
    };
    // Most roots a pull request touches are touched in their own directory:
    // known without loading anything.
    if !same || policy_changed || changed.iter().any(|p| inside(p, dir)) {
        return false;
    }
    let root = revs.head_dir.join(dir);
    let engine = req.engine.or(head.tool.map(|t| t.engine()));
    let opts = crate::config::LoadOptions {
        engine: engine.unwrap_or_else(|| crate::config::detect_engine_in(&root, &revs.files)),
        within: Some(revs.head_dir.clone()),
        files: revs.files.clone(),
        remote: crate::config::RemoteCalls::Opaque,
    };
    let mut sources = SourceMap::default();
    let Ok(config) = crate::config::load(&root, &opts, &mut sources) else {
        return false;
    };
    let mut dirs = Vec::new();
    let mut stack = vec![&config];
    while let Some(c) = stack.pop() {
        if c.remote.is_some() {
            continue;
        }
        match c.module.dir.strip_prefix(&revs.head_dir) {
            Ok(rel) => dirs.push(clean_rel(rel)),
            Err(_) => return false,
        }
        stack.extend(c.children.values());
    }
    // A module directory's link reads a file elsewhere in the tree,
    // through links any of which the pull request may retarget: such a
    // root is planned.
    let linked = dirs.iter().any(|d| {
        (revs.files.read_dir(&revs.head_dir.join(d)))
            .is_ok_and(|entries| entries.iter().any(|e| e.link))
    });
    if linked {
        return false;
    }
    let workspaces = head.workspaces.iter().flat_map(|w| &w.var_files);
    let files: Vec<String> = (head.var_files.iter().chain(workspaces))
        .map(|f| clean_rel(&Path::new(dir).join(f)))
        .collect();
    let touched = changed
        .iter()
        .any(|p| dirs.iter().any(|d| inside(p, d)) || files.contains(p));
    !touched && !calls_a_file_function(&sources)
}

/// A path relative to the repository as git names it (`/`-separated, `.`
/// and `..` steps taken).
fn clean_rel(p: &Path) -> String {
    crate::syntax::source::clean_path(p)
}

/// Whether a loaded configuration calls a function that reads files (its
/// syntax says so; a file that does not parse again counts as one): what
/// it reads cannot be told without evaluating it, so the root is planned.
fn calls_a_file_function(sources: &SourceMap) -> bool {
    sources.files().any(|(name, text)| {
        crate::syntax::called_functions(name, text).map_or(true, |calls| {
            calls
                .iter()
                .any(|f| crate::lang::functions::reads_files(f.strip_prefix("core::").unwrap_or(f)))
        })
    })
}

/// One root as the check compares it: on which sides its directory holds
/// a configuration, and whose declaration gives its inputs.
struct Root<'a> {
    dir: &'a str,
    in_head: bool,
    in_base: bool,
    /// The declaration that names its variables files and variables: the
    /// base's, which is policy, or the head's for a directory the base
    /// does not have. A directory the base has but does not declare gets
    /// none: a pull request cannot give its own check inputs.
    decl: Option<&'a Found>,
    tool: Option<discover::Tool>,
    /// One of the declaration's workspaces: its var files and variables
    /// after the root's own, and `terraform.workspace` its name.
    workspace: Option<&'a discover::Workspace>,
    /// The prior state the trusted job gave for it: pairing then compares
    /// the recorded objects, as `refactor --state` does.
    state: Option<&'a crate::state::State>,
}

impl<'a> Root<'a> {
    fn of(
        dir: &'a str,
        head_root: Option<&'a (Found, Option<String>)>,
        base_root: Option<&'a (Found, Option<String>)>,
        revs: &Revisions,
    ) -> Root<'a> {
        // A directory with configuration files is compared on that side
        // whether or not discovery calls it a root there: declaring a root
        // (or adding a backend) in the pull request does not make what
        // the base configures new.
        let holds = |top: &Path| has_configuration(&revs.files, &top.join(dir));
        let in_base = base_root.is_some() || holds(&revs.base_dir);
        let in_head = head_root.is_some() || holds(&revs.head_dir);
        let decl = match (base_root, in_base) {
            (Some((f, _)), _) => Some(f),
            (None, true) => None,
            (None, false) => head_root.map(|(f, _)| f),
        };
        Root {
            dir,
            in_head,
            in_base,
            decl,
            tool: head_root.or(base_root).and_then(|(f, _)| f.tool),
            workspace: None,
            state: None,
        }
    }
}

/// Whether `dir` holds a file terraform loads as configuration.
fn has_configuration(files: &Files, dir: &Path) -> bool {
    first_configuration_file(files, dir).is_some()
}

/// The first configuration file of a directory, by name.
fn first_configuration_file(files: &Files, dir: &Path) -> Option<String> {
    let entries = files.read_dir(dir).ok()?;
    entries
        .into_iter()
        .find(|e| {
            e.kind == Some(crate::files::Kind::File)
                && [".tf", ".tf.json", ".tofu", ".tofu.json"]
                    .iter()
                    .any(|ext| e.name.ends_with(ext))
        })
        .map(|e| e.name)
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

/// Rendered diagnostics with files named inside the repository:
/// `base:envs/x/main.tf` for the base revision's copy.
fn shown_inside(text: &str, revs: &Revisions, dir: &str) -> String {
    let prefix = |p: &Path| format!("{}/", crate::syntax::source::clean_path(p));
    text.replace("root \"DIR\"", &format!("root \"{dir}\""))
        .replace(&prefix(&revs.base_dir), "base:")
        .replace(&prefix(&revs.head_dir), "")
}

/// A root's outcome from its refactor: what its plan does, and whether
/// that passes. `at` says whether the root is in the head and the base.
fn judge(
    report: &mut RootReport,
    outcome: &refactor::Outcome,
    at: (bool, bool),
    req: &CheckRequest,
) {
    let (in_head, in_base) = at;
    let allow_add = req.allow_add;
    let counts = |p: &Plan| p.counts();
    report.before = Some(counts(&outcome.before));
    report.after = Some(counts(&outcome.proof));
    report.blocks = outcome.blocks.clone();
    report.edits = outcome.edits.clone();
    report.unmatched = outcome.pairing.unmatched.clone();
    report.updates = outcome.pairing.updates.clone();
    report.update_hint = outcome.update_hint.clone();
    report.paired_by_rules = outcome
        .decided_by_rules
        .iter()
        .map(|d| {
            let planned = d.planned(&outcome.proof);
            (
                d.prior.to_string(),
                d.new.to_string(),
                d.rules.clone(),
                planned,
            )
        })
        .collect();
    report.forgotten = (outcome.before.changes.iter())
        .filter(|c| c.action == Action::Forget)
        .map(|c| c.addr.to_string())
        .collect();
    report.imported = (outcome.before.imports.iter())
        .map(|(a, _)| a.to_string())
        .collect();
    let destroys = report.unmatched.iter().any(|u| u.side == Side::Destroy);
    let creates = report.unmatched.iter().any(|u| u.side == Side::Create);
    let (b_add, b_change, b_destroy) = counts(&outcome.before);
    let untouched = b_add + b_change + b_destroy == 0
        && outcome.before.moves().is_empty()
        && report.forgotten.is_empty()
        && report.imported.is_empty();
    report.outcome = if !in_head {
        Outcome::DeletedRoot
    } else if !in_base {
        Outcome::NewRoot
    } else if destroys || (creates && !allow_add) {
        Outcome::Unmatched
    } else if !report.blocks.is_empty() {
        Outcome::MissingBlocks
    } else if untouched {
        Outcome::Unchanged
    } else {
        Outcome::Proven
    };
    report.passed = match report.outcome {
        Outcome::NewRoot => b_destroy == 0,
        Outcome::Unchanged | Outcome::Proven => outcome.proven(allow_add),
        _ => false,
    };
    // What the pull request's own blocks move and its configuration
    // updates asks the same consent as a generated move with an update.
    let generated: BTreeSet<&Addr> = (outcome.pairing.pairs.iter()).map(|(_, new)| new).collect();
    let declared: Vec<refactor::pairing::Update> = (outcome.proof.changes.iter())
        .filter(|c| c.action == Action::Update && !generated.contains(&c.addr))
        .filter_map(|c| {
            Some(refactor::pairing::Update {
                prior: c.previous.clone()?,
                new: c.addr.clone(),
                diffs: (c.changed.iter())
                    .map(|name| refactor::pairing::AttrDiff {
                        name: name.clone(),
                        prior: None,
                        new: None,
                    })
                    .collect(),
            })
        })
        .collect();
    if req.allow_update {
        report.updates.extend(declared);
    } else if !declared.is_empty() {
        report.update_hint.extend(declared);
        if report.passed {
            report.outcome = Outcome::MovedAndUpdated;
            report.passed = false;
        }
    }
}

/// A root's refactor, kept when it left objects unmatched or declares
/// objects leaving or arriving (`cross_root::declared_objects`): they may
/// pair across roots.
type Kept = (Request, refactor::Outcome, (Vec<Object>, Vec<Object>));

/// Pairs what the roots left unmatched across roots, as `refactor --root`
/// does (`refactor::cross_root`), with what their own `removed` blocks
/// (`destroy = false`) forget and `import` blocks take over. Such a move
/// crosses states: no `moved` block can make it, and terraform supports it
/// only with both blocks, a `removed` block that forgets the object in the
/// source and an `import` block in the destination. With one of them
/// missing, terraform destroys the object the other root imports, or
/// forgets it and creates a second one: each such move fails both roots,
/// naming the blocks to add. With both, it is reported and passes.
fn pair_across_roots(roots: &mut [RootReport], kept: Vec<Option<Kept>>) {
    use refactor::cross_root::{self, CrossMove};
    let mut at: Vec<usize> = Vec::new();
    let mut reqs: Vec<Request> = Vec::new();
    let mut outcomes: Vec<refactor::Outcome> = Vec::new();
    let mut sides: Vec<(Vec<Object>, Vec<Object>)> = Vec::new();
    // Per kept root: the addresses its own blocks declare leaving, arriving.
    let mut declared: Vec<(BTreeSet<Addr>, BTreeSet<Addr>)> = Vec::new();
    for (i, k) in kept.into_iter().enumerate() {
        if let Some((r, o, (leaving, arriving))) = k {
            let addrs = |objs: &[Object]| objs.iter().map(|o| o.addr.clone()).collect();
            declared.push((addrs(&leaving), addrs(&arriving)));
            let (mut out, mut into) = o.leftovers.clone();
            out.extend(leaving);
            into.extend(arriving);
            sides.push((out, into));
            at.push(i);
            reqs.push(r);
            outcomes.push(o);
        }
    }
    let indexes: Vec<_> = outcomes.iter().map(|o| o.prior.instance_index()).collect();
    let mut pairs = match outcomes.len() {
        0 | 1 => Vec::new(),
        _ => cross_root::pair_objects(&reqs, &outcomes, &indexes, &sides),
    };
    // Two workspaces of one directory read the same files: a `removed`
    // block there would forget the object in both, so nothing moves
    // between them.
    pairs.retain(|(a, _, b, _)| roots[at[*a]].dir != roots[at[*b]].dir);
    let mut moves: Vec<CrossMove> = (pairs.iter())
        .map(|(a, prior, b, new)| CrossMove {
            from_root: *a,
            from: cross_root::recorded_addr(&outcomes[*a], prior),
            to_root: *b,
            to: new.clone(),
            id: None,
            unwritable: None,
        })
        .collect();
    cross_root::removable(&outcomes, &mut moves);
    for ((a, prior, b, new), m) in pairs.iter().zip(&moves) {
        let mv = CrossRootMove {
            from_root: roots[at[*a]].name(),
            from: m.from.to_string(),
            to_root: roots[at[*b]].name(),
            to: new.to_string(),
            removed_declared: declared[*a].0.contains(prior),
            import_declared: declared[*b].1.contains(new),
            blocks: Ok(Vec::new()),
            source_deleted: roots[at[*a]].outcome == Outcome::DeletedRoot,
        };
        let dirs = (roots[at[*a]].dir.as_str(), roots[at[*b]].dir.as_str());
        let mv = CrossRootMove {
            blocks: missing_blocks(&mv, m, &outcomes[*a], dirs),
            ..mv
        };
        let (a, b) = (at[*a], at[*b]);
        roots[a]
            .unmatched
            .retain(|u| !(u.side == Side::Destroy && &u.addr == prior));
        roots[b]
            .unmatched
            .retain(|u| !(u.side == Side::Create && &u.addr == new));
        roots[a].cross_root.push(mv.clone());
        roots[b].cross_root.push(mv);
    }
    for r in roots.iter_mut() {
        if r.cross_root.iter().all(CrossRootMove::declared) {
            continue;
        }
        r.passed = false;
        if r.unmatched.is_empty() {
            r.outcome = Outcome::CrossRootMoves;
        }
    }
    // Another shard's roots may pair with these: what `--merge` needs.
    let paired: BTreeSet<(usize, &Addr)> = (pairs.iter())
        .flat_map(|(a, prior, b, new)| [(*a, prior), (*b, new)])
        .collect();
    for (k, (out, into)) in sides.iter().enumerate() {
        let candidate = |o: &Object, side: Side, declared: &BTreeSet<Addr>| Candidate {
            address: o.addr.to_string(),
            type_name: o.addr.resource.resource.type_name.to_string(),
            side,
            declared: declared.contains(&o.addr),
            fingerprint: fingerprint(o),
            paired: paired.contains(&(k, &o.addr)),
            from: None,
            removed: None,
            alone: true,
            deleted_root: false,
        };
        let leaving: Vec<Candidate> = out
            .iter()
            .map(|o| candidate(o, Side::Destroy, &declared[k].0))
            .collect();
        let leaving = leaving_details(leaving, &outcomes[k], &roots[at[k]]);
        let arriving = into
            .iter()
            .map(|o| candidate(o, Side::Create, &declared[k].1));
        roots[at[k]].candidates = leaving.into_iter().chain(arriving).collect();
    }
    ambiguous_forgets(roots);
}

/// A `removed` block with `destroy = false` whose object did not pair
/// because several equal objects are created in other roots (or another
/// forgotten object claims the same one) is still half a declaration:
/// terraform forgets it and creates every one of them. Each such create
/// fails with its root and the forgetting one, saying why no check can
/// tell which one the object becomes. So does a create of the type when
/// either side has no fingerprint (a reference, an unknown or a sensitive
/// value, which a check without state cannot compare): what was not
/// checked does not pass.
fn ambiguous_forgets(roots: &mut [RootReport]) {
    let equal = |l: &Candidate, a: &Candidate| {
        l.type_name == a.type_name
            && match (&l.fingerprint, &a.fingerprint) {
                (Some(x), Some(y)) => x == y,
                _ => true,
            }
    };
    let open = |c: &&Candidate, side: Side, declared: bool| {
        c.side == side && c.declared == declared && !c.paired
    };
    let mut moves: Vec<(usize, usize, CrossRootMove)> = Vec::new();
    for (i, r) in roots.iter().enumerate() {
        for l in r.candidates.iter().filter(|c| open(c, Side::Destroy, true)) {
            let arriving: Vec<(usize, &Candidate)> = (roots.iter().enumerate())
                .filter(|(j, o)| *j != i && o.dir != r.dir)
                .flat_map(|(j, o)| o.candidates.iter().map(move |c| (j, c)))
                .filter(|(_, a)| open(a, Side::Create, false) && equal(l, a))
                .collect();
            let from = l.from.clone().unwrap_or_else(|| l.address.clone());
            let named: Vec<String> = (arriving.iter())
                .map(|(j, a)| format!("{}: {}", roots[*j].name(), a.address))
                .collect();
            let compared =
                l.fingerprint.is_some() && arriving.iter().all(|(_, a)| a.fingerprint.is_some());
            for (j, a) in &arriving {
                let why = match compared {
                    true => format!(
                        "{from} equals what other roots create ({}), not one to one, so no check can tell which object it becomes: declare that one with an import block",
                        named.join(", ")
                    ),
                    false => format!(
                        "{from} may be what other roots create ({}): a reference, an unknown or a sensitive value cannot be compared without state, so no check can tell whether it moved: declare the object it becomes with an import block, or give the removed block destroy = true",
                        named.join(", ")
                    ),
                };
                let mv = CrossRootMove {
                    from_root: r.name(),
                    from: from.clone(),
                    to_root: roots[*j].name(),
                    to: a.address.clone(),
                    removed_declared: true,
                    import_declared: false,
                    blocks: Err(why),
                    source_deleted: false,
                };
                moves.push((i, *j, mv));
            }
        }
    }
    for (i, j, mv) in moves {
        for k in [i, j] {
            let r = &mut roots[k];
            // A root that failed already keeps its outcome.
            if r.passed || r.unmatched.is_empty() {
                r.outcome = Outcome::CrossRootMoves;
            }
            r.passed = false;
            r.cross_root.push(mv.clone());
        }
    }
}

/// What `--merge` needs of objects leaving a root: the address in its
/// state, whether it is the only destroyed instance of its resource, and,
/// then, the `removed` block it needs (or why none can be written). Each
/// looked up once per root: a deleted root may leave thousands.
fn leaving_details(
    leaving: Vec<Candidate>,
    source: &refactor::Outcome,
    root: &RootReport,
) -> Vec<Candidate> {
    use refactor::cross_root;
    let changes: BTreeMap<String, &crate::plan::diff::ResourceChange> = (source.before.changes)
        .iter()
        .map(|c| (c.addr.to_string(), c))
        .collect();
    let mut deletes: BTreeMap<String, usize> = BTreeMap::new();
    for c in source
        .before
        .changes
        .iter()
        .filter(|c| c.action == Action::Delete)
    {
        *deletes.entry(cross_root::resource_of(&c.addr)).or_default() += 1;
    }
    let deleted_root = root.outcome == Outcome::DeletedRoot;
    (leaving.into_iter())
        .map(|c| {
            let Some(change) = changes.get(&c.address) else {
                return c;
            };
            let resource = cross_root::resource_of(&change.addr);
            let others = deletes.get(&resource).copied().unwrap_or(0)
                - usize::from(change.action == Action::Delete);
            let from = change
                .previous
                .clone()
                .unwrap_or_else(|| change.addr.clone());
            let removed = (!c.declared && others == 0).then(|| match cross_root::gone(change) {
                true => Ok((
                    root_file(&root.dir, cross_root::REMOVED_FILE),
                    cross_root::removed_blocks(std::slice::from_ref(&resource)),
                )),
                false => Err(cross_root::still_declared(&resource, &change.addr)),
            });
            Candidate {
                from: Some(from.to_string()),
                removed,
                alone: others == 0,
                deleted_root,
                ..c
            }
        })
        .collect()
}

/// The file `name` in root `dir`, relative to the repository.
fn root_file(dir: &str, name: &str) -> String {
    match dir {
        "." | "" => name.to_string(),
        d => format!("{d}/{name}"),
    }
}

/// The `import` block a move across roots needs, with its file in the
/// destination's directory: a check has no state, so its id is a
/// placeholder that cannot pass for one.
fn import_block(from_root: &str, from: &str, to_dir: &str, to: &str) -> (String, String) {
    let id = format!("<the id of {from} in the state of {from_root}>");
    (
        root_file(to_dir, refactor::cross_root::IMPORTS_FILE),
        refactor::cross_root::import_blocks(&[(to.to_string(), id)]),
    )
}

type Addr = crate::addrs::AbsResourceInstance;

/// The blocks a move across roots still needs, each with its file: the
/// source's `removed` block unless declared, the destination's `import`
/// block unless declared; Err with why no removed block can say it.
fn missing_blocks(
    mv: &CrossRootMove,
    m: &refactor::cross_root::CrossMove,
    source: &refactor::Outcome,
    (from_dir, to_dir): (&str, &str),
) -> Result<Vec<(String, String)>, String> {
    use refactor::cross_root;
    let mut blocks = Vec::new();
    if !mv.removed_declared {
        if let Some(why) = &m.unwritable {
            return Err(why.clone());
        }
        let prior = cross_root::moved_addr(source, &m.from);
        blocks.push((
            root_file(from_dir, cross_root::REMOVED_FILE),
            cross_root::removed_blocks(&[cross_root::resource_of(&prior)]),
        ));
    }
    if !mv.import_declared {
        blocks.push(import_block(&mv.from_root, &mv.from, to_dir, &mv.to));
    }
    Ok(blocks)
}

/// What pairing compares of an object (each configured argument's
/// canonical value, as its signature), hashed; None when the object alone
/// cannot tell (`Candidate::fingerprint`).
fn fingerprint(o: &Object) -> Option<String> {
    use sha2::Digest;
    let mut hash = sha2::Sha256::new();
    for (i, (name, v)) in o.values.iter().enumerate() {
        if !o.set.contains(i) {
            continue;
        }
        if !v.is_wholly_known() || v.has_marks_deep() {
            return None;
        }
        hash.update(name.as_bytes());
        hash.update(b"=");
        hash.update(refactor::pairing::canonical(v).as_bytes());
        hash.update(b"\x1f");
    }
    let digest = hash.finalize();
    Some(digest[..16].iter().map(|b| format!("{b:02x}")).collect())
}

/// The refactor request for one root, without state: the base's copy (or
/// an empty directory, for a root new in the head) against the head's (or
/// an empty one, for a root the head deletes), each side's files confined
/// to its revision and its variables files read from it; `Err` with the
/// rendered reason when the root is not checkable as configured.
fn root_request(
    root: &Root,
    revs: &Revisions,
    req: &CheckRequest,
    schemas: Option<std::sync::Arc<crate::providers::schema::Schemas>>,
) -> Result<Request, String> {
    let dir = root.dir;
    fn side<'t>(
        top: &'t Path,
        dir: &str,
        present: bool,
        empty: &Path,
    ) -> (PathBuf, Option<&'t Path>) {
        match present {
            true => (top.join(dir), Some(top)),
            false => (empty.to_path_buf(), None),
        }
    }
    let (old_dir, old_top) = side(&revs.base_dir, dir, root.in_base, &revs.empty_dir);
    let (new_dir, new_top) = side(&revs.head_dir, dir, root.in_head, &revs.empty_dir);
    let vars_of = |top: Option<&Path>, root_dir: &Path| -> Result<Vec<VarSource>, String> {
        // An empty side declares no variables: nothing to give it.
        let Some(top) = top else {
            return Ok(Vec::new());
        };
        let mut vars = Vec::new();
        for v in &req.vars {
            vars.push(match v {
                // A path inside the repository (`check` made it one): each
                // revision's own file.
                VarSource::File(rel) => VarSource::File(top.join(rel).to_string_lossy().into()),
                v => v.clone(),
            });
        }
        let own = root
            .decl
            .map(|f| f.var_files.as_slice())
            .unwrap_or_default();
        let workspace = root
            .workspace
            .map(|w| w.var_files.as_slice())
            .unwrap_or_default();
        for file in own.iter().chain(workspace) {
            match inside(&revs.files, top, &root_dir.join(file)) {
                Some(path) => vars.push(VarSource::File(path.to_string_lossy().into_owned())),
                None => {
                    return Err(format!(
                        "Error: Variables file outside the repository\n\nThe var_files entry {file:?} for root \"{dir}\" in .minimod.hcl leads outside the repository; a check reads only the repository's own files."
                    ));
                }
            }
        }
        Ok(vars)
    };
    // A workspace's own variables win over the root's.
    let mut variables: indexmap::IndexMap<String, crate::lang::value::Value> =
        root.decl.map(|f| f.variables.clone()).unwrap_or_default();
    if let Some(w) = root.workspace {
        variables.extend(w.variables.clone());
    }
    let variables: Vec<(String, crate::lang::value::Value)> = variables.into_iter().collect();
    let old_inputs = refactor::SideInputs {
        vars: vars_of(old_top, &old_dir)?,
        variables: variables.clone(),
    };
    Ok(Request {
        vars: vars_of(new_top, &new_dir)?,
        old_inputs: Some(old_inputs),
        old_dir,
        new_dir,
        state: root.state.cloned(),
        engine: req.engine.or(root.tool.map(|t| t.engine())),
        place_root: false,
        variables,
        unset_variables_unknown: true,
        // The check says a root is not checkable, naming the variable.
        defer_unknown_keys: false,
        tf_var_env: req.tf_var_env.clone(),
        // A confined run does not take the runner's workspace: only the
        // one its declaration names.
        workspace: root.workspace.map_or("default".into(), |w| w.name.clone()),
        // Terraform runs in the root's directory: `path.cwd` and `abspath`
        // are the checkout's, on both sides.
        cwd: crate::files::normal(&req.cwd.join(dir)),
        // Nor its home directory.
        home: None,
        file_roots: Some((revs.base_dir.clone(), revs.head_dir.clone())),
        files: revs.files.clone(),
        format: refactor::write::Format::Hcl,
        schemas,
        allow_update: req.allow_update,
        ignore: req.ignore.clone(),
        plan: None,
        // The roots run side by side already.
        threads: false,
    })
}

/// A file of the head tree (relative to it), a line and a column.
type Place = (String, usize, usize);

/// Where in the head a failing root's findings are: the declaration the
/// first missing block moves to, else the first unexplained new object
/// (the annotation's line); and the root's backend block, what makes the
/// directory a root, for findings with no line of their own (SARIF
/// gives every result a line).
fn anchor(
    request: &Request,
    report: &RootReport,
    head_dir: &Path,
) -> (Option<Place>, Option<Place>) {
    let engine = request.engine.unwrap_or_default();
    let Ok(config) = crate::config::load(
        &request.new_dir,
        &request.load_options(&request.new_dir, engine),
        &mut SourceMap::default(),
    ) else {
        return (None, None);
    };
    let place = |range: &crate::diagnostics::SourceRange| {
        let file = Path::new(&*range.file);
        let file = file.strip_prefix(head_dir).unwrap_or(file);
        (
            crate::syntax::source::clean_path(file),
            range.start.line,
            range.start.column,
        )
    };
    let declared = || -> Option<crate::diagnostics::SourceRange> {
        match (
            report.blocks.first(),
            report.unmatched.iter().find(|u| u.side == Side::Create),
        ) {
            (Some(b), _) => {
                let module = config.descendant(&b.module)?;
                declaration(module, &b.to)
            }
            (None, Some(u)) => {
                let path: Vec<String> = u
                    .addr
                    .module
                    .steps()
                    .iter()
                    .map(|s| s.name.clone())
                    .collect();
                let module = config.descendant(&path)?;
                let r = &module
                    .module
                    .resources
                    .get(&u.addr.resource.resource.to_string())?;
                Some(r.decl_range.clone())
            }
            _ => None,
        }
    };
    let backend = config.module.backend.as_ref().map(|(_, r)| place(r));
    (declared().as_ref().map(place), backend)
}

/// The declaration a move target names first: its module call, or its
/// resource.
fn declaration(
    config: &crate::config::Config,
    to: &str,
) -> Option<crate::diagnostics::SourceRange> {
    if let Some(rest) = to.strip_prefix("module.") {
        let name = rest.split(['.', '[']).next()?;
        return Some(config.module.module_calls.get(name)?.decl_range.clone());
    }
    let mut parts = to.split('[').next()?.splitn(3, '.');
    let key = match (parts.next()?, parts.next()?) {
        ("data", t) => format!("data.{t}.{}", parts.next()?),
        (t, n) => format!("{t}.{n}"),
    };
    Some(config.module.resources.get(&key)?.decl_range.clone())
}

/// `path`, if it stays inside `root` once every link is resolved. For a
/// file that is not there, its nearest existing directory decides (reading
/// it then reports it missing).
fn inside(files: &Files, root: &Path, path: &Path) -> Option<PathBuf> {
    let root = files.canonicalize(root).ok()?;
    let mut tail = Vec::new();
    let mut at = path;
    loop {
        if let Ok(real) = files.canonicalize(at) {
            let mut full = real;
            for part in tail.iter().rev() {
                match part {
                    std::path::Component::Normal(n) => full.push(n),
                    std::path::Component::CurDir => {}
                    _ => return None,
                }
            }
            return full.starts_with(&root).then_some(full);
        }
        let (Some(parent), Some(last)) = (at.parent(), at.components().next_back()) else {
            return None;
        };
        tail.push(last);
        at = parent;
    }
}

/// Writes the missing blocks into the working tree: only regular files
/// inside the repository, never through a symbolic link, and only a file
/// whose working copy is what the check read (the index's version, or no
/// file where the index has none): anything else is someone's work that
/// the proof did not see. Every file is checked before any is written.
/// Returns each file written (its path on disk) with its new bytes.
pub(crate) fn fix(report: &CheckReport, repo: &Path) -> Result<Vec<Written>, Diagnostics> {
    use refactor::write;
    let mut edits: Vec<write::Edit> = Vec::new();
    let mut shared = false;
    for e in report.roots.iter().flat_map(|r| &r.edits) {
        match edits.iter().find(|x| x.path == e.path) {
            Some(x) if x == e => {}
            Some(_) => shared = true,
            None => edits.push(e.clone()),
        }
    }
    if shared {
        // Two roots add different blocks to one shared module's file: the
        // file gets both, and the check that follows proves the result.
        let blocks: Vec<Block> = report
            .roots
            .iter()
            .flat_map(|r| r.blocks.iter().cloned())
            .collect();
        // (OpenTofu's file choice: a moved.tofu a Terraform root ignores
        // shows up in that check.)
        let revs = Revisions::read(repo, &report.base, None)?;
        let files = &revs.files;
        edits = write::edits_in(
            files,
            &rebase(&blocks, &report.head_dir, &revs.head_dir),
            write::Format::Hcl,
            Default::default(),
        )?;
        for e in &mut edits {
            e.path = on_disk(&e.path, &revs.head_dir, repo);
        }
    } else {
        for e in &mut edits {
            e.path = on_disk(&e.path, &report.head_dir, repo);
        }
    }
    let top = toplevel(repo)?;
    let top = top.canonicalize().unwrap_or(top);
    let staged = |e: &write::Edit| -> Result<(), Diagnostics> {
        let shown = e.path.strip_prefix(repo).unwrap_or(&e.path);
        // A FIFO in the working tree is refused, never waited on.
        let now = match crate::atomic::read_regular(&e.path) {
            Ok(now) => now,
            Err(err) if err.kind() == std::io::ErrorKind::InvalidInput => {
                return Err(write::not_writable(shown, &err.to_string()));
            }
            Err(_) => None,
        };
        if now.as_deref() == e.before.as_deref().map(str::as_bytes) {
            return Ok(());
        }
        let what = match (&now, &e.before) {
            (Some(_), None) => "is not in the index",
            _ => "has changes that are not staged",
        };
        Err(Diagnostic::error(
            "Cannot write moved blocks",
            format!(
                "{} {what}: the check reads what git would commit (the index), so --fix edits only a file whose working copy is staged, and git can always give back what was there. Stage (git add) or stash the change, and run again.",
                crate::syntax::source::clean_path(shown)
            ),
        )
        .into())
    };
    let confine = write::Confinement {
        links_within: None,
        within: Some(top.clone()),
    };
    // Said first: a file that is not what the check read is refused for
    // that reason, before anything else is asked of it.
    let mut refused = Diagnostics::default();
    for e in &edits {
        if let Err(d) = staged(e) {
            refused.extend(d);
        }
    }
    if refused.has_errors() {
        return Err(refused);
    }
    let written = write::write_edits_if(&edits, &confine, &staged)?;
    Ok(written
        .into_iter()
        .map(|p| {
            let bytes = edits
                .iter()
                .find(|e| e.path == p)
                .map(|e| std::sync::Arc::from(e.after.as_bytes()))
                .unwrap_or_else(|| std::sync::Arc::from(&[][..]));
            (p, bytes)
        })
        .collect())
}

/// A file of the head's tree (mounted at `head_dir`) as it is on disk.
fn on_disk(path: &Path, head_dir: &Path, repo: &Path) -> PathBuf {
    match path.strip_prefix(head_dir) {
        Ok(rel) => repo.join(rel),
        Err(_) => path.to_path_buf(),
    }
}

/// `blocks` with their directories moved from one mount of the head to
/// another.
fn rebase(blocks: &[Block], from: &Path, to: &Path) -> Vec<Block> {
    blocks
        .iter()
        .map(|b| {
            let mut b = b.clone();
            if let Ok(rel) = b.dir.strip_prefix(from) {
                b.dir = to.join(rel);
            }
            b
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::unknown::Origin;
    use crate::lang::value::{Type, Value};
    use std::process::Command;

    /// The revisions are read into memory: the check writes nothing to
    /// disk, and reads a revision's files, links inside it resolved, as
    /// git stores them.
    #[test]
    fn revisions_are_read_without_writing_a_file() {
        let repo = tempfile::tempdir().unwrap();
        let git = |args: &[&str]| {
            let out = Command::new("git")
                .arg("-C")
                .arg(repo.path())
                .args(["-c", "user.name=t", "-c", "user.email=t@t"])
                .args(args)
                .output()
                .unwrap();
            assert!(out.status.success(), "{out:?}");
        };
        git(&["init", "-q"]);
        std::fs::create_dir_all(repo.path().join("live")).unwrap();
        std::fs::write(repo.path().join("live/main.tf"), "# base\n").unwrap();
        std::os::unix::fs::symlink("main.tf", repo.path().join("live/link.tf")).unwrap();
        git(&["add", "-A"]);
        git(&["commit", "-qm", "base"]);
        std::fs::write(repo.path().join("live/main.tf"), "# head\n").unwrap();
        git(&["commit", "-qam", "head"]);
        let revs = Revisions::read(repo.path(), "HEAD~1", Some("HEAD")).unwrap();
        let text = |dir: &Path, f: &str| revs.files.read_to_string(&dir.join(f)).unwrap();
        assert_eq!(text(&revs.base_dir, "live/main.tf"), "# base\n");
        assert_eq!(text(&revs.base_dir, "live/link.tf"), "# base\n");
        assert_eq!(text(&revs.head_dir, "live/main.tf"), "# head\n");
        assert!(revs.files.read_dir(&revs.empty_dir).unwrap().is_empty());
        let written = std::fs::read_dir(revs._scratch.path()).unwrap().count();
        assert_eq!(written, 0, "nothing is written for a revision");
    }

    fn object(addr: &str, input: Value) -> Object {
        Object::all_set(
            Addr::parse(addr).unwrap(),
            [("input".to_string(), input)].into(),
        )
    }

    /// Equal compared values give equal fingerprints whatever the name; a
    /// sensitive value gives none (not even hashed), nor does a reference.
    #[test]
    fn fingerprints_tell_equal_objects_and_never_hash_a_secret() {
        let a = fingerprint(&object("terraform_data.db", Value::string("pg")));
        let b = fingerprint(&object("terraform_data.database", Value::string("pg")));
        let c = fingerprint(&object("terraform_data.db", Value::string("mysql")));
        assert!(a.is_some());
        assert_eq!(a, b);
        assert_ne!(a, c);
        let secret = object("terraform_data.db", Value::string("hunter2").mark());
        assert_eq!(fingerprint(&secret), None);
        let reference = Value::Unknown(
            Type::Dynamic,
            Some(Origin::attr("terraform_data.net", "id")),
        );
        assert_eq!(fingerprint(&object("terraform_data.db", reference)), None);
    }
}
