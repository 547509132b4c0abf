//! Planning: what `terraform plan` would do with a configuration and a
//! prior state, in terraform's order ([`plan_configuration`] is the one
//! entry point): `moves` rewrites the prior state's addresses from `moved`
//! blocks and implied moves, and validates them; `removed` reads `removed`
//! blocks; `imports` reads `import` blocks and the objects they import;
//! `diff` compares the result with the expanded configuration. `render`
//! prints a plan and `apply` writes the state it leaves.

pub(crate) mod apply;
pub(crate) mod diff;
mod ignore_changes;
mod imports;
pub(crate) mod moves;
pub(crate) mod outputs;
pub(crate) mod removed;
pub(crate) mod render;

use crate::addrs::AbsResourceInstance;
use crate::config::{Config, Engine};
use crate::diagnostics::Diagnostics;
use crate::instances::{Reusable, RootInputs, Run, RunOptions};
use crate::lang::unknown::{Origin, origins_as_text, resolve};
use crate::lang::value::{Type, Value};
use crate::state::State;

pub(crate) use imports::ImportReader;
use moves::{MoveResults, MoveStatement};

#[cfg(test)]
#[path = "reuse_tests.rs"]
mod reuse_tests;

/// A plan and what it was made from: the prior state as the moves left it.
#[non_exhaustive]
pub struct Planned {
    pub plan: diff::Plan,
    pub moves: MoveResults,
    pub moved_prior: State,
    /// Blocks whose keys are known only after apply (when the run defers
    /// them), with the reason.
    pub deferred: Vec<(String, crate::diagnostics::Diagnostic)>,
}

/// Plans `config` against `prior` as terraform does: explicit and implied
/// moves rewrite the prior state, the moves are validated against the
/// expanded configuration, `removed` blocks apply, then the diff.
/// `extra` statements join the configuration's own (the refactor's
/// proof plans with the blocks it is about to write).
pub fn plan_configuration(
    config: &Config,
    inputs: RootInputs,
    prior: &State,
    engine: Engine,
    extra: &[MoveStatement],
    opts: RunOptions,
) -> Result<Planned, Diagnostics> {
    plan_configuration_importing(config, inputs, prior, engine, extra, opts, &|_, _| None)
}

/// `plan_configuration`, with `read` standing in for the provider's
/// import (the refactor knows a moved object from its source state).
pub(crate) fn plan_configuration_importing(
    config: &Config,
    inputs: RootInputs,
    prior: &State,
    engine: Engine,
    extra: &[MoveStatement],
    opts: RunOptions,
    read: &ImportReader,
) -> Result<Planned, Diagnostics> {
    let reused = Reusable::default();
    plan_configuration_run(config, inputs, prior, engine, extra, opts, read, reused).map(|(p, _)| p)
}

/// `plan_configuration_importing`, and the run that evaluated the
/// configuration against the moved prior state: what a caller that reads
/// more of the same evaluation (the refactor's new side) asks of it again
/// without evaluating everything twice. The run starts from `reused`:
/// another run's answers for the same module tree, inputs and options
/// (the refactor's proof takes them from the plan before its blocks).
#[allow(clippy::too_many_arguments)]
pub(crate) fn plan_configuration_run<'c>(
    config: &'c Config,
    inputs: RootInputs,
    prior: &State,
    engine: Engine,
    extra: &[MoveStatement],
    opts: RunOptions,
    read: &ImportReader,
    reused: Reusable,
) -> Result<(Planned, Run<'c>), Diagnostics> {
    let mut statements = moves::find_move_statements(config)?;
    statements.extend(extra.iter().cloned());
    let implied = moves::implied_move_statements(config, prior, &statements, engine);
    statements.extend(implied);
    let mut moved_prior = prior.clone();
    let results = moves::apply_moves(&statements, &mut moved_prior);
    // Both engines check `removed` blocks while building the plan graph:
    // after moves apply, before anything is evaluated or moves validated.
    let removed_statements = removed::find_remove_statements(config, engine)?;
    let origins = opts.track_origins;
    // A data source read during apply reads as unknown, which may change
    // what depends on it, and so defer more reads: planned again until the
    // set of deferred reads holds (it only grows, so this ends).
    let mut deferred_reads = std::collections::BTreeSet::new();
    let mut reused = reused;
    loop {
        let run = Run::new(config, inputs.clone(), opts.clone())
            .with_prior_state(&moved_prior)
            .with_deferred_reads(deferred_reads.clone())
            .reusing(reused);
        let module_instances = run.module_instances()?;
        let resource_instances = run.resource_instances()?;
        let invalid =
            moves::validate_moves(&statements, config, &module_instances, &resource_instances);
        if invalid.has_errors() {
            return Err(invalid);
        }
        // Without `removed` blocks nothing is removed: skip the sorted walk of
        // every recorded object.
        let removed = match removed_statements.is_empty() {
            true => Vec::new(),
            false => removed::removed_addresses(&removed_statements, &moved_prior, engine),
        };
        // Read once per configured and per recorded object: a lookup in the
        // moves' own map, not a copy of it.
        let moved_from =
            |new: &AbsResourceInstance| results.changes.get(new).map(|c| c.from.clone());
        // Unknowns name their objects by the new address; a prior state built
        // from the old configuration (the refactor's) names them by the old
        // one, as text its JSON can hold. That state names an unread data
        // source's attribute by its origin too, standing for what a real
        // state records: a read deferred to apply is not that value, so it
        // compares as a plain unknown.
        let canon = |v: &Value| {
            if !origins {
                return v.clone();
            }
            // Nothing moved or deferred: no origin to rewrite (each would be
            // parsed only to find it unmoved).
            if results.changes.is_empty() && deferred_reads.is_empty() {
                return origins_as_text(v);
            }
            let follow = |object: &str, attr: &str| {
                let a = AbsResourceInstance::parse(object).ok()?;
                if deferred_reads.contains(&a) {
                    return Some(Value::Unknown(Type::Dynamic, None));
                }
                let old = results.old_addr(&a);
                (old != a).then(|| {
                    Value::Unknown(Type::Dynamic, Some(Origin::attr(old.to_string(), attr)))
                })
            };
            origins_as_text(&resolve(v, &follow))
        };
        // Without `import` blocks, no index of the prior state to build.
        let imports = match config.module.imports.is_empty() {
            true => Vec::new(),
            false => imports::import_targets(config, &run, &resource_instances, &moved_prior)?,
        };
        // The imported objects join the prior state the diff compares with.
        let imported_prior = imports::imported_prior(&moved_prior, &imports, read);
        let diff_prior = imported_prior.as_ref().unwrap_or(&moved_prior);
        let mut plan = diff::plan(&run, diff_prior, &moved_from, &removed, &canon)?;
        let reads: std::collections::BTreeSet<AbsResourceInstance> = (plan.changes.iter())
            .filter(|c| c.action == diff::Action::Read)
            .map(|c| c.addr.clone())
            .collect();
        if !reads.is_subset(&deferred_reads) {
            deferred_reads.extend(reads);
            // What read no prior state is the same again.
            reused = run.into_reusable();
            continue;
        }
        for c in &mut plan.changes {
            if c.action == diff::Action::Create && imports.iter().any(|(a, _)| *a == c.addr) {
                c.action = diff::Action::NoOp;
            }
        }
        plan.imports = imports;
        plan.module_dirs = (module_instances.iter())
            .filter_map(|m| {
                let path: Vec<String> = m.steps().iter().map(|s| s.name.clone()).collect();
                Some(config.descendant(&path)?.module.dir.clone())
            })
            .chain([config.module.dir.clone()])
            .collect();
        self_referencing_destroys(&plan, &moved_prior)?;
        if let Some(w) = results.blocked_warning(engine) {
            plan.warnings.push(w);
        }
        plan.warnings
            .extend(removed::removed_warnings(config, engine));
        let deferred = run.deferred();
        let planned = Planned {
            plan,
            moves: results,
            moved_prior,
            deferred,
        };
        return Ok((planned, run));
    }
}

/// An object destroyed where its recorded dependencies name its own
/// resource (a move put it onto a resource it depended on): the graph
/// orders a destroy before its dependencies' destroys, and this one is its
/// own dependency, so terraform's graph fails with a self reference.
fn self_referencing_destroys(plan: &diff::Plan, prior: &State) -> Result<(), Diagnostics> {
    // Only a recorded object that names its own resource can fail: without
    // one (the usual state), nothing to index or look up.
    let names_own = prior.resources.iter().any(|r| {
        let own = r.addr.config().to_string();
        r.instances.iter().any(|i| i.dependencies.contains(&own))
    });
    if !names_own {
        return Ok(());
    }
    let index = prior.instance_index();
    let mut diags = Diagnostics::default();
    for c in plan
        .changes
        .iter()
        .filter(|c| c.action == diff::Action::Delete)
    {
        let own = c.addr.config().to_string();
        if index
            .get(&c.addr)
            .is_some_and(|i| i.dependencies.contains(&own))
        {
            diags.push(crate::diagnostics::Diagnostic::error(
                format!("Self reference: {} (destroy)", c.addr),
                "",
            ));
        }
    }
    if diags.has_errors() {
        Err(diags)
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::LoadOptions;
    use crate::diagnostics::SourceMap;

    /// A root module of one `main.tf`, loaded as terraform reads it.
    fn load_main(text: &str) -> (tempfile::TempDir, Config) {
        let d = tempfile::tempdir().unwrap();
        std::fs::write(d.path().join("main.tf"), text).unwrap();
        let opts = LoadOptions {
            engine: Engine::Terraform,
            ..Default::default()
        };
        let cfg = crate::config::load(d.path(), &opts, &mut SourceMap::default()).unwrap();
        (d, cfg)
    }

    /// A state recording instances of `terraform_data.NAME`, each
    /// `(index_key, id, input)` with `output` the same text as `input`, as
    /// terraform writes it.
    fn terraform_data_state(name: &str, instances: &[(Option<usize>, String, String)]) -> State {
        let instances: Vec<String> = instances
            .iter()
            .map(|(key, id, io)| {
                let key = key.map(|k| format!(r#""index_key":{k},"#)).unwrap_or_default();
                format!(
                    r#"{{{key}"schema_version":0,"attributes":{{"id":"{id}","input":{io},"output":{io},"triggers_replace":null}},"sensitive_attributes":[]}}"#
                )
            })
            .collect();
        State::from_json(&format!(
            r#"{{"version":4,"terraform_version":"1.11.4","serial":1,"lineage":"l","outputs":{{}},
            "resources":[{{"mode":"managed","type":"terraform_data","name":"{name}",
            "provider":"provider[\"terraform.io/builtin/terraform\"]",
            "instances":[{}]}}],"check_results":null}}"#,
            instances.join(",")
        ))
        .unwrap()
    }

    /// A data source read during apply (its dependency `a` changes) has
    /// unknown attributes in the plan, as terraform plans the read from its
    /// configuration (`objchange.PlannedDataResourceObject`): the output
    /// and the managed argument that read it are unknown, not the state's
    /// record, so `b` is updated; a data source that reads nothing pending
    /// keeps its record, and one configured from the deferred one waits too.
    #[test]
    fn what_reads_a_data_source_read_during_apply_is_unknown() {
        let (_d, cfg) = load_main(
            r#"
resource "terraform_data" "a" {
  input = "new"
}
data "x_doc" "late" {
  name = terraform_data.a.id
}
data "x_doc" "now" {
  name = "n"
}
data "x_doc" "after" {
  name = data.x_doc.late.json
}
resource "terraform_data" "b" {
  input = data.x_doc.late.json
}
output "late" {
  value = data.x_doc.late.json
}
output "now" {
  value = data.x_doc.now.json
}
"#,
        );
        let doc = |name: &str, arg: &str| {
            format!(
                r#"{{"mode":"data","type":"x_doc","name":"{name}","provider":"provider[\"registry.terraform.io/hashicorp/x\"]",
                "instances":[{{"schema_version":0,"attributes":{{"id":"{name}","name":"{arg}","json":"{{}}"}}}}]}}"#
            )
        };
        let data = |name: &str, io: &str| {
            format!(
                r#"{{"mode":"managed","type":"terraform_data","name":"{name}","provider":"provider[\"terraform.io/builtin/terraform\"]",
                "instances":[{{"schema_version":0,"attributes":{{"id":"{name}-id","input":{io},"output":{io},"triggers_replace":null}},"sensitive_attributes":[]}}]}}"#
            )
        };
        let text = |v: &str| format!(r#"{{"value":"{v}","type":"string"}}"#);
        let state = State::from_json(&format!(
            r#"{{"version":4,"terraform_version":"1.11.4","serial":1,"lineage":"l",
            "outputs":{{"late":{{"value":"{{}}","type":"string"}},"now":{{"value":"{{}}","type":"string"}}}},
            "resources":[{},{},{},{},{}],"check_results":null}}"#,
            data("a", &text("old")),
            data("b", &text("{}")),
            doc("late", "a-id"),
            doc("now", "n"),
            doc("after", "{}"),
        ))
        .unwrap();
        let planned = plan_configuration(
            &cfg,
            RootInputs::new(),
            &state,
            Engine::Terraform,
            &[],
            RunOptions::default(),
        )
        .unwrap();
        let action = |addr: &str| {
            let c = (planned.plan.changes.iter())
                .find(|c| c.addr.to_string() == addr)
                .unwrap_or_else(|| panic!("no change of {addr}: {:?}", planned.plan.changes));
            (c.action, c.reason.clone())
        };
        assert_eq!(action("terraform_data.a").0, diff::Action::Update);
        assert_eq!(action("terraform_data.b").0, diff::Action::Update);
        assert_eq!(
            action("data.x_doc.late"),
            (
                diff::Action::Read,
                Some(diff::ActionReason::DependencyPending)
            )
        );
        assert_eq!(
            action("data.x_doc.after"),
            (diff::Action::Read, Some(diff::ActionReason::ConfigUnknown))
        );
        assert!(
            !(planned.plan.changes.iter()).any(|c| c.addr.to_string() == "data.x_doc.now"),
            "read while planning"
        );
        let output = |name: &str| {
            let o = (planned.plan.outputs.iter())
                .find(|o| o.name == name)
                .unwrap();
            (o.action, o.after.clone())
        };
        let (late, after) = output("late");
        assert_eq!(late, diff::Action::Update);
        assert!(after.is_unknown());
        assert_eq!(output("now"), (diff::Action::NoOp, Value::string("{}")));
    }

    /// The refactor plans one state twice (before its blocks, and the
    /// proof) without copying it: a plan moves its own copy, never the
    /// state it was given.
    #[test]
    fn planning_moves_its_own_copy_of_a_shared_state() {
        let (_d, cfg) = load_main(
            "resource \"terraform_data\" \"b\" {\n  input = { x = 1 }\n}\nmoved {\n  from = terraform_data.a\n  to   = terraform_data.b\n}\n",
        );
        let engine = Engine::Terraform;
        let io = r#"{"value":{"x":1},"type":["object",{"x":"number"}]}"#;
        let state = terraform_data_state("a", &[(None, "i".into(), io.into())]);
        let before = state.clone();
        let plan = || {
            plan_configuration(
                &cfg,
                RootInputs::new(),
                &state,
                engine,
                &[],
                RunOptions::default(),
            )
            .unwrap()
        };
        let (first, second) = (plan(), plan());
        assert_eq!(state, before, "the given state is unchanged");
        assert_eq!(state.to_json(), before.to_json());
        for p in [&first, &second] {
            let moved: Vec<String> = p
                .moved_prior
                .instances()
                .map(|(a, _)| a.to_string())
                .collect();
            assert_eq!(moved, ["terraform_data.b"]);
            let [c] = &p.plan.changes[..] else {
                panic!("one change: {:?}", p.plan.changes)
            };
            assert_eq!(
                c.previous.as_ref().map(ToString::to_string).as_deref(),
                Some("terraform_data.a")
            );
        }
        assert_eq!(
            format!("{:?}", first.plan.changes),
            format!("{:?}", second.plan.changes)
        );
    }

    /// The proof plans with the answers of the plan before its blocks,
    /// against another prior state: what read the prior state is computed
    /// again, so its plan is the plan made from scratch (values, counts
    /// and updates that follow a recorded `id`).
    #[test]
    fn a_plan_reusing_another_runs_answers_is_the_plan_from_scratch() {
        let (_d, cfg) = load_main(
            r#"locals {
  name = "app"
  id   = upper(terraform_data.s.id)
}
resource "terraform_data" "s" {
  input = local.name
}
resource "terraform_data" "t" {
  count = length(terraform_data.s.id)
  input = "${local.name}-${local.id}"
}
"#,
        );
        let engine = Engine::Terraform;
        let state = |name: &str, id: &str| {
            let io = r#"{"value":"app","type":"string"}"#;
            terraform_data_state(name, &[(None, id.into(), io.into())])
        };
        let plan = |prior: &State, reused: Reusable| {
            let (p, run) = plan_configuration_run(
                &cfg,
                RootInputs::new(),
                prior,
                engine,
                &[],
                RunOptions::default(),
                &|_, _| None,
                reused,
            )
            .unwrap();
            (p.plan.changes, run.into_reusable())
        };
        // The plan before: `s` recorded with a two-letter id.
        let (_, first) = plan(&state("s", "ab"), Reusable::default());
        assert!(!first.is_empty());
        let prior = state("s", "abcd");
        let (reusing, _) = plan(&prior, first);
        let (scratch, _) = plan(&prior, Reusable::default());
        assert_eq!(format!("{reusing:?}"), format!("{scratch:?}"));
        let t: Vec<&diff::ResourceChange> = scratch
            .iter()
            .filter(|c| c.addr.to_string().starts_with("terraform_data.t["))
            .collect();
        assert_eq!(t.len(), 4);
        assert_eq!(
            t[0].after
                .as_ref()
                .and_then(|a| a.as_mapping()?.get("input").cloned()),
            Some(Value::string("app-ABCD"))
        );
    }

    /// From a few hundred objects on, the configured objects are compared
    /// with the recorded ones on two threads: the plan is the one made on
    /// one (creates, updates and no-ops in address order).
    #[test]
    fn a_plan_compared_on_two_threads_is_the_plan_made_on_one() {
        let (_d, cfg) = load_main(
            "resource \"terraform_data\" \"s\" {\n  count = 700\n  input = count.index\n}\n",
        );
        let engine = Engine::Terraform;
        // Recorded: 650 of the 700, every seventh with another input.
        let instances: Vec<(Option<usize>, String, String)> = (0..650)
            .map(|i| {
                let v = if i % 7 == 0 { i + 1 } else { i };
                (
                    Some(i),
                    format!("i{i}"),
                    format!(r#"{{"value":{v},"type":"number"}}"#),
                )
            })
            .collect();
        let state = terraform_data_state("s", &instances);
        let plan = |threads: bool| {
            let opts = RunOptions {
                threads,
                ..RunOptions::default()
            };
            let p = plan_configuration(&cfg, RootInputs::new(), &state, engine, &[], opts);
            format!("{:?}", p.unwrap().plan.changes)
        };
        let (one, two) = (plan(false), plan(true));
        assert_eq!(one, two);
        let counts = |a: &str| one.matches(&format!("action: {a},")).count();
        assert_eq!(
            (counts("Create"), counts("Update"), counts("NoOp")),
            (50, 93, 557)
        );
    }
}
