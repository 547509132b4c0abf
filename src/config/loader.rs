//! Reading module directories and following module calls.
//!
//! A directory's `*.tf`, `*.tf.json`, `*.tofu` and `*.tofu.json` files are
//! one module. Under OpenTofu, `x.tofu` replaces `x.tf` (and `x.tofu.json`
//! replaces `x.tf.json`); Terraform ignores `.tofu` files. Override files
//! (`override.tf`, `*_override.tf`) are merged last, in name order.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use indexmap::IndexMap;

use crate::diagnostics::{Diagnostic, Diagnostics, SourceMap, SourceRange};
use crate::files::Files;
use crate::syntax::body::Body;
use crate::syntax::source::{SourceFile, clean_path, shown_path};
use crate::syntax::{json, native};

use super::decode::{FileDecls, decode_file};
use super::*;

/// Which tool's rules to follow where Terraform and OpenTofu differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Engine {
    Terraform,
    #[default]
    Tofu,
}

#[derive(Clone, Debug, Default)]
pub struct LoadOptions {
    pub engine: Engine,
    /// Every module directory must be inside this one (a check reads only
    /// the revision's own files: a `source` of `../../..` or a manifest
    /// entry must not lead to the machine's).
    pub within: Option<PathBuf>,
    /// Where the files are read from (a check's revisions are in memory).
    pub files: Files,
    /// What a remote call that is not installed becomes.
    pub remote: RemoteCalls,
}

/// What the loader makes of a remote module call (a registry or other
/// non-local source) that `init` has not installed.
#[derive(Clone, Debug, Default)]
pub enum RemoteCalls {
    /// terraform's error: the module is not installed.
    #[default]
    Refuse,
    /// An opaque unit: the call expands and its arguments are evaluated,
    /// its content is not read (`remote.rs`).
    Opaque,
    /// As `Opaque`, but where another checkout installed a call of the
    /// same key, source and version, that installation is read.
    OpaqueOr(Arc<Installed>),
}

/// File contents that stand in for the disk, by path as the loader names
/// it (`dir.join(file name)`) or as the path resolves: how the refactor
/// plans the files it is about to write before writing them. A path that
/// does not exist on disk is a new file of its directory.
pub(crate) type Overlay = std::collections::BTreeMap<PathBuf, String>;

/// Loads the module tree at `root` as `load` does, with `overlay`'s
/// contents read instead of the files they name.
pub(crate) fn load_with_overlay(
    root: &Path,
    opts: &LoadOptions,
    overlay: &Overlay,
    sources: &mut SourceMap,
) -> Result<Config, Diagnostics> {
    let mut loader = Loader {
        root,
        opts,
        sources,
        manifest: read_manifest(root, &opts.files)?,
        overlay,
        modules: 0,
        stopped: false,
    };
    loader.tree(root.to_path_buf(), Vec::new(), &mut Vec::new())
}

/// Loads the module tree rooted at `root`. Source texts go into `sources`
/// so diagnostics can quote them.
pub fn load(
    root: &Path,
    opts: &LoadOptions,
    sources: &mut SourceMap,
) -> Result<Config, Diagnostics> {
    load_with_overlay(root, opts, &Overlay::new(), sources)
}

/// Loads one directory as a module, without following its calls.
pub(crate) fn load_module_dir(
    dir: &Path,
    rel_dir: &str,
    opts: &LoadOptions,
    sources: &mut SourceMap,
) -> Result<Module, Diagnostics> {
    let overlay = Overlay::new();
    read_module(dir, rel_dir, opts, sources, &overlay)
}

struct Loader<'a> {
    root: &'a Path,
    opts: &'a LoadOptions,
    sources: &'a mut SourceMap,
    /// `.terraform/modules/modules.json`: call key → installed directory.
    manifest: Option<IndexMap<String, PathBuf>>,
    overlay: &'a Overlay,
    /// Module calls loaded so far, against [`MAX_MODULES`].
    modules: usize,
    /// Set once a bound is reached: nothing more is loaded.
    stopped: bool,
}

/// The most module calls one tree loads (the static tree: a directory
/// called twice is loaded twice). Terraform has no limit; the largest
/// real trees have a few hundred.
pub(crate) const MAX_MODULES: usize = 1 << 14;

/// The most module calls nested in one another. An address holds every
/// call above it, so a chain's addresses grow with its square: 1024
/// levels plan in about a quarter of a second.
pub(crate) const MAX_MODULE_DEPTH: usize = 1 << 10;

impl Loader<'_> {
    fn tree(
        &mut self,
        dir: PathBuf,
        path: Vec<String>,
        seen: &mut Vec<DirIdentity>,
    ) -> Result<Config, Diagnostics> {
        let rel = rel_dir(self.root, &dir, &self.opts.files);
        let module = read_module(&dir, &rel, self.opts, self.sources, self.overlay)?;
        let mut children = Names::default();
        let mut diags = Diagnostics::default();
        // Only the root module may import (terraform's configs package).
        if !path.is_empty() {
            let module_path: Vec<String> = path.iter().map(|p| format!("module.{p}")).collect();
            for i in &module.imports {
                diags.push(
                    Diagnostic::error(
                        "Invalid import configuration",
                        format!(
                            "An import block was detected in \"{}\". Import blocks are only allowed in the root module.",
                            module_path.join(".")
                        ),
                    )
                    .at(&i.range),
                );
            }
        }
        seen.push(dir_identity(&dir, &self.opts.files));
        for call in module.module_calls.values() {
            if self.stopped {
                break;
            }
            let mut child_path = path.clone();
            child_path.push(call.name.clone());
            let child_dir = match self.child_dir(&dir, call, &child_path) {
                Ok(Some(d)) => d,
                Ok(None) => {
                    if let Err(d) = self.admit(call, &dir, &child_path, &[]) {
                        diags.push(*d);
                        continue;
                    }
                    children.insert(call.name.clone(), self.opaque(call, child_path));
                    continue;
                }
                Err(d) => {
                    diags.push(*d);
                    continue;
                }
            };
            if let Err(d) = self.admit(call, &child_dir, &child_path, seen) {
                diags.push(*d);
                continue;
            }
            // Deep chains of calls recurse once per level, and parsing a
            // file takes most of a megabyte of stack in a debug build.
            let child =
                stacker::maybe_grow(1 << 20, 8 << 20, || self.tree(child_dir, child_path, seen));
            match child {
                Ok(child) => {
                    if let Err(d) = check_call(call, &child.module) {
                        diags.extend(d);
                    }
                    children.insert(call.name.clone(), child);
                }
                Err(d) => diags.extend(d),
            }
        }
        seen.pop();
        if diags.has_errors() {
            return Err(diags);
        }
        Ok(Config {
            module,
            path,
            children,
            remote: None,
        })
    }

    /// A remote call not installed, as an opaque unit.
    fn opaque(&self, call: &ModuleCall, path: Vec<String>) -> Config {
        // Where `init` would install it.
        let key = path.join(".");
        let rel = format!(".terraform/modules/{key}");
        let module = remote::opaque_module(call, self.root.join(&rel), rel);
        Config {
            module,
            path,
            children: Default::default(),
            remote: Some(Remote {
                source: normal_source(&call.source),
                version: call.version.clone(),
            }),
        }
    }

    /// Whether a call's directory may be loaded: not one its callers are
    /// loading (the tree would repeat without end, as terraform's does
    /// until a file name is too long), and not past [`MAX_MODULES`] (a
    /// few directories each calling the next twice are a tree of
    /// millions). Past the bound, loading stops.
    fn admit(
        &mut self,
        call: &ModuleCall,
        dir: &Path,
        path: &[String],
        seen: &[DirIdentity],
    ) -> Result<(), Box<Diagnostic>> {
        // A deep call's address is shortened: its first and last steps.
        let addr = |p: &[String]| {
            let step = |n: &String| format!("module.{n}");
            let steps: Vec<String> = if p.len() > 8 {
                let (head, tail) = (&p[..3], &p[p.len() - 3..]);
                let mut s: Vec<String> = head.iter().map(step).collect();
                s.push("(...)".into());
                s.extend(tail.iter().map(step));
                s
            } else {
                p.iter().map(step).collect()
            };
            if steps.is_empty() {
                "the root module".to_string()
            } else {
                steps.join(".")
            }
        };
        let id = dir_identity(dir, &self.opts.files);
        if let Some(at) = seen.iter().position(|s| *s == id) {
            return Err(Diagnostic::error(
                "Module call cycle",
                format!(
                    "The call {} loads the directory of {}, which calls it: a module that calls itself, directly or through other modules, would be a tree without end.",
                    addr(path),
                    addr(&path[..at])
                ),
            )
            .at(&call.source_range).into());
        }
        if path.len() > MAX_MODULE_DEPTH {
            self.stopped = true;
            return Err(Diagnostic::error(
                "Module calls nested too deeply",
                format!(
                    "The call {} is nested {} deep; minimod follows at most {MAX_MODULE_DEPTH} nested module calls (each instance's address holds every call above it), and stops here rather than exhaust the machine.",
                    addr(path),
                    path.len()
                ),
            )
            .at(&call.source_range).into());
        }
        self.modules += 1;
        if self.modules > MAX_MODULES {
            self.stopped = true;
            return Err(Diagnostic::error(
                "Too many modules",
                format!(
                    "The call {} is past the {MAX_MODULES} module calls minimod loads from one root (each call of a directory loads it again, with all its calls); minimod stops here rather than exhaust the machine.",
                    addr(path)
                ),
            )
            .at(&call.source_range).into());
        }
        Ok(())
    }

    /// `d`, if it is inside `LoadOptions::within` (by its path and, once
    /// links are followed, by where it really is).
    fn confined(&self, d: PathBuf, call: &ModuleCall) -> Result<PathBuf, Box<Diagnostic>> {
        let Some(within) = &self.opts.within else {
            return Ok(d);
        };
        if lexically_inside(&d, within) && really_inside(&d, within, &self.opts.files) {
            return Ok(d);
        }
        Err(Diagnostic::error(
            "Module directory outside the repository",
            format!(
                "The source of module \"{}\" leads outside the repository; a check reads only the repository's own files.",
                call.name
            ),
        )
        .at(&call.source_range).into())
    }

    fn child_dir(
        &self,
        dir: &Path,
        call: &ModuleCall,
        path: &[String],
    ) -> Result<Option<PathBuf>, Box<Diagnostic>> {
        let key = path.join(".");
        if let Some(d) = self.manifest.as_ref().and_then(|m| m.get(&key)) {
            return self.confined(self.root.join(d), call).map(Some);
        }
        if remote::is_local(&call.source) {
            // Joined as written, as terraform joins a local source to its
            // caller's: a chain of `../next` calls stays one short path
            // (joined as the system does, it grows by a step per level,
            // and past its length limit the files inside go unread).
            let d = self.confined(crate::files::normal_dir(&dir.join(&call.source)), call)?;
            if !self.opts.files.is_dir(&d) {
                return Err(Diagnostic::error(
                    "Unreadable module directory",
                    format!(
                        "The directory {} does not exist or cannot be read.",
                        d.display()
                    ),
                )
                .at(&call.source_range)
                .into());
            }
            return Ok(Some(d));
        }
        let same = |(remote, _): &&(Remote, PathBuf)| {
            let constraint = |v: &Option<String>| v.as_deref().map(remote::normal_constraint);
            remote.source == normal_source(&call.source)
                && constraint(&remote.version) == constraint(&call.version)
        };
        match &self.opts.remote {
            RemoteCalls::Refuse => {}
            RemoteCalls::Opaque => return Ok(None),
            RemoteCalls::OpaqueOr(installed) => {
                return match installed.get(&key).filter(same) {
                    Some((_, d)) => self.confined(d.clone(), call).map(Some),
                    None => Ok(None),
                };
            }
        }
        let tool = match self.opts.engine {
            Engine::Terraform => "terraform",
            Engine::Tofu => "tofu",
        };
        Err(Diagnostic::error(
            "Module not installed",
            format!(
                "This module is not yet installed. Run \"{tool} init\" to install all modules required by this configuration."
            ),
        )
        .at(&call.decl_range).into())
    }
}

/// Checks a call's arguments against the child's variables, before any
/// evaluation, as Terraform's config loader does.
fn check_call(call: &ModuleCall, child: &Module) -> Result<(), Diagnostics> {
    let mut diags = Diagnostics::default();
    for input in &call.inputs {
        if !child.variables.contains_key(&input.name) {
            diags.push(
                Diagnostic::error(
                    "Unsupported argument",
                    format!("An argument named \"{}\" is not expected here.", input.name),
                )
                .at(&input.name_range),
            );
        }
    }
    for v in child.variables.values() {
        if v.default.is_none() && !call.inputs.iter().any(|i| i.name == v.name) {
            diags.push(
                Diagnostic::error(
                    "Missing required argument",
                    format!(
                        "The argument \"{}\" is required, but no definition was found.",
                        v.name
                    ),
                )
                .at(&call.decl_range),
            );
        }
    }
    if diags.has_errors() {
        Err(diags)
    } else {
        Ok(())
    }
}

/// Whether `path`, with its `.` and `..` steps taken as written, stays
/// inside `dir`.
fn lexically_inside(path: &Path, dir: &Path) -> bool {
    crate::files::normal(path).starts_with(crate::files::normal(dir))
}

/// Whether `path`, once links are followed, is inside `dir` (a path that
/// does not exist is: it is reported as missing).
fn really_inside(path: &Path, dir: &Path, files: &Files) -> bool {
    match (files.canonicalize(path), files.canonicalize(dir)) {
        (Ok(real), Ok(top)) => real.starts_with(top),
        (Err(e), _) if crate::files::is_outside(&e) => false,
        _ => true,
    }
}

/// Which directory a path names, for noticing a module that calls itself.
/// The device and inode cost one lookup; `canonicalize` resolves every
/// component of an ever longer path, which made deep trees cubic.
#[derive(PartialEq)]
enum DirIdentity {
    #[cfg(unix)]
    Inode(u64, u64),
    Path(PathBuf),
}

fn dir_identity(dir: &Path, files: &Files) -> DirIdentity {
    let dir = &crate::files::normal_dir(dir);
    #[cfg(unix)]
    if !files.is_mounted(dir) {
        use std::os::unix::fs::MetadataExt;
        if let Ok(m) = std::fs::metadata(dir) {
            return DirIdentity::Inode(m.dev(), m.ino());
        }
    }
    DirIdentity::Path(files.canonicalize(dir).unwrap_or(dir.to_path_buf()))
}

fn rel_dir(root: &Path, dir: &Path, files: &Files) -> String {
    match dir.strip_prefix(root) {
        Ok(p) if p.as_os_str().is_empty() => ".".into(),
        Ok(p) => clean_path(p),
        Err(_) => clean_path(&pathdiff(dir, root, files)),
    }
}

/// `dir` relative to `base`, with `..` steps, for modules outside the root.
fn pathdiff(dir: &Path, base: &Path, files: &Files) -> PathBuf {
    let (Ok(d), Ok(b)) = (files.canonicalize(dir), files.canonicalize(base)) else {
        return dir.to_path_buf();
    };
    let dc: Vec<_> = d.components().collect();
    let bc: Vec<_> = b.components().collect();
    let common = dc.iter().zip(&bc).take_while(|(a, b)| a == b).count();
    let mut out = PathBuf::new();
    for _ in common..bc.len() {
        out.push("..");
    }
    for c in &dc[common..] {
        out.push(c);
    }
    out
}

fn read_manifest(
    root: &Path,
    files: &Files,
) -> Result<Option<IndexMap<String, PathBuf>>, Diagnostics> {
    let path = root.join(".terraform/modules/modules.json");
    let Ok(text) = files.read_to_string(&path) else {
        return Ok(None);
    };
    let v: serde_json::Value = serde_json::from_str(&text).map_err(|e| {
        Diagnostics::from(Diagnostic::error(
            "Failed to read module manifest",
            format!(
                "The module manifest {} is not valid JSON: {e}. Run init again to rebuild it.",
                path.display()
            ),
        ))
    })?;
    let mut out = IndexMap::new();
    for m in v["Modules"].as_array().into_iter().flatten() {
        if let (Some(k), Some(d)) = (m["Key"].as_str(), m["Dir"].as_str())
            && !k.is_empty()
        {
            out.insert(k.to_string(), PathBuf::from(d));
        }
    }
    Ok(Some(out))
}

/// The configuration files of a directory: (primary, override) lists, each
/// sorted by name, after the `.tofu` replacement rule; the overlay's new
/// files of `dir` count as present.
pub(crate) fn config_files(
    dir: &Path,
    engine: Engine,
    overlay: &Overlay,
    files: &Files,
) -> std::io::Result<(Vec<PathBuf>, Vec<PathBuf>)> {
    // Directories compare by where they really are: one module directory
    // may be reached as `modules/a` and as `modules/b/../a`.
    // Only with an overlay: resolving every step of a deep directory's
    // path, per directory, made a chain of a thousand calls take seconds.
    let real_dir = (!overlay.is_empty())
        .then(|| files.canonicalize(dir).ok())
        .flatten();
    let mut names: Vec<String> = overlay
        .keys()
        .filter(|p| {
            let parent = p.parent();
            (parent == Some(dir)
                || (real_dir.is_some()
                    && parent.and_then(|d| files.canonicalize(d).ok()) == real_dir))
                && !files.exists(p)
        })
        .filter_map(|p| Some(p.file_name()?.to_string_lossy().into_owned()))
        .collect();
    for entry in files.read_dir(dir)? {
        // A broken link is listed, as terraform lists it, and fails to read.
        let broken_link = entry.link && entry.kind.is_none();
        if entry.kind != Some(crate::files::Kind::File) && !broken_link {
            continue;
        }
        let name = entry.name;
        if name.starts_with('.') || name.starts_with('#') || name.ends_with('~') {
            continue;
        }
        if !names.contains(&name) {
            names.push(name);
        }
    }
    names.sort();
    // One new file may be in the overlay under two spellings.
    names.dedup();
    let is_tofu = |n: &str| n.ends_with(".tofu") || n.ends_with(".tofu.json");
    let mut primary = Vec::new();
    let mut overrides = Vec::new();
    for name in &names {
        let stem = if let Some(s) = name.strip_suffix(".tf") {
            s
        } else if let Some(s) = name.strip_suffix(".tf.json") {
            s
        } else if let Some(s) = name.strip_suffix(".tofu") {
            s
        } else if let Some(s) = name.strip_suffix(".tofu.json") {
            s
        } else {
            continue;
        };
        match engine {
            Engine::Terraform if is_tofu(name) => continue,
            Engine::Tofu if !is_tofu(name) => {
                let json = name.ends_with(".json");
                let twin = if json {
                    format!("{stem}.tofu.json")
                } else {
                    format!("{stem}.tofu")
                };
                if names.contains(&twin) {
                    continue;
                }
            }
            _ => {}
        }
        let path = dir.join(name);
        if stem == "override" || stem.ends_with("_override") {
            overrides.push(path);
        } else {
            primary.push(path);
        }
    }
    Ok((primary, overrides))
}

fn read_source(
    path: &Path,
    opts: &LoadOptions,
    sources: &mut SourceMap,
    overlay: &Overlay,
) -> Result<Arc<SourceFile>, Diagnostics> {
    let files = &opts.files;
    let overlaid = (!overlay.is_empty())
        .then(|| {
            overlay.get(path).or_else(|| {
                // The file itself may not exist yet: its directory does.
                let real = match files.canonicalize(path) {
                    Ok(real) => real,
                    Err(_) => files
                        .canonicalize(path.parent()?)
                        .ok()?
                        .join(path.file_name()?),
                };
                overlay.get(&real)
            })
        })
        .flatten();
    let outside = |w: &PathBuf| !really_inside(path, w, files);
    if overlaid.is_none() && opts.within.as_ref().is_some_and(outside) {
        // A link out of the revision: not read, so nothing of it is shown.
        return Err(Diagnostic::error(
            "Configuration file outside the repository",
            format!(
                "{} is a link to a file outside the repository; a check reads only the repository's own files.",
                shown_path(path, sources)
            ),
        )
        .into());
    }
    let text = match overlaid {
        Some(t) => Ok(t.clone()),
        None => files.read_to_string(path),
    }
    .map_err(|e| {
        Diagnostics::from(Diagnostic::error(
            "Failed to read file",
            format!(
                "The configuration file {} could not be read: {e}.",
                path.display()
            ),
        ))
    })?;
    let shown = shown_path(path, sources);
    let file = Arc::new(SourceFile::new(&shown, &text));
    sources.insert(file.name.clone(), file.text.clone());
    Ok(file)
}

fn parse(file: &Arc<SourceFile>, sources: &mut SourceMap) -> Result<Body, Diagnostics> {
    if file.name.ends_with(".json") {
        return json::parse_file(file);
    }
    let (body, errors) = native::parse_file_recovering(file)?;
    // Diagnostics name the top-level block around their subject.
    if let Body::Native { blocks, .. } = &body {
        for b in blocks {
            let labels = b.labels.iter().map(|l| format!("{l:?}"));
            let name = std::iter::once(b.kind.clone())
                .chain(labels)
                .collect::<Vec<_>>()
                .join(" ");
            // As terraform does, a subject names the block when the byte
            // before it is inside the block: anywhere after its first byte.
            sources.add_context(
                file.name.clone(),
                b.def_range.start.byte + 1,
                b.body.range().end.byte,
                name,
            );
        }
    }
    match errors.is_empty() {
        true => Ok(body),
        false => Err(errors),
    }
}

fn read_module(
    dir: &Path,
    rel: &str,
    opts: &LoadOptions,
    sources: &mut SourceMap,
    overlay: &Overlay,
) -> Result<Module, Diagnostics> {
    let (primary, overrides) =
        config_files(dir, opts.engine, overlay, &opts.files).map_err(|e| {
            Diagnostics::from(Diagnostic::error(
                "Failed to read module directory",
                format!(
                    "Module directory {} does not exist or cannot be read: {e}.",
                    dir.display()
                ),
            ))
        })?;
    let mut module = Module {
        dir: dir.to_path_buf(),
        rel_dir: rel.to_string(),
        ..Module::default()
    };
    let mut diags = Diagnostics::default();
    for path in &primary {
        let body = match read_source(path, opts, sources, overlay).and_then(|f| parse(&f, sources))
        {
            Ok(b) => b,
            Err(d) => {
                diags.extend(d);
                continue;
            }
        };
        let decls = decode_file(&body, &mut diags);
        merge_primary(&mut module, decls, &mut diags);
    }
    for path in &overrides {
        match read_source(path, opts, sources, overlay).and_then(|f| parse(&f, sources)) {
            Ok(body) => decode::apply_override(&mut module, &body, &mut diags),
            Err(d) => diags.extend(d),
        }
    }
    if diags.has_errors() {
        Err(diags)
    } else {
        Ok(module)
    }
}

fn merge_primary(m: &mut Module, decls: FileDecls, diags: &mut Diagnostics) {
    for v in decls.variables {
        if let Some(prev) = m.variables.get(&v.name) {
            diags.push(duplicate(
                "Duplicate variable declaration",
                format!("A variable named \"{}\" was already declared at {}. Variable names must be unique within a module.", v.name, prev.decl_range),
                &v.decl_range,
            ));
        } else {
            m.variables.insert(v.name.clone(), v);
        }
    }
    for l in decls.locals {
        if let Some(prev) = m.locals.get(&l.name) {
            diags.push(duplicate(
                "Duplicate local value definition",
                format!("A local value named \"{}\" was already defined at {}. Local value names must be unique within a module.", l.name, prev.decl_range),
                &l.decl_range,
            ));
        } else {
            m.locals.insert(l.name.clone(), l);
        }
    }
    for o in decls.outputs {
        if let Some(prev) = m.outputs.get(&o.name) {
            diags.push(duplicate(
                "Duplicate output definition",
                format!("An output named \"{}\" was already defined at {}. Output names must be unique within a module.", o.name, prev.decl_range),
                &o.decl_range,
            ));
        } else {
            m.outputs.insert(o.name.clone(), o);
        }
    }
    for c in decls.module_calls {
        if let Some(prev) = m.module_calls.get(&c.name) {
            diags.push(duplicate(
                "Duplicate module call",
                format!("A module call named \"{}\" was already defined at {}. Module calls must have unique names within a module.", c.name, prev.decl_range),
                &c.decl_range,
            ));
        } else {
            m.module_calls.insert(c.name.clone(), c);
        }
    }
    for r in decls.resources {
        if let Some(prev) = m.resources.get(r.key()) {
            let (summary, noun) = match r.mode {
                ResourceMode::Managed => (
                    format!("Duplicate resource \"{}\" configuration", r.type_name),
                    "resource",
                ),
                ResourceMode::Data => (
                    format!("Duplicate data \"{}\" configuration", r.type_name),
                    "data resource",
                ),
                ResourceMode::Ephemeral => (
                    format!("Duplicate ephemeral \"{}\" configuration", r.type_name),
                    "ephemeral resource",
                ),
            };
            diags.push(duplicate(
                &summary,
                format!(
                    "A {} {noun} named \"{}\" was already declared at {}. Resource names must be unique per type in each module.",
                    r.type_name, r.name, prev.decl_range
                ),
                &r.decl_range,
            ));
        } else {
            m.insert_resource(r);
        }
    }
    m.moved.extend(decls.moved);
    m.removed.extend(decls.removed);
    m.imports.extend(decls.imports);
    m.other_blocks.extend(decls.other_blocks);
    if m.backend.is_none() {
        m.backend = decls.backend;
    }
}

fn duplicate(summary: &str, detail: String, at: &SourceRange) -> Diagnostic {
    Diagnostic::error(summary, detail).at(at)
}

/// Which tool a directory is run with, when nobody said: a lock file that
/// pins providers from OpenTofu's registry, or any `.tofu` file, means
/// OpenTofu; a lock file from Terraform's registry means Terraform;
/// otherwise OpenTofu's rules.
pub fn detect_engine(dir: &Path) -> Engine {
    detect_engine_in(dir, &Files::disk())
}

/// `detect_engine` on the files of `files`.
pub(crate) fn detect_engine_in(dir: &Path, files: &Files) -> Engine {
    decided_engine_in(dir, files).unwrap_or_default()
}

/// The tool a directory's own files name (its lock file's registry, or a
/// `.tofu` file), or `None` when they say nothing: the caller then decides
/// (the command line by the binary on PATH; a check by OpenTofu's rules).
pub(crate) fn decided_engine(dir: &Path) -> Option<Engine> {
    decided_engine_in(dir, &Files::disk())
}

fn decided_engine_in(dir: &Path, files: &Files) -> Option<Engine> {
    if let Ok(lock) = files.read_to_string(&dir.join(".terraform.lock.hcl")) {
        if lock.contains("registry.opentofu.org") {
            return Some(Engine::Tofu);
        }
        if lock.contains("registry.terraform.io") {
            return Some(Engine::Terraform);
        }
    }
    let has_tofu = files
        .read_dir(dir)
        .into_iter()
        .flatten()
        .any(|e| e.name.ends_with(".tofu") || e.name.ends_with(".tofu.json"));
    has_tofu.then_some(Engine::Tofu)
}
