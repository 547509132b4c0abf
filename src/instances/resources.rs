//! Resources and data sources as the configuration sets them: one
//! argument of one instance, the configured object a plan compares, and
//! the whole object a reference reads.

use std::collections::{BTreeMap, BTreeSet};

use foldhash::HashMap;

use crate::addrs::{AbsResourceInstance, InstanceKey, ModuleInstance, ResourceMode};
use crate::config::{Config, Module, Resource};
use crate::diagnostics::Diagnostics;
use crate::lang::eval::Eval;
use crate::lang::sorted_map::SortedMap;
use crate::lang::unknown::{Op, Origin};
use crate::lang::value::{Type, Value};
use crate::syntax::ast::{Expr, ExprKind, Traverser};

use super::expand::Expansion;
use super::run::{Lookup, Run, VertexRef, static_path};
use super::scope::InstanceScope;

/// An argument as the configuration sets it, in `scope`; null when unset.
fn configured_arg(r: &Resource, scope: &InstanceScope, name: &str) -> Result<Value, Diagnostics> {
    match r.attributes.iter().find(|a| a.name == name) {
        Some(a) => Eval::new(scope).expr(&a.expr),
        None => Ok(Value::null()),
    }
}

impl<'c> Run<'c> {
    /// One configured attribute of one resource instance. A data source's
    /// attribute is what it is read with where its configuration sets one
    /// (terraform's planned object takes a set argument from the
    /// configuration, whether the read happens now or waits for apply, and
    /// a read returns what it was asked for), else what it read: the
    /// state's record, unknown without one.
    pub fn resource_attr(
        &self,
        module: &ModuleInstance,
        rkey: &str,
        key: &InstanceKey,
        attr: &str,
    ) -> Result<Value, Diagnostics> {
        let vertex = VertexRef::Attr(rkey, key, attr);
        self.eval_resource_arg(module, rkey, key, vertex, |r, scope| {
            let data = r.mode == ResourceMode::Data;
            if data && r.type_name == "terraform_remote_state" && attr == "outputs" {
                let arg = |name: &str| configured_arg(r, scope, name);
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
            match r.attributes.iter().find(|a| a.name == attr) {
                Some(a) if !data => Eval::new(scope).expr(&a.expr),
                Some(_) => {
                    // Null is no argument: the provider may compute it.
                    let v = self.data_source_arg(module, rkey, key, attr)?;
                    match v.is_null() {
                        true => Ok(self.computed_attr(module, r, key, attr)),
                        false => Ok(v),
                    }
                }
                None if data && r.blocks.iter().any(|b| block_type(b) == attr) => {
                    self.data_source_blocks(module, r, key, attr, scope)
                }
                None => match self.created_blocks(module, r, key, scope, attr)? {
                    Some(blocks) => Ok(blocks),
                    None => Ok(self.computed_attr(module, r, key, attr)),
                },
            }
        })
    }

    /// A data source's nested blocks of one type as its read returns them.
    /// Blocks are never computed: there are as many as the configuration
    /// writes, each holding what it sets (terraform plans a deferred read
    /// from the configuration, `objchange.PlannedDataResourceObject`, and a
    /// read answers what it was asked with). What a block leaves unset is
    /// the state's record of the block at that index, else unknown for every
    /// name the configuration reads anywhere (as a whole data source object
    /// answers them). A `dynamic` block over an unknown collection makes the
    /// whole block type unknown, as it makes the configuration.
    fn data_source_blocks(
        &self,
        module: &ModuleInstance,
        r: &Resource,
        key: &InstanceKey,
        kind: &str,
        scope: &InstanceScope<'_, '_>,
    ) -> Result<Value, Diagnostics> {
        let record = Some(self.computed_attr(module, r, key, kind)).filter(Value::is_wholly_known);
        let addr = r.addr().absolute(module.clone()).instance(key.clone());
        let unknown = Value::Unknown(Type::Dynamic, Some(Origin::attr(addr.text(), kind)));
        let read = ReadBlocks {
            names: &self.any_attrs,
        };
        read.blocks(
            &Eval::new(scope),
            &r.blocks,
            kind,
            record.as_ref(),
            &unknown,
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
        let vertex = VertexRef::DataArg(rkey, key, attr);
        self.eval_resource_arg(module, rkey, key, vertex, |r, scope| {
            configured_arg(r, scope, attr)
        })
    }

    /// The nested blocks of type `name` a plan creates on a new managed
    /// object, as the configuration sets them (a tuple of objects):
    /// terraform's planned object takes them from the configuration. None
    /// where the resource configures no such block, where the object is
    /// recorded (its planned change says), and for a refactor's run, whose
    /// unknowns name their objects.
    fn created_blocks(
        &self,
        module: &ModuleInstance,
        r: &Resource,
        key: &InstanceKey,
        scope: &InstanceScope<'_, 'c>,
        name: &str,
    ) -> Result<Option<Value>, Diagnostics> {
        if r.mode != ResourceMode::Managed
            || self.opts.walk != super::run::Walk::Plan
            || self.opts.track_origins
            || !r.blocks.iter().any(|b| block_type(b) == name)
        {
            return Ok(None);
        }
        let addr = r.addr().absolute(module.clone()).instance(key.clone());
        if self.prior_instance(addr).has_record() {
            return Ok(None);
        }
        let ev = Eval::new(scope);
        let mut blocks: BTreeMap<String, Vec<Value>> = BTreeMap::new();
        for b in r.blocks.iter().filter(|b| block_type(b) == name) {
            collect_block(&ev, b, &mut blocks)?;
        }
        let items = blocks.remove(name).unwrap_or_default();
        Ok(Some(Value::Tuple(items.into())))
    }

    /// One argument as the configuration sets it: what a data source is
    /// read with, a managed resource's configured value.
    pub(super) fn configured_argument(
        &self,
        module: &ModuleInstance,
        r: &Resource,
        key: &InstanceKey,
        name: &str,
    ) -> Result<Value, Diagnostics> {
        let rkey = r.key();
        match r.mode {
            ResourceMode::Data => self.data_source_arg(module, rkey, key, name),
            ResourceMode::Managed | ResourceMode::Ephemeral => {
                self.resource_attr(module, rkey, key, name)
            }
        }
    }

    /// The setup `resource_attr` and `data_source_arg` share: one vertex of
    /// one resource instance, computed in the instance's scope (its
    /// `count.index` or `each`).
    fn eval_resource_arg(
        &self,
        module: &ModuleInstance,
        rkey: &str,
        key: &InstanceKey,
        vertex: VertexRef<'_>,
        compute: impl FnOnce(&'c Resource, &InstanceScope<'_, 'c>) -> Result<Value, Diagnostics>,
    ) -> Result<Value, Diagnostics> {
        self.memo(module, vertex, || {
            // Looked up only when computing: most asks find the answer.
            let r = &self.module_config(module).module.resources[rkey];
            let rep = self
                .resource_expansion(module, rkey)?
                .repetition(key)
                .unwrap_or_default();
            compute(r, &self.scope(module, rep))
        })
    }

    /// An attribute as a reference reads it. An argument configured as
    /// null may still be computed by the provider (an optional-computed
    /// attribute), so it reads as unknown, or the prior value of an object
    /// the plan keeps; where a schema says it is not computed, it is null.
    pub(super) fn referenced_attr(
        &self,
        module: &ModuleInstance,
        rkey: &str,
        key: &InstanceKey,
        attr: &str,
    ) -> Result<Value, Diagnostics> {
        let r = &self.module_config(module).module.resources[rkey];
        let v = self.resource_attr(module, rkey, key, attr)?;
        Ok(self.as_referenced(module, r, key, attr, v))
    }

    /// A configured value (`resource_attr`'s answer) as a reference reads
    /// it: see [`Run::referenced_attr`].
    fn as_referenced(
        &self,
        module: &ModuleInstance,
        r: &Resource,
        key: &InstanceKey,
        attr: &str,
        v: Value,
    ) -> Value {
        // With a schema, a null argument the provider does not compute is
        // null in the plan (terraform requires a non-computed attribute's
        // planned value to be the configuration's, `AssertPlanValid`); an
        // optional-and-computed one is the provider's choice.
        let computed = match self.exact_schema(r) {
            Some(s) => s.attributes.get(attr).is_none_or(|a| a.computed),
            None => r.type_name != "terraform_data",
        };
        if v.is_null() && computed {
            return self.computed_attr(module, r, key, attr);
        }
        v
    }

    /// The configured arguments of one resource instance, as an object:
    /// its attributes, and each nested block type as a tuple of objects
    /// (`dynamic` blocks expanded). This is what a plan compares with the
    /// recorded object; unset arguments are the provider's and absent.
    pub fn resource_config_value(&self, addr: &AbsResourceInstance) -> Result<Value, Diagnostics> {
        let module = &addr.module;
        let r = self
            .module_config(module)
            .module
            .resource(&addr.resource.resource)
            .expect("a configured instance's resource is in the configuration");
        let rkey = r.key();
        // Collected and sorted once, as an object literal is.
        let mut obj: SortedMap<String, Value> = r
            .attributes
            .iter()
            .map(|a| {
                let v = self.configured_argument(module, r, &addr.resource.key, &a.name)?;
                Ok((a.name.clone(), v))
            })
            .collect::<Result<_, Diagnostics>>()?;
        if !r.blocks.is_empty() {
            let rep = self
                .resource_expansion(module, rkey)?
                .repetition(&addr.resource.key)
                .unwrap_or_default();
            let scope = self.scope(module, rep);
            let ev = Eval::new(&scope);
            let mut blocks: BTreeMap<String, Vec<Value>> = BTreeMap::new();
            for b in &r.blocks {
                collect_block(&ev, b, &mut blocks)?;
            }
            for (kind, items) in blocks {
                obj.insert(kind, Value::Tuple(items.into()));
            }
        }
        Ok(Value::Object(obj.into()))
    }

    /// A resource instance as an object: its configured attributes, then
    /// `id` and every other attribute the configuration reads on it,
    /// unknown until apply (`resource_instance_attr` reads one of them).
    fn resource_instance_value(
        &self,
        module: &ModuleInstance,
        r: &Resource,
        key: &InstanceKey,
        extra: Option<&BTreeSet<String>>,
    ) -> Result<Value, Diagnostics> {
        let rkey = r.key();
        let mut obj: SortedMap<String, Value> = r
            .attributes
            .iter()
            .map(|a| {
                let v = self.resource_attr(module, rkey, key, &a.name)?;
                Ok((
                    a.name.clone(),
                    self.as_referenced(module, r, key, &a.name, v),
                ))
            })
            .collect::<Result<_, Diagnostics>>()?;
        // With a schema the object has exactly its attributes and block
        // types, as terraform's does (an argument left unset is null).
        // Without one it cannot list them; it answers every name the
        // configuration reads anywhere (through a `for`, an output,
        // another module), unknown until apply: `extra` (`read_attrs_of`)
        // and `any_attrs`.
        // A plan's object that the state records has what the provider
        // recorded, which is its schema's every attribute: naming more
        // would invent attributes an output of it never had.
        let schema = self.exact_schema(r);
        let id = "id".to_string();
        let at = std::cell::OnceCell::new();
        let prior = || {
            at.get_or_init(|| {
                self.prior_instance(r.addr().absolute(module.clone()).instance(key.clone()))
            })
        };
        let recorded =
            (schema.is_none() && r.mode == ResourceMode::Managed && !self.opts.track_origins)
                .then(|| prior().recorded_names())
                .flatten();
        let names: Box<dyn Iterator<Item = &String>> = match (&schema, recorded) {
            (Some(s), _) => Box::new(s.names()),
            (None, Some(names)) => Box::new(names),
            (None, None) => Box::new(
                std::iter::once(&id)
                    .chain(extra.into_iter().flatten())
                    .chain(&self.any_attrs),
            ),
        };
        for name in names {
            if obj.contains_key(name) {
                continue;
            }
            let optional = schema
                .as_ref()
                .and_then(|s| s.attributes.get(name))
                .is_some_and(|a| !a.computed);
            if optional {
                obj.insert(name.clone(), Value::null());
                continue;
            }
            // Not configured, a managed resource's attribute is the
            // provider's (what `resource_attr` answers, without a vertex
            // per name: every name any expression reads is asked of every
            // instance).
            let configured_block = r.blocks.iter().any(|b| {
                b.kind == *name
                    || (b.kind == "dynamic" && b.labels.first().is_some_and(|l| l == name))
            });
            let v = match r.mode {
                ResourceMode::Managed if !configured_block => {
                    self.computed_attr_at(r, prior(), name)
                }
                _ => self.resource_attr(module, rkey, key, name)?,
            };
            obj.insert(name.clone(), v);
        }
        Ok(Value::Object(obj.into()))
    }

    /// One attribute of a managed resource instance, as its whole object
    /// (`resource_instance_value`) holds it, without building the object:
    /// what `r[*].attr` reads of each instance. The configured arguments
    /// are read all the same (the same errors and cycles show), and given
    /// to the prior object, whose planned change compares them (read again,
    /// they were a third of a splat's cost). The caller has checked that
    /// the whole object holds `attr`.
    fn resource_instance_attr(
        &self,
        module: &ModuleInstance,
        r: &Resource,
        key: &InstanceKey,
        attr: &str,
    ) -> Result<Value, Diagnostics> {
        let rkey = r.key();
        let mut configured = Vec::with_capacity(r.attributes.len());
        for a in &r.attributes {
            configured.push(self.resource_attr(module, rkey, key, &a.name)?);
        }
        // The last of repeated names, as the object's map keeps it.
        if let Some(i) = r.attributes.iter().rposition(|a| a.name == attr) {
            let v = configured.swap_remove(i);
            return Ok(self.as_referenced(module, r, key, attr, v));
        }
        let at = self.prior_instance(r.addr().absolute(module.clone()).instance(key.clone()));
        if r.blocks.is_empty() && at.has_record() {
            // What `resource_config_value` answers for this instance.
            let object = r
                .attributes
                .iter()
                .map(|a| a.name.clone())
                .zip(configured)
                .collect();
            at.set_configured(Value::Object(object));
        }
        Ok(self.computed_attr_at(r, &at, attr))
    }

    /// The schema of a managed resource's type when it lists every
    /// attribute (built in, or from `--schemas`; not one inferred from a
    /// configuration): its objects have exactly those.
    pub(super) fn exact_schema(
        &self,
        r: &Resource,
    ) -> Option<std::sync::Arc<crate::providers::schema::Block>> {
        if r.mode != ResourceMode::Managed {
            return None;
        }
        crate::providers::schema::Schemas::resource(self.schemas(), &r.type_name)
            .filter(|s| !s.inferred)
    }

    /// The attribute names the configuration reads on a resource of this
    /// module (see `Run::read_attrs`).
    fn read_attrs_of(&self, module: &ModuleInstance, rkey: &str) -> Option<&BTreeSet<String>> {
        self.read_attrs
            .get(&(static_path(module), rkey.to_string()))
    }

    /// A resource's value in a module instance, as a whole-object reference
    /// reads it: an object, a tuple of them (`count`) or an object of them
    /// by key (`for_each`). Built once per module instance and shared.
    pub(super) fn resource_value(
        &self,
        module: &ModuleInstance,
        r: &Resource,
    ) -> Result<Value, Diagnostics> {
        let rkey = r.key();
        let view = Lookup::new(module, VertexRef::ResourceValue(rkey));
        if let Some(v) = self.resource_values.borrow().get(&view) {
            // Built from every instance's computed attributes: the prior.
            self.prior.mark_unrepeatable();
            return Ok(v.clone());
        }
        let exp = self.resource_expansion(module, rkey)?;
        let extra = self.read_attrs_of(module, rkey);
        let v = match &exp {
            Expansion::Single => {
                self.resource_instance_value(module, r, &InstanceKey::NoKey, extra)?
            }
            Expansion::Count(_) => Value::Tuple(
                exp.keys()
                    .iter()
                    .map(|k| self.resource_instance_value(module, r, k, extra))
                    .collect::<Result<_, _>>()?,
            ),
            Expansion::ForEach(m) => Value::Object(
                m.keys()
                    .map(|k| {
                        let key = InstanceKey::Str(k.clone());
                        Ok((
                            k.clone(),
                            self.resource_instance_value(module, r, &key, extra)?,
                        ))
                    })
                    .collect::<Result<_, Diagnostics>>()?,
            ),
        };
        self.resource_values
            .borrow_mut()
            .insert(view.key(), v.clone());
        Ok(v)
    }

    /// `r[*].attr`: the attribute of each instance as a tuple, as the splat reads it
    /// from the whole value, without building the other computed
    /// attributes of every instance. None where the splat of the whole
    /// value is not a list of the instances' attributes (`for_each`, whose
    /// value is an object), or where the whole object would not hold the
    /// attribute (its error comes from the usual path).
    pub(super) fn resource_attr_of_each(
        &self,
        module: &ModuleInstance,
        r: &Resource,
        attr: &str,
    ) -> Option<Result<Value, Diagnostics>> {
        let rkey = r.key();
        let view = Lookup::new(module, VertexRef::ResourceValueAttr(rkey, attr));
        if let Some(v) = self.resource_values.borrow().get(&view) {
            // A configured attribute too, conservatively: rarely splatted.
            self.prior.mark_unrepeatable();
            return Some(Ok(v.clone()));
        }
        let extra = self.read_attrs_of(module, rkey);
        let held = match self.exact_schema(r) {
            Some(s) => s.has(attr),
            None => {
                attr == "id"
                    || r.attributes.iter().any(|a| a.name == attr)
                    || self.any_attrs.contains(attr)
                    || extra.is_some_and(|e| e.contains(attr))
            }
        };
        if !held || r.mode != ResourceMode::Managed {
            return None;
        }
        let exp = match self.resource_expansion(module, rkey) {
            Ok(e) => e,
            Err(d) => return Some(Err(d)),
        };
        if let Expansion::ForEach(_) = exp {
            return None;
        }
        let items = exp
            .keys()
            .iter()
            .map(|k| self.resource_instance_attr(module, r, k, attr))
            .collect::<Result<Vec<_>, _>>();
        let v = match items {
            Ok(items) => Value::Tuple(items.into()),
            Err(d) => return Some(Err(d)),
        };
        self.resource_values
            .borrow_mut()
            .insert(view.key(), v.clone());
        Some(Ok(v))
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
        let iterator = dynamic_iterator(&c, &label)?;
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
                    let it =
                        Value::Object([("key".to_string(), k), ("value".to_string(), v)].into());
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

/// The name a `dynamic` block's iterator is bound to: its `iterator`
/// argument, else the block's label.
fn dynamic_iterator(c: &crate::syntax::body::Content, label: &str) -> Result<String, Diagnostics> {
    Ok(match c.attr("iterator") {
        Some(a) => match a.static_expr()?.kind {
            ExprKind::Variable(n) => n,
            _ => label.to_string(),
        },
        None => label.to_string(),
    })
}

fn block_object(ev: &Eval, body: &crate::syntax::body::Body) -> Result<Value, Diagnostics> {
    let c = body.content(&[("dynamic", 1)])?;
    let mut obj = SortedMap::new();
    for a in &c.attributes {
        obj.insert(a.name.clone(), ev.expr(&a.expr)?);
    }
    let mut nested: BTreeMap<String, Vec<Value>> = BTreeMap::new();
    for b in &c.blocks {
        collect_block(ev, b, &mut nested)?;
    }
    for (kind, items) in nested {
        obj.insert(kind, Value::Tuple(items.into()));
    }
    Ok(Value::Object(obj.into()))
}

/// The type a nested block writes: its own, or a `dynamic` block's label.
fn block_type(b: &crate::syntax::body::Block) -> &str {
    match b.kind.as_str() {
        "dynamic" => b.labels.first().map_or("", String::as_str),
        kind => kind,
    }
}

/// Evaluates a data source's nested blocks as its read returns them (see
/// [`Run::data_source_blocks`]).
struct ReadBlocks<'a> {
    /// Every attribute name read anywhere: what an unrecorded block answers.
    names: &'a BTreeSet<String>,
}

impl ReadBlocks<'_> {
    /// The blocks of type `kind` among `blocks`, as a tuple of objects;
    /// `record` is the state's value of that block type, `unknown` what it
    /// is when nothing is known.
    fn blocks(
        &self,
        ev: &Eval,
        blocks: &[crate::syntax::body::Block],
        kind: &str,
        record: Option<&Value>,
        unknown: &Value,
    ) -> Result<Value, Diagnostics> {
        // A `dynamic` block's content is read out of its body: owned.
        let mut bodies: Vec<(Eval, std::borrow::Cow<crate::syntax::body::Body>)> = Vec::new();
        for b in blocks.iter().filter(|b| block_type(b) == kind) {
            if b.kind != "dynamic" {
                bodies.push((
                    ev.with_symbols(Vec::new()),
                    std::borrow::Cow::Borrowed(&b.body),
                ));
                continue;
            }
            let c = b.body.content(&[("content", 0)])?;
            let iterator = dynamic_iterator(&c, kind)?;
            let (Some(fe), Some(content)) = (c.attr("for_each"), c.blocks_of("content").next())
            else {
                continue;
            };
            let coll = ev.expr(&fe.expr)?;
            let Some(pairs) = crate::lang::eval::iterate(&coll) else {
                return Ok(unknown.clone());
            };
            for (k, v) in pairs {
                let it = Value::Object([("key".to_string(), k), ("value".to_string(), v)].into());
                let inner = ev.with_symbols(vec![(iterator.clone(), it)]);
                bodies.push((inner, std::borrow::Cow::Owned(content.body.clone())));
            }
        }
        let range = crate::diagnostics::SourceRange::file_only("");
        let items = bodies
            .iter()
            .enumerate()
            .map(|(i, (ev, body))| {
                let index = Value::int(i as i64);
                let record = record
                    .and_then(|r| crate::lang::eval::index(r.clone(), &index, &range).ok())
                    .filter(|r| r.as_mapping().is_some());
                let unknown = Value::Unknown(
                    Type::Dynamic,
                    Origin::derived(Op::Index, vec![unknown.clone(), index]),
                );
                self.object(ev, body, record.as_ref(), &unknown)
            })
            .collect::<Result<_, Diagnostics>>()?;
        Ok(Value::Tuple(items))
    }

    /// One block: what it sets (null is no argument: the provider may
    /// compute it), its nested blocks, and the rest from the record.
    fn object(
        &self,
        ev: &Eval,
        body: &crate::syntax::body::Body,
        record: Option<&Value>,
        unknown: &Value,
    ) -> Result<Value, Diagnostics> {
        let c = body.content(&[("dynamic", 1)])?;
        let recorded = record.and_then(Value::as_mapping);
        let mut obj = SortedMap::new();
        for a in &c.attributes {
            let v = ev.expr(&a.expr)?;
            if !v.is_null() {
                obj.insert(a.name.clone(), v);
            }
        }
        let kinds: BTreeSet<&str> = c.blocks.iter().map(block_type).collect();
        for kind in kinds {
            let record = recorded.and_then(|m| m.get(kind));
            let unknown = Value::Unknown(
                Type::Dynamic,
                Origin::derived(Op::GetAttr(kind.to_string()), vec![unknown.clone()]),
            );
            let v = self.blocks(ev, &c.blocks, kind, record, &unknown)?;
            obj.insert(kind.to_string(), v);
        }
        match recorded {
            Some(m) => {
                for (name, v) in m.iter() {
                    if !obj.contains_key(name) {
                        obj.insert(name.clone(), v.clone());
                    }
                }
            }
            None => {
                for name in self.names {
                    if !obj.contains_key(name) {
                        let origin =
                            Origin::derived(Op::GetAttr(name.clone()), vec![unknown.clone()]);
                        obj.insert(name.clone(), Value::Unknown(Type::Dynamic, origin));
                    }
                }
            }
        }
        Ok(Value::Object(obj.into()))
    }
}

/// Records, per resource, the attribute names read on it anywhere in the
/// tree (`aws_subnet.a[*].arn`, `aws_subnet.a["k"].arn`, `aws_vpc.v.id`).
pub(super) fn collect_read_attrs(
    config: &Config,
    out: &mut HashMap<(Vec<String>, String), BTreeSet<String>>,
) {
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

pub(super) fn all_attribute_names(config: &Config) -> BTreeSet<String> {
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
        // Nested and `dynamic` blocks read attributes too.
        r.blocks.iter().for_each(|b| walk_body(&b.body, f));
    }
}

/// Every expression of a body and of the blocks nested in it. A JSON body
/// is read without a schema: every property as an attribute, whose
/// expression holds what its nested blocks would.
fn walk_body(body: &crate::syntax::body::Body, f: &mut dyn FnMut(&Expr)) {
    match body {
        crate::syntax::body::Body::Native {
            attributes, blocks, ..
        } => {
            attributes.iter().for_each(|a| a.expr.walk(f));
            blocks.iter().for_each(|b| walk_body(&b.body, f));
        }
        crate::syntax::body::Body::Json { .. } => {
            if let Ok(c) = body.content(&[]) {
                c.attributes.iter().for_each(|a| a.expr.walk(f));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::addrs::{AbsResourceInstance, ModuleInstance};
    use crate::instances::RunOptions;
    use crate::instances::testing::{load, run};
    use crate::lang::value::Value;

    /// A data source's nested blocks are what its configuration writes:
    /// each block's set arguments, the rest from the state's record of the
    /// block at that index (unknown without one), and wholly unknown when a
    /// `dynamic` block's collection is.
    #[test]
    fn a_data_source_block_is_configured_and_reads_the_rest() {
        let (_dir, config) = load(&[(
            "main.tf",
            r#"
variable "later" {
  type    = list(string)
  default = null
}
data "aws_iam_policy_document" "p" {
  statement {
    actions = ["s3:GetObject"]
  }
  statement {
    actions = ["s3:PutObject"]
  }
}
data "aws_iam_policy_document" "u" {
  dynamic "statement" {
    for_each = var.later == null ? [] : var.later
    content {
      actions = [statement.value]
    }
  }
}
resource "terraform_data" "t" {
  input = ["s3:GetObject"]
}
data "aws_iam_policy_document" "w" {
  dynamic "statement" {
    for_each = terraform_data.t.output
    content {
      actions = [statement.value]
    }
  }
}
output "sids" {
  value = data.aws_iam_policy_document.p.statement[*].sid
}
"#,
        )]);
        let state = crate::state::State::from_json(
            r#"{"version": 4, "terraform_version": "1.11.4", "serial": 1, "lineage": "l",
              "outputs": {}, "resources": [{"mode": "data", "type": "aws_iam_policy_document",
              "name": "p", "provider": "provider[\"registry.terraform.io/hashicorp/aws\"]",
              "instances": [{"schema_version": 0, "attributes": {"id": "1", "json": "{}",
                "statement": [{"actions": ["s3:ListBucket"], "sid": "First"}]}}]}]}"#,
        )
        .unwrap();
        let root = ModuleInstance::default();
        let key = crate::addrs::InstanceKey::NoKey;
        let p = "data.aws_iam_policy_document.p";
        for recorded in [false, true] {
            let mut run = run(&config, RunOptions::default());
            if recorded {
                run = run.with_prior_state(&state);
            }
            let statement = run.resource_attr(&root, p, &key, "statement").unwrap();
            let Value::Tuple(items) = &statement else {
                panic!("{statement:?}")
            };
            assert_eq!(items.len(), 2);
            let attr = |i: usize, name: &str| items[i].as_mapping().unwrap()[name].clone();
            // The configuration's actions, not the record's.
            assert_eq!(
                attr(0, "actions"),
                Value::Tuple(vec![Value::string("s3:GetObject")].into())
            );
            assert_eq!(
                attr(1, "actions"),
                Value::Tuple(vec![Value::string("s3:PutObject")].into())
            );
            let sids = run.output(&root, "sids").unwrap();
            let Value::Tuple(sids) = sids else {
                panic!("{sids:?}")
            };
            match recorded {
                // The record has the first block only.
                true => {
                    assert_eq!(sids[0], Value::string("First"));
                    assert!(sids[1].is_unknown());
                }
                false => assert!(sids.iter().all(Value::is_unknown)),
            }
        }
        // `var.later` is null: no block, a known empty tuple.
        let run = run(&config, RunOptions::default());
        let u = "data.aws_iam_policy_document.u";
        assert_eq!(
            run.resource_attr(&root, u, &key, "statement").unwrap(),
            Value::Tuple(Vec::new().into())
        );
        // Over what only apply knows: how many blocks is unknown too.
        let w = "data.aws_iam_policy_document.w";
        assert!(
            run.resource_attr(&root, w, &key, "statement")
                .unwrap()
                .is_unknown()
        );
    }

    /// An error in a data source's arguments fails the run, as terraform's
    /// plan fails: they are evaluated although nothing reads them.
    #[test]
    fn a_data_source_argument_that_fails_fails_the_run() {
        let (_dir, config) = load(&[(
            "main.tf",
            "data \"aws_region\" \"current\" {\n  region = local.missing\n}\n",
        )]);
        let run = run(&config, RunOptions::default());
        let err = run.check_all().unwrap_err();
        let (summary, _) = crate::instances::testing::console_said("errors", "local.nope");
        assert_eq!(err.0[0].summary, summary);
    }

    /// The configured object a plan compares: attributes with each
    /// instance's `each`, nested and `dynamic` blocks as tuples of objects.
    #[test]
    fn the_configured_object_holds_attributes_and_blocks() {
        let (_dir, config) = load(&[(
            "main.tf",
            r#"
resource "aws_thing" "t" {
  for_each = { a = ["x", "y"] }
  name     = each.key
  rule {
    port = 1
  }
  dynamic "tag" {
    for_each = each.value
    content {
      value = tag.value
    }
  }
}
"#,
        )]);
        let run = run(&config, RunOptions::default());
        let addr = AbsResourceInstance::parse("aws_thing.t[\"a\"]").unwrap();
        let got = run.resource_config_value(&addr).unwrap();
        let obj = |pairs: &[(&str, Value)]| {
            Value::Object(
                pairs
                    .iter()
                    .map(|(k, v)| (k.to_string(), v.clone()))
                    .collect(),
            )
        };
        let want = obj(&[
            ("name", Value::string("a")),
            (
                "rule",
                Value::Tuple(vec![obj(&[("port", Value::int(1))])].into()),
            ),
            (
                "tag",
                Value::Tuple(
                    vec![
                        obj(&[("value", Value::string("x"))]),
                        obj(&[("value", Value::string("y"))]),
                    ]
                    .into(),
                ),
            ),
        ]);
        assert_eq!(got, want);
        // A whole-object reference answers every attribute read anywhere,
        // unknown until apply.
        let root = ModuleInstance::default();
        let (_, r) = config.module.resources.iter().next().unwrap();
        let key = crate::addrs::InstanceKey::Str("a".into());
        let extra = run.read_attrs_of(&root, r.key());
        let whole = run.resource_instance_value(&root, r, &key, extra).unwrap();
        let whole = whole.as_mapping().unwrap();
        assert_eq!(whole["name"], Value::string("a"));
        assert!(whole["id"].is_unknown());
    }

    /// A new object's configured nested block reads as configured, through
    /// the block and through the whole object (terraform's planned object
    /// takes it from the configuration); a computed attribute stays
    /// unknown, and a recorded object keeps its record.
    #[test]
    fn a_created_objects_configured_block_is_known() {
        let (_dir, config) = load(&[(
            "main.tf",
            r#"
resource "aws_thing" "t" {
  rule {
    port = 1
  }
}
output "port" {
  value = aws_thing.t.rule[0].port
}
output "whole" {
  value = aws_thing.t
}
"#,
        )]);
        let root = ModuleInstance::default();
        let run = run(&config, RunOptions::default());
        assert_eq!(run.output(&root, "port").unwrap(), Value::int(1));
        let whole = run.output(&root, "whole").unwrap();
        let whole = whole.as_mapping().unwrap();
        let rule =
            Value::Tuple(vec![Value::Object([("port".to_string(), Value::int(1))].into())].into());
        assert_eq!(whole["rule"], rule);
        assert!(whole["id"].is_unknown());
        let state = crate::state::State::from_json(
            r#"{"version":4,"terraform_version":"1.11.4","serial":1,"lineage":"l","outputs":{},"resources":[{"mode":"managed","type":"aws_thing","name":"t","provider":"provider[\"registry.terraform.io/hashicorp/aws\"]","instances":[{"schema_version":0,"attributes":{"id":"x","rule":[{"port":2}]},"sensitive_attributes":[]}]}]}"#,
        )
        .unwrap();
        let run = run_with(&config, &state);
        assert_ne!(run.output(&root, "port").unwrap(), Value::int(1));
    }

    /// A provider schema for `x_thing`: `plain` optional, `both` optional
    /// and computed, `id` computed, a list block `rule` and a single block
    /// `one`.
    fn x_thing_schemas() -> std::sync::Arc<crate::providers::schema::Schemas> {
        let schemas = crate::providers::schema::Schemas::parse(
            r#"{"provider_schemas": {"registry.terraform.io/hashicorp/x": {"resource_schemas": {
              "x_thing": {"version": 0, "block": {
                "attributes": {
                  "id": {"type": "string", "computed": true},
                  "plain": {"type": "string", "optional": true},
                  "both": {"type": "string", "optional": true, "computed": true},
                  "added": {"type": "string", "optional": true}},
                "block_types": {
                  "rule": {"nesting_mode": "list", "block": {"attributes": {}}},
                  "one": {"nesting_mode": "single", "block": {"attributes": {}}}}}}}}}}"#,
        )
        .unwrap();
        std::sync::Arc::new(schemas)
    }

    /// With a schema, a created object's argument configured as null is
    /// null where the provider does not compute it (terraform holds a
    /// non-computed attribute's plan to the configuration) and unknown
    /// where it may; an object the plan keeps has its recorded value for
    /// the latter. Without a schema, both are unknown.
    #[test]
    fn a_null_argument_is_null_unless_the_provider_computes_it() {
        let (_dir, config) = load(&[(
            "main.tf",
            r#"
variable "n" {
  type    = string
  default = null
}
resource "x_thing" "t" {
  plain = var.n
  both  = var.n
}
output "plain" {
  value = x_thing.t.plain
}
output "whole" {
  value = x_thing.t
}
"#,
        )]);
        let root = ModuleInstance::default();
        let with_schema = RunOptions {
            schemas: Some(x_thing_schemas()),
            ..RunOptions::default()
        };
        let created = run(&config, with_schema.clone());
        assert!(created.output(&root, "plain").unwrap().is_null());
        let whole = created.output(&root, "whole").unwrap();
        let whole = whole.as_mapping().unwrap();
        assert!(whole["plain"].is_null());
        assert!(whole["both"].is_unknown());
        let state = crate::state::State::from_json(
            r#"{"version":4,"terraform_version":"1.11.4","serial":1,"lineage":"l","outputs":{},"resources":[{"mode":"managed","type":"x_thing","name":"t","provider":"provider[\"registry.terraform.io/hashicorp/x\"]","instances":[{"schema_version":0,"attributes":{"id":"x","plain":null,"both":"kept","added":null,"rule":[],"one":null},"sensitive_attributes":[]}]}]}"#,
        )
        .unwrap();
        let kept = run(&config, with_schema).with_prior_state(&state);
        let whole = kept.output(&root, "whole").unwrap();
        assert_eq!(whole.as_mapping().unwrap()["both"], Value::string("kept"));
        let cautious = run(&config, RunOptions::default());
        assert!(cautious.output(&root, "plain").unwrap().is_unknown());
    }

    /// A recorded object lacking what the schema has gained reads it as
    /// terraform's upgraded object has it: an attribute null, a list block
    /// empty, a single block null. Without a schema it stays unknown.
    #[test]
    fn a_recorded_object_is_upgraded_to_the_schema() {
        let (_dir, config) = load(&[(
            "main.tf",
            r#"
resource "x_thing" "t" {
  plain = "p"
}
output "added" {
  value = x_thing.t.added
}
output "whole" {
  value = x_thing.t
}
"#,
        )]);
        let state = crate::state::State::from_json(
            r#"{"version":4,"terraform_version":"1.11.4","serial":1,"lineage":"l","outputs":{},"resources":[{"mode":"managed","type":"x_thing","name":"t","provider":"provider[\"registry.terraform.io/hashicorp/x\"]","instances":[{"schema_version":0,"attributes":{"id":"x","plain":"p","both":"b"},"sensitive_attributes":[]}]}]}"#,
        )
        .unwrap();
        let root = ModuleInstance::default();
        let opts = RunOptions {
            schemas: Some(x_thing_schemas()),
            ..RunOptions::default()
        };
        let upgraded = run(&config, opts).with_prior_state(&state);
        assert!(upgraded.output(&root, "added").unwrap().is_null());
        let whole = upgraded.output(&root, "whole").unwrap();
        let whole = whole.as_mapping().unwrap();
        assert_eq!(whole["rule"], Value::Tuple(Vec::new().into()));
        assert!(whole["one"].is_null());
        assert_eq!(whole["id"], Value::string("x"));
        let cautious = run(&config, RunOptions::default()).with_prior_state(&state);
        assert!(cautious.output(&root, "added").unwrap().is_unknown());
    }

    fn run_with<'c>(
        config: &'c crate::config::Config,
        state: &'c crate::state::State,
    ) -> crate::instances::Run<'c> {
        run(config, RunOptions::default()).with_prior_state(state)
    }

    /// Three counted servers; `lb` and the outputs read their ids and
    /// outputs through a splat and through a `for` over the whole value.
    const SERVERS: &str = r#"
resource "terraform_data" "server" {
  count = 3
  input = "s${count.index}"
}
resource "terraform_data" "lb" {
  input = terraform_data.server[*].id
}
output "splat_id" {
  value = terraform_data.server[*].id
}
output "whole_id" {
  value = [for s in terraform_data.server : s.id]
}
output "splat_output" {
  value = terraform_data.server[*].output
}
output "whole_output" {
  value = [for s in terraform_data.server : s.output]
}
"#;

    /// What terraform records after applying SERVERS, but server 1 was
    /// applied with another input (the plan updates it) and server 2 with
    /// `triggers_replace` (the plan replaces it).
    fn servers_state() -> crate::state::State {
        let instance = |i: usize, input: &str, triggers: &str| {
            format!(
                r#"{{"index_key":{i},"schema_version":0,"attributes":{{"id":"id-{i}","input":{{"value":"{input}","type":"string"}},"output":{{"value":"{input}","type":"string"}},"triggers_replace":{triggers}}},"sensitive_attributes":[]}}"#
            )
        };
        let text = format!(
            r#"{{"version":4,"terraform_version":"1.11.4","serial":1,"lineage":"l","outputs":{{}},"resources":[{{"mode":"managed","type":"terraform_data","name":"server","provider":"provider[\"terraform.io/builtin/terraform\"]","instances":[{},{},{}]}}]}}"#,
            instance(0, "s0", "null"),
            instance(1, "old", "null"),
            instance(2, "s2", r#"{"value":"x","type":"string"}"#)
        );
        crate::state::State::from_json(&text).unwrap()
    }

    /// `server[*].id` builds only the ids, and reads what the splat of the
    /// whole value reads: with and without a prior state, with and without
    /// origins; a prior object the plan changes is seen (its `output` is
    /// unknown, the others' are recorded), and one it replaces (its `id`
    /// too: the splat gives its planned change the configured values it
    /// read instead of reading them again).
    #[test]
    fn a_splat_of_one_attribute_reads_what_the_whole_value_gives() {
        let (_dir, config) = load(&[("main.tf", SERVERS)]);
        let root = ModuleInstance::default();
        let state = servers_state();
        for track_origins in [false, true] {
            for prior in [None, Some(&state)] {
                let opts = RunOptions {
                    track_origins,
                    ..RunOptions::default()
                };
                let mut run = run(&config, opts);
                if let Some(s) = prior {
                    run = run.with_prior_state(s);
                }
                for attr in ["id", "output"] {
                    let splat = run.output(&root, &format!("splat_{attr}")).unwrap();
                    let whole = run.output(&root, &format!("whole_{attr}")).unwrap();
                    assert_eq!(splat, whole, "{attr} {track_origins} {prior:?}");
                }
                let Value::Tuple(outputs) = run.output(&root, "splat_output").unwrap() else {
                    panic!("a tuple")
                };
                let Value::Tuple(ids) = run.output(&root, "splat_id").unwrap() else {
                    panic!("a tuple")
                };
                match prior {
                    None => assert!(ids.iter().chain(outputs.iter()).all(Value::is_unknown)),
                    Some(_) => {
                        let want: Vec<Value> =
                            (0..2).map(|i| Value::string(format!("id-{i}"))).collect();
                        assert_eq!(ids[..2], want);
                        assert!(ids[2].is_unknown());
                        assert_eq!(outputs[0], Value::string("s0"));
                        assert!(outputs[1].is_unknown());
                        assert!(outputs[2].is_unknown());
                    }
                }
            }
        }
    }

    /// Without a schema, a resource's object holds every attribute the
    /// configuration reads on it, in a nested or `dynamic` block as
    /// anywhere else: a splat or `for` over a resource created by the plan
    /// reads it as unknown (terraform's provider schema lists it).
    #[test]
    fn attributes_read_in_nested_blocks_are_the_objects_too() {
        let (_dir, config) = load(&[(
            "main.tf",
            r#"
resource "x_thing" "a" {
  count = 1
  name  = "n"
}
resource "x_other" "c" {
  nested {
    splat = join(",", x_thing.a[*].endpoint)
    inner {
      each = [for t in x_thing.a : t.address]
    }
  }
  dynamic "rule" {
    for_each = [1]
    content {
      legacy = x_thing.a.*.port
    }
  }
}
output "o" {
  value = x_thing.a[0]
}
"#,
        )]);
        let run = run(&config, RunOptions::default());
        let Value::Object(o) = run.output(&ModuleInstance::default(), "o").unwrap() else {
            panic!("an object")
        };
        for name in ["endpoint", "address", "port"] {
            assert!(o.get(name).is_some_and(Value::is_unknown), "{name}: {o:?}");
        }
        let addr = AbsResourceInstance::parse("x_other.c").unwrap();
        run.resource_config_value(&addr).unwrap();
    }

    /// A resource's whole value is built once per module instance, and is
    /// what its instances' objects make.
    #[test]
    fn a_resource_value_is_built_once_per_module_instance() {
        let (_dir, config) = load(&[("main.tf", SERVERS)]);
        let root = ModuleInstance::default();
        let state = servers_state();
        let run = run(&config, RunOptions::default()).with_prior_state(&state);
        let r = &config.module.resources["terraform_data.server"];
        let first = run.resource_value(&root, r).unwrap();
        assert_eq!(run.resource_values.borrow().len(), 1);
        let second = run.resource_value(&root, r).unwrap();
        assert_eq!(run.resource_values.borrow().len(), 1);
        assert_eq!(first, second);
        let objects: Vec<Value> = (0..3)
            .map(|i| {
                let key = crate::addrs::InstanceKey::Int(i);
                let extra = run.read_attrs_of(&root, r.key());
                run.resource_instance_value(&root, r, &key, extra).unwrap()
            })
            .collect();
        assert_eq!(first, Value::Tuple(objects.into()));
        let Value::Tuple(items) = &first else {
            panic!("a tuple")
        };
        assert_eq!(items[1].as_mapping().unwrap()["id"], Value::string("id-1"));
        assert!(items[1].as_mapping().unwrap()["output"].is_unknown());
    }
}
