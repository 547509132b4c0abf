//! `minimod apply`: the state a plan leaves, written as terraform writes a
//! version-4 state. No provider runs: created objects get an `id` and the
//! configured arguments, `terraform_data`'s `output` is its `input`, and
//! what only a provider would compute stays null. A value that waited on
//! another object's apply (`input = terraform_data.a.id`) is written with
//! what that object got, as terraform's walk in dependency order does.

use serde_json::{Map, Value as Json, json};

use crate::addrs::{AbsResourceInstance, ResourceMode};
use crate::diagnostics::Diagnostics;
use crate::instances::Run;
use crate::lang::display;
use crate::lang::value::Value;
use crate::state::{AttrPath, PathStep, State, StateInstance, StateResource};

use super::Planned;
use super::diff::Action;

/// The state after applying `planned`: serial incremented, lineage kept.
/// `run_over(state)` evaluates the configuration with `state` as its prior
/// state (what apply has written so far).
pub(crate) fn applied_state<'c>(
    planned: &Planned,
    run_over: &dyn Fn(&State) -> Run<'c>,
) -> Result<State, Diagnostics> {
    let mut state = planned.moved_prior.clone();
    state.serial = planned.moved_prior.next_serial();
    // The objects written with a value only apply knows, completed below.
    let mut waiting = Vec::new();
    let mut wait_on = |addr: &AbsResourceInstance, after: &Value| {
        if !after.is_wholly_known() {
            waiting.push(addr.clone());
        }
    };
    for c in &planned.plan.changes {
        match c.action {
            Action::Delete | Action::Forget => remove(&mut state, &c.addr),
            Action::Create | Action::Replace => {
                remove(&mut state, &c.addr);
                let after = c.after.clone().unwrap_or_else(Value::null);
                let sensitive = sensitive_paths(&after, None);
                let attrs = attributes(&c.addr, &after, None);
                insert_with(&mut state, &c.addr, attrs, sensitive);
                wait_on(&c.addr, &after);
            }
            Action::Update => {
                let after = c.after.clone().unwrap_or_else(Value::null);
                let prev = state.instance(&c.addr);
                let old = prev.and_then(|i| i.attributes.as_deref().cloned());
                let old_sensitive = prev.and_then(|i| i.sensitive_attributes.clone());
                let sensitive = sensitive_paths(&after, old_sensitive);
                remove(&mut state, &c.addr);
                let attrs = attributes(&c.addr, &after, old);
                insert_with(&mut state, &c.addr, attrs, sensitive);
                wait_on(&c.addr, &after);
            }
            // An import nobody could read is recorded as configured.
            Action::NoOp
                if state.instance(&c.addr).is_none()
                    && planned.plan.imports.iter().any(|(a, _)| *a == c.addr) =>
            {
                let after = c.after.clone().unwrap_or_else(Value::null);
                let sensitive = sensitive_paths(&after, None);
                let attrs = attributes(&c.addr, &after, None);
                insert_with(&mut state, &c.addr, attrs, sensitive);
                wait_on(&c.addr, &after);
            }
            Action::NoOp | Action::Read => {}
        }
    }
    let run = run_over(&planned.moved_prior);
    // Data sources are recorded too; new ones with what is configured.
    for addr in run.resource_instances()? {
        if addr.resource.resource.mode == ResourceMode::Data && state.instance(&addr).is_none() {
            let after = run.resource_config_value(&addr)?;
            let sensitive = sensitive_paths(&after, None);
            insert_with(
                &mut state,
                &addr,
                attributes(&addr, &after, None),
                sensitive,
            );
            wait_on(&addr, &after);
        }
    }
    drop(run);
    complete(&mut state, waiting, run_over)?;
    state.outputs = Map::new();
    for (name, sensitive, v) in run_over(&state).root_outputs()? {
        let (v, _) = v.unmark_deep();
        // terraform records no output whose value is null.
        if v.is_null() {
            continue;
        }
        let mut out = Map::new();
        out.insert("value".into(), display::json(&v));
        out.insert("type".into(), display::json_type(&v.ty()));
        if sensitive {
            out.insert("sensitive".into(), json!(true));
        }
        state.outputs.insert(name, Json::Object(out));
    }
    state.resources.retain(|r| !r.instances.is_empty());
    Ok(state)
}

/// Writes again the `waiting` objects, whose configuration read an object
/// this apply creates or changes: the plan knew such a value only after
/// apply, and apply knows it now. A pass evaluates them over the state
/// written so far, so each pass settles one more step of every chain of
/// references (`b.input = a.id`, then `c.input = b.output`); an object
/// whose value is known is done. The chains are finite, so the passes end
/// (also when one changes nothing: what no apply here can know).
fn complete<'c>(
    state: &mut State,
    mut waiting: Vec<AbsResourceInstance>,
    run_over: &dyn Fn(&State) -> Run<'c>,
) -> Result<(), Diagnostics> {
    for _ in 0..=waiting.len() {
        if waiting.is_empty() {
            break;
        }
        let run = run_over(state);
        let index = state.instance_index();
        let mut rewritten = Vec::new();
        let mut still = Vec::new();
        for addr in waiting {
            let Some(now) = index.get(&addr) else {
                continue;
            };
            let configured = run.resource_config_value(&addr)?;
            let old = now.attributes.as_deref().cloned();
            let attrs = attributes(&addr, &configured, old.clone());
            let sensitive = sensitive_paths(&configured, now.sensitive_attributes.clone());
            let changed = Some(&attrs) != old.as_ref()
                || Some(&sensitive) != now.sensitive_attributes.as_ref();
            if !configured.is_wholly_known() {
                still.push(addr.clone());
            }
            if changed {
                rewritten.push((addr, attrs, sensitive));
            }
        }
        drop((run, index));
        if rewritten.is_empty() {
            break;
        }
        for (addr, attrs, sensitive) in rewritten {
            set_object(state, &addr, attrs, sensitive);
        }
        waiting = still;
    }
    Ok(())
}

/// Replaces the current object at `addr` in place, keeping its position
/// and what else it records.
fn set_object(
    state: &mut State,
    addr: &AbsResourceInstance,
    attrs: Json,
    sensitive: Vec<AttrPath>,
) {
    let res = addr.containing_resource();
    for r in state.resources.iter_mut().filter(|r| r.addr == res) {
        for i in r.instances.iter_mut() {
            if i.key == addr.resource.key && i.deposed.is_none() {
                i.attributes = Some(attrs.clone().into());
                i.sensitive_attributes = Some(sensitive.clone());
                // The value read from the old attributes is stale.
                i.value_cache = Default::default();
            }
        }
    }
}

fn remove(state: &mut State, addr: &AbsResourceInstance) {
    let res = addr.containing_resource();
    for r in state.resources.iter_mut().filter(|r| r.addr == res) {
        r.instances
            .retain(|i| i.key != addr.resource.key || i.deposed.is_some());
    }
}

/// The attributes object to record: the old one (for an update) with the
/// configured arguments over it, an `id`, and for `terraform_data` its
/// dynamic `input`/`output` in terraform's `{"value", "type"}` form.
fn attributes(addr: &AbsResourceInstance, after: &Value, old: Option<Json>) -> Json {
    let mut attrs = match old {
        Some(Json::Object(m)) => m,
        _ => Map::new(),
    };
    let (after, _) = after.clone().unmark_deep();
    let builtin = &*addr.resource.resource.type_name == "terraform_data";
    for (k, v) in after.as_mapping().into_iter().flatten() {
        let j = if builtin && (k == "input" || k == "triggers_replace") {
            json!({ "value": display::json(v), "type": display::json_type(&v.ty()) })
        } else {
            display::json(v)
        };
        attrs.insert(k.clone(), j);
    }
    if builtin {
        let input = attrs.get("input").cloned().unwrap_or(Json::Null);
        attrs.insert("output".into(), input);
        attrs.entry("input").or_insert(Json::Null);
        attrs.entry("triggers_replace").or_insert(Json::Null);
    }
    if !matches!(attrs.get("id"), Some(Json::String(_))) {
        attrs.insert("id".into(), json!(uuid::Uuid::new_v4().to_string()));
    }
    Json::Object(attrs)
}

/// What `sensitive_attributes` records: the paths of the sensitive values
/// the configuration sets (terraform writes them so that a later plan
/// still hides them), and of an update's older ones it does not set.
fn sensitive_paths(after: &Value, old: Option<Vec<AttrPath>>) -> Vec<AttrPath> {
    let mut paths = crate::state::sensitive_paths(after);
    let configured = |p: &AttrPath| match p.first() {
        Some(PathStep::GetAttr(name)) => after
            .unmark()
            .0
            .as_mapping()
            .is_some_and(|m| m.contains_key(name)),
        _ => true,
    };
    for p in old.unwrap_or_default() {
        if !configured(&p) && !paths.contains(&p) {
            paths.push(p);
        }
    }
    paths
}

/// Records an object at `addr` with the given attributes object.
pub(crate) fn insert(state: &mut State, addr: &AbsResourceInstance, attributes: Json) {
    insert_with(state, addr, attributes, Vec::new())
}

/// Records an object with its attributes and sensitive paths.
fn insert_with(
    state: &mut State,
    addr: &AbsResourceInstance,
    attributes: Json,
    sensitive: Vec<AttrPath>,
) {
    let res = addr.containing_resource();
    let instance = StateInstance {
        attributes: Some(attributes.into()),
        sensitive_attributes: Some(sensitive),
        ..StateInstance::new(addr.resource.key.clone())
    };
    match state.resources.iter_mut().find(|r| r.addr == res) {
        Some(r) => r.instances.push(instance),
        None => state.resources.push(StateResource {
            each: None,
            provider: Some(provider_of(&res.resource.type_name)),
            addr: res,
            instances: vec![instance].into(),
            extra: Map::new(),
        }),
    }
}

/// The provider terraform records for a resource type: the built-in one
/// for `terraform_*`, else the default provider its name prefix implies.
fn provider_of(type_name: &str) -> String {
    if type_name.starts_with("terraform_") {
        return "provider[\"terraform.io/builtin/terraform\"]".into();
    }
    let prefix = type_name.split('_').next().unwrap_or(type_name);
    format!("provider[\"registry.terraform.io/hashicorp/{prefix}\"]")
}
