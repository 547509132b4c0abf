//! Printing values the way `terraform console` and `terraform output` do.
//!
//! The console format resembles HCL and names the exact type where syntax
//! alone would not tell it: `tolist([...])`, `toset([...])`, `tomap({...})`,
//! `tostring(null)`. Collections always span several lines with two-space
//! indentation, sequence items end in a comma, and every map or object key
//! is a quoted string with a plain ` = ` (no alignment). Strings holding a
//! newline become heredocs (`<<EOT`, or `<<-EOT` when nested). Unknown
//! values print as `(known after apply)` even when sensitive; a sensitive
//! value prints as `(sensitive value)` wherever it sits.

use super::value::{Type, Value};

/// The text `echo EXPR | terraform console` prints for the value.
pub(crate) fn console(v: &Value) -> String {
    let mut out = String::new();
    write_value(&mut out, v, 0, false);
    out
}

/// The console text, except that an unknown which knows its origin shows
/// the reference it came from (`aws_vpc.main.id`, `"z-${aws_vpc.main.id}"`)
/// instead of `(known after apply)`: what a report about two
/// configurations needs to say which object a value waits for.
pub(crate) fn console_with_origins(v: &Value) -> String {
    let mut out = String::new();
    write_value(&mut out, v, 0, true);
    out
}

/// One entry of the `terraform output` listing, `name = value`, where a
/// sensitive output is hidden as `<sensitive>`.
pub(crate) fn output_line(name: &str, v: &Value) -> String {
    if v.has_marks_deep() {
        format!("{name} = <sensitive>")
    } else {
        format!("{name} = {}", console(v))
    }
}

/// The value as `terraform output -json` gives it: lists, sets and tuples
/// as arrays, maps and objects as objects, numbers as JSON numbers, the
/// real value of sensitive ones. Unknowns cannot reach an output's JSON in
/// Terraform; they become `null` here.
pub(crate) fn json(v: &Value) -> serde_json::Value {
    use serde_json::Value as J;
    match v {
        Value::Null(_) | Value::Unknown(..) => J::Null,
        Value::Bool(b) => J::Bool(*b),
        // Every digit, as cty writes a number (`Text('f', -1)`).
        Value::Number(n) => match serde_json::from_str::<serde_json::Number>(&n.to_string()) {
            Ok(n) => J::Number(n),
            Err(_) => J::Null,
        },
        Value::String(s) => J::String(s.clone()),
        Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => {
            J::Array(items.iter().map(json).collect())
        }
        Value::Map(_, m) | Value::Object(m) => {
            J::Object(m.iter().map(|(k, v)| (k.clone(), json(v))).collect())
        }
        Value::Sensitive(inner) => json(inner),
    }
}

/// A type as `terraform output -json` writes it in the `type` field:
/// `"string"`, `["list","string"]`, `["object",{"a":"number"}]`,
/// `["tuple",["number"]]`, `"dynamic"`.
pub(crate) fn json_type(t: &Type) -> serde_json::Value {
    use serde_json::{Value as J, json};
    match t {
        Type::Dynamic => J::from("dynamic"),
        Type::Bool => J::from("bool"),
        Type::Number => J::from("number"),
        Type::String => J::from("string"),
        Type::List(e) => json!(["list", json_type(e)]),
        Type::Set(e) => json!(["set", json_type(e)]),
        Type::Map(e) => json!(["map", json_type(e)]),
        Type::Tuple(es) => json!(["tuple", es.iter().map(json_type).collect::<Vec<_>>()]),
        Type::Object(attrs) => {
            let m: serde_json::Map<_, _> = attrs
                .iter()
                .map(|(k, t)| (k.clone(), json_type(t)))
                .collect();
            json!(["object", m])
        }
    }
}

fn write_value(out: &mut String, v: &Value, indent: usize, origins: bool) {
    // Unknown wins over sensitive: a sensitive unknown is still shown as
    // not yet known (its origin is a reference, never the secret).
    if v.is_unknown() {
        match v.origin() {
            // An origin may quote what it was derived from: never a secret.
            _ if origins && v.is_marked() => out.push_str("(sensitive value)"),
            Some(o) if origins => out.push_str(&o.to_string()),
            _ => out.push_str("(known after apply)"),
        }
        return;
    }
    let v = match v {
        Value::Sensitive(_) => {
            out.push_str("(sensitive value)");
            return;
        }
        v => v,
    };
    match v {
        Value::Null(t) => out.push_str(&typed_null(t)),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => out.push_str(&n.to_string()),
        Value::String(s) => write_string(out, s, indent),
        Value::Tuple(items) => write_sequence(out, items, indent, origins),
        Value::List(_, items) => {
            out.push_str("tolist(");
            write_sequence(out, items, indent, origins);
            out.push(')');
        }
        Value::Set(_, items) => {
            out.push_str("toset(");
            write_sequence(out, items, indent, origins);
            out.push(')');
        }
        Value::Object(m) => write_mapping(out, m, indent, origins),
        Value::Map(_, m) => {
            out.push_str("tomap(");
            write_mapping(out, m, indent, origins);
            out.push(')');
        }
        Value::Unknown(..) | Value::Sensitive(_) => unreachable!("handled above"),
    }
}

/// A null names its type so that `tostring(null)` and `null` differ.
fn typed_null(t: &Type) -> String {
    match t {
        Type::Dynamic => "null".into(),
        Type::String => "tostring(null)".into(),
        Type::Number => "tonumber(null)".into(),
        Type::Bool => "tobool(null)".into(),
        Type::List(e) => format!("tolist(null) /* of {} */", e.friendly_name()),
        Type::Set(e) => format!("toset(null) /* of {} */", e.friendly_name()),
        Type::Map(e) => format!("tomap(null) /* of {} */", e.friendly_name()),
        Type::Tuple(_) | Type::Object(_) => format!("null /* {} */", t.friendly_name()),
    }
}

fn write_sequence(out: &mut String, items: &[Value], indent: usize, origins: bool) {
    out.push('[');
    for item in items {
        newline(out, indent + 2);
        write_value(out, item, indent + 2, origins);
        out.push(',');
    }
    if !items.is_empty() {
        newline(out, indent);
    }
    out.push(']');
}

fn write_mapping(
    out: &mut String,
    m: &crate::lang::sorted_map::SortedMap<String, Value>,
    indent: usize,
    origins: bool,
) {
    out.push('{');
    for (k, v) in m {
        newline(out, indent + 2);
        // Keys are printed like any string value, so a key with a newline
        // would even become a heredoc.
        write_string(out, k, indent + 2);
        out.push_str(" = ");
        write_value(out, v, indent + 2, origins);
    }
    if !m.is_empty() {
        newline(out, indent);
    }
    out.push('}');
}

fn newline(out: &mut String, indent: usize) {
    out.push('\n');
    out.extend(std::iter::repeat_n(' ', indent));
}

fn write_string(out: &mut String, s: &str, indent: usize) {
    if s.contains('\n') {
        write_heredoc(out, s, indent);
    } else {
        out.push_str(&crate::text::go_quote(s));
    }
}

/// A string with a newline as a heredoc: every line (even an empty one)
/// indented to the current level, `<<-` once nested, and the `EOT`
/// delimiter lengthened with `_` while some line would close it early.
/// The lines are written raw: no escapes, `${` stays as it is.
fn write_heredoc(out: &mut String, s: &str, indent: usize) {
    let lines: Vec<&str> = s.split('\n').collect();
    let mut delim = String::from("EOT");
    while lines.iter().any(|l| l.trim() == delim) {
        delim.push('_');
    }
    out.push_str(if indent > 0 { "<<-" } else { "<<" });
    out.push_str(&delim);
    for line in &lines {
        newline(out, indent);
        out.push_str(line);
    }
    newline(out, indent);
    out.push_str(&delim);
}

/// A type as the console's `type()` prints it: primitives and collections
/// of primitives inline, everything else one element a line, indented by
/// four spaces (`object({\n    a: number,\n})`).
pub(crate) fn type_string(t: &Type) -> String {
    fn inline(t: &Type) -> Option<&'static str> {
        Some(match t {
            Type::Dynamic => "dynamic",
            Type::Bool => "bool",
            Type::Number => "number",
            Type::String => "string",
            _ => return None,
        })
    }
    fn write(t: &Type, indent: usize, out: &mut String) {
        let pad = " ".repeat(indent + 4);
        let end = " ".repeat(indent);
        match t {
            Type::List(e) | Type::Set(e) | Type::Map(e) => {
                let kind = match t {
                    Type::List(_) => "list",
                    Type::Set(_) => "set",
                    _ => "map",
                };
                match inline(e) {
                    Some(name) => out.push_str(&format!("{kind}({name})")),
                    None => {
                        out.push_str(&format!("{kind}(\n{pad}"));
                        write(e, indent + 4, out);
                        out.push_str(&format!(",\n{end})"));
                    }
                }
            }
            Type::Tuple(es) if es.is_empty() => out.push_str("tuple([])"),
            Type::Tuple(es) => {
                out.push_str("tuple([\n");
                for e in es {
                    out.push_str(&pad);
                    write(e, indent + 4, out);
                    out.push_str(",\n");
                }
                out.push_str(&format!("{end}])"));
            }
            Type::Object(attrs) if attrs.is_empty() => out.push_str("object({})"),
            Type::Object(attrs) => {
                out.push_str("object({\n");
                for (k, v) in attrs {
                    out.push_str(&format!("{pad}{k}: "));
                    write(v, indent + 4, out);
                    out.push_str(",\n");
                }
                out.push_str(&format!("{end}}})"));
            }
            t => out.push_str(inline(t).unwrap_or("dynamic")),
        }
    }
    let mut out = String::new();
    write(t, 0, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use crate::lang::sorted_map::SortedMap;
    use std::collections::BTreeMap;

    use super::*;
    use crate::lang::number::Number;

    fn s(x: &str) -> Value {
        Value::string(x)
    }

    fn obj(pairs: &[(&str, Value)]) -> SortedMap<String, Value> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.clone()))
            .collect()
    }

    // Every expected text below was printed by `terraform console` (1.11)
    // for the expression in the comment.
    #[test]
    fn console_prints_like_terraform() {
        let cases: Vec<(&str, Value, &str)> = vec![
            ("1+1", Value::int(2), "2"),
            ("1.5", Value::Number(Number::from_f64(1.5)), "1.5"),
            ("-0.25", Value::Number(Number::from_f64(-0.25)), "-0.25"),
            ("true", Value::Bool(true), "true"),
            ("null", Value::null(), "null"),
            (r#""a\"b""#, s("a\"b"), r#""a\"b""#),
            (r#""back\\slash""#, s("back\\slash"), r#""back\\slash""#),
            (r#""tab\there""#, s("tab\there"), r#""tab\there""#),
            (r#""cr\rx""#, s("cr\rx"), r#""cr\rx""#),
            (r#""$${x} %%{y}""#, s("${x} %{y}"), r#""${x} %{y}""#),
            (r#""\u00e9\u4e2d""#, s("é中"), r#""é中""#),
            (r#""a\u00a0b""#, s("a\u{a0}b"), r#""a\u00a0b""#),
            (r#""a\u200bb""#, s("a\u{200b}b"), r#""a\u200bb""#),
            (r#""\u0001""#, s("\u{1}"), r#""\x01""#),
            (r#""\u007f""#, s("\u{7f}"), r#""\x7f""#),
            (r#""\u0085""#, s("\u{85}"), r#""\u0085""#),
            (r#""\U0001F600""#, s("😀"), r#""😀""#),
            (r#""""#, s(""), r#""""#),
            (r#""a\nb""#, s("a\nb"), "<<EOT\na\nb\nEOT"),
            (r#""a\nb\n""#, s("a\nb\n"), "<<EOT\na\nb\n\nEOT"),
            (r#""\n""#, s("\n"), "<<EOT\n\n\nEOT"),
            (r#""EOT\nx""#, s("EOT\nx"), "<<EOT_\nEOT\nx\nEOT_"),
            (
                r#""  EOT_ \nEOT\nx""#,
                s("  EOT_ \nEOT\nx"),
                "<<EOT__\n  EOT_ \nEOT\nx\nEOT__",
            ),
            (r#""q\"${1}\nx""#, s("q\"1\nx"), "<<EOT\nq\"1\nx\nEOT"),
            ("[]", Value::Tuple(vec![].into()), "[]"),
            ("{}", Value::Object(SortedMap::new().into()), "{}"),
            (
                "tolist([])",
                Value::List(Type::Dynamic, vec![].into()),
                "tolist([])",
            ),
            (
                "toset([])",
                Value::Set(Type::Dynamic, vec![].into()),
                "toset([])",
            ),
            (
                "tomap({})",
                Value::Map(Type::Dynamic, SortedMap::new().into()),
                "tomap({})",
            ),
            (
                "[null]",
                Value::Tuple(vec![Value::null()].into()),
                "[\n  null,\n]",
            ),
            (
                "tolist([1,2])",
                Value::List(Type::Number, vec![Value::int(1), Value::int(2)].into()),
                "tolist([\n  1,\n  2,\n])",
            ),
            (
                r#"toset(["b","a"])"#,
                Value::set(Type::String, vec![s("b"), s("a")]),
                "toset([\n  \"a\",\n  \"b\",\n])",
            ),
            (
                r#"{a=1, bb="x", "c d"=2}"#,
                Value::Object(
                    obj(&[("a", Value::int(1)), ("bb", s("x")), ("c d", Value::int(2))]).into(),
                ),
                "{\n  \"a\" = 1\n  \"bb\" = \"x\"\n  \"c d\" = 2\n}",
            ),
            (
                "tomap({a=1, bbb=2})",
                Value::Map(
                    Type::Number,
                    obj(&[("a", Value::int(1)), ("bbb", Value::int(2))]).into(),
                ),
                "tomap({\n  \"a\" = 1\n  \"bbb\" = 2\n})",
            ),
            (
                "[1,[2,3],{a=1}]",
                Value::Tuple(
                    vec![
                        Value::int(1),
                        Value::Tuple(vec![Value::int(2), Value::int(3)].into()),
                        Value::Object(obj(&[("a", Value::int(1))]).into()),
                    ]
                    .into(),
                ),
                "[\n  1,\n  [\n    2,\n    3,\n  ],\n  {\n    \"a\" = 1\n  },\n]",
            ),
            (
                r#"tolist([null,"a"])"#,
                Value::List(Type::String, vec![Value::Null(Type::String), s("a")].into()),
                "tolist([\n  tostring(null),\n  \"a\",\n])",
            ),
            (
                r#"{a = ["x\ny"]}"#,
                Value::Object(obj(&[("a", Value::Tuple(vec![s("x\ny")].into()))]).into()),
                "{\n  \"a\" = [\n    <<-EOT\n    x\n    y\n    EOT,\n  ]\n}",
            ),
            (
                r#"{"k\nl" = 1}"#,
                Value::Object(obj(&[("k\nl", Value::int(1))]).into()),
                "{\n  <<-EOT\n  k\n  l\n  EOT = 1\n}",
            ),
        ];
        for (expr, value, want) in cases {
            assert_eq!(console(&value), want, "console output of {expr}");
        }
    }

    #[test]
    fn typed_nulls_name_their_type() {
        let cases: Vec<(&str, Value, &str)> = vec![
            (
                "tostring(null)",
                Value::Null(Type::String),
                "tostring(null)",
            ),
            (
                "tonumber(null)",
                Value::Null(Type::Number),
                "tonumber(null)",
            ),
            ("tobool(null)", Value::Null(Type::Bool), "tobool(null)"),
            (
                "tolist(null) of string",
                Value::Null(Type::List(Box::new(Type::String))),
                "tolist(null) /* of string */",
            ),
            (
                "toset(null) of number",
                Value::Null(Type::Set(Box::new(Type::Number))),
                "toset(null) /* of number */",
            ),
            (
                "tomap(null) of list of string",
                Value::Null(Type::Map(Box::new(Type::List(Box::new(Type::String))))),
                "tomap(null) /* of list of string */",
            ),
            (
                "var.opt.obj null",
                Value::Null(Type::Object(BTreeMap::new())),
                "null /* object */",
            ),
            (
                "null tuple",
                Value::Null(Type::Tuple(vec![])),
                "null /* tuple */",
            ),
        ];
        for (what, value, want) in cases {
            assert_eq!(console(&value), want, "{what}");
        }
    }

    #[test]
    fn unknown_and_sensitive_values() {
        let unknown = Value::Unknown(Type::String, None);
        let secret = s("x").mark();
        let cases: Vec<(&str, Value, &str)> = vec![
            (
                "terraform_data.x.id",
                unknown.clone(),
                "(known after apply)",
            ),
            ("var.secret", secret.clone(), "(sensitive value)"),
            // An unknown that is also sensitive still reads as unknown.
            (
                "sensitive(terraform_data.x.id)",
                unknown.clone().mark(),
                "(known after apply)",
            ),
            (
                "[var.str, var.secret]",
                Value::Tuple(vec![s("hello"), secret.clone()].into()),
                "[\n  \"hello\",\n  (sensitive value),\n]",
            ),
            (
                r#"["known", terraform_data.x.output]"#,
                Value::Tuple(vec![s("known"), Value::unknown()].into()),
                "[\n  \"known\",\n  (known after apply),\n]",
            ),
            (
                "var.secret_map",
                Value::Map(Type::String, obj(&[("a", s("b"))]).into()).mark(),
                "(sensitive value)",
            ),
        ];
        for (expr, value, want) in cases {
            assert_eq!(console(&value), want, "console output of {expr}");
        }
    }

    // Expected texts from `terraform output` / `terraform output -json`
    // after applying outputs with these values.
    #[test]
    fn output_formats() {
        assert_eq!(output_line("s", &s("a\"b")), r#"s = "a\"b""#);
        assert_eq!(output_line("ml", &s("l1\nl2")), "ml = <<EOT\nl1\nl2\nEOT");
        assert_eq!(output_line("sec", &s("x").mark()), "sec = <sensitive>");
        assert_eq!(
            output_line("empty", &Value::Object(SortedMap::new().into())),
            "empty = {}"
        );

        let o = Value::Object(
            obj(&[
                ("a", Value::int(1)),
                (
                    "bbbb",
                    Value::Object(obj(&[("c", Value::Tuple(vec![Value::int(1)].into()))]).into()),
                ),
            ])
            .into(),
        );
        assert_eq!(json(&o).to_string(), r#"{"a":1,"bbbb":{"c":[1]}}"#);
        assert_eq!(
            json_type(&o.ty()).to_string(),
            r#"["object",{"a":"number","bbbb":["object",{"c":["tuple",["number"]]}]}]"#
        );
        let st = Value::set(Type::String, vec![s("b"), s("a")]);
        assert_eq!(json(&st).to_string(), r#"["a","b"]"#);
        assert_eq!(json_type(&st.ty()).to_string(), r#"["set","string"]"#);
        let t = Value::Tuple(vec![Value::int(1), s("x"), Value::null()].into());
        assert_eq!(json(&t).to_string(), r#"[1,"x",null]"#);
        assert_eq!(
            json_type(&t.ty()).to_string(),
            r#"["tuple",["number","string","dynamic"]]"#
        );
        assert_eq!(
            json(&Value::Number(Number::from_f64(1.5))).to_string(),
            "1.5"
        );
        assert_eq!(json(&s("x").mark()).to_string(), r#""x""#);
        let m = Value::Map(Type::Number, obj(&[("a", Value::int(1))]).into());
        assert_eq!(json_type(&m.ty()).to_string(), r#"["map","number"]"#);
    }
}
