//! The two revisions a check compares, read from git's blobs (the head
//! may be the index) into memory and mounted where nothing on disk is,
//! and how what the check says of their files names them.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::diagnostics::Diagnostics;
use crate::files::{Files, MemTree};

use super::tree;

/// A configuration file git's checkout rewrites: (path, the attribute).
type Rewritten = (String, String);

/// A file `--fix` wrote: its path, and the bytes now there.
pub(crate) type Written = (PathBuf, std::sync::Arc<[u8]>);

/// The two revisions a check compares, as the engine reads them: trees in
/// memory, mounted under a private directory that stays empty, with the
/// disk shut out: nothing but the revisions' blobs exists for a check.
/// The head is a revision, or the index (what git would commit).
pub(super) struct Revisions {
    pub(super) files: Files,
    pub(super) base_dir: PathBuf,
    pub(super) head_dir: PathBuf,
    /// An empty tree: what a new or a deleted root is compared with.
    pub(super) empty_dir: PathBuf,
    /// Configuration files a checkout would not hold as git stores them
    /// (`.gitattributes`): (path, the attribute), base's then head's.
    pub(super) rewritten: (Vec<Rewritten>, Vec<Rewritten>),
    /// Directories of either revision holding a name that is not UTF-8,
    /// with the first such name.
    pub(super) unrepresentable: BTreeMap<String, String>,
    /// What base and head hold (`tree::Extracted::identity`).
    pub(super) identity: (String, String),
    /// The remote module sources the base's policy lets the check fetch
    /// (`modules { fetch = true  allow = [...] }`); empty: none.
    pub(super) fetch_allow: Vec<String>,
    _scratch: tempfile::TempDir,
}

impl Revisions {
    pub(super) fn read(
        repo: &Path,
        base: &str,
        head: Option<&str>,
    ) -> Result<Revisions, Diagnostics> {
        Revisions::read_with(repo, base, head, &[])
    }

    /// The revisions, with `written` (files `--fix` wrote, by path inside
    /// the repository) laid over the head.
    pub(super) fn read_with(
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

/// What a checkout of the root's directory would not hold as git stores
/// it (`.gitattributes` filters, `ident`, encodings, CRLF): the check
/// reads the blobs, and says that terraform on a checkout may read other
/// bytes.
pub(super) fn rewritten_note(dir: &str, revs: &Revisions) -> Option<String> {
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

/// Rendered diagnostics with files named inside the repository:
/// `base:envs/x/main.tf` for the base revision's copy.
pub(super) fn shown_inside(text: &str, revs: &Revisions, dir: &str) -> String {
    let prefix = |p: &Path| format!("{}/", crate::syntax::source::clean_path(p));
    text.replace("root \"DIR\"", &format!("root \"{dir}\""))
        .replace(&prefix(&revs.base_dir), "base:")
        .replace(&prefix(&revs.head_dir), "")
}

#[cfg(test)]
mod tests {
    use super::*;
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
}
