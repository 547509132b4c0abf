//! Objects and pairings the pairing's unit tests build.

use crate::addrs::AbsResourceInstance;
use crate::lang::unknown::Origin;
use crate::lang::value::Value;

use super::{Mapping, Object, Pairing, pair};

pub(super) fn obj(addr: &str, attrs: &[(&str, Value)]) -> Object {
    Object::all_set(
        AbsResourceInstance::parse(addr).unwrap(),
        (attrs.iter())
            .map(|(k, v)| (k.to_string(), v.clone()))
            .collect(),
    )
}

pub(super) fn run(destroys: &[Object], creates: &[Object]) -> Pairing {
    pair(destroys, creates, &|v, _| v.clone())
}

pub(super) fn pairs(p: &Pairing) -> Vec<(String, String)> {
    p.pairs
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect()
}

pub(super) fn s(x: &str) -> Value {
    Value::string(x)
}

pub(super) fn object(attrs: &[(&str, Value)]) -> Value {
    Value::Object(
        attrs
            .iter()
            .map(|(k, v)| (k.to_string(), v.clone()))
            .collect(),
    )
}

pub(super) fn object_of(attrs: &[(&str, Value)]) -> Value {
    object(attrs)
}

pub(super) fn twins() -> (Vec<Object>, Vec<Object>) {
    (
        vec![
            obj("null_resource.a[0]", &[]),
            obj("null_resource.a[1]", &[]),
        ],
        vec![
            obj("null_resource.b[\"x\"]", &[]),
            obj("null_resource.b[\"y\"]", &[]),
        ],
    )
}

/// A reference to `object`'s `key_id`, unknown until apply.
pub(super) fn key_id(object: &str) -> Value {
    Value::Unknown(
        crate::lang::value::Type::String,
        Some(Origin::attr(object, "key_id")),
    )
}

/// A canon that follows a new-side reference to the prior object it
/// paired with.
pub(super) fn follow_pairs(v: &Value, m: &Mapping) -> Value {
    crate::lang::unknown::resolve(v, &|object, attr| {
        let at = m.get(&AbsResourceInstance::parse(object).ok()?)?;
        Some(Value::Unknown(
            crate::lang::value::Type::String,
            Some(Origin::attr(at.to_string(), attr)),
        ))
    })
}
