//! `removed` blocks: which resources or modules the configuration says
//! are gone, whether to destroy or forget their objects, and the checks
//! and messages of each engine (OpenTofu `remove_statement.go`,
//! `remove_endpoint.go`; Terraform `remove_target.go`).

use crate::addrs::{AbsResourceInstance, ConfigMoveable, Module, MoveEndpoint, ResourceMode};
use crate::config::{Config, Engine};
use crate::diagnostics::{Diagnostic, Diagnostics, SourceRange};
use crate::state::State;
use crate::syntax::ast::{Expr, ExprKind, Traverser};

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
        let mut declared: Vec<Diagnostic> = out
            .iter()
            .filter_map(|stmt| still_declared(config, stmt, engine))
            .collect();
        // Terraform checks its statements in map order and its view sorts
        // the errors by subject (`tfdiags.sortDiagnostics`): the resource's
        // or call's declaration, fewer path segments first, then file name,
        // then offset. OpenTofu reports them in the order it found them.
        if engine == Engine::Terraform {
            declared.sort_by(|a, b| terraform_subject_order(a, b));
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
                diags.push(d);
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
        if module.0.iter().any(|s| !s.key.is_no_key()) {
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
pub fn removed_warnings(config: &Config, engine: Engine) -> Diagnostics {
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

/// The managed objects of `prior` that `removed` blocks take out of the
/// configuration, each with whether it is destroyed (true) or forgotten.
/// When several blocks cover one object (a resource and its module), the
/// engines differ: terraform forgets it if any block with `destroy =
/// false` covers it (`findForgetTargets`: those become forget targets,
/// whatever else says destroy), after a parent module's block for the
/// same address overrides a child's; OpenTofu lets the last covering
/// block in its walk order decide (`node_resource_plan_orphan.go`).
pub fn removed_addresses(
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
    use std::collections::BTreeMap;
    use std::path::PathBuf;

    use super::*;
    use crate::plan::moves::testing::{data_dir, load_dir, shown_prefix};
    use crate::plan::moves::{apply_moves, find_move_statements, implied_move_statements};

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

    fn at(d: &Diagnostic, prefix: &str) -> Option<String> {
        d.subject
            .as_ref()
            .map(|r| format!("{}:{},{}", r.file, r.start.line, r.start.column).replace(prefix, ""))
    }

    /// Cases `removed_*` recorded by record.sh: errors must match
    /// terraform's; otherwise every object terraform deletes or forgets
    /// must be ours with the same `destroy`.
    #[test]
    fn recorded_terraform_removed_plans() {
        let mut cases: Vec<PathBuf> = std::fs::read_dir(data_dir())
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| {
                p.file_name()
                    .unwrap()
                    .to_string_lossy()
                    .starts_with("removed_")
                    && p.join("diags.json").exists()
            })
            .collect();
        cases.sort();
        assert!(cases.len() >= 10);
        let mut failures = Vec::new();
        for case in &cases {
            let name = case.file_name().unwrap().to_string_lossy().into_owned();
            let dir = case.join("after");
            let prefix = shown_prefix(&dir);
            let json: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(case.join("diags.json")).unwrap())
                    .unwrap();
            let want_errors: Vec<(String, String, Option<String>)> = json
                .as_array()
                .unwrap()
                .iter()
                .filter(|d| d["severity"] == "error")
                .map(|d| {
                    (
                        d["summary"].as_str().unwrap().to_string(),
                        d["detail"].as_str().unwrap().to_string(),
                        d["at"].as_str().map(String::from),
                    )
                })
                .collect();
            let config = load_dir(&dir, Engine::Terraform);
            let stmts = match find_remove_statements(&config, Engine::Terraform) {
                Ok(s) => s,
                Err(diags) => {
                    let got: Vec<_> = diags
                        .iter()
                        .map(|d| (d.summary.clone(), d.detail.clone(), at(d, &prefix)))
                        .collect();
                    if got != want_errors {
                        failures.push(format!("{name}:\n  got:  {got:?}\n  want: {want_errors:?}"));
                    }
                    continue;
                }
            };
            if !want_errors.is_empty() {
                failures.push(format!("{name}: no errors, want {want_errors:?}"));
                continue;
            }
            let mut state = State::read(&case.join("before.tfstate")).unwrap();
            let mut moves = find_move_statements(&config).unwrap();
            moves.extend(implied_move_statements(
                &config,
                &state,
                &moves,
                Engine::Terraform,
            ));
            apply_moves(&moves, &mut state);
            let got: BTreeMap<String, bool> = removed_addresses(&stmts, &state, Engine::Terraform)
                .into_iter()
                .map(|(a, d)| (a.to_string(), d))
                .collect();
            let want: BTreeMap<String, bool> = std::fs::read_to_string(case.join("changes.txt"))
                .unwrap()
                .lines()
                .filter_map(|l| {
                    let f: Vec<&str> = l.split('\t').collect();
                    match f[2] {
                        "delete" => Some((f[0].to_string(), true)),
                        "forget" => Some((f[0].to_string(), false)),
                        _ => None,
                    }
                })
                .collect();
            if got != want {
                failures.push(format!("{name}:\n  got:  {got:?}\n  want: {want:?}"));
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }

    /// OpenTofu's wording, subjects and default (forget) on the same trees.
    #[test]
    fn tofu_removed_statements() {
        let case = |name: &str| {
            let dir = data_dir().join(name).join("after");
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
        let dir = data_dir().join("removed_default_destroys/after");
        let tofu = find_remove_statements(&load_dir(&dir, Engine::Tofu), Engine::Tofu).unwrap();
        let tf =
            find_remove_statements(&load_dir(&dir, Engine::Terraform), Engine::Terraform).unwrap();
        assert_eq!((tofu[0].destroy, tf[0].destroy), (false, true));
        let warnings = |dir: &str, engine| {
            let dir = data_dir().join(dir).join("after");
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
        let dir = data_dir().join("removed_in_child/after");
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
