//! `check` fetching remote modules as the base revision's policy allows
//! (`.minimod.hcl` `modules { fetch = true  allow = [...] }`), against a
//! loopback registry: a version bump of an allowed module is compared by
//! its content on both sides; anything else stays opaque; the head's own
//! policy, the runner's CLI configuration and its tokens count for
//! nothing unless the command line says so; nothing is written into the
//! checkout.

mod common;

use std::path::{Path, PathBuf};

use common::registry::{Server, reply, tarball};
use common::{git, minimod, write_file};
use serde_json::Value;

const HOST: &str = "registry.test";
const TOKEN: &str = "s3cr3t-check-token";

/// The module's content in each version: 1.0.0 and 1.1.0 hold the same
/// resource, 1.2.0 renames it.
fn content(version: &str) -> String {
    let name = match version {
        "1.2.0" => "renamed",
        _ => "this",
    };
    format!(
        "variable \"name\" {{\n  type = string\n}}\n\nresource \"terraform_data\" \"{name}\" {{\n  input = var.name\n}}\n\noutput \"id\" {{\n  value = terraform_data.{name}.id\n}}\n"
    )
}

/// The registry serving `acme/net/aws`, and a CLI configuration (outside
/// the repository) pointing `registry.test` at it.
struct Registry {
    server: Server,
    tmp: tempfile::TempDir,
}

impl Registry {
    fn start() -> Registry {
        let server = Server::start();
        let versions = r#"{"modules":[{"versions":[{"version":"1.0.0"},{"version":"1.1.0"},{"version":"1.2.0"}]}]}"#;
        server.route(
            "/v1/modules/acme/net/aws/versions",
            reply(200, &[("Content-Type", "application/json")], versions),
        );
        for v in ["1.0.0", "1.1.0", "1.2.0"] {
            let archive = format!("/archives/net-{v}.tar.gz");
            server.route(
                &format!("/v1/modules/acme/net/aws/{v}/download"),
                reply(204, &[("X-Terraform-Get", archive.as_str())], ""),
            );
            server.route(
                &archive,
                reply(200, &[], tarball(&[("main.tf", &content(v))])),
            );
        }
        let tmp = tempfile::tempdir().unwrap();
        let reg = Registry { server, tmp };
        write_file(
            &reg.cli_config(),
            &format!(
                "host \"{HOST}\" {{\n  services = {{\n    \"modules.v1\" = \"{}\"\n  }}\n}}\n",
                reg.server.url("/v1/modules/")
            ),
        );
        reg
    }

    fn cli_config(&self) -> PathBuf {
        self.tmp.path().join("terraformrc")
    }

    fn requests(&self) -> usize {
        self.server.seen().len()
    }
}

fn root_at(version: &str) -> String {
    format!(
        "terraform {{\n  backend \"local\" {{}}\n}}\n\nmodule \"net\" {{\n  source  = \"{HOST}/acme/net/aws\"\n  version = \"{version}\"\n  name    = \"prod\"\n}}\n"
    )
}

fn policy(allow: &str) -> String {
    format!("modules {{\n  fetch = true\n  allow = [\"{allow}\"]\n}}\n")
}

/// A repository whose base commit holds `envs/prod` calling the module at
/// 1.0.0 (and `base_policy` as `.minimod.hcl`), and whose head bumps it
/// to `to` (with `head_policy` instead, when given). No `.terraform`.
fn repository(base_policy: Option<&str>, head_policy: Option<&str>, to: &str) -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    let repo = tmp.path();
    git(repo, &["init", "-q"]);
    write_file(&repo.join("envs/prod/main.tf"), &root_at("1.0.0"));
    if let Some(p) = base_policy {
        write_file(&repo.join(".minimod.hcl"), p);
    }
    git(repo, &["add", "-A"]);
    git(repo, &["commit", "-qm", "base"]);
    write_file(&repo.join("envs/prod/main.tf"), &root_at(to));
    if let Some(p) = head_policy {
        write_file(&repo.join(".minimod.hcl"), p);
    }
    git(repo, &["add", "-A"]);
    git(repo, &["commit", "-qm", "head"]);
    tmp
}

/// `check --base HEAD~1 --head HEAD`, pointed at the registry.
fn check_command(repo: &Path, reg: &Registry) -> std::process::Command {
    let mut command = minimod(repo);
    command
        .args(["check", "--base", "HEAD~1", "--head", "HEAD"])
        .arg("--modules-cli-config")
        .arg(reg.cli_config());
    command
}

/// [`check_command`] with ARGS: exit code, stdout, stderr.
fn check(repo: &Path, reg: &Registry, args: &[&str]) -> (Option<i32>, String, String) {
    let out = check_command(repo, reg).args(args).output().unwrap();
    (
        out.status.code(),
        common::stdout(&out),
        common::stderr(&out),
    )
}

/// Nothing was written into the checkout: no `.terraform`, no change git
/// sees.
fn untouched(repo: &Path) {
    assert!(!repo.join("envs/prod/.terraform").exists());
    assert!(!repo.join(".terraform").exists());
    let status = common::stdout(&git(repo, &["status", "--porcelain", "--ignored"]));
    assert_eq!(status, "", "the checkout changed");
}

const NEEDED: &str = "module.net: version changes from 1.0.0 to 1.1.0; its content is needed: allow fetching its source in the base's .minimod.hcl (`modules { fetch = true  allow = [...] }`)";

#[test]
fn without_a_policy_a_bump_needs_the_content_and_nothing_is_asked() {
    let reg = Registry::start();
    let tmp = repository(None, None, "1.1.0");
    let (code, out, err) = check(tmp.path(), &reg, &[]);
    assert_eq!(code, Some(1), "{out}\n{err}");
    assert!(out.contains(NEEDED), "{out}");
    assert!(!out.contains("fetched"), "{out}");
    assert_eq!(reg.requests(), 0, "{:?}", reg.server.seen());
    untouched(tmp.path());
}

#[test]
fn the_base_policy_fetches_the_allowed_module_and_the_bump_passes() {
    let reg = Registry::start();
    let tmp = repository(Some(&policy("registry.test/acme/*")), None, "1.1.0");
    let (code, out, err) = check(tmp.path(), &reg, &[]);
    assert_eq!(code, Some(0), "{out}\n{err}");
    assert!(
        out.contains(
            "  fetched, as the base's .minimod.hcl allows:\n    base module.net: registry.test/acme/net/aws 1.0.0\n    head module.net: registry.test/acme/net/aws 1.1.0\n"
        ),
        "{out}"
    );
    assert!(
        out.contains("Passed: no root destroys what was only moved."),
        "{out}"
    );
    // Each version's package was downloaded; no token without
    // --modules-tokens.
    let seen = reg.server.seen();
    for v in ["1.0.0", "1.1.0"] {
        assert!(
            seen.iter()
                .any(|s| s.path == format!("/archives/net-{v}.tar.gz")),
            "{seen:?}"
        );
    }
    assert!(!seen.iter().any(|s| s.path.contains("1.2.0")), "{seen:?}");
    assert!(seen.iter().all(|s| s.auth.is_none()), "{seen:?}");
    untouched(tmp.path());
    // The JSON report names them too.
    let (_, out, _) = check(tmp.path(), &reg, &["--format", "json"]);
    let doc: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        doc["roots"][0]["fetched"],
        serde_json::json!([
            {"side": "base", "module": "module.net", "source": "registry.test/acme/net/aws", "version": "1.0.0"},
            {"side": "head", "module": "module.net", "source": "registry.test/acme/net/aws", "version": "1.1.0"},
        ])
    );
}

/// The content is what is compared: a version whose resource has another
/// name destroys the old one.
#[test]
fn a_bump_to_other_content_fails_on_that_content() {
    let reg = Registry::start();
    let tmp = repository(Some(&policy("registry.test/acme/*")), None, "1.2.0");
    let (code, out, err) = check(tmp.path(), &reg, &[]);
    assert_eq!(code, Some(1), "{out}\n{err}");
    assert!(
        out.contains("from = module.net.terraform_data.this"),
        "{out}"
    );
    assert!(
        out.contains("head module.net: registry.test/acme/net/aws 1.2.0"),
        "{out}"
    );
    untouched(tmp.path());
}

#[test]
fn a_policy_for_another_namespace_leaves_it_opaque() {
    let reg = Registry::start();
    let tmp = repository(Some(&policy("registry.test/other/*")), None, "1.1.0");
    let (code, out, err) = check(tmp.path(), &reg, &[]);
    assert_eq!(code, Some(1), "{out}\n{err}");
    assert!(out.contains(NEEDED), "{out}");
    assert!(!out.contains("fetched"), "{out}");
    assert_eq!(reg.requests(), 0, "{:?}", reg.server.seen());
}

#[test]
fn a_policy_added_only_in_the_head_does_not_count() {
    let reg = Registry::start();
    let tmp = repository(None, Some(&policy("registry.test/acme/*")), "1.1.0");
    let (code, out, err) = check(tmp.path(), &reg, &[]);
    assert_eq!(code, Some(1), "{out}\n{err}");
    assert!(out.contains(NEEDED), "{out}");
    assert_eq!(reg.requests(), 0, "{:?}", reg.server.seen());
    untouched(tmp.path());
}

/// The runner's TF_CLI_CONFIG_FILE is not read by a check: without
/// --modules-cli-config, `registry.test` is not the loopback registry, and
/// the root cannot be checked as its policy asks.
#[test]
fn the_runners_cli_configuration_is_not_read() {
    let reg = Registry::start();
    let tmp = repository(Some(&policy("registry.test/acme/*")), None, "1.1.0");
    let out = minimod(tmp.path())
        .args(["check", "--base", "HEAD~1", "--head", "HEAD"])
        .env("TF_CLI_CONFIG_FILE", reg.cli_config())
        .output()
        .unwrap();
    let text = common::stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(
        text.contains(
            "The base's .minimod.hcl allows fetching this root's modules, and fetching failed:"
        ) && text.contains("Error accessing remote module registry"),
        "{text}"
    );
    assert_eq!(reg.requests(), 0, "{:?}", reg.server.seen());
    untouched(tmp.path());
}

/// Tokens go to the registry only with --modules-tokens, and are never
/// printed; --modules-cache keeps packages for the next run.
#[test]
fn tokens_and_the_cache_only_when_the_command_line_says_so() {
    let reg = Registry::start();
    let tmp = repository(Some(&policy("registry.test/acme/*")), None, "1.1.0");
    let cache = reg.tmp.path().join("cache");
    let run = |args: &[&str]| {
        let out = check_command(tmp.path(), &reg)
            .arg("--modules-cache")
            .arg(&cache)
            .args(args)
            .env("TF_TOKEN_registry_test", TOKEN)
            .output()
            .unwrap();
        let all = format!("{}{}", common::stdout(&out), common::stderr(&out));
        assert_eq!(out.status.code(), Some(0), "{all}");
        assert!(!all.contains(TOKEN), "{all}");
    };
    run(&[]);
    let seen = reg.server.seen();
    assert!(
        !seen.is_empty() && seen.iter().all(|s| s.auth.is_none()),
        "{seen:?}"
    );
    assert!(cache.exists());
    // From the cache: no request at all the second time.
    run(&["--modules-tokens"]);
    assert_eq!(reg.requests(), seen.len(), "{:?}", reg.server.seen());
    // Without a cache the registry is asked again, with the token.
    let out = check_command(tmp.path(), &reg)
        .arg("--modules-tokens")
        .env("TF_TOKEN_registry_test", TOKEN)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", common::stdout(&out));
    let api: Vec<_> = reg.server.seen()[seen.len()..]
        .iter()
        .filter(|s| s.path.starts_with("/v1/"))
        .cloned()
        .collect();
    assert!(!api.is_empty());
    for s in api {
        assert_eq!(s.auth, Some(format!("Bearer {TOKEN}")), "{s:?}");
    }
    untouched(tmp.path());
}
