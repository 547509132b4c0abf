//! Installing the remote modules a configuration calls, as `terraform
//! init -backend=false` installs them (modules only: no providers, no
//! backend): each call's source read from the configuration (`config`),
//! registry packages resolved through the registry protocol, git and
//! http(s) packages fetched, nested calls followed into what was fetched,
//! and the result laid out in `.terraform/modules` with terraform's
//! `modules.json`, so that terraform and the loader read it as their own.
//!
//! Nothing is half-written: every package is put together in a staging
//! directory inside `.terraform/modules` and renamed into place only when
//! every call has been installed; the manifest is written last,
//! atomically. Packages are kept in a cache shared between checkouts
//! (`cache.rs`).

mod archive;
mod cache;
mod credentials;
mod git;
mod http;
mod manifest;
mod registry;
mod version;

use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};

pub use archive::Limits;
pub(crate) use cache::default_dir as default_cache_dir;

use crate::config::{self, Engine, LoadOptions, ModuleCall};
use crate::diagnostics::{Diagnostic, Diagnostics, SourceMap};
use crate::files::Files;

use crate::addrs::module_source::{self as source, RegistrySource, RemoteSource, Source};
use credentials::HostConfig;
use manifest::{MANIFEST_FILE, MODULES_DIR, Record};
use registry::{Registry, RegistryError};
use version::{Constraints, Version};

/// What an install needs from outside the configuration: where the
/// cache is, the bounds on a package, and terraform's CLI configuration
/// and token variables (the caller reads the environment; nothing here
/// does).
#[derive(Clone, Debug, Default)]
pub struct GetOptions {
    /// The shared package cache; `None` fetches every package afresh.
    pub cache_dir: Option<PathBuf>,
    pub limits: Limits,
    /// The `TF_TOKEN_*` variables, by name.
    pub token_vars: Vec<(String, String)>,
    /// The CLI configuration file (`TF_CLI_CONFIG_FILE`, else
    /// `~/.terraformrc`); a missing file is no configuration.
    pub cli_config: Option<PathBuf>,
    /// Where the root's own modules are read (a check: its revision, in
    /// memory); fetched packages are read where the installer put them.
    pub files: Files,
    /// Every module directory of the root's own tree must be inside this
    /// one (a check: the revision), as the loader's `within`.
    pub within: Option<PathBuf>,
}

/// How one module call came to be installed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum How {
    /// A local path: nothing to fetch.
    Local,
    /// Fetched from its source now.
    Fetched,
    /// Copied from the shared cache.
    Cached,
    /// Already installed, as the manifest says, with the same source and
    /// a version the constraint still accepts.
    Kept,
}

/// One installed module call.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Installed {
    /// The call's path, `a.b`.
    pub key: String,
    /// The normalised source, as `modules.json` records it.
    pub source: String,
    /// The registry version chosen.
    pub version: Option<String>,
    /// The directory, relative to the root (as `modules.json` has it).
    pub dir: String,
    pub how: How,
}

/// What an install did: every call in key order, the calls a policy left
/// out, and warnings.
#[derive(Debug, Default)]
#[non_exhaustive]
pub struct Installation {
    pub installed: Vec<Installed>,
    /// Calls whose source the allow-list does not match (key, source):
    /// neither they nor what they call were fetched.
    pub not_allowed: Vec<(String, String)>,
    pub warnings: Diagnostics,
}

/// Installs every module the configuration at `root` calls into
/// `root/.terraform/modules`, and writes its `modules.json`.
pub fn get(
    root: &Path,
    opts: &GetOptions,
    sources: &mut SourceMap,
) -> Result<Installation, Diagnostics> {
    let target = Target {
        dir: root.join(MODULES_DIR),
        shown: MODULES_DIR.to_string(),
    };
    Installer::new(root, target, None, opts)?.run(sources)
}

/// Installs only the remote modules whose normalised source (as
/// `modules.json` records it: `registry.terraform.io/ns/name/system`,
/// `git::https://host/org/repo.git?ref=v1`) matches one of `allow`'s glob
/// patterns (`*` any text, `?` one character), into `into` with its own
/// `modules.json` (each `Dir` relative to `root` when `into` is inside
/// it, else absolute). A call that is not allowed is not fetched, nor
/// anything below it, and is listed in `Installation::not_allowed`; local
/// calls are followed as usual. Every package is confined as by
/// `opts.limits`: no archive entry or link leading outside it, bounded
/// bytes and entries. This is the entry point for a check's
/// `modules { fetch = true  allow = [...] }` policy.
pub fn fetch_allowed(
    root: &Path,
    into: &Path,
    allow: &[String],
    opts: &GetOptions,
    sources: &mut SourceMap,
) -> Result<Installation, Diagnostics> {
    let shown = match into.strip_prefix(root) {
        Ok(rel) => rel.to_string_lossy().replace('\\', "/"),
        Err(_) => into.to_string_lossy().into_owned(),
    };
    allowed_into(root, into, shown, allow, opts, sources)
}

/// `fetch_allowed` for a caller that shows the packages under the root's
/// `.terraform/modules` (a check mounts them there, in memory): `into`
/// is where they are put on disk, and `modules.json` names them as
/// terraform would, `.terraform/modules/KEY`.
pub(crate) fn fetch_allowed_as_installed(
    root: &Path,
    into: &Path,
    allow: &[String],
    opts: &GetOptions,
    sources: &mut SourceMap,
) -> Result<Installation, Diagnostics> {
    allowed_into(root, into, MODULES_DIR.to_string(), allow, opts, sources)
}

/// The allowed calls installed into `into`, which `modules.json` names
/// `shown`.
fn allowed_into(
    root: &Path,
    into: &Path,
    shown: String,
    allow: &[String],
    opts: &GetOptions,
    sources: &mut SourceMap,
) -> Result<Installation, Diagnostics> {
    let target = Target {
        dir: into.to_path_buf(),
        shown,
    };
    Installer::new(root, target, Some(allow.to_vec()), opts)?.run(sources)
}

/// Whether a glob (`*` any text, `?` one character) matches the whole
/// text.
pub(crate) fn glob_match(pattern: &str, text: &str) -> bool {
    let body: Vec<String> = pattern
        .split('*')
        .map(|run| {
            run.split('?')
                .map(regex::escape)
                .collect::<Vec<_>>()
                .join(".")
        })
        .collect();
    regex::Regex::new(&format!("(?s)^{}$", body.join(".*"))).is_ok_and(|r| r.is_match(text))
}

/// The loader's bounds on a module tree (calls loaded, calls nested), so
/// that what is installed can be loaded.
const MAX_MODULES: usize = 1 << 14;
const MAX_MODULE_DEPTH: usize = 1 << 10;

/// Where packages go: the directory, and how `Dir` names it.
struct Target {
    dir: PathBuf,
    shown: String,
}

/// One module in the walk.
struct Node {
    key: String,
    /// `modules.json`'s `Dir`.
    dir: String,
    /// Where its files are now (in the staging directory, if fetched).
    real: PathBuf,
    /// The package it belongs to (real root, address), for local calls
    /// inside it; `None` for the root's own tree.
    package: Option<(PathBuf, String)>,
    /// Whether it was kept from an earlier install: only then may its
    /// calls be kept too.
    kept: bool,
    depth: usize,
}

struct Installer<'a> {
    root: &'a Path,
    target: Target,
    allow: Option<Vec<String>>,
    opts: &'a GetOptions,
    hosts: HostConfig,
    http: http::Client,
    cache: Option<cache::Cache>,
    engine: Engine,
    previous: HashMap<String, Record>,
    warnings: Diagnostics,
    /// The run's staging directory: packages are put together here.
    staging: PathBuf,
}

/// Where a diagnostic's detail names a call: `main.tf:3`.
fn at(call: &ModuleCall) -> String {
    format!("{}:{}", call.decl_range.file, call.decl_range.start.line)
}

impl<'a> Installer<'a> {
    fn new(
        root: &'a Path,
        target: Target,
        allow: Option<Vec<String>>,
        opts: &'a GetOptions,
    ) -> Result<Installer<'a>, Diagnostics> {
        let mut warnings = Diagnostics::default();
        let cli_text = opts
            .cli_config
            .as_ref()
            .and_then(|p| fs::read_to_string(p).ok().map(|t| (p.clone(), t)));
        let hosts = HostConfig::new(
            &opts.token_vars,
            cli_text.as_ref().map(|(p, t)| (p.as_path(), t.as_str())),
            &mut warnings,
        );
        let previous = manifest::read_from(&target.dir)
            .into_iter()
            .map(|r| (r.key.clone(), r))
            .collect();
        Ok(Installer {
            root,
            allow,
            opts,
            hosts,
            http: http::Client::new(),
            cache: opts.cache_dir.clone().map(cache::Cache::new),
            engine: config::detect_engine_in(root, &opts.files),
            previous,
            warnings,
            target,
            staging: PathBuf::new(),
        })
    }

    fn run(mut self, sources: &mut SourceMap) -> Result<Installation, Diagnostics> {
        let mut diags = Diagnostics::default();
        if !self.opts.files.is_dir(self.root) {
            return Err(Diagnostic::error(
                "No such directory",
                format!(
                    "The configuration directory {} does not exist.",
                    self.root.display()
                ),
            )
            .into());
        }
        fs::create_dir_all(&self.target.dir).map_err(|e| io_error(&self.target.dir, e))?;
        let staging = tempfile::Builder::new()
            .prefix(".minimod-staging-")
            .tempdir_in(&self.target.dir)
            .map_err(|e| io_error(&self.target.dir, e))?;
        self.staging = staging.path().to_path_buf();
        let mut out = Installation::default();
        let mut records = vec![Record {
            key: String::new(),
            source: String::new(),
            version: None,
            dir: ".".to_string(),
        }];
        let mut fetched: Vec<String> = Vec::new();
        let mut queue = vec![Node {
            key: String::new(),
            dir: ".".to_string(),
            real: self.root.to_path_buf(),
            package: None,
            kept: true,
            depth: 0,
        }];
        let mut loaded = 0usize;
        while let Some(node) = queue.pop() {
            loaded += 1;
            if loaded > MAX_MODULES || node.depth > MAX_MODULE_DEPTH {
                diags.push(Diagnostic::error(
                    "Module tree too large",
                    format!(
                        "The module calls go deeper than {} levels or past {} modules (a call that loads itself?).",
                        MAX_MODULE_DEPTH,
                        MAX_MODULES
                    ),
                ));
                break;
            }
            let opts = LoadOptions {
                engine: self.engine,
                files: self.files_of(&node),
                ..LoadOptions::default()
            };
            let module = match config::load_module_dir(&node.real, &node.dir, &opts, sources) {
                Ok(m) => m,
                Err(d) => {
                    diags.extend(d);
                    continue;
                }
            };
            let mut children = Vec::new();
            for call in module.module_calls.values() {
                match self.install_call(&node, call, &mut out) {
                    Ok(Some((child, installed))) => {
                        if installed.how == How::Fetched || installed.how == How::Cached {
                            fetched.push(installed.key.clone());
                        }
                        records.push(Record {
                            key: installed.key.clone(),
                            source: installed.source.clone(),
                            version: installed.version.clone(),
                            dir: installed.dir.clone(),
                        });
                        out.installed.push(installed);
                        children.push(child);
                    }
                    Ok(None) => {}
                    Err(d) => diags.push(*d),
                }
            }
            // Popped in call order.
            queue.extend(children.into_iter().rev());
        }
        if diags.has_errors() {
            return Err(diags);
        }
        self.commit(staging.path(), &fetched, &records)?;
        out.installed.sort_by(|a, b| a.key.cmp(&b.key));
        out.warnings = self.warnings;
        out.warnings.extend(diags);
        Ok(out)
    }

    /// Moves the staged packages into place, then writes the manifest.
    fn commit(
        &self,
        staging: &Path,
        fetched: &[String],
        records: &[Record],
    ) -> Result<(), Diagnostics> {
        for key in fetched {
            let dest = self.target.dir.join(key);
            if fs::symlink_metadata(&dest).is_ok() {
                let removed = match fs::symlink_metadata(&dest) {
                    Ok(m) if m.is_dir() => fs::remove_dir_all(&dest),
                    _ => fs::remove_file(&dest),
                };
                removed.map_err(|e| {
                    Diagnostics::from(Diagnostic::error(
                        "Failed to remove local module cache",
                        format!(
                            "Terraform tried to remove {} in order to reinstall this module, but encountered an error: {e}",
                            dest.display()
                        ),
                    ))
                })?;
            }
            fs::rename(staging.join(key), &dest).map_err(|e| io_error(&dest, e))?;
        }
        let path = self.target.dir.join(MANIFEST_FILE);
        crate::atomic::write_atomic(&path, manifest::render(records).as_bytes()).map_err(|e| {
            Diagnostics::from(Diagnostic::error(
                "Failed to update module manifest",
                format!("Unable to write the module manifest file: {e}"),
            ))
        })
    }

    fn allowed(&self, source: &str) -> bool {
        self.allow
            .as_ref()
            .is_none_or(|pats| pats.iter().any(|p| glob_match(p, source)))
    }

    /// Installs one call; `None` when a policy leaves it out.
    fn install_call(
        &mut self,
        parent: &Node,
        call: &ModuleCall,
        out: &mut Installation,
    ) -> Result<Option<(Node, Installed)>, Box<Diagnostic>> {
        let key = match parent.key.as_str() {
            "" => call.name.clone(),
            p => format!("{p}.{}", call.name),
        };
        let src = source::parse(&call.source, call.version.is_some())
            .map_err(|e| Diagnostic::error(e.summary, e.detail).at(&call.source_range))?;
        let shown = src.to_string();
        if let Source::Local(path) = &src {
            return self.local(parent, call, key, path).map(Some);
        }
        if !self.allowed(&shown) {
            out.not_allowed.push((key, shown));
            return Ok(None);
        }
        let constraints = match &call.version {
            Some(v) => Some(Constraints::parse(v).map_err(|_| {
                Diagnostic::error(
                    "Invalid version constraint",
                    "This string does not use correct version constraint syntax.",
                )
                .at(&call.decl_range)
            })?),
            None => None,
        };
        if let Some(kept) = self.keep(parent, &key, &shown, constraints.as_ref()) {
            return Ok(Some(kept));
        }
        let (tree, subdir, version, how) = match &src {
            Source::Registry(r) => {
                let c = constraints.unwrap_or_default();
                self.fetch_registry(call, r, &c)?
            }
            Source::Remote(r) => {
                let (tree, how) = self.fetch_remote_cached(call, r)?;
                (tree, r.subdir.clone(), None, how)
            }
            // Returned above.
            Source::Local(_) => return Ok(None),
        };
        let staged = self.staging.join(&key);
        let copied = match &tree {
            Fetched::Cache(t) => archive::copy_tree(t, &staged).map_err(|e| e.to_string()),
            Fetched::Staged(t) => fs::rename(t, &staged).map_err(|e| e.to_string()),
        };
        copied.map_err(|e| self.download_failed(call, &shown, &e))?;
        let base = format!("{}/{key}", self.target.shown);
        let (dir, real) = match (&src, subdir.as_str()) {
            (_, "") => (base, staged.clone()),
            // A registry's subdirectory is joined as written, as terraform
            // joins it; a remote package's may hold globs.
            (Source::Registry(_), sub) => (format!("{base}/{sub}"), staged.join(sub)),
            (_, sub) => {
                let found = expand_globs(&staged, sub)
                    .map_err(|e| Diagnostic::error("Failed to expand subdir globs", e))?;
                (format!("{base}/{found}"), staged.join(&found))
            }
        };
        if !real.is_dir() {
            return Err(Diagnostic::error(
                "Unreadable module subdirectory",
                format!(
                    "The directory {dir} does not exist. The target submodule {subdir} does not exist within the target module."
                ),
            )
            .at(&call.decl_range).into());
        }
        let package_addr = match &src {
            Source::Registry(r) => r.package(),
            Source::Remote(r) => r.package.clone(),
            Source::Local(_) => String::new(),
        };
        let node = Node {
            key: key.clone(),
            dir: dir.clone(),
            real: real.clone(),
            package: Some((staged, package_addr)),
            kept: false,
            depth: parent.depth + 1,
        };
        Ok(Some((
            node,
            Installed {
                key,
                source: shown,
                version,
                dir,
                how,
            },
        )))
    }

    /// A local call: inside its caller's package, read where it is.
    fn local(
        &self,
        parent: &Node,
        call: &ModuleCall,
        key: String,
        path: &str,
    ) -> Result<(Node, Installed), Box<Diagnostic>> {
        if call.version.is_some() {
            return Err(Diagnostic::error(
                "Invalid version constraint",
                format!(
                    "Cannot apply a version constraint to module \"{}\" (at {}) because it has a relative local path.",
                    call.name,
                    at(call)
                ),
            )
            .at(&call.decl_range).into());
        }
        let dir = source::clean_path(&format!("{}/{path}", parent.dir));
        let real = crate::files::normal_dir(&parent.real.join(path));
        if let Some((pkg_root, pkg_addr)) = &parent.package
            && !real.starts_with(crate::files::normal_dir(pkg_root))
        {
            let path_shown: Vec<String> = key.split('.').map(|k| format!("module.{k}")).collect();
            return Err(Diagnostic::error(
                    "Local module path escapes module package",
                    format!(
                        "The given source directory for {} would be outside of its containing package \"{pkg_addr}\". Local source addresses starting with \"../\" must stay within the same package that the calling module belongs to.",
                        path_shown.join(".")
                    ),
                )
                .at(&call.source_range).into());
        }
        let confined = match (&parent.package, &self.opts.within) {
            (None, Some(within)) => {
                crate::files::normal(&real).starts_with(crate::files::normal(within))
                    && match self.opts.files.canonicalize(&real) {
                        Ok(r) => r.starts_with(within),
                        // Missing: said below.
                        Err(e) => !crate::files::is_outside(&e),
                    }
            }
            _ => true,
        };
        if !confined {
            return Err(Diagnostic::error(
                "Module directory outside the repository",
                format!(
                    "The source of module \"{}\" leads outside the repository; a check reads only the repository's own files.",
                    call.name
                ),
            )
            .at(&call.source_range).into());
        }
        if !self.files_of(parent).is_dir(&real) {
            return Err(Diagnostic::error(
                "Unreadable module directory",
                format!(
                    "The directory {dir} could not be read for module \"{}\" at {}.",
                    call.name,
                    at(call)
                ),
            )
            .at(&call.decl_range)
            .into());
        }
        let node = Node {
            key: key.clone(),
            dir: dir.clone(),
            real,
            package: parent.package.clone(),
            kept: parent.kept,
            depth: parent.depth + 1,
        };
        let installed = Installed {
            key,
            source: path.to_string(),
            version: None,
            dir,
            how: How::Local,
        };
        Ok((node, installed))
    }

    /// Where a module's files are read: the root's own tree through the
    /// caller's files, a fetched package from the disk it was put on.
    fn files_of(&self, node: &Node) -> Files {
        match node.package {
            None => self.opts.files.clone(),
            Some(_) => Files::disk(),
        }
    }

    /// The earlier install of this call, if it still fits: recorded with
    /// the same source, a version the constraint accepts, its directory
    /// there, and its caller kept too.
    fn keep(
        &self,
        parent: &Node,
        key: &str,
        shown: &str,
        constraints: Option<&Constraints>,
    ) -> Option<(Node, Installed)> {
        if !parent.kept {
            return None;
        }
        let rec = self.previous.get(key)?;
        if rec.source != shown {
            return None;
        }
        if let (Some(c), Some(v)) = (constraints, &rec.version)
            && !c.check(&Version::parse(v)?)
        {
            return None;
        }
        let real = self.root.join(&rec.dir);
        // Only what this installer's target holds: a record pointing
        // elsewhere is installed afresh.
        if !real.is_dir() || !real.starts_with(self.target.dir.join(key)) {
            return None;
        }
        let address = match source::parse(shown, rec.version.is_some()) {
            Ok(Source::Registry(r)) => r.package(),
            Ok(Source::Remote(r)) => r.package,
            _ => shown.to_string(),
        };
        let package = (
            crate::files::normal_dir(&self.target.dir.join(key)),
            address,
        );
        Some((
            Node {
                key: key.to_string(),
                dir: rec.dir.clone(),
                real,
                package: Some(package),
                kept: true,
                depth: parent.depth + 1,
            },
            Installed {
                key: key.to_string(),
                source: rec.source.clone(),
                version: rec.version.clone(),
                dir: rec.dir.clone(),
                how: How::Kept,
            },
        ))
    }

    fn download_failed(&self, call: &ModuleCall, from: &str, cause: &str) -> Diagnostic {
        Diagnostic::error(
            "Failed to download module",
            format!(
                "Could not download module \"{}\" ({}) source code from \"{from}\": {cause}.",
                call.name,
                at(call)
            ),
        )
        .at(&call.decl_range)
    }

    fn fetch_registry(
        &mut self,
        call: &ModuleCall,
        r: &RegistrySource,
        constraints: &Constraints,
    ) -> Result<(Fetched, String, Option<String>, How), Box<Diagnostic>> {
        let host = r.host.clone();
        let package = r.package();
        let reg = Registry::new(&self.http, &self.hosts);
        let cached_versions = self.cache.as_ref().and_then(|c| c.versions(&package));
        let listed = match cached_versions {
            Some(v) => v,
            None => {
                let v = reg.versions(r).map_err(|e| match e {
                    RegistryError::NotFound => Diagnostic::error(
                        "Module not found",
                        format!(
                            "Module \"{}\" (from {}) cannot be found in the module registry at {host}.",
                            call.name,
                            at(call)
                        ),
                    ),
                    RegistryError::Invalid(_) => Diagnostic::error(
                        "Invalid response from remote module registry",
                        format!(
                            "The registry at {host} returned an invalid response when Terraform requested available versions for module \"{}\" ({}).",
                            call.name,
                            at(call)
                        ),
                    ),
                    RegistryError::Access(cause) => Diagnostic::error(
                        "Error accessing remote module registry",
                        format!(
                            "Failed to retrieve available versions for module \"{}\" ({}) from {host}: {cause}.",
                            call.name,
                            at(call)
                        ),
                    ),
                }
                .at(&call.decl_range))?;
                if let Some(c) = &self.cache {
                    c.keep_versions(&package, &v);
                }
                v
            }
        };
        let mut latest: Option<Version> = None;
        let mut matched: Option<Version> = None;
        for text in &listed {
            let Some(v) = Version::parse(text) else {
                self.warnings.push(
                    Diagnostic::warning(
                        "Invalid response from remote module registry",
                        format!(
                            "The registry at {host} returned an invalid version string \"{text}\" for module \"{}\" ({}), which Terraform ignored.",
                            call.name,
                            at(call)
                        ),
                    )
                    .at(&call.decl_range),
                );
                continue;
            };
            if v.is_prerelease() && !constraints.names_exactly(&v) {
                continue;
            }
            if latest.as_ref().is_none_or(|l| v.compare(l).is_gt()) {
                latest = Some(v.clone());
            }
            if constraints.check(&v) && matched.as_ref().is_none_or(|m| v.compare(m).is_gt()) {
                matched = Some(v);
            }
        }
        let source_shown = Source::Registry(r.clone()).to_string();
        let Some(latest) = latest else {
            return Err(Diagnostic::error(
                "Module has no versions",
                format!(
                    "Module \"{source_shown}\" ({}) has no versions available on {host}.",
                    at(call)
                ),
            )
            .at(&call.decl_range)
            .into());
        };
        let Some(chosen) = matched else {
            return Err(Diagnostic::error(
                "Unresolvable module version constraint",
                format!(
                    "There is no available version of module \"{source_shown}\" ({}) which matches the given version constraint. The newest available version is {latest}.",
                    at(call)
                ),
            )
            .at(&call.decl_range).into());
        };
        let version = chosen.to_string();
        let cache_key = format!("registry:{package}@{version}");
        if let Some((tree, loc_subdir)) = self.cache.as_ref().and_then(|c| c.package(&cache_key)) {
            let subdir = join_subdirs(&loc_subdir, &r.subdir);
            return Ok((Fetched::Cache(tree), subdir, Some(version), How::Cached));
        }
        // Asked for as terraform asks, by the version as parsed (`1.2`
        // listed is asked for as `1.2.0`).
        let location = reg.location(r, &version).map_err(|e| {
            let cause = match e {
                RegistryError::Access(c) | RegistryError::Invalid(c) => c,
                RegistryError::NotFound => "not found".to_string(),
            };
            Diagnostic::error(
                "Error accessing remote module registry",
                format!("Failed to retrieve a download URL for {source_shown} {version} from {host}: {cause}"),
            )
            .at(&call.decl_range)
        })?;
        let remote = match source::parse(&location, false) {
            Ok(Source::Remote(rem)) => rem,
            Ok(_) => {
                return Err(Diagnostic::error(
                    "Invalid package location from module registry",
                    format!(
                        "Module registry {host} returned invalid source location \"{location}\" for {source_shown} {version}: must be a direct remote package address."
                    ),
                )
                .at(&call.decl_range).into());
            }
            Err(e) => {
                return Err(Diagnostic::error(
                    "Invalid package location from module registry",
                    format!(
                        "Module registry {host} returned invalid source location \"{location}\" for {source_shown} {version}: {}.",
                        e.detail
                    ),
                )
                .at(&call.decl_range).into());
            }
        };
        let subdir = join_subdirs(&remote.subdir, &r.subdir);
        let fetched = self
            .fetch_into_cache(&cache_key, &remote.subdir, &remote.package)
            .map_err(|e| self.download_failed(call, &remote.package, &e))?;
        Ok((fetched, subdir, Some(version), How::Fetched))
    }

    /// A remote package: git ones through the cache (keyed by the commit
    /// their ref names), http archives afresh.
    fn fetch_remote_cached(
        &mut self,
        call: &ModuleCall,
        r: &RemoteSource,
    ) -> Result<(Fetched, How), Box<Diagnostic>> {
        let fail = |e: String| self.download_failed(call, &r.package, &e);
        if let (Some("git"), rest) = source::forced_getter(&r.package) {
            let pkg = git::parse(rest).map_err(fail)?;
            let commit = git::resolve(&pkg).map_err(fail)?;
            let key = format!("git:{}@{commit}", r.package);
            if let Some((tree, _)) = self.cache.as_ref().and_then(|c| c.package(&key)) {
                return Ok((Fetched::Cache(tree), How::Cached));
            }
            let f = self.fetch_into_cache(&key, "", &r.package).map_err(fail)?;
            return Ok((f, How::Fetched));
        }
        let tmp = self.scratch().map_err(fail)?;
        let tree = tmp.join("tree");
        self.fetch_package(&r.package, &tree, 0).map_err(fail)?;
        Ok((Fetched::Staged(tree), How::Fetched))
    }

    /// A scratch directory inside the staging directory, removed with it
    /// when the run ends.
    fn scratch(&self) -> Result<PathBuf, String> {
        let t = tempfile::Builder::new()
            .prefix(".fetch-")
            .tempdir_in(&self.staging)
            .map_err(|e| e.to_string())?;
        Ok(t.keep())
    }

    fn fetch_into_cache(&self, key: &str, subdir: &str, package: &str) -> Result<Fetched, String> {
        match &self.cache {
            Some(c) => c
                .store(key, subdir, |dest| self.fetch_package(package, dest, 0))
                .map(Fetched::Cache),
            None => {
                let tmp = self.scratch()?;
                let tree = tmp.join("tree");
                self.fetch_package(package, &tree, 0)?;
                Ok(Fetched::Staged(tree))
            }
        }
    }

    /// Fetches a package address (no subdirectory) into `dest`, which it
    /// creates.
    fn fetch_package(&self, package: &str, dest: &Path, hops: usize) -> Result<(), String> {
        let limits = self.opts.limits;
        match source::forced_getter(package) {
            (Some("git"), rest) => {
                let pkg = git::parse(rest)?;
                git::clone(&pkg, dest)?;
                archive::confine(dest, limits)
            }
            (Some(other), _) if other != "http" && other != "https" => Err(format!(
                "the \"{other}\" getter is not supported by minimod; install this module with terraform init"
            )),
            (_, url) => {
                let scheme = http::scheme(url);
                if scheme != "http" && scheme != "https" {
                    return Err(format!(
                        "the \"{scheme}\" source type is not supported by minimod; install this module with terraform init"
                    ));
                }
                self.fetch_http(url, dest, hops)
            }
        }
    }

    fn fetch_http(&self, url: &str, dest: &Path, hops: usize) -> Result<(), String> {
        let (fetch_url, taken) = source::take_query(url, &["archive", "checksum"]);
        let mut archive_param = None;
        let mut checksum = None;
        for (k, v) in taken {
            match k.as_str() {
                "archive" => archive_param = Some(v),
                _ => checksum = Some(v),
            }
        }
        let base = fetch_url.split('?').next().unwrap_or("");
        let path = base.split_once("://").map_or(base, |(_, r)| r);
        let path = path.find('/').map_or("", |i| &path[i..]);
        let format = match &archive_param {
            Some(a) if a == "false" => None,
            Some(a) => Some(
                archive::format_of(a)
                    .map_err(|f| format!("the {f} archive format is not supported by minimod"))?
                    .ok_or_else(|| format!("unknown archive format {a:?}"))?,
            ),
            None => archive::format_of(path)
                .map_err(|f| format!("the {f} archive format is not supported by minimod"))?,
        };
        // An archive's host gets its own token, if one is configured.
        let auth_host = http::authority(&fetch_url).unwrap_or_default();
        let auth = self.hosts.token(&auth_host);
        let Some(format) = format else {
            // Not an archive: terraform's http protocol, where the answer's
            // X-Terraform-Get header says where the package is.
            if hops >= 10 {
                return Err("too many X-Terraform-Get redirects".to_string());
            }
            let sep = if fetch_url.contains('?') { '&' } else { '?' };
            let resp = self
                .http
                .get(&format!("{fetch_url}{sep}terraform-get=1"), auth, 1 << 20)
                .map_err(|e| e.to_string())?;
            if !(200..300).contains(&resp.status) {
                return Err(format!("bad response code: {}", resp.status));
            }
            let next = resp
                .header("x-terraform-get")
                .map(|l| http::resolve(&resp.url, l))
                .ok_or_else(|| "no source URL was returned".to_string())?;
            let (pkg, sub) = source::split_subdir(&next);
            if !sub.is_empty() {
                return Err(
                    "an X-Terraform-Get location with a subdirectory is not supported by minimod"
                        .to_string(),
                );
            }
            return self.fetch_package(&pkg, dest, hops + 1);
        };
        let resp = self
            .http
            .get(&fetch_url, auth, self.opts.limits.max_bytes)
            .map_err(|e| e.to_string())?;
        if !(200..300).contains(&resp.status) {
            return Err(format!("bad response code: {}", resp.status));
        }
        if let Some(c) = checksum {
            verify_checksum(&resp.body, &c, &fetch_url)?;
        }
        fs::create_dir_all(dest).map_err(|e| e.to_string())?;
        archive::extract(&resp.body, format, dest, self.opts.limits)
    }
}

/// A package's tree: in the shared cache (copied into place), or fetched
/// into a scratch directory (moved into place).
enum Fetched {
    Cache(PathBuf),
    Staged(PathBuf),
}

/// A registry location's subdirectory, then the call's own, as
/// terraform joins them.
fn join_subdirs(location: &str, given: &str) -> String {
    match (location.is_empty(), given.is_empty()) {
        (true, _) => given.to_string(),
        (false, true) => location.to_string(),
        (false, false) => source::clean_path(&format!("{location}/{given}")),
    }
}

/// A subdirectory that may hold globs, found under `root`: exactly one
/// match, as terraform requires. Returns it relative to `root`.
fn expand_globs(root: &Path, sub: &str) -> Result<String, String> {
    let mut found = vec![String::new()];
    for part in sub.split('/') {
        let mut next = Vec::new();
        for base in &found {
            let dir = root.join(base);
            if part.contains(['*', '?', '[']) {
                let mut names: Vec<String> = fs::read_dir(&dir)
                    .into_iter()
                    .flatten()
                    .flatten()
                    .map(|e| e.file_name().to_string_lossy().into_owned())
                    .filter(|n| glob_match(part, n))
                    .collect();
                names.sort();
                next.extend(names.into_iter().map(|n| join_rel(base, &n)));
            } else if dir.join(part).exists() {
                next.push(join_rel(base, part));
            }
        }
        found = next;
    }
    match found.len() {
        0 => Err(format!("subdir \"{sub}\" not found")),
        1 => Ok(found.remove(0)),
        _ => Err(format!("subdir \"{sub}\" matches multiple paths")),
    }
}

fn join_rel(base: &str, name: &str) -> String {
    match base {
        "" => name.to_string(),
        b => format!("{b}/{name}"),
    }
}

/// go-getter's `checksum=[type:]hex` (the type guessed by length when
/// not given).
fn verify_checksum(body: &[u8], spec: &str, url: &str) -> Result<(), String> {
    use sha2::Digest;
    let (kind, want) = match spec.split_once(':') {
        Some((k, v)) => (k.to_ascii_lowercase(), v.to_ascii_lowercase()),
        None => {
            let k = match spec.len() {
                32 => "md5",
                40 => "sha1",
                64 => "sha256",
                128 => "sha512",
                _ => return Err(format!("unknown type for checksum {spec}")),
            };
            (k.to_string(), spec.to_ascii_lowercase())
        }
    };
    let got: Vec<u8> = match kind.as_str() {
        "md5" => md5::Md5::digest(body).to_vec(),
        "sha1" => sha1::Sha1::digest(body).to_vec(),
        "sha256" => sha2::Sha256::digest(body).to_vec(),
        "sha512" => sha2::Sha512::digest(body).to_vec(),
        other => return Err(format!("unsupported checksum type: {other}")),
    };
    let got: String = got.iter().map(|b| format!("{b:02x}")).collect();
    if got != want {
        return Err(format!(
            "Checksums did not match for {url}.\nExpected: {want}\nGot: {got}"
        ));
    }
    Ok(())
}

fn io_error(path: &Path, e: std::io::Error) -> Diagnostics {
    Diagnostic::error(
        "Failed to install modules",
        format!("{}: {e}", path.display()),
    )
    .into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn globs_match_whole_texts() {
        assert!(glob_match(
            "registry.terraform.io/terraform-aws-modules/*",
            "registry.terraform.io/terraform-aws-modules/vpc/aws"
        ));
        assert!(glob_match(
            "git::https://github.com/my-org/*",
            "git::https://github.com/my-org/net.git?ref=v1"
        ));
        assert!(!glob_match(
            "git::https://github.com/my-org/*",
            "git::https://github.com/other/net.git"
        ));
        assert!(glob_match("a?c", "abc"));
        assert!(!glob_match("a?c", "abbc"));
        assert!(glob_match("*", ""));
        assert!(glob_match("a*b*c", "axxbyyc"));
        assert!(!glob_match("a*b*c", "axxbyy"));
    }

    #[test]
    fn checksums_are_checked() {
        let sha = "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824";
        assert!(verify_checksum(b"hello", &format!("sha256:{sha}"), "u").is_ok());
        assert!(verify_checksum(b"hello", sha, "u").is_ok());
        let e = verify_checksum(b"hullo", sha, "u").unwrap_err();
        assert!(e.starts_with("Checksums did not match for u."), "{e}");
    }

    #[test]
    fn subdirs_join_and_expand() {
        assert_eq!(join_subdirs("", "modules/x"), "modules/x");
        assert_eq!(join_subdirs("top", ""), "top");
        assert_eq!(join_subdirs("top", "modules/x"), "top/modules/x");
        let d = tempfile::tempdir().unwrap();
        fs::create_dir_all(d.path().join("repo-1.0/modules/x")).unwrap();
        assert_eq!(expand_globs(d.path(), "*").unwrap(), "repo-1.0");
        assert_eq!(
            expand_globs(d.path(), "*/modules/x").unwrap(),
            "repo-1.0/modules/x"
        );
        assert!(expand_globs(d.path(), "nope").is_err());
        fs::create_dir_all(d.path().join("repo-2.0")).unwrap();
        assert!(
            expand_globs(d.path(), "*")
                .unwrap_err()
                .contains("multiple")
        );
    }
}
