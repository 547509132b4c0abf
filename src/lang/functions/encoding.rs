//! Encoding functions: base64, CSV, JSON, YAML, URL and text encodings,
//! plus the small argument helpers the crypto, filesystem, datetime and
//! network families share.

use std::collections::BTreeMap;

use base64::Engine;
use base64::engine::general_purpose::STANDARD;

use super::{Function, FunctionError, Param, Ret};
use crate::lang::number::Number;
use crate::lang::value::{Attrs, Type, Value};

pub(super) fn functions() -> Vec<Function> {
    vec![
        base64decode_func(),
        base64encode_func(),
        base64gzip_func(),
        csvdecode_func(),
        jsondecode_func(),
        jsonencode_func(),
        textencodebase64_func(),
        textdecodebase64_func(),
        urlencode_func(),
        yamldecode_func(),
        yamlencode_func(),
    ]
}

fn base64decode_func() -> Function {
    Function::new(
        "base64decode",
        vec![Param::string("str")],
        Ret::Fixed(Type::String),
        |a, _| {
            let name = a.name;
            {
                let s = a.str(0);
                let bytes = go_base64_decode(s).map_err(|_| {
                    FunctionError::call(name, format!("failed to decode base64 data {}", quote(s)))
                })?;
                String::from_utf8(bytes).map(Value::String).map_err(|_| {
                    FunctionError::call(
                        name,
                        "the result of decoding the provided string is not valid UTF-8",
                    )
                })
            }
        },
    )
    .wholly_known()
}

fn base64encode_func() -> Function {
    Function::new(
        "base64encode",
        vec![Param::string("str")],
        Ret::Fixed(Type::String),
        |a, _| Ok(Value::String(STANDARD.encode(a.str(0)))),
    )
    .wholly_known()
}

fn base64gzip_func() -> Function {
    Function::new(
        "base64gzip",
        vec![Param::string("str")],
        Ret::Fixed(Type::String),
        |a, _| Ok(Value::String(STANDARD.encode(go_gzip(a.str(0).as_bytes())))),
    )
    .wholly_known()
}

fn csvdecode_func() -> Function {
    Function::new(
        "csvdecode",
        vec![Param::string("str")],
        Ret::Fixed(Type::Dynamic),
        |a, _| csvdecode(a.str(0)),
    )
    .wholly_known()
}

fn jsondecode_func() -> Function {
    Function::new(
        "jsondecode",
        vec![Param::string("str")],
        Ret::Fixed(Type::Dynamic),
        |a, _| {
            let name = a.name;
            json_decode(a.str(0)).map_err(|e| FunctionError::call(name, e))
        },
    )
    .wholly_known()
}

fn jsonencode_func() -> Function {
    Function::new(
        "jsonencode",
        vec![Param::any("val").dynamic().null()],
        Ret::Fixed(Type::String),
        |a, _| Ok(Value::String(json_encode(&a.args[0]))),
    )
    .wholly_known()
}

fn textencodebase64_func() -> Function {
    Function::new(
        "textencodebase64",
        vec![Param::string("string"), Param::string("encoding")],
        Ret::Fixed(Type::String),
        |a, _| {
            let text = a.str(0);
            let enc = TextEncoding::lookup(a.str(1))?;
            let bytes = enc.encode(text).ok_or_else(|| {
                FunctionError::arg(
                    0,
                    "string",
                    format!(
                        "the given string contains characters that cannot be represented in {}",
                        enc.name()
                    ),
                )
            })?;
            Ok(Value::String(STANDARD.encode(bytes)))
        },
    )
    .wholly_known()
}

fn textdecodebase64_func() -> Function {
    Function::new(
        "textdecodebase64",
        vec![Param::string("source"), Param::string("encoding")],
        Ret::Fixed(Type::String),
        |a, _| {
            {
                let source = a.str(0);
                let enc = TextEncoding::lookup(a.str(1))?;
                let bytes = go_base64_decode(source).map_err(|offset| {
                    FunctionError::arg(
                        0,
                        "source",
                        format!(
                            "the given value is has an invalid base64 symbol at offset {offset}"
                        ),
                    )
                })?;
                // Terraform also refuses a decoded replacement character.
                let text = enc
                    .decode(&bytes)
                    .filter(|t| !t.contains('\u{fffd}'))
                    .ok_or_else(|| {
                        FunctionError::arg(
                            0,
                            "source",
                            format!(
                                "the given string contains symbols that are not defined for {}",
                                enc.name()
                            ),
                        )
                    })?;
                Ok(Value::String(text))
            }
        },
    )
    .wholly_known()
}

fn urlencode_func() -> Function {
    Function::new(
        "urlencode",
        vec![Param::string("str")],
        Ret::Fixed(Type::String),
        |a, _| Ok(Value::String(query_escape(a.str(0)))),
    )
    .wholly_known()
}

fn yamldecode_func() -> Function {
    Function::new(
        "yamldecode",
        vec![Param::string("src")],
        Ret::Fixed(Type::Dynamic),
        |a, _| {
            let name = a.name;
            yaml_decode(a.str(0)).map_err(|e| FunctionError::call(name, e))
        },
    )
    .wholly_known()
}

fn yamlencode_func() -> Function {
    Function::new(
        "yamlencode",
        vec![Param::any("value").dynamic().null()],
        Ret::Fixed(Type::String),
        |a, _| Ok(Value::String(yaml_encode(&a.args[0]))),
    )
    .wholly_known()
}

// ---------------------------------------------------------------------------
// Argument helpers shared by the crypto, filesystem, datetime and network
// families: arity, nulls, unknowns, marks and the few
// conversions these functions need.

pub(super) use super::quote;

// ---------------------------------------------------------------------------
// base64

/// Decodes standard padded base64 as Go's `StdEncoding` does: line breaks
/// are skipped and unused trailing bits are allowed. A failure gives the
/// offset Go reports.
pub(super) fn go_base64_decode(src: &str) -> Result<Vec<u8>, usize> {
    let b = src.as_bytes();
    let sextet = |c: u8| -> Option<u32> {
        Some(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        } as u32)
    };
    let skip_breaks = |mut i: usize| {
        while i < b.len() && (b[i] == b'\n' || b[i] == b'\r') {
            i += 1;
        }
        i
    };
    let mut out = Vec::with_capacity(b.len() / 4 * 3);
    let mut i = 0;
    loop {
        let mut quantum = [0u32; 4];
        let mut j = 0;
        let mut end = false;
        while j < 4 {
            if i == b.len() {
                match j {
                    0 => return Ok(out),
                    _ => return Err(i - j),
                }
            }
            let c = b[i];
            i += 1;
            if let Some(v) = sextet(c) {
                quantum[j] = v;
                j += 1;
                continue;
            }
            if c == b'\n' || c == b'\r' {
                continue;
            }
            if c != b'=' || j < 2 {
                return Err(i - 1);
            }
            // Padding: "==" after two symbols, "=" after three.
            if j == 2 {
                i = skip_breaks(i);
                if i == b.len() {
                    return Err(b.len());
                }
                if b[i] != b'=' {
                    return Err(i - 1);
                }
                i += 1;
            }
            i = skip_breaks(i);
            if i < b.len() {
                return Err(i);
            }
            end = true;
            break;
        }
        let n = quantum[0] << 18 | quantum[1] << 12 | quantum[2] << 6 | quantum[3];
        let bytes = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
        out.extend_from_slice(&bytes[..j - 1]);
        if end {
            return Ok(out);
        }
    }
}

// ---------------------------------------------------------------------------
// base64gzip

/// Gzips as Go's `compress/gzip` does for Terraform (write, flush, close):
/// the data block ends with a sync flush and an empty final stored block,
/// and the header carries no time and "unknown" OS, so that short inputs
/// come out byte for byte as Terraform's. Longer inputs differ where
/// zlib's deflate chooses other matches or block types than Go's.
fn go_gzip(data: &[u8]) -> Vec<u8> {
    use flate2::{Compress, Compression, FlushCompress};
    let mut out = vec![0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff];
    let mut deflate = Compress::new(Compression::default(), false);
    let mut buf = Vec::with_capacity(data.len() + 64);
    let mut input = data;
    loop {
        if buf.capacity() - buf.len() < 64 {
            buf.reserve(1024);
        }
        let before = deflate.total_in();
        deflate
            .compress_vec(input, &mut buf, FlushCompress::Sync)
            .expect("deflating into memory cannot fail");
        input = &input[(deflate.total_in() - before) as usize..];
        if input.is_empty() && buf.capacity() > buf.len() {
            break;
        }
    }
    out.extend_from_slice(&buf);
    // An empty final stored block, as Go's Close writes it.
    out.extend_from_slice(&[1, 0, 0, 0xff, 0xff]);
    let mut crc = flate2::Crc::new();
    crc.update(data);
    out.extend_from_slice(&crc.sum().to_le_bytes());
    out.extend_from_slice(&(data.len() as u32).to_le_bytes());
    out
}

// ---------------------------------------------------------------------------
// csvdecode

/// Parses CSV as Go's `encoding/csv` does (RFC 4180, strict quotes, blank
/// lines skipped), the first row naming the attributes.
fn csvdecode(src: &str) -> Result<Value, FunctionError> {
    let fail = |m: String| FunctionError::call("csvdecode", m);
    let records = parse_csv(src)
        .map_err(|(line, msg)| fail(format!("CSV parse error on line {line}: {msg}")))?;
    let mut rows = records.into_iter();
    let Some((_, header)) = rows.next() else {
        return Err(fail("missing header line".into()));
    };
    for (i, name) in header.iter().enumerate() {
        if header[..i].contains(name) {
            return Err(fail(format!("duplicate column name {}", quote(name))));
        }
    }
    let obj_ty = Type::Object(header.iter().map(|h| (h.clone(), Type::String)).collect());
    let mut out = Vec::new();
    for (line, row) in rows {
        if row.len() != header.len() {
            return Err(fail(format!(
                "CSV parse error on line {line}: wrong number of fields"
            )));
        }
        let attrs = header
            .iter()
            .cloned()
            .zip(row.into_iter().map(Value::String))
            .collect();
        out.push(Value::Object(attrs));
    }
    Ok(Value::List(obj_ty, out.into()))
}

/// A CSV record and the line it starts on.
type CsvRecord = (usize, Vec<String>);

/// Records with the line each starts on; errors carry a line and message.
fn parse_csv(src: &str) -> Result<Vec<CsvRecord>, (usize, String)> {
    let text = src.replace("\r\n", "\n");
    let chars: Vec<char> = text.chars().collect();
    let mut records = Vec::new();
    let mut i = 0;
    let mut line = 1;
    while i < chars.len() {
        if chars[i] == '\n' {
            line += 1;
            i += 1;
            continue;
        }
        let start_line = line;
        let mut fields = Vec::new();
        loop {
            let mut field = String::new();
            if chars.get(i) == Some(&'"') {
                i += 1;
                loop {
                    match chars.get(i) {
                        None => {
                            return Err((line, "extraneous or missing \" in quoted-field".into()));
                        }
                        Some('"') if chars.get(i + 1) == Some(&'"') => {
                            field.push('"');
                            i += 2;
                        }
                        Some('"') => {
                            i += 1;
                            break;
                        }
                        Some(&c) => {
                            if c == '\n' {
                                line += 1;
                            }
                            field.push(c);
                            i += 1;
                        }
                    }
                }
                if !matches!(chars.get(i), None | Some(',') | Some('\n')) {
                    return Err((line, "extraneous or missing \" in quoted-field".into()));
                }
            } else {
                while let Some(&c) = chars.get(i) {
                    if c == ',' || c == '\n' {
                        break;
                    }
                    if c == '"' {
                        return Err((line, "bare \" in non-quoted-field".into()));
                    }
                    field.push(c);
                    i += 1;
                }
            }
            fields.push(field);
            match chars.get(i) {
                Some(',') => i += 1,
                Some('\n') => {
                    i += 1;
                    line += 1;
                    break;
                }
                _ => break,
            }
        }
        records.push((start_line, fields));
    }
    Ok(records)
}

// ---------------------------------------------------------------------------
// JSON

/// Encodes as cty's JSON encoder does (Go's encoding/json underneath):
/// compact, attribute names sorted, `<`, `>`, `&`, U+2028 and U+2029
/// escaped, every collection kind as an array or object.
pub(super) fn json_encode(v: &Value) -> String {
    let mut out = String::new();
    write_json(v, &mut out);
    out
}

fn write_json(v: &Value, out: &mut String) {
    match v.unmark().0 {
        Value::Null(_) | Value::Unknown(..) => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => out.push_str(&n.to_string()),
        Value::String(s) => write_json_string(s, out),
        Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_json(item, out);
            }
            out.push(']');
        }
        Value::Map(_, m) | Value::Object(m) => {
            out.push('{');
            for (i, (k, item)) in m.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_json_string(k, out);
                out.push(':');
                write_json(item, out);
            }
            out.push('}');
        }
        Value::Sensitive(_) => unreachable!("unmark removed the mark"),
    }
}

pub(super) fn write_json_string(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '<' | '>' | '&' | '\u{2028}' | '\u{2029}' => {
                out.push_str(&format!("\\u{:04x}", c as u32))
            }
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Decodes JSON into cty's implied types (objects, tuples, numbers), with
/// Go's error messages.
pub(super) fn json_decode(src: &str) -> Result<Value, String> {
    let mut p = JsonParser {
        s: src.as_bytes(),
        i: 0,
    };
    p.skip_ws();
    if p.i >= p.s.len() {
        return Err("EOF".into());
    }
    let v = p.value()?;
    p.skip_ws();
    if p.i < p.s.len() {
        return Err("extraneous data after JSON object".into());
    }
    Ok(v)
}

struct JsonParser<'a> {
    s: &'a [u8],
    i: usize,
}

impl JsonParser<'_> {
    fn skip_ws(&mut self) {
        while matches!(self.s.get(self.i), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.i += 1;
        }
    }

    /// The next byte where a token should start: running out here is
    /// Go's plain "EOF", as its token reader reports it.
    fn peek_token(&self) -> Result<u8, String> {
        self.s.get(self.i).copied().ok_or_else(|| "EOF".to_string())
    }

    /// The next byte inside a token, where running out is unexpected.
    fn peek(&self) -> Result<u8, String> {
        self.s
            .get(self.i)
            .copied()
            .ok_or_else(|| "unexpected EOF".to_string())
    }

    /// Go's description of the character at the cursor.
    fn bad(&self, context: &str) -> String {
        let c = std::str::from_utf8(&self.s[self.i..])
            .ok()
            .and_then(|s| s.chars().next())
            .unwrap_or('\u{fffd}');
        let shown = match c {
            '\'' => "'\\''".to_string(),
            '"' => "'\"'".to_string(),
            c => {
                let q = crate::text::go_quote(&c.to_string());
                format!("'{}'", &q[1..q.len() - 1])
            }
        };
        let shown = super::shown(&shown);
        if context.is_empty() {
            format!("invalid character {shown}")
        } else {
            format!("invalid character {shown} {context}")
        }
    }

    fn value(&mut self) -> Result<Value, String> {
        self.skip_ws();
        match self.peek_token()? {
            b'{' => {
                self.i += 1;
                // Collected, then sorted once (the last of repeated keys
                // wins, as Go's decoder has it).
                let mut attrs = Vec::new();
                self.skip_ws();
                if self.peek_token()? == b'}' {
                    self.i += 1;
                    return Ok(Value::Object(Attrs::default()));
                }
                let mut first = true;
                loop {
                    self.skip_ws();
                    if self.peek_token()? != b'"' {
                        // Go words the first key's error without context.
                        let context = if first {
                            ""
                        } else {
                            "looking for beginning of object key string"
                        };
                        return Err(self.bad(context));
                    }
                    first = false;
                    let key = self.string()?;
                    self.skip_ws();
                    if self.peek_token()? != b':' {
                        return Err(self.bad("after object key"));
                    }
                    self.i += 1;
                    let v = self.value()?;
                    attrs.push((key, v));
                    self.skip_ws();
                    match self.peek_token()? {
                        b',' => self.i += 1,
                        b'}' => {
                            self.i += 1;
                            return Ok(Value::Object(attrs.into_iter().collect()));
                        }
                        _ => return Err(self.bad("after object key:value pair")),
                    }
                }
            }
            b'[' => {
                self.i += 1;
                let mut items = Vec::new();
                self.skip_ws();
                if self.peek_token()? == b']' {
                    self.i += 1;
                    return Ok(Value::Tuple(items.into()));
                }
                loop {
                    items.push(self.value()?);
                    self.skip_ws();
                    match self.peek_token()? {
                        b',' => self.i += 1,
                        b']' => {
                            self.i += 1;
                            return Ok(Value::Tuple(items.into()));
                        }
                        _ => return Err(self.bad("after array element")),
                    }
                }
            }
            b'"' => self.string().map(Value::String),
            b't' => self.literal("true", Value::Bool(true)),
            b'f' => self.literal("false", Value::Bool(false)),
            b'n' => self.literal("null", Value::null()),
            b'-' | b'0'..=b'9' => self.number(),
            _ => Err(self.bad("looking for beginning of value")),
        }
    }

    fn literal(&mut self, word: &str, v: Value) -> Result<Value, String> {
        for (k, expected) in word.bytes().enumerate() {
            let c = self.peek()?;
            if c != expected {
                return Err(self.bad(&format!(
                    "in literal {word} (expecting '{}')",
                    expected as char
                )));
            }
            let _ = k;
            self.i += 1;
        }
        Ok(v)
    }

    fn number(&mut self) -> Result<Value, String> {
        let start = self.i;
        let digits = |p: &mut Self| {
            let from = p.i;
            while matches!(p.s.get(p.i), Some(b'0'..=b'9')) {
                p.i += 1;
            }
            p.i - from
        };
        if self.s[self.i] == b'-' {
            self.i += 1;
            if !self.peek()?.is_ascii_digit() {
                return Err(self.bad("in numeric literal"));
            }
        }
        if self.s[self.i] == b'0' {
            self.i += 1;
        } else {
            digits(self);
        }
        if self.s.get(self.i) == Some(&b'.') {
            self.i += 1;
            if self.i >= self.s.len() {
                return Err("unexpected EOF".into());
            }
            if digits(self) == 0 {
                return Err(self.bad("after decimal point in numeric literal"));
            }
        }
        if matches!(self.s.get(self.i), Some(b'e' | b'E')) {
            self.i += 1;
            if matches!(self.s.get(self.i), Some(b'+' | b'-')) {
                self.i += 1;
            }
            if self.i >= self.s.len() {
                return Err("unexpected EOF".into());
            }
            if digits(self) == 0 {
                return Err(self.bad("in exponent of numeric literal"));
            }
        }
        let text = std::str::from_utf8(&self.s[start..self.i])
            .expect("a numeric literal's bytes are ASCII digits, signs, '.' and 'e'");
        let n = Number::parse(text)
            .or_else(|| text.parse::<f64>().ok().map(Number::from_f64))
            .ok_or_else(|| format!("invalid number {text}"))?;
        Ok(Value::Number(n))
    }

    fn string(&mut self) -> Result<String, String> {
        self.i += 1; // the opening quote
        let mut out = Vec::new();
        loop {
            let c = self.peek()?;
            match c {
                b'"' => {
                    self.i += 1;
                    return Ok(String::from_utf8_lossy(&out).into_owned());
                }
                b'\\' => {
                    self.i += 1;
                    let e = self.peek()?;
                    let simple = match e {
                        b'"' => Some('"'),
                        b'\\' => Some('\\'),
                        b'/' => Some('/'),
                        b'b' => Some('\u{8}'),
                        b'f' => Some('\u{c}'),
                        b'n' => Some('\n'),
                        b'r' => Some('\r'),
                        b't' => Some('\t'),
                        _ => None,
                    };
                    if let Some(ch) = simple {
                        self.i += 1;
                        out.extend_from_slice(ch.to_string().as_bytes());
                    } else if e == b'u' {
                        self.i += 1;
                        let mut cp = self.hex4()?;
                        if (0xd800..0xdc00).contains(&cp)
                            && self.s.get(self.i) == Some(&b'\\')
                            && self.s.get(self.i + 1) == Some(&b'u')
                        {
                            let save = self.i;
                            self.i += 2;
                            let lo = self.hex4()?;
                            if (0xdc00..0xe000).contains(&lo) {
                                cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
                            } else {
                                self.i = save;
                            }
                        }
                        let ch = char::from_u32(cp).unwrap_or('\u{fffd}');
                        out.extend_from_slice(ch.to_string().as_bytes());
                    } else {
                        return Err(self.bad("in string escape code"));
                    }
                }
                c if c < 0x20 => return Err(self.bad("in string literal")),
                c => {
                    out.push(c);
                    self.i += 1;
                }
            }
        }
    }

    fn hex4(&mut self) -> Result<u32, String> {
        let mut v = 0;
        for _ in 0..4 {
            let c = self.peek()?;
            let d = (c as char)
                .to_digit(16)
                .ok_or_else(|| self.bad("in \\u hexadecimal character escape"))?;
            v = v * 16 + d;
            self.i += 1;
        }
        Ok(v)
    }
}

// ---------------------------------------------------------------------------
// urlencode and text encodings

/// Go's `url.QueryEscape`.
fn query_escape(s: &str) -> String {
    let mut out = String::new();
    for b in s.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                out.push(b as char)
            }
            b' ' => out.push('+'),
            b => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

/// The IANA character sets `textencodebase64` and `textdecodebase64`
/// accept: each IANA name (the one Terraform's messages use) with its
/// registered aliases, and how minimod converts it.
const IANA_ENCODINGS: &[(&str, &[&str], Codec)] = &[
    ("UTF-8", &["csUTF8"], Codec::Utf8),
    ("UTF-16BE", &["csUTF16BE"], Codec::Utf16Be),
    ("UTF-16LE", &["csUTF16LE"], Codec::Utf16Le),
    ("UTF-16", &["csUTF16"], Codec::Utf16Bom),
    (
        "US-ASCII",
        &[
            "iso-ir-6",
            "ANSI_X3.4-1968",
            "ANSI_X3.4-1986",
            "ISO_646.irv:1991",
            "ISO646-US",
            "us",
            "IBM367",
            "cp367",
            "csASCII",
        ],
        Codec::Ascii,
    ),
    (
        "ISO_8859-1:1987",
        &[
            "iso-ir-100",
            "ISO_8859-1",
            "ISO-8859-1",
            "latin1",
            "l1",
            "IBM819",
            "CP819",
            "csISOLatin1",
        ],
        Codec::Latin1,
    ),
    (
        "ISO_8859-2:1987",
        &[
            "iso-ir-101",
            "ISO_8859-2",
            "ISO-8859-2",
            "latin2",
            "l2",
            "csISOLatin2",
        ],
        Codec::Rs(encoding_rs::ISO_8859_2),
    ),
    (
        "ISO_8859-3:1988",
        &[
            "iso-ir-109",
            "ISO_8859-3",
            "ISO-8859-3",
            "latin3",
            "l3",
            "csISOLatin3",
        ],
        Codec::Rs(encoding_rs::ISO_8859_3),
    ),
    (
        "ISO_8859-4:1988",
        &[
            "iso-ir-110",
            "ISO_8859-4",
            "ISO-8859-4",
            "latin4",
            "l4",
            "csISOLatin4",
        ],
        Codec::Rs(encoding_rs::ISO_8859_4),
    ),
    (
        "ISO_8859-5:1988",
        &[
            "iso-ir-144",
            "ISO_8859-5",
            "ISO-8859-5",
            "cyrillic",
            "csISOLatinCyrillic",
        ],
        Codec::Rs(encoding_rs::ISO_8859_5),
    ),
    (
        "ISO_8859-6:1987",
        &[
            "iso-ir-127",
            "ISO_8859-6",
            "ISO-8859-6",
            "ECMA-114",
            "ASMO-708",
            "arabic",
            "csISOLatinArabic",
        ],
        Codec::Rs(encoding_rs::ISO_8859_6),
    ),
    (
        "ISO_8859-7:1987",
        &[
            "iso-ir-126",
            "ISO_8859-7",
            "ISO-8859-7",
            "ELOT_928",
            "ECMA-118",
            "greek",
            "greek8",
            "csISOLatinGreek",
        ],
        Codec::Rs(encoding_rs::ISO_8859_7),
    ),
    (
        "ISO_8859-8:1988",
        &[
            "iso-ir-138",
            "ISO_8859-8",
            "ISO-8859-8",
            "hebrew",
            "csISOLatinHebrew",
        ],
        Codec::Rs(encoding_rs::ISO_8859_8),
    ),
    (
        "ISO-8859-10",
        &[
            "iso-ir-157",
            "l6",
            "ISO_8859-10:1992",
            "csISOLatin6",
            "latin6",
        ],
        Codec::Rs(encoding_rs::ISO_8859_10),
    ),
    (
        "ISO-8859-13",
        &["csISO885913"],
        Codec::Rs(encoding_rs::ISO_8859_13),
    ),
    (
        "ISO-8859-14",
        &[
            "iso-ir-199",
            "ISO_8859-14:1998",
            "ISO_8859-14",
            "latin8",
            "iso-celtic",
            "l8",
            "csISO885914",
        ],
        Codec::Rs(encoding_rs::ISO_8859_14),
    ),
    (
        "ISO-8859-15",
        &["ISO_8859-15", "Latin-9", "csISO885915"],
        Codec::Rs(encoding_rs::ISO_8859_15),
    ),
    (
        "ISO-8859-16",
        &[
            "iso-ir-226",
            "ISO_8859-16:2001",
            "ISO_8859-16",
            "latin10",
            "l10",
            "csISO885916",
        ],
        Codec::Rs(encoding_rs::ISO_8859_16),
    ),
    ("KOI8-R", &["csKOI8R"], Codec::Rs(encoding_rs::KOI8_R)),
    ("KOI8-U", &["csKOI8U"], Codec::Rs(encoding_rs::KOI8_U)),
    (
        "Shift_JIS",
        &["MS_Kanji", "csShiftJIS"],
        Codec::Rs(encoding_rs::SHIFT_JIS),
    ),
    (
        "EUC-JP",
        &[
            "Extended_UNIX_Code_Packed_Format_for_Japanese",
            "csEUCPkdFmtJapanese",
        ],
        Codec::Rs(encoding_rs::EUC_JP),
    ),
    (
        "ISO-2022-JP",
        &["csISO2022JP"],
        Codec::Rs(encoding_rs::ISO_2022_JP),
    ),
    (
        "GBK",
        &["CP936", "MS936", "windows-936", "csGBK"],
        Codec::Rs(encoding_rs::GBK),
    ),
    ("GB18030", &["csGB18030"], Codec::Rs(encoding_rs::GB18030)),
    ("Big5", &["csBig5"], Codec::Rs(encoding_rs::BIG5)),
    ("EUC-KR", &["csEUCKR"], Codec::Rs(encoding_rs::EUC_KR)),
    (
        "macintosh",
        &["mac", "csMacintosh"],
        Codec::Rs(encoding_rs::MACINTOSH),
    ),
    (
        "IBM866",
        &["cp866", "866", "csIBM866"],
        Codec::Rs(encoding_rs::IBM866),
    ),
    (
        "windows-874",
        &["cswindows874"],
        Codec::Rs(encoding_rs::WINDOWS_874),
    ),
    (
        "windows-1250",
        &["cswindows1250"],
        Codec::Rs(encoding_rs::WINDOWS_1250),
    ),
    (
        "windows-1251",
        &["cswindows1251"],
        Codec::Rs(encoding_rs::WINDOWS_1251),
    ),
    (
        "windows-1252",
        &["cswindows1252"],
        Codec::Rs(encoding_rs::WINDOWS_1252),
    ),
    (
        "windows-1253",
        &["cswindows1253"],
        Codec::Rs(encoding_rs::WINDOWS_1253),
    ),
    (
        "windows-1254",
        &["cswindows1254"],
        Codec::Rs(encoding_rs::WINDOWS_1254),
    ),
    (
        "windows-1255",
        &["cswindows1255"],
        Codec::Rs(encoding_rs::WINDOWS_1255),
    ),
    (
        "windows-1256",
        &["cswindows1256"],
        Codec::Rs(encoding_rs::WINDOWS_1256),
    ),
    (
        "windows-1257",
        &["cswindows1257"],
        Codec::Rs(encoding_rs::WINDOWS_1257),
    ),
    (
        "windows-1258",
        &["cswindows1258"],
        Codec::Rs(encoding_rs::WINDOWS_1258),
    ),
];

/// How a character set is converted. The Unicode forms, ASCII and
/// Latin-1 are done here; WHATWG's tables (encoding_rs) do the rest, but
/// not Latin-1, which WHATWG folds into windows-1252.
#[derive(Clone, Copy)]
enum Codec {
    Utf8,
    Utf16Le,
    Utf16Be,
    /// "UTF-16": big-endian with a byte order mark.
    Utf16Bom,
    Latin1,
    Ascii,
    Rs(&'static encoding_rs::Encoding),
}

/// A character set found by IANA name or alias, with its IANA name.
#[derive(Clone, Copy)]
struct TextEncoding {
    name: &'static str,
    codec: Codec,
}

impl TextEncoding {
    fn lookup(name: &str) -> Result<TextEncoding, FunctionError> {
        IANA_ENCODINGS
            .iter()
            .find(|(n, aliases, _)| n.eq_ignore_ascii_case(name) || aliases.iter().any(|a| a.eq_ignore_ascii_case(name)))
            .map(|&(name, _, codec)| TextEncoding { name, codec })
            .ok_or_else(|| {
                FunctionError::arg(
                    1,
                    "encoding",
                    format!("{} is not a supported IANA encoding name or alias in this Terraform version", quote(name)),
                )
            })
    }

    fn name(self) -> &'static str {
        self.name
    }

    /// WHATWG maps the unassigned bytes of the Windows code pages to C1
    /// controls; Go (and so Terraform) treats them as undefined.
    fn windows_c1_hole(self, s: &str) -> bool {
        self.name.starts_with("windows-") && s.chars().any(|c| ('\u{80}'..='\u{9f}').contains(&c))
    }

    fn encode(self, s: &str) -> Option<Vec<u8>> {
        let units = |be: bool| -> Vec<u8> {
            s.encode_utf16()
                .flat_map(|u| if be { u.to_be_bytes() } else { u.to_le_bytes() })
                .collect()
        };
        match self.codec {
            Codec::Utf8 => Some(s.as_bytes().to_vec()),
            Codec::Utf16Le => Some(units(false)),
            Codec::Utf16Be => Some(units(true)),
            Codec::Utf16Bom => {
                let mut out = vec![0xfe, 0xff];
                out.extend(units(true));
                Some(out)
            }
            Codec::Latin1 => s.chars().map(|c| u8::try_from(c as u32).ok()).collect(),
            Codec::Ascii => s
                .chars()
                .map(|c| if c.is_ascii() { Some(c as u8) } else { None })
                .collect(),
            Codec::Rs(enc) => {
                if self.windows_c1_hole(s) {
                    return None;
                }
                let (bytes, _, unmappable) = enc.encode(s);
                (!unmappable).then(|| bytes.into_owned())
            }
        }
    }

    fn decode(self, b: &[u8]) -> Option<String> {
        let utf16 = |b: &[u8], be: bool| -> Option<String> {
            if !b.len().is_multiple_of(2) {
                return None;
            }
            let units: Vec<u16> = b
                .chunks(2)
                .map(|c| {
                    if be {
                        u16::from_be_bytes([c[0], c[1]])
                    } else {
                        u16::from_le_bytes([c[0], c[1]])
                    }
                })
                .collect();
            String::from_utf16(&units).ok()
        };
        match self.codec {
            Codec::Utf8 => String::from_utf8(b.to_vec()).ok(),
            Codec::Utf16Le => utf16(b, false),
            Codec::Utf16Be => utf16(b, true),
            Codec::Utf16Bom => match b {
                [0xff, 0xfe, rest @ ..] => utf16(rest, false),
                [0xfe, 0xff, rest @ ..] => utf16(rest, true),
                _ => utf16(b, true),
            },
            Codec::Latin1 => Some(b.iter().map(|&c| c as char).collect()),
            Codec::Ascii => b
                .iter()
                .map(|&c| if c.is_ascii() { Some(c as char) } else { None })
                .collect(),
            Codec::Rs(enc) => enc
                .decode_without_bom_handling_and_without_replacement(b)
                .map(|s| s.into_owned())
                .filter(|s| !self.windows_c1_hole(s)),
        }
    }
}

// ---------------------------------------------------------------------------
// YAML

/// Encodes as Terraform's go-cty-yaml does: block style, strings
/// double-quoted (literal block style when they hold a newline), keys
/// sorted, empty collections in flow style, plain top-level scalars
/// followed by a `...` document end.
fn yaml_encode(v: &Value) -> String {
    let mut e = YamlEmitter {
        out: String::new(),
        column: 0,
    };
    let v = v.unmark().0;
    e.node(v, 0, false);
    if !e.out.ends_with('\n') {
        e.out.push('\n');
    }
    if matches!(v, Value::Null(_) | Value::Bool(_) | Value::Number(_)) {
        e.out.push_str("...\n");
    }
    e.out
}

/// The emitter's line width before double-quoted text folds at a space.
const YAML_WIDTH: usize = 80;

struct YamlEmitter {
    out: String,
    /// Characters written on the current line.
    column: usize,
}

impl YamlEmitter {
    fn push(&mut self, s: &str) {
        for c in s.chars() {
            if c == '\n' {
                self.column = 0;
            } else {
                self.column += 1;
            }
        }
        self.out.push_str(s);
    }

    fn newline_indent(&mut self, indent: usize) {
        if self.column != 0 {
            self.push("\n");
        }
        self.push(&" ".repeat(indent));
    }

    /// Writes `v` whose container is at `indent`; `inline` when the cursor
    /// already sits after a `- ` or `: ` on the current line.
    fn node(&mut self, v: &Value, indent: usize, inline: bool) {
        match v.unmark().0 {
            Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items)
                if !items.is_empty() =>
            {
                for (i, item) in items.iter().enumerate() {
                    if i > 0 || !inline {
                        self.newline_indent(indent);
                    }
                    self.push("- ");
                    self.item(item, indent + 2, true);
                }
            }
            Value::Map(_, m) | Value::Object(m) if !m.is_empty() => {
                for (i, (k, item)) in m.iter().enumerate() {
                    if i > 0 || !inline {
                        self.newline_indent(indent);
                    }
                    // libyaml writes a key spanning lines, or longer than
                    // 128 bytes, as an explicit `? key` / `: value` pair.
                    if k.contains('\n') || k.len() > 128 {
                        self.push("? ");
                        self.scalar(&Value::String(k.clone()), indent + 2);
                        self.newline_indent(indent);
                    } else {
                        self.double_quoted(k, indent + 2, false);
                    }
                    self.push(":");
                    match item.unmark().0 {
                        Value::List(_, xs) | Value::Set(_, xs) | Value::Tuple(xs)
                            if !xs.is_empty() =>
                        {
                            // Sequences in mappings are not indented.
                            self.node(item, indent, false);
                        }
                        Value::Map(_, xs) | Value::Object(xs) if !xs.is_empty() => {
                            self.node(item, indent + 2, false);
                        }
                        _ => {
                            self.push(" ");
                            self.scalar(item, indent + 2);
                        }
                    }
                }
            }
            _ => self.scalar(v, if inline { indent } else { indent + 2 }),
        }
    }

    /// An item of a sequence, after its `- `.
    fn item(&mut self, v: &Value, indent: usize, inline: bool) {
        match v.unmark().0 {
            Value::List(_, xs) | Value::Set(_, xs) | Value::Tuple(xs) if !xs.is_empty() => {
                self.node(v, indent, inline)
            }
            Value::Map(_, xs) | Value::Object(xs) if !xs.is_empty() => self.node(v, indent, inline),
            _ => self.scalar(v, indent),
        }
    }

    /// A scalar or empty collection; `indent` is where continuation lines go.
    fn scalar(&mut self, v: &Value, indent: usize) {
        match v.unmark().0 {
            Value::Null(_) | Value::Unknown(..) => self.push("null"),
            Value::Bool(b) => self.push(if *b { "true" } else { "false" }),
            Value::Number(n) => self.push(&n.to_string()),
            Value::String(s) => {
                if s.contains('\n') && literal_allowed(s) {
                    self.literal(s, indent);
                } else {
                    self.double_quoted(s, indent, true);
                }
            }
            Value::List(..) | Value::Set(..) | Value::Tuple(_) => self.push("[]"),
            Value::Map(..) | Value::Object(_) => self.push("{}"),
            Value::Sensitive(_) => unreachable!(),
        }
    }

    fn literal(&mut self, s: &str, indent: usize) {
        let mut header = String::from("|");
        if s.starts_with([' ', '\n']) {
            header.push('2');
        }
        if !s.ends_with('\n') {
            header.push('-');
        } else if s == "\n" || s.ends_with("\n\n") {
            header.push('+');
        }
        self.push(&header);
        self.push("\n");
        let mut at_line_start = true;
        for c in s.chars() {
            if c == '\n' {
                self.push("\n");
                at_line_start = true;
            } else {
                if at_line_start {
                    self.push(&" ".repeat(indent));
                    at_line_start = false;
                }
                let mut buf = [0; 4];
                self.push(c.encode_utf8(&mut buf));
            }
        }
    }

    fn double_quoted(&mut self, s: &str, indent: usize, allow_breaks: bool) {
        self.push("\"");
        let chars: Vec<char> = s.chars().collect();
        let mut spaces = false;
        for (i, &c) in chars.iter().enumerate() {
            if c == ' ' {
                if allow_breaks
                    && !spaces
                    && self.column > YAML_WIDTH
                    && i != 0
                    && i != chars.len() - 1
                {
                    self.push("\n");
                    self.push(&" ".repeat(indent));
                    if chars.get(i + 1) == Some(&' ') {
                        self.push("\\");
                    }
                } else {
                    self.push(" ");
                }
                spaces = true;
                continue;
            }
            spaces = false;
            let escaped = match c {
                '\0' => "\\0".to_string(),
                '\u{7}' => "\\a".into(),
                '\u{8}' => "\\b".into(),
                '\t' => "\\t".into(),
                '\n' => "\\n".into(),
                '\u{b}' => "\\v".into(),
                '\u{c}' => "\\f".into(),
                '\r' => "\\r".into(),
                '\u{1b}' => "\\e".into(),
                '"' => "\\\"".into(),
                '\\' => "\\\\".into(),
                '\u{85}' => "\\N".into(),
                '\u{2028}' => "\\L".into(),
                '\u{2029}' => "\\P".into(),
                c if !yaml_printable(c) || c == '\u{feff}' => {
                    let cp = c as u32;
                    if cp <= 0xff {
                        format!("\\x{cp:02X}")
                    } else if cp <= 0xffff {
                        format!("\\u{cp:04X}")
                    } else {
                        format!("\\U{cp:08X}")
                    }
                }
                c => c.to_string(),
            };
            self.push(&escaped);
        }
        self.push("\"");
    }
}

/// libyaml's notion of a printable character (which excludes everything
/// outside the Basic Multilingual Plane).
fn yaml_printable(c: char) -> bool {
    matches!(c as u32, 0x0a | 0x20..=0x7e | 0xa0..=0xd7ff | 0xe000..=0xfffd) && c != '\u{feff}'
}

/// Whether libyaml allows a literal block for this multi-line string: no
/// trailing space, no space right before a line break, nothing unprintable.
fn literal_allowed(s: &str) -> bool {
    let is_break = |c: char| matches!(c, '\n' | '\r' | '\u{85}' | '\u{2028}' | '\u{2029}');
    if s.ends_with(' ') {
        return false;
    }
    let chars: Vec<char> = s.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        if !yaml_printable(c) {
            return false;
        }
        if is_break(c) && i > 0 && chars[i - 1] == ' ' {
            return false;
        }
    }
    true
}

/// Decodes YAML as Terraform's go-cty-yaml does: one document, mappings as
/// objects, sequences as tuples, YAML 1.1-style implicit scalars (`yes`,
/// `on`, `~`), merge keys, and errors placed as that decoder places them.
fn yaml_decode(src: &str) -> Result<Value, String> {
    use yaml_rust2::parser::{Event, Parser};
    // As go-cty-yaml does, an empty document is read as a blank line.
    let src = if src.is_empty() { "\n" } else { src };
    let mut p = Parser::new_from_str(src);
    let mut dec = YamlDecoder {
        anchors: BTreeMap::new(),
        src,
    };
    let next = |p: &mut Parser<std::str::Chars>| p.next_token().map_err(|e| scan_error(src, &e));
    let (ev, _) = next(&mut p)?;
    debug_assert!(matches!(ev, Event::StreamStart));
    let (ev, mark) = next(&mut p)?;
    if !matches!(ev, Event::DocumentStart) {
        return Err(at(mark.line(), mark.col(), "missing start of document"));
    }
    let (ev, mark) = next(&mut p)?;
    let v = dec.node(ev, mark, &mut p)?;
    let (ev, mark) = next(&mut p)?;
    if matches!(ev, Event::DocumentStart) {
        return Err(at(
            mark.line(),
            mark.col(),
            "only a single document is allowed",
        ));
    }
    let (ev, mark) = next(&mut p)?;
    if !matches!(ev, Event::StreamEnd) {
        return Err(at(
            mark.line(),
            mark.col(),
            "unexpected extra content after value",
        ));
    }
    Ok(v)
}

/// go-cty-yaml's error position: its line number is zero-based and it
/// leaves positions on the first line out altogether.
fn at(line1: usize, col0: usize, msg: &str) -> String {
    if line1 <= 1 {
        msg.to_string()
    } else {
        format!("on line {}, column {}: {msg}", line1 - 1, col0 + 1)
    }
}

/// A syntax error from the YAML parser, placed as go-cty-yaml places
/// parser errors (its scanner's 1-based line, 1-based column).
fn scan_error(src: &str, e: &yaml_rust2::scanner::ScanError) -> String {
    let m = e.marker();
    if e.info().contains("unknown anchor") {
        let name = alias_name(src, m.line(), m.col());
        return at(
            m.line(),
            m.col(),
            &format!("reference to undefined anchor {}", quote(&name)),
        );
    }
    // yaml-rust2 words problems as libyaml does, with the context first
    // ("while parsing ..., problem"); go-cty-yaml shows the problem alone.
    let info = e.info();
    let problem = match info.split_once(", ") {
        Some((context, rest)) if context.starts_with("while ") => rest,
        _ => info,
    };
    let problem = match problem {
        "expected ',' or ']'" => "did not find expected ',' or ']'",
        "expected ',' or '}'" => "did not find expected ',' or '}'",
        p if p.starts_with("tabs disallowed") => "found character that cannot start any token",
        p => p,
    };
    // go-cty-yaml's positions: for parser problems the zero-based line and
    // one-based column, for scanner problems the line after and column 1,
    // and none at all on the first line.
    let line0 = m.line().saturating_sub(1);
    if line0 == 0 {
        problem.to_string()
    } else if problem.starts_with("did not find expected") {
        format!("on line {line0}, column {}: {problem}", m.col() + 1)
    } else {
        format!("on line {}, column 1: {problem}", line0 + 1)
    }
}

/// The name of the alias (`*name`) at a position in the source.
fn alias_name(src: &str, line1: usize, col0: usize) -> String {
    let line = src.lines().nth(line1.saturating_sub(1)).unwrap_or("");
    line.chars()
        .skip(col0)
        .skip_while(|&c| c == '*')
        .take_while(|c| !c.is_whitespace() && !",[]{}".contains(*c))
        .collect()
}

struct YamlDecoder<'s> {
    anchors: BTreeMap<usize, Value>,
    src: &'s str,
}

/// The column where a node's properties (`!tag`, `&anchor`) begin: libyaml
/// places a node there, yaml-rust2 at its content.
fn node_start_col(src: &str, line1: usize, col0: usize) -> usize {
    let Some(line) = src.lines().nth(line1.saturating_sub(1)) else {
        return col0;
    };
    let chars: Vec<char> = line.chars().collect();
    let mut col = col0.min(chars.len());
    loop {
        let mut i = col;
        while i > 0 && chars[i - 1] == ' ' {
            i -= 1;
        }
        let end = i;
        while i > 0 && chars[i - 1] != ' ' {
            i -= 1;
        }
        if i < end && matches!(chars[i], '!' | '&') {
            col = i;
        } else {
            return col;
        }
    }
}

const YAML_TAG_PREFIX: &str = "tag:yaml.org,2002:";

fn yaml_tag(tag: &Option<yaml_rust2::parser::Tag>) -> String {
    match tag {
        None => String::new(),
        Some(t) if t.handle == "!!" => format!("{YAML_TAG_PREFIX}{}", t.suffix),
        Some(t) => format!("{}{}", t.handle, t.suffix),
    }
}

impl YamlDecoder<'_> {
    fn node(
        &mut self,
        ev: yaml_rust2::parser::Event,
        mark: yaml_rust2::scanner::Marker,
        p: &mut yaml_rust2::parser::Parser<std::str::Chars>,
    ) -> Result<Value, String> {
        use yaml_rust2::parser::Event;
        let src = self.src;
        let next = |p: &mut yaml_rust2::parser::Parser<std::str::Chars>| {
            p.next_token().map_err(|e| scan_error(src, &e))
        };
        match ev {
            Event::Scalar(text, style, anchor, tag) => {
                let tag = yaml_tag(&tag);
                let v = resolve_scalar(&tag, &text, style).map_err(|e| {
                    at(
                        mark.line(),
                        node_start_col(self.src, mark.line(), mark.col()),
                        &e,
                    )
                })?;
                if anchor > 0 {
                    self.anchors.insert(anchor, v.clone());
                }
                Ok(v)
            }
            Event::Alias(id) => self.anchors.get(&id).cloned().ok_or_else(|| {
                let name = alias_name(self.src, mark.line(), mark.col());
                let msg = format!(
                    "cannot refer to anchor {} from inside its own definition",
                    quote(&name)
                );
                at(mark.line(), mark.col(), &msg)
            }),
            Event::SequenceStart(anchor, tag) => {
                let tag = yaml_tag(&tag);
                if !tag.is_empty() && tag != format!("{YAML_TAG_PREFIX}seq") {
                    return Err(at(
                        mark.line(),
                        mark.col(),
                        &format!("can't interpret sequence as {tag}"),
                    ));
                }
                let mut items = Vec::new();
                loop {
                    let (ev, m) = next(p)?;
                    if matches!(ev, Event::SequenceEnd) {
                        break;
                    }
                    items.push(self.node(ev, m, p)?);
                }
                let v = Value::Tuple(items.into());
                if anchor > 0 {
                    self.anchors.insert(anchor, v.clone());
                }
                Ok(v)
            }
            Event::MappingStart(anchor, tag) => {
                let tag = yaml_tag(&tag);
                if !tag.is_empty() && tag != format!("{YAML_TAG_PREFIX}map") {
                    return Err(at(
                        mark.line(),
                        mark.col(),
                        &format!("can't interpret mapping as {tag}"),
                    ));
                }
                // Collected, then sorted once; a later key wins.
                let mut attrs = Vec::new();
                loop {
                    let (ev, m) = next(p)?;
                    let (text, style, tag) = match ev {
                        Event::MappingEnd => break,
                        Event::Scalar(text, style, _, tag) => (text, style, yaml_tag(&tag)),
                        _ => {
                            return Err(at(
                                m.line(),
                                m.col(),
                                "only strings are allowed as mapping keys",
                            ));
                        }
                    };
                    // Terraform's go-cty-yaml merges only single mappings
                    // given under a plain `<<` key.
                    if tag.is_empty() && text == "<<" {
                        let (ev, vm) = next(p)?;
                        match self.node(ev, vm, p)? {
                            Value::Object(merged) => attrs.extend(merged),
                            other => {
                                let msg = format!("cannot merge {} into mapping", other.ty());
                                return Err(at(m.line(), m.col(), &msg));
                            }
                        }
                        continue;
                    }
                    let key = match resolve_scalar(&tag, &text, style)? {
                        Value::String(s) => s,
                        Value::Number(n) => n.to_string(),
                        Value::Bool(b) => b.to_string(),
                        _ => return Err(at(m.line(), m.col(), "mapping key cannot be null")),
                    };
                    let (ev, vm) = next(p)?;
                    let v = self.node(ev, vm, p)?;
                    attrs.push((key, v));
                }
                let v = Value::Object(attrs.into_iter().collect());
                if anchor > 0 {
                    self.anchors.insert(anchor, v.clone());
                }
                Ok(v)
            }
            Event::DocumentStart => Err(at(
                mark.line(),
                mark.col(),
                "only a single document is allowed",
            )),
            Event::StreamEnd => Err(at(
                mark.line(),
                mark.col(),
                "expecting value but found end of stream",
            )),
            other => Err(at(
                mark.line(),
                mark.col(),
                &format!("unexpected parser event {other:?}"),
            )),
        }
    }
}

/// Resolves a scalar to a value by its tag, or for untagged plain scalars
/// by its form (go-cty-yaml's rules: YAML 1.1 booleans and nulls, YAML 1.2
/// numbers, timestamps as RFC 3339 strings).
fn resolve_scalar(
    tag: &str,
    src: &str,
    style: yaml_rust2::scanner::TScalarStyle,
) -> Result<Value, String> {
    use yaml_rust2::scanner::TScalarStyle;
    let short = tag.strip_prefix(YAML_TAG_PREFIX);
    let known = tag.is_empty()
        || matches!(
            short,
            Some("str" | "bool" | "int" | "float" | "null" | "timestamp" | "binary")
        );
    if !known {
        return Err(format!("unsupported tag {}", quote(tag)));
    }
    let mut kind = short.unwrap_or("");
    let first = src.bytes().next();
    let hinted = match first {
        None => true,
        Some(b) => b"+-0123456789yYnNtTfFoO~.".contains(&b),
    };
    if hinted && kind != "str" && kind != "binary" {
        if matches!(
            style,
            TScalarStyle::SingleQuoted | TScalarStyle::DoubleQuoted
        ) {
            return Ok(Value::String(src.to_string()));
        }
        if let Some(v) = yaml_special(src) {
            return Ok(v);
        }
        if kind.is_empty() && matches!(src, ".nan" | ".NaN" | ".NAN") {
            return Err("floating point NaN is not supported".into());
        }
        match first {
            Some(b'.') => {
                if let Some(n) = parse_decimal(src) {
                    return Ok(Value::Number(n));
                }
            }
            Some(b'+' | b'-' | b'0'..=b'9') => {
                if let (true, Some(t)) = (
                    kind.is_empty() || kind == "timestamp",
                    parse_yaml_timestamp(src),
                ) {
                    return Ok(Value::String(t));
                }
                if kind.is_empty() {
                    if is_yaml_int(src) {
                        kind = "int";
                    } else if is_yaml_float(src) {
                        kind = "float";
                    }
                }
            }
            _ => {}
        }
    }
    let cannot = || format!("cannot parse {} as {tag}", quote(src));
    match kind {
        "str" => Ok(Value::String(src.to_string())),
        "binary" => {
            go_base64_decode(src)
                .map_err(|_| format!("cannot parse {} as {tag}: not valid base64", quote(src)))?;
            Ok(Value::String(src.to_string()))
        }
        "bool" => match yaml_special(src) {
            Some(v @ Value::Bool(_)) => Ok(v),
            _ => Err(cannot()),
        },
        "int" | "float" => {
            let plain = src.replace('_', "");
            parse_decimal(&plain)
                .or_else(|| parse_go_int(&plain))
                .map(Value::Number)
                .ok_or_else(cannot)
        }
        "timestamp" => parse_yaml_timestamp(src)
            .map(Value::String)
            .ok_or_else(cannot),
        "null" => Ok(Value::null()),
        _ => Ok(Value::String(src.to_string())),
    }
}

/// The words go-cty-yaml resolves before anything else.
fn yaml_special(src: &str) -> Option<Value> {
    Some(match src {
        "y" | "Y" | "yes" | "Yes" | "YES" | "true" | "True" | "TRUE" | "on" | "On" | "ON" => {
            Value::Bool(true)
        }
        "n" | "N" | "no" | "No" | "NO" | "false" | "False" | "FALSE" | "off" | "Off" | "OFF" => {
            Value::Bool(false)
        }
        "" | "~" | "null" | "Null" | "NULL" => Value::null(),
        ".inf" | ".Inf" | ".INF" | "+.inf" | "+.Inf" | "+.INF" => {
            Value::Number(Number::from_f64(f64::INFINITY))
        }
        "-.inf" | "-.Inf" | "-.INF" => Value::Number(Number::from_f64(f64::NEG_INFINITY)),
        _ => return None,
    })
}

fn is_yaml_int(s: &str) -> bool {
    let digits = |t: &str, radix: u32| !t.is_empty() && t.chars().all(|c| c.is_digit(radix));
    digits(s.strip_prefix(['+', '-']).unwrap_or(s), 10)
        || s.strip_prefix("0o").is_some_and(|t| digits(t, 8))
        || s.strip_prefix("0x").is_some_and(|t| digits(t, 16))
}

fn is_yaml_float(s: &str) -> bool {
    let t = s.strip_prefix(['+', '-']).unwrap_or(s);
    let (mantissa, exp) = match t.find(['e', 'E']) {
        Some(i) => (&t[..i], Some(&t[i + 1..])),
        None => (t, None),
    };
    let all_digits = |x: &str| x.chars().all(|c| c.is_ascii_digit());
    let mantissa_ok = match mantissa.split_once('.') {
        Some((a, b)) => {
            (a.is_empty() && !b.is_empty() || !a.is_empty()) && all_digits(a) && all_digits(b)
        }
        None => !mantissa.is_empty() && all_digits(mantissa),
    };
    let exp_ok = exp.is_none_or(|e| {
        let e = e.strip_prefix(['+', '-']).unwrap_or(e);
        !e.is_empty() && all_digits(e)
    });
    mantissa_ok && exp_ok
}

/// A decimal number as cty's `ParseNumberVal` reads it.
fn parse_decimal(s: &str) -> Option<Number> {
    if s.is_empty() || !s.chars().any(|c| c.is_ascii_digit()) {
        return None;
    }
    let ok = s
        .chars()
        .all(|c| c.is_ascii_digit() || matches!(c, '.' | 'e' | 'E' | '+' | '-'));
    if !ok {
        return None;
    }
    Number::parse(s).or_else(|| s.parse::<f64>().ok().map(Number::from_f64))
}

/// Go's `strconv.ParseInt(s, 0, 64)` (and ParseUint): 0x, 0o, 0b and
/// leading-zero octal prefixes.
fn parse_go_int(s: &str) -> Option<Number> {
    let (neg, t) = match s.strip_prefix('-') {
        Some(t) => (true, t),
        None => (false, s.strip_prefix('+').unwrap_or(s)),
    };
    let (radix, digits) = if let Some(d) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        (16, d)
    } else if let Some(d) = t.strip_prefix("0o").or_else(|| t.strip_prefix("0O")) {
        (8, d)
    } else if let Some(d) = t.strip_prefix("0b").or_else(|| t.strip_prefix("0B")) {
        (2, d)
    } else if t.len() > 1 && t.starts_with('0') {
        (8, &t[1..])
    } else {
        (10, t)
    };
    let v = u64::from_str_radix(digits, radix).ok()?;
    if neg {
        if v > i64::MAX as u64 + 1 {
            return None;
        }
        Some(Number::from_i64((v as i128).wrapping_neg() as i64))
    } else if let Ok(i) = i64::try_from(v) {
        Some(Number::from_i64(i))
    } else {
        Some(Number::from_f64(v as f64))
    }
}

/// The YAML timestamp forms go-cty-yaml accepts, as RFC 3339 strings.
fn parse_yaml_timestamp(s: &str) -> Option<String> {
    let digits = s.bytes().take_while(u8::is_ascii_digit).count();
    if digits != 4 || s.as_bytes().get(4) != Some(&b'-') {
        return None;
    }
    let (date, time) = match s.find(['T', 't', ' ']) {
        Some(i) => (&s[..i], Some((&s[i..i + 1], &s[i + 1..]))),
        None => (s, None),
    };
    let mut parts = date.split('-');
    let (y, mo, d) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() || ![mo, d].iter().all(|p| (1..=2).contains(&p.len())) {
        return None;
    }
    let (y, mo, d): (i32, u32, u32) = (y.parse().ok()?, mo.parse().ok()?, d.parse().ok()?);
    chrono::NaiveDate::from_ymd_opt(y, mo, d)?;
    let date_str = format!("{y:04}-{mo:02}-{d:02}");
    let Some((sep, rest)) = time else {
        return Some(format!("{date_str}T00:00:00Z"));
    };
    // "T"/"t" forms need a zone; the space form has none.
    let (clock, zone) = if sep == " " {
        (rest, None)
    } else if let Some(c) = rest.strip_suffix('Z') {
        (c, Some("Z".to_string()))
    } else {
        let i = rest.rfind(['+', '-'])?;
        let z = &rest[i..];
        if z.len() != 6 || z.as_bytes()[3] != b':' {
            return None;
        }
        (&rest[..i], Some(z.to_string()))
    };
    let (hms, frac) = match clock.split_once('.') {
        Some((a, f)) if !f.is_empty() && f.len() <= 9 && f.bytes().all(|b| b.is_ascii_digit()) => {
            (a, Some(f))
        }
        Some(_) => return None,
        None => (clock, None),
    };
    let _ = frac; // RFC 3339 output drops fractional seconds, as Go's does.
    let mut t = hms.split(':');
    let (h, mi, se) = (t.next()?, t.next()?, t.next()?);
    if t.next().is_some() || ![h, mi, se].iter().all(|p| (1..=2).contains(&p.len())) {
        return None;
    }
    let (h, mi, se): (u32, u32, u32) = (h.parse().ok()?, mi.parse().ok()?, se.parse().ok()?);
    if h > 23 || mi > 59 || se > 59 {
        return None;
    }
    let zone = match zone.as_deref() {
        None | Some("Z") | Some("+00:00") => "Z".to_string(),
        Some(z) => z.to_string(),
    };
    Some(format!("{date_str}T{h:02}:{mi:02}:{se:02}{zone}"))
}

#[cfg(test)]
mod tests {
    // Results and errors terraform shows live in the expression corpus
    // (tests/corpus/expressions/encoding_cases.exprs); these check types
    // and byte streams the console does not show exactly.
    use super::super::FunctionContext;
    use super::*;
    use std::path::Path;

    fn ctx() -> FunctionContext<'static> {
        FunctionContext {
            base_dir: Path::new("."),
            plan: false,
            render_template: None,
            files_within: None,
            files: &crate::files::DISK,
            host: crate::lang::functions::Host::UNKNOWN,
        }
    }

    fn run(name: &str, args: Vec<Value>) -> Result<Value, FunctionError> {
        super::super::call(name, args, &ctx())
    }

    fn s(x: &str) -> Value {
        Value::string(x)
    }

    fn obj(pairs: &[(&str, Value)]) -> Value {
        Value::Object(
            pairs
                .iter()
                .map(|(k, v)| (k.to_string(), v.clone()))
                .collect(),
        )
    }

    #[test]
    fn csvdecode_builds_a_list_of_objects() {
        let row = |a: &str, b: &str| obj(&[("a", s(a)), ("b", s(b))]);
        let row_ty = Type::Object([("a".into(), Type::String), ("b".into(), Type::String)].into());
        // terraform: [{a="x\"y",b="2"},{a="3",b="4\n5"}]
        assert_eq!(
            run("csvdecode", vec![s("a,b\n\"x\"\"y\",2\n\n3,\"4\n5\"\n")]),
            Ok(Value::List(
                row_ty.clone(),
                vec![row("x\"y", "2"), row("3", "4\n5")].into()
            ))
        );
        // terraform: tolist([]) of type list(object({a: string, b: string}))
        assert_eq!(
            run("csvdecode", vec![s("a,b")]),
            Ok(Value::List(row_ty, vec![].into()))
        );
    }

    #[test]
    fn jsondecode_produces_cty_types() {
        // terraform: object({a: tuple([number, string, dynamic, bool, object({})])})
        let got = run("jsondecode", vec![s(r#"{"a":[1,"x",null,true,{}]}"#)]).unwrap();
        let want = obj(&[(
            "a",
            Value::Tuple(
                vec![
                    Value::int(1),
                    s("x"),
                    Value::null(),
                    Value::Bool(true),
                    obj(&[]),
                ]
                .into(),
            ),
        )]);
        assert_eq!(got, want);
        // terraform: later duplicate keys win.
        assert_eq!(
            run("jsondecode", vec![s(r#"{"a":1,"a":2}"#)]),
            Ok(obj(&[("a", Value::int(2))]))
        );
        assert_eq!(
            run("jsondecode", vec![s(r#""\u00e9\ud83d\ude00""#)]),
            Ok(s("é😀"))
        );
    }

    #[test]
    fn yamlencode_matches_terraform_byte_for_byte() {
        let double_space_fold = format!("\"0.5 {}\n  \\ bbbb cccc\"\n", "a".repeat(77));
        let long_word = format!("\"{}\n  bbb\"\n", "a".repeat(105));
        let cases: Vec<(&str, Value, &str)> = vec![
            ("no final newline", s("a\nb"), "|-\n  a\n  b\n"),
            ("kept final newlines", s("a\nb\n\n"), "|+\n  a\n  b\n\n"),
            (
                "leading space needs an indent hint",
                s("  a\nb"),
                "|2-\n    a\n  b\n",
            ),
            ("a lone newline", s("\n"), "|2+\n\n"),
            ("blank line inside", s("a\n\nb\n"), "|\n  a\n\n  b\n"),
            (
                "space before a break forces quotes",
                s("a \nb"),
                "\"a \\nb\"\n",
            ),
            (
                "carriage return forces quotes",
                s("a\r\nb"),
                "\"a\\r\\nb\"\n",
            ),
            ("trailing space forces quotes", s("a\nb  "), "\"a\\nb  \"\n"),
            (
                "nested sequences",
                Value::Tuple(
                    vec![
                        s("x"),
                        Value::Tuple(
                            vec![Value::int(1), Value::Tuple(vec![Value::int(2)].into())].into(),
                        ),
                        obj(&[]),
                        obj(&[("a", Value::Tuple(vec![].into()))]),
                    ]
                    .into(),
                ),
                "- \"x\"\n- - 1\n  - - 2\n- {}\n- \"a\": []\n",
            ),
            (
                "nested literal",
                obj(&[("a", obj(&[("b", s("x\ny"))]))]),
                "\"a\":\n  \"b\": |-\n    x\n    y\n",
            ),
            (
                "literal in a sequence",
                Value::Tuple(vec![s("a\nb")].into()),
                "- |-\n  a\n  b\n",
            ),
            (
                "a multi-line key",
                obj(&[("a\nb", Value::int(1))]),
                "? |-\n  a\n  b\n: 1\n",
            ),
            (
                "nested sequences in a mapping",
                obj(&[(
                    "x",
                    obj(&[(
                        "y",
                        Value::Tuple(vec![Value::Tuple(vec![Value::int(1)].into())].into()),
                    )]),
                )]),
                "\"x\":\n  \"y\":\n  - - 1\n",
            ),
            (
                "a mapping in nested sequences",
                Value::Tuple(
                    vec![Value::Tuple(
                        vec![obj(&[("a", Value::int(1)), ("b", Value::int(2))])].into(),
                    )]
                    .into(),
                ),
                "- - \"a\": 1\n    \"b\": 2\n",
            ),
            (
                "an empty mapping in a sequence",
                Value::Tuple(vec![obj(&[])].into()),
                "- {}\n",
            ),
            (
                "an empty list in a mapping in a sequence",
                obj(&[(
                    "a",
                    Value::Tuple(vec![obj(&[("b", Value::Tuple(vec![].into()))])].into()),
                )]),
                "\"a\":\n- \"b\": []\n",
            ),
            (
                "a fold before a double space escapes the second",
                s(&format!("0.5 {}  bbbb cccc", "a".repeat(77))),
                &double_space_fold,
            ),
            ("a top-level number", Value::int(1), "1\n...\n"),
            ("a top-level null", Value::null(), "null\n...\n"),
            ("a top-level string", s("x"), "\"x\"\n"),
            ("an empty list", Value::Tuple(vec![].into()), "[]\n"),
            (
                "escapes",
                obj(&[("a b", s("\u{1}é\u{2028}\"\\"))]),
                "\"a b\": \"\\x01é\\L\\\"\\\\\"\n",
            ),
            (
                "astral and NEL",
                Value::Tuple(vec![s("😀"), s("a\u{85}b"), s("\u{a0}")].into()),
                "- \"\\U0001F600\"\n- \"a\\Nb\"\n- \"\u{a0}\"\n",
            ),
            (
                "a long word folds at its space",
                s(&format!("{} bbb", "a".repeat(105))),
                &long_word,
            ),
        ];
        for (what, v, want) in cases {
            assert_eq!(run("yamlencode", vec![v]), Ok(s(want)), "{what}");
        }
    }

    #[test]
    fn yamlencode_writes_a_mapping_of_many_kinds_as_terraform() {
        let long = "long ".repeat(22);
        let long = long.trim_end();
        let (what, v, want) = (
            "a mapping of many kinds",
            obj(&[
                ("b", Value::int(1)),
                ("a", s("x")),
                (
                    "c",
                    Value::Tuple(
                        vec![
                            Value::int(1),
                            Value::Number(Number::from_f64(2.5)),
                            Value::Bool(true),
                            Value::null(),
                        ]
                        .into(),
                    ),
                ),
                ("d", obj(&[])),
                ("e", Value::Tuple(vec![].into())),
                ("f", s("multi\nline\n")),
                (
                    "k",
                    Value::Tuple(
                        vec![obj(&[
                            ("x", Value::int(1)),
                            ("y", Value::Tuple(vec![Value::int(2)].into())),
                        ])]
                        .into(),
                    ),
                ),
                ("n", s("tab\tx")),
                ("v", s(long)),
            ]),
            "\"a\": \"x\"\n\"b\": 1\n\"c\":\n- 1\n- 2.5\n- true\n- null\n\"d\": {}\n\"e\": []\n\"f\": |\n  multi\n  line\n\"k\":\n- \"x\": 1\n  \"y\":\n  - 2\n\"n\": \"tab\\tx\"\n\"v\": \"long long long long long long long long long long long long long long long long\n  long long long long long long\"\n",
        );
        assert_eq!(run("yamlencode", vec![v]), Ok(s(want)), "{what}");
    }

    #[test]
    fn yamldecode_resolves_scalars_as_terraform() {
        let src = "[x, 2.5, true, ~, null, yes, on, 0x10, 0o17, 017, 1e3, .inf, \"q\", !!str 5, 2001-12-14, y, n, Off, NULL, Null, 1_000, +5, 0b101, -0x1A, 1.5e+3, \"\", !!int \"7\", !!float 3, !!bool yes, !!null x, \"1\", 'true', 2001-1-2T3:4:5.25+01:00, 2001-12-14 21:59:43.10, 0o8, 00, 0x, 12.5.6, .5, 5., -.5e2, !!int 0b11, -0b11, !!float 0x1F]";
        let n = |i: i64| Value::int(i);
        let f = |x: f64| Value::Number(Number::from_f64(x));
        // terraform printed each of these in order.
        let want = vec![
            s("x"),
            f(2.5),
            Value::Bool(true),
            Value::null(),
            Value::null(),
            Value::Bool(true),
            Value::Bool(true),
            n(16),
            n(15),
            n(17),
            n(1000),
            Value::Number(Number::from_f64(f64::INFINITY)),
            s("q"),
            s("5"),
            s("2001-12-14T00:00:00Z"),
            Value::Bool(true),
            Value::Bool(false),
            Value::Bool(false),
            Value::null(),
            Value::null(),
            s("1_000"),
            n(5),
            s("0b101"),
            s("-0x1A"),
            n(1500),
            s(""),
            s("7"),
            n(3),
            Value::Bool(true),
            Value::null(),
            s("1"),
            s("true"),
            s("2001-01-02T03:04:05+01:00"),
            s("2001-12-14T21:59:43Z"),
            s("0o8"),
            n(0),
            s("0x"),
            s("12.5.6"),
            f(0.5),
            n(5),
            n(-50),
            n(3),
            s("-0b11"),
            n(31),
        ];
        let got = run("yamldecode", vec![s(src)]).unwrap();
        let Value::Tuple(items) = got else {
            panic!("not a tuple: {got:?}")
        };
        assert_eq!(items.len(), want.len());
        for (i, (g, w)) in items.iter().zip(&want).enumerate() {
            assert_eq!(g, w, "item {i}");
        }
    }

    #[test]
    fn yamldecode_structures() {
        let cases: Vec<(&str, &str, Value)> = vec![
            (
                "anchors and aliases",
                "a: &x 1\nb: *x",
                obj(&[("a", Value::int(1)), ("b", Value::int(1))]),
            ),
            // terraform: the key `y` is YAML 1.1's true, so it becomes "true".
            (
                "merge keys",
                "base: &b {x: 1}\nd:\n  <<: *b\n  y: 2\n",
                obj(&[
                    ("base", obj(&[("x", Value::int(1))])),
                    ("d", obj(&[("true", Value::int(2)), ("x", Value::int(1))])),
                ]),
            ),
            (
                "keys become strings",
                "1: a\ntrue: b\n",
                obj(&[("1", s("a")), ("true", s("b"))]),
            ),
            (
                "merge then override",
                "a: &a {x: 1}\nb:\n  <<: *a\n  x: 2",
                obj(&[
                    ("a", obj(&[("x", Value::int(1))])),
                    ("b", obj(&[("x", Value::int(2))])),
                ]),
            ),
            (
                "merge overrides earlier keys",
                "a: &a {x: 1}\nb:\n  x: 2\n  <<: *a",
                obj(&[
                    ("a", obj(&[("x", Value::int(1))])),
                    ("b", obj(&[("x", Value::int(1))])),
                ]),
            ),
            ("later keys win", "a: 1\na: 2", obj(&[("a", Value::int(2))])),
            (
                "binary stays base64",
                "x: !!binary aGVsbG8=",
                obj(&[("x", s("aGVsbG8="))]),
            ),
            (
                "literal block",
                "a: |\n  x\n  y\n",
                obj(&[("a", s("x\ny\n"))]),
            ),
            ("explicit document", "---\n1\n...\n", Value::int(1)),
            ("empty str tag", "a: !!str", obj(&[("a", s(""))])),
            ("map tag", "a: !!map {}", obj(&[("a", obj(&[]))])),
            (
                "block scalar key",
                "? |\n  x\n: 1",
                obj(&[("x\n", Value::int(1))]),
            ),
            (
                "flow in block",
                "\n\n- 1\n- [a: 1]",
                Value::Tuple(
                    vec![
                        Value::int(1),
                        Value::Tuple(vec![obj(&[("a", Value::int(1))])].into()),
                    ]
                    .into(),
                ),
            ),
        ];
        for (what, src, want) in cases {
            assert_eq!(run("yamldecode", vec![s(src)]), Ok(want), "{what}");
        }
    }

    /// A Kubernetes-style document.
    const REALISTIC_YAML: &str = r#"# a comment
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web   # trailing comment
  labels: {app: web, "tier": 'front'}
spec:
  replicas: 3
  ratio: 0.75
  enabled: yes
  empty:
  tilde: ~
  folded: >
    one
    two

    three
  literal_keep: |+
    a

  strip: |-
    b
  quoted: "line\ttab \u00e9 \x41"
  single: 'it''s'
  containers:
    - name: app
      image: "nginx:1.25"
      ports:
        - containerPort: 80
          protocol: TCP
      args: ["--a", --b=1, 3]
    - name: side
  multiline plain: this is
    continued here
  "key with: colon": v
  date: 2024-01-15
  version: 1.10
  octal: 0755
  neg: -12
  plus: +3.5e2
"#;

    /// terraform printed this for
    /// `yamlencode(yamldecode(file("doc.yaml")))` of the same document.
    #[test]
    fn yamlencode_a_realistic_document() {
        let doc = run("yamldecode", vec![s(REALISTIC_YAML)]).unwrap();
        let want = r#""apiVersion": "apps/v1"
"kind": "Deployment"
"metadata":
  "labels":
    "app": "web"
    "tier": "front"
  "name": "web"
"spec":
  "containers":
  - "args":
    - "--a"
    - "--b=1"
    - 3
    "image": "nginx:1.25"
    "name": "app"
    "ports":
    - "containerPort": 80
      "protocol": "TCP"
  - "name": "side"
  "date": "2024-01-15T00:00:00Z"
  "empty": null
  "enabled": true
  "folded": |
    one two
    three
  "key with: colon": "v"
  "literal_keep": |+
    a

  "multiline plain": "this is continued here"
  "neg": -12
  "octal": 755
  "plus": 350
  "quoted": "line\ttab é A"
  "ratio": 0.75
  "replicas": 3
  "single": "it's"
  "strip": "b"
  "tilde": null
  "version": 1.1
"#;
        assert_eq!(run("yamlencode", vec![doc]), Ok(s(want)));
    }

    /// A Kubernetes-style document; terraform printed the JSON below for
    /// `jsonencode(yamldecode(file("doc.yaml")))`.
    #[test]
    fn yamldecode_a_realistic_document() {
        let doc = REALISTIC_YAML;
        let want = r#"{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"labels":{"app":"web","tier":"front"},"name":"web"},"spec":{"containers":[{"args":["--a","--b=1",3],"image":"nginx:1.25","name":"app","ports":[{"containerPort":80,"protocol":"TCP"}]},{"name":"side"}],"date":"2024-01-15T00:00:00Z","empty":null,"enabled":true,"folded":"one two\nthree\n","key with: colon":"v","literal_keep":"a\n\n","multiline plain":"this is continued here","neg":-12,"octal":755,"plus":350,"quoted":"line\ttab é A","ratio":0.75,"replicas":3,"single":"it's","strip":"b","tilde":null,"version":1.1}}"#;
        let got = run("yamldecode", vec![s(doc)]).unwrap();
        assert_eq!(json_encode(&got), want);
    }

    /// Longer inputs are valid gzip but, unlike Terraform's (Go's deflate
    /// makes other choices), not byte for byte the same: check they
    /// round-trip.
    #[test]
    fn base64gzip_round_trips() {
        use std::io::Read;
        let text =
            r#"{"a":[1,2,3],"b":"the quick brown fox jumps over the lazy dog"} hello hello hello"#
                .repeat(20);
        let got = run("base64gzip", vec![s(&text)]).unwrap();
        let bytes = STANDARD.decode(got.as_str().unwrap()).unwrap();
        let mut out = String::new();
        flate2::read::GzDecoder::new(&bytes[..])
            .read_to_string(&mut out)
            .unwrap();
        assert_eq!(out, text);
    }

    #[test]
    fn unknown_and_sensitive_arguments() {
        assert_eq!(
            run("base64encode", vec![Value::Unknown(Type::String, None)]),
            Ok(Value::Unknown(Type::String, None))
        );
        assert_eq!(
            run(
                "jsonencode",
                vec![Value::Tuple(vec![Value::unknown()].into())]
            ),
            Ok(Value::Unknown(Type::String, None))
        );
        assert_eq!(
            run("base64encode", vec![s("a").mark()]),
            Ok(s("YQ==").mark())
        );
        assert_eq!(
            run("jsonencode", vec![Value::Tuple(vec![s("a").mark()].into())]),
            Ok(s("[\"a\"]").mark())
        );
        let err = run("base64decode", vec![s("!!").mark()]).unwrap_err();
        assert_eq!(
            err.detail,
            "Call to function \"base64decode\" failed: failed to decode base64 data (sensitive value)."
        );
    }
}
