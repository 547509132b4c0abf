//! `minimod check` on the layouts teams use: a root that takes a var file,
//! roots run in several workspaces, and the prior states a trusted job
//! gives the check. Each repository is built in the test (base commit,
//! head in the index).

mod common;

use std::path::Path;
use std::process::Output;

use common::{git, repo_of, stderr, stdout, write_file};

const BACKEND: &str = "terraform {\n  backend \"local\" {}\n}\n";
const TERRAFORM_LOCK: &str =
    "provider \"registry.terraform.io/hashicorp/aws\" {\n  version = \"5.31.0\"\n}\n";

/// `check --base HEAD ARGS` of the working tree, staged.
fn check(repo: &Path, args: &[&str]) -> Output {
    git(repo, &["add", "-A"]);
    common::minimod(repo)
        .args(["check", "--base", "HEAD"])
        .args(args)
        .output()
        .unwrap()
}

fn json(out: &Output) -> serde_json::Value {
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}\n{}", stdout(out), stderr(out)))
}

fn root_of<'a>(doc: &'a serde_json::Value, name: &str) -> &'a serde_json::Value {
    (doc["roots"].as_array().unwrap().iter())
        .find(|r| r["root"] == name || (r["root"].is_null() && r["dir"] == name))
        .unwrap_or_else(|| panic!("no root {name}: {doc}"))
}

const PROD_MAIN: &str = "variable \"replicas\" {\n  type = number\n}\n\nresource \"terraform_data\" \"web\" {\n  count = var.replicas\n  input = \"web\"\n}\n";
const PROD_RENAMED: &str = "variable \"replicas\" {\n  type = number\n}\n\nresource \"terraform_data\" \"frontend\" {\n  count = var.replicas\n  input = \"web\"\n}\n";
const PROD_DECLARATION: &str =
    "root \"envs/prod\" {\n  tool      = \"terraform\"\n  var_files = [\"prod.tfvars\"]\n}\n";

/// `envs/prod` has a backend, a Terraform lock file and `prod.tfvars`:
/// discovery leaves it out, and a pull request that changes it fails as
/// unreached, naming in every format the declaration that checks it.
/// Declared so in the base, the same change is checked with its var file
/// (two instances, so the count was read) and fails for the missing block.
#[test]
fn a_changed_directory_left_out_gets_the_declaration_that_checks_it() {
    let base = [
        ("live/backend.tf", BACKEND),
        ("live/main.tf", "resource \"terraform_data\" \"x\" {}\n"),
        ("envs/prod/backend.tf", BACKEND),
        ("envs/prod/.terraform.lock.hcl", TERRAFORM_LOCK),
        ("envs/prod/prod.tfvars", "replicas = 2\n"),
        ("envs/prod/main.tf", PROD_MAIN),
    ];
    let tmp = repo_of(&base, &[("envs/prod/main.tf", PROD_RENAMED)]);
    let repo = tmp.path();
    let out = check(repo, &[]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let text = stdout(&out);
    let want = "\nenvs/prod: changed, but no checked root reaches it\n  discovery left it out: chooses var or backend files (chooses envs/prod/prod.tfvars)\n  to check it, add to .minimod.hcl:\n    root \"envs/prod\" {\n      tool      = \"terraform\"\n      var_files = [\"prod.tfvars\"]\n    }\n";
    assert!(text.contains(want), "{text}");

    let doc = json(&check(repo, &["--format", "json"]));
    assert_eq!(
        doc["unreached"],
        serde_json::json!([{
            "dir": "envs/prod",
            "reason": "chooses var or backend files (chooses envs/prod/prod.tfvars)",
            "declaration": { "block": PROD_DECLARATION, "notes": [] },
        }])
    );
    let markdown = stdout(&check(repo, &["--format", "markdown"]));
    let want = format!(
        "<details><summary><code>envs/prod</code>: changed, but no checked root reaches it</summary>\n\nTo check it, add to `.minimod.hcl`:\n\n```hcl\n{PROD_DECLARATION}```\n\n</details>\n"
    );
    assert!(markdown.contains(&want), "{markdown}");

    // The declaration, as printed, in the base's .minimod.hcl.
    write_file(&repo.join("envs/prod/main.tf"), PROD_MAIN);
    let block = doc["unreached"][0]["declaration"]["block"]
        .as_str()
        .unwrap();
    write_file(&repo.join(".minimod.hcl"), block);
    git(repo, &["add", "-A"]);
    git(repo, &["commit", "-qm", "declare envs/prod"]);
    write_file(&repo.join("envs/prod/main.tf"), PROD_RENAMED);
    let doc = json(&check(repo, &["--format", "json"]));
    assert_eq!(doc["unreached"], serde_json::json!([]), "{doc}");
    let prod = root_of(&doc, "envs/prod");
    assert_eq!(prod["outcome"], "moved-blocks-missing", "{prod}");
    assert_eq!(
        prod["moves"],
        serde_json::json!([{
            "from": "terraform_data.web", "to": "terraform_data.frontend",
            "file": "envs/prod/moved.tf",
        }]),
        "{prod}"
    );
    assert_eq!(prod["plan"]["destroy"], 2, "{prod}");
}
