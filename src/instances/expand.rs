//! Expansion, as OpenTofu's `instances.Expander` and its `count` and
//! `for_each` evaluation: how each resource and module call repeats in a
//! module instance, and so every module and resource instance address.

use std::collections::BTreeSet;

use crate::addrs::{AbsResourceInstance, InstanceKey, ModuleInstance, ModuleInstanceStep};
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::lang::value::{Attrs, Type, Value};
use crate::syntax::ast::Expr;

use super::run::{Lookup, Run, VertexRef, err, module_label};

/// The most instances one `count` makes. Terraform has no limit and
/// allocates until the machine gives out; this keeps a typo such as
/// `count = 1e18` a diagnostic, like the `for` iteration limit.
pub(super) const MAX_COUNT: i64 = 1 << 20;

/// The most module instances one configuration expands to: calls with
/// `count` inside calls with `count` multiply. About 250 MB planned.
pub(crate) const MAX_MODULE_INSTANCES: u64 = 1 << 16;

/// The most resource instances of one configuration: a `count` inside a
/// module with a `count` multiplies, and a million times a million would
/// be allocated key by key until the machine gives out.
pub(crate) const MAX_INSTANCES: u64 = 1 << 21;

/// What a run's expansions have made so far: every expansion is computed
/// once per module instance, so these are the configuration's totals.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Totals {
    modules: u64,
    resources: u64,
}

/// How a resource or module call expands in one module instance.
#[derive(Clone, Debug, PartialEq)]
pub enum Expansion {
    Single,
    Count(i64),
    /// Keys in byte order, with their `each.value`: the map's own entries,
    /// shared, not copied.
    ForEach(Attrs),
}

impl Expansion {
    /// How many instances it makes, without making their keys.
    pub fn len(&self) -> u64 {
        match self {
            Expansion::Single => 1,
            Expansion::Count(n) => u64::try_from(*n).unwrap_or(0),
            Expansion::ForEach(m) => m.len() as u64,
        }
    }

    pub fn keys(&self) -> Vec<InstanceKey> {
        match self {
            Expansion::Single => vec![InstanceKey::NoKey],
            Expansion::Count(n) => (0..*n).map(InstanceKey::Int).collect(),
            Expansion::ForEach(m) => m.keys().map(|k| InstanceKey::Str(k.clone())).collect(),
        }
    }

    pub(super) fn repetition(&self, key: &InstanceKey) -> Option<Repetition> {
        match (self, key) {
            (Expansion::Single, InstanceKey::NoKey) => Some(Repetition::default()),
            (Expansion::Count(n), InstanceKey::Int(i)) if i < n => Some(Repetition {
                count: Some(*i),
                each: None,
            }),
            (Expansion::ForEach(m), InstanceKey::Str(k)) => m.get(k).map(|v| Repetition {
                count: None,
                each: Some((Value::string(k.clone()), v.clone())),
            }),
            _ => None,
        }
    }
}

/// `count.index` and `each.key` / `each.value` where they exist.
#[derive(Clone, Debug, Default)]
pub(super) struct Repetition {
    pub(super) count: Option<i64>,
    /// `each.key` (a string, or an index for an `import` block's list)
    /// and `each.value`.
    pub(super) each: Option<(Value, Value)>,
}

impl<'c> Run<'c> {
    pub fn call_expansion(
        &self,
        module: &ModuleInstance,
        call: &str,
    ) -> Result<Expansion, Diagnostics> {
        let c = &self.module_config(module).module.module_calls[call];
        self.expansion(
            VertexRef::CallExpansion(call),
            module,
            (c.count.as_ref(), c.for_each.as_ref()),
            &c.decl_range,
        )
    }

    pub fn resource_expansion(
        &self,
        module: &ModuleInstance,
        key: &str,
    ) -> Result<Expansion, Diagnostics> {
        let r = &self.module_config(module).module.resources[key];
        self.expansion(
            VertexRef::ResourceExpansion(key),
            module,
            (r.count.as_ref(), r.for_each.as_ref()),
            &r.decl_range,
        )
    }

    fn expansion(
        &self,
        vertex: VertexRef<'_>,
        module: &ModuleInstance,
        (count, for_each): (Option<&Expr>, Option<&Expr>),
        decl: &crate::diagnostics::SourceRange,
    ) -> Result<Expansion, Diagnostics> {
        let view = Lookup::new(module, vertex);
        if let Some((e, reusable)) = self.expansions.borrow().get(&view) {
            if !reusable {
                self.prior.mark_unrepeatable();
            }
            return e.clone();
        }
        let result = self
            .memo(module, vertex, || {
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
                        let what = match vertex {
                            VertexRef::CallExpansion(call) => format!("module.{call}"),
                            VertexRef::ResourceExpansion(r) => r.to_string(),
                            _ => String::new(),
                        };
                        let addr = format!("{}{what}", module_label(module));
                        self.deferred
                            .borrow_mut()
                            .extend(first.map(|d| (addr, d.caused_by_unknown(depends_on))));
                        // A cached answer would not defer it again.
                        self.prior.mark_unrepeatable();
                        Expansion::Count(0)
                    }
                    e => e?,
                };
                let at = count.or(for_each).map_or(decl, |e| &e.range);
                self.count_instances(vertex, module, &e, at)?;
                // Reusable or not: known once the memo has its answer.
                self.expansions
                    .borrow_mut()
                    .insert(view.key(), (Ok(e), false));
                Ok(Value::null())
            })
            .and_then(|_| {
                let reusable = self.memo_reusable(module, vertex);
                let mut expansions = self.expansions.borrow_mut();
                match expansions.get_mut(&view) {
                    Some((e, r)) => {
                        *r = reusable;
                        e.clone()
                    }
                    // Not reached: the memo's answer is Ok only once the
                    // computation stored the expansion.
                    None => Ok(Expansion::Single),
                }
            });
        if let Err(d) = &result {
            self.expansions
                .borrow_mut()
                .insert(view.key(), (Err(d.clone()), false));
        }
        result
    }

    /// Adds an expansion's instances to the run's totals, or says which
    /// bound it passes, before any of their keys are made.
    fn count_instances(
        &self,
        vertex: VertexRef<'_>,
        module: &ModuleInstance,
        e: &Expansion,
        at: &crate::diagnostics::SourceRange,
    ) -> Result<(), Diagnostics> {
        let mut t = self.totals.get();
        let (total, max, summary, noun, what) = match vertex {
            VertexRef::CallExpansion(call) => (
                &mut t.modules,
                MAX_MODULE_INSTANCES,
                "Too many modules",
                "module instances",
                format!("module.{call}"),
            ),
            VertexRef::ResourceExpansion(r) => (
                &mut t.resources,
                MAX_INSTANCES,
                "Too many instances",
                "resource instances",
                r.to_string(),
            ),
            _ => return Ok(()),
        };
        *total = total.saturating_add(e.len());
        if *total > max {
            return Err(err(
                summary,
                format!(
                    "With the {} instances of {}{what}, this configuration has more than {max} {noun} in all (a count or for_each inside a module with one multiplies); minimod stops here rather than exhaust the machine.",
                    e.len(),
                    module_label(module)
                ),
                at,
            ));
        }
        self.totals.set(t);
        Ok(())
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

    pub(super) fn for_each(
        &self,
        module: &ModuleInstance,
        e: &Expr,
    ) -> Result<Expansion, Diagnostics> {
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
                Ok(Expansion::ForEach(m.clone()))
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
                Ok(Expansion::ForEach(
                    items
                        .iter()
                        .map(|i| (i.as_str().unwrap_or_default().to_string(), i.clone()))
                        .collect(),
                ))
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
                            out.push(m.child(call.clone(), key));
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
        // Sorted per resource, then the resources: the order of the whole
        // list (module, resource, key) without comparing every pair of
        // instances by their module paths and names.
        let mut resources = Vec::new();
        let mut diags = Diagnostics::default();
        for m in self.module_instances()? {
            for (key, r) in &self.module_config(&m).module.resources {
                match self.resource_expansion(&m, key) {
                    Ok(exp) => {
                        let mut keys = exp.keys();
                        keys.sort();
                        resources.push((r.addr().absolute(m.clone()), keys));
                    }
                    Err(d) => diags.extend(d),
                }
            }
        }
        if diags.has_errors() {
            return Err(diags);
        }
        resources.sort_by(|a, b| a.0.cmp(&b.0));
        let mut out = Vec::with_capacity(resources.iter().map(|(_, k)| k.len()).sum());
        for (addr, keys) in resources {
            out.extend(keys.into_iter().map(|k| addr.instance(k)));
        }
        Ok(out)
    }

    /// Blocks whose `count` or `for_each` is known only after apply (with
    /// `defer_unknown_expansion`), by address, with the reason.
    pub fn deferred(&self) -> Vec<(String, Diagnostic)> {
        self.deferred.borrow().clone()
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
        let mut found = Behind::default();
        let mut seen = BTreeSet::new();
        self.data_sources_behind(module, e, &mut found, &mut seen);
        let data: Vec<&String> = found.data_sources.iter().collect();
        let vars: Vec<String> = found
            .root_variables
            .iter()
            .map(|n| format!("var.{n}"))
            .collect();
        let mut out = Vec::new();
        let plural =
            |n: usize, one: &'static str, many: &'static str| if n == 1 { one } else { many };
        if !data.is_empty() {
            out.push(format!(
                "The value depends on {} {}, whose results minimod only knows from a state: pass --state FILE with a state that holds {}.",
                plural(data.len(), "data source", "data sources"),
                data.iter().map(|d| d.as_str()).collect::<Vec<_>>().join(", "),
                plural(data.len(), "it", "them")
            ));
        }
        if !found.remote_modules.is_empty() {
            let calls: Vec<&str> = found.remote_modules.iter().map(String::as_str).collect();
            out.push(format!(
                "{REMOTE_OUTPUTS} {}, whose content is not read: run `minimod modules get` or `terraform init -backend=false` for it.",
                calls.join(", ")
            ));
        }
        if !vars.is_empty() {
            out.push(format!(
                "The value depends on {} {}, which {} no value: give {} with -var, or in .minimod.hcl as root \"DIR\" {{ variables = {{ {} = ... }} }}.",
                plural(vars.len(), "root variable", "root variables"),
                vars.join(", "),
                plural(vars.len(), "has", "have"),
                plural(vars.len(), "it", "them"),
                found.root_variables.first().map_or("", String::as_str)
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
        found: &mut Behind,
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
                    let Some((last, parent)) = module.steps().split_last() else {
                        // A root variable nothing gives a value.
                        let unset = cfg
                            .module
                            .variables
                            .get(&name)
                            .is_some_and(|v| v.default.is_none())
                            && !self.inputs.contains_key(&name);
                        if unset {
                            found.root_variables.insert(name);
                        }
                        continue;
                    };
                    let parent = ModuleInstance::new(parent.into());
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
                    let child = ModuleInstance::new(
                        module
                            .steps()
                            .iter()
                            .cloned()
                            .chain([ModuleInstanceStep {
                                name: call.clone(),
                                key: InstanceKey::NoKey,
                            }])
                            .collect(),
                    );
                    if self.module_config(&child).remote.is_some() {
                        found
                            .remote_modules
                            .insert(format!("{}module.{call}", module_label(module)));
                        continue;
                    }
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
                        if self.prior.objects_of(&res).is_empty() {
                            found.data_sources.insert(res.to_string());
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
}

/// How the hint for a value read from remote modules' outputs begins.
pub(crate) const REMOTE_OUTPUTS: &str =
    "The value depends on the outputs of the remote module call";

/// What an unknown `count` or `for_each` waits on that minimod could be
/// given: data sources a state would supply, root variables without value.
#[derive(Default)]
struct Behind {
    data_sources: BTreeSet<String>,
    root_variables: BTreeSet<String>,
    /// Remote module calls whose content is not read (their outputs are
    /// unknown with a state too).
    remote_modules: BTreeSet<String>,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::instances::RunOptions;
    use crate::instances::testing::{
        assert_terraform_error, case_run, corpus, load_dir, state_list, terraform_error,
    };

    /// The first error of expanding `terraform_data.x` in a `config-errors`
    /// case.
    fn expansion_error(case: &str) -> Diagnostics {
        let dir = corpus("config-errors").join(case);
        let config = load_dir(&dir);
        let run = case_run(&config, &dir, RunOptions::default());
        run.resource_expansion(&ModuleInstance::default(), "terraform_data.x")
            .unwrap_err()
    }

    fn addresses(case: &str) -> Vec<String> {
        let dir = corpus("configs").join(case);
        let config = load_dir(&dir);
        let run = case_run(&config, &dir, RunOptions::default());
        let all = run.resource_instances().unwrap();
        all.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn count_must_be_a_known_whole_number_not_below_zero() {
        for case in [
            "count-negative",
            "count-fractional",
            "count-not-a-number",
            "count-unknown",
        ] {
            assert_terraform_error(&expansion_error(case), case);
        }
    }

    #[test]
    fn for_each_must_be_a_known_map_or_set_of_strings() {
        for case in [
            "for-each-null",
            "for-each-list",
            "for-each-set-of-numbers",
            "for-each-unknown-keys",
            "sensitive-for-each",
        ] {
            assert_terraform_error(&expansion_error(case), case);
        }
    }

    /// The unknown comes through a module output: the error is the
    /// expansion's, whatever the path to the unknown.
    #[test]
    fn an_unknown_module_output_cannot_decide_for_each() {
        let case = "for-each-module-output-unknown";
        let dir = corpus("config-errors").join(case);
        let config = load_dir(&dir);
        let run = case_run(&config, &dir, RunOptions::default());
        let err = run.resource_instances().unwrap_err();
        assert_terraform_error(&err, case);
    }

    /// Duplicates in `toset` collapse; a sensitive count is accepted; keys
    /// sort as `terraform state list` prints them; count 0 makes nothing.
    #[test]
    fn instances_are_what_terraform_applied() {
        for case in [
            "toset-duplicates",
            "sensitive-count-allowed",
            "for-each-set",
            "count-zero",
            "module-output-drives-for-each",
        ] {
            assert_eq!(addresses(case), state_list(case), "{case}");
        }
    }

    /// Deferred, an unknown `count` gives no instances yet and keeps
    /// terraform's reason, per block, instead of failing the run.
    #[test]
    fn an_unknown_count_is_deferred_with_its_reason() {
        let case = "count-unknown";
        let dir = corpus("config-errors").join(case);
        let config = load_dir(&dir);
        let opts = RunOptions {
            defer_unknown_expansion: true,
            ..RunOptions::default()
        };
        let run = case_run(&config, &dir, opts);
        let all = run.resource_instances().unwrap();
        let all: Vec<String> = all.iter().map(ToString::to_string).collect();
        assert_eq!(all, ["terraform_data.source"]);
        let deferred = run.deferred();
        assert_eq!(deferred.len(), 1);
        assert_eq!(deferred[0].0, "terraform_data.x");
        let (summary, _) = terraform_error(case);
        assert_eq!(deferred[0].1.summary, summary);
    }

    #[test]
    fn repetition_data_exists_only_for_keys_of_the_expansion() {
        let each = Expansion::ForEach(Attrs::from([("a".to_string(), Value::string("va"))]));
        let rep = each.repetition(&InstanceKey::Str("a".into())).unwrap();
        assert_eq!(rep.each, Some((Value::string("a"), Value::string("va"))));
        assert!(each.repetition(&InstanceKey::Str("b".into())).is_none());
        assert!(each.repetition(&InstanceKey::Int(0)).is_none());
        let count = Expansion::Count(2);
        assert_eq!(
            count.repetition(&InstanceKey::Int(1)).unwrap().count,
            Some(1)
        );
        assert!(count.repetition(&InstanceKey::Int(2)).is_none());
        assert!(Expansion::Single.repetition(&InstanceKey::NoKey).is_some());
        assert_eq!(count.keys(), [InstanceKey::Int(0), InstanceKey::Int(1)]);
    }
}
