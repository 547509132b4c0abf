//! `minimod check`: the pre-merge check. Both revisions are read from git
//! (the head may be the working tree), every root module is found as
//! `discover` finds it, and each root's base and head configurations are
//! put through the refactor's pairing with no state (the base
//! configuration stands for the prior objects). A root fails when its head
//! would destroy anything that was not explicitly removed.

pub mod render;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::diagnostics::{Diagnostic, Diagnostics, SourceMap};
use crate::discover::{self, Found};
use crate::instances::VarSource;
use crate::plan::diff::Plan;
use crate::refactor::blocks::Block;
use crate::refactor::pairing::{Side, Unmatched};
use crate::refactor::{self, Request};
use crate::syntax::source::SourceFile;

pub struct CheckRequest {
    pub repo: PathBuf,
    pub base: String,
    /// A revision, or None for the working tree.
    pub head: Option<String>,
    pub allow_add: bool,
    /// Provider schemas (`--schemas`): a path inside the repository, read
    /// from the head tree.
    pub schemas: Option<PathBuf>,
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
        }
    }
}

pub struct RootReport {
    pub dir: String,
    pub outcome: Outcome,
    pub passed: bool,
    /// The blocks to add, with directories inside the head tree.
    pub blocks: Vec<Block>,
    pub unmatched: Vec<Unmatched>,
    /// The plan of the head as it stands, and with the missing blocks.
    pub before: Option<(usize, usize, usize)>,
    pub after: Option<(usize, usize, usize)>,
    /// Why the root is not checkable, rendered.
    pub error: Option<String>,
}

pub struct CheckReport {
    pub base: String,
    pub head: String,
    /// Where the head's files are (the working tree or a temporary copy).
    pub head_dir: PathBuf,
    pub roots: Vec<RootReport>,
    pub off: Option<String>,
    pub warnings: Diagnostics,
}

impl CheckReport {
    pub fn passed(&self) -> bool {
        self.roots.iter().all(|r| r.passed)
    }
}

/// A revision's tree, extracted into a temporary directory.
struct Tree {
    dir: PathBuf,
    _tmp: Option<tempfile::TempDir>,
}

fn extract(repo: &Path, rev: &str) -> Result<Tree, Diagnostics> {
    let tmp = tempfile::tempdir().map_err(|e| io_error("create a temporary directory", e))?;
    let archive = tmp.path().join("tree.tar");
    let out = Command::new("git")
        .arg("-C")
        .arg(repo)
        .args(["archive", "--format=tar", "-o"])
        .arg(&archive)
        .arg(rev)
        .output()
        .map_err(|e| io_error("run git", e))?;
    if !out.status.success() {
        return Err(Diagnostic::error(
            "Invalid revision",
            format!(
                "git could not read revision {rev:?}: {}",
                String::from_utf8_lossy(&out.stderr).trim()
            ),
        )
        .into());
    }
    let dir = tmp.path().join("tree");
    std::fs::create_dir_all(&dir).map_err(|e| io_error("create a directory", e))?;
    let status = Command::new("tar")
        .arg("-xf")
        .arg(&archive)
        .arg("-C")
        .arg(&dir)
        .status();
    if !status.is_ok_and(|s| s.success()) {
        return Err(Diagnostic::error(
            "Failed to extract revision",
            format!("tar could not extract revision {rev:?}."),
        )
        .into());
    }
    Ok(Tree {
        dir,
        _tmp: Some(tmp),
    })
}

fn io_error(what: &str, e: std::io::Error) -> Diagnostics {
    Diagnostic::error("Input/output error", format!("Could not {what}: {e}.")).into()
}

/// Discovery on a tree: the tree's own `.minimod.hcl` decides.
fn discover_tree(dir: &Path, sources: &mut SourceMap) -> Result<discover::Discovery, Diagnostics> {
    let path = dir.join(discover::config::FILE_NAME);
    let config = match std::fs::read_to_string(&path) {
        Ok(text) => {
            let file = SourceFile::new(discover::config::FILE_NAME, &text);
            sources.insert(file.name.clone(), file.text.clone());
            discover::config::parse(&file)?
        }
        Err(_) => Default::default(),
    };
    Ok(discover::discover_with_config(dir, &config))
}

pub fn check(req: &CheckRequest, sources: &mut SourceMap) -> Result<CheckReport, Diagnostics> {
    let base = extract(&req.repo, &req.base)?;
    let head = match &req.head {
        Some(rev) => extract(&req.repo, rev)?,
        None => Tree {
            dir: req.repo.clone(),
            _tmp: None,
        },
    };
    let base_found = discover_tree(&base.dir, sources)?;
    let head_found = match &req.head {
        Some(_) => discover_tree(&head.dir, sources)?,
        None => discover::discover_with_sources(&head.dir, sources)?,
    };
    let schemas = match &req.schemas {
        Some(rel) => Some(std::sync::Arc::new(
            crate::plan::schema::Schemas::load(&head.dir.join(rel)).map_err(Diagnostics::from)?,
        )),
        None => None,
    };
    let mut warnings = head_found.warnings.clone();
    warnings.extend(base_found.warnings.clone());
    let dirs: BTreeSet<String> = head_found
        .roots
        .iter()
        .chain(&base_found.roots)
        .map(|f| f.dir.clone())
        .collect();
    let mut roots = Vec::new();
    for dir in dirs {
        let at_head = head_found.roots.iter().find(|f| f.dir == dir);
        let at_base = base_found.roots.iter().find(|f| f.dir == dir);
        roots.push(check_root(
            &dir,
            at_head.or(at_base),
            &base.dir,
            &head.dir,
            at_head.is_some(),
            at_base.is_some(),
            req.allow_add,
            schemas.clone(),
        ));
    }
    Ok(CheckReport {
        base: req.base.clone(),
        head: req.head.clone().unwrap_or_else(|| "working tree".into()),
        head_dir: head.dir.clone(),
        roots,
        off: head_found.off.clone(),
        warnings,
    })
}

fn check_root(
    dir: &str,
    found: Option<&Found>,
    base_dir: &Path,
    head_dir: &Path,
    in_head: bool,
    in_base: bool,
    allow_add: bool,
    schemas: Option<std::sync::Arc<crate::plan::schema::Schemas>>,
) -> RootReport {
    let mut report = RootReport {
        dir: dir.to_string(),
        outcome: Outcome::Unchanged,
        passed: true,
        blocks: Vec::new(),
        unmatched: Vec::new(),
        before: None,
        after: None,
        error: None,
    };
    if !in_head {
        report.outcome = Outcome::DeletedRoot;
        report.passed = false;
        return report;
    }
    // A root new in the head is compared with nothing: all creates.
    let empty = tempfile::tempdir().ok();
    let old_dir = if in_base {
        base_dir.join(dir)
    } else {
        match &empty {
            Some(e) => e.path().to_path_buf(),
            None => base_dir.join(dir),
        }
    };
    let new_dir = head_dir.join(dir);
    let vars: Vec<VarSource> = found
        .map(|f| {
            f.var_files
                .iter()
                .map(|v| VarSource::File(new_dir.join(v).to_string_lossy().into_owned()))
                .collect()
        })
        .unwrap_or_default();
    let request = Request {
        old_dir,
        new_dir,
        state: None,
        vars,
        engine: found.and_then(|f| f.tool).map(|t| t.engine()),
        place_root: false,
        variables: found
            .map(|f| {
                f.variables
                    .iter()
                    .map(|(k, v)| (k.clone(), v.clone()))
                    .collect()
            })
            .unwrap_or_default(),
        unset_variables_unknown: true,
        // The check says a root is not checkable, naming the variable.
        defer_unknown_keys: false,
        schemas,
    };
    let mut sources = SourceMap::default();
    let outcome = match refactor::refactor(&request, &mut sources) {
        Ok(o) => o,
        Err(d) => {
            report.outcome = Outcome::NotCheckable;
            report.passed = false;
            // Files are named inside the repository: `base:envs/x/main.tf`
            // for the base revision's copy.
            let prefix = |p: &Path| format!("{}/", crate::syntax::source::clean_path(p));
            let text = d
                .render(&sources)
                .trim()
                .replace("root \"DIR\"", &format!("root \"{dir}\""))
                .replace(&prefix(base_dir), "base:")
                .replace(&prefix(head_dir), "");
            report.error = Some(text);
            return report;
        }
    };
    let counts = |p: &Plan| p.counts();
    report.before = Some(counts(&outcome.before));
    report.after = Some(counts(&outcome.proof));
    report.blocks = outcome.blocks.clone();
    report.unmatched = outcome.pairing.unmatched.clone();
    let destroys = report.unmatched.iter().any(|u| u.side == Side::Destroy);
    let creates = report.unmatched.iter().any(|u| u.side == Side::Create);
    let (b_add, b_change, b_destroy) = counts(&outcome.before);
    report.outcome = if !in_base {
        Outcome::NewRoot
    } else if destroys || (creates && !allow_add) {
        Outcome::Unmatched
    } else if !report.blocks.is_empty() {
        Outcome::MissingBlocks
    } else if b_add + b_change + b_destroy == 0 && outcome.before.moves().is_empty() {
        Outcome::Unchanged
    } else {
        Outcome::Proven
    };
    let (_, _, destroy) = counts(&outcome.before);
    report.passed = match report.outcome {
        Outcome::NewRoot => destroy == 0,
        Outcome::Unchanged | Outcome::Proven => outcome.proven(allow_add),
        _ => false,
    };
    report
}

/// Writes the missing blocks into the head's working tree.
pub fn fix(report: &CheckReport) -> Result<Vec<PathBuf>, Diagnostics> {
    let blocks: Vec<Block> = report
        .roots
        .iter()
        .flat_map(|r| r.blocks.iter().cloned())
        .collect();
    refactor::write::write(&blocks, refactor::write::Format::Hcl)
}
