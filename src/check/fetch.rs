//! The remote modules a check fetches: only what the base revision's
//! `.minimod.hcl` allows (`modules { fetch = true  allow = [...] }`), so a
//! pull request cannot widen it. Each side of a root is installed as
//! `modules get` installs it, its configuration read from the revision in
//! memory, into a temporary directory the check makes (never the
//! checkout); the installation is then read into memory, bounded, and
//! mounted at the side's `.terraform/modules`, so the loader reads it
//! through the same sealed files as the revision, and nothing on disk is
//! mounted or read by it.

use std::path::Path;

use crate::diagnostics::SourceMap;
use crate::files::{Files, MemTree};
use crate::modules::{self, How};

use super::CheckRequest;
use super::revisions::Revisions;
use super::roots::Root;

/// One remote call a check fetched: the side (`base` or `head`), its key
/// (`vpc`, `vpc.net` for a call inside it), normalised source and the
/// version chosen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FetchedCall {
    pub side: &'static str,
    pub key: String,
    pub source: String,
    pub version: Option<String>,
}

/// The files the root's refactor reads, with each side's allowed remote
/// calls installed at its `.terraform/modules`, and what was fetched;
/// `Err` with the rendered reason when an allowed call could not be
/// installed (the root is then not checkable: the policy asks for its
/// content).
pub(super) fn fetch(
    root: &Root,
    revs: &Revisions,
    req: &CheckRequest,
) -> Result<(Files, Vec<FetchedCall>), String> {
    let mut files = revs.files.clone();
    let mut fetched = Vec::new();
    if revs.fetch_allow.is_empty() {
        return Ok((files, fetched));
    }
    let sides = [
        ("base", &revs.base_dir, root.in_base),
        ("head", &revs.head_dir, root.in_head),
    ];
    for (side, top, present) in sides {
        if !present {
            continue;
        }
        let dir = top.join(root.dir);
        let (tree, calls) = install(&dir, top, revs, req).map_err(|e| {
            format!(
                "The base's .minimod.hcl allows fetching this root's modules, and fetching failed:\n\n{}",
                super::revisions::shown_inside(&e, revs, root.dir)
            )
        })?;
        if let Some(tree) = tree {
            files = files.mount(dir.join(".terraform/modules"), tree);
        }
        fetched.extend(calls.into_iter().map(|(key, source, version)| FetchedCall {
            side,
            key,
            source,
            version,
        }));
    }
    Ok((files, fetched))
}

/// What one side installs: the tree to mount (none when nothing remote was
/// fetched) and each fetched call; `Err` with the diagnostics rendered.
type Calls = Vec<(String, String, Option<String>)>;

fn install(
    dir: &Path,
    top: &Path,
    revs: &Revisions,
    req: &CheckRequest,
) -> Result<(Option<MemTree>, Calls), String> {
    let opts = modules::GetOptions {
        files: revs.files.clone(),
        within: Some(top.to_path_buf()),
        ..req.modules.clone()
    };
    let mut sources = SourceMap::default();
    let scratch = tempfile::tempdir().map_err(|e| format!("a temporary directory: {e}"))?;
    let into = scratch.path().join("modules");
    let done =
        modules::fetch_allowed_as_installed(dir, &into, &revs.fetch_allow, &opts, &mut sources)
            .map_err(|d| d.render(&sources).trim().to_string())?;
    let calls: Calls = (done.installed.into_iter())
        .filter(|i| matches!(i.how, How::Fetched | How::Cached))
        .map(|i| (i.key, i.source, i.version))
        .collect();
    if calls.is_empty() {
        return Ok((None, calls));
    }
    // Bounded as one package is: what the check holds in memory.
    let limits = opts.limits;
    let tree = MemTree::read_from_disk(&into, limits.max_bytes, limits.max_entries)
        .map_err(|e| format!("Error: Fetched modules too large\n\nThe modules installed for this root could not be read: {e}."))?;
    Ok((Some(tree), calls))
}
