//! The canonical text of a value: what two values compare as, and what
//! signatures are written in.

use crate::lang::unknown::{Origin, Source};
use crate::lang::value::Value;

/// A loose canonical text of a value, matching what a provider would store:
/// lists and tuples alike, maps and objects alike, a number and its decimal
/// string alike, null and an empty collection alike, set order ignored,
/// null (or empty) entries of a map dropped, as unset attributes of a
/// block. Sensitive values compare by value.
pub(crate) fn canonical(v: &Value) -> String {
    let mut out = String::new();
    write_canonical(v, &mut out);
    out
}

/// [`canonical`], appended to `out`: one buffer for a whole object rather
/// than a string per value.
pub(super) fn write_canonical(v: &Value, out: &mut String) {
    use std::fmt::Write;
    let (v, _) = v.unmark();
    // Writing to a String cannot fail.
    match v {
        Value::Null(_) => out.push_str("null"),
        // An unknown compares by where it comes from: the same attribute of
        // the same (paired) object, or the same operation over such.
        Value::Unknown(_, Some(o)) => {
            out.push('?');
            write_origin(o, out);
        }
        Value::Unknown(_, None) => out.push('?'),
        Value::Bool(b) => out.push_str(if *b { "ptrue" } else { "pfalse" }),
        Value::Number(n) => {
            let _ = write!(out, "p{n}");
        }
        Value::String(s) => {
            out.push('p');
            out.push_str(s);
        }
        Value::List(_, items) | Value::Tuple(items) if items.is_empty() => out.push_str("null"),
        Value::Set(_, items) if items.is_empty() => out.push_str("null"),
        Value::Map(_, m) | Value::Object(m) if m.values().all(Value::is_null) => {
            out.push_str("null")
        }
        Value::List(_, items) | Value::Tuple(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_canonical(item, out);
            }
            out.push(']');
        }
        Value::Set(_, items) => {
            let mut parts: Vec<String> = items.iter().map(canonical).collect();
            parts.sort();
            let _ = write!(out, "[{}]", parts.join(","));
        }
        Value::Map(_, m) | Value::Object(m) => {
            let start = out.len();
            out.push('{');
            let mut any = false;
            for (k, v) in m.iter() {
                let entry = out.len();
                if any {
                    out.push(',');
                }
                write_key(k, out);
                let value = out.len();
                write_canonical(v, out);
                // Null (or empty) entries are dropped.
                if &out[value..] == "null" {
                    out.truncate(entry);
                } else {
                    any = true;
                }
            }
            if any {
                out.push('}');
            } else {
                out.truncate(start);
                out.push_str("null");
            }
        }
        Value::Sensitive(inner) => write_canonical(inner, out),
    }
}

/// A key as `{k:?}:` writes it. Debug-quoting changes no printable ASCII
/// character but a quote or a backslash: such a key (nearly every one) is
/// copied whole rather than formatted character by character.
fn write_key(k: &str, out: &mut String) {
    let plain = |b: u8| (0x20..0x7f).contains(&b) && b != b'"' && b != b'\\';
    if k.bytes().all(plain) {
        out.push('"');
        out.push_str(k);
        out.push_str("\":");
    } else {
        use std::fmt::Write;
        let _ = write!(out, "{k:?}:");
    }
}

fn write_origin(o: &Origin, out: &mut String) {
    use std::fmt::Write;
    match o.source() {
        Source::Attr { object, attr } => {
            let _ = write!(out, "{object}.{attr}");
        }
        Source::Derived { op, args } => {
            let _ = write!(out, "{op:?}(");
            for (i, a) in args.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_canonical(a, out);
            }
            out.push(')');
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;
    use super::*;

    #[test]
    fn keys_are_written_as_debug_quoting_writes_them() {
        // Canonical texts are fingerprints `check` prints: they must not
        // change with the fast path.
        for k in [
            "name",
            "with space",
            "a\"q",
            "back\\slash",
            "tab\t",
            "nl\n",
            "é",
            "日本",
            "\u{301}x",
            "\u{7f}",
            "",
            "'",
        ] {
            let mut out = String::new();
            write_key(k, &mut out);
            assert_eq!(out, format!("{k:?}:"), "{k}");
        }
    }

    #[test]
    fn canonical_forms_ignore_collection_kind_and_set_order() {
        use crate::lang::value::Type;
        assert_eq!(
            canonical(&Value::Tuple(vec![s("a")].into())),
            canonical(&Value::List(Type::String, vec![s("a")].into()))
        );
        assert_eq!(canonical(&Value::int(80)), canonical(&s("80")));
        assert_eq!(
            canonical(&Value::set(Type::String, vec![s("b"), s("a")])),
            canonical(&Value::Tuple(vec![s("a"), s("b")].into()))
        );
        assert_ne!(canonical(&s("a")), canonical(&s("b")));
    }
}
