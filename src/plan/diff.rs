//! The diff: what each resource instance becomes when the expanded
//! configuration meets the (already moved) prior state. Without provider
//! schemas, only the arguments the configuration sets are compared; the
//! rest belong to the provider and never cause a change.

use std::collections::{BTreeMap, BTreeSet};

use crate::addrs::{AbsResourceInstance, InstanceKey, ResourceMode};
use crate::config::Config;
use crate::diagnostics::Diagnostics;
use crate::instances::{Expansion, Run};
use crate::lang::value::Value;
use crate::state::State;

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
        let changed = changed_arguments(&after, &before);
        let forces = replace_triggers(&addr.resource.resource.type_name);
        let replace_paths: Vec<String> = changed
            .iter()
            .filter(|a| forces.iter().any(|f| *f == "*" || f == a))
            .cloned()
            .collect();
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
        changes.push(ResourceChange {
            addr,
            previous,
            action,
            reason,
            before: Some(object.value()),
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

/// Why a recorded object with no configuration is destroyed.
fn delete_reason(
    run: &Run,
    config: &Config,
    addr: &AbsResourceInstance,
    previous: Option<&AbsResourceInstance>,
) -> ActionReason {
    let reason = static_delete_reason(run, config, addr);
    // As terraform decides: with no configuration for the resource at all,
    // a moved object says where it went; a missing module instance or key
    // is the reason even for an object that was moved.
    match (previous, &reason) {
        (Some(_), ActionReason::NoResourceConfig) => {
            ActionReason::NoMoveTarget { to: addr.clone() }
        }
        _ => reason,
    }
}

fn static_delete_reason(run: &Run, config: &Config, addr: &AbsResourceInstance) -> ActionReason {
    // No configuration for the resource (its module call gone, or the
    // resource gone from the module) comes first, as terraform's orphan
    // node checks its configuration before the module instances.
    let names: Vec<String> = addr.module.0.iter().map(|s| s.name.clone()).collect();
    let rkey = addr.resource.resource.to_string();
    if !config
        .descendant(&names)
        .is_some_and(|cfg| cfg.module.resources.contains_key(&rkey))
    {
        return ActionReason::NoResourceConfig;
    }
    // Then the module path: any step whose instance is not declared.
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

/// Arguments that make a change a replacement, for the resource types
/// minimod knows without a provider schema. `*` means every argument.
fn replace_triggers(type_name: &str) -> &'static [&'static str] {
    match type_name {
        "terraform_data" => &["triggers_replace"],
        "null_resource" => &["triggers"],
        "local_file" | "local_sensitive_file" => &["*"],
        t if t.starts_with("random_") => &[
            "keepers",
            "length",
            "special",
            "upper",
            "lower",
            "numeric",
            "prefix",
            "byte_length",
        ],
        _ => &[],
    }
}

/// The configured arguments whose value differs from the recorded one.
pub fn changed_arguments(after: &Value, before: &Value) -> Vec<String> {
    let (Some(after), Some(before)) = (after.as_mapping(), before.as_mapping()) else {
        return Vec::new();
    };
    after
        .iter()
        .filter(|(k, v)| !values_match(v, before.get(*k).unwrap_or(&Value::null())))
        .map(|(k, _)| k.clone())
        .collect()
}

/// Whether a configured value equals a recorded one, without a schema to
/// convert by: list and tuple, map and object, and a number and its
/// decimal string are the same thing once stored; a missing value is null;
/// an unknown configured value is a change.
pub fn values_match(configured: &Value, recorded: &Value) -> bool {
    let (c, _) = configured.unmark();
    let (r, _) = recorded.unmark();
    if !c.is_wholly_known() {
        return false;
    }
    match (c, r) {
        (Value::Null(_), Value::Null(_)) => true,
        // An empty collection and null are one to most providers.
        (Value::Null(_), x) | (x, Value::Null(_)) => is_empty_collection(x),
        (Value::Bool(a), Value::Bool(b)) => a == b,
        (Value::Number(a), Value::Number(b)) => a == b,
        (Value::String(a), Value::String(b)) => a == b,
        (
            Value::String(_) | Value::Number(_) | Value::Bool(_),
            Value::String(_) | Value::Number(_) | Value::Bool(_),
        ) => primitive_text(c) == primitive_text(r),
        (Value::Set(_, a), _) => r.as_sequence().is_some_and(|b| same_members(a, b)),
        (_, Value::Set(_, b)) => c.as_sequence().is_some_and(|a| same_members(a, b)),
        (Value::List(_, a) | Value::Tuple(a), Value::List(_, b) | Value::Tuple(b)) => {
            a.len() == b.len() && a.iter().zip(b).all(|(x, y)| values_match(x, y))
        }
        (Value::Map(_, a) | Value::Object(a), Value::Map(_, b) | Value::Object(b)) => {
            let null = Value::null();
            a.iter()
                .all(|(k, v)| values_match(v, b.get(k).unwrap_or(&null)))
                && b.iter().all(|(k, v)| a.contains_key(k) || v.is_null())
        }
        // A single nested block recorded as an object, configured as a
        // one-element list of blocks (or the other way round).
        (Value::Tuple(a), Value::Object(_)) if a.len() == 1 => values_match(&a[0], r),
        _ => false,
    }
}

fn same_members(a: &[Value], b: &[Value]) -> bool {
    a.len() == b.len() && a.iter().all(|x| b.iter().any(|y| values_match(x, y)))
}

fn is_empty_collection(v: &Value) -> bool {
    v.as_sequence().is_some_and(<[Value]>::is_empty)
        || v.as_mapping().is_some_and(BTreeMap::is_empty)
}

fn primitive_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        Value::Bool(b) => b.to_string(),
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::value::Type;

    #[test]
    fn configured_values_match_recorded_ones_across_collection_kinds() {
        let s = |x: &str| Value::string(x);
        let cases: Vec<(&str, Value, Value, bool)> = vec![
            (
                "tuple vs list",
                Value::Tuple(vec![s("a")]),
                Value::List(Type::String, vec![s("a")]),
                true,
            ),
            (
                "object vs map",
                Value::Object([("k".into(), s("v"))].into()),
                Value::Map(Type::String, [("k".into(), s("v"))].into()),
                true,
            ),
            ("number vs its text", Value::int(80), s("80"), true),
            ("different strings", s("a"), s("b"), false),
            ("unknown is a change", Value::unknown(), s("a"), false),
            (
                "set order does not matter",
                Value::set(Type::String, vec![s("b"), s("a")]),
                Value::Tuple(vec![s("a"), s("b")]),
                true,
            ),
            (
                "recorded extra null key",
                Value::Object(BTreeMap::new()),
                Value::Object([("x".into(), Value::null())].into()),
                true,
            ),
            ("sensitive compares by value", s("p").mark(), s("p"), true),
            (
                "null vs empty list",
                Value::null(),
                Value::Tuple(vec![]),
                true,
            ),
        ];
        for (name, c, r, want) in cases {
            assert_eq!(values_match(&c, &r), want, "{name}");
        }
    }
}
