//! Recorded attributes as values: plain JSON read structurally, dynamic
//! attributes (`{"value": ..., "type": ...}`) read with their cty type, and
//! `sensitive_attributes` paths turned into sensitive marks.

use serde::{Deserialize, Serialize, de};
use serde_json::Value as Json;

use crate::lang::number::Number;
use crate::lang::sorted_map::SortedMap;
use crate::lang::value::{Type, Value};

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
    sensitive
        .iter()
        .fold(attributes_value(attrs), |v, path| mark_path(v, path))
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
// The same conversion as `attributes_value` and `typed`, driven by serde
// over the text, so no `serde_json::Value` tree is built per object: a
// state of 100,000 objects is read once, into values.

/// How serde_json (with `arbitrary_precision`) hands a number that is not
/// a 64-bit integer to a visitor: a one-entry map with this key and the
/// number's text. serde_json's own `Value` reads it the same way.
const NUMBER_TOKEN: &str = "$serde_json::private::Number";

/// [`attributes_value`] of the JSON text `raw`; None only when `raw` is
/// not JSON (a state's attributes always are, they were parsed already).
pub(crate) fn attributes_value_raw(raw: &str) -> Option<Value> {
    let mut de = serde_json::Deserializer::from_str(raw);
    let v = de::DeserializeSeed::deserialize(Read::Attributes, &mut de).ok()?;
    de.end().ok()?;
    Some(v)
}

/// [`attributes_value_marked`] of the JSON text `raw`.
pub(crate) fn attributes_value_raw_marked(raw: &str, sensitive: &[AttrPath]) -> Option<Value> {
    let v = attributes_value_raw(raw)?;
    Some(sensitive.iter().fold(v, |v, path| mark_path(v, path)))
}

/// What a [`Read`] produces: a value, or (for `Dynamic`) that the JSON was
/// not a dynamic value's shape.
fn from_raw<'de, S>(seed: S, raw: &'de str) -> Option<S::Value>
where
    S: de::DeserializeSeed<'de>,
{
    let mut de = serde_json::Deserializer::from_str(raw);
    let v = seed.deserialize(&mut de).ok()?;
    de.end().ok()?;
    Some(v)
}

/// How to read one JSON value.
#[derive(Clone, Copy)]
enum Read<'t> {
    /// The attributes object: each entry a dynamic value when it has that
    /// shape, else untyped ([`attributes_value`]).
    Attributes,
    /// [`untyped`].
    Untyped,
    /// [`typed`] with this type; fails (an error, turned into None) where
    /// `typed` gives None. `Typed(Dynamic)` is [`dynamic_value`].
    Typed(&'t Type),
    /// A dynamic value if it has the shape, else untyped: one top-level
    /// attribute.
    DynamicOrUntyped,
}

/// The reason a typed read stopped; never shown (the read gives None).
fn mismatch<E: de::Error>() -> E {
    E::custom("not of the recorded type")
}

impl<'de> de::DeserializeSeed<'de> for Read<'_> {
    type Value = Value;

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> de::Visitor<'de> for Read<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a recorded value")
    }

    fn visit_unit<E: de::Error>(self) -> Result<Value, E> {
        Ok(match self {
            Read::Typed(ty) => Value::Null(ty.clone()),
            _ => Value::null(),
        })
    }

    fn visit_none<E: de::Error>(self) -> Result<Value, E> {
        self.visit_unit()
    }

    fn visit_bool<E: de::Error>(self, b: bool) -> Result<Value, E> {
        match self {
            Read::Typed(Type::Bool) | Read::Untyped | Read::Attributes | Read::DynamicOrUntyped => {
                Ok(Value::Bool(b))
            }
            _ => Err(mismatch()),
        }
    }

    fn visit_i64<E: de::Error>(self, i: i64) -> Result<Value, E> {
        self.number(Value::int(i))
    }

    fn visit_u64<E: de::Error>(self, u: u64) -> Result<Value, E> {
        match i64::try_from(u) {
            Ok(i) => self.visit_i64(i),
            Err(_) => self.number_text(&u.to_string()),
        }
    }

    fn visit_f64<E: de::Error>(self, f: f64) -> Result<Value, E> {
        // Not reached with `arbitrary_precision`; kept for completeness.
        self.number(Value::Number(Number::from_f64(f)))
    }

    fn visit_str<E: de::Error>(self, s: &str) -> Result<Value, E> {
        match self {
            Read::Typed(Type::String)
            | Read::Untyped
            | Read::Attributes
            | Read::DynamicOrUntyped => Ok(Value::string(s)),
            Read::Typed(Type::Number) => Number::parse(s).map(Value::Number).ok_or_else(mismatch),
            _ => Err(mismatch()),
        }
    }

    fn visit_string<E: de::Error>(self, s: String) -> Result<Value, E> {
        match self {
            Read::Typed(Type::String)
            | Read::Untyped
            | Read::Attributes
            | Read::DynamicOrUntyped => Ok(Value::String(s)),
            _ => self.visit_str(&s),
        }
    }

    fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let each = |seq: &mut A, read: Read| -> Result<Vec<Value>, A::Error> {
            let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(0));
            while let Some(v) = seq.next_element_seed(read)? {
                out.push(v);
            }
            Ok(out)
        };
        match self {
            Read::Untyped | Read::Attributes | Read::DynamicOrUntyped => {
                Ok(Value::Tuple(each(&mut seq, Read::Untyped)?.into()))
            }
            Read::Typed(Type::List(e)) => Ok(Value::List(
                (**e).clone(),
                each(&mut seq, Read::Typed(e))?.into(),
            )),
            Read::Typed(Type::Set(e)) => {
                Ok(Value::set((**e).clone(), each(&mut seq, Read::Typed(e))?))
            }
            Read::Typed(Type::Tuple(ts)) => {
                let mut out = Vec::with_capacity(ts.len());
                for t in ts {
                    match seq.next_element_seed(Read::Typed(t))? {
                        Some(v) => out.push(v),
                        None => return Err(mismatch()),
                    }
                }
                // More elements than the type has: not of that type.
                if seq.next_element::<de::IgnoredAny>()?.is_some() {
                    return Err(mismatch());
                }
                Ok(Value::Tuple(out.into()))
            }
            _ => Err(mismatch()),
        }
    }

    fn visit_map<A: de::MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let Some(first) = map.next_key::<String>()? else {
            return self.entries(None, map);
        };
        if first == NUMBER_TOKEN {
            let text: String = map.next_value()?;
            return self.number_text(&text);
        }
        self.entries(Some(first), map)
    }
}

impl Read<'_> {
    /// A number read as `self` reads one.
    fn number<E: de::Error>(self, n: Value) -> Result<Value, E> {
        match self {
            Read::Typed(Type::Number)
            | Read::Untyped
            | Read::Attributes
            | Read::DynamicOrUntyped => Ok(n),
            _ => Err(mismatch()),
        }
    }

    /// A number that is not a 64-bit integer, from its JSON text (as
    /// [`number`] reads it).
    fn number_text<E: de::Error>(self, text: &str) -> Result<Value, E> {
        // `-0` comes as text, and `Number::as_i64` takes it as 0.
        if let Ok(i) = text.parse::<i64>() {
            return de::Visitor::visit_i64(self, i);
        }
        let n = Number::parse(text)
            .unwrap_or_else(|| Number::from_f64(text.parse::<f64>().unwrap_or(f64::NAN)));
        self.number(Value::Number(n))
    }

    /// The entries of a JSON object (after the first key, read already).
    fn entries<'de, A: de::MapAccess<'de>>(
        self,
        first: Option<String>,
        mut map: A,
    ) -> Result<Value, A::Error> {
        let mut key = first;
        match self {
            Read::Attributes => {
                // Attributes recorded with the same text (`input` and
                // `output` of `terraform_data`, `tags` and `tags_all`) are
                // one value, read once and shared: half the memory of such
                // objects, which a state holds for every instance.
                let mut read: Vec<(&'de str, Value)> = Vec::new();
                // Collected, then sorted once (`SortedMap`).
                let mut out = Vec::new();
                while let Some(k) = key {
                    let raw: &'de serde_json::value::RawValue = map.next_value()?;
                    let text = raw.get();
                    let v = match read.iter().find(|(t, _)| *t == text) {
                        Some((_, v)) => v.clone(),
                        None => {
                            let v = from_raw(Read::DynamicOrUntyped, text).ok_or_else(mismatch)?;
                            // Only collections are worth sharing.
                            if text.starts_with(['{', '[']) {
                                read.push((text, v.clone()));
                            }
                            v
                        }
                    };
                    out.push((k, v));
                    key = map.next_key()?;
                }
                Ok(Value::Object(out.into_iter().collect()))
            }
            Read::Untyped => {
                let mut out = Vec::new();
                while let Some(k) = key {
                    out.push((k, map.next_value_seed(Read::Untyped)?));
                    key = map.next_key()?;
                }
                Ok(Value::Object(out.into_iter().collect()))
            }
            Read::Typed(Type::Map(e)) => {
                let mut out = Vec::new();
                while let Some(k) = key {
                    out.push((k, map.next_value_seed(Read::Typed(e))?));
                    key = map.next_key()?;
                }
                Ok(Value::Map((**e).clone(), out.into_iter().collect()))
            }
            Read::Typed(Type::Object(attrs)) => {
                let mut out = Vec::new();
                while let Some(k) = key {
                    // Keys the type lacks are not read, as `typed` does.
                    match attrs.get(&k) {
                        Some(t) => {
                            out.push((k, map.next_value_seed(Read::Typed(t))?));
                        }
                        None => {
                            map.next_value::<de::IgnoredAny>()?;
                        }
                    }
                    key = map.next_key()?;
                }
                let mut out: SortedMap<String, Value> = out.into_iter().collect();
                for (k, t) in attrs {
                    out.entry(k.clone())
                        .or_insert_with(|| Value::Null(t.clone()));
                }
                Ok(Value::Object(out.into()))
            }
            Read::Typed(Type::Dynamic) | Read::DynamicOrUntyped => {
                // `{"value": V, "type": T}`: V can only be read once T is
                // known, and T may come second, so both are kept as text.
                let mut raw: Vec<(String, &'de serde_json::value::RawValue)> = Vec::new();
                while let Some(k) = key {
                    raw.push((k, map.next_value()?));
                    key = map.next_key()?;
                }
                if let Some(v) = dynamic_raw(&raw) {
                    return Ok(v);
                }
                if !matches!(self, Read::DynamicOrUntyped) {
                    return Err(mismatch());
                }
                let out = raw
                    .into_iter()
                    .map(|(k, v)| Ok((k, from_raw(Read::Untyped, v.get()).ok_or_else(mismatch)?)))
                    .collect::<Result<_, A::Error>>()?;
                Ok(Value::Object(out))
            }
            _ => Err(mismatch()),
        }
    }
}

/// [`dynamic_value`] of an object's entries kept as text.
fn dynamic_raw(entries: &[(String, &serde_json::value::RawValue)]) -> Option<Value> {
    let [(a, x), (b, y)] = entries else {
        return None;
    };
    let (value, ty) = match (a.as_str(), b.as_str()) {
        ("value", "type") => (x, y),
        ("type", "value") => (y, x),
        _ => return None,
    };
    let ty = recorded_type(ty.get())?;
    from_raw(Read::Typed(&ty), value.get())
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
}
