//! Recorded attributes as values: plain JSON read structurally, dynamic
//! attributes (`{"value": ..., "type": ...}`) read with their cty type, and
//! `sensitive_attributes` paths turned into sensitive marks.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value as Json;

use crate::lang::number::Number;
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
                .collect::<Option<BTreeMap<_, _>>>()?;
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
    mut m: BTreeMap<String, Value>,
    key: Option<&str>,
    rest: &[PathStep],
) -> BTreeMap<String, Value> {
    if let Some(child) = key.and_then(|k| m.remove(k)) {
        m.insert(key.unwrap_or_default().to_string(), mark_path(child, rest));
    }
    m
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
}
