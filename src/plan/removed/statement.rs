//! `removed` blocks as the configuration declares them: each block's
//! address made absolute, whether to destroy or forget, and the checks
//! and messages of each engine (OpenTofu `remove_statement.go`,
//! `remove_endpoint.go`; Terraform `remove_target.go`).

use crate::addrs::{ConfigMoveable, Module, MoveEndpoint, ResourceMode};
use crate::config::{Config, Engine};
use crate::diagnostics::{Diagnostic, Diagnostics, SourceRange};
use crate::plan::moves::endpoint_of;
use crate::syntax::ast::{Expr, ExprKind, Traverser};

/// One `removed` block, its address made absolute (from the root).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct RemoveStatement {
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
pub(crate) fn find_remove_statements(
    config: &Config,
    engine: Engine,
) -> Result<Vec<RemoveStatement>, Diagnostics> {
    let mut out = Vec::new();
    let mut diags = Diagnostics::default();
    collect(config, engine, &mut out, &mut diags);
    if !diags.has_errors() {
        let mut declared: Vec<Diagnostic> = out
            .iter()
            .filter_map(|stmt| still_declared(config, stmt, engine))
            .collect();
        // Terraform checks its statements in map order and its view sorts
        // the errors by subject (`tfdiags.sortDiagnostics`): the resource's
        // or call's declaration, fewer path segments first, then file name,
        // then offset. OpenTofu reports them in the order it found them.
        if engine == Engine::Terraform {
            declared.sort_by(terraform_subject_order);
        }
        for d in declared {
            diags.push(d);
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
                diags.push(*d);
                continue;
            }
        };
        let module = match &ep {
            MoveEndpoint::Module(m) => m,
            MoveEndpoint::Resource(ri) => &ri.module,
        };
        // Both engines blame the first `[key]`: a keyed module step comes
        // before the resource key.
        let key_at = first_index_range(&r.from).unwrap_or_else(|| at.clone());
        if module.steps().iter().any(|s| !s.key.is_no_key()) {
            diags.push(keyed_module(engine, &key_at));
            continue;
        }
        if let MoveEndpoint::Resource(ri) = &ep {
            if !ri.resource.key.is_no_key() {
                diags.push(keyed_resource(engine, &key_at));
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

/// OpenTofu's warning for each `removed` block that does not say whether
/// to destroy (its default, forget, differs from Terraform's). Terraform
/// has none. (The provisioner warning needs provisioners, which the
/// configuration model does not keep.)
pub(crate) fn removed_warnings(config: &Config, engine: Engine) -> Diagnostics {
    let mut diags = Diagnostics::default();
    if engine == Engine::Tofu {
        collect_warnings(config, &mut diags);
    }
    diags
}

fn collect_warnings(config: &Config, diags: &mut Diagnostics) {
    for r in config.module.removed.iter().filter(|r| r.destroy.is_none()) {
        diags.push(
            Diagnostic::warning(
                "Missing lifecycle from the removed block",
                "It is recommended for each 'removed' block configured to have also the 'lifecycle' block defined. By not specifying if the resource should be destroyed or not, could lead to unwanted behavior.",
            )
            .at(&r.range),
        );
    }
    for child in config.children.values() {
        collect_warnings(child, diags);
    }
}

/// The range of the first `[key]` of a traversal, brackets included: from
/// the end of the name before it to one past the key.
fn first_index_range(expr: &Expr) -> Option<SourceRange> {
    let ExprKind::Traversal(root, steps) = &expr.kind else {
        return None;
    };
    let mut before = root.range.clone();
    for step in steps {
        match step {
            Traverser::Attr(_, r) => before = r.clone(),
            Traverser::Index(e) => {
                let mut end = e.range.end;
                end.column += 1;
                end.byte += 1;
                return Some(SourceRange {
                    file: e.range.file.clone(),
                    start: before.end,
                    end,
                });
            }
        }
    }
    None
}

/// `tfdiags.sortDiagnostics` for two errors that both have a subject.
fn terraform_subject_order(a: &Diagnostic, b: &Diagnostic) -> std::cmp::Ordering {
    let key = |d: &Diagnostic| {
        d.subject.as_ref().map(|s| {
            (
                s.file.matches(std::path::MAIN_SEPARATOR).count(),
                s.file.clone(),
                s.start.byte,
                s.end.byte,
            )
        })
    };
    key(a).cmp(&key(b))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::moves::testing::{data_dir, load_dir, shown_prefix, subject_at as at};

    /// OpenTofu's wording, subjects and default (forget) on the same trees.
    #[test]
    fn tofu_removed_statements() {
        let case = |name: &str| {
            let dir = data_dir().join(name).join("new");
            let prefix = shown_prefix(&dir);
            match find_remove_statements(&load_dir(&dir, Engine::Tofu), Engine::Tofu) {
                Ok(stmts) => Ok(stmts
                    .iter()
                    .map(|s| format!("{:?} destroy={}", s.from, s.destroy))
                    .collect::<Vec<_>>()),
                Err(d) => Err(d
                    .iter()
                    .map(|d| format!("{}: {} @{}", d.summary, d.detail, at(d, &prefix).unwrap()))
                    .collect::<Vec<_>>()),
            }
        };
        assert_eq!(
            case("removed_still_exists"),
            Err(vec!["Removed resource block still exists: This statement declares a removal of the resource terraform_data.a, but this resource block still exists in the configuration. Please remove the resource block. @main.tf:2,1".to_string()])
        );
        assert_eq!(
            case("removed_module_still_exists"),
            Err(vec!["Removed module block still exists: This statement declares a removal of the module module.m, but this module block still exists in the configuration. Please remove the module block. @main.tf:4,1".to_string()])
        );
        assert_eq!(
            case("removed_keyed_resource"),
            Err(vec!["Resource instance address with keys is not allowed: Resource address cannot be a resource instance (e.g. \"null_resource.a[0]\"), it must be a resource instead (e.g. \"null_resource.a\"). @main.tf:2,26".to_string()])
        );
        assert_eq!(
            case("removed_keyed_module"),
            Err(vec!["Module instance address with keys is not allowed: Module address cannot be a module instance (e.g. \"module.a[0]\"), it must be a module instead (e.g. \"module.a\"). @main.tf:2,18".to_string()])
        );
        assert_eq!(
            case("removed_data_source"),
            Err(vec!["Data source address is not allowed: Data sources cannot be destroyed, and therefore, 'removed' blocks are not allowed to target them. To remove data sources from the state, you should remove the data source block from the configuration. @main.tf:3,10".to_string()])
        );
        // No lifecycle: OpenTofu forgets, Terraform destroys.
        let dir = data_dir().join("removed_default_destroys/new");
        let tofu = find_remove_statements(&load_dir(&dir, Engine::Tofu), Engine::Tofu).unwrap();
        let tf =
            find_remove_statements(&load_dir(&dir, Engine::Terraform), Engine::Terraform).unwrap();
        assert_eq!((tofu[0].destroy, tf[0].destroy), (false, true));
        let warnings = |dir: &str, engine| {
            let dir = data_dir().join(dir).join("new");
            removed_warnings(&load_dir(&dir, engine), engine)
                .iter()
                .map(|d| (d.summary.clone(), at(d, &shown_prefix(&dir)).unwrap()))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            warnings("removed_in_child", Engine::Tofu),
            vec![(
                "Missing lifecycle from the removed block".to_string(),
                "m/main.tf:2,1".to_string()
            )]
        );
        assert!(warnings("removed_in_child", Engine::Terraform).is_empty());
        assert!(warnings("removed_forget", Engine::Tofu).is_empty());
        // A removed block in a child names its resource from the root.
        let dir = data_dir().join("removed_in_child/new");
        let stmts = find_remove_statements(&load_dir(&dir, Engine::Tofu), Engine::Tofu).unwrap();
        assert_eq!(
            stmts[0].from,
            ConfigMoveable::Resource(crate::addrs::ConfigResource {
                module: Module(vec!["m".into()]),
                resource: crate::addrs::Resource::managed("terraform_data", "x"),
            })
        );
    }
}
