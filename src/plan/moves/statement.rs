//! Move statements as the configuration declares them: every `moved`
//! block of every module, its addresses parsed and unified (OpenTofu
//! `move_statement.go`, `FindMoveStatements`).

use crate::addrs::{AbsMoveable, Module, MoveEndpoint, MoveEndpointInModule, unify_move_endpoints};
use crate::config::Config;
use crate::diagnostics::{Diagnostic, Diagnostics, SourceRange};
use crate::syntax::ast::{Expr, TraversalStep};

/// One move, from a `moved` block or implied by the prior state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveStatement {
    pub from: MoveEndpointInModule,
    pub to: MoveEndpointInModule,
    /// The `moved` block; for implied moves the `count` expression or the
    /// resource / module block.
    pub range: SourceRange,
    pub implied: bool,
}

pub(crate) fn invalid_expression(range: &SourceRange) -> Diagnostic {
    Diagnostic::error(
        "Invalid expression",
        "A single static variable reference is required: only attribute access and indexing with constant keys. No calculations, function calls, template expressions, etc are allowed here.",
    )
    .at(range)
}

/// Reads a `moved`/`removed` address expression as `hcl.AbsTraversalForExpr`
/// plus the endpoint grammar would.
pub(crate) fn endpoint_of(expr: &Expr) -> Result<MoveEndpoint, Box<Diagnostic>> {
    let (root, steps): (String, Vec<TraversalStep>) = expr
        .as_traversal()
        .ok_or_else(|| invalid_expression(&expr.range))?;
    MoveEndpoint::from_traversal(&root, &steps).map_err(|d| d.or_at(&expr.range).into())
}

/// Every `moved` block of every module, parsed and unified, parents
/// before children. Errors are collected for all blocks.
pub(crate) fn find_move_statements(config: &Config) -> Result<Vec<MoveStatement>, Diagnostics> {
    let mut out = Vec::new();
    let mut diags = Diagnostics::default();
    collect_moved(config, &mut out, &mut diags);
    if diags.has_errors() {
        Err(diags)
    } else {
        Ok(out)
    }
}

fn collect_moved(config: &Config, out: &mut Vec<MoveStatement>, diags: &mut Diagnostics) {
    let declaring = Module(config.path.clone());
    for m in &config.module.moved {
        let mut block_diags = Diagnostics::default();
        let from = endpoint_of(&m.from).map_err(|d| block_diags.push(*d)).ok();
        let to = endpoint_of(&m.to).map_err(|d| block_diags.push(*d)).ok();
        for (side, ep) in [("from", &from), ("to", &to)] {
            if let Some(ep) = ep
                && let Err(d) = ep.check_subject_allowed(side)
            {
                block_diags.push(d.at(&m.range));
            }
        }
        if block_diags.has_errors() {
            diags.extend(block_diags);
            continue;
        }
        let (Some(from), Some(to)) = (from, to) else {
            continue;
        };
        match unify_move_endpoints(&from, &to, &declaring) {
            Ok((from, to)) => out.push(MoveStatement {
                from,
                to,
                range: m.range.clone(),
                implied: false,
            }),
            Err(d) => diags.push(d.at(&m.range)),
        }
    }
    for child in config.children.values() {
        collect_moved(child, out, diags);
    }
}

/// The module names an endpoint's pattern walks (the declaring module's,
/// then the relative ones, then a module call's own), keys left out: two
/// endpoints can only chain or nest when one's names start the other's.
pub(super) fn endpoint_names(e: &MoveEndpointInModule) -> Vec<String> {
    let mut out = e.module.0.clone();
    let steps = match &e.relative {
        AbsMoveable::ModuleInstance(m) => m,
        AbsMoveable::ModuleCall(c) => &c.module,
        AbsMoveable::Resource(r) => &r.module,
        AbsMoveable::ResourceInstance(r) => &r.module,
    };
    out.extend(steps.steps().iter().map(|s| s.name.clone()));
    if let AbsMoveable::ModuleCall(c) = &e.relative {
        out.push(c.call.clone());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Engine;
    use crate::plan::moves::testing::load_dir;

    /// The statements of a root module `main` with a child `m` that
    /// declares one, as "FROM -> TO" (debug form), or its errors as
    /// "Summary: Detail @LINE,COL".
    fn find_in(main: &str) -> Result<Vec<String>, Vec<String>> {
        let d = tempfile::tempdir().unwrap();
        std::fs::create_dir(d.path().join("m")).unwrap();
        std::fs::write(d.path().join("main.tf"), main).unwrap();
        std::fs::write(
            d.path().join("m/main.tf"),
            "moved {\n  from = test.a\n  to = test.b\n}\n",
        )
        .unwrap();
        let config = load_dir(d.path(), Engine::Tofu);
        match find_move_statements(&config) {
            Ok(stmts) => Ok(stmts
                .iter()
                .map(|s| format!("{} -> {}", s.from, s.to))
                .collect()),
            Err(diags) => Err(diags
                .iter()
                .map(|d| {
                    let at = d
                        .subject
                        .as_ref()
                        .map(|r| format!("{},{}", r.start.line, r.start.column));
                    format!("{}: {} @{}", d.summary, d.detail, at.unwrap_or_default())
                })
                .collect()),
        }
    }

    #[test]
    fn find_move_statements_table() {
        let invalid_expr = "Invalid expression: A single static variable reference is required: only attribute access and indexing with constant keys. No calculations, function calls, template expressions, etc are allowed here.";
        type Found = Result<Vec<String>, Vec<String>>;
        let cases: Vec<(&str, &str, Found)> = vec![
            (
                "unified kinds, child statements under their module",
                "module \"m\" {\n  source = \"./m\"\n}\nmoved {\n  from = test.a\n  to   = test.b[\"k\"]\n}\nmoved {\n  from = module.x\n  to   = module.y[0]\n}\nmoved {\n  from = module.p\n  to   = module.q.module.r\n}\n",
                Ok(vec![
                    "test.a -> test.b[\"k\"]".into(),
                    "module.x -> module.y[0]".into(),
                    "module.p[*] -> module.q.module.r[*]".into(),
                    "module.m[*].test.a[*] -> module.m[*].test.b[*]".into(),
                ]),
            ),
            (
                "quoted address",
                "moved {\n  from = \"test.a\"\n  to   = test.b\n}\n",
                Err(vec![format!("{invalid_expr} @2,10")]),
            ),
            (
                "reference in a key",
                "moved {\n  from = test.a[var.k]\n  to   = test.b\n}\n",
                Err(vec![format!("{invalid_expr} @2,10")]),
            ),
            (
                "module and resource",
                "moved {\n  from = module.a\n  to   = test.b\n}\n",
                Err(vec!["Invalid \"moved\" addresses: The \"from\" and \"to\" addresses must either both refer to resources or both refer to modules. @1,1".into()]),
            ),
            (
                "grammar error",
                "moved {\n  from = module.foo.bar\n  to   = test.b\n}\n",
                Err(vec!["Invalid address: Resource specification must include a resource type and name. @2,10".into()]),
            ),
            (
                "ephemeral resources cannot move",
                "moved {\n  from = ephemeral.test.a\n  to   = ephemeral.test.b\n}\n",
                Err(vec![
                    "Invalid \"moved\" address: The resource referenced by the \"from\" attribute is not allowed to be moved. @1,1".into(),
                    "Invalid \"moved\" address: The resource referenced by the \"to\" attribute is not allowed to be moved. @1,1".into(),
                ]),
            ),
        ];
        for (name, main, want) in cases {
            assert_eq!(find_in(main), want, "{name}");
        }
    }
}
