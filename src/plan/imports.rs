//! `import` blocks: which configured instances they import, with what
//! id, and the objects those imports read (terraform's
//! `findImportTargets` and the provider's `ImportResourceState`).

use crate::addrs::{AbsResourceInstance, ResourceMode};
use crate::config::Config;
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::instances::{ImportEach, Run};
use crate::lang::value::Value;
use crate::state::State;
use crate::syntax::ast::{Expr, ExprKind, Literal, TraversalStep, Traverser};

use super::moves::invalid_expression;

/// What the provider would read for an `import` block: the object's
/// attributes as a state records them, or None when nobody knows.
pub(crate) type ImportReader<'a> =
    dyn Fn(&AbsResourceInstance, &str) -> Option<serde_json::Value> + 'a;

/// The `import` blocks of the root module that import something: their
/// target instance (which the configuration must declare) and id. A
/// target already in the state is managed already, and imports nothing.
pub(super) fn import_targets(
    config: &Config,
    run: &Run,
    instances: &[AbsResourceInstance],
    prior: &State,
) -> Result<Vec<(AbsResourceInstance, String)>, Diagnostics> {
    let index = prior.instance_index();
    let mut out = Vec::new();
    let mut diags = Diagnostics::default();
    for i in &config.module.imports {
        let repeats = match &i.for_each {
            None => vec![None],
            Some(e) => match run.import_for_each(e) {
                Ok(each) => each.into_iter().map(Some).collect(),
                Err(d) => {
                    diags.extend(d);
                    continue;
                }
            },
        };
        for each in &repeats {
            match import_target(i, run, instances, &index, each.as_ref()) {
                Ok(Some(target)) => out.push(target),
                Ok(None) => {}
                Err(d) => diags.extend(d),
            }
        }
    }
    if diags.has_errors() {
        return Err(diags);
    }
    Ok(out)
}

/// What one instance of an `import` block imports: None when its target
/// is in the state already.
fn import_target(
    i: &crate::config::Import,
    run: &Run,
    instances: &[AbsResourceInstance],
    index: &crate::state::InstanceIndex,
    each: Option<&ImportEach>,
) -> Result<Option<(AbsResourceInstance, String)>, Diagnostics> {
    let to = import_address(&i.to, run, each)?;
    if to.resource.resource.mode != ResourceMode::Managed {
        return Err(Diagnostic::error(
            "Invalid import address",
            "Only managed resources can be imported.",
        )
        .at(&i.to.range)
        .into());
    }
    if !instances.contains(&to) {
        return Err(Diagnostic::error(
            "Configuration for import target does not exist",
            format!(
                "The configuration for the given import target {to} does not exist. If you wish to automatically generate config for this resource, use the -generate-config-out option within terraform plan. Otherwise, make sure the target resource exists within your configuration. For example:\n\n  terraform plan -generate-config-out=generated.tf"
            ),
        )
        .at(&i.to.range)
        .into());
    }
    if index.get(&to).is_some() {
        return Ok(None);
    }
    let Some(e) = &i.id else {
        return Err(Diagnostic::error(
            "Missing required argument",
            "The argument \"id\" is required, but no definition was found.",
        )
        .at(&i.range)
        .into());
    };
    match run.eval_import(e, each)? {
        Value::String(s) => Ok(Some((to, s.to_string()))),
        v if !v.is_wholly_known() => Err(Diagnostic::error(
            "Invalid import id argument",
            "The import block \"id\" argument depends on resource attributes that cannot be determined until apply, so Terraform cannot plan to import this resource.",
        )
        .at(&e.range)
        .into()),
        _ => Err(Diagnostic::error(
            "Invalid import id argument",
            "The import ID must be a non-empty string.",
        )
        .at(&e.range)
        .into()),
    }
}

/// The instance `to` names: a static address, or (in a repeated block) one
/// whose index expressions are evaluated with `each`, as terraform's
/// `exprToResourceTraversal` does.
fn import_address(
    to: &Expr,
    run: &Run,
    each: Option<&ImportEach>,
) -> Result<AbsResourceInstance, Diagnostics> {
    if let Some((root, steps)) = to.as_traversal() {
        return AbsResourceInstance::from_traversal(&root, &steps)
            .map_err(|d| d.or_at(&to.range).into());
    }
    let ExprKind::Traversal(head, traversers) = &to.kind else {
        return Err(invalid_expression(&to.range).into());
    };
    let ExprKind::Variable(root) = &head.kind else {
        return Err(invalid_expression(&to.range).into());
    };
    let mut steps = Vec::new();
    for t in traversers {
        steps.push(match t {
            Traverser::Attr(name, _) => TraversalStep::Attr(name.clone()),
            Traverser::Index(e) => match run.eval_import(e, each)? {
                Value::String(s) => TraversalStep::Index(Literal::String(s.to_string())),
                Value::Number(n) => TraversalStep::Index(Literal::Number(n)),
                _ => return Err(invalid_expression(&e.range).into()),
            },
        });
    }
    AbsResourceInstance::from_traversal(root, &steps).map_err(|d| d.or_at(&to.range).into())
}

/// The prior state with the objects the imports read added, or None when
/// none could be read (the prior state stands): one nobody can read is
/// planned as it is configured.
pub(super) fn imported_prior(
    prior: &State,
    imports: &[(AbsResourceInstance, String)],
    read: &ImportReader,
) -> Option<State> {
    let mut imported: Option<State> = None;
    for (addr, id) in imports {
        if let Some(object) = import_read(addr, id, read) {
            let state = imported.get_or_insert_with(|| prior.clone());
            super::apply::insert(state, addr, object);
        }
    }
    imported
}

/// The object an import reads. The built-in `terraform_data` is known
/// exactly: its import sets only `id` (terraform's `importDataStore`).
fn import_read(
    addr: &AbsResourceInstance,
    id: &str,
    read: &ImportReader,
) -> Option<serde_json::Value> {
    if &*addr.resource.resource.type_name == "terraform_data" {
        return Some(serde_json::json!({
            "id": id, "input": null, "output": null, "triggers_replace": null
        }));
    }
    read(addr, id)
}

#[cfg(test)]
mod tests {
    use super::super::*;
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
        let cfg = crate::config::load(
            d.path(),
            &LoadOptions {
                engine,
                ..Default::default()
            },
            &mut SourceMap::default(),
        )?;
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
