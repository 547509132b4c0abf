//! The package cache shared between checkouts: each fetched package is
//! kept once, under the hash of what names it exactly (a registry
//! package and the version chosen, a git URL and the commit its ref
//! named), and copied into each `.terraform/modules` that needs it. A
//! registry's version list is kept for a short while, so that installing
//! many roots (or checkouts) asks once. Entries are written whole: into
//! a temporary directory, then renamed.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use sha2::{Digest, Sha256};

/// How long a registry's version list is reused.
pub(crate) const VERSIONS_FRESH: Duration = Duration::from_secs(10 * 60);

pub(crate) struct Cache {
    dir: PathBuf,
}

fn hashed(key: &str) -> String {
    let digest = Sha256::digest(key.as_bytes());
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

impl Cache {
    pub(crate) fn new(dir: PathBuf) -> Cache {
        Cache { dir }
    }

    fn package_dir(&self, key: &str) -> PathBuf {
        self.dir.join("packages").join(hashed(key))
    }

    /// The cached tree of a package and the subdirectory its address
    /// named (a registry's download location may name one), if cached.
    pub(crate) fn package(&self, key: &str) -> Option<(PathBuf, String)> {
        let d = self.package_dir(key);
        let subdir = fs::read_to_string(d.join("subdir")).ok()?;
        let tree = d.join("tree");
        tree.is_dir().then_some((tree, subdir))
    }

    /// Fills the entry for `key` with what `fill` writes into a fresh
    /// directory (which it creates); a failure leaves no entry. A
    /// concurrent run that filled it first wins. Returns the entry's tree.
    pub(crate) fn store(
        &self,
        key: &str,
        subdir: &str,
        fill: impl FnOnce(&Path) -> Result<(), String>,
    ) -> Result<PathBuf, String> {
        let final_dir = self.package_dir(key);
        let parent = self.dir.join("packages");
        fs::create_dir_all(&parent).map_err(|e| format!("{}: {e}", parent.display()))?;
        let tmp = tempfile::Builder::new()
            .prefix(".incoming-")
            .tempdir_in(&parent)
            .map_err(|e| format!("{}: {e}", parent.display()))?;
        let tree = tmp.path().join("tree");
        fill(&tree)?;
        if !tree.is_dir() {
            fs::create_dir_all(&tree).map_err(|e| e.to_string())?;
        }
        fs::write(tmp.path().join("subdir"), subdir).map_err(|e| e.to_string())?;
        if final_dir.join("tree").is_dir() {
            return Ok(final_dir.join("tree"));
        }
        match fs::rename(tmp.path(), &final_dir) {
            Ok(()) => {
                // Renamed away: nothing is left for the guard to remove.
                let _ = tmp.keep();
                Ok(final_dir.join("tree"))
            }
            Err(_) if final_dir.join("tree").is_dir() => Ok(final_dir.join("tree")),
            Err(e) => Err(format!("{}: {e}", final_dir.display())),
        }
    }

    fn versions_file(&self, package: &str) -> PathBuf {
        self.dir
            .join("versions")
            .join(format!("{}.json", hashed(package)))
    }

    /// A registry package's version list, if fetched within
    /// [`VERSIONS_FRESH`].
    pub(crate) fn versions(&self, package: &str) -> Option<Vec<String>> {
        let path = self.versions_file(package);
        let age = fs::metadata(&path)
            .and_then(|m| m.modified())
            .ok()
            .and_then(|t| SystemTime::now().duration_since(t).ok())?;
        if age > VERSIONS_FRESH {
            return None;
        }
        let v: serde_json::Value = serde_json::from_slice(&fs::read(&path).ok()?).ok()?;
        if v["package"].as_str() != Some(package) {
            return None;
        }
        v["versions"]
            .as_array()?
            .iter()
            .map(|s| s.as_str().map(str::to_string))
            .collect()
    }

    /// Keeps a version list; a failure to keep it only costs a request.
    pub(crate) fn keep_versions(&self, package: &str, versions: &[String]) {
        let path = self.versions_file(package);
        if let Some(d) = path.parent() {
            let _ = fs::create_dir_all(d);
        }
        let text = serde_json::json!({ "package": package, "versions": versions }).to_string();
        let _ = crate::atomic::write_atomic(&path, text.as_bytes());
    }
}

/// The cache's default place: `$XDG_CACHE_HOME/minimod`, else
/// `~/.cache/minimod` (the caller reads the environment).
pub(crate) fn default_dir(xdg_cache_home: Option<&Path>, home: Option<&Path>) -> Option<PathBuf> {
    match (xdg_cache_home.filter(|p| p.is_absolute()), home) {
        (Some(x), _) => Some(x.join("minimod")),
        (None, Some(h)) => Some(h.join(".cache").join("minimod")),
        (None, None) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_is_whole_or_absent() {
        let d = tempfile::tempdir().unwrap();
        let c = Cache::new(d.path().to_path_buf());
        assert!(c.store("k", "", |_| Err("broken".into())).is_err());
        assert!(c.package("k").is_none());
        let at = c
            .store("k", "sub", |t| {
                fs::create_dir_all(t).unwrap();
                fs::write(t.join("main.tf"), "").map_err(|e| e.to_string())
            })
            .unwrap();
        assert_eq!(c.package("k"), Some((at.clone(), "sub".to_string())));
        assert!(at.join("main.tf").exists());
        c.keep_versions("h/n/m/s", &["1.0.0".into()]);
        assert_eq!(c.versions("h/n/m/s"), Some(vec!["1.0.0".to_string()]));
        assert_eq!(c.versions("other"), None);
    }
}
