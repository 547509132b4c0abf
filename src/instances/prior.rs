//! The prior state: what data sources read and what managed resources
//! computed last time, and which computed attributes the plan makes
//! unknown again.

use std::cell::OnceCell;

use crate::addrs::{AbsResourceInstance, InstanceKey, ModuleInstance, ResourceMode};
use crate::config::Resource;
use crate::lang::unknown::{Origin, holds_origin_text};
use crate::lang::value::{Type, Value};

use super::prior_state::{PriorObject, PriorState};
use super::run::{Run, Walk};

/// One prior object as evaluation reads it: its recorded value, looked up
/// once, and what the plan does to it, decided once for all its computed
/// attributes.
pub(super) struct PriorInstance<'r> {
    pub(super) addr: AbsResourceInstance,
    /// The address as text (what an unknown names), made on first need.
    text: OnceCell<String>,
    object: PriorObject<'r>,
    /// None inside: the configuration failed, so the recorded values stand.
    change: OnceCell<Option<PlannedChange>>,
    /// The configured object (`Run::resource_config_value`), when the
    /// caller has read it already.
    configured: OnceCell<Value>,
}

/// The plan's change to an object that has a schema, compared only as
/// far as a reference asks: whether it is replaced (the arguments that
/// force it), and for `terraform_data`'s `output` whether `input` changes.
struct PlannedChange {
    configured: Value,
    replaced: bool,
    input_changed: OnceCell<bool>,
}

impl<'r> PriorInstance<'r> {
    fn text(&self) -> String {
        self.text.get_or_init(|| self.addr.text()).clone()
    }

    /// Whether the prior state records the object.
    pub(super) fn has_record(&self) -> bool {
        self.object.has_record()
    }

    /// The attribute names the recorded object has, if it is one.
    pub(super) fn recorded_names(&self) -> Option<impl Iterator<Item = &'r String> + use<'r>> {
        self.object.recorded()?.as_mapping().map(|m| m.keys())
    }

    /// Gives the object's configured value, as `resource_config_value`
    /// would read it, so that its planned change does not read it again.
    pub(super) fn set_configured(&self, configured: Value) {
        let _ = self.configured.set(configured);
    }
}

impl<'c> Run<'c> {
    /// Takes recorded values from a prior state: data sources read what the
    /// state holds, and attributes the configuration does not set (`id`)
    /// are the recorded ones for objects that already exist.
    pub fn with_prior_state(mut self, state: &crate::state::State) -> Run<'c> {
        // The later of two records of one address wins, as in file order.
        let index = crate::state::InstanceIndex::new(state, crate::state::Wins::Last);
        self.prior = PriorState::new(index);
        self
    }

    /// Marks data source instances the plan reads during apply: terraform
    /// plans such a read from its configuration with every computed
    /// attribute unknown (`objchange.PlannedDataResourceObject`), so what
    /// reads them sees unknowns, not the state's record.
    pub fn with_deferred_reads(
        mut self,
        reads: std::collections::BTreeSet<AbsResourceInstance>,
    ) -> Run<'c> {
        self.deferred_reads = reads;
        self
    }

    /// An attribute the provider decides: the recorded value when the prior
    /// state has the object, else unknown (knowing its origin in refactors).
    /// A data source's unknown always knows its origin: the plan asks
    /// whether a value waits only on data sources that are read while
    /// planning (see `plan::diff`), which terraform would know.
    pub(super) fn computed_attr(
        &self,
        module: &ModuleInstance,
        r: &Resource,
        key: &InstanceKey,
        attr: &str,
    ) -> Value {
        let addr = r.addr().absolute(module.clone()).instance(key.clone());
        self.computed_attr_at(r, &self.prior_instance(addr), attr)
    }

    /// The prior object at `addr`, looked up once for every computed
    /// attribute a caller asks of it.
    pub(super) fn prior_instance(&self, addr: AbsResourceInstance) -> PriorInstance<'_> {
        let object = self.prior.object(&addr);
        PriorInstance {
            addr,
            text: OnceCell::new(),
            object,
            change: OnceCell::new(),
            configured: OnceCell::new(),
        }
    }

    /// `computed_attr` of the instance `at`.
    pub(super) fn computed_attr_at(&self, r: &Resource, at: &PriorInstance, attr: &str) -> Value {
        if r.mode == ResourceMode::Data && self.deferred_reads.contains(&at.addr) {
            return Value::Unknown(Type::Dynamic, Some(Origin::attr(at.text(), attr)));
        }
        if let Some(planned) = self.planned_computed_attr(r, at, attr) {
            return planned;
        }
        if let Some(created) = self.created_output(r, at, attr) {
            return created;
        }
        // Where the schema lists every attribute, a recorded null is the
        // value; without one it may be an optional argument the provider
        // computes, so a refactor reads it as unknown. A plan keeps it: the
        // provider plans an object it does not replace from its prior value.
        let schema = self.exact_schema(r);
        // A record made with an older schema lacks what the current one
        // added: upgraded to it, the object has them null (or no blocks).
        // A refactor's stand-in prior state leaves out what only apply
        // knows, which is no upgrade.
        if let (Some(s), Some(m)) = (&schema, at.object.recorded().and_then(Value::as_mapping))
            && !self.opts.track_origins
            && !m.contains_key(attr)
            && let Some(v) = s.upgraded_absent(attr)
        {
            return v;
        }
        let exact = schema.is_some()
            || (self.opts.walk == Walk::Plan
                && !self.opts.track_origins
                && r.mode == ResourceMode::Managed);
        let recorded = at
            .object
            .recorded()
            // An attribute the object lacks is no record (and no error to
            // build: whole-object references ask for every name read).
            .filter(|v| v.as_mapping().is_none_or(|m| m.contains_key(attr)))
            .and_then(|v| crate::lang::eval::get_attr(v.clone(), attr, &r.decl_range).ok())
            .filter(|v| exact || !v.is_null())
            // A refactor's stand-in prior state records what only apply
            // will know as text: that is no value, and never read as one.
            .filter(|v| !(self.opts.track_origins && holds_origin_text(v)));
        recorded.unwrap_or_else(|| {
            let origin = (self.opts.track_origins || r.mode == ResourceMode::Data)
                .then(|| Origin::attr(at.text(), attr));
            Value::Unknown(Type::Dynamic, origin)
        })
    }

    /// The `output` of a `terraform_data` the plan creates: null when its
    /// `input` is (terraform's plan knows it), else None (unknown until
    /// apply).
    fn created_output(&self, r: &Resource, at: &PriorInstance, attr: &str) -> Option<Value> {
        if at.has_record()
            || self.opts.walk != Walk::Plan
            || r.type_name != "terraform_data"
            || r.mode != ResourceMode::Managed
            || attr != "output"
        {
            return None;
        }
        let input = match r.attributes.iter().any(|a| a.name == "input") {
            true => self
                .resource_attr(&at.addr.module, r.key(), &at.addr.resource.key, "input")
                .ok()?,
            false => Value::null(),
        };
        input.is_null().then(Value::null)
    }

    /// A computed attribute of an object that already exists, when the
    /// plan changes it: terraform's plan makes it unknown for dependents.
    /// Known only where a schema says how the object changes: replaced
    /// (every computed attribute), or a `terraform_data` whose `input`
    /// changes (`output`). None: the recorded value stands.
    fn planned_computed_attr(&self, r: &Resource, at: &PriorInstance, attr: &str) -> Option<Value> {
        if self.opts.walk != Walk::Plan || r.mode != ResourceMode::Managed {
            return None;
        }
        let recorded = at.object.recorded()?;
        let schema = crate::providers::schema::Schemas::resource(self.schemas(), &r.type_name)?;
        if !schema.attributes.get(attr)?.computed {
            return None;
        }
        // The same for every computed attribute of the object: once.
        let change = match at.change.get() {
            Some(c) => c,
            None => {
                let configured = match at.configured.get() {
                    Some(c) => Ok(c.clone()),
                    None => self.resource_config_value(&at.addr),
                };
                let c = configured.ok().map(|configured| {
                    let replaced = at.object.is_tainted()
                        || crate::providers::schema::change_replaces(
                            &schema,
                            &r.type_name,
                            &configured,
                            recorded,
                        );
                    PlannedChange {
                        configured,
                        replaced,
                        input_changed: OnceCell::new(),
                    }
                });
                // A computation that asked again (a cycle) set it first.
                let _ = at.change.set(c);
                at.change.get()?
            }
        };
        let PlannedChange {
            configured,
            replaced,
            input_changed,
        } = change.as_ref()?;
        let input = || {
            configured
                .as_mapping()
                .and_then(|m| m.get("input"))
                .cloned()
        };
        let input_changed = || {
            *input_changed.get_or_init(|| {
                crate::providers::schema::changes_any_of(&schema, configured, recorded, &["input"])
            })
        };
        let unknown = |ty: Type| {
            let origin = self
                .opts
                .track_origins
                .then(|| Origin::attr(at.text(), attr));
            Value::Unknown(ty, origin)
        };
        match (r.type_name.as_str(), attr) {
            // resource_data.go: the output has the input's type; a new
            // object with a null input has a null output.
            ("terraform_data", "output") if *replaced || input_changed() => {
                match input().unwrap_or_else(Value::null) {
                    v if v.is_null() && *replaced => Some(Value::null()),
                    v => Some(unknown(v.ty()).mark_if(v.has_marks_deep())),
                }
            }
            _ if *replaced => Some(unknown(Type::Dynamic)),
            _ => None,
        }
    }

    /// A resource as the console sees it: its recorded instances when the
    /// prior state has them, else unknown.
    pub(super) fn recorded_resource_value(&self, res: &crate::addrs::AbsResource) -> Value {
        let mut instances = self.prior.objects_of(res);
        if instances.is_empty() {
            return Value::unknown();
        }
        instances.sort_by(|a, b| a.key.cmp(&b.key));
        match instances[0].key {
            InstanceKey::NoKey => instances[0].value(),
            InstanceKey::Int(_) => Value::Tuple(instances.into_iter().map(|o| o.value()).collect()),
            InstanceKey::Str(_) => Value::Object(
                instances
                    .into_iter()
                    .filter_map(|o| match &o.key {
                        InstanceKey::Str(k) => Some((k.clone(), o.value())),
                        _ => None,
                    })
                    .collect(),
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::addrs::{AbsResourceInstance, InstanceKey, ModuleInstance};
    use crate::instances::testing::{corpus, load, load_dir, run};
    use crate::instances::{RunOptions, Walk};
    use crate::lang::value::Value;
    use crate::state::State;

    const CASE: &str = "plans/output-of-updated-resource-unknown";

    /// The state terraform wrote applying the case's old configuration.
    fn prior() -> State {
        State::read(&corpus(CASE).join("expected/prior.tfstate")).unwrap()
    }

    fn recorded(state: &State, addr: &str, attr: &str) -> Value {
        let addr = AbsResourceInstance::parse(addr).unwrap();
        let (_, i) = state.instances().find(|(a, _)| *a == addr).unwrap();
        i.value().as_mapping().unwrap()[attr].clone()
    }

    /// Unchanged, a computed attribute is what the state recorded.
    #[test]
    fn a_computed_attribute_is_the_recorded_one() {
        let config = load_dir(&corpus(CASE).join("old"));
        let state = prior();
        let run = run(&config, RunOptions::default()).with_prior_state(&state);
        let root = ModuleInstance::default();
        let id = run.resource_attr(&root, "terraform_data.a", &InstanceKey::NoKey, "id");
        assert_eq!(id.unwrap(), recorded(&state, "terraform_data.a", "id"));
        let b = run.resource_attr(&root, "terraform_data.b", &InstanceKey::NoKey, "input");
        assert_eq!(b.unwrap(), Value::string("y-x"));
        assert_eq!(
            recorded(&state, "terraform_data.b", "input"),
            Value::string("y-x")
        );
    }

    /// The plan changes `a.input`, so `a.output` is unknown to `b` (the
    /// recorded plan: `output = "x" -> (known after apply)`, and `b.input`
    /// known after apply too); the console, which plans nothing, reads the
    /// record.
    #[test]
    fn a_computed_attribute_of_a_changed_object_is_unknown_while_planning() {
        let plan = std::fs::read_to_string(corpus(CASE).join("expected/plan.txt")).unwrap();
        assert!(plan.contains("~ output = \"x\" -> (known after apply)"));
        assert!(plan.contains("~ input  = \"y-x\" -> (known after apply)"));
        let config = load_dir(&corpus(CASE).join("new"));
        let state = prior();
        let root = ModuleInstance::default();
        let key = InstanceKey::NoKey;
        let run = run(&config, RunOptions::default()).with_prior_state(&state);
        let output = run.resource_attr(&root, "terraform_data.a", &key, "output");
        assert!(output.unwrap().is_unknown());
        let input = run.resource_attr(&root, "terraform_data.b", &key, "input");
        assert!(input.unwrap().is_unknown());
        let opts = RunOptions {
            walk: Walk::Eval,
            ..RunOptions::default()
        };
        let console = super::super::testing::run(&config, opts).with_prior_state(&state);
        let output = console.resource_attr(&root, "terraform_data.a", &key, "output");
        assert_eq!(
            output.unwrap(),
            recorded(&state, "terraform_data.a", "output")
        );
    }

    /// Not recorded, a computed attribute is unknown; in a refactor it
    /// names the object and attribute it stands for.
    #[test]
    fn an_unrecorded_attribute_is_unknown_naming_its_origin() {
        let (_dir, config) = load(&[("main.tf", "resource \"terraform_data\" \"a\" {}\n")]);
        let root = ModuleInstance::default();
        let key = InstanceKey::NoKey;
        let run = run(&config, RunOptions::default());
        let id = run
            .resource_attr(&root, "terraform_data.a", &key, "id")
            .unwrap();
        assert!(id.is_unknown());
        assert!(id.origin().is_none());
        let opts = RunOptions {
            track_origins: true,
            ..RunOptions::default()
        };
        let run = super::super::testing::run(&config, opts);
        let id = run
            .resource_attr(&root, "terraform_data.a", &key, "id")
            .unwrap();
        assert_eq!(
            id.origin().map(ToString::to_string).as_deref(),
            Some("terraform_data.a.id")
        );
    }

    /// A data source is read with its configured arguments and answers with
    /// what it read: `region = var.region` (null) is a null argument, known,
    /// while `data.aws_region.current.region` is the state's record.
    #[test]
    fn a_data_source_is_configured_by_its_arguments_and_reads_its_record() {
        let (_dir, config) = load(&[(
            "main.tf",
            r#"
variable "region" {
  default = null
}
data "aws_region" "current" {
  region = var.region
}
data "aws_caller_identity" "me" {}
output "region" {
  value = data.aws_region.current.region
}
output "account" {
  value = data.aws_caller_identity.me.account_id
}
"#,
        )]);
        let current = AbsResourceInstance::parse("data.aws_region.current").unwrap();
        let state = State::from_json(
            r#"{"version": 4, "terraform_version": "1.11.4", "serial": 1, "lineage": "l",
              "outputs": {}, "resources": [{"mode": "data", "type": "aws_region",
              "name": "current", "provider": "provider[\"registry.terraform.io/hashicorp/aws\"]",
              "instances": [{"schema_version": 0,
                             "attributes": {"id": "r", "region": "eu-west-1"}}]}]}"#,
        )
        .unwrap();
        let run = run(&config, RunOptions::default()).with_prior_state(&state);
        let configured = run.resource_config_value(&current).unwrap();
        assert_eq!(
            configured,
            Value::Object([("region".to_string(), Value::null())].into())
        );
        assert!(configured.is_wholly_known());
        let root = ModuleInstance::default();
        assert_eq!(
            run.output(&root, "region").unwrap(),
            Value::string("eu-west-1")
        );
        // Not recorded: unknown, naming what it stands for even outside a
        // refactor, so the plan can tell it is read while planning.
        let account = run.output(&root, "account").unwrap();
        assert!(account.is_unknown());
        assert_eq!(
            account.origin().map(ToString::to_string).as_deref(),
            Some("data.aws_caller_identity.me.account_id")
        );
    }
    /// What a data source's configuration sets is its value at plan time,
    /// state or no state (the read returns it; a read deferred to apply
    /// plans it from the configuration): a `for_each` over keys built from
    /// it is known. What it leaves unset is the state's, else unknown.
    #[test]
    fn a_data_source_argument_the_configuration_sets_is_known() {
        let (_dir, config) = load(&[(
            "main.tf",
            r#"
data "aws_partition" "current" {
  partition = "aws"
}
resource "terraform_data" "attach" {
  for_each = toset(["arn:${data.aws_partition.current.partition}:iam::aws:policy/ReadOnlyAccess"])
}
output "suffix" {
  value = data.aws_partition.current.dns_suffix
}
"#,
        )]);
        let state = State::from_json(
            r#"{"version": 4, "terraform_version": "1.11.4", "serial": 1, "lineage": "l",
              "outputs": {}, "resources": [{"mode": "data", "type": "aws_partition",
              "name": "current", "provider": "provider[\"registry.terraform.io/hashicorp/aws\"]",
              "instances": [{"schema_version": 0,
                             "attributes": {"id": "p", "partition": "aws-cn",
                                            "dns_suffix": "amazonaws.com.cn"}}]}]}"#,
        )
        .unwrap();
        let root = ModuleInstance::default();
        let key = InstanceKey::NoKey;
        for state in [None, Some(&state)] {
            let mut run = run(&config, RunOptions::default());
            if let Some(s) = state {
                run = run.with_prior_state(s);
            }
            assert_eq!(
                run.resource_attr(&root, "data.aws_partition.current", &key, "partition")
                    .unwrap(),
                Value::string("aws")
            );
            let instances: Vec<String> = run
                .resource_instances()
                .unwrap()
                .iter()
                .map(AbsResourceInstance::text)
                .collect();
            assert!(instances.contains(
                &r#"terraform_data.attach["arn:aws:iam::aws:policy/ReadOnlyAccess"]"#.to_string()
            ));
            let suffix = run.output(&root, "suffix").unwrap();
            match state {
                Some(_) => assert_eq!(suffix, Value::string("amazonaws.com.cn")),
                None => assert!(suffix.is_unknown()),
            }
        }
    }
}
