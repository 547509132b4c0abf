//! `.minimod.hcl`, the repository's own word on discovery: roots it misses,
//! found directories to ignore, and the switch that turns it off. Every
//! setting is checked; an unknown one is an error, so a typo never passes
//! silently as "no setting".
//!
//! ```hcl
//! discovery {
//!   enabled = true            # false: only declared roots (default true)
//! }
//!
//! root "envs/prod" {          # a root discovery misses, or settings for one
//!   tool      = "opentofu"    # or "terraform"; else as its files say
//!   var_files = ["prod.tfvars"]              # relative to envs/prod
//!   variables = { region = "eu-west-1" }     # constants, as in a .tfvars
//! }
//!
//! root "envs/app" {           # one root per workspace, each checked alone
//!   var_files = ["common.tfvars"]            # read by every workspace first
//!   workspaces = {
//!     dev  = { var_files = ["dev.tfvars"] }  # terraform.workspace is "dev"
//!     prod = { var_files = ["prod.tfvars"], variables = { replicas = 3 } }
//!   }
//! }
//!
//! ignore "templates/new-root" {
//!   reason = "generator template"            # optional
//! }
//!
//! check {
//!   unreached    = "fail"     # or "warn"
//!   allow_update = false      # true: as `check --allow-update`
//! }
//!
//! modules {                   # for `check`: the remote modules it may
//!   fetch = true              # fetch (default false: none, all opaque)
//!   allow = ["registry.terraform.io/terraform-aws-modules/*"]
//! }
//!
//! pairing {                   # for `check`: differences that do not
//!   ignore = [                # keep two objects apart (refactor --ignore)
//!     "everything:aws_*:tags.CreatedBy",
//!     "json:aws_iam_policy:policy",
//!   ]
//! }
//! ```

use std::path::Path;
use std::sync::Arc;

use indexmap::IndexMap;

use crate::diagnostics::{Diagnostic, Diagnostics, SourceMap, SourceRange};
use crate::files::Files;
use crate::lang::eval::{ConstantScope, Eval};
use crate::lang::value::Value;
use crate::syntax::body::{Attribute, Block, Body};
use crate::syntax::native;
use crate::syntax::source::{SourceFile, clean_path};

use super::Tool;

/// The file's name at the repository root.
pub(crate) const FILE_NAME: &str = ".minimod.hcl";

/// What `.minimod.hcl` says; the default when there is no such file.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct RepoConfig {
    /// `discovery { enabled = false }` turns discovery off; declared roots
    /// stay.
    pub enabled: bool,
    /// Where `enabled = false` was set, for the report.
    pub disabled_at: Option<SourceRange>,
    pub roots: Vec<DeclaredRoot>,
    pub ignores: Vec<Ignore>,
    /// `check { unreached = "warn" }`: changed directories that no checked
    /// root reaches are a warning in `check`, not a failure.
    pub unreached_warn: bool,
    /// `check { allow_update = true }`: `check --allow-update` for every run.
    pub allow_update: bool,
    /// `pairing { ignore = [...] }`: ignore rules as written, each with
    /// its place (`refactor::ignore` reads them; discovery does not).
    pub ignore_rules: Vec<(String, SourceRange)>,
    /// `modules { fetch = true  allow = [...] }`: the normalised sources
    /// (globs) a check may fetch; empty fetches nothing.
    pub fetch_allow: Vec<String>,
}

impl Default for RepoConfig {
    fn default() -> Self {
        RepoConfig {
            enabled: true,
            disabled_at: None,
            roots: Vec::new(),
            ignores: Vec::new(),
            unreached_warn: false,
            allow_update: false,
            ignore_rules: Vec::new(),
            fetch_allow: Vec::new(),
        }
    }
}

/// `root "DIR" { ... }`: a root module the repository declares.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct DeclaredRoot {
    /// Relative to the repository, cleaned (`envs/prod`, `.` for the root).
    pub dir: String,
    pub tool: Option<Tool>,
    /// Relative to the root module's directory, as `-var-file` is when run
    /// there.
    pub var_files: Vec<String>,
    pub variables: IndexMap<String, Value>,
    /// `workspaces = { NAME = { var_files, variables } }`: each is checked
    /// as its own root; empty for a root checked in the default workspace
    /// only.
    pub workspaces: Vec<Workspace>,
    pub range: SourceRange,
}

/// One workspace of a declared root: its name (`terraform.workspace`) and
/// what it reads after the root's own `var_files` and `variables`.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Workspace {
    pub name: String,
    /// Relative to the root module's directory.
    pub var_files: Vec<String>,
    pub variables: IndexMap<String, Value>,
}

/// `ignore "DIR" { reason = "..." }`: a directory that is no root, whatever
/// discovery finds.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Ignore {
    pub dir: String,
    pub reason: Option<String>,
    pub range: SourceRange,
}

impl RepoConfig {
    /// Reads `.minimod.hcl` from the repository root: the default when
    /// there is none. The text goes into `sources` so errors quote it.
    pub(crate) fn load(
        repo: &Path,
        files: &Files,
        sources: &mut SourceMap,
    ) -> Result<RepoConfig, Diagnostics> {
        let path = repo.join(FILE_NAME);
        let text = match files.read_to_string(&path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(RepoConfig::default()),
            Err(e) => {
                return Err(Diagnostic::error(
                    "Failed to read file",
                    format!("The file {} could not be read: {e}.", path.display()),
                )
                .into());
            }
        };
        let file = Arc::new(SourceFile::new(&clean_path(&path), &text));
        sources.insert(file.name.clone(), file.text.clone());
        // Name each block for diagnostics' "in ..." line, as for a .tf file.
        if let Ok(Body::Native { blocks, .. }) = native::parse_file(&file) {
            for b in &blocks {
                let mut name = b.kind.clone();
                for l in &b.labels {
                    name.push_str(&format!(" {l:?}"));
                }
                let r = b.body.range();
                sources.add_context(file.name.clone(), r.start.byte, r.end.byte, name);
            }
        }
        parse(&file)
    }
}

/// Parses the text of a `.minimod.hcl` file.
pub(crate) fn parse(file: &SourceFile) -> Result<RepoConfig, Diagnostics> {
    let Body::Native {
        attributes, blocks, ..
    } = native::parse_file(file)?
    else {
        unreachable!("the native parser gives native bodies");
    };
    let mut diags = Diagnostics::default();
    let mut config = RepoConfig::default();
    for a in &attributes {
        diags.push(unsupported_argument(a));
    }
    let mut discovery_seen: Option<SourceRange> = None;
    let mut modules_seen: Option<SourceRange> = None;
    for b in &blocks {
        match b.kind.as_str() {
            "discovery" => {
                if !first_of_its_kind(b, &mut discovery_seen, &mut diags) {
                    continue;
                }
                if let Err(d) = discovery_block(b, &mut config) {
                    diags.extend(d);
                }
            }
            "check" => {
                if let Err(d) = check_block(b, &mut config) {
                    diags.extend(d);
                }
            }
            "modules" => {
                // Two blocks would be two answers to what may be fetched.
                if !first_of_its_kind(b, &mut modules_seen, &mut diags) {
                    continue;
                }
                if let Err(d) = modules_block(b, &mut config) {
                    diags.extend(d);
                }
            }
            "pairing" => {
                if let Err(d) = pairing_block(b, &mut config) {
                    diags.extend(d);
                }
            }
            "root" => match root_block(b) {
                Ok(r) => {
                    if let Some(prev) = config.roots.iter().find(|p| p.dir == r.dir) {
                        diags.push(duplicate("root", &r.dir, &prev.range, &r.range));
                    } else {
                        config.roots.push(r);
                    }
                }
                Err(d) => diags.extend(d),
            },
            "ignore" => match ignore_block(b) {
                Ok(i) => {
                    if let Some(prev) = config.ignores.iter().find(|p| p.dir == i.dir) {
                        diags.push(duplicate("ignore", &i.dir, &prev.range, &i.range));
                    } else {
                        config.ignores.push(i);
                    }
                }
                Err(d) => diags.extend(d),
            },
            other => diags.push(
                Diagnostic::error(
                    "Unsupported block type",
                    format!("Blocks of type \"{other}\" are not expected here."),
                )
                .at(&b.def_range),
            ),
        }
    }
    // A directory both declared and ignored is two answers to one question.
    for i in &config.ignores {
        if let Some(r) = config.roots.iter().find(|r| r.dir == i.dir) {
            diags.push(
                Diagnostic::error(
                    "Root both declared and ignored",
                    format!(
                        "The directory \"{}\" is declared as a root at {} and ignored here. Remove one of the two blocks.",
                        i.dir, r.range
                    ),
                )
                .at(&i.range),
            );
        }
    }
    if diags.has_errors() {
        return Err(diags);
    }
    Ok(config)
}

/// Whether `b` is the first block of a kind given once, which `seen`
/// remembers; a second one is an error.
fn first_of_its_kind(b: &Block, seen: &mut Option<SourceRange>, diags: &mut Diagnostics) -> bool {
    if let Some(prev) = seen {
        diags.push(
            Diagnostic::error(
                format!("Duplicate {} block", b.kind),
                format!(
                    "A {} block was already given at {prev}. Only one is allowed.",
                    b.kind
                ),
            )
            .at(&b.def_range),
        );
        return false;
    }
    *seen = Some(b.def_range.clone());
    true
}

fn duplicate(kind: &str, dir: &str, prev: &SourceRange, at: &SourceRange) -> Diagnostic {
    Diagnostic::error(
        format!("Duplicate {kind} block"),
        format!(
            "A {kind} block for \"{dir}\" was already given at {prev}. Each directory may appear only once."
        ),
    )
    .at(at)
}

fn discovery_block(b: &Block, config: &mut RepoConfig) -> Result<(), Diagnostics> {
    labels(b, &[])?;
    let attrs = attributes(b)?;
    for a in attrs {
        match a.name.as_str() {
            "enabled" => match constant(&a)? {
                Value::Bool(v) => {
                    config.enabled = v;
                    if !v {
                        config.disabled_at = Some(a.name_range.clone());
                    }
                }
                _ => return Err(wrong_type(&a, "bool")),
            },
            _ => return Err(unsupported_argument(&a).into()),
        }
    }
    Ok(())
}

fn check_block(b: &Block, config: &mut RepoConfig) -> Result<(), Diagnostics> {
    labels(b, &[])?;
    for a in attributes(b)? {
        match a.name.as_str() {
            "unreached" => match constant(&a)? {
                Value::String(s) if s == "fail" || s == "warn" => {
                    config.unreached_warn = s == "warn";
                }
                _ => {
                    return Err(Diagnostic::error(
                        "Invalid unreached setting",
                        "The unreached setting takes \"fail\" (the default) or \"warn\".",
                    )
                    .at(&a.expr.range)
                    .into());
                }
            },
            "allow_update" => match constant(&a)? {
                Value::Bool(v) => config.allow_update = v,
                _ => return Err(wrong_type(&a, "bool")),
            },
            _ => return Err(unsupported_argument(&a).into()),
        }
    }
    Ok(())
}

/// `modules { fetch = true  allow = ["GLOB", ...] }`: what a check may
/// fetch. `fetch = true` needs a non-empty `allow`: a policy that fetches
/// whatever a pull request names is not one this file can state.
fn modules_block(b: &Block, config: &mut RepoConfig) -> Result<(), Diagnostics> {
    labels(b, &[])?;
    let mut fetch = false;
    let mut allow: Option<(Vec<String>, SourceRange)> = None;
    let mut diags = Diagnostics::default();
    for a in attributes(b)? {
        let result = match a.name.as_str() {
            "fetch" => match constant(&a)? {
                Value::Bool(v) => {
                    fetch = v;
                    Ok(())
                }
                _ => Err(wrong_type(&a, "bool")),
            },
            "allow" => match string_list(constant(&a)?) {
                Some(globs) if globs.iter().any(|g| g.trim().is_empty()) => Err(Diagnostic::error(
                    "Invalid allow pattern",
                    "An allow pattern is a module source with * for any text (registry.terraform.io/terraform-aws-modules/*); an empty one matches nothing.",
                )
                .at(&a.expr.range)
                .into()),
                Some(globs) => {
                    allow = Some((globs, a.expr.range.clone()));
                    Ok(())
                }
                None => Err(wrong_type(&a, "list of string")),
            },
            _ => Err(unsupported_argument(&a).into()),
        };
        if let Err(d) = result {
            diags.extend(d);
        }
    }
    if diags.has_errors() {
        return Err(diags);
    }
    match (fetch, allow) {
        (true, None) => Err(Diagnostic::error(
            "Missing required argument",
            "The argument \"allow\" is required with fetch = true: the module sources a check may fetch, as globs (\"registry.terraform.io/terraform-aws-modules/*\").",
        )
        .at(&b.def_range)
        .into()),
        (true, Some((globs, at))) if globs.is_empty() => Err(Diagnostic::error(
            "Invalid allow list",
            "With fetch = true, allow names at least one module source pattern; set fetch = false to fetch nothing.",
        )
        .at(&at)
        .into()),
        (true, Some((globs, _))) => {
            config.fetch_allow = globs;
            Ok(())
        }
        (false, _) => Ok(()),
    }
}

/// `pairing { ignore = ["KIND:TYPE:ATTR", ...] }`: the rules' syntax is
/// checked where they are used, at each string's place.
fn pairing_block(b: &Block, config: &mut RepoConfig) -> Result<(), Diagnostics> {
    labels(b, &[])?;
    for a in attributes(b)? {
        match a.name.as_str() {
            "ignore" => {
                let items = match constant(&a)? {
                    Value::Tuple(items) | Value::List(_, items) => items,
                    _ => return Err(wrong_type(&a, "list of string")),
                };
                let ranges: Vec<&SourceRange> = match &a.expr.kind {
                    crate::syntax::ast::ExprKind::Tuple(exprs) => {
                        exprs.iter().map(|e| &e.range).collect()
                    }
                    _ => Vec::new(),
                };
                for (i, item) in items.into_iter().enumerate() {
                    let Value::String(rule) = item else {
                        return Err(wrong_type(&a, "list of string"));
                    };
                    let range = ranges.get(i).copied().unwrap_or(&a.expr.range);
                    config.ignore_rules.push((rule, range.clone()));
                }
            }
            _ => return Err(unsupported_argument(&a).into()),
        }
    }
    Ok(())
}

fn root_block(b: &Block) -> Result<DeclaredRoot, Diagnostics> {
    let dir = labels(b, &["directory"])?;
    let mut root = DeclaredRoot {
        dir,
        tool: None,
        var_files: Vec::new(),
        variables: IndexMap::new(),
        workspaces: Vec::new(),
        range: b.def_range.clone(),
    };
    let attrs = attributes(b)?;
    let mut diags = Diagnostics::default();
    for a in attrs {
        let result = match a.name.as_str() {
            "tool" => match constant(&a)? {
                Value::String(s) => match s.as_str() {
                    "opentofu" | "tofu" => {
                        root.tool = Some(Tool::OpenTofu);
                        Ok(())
                    }
                    "terraform" => {
                        root.tool = Some(Tool::Terraform);
                        Ok(())
                    }
                    _ => Err(Diagnostic::error(
                        "Invalid tool",
                        format!("The tool must be \"opentofu\" or \"terraform\", not \"{s}\"."),
                    )
                    .at(&a.expr.range)
                    .into()),
                },
                _ => Err(wrong_type(&a, "string")),
            },
            "var_files" => match string_list(constant(&a)?) {
                Some(files) => {
                    root.var_files = files;
                    Ok(())
                }
                None => Err(wrong_type(&a, "list of string")),
            },
            "variables" => match entries(constant(&a)?) {
                Some(m) => {
                    root.variables = m.into_iter().collect();
                    Ok(())
                }
                None => Err(wrong_type(&a, "map of any single type or object")),
            },
            "workspaces" => workspaces(&a).map(|w| root.workspaces = w),
            _ => Err(unsupported_argument(&a).into()),
        };
        if let Err(d) = result {
            diags.extend(d);
        }
    }
    if diags.has_errors() {
        return Err(diags);
    }
    Ok(root)
}

fn string_list(v: Value) -> Option<Vec<String>> {
    match v {
        Value::Tuple(items) | Value::List(_, items) => items
            .into_iter()
            .map(|item| match item {
                Value::String(s) => Some(s),
                _ => None,
            })
            .collect(),
        _ => None,
    }
}

/// An object's or map's entries, in key order.
fn entries(v: Value) -> Option<Vec<(String, Value)>> {
    match v {
        Value::Object(m) | Value::Map(_, m) => Some(m.into_iter().collect()),
        _ => None,
    }
}

/// The keys an object constructor writes, each with its place and its
/// value's expression: what a diagnostic about one entry points at. A
/// value built otherwise (a function call) has none, and diagnostics point
/// at the whole expression.
fn written_keys(
    expr: &crate::syntax::ast::Expr,
) -> Vec<(String, &crate::syntax::ast::Expr, &crate::syntax::ast::Expr)> {
    let crate::syntax::ast::ExprKind::Object(items) = &expr.kind else {
        return Vec::new();
    };
    items
        .iter()
        .filter_map(|(k, v)| match Eval::new(&ConstantScope).expr(k) {
            Ok(Value::String(name)) => Some((name, k, v)),
            _ => None,
        })
        .collect()
}

/// Terraform's rule for a workspace name: what a URL path segment holds
/// without escaping (`url.PathEscape(name) == name`), and not empty.
pub(crate) fn valid_workspace_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_.~$&+:=@".contains(c))
}

/// `workspaces = { NAME = { var_files = [...], variables = {...} } }`.
fn workspaces(a: &Attribute) -> Result<Vec<Workspace>, Diagnostics> {
    let Some(all) = entries(constant(a)?) else {
        return Err(wrong_type(a, "map of object"));
    };
    let written = written_keys(&a.expr);
    let key_range = |name: &str| {
        (written.iter().find(|(k, _, _)| k == name)).map_or(&a.expr.range, |(_, k, _)| &k.range)
    };
    let mut diags = Diagnostics::default();
    if all.is_empty() {
        diags.push(
            Diagnostic::error(
                "No workspaces",
                "A root's workspaces name at least one workspace; leave out workspaces to check the root in the default workspace only.",
            )
            .at(&a.expr.range),
        );
    }
    let mut out = Vec::new();
    for (name, value) in all {
        if !valid_workspace_name(&name) {
            diags.push(
                Diagnostic::error(
                    "Invalid workspace name",
                    format!(
                        "The workspace name {name:?} is not allowed. The name must contain only URL safe characters, and no path separators."
                    ),
                )
                .at(key_range(&name)),
            );
            continue;
        }
        let value_expr = written
            .iter()
            .find(|(k, _, _)| *k == name)
            .map(|(_, _, v)| *v);
        let inner = value_expr.map(written_keys).unwrap_or_default();
        let at = |key: &str| {
            (inner.iter().find(|(k, _, _)| k == key))
                .map(|(_, k, v)| (&k.range, &v.range))
                .unwrap_or((key_range(&name), key_range(&name)))
        };
        let wrong = |key: &str, want: &str| {
            Diagnostic::error(
                "Incorrect attribute value type",
                format!("Inappropriate value for attribute \"{key}\" of workspace \"{name}\": {want} required."),
            )
            .at(at(key).1)
        };
        let Some(settings) = entries(value) else {
            diags.push(
                Diagnostic::error(
                    "Incorrect attribute value type",
                    format!("Inappropriate value for workspace \"{name}\": object with var_files and variables required."),
                )
                .at(value_expr.map_or(key_range(&name), |v| &v.range)),
            );
            continue;
        };
        let mut ws = Workspace {
            name: name.clone(),
            var_files: Vec::new(),
            variables: IndexMap::new(),
        };
        for (key, v) in settings {
            match key.as_str() {
                "var_files" => match string_list(v) {
                    Some(files) => ws.var_files = files,
                    None => diags.push(wrong(&key, "list of string")),
                },
                "variables" => match entries(v) {
                    Some(m) => ws.variables = m.into_iter().collect(),
                    None => diags.push(wrong(&key, "map of any single type or object")),
                },
                _ => diags.push(
                    Diagnostic::error(
                        "Unsupported argument",
                        format!(
                            "An argument named \"{key}\" is not expected in workspace \"{name}\": a workspace takes var_files and variables."
                        ),
                    )
                    .at(at(&key).0),
                ),
            }
        }
        out.push(ws);
    }
    match diags.has_errors() {
        true => Err(diags),
        false => Ok(out),
    }
}

fn ignore_block(b: &Block) -> Result<Ignore, Diagnostics> {
    let dir = labels(b, &["directory"])?;
    let mut reason = None;
    let attrs = attributes(b)?;
    for a in attrs {
        match a.name.as_str() {
            "reason" => match constant(&a)? {
                Value::String(s) => reason = Some(s),
                _ => return Err(wrong_type(&a, "string")),
            },
            _ => return Err(unsupported_argument(&a).into()),
        }
    }
    Ok(Ignore {
        dir,
        reason,
        range: b.def_range.clone(),
    })
}

/// Checks the label count (HCL's own messages) and returns the directory
/// label cleaned, when there is one.
fn labels(b: &Block, names: &[&str]) -> Result<String, Diagnostics> {
    if b.labels.len() < names.len() {
        return Err(Diagnostic::error(
            format!("Missing {} for {}", names[b.labels.len()], b.kind),
            format!(
                "All {} blocks must have {} labels ({}).",
                b.kind,
                names.len(),
                names.join(", ")
            ),
        )
        .at(&b.def_range)
        .into());
    }
    if b.labels.len() > names.len() {
        let detail = if names.is_empty() {
            format!("No labels are expected for {} blocks.", b.kind)
        } else {
            "No more labels are expected.".to_string()
        };
        return Err(
            Diagnostic::error(format!("Extraneous label for {}", b.kind), detail)
                .at(&b.def_range)
                .into(),
        );
    }
    let Some(label) = b.labels.first() else {
        return Ok(String::new());
    };
    let dir = clean_path(Path::new(label));
    if dir.starts_with('/') || dir == ".." || dir.starts_with("../") {
        return Err(Diagnostic::error(
            "Invalid directory",
            format!(
                "\"{label}\" is outside the repository. Directories are given relative to the repository root, where {FILE_NAME} is."
            ),
        )
        .at(&b.def_range)
        .into());
    }
    Ok(dir)
}

/// The block's attributes; nested blocks are not expected in any of them.
fn attributes(b: &Block) -> Result<Vec<Attribute>, Diagnostics> {
    let Body::Native {
        attributes, blocks, ..
    } = &b.body
    else {
        unreachable!("the native parser gives native bodies");
    };
    if let Some(nested) = blocks.first() {
        return Err(Diagnostic::error(
            "Unsupported block type",
            format!("Blocks of type \"{}\" are not expected here.", nested.kind),
        )
        .at(&nested.def_range)
        .into());
    }
    Ok(attributes.clone())
}

fn unsupported_argument(a: &Attribute) -> Diagnostic {
    Diagnostic::error(
        "Unsupported argument",
        format!("An argument named \"{}\" is not expected here.", a.name),
    )
    .at(&a.name_range)
}

fn wrong_type(a: &Attribute, want: &str) -> Diagnostics {
    Diagnostic::error(
        "Incorrect attribute value type",
        format!(
            "Inappropriate value for attribute \"{}\": {want} required.",
            a.name
        ),
    )
    .at(&a.expr.range)
    .into()
}

/// Evaluates a setting: constants and functions, no references (as in a
/// `.tfvars` file). Sensitive marks do not matter in a settings file.
fn constant(a: &Attribute) -> Result<Value, Diagnostics> {
    let v = Eval::new(&ConstantScope).expr(&a.expr)?;
    Ok(match v {
        Value::Sensitive(inner) => *inner,
        v => v,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_text(text: &str) -> Result<RepoConfig, Diagnostics> {
        parse(&SourceFile::new(".minimod.hcl", text))
    }

    fn first_error(text: &str) -> String {
        let d = parse_text(text).expect_err("an error");
        let d = d.iter().next().unwrap();
        let at = d
            .subject
            .as_ref()
            .map(|s| s.to_string())
            .unwrap_or_default();
        format!("{} at {at}: {}", d.summary, d.detail)
    }

    #[test]
    fn full_schema_reads_every_setting() {
        let c = parse_text(
            r#"
discovery {
  enabled = false
}
root "envs/prod/" {
  tool      = "terraform"
  var_files = ["prod.tfvars", "common.tfvars"]
  variables = { region = "eu-west-1", replicas = 2 }
}
root "." {}
ignore "./legacy/old" { reason = "frozen" }
ignore "templates/new" {}
"#,
        )
        .unwrap();
        assert!(!c.enabled);
        assert_eq!(c.disabled_at.as_ref().unwrap().start.line, 3);
        assert_eq!(c.roots.len(), 2);
        let prod = &c.roots[0];
        assert_eq!(prod.dir, "envs/prod");
        assert_eq!(prod.tool, Some(Tool::Terraform));
        assert_eq!(prod.var_files, vec!["prod.tfvars", "common.tfvars"]);
        assert_eq!(prod.variables["region"], Value::string("eu-west-1"));
        assert_eq!(prod.range.start.line, 5);
        assert_eq!(c.roots[1].dir, ".");
        assert_eq!(c.roots[1].tool, None);
        assert_eq!(c.ignores[0].dir, "legacy/old");
        assert_eq!(c.ignores[0].reason.as_deref(), Some("frozen"));
        assert_eq!(c.ignores[1].reason, None);
    }

    #[test]
    fn workspaces_read_in_name_order_with_their_own_inputs() {
        let c = parse_text(
            r#"
root "envs/app" {
  var_files = ["common.tfvars"]
  workspaces = {
    prod = { var_files = ["prod.tfvars"], variables = { replicas = 3 } }
    dev  = {}
    "eu:1" = { var_files = [] }
  }
}
"#,
        )
        .unwrap();
        let app = &c.roots[0];
        assert_eq!(app.var_files, ["common.tfvars"]);
        let names: Vec<&str> = app.workspaces.iter().map(|w| w.name.as_str()).collect();
        assert_eq!(names, ["dev", "eu:1", "prod"]);
        assert_eq!(app.workspaces[2].var_files, ["prod.tfvars"]);
        assert_eq!(app.workspaces[2].variables["replicas"], Value::int(3));
        assert!(app.workspaces[0].var_files.is_empty());
        assert!(
            parse_text("root \"a\" {}\n").unwrap().roots[0]
                .workspaces
                .is_empty()
        );
    }

    #[test]
    fn check_allow_update_is_a_bool() {
        let c = parse_text("check {\n  allow_update = true\n}\n").unwrap();
        assert!(c.allow_update);
        assert!(!RepoConfig::default().allow_update);
        let e = first_error("check {\n  allow_update = \"yes\"\n}\n");
        assert!(
            e.starts_with("Incorrect attribute value type at .minimod.hcl:2,"),
            "{e}"
        );
        assert!(e.ends_with("\"allow_update\": bool required."), "{e}");
    }

    #[test]
    fn pairing_ignore_rules_keep_each_strings_place() {
        let c = parse_text(
            "pairing {\n  ignore = [\n    \"everything:aws_*:tags\",\n    \"json:x:policy\",\n  ]\n}\n",
        )
        .unwrap();
        let rules: Vec<(&str, usize, usize)> = c
            .ignore_rules
            .iter()
            .map(|(r, at)| (r.as_str(), at.start.line, at.start.column))
            .collect();
        assert_eq!(
            rules,
            [("everything:aws_*:tags", 3, 5), ("json:x:policy", 4, 5)]
        );
        let err = parse_text("pairing {\n  ignore = \"everything:x:y\"\n}\n").unwrap_err();
        assert_eq!(err.0[0].summary, "Incorrect attribute value type");
        let err = parse_text("pairing {\n  ignores = []\n}\n").unwrap_err();
        assert_eq!(err.0[0].summary, "Unsupported argument");
    }

    #[test]
    fn modules_policy_fetches_only_what_it_allows() {
        let c = parse_text(
            "modules {\n  fetch = true\n  allow = [\"registry.terraform.io/terraform-aws-modules/*\", \"git::https://github.com/my-org/*\"]\n}\n",
        )
        .unwrap();
        assert_eq!(
            c.fetch_allow,
            [
                "registry.terraform.io/terraform-aws-modules/*",
                "git::https://github.com/my-org/*"
            ]
        );
        // Off, the list is kept out: nothing is fetched.
        let off = parse_text("modules {\n  fetch = false\n  allow = [\"x/*\"]\n}\n").unwrap();
        assert!(off.fetch_allow.is_empty());
        assert!(RepoConfig::default().fetch_allow.is_empty());
    }

    #[test]
    fn empty_file_is_the_default() {
        assert_eq!(parse_text("").unwrap(), RepoConfig::default());
        assert!(parse_text("discovery {}\n").unwrap().enabled);
    }

    #[test]
    fn errors_name_the_setting_and_place() {
        let cases = [
            (
                "unknown top-level block",
                "stacks \"x\" {}\n",
                "Unsupported block type at .minimod.hcl:1,1-11: Blocks of type \"stacks\" are not expected here.",
            ),
            (
                "unknown top-level argument",
                "enabled = true\n",
                "Unsupported argument at .minimod.hcl:1,1-8: An argument named \"enabled\" is not expected here.",
            ),
            (
                "unknown discovery switch",
                "discovery {\n  root_modules = false\n}\n",
                "Unsupported argument at .minimod.hcl:2,3-15: An argument named \"root_modules\" is not expected here.",
            ),
            (
                "unknown root setting",
                "root \"a\" {\n  workspace = \"x\"\n}\n",
                "Unsupported argument at .minimod.hcl:2,3-12: An argument named \"workspace\" is not expected here.",
            ),
            (
                "unknown ignore setting",
                "ignore \"a\" {\n  why = \"x\"\n}\n",
                "Unsupported argument at .minimod.hcl:2,3-6: An argument named \"why\" is not expected here.",
            ),
            (
                "nested block in root",
                "root \"a\" {\n  backend {}\n}\n",
                "Unsupported block type at .minimod.hcl:2,3-10: Blocks of type \"backend\" are not expected here.",
            ),
            (
                "root without directory",
                "root {}\n",
                "Missing directory for root at .minimod.hcl:1,1-5: All root blocks must have 1 labels (directory).",
            ),
            (
                "discovery with a label",
                "discovery \"x\" {}\n",
                "Extraneous label for discovery at .minimod.hcl:1,1-14: No labels are expected for discovery blocks.",
            ),
            (
                "enabled not a bool",
                "discovery {\n  enabled = \"no\"\n}\n",
                "Incorrect attribute value type at .minimod.hcl:2,13-17: Inappropriate value for attribute \"enabled\": bool required.",
            ),
            (
                "var_files not a list",
                "root \"a\" {\n  var_files = \"a.tfvars\"\n}\n",
                "Incorrect attribute value type at .minimod.hcl:2,15-25: Inappropriate value for attribute \"var_files\": list of string required.",
            ),
            (
                "unknown tool",
                "root \"a\" {\n  tool = \"pulumi\"\n}\n",
                "Invalid tool at .minimod.hcl:2,10-18: The tool must be \"opentofu\" or \"terraform\", not \"pulumi\".",
            ),
            (
                "directory outside the repository",
                "ignore \"../x\" {}\n",
                "Invalid directory at .minimod.hcl:1,1-14: \"../x\" is outside the repository. Directories are given relative to the repository root, where .minimod.hcl is.",
            ),
            (
                "duplicate root",
                "root \"a\" {}\nroot \"./a\" {}\n",
                "Duplicate root block at .minimod.hcl:2,1-11: A root block for \"a\" was already given at .minimod.hcl:1,1-9. Each directory may appear only once.",
            ),
            (
                "declared and ignored",
                "root \"a\" {}\nignore \"a\" {}\n",
                "Root both declared and ignored at .minimod.hcl:2,1-11: The directory \"a\" is declared as a root at .minimod.hcl:1,1-9 and ignored here. Remove one of the two blocks.",
            ),
            (
                "workspaces not an object",
                "root \"a\" {\n  workspaces = [\"dev\"]\n}\n",
                "Incorrect attribute value type at .minimod.hcl:2,16-23: Inappropriate value for attribute \"workspaces\": map of object required.",
            ),
            (
                "no workspaces",
                "root \"a\" {\n  workspaces = {}\n}\n",
                "No workspaces at .minimod.hcl:2,16-18: A root's workspaces name at least one workspace; leave out workspaces to check the root in the default workspace only.",
            ),
            (
                "workspace name with a path separator",
                "root \"a\" {\n  workspaces = { \"eu/prod\" = {} }\n}\n",
                "Invalid workspace name at .minimod.hcl:2,18-27: The workspace name \"eu/prod\" is not allowed. The name must contain only URL safe characters, and no path separators.",
            ),
            (
                "workspace not an object",
                "root \"a\" {\n  workspaces = { dev = \"dev.tfvars\" }\n}\n",
                "Incorrect attribute value type at .minimod.hcl:2,24-36: Inappropriate value for workspace \"dev\": object with var_files and variables required.",
            ),
            (
                "unknown workspace setting",
                "root \"a\" {\n  workspaces = {\n    dev = { var_file = [\"dev.tfvars\"] }\n  }\n}\n",
                "Unsupported argument at .minimod.hcl:3,13-21: An argument named \"var_file\" is not expected in workspace \"dev\": a workspace takes var_files and variables.",
            ),
            (
                "workspace var_files not a list",
                "root \"a\" {\n  workspaces = {\n    dev = { var_files = \"dev.tfvars\" }\n  }\n}\n",
                "Incorrect attribute value type at .minimod.hcl:3,25-37: Inappropriate value for attribute \"var_files\" of workspace \"dev\": list of string required.",
            ),
            (
                "duplicate workspace",
                "root \"a\" {\n  workspaces = {\n    dev = {}\n    dev = {}\n  }\n}\n",
                "Invalid expression at .minimod.hcl:4,5: Invalid object item; expected unique object key; found redefined object key.",
            ),
            (
                "unknown modules setting",
                "modules {\n  fetch = true\n  allowed = [\"x/*\"]\n}\n",
                "Unsupported argument at .minimod.hcl:3,3-10: An argument named \"allowed\" is not expected here.",
            ),
            (
                "fetch not a bool",
                "modules {\n  fetch = \"yes\"\n}\n",
                "Incorrect attribute value type at .minimod.hcl:2,11-16: Inappropriate value for attribute \"fetch\": bool required.",
            ),
            (
                "allow not a list",
                "modules {\n  fetch = true\n  allow = \"x/*\"\n}\n",
                "Incorrect attribute value type at .minimod.hcl:3,11-16: Inappropriate value for attribute \"allow\": list of string required.",
            ),
            (
                "fetch without allow",
                "modules {\n  fetch = true\n}\n",
                "Missing required argument at .minimod.hcl:1,1-8: The argument \"allow\" is required with fetch = true: the module sources a check may fetch, as globs (\"registry.terraform.io/terraform-aws-modules/*\").",
            ),
            (
                "fetch with an empty allow",
                "modules {\n  fetch = true\n  allow = []\n}\n",
                "Invalid allow list at .minimod.hcl:3,11-13: With fetch = true, allow names at least one module source pattern; set fetch = false to fetch nothing.",
            ),
            (
                "empty allow pattern",
                "modules {\n  fetch = true\n  allow = [\"\"]\n}\n",
                "Invalid allow pattern at .minimod.hcl:3,11-15: An allow pattern is a module source with * for any text (registry.terraform.io/terraform-aws-modules/*); an empty one matches nothing.",
            ),
            (
                "two modules blocks",
                "modules {}\nmodules {}\n",
                "Duplicate modules block at .minimod.hcl:2,1-8: A modules block was already given at .minimod.hcl:1,1-8. Only one is allowed.",
            ),
            (
                "reference in a value",
                "root \"a\" {\n  variables = { region = var.region }\n}\n",
                "Variables not allowed at .minimod.hcl:2,26-29: Variables may not be used here.",
            ),
        ];
        for (name, text, want) in cases {
            assert_eq!(first_error(text), want, "{name}");
        }
    }
}
