//! What a directory's own files say: the workspace it reads, the var and
//! backend files it chooses from, and which tool's lock file or file names
//! it carries. Each reader returns evidence strings, empty when silent.

use std::collections::HashSet;
use std::path::Path;
use std::process::Command;
use std::sync::Arc;

use crate::diagnostics::SourceRange;
use crate::files::{Files, Kind};
use crate::syntax::ast::{ExprKind, Literal, TraversalStep};
use crate::syntax::body::{Block, Body};
use crate::syntax::source::SourceFile;
use crate::syntax::{json, native};

use super::Tool;

/// The files that are the repository's: in a git repository, the files
/// git tracks or would track (not the ignored ones: a lock file or a
/// `dev.tfvars` in `.gitignore` is no file of the repository, and a scan
/// after `init` must agree with one of a fresh checkout); every file
/// otherwise.
/// They are read through `files` (a check's revision is in memory).
pub(super) struct Visible {
    set: Option<HashSet<String>>,
    pub files: Files,
}

impl Visible {
    /// Every file counts.
    pub(super) fn all(files: Files) -> Visible {
        Visible { set: None, files }
    }

    /// Asks git for the repository's files under `repo`, when it is in a
    /// git work tree and git runs; every file otherwise (a revision's tree
    /// holds only what git tracks).
    pub(super) fn of_repo(repo: &Path, files: &Files) -> Visible {
        if files.is_mounted(repo) {
            return Visible::all(files.clone());
        }
        let out = Command::new("git")
            .args([
                "ls-files",
                "--cached",
                "--others",
                "--exclude-standard",
                "-z",
            ])
            .current_dir(repo)
            .output();
        match out {
            Ok(o) if o.status.success() => Visible {
                set: Some(
                    o.stdout
                        .split(|b| *b == 0)
                        .filter(|p| !p.is_empty())
                        .map(|p| String::from_utf8_lossy(p).into_owned())
                        .collect(),
                ),
                files: files.clone(),
            },
            _ => Visible::all(files.clone()),
        }
    }

    /// Whether the file at `rel` (relative to the repository, `/`-separated)
    /// counts.
    pub(super) fn file(&self, rel: &str) -> bool {
        match &self.set {
            None => true,
            Some(set) => set.contains(rel),
        }
    }
}

/// `rel/name`, or `name` at the repository root.
pub(super) fn join(rel: &str, name: &str) -> String {
    if rel == "." {
        name.to_string()
    } else {
        format!("{rel}/{name}")
    }
}

/// One configuration file of a directory, parsed on its own (so one broken
/// file does not hide what the others say).
pub(super) struct ParsedFile {
    /// The file's name inside its directory.
    pub name: String,
    pub body: Body,
}

/// Parses each file on its own; a file that does not parse is skipped.
pub(super) fn parse_files(dir: &Path, names: &[String], files: &Files) -> Vec<ParsedFile> {
    let mut out = Vec::new();
    for name in names {
        let Ok(text) = files.read_to_string(&dir.join(name)) else {
            continue;
        };
        let file = Arc::new(SourceFile::new(name, &text));
        let body = if name.ends_with(".json") {
            json::parse_file(&file)
        } else {
            native::parse_file(&file)
        };
        if let Ok(body) = body {
            out.push(ParsedFile {
                name: name.clone(),
                body,
            });
        }
    }
    out
}

/// `module "x" { source = "./y" }` calls with a literal local source:
/// (call name, source, place). Read straight from the files, for
/// directories whose module as a whole does not load.
pub(super) fn local_calls(files: &[ParsedFile]) -> Vec<(String, String, SourceRange)> {
    let mut out = Vec::new();
    for f in files {
        let Ok(top) = f.body.content(&[("module", 1)]) else {
            continue;
        };
        for b in top.blocks_of("module") {
            let Ok(c) = b.body.content(&[]) else {
                continue;
            };
            let Some(a) = c.attr("source") else { continue };
            if let ExprKind::Literal(Literal::String(s)) = &a.expr.kind
                && is_local_source(s)
            {
                out.push((b.labels[0].clone(), s.clone(), a.expr.range.clone()));
            }
        }
    }
    out
}

/// A local path, as both tools tell one from a registry or remote address.
pub(super) fn is_local_source(s: &str) -> bool {
    s.starts_with("./") || s.starts_with("../")
}

/// Every read of the current workspace's name, and a `cloud` block that
/// picks its workspaces by tags (or a `remote` backend by prefix): code
/// that runs in workspaces its files do not name.
pub(super) fn workspace_evidence(files: &[ParsedFile]) -> Vec<String> {
    let mut out = Vec::new();
    for f in files {
        let mut refs = Vec::new();
        collect_workspace_refs(&f.body, &mut refs);
        for (name, range) in refs {
            out.push(format!("reads {name} in {}:{}", f.name, range.start.line));
        }
        if let Some(e) = workspaces_by_pattern(f) {
            out.push(e);
        }
    }
    out
}

fn collect_workspace_refs(body: &Body, out: &mut Vec<(String, SourceRange)>) {
    let mut check = |e: &crate::syntax::ast::Expr| {
        for (root, steps, range) in e.references() {
            if (root == "terraform" || root == "tofu")
                && matches!(steps.first(), Some(TraversalStep::Attr(a)) if a == "workspace")
            {
                out.push((format!("{root}.workspace"), range));
            }
        }
    };
    match body {
        Body::Native {
            attributes, blocks, ..
        } => {
            for a in attributes {
                check(&a.expr);
            }
            for b in blocks {
                collect_workspace_refs(&b.body, out);
            }
        }
        // JSON cannot tell blocks from attributes without a schema; read
        // the whole object as an expression, whose strings are templates.
        Body::Json { object, .. } => {
            if let Ok(e) = json::expr(object) {
                check(&e);
            }
        }
    }
}

/// `cloud { workspaces { tags = ... } }` or `backend "remote" {
/// workspaces { prefix = ... } }`.
fn workspaces_by_pattern(f: &ParsedFile) -> Option<String> {
    let top = f.body.content(&[("terraform", 0)]).ok()?;
    for t in top.blocks_of("terraform") {
        let Ok(c) = t.body.content(&[("cloud", 0), ("backend", 1)]) else {
            continue;
        };
        for b in &c.blocks {
            let (what, key) = match (b.kind.as_str(), b.labels.first().map(String::as_str)) {
                ("cloud", _) => ("cloud block", "tags"),
                ("backend", Some("remote")) => ("backend \"remote\"", "prefix"),
                _ => continue,
            };
            if workspaces_attr(b, key) {
                return Some(format!(
                    "{what} picks its workspaces by {key} in {}:{}",
                    f.name, b.def_range.start.line
                ));
            }
        }
    }
    None
}

fn workspaces_attr(b: &Block, key: &str) -> bool {
    let Ok(c) = b.body.content(&[("workspaces", 0)]) else {
        return false;
    };
    c.blocks_of("workspaces")
        .any(|w| w.body.content(&[]).is_ok_and(|wc| wc.attr(key).is_some()))
}

/// A `.tfvars` file a command must name (not `terraform.tfvars` nor
/// `*.auto.tfvars`, which load by themselves), or a `.tfbackend` file.
fn is_chosen_file(name: &str) -> bool {
    if name.ends_with(".tfbackend") {
        return true;
    }
    let stem = name
        .strip_suffix(".tfvars")
        .or_else(|| name.strip_suffix(".tfvars.json"));
    match stem {
        Some(s) => s != "terraform" && !s.ends_with(".auto"),
        None => false,
    }
}

/// Any var or backend file: in a subdirectory of only such files even
/// `terraform.tfvars` is loaded only when named.
fn is_var_or_backend_file(name: &str) -> bool {
    name.ends_with(".tfvars") || name.ends_with(".tfvars.json") || name.ends_with(".tfbackend")
}

/// The var and backend files a directory chooses from: its own, and those
/// of a subdirectory that holds nothing else (the `env/dev.tfvars`
/// layout). Paths are relative to the directory.
pub(super) fn chosen_files(dir: &Path, rel: &str, visible: &Visible) -> Vec<String> {
    let mut out = Vec::new();
    for (name, is_dir) in sorted_entries(dir, rel, visible) {
        if !is_dir {
            if is_chosen_file(&name) {
                out.push(name);
            }
            continue;
        }
        let sub = sorted_entries(&dir.join(&name), &join(rel, &name), visible);
        let only_vars = !sub.is_empty() && sub.iter().all(|(n, d)| !d && is_var_or_backend_file(n));
        if only_vars {
            out.extend(sub.into_iter().map(|(n, _)| format!("{name}/{n}")));
        }
    }
    out
}

/// A directory's entries by name, dot-files and files that are not the
/// repository's left out: (name, is a directory). `rel` is `dir` relative
/// to the repository.
pub(super) fn sorted_entries(dir: &Path, rel: &str, visible: &Visible) -> Vec<(String, bool)> {
    let mut out: Vec<(String, bool)> = visible
        .files
        .read_dir(dir)
        .into_iter()
        .flatten()
        .filter_map(|e| {
            let name = e.name;
            if name.starts_with('.') {
                return None;
            }
            // A link is not followed into a directory.
            let is_dir = !e.link && e.kind == Some(Kind::Dir);
            if !is_dir && !visible.file(&join(rel, &name)) {
                return None;
            }
            Some((name, is_dir))
        })
        .collect();
    out.sort();
    out
}

/// What the files say about the tool: the lock file's registries and any
/// `.tofu` files. (the tools named, the evidence for each).
pub(super) fn tool_evidence(
    dir: &Path,
    rel: &str,
    visible: &Visible,
    config_files: &[String],
) -> Vec<(Tool, String)> {
    let mut out = Vec::new();
    let lock = ".terraform.lock.hcl";
    let text = visible
        .file(&join(rel, lock))
        .then(|| visible.files.read_to_string(&dir.join(lock)).ok())
        .flatten();
    if let Some(text) = text {
        let hosts = lock_hosts(&text);
        if hosts.iter().any(|h| h == "registry.opentofu.org") {
            out.push((Tool::OpenTofu, "OpenTofu lock file".to_string()));
        }
        if hosts.iter().any(|h| h == "registry.terraform.io") {
            out.push((Tool::Terraform, "Terraform lock file".to_string()));
        }
    }
    let tofu: Vec<&String> = config_files
        .iter()
        .filter(|n| n.ends_with(".tofu") || n.ends_with(".tofu.json"))
        .collect();
    match tofu.len() {
        0 => {}
        1 => out.push((Tool::OpenTofu, format!(".tofu file {}", tofu[0]))),
        _ => out.push((
            Tool::OpenTofu,
            format!(
                ".tofu files {}",
                tofu.iter()
                    .map(|s| s.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        )),
    }
    out
}

/// The registry hosts of a lock file's `provider "HOST/NS/NAME"` blocks. A
/// lock file that does not parse says nothing.
fn lock_hosts(text: &str) -> Vec<String> {
    let file = SourceFile::new(".terraform.lock.hcl", text);
    let Ok(Body::Native { blocks, .. }) = native::parse_file(&file) else {
        return Vec::new();
    };
    blocks
        .iter()
        .filter(|b| b.kind == "provider")
        .filter_map(|b| b.labels.first())
        .filter_map(|addr| addr.split('/').next())
        .map(str::to_string)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chosen_file_names() {
        let cases = [
            ("dev.tfvars", true),
            ("dev.tfvars.json", true),
            ("prod.s3.tfbackend", true),
            ("terraform.tfvars", false),
            ("terraform.tfvars.json", false),
            ("common.auto.tfvars", false),
            ("common.auto.tfvars.json", false),
            ("main.tf", false),
            ("tfvars", false),
        ];
        for (name, want) in cases {
            assert_eq!(is_chosen_file(name), want, "{name}");
        }
    }

    #[test]
    fn lock_file_hosts() {
        let lock = r#"
# This file is maintained automatically by "tofu init".
provider "registry.opentofu.org/hashicorp/aws" {
  version = "5.0.0"
  hashes = ["h1:x"]
}
provider "example.com/acme/thing" {
  version = "1.0.0"
}
"#;
        assert_eq!(
            lock_hosts(lock),
            vec!["registry.opentofu.org", "example.com"]
        );
        assert!(lock_hosts("provider {").is_empty());
    }

    fn parsed(name: &str, text: &str) -> Vec<ParsedFile> {
        let file = Arc::new(SourceFile::new(name, text));
        let body = if name.ends_with(".json") {
            json::parse_file(&file).unwrap()
        } else {
            native::parse_file(&file).unwrap()
        };
        vec![ParsedFile {
            name: name.into(),
            body,
        }]
    }

    #[test]
    fn workspace_reads_in_either_syntax() {
        let cases = [
            (
                "native local",
                "main.tf",
                "locals {\n  env = terraform.workspace\n}\n",
                vec!["reads terraform.workspace in main.tf:2"],
            ),
            (
                "native nested block, tofu",
                "main.tf",
                "resource \"x\" \"y\" {\n  tags {\n    env = \"${tofu.workspace}-a\"\n  }\n}\n",
                vec!["reads tofu.workspace in main.tf:3"],
            ),
            (
                "json template",
                "main.tf.json",
                "{\"locals\": {\"env\": \"${terraform.workspace}\"}}",
                vec!["reads terraform.workspace in main.tf.json:1"],
            ),
            (
                "other terraform attribute",
                "main.tf",
                "locals {\n  a = path.module\n  b = terraform.applying\n}\n",
                vec![],
            ),
            (
                "cloud by tags",
                "main.tf",
                "terraform {\n  cloud {\n    workspaces {\n      tags = [\"app\"]\n    }\n  }\n}\n",
                vec!["cloud block picks its workspaces by tags in main.tf:2"],
            ),
            (
                "cloud by name",
                "main.tf",
                "terraform {\n  cloud {\n    workspaces {\n      name = \"app\"\n    }\n  }\n}\n",
                vec![],
            ),
            (
                "remote backend by prefix",
                "main.tf",
                "terraform {\n  backend \"remote\" {\n    workspaces {\n      prefix = \"app-\"\n    }\n  }\n}\n",
                vec!["backend \"remote\" picks its workspaces by prefix in main.tf:2"],
            ),
            (
                "json cloud by tags",
                "main.tf.json",
                "{\"terraform\": {\"cloud\": {\"workspaces\": {\"tags\": [\"app\"]}}}}",
                vec!["cloud block picks its workspaces by tags in main.tf.json:1"],
            ),
        ];
        for (name, file, text, want) in cases {
            assert_eq!(workspace_evidence(&parsed(file, text)), want, "{name}");
        }
    }

    #[test]
    fn local_calls_in_either_syntax() {
        let native_calls = local_calls(&parsed(
            "main.tf",
            "module \"a\" {\n  source = \"../a\"\n}\nmodule \"b\" {\n  source = \"hashicorp/b/aws\"\n}\n",
        ));
        assert_eq!(native_calls.len(), 1);
        assert_eq!(native_calls[0].0, "a");
        assert_eq!(native_calls[0].1, "../a");
        let json_calls = local_calls(&parsed(
            "main.tf.json",
            "{\"module\": {\"c\": {\"source\": \"./c\"}}}",
        ));
        assert_eq!(json_calls.len(), 1);
        assert_eq!(json_calls[0].1, "./c");
    }
}
