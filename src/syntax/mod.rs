//! Reading source files: native HCL and Terraform's JSON syntax, into one
//! expression model (`ast`) and one body model (`body`).

pub(crate) mod ast;
pub(crate) mod body;
mod heredoc;
pub(crate) mod json;
pub(crate) mod native;
mod relex;
pub(crate) mod source;

use std::collections::BTreeSet;
use std::sync::Arc;

/// Every function a configuration file calls, read from its syntax (so a
/// comment, a string or a JSON escape neither hides a call nor makes
/// one): in JSON, every string is read as the template it may be.
pub(crate) fn called_functions(
    name: &str,
    text: &str,
) -> Result<BTreeSet<String>, crate::diagnostics::Diagnostics> {
    let file = Arc::new(source::SourceFile::new(name, text));
    let mut names = BTreeSet::new();
    let mut note = |e: &ast::Expr| {
        if let ast::ExprKind::FuncCall { name, .. } = &e.kind {
            names.insert(name.clone());
        }
    };
    if name.ends_with(".json") {
        json::expr(&json::parse(&file)?)?.walk(&mut note);
    } else {
        let mut bodies = vec![native::parse_file(&file)?];
        while let Some(body) = bodies.pop() {
            if let body::Body::Native {
                attributes, blocks, ..
            } = body
            {
                attributes.iter().for_each(|a| a.expr.walk(&mut note));
                bodies.extend(blocks.into_iter().map(|b| b.body));
            }
        }
    }
    Ok(names)
}

#[cfg(test)]
mod tests {
    #[test]
    fn calls_are_read_from_syntax_not_text() {
        let calls = |name: &str, text: &str| super::called_functions(name, text).unwrap();
        assert!(calls("a.tf", "x = file /* c */ (\"p\")\n").contains("file"));
        assert!(
            calls(
                "a.tf",
                "b {\n  c {\n    x = upper(templatefile(\"t\", {}))\n  }\n}\n"
            )
            .contains("templatefile")
        );
        assert!(calls("a.tf.json", r#"{"locals": {"x": "${fil\u0065(\"p\")}"}}"#).contains("file"));
        assert!(!calls("a.tf", "# file(\"p\")\nx = \"file(p)\"\n").contains("file"));
        assert!(!calls("a.tf.json", r#"{"locals": {"x": "file(p)"}}"#).contains("file"));
    }
}
