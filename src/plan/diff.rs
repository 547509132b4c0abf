//! The diff: what each resource instance becomes when the expanded
//! configuration meets the (already moved) prior state, compared by the
//! rule of `schema::compared_view`: without a provider schema, only the
//! arguments the configuration sets to non-null values are compared (the
//! rest belong to the provider and never cause a change); with one (the
//! built-in `terraform_data`, or `--schemas`), as terraform compares.

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use crate::addrs::{AbsResource, AbsResourceInstance, InstanceKey, ResourceMode};
use crate::config::Config;
use crate::diagnostics::Diagnostics;
use crate::instances::{Expansion, Run};
use crate::lang::unknown::Source;
use crate::lang::value::Value;
use crate::state::State;
use crate::syntax::ast::{Expr, TraversalStep};

use crate::providers::schema;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    NoOp,
    Create,
    Update,
    /// Delete, then create (`-/+`).
    Replace,
    Delete,
    /// Leave state without destroying (a `removed` block with
    /// `destroy = false`).
    Forget,
    /// A data source read during apply: it depends on changes pending.
    Read,
}

impl Action {
    /// The `change.actions` list of `terraform show -json`.
    pub fn json_actions(self) -> &'static [&'static str] {
        match self {
            Action::NoOp => &["no-op"],
            Action::Create => &["create"],
            Action::Update => &["update"],
            Action::Replace => &["delete", "create"],
            Action::Delete => &["delete"],
            Action::Forget => &["forget"],
            Action::Read => &["read"],
        }
    }
}

/// Why an object is destroyed (or read late), as terraform's
/// `action_reason` says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ActionReason {
    NoResourceConfig,
    NoModule(String),
    CountIndex,
    EachKey,
    WrongRepetition {
        uses_count: bool,
        uses_for_each: bool,
    },
    NoMoveTarget {
        to: AbsResourceInstance,
    },
    Removed,
    /// A data source read during apply: it depends on changes pending.
    DependencyPending,
    /// A data source read during apply: its configuration is not known
    /// while planning.
    ConfigUnknown,
    /// A replace: the recorded object is tainted (its create failed, or
    /// `terraform taint`).
    Tainted,
    /// A delete of a deposed object (left over from a replacement that
    /// failed), by its deposed key: always destroyed, never moved.
    Deposed(String),
}

impl ActionReason {
    pub fn json(&self) -> &'static str {
        match self {
            ActionReason::NoResourceConfig => "delete_because_no_resource_config",
            ActionReason::NoModule(_) => "delete_because_no_module",
            ActionReason::CountIndex => "delete_because_count_index",
            ActionReason::EachKey => "delete_because_each_key",
            ActionReason::WrongRepetition { .. } => "delete_because_wrong_repetition",
            ActionReason::NoMoveTarget { .. } => "delete_because_no_move_target",
            ActionReason::Removed => "delete_because_no_resource_config",
            ActionReason::DependencyPending => "read_because_dependency_pending",
            ActionReason::ConfigUnknown => "read_because_config_unknown",
            ActionReason::Tainted => "replace_because_tainted",
            // `show -json` names the deposed key, and gives no reason.
            ActionReason::Deposed(_) => "",
        }
    }
}

#[derive(Clone, Debug)]
pub struct ResourceChange {
    pub addr: AbsResourceInstance,
    /// Where the object was before, when a move brought it here.
    pub previous: Option<AbsResourceInstance>,
    pub action: Action,
    pub reason: Option<ActionReason>,
    /// The recorded object, for updates, replaces and deletes.
    pub before: Option<Value>,
    /// The configured arguments, for creates, updates and replaces.
    pub after: Option<Value>,
    /// Arguments whose configured value differs from the recorded one.
    pub changed: Vec<String>,
    /// Arguments that force a replacement.
    pub replace_paths: Vec<String>,
}

#[derive(Clone, Debug, Default)]
pub struct Plan {
    /// Managed resource instances, in `terraform state list` order.
    pub changes: Vec<ResourceChange>,
    pub warnings: Diagnostics,
    /// Instances an `import` block brings under management, with the id
    /// imported (their changes say what happens to them after the import).
    pub imports: Vec<(AbsResourceInstance, String)>,
    /// The root module's outputs, in name order.
    pub outputs: Vec<super::outputs::OutputChange>,
    /// The directory of every module that has an instance in this plan
    /// (the root's included): a module called only with `count = 0`, or
    /// an empty `for_each`, is not evaluated, so nothing in it is planned.
    pub module_dirs: BTreeSet<std::path::PathBuf>,
}

impl Plan {
    /// (add, change, destroy), counted as terraform's summary line does: a
    /// replace is one add and one destroy.
    pub fn counts(&self) -> (usize, usize, usize) {
        let mut add = 0;
        let mut change = 0;
        let mut destroy = 0;
        for c in &self.changes {
            match c.action {
                Action::Create => add += 1,
                Action::Update => change += 1,
                Action::Replace => {
                    add += 1;
                    destroy += 1
                }
                Action::Delete => destroy += 1,
                Action::NoOp | Action::Forget | Action::Read => {}
            }
        }
        (add, change, destroy)
    }

    pub fn forgets(&self) -> usize {
        self.changes
            .iter()
            .filter(|c| c.action == Action::Forget)
            .count()
    }

    /// Moves that happened: (from, to).
    pub fn moves(&self) -> Vec<(&AbsResourceInstance, &AbsResourceInstance)> {
        self.changes
            .iter()
            .filter_map(|c| c.previous.as_ref().map(|p| (p, &c.addr)))
            .collect()
    }
}

/// Plans the expanded configuration of `run` against `prior`, a state
/// whose addresses moves have already rewritten. `moved_from` maps each
/// moved object's new address to its old one; `removed` lists objects a
/// `removed` block takes out of management, with whether it destroys them.
/// `canon` rewrites a configured value before it is compared (the
/// refactor follows unknowns' origins to the prior addresses; identity otherwise).
pub(crate) fn plan(
    run: &Run,
    prior: &State,
    moved_from: &(dyn Fn(&AbsResourceInstance) -> Option<AbsResourceInstance> + Sync),
    removed: &[(AbsResourceInstance, bool)],
    canon: &(dyn Fn(&Value) -> Value + Sync),
) -> Result<Plan, Diagnostics> {
    let instances = run.check_all()?;
    let configured: foldhash::HashSet<&AbsResourceInstance> = instances.iter().collect();
    // The run is single-threaded: each managed instance's configured value
    // is read here, then compared with its recorded object (a function of
    // the two, its schema and its `ignore_changes`) on both threads.
    let managed = instances
        .iter()
        .filter(|a| a.resource.resource.mode == ResourceMode::Managed)
        .map(|addr| {
            let configured = run.resource_config_value(addr)?;
            let schema = resource_schema(run, addr);
            let ignore = resource_config(run, addr).and_then(|r| r.ignore_changes());
            Ok((addr, configured, schema, ignore))
        })
        .collect::<Result<Vec<_>, Diagnostics>>()?;
    // One lookup per configured instance: index the prior state once.
    let prior_index = prior.instance_index();
    let compare = |part: &[Configured]| -> Vec<ResourceChange> {
        part.iter()
            .map(|(addr, configured, schema, ignore)| {
                planned_change(
                    addr,
                    canon(configured),
                    schema,
                    ignore,
                    &prior_index,
                    moved_from,
                )
            })
            .collect()
    };
    // Worth a thread from a few hundred objects on.
    let (first, second) = managed.split_at(managed.len() / 2);
    let (a, b) = crate::parallel::side_by_side(
        run.options().threads && managed.len() >= 512,
        || compare(first),
        || compare(second),
    );
    let mut changes = a;
    changes.extend(b);
    unconfigured_changes(run, prior, &configured, moved_from, removed, &mut changes);
    deposed_changes(run, prior, &mut changes);
    reads_during_apply(run, &prior_index, &instances, &mut changes)?;
    changes.sort_by(|a, b| a.addr.cmp(&b.addr));
    Ok(Plan {
        changes,
        warnings: Diagnostics::default(),
        imports: Vec::new(),
        outputs: super::outputs::output_changes(run, prior)?,
        module_dirs: Default::default(),
    })
}

/// The recorded managed objects the configuration no longer has: each is
/// destroyed, forgotten by a `removed` block, or kept while a remote module
/// instance whose content is not read holds it.
fn unconfigured_changes(
    run: &Run,
    prior: &State,
    configured: &foldhash::HashSet<&AbsResourceInstance>,
    moved_from: &(dyn Fn(&AbsResourceInstance) -> Option<AbsResourceInstance> + Sync),
    removed: &[(AbsResourceInstance, bool)],
    changes: &mut Vec<ResourceChange>,
) {
    let removed: BTreeMap<&AbsResourceInstance, bool> =
        removed.iter().map(|(a, d)| (a, *d)).collect();
    // In file order: the changes are sorted by address below (a stable
    // sort, so two records of one address keep their order), so the
    // sorted walk of `State::instances` is not needed.
    let recorded = prior.resources.iter().flat_map(|r| {
        r.instances
            .iter()
            .filter(|i| i.deposed.is_none())
            .map(|i| (r.addr.instance(i.key.clone()), i))
    });
    // What a state records under a remote module instance whose content
    // is not read stays as it is while the instance does: only its
    // content knows otherwise.
    let has_remote = run.config().has_remote();
    let held_by_remote = |addr: &AbsResourceInstance| {
        has_remote
            && crate::config::remote_instance(run.config(), &addr.module)
                .is_some_and(|m| configured.contains(&crate::config::content_of(&m)))
    };
    for (addr, object) in recorded {
        if addr.resource.resource.mode != ResourceMode::Managed || configured.contains(&addr) {
            continue;
        }
        if held_by_remote(&addr) {
            // Moved with its module instance, it is listed as moved.
            if let Some(previous) = moved_from(&addr) {
                let value = resource_schema(run, &addr).mark_sensitive(object.value());
                changes.push(ResourceChange {
                    addr,
                    previous: Some(previous),
                    action: Action::NoOp,
                    reason: None,
                    before: Some(value.clone()),
                    after: Some(value),
                    changed: Vec::new(),
                    replace_paths: Vec::new(),
                });
            }
            continue;
        }
        let previous = moved_from(&addr);
        let (action, reason) = match removed.get(&addr) {
            Some(false) => (Action::Forget, Some(ActionReason::NoResourceConfig)),
            Some(true) => (Action::Delete, Some(ActionReason::Removed)),
            None => (
                Action::Delete,
                Some(delete_reason(run, run.config(), &addr, previous.as_ref())),
            ),
        };
        let before = resource_schema(run, &addr).mark_sensitive(object.value());
        changes.push(ResourceChange {
            addr,
            previous,
            action,
            reason,
            before: Some(before),
            after: None,
            changed: Vec::new(),
            replace_paths: Vec::new(),
        });
    }
}

/// Every deposed object is destroyed, whatever the configuration says
/// (terraform's `NodePlanDeposedResourceInstanceObject`).
fn deposed_changes(run: &Run, prior: &State, changes: &mut Vec<ResourceChange>) {
    let deposed = prior.resources.iter().flat_map(|r| {
        (r.instances.iter())
            .filter_map(|i| Some((r.addr.instance(i.key.clone()), i, i.deposed.clone()?)))
    });
    for (addr, object, key) in deposed {
        if addr.resource.resource.mode != ResourceMode::Managed {
            continue;
        }
        let before = resource_schema(run, &addr).mark_sensitive(object.value());
        changes.push(ResourceChange {
            addr,
            previous: None,
            action: Action::Delete,
            reason: Some(ActionReason::Deposed(key)),
            before: Some(before),
            after: None,
            changed: Vec::new(),
            replace_paths: Vec::new(),
        });
    }
}

/// The data sources read during apply, each a planned read (after the
/// managed changes, which decide what has a change pending).
fn reads_during_apply(
    run: &Run,
    prior_index: &crate::state::InstanceIndex,
    instances: &[AbsResourceInstance],
    changes: &mut Vec<ResourceChange>,
) -> Result<(), Diagnostics> {
    let pending: BTreeSet<AbsResource> = changes
        .iter()
        .filter(|c| c.action != Action::NoOp)
        .map(|c| c.addr.containing_resource())
        .collect();
    let reads = DataReads {
        run,
        prior: prior_index,
        pending,
        decided: RefCell::default(),
    };
    for addr in instances
        .iter()
        .filter(|a| a.resource.resource.mode == ResourceMode::Data)
    {
        if let Some(reason) = reads.deferred(addr)? {
            changes.push(ResourceChange {
                addr: addr.clone(),
                previous: None,
                action: Action::Read,
                reason: Some(reason),
                before: None,
                after: Some(planned_read(run, addr, run.resource_config_value(addr)?)),
                changed: Vec::new(),
                replace_paths: Vec::new(),
            });
        }
    }
    Ok(())
}

/// Which data sources terraform reads during apply rather than while
/// planning (`planDataSource`): those whose configuration is not wholly
/// known, and those that depend on a managed resource with a change pending
/// (`dependenciesHavePendingChanges`). Any other data source is read while
/// planning; minimod has no provider, so what it reads is the state's
/// record where there is one, and otherwise an unknown that names it,
/// which a dependent data source's configuration does not count as
/// unknown: terraform would know it by then.
struct DataReads<'r, 'c> {
    run: &'r Run<'c>,
    /// The prior objects (after moves), for a refactor's stand-in state.
    prior: &'r crate::state::InstanceIndex,
    /// Managed resources (per module instance) with a change planned.
    pending: BTreeSet<AbsResource>,
    /// Decided so far (why it waits, if it does); `None` while being
    /// decided (a reference cycle, which evaluation reports).
    decided: RefCell<BTreeMap<AbsResourceInstance, Option<Option<ActionReason>>>>,
}

/// A resource by static module path and key (`aws_s3_bucket.this`),
/// as terraform's dependencies name them (`addrs.ConfigResource`).
type ConfigResource = (Vec<String>, String);

impl DataReads<'_, '_> {
    /// Why the data source is read during apply; None: while planning.
    fn deferred(&self, addr: &AbsResourceInstance) -> Result<Option<ActionReason>, Diagnostics> {
        if let Some(d) = self.decided.borrow().get(addr) {
            return Ok(d.clone().unwrap_or(Some(ActionReason::ConfigUnknown)));
        }
        self.decided.borrow_mut().insert(addr.clone(), None);
        let config = self.run.resource_config_value(addr)?;
        // Terraform names the unknown configuration first.
        let reason = if !self.known_while_planning(&config)? {
            Some(ActionReason::ConfigUnknown)
        } else if self.dependency_pending(addr) {
            Some(ActionReason::DependencyPending)
        } else {
            None
        };
        self.decided
            .borrow_mut()
            .insert(addr.clone(), Some(reason.clone()));
        Ok(reason)
    }

    /// Whether terraform knows `v` while planning: every unknown in it
    /// stands for (or is derived only from) what a data source read during
    /// planning returns.
    fn known_while_planning(&self, v: &Value) -> Result<bool, Diagnostics> {
        match v {
            Value::Unknown(_, None) => Ok(false),
            Value::Unknown(_, Some(o)) => match o.source() {
                Source::Attr { object, .. } => match AbsResourceInstance::parse(object) {
                    Ok(a) if a.resource.resource.mode == ResourceMode::Data => {
                        Ok(self.deferred(&a)?.is_none())
                    }
                    // A refactor's stand-in state holds no computed
                    // attribute: a real one records them, so an object the
                    // prior holds is known while planning (a change pending
                    // on it defers the read as a dependency instead).
                    Ok(a) => Ok(self.run.options().track_origins && self.prior.get(&a).is_some()),
                    Err(_) => Ok(false),
                },
                Source::Derived { args, .. } => self.all_known_while_planning(args),
            },
            Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => {
                self.all_known_while_planning(items)
            }
            Value::Map(_, m) | Value::Object(m) => {
                let items: Vec<Value> = m.values().cloned().collect();
                self.all_known_while_planning(&items)
            }
            Value::Sensitive(inner) => self.known_while_planning(inner),
            _ => Ok(true),
        }
    }

    fn all_known_while_planning(&self, items: &[Value]) -> Result<bool, Diagnostics> {
        for i in items {
            if !self.known_while_planning(i)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Whether a managed resource the data source depends on has a change
    /// pending. As terraform's `dependsOn`: what its `depends_on` names and
    /// the managed resources its configuration refers to directly (a
    /// reference to one counts even when its value is known); for a named
    /// module, output or variable, everything that reaches in turn; then
    /// what every calling module's `depends_on` reaches. With a
    /// precondition or postcondition, every resource its configuration
    /// reaches.
    fn dependency_pending(&self, addr: &AbsResourceInstance) -> bool {
        let config = self.run.config();
        let path: Vec<String> = addr.module.steps().iter().map(|s| s.name.clone()).collect();
        let Some(r) = config
            .descendant(&path)
            .and_then(|c| c.module.resource(&addr.resource.resource))
        else {
            return false;
        };
        let mut deps = Dependencies {
            config,
            found: BTreeSet::new(),
            seen: BTreeSet::new(),
        };
        if has_custom_conditions(r) {
            deps.resource(&path, r);
        } else {
            for e in &r.depends_on {
                deps.depends_on(&path, e, false);
            }
            for e in resource_exprs(r) {
                deps.managed_references(&path, e);
            }
            for b in &r.blocks {
                deps.managed_references_in(&path, &b.body);
            }
        }
        // A calling module's depends_on holds for everything inside it,
        // with all that its targets depend on.
        for n in (0..path.len()).rev() {
            let (parent, call) = (&path[..n], &path[n]);
            let Some(c) = config
                .descendant(parent)
                .and_then(|c| c.module.module_calls.get(call))
            else {
                continue;
            };
            for e in &c.depends_on {
                deps.depends_on(parent, e, true);
            }
        }
        self.pending.iter().any(|p| {
            let p_path: Vec<String> = p.module.steps().iter().map(|s| s.name.clone()).collect();
            // Dependencies are by configuration address; within the same
            // module only the very same instance's changes count.
            deps.found
                .contains(&(p_path.clone(), p.resource.to_string()))
                && (p_path != path || p.module == addr.module)
        })
    }
}

/// A resource's own expressions (not its nested blocks').
fn resource_exprs(r: &crate::config::Resource) -> Vec<&Expr> {
    let mut exprs: Vec<&Expr> = r.attributes.iter().map(|a| &a.expr).collect();
    exprs.extend(r.count.iter().chain(&r.for_each));
    exprs
}

fn has_custom_conditions(r: &crate::config::Resource) -> bool {
    r.lifecycle
        .as_ref()
        .and_then(|l| {
            l.body
                .content(&[("precondition", 0), ("postcondition", 0)])
                .ok()
        })
        .is_some_and(|c| {
            c.blocks
                .iter()
                .any(|b| b.kind == "precondition" || b.kind == "postcondition")
        })
}

/// The managed resources some expressions depend on, directly or through
/// locals, variables, module outputs and the resources they reach: the
/// ancestors terraform's graph gives them, by configuration address.
struct Dependencies<'c> {
    config: &'c Config,
    found: BTreeSet<ConfigResource>,
    seen: BTreeSet<(Vec<String>, String)>,
}

impl<'c> Dependencies<'c> {
    /// A `depends_on` entry in the module at `path`. A resource named is a
    /// dependency itself; what it depends on in turn counts only
    /// `through_resources` (a calling module's depends_on). A module
    /// call, output or variable: every resource that reaches it.
    fn depends_on(&mut self, path: &[String], e: &Expr, through_resources: bool) {
        for (root, steps, _) in e.references() {
            let attr = |i: usize| match steps.get(i) {
                Some(TraversalStep::Attr(a)) => Some(a.clone()),
                _ => None,
            };
            match root.as_str() {
                "module" => {
                    let Some(call) = attr(0) else { continue };
                    let mut child = path.to_vec();
                    child.push(call);
                    if let Some(c) = self.config.descendant(&child) {
                        self.whole_module(c);
                    }
                }
                "local" | "var" | "each" | "count" | "path" | "terraform" | "tofu" | "self" => {
                    self.reference(path, &root, &steps)
                }
                _ if through_resources => self.reference(path, &root, &steps),
                "data" => {}
                t => {
                    if let Some(n) = attr(0) {
                        self.managed(path, &format!("{t}.{n}"));
                    }
                }
            }
        }
    }

    /// The managed resources `e` refers to directly (terraform's
    /// `dataDependsOn`): not through locals, variables or outputs.
    fn managed_references(&mut self, path: &[String], e: &Expr) {
        for (root, steps, _) in e.references() {
            if matches!(
                root.as_str(),
                "var"
                    | "local"
                    | "module"
                    | "data"
                    | "each"
                    | "count"
                    | "path"
                    | "terraform"
                    | "tofu"
                    | "self"
            ) {
                continue;
            }
            if let Some(TraversalStep::Attr(n)) = steps.first() {
                self.managed(path, &format!("{root}.{n}"));
            }
        }
    }

    fn managed_references_in(&mut self, path: &[String], body: &crate::syntax::body::Body) {
        let Ok(c) = body.content(&[]) else { return };
        for a in &c.attributes {
            self.managed_references(path, &a.expr);
        }
        for b in &c.blocks {
            self.managed_references_in(path, &b.body);
        }
    }

    /// A managed resource by key, when the module declares it.
    fn managed(&mut self, path: &[String], key: &str) {
        if self
            .config
            .descendant(path)
            .is_some_and(|c| c.module.resources.contains_key(key))
        {
            self.found.insert((path.to_vec(), key.to_string()));
        }
    }

    fn whole_module(&mut self, c: &'c Config) {
        for r in c.module.resources.values() {
            self.resource(&c.path, r);
        }
        for child in c.children.values() {
            self.whole_module(child);
        }
    }

    /// A resource and what its configuration reaches; only managed ones
    /// are dependencies (data sources have nothing pending of their own).
    fn resource(&mut self, path: &[String], r: &'c crate::config::Resource) {
        if !self.seen.insert((path.to_vec(), r.key().to_string())) {
            return;
        }
        if r.mode == ResourceMode::Managed {
            self.found.insert((path.to_vec(), r.key().to_string()));
        }
        for e in resource_exprs(r) {
            self.expr(path, e);
        }
        // `depends_on = [module.x]` waits for everything inside the call.
        for e in &r.depends_on {
            self.depends_on(path, e, true);
        }
        for b in r.blocks.iter().chain(&r.lifecycle) {
            self.body(path, &b.body);
        }
    }

    /// Every expression of a nested body: native blocks, or a JSON body's
    /// properties (whose templates hold the same references).
    fn body(&mut self, path: &[String], body: &crate::syntax::body::Body) {
        let Ok(c) = body.content(&[]) else { return };
        for a in &c.attributes {
            self.expr(path, &a.expr);
        }
        for b in &c.blocks {
            self.body(path, &b.body);
        }
    }

    fn expr(&mut self, path: &[String], e: &Expr) {
        for (root, steps, _) in e.references() {
            self.reference(path, &root, &steps);
        }
    }

    fn reference(&mut self, path: &[String], root: &str, steps: &[TraversalStep]) {
        let Some(cfg) = self.config.descendant(path) else {
            return;
        };
        let attr = |i: usize| match steps.get(i) {
            Some(TraversalStep::Attr(a)) => Some(a.clone()),
            _ => None,
        };
        match root {
            "local" => {
                let Some(l) = attr(0).and_then(|n| cfg.module.locals.get(&n)) else {
                    return;
                };
                if self
                    .seen
                    .insert((path.to_vec(), format!("local.{}", l.name)))
                {
                    self.expr(path, &l.expr);
                }
            }
            "var" => {
                let (Some(name), Some((call, parent))) = (attr(0), path.split_last()) else {
                    return;
                };
                let Some(c) = self
                    .config
                    .descendant(parent)
                    .and_then(|p| p.module.module_calls.get(call))
                else {
                    return;
                };
                if let Some(a) = c.inputs.iter().find(|a| a.name == name)
                    && self.seen.insert((path.to_vec(), format!("var.{name}")))
                {
                    self.expr(parent, &a.expr);
                }
            }
            "module" => {
                let Some(call) = attr(0) else { return };
                let mut child = path.to_vec();
                child.push(call);
                let Some(c) = self.config.descendant(&child) else {
                    return;
                };
                // `module.x.out`, or the whole call (every output).
                let named = steps.iter().skip(1).find_map(|s| match s {
                    TraversalStep::Attr(a) => c.module.outputs.get(a),
                    _ => None,
                });
                let outputs: Vec<_> = match named {
                    Some(o) => vec![o],
                    None => c.module.outputs.values().collect(),
                };
                for o in outputs {
                    if self
                        .seen
                        .insert((child.clone(), format!("output.{}", o.name)))
                    {
                        self.expr(&child, &o.expr);
                    }
                }
            }
            "data" => {
                if let (Some(t), Some(n)) = (attr(0), attr(1))
                    && let Some(r) = cfg.module.resources.get(&format!("data.{t}.{n}"))
                {
                    self.resource(path, r);
                }
            }
            "each" | "count" | "path" | "terraform" | "tofu" | "self" => {}
            t => {
                if let Some(r) = attr(0).and_then(|n| cfg.module.resources.get(&format!("{t}.{n}")))
                {
                    self.resource(path, r);
                }
            }
        }
    }
}

/// Why a recorded object with no configuration is destroyed, decided as
/// terraform's `deleteActionReason` does: no resource in the (static)
/// configuration is "no resource config" ("no move target" when a move
/// brought it there); a module instance on its path that does not exist
/// is "no module"; then the instance key.
fn delete_reason(
    run: &Run,
    config: &Config,
    addr: &AbsResourceInstance,
    previous: Option<&AbsResourceInstance>,
) -> ActionReason {
    let path: Vec<String> = addr.module.steps().iter().map(|s| s.name.clone()).collect();
    if config
        .descendant(&path)
        .is_none_or(|c| c.module.resource(&addr.resource.resource).is_none())
    {
        return match previous {
            Some(_) => ActionReason::NoMoveTarget { to: addr.clone() },
            None => ActionReason::NoResourceConfig,
        };
    }
    static_delete_reason(run, addr)
}

fn static_delete_reason(run: &Run, addr: &AbsResourceInstance) -> ActionReason {
    // The resource is configured (`delete_reason` asked first): any step
    // of the module path whose instance is not declared decides.
    let r = &addr.resource.resource;
    let rkey = crate::config::resource_key(r.mode, &r.type_name, &r.name);
    let mut module = crate::addrs::ModuleInstance::default();
    for step in addr.module.steps().iter() {
        let exists = run
            .call_expansion(&module, &step.name)
            .map(|e| e.keys().contains(&step.key))
            .unwrap_or(false);
        if !exists {
            return ActionReason::NoModule(addr.module.to_string());
        }
        module = module.child(step.name.clone(), step.key.clone());
    }
    match (run.resource_expansion(&module, &rkey), &addr.resource.key) {
        (Ok(Expansion::Count(_)), InstanceKey::Int(_)) => ActionReason::CountIndex,
        (Ok(Expansion::ForEach(_)), InstanceKey::Str(_)) => ActionReason::EachKey,
        (Ok(e), _) => ActionReason::WrongRepetition {
            uses_count: matches!(e, Expansion::Count(_)),
            uses_for_each: matches!(e, Expansion::ForEach(_)),
        },
        (Err(_), _) => ActionReason::NoResourceConfig,
    }
}

/// The schema a managed resource instance is compared by: the built-in
/// or given provider schema of its type, else one inferred from its
/// configuration.
pub(crate) fn resource_schema(run: &Run, addr: &AbsResourceInstance) -> Arc<schema::Block> {
    let type_name = &addr.resource.resource.type_name;
    if let Some(s) = schema::Schemas::resource(run.schemas(), type_name) {
        return s;
    }
    let blocks = resource_config(run, addr)
        .map(|r| r.blocks.as_slice())
        .unwrap_or_default();
    Arc::new(schema::Block::inferred(blocks))
}

/// What a read during apply is planned as: its configuration, and with a
/// schema every computed attribute it leaves unset unknown (terraform's
/// `PlannedDataResourceObject`: a computed argument set keeps its value,
/// an optional one left unset is null). Sensitive attributes are marked.
fn planned_read(run: &Run, addr: &AbsResourceInstance, configured: Value) -> Value {
    let type_name = &addr.resource.resource.type_name;
    let Some(schema) = schema::Schemas::data_source(run.schemas(), type_name) else {
        return configured;
    };
    let Some(set) = configured.as_mapping() else {
        return configured;
    };
    let mut out = set.clone();
    for (name, a) in &schema.attributes {
        let unset = out.get(name).is_none_or(Value::is_null);
        if unset {
            let v = match a.computed {
                true => Value::Unknown(crate::lang::value::Type::Dynamic, None),
                false => Value::null(),
            };
            out.insert(name.clone(), v);
        }
    }
    schema.mark_sensitive(Value::Object(out.into()))
}

/// A managed instance as the plan compares it: its configured value,
/// schema and `ignore_changes` rule.
type Configured<'a> = (
    &'a AbsResourceInstance,
    Value,
    Arc<schema::Block>,
    Option<crate::config::IgnoreChanges>,
);

/// What the plan does to one managed instance: create it, or compare it
/// with the object recorded at its address.
fn planned_change(
    addr: &AbsResourceInstance,
    after: Value,
    schema: &schema::Block,
    ignore: &Option<crate::config::IgnoreChanges>,
    prior_index: &crate::state::InstanceIndex,
    moved_from: &(dyn Fn(&AbsResourceInstance) -> Option<AbsResourceInstance> + Sync),
) -> ResourceChange {
    let Some(recorded) = prior_index.get(addr) else {
        return ResourceChange {
            addr: addr.clone(),
            previous: None,
            action: Action::Create,
            reason: None,
            before: None,
            after: Some(schema.mark_sensitive(after)),
            changed: Vec::new(),
            replace_paths: Vec::new(),
        };
    };
    let before = recorded.value();
    let tainted = recorded.is_tainted();
    let previous = moved_from(addr);
    let after = match ignore {
        Some(ignore) => super::ignore_changes::keep_prior(after, &before, ignore),
        None => after,
    };
    let changed = schema::changed_arguments(schema, &after, &before);
    let replace_paths = schema::replace_paths(&addr.resource.resource.type_name, &changed);
    let after = shown_after(schema, after, &changed);
    let before = schema.mark_sensitive(before);
    let action = match (tainted, changed.is_empty(), replace_paths.is_empty()) {
        (true, _, _) | (false, false, false) => Action::Replace,
        (false, true, _) => Action::NoOp,
        (false, false, true) => Action::Update,
    };
    ResourceChange {
        addr: addr.clone(),
        previous,
        action,
        reason: tainted.then_some(ActionReason::Tainted),
        before: Some(before),
        after: Some(after),
        changed,
        replace_paths,
    }
}

/// The `resource` block an instance comes from.
fn resource_config<'c>(
    run: &Run<'c>,
    addr: &AbsResourceInstance,
) -> Option<&'c crate::config::Resource> {
    // Asked per planned instance: a walk down the tree, no path or key
    // formatted.
    run.module_config_of(&addr.module)
        .and_then(|c| c.module.resource(&addr.resource.resource))
}

/// The configured object as the plan shows it: a compared argument the
/// configuration leaves unset is planned as null, and sensitive
/// attributes are marked so that they are never printed.
fn shown_after(schema: &schema::Block, after: Value, changed: &[String]) -> Value {
    let after = match after {
        Value::Object(mut m) => {
            for c in changed {
                m.entry(c.clone()).or_insert_with(Value::null);
            }
            Value::Object(m)
        }
        other => other,
    };
    schema.mark_sensitive(after)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::{Engine, LoadOptions};
    use crate::diagnostics::SourceMap;
    use crate::instances::{RootInputs, RunOptions};

    /// What each data source's read waits for, as terraform's `dependsOn`
    /// and `dataDependsOn` collect it (transform_reference.go): a resource
    /// named in depends_on or referred to directly is a dependency by
    /// itself; a local, variable, output or module named is followed to
    /// every resource behind it; a calling module's depends_on is followed
    /// through resources too. (The corpus case aws-data-reads-rename has
    /// terraform's own plans of the same rules.)
    #[test]
    fn data_source_dependencies_follow_terraforms_depends_on() {
        let dir = tempfile::tempdir().unwrap();
        let write = |path: &str, text: &str| {
            let p = dir.path().join(path);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, text).unwrap();
        };
        write(
            "main.tf",
            r#"
resource "terraform_data" "a" {}
resource "terraform_data" "b" {
  input = terraform_data.a.id
}
locals {
  b_id = terraform_data.b.id
}
data "x_doc" "named" {
  depends_on = [terraform_data.b]
}
data "x_doc" "through_local" {
  depends_on = [local.b_id]
}
data "x_doc" "refers" {
  text = terraform_data.b.id
}
data "x_doc" "refers_through_local" {
  text = local.b_id
}
data "x_doc" "whole_module" {
  depends_on = [module.m]
}
module "m" {
  source     = "./m"
  depends_on = [terraform_data.b]
}
"#,
        );
        write(
            "m/main.tf",
            r#"
resource "terraform_data" "c" {}
data "x_doc" "inside" {}
"#,
        );
        let opts = LoadOptions {
            engine: Engine::Terraform,
            ..Default::default()
        };
        let config = crate::config::load(dir.path(), &opts, &mut SourceMap::default()).unwrap();
        let run = Run::new(&config, RootInputs::new(), RunOptions::default());
        let prior = crate::state::InstanceIndex::default();
        let every = |pending: &[(&[&str], &str)]| DataReads {
            run: &run,
            prior: &prior,
            pending: pending
                .iter()
                .map(|(m, r)| {
                    let module = m
                        .iter()
                        .fold(crate::addrs::ModuleInstance::default(), |m, s| {
                            m.child(s.to_string(), InstanceKey::NoKey)
                        });
                    AbsResource {
                        module,
                        resource: crate::addrs::Resource::new(
                            ResourceMode::Managed,
                            "terraform_data",
                            *r,
                        ),
                    }
                })
                .collect(),
            decided: RefCell::default(),
        };
        let waits = |reads: &DataReads, addr: &str| {
            reads.dependency_pending(&AbsResourceInstance::parse(addr).unwrap())
        };
        // Only `a` changes: nothing names it or refers to it directly, and
        // only the module call's depends_on follows `b` to it.
        let a = every(&[(&[], "a")]);
        for (addr, want) in [
            ("data.x_doc.named", false),
            ("data.x_doc.through_local", true),
            ("data.x_doc.refers", false),
            ("data.x_doc.refers_through_local", false),
            ("data.x_doc.whole_module", false),
            ("module.m.data.x_doc.inside", true),
        ] {
            assert_eq!(waits(&a, addr), want, "{addr} with a pending");
        }
        let b = every(&[(&[], "b")]);
        for addr in [
            "data.x_doc.named",
            "data.x_doc.through_local",
            "data.x_doc.refers",
            "module.m.data.x_doc.inside",
        ] {
            assert!(waits(&b, addr), "{addr} with b pending");
        }
        assert!(!waits(&b, "data.x_doc.refers_through_local"));
        let c = every(&[(&["m"], "c")]);
        assert!(waits(&c, "data.x_doc.whole_module"));
        assert!(!waits(&c, "data.x_doc.named"));
    }
}
