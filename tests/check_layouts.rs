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

const APP_DECLARATION: &str = "root \"envs/app\" {\n  tool = \"terraform\"\n  workspaces = {\n    dev  = { var_files = [\"dev.tfvars\"] }\n    prod = { var_files = [\"prod.tfvars\"] }\n  }\n}\n";
const APP_MAIN: &str = r#"variable "zones" {
  type = list(string)
}

resource "terraform_data" "replica" {
  for_each = toset([for z in var.zones : "${terraform.workspace}-${z}"])
  input    = each.key
}

resource "null_resource" "backup" {
  count = terraform.workspace == "prod" ? 1 : 0
}
"#;
/// The replicas renamed without a moved block, the backup deleted.
const APP_HEAD: &str = r#"variable "zones" {
  type = list(string)
}

resource "terraform_data" "server" {
  for_each = toset([for z in var.zones : "${terraform.workspace}-${z}"])
  input    = each.key
}
"#;

fn workspaces_repo() -> tempfile::TempDir {
    repo_of(
        &[
            (".minimod.hcl", APP_DECLARATION),
            ("envs/app/backend.tf", BACKEND),
            ("envs/app/dev.tfvars", "zones = [\"a\"]\n"),
            ("envs/app/prod.tfvars", "zones = [\"a\", \"b\"]\n"),
            ("envs/app/main.tf", APP_MAIN),
        ],
        &[("envs/app/main.tf", APP_HEAD)],
    )
}

/// Each workspace is a root of its own, with its own var file and
/// `terraform.workspace` its name: only prod has a backup to destroy, and
/// each renames its own replicas (dev one, prod two), reported as
/// `envs/app (dev)` and `envs/app (prod)` in every format.
#[test]
fn each_workspace_is_checked_as_its_own_root() {
    let tmp = workspaces_repo();
    let repo = tmp.path();
    let out = check(repo, &["--format", "json"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let doc = json(&out);
    let names: Vec<&str> = (doc["roots"].as_array().unwrap().iter())
        .map(|r| r["root"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["envs/app (dev)", "envs/app (prod)"]);
    let dev = root_of(&doc, "envs/app (dev)");
    assert_eq!(
        (&dev["dir"], &dev["workspace"]),
        (&"envs/app".into(), &"dev".into())
    );
    assert_eq!(dev["outcome"], "moved-blocks-missing", "{dev}");
    assert_eq!(dev["plan"]["destroy"], 1, "{dev}");
    assert_eq!(dev["unmatched"], serde_json::json!([]));
    let prod = root_of(&doc, "envs/app (prod)");
    assert_eq!(prod["workspace"], "prod");
    assert_eq!(prod["outcome"], "unmatched", "{prod}");
    assert_eq!(prod["plan"]["destroy"], 3, "{prod}");
    assert_eq!(
        prod["unmatched"],
        serde_json::json!([{
            "address": "null_resource.backup[0]", "action": "destroy",
            "reason": "nothing of its type on the other side",
        }])
    );
    let rename = serde_json::json!([{
        "from": "terraform_data.replica", "to": "terraform_data.server",
        "file": "envs/app/moved.tf",
    }]);
    assert_eq!(dev["moves"], rename);
    assert_eq!(prod["moves"], rename);

    let text = stdout(&check(repo, &[]));
    assert!(
        text.contains("\nenvs/app (dev): moved blocks missing (1)\n"),
        "{text}"
    );
    assert!(
        text.contains("\nenvs/app (prod): objects destroyed or created that no move explains\n"),
        "{text}"
    );
    assert!(
        text.contains("  destroy null_resource.backup[0]: nothing of its type on the other side\n"),
        "{text}"
    );
    let markdown = stdout(&check(repo, &["--format", "markdown"]));
    assert!(
        markdown.contains("| `envs/app (dev)` | ❌ moved blocks missing (1) | 1 | 0 | 1 |\n"),
        "{markdown}"
    );
    assert!(
        markdown.contains("<details><summary><code>envs/app (prod)</code>: objects destroyed"),
        "{markdown}"
    );
    let annotations = common::minimod(repo)
        .args(["check", "--base", "HEAD"])
        .env("GITHUB_ACTIONS", "true")
        .output()
        .unwrap();
    assert!(
        stderr(&annotations).contains("::error file=envs/app/main.tf,line=5,title=minimod check::envs/app (prod): objects destroyed or created that no move explains%0Adestroy null_resource.backup[0]: nothing of its type on the other side\n"),
        "{}",
        stderr(&annotations)
    );

    // With the block and the backup kept for prod, both pass.
    write_file(
        &repo.join("envs/app/moved.tf"),
        "moved {\n  from = terraform_data.replica\n  to   = terraform_data.server\n}\n",
    );
    write_file(
        &repo.join("envs/app/main.tf"),
        &format!(
            "{APP_HEAD}\nresource \"null_resource\" \"backup\" {{\n  count = terraform.workspace == \"prod\" ? 1 : 0\n}}\n"
        ),
    );
    let out = check(repo, &[]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
}
