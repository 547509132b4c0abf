//! `refactor --write` and `check --fix` edit files: every byte already
//! there is kept, what they write is what the proof planned, they refuse
//! targets that are not plain files of the configuration, and `apply`
//! writes the state as terraform does.

mod common;

use std::fs;
use std::os::unix::fs::{PermissionsExt, symlink};
use std::path::Path;
use std::process::Output;

use common::{git, run, stderr, stdout, write_file};

/// `after` is `before` with text inserted at one place: every byte of
/// `before` is still there, in order, around the insertion.
fn only_inserted(before: &str, after: &str) -> bool {
    let b = before.as_bytes();
    let a = after.as_bytes();
    let prefix = b.iter().zip(a).take_while(|(x, y)| x == y).count();
    let suffix = b[prefix..]
        .iter()
        .rev()
        .zip(a[prefix..].iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    prefix + suffix == b.len() && a.len() > b.len()
}

fn moved_blocks(text: &str) -> usize {
    text.lines().filter(|l| l.starts_with("moved {")).count()
}

/// A moved file a person maintains: a comment, a `removed` block that
/// forgets the worker, a local the configuration reads, a moved block.
const HAND_WRITTEN: &str = r#"# Hand-maintained: the worker is retired but kept running.
removed {
  from = terraform_data.worker
  lifecycle {
    destroy = false
  }
}

locals {
  cache_name = "cache" # read by main.tf
}

moved {
  from = terraform_data.cache
  to   = terraform_data.memcache
} # no newline after this"#;

const OLD_MAIN: &str = r#"resource "terraform_data" "web" {
  input = "web"
}
resource "terraform_data" "db" {
  input = "db"
}
resource "terraform_data" "cache" {
  input = "cache"
}
resource "terraform_data" "worker" {
  input = "worker"
}
"#;

const NEW_MAIN: &str = r#"resource "terraform_data" "site" {
  input = "web"
}
resource "terraform_data" "database" {
  input = "db"
}
resource "terraform_data" "memcache" {
  input = local.cache_name
}
"#;

/// old/ and new/ (renames, the hand-written moved.tf in new/).
fn renames(root: &Path) {
    write_file(&root.join("old/main.tf"), OLD_MAIN);
    write_file(&root.join("new/main.tf"), NEW_MAIN);
    write_file(&root.join("new/moved.tf"), HAND_WRITTEN);
}

#[test]
fn write_keeps_every_byte_and_running_twice_changes_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path();
    renames(root);
    let out = run(root, ["refactor", "old", "new", "--write"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let after = fs::read_to_string(root.join("new/moved.tf")).unwrap();
    assert!(only_inserted(HAND_WRITTEN, &after), "{after}");
    assert!(after.starts_with(HAND_WRITTEN));
    assert_eq!(moved_blocks(&after), 3, "{after}");
    assert!(after.contains("  from = terraform_data.web\n  to   = terraform_data.site\n"));
    assert!(stderr(&out).contains("0 to destroy"), "{}", stderr(&out));

    let again = run(root, ["refactor", "old", "new", "--write"]);
    assert_eq!(again.status.code(), Some(0), "{}", stderr(&again));
    assert!(!stderr(&again).contains("Wrote"), "{}", stderr(&again));
    assert_eq!(
        fs::read_to_string(root.join("new/moved.tf")).unwrap(),
        after
    );
    let names: Vec<_> = fs::read_dir(root.join("new")).unwrap().collect();
    assert_eq!(names.len(), 2, "no temporary file is left");
}

/// The proof plans the files as written: the `removed` block in moved.tf
/// forgets the worker instead of destroying it, and the edit the proof
/// loaded is byte for byte what lands on disk.
#[test]
fn the_proof_plans_the_edited_files_and_counts_the_removed_block() {
    use minimod::{Action, Request, refactor, write};
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path();
    renames(root);
    let req = Request {
        defer_unknown_keys: true,
        ..Request::new(root.join("old"), root.join("new"))
    };
    let outcome = refactor(&req, &mut Default::default()).unwrap();
    let forgets: Vec<String> = outcome
        .proof
        .changes
        .iter()
        .filter(|c| c.action == Action::Forget)
        .map(|c| c.addr.to_string())
        .collect();
    assert_eq!(forgets, ["terraform_data.worker"]);
    assert_eq!(outcome.proof.counts(), (0, 0, 0));
    assert_eq!(outcome.edits.len(), 1);
    let planned = outcome.edits[0].after.clone();
    let written = write::write_edits(&outcome.edits, &Default::default()).unwrap();
    assert_eq!(written, [root.join("new/moved.tf")]);
    assert_eq!(
        fs::read_to_string(root.join("new/moved.tf")).unwrap(),
        planned
    );
}

/// Under OpenTofu `moved.tofu` replaces `moved.tf`, which is then never
/// read: the blocks go into moved.tofu, and the proof (loading the files as
/// they will be) holds. Under Terraform, `.tofu` files do not exist.
#[test]
fn under_opentofu_blocks_go_into_an_existing_moved_tofu() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path();
    renames(root);
    fs::rename(root.join("new/moved.tf"), root.join("new/moved.tofu")).unwrap();
    let ignored = "# OpenTofu reads moved.tofu instead\n";
    write_file(&root.join("new/moved.tf"), ignored);
    let printed = run(root, ["refactor", "old", "new", "--engine", "tofu"]);
    assert!(
        stdout(&printed).starts_with("# new/moved.tofu\n"),
        "{}",
        stdout(&printed)
    );
    let out = run(
        root,
        ["refactor", "old", "new", "--engine", "tofu", "--write"],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let after = fs::read_to_string(root.join("new/moved.tofu")).unwrap();
    assert!(only_inserted(HAND_WRITTEN, &after), "{after}");
    assert_eq!(
        fs::read_to_string(root.join("new/moved.tf")).unwrap(),
        ignored
    );
}

/// A child module: the blocks for a rename inside it go into its own
/// moved.tf, which keeps what it held; the stdout group names that file.
fn child_module(root: &Path) {
    let call = "module \"app\" {\n  source = \"./modules/app\"\n}\n";
    write_file(&root.join("old/main.tf"), call);
    write_file(&root.join("new/main.tf"), call);
    write_file(&root.join("old/modules/app/main.tf"), OLD_MAIN);
    write_file(&root.join("new/modules/app/main.tf"), NEW_MAIN);
    write_file(&root.join("new/modules/app/moved.tf"), HAND_WRITTEN);
}

#[test]
fn child_module_moved_tf_keeps_every_byte() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path();
    child_module(root);
    let before = fs::read_to_string(root.join("new/modules/app/moved.tf")).unwrap();
    let printed = run(root, ["refactor", "old", "new"]);
    assert_eq!(printed.status.code(), Some(0), "{}", stderr(&printed));
    assert!(
        stdout(&printed).starts_with("# new/modules/app/moved.tf\nmoved {\n"),
        "{}",
        stdout(&printed)
    );
    let out = run(root, ["refactor", "old", "new", "--write"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let after = fs::read_to_string(root.join("new/modules/app/moved.tf")).unwrap();
    assert!(only_inserted(&before, &after), "{after}");
    assert_eq!(moved_blocks(&after), 3, "{after}");
    assert!(!root.join("new/moved.tf").exists());
}

const JSON_MOVED: &str = r#"{
  "//": "kept: a comment in terraform's JSON syntax",
  "removed": [
    {"from": "terraform_data.worker", "lifecycle": [{"destroy": false}]}
  ],
  "locals": {"cache_name": "cache"},
  "moved": [
    {"from": "terraform_data.cache", "to": "terraform_data.memcache"}
  ]
}
"#;

#[test]
fn json_moved_file_is_edited_in_place() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path();
    renames(root);
    fs::remove_file(root.join("new/moved.tf")).unwrap();
    write_file(&root.join("new/moved.tf.json"), JSON_MOVED);
    let out = run(
        root,
        ["refactor", "old", "new", "--format", "json", "--write"],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let after = fs::read_to_string(root.join("new/moved.tf.json")).unwrap();
    assert!(only_inserted(JSON_MOVED, &after), "{after}");
    let doc: serde_json::Value = serde_json::from_str(&after).unwrap();
    let moved: Vec<(String, String)> = doc["moved"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["from"].as_str().unwrap().into(),
                m["to"].as_str().unwrap().into(),
            )
        })
        .collect();
    assert_eq!(moved.len(), 3, "{after}");
    assert!(moved.contains(&("terraform_data.db".into(), "terraform_data.database".into())));
    assert!(!root.join("new/moved.tf").exists());
    let again = run(
        root,
        ["refactor", "old", "new", "--format", "json", "--write"],
    );
    assert_eq!(again.status.code(), Some(0), "{}", stderr(&again));
    assert_eq!(
        fs::read_to_string(root.join("new/moved.tf.json")).unwrap(),
        after
    );
}

/// A `.tf.json` with no `moved` property gets one; `{}` too.
#[test]
fn json_moved_file_without_moved_gets_the_property() {
    for before in ["{\"locals\": {}}", "{\n  \"//\": \"x\"\n}\n", "{}"] {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path();
        renames(root);
        fs::remove_file(root.join("new/moved.tf")).unwrap();
        write_file(
            &root.join("new/locals.tf"),
            "locals {\n  cache_name = \"cache\"\n}\n",
        );
        write_file(&root.join("new/moved.tf.json"), before);
        let out = run(
            root,
            ["refactor", "old", "new", "--format", "json", "--write"],
        );
        assert_eq!(
            out.status.code(),
            Some(1),
            "worker is destroyed: {}",
            stderr(&out)
        );
        let after = fs::read_to_string(root.join("new/moved.tf.json")).unwrap();
        assert!(only_inserted(before, &after), "{after}");
        let doc: serde_json::Value = serde_json::from_str(&after).unwrap();
        assert_eq!(doc["moved"].as_array().unwrap().len(), 3, "{after}");
    }
}

/// `--format json` on stdout: each group is a document of its own, which
/// names its file in a `"//"` comment property and is valid JSON.
#[test]
fn json_groups_on_stdout_name_their_file() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path();
    child_module(root);
    let out = run(root, ["refactor", "old", "new", "--format", "json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let docs: Vec<serde_json::Value> = serde_json::Deserializer::from_str(&stdout(&out))
        .into_iter()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(docs.len(), 1);
    assert_eq!(docs[0]["//"], "new/modules/app/moved.tf.json");
    assert_eq!(docs[0]["moved"].as_array().unwrap().len(), 2);
}

fn assert_refused(out: &Output, what: &str) {
    assert_eq!(out.status.code(), Some(2), "{}{}", stdout(out), stderr(out));
    // Diagnostics are wrapped: compare with single spaces.
    let err = stderr(out).split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(err.contains("Error: Cannot write moved blocks"), "{err}");
    assert!(err.contains(what), "{err}");
    assert!(!err.contains("Wrote"), "{err}");
}

/// Where a block must go is not a regular file of the configuration:
/// exit 2, and nothing written anywhere (the root's moved.tf neither).
#[test]
fn targets_that_are_not_regular_files_are_refused_before_anything_is_written() {
    type Setup = Box<dyn Fn(&Path)>;
    let setups: Vec<(&str, Setup)> = vec![
        (
            "is a directory",
            Box::new(|app: &Path| fs::create_dir(app.join("moved.tf")).unwrap()),
        ),
        (
            "is read-only",
            Box::new(|app: &Path| {
                write_file(&app.join("moved.tf"), "# keep\n");
                fs::set_permissions(app.join("moved.tf"), fs::Permissions::from_mode(0o444))
                    .unwrap();
            }),
        ),
        (
            "symbolic link leading outside",
            Box::new(|app: &Path| {
                let outside = app.parent().unwrap().parent().unwrap().parent().unwrap();
                write_file(&outside.join("victim.tf"), "# victim\n");
                symlink(outside.join("victim.tf"), app.join("moved.tf")).unwrap();
            }),
        ),
    ];
    for (what, setup) in setups {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path().join("w");
        child_module(&root);
        // A root rename too, so two files would be written.
        write_file(
            &root.join("old/main.tf"),
            "module \"app\" {\n  source = \"./modules/app\"\n}\nresource \"terraform_data\" \"r\" {\n  input = 1\n}\n",
        );
        write_file(
            &root.join("new/main.tf"),
            "module \"app\" {\n  source = \"./modules/app\"\n}\nresource \"terraform_data\" \"s\" {\n  input = 1\n}\n",
        );
        let app = root.join("new/modules/app");
        fs::remove_file(app.join("moved.tf")).unwrap();
        write_file(
            &app.join("locals.tf"),
            "locals {\n  cache_name = \"cache\"\n}\n",
        );
        setup(&app);
        let before = snapshot(tmp.path());
        let out = run(&root, ["refactor", "old", "new", "--write"]);
        assert_refused(&out, what);
        assert_eq!(
            snapshot(tmp.path()),
            before,
            "{what}: something was written"
        );
    }
}

/// Every file under `dir` with its bytes and mode (links as their target).
fn snapshot(dir: &Path) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            let meta = fs::symlink_metadata(&p).unwrap();
            let content = if meta.file_type().is_symlink() {
                format!("-> {}", fs::read_link(&p).unwrap().display())
            } else if meta.is_dir() {
                stack.push(p.clone());
                "dir".into()
            } else {
                format!(
                    "{:o} {}",
                    meta.permissions().mode(),
                    fs::read_to_string(&p).unwrap()
                )
            };
            out.push((p.display().to_string(), content));
        }
    }
    out.sort();
    out
}

/// A link to a file inside NEW_DIR is written through: the link stays.
#[test]
fn a_link_inside_new_dir_is_written_through() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path();
    renames(root);
    fs::create_dir(root.join("new/shared")).unwrap();
    fs::rename(root.join("new/moved.tf"), root.join("new/shared/moves.hcl")).unwrap();
    symlink("shared/moves.hcl", root.join("new/moved.tf")).unwrap();
    let out = run(root, ["refactor", "old", "new", "--write"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let target = fs::read_to_string(root.join("new/shared/moves.hcl")).unwrap();
    assert!(
        fs::symlink_metadata(root.join("new/moved.tf"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert!(only_inserted(HAND_WRITTEN, &target), "{target}");
}

/// `apply` writes the state as terraform does: through a symlinked
/// `--state`, keeping the file's mode, creating it when it does not exist.
#[test]
fn apply_writes_state_through_links_keeping_the_mode() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path();
    write_file(&root.join("cfg/main.tf"), OLD_MAIN);
    // Neither the file nor its directory exist yet: both are created.
    let fresh = run(root, ["apply", "cfg", "--state", "states/new.tfstate"]);
    assert_eq!(fresh.status.code(), Some(0), "{}", stderr(&fresh));
    assert!(root.join("states/new.tfstate").is_file());

    let real = root.join("states/real.tfstate");
    fs::copy(root.join("states/new.tfstate"), &real).unwrap();
    fs::set_permissions(&real, fs::Permissions::from_mode(0o600)).unwrap();
    symlink("states/real.tfstate", root.join("link.tfstate")).unwrap();
    fs::remove_file(root.join("cfg/main.tf")).unwrap();
    write_file(
        &root.join("cfg/main.tf"),
        NEW_MAIN.replace("local.cache_name", "\"c\"").as_str(),
    );
    let out = run(root, ["apply", "cfg", "--state", "link.tfstate"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        fs::symlink_metadata(root.join("link.tfstate"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    let state: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(&real).unwrap()).unwrap();
    assert_eq!(state["serial"], 2, "{state}");
    assert_eq!(
        fs::metadata(&real).unwrap().permissions().mode() & 0o777,
        0o600
    );
    assert_eq!(fs::read_dir(root.join("states")).unwrap().count(), 2);

    // A dangling link: the state is created at its target.
    symlink("states/later.tfstate", root.join("later.tfstate")).unwrap();
    let out = run(root, ["apply", "cfg", "--state", "later.tfstate"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(root.join("states/later.tfstate").is_file());
}

/// A repository whose root `envs/prod` renames resources on the branch;
/// the head commit has the hand-written moved.tf (`moved` given here).
fn repo_with_renames(root: &Path, moved: Option<&str>) -> std::path::PathBuf {
    let repo = root.join("repo");
    let env = repo.join("envs/prod");
    fs::create_dir_all(&env).unwrap();
    git(&repo, &["init", "-q"]);
    git(&repo, &["config", "user.email", "t@example.com"]);
    git(&repo, &["config", "user.name", "t"]);
    let backend = "terraform {\n  backend \"local\" {}\n}\n";
    // A backend and a lock file: discovery finds the root.
    write_file(
        &env.join(".terraform.lock.hcl"),
        "provider \"registry.terraform.io/hashicorp/random\" {\n  version = \"3.6.0\"\n}\n",
    );
    write_file(&env.join("main.tf"), &format!("{backend}{OLD_MAIN}"));
    git(&repo, &["add", "-A"]);
    git(&repo, &["commit", "-qm", "base"]);
    git(&repo, &["tag", "base"]);
    write_file(&env.join("main.tf"), &format!("{backend}{NEW_MAIN}"));
    if let Some(m) = moved {
        write_file(&env.join("moved.tf"), m);
    }
    git(&repo, &["add", "-A"]);
    git(&repo, &["commit", "-qm", "head"]);
    repo
}

fn check_fix(repo: &Path, extra: &[&str]) -> Output {
    let mut args = vec!["check", "--base", "base", "--fix"];
    args.extend(extra);
    run(repo, &args)
}

#[test]
fn check_fix_keeps_every_byte_of_a_committed_moved_tf() {
    let tmp = tempfile::tempdir().unwrap();
    let repo = repo_with_renames(tmp.path(), Some(HAND_WRITTEN));
    let out = check_fix(&repo, &[]);
    // It wrote: what git would commit lacks the blocks until they are
    // staged, so the run fails, as a pre-commit hook that writes does.
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}{}",
        stdout(&out),
        stderr(&out)
    );
    let after = fs::read_to_string(repo.join("envs/prod/moved.tf")).unwrap();
    assert!(only_inserted(HAND_WRITTEN, &after), "{after}");
    assert_eq!(moved_blocks(&after), 3, "{after}");
    // Nothing else in the working tree changed.
    let status = git(&repo, &["status", "--porcelain"]);
    assert_eq!(stdout(&status), " M envs/prod/moved.tf\n");
}

/// The check reads the index: a moved.tf with changes that are not staged
/// is not what it proved, and is not touched (`--allow-dirty` no longer
/// exists for it to be); staged, the same edit is.
#[test]
fn check_fix_refuses_a_moved_tf_with_uncommitted_changes() {
    let tmp = tempfile::tempdir().unwrap();
    let repo = repo_with_renames(tmp.path(), Some(HAND_WRITTEN));
    let dirty = format!("{HAND_WRITTEN}\n# not committed yet\n");
    write_file(&repo.join("envs/prod/moved.tf"), &dirty);
    let out = check_fix(&repo, &[]);
    assert_refused(&out, "envs/prod/moved.tf has changes that are not staged");
    assert_eq!(
        fs::read_to_string(repo.join("envs/prod/moved.tf")).unwrap(),
        dirty
    );
    let out = check_fix(&repo, &["--allow-dirty"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("Stage (git add)"), "{}", stderr(&out));
    assert_eq!(
        fs::read_to_string(repo.join("envs/prod/moved.tf")).unwrap(),
        dirty
    );

    git(&repo, &["add", "envs/prod/moved.tf"]);
    let out = check_fix(&repo, &[]);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}{}",
        stdout(&out),
        stderr(&out)
    );
    let after = fs::read_to_string(repo.join("envs/prod/moved.tf")).unwrap();
    assert!(only_inserted(&dirty, &after), "{after}");
}

/// A moved.tf nobody committed or staged is someone's work in progress.
#[test]
fn check_fix_refuses_an_untracked_moved_tf_but_edits_a_staged_one() {
    let tmp = tempfile::tempdir().unwrap();
    let repo = repo_with_renames(tmp.path(), None);
    // The check reads the index, which has no moved.tf (and so no local
    // that main.tf reads): not checkable, and the file is not touched.
    write_file(&repo.join("envs/prod/moved.tf"), HAND_WRITTEN);
    let out = check_fix(&repo, &[]);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}{}",
        stdout(&out),
        stderr(&out)
    );
    assert!(stdout(&out).contains("cache_name"), "{}", stdout(&out));
    assert!(!stderr(&out).contains("Wrote"), "{}", stderr(&out));
    assert_eq!(
        fs::read_to_string(repo.join("envs/prod/moved.tf")).unwrap(),
        HAND_WRITTEN
    );
    // Staged (as the pre-commit hook sees a commit in the making).
    git(&repo, &["add", "envs/prod/moved.tf"]);
    let out = check_fix(&repo, &[]);
    // It wrote: what git would commit lacks the blocks until they are
    // staged, so the run fails, as a pre-commit hook that writes does.
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}{}",
        stdout(&out),
        stderr(&out)
    );
    let after = fs::read_to_string(repo.join("envs/prod/moved.tf")).unwrap();
    assert!(only_inserted(HAND_WRITTEN, &after), "{after}");
}

/// A moved.tf committed as a symlink leading out of the repository is
/// neither read (the root is not checkable) nor written through; the file
/// it points at is untouched.
#[test]
fn check_fix_never_writes_through_a_symlink() {
    let tmp = tempfile::tempdir().unwrap();
    let victim = tmp.path().join("victim.tf");
    write_file(&victim, HAND_WRITTEN);
    let repo = repo_with_renames(tmp.path(), None);
    symlink(&victim, repo.join("envs/prod/moved.tf")).unwrap();
    git(&repo, &["add", "-A"]);
    git(&repo, &["commit", "-qm", "link"]);
    let out = check_fix(&repo, &[]);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}{}",
        stdout(&out),
        stderr(&out)
    );
    let said = stdout(&out)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        said.contains("envs/prod/moved.tf is a link to a file outside the repository"),
        "{said}"
    );
    assert!(!said.contains("Wrote"), "{said}");
    assert_eq!(fs::read_to_string(&victim).unwrap(), HAND_WRITTEN);
}

/// Symlinks a pull request plants under the names temporary files had
/// (`moved.tf.minimod-tmp`) or might have: the write goes to a fresh,
/// exclusively created file and the targets stay as they were.
#[test]
fn check_fix_ignores_planted_temporary_file_names() {
    let tmp = tempfile::tempdir().unwrap();
    let victim = tmp.path().join("victim");
    write_file(&victim, "secret\n");
    let repo = repo_with_renames(tmp.path(), Some(HAND_WRITTEN));
    for name in ["moved.tf.minimod-tmp", ".moved.tf.tmp", ".moved.tf.1.tmp"] {
        symlink(&victim, repo.join("envs/prod").join(name)).unwrap();
    }
    git(&repo, &["add", "-A"]);
    git(&repo, &["commit", "-qm", "plant"]);
    let out = check_fix(&repo, &[]);
    // It wrote: what git would commit lacks the blocks until they are
    // staged, so the run fails, as a pre-commit hook that writes does.
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}{}",
        stdout(&out),
        stderr(&out)
    );
    assert_eq!(fs::read_to_string(&victim).unwrap(), "secret\n");
    let after = fs::read_to_string(repo.join("envs/prod/moved.tf")).unwrap();
    assert!(only_inserted(HAND_WRITTEN, &after), "{after}");
}

/// What `apply` records in `sensitive_attributes`, per resource name.
fn sensitive_attributes(state: &Path) -> Vec<(String, serde_json::Value)> {
    let doc: serde_json::Value = serde_json::from_str(&fs::read_to_string(state).unwrap()).unwrap();
    let mut out: Vec<(String, serde_json::Value)> = doc["resources"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|r| {
            let name = r["name"].as_str().unwrap().to_string();
            r["instances"].as_array().unwrap().iter().map(move |i| {
                // Terraform writes the paths in Go's map order: a set.
                let mut paths = i["sensitive_attributes"].clone();
                if let Some(a) = paths.as_array_mut() {
                    a.sort_by_key(|p| p.to_string());
                }
                (name.clone(), paths)
            })
        })
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

fn sensitive_fixture() -> std::path::PathBuf {
    common::repo_root().join("tests/data/write/sensitive")
}

/// `apply` records the sensitive paths terraform 1.11 records (the
/// fixture's terraform.tfstate was written by terraform: record.sh).
#[test]
fn apply_records_sensitive_attributes_as_terraform_does() {
    let tmp = tempfile::tempdir().unwrap();
    fs::copy(
        sensitive_fixture().join("main.tf"),
        tmp.path().join("main.tf"),
    )
    .unwrap();
    let out = run(tmp.path(), ["apply", ".", "--state", "ours.tfstate"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let want = sensitive_attributes(&sensitive_fixture().join("terraform.tfstate"));
    assert_eq!(sensitive_attributes(&tmp.path().join("ours.tfstate")), want);
}

/// With MINIMOD_LIVE set, terraform re-records the fixture's state and
/// must still write the committed `sensitive_attributes`.
#[test]
fn recorded_sensitive_attributes_match_terraform_live() {
    if !common::live() {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    common::record("write", tmp.path());
    assert_eq!(
        sensitive_attributes(&tmp.path().join("terraform.tfstate")),
        sensitive_attributes(&sensitive_fixture().join("terraform.tfstate"))
    );
}

/// A state minimod applied, given to a later `refactor --state`: the
/// report shows the password as sensitive, never its value.
#[test]
fn refactor_report_hides_what_apply_recorded_as_sensitive() {
    let tmp = tempfile::tempdir().unwrap();
    let old = tmp.path().join("old");
    let new = tmp.path().join("new");
    let main = fs::read_to_string(sensitive_fixture().join("main.tf")).unwrap();
    write_file(&old.join("main.tf"), &main);
    // Renamed, and one argument changed, so the report shows what differs.
    write_file(
        &new.join("main.tf"),
        &main
            .replace("\"db\"", "\"database\"")
            .replace("user = \"admin\"", "user = \"root\""),
    );
    let out = run(tmp.path(), ["apply", "old", "--state", "s.tfstate"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    for extra in [&[][..], &["--json"][..]] {
        let mut args = vec!["refactor", "old", "new", "--state", "s.tfstate"];
        args.extend(extra);
        let out = run(tmp.path(), &args);
        assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
        let all = format!("{}{}", stdout(&out), stderr(&out));
        assert!(all.contains("terraform_data.database"), "{all}");
        assert!(!all.contains("hunter2"), "the password leaked: {all}");
    }
}

/// `check --fix` in a child module's moved.tf (two roots call it): the
/// file keeps every byte, its `removed` block counts, and both roots pass.
#[test]
fn check_fix_keeps_every_byte_of_a_child_modules_moved_tf() {
    let tmp = tempfile::tempdir().unwrap();
    let repo = tmp.path().join("repo");
    let app = repo.join("modules/app");
    fs::create_dir_all(&app).unwrap();
    git(&repo, &["init", "-q"]);
    git(&repo, &["config", "user.email", "t@example.com"]);
    git(&repo, &["config", "user.name", "t"]);
    for env in ["dev", "prod"] {
        let dir = repo.join("envs").join(env);
        write_file(
            &dir.join(".terraform.lock.hcl"),
            "provider \"registry.terraform.io/hashicorp/random\" {\n  version = \"3.6.0\"\n}\n",
        );
        write_file(
            &dir.join("main.tf"),
            "terraform {\n  backend \"local\" {}\n}\n\nmodule \"app\" {\n  source = \"../../modules/app\"\n}\n",
        );
    }
    write_file(&app.join("main.tf"), OLD_MAIN);
    git(&repo, &["add", "-A"]);
    git(&repo, &["commit", "-qm", "base"]);
    git(&repo, &["tag", "base"]);
    write_file(&app.join("main.tf"), NEW_MAIN);
    write_file(&app.join("moved.tf"), HAND_WRITTEN);
    git(&repo, &["add", "-A"]);
    git(&repo, &["commit", "-qm", "head"]);
    let out = check_fix(&repo, &[]);
    // It wrote: what git would commit lacks the blocks until they are
    // staged, so the run fails, as a pre-commit hook that writes does.
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}{}",
        stdout(&out),
        stderr(&out)
    );
    let after = fs::read_to_string(app.join("moved.tf")).unwrap();
    assert!(only_inserted(HAND_WRITTEN, &after), "{after}");
    assert_eq!(moved_blocks(&after), 3, "{after}");
    assert!(!repo.join("envs/dev/moved.tf").exists());
}
