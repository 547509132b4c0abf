//! `templatefile` and `templatestring`: a template sees only the
//! variables it is given.

use crate::lang::sorted_map::SortedMap;
use std::cell::Cell;
use std::path::Path;

use crate::diagnostics::{Diagnostic, Diagnostics, SourceRange};
use crate::lang::eval::{Eval, Scope};
use crate::lang::functions::{FunctionContext, FunctionError, Host};
use crate::lang::value::Value;
use crate::syntax::ast::Traverser;

use super::run::err;

/// Evaluates a template for `templatefile`: only the given variables are
/// in scope, as Terraform's templatefile has it.
pub(super) fn render_template(
    dir: &Path,
    within: Option<&Path>,
    files: &crate::files::Files,
    host: Host<'_>,
    text: &str,
    name: &str,
    vars: &SortedMap<String, Value>,
) -> Result<Value, FunctionError> {
    use crate::syntax::native;
    use crate::syntax::source::SourceFile;
    let file = SourceFile::new(name, text);
    let expr = native::parse_template(&file, text, 0).map_err(|d| template_error(d, false))?;
    let scope = TemplateScope {
        dir,
        within,
        files,
        host,
        vars,
        missing_var: Cell::new(false),
    };
    Eval::new(&scope)
        .expr(&expr)
        .map_err(|d| template_error(d, scope.missing_var.get()))
}

/// The template's own first diagnostic is the function's error; one about
/// a variable `vars` lacks blames the "vars" argument, as terraform's
/// `function.NewArgErrorf(1, ...)` does.
fn template_error(d: Diagnostics, blame_vars: bool) -> FunctionError {
    let first =
        d.0.into_iter()
            .next()
            .unwrap_or_else(|| Diagnostic::error("Error in function call", ""));
    FunctionError {
        summary: first.summary,
        detail: first.detail,
        arg: blame_vars.then_some(1),
    }
}

struct TemplateScope<'a> {
    dir: &'a Path,
    within: Option<&'a Path>,
    files: &'a crate::files::Files,
    host: Host<'a>,
    vars: &'a SortedMap<String, Value>,
    /// Set when a reference names a key `vars` does not hold: that error
    /// is the "vars" argument's.
    missing_var: Cell<bool>,
}

impl Scope for TemplateScope<'_> {
    fn reference(
        &self,
        root: &str,
        range: &SourceRange,
        _: &[Traverser],
        _: &Eval,
    ) -> Result<(Value, usize), Diagnostics> {
        match self.vars.get(root) {
            Some(v) => Ok((v.clone(), 0)),
            None => {
                self.missing_var.set(true);
                Err(err(
                    "Invalid function argument",
                    format!(
                        "Invalid value for \"vars\" parameter: vars map does not contain key \"{root}\", referenced at {range}."
                    ),
                    range,
                ))
            }
        }
    }

    fn with_function_context(
        &self,
        f: &mut dyn FnMut(&FunctionContext) -> Result<Value, FunctionError>,
    ) -> Result<Value, FunctionError> {
        let render = |text: &str, name: &str, vars: &SortedMap<String, Value>| {
            render_template(
                self.dir,
                self.within,
                self.files,
                self.host,
                text,
                name,
                vars,
            )
        };
        f(&FunctionContext {
            base_dir: self.dir,
            plan: true,
            render_template: Some(&render),
            files_within: self.within,
            files: self.files,
            host: self.host,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::instances::testing::{console_said, squash};

    /// What `local.template` of the expression corpus's configuration
    /// holds (`$${` and `%%{` there are escapes).
    const TEMPLATE: &str = "Hello, ${name}! %{ for x in items }[${x}]%{ endfor }";

    fn render(text: &str, vars: &[(&str, Value)]) -> Result<Value, FunctionError> {
        let vars = vars
            .iter()
            .map(|(k, v)| (k.to_string(), v.clone()))
            .collect();
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
        render_template(
            dir,
            Some(dir),
            &crate::files::DISK,
            Host::UNKNOWN,
            text,
            "<templatestring argument>",
            &vars,
        )
    }

    #[test]
    fn a_template_sees_only_its_variables() {
        let items = Value::Tuple(vec![Value::int(1), Value::int(2)].into());
        let got = render(
            TEMPLATE,
            &[("name", Value::string("bob")), ("items", items)],
        );
        let (_, stdout) = console_said(
            "string_functions",
            "templatestring(local.template, {name = \"bob\", items = [1, 2]})",
        );
        assert_eq!(crate::lang::display::console(&got.unwrap()), stdout);
    }

    /// A variable `vars` lacks is the "vars" argument's error (terraform's
    /// `NewArgErrorf(1, ...)`); any other failure inside the template is
    /// the call's.
    #[test]
    fn a_missing_variable_blames_the_vars_argument() {
        let err = render(TEMPLATE, &[("name", Value::string("bob"))]).unwrap_err();
        let (summary, detail) = console_said(
            "string_functions",
            "templatestring(local.template, {name = \"bob\"})",
        );
        assert_eq!(err.summary, summary);
        assert_eq!(squash(&err.detail), squash(&detail));
        assert_eq!(err.arg, Some(1));
        let err = render("${file(\"nope\")}", &[]).unwrap_err();
        assert_eq!(err.arg, None);
    }
}
