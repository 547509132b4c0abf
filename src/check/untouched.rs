//! Whether a root can go unplanned: the pull request changes nothing it
//! reads, so it plans the same at base and head.

use std::collections::BTreeSet;
use std::path::Path;

use crate::diagnostics::SourceMap;
use crate::discover::{self, Found};

use super::revisions::Revisions;
use super::{CheckRequest, clean_rel};

/// Whether the pull request leaves everything the root reads as it was:
/// discovery says the same of it at base and head, no changed path is in a
/// directory its module tree loads or is one of its variables files (nor
/// `.minimod.hcl`, nor the schemas), and no function of it reads other
/// files. Such a root plans the same on both sides: it is unchanged without
/// being planned (on a monorepo, most roots are).
pub(super) fn untouched(
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
