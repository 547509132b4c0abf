//! Packages as trees on disk: archives (tar.gz, zip) extracted with
//! confinement (no entry outside the directory, no link leading out of
//! it, bounded bytes and entries), and the same bounds checked over a
//! tree another tool wrote (a git clone).

use std::fs;
use std::io::{Cursor, Read};
use std::path::{Component, Path, PathBuf};

/// Bounds on one package: what it may hold once extracted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Bytes of file content (and of the download itself).
    pub max_bytes: u64,
    /// Files, directories and links.
    pub max_entries: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_bytes: 256 << 20,
            max_entries: 50_000,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Format {
    TarGz,
    Zip,
}

/// The archive format an `archive=` value or a URL path names, as
/// go-getter picks one by suffix; `Err` names a format terraform knows
/// that this installer does not read.
pub(crate) fn format_of(name: &str) -> Result<Option<Format>, String> {
    let lower = name.to_ascii_lowercase();
    for (suffix, f) in [
        ("tar.gz", Format::TarGz),
        ("tgz", Format::TarGz),
        ("zip", Format::Zip),
    ] {
        if lower == suffix || lower.ends_with(&format!(".{suffix}")) {
            return Ok(Some(f));
        }
    }
    for other in [
        "tar.bz2", "tbz2", "tar.tbz2", "bz2", "tar.xz", "txz", "xz", "gz",
    ] {
        if lower == other || lower.ends_with(&format!(".{other}")) {
            return Err(other.to_string());
        }
    }
    Ok(None)
}

/// Counts what is written against the limits.
struct Budget {
    limits: Limits,
    bytes: u64,
    entries: usize,
}

impl Budget {
    fn entry(&mut self) -> Result<(), String> {
        self.entries += 1;
        if self.entries > self.limits.max_entries {
            return Err(format!(
                "the package holds more than {} files and directories",
                self.limits.max_entries
            ));
        }
        Ok(())
    }

    fn bytes(&mut self, n: u64) -> Result<(), String> {
        self.bytes = self.bytes.saturating_add(n);
        if self.bytes > self.limits.max_bytes {
            return Err(format!(
                "the package is larger than {} bytes once extracted",
                self.limits.max_bytes
            ));
        }
        Ok(())
    }
}

/// An entry's path as a relative path of normal components, or why not.
fn entry_path(name: &Path) -> Result<PathBuf, String> {
    let mut out = PathBuf::new();
    for c in name.components() {
        match c {
            Component::Normal(p) => out.push(p),
            Component::CurDir => {}
            _ => {
                return Err(format!(
                    "the archive entry {} leads outside the package",
                    name.display()
                ));
            }
        }
    }
    Ok(out)
}

/// Whether a link at `at` (relative to the root) to `target` stays
/// inside the root, by its text (the links before it were checked so).
fn link_inside(at: &Path, target: &Path) -> bool {
    if target.is_absolute() {
        return false;
    }
    let mut depth: usize = at.components().count().saturating_sub(1);
    for c in target.components() {
        match c {
            Component::Normal(_) => depth += 1,
            Component::CurDir => {}
            Component::ParentDir => match depth.checked_sub(1) {
                Some(d) => depth = d,
                None => return false,
            },
            _ => return false,
        }
    }
    true
}

/// Makes the parent directories of `rel` under `root`, refusing to go
/// through a link (an entry must not be written where a link points).
fn prepare(root: &Path, rel: &Path) -> Result<PathBuf, String> {
    let mut at = root.to_path_buf();
    let parts: Vec<_> = rel.components().collect();
    for c in parts.iter().take(parts.len().saturating_sub(1)) {
        at.push(c);
        match fs::symlink_metadata(&at) {
            Ok(m) if m.file_type().is_symlink() => {
                return Err(format!(
                    "the archive entry {} is written through a link",
                    rel.display()
                ));
            }
            Ok(m) if m.is_dir() => {}
            Ok(_) => {
                return Err(format!(
                    "the archive entry {} is under a file",
                    rel.display()
                ));
            }
            Err(_) => fs::create_dir(&at).map_err(|e| format!("{}: {e}", at.display()))?,
        }
    }
    let path = root.join(rel);
    if fs::symlink_metadata(&path).is_ok_and(|m| m.file_type().is_symlink()) {
        return Err(format!(
            "the archive entry {} replaces a link",
            rel.display()
        ));
    }
    Ok(path)
}

fn write_file(
    root: &Path,
    rel: &Path,
    mut content: impl Read,
    size: u64,
    mode: Option<u32>,
    budget: &mut Budget,
) -> Result<(), String> {
    budget.entry()?;
    budget.bytes(size)?;
    let path = prepare(root, rel)?;
    let mut bytes = Vec::new();
    content
        .by_ref()
        .take(size.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|e| format!("reading the archive: {e}"))?;
    if bytes.len() as u64 > size {
        return Err(format!(
            "the archive entry {} is longer than it says",
            rel.display()
        ));
    }
    fs::write(&path, &bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    set_mode(&path, mode);
    Ok(())
}

#[cfg(unix)]
fn set_mode(path: &Path, mode: Option<u32>) {
    use std::os::unix::fs::PermissionsExt;
    // Only the executable bits matter to a module (a script it runs).
    if let Some(m) = mode {
        let m = if m & 0o111 != 0 { 0o755 } else { 0o644 };
        let _ = fs::set_permissions(path, fs::Permissions::from_mode(m));
    }
}

#[cfg(not(unix))]
fn set_mode(_: &Path, _: Option<u32>) {}

fn make_link(root: &Path, rel: &Path, target: &Path, budget: &mut Budget) -> Result<(), String> {
    budget.entry()?;
    if !link_inside(rel, target) {
        return Err(format!(
            "the archive's link {} -> {} leads outside the package",
            rel.display(),
            target.display()
        ));
    }
    let path = prepare(root, rel)?;
    symlink(target, &path).map_err(|e| format!("{}: {e}", path.display()))
}

#[cfg(unix)]
fn symlink(target: &Path, path: &Path) -> std::io::Result<()> {
    std::os::unix::fs::symlink(target, path)
}

#[cfg(not(unix))]
fn symlink(_: &Path, _: &Path) -> std::io::Result<()> {
    Err(std::io::Error::other("links are not supported here"))
}

fn make_dir(root: &Path, rel: &Path, budget: &mut Budget) -> Result<(), String> {
    budget.entry()?;
    if rel.as_os_str().is_empty() {
        return Ok(());
    }
    let path = prepare(root, rel)?;
    match fs::symlink_metadata(&path) {
        Ok(m) if m.is_dir() => Ok(()),
        Ok(_) => Err(format!(
            "the archive entry {} is not a directory",
            rel.display()
        )),
        Err(_) => fs::create_dir(&path).map_err(|e| format!("{}: {e}", path.display())),
    }
}

/// Extracts an archive into `dest`, an empty directory.
pub(crate) fn extract(
    bytes: &[u8],
    format: Format,
    dest: &Path,
    limits: Limits,
) -> Result<(), String> {
    let mut budget = Budget {
        limits,
        bytes: 0,
        entries: 0,
    };
    match format {
        Format::TarGz => extract_tar(bytes, dest, &mut budget),
        Format::Zip => extract_zip(bytes, dest, &mut budget),
    }
}

fn extract_tar(bytes: &[u8], dest: &Path, budget: &mut Budget) -> Result<(), String> {
    let mut archive = tar::Archive::new(flate2::read::GzDecoder::new(bytes));
    let entries = archive
        .entries()
        .map_err(|e| format!("not a tar.gz archive: {e}"))?;
    for entry in entries {
        let entry = entry.map_err(|e| format!("not a tar.gz archive: {e}"))?;
        let name = entry
            .path()
            .map_err(|e| format!("an archive entry's name: {e}"))?
            .into_owned();
        let rel = entry_path(&name)?;
        let header = entry.header();
        let kind = header.entry_type();
        let mode = header.mode().ok();
        let size = header.size().unwrap_or(0);
        if kind.is_dir() {
            make_dir(dest, &rel, budget)?;
        } else if kind.is_symlink() {
            let target = entry
                .link_name()
                .ok()
                .flatten()
                .map(|t| t.into_owned())
                .ok_or_else(|| format!("the link {} has no target", rel.display()))?;
            make_link(dest, &rel, &target, budget)?;
        } else if kind.is_hard_link() {
            // A hard link names an earlier entry: a copy of it.
            let target = entry
                .link_name()
                .ok()
                .flatten()
                .map(|t| entry_path(&t))
                .transpose()?
                .ok_or_else(|| format!("the link {} has no target", rel.display()))?;
            let from = dest.join(&target);
            if fs::symlink_metadata(&from).map_or(true, |m| !m.is_file()) {
                return Err(format!(
                    "the hard link {} names no earlier file",
                    rel.display()
                ));
            }
            let len = fs::metadata(&from).map(|m| m.len()).unwrap_or(0);
            let file = fs::File::open(&from).map_err(|e| format!("{}: {e}", from.display()))?;
            write_file(dest, &rel, file, len, mode, budget)?;
        } else if kind.is_file() || kind == tar::EntryType::Continuous {
            write_file(dest, &rel, entry, size, mode, budget)?;
        } else if kind.is_pax_global_extensions()
            || kind.is_pax_local_extensions()
            || kind.is_gnu_longname()
            || kind.is_gnu_longlink()
        {
            // Read by the tar reader itself.
        } else {
            // Devices and fifos are no part of a module.
            budget.entry()?;
        }
    }
    Ok(())
}

fn extract_zip(bytes: &[u8], dest: &Path, budget: &mut Budget) -> Result<(), String> {
    let mut archive =
        zip::ZipArchive::new(Cursor::new(bytes)).map_err(|e| format!("not a zip archive: {e}"))?;
    for i in 0..archive.len() {
        let mut file = archive
            .by_index(i)
            .map_err(|e| format!("reading the zip archive: {e}"))?;
        let name = file
            .name()
            .map_err(|e| format!("reading the zip archive: {e}"))?
            .replace('\\', "/");
        let name = PathBuf::from(name);
        let rel = entry_path(&name)?;
        let mode = file.unix_mode();
        let is_link = mode.is_some_and(|m| m & 0o170000 == 0o120000);
        if file.is_dir() {
            make_dir(dest, &rel, budget)?;
        } else if is_link {
            let mut target = String::new();
            file.by_ref()
                .take(4096)
                .read_to_string(&mut target)
                .map_err(|e| format!("reading the zip archive: {e}"))?;
            make_link(dest, &rel, Path::new(&target), budget)?;
        } else {
            let size = file.size();
            write_file(dest, &rel, file, size, mode, budget)?;
        }
    }
    Ok(())
}

/// Checks a tree written by another tool against the same rules: every
/// link stays inside it, and its size and entries are bounded. A `.git`
/// directory at the top is not counted (it is removed).
pub(crate) fn confine(root: &Path, limits: Limits) -> Result<(), String> {
    let mut budget = Budget {
        limits,
        bytes: 0,
        entries: 0,
    };
    let mut stack = vec![PathBuf::new()];
    while let Some(rel) = stack.pop() {
        let dir = root.join(&rel);
        let read = fs::read_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        for entry in read {
            let entry = entry.map_err(|e| format!("{}: {e}", dir.display()))?;
            let child = rel.join(entry.file_name());
            if rel.as_os_str().is_empty() && entry.file_name() == ".git" {
                continue;
            }
            budget.entry()?;
            let meta = fs::symlink_metadata(entry.path()).map_err(|e| e.to_string())?;
            if meta.file_type().is_symlink() {
                let target = fs::read_link(entry.path()).map_err(|e| e.to_string())?;
                if !link_inside(&child, &target) {
                    return Err(format!(
                        "the link {} -> {} leads outside the package",
                        child.display(),
                        target.display()
                    ));
                }
            } else if meta.is_dir() {
                stack.push(child);
            } else {
                budget.bytes(meta.len())?;
            }
        }
    }
    Ok(())
}

/// Copies a tree (links as links), for installing from the cache.
pub(crate) fn copy_tree(from: &Path, to: &Path) -> std::io::Result<()> {
    fs::create_dir_all(to)?;
    for entry in fs::read_dir(from)? {
        let entry = entry?;
        let target = to.join(entry.file_name());
        let kind = entry.file_type()?;
        if kind.is_symlink() {
            symlink(&fs::read_link(entry.path())?, &target)?;
        } else if kind.is_dir() {
            copy_tree(&entry.path(), &target)?;
        } else {
            fs::copy(entry.path(), &target)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tar_gz(entries: &[(&str, Option<&str>, &[u8])]) -> Vec<u8> {
        let mut b = tar::Builder::new(flate2::write::GzEncoder::new(
            Vec::new(),
            flate2::Compression::fast(),
        ));
        for (name, link, data) in entries {
            let mut h = tar::Header::new_gnu();
            match link {
                Some(t) => {
                    h.set_entry_type(tar::EntryType::Symlink);
                    h.set_size(0);
                    h.set_mode(0o777);
                    b.append_link(&mut h, name, t).unwrap();
                }
                None => {
                    h.set_size(data.len() as u64);
                    h.set_mode(0o644);
                    h.set_cksum();
                    // The name is written raw: `append_data` refuses `..`.
                    let bytes = name.as_bytes();
                    h.as_old_mut().name[..bytes.len()].copy_from_slice(bytes);
                    h.set_cksum();
                    b.append(&h, *data).unwrap();
                }
            }
        }
        b.into_inner().unwrap().finish().unwrap()
    }

    #[test]
    fn archives_stay_inside() {
        let ok = tar_gz(&[("a/main.tf", None, b"x"), ("a/l", Some("main.tf"), b"")]);
        let d = tempfile::tempdir().unwrap();
        extract(&ok, Format::TarGz, d.path(), Limits::default()).unwrap();
        assert_eq!(fs::read(d.path().join("a/l")).unwrap(), b"x");

        let escape = tar_gz(&[("../evil.tf", None, b"x")]);
        let d = tempfile::tempdir().unwrap();
        let e = extract(
            &escape,
            Format::TarGz,
            &d.path().join("x"),
            Limits::default(),
        )
        .unwrap_err();
        assert!(e.contains("leads outside the package"), "{e}");

        let link_out = tar_gz(&[("l", Some("../../etc"), b"")]);
        let d = tempfile::tempdir().unwrap();
        let e = extract(&link_out, Format::TarGz, d.path(), Limits::default()).unwrap_err();
        assert!(e.contains("leads outside the package"), "{e}");

        let through = tar_gz(&[("l", Some("."), b""), ("l/x.tf", None, b"x")]);
        let d = tempfile::tempdir().unwrap();
        let e = extract(&through, Format::TarGz, d.path(), Limits::default()).unwrap_err();
        assert!(e.contains("through a link"), "{e}");
    }

    #[test]
    fn archives_are_bounded() {
        let big = tar_gz(&[("a.tf", None, &[b'x'; 100])]);
        let d = tempfile::tempdir().unwrap();
        let small = Limits {
            max_bytes: 99,
            max_entries: 10,
        };
        assert!(
            extract(&big, Format::TarGz, d.path(), small)
                .unwrap_err()
                .contains("larger than 99 bytes")
        );
        let many = tar_gz(&[("a", None, b""), ("b", None, b""), ("c", None, b"")]);
        let d = tempfile::tempdir().unwrap();
        let few = Limits {
            max_bytes: 99,
            max_entries: 2,
        };
        assert!(
            extract(&many, Format::TarGz, d.path(), few)
                .unwrap_err()
                .contains("more than 2 files")
        );
        let d = tempfile::tempdir().unwrap();
        assert!(extract(b"not gzip", Format::TarGz, d.path(), Limits::default()).is_err());
        assert!(extract(b"not zip", Format::Zip, d.path(), Limits::default()).is_err());
    }

    #[test]
    fn formats_by_suffix() {
        assert_eq!(format_of("/m/v1.tar.gz"), Ok(Some(Format::TarGz)));
        assert_eq!(format_of("x.TGZ"), Ok(Some(Format::TarGz)));
        assert_eq!(format_of("zip"), Ok(Some(Format::Zip)));
        assert_eq!(format_of("/m/v1"), Ok(None));
        assert_eq!(format_of("/m/v1.tar.xz"), Err("tar.xz".into()));
        assert!(link_inside(Path::new("a/b"), Path::new("../c")));
        assert!(!link_inside(Path::new("a/b"), Path::new("../../c")));
        assert!(!link_inside(Path::new("a"), Path::new("/etc")));
    }
}
