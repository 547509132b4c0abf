//! Terraform's built-in functions. Each family lives in its own file and
//! exposes `call(name, args, ctx) -> Option<Result<..>>` (None: not mine);
//! `call` here dispatches, and owns the rules every function shares:
//! arity, unknown arguments and sensitive marks.

use std::collections::BTreeMap;
use std::path::Path;

use super::value::Value;

pub mod crypto;
pub mod datetime;
pub mod encoding;
pub mod filesystem;
pub mod network;

/// What a function may need from the place it is called in.
pub struct FunctionContext<'a> {
    /// The directory of the calling module; file functions resolve
    /// relative paths against it (`path.module` semantics).
    pub base_dir: &'a Path,
    /// True while planning: impure functions (`uuid`, `timestamp`,
    /// `bcrypt`) return unknown values.
    pub plan: bool,
    /// Renders a template (for `templatefile` and `templatestring`): the
    /// template text, the name to use in messages, and the variables.
    pub render_template:
        Option<&'a dyn Fn(&str, &str, &BTreeMap<String, Value>) -> Result<Value, FunctionError>>,
}

/// A failed call, already worded as Terraform words it. The evaluator adds
/// the place: the argument's range when `arg` is set, else the call's.
#[derive(Clone, Debug, PartialEq)]
pub struct FunctionError {
    pub summary: String,
    pub detail: String,
    /// The index of the offending argument, if one is to blame.
    pub arg: Option<usize>,
}

impl FunctionError {
    /// "Invalid function argument": `Invalid value for "param" parameter: msg.`
    pub fn arg(index: usize, param: &str, message: impl AsRef<str>) -> FunctionError {
        FunctionError {
            summary: "Invalid function argument".into(),
            detail: format!("Invalid value for \"{param}\" parameter: {}.", message.as_ref()),
            arg: Some(index),
        }
    }

    /// "Error in function call": `Call to function "name" failed: msg.`
    pub fn call(name: &str, message: impl AsRef<str>) -> FunctionError {
        FunctionError {
            summary: "Error in function call".into(),
            detail: format!("Call to function \"{name}\" failed: {}.", message.as_ref()),
            arg: None,
        }
    }
}

/// Calls the function `name` with already-evaluated arguments.
pub fn call(name: &str, args: Vec<Value>, ctx: &FunctionContext) -> Result<Value, FunctionError> {
    if let Some(rest) = name.strip_prefix("provider::") {
        let provider = rest.split("::").next().unwrap_or(rest);
        return Err(FunctionError {
            summary: "Unknown provider function".into(),
            detail: format!(
                "Provider-defined functions are not supported by minimod: \"{name}\" comes from provider \"{provider}\", which minimod does not run."
            ),
            arg: None,
        });
    }
    let _ = (args, ctx);
    Err(FunctionError {
        summary: "Call to unknown function".into(),
        detail: format!("There is no function named \"{name}\"."),
        arg: None,
    })
}
