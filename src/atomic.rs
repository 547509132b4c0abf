//! The one way minimod replaces a file: a temporary file created
//! exclusively beside it (a unique name, never opened through an existing
//! file or symlink), given the original's mode and owner, synced, then
//! renamed over the target. A failed write leaves the target as it was and
//! no temporary file behind. Several files are replaced as one [`Batch`]:
//! all prepared before any is renamed, and put back when a rename fails.
//!
//! The target itself must be a regular file or absent: callers decide
//! whether a symlink is followed (a state is written through its link, as
//! terraform does) or refused (a `moved.tf`), and pass the real path.

use std::fs;
use std::io::{self, Read, Write};
#[cfg(unix)]
use std::os::unix::fs::{FileTypeExt, MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};

/// What a file that is not a regular file is, for a message.
fn kind_name(ft: &fs::FileType) -> &'static str {
    if ft.is_dir() {
        "a directory"
    } else {
        special_kind(ft)
    }
}

#[cfg(unix)]
fn special_kind(ft: &fs::FileType) -> &'static str {
    if ft.is_fifo() {
        "a FIFO (named pipe)"
    } else if ft.is_socket() {
        "a socket"
    } else if ft.is_char_device() {
        "a character device"
    } else if ft.is_block_device() {
        "a block device"
    } else {
        "not a regular file"
    }
}

// Elsewhere the standard library tells no other kinds apart.
#[cfg(not(unix))]
fn special_kind(_: &fs::FileType) -> &'static str {
    "not a regular file"
}

fn not_regular(ft: &fs::FileType) -> io::Error {
    let what = kind_name(ft);
    let why = match what {
        "not a regular file" => format!("it is {what}"),
        _ => format!("it is {what}, not a regular file"),
    };
    io::Error::new(io::ErrorKind::InvalidInput, why)
}

/// The bytes of the regular file at `path` (links followed), None when
/// nothing is there. Anything else (a FIFO, a device, a socket, a
/// directory) is refused before it is opened for reading, and the open
/// does not wait (O_NONBLOCK), so a pipe swapped in between cannot block:
/// the opened file is checked again.
pub(crate) fn read_regular(path: &Path) -> io::Result<Option<Vec<u8>>> {
    let meta = match fs::metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e),
    };
    if !meta.is_file() {
        return Err(not_regular(&meta.file_type()));
    }
    let mut open = fs::OpenOptions::new();
    open.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        open.custom_flags(libc::O_NONBLOCK);
    }
    let mut file = open.open(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(not_regular(&meta.file_type()));
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.read_to_end(&mut bytes)?;
    Ok(Some(bytes))
}

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
    if !ft.is_file() {
        return Some(not_regular(&ft).to_string());
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
    let tmp = prepare(path, bytes)?;
    // On error the temporary file is dropped, which removes it.
    tmp.persist(path).map_err(|e| e.error)?;
    sync_dir(path);
    Ok(())
}

/// The directory a file is in ("." for a bare name).
pub(crate) fn dir_of(path: &Path) -> &Path {
    path.parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
}

/// A temporary file beside `path` holding `bytes`, with the mode and owner
/// of the file there now, synced: renaming it over `path` is the write.
fn prepare(path: &Path, bytes: &[u8]) -> io::Result<tempfile::NamedTempFile> {
    let existing = fs::metadata(path).ok();
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    // A new file gets what creating it directly would: 0666 less the umask
    // (applied by open(2) to the mode asked for).
    let prefix = format!(".{name}.");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    #[cfg(unix)]
    builder.permissions(fs::Permissions::from_mode(0o666));
    let mut tmp = builder.tempfile_in(dir_of(path))?;
    #[cfg(unix)]
    if let Some(meta) = &existing {
        tmp.as_file()
            .set_permissions(fs::Permissions::from_mode(meta.mode() & 0o7777))?;
        // Keeping the owner needs privileges; without them the file
        // becomes the writer's, as any rewrite would.
        let _ = std::os::unix::fs::fchown(tmp.as_file(), Some(meta.uid()), Some(meta.gid()));
    }
    // Elsewhere only the read-only flag is kept.
    #[cfg(not(unix))]
    if let Some(meta) = &existing {
        tmp.as_file().set_permissions(meta.permissions())?;
    }
    tmp.write_all(bytes)?;
    tmp.as_file().sync_all()?;
    Ok(tmp)
}

/// Makes a rename in `path`'s directory durable, where the system allows.
fn sync_dir(path: &Path) {
    if let Ok(d) = fs::File::open(dir_of(path)) {
        let _ = d.sync_all();
    }
}

/// Files replaced together: every new content is prepared beside its
/// target ([`Batch::stage`]) before any target changes; [`Batch::commit`]
/// then renames them into place, and when a rename fails puts back the
/// ones already renamed, so the files end as they all were or all new.
#[derive(Default)]
pub(crate) struct Batch {
    staged: Vec<Staged>,
}

struct Staged {
    path: PathBuf,
    tmp: tempfile::NamedTempFile,
    /// What the target held, to put back; None: it did not exist.
    original: Option<Vec<u8>>,
}

/// A commit that stopped at `failed`: which files were put back as they
/// were, and which could not be (they hold their new content, or are gone
/// when they were new).
#[derive(Debug)]
pub(crate) struct Stopped {
    pub(crate) failed: PathBuf,
    pub(crate) error: io::Error,
    pub(crate) restored: Vec<PathBuf>,
    pub(crate) not_restored: Vec<(PathBuf, io::Error)>,
}

impl Batch {
    /// Prepares `path` (a regular file or absent, see [`unwritable`]) to
    /// hold `bytes`. On error nothing of it is left behind.
    pub(crate) fn stage(&mut self, path: &Path, bytes: &[u8]) -> io::Result<()> {
        if let Some(why) = unwritable(path) {
            return Err(io::Error::new(io::ErrorKind::PermissionDenied, why));
        }
        let original = read_regular(path)?;
        let tmp = prepare(path, bytes)?;
        self.staged.push(Staged {
            path: path.to_path_buf(),
            tmp,
            original,
        });
        Ok(())
    }

    /// The targets' contents before the batch, as staged.
    pub(crate) fn originals(&self) -> impl Iterator<Item = (&Path, Option<&[u8]>)> {
        self.staged
            .iter()
            .map(|s| (s.path.as_path(), s.original.as_deref()))
    }

    /// Renames every staged file into place, in the order staged.
    pub(crate) fn commit(self) -> Result<(), Stopped> {
        let mut done: Vec<(PathBuf, Option<Vec<u8>>)> = Vec::new();
        let mut rest = self.staged.into_iter();
        for s in rest.by_ref() {
            match s.tmp.persist(&s.path) {
                Ok(_) => done.push((s.path, s.original)),
                Err(e) => {
                    // The failed temporary file and the ones not reached
                    // are dropped here, which removes them.
                    drop(rest);
                    return Err(undo(s.path, e.error, done));
                }
            }
        }
        for (path, _) in &done {
            sync_dir(path);
        }
        Ok(())
    }
}

/// Puts back the files already renamed, newest first.
fn undo(failed: PathBuf, error: io::Error, done: Vec<(PathBuf, Option<Vec<u8>>)>) -> Stopped {
    let mut restored = Vec::new();
    let mut not_restored = Vec::new();
    for (path, original) in done.into_iter().rev() {
        let back = match &original {
            // The file has the original's mode and owner: `replace` keeps them.
            Some(bytes) => replace(&path, bytes),
            None => fs::remove_file(&path).map(|()| sync_dir(&path)),
        };
        match back {
            Ok(()) => restored.push(path),
            Err(e) => not_restored.push((path, e)),
        }
    }
    restored.reverse();
    not_restored.reverse();
    Stopped {
        failed,
        error,
        restored,
        not_restored,
    }
}

/// Advisory locks on directories, held while the value lives: two minimod
/// runs that read, decide and replace files in one directory take turns
/// instead of one replacing what the other just wrote.
pub(crate) struct DirLocks {
    _held: Vec<fs::File>,
}

impl DirLocks {
    /// Locks each directory (in one order, so that two runs cannot each
    /// hold one the other waits for), waiting up to `wait` for a run that
    /// holds one. A file system without locks is written unlocked: the
    /// caller's check that each file is still what it read remains.
    pub(crate) fn take(dirs: &[PathBuf], wait: std::time::Duration) -> io::Result<DirLocks> {
        let mut dirs: Vec<PathBuf> = dirs
            .iter()
            .map(|d| d.canonicalize().unwrap_or_else(|_| d.clone()))
            .collect();
        dirs.sort();
        dirs.dedup();
        let deadline = std::time::Instant::now() + wait;
        let mut held = Vec::new();
        for dir in dirs {
            let Ok(file) = fs::File::open(&dir) else {
                continue;
            };
            loop {
                match file.try_lock() {
                    Ok(()) => {
                        held.push(file);
                        break;
                    }
                    Err(fs::TryLockError::WouldBlock) => {
                        if std::time::Instant::now() >= deadline {
                            return Err(io::Error::new(
                                io::ErrorKind::WouldBlock,
                                format!(
                                    "another process kept {} locked for {} seconds",
                                    dir.display(),
                                    wait.as_secs()
                                ),
                            ));
                        }
                        std::thread::sleep(std::time::Duration::from_millis(20));
                    }
                    Err(fs::TryLockError::Error(_)) => break,
                }
            }
        }
        Ok(DirLocks { _held: held })
    }
}

#[cfg(all(test, unix))]
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

    /// A rename that fails after others succeeded: the ones done are put
    /// back (an edited file to its bytes and mode, a new file removed),
    /// and no temporary file is left.
    #[test]
    fn a_batch_whose_last_rename_fails_puts_back_the_files_before_it() {
        let dir = tempfile::tempdir().unwrap();
        let edited = dir.path().join("a.tf");
        fs::write(&edited, "old a").unwrap();
        fs::set_permissions(&edited, fs::Permissions::from_mode(0o640)).unwrap();
        let created = dir.path().join("b.tf");
        let last = dir.path().join("c.tf");
        let mut batch = Batch::default();
        batch.stage(&edited, b"new a").unwrap();
        batch.stage(&created, b"new b").unwrap();
        batch.stage(&last, b"new c").unwrap();
        // Between preparing and renaming, the last target becomes a
        // directory that is not empty: its rename fails.
        fs::create_dir(&last).unwrap();
        fs::write(last.join("x"), "").unwrap();
        let stopped = batch.commit().unwrap_err();
        assert_eq!(stopped.failed, last);
        assert_eq!(stopped.restored, [edited.clone(), created.clone()]);
        assert!(stopped.not_restored.is_empty());
        assert_eq!(fs::read_to_string(&edited).unwrap(), "old a");
        assert_eq!(fs::metadata(&edited).unwrap().mode() & 0o7777, 0o640);
        assert!(!created.exists());
        let mut names: Vec<_> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        names.sort();
        assert_eq!(names, ["a.tf", "c.tf"]);
    }

    #[test]
    fn a_batch_replaces_every_file_once_all_are_prepared() {
        let dir = tempfile::tempdir().unwrap();
        let a = dir.path().join("a.tf");
        fs::write(&a, "old").unwrap();
        let b = dir.path().join("sub/b.tf");
        let mut batch = Batch::default();
        batch.stage(&a, b"new a").unwrap();
        // A directory that does not exist: preparing fails, and dropping
        // the batch removes what was prepared for a.
        assert!(batch.stage(&b, b"new b").is_err());
        drop(batch);
        assert_eq!(fs::read_to_string(&a).unwrap(), "old");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
        let mut batch = Batch::default();
        batch.stage(&a, b"new a").unwrap();
        assert_eq!(
            batch.originals().next(),
            Some((a.as_path(), Some(&b"old"[..])))
        );
        batch.commit().unwrap();
        assert_eq!(fs::read_to_string(&a).unwrap(), "new a");
    }

    #[test]
    fn a_fifo_is_refused_without_waiting_for_a_writer() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("moved.tf");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        assert!(made.unwrap().success());
        let err = read_regular(&fifo).unwrap_err();
        assert_eq!(
            err.to_string(),
            "it is a FIFO (named pipe), not a regular file"
        );
        assert!(unwritable(&fifo).unwrap().contains("FIFO"));
        assert_eq!(read_regular(&dir.path().join("none")).unwrap(), None);
        let link = dir.path().join("link.tf");
        std::os::unix::fs::symlink("/dev/zero", &link).unwrap();
        assert!(
            read_regular(&link)
                .unwrap_err()
                .to_string()
                .contains("character device")
        );
    }

    /// A second holder waits, and gives up with a message when the first
    /// keeps the lock.
    #[test]
    fn a_locked_directory_makes_a_second_locker_wait() {
        let dir = tempfile::tempdir().unwrap();
        let dirs = [dir.path().to_path_buf()];
        let held = DirLocks::take(&dirs, std::time::Duration::from_secs(1)).unwrap();
        let err = DirLocks::take(&dirs, std::time::Duration::from_millis(100))
            .err()
            .unwrap();
        assert!(err.to_string().contains("kept"), "{err}");
        drop(held);
        assert!(DirLocks::take(&dirs, std::time::Duration::from_millis(100)).is_ok());
    }
}
