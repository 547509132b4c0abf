//! Recorded attributes as values: plain JSON read structurally, dynamic
//! attributes (`{"value": ..., "type": ...}`) read with their cty type, and
//! `sensitive_attributes` paths turned into sensitive marks.

use serde::{Deserialize, Serialize};
use serde_json::Value as Json;

use crate::lang::number::Number;
use crate::lang::sorted_map::SortedMap;
use crate::lang::value::{Type, Value};

use super::scan::{Cursor, MAX_DEPTH};

/// One step of a recorded attribute path, as state v4 writes it:
/// `{"type":"get_attr","value":"x"}` or
/// `{"type":"index","value":{"value":0,"type":"number"}}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", content = "value", rename_all = "snake_case")]
pub enum PathStep {
    GetAttr(String),
    /// The key as a cty JSON value with its type.
    Index(Json),
}

/// A path from the instance object to one attribute value.
pub(crate) type AttrPath = Vec<PathStep>;

/// The instance's attributes as an object value. Top-level attributes
/// shaped `{"value": V, "type": T}` where `T` is a cty type in JSON form
/// are decoded as dynamic-typed values (how `terraform_data`'s `input` and
/// `output` or `terraform_remote_state`'s `outputs` are stored); everything
/// else is read structurally: objects, tuples, numbers, strings, bools,
/// nulls.
///
/// Caveat: without the provider schema an ordinary object attribute with
/// exactly the keys `value` and `type` and a type-like `type` would be
/// decoded as dynamic too; nested dynamic attributes stay undecoded.
pub(crate) fn attributes_value(attrs: &Json) -> Value {
    match attrs {
        Json::Object(map) => Value::Object(
            map.iter()
                .map(|(k, v)| (k.clone(), dynamic_value(v).unwrap_or_else(|| untyped(v))))
                .collect(),
        ),
        other => untyped(other),
    }
}

/// `attributes_value`, then every path in `sensitive` marked sensitive.
/// Paths that do not lead anywhere are ignored.
pub(crate) fn attributes_value_marked(attrs: &Json, sensitive: &[AttrPath]) -> Value {
    marked(attributes_value(attrs), sensitive)
}

/// The paths of the sensitive values inside `v`, as state v4 records them
/// in `sensitive_attributes` (the inverse of [`attributes_value_marked`]):
/// a marked value's own path, not the paths inside it.
pub(crate) fn sensitive_paths(v: &Value) -> Vec<AttrPath> {
    let mut out = Vec::new();
    collect_sensitive(v, &mut Vec::new(), &mut out);
    out
}

fn collect_sensitive(v: &Value, at: &mut AttrPath, out: &mut Vec<AttrPath>) {
    let index = |key: Value| {
        let (key, _) = key.unmark_deep();
        PathStep::Index(serde_json::json!({
            "value": crate::lang::display::json(&key),
            "type": crate::lang::display::json_type(&key.ty()),
        }))
    };
    let mut step = |s: PathStep, item: &Value, out: &mut Vec<AttrPath>| {
        at.push(s);
        collect_sensitive(item, at, out);
        at.pop();
    };
    match v {
        Value::Sensitive(_) => out.push(at.clone()),
        Value::Object(m) => {
            for (k, item) in m {
                step(PathStep::GetAttr(k.clone()), item, out);
            }
        }
        Value::Map(_, m) => {
            for (k, item) in m {
                step(index(Value::string(k.clone())), item, out);
            }
        }
        Value::List(_, items) | Value::Tuple(items) => {
            for (i, item) in items.iter().enumerate() {
                step(index(Value::int(i as i64)), item, out);
            }
        }
        Value::Set(_, items) => {
            for item in items {
                step(index(item.clone()), item, out);
            }
        }
        _ => {}
    }
}

/// A JSON value without type information.
pub(crate) fn untyped(j: &Json) -> Value {
    match j {
        Json::Null => Value::null(),
        Json::Bool(b) => Value::Bool(*b),
        Json::Number(n) => number(n),
        Json::String(s) => Value::string(s.clone()),
        Json::Array(items) => Value::Tuple(items.iter().map(untyped).collect()),
        Json::Object(m) => Value::Object(m.iter().map(|(k, v)| (k.clone(), untyped(v))).collect()),
    }
}

fn number(n: &serde_json::Number) -> Value {
    match n.as_i64() {
        Some(i) => Value::int(i),
        None => Value::Number(
            Number::parse(&n.to_string())
                .unwrap_or(Number::from_f64(n.as_f64().unwrap_or(f64::NAN))),
        ),
    }
}

/// `{"value": V, "type": T}` decoded, if it has exactly that shape.
pub(crate) fn dynamic_value(j: &Json) -> Option<Value> {
    let m = j.as_object()?;
    if m.len() != 2 {
        return None;
    }
    let ty = cty_type(m.get("type")?)?;
    typed(m.get("value")?, &ty)
}

/// A cty type in its JSON form: `"string"`, `["list","string"]`,
/// `["object",{"a":"number"}]`, `["tuple",["bool"]]`, `"dynamic"`.
pub(crate) fn cty_type(j: &Json) -> Option<Type> {
    match j {
        Json::String(s) => match s.as_str() {
            "string" => Some(Type::String),
            "number" => Some(Type::Number),
            "bool" => Some(Type::Bool),
            "dynamic" => Some(Type::Dynamic),
            _ => None,
        },
        Json::Array(parts) => {
            let (kind, rest) = parts.split_first()?;
            let arg = rest.first()?;
            match kind.as_str()? {
                "list" => Some(Type::List(Box::new(cty_type(arg)?))),
                "set" => Some(Type::Set(Box::new(cty_type(arg)?))),
                "map" => Some(Type::Map(Box::new(cty_type(arg)?))),
                "tuple" => Some(Type::Tuple(
                    arg.as_array()?
                        .iter()
                        .map(cty_type)
                        .collect::<Option<_>>()?,
                )),
                "object" => Some(Type::Object(
                    arg.as_object()?
                        .iter()
                        .map(|(k, t)| Some((k.clone(), cty_type(t)?)))
                        .collect::<Option<_>>()?,
                )),
                _ => None,
            }
        }
        _ => None,
    }
}

/// A JSON value read as cty reads it for a known type.
pub(crate) fn typed(j: &Json, ty: &Type) -> Option<Value> {
    if j.is_null() {
        return Some(Value::Null(ty.clone()));
    }
    Some(match ty {
        Type::Dynamic => dynamic_value(j)?,
        Type::String => Value::string(j.as_str()?),
        Type::Bool => Value::Bool(j.as_bool()?),
        Type::Number => match j {
            Json::Number(n) => number(n),
            Json::String(s) => Value::Number(Number::parse(s)?),
            _ => return None,
        },
        Type::List(e) => Value::List((**e).clone(), (items(j, e)?).into()),
        Type::Set(e) => Value::set((**e).clone(), items(j, e)?),
        Type::Map(e) => {
            let m = j.as_object()?;
            let entries = m
                .iter()
                .map(|(k, v)| Some((k.clone(), typed(v, e)?)))
                .collect::<Option<SortedMap<_, _>>>()?;
            Value::Map((**e).clone(), entries.into())
        }
        Type::Tuple(ts) => {
            let a = j.as_array()?;
            if a.len() != ts.len() {
                return None;
            }
            Value::Tuple(
                a.iter()
                    .zip(ts)
                    .map(|(v, t)| typed(v, t))
                    .collect::<Option<_>>()?,
            )
        }
        Type::Object(attrs) => {
            let m = j.as_object()?;
            Value::Object(
                attrs
                    .iter()
                    .map(|(k, t)| {
                        Some((
                            k.clone(),
                            m.get(k)
                                .map_or(Some(Value::Null(t.clone())), |v| typed(v, t))?,
                        ))
                    })
                    .collect::<Option<_>>()?,
            )
        }
    })
}

fn items(j: &Json, elem: &Type) -> Option<Vec<Value>> {
    j.as_array()?.iter().map(|v| typed(v, elem)).collect()
}

/// Marks the value at `path` sensitive, rebuilding the containers above it.
fn mark_path(v: Value, path: &[PathStep]) -> Value {
    let Some((step, rest)) = path.split_first() else {
        return v.mark();
    };
    let (inner, was_marked) = v.into_unmarked();
    let rebuilt = match (inner, step) {
        (Value::Object(m), PathStep::GetAttr(name)) => {
            Value::Object(mark_entry(m.into_inner(), Some(name), rest).into())
        }
        (inner, PathStep::Index(key)) => mark_index(inner, key, rest),
        (inner, _) => inner,
    };
    rebuilt.mark_if(was_marked)
}

fn mark_index(v: Value, key: &Json, rest: &[PathStep]) -> Value {
    let key = dynamic_value(key).unwrap_or_else(|| untyped(key));
    let at = |items: Vec<Value>| -> Vec<Value> {
        let idx = key.as_number().and_then(|n| n.as_i64());
        items
            .into_iter()
            .enumerate()
            .map(|(i, item)| {
                if idx == Some(i as i64) {
                    mark_path(item, rest)
                } else {
                    item
                }
            })
            .collect()
    };
    match v {
        Value::List(t, items) => Value::List(t, at(items.into_inner()).into()),
        Value::Tuple(items) => Value::Tuple(at(items.into_inner()).into()),
        // A set element is addressed by its own value.
        Value::Set(t, items) => Value::Set(
            t,
            items
                .into_iter()
                .map(|i| if i == key { mark_path(i, rest) } else { i })
                .collect(),
        ),
        Value::Map(t, m) => Value::Map(t, mark_entry(m.into_inner(), key.as_str(), rest).into()),
        Value::Object(m) => Value::Object(mark_entry(m.into_inner(), key.as_str(), rest).into()),
        other => other,
    }
}

/// Marks the entry `key` of a map or object, if there is one.
fn mark_entry(
    mut m: SortedMap<String, Value>,
    key: Option<&str>,
    rest: &[PathStep],
) -> SortedMap<String, Value> {
    if let Some(slot) = key.and_then(|k| m.get_mut(k)) {
        let child = std::mem::replace(slot, Value::null());
        *slot = mark_path(child, rest);
    }
    m
}

// ---- reading recorded attributes straight from their JSON text ----------
//
// The same conversion as `attributes_value` and `typed`, read from the
// text in one pass (`scan::Cursor`), so no `serde_json::Value` tree is
// built per object: a state of 100,000 objects is read once, into values.

/// [`attributes_value`] of the JSON text `raw`; None only when `raw` is
/// not JSON or nests deeper than serde_json reads (a state's attributes
/// were parsed already).
pub(crate) fn attributes_value_raw(raw: &str) -> Option<Value> {
    let mut c = Cursor::new(raw, 0);
    let v = Read::Attributes.value(&mut c, 0)?;
    c.peek().is_none().then_some(v)
}

/// [`attributes_value`] of the attributes object next in `c`, read in
/// place (the state's hand reader finds their text this way); None, with
/// `c` left anywhere, where [`attributes_value_raw`] gives None.
pub(super) fn attributes_value_at(c: &mut Cursor) -> Option<Value> {
    Read::Attributes.value(c, 0)
}

/// [`attributes_value_marked`] of the JSON text `raw`.
pub(crate) fn attributes_value_raw_marked(raw: &str, sensitive: &[AttrPath]) -> Option<Value> {
    Some(marked(attributes_value_raw(raw)?, sensitive))
}

/// `v` with the values at `sensitive` marked.
pub(crate) fn marked(v: Value, sensitive: &[AttrPath]) -> Value {
    sensitive.iter().fold(v, |v, path| mark_path(v, path))
}

/// How to read one JSON value.
#[derive(Clone, Copy)]
enum Read<'t> {
    /// The attributes object: each entry a dynamic value when it has that
    /// shape, else untyped ([`attributes_value`]).
    Attributes,
    /// [`untyped`].
    Untyped,
    /// [`typed`] with this type; None where `typed` gives None.
    /// `Typed(Dynamic)` is [`dynamic_value`].
    Typed(&'t Type),
    /// A dynamic value if it has the shape, else untyped: one top-level
    /// attribute.
    DynamicOrUntyped,
}

impl Read<'_> {
    /// Whether this read takes a string, number or bool as it is.
    fn plain(self) -> bool {
        matches!(
            self,
            Read::Untyped | Read::Attributes | Read::DynamicOrUntyped
        )
    }

    /// The value next in `c`, `depth` containers in (None past serde's
    /// limit, so hostile nesting cannot exhaust the stack).
    fn value(self, c: &mut Cursor, depth: usize) -> Option<Value> {
        match c.peek()? {
            b'n' => {
                c.literal("null")?;
                Some(match self {
                    Read::Typed(ty) => Value::Null(ty.clone()),
                    _ => Value::null(),
                })
            }
            b @ (b't' | b'f') => {
                c.literal(if b == b't' { "true" } else { "false" })?;
                (self.plain() || matches!(self, Read::Typed(Type::Bool)))
                    .then_some(Value::Bool(b == b't'))
            }
            b'"' => {
                let s = c.string()?;
                match self {
                    Read::Typed(Type::String) => Some(Value::String(s.into_owned())),
                    Read::Typed(Type::Number) => Number::parse(&s).map(Value::Number),
                    _ if self.plain() => Some(Value::String(s.into_owned())),
                    _ => None,
                }
            }
            b'-' | b'0'..=b'9' => {
                let text = c.number()?;
                (self.plain() || matches!(self, Read::Typed(Type::Number)))
                    .then(|| number_text(text))
            }
            b'[' if depth < MAX_DEPTH => self.array(c, depth + 1),
            b'{' if depth < MAX_DEPTH => self.object(c, depth + 1),
            _ => None,
        }
    }

    fn array(self, c: &mut Cursor, depth: usize) -> Option<Value> {
        let mut out = Vec::new();
        let each = |i: usize| match self {
            _ if self.plain() => Some(Read::Untyped),
            Read::Typed(Type::List(e) | Type::Set(e)) => Some(Read::Typed(e)),
            // More elements than the type has: not of that type.
            Read::Typed(Type::Tuple(ts)) => ts.get(i).map(Read::Typed),
            _ => None,
        };
        c.elements(b']', |c| {
            let read = each(out.len())?;
            out.push(read.value(c, depth)?);
            Some(())
        })?;
        match self {
            _ if self.plain() => Some(Value::Tuple(out.into())),
            Read::Typed(Type::List(e)) => Some(Value::List((**e).clone(), out.into())),
            Read::Typed(Type::Set(e)) => Some(Value::set((**e).clone(), out)),
            Read::Typed(Type::Tuple(ts)) if ts.len() == out.len() => Some(Value::Tuple(out.into())),
            _ => None,
        }
    }

    fn object(self, c: &mut Cursor, depth: usize) -> Option<Value> {
        let mut out: Vec<(String, Value)> = Vec::new();
        match self {
            Read::Attributes => {
                // Attributes recorded with the same text (`input` and
                // `output` of `terraform_data`, `tags` and `tags_all`) are
                // one value, read once and shared: half the memory of such
                // objects, which a state holds for every instance.
                let mut read: Vec<(&str, Value)> = Vec::new();
                c.entries(|c, k| {
                    c.peek()?;
                    let start = c.at;
                    let v = match read.iter().find(|(t, _)| c.rest().starts_with(t)) {
                        // A container's text ends where it closes, so the
                        // same text ahead is the same value.
                        Some((t, v)) => {
                            c.at += t.len();
                            v.clone()
                        }
                        None => {
                            let v = Read::DynamicOrUntyped.value(c, depth)?;
                            let text = c.since(start);
                            // Only collections are worth sharing.
                            if text.starts_with(['{', '[']) {
                                read.push((text, v.clone()));
                            }
                            v
                        }
                    };
                    out.push((k.into_owned(), v));
                    Some(())
                })?;
                Some(Value::Object(out.into_iter().collect()))
            }
            Read::Untyped => {
                c.entries(|c, k| {
                    out.push((k.into_owned(), Read::Untyped.value(c, depth)?));
                    Some(())
                })?;
                Some(Value::Object(out.into_iter().collect()))
            }
            Read::Typed(Type::Map(e)) => {
                c.entries(|c, k| {
                    out.push((k.into_owned(), Read::Typed(e).value(c, depth)?));
                    Some(())
                })?;
                Some(Value::Map((**e).clone(), out.into_iter().collect()))
            }
            Read::Typed(Type::Object(attrs)) => {
                c.entries(|c, k| {
                    // Keys the type lacks are not read, as `typed` does.
                    match attrs.get(&*k) {
                        Some(t) => out.push((k.into_owned(), Read::Typed(t).value(c, depth)?)),
                        None => drop(c.skip_value()?),
                    }
                    Some(())
                })?;
                let mut out: SortedMap<String, Value> = out.into_iter().collect();
                for (k, t) in attrs {
                    out.entry(k.clone())
                        .or_insert_with(|| Value::Null(t.clone()));
                }
                Some(Value::Object(out.into()))
            }
            Read::Typed(Type::Dynamic) | Read::DynamicOrUntyped => self.dynamic(c, depth),
            _ => None,
        }
    }

    /// `{"value": V, "type": T}` read with its type; otherwise (for
    /// `DynamicOrUntyped`) the object read untyped.
    fn dynamic(self, c: &mut Cursor, depth: usize) -> Option<Value> {
        // V can only be read once T is known, and T may come second, so
        // both are kept as text until the shape is clear; then the rest
        // of an object that is not one is read as it comes.
        let mut shape: Vec<(String, &str)> = Vec::new();
        let mut untyped: Option<Vec<(String, Value)>> = None;
        let read_untyped = |text: &str| {
            let mut inner = Cursor::new(text, 0);
            Read::Untyped.value(&mut inner, depth)
        };
        c.entries(|c, k| {
            if let Some(out) = &mut untyped {
                out.push((k.into_owned(), Read::Untyped.value(c, depth)?));
            } else if shape.len() < 2 && (k == "value" || k == "type") {
                shape.push((k.into_owned(), c.skip_value()?));
            } else if matches!(self, Read::Typed(_)) {
                return None;
            } else {
                let mut out = shape
                    .drain(..)
                    .map(|(k, text)| Some((k, read_untyped(text)?)))
                    .collect::<Option<Vec<_>>>()?;
                out.push((k.into_owned(), Read::Untyped.value(c, depth)?));
                untyped = Some(out);
            }
            Some(())
        })?;
        if let Some(out) = untyped {
            return Some(Value::Object(out.into_iter().collect()));
        }
        if let [(a, x), (b, y)] = &shape[..] {
            let pair = match (a.as_str(), b.as_str()) {
                ("value", "type") => Some((x, y)),
                ("type", "value") => Some((y, x)),
                _ => None,
            };
            let typed = pair.and_then(|(value, ty)| {
                let ty = recorded_type(ty)?;
                Read::Typed(&ty).value(&mut Cursor::new(value, 0), depth)
            });
            if typed.is_some() {
                return typed;
            }
        }
        if matches!(self, Read::Typed(_)) {
            return None;
        }
        let out = shape
            .into_iter()
            .map(|(k, text)| Some((k, read_untyped(text)?)))
            .collect::<Option<_>>()?;
        Some(Value::Object(out))
    }
}

/// A number from its JSON text, as [`number`] reads it.
fn number_text(text: &str) -> Value {
    // `-0` reads as 0, as `Number::as_i64` takes it.
    match text.parse::<i64>() {
        Ok(i) => Value::int(i),
        Err(_) => Value::Number(
            Number::parse(text)
                .unwrap_or_else(|| Number::from_f64(text.parse::<f64>().unwrap_or(f64::NAN))),
        ),
    }
}

thread_local! {
    /// The cty types read from their JSON text: every object of a resource
    /// records the same few, and reading one builds a JSON tree first.
    static TYPES: std::cell::RefCell<foldhash::HashMap<Box<str>, Option<std::rc::Rc<Type>>>> =
        Default::default();
}

/// [`cty_type`] of the JSON text `text`, remembered.
fn recorded_type(text: &str) -> Option<std::rc::Rc<Type>> {
    if let Some(known) = TYPES.with(|t| t.borrow().get(text).cloned()) {
        return known;
    }
    let ty = serde_json::from_str::<Json>(text)
        .ok()
        .and_then(|j| cty_type(&j))
        .map(std::rc::Rc::new);
    TYPES.with(|t| {
        let mut t = t.borrow_mut();
        // A bound, should a state record ever more types.
        if t.len() >= 4096 {
            t.clear();
        }
        t.insert(text.into(), ty.clone());
    });
    ty
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn obj(entries: Vec<(&str, Value)>) -> Value {
        Value::Object(
            entries
                .into_iter()
                .map(|(k, v)| (k.to_string(), v))
                .collect(),
        )
    }

    #[test]
    fn plain_attributes_read_structurally() {
        let got = attributes_value(
            &json!({"id": "x", "n": 2, "f": 1.5, "ok": true, "none": null, "l": [1, "a"], "o": {"k": "v"}}),
        );
        let want = obj(vec![
            ("id", Value::string("x")),
            ("n", Value::int(2)),
            ("f", Value::Number(Number::from_f64(1.5))),
            ("ok", Value::Bool(true)),
            ("none", Value::null()),
            (
                "l",
                Value::Tuple(vec![Value::int(1), Value::string("a")].into()),
            ),
            ("o", obj(vec![("k", Value::string("v"))])),
        ]);
        assert_eq!(got, want);
    }

    #[test]
    fn dynamic_attributes_decode_with_their_type() {
        let cases: Vec<(&str, Json, Value)> = vec![
            (
                "string",
                json!({"value": "hello", "type": "string"}),
                Value::string("hello"),
            ),
            (
                "number",
                json!({"value": 0, "type": "number"}),
                Value::int(0),
            ),
            (
                "list of string",
                json!({"value": ["a"], "type": ["list", "string"]}),
                Value::List(Type::String, vec![Value::string("a")].into()),
            ),
            (
                "set of string",
                json!({"value": ["b", "a"], "type": ["set", "string"]}),
                Value::set(Type::String, vec![Value::string("a"), Value::string("b")]),
            ),
            (
                "map of number",
                json!({"value": {"k": 1}, "type": ["map", "number"]}),
                Value::Map(Type::Number, [("k".to_string(), Value::int(1))].into()),
            ),
            (
                "tuple",
                json!({"value": ["a", 1], "type": ["tuple", ["string", "number"]]}),
                Value::Tuple(vec![Value::string("a"), Value::int(1)].into()),
            ),
            (
                "object with nested object",
                json!({"value": {"a": {"b": true}}, "type": ["object", {"a": ["object", {"b": "bool"}]}]}),
                obj(vec![("a", obj(vec![("b", Value::Bool(true))]))]),
            ),
            (
                "typed null",
                json!({"value": null, "type": "string"}),
                Value::Null(Type::String),
            ),
            (
                "not a type: read structurally",
                json!({"value": 1, "type": "widget"}),
                obj(vec![
                    ("type", Value::string("widget")),
                    ("value", Value::int(1)),
                ]),
            ),
        ];
        for (name, attr, want) in cases {
            let got = attributes_value(&json!({ "input": attr }));
            assert_eq!(got, obj(vec![("input", want)]), "{name}");
        }
    }

    #[test]
    fn sensitive_paths_mark_values() {
        // Shapes recorded from terraform 1.11 (tests/data/state/sensitive-index).
        let attrs = json!({
            "id": "i",
            "input": {"value": {"list": ["a", "s"], "map": {"k": "s"}},
                      "type": ["object", {"list": ["tuple", ["string", "string"]], "map": ["map", "string"]}]}
        });
        let paths: Vec<AttrPath> = serde_json::from_value(json!([
            [{"type": "get_attr", "value": "input"}, {"type": "get_attr", "value": "list"}, {"type": "index", "value": {"value": 1, "type": "number"}}],
            [{"type": "get_attr", "value": "input"}, {"type": "get_attr", "value": "map"}, {"type": "index", "value": {"value": "k", "type": "string"}}],
            [{"type": "get_attr", "value": "nowhere"}]
        ]))
        .unwrap();
        let got = attributes_value_marked(&attrs, &paths);
        let want = obj(vec![
            ("id", Value::string("i")),
            (
                "input",
                obj(vec![
                    (
                        "list",
                        Value::Tuple(vec![Value::string("a"), Value::string("s").mark()].into()),
                    ),
                    (
                        "map",
                        Value::Map(
                            Type::String,
                            [("k".to_string(), Value::string("s").mark())].into(),
                        ),
                    ),
                ]),
            ),
        ]);
        assert_eq!(got, want);
    }

    #[test]
    fn whole_attribute_can_be_sensitive() {
        let paths: Vec<AttrPath> = vec![vec![PathStep::GetAttr("secret".into())]];
        let got = attributes_value_marked(&json!({"secret": "x", "plain": "y"}), &paths);
        assert_eq!(
            got,
            obj(vec![
                ("plain", Value::string("y")),
                ("secret", Value::string("x").mark())
            ])
        );
    }

    #[test]
    fn attributes_recorded_alike_are_read_once_and_marked_apart() {
        // `input`/`output` of `terraform_data` and `tags`/`tags_all` are
        // recorded with the same text; one of them may be sensitive.
        let raw = r#"{
          "input": {"value": {"a": ["x"]}, "type": ["object", {"a": ["list", "string"]}]},
          "output": {"value": {"a": ["x"]}, "type": ["object", {"a": ["list", "string"]}]},
          "tags": {"team": "platform", "n": "1"},
          "tags_all": {"team": "platform", "n": "1"},
          "other": {"team": "platform", "n": "2"},
          "s1": "same",
          "s2": "same"
        }"#;
        let tree: Json = serde_json::from_str(raw).unwrap();
        let plain = attributes_value_raw(raw).unwrap();
        assert_eq!(plain, attributes_value(&tree));
        let attrs = |v: &Value, k: &str| match v.as_mapping().unwrap().get(k).unwrap() {
            Value::Object(a) => &**a as *const SortedMap<String, Value>,
            other => panic!("{k}: {other:?}"),
        };
        assert_eq!(attrs(&plain, "input"), attrs(&plain, "output"));
        assert_eq!(attrs(&plain, "tags"), attrs(&plain, "tags_all"));
        assert_ne!(attrs(&plain, "tags"), attrs(&plain, "other"));

        let sensitive: Vec<AttrPath> = serde_json::from_value(json!([
            [{"type": "get_attr", "value": "tags_all"}, {"type": "get_attr", "value": "team"}],
            [{"type": "get_attr", "value": "output"}]
        ]))
        .unwrap();
        let got = attributes_value_raw_marked(raw, &sensitive).unwrap();
        assert_eq!(got, attributes_value_marked(&tree, &sensitive));
        let m = got.as_mapping().unwrap();
        assert!(!m["input"].is_marked() && m["output"].is_marked());
        let team = |k: &str| m[k].as_mapping().unwrap()["team"].clone();
        assert!(!team("tags").is_marked() && team("tags_all").is_marked());
    }

    #[test]
    fn raw_text_reads_as_the_json_tree_does() {
        // Every shape the tree reader handles, and the ones it refuses
        // (read structurally instead), in one attributes object.
        let raw = r#"{
          "id": "i\u00e9\n",
          "big": 123456789012345678901234567890,
          "huge": 18446744073709551615,
          "neg": -9223372036854775808,
          "float": 1.5e-7,
          "negzero": -0,
          "ok": true,
          "none": null,
          "tuple": [1, "a", [null, {"k": 2.25}]],
          "nested": {"a": {"b": [1, 2], "c": {"value": 1, "type": "number"}}},
          "input": {"value": {"list": ["a", "s"], "map": {"k": "s"}, "n": "12.50"},
                    "type": ["object", {"list": ["tuple", ["string", "string"]],
                                        "map": ["map", "string"], "n": "number",
                                        "absent": ["list", "bool"]}]},
          "typed_first": {"type": ["set", "number"], "value": [3, 1, 3, 1e400]},
          "dyn_in_dyn": {"value": {"value": [true], "type": ["list", "bool"]}, "type": "dynamic"},
          "typed_null": {"value": null, "type": ["map", "string"]},
          "wrong_type": {"value": "x", "type": "number"},
          "long_tuple": {"value": [1, 2], "type": ["tuple", ["number"]]},
          "short_tuple": {"value": [1], "type": ["tuple", ["number", "number"]]},
          "not_a_type": {"value": 1, "type": "widget"},
          "three_keys": {"value": 1, "type": "number", "x": 1},
          "float_string": {"value": 2.5, "type": "string"},
          "extra_key": {"value": {"a": 1, "zz": [1]}, "type": ["object", {"a": "number"}]},
          "secret": "hunter2"
        }"#;
        let sensitive: Vec<AttrPath> = serde_json::from_value(json!([
            [{"type": "get_attr", "value": "secret"}],
            [{"type": "get_attr", "value": "input"}, {"type": "get_attr", "value": "list"},
             {"type": "index", "value": {"value": 1, "type": "number"}}],
            [{"type": "get_attr", "value": "input"}, {"type": "get_attr", "value": "map"},
             {"type": "index", "value": {"value": "k", "type": "string"}}],
            [{"type": "get_attr", "value": "nested"}, {"type": "get_attr", "value": "a"}],
            [{"type": "get_attr", "value": "nowhere"}]
        ]))
        .unwrap();
        let tree: Json = serde_json::from_str(raw).unwrap();
        let want = attributes_value_marked(&tree, &sensitive);
        let got = attributes_value_raw_marked(raw, &sensitive).unwrap();
        assert_eq!(got, want);
        // Each attribute on its own too, so a difference names itself.
        for (k, v) in tree.as_object().unwrap() {
            let one = json!({ k: v });
            let text = serde_json::to_string(&one).unwrap();
            assert_eq!(
                attributes_value_raw(&text),
                Some(attributes_value(&one)),
                "{k}"
            );
        }
        // Not an object at the top: read structurally, as the tree is.
        for text in ["[1, {\"value\": 1, \"type\": \"number\"}]", "\"s\"", "2.5"] {
            let tree: Json = serde_json::from_str(text).unwrap();
            assert_eq!(
                attributes_value_raw(text),
                Some(attributes_value(&tree)),
                "{text}"
            );
        }
        assert_eq!(attributes_value_raw("{\"a\": "), None);
    }

    /// Random attributes objects of every shape the reader tells apart,
    /// written compact and indented: the text reads as the tree does.
    #[test]
    fn random_attributes_read_from_text_as_from_the_tree() {
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = move |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        fn ty(next: &mut dyn FnMut(u64) -> u64, depth: u32) -> Json {
            match next(if depth > 2 { 4 } else { 9 }) {
                0 => json!("string"),
                1 => json!("number"),
                2 => json!("bool"),
                3 => json!("dynamic"),
                4 => json!(["list", ty(next, depth + 1)]),
                5 => json!(["set", ty(next, depth + 1)]),
                6 => json!(["map", ty(next, depth + 1)]),
                7 => json!(["tuple", [ty(next, depth + 1), ty(next, depth + 1)]]),
                _ => json!(["object", {"a": ty(next, depth + 1), "b\"": ty(next, depth + 1)}]),
            }
        }
        fn val(next: &mut dyn FnMut(u64) -> u64, depth: u32) -> Json {
            let strings = [
                "",
                "a",
                "é\u{1F600}",
                "q\"\\/\n\t\u{1}",
                "12.50",
                "value",
                "type",
            ];
            let numbers = [
                "0",
                "-0",
                "7",
                "-12",
                "1.5e-7",
                "1E400",
                "18446744073709551616",
                "0.1",
            ];
            match next(if depth > 3 { 4 } else { 8 }) {
                0 => Json::Null,
                1 => json!(next(2) == 0),
                2 => json!(strings[next(strings.len() as u64) as usize]),
                3 => serde_json::from_str(numbers[next(numbers.len() as u64) as usize]).unwrap(),
                4 => Json::Array((0..next(4)).map(|_| val(next, depth + 1)).collect()),
                5 => json!({"value": val(next, depth + 1), "type": ty(next, 0)}),
                6 => json!({"type": ty(next, 0), "value": val(next, depth + 1)}),
                _ => {
                    let keys = ["a", "b\"", "value", "type", "x"];
                    Json::Object(
                        (0..next(4))
                            .map(|_| (keys[next(5) as usize].to_string(), val(next, depth + 1)))
                            .collect(),
                    )
                }
            }
        }
        for round in 0..3000 {
            let attrs = Json::Object(
                (0..1 + next(5))
                    .map(|i| (format!("k{i}"), val(&mut next, 0)))
                    .collect(),
            );
            let text = if round % 2 == 0 {
                serde_json::to_string(&attrs).unwrap()
            } else {
                serde_json::to_string_pretty(&attrs).unwrap()
            };
            assert_eq!(
                attributes_value_raw(&text),
                Some(attributes_value(&attrs)),
                "{text}"
            );
        }
    }

    #[test]
    fn nesting_deeper_than_serde_reads_is_refused_without_recursing() {
        // A state's attributes are skipped by serde at any depth; reading
        // them stops where serde's own reader would.
        let deep = |n: usize| {
            format!(
                "{{\"a\": {{\"value\": {}1{}, \"type\": \"dynamic\"}}}}",
                "[".repeat(n),
                "]".repeat(n)
            )
        };
        assert_eq!(attributes_value_raw(&deep(1_000_000)), None);
        assert!(attributes_value_raw(&deep(100)).is_some());
    }
}
