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

/// The command ended with `code`; else both its outputs are shown.
fn exits(out: &Output, code: i32) {
    assert_eq!(
        out.status.code(),
        Some(code),
        "{}\n{}",
        stdout(out),
        stderr(out)
    );
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
            "file": "envs/prod/main.tf",
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

/// `envs/app` declared with its workspaces, each with a var file.
const APP_BASE: [(&str, &str); 5] = [
    (".minimod.hcl", APP_DECLARATION),
    ("envs/app/backend.tf", BACKEND),
    ("envs/app/dev.tfvars", "zones = [\"a\"]\n"),
    ("envs/app/prod.tfvars", "zones = [\"a\", \"b\"]\n"),
    ("envs/app/main.tf", APP_MAIN),
];

fn workspaces_repo() -> tempfile::TempDir {
    repo_of(&APP_BASE, &[("envs/app/main.tf", APP_HEAD)])
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

/// A version-4 state holding `resources`, as `terraform state pull`
/// prints it.
fn state(resources: serde_json::Value) -> String {
    serde_json::to_string_pretty(&serde_json::json!({
        "version": 4, "terraform_version": "1.11.4", "serial": 3,
        "lineage": "0f5e2a8c-8c1e-4b7e-9b1a-3c2d4e5f6a7b", "outputs": {},
        "resources": resources, "check_results": null,
    }))
    .unwrap()
}

/// `terraform_data.NAME` with one object per (key, input), as terraform
/// records it (`input` and `output` as typed values).
fn terraform_data(name: &str, objects: &[(serde_json::Value, &str)]) -> serde_json::Value {
    let instances: Vec<serde_json::Value> = (objects.iter().enumerate())
        .map(|(i, (key, input))| {
            let mut o = serde_json::json!({
                "schema_version": 0,
                "attributes": {
                    "id": format!("00000000-0000-0000-0000-00000000000{i}"),
                    "input": { "value": input, "type": "string" },
                    "output": { "value": input, "type": "string" },
                    "triggers_replace": null,
                },
                "sensitive_attributes": [],
            });
            if !key.is_null() {
                o["index_key"] = key.clone();
            }
            o
        })
        .collect();
    serde_json::json!({
        "mode": "managed", "type": "terraform_data", "name": name,
        "provider": "provider[\"terraform.io/builtin/terraform\"]",
        "instances": instances,
    })
}

fn zones(names: &[&str]) -> serde_json::Value {
    serde_json::json!({
        "mode": "data", "type": "aws_availability_zones", "name": "zones",
        "provider": "provider[\"registry.terraform.io/hashicorp/aws\"]",
        "instances": [{
            "schema_version": 0,
            "attributes": { "id": "eu-west-1", "names": names },
            "sensitive_attributes": [],
        }],
    })
}

const SUBNETS: &str = "data \"aws_availability_zones\" \"zones\" {}\n\nresource \"terraform_data\" \"subnet\" {\n  for_each = toset(data.aws_availability_zones.zones.names)\n  input    = each.key\n}\n";
const NETS: &str = "data \"aws_availability_zones\" \"zones\" {}\n\nresource \"terraform_data\" \"net\" {\n  for_each = toset(data.aws_availability_zones.zones.names)\n  input    = each.key\n}\n";
const NET_MOVED: &str = "moved {\n  from = terraform_data.subnet\n  to   = terraform_data.net\n}\n";

/// The subnets renamed with their moved block, and a directory for the
/// states the trusted job pulls (outside the repository).
fn renamed_subnets() -> (tempfile::TempDir, tempfile::TempDir) {
    let repo = repo_of(
        &[
            ("envs/prod/backend.tf", BACKEND),
            ("envs/prod/.terraform.lock.hcl", TERRAFORM_LOCK),
            ("envs/prod/main.tf", SUBNETS),
        ],
        &[
            ("envs/prod/main.tf", NETS),
            ("envs/prod/moved.tf", NET_MOVED),
        ],
    );
    (repo, tempfile::tempdir().unwrap())
}

fn sha256(text: &str) -> String {
    use sha2::Digest;
    let digest = sha2::Sha256::digest(text.as_bytes());
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// Keys that come from a data source are known only from a state: without
/// one, the root is not checkable and the check fails saying what to give;
/// with `--state-for`, the recorded zones give the keys, the rename pairs
/// object for object, and the check passes with its block (and without it
/// names the block).
#[test]
fn state_for_gives_a_root_its_recorded_objects() {
    let (tmp, states) = renamed_subnets();
    let repo = tmp.path();
    let prod = state(serde_json::json!([
        zones(&["eu-west-1a", "eu-west-1b"]),
        terraform_data(
            "subnet",
            &[
                ("eu-west-1a".into(), "eu-west-1a"),
                ("eu-west-1b".into(), "eu-west-1b")
            ]
        ),
    ]));
    write_file(&states.path().join("prod.tfstate"), &prod);
    let given = format!("envs/prod={}", states.path().join("prod.tfstate").display());

    let out = check(repo, &["--format", "json"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let doc = json(&out);
    let r = root_of(&doc, "envs/prod");
    assert_eq!(r["outcome"], "not-checkable", "{r}");
    assert_eq!(r["state"], serde_json::Value::Null);
    let error = r["error"].as_str().unwrap();
    let error = error.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        error.contains("whose results minimod only knows from a state: give the check the root's state (--state-for or --states) with a state that holds it."),
        "{error}"
    );

    let out = check(repo, &["--format", "json", "--state-for", &given]);
    exits(&out, 0);
    let doc = json(&out);
    let r = root_of(&doc, "envs/prod");
    assert_eq!(r["outcome"], "proven", "{r}");
    assert_eq!(
        r["plan"],
        serde_json::json!({"add": 0, "change": 0, "destroy": 0})
    );
    let recorded = serde_json::json!({
        "file": states.path().join("prod.tfstate").display().to_string(),
        "sha256": sha256(&prod),
    });
    assert_eq!(r["state"], recorded);
    assert_eq!(doc["states"], serde_json::json!({ "envs/prod": recorded }));
    let text = stdout(&check(repo, &["--state-for", &given]));
    assert!(
        text.contains(&format!(
            "\nenvs/prod: changes proven: nothing that moved is destroyed\n  (prior state: {})\n",
            states.path().join("prod.tfstate").display()
        )),
        "{text}"
    );
    let markdown = stdout(&check(
        repo,
        &["--format", "markdown", "--state-for", &given],
    ));
    assert!(
        markdown.contains("Planned against the prior states of `envs/prod`.\n"),
        "{markdown}"
    );

    // Without the moved block the state's objects name it.
    std::fs::remove_file(repo.join("envs/prod/moved.tf")).unwrap();
    let doc = json(&check(repo, &["--format", "json", "--state-for", &given]));
    let r = root_of(&doc, "envs/prod");
    assert_eq!(r["outcome"], "moved-blocks-missing", "{r}");
    assert_eq!(r["plan"]["destroy"], 2, "{r}");
    assert_eq!(r["moves"][0]["from"], "terraform_data.subnet");
    assert_eq!(r["moves"][0]["to"], "terraform_data.net");
}

/// A state that does not parse is an error in OpenTofu's shape naming the
/// file and the root (exit 2); a state for a root the check does not check
/// is a warning, and the check goes on.
#[test]
fn bad_and_stray_states_are_said() {
    let (tmp, states) = renamed_subnets();
    let repo = tmp.path();
    write_file(
        &states.path().join("bad.tfstate"),
        "{\"version\": 4, \"resources\": [",
    );
    let bad = states.path().join("bad.tfstate").display().to_string();
    let out = check(repo, &["--state-for", &format!("envs/prod={bad}")]);
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert!(out.stdout.is_empty(), "{}", stdout(&out));
    let err = stderr(&out);
    let printed = common::diagnostics(&err);
    assert_eq!(printed.len(), 1, "{err}");
    assert_eq!(printed[0].summary, "Unsupported state file format", "{err}");
    assert_eq!(
        printed[0].detail,
        format!(
            "The state file could not be parsed as JSON: syntax error at byte offset 29. The file is {bad}, the state of envs/prod (--state-for envs/prod={bad})."
        )
    );

    let out = check(
        repo,
        &[
            "--state-for",
            "envs/prodd=x.tfstate",
            "--state-for",
            "nonsense",
        ],
    );
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("Error: Invalid --state-for option"),
        "{}",
        stderr(&out)
    );

    let good = state(serde_json::json!([
        zones(&["eu-west-1a"]),
        terraform_data("subnet", &[("eu-west-1a".into(), "eu-west-1a")])
    ]));
    let pulled = states.path().join("pulled");
    write_file(&pulled.join("old/terraform.tfstate"), &good);
    write_file(&pulled.join("envs/prod/terraform.tfstate"), &good);
    write_file(&pulled.join("envs/prod.tfstate"), &good);
    let dir = pulled.display().to_string();
    let twice = format!("envs/prod={dir}/envs/prod/terraform.tfstate");
    let out = check(repo, &["--states", &dir, "--state-for", &twice]);
    exits(&out, 2);
    let printed = common::diagnostics(&stderr(&out));
    assert_eq!(
        (printed[0].summary.as_str(), printed[0].detail.as_str()),
        ("State given twice", format!("The state of envs/prod is given as {dir}/envs/prod/terraform.tfstate and again as {dir}/envs/prod/terraform.tfstate (--states {dir}). Give each root's state once.").as_str()),
    );
    let out = check(
        repo,
        &["--states", &dir, "--state-for", "envs/gone=x.tfstate"],
    );
    exits(&out, 0);
    let err = stderr(&out);
    // Each warning: its summary line, then its detail (lines unwrapped).
    let warnings: Vec<(String, String)> = (err.split("Warning: ").skip(1))
        .map(|w| {
            let (summary, detail) = w.split_once('\n').unwrap();
            let detail = detail.split_whitespace().collect::<Vec<_>>().join(" ");
            (summary.to_string(), detail)
        })
        .collect();
    let stray = "is not a root of this check, so its state is not read. Name a root as discover and the check's report name it, with :WORKSPACE for a root declared with workspaces.";
    assert_eq!(
        warnings,
        [
            (
                "State for a root the check does not check".to_string(),
                format!("--state-for envs/gone=x.tfstate: envs/gone {stray}")
            ),
            (
                "File not read as a state".to_string(),
                format!(
                    "{dir}/envs/prod.tfstate: --states reads each root's state at ROOT/terraform.tfstate, and a workspace's at ROOT/terraform.tfstate.d/WORKSPACE/terraform.tfstate, as terraform's local backend keeps them."
                )
            ),
            (
                "State for a root the check does not check".to_string(),
                format!("--states {dir} ({dir}/old/terraform.tfstate): old {stray}")
            ),
        ],
        "{err}"
    );
}

const ZONE_SUBNETS: &str = "data \"aws_availability_zones\" \"zones\" {}\n\nresource \"aws_subnet\" \"zone\" {\n  count             = length(data.aws_availability_zones.zones.names)\n  availability_zone = data.aws_availability_zones.zones.names[count.index]\n}\n";

/// `envs/network` deletes its subnets, one per zone a data source lists;
/// `envs/app` renames its replicas in each workspace.
fn layouts_repo() -> tempfile::TempDir {
    let network = [
        ("envs/network/backend.tf", BACKEND),
        ("envs/network/.terraform.lock.hcl", TERRAFORM_LOCK),
        ("envs/network/main.tf", ZONE_SUBNETS),
    ];
    repo_of(
        &[&APP_BASE[..], &network].concat(),
        &[
            ("envs/app/main.tf", APP_HEAD),
            (
                "envs/network/main.tf",
                "data \"aws_availability_zones\" \"zones\" {}\n",
            ),
        ],
    )
}

/// The states a job pulled: `envs/network`'s two subnets, and prod's two
/// replicas (its backup was never applied); dev has none.
fn pulled_states(dir: &Path) {
    let subnets: Vec<serde_json::Value> = (["eu-west-1a", "eu-west-1b"].iter().enumerate())
        .map(|(i, zone)| {
            serde_json::json!({
                "index_key": i, "schema_version": 1,
                "attributes": { "id": format!("subnet-{i}"), "availability_zone": zone },
                "sensitive_attributes": [],
            })
        })
        .collect();
    let net = state(serde_json::json!([
        zones(&["eu-west-1a", "eu-west-1b"]),
        {
            "mode": "managed", "type": "aws_subnet", "name": "zone",
            "provider": "provider[\"registry.terraform.io/hashicorp/aws\"]",
            "instances": subnets,
        },
    ]));
    write_file(&dir.join("envs/network/terraform.tfstate"), &net);
    let prod = state(serde_json::json!([terraform_data(
        "replica",
        &[("prod-a".into(), "prod-a"), ("prod-b".into(), "prod-b")],
    )]));
    write_file(
        &dir.join("envs/app/terraform.tfstate.d/prod/terraform.tfstate"),
        &prod,
    );
}

/// With `--states`, a deleted resource's destroys are its recorded
/// objects (without, its count is not known), and a workspace is planned
/// against its own state: prod's backup was never applied, so nothing
/// destroys it; dev, with no state, is planned as before.
#[test]
fn states_dir_gives_each_root_and_workspace_its_state() {
    let tmp = layouts_repo();
    let repo = tmp.path();
    let without = json(&check(repo, &["--format", "json"]));
    assert_eq!(
        root_of(&without, "envs/network")["outcome"],
        "not-checkable"
    );
    assert_eq!(
        root_of(&without, "envs/app (prod)")["unmatched"][0]["address"],
        "null_resource.backup[0]"
    );

    let states = tempfile::tempdir().unwrap();
    pulled_states(states.path());
    let dir = states.path().display().to_string();
    let out = check(repo, &["--format", "json", "--states", &dir]);
    exits(&out, 1);
    assert!(out.stderr.is_empty(), "{}", stderr(&out));
    let doc = json(&out);
    let network = root_of(&doc, "envs/network");
    assert_eq!(network["outcome"], "unmatched", "{network}");
    assert_eq!(network["plan"]["destroy"], 2, "{network}");
    let destroyed: Vec<&str> = (network["unmatched"].as_array().unwrap().iter())
        .map(|u| u["address"].as_str().unwrap())
        .collect();
    assert_eq!(destroyed, ["aws_subnet.zone[0]", "aws_subnet.zone[1]"]);
    assert_eq!(
        network["state"]["file"],
        format!("{dir}/envs/network/terraform.tfstate")
    );
    let prod = root_of(&doc, "envs/app (prod)");
    assert_eq!(prod["outcome"], "moved-blocks-missing", "{prod}");
    assert_eq!(prod["unmatched"], serde_json::json!([]), "{prod}");
    assert_eq!(prod["plan"]["destroy"], 2, "{prod}");
    assert_eq!(
        prod["state"]["file"],
        format!("{dir}/envs/app/terraform.tfstate.d/prod/terraform.tfstate")
    );
    let dev = root_of(&doc, "envs/app (dev)");
    assert_eq!(dev["state"], serde_json::Value::Null);
    assert_eq!(dev["plan"]["destroy"], 1, "{dev}");
    let listed: Vec<&String> = doc["states"].as_object().unwrap().keys().collect();
    assert_eq!(listed, ["envs/app (prod)", "envs/network"]);

    // The same states by --state-for, the workspace named after a colon.
    let out = check(
        repo,
        &[
            "--format",
            "json",
            "--state-for",
            &format!("envs/network={dir}/envs/network/terraform.tfstate"),
            "--state-for",
            &format!("envs/app:prod={dir}/envs/app/terraform.tfstate.d/prod/terraform.tfstate"),
        ],
    );
    let by_option = json(&out);
    assert_eq!(by_option["roots"], doc["roots"]);
    // A root checked per workspace is named with its workspace.
    let out = check(repo, &["--state-for", "envs/app=x.tfstate"]);
    assert!(
        stderr(&out).split_whitespace().collect::<Vec<_>>().join(" ").contains(
            "--state-for envs/app=x.tfstate: envs/app is not a root of this check, so its state is not read. envs/app is checked per workspace: name one of envs/app:dev, envs/app:prod."
        ),
        "{}",
        stderr(&out)
    );
}

/// Shards given the same states merge into the unsharded run's report,
/// each reporting its roots' states and listing every root's; shards given
/// other states are not one check.
#[test]
fn shards_carry_the_states() {
    let tmp = layouts_repo();
    let repo = tmp.path();
    let states = tempfile::tempdir().unwrap();
    pulled_states(states.path());
    let dir = states.path().display().to_string();
    let whole = json(&check(repo, &["--format", "json", "--states", &dir]));
    let reports = tempfile::tempdir().unwrap();
    let shard = |k: u32, states_dir: &str| {
        let out = check(
            repo,
            &[
                "--format",
                "json",
                "--states",
                states_dir,
                "--shard",
                &format!("{k}/2"),
            ],
        );
        let doc = json(&out);
        assert_eq!(doc["states"], whole["states"], "shard {k}/2");
        let path = reports.path().join(format!("shard-{k}.json"));
        std::fs::write(&path, &out.stdout).unwrap();
        (path.display().to_string(), doc)
    };
    let (one, first) = shard(1, &dir);
    let (two, second) = shard(2, &dir);
    let names = |doc: &serde_json::Value| -> Vec<String> {
        (doc["roots"].as_array().unwrap().iter())
            .map(|r| r["root"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(names(&first), ["envs/network"]);
    assert_eq!(names(&second), ["envs/app (dev)", "envs/app (prod)"]);
    let out = common::minimod(repo)
        .args([
            "check", "--merge", &one, "--merge", &two, "--format", "json",
        ])
        .output()
        .unwrap();
    exits(&out, 1);
    let merged = json(&out);
    assert_eq!(merged["roots"], whole["roots"]);
    assert_eq!(merged["states"], whole["states"]);

    // Another pull of prod's state (a later serial) for shard 2 only.
    let other = tempfile::tempdir().unwrap();
    pulled_states(other.path());
    let prod = other
        .path()
        .join("envs/app/terraform.tfstate.d/prod/terraform.tfstate");
    let text = std::fs::read_to_string(&prod)
        .unwrap()
        .replace("\"serial\": 3", "\"serial\": 4");
    write_file(&prod, &text);
    let (two, _) = {
        let out = check(
            repo,
            &[
                "--format",
                "json",
                "--states",
                &other.path().display().to_string(),
                "--shard",
                "2/2",
            ],
        );
        let path = reports.path().join("shard-2-other.json");
        std::fs::write(&path, &out.stdout).unwrap();
        (path.display().to_string(), ())
    };
    let out = common::minimod(repo)
        .args(["check", "--merge", &one, "--merge", &two])
        .output()
        .unwrap();
    exits(&out, 2);
    assert!(
        stderr(&out).split_whitespace().collect::<Vec<_>>().join(" ").contains("were given other prior states (--state-for, --states): the shards of one check plan against the same states"),
        "{}",
        stderr(&out)
    );
}
