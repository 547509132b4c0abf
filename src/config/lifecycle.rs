//! `lifecycle { ignore_changes = ... }`: the attributes whose prior value
//! stands instead of the configured one once the object exists.

use crate::syntax::ast::{Expr, ExprKind, Literal, TraversalStep, Traverser};

use super::Resource;

/// What a resource's `ignore_changes` names.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum IgnoreChanges {
    /// `ignore_changes = all`.
    All,
    /// Attribute paths: an attribute, then attributes, keys and indexes.
    Paths(Vec<Vec<TraversalStep>>),
}

impl Resource {
    /// The resource's `ignore_changes`, when it has one. Entries that are
    /// not static attribute paths are left out (terraform rejects them
    /// when it loads the configuration).
    pub(crate) fn ignore_changes(&self) -> Option<IgnoreChanges> {
        let lifecycle = self.lifecycle.as_ref()?;
        let content = lifecycle.body.content(&[]).ok()?;
        let expr = &content.attr("ignore_changes")?.expr;
        if is_all(expr) {
            return Some(IgnoreChanges::All);
        }
        let paths = match &expr.kind {
            ExprKind::Tuple(items) => items.iter().filter_map(path_of).collect(),
            // JSON: `["tags", "input.name"]` read as a constant.
            ExprKind::Literal(Literal::Tuple(items)) => {
                items.iter().filter_map(path_of_text).collect()
            }
            _ => return None,
        };
        Some(IgnoreChanges::Paths(paths))
    }
}

fn is_all(expr: &Expr) -> bool {
    match &expr.kind {
        ExprKind::Variable(name) => name == "all",
        ExprKind::Traversal(root, steps) => steps.is_empty() && is_all(root),
        ExprKind::Literal(Literal::String(s)) => s == "all",
        _ => false,
    }
}

/// `input`, `tags["Name"]`, `list[0].x` as written in native syntax; in
/// JSON, the same as a string.
fn path_of(expr: &Expr) -> Option<Vec<TraversalStep>> {
    match &expr.kind {
        ExprKind::Variable(name) => Some(vec![TraversalStep::Attr(name.clone())]),
        ExprKind::Traversal(root, steps) => {
            let mut path = path_of(root)?;
            for step in steps {
                path.push(match step {
                    Traverser::Attr(name, _) => TraversalStep::Attr(name.clone()),
                    Traverser::Index(Expr {
                        kind: ExprKind::Literal(key),
                        ..
                    }) => TraversalStep::Index(key.clone()),
                    Traverser::Index(_) => return None,
                });
            }
            Some(path)
        }
        ExprKind::Literal(text) => path_of_text(text),
        _ => None,
    }
}

fn path_of_text(text: &Literal) -> Option<Vec<TraversalStep>> {
    let Literal::String(s) = text else {
        return None;
    };
    let (root, steps) = crate::addrs::parse_traversal(s).ok()?;
    Some(
        std::iter::once(TraversalStep::Attr(root))
            .chain(steps)
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load(files: &[(&str, &str)]) -> (tempfile::TempDir, super::super::Config) {
        let dir = tempfile::tempdir().unwrap();
        for (name, text) in files {
            std::fs::write(dir.path().join(name), text).unwrap();
        }
        let mut sources = crate::diagnostics::SourceMap::default();
        let config = super::super::load(dir.path(), &Default::default(), &mut sources).unwrap();
        (dir, config)
    }

    fn ignore_of(lifecycle: &str) -> Option<IgnoreChanges> {
        let text = format!(
            "resource \"terraform_data\" \"a\" {{\n  lifecycle {{\n    {lifecycle}\n  }}\n}}\n"
        );
        let (_dir, config) = load(&[("main.tf", text.as_str())]);
        config.module.resources["terraform_data.a"].ignore_changes()
    }

    fn json_ignore_of(value: &str) -> Option<IgnoreChanges> {
        let text = format!(
            r#"{{"resource": {{"terraform_data": {{"a": {{"lifecycle": {{"ignore_changes": {value}}}}}}}}}}}"#
        );
        let (_dir, config) = load(&[("main.tf.json", text.as_str())]);
        config.module.resources["terraform_data.a"].ignore_changes()
    }

    #[test]
    fn paths_and_all_read_from_both_syntaxes() {
        use TraversalStep::{Attr, Index};
        let attr = |s: &str| Attr(s.to_string());
        let want = IgnoreChanges::Paths(vec![
            vec![attr("input")],
            vec![attr("tags"), Index(Literal::string("Name"))],
            vec![
                attr("list"),
                Index(Literal::Number(crate::number::Number::from_i64(0))),
                attr("x"),
            ],
        ]);
        assert_eq!(
            ignore_of(r#"ignore_changes = [input, tags["Name"], list[0].x]"#),
            Some(want.clone())
        );
        assert_eq!(
            json_ignore_of(r#"["input", "tags[\"Name\"]", "list[0].x"]"#),
            Some(want)
        );
        assert_eq!(ignore_of("ignore_changes = all"), Some(IgnoreChanges::All));
        assert_eq!(json_ignore_of(r#""all""#), Some(IgnoreChanges::All));
        assert_eq!(ignore_of("create_before_destroy = true"), None);
    }
}
