//! The objects a value refers to, read back from the origins of its
//! unknowns.

use crate::addrs::AbsResourceInstance;
use crate::lang::unknown::Source;
use crate::lang::value::Value;

/// The objects a value's unknowns come from (`aws_kms_key.this[0]` for
/// `aws_kms_key.this[0].key_id`, through templates and function calls).
pub(super) fn referenced_objects(v: &Value) -> Vec<AbsResourceInstance> {
    let mut out: Vec<AbsResourceInstance> = Vec::new();
    for (a, _) in referenced_attrs(v) {
        if !out.contains(&a) {
            out.push(a);
        }
    }
    out
}

/// The references of a value's unknowns: (object, attribute), through
/// templates and function calls.
pub(super) fn referenced_attrs(v: &Value) -> Vec<(AbsResourceInstance, String)> {
    fn walk(v: &Value, out: &mut Vec<(AbsResourceInstance, String)>) {
        match v.unmark().0 {
            Value::Unknown(_, Some(o)) => match o.source() {
                Source::Attr { object, attr } => {
                    if let Ok(a) = AbsResourceInstance::parse(object) {
                        let r = (a, attr.clone());
                        if !out.contains(&r) {
                            out.push(r);
                        }
                    }
                }
                Source::Derived { args, .. } => args.iter().for_each(|a| walk(a, out)),
            },
            Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => {
                items.iter().for_each(|i| walk(i, out))
            }
            Value::Map(_, m) | Value::Object(m) => m.values().for_each(|i| walk(i, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    walk(v, &mut out);
    out
}
