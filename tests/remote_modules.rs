//! Registry and git module calls with no `.terraform` anywhere: each call
//! is an opaque unit (its arguments evaluated, its content not read) that
//! pairs with a call of the same source, version and arguments, moves with
//! what a state records under it, and is named with what is needed when
//! nothing without its content can decide.

mod common;

use std::path::Path;

use common::{outcome, read, write_file};
use serde_json::Value;

const VPC: &str = r#"module "vpc" {
  source  = "terraform-aws-modules/vpc/aws"
  version = "~> 5.0"
  name    = "main"
  cidr    = "10.0.0.0/16"
  azs     = ["eu-west-1a", "eu-west-1b"]
}
"#;

const SG: &str = r#"resource "aws_security_group" "web" {
  name   = "web"
  vpc_id = module.vpc.vpc_id
}
"#;

/// OLD_DIR and NEW_DIR with these root files.
fn sides(old: &str, new: &str) -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    write_file(&tmp.path().join("old/main.tf"), old);
    write_file(&tmp.path().join("new/main.tf"), new);
    tmp
}

/// `refactor old new --json ARGS`: exit code, the JSON report, stderr.
fn refactor(dir: &Path, args: &[&str]) -> (Option<i32>, Value, String) {
    let mut all = vec!["refactor", "old", "new", "--json"];
    all.extend_from_slice(args);
    let (code, out, err) = outcome(dir, all);
    let doc = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}\n{err}"));
    let schema = common::schemas::schema_of("refactor", &doc);
    common::schemas::assert_valid(&schema, &doc, "refactor");
    (code, doc, err)
}

fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect()
}

/// A state of what `terraform apply` of `old` would record: three objects
/// inside module.vpc (its content) and the security group reading its id.
const STATE: &str = r#"{"version":4,"terraform_version":"1.11.0","serial":1,"lineage":"l","outputs":{},"resources":[
{"module":"module.vpc","mode":"managed","type":"aws_vpc","name":"this","provider":"provider[\"registry.terraform.io/hashicorp/aws\"]","instances":[{"index_key":0,"schema_version":1,"attributes":{"id":"vpc-1","cidr_block":"10.0.0.0/16"}}]},
{"module":"module.vpc","mode":"managed","type":"aws_subnet","name":"private","provider":"provider[\"registry.terraform.io/hashicorp/aws\"]","instances":[{"index_key":0,"schema_version":1,"attributes":{"id":"subnet-1","vpc_id":"vpc-1"}},{"index_key":1,"schema_version":1,"attributes":{"id":"subnet-2","vpc_id":"vpc-1"}}]},
{"mode":"managed","type":"aws_security_group","name":"web","provider":"provider[\"registry.terraform.io/hashicorp/aws\"]","instances":[{"schema_version":1,"attributes":{"id":"sg-1","name":"web","vpc_id":"vpc-1"}}]}
]}"#;

fn with_state(dir: &Path) -> &'static [&'static str] {
    write_file(&dir.join("terraform.tfstate"), STATE);
    &["--state", "terraform.tfstate"]
}

/// [`STATE`]'s objects of module.vpc alone, recorded under `at`.
fn with_module_state_at(dir: &Path, at: &str) -> &'static [&'static str] {
    let mut state: Value = serde_json::from_str(STATE).unwrap();
    let resources = state["resources"].as_array_mut().unwrap();
    resources.retain(|r| r["module"] == "module.vpc");
    for r in resources {
        r["module"] = Value::from(at);
    }
    write_file(&dir.join("terraform.tfstate"), &state.to_string());
    &["--state", "terraform.tfstate"]
}

fn with_module_state(dir: &Path) -> &'static [&'static str] {
    with_module_state_at(dir, "module.vpc")
}

#[test]
fn a_renamed_registry_call_moves_as_a_whole_and_its_readers_follow() {
    let new = format!("{}{}", VPC, SG)
        .replace("module \"vpc\"", "module \"network\"")
        .replace("module.vpc.vpc_id", "module.network.vpc_id")
        .replace("\"web\" {", "\"frontend\" {");
    let tmp = sides(&format!("{VPC}{SG}"), &new);
    let want = pairs(&[
        ("aws_security_group.web", "aws_security_group.frontend"),
        ("module.vpc", "module.network"),
    ]);
    let (code, doc, err) = refactor(tmp.path(), &[]);
    assert_eq!(code, Some(0), "{doc}\n{err}");
    assert_eq!(common::moves_of(&doc).unwrap(), want);
    assert_eq!(doc["unmatched"], serde_json::json!([]));
    // With the state: the same blocks, and the objects under the call
    // move with it.
    let state = with_state(tmp.path());
    let (code, doc, err) = refactor(tmp.path(), state);
    assert_eq!(code, Some(0), "{doc}\n{err}");
    assert_eq!(common::moves_of(&doc).unwrap(), want);
    let (_, _, text) = outcome(
        tmp.path(),
        ["refactor", "old", "new", "--state", "terraform.tfstate"],
    );
    assert!(
        text.contains("minimod: 1 object and 1 remote module instance paired, 2 moved blocks.")
            && text.contains(
                "3 objects under module.network moved with its call; module content not read."
            )
            && text.contains("(1 of the changes only set values from remote modules' outputs"),
        "{text}"
    );
    // As state commands, the call moves as a module instance.
    let (_, out, err) = outcome(
        tmp.path(),
        [
            "refactor",
            "old",
            "new",
            "--state",
            "terraform.tfstate",
            "--output",
            "commands",
            "--engine",
            "terraform",
        ],
    );
    assert!(
        out.contains("terraform state mv module.vpc module.network\n"),
        "{out}\n{err}"
    );
    // Written, the blocks leave nothing to pair, with the state or without.
    let (code, _, err) = outcome(tmp.path(), ["refactor", "old", "new", "--write"]);
    assert_eq!(code, Some(0), "{err}");
    for args in [&[][..], state] {
        let (code, doc, err) = refactor(tmp.path(), args);
        assert_eq!(code, Some(0), "{args:?}: {doc}\n{err}");
        assert_eq!(
            common::moves_of(&doc).unwrap(),
            Vec::<(String, String)>::new(),
            "{args:?}"
        );
        assert_eq!(doc["plan"]["destroy"], 0, "{args:?}: {doc}");
    }
}

#[test]
fn count_to_for_each_moves_each_instance_of_the_call() {
    let old = VPC.replace("  name ", "  count   = 1\n  name ");
    let new = VPC.replace("  name ", "  for_each = toset([\"eu\"])\n  name ");
    let tmp = sides(&old, &new);
    for args in [&[][..], with_module_state_at(tmp.path(), "module.vpc[0]")] {
        let (code, doc, err) = refactor(tmp.path(), args);
        assert_eq!(code, Some(0), "{args:?}: {doc}\n{err}");
        assert_eq!(
            common::moves_of(&doc).unwrap(),
            pairs(&[("module.vpc[0]", "module.vpc[\"eu\"]")]),
            "{args:?}"
        );
    }
}

#[test]
fn a_call_moved_under_a_wrapper_module_moves_into_it() {
    let tmp = sides(
        VPC,
        "module \"net\" {\n  source = \"./modules/net\"\n  cidr   = \"10.0.0.0/16\"\n}\n",
    );
    write_file(
        &tmp.path().join("new/modules/net/main.tf"),
        &format!(
            "variable \"cidr\" {{}}\n\n{}",
            VPC.replace("\"10.0.0.0/16\"", "var.cidr")
        ),
    );
    for args in [&[][..], with_module_state(tmp.path())] {
        let (code, doc, err) = refactor(tmp.path(), args);
        assert_eq!(code, Some(0), "{args:?}: {doc}\n{err}");
        assert_eq!(
            common::moves_of(&doc).unwrap(),
            pairs(&[("module.vpc", "module.net.module.vpc")]),
            "{args:?}"
        );
    }
}

#[test]
fn a_version_bump_says_the_content_is_needed() {
    let tmp = sides(VPC, &VPC.replace("~> 5.0", "~> 6.0"));
    let (code, doc, err) = refactor(tmp.path(), &[]);
    assert_eq!(code, Some(1), "{doc}\n{err}");
    let unmatched = doc["unmatched"].as_array().unwrap();
    assert_eq!(unmatched.len(), 1, "{doc}");
    assert_eq!(unmatched[0]["reason"], "remote-module-changed");
    assert_eq!(unmatched[0]["remote_module"], "module.vpc");
    let (_, _, text) = outcome(tmp.path(), ["refactor", "old", "new"]);
    assert!(
        text.contains("module.vpc: version changes from ~> 5.0 to ~> 6.0; its content is needed: run `minimod modules get` or `terraform init -backend=false`"),
        "{text}"
    );
    // Renamed as well: the closest call is named, and nothing pairs.
    let tmp = sides(
        VPC,
        &VPC.replace("~> 5.0", "~> 6.0")
            .replace("\"vpc\"", "\"network\""),
    );
    let (_, _, text) = outcome(tmp.path(), ["refactor", "old", "new"]);
    assert!(
        text.contains("module.vpc: the closest call, module.network, differs: version changes from ~> 5.0 to ~> 6.0; its content is needed"),
        "{text}"
    );
    // An argument that changes is the same: only the content knows.
    let tmp = sides(VPC, &VPC.replace("10.0.0.0/16", "10.1.0.0/16"));
    let (_, _, text) = outcome(tmp.path(), ["refactor", "old", "new"]);
    assert!(
        text.contains("module.vpc: argument cidr changes from \"10.0.0.0/16\" to \"10.1.0.0/16\"; its content is needed"),
        "{text}"
    );
}

#[test]
fn a_deleted_call_goes_with_everything_in_it() {
    let tmp = sides(
        &format!("{VPC}{SG}"),
        &SG.replace("module.vpc.vpc_id", "\"vpc-1\""),
    );
    let (code, _, text) = outcome(tmp.path(), ["refactor", "old", "new"]);
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.contains("- destroy module.vpc (remote module, content not read)\n      module.vpc and everything in it would be destroyed\n"),
        "{text}"
    );
    assert!(text.contains("removed {\n  from = module.vpc\n"), "{text}");
    with_state(tmp.path());
    let (code, _, text) = outcome(
        tmp.path(),
        ["refactor", "old", "new", "--state", "terraform.tfstate"],
    );
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.contains("module.vpc and everything in it would be destroyed: 3 objects in the state"),
        "{text}"
    );
}

#[test]
fn an_object_moved_into_a_remote_module_is_not_guessed() {
    let old = "resource \"aws_vpc\" \"this\" {\n  cidr_block = \"10.0.0.0/16\"\n}\n";
    let tmp = sides(old, VPC);
    let (code, _, text) = outcome(tmp.path(), ["refactor", "old", "new"]);
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.contains("- destroy aws_vpc.this\n      no aws_vpc on the other side; it may be inside module.vpc, whose content is not read: its content is needed"),
        "{text}"
    );
}

#[test]
fn git_sources_pair_by_source_and_ref() {
    let git = "module \"dns\" {\n  source = \"git::https://github.com/my-org/dns.git//zone?ref=v1.2.0\"\n  zone   = \"example.com\"\n}\n";
    let tmp = sides(git, &git.replace("\"dns\"", "\"zone\""));
    for args in [&[][..], with_module_state_at(tmp.path(), "module.dns")] {
        let (code, doc, err) = refactor(tmp.path(), args);
        assert_eq!(code, Some(0), "{args:?}: {doc}\n{err}");
        assert_eq!(
            common::moves_of(&doc).unwrap(),
            pairs(&[("module.dns", "module.zone")]),
            "{args:?}"
        );
    }
    let tmp = sides(git, &git.replace("v1.2.0", "v2.0.0"));
    let (_, _, text) = outcome(tmp.path(), ["refactor", "old", "new"]);
    assert!(
        text.contains("module.dns: source changes from git::https://github.com/my-org/dns.git//zone?ref=v1.2.0 to git::https://github.com/my-org/dns.git//zone?ref=v2.0.0"),
        "{text}"
    );
}

/// NEW_DIR was initialised, OLD_DIR (another revision's worktree) was not:
/// a call of the same key, source and version is read from NEW_DIR's
/// installation, so its objects pair one by one.
#[test]
fn a_call_one_side_installed_is_read_for_both() {
    let call = "module \"app\" {\n  source  = \"my-org/app/aws\"\n  version = \"1.0.0\"\n  name    = \"a\"\n}\n";
    let tmp = sides(call, call);
    let new = tmp.path().join("new");
    write_file(
        &new.join(".terraform/modules/modules.json"),
        r#"{"Modules":[{"Key":"","Source":"","Dir":"."},{"Key":"app","Source":"registry.terraform.io/my-org/app/aws","Version":"1.0.0","Dir":".terraform/modules/app"}]}"#,
    );
    write_file(
        &new.join(".terraform/modules/app/main.tf"),
        "variable \"name\" {}\n\nresource \"terraform_data\" \"web\" {\n  input = var.name\n}\n",
    );
    // The content renames its resource (a new version would): with the
    // old side read from the same installation, nothing changes.
    let (code, doc, err) = refactor(tmp.path(), &[]);
    assert_eq!(code, Some(0), "{doc}\n{err}");
    assert_eq!(
        common::moves_of(&doc).unwrap(),
        Vec::<(String, String)>::new()
    );
    // A call whose version differs is not read from there: it stays
    // opaque on the old side, and the report says what is needed.
    std::fs::write(
        tmp.path().join("old/main.tf"),
        call.replace("1.0.0", "0.9.0"),
    )
    .unwrap();
    let (code, _, text) = outcome(tmp.path(), ["refactor", "old", "new"]);
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.contains("- destroy module.app (remote module, content not read)\n      module.app: the other side installed a call here of another source or version and reads its content; this one's content is needed: run `minimod modules get`"),
        "{text}"
    );
}

/// A repository whose `envs/prod` root is `base` in its first commit and
/// `head` in its second, with no `.terraform` anywhere.
fn repository(base: &str, head: &str) -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    let repo = tmp.path();
    let root = "terraform {\n  backend \"local\" {}\n}\n\n";
    common::git(repo, &["init", "-q"]);
    write_file(&repo.join("envs/prod/main.tf"), &format!("{root}{base}"));
    common::git(repo, &["add", "-A"]);
    common::git(repo, &["commit", "-qm", "base"]);
    write_file(&repo.join("envs/prod/main.tf"), &format!("{root}{head}"));
    common::git(repo, &["add", "-A"]);
    common::git(repo, &["commit", "-qm", "head"]);
    tmp
}

fn check(repo: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    let mut all = vec!["check", "--base", "HEAD~1"];
    all.extend_from_slice(args);
    outcome(repo, all)
}

/// `check` of a head that changes `base` into `head` fails naming the
/// block, `--fix` writes exactly it, and the head with it passes.
fn check_passes_once_fixed(base: &str, head: &str, wrapper: Option<&str>, block: &str) {
    let tmp = repository(base, head);
    let repo = tmp.path();
    if let Some(text) = wrapper {
        write_file(&repo.join("modules/net/main.tf"), text);
        common::git(repo, &["add", "-A"]);
        common::git(repo, &["commit", "-q", "--amend", "-m", "head"]);
    }
    let (code, out, err) = check(repo, &[]);
    assert_eq!(code, Some(1), "{out}\n{err}");
    let indented: String = (block.lines())
        .map(|l| match l.is_empty() {
            true => "\n".to_string(),
            false => format!("    {l}\n"),
        })
        .collect();
    assert!(out.contains(&indented), "{block}\n{out}");
    let (_, out, err) = check(repo, &["--fix"]);
    assert!(
        out.contains("Passed: no root destroys what was only moved."),
        "{out}\n{err}"
    );
    let written = std::fs::read_to_string(repo.join("envs/prod/moved.tf")).unwrap();
    assert_eq!(written, block);
    common::git(repo, &["add", "-A"]);
    common::git(repo, &["commit", "-qm", "blocks"]);
    let (code, out, err) = outcome(repo, ["check", "--base", "HEAD~2"]);
    assert_eq!(code, Some(0), "{out}\n{err}");
}

#[test]
fn check_passes_a_renamed_registry_call_and_its_reader_once_fixed() {
    let head = format!("{VPC}{SG}")
        .replace("module \"vpc\"", "module \"network\"")
        .replace("module.vpc.vpc_id", "module.network.vpc_id")
        .replace("\"web\" {", "\"frontend\" {");
    let block = "moved {\n  from = aws_security_group.web\n  to   = aws_security_group.frontend\n}\n\nmoved {\n  from = module.vpc\n  to   = module.network\n}\n";
    check_passes_once_fixed(&format!("{VPC}{SG}"), &head, None, block);
}

#[test]
fn check_passes_a_registry_call_turned_into_for_each_once_fixed() {
    let head = VPC.replace("  name ", "  for_each = toset([\"eu\"])\n  name ");
    let base = format!("{VPC}{SG}");
    let head = format!(
        "{head}{}",
        SG.replace("module.vpc.vpc_id", "module.vpc[\"eu\"].vpc_id")
    );
    let block = "moved {\n  from = module.vpc\n  to   = module.vpc[\"eu\"]\n}\n";
    check_passes_once_fixed(&base, &head, None, block);
}

#[test]
fn check_passes_a_registry_call_moved_under_a_wrapper_once_fixed() {
    let head = "module \"net\" {\n  source = \"../../modules/net\"\n  cidr   = \"10.0.0.0/16\"\n}\n\nresource \"aws_security_group\" \"web\" {\n  name   = \"web\"\n  vpc_id = module.net.vpc_id\n}\n";
    let wrapper = format!(
        "variable \"cidr\" {{}}\n\n{}\noutput \"vpc_id\" {{\n  value = module.vpc.vpc_id\n}}\n",
        VPC.replace("\"10.0.0.0/16\"", "var.cidr")
    );
    let block = "moved {\n  from = module.vpc\n  to   = module.net.module.vpc\n}\n";
    check_passes_once_fixed(&format!("{VPC}{SG}"), head, Some(&wrapper), block);
}

#[test]
fn check_fails_a_deleted_registry_call() {
    let tmp = repository(
        &format!("{VPC}{SG}"),
        &SG.replace("module.vpc.vpc_id", "\"vpc-1\""),
    );
    let (code, out, err) = check(tmp.path(), &[]);
    assert_eq!(code, Some(1), "{out}\n{err}");
    assert!(
        out.contains("module.vpc (remote module, content not read): module.vpc and everything in it would be destroyed"),
        "{out}"
    );
    // With the root's state, what goes with it is counted.
    let states = tempfile::tempdir().unwrap();
    with_state(states.path());
    let given = format!(
        "envs/prod={}",
        states.path().join("terraform.tfstate").display()
    );
    let (code, out, err) = check(tmp.path(), &["--state-for", &given]);
    assert_eq!(code, Some(1), "{out}\n{err}");
    assert!(
        out.contains("module.vpc and everything in it would be destroyed: 3 objects in the state"),
        "{out}"
    );
}

/// Two spellings of one source and one constraint are one call.
#[test]
fn spellings_of_one_source_and_constraint_pair() {
    let new = VPC
        .replace("\"vpc\"", "\"network\"")
        .replace(
            "\"terraform-aws-modules/vpc/aws\"",
            "\"registry.terraform.io/terraform-aws-modules/vpc/aws\"",
        )
        .replace("\"~> 5.0\"", "\"~>5.0\"");
    let tmp = sides(VPC, &new);
    let (code, doc, err) = refactor(tmp.path(), &[]);
    assert_eq!(code, Some(0), "{doc}\n{err}");
    assert_eq!(
        common::moves_of(&doc).unwrap(),
        pairs(&[("module.vpc", "module.network")])
    );
}

/// One remote call reads another's output: both renamed, the reference
/// follows the first pair, so the second pairs too.
#[test]
fn a_remote_call_reading_another_pairs_through_it() {
    let eks = "module \"eks\" {\n  source     = \"terraform-aws-modules/eks/aws\"\n  version    = \"20.8.4\"\n  subnet_ids = module.vpc.private_subnets\n  vpc_id     = module.vpc.vpc_id\n}\n";
    let old = format!("{VPC}{eks}");
    let new = old
        .replace("module \"vpc\"", "module \"network\"")
        .replace("module.vpc.", "module.network.")
        .replace("module \"eks\"", "module \"cluster\"");
    let tmp = sides(&old, &new);
    let (code, doc, err) = refactor(tmp.path(), &[]);
    assert_eq!(code, Some(0), "{doc}\n{err}");
    assert_eq!(
        common::moves_of(&doc).unwrap(),
        pairs(&[
            ("module.eks", "module.cluster"),
            ("module.vpc", "module.network")
        ])
    );
}

/// A bare repository at `dir` whose tag `v1.0.0` holds `main.tf`; its
/// `git::file://` address.
fn module_repo(dir: &Path, main_tf: &str) -> String {
    let work = dir.with_extension("work");
    write_file(&work.join("main.tf"), main_tf);
    common::git(&work, &["init", "-q"]);
    common::git(&work, &["add", "."]);
    common::git(&work, &["commit", "-qm", "v1"]);
    common::git(&work, &["tag", "v1.0.0"]);
    common::git(
        &work,
        &["clone", "-q", "--bare", ".", dir.to_str().unwrap()],
    );
    format!("git::file://{}?ref=v1.0.0", dir.display())
}

/// The content both remote modules below serve.
const NET: &str = "variable \"name\" {}\n\nresource \"terraform_data\" \"this\" {\n  input = var.name\n}\n\nresource \"terraform_data\" \"peer\" {\n  input = terraform_data.this.id\n}\n\noutput \"id\" {\n  value = terraform_data.this.id\n}\n";

/// terraform applied a git module under module.net; the new code renames
/// the call. With no `.terraform` anywhere, minimod writes the whole-call
/// block from the state, and `--verify-with terraform` proves it: terraform
/// itself clones the module and plans nothing to do.
#[test]
fn terraform_proves_the_whole_call_block_of_a_git_module() {
    let tmp = tempfile::tempdir().unwrap();
    let source = module_repo(&tmp.path().join("net.git"), NET);
    let call = format!("source = \"{source}\"");
    proved_by_terraform(tmp.path(), &call, None, "applied.tfstate");
}

/// The same with a registry module, served by a loopback registry that
/// the CLI configuration names (terraform downloads from it to verify).
#[test]
fn terraform_proves_the_whole_call_block_of_a_registry_module() {
    use common::registry::{Server, reply, tarball};
    let server = Server::start();
    server.route(
        "/v1/modules/acme/net/aws/versions",
        reply(
            200,
            &[],
            r#"{"modules":[{"versions":[{"version":"1.0.0"}]}]}"#,
        ),
    );
    server.route(
        "/v1/modules/acme/net/aws/1.0.0/download",
        reply(204, &[("X-Terraform-Get", "/net.tar.gz")], ""),
    );
    server.route("/net.tar.gz", reply(200, &[], tarball(&[("main.tf", NET)])));
    let tmp = tempfile::tempdir().unwrap();
    let config = tmp.path().join("terraformrc");
    write_file(
        &config,
        &format!(
            "host \"registry.test\" {{\n  services = {{\n    \"modules.v1\" = \"{}\"\n  }}\n}}\n",
            server.url("/v1/modules/")
        ),
    );
    let call = "source  = \"registry.test/acme/net/aws\"\n  version = \"1.0.0\"";
    proved_by_terraform(tmp.path(), call, Some(&config), "registry-applied.tfstate");
}

/// OLD_DIR calls a remote module as `net` (with `call`'s source), NEW_DIR
/// as `network`, each with a resource reading its output. The state
/// terraform wrote for OLD_DIR is recorded under
/// tests/data/remote_modules/`recorded`, so the refactor is checked
/// without terraform too; live, OLD_DIR is applied again (it must record
/// the same objects) and `--verify-with terraform` proves the blocks,
/// terraform reading its CLI configuration from `cli_config`.
fn proved_by_terraform(dir: &Path, call: &str, cli_config: Option<&Path>, recorded: &str) {
    let root = |name: &str| {
        format!(
            "module \"{name}\" {{\n  {call}\n  name   = \"a\"\n}}\n\nresource \"terraform_data\" \"reader\" {{\n  input = module.{name}.id\n}}\n"
        )
    };
    write_file(&dir.join("old/main.tf"), &root("net"));
    write_file(&dir.join("new/main.tf"), &root("network"));
    let recorded = common::repo_root()
        .join("tests/data/remote_modules")
        .join(recorded);
    let objects = |state: &str| -> Vec<String> {
        let v: Value = serde_json::from_str(state).unwrap();
        (v["resources"].as_array().unwrap().iter())
            .map(|r| {
                format!(
                    "{} {}.{}",
                    r["module"].as_str().unwrap_or(""),
                    r["type"],
                    r["name"]
                )
            })
            .collect()
    };
    let cli_config = cli_config.map_or_else(|| "/dev/null".into(), |p| p.display().to_string());
    let live = common::live();
    let state = match live {
        true => {
            let applied = dir.join("applied");
            common::copy_tree(&dir.join("old"), &applied);
            let tf = |args: &[&str]| {
                let out = common::terraform_command(&applied)
                    .env("TF_CLI_CONFIG_FILE", &cli_config)
                    .args(args)
                    .output()
                    .unwrap();
                assert!(
                    out.status.success(),
                    "terraform {args:?}: {}",
                    String::from_utf8_lossy(&out.stderr)
                );
                String::from_utf8(out.stdout).unwrap()
            };
            tf(&["init", "-input=false"]);
            tf(&["apply", "-auto-approve", "-input=false"]);
            let state = tf(&["state", "pull"]);
            if std::env::var_os("MINIMOD_RECORD").is_some() {
                write_file(&recorded, &state);
            }
            assert_eq!(
                objects(&state),
                objects(&read(&recorded)),
                "terraform recorded other objects"
            );
            state
        }
        false => read(&recorded),
    };
    write_file(&dir.join("prior.tfstate"), &state);
    let mut args = vec![
        "refactor",
        "old",
        "new",
        "--json",
        "--state",
        "prior.tfstate",
    ];
    if live {
        args.extend(["--verify-with", "terraform"]);
    }
    let out = common::minimod(dir)
        .env("TF_CLI_CONFIG_FILE", &cli_config)
        .args(&args)
        .output()
        .unwrap();
    let (stdout, stderr) = (common::stdout(&out), common::stderr(&out));
    let doc: Value =
        serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}: {stdout}\n{stderr}"));
    assert_eq!(out.status.code(), Some(0), "{doc}\n{stderr}");
    assert_eq!(
        common::moves_of(&doc).unwrap(),
        pairs(&[("module.net", "module.network")])
    );
    if live {
        let verified = &doc["verified_by"][0];
        assert_eq!(
            (&verified["add"], &verified["change"], &verified["destroy"]),
            (&Value::from(0), &Value::from(0), &Value::from(0)),
            "{doc}"
        );
    }
}
