//! The diff: what each resource instance becomes when the expanded
//! configuration meets the (already moved) prior state, compared by the
//! rule of `schema::compared_view`: without a provider schema, only the
//! arguments the configuration sets to non-null values are compared (the
//! rest belong to the provider and never cause a change); with one (the
//! built-in `terraform_data`, or `--schemas`), as terraform compares.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use crate::addrs::{AbsResourceInstance, InstanceKey, ResourceMode};
use crate::config::Config;
use crate::diagnostics::Diagnostics;
use crate::instances::{Expansion, Run};
use crate::lang::value::Value;
use crate::state::State;

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
pub fn plan(
    run: &Run,
    prior: &State,
    moved_from: &BTreeMap<AbsResourceInstance, AbsResourceInstance>,
    removed: &[(AbsResourceInstance, bool)],
    canon: &dyn Fn(&Value) -> Value,
) -> Result<Plan, Diagnostics> {
    let instances = run.check_all()?;
    let configured: BTreeSet<&AbsResourceInstance> = instances.iter().collect();
    let mut changes = Vec::new();
    // One lookup per configured instance: index the prior state once.
    let prior_index = prior.instance_index();
    for addr in &instances {
        if addr.resource.resource.mode != ResourceMode::Managed {
            continue;
        }
        let after = canon(&run.resource_config_value(addr)?);
        let previous = moved_from.get(addr).cloned();
        let Some(before) = prior_index.get(addr).map(|i| i.value()) else {
            let after = resource_schema(run, addr).mark_sensitive(after);
            changes.push(ResourceChange {
                addr: addr.clone(),
                previous: None,
                action: Action::Create,
                reason: None,
                before: None,
                after: Some(after),
                changed: Vec::new(),
                replace_paths: Vec::new(),
            });
            continue;
        };
        let schema = resource_schema(run, addr);
        let changed = schema::changed_arguments(&schema, &after, &before);
        let replace_paths = schema::replace_paths(&addr.resource.resource.type_name, &changed);
        let after = shown_after(&schema, after, &changed);
        let before = schema.mark_sensitive(before);
        let action = match (changed.is_empty(), replace_paths.is_empty()) {
            (true, _) => Action::NoOp,
            (false, true) => Action::Update,
            (false, false) => Action::Replace,
        };
        changes.push(ResourceChange {
            addr: addr.clone(),
            previous,
            action,
            reason: None,
            before: Some(before),
            after: Some(after),
            changed,
            replace_paths,
        });
    }
    let removed: BTreeMap<&AbsResourceInstance, bool> =
        removed.iter().map(|(a, d)| (a, *d)).collect();
    for (addr, object) in prior.instances() {
        if addr.resource.resource.mode != ResourceMode::Managed || configured.contains(&addr) {
            continue;
        }
        let previous = moved_from.get(&addr).cloned();
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
    let pending: BTreeSet<crate::addrs::AbsResource> = changes
        .iter()
        .filter(|c| c.action != Action::NoOp)
        .map(|c| c.addr.containing_resource())
        .collect();
    for addr in instances
        .iter()
        .filter(|a| a.resource.resource.mode == ResourceMode::Data)
    {
        if data_source_deferred(run, addr, &pending)? {
            changes.push(ResourceChange {
                addr: addr.clone(),
                previous: None,
                action: Action::Read,
                reason: Some(ActionReason::DependencyPending),
                before: None,
                after: Some(run.resource_config_value(addr)?),
                changed: Vec::new(),
                replace_paths: Vec::new(),
            });
        }
    }
    changes.sort_by(|a, b| a.addr.cmp(&b.addr));
    Ok(Plan {
        changes,
        warnings: Diagnostics::default(),
        imports: Vec::new(),
    })
}

/// Whether a data source waits for apply: its arguments are not known yet,
/// or it refers to (or depends on) a managed resource with changes pending.
fn data_source_deferred(
    run: &Run,
    addr: &AbsResourceInstance,
    pending: &BTreeSet<crate::addrs::AbsResource>,
) -> Result<bool, Diagnostics> {
    if !run.resource_config_value(addr)?.is_wholly_known() {
        return Ok(true);
    }
    let path: Vec<String> = addr.module.0.iter().map(|s| s.name.clone()).collect();
    let Some(cfg) = run.config().descendant(&path) else {
        return Ok(false);
    };
    let Some(r) = cfg
        .module
        .resources
        .get(&addr.resource.resource.to_string())
    else {
        return Ok(false);
    };
    let exprs = r.attributes.iter().map(|a| &a.expr).chain(&r.depends_on);
    for e in exprs {
        for (root, steps, _) in e.references() {
            let Some(crate::syntax::ast::TraversalStep::Attr(name)) = steps.first() else {
                continue;
            };
            let managed = crate::addrs::Resource::new(ResourceMode::Managed, &root, name);
            if !matches!(
                root.as_str(),
                "var"
                    | "local"
                    | "module"
                    | "data"
                    | "each"
                    | "count"
                    | "path"
                    | "terraform"
                    | "self"
            ) && pending.contains(&managed.absolute(addr.module.clone()))
            {
                return Ok(true);
            }
        }
    }
    Ok(false)
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
    let path: Vec<String> = addr.module.0.iter().map(|s| s.name.clone()).collect();
    let rkey = addr.resource.resource.to_string();
    if !config
        .descendant(&path)
        .is_some_and(|c| c.module.resources.contains_key(&rkey))
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
    let rkey = addr.resource.resource.to_string();
    let mut module = crate::addrs::ModuleInstance::default();
    for step in &addr.module.0 {
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
pub fn resource_schema(run: &Run, addr: &AbsResourceInstance) -> Arc<schema::Block> {
    let type_name = &addr.resource.resource.type_name;
    if let Some(s) = schema::Schemas::resource(run.schemas(), type_name) {
        return s;
    }
    let path: Vec<String> = addr.module.0.iter().map(|s| s.name.clone()).collect();
    let blocks = run
        .config()
        .descendant(&path)
        .and_then(|c| c.module.resources.get(&addr.resource.resource.to_string()))
        .map(|r| r.blocks.as_slice())
        .unwrap_or_default();
    Arc::new(schema::Block::inferred(blocks))
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
