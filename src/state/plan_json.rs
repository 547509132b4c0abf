//! A saved plan as `terraform show -json PLANFILE` prints it (tfautomv's
//! `-preplanned`): the prior objects as terraform refreshed them
//! (`prior_state`, data sources read during planning included), the values
//! planned for each object the plan creates (`resource_changes[].change.
//! after`, with `after_unknown` saying what only apply knows), and the root
//! variables the plan was made with. A team that plans in CI has all
//! three; the provider's normalised strings and plan-time computed values
//! in them are what a state alone cannot give.
//!
//! The prior objects are read into a [`State`] for the planner; they are
//! not a state file terraform could read back (dynamic attributes lose
//! their recorded types), so nothing here is ever written.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use serde_json::{Map, Value as Json};

use crate::addrs::{AbsResourceInstance, ResourceMode};
use crate::diagnostics::Diagnostic;
use crate::lang::value::Value;

use super::attributes::untyped;
use super::{AttrPath, PathStep, State, StateInstance, StateResource};

const INVALID: &str = "Invalid plan file";
const UNSUPPORTED: &str = "Unsupported plan format";

/// What `refactor --plan` takes from a plan.
#[derive(Clone, Debug)]
pub struct SavedPlan {
    /// `prior_state`: every object the plan started from.
    pub prior: State,
    /// Objects the plan creates: the planned values and which are unknown.
    pub creates: BTreeMap<AbsResourceInstance, Planned>,
    /// Managed instances the planned configuration declares (every change
    /// but a destroy), for telling a plan of another configuration.
    pub declared: BTreeSet<AbsResourceInstance>,
    /// Moves the plan already made: (previous address, address).
    pub moves: BTreeSet<(AbsResourceInstance, AbsResourceInstance)>,
    /// The root variables the plan was made with.
    pub variables: Vec<(String, Value)>,
}

/// One created object's `change`: `after`, `after_unknown` and
/// `after_sensitive`, each in the shape of the values.
#[derive(Clone, Debug, PartialEq)]
pub struct Planned {
    pub after: Json,
    pub unknown: Json,
    pub sensitive: Json,
}

impl SavedPlan {
    /// Reads the JSON of a plan; the file is only read.
    pub fn read(path: &Path) -> Result<SavedPlan, Box<Diagnostic>> {
        let bytes = std::fs::read(path).map_err(|e| {
            Diagnostic::error(
                "Failed to read plan file",
                format!("The plan file {} could not be read: {e}.", path.display()),
            )
        })?;
        // A saved plan itself is a zip archive: say how to get its JSON.
        if bytes.starts_with(b"PK\x03\x04") {
            return Err(Diagnostic::error(
                INVALID,
                format!(
                    "{} is a saved plan in terraform's binary format. Give its JSON form instead: terraform show -json {} > plan.json",
                    path.display(),
                    path.display()
                ),
            ).into());
        }
        SavedPlan::from_json(&String::from_utf8_lossy(&bytes))
    }

    /// Parses the JSON of a plan.
    pub fn from_json(text: &str) -> Result<SavedPlan, Box<Diagnostic>> {
        let doc: Json = serde_json::from_str(text).map_err(|e| {
            Diagnostic::error(
                INVALID,
                format!(
                    "The plan file could not be parsed as JSON: {e}. Give the output of terraform show -json PLANFILE."
                ),
            )
        })?;
        check_format(&doc)?;
        if doc.get("errored") == Some(&Json::Bool(true)) {
            return Err(Diagnostic::error(
                "The plan has errors",
                "terraform could not finish this plan (\"errored\": true), so its planned values are incomplete. Fix the errors, then plan again.",
            ).into());
        }
        let prior = match doc.get("prior_state") {
            Some(s) if !s.is_null() => prior_state(s)?,
            _ => State::new(""),
        };
        let mut plan = SavedPlan {
            prior,
            creates: BTreeMap::new(),
            declared: BTreeSet::new(),
            moves: BTreeSet::new(),
            variables: Vec::new(),
        };
        for rc in array(&doc, "resource_changes")? {
            plan.resource_change(rc)?;
        }
        if let Some(vars) = doc.get("variables").and_then(Json::as_object) {
            for (name, v) in vars {
                if let Some(value) = v.get("value") {
                    plan.variables.push((name.clone(), untyped(value)));
                }
            }
        }
        Ok(plan)
    }

    fn resource_change(&mut self, rc: &Json) -> Result<(), Box<Diagnostic>> {
        let addr = address(rc)?;
        let change = rc.get("change").unwrap_or(&Json::Null);
        let actions: Vec<&str> = change
            .get("actions")
            .and_then(Json::as_array)
            .map(|a| a.iter().filter_map(Json::as_str).collect())
            .unwrap_or_default();
        if rc.get("deposed").is_some() || addr.resource.resource.mode != ResourceMode::Managed {
            return Ok(());
        }
        if !matches!(actions.as_slice(), ["delete"] | ["forget"]) {
            self.declared.insert(addr.clone());
        }
        if let Some(prev) = rc.get("previous_address").and_then(Json::as_str) {
            let prev = AbsResourceInstance::parse(prev).map_err(|_| bad_address(prev))?;
            self.moves.insert((prev, addr.clone()));
        }
        if actions.contains(&"create") {
            let get = |k: &str| change.get(k).cloned().unwrap_or(Json::Null);
            let planned = Planned {
                after: get("after"),
                unknown: get("after_unknown"),
                sensitive: get("after_sensitive"),
            };
            self.creates.insert(addr, planned);
        }
        Ok(())
    }

    /// The values the plan gives a created object, over `configured` (its
    /// configuration's values): where the plan knows a value it wins, as
    /// the provider normalised or computed it; where only apply knows it,
    /// the configured value (and the reference it follows) stays. None
    /// when the plan does not create the object.
    pub fn planned(&self, addr: &AbsResourceInstance, configured: &Value) -> Option<Value> {
        let p = self.creates.get(addr)?;
        Some(merge(configured, &p.after, &p.unknown, &p.sensitive))
    }

    /// Whether the plan is one of this configuration, made without the new
    /// blocks: the same managed instances as `declared` (what the
    /// configuration plans to keep or create), and no move that its own
    /// `moves` (the configuration's moved blocks) do not make.
    pub fn check_matches(
        &self,
        declared: &BTreeSet<AbsResourceInstance>,
        moves: &BTreeSet<(AbsResourceInstance, AbsResourceInstance)>,
        dir: &str,
    ) -> Result<(), Box<Diagnostic>> {
        let only_plan: Vec<String> = self
            .declared
            .difference(declared)
            .map(ToString::to_string)
            .collect();
        let only_config: Vec<String> = declared
            .difference(&self.declared)
            .map(ToString::to_string)
            .collect();
        if !only_plan.is_empty() || !only_config.is_empty() {
            let mut detail = format!(
                "The plan was not made from {dir} as it is now, so its planned values cannot be paired with it."
            );
            if !only_plan.is_empty() {
                detail.push_str(&format!(
                    " The plan has {}, which {dir} does not declare.",
                    some(&only_plan)
                ));
            }
            if !only_config.is_empty() {
                detail.push_str(&format!(
                    " {dir} declares {}, which the plan does not have.",
                    some(&only_config)
                ));
            }
            detail.push_str(&format!(
                " Plan {dir} again and give terraform show -json of that plan."
            ));
            return Err(Diagnostic::error("Plan does not match the configuration", detail).into());
        }
        if let Some((from, to)) = self.moves.difference(moves).next() {
            return Err(Diagnostic::error(
                "Plan made with the new moved blocks",
                format!(
                    "The plan moves {from} to {to}, which no moved block in {dir} declares: it was made with blocks that are no longer there (or with the ones minimod is to find). Plan {dir} without them and give terraform show -json of that plan."
                ),
            ).into());
        }
        Ok(())
    }
}

/// The first few of a list, and how many more.
fn some(items: &[String]) -> String {
    let shown = items.iter().take(3).cloned().collect::<Vec<_>>().join(", ");
    match items.len() {
        n if n > 3 => format!("{shown} (and {} more)", n - 3),
        _ => shown,
    }
}

/// A plan's JSON has `format_version` 1.x and `planned_values`; the JSON of
/// a state (show -json without a plan) has `values` instead.
fn check_format(doc: &Json) -> Result<(), Box<Diagnostic>> {
    let Some(obj) = doc.as_object() else {
        return Err(Diagnostic::error(
            INVALID,
            "The plan file is not a JSON object. Give the output of terraform show -json PLANFILE.",
        )
        .into());
    };
    if obj.get("version").is_some() && obj.get("format_version").is_none() {
        return Err(Diagnostic::error(
            INVALID,
            "This is a state file, not a plan: give it with --state, or give --plan the output of terraform show -json PLANFILE.",
        ).into());
    }
    let Some(version) = obj.get("format_version") else {
        return Err(Diagnostic::error(
            INVALID,
            "The file has no \"format_version\": it is not the output of terraform show -json PLANFILE.",
        ).into());
    };
    let major = version.as_str().and_then(|v| v.split('.').next());
    if major != Some("1") {
        return Err(Diagnostic::error(
            UNSUPPORTED,
            format!(
                "The plan's format_version is {version}; minimod reads format 1.x, which terraform 0.12 and later and OpenTofu write."
            ),
        ).into());
    }
    if obj.get("planned_values").is_none() {
        let what = match obj.contains_key("values") {
            true => "This is terraform show -json of a state, not of a plan",
            false => "The file has no \"planned_values\": it is not the JSON of a plan",
        };
        return Err(Diagnostic::error(
            INVALID,
            format!(
                "{what}. Save a plan (terraform plan -out=PLANFILE) and give terraform show -json PLANFILE."
            ),
        ).into());
    }
    Ok(())
}

fn array<'a>(doc: &'a Json, key: &str) -> Result<&'a [Json], Box<Diagnostic>> {
    match doc.get(key) {
        None | Some(Json::Null) => Ok(&[]),
        Some(Json::Array(items)) => Ok(items),
        Some(_) => {
            Err(Diagnostic::error(INVALID, format!("The plan's \"{key}\" is not a list.")).into())
        }
    }
}

fn bad_address(a: &str) -> Diagnostic {
    Diagnostic::error(
        INVALID,
        format!("The plan names the resource instance address {a:?}, which is not valid."),
    )
}

fn address(entry: &Json) -> Result<AbsResourceInstance, Box<Diagnostic>> {
    let a = entry
        .get("address")
        .and_then(Json::as_str)
        .ok_or_else(|| Diagnostic::error(INVALID, "A resource in the plan has no \"address\"."))?;
    AbsResourceInstance::parse(a).map_err(|_| bad_address(a).into())
}

/// `prior_state` (the state's JSON form: `values.root_module` with
/// `resources` and nested `child_modules`) as a state. Deposed objects are
/// left out: they are destroyed whatever the refactor does.
fn prior_state(s: &Json) -> Result<State, Box<Diagnostic>> {
    let version = s
        .get("terraform_version")
        .and_then(Json::as_str)
        .unwrap_or_default();
    let mut state = State::new(version);
    let mut modules: Vec<&Json> = s
        .get("values")
        .and_then(|v| v.get("root_module"))
        .into_iter()
        .collect();
    while let Some(m) = modules.pop() {
        for r in array(m, "resources")? {
            if r.get("deposed_key").is_some() {
                continue;
            }
            add_object(&mut state, r)?;
        }
        modules.extend(array(m, "child_modules")?);
    }
    Ok(state)
}

fn add_object(state: &mut State, r: &Json) -> Result<(), Box<Diagnostic>> {
    let addr = address(r)?;
    let provider = r
        .get("provider_name")
        .and_then(Json::as_str)
        .map(|p| format!("provider[\"{p}\"]"));
    let instance = StateInstance {
        schema_version: r.get("schema_version").and_then(Json::as_u64).unwrap_or(0),
        attributes: Some(
            r.get("values")
                .cloned()
                .unwrap_or(Json::Object(Map::new()))
                .into(),
        ),
        sensitive_attributes: Some(sensitive_paths(
            r.get("sensitive_values").unwrap_or(&Json::Null),
        )),
        ..StateInstance::new(addr.resource.key.clone())
    };
    let resource = addr.containing_resource();
    if let Some(existing) = state.resources.iter_mut().find(|r| r.addr == resource) {
        if existing.instances.iter().any(|i| i.key == instance.key) {
            return Err(Diagnostic::error(
                INVALID,
                format!("The plan's prior state has {addr} more than once."),
            )
            .into());
        }
        existing.instances.push(instance);
        return Ok(());
    }
    state.resources.push(StateResource {
        addr: resource,
        each: None,
        provider,
        instances: vec![instance].into(),
        extra: Map::new(),
    });
    Ok(())
}

/// `sensitive_values` (the values' shape, `true` where sensitive) as
/// state paths.
fn sensitive_paths(v: &Json) -> Vec<AttrPath> {
    fn walk(v: &Json, path: &mut AttrPath, out: &mut Vec<AttrPath>) {
        match v {
            Json::Bool(true) => out.push(path.clone()),
            Json::Object(m) => {
                for (k, child) in m {
                    path.push(PathStep::GetAttr(k.clone()));
                    walk(child, path, out);
                    path.pop();
                }
            }
            Json::Array(items) => {
                for (i, child) in items.iter().enumerate() {
                    path.push(PathStep::Index(
                        serde_json::json!({ "value": i, "type": "number" }),
                    ));
                    walk(child, path, out);
                    path.pop();
                }
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    walk(v, &mut Vec::new(), &mut out);
    out
}

/// The configured value with the plan's known values laid over it (see
/// [`SavedPlan::planned`]). Marks stay where the configuration put them,
/// and are added where the plan says a value is sensitive (a provider's
/// sensitive attribute), so no report shows it.
fn merge(configured: &Value, after: &Json, unknown: &Json, sensitive: &Json) -> Value {
    if *unknown == Json::Bool(true) {
        return configured.clone();
    }
    let (inner, marked) = configured.unmark();
    let marked = marked || *sensitive == Json::Bool(true);
    let at = |j: &Json, k: &str| j.get(k).cloned().unwrap_or(Json::Null);
    let at_i = |j: &Json, i: usize| j.get(i).cloned().unwrap_or(Json::Null);
    let merged = match (inner, after) {
        (Value::Object(m) | Value::Map(_, m), Json::Object(a)) => Value::Object(
            m.iter()
                .map(|(k, v)| {
                    let v = match a.get(k) {
                        Some(j) => merge(v, j, &at(unknown, k), &at(sensitive, k)),
                        None => v.clone(),
                    };
                    (k.clone(), v)
                })
                .collect(),
        ),
        (Value::List(_, items) | Value::Tuple(items), Json::Array(a)) if items.len() == a.len() => {
            Value::Tuple(
                items
                    .iter()
                    .zip(a)
                    .enumerate()
                    .map(|(i, (v, j))| merge(v, j, &at_i(unknown, i), &at_i(sensitive, i)))
                    .collect(),
            )
        }
        // Set elements have no place to match by: the plan's whole set
        // when it knows every element.
        (Value::Set(..), Json::Array(_)) if !has_true(unknown) => untyped(after),
        (Value::Set(..) | Value::List(..) | Value::Tuple(_), _) if has_true(unknown) => {
            inner.clone()
        }
        // Unknown in a configuration, null in the plan, is only apply's
        // (after leaves unknown elements null).
        (_, Json::Null) if !inner.is_null() => inner.clone(),
        _ => untyped(after),
    };
    if marked { merged.mark() } else { merged }
}

fn has_true(v: &Json) -> bool {
    match v {
        Json::Bool(b) => *b,
        Json::Array(items) => items.iter().any(has_true),
        Json::Object(m) => m.values().any(has_true),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn plan(doc: Json) -> Result<SavedPlan, Box<Diagnostic>> {
        SavedPlan::from_json(&doc.to_string())
    }

    fn minimal() -> Json {
        json!({
            "format_version": "1.2",
            "terraform_version": "1.11.4",
            "planned_values": { "root_module": {} },
            "prior_state": {
                "format_version": "1.0",
                "values": { "root_module": {
                    "resources": [{
                        "address": "terraform_data.app", "mode": "managed",
                        "type": "terraform_data", "name": "app",
                        "provider_name": "terraform.io/builtin/terraform",
                        "schema_version": 0,
                        "values": { "id": "u1", "input": "x", "secret": "s" },
                        "sensitive_values": { "secret": true }
                    }],
                    "child_modules": [{
                        "address": "module.net",
                        "resources": [{
                            "address": "module.net.terraform_data.vpc[\"a\"]",
                            "mode": "managed", "type": "terraform_data", "name": "vpc",
                            "index": "a",
                            "provider_name": "terraform.io/builtin/terraform",
                            "values": { "id": "u2" }
                        }, {
                            "address": "module.net.terraform_data.vpc[\"b\"]",
                            "mode": "managed", "type": "terraform_data", "name": "vpc",
                            "index": "b", "deposed_key": "00000001",
                            "provider_name": "terraform.io/builtin/terraform",
                            "values": { "id": "u3" }
                        }]
                    }]
                }}
            },
            "resource_changes": [
                { "address": "terraform_data.app", "mode": "managed",
                  "change": { "actions": ["delete"], "before": {}, "after": null } },
                { "address": "terraform_data.svc", "mode": "managed",
                  "change": { "actions": ["create"],
                              "after": { "input": { "n": "app", "vpc": null, "pw": "hunter2" } },
                              "after_unknown": { "id": true, "output": true, "input": { "vpc": true } },
                              "after_sensitive": { "input": { "pw": true } } } },
                { "address": "module.net.terraform_data.vpc[\"a\"]", "mode": "managed",
                  "change": { "actions": ["no-op"] } },
                { "address": "data.terraform_remote_state.x", "mode": "data",
                  "change": { "actions": ["read"] } }
            ],
            "variables": { "env": { "value": "prod" } }
        })
    }

    fn addr(s: &str) -> AbsResourceInstance {
        AbsResourceInstance::parse(s).unwrap()
    }

    #[test]
    fn reads_prior_objects_planned_creates_and_variables() {
        let p = plan(minimal()).unwrap();
        let prior: Vec<String> = p.prior.instances().map(|(a, _)| a.to_string()).collect();
        assert_eq!(
            prior,
            ["terraform_data.app", "module.net.terraform_data.vpc[\"a\"]"],
            "deposed objects left out"
        );
        let app = p.prior.instances().next().unwrap().1.value();
        let m = app.as_mapping().unwrap();
        assert!(m["secret"].has_marks_deep(), "sensitive_values mark");
        assert!(!m["input"].has_marks_deep());
        assert_eq!(
            p.declared,
            [
                addr("terraform_data.svc"),
                addr("module.net.terraform_data.vpc[\"a\"]")
            ]
            .into_iter()
            .collect()
        );
        assert_eq!(p.variables, [("env".to_string(), Value::string("prod"))]);
    }

    #[test]
    fn planned_values_win_where_known_and_configured_ones_stay_where_not() {
        let p = plan(minimal()).unwrap();
        let origin = Value::Unknown(
            crate::lang::value::Type::Dynamic,
            Some(crate::lang::unknown::Origin::attr(
                "terraform_data.vpc",
                "id",
            )),
        );
        let configured = Value::Object(
            [
                (
                    "input".to_string(),
                    Value::Object(
                        [
                            ("n".to_string(), Value::unknown()),
                            ("vpc".to_string(), origin.clone()),
                            ("pw".to_string(), Value::string("hunter2")),
                        ]
                        .into_iter()
                        .collect(),
                    ),
                ),
                ("triggers_replace".to_string(), Value::null()),
            ]
            .into_iter()
            .collect(),
        );
        let got = p.planned(&addr("terraform_data.svc"), &configured).unwrap();
        let input = got.as_mapping().unwrap()["input"].clone();
        let input = input.as_mapping().unwrap();
        assert_eq!(input["n"], Value::string("app"), "known in the plan");
        assert!(
            input["pw"].has_marks_deep(),
            "the plan says it is sensitive"
        );
        assert!(!input["n"].has_marks_deep());
        assert_eq!(
            input["vpc"], origin,
            "only apply knows it: the reference stays"
        );
        assert!(
            p.planned(&addr("terraform_data.app"), &configured)
                .is_none()
        );
    }

    #[test]
    fn a_plan_of_another_configuration_is_refused() {
        let p = plan(minimal()).unwrap();
        let same = p.declared.clone();
        assert!(p.check_matches(&same, &BTreeSet::new(), "new").is_ok());
        let other: BTreeSet<_> = [addr("terraform_data.svc"), addr("terraform_data.db")]
            .into_iter()
            .collect();
        let d = p
            .check_matches(&other, &BTreeSet::new(), "new")
            .unwrap_err();
        assert_eq!(d.summary, "Plan does not match the configuration");
        assert!(
            d.detail.contains(
                "The plan has module.net.terraform_data.vpc[\"a\"], which new does not declare."
            ),
            "{}",
            d.detail
        );
        assert!(
            d.detail
                .contains("new declares terraform_data.db, which the plan does not have."),
            "{}",
            d.detail
        );
    }

    #[test]
    fn a_plan_made_with_moves_the_configuration_lacks_is_refused() {
        let mut doc = minimal();
        doc["resource_changes"][1]["previous_address"] = json!("terraform_data.app");
        let p = plan(doc).unwrap();
        let d = p
            .check_matches(&p.declared.clone(), &BTreeSet::new(), "new")
            .unwrap_err();
        assert_eq!(d.summary, "Plan made with the new moved blocks");
        let declared = [(addr("terraform_data.app"), addr("terraform_data.svc"))]
            .into_iter()
            .collect();
        assert!(
            p.check_matches(&p.declared.clone(), &declared, "new")
                .is_ok()
        );
    }

    #[test]
    fn files_that_are_not_plans_get_diagnostics() {
        let cases: Vec<(String, &str, &str)> = vec![
            ("not json".into(), INVALID, "could not be parsed as JSON"),
            ("[]".into(), INVALID, "not a JSON object"),
            (json!({"version": 4, "resources": []}).to_string(), INVALID, "This is a state file"),
            (json!({"format_version": "1.0", "values": {}}).to_string(), INVALID, "show -json of a state"),
            (json!({"format_version": "1.2"}).to_string(), INVALID, "no \"planned_values\""),
            (json!({"planned_values": {}}).to_string(), INVALID, "no \"format_version\""),
            (json!({"format_version": "2.0", "planned_values": {}}).to_string(), UNSUPPORTED, "format_version is \"2.0\""),
            (json!({"format_version": "1.2", "planned_values": {}, "errored": true}).to_string(), "The plan has errors", "errored"),
            (json!({"format_version": "1.2", "planned_values": {}, "resource_changes": [{"address": "no such"}]}).to_string(), INVALID, "not valid"),
        ];
        for (text, summary, detail) in cases {
            let d = SavedPlan::from_json(&text).unwrap_err();
            assert_eq!(d.summary, summary, "{text}");
            assert!(d.detail.contains(detail), "{text}: {}", d.detail);
        }
    }

    #[test]
    fn a_binary_plan_file_is_named_as_such() {
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("tfplan");
        std::fs::write(&f, b"PK\x03\x04rest").unwrap();
        let d = SavedPlan::read(&f).unwrap_err();
        assert!(d.detail.contains("terraform show -json"), "{}", d.detail);
    }
}
