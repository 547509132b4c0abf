//! A revision's files as git stores them. The blobs are read with `git
//! ls-tree` and `git cat-file`, so no `.gitattributes` rule (export-ignore,
//! export-subst, filters), hook or checkout of an untrusted revision is
//! involved, and held in memory (`files::MemTree`): nothing is written.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Component, Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Arc;

use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::files::MemTree;

enum Entry {
    File { oid: String },
    Symlink { oid: String },
}

/// Revision `rev` of `repo`, its files held in memory.
pub(super) fn extract(repo: &Path, rev: &str) -> Result<MemTree, Diagnostics> {
    let tree = resolve_tree(repo, rev)?;
    let entries = list(repo, &tree)?;
    let oids: Vec<&str> = entries
        .values()
        .map(|e| match e {
            Entry::File { oid } | Entry::Symlink { oid } => oid.as_str(),
        })
        .collect();
    let blobs = read_blobs(repo, &oids)?;
    let blob = |oid: &str| {
        blobs
            .get(oid)
            .cloned()
            .unwrap_or_else(|| Arc::from(&[][..]))
    };
    let mut out = MemTree::default();
    for (path, entry) in &entries {
        let bytes = match entry {
            Entry::File { oid } => blob(oid),
            // A link becomes a copy of what it names inside the revision;
            // a link out of it (or to a directory) is left out, so nothing
            // outside the repository can be read through it.
            Entry::Symlink { oid } => {
                let target = String::from_utf8_lossy(&blob(oid)).into_owned();
                match link_target(path, &target).and_then(|t| entries.get(&t)) {
                    Some(Entry::File { oid }) => blob(oid),
                    _ => continue,
                }
            }
        };
        out.insert(path.clone(), bytes);
    }
    Ok(out)
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
    Ok(PathBuf::from(
        String::from_utf8_lossy(&out.stdout).trim_end_matches('\n'),
    ))
}

/// Every path (relative to the top level) that differs between `base`
/// and `head` (the working tree, untracked files included, when `head` is
/// `None`).
pub(super) fn changed_paths(
    repo: &Path,
    base: &str,
    head: Option<&str>,
) -> Result<std::collections::BTreeSet<String>, Diagnostics> {
    let base_tree = resolve_tree(repo, base)?;
    let mut diff = git(repo);
    diff.args([
        "diff",
        "--name-only",
        "-z",
        "--no-renames",
        "--no-ext-diff",
        "--no-textconv",
    ])
    .arg(&base_tree);
    if let Some(head) = head {
        diff.arg(resolve_tree(repo, head)?);
    }
    let out = diff
        .arg("--")
        .output()
        .map_err(|e| io_error("run git diff", e))?;
    if !out.status.success() {
        return Err(git_failed("diff", &out.stderr));
    }
    let mut names = out.stdout;
    if head.is_none() {
        let untracked = git(repo)
            .args(["ls-files", "-z", "--others", "--exclude-standard"])
            .output()
            .map_err(|e| io_error("run git ls-files", e))?;
        names.push(0);
        names.extend(untracked.stdout);
    }
    Ok(names
        .split(|b| *b == 0)
        .filter(|n| !n.is_empty())
        .map(|n| String::from_utf8_lossy(n).into_owned())
        .collect())
}

/// The directories (relative to the top level, `.` for it) holding a
/// changed configuration or variables file.
pub(super) fn config_dirs(
    changed: &std::collections::BTreeSet<String>,
) -> std::collections::BTreeSet<String> {
    let config = |name: &str| {
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
    };
    changed
        .iter()
        .filter(|n| config(n))
        .map(|n| match n.rsplit_once('/') {
            Some((dir, _)) => dir.to_string(),
            None => ".".to_string(),
        })
        .collect()
}

fn git(repo: &Path) -> Command {
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
fn list(repo: &Path, tree: &str) -> Result<BTreeMap<PathBuf, Entry>, Diagnostics> {
    let out = git(repo)
        .args(["ls-tree", "-r", "-z", "--full-tree", tree])
        .output()
        .map_err(|e| io_error("run git ls-tree", e))?;
    if !out.status.success() {
        return Err(git_failed("ls-tree", &out.stderr));
    }
    let mut entries = BTreeMap::new();
    for record in out.stdout.split(|b| *b == 0).filter(|r| !r.is_empty()) {
        let Some(tab) = record.iter().position(|b| *b == b'\t') else {
            continue;
        };
        let meta = String::from_utf8_lossy(&record[..tab]);
        let path = String::from_utf8_lossy(&record[tab + 1..]).into_owned();
        let mut meta = meta.split(' ');
        let (Some(mode), Some(_kind), Some(oid)) = (meta.next(), meta.next(), meta.next()) else {
            continue;
        };
        let Some(path) = safe_relative(&path) else {
            continue;
        };
        let oid = oid.to_string();
        let entry = match mode {
            "100644" | "100755" => Entry::File { oid },
            "120000" => Entry::Symlink { oid },
            // Submodules (160000) are other repositories: not read.
            _ => continue,
        };
        entries.insert(path, entry);
    }
    Ok(entries)
}

/// The contents of each blob, read in one `git cat-file --batch`.
fn read_blobs(repo: &Path, oids: &[&str]) -> Result<BTreeMap<String, Arc<[u8]>>, Diagnostics> {
    let mut child = git(repo)
        .args(["cat-file", "--batch"])
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
    let mut blobs = BTreeMap::new();
    for _ in 0..oids.len() {
        let mut header = String::new();
        if stdout
            .read_line(&mut header)
            .map_err(|e| io_error("read from git", e))?
            == 0
        {
            break;
        }
        let mut fields = header.split_whitespace();
        let (Some(oid), Some(_kind), Some(size)) = (fields.next(), fields.next(), fields.next())
        else {
            continue; // `<oid> missing`
        };
        let size: usize = size.parse().unwrap_or(0);
        let mut bytes = vec![0; size + 1]; // the content, then a newline
        stdout
            .read_exact(&mut bytes)
            .map_err(|e| io_error("read from git", e))?;
        bytes.truncate(size);
        blobs.insert(oid.to_string(), Arc::from(bytes));
    }
    let _ = writer.join();
    let _ = child.wait();
    Ok(blobs)
}

/// A path git listed, if it is a plain relative path (no `..`, no `.git`).
fn safe_relative(path: &str) -> Option<PathBuf> {
    let p = Path::new(path);
    p.components()
        .all(|c| matches!(c, Component::Normal(n) if n != ".git"))
        .then(|| p.to_path_buf())
}

/// Where a link at `link` pointing at `target` leads, inside the tree.
fn link_target(link: &Path, target: &str) -> Option<PathBuf> {
    if target.starts_with('/') {
        return None;
    }
    let mut parts: Vec<&std::ffi::OsStr> = link.parent()?.iter().collect();
    for c in Path::new(target).components() {
        match c {
            Component::Normal(n) => parts.push(n),
            Component::CurDir => {}
            Component::ParentDir => {
                parts.pop()?;
            }
            _ => return None,
        }
    }
    Some(parts.iter().collect())
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
    fn links_resolve_only_inside_the_tree() {
        let at = |l: &str, t: &str| link_target(Path::new(l), t);
        assert_eq!(
            at("envs/prod/vars.tfvars", "../common.tfvars"),
            Some("envs/common.tfvars".into())
        );
        assert_eq!(at("a.tf", "./b.tf"), Some("b.tf".into()));
        assert_eq!(at("a.tf", "../outside"), None);
        assert_eq!(at("envs/a.tf", "../../../etc/passwd"), None);
        assert_eq!(at("a.tf", "/etc/passwd"), None);
    }

    #[test]
    fn listed_paths_must_be_plain() {
        assert!(safe_relative("envs/prod/main.tf").is_some());
        assert!(safe_relative("../x").is_none());
        assert!(safe_relative("/etc/passwd").is_none());
        assert!(safe_relative("a/.git/config").is_none());
    }
}
