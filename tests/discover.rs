//! `minimod discover`: one fixture repository per discovery question
//! (tests/data/discover/*.txtar), each built as a git repository in a
//! temporary directory, with the text and JSON outputs checked. Expected
//! outputs are written from the discovery rule, by hand.

mod common;

use std::path::{Path, PathBuf};
use std::process::Output;

use common::{git, read, repo_root, stderr, stdout};

fn data_dir() -> PathBuf {
    repo_root().join("tests/data/discover")
}

fn fixture(name: &str) -> PathBuf {
    data_dir().join(format!("{name}.txtar"))
}

/// The fixture as a committed git repository. `-f` because this
/// repository's .gitignore does not apply there, but a global one might.
fn repo(name: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    common::unpack_txtar(&fixture(name), dir.path());
    git(dir.path(), &["init", "-q"]);
    git(dir.path(), &["add", "-A", "-f"]);
    git(dir.path(), &["commit", "-q", "-m", "fixture"]);
    dir
}

/// Runs `minimod discover . [args]` inside the repository, so paths in
/// messages are relative to it.
fn discover(dir: &Path, args: &[&str]) -> Output {
    common::minimod(dir)
        .arg("discover")
        .args(args)
        .output()
        .expect("minimod runs")
}

/// Every fixture with a `<name>.stdout` beside it: `minimod discover` in
/// its repository prints exactly that, and nothing on stderr.
#[test]
fn text_output_per_discovery_question() {
    let mut expected: Vec<PathBuf> = std::fs::read_dir(data_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "stdout"))
        .collect();
    expected.sort();
    assert!(expected.len() >= 14, "discover fixtures went missing");
    let mut failures = Vec::new();
    for path in expected {
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let want = read(&path);
        let dir = repo(&name);
        let out = discover(dir.path(), &[]);
        let got = stdout(&out);
        if got != want || !out.status.success() || !out.stderr.is_empty() {
            failures.push(format!(
                "{name}: exit {:?}\n--- want\n{want}--- got\n{got}--- stderr\n{}",
                out.status.code(),
                stderr(&out)
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn repo_argument_and_git_directory() {
    // The REPO argument instead of the working directory; .git is there
    // (the fixture is a git repository) and is not read.
    let dir = repo("found");
    let out = common::run(&repo_root(), ["discover".as_ref(), dir.path().as_os_str()]);
    assert!(out.status.success());
    assert!(dir.path().join(".git").is_dir());
    assert!(
        stdout(&out).ends_with("\n3 root modules (3 found, 0 declared), 0 directories left out.\n")
    );
}

#[test]
fn json_output_for_declared_roots() {
    let dir = repo("misses_declared");
    let out = discover(dir.path(), &["--json"]);
    assert!(out.status.success());
    let got: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let want = serde_json::json!({
    "format_version": "1.0",
        "off": null,
        "directories": [
            {
                "dir": "local-state",
                "outcome": "declared",
                "evidence": ["root \"local-state\" at .minimod.hcl:2"],
                "tool": "terraform",
                "var_files": [],
                "variables": {},
                "workspaces": []
            },
            {
                "dir": "no-lock",
                "outcome": "declared",
                "evidence": ["root \"no-lock\" at .minimod.hcl:21"],
                "tool": "opentofu",
                "var_files": [],
                "variables": {},
                "workspaces": []
            },
            {
                "dir": "per-env",
                "outcome": "declared",
                "evidence": ["root \"per-env\" at .minimod.hcl:8", "Terraform lock file"],
                "tool": "terraform",
                "var_files": ["env/prod.tfvars"],
                "variables": {"region": "eu-west-1", "replicas": 3, "zones": ["a", "b"]},
                "workspaces": []
            },
            {
                "dir": "workspaced",
                "outcome": "declared",
                "evidence": ["root \"workspaced\" at .minimod.hcl:17"],
                "tool": "opentofu",
                "var_files": [],
                "variables": {},
                "workspaces": []
            },
            {
                "dir": "wrapped",
                "outcome": "declared",
                "evidence": ["root \"wrapped\" at .minimod.hcl:6", "OpenTofu lock file"],
                "tool": "opentofu",
                "var_files": [],
                "variables": {},
                "workspaces": []
            },
            {
                "dir": "wrapped/test",
                "outcome": "left_out",
                "reason": "no_backend",
                "evidence": [],
                "tool": null,
                "declaration": null
            }
        ]
    });
    assert_eq!(got, want);
}

/// What a declaration for a directory that names no tool (or both) asks.
const NAME_THE_TOOL: &str = "add tool = \"opentofu\" or tool = \"terraform\" (without one, the check uses the default engine)";

#[test]
fn json_output_when_off_and_left_out() {
    let cases = [
        (
            "terragrunt",
            serde_json::json!({
            "format_version": "1.0",
                "off": "Terragrunt file live/prod/app/terragrunt.hcl",
                "directories": [
                    {
                        "dir": "bootstrap",
                        "outcome": "declared",
                        "evidence": ["root \"bootstrap\" at .minimod.hcl:1"],
                        "tool": "opentofu",
                        "var_files": [],
                        "variables": {},
                        "workspaces": []
                    },
                    {
                        "dir": "infra/app",
                        "outcome": "left_out",
                        "reason": "off",
                        "evidence": ["Terragrunt file live/prod/app/terragrunt.hcl"],
                        "tool": "opentofu",
                        "declaration": null
                    }
                ]
            }),
        ),
        (
            "tool",
            serde_json::json!({
            "format_version": "1.0",
                "off": null,
                "directories": [
                    {"dir": "both", "outcome": "left_out", "reason": "both_tools",
                     "evidence": ["Terraform lock file", ".tofu file main.tofu"], "tool": null,
                     "declaration": {"block": "root \"both\" {}\n", "notes": [format!("its files name both tools: {NAME_THE_TOOL}")]}},
                    {"dir": "mixed-lock", "outcome": "left_out", "reason": "both_tools",
                     "evidence": ["OpenTofu lock file", "Terraform lock file"], "tool": null,
                     "declaration": {"block": "root \"mixed-lock\" {}\n", "notes": [format!("its files name both tools: {NAME_THE_TOOL}")]}},
                    {"dir": "neither", "outcome": "left_out", "reason": "no_tool",
                     "evidence": [], "tool": null,
                     "declaration": {"block": "root \"neither\" {}\n", "notes": [format!("no file says which tool runs it: {NAME_THE_TOOL}")]}},
                    {"dir": "private-registry", "outcome": "left_out", "reason": "no_tool",
                     "evidence": [], "tool": null,
                     "declaration": {"block": "root \"private-registry\" {}\n", "notes": [format!("no file says which tool runs it: {NAME_THE_TOOL}")]}},
                    {"dir": "terraform-lock", "outcome": "found",
                     "evidence": ["backend \"s3\" in main.tf", "Terraform lock file"],
                     "tool": "terraform", "var_files": [], "variables": {}, "workspaces": []},
                    {"dir": "tofu-files", "outcome": "found",
                     "evidence": ["backend \"s3\" in main.tofu", ".tofu files extra.tofu.json, main.tofu"],
                     "tool": "opentofu", "var_files": [], "variables": {}, "workspaces": []}
                ]
            }),
        ),
    ];
    for (name, want) in cases {
        let dir = repo(name);
        let out = discover(dir.path(), &["--json"]);
        assert!(out.status.success(), "{name}");
        let got: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(got, want, "{name}");
    }
}

#[test]
fn bad_config_file_exits_2_with_its_place() {
    let dir = repo("bad_config");
    let out = discover(dir.path(), &[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "\nError: Unsupported argument\n\n  on .minimod.hcl line 2, in discovery:\n   2:   root_modules = false\n\nAn argument named \"root_modules\" is not expected here.\n"
    );
}

#[test]
fn declared_directory_without_files_warns() {
    let dir = repo("no_backend");
    std::fs::write(
        dir.path().join(".minimod.hcl"),
        "root \"envs/gone\" {\n  tool = \"terraform\"\n}\n",
    )
    .unwrap();
    let out = discover(dir.path(), &[]);
    assert!(out.status.success());
    assert_eq!(
        stdout(&out),
        "app: left out, no backend or cloud block\nenvs/gone: declared: root \"envs/gone\" at .minimod.hcl:1\n\n1 root module (0 found, 1 declared), 1 directory left out.\n"
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("Warning: Declared root has no configuration files"),
        "{stderr}"
    );
}

#[test]
fn missing_repository_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let out = discover(dir.path(), &["no-such-dir"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("Error: No such directory"));
}

#[test]
fn library_api_matches_the_command() {
    let dir = repo("misses_declared");
    let d = minimod::discover(dir.path()).unwrap();
    assert_eq!(d.off, None);
    let per_env = d.roots.iter().find(|r| r.dir == "per-env").unwrap();
    assert_eq!(per_env.outcome, minimod::RootOutcome::Declared);
    assert_eq!(per_env.tool, Some(minimod::Tool::Terraform));
    assert_eq!(per_env.var_files, vec!["env/prod.tfvars"]);
    assert_eq!(
        per_env.variables["region"],
        minimod::Value::string("eu-west-1")
    );
    assert_eq!(d.left_out.len(), 1);
    assert_eq!(d.left_out[0].reason, minimod::LeftOutReason::NoBackend);
}

#[test]
fn git_decides_which_files_are_the_repositorys() {
    let dir = repo("git_ignored");
    let write = |path: &str, text: &str| {
        let p = dir.path().join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    };
    let lock = "provider \"registry.opentofu.org/hashicorp/aws\" {\n  version = \"5.31.0\"\n}\n";
    // Ignored: what `tofu init` and a local run leave behind.
    write("app/.terraform.lock.hcl", lock);
    write("svc/dev.tfvars", "region = \"eu-west-1\"\n");
    // Not yet added, not ignored: part of the change being made.
    write("new/main.tofu", "terraform {\n  backend \"s3\" {}\n}\n");

    let out = discover(dir.path(), &[]);
    assert_eq!(
        stdout(&out),
        r#"app: left out, no file says which tool runs it
new: found: backend "s3" in main.tofu; .tofu file main.tofu
svc: found: backend "s3" in main.tofu; .tofu file main.tofu

2 root modules (2 found, 0 declared), 1 directory left out.

To check what was left out as root modules, add to .minimod.hcl:

# no file says which tool runs it: add tool = "opentofu" or tool = "terraform" (without one, the check uses the default engine)
root "app" {}
"#
    );

    // Without git every file on disk counts.
    std::fs::remove_dir_all(dir.path().join(".git")).unwrap();
    let out = discover(dir.path(), &[]);
    assert_eq!(
        stdout(&out),
        r#"app: found: backend "s3" in main.tf; OpenTofu lock file
new: found: backend "s3" in main.tofu; .tofu file main.tofu
svc: left out, chooses var or backend files: chooses svc/dev.tfvars

2 root modules (2 found, 0 declared), 1 directory left out.

To check what was left out as root modules, add to .minimod.hcl:

root "svc" {
  tool      = "opentofu"
  var_files = ["dev.tfvars"]
}
"#
    );
}

/// A directory left out for what a declaration settles gets the
/// declaration, in text and JSON; pasted into `.minimod.hcl` as printed,
/// it makes the directory a declared root with exactly those settings.
#[test]
fn left_out_roots_get_the_declaration_that_checks_them() {
    let dir = repo("layouts");
    let out = discover(dir.path(), &[]);
    assert!(out.status.success(), "{}", stderr(&out));
    let prod =
        "root \"envs/prod\" {\n  tool      = \"terraform\"\n  var_files = [\"prod.tfvars\"]\n}\n";
    let app_note = "# one workspace per var file, named after it: it runs in workspaces, so name them as those (terraform workspace list)\n";
    let app = "root \"envs/app\" {\n  tool = \"terraform\"\n  workspaces = {\n    dev  = { var_files = [\"dev.tfvars\"] }\n    prod = { var_files = [\"prod.tfvars\"] }\n  }\n}\n";
    let declarations = format!(
        "\nTo check what was left out as root modules, add to .minimod.hcl:\n\n{app_note}{app}\n{prod}"
    );
    assert_eq!(
        stdout(&out),
        format!(
            "envs/app: left out, runs in workspaces its files do not name: reads terraform.workspace in envs/app/main.tf:10\n\
             envs/prod: left out, chooses var or backend files: chooses envs/prod/prod.tfvars\n\
             \n0 root modules (0 found, 0 declared), 2 directories left out.\n{declarations}"
        )
    );
    let json = discover(dir.path(), &["--json"]);
    let got: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let of = |d: &str| {
        got["directories"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["dir"] == d)
            .unwrap()["declaration"]
            .clone()
    };
    assert_eq!(
        of("envs/prod"),
        serde_json::json!({ "block": prod, "notes": [] })
    );
    assert_eq!(
        of("envs/app"),
        serde_json::json!({ "block": app, "notes": [app_note[2..].trim_end()] })
    );

    // Pasted as printed, comments and all.
    let pasted = stdout(&out);
    let pasted = pasted.split_once("add to .minimod.hcl:\n").unwrap().1;
    std::fs::write(dir.path().join(".minimod.hcl"), pasted).unwrap();
    let out = discover(dir.path(), &["--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let got: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let want = serde_json::json!({
    "format_version": "1.0",
        "off": null,
        "directories": [
            {
                "dir": "envs/app", "outcome": "declared",
                "evidence": ["root \"envs/app\" at .minimod.hcl:3"],
                "tool": "terraform", "var_files": [], "variables": {},
                "workspaces": [
                    {"name": "dev", "var_files": ["dev.tfvars"], "variables": {}},
                    {"name": "prod", "var_files": ["prod.tfvars"], "variables": {}},
                ],
            },
            {
                "dir": "envs/prod", "outcome": "declared",
                "evidence": ["root \"envs/prod\" at .minimod.hcl:11"],
                "tool": "terraform", "var_files": ["prod.tfvars"], "variables": {},
                "workspaces": [],
            },
        ]
    });
    assert_eq!(got, want);
}
