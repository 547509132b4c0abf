//! Every shell command of README.md (its ```sh blocks) is run here, or
//! listed as not run with the reason, so the README's examples cannot
//! rot: a command the README gains that is neither fails the test, and so
//! does an entry here the README no longer has. The commands of one block
//! run in order in one scratch directory built for it (fixtures copied to
//! where the README's paths point: `../before/envs/prod` and so on), with
//! the minimod under test first on PATH; each is checked for its exit code
//! and its key lines.
#![cfg(unix)]

mod common;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use common::{copy_tree, git, repo_root, write_file};

/// Where a block's commands run, built in a scratch directory: the
/// directory to run them in.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Setup {
    /// This repository (its fixtures and corpora, read only).
    Repo,
    /// `../before/envs/prod` and, from the refactored checkout, `envs/prod`
    /// and `envs/staging` and a `prod.tfvars`.
    BeforeAndAfter,
    /// Two roots, `app` and `data`, with `../before/app` and
    /// `../before/data` and each old root's state.
    TwoRoots,
    /// The lesson's monorepo with `origin/main` at the base.
    Monorepo,
    /// A repository with `envs/prod` and `envs/app` (workspace `prod`),
    /// `origin/main` at the base and states for both.
    WithStates,
}

enum Expect {
    /// Run: the exit code, lines stdout and stderr must hold.
    Run {
        setup: Setup,
        code: i32,
        stdout: &'static [&'static str],
        stderr: &'static [&'static str],
    },
    /// Not run, and why.
    NotRun(&'static str),
}

/// Every command of the README, as it reads with its comment taken off
/// and its whitespace made single spaces.
fn commands() -> Vec<(&'static str, Expect)> {
    use Expect::*;
    use Setup::*;
    vec![
        (
            "cargo run -- refactor fixtures/refactors/extract-database-module/old fixtures/refactors/extract-database-module/new",
            Run {
                setup: Repo,
                code: 0,
                stdout: &[
                    "# fixtures/refactors/extract-database-module/new/moved.tf",
                    "  to   = module.db.terraform_data.main",
                ],
                stderr: &[
                    "Proven: nothing that was only moved is destroyed.",
                    "minimod: 3 objects paired, 3 moved blocks.",
                    "With these blocks: Plan: 0 to add, 0 to change, 0 to destroy.",
                ],
            },
        ),
        (
            "MINIMOD_LIVE=1 cargo test",
            NotRun(
                "the whole test suite, this test included; .ci/run runs it, and it needs terraform",
            ),
        ),
        (
            "cargo run -- refactor tests/corpus/providers/aws-vpc-rename-call/old tests/corpus/providers/aws-vpc-rename-call/new --state tests/corpus/providers/aws-vpc-rename-call/expected/prior.tfstate",
            Run {
                setup: Repo,
                code: 0,
                stdout: &[
                    "# tests/corpus/providers/aws-vpc-rename-call/new/moved.tf",
                    "  from = module.vpc",
                    "  to   = module.network",
                ],
                stderr: &[
                    "Proven: nothing that was only moved is destroyed.",
                    "minimod: 23 objects paired, 1 moved block.",
                    "With these blocks: Plan: 0 to add, 0 to change, 0 to destroy.",
                ],
            },
        ),
        (
            "minimod refactor ../before/envs/prod envs/prod -var-file=prod.tfvars",
            Run {
                setup: BeforeAndAfter,
                code: 0,
                stdout: &[
                    "# envs/prod/moved.tf",
                    "  to   = module.db.terraform_data.main",
                ],
                stderr: &["Proven: nothing that was only moved is destroyed."],
            },
        ),
        (
            "minimod refactor ../before/envs/prod envs/prod --write",
            Run {
                setup: BeforeAndAfter,
                code: 0,
                stdout: &[],
                stderr: &[
                    "Wrote envs/prod/moved.tf",
                    "Proven: nothing that was only moved is destroyed.",
                ],
            },
        ),
        (
            "terraform state pull > prod.tfstate",
            NotRun("terraform and a configured backend with a state"),
        ),
        (
            "minimod refactor ../before/envs/prod envs/prod --state prod.tfstate --verify-with terraform",
            NotRun(
                "terraform, and the state the command before pulls from a backend (tests/verify_replace.rs runs --verify-with)",
            ),
        ),
        (
            "minimod modules get envs/prod envs/staging",
            Run {
                setup: BeforeAndAfter,
                code: 0,
                stdout: &[],
                stderr: &[],
            },
        ),
        (
            "minimod refactor --root ../before/app:app --root ../before/data:data --state-for ../before/app=app.tfstate --state-for ../before/data=data.tfstate",
            Run {
                setup: TwoRoots,
                code: 0,
                stdout: &["# app/removed.tf", "# data/imports.tf"],
                stderr: &[
                    "Proven in every root: nothing that was only moved is destroyed.",
                    "== ../before/app -> app",
                    "== ../before/data -> data",
                ],
            },
        ),
        (
            "minimod check --base origin/main",
            Run {
                setup: Monorepo,
                code: 1,
                stdout: &[
                    "Failed: 6 of 6 root modules.",
                    "minimod check: base origin/main, head index; 6 root modules: 6 with moved blocks missing.",
                    "Next: 6 root modules would destroy objects that were only moved: run `minimod check --base origin/main --fix` to write the missing moved blocks (listed below), then stage them and commit.",
                ],
                stderr: &[],
            },
        ),
        (
            "minimod check --base origin/main --fix",
            Run {
                setup: Monorepo,
                // Written and proven, but not yet staged.
                code: 1,
                stdout: &["Passed: no root destroys what was only moved."],
                stderr: &[
                    "Wrote envs/dev/moved.tf",
                    "minimod: wrote moved blocks; stage them (git add envs/dev/moved.tf envs/perf/moved.tf envs/prod-eu/moved.tf envs/prod-us/moved.tf envs/qa/moved.tf envs/staging/moved.tf) and commit again.",
                ],
            },
        ),
        (
            "minimod check --base origin/main --format markdown",
            Run {
                setup: Monorepo,
                // What git would commit still lacks the written blocks.
                code: 1,
                stdout: &["### minimod check failed"],
                stderr: &[],
            },
        ),
        (
            "minimod check --base origin/main --format sarif > minimod.sarif",
            Run {
                setup: Monorepo,
                code: 1,
                stdout: &[],
                stderr: &[],
            },
        ),
        (
            "minimod check --base origin/main --state-for envs/prod=prod.tfstate --state-for envs/app:prod=app-prod.tfstate",
            Run {
                setup: WithStates,
                code: 0,
                stdout: &[
                    "Passed: no root destroys what was only moved.",
                    "  (prior state: prod.tfstate)",
                    "  (prior state: app-prod.tfstate)",
                ],
                stderr: &[],
            },
        ),
        (
            "minimod check --base origin/main --states \"$RUNNER_TEMP/states\"",
            Run {
                setup: WithStates,
                code: 0,
                stdout: &[
                    "Passed: no root destroys what was only moved.",
                    "/states/envs/prod/terraform.tfstate)",
                    "/states/envs/app/terraform.tfstate.d/prod/terraform.tfstate)",
                ],
                stderr: &[],
            },
        ),
    ]
}

/// The README's ```sh blocks, each as its commands: continuation lines
/// joined, comments taken off, whitespace made single spaces.
fn readme_blocks() -> Vec<Vec<String>> {
    let text = fs::read_to_string(repo_root().join("README.md")).unwrap();
    let mut blocks = Vec::new();
    let mut block: Option<Vec<String>> = None;
    let mut pending = String::new();
    for line in text.lines() {
        match &mut block {
            None if line.trim_start() == "```sh" => block = Some(Vec::new()),
            None => {}
            Some(_) if line.trim_start().starts_with("```") => {
                blocks.extend(block.take());
            }
            Some(cmds) => {
                let line = without_comment(line);
                if let Some(head) = line.strip_suffix('\\') {
                    pending.push_str(head);
                    pending.push(' ');
                    continue;
                }
                pending.push_str(line);
                let cmd = pending.split_whitespace().collect::<Vec<_>>().join(" ");
                pending.clear();
                if !cmd.is_empty() {
                    cmds.push(cmd);
                }
            }
        }
    }
    blocks
}

/// A line without its shell comment: from a `#` that starts a word
/// outside quotes.
fn without_comment(line: &str) -> &str {
    let mut quote = None;
    let mut prev = ' ';
    for (i, c) in line.char_indices() {
        match (quote, c) {
            (None, '"' | '\'') => quote = Some(c),
            (Some(q), c) if c == q => quote = None,
            (None, '#') if prev.is_whitespace() => return line[..i].trim_end(),
            _ => {}
        }
        prev = c;
    }
    line.trim_end()
}

#[test]
fn every_readme_command_is_run_or_listed_with_a_reason() {
    let listed = commands();
    let blocks = readme_blocks();
    let in_readme: Vec<&String> = blocks.iter().flatten().collect();
    let missing: Vec<&&String> = (in_readme.iter())
        .filter(|c| !listed.iter().any(|(l, _)| *l == c.as_str()))
        .collect();
    assert!(
        missing.is_empty(),
        "README commands neither run nor listed as not run: {missing:#?}"
    );
    let stale: Vec<&str> = (listed.iter())
        .map(|(l, _)| *l)
        .filter(|l| !in_readme.iter().any(|c| c.as_str() == *l))
        .collect();
    assert!(
        stale.is_empty(),
        "listed here, not in README.md: {stale:#?}"
    );
    for (_, e) in &listed {
        if let Expect::NotRun(why) = e {
            assert!(!why.is_empty());
        }
    }
}

#[test]
fn readme_commands_work() {
    let listed = commands();
    let bin = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_minimod"), bin.path().join("minimod")).unwrap();
    let path = format!(
        "{}:{}",
        bin.path().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut ran = 0;
    for block in readme_blocks() {
        let mut scratch: Option<(Setup, tempfile::TempDir, PathBuf)> = None;
        for cmd in &block {
            let (_, expect) = listed.iter().find(|(l, _)| *l == cmd.as_str()).unwrap();
            let Expect::Run {
                setup,
                code,
                stdout,
                stderr,
            } = expect
            else {
                continue;
            };
            if scratch.as_ref().is_none_or(|(s, _, _)| s != setup) {
                let tmp = tempfile::tempdir().unwrap();
                let cwd = prepare(*setup, tmp.path());
                scratch = Some((*setup, tmp, cwd));
            }
            let (_, tmp, cwd) = scratch.as_ref().unwrap();
            // `cargo run --` builds and runs this crate's binary: the one
            // under test.
            let line = match cmd.strip_prefix("cargo run -- ") {
                Some(rest) => format!("minimod {rest}"),
                None => cmd.clone(),
            };
            let out = Command::new("sh")
                .arg("-c")
                .arg(&line)
                .current_dir(cwd)
                .env("PATH", &path)
                .env("RUNNER_TEMP", tmp.path().join("runner"))
                .env("TF_CLI_CONFIG_FILE", "/dev/null")
                .env_remove("MINIMOD_LIVE")
                .env_remove("GITHUB_ACTIONS")
                .output()
                .unwrap();
            let (out_text, err_text) = (common::stdout(&out), common::stderr(&out));
            let shown = format!("{cmd}\n--- stdout\n{out_text}--- stderr\n{err_text}");
            assert_eq!(out.status.code(), Some(*code), "{shown}");
            for want in *stdout {
                assert!(
                    out_text.lines().any(|l| l.contains(want)),
                    "no {want:?} in stdout of {shown}"
                );
            }
            for want in *stderr {
                assert!(
                    err_text.lines().any(|l| l.contains(want)),
                    "no {want:?} in stderr of {shown}"
                );
            }
            ran += 1;
        }
    }
    assert!(ran >= 10, "{ran} commands ran");
}

/// Builds `setup` under `dir`; the directory its commands run in.
fn prepare(setup: Setup, dir: &Path) -> PathBuf {
    let root = repo_root();
    match setup {
        Setup::Repo => root,
        Setup::BeforeAndAfter => {
            let fixture = root.join("fixtures/refactors/extract-database-module");
            copy_tree(&fixture.join("old"), &dir.join("before/envs/prod"));
            let after = dir.join("after");
            copy_tree(&fixture.join("new"), &after.join("envs/prod"));
            copy_tree(&fixture.join("new"), &after.join("envs/staging"));
            write_file(&after.join("prod.tfvars"), "# prod's variables\n");
            after
        }
        Setup::TwoRoots => {
            let case = root.join("tests/corpus/cross-root/extract-data-tier");
            let work = dir.join("work");
            for (r, name) in [("a", "app"), ("b", "data")] {
                copy_tree(&case.join(r).join("old"), &dir.join("before").join(name));
                copy_tree(&case.join(r).join("new"), &work.join(name));
                fs::create_dir_all(&work).unwrap();
                fs::copy(
                    case.join(format!("expected/prior-{r}.tfstate")),
                    work.join(format!("{name}.tfstate")),
                )
                .unwrap();
            }
            work
        }
        Setup::Monorepo => {
            let repo = dir.join("repo");
            common::monorepo(&repo);
            git(&repo, &["update-ref", "refs/remotes/origin/main", "HEAD~1"]);
            repo
        }
        Setup::WithStates => with_states(dir),
    }
}

/// Base: `envs/prod` and `envs/app` (checked in workspace `prod`), applied
/// into states; head: `envs/prod` renames its resource with a moved
/// block. The states are given as files and as a `--states` directory
/// under `$RUNNER_TEMP`.
fn with_states(dir: &Path) -> PathBuf {
    let repo = dir.join("repo");
    let backend = "terraform {\n  backend \"local\" {}\n}\n\n";
    let prod = "resource \"terraform_data\" \"web\" {\n  input = \"prod\"\n}\n";
    write_file(&repo.join("envs/prod/backend.tf"), backend);
    write_file(&repo.join("envs/app/backend.tf"), backend);
    write_file(&repo.join("envs/prod/main.tf"), prod);
    write_file(
        &repo.join("envs/app/main.tf"),
        "resource \"terraform_data\" \"app\" {\n  input = \"app\"\n}\n",
    );
    write_file(
        &repo.join(".minimod.hcl"),
        "root \"envs/app\" {\n  workspaces = {\n    prod = {}\n  }\n}\n",
    );
    git(&repo, &["init", "-q"]);
    git(&repo, &["add", "-A"]);
    git(&repo, &["commit", "-qm", "base"]);
    for (root, file) in [
        ("envs/prod", "prod.tfstate"),
        ("envs/app", "app-prod.tfstate"),
    ] {
        let out = common::run(&repo, ["apply", root, "--state", file]);
        assert!(out.status.success(), "{}", common::stderr(&out));
    }
    let states = dir.join("runner/states");
    let copy = |from: &str, to: &str| {
        let to = states.join(to);
        fs::create_dir_all(to.parent().unwrap()).unwrap();
        fs::copy(repo.join(from), to).unwrap();
    };
    copy("prod.tfstate", "envs/prod/terraform.tfstate");
    copy(
        "app-prod.tfstate",
        "envs/app/terraform.tfstate.d/prod/terraform.tfstate",
    );
    // The states are the runner's files, not the repository's.
    write_file(&repo.join(".git/info/exclude"), "*.tfstate\n");
    write_file(
        &repo.join("envs/prod/main.tf"),
        &format!(
            "{}\nmoved {{\n  from = terraform_data.web\n  to   = terraform_data.frontend\n}}\n",
            prod.replace("\"web\"", "\"frontend\"")
        ),
    );
    git(&repo, &["add", "-A"]);
    git(&repo, &["commit", "-qm", "head"]);
    git(&repo, &["update-ref", "refs/remotes/origin/main", "HEAD~1"]);
    repo
}
