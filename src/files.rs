//! Where configuration files are read from. Commands read the disk; a check
//! reads a revision's tree held in memory, its blobs as git stores them,
//! never written out: nothing of the runner's disk is created or read for
//! it, and a tree of thousands of files costs no inodes.
//!
//! A tree is mounted at a path; a path under a mount point is looked up in
//! the tree (with `.` and `..` taken as written, then the tree's own links
//! followed as a file system follows them, never out of the tree), any
//! other path on disk, unless the files are sealed: then nothing but the
//! mounted trees exists. The loader, discovery, variable files and the
//! filesystem functions read through [`Files`], so they see a mounted tree
//! as they would its checkout.

use std::collections::{BTreeMap, HashMap};
#[cfg(unix)]
use std::ffi::OsStr;
use std::ffi::OsString;
use std::io;
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

/// Trees mounted over the disk, each at its directory.
type Mounts = Arc<Vec<(PathBuf, Arc<MemTree>)>>;

/// The files a command reads: the disk, with trees mounted over it.
#[derive(Clone, Default)]
pub struct Files {
    mounts: Option<Mounts>,
    /// Only the mounted trees exist (a check: the runner's disk is never
    /// read, whatever path a configuration names).
    sealed: bool,
}

/// The disk alone, for callers that hold no [`Files`].
pub(crate) static DISK: Files = Files {
    mounts: None,
    sealed: false,
};

impl std::fmt::Debug for Files {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let at: Vec<&PathBuf> = self
            .mounts
            .iter()
            .flat_map(|m| m.iter().map(|(p, _)| p))
            .collect();
        f.debug_struct("Files")
            .field("mounts", &at)
            .field("sealed", &self.sealed)
            .finish()
    }
}

/// Where a tree's blobs come from when they are first read (git, for a
/// revision): each is asked for once, and may be refused (a budget).
pub(crate) trait BlobSource: Send + Sync {
    fn load(&self, oid: &str, size: u64) -> io::Result<Arc<[u8]>>;
}

/// A file of a tree: its bytes, or the blob they will be read from.
enum Content {
    Bytes(Arc<[u8]>),
    Blob { oid: Arc<str>, size: u64 },
}

/// A tree of files held in memory, by path relative to its top. A file's
/// directories exist because it does (git stores no empty directory).
/// Names are bytes, as git stores them: two names that differ only in
/// bytes that are not UTF-8 are two files.
pub(crate) struct MemTree {
    files: HashMap<PathBuf, Content>,
    /// Symbolic links: the target as stored (relative to the link's
    /// directory; an absolute one leads out of the tree).
    links: HashMap<PathBuf, PathBuf>,
    /// Each directory's entries by name (the top is the empty path).
    dirs: HashMap<PathBuf, BTreeMap<OsString, Node>>,
    source: Option<Arc<dyn BlobSource>>,
}

impl Default for MemTree {
    fn default() -> MemTree {
        MemTree {
            files: HashMap::new(),
            links: HashMap::new(),
            dirs: [(PathBuf::new(), BTreeMap::new())].into(),
            source: None,
        }
    }
}

/// As many links as Linux follows in one path before `ELOOP`.
const MAX_LINK_HOPS: usize = 40;

/// Where a path of a tree leads once its links are followed.
enum Resolved {
    File(PathBuf),
    Dir(PathBuf),
}

impl MemTree {
    /// An empty tree whose lazily added files are read from `source`.
    pub(crate) fn with_source(source: Arc<dyn BlobSource>) -> MemTree {
        MemTree {
            source: Some(source),
            ..MemTree::default()
        }
    }

    /// The files under `dir` on disk, read into memory: links kept as
    /// links (followed inside the tree, never out of it), anything but
    /// files, directories and links left out. More than `max_bytes` of
    /// content or `max_entries` entries is an error.
    pub(crate) fn read_from_disk(
        dir: &Path,
        max_bytes: u64,
        max_entries: usize,
    ) -> io::Result<MemTree> {
        use std::io::Read;
        let mut tree = MemTree::default();
        let (mut bytes, mut entries) = (0u64, 0usize);
        let too_large = || {
            io::Error::other(format!(
                "more than {max_bytes} bytes or {max_entries} files"
            ))
        };
        let mut stack = vec![PathBuf::new()];
        while let Some(rel) = stack.pop() {
            for e in std::fs::read_dir(dir.join(&rel))? {
                let e = e?;
                entries += 1;
                if entries > max_entries {
                    return Err(too_large());
                }
                let name = rel.join(e.file_name());
                let kind = e.file_type()?;
                if kind.is_symlink() {
                    tree.insert_link(name, std::fs::read_link(e.path())?);
                } else if kind.is_dir() {
                    stack.push(name);
                } else if kind.is_file() {
                    // Read up to the bound, whatever the file's size says.
                    let mut data = Vec::new();
                    let left = max_bytes - bytes;
                    std::fs::File::open(e.path())?
                        .take(left + 1)
                        .read_to_end(&mut data)?;
                    bytes += data.len() as u64;
                    if bytes > max_bytes {
                        return Err(too_large());
                    }
                    tree.insert(name, Arc::from(data));
                }
            }
        }
        Ok(tree)
    }

    /// Adds a file at `rel` (a plain relative path).
    pub(crate) fn insert(&mut self, rel: PathBuf, bytes: Arc<[u8]>) {
        self.add(rel, Node::File, |t, rel| {
            t.files.insert(rel, Content::Bytes(bytes));
        });
    }

    /// Adds a file whose bytes are blob `oid` of the tree's source, read
    /// when first asked for.
    pub(crate) fn insert_blob(&mut self, rel: PathBuf, oid: &str, size: u64) {
        let oid = Arc::from(oid);
        self.add(rel, Node::File, |t, rel| {
            t.files.insert(rel, Content::Blob { oid, size });
        });
    }

    /// Adds a symbolic link at `rel` to `target`.
    pub(crate) fn insert_link(&mut self, rel: PathBuf, target: PathBuf) {
        self.add(rel, Node::Link, |t, rel| {
            t.links.insert(rel, target);
        });
    }

    fn add(&mut self, rel: PathBuf, kind: Node, put: impl FnOnce(&mut MemTree, PathBuf)) {
        let mut at = rel.as_path();
        let mut kind = kind;
        while let (Some(dir), Some(name)) = (at.parent(), at.file_name()) {
            let entries = self.dirs.entry(dir.to_path_buf()).or_default();
            let known = entries.insert(name.to_os_string(), kind).is_some();
            if known && kind == Node::Dir {
                break;
            }
            at = dir;
            kind = Node::Dir;
        }
        put(self, rel);
    }

    /// Follows `rel`'s links inside the tree, as a file system resolves a
    /// path: a link to a link, or through a linked directory, leads where
    /// its target does; a target out of the tree (absolute, or `..` past
    /// its top) is not there.
    fn resolve(&self, rel: &Path) -> io::Result<Resolved> {
        let mut todo: Vec<OsString> = rel
            .components()
            .rev()
            .filter_map(|c| match c {
                Component::Normal(n) => Some(n.to_os_string()),
                _ => None,
            })
            .collect();
        let mut at = PathBuf::new();
        let mut hops = 0;
        while let Some(name) = todo.pop() {
            if name == ".." {
                if !at.pop() {
                    return Err(outside());
                }
                continue;
            }
            if name == "." {
                continue;
            }
            let next = at.join(&name);
            if let Some(target) = self.links.get(&next) {
                hops += 1;
                if target.has_root() {
                    return Err(outside());
                }
                if hops > MAX_LINK_HOPS {
                    return Err(io::Error::other("too many levels of symbolic links"));
                }
                todo.extend(
                    target
                        .components()
                        .rev()
                        .map(|c| c.as_os_str().to_os_string()),
                );
                continue;
            }
            if self.files.contains_key(&next) {
                if !todo.is_empty() {
                    return Err(io::Error::new(
                        io::ErrorKind::NotADirectory,
                        "not a directory",
                    ));
                }
                return Ok(Resolved::File(next));
            }
            if !self.dirs.contains_key(&next) {
                return Err(not_found());
            }
            at = next;
        }
        Ok(Resolved::Dir(at))
    }

    fn bytes(&self, rel: &Path) -> io::Result<Arc<[u8]>> {
        match self.files.get(rel) {
            Some(Content::Bytes(b)) => Ok(b.clone()),
            Some(Content::Blob { oid, size }) => match &self.source {
                Some(s) => s.load(oid, *size),
                None => Err(not_found()),
            },
            None => Err(not_found()),
        }
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

/// What a tree's directory holds under a name.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Node {
    File,
    Dir,
    /// A symbolic link: a listing shows what it leads to.
    Link,
}

/// One entry of a directory listing.
pub(crate) struct Entry {
    pub name: String,
    /// What the entry is, links followed (a broken link is `None`).
    pub kind: Option<Kind>,
    /// The entry itself is a link.
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
            sealed: self.sealed,
        }
    }

    /// These files with the disk shut out: a path in no mounted tree does
    /// not exist.
    pub(crate) fn sealed(self) -> Files {
        Files {
            sealed: true,
            ..self
        }
    }

    /// Whether `path` is in a mounted tree rather than on disk.
    pub(crate) fn is_mounted(&self, path: &Path) -> bool {
        self.lookup(path).is_some()
    }

    /// The tree `path` is in, its mount point and the path inside it.
    fn lookup(&self, path: &Path) -> Option<(&MemTree, &Path, PathBuf)> {
        let mounts = self.mounts.as_deref()?;
        let path = normal(path);
        // A tree mounted inside another (an installation at a root's
        // `.terraform/modules`) is seen there: the deepest mount point wins.
        mounts
            .iter()
            .filter_map(|(at, tree)| {
                let rel = path.strip_prefix(at).ok()?;
                Some((&**tree, at.as_path(), rel.to_path_buf()))
            })
            .max_by_key(|(_, at, _)| at.components().count())
    }

    /// Why a path outside every tree is not read, when the disk is shut.
    fn shut(&self) -> io::Result<()> {
        match self.sealed {
            true => Err(io::Error::new(
                io::ErrorKind::PermissionDenied,
                "outside the revision being read",
            )),
            false => Ok(()),
        }
    }

    pub(crate) fn read(&self, path: &Path) -> io::Result<Vec<u8>> {
        Ok(self.read_shared(path)?.to_vec())
    }

    /// The bytes of `path`, shared with the tree that holds them.
    pub(crate) fn read_shared(&self, path: &Path) -> io::Result<Arc<[u8]>> {
        match self.lookup(path) {
            Some((tree, _, rel)) => match tree.resolve(&rel)? {
                Resolved::File(real) => tree.bytes(&real),
                Resolved::Dir(_) => Err(io::Error::new(
                    io::ErrorKind::IsADirectory,
                    "is a directory",
                )),
            },
            None => {
                self.shut()?;
                std::fs::read(path).map(Arc::from)
            }
        }
    }

    pub(crate) fn read_to_string(&self, path: &Path) -> io::Result<String> {
        match self.lookup(path) {
            Some(_) => text(self.read(path)?),
            None => {
                self.shut()?;
                std::fs::read_to_string(path)
            }
        }
    }

    /// What `path` is, links followed.
    pub(crate) fn kind(&self, path: &Path) -> io::Result<Kind> {
        match self.lookup(path) {
            Some((tree, _, rel)) => Ok(match tree.resolve(&rel)? {
                Resolved::File(_) => Kind::File,
                Resolved::Dir(_) => Kind::Dir,
            }),
            None => {
                self.shut()?;
                std::fs::metadata(path).map(|m| kind_of(&m.file_type()))
            }
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

    /// The entries of directory `path`, sorted by name. In a tree, a name
    /// that is not UTF-8 makes the listing an error: it cannot be shown or
    /// matched as terraform would, and dropping it would hide a file.
    pub(crate) fn read_dir(&self, path: &Path) -> io::Result<Vec<Entry>> {
        let mut out = Vec::new();
        match self.lookup(path) {
            Some((tree, _, rel)) => {
                let Resolved::Dir(real) = tree.resolve(&rel)? else {
                    return Err(io::Error::new(
                        io::ErrorKind::NotADirectory,
                        "not a directory",
                    ));
                };
                let entries = tree.dirs.get(&real).ok_or_else(not_found)?;
                for (name, kind) in entries {
                    let Some(text) = name.to_str() else {
                        return Err(io::Error::new(
                            io::ErrorKind::InvalidData,
                            format!(
                                "the file name \"{}\" is not UTF-8, which minimod cannot represent",
                                name.as_encoded_bytes().escape_ascii()
                            ),
                        ));
                    };
                    let (kind, link) = match kind {
                        Node::File => (Some(Kind::File), false),
                        Node::Dir => (Some(Kind::Dir), false),
                        Node::Link => match tree.resolve(&real.join(name)) {
                            Ok(Resolved::File(_)) => (Some(Kind::File), true),
                            Ok(Resolved::Dir(_)) => (Some(Kind::Dir), true),
                            Err(_) => (None, true),
                        },
                    };
                    out.push(Entry {
                        name: text.to_string(),
                        kind,
                        link,
                    });
                }
            }
            None => {
                self.shut()?;
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

    /// Where `path` really is: links followed, on disk and in a tree (where
    /// `.` and `..` are taken as written first, as terraform cleans paths).
    pub(crate) fn canonicalize(&self, path: &Path) -> io::Result<PathBuf> {
        match self.lookup(path) {
            Some((tree, at, rel)) => Ok(match tree.resolve(&rel)? {
                Resolved::File(real) | Resolved::Dir(real) => at.join(real),
            }),
            None => {
                self.shut()?;
                path.canonicalize()
            }
        }
    }
}

/// A file's name as bytes (git's), as a path of this system: on Unix any
/// bytes; elsewhere only UTF-8.
pub(crate) fn path_from_bytes(bytes: &[u8]) -> Option<PathBuf> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        Some(PathBuf::from(OsStr::from_bytes(bytes)))
    }
    #[cfg(not(unix))]
    {
        std::str::from_utf8(bytes).ok().map(PathBuf::from)
    }
}

/// A tree's link that leads out of it: never followed.
fn outside() -> io::Error {
    io::Error::new(
        io::ErrorKind::PermissionDenied,
        "a link leading outside the revision",
    )
}

/// Whether an error says the path leads out of the files that may be read
/// (a tree's link out of it, or the disk when it is shut).
pub(crate) fn is_outside(e: &io::Error) -> bool {
    e.kind() == io::ErrorKind::PermissionDenied
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
            // A `..` cancels the step before it, not another `..`, and
            // goes nowhere above the root.
            Component::ParentDir => match out.components().next_back() {
                Some(Component::Normal(_)) => {
                    out.pop();
                }
                Some(Component::RootDir | Component::Prefix(_)) => {}
                _ => out.push(".."),
            },
            c => out.push(c),
        }
    }
    out
}

/// [`normal`] for a directory: the empty path is `.` (a call of `./`
/// from a root given as `.`), which the system can open.
pub(crate) fn normal_dir(path: &Path) -> PathBuf {
    let out = normal(path);
    if out.as_os_str().is_empty() {
        PathBuf::from(".")
    } else {
        out
    }
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

    /// `..` cancels a named step only: leading ones stay, and none goes
    /// above the root.
    #[test]
    fn normal_takes_parent_steps_as_written() {
        let n = |p: &str| normal(Path::new(p));
        assert_eq!(n("a/./b/../c"), Path::new("a/c"));
        assert_eq!(n("../x/../../y"), Path::new("../../y"));
        assert_eq!(n("../.."), Path::new("../.."));
        assert_eq!(n("/a/../../b"), Path::new("/b"));
        assert_eq!(n("root/m0/../m1/../m2"), Path::new("root/m2"));
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
    fn a_tree_mounted_inside_another_is_seen_there() {
        let mut inner = MemTree::default();
        inner.insert("vpc/main.tf".into(), Arc::from(&b"inner"[..]));
        let f = tree()
            .mount("/virtual/tree/live/.terraform/modules".into(), inner)
            .sealed();
        let at = |p: &str| f.read(Path::new(p)).map_err(|e| e.kind());
        assert_eq!(
            at("/virtual/tree/live/.terraform/modules/vpc/main.tf").unwrap(),
            b"inner"
        );
        assert_eq!(at("/virtual/tree/live/main.tf").unwrap(), b"a = 1\n");
        assert!(at("/virtual/tree/live/.terraform/modules/../../main.tf").is_ok());
        assert_eq!(
            f.canonicalize(Path::new("/virtual/tree/live/.terraform/modules/vpc"))
                .unwrap(),
            PathBuf::from("/virtual/tree/live/.terraform/modules/vpc")
        );
    }

    #[test]
    fn a_directory_is_read_into_memory_within_bounds() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("m/sub")).unwrap();
        std::fs::write(dir.path().join("m/main.tf"), "abc").unwrap();
        std::fs::write(dir.path().join("m/sub/x.tf"), "de").unwrap();
        std::os::unix::fs::symlink("main.tf", dir.path().join("m/link.tf")).unwrap();
        std::os::unix::fs::symlink("/etc/passwd", dir.path().join("m/out.tf")).unwrap();
        let t = MemTree::read_from_disk(dir.path(), 5, 10).unwrap();
        let f = Files::disk().mount("/v".into(), t).sealed();
        assert_eq!(f.read(Path::new("/v/m/sub/x.tf")).unwrap(), b"de");
        assert_eq!(f.read(Path::new("/v/m/link.tf")).unwrap(), b"abc");
        // A link out of the tree leads nowhere.
        assert!(is_outside(&f.read(Path::new("/v/m/out.tf")).unwrap_err()));
        assert!(MemTree::read_from_disk(dir.path(), 4, 10).is_err());
        assert!(MemTree::read_from_disk(dir.path(), 5, 5).is_err());
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
