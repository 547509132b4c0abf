//! `minimod modules get` against a loopback registry (an HTTP/1.1 server
//! on 127.0.0.1 that this test starts: versions, downloads with
//! `X-Terraform-Get`, tarballs built here) and local bare git
//! repositories (`git::file://`): what it installs, the cache, tokens,
//! every bad input's diagnostic, the allow-list entry point, and the
//! differential against `terraform init -backend=false`, whose answer is
//! recorded in tests/data/modules/expected (re-checked live with
//! MINIMOD_LIVE=1).

mod common;

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use common::registry::{Reply, Server, reply, tarball};
use common::{git, minimod, read, write_file};

const TOKEN: &str = "s3cr3t-registry-token";
const HOST: &str = "registry.test";

/// A bare repository at `dir` whose tag `v1.0.0` holds `files`.
fn bare_repo(dir: &Path, files: &[(&str, &str)]) -> String {
    let work = dir.with_extension("work");
    fs::create_dir_all(&work).unwrap();
    git(&work, &["init", "-q"]);
    for (name, text) in files {
        write_file(&work.join(name), text);
    }
    git(&work, &["add", "."]);
    git(&work, &["commit", "-qm", "v1"]);
    git(&work, &["tag", "v1.0.0"]);
    git(
        dir.parent().unwrap(),
        &["init", "-q", "--bare", dir.to_str().unwrap()],
    );
    git(
        &work,
        &[
            "push",
            "-q",
            dir.to_str().unwrap(),
            "HEAD:refs/heads/main",
            "v1.0.0",
        ],
    );
    format!("file://{}", dir.display())
}

/// The configuration, registry and repositories the tests share: a
/// registry module (choosing 1.2.0 under `~> 1.1`, past a prerelease)
/// that calls a local submodule and a git module, a git module called
/// from the root, and a local module.
struct World {
    tmp: tempfile::TempDir,
    server: Server,
    app_repo: String,
}

impl World {
    fn new() -> World {
        let tmp = tempfile::tempdir().unwrap();
        let server = Server::start();
        let net_repo = bare_repo(
            &tmp.path().join("net.git"),
            &[(
                "main.tf",
                "resource \"terraform_data\" \"net\" {\n  input = \"net\"\n}\n\noutput \"id\" {\n  value = terraform_data.net.output\n}\n",
            )],
        );
        let app_repo = bare_repo(
            &tmp.path().join("app.git"),
            &[
                ("README.md", "app\n"),
                (
                    "modules/web/main.tf",
                    "variable \"name\" {\n  type = string\n}\n\nresource \"terraform_data\" \"web\" {\n  input = var.name\n}\n",
                ),
            ],
        );
        let versions = r#"{"modules":[{"versions":[{"version":"1.0.0"},{"version":"1.1.0"},{"version":"1.2"},{"version":"1.3.0-beta1"},{"version":"2.0.0"},{"version":"not-a-version"}]}]}"#;
        server.route(
            "/v1/modules/acme/vpc/aws/versions",
            reply(200, &[("Content-Type", "application/json")], versions),
        );
        server.route(
            "/v1/modules/acme/vpc/aws/1.2.0/download",
            reply(
                204,
                &[("X-Terraform-Get", "/archives/vpc-1.2.0.tar.gz")],
                "",
            ),
        );
        let vpc_main = format!(
            "module \"sub\" {{\n  source = \"./modules/sub\"\n}}\n\nmodule \"net\" {{\n  source = \"git::{net_repo}?ref=v1.0.0\"\n}}\n\noutput \"vpc_id\" {{\n  value = module.net.id\n}}\n"
        );
        server.route(
            "/archives/vpc-1.2.0.tar.gz",
            reply(
                200,
                &[("Content-Type", "application/x-gzip")],
                tarball(&[
                    ("main.tf", &vpc_main),
                    (
                        "modules/sub/main.tf",
                        "resource \"terraform_data\" \"sub\" {}\n",
                    ),
                ]),
            ),
        );
        let world = World {
            tmp,
            server,
            app_repo,
        };
        world.write_cli_config(&format!("{}/v1/modules/", world.server.url("")));
        world
    }

    fn path(&self, rel: &str) -> PathBuf {
        self.tmp.path().join(rel)
    }

    fn cli_config(&self) -> PathBuf {
        self.path("terraformrc")
    }

    fn write_cli_config(&self, modules_url: &str) {
        write_file(
            &self.cli_config(),
            &format!(
                "host \"{HOST}\" {{\n  services = {{\n    \"modules.v1\" = \"{modules_url}\"\n  }}\n}}\n\ncredentials \"{HOST}\" {{\n  token = \"{TOKEN}\"\n}}\n"
            ),
        );
    }

    /// The root configuration in `dir`.
    fn root(&self, dir: &str) -> PathBuf {
        let root = self.path(dir);
        write_file(
            &root.join("main.tf"),
            &format!(
                "module \"vpc\" {{\n  source  = \"{HOST}/acme/vpc/aws\"\n  version = \"~> 1.1\"\n}}\n\nmodule \"app\" {{\n  source = \"git::{}//modules/web?ref=v1.0.0\"\n  name   = \"web\"\n}}\n\nmodule \"local\" {{\n  source = \"./local\"\n}}\n\noutput \"vpc_id\" {{\n  value = module.vpc.vpc_id\n}}\n",
                self.app_repo
            ),
        );
        write_file(
            &root.join("local/main.tf"),
            "resource \"terraform_data\" \"local\" {}\n",
        );
        root
    }

    fn get(&self, dir: &Path, args: &[&str]) -> (Option<i32>, String, String) {
        let out = minimod(dir)
            .args(["modules", "get"])
            .args(args)
            .args(["--cache", self.path("cache").to_str().unwrap()])
            .env("TF_CLI_CONFIG_FILE", self.cli_config())
            .output()
            .unwrap();
        (
            out.status.code(),
            common::stdout(&out),
            common::stderr(&out),
        )
    }

    /// A text with this run's paths and port made placeholders.
    fn generic(&self, text: &str) -> String {
        text.replace(
            &format!("file://{}", self.tmp.path().display()),
            "file://TMP",
        )
        .replace(&self.server.port.to_string(), "PORT")
    }
}

/// Every file under `dir` but `.git` directories, by relative path.
fn tree(dir: &Path) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in fs::read_dir(&d).unwrap().flatten() {
            let p = e.path();
            if e.file_name() == ".git" {
                continue;
            }
            if p.is_dir() {
                stack.push(p);
            } else {
                let rel = p.strip_prefix(dir).unwrap().to_string_lossy().into_owned();
                out.insert(rel, fs::read_to_string(&p).unwrap_or_default());
            }
        }
    }
    out
}

fn expected_dir() -> PathBuf {
    common::repo_root().join("tests/data/modules/expected")
}

#[test]
fn installs_registry_git_nested_and_local_modules() {
    let w = World::new();
    let root = w.root("env");
    let (code, out, err) = w.get(&root, &[]);
    assert_eq!(code, Some(0), "{out}\n{err}");
    let manifest = read(&root.join(".terraform/modules/modules.json"));
    assert_eq!(
        w.generic(&manifest),
        read(&expected_dir().join("modules.json")).trim_end(),
        "modules.json"
    );
    let installed = tree(&root.join(".terraform/modules"));
    let names: Vec<&String> = installed.keys().collect();
    assert_eq!(
        names,
        [
            "app/README.md",
            "app/modules/web/main.tf",
            "modules.json",
            "vpc.net/main.tf",
            "vpc/main.tf",
            "vpc/modules/sub/main.tf",
        ]
    );
    assert!(
        out.contains(
            "- vpc: registry.test/acme/vpc/aws 1.2.0, downloaded, in .terraform/modules/vpc"
        ),
        "{out}"
    );
    assert!(out.contains("- local in local"), "{out}");
    // The prerelease and the malformed version: only a warning, for the latter.
    assert!(
        err.contains("Invalid response from remote module registry"),
        "{err}"
    );
    assert!(err.contains("\"not-a-version\""), "{err}");
    // The token went to the registry's API, not to the archive's host,
    // and was never shown.
    let seen = w.server.seen();
    assert_eq!(seen.len(), 3, "{seen:?}");
    for s in seen {
        let want = s
            .path
            .starts_with("/v1/")
            .then(|| format!("Bearer {TOKEN}"));
        assert_eq!(s.auth, want, "{s:?}");
    }
    assert!(!out.contains(TOKEN) && !err.contains(TOKEN));
    // Nothing is left behind but what terraform would hold.
    let left: Vec<String> = fs::read_dir(root.join(".terraform/modules"))
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with('.'))
        .collect();
    assert!(left.is_empty(), "{left:?}");
    // The loader reads it: the nested module's output is there.
    let (code, out, err) = common::outcome(&root, ["addresses"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("module.vpc.module.net.terraform_data.net"),
        "{out}"
    );
}

#[test]
fn a_second_checkout_installs_from_the_cache_without_a_request() {
    let w = World::new();
    let first = w.root("a");
    let (code, out, err) = w.get(&first, &[]);
    assert_eq!(code, Some(0), "{out}\n{err}");
    let asked = w.server.seen().len();
    assert!(asked >= 3);
    let second = w.root("b");
    let (code, out, err) = w.get(&second, &[]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(w.server.seen().len(), asked, "no request the second time");
    assert!(
        out.contains("registry.test/acme/vpc/aws 1.2.0, from the cache"),
        "{out}"
    );
    assert_eq!(
        tree(&first.join(".terraform/modules")),
        tree(&second.join(".terraform/modules"))
            .into_iter()
            .map(|(k, v)| (k, v.replace("/b/", "/a/")))
            .collect()
    );
    // The same checkout again: kept as installed.
    let (code, out, err) = w.get(&second, &[]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("1.2.0, already installed"), "{out}");
    assert_eq!(w.server.seen().len(), asked);
}

/// Runs `modules get` on a one-call configuration and returns its exit
/// code and stderr, after checking that nothing was written.
fn fails(w: &World, name: &str, call: &str, args: &[&str]) -> String {
    let root = w.path(name);
    write_file(&root.join("main.tf"), call);
    let (code, out, err) = w.get(&root, args);
    assert_eq!(code, Some(1), "{name}: {out}\n{err}");
    assert!(!err.contains(TOKEN), "{err}");
    let modules = root.join(".terraform/modules");
    let left: Vec<String> = fs::read_dir(&modules)
        .map(|r| {
            r.flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    assert!(left.is_empty(), "{name}: left {left:?}");
    // Diagnostics wrap their detail: compare words.
    err.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn registry_call(pkg: &str, version: &str) -> String {
    format!("module \"m\" {{\n  source  = \"{HOST}/{pkg}\"\n  version = \"{version}\"\n}}\n")
}

#[test]
fn bad_inputs_get_terraforms_diagnostics_and_nothing_is_written() {
    let w = World::new();
    let s = &w.server;
    let tgz = |files: &[(&str, &str)]| reply(200, &[], tarball(files));
    let versions = |v: &str| {
        reply(
            200,
            &[],
            format!(r#"{{"modules":[{{"versions":[{{"version":"{v}"}}]}}]}}"#),
        )
    };
    let download = |to: &str| reply(204, &[("X-Terraform-Get", to)], "");

    let err = fails(&w, "missing", &registry_call("acme/none/aws", "1.0.0"), &[]);
    assert!(err.contains("Module not found"), "{err}");
    assert!(
        err.contains("cannot be found in the module registry at registry.test"),
        "{err}"
    );
    assert!(err.contains("main.tf:1"), "{err}");

    let err = fails(&w, "nomatch", &registry_call("acme/vpc/aws", "~> 3.0"), &[]);
    assert!(
        err.contains("Unresolvable module version constraint"),
        "{err}"
    );
    assert!(
        err.contains("The newest available version is 2.0.0."),
        "{err}"
    );

    let err = fails(
        &w,
        "badconstraint",
        &registry_call("acme/vpc/aws", "~> x"),
        &[],
    );
    assert!(err.contains("Invalid version constraint"), "{err}");

    let err = fails(
        &w,
        "badsource",
        "module \"m\" {\n  source = \"modules/m\"\n}\n",
        &[],
    );
    assert!(err.contains("Invalid module source address"), "{err}");

    let err = fails(
        &w,
        "unknownhost",
        "module \"m\" {\n  source  = \"nosuch.invalid/a/b/c\"\n  version = \"1.0.0\"\n}\n",
        &[],
    );
    assert!(
        err.contains("Error accessing remote module registry"),
        "{err}"
    );
    assert!(err.contains("nosuch.invalid"), "{err}");

    // A host whose services have no modules.v1.
    let rc = w.path("rc-nomodules");
    write_file(
        &rc,
        "host \"other.test\" {\n  services = {\n    \"providers.v1\" = \"http://127.0.0.1:1/\"\n  }\n}\n",
    );
    let root = w.path("noservice");
    write_file(
        &root.join("main.tf"),
        "module \"m\" {\n  source  = \"other.test/a/b/c\"\n  version = \"1.0.0\"\n}\n",
    );
    let out = minimod(&root)
        .args(["modules", "get", "--no-cache"])
        .env("TF_CLI_CONFIG_FILE", &rc)
        .output()
        .unwrap();
    let err = common::stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("host other.test does not provide a module registry"),
        "{err}"
    );

    s.route("/v1/modules/acme/gone/aws/versions", versions("1.0.0"));
    let err = fails(
        &w,
        "nodownload",
        &registry_call("acme/gone/aws", "1.0.0"),
        &[],
    );
    assert!(err.contains("Failed to retrieve a download URL"), "{err}");
    assert!(err.contains("not found"), "{err}");

    // A registry package `acme/NAME/aws` 1.0.0 whose archive is `archive`.
    let package = |name: &str, archive: Reply| {
        s.route(
            &format!("/v1/modules/acme/{name}/aws/versions"),
            versions("1.0.0"),
        );
        let at = format!("/archives/{name}.tar.gz");
        s.route(
            &format!("/v1/modules/acme/{name}/aws/1.0.0/download"),
            download(&at),
        );
        s.route(&at, archive);
        registry_call(&format!("acme/{name}/aws"), "1.0.0")
    };

    let corrupt = package("corrupt", reply(200, &[], "not a tarball"));
    let err = fails(&w, "corrupt", &corrupt, &[]);
    assert!(err.contains("Failed to download module"), "{err}");
    assert!(err.contains("not a tar.gz archive"), "{err}");

    let mut evil = tar::Builder::new(flate2::write::GzEncoder::new(
        Vec::new(),
        flate2::Compression::fast(),
    ));
    let mut h = tar::Header::new_gnu();
    h.set_size(1);
    h.as_old_mut().name[..9].copy_from_slice(b"../x.tf\0\0");
    h.set_mode(0o644);
    h.set_cksum();
    evil.append(&h, &b"x"[..]).unwrap();
    let escape = package(
        "escape",
        reply(200, &[], evil.into_inner().unwrap().finish().unwrap()),
    );
    let err = fails(&w, "escape", &escape, &[]);
    assert!(err.contains("leads outside the package"), "{err}");
    assert!(!w.path("escape/.terraform/x.tf").exists() && !w.path("x.tf").exists());

    let noise: String = (0..3_000_000u64)
        .map(|i| (b'a' + ((i * 7919 + i / 13) % 26) as u8) as char)
        .collect();
    let big = package("big", tgz(&[("main.tf", &noise)]));
    let err = fails(&w, "big", &big, &["--max-size", "1"]);
    assert!(err.contains("larger than 1048576 bytes"), "{err}");

    let moved = reply(302, &[("Location", "https://127.0.0.1:1/m.tar.gz")], "");
    let err = fails(&w, "redirect", &package("redirect", moved), &[]);
    assert!(err.contains("changes the scheme"), "{err}");

    s.route("/archives/sum.tar.gz", tgz(&[("main.tf", "")]));
    let call = format!(
        "module \"m\" {{\n  source = \"{}?checksum=sha256:{}\"\n}}\n",
        s.url("/archives/sum.tar.gz"),
        "0".repeat(64)
    );
    let err = fails(&w, "checksum", &call, &[]);
    assert!(err.contains("Checksums did not match"), "{err}");

    // One bad call among good ones: nothing of the good ones is kept.
    let mut call = registry_call("acme/vpc/aws", "~> 1.1");
    call.push_str("module \"bad\" {\n  source = \"git::file:///nonexistent/repo.git?ref=v1\"\n}\n");
    let err = fails(&w, "partial", &call, &[]);
    assert!(err.contains("Failed to download module"), "{err}");

    let err = fails(
        &w,
        "escapelocal",
        "module \"m\" {\n  source = \"./nowhere\"\n}\n",
        &[],
    );
    assert!(err.contains("Unreadable module directory"), "{err}");
}

#[test]
fn a_policy_installs_only_the_sources_it_allows() {
    let w = World::new();
    let root = w.root("policy");
    let into = root.join(".minimod/modules");
    let opts = minimod::GetOptions {
        cli_config: Some(w.cli_config()),
        ..Default::default()
    };
    let mut sources = minimod::SourceMap::default();
    let done = minimod::fetch_allowed(
        &root,
        &into,
        &[format!("{HOST}/acme/*")],
        &opts,
        &mut sources,
    )
    .unwrap();
    let keys: Vec<&str> = done.installed.iter().map(|i| i.key.as_str()).collect();
    assert_eq!(keys, ["local", "vpc", "vpc.sub"]);
    let left: Vec<&str> = done.not_allowed.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(left, ["app", "vpc.net"]);
    let manifest = read(&into.join("modules.json"));
    assert!(
        manifest.contains(r#""Dir":".minimod/modules/vpc""#),
        "{manifest}"
    );
    assert!(!into.join("app").exists() && !root.join(".terraform").exists());
}

/// What terraform installs for the same configuration, against the same
/// loopback registry and repositories. Offline, our install is compared
/// with terraform's recorded modules.json and tree; live, terraform is
/// run again and must agree, and plans the tree we installed.
#[test]
fn terraform_agrees_and_plans_what_we_install() {
    let w = World::new();
    let ours = w.root("ours");
    assert_eq!(w.get(&ours, &[]).0, Some(0));
    let our_tree: BTreeMap<String, String> = tree(&ours.join(".terraform/modules"))
        .into_iter()
        .map(|(k, v)| (k, w.generic(&v)))
        .collect();
    let recording = std::env::var_os("MINIMOD_RECORD").is_some();
    if !recording {
        let recorded: BTreeMap<String, String> =
            serde_json::from_str(&read(&expected_dir().join("tree.json"))).unwrap();
        assert_eq!(our_tree, recorded, "installed tree");
    }
    if !common::live() {
        return;
    }
    let theirs = w.root("theirs");
    let tf = |dir: &Path, args: &[&str]| {
        let out = common::terraform_command(dir)
            .args(args)
            .env("TF_CLI_CONFIG_FILE", w.cli_config())
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "terraform {args:?}: {}\n{}",
            common::stdout(&out),
            common::stderr(&out)
        );
        common::stdout(&out)
    };
    let before = w.server.seen().len();
    tf(&theirs, &["init", "-backend=false", "-input=false"]);
    // Terraform too sends the CLI configuration's token to the API only.
    for s in &w.server.seen()[before..] {
        let want = s
            .path
            .starts_with("/v1/")
            .then(|| format!("Bearer {TOKEN}"));
        assert_eq!(s.auth, want, "terraform's request {s:?}");
    }
    let their_tree: BTreeMap<String, String> = tree(&theirs.join(".terraform/modules"))
        .into_iter()
        .map(|(k, v)| (k, w.generic(&v)))
        .collect();
    assert_eq!(their_tree, our_tree, "terraform's tree (left) and ours");
    // Terraform plans our tree as it stands, modules not re-installed.
    let init = tf(&ours, &["init", "-backend=false", "-input=false"]);
    assert!(!init.contains("Downloading"), "{init}");
    let plan = tf(&ours, &["plan", "-input=false", "-no-color"]);
    assert!(
        plan.contains("module.vpc.module.net.terraform_data.net will be created"),
        "{plan}"
    );
    assert_eq!(tree(&ours.join(".terraform/modules")).len(), our_tree.len());
    if recording {
        write_file(
            &expected_dir().join("tree.json"),
            &(serde_json::to_string_pretty(&their_tree).unwrap() + "\n"),
        );
        write_file(
            &expected_dir().join("modules.json"),
            &(their_tree["modules.json"].clone() + "\n"),
        );
    }
}
