//! The one way minimod replaces a file: a temporary file created
//! exclusively beside it (a unique name, never opened through an existing
//! file or symlink), given the original's mode and owner, synced, then
//! renamed over the target. A failed write leaves the target as it was and
//! no temporary file behind.
//!
//! The target itself must be a regular file or absent: callers decide
//! whether a symlink is followed (a state is written through its link, as
//! terraform does) or refused (a `moved.tf`), and pass the real path.

use std::fs;
use std::io::{self, Write};
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};

/// Why a path cannot be replaced, or None when it can (absent, or a
/// writable regular file). Symlinks are not followed.
pub(crate) fn unwritable(path: &Path) -> Option<String> {
    let meta = match fs::symlink_metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return None,
        Err(e) => return Some(format!("it cannot be inspected: {e}")),
    };
    let ft = meta.file_type();
    if ft.is_symlink() {
        return Some("it is a symbolic link".into());
    }
    if ft.is_dir() {
        return Some("it is a directory, not a regular file".into());
    }
    if !ft.is_file() {
        return Some("it is not a regular file".into());
    }
    // Root may write anything; a file nobody may write is still meant to
    // stay as it is.
    if meta.permissions().readonly() {
        return Some("it is read-only".into());
    }
    if let Err(e) = fs::OpenOptions::new().append(true).open(path) {
        return Some(format!("it cannot be opened for writing: {e}"));
    }
    None
}

/// Follows `path` through symbolic links to the file they name (which may
/// not exist yet), as writing through a link does.
pub(crate) fn resolve_links(path: &Path) -> io::Result<PathBuf> {
    let mut at = path.to_path_buf();
    for _ in 0..40 {
        match fs::symlink_metadata(&at) {
            Ok(m) if m.file_type().is_symlink() => {
                let target = fs::read_link(&at)?;
                at = match at.parent() {
                    Some(dir) if target.is_relative() => dir.join(target),
                    _ => target,
                };
            }
            _ => return Ok(at),
        }
    }
    Err(io::Error::other("too many levels of symbolic links"))
}

/// Replaces (or creates) the regular file at `path` with `bytes`.
pub(crate) fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    if let Some(why) = unwritable(path) {
        return Err(io::Error::new(io::ErrorKind::PermissionDenied, why));
    }
    replace(path, bytes)
}

/// The write itself, once `path` is known to be replaceable.
fn replace(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let existing = fs::metadata(path).ok();
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    // A new file gets what creating it directly would: 0666 less the umask
    // (applied by open(2) to the mode asked for).
    let mut tmp = tempfile::Builder::new()
        .prefix(&format!(".{name}."))
        .suffix(".tmp")
        .permissions(fs::Permissions::from_mode(0o666))
        .tempfile_in(dir)?;
    if let Some(meta) = &existing {
        tmp.as_file()
            .set_permissions(fs::Permissions::from_mode(meta.mode() & 0o7777))?;
        // Keeping the owner needs privileges; without them the file
        // becomes the writer's, as any rewrite would.
        let _ = std::os::unix::fs::fchown(tmp.as_file(), Some(meta.uid()), Some(meta.gid()));
    }
    tmp.write_all(bytes)?;
    tmp.as_file().sync_all()?;
    // On error the temporary file is dropped, which removes it.
    tmp.persist(path).map_err(|e| e.error)?;
    if let Ok(d) = fs::File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_mode_and_leaves_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("moved.tf");
        fs::write(&p, "old").unwrap();
        fs::set_permissions(&p, fs::Permissions::from_mode(0o640)).unwrap();
        write_atomic(&p, b"new").unwrap();
        assert_eq!(fs::read_to_string(&p).unwrap(), "new");
        let mode = fs::metadata(&p).unwrap().mode() & 0o7777;
        assert_eq!(mode, 0o640);
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn refuses_read_only_files_directories_and_symlinks() {
        let dir = tempfile::tempdir().unwrap();
        let ro = dir.path().join("ro.tf");
        fs::write(&ro, "keep").unwrap();
        fs::set_permissions(&ro, fs::Permissions::from_mode(0o444)).unwrap();
        assert!(write_atomic(&ro, b"x").is_err());
        assert_eq!(fs::read_to_string(&ro).unwrap(), "keep");
        let d = dir.path().join("moved.tf");
        fs::create_dir(&d).unwrap();
        assert!(write_atomic(&d, b"x").is_err());
        let outside = tempfile::tempdir().unwrap();
        let target = outside.path().join("victim");
        fs::write(&target, "victim").unwrap();
        let link = dir.path().join("link.tf");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        assert!(write_atomic(&link, b"x").is_err());
        assert_eq!(fs::read_to_string(&target).unwrap(), "victim");
        assert_eq!(resolve_links(&link).unwrap(), target);
    }

    #[test]
    fn a_planted_symlink_named_like_a_temporary_file_is_not_followed() {
        let dir = tempfile::tempdir().unwrap();
        let outside = tempfile::tempdir().unwrap();
        let victim = outside.path().join("victim");
        fs::write(&victim, "victim").unwrap();
        for name in [".moved.tf.tmp", "moved.tf.minimod-tmp", ".moved.tf.1.tmp"] {
            std::os::unix::fs::symlink(&victim, dir.path().join(name)).unwrap();
        }
        write_atomic(&dir.path().join("moved.tf"), b"blocks").unwrap();
        assert_eq!(fs::read_to_string(&victim).unwrap(), "victim");
        assert_eq!(
            fs::read_to_string(dir.path().join("moved.tf")).unwrap(),
            "blocks"
        );
    }

    #[test]
    fn a_failed_write_leaves_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        // Renaming a file over a non-empty directory fails after the
        // temporary file was written.
        let target = dir.path().join("sub");
        fs::create_dir(&target).unwrap();
        fs::write(target.join("x"), "").unwrap();
        let err = replace(&target, b"x");
        assert!(err.is_err());
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    }
}
