//! Instance keys (`[0]`, `["a"]`) and the HCL quoting OpenTofu prints
//! string keys with.

use std::fmt;

use crate::number::Number;
use crate::syntax::ast::Literal;
use crate::text::{is_print, push_unicode_escape};

/// The key that picks one instance of a resource or module call.
///
/// The derived order is `terraform state list`'s: no key first, then
/// integer keys by value, then string keys in byte order.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum InstanceKey {
    /// A resource or module without `count` or `for_each`.
    NoKey,
    /// A `count` index.
    Int(i64),
    /// A `for_each` key.
    Str(String),
}

impl InstanceKey {
    /// The key a number picks, as OpenTofu's `ParseInstanceKey` reads
    /// one: a whole number that fits 64 bits. The error is the bare reason;
    /// callers wrap it in their own sentence.
    pub fn from_number(n: &Number) -> Result<InstanceKey, String> {
        n.as_i64().map(InstanceKey::Int).ok_or_else(|| {
            format!(
                "value must be a whole number, between {} and {}",
                i64::MIN,
                i64::MAX
            )
        })
    }

    /// The key an index literal picks: a string, or a number as
    /// [`InstanceKey::from_number`] reads it.
    pub fn from_literal(l: &Literal) -> Result<InstanceKey, String> {
        match l {
            Literal::String(s) => Ok(InstanceKey::Str(s.clone())),
            Literal::Number(n) => InstanceKey::from_number(n),
            _ => Err(NOT_A_KEY.into()),
        }
    }

    pub fn is_no_key(&self) -> bool {
        matches!(self, InstanceKey::NoKey)
    }
}

/// Why a value of another type picks no instance.
pub(crate) const NOT_A_KEY: &str = "either a string or an integer is required";

impl InstanceKey {
    /// Writes the key as `Display` does, without the formatter.
    pub(crate) fn write_text(&self, out: &mut String) {
        match self {
            InstanceKey::NoKey => {}
            InstanceKey::Int(i) => {
                out.push('[');
                push_int(out, *i);
                out.push(']');
            }
            InstanceKey::Str(s) => {
                out.push('[');
                push_hcl_quoted_string(out, s);
                out.push(']');
            }
        }
    }
}

/// An integer's decimal digits, appended without the formatter.
fn push_int(out: &mut String, i: i64) {
    let mut digits = [0u8; 20];
    let mut n = i.unsigned_abs();
    let mut at = digits.len();
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    if i < 0 {
        out.push('-');
    }
    for &d in &digits[at..] {
        out.push(d as char);
    }
}

impl fmt::Display for InstanceKey {
    /// Nothing for `NoKey`, `[0]` for integers, `["a"]` for strings.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InstanceKey::NoKey => Ok(()),
            InstanceKey::Int(i) => write!(f, "[{i}]"),
            InstanceKey::Str(s) => write!(f, "[{}]", hcl_quoted_string(s)),
        }
    }
}

/// Writes `s` as an HCL quoted string literal, exactly as OpenTofu's
/// `toHCLQuotedString` does for string instance keys: the five C-style
/// escapes, `$${` / `%%{` so the text is not read as a template, and
/// `\uXXXX` / `\UXXXXXXXX` (lower-case hex) for every character Go's
/// `unicode.IsPrint` rejects. Everything else, emoji included, is raw.
pub(crate) fn hcl_quoted_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    push_hcl_quoted_string(&mut out, s);
    out
}

/// [`hcl_quoted_string`], appended to `out`.
pub(crate) fn push_hcl_quoted_string(out: &mut String, s: &str) {
    out.push('"');
    let bytes = s.as_bytes();
    for (i, c) in s.char_indices() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            // Doubled only when a `{` follows directly, so `$$` stays `$$`
            // but `$${` becomes `$$${`, as upstream does.
            '$' | '%' => {
                out.push(c);
                if bytes.get(i + 1) == Some(&b'{') {
                    out.push(c);
                }
            }
            c if !is_print(c) => push_unicode_escape(out, c),
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    // Expected strings are `terraform state list` output (Terraform 1.11.4,
    // tests/data/state/zoo) or OpenTofu's instance_key_test.go vectors.
    #[test]
    fn string_keys_print_as_terraform_prints_them() {
        let cases: &[(&str, &str, &str)] = &[
            ("empty string", "", r#"[""]"#),
            ("digits stay a string key", "0", r#"["0"]"#),
            ("lone quote", "\"", r#"["\""]"#),
            ("literal backslash-r-backslash-n", r"\r\n", r#"["\\r\\n"]"#),
            ("interpolation is doubled", "${hello}", r#"["$${hello}"]"#),
            (
                "directive is doubled",
                "%{ for x }%{ endfor }",
                r#"["%%{ for x }%%{ endfor }"]"#,
            ),
            ("dollar without brace unchanged", "$hello", r#"["$hello"]"#),
            ("percent without brace unchanged", "%hello", r#"["%hello"]"#),
            (
                "already doubled dollar gains one more",
                "$${x}",
                r#"["$$${x}"]"#,
            ),
            ("dollar at end", "a$", r#"["a$"]"#),
            ("state: space", "b c", r#"["b c"]"#),
            ("state: quote inside", "quote\"d", r#"["quote\"d"]"#),
            ("state: dollar brace", "dollar${x}", r#"["dollar$${x}"]"#),
            ("state: percent brace", "percent%{y}", r#"["percent%%{y}"]"#),
            ("state: tab", "tab\t", r#"["tab\t"]"#),
            ("state: newline", "nl\n", r#"["nl\n"]"#),
            (
                "state: no-break space is escaped",
                "nbsp\u{a0}",
                r#"["nbsp\u00a0"]"#,
            ),
            (
                "state: zero-width space is escaped",
                "zwsp\u{200b}",
                r#"["zwsp\u200b"]"#,
            ),
            ("state: emoji raw", "emoji 🎉", r#"["emoji 🎉"]"#),
            ("state: backslash", "back\\slash", r#"["back\\slash"]"#),
            ("state: accented letter raw", "É", r#"["É"]"#),
            ("state: html characters raw", "<&>", r#"["<&>"]"#),
            (
                "state: line separator escaped",
                "ls\u{2028}",
                r#"["ls\u2028"]"#,
            ),
            ("state: DEL escaped", "del\u{7f}", r#"["del\u007f"]"#),
            (
                "state: astral tag escaped long form",
                "astral😀\u{e0001}",
                r#"["astral😀\U000e0001"]"#,
            ),
            ("C1 control", "\u{85}", r#"["\u0085"]"#),
            // Assigned in Unicode 16.0, still escaped by terraform 1.11.4.
            ("recent Arabic mark", "\u{897}", r#"["\u0897"]"#),
            ("recent astral letter", "\u{105c0}", r#"["\U000105c0"]"#),
            ("ideographic space", "\u{3000}", r#"["\u3000"]"#),
            ("byte order mark", "\u{feff}", r#"["\ufeff"]"#),
            ("private use", "\u{e000}", r#"["\ue000"]"#),
            ("other punctuation raw", "'/#", r#"["'/#"]"#),
        ];
        for (name, key, want) in cases {
            let got = InstanceKey::Str(key.to_string()).to_string();
            assert_eq!(&got, want, "{name}");
        }
    }

    #[test]
    fn int_and_no_key_display() {
        assert_eq!(InstanceKey::Int(0).to_string(), "[0]");
        assert_eq!(InstanceKey::Int(-3).to_string(), "[-3]");
        assert_eq!(InstanceKey::NoKey.to_string(), "");
    }

    #[test]
    fn order_is_no_key_then_numbers_then_bytes() {
        let mut keys = [
            InstanceKey::Str("b".into()),
            InstanceKey::Int(10),
            InstanceKey::Str("10".into()),
            InstanceKey::NoKey,
            InstanceKey::Int(9),
            InstanceKey::Str("É".into()),
            InstanceKey::Str("9".into()),
        ];
        keys.sort();
        let shown: Vec<String> = keys.iter().map(|k| k.to_string()).collect();
        assert_eq!(
            shown,
            [
                "",
                "[9]",
                "[10]",
                r#"["10"]"#,
                r#"["9"]"#,
                r#"["b"]"#,
                r#"["É"]"#
            ]
        );
    }
}
