//! Moves no block declares: `count` added to or removed from a resource
//! (and, for OpenTofu, a module call) since the prior state was written
//! (OpenTofu `move_statement.go`, `ImpliedMoveStatements`).

use std::collections::HashMap;

use crate::addrs::{
    AbsMoveable, AbsResource, InstanceKey, Module, ModuleInstance, MoveEndpointInModule,
};
use crate::config::{Config, Engine};
use crate::diagnostics::SourceRange;
use crate::state::{State, StateResource};

use super::statement::{MoveStatement, endpoint_names};

/// The keys recorded for a resource (current or deposed), sorted.
fn state_keys(resource: Option<&StateResource>) -> Vec<InstanceKey> {
    let mut keys: Vec<InstanceKey> = resource
        .map(|r| r.instances.iter().map(|i| i.key.clone()).collect())
        .unwrap_or_default();
    keys.sort();
    keys.dedup();
    keys
}

/// Moves implied by `count` being added to or removed from a resource
/// (and, for OpenTofu, a module call) since the prior state was written.
/// A resource named by any explicit statement gets none; a module instance
/// only when a statement selects that very instance.
pub(crate) fn implied_move_statements(
    config: &Config,
    prior: &State,
    explicit: &[MoveStatement],
    engine: Engine,
) -> Vec<MoveStatement> {
    let state_modules = prior.modules();
    // Indexes so each resource and module instance is checked against the
    // statements that can name it only, not against every statement.
    let mut resources: HashMap<&ModuleInstance, Vec<&AbsResource>> = HashMap::new();
    // The first record of each address, as `State::resource` finds it (a
    // search of every resource per resource grew with their square).
    let mut recorded: HashMap<&AbsResource, &StateResource> = HashMap::new();
    for r in &prior.resources {
        resources.entry(&r.addr.module).or_default().push(&r.addr);
        recorded.entry(&r.addr).or_insert(r);
    }
    let mut by_resource: HashMap<&crate::addrs::Resource, Vec<&MoveEndpointInModule>> =
        HashMap::new();
    let mut by_names: HashMap<Vec<String>, Vec<&MoveEndpointInModule>> = HashMap::new();
    for e in explicit.iter().flat_map(|s| [&s.from, &s.to]) {
        match &e.relative {
            AbsMoveable::Resource(r) => by_resource.entry(&r.resource).or_default().push(e),
            AbsMoveable::ResourceInstance(r) => {
                by_resource.entry(&r.resource.resource).or_default().push(e)
            }
            _ => {}
        }
        by_names.entry(endpoint_names(e)).or_default().push(e);
    }
    let ctx = Implied {
        recorded,
        state_modules: &state_modules,
        resources,
        by_resource,
        by_names,
        engine,
    };
    let mut out = Vec::new();
    implied_in(config, &ctx, &mut out);
    out
}

struct Implied<'a> {
    /// The recorded resources by address.
    recorded: HashMap<&'a AbsResource, &'a StateResource>,
    /// The module instances holding resources, sorted.
    state_modules: &'a [ModuleInstance],
    /// The recorded resources of each module instance, in state order.
    resources: HashMap<&'a ModuleInstance, Vec<&'a AbsResource>>,
    /// Explicit endpoints naming (instances of) each resource.
    by_resource: HashMap<&'a crate::addrs::Resource, Vec<&'a MoveEndpointInModule>>,
    /// Explicit endpoints by the module names they select.
    by_names: HashMap<Vec<String>, Vec<&'a MoveEndpointInModule>>,
    engine: Engine,
}

impl Implied<'_> {
    /// Whether an explicit statement selects the module instance.
    fn selects_module(&self, inst: &ModuleInstance) -> bool {
        self.by_names
            .get(&inst.module().0)
            .is_some_and(|v| v.iter().any(|e| e.selects_module(inst)))
    }

    /// Whether an explicit statement names the resource or an instance.
    fn selects_resource(&self, addr: &AbsResource) -> bool {
        self.by_resource
            .get(&addr.resource)
            .is_some_and(|v| v.iter().any(|e| e.selects_resource(addr)))
    }
}

fn implied_in(config: &Config, ctx: &Implied<'_>, out: &mut Vec<MoveStatement>) {
    let path = Module(config.path.clone());
    let implied = |from: AbsMoveable, to: AbsMoveable, range: &SourceRange| MoveStatement {
        from: MoveEndpointInModule::implied(from),
        to: MoveEndpointInModule::implied(to),
        range: range.clone(),
        implied: true,
    };

    if ctx.engine == Engine::Tofu {
        for (name, call) in &config.module.module_calls {
            let (to_key, range) = match (&call.count, &call.for_each) {
                (Some(c), _) => (InstanceKey::Int(0), &c.range),
                (None, None) => (InstanceKey::NoKey, &call.decl_range),
                (None, Some(_)) => continue,
            };
            let call_path = path.child(name.clone());
            for inst in ctx
                .state_modules
                .iter()
                .filter(|m| m.is_for_module(&call_path))
            {
                let Some(call_addr) = inst.call() else {
                    continue;
                };
                let from_key = inst
                    .steps()
                    .last()
                    .map_or(InstanceKey::NoKey, |s| s.key.clone());
                if !matches!(from_key, InstanceKey::NoKey | InstanceKey::Int(0))
                    || from_key == to_key
                    || ctx.selects_module(inst)
                {
                    continue;
                }
                out.push(implied(
                    AbsMoveable::ModuleInstance(call_addr.instance(from_key)),
                    AbsMoveable::ModuleInstance(call_addr.instance(to_key.clone())),
                    range,
                ));
            }
        }
    }

    for inst in ctx.state_modules.iter().filter(|m| m.is_for_module(&path)) {
        let mut resources: Vec<&AbsResource> = ctx.resources.get(inst).cloned().unwrap_or_default();
        resources.sort();
        for addr in resources {
            let Some(rc) = config.module.resources.get(&addr.resource.to_string()) else {
                continue;
            };
            let keys = state_keys(ctx.recorded.get(addr).copied());
            let (from_key, to_key, range) = match (&rc.count, &rc.for_each) {
                (Some(c), _) if keys.contains(&InstanceKey::NoKey) => {
                    (InstanceKey::NoKey, InstanceKey::Int(0), &c.range)
                }
                (None, None) if keys.contains(&InstanceKey::Int(0)) => {
                    (InstanceKey::Int(0), InstanceKey::NoKey, &rc.decl_range)
                }
                _ => continue,
            };
            if ctx.selects_resource(addr) {
                continue;
            }
            out.push(implied(
                AbsMoveable::ResourceInstance(addr.instance(from_key)),
                AbsMoveable::ResourceInstance(addr.instance(to_key)),
                range,
            ));
        }
    }

    for child in config.children.values() {
        implied_in(child, ctx, out);
    }
}

#[cfg(test)]
mod tests {
    //! Cases named as in OpenTofu's `TestImpliedMoveStatements`, on the
    //! fixture tests/data/moves/implied/.

    use super::*;
    use crate::plan::moves::find_move_statements;
    use crate::plan::moves::testing::{data_dir, load_dir, start_in, state_of, stmt};

    fn implied_fixture(engine: Engine) -> Vec<(String, String, String)> {
        let dir = data_dir().join("implied");
        let config = load_dir(&dir, engine);
        let prior = state_of(&[
            "foo.formerly_count[0]",
            "foo.formerly_count[1]",
            "foo.now_count",
            "foo.formerly_count_explicit[0]",
            "foo.formerly_count_explicit[1]",
            "foo.now_count_explicit",
            "foo.now_for_each_formerly_count[0]",
            "foo.now_for_each_formerly_no_count",
            "foo.ambiguous",
            "foo.ambiguous[0]",
            "module.child.foo.formerly_count[0]",
            "module.child.foo.now_count",
            "module.child_count_one.foo.now_count",
            "module.child_for_each.foo.x",
        ]);
        let explicit = find_move_statements(&config).unwrap();
        assert_eq!(explicit.len(), 3);
        let mut got: Vec<(String, String, String)> =
            implied_move_statements(&config, &prior, &explicit, engine)
                .into_iter()
                .map(|s| {
                    assert!(s.implied);
                    assert!(s.from.module.is_root() && s.to.module.is_root());
                    (
                        start_in(&s.range, &dir),
                        s.from.relative.to_string(),
                        s.to.relative.to_string(),
                    )
                })
                .collect();
        got.sort();
        got
    }

    #[test]
    fn implied_move_statements_fixture() {
        let s = |a: &str, b: &str, c: &str| (a.to_string(), b.to_string(), c.to_string());
        let resources = vec![
            // formerly_count
            s("main.tf:1,1", "foo.formerly_count[0]", "foo.formerly_count"),
            // ambiguous: both in state; the move is made and will be blocked
            s("main.tf:40,1", "foo.ambiguous[0]", "foo.ambiguous"),
            // now_count: the count expression is the statement's range
            s("main.tf:5,11", "foo.now_count", "foo.now_count[0]"),
            s(
                "child/main.tf:1,1",
                "module.child.foo.formerly_count[0]",
                "module.child.foo.formerly_count",
            ),
            s(
                "child/main.tf:5,11",
                "module.child.foo.now_count",
                "module.child.foo.now_count[0]",
            ),
        ];
        let mut want = resources.clone();
        want.sort();
        // Terraform: no module-call implied moves.
        assert_eq!(implied_fixture(Engine::Terraform), want);
        // OpenTofu adds child_count_one, at its count expression; the
        // for_each call gets none.
        want.push(s(
            "main.tf:49,12",
            "module.child_count_one",
            "module.child_count_one[0]",
        ));
        want.sort();
        assert_eq!(implied_fixture(Engine::Tofu), want);
    }

    #[test]
    fn implied_module_move_suppressed_only_by_exact_instance() {
        let dir = data_dir().join("implied");
        let config = load_dir(&dir, Engine::Tofu);
        let prior = state_of(&["module.child_count_one.foo.now_count"]);
        let names = |explicit: &[MoveStatement]| -> Vec<String> {
            implied_move_statements(&config, &prior, explicit, Engine::Tofu)
                .iter()
                .map(|s| s.from.relative.to_string())
                .collect()
        };
        assert_eq!(names(&[]), vec!["module.child_count_one"]);
        // Selects module.child_count_one (NoKey) itself: suppressed.
        assert!(names(&[stmt("", "module.child_count_one", "module.x")]).is_empty());
        // Selects only [1]: the NoKey instance still gets its implied move.
        assert_eq!(
            names(&[stmt("", "module.child_count_one[1]", "module.x")]),
            vec!["module.child_count_one"]
        );
    }

    #[test]
    fn implied_resource_move_suppressed_by_any_statement_naming_it() {
        let dir = data_dir().join("implied");
        let config = load_dir(&dir, Engine::Terraform);
        let prior = state_of(&["foo.now_count"]);
        // Instance keys are ignored: [7] suppresses the NoKey → [0] move.
        let explicit = [stmt("", "foo.now_count[7]", "foo.elsewhere")];
        assert!(implied_move_statements(&config, &prior, &explicit, Engine::Terraform).is_empty());
        let explicit = [stmt("", "foo.elsewhere", "foo.now_count")];
        assert!(implied_move_statements(&config, &prior, &explicit, Engine::Terraform).is_empty());
    }
}
