//! Symbolic references. Without a state, `aws_vpc.main.id` is unknown on
//! both sides of a refactor, and two unknowns cannot be compared. When the
//! refactor evaluates a configuration, an attribute that is not known
//! becomes a token naming the object and attribute it comes from; tokens
//! travel through templates and module outputs like any string, and the
//! pairing rewrites them through the pairs it has decided, so
//! `module.net.vpc_id` equals `aws_vpc.main.id` once `module.net`'s VPC is
//! paired with `aws_vpc.main`.

use std::collections::BTreeMap;

use crate::addrs::AbsResourceInstance;
use crate::lang::value::Value;

const OPEN: char = '\u{E000}';
const SEP: char = '\u{E001}';
const CLOSE: char = '\u{E002}';

/// The token standing for `addr.attr`. Private-use characters keep it from
/// colliding with real text.
pub fn token(addr: &AbsResourceInstance, attr: &str) -> String {
    format!("{OPEN}{addr}{SEP}{attr}{CLOSE}")
}

/// Splits a string into text and (address, attribute) tokens.
fn pieces(s: &str) -> Vec<Result<&str, (&str, &str)>> {
    let mut out = Vec::new();
    let mut rest = s;
    while let Some(start) = rest.find(OPEN) {
        let Some(end) = rest[start..].find(CLOSE).map(|e| start + e) else {
            break;
        };
        let inner = &rest[start + OPEN.len_utf8()..end];
        let Some((addr, attr)) = inner.split_once(SEP) else {
            break;
        };
        if start > 0 {
            out.push(Ok(&rest[..start]));
        }
        out.push(Err((addr, attr)));
        rest = &rest[end + CLOSE.len_utf8()..];
    }
    if !rest.is_empty() {
        out.push(Ok(rest));
    }
    out
}

pub fn has_tokens(v: &Value) -> bool {
    match v.unmark().0 {
        Value::String(s) => s.contains(OPEN),
        Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => {
            items.iter().any(has_tokens)
        }
        Value::Map(_, m) | Value::Object(m) => m.values().any(has_tokens),
        _ => false,
    }
}

/// What a token becomes: another object's token, or a recorded value.
pub enum Resolved {
    Token(AbsResourceInstance, String),
    Value(Value),
}

/// Rewrites every token in `v` through `resolve` (None: leave it). A string
/// that is exactly one token becomes the resolved value itself; a token
/// inside text is replaced by the value's text when it is a primitive.
pub fn rewrite(
    v: &Value,
    resolve: &dyn Fn(&AbsResourceInstance, &str) -> Option<Resolved>,
) -> Value {
    let (inner, marked) = v.unmark();
    let out = match inner {
        Value::String(s) if s.contains(OPEN) => rewrite_string(s, resolve),
        Value::List(t, items) => Value::List(
            t.clone(),
            items.iter().map(|i| rewrite(i, resolve)).collect(),
        ),
        Value::Set(t, items) => Value::set(
            t.clone(),
            items.iter().map(|i| rewrite(i, resolve)).collect(),
        ),
        Value::Tuple(items) => Value::Tuple(items.iter().map(|i| rewrite(i, resolve)).collect()),
        Value::Map(t, m) => Value::Map(
            t.clone(),
            m.iter()
                .map(|(k, i)| (k.clone(), rewrite(i, resolve)))
                .collect(),
        ),
        Value::Object(m) => Value::Object(
            m.iter()
                .map(|(k, i)| (k.clone(), rewrite(i, resolve)))
                .collect(),
        ),
        other => other.clone(),
    };
    out.mark_if(marked)
}

fn rewrite_string(
    s: &str,
    resolve: &dyn Fn(&AbsResourceInstance, &str) -> Option<Resolved>,
) -> Value {
    let parts = pieces(s);
    let lookup = |addr: &str, attr: &str| -> Option<Resolved> {
        let a = AbsResourceInstance::parse(addr).ok()?;
        resolve(&a, attr)
    };
    if let [Err((addr, attr))] = parts.as_slice() {
        return match lookup(addr, attr) {
            Some(Resolved::Value(v)) => v,
            Some(Resolved::Token(a, at)) => Value::String(token(&a, &at)),
            None => Value::string(s),
        };
    }
    let mut out = String::new();
    for p in parts {
        match p {
            Ok(text) => out.push_str(text),
            Err((addr, attr)) => match lookup(addr, attr) {
                Some(Resolved::Token(a, at)) => out.push_str(&token(&a, &at)),
                Some(Resolved::Value(v)) => match v.unmark().0 {
                    Value::String(t) => out.push_str(t),
                    Value::Number(n) => out.push_str(&n.to_string()),
                    Value::Bool(b) => out.push_str(&b.to_string()),
                    _ => out.push_str(&format!("{OPEN}{addr}{SEP}{attr}{CLOSE}")),
                },
                None => out.push_str(&format!("{OPEN}{addr}{SEP}{attr}{CLOSE}")),
            },
        }
    }
    Value::String(out)
}

/// Renders tokens for people: `${aws_vpc.main.id}`.
pub fn readable(s: &str) -> String {
    pieces(s)
        .into_iter()
        .map(|p| match p {
            Ok(t) => t.to_string(),
            Err((addr, attr)) => format!("${{{addr}.{attr}}}"),
        })
        .collect()
}

/// A mapping from the new configuration's addresses to the prior objects
/// they were paired with.
pub type Mapping = BTreeMap<AbsResourceInstance, AbsResourceInstance>;

#[cfg(test)]
mod tests {
    use super::*;

    fn addr(s: &str) -> AbsResourceInstance {
        AbsResourceInstance::parse(s).unwrap()
    }

    #[test]
    fn tokens_rewrite_through_a_mapping_inside_text() {
        let new = addr("module.net.aws_vpc.this");
        let old = addr("aws_vpc.main");
        let v = Value::string(format!("arn:{}/x", token(&new, "id")));
        let out = rewrite(&v, &|a, attr| {
            (a == &new).then(|| Resolved::Token(old.clone(), attr.to_string()))
        });
        assert_eq!(out, Value::string(format!("arn:{}/x", token(&old, "id"))));
        assert_eq!(readable(out.as_str().unwrap()), "arn:${aws_vpc.main.id}/x");
    }

    #[test]
    fn a_whole_token_becomes_the_recorded_value() {
        let a = addr("aws_vpc.main");
        let v = Value::Tuple(vec![Value::string(token(&a, "id"))]);
        let out = rewrite(&v, &|_, _| Some(Resolved::Value(Value::string("vpc-1"))));
        assert_eq!(out, Value::Tuple(vec![Value::string("vpc-1")]));
        assert!(has_tokens(&v) && !has_tokens(&out));
    }
}
