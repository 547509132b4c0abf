//! `removed` blocks: which resources or modules the configuration says
//! are gone, whether to destroy or forget their objects, and the checks
//! and messages of each engine (OpenTofu `remove_statement.go`,
//! `remove_endpoint.go`; Terraform `remove_target.go`).

use crate::addrs::{AbsResourceInstance, ConfigMoveable, Module, MoveEndpoint, ResourceMode};
use crate::config::{Config, Engine};
use crate::diagnostics::{Diagnostic, Diagnostics, SourceRange};
use crate::state::State;

use super::moves::endpoint_of;

/// One `removed` block, its address made absolute (from the root).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RemoveStatement {
    pub from: ConfigMoveable,
    /// Destroy the objects (true) or only forget them (false).
    pub destroy: bool,
    pub range: SourceRange,
}

fn keyed_module(engine: Engine, at: &SourceRange) -> Diagnostic {
    match engine {
        Engine::Tofu => Diagnostic::error(
            "Module instance address with keys is not allowed",
            "Module address cannot be a module instance (e.g. \"module.a[0]\"), it must be a module instead (e.g. \"module.a\").",
        ),
        Engine::Terraform => Diagnostic::error(
            "Module instance keys not allowed",
            "Module address must be a module (e.g. \"module.foo\"), not a module instance (e.g. \"module.foo[1]\").",
        ),
    }
    .at(at)
}

fn keyed_resource(engine: Engine, at: &SourceRange) -> Diagnostic {
    match engine {
        Engine::Tofu => Diagnostic::error(
            "Resource instance address with keys is not allowed",
            "Resource address cannot be a resource instance (e.g. \"null_resource.a[0]\"), it must be a resource instead (e.g. \"null_resource.a\").",
        ),
        Engine::Terraform => Diagnostic::error(
            "Resource instance keys not allowed",
            "Resource address must be a resource (e.g. \"test_instance.foo\"), not a resource instance (e.g. \"test_instance.foo[1]\").",
        ),
    }
    .at(at)
}

fn mode_not_allowed(engine: Engine, mode: ResourceMode, at: &SourceRange) -> Option<Diagnostic> {
    let d = match (engine, mode) {
        (Engine::Tofu, ResourceMode::Data) => Diagnostic::error(
            "Data source address is not allowed",
            "Data sources cannot be destroyed, and therefore, 'removed' blocks are not allowed to target them. To remove data sources from the state, you should remove the data source block from the configuration.",
        ),
        (Engine::Tofu, ResourceMode::Ephemeral) => Diagnostic::error(
            "Ephemeral resource address is not allowed",
            "Ephemeral resources cannot be destroyed, and therefore, 'removed' blocks are not allowed to target them. To remove ephemeral resources from the state, you should remove the ephemeral resource block from the configuration.",
        ),
        (Engine::Terraform, ResourceMode::Data) => Diagnostic::error(
            "Data source address not allowed",
            "Data sources are never destroyed, so they are not valid targets of removed blocks. To remove the data source from state, remove the data source block from configuration.",
        ),
        _ => return None,
    };
    Some(d.at(at))
}

/// Every `removed` block of every module, checked: no instance keys, no
/// data sources, and nothing that the configuration still declares.
/// `destroy` defaults to true for Terraform and false (forget) for
/// OpenTofu.
pub fn find_remove_statements(
    config: &Config,
    engine: Engine,
) -> Result<Vec<RemoveStatement>, Diagnostics> {
    let mut out = Vec::new();
    let mut diags = Diagnostics::default();
    collect(config, engine, &mut out, &mut diags);
    if !diags.has_errors() {
        for stmt in &out {
            if let Some(d) = still_declared(config, stmt, engine) {
                diags.push(d);
            }
        }
    }
    if diags.has_errors() {
        Err(diags)
    } else {
        Ok(out)
    }
}

fn collect(
    config: &Config,
    engine: Engine,
    out: &mut Vec<RemoveStatement>,
    diags: &mut Diagnostics,
) {
    let declaring = Module(config.path.clone());
    for r in &config.module.removed {
        let at = &r.from.range;
        let ep = match endpoint_of(&r.from) {
            Ok(ep) => ep,
            Err(d) => {
                diags.push(d);
                continue;
            }
        };
        let module = match &ep {
            MoveEndpoint::Module(m) => m,
            MoveEndpoint::Resource(ri) => &ri.module,
        };
        if module.0.iter().any(|s| !s.key.is_no_key()) {
            diags.push(keyed_module(engine, at));
            continue;
        }
        if let MoveEndpoint::Resource(ri) = &ep {
            if !ri.resource.key.is_no_key() {
                diags.push(keyed_resource(engine, at));
                continue;
            }
            if let Some(d) = mode_not_allowed(engine, ri.resource.resource.mode, at) {
                diags.push(d);
                continue;
            }
        }
        out.push(RemoveStatement {
            from: ep.config_moveable(&declaring),
            destroy: r.destroy.unwrap_or(engine == Engine::Terraform),
            range: r.range.clone(),
        });
    }
    for child in config.children.values() {
        collect(child, engine, out, diags);
    }
}

fn still_declared(root: &Config, stmt: &RemoveStatement, engine: Engine) -> Option<Diagnostic> {
    match &stmt.from {
        ConfigMoveable::Resource(cr) => {
            let rc = root
                .descendant(&cr.module.0)?
                .module
                .resources
                .get(&cr.resource.to_string())?;
            Some(match engine {
                Engine::Tofu => Diagnostic::error(
                    "Removed resource block still exists",
                    format!(
                        "This statement declares a removal of the resource {cr}, but this resource block still exists in the configuration. Please remove the resource block."
                    ),
                )
                .at(&stmt.range),
                Engine::Terraform => Diagnostic::error(
                    "Removed resource still exists",
                    format!(
                        "This statement declares that {cr} was removed, but it is still declared in configuration."
                    ),
                )
                .at(&rc.decl_range),
            })
        }
        ConfigMoveable::Module(m) => {
            let (last, parent) = m.0.split_last()?;
            let call = root.descendant(parent)?.module.module_calls.get(last)?;
            Some(match engine {
                Engine::Tofu => Diagnostic::error(
                    "Removed module block still exists",
                    format!(
                        "This statement declares a removal of the module {m}, but this module block still exists in the configuration. Please remove the module block."
                    ),
                )
                .at(&stmt.range),
                Engine::Terraform => Diagnostic::error(
                    "Removed module still exists",
                    format!(
                        "This statement declares that {m} was removed, but it is still declared in configuration."
                    ),
                )
                .at(&call.decl_range),
            })
        }
    }
}

/// The managed resource instances in `prior` (the state after moves) that
/// a removed statement covers, with whether to destroy them. The first
/// matching statement decides.
pub fn removed_addresses(
    stmts: &[RemoveStatement],
    prior: &State,
) -> Vec<(AbsResourceInstance, bool)> {
    prior
        .instances()
        .filter(|(addr, _)| addr.resource.resource.mode == ResourceMode::Managed)
        .filter_map(|(addr, _)| {
            let cfg = addr.config();
            let stmt = stmts.iter().find(|s| match &s.from {
                ConfigMoveable::Resource(cr) => cr == &cfg,
                ConfigMoveable::Module(m) => cfg.module.0.starts_with(&m.0),
            })?;
            Some((addr, stmt.destroy))
        })
        .collect()
}
