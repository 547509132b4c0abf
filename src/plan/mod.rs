//! Planning: what `terraform plan` would do with a configuration and a
//! prior state. `moves` rewrites the prior state's addresses from `moved`
//! blocks and implied moves; `diff` compares the result with the expanded
//! configuration; `render` prints it.

pub mod apply;
pub mod diff;
pub mod moves;
pub mod removed;
pub mod render;

use std::collections::BTreeMap;

use crate::addrs::AbsResourceInstance;
use crate::config::{Config, Engine};
use crate::diagnostics::Diagnostics;
use crate::instances::{RootInputs, Run, RunOptions};
use crate::lang::unknown::{Origin, origins_as_text, resolve};
use crate::lang::value::{Type, Value};
use crate::state::State;

use moves::{MoveResults, MoveStatement};

/// A plan and what it was made from: the prior state as the moves left it.
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

/// What the provider would read for an `import` block: the object's
/// attributes as a state records them, or None when nobody knows.
pub type ImportReader<'a> = dyn Fn(&AbsResourceInstance, &str) -> Option<serde_json::Value> + 'a;

/// `plan_configuration`, with `read` standing in for the provider's
/// import (the refactor knows a moved object from its source state).
pub fn plan_configuration_importing(
    config: &Config,
    inputs: RootInputs,
    prior: &State,
    engine: Engine,
    extra: &[MoveStatement],
    opts: RunOptions,
    read: &ImportReader,
) -> Result<Planned, Diagnostics> {
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
    let run = Run::new(config, inputs, opts).with_prior_state(&moved_prior);
    let module_instances = run.module_instances()?;
    let resource_instances = run.resource_instances()?;
    let invalid =
        moves::validate_moves(&statements, config, &module_instances, &resource_instances);
    if invalid.has_errors() {
        return Err(invalid);
    }
    let removed = removed::removed_addresses(&removed_statements, &moved_prior, engine);
    let moved_from: BTreeMap<AbsResourceInstance, AbsResourceInstance> = results
        .changes
        .iter()
        .map(|(new, c)| (new.clone(), c.from.clone()))
        .collect();
    // Unknowns name their objects by the new address; a prior state built
    // from the old configuration (the refactor's) names them by the old
    // one, as text its JSON can hold.
    let canon = |v: &Value| {
        if !origins {
            return v.clone();
        }
        let follow = |object: &str, attr: &str| {
            let a = AbsResourceInstance::parse(object).ok()?;
            let old = results.old_addr(&a);
            (old != a)
                .then(|| Value::Unknown(Type::Dynamic, Some(Origin::attr(old.to_string(), attr))))
        };
        origins_as_text(&resolve(v, &follow))
    };
    let imports = import_targets(config, &run, &resource_instances, &moved_prior)?;
    // The imported objects join the prior state the diff compares with;
    // one nobody can read is taken as it is configured.
    let mut imported_prior = None;
    for (addr, id) in &imports {
        if let Some(object) = import_read(addr, id, read) {
            let state = imported_prior.get_or_insert_with(|| moved_prior.clone());
            apply::insert(state, addr, object);
        }
    }
    let diff_prior = imported_prior.as_ref().unwrap_or(&moved_prior);
    let mut plan = diff::plan(&run, diff_prior, &moved_from, &removed, &canon)?;
    for c in &mut plan.changes {
        if c.action == diff::Action::Create && imports.iter().any(|(a, _)| *a == c.addr) {
            c.action = diff::Action::NoOp;
        }
    }
    plan.imports = imports;
    self_referencing_destroys(&plan, &moved_prior)?;
    if let Some(w) = results.blocked_warning(engine) {
        plan.warnings.push(w);
    }
    plan.warnings
        .extend(removed::removed_warnings(config, engine));
    let deferred = run.deferred();
    Ok(Planned {
        plan,
        moves: results,
        moved_prior,
        deferred,
    })
}

/// The `import` blocks of the root module that import something: their
/// target instance (which the configuration must declare) and id. A
/// target already in the state is managed already, and imports nothing.
fn import_targets(
    config: &Config,
    run: &Run,
    instances: &[AbsResourceInstance],
    prior: &State,
) -> Result<Vec<(AbsResourceInstance, String)>, Diagnostics> {
    use crate::diagnostics::Diagnostic;
    let index = prior.instance_index();
    let mut out = Vec::new();
    let mut diags = Diagnostics::default();
    for i in &config.module.imports {
        if i.for_each.is_some() {
            diags.push(
                Diagnostic::error(
                    "Unsupported import block",
                    "minimod does not expand an import block's for_each yet: write one import block per instance.",
                )
                .at(&i.range),
            );
            continue;
        }
        let to = match i.to.as_traversal() {
            Some((root, steps)) => {
                AbsResourceInstance::from_traversal(&root, &steps).map_err(|d| d.or_at(&i.to.range))
            }
            None => Err(moves::invalid_expression(&i.to.range)),
        };
        let to = match to {
            Ok(to) if to.resource.resource.mode == crate::addrs::ResourceMode::Managed => to,
            Ok(_) => {
                diags.push(
                    Diagnostic::error(
                        "Invalid import address",
                        "Only managed resources can be imported.",
                    )
                    .at(&i.to.range),
                );
                continue;
            }
            Err(d) => {
                diags.push(d);
                continue;
            }
        };
        if !instances.contains(&to) {
            diags.push(
                Diagnostic::error(
                    "Configuration for import target does not exist",
                    format!(
                        "The configuration for the given import target {to} does not exist. If you wish to automatically generate config for this resource, use the -generate-config-out option within terraform plan. Otherwise, make sure the target resource exists within your configuration. For example:\n\n  terraform plan -generate-config-out=generated.tf"
                    ),
                )
                .at(&i.to.range),
            );
            continue;
        }
        if index.get(&to).is_some() {
            continue;
        }
        let id = match &i.id {
            None => Err(Diagnostic::error(
                "Missing required argument",
                "The argument \"id\" is required, but no definition was found.",
            )
            .at(&i.range)),
            Some(e) => match run.eval_in(&crate::addrs::ModuleInstance::default(), e) {
                Ok(Value::String(s)) => Ok(s.to_string()),
                Ok(v) if !v.is_wholly_known() => Err(Diagnostic::error(
                    "Invalid import id argument",
                    "The import block \"id\" argument depends on resource attributes that cannot be determined until apply, so Terraform cannot plan to import this resource.",
                )
                .at(&e.range)),
                Ok(_) => Err(Diagnostic::error(
                    "Invalid import id argument",
                    "The import ID must be a non-empty string.",
                )
                .at(&e.range)),
                Err(d) => {
                    diags.extend(d);
                    continue;
                }
            },
        };
        match id {
            Ok(id) => out.push((to, id)),
            Err(d) => diags.push(d),
        }
    }
    if diags.has_errors() {
        return Err(diags);
    }
    Ok(out)
}

/// The object an import reads. The built-in `terraform_data` is known
/// exactly: its import sets only `id` (terraform's `importDataStore`).
fn import_read(
    addr: &AbsResourceInstance,
    id: &str,
    read: &ImportReader,
) -> Option<serde_json::Value> {
    if addr.resource.resource.type_name == "terraform_data" {
        return Some(serde_json::json!({
            "id": id, "input": null, "output": null, "triggers_replace": null
        }));
    }
    read(addr, id)
}

/// An object destroyed where its recorded dependencies name its own
/// resource (a move put it onto a resource it depended on): the graph
/// orders a destroy before its dependencies' destroys, and this one is its
/// own dependency, so terraform's graph fails with a self reference.
fn self_referencing_destroys(plan: &diff::Plan, prior: &State) -> Result<(), Diagnostics> {
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
            .is_some_and(|i| i.dependencies.iter().any(|d| *d == own))
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

    fn dir(files: &[(&str, &str)]) -> tempfile::TempDir {
        let d = tempfile::tempdir().unwrap();
        for (name, text) in files {
            let p = d.path().join(name);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, text).unwrap();
        }
        d
    }

    fn plan(d: &tempfile::TempDir) -> Result<Planned, Diagnostics> {
        let engine = Engine::Terraform;
        let cfg =
            crate::config::load(d.path(), &LoadOptions { engine }, &mut SourceMap::default())?;
        plan_configuration(
            &cfg,
            RootInputs::new(),
            &State::new("test"),
            engine,
            &[],
            RunOptions::default(),
        )
    }

    fn summaries(d: Diagnostics) -> Vec<(String, String)> {
        d.0.iter()
            .map(|d| (d.summary.clone(), d.detail.clone()))
            .collect()
    }

    /// What terraform 1.11 says of an import block in a child module.
    #[test]
    fn an_import_block_belongs_in_the_root_module() {
        let d = dir(&[
            ("main.tf", "module \"child\" {\n  source = \"./child\"\n}\n"),
            (
                "child/main.tf",
                "resource \"terraform_data\" \"c\" {}\nimport {\n  to = terraform_data.c\n  id = \"y\"\n}\n",
            ),
        ]);
        let Err(e) = plan(&d) else { panic!("accepted") };
        assert_eq!(
            summaries(e),
            [(
                "Invalid import configuration".to_string(),
                "An import block was detected in \"module.child\". Import blocks are only allowed in the root module.".to_string()
            )]
        );
    }

    #[test]
    fn an_import_target_must_be_configured() {
        let d = dir(&[(
            "main.tf",
            "import {\n  to = terraform_data.b\n  id = \"x\"\n}\n",
        )]);
        let Err(e) = plan(&d) else { panic!("accepted") };
        let s = summaries(e);
        assert_eq!(s[0].0, "Configuration for import target does not exist");
        assert!(s[0].1.starts_with(
            "The configuration for the given import target terraform_data.b does not exist."
        ));
    }

    /// terraform 1.11: `terraform_data` imports with only its id, so a
    /// configured input is then an update ("1 to import, 0 to add, 1 to
    /// change"), none for a bare resource.
    #[test]
    fn an_import_is_counted_and_not_created() {
        let d = dir(&[(
            "main.tf",
            "resource \"terraform_data\" \"a\" {\n  input = 1\n}\nresource \"terraform_data\" \"b\" {}\nimport {\n  to = terraform_data.a\n  id = \"x\"\n}\nimport {\n  to = terraform_data.b\n  id = \"y\"\n}\n",
        )]);
        let p = plan(&d).unwrap().plan;
        assert_eq!(p.counts(), (0, 1, 0));
        assert_eq!(p.imports.len(), 2);
        let text = render::human(&p, "Terraform");
        assert!(text.contains("Plan: 2 to import, 0 to add, 1 to change, 0 to destroy."));
        assert!(text.contains(
            "  # terraform_data.a will be updated in-place\n  # (imported from \"x\")\n"
        ));
        assert!(text.contains("  # terraform_data.b will be imported\n"));
    }
}
