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
use crate::state::State;
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
    let mut out = Vec::new();
    implied_in(config, prior, &state_modules, explicit, engine, &mut out);
    out
}

fn implied_in(
    config: &Config,
    prior: &State,
    state_modules: &[ModuleInstance],
    explicit: &[MoveStatement],
    engine: Engine,
    out: &mut Vec<MoveStatement>,
) {
    let path = Module(config.path.clone());
    let implied = |from: AbsMoveable, to: AbsMoveable, range: &SourceRange| MoveStatement {
        from: MoveEndpointInModule::implied(from),
        to: MoveEndpointInModule::implied(to),
        range: range.clone(),
        implied: true,
    };

    if engine == Engine::Tofu {
        for (name, call) in &config.module.module_calls {
            let (to_key, range) = match (&call.count, &call.for_each) {
                (Some(c), _) => (InstanceKey::Int(0), &c.range),
                (None, None) => (InstanceKey::NoKey, &call.decl_range),
                (None, Some(_)) => continue,
            };
            let call_path = path.child(name.clone());
            for inst in state_modules.iter().filter(|m| m.module() == call_path) {
                let Some(call_addr) = inst.call() else {
                    continue;
                };
                let from_key = inst.0.last().map_or(InstanceKey::NoKey, |s| s.key.clone());
                if !matches!(from_key, InstanceKey::NoKey | InstanceKey::Int(0))
                    || from_key == to_key
                    || explicit
                        .iter()
                        .any(|s| s.from.selects_module(inst) || s.to.selects_module(inst))
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

    for inst in state_modules.iter().filter(|m| m.module() == path) {
        let mut resources: Vec<&AbsResource> = prior
            .resources
            .iter()
            .map(|r| &r.addr)
            .filter(|a| &a.module == inst)
            .collect();
        resources.sort();
        for addr in resources {
            let Some(rc) = config.module.resources.get(&addr.resource.to_string()) else {
                continue;
            };
            let keys = state_keys(prior, addr);
            let (from_key, to_key, range) = match (&rc.count, &rc.for_each) {
                (Some(c), _) if keys.contains(&InstanceKey::NoKey) => {
                    (InstanceKey::NoKey, InstanceKey::Int(0), &c.range)
                }
                (None, None) if keys.contains(&InstanceKey::Int(0)) => {
                    (InstanceKey::Int(0), InstanceKey::NoKey, &rc.decl_range)
                }
                _ => continue,
            };
            if explicit
                .iter()
                .any(|s| s.from.selects_resource(addr) || s.to.selects_resource(addr))
            {
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
        implied_in(child, prior, state_modules, explicit, engine, out);
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

/// For each statement, the statements it depends on.
fn dependency_graph(stmts: &[MoveStatement]) -> Vec<Vec<usize>> {
    (0..stmts.len())
        .map(|a| {
            (0..stmts.len())
                .filter(|&b| a != b && depends_on(&stmts[a], &stmts[b]))
                .collect()
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

    for i in dependency_order(&graph) {
        let stmt = &stmts[i];
        // Snapshot: objects moved by this statement are not looked at again.
        let modules = state.modules();
        match stmt.from.kind() {
            MoveEndpointKind::Module => {
                for m in &modules {
                    let Some(new) = m.move_destination(&stmt.from, &stmt.to) else {
                        continue;
                    };
                    if state.resources.iter().any(|r| r.addr.module == new) {
                        block(
                            AbsMoveable::ModuleInstance(m.clone()),
                            AbsMoveable::ModuleInstance(new),
                        );
                        continue;
                    }
                    let mut moving: Vec<AbsResource> = Vec::new();
                    for r in state.resources.iter_mut().filter(|r| &r.addr.module == m) {
                        moving.push(r.addr.clone());
                        r.addr.module = new.clone();
                    }
                    for old in moving {
                        let new_res = old.resource.clone().absolute(new.clone());
                        for key in state_keys(state, &new_res) {
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
                for m in modules.iter().filter(|m| stmt.from.selects_module(m)) {
                    let mut resources: Vec<AbsResource> = state
                        .resources
                        .iter()
                        .map(|r| r.addr.clone())
                        .filter(|a| &a.module == m)
                        .collect();
                    resources.sort();
                    for addr in resources {
                        if let Some(new) = addr.move_destination(&stmt.from, &stmt.to) {
                            if state.resource(&new).is_some() {
                                block(AbsMoveable::Resource(addr), AbsMoveable::Resource(new));
                                continue;
                            }
                            let keys = state_keys(state, &addr);
                            if state.move_resource(&addr, &new) {
                                for key in keys {
                                    record(
                                        addr.instance(key.clone()),
                                        new.instance(key),
                                        stmt.implied,
                                    );
                                }
                            }
                            continue;
                        }
                        for key in state_keys(state, &addr) {
                            let inst = addr.instance(key);
                            let Some(new) = inst.move_destination(&stmt.from, &stmt.to) else {
                                continue;
                            };
                            if state_keys(state, &new.containing_resource())
                                .contains(&new.resource.key)
                            {
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
        }
    }
    blocked.sort_by_key(|b| b.actual.to_string());
    results.blocked = blocked;
    results
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

    for stmt in stmts {
        for inst in module_instances
            .iter()
            .filter(|m| m.is_for_module(&stmt.from.module))
        {
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
