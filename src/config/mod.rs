//! The configuration of a module tree as written: what each block of each
//! module declares, before any evaluation. `load` reads a root directory
//! and follows module calls; `Module` is one directory's declarations.

mod decode;
mod lifecycle;
mod loader;
mod remote;

use std::path::PathBuf;

use indexmap::IndexMap;

pub(crate) use crate::addrs::ResourceMode;
use crate::diagnostics::SourceRange;
use crate::lang::types::Constraint;
use crate::syntax::ast::Expr;
use crate::syntax::body::{Attribute, Block};

pub(crate) use lifecycle::IgnoreChanges;
pub use loader::{Engine, LoadOptions, RemoteCalls, detect_engine, load};
pub(crate) use loader::{
    Overlay, config_files, decided_engine, detect_engine_in, load_module_dir, load_with_overlay,
};
pub use remote::Remote;
pub(crate) use remote::{CONTENT_SUFFIX, content_of, is_content, normal_source, remote_instance};

/// The declarations of a module by name, in source order. Hashed with
/// foldhash: every reference looks a name up (SipHash was a tenth of a
/// reference's cost).
pub(crate) type Names<V> = IndexMap<String, V, foldhash::fast::RandomState>;

/// A module tree: one module and the modules its calls load, by call name.
#[derive(Debug)]
pub struct Config {
    pub module: Module,
    /// The static path of calls from the root (`["web", "pages"]`).
    pub path: Vec<String>,
    pub children: Names<Config>,
    /// A remote call whose content is not installed: `module` holds only
    /// its content object (`remote.rs`).
    pub remote: Option<Remote>,
}

impl Config {
    /// The module at a static call path.
    pub fn descendant(&self, path: &[String]) -> Option<&Config> {
        match path.split_first() {
            None => Some(self),
            Some((first, rest)) => self.children.get(first)?.descendant(rest),
        }
    }

    /// Whether any module of the tree is a remote one not read.
    pub fn has_remote(&self) -> bool {
        self.remote.is_some() || self.children.values().any(Config::has_remote)
    }

    /// The remote calls of the tree that are installed, by call key
    /// (`a.b`): their source, version and directory, which the other side
    /// of a refactor may read when it has not installed them.
    pub(crate) fn installed_remote(&self) -> Installed {
        let mut out = Installed::new();
        self.collect_installed(&mut out);
        out
    }

    fn collect_installed(&self, out: &mut Installed) {
        for (name, child) in &self.children {
            let call = &self.module.module_calls[name];
            if child.remote.is_none() && !remote::is_local(&call.source) {
                let key = child.path.join(".");
                let version = call.version.clone();
                let remote = Remote {
                    source: normal_source(&call.source),
                    version,
                };
                out.insert(key, (remote, child.module.dir.clone()));
            }
            child.collect_installed(out);
        }
    }
}

/// Installed remote calls: call key → (source and version, directory).
pub(crate) type Installed = std::collections::BTreeMap<String, (Remote, PathBuf)>;

/// One directory's declarations, merged from its files and overrides.
#[derive(Debug, Default)]
pub struct Module {
    pub dir: PathBuf,
    /// The directory relative to the root module, as `path.module` gives it.
    pub rel_dir: String,
    pub variables: Names<Variable>,
    pub locals: Names<Local>,
    pub outputs: Names<Output>,
    pub module_calls: Names<ModuleCall>,
    /// Managed and data resources, keyed by `type.name` / `data.type.name`.
    /// Added with [`Module::insert_resource`], never removed.
    pub resources: Names<Resource>,
    /// Where each resource block is in `resources`, by its interned
    /// address: a lookup hashes a pointer instead of building the key's
    /// text, and each plan looks up every instance's block a few times.
    resource_at: foldhash::HashMap<crate::addrs::Resource, usize>,
    pub moved: Vec<Moved>,
    pub removed: Vec<Removed>,
    /// `import` blocks (valid only in the root module; the loader says so).
    pub imports: Vec<Import>,
    /// Blocks that create no address (provider, terraform, check):
    /// read and kept so nothing is rejected that terraform accepts.
    pub other_blocks: Vec<Block>,
    /// `backend "x"` or `cloud` inside `terraform`, by type.
    pub backend: Option<(String, SourceRange)>,
}

#[derive(Debug, Clone)]
pub struct Variable {
    pub name: String,
    pub constraint: Option<Constraint>,
    pub default: Option<Expr>,
    pub description: Option<String>,
    pub sensitive: bool,
    pub nullable: bool,
    pub validations: Vec<Validation>,
    pub decl_range: SourceRange,
}

#[derive(Debug, Clone)]
pub struct Validation {
    pub condition: Expr,
    pub error_message: Expr,
    pub range: SourceRange,
}

#[derive(Debug, Clone)]
pub struct Local {
    pub name: String,
    pub expr: Expr,
    pub decl_range: SourceRange,
}

#[derive(Debug, Clone)]
pub struct Output {
    pub name: String,
    pub expr: Expr,
    pub sensitive: bool,
    pub description: Option<String>,
    pub decl_range: SourceRange,
}

#[derive(Debug, Clone)]
pub struct ModuleCall {
    pub name: String,
    pub source: String,
    pub source_range: SourceRange,
    pub version: Option<String>,
    pub count: Option<Expr>,
    pub for_each: Option<Expr>,
    /// The arguments that set the child's variables.
    pub inputs: Vec<Attribute>,
    pub depends_on: Vec<Expr>,
    pub decl_range: SourceRange,
}

#[derive(Debug, Clone)]
pub struct Resource {
    pub mode: ResourceMode,
    pub type_name: String,
    pub name: String,
    pub count: Option<Expr>,
    pub for_each: Option<Expr>,
    pub provider: Option<Expr>,
    pub depends_on: Vec<Expr>,
    /// Provider arguments (everything but meta-arguments), in source order.
    pub attributes: Vec<Attribute>,
    /// Nested provider blocks (`ingress { }`, `dynamic "x" { }`), kept raw.
    pub blocks: Vec<Block>,
    pub lifecycle: Option<Block>,
    pub decl_range: SourceRange,
    /// `Resource::key`, made once: every reference and instance asks.
    key: String,
    /// `Resource::addr`, made once: a copy shares its names (every prior
    /// object a reference looks up builds its address from it).
    addr: crate::addrs::Resource,
}

impl Resource {
    pub fn addr(&self) -> crate::addrs::Resource {
        self.addr.clone()
    }

    /// `type.name`, or `data.type.name`: the key of `Module::resources`.
    pub fn key(&self) -> &str {
        &self.key
    }
}

/// A resource's address as `addrs::Resource` prints it (`type.name`,
/// `data.type.name`, `ephemeral.type.name`): the key of
/// `Module::resources`, written without the formatter (it is asked per
/// instance and per plan).
pub(crate) fn resource_key(mode: ResourceMode, type_name: &str, name: &str) -> String {
    let prefix = match mode {
        ResourceMode::Managed => "",
        ResourceMode::Data => "data.",
        ResourceMode::Ephemeral => "ephemeral.",
    };
    let mut key = String::with_capacity(prefix.len() + type_name.len() + 1 + name.len());
    key.push_str(prefix);
    key.push_str(type_name);
    key.push('.');
    key.push_str(name);
    key
}

impl Module {
    /// The resource block an address names.
    pub(crate) fn resource(&self, addr: &crate::addrs::Resource) -> Option<&Resource> {
        // The index covers every block unless one was added around it.
        if self.resource_at.len() == self.resources.len() {
            let (_, r) = self.resources.get_index(*self.resource_at.get(addr)?)?;
            return (r.addr == *addr).then_some(r);
        }
        self.resources
            .get(&resource_key(addr.mode, &addr.type_name, &addr.name))
    }

    /// Adds a resource block, or replaces the one at its address.
    pub(crate) fn insert_resource(&mut self, r: Resource) {
        let addr = r.addr.clone();
        let (at, _) = self.resources.insert_full(r.key().to_string(), r);
        self.resource_at.insert(addr, at);
    }
}

#[derive(Debug, Clone)]
pub struct Moved {
    pub from: Expr,
    pub to: Expr,
    pub range: SourceRange,
}

#[derive(Debug, Clone)]
pub struct Removed {
    pub from: Expr,
    /// `lifecycle { destroy = ... }` when given.
    pub destroy: Option<bool>,
    pub range: SourceRange,
}

/// An `import` block: the instance `to` names takes over the existing
/// object the provider finds by `id`.
#[derive(Debug, Clone)]
pub struct Import {
    pub to: Expr,
    pub id: Option<Expr>,
    pub for_each: Option<Expr>,
    pub range: SourceRange,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::addrs::Resource as Addr;

    /// Blocks are found by their interned address (a managed and a data
    /// resource may share type and name), also when one was added to
    /// `resources` around the index.
    #[test]
    fn resource_blocks_are_found_by_address() {
        let d = tempfile::tempdir().unwrap();
        std::fs::write(
            d.path().join("main.tf"),
            "resource \"t\" \"a\" {\n  x = 1\n}\ndata \"t\" \"a\" {\n  x = 2\n}\nresource \"t\" \"b\" {}\n",
        )
        .unwrap();
        let opts = LoadOptions::default();
        let mut sources = crate::diagnostics::SourceMap::default();
        let mut m = load(d.path(), &opts, &mut sources).unwrap().module;
        fn found(m: &Module, mode: ResourceMode, name: &str) -> Option<String> {
            let r = m.resource(&Addr::new(mode, "t", name))?;
            Some(r.key().to_string())
        }
        assert_eq!(found(&m, ResourceMode::Managed, "a"), Some("t.a".into()));
        assert_eq!(found(&m, ResourceMode::Data, "a"), Some("data.t.a".into()));
        assert_eq!(found(&m, ResourceMode::Managed, "b"), Some("t.b".into()));
        assert_eq!(found(&m, ResourceMode::Data, "b"), None);
        assert_eq!(found(&m, ResourceMode::Managed, "c"), None);
        // Added around the index: the key's text still finds it.
        let mut c = m.resources["t.b"].clone();
        (c.name, c.key) = ("c".into(), "t.c".into());
        c.addr = Addr::new(ResourceMode::Managed, "t", "c");
        m.resources.insert("t.c".into(), c);
        assert_eq!(found(&m, ResourceMode::Managed, "c"), Some("t.c".into()));
        assert_eq!(found(&m, ResourceMode::Managed, "b"), Some("t.b".into()));
        assert_eq!(found(&m, ResourceMode::Data, "a"), Some("data.t.a".into()));
    }
}
