//! `minimod check` on pull requests written by anyone: each test is an
//! attack on the check (fooling it into a pass, or making it read or show
//! what is outside the repository), built as a small git repository.

mod common;

use std::path::PathBuf;
use std::process::Output;

/// A git repository in a temporary directory, built commit by commit.
struct Repo {
    _tmp: tempfile::TempDir,
    dir: PathBuf,
}

impl Repo {
    fn new() -> Repo {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("repo");
        std::fs::create_dir_all(&dir).unwrap();
        let repo = Repo { _tmp: tmp, dir };
        repo.git(&["init", "-q"]);
        repo.git(&["config", "user.email", "attacker@example.com"]);
        repo.git(&["config", "user.name", "attacker"]);
        repo
    }

    fn git(&self, args: &[&str]) {
        common::git(&self.dir, args);
    }

    fn write(&self, path: &str, text: &str) {
        let p = self.dir.join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }

    fn commit(&self, message: &str) {
        self.git(&["add", "-A"]);
        self.git(&["commit", "-qm", message]);
    }

    /// A root module discovery finds: a backend and a lock file.
    fn root(&self, dir: &str, body: &str) {
        self.write(
            &format!("{dir}/main.tf"),
            &format!("terraform {{\n  backend \"local\" {{}}\n}}\n\n{body}"),
        );
        self.write(
            &format!("{dir}/.terraform.lock.hcl"),
            "provider \"registry.terraform.io/hashicorp/random\" {\n  version = \"3.6.0\"\n}\n",
        );
    }

    /// `check --base HEAD~1`: the last commit is the pull request.
    fn check(&self, args: &[&str]) -> Output {
        self.check_base("HEAD~1", args)
    }

    /// `check --base BASE ARGS` (in JSON unless ARGS name a format).
    fn check_base(&self, base: &str, args: &[&str]) -> Output {
        let format: &[&str] = match args.contains(&"--format") {
            true => &[],
            false => &["--format", "json"],
        };
        common::minimod(&self.dir)
            .arg("check")
            .args(["--base", base])
            .args(format)
            .args(args)
            .output()
            .unwrap()
    }
}

fn roots(out: &Output) -> Vec<serde_json::Value> {
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stdout)));
    doc["roots"].as_array().cloned().unwrap_or_default()
}

fn outcome_of<'a>(roots: &'a [serde_json::Value], dir: &str) -> &'a str {
    roots
        .iter()
        .find(|r| r["dir"] == dir)
        .and_then(|r| r["outcome"].as_str())
        .unwrap_or_else(|| panic!("no root {dir} in {roots:?}"))
}

/// stdout then stderr: what a runner's log would show.
fn both(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

// What the check reads: what git stores, and each side with its own
// inputs.

/// The runner's checkout keeps its token in `.git/config`, and an earlier
/// step may leave a credentials file in the workspace: a pull request that
/// reads either (by `..` out of its root into `.git`, or by `fileset` over
/// the repository) inside an argument whose error quotes its value never
/// gets them into the report, in the default mode (the index) or with
/// `--head`.
#[test]
fn the_checkouts_token_and_untracked_files_never_reach_the_report() {
    let repo = Repo::new();
    repo.git(&[
        "config",
        "http.https://github.com/.extraheader",
        "AUTHORIZATION: basic TOKEN-0123456789",
    ]);
    repo.root(
        "envs/prod",
        "resource \"terraform_data\" \"a\" {\n  input = \"a\"\n}\n",
    );
    repo.commit("base");
    repo.root(
        "envs/prod",
        "resource \"terraform_data\" \"a\" {\n  input = \"a\"\n}\n\nresource \"terraform_data\" \"leak\" {\n  input = cidrhost(file(\"${path.module}/../../.git/config\"), 1)\n}\n\nresource \"terraform_data\" \"files\" {\n  input = [for f in fileset(\"${path.module}/../..\", \"**\") : tonumber(file(\"${path.module}/../../${f}\"))]\n}\n",
    );
    repo.commit("read the runner's files");
    // Left by an earlier step of the job: untracked, ignored or not.
    repo.write("credentials.json", "{\"token\": \"TOKEN-0123456789\"}\n");
    repo.write(".gitignore", "secret.env\n");
    repo.write("secret.env", "TOKEN=TOKEN-0123456789\n");
    for head in [&["--head", "HEAD"][..], &[][..]] {
        for format in ["text", "markdown", "json"] {
            let out = repo.check(&[head, &["--format", format]].concat());
            let all = both(&out);
            assert!(
                !all.contains("TOKEN-0123456789"),
                "{head:?} {format}: {all}"
            );
            assert_eq!(out.status.code(), Some(1), "{head:?} {format}: {all}");
        }
    }
}

/// Without `--head` the head is the index: what `git commit` would store.
/// An unstaged edit and an untracked file do not exist for the check; once
/// staged, they do.
#[test]
fn the_head_is_what_git_would_commit() {
    let repo = Repo::new();
    let both_resources = "resource \"terraform_data\" \"db\" {\n  input = \"db\"\n}\n\nresource \"terraform_data\" \"app\" {\n  input = \"app\"\n}\n";
    repo.root("live", both_resources);
    repo.commit("base");
    // Unstaged: the database deleted in the working tree only, and an
    // untracked file that would make a second root.
    repo.root(
        "live",
        "resource \"terraform_data\" \"app\" {\n  input = \"app\"\n}\n",
    );
    repo.root("other", "resource \"terraform_data\" \"x\" {}\n");
    let out = repo.check_base("HEAD", &[]);
    let found = roots(&out);
    assert_eq!(out.status.code(), Some(0), "{}", both(&out));
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(outcome_of(&found, "live"), "unchanged");
    // Staged, the deletion fails the check.
    repo.git(&["add", "live/main.tf"]);
    let out = repo.check_base("HEAD", &[]);
    assert_eq!(out.status.code(), Some(1), "{}", both(&out));
    assert_eq!(outcome_of(&roots(&out), "live"), "unmatched");
    assert!(both(&out).contains("terraform_data.db"), "{}", both(&out));
}

/// Links committed inside the repository lead where a checkout's would: a
/// link to a link, and a link through a linked directory. A base file
/// reached so must not vanish, or deleting its resource would pass.
#[test]
fn links_to_links_and_through_linked_directories_are_followed_inside_the_tree() {
    let db = "resource \"terraform_data\" \"db\" {\n  input = \"db\"\n}\n";
    for (how, links) in [
        (
            "link to a link",
            &[
                ("live/db.tf", "../common/db-link.tf"),
                ("common/db-link.tf", "db.tf.txt"),
            ][..],
        ),
        (
            "link through a linked directory",
            &[
                ("live/shared", "../common"),
                ("live/db.tf", "shared/db.tf.txt"),
            ][..],
        ),
    ] {
        let repo = Repo::new();
        repo.root("live", "resource \"terraform_data\" \"app\" {}\n");
        repo.write("common/db.tf.txt", db);
        for (link, target) in links {
            let at = repo.dir.join(link);
            std::fs::create_dir_all(at.parent().unwrap()).unwrap();
            std::os::unix::fs::symlink(target, at).unwrap();
        }
        repo.commit("base");
        repo.write("common/db.tf.txt", "# the database is gone\n");
        repo.commit("delete the database through the link");
        for head in [&["--head", "HEAD"][..], &[][..]] {
            let out = repo.check(head);
            assert_eq!(out.status.code(), Some(1), "{how} {head:?}: {}", both(&out));
            let roots = roots(&out);
            assert_eq!(outcome_of(&roots, "live"), "unmatched", "{how} {head:?}");
            assert!(
                both(&out).contains("terraform_data.db"),
                "{how}: {}",
                both(&out)
            );
        }
    }
}

/// Names are git's bytes: two configuration files whose names differ only
/// in bytes that are not UTF-8 are two files, never one, and the root that
/// holds them is refused, saying why, rather than checked with one of them.
#[test]
fn names_that_are_not_utf8_are_refused_not_merged() {
    use std::os::unix::ffi::OsStrExt;
    let repo = Repo::new();
    repo.root("live", "resource \"terraform_data\" \"app\" {}\n");
    let name = |b: u8| {
        let mut n = b"db".to_vec();
        n.push(b);
        n.extend_from_slice(b".tf");
        repo.dir.join("live").join(std::ffi::OsStr::from_bytes(&n))
    };
    std::fs::write(name(0xff), "resource \"terraform_data\" \"db\" {}\n").unwrap();
    std::fs::write(name(0xfe), "resource \"terraform_data\" \"db2\" {}\n").unwrap();
    repo.commit("base");
    std::fs::remove_file(name(0xfe)).unwrap();
    repo.commit("delete one of them");
    let out = repo.check(&["--format", "text"]);
    let all = both(&out);
    assert_eq!(out.status.code(), Some(1), "{all}");
    assert!(all.contains("not UTF-8"), "{all}");
    assert!(all.contains("live: not checkable"), "{all}");
}

/// `.gitattributes` never changes what is checked (the blobs are read as
/// stored), and a root whose checkout would hold other bytes says so.
#[test]
fn a_root_whose_checkout_differs_from_its_blobs_says_so() {
    let repo = Repo::new();
    repo.root(
        "live",
        "resource \"terraform_data\" \"app\" {\n  input = \"$Id$\"\n}\n",
    );
    repo.write(".gitattributes", "*.tf ident\n");
    repo.commit("base");
    repo.root(
        "live",
        "resource \"terraform_data\" \"app\" {\n  input = \"$Id$\"\n}\n# edited\n",
    );
    repo.commit("head");
    let out = repo.check(&[]);
    let roots = roots(&out);
    let live = roots.iter().find(|r| r["dir"] == "live").unwrap();
    assert_eq!(live["outcome"], "unchanged", "{live}");
    let note = live["note"].as_str().unwrap_or_default();
    assert!(
        note.contains("a checkout rewrites live/main.tf (ident)"),
        "{live}"
    );
}

/// A repository that names one 64 MiB blob under 1,024 configuration file
/// names (a 1 MB repository) is refused from the blobs' sizes, before any
/// is read; named so under other files, nothing of it is read at all.
#[test]
fn a_blob_named_a_thousand_times_is_refused_from_its_size() {
    for (names, want) in [("live/f{}.tf", 2), ("live/data/f{}.bin", 0)] {
        let repo = Repo::new();
        repo.root("live", "resource \"terraform_data\" \"app\" {}\n");
        repo.commit("base");
        let big = repo._tmp.path().join("big");
        let file = std::fs::File::create(&big).unwrap();
        file.set_len(64 << 20).unwrap();
        let oid = common::git(&repo.dir, &["hash-object", "-w", big.to_str().unwrap()]);
        let oid = String::from_utf8(oid.stdout).unwrap().trim().to_string();
        let mut index = String::new();
        for i in 0..1024 {
            index.push_str(&format!(
                "100644 {oid}\t{}\n",
                names.replace("{}", &i.to_string())
            ));
        }
        let mut child = std::process::Command::new("git")
            .args([
                "-C",
                repo.dir.to_str().unwrap(),
                "update-index",
                "--index-info",
            ])
            .stdin(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        use std::io::Write;
        child
            .stdin
            .take()
            .unwrap()
            .write_all(index.as_bytes())
            .unwrap();
        assert!(child.wait().unwrap().success());
        repo.git(&["commit", "-qm", "name it 1024 times"]);
        for head in [&["--head", "HEAD"][..], &[][..]] {
            let out = repo.check(head);
            assert_eq!(
                out.status.code(),
                Some(want),
                "{names} {head:?}: {}",
                both(&out)
            );
            if want == 2 {
                assert!(
                    both(&out).contains("Repository too large to check"),
                    "{}",
                    both(&out)
                );
            }
        }
    }
}

/// Each side is planned with its own revision's variables files: a pull
/// request that lowers the replicas in `prod.tfvars` (5 to 2) destroys
/// three, given by `.minimod.hcl` or by `--var-file`.
#[test]
fn each_side_reads_its_own_variables_files() {
    let body = "variable \"replicas\" {\n  type = number\n}\n\nresource \"terraform_data\" \"node\" {\n  count = var.replicas\n}\n";
    for declared in [true, false] {
        let repo = Repo::new();
        repo.root("live", body);
        repo.write("live/prod.tfvars", "replicas = 5\n");
        // A root that names a variables file is declared (discovery asks).
        let decl = match declared {
            true => "root \"live\" {\n  var_files = [\"prod.tfvars\"]\n}\n",
            false => "root \"live\" {}\n",
        };
        repo.write(".minimod.hcl", decl);
        repo.commit("base");
        repo.write("live/prod.tfvars", "replicas = 2\n");
        repo.commit("fewer replicas");
        let args: &[&str] = match declared {
            true => &[],
            false => &["--var-file", "live/prod.tfvars"],
        };
        let out = repo.check(args);
        assert_eq!(
            out.status.code(),
            Some(1),
            "declared {declared}: {}",
            both(&out)
        );
        let roots = roots(&out);
        assert_eq!(
            outcome_of(&roots, "live"),
            "unmatched",
            "declared {declared}"
        );
        let all = both(&out);
        for gone in [
            "terraform_data.node[2]",
            "terraform_data.node[3]",
            "terraform_data.node[4]",
        ] {
            assert!(all.contains(gone), "{gone}: {all}");
        }
    }
}

/// Which inputs a root gets is the base's policy: a pull request cannot
/// give its own check a variables file or values that only the check
/// reads, nor turn a directory the base has into a "new root" by
/// declaring it.
#[test]
fn a_pull_request_cannot_choose_its_own_inputs_or_declare_a_root_new() {
    // `count` 0 in prod: the resource is destroyed where it runs. A
    // check-only `env = "dev"` would make it a harmless move to r[0].
    let repo = Repo::new();
    let base = "variable \"env\" {\n  type = string\n}\n\nresource \"terraform_data\" \"r\" {}\n";
    repo.root("live", base);
    repo.commit("base");
    repo.root(
        "live",
        &base.replace(
            "\"r\" {}",
            "\"r\" {\n  count = var.env == \"prod\" ? 0 : 1\n}",
        ),
    );
    repo.write("live/check.tfvars", "env = \"dev\"\n");
    repo.write(
        ".minimod.hcl",
        "root \"live\" {\n  var_files = [\"check.tfvars\"]\n  variables = { env = \"dev\" }\n}\n",
    );
    repo.commit("destroy in prod, pass the check");
    let out = repo.check(&[]);
    assert_eq!(out.status.code(), Some(1), "{}", both(&out));
    assert_eq!(
        outcome_of(&roots(&out), "live"),
        "not-checkable",
        "{}",
        both(&out)
    );

    // A directory the base has (no backend, so discovery did not call it a
    // root), declared a root by the pull request that deletes from it.
    let repo = Repo::new();
    repo.write(
        "legacy/main.tf",
        "resource \"terraform_data\" \"db\" {}\n\nresource \"terraform_data\" \"app\" {}\n",
    );
    repo.root("live", "resource \"terraform_data\" \"a\" {}\n");
    repo.commit("base");
    repo.write("legacy/main.tf", "resource \"terraform_data\" \"app\" {}\n");
    repo.write(".minimod.hcl", "root \"legacy\" {}\n");
    repo.commit("declare it and delete the database");
    let out = repo.check(&[]);
    assert_eq!(out.status.code(), Some(1), "{}", both(&out));
    let roots = roots(&out);
    assert_eq!(outcome_of(&roots, "legacy"), "unmatched", "{roots:?}");
    assert!(both(&out).contains("terraform_data.db"), "{}", both(&out));
}

/// The shortcut that leaves an untouched root unplanned decides on the
/// configuration's syntax: a file function hidden from a text search (a
/// comment before its parenthesis, a JSON escape in its name, the `core::`
/// namespace) still makes the root depend on the data file it reads, and a
/// pull request that edits only that file is planned and fails.
#[test]
fn a_hidden_file_function_does_not_make_a_root_untouched() {
    let hcl = "resource \"terraform_data\" \"r\" {\n  for_each = toset(jsondecode(file /* list */ (\"../shared/names.json\")))\n}\n";
    let core = "resource \"terraform_data\" \"r\" {\n  for_each = toset(jsondecode(core::file(\"../shared/names.json\")))\n}\n";
    let json = r#"{"resource": {"terraform_data": {"r": {"for_each": "${toset(jsondecode(fil\u0065(\"../shared/names.json\")))}"}}}}"#;
    for (how, file, text) in [
        ("comment", "r.tf", hcl),
        ("core::", "r.tf", core),
        ("json escape", "r.tf.json", json),
    ] {
        let repo = Repo::new();
        repo.root("quiet", "");
        repo.write(&format!("quiet/{file}"), text);
        repo.write("shared/names.json", "[\"a\", \"b\"]\n");
        repo.commit("base");
        repo.write("shared/names.json", "[\"a\"]\n");
        repo.commit("only data changes");
        let out = repo.check(&[]);
        assert_eq!(out.status.code(), Some(1), "{how}: {}", both(&out));
        assert_eq!(outcome_of(&roots(&out), "quiet"), "unmatched", "{how}");
        assert!(
            both(&out).contains("terraform_data.r[\\\"b\\\"]"),
            "{how}: {}",
            both(&out)
        );
    }
}

/// A changed module directory is reached only through a call that is
/// planned with instances: a `count = 0` call (or one whose count a local
/// makes 0) added to a checked root evaluates nothing in it, so the change
/// stays unreached and the check fails.
#[test]
fn a_call_without_instances_reaches_nothing() {
    for count in ["0", "local.none"] {
        let repo = Repo::new();
        repo.root("live", "resource \"terraform_data\" \"a\" {}\n");
        // Called only from a directory discovery does not take for a root.
        repo.write(
            "legacy/main.tf",
            "module \"m\" {\n  source = \"../modules/m\"\n}\n",
        );
        repo.write(
            "modules/m/main.tf",
            "resource \"terraform_data\" \"db\" {}\n",
        );
        repo.commit("base");
        repo.write("modules/m/main.tf", "# the database is gone\n");
        repo.root(
            "live",
            &format!("resource \"terraform_data\" \"a\" {{}}\n\nlocals {{\n  none = 0\n}}\n\nmodule \"x\" {{\n  source = \"../modules/m\"\n  count  = {count}\n}}\n"),
        );
        repo.commit("delete in a module no planned call reaches");
        let out = repo.check(&["--format", "text"]);
        let all = both(&out);
        assert_eq!(out.status.code(), Some(1), "{count}: {all}");
        assert!(
            all.contains("modules/m: changed, but no checked root reaches it"),
            "{count}: {all}"
        );
    }
}

/// `path.cwd`, `path.root` and `abspath` are what terraform sees running
/// in the root's directory of a checkout, on both sides; a file named by
/// an absolute path there is the revision's own.
#[test]
fn paths_are_terraforms_in_the_roots_directory() {
    let repo = Repo::new();
    repo.root("envs/prod", "resource \"terraform_data\" \"r\" {}\n");
    repo.write("envs/prod/data.txt", "from the revision\n");
    repo.commit("base");
    repo.root(
        "envs/prod",
        "resource \"terraform_data\" \"r\" {\n  count = endswith(abspath(path.root), \"envs/prod\") && endswith(path.cwd, \"envs/prod\") ? 1 : 0\n}\n\nresource \"terraform_data\" \"read\" {\n  input = file(\"${abspath(path.root)}/data.txt\")\n}\n",
    );
    repo.commit("count by where it runs");
    let out = repo.check(&["--allow-add"]);
    assert_eq!(out.status.code(), Some(0), "{}", both(&out));
    let roots = roots(&out);
    assert_eq!(outcome_of(&roots, "envs/prod"), "proven", "{roots:?}");
}

/// An object the pull request moves with its own `moved` block and also
/// updates in place fails as a generated move with an update does, naming
/// the attribute and saying that only the provider knows whether the
/// update replaces it, unless the base's policy or `--allow-update`
/// accepts it.
#[test]
fn a_declared_move_with_an_update_needs_the_same_consent() {
    let repo = Repo::new();
    repo.root(
        "live",
        "resource \"terraform_data\" \"a\" {\n  input = \"x\"\n}\n",
    );
    repo.commit("base");
    repo.root(
        "live",
        "resource \"terraform_data\" \"b\" {\n  input = \"y\"\n}\n\nmoved {\n  from = terraform_data.a\n  to   = terraform_data.b\n}\n",
    );
    repo.commit("rename and change");
    let out = repo.check(&["--format", "text"]);
    let all = both(&out);
    assert_eq!(out.status.code(), Some(1), "{all}");
    assert!(
        all.contains("only the provider knows whether an update replaces the object"),
        "{all}"
    );
    assert!(
        all.contains("did you mean: --allow-update? terraform_data.a -> terraform_data.b, updated in place: input"),
        "{all}"
    );
    let out = repo.check(&["--allow-update"]);
    assert_eq!(out.status.code(), Some(0), "{}", both(&out));
    let roots = roots(&out);
    assert_eq!(outcome_of(&roots, "live"), "proven");
    assert_eq!(
        roots[0]["updates_accepted"][0]["attributes"][0], "input",
        "{roots:?}"
    );
}

/// `export-ignore` hides a directory from `git archive`: a pull request that
/// deletes a resource there must still fail, at head as a revision and as
/// the working tree.
#[test]
fn export_ignore_does_not_hide_a_destroy() {
    let repo = Repo::new();
    repo.root("live", "resource \"terraform_data\" \"db\" {\n  input = \"db\"\n}\n\nresource \"terraform_data\" \"app\" {\n  input = \"app\"\n}\n");
    repo.commit("base");
    repo.write(".gitattributes", "/live export-ignore\n");
    repo.root(
        "live",
        "resource \"terraform_data\" \"app\" {\n  input = \"app\"\n}\n",
    );
    repo.commit("delete the database, hidden from git archive");
    for head in [vec!["--head", "HEAD"], vec![]] {
        let out = repo.check(&head);
        assert_eq!(
            out.status.code(),
            Some(1),
            "head {head:?}: {}",
            String::from_utf8_lossy(&out.stdout)
        );
        let roots = roots(&out);
        assert_eq!(outcome_of(&roots, "live"), "unmatched", "head {head:?}");
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(stdout.contains("terraform_data.db"), "{stdout}");
    }
}

/// `export-subst` rewrites `$Format:...$` in `git archive`: the check must
/// see the file as it will be merged (11 characters, not a 40-digit hash).
#[test]
fn export_subst_does_not_change_what_is_checked() {
    let repo = Repo::new();
    repo.root(
        "live",
        "resource \"terraform_data\" \"n\" {\n  count = 40\n}\n",
    );
    repo.commit("base");
    repo.write(".gitattributes", "*.tf export-subst\n");
    repo.root(
        "live",
        "resource \"terraform_data\" \"n\" {\n  count = length(\"$Format:%H$\")\n}\n",
    );
    repo.commit("29 fewer instances, disguised");
    let out = repo.check(&["--head", "HEAD"]);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert_eq!(outcome_of(&roots(&out), "live"), "unmatched");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("terraform_data.n[39]"), "{stdout}");
}

/// A committed symlink out of the repository is never followed when a
/// revision is read: the file it names is not there, and nothing of it
/// reaches the report.
#[test]
fn a_committed_symlink_out_of_the_repository_is_not_read() {
    let repo = Repo::new();
    let secret = repo._tmp.path().join("runner-secret.txt");
    std::fs::write(&secret, "TOKEN-0123456789").unwrap();
    repo.root(
        "live",
        "resource \"terraform_data\" \"a\" {\n  input = \"a\"\n}\n",
    );
    repo.commit("base");
    std::os::unix::fs::symlink(&secret, repo.dir.join("live/secret.txt")).unwrap();
    repo.root(
        "live",
        "resource \"terraform_data\" \"a\" {\n  input = \"a\"\n}\n\nresource \"terraform_data\" \"leak\" {\n  for_each = toset([file(\"${path.module}/secret.txt\")])\n}\n",
    );
    repo.commit("read a file through a link");
    let out = repo.check(&["--head", "HEAD"]);
    let all = both(&out);
    assert!(!all.contains("TOKEN-0123456789"), "{all}");
    assert_ne!(out.status.code(), Some(0), "{all}");
    assert_eq!(common::read(&secret), "TOKEN-0123456789");
}

/// A configuration file committed as a link to a file of the runner: in
/// the working tree the link is there on disk; the check does not read it,
/// so no parse error quotes its first line, and the root is not checkable.
/// (A revision's tree leaves such a link out: the secret is not read
/// either way.)
#[test]
fn a_linked_configuration_file_outside_the_repository_is_not_read() {
    let repo = Repo::new();
    let secret = repo._tmp.path().join("credentials");
    std::fs::write(&secret, "TOKEN-0123456789 = not hcl !!\n").unwrap();
    repo.root("live", "resource \"terraform_data\" \"a\" {}\n");
    repo.commit("base");
    std::os::unix::fs::symlink(&secret, repo.dir.join("live/creds.tf")).unwrap();
    repo.commit("link a file of the runner");
    for head in [&["--head", "HEAD"][..], &[][..]] {
        let out = repo.check(&[&["--format", "text"][..], head].concat());
        let all = both(&out);
        assert!(!all.contains("TOKEN-0123456789"), "{head:?}: {all}");
    }
    let all = both(&repo.check(&["--format", "text"]));
    assert!(
        all.contains("Configuration file outside the repository"),
        "{all}"
    );
    assert!(all.contains("Failed: 1 of 1 root modules."), "{all}");
}

/// A module call whose directory is outside the repository (by `..`
/// steps, through a committed link to a directory, or through a committed
/// module manifest) is not loaded: the root is not checkable, and nothing
/// of the runner's module (here a resource named after a secret) reaches
/// the report.
#[test]
fn module_sources_outside_the_repository_are_not_read() {
    let outside = |repo: &Repo| {
        let dir = repo._tmp.path().join("runner-module");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join("main.tf"),
            "resource \"terraform_data\" \"TOKEN0123456789\" {}\n",
        )
        .unwrap();
        dir
    };
    let call = |source: &str| format!("module \"x\" {{\n  source = \"{source}\"\n}}\n");
    let base = "resource \"terraform_data\" \"a\" {}\n";
    type Plant<'a> = &'a dyn Fn(&Repo, &std::path::Path);
    let cases: [(&str, Plant); 3] = [
        ("dot-dot", &|repo, _| {
            let up = "../".repeat(30);
            repo.root(
                "live",
                &format!(
                    "{base}{}",
                    call(
                        &format!("{up}{}", repo._tmp.path().join("runner-module").display())
                            .replace("//", "/")
                    )
                ),
            );
        }),
        ("linked directory", &|repo, dir| {
            std::os::unix::fs::symlink(dir, repo.dir.join("live/mods")).unwrap();
            repo.root("live", &format!("{base}{}", call("./mods")));
        }),
        ("manifest", &|repo, dir| {
            repo.write(
                "live/.terraform/modules/modules.json",
                &format!("{{\"Modules\":[{{\"Key\":\"x\",\"Source\":\"registry.example/x\",\"Dir\":{:?}}}]}}", dir.display().to_string()),
            );
            repo.root("live", &format!("{base}{}", call("registry.example/x")));
        }),
    ];
    for (name, pr) in cases {
        for head in [&["--head", "HEAD"][..], &[][..]] {
            let repo = Repo::new();
            let dir = outside(&repo);
            repo.root("live", base);
            repo.commit("base");
            pr(&repo, &dir);
            repo.git(&["add", "-A", "-f"]);
            repo.git(&["commit", "-qm", "call a module outside"]);
            let out = repo.check(&[&["--format", "text"][..], head].concat());
            let all = both(&out);
            assert!(!all.contains("TOKEN0123456789"), "{name} {head:?}: {all}");
            assert_eq!(out.status.code(), Some(1), "{name} {head:?}: {all}");
        }
    }
}

/// `.minimod.hcl` may name variable files for a root; one that leads out of
/// the repository makes the root not checkable, and its content (here the
/// runner's environment) never reaches the report.
#[test]
fn var_files_outside_the_repository_are_refused() {
    for escape in ["../../../../../../../../proc/self/environ", "/etc/passwd"] {
        let repo = Repo::new();
        let body = "variable \"name\" {\n  type = string\n}\n\nresource \"terraform_data\" \"a\" {\n  for_each = toset([var.name])\n}\n";
        repo.root("live", body);
        repo.write(
            ".minimod.hcl",
            &format!("root \"live\" {{\n  var_files = [\"{escape}\"]\n}}\n"),
        );
        repo.commit("base");
        repo.write("live/extra.tf", "# touched\n");
        repo.commit("head");
        let out = common::minimod(&repo.dir)
            .args(["check", "--base", "HEAD~1", "--format", "markdown"])
            .env("MINIMOD_TEST_SECRET", "TOKEN-0123456789")
            .output()
            .unwrap();
        let all = both(&out);
        assert!(!all.contains("TOKEN-0123456789"), "{escape}: {all}");
        assert!(!all.contains("root:x:0:0"), "{escape}: {all}");
        assert!(all.contains("outside the repository"), "{escape}: {all}");
        assert_eq!(out.status.code(), Some(1), "{escape}: {all}");
    }
}

/// Filesystem functions read only the revision's own files: an absolute
/// path, a `..` path and a link in the working tree all fail, naming why.
#[test]
fn filesystem_functions_stay_inside_the_repository() {
    let outside = tempfile::tempdir().unwrap();
    let secret = outside.path().join("secret.txt");
    std::fs::write(&secret, "TOKEN-0123456789").unwrap();
    let ups = "../".repeat(12);
    for (name, expr) in [
        ("absolute", format!("file(\"{}\")", secret.display())),
        (
            "dotdot",
            format!(
                "file(\"{ups}{}\")",
                secret.display().to_string().trim_start_matches('/')
            ),
        ),
        ("link", "file(\"${path.module}/link.txt\")".to_string()),
        (
            "fileset",
            format!(
                "join(\",\", fileset(\"{}\", \"*\"))",
                outside.path().display()
            ),
        ),
    ] {
        let repo = Repo::new();
        repo.root(
            "live",
            "resource \"terraform_data\" \"a\" {\n  input = \"a\"\n}\n",
        );
        repo.commit("base");
        std::os::unix::fs::symlink(&secret, repo.dir.join("live/link.txt")).unwrap();
        repo.root(
            "live",
            &format!("resource \"terraform_data\" \"a\" {{\n  input = \"a\"\n}}\n\nresource \"terraform_data\" \"leak\" {{\n  for_each = toset([{expr}])\n}}\n"),
        );
        // The index is the head: staged, not committed.
        repo.git(&["add", "-A"]);
        let out = repo.check_base("HEAD", &[]);
        let all = both(&out);
        assert!(!all.contains("TOKEN-0123456789"), "{name}: {all}");
        assert_eq!(
            outcome_of(&roots(&out), "live"),
            "not-checkable",
            "{name}: {all}"
        );
        // The message is wrapped; JSON writes its line breaks as `\n`.
        assert!(
            all.replace("\\n", " ").contains("outside the repository"),
            "{name}: {all}"
        );
    }
}

/// `TF_VAR_` variables of the runner are not read unless asked for.
#[test]
fn the_runners_environment_is_not_read() {
    let repo = Repo::new();
    let body = "variable \"token\" {\n  type    = string\n  default = \"none\"\n}\n\nresource \"terraform_data\" \"a\" {\n  for_each = toset([var.token])\n}\n";
    repo.root("live", body);
    repo.commit("base");
    repo.root("live", &body.replace("[var.token]", "[\"${var.token}-2\"]"));
    repo.commit("head");
    let run = |args: &[&str]| {
        let out = common::minimod(&repo.dir)
            .args(["check", "--base", "HEAD~1", "--format", "json"])
            .args(args)
            .env("TF_VAR_token", "TOKEN-0123456789")
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let plain = run(&[]);
    assert!(!plain.contains("TOKEN-0123456789"), "{plain}");
    assert!(
        plain.contains("terraform_data.a[\\\"none-2\\\"]"),
        "{plain}"
    );
    let asked = run(&["--tf-var-env"]);
    assert!(asked.contains("TOKEN-0123456789-2"), "{asked}");
}

/// A directory named to inject a workflow command, break the markdown
/// table or close a code span is printed escaped in every format.
#[test]
fn hostile_directory_names_are_escaped() {
    let repo = Repo::new();
    let dir = "envs/x\n::warning::pwned|`tick`<b>";
    repo.root(
        dir,
        "resource \"terraform_data\" \"db\" {\n  input = \"db\"\n}\n",
    );
    repo.commit("base");
    repo.root(
        dir,
        "resource \"terraform_data\" \"db2\" {\n  input = \"other\"\n}\n",
    );
    repo.commit("head");
    let run = |format: &str| {
        let out = common::minimod(&repo.dir)
            .args([
                "check", "--base", "HEAD~1", "--head", "HEAD", "--format", format,
            ])
            .env("GITHUB_ACTIONS", "true")
            .output()
            .unwrap();
        assert_eq!(
            out.status.code(),
            Some(1),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        // The report on stdout, the annotations on stderr.
        both(&out)
    };
    for format in ["text", "markdown", "json"] {
        let out = run(format);
        for line in out.lines() {
            assert!(
                !line.starts_with("::warning"),
                "{format}: a workflow command was injected:\n{out}"
            );
        }
        let errors: Vec<&str> = out.lines().filter(|l| l.starts_with("::error")).collect();
        assert_eq!(errors.len(), 1, "{format}: {out}");
        assert!(errors[0].contains("%0A::warning::pwned"), "{format}: {out}");
    }
    let md = run("markdown");
    let rows: Vec<&str> = md.lines().filter(|l| l.starts_with('|')).collect();
    assert_eq!(rows.len(), 3, "header, rule and one root:\n{md}");
    assert!(
        rows[2].contains("``envs/x\\n::warning::pwned\\|`tick`<b>``"),
        "{md}"
    );
    assert!(
        md.contains("<code>envs/x\\n::warning::pwned|`tick`&lt;b&gt;</code>"),
        "{md}"
    );
}

/// Roots with a backend but no committed lock file (discovery cannot name
/// their tool): a rename in their shared module must not pass with an
/// empty table. They are checked with the default engine, and say so.
#[test]
fn roots_without_a_lock_file_are_checked_not_dropped() {
    let repo = Repo::new();
    for env in ["dev", "prod"] {
        repo.write(
            &format!("envs/{env}/main.tf"),
            "terraform {\n  backend \"s3\" {}\n}\n\nmodule \"app\" {\n  source = \"../../modules/app\"\n}\n",
        );
    }
    repo.write("modules/app/main.tf", "resource \"terraform_data\" \"a\" {\n  input = 1\n}\n\nresource \"terraform_data\" \"b\" {\n  input = 2\n}\n");
    repo.commit("base");
    repo.write("modules/app/main.tf", "resource \"terraform_data\" \"a2\" {\n  input = 1\n}\n\nresource \"terraform_data\" \"b2\" {\n  input = 2\n}\n");
    repo.commit("rename in the shared module");
    let out = repo.check(&[]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    let roots = roots(&out);
    assert_eq!(roots.len(), 2, "{stdout}");
    for r in &roots {
        assert_eq!(r["outcome"], "moved-blocks-missing", "{r}");
        assert!(
            r["note"].as_str().unwrap().contains("default engine"),
            "{r}"
        );
    }
}

/// A change to a directory no checked root reaches is not checked, so the
/// check fails naming it (or warns, when `.minimod.hcl` says so); with no
/// root at all, nothing is proven and the check fails.
#[test]
fn what_no_root_reaches_is_never_a_pass() {
    let repo = Repo::new();
    repo.root(
        "live",
        "resource \"terraform_data\" \"a\" {\n  input = \"a\"\n}\n",
    );
    // No backend: discovery leaves it out.
    repo.write(
        "stray/main.tf",
        "resource \"terraform_data\" \"x\" {\n  input = 1\n}\n",
    );
    repo.commit("base");
    repo.write(
        "stray/main.tf",
        "resource \"terraform_data\" \"y\" {\n  input = 1\n}\n",
    );
    repo.commit("change a directory nothing checks");
    let out = repo.check(&[]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["unreached"][0]["dir"], "stray", "{stdout}");
    assert!(
        doc["unreached"][0]["reason"]
            .as_str()
            .unwrap()
            .contains("no backend"),
        "{stdout}"
    );

    // The pull request cannot relax its own check...
    repo.write(".minimod.hcl", "check {\n  unreached = \"warn\"\n}\n");
    repo.commit("make it a warning");
    let out = repo.check_base("HEAD~2", &["--format", "text"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    // ...the target branch's policy does.
    repo.write(
        "stray/main.tf",
        "resource \"terraform_data\" \"z\" {\n  input = 1\n}\n",
    );
    repo.commit("change it again");
    let out = repo.check_base("HEAD~1", &["--format", "text"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("Passed, with a warning"), "{stdout}");

    let empty = Repo::new();
    empty.write("README.md", "nothing\n");
    empty.commit("base");
    empty.write("README.md", "still nothing\n");
    empty.commit("head");
    let out = empty.check(&["--format", "text"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("no root module was checked"), "{stdout}");
}

/// A root whose files stop loading at head fails saying why, instead of
/// being reported as deleted; and the check runs from a subdirectory.
#[test]
fn a_root_that_stops_loading_fails_saying_why_from_any_subdirectory() {
    let repo = Repo::new();
    repo.root(
        "envs/prod",
        "resource \"terraform_data\" \"a\" {\n  input = \"a\"\n}\n",
    );
    repo.commit("base");
    repo.root(
        "envs/prod",
        "resource \"terraform_data\" \"a\" {\n  input = \"a\"\n",
    );
    repo.commit("a syntax error");
    let out = common::minimod(&repo.dir.join("envs/prod"))
        .args(["check", "--base", "HEAD~1", "--format", "json"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let roots = roots(&out);
    assert_eq!(outcome_of(&roots, "envs/prod"), "not-checkable", "{stdout}");
    let error = roots[0]["error"].as_str().unwrap();
    assert!(error.contains("envs/prod/main.tf"), "{error}");
}

/// Annotations point at a line the pull request holds: the declaration the
/// missing block moves to, not a `moved.tf` that does not exist yet.
#[test]
fn annotations_point_at_the_lines_the_pull_request_holds() {
    let repo = Repo::new();
    repo.root(
        "live",
        "resource \"terraform_data\" \"db\" {\n  input = \"db\"\n}\n",
    );
    repo.commit("base");
    repo.root(
        "live",
        "resource \"terraform_data\" \"database\" {\n  input = \"db\"\n}\n",
    );
    repo.commit("rename");
    let out = common::minimod(&repo.dir)
        .args(["check", "--base", "HEAD~1"])
        .env("GITHUB_ACTIONS", "true")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    let errors: Vec<&str> = stderr
        .lines()
        .filter(|l| l.starts_with("::error"))
        .collect();
    // `live/main.tf` holds the backend block first: the resource is on line 5.
    assert_eq!(errors.len(), 1, "{stderr}");
    assert!(
        errors[0].starts_with("::error file=live/main.tf,line=5,"),
        "{stderr}"
    );
    assert!(!String::from_utf8_lossy(&out.stdout).contains("::error"));
}

/// Remote module sources are never fetched: a `git::` source that would
/// work (a local repository) is not cloned, nothing is installed, and the
/// new call is an opaque unit whose content the root cannot speak for.
#[test]
fn remote_module_sources_are_never_fetched() {
    let remote = Repo::new();
    remote.write(
        "main.tf",
        "resource \"terraform_data\" \"read_from_the_remote\" {\n  input = 1\n}\n",
    );
    remote.commit("a module");
    let repo = Repo::new();
    repo.root(
        "live",
        "resource \"terraform_data\" \"a\" {\n  input = 1\n}\n",
    );
    repo.commit("base");
    repo.root(
        "live",
        &format!(
            "resource \"terraform_data\" \"a\" {{\n  input = 1\n}}\n\nmodule \"m\" {{\n  source = \"git::file://{}\"\n}}\n",
            remote.dir.display()
        ),
    );
    repo.commit("a remote module");
    let out = repo.check(&["--head", "HEAD"]);
    let all = both(&out);
    // The module's own resource (a report's `"fetched": []` says the
    // same: nothing was fetched).
    assert!(!all.contains("read_from_the_remote"), "{all}");
    assert!(all.contains("\"fetched\": []"), "{all}");
    assert!(!repo.dir.join("live/.terraform").exists());
    assert_eq!(outcome_of(&roots(&out), "live"), "unmatched", "{all}");
    assert!(
        all.contains("module.m is a new call of a remote module"),
        "{all}"
    );
}

/// Nothing of the runner's environment reaches a report: not its home
/// directory through `pathexpand`, nor its `TF_WORKSPACE`.
#[test]
fn home_and_workspace_of_the_runner_stay_out() {
    let repo = Repo::new();
    repo.root(
        "live",
        "resource \"terraform_data\" \"a\" {\n  input = \"a\"\n}\n",
    );
    // Declared: a root reading its workspace is otherwise left out.
    repo.write(".minimod.hcl", "root \"live\" {}\n");
    repo.commit("base");
    repo.root(
        "live",
        "resource \"terraform_data\" \"a\" {\n  input = \"a\"\n}\n\nresource \"terraform_data\" \"ws\" {\n  for_each = toset([terraform.workspace])\n}\n\nresource \"terraform_data\" \"home\" {\n  for_each = toset([pathexpand(\"~\")])\n}\n",
    );
    repo.commit("read the environment");
    let out = common::minimod(&repo.dir)
        .args(["check", "--base", "HEAD~1", "--format", "json"])
        .env("HOME", "/home/SECRET-HOME")
        .env("TF_WORKSPACE", "SECRET-WORKSPACE")
        .output()
        .unwrap();
    let all = both(&out);
    assert!(!all.contains("SECRET"), "{all}");
    assert_eq!(outcome_of(&roots(&out), "live"), "not-checkable", "{all}");
}

// What the check prints: everything printed is inert.

/// What a pull request writes to hijack a runner: a workflow command at
/// the start of a line, one after leading whitespace, and the legacy
/// syntax, which the runner finds anywhere in a line.
const COMMANDS: &str = "\n::set-output name=x::y\n  ::add-mask::m ##[set-output name=z]";

/// Every line of stdout and stderr is inert for a GitHub Actions runner:
/// none starts with `::` after its leading whitespace (but minimod's own
/// `::error` annotations on stderr), and `##[` is nowhere. Lines end at
/// LF or CR, as the runner reads them. Gives stdout and stderr.
fn assert_inert(what: &str, out: &Output) -> (String, String) {
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    for (stream, text) in [("stdout", &stdout), ("stderr", &stderr)] {
        for line in text.split(['\n', '\r']) {
            let own = stream == "stderr" && line.starts_with("::error ");
            assert!(
                own || !line.trim_start().starts_with("::"),
                "{what}: {stream} starts a workflow command: {line:?}\n{text}"
            );
            assert!(
                !line.contains("##["),
                "{what}: {stream} holds `##[`: {line:?}\n{text}"
            );
        }
    }
    (stdout, stderr)
}

/// A repository whose pull request puts workflow commands in every name it
/// controls: a directory, a `for_each` key (the head destroys them), a
/// `.minimod.hcl` root label (no such directory), a var file name (no such
/// file) and a validation `error_message` with newlines.
fn commanding_repo() -> (Repo, String) {
    let repo = Repo::new();
    let dir = format!("envs/a{COMMANDS}");
    let hcl = |s: &str| s.replace('\n', "\\n");
    repo.root(
        &dir,
        &format!(
            "resource \"terraform_data\" \"k\" {{\n  for_each = toset([\"{}\", \"key\"])\n}}\n",
            hcl(COMMANDS)
        ),
    );
    repo.root("live", "resource \"terraform_data\" \"a\" {}\n");
    let valid = format!(
        "variable \"x\" {{\n  default = \"bad\"\n  validation {{\n    condition     = var.x == \"good\"\n    error_message = \"Bad.{}\"\n  }}\n}}\n\nresource \"terraform_data\" \"a\" {{}}\n",
        hcl(COMMANDS)
    );
    repo.root("valid", &valid);
    repo.write(
        ".minimod.hcl",
        &format!(
            "root \"live\" {{\n  var_files = [\"{}.tfvars\"]\n}}\n\nroot \"ghost{}\" {{}}\n",
            hcl(COMMANDS),
            hcl(COMMANDS)
        ),
    );
    repo.commit("base");
    repo.root(&dir, "# every key gone\n");
    repo.root("live", "resource \"terraform_data\" \"a\" {}\n# touched\n");
    repo.root("valid", &format!("{valid}# touched\n"));
    repo.commit("head");
    (repo, dir)
}

/// In a GitHub Actions run, the check's text, markdown and JSON reports,
/// its warnings and its annotations are inert, whichever name or message
/// of the pull request carries the commands; the JSON says the same.
#[test]
fn pull_request_names_and_messages_print_inert_in_actions() {
    let (repo, dir) = commanding_repo();
    for format in ["text", "markdown", "json"] {
        let out = common::minimod(&repo.dir)
            .args(["check", "--base", "HEAD~1", "--head", "HEAD"])
            .args(["--format", format])
            .env("GITHUB_ACTIONS", "true")
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{format}: {}", both(&out));
        let (stdout, stderr) = assert_inert(format, &out);
        let all = format!("{stdout}{stderr}");
        // The commands reached the output (escaped, but every character kept).
        let seen = all.replace('\u{200b}', "").replace("\\u0023", "#");
        for name in [
            "set-output name=x::y",
            "add-mask::m",
            "##[set-output name=z]",
        ] {
            assert!(seen.contains(name), "{format}: {name} not shown:\n{all}");
        }
        for part in ["Bad.", "ghost", ".tfvars", "terraform_data.k["] {
            assert!(all.contains(part), "{format}: {part} not shown:\n{all}");
        }
        let own: Vec<&str> = stderr.lines().filter(|l| l.starts_with("::")).collect();
        assert_eq!(own.len(), 4, "{format}: one annotation a root:\n{stderr}");
        assert!(own.iter().all(|l| l.starts_with("::error ")), "{stderr}");
        if format == "json" {
            assert_eq!(outcome_of(&roots(&out), &dir), "unmatched", "{stdout}");
        }
    }
}

/// A check's report is inert outside Actions too: a workflow may print the
/// markdown file into its log in a later step.
#[test]
fn a_checks_report_is_inert_wherever_it_runs() {
    let (repo, _) = commanding_repo();
    for format in ["text", "markdown", "json"] {
        let out = repo.check(&["--head", "HEAD", "--format", format]);
        assert_eq!(out.status.code(), Some(1), "{format}: {}", both(&out));
        let (stdout, _) = assert_inert(format, &out);
        assert!(stdout.contains("set-output"), "{format}: {stdout}");
    }
}

/// `plan`'s and `refactor`'s diagnostics and reports are inert in Actions;
/// outside it, their output is what it always was.
#[test]
fn plan_and_refactor_print_inert_in_actions() {
    let tmp = tempfile::tempdir().unwrap();
    let hcl = COMMANDS.replace('\n', "\\n");
    let bad = format!(
        "variable \"x\" {{\n  default = \"bad\"\n  validation {{\n    condition     = var.x == \"good\"\n    error_message = \"Bad.{hcl}\"\n  }}\n}}\n"
    );
    let keys =
        format!("resource \"terraform_data\" \"k\" {{\n  for_each = toset([\"{hcl}\"])\n}}\n");
    for (dir, text) in [("bad", &bad), ("old", &keys), ("new", &String::new())] {
        std::fs::create_dir_all(tmp.path().join(dir)).unwrap();
        std::fs::write(tmp.path().join(dir).join("main.tf"), text).unwrap();
    }
    let run = |args: &[&str], actions: bool| {
        let mut cmd = common::minimod(tmp.path());
        cmd.args(args).env_remove("GITHUB_ACTIONS");
        if actions {
            cmd.env("GITHUB_ACTIONS", "true");
        }
        cmd.output().unwrap()
    };
    let commands: [&[&str]; 4] = [
        &["plan", "bad"],
        &["refactor", "bad", "bad"],
        &["refactor", "old", "new"],
        &["refactor", "--json", "old", "new"],
    ];
    for args in commands {
        let out = run(args, true);
        let (stdout, stderr) = assert_inert(&format!("{args:?}"), &out);
        assert!(
            format!("{stdout}{stderr}").contains("set-output"),
            "{args:?}: {}",
            both(&out)
        );
    }
    let plain = run(&["plan", "bad"], false);
    let stderr = String::from_utf8_lossy(&plain.stderr);
    assert!(stderr.contains("\n::set-output name=x::y\n"), "{stderr}");
}

// Shard merging: `check --merge` takes the shards' JSON reports
// as one check only if they are every shard K/N of the same revisions and
// roots, each reporting exactly the roots its spec holds: a tampered or
// replayed shard report cannot drop a failing root or stand a passing one
// in for it.

/// Six roots; the pull request destroys an object in `envs/b` alone. By
/// directory, shard 1/2 holds b, d and f and 2/2 holds a, c and e (1/3: e,
/// f; 2/3: a, b; 3/3: c, d), as `shard_reports` asserts.
fn sharded_repo() -> Repo {
    let repo = Repo::new();
    for dir in ["a", "b", "c", "d", "e", "f"] {
        repo.root(
            &format!("envs/{dir}"),
            "resource \"terraform_data\" \"x\" {\n  input = \"x\"\n}\n\nresource \"terraform_data\" \"y\" {\n  input = \"y\"\n}\n",
        );
    }
    repo.commit("base");
    repo.git(&["tag", "base"]);
    repo.root(
        "envs/b",
        "resource \"terraform_data\" \"x\" {\n  input = \"x\"\n}\n",
    );
    repo.commit("destroy envs/b's y");
    repo
}

/// Where a test keeps shard reports: outside the repository, so that no
/// report is part of what the next run checks.
struct Reports(tempfile::TempDir);

impl Reports {
    fn new() -> Reports {
        Reports(tempfile::tempdir().unwrap())
    }

    fn write(&self, name: &str, doc: &serde_json::Value) -> String {
        let path = self.0.path().join(name);
        std::fs::write(&path, doc.to_string()).unwrap();
        path.to_string_lossy().into_owned()
    }
}

/// Each shard K/N's JSON report of `check --base BASE ARGS`, with the
/// roots it holds.
fn shard_reports(repo: &Repo, base: &str, n: u32, args: &[&str]) -> Vec<serde_json::Value> {
    let held: [&[&str]; 5] = [
        &["envs/b", "envs/d", "envs/f"],
        &["envs/a", "envs/c", "envs/e"],
        &["envs/e", "envs/f"],
        &["envs/a", "envs/b"],
        &["envs/c", "envs/d"],
    ];
    (1..=n)
        .map(|k| {
            let shard = format!("{k}/{n}");
            let out = repo.check_base(base, &[&["--shard", &shard][..], args].concat());
            assert!(out.status.code().is_some_and(|c| c <= 1), "{}", both(&out));
            let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
            let dirs: Vec<&str> = (doc["roots"].as_array().unwrap().iter())
                .map(|r| r["dir"].as_str().unwrap())
                .collect();
            let want = match n {
                2 => held[k as usize - 1],
                3 => held[k as usize + 1],
                _ => &dirs[..],
            };
            assert_eq!(dirs, want, "{shard}");
            doc
        })
        .collect()
}

/// `check --merge` of the files, in JSON.
fn merge(repo: &Repo, files: &[String]) -> Output {
    let mut args = vec!["check".to_string(), "--format".into(), "json".into()];
    for f in files {
        args.extend(["--merge".to_string(), f.clone()]);
    }
    common::run(&repo.dir, args)
}

/// The merge is refused (exit 2), its detail naming each of `names`.
fn assert_refused(out: &Output, names: &[&str]) {
    let all = both(out);
    assert_eq!(out.status.code(), Some(2), "{all}");
    assert!(all.contains("Cannot merge the check reports"), "{all}");
    // Diagnostics wrap their detail: compare it on one line.
    let detail = all.split_whitespace().collect::<Vec<_>>().join(" ");
    for name in names {
        assert!(detail.contains(name), "{name:?} in {detail}");
    }
}

/// The entry of root `dir` in a report.
fn entry(doc: &serde_json::Value, dir: &str) -> serde_json::Value {
    (doc["roots"].as_array().unwrap().iter())
        .find(|r| r["dir"] == dir)
        .cloned()
        .unwrap_or_else(|| panic!("no root {dir} in {doc}"))
}

/// `doc` with root `dir`'s entry replaced by `with` (None: dropped).
fn replaced(
    doc: &serde_json::Value,
    dir: &str,
    with: Option<serde_json::Value>,
) -> serde_json::Value {
    let mut doc = doc.clone();
    let roots = doc["roots"].as_array_mut().unwrap();
    let i = roots.iter().position(|r| r["dir"] == dir).unwrap();
    match with {
        Some(w) => roots[i] = w,
        None => {
            roots.remove(i);
        }
    }
    doc
}

/// A shard that holds the failing root reports another root's passing
/// entry in its place, so that every root count still adds up: another
/// shard's root (which that shard reports too), or a second copy of one of
/// its own. Either is refused, naming the root and the shards.
#[test]
fn a_root_claimed_by_two_shards_is_refused() {
    let repo = sharded_repo();
    let docs = shard_reports(&repo, "HEAD~1", 2, &[]);
    assert_eq!(entry(&docs[0], "envs/b")["passed"], false);
    let reports = Reports::new();
    let second = reports.write("2.json", &docs[1]);

    let a = entry(&docs[1], "envs/a");
    let tampered = reports.write("1.json", &replaced(&docs[0], "envs/b", Some(a)));
    for files in [[&tampered, &second], [&second, &tampered]] {
        let files = files.map(String::clone);
        assert_refused(&merge(&repo, &files), &["envs/a", "shard 1/2", "shard 2/2"]);
    }

    let d = entry(&docs[0], "envs/d");
    let twice = reports.write("1.json", &replaced(&docs[0], "envs/b", Some(d)));
    assert_refused(
        &merge(&repo, &[twice, second]),
        &["envs/d is reported twice by shard 1/2"],
    );
}

/// A shard drops its failing root and reports another shard's passing one
/// instead, which that shard leaves out, and both shards' lists of roots
/// leave out the dropped one: the counts add up, each root is reported
/// once, but not by the shard that holds it. Two shards that trade their
/// specs are refused too, as is a shard alone whose list of roots leaves
/// out the one it dropped.
#[test]
fn a_shard_cannot_swap_its_root_for_another_shards() {
    let repo = sharded_repo();
    let docs = shard_reports(&repo, "HEAD~1", 2, &[]);
    let reports = Reports::new();
    let unlisted = |doc: serde_json::Value, dir: &str| {
        let mut doc = doc;
        let list = doc["shard"]["roots"].as_array_mut().unwrap();
        list.retain(|d| d != dir);
        doc["shard"]["roots_in_all"] = list.len().into();
        doc
    };
    let a = entry(&docs[1], "envs/a");
    let swapped = [
        unlisted(replaced(&docs[0], "envs/b", Some(a)), "envs/b"),
        unlisted(replaced(&docs[1], "envs/a", None), "envs/b"),
    ];
    let files = [
        reports.write("1.json", &swapped[0]),
        reports.write("2.json", &swapped[1]),
    ];
    assert_refused(
        &merge(&repo, &files),
        &["shard 1/2", "reports envs/a, but shard 2/2 holds it"],
    );

    let mut traded = [docs[0].clone(), docs[1].clone()];
    traded[0]["shard"]["index"] = 2.into();
    traded[1]["shard"]["index"] = 1.into();
    let files = [
        reports.write("1.json", &traded[0]),
        reports.write("2.json", &traded[1]),
    ];
    assert_refused(&merge(&repo, &files), &["shard 2/2", "shard 1/2 holds it"]);

    // Dropped from one shard's list of roots: the shards disagree.
    let dropped = unlisted(replaced(&docs[0], "envs/b", None), "envs/b");
    let files = [
        reports.write("1.json", &dropped),
        reports.write("2.json", &docs[1]),
    ];
    assert_refused(
        &merge(&repo, &files),
        &[
            "lists envs/b as a root of the check",
            "shard 1/2",
            "shard 2/2",
        ],
    );
}

/// Not every shard K of N (one missing, one twice, or of another N), a
/// report of an unsharded run among shards, or a shard report that does
/// not list the roots of the check (so which it holds cannot be told): all
/// refused, saying which.
#[test]
fn a_missing_shard_is_refused() {
    let repo = sharded_repo();
    let (two, three) = (
        shard_reports(&repo, "HEAD~1", 2, &[]),
        shard_reports(&repo, "HEAD~1", 3, &[]),
    );
    let reports = Reports::new();
    let file = |name: &str, doc: &serde_json::Value| reports.write(name, doc);
    let t: Vec<String> = (three.iter().enumerate())
        .map(|(i, d)| file(&format!("3-{}.json", i + 1), d))
        .collect();
    assert_refused(
        &merge(&repo, &[t[0].clone(), t[2].clone()]),
        &["shard 2/3 is missing"],
    );
    assert_refused(
        &merge(
            &repo,
            &[t[0].clone(), t[1].clone(), t[1].clone(), t[2].clone()],
        ),
        &["are both shard 2/3"],
    );
    let half = file("2-2.json", &two[1]);
    assert_refused(
        &merge(&repo, &[t[0].clone(), t[1].clone(), half]),
        &["shard 2/2", "shard 1/3", "other numbers of shards"],
    );
    let whole: serde_json::Value = serde_json::from_slice(&repo.check(&[]).stdout).unwrap();
    let whole = file("whole.json", &whole);
    assert_refused(
        &merge(&repo, &[t[0].clone(), whole, t[1].clone(), t[2].clone()]),
        &["whole.json", "states no shard K/N"],
    );
    let mut unlisted = three[1].clone();
    unlisted["shard"].as_object_mut().unwrap().remove("roots");
    let unlisted = file("unlisted.json", &unlisted);
    assert_refused(
        &merge(&repo, &[t[0].clone(), unlisted, t[2].clone()]),
        &["shard 2/3", "does not list the roots of the check"],
    );
}

/// A shard report of other revisions than the others (run before the pull
/// request changed the failing root, or after the base branch moved) is
/// refused though each names its revisions the same way (`base`, the
/// index, `HEAD`): the shards checked other files.
#[test]
fn shards_of_other_revisions_are_refused() {
    let repo = sharded_repo();
    let reports = Reports::new();
    let head = ["--head", "HEAD"];
    // An earlier push of the pull request only touched envs/b, which
    // passed then: its shard's report is replayed beside the new one's.
    let branch = "earlier";
    repo.git(&["checkout", "-q", "-b", branch, "base"]);
    repo.write("envs/b/notes.tf", "# only a comment\n");
    repo.commit("an earlier push");
    let before = shard_reports(&repo, "base", 2, &head);
    repo.git(&["checkout", "-q", "-"]);
    let after = shard_reports(&repo, "base", 2, &head);
    assert_eq!(entry(&before[0], "envs/b")["passed"], true);
    assert_eq!(entry(&after[0], "envs/b")["passed"], false);
    let files = [
        reports.write("1.json", &before[0]),
        reports.write("2.json", &after[1]),
    ];
    assert_refused(
        &merge(&repo, &files),
        &[
            "shard 1/2",
            "shard 2/2",
            "the shards of one check check the same revisions",
        ],
    );

    // The same through the index: what is staged differs.
    let staged = shard_reports(&repo, "base", 2, &[]);
    repo.write(
        "envs/b/extra.tf",
        "resource \"terraform_data\" \"y\" {\n  input = \"y\"\n}\n",
    );
    repo.git(&["add", "envs/b/extra.tf"]);
    let fixed = shard_reports(&repo, "base", 2, &[]);
    assert_eq!(entry(&fixed[0], "envs/b")["passed"], true);
    let files = [
        reports.write("1.json", &fixed[0]),
        reports.write("2.json", &staged[1]),
    ];
    assert_refused(&merge(&repo, &files), &["head \"index\" (index:sha256:"]);
    repo.git(&["rm", "-q", "--cached", "envs/b/extra.tf"]);

    // The base branch moved between the shards' runs.
    let first = shard_reports(&repo, "base", 2, &head);
    repo.git(&["tag", "-f", "base", branch]);
    let second = shard_reports(&repo, "base", 2, &head);
    let files = [
        reports.write("1.json", &first[0]),
        reports.write("2.json", &second[1]),
    ];
    assert_refused(&merge(&repo, &files), &["base \"base\" ("]);
}

/// A genuine set of shards, in any order and of any N, merges to the
/// unsharded run's verdict, exit code, roots and revisions (the trees the
/// check read), failing or passing.
#[test]
fn genuine_shards_merge_to_the_unsharded_verdict() {
    let repo = sharded_repo();
    let reports = Reports::new();
    let tree = |rev: &str| {
        let out = std::process::Command::new("git")
            .arg("-C")
            .arg(&repo.dir)
            .args(["rev-parse", &format!("{rev}^{{tree}}")])
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap().trim().to_string()
    };
    for (fixed, code) in [(false, 1), (true, 0)] {
        if fixed {
            repo.root(
                "envs/b",
                "resource \"terraform_data\" \"x\" {\n  input = \"x\"\n}\n\nresource \"terraform_data\" \"y\" {\n  input = \"y\"\n}\n\nresource \"terraform_data\" \"z\" {\n  input = \"z\"\n}\n",
            );
            repo.commit("keep y; add z");
        }
        let args = ["--head", "HEAD", "--allow-add"];
        let whole = repo.check(&args);
        assert_eq!(whole.status.code(), Some(code), "{}", both(&whole));
        let whole: serde_json::Value = serde_json::from_slice(&whole.stdout).unwrap();
        assert_eq!(whole["revisions"]["base"], tree("HEAD~1"));
        assert_eq!(whole["revisions"]["head"], tree("HEAD"));
        for n in [1, 2, 3] {
            let docs = shard_reports(&repo, "HEAD~1", n, &args);
            let files: Vec<String> = (docs.iter().enumerate().rev())
                .map(|(k, d)| reports.write(&format!("{n}-{k}.json"), d))
                .collect();
            let merged = merge(&repo, &files);
            assert_eq!(merged.status.code(), Some(code), "{n}: {}", both(&merged));
            let merged: serde_json::Value = serde_json::from_slice(&merged.stdout).unwrap();
            for key in ["base", "head", "revisions", "passed", "roots", "unreached"] {
                assert_eq!(merged[key], whole[key], "{n} shards: {key}");
            }
        }
    }
}
