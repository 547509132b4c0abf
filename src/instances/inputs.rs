//! Root module input values, in OpenTofu's precedence (later wins):
//! defaults (applied by the evaluator), `TF_VAR_name`, `terraform.tfvars`,
//! `terraform.tfvars.json`, `*.auto.tfvars(.json)` in lexical order, then
//! `-var` and `-var-file` in command-line order.

use std::path::Path;
use std::sync::Arc;

use indexmap::IndexMap;

use crate::config::Module;
use crate::diagnostics::{Diagnostic, Diagnostics, SourceMap, SourceRange};
use crate::files::Files;
use crate::lang::eval::{ConstantScope, Eval};
use crate::lang::value::{Type, Value};
use crate::syntax::source::SourceFile;
use crate::syntax::{json, native};

#[derive(Clone, Debug)]
pub struct RootInput {
    pub value: Value,
    /// Where the value was written, when it came from a file or -var.
    pub range: Option<SourceRange>,
    /// How a value given outside any file was set, as terraform's errors
    /// name it (`set using -var="n=..."`); `None` for files.
    pub set_using: Option<String>,
}

pub(crate) type RootInputs = IndexMap<String, RootInput>;

/// A `-var NAME=VALUE` or `-var-file FILE` argument, in command-line order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VarSource {
    Var(String),
    File(String),
}

/// The root variables' values in OpenTofu's precedence. `env` holds the
/// `TF_VAR_` environment variables (name without the prefix, value): the
/// caller reads the environment, so a check of an untrusted pull request
/// can leave it out.
pub fn collect_root_inputs(
    root: &Module,
    dir: &Path,
    env: &[(String, String)],
    cli: &[VarSource],
    sources: &mut SourceMap,
) -> Result<(RootInputs, Diagnostics), Diagnostics> {
    collect_root_inputs_in(&Files::disk(), root, dir, env, cli, sources)
}

/// `collect_root_inputs` with the variable files read from `files`.
pub(crate) fn collect_root_inputs_in(
    files: &Files,
    root: &Module,
    dir: &Path,
    env: &[(String, String)],
    cli: &[VarSource],
    sources: &mut SourceMap,
) -> Result<(RootInputs, Diagnostics), Diagnostics> {
    let mut inputs = RootInputs::new();
    let mut warnings = Diagnostics::default();
    let mut env = env.to_vec();
    env.sort();
    for (name, raw) in env {
        if let Some(var) = root.variables.get(&name) {
            let v = from_raw(
                &raw,
                var.constraint.as_ref().map(|c| c.ty()),
                "<value for var.".to_string() + &name + ">",
            )?;
            let set_using = format!("set using the TF_VAR_{name} environment variable");
            inputs.insert(
                name,
                RootInput {
                    value: v,
                    range: None,
                    set_using: Some(set_using),
                },
            );
        }
    }
    let mut var_files = Vec::new();
    for f in ["terraform.tfvars", "terraform.tfvars.json"] {
        if files.is_file(&dir.join(f)) {
            var_files.push(dir.join(f));
        }
    }
    // Sorted by name, as Go's ReadDir gives them.
    let auto = files.read_dir(dir).unwrap_or_default();
    var_files.extend(
        auto.into_iter()
            .filter(|e| e.name.ends_with(".auto.tfvars") || e.name.ends_with(".auto.tfvars.json"))
            .map(|e| dir.join(e.name)),
    );
    for f in var_files {
        read_var_file(files, &f, root, &mut inputs, &mut warnings, sources, false)?;
    }
    for src in cli {
        match src {
            VarSource::Var(arg) => {
                let Some((name, raw)) = arg.split_once('=') else {
                    return Err(Diagnostic::error(
                        "Invalid -var option",
                        format!("The given -var option {arg:?} is not correctly specified. It must be a variable name and value separated an equals sign, like -var=\"key=value\"."),
                    )
                    .into());
                };
                let Some(var) = root.variables.get(name) else {
                    return Err(Diagnostic::error(
                        "Value for undeclared variable",
                        format!("A variable named \"{name}\" was assigned on the command line, but the root module does not declare a variable of that name. To use this value, add a \"variable\" block to the configuration."),
                    )
                    .into());
                };
                let v = from_raw(
                    raw,
                    var.constraint.as_ref().map(|c| c.ty()),
                    format!("<value for var.{name}>"),
                )?;
                inputs.insert(
                    name.to_string(),
                    RootInput {
                        value: v,
                        range: None,
                        set_using: Some(format!("set using -var=\"{name}=...\"")),
                    },
                );
            }
            VarSource::File(f) => {
                let p = Path::new(f);
                if !files.is_file(p) {
                    return Err(Diagnostic::error(
                        "Failed to read variables file",
                        format!("Given variables file {f} does not exist."),
                    )
                    .into());
                }
                read_var_file(files, p, root, &mut inputs, &mut warnings, sources, true)?;
            }
        }
    }
    Ok((inputs, warnings))
}

/// A raw string from the environment or `-var`: taken literally for
/// primitive (or unconstrained) variables, parsed as an HCL expression for
/// collection and structural types, as Terraform does.
fn from_raw(raw: &str, ty: Option<Type>, name: String) -> Result<Value, Diagnostics> {
    match ty {
        None | Some(Type::String | Type::Number | Type::Bool | Type::Dynamic) => {
            Ok(Value::string(raw))
        }
        Some(_) => {
            let file = SourceFile::new(&name, raw);
            let e = native::parse_expr(&file, raw, 0)?;
            Eval::new(&ConstantScope).expr(&e)
        }
    }
}

fn read_var_file(
    files: &Files,
    path: &Path,
    root: &Module,
    inputs: &mut RootInputs,
    warnings: &mut Diagnostics,
    sources: &mut SourceMap,
    explicit: bool,
) -> Result<(), Diagnostics> {
    let text = files.read_to_string(path).map_err(|e| {
        Diagnostics::from(Diagnostic::error(
            "Failed to read variables file",
            format!("Could not read {}: {e}.", path.display()),
        ))
    })?;
    let shown = crate::syntax::source::shown_path(path, sources);
    let file = Arc::new(SourceFile::new(&shown, &text));
    sources.insert(file.name.clone(), file.text.clone());
    let body = if shown.ends_with(".json") {
        json::parse_file(&file)?
    } else {
        native::parse_file(&file)?
    };
    for attr in body.just_attributes()? {
        if !root.variables.contains_key(&attr.name) {
            let d = Diagnostic::warning(
                "Value for undeclared variable",
                format!("The root module does not declare a variable named \"{}\" but a value was found in file \"{}\". If you meant to use this value, add a \"variable\" block to the configuration.\n\nTo silence these warnings, use TF_VAR_... environment variables to provide certain \"global\" settings to all configurations in your organization. To reduce the verbosity of these warnings, use the -compact-warnings option.", attr.name, shown),
            )
            .at(&attr.name_range);
            let _ = explicit;
            warnings.push(d);
            continue;
        }
        let value = Eval::new(&ConstantScope).expr(&attr.expr)?;
        inputs.insert(
            attr.name.clone(),
            RootInput {
                value,
                range: Some(attr.expr.range.clone()),
                set_using: None,
            },
        );
    }
    Ok(())
}
