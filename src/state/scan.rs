//! A cursor over a state file's JSON text: whitespace, strings, numbers
//! and whole values skipped or read in place, accepting exactly what
//! serde_json accepts. serde's own pass over a value (`RawValue`,
//! `IgnoredAny`) was a third of a refactor's instructions at 1,000
//! objects; this one looks at string content and indentation eight bytes
//! at a time.

use std::borrow::Cow;

/// Bytes that end a run of string content: the quote, the backslash and
/// control characters (which JSON forbids unescaped).
static STRING_STOP: [bool; 256] = {
    let mut t = [false; 256];
    let mut i = 0;
    while i < 0x20 {
        t[i] = true;
        i += 1;
    }
    t[b'"' as usize] = true;
    t[b'\\' as usize] = true;
    t
};

/// Whether any byte of `w` ends a run of string content (a quote, a
/// backslash or a control character): the bit tricks find a zero byte of
/// `w ^ c` (a byte equal to `c`) or a byte below 0x20 without a branch
/// per byte.
fn stops(w: u64) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let zero = |x: u64| x.wrapping_sub(ONES) & !x & HIGH;
    let below_space = w.wrapping_sub(ONES * 0x20) & !w & HIGH;
    (zero(w ^ (ONES * u64::from(b'"'))) | zero(w ^ (ONES * u64::from(b'\\'))) | below_space) != 0
}

/// How deep [`Cursor::skip_value`] (and the conversion of attributes to
/// values, which recurses) goes before giving up: serde_json's recursion
/// limit, where the serde reader this replaced stopped too.
pub(super) const MAX_DEPTH: usize = 128;

#[derive(Clone, Copy)]
pub(super) struct Cursor<'t> {
    text: &'t str,
    pub(super) at: usize,
}

impl<'t> Cursor<'t> {
    pub(super) fn new(text: &'t str, at: usize) -> Cursor<'t> {
        Cursor { text, at }
    }

    fn bytes(&self) -> &'t [u8] {
        self.text.as_bytes()
    }

    /// The next byte after whitespace, not consumed.
    pub(super) fn peek(&mut self) -> Option<u8> {
        let b = self.bytes();
        let mut i = self.at;
        while let Some(&c) = b.get(i) {
            if !matches!(c, b' ' | b'\n' | b'\t' | b'\r') {
                self.at = i;
                return Some(c);
            }
            i += 1;
            // Indentation, eight spaces at a time: most of an indented
            // file's bytes.
            while let Some(word) = b.get(i..i + 8) {
                if word != b"        " {
                    break;
                }
                i += 8;
            }
        }
        self.at = i;
        None
    }

    /// Consumes `c` (after whitespace) if it is next.
    pub(super) fn eat(&mut self, c: u8) -> bool {
        let next = self.peek() == Some(c);
        self.at += usize::from(next);
        next
    }

    /// The text from here on.
    pub(super) fn rest(&self) -> &'t str {
        &self.text[self.at..]
    }

    /// The text from `from` to here.
    pub(super) fn since(&self, from: usize) -> &'t str {
        &self.text[from..self.at]
    }

    /// Skips one value (after whitespace) and returns its text, or None
    /// where serde_json would refuse it or it nests deeper than
    /// [`MAX_DEPTH`]. Nesting is followed with a stack, not recursion.
    pub(super) fn skip_value(&mut self) -> Option<&'t str> {
        self.skip_within(MAX_DEPTH)
    }

    /// [`Cursor::skip_value`] for a value that may nest `limit` levels
    /// deep (serde's limit where the value stands in a file).
    pub(super) fn skip_within(&mut self, limit: usize) -> Option<&'t str> {
        self.peek()?;
        let start = self.at;
        // The brackets open around here, innermost last.
        let mut open: Vec<u8> = Vec::new();
        loop {
            // A value.
            match self.peek()? {
                b'{' | b'[' => {
                    let c = self.bytes()[self.at];
                    self.at += 1;
                    let close = if c == b'{' { b'}' } else { b']' };
                    if open.len() >= limit {
                        return None;
                    }
                    if self.eat(close) {
                        // Empty: a complete value.
                    } else {
                        open.push(close);
                        if close == b'}' {
                            self.skip_key()?;
                        }
                        continue;
                    }
                }
                b'"' => {
                    self.skip_string()?;
                }
                b'-' | b'0'..=b'9' => {
                    self.number()?;
                }
                b't' => self.literal("true")?,
                b'f' => self.literal("false")?,
                b'n' => self.literal("null")?,
                _ => return None,
            }
            // After a value: a comma and the next, or the closing brackets.
            loop {
                let Some(&close) = open.last() else {
                    return Some(self.since(start));
                };
                if self.eat(b',') {
                    if close == b'}' {
                        self.skip_key()?;
                    }
                    break;
                }
                if !self.eat(close) {
                    return None;
                }
                open.pop();
            }
        }
    }

    /// An object's key and its colon.
    fn skip_key(&mut self) -> Option<()> {
        if self.peek()? != b'"' {
            return None;
        }
        self.skip_string()?;
        self.eat(b':').then_some(())
    }

    /// An array's elements (its `[` next), each read by `each`, up to
    /// `close`; or an object's, see [`Cursor::entries`].
    pub(super) fn elements(
        &mut self,
        close: u8,
        mut each: impl FnMut(&mut Cursor<'t>) -> Option<()>,
    ) -> Option<()> {
        let open = if close == b'}' { b'{' } else { b'[' };
        if !self.eat(open) {
            return None;
        }
        if self.eat(close) {
            return Some(());
        }
        loop {
            each(self)?;
            if self.eat(b',') {
                continue;
            }
            return self.eat(close).then_some(());
        }
    }

    /// An object's entries (its `{` next): each key read, then `each`
    /// reads the value.
    pub(super) fn entries(
        &mut self,
        mut each: impl FnMut(&mut Cursor<'t>, Cow<'t, str>) -> Option<()>,
    ) -> Option<()> {
        self.elements(b'}', |c| {
            if c.peek()? != b'"' {
                return None;
            }
            let key = c.string()?;
            if !c.eat(b':') {
                return None;
            }
            each(c, key)
        })
    }

    /// `word`, consumed; the caller has peeked past the whitespace.
    pub(super) fn literal(&mut self, word: &str) -> Option<()> {
        let found = self.text.get(self.at..)?.starts_with(word);
        self.at += word.len();
        found.then_some(())
    }

    /// Skips a string whose opening quote is next, checking its escapes
    /// as serde does when it skips one (a lone surrogate passes).
    pub(super) fn skip_string(&mut self) -> Option<()> {
        self.string_with(|_, _| {}).map(drop)
    }

    /// Reads a string whose opening quote is next: borrowed when it has
    /// no escapes; None for anything serde_json refuses when it reads a
    /// string (a lone surrogate too).
    pub(super) fn string(&mut self) -> Option<Cow<'t, str>> {
        let mut owned: Option<String> = None;
        let mut lone_surrogate = false;
        let text = self.string_with(|piece, ch| {
            let s = owned.get_or_insert_with(String::new);
            s.push_str(piece);
            match ch {
                Some(c) => s.push(c),
                None => lone_surrogate = true,
            }
        })?;
        if lone_surrogate {
            return None;
        }
        Some(match owned {
            None => Cow::Borrowed(text),
            Some(mut s) => {
                s.push_str(text);
                Cow::Owned(s)
            }
        })
    }

    /// Walks a string whose opening quote is next, handing each escape to
    /// `escaped` with the plain text before it (the character it stands
    /// for, or None for a lone surrogate), and returns the plain text
    /// after the last escape.
    fn string_with(&mut self, mut escaped: impl FnMut(&'t str, Option<char>)) -> Option<&'t str> {
        let b = self.bytes();
        self.at += 1;
        let mut run = self.at;
        loop {
            let mut i = self.at;
            // Eight bytes at a time while none of them ends the run.
            while let Some(word) = b.get(i..i + 8) {
                let w = u64::from_le_bytes(word.try_into().unwrap_or_default());
                if stops(w) {
                    break;
                }
                i += 8;
            }
            while i < b.len() && !STRING_STOP[b[i] as usize] {
                i += 1;
            }
            self.at = i;
            match b.get(i)? {
                b'"' => {
                    self.at = i + 1;
                    return Some(&self.text[run..i]);
                }
                b'\\' => {
                    let piece = &self.text[run..i];
                    self.at = i + 1;
                    let ch = self.escape()?;
                    escaped(piece, ch);
                    run = self.at;
                }
                _ => return None,
            }
        }
    }

    /// The character of the escape after a backslash (None for a lone
    /// surrogate), or None (outer) where the escape is malformed.
    fn escape(&mut self) -> Option<Option<char>> {
        let c = *self.bytes().get(self.at)?;
        self.at += 1;
        Some(Some(match c {
            b'"' => '"',
            b'\\' => '\\',
            b'/' => '/',
            b'b' => '\u{8}',
            b'f' => '\u{c}',
            b'n' => '\n',
            b'r' => '\r',
            b't' => '\t',
            b'u' => {
                let hi = self.hex4()?;
                if !(0xD800..0xE000).contains(&hi) {
                    return Some(char::from_u32(u32::from(hi)));
                }
                // A high surrogate followed by `\u` and a low one is one
                // character; anything else is lone (serde reads on after
                // it without consuming more).
                let rest = self.bytes().get(self.at..self.at + 2);
                if hi >= 0xDC00 || rest != Some(b"\\u") {
                    return Some(None);
                }
                self.at += 2;
                let lo = self.hex4()?;
                if !(0xDC00..0xE000).contains(&lo) {
                    return Some(None);
                }
                let c = 0x10000 + ((u32::from(hi) - 0xD800) << 10) + (u32::from(lo) - 0xDC00);
                return Some(char::from_u32(c));
            }
            _ => return None,
        }))
    }

    fn hex4(&mut self) -> Option<u16> {
        let digits = self.text.get(self.at..self.at + 4)?;
        self.at += 4;
        if !digits.bytes().all(|d| d.is_ascii_hexdigit()) {
            return None;
        }
        u16::from_str_radix(digits, 16).ok()
    }

    /// A number (next, after whitespace) in JSON's grammar: its text.
    pub(super) fn number(&mut self) -> Option<&'t str> {
        self.peek()?;
        let b = self.bytes();
        let start = self.at;
        let mut i = start;
        let digits = |mut i: usize| {
            while b.get(i).is_some_and(u8::is_ascii_digit) {
                i += 1;
            }
            i
        };
        if b.get(i) == Some(&b'-') {
            i += 1;
        }
        match b.get(i)? {
            b'0' => {
                i += 1;
                // One leading zero only.
                if b.get(i).is_some_and(u8::is_ascii_digit) {
                    return None;
                }
            }
            b'1'..=b'9' => i = digits(i + 1),
            _ => return None,
        }
        if b.get(i) == Some(&b'.') {
            let after = digits(i + 1);
            if after == i + 1 {
                return None;
            }
            i = after;
        }
        if matches!(b.get(i), Some(b'e' | b'E')) {
            i += 1;
            if matches!(b.get(i), Some(b'+' | b'-')) {
                i += 1;
            }
            let after = digits(i);
            if after == i {
                return None;
            }
            i = after;
        }
        self.at = i;
        Some(&self.text[start..i])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether serde_json skips `text` as one value (and only that).
    fn serde_skips(text: &str) -> bool {
        serde_json::from_str::<serde::de::IgnoredAny>(text).is_ok()
    }

    fn skips(text: &str) -> bool {
        let mut c = Cursor::new(text, 0);
        c.skip_value().is_some() && c.peek().is_none()
    }

    #[test]
    fn it_skips_what_serde_skips() {
        let deep_ok = format!("{}1{}", "[".repeat(MAX_DEPTH), "]".repeat(MAX_DEPTH));
        for text in [
            "null",
            "true",
            "false",
            "0",
            "-0",
            "12",
            "-1.5e+10",
            "1E5",
            "0.25",
            "\"\"",
            "\"a\\\"b\\\\c\\/\\b\\f\\n\\r\\t\\u00e9\"",
            "\"\\ud83d\\ude00\"",
            "\"\\ud800\"",
            "\"\\udc00x\"",
            "\"é\"",
            "[]",
            "{}",
            " [ 1 , [ ] , { } ] ",
            "{\"a\": {\"b\": [1, \"}\"]}}",
            "{\"a\":1,\"b\":2}",
            "[1,2",
            "[1,]",
            "[,1]",
            "{\"a\"}",
            "{\"a\":}",
            "{\"a\":1,}",
            "{1:2}",
            "01",
            "-",
            "1.",
            ".5",
            "1e",
            "1e+",
            "+1",
            "tru",
            "nul",
            "True",
            "\"\\x\"",
            "\"\\u12\"",
            "\"\\u12g4\"",
            "\"a\u{1}\"",
            "\"open",
            "[1]]",
            "{}}",
            "",
            " ",
            "[}",
            "{]",
            "\u{a0}1",
            &deep_ok,
        ] {
            assert_eq!(skips(text), serde_skips(text), "{text:?}");
        }
        // Deeper than serde reads: refused, and no recursion to overflow.
        let deep = format!("{}1{}", "[".repeat(200_000), "]".repeat(200_000));
        assert!(!skips(&deep));
    }

    #[test]
    fn a_word_stops_where_one_of_its_bytes_would() {
        for at in 0..8 {
            for byte in 0..=255u8 {
                let mut word = *b"abcdefgh";
                word[at] = byte;
                let w = u64::from_le_bytes(word);
                assert_eq!(stops(w), STRING_STOP[byte as usize], "{byte:#x} at {at}");
            }
        }
    }

    #[test]
    fn strings_read_as_serde_reads_them() {
        for text in [
            "\"plain\"",
            "\"a\\\"b\\\\c\\/\\b\\f\\n\\r\\t\\u00e9\\u0000\"",
            "\"\\ud83d\\ude00 ok\"",
            "\"\\ud800\"",
            "\"\\ud800\\u0041\"",
            "\"\\udc00\"",
            "\"\\ud800x\"",
            "\"é\\\"\"",
            "\"\\uD83D\\uDE00\"",
            "\"\\u\"",
            "\"tab\there\"",
        ] {
            let ours = Cursor::new(text, 0).string().map(|s| s.into_owned());
            let serde = serde_json::from_str::<String>(text).ok();
            assert_eq!(ours, serde, "{text:?}");
        }
        assert!(matches!(
            Cursor::new("\"x\"", 0).string(),
            Some(Cow::Borrowed("x"))
        ));
    }
}
