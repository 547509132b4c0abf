//! Input variables: a root input or the calling module's argument, the
//! default, nullability, the type constraint, the sensitive mark, then
//! the `validation` rules.

use crate::addrs::ModuleInstance;
use crate::diagnostics::{Diagnostic, Diagnostics, SourceRange};
use crate::lang::eval::{Eval, Scope};
use crate::lang::functions::{FunctionContext, FunctionError};
use crate::lang::types::convert_constraint;
use crate::lang::value::{Type, Value};
use crate::syntax::ast::Traverser;

use super::expand::Repetition;
use super::run::{Run, VertexRef, err, module_label};
use super::scope::InstanceScope;

impl<'c> Run<'c> {
    pub fn variable(&self, module: &ModuleInstance, name: &str) -> Result<Value, Diagnostics> {
        self.memo(module, VertexRef::Var(name), || {
            let label = format!("{}var.{name}", module_label(module));
            let cfg = self.module_config(module);
            let var = &cfg.module.variables[name];
            let (raw, at) = self.raw_input(module, name)?;
            let set_using = match module.steps().is_empty() {
                true => self.inputs.get(name).and_then(|i| i.set_using.clone()),
                false => None,
            };
            // Root values are blamed on the declaration, as terraform does.
            let at = if module.steps().is_empty() { var.decl_range.clone() } else { at.unwrap_or_else(|| var.decl_range.clone()) };
            let mut value = match &raw {
                Some(v) => v.clone(),
                None => match &var.default {
                    Some(d) => self.eval_in(&ModuleInstance::default(), d)?,
                    None if self.opts.unset_variables_unknown => {
                        Value::Unknown(var.constraint.as_ref().map_or(Type::Dynamic, |c| c.ty()), None)
                    }
                    None => {
                        return Err(Diagnostic::error(
                            "No value for required variable",
                            format!("The root module input variable \"{name}\" is not set, and has no default value. Use a -var or -var-file command line argument to provide a value for this variable."),
                        )
                        .at(&var.decl_range)
                        .into());
                    }
                },
            };
            // A null given to a variable that is not nullable takes its
            // default (and is an error without one); a nullable variable
            // keeps the null it was given.
            if value.is_null() && !var.nullable {
                match &var.default {
                    Some(d) if raw.is_some() => value = self.eval_in(&ModuleInstance::default(), d)?,
                    _ => {
                        return Err(err(
                            "Invalid value for input variable",
                            format!("The given value is not suitable for {label}, which is not nullable: value must not be null."),
                            &at,
                        ));
                    }
                }
            }
            if let Some(c) = &var.constraint {
                value = convert_constraint(&value, c).map_err(|e| {
                    let detail = match &set_using {
                        Some(how) => format!("Unsuitable value for {label} {how}: {e}."),
                        None => format!("The given value is not suitable for {label} declared at {}: {e}.", var.decl_range),
                    };
                    err("Invalid value for input variable", detail, &at)
                })?;
            }
            if var.sensitive {
                value = value.mark();
            }
            self.validate(module, var, &value, &label, &at)?;
            Ok(value)
        })
    }

    /// The value a variable is given: a root input, or the calling module's
    /// argument evaluated in the caller's scope with the instance's
    /// `each` / `count`. `None` when not given.
    fn raw_input(
        &self,
        module: &ModuleInstance,
        name: &str,
    ) -> Result<(Option<Value>, Option<SourceRange>), Diagnostics> {
        let Some((last, parent_steps)) = module.steps().split_last() else {
            return Ok(match self.inputs.get(name) {
                Some(v) => (Some(v.value.clone()), v.range.clone()),
                None => (None, None),
            });
        };
        let parent = ModuleInstance::new(parent_steps.into());
        let call = &self.module_config(&parent).module.module_calls[&last.name];
        let Some(arg) = call.inputs.iter().find(|a| a.name == name) else {
            return Ok((None, None));
        };
        let expansion = self.call_expansion(&parent, &last.name)?;
        let rep = expansion.repetition(&last.key).unwrap_or_default();
        let scope = self.scope(&parent, rep);
        let v = Eval::new(&scope).expr(&arg.expr)?;
        Ok((Some(v), Some(arg.expr.range.clone())))
    }

    fn validate(
        &self,
        module: &ModuleInstance,
        var: &crate::config::Variable,
        value: &Value,
        label: &str,
        at: &SourceRange,
    ) -> Result<(), Diagnostics> {
        for rule in &var.validations {
            let scope = ValidationScope {
                inner: self.scope(module, Repetition::default()),
                name: &var.name,
                value,
            };
            let ev = Eval::new(&scope);
            let ok = ev.expr(&rule.condition)?;
            let (ok, _) = ok.into_unmarked();
            if ok.is_unknown() {
                continue;
            }
            match ok {
                Value::Bool(true) => continue,
                Value::Bool(false) => {}
                _ => {
                    return Err(err(
                        "Invalid variable validation result",
                        "Validation condition expression must return either true or false.",
                        &rule.condition.range,
                    ));
                }
            }
            let msg = ev.expr(&rule.error_message)?;
            let msg = if msg.is_marked() {
                "The error message included a sensitive value, so it will not be displayed."
                    .to_string()
            } else {
                msg.as_str()
                    .map(str::to_string)
                    .unwrap_or_else(|| crate::lang::display::console(&msg))
            };
            let _ = label;
            let shown = if value.has_marks_deep() {
                "has a sensitive value".to_string()
            } else {
                format!("is {}", crate::lang::display::console(value))
            };
            return Err(Diagnostic::error(
                "Invalid value for variable",
                format!(
                    "{msg}\n\nThis was checked by the validation rule at {}.",
                    rule.range
                ),
            )
            .at(at)
            .with_value(format!("var.{}", var.name), shown)
            .into());
        }
        Ok(())
    }
}

/// The scope of a validation rule: like the module's, but `var.<name>` is
/// the value being validated (other references are allowed since 1.9).
struct ValidationScope<'r, 'c, 'v> {
    inner: InstanceScope<'r, 'c>,
    name: &'v str,
    value: &'v Value,
}

impl Scope for ValidationScope<'_, '_, '_> {
    fn reference(
        &self,
        root: &str,
        range: &SourceRange,
        steps: &[Traverser],
        ev: &Eval,
    ) -> Result<(Value, usize), Diagnostics> {
        if root == "var"
            && let Some(Traverser::Attr(n, _)) = steps.first()
            && n == self.name
        {
            return Ok((self.value.clone(), 1));
        }
        self.inner.reference(root, range, steps, ev)
    }

    fn with_function_context(
        &self,
        f: &mut dyn FnMut(&FunctionContext) -> Result<Value, FunctionError>,
    ) -> Result<Value, FunctionError> {
        self.inner.with_function_context(f)
    }

    fn text_built(&self) -> Option<&std::cell::Cell<u64>> {
        self.inner.text_built()
    }
}

#[cfg(test)]
mod tests {
    use crate::addrs::{InstanceKey, ModuleInstance};
    use crate::instances::RunOptions;
    use crate::instances::testing::{
        assert_terraform_error, case_run, corpus, load_dir, terraform_output,
    };

    fn case(case: &str) -> (std::path::PathBuf, crate::config::Config) {
        let dir = corpus("config-errors").join(case);
        let config = load_dir(&dir);
        (dir, config)
    }

    #[test]
    fn a_validation_rule_rejects_a_root_default() {
        let (dir, config) = case("validation-failure");
        let run = case_run(&config, &dir, RunOptions::default());
        let err = run.variable(&ModuleInstance::default(), "env").unwrap_err();
        assert_terraform_error(&err, "validation-failure");
    }

    /// The child's rule judges the value its caller gave one instance.
    #[test]
    fn a_validation_rule_rejects_a_module_argument() {
        let (dir, config) = case("validation-failure-in-child");
        let run = case_run(&config, &dir, RunOptions::default());
        let web = ModuleInstance::default().child("web", InstanceKey::Str("Not-OK".into()));
        let err = run.variable(&web, "name").unwrap_err();
        assert_terraform_error(&err, "validation-failure-in-child");
        let ok = ModuleInstance::default().child("web", InstanceKey::Str("ok".into()));
        assert!(run.variable(&ok, "name").is_ok());
        assert_terraform_error(&run.check_all().unwrap_err(), "validation-failure-in-child");
    }

    #[test]
    fn a_value_given_with_var_must_convert_to_the_type() {
        let (dir, config) = case("type-conversion-failure");
        let run = case_run(&config, &dir, RunOptions::default());
        let err = run.variable(&ModuleInstance::default(), "n").unwrap_err();
        assert_terraform_error(&err, "type-conversion-failure");
    }

    /// A null argument takes the default of a `nullable = false` variable;
    /// a nullable one keeps the null.
    #[test]
    fn a_null_argument_takes_the_default_only_when_not_nullable() {
        let dir = corpus("configs").join("nullable-null-input");
        let config = load_dir(&dir);
        let run = case_run(&config, &dir, RunOptions::default());
        let root = ModuleInstance::default();
        for name in ["flags", "given"] {
            let got = run.output(&root, name).unwrap();
            let want = terraform_output("nullable-null-input", name);
            assert_eq!(crate::lang::display::json(&got), want, "{name}");
        }
    }

    /// Without a value a root variable is terraform's error, or unknown
    /// when the run says so (the console, a pull-request check).
    #[test]
    fn an_unset_root_variable_is_an_error_unless_unknown_is_asked_for() {
        let (dir, config) = case("variable-unset");
        let root = ModuleInstance::default();
        let run = case_run(&config, &dir, RunOptions::default());
        let err = run.variable(&root, "n").unwrap_err();
        assert_terraform_error(&err, "variable-unset");
        let opts = RunOptions {
            unset_variables_unknown: true,
            ..RunOptions::default()
        };
        let run = crate::instances::testing::run(&config, opts);
        let v = run.variable(&root, "n").unwrap();
        assert!(v.is_unknown());
        assert_eq!(v.ty(), crate::lang::value::Type::Number);
    }
}
