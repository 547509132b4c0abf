//! References: the scope of one module instance answers `var.`, `local.`,
//! `module.`, resources and data sources, `each`, `count`, `path` and
//! `terraform`, with terraform's errors for what is not declared.

use std::path::Path;

use crate::addrs::{InstanceKey, ModuleInstance, ResourceMode};
use crate::config::Config;
use crate::diagnostics::{Diagnostics, SourceRange};
use crate::lang::eval::{Eval, Scope};
use crate::lang::functions::{FunctionContext, FunctionError, Host};
use crate::lang::sorted_map::SortedMap;
use crate::lang::value::Value;
use crate::syntax::ast::Traverser;

use super::expand::{Expansion, Repetition};
use super::run::{Run, Walk, err};
use super::template::render_template;

impl<'c> Run<'c> {
    /// The scope of one module instance, borrowing its address (a scope
    /// is made for every vertex computed).
    pub(super) fn scope<'r>(
        &'r self,
        module: &'r ModuleInstance,
        rep: Repetition,
    ) -> InstanceScope<'r, 'c> {
        InstanceScope {
            run: self,
            module,
            config: self.module_config(module),
            rep,
        }
    }

    fn call_instance_value(&self, child: &ModuleInstance) -> Result<Value, Diagnostics> {
        let cfg = self.module_config(child);
        if cfg.remote.is_some() {
            return Ok(remote_output(child, ""));
        }
        let obj = cfg
            .module
            .outputs
            .keys()
            .map(|name| Ok((name.clone(), self.output(child, name)?)))
            .collect::<Result<_, Diagnostics>>()?;
        Ok(Value::Object(obj))
    }

    fn call_value(&self, module: &ModuleInstance, call: &str) -> Result<Value, Diagnostics> {
        let exp = self.call_expansion(module, call)?;
        let child = |k: &InstanceKey| module.child(call, k.clone());
        Ok(match &exp {
            Expansion::Single => self.call_instance_value(&child(&InstanceKey::NoKey))?,
            Expansion::Count(_) => Value::Tuple(
                exp.keys()
                    .iter()
                    .map(|k| self.call_instance_value(&child(k)))
                    .collect::<Result<_, _>>()?,
            ),
            Expansion::ForEach(m) => Value::Object(
                m.keys()
                    .map(|k| {
                        Ok((
                            k.clone(),
                            self.call_instance_value(&child(&InstanceKey::Str(k.clone())))?,
                        ))
                    })
                    .collect::<Result<_, Diagnostics>>()?,
            ),
        })
    }
}

/// An output of a remote module instance whose content is not read (all
/// of its outputs for `""`): known only after apply, and named by the
/// instance's content object, so that it follows the instance through a
/// pairing as an attribute of any other object does.
fn remote_output(child: &ModuleInstance, name: &str) -> Value {
    let content = crate::config::content_of(child);
    Value::Unknown(
        crate::lang::value::Type::Dynamic,
        Some(crate::lang::unknown::Origin::attr(content.text(), name)),
    )
}

/// The scope of one module instance (with `count`/`each` when evaluating
/// inside a repeated block).
pub(super) struct InstanceScope<'r, 'c> {
    pub(super) run: &'r Run<'c>,
    pub(super) module: &'r ModuleInstance,
    pub(super) config: &'c Config,
    pub(super) rep: Repetition,
}

/// `var.x` / `local.x`: the name, or an empty one for a bare `var`, which
/// terraform reports as an undeclared variable named "".
fn name_step(steps: &[Traverser]) -> (&str, usize) {
    match steps.first() {
        Some(Traverser::Attr(a, _)) => (a, 1),
        _ => ("", 0),
    }
}

/// The range of `root.name`, for errors about the reference itself.
fn ref_range(root: &SourceRange, steps: &[Traverser]) -> SourceRange {
    match steps.first() {
        Some(Traverser::Attr(_, r)) => root.to(r),
        _ => root.clone(),
    }
}

fn attr_step<'a>(
    steps: &'a [Traverser],
    what: &str,
    root_range: &SourceRange,
) -> Result<(&'a str, &'a SourceRange), Diagnostics> {
    match steps.first() {
        Some(Traverser::Attr(a, r)) => Ok((a, r)),
        _ => Err(err(
            "Invalid reference",
            format!(
                "The \"{what}\" object cannot be accessed directly. Instead, access one of its attributes."
            ),
            root_range,
        )),
    }
}

impl InstanceScope<'_, '_> {
    fn in_module(&self) -> String {
        if self.module.steps().is_empty() {
            "the root module".into()
        } else {
            format!("module.{}", self.config.path.join("."))
        }
    }

    fn instance_key(
        &self,
        ev: &Eval,
        steps: &[Traverser],
    ) -> Result<Option<InstanceKey>, Diagnostics> {
        let Some(Traverser::Index(ix)) = steps.first() else {
            return Ok(None);
        };
        let v = ev.expr(ix)?;
        Ok(match v.unmark().0 {
            Value::String(s) => Some(InstanceKey::Str(s.clone())),
            Value::Number(n) => n.as_i64().map(InstanceKey::Int),
            _ => None,
        })
    }

    fn module_ref(
        &self,
        steps: &[Traverser],
        range: &SourceRange,
        ev: &Eval,
    ) -> Result<(Value, usize), Diagnostics> {
        let (call, _) = attr_step(steps, "module", range)?;
        if !self.config.module.module_calls.contains_key(call) {
            return Err(err(
                "Reference to undeclared module",
                format!(
                    "No module call named \"{call}\" is declared in {}.",
                    self.in_module()
                ),
                range,
            ));
        }
        let run = self.run;
        let exp = run.call_expansion(self.module, call)?;
        // Resolve just one output where the reference names one, so modules
        // can feed each other's inputs without a false cycle.
        let child_at = |key: InstanceKey| self.module.child(call, key);
        let output_of =
            |child: ModuleInstance, name: &str, r: &SourceRange| -> Result<Value, Diagnostics> {
                if run.module_config(&child).remote.is_some() {
                    return Ok(remote_output(&child, name));
                }
                if !run.module_config(&child).module.outputs.contains_key(name) {
                    return Err(err(
                        "Unsupported attribute",
                        format!("This object does not have an attribute named \"{name}\"."),
                        r,
                    ));
                }
                run.output(&child, name)
            };
        match (&exp, &steps[1..]) {
            (Expansion::Single, [Traverser::Attr(o, r), ..]) => {
                Ok((output_of(child_at(InstanceKey::NoKey), o, r)?, 2))
            }
            (
                Expansion::Count(_) | Expansion::ForEach(_),
                [Traverser::Index(_), Traverser::Attr(o, r), ..],
            ) => match self.instance_key(ev, &steps[1..])? {
                Some(k) if exp.repetition(&k).is_some() => Ok((output_of(child_at(k), o, r)?, 3)),
                _ => Ok((run.call_value(self.module, call)?, 1)),
            },
            _ => Ok((run.call_value(self.module, call)?, 1)),
        }
    }

    fn resource_ref(
        &self,
        rkey: String,
        steps: &[Traverser],
        used: usize,
        range: &SourceRange,
        ev: &Eval,
    ) -> Result<(Value, usize), Diagnostics> {
        let Some(r) = self.config.module.resources.get(&rkey) else {
            let (mode, rest) = match rkey.strip_prefix("data.") {
                Some(rest) => ("data resource", rest),
                None => ("managed resource", rkey.as_str()),
            };
            let (t, n) = rest.split_once('.').unwrap_or((rest, ""));
            return Err(err(
                "Reference to undeclared resource",
                format!(
                    "A {mode} \"{t}\" \"{n}\" has not been declared in {}.",
                    self.in_module()
                ),
                range,
            ));
        };
        if self.run.opts.walk == Walk::Eval {
            return Ok((
                self.run
                    .recorded_resource_value(&r.addr().absolute(self.module.clone())),
                used,
            ));
        }
        let run = self.run;
        let rest = &steps[used..];
        if let Some(schema) = run.exact_schema(r) {
            unsupported_attribute(&schema, rest)?;
        }
        let exp = run.resource_expansion(self.module, &rkey)?;
        match (&exp, rest) {
            // One attribute of one instance: evaluate just that vertex.
            (Expansion::Single, [Traverser::Attr(a, _), ..]) => Ok((
                run.referenced_attr(self.module, &rkey, &InstanceKey::NoKey, a)?,
                used + 1,
            )),
            (
                Expansion::Count(_) | Expansion::ForEach(_),
                [Traverser::Index(_), Traverser::Attr(a, _), ..],
            ) => match self.instance_key(ev, rest)? {
                Some(k) if exp.repetition(&k).is_some() => {
                    Ok((run.referenced_attr(self.module, &rkey, &k, a)?, used + 2))
                }
                _ => Ok((run.resource_value(self.module, r)?, used)),
            },
            _ => Ok((run.resource_value(self.module, r)?, used)),
        }
    }
}

impl Scope for InstanceScope<'_, '_> {
    fn reference(
        &self,
        root: &str,
        range: &SourceRange,
        steps: &[Traverser],
        ev: &Eval,
    ) -> Result<(Value, usize), Diagnostics> {
        let module = &self.config.module;
        match root {
            "var" => {
                let (name, used) = name_step(steps);
                if !module.variables.contains_key(name) {
                    return Err(err(
                        "Reference to undeclared input variable",
                        match name_suggestion(name, module.variables.keys()) {
                            Some(s) => format!(
                                "An input variable with the name \"{name}\" has not been declared. Did you mean \"{s}\"?"
                            ),
                            None => format!(
                                "An input variable with the name \"{name}\" has not been declared. This variable can be declared with a variable \"{name}\" {{}} block."
                            ),
                        },
                        &ref_range(range, steps),
                    ));
                }
                Ok((self.run.variable(self.module, name)?, used))
            }
            "local" => {
                let (name, used) = name_step(steps);
                if !module.locals.contains_key(name) {
                    return Err(err(
                        "Reference to undeclared local value",
                        match name_suggestion(name, module.locals.keys()) {
                            Some(s) => format!(
                                "A local value with the name \"{name}\" has not been declared. Did you mean \"{s}\"?"
                            ),
                            None => {
                                format!(
                                    "A local value with the name \"{name}\" has not been declared."
                                )
                            }
                        },
                        &ref_range(range, steps),
                    ));
                }
                Ok((self.run.local(self.module, name)?, used))
            }
            "each" => {
                let Some((k, v)) = &self.rep.each else {
                    return Err(err(
                        "Reference to \"each\" in context without for_each",
                        "The \"each\" object can be used only in \"module\" or \"resource\" blocks, and only when the \"for_each\" argument is set.",
                        range,
                    ));
                };
                match attr_step(steps, "each", range)? {
                    ("key", _) => Ok((k.clone(), 1)),
                    ("value", _) => Ok((v.clone(), 1)),
                    (other, r) => Err(err(
                        "Invalid \"each\" attribute",
                        format!(
                            "The \"each\" object does not have an attribute named \"{other}\". The supported attributes are each.key and each.value, the current key and value pair of the \"for_each\" attribute set."
                        ),
                        r,
                    )),
                }
            }
            "count" => {
                let Some(i) = self.rep.count else {
                    return Err(err(
                        "Reference to \"count\" in non-counted context",
                        "The \"count\" object can only be used in \"module\", \"resource\", and \"data\" blocks, and only when the \"count\" argument is set.",
                        range,
                    ));
                };
                match attr_step(steps, "count", range)? {
                    ("index", _) => Ok((Value::int(i), 1)),
                    (other, r) => Err(err(
                        "Invalid \"count\" attribute",
                        format!(
                            "The \"count\" object does not have an attribute named \"{other}\". The only supported attribute is count.index, which is the index of each instance of a resource block that has the \"count\" argument set."
                        ),
                        r,
                    )),
                }
            }
            "path" => match attr_step(steps, "path", range)? {
                ("module", _) => Ok((Value::string(self.config.module.rel_dir.clone()), 1)),
                ("root", _) => Ok((Value::string("."), 1)),
                ("cwd", _) => Ok((
                    Value::string(self.run.opts.cwd.to_string_lossy().into_owned()),
                    1,
                )),
                (other, r) => {
                    let names = ["cwd", "module", "root"].map(String::from);
                    let suggestion = match name_suggestion(other, names.iter()) {
                        Some(s) => format!(" Did you mean \"{s}\"?"),
                        None => String::new(),
                    };
                    Err(err(
                        "Invalid \"path\" attribute",
                        format!(
                            "The \"path\" object does not have an attribute named \"{other}\".{suggestion}"
                        ),
                        r,
                    ))
                }
            },
            "terraform" | "tofu" => match attr_step(steps, root, range)? {
                ("workspace", _) => Ok((Value::string(self.run.opts.workspace.clone()), 1)),
                // Terraform 1.10+: true only while applying; minimod plans.
                ("applying", _) => Ok((Value::Bool(false), 1)),
                (other, r) => Err(err(
                    &format!("Invalid \"{root}\" attribute"),
                    format!(
                        "The \"{root}\" object does not have an attribute named \"{other}\". The only supported attributes are {root}.workspace, the name of the currently-selected workspace, and {root}.applying, a boolean which is true only during apply."
                    ),
                    r,
                )),
            },
            "module" => self.module_ref(steps, range, ev),
            "data" => match steps {
                [Traverser::Attr(t, _), Traverser::Attr(n, _), ..] => {
                    let rkey = crate::config::resource_key(ResourceMode::Data, t, n);
                    self.resource_ref(rkey, steps, 2, range, ev)
                }
                _ => Err(err(
                    "Invalid reference",
                    "The \"data\" object must be followed by two attribute names: the data source type and the resource name.",
                    range,
                )),
            },
            "self" => Err(err(
                "Invalid \"self\" reference",
                "The \"self\" object is not available in this context. This object can be used only in resource provisioner, connection, and postcondition blocks.",
                range,
            )),
            t => match steps.first() {
                Some(Traverser::Attr(n, _)) => {
                    let rkey = crate::config::resource_key(ResourceMode::Managed, t, n);
                    self.resource_ref(rkey, steps, 1, range, ev)
                }
                _ => Err(err(
                    "Invalid reference",
                    "A reference to a resource type must be followed by at least one attribute access, specifying the resource name.",
                    range,
                )),
            },
        }
    }

    fn splat_attr(
        &self,
        root: &str,
        steps: &[Traverser],
        attr: &str,
    ) -> Option<Result<Value, Diagnostics>> {
        // A managed resource, `type.name[*].attr`, while planning (the
        // console reads recorded objects instead); anything else, and an
        // undeclared resource's error, takes the usual path.
        let reserved = [
            "var",
            "local",
            "each",
            "count",
            "path",
            "terraform",
            "tofu",
            "module",
            "data",
            "self",
        ];
        let [Traverser::Attr(name, _)] = steps else {
            return None;
        };
        if self.run.opts.walk != Walk::Plan || reserved.contains(&root) {
            return None;
        }
        let r = self
            .config
            .module
            .resources
            .get(&crate::config::resource_key(
                ResourceMode::Managed,
                root,
                name,
            ))?;
        self.run.resource_attr_of_each(self.module, r, attr)
    }

    fn text_built(&self) -> Option<&std::cell::Cell<u64>> {
        Some(&self.run.text_built)
    }

    fn with_function_context(
        &self,
        f: &mut dyn FnMut(&FunctionContext) -> Result<Value, FunctionError>,
    ) -> Result<Value, FunctionError> {
        // Relative paths start where terraform runs: the root module
        // (`path.module` is relative to it).
        let dir: &Path = &self.run.config.module.dir;
        let within = self.run.opts.files_within.as_deref();
        let opts = &self.run.opts;
        let host = Host {
            cwd: (!opts.cwd.as_os_str().is_empty()).then_some(opts.cwd.as_path()),
            home: opts.home.as_deref(),
            plan_time: opts.plan_time.as_deref(),
        };
        let render = |text: &str, name: &str, vars: &SortedMap<String, Value>| {
            render_template(dir, within, &opts.files, host, text, name, vars)
        };
        let ctx = FunctionContext {
            base_dir: dir,
            plan: self.run.opts.walk == Walk::Plan,
            render_template: Some(&render),
            files_within: within,
            files: &opts.files,
            host,
        };
        f(&ctx)
    }
}

/// terraform's static check of a reference to a resource whose schema it
/// knows (before any value): the attribute named after the resource, or
/// after a literal instance key, must be one of the schema's. A computed
/// key (`[each.key]`) or a splat ends what it checks; evaluation finds
/// those.
fn unsupported_attribute(
    schema: &crate::providers::schema::Block,
    rest: &[Traverser],
) -> Result<(), Diagnostics> {
    let (name, at) = match rest {
        [Traverser::Attr(a, at), ..] => (a, at),
        [Traverser::Index(ix), Traverser::Attr(a, at), ..]
            if matches!(ix.kind, crate::syntax::ast::ExprKind::Literal(_)) =>
        {
            (a, at)
        }
        _ => return Ok(()),
    };
    if schema.has(name) {
        return Ok(());
    }
    let suggestion = name_suggestion(name, schema.names())
        .map(|s| format!(" Did you mean \"{s}\"?"))
        .unwrap_or_default();
    Err(err(
        "Unsupported attribute",
        format!(
            "This object has no argument, nested block, or exported attribute named \"{name}\".{suggestion}"
        ),
        at,
    ))
}

/// Terraform's "did you mean": the first candidate, in name order, within
/// edit distance 2 of what was written.
fn name_suggestion<'a>(
    given: &str,
    candidates: impl Iterator<Item = &'a String>,
) -> Option<&'a str> {
    let mut names: Vec<&String> = candidates.collect();
    names.sort();
    names
        .into_iter()
        .find(|c| strsim::levenshtein(given, c) < 3)
        .map(String::as_str)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::instances::testing::{
        assert_terraform_error, case_run, console_said, corpus, load, load_dir, run, squash,
    };
    use crate::instances::{RunOptions, Walk};
    use crate::syntax::native;
    use crate::syntax::source::SourceFile;

    /// `expr` evaluated as `terraform console` evaluates it in the
    /// expression corpus's configuration.
    fn console(expr: &str) -> Result<Value, Diagnostics> {
        let dir = corpus("expr-config");
        let config = load_dir(&dir);
        let opts = RunOptions {
            walk: Walk::Eval,
            unset_variables_unknown: true,
            cwd: dir.clone(),
            ..RunOptions::default()
        };
        let run = case_run(&config, &dir, opts);
        let file = SourceFile::new("<console-input>", expr);
        let e = native::parse_expr(&file, expr, 0)?;
        run.eval_in(&ModuleInstance::default(), &e)
    }

    #[test]
    fn references_to_what_is_not_declared_fail_as_in_terraform() {
        for expr in [
            "var.nope",
            "var",
            "local.nope",
            "local",
            "terraform_data.nope.id",
            "data.nope.x.id",
            "module.nope",
            "self.id",
            "each.key",
            "count.index",
            "path.nope",
            "path.modul",
            "terraform.nope",
        ] {
            let got = console(expr).unwrap_err();
            let (summary, detail) = console_said("errors", expr);
            assert_eq!(got.0[0].summary, summary, "{expr}");
            assert_eq!(squash(&got.0[0].detail), squash(&detail), "{expr}");
        }
    }

    /// `each` and `count` exist only where the block repeats that way.
    #[test]
    fn repetition_objects_exist_only_in_their_blocks() {
        let root = ModuleInstance::default();
        for (case, key) in [
            ("each-outside-for-each", InstanceKey::NoKey),
            ("count-in-for-each-context", InstanceKey::Str("a".into())),
        ] {
            let dir = corpus("config-errors").join(case);
            let config = load_dir(&dir);
            let run = case_run(&config, &dir, RunOptions::default());
            let err = run
                .resource_attr(&root, "terraform_data.x", &key, "input")
                .unwrap_err();
            assert_terraform_error(&err, case);
        }
        let case = "undeclared-variable";
        let dir = corpus("config-errors").join(case);
        let config = load_dir(&dir);
        let run = case_run(&config, &dir, RunOptions::default());
        let err = run
            .resource_expansion(&root, "terraform_data.x")
            .unwrap_err();
        assert_terraform_error(&err, case);
    }

    /// `path.cwd` and `terraform.workspace` are what the caller gives:
    /// nothing is read from the process here.
    #[test]
    fn the_workspace_and_working_directory_come_from_the_options() {
        let (_dir, config) = load(&[(
            "main.tf",
            "output \"w\" {\n  value = \"${terraform.workspace} ${path.cwd}\"\n}\n",
        )]);
        let opts = RunOptions {
            workspace: "staging".into(),
            cwd: "/somewhere".into(),
            ..RunOptions::default()
        };
        let run = run(&config, opts);
        let got = run.output(&ModuleInstance::default(), "w").unwrap();
        assert_eq!(got, Value::string("staging /somewhere"));
        let run = super::super::testing::run(&config, RunOptions::default());
        let got = run.output(&ModuleInstance::default(), "w").unwrap();
        assert_eq!(got, Value::string("default "));
    }

    /// One instance's output is read alone, so two module instances can
    /// feed each other without a false cycle; a missing output is
    /// terraform's "Unsupported attribute".
    #[test]
    fn a_module_reference_reads_one_output() {
        let (_dir, config) = load(&[
            (
                "main.tf",
                "module \"a\" {\n  source = \"./m\"\n  in = module.b.out\n}\nmodule \"b\" {\n  source = \"./m\"\n  in = \"b\"\n}\noutput \"x\" {\n  value = module.a.other\n}\n",
            ),
            (
                "m/main.tf",
                "variable \"in\" {}\noutput \"out\" {\n  value = var.in\n}\noutput \"other\" {\n  value = \"fixed\"\n}\n",
            ),
        ]);
        let run = run(&config, RunOptions::default());
        let a = ModuleInstance::default().child("a", InstanceKey::NoKey);
        assert_eq!(run.output(&a, "out").unwrap(), Value::string("b"));
        let file = SourceFile::new("<test>", "module.a.nope");
        let e = native::parse_expr(&file, "module.a.nope", 0).unwrap();
        let err = run.eval_in(&ModuleInstance::default(), &e).unwrap_err();
        let (summary, detail) = console_said("errors", "{a = 1}.b");
        assert_eq!(err.0[0].summary, summary);
        assert_eq!(err.0[0].detail, detail.replace("\"b\"", "\"nope\""));
    }
}
