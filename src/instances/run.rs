//! One evaluation of a module tree. Nothing is evaluated in file order:
//! every variable, local, output, resource attribute and expansion is a
//! vertex computed on first use and cached per module instance, and a
//! vertex met again while it is being computed is a reference cycle,
//! reported with its path.

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};

use crate::addrs::{AbsResourceInstance, InstanceKey, ModuleInstance, ModuleInstanceStep};
use crate::config::{Config, Module, Resource};
use crate::diagnostics::{Diagnostic, Diagnostics, SourceRange};
use crate::lang::eval::{Eval, Scope};
use crate::lang::functions::{FunctionContext, FunctionError};
use crate::lang::types::convert_constraint;
use crate::lang::unknown::{Origin, holds_origin_text};
use crate::lang::value::{Type, Value};
use crate::syntax::ast::{Expr, ExprKind, Traverser};

use super::inputs::RootInputs;

#[derive(Clone, Debug)]
pub struct RunOptions {
    pub workspace: String,
    pub cwd: PathBuf,
    /// Planning: impure functions and computed attributes are unknown.
    pub plan: bool,
    /// As `terraform console` without a state: every resource and data
    /// source is wholly unknown.
    pub unknown_resources: bool,
    /// Root variables given no value are unknown instead of an error (the
    /// console, and pull-request checks that have no variable values).
    pub unset_variables_unknown: bool,
    /// A resource attribute that is not known is an unknown that knows
    /// which object and attribute it stands for (see `lang::unknown`), so
    /// that refactors can compare references.
    pub track_origins: bool,
    /// A `count` or `for_each` known only after apply gives no instances
    /// yet, and the block is recorded in `deferred()` instead of failing
    /// the run (a refactor reports it per resource).
    pub defer_unknown_expansion: bool,
    /// Filesystem functions read only inside this directory (a check of a
    /// pull request reads nothing but the revision's own files).
    pub files_within: Option<PathBuf>,
    /// Provider schemas (`--schemas`): which attributes are computed.
    pub schemas: Option<std::sync::Arc<crate::providers::schema::Schemas>>,
}

impl Default for RunOptions {
    fn default() -> RunOptions {
        RunOptions {
            workspace: std::env::var("TF_WORKSPACE").unwrap_or_else(|_| "default".into()),
            cwd: std::env::current_dir().unwrap_or_default(),
            plan: true,
            unknown_resources: false,
            unset_variables_unknown: false,
            track_origins: false,
            defer_unknown_expansion: false,
            files_within: None,
            schemas: None,
        }
    }
}

/// The most instances one `count` makes. Terraform has no limit and
/// allocates until the machine gives out; this keeps a typo such as
/// `count = 1e18` a diagnostic, like the `for` iteration limit.
pub const MAX_COUNT: i64 = 1 << 20;

/// How a resource or module call expands in one module instance.
#[derive(Clone, Debug, PartialEq)]
pub enum Expansion {
    Single,
    Count(i64),
    /// Keys in byte order, with their `each.value`.
    ForEach(std::rc::Rc<BTreeMap<String, Value>>),
}

impl Expansion {
    pub fn keys(&self) -> Vec<InstanceKey> {
        match self {
            Expansion::Single => vec![InstanceKey::NoKey],
            Expansion::Count(n) => (0..*n).map(InstanceKey::Int).collect(),
            Expansion::ForEach(m) => m.keys().map(|k| InstanceKey::Str(k.clone())).collect(),
        }
    }

    fn repetition(&self, key: &InstanceKey) -> Option<Repetition> {
        match (self, key) {
            (Expansion::Single, InstanceKey::NoKey) => Some(Repetition::default()),
            (Expansion::Count(n), InstanceKey::Int(i)) if i < n => Some(Repetition {
                count: Some(*i),
                each: None,
            }),
            (Expansion::ForEach(m), InstanceKey::Str(k)) => m.get(k).map(|v| Repetition {
                count: None,
                each: Some((k.clone(), v.clone())),
            }),
            _ => None,
        }
    }
}

/// `count.index` and `each.key` / `each.value` where they exist.
#[derive(Clone, Debug, Default)]
struct Repetition {
    count: Option<i64>,
    each: Option<(String, Value)>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Vertex {
    Var(String),
    Local(String),
    Output(String),
    Attr(String, InstanceKey, String),
    /// A data source's configured argument (its attribute is what it read).
    DataArg(String, InstanceKey, String),
    ResourceExpansion(String),
    CallExpansion(String),
}

type Key = (ModuleInstance, Vertex);

pub struct Run<'c> {
    config: &'c Config,
    inputs: RootInputs,
    opts: RunOptions,
    cache: RefCell<HashMap<Key, Result<Value, Diagnostics>>>,
    expansions: RefCell<HashMap<Key, Result<Expansion, Diagnostics>>>,
    stack: RefCell<Vec<(Key, String)>>,
    /// Per static resource path: attribute names the configuration reads
    /// on it, so a whole-object reference still answers them (unknown).
    read_attrs: HashMap<(Vec<String>, String), BTreeSet<String>>,
    /// Every attribute name any traversal in the tree reads.
    any_attrs: BTreeSet<String>,
    /// Recorded objects of the prior state (after moves), by address: what
    /// data sources read and what managed resources computed last time.
    prior: HashMap<AbsResourceInstance, Value>,
    /// Set by `count`/`for_each` when they fail on an unknown value.
    unknown_expansion: std::cell::Cell<bool>,
    /// Blocks whose expansion waits for apply, with the reason.
    deferred: RefCell<Vec<(String, Diagnostic)>>,
}

fn err(summary: &str, detail: impl Into<String>, at: &SourceRange) -> Diagnostics {
    Diagnostic::error(summary, detail).at(at).into()
}

fn module_label(m: &ModuleInstance) -> String {
    if m.0.is_empty() {
        String::new()
    } else {
        format!("{m}.")
    }
}

fn static_path(m: &ModuleInstance) -> Vec<String> {
    m.0.iter().map(|s| s.name.clone()).collect()
}

impl<'c> Run<'c> {
    pub fn new(config: &'c Config, inputs: RootInputs, opts: RunOptions) -> Run<'c> {
        let mut read_attrs: HashMap<(Vec<String>, String), BTreeSet<String>> = HashMap::new();
        collect_read_attrs(config, &mut read_attrs);
        Run {
            config,
            inputs,
            opts,
            cache: RefCell::default(),
            expansions: RefCell::default(),
            stack: RefCell::default(),
            read_attrs,
            any_attrs: all_attribute_names(config),
            prior: HashMap::new(),
            unknown_expansion: std::cell::Cell::new(false),
            deferred: RefCell::default(),
        }
    }

    /// Takes recorded values from a prior state: data sources read what the
    /// state holds, and attributes the configuration does not set (`id`)
    /// are the recorded ones for objects that already exist.
    pub fn with_prior_state(mut self, state: &crate::state::State) -> Run<'c> {
        self.prior = state
            .instances()
            .map(|(addr, i)| (addr, i.value()))
            .collect();
        self
    }

    pub fn config(&self) -> &'c Config {
        self.config
    }

    /// The provider schemas given, if any (the built-in ones are always
    /// known: see `providers::schema`).
    pub fn schemas(&self) -> Option<&crate::providers::schema::Schemas> {
        self.opts.schemas.as_deref()
    }

    fn module_config(&self, m: &ModuleInstance) -> &'c Config {
        self.config
            .descendant(&static_path(m))
            .expect("module instances come from the config tree")
    }

    /// Runs `compute` for a vertex once, detecting cycles.
    fn memo(
        &self,
        key: Key,
        label: String,
        compute: impl FnOnce() -> Result<Value, Diagnostics>,
    ) -> Result<Value, Diagnostics> {
        if let Some(v) = self.cache.borrow().get(&key) {
            return v.clone();
        }
        if let Some(pos) = self.stack.borrow().iter().position(|(k, _)| *k == key) {
            let stack = self.stack.borrow();
            let mut path: Vec<&str> = stack[pos..].iter().map(|(_, l)| l.as_str()).collect();
            path.push(&label);
            return Err(Diagnostic::error("Cycle", format!("Cycle: {}", path.join(" -> "))).into());
        }
        self.stack.borrow_mut().push((key.clone(), label));
        let v = compute();
        self.stack.borrow_mut().pop();
        self.cache.borrow_mut().insert(key, v.clone());
        v
    }

    fn scope(&self, module: &ModuleInstance, rep: Repetition) -> InstanceScope<'_, 'c> {
        InstanceScope {
            run: self,
            module: module.clone(),
            config: self.module_config(module),
            rep,
        }
    }

    /// Evaluates an expression in a module instance (no count/each).
    pub fn eval_in(&self, module: &ModuleInstance, expr: &Expr) -> Result<Value, Diagnostics> {
        let scope = self.scope(module, Repetition::default());
        Eval::new(&scope).expr(expr)
    }

    // ---- variables -------------------------------------------------------

    pub fn variable(&self, module: &ModuleInstance, name: &str) -> Result<Value, Diagnostics> {
        let label = format!("{}var.{name}", module_label(module));
        self.memo((module.clone(), Vertex::Var(name.into())), label.clone(), || {
            let cfg = self.module_config(module);
            let var = &cfg.module.variables[name];
            let (raw, at) = self.raw_input(module, name)?;
            let set_using = match module.0.is_empty() {
                true => self.inputs.get(name).and_then(|i| i.set_using.clone()),
                false => None,
            };
            // Root values are blamed on the declaration, as terraform does.
            let at = if module.0.is_empty() { var.decl_range.clone() } else { at.unwrap_or_else(|| var.decl_range.clone()) };
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
        let Some((last, parent_steps)) = module.0.split_last() else {
            return Ok(match self.inputs.get(name) {
                Some(v) => (Some(v.value.clone()), v.range.clone()),
                None => (None, None),
            });
        };
        let parent = ModuleInstance(parent_steps.to_vec());
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

    // ---- locals and outputs ----------------------------------------------

    pub fn local(&self, module: &ModuleInstance, name: &str) -> Result<Value, Diagnostics> {
        let label = format!("{}local.{name}", module_label(module));
        self.memo((module.clone(), Vertex::Local(name.into())), label, || {
            let local = &self.module_config(module).module.locals[name];
            self.eval_in(module, &local.expr)
        })
    }

    /// An output's value. Outputs marked `sensitive` carry the mark.
    pub fn output(&self, module: &ModuleInstance, name: &str) -> Result<Value, Diagnostics> {
        let label = format!("{}output.{name}", module_label(module));
        self.memo((module.clone(), Vertex::Output(name.into())), label, || {
            let out = &self.module_config(module).module.outputs[name];
            let v = self.eval_in(module, &out.expr)?;
            Ok(v.mark_if(out.sensitive))
        })
    }

    // ---- expansion -------------------------------------------------------

    pub fn call_expansion(
        &self,
        module: &ModuleInstance,
        call: &str,
    ) -> Result<Expansion, Diagnostics> {
        let c = &self.module_config(module).module.module_calls[call];
        let what = format!("module.{call}");
        self.expansion(
            (module.clone(), Vertex::CallExpansion(call.into())),
            module,
            c.count.as_ref(),
            c.for_each.as_ref(),
            &what,
        )
    }

    pub fn resource_expansion(
        &self,
        module: &ModuleInstance,
        key: &str,
    ) -> Result<Expansion, Diagnostics> {
        let r = &self.module_config(module).module.resources[key];
        self.expansion(
            (module.clone(), Vertex::ResourceExpansion(key.into())),
            module,
            r.count.as_ref(),
            r.for_each.as_ref(),
            key,
        )
    }

    fn expansion(
        &self,
        cache_key: Key,
        module: &ModuleInstance,
        count: Option<&Expr>,
        for_each: Option<&Expr>,
        what: &str,
    ) -> Result<Expansion, Diagnostics> {
        if let Some(e) = self.expansions.borrow().get(&cache_key) {
            return e.clone();
        }
        let label = format!("{}{what} (expand)", module_label(module));
        let result = self
            .memo(cache_key.clone(), label, || {
                let e = match (count, for_each) {
                    (Some(c), _) => self.count(module, c),
                    (_, Some(f)) => self.for_each(module, f),
                    _ => Ok(Expansion::Single),
                };
                let unknown = self.unknown_expansion.replace(false);
                let e = match e {
                    Err(d) if unknown && self.opts.defer_unknown_expansion => {
                        // What it depends on, for the refactor's report.
                        let depends_on = count
                            .or(for_each)
                            .map(|e| self.depends_on(module, e))
                            .unwrap_or_default();
                        let first = d.0.into_iter().next();
                        let addr = format!("{}{what}", module_label(module));
                        self.deferred
                            .borrow_mut()
                            .extend(first.map(|d| (addr, d.caused_by_unknown(depends_on))));
                        Expansion::Count(0)
                    }
                    e => e?,
                };
                self.expansions
                    .borrow_mut()
                    .insert(cache_key.clone(), Ok(e));
                Ok(Value::null())
            })
            .and_then(|_| self.expansions.borrow()[&cache_key].clone());
        if let Err(d) = &result {
            self.expansions
                .borrow_mut()
                .insert(cache_key, Err(d.clone()));
        }
        result
    }

    fn count(&self, module: &ModuleInstance, e: &Expr) -> Result<Expansion, Diagnostics> {
        let v = self.eval_in(module, e)?;
        let (v, marked) = v.into_unmarked();
        let invalid = |detail: &str| err("Invalid count argument", detail.to_string(), &e.range);
        // Terraform 1.11 accepts a sensitive count (the corpus records it).
        let _ = marked;
        if v.is_unknown() {
            self.unknown_expansion.set(true);
            return Err(invalid(&format!(
                "The \"count\" value depends on resource attributes that cannot be determined until apply, so Terraform cannot predict how many instances will be created. To work around this, use the -target argument to first apply only the resources that the count depends on.{}",
                self.data_source_hint(module, e)
            )));
        }
        if v.is_null() {
            return Err(invalid(
                "The given \"count\" argument value is null. An integer is required.",
            ));
        }
        let n = match crate::lang::types::convert(&v, &Type::Number) {
            Ok(n) => n,
            Err(_) => {
                return Err(err(
                    "Incorrect value type",
                    "Invalid expression value: a number is required.",
                    &e.range,
                ));
            }
        };
        match n.as_number().map(|n| n.as_i64()) {
            Some(Some(i)) if i > MAX_COUNT => Err(invalid(&format!(
                "The given \"count\" argument value is unsuitable: minimod expands at most {MAX_COUNT} instances of one block, and {i} would exhaust memory."
            ))),
            Some(Some(i)) if i >= 0 => Ok(Expansion::Count(i)),
            Some(Some(_)) => Err(invalid(
                "The given \"count\" argument value is unsuitable: must be greater than or equal to zero.",
            )),
            _ => Err(invalid(
                "The given \"count\" argument value is unsuitable: value must be a whole number, between -9223372036854775808 and 9223372036854775807.",
            )),
        }
    }

    fn for_each(&self, module: &ModuleInstance, e: &Expr) -> Result<Expansion, Diagnostics> {
        let v = self.eval_in(module, e)?;
        let hint = || self.data_source_hint(module, e);
        let invalid = |detail: String| err("Invalid for_each argument", detail, &e.range);
        if v.is_marked() {
            return Err(invalid("Sensitive values, or values derived from sensitive values, cannot be used as for_each arguments. If used, the sensitive value could be exposed as a resource instance key.".into()));
        }
        if v.is_null() {
            return Err(invalid("The given \"for_each\" argument value is unsuitable: the given \"for_each\" argument value is null. A map, or set of strings is allowed.".into()));
        }
        match &v {
            Value::Map(_, m) | Value::Object(m) => {
                if !v.is_wholly_known() && v.is_unknown() {
                    unreachable!()
                }
                Ok(Expansion::ForEach(std::rc::Rc::new(m.clone())))
            }
            Value::Set(elem, items) => {
                if items.iter().any(Value::is_unknown) {
                    self.unknown_expansion.set(true);
                    return Err(invalid(unknown_for_each("set", "values") + &hint()));
                }
                if !matches!(elem, Type::String | Type::Dynamic)
                    || items.iter().any(|i| i.as_str().is_none() && !i.is_null())
                {
                    return Err(err(
                        "Invalid for_each set argument",
                        format!(
                            "The given \"for_each\" argument value is unsuitable: \"for_each\" supports maps and sets of strings, but you have provided a set containing type {}.",
                            elem.friendly_name()
                        ),
                        &e.range,
                    ));
                }
                if items.iter().any(Value::is_null) {
                    return Err(invalid("The given \"for_each\" argument value is unsuitable: \"for_each\" sets must not contain null values.".into()));
                }
                if items.iter().any(Value::is_marked) {
                    return Err(invalid("Sensitive values, or values derived from sensitive values, cannot be used as for_each arguments. If used, the sensitive value could be exposed as a resource instance key.".into()));
                }
                Ok(Expansion::ForEach(std::rc::Rc::new(
                    items
                        .iter()
                        .map(|i| (i.as_str().unwrap_or_default().to_string(), i.clone()))
                        .collect(),
                )))
            }
            Value::Unknown(t, _) => {
                self.unknown_expansion.set(true);
                let set = matches!(t, Type::Set(_));
                let detail = if set {
                    unknown_for_each("set", "values")
                } else {
                    unknown_for_each("map", "keys")
                };
                Err(invalid(detail + &hint()))
            }
            other => Err(invalid(format!(
                "The given \"for_each\" argument value is unsuitable: the \"for_each\" argument must be a map, or set of strings, and you have provided a value of type {}.",
                other.ty().friendly_name()
            ))),
        }
    }

    // ---- module and resource instances -------------------------------------

    /// Every module instance of the tree, parents before children.
    pub fn module_instances(&self) -> Result<Vec<ModuleInstance>, Diagnostics> {
        let mut out = vec![ModuleInstance::default()];
        let mut i = 0;
        let mut diags = Diagnostics::default();
        while i < out.len() {
            let m = out[i].clone();
            for call in self.module_config(&m).module.module_calls.keys() {
                match self.call_expansion(&m, call) {
                    Ok(exp) => {
                        for key in exp.keys() {
                            let mut steps = m.0.clone();
                            steps.push(ModuleInstanceStep {
                                name: call.clone(),
                                key,
                            });
                            out.push(ModuleInstance(steps));
                        }
                    }
                    Err(d) => diags.extend(d),
                }
            }
            i += 1;
        }
        if diags.has_errors() {
            Err(diags)
        } else {
            Ok(out)
        }
    }

    /// Every resource instance (data sources included), in `terraform
    /// state list` order.
    pub fn resource_instances(&self) -> Result<Vec<AbsResourceInstance>, Diagnostics> {
        let mut out = Vec::new();
        let mut diags = Diagnostics::default();
        for m in self.module_instances()? {
            for (key, r) in &self.module_config(&m).module.resources {
                match self.resource_expansion(&m, key) {
                    Ok(exp) => {
                        let addr = r.addr().absolute(m.clone());
                        out.extend(exp.keys().into_iter().map(|k| addr.instance(k)));
                    }
                    Err(d) => diags.extend(d),
                }
            }
        }
        if diags.has_errors() {
            return Err(diags);
        }
        out.sort();
        Ok(out)
    }

    /// Blocks whose `count` or `for_each` is known only after apply (with
    /// `defer_unknown_expansion`), by address, with the reason.
    pub fn deferred(&self) -> Vec<(String, Diagnostic)> {
        self.deferred.borrow().clone()
    }

    /// One configured attribute of one resource instance.
    pub fn resource_attr(
        &self,
        module: &ModuleInstance,
        rkey: &str,
        key: &InstanceKey,
        attr: &str,
    ) -> Result<Value, Diagnostics> {
        let r = &self.module_config(module).module.resources[rkey];
        let label = format!("{}{rkey}{key}.{attr}", module_label(module));
        self.memo(
            (
                module.clone(),
                Vertex::Attr(rkey.into(), key.clone(), attr.into()),
            ),
            label,
            || {
                let rep = self
                    .resource_expansion(module, rkey)?
                    .repetition(key)
                    .unwrap_or_default();
                let scope = self.scope(module, rep);
                let arg = |name: &str| match r.attributes.iter().find(|a| a.name == name) {
                    Some(a) => Eval::new(&scope).expr(&a.expr),
                    None => Ok(Value::null()),
                };
                if r.mode == crate::addrs::ResourceMode::Data
                    && r.type_name == "terraform_remote_state"
                    && attr == "outputs"
                {
                    let (backend, config, defaults) =
                        (arg("backend")?, arg("config")?, arg("defaults")?);
                    let root_dir = &self.config.module.dir;
                    if let Some(v) = super::builtin::remote_state_outputs(
                        root_dir,
                        &backend,
                        &config,
                        &defaults,
                        &r.decl_range,
                    ) {
                        return v;
                    }
                }
                // A data source's attributes are what it read: the state's.
                if r.mode == crate::addrs::ResourceMode::Data {
                    return Ok(self.computed_attr(module, r, key, attr));
                }
                match r.attributes.iter().find(|a| a.name == attr) {
                    Some(a) => Eval::new(&scope).expr(&a.expr),
                    None => Ok(self.computed_attr(module, r, key, attr)),
                }
            },
        )
    }

    /// A data source's argument as its configuration sets it (null when
    /// unset): what it is read with, not what it read.
    pub fn data_source_arg(
        &self,
        module: &ModuleInstance,
        rkey: &str,
        key: &InstanceKey,
        attr: &str,
    ) -> Result<Value, Diagnostics> {
        let r = &self.module_config(module).module.resources[rkey];
        let label = format!("{}{rkey}{key}.{attr} (argument)", module_label(module));
        self.memo(
            (
                module.clone(),
                Vertex::DataArg(rkey.into(), key.clone(), attr.into()),
            ),
            label,
            || {
                let rep = self
                    .resource_expansion(module, rkey)?
                    .repetition(key)
                    .unwrap_or_default();
                let scope = self.scope(module, rep);
                match r.attributes.iter().find(|a| a.name == attr) {
                    Some(a) => Eval::new(&scope).expr(&a.expr),
                    None => Ok(Value::null()),
                }
            },
        )
    }

    /// An attribute the provider decides: the recorded value when the prior
    /// state has the object, else unknown (knowing its origin in refactors).
    /// A data source's unknown always knows its origin: the plan asks
    /// whether a value waits only on data sources that are read while
    /// planning (see `plan::diff`), which terraform would know.
    fn computed_attr(
        &self,
        module: &ModuleInstance,
        r: &Resource,
        key: &InstanceKey,
        attr: &str,
    ) -> Value {
        let addr = r.addr().absolute(module.clone()).instance(key.clone());
        if let Some(planned) = self.planned_computed_attr(r, &addr, attr) {
            return planned;
        }
        let recorded = self
            .prior
            .get(&addr)
            .and_then(|v| crate::lang::eval::get_attr(v.clone(), attr, &r.decl_range).ok())
            .filter(|v| !v.is_null())
            // A refactor's stand-in prior state records what only apply
            // will know as text: that is no value, and never read as one.
            .filter(|v| !(self.opts.track_origins && holds_origin_text(v)));
        recorded.unwrap_or_else(|| {
            let origin = (self.opts.track_origins || r.mode == crate::addrs::ResourceMode::Data)
                .then(|| Origin::attr(addr.to_string(), attr));
            Value::Unknown(Type::Dynamic, origin)
        })
    }

    /// A computed attribute of an object that already exists, when the
    /// plan changes it: terraform's plan makes it unknown for dependents.
    /// Known only where a schema says how the object changes: replaced
    /// (every computed attribute), or a `terraform_data` whose `input`
    /// changes (`output`). None: the recorded value stands.
    fn planned_computed_attr(
        &self,
        r: &Resource,
        addr: &AbsResourceInstance,
        attr: &str,
    ) -> Option<Value> {
        if !self.opts.plan || r.mode != crate::addrs::ResourceMode::Managed {
            return None;
        }
        let recorded = self.prior.get(addr)?;
        let schema = crate::providers::schema::Schemas::resource(self.schemas(), &r.type_name)?;
        if !schema.attributes.get(attr)?.computed {
            return None;
        }
        let configured = self.resource_config_value(addr).ok()?;
        let changed = crate::providers::schema::changed_arguments(&schema, &configured, recorded);
        let replaced = crate::providers::schema::replace_paths(&r.type_name, &changed);
        let input = || {
            configured
                .as_mapping()
                .and_then(|m| m.get("input"))
                .cloned()
        };
        let unknown = |ty: Type| {
            let origin = self
                .opts
                .track_origins
                .then(|| Origin::attr(addr.to_string(), attr));
            Value::Unknown(ty, origin)
        };
        match (r.type_name.as_str(), attr) {
            // resource_data.go: the output has the input's type; a new
            // object with a null input has a null output.
            ("terraform_data", "output")
                if !replaced.is_empty() || changed.iter().any(|c| c == "input") =>
            {
                match input().unwrap_or_else(Value::null) {
                    v if v.is_null() && !replaced.is_empty() => Some(Value::null()),
                    v => Some(unknown(v.ty()).mark_if(v.has_marks_deep())),
                }
            }
            _ if !replaced.is_empty() => Some(unknown(Type::Dynamic)),
            _ => None,
        }
    }

    /// An attribute as a reference reads it. An argument configured as
    /// null may still be computed by the provider (an optional-computed
    /// attribute), so it reads as unknown; `terraform_data`'s schema is
    /// known and has none.
    fn referenced_attr(
        &self,
        module: &ModuleInstance,
        rkey: &str,
        key: &InstanceKey,
        attr: &str,
    ) -> Result<Value, Diagnostics> {
        let v = self.resource_attr(module, rkey, key, attr)?;
        let r = &self.module_config(module).module.resources[rkey];
        if v.is_null() && r.type_name != "terraform_data" {
            return Ok(self.computed_attr(module, r, key, attr));
        }
        Ok(v)
    }

    /// The configured arguments of one resource instance, as an object:
    /// its attributes, and each nested block type as a tuple of objects
    /// (`dynamic` blocks expanded). This is what a plan compares with the
    /// recorded object; unset arguments are the provider's and absent.
    pub fn resource_config_value(&self, addr: &AbsResourceInstance) -> Result<Value, Diagnostics> {
        let module = &addr.module;
        let rkey = addr.resource.resource.to_string();
        let r = &self.module_config(module).module.resources[&rkey];
        let mut obj = BTreeMap::new();
        let data = r.mode == crate::addrs::ResourceMode::Data;
        for a in &r.attributes {
            let key = &addr.resource.key;
            let v = match data {
                true => self.data_source_arg(module, &rkey, key, &a.name)?,
                false => self.resource_attr(module, &rkey, key, &a.name)?,
            };
            obj.insert(a.name.clone(), v);
        }
        if !r.blocks.is_empty() {
            let rep = self
                .resource_expansion(module, &rkey)?
                .repetition(&addr.resource.key)
                .unwrap_or_default();
            let scope = self.scope(module, rep);
            let ev = Eval::new(&scope);
            let mut blocks: BTreeMap<String, Vec<Value>> = BTreeMap::new();
            for b in &r.blocks {
                collect_block(&ev, b, &mut blocks)?;
            }
            for (kind, items) in blocks {
                obj.insert(kind, Value::Tuple(items));
            }
        }
        Ok(Value::Object(obj))
    }

    /// A resource instance as an object: its configured attributes, then
    /// `id` and every other attribute the configuration reads on it,
    /// unknown until apply.
    fn resource_instance_value(
        &self,
        module: &ModuleInstance,
        r: &Resource,
        key: &InstanceKey,
    ) -> Result<Value, Diagnostics> {
        let rkey = r.key();
        let mut obj = BTreeMap::new();
        for a in &r.attributes {
            obj.insert(
                a.name.clone(),
                self.referenced_attr(module, &rkey, key, &a.name)?,
            );
        }
        // Without a schema the object cannot list its attributes; it
        // answers every name the configuration reads anywhere (through a
        // `for`, an output, another module), unknown until apply.
        let extra = self.read_attrs.get(&(static_path(module), rkey.clone()));
        let id = "id".to_string();
        let names = std::iter::once(&id)
            .chain(extra.into_iter().flatten())
            .chain(&self.any_attrs);
        for name in names {
            if !obj.contains_key(name) {
                obj.insert(name.clone(), self.resource_attr(module, &rkey, key, name)?);
            }
        }
        Ok(Value::Object(obj))
    }

    /// A resource as the console sees it: its recorded instances when the
    /// prior state has them, else unknown.
    fn recorded_resource_value(&self, res: &crate::addrs::AbsResource) -> Value {
        let mut instances: Vec<(&AbsResourceInstance, &Value)> = self
            .prior
            .iter()
            .filter(|(a, _)| a.containing_resource() == *res)
            .collect();
        if instances.is_empty() {
            return Value::unknown();
        }
        instances.sort_by(|a, b| a.0.cmp(b.0));
        match instances[0].0.resource.key {
            InstanceKey::NoKey => instances[0].1.clone(),
            InstanceKey::Int(_) => {
                Value::Tuple(instances.into_iter().map(|(_, v)| v.clone()).collect())
            }
            InstanceKey::Str(_) => Value::Object(
                instances
                    .into_iter()
                    .filter_map(|(a, v)| match &a.resource.key {
                        InstanceKey::Str(k) => Some((k.clone(), v.clone())),
                        _ => None,
                    })
                    .collect(),
            ),
        }
    }

    fn resource_value(&self, module: &ModuleInstance, r: &Resource) -> Result<Value, Diagnostics> {
        let exp = self.resource_expansion(module, &r.key())?;
        Ok(match &exp {
            Expansion::Single => self.resource_instance_value(module, r, &InstanceKey::NoKey)?,
            Expansion::Count(_) => Value::Tuple(
                exp.keys()
                    .iter()
                    .map(|k| self.resource_instance_value(module, r, k))
                    .collect::<Result<_, _>>()?,
            ),
            Expansion::ForEach(m) => Value::Object(
                m.keys()
                    .map(|k| {
                        Ok((
                            k.clone(),
                            self.resource_instance_value(module, r, &InstanceKey::Str(k.clone()))?,
                        ))
                    })
                    .collect::<Result<_, Diagnostics>>()?,
            ),
        })
    }

    fn call_instance_value(&self, child: &ModuleInstance) -> Result<Value, Diagnostics> {
        let cfg = self.module_config(child);
        let mut obj = BTreeMap::new();
        for name in cfg.module.outputs.keys() {
            obj.insert(name.clone(), self.output(child, name)?);
        }
        Ok(Value::Object(obj))
    }

    fn call_value(&self, module: &ModuleInstance, call: &str) -> Result<Value, Diagnostics> {
        let exp = self.call_expansion(module, call)?;
        let child = |k: &InstanceKey| {
            let mut steps = module.0.clone();
            steps.push(ModuleInstanceStep {
                name: call.to_string(),
                key: k.clone(),
            });
            ModuleInstance(steps)
        };
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

    /// When an unknown `count` or `for_each` comes from data sources, says
    /// which ones and that a state supplies them: minimod reads data source
    /// results from a state file rather than from providers.
    fn data_source_hint(&self, module: &ModuleInstance, e: &Expr) -> String {
        self.depends_on(module, e)
            .iter()
            .map(|p| format!("\n\n{p}"))
            .collect()
    }

    /// The paragraphs of `data_source_hint`, one per kind of input.
    fn depends_on(&self, module: &ModuleInstance, e: &Expr) -> Vec<String> {
        let mut found = BTreeSet::new();
        let mut seen = BTreeSet::new();
        self.data_sources_behind(module, e, &mut found, &mut seen);
        let (vars, data): (Vec<String>, Vec<String>) =
            found.into_iter().partition(|n| n.starts_with("var."));
        let mut out = Vec::new();
        let plural =
            |n: usize, one: &'static str, many: &'static str| if n == 1 { one } else { many };
        if !data.is_empty() {
            out.push(format!(
                "The value depends on {} {}, whose results minimod only knows from a state: pass --state FILE with a state that holds {}.",
                plural(data.len(), "data source", "data sources"),
                data.join(", "),
                plural(data.len(), "it", "them")
            ));
        }
        if !vars.is_empty() {
            let names: Vec<&str> = vars.iter().map(|v| v.trim_start_matches("var.")).collect();
            out.push(format!(
                "The value depends on {} {}, which {} no value: give {} with -var, or in .minimod.hcl as root \"DIR\" {{ variables = {{ {} = ... }} }}.",
                plural(vars.len(), "root variable", "root variables"),
                vars.join(", "),
                plural(vars.len(), "has", "have"),
                plural(vars.len(), "it", "them"),
                names[0]
            ));
        }
        out
    }

    /// Static walk from an expression through locals, variables, module
    /// outputs and resource arguments to the data sources it reads.
    fn data_sources_behind(
        &self,
        module: &ModuleInstance,
        e: &Expr,
        found: &mut BTreeSet<String>,
        seen: &mut BTreeSet<(ModuleInstance, String)>,
    ) {
        let cfg = self.module_config(module);
        for (root, steps, _) in e.references() {
            let attr = |i: usize| match steps.get(i) {
                Some(crate::syntax::ast::TraversalStep::Attr(a)) => Some(a.clone()),
                _ => None,
            };
            let mut follow = |m: &ModuleInstance, key: String, expr: &Expr| {
                if seen.insert((m.clone(), key)) {
                    self.data_sources_behind(m, expr, found, seen);
                }
            };
            match root.as_str() {
                "local" => {
                    if let Some(l) = attr(0).and_then(|n| cfg.module.locals.get(&n)) {
                        follow(module, format!("local.{}", l.name), &l.expr);
                    }
                }
                "var" => {
                    let Some(name) = attr(0) else { continue };
                    let Some((last, parent)) = module.0.split_last() else {
                        // A root variable nothing gives a value.
                        let unset = cfg
                            .module
                            .variables
                            .get(&name)
                            .is_some_and(|v| v.default.is_none())
                            && !self.inputs.contains_key(&name);
                        if unset {
                            found.insert(format!("var.{name}"));
                        }
                        continue;
                    };
                    let parent = ModuleInstance(parent.to_vec());
                    let call = &self.module_config(&parent).module.module_calls[&last.name];
                    if let Some(a) = call.inputs.iter().find(|a| a.name == name) {
                        follow(&parent, format!("module.{}.{name}", last.name), &a.expr);
                    }
                }
                "module" => {
                    let Some(call) = attr(0).filter(|c| cfg.module.module_calls.contains_key(c))
                    else {
                        continue;
                    };
                    let child = ModuleInstance(
                        module
                            .0
                            .iter()
                            .cloned()
                            .chain([ModuleInstanceStep {
                                name: call.clone(),
                                key: InstanceKey::NoKey,
                            }])
                            .collect(),
                    );
                    let outputs = &self.module_config(&child).module.outputs;
                    let names: Vec<String> = match steps.iter().find_map(|s| match s {
                        crate::syntax::ast::TraversalStep::Attr(a) if outputs.contains_key(a) => {
                            Some(a.clone())
                        }
                        _ => None,
                    }) {
                        Some(o) => vec![o],
                        None => outputs.keys().cloned().collect(),
                    };
                    for o in names {
                        follow(&child, format!("output.{o}"), &outputs[&o].expr);
                    }
                }
                "data" => {
                    if let (Some(t), Some(n)) = (attr(0), attr(1)) {
                        let res =
                            crate::addrs::Resource::new(crate::addrs::ResourceMode::Data, &t, &n)
                                .absolute(module.clone());
                        // One the state already holds is not the problem.
                        if !self.prior.keys().any(|a| a.containing_resource() == res) {
                            found.insert(res.to_string());
                        }
                    }
                }
                "each" | "count" | "path" | "terraform" | "self" => {}
                t => {
                    let Some(r) =
                        attr(0).and_then(|n| cfg.module.resources.get(&format!("{t}.{n}")))
                    else {
                        continue;
                    };
                    for a in &r.attributes {
                        follow(module, format!("{}.{}", r.key(), a.name), &a.expr);
                    }
                }
            }
        }
    }

    /// The root module's outputs by name, with whether each is declared
    /// sensitive. An output whose value holds a sensitive value without
    /// saying `sensitive = true` is terraform's error.
    pub fn root_outputs(&self) -> Result<Vec<(String, bool, Value)>, Diagnostics> {
        let root = ModuleInstance::default();
        let mut names: Vec<&String> = self.config.module.outputs.keys().collect();
        names.sort();
        let mut values = Vec::new();
        let mut diags = Diagnostics::default();
        for name in names {
            let out = &self.config.module.outputs[name];
            match self.output(&root, name) {
                Ok(v) if !out.sensitive && v.has_marks_deep() => diags.push(
                    Diagnostic::error(
                        "Output refers to sensitive values",
                        "To reduce the risk of accidentally exporting sensitive data that was intended to be only internal, Terraform requires that any root module output containing sensitive data be explicitly marked as sensitive, to confirm your intent.\n\nIf you do intend to export this data, annotate the output value as sensitive by adding the following argument:\n    sensitive = true",
                    )
                    .at(&out.decl_range),
                ),
                Ok(v) => values.push((name.clone(), out.sensitive, v)),
                Err(d) => diags.extend(d),
            }
        }
        if diags.has_errors() {
            Err(diags)
        } else {
            Ok(values)
        }
    }

    /// Evaluates every variable, local, output and resource argument of
    /// every instance, as a plan does: an error anywhere fails the run,
    /// referenced or not.
    pub fn check_all(&self) -> Result<Vec<AbsResourceInstance>, Diagnostics> {
        let mut diags = Diagnostics::default();
        let modules = self.module_instances()?;
        if let Err(d) = self.root_outputs() {
            diags.extend(d);
        }
        for m in &modules {
            let cfg = &self.module_config(m).module;
            for name in cfg.variables.keys() {
                if let Err(d) = self.variable(m, name) {
                    diags.extend(d);
                }
            }
            for name in cfg.locals.keys() {
                if let Err(d) = self.local(m, name) {
                    diags.extend(d);
                }
            }
            for name in cfg.outputs.keys() {
                if let Err(d) = self.output(m, name) {
                    diags.extend(d);
                }
            }
        }
        let instances = self.resource_instances();
        if let Ok(instances) = &instances {
            for i in instances {
                let rkey = i.resource.resource.to_string();
                let r = &self.module_config(&i.module).module.resources[&rkey];
                let data = r.mode == crate::addrs::ResourceMode::Data;
                for a in &r.attributes {
                    let (m, k, n) = (&i.module, &i.resource.key, &a.name);
                    let v = match data {
                        true => self.data_source_arg(m, &rkey, k, n),
                        false => self.resource_attr(m, &rkey, k, n),
                    };
                    if let Err(d) = v {
                        diags.extend(d);
                    }
                }
            }
        }
        match instances {
            Err(d) => {
                diags.extend(d);
                Err(dedup(diags))
            }
            Ok(_) if diags.has_errors() => Err(dedup(diags)),
            Ok(i) => Ok(i),
        }
    }
}

/// Evaluates a nested block into objects under its type name; a
/// `dynamic "x"` block yields one object per element of its `for_each`,
/// with the iterator (`x.key`, `x.value`) bound.
fn collect_block(
    ev: &Eval,
    b: &crate::syntax::body::Block,
    out: &mut BTreeMap<String, Vec<Value>>,
) -> Result<(), Diagnostics> {
    if b.kind == "dynamic" {
        let label = b.labels.first().cloned().unwrap_or_default();
        let c = b.body.content(&[("content", 0)])?;
        let iterator = match c.attr("iterator") {
            Some(a) => match a.static_expr()?.kind {
                ExprKind::Variable(n) => n,
                _ => label.clone(),
            },
            None => label.clone(),
        };
        let Some(fe) = c.attr("for_each") else {
            return Ok(());
        };
        let coll = ev.expr(&fe.expr)?;
        let Some(content) = c.blocks_of("content").next() else {
            return Ok(());
        };
        let entry = out.entry(label.clone()).or_default();
        match crate::lang::eval::iterate(&coll) {
            Some(pairs) => {
                for (k, v) in pairs {
                    let it = Value::Object(BTreeMap::from([
                        ("key".to_string(), k),
                        ("value".to_string(), v),
                    ]));
                    let inner = ev.with_symbols(vec![(iterator.clone(), it)]);
                    entry.push(block_object(&inner, &content.body)?);
                }
            }
            None => entry.push(Value::unknown()),
        }
        return Ok(());
    }
    let obj = block_object(ev, &b.body)?;
    out.entry(b.kind.clone()).or_default().push(obj);
    Ok(())
}

fn block_object(ev: &Eval, body: &crate::syntax::body::Body) -> Result<Value, Diagnostics> {
    let c = body.content(&[("dynamic", 1)])?;
    let mut obj = BTreeMap::new();
    for a in &c.attributes {
        obj.insert(a.name.clone(), ev.expr(&a.expr)?);
    }
    let mut nested: BTreeMap<String, Vec<Value>> = BTreeMap::new();
    for b in &c.blocks {
        collect_block(ev, b, &mut nested)?;
    }
    for (kind, items) in nested {
        obj.insert(kind, Value::Tuple(items));
    }
    Ok(Value::Object(obj))
}

/// One failure reached through several vertices is reported once.
fn dedup(diags: Diagnostics) -> Diagnostics {
    let mut out = Diagnostics::default();
    for d in diags.0 {
        if !out.0.contains(&d) {
            out.push(d);
        }
    }
    out
}

fn unknown_for_each(kind: &str, what: &str) -> String {
    // Terraform advises a map for a set, and static keys for a map.
    let advice = match kind {
        "set" => {
            "use a map value where the keys are defined statically in your configuration and where only the values contain apply-time results"
        }
        _ => {
            "define the map keys statically in your configuration and place apply-time results only in the map values"
        }
    };
    format!(
        "The \"for_each\" {kind} includes {what} derived from resource attributes that cannot be determined until apply, and so Terraform cannot determine the full set of keys that will identify the instances of this resource.\n\nWhen working with unknown values in for_each, it's better to {advice}.\n\nAlternatively, you could use the -target planning option to first apply only the resources that the for_each value depends on, and then apply a second time to fully converge."
    )
}

/// Records, per resource, the attribute names read on it anywhere in the
/// tree (`aws_subnet.a[*].arn`, `aws_subnet.a["k"].arn`, `aws_vpc.v.id`).
fn collect_read_attrs(config: &Config, out: &mut HashMap<(Vec<String>, String), BTreeSet<String>>) {
    let module = &config.module;
    let mut visit = |e: &Expr| {
        let (root, steps): (&Expr, &[Traverser]) = match &e.kind {
            ExprKind::Traversal(root, steps) => (root, steps),
            ExprKind::Splat { source, each } => {
                let (ExprKind::Traversal(root, steps), Some(Traverser::Attr(a, _))) =
                    (&source.kind, each.first())
                else {
                    return;
                };
                if let Some(key) = resource_ref(root, steps) {
                    out.entry((config.path.clone(), key.0))
                        .or_default()
                        .insert(a.clone());
                }
                return;
            }
            _ => return,
        };
        if let Some((key, used)) = resource_ref(root, steps) {
            let rest = &steps[used..];
            let attr = match rest {
                [Traverser::Attr(a, _), ..] => Some(a),
                [Traverser::Index(_), Traverser::Attr(a, _), ..] => Some(a),
                _ => None,
            };
            if let Some(a) = attr {
                out.entry((config.path.clone(), key))
                    .or_default()
                    .insert(a.clone());
            }
        }
    };
    for_each_expr(module, &mut visit);
    for child in config.children.values() {
        collect_read_attrs(child, out);
    }
}

fn all_attribute_names(config: &Config) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut visit = |e: &Expr| {
        if let ExprKind::Traversal(_, steps) | ExprKind::Splat { each: steps, .. } = &e.kind {
            for s in steps {
                if let Traverser::Attr(a, _) = s {
                    out.insert(a.clone());
                }
            }
        }
    };
    let mut stack = vec![config];
    while let Some(c) = stack.pop() {
        for_each_expr(&c.module, &mut visit);
        stack.extend(c.children.values());
    }
    out
}

/// `type.name` or `data.type.name` at the start of a traversal.
fn resource_ref(root: &Expr, steps: &[Traverser]) -> Option<(String, usize)> {
    let ExprKind::Variable(name) = &root.kind else {
        return None;
    };
    match (name.as_str(), steps) {
        ("var" | "local" | "module" | "each" | "count" | "path" | "terraform" | "self", _) => None,
        ("data", [Traverser::Attr(t, _), Traverser::Attr(n, _), ..]) => {
            Some((format!("data.{t}.{n}"), 2))
        }
        (t, [Traverser::Attr(n, _), ..]) => Some((format!("{t}.{n}"), 1)),
        _ => None,
    }
}

fn for_each_expr(m: &Module, f: &mut dyn FnMut(&Expr)) {
    for l in m.locals.values() {
        l.expr.walk(f);
    }
    for o in m.outputs.values() {
        o.expr.walk(f);
    }
    for c in m.module_calls.values() {
        c.inputs.iter().for_each(|a| a.expr.walk(f));
        c.count.iter().chain(&c.for_each).for_each(|e| e.walk(f));
    }
    for r in m.resources.values() {
        r.attributes.iter().for_each(|a| a.expr.walk(f));
        r.count.iter().chain(&r.for_each).for_each(|e| e.walk(f));
    }
}

/// The scope of one module instance (with `count`/`each` when evaluating
/// inside a repeated block).
struct InstanceScope<'r, 'c> {
    run: &'r Run<'c>,
    module: ModuleInstance,
    config: &'c Config,
    rep: Repetition,
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
        if self.module.0.is_empty() {
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
        let exp = run.call_expansion(&self.module, call)?;
        // Resolve just one output where the reference names one, so modules
        // can feed each other's inputs without a false cycle.
        let child_at = |key: InstanceKey| {
            let mut s = self.module.0.clone();
            s.push(ModuleInstanceStep {
                name: call.to_string(),
                key,
            });
            ModuleInstance(s)
        };
        let output_of =
            |child: ModuleInstance, name: &str, r: &SourceRange| -> Result<Value, Diagnostics> {
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
                _ => Ok((run.call_value(&self.module, call)?, 1)),
            },
            _ => Ok((run.call_value(&self.module, call)?, 1)),
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
        if self.run.opts.unknown_resources {
            return Ok((
                self.run
                    .recorded_resource_value(&r.addr().absolute(self.module.clone())),
                used,
            ));
        }
        let run = self.run;
        let exp = run.resource_expansion(&self.module, &rkey)?;
        let rest = &steps[used..];
        match (&exp, rest) {
            // One attribute of one instance: evaluate just that vertex.
            (Expansion::Single, [Traverser::Attr(a, _), ..]) => Ok((
                run.referenced_attr(&self.module, &rkey, &InstanceKey::NoKey, a)?,
                used + 1,
            )),
            (
                Expansion::Count(_) | Expansion::ForEach(_),
                [Traverser::Index(_), Traverser::Attr(a, _), ..],
            ) => match self.instance_key(ev, rest)? {
                Some(k) if exp.repetition(&k).is_some() => {
                    Ok((run.referenced_attr(&self.module, &rkey, &k, a)?, used + 2))
                }
                _ => Ok((run.resource_value(&self.module, r)?, used)),
            },
            _ => Ok((run.resource_value(&self.module, r)?, used)),
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
                Ok((self.run.variable(&self.module, name)?, used))
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
                Ok((self.run.local(&self.module, name)?, used))
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
                    ("key", _) => Ok((Value::string(k.clone()), 1)),
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
                (other, r) => Err(err(
                    "Invalid \"path\" attribute",
                    format!(
                        "The \"path\" object does not have an attribute named \"{other}\". The supported attributes are path.cwd, the current working directory; path.module, the path to the directory containing the current module; and path.root, the path to the directory containing the root module."
                    ),
                    r,
                )),
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
                    self.resource_ref(format!("data.{t}.{n}"), steps, 2, range, ev)
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
                    self.resource_ref(format!("{t}.{n}"), steps, 1, range, ev)
                }
                _ => Err(err(
                    "Invalid reference",
                    "A reference to a resource type must be followed by at least one attribute access, specifying the resource name.",
                    range,
                )),
            },
        }
    }

    fn with_function_context(
        &self,
        f: &mut dyn FnMut(&FunctionContext) -> Result<Value, FunctionError>,
    ) -> Result<Value, FunctionError> {
        // Relative paths start where terraform runs: the root module
        // (`path.module` is relative to it).
        let dir: &Path = &self.run.config.module.dir;
        let within = self.run.opts.files_within.as_deref();
        let render = |text: &str, name: &str, vars: &BTreeMap<String, Value>| {
            render_template(dir, within, text, name, vars)
        };
        let ctx = FunctionContext {
            base_dir: dir,
            plan: self.run.opts.plan,
            render_template: Some(&render),
            files_within: within,
        };
        f(&ctx)
    }
}

/// Evaluates a template for `templatefile`: only the given variables are
/// in scope, as Terraform's templatefile has it.
fn render_template(
    dir: &Path,
    within: Option<&Path>,
    text: &str,
    name: &str,
    vars: &BTreeMap<String, Value>,
) -> Result<Value, FunctionError> {
    use crate::syntax::native;
    use crate::syntax::source::SourceFile;
    let file = SourceFile::new(name, text);
    // The template's own diagnostic is the function's error; a missing
    // variable blames the "vars" argument, as terraform does.
    let fail = |d: Diagnostics| {
        let first =
            d.0.into_iter()
                .next()
                .unwrap_or_else(|| Diagnostic::error("Error in function call", ""));
        let arg = (first.summary == "Invalid function argument").then_some(1);
        FunctionError {
            summary: first.summary,
            detail: first.detail,
            arg,
        }
    };
    let expr = native::parse_template(&file, text, 0).map_err(fail)?;
    let scope = TemplateScope { dir, within, vars };
    Eval::new(&scope).expr(&expr).map_err(fail)
}

struct TemplateScope<'a> {
    dir: &'a Path,
    within: Option<&'a Path>,
    vars: &'a BTreeMap<String, Value>,
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
            None => Err(err(
                "Invalid function argument",
                format!(
                    "Invalid value for \"vars\" parameter: vars map does not contain key \"{root}\", referenced at {range}."
                ),
                range,
            )),
        }
    }

    fn with_function_context(
        &self,
        f: &mut dyn FnMut(&FunctionContext) -> Result<Value, FunctionError>,
    ) -> Result<Value, FunctionError> {
        let render = |text: &str, name: &str, vars: &BTreeMap<String, Value>| {
            render_template(self.dir, self.within, text, name, vars)
        };
        f(&FunctionContext {
            base_dir: self.dir,
            plan: true,
            render_template: Some(&render),
            files_within: self.within,
        })
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
        if root == "var" {
            if let Some(Traverser::Attr(n, _)) = steps.first() {
                if n == self.name {
                    return Ok((self.value.clone(), 1));
                }
            }
        }
        self.inner.reference(root, range, steps, ev)
    }

    fn with_function_context(
        &self,
        f: &mut dyn FnMut(&FunctionContext) -> Result<Value, FunctionError>,
    ) -> Result<Value, FunctionError> {
        self.inner.with_function_context(f)
    }
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
    use crate::config::{Engine, LoadOptions};
    use crate::diagnostics::SourceMap;

    fn load(main_tf: &str) -> (tempfile::TempDir, Config) {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("main.tf"), main_tf).unwrap();
        let opts = LoadOptions {
            engine: Engine::Terraform,
        };
        let config = crate::config::load(dir.path(), &opts, &mut SourceMap::default()).unwrap();
        (dir, config)
    }

    /// A data source is read with its configured arguments and answers with
    /// what it read: `region = var.region` (null) is a null argument, known,
    /// while `data.aws_region.current.region` is the state's record.
    #[test]
    fn a_data_source_is_configured_by_its_arguments_and_reads_its_record() {
        let (_dir, config) = load(
            r#"
variable "region" {
  default = null
}
data "aws_region" "current" {
  region = var.region
}
data "aws_caller_identity" "me" {}
output "region" {
  value = data.aws_region.current.region
}
output "account" {
  value = data.aws_caller_identity.me.account_id
}
"#,
        );
        let current = AbsResourceInstance::parse("data.aws_region.current").unwrap();
        let state = crate::state::State::from_json(
            r#"{"version": 4, "terraform_version": "1.11.4", "serial": 1, "lineage": "l",
              "outputs": {}, "resources": [{"mode": "data", "type": "aws_region",
              "name": "current", "provider": "provider[\"registry.terraform.io/hashicorp/aws\"]",
              "instances": [{"schema_version": 0,
                             "attributes": {"id": "r", "region": "eu-west-1"}}]}]}"#,
        )
        .unwrap();
        let run =
            Run::new(&config, RootInputs::new(), RunOptions::default()).with_prior_state(&state);
        let configured = run.resource_config_value(&current).unwrap();
        assert_eq!(
            configured,
            Value::Object([("region".to_string(), Value::null())].into())
        );
        assert!(configured.is_wholly_known());
        let root = ModuleInstance::default();
        assert_eq!(
            run.output(&root, "region").unwrap(),
            Value::string("eu-west-1")
        );
        // Not recorded: unknown, naming what it stands for even outside a
        // refactor, so the plan can tell it is read while planning.
        let account = run.output(&root, "account").unwrap();
        assert!(account.is_unknown());
        assert_eq!(
            account.origin().map(ToString::to_string).as_deref(),
            Some("data.aws_caller_identity.me.account_id")
        );
    }

    /// An error in a data source's arguments fails the run, as terraform's
    /// plan fails: they are evaluated although nothing reads them.
    #[test]
    fn a_data_source_argument_that_fails_fails_the_run() {
        let (_dir, config) = load(
            r#"
data "aws_region" "current" {
  region = local.missing
}
"#,
        );
        let run = Run::new(&config, RootInputs::new(), RunOptions::default());
        let err = run.check_all().unwrap_err();
        assert_eq!(err.0[0].summary, "Reference to undeclared local value");
    }
}
