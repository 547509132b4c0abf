//! Which tool runs a root when neither a lock file nor `.tofu` files say:
//! the command line asks PATH (terraform when only terraform is there,
//! tofu when only tofu is), and its messages name that tool. A check
//! judges the repository, not the runner, and keeps OpenTofu's rules.

mod common;

use std::path::Path;

use common::{git, minimod, repo_root, stderr, stdout, write_file};

/// A directory holding one executable script named `name`, for PATH.
fn path_with_only(name: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join(name);
    write_file(&script, "#!/bin/sh\nexit 0\n");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    dir
}

/// `minimod ARGS` in `cwd` with PATH set to `path` alone.
fn with_path(cwd: &Path, path: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    let out = minimod(cwd)
        .env("PATH", path)
        .args(args)
        .output()
        .expect("running minimod");
    (out.status.code(), stdout(&out), stderr(&out))
}

fn state_mv_tool(path_holds: &str) -> String {
    let bin = path_with_only(path_holds);
    let fixture = repo_root().join("fixtures/refactors/extract-database-module");
    let (code, out, err) = with_path(
        &fixture,
        bin.path(),
        &["refactor", "old", "new", "--output", "commands"],
    );
    assert_eq!(code, Some(0), "{err}");
    let first = out.lines().next().unwrap_or_default().to_string();
    first
        .split(" state mv ")
        .next()
        .unwrap_or_default()
        .to_string()
}

#[test]
fn state_mv_lines_name_the_only_tool_on_path() {
    assert_eq!(state_mv_tool("terraform"), "terraform");
    assert_eq!(state_mv_tool("tofu"), "tofu");
}

/// A root calling a registry module nobody installed.
fn uninstalled_call() -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    write_file(
        &tmp.path().join("main.tf"),
        "module \"vpc\" {\n  source  = \"terraform-aws-modules/vpc/aws\"\n  version = \"5.0.0\"\n}\n",
    );
    tmp
}

#[test]
fn init_advice_names_the_only_tool_on_path() {
    let root = uninstalled_call();
    for tool in ["terraform", "tofu"] {
        let bin = path_with_only(tool);
        let (code, _, err) = with_path(root.path(), bin.path(), &["plan", "."]);
        assert_eq!(code, Some(1), "{err}");
        assert!(
            err.contains(&format!("Run \"{tool} init\"")),
            "{tool}: {err}"
        );
    }
}

#[test]
fn the_files_decide_before_path() {
    let root = uninstalled_call();
    // A `.tofu` file says OpenTofu whatever PATH holds.
    write_file(&root.path().join("versions.tofu"), "terraform {}\n");
    let bin = path_with_only("terraform");
    let (_, _, err) = with_path(root.path(), bin.path(), &["plan", "."]);
    assert!(err.contains("Run \"tofu init\""), "{err}");
    // And `--engine` before both.
    let (_, _, err) = with_path(
        root.path(),
        bin.path(),
        &["plan", ".", "--engine", "terraform"],
    );
    assert!(err.contains("Run \"terraform init\""), "{err}");
}

#[test]
fn a_check_does_not_read_the_runners_path() {
    // A `removed` block without `lifecycle`: OpenTofu forgets the object,
    // terraform destroys it. With only terraform on the runner's PATH the
    // check still follows the repository's rule (no file says: OpenTofu's).
    let repo = tempfile::tempdir().unwrap();
    let main = repo.path().join("envs/prod/main.tf");
    let backend = "terraform {\n  backend \"s3\" {}\n}\nresource \"terraform_data\" \"a\" {}\n";
    write_file(
        &main,
        &format!("{backend}resource \"terraform_data\" \"b\" {{}}\n"),
    );
    git(repo.path(), &["init", "-q"]);
    git(repo.path(), &["add", "-A"]);
    git(repo.path(), &["commit", "-qm", "base"]);
    write_file(
        &main,
        &format!("{backend}removed {{\n  from = terraform_data.b\n}}\n"),
    );
    git(repo.path(), &["add", "-A"]);
    // git itself must still be found: PATH holds git's directory and the
    // fake terraform, never a tofu.
    let bin = path_with_only("terraform");
    let path = std::env::join_paths([bin.path(), which("git").as_path()]).unwrap();
    let out = minimod(repo.path())
        .env("PATH", &path)
        .args(["check", "--base", "HEAD"])
        .output()
        .expect("running minimod");
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{text}{}", stderr(&out));
    assert!(text.contains("forget terraform_data.b"), "{text}");
    assert!(text.contains("checked with the default engine"), "{text}");
}

/// The directory holding `name` on this machine's PATH.
fn which(name: &str) -> std::path::PathBuf {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .find(|d| d.join(name).is_file())
        .unwrap_or_else(|| panic!("{name} is not on PATH"))
}
