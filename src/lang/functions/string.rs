//! String functions: format and formatlist (Go `fmt` verbs as cty reads
//! them), regex, regexall and replace (RE2 patterns translated for the
//! `regex` crate), and the plain text helpers (chomp, join, split, substr,
//! title, trim*, upper, lower...).

use regex::Regex;
use unicode_segmentation::UnicodeSegmentation;

use super::{Call, Function, FunctionError, Param, Ret, list_of};
use crate::lang::number::Number;
use crate::lang::types::convert;
use crate::lang::value::{Type, Value};

/// A converted string argument (the registry converted it).
fn st(v: &Value) -> &str {
    v.as_str().unwrap_or_default()
}

/// An entry returning a string: `f` gives its text.
fn string_fn(name: &'static str, params: Vec<Param>, f: Impl) -> Function {
    Function::new(name, params, Ret::Fixed(Type::String), f)
}

type Impl = fn(&Call, &Type) -> Result<Value, FunctionError>;

fn text(s: impl Into<String>) -> Result<Value, FunctionError> {
    Ok(Value::String(s.into()))
}

/// The string functions' entries in the registry.
pub(super) fn functions() -> Vec<Function> {
    vec![
        chomp_func(),
        lower_func(),
        upper_func(),
        title_func(),
        strrev_func(),
        trimspace_func(),
        trim_func(),
        trimprefix_func(),
        trimsuffix_func(),
        indent_func(),
        startswith_func(),
        endswith_func(),
        strcontains_func(),
        substr_func(),
        split_func(),
        join_func(),
        replace_func(),
        regex_func(),
        regexall_func(),
        format_func(),
        formatlist_func(),
    ]
}

fn chomp_func() -> Function {
    string_fn("chomp", vec![Param::string("str")], |c, _| {
        text(chomp(c.str(0)))
    })
}

fn lower_func() -> Function {
    string_fn("lower", vec![Param::string("str")], |c, _| {
        text(map_chars(c.str(0), false))
    })
}

fn upper_func() -> Function {
    string_fn("upper", vec![Param::string("str")], |c, _| {
        text(map_chars(c.str(0), true))
    })
}

fn title_func() -> Function {
    string_fn("title", vec![Param::string("str")], |c, _| {
        text(title(c.str(0)))
    })
}

fn strrev_func() -> Function {
    string_fn("strrev", vec![Param::string("str")], |c, _| {
        text(c.str(0).graphemes(true).rev().collect::<String>())
    })
}

fn trimspace_func() -> Function {
    string_fn("trimspace", vec![Param::string("str")], |c, _| {
        text(c.str(0).trim())
    })
}

fn trim_func() -> Function {
    string_fn(
        "trim",
        vec![Param::string("str"), Param::string("cutset")],
        |c, _| {
            let cut: Vec<char> = c.str(1).chars().collect();
            text(c.str(0).trim_matches(|ch| cut.contains(&ch)))
        },
    )
}

fn trimprefix_func() -> Function {
    string_fn(
        "trimprefix",
        vec![Param::string("str"), Param::string("prefix")],
        |c, _| {
            let (s, x) = (c.str(0), c.str(1));
            text(s.strip_prefix(x).unwrap_or(s))
        },
    )
}

fn trimsuffix_func() -> Function {
    string_fn(
        "trimsuffix",
        vec![Param::string("str"), Param::string("suffix")],
        |c, _| {
            let (s, x) = (c.str(0), c.str(1));
            text(s.strip_suffix(x).unwrap_or(s))
        },
    )
}

/// The longest string a string function builds (64 MiB, as the most a
/// file function reads): terraform allocates whatever it is asked for,
/// and `format("%10000000d")` a million times is a terabyte.
pub(crate) const MAX_STRING_BYTES: u64 = 64 << 20;

/// The error of a function whose result would pass [`MAX_STRING_BYTES`].
fn too_long(name: &str, what: &str) -> FunctionError {
    FunctionError::call(
        name,
        format!(
            "{what} would be more than the {MAX_STRING_BYTES} bytes minimod builds as one string"
        ),
    )
}

fn indent_func() -> Function {
    string_fn(
        "indent",
        vec![Param::number("spaces"), Param::string("str")],
        |c, _| {
            let n = c.args[0].as_number().and_then(|n| n.as_i64()).unwrap_or(0);
            if n < 0 {
                // Terraform 1.11 crashes in Go's strings.Repeat here.
                return Err(FunctionError::call(
                    c.name,
                    "panic in function implementation: strings: negative Repeat count",
                ));
            }
            // Terraform would allocate whatever it is asked: a bound, not an abort.
            let lines = c.str(1).matches('\n').count() as u64;
            let size = (n as u64)
                .saturating_mul(lines)
                .saturating_add(c.str(1).len() as u64);
            if size > MAX_STRING_BYTES {
                return Err(too_long(c.name, "the indented string"));
            }
            if lines == 0 {
                return text(c.str(1).to_string());
            }
            text(
                c.str(1)
                    .replace('\n', &format!("\n{}", " ".repeat(n as usize))),
            )
        },
    )
}

fn startswith_func() -> Function {
    Function::new(
        "startswith",
        vec![Param::string("str"), Param::string("prefix")],
        Ret::Fixed(Type::Bool),
        |c, _| Ok(Value::Bool(c.str(0).starts_with(c.str(1)))),
    )
}

fn endswith_func() -> Function {
    Function::new(
        "endswith",
        vec![Param::string("str"), Param::string("suffix")],
        Ret::Fixed(Type::Bool),
        |c, _| Ok(Value::Bool(c.str(0).ends_with(c.str(1)))),
    )
}

fn strcontains_func() -> Function {
    Function::new(
        "strcontains",
        vec![Param::string("str"), Param::string("substr")],
        Ret::Fixed(Type::Bool),
        |c, _| Ok(Value::Bool(c.str(0).contains(c.str(1)))),
    )
}

fn substr_func() -> Function {
    string_fn(
        "substr",
        vec![
            Param::string("str"),
            Param::number("offset"),
            Param::number("length"),
        ],
        |c, _| {
            let int = |v: &Value| {
                v.as_number()
                    .and_then(Number::as_i64)
                    .ok_or_else(|| FunctionError::call(c.name, "value must be a whole number"))
            };
            text(substr(c.str(0), int(&c.args[1])?, int(&c.args[2])?))
        },
    )
}

fn split_func() -> Function {
    Function::new(
        "split",
        vec![Param::string("separator"), Param::string("str")],
        Ret::Fixed(list_of(Type::String)),
        |c, _| {
            let (sep, text) = (c.str(0), c.str(1));
            // Go splits around every character when the separator is empty.
            let items = if sep.is_empty() {
                text.chars().map(|c| Value::String(c.to_string())).collect()
            } else {
                text.split(sep).map(Value::string).collect()
            };
            Ok(Value::List(Type::String, items))
        },
    )
}

fn join_func() -> Function {
    Function::new(
        "join",
        vec![Param::string("separator")],
        Ret::Fixed(Type::String),
        |c, _| join(c.args),
    )
    .variadic(Param::new("lists", list_of(Type::String)))
}

fn replace_func() -> Function {
    string_fn(
        "replace",
        vec![
            Param::string("str"),
            Param::string("substr"),
            Param::string("replace"),
        ],
        |c, _| replace(c.str(0), c.str(1), c.str(2)).map(Value::String),
    )
}

fn regex_func() -> Function {
    Function::new(
        "regex",
        vec![Param::string("pattern"), Param::string("string")],
        Ret::Rule(|c| pattern_type(&c.args[0]).map(|(_, t)| t)),
        |c, _| {
            let (re, ty) = pattern_type(&c.args[0])?;
            let Some(re) = re else {
                return Ok(Value::Unknown(ty, None));
            };
            let caps = re.captures(c.str(1)).ok_or_else(|| {
                FunctionError::call(c.name, "pattern did not match any part of the given string")
            })?;
            Ok(match_value(&re, &caps, &ty))
        },
    )
}

fn regexall_func() -> Function {
    Function::new(
        "regexall",
        vec![Param::string("pattern"), Param::string("string")],
        Ret::Rule(|c| pattern_type(&c.args[0]).map(|(_, t)| list_of(t))),
        |c, _| {
            let (re, ty) = pattern_type(&c.args[0])?;
            let Some(re) = re else {
                return Ok(Value::Unknown(list_of(ty), None));
            };
            let items = re
                .captures_iter(c.str(1))
                .map(|caps| match_value(&re, &caps, &ty))
                .collect();
            Ok(Value::List(ty, items))
        },
    )
}

fn format_func() -> Function {
    string_fn("format", vec![Param::string("format")], |c, _| {
        let a = c.args;
        if a[1..].iter().any(|v| !v.is_wholly_known()) {
            return Ok(Value::Unknown(Type::String, None));
        }
        format(st(&a[0]), &a[1..])
            .map(Value::String)
            .map_err(|e| e.into_error(c.name))
    })
    .variadic(Param::any("args").null().unknown())
}

fn formatlist_func() -> Function {
    Function::new(
        "formatlist",
        vec![Param::string("format")],
        Ret::Fixed(list_of(Type::String)),
        |c, ret| formatlist(c.str(0), &c.args[1..], ret),
    )
    .variadic(Param::any("args").null().unknown())
}

/// Removes every trailing newline (`\n`, `\r\n` or a lone `\r`).
fn chomp(s: &str) -> &str {
    let mut s = s;
    loop {
        if let Some(t) = s.strip_suffix("\r\n") {
            s = t;
        } else if let Some(t) = s.strip_suffix('\n').or_else(|| s.strip_suffix('\r')) {
            s = t;
        } else {
            return s;
        }
    }
}

/// Go's `unicode.ToUpper`/`ToLower` map one character to one character,
/// so characters whose Rust mapping expands (ß → SS) stay as they are.
fn map_chars(s: &str, upper: bool) -> String {
    s.chars()
        .map(|c| {
            let m: Vec<char> = if upper {
                c.to_uppercase().collect()
            } else {
                c.to_lowercase().collect()
            };
            match m.as_slice() {
                [one] => *one,
                _ => c,
            }
        })
        .collect()
}

/// Go's `strings.Title`: the first letter after a separator (any ASCII
/// character but letters, digits and `_`; any other non-alphanumeric
/// character) is upper-cased, so `foo's` becomes `Foo'S`.
fn title(s: &str) -> String {
    let is_sep = |c: char| {
        if c.is_ascii() {
            !(c.is_ascii_alphanumeric() || c == '_')
        } else {
            !c.is_alphanumeric()
        }
    };
    let mut prev_sep = true;
    s.chars()
        .map(|c| {
            let out = if prev_sep {
                map_chars(&c.to_string(), true)
                    .chars()
                    .next()
                    .expect("each character maps to one character")
            } else {
                c
            };
            prev_sep = is_sep(c);
            out
        })
        .collect()
}

/// The number of user-perceived characters (grapheme clusters), which
/// is what cty counts for `length`, `substr` and format widths.
pub(crate) fn char_count(s: &str) -> usize {
    s.graphemes(true).count()
}

/// cty's substr on grapheme clusters: a negative offset counts from the
/// end, a negative length takes the rest.
fn substr(s: &str, offset: i64, length: i64) -> String {
    let chars: Vec<&str> = s.graphemes(true).collect();
    let total = chars.len() as i64;
    let mut offset = offset;
    let mut length = length;
    if offset < 0 {
        offset += total;
        if offset < 0 {
            offset = 0;
        }
        // Counting from the end, a zero length means "to the end" in cty.
        if length == 0 {
            length = -1;
        }
    } else if length == 0 {
        return String::new();
    }
    let start = offset.min(total) as usize;
    let rest = &chars[start..];
    let take = if length < 0 {
        rest.len()
    } else {
        (length as usize).min(rest.len())
    };
    rest[..take].concat()
}

fn join(a: &[Value]) -> Result<Value, FunctionError> {
    let lists = &a[1..];
    if lists.is_empty() {
        return Err(FunctionError::call("join", "at least one list is required"));
    }
    let mut parts = Vec::new();
    for (ai, list) in lists.iter().enumerate() {
        for (ei, v) in list.as_sequence().unwrap_or_default().iter().enumerate() {
            if v.is_unknown() {
                return Ok(Value::Unknown(Type::String, None));
            }
            match v.as_str() {
                Some(s) => parts.push(s.to_string()),
                None if lists.len() > 1 => {
                    return Err(FunctionError::arg(
                        ai + 1,
                        "lists",
                        format!(
                            "element {ei} of list {} is null; cannot concatenate null values",
                            ai + 1
                        ),
                    ));
                }
                None => {
                    return Err(FunctionError::arg(
                        ai + 1,
                        "lists",
                        format!("element {ei} is null; cannot concatenate null values"),
                    ));
                }
            }
        }
    }
    let sep = st(&a[0]);
    let size = (parts.iter().map(|p| p.len() as u64).sum::<u64>())
        .saturating_add((sep.len() as u64).saturating_mul(parts.len().saturating_sub(1) as u64));
    if size > MAX_STRING_BYTES {
        return Err(too_long("join", "the joined string"));
    }
    Ok(Value::String(parts.join(sep)))
}

// ---------------------------------------------------------------------------
// Regular expressions

/// Rewrites an RE2 pattern for the `regex` crate: Go's `\d \w \s \b` are
/// ASCII-only where Rust's are Unicode, and `\Q...\E` quotes literally.
pub(crate) fn translate_pattern(p: &str) -> String {
    let mut out = String::with_capacity(p.len() + 8);
    let mut chars = p.chars().peekable();
    let mut class_depth = 0usize;
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                let Some(e) = chars.next() else {
                    out.push('\\');
                    break;
                };
                let (outside, inside) = match e {
                    'd' => ("[0-9]", "0-9"),
                    'D' => ("[^0-9]", "[^0-9]"),
                    'w' => ("[0-9A-Za-z_]", "0-9A-Za-z_"),
                    'W' => ("[^0-9A-Za-z_]", "[^0-9A-Za-z_]"),
                    's' => ("[\\t\\n\\f\\r ]", "\\t\\n\\f\\r "),
                    'S' => ("[^\\t\\n\\f\\r ]", "[^\\t\\n\\f\\r ]"),
                    'b' if class_depth == 0 => ("(?-u:\\b)", ""),
                    'B' if class_depth == 0 => ("(?-u:\\B)", ""),
                    'Q' => {
                        let mut lit = String::new();
                        loop {
                            match chars.next() {
                                None => break,
                                Some('\\') if chars.peek() == Some(&'E') => {
                                    chars.next();
                                    break;
                                }
                                Some(x) => lit.push(x),
                            }
                        }
                        out.push_str(&regex::escape(&lit));
                        continue;
                    }
                    _ => {
                        out.push('\\');
                        out.push(e);
                        continue;
                    }
                };
                out.push_str(if class_depth > 0 { inside } else { outside });
            }
            '[' if class_depth == 0 => {
                class_depth += 1;
                out.push('[');
                // A `]` right after `[` or `[^` is a literal in both syntaxes.
                if chars.next_if_eq(&'^').is_some() {
                    out.push('^');
                }
                if chars.peek() == Some(&']') {
                    chars.next();
                    out.push_str("\\]");
                }
            }
            '[' => {
                // Inside a class, Go reads `[` literally unless it opens a
                // POSIX class (`[:alpha:]`); Rust would nest a class.
                let rest: String = chars.clone().collect();
                match rest.strip_prefix(':').and_then(|r| r.find(":]")) {
                    Some(end) => {
                        out.push('[');
                        out.extend(chars.by_ref().take(end + 3));
                    }
                    None => out.push_str("\\["),
                }
            }
            ']' if class_depth > 0 => {
                class_depth -= 1;
                out.push(']');
            }
            _ if class_depth > 0 && matches!(c, '&' | '~' | '-') && chars.peek() == Some(&c) => {
                // Rust reads `&&`, `~~` and `--` in a class as set operations.
                out.push('\\');
                out.push(c);
            }
            _ => out.push(c),
        }
    }
    out
}

/// Compiles an RE2 pattern; a failure is Go's (code, expression) pair,
/// as far as the `regex` crate's errors can be mapped back to it.
fn compile_go(pattern: &str) -> Result<Regex, (String, String)> {
    Regex::new(&translate_pattern(pattern)).map_err(|e| {
        let text = e.to_string();
        let from_bracket = || pattern[pattern.rfind('[').unwrap_or(0)..].to_string();
        if text.contains("unclosed group") {
            ("missing closing )".into(), pattern.into())
        } else if text.contains("unopened group") {
            ("unexpected )".into(), pattern.into())
        } else if text.contains("unclosed character class") {
            ("missing closing ]".into(), from_bracket())
        } else if text.contains("repetition operator missing expression") {
            (
                "missing argument to repetition operator".into(),
                pattern.into(),
            )
        } else {
            let last = text
                .lines()
                .rfind(|l| l.starts_with("error:"))
                .unwrap_or(&text);
            (
                last.trim_start_matches("error: ").to_string(),
                pattern.into(),
            )
        }
    })
}

/// Compiles a pattern as `regex()` does, with cty's wording for errors.
fn compile(pattern: &str) -> Result<Regex, FunctionError> {
    compile_go(pattern).map_err(|(code, expr)| {
        FunctionError::arg(
            0,
            "pattern",
            format!("invalid regexp pattern: {code} in {}", super::shown(&expr)),
        )
    })
}

/// The type one match gives: a string without capture groups, a tuple of
/// strings for unnamed groups, an object for named ones.
fn pattern_type(pattern: &Value) -> Result<(Option<Regex>, Type), FunctionError> {
    let Some(p) = pattern.as_str() else {
        return Ok((None, Type::Dynamic));
    };
    let re = compile(p)?;
    let names: Vec<Option<&str>> = re.capture_names().skip(1).collect();
    let named = names.iter().any(Option::is_some);
    let unnamed = names.iter().any(Option::is_none);
    let ty = match (named, unnamed) {
        (true, true) => {
            return Err(FunctionError::arg(
                0,
                "pattern",
                "invalid regexp pattern: cannot mix both named and unnamed capture groups",
            ));
        }
        (true, false) => Type::Object(
            // Every group is named here.
            names
                .iter()
                .flatten()
                .map(|n| (n.to_string(), Type::String))
                .collect(),
        ),
        (false, true) => Type::Tuple(vec![Type::String; names.len()]),
        (false, false) => Type::String,
    };
    Ok((Some(re), ty))
}

fn match_value(re: &Regex, caps: &regex::Captures, ty: &Type) -> Value {
    let group = |i: usize| {
        caps.get(i)
            .map(|m| Value::string(m.as_str()))
            .unwrap_or(Value::Null(Type::String))
    };
    match ty {
        Type::Object(_) => Value::Object(
            re.capture_names()
                .enumerate()
                .filter_map(|(i, n)| n.map(|n| (n.to_string(), group(i))))
                .collect(),
        ),
        Type::Tuple(ts) => Value::Tuple((1..=ts.len()).map(group).collect()),
        _ => group(0),
    }
}

fn replace(s: &str, substr: &str, rep: &str) -> Result<String, FunctionError> {
    if substr.len() > 1 && substr.starts_with('/') && substr.ends_with('/') {
        // replace() passes Go's own error text through.
        let re = compile_go(&substr[1..substr.len() - 1]).map_err(|(code, expr)| {
            FunctionError::call(
                "replace",
                format!("error parsing regexp: {code}: `{}`", super::shown(&expr)),
            )
        })?;
        // Built match by match, to stop at the bound (a `$0` repeated in
        // the replacement multiplies the match).
        let mut out = String::new();
        let mut last = 0;
        for caps in re.captures_iter(s) {
            let m = caps.get(0).map_or(0..0, |m| m.range());
            out.push_str(&s[last..m.start]);
            caps.expand(rep, &mut out);
            last = m.end;
            if out.len() as u64 > MAX_STRING_BYTES {
                return Err(too_long("replace", "the replaced string"));
            }
        }
        out.push_str(&s[last..]);
        return Ok(out);
    }
    // An empty substring matches between every two characters.
    let matches = if substr.is_empty() {
        char_count(s) as u64 + 1
    } else {
        s.matches(substr).count() as u64
    };
    if (s.len() as u64).saturating_add(matches.saturating_mul(rep.len() as u64)) > MAX_STRING_BYTES
    {
        return Err(too_long("replace", "the replaced string"));
    }
    Ok(s.replace(substr, rep))
}

// ---------------------------------------------------------------------------
// format and formatlist

/// A format failure: cty words some as argument errors, most as call errors.
enum FormatError {
    Call(String),
    Arg(usize, String),
}

impl FormatError {
    fn into_error(self, name: &str) -> FunctionError {
        match self {
            FormatError::Call(m) => FunctionError::call(name, m),
            FormatError::Arg(i, m) => FunctionError::arg(i, "args", m),
        }
    }
}

#[derive(Default)]
struct Verb {
    raw: String,
    offset: usize,
    arg: usize,
    mode: char,
    zero: bool,
    sharp: bool,
    plus: bool,
    minus: bool,
    space: bool,
    width: Option<usize>,
    prec: Option<usize>,
}

/// The largest width or precision Go's fmt reads (10^6, then one more digit).
const MAX_FORMAT_WIDTH: usize = 10_000_009;

/// Beyond this many digits an f64's decimal expansion is only zeros
/// (at most 767 significant and 1074 fractional digits).
const F64_EXACT_DIGITS: usize = 1100;

/// Rust's formatter refuses precisions above u16::MAX: format the exact
/// digits, then pad the zeros that follow them.
fn fixed_point(f: f64, prec: usize) -> String {
    if prec <= F64_EXACT_DIGITS {
        return format!("{:.*}", prec, f);
    }
    let mut s = format!("{:.*}", F64_EXACT_DIGITS, f);
    s.extend(std::iter::repeat_n('0', prec - F64_EXACT_DIGITS));
    s
}

/// cty's `format`: Go-style verbs over cty values.
fn format(fmt: &str, args: &[Value]) -> Result<String, FormatError> {
    let bytes = fmt.as_bytes();
    let mut out = String::new();
    let mut next_arg = 1;
    let mut highest = 0;
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'%' {
            let ch = fmt[i..]
                .chars()
                .next()
                .expect("`i` is a character boundary before the end");
            out.push(ch);
            i += ch.len_utf8();
            continue;
        }
        if bytes.get(i + 1) == Some(&b'%') {
            out.push('%');
            i += 2;
            continue;
        }
        let start = i;
        let mut v = Verb {
            offset: start,
            arg: next_arg,
            ..Verb::default()
        };
        i += 1;
        while let Some(&c) = bytes.get(i) {
            match c {
                b'0' => v.zero = true,
                b'#' => v.sharp = true,
                b'-' => v.minus = true,
                b'+' => v.plus = true,
                b' ' => v.space = true,
                _ => break,
            }
            i += 1;
        }
        let digits = |i: &mut usize| {
            let s = *i;
            while bytes.get(*i).is_some_and(u8::is_ascii_digit) {
                *i += 1;
            }
            fmt[s..*i].parse::<usize>().ok()
        };
        if bytes.get(i).is_some_and(|c| (b'1'..=b'9').contains(c)) {
            v.width = digits(&mut i);
        }
        if bytes.get(i) == Some(&b'.') {
            i += 1;
            v.prec = Some(digits(&mut i).unwrap_or(0));
        }
        if bytes.get(i) == Some(&b'[') {
            i += 1;
            match (bytes.get(i), digits(&mut i)) {
                (Some(b'1'..=b'9'), Some(n)) if bytes.get(i) == Some(&b']') => {
                    v.arg = n;
                    i += 1;
                }
                _ => return Err(bad_char(fmt, i)),
            }
        }
        match bytes.get(i) {
            Some(c) if c.is_ascii_alphabetic() => {
                v.mode = *c as char;
                i += 1;
            }
            Some(_) => return Err(bad_char(fmt, i)),
            None => {
                return Err(FormatError::Call(format!(
                    "invalid format string starting at offset {i}"
                )));
            }
        }
        v.raw = fmt[start..i].to_string();
        // Go's fmt stops reading a width or precision once it passes 10^6
        // and prints "%!(NOVERB)"; larger ones only exhaust memory here.
        if let Some(n) = v.width.max(v.prec).filter(|n| *n > MAX_FORMAT_WIDTH) {
            return Err(FormatError::Call(format!(
                "width or precision {n} in {} at offset {} is too large (at most {MAX_FORMAT_WIDTH})",
                super::shown(&format!("{:?}", v.raw)),
                v.offset
            )));
        }
        highest = highest.max(v.arg);
        format_verb(&v, args, &mut out)?;
        if out.len() as u64 > MAX_STRING_BYTES {
            return Err(FormatError::Call(format!(
                "the formatted string would be more than the {MAX_STRING_BYTES} bytes minimod builds as one string"
            )));
        }
        next_arg = v.arg + 1;
    }
    if highest < args.len() {
        let first_bad = highest + 1;
        return Err(FormatError::Arg(
            first_bad,
            if highest == 0 {
                "too many arguments; no verbs in format string".into()
            } else {
                format!("too many arguments; only {highest} used by format string")
            },
        ));
    }
    Ok(out)
}

fn bad_char(fmt: &str, i: usize) -> FormatError {
    let c = fmt[i..].chars().next().unwrap_or('\u{fffd}');
    FormatError::Call(format!(
        "unrecognized format character {} at offset {i}",
        super::shown(&format!("{c:?}"))
    ))
}

/// Why a converted argument is a number: `format` takes only wholly known
/// arguments, and a null one is refused first.
const KNOWN_NUMBER: &str = "a known value that is not null converts to a known number";

fn format_verb(v: &Verb, args: &[Value], out: &mut String) -> Result<(), FormatError> {
    let Some(arg) = args.get(v.arg - 1) else {
        return Err(FormatError::Call(format!(
            "not enough arguments for {} at {}: need index {} but have {} total",
            super::shown(&format!("{:?}", v.raw)),
            v.offset,
            v.arg,
            args.len()
        )));
    };
    let arg = arg.clone().unmark_deep().0;
    if v.mode != 'v' && arg.is_null() {
        return Err(unsupported(v, "null value cannot be formatted"));
    }
    let conv_to = |t: Type| convert(&arg, &t).map_err(|e| unsupported(v, &e.message));
    match v.mode {
        'v' => {
            let text = match (&arg, v.sharp) {
                (Value::String(s), false) => s.clone(),
                (Value::Number(n), false) => n.text_g(),
                _ => super::encoding::json_encode(&arg),
            };
            out.push_str(&pad(v, "", &text));
        }
        't' => {
            let b = conv_to(Type::Bool)?;
            out.push_str(if b.as_bool() == Some(true) {
                "true"
            } else {
                "false"
            });
        }
        'b' | 'd' | 'o' | 'x' | 'X' => {
            let n = conv_to(Type::Number)?
                .as_number()
                .expect(KNOWN_NUMBER)
                .clone();
            let int: i128 = match n.as_i128() {
                Some(i) => i,
                None => return Err(unsupported(v, "an integer is required")),
            };
            let (radix, prefix) = match v.mode {
                'b' => (2, "0b"),
                'o' => (8, "0"),
                'x' => (16, "0x"),
                'X' => (16, "0X"),
                _ => (10, ""),
            };
            let mut digits = match radix {
                2 => format!("{:b}", int.unsigned_abs()),
                8 => format!("{:o}", int.unsigned_abs()),
                16 if v.mode == 'X' => format!("{:X}", int.unsigned_abs()),
                16 => format!("{:x}", int.unsigned_abs()),
                _ => int.unsigned_abs().to_string(),
            };
            if let Some(p) = v.prec.filter(|p| *p > digits.len()) {
                digits.insert_str(0, &"0".repeat(p - digits.len()));
            }
            if v.sharp && radix != 10 {
                digits.insert_str(0, prefix);
            }
            out.push_str(&pad(v, sign(v, int < 0), &digits));
        }
        'e' | 'E' | 'f' | 'F' | 'g' | 'G' => {
            let f = conv_to(Type::Number)?
                .as_number()
                .expect(KNOWN_NUMBER)
                .as_f64();
            let mode = if v.mode == 'F' { 'f' } else { v.mode };
            let body = go_float(f.abs(), mode, v.prec);
            out.push_str(&pad(v, sign(v, f.is_sign_negative() && f != 0.0), &body));
        }
        's' | 'q' => {
            let s = conv_to(Type::String)?;
            let mut s = s
                .as_str()
                .expect("a known value that is not null converts to a known string")
                .to_string();
            if let Some(p) = v.prec.filter(|p| *p > 0) {
                s = s.graphemes(true).take(p).collect();
            }
            if v.mode == 'q' {
                s = json_string(&s);
            }
            out.push_str(&pad(v, "", &s));
        }
        other => {
            return Err(FormatError::Call(format!(
                "unsupported format verb {} in {} at offset {}",
                super::shown(&format!("'{other}'")),
                super::shown(&format!("{:?}", v.raw)),
                v.offset
            )));
        }
    }
    Ok(())
}

fn unsupported(v: &Verb, msg: &str) -> FormatError {
    FormatError::Call(format!(
        "unsupported value for {} at {}: {msg}",
        super::shown(&format!("{:?}", v.raw)),
        v.offset
    ))
}

fn sign(v: &Verb, negative: bool) -> &'static str {
    if negative {
        "-"
    } else if v.plus {
        "+"
    } else if v.space {
        " "
    } else {
        ""
    }
}

/// Pads to the verb's width: spaces on the left (or right with `-`), or
/// zeros between the sign and the digits with `0`.
fn pad(v: &Verb, sign: &str, body: &str) -> String {
    let len = char_count(sign) + char_count(body);
    let Some(width) = v.width.filter(|w| *w > len) else {
        return format!("{sign}{body}");
    };
    let fill = width - len;
    if v.minus {
        format!("{sign}{body}{}", " ".repeat(fill))
    } else if v.zero {
        format!("{sign}{}{body}", "0".repeat(fill))
    } else {
        format!("{}{sign}{body}", " ".repeat(fill))
    }
}

/// The decimal digits of `f` (no trailing zeros) and the position of the
/// decimal point, rounded to `sig` significant digits or shortest.
fn decimal_digits(f: f64, sig: Option<usize>) -> (String, i32) {
    if f == 0.0 {
        return ("0".into(), 1);
    }
    let text = match sig {
        Some(p) => format!("{:.*e}", p.clamp(1, F64_EXACT_DIGITS) - 1, f),
        None => format!("{f:e}"),
    };
    let (mant, exp) = text.split_once('e').expect("`{:e}` writes an exponent");
    let exp: i32 = exp.parse().expect("`{:e}`'s exponent is an integer");
    let digits: String = mant.chars().filter(char::is_ascii_digit).collect();
    let digits = digits.trim_end_matches('0');
    (
        if digits.is_empty() {
            "0".into()
        } else {
            digits.to_string()
        },
        exp + 1,
    )
}

/// Go's `%e`, `%f` and `%g` on a non-negative float (big.Float rules:
/// precision 6 for e and f, shortest for g).
fn go_float(f: f64, mode: char, prec: Option<usize>) -> String {
    if f.is_infinite() {
        return if f > 0.0 {
            "+Inf".into()
        } else {
            "-Inf".into()
        };
    }
    let exp_form = |digits: &str, dexp: i32, prec: usize, upper: bool| {
        let mut m = String::new();
        m.push_str(&digits[..1]);
        if prec > 0 {
            m.push('.');
            let rest: String = digits[1..]
                .chars()
                .chain(std::iter::repeat('0'))
                .take(prec)
                .collect();
            m.push_str(&rest);
        }
        let e = if f == 0.0 { 0 } else { dexp - 1 };
        format!(
            "{m}{}{}{:02}",
            if upper { 'E' } else { 'e' },
            if e < 0 { '-' } else { '+' },
            e.abs()
        )
    };
    match mode {
        'e' | 'E' => {
            let p = prec.unwrap_or(6);
            let (digits, dexp) = decimal_digits(f, Some(p + 1));
            exp_form(&digits, dexp, p, mode == 'E')
        }
        'f' => fixed_point(f, prec.unwrap_or(6)),
        _ => {
            let shortest = prec.is_none();
            let (digits, dexp) = decimal_digits(f, prec.map(|p| p.max(1)));
            let mut p = prec.map(|p| p.max(1)).unwrap_or(digits.len());
            let mut eprec = p as i32;
            if eprec > digits.len() as i32 && digits.len() as i32 >= dexp {
                eprec = digits.len() as i32;
            }
            if shortest {
                eprec = 6;
            }
            let exp = dexp - 1;
            if exp < -4 || exp >= eprec {
                p = p.min(digits.len());
                return exp_form(&digits, dexp, p - 1, mode == 'G');
            }
            if p as i32 > dexp {
                p = digits.len();
            }
            let decimals = (p as i32 - dexp).max(0) as usize;
            fixed_point(f, decimals)
        }
    }
}

/// Go's `encoding/json` string form (`<`, `>`, `&` escaped too), as
/// `jsonencode` writes it.
pub(crate) fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    super::encoding::write_json_string(s, &mut out);
    out
}

fn formatlist(fmt: &str, args: &[Value], ret: &Type) -> Result<Value, FunctionError> {
    if args.is_empty() {
        let s = format(fmt, args).map_err(|e| e.into_error("formatlist"))?;
        return Ok(Value::List(Type::String, vec![Value::String(s)].into()));
    }
    let mut len: Option<(usize, usize)> = None;
    for (i, a) in args.iter().enumerate() {
        if a.is_unknown() {
            return Ok(Value::Unknown(ret.clone(), None));
        }
        if let (Some(items), false) = (a.as_sequence(), a.is_null()) {
            match len {
                None => len = Some((items.len(), i)),
                Some((l, chooser)) if l != items.len() => {
                    return Err(FunctionError::arg(
                        i + 1,
                        "args",
                        format!(
                            "argument {} has length {}, which is inconsistent with argument {} of length {l}",
                            i + 1,
                            items.len(),
                            chooser + 1
                        ),
                    ));
                }
                _ => {}
            }
        }
    }
    let n = len.map(|(l, _)| l).unwrap_or(1);
    let mut out = Vec::with_capacity(n);
    let mut built = 0u64;
    for idx in 0..n {
        let row: Vec<Value> = args
            .iter()
            .map(|a| match (a.as_sequence(), a.is_null()) {
                (Some(items), false) => items[idx].clone(),
                _ => a.clone(),
            })
            .collect();
        if row.iter().any(|v| !v.is_wholly_known()) {
            out.push(Value::Unknown(Type::String, None));
            continue;
        }
        let s = format(fmt, &row).map_err(|e| {
            let msg = match e {
                FormatError::Call(m) | FormatError::Arg(_, m) => m,
            };
            FunctionError::call(
                "formatlist",
                format!("error on format iteration {idx}: {msg}"),
            )
        })?;
        built += s.len() as u64;
        if built > MAX_STRING_BYTES {
            return Err(too_long("formatlist", "the list's strings together"));
        }
        out.push(Value::String(s));
    }
    Ok(Value::List(Type::String, out.into()))
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;
    use super::*;

    // What terraform answers lives in the expression corpus
    // (tests/corpus/expressions/string_cases.exprs); these are what it
    // cannot show.

    /// Combining marks stay with their letter (grapheme clusters). HCL
    /// normalises string literals to NFC, so the console never sees one.
    #[test]
    fn combining_marks_stay_with_their_letter() {
        assert_eq!(run("strrev", vec![s("ae\u{301}")]), Ok(s("e\u{301}a")));
        assert_eq!(
            run("substr", vec![s("e\u{301}x"), n(0), n(1)]),
            Ok(s("e\u{301}"))
        );
    }

    #[test]
    fn patterns_are_translated_to_ascii_classes() {
        let cases = [
            ("\\d+", "[0-9]+"),
            ("[\\d.]", "[0-9.]"),
            ("\\bx\\b", "(?-u:\\b)x(?-u:\\b)"),
            ("[^\\s]", "[^\\t\\n\\f\\r ]"),
            ("\\Qa.b\\E", "a\\.b"),
            ("[[:alpha:]]", "[[:alpha:]]"),
            ("[]a]", "[\\]a]"),
        ];
        for (go, rust) in cases {
            assert_eq!(translate_pattern(go), rust, "{go}");
        }
        assert_eq!(run("regex", vec![s("\\d+"), s("٣٤5")]), Ok(s("5")));
    }
}
