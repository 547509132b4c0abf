//! `check --fix`: the missing moved blocks written into the working tree,
//! only where the working copy is what the check read.

use std::path::{Path, PathBuf};

use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::refactor;
use crate::refactor::blocks::Block;

use super::report::CheckReport;
use super::revisions::{Revisions, Written};
use super::toplevel;

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
