//! Where configuration files are read from. Commands read the disk; a check
//! reads a revision's tree held in memory, its blobs as git stores them,
//! never written out: nothing of the runner's disk is created or read for
//! it, and a tree of thousands of files costs no inodes.
//!
//! A tree is mounted at a path; a path under a mount point is looked up in
//! the tree (with `.` and `..` taken as written), any other path on disk.
//! The loader, discovery, variable files and the filesystem functions read
//! through [`Files`], so they see a mounted tree as they would its copy.

use std::collections::{BTreeMap, HashMap};
use std::io;
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

/// The files a command reads: the disk, with trees mounted over it.
#[derive(Clone, Default)]
pub struct Files {
    mounts: Option<Arc<Vec<(PathBuf, Arc<MemTree>)>>>,
}

/// The disk alone, for callers that hold no [`Files`].
pub(crate) static DISK: Files = Files { mounts: None };

impl std::fmt::Debug for Files {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let at: Vec<&PathBuf> = self
            .mounts
            .iter()
            .flat_map(|m| m.iter().map(|(p, _)| p))
            .collect();
        f.debug_struct("Files").field("mounts", &at).finish()
    }
}

/// A tree of files held in memory, by path relative to its top. A file's
/// directories exist because it does (git stores no empty directory).
pub(crate) struct MemTree {
    files: HashMap<PathBuf, Arc<[u8]>>,
    /// Each directory's entries by name (the top is the empty path).
    dirs: HashMap<PathBuf, BTreeMap<String, Kind>>,
}

impl Default for MemTree {
    fn default() -> MemTree {
        MemTree {
            files: HashMap::new(),
            dirs: [(PathBuf::new(), BTreeMap::new())].into(),
        }
    }
}

impl MemTree {
    /// Adds a file at `rel` (a plain relative path).
    pub(crate) fn insert(&mut self, rel: PathBuf, bytes: Arc<[u8]>) {
        let mut at = rel.as_path();
        let mut kind = Kind::File;
        while let (Some(dir), Some(name)) = (at.parent(), at.file_name()) {
            let entries = self.dirs.entry(dir.to_path_buf()).or_default();
            let known = entries
                .insert(name.to_string_lossy().into_owned(), kind)
                .is_some();
            if known && kind == Kind::Dir {
                break;
            }
            at = dir;
            kind = Kind::Dir;
        }
        self.files.insert(rel, bytes);
    }
}

/// What a path is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    File,
    Dir,
    /// A device, a pipe, a socket: not a file to read.
    Other,
}

/// One entry of a directory listing.
pub(crate) struct Entry {
    pub name: String,
    /// What the entry is, links followed (a broken link is `None`).
    pub kind: Option<Kind>,
    /// The entry itself is a link (only on disk).
    pub link: bool,
}

impl Files {
    /// The disk alone.
    pub(crate) fn disk() -> Files {
        Files::default()
    }

    /// These files, with `tree` seen at `at`.
    pub(crate) fn mount(&self, at: PathBuf, tree: MemTree) -> Files {
        let mut mounts = self.mounts.as_deref().cloned().unwrap_or_default();
        mounts.push((normal(&at), Arc::new(tree)));
        Files {
            mounts: Some(Arc::new(mounts)),
        }
    }

    /// Whether `path` is in a mounted tree rather than on disk.
    pub(crate) fn is_mounted(&self, path: &Path) -> bool {
        self.lookup(path).is_some()
    }

    /// The tree `path` is in, and the path inside it.
    fn lookup(&self, path: &Path) -> Option<(&MemTree, PathBuf)> {
        let mounts = self.mounts.as_deref()?;
        let path = normal(path);
        mounts.iter().find_map(|(at, tree)| {
            let rel = path.strip_prefix(at).ok()?;
            Some((&**tree, rel.to_path_buf()))
        })
    }

    pub(crate) fn read(&self, path: &Path) -> io::Result<Vec<u8>> {
        match self.lookup(path) {
            Some((tree, rel)) => match tree.files.get(&rel) {
                Some(bytes) => Ok(bytes.to_vec()),
                None if tree.dirs.contains_key(&rel) => Err(io::Error::new(
                    io::ErrorKind::IsADirectory,
                    "is a directory",
                )),
                None => Err(not_found()),
            },
            None => std::fs::read(path),
        }
    }

    pub(crate) fn read_to_string(&self, path: &Path) -> io::Result<String> {
        match self.lookup(path) {
            Some(_) => text(self.read(path)?),
            None => std::fs::read_to_string(path),
        }
    }

    /// What `path` is, links followed.
    pub(crate) fn kind(&self, path: &Path) -> io::Result<Kind> {
        match self.lookup(path) {
            Some((tree, rel)) => {
                if tree.files.contains_key(&rel) {
                    Ok(Kind::File)
                } else if tree.dirs.contains_key(&rel) {
                    Ok(Kind::Dir)
                } else {
                    Err(not_found())
                }
            }
            None => std::fs::metadata(path).map(|m| kind_of(&m.file_type())),
        }
    }

    pub(crate) fn is_file(&self, path: &Path) -> bool {
        self.kind(path).is_ok_and(|k| k == Kind::File)
    }

    pub(crate) fn is_dir(&self, path: &Path) -> bool {
        self.kind(path).is_ok_and(|k| k == Kind::Dir)
    }

    pub(crate) fn exists(&self, path: &Path) -> bool {
        self.kind(path).is_ok()
    }

    /// The entries of directory `path`, sorted by name.
    pub(crate) fn read_dir(&self, path: &Path) -> io::Result<Vec<Entry>> {
        let mut out = Vec::new();
        match self.lookup(path) {
            Some((tree, rel)) => {
                let entries = tree.dirs.get(&rel).ok_or_else(not_found)?;
                out.extend(entries.iter().map(|(name, kind)| Entry {
                    name: name.clone(),
                    kind: Some(*kind),
                    link: false,
                }));
            }
            None => {
                for e in std::fs::read_dir(path)? {
                    let e = e?;
                    let link = e.file_type().is_ok_and(|t| t.is_symlink());
                    let kind = std::fs::metadata(e.path())
                        .ok()
                        .map(|m| kind_of(&m.file_type()));
                    out.push(Entry {
                        name: e.file_name().to_string_lossy().into_owned(),
                        kind,
                        link,
                    });
                }
            }
        }
        out.sort_by(|a, b| a.name.cmp(&b.name));
        Ok(out)
    }

    /// Where `path` really is: links followed on disk; in a tree, its path
    /// with `.` and `..` taken (a tree holds no links).
    pub(crate) fn canonicalize(&self, path: &Path) -> io::Result<PathBuf> {
        match self.lookup(path) {
            Some(_) => {
                self.kind(path)?;
                Ok(normal(path))
            }
            None => path.canonicalize(),
        }
    }
}

fn not_found() -> io::Error {
    io::Error::new(io::ErrorKind::NotFound, "No such file or directory")
}

fn kind_of(t: &std::fs::FileType) -> Kind {
    if t.is_file() {
        Kind::File
    } else if t.is_dir() {
        Kind::Dir
    } else {
        Kind::Other
    }
}

/// `path` with its `.` steps dropped and its `..` steps taken as written.
pub(crate) fn normal(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    out.push("..");
                }
            }
            c => out.push(c),
        }
    }
    out
}

/// `bytes` as text, with the error `fs::read_to_string` gives for bytes
/// that are not UTF-8.
pub(crate) fn text(bytes: Vec<u8>) -> io::Result<String> {
    String::from_utf8(bytes).map_err(|_| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            "stream did not contain valid UTF-8",
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tree() -> Files {
        let mut t = MemTree::default();
        t.insert("live/main.tf".into(), Arc::from(&b"a = 1\n"[..]));
        t.insert("live/mod/x.tf".into(), Arc::from(&b"b"[..]));
        Files::disk().mount("/virtual/tree".into(), t)
    }

    #[test]
    fn a_mounted_tree_reads_like_its_copy() {
        let f = tree();
        assert_eq!(
            f.read_to_string(Path::new("/virtual/tree/live/main.tf"))
                .unwrap(),
            "a = 1\n"
        );
        assert_eq!(
            f.read(Path::new("/virtual/tree/live/mod/../main.tf"))
                .unwrap(),
            b"a = 1\n"
        );
        assert!(f.is_dir(Path::new("/virtual/tree")));
        assert!(f.is_dir(Path::new("/virtual/tree/live/mod")));
        assert!(f.is_file(Path::new("/virtual/tree/live/./mod/x.tf")));
        assert!(!f.exists(Path::new("/virtual/tree/live/nope.tf")));
        let names = |p: &str| -> Vec<(String, Option<Kind>)> {
            f.read_dir(Path::new(p))
                .unwrap()
                .into_iter()
                .map(|e| (e.name, e.kind))
                .collect()
        };
        assert_eq!(
            names("/virtual/tree/live"),
            [
                ("main.tf".to_string(), Some(Kind::File)),
                ("mod".to_string(), Some(Kind::Dir))
            ]
        );
        assert_eq!(
            names("/virtual/tree"),
            [("live".to_string(), Some(Kind::Dir))]
        );
        assert!(f.read_dir(Path::new("/virtual/tree/none")).is_err());
        assert_eq!(
            f.read(Path::new("/virtual/tree/live")).unwrap_err().kind(),
            io::ErrorKind::IsADirectory
        );
        assert_eq!(
            f.canonicalize(Path::new("/virtual/tree/live/mod/.."))
                .unwrap(),
            PathBuf::from("/virtual/tree/live")
        );
    }

    #[test]
    fn a_path_that_leaves_the_mount_is_read_from_disk() {
        let f = tree();
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("d.tf"), "disk").unwrap();
        assert_eq!(f.read(&dir.path().join("d.tf")).unwrap(), b"disk");
        // `..` out of the mount point is not inside the tree.
        assert!(!f.exists(Path::new("/virtual/tree/../tree2/live/main.tf")));
    }
}
