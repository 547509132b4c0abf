//! Generated configurations and states for the benchmark, shared with
//! `tests/bench_shapes.rs`, which checks them against terraform.
//!
//! The *services* shape is what a real estate looks like: a root
//! with a `for_each` module call over a map of S services; each instance has
//! a counted `server` (N instances, an object input with a tags map) and one
//! `lb` whose input lists every server's id (`server[*].id`). The refactor
//! renames the module call. The state is the one terraform writes when it
//! applies the old configuration, with ids generated instead of random, so
//! terraform plans no changes against it.

use std::fmt::Write as _;
use std::fs;
use std::path::Path;

/// The module every service instance calls.
const SERVICE_MODULE: &str = r#"variable "name" {
  type = string
}

variable "size" {
  type = string
}

variable "servers" {
  type = number
}

resource "terraform_data" "server" {
  count = var.servers
  input = {
    name = "${var.name}-${count.index}"
    size = var.size
    tags = {
      service = var.name
      index   = tostring(count.index)
      team    = "platform"
    }
  }
}

resource "terraform_data" "lb" {
  input = terraform_data.server[*].id
}
"#;

pub fn write(dir: &Path, files: &[(&str, String)]) {
    for (name, text) in files {
        let path = dir.join(name);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
}

/// The key of service `i`.
pub fn service_key(i: usize) -> String {
    format!("s{i:04}")
}

fn size_of(i: usize) -> &'static str {
    if i.is_multiple_of(2) {
        "small"
    } else {
        "large"
    }
}

/// The root module of the services shape, with the module call named `call`.
pub fn services_root(services: usize, servers: usize, call: &str) -> String {
    format!(
        r#"locals {{
  services = {{
    for i in range({services}) : format("s%04d", i) => {{
      size    = i % 2 == 0 ? "small" : "large"
      servers = {servers}
    }}
  }}
}}

module "{call}" {{
  source   = "./mod"
  for_each = local.services
  name     = each.key
  size     = each.value.size
  servers  = each.value.servers
}}
"#
    )
}

/// Writes `old/` (call `svc`) and `new/` (call `service`) under `root`, and
/// `state.json`: what terraform apply writes for `old/`.
pub fn services(root: &Path, services: usize, servers: usize) {
    for (side, call) in [("old", "svc"), ("new", "service")] {
        write(
            &root.join(side),
            &[
                ("main.tf", services_root(services, servers, call)),
                ("mod/main.tf", SERVICE_MODULE.to_string()),
            ],
        );
    }
    fs::write(root.join("state.json"), services_state(services, servers)).unwrap();
}

/// `services_state` laid out as terraform writes a state (Go's
/// `MarshalIndent`, two spaces; the same key order): two and a half times
/// the bytes of the compact text, all of which a reader goes through.
fn indented(compact: &str) -> String {
    let value: serde_json::Value = serde_json::from_str(compact).unwrap();
    let mut text = serde_json::to_string_pretty(&value).unwrap();
    text.push('\n');
    text
}

/// A terraform_data id: the shape of a UUID, derived from the address so a
/// size always gives the same state.
fn id_for(service: usize, index: Option<usize>) -> String {
    let mut x = (service as u64) << 20 | index.map_or(0xfffff, |i| i as u64);
    let mut next = || {
        // SplitMix64
        x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = x;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    let (a, b) = (next(), next());
    format!(
        "{:08x}-{:04x}-{:04x}-{:04x}-{:012x}",
        a >> 32,
        (a >> 16) & 0xffff,
        a & 0xffff,
        b >> 48,
        b & 0xffff_ffff_ffff
    )
}

/// The state terraform 1.11 writes after applying the services shape
/// (compact JSON, which terraform reads as it reads its own).
pub fn services_state(services: usize, servers: usize) -> String {
    const PROVIDER: &str = r#""provider":"provider[\"terraform.io/builtin/terraform\"]""#;
    let dynamic = |value: &str, ty: &str| format!(r#"{{"value":{value},"type":{ty}}}"#);
    let mut out = String::from(
        r#"{"version":4,"terraform_version":"1.11.4","serial":1,"lineage":"00000000-0000-4000-8000-000000000000","outputs":{},"resources":["#,
    );
    let server_type = r#"["object",{"name":"string","size":"string","tags":["object",{"index":"string","service":"string","team":"string"}]}]"#;
    for s in 0..services {
        let key = service_key(s);
        let module = format!(r#""module":"module.svc[\"{key}\"]""#);
        if s > 0 {
            out.push(',');
        }
        let ids: Vec<String> = (0..servers).map(|i| id_for(s, Some(i))).collect();
        let list = format!(
            "[{}]",
            ids.iter()
                .map(|id| format!("\"{id}\""))
                .collect::<Vec<_>>()
                .join(",")
        );
        let tuple = format!("[\"tuple\",[{}]]", vec!["\"string\""; servers].join(","));
        let lb_input = dynamic(&list, &tuple);
        let _ = write!(
            out,
            r#"{{{module},"mode":"managed","type":"terraform_data","name":"lb",{PROVIDER},"instances":[{{"schema_version":0,"attributes":{{"id":"{}","input":{lb_input},"output":{lb_input},"triggers_replace":null}},"sensitive_attributes":[],"dependencies":["module.svc.terraform_data.server"]}}]}}"#,
            id_for(s, None)
        );
        let _ = write!(
            out,
            r#",{{{module},"mode":"managed","type":"terraform_data","name":"server",{PROVIDER},"instances":["#
        );
        for (i, id) in ids.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            let value = format!(
                r#"{{"name":"{key}-{i}","size":"{}","tags":{{"index":"{i}","service":"{key}","team":"platform"}}}}"#,
                size_of(s)
            );
            let input = dynamic(&value, server_type);
            let _ = write!(
                out,
                r#"{{"index_key":{i},"schema_version":0,"attributes":{{"id":"{id}","input":{input},"output":{input},"triggers_replace":null}},"sensitive_attributes":[]}}"#
            );
        }
        out.push_str("]}");
    }
    out.push_str("],\"check_results\":null}\n");
    indented(&out)
}

/// A git repository under `dir` with `roots` root modules (`roots/rNNN`),
/// each the services shape: the base commit (branch `base`) calls the module
/// `svc`, the head commit (the checked-out `head`) calls it `service` in
/// every root, with the moved block that proves it: `check --base base
/// --head head` passes after planning every root.
pub fn many_roots(dir: &Path, roots: usize, services: usize, servers: usize) {
    let git = |args: &[&str]| {
        let out = std::process::Command::new("git")
            .args(args)
            .current_dir(dir)
            .env("GIT_CONFIG_GLOBAL", "/dev/null")
            .env("GIT_CONFIG_NOSYSTEM", "1")
            .output()
            .expect("git runs");
        assert!(
            out.status.success(),
            "git {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    };
    fs::create_dir_all(dir).unwrap();
    git(&["init", "-q", "-b", "base"]);
    for (call, branch) in [("svc", "base"), ("service", "head")] {
        for r in 0..roots {
            write(
                &dir.join(format!("roots/r{r:03}")),
                &[
                    ("main.tf", services_root(services, servers, call)),
                    ("mod/main.tf", SERVICE_MODULE.to_string()),
                    // What makes discovery call it a root.
                    (
                        "backend.tf",
                        "terraform {\n  backend \"local\" {}\n}\n".into(),
                    ),
                    (".terraform-version", "1.11.4\n".into()),
                ],
            );
            if branch == "head" {
                let rename = "moved {\n  from = module.svc\n  to   = module.service\n}\n";
                write(
                    &dir.join(format!("roots/r{r:03}")),
                    &[("moved.tf", rename.into())],
                );
            }
        }
        if branch == "head" {
            git(&["checkout", "-q", "-b", "head"]);
        }
        git(&["add", "-A"]);
        git(&[
            "-c",
            "user.name=bench",
            "-c",
            "user.email=bench@example.com",
            "commit",
            "-q",
            "-m",
            call,
        ]);
    }
}
