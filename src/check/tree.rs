//! A revision's files as git stores them. The blobs are read with `git
//! ls-tree` (or `git ls-files --stage` for the index) and `git cat-file`,
//! so no `.gitattributes` rule (export-ignore, export-subst, ident,
//! filters), hook or checkout of an untrusted revision is involved, and
//! held in memory (`files::MemTree`): nothing is written, and nothing of
//! the working tree is read.
//!
//! Only configuration files are read up front, each blob once however
//! many names it has; any other file is read when a file function names
//! it. Every byte counts against one [`Budget`] per check.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::files::{BlobSource, MemTree};

/// Which revision of the repository a side is.
#[derive(Clone, Copy, Debug)]
pub(super) enum Revision<'a> {
    /// A commit, tag, branch or tree, as `git rev-parse` names it.
    Commit(&'a str),
    /// What git would commit now: the index (the staged files).
    Index,
}

/// The most bytes one check reads of a repository's revisions: every
/// configuration file's size (counted per path, since each is parsed)
/// and every other file a file function reads.
pub(crate) const MAX_CHECK_BYTES: u64 = 256 << 20;

/// What a check has read so far, against [`MAX_CHECK_BYTES`].
pub(super) struct Budget {
    limit: u64,
    used: AtomicU64,
}

impl Budget {
    pub(super) fn new(limit: u64) -> Arc<Budget> {
        Arc::new(Budget {
            limit,
            used: AtomicU64::new(0),
        })
    }

    /// Takes `bytes` from the budget, or says it would be over.
    fn take(&self, bytes: u64) -> bool {
        self.used
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |used| {
                used.checked_add(bytes).filter(|n| *n <= self.limit)
            })
            .is_ok()
    }
}

/// Whether a file is read as configuration: what terraform and discovery
/// read of a directory (configuration, variables and lock files, the
/// module manifest) and the check's own `.minimod.hcl`.
fn configuration(path: &Path) -> bool {
    let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
        // Not UTF-8: no loader lists it; the listing reports it.
        return false;
    };
    configuration_or_variables(name)
        || name == ".terraform.lock.hcl"
        || name == crate::discover::CONFIG_FILE_NAME
        || path.ends_with(".terraform/modules/modules.json")
}

/// A configuration or variables file's name.
fn configuration_or_variables(name: &str) -> bool {
    [
        ".tf",
        ".tf.json",
        ".tofu",
        ".tofu.json",
        ".tfvars",
        ".tfvars.json",
    ]
    .iter()
    .any(|ext| name.ends_with(ext))
}

enum Entry {
    File { oid: String },
    Symlink { oid: String },
}

/// A revision's files, and the configuration files a checkout of it would
/// not hold as git stores them (`.gitattributes` filters, `ident`, a
/// working-tree encoding or CRLF line ends): (path, the attribute).
pub(super) struct Extracted {
    pub tree: MemTree,
    pub rewritten: Vec<(String, String)>,
    /// Configuration files whose names are not UTF-8, which nothing reads
    /// as terraform would: (their directory, the name, bytes escaped).
    pub unrepresentable: Vec<(String, String)>,
    /// What the revision holds, as one name that two machines give the
    /// same files: a commit's tree id, or for the index a digest of its
    /// listing (modes, blobs and paths), since naming the index's tree
    /// would write objects into the repository. `--merge` refuses shards
    /// that checked other files.
    pub identity: String,
}

/// Revision `rev` of `repo`, its files held in memory.
pub(super) fn extract(
    repo: &Path,
    rev: Revision,
    budget: &Arc<Budget>,
) -> Result<Extracted, Diagnostics> {
    let (entries, identity) = match rev {
        Revision::Commit(rev) => {
            let tree = resolve_tree(repo, rev)?;
            (list_tree(repo, &tree)?, tree)
        }
        Revision::Index => list_index(repo)?,
    };
    let distinct: BTreeSet<&str> = entries
        .values()
        .map(|e| match e {
            Entry::File { oid } | Entry::Symlink { oid } => oid.as_str(),
        })
        .collect();
    let sizes = blob_sizes(repo, &distinct)?;
    let size = |oid: &str| sizes.get(oid).copied().unwrap_or(0);
    let config: Vec<(&PathBuf, &str)> = entries
        .iter()
        .filter_map(|(path, e)| match e {
            Entry::File { oid } if configuration(path) => Some((path, oid.as_str())),
            _ => None,
        })
        .collect();
    let total: u64 = config.iter().map(|(_, oid)| size(oid)).sum();
    if !budget.take(total) {
        return Err(too_large(rev, total, config.len(), budget.limit));
    }
    // Link targets are read too: a link is followed only inside the tree.
    let wanted: BTreeSet<&str> = entries
        .iter()
        .filter_map(|(path, e)| match e {
            Entry::File { oid } if configuration(path) => Some(oid.as_str()),
            Entry::Symlink { oid } if size(oid) <= 4096 => Some(oid.as_str()),
            _ => None,
        })
        .collect();
    let blobs = read_blobs(repo, &wanted)?;
    let source = Arc::new(GitBlobs {
        repo: repo.to_path_buf(),
        budget: budget.clone(),
        read: Mutex::new(HashMap::new()),
    });
    let mut tree = MemTree::with_source(source);
    for (path, entry) in &entries {
        match entry {
            Entry::File { oid } => match blobs.get(oid.as_str()) {
                Some(bytes) if configuration(path) => tree.insert(path.clone(), bytes.clone()),
                _ => tree.insert_blob(path.clone(), oid, size(oid)),
            },
            Entry::Symlink { oid } => {
                // A link git could not give (or too long to be one) leads
                // nowhere.
                let target = blobs
                    .get(oid.as_str())
                    .and_then(|b| crate::files::path_from_bytes(b))
                    .unwrap_or_else(|| PathBuf::from("/"));
                tree.insert_link(path.clone(), target);
            }
        }
    }
    let config_paths: Vec<&PathBuf> = config.iter().map(|(p, _)| *p).collect();
    let rewritten = rewriting_attributes(repo, rev, &config_paths)?;
    let unrepresentable = (entries.keys())
        .filter(|p| p.to_str().is_none() && configuration_or_variables(&p.to_string_lossy()))
        .map(|p| {
            let bytes = p.as_os_str().as_encoded_bytes();
            let (dir, name) = match bytes.iter().rposition(|b| *b == b'/') {
                Some(i) => (
                    String::from_utf8_lossy(&bytes[..i]).into_owned(),
                    &bytes[i + 1..],
                ),
                None => (".".to_string(), bytes),
            };
            (dir, format!("\"{}\"", name.escape_ascii()))
        })
        .collect();
    Ok(Extracted {
        tree,
        rewritten,
        unrepresentable,
        identity,
    })
}

fn too_large(rev: Revision, total: u64, files: usize, limit: u64) -> Diagnostics {
    let rev = match rev {
        Revision::Commit(r) => format!("revision {r:?}"),
        Revision::Index => "the index".to_string(),
    };
    Diagnostic::error(
        "Repository too large to check",
        format!(
            "The configuration files of {rev} add up to {total} bytes ({files} files), and a check reads at most {limit} bytes of a repository's files in all, so that no pull request can exhaust the runner."
        ),
    )
    .into()
}

/// A revision's blobs, read from git when a file function first names one
/// (configuration files are read before): each once, within the budget.
struct GitBlobs {
    repo: PathBuf,
    budget: Arc<Budget>,
    read: Mutex<HashMap<String, Arc<[u8]>>>,
}

impl BlobSource for GitBlobs {
    fn load(&self, oid: &str, size: u64) -> std::io::Result<Arc<[u8]>> {
        let mut read = self.read.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(bytes) = read.get(oid) {
            return Ok(bytes.clone());
        }
        if size > crate::lang::functions::MAX_FILE_BYTES {
            return Err(std::io::Error::other(format!(
                "the file is {size} bytes, larger than the {} bytes minimod reads",
                crate::lang::functions::MAX_FILE_BYTES
            )));
        }
        if !self.budget.take(size) {
            return Err(std::io::Error::other(format!(
                "reading it would take the check past the {} bytes it reads of a repository",
                self.budget.limit
            )));
        }
        let out = git(&self.repo)
            .args(["cat-file", "blob", oid])
            .stderr(Stdio::null())
            .output()?;
        if !out.status.success() {
            return Err(std::io::Error::other("git could not read the blob"));
        }
        let bytes: Arc<[u8]> = Arc::from(out.stdout);
        read.insert(oid.to_string(), bytes.clone());
        Ok(bytes)
    }
}

/// The top level of the repository that holds `dir`.
pub(crate) fn toplevel(dir: &Path) -> Result<PathBuf, Diagnostics> {
    let out = git(dir)
        .args(["rev-parse", "--show-toplevel"])
        .output()
        .map_err(|e| io_error("run git", e))?;
    if !out.status.success() {
        return Err(Diagnostic::error(
            "Not a git repository",
            format!(
                "{} is not inside a git repository: check compares two revisions of one.",
                crate::syntax::source::clean_path(dir)
            ),
        )
        .into());
    }
    let top = out.stdout.strip_suffix(b"\n").unwrap_or(&out.stdout);
    crate::files::path_from_bytes(top).ok_or_else(|| {
        Diagnostic::error(
            "Repository path not representable",
            "The repository's path is not UTF-8, which this system cannot name.",
        )
        .into()
    })
}

/// Every path (relative to the top level) that differs between `base`
/// and `head`.
pub(super) fn changed_paths(
    repo: &Path,
    base: &str,
    head: Revision,
) -> Result<BTreeSet<String>, Diagnostics> {
    let base_tree = resolve_tree(repo, base)?;
    let mut diff = git(repo);
    diff.args([
        "diff",
        "--name-only",
        "-z",
        "--no-renames",
        "--no-ext-diff",
        "--no-textconv",
    ]);
    match head {
        // The index against the base: what a commit now would change.
        Revision::Index => diff.arg("--cached").arg(&base_tree),
        Revision::Commit(head) => diff.arg(&base_tree).arg(resolve_tree(repo, head)?),
    };
    let out = diff
        .arg("--")
        .output()
        .map_err(|e| io_error("run git diff", e))?;
    if !out.status.success() {
        return Err(git_failed("diff", &out.stderr));
    }
    Ok(out
        .stdout
        .split(|b| *b == 0)
        .filter(|n| !n.is_empty())
        .map(|n| String::from_utf8_lossy(n).into_owned())
        .collect())
}

/// The directories (relative to the top level, `.` for it) holding a
/// changed configuration or variables file.
pub(super) fn config_dirs(changed: &BTreeSet<String>) -> BTreeSet<String> {
    changed.iter().filter_map(|n| config_dir(n)).collect()
}

/// The directory of a changed configuration or variables file.
pub(super) fn config_dir(name: &str) -> Option<String> {
    configuration_or_variables(name).then(|| match name.rsplit_once('/') {
        Some((dir, _)) => dir.to_string(),
        None => ".".to_string(),
    })
}

pub(super) fn git(repo: &Path) -> Command {
    let mut cmd = Command::new("git");
    cmd.arg("-C").arg(repo);
    // The runner's own configuration never changes what a blob holds.
    cmd.env("GIT_CONFIG_NOSYSTEM", "1")
        .env("GIT_CONFIG_GLOBAL", "/dev/null")
        .env("GIT_TERMINAL_PROMPT", "0");
    cmd
}

fn resolve_tree(repo: &Path, rev: &str) -> Result<String, Diagnostics> {
    let out = git(repo)
        .args(["rev-parse", "--verify", "--quiet", "--end-of-options"])
        .arg(format!("{rev}^{{tree}}"))
        .output()
        .map_err(|e| io_error("run git", e))?;
    if !out.status.success() || rev.starts_with('-') {
        return Err(Diagnostic::error(
            "Invalid revision",
            format!(
                "git could not read revision {rev:?}: {}",
                match String::from_utf8_lossy(&out.stderr).trim() {
                    "" => "no such revision",
                    e => e,
                }
            ),
        )
        .into());
    }
    Ok(String::from_utf8_lossy(&out.stdout).trim().to_string())
}

/// Every blob and link of a tree, by its path inside the tree.
fn list_tree(repo: &Path, tree: &str) -> Result<BTreeMap<PathBuf, Entry>, Diagnostics> {
    let out = git(repo)
        .args(["ls-tree", "-r", "-z", "--full-tree", tree])
        .output()
        .map_err(|e| io_error("run git ls-tree", e))?;
    if !out.status.success() {
        return Err(git_failed("ls-tree", &out.stderr));
    }
    // `<mode> <type> <oid>\t<path>`
    entries(&out.stdout, |meta| {
        let mut f = meta.split(' ');
        let (mode, _kind, oid) = (f.next()?, f.next()?, f.next()?);
        Some((mode, oid, "0"))
    })
}

/// Every blob and link of the index (`git ls-files --stage`), which is
/// what `git write-tree` would store, and the listing's digest. A conflict
/// still being resolved has no one version to check.
fn list_index(repo: &Path) -> Result<(BTreeMap<PathBuf, Entry>, String), Diagnostics> {
    let out = git(repo)
        .args(["ls-files", "--stage", "-z"])
        .output()
        .map_err(|e| io_error("run git ls-files", e))?;
    if !out.status.success() {
        return Err(git_failed("ls-files", &out.stderr));
    }
    let mut unmerged = false;
    // `<mode> <oid> <stage>\t<path>`
    let entries = entries(&out.stdout, |meta| {
        let mut f = meta.split(' ');
        let (mode, oid, stage) = (f.next()?, f.next()?, f.next()?);
        unmerged |= stage != "0";
        Some((mode, oid, stage))
    })?;
    if unmerged {
        return Err(Diagnostic::error(
            "Unmerged files in the index",
            "The index holds files in conflict, so there is no one version of them to check: resolve the conflicts and stage the files, or give --head.",
        )
        .into());
    }
    use sha2::Digest;
    let digest = sha2::Sha256::digest(&out.stdout);
    let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
    Ok((entries, format!("index:sha256:{hex}")))
}

/// The records of a listing: `meta` gives (mode, oid, stage) of the part
/// before the tab; a path that is not plain (`..`, `.git`) is refused, as
/// git refuses to check it out.
fn entries<'a>(
    listing: &'a [u8],
    mut meta: impl FnMut(&'a str) -> Option<(&'a str, &'a str, &'a str)>,
) -> Result<BTreeMap<PathBuf, Entry>, Diagnostics> {
    let mut out = BTreeMap::new();
    for record in listing.split(|b| *b == 0).filter(|r| !r.is_empty()) {
        let Some(tab) = record.iter().position(|b| *b == b'\t') else {
            continue;
        };
        let Ok(head) = std::str::from_utf8(&record[..tab]) else {
            continue;
        };
        let Some((mode, oid, stage)) = meta(head) else {
            continue;
        };
        let Some(path) = safe_relative(&record[tab + 1..]) else {
            continue;
        };
        if stage != "0" {
            continue;
        }
        let oid = oid.to_string();
        let entry = match mode {
            "100644" | "100755" => Entry::File { oid },
            "120000" => Entry::Symlink { oid },
            // Submodules (160000) are other repositories: not read.
            _ => continue,
        };
        out.insert(path, entry);
    }
    Ok(out)
}

/// Each blob's size, without reading it (`git cat-file --batch-check`).
fn blob_sizes(repo: &Path, oids: &BTreeSet<&str>) -> Result<HashMap<String, u64>, Diagnostics> {
    let mut sizes = HashMap::new();
    batch(repo, "--batch-check", oids, |oid, size, _| {
        sizes.insert(oid.to_string(), size);
        Ok(())
    })?;
    Ok(sizes)
}

/// The contents of each blob, each read once in one `git cat-file --batch`.
fn read_blobs(
    repo: &Path,
    oids: &BTreeSet<&str>,
) -> Result<HashMap<String, Arc<[u8]>>, Diagnostics> {
    let mut blobs = HashMap::new();
    batch(repo, "--batch", oids, |oid, size, stdout| {
        let size = usize::try_from(size).map_err(|_| io_error("read from git", too_big()))?;
        let mut bytes = vec![0; size + 1]; // the content, then a newline
        stdout
            .read_exact(&mut bytes)
            .map_err(|e| io_error("read from git", e))?;
        bytes.truncate(size);
        blobs.insert(oid.to_string(), Arc::from(bytes));
        Ok(())
    })?;
    Ok(blobs)
}

fn too_big() -> std::io::Error {
    std::io::Error::other("blob too large")
}

/// Runs `git cat-file MODE` over `oids`, calling `each` with every found
/// object's id and size (and the stream, to read its content from).
fn batch(
    repo: &Path,
    mode: &str,
    oids: &BTreeSet<&str>,
    mut each: impl FnMut(&str, u64, &mut dyn Read) -> Result<(), Diagnostics>,
) -> Result<(), Diagnostics> {
    if oids.is_empty() {
        return Ok(());
    }
    let mut child = git(repo)
        .args(["cat-file", mode])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| io_error("run git cat-file", e))?;
    let mut stdin = child.stdin.take().expect("piped stdin");
    let request: String = oids.iter().map(|o| format!("{o}\n")).collect();
    // Written from a thread: git answers while it reads, and a large
    // request would otherwise fill both pipes.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(request.as_bytes());
    });
    let mut stdout = BufReader::new(child.stdout.take().expect("piped stdout"));
    let mut result = Ok(());
    for _ in 0..oids.len() {
        let mut header = String::new();
        match stdout.read_line(&mut header) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => {
                result = Err(io_error("read from git", e));
                break;
            }
        }
        let mut fields = header.split_whitespace();
        let (Some(oid), Some(_kind), Some(size)) = (fields.next(), fields.next(), fields.next())
        else {
            continue; // `<oid> missing`
        };
        let size: u64 = size.parse().unwrap_or(0);
        if let Err(e) = each(oid, size, &mut stdout) {
            result = Err(e);
            break;
        }
    }
    drop(stdout);
    let _ = child.kill();
    let _ = writer.join();
    let _ = child.wait();
    result
}

/// The configuration files whose checkout git would rewrite: by
/// `.gitattributes` of the same revision (a filter, `ident`, a
/// working-tree encoding, CRLF line ends). The check reads the blobs;
/// terraform on a checkout would read the rewritten files.
fn rewriting_attributes(
    repo: &Path,
    rev: Revision,
    paths: &[&PathBuf],
) -> Result<Vec<(String, String)>, Diagnostics> {
    if paths.is_empty() {
        return Ok(Vec::new());
    }
    let mut cmd = git(repo);
    cmd.arg("check-attr");
    match rev {
        Revision::Index => cmd.arg("--cached"),
        Revision::Commit(r) => cmd.arg(format!("--source={}", resolve_tree(repo, r)?)),
    };
    let mut child = cmd
        .args([
            "-z",
            "--stdin",
            "filter",
            "ident",
            "working-tree-encoding",
            "eol",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| io_error("run git check-attr", e))?;
    let mut stdin = child.stdin.take().expect("piped stdin");
    let mut request = Vec::new();
    for p in paths {
        request.extend_from_slice(p.as_os_str().as_encoded_bytes());
        request.push(0);
    }
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&request);
    });
    let mut out = Vec::new();
    let read = child
        .stdout
        .take()
        .expect("piped stdout")
        .read_to_end(&mut out);
    let _ = writer.join();
    let status = child.wait();
    // An old git without `--source` answers nothing: nothing is said.
    if read.is_err() || !status.is_ok_and(|s| s.success()) {
        return Ok(Vec::new());
    }
    let fields: Vec<&[u8]> = out.split(|b| *b == 0).collect();
    let mut rewritten = Vec::new();
    for f in fields.chunks_exact(3) {
        let (path, attr, value) = (
            String::from_utf8_lossy(f[0]),
            String::from_utf8_lossy(f[1]),
            String::from_utf8_lossy(f[2]),
        );
        let rewrites = match (&*attr, &*value) {
            (_, "unspecified" | "unset") => false,
            ("eol", v) => v == "crlf",
            _ => true,
        };
        if rewrites {
            let shown = match &*value {
                "set" => attr.to_string(),
                v => format!("{attr}={v}"),
            };
            rewritten.push((path.into_owned(), shown));
        }
    }
    Ok(rewritten)
}

/// A path git listed, if it is a plain relative path (no `..`, no `.git`
/// in any case, as git's own checkout refuses).
fn safe_relative(path: &[u8]) -> Option<PathBuf> {
    let plain = path
        .split(|b| *b == b'/')
        .all(|c| !c.is_empty() && c != b"." && c != b".." && !c.eq_ignore_ascii_case(b".git"));
    plain.then(|| crate::files::path_from_bytes(path))?
}

fn git_failed(what: &str, stderr: &[u8]) -> Diagnostics {
    Diagnostic::error(
        "Failed to read revision",
        format!(
            "git {what} failed: {}",
            String::from_utf8_lossy(stderr).trim()
        ),
    )
    .into()
}

pub(super) fn io_error(what: &str, e: std::io::Error) -> Diagnostics {
    Diagnostic::error("Input/output error", format!("Could not {what}: {e}.")).into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn listed_paths_must_be_plain() {
        assert!(safe_relative(b"envs/prod/main.tf").is_some());
        assert!(safe_relative(b"../x").is_none());
        assert!(safe_relative(b"/etc/passwd").is_none());
        assert!(safe_relative(b"a/.git/config").is_none());
        assert!(safe_relative(b"a/.GIT/config").is_none());
        assert!(safe_relative(b"a/./b").is_none());
    }

    #[test]
    fn the_budget_is_never_passed() {
        let b = Budget::new(10);
        assert!(b.take(6));
        assert!(!b.take(5));
        assert!(b.take(4));
        assert!(!b.take(1));
        assert!(!b.take(u64::MAX));
    }
}
