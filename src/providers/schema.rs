//! Provider schemas, and the comparison rule that follows them.
//!
//! A schema says which attributes of a resource type are required,
//! optional, computed or both, which are sensitive, and which names are
//! nested blocks with which nesting. minimod reads it from the output of
//! `terraform providers schema -json` (`--schemas FILE`), and always knows
//! the built-in `terraform_data` (and hashicorp/null's `null_resource`).
//! Without one, a schema is inferred from the configuration: every
//! argument it sets is optional-and-computed (the provider may own it) and
//! its blocks have an unknown nesting.
//!
//! The comparison rule (ARCHITECTURE.md): [`compared_view`] picks what of
//! an object is compared, [`changed_arguments`] compares a configuration
//! with a recorded object, and refactor pairing signs the same view.

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};
use std::path::Path;
use std::sync::Arc;

use serde_json::Value as Json;

use crate::diagnostics::Diagnostic;
use crate::lang::sorted_map::SortedMap;
use crate::lang::value::{Type, Value};

/// How a nested block type repeats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Nesting {
    Single,
    Group,
    List,
    Set,
    Map,
    /// Inferred from a configuration: the order of the blocks is not
    /// compared, since a provider may store a set in its own order.
    Unknown,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Attribute {
    pub required: bool,
    pub optional: bool,
    pub computed: bool,
    pub sensitive: bool,
    /// `dynamic` in the schema: the value keeps the type it was given, so
    /// it compares with its type (`80` is not `"80"`), as terraform does.
    pub dynamic: bool,
}

impl Attribute {
    /// What an argument of an inferred schema is: set or not, the
    /// provider may compute it.
    const INFERRED: Attribute = Attribute {
        required: false,
        optional: true,
        computed: true,
        sensitive: false,
        dynamic: false,
    };

    /// Whether only the provider sets it.
    pub fn computed_only(&self) -> bool {
        self.computed && !self.optional && !self.required
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct NestedBlock {
    pub nesting: Nesting,
    pub block: Block,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Block {
    pub attributes: BTreeMap<String, Attribute>,
    pub block_types: BTreeMap<String, NestedBlock>,
    /// Inferred from a configuration: names it does not list are
    /// optional-and-computed attributes.
    pub inferred: bool,
}

impl Block {
    /// The names an object of this schema has: its attributes, then its
    /// nested block types.
    pub fn names(&self) -> impl Iterator<Item = &String> {
        self.attributes.keys().chain(self.block_types.keys())
    }

    /// Whether an object of this schema has `name` (an attribute or a
    /// nested block type).
    pub fn has(&self, name: &str) -> bool {
        self.attributes.contains_key(name) || self.block_types.contains_key(name)
    }

    /// What a recorded object that lacks `name` holds for it once upgraded
    /// to this schema (terraform decodes the state with the current schema
    /// before planning): an attribute is null, a nested block type what an
    /// empty configuration makes of it (no blocks of a repeated type, a
    /// group's object of nulls, a single block null). None where the
    /// schema has no such name or is inferred (it cannot say).
    pub fn upgraded_absent(&self, name: &str) -> Option<Value> {
        if self.inferred {
            return None;
        }
        if self.attributes.contains_key(name) {
            return Some(Value::null());
        }
        let nb = self.block_types.get(name)?;
        Some(match nb.nesting {
            Nesting::Single | Nesting::Unknown => Value::null(),
            Nesting::Group => Value::Object(
                nb.block
                    .names()
                    .filter_map(|n| Some((n.clone(), nb.block.upgraded_absent(n)?)))
                    .collect(),
            ),
            Nesting::List | Nesting::Set => Value::Tuple(Vec::new().into()),
            Nesting::Map => Value::Object(Default::default()),
        })
    }

    /// The attribute `name` as the rule treats it, if the schema has it.
    fn attribute(&self, name: &str) -> Option<&Attribute> {
        match self.attributes.get(name) {
            Some(a) => Some(a),
            None if self.inferred => Some(&Attribute::INFERRED),
            None => None,
        }
    }

    /// A schema for a resource configured with `blocks`, when no provider
    /// schema is known: only the names of its nested blocks (`dynamic`
    /// ones by their label) come from the configuration.
    pub fn inferred(blocks: &[crate::syntax::body::Block]) -> Block {
        let mut out = Block {
            inferred: true,
            ..Block::default()
        };
        for b in blocks {
            let (name, body) = if b.kind == "dynamic" {
                let label = b.labels.first().cloned().unwrap_or_default();
                let content = b
                    .body
                    .content(&[("content", 0)])
                    .ok()
                    .and_then(|c| c.blocks_of("content").next().map(|c| c.body.clone()));
                match content {
                    Some(body) => (label, body),
                    None => continue,
                }
            } else {
                (b.kind.clone(), b.body.clone())
            };
            let nested = body
                .content(&[("dynamic", 1)])
                .map(|c| Block::inferred(&c.blocks))
                .unwrap_or_else(|_| Block {
                    inferred: true,
                    ..Block::default()
                });
            out.block_types.entry(name).or_insert(NestedBlock {
                nesting: Nesting::Unknown,
                block: nested,
            });
        }
        out
    }

    /// Marks the sensitive attributes of an object of this schema, so
    /// they are never shown.
    pub fn mark_sensitive(&self, v: Value) -> Value {
        // Nothing to mark: the value as it is, not rebuilt.
        if !self.has_sensitive() {
            return v;
        }
        let (inner, marked) = v.into_unmarked();
        let out = match inner {
            Value::Object(m) => Value::Object(
                m.into_iter()
                    .map(|(k, v)| {
                        let v = match (self.attributes.get(&k), self.block_types.get(&k)) {
                            (Some(a), _) if a.sensitive => v.mark(),
                            (_, Some(nb)) => nb.mark_sensitive(v),
                            _ => v,
                        };
                        (k, v)
                    })
                    .collect(),
            ),
            other => other,
        };
        out.mark_if(marked)
    }

    fn has_sensitive(&self) -> bool {
        self.attributes.values().any(|a| a.sensitive)
            || self.block_types.values().any(|b| b.block.has_sensitive())
    }
}

impl NestedBlock {
    fn mark_sensitive(&self, v: Value) -> Value {
        if !self.block.has_sensitive() {
            return v;
        }
        let (inner, marked) = v.into_unmarked();
        let out = match inner {
            Value::Tuple(items) => Value::Tuple(
                items
                    .into_iter()
                    .map(|i| self.block.mark_sensitive(i))
                    .collect(),
            ),
            Value::List(t, items) => Value::List(
                t,
                items
                    .into_iter()
                    .map(|i| self.block.mark_sensitive(i))
                    .collect(),
            ),
            // A set cannot hold marked elements: the whole set is.
            Value::Set(t, items) => Value::Set(t, items).mark(),
            Value::Map(t, m) => Value::Map(
                t,
                m.into_iter()
                    .map(|(k, i)| (k, self.block.mark_sensitive(i)))
                    .collect(),
            ),
            obj @ Value::Object(_) if matches!(self.nesting, Nesting::Single | Nesting::Group) => {
                self.block.mark_sensitive(obj)
            }
            other => other,
        };
        out.mark_if(marked)
    }
}

/// The schemas of managed resource and data source types, by type name.
#[derive(Debug, Default)]
pub struct Schemas {
    resources: HashMap<String, Arc<Block>>,
    data_sources: HashMap<String, Arc<Block>>,
}

/// The built-in types minimod knows exactly, whatever `--schemas` says.
fn builtin(type_name: &str) -> Option<Block> {
    let attr = |optional: bool, computed: bool, dynamic: bool| Attribute {
        optional,
        computed,
        dynamic,
        ..Attribute::default()
    };
    let attributes: Vec<(&str, Attribute)> = match type_name {
        // terraform's internal/builtin/providers/terraform/resource_data.go
        "terraform_data" => vec![
            ("id", attr(false, true, false)),
            ("input", attr(true, false, true)),
            ("output", attr(false, true, true)),
            ("triggers_replace", attr(true, false, true)),
        ],
        // hashicorp/null's resource: `triggers` is a map(string).
        "null_resource" => vec![
            ("id", attr(false, true, false)),
            ("triggers", attr(true, false, false)),
        ],
        _ => return None,
    };
    Some(Block {
        attributes: attributes
            .into_iter()
            .map(|(k, a)| (k.to_string(), a))
            .collect(),
        ..Block::default()
    })
}

impl Schemas {
    /// Reads the output of `terraform providers schema -json`.
    pub fn load(path: &Path) -> Result<Schemas, Box<Diagnostic>> {
        Schemas::load_from(path, &crate::files::DISK)
    }

    /// `load`, reading from `files`.
    pub(crate) fn load_from(
        path: &Path,
        files: &crate::files::Files,
    ) -> Result<Schemas, Box<Diagnostic>> {
        let text = files.read_to_string(path).map_err(|e| {
            Diagnostic::error(
                "Failed to read provider schemas",
                format!("Cannot read {}: {e}.", path.display()),
            )
        })?;
        Schemas::parse(&text).map_err(|detail| {
            Diagnostic::error(
                "Invalid provider schemas",
                format!(
                    "{} is not the output of \"terraform providers schema -json\": {detail}.",
                    path.display()
                ),
            )
            .into()
        })
    }

    pub fn parse(text: &str) -> Result<Schemas, String> {
        let doc: Json = serde_json::from_str(text).map_err(|e| e.to_string())?;
        let providers = doc
            .get("provider_schemas")
            .and_then(Json::as_object)
            .ok_or("no \"provider_schemas\" object")?;
        let mut resources = HashMap::new();
        let mut data_sources = HashMap::new();
        for (provider, p) in providers {
            for (key, into) in [
                ("resource_schemas", &mut resources),
                ("data_source_schemas", &mut data_sources),
            ] {
                let Some(types) = p.get(key).and_then(Json::as_object) else {
                    continue;
                };
                for (type_name, s) in types {
                    let block = s
                        .get("block")
                        .ok_or_else(|| format!("{provider}: {type_name} has no \"block\""))?;
                    into.insert(type_name.clone(), Arc::new(parse_block(block)));
                }
            }
        }
        Ok(Schemas {
            resources,
            data_sources,
        })
    }

    /// The schema of a data source type, from the given file.
    pub fn data_source(schemas: Option<&Schemas>, type_name: &str) -> Option<Arc<Block>> {
        schemas.and_then(|s| s.data_sources.get(type_name).cloned())
    }

    /// The schema of a managed resource type: the built-in one, else the
    /// given file's.
    pub fn resource(schemas: Option<&Schemas>, type_name: &str) -> Option<Arc<Block>> {
        // Asked once per attribute of every instance: built once.
        static BUILTIN: std::sync::LazyLock<[(&str, Arc<Block>); 2]> =
            std::sync::LazyLock::new(|| {
                ["terraform_data", "null_resource"]
                    .map(|t| (t, Arc::new(builtin(t).unwrap_or_default())))
            });
        if let Some((_, b)) = BUILTIN.iter().find(|(t, _)| *t == type_name) {
            return Some(b.clone());
        }
        schemas.and_then(|s| s.resources.get(type_name).cloned())
    }

    pub fn len(&self) -> usize {
        self.resources.len()
    }

    pub fn is_empty(&self) -> bool {
        self.resources.is_empty()
    }
}

fn parse_block(j: &Json) -> Block {
    let flag = |a: &Json, k: &str| a.get(k).and_then(Json::as_bool).unwrap_or(false);
    let mut out = Block::default();
    for (name, a) in j
        .get("attributes")
        .and_then(Json::as_object)
        .into_iter()
        .flatten()
    {
        out.attributes.insert(
            name.clone(),
            Attribute {
                required: flag(a, "required"),
                optional: flag(a, "optional"),
                computed: flag(a, "computed"),
                sensitive: flag(a, "sensitive"),
                dynamic: a.get("type").and_then(Json::as_str) == Some("dynamic"),
            },
        );
    }
    for (name, b) in j
        .get("block_types")
        .and_then(Json::as_object)
        .into_iter()
        .flatten()
    {
        let nesting = match b.get("nesting_mode").and_then(Json::as_str) {
            Some("single") => Nesting::Single,
            Some("group") => Nesting::Group,
            Some("list") => Nesting::List,
            Some("set") => Nesting::Set,
            Some("map") => Nesting::Map,
            _ => Nesting::Unknown,
        };
        let block = b.get("block").map(parse_block).unwrap_or_default();
        out.block_types
            .insert(name.clone(), NestedBlock { nesting, block });
    }
    out
}

// ---- the comparison rule ----------------------------------------------------

/// What of `source` the rule compares, given the configuration that
/// decides it (`configured`, an object of arguments with each nested block
/// type as a tuple of objects):
/// - an attribute only the provider sets is never compared;
/// - an optional-and-computed one is compared only when configured to a
///   non-null value (otherwise the provider keeps its value); every
///   argument of an inferred schema is such;
/// - a required or optional one is always compared (unset is null);
/// - a nested block type is compared element by element, each projected
///   the same way (unset attributes inside a block are not differences);
///   an inferred one only when configured.
///
/// `source` is the configuration itself or a recorded object: comparing
/// the two views is the rule.
pub(crate) fn compared_view(
    block: &Block,
    configured: &Value,
    source: &Value,
) -> SortedMap<String, Value> {
    let src = source.as_mapping();
    compared_names(block, configured)
        .map(|(name, c, what)| {
            let s = src.and_then(|m| m.get(name));
            let v = match what {
                Compared::Attribute => s.cloned().unwrap_or_else(Value::null),
                Compared::Blocks(nb) => blocks_view(nb, c, s.unwrap_or(&NULL)),
            };
            (name.clone(), v)
        })
        .collect()
}

/// [`compared_view`], and (by position in it) the names whose configured
/// view (`compared_view(block, configured, configured)`) is not null:
/// what the configuration sets, by the rule. One walk of the names: the
/// pairing reads this of every destroyed and created object.
pub(crate) fn compared_view_and_set(
    block: &Block,
    configured: &Value,
    source: &Value,
) -> (SortedMap<String, Value>, SetMask) {
    let src = source.as_mapping();
    let mut values = Vec::new();
    let mut set = SetMask::default();
    for (name, c, what) in compared_names(block, configured) {
        let s = src.and_then(|m| m.get(name));
        let v = match what {
            Compared::Attribute => s.cloned().unwrap_or_else(Value::null),
            Compared::Blocks(nb) => blocks_view(nb, c, s.unwrap_or(&NULL)),
        };
        if is_set(c, what) {
            set.insert(values.len());
        }
        values.push((name.clone(), v));
    }
    // The names come sorted: collected without reordering, so the
    // positions stay those of the map.
    (values.into_iter().collect(), set)
}

/// Which entries of a compared view its configuration sets
/// ([`compared_view_and_set`]), a bit per position. A set of the names
/// cloned cost a B-tree node and a string per name at every object the
/// refactor pairs; a view has a handful of names, so the bits
/// fit one word, and only more than 64 of them take an allocation.
#[derive(Clone, Debug)]
pub enum SetMask {
    Word(u64),
    Words(Box<[u64]>),
}

impl Default for SetMask {
    fn default() -> Self {
        SetMask::Word(0)
    }
}

impl SetMask {
    /// Positions `0..len`.
    pub fn all(len: usize) -> SetMask {
        (0..len).collect()
    }

    fn words(&self) -> &[u64] {
        match self {
            SetMask::Word(w) => std::slice::from_ref(w),
            SetMask::Words(ws) => ws,
        }
    }

    pub fn contains(&self, position: usize) -> bool {
        self.words()
            .get(position / 64)
            .is_some_and(|w| w & (1 << (position % 64)) != 0)
    }

    pub fn insert(&mut self, position: usize) {
        let (word, bit) = (position / 64, 1 << (position % 64));
        match self {
            SetMask::Word(w) if word == 0 => *w |= bit,
            SetMask::Words(ws) if word < ws.len() => ws[word] |= bit,
            _ => {
                let mut ws = vec![0; word + 1];
                ws[..self.words().len()].copy_from_slice(self.words());
                ws[word] |= bit;
                *self = SetMask::Words(ws.into());
            }
        }
    }

    /// `position` not set (the entry there stays).
    pub fn clear(&mut self, position: usize) {
        let (word, bit) = (position / 64, 1u64 << (position % 64));
        match self {
            SetMask::Word(w) if word == 0 => *w &= !bit,
            SetMask::Words(ws) if word < ws.len() => ws[word] &= !bit,
            _ => {}
        }
    }

    /// The entry at `position` removed: the positions after it move down
    /// one, as the entries after it do.
    pub fn remove_position(&mut self, position: usize) {
        match self {
            SetMask::Word(w) if position < 64 => {
                let below = *w & ((1 << position) - 1);
                let above = (*w >> position >> 1) << position;
                *w = below | above;
            }
            _ => {
                *self = (self.positions())
                    .filter(|&p| p != position)
                    .map(|p| if p > position { p - 1 } else { p })
                    .collect();
            }
        }
    }

    /// The positions set, ascending.
    pub fn positions(&self) -> impl Iterator<Item = usize> + '_ {
        (self.words().iter().enumerate()).flat_map(|(i, &w)| {
            let mut rest = w;
            std::iter::from_fn(move || {
                (rest != 0).then(|| {
                    let bit = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    i * 64 + bit
                })
            })
        })
    }
}

impl FromIterator<usize> for SetMask {
    fn from_iter<I: IntoIterator<Item = usize>>(positions: I) -> Self {
        let mut mask = SetMask::default();
        for p in positions {
            mask.insert(p);
        }
        mask
    }
}

/// Whether a compared name's configured view is not null.
fn is_set(configured: &Value, what: Compared) -> bool {
    match what {
        Compared::Attribute => !configured.is_null(),
        Compared::Blocks(nb) => !blocks_view(nb, configured, configured).is_null(),
    }
}

/// A null to point at for a name a value does not have.
static NULL: Value = Value::Null(Type::Dynamic);

/// How the rule compares one name.
#[derive(Clone, Copy)]
pub(crate) enum Compared<'b> {
    /// As it is.
    Attribute,
    /// Element by element ([`blocks_view`]).
    Blocks(&'b NestedBlock),
}

/// The names [`compared_view`] compares, in order, each with its
/// configured value and how it is compared. Which names are compared
/// depends only on the schema and the configuration, so one walk serves
/// both sides of a comparison, and nothing is copied to decide it.
pub(crate) fn compared_names<'a>(
    block: &'a Block,
    configured: &'a Value,
) -> impl Iterator<Item = (&'a String, &'a Value, Compared<'a>)> + 'a {
    let cfg = configured.as_mapping();
    // Each source is sorted: merged, not collected and sorted (this runs
    // for every object a plan or a pairing reads).
    let configured_names = cfg
        .into_iter()
        .flat_map(SortedMap::keys)
        .filter(|_| block.inferred);
    let names = merged(
        merged(block.attributes.keys(), block.block_types.keys()),
        configured_names,
    );
    names.filter_map(move |name| {
        let (c, what) = compared_entry(block, cfg, name)?;
        Some((name, c, what))
    })
}

/// How [`compared_names`] compares `name`, one of its candidate names
/// (the schema's, and the configuration's when the schema is inferred),
/// with its configured value; `None` when it is not compared.
fn compared_entry<'a>(
    block: &'a Block,
    cfg: Option<&'a SortedMap<String, Value>>,
    name: &str,
) -> Option<(&'a Value, Compared<'a>)> {
    let c = cfg.and_then(|m| m.get(name));
    if let Some(nb) = block.block_types.get(name) {
        if block.inferred && c.is_none() {
            return None;
        }
        return Some((c.unwrap_or(&NULL), Compared::Blocks(nb)));
    }
    let attr = block.attribute(name)?;
    let c = c.unwrap_or(&NULL);
    if attr.computed_only() || (attr.computed && c.is_null()) {
        return None;
    }
    Some((c, Compared::Attribute))
}

/// Two sorted runs of names as one sorted run, each name once.
fn merged<'a>(
    a: impl Iterator<Item = &'a String>,
    b: impl Iterator<Item = &'a String>,
) -> impl Iterator<Item = &'a String> {
    let (mut a, mut b) = (a.peekable(), b.peekable());
    std::iter::from_fn(move || match (a.peek(), b.peek()) {
        (Some(x), Some(y)) => match x.cmp(y) {
            std::cmp::Ordering::Less => a.next(),
            std::cmp::Ordering::Greater => b.next(),
            std::cmp::Ordering::Equal => {
                b.next();
                a.next()
            }
        },
        _ => a.next().or_else(|| b.next()),
    })
}

/// The elements of a nested block type as stored or configured: a list, a
/// set or a tuple of objects, one object, or null for none.
fn elements(v: &Value) -> Option<Vec<Value>> {
    match v.unmark().0 {
        Value::Null(_) => Some(Vec::new()),
        Value::Object(_) => Some(vec![v.clone()]),
        other => other.as_sequence().map(<[Value]>::to_vec),
    }
}

/// One nested block type projected by the rule. Optional-and-computed
/// attributes inside it count as configured when any configured block of
/// the type sets them: blocks of a set cannot be told apart to do better.
fn blocks_view(nb: &NestedBlock, configured: &Value, source: &Value) -> Value {
    let (Some(cfg), Some(src)) = (elements(configured), elements(source)) else {
        // Unknown (a `dynamic` block over an unknown collection): as is.
        return source.clone();
    };
    let mut union: SortedMap<String, Value> = SortedMap::new();
    for c in &cfg {
        for (k, v) in c.as_mapping().into_iter().flatten() {
            let slot = union.entry(k.clone()).or_insert_with(Value::null);
            if slot.is_null() {
                *slot = v.clone();
            }
        }
    }
    let union = Value::Object(union.into());
    let mut items = Vec::new();
    for s in &src {
        if !matches!(s.unmark().0, Value::Object(_)) {
            return source.clone();
        }
        items.push(Value::Object((compared_view(&nb.block, &union, s)).into()));
    }
    match nb.nesting {
        Nesting::Single | Nesting::Group => items.into_iter().next().unwrap_or_else(Value::null),
        Nesting::List => Value::Tuple(items.into()),
        Nesting::Set | Nesting::Map | Nesting::Unknown => Value::set(Type::Dynamic, items),
    }
}

/// The arguments whose configured value differs from the recorded one,
/// by the rule of [`compared_view`].
pub(crate) fn changed_arguments(
    block: &Block,
    configured: &Value,
    recorded: &Value,
) -> Vec<String> {
    let rec = recorded.as_mapping();
    compared_names(block, configured)
        .filter(|(name, c, what)| differs(block, name, c, *what, rec))
        .map(|(name, _, _)| name.clone())
        .collect()
}

/// Whether any of `names` (few, next to the schema's) is compared and
/// changed: [`changed_arguments`] among those names, without walking the
/// others (every reference to an object's `id` asks this of its
/// replace-forcing arguments).
pub(crate) fn changes_any_of(
    block: &Block,
    configured: &Value,
    recorded: &Value,
    names: &[&str],
) -> bool {
    let (cfg, rec) = (configured.as_mapping(), recorded.as_mapping());
    // `compared_entry` compares no name `compared_names` would not offer:
    // outside the schema, an inferred attribute that is not configured is
    // computed and null.
    names.iter().any(|name| {
        compared_entry(block, cfg, name).is_some_and(|(c, what)| differs(block, name, c, what, rec))
    })
}

/// Whether the compared `name`'s configured value `c` differs from the
/// recorded one.
fn differs(
    block: &Block,
    name: &str,
    c: &Value,
    what: Compared,
    rec: Option<&SortedMap<String, Value>>,
) -> bool {
    let r = rec.and_then(|m| m.get(name)).unwrap_or(&NULL);
    let (want, have) = match what {
        // The configured value is its own view: compared by reference.
        Compared::Attribute => (Cow::Borrowed(c), Cow::Borrowed(r)),
        Compared::Blocks(nb) => (
            Cow::Owned(blocks_view(nb, c, c)),
            Cow::Owned(blocks_view(nb, c, r)),
        ),
    };
    match block.attribute(name) {
        Some(a) if a.dynamic => !raw_equal(&want, &have),
        _ => !values_match(&want, &have),
    }
}

/// Equal values of equal types, as cty's RawEquals (marks aside): what a
/// dynamic attribute compares with. An unknown is never equal.
pub(crate) fn raw_equal(a: &Value, b: &Value) -> bool {
    if !a.is_wholly_known() || !b.is_wholly_known() {
        return false;
    }
    if a.is_null() && b.is_null() {
        return true;
    }
    // Without marks the values compare as they are, without copies.
    if !a.has_marks_deep() && !b.has_marks_deep() {
        return a == b;
    }
    let (a, _) = a.clone().unmark_deep();
    let (b, _) = b.clone().unmark_deep();
    a == b
}

/// Whether a configured value equals a recorded one, without a schema to
/// convert by: list and tuple, map and object, and a number and its
/// decimal string are the same thing once stored; a missing value is null;
/// an unknown configured value is a change.
pub(crate) fn values_match(configured: &Value, recorded: &Value) -> bool {
    let (c, _) = configured.unmark();
    let (r, _) = recorded.unmark();
    if !c.is_wholly_known() {
        return false;
    }
    match (c, r) {
        (Value::Null(_), Value::Null(_)) => true,
        // An empty collection and null are one to most providers.
        (Value::Null(_), x) | (x, Value::Null(_)) => is_empty_collection(x),
        (Value::Bool(a), Value::Bool(b)) => a == b,
        (Value::Number(a), Value::Number(b)) => a == b,
        (Value::String(a), Value::String(b)) => a == b,
        (
            Value::String(_) | Value::Number(_) | Value::Bool(_),
            Value::String(_) | Value::Number(_) | Value::Bool(_),
        ) => primitive_text(c) == primitive_text(r),
        (Value::Set(_, a), _) => r.as_sequence().is_some_and(|b| same_members(a, b)),
        (_, Value::Set(_, b)) => c.as_sequence().is_some_and(|a| same_members(a, b)),
        (Value::List(_, a) | Value::Tuple(a), Value::List(_, b) | Value::Tuple(b)) => {
            a.len() == b.len() && a.iter().zip(b).all(|(x, y)| values_match(x, y))
        }
        (Value::Map(_, a) | Value::Object(a), Value::Map(_, b) | Value::Object(b)) => {
            let null = Value::null();
            a.iter()
                .all(|(k, v)| values_match(v, b.get(k).unwrap_or(&null)))
                && b.iter().all(|(k, v)| a.contains_key(k) || v.is_null())
        }
        // A single nested block recorded as an object, configured as a
        // one-element list of blocks (or the other way round).
        (Value::Tuple(a), Value::Object(_)) if a.len() == 1 => values_match(&a[0], r),
        _ => false,
    }
}

fn same_members(a: &[Value], b: &[Value]) -> bool {
    a.len() == b.len() && a.iter().all(|x| b.iter().any(|y| values_match(x, y)))
}

fn is_empty_collection(v: &Value) -> bool {
    v.as_sequence().is_some_and(<[Value]>::is_empty)
        || v.as_mapping().is_some_and(SortedMap::is_empty)
}

fn primitive_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        Value::Bool(b) => b.to_string(),
        _ => String::new(),
    }
}

/// The changed arguments that force a replacement.
pub(crate) fn replace_paths(type_name: &str, changed: &[String]) -> Vec<String> {
    changed
        .iter()
        .filter(|a| forces_replacement(type_name, a))
        .cloned()
        .collect()
}

/// Whether a change of the argument `name` replaces an object of the type.
/// Whether a change from `recorded` to `configured` replaces an object of
/// `type_name`: one of its replace-forcing arguments changed.
pub(crate) fn change_replaces(
    block: &Block,
    type_name: &str,
    configured: &Value,
    recorded: &Value,
) -> bool {
    let triggers = replace_triggers(type_name);
    if triggers.contains(&"*") {
        return !changed_arguments(block, configured, recorded).is_empty();
    }
    changes_any_of(block, configured, recorded, triggers)
}

pub(crate) fn forces_replacement(type_name: &str, name: &str) -> bool {
    replace_triggers(type_name)
        .iter()
        .any(|f| *f == "*" || *f == name)
}

/// Arguments that make a change a replacement, for the resource types
/// minimod knows: provider schemas do not say it. `*` means every argument.
fn replace_triggers(type_name: &str) -> &'static [&'static str] {
    match type_name {
        "terraform_data" => &["triggers_replace"],
        "null_resource" => &["triggers"],
        "local_file" | "local_sensitive_file" => &["*"],
        t if t.starts_with("random_") => &[
            "keepers",
            "length",
            "special",
            "upper",
            "lower",
            "numeric",
            "prefix",
            "byte_length",
        ],
        _ => &[],
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn configured_values_match_recorded_ones_across_collection_kinds() {
        let s = |x: &str| Value::string(x);
        let cases: Vec<(&str, Value, Value, bool)> = vec![
            (
                "tuple vs list",
                Value::Tuple(vec![s("a")].into()),
                Value::List(Type::String, vec![s("a")].into()),
                true,
            ),
            (
                "object vs map",
                Value::Object([("k".into(), s("v"))].into()),
                Value::Map(Type::String, [("k".into(), s("v"))].into()),
                true,
            ),
            ("number vs its text", Value::int(80), s("80"), true),
            ("different strings", s("a"), s("b"), false),
            ("unknown is a change", Value::unknown(), s("a"), false),
            (
                "set order does not matter",
                Value::set(Type::String, vec![s("b"), s("a")]),
                Value::Tuple(vec![s("a"), s("b")].into()),
                true,
            ),
            (
                "recorded extra null key",
                Value::Object(Default::default()),
                Value::Object([("x".into(), Value::null())].into()),
                true,
            ),
            ("sensitive compares by value", s("p").mark(), s("p"), true),
            (
                "null vs empty list",
                Value::null(),
                Value::Tuple(vec![].into()),
                true,
            ),
        ];
        for (name, c, r, want) in cases {
            assert_eq!(values_match(&c, &r), want, "{name}");
        }
    }

    use super::*;

    fn obj(entries: &[(&str, Value)]) -> Value {
        Value::Object(
            entries
                .iter()
                .map(|(k, v)| (k.to_string(), v.clone()))
                .collect(),
        )
    }
    fn s(x: &str) -> Value {
        Value::string(x)
    }

    /// minimod's built-in terraform_data is terraform's own schema, as
    /// tests/data/schemas/record.sh recorded it (re-recorded and compared
    /// when MINIMOD_LIVE is set).
    #[test]
    fn builtin_terraform_data_is_terraforms_schema() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/schemas");
        let recorded = std::fs::read_to_string(dir.join("builtin.json")).unwrap();
        let file = Schemas::parse(&recorded).unwrap();
        assert_eq!(
            *file.resources["terraform_data"],
            builtin("terraform_data").unwrap()
        );
        if std::env::var_os("MINIMOD_LIVE").is_some() {
            let tmp = tempfile::tempdir().unwrap();
            let out = tmp.path().join("builtin.json");
            let status = std::process::Command::new("bash")
                .arg(dir.join("record.sh"))
                .arg(&out)
                .status()
                .expect("running record.sh");
            assert!(status.success(), "record.sh failed (is terraform on PATH?)");
            assert_eq!(std::fs::read_to_string(out).unwrap(), recorded);
        }
    }

    #[test]
    fn terraform_data_compares_input_and_triggers_even_when_unset() {
        let td = Schemas::resource(None, "terraform_data").unwrap();
        let recorded = obj(&[
            ("id", s("x")),
            ("input", s("y")),
            ("output", s("y")),
            ("triggers_replace", s("t")),
        ]);
        let configured = obj(&[]);
        assert_eq!(
            changed_arguments(&td, &configured, &recorded),
            ["input", "triggers_replace"]
        );
        let same = obj(&[("input", s("y")), ("triggers_replace", s("t"))]);
        assert!(changed_arguments(&td, &same, &recorded).is_empty());
        // input is dynamic: a number is not its text.
        let recorded = obj(&[("input", Value::int(80))]);
        assert_eq!(
            changed_arguments(&td, &obj(&[("input", s("80"))]), &recorded),
            ["input"]
        );
    }

    /// A schema with an optional `b`, a required `d` that is also a block
    /// type, and a block type `c`.
    fn names_block() -> Block {
        let attr = |optional: bool| Attribute {
            required: !optional,
            optional,
            computed: false,
            sensitive: false,
            dynamic: false,
        };
        let nested = NestedBlock {
            nesting: Nesting::List,
            block: Block::default(),
        };
        let mut block = Block::default();
        block.attributes.insert("b".into(), attr(true));
        block.attributes.insert("d".into(), attr(false));
        block.block_types.insert("c".into(), nested.clone());
        block.block_types.insert("d".into(), nested);
        block
    }

    /// The names come from the schema's attributes and block types (and,
    /// inferred, the configuration's names), sorted, each once (`d` is
    /// both an attribute and a block type: the block type speaks); the
    /// set ones are those whose configured view is not null.
    #[test]
    fn compared_names_are_the_sorted_union_of_their_sources() {
        let mut block = names_block();
        let configured = obj(&[
            ("a", s("1")),
            ("b", Value::null()),
            ("c", Value::Tuple(vec![obj(&[])].into())),
            ("e", s("2")),
        ]);
        let names = |block: &Block| -> Vec<String> {
            compared_names(block, &configured)
                .map(|(n, _, _)| n.clone())
                .collect()
        };
        let set = |block: &Block| -> Vec<String> {
            let (values, set) = compared_view_and_set(block, &configured, &configured);
            let keys: Vec<String> = values.keys().cloned().collect();
            assert_eq!(keys, names(block));
            set.positions().map(|i| keys[i].clone()).collect()
        };
        // An unconfigured block type of a known schema is compared as
        // no blocks: set.
        assert_eq!(names(&block), ["b", "c", "d"]);
        assert_eq!(set(&block), ["c", "d"]);
        // Inferred: the configured names too, and a block type only when
        // configured.
        block.inferred = true;
        assert_eq!(names(&block), ["a", "b", "c", "e"]);
        assert_eq!(set(&block), ["a", "c", "e"]);
    }

    /// Asked of a few names, `changes_any_of` answers what
    /// `changed_arguments` says of them: for names of the schema, of the
    /// configuration only, of the record only, and of neither, with a
    /// known schema and an inferred one.
    #[test]
    fn a_change_among_a_few_names_is_the_changed_arguments_among_them() {
        let mut block = names_block();
        let computed = |optional: bool| Attribute {
            required: false,
            optional,
            computed: true,
            sensitive: false,
            dynamic: false,
        };
        block.attributes.insert("id".into(), computed(false));
        block.attributes.insert("o".into(), computed(true));
        let configured = obj(&[
            ("a", s("1")),
            ("b", Value::null()),
            ("c", Value::Tuple(vec![obj(&[])].into())),
            ("e", s("2")),
            ("o", s("3")),
        ]);
        let recorded = [
            obj(&[]),
            obj(&[
                ("a", s("1")),
                ("b", s("x")),
                ("e", s("2")),
                ("id", s("i")),
                ("o", s("3")),
            ]),
            obj(&[
                ("a", s("9")),
                ("c", Value::Tuple(vec![].into())),
                ("o", s("4")),
                ("z", s("0")),
            ]),
        ];
        let names = ["a", "b", "c", "d", "e", "id", "o", "z", "none"];
        for inferred in [false, true] {
            block.inferred = inferred;
            for recorded in &recorded {
                let changed = changed_arguments(&block, &configured, recorded);
                for name in names {
                    assert_eq!(
                        changes_any_of(&block, &configured, recorded, &[name]),
                        changed.iter().any(|c| c == name),
                        "{name} (inferred: {inferred}) against {recorded:?}: {changed:?}"
                    );
                }
                assert_eq!(
                    changes_any_of(&block, &configured, recorded, &names),
                    !changed.is_empty()
                );
            }
        }
    }

    #[test]
    fn without_a_schema_null_and_unset_arguments_are_the_providers() {
        let inferred = Block {
            inferred: true,
            ..Block::default()
        };
        let recorded = obj(&[("cidr", s("10.0.0.0/16")), ("ipv6", s("")), ("id", s("v"))]);
        let configured = obj(&[("cidr", s("10.0.0.0/16")), ("ipv6", Value::null())]);
        assert!(changed_arguments(&inferred, &configured, &recorded).is_empty());
        let configured = obj(&[("cidr", s("10.1.0.0/16"))]);
        assert_eq!(
            changed_arguments(&inferred, &configured, &recorded),
            ["cidr"]
        );
    }

    #[test]
    fn nested_blocks_compare_only_what_they_set() {
        let mut inferred = Block {
            inferred: true,
            ..Block::default()
        };
        inferred.block_types.insert(
            "rule".into(),
            NestedBlock {
                nesting: Nesting::Unknown,
                block: Block {
                    inferred: true,
                    ..Block::default()
                },
            },
        );
        let rule = |id: &str| obj(&[("id", s(id)), ("enabled", Value::Bool(true))]);
        let stored = |id: &str| {
            obj(&[
                ("id", s(id)),
                ("enabled", Value::Bool(true)),
                ("prefix", Value::null()),
                ("filter", Value::Tuple(vec![].into())),
            ])
        };
        let configured = obj(&[("rule", Value::Tuple(vec![rule("a"), rule("b")].into()))]);
        // Stored in another order, with unset attributes null or empty.
        let recorded = obj(&[(
            "rule",
            Value::List(Type::Dynamic, vec![stored("b"), stored("a")].into()),
        )]);
        assert!(changed_arguments(&inferred, &configured, &recorded).is_empty());
        let recorded = obj(&[("rule", Value::List(Type::Dynamic, vec![stored("a")].into()))]);
        assert_eq!(
            changed_arguments(&inferred, &configured, &recorded),
            ["rule"]
        );
    }

    #[test]
    fn a_schema_decides_optional_computed_and_nesting() {
        let text = r#"{"format_version":"1.0","provider_schemas":{"registry.terraform.io/hashicorp/aws":{
            "resource_schemas":{"aws_vpc":{"version":1,"block":{
              "attributes":{
                "id":{"type":"string","computed":true},
                "cidr_block":{"type":"string","optional":true,"computed":true},
                "instance_tenancy":{"type":"string","optional":true},
                "password":{"type":"string","optional":true,"sensitive":true}},
              "block_types":{"rule":{"nesting_mode":"list","block":{
                "attributes":{"id":{"type":"string","optional":true},"prefix":{"type":"string","optional":true,"computed":true}}}}}}}}}}}"#;
        let schemas = Schemas::parse(text).unwrap();
        let vpc = Schemas::resource(Some(&schemas), "aws_vpc").unwrap();
        assert_eq!(vpc.block_types["rule"].nesting, Nesting::List);
        let recorded = obj(&[
            ("id", s("vpc-1")),
            ("cidr_block", s("10.0.0.0/16")),
            ("instance_tenancy", s("dedicated")),
            ("password", Value::null()),
            (
                "rule",
                Value::List(
                    Type::Dynamic,
                    vec![
                        obj(&[("id", s("a")), ("prefix", s("p"))]),
                        obj(&[("id", s("b")), ("prefix", s("p"))]),
                    ]
                    .into(),
                ),
            ),
        ]);
        let rules = |a: &str, b: &str| {
            Value::Tuple(vec![obj(&[("id", s(a))]), obj(&[("id", s(b))])].into())
        };
        // cidr_block unset: the provider keeps it; tenancy unset: -> null.
        let configured = obj(&[("rule", rules("a", "b"))]);
        assert_eq!(
            changed_arguments(&vpc, &configured, &recorded),
            ["instance_tenancy"]
        );
        // A list block compares in order.
        let configured = obj(&[
            ("instance_tenancy", s("dedicated")),
            ("rule", rules("b", "a")),
        ]);
        assert_eq!(changed_arguments(&vpc, &configured, &recorded), ["rule"]);
        let shown = vpc.mark_sensitive(obj(&[("password", s("hunter2"))]));
        assert!(shown.as_mapping().unwrap()["password"].is_marked());
    }

    /// A mask answers as the set of positions it stands for, through
    /// inserts, clears and removals on either side of a word's end.
    #[test]
    fn set_masks_are_the_positions_they_were_given() {
        // Within one word (inline) and across words (spilled).
        for bound in [64, 150] {
            let mut mask = SetMask::default();
            let mut model = std::collections::BTreeSet::new();
            // A fixed pseudo-random walk (xorshift): no dependency, the
            // same operations every run.
            let mut x: u64 = 0x2545_f491_4f6c_dd1d;
            for _ in 0..4000 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let p = (x >> 8) as usize % bound;
                match x % 4 {
                    0 | 1 => {
                        mask.insert(p);
                        model.insert(p);
                    }
                    2 => {
                        mask.clear(p);
                        model.remove(&p);
                    }
                    _ => {
                        mask.remove_position(p);
                        model = (model.iter())
                            .filter(|&&q| q != p)
                            .map(|&q| if q > p { q - 1 } else { q })
                            .collect();
                    }
                }
                assert!(mask.positions().eq(model.iter().copied()), "{mask:?}");
                assert_eq!(mask.contains(p), model.contains(&p));
                assert!(!mask.contains(1000));
            }
            assert_eq!(matches!(mask, SetMask::Word(_)), bound <= 64);
        }
        assert!(SetMask::all(70).positions().eq(0..70));
        assert!(SetMask::all(0).positions().eq(0..0));
    }
}
