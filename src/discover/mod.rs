//! Root module discovery: which directories of a repository are root
//! modules, read from what the repository's own files say, never from a
//! naming convention alone.
//!
//! Every directory holding `*.tf`, `*.tofu`, `*.tf.json` or `*.tofu.json`
//! files is asked, in order, stopping at the first answer:
//!
//! 1. Does `.minimod.hcl` declare it (`root`) or ignore it (`ignore`)?
//! 2. Does another directory call it as a local module source? Then it is
//!    a module. (If discovery is off, every undeclared directory stops
//!    here, before this question.)
//! 3. Does it sit under a directory named `modules`? Then it is left out;
//!    the convention never counts for a directory.
//! 4. Does a `terraform` block hold a `backend` or `cloud` block? Only a
//!    root chooses where its state lives; without one it is left out.
//! 5. Does it read its workspace (`terraform.workspace`, a `cloud` block
//!    picking workspaces by tags)? Then it runs in workspaces its files do
//!    not name: left out.
//! 6. Does it choose var or backend files (`dev.tfvars`, `env/*.tfvars`)?
//!    Which one a root takes is for the repository to say: left out.
//! 7. Do its files name the tool (a lock file's registry, `.tofu` files)?
//!    Both or neither leave it out: the tool is never defaulted.
//!
//! A Terragrunt file anywhere turns discovery off: only declared roots
//! remain. In a git repository only the repository's files count (tracked,
//! or untracked and not ignored): a lock file `init` left behind or an
//! ignored `dev.tfvars` says nothing. The rule prefers missing a root (which `.minimod.hcl` fixes) to
//! finding something that is not one.

pub(crate) mod config;
mod declare;
mod signals;

use std::collections::HashMap;
use std::path::Path;

use indexmap::IndexMap;

use crate::config::{Engine, LoadOptions, load_module_dir};
use crate::diagnostics::{Diagnostic, Diagnostics, SourceMap};
use crate::files::Files;
use crate::lang::value::Value;
use crate::syntax::source::clean_path;

pub use config::Workspace;
pub(crate) use config::{DeclaredRoot, FILE_NAME as CONFIG_FILE_NAME, RepoConfig};
pub use declare::Declaration;
use signals::join;

/// The tool that runs a root module.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tool {
    OpenTofu,
    Terraform,
}

impl Tool {
    /// The name as `.minimod.hcl` and the JSON output write it.
    pub fn id(self) -> &'static str {
        match self {
            Tool::OpenTofu => "opentofu",
            Tool::Terraform => "terraform",
        }
    }

    /// The name as people write it.
    pub fn name(self) -> &'static str {
        match self {
            Tool::OpenTofu => "OpenTofu",
            Tool::Terraform => "Terraform",
        }
    }

    /// The rules minimod follows for this tool.
    pub fn engine(self) -> Engine {
        match self {
            Tool::OpenTofu => Engine::Tofu,
            Tool::Terraform => Engine::Terraform,
        }
    }
}

/// How a root module came to be one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RootOutcome {
    /// The repository's files say so.
    Found,
    /// `.minimod.hcl` declares it.
    Declared,
}

/// A root module.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Found {
    /// Relative to the repository, `/`-separated; `.` for the repository
    /// root.
    pub dir: String,
    pub outcome: RootOutcome,
    /// Why: `backend "s3" in main.tf`, `OpenTofu lock file`, or the
    /// declaration's place.
    pub evidence: Vec<String>,
    /// Always known for a found root; for a declared one, as declared or
    /// else as its files say, when they say one tool.
    pub tool: Option<Tool>,
    /// From the declaration: relative to `dir`.
    pub var_files: Vec<String>,
    /// From the declaration.
    pub variables: IndexMap<String, Value>,
    /// From the declaration: each checked as a root of its own; none for
    /// a root checked in the default workspace only.
    pub workspaces: Vec<Workspace>,
}

/// Why a directory is no root: the first question that left it out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// Discovery is off (Terragrunt, or `.minimod.hcl`) and nothing
    /// declares it.
    Off,
    /// `.minimod.hcl` ignores it.
    Ignored,
    /// Another directory calls it as a local module.
    Called,
    /// It sits under a directory named `modules`.
    UnderModules,
    /// Its files do not load.
    Unreadable,
    /// No `backend` or `cloud` block.
    NoBackend,
    /// It reads its workspace, or picks workspaces by tags.
    Workspaces,
    /// It chooses var or backend files.
    ChoosesFiles,
    /// Neither a lock file of one registry nor `.tofu` files.
    NoTool,
    /// Its files name both tools.
    BothTools,
}

impl Reason {
    /// A short machine name, for the JSON output.
    pub fn id(self) -> &'static str {
        match self {
            Reason::Off => "off",
            Reason::Ignored => "ignored",
            Reason::Called => "called",
            Reason::UnderModules => "under_modules",
            Reason::Unreadable => "unreadable",
            Reason::NoBackend => "no_backend",
            Reason::Workspaces => "workspaces",
            Reason::ChoosesFiles => "chooses_files",
            Reason::NoTool => "no_tool",
            Reason::BothTools => "both_tools",
        }
    }

    /// The reason in words.
    pub fn describe(self) -> &'static str {
        match self {
            Reason::Off => "discovery is off",
            Reason::Ignored => "ignored",
            Reason::Called => "called as a module",
            Reason::UnderModules => "under a modules directory",
            Reason::Unreadable => "its files do not load",
            Reason::NoBackend => "no backend or cloud block",
            Reason::Workspaces => "runs in workspaces its files do not name",
            Reason::ChoosesFiles => "chooses var or backend files",
            Reason::NoTool => "no file says which tool runs it",
            Reason::BothTools => "its files name both tools",
        }
    }
}

/// A directory of configuration files that is no root.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct LeftOut {
    pub dir: String,
    pub reason: Reason,
    /// The specifics: `module "vpc" in envs/prod/main.tf:3`.
    pub evidence: Vec<String>,
    /// As its files say, when they name exactly one tool.
    pub tool: Option<Tool>,
    /// The `.minimod.hcl` declaration that would check it, when what it
    /// lacks is one (its var files, workspaces or tool).
    pub declaration: Option<Declaration>,
}

/// What discovery made of a repository.
#[derive(Clone, Debug, Default)]
#[non_exhaustive]
pub struct Discovery {
    pub roots: Vec<Found>,
    pub left_out: Vec<LeftOut>,
    /// Why discovery is off, when it is: `Terragrunt file live/terragrunt.hcl`.
    pub off: Option<String>,
    /// Problems that do not stop discovery (a declared directory with no
    /// configuration files).
    pub warnings: Diagnostics,
    /// Local module calls between directories: (caller, called).
    pub calls: Vec<(String, String)>,
}

impl Discovery {
    /// Every directory, roots and left-out ones, in tree order.
    pub fn directories(&self) -> Vec<Entry<'_>> {
        let mut out: Vec<Entry> = self
            .roots
            .iter()
            .map(Entry::Root)
            .chain(self.left_out.iter().map(Entry::LeftOut))
            .collect();
        out.sort_by(|a, b| tree_order(a.dir()).cmp(&tree_order(b.dir())));
        out
    }
}

/// One directory of a [`Discovery`].
#[derive(Clone, Copy, Debug)]
pub enum Entry<'a> {
    Root(&'a Found),
    LeftOut(&'a LeftOut),
}

impl Entry<'_> {
    pub fn dir(&self) -> &str {
        match self {
            Entry::Root(f) => &f.dir,
            Entry::LeftOut(l) => &l.dir,
        }
    }
}

/// Sorts parents before children and siblings by name (`a`, `a/b`, `a-c`).
fn tree_order(dir: &str) -> Vec<&str> {
    if dir == "." {
        Vec::new()
    } else {
        dir.split('/').collect()
    }
}

/// Discovers the root modules of the repository at `repo`, reading its
/// `.minimod.hcl`. Errors are the config file's.
///
/// A directory with a backend, whose files say which tool runs it (here a
/// `.tofu` file), is a root; a module it calls is not:
///
/// ```
/// let repo = tempfile::tempdir().unwrap();
/// let live = repo.path().join("live");
/// std::fs::create_dir_all(live.join("modules/net")).unwrap();
/// std::fs::write(
///     live.join("main.tofu"),
///     "terraform {\n  backend \"s3\" {}\n}\nmodule \"net\" {\n  source = \"./modules/net\"\n}\n",
/// )
/// .unwrap();
/// std::fs::write(live.join("modules/net/main.tf"), "variable \"cidr\" {\n  default = \"10.0.0.0/16\"\n}\n").unwrap();
/// let found = minimod::discover(repo.path()).unwrap();
/// let roots: Vec<&str> = found.roots.iter().map(|r| r.dir.as_str()).collect();
/// assert_eq!(roots, ["live"]);
/// ```
pub fn discover(repo: &Path) -> Result<Discovery, Diagnostics> {
    discover_with_sources(repo, &mut SourceMap::default())
}

/// As [`discover`], keeping the config file's text in `sources` so its
/// diagnostics can quote it.
pub(crate) fn discover_with_sources(
    repo: &Path,
    sources: &mut SourceMap,
) -> Result<Discovery, Diagnostics> {
    let config = RepoConfig::load(repo, &Files::disk(), sources)?;
    Ok(discover_with_config(repo, &config, &Files::disk()))
}

/// A directory of configuration files and what its files say.
struct Dir {
    rel: String,
    /// The var and backend files it chooses from, relative to it.
    chosen: Vec<String>,
    /// (call name, source, file, line) of each local module call.
    calls: Vec<(String, String, String, usize)>,
    /// (kind, file) of the backend or cloud block, when the module loads.
    backend: Option<(String, String)>,
    /// The first load error, as `file:line: summary`.
    unreadable: Option<String>,
    parsed: Vec<signals::ParsedFile>,
    tools: Vec<(Tool, String)>,
}

/// Discovery with an already-read configuration (a revision's
/// `.minimod.hcl`, or none).
pub(crate) fn discover_with_config(repo: &Path, config: &RepoConfig, files: &Files) -> Discovery {
    let mut found_dirs = Vec::new();
    let mut terragrunt = None;
    let visible = signals::Visible::of_repo(repo, files);
    walk(repo, ".", &visible, &mut found_dirs, &mut terragrunt);

    let mut dirs = Vec::new();
    // Callers of each directory: evidence strings by target directory.
    let mut callers: HashMap<String, Vec<String>> = HashMap::new();
    let mut calls = Vec::new();
    for (rel, files) in found_dirs {
        let d = read_dir(&repo.join(&rel), rel, files, &visible);
        for (call, source, file, line) in &d.calls {
            let target = clean_path(&Path::new(&d.rel).join(source));
            if target == d.rel || target.starts_with("..") || target.starts_with('/') {
                continue;
            }
            calls.push((d.rel.clone(), target.clone()));
            callers.entry(target).or_default().push(format!(
                "module \"{call}\" in {}:{line}",
                join(&d.rel, file)
            ));
        }
        dirs.push(d);
    }

    let off = match (&terragrunt, &config.disabled_at) {
        (Some(t), _) => Some(format!("Terragrunt file {t}")),
        (None, Some(at)) => Some(format!(
            "discovery {{ enabled = false }} at {}:{}",
            config::FILE_NAME,
            at.start.line
        )),
        _ => None,
    };

    let mut out = Discovery {
        off: off.clone(),
        calls,
        ..Discovery::default()
    };
    for root in &config.roots {
        if !dirs.iter().any(|d| d.rel == root.dir) {
            out.warnings.push(
                Diagnostic::warning(
                    "Declared root has no configuration files",
                    format!(
                        "The directory \"{}\" holds no .tf, .tofu, .tf.json or .tofu.json files.",
                        root.dir
                    ),
                )
                .at(&root.range),
            );
            out.roots.push(declared(root, None));
        }
    }
    for ignore in &config.ignores {
        if !dirs.iter().any(|d| d.rel == ignore.dir) {
            out.warnings.push(
                Diagnostic::warning(
                    "Ignored directory has no configuration files",
                    format!(
                        "The directory \"{}\" holds no .tf, .tofu, .tf.json or .tofu.json files, so there is nothing to ignore.",
                        ignore.dir
                    ),
                )
                .at(&ignore.range),
            );
        }
    }

    for d in &dirs {
        let tool = single_tool(&d.tools);
        if let Some(root) = config.roots.iter().find(|r| r.dir == d.rel) {
            for f in &root.var_files {
                if !files.is_file(&repo.join(&root.dir).join(f)) {
                    out.warnings.push(
                        Diagnostic::warning(
                            "Var file not found",
                            format!(
                                "The var file \"{f}\" of root \"{}\" does not exist. Var files are given relative to the root module's directory.",
                                root.dir
                            ),
                        )
                        .at(&root.range),
                    );
                }
            }
            out.roots.push(declared(root, Some(d)));
            continue;
        }
        let left = |reason: Reason, evidence: Vec<String>| LeftOut {
            dir: d.rel.clone(),
            reason,
            evidence,
            tool,
            declaration: declare::for_left_out(&d.rel, reason, tool, &d.chosen),
        };
        if let Some(ignore) = config.ignores.iter().find(|i| i.dir == d.rel) {
            let mut evidence = vec![format!(
                "ignore \"{}\" at {}:{}",
                ignore.dir,
                config::FILE_NAME,
                ignore.range.start.line
            )];
            evidence.extend(ignore.reason.clone());
            out.left_out.push(left(Reason::Ignored, evidence));
            continue;
        }
        if let Some(off) = &off {
            out.left_out.push(left(Reason::Off, vec![off.clone()]));
            continue;
        }
        out.left_out.push(match decide(d, &callers) {
            Ok(evidence) => {
                out.roots.push(Found {
                    dir: d.rel.clone(),
                    outcome: RootOutcome::Found,
                    evidence,
                    tool,
                    var_files: Vec::new(),
                    variables: IndexMap::new(),
                    workspaces: Vec::new(),
                });
                continue;
            }
            Err((reason, evidence)) => left(reason, evidence),
        });
    }
    out.roots
        .sort_by(|a, b| tree_order(&a.dir).cmp(&tree_order(&b.dir)));
    out
}

/// Questions 2 to 7 for an undeclared directory: the evidence of a found
/// root, or the first reason to leave it out.
fn decide(
    d: &Dir,
    callers: &HashMap<String, Vec<String>>,
) -> Result<Vec<String>, (Reason, Vec<String>)> {
    if let Some(by) = callers.get(&d.rel) {
        return Err((Reason::Called, by.clone()));
    }
    let parts: Vec<&str> = tree_order(&d.rel);
    if let Some(i) = parts[..parts.len().saturating_sub(1)]
        .iter()
        .position(|p| *p == "modules")
    {
        return Err((
            Reason::UnderModules,
            vec![format!("{}/", parts[..=i].join("/"))],
        ));
    }
    if let Some(e) = &d.unreadable {
        return Err((Reason::Unreadable, vec![e.clone()]));
    }
    let Some((kind, file)) = &d.backend else {
        return Err((Reason::NoBackend, Vec::new()));
    };
    let workspace = signals::workspace_evidence(&d.parsed);
    if !workspace.is_empty() {
        let workspace = workspace
            .into_iter()
            .map(|e| prefix_file(e, &d.rel))
            .collect();
        return Err((Reason::Workspaces, workspace));
    }
    if !d.chosen.is_empty() {
        let chosen = d
            .chosen
            .iter()
            .map(|f| format!("chooses {}", join(&d.rel, f)))
            .collect();
        return Err((Reason::ChoosesFiles, chosen));
    }
    let mut evidence = vec![if kind == "cloud" {
        format!("cloud block in {file}")
    } else {
        format!("backend \"{kind}\" in {file}")
    }];
    match distinct_tools(&d.tools).len() {
        0 => Err((Reason::NoTool, Vec::new())),
        1 => {
            evidence.extend(d.tools.iter().map(|(_, e)| e.clone()));
            Ok(evidence)
        }
        _ => Err((
            Reason::BothTools,
            d.tools.iter().map(|(_, e)| e.clone()).collect(),
        )),
    }
}

/// Workspace evidence names files inside the directory; say which
/// directory too, unless it is the repository root.
fn prefix_file(e: String, rel: &str) -> String {
    match e.rsplit_once(" in ") {
        Some((what, file)) => format!("{what} in {}", join(rel, file)),
        None => e,
    }
}

fn distinct_tools(tools: &[(Tool, String)]) -> Vec<Tool> {
    let mut out = Vec::new();
    for (t, _) in tools {
        if !out.contains(t) {
            out.push(*t);
        }
    }
    out
}

fn single_tool(tools: &[(Tool, String)]) -> Option<Tool> {
    match distinct_tools(tools)[..] {
        [t] => Some(t),
        _ => None,
    }
}

fn declared(root: &DeclaredRoot, d: Option<&Dir>) -> Found {
    let mut evidence = vec![format!(
        "root \"{}\" at {}:{}",
        root.dir,
        config::FILE_NAME,
        root.range.start.line
    )];
    let tool = match root.tool {
        Some(t) => Some(t),
        None => {
            let tools = d.map(|d| d.tools.as_slice()).unwrap_or_default();
            let t = single_tool(tools);
            if t.is_some() {
                evidence.extend(tools.iter().map(|(_, e)| e.clone()));
            }
            t
        }
    };
    Found {
        dir: root.dir.clone(),
        outcome: RootOutcome::Declared,
        evidence,
        tool,
        var_files: root.var_files.clone(),
        variables: root.variables.clone(),
        workspaces: root.workspaces.clone(),
    }
}

/// Reads a directory: its module as minimod loads it (whether it loads,
/// its backend, its calls), and each file on its own (for what the module
/// model does not keep, and for the calls of a module that does not load).
fn read_dir(abs: &Path, rel: String, files: Vec<String>, visible: &signals::Visible) -> Dir {
    let tools = signals::tool_evidence(abs, &rel, visible, &files);
    let engine = single_tool(&tools).map_or(Engine::default(), Tool::engine);
    let parsed = signals::parse_files(abs, &files, &visible.files);
    let chosen = signals::chosen_files(abs, &rel, visible);
    let mut d = Dir {
        rel,
        chosen,
        calls: Vec::new(),
        backend: None,
        unreadable: None,
        parsed,
        tools,
    };
    let mut scratch = SourceMap::default();
    match load_module_dir(
        abs,
        ".",
        &LoadOptions {
            engine,
            files: visible.files.clone(),
            ..Default::default()
        },
        &mut scratch,
    ) {
        Ok(m) => {
            d.backend = m
                .backend
                .map(|(kind, range)| (kind, file_name(&range.file)));
            d.calls = m
                .module_calls
                .values()
                .filter(|c| signals::is_local_source(&c.source))
                .map(|c| {
                    (
                        c.name.clone(),
                        c.source.clone(),
                        file_name(&c.source_range.file),
                        c.source_range.start.line,
                    )
                })
                .collect();
        }
        Err(diags) => {
            d.unreadable = Some(match diags.iter().next() {
                Some(e) => match &e.subject {
                    Some(s) => format!(
                        "{}:{}: {}",
                        join(&d.rel, &file_name(&s.file)),
                        s.start.line,
                        e.summary
                    ),
                    None => e.summary.clone(),
                },
                None => "no diagnostics".to_string(),
            });
            d.calls = signals::local_calls(&d.parsed)
                .into_iter()
                .map(|(name, source, range)| {
                    (name, source, range.file.to_string(), range.start.line)
                })
                .collect();
        }
    }
    d
}

fn file_name(shown: &str) -> String {
    Path::new(shown)
        .file_name()
        .map_or(shown.to_string(), |n| n.to_string_lossy().into_owned())
}

/// Collects every directory with configuration files, depth first in name
/// order, and the first Terragrunt file. Skips dot-directories
/// (`.terraform`, `.terragrunt-cache`, `.git`), `node_modules` and
/// `cdktf.out`, and
/// does not follow directory symlinks.
fn walk(
    abs_root: &Path,
    rel: &str,
    visible: &signals::Visible,
    out: &mut Vec<(String, Vec<String>)>,
    terragrunt: &mut Option<String>,
) {
    let abs = abs_root.join(rel);
    let mut files = Vec::new();
    let mut subdirs = Vec::new();
    for (name, is_dir) in signals::sorted_entries(&abs, rel, visible) {
        if is_dir {
            // cdktf.out is what `cdktf synth` writes: its stacks live in
            // the app's program, not in these files.
            if name != "node_modules" && name != "cdktf.out" {
                subdirs.push(name);
            }
            continue;
        }
        if matches!(
            name.as_str(),
            "terragrunt.hcl" | "terragrunt.hcl.json" | "terragrunt.stack.hcl"
        ) && terragrunt.is_none()
        {
            *terragrunt = Some(join(rel, &name));
        }
        if [".tf", ".tofu", ".tf.json", ".tofu.json"]
            .iter()
            .any(|ext| name.ends_with(ext))
        {
            files.push(name);
        }
    }
    if !files.is_empty() {
        out.push((rel.to_string(), files));
    }
    for sub in subdirs {
        walk(abs_root, &join(rel, &sub), visible, out, terragrunt);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Writes `files` (path, text) into a fresh directory.
    fn repo(files: &[(&str, &str)]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for (path, text) in files {
            let p = dir.path().join(path);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, text).unwrap();
        }
        dir
    }

    const BACKEND: &str = "terraform {\n  backend \"s3\" {}\n}\n";
    const TOFU_LOCK: &str =
        "provider \"registry.opentofu.org/hashicorp/aws\" {\n  version = \"5.0.0\"\n}\n";

    /// Each case holds the signals of two questions; the earlier question
    /// must give the answer.
    #[test]
    fn first_answer_wins() {
        type Case<'a> = (&'a str, &'a [(&'a str, &'a str)], Reason);
        let cases: &[Case] = &[
            (
                "called beats under modules",
                &[
                    ("modules/a/main.tf", BACKEND),
                    (
                        "app/main.tf",
                        "module \"a\" {\n  source = \"../modules/a\"\n}\n",
                    ),
                ],
                Reason::Called,
            ),
            (
                "under modules beats unreadable",
                &[("modules/a/main.tf", "resource \"x\" \"y\" {\n")],
                Reason::UnderModules,
            ),
            (
                "unreadable beats no backend",
                &[(
                    "modules-not/a/main.tf",
                    "variable \"v\" {}\nvariable \"v\" {}\n",
                )],
                Reason::Unreadable,
            ),
            (
                "no backend beats workspace",
                &[("a/main.tf", "locals {\n  w = terraform.workspace\n}\n")],
                Reason::NoBackend,
            ),
            (
                "workspace beats var files",
                &[
                    (
                        "a/main.tf",
                        "terraform {\n  backend \"s3\" {}\n}\nlocals {\n  w = terraform.workspace\n}\n",
                    ),
                    ("a/dev.tfvars", ""),
                ],
                Reason::Workspaces,
            ),
            (
                "var files beat no tool",
                &[("a/main.tf", BACKEND), ("a/env/dev.tfvars", "")],
                Reason::ChoosesFiles,
            ),
        ];
        for (name, files, want) in cases {
            let dir = repo(files);
            let d = discover_with_config(dir.path(), &RepoConfig::default(), &Files::disk());
            let last = files[0].0.rsplit_once('/').unwrap().0;
            let got = d.left_out.iter().find(|l| l.dir == last);
            assert_eq!(got.map(|l| l.reason), Some(*want), "{name}: {d:?}");
        }
    }

    #[test]
    fn declaration_beats_every_question_and_ignore_beats_finding() {
        let dir = repo(&[
            ("modules/a/main.tf", "resource \"x\" \"y\" {\n"),
            ("b/main.tf", BACKEND),
            ("b/.terraform.lock.hcl", TOFU_LOCK),
        ]);
        let config = config::parse(&crate::syntax::source::SourceFile::new(
            ".minimod.hcl",
            "root \"modules/a\" {\n  var_files = [\"a.tfvars\"]\n}\nignore \"b\" {\n  reason = \"r\"\n}\n",
        ))
        .unwrap();
        let d = discover_with_config(dir.path(), &config, &Files::disk());
        assert_eq!(d.roots.len(), 1);
        assert_eq!(d.roots[0].dir, "modules/a");
        assert_eq!(d.roots[0].outcome, RootOutcome::Declared);
        assert_eq!(d.left_out[0].reason, Reason::Ignored);
        assert_eq!(d.left_out[0].tool, Some(Tool::OpenTofu));
        // The missing var file is a warning, not an error.
        let w: Vec<&str> = d.warnings.iter().map(|w| w.summary.as_str()).collect();
        assert_eq!(w, vec!["Var file not found"]);
    }

    #[test]
    fn tree_order_puts_parents_first() {
        let mut dirs = vec!["a-c", "a/b", ".", "a", "b"];
        dirs.sort_by(|a, b| tree_order(a).cmp(&tree_order(b)));
        assert_eq!(dirs, vec![".", "a", "a/b", "a-c", "b"]);
    }
}
