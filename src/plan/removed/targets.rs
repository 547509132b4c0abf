//! The objects `removed` blocks take out of a prior state, and whether
//! each is destroyed or forgotten: the engines' rules differ when blocks
//! overlap.

use crate::addrs::{AbsResourceInstance, ConfigMoveable, ResourceMode};
use crate::config::Engine;
use crate::state::State;

use super::statement::RemoveStatement;

/// The managed objects of `prior` that `removed` blocks take out of the
/// configuration, each with whether it is destroyed (true) or forgotten.
/// When several blocks cover one object (a resource and its module), the
/// engines differ: terraform forgets it if any block with `destroy =
/// false` covers it (`findForgetTargets`: those become forget targets,
/// whatever else says destroy), after a parent module's block for the
/// same address overrides a child's; OpenTofu lets the last covering
/// block in its walk order decide (`node_resource_plan_orphan.go`).
pub(crate) fn removed_addresses(
    stmts: &[RemoveStatement],
    prior: &State,
    engine: Engine,
) -> Vec<(AbsResourceInstance, bool)> {
    // Parents are collected before children: the first statement for an
    // address is the parent's.
    let mut unique: Vec<&RemoveStatement> = Vec::new();
    for s in stmts {
        if engine == Engine::Terraform && unique.iter().any(|u| u.from == s.from) {
            continue;
        }
        unique.push(s);
    }
    prior
        .instances()
        .filter(|(addr, _)| addr.resource.resource.mode == ResourceMode::Managed)
        .filter_map(|(addr, _)| {
            let cfg = addr.config();
            let mut covering = unique.iter().filter(|s| match &s.from {
                ConfigMoveable::Resource(cr) => cr == &cfg,
                ConfigMoveable::Module(m) => cfg.module.0.starts_with(&m.0),
            });
            let destroy = match engine {
                Engine::Terraform => {
                    let all: Vec<_> = covering.collect();
                    if all.is_empty() {
                        return None;
                    }
                    all.iter().all(|s| s.destroy)
                }
                Engine::Tofu => covering.next_back()?.destroy,
            };
            Some((addr, destroy))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::addrs::Module;
    use crate::diagnostics::SourceRange;

    /// `module.edge.terraform_data.lb` covered by a block for the resource
    /// and one for its module, with either flags and order: terraform
    /// forgets it whenever one of them forgets (the corpus cases
    /// removed-overlapping-*); OpenTofu follows the last one.
    #[test]
    fn overlapping_removed_blocks_follow_each_engines_rule() {
        use crate::addrs::{ConfigResource, Resource};
        let addr = AbsResourceInstance::parse("module.edge.terraform_data.lb").unwrap();
        let mut state = State::new("test");
        crate::plan::apply::insert(&mut state, &addr, serde_json::json!({"id": "x"}));
        let resource = |destroy| RemoveStatement {
            from: ConfigMoveable::Resource(ConfigResource {
                module: Module(vec!["edge".into()]),
                resource: Resource::managed("terraform_data", "lb"),
            }),
            destroy,
            range: SourceRange::file_only("main.tf"),
        };
        let module = |destroy| RemoveStatement {
            from: ConfigMoveable::Module(Module(vec!["edge".into()])),
            destroy,
            range: SourceRange::file_only("main.tf"),
        };
        for (stmts, terraform, tofu) in [
            (vec![resource(true), module(false)], false, false),
            (vec![module(false), resource(true)], false, true),
            (vec![resource(false), module(true)], false, true),
            (vec![module(true), resource(false)], false, false),
            (vec![module(true), resource(true)], true, true),
        ] {
            for (engine, want) in [(Engine::Terraform, terraform), (Engine::Tofu, tofu)] {
                assert_eq!(
                    removed_addresses(&stmts, &state, engine),
                    [(addr.clone(), want)],
                    "{engine:?} {stmts:?}"
                );
            }
        }
    }
}
