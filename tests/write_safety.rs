//! `refactor --write` and `check --fix` under adversity: a write into
//! several files that fails on one leaves all of them as they were, a
//! byte order mark is kept, a FIFO is refused instead of waited on, and
//! two runs writing into one file at once never lose a block.

mod common;

use std::fs;
use std::os::unix::fs::{PermissionsExt, symlink};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use common::{git, minimod, run, stderr, stdout, write_file};

/// Every file under `dir` with its bytes and mode (links as their target,
/// FIFOs by kind: reading one would block).
fn snapshot(dir: &Path) -> Vec<(String, String)> {
    use std::os::unix::fs::FileTypeExt;
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            let meta = fs::symlink_metadata(&p).unwrap();
            let ft = meta.file_type();
            let content = if ft.is_symlink() {
                format!("-> {}", fs::read_link(&p).unwrap().display())
            } else if ft.is_dir() {
                stack.push(p.clone());
                format!("dir {:o}", meta.permissions().mode())
            } else if ft.is_fifo() {
                "fifo".into()
            } else {
                format!(
                    "{:o} {}",
                    meta.permissions().mode(),
                    String::from_utf8_lossy(&fs::read(&p).unwrap())
                )
            };
            out.push((p.display().to_string(), content));
        }
    }
    out.sort();
    out
}

/// The error text on stderr, wrapped lines joined with single spaces.
fn error_text(out: &Output) -> String {
    stderr(out).split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `command` run to its end, or killed after `secs`: None when it had
/// to be (it hung).
fn run_within(mut command: Command, secs: u64) -> Option<Output> {
    let mut child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("running minimod");
    let deadline = Instant::now() + Duration::from_secs(secs);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    Some(child.wait_with_output().unwrap())
}

/// Makes `command` unable to write a file larger than 8 KiB: such a
/// write fails with EFBIG. Ignoring SIGXFSZ keeps the process alive (it
/// would be killed otherwise); both the limit and the ignored signal
/// survive exec. This fails a write as root too, whom modes do not stop.
fn limit_file_size(command: &mut Command) {
    // Safety: the closure only calls async-signal-safe functions.
    unsafe {
        command.pre_exec(|| {
            libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
            let limit = libc::rlimit {
                rlim_cur: 8_192,
                rlim_max: 8_192,
            };
            match libc::setrlimit(libc::RLIMIT_FSIZE, &limit) {
                0 => Ok(()),
                _ => Err(std::io::Error::last_os_error()),
            }
        });
    }
}

/// Prepares a case's files, and its command.
type Setup<'a> = Box<dyn Fn(&Path, &mut Command) + 'a>;

const CALL: &str = "module \"app\" {\n  source = \"./modules/app\"\n}\n";

/// A rename in the root and one in its child module: `--write` writes
/// `new/moved.tf` and `new/modules/app/moved.tf`.
fn root_and_module(root: &Path) {
    let with = |name: &str| format!("{CALL}{}", resource(name, "1"));
    write_file(&root.join("old/main.tf"), &with("r"));
    write_file(&root.join("new/main.tf"), &with("s"));
    write_file(
        &root.join("old/modules/app/main.tf"),
        &resource("web", "\"web\""),
    );
    write_file(
        &root.join("new/modules/app/main.tf"),
        &resource("site", "\"web\""),
    );
}

/// `resource "terraform_data" "NAME" { input = INPUT }`.
fn resource(name: &str, input: &str) -> String {
    format!("resource \"terraform_data\" \"{name}\" {{\n  input = {input}\n}}\n")
}

/// The module's moved.tf is written second (after the root's) and cannot
/// be: neither file changes, and the message says so. The module's file
/// is large and the root's small, and the process may write only small
/// files; not as root, a read-only module directory does the same.
#[test]
fn a_write_into_two_files_that_fails_on_the_second_changes_neither() {
    let big = format!("# kept\n{}\n", "#".repeat(20_000));
    let mut setups: Vec<(&str, Setup)> = vec![(
        "File too large",
        Box::new(|app: &Path, cmd: &mut Command| {
            write_file(&app.join("moved.tf"), &big);
            limit_file_size(cmd);
        }),
    )];
    // SAFETY: geteuid has no preconditions and cannot fail.
    if unsafe { libc::geteuid() } != 0 {
        setups.push((
            "Permission denied",
            Box::new(|app: &Path, _: &mut Command| {
                fs::set_permissions(app, fs::Permissions::from_mode(0o555)).unwrap();
            }),
        ));
    }
    for (what, setup) in setups {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path();
        root_and_module(root);
        let app = root.join("new/modules/app");
        let mut cmd = minimod(root);
        cmd.args(["refactor", "old", "new", "--write"]);
        setup(&app, &mut cmd);
        let before = snapshot(root);
        let out = cmd.output().unwrap();
        let after = snapshot(root);
        fs::set_permissions(&app, fs::Permissions::from_mode(0o755)).unwrap();
        assert_eq!(after, before, "{what}: a file was written");
        assert_eq!(out.status.code(), Some(2), "{what}: {}", stderr(&out));
        let err = error_text(&out);
        assert!(err.contains("Error: Cannot write moved blocks"), "{err}");
        assert!(
            err.contains("new/modules/app/moved.tf, but preparing its new text beside it failed"),
            "{err}"
        );
        assert!(err.contains(what), "{err}");
        assert!(err.contains("Nothing was written"), "{err}");
        assert!(!err.contains("Wrote"), "{err}");
    }
}

/// A repository whose `base` tag has the `base` files and whose index has
/// the `head` files written over them (paths under the top level).
fn staged_repo(root: &Path, base: &[(&str, &str)], head: &[(&str, &str)]) -> PathBuf {
    let repo = root.join("repo");
    fs::create_dir_all(&repo).unwrap();
    git(&repo, &["init", "-q"]);
    for (path, text) in base {
        write_file(&repo.join(path), text);
    }
    git(&repo, &["add", "-A"]);
    git(&repo, &["commit", "-qm", "base"]);
    git(&repo, &["tag", "base"]);
    for (path, text) in head {
        write_file(&repo.join(path), text);
    }
    git(&repo, &["add", "-A"]);
    repo
}

const BACKEND: &str = "terraform {\n  backend \"local\" {}\n}\n";

/// The same for `check --fix`: the root's and the module's moved.tf, the
/// second too large to write.
#[test]
fn check_fix_into_two_files_that_fails_on_the_second_changes_neither() {
    let tmp = tempfile::tempdir().unwrap();
    let with = |name: &str| format!("{BACKEND}{CALL}{}", resource(name, "1"));
    let big = format!("# kept\n{}\n", "#".repeat(20_000));
    let repo = staged_repo(
        tmp.path(),
        &[
            ("envs/prod/main.tf", &with("r")),
            ("envs/prod/modules/app/main.tf", &resource("web", "\"web\"")),
            ("envs/prod/modules/app/moved.tf", &big),
        ],
        &[
            ("envs/prod/main.tf", &with("s")),
            (
                "envs/prod/modules/app/main.tf",
                &resource("site", "\"web\""),
            ),
        ],
    );
    let env = repo.join("envs/prod");
    let before = snapshot(&env);
    let mut cmd = minimod(&repo);
    cmd.args(["check", "--base", "base", "--fix"]);
    limit_file_size(&mut cmd);
    let out = cmd.output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(2),
        "{}{}",
        stdout(&out),
        stderr(&out)
    );
    let err = error_text(&out);
    assert!(err.contains("File too large"), "{err}");
    assert!(err.contains("Nothing was written"), "{err}");
    assert!(!err.contains("Wrote"), "{err}");
    assert_eq!(snapshot(&env), before, "a file was written");
}

/// A `moved.tf.json` saved with a byte order mark: the blocks go in, the
/// mark and every other byte stay. (A multibyte character just before
/// where a block goes made the offsets, off by the mark's three bytes,
/// cut it in half.)
#[test]
fn a_byte_order_mark_in_moved_tf_json_is_kept() {
    let documents = [
        // The blocks go into the "moved" array.
        "\u{feff}{\n  \"moved\": [\n    {\"from\": \"terraform_data.x\", \"to\": \"terraform_data.y\", \"//\": \"€\"}\n  ]\n}\n",
        // A new "moved" property after the last one.
        "\u{feff}{\"//\": \"kept by hand €\"}",
    ];
    for before in documents {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path();
        root_and_module(root);
        write_file(&root.join("new/moved.tf.json"), before);
        let out = run(
            root,
            ["refactor", "old", "new", "--write", "--format", "json"],
        );
        assert_eq!(out.status.code(), Some(0), "{before}: {}", stderr(&out));
        let after = fs::read_to_string(root.join("new/moved.tf.json")).unwrap();
        assert!(after.starts_with('\u{feff}'), "{after}");
        // Every byte of before is there, in order, around one insertion.
        let prefix = before
            .bytes()
            .zip(after.bytes())
            .take_while(|(a, b)| a == b)
            .count();
        assert!(after.ends_with(&before[prefix..]), "{after}");
        let doc: serde_json::Value = serde_json::from_str(&after['\u{feff}'.len_utf8()..])
            .unwrap_or_else(|e| panic!("{e}: {after}"));
        let moved: Vec<&serde_json::Value> = match &doc["moved"] {
            serde_json::Value::Array(items) => items.iter().collect(),
            _ => panic!("{after}"),
        };
        assert!(
            moved
                .iter()
                .any(|m| m["from"] == "terraform_data.r" && m["to"] == "terraform_data.s"),
            "{after}"
        );
    }
}

/// A moved file that is a FIFO (directly, or through a link inside
/// NEW_DIR): refused with exit 2 before it is read, nothing written.
#[test]
fn a_moved_file_that_is_a_fifo_is_refused_without_waiting() {
    let cases: [(&str, &[&str], bool); 3] = [
        ("new/moved.tf", &[], false),
        ("new/moved.tf.json", &["--format", "json"], false),
        ("new/modules/app/moved.tf", &[], true),
    ];
    for (file, extra, linked) in cases {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path();
        root_and_module(root);
        let fifo = if linked {
            symlink("../pipe", root.join(file)).unwrap();
            root.join("new/modules/pipe")
        } else {
            root.join(file)
        };
        assert!(
            Command::new("mkfifo")
                .arg(&fifo)
                .status()
                .unwrap()
                .success()
        );
        let before = snapshot(root);
        let mut cmd = minimod(root);
        cmd.args(["refactor", "old", "new", "--write"]).args(extra);
        let out = run_within(cmd, 20).unwrap_or_else(|| panic!("{file}: minimod hung"));
        assert_eq!(out.status.code(), Some(2), "{file}: {}", stderr(&out));
        let err = error_text(&out);
        assert!(err.contains("Error: Cannot write moved blocks"), "{err}");
        assert!(
            err.contains(&format!(
                "{file}, but it is a FIFO (named pipe), not a regular file"
            )),
            "{err}"
        );
        assert_eq!(snapshot(root), before, "{file}: something was written");
    }
}

/// `check --fix` where the working tree has a FIFO for the moved.tf the
/// index lacks: refused, not waited on.
#[test]
fn check_fix_refuses_a_fifo_in_the_working_tree() {
    let tmp = tempfile::tempdir().unwrap();
    let repo = staged_repo(
        tmp.path(),
        &[(
            "envs/prod/main.tf",
            &format!("{BACKEND}{}", resource("r", "1")),
        )],
        &[(
            "envs/prod/main.tf",
            &format!("{BACKEND}{}", resource("s", "1")),
        )],
    );
    let env = repo.join("envs/prod");
    assert!(
        Command::new("mkfifo")
            .arg(env.join("moved.tf"))
            .status()
            .unwrap()
            .success()
    );
    let mut cmd = minimod(&repo);
    cmd.args(["check", "--base", "base", "--fix"]);
    let out = run_within(cmd, 20).expect("minimod hung");
    assert_eq!(
        out.status.code(),
        Some(2),
        "{}{}",
        stdout(&out),
        stderr(&out)
    );
    let err = error_text(&out);
    assert!(
        err.contains("envs/prod/moved.tf, but it is a FIFO (named pipe), not a regular file"),
        "{err}"
    );
    assert!(!err.contains("Wrote"), "{err}");
}

/// Two runs writing different blocks into one moved.tf at the same time,
/// many times over: each time both blocks land, or one run fails saying
/// the file changed under it and the other's block is there. (Before the
/// write was locked, about a third of the races lost a block.)
#[test]
fn two_writes_racing_into_one_file_never_lose_a_block() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path();
    let two = |a: &str, b: &str| resource(a, "\"a\"") + &resource(b, "\"b\"");
    write_file(&root.join("new/main.tf"), &two("a2", "b2"));
    write_file(&root.join("old_a/main.tf"), &two("a1", "b2"));
    write_file(&root.join("old_b/main.tf"), &two("a2", "b1"));
    let block_a = "  from = terraform_data.a1\n  to   = terraform_data.a2\n";
    let block_b = "  from = terraform_data.b1\n  to   = terraform_data.b2\n";
    let moved = root.join("new/moved.tf");
    let (mut both, mut refused) = (0, 0);
    for _ in 0..40 {
        let _ = fs::remove_file(&moved);
        let spawn = |old: &str| {
            let mut cmd = minimod(root);
            cmd.args(["refactor", old, "new", "--write"])
                .stdout(Stdio::piped())
                .stderr(Stdio::piped());
            cmd.spawn().unwrap()
        };
        let (a, b) = (spawn("old_a"), spawn("old_b"));
        let (a, b) = (a.wait_with_output().unwrap(), b.wait_with_output().unwrap());
        let text = fs::read_to_string(&moved).unwrap_or_default();
        let ok = |o: &Output| o.status.code() == Some(0);
        let changed = |o: &Output| {
            o.status.code() == Some(2)
                && error_text(o).contains("but it changed since minimod read it")
        };
        match (ok(&a), ok(&b)) {
            (true, true) => {
                assert!(
                    text.contains(block_a) && text.contains(block_b),
                    "a block was lost:\n{text}"
                );
                both += 1;
            }
            (true, false) => {
                assert!(changed(&b), "{}", stderr(&b));
                assert!(text.contains(block_a), "{text}");
                refused += 1;
            }
            (false, true) => {
                assert!(changed(&a), "{}", stderr(&a));
                assert!(text.contains(block_b), "{text}");
                refused += 1;
            }
            (false, false) => panic!("both failed:\n{}\n{}", stderr(&a), stderr(&b)),
        }
    }
    assert_eq!(both + refused, 40);
}

/// Across roots too: root a's removed.tf would be written, root b's
/// imports.tf cannot be; neither is.
#[test]
fn a_write_into_several_roots_that_fails_on_the_last_changes_none() {
    let case = common::repo_root().join("tests/corpus/cross-root/extract-data-tier");
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    common::copy_tree(&case, dir);
    let big = format!("# kept\n{}\n", "#".repeat(20_000));
    write_file(&dir.join("b/new/imports.tf"), &big);
    let mut cmd = minimod(dir);
    cmd.arg("refactor");
    for r in ["a", "b"] {
        let state = dir.join(format!("expected/prior-{r}.tfstate"));
        cmd.args(["--root", &format!("{r}/old:{r}/new"), "--state-for"])
            .arg(format!("{r}/old={}", state.display()));
    }
    cmd.arg("--write").env_remove("MINIMOD_LIVE");
    limit_file_size(&mut cmd);
    let before = snapshot(dir);
    let out = cmd.output().unwrap();
    assert_eq!(snapshot(dir), before, "a file was written");
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let err = error_text(&out);
    assert!(
        err.contains("b/new/imports.tf, but preparing its new text beside it failed"),
        "{err}"
    );
    assert!(err.contains("Nothing was written"), "{err}");
}
