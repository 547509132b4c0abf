//! One evaluation of a module tree. Nothing is evaluated in file order:
//! every variable, local, output, resource attribute and expansion is a
//! vertex computed on first use and cached per module instance, and a
//! vertex met again while it is being computed is a reference cycle,
//! reported with its path. The vertices live beside their idea: expansion
//! (`expand.rs`), variables (`variables.rs`), resources (`resources.rs`),
//! prior state (`prior.rs`); references reach them through `scope.rs`.

use std::cell::RefCell;
use std::collections::BTreeSet;

use foldhash::{HashMap, HashMapExt};
use std::path::PathBuf;

use crate::addrs::{AbsResourceInstance, InstanceKey, ModuleInstance};
use crate::config::Config;
use crate::diagnostics::{Diagnostic, Diagnostics, SourceRange};
use crate::lang::eval::Eval;
use crate::lang::value::Value;
use crate::syntax::ast::Expr;

use super::expand::{Expansion, Repetition};
use super::inputs::RootInputs;
use super::prior_state::PriorState;
use super::resources::{all_attribute_names, collect_read_attrs};

/// What one run is for and where it runs. Everything is explicit: nothing
/// here reads the process environment (the cli gives `TF_WORKSPACE` and
/// the working directory).
#[derive(Clone, Debug)]
pub struct RunOptions {
    /// `terraform.workspace`: the selected workspace.
    pub workspace: String,
    /// `path.cwd`: the directory terraform would run in (empty unless the
    /// caller gives it).
    pub cwd: PathBuf,
    /// The home directory `pathexpand` and `~` in file paths stand for:
    /// none unless the caller gives it (a check never does).
    pub home: Option<PathBuf>,
    /// The operation the evaluation serves.
    pub walk: Walk,
    /// Root variables given no value are unknown instead of an error (the
    /// console, and pull-request checks that have no variable values).
    pub unset_variables_unknown: bool,
    /// A resource attribute that is not known is an unknown that knows
    /// which object and attribute it stands for (see `lang::unknown`), so
    /// that refactors can compare references.
    pub track_origins: bool,
    /// A `count` or `for_each` known only after apply gives no instances
    /// yet, and the block is recorded in `deferred()` instead of failing
    /// the run (a refactor reports it per resource).
    pub defer_unknown_expansion: bool,
    /// Filesystem functions read only inside this directory (a check of a
    /// pull request reads nothing but the revision's own files).
    pub files_within: Option<PathBuf>,
    /// Where the filesystem functions read (a check's revision is a tree
    /// in memory).
    pub files: crate::files::Files,
    /// Provider schemas (`--schemas`): which attributes are computed.
    pub schemas: Option<std::sync::Arc<crate::providers::schema::Schemas>>,
    /// A plan may compare objects on a second thread (the cli's commands;
    /// not `check`, whose roots already run side by side).
    pub threads: bool,
    /// What `plantimestamp()` gives while planning (RFC 3339, UTC); by
    /// default the one instant this process plans at. None: unknown.
    pub plan_time: Option<String>,
}

/// The operation a run serves, as OpenTofu's graph walks name them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Walk {
    /// `walkPlan`: impure functions, and computed attributes of objects
    /// the plan changes, are unknown.
    Plan,
    /// `walkEval`, `terraform console`: impure functions give values, and
    /// a resource or data source is what the state records, else wholly
    /// unknown.
    Eval,
}

impl Default for RunOptions {
    /// A plan in the default workspace.
    fn default() -> RunOptions {
        RunOptions {
            workspace: "default".into(),
            cwd: PathBuf::new(),
            home: None,
            walk: Walk::Plan,
            unset_variables_unknown: false,
            track_origins: false,
            defer_unknown_expansion: false,
            files_within: None,
            files: Default::default(),
            schemas: None,
            threads: false,
            plan_time: Some(crate::lang::functions::process_plan_time().to_string()),
        }
    }
}

#[derive(Clone, Debug)]
pub(super) enum Vertex {
    Var(String),
    Local(String),
    Output(String),
    Attr(String, InstanceKey, String),
    /// A data source's configured argument (its attribute is what it read).
    DataArg(String, InstanceKey, String),
    ResourceExpansion(String),
    CallExpansion(String),
    /// A resource's whole value (not a vertex: see `Run::resource_values`).
    ResourceValue(String),
    /// One attribute of each of a resource's instances (`server[*].id`).
    ResourceValueAttr(String, String),
}

/// A vertex as a lookup names it, borrowing its names: a cached answer is
/// found without copying the module address or any name (each reference
/// asks, so the copies were most of a lookup's cost).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum VertexRef<'a> {
    Var(&'a str),
    Local(&'a str),
    Output(&'a str),
    Attr(&'a str, &'a InstanceKey, &'a str),
    DataArg(&'a str, &'a InstanceKey, &'a str),
    ResourceExpansion(&'a str),
    CallExpansion(&'a str),
    ResourceValue(&'a str),
    ResourceValueAttr(&'a str, &'a str),
}

impl Vertex {
    fn as_ref(&self) -> VertexRef<'_> {
        match self {
            Vertex::Var(n) => VertexRef::Var(n),
            Vertex::Local(n) => VertexRef::Local(n),
            Vertex::Output(n) => VertexRef::Output(n),
            Vertex::Attr(r, k, a) => VertexRef::Attr(r, k, a),
            Vertex::DataArg(r, k, a) => VertexRef::DataArg(r, k, a),
            Vertex::ResourceExpansion(r) => VertexRef::ResourceExpansion(r),
            Vertex::CallExpansion(c) => VertexRef::CallExpansion(c),
            Vertex::ResourceValue(r) => VertexRef::ResourceValue(r),
            Vertex::ResourceValueAttr(r, a) => VertexRef::ResourceValueAttr(r, a),
        }
    }
}

impl VertexRef<'_> {
    /// The vertex as a cycle error names it. Made only for that message:
    /// every vertex computed used to format one, most of a small
    /// vertex's cost.
    fn label(self, module: &ModuleInstance) -> String {
        let m = module_label(module);
        match self {
            VertexRef::Var(n) => format!("{m}var.{n}"),
            VertexRef::Local(n) => format!("{m}local.{n}"),
            VertexRef::Output(n) => format!("{m}output.{n}"),
            VertexRef::Attr(r, k, a) => format!("{m}{r}{k}.{a}"),
            VertexRef::DataArg(r, k, a) => format!("{m}{r}{k}.{a} (argument)"),
            VertexRef::ResourceExpansion(r) => format!("{m}{r} (expand)"),
            VertexRef::CallExpansion(c) => format!("{m}module.{c} (expand)"),
            // Not memo vertices (see `Run::resource_values`).
            VertexRef::ResourceValue(r) => format!("{m}{r}"),
            VertexRef::ResourceValueAttr(r, a) => format!("{m}{r}[*].{a}"),
        }
    }

    fn to_owned(self) -> Vertex {
        match self {
            VertexRef::Var(n) => Vertex::Var(n.into()),
            VertexRef::Local(n) => Vertex::Local(n.into()),
            VertexRef::Output(n) => Vertex::Output(n.into()),
            VertexRef::Attr(r, k, a) => Vertex::Attr(r.into(), k.clone(), a.into()),
            VertexRef::DataArg(r, k, a) => Vertex::DataArg(r.into(), k.clone(), a.into()),
            VertexRef::ResourceExpansion(r) => Vertex::ResourceExpansion(r.into()),
            VertexRef::CallExpansion(c) => Vertex::CallExpansion(c.into()),
            VertexRef::ResourceValue(r) => Vertex::ResourceValue(r.into()),
            VertexRef::ResourceValueAttr(r, a) => Vertex::ResourceValueAttr(r.into(), a.into()),
        }
    }
}

/// A vertex of one module instance, as the caches store it, with its
/// hash: computed once per lookup and kept, so that inserting after a
/// lookup, and growing a table, hash nothing again.
#[derive(Clone, Debug)]
pub(super) struct Key {
    hash: u64,
    module: ModuleInstance,
    vertex: Vertex,
}

/// A vertex as a lookup names it, borrowing its names, and hashed once.
#[derive(Clone, Copy)]
pub(super) struct Lookup<'a> {
    hash: u64,
    module: &'a ModuleInstance,
    vertex: VertexRef<'a>,
}

/// The same hash in every run (a run takes another's [`Reusable`] keys).
const KEY_HASH: foldhash::fast::FixedState =
    foldhash::fast::FixedState::with_seed(0x006d_696e_696d_6f64);

impl<'a> Lookup<'a> {
    pub(super) fn new(module: &'a ModuleInstance, vertex: VertexRef<'a>) -> Lookup<'a> {
        use std::hash::BuildHasher;
        Lookup {
            // A module instance hashes as its (interned) path's pointer.
            hash: KEY_HASH.hash_one((module, vertex)),
            module,
            vertex,
        }
    }

    /// The key a cache stores, with this lookup's hash.
    pub(super) fn key(&self) -> Key {
        Key {
            hash: self.hash,
            module: self.module.clone(),
            vertex: self.vertex.to_owned(),
        }
    }
}

/// What a cache lookup compares and hashes: the stored `Key` and a
/// borrowed [`Lookup`] look the same, so the maps are searched with
/// borrowed names (`HashMap::get` through `Borrow<dyn KeyView>`).
pub(super) trait KeyView {
    fn view(&self) -> (u64, &ModuleInstance, VertexRef<'_>);
}

impl KeyView for Key {
    fn view(&self) -> (u64, &ModuleInstance, VertexRef<'_>) {
        (self.hash, &self.module, self.vertex.as_ref())
    }
}

impl KeyView for Lookup<'_> {
    fn view(&self) -> (u64, &ModuleInstance, VertexRef<'_>) {
        (self.hash, self.module, self.vertex)
    }
}

/// Equal views: the hashes first (most unequal keys differ there), then
/// the module instances (a pointer) and the names.
fn same_view(a: &dyn KeyView, b: &dyn KeyView) -> bool {
    let (ha, ma, va) = a.view();
    let (hb, mb, vb) = b.view();
    ha == hb && ma == mb && va == vb
}

impl std::hash::Hash for dyn KeyView + '_ {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.view().0)
    }
}

impl PartialEq for dyn KeyView + '_ {
    fn eq(&self, other: &Self) -> bool {
        same_view(self, other)
    }
}

impl Eq for dyn KeyView + '_ {}

// Hashed and compared as its view, the same as a borrowed lookup.
impl std::hash::Hash for Key {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash)
    }
}

impl PartialEq for Key {
    fn eq(&self, other: &Self) -> bool {
        same_view(self, other)
    }
}

impl Eq for Key {}

impl<'a> std::borrow::Borrow<dyn KeyView + 'a> for Key {
    fn borrow(&self) -> &(dyn KeyView + 'a) {
        self
    }
}

impl Key {
    fn label(&self) -> String {
        self.vertex.as_ref().label(&self.module)
    }
}

/// A key's hasher: the key hashed itself already ([`Key`], [`Lookup`]).
#[derive(Default)]
pub(super) struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        // Not reached: keys write their hash with `write_u64`.
        for b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(*b);
        }
    }

    fn write_u64(&mut self, hash: u64) {
        self.0 = hash;
    }
}

type VertexMap<V> = std::collections::HashMap<Key, V, std::hash::BuildHasherDefault<KeyHasher>>;

/// A cache keyed by vertex, in two steps: the module instance, then the
/// vertex. Evaluation reads one module instance's vertices together (a
/// load balancer's splat reads its hundred servers), so their small map
/// stays in the processor's cache; one map of every vertex of a 100,000
/// object plan missed it on nearly every probe.
pub(super) struct KeyMap<V> {
    /// By [`ModuleInstance::id`].
    modules: HashMap<usize, VertexMap<V>>,
}

impl<V> Default for KeyMap<V> {
    fn default() -> Self {
        KeyMap {
            modules: HashMap::new(),
        }
    }
}

impl<V> KeyMap<V> {
    pub(super) fn get(&self, at: &Lookup<'_>) -> Option<&V> {
        self.modules.get(&at.module.id())?.get(at as &dyn KeyView)
    }

    pub(super) fn get_mut(&mut self, at: &Lookup<'_>) -> Option<&mut V> {
        (self.modules.get_mut(&at.module.id())?).get_mut(at as &dyn KeyView)
    }

    pub(super) fn insert(&mut self, key: Key, value: V) {
        let vertices = self.modules.entry(key.module.id()).or_default();
        vertices.insert(key, value);
    }

    pub(super) fn retain(&mut self, mut keep: impl FnMut(&Key, &mut V) -> bool) {
        self.modules.retain(|_, vertices| {
            vertices.retain(&mut keep);
            !vertices.is_empty()
        });
    }

    #[cfg(test)]
    pub(super) fn keys(&self) -> impl Iterator<Item = &Key> {
        self.modules.values().flat_map(|vertices| vertices.keys())
    }

    #[cfg(test)]
    pub(super) fn len(&self) -> usize {
        self.modules.values().map(|vertices| vertices.len()).sum()
    }

    #[cfg(test)]
    pub(super) fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// A vertex's answer, and whether another run of the same configuration
/// may take it as it is (see [`Reusable`]).
struct Memo {
    value: Result<Value, Diagnostics>,
    reusable: bool,
}

/// The answers of one run that another run of the same module tree, with
/// the same inputs and options but another prior state, would compute
/// again to the same value: every vertex that succeeded without reading
/// the prior state, directly or through the vertices it read, without
/// meeting a cycle (whose error depends on where the walk entered it) and
/// without deferring an expansion (a side effect a cached answer would
/// not repeat). The refactor's proof plans the new configuration again
/// with its moved blocks: only the objects the blocks move read anything
/// new, so most of the plan's evaluation is taken from the plan before
/// the blocks instead of being computed twice.
#[derive(Default)]
pub(crate) struct Reusable {
    cache: KeyMap<Memo>,
    expansions: KeyMap<(Result<Expansion, Diagnostics>, bool)>,
}

impl Reusable {
    /// Whether nothing is reusable.
    #[cfg(test)]
    pub(crate) fn is_empty(&self) -> bool {
        self.cache.is_empty()
    }
}

pub struct Run<'c> {
    pub(super) config: &'c Config,
    pub(super) inputs: RootInputs,
    pub(super) opts: RunOptions,
    cache: RefCell<KeyMap<Memo>>,
    /// Each expansion, and whether it is reusable (its memo's flag).
    pub(super) expansions: RefCell<KeyMap<(Result<Expansion, Diagnostics>, bool)>>,
    /// The vertices being computed, innermost last.
    stack: RefCell<Vec<Key>>,
    /// Resource values (`server`, `server[*].id`) per module instance,
    /// built once from the vertices above and shared (a clone is a pointer
    /// copy). Only answers are kept: a failure comes from a vertex, which
    /// keeps it; and building one is no vertex of its own, so a cycle
    /// names the same vertices as before.
    pub(super) resource_values: RefCell<KeyMap<Value>>,
    /// Per static resource path: attribute names the configuration reads
    /// on it, so a whole-object reference still answers them (unknown).
    pub(super) read_attrs: HashMap<(Vec<String>, String), BTreeSet<String>>,
    /// Every attribute name any traversal in the tree reads.
    pub(super) any_attrs: BTreeSet<String>,
    /// Recorded objects of the prior state (after moves): what data
    /// sources read and what managed resources computed last time, and
    /// whether the vertex being computed read them (or anything else that
    /// makes it not [`Reusable`]).
    pub(super) prior: PriorState,
    /// Set by `count`/`for_each` when they fail on an unknown value.
    pub(super) unknown_expansion: std::cell::Cell<bool>,
    /// Blocks whose expansion waits for apply, with the reason.
    pub(super) deferred: RefCell<Vec<(String, Diagnostic)>>,
    /// Data source instances the plan reads during apply: what they read
    /// is unknown until then (see `Run::with_deferred_reads`).
    pub(super) deferred_reads: BTreeSet<AbsResourceInstance>,
    /// Module and resource instances the expansions computed so far make,
    /// against the whole configuration's bounds (`expand::Totals`).
    pub(super) totals: std::cell::Cell<super::expand::Totals>,
    /// Bytes of text the run's evaluations built, against
    /// `lang::eval::MAX_TEXT_BYTES`.
    pub(super) text_built: std::cell::Cell<u64>,
}

pub(super) fn err(summary: &str, detail: impl Into<String>, at: &SourceRange) -> Diagnostics {
    Diagnostic::error(summary, detail).at(at).into()
}

pub(super) fn module_label(m: &ModuleInstance) -> String {
    if m.steps().is_empty() {
        String::new()
    } else {
        format!("{m}.")
    }
}

pub(super) fn static_path(m: &ModuleInstance) -> Vec<String> {
    m.steps().iter().map(|s| s.name.clone()).collect()
}

impl<'c> Run<'c> {
    pub fn new(config: &'c Config, inputs: RootInputs, opts: RunOptions) -> Run<'c> {
        let mut read_attrs: HashMap<(Vec<String>, String), BTreeSet<String>> = HashMap::new();
        collect_read_attrs(config, &mut read_attrs);
        Run {
            config,
            inputs,
            opts,
            cache: RefCell::default(),
            expansions: RefCell::default(),
            stack: RefCell::default(),
            resource_values: RefCell::default(),
            read_attrs,
            any_attrs: all_attribute_names(config),
            prior: PriorState::default(),
            unknown_expansion: std::cell::Cell::new(false),
            deferred: RefCell::default(),
            deferred_reads: BTreeSet::new(),
            totals: Default::default(),
            text_built: Default::default(),
        }
    }

    pub fn config(&self) -> &'c Config {
        self.config
    }

    pub fn options(&self) -> &RunOptions {
        &self.opts
    }

    /// The provider schemas given, if any (the built-in ones are always
    /// known: see `providers::schema`).
    pub fn schemas(&self) -> Option<&crate::providers::schema::Schemas> {
        self.opts.schemas.as_deref()
    }

    /// The configuration of a module instance's module, if the tree has
    /// it (an address from a state may name a module no longer called):
    /// a walk down the tree, no path built (asked on every reference).
    pub(crate) fn module_config_of(&self, m: &ModuleInstance) -> Option<&'c Config> {
        let mut c = self.config;
        for step in m.steps().iter() {
            c = c.children.get(&step.name)?;
        }
        Some(c)
    }

    /// [`Run::module_config_of`] for an instance the run expanded itself.
    pub(super) fn module_config(&self, m: &ModuleInstance) -> &'c Config {
        self.module_config_of(m)
            .expect("module instances come from the config tree")
    }

    /// Runs `compute` for a vertex once, detecting cycles. A cached answer
    /// is found with borrowed names; the stored key is made only when
    /// computing, and the labels a cycle error names only for that error.
    pub(super) fn memo(
        &self,
        module: &ModuleInstance,
        vertex: VertexRef<'_>,
        compute: impl FnOnce() -> Result<Value, Diagnostics>,
    ) -> Result<Value, Diagnostics> {
        let view = Lookup::new(module, vertex);
        if let Some(m) = self.cache.borrow().get(&view) {
            if !m.reusable {
                self.prior.mark_unrepeatable();
            }
            return m.value.clone();
        }
        if let Some(pos) = self.stack.borrow().iter().position(|k| same_view(k, &view)) {
            self.prior.mark_unrepeatable();
            let stack = self.stack.borrow();
            let mut path: Vec<String> = stack[pos..].iter().map(Key::label).collect();
            path.push(vertex.label(module));
            return Err(Diagnostic::error("Cycle", format!("Cycle: {}", path.join(" -> "))).into());
        }
        self.stack.borrow_mut().push(view.key());
        let outer = self.prior.enter();
        // A vertex computes the ones it reads first: a chain of modules
        // passing a value along is a recursion as deep as the chain.
        // Between two vertices lies an expression's own recursion: room
        // for it in a debug build too.
        let v = stacker::maybe_grow(1 << 20, 8 << 20, compute);
        let read = self.prior.leave(outer);
        let popped = self.stack.borrow_mut().pop();
        let key = popped.unwrap_or_else(|| view.key());
        // An error is computed again: rare, and its range may name a
        // line the moved blocks shifted.
        let reusable = !read && v.is_ok();
        self.cache.borrow_mut().insert(
            key,
            Memo {
                value: v.clone(),
                reusable,
            },
        );
        v
    }

    /// Whether the memo holds a reusable answer for this vertex.
    pub(super) fn memo_reusable(&self, module: &ModuleInstance, vertex: VertexRef<'_>) -> bool {
        let view = Lookup::new(module, vertex);
        self.cache.borrow().get(&view).is_some_and(|m| m.reusable)
    }

    /// This run's [`Reusable`] answers (the rest is dropped here).
    pub(crate) fn into_reusable(self) -> Reusable {
        let mut cache = self.cache.into_inner();
        cache.retain(|_, m| m.reusable);
        let mut expansions = self.expansions.into_inner();
        expansions.retain(|_, (e, reusable)| *reusable && e.is_ok());
        Reusable { cache, expansions }
    }

    /// Starts from another run's [`Reusable`] answers: the caller
    /// promises the same module tree (its `moved` blocks aside), inputs
    /// and options.
    pub(crate) fn reusing(self, reusable: Reusable) -> Run<'c> {
        *self.cache.borrow_mut() = reusable.cache;
        *self.expansions.borrow_mut() = reusable.expansions;
        self
    }

    /// Evaluates an expression in a module instance (no count/each).
    pub fn eval_in(&self, module: &ModuleInstance, expr: &Expr) -> Result<Value, Diagnostics> {
        let scope = self.scope(module, Repetition::default());
        Eval::new(&scope).expr(expr)
    }

    pub fn local(&self, module: &ModuleInstance, name: &str) -> Result<Value, Diagnostics> {
        self.memo(module, VertexRef::Local(name), || {
            let local = &self.module_config(module).module.locals[name];
            self.eval_in(module, &local.expr)
        })
    }

    /// An output's value. Outputs marked `sensitive` carry the mark.
    pub fn output(&self, module: &ModuleInstance, name: &str) -> Result<Value, Diagnostics> {
        self.memo(module, VertexRef::Output(name), || {
            let out = &self.module_config(module).module.outputs[name];
            let v = self.eval_in(module, &out.expr)?;
            Ok(v.mark_if(out.sensitive))
        })
    }

    /// The root module's outputs by name, with whether each is declared
    /// sensitive. An output whose value holds a sensitive value without
    /// saying `sensitive = true` is terraform's error.
    pub fn root_outputs(&self) -> Result<Vec<(String, bool, Value)>, Diagnostics> {
        let root = ModuleInstance::default();
        let mut names: Vec<&String> = self.config.module.outputs.keys().collect();
        names.sort();
        let mut values = Vec::new();
        let mut diags = Diagnostics::default();
        for name in names {
            let out = &self.config.module.outputs[name];
            match self.output(&root, name) {
                Ok(v) if !out.sensitive && v.has_marks_deep() => diags.push(
                    Diagnostic::error(
                        "Output refers to sensitive values",
                        "To reduce the risk of accidentally exporting sensitive data that was intended to be only internal, Terraform requires that any root module output containing sensitive data be explicitly marked as sensitive, to confirm your intent.\n\nIf you do intend to export this data, annotate the output value as sensitive by adding the following argument:\n    sensitive = true",
                    )
                    .at(&out.decl_range),
                ),
                Ok(v) => values.push((name.clone(), out.sensitive, v)),
                Err(d) => diags.extend(d),
            }
        }
        if diags.has_errors() {
            Err(diags)
        } else {
            Ok(values)
        }
    }

    /// Evaluates every variable, local, output and resource argument of
    /// every instance, as a plan does: an error anywhere fails the run,
    /// referenced or not.
    pub fn check_all(&self) -> Result<Vec<AbsResourceInstance>, Diagnostics> {
        let mut diags = Diagnostics::default();
        let modules = self.module_instances()?;
        if let Err(d) = self.root_outputs() {
            diags.extend(d);
        }
        for m in &modules {
            let cfg = &self.module_config(m).module;
            for name in cfg.variables.keys() {
                if let Err(d) = self.variable(m, name) {
                    diags.extend(d);
                }
            }
            for name in cfg.locals.keys() {
                if let Err(d) = self.local(m, name) {
                    diags.extend(d);
                }
            }
            for name in cfg.outputs.keys() {
                if let Err(d) = self.output(m, name) {
                    diags.extend(d);
                }
            }
        }
        let instances = self.resource_instances();
        if let Ok(instances) = &instances {
            for i in instances {
                let Some(r) = self
                    .module_config(&i.module)
                    .module
                    .resource(&i.resource.resource)
                else {
                    continue;
                };
                for a in &r.attributes {
                    let v = self.configured_argument(&i.module, r, &i.resource.key, &a.name);
                    if let Err(d) = v {
                        diags.extend(d);
                    }
                }
            }
        }
        match instances {
            Err(d) => {
                diags.extend(d);
                Err(dedup(diags))
            }
            Ok(_) if diags.has_errors() => Err(dedup(diags)),
            Ok(i) => Ok(i),
        }
    }
}

/// One failure reached through several vertices is reported once.
fn dedup(diags: Diagnostics) -> Diagnostics {
    let mut out = Diagnostics::default();
    for d in diags.0 {
        if !out.0.contains(&d) {
            out.push(d);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;

    use super::*;
    use crate::instances::testing::{load, run};

    /// A vertex is computed once per run; the next reference reads the
    /// memo, and a vertex met again while it is being computed is a cycle
    /// naming the path.
    #[test]
    fn memo_computes_each_vertex_once_and_names_a_cycle() {
        let (_dir, config) = load(&[("main.tf", "locals {\n  a = 1\n}\n")]);
        let run = run(&config, RunOptions::default());
        let root = ModuleInstance::default();
        let computed = Cell::new(0);
        for _ in 0..2 {
            let v = run.memo(&root, VertexRef::Local("a"), || {
                computed.set(computed.get() + 1);
                Ok(Value::int(1))
            });
            assert_eq!(v.unwrap(), Value::int(1));
        }
        assert_eq!(computed.get(), 1);
        let local = |name: &'static str, compute: &dyn Fn() -> Result<Value, Diagnostics>| {
            run.memo(&root, VertexRef::Local(name), compute)
        };
        let cycle = local("b", &|| local("c", &|| local("b", &|| Ok(Value::int(2)))));
        let err = cycle.unwrap_err();
        assert_eq!(err.0[0].summary, "Cycle");
        assert_eq!(err.0[0].detail, "Cycle: local.b -> local.c -> local.b");
    }

    /// Keys carry their hash: an answer is found by an equal module path
    /// built anywhere, and is not found by another vertex or module
    /// instance.
    #[test]
    fn a_cached_answer_is_found_by_any_equal_path_and_only_by_it() {
        let (_dir, config) = load(&[("main.tf", "locals {\n  a = 1\n}\n")]);
        let run = run(&config, RunOptions::default());
        let app = |k: &str| ModuleInstance::default().child("app", InstanceKey::Str(k.into()));
        let (first, again, other) = (app("x"), app("x"), app("y"));
        let computed = Cell::new(0);
        let ask = |m: &ModuleInstance, name: &str| {
            run.memo(m, VertexRef::Local(name), || {
                computed.set(computed.get() + 1);
                Ok(Value::int(computed.get()))
            })
            .unwrap()
        };
        assert_eq!(ask(&first, "a"), Value::int(1));
        assert_eq!(ask(&again, "a"), Value::int(1));
        assert_eq!(ask(&first, "b"), Value::int(2));
        assert_eq!(ask(&other, "a"), Value::int(3));
        assert_eq!(ask(&again, "b"), Value::int(2));
        assert_eq!(computed.get(), 3);
        let (k1, k2) = (
            Lookup::new(&first, VertexRef::Local("a")).key(),
            Lookup::new(&again, VertexRef::Local("a")).key(),
        );
        assert_eq!(k1.hash, k2.hash);
        assert!(k1 == k2);
        assert!(k1 != Lookup::new(&other, VertexRef::Local("a")).key());
    }

    /// What another run against another prior state may take as it is:
    /// only answers that read no prior object, directly or through the
    /// vertices they read: `t`'s instances read their repetition from an
    /// expansion that read one.
    #[test]
    fn only_answers_that_read_no_prior_object_are_reusable() {
        let (_dir, config) = load(&[(
            "main.tf",
            r#"locals {
  name = "app"
  id   = terraform_data.s.id
  both = "${local.name}-${local.id}"
}
resource "terraform_data" "s" {
  input = local.name
}
resource "terraform_data" "t" {
  count = length(local.id)
  input = local.name
}
"#,
        )]);
        let state = crate::state::State::from_json(
            r#"{"version":4,"terraform_version":"1.11.4","serial":1,"lineage":"l","outputs":{},
            "resources":[{"mode":"managed","type":"terraform_data","name":"s",
            "provider":"provider[\"terraform.io/builtin/terraform\"]",
            "instances":[{"schema_version":0,"attributes":{"id":"abc","input":{"value":"app","type":"string"},
            "output":{"value":"app","type":"string"},"triggers_replace":null},"sensitive_attributes":[]}]}],
            "check_results":null}"#,
        )
        .unwrap();
        let run = run(&config, RunOptions::default()).with_prior_state(&state);
        assert_eq!(run.check_all().unwrap().len(), 4);
        let reusable = run.into_reusable();
        let labels = |keys: Vec<&Key>| {
            let mut l: Vec<String> = keys.into_iter().map(Key::label).collect();
            l.sort();
            l
        };
        assert_eq!(
            labels(reusable.cache.keys().collect()),
            [
                "local.name",
                "terraform_data.s (expand)",
                "terraform_data.s.input",
            ]
        );
        assert_eq!(
            labels(reusable.expansions.keys().collect()),
            ["terraform_data.s (expand)"]
        );
    }

    /// A cycle names its vertices, made from the stored keys only when it
    /// is reported, as each vertex's caller labelled it when every vertex
    /// carried its label: the module instance, then the reference.
    #[test]
    fn a_cycle_names_each_kind_of_vertex_as_before() {
        let (_dir, config) = load(&[("main.tf", "locals {\n  a = 1\n}\n")]);
        let run = run(&config, RunOptions::default());
        let m = ModuleInstance::default()
            .child("app", InstanceKey::Str("x".into()))
            .child("db", InstanceKey::Int(0));
        let k = InstanceKey::Int(2);
        let s = InstanceKey::Str("a b".into());
        let cases = [
            (VertexRef::Var("n"), r#"module.app["x"].module.db[0].var.n"#),
            (
                VertexRef::Local("l"),
                r#"module.app["x"].module.db[0].local.l"#,
            ),
            (
                VertexRef::Output("o"),
                r#"module.app["x"].module.db[0].output.o"#,
            ),
            (
                VertexRef::Attr("terraform_data.s", &k, "input"),
                r#"module.app["x"].module.db[0].terraform_data.s[2].input"#,
            ),
            (
                VertexRef::DataArg("data.d.s", &s, "x"),
                r#"module.app["x"].module.db[0].data.d.s["a b"].x (argument)"#,
            ),
            (
                VertexRef::ResourceExpansion("terraform_data.s"),
                r#"module.app["x"].module.db[0].terraform_data.s (expand)"#,
            ),
            (
                VertexRef::CallExpansion("c"),
                r#"module.app["x"].module.db[0].module.c (expand)"#,
            ),
        ];
        for (vertex, label) in cases {
            // The vertex computes itself again: a cycle of one.
            let err = run
                .memo(&m, vertex, || run.memo(&m, vertex, || Ok(Value::int(1))))
                .unwrap_err();
            assert_eq!(err.0[0].detail, format!("Cycle: {label} -> {label}"));
        }
        // In the root module, no module prefix.
        let root = ModuleInstance::default();
        let err = run
            .memo(&root, VertexRef::Var("v"), || {
                run.memo(
                    &root,
                    VertexRef::Attr("a.b", &InstanceKey::NoKey, "id"),
                    || run.memo(&root, VertexRef::Var("v"), || Ok(Value::int(1))),
                )
            })
            .unwrap_err();
        assert_eq!(err.0[0].detail, "Cycle: var.v -> a.b.id -> var.v");
    }
}
