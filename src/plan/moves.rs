//! Move statements: finding them in the configuration (`moved` blocks and
//! the moves implied by `count` changes), applying them to a prior state,
//! and validating them against the expanded configuration, with
//! OpenTofu's rules and messages (`internal/refactoring`).

use std::collections::{BTreeMap, HashMap, HashSet};

use crate::addrs::{
    AbsMoveable, AbsResource, AbsResourceInstance, InstanceKey, Module, ModuleInstance,
    MoveEndpoint, MoveEndpointInModule, MoveEndpointKind, unify_move_endpoints,
};
use crate::config::{Config, Engine};
use crate::diagnostics::{Diagnostic, Diagnostics, SourceRange};
use crate::state::{MovingState, State};
use crate::syntax::ast::{Expr, TraversalStep};

/// One move, from a `moved` block or implied by the prior state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveStatement {
    pub from: MoveEndpointInModule,
    pub to: MoveEndpointInModule,
    /// The `moved` block; for implied moves the `count` expression or the
    /// resource / module block.
    pub range: SourceRange,
    pub implied: bool,
}

/// One resource instance that moved, possibly through a chain of statements.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveChange {
    pub from: AbsResourceInstance,
    pub to: AbsResourceInstance,
    pub implied: bool,
}

/// A move that did not happen because something already sat at `wanted`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveBlocked {
    pub actual: AbsMoveable,
    pub wanted: AbsMoveable,
}

/// What [`apply_moves`] did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveResults {
    /// Keyed by the new address.
    pub changes: BTreeMap<AbsResourceInstance, MoveChange>,
    /// One entry per blocked object (module instance, resource or
    /// instance), sorted by the blocked address.
    pub blocked: Vec<MoveBlocked>,
}

impl MoveResults {
    /// The address the object now at `new` had in the prior state.
    pub fn old_addr(&self, new: &AbsResourceInstance) -> AbsResourceInstance {
        match self.changes.get(new) {
            Some(c) => c.from.clone(),
            None => new.clone(),
        }
    }

    /// The warning a plan carries when moves were blocked, in the wording
    /// of `engine`.
    pub fn blocked_warning(&self, engine: Engine) -> Option<Diagnostic> {
        if self.blocked.is_empty() {
            return None;
        }
        let (name, cmd) = match engine {
            Engine::Terraform => ("Terraform", "terraform"),
            Engine::Tofu => ("OpenTofu", "tofu"),
        };
        let items: String = self
            .blocked
            .iter()
            .map(|b| format!("\n  - {} could not move to {}", b.actual, b.wanted))
            .collect();
        Some(Diagnostic::warning(
            "Unresolved resource instance address changes",
            format!(
                "{name} tried to adjust resource instance addresses in the prior state based on change information recorded in the configuration, but some adjustments did not succeed due to existing objects already at the intended addresses:{items}\n\n{name} has planned to destroy these objects. If {name}'s proposed changes aren't appropriate, you must first resolve the conflicts using the \"{cmd} state\" subcommands and then create a new plan."
            ),
        ))
    }
}

pub(crate) fn invalid_expression(range: &SourceRange) -> Diagnostic {
    Diagnostic::error(
        "Invalid expression",
        "A single static variable reference is required: only attribute access and indexing with constant keys. No calculations, function calls, template expressions, etc are allowed here.",
    )
    .at(range)
}

/// Reads a `moved`/`removed` address expression as `hcl.AbsTraversalForExpr`
/// plus the endpoint grammar would.
pub(crate) fn endpoint_of(expr: &Expr) -> Result<MoveEndpoint, Diagnostic> {
    let (root, steps): (String, Vec<TraversalStep>) = expr
        .as_traversal()
        .ok_or_else(|| invalid_expression(&expr.range))?;
    MoveEndpoint::from_traversal(&root, &steps).map_err(|d| d.or_at(&expr.range))
}

/// Every `moved` block of every module, parsed and unified, parents
/// before children. Errors are collected for all blocks.
pub fn find_move_statements(config: &Config) -> Result<Vec<MoveStatement>, Diagnostics> {
    let mut out = Vec::new();
    let mut diags = Diagnostics::default();
    collect_moved(config, &mut out, &mut diags);
    if diags.has_errors() {
        Err(diags)
    } else {
        Ok(out)
    }
}

fn collect_moved(config: &Config, out: &mut Vec<MoveStatement>, diags: &mut Diagnostics) {
    let declaring = Module(config.path.clone());
    for m in &config.module.moved {
        let mut block_diags = Diagnostics::default();
        let from = endpoint_of(&m.from).map_err(|d| block_diags.push(d)).ok();
        let to = endpoint_of(&m.to).map_err(|d| block_diags.push(d)).ok();
        for (side, ep) in [("from", &from), ("to", &to)] {
            if let Some(ep) = ep
                && let Err(d) = ep.check_subject_allowed(side)
            {
                block_diags.push(d.at(&m.range));
            }
        }
        if block_diags.has_errors() {
            diags.extend(block_diags);
            continue;
        }
        let (Some(from), Some(to)) = (from, to) else {
            continue;
        };
        match unify_move_endpoints(&from, &to, &declaring) {
            Ok((from, to)) => out.push(MoveStatement {
                from,
                to,
                range: m.range.clone(),
                implied: false,
            }),
            Err(d) => diags.push(d.at(&m.range)),
        }
    }
    for child in config.children.values() {
        collect_moved(child, out, diags);
    }
}

/// The keys recorded for a resource in the state (current or deposed).
fn state_keys(state: &State, addr: &AbsResource) -> Vec<InstanceKey> {
    let mut keys: Vec<InstanceKey> = state
        .resource(addr)
        .map(|r| r.instances.iter().map(|i| i.key.clone()).collect())
        .unwrap_or_default();
    keys.sort();
    keys.dedup();
    keys
}

/// Moves implied by `count` being added to or removed from a resource
/// (and, for OpenTofu, a module call) since the prior state was written.
/// A resource named by any explicit statement gets none; a module instance
/// only when a statement selects that very instance.
pub fn implied_move_statements(
    config: &Config,
    prior: &State,
    explicit: &[MoveStatement],
    engine: Engine,
) -> Vec<MoveStatement> {
    let state_modules = prior.modules();
    // Indexes so each resource and module instance is checked against the
    // statements that can name it only, not against every statement.
    let mut resources: HashMap<&ModuleInstance, Vec<&AbsResource>> = HashMap::new();
    for r in &prior.resources {
        resources.entry(&r.addr.module).or_default().push(&r.addr);
    }
    let mut by_resource: HashMap<&crate::addrs::Resource, Vec<&MoveEndpointInModule>> =
        HashMap::new();
    let mut by_names: HashMap<Vec<String>, Vec<&MoveEndpointInModule>> = HashMap::new();
    for e in explicit.iter().flat_map(|s| [&s.from, &s.to]) {
        match &e.relative {
            AbsMoveable::Resource(r) => by_resource.entry(&r.resource).or_default().push(e),
            AbsMoveable::ResourceInstance(r) => {
                by_resource.entry(&r.resource.resource).or_default().push(e)
            }
            _ => {}
        }
        by_names.entry(endpoint_names(e)).or_default().push(e);
    }
    let ctx = Implied {
        prior,
        state_modules: &state_modules,
        resources,
        by_resource,
        by_names,
        engine,
    };
    let mut out = Vec::new();
    implied_in(config, &ctx, &mut out);
    out
}

struct Implied<'a> {
    prior: &'a State,
    /// The module instances holding resources, sorted.
    state_modules: &'a [ModuleInstance],
    /// The recorded resources of each module instance, in state order.
    resources: HashMap<&'a ModuleInstance, Vec<&'a AbsResource>>,
    /// Explicit endpoints naming (instances of) each resource.
    by_resource: HashMap<&'a crate::addrs::Resource, Vec<&'a MoveEndpointInModule>>,
    /// Explicit endpoints by the module names they select.
    by_names: HashMap<Vec<String>, Vec<&'a MoveEndpointInModule>>,
    engine: Engine,
}

impl Implied<'_> {
    /// Whether an explicit statement selects the module instance.
    fn selects_module(&self, inst: &ModuleInstance) -> bool {
        self.by_names
            .get(&inst.module().0)
            .is_some_and(|v| v.iter().any(|e| e.selects_module(inst)))
    }

    /// Whether an explicit statement names the resource or an instance.
    fn selects_resource(&self, addr: &AbsResource) -> bool {
        self.by_resource
            .get(&addr.resource)
            .is_some_and(|v| v.iter().any(|e| e.selects_resource(addr)))
    }
}

fn implied_in(config: &Config, ctx: &Implied<'_>, out: &mut Vec<MoveStatement>) {
    let path = Module(config.path.clone());
    let implied = |from: AbsMoveable, to: AbsMoveable, range: &SourceRange| MoveStatement {
        from: MoveEndpointInModule::implied(from),
        to: MoveEndpointInModule::implied(to),
        range: range.clone(),
        implied: true,
    };

    if ctx.engine == Engine::Tofu {
        for (name, call) in &config.module.module_calls {
            let (to_key, range) = match (&call.count, &call.for_each) {
                (Some(c), _) => (InstanceKey::Int(0), &c.range),
                (None, None) => (InstanceKey::NoKey, &call.decl_range),
                (None, Some(_)) => continue,
            };
            let call_path = path.child(name.clone());
            for inst in ctx.state_modules.iter().filter(|m| m.module() == call_path) {
                let Some(call_addr) = inst.call() else {
                    continue;
                };
                let from_key = inst.0.last().map_or(InstanceKey::NoKey, |s| s.key.clone());
                if !matches!(from_key, InstanceKey::NoKey | InstanceKey::Int(0))
                    || from_key == to_key
                    || ctx.selects_module(inst)
                {
                    continue;
                }
                out.push(implied(
                    AbsMoveable::ModuleInstance(call_addr.instance(from_key)),
                    AbsMoveable::ModuleInstance(call_addr.instance(to_key.clone())),
                    range,
                ));
            }
        }
    }

    for inst in ctx.state_modules.iter().filter(|m| m.module() == path) {
        let mut resources: Vec<&AbsResource> = ctx.resources.get(inst).cloned().unwrap_or_default();
        resources.sort();
        for addr in resources {
            let Some(rc) = config.module.resources.get(&addr.resource.to_string()) else {
                continue;
            };
            let keys = state_keys(ctx.prior, addr);
            let (from_key, to_key, range) = match (&rc.count, &rc.for_each) {
                (Some(c), _) if keys.contains(&InstanceKey::NoKey) => {
                    (InstanceKey::NoKey, InstanceKey::Int(0), &c.range)
                }
                (None, None) if keys.contains(&InstanceKey::Int(0)) => {
                    (InstanceKey::Int(0), InstanceKey::NoKey, &rc.decl_range)
                }
                _ => continue,
            };
            if ctx.selects_resource(addr) {
                continue;
            }
            out.push(implied(
                AbsMoveable::ResourceInstance(addr.instance(from_key)),
                AbsMoveable::ResourceInstance(addr.instance(to_key)),
                range,
            ));
        }
    }

    for child in config.children.values() {
        implied_in(child, ctx, out);
    }
}

/// Whether statement `a` must run after `b` (OpenTofu `statementDependsOn`):
/// `a` continues a chain ending in `b`, or one moves something nested in
/// what the other moves. A move that only re-indexes a module does not
/// wait for the moves declared inside that module, which it contains
/// both before and after.
fn depends_on(a: &MoveStatement, b: &MoveStatement) -> bool {
    if a.from.can_chain_from(&b.to) {
        return true;
    }
    let nested = a.from.nested_within(&b.to)
        || a.to.nested_within(&b.to)
        || b.from.nested_within(&a.from)
        || b.to.nested_within(&a.from);
    if !nested {
        return false;
    }
    a.to.module.0.len() >= b.to.module.0.len() || !a.from.is_module_reindex(&a.to)
}

/// The module names an endpoint's pattern walks (the declaring module's,
/// then the relative ones, then a module call's own), keys left out: two
/// endpoints can only chain or nest when one's names start the other's.
fn endpoint_names(e: &MoveEndpointInModule) -> Vec<String> {
    let mut out = e.module.0.clone();
    let steps = match &e.relative {
        AbsMoveable::ModuleInstance(m) => m,
        AbsMoveable::ModuleCall(c) => &c.module,
        AbsMoveable::Resource(r) => &r.module,
        AbsMoveable::ResourceInstance(r) => &r.module,
    };
    out.extend(steps.0.iter().map(|s| s.name.clone()));
    if let AbsMoveable::ModuleCall(c) = &e.relative {
        out.push(c.call.clone());
    }
    out
}

/// Statements bucketed by what their endpoints can relate to, so that
/// [`dependency_graph`] only tests pairs that can possibly depend on each
/// other (the rules of `can_chain_from` and `nested_within`).
#[derive(Default)]
struct Buckets<'s> {
    /// Module-kind endpoints by their exact names.
    modules: HashMap<&'s [String], Vec<usize>>,
    /// Whole-resource endpoints by names and resource.
    resources: HashMap<(&'s [String], &'s crate::addrs::Resource), Vec<usize>>,
    /// Resource-instance endpoints by names and resource, any key.
    instances_of: HashMap<(&'s [String], &'s crate::addrs::Resource), Vec<usize>>,
    /// Resource-instance endpoints by names and instance.
    instances: HashMap<(&'s [String], &'s crate::addrs::ResourceInstance), Vec<usize>>,
    /// Every endpoint by each non-empty prefix of its names.
    prefixes: HashMap<&'s [String], Vec<usize>>,
}

impl<'s> Buckets<'s> {
    fn add(&mut self, i: usize, names: &'s [String], e: &'s MoveEndpointInModule) {
        match &e.relative {
            AbsMoveable::ModuleCall(_) | AbsMoveable::ModuleInstance(_) => {
                self.modules.entry(names).or_default().push(i)
            }
            AbsMoveable::Resource(r) => self
                .resources
                .entry((names, &r.resource))
                .or_default()
                .push(i),
            AbsMoveable::ResourceInstance(r) => {
                self.instances_of
                    .entry((names, &r.resource.resource))
                    .or_default()
                    .push(i);
                self.instances
                    .entry((names, &r.resource))
                    .or_default()
                    .push(i);
            }
        }
        for n in 1..=names.len() {
            self.prefixes.entry(&names[..n]).or_default().push(i);
        }
    }
}

fn extend_from<K: std::hash::Hash + Eq>(out: &mut Vec<usize>, map: &HashMap<K, Vec<usize>>, k: &K) {
    if let Some(v) = map.get(k) {
        out.extend_from_slice(v);
    }
}

/// For each statement, the statements it depends on, ascending. Only
/// candidates from the buckets are tested with [`depends_on`], so the cost
/// follows the number of related pairs, not the square of the statements.
fn dependency_graph(stmts: &[MoveStatement]) -> Vec<Vec<usize>> {
    let names: Vec<(Vec<String>, Vec<String>)> = stmts
        .iter()
        .map(|s| (endpoint_names(&s.from), endpoint_names(&s.to)))
        .collect();
    let mut froms = Buckets::default();
    let mut tos = Buckets::default();
    for (i, s) in stmts.iter().enumerate() {
        froms.add(i, &names[i].0, &s.from);
        tos.add(i, &names[i].1, &s.to);
    }
    (0..stmts.len())
        .map(|a| {
            let stmt = &stmts[a];
            let (from_names, to_names) = (&names[a].0[..], &names[a].1[..]);
            let mut cand: Vec<usize> = Vec::new();
            // `a.from` chains from some `b.to`: same names, same kind of
            // subject (instances with the same key).
            match &stmt.from.relative {
                AbsMoveable::ModuleCall(_) | AbsMoveable::ModuleInstance(_) => {
                    extend_from(&mut cand, &tos.modules, &from_names)
                }
                AbsMoveable::Resource(r) => {
                    extend_from(&mut cand, &tos.resources, &(from_names, &r.resource))
                }
                AbsMoveable::ResourceInstance(r) => {
                    extend_from(&mut cand, &tos.instances, &(from_names, &r.resource))
                }
            }
            // `a.from` or `a.to` nested within some `b.to`: a module whose
            // names start ours, or the whole resource of our instance.
            for (e, n) in [(&stmt.from, from_names), (&stmt.to, to_names)] {
                for k in 1..=n.len() {
                    extend_from(&mut cand, &tos.modules, &&n[..k]);
                }
                if let AbsMoveable::ResourceInstance(r) = &e.relative {
                    extend_from(&mut cand, &tos.resources, &(n, &r.resource.resource));
                }
            }
            // Some `b.from` or `b.to` nested within `a.from`.
            match &stmt.from.relative {
                AbsMoveable::ModuleCall(_) | AbsMoveable::ModuleInstance(_) => {
                    extend_from(&mut cand, &froms.prefixes, &from_names);
                    extend_from(&mut cand, &tos.prefixes, &from_names);
                }
                AbsMoveable::Resource(r) => {
                    extend_from(&mut cand, &froms.instances_of, &(from_names, &r.resource));
                    extend_from(&mut cand, &tos.instances_of, &(from_names, &r.resource));
                }
                AbsMoveable::ResourceInstance(_) => {}
            }
            cand.sort_unstable();
            cand.dedup();
            cand.retain(|&b| b != a && depends_on(stmt, &stmts[b]));
            cand
        })
        .collect()
}

/// Strongly connected components with more than one statement (Tarjan),
/// each sorted, ordered by their first statement.
fn cycles(graph: &[Vec<usize>]) -> Vec<Vec<usize>> {
    struct Tarjan<'g> {
        graph: &'g [Vec<usize>],
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        on_stack: Vec<bool>,
        stack: Vec<usize>,
        next: usize,
        out: Vec<Vec<usize>>,
    }
    impl Tarjan<'_> {
        fn visit(&mut self, v: usize) {
            self.index[v] = Some(self.next);
            self.low[v] = self.next;
            self.next += 1;
            self.stack.push(v);
            self.on_stack[v] = true;
            for &w in &self.graph[v] {
                match self.index[w] {
                    None => {
                        self.visit(w);
                        self.low[v] = self.low[v].min(self.low[w]);
                    }
                    Some(iw) if self.on_stack[w] => self.low[v] = self.low[v].min(iw),
                    Some(_) => {}
                }
            }
            if Some(self.low[v]) == self.index[v] {
                let mut comp = Vec::new();
                while let Some(w) = self.stack.pop() {
                    self.on_stack[w] = false;
                    comp.push(w);
                    if w == v {
                        break;
                    }
                }
                if comp.len() > 1 {
                    comp.sort();
                    self.out.push(comp);
                }
            }
        }
    }
    let n = graph.len();
    let mut t = Tarjan {
        graph,
        index: vec![None; n],
        low: vec![0; n],
        on_stack: vec![false; n],
        stack: Vec::new(),
        next: 0,
        out: Vec::new(),
    };
    for v in 0..n {
        if t.index[v].is_none() {
            t.visit(v);
        }
    }
    t.out.sort();
    t.out
}

/// Dependencies first; independent statements in declaration order (Go
/// leaves that order to map iteration, so any order is faithful).
fn dependency_order(graph: &[Vec<usize>]) -> Vec<usize> {
    fn visit(v: usize, graph: &[Vec<usize>], done: &mut [bool], out: &mut Vec<usize>) {
        if done[v] {
            return;
        }
        done[v] = true;
        for &w in &graph[v] {
            visit(w, graph, done, out);
        }
        out.push(v);
    }
    let mut done = vec![false; graph.len()];
    let mut out = Vec::with_capacity(graph.len());
    for v in 0..graph.len() {
        visit(v, graph, &mut done, &mut out);
    }
    out
}

/// Applies the statements to `state` (OpenTofu `ApplyMoves`). Never
/// fails: statements that select nothing do nothing, a cycle among the
/// statements means nothing moves at all (validation reports it), and a
/// move onto an occupied address is recorded as blocked and leaves both
/// objects where they were.
pub fn apply_moves(stmts: &[MoveStatement], state: &mut State) -> MoveResults {
    let mut results = MoveResults::default();
    let graph = dependency_graph(stmts);
    if !cycles(&graph).is_empty() {
        return results;
    }
    let mut blocked: Vec<MoveBlocked> = Vec::new();
    let mut block = |actual: AbsMoveable, wanted: AbsMoveable| {
        // One entry per blocked object; a later statement's attempt wins.
        blocked.retain(|b| b.actual != actual);
        blocked.push(MoveBlocked { actual, wanted });
    };
    let changes = &mut results.changes;
    let mut record = |old: AbsResourceInstance, new: AbsResourceInstance, implied: bool| {
        // A chain collapses: the object keeps its first address.
        let from = match changes.remove(&old) {
            Some(prev) => prev.from,
            None => old,
        };
        changes.insert(
            new.clone(),
            MoveChange {
                from,
                to: new,
                implied,
            },
        );
    };

    let mut state = MovingState::new(state);
    for i in dependency_order(&graph) {
        let stmt = &stmts[i];
        // Snapshot of the module instances the statement can select: those
        // holding resources now, under the static path its `from` names.
        // Objects moved by this statement are not looked at again.
        match stmt.from.kind() {
            MoveEndpointKind::Module => {
                for m in &state.modules_under(&endpoint_names(&stmt.from)) {
                    let Some(new) = m.move_destination(&stmt.from, &stmt.to) else {
                        continue;
                    };
                    if state.module_holds_resources(&new) {
                        block(
                            AbsMoveable::ModuleInstance(m.clone()),
                            AbsMoveable::ModuleInstance(new),
                        );
                        continue;
                    }
                    for old in state.move_module(m, &new) {
                        let new_res = old.resource.clone().absolute(new.clone());
                        for key in state.keys(&new_res) {
                            record(
                                old.instance(key.clone()),
                                new_res.instance(key),
                                stmt.implied,
                            );
                        }
                    }
                }
            }
            MoveEndpointKind::Resource => {
                // Only the resource `from` names can move: any other
                // resource of a selected module has no destination.
                let (resource, instance_key) = match &stmt.from.relative {
                    AbsMoveable::Resource(r) => (&r.resource, None),
                    AbsMoveable::ResourceInstance(r) => {
                        (&r.resource.resource, Some(&r.resource.key))
                    }
                    _ => continue,
                };
                let path = Module(endpoint_names(&stmt.from));
                let modules: Vec<ModuleInstance> = state
                    .modules_at(&path)
                    .into_iter()
                    .filter(|m| stmt.from.selects_module(m))
                    .collect();
                for m in modules {
                    let addr = resource.clone().absolute(m);
                    if !state.has_resource(&addr) {
                        continue;
                    }
                    if let Some(new) = addr.move_destination(&stmt.from, &stmt.to) {
                        if state.has_resource(&new) {
                            block(AbsMoveable::Resource(addr), AbsMoveable::Resource(new));
                            continue;
                        }
                        let keys = state.keys(&addr);
                        if state.move_resource(&addr, &new) {
                            for key in keys {
                                record(addr.instance(key.clone()), new.instance(key), stmt.implied);
                            }
                        }
                        continue;
                    }
                    // A whole-resource statement that did not select this
                    // resource selects none of its instances either.
                    let Some(key) = instance_key else {
                        continue;
                    };
                    if !state.has_key(&addr, key) {
                        continue;
                    }
                    let inst = addr.instance(key.clone());
                    let Some(new) = inst.move_destination(&stmt.from, &stmt.to) else {
                        continue;
                    };
                    if state.has_key(&new.containing_resource(), &new.resource.key) {
                        block(
                            AbsMoveable::ResourceInstance(inst),
                            AbsMoveable::ResourceInstance(new),
                        );
                        continue;
                    }
                    if state.move_resource_instance(&inst, &new) {
                        record(inst, new, stmt.implied);
                    }
                }
            }
        }
    }
    state.finish();
    blocked.sort_by_key(|b| b.actual.to_string());
    results.blocked = blocked;
    results
}

/// Validates `extra` statements together with the configuration's own
/// `moved` blocks and the moves they leave implied, as a plan with them
/// would: the refactor checks each candidate set of blocks this way
/// before it plans its proof.
pub fn validate_with(
    config: &Config,
    prior: &State,
    extra: &[MoveStatement],
    engine: Engine,
    module_instances: &[ModuleInstance],
    resource_instances: &[AbsResourceInstance],
) -> Diagnostics {
    let mut stmts = match find_move_statements(config) {
        Ok(s) => s,
        Err(d) => return d,
    };
    stmts.extend(extra.iter().cloned());
    let implied = implied_move_statements(config, prior, &stmts, engine);
    stmts.extend(implied);
    validate_moves(&stmts, config, module_instances, resource_instances)
}

/// What the expanded configuration declares, for the existence checks.
struct Declared<'a> {
    config: &'a Config,
    modules: HashSet<&'a ModuleInstance>,
    instances: HashSet<&'a AbsResourceInstance>,
}

impl Declared<'_> {
    fn module_config(&self, m: &ModuleInstance) -> Option<&Config> {
        self.config.descendant(&m.module().0)
    }

    /// OpenTofu's `instances.Set`: a module call or resource exists when
    /// its module instance does and declares it, even with no instances.
    fn has(&self, addr: &AbsMoveable) -> bool {
        match addr {
            AbsMoveable::ModuleInstance(m) => self.modules.contains(m),
            AbsMoveable::ModuleCall(c) => {
                self.modules.contains(&c.module)
                    && self
                        .module_config(&c.module)
                        .is_some_and(|cfg| cfg.module.module_calls.contains_key(&c.call))
            }
            AbsMoveable::ResourceInstance(r) => self.instances.contains(r),
            AbsMoveable::Resource(r) => {
                self.modules.contains(&r.module)
                    && self.module_config(&r.module).is_some_and(|cfg| {
                        cfg.module.resources.contains_key(&r.resource.to_string())
                    })
            }
        }
    }

    /// Where the object is declared: for instances the `for_each` or
    /// `count` expression that makes them, else the block.
    fn decl_range(&self, addr: &AbsMoveable) -> Option<SourceRange> {
        match addr {
            AbsMoveable::ModuleInstance(m) => {
                let parent = m.parent()?;
                let call = m.0.last()?;
                let cfg = self.module_config(&parent)?;
                let c = cfg.module.module_calls.get(&call.name)?;
                Some(
                    c.for_each
                        .as_ref()
                        .or(c.count.as_ref())
                        .map(|e| e.range.clone())
                        .unwrap_or_else(|| c.decl_range.clone()),
                )
            }
            AbsMoveable::ModuleCall(c) => {
                let cfg = self.module_config(&c.module)?;
                Some(cfg.module.module_calls.get(&c.call)?.decl_range.clone())
            }
            AbsMoveable::ResourceInstance(r) => {
                let cfg = self.module_config(&r.module)?;
                let rc = cfg.module.resources.get(&r.resource.resource.to_string())?;
                Some(
                    rc.for_each
                        .as_ref()
                        .or(rc.count.as_ref())
                        .map(|e| e.range.clone())
                        .unwrap_or_else(|| rc.decl_range.clone()),
                )
            }
            AbsMoveable::Resource(r) => {
                let cfg = self.module_config(&r.module)?;
                Some(
                    cfg.module
                        .resources
                        .get(&r.resource.to_string())?
                        .decl_range
                        .clone(),
                )
            }
        }
    }
}

/// `FILE:LINE,COL`, as Go's `SourceRange.StartString`.
fn start_string(r: &SourceRange) -> String {
    format!("{}:{},{}", r.file, r.start.line, r.start.column)
}

/// Checks explicit and implied statements together against the expanded
/// configuration (OpenTofu `ValidateMoves`), for every declared instance
/// of each statement's module (a module with no instances is never
/// checked). Cycles are reported only when nothing else is wrong.
pub fn validate_moves(
    stmts: &[MoveStatement],
    config: &Config,
    module_instances: &[ModuleInstance],
    resource_instances: &[AbsResourceInstance],
) -> Diagnostics {
    let mut diags = Diagnostics::default();
    if stmts.is_empty() {
        return diags;
    }
    let declared = Declared {
        config,
        modules: module_instances.iter().collect(),
        instances: resource_instances.iter().collect(),
    };
    // Absolute endpoint → (other endpoint, statement range).
    let mut by_from: HashMap<AbsMoveable, (AbsMoveable, &SourceRange)> = HashMap::new();
    let mut by_to: HashMap<AbsMoveable, (AbsMoveable, &SourceRange)> = HashMap::new();

    // Each statement is checked in every declared instance of its module,
    // in address order (the order the messages come out).
    let mut sorted: Vec<&ModuleInstance> = module_instances.iter().collect();
    sorted.sort();
    let mut by_module: HashMap<Module, Vec<&ModuleInstance>> = HashMap::new();
    for m in sorted {
        by_module.entry(m.module()).or_default().push(m);
    }
    for stmt in stmts {
        let instances = by_module
            .get(&stmt.from.module)
            .map_or(&[][..], Vec::as_slice);
        for inst in instances.iter().copied() {
            let from = stmt.from.in_module_instance(inst);
            let to = stmt.to.in_module_instance(inst);
            if from == to {
                diags.push(
                    Diagnostic::error(
                        "Redundant move statement",
                        format!(
                            "This statement declares a move from {from} to the same address, which is the same as not declaring this move at all."
                        ),
                    )
                    .at(&stmt.range),
                );
                continue;
            }
            let (noun, short) = (from.noun(), from.short_noun());
            if declared.has(&from) {
                let at = declared
                    .decl_range(&from)
                    .map(|r| format!(" at {}", start_string(&r)))
                    .unwrap_or_default();
                diags.push(
                    Diagnostic::error(
                        "Moved object still exists",
                        format!(
                            "This statement declares a move from {from}, but that {noun} is still declared{at}.\n\nChange your configuration so that this {short} will be declared as {to} instead."
                        ),
                    )
                    .at(&stmt.range),
                );
            }
            match by_from.get(&from) {
                Some((other, range)) if other != &to => diags.push(
                    Diagnostic::error(
                        "Ambiguous move statements",
                        format!(
                            "A statement at {} declared that {from} moved to {other}, but this statement instead declares that it moved to {to}.\n\nEach {noun} can move to only one destination {short}.",
                            start_string(range)
                        ),
                    )
                    .at(&stmt.range),
                ),
                Some(_) => {}
                None => {
                    by_from.insert(from.clone(), (to.clone(), &stmt.range));
                }
            }
            match by_to.get(&to) {
                Some((other, range)) if other != &from => diags.push(
                    Diagnostic::error(
                        "Ambiguous move statements",
                        format!(
                            "A statement at {} declared that {other} moved to {to}, but this statement instead declares that {from} moved there.\n\nEach {noun} can have moved from only one source {short}.",
                            start_string(range)
                        ),
                    )
                    .at(&stmt.range),
                ),
                Some(_) => {}
                None => {
                    by_to.insert(to, (from, &stmt.range));
                }
            }
        }
    }

    if !diags.has_errors() {
        for cycle in cycles(&dependency_graph(stmts)) {
            let mut lines: Vec<String> = cycle
                .iter()
                .map(|&i| {
                    let s = &stmts[i];
                    format!("\n  - {}: {} → {}", start_string(&s.range), s.from, s.to)
                })
                .collect();
            lines.sort();
            diags.push(Diagnostic::error(
                "Cyclic dependency in move statements",
                format!(
                    "The following chained move statements form a cycle, and so there is no final location to move objects to:{}\n\nA chain of move statements must end with an address that doesn't appear in any other statements, and which typically also refers to an object still declared in the configuration.",
                    lines.concat()
                ),
            ));
        }
    }
    diags
}

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    use super::*;
    use crate::config::{LoadOptions, load};
    use crate::diagnostics::{Severity, SourceMap};
    use crate::instances::{RootInputs, Run, RunOptions};

    fn range() -> SourceRange {
        SourceRange::file_only("test")
    }

    fn endpoint(s: &str) -> MoveEndpoint {
        MoveEndpoint::parse(s).unwrap_or_else(|d| panic!("{s}: {}", d.detail))
    }

    /// A statement as OpenTofu's tests write one: declaring module as a
    /// dotted list of call names, then the two relative addresses.
    fn stmt(module: &str, from: &str, to: &str) -> MoveStatement {
        let module = Module(
            module
                .split('.')
                .filter(|s| !s.is_empty())
                .map(String::from)
                .collect(),
        );
        let (from, to) = unify_move_endpoints(&endpoint(from), &endpoint(to), &module).unwrap();
        MoveStatement {
            from,
            to,
            range: range(),
            implied: false,
        }
    }

    fn inst(s: &str) -> AbsResourceInstance {
        match endpoint(s) {
            MoveEndpoint::Resource(r) => r,
            MoveEndpoint::Module(m) => panic!("{m} is not a resource instance"),
        }
    }

    /// A state holding one empty object per address.
    fn state_of(addrs: &[&str]) -> State {
        let mut resources: Vec<(AbsResource, Vec<serde_json::Value>)> = Vec::new();
        for a in addrs {
            let i = inst(a);
            let key = match i.key() {
                InstanceKey::NoKey => None,
                InstanceKey::Int(n) => Some(serde_json::json!(n)),
                InstanceKey::Str(s) => Some(serde_json::json!(s)),
            };
            let mut obj = serde_json::json!({"schema_version": 0, "attributes": {}});
            if let Some(k) = key {
                obj["index_key"] = k;
            }
            let res = i.containing_resource();
            match resources.iter_mut().find(|(r, _)| r == &res) {
                Some((_, v)) => v.push(obj),
                None => resources.push((res, vec![obj])),
            }
        }
        let resources: Vec<serde_json::Value> = resources
            .into_iter()
            .map(|(r, instances)| {
                let mut j = serde_json::json!({
                    "mode": "managed",
                    "type": r.resource.type_name,
                    "name": r.resource.name,
                    "provider": "provider[\"registry.terraform.io/hashicorp/test\"]",
                    "instances": instances,
                });
                if !r.module.is_root() {
                    j["module"] = serde_json::json!(r.module.to_string());
                }
                j
            })
            .collect();
        let text = serde_json::json!({
            "version": 4, "terraform_version": "1.11.0", "serial": 1,
            "lineage": "x", "outputs": {}, "resources": resources,
        })
        .to_string();
        State::from_json(&text).unwrap()
    }

    fn addresses(state: &State) -> Vec<String> {
        state.instances().map(|(a, _)| a.to_string()).collect()
    }

    // ---- ApplyMoves (cases named as in OpenTofu's TestApplyMoves) --------

    #[test]
    fn apply_moves_table() {
        struct Case {
            name: &'static str,
            stmts: Vec<MoveStatement>,
            state: Vec<&'static str>,
            /// new ← old, for every instance that moved.
            changes: Vec<(&'static str, &'static str)>,
            /// (actual, wanted)
            blocked: Vec<(&'static str, &'static str)>,
            after: Vec<&'static str>,
        }
        let cases = vec![
            Case {
                name: "no moves",
                stmts: vec![],
                state: vec!["foo.from"],
                changes: vec![],
                blocked: vec![],
                after: vec!["foo.from"],
            },
            Case {
                name: "single move of whole singleton resource",
                stmts: vec![stmt("", "foo.from", "foo.to")],
                state: vec!["foo.from"],
                changes: vec![("foo.to", "foo.from")],
                blocked: vec![],
                after: vec!["foo.to"],
            },
            Case {
                name: "single move of whole 'count' resource",
                stmts: vec![stmt("", "foo.from", "foo.to")],
                state: vec!["foo.from[0]"],
                changes: vec![("foo.to[0]", "foo.from[0]")],
                blocked: vec![],
                after: vec!["foo.to[0]"],
            },
            Case {
                name: "chained move of whole singleton resource",
                stmts: vec![
                    stmt("", "foo.from", "foo.mid"),
                    stmt("", "foo.mid", "foo.to"),
                ],
                state: vec!["foo.from"],
                changes: vec![("foo.to", "foo.from")],
                blocked: vec![],
                after: vec!["foo.to"],
            },
            Case {
                name: "chained move declared in reverse order",
                stmts: vec![
                    stmt("", "foo.mid", "foo.to"),
                    stmt("", "foo.from", "foo.mid"),
                ],
                state: vec!["foo.from"],
                changes: vec![("foo.to", "foo.from")],
                blocked: vec![],
                after: vec!["foo.to"],
            },
            Case {
                name: "move whole resource into module",
                stmts: vec![stmt("", "foo.from", "module.boo.foo.to")],
                state: vec!["foo.from[0]"],
                changes: vec![("module.boo.foo.to[0]", "foo.from[0]")],
                blocked: vec![],
                after: vec!["module.boo.foo.to[0]"],
            },
            Case {
                name: "move resource instance between modules",
                stmts: vec![stmt(
                    "",
                    "module.boo.foo.from[0]",
                    "module.bar[0].foo.to[0]",
                )],
                state: vec!["module.boo.foo.from[0]"],
                changes: vec![("module.bar[0].foo.to[0]", "module.boo.foo.from[0]")],
                blocked: vec![],
                after: vec!["module.bar[0].foo.to[0]"],
            },
            Case {
                name: "module move with child module",
                stmts: vec![stmt("", "module.boo", "module.bar")],
                state: vec!["module.boo.foo.from", "module.boo.module.hoo.foo.from"],
                changes: vec![
                    ("module.bar.foo.from", "module.boo.foo.from"),
                    (
                        "module.bar.module.hoo.foo.from",
                        "module.boo.module.hoo.foo.from",
                    ),
                ],
                blocked: vec![],
                after: vec!["module.bar.foo.from", "module.bar.module.hoo.foo.from"],
            },
            Case {
                name: "move whole single module to indexed module",
                stmts: vec![stmt("", "module.boo", "module.bar[0]")],
                state: vec!["module.boo.foo.from[0]"],
                changes: vec![("module.bar[0].foo.from[0]", "module.boo.foo.from[0]")],
                blocked: vec![],
                after: vec!["module.bar[0].foo.from[0]"],
            },
            Case {
                name: "move whole module to indexed module and move instance chained",
                stmts: vec![
                    stmt("", "module.boo", "module.bar[0]"),
                    stmt("bar", "foo.from[0]", "foo.to[0]"),
                ],
                state: vec!["module.boo.foo.from[0]"],
                changes: vec![("module.bar[0].foo.to[0]", "module.boo.foo.from[0]")],
                blocked: vec![],
                after: vec!["module.bar[0].foo.to[0]"],
            },
            Case {
                name: "move instance to indexed module and instance chained",
                stmts: vec![
                    stmt("", "module.boo.foo.from[0]", "module.bar[0].foo.from[0]"),
                    stmt("bar", "foo.from[0]", "foo.to[0]"),
                ],
                state: vec!["module.boo.foo.from[0]"],
                changes: vec![("module.bar[0].foo.to[0]", "module.boo.foo.from[0]")],
                blocked: vec![],
                after: vec!["module.bar[0].foo.to[0]"],
            },
            Case {
                name: "move module instance to already-existing module instance",
                stmts: vec![stmt("", "module.bar[0]", "module.boo")],
                state: vec!["module.bar[0].foo.from", "module.boo.foo.to[0]"],
                changes: vec![],
                blocked: vec![("module.bar[0]", "module.boo")],
                after: vec!["module.boo.foo.to[0]", "module.bar[0].foo.from"],
            },
            Case {
                name: "move resource to already-existing resource",
                stmts: vec![stmt("", "foo.from", "foo.to")],
                state: vec!["foo.from", "foo.to"],
                changes: vec![],
                blocked: vec![("foo.from", "foo.to")],
                after: vec!["foo.from", "foo.to"],
            },
            Case {
                name: "move resource instance to already-existing resource instance",
                stmts: vec![stmt("", "foo.from", "foo.to[0]")],
                state: vec!["foo.from", "foo.to[0]"],
                changes: vec![],
                blocked: vec![("foo.from", "foo.to[0]")],
                after: vec!["foo.from", "foo.to[0]"],
            },
            Case {
                name: "move resource instance into a resource with other instances",
                stmts: vec![stmt("", "foo.from", "foo.to[1]")],
                state: vec!["foo.from", "foo.to[0]"],
                changes: vec![("foo.to[1]", "foo.from")],
                blocked: vec![],
                after: vec!["foo.to[0]", "foo.to[1]"],
            },
            Case {
                name: "whole resource blocked by a resource with other keys",
                stmts: vec![stmt("", "foo.from", "foo.to")],
                state: vec!["foo.from[0]", "foo.to[1]"],
                changes: vec![],
                blocked: vec![("foo.from", "foo.to")],
                after: vec!["foo.from[0]", "foo.to[1]"],
            },
            Case {
                name: "move resource and containing module",
                stmts: vec![
                    stmt("", "module.boo", "module.bar[0]"),
                    stmt("boo", "foo.from", "foo.to"),
                ],
                state: vec!["module.boo.foo.from"],
                changes: vec![("module.bar[0].foo.to", "module.boo.foo.from")],
                blocked: vec![],
                after: vec!["module.bar[0].foo.to"],
            },
            Case {
                name: "move module and then move resource into it",
                stmts: vec![
                    stmt("", "module.bar[0]", "module.boo"),
                    stmt("", "foo.from", "module.boo.foo.from"),
                ],
                state: vec!["module.bar[0].foo.to", "foo.from"],
                changes: vec![
                    ("module.boo.foo.from", "foo.from"),
                    ("module.boo.foo.to", "module.bar[0].foo.to"),
                ],
                blocked: vec![],
                after: vec!["module.boo.foo.from", "module.boo.foo.to"],
            },
            Case {
                name: "move resources into module and then move module",
                stmts: vec![
                    stmt("", "foo.from", "module.boo.foo.to"),
                    stmt("", "bar.from", "module.boo.bar.to"),
                    stmt("", "module.boo", "module.bar[0]"),
                ],
                state: vec!["foo.from", "bar.from"],
                changes: vec![
                    ("module.bar[0].foo.to", "foo.from"),
                    ("module.bar[0].bar.to", "bar.from"),
                ],
                blocked: vec![],
                after: vec!["module.bar[0].bar.to", "module.bar[0].foo.to"],
            },
            Case {
                name: "module move collides with resource move",
                stmts: vec![
                    stmt("", "module.bar[0]", "module.boo"),
                    stmt("", "foo.from", "module.boo.foo.from"),
                ],
                state: vec!["module.bar[0].foo.from", "foo.from"],
                changes: vec![("module.boo.foo.from", "module.bar[0].foo.from")],
                blocked: vec![("foo.from", "module.boo.foo.from")],
                after: vec!["foo.from", "module.boo.foo.from"],
            },
            Case {
                name: "module call move keeps keys",
                stmts: vec![stmt("", "module.a", "module.b")],
                state: vec!["module.a[0].x.y", "module.a[\"k\"].x.y"],
                changes: vec![
                    ("module.b[0].x.y", "module.a[0].x.y"),
                    ("module.b[\"k\"].x.y", "module.a[\"k\"].x.y"),
                ],
                blocked: vec![],
                after: vec!["module.b[0].x.y", "module.b[\"k\"].x.y"],
            },
            Case {
                name: "resource move in child applies to every instance of the module",
                stmts: vec![stmt("a", "x.old", "x.new")],
                state: vec!["module.a[0].x.old", "module.a[1].x.old"],
                changes: vec![
                    ("module.a[0].x.new", "module.a[0].x.old"),
                    ("module.a[1].x.new", "module.a[1].x.old"),
                ],
                blocked: vec![],
                after: vec!["module.a[0].x.new", "module.a[1].x.new"],
            },
            Case {
                name: "relative module steps match keys exactly",
                stmts: vec![stmt("", "module.a.x.y", "x.y")],
                state: vec!["module.a[0].x.y"],
                changes: vec![],
                blocked: vec![],
                after: vec!["module.a[0].x.y"],
            },
            Case {
                name: "cycle means no moves at all",
                stmts: vec![
                    stmt("", "foo.a", "foo.b"),
                    stmt("", "foo.b", "foo.a"),
                    stmt("", "foo.c", "foo.d"),
                ],
                state: vec!["foo.a", "foo.c"],
                changes: vec![],
                blocked: vec![],
                after: vec!["foo.a", "foo.c"],
            },
            Case {
                name: "chain with occupied middle",
                stmts: vec![stmt("", "foo.a", "foo.b"), stmt("", "foo.b", "foo.c")],
                state: vec!["foo.a", "foo.b"],
                changes: vec![("foo.c", "foo.b")],
                blocked: vec![("foo.a", "foo.b")],
                after: vec!["foo.a", "foo.c"],
            },
        ];
        for c in cases {
            let mut state = state_of(&c.state);
            let got = apply_moves(&c.stmts, &mut state);
            let changes: Vec<(String, String)> = got
                .changes
                .iter()
                .map(|(new, ch)| {
                    assert_eq!(new, &ch.to, "{}", c.name);
                    (new.to_string(), ch.from.to_string())
                })
                .collect();
            let mut want: Vec<(String, String)> = c
                .changes
                .iter()
                .map(|(a, b)| (inst(a).to_string(), inst(b).to_string()))
                .collect();
            want.sort_by_key(|a| inst(&a.0));
            assert_eq!(changes, want, "{}: changes", c.name);
            let blocked: Vec<(String, String)> = got
                .blocked
                .iter()
                .map(|b| (b.actual.to_string(), b.wanted.to_string()))
                .collect();
            let want: Vec<(String, String)> = c
                .blocked
                .iter()
                .map(|(a, b)| (a.to_string(), b.to_string()))
                .collect();
            assert_eq!(blocked, want, "{}: blocked", c.name);
            let mut after: Vec<AbsResourceInstance> = c.after.iter().map(|a| inst(a)).collect();
            after.sort();
            let after: Vec<String> = after.iter().map(|a| a.to_string()).collect();
            assert_eq!(addresses(&state), after, "{}: final addresses", c.name);
            for (new, old) in &c.changes {
                assert_eq!(got.old_addr(&inst(new)), inst(old), "{}", c.name);
            }
        }
    }

    /// The bucketed graph finds exactly the edges of testing every pair.
    #[test]
    fn dependency_graph_matches_all_pairs() {
        let all_pairs = |stmts: &[MoveStatement]| -> Vec<Vec<usize>> {
            (0..stmts.len())
                .map(|a| {
                    (0..stmts.len())
                        .filter(|&b| a != b && depends_on(&stmts[a], &stmts[b]))
                        .collect()
                })
                .collect()
        };
        let cases: Vec<(&str, Vec<MoveStatement>)> = vec![
            (
                "chains of resources and instances",
                vec![
                    stmt("", "foo.a", "foo.b"),
                    stmt("", "foo.b", "foo.c"),
                    stmt("", "foo.c[0]", "foo.d[1]"),
                    stmt("", "foo.b[0]", "foo.b[1]"),
                    stmt("", "foo.d[1]", "foo.a[0]"),
                    stmt("", "foo.x", "module.m.foo.x"),
                ],
            ),
            (
                "modules nesting modules and resources, declared at several depths",
                vec![
                    stmt("", "module.a", "module.b"),
                    stmt("", "module.b[0]", "module.c"),
                    stmt("", "module.c.module.d", "module.e"),
                    stmt("b", "foo.x", "foo.y"),
                    stmt("b", "module.k", "module.l[\"z\"]"),
                    stmt("b.l", "foo.x[0]", "foo.x[1]"),
                    stmt("", "module.b.foo.y", "foo.y"),
                    stmt("", "foo.z", "module.a.foo.z"),
                    stmt("", "module.a", "module.a[0]"),
                    stmt("a", "foo.q", "foo.r"),
                ],
            ),
            (
                "a cycle through a module and a resource inside it",
                vec![
                    stmt("", "module.a", "module.b"),
                    stmt("", "module.b.foo.x", "module.a.foo.x"),
                    stmt("", "module.b", "module.a"),
                ],
            ),
        ];
        for (name, stmts) in cases {
            let want = all_pairs(&stmts);
            assert!(want.iter().any(|e| !e.is_empty()), "{name}: has edges");
            assert_eq!(dependency_graph(&stmts), want, "{name}");
        }
    }

    // ---- recorded terraform plans (tests/data/moves/, see record.sh) ------

    fn data_dir() -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/moves")
    }

    fn load_dir(dir: &Path, engine: Engine) -> Config {
        let mut sources = SourceMap::default();
        load(dir, &LoadOptions { engine }, &mut sources)
            .unwrap_or_else(|d| panic!("{}: {:?}", dir.display(), d.0[0]))
    }

    /// Everything a plan does with moves, as terraform reports it.
    struct Outcome {
        /// (severity, summary, detail, "FILE:L,C")
        diags: Vec<(String, String, String, Option<String>)>,
        /// (address, previous address) of every object kept from the
        /// prior state, sorted.
        kept: Vec<(String, String)>,
    }

    fn ours(case: &Path, engine: Engine) -> Outcome {
        let dir = case.join("after");
        let config = load_dir(&dir, engine);
        let prior = State::read(&case.join("before.tfstate")).unwrap();
        // Our file names are relative to the working directory; terraform's
        // to the root module.
        let cwd = std::env::current_dir().unwrap();
        let prefix = format!("{}/", dir.strip_prefix(&cwd).unwrap_or(&dir).display());
        let mut stmts = find_move_statements(&config).unwrap();
        let implied = implied_move_statements(&config, &prior, &stmts, engine);
        stmts.extend(implied);
        let mut state = prior.clone();
        let results = apply_moves(&stmts, &mut state);
        let run = Run::new(&config, RootInputs::new(), RunOptions::default());
        let mut diags = validate_moves(
            &stmts,
            &config,
            &run.module_instances().unwrap(),
            &run.resource_instances().unwrap(),
        );
        // The plan shows the warning only when validation passed.
        if !diags.has_errors()
            && let Some(w) = results.blocked_warning(engine)
        {
            diags.push(w);
        }
        let diags = diags
            .iter()
            .map(|d| {
                (
                    match d.severity {
                        Severity::Error => "error",
                        Severity::Warning => "warning",
                    }
                    .to_string(),
                    d.summary.clone(),
                    d.detail.replace(&prefix, ""),
                    d.subject
                        .as_ref()
                        .map(|r| start_string(r).replace(&prefix, "")),
                )
            })
            .collect();
        let mut kept: Vec<(String, String)> = state
            .instances()
            .map(|(a, _)| (a.to_string(), results.old_addr(&a).to_string()))
            .collect();
        kept.sort();
        Outcome { diags, kept }
    }

    fn theirs(case: &Path) -> Outcome {
        let text = std::fs::read_to_string(case.join("diags.json")).unwrap();
        let json: serde_json::Value = serde_json::from_str(&text).unwrap();
        let diags = json
            .as_array()
            .unwrap()
            .iter()
            .map(|d| {
                let s = |k: &str| d[k].as_str().unwrap_or_default().to_string();
                (
                    s("severity"),
                    s("summary"),
                    s("detail"),
                    d["at"].as_str().map(String::from),
                )
            })
            .collect();
        // A plan with errors has no changes; objects kept from the prior
        // state are every change that is not a create.
        let mut kept: Vec<(String, String)> = std::fs::read_to_string(case.join("changes.txt"))
            .unwrap_or_default()
            .lines()
            .filter_map(|l| {
                let f: Vec<&str> = l.split('\t').collect();
                (f[2] != "create").then(|| {
                    (
                        f[0].to_string(),
                        if f[1] == "-" { f[0] } else { f[1] }.to_string(),
                    )
                })
            })
            .collect();
        kept.sort();
        Outcome { diags, kept }
    }

    #[test]
    fn recorded_terraform_plans() {
        let mut cases: Vec<PathBuf> = std::fs::read_dir(data_dir())
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| {
                p.join("diags.json").exists()
                    && !p
                        .file_name()
                        .unwrap()
                        .to_string_lossy()
                        .starts_with("removed_")
            })
            .collect();
        cases.sort();
        assert!(cases.len() >= 30);
        let mut failures = Vec::new();
        for case in &cases {
            let name = case.file_name().unwrap().to_string_lossy().into_owned();
            let (got, want) = (ours(case, Engine::Terraform), theirs(case));
            if got.diags != want.diags {
                failures.push(format!(
                    "{name}: diagnostics\n  got:  {:?}\n  want: {:?}",
                    got.diags, want.diags
                ));
            }
            let failed = want.diags.iter().any(|d| d.0 == "error");
            if !failed && got.kept != want.kept {
                failures.push(format!(
                    "{name}: addresses\n  got:  {:?}\n  want: {:?}",
                    got.kept, want.kept
                ));
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }

    // ---- ValidateMoves (cases named as in OpenTofu's TestValidateMoves,
    // against our own zoo in tests/data/moves/validate-zoo/) --------------

    /// Errors as "Summary: Detail", file names relative to the zoo.
    fn validate_zoo(stmts: &[MoveStatement]) -> Vec<String> {
        let dir = data_dir().join("validate-zoo");
        let config = load_dir(&dir, Engine::Tofu);
        let cwd = std::env::current_dir().unwrap();
        let prefix = format!("{}/", dir.strip_prefix(&cwd).unwrap_or(&dir).display());
        let run = Run::new(&config, RootInputs::new(), RunOptions::default());
        let diags = validate_moves(
            stmts,
            &config,
            &run.module_instances().unwrap(),
            &run.resource_instances().unwrap(),
        );
        diags
            .iter()
            .map(|d| format!("{}: {}", d.summary, d.detail).replace(&prefix, ""))
            .collect()
    }

    fn implied_stmt(from: &str, to: &str) -> MoveStatement {
        let s = stmt("", from, to);
        MoveStatement { implied: true, ..s }
    }

    #[test]
    fn validate_moves_table() {
        let cycle_tail = "\n\nA chain of move statements must end with an address that doesn't appear in any other statements, and which typically also refers to an object still declared in the configuration.";
        let cases: Vec<(&str, Vec<MoveStatement>, Vec<String>)> = vec![
            ("no move statements", vec![], vec![]),
            (
                "some valid statements",
                vec![
                    stmt("", "test.nonexist1", "test.target1"),
                    stmt("single", "test.nonexist1", "test.target1"),
                    stmt("", "test.nonexist2", "module.nonexist.test.nonexist2"),
                    stmt("", "module.single.test.nonexist3", "module.single.test.single"),
                    stmt("", "module.single.test.nonexist4", "test.target2"),
                    // test.single has no count, so [0] is not declared.
                    stmt("", "test.single[0]", "test.target3"),
                    stmt("", "test.zero_count[0]", "test.target4"),
                    stmt("", "test.zero_count[1]", "test.zero_count[0]"),
                    stmt("", "module.nonexist1", "module.target3"),
                    stmt("", "module.nonexist1[0]", "module.target4"),
                    stmt("", "module.single[0]", "module.target5"),
                    stmt("", "module.for_each[\"nonexist1\"]", "module.for_each[\"a\"]"),
                    stmt("", "module.for_each[\"nonexist2\"]", "module.nonexist.module.nonexist"),
                    stmt(
                        "",
                        "module.for_each[\"nonexist3\"].test.single",
                        "module.for_each[\"a\"].test.single",
                    ),
                ],
                vec![],
            ),
            (
                "two statements with the same endpoints",
                vec![stmt("", "module.a", "module.b"), stmt("", "module.a", "module.b")],
                vec![],
            ),
            (
                "moving nowhere",
                vec![stmt("", "module.a", "module.a")],
                vec!["Redundant move statement: This statement declares a move from module.a to the same address, which is the same as not declaring this move at all.".into()],
            ),
            (
                "cyclic chain",
                vec![
                    stmt("", "module.a", "module.b"),
                    stmt("", "module.b", "module.c"),
                    stmt("", "module.c", "module.a"),
                ],
                vec![format!("Cyclic dependency in move statements: The following chained move statements form a cycle, and so there is no final location to move objects to:\n  - test:1,1: module.a[*] → module.b[*]\n  - test:1,1: module.b[*] → module.c[*]\n  - test:1,1: module.c[*] → module.a[*]{cycle_tail}")],
            ),
            (
                "module.single as a call still exists in configuration",
                vec![stmt("", "module.single", "module.other")],
                vec!["Moved object still exists: This statement declares a move from module.single, but that module call is still declared at main.tf:1,1.\n\nChange your configuration so that this call will be declared as module.other instead.".into()],
            ),
            (
                "module.single as an instance still exists in configuration",
                vec![stmt("", "module.single", "module.other[0]")],
                vec!["Moved object still exists: This statement declares a move from module.single, but that module instance is still declared at main.tf:1,1.\n\nChange your configuration so that this instance will be declared as module.other[0] instead.".into()],
            ),
            (
                "module.count[0] still exists in configuration",
                vec![stmt("", "module.count[0]", "module.other")],
                vec!["Moved object still exists: This statement declares a move from module.count[0], but that module instance is still declared at main.tf:7,12.\n\nChange your configuration so that this instance will be declared as module.other instead.".into()],
            ),
            (
                "module.for_each[\"a\"] still exists in configuration",
                vec![stmt("", "module.for_each[\"a\"]", "module.other")],
                vec!["Moved object still exists: This statement declares a move from module.for_each[\"a\"], but that module instance is still declared at main.tf:17,14.\n\nChange your configuration so that this instance will be declared as module.other instead.".into()],
            ),
            (
                "test.single as a resource still exists in configuration",
                vec![stmt("", "test.single", "test.other")],
                vec!["Moved object still exists: This statement declares a move from test.single, but that resource is still declared at main.tf:22,1.\n\nChange your configuration so that this resource will be declared as test.other instead.".into()],
            ),
            (
                "test.single as an instance still exists in configuration",
                vec![stmt("", "test.single", "test.other[0]")],
                vec!["Moved object still exists: This statement declares a move from test.single, but that resource instance is still declared at main.tf:22,1.\n\nChange your configuration so that this instance will be declared as test.other[0] instead.".into()],
            ),
            (
                "test.zero_count as a resource still exists even with no instances",
                vec![stmt("", "test.zero_count", "test.other")],
                vec!["Moved object still exists: This statement declares a move from test.zero_count, but that resource is still declared at main.tf:29,1.\n\nChange your configuration so that this resource will be declared as test.other instead.".into()],
            ),
            (
                "module.single.test.single as a resource still exists in configuration",
                vec![stmt("", "module.single.test.single", "test.other")],
                vec!["Moved object still exists: This statement declares a move from module.single.test.single, but that resource is still declared at child/main.tf:1,1.\n\nChange your configuration so that this resource will be declared as test.other instead.".into()],
            ),
            (
                "module.single.test.single as a resource declared in module.single still exists in configuration",
                vec![stmt("single", "test.single", "test.other")],
                vec!["Moved object still exists: This statement declares a move from module.single.test.single, but that resource is still declared at child/main.tf:1,1.\n\nChange your configuration so that this resource will be declared as module.single.test.other instead.".into()],
            ),
            (
                "module.single.test.single as an instance still exists in configuration",
                vec![stmt("", "module.single.test.single", "test.other[0]")],
                vec!["Moved object still exists: This statement declares a move from module.single.test.single, but that resource instance is still declared at child/main.tf:1,1.\n\nChange your configuration so that this instance will be declared as test.other[0] instead.".into()],
            ),
            (
                "module.count[0].test.single still exists in configuration",
                vec![stmt("", "module.count[0].test.single", "test.other")],
                vec!["Moved object still exists: This statement declares a move from module.count[0].test.single, but that resource is still declared at child/main.tf:1,1.\n\nChange your configuration so that this resource will be declared as test.other instead.".into()],
            ),
            (
                "statement in module.count is checked for every instance",
                vec![stmt("count", "test.count[1]", "test.other")],
                vec![
                    "Moved object still exists: This statement declares a move from module.count[0].test.count[1], but that resource instance is still declared at child/main.tf:5,11.\n\nChange your configuration so that this instance will be declared as module.count[0].test.other instead.".into(),
                    "Moved object still exists: This statement declares a move from module.count[1].test.count[1], but that resource instance is still declared at child/main.tf:5,11.\n\nChange your configuration so that this instance will be declared as module.count[1].test.other instead.".into(),
                ],
            ),
            (
                "statement in module.zero_count is never checked",
                vec![stmt("zero_count", "test.single", "test.single")],
                vec![],
            ),
            (
                "two different moves from test.nonexist",
                vec![
                    stmt("", "test.nonexist", "test.other1"),
                    stmt("", "test.nonexist", "test.other2"),
                ],
                vec!["Ambiguous move statements: A statement at test:1,1 declared that test.nonexist moved to test.other1, but this statement instead declares that it moved to test.other2.\n\nEach resource can move to only one destination resource.".into()],
            ),
            (
                "two different moves to test.single",
                vec![
                    stmt("", "test.other1", "test.single"),
                    stmt("", "test.other2", "test.single"),
                ],
                vec!["Ambiguous move statements: A statement at test:1,1 declared that test.other1 moved to test.single, but this statement instead declares that test.other2 moved there.\n\nEach resource can have moved from only one source resource.".into()],
            ),
            (
                "two different moves to module.count[0].test.single across two modules",
                vec![
                    stmt("", "test.other1", "module.count[0].test.single"),
                    stmt("count", "test.other2", "test.single"),
                ],
                vec!["Ambiguous move statements: A statement at test:1,1 declared that test.other1 moved to module.count[0].test.single, but this statement instead declares that module.count[0].test.other2 moved there.\n\nEach resource can have moved from only one source resource.".into()],
            ),
            (
                "move from resource in another module package",
                vec![stmt("", "module.fake_external.test.thing", "test.thing")],
                vec![],
            ),
            (
                "move to module call in another module package",
                vec![stmt("", "module.a", "module.fake_external.module.b")],
                vec![],
            ),
            (
                "implied move from resource in another module package",
                vec![implied_stmt("module.fake_external.test.thing", "test.thing")],
                vec![],
            ),
            (
                "move to instance of a call that refers to another module package",
                vec![stmt("", "module.nonexist", "module.fake_external[0]")],
                vec![],
            ),
            (
                "resource type mismatch",
                vec![stmt("", "test.nonexist1", "other.single")],
                vec![],
            ),
            (
                "resource instance type mismatch",
                vec![stmt("", "test.nonexist1[0]", "other.single")],
                vec![],
            ),
            (
                "crossing nested statements",
                vec![
                    stmt("", "module.nonexist.test.single", "module.count[0].test.count[0]"),
                    stmt("", "module.nonexist", "module.count[0]"),
                ],
                vec![format!("Cyclic dependency in move statements: The following chained move statements form a cycle, and so there is no final location to move objects to:\n  - test:1,1: module.nonexist → module.count[0]\n  - test:1,1: module.nonexist.test.single → module.count[0].test.count[0]{cycle_tail}")],
            ),
            (
                "fully contained nested statements",
                vec![
                    stmt("count", "test.count", "test.count[0]"),
                    stmt("", "module.count", "module.count[0]"),
                ],
                vec![],
            ),
            (
                "double fully contained nested statements",
                vec![
                    stmt("count", "module.count", "module.count[0]"),
                    stmt("count.count", "test.count", "test.count[0]"),
                    stmt("", "module.count", "module.count[0]"),
                ],
                vec![],
            ),
            (
                "cycle is not reported alongside other errors",
                vec![
                    stmt("", "test.single", "test.other"),
                    stmt("", "test.a", "test.b"),
                    stmt("", "test.b", "test.a"),
                ],
                vec!["Moved object still exists: This statement declares a move from test.single, but that resource is still declared at main.tf:22,1.\n\nChange your configuration so that this resource will be declared as test.other instead.".into()],
            ),
            (
                "redundant instance skips the other checks for it",
                vec![stmt("", "test.single", "test.single")],
                vec!["Redundant move statement: This statement declares a move from test.single to the same address, which is the same as not declaring this move at all.".into()],
            ),
        ];
        for (name, stmts, want) in cases {
            assert_eq!(validate_zoo(&stmts), want, "{name}");
        }
    }

    // ---- ImpliedMoveStatements (tests/data/moves/implied/, cases named as
    // in OpenTofu's TestImpliedMoveStatements) ----------------------------

    fn implied_fixture(engine: Engine) -> Vec<(String, String, String)> {
        let dir = data_dir().join("implied");
        let config = load_dir(&dir, engine);
        let cwd = std::env::current_dir().unwrap();
        let prefix = format!("{}/", dir.strip_prefix(&cwd).unwrap_or(&dir).display());
        let prior = state_of(&[
            "foo.formerly_count[0]",
            "foo.formerly_count[1]",
            "foo.now_count",
            "foo.formerly_count_explicit[0]",
            "foo.formerly_count_explicit[1]",
            "foo.now_count_explicit",
            "foo.now_for_each_formerly_count[0]",
            "foo.now_for_each_formerly_no_count",
            "foo.ambiguous",
            "foo.ambiguous[0]",
            "module.child.foo.formerly_count[0]",
            "module.child.foo.now_count",
            "module.child_count_one.foo.now_count",
            "module.child_for_each.foo.x",
        ]);
        let explicit = find_move_statements(&config).unwrap();
        assert_eq!(explicit.len(), 3);
        let mut got: Vec<(String, String, String)> =
            implied_move_statements(&config, &prior, &explicit, engine)
                .into_iter()
                .map(|s| {
                    assert!(s.implied);
                    assert!(s.from.module.is_root() && s.to.module.is_root());
                    (
                        start_string(&s.range).replace(&prefix, ""),
                        s.from.relative.to_string(),
                        s.to.relative.to_string(),
                    )
                })
                .collect();
        got.sort();
        got
    }

    #[test]
    fn implied_move_statements_fixture() {
        let s = |a: &str, b: &str, c: &str| (a.to_string(), b.to_string(), c.to_string());
        let resources = vec![
            // formerly_count
            s("main.tf:1,1", "foo.formerly_count[0]", "foo.formerly_count"),
            // ambiguous: both in state; the move is made and will be blocked
            s("main.tf:40,1", "foo.ambiguous[0]", "foo.ambiguous"),
            // now_count: the count expression is the statement's range
            s("main.tf:5,11", "foo.now_count", "foo.now_count[0]"),
            s(
                "child/main.tf:1,1",
                "module.child.foo.formerly_count[0]",
                "module.child.foo.formerly_count",
            ),
            s(
                "child/main.tf:5,11",
                "module.child.foo.now_count",
                "module.child.foo.now_count[0]",
            ),
        ];
        let mut want = resources.clone();
        want.sort();
        // Terraform: no module-call implied moves.
        assert_eq!(implied_fixture(Engine::Terraform), want);
        // OpenTofu adds child_count_one, at its count expression; the
        // for_each call gets none.
        want.push(s(
            "main.tf:49,12",
            "module.child_count_one",
            "module.child_count_one[0]",
        ));
        want.sort();
        assert_eq!(implied_fixture(Engine::Tofu), want);
    }

    #[test]
    fn implied_module_move_suppressed_only_by_exact_instance() {
        let dir = data_dir().join("implied");
        let config = load_dir(&dir, Engine::Tofu);
        let prior = state_of(&["module.child_count_one.foo.now_count"]);
        let names = |explicit: &[MoveStatement]| -> Vec<String> {
            implied_move_statements(&config, &prior, explicit, Engine::Tofu)
                .iter()
                .map(|s| s.from.relative.to_string())
                .collect()
        };
        assert_eq!(names(&[]), vec!["module.child_count_one"]);
        // Selects module.child_count_one (NoKey) itself: suppressed.
        assert!(names(&[stmt("", "module.child_count_one", "module.x")]).is_empty());
        // Selects only [1]: the NoKey instance still gets its implied move.
        assert_eq!(
            names(&[stmt("", "module.child_count_one[1]", "module.x")]),
            vec!["module.child_count_one"]
        );
    }

    #[test]
    fn implied_resource_move_suppressed_by_any_statement_naming_it() {
        let dir = data_dir().join("implied");
        let config = load_dir(&dir, Engine::Terraform);
        let prior = state_of(&["foo.now_count"]);
        // Instance keys are ignored: [7] suppresses the NoKey → [0] move.
        let explicit = [stmt("", "foo.now_count[7]", "foo.elsewhere")];
        assert!(implied_move_statements(&config, &prior, &explicit, Engine::Terraform).is_empty());
        let explicit = [stmt("", "foo.elsewhere", "foo.now_count")];
        assert!(implied_move_statements(&config, &prior, &explicit, Engine::Terraform).is_empty());
    }

    // ---- find_move_statements --------------------------------------------

    fn tree(files: &[(&str, &str)]) -> tempfile_dir::Dir {
        let d = tempfile_dir::Dir::new();
        for (name, text) in files {
            let p = d.0.join(name);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, text).unwrap();
        }
        d
    }

    /// A throwaway directory, removed on drop.
    mod tempfile_dir {
        pub struct Dir(pub std::path::PathBuf);
        impl Dir {
            pub fn new() -> Dir {
                use std::sync::atomic::{AtomicUsize, Ordering};
                static N: AtomicUsize = AtomicUsize::new(0);
                let p = std::env::temp_dir().join(format!(
                    "minimod-moves-{}-{}",
                    std::process::id(),
                    N.fetch_add(1, Ordering::SeqCst)
                ));
                let _ = std::fs::remove_dir_all(&p);
                std::fs::create_dir_all(&p).unwrap();
                Dir(p)
            }
        }
        impl Drop for Dir {
            fn drop(&mut self) {
                let _ = std::fs::remove_dir_all(&self.0);
            }
        }
    }

    fn find_in(main: &str) -> Result<Vec<String>, Vec<String>> {
        let d = tree(&[
            ("main.tf", main),
            ("m/main.tf", "moved {\n  from = test.a\n  to = test.b\n}\n"),
        ]);
        let config = load_dir(&d.0, Engine::Tofu);
        match find_move_statements(&config) {
            Ok(stmts) => Ok(stmts
                .iter()
                .map(|s| format!("{} -> {}", s.from, s.to))
                .collect()),
            Err(diags) => Err(diags
                .iter()
                .map(|d| {
                    let at = d
                        .subject
                        .as_ref()
                        .map(|r| format!("{},{}", r.start.line, r.start.column));
                    format!("{}: {} @{}", d.summary, d.detail, at.unwrap_or_default())
                })
                .collect()),
        }
    }

    #[test]
    fn find_move_statements_table() {
        let invalid_expr = "Invalid expression: A single static variable reference is required: only attribute access and indexing with constant keys. No calculations, function calls, template expressions, etc are allowed here.";
        type Found = Result<Vec<String>, Vec<String>>;
        let cases: Vec<(&str, &str, Found)> = vec![
            (
                "unified kinds, child statements under their module",
                "module \"m\" {\n  source = \"./m\"\n}\nmoved {\n  from = test.a\n  to   = test.b[\"k\"]\n}\nmoved {\n  from = module.x\n  to   = module.y[0]\n}\nmoved {\n  from = module.p\n  to   = module.q.module.r\n}\n",
                Ok(vec![
                    "test.a -> test.b[\"k\"]".into(),
                    "module.x -> module.y[0]".into(),
                    "module.p[*] -> module.q.module.r[*]".into(),
                    "module.m[*].test.a[*] -> module.m[*].test.b[*]".into(),
                ]),
            ),
            (
                "quoted address",
                "moved {\n  from = \"test.a\"\n  to   = test.b\n}\n",
                Err(vec![format!("{invalid_expr} @2,10")]),
            ),
            (
                "reference in a key",
                "moved {\n  from = test.a[var.k]\n  to   = test.b\n}\n",
                Err(vec![format!("{invalid_expr} @2,10")]),
            ),
            (
                "module and resource",
                "moved {\n  from = module.a\n  to   = test.b\n}\n",
                Err(vec!["Invalid \"moved\" addresses: The \"from\" and \"to\" addresses must either both refer to resources or both refer to modules. @1,1".into()]),
            ),
            (
                "grammar error",
                "moved {\n  from = module.foo.bar\n  to   = test.b\n}\n",
                Err(vec!["Invalid address: Resource specification must include a resource type and name. @2,10".into()]),
            ),
            (
                "ephemeral resources cannot move",
                "moved {\n  from = ephemeral.test.a\n  to   = ephemeral.test.b\n}\n",
                Err(vec![
                    "Invalid \"moved\" address: The resource referenced by the \"from\" attribute is not allowed to be moved. @1,1".into(),
                    "Invalid \"moved\" address: The resource referenced by the \"to\" attribute is not allowed to be moved. @1,1".into(),
                ]),
            ),
        ];
        for (name, main, want) in cases {
            assert_eq!(find_in(main), want, "{name}");
        }
    }

    #[test]
    fn old_addr_of_unmoved_is_itself() {
        let r = MoveResults::default();
        assert_eq!(r.old_addr(&inst("a.b[1]")), inst("a.b[1]"));
    }

    #[test]
    fn blocked_warning_wording_per_engine() {
        let r = MoveResults {
            changes: BTreeMap::new(),
            blocked: vec![MoveBlocked {
                actual: AbsMoveable::ResourceInstance(inst("test_object.a[0]")),
                wanted: AbsMoveable::ResourceInstance(inst("test_object.a")),
            }],
        };
        // Terraform's TestContext2Plan_movedResourceCollision.
        assert_eq!(
            r.blocked_warning(Engine::Terraform).unwrap().detail,
            "Terraform tried to adjust resource instance addresses in the prior state based on change information recorded in the configuration, but some adjustments did not succeed due to existing objects already at the intended addresses:\n  - test_object.a[0] could not move to test_object.a\n\nTerraform has planned to destroy these objects. If Terraform's proposed changes aren't appropriate, you must first resolve the conflicts using the \"terraform state\" subcommands and then create a new plan."
        );
        let tofu = r.blocked_warning(Engine::Tofu).unwrap();
        assert_eq!(tofu.severity, Severity::Warning);
        assert!(tofu.detail.starts_with("OpenTofu tried"));
        assert!(tofu.detail.contains("\"tofu state\" subcommands"));
        assert!(
            MoveResults::default()
                .blocked_warning(Engine::Tofu)
                .is_none()
        );
    }
}
