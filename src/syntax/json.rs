//! Terraform's JSON syntax (`.tf.json`): a JSON reader that keeps
//! positions and repeated keys (serde_json keeps neither), and the HCL JSON
//! rules that turn its values into bodies and expressions: every string is
//! a template, object keys are templates too, and which properties are
//! blocks is decided by the schema the caller passes.

use std::sync::Arc;

use crate::diagnostics::{Diagnostic, Diagnostics, SourceRange};
use crate::number::Number;

use super::ast::{Expr, ExprKind, Literal};
use super::body::{Attribute, Block, Body, Content};
use super::native;
use super::source::SourceFile;

#[derive(Clone, Debug)]
pub struct JsonValue {
    pub kind: JsonKind,
    pub range: SourceRange,
    /// Byte offset of the value in its file, for re-parsing string contents.
    pub offset: usize,
    pub file: Arc<SourceFile>,
}

#[derive(Clone, Debug)]
pub enum JsonKind {
    Null,
    Bool(bool),
    Number(String),
    String(String),
    Array(Vec<JsonValue>),
    /// Properties in source order, repeated keys kept.
    Object(Vec<(String, SourceRange, JsonValue)>),
}

/// Parses a `.tf.json` file into a body: its root is an object, or an
/// array of objects whose properties make one body in order (HCL's JSON
/// syntax merges them).
pub(crate) fn parse_file(file: &Arc<SourceFile>) -> Result<Body, Diagnostics> {
    let mut v = parse(file)?;
    if let JsonKind::Array(items) = &mut v.kind {
        let mut properties = Vec::new();
        let mut diags = Diagnostics::default();
        for item in std::mem::take(items) {
            match item.kind {
                JsonKind::Object(p) => properties.extend(p),
                _ => diags.push(
                    Diagnostic::error(
                        "Incorrect JSON value type",
                        "A JSON object is required here, to define arguments and child blocks.",
                    )
                    .at(&item.range),
                ),
            }
        }
        if diags.has_errors() {
            return Err(diags);
        }
        v.kind = JsonKind::Object(properties);
    }
    if !matches!(v.kind, JsonKind::Object(_)) {
        return Err(Diagnostic::error(
            "Root value must be object",
            "The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects.",
        )
        .at(&v.range)
        .into());
    }
    let range = v.range.clone();
    Ok(Body::Json { object: v, range })
}

/// Parses any JSON document (also used for `.tfvars.json`).
pub(crate) fn parse(file: &Arc<SourceFile>) -> Result<JsonValue, Diagnostics> {
    let mut p = Parser {
        file,
        bytes: file.text.as_bytes(),
        pos: 0,
        depth: 0,
    };
    p.ws();
    let v = p.value()?;
    p.ws();
    if p.pos < p.bytes.len() {
        return Err(p.error(
            "Extraneous data after value",
            "Extra characters appear after the JSON value.",
        ));
    }
    Ok(v)
}

struct Parser<'a> {
    file: &'a Arc<SourceFile>,
    bytes: &'a [u8],
    pos: usize,
    /// Objects and arrays open around `pos`.
    depth: usize,
}

/// As deep as native syntax nests (hcl-edit's limit): everything that
/// walks a value afterwards recurses, and the stack is finite.
const MAX_DEPTH: usize = 64;

impl Parser<'_> {
    fn error(&self, summary: &str, detail: &str) -> Diagnostics {
        Diagnostic::error(summary, detail)
            .at(&self.file.range(self.pos..self.pos + 1))
            .into()
    }

    fn ws(&mut self) {
        while self.pos < self.bytes.len()
            && matches!(self.bytes[self.pos], b' ' | b'\t' | b'\n' | b'\r')
        {
            self.pos += 1;
        }
    }

    fn make(&self, kind: JsonKind, start: usize) -> JsonValue {
        JsonValue {
            kind,
            range: self.file.range(start..self.pos),
            offset: start,
            file: self.file.clone(),
        }
    }

    fn value(&mut self) -> Result<JsonValue, Diagnostics> {
        if matches!(self.bytes.get(self.pos), Some(b'{' | b'[')) {
            if self.depth >= MAX_DEPTH {
                return Err(self.error(
                    "Invalid JSON value",
                    &format!("Invalid nesting depth; expected at most {MAX_DEPTH} nested levels."),
                ));
            }
            self.depth += 1;
            let v = self.value_inner();
            self.depth -= 1;
            return v;
        }
        self.value_inner()
    }

    fn value_inner(&mut self) -> Result<JsonValue, Diagnostics> {
        let start = self.pos;
        match self.bytes.get(self.pos) {
            Some(b'{') => {
                self.pos += 1;
                let mut props = Vec::new();
                self.ws();
                if self.bytes.get(self.pos) == Some(&b'}') {
                    self.pos += 1;
                    return Ok(self.make(JsonKind::Object(props), start));
                }
                loop {
                    self.ws();
                    let key_start = self.pos;
                    if self.bytes.get(self.pos) != Some(&b'"') {
                        return Err(self.error("Invalid JSON object property name", "A JSON object property name must be a string."));
                    }
                    let key = self.string()?;
                    let key_range = self.file.range(key_start..self.pos);
                    self.ws();
                    if self.bytes.get(self.pos) != Some(&b':') {
                        return Err(self.error("Missing property value colon", "JSON uses a colon as its name/value delimiter."));
                    }
                    self.pos += 1;
                    self.ws();
                    let v = self.value()?;
                    props.push((key, key_range, v));
                    self.ws();
                    match self.bytes.get(self.pos) {
                        Some(b',') => self.pos += 1,
                        Some(b'}') => {
                            self.pos += 1;
                            return Ok(self.make(JsonKind::Object(props), start));
                        }
                        _ => return Err(self.error("Missing attribute seperator comma", "A comma must appear between each property definition in an object.")),
                    }
                }
            }
            Some(b'[') => {
                self.pos += 1;
                let mut items = Vec::new();
                self.ws();
                if self.bytes.get(self.pos) == Some(&b']') {
                    self.pos += 1;
                    return Ok(self.make(JsonKind::Array(items), start));
                }
                loop {
                    self.ws();
                    items.push(self.value()?);
                    self.ws();
                    match self.bytes.get(self.pos) {
                        Some(b',') => self.pos += 1,
                        Some(b']') => {
                            self.pos += 1;
                            return Ok(self.make(JsonKind::Array(items), start));
                        }
                        _ => return Err(self.error("Missing array element separator comma", "A comma must appear between each element of an array.")),
                    }
                }
            }
            Some(b'"') => {
                let s = self.string()?;
                Ok(self.make(JsonKind::String(s), start))
            }
            Some(b't') | Some(b'f') | Some(b'n') => {
                for (word, kind) in [("true", JsonKind::Bool(true)), ("false", JsonKind::Bool(false)), ("null", JsonKind::Null)] {
                    if self.bytes[self.pos..].starts_with(word.as_bytes()) {
                        self.pos += word.len();
                        return Ok(self.make(kind, start));
                    }
                }
                Err(self.error("Invalid JSON keyword", "The only valid JSON keywords are true, false and null."))
            }
            Some(c) if c.is_ascii_digit() || *c == b'-' => {
                while self.pos < self.bytes.len()
                    && matches!(self.bytes[self.pos], b'0'..=b'9' | b'-' | b'+' | b'.' | b'e' | b'E')
                {
                    self.pos += 1;
                }
                let text = String::from_utf8_lossy(&self.bytes[start..self.pos]).into_owned();
                if Number::parse(&text).is_none() {
                    return Err(self.error("Invalid JSON number", "There is a syntax error in the given JSON number."));
                }
                Ok(self.make(JsonKind::Number(text), start))
            }
            _ => Err(self.error("Invalid JSON value", "Expected a JSON value: an object, an array, a string, a number, true, false or null.")),
        }
    }

    fn string(&mut self) -> Result<String, Diagnostics> {
        self.pos += 1;
        let mut out = String::new();
        loop {
            let Some(&c) = self.bytes.get(self.pos) else {
                return Err(self.error(
                    "Unterminated string",
                    "The string is not closed before the end of the file.",
                ));
            };
            match c {
                b'"' => {
                    self.pos += 1;
                    return Ok(native::nfc(&out));
                }
                b'\\' => {
                    let esc = self.bytes.get(self.pos + 1).copied();
                    self.pos += 2;
                    match esc {
                        Some(b'"') => out.push('"'),
                        Some(b'\\') => out.push('\\'),
                        Some(b'/') => out.push('/'),
                        Some(b'b') => out.push('\u{8}'),
                        Some(b'f') => out.push('\u{c}'),
                        Some(b'n') => out.push('\n'),
                        Some(b'r') => out.push('\r'),
                        Some(b't') => out.push('\t'),
                        Some(b'u') => {
                            let mut code = self.hex4()?;
                            if (0xD800..0xDC00).contains(&code)
                                && self.bytes[self.pos..].starts_with(b"\\u")
                            {
                                self.pos += 2;
                                let low = self.hex4()?;
                                code = 0x10000
                                    + ((code - 0xD800) << 10)
                                    + (low.wrapping_sub(0xDC00) & 0x3FF);
                            }
                            out.push(char::from_u32(code).unwrap_or('\u{FFFD}'));
                        }
                        _ => {
                            return Err(self.error(
                                "Invalid escape sequence",
                                "The string contains an invalid escape sequence.",
                            ));
                        }
                    }
                }
                _ => {
                    let rest = &self.file.text[self.pos..];
                    let ch = rest.chars().next().unwrap_or('\u{FFFD}');
                    out.push(ch);
                    self.pos += ch.len_utf8();
                }
            }
        }
    }

    fn hex4(&mut self) -> Result<u32, Diagnostics> {
        let digits = self
            .bytes
            .get(self.pos..self.pos + 4)
            .and_then(|d| std::str::from_utf8(d).ok());
        let code = digits.and_then(|d| u32::from_str_radix(d, 16).ok());
        self.pos += 4;
        code.ok_or_else(|| {
            self.error(
                "Invalid escape sequence",
                "A \\u escape must be followed by four hexadecimal digits.",
            )
        })
    }
}

/// The expression a JSON value stands for: strings are templates, object
/// keys are templates, numbers keep their exact text.
pub(crate) fn expr(v: &JsonValue) -> Result<Expr, Diagnostics> {
    let kind = match &v.kind {
        JsonKind::Null => ExprKind::Literal(Literal::Null),
        JsonKind::Bool(b) => ExprKind::Literal(Literal::Bool(*b)),
        JsonKind::Number(n) => ExprKind::Literal(Literal::Number(
            Number::parse(n).expect("checked when read"),
        )),
        JsonKind::String(s) => return template(v, s),
        JsonKind::Array(items) => {
            ExprKind::Tuple(items.iter().map(expr).collect::<Result<_, _>>()?)
        }
        JsonKind::Object(props) => {
            let mut out: Vec<(Expr, Expr)> = Vec::new();
            for (k, krange, val) in props {
                let previous = out
                    .iter()
                    .find(|(e, _)| e.kind == ExprKind::Literal(Literal::string(k.clone())));
                if let Some((prev, _)) = previous {
                    return Err(Diagnostic::error(
                        "Duplicate object attribute",
                        format!(
                            "An attribute named {k:?} was already defined at {}.",
                            prev.range
                        ),
                    )
                    .at(krange)
                    .into());
                }
                let key_value = JsonValue {
                    kind: JsonKind::String(k.clone()),
                    range: krange.clone(),
                    offset: krange.start.byte,
                    file: v.file.clone(),
                };
                out.push((template(&key_value, k)?, expr(val)?));
            }
            ExprKind::Object(out)
        }
    };
    Ok(Expr::new(kind, v.range.clone()))
}

fn template(v: &JsonValue, s: &str) -> Result<Expr, Diagnostics> {
    if !s.contains("${") && !s.contains("%{") {
        return Ok(Expr::new(
            ExprKind::Literal(Literal::string(s)),
            v.range.clone(),
        ));
    }
    // Positions inside the string are approximate when it has escapes.
    let mut e = native::parse_template(&v.file, s, v.offset + 1)?;
    e.range = v.range.clone();
    Ok(e)
}

/// A JSON value taken as a constant, strings not being templates: how
/// Terraform reads a variable's `default` in JSON syntax.
pub(crate) fn literal_value(v: &JsonValue) -> Literal {
    match &v.kind {
        JsonKind::Null => Literal::Null,
        JsonKind::Bool(b) => Literal::Bool(*b),
        JsonKind::Number(n) => Literal::Number(Number::parse(n).expect("checked when read")),
        JsonKind::String(s) => Literal::string(s.clone()),
        JsonKind::Array(items) => Literal::Tuple(items.iter().map(literal_value).collect()),
        JsonKind::Object(props) => Literal::Object(
            props
                .iter()
                .map(|(k, _, v)| (k.clone(), literal_value(v)))
                .collect(),
        ),
    }
}

/// A JSON string read as a static expression (a reference or a type).
pub(crate) fn static_expr(v: &JsonValue) -> Result<Expr, Diagnostics> {
    match &v.kind {
        JsonKind::String(s) => {
            let text = s
                .strip_prefix("${")
                .and_then(|t| t.strip_suffix('}'))
                .unwrap_or(s);
            let mut e = native::parse_expr(&v.file, text, v.offset + 1)?;
            e.range = v.range.clone();
            Ok(e)
        }
        JsonKind::Array(items) => {
            let items = items.iter().map(static_expr).collect::<Result<_, _>>()?;
            Ok(Expr::new(ExprKind::Tuple(items), v.range.clone()))
        }
        JsonKind::Null => Ok(Expr::new(ExprKind::Literal(Literal::Null), v.range.clone())),
        _ => Err(Diagnostic::error(
            "Invalid expression",
            "A JSON string containing a reference or type expression is required here.",
        )
        .at(&v.range)
        .into()),
    }
}

/// Splits a JSON object body by the block schema (see `Body::content`).
pub(crate) fn body_content(
    object: &JsonValue,
    blocks: &[(&str, usize)],
) -> Result<Content, Diagnostics> {
    let JsonKind::Object(props) = &object.kind else {
        return Err(Diagnostic::error(
            "Incorrect JSON value type",
            "A JSON object is required here, with a property for each argument or block.",
        )
        .at(&object.range)
        .into());
    };
    let mut content = Content::default();
    let mut diags = Diagnostics::default();
    for (name, name_range, value) in props {
        if name == "//" {
            continue;
        }
        if let Some((_, labels)) = blocks.iter().find(|(k, _)| k == name) {
            if let Err(d) = decode_blocks(
                name,
                *labels,
                value,
                name_range,
                &mut Vec::new(),
                &mut content.blocks,
            ) {
                diags.extend(d);
            }
            continue;
        }
        if let Some(prev) = content.attr(name) {
            diags.push(
                Diagnostic::error(
                    "Duplicate argument",
                    format!("The argument \"{name}\" was already set at {}. Each argument may be set only once.", prev.name_range),
                )
                .at(name_range),
            );
            continue;
        }
        let e =
            expr(value).unwrap_or_else(|d| Expr::new(ExprKind::Invalid(d), value.range.clone()));
        content.attributes.push(Attribute {
            name: name.clone(),
            expr: e,
            name_range: name_range.clone(),
            json: Some(value.clone()),
        });
    }
    if diags.has_errors() {
        Err(diags)
    } else {
        Ok(content)
    }
}

/// Reads `labels` levels of object nesting as label values, then one body
/// or an array of bodies: `{"resource": {"t": {"n": {...}}}}`.
fn decode_blocks(
    kind: &str,
    labels: usize,
    value: &JsonValue,
    def: &SourceRange,
    got: &mut Vec<String>,
    out: &mut Vec<Block>,
) -> Result<(), Diagnostics> {
    if got.len() == labels {
        let bodies: Vec<&JsonValue> = match &value.kind {
            JsonKind::Array(items) => items.iter().collect(),
            _ => vec![value],
        };
        for b in bodies {
            if !matches!(b.kind, JsonKind::Object(_)) {
                return Err(Diagnostic::error(
                    "Incorrect JSON value type",
                    format!("A JSON object is required here, to define arguments and child blocks of the \"{kind}\" block."),
                )
                .at(&b.range)
                .into());
            }
            out.push(Block {
                kind: kind.to_string(),
                labels: got.clone(),
                body: Body::Json {
                    object: b.clone(),
                    range: b.range.clone(),
                },
                def_range: def.clone(),
            });
        }
        return Ok(());
    }
    let objects: Vec<&JsonValue> = match &value.kind {
        JsonKind::Array(items) => items.iter().collect(),
        _ => vec![value],
    };
    for o in objects {
        let JsonKind::Object(props) = &o.kind else {
            return Err(Diagnostic::error(
                "Incorrect JSON value type",
                format!("A JSON object is required here, whose keys are the labels of the \"{kind}\" blocks."),
            )
            .at(&o.range)
            .into());
        };
        for (label, range, inner) in props {
            if label == "//" {
                continue;
            }
            got.push(label.clone());
            let r = decode_blocks(kind, labels, inner, range, got, out);
            got.pop();
            r?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(text: &str) -> Body {
        parse_file(&Arc::new(SourceFile::new("t.tf.json", text))).unwrap()
    }

    #[test]
    fn blocks_follow_the_schema_and_repeat() {
        let b = body(
            r#"{"resource": {"t": {"a": {"x": "${var.v}-y"}, "b": [{"n": 1}, {"n": 2}]}}, "locals": {"k": "v"}, "//": "note"}"#,
        );
        let c = b.content(&[("resource", 2), ("locals", 0)]).unwrap();
        let labels: Vec<_> = c.blocks.iter().map(|b| b.labels.join(".")).collect();
        assert_eq!(labels, ["t.a", "t.b", "t.b", ""]);
        let x = c.blocks[0].body.just_attributes().unwrap();
        assert!(matches!(x[0].expr.kind, ExprKind::Template(_)));
    }

    #[test]
    fn escaped_interpolation_is_literal_and_whole_interpolation_wraps() {
        let b = body(r#"{"a": "$${x}", "b": "${var.m}"}"#);
        let attrs = b.just_attributes().unwrap();
        assert_eq!(
            attrs[0].expr.kind,
            ExprKind::Literal(Literal::string("${x}"))
        );
        assert!(matches!(attrs[1].expr.kind, ExprKind::TemplateWrap(_)));
    }

    #[test]
    fn static_expressions_parse_the_string() {
        let b = body(r#"{"from": "module.a[\"k\"].x.y", "type": "map(string)"}"#);
        let attrs = b.just_attributes().unwrap();
        let (root, steps) = attrs[0].static_expr().unwrap().as_traversal().unwrap();
        assert_eq!((root.as_str(), steps.len()), ("module", 4));
        assert!(matches!(
            attrs[1].static_expr().unwrap().kind,
            ExprKind::FuncCall { .. }
        ));
    }

    #[test]
    fn duplicate_attributes_are_an_error_naming_the_first() {
        let err = body(r#"{"a": 1, "a": 2}"#).just_attributes().unwrap_err();
        assert!(
            err.0[0].detail.contains("t.tf.json:1,2"),
            "{}",
            err.0[0].detail
        );
    }
}
