//! A same-length rewrite of native HCL text, for a second parse when
//! hcl-edit rejects text that HCL reads.
//!
//! hcl-edit disagrees with HCL in two ways this undoes:
//! - HCL ignores newlines inside parentheses, brackets, `{ for ... }`,
//!   `${ }` and `%{ }`, but hcl-edit allows none in a `for` collection, an
//!   object `for`'s key and value, a directive's expression, or after a
//!   unary operator. Those newlines become spaces, and so do the comments
//!   there (a line comment would otherwise swallow the next line).
//! - HCL reads number literals at 512 bits; hcl-edit rejects those that
//!   overflow an f64 (`1e400`). Their digits become zeros, and the caller
//!   reads each number from the original text.
//!
//! Every byte keeps its offset, so spans into the rewritten text are spans
//! into the original. The text is scanned as HCL's lexer does (quoted
//! strings and their escapes, template interpolations and directives with
//! nesting, heredocs, comments, bracket nesting), so nothing inside a string,
//! a heredoc's text or a comment is taken for code.

/// What the text being scanned is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Root {
    /// A file: a body of attributes and blocks.
    Body,
    /// One expression.
    Expr,
    /// A template's text (a `templatefile` file).
    Template,
}

/// Where the scanner is: each opening bracket, quote or heredoc pushes a
/// frame, its end pops it.
#[derive(Debug)]
enum Frame {
    /// A file's or a block's body, where newlines end items. `expr` is
    /// whether an attribute's expression has begun, where `{` opens an
    /// object rather than a block.
    Body { expr: bool },
    /// An object constructor: newlines count.
    Object,
    /// Where HCL skips newlines: `(`, `[`, `{ for`, `${`, `%{`, and a lone
    /// expression (a `-var` value, the console's input), which HCL reads
    /// as if in parentheses.
    Skip,
    /// A quoted template's text.
    Quoted,
    /// A heredoc's text, up to a line holding its delimiter.
    Heredoc { delim: Vec<u8> },
    /// A whole template file's text.
    Template,
}

/// The rewritten text, when it differs from `text`.
pub(super) fn relex(text: &str, root: Root) -> Option<String> {
    let b = text.as_bytes();
    let mut out = b.to_vec();
    let mut stack = vec![match root {
        Root::Body => Frame::Body { expr: false },
        Root::Expr => Frame::Skip,
        Root::Template => Frame::Template,
    }];
    let mut i = 0;
    while i < b.len() {
        let top = stack.last().unwrap_or(&Frame::Object);
        match top {
            Frame::Quoted | Frame::Heredoc { .. } | Frame::Template => {
                i = template_text(b, i, &mut stack);
            }
            Frame::Body { .. } | Frame::Object | Frame::Skip => {
                i = code(b, i, &mut stack, &mut out);
            }
        }
    }
    if out == b {
        return None;
    }
    // Only whole ASCII characters and whole comments were replaced.
    String::from_utf8(out).ok()
}

/// Scans one step of template text at `i`, returning where the next starts.
fn template_text(b: &[u8], i: usize, stack: &mut Vec<Frame>) -> usize {
    let at = |j: usize| b.get(j).copied();
    let quoted = matches!(stack.last(), Some(Frame::Quoted));
    match b[i] {
        b'\\' if quoted => i + 2,
        b'"' if quoted => {
            stack.pop();
            i + 1
        }
        // `$${` and `%%{` are literal text.
        c @ (b'$' | b'%') if at(i + 1) == Some(c) && at(i + 2) == Some(b'{') => i + 3,
        b'$' | b'%' if at(i + 1) == Some(b'{') => {
            stack.push(Frame::Skip);
            i + 2
        }
        b'\n' => match stack.last() {
            Some(Frame::Heredoc { delim }) => match heredoc_end(b, i + 1, delim) {
                Some(end) => {
                    stack.pop();
                    end
                }
                None => i + 1,
            },
            _ => i + 1,
        },
        _ => i + 1,
    }
}

/// Scans one token of code at `i`, returning where the next starts.
fn code(b: &[u8], i: usize, stack: &mut Vec<Frame>, out: &mut [u8]) -> usize {
    let at = |j: usize| b.get(j).copied();
    let skip = matches!(stack.last(), Some(Frame::Skip));
    match b[i] {
        b'"' => {
            stack.push(Frame::Quoted);
            i + 1
        }
        b'#' => blank_if(skip, out, i, line_end(b, i)),
        b'/' if at(i + 1) == Some(b'/') => blank_if(skip, out, i, line_end(b, i)),
        b'/' if at(i + 1) == Some(b'*') => {
            let end = find(b, i + 2, b"*/").map_or(b.len(), |e| e + 2);
            blank_if(skip, out, i, end)
        }
        b'<' if at(i + 1) == Some(b'<') => match heredoc_start(b, i) {
            Some((delim, body)) => match heredoc_end(b, body, &delim) {
                Some(end) => end,
                None => {
                    stack.push(Frame::Heredoc { delim });
                    body
                }
            },
            None => i + 2,
        },
        b'(' | b'[' => {
            stack.push(Frame::Skip);
            i + 1
        }
        b'{' => {
            let frame = match stack.last() {
                Some(Frame::Body { expr: false }) => Frame::Body { expr: false },
                _ if is_for(b, i + 1) => Frame::Skip,
                _ => Frame::Object,
            };
            stack.push(frame);
            i + 1
        }
        b')' | b']' | b'}' => {
            if stack.len() > 1 {
                stack.pop();
            }
            i + 1
        }
        b'=' => {
            if let Some(Frame::Body { expr }) = stack.last_mut() {
                *expr = true;
            }
            i + 1
        }
        b'\n' | b'\r' => {
            match stack.last_mut() {
                Some(Frame::Body { expr }) if b[i] == b'\n' => *expr = false,
                Some(Frame::Skip) => out[i] = b' ',
                _ => {}
            }
            i + 1
        }
        c if is_id_start(c) => {
            let mut j = i + 1;
            while j < b.len() && (is_id_continue(b[j]) || b[j] == b'-') {
                j += 1;
            }
            j
        }
        // `x.0` is an index step, not a number.
        c if c.is_ascii_digit() && !(i > 0 && b[i - 1] == b'.') => {
            let end = number_end(b, i);
            let overflows = std::str::from_utf8(&b[i..end])
                .ok()
                .and_then(|s| s.parse::<f64>().ok())
                .is_some_and(f64::is_infinite);
            if overflows {
                for d in out[i..end].iter_mut().filter(|d| d.is_ascii_digit()) {
                    *d = b'0';
                }
            }
            end
        }
        _ => i + 1,
    }
}

/// Replaces `out[from..to]` with spaces when `blank`; gives `to`.
fn blank_if(blank: bool, out: &mut [u8], from: usize, to: usize) -> usize {
    if blank {
        out[from..to].fill(b' ');
    }
    to
}

/// The end of the line at `i`, before its newline.
fn line_end(b: &[u8], i: usize) -> usize {
    let end = b[i..]
        .iter()
        .position(|c| *c == b'\n')
        .map_or(b.len(), |n| i + n);
    // A `\r\n` line ending stays whole.
    if end > i && b[end - 1] == b'\r' && end < b.len() {
        end - 1
    } else {
        end
    }
}

fn find(b: &[u8], from: usize, needle: &[u8]) -> Option<usize> {
    b.get(from..)?
        .windows(needle.len())
        .position(|w| w == needle)
        .map(|n| from + n)
}

/// Whether the first token from `i` is the keyword `for` (a `{` before
/// it opens a `for` expression).
fn is_for(b: &[u8], mut i: usize) -> bool {
    loop {
        match b.get(i) {
            Some(b' ' | b'\t' | b'\r' | b'\n') => i += 1,
            Some(b'#') => i = line_end(b, i),
            Some(b'/') if b.get(i + 1) == Some(&b'/') => i = line_end(b, i),
            Some(b'/') if b.get(i + 1) == Some(&b'*') => {
                i = find(b, i + 2, b"*/").map_or(b.len(), |e| e + 2)
            }
            _ => break,
        }
    }
    b.get(i..i + 3) == Some(b"for")
        && !b
            .get(i + 3)
            .is_some_and(|c| is_id_continue(*c) || *c == b'-')
}

/// At `<<` or `<<-` with a delimiter and a line ending: the delimiter and
/// where the heredoc's text begins.
fn heredoc_start(b: &[u8], i: usize) -> Option<(Vec<u8>, usize)> {
    let mut j = i + 2;
    if b.get(j) == Some(&b'-') {
        j += 1;
    }
    let start = j;
    if !b.get(j).copied().is_some_and(is_id_start) {
        return None;
    }
    while j < b.len() && (is_id_continue(b[j]) || b[j] == b'-') {
        j += 1;
    }
    let delim = b[start..j].to_vec();
    match (b.get(j), b.get(j + 1)) {
        (Some(b'\n'), _) => Some((delim, j + 1)),
        (Some(b'\r'), Some(b'\n')) => Some((delim, j + 2)),
        _ => None,
    }
}

/// At the start of a heredoc's line: past its closing delimiter, if the
/// line is one (spaces, the delimiter, then no more of a name).
fn heredoc_end(b: &[u8], mut i: usize, delim: &[u8]) -> Option<usize> {
    while matches!(b.get(i), Some(b' ' | b'\t')) {
        i += 1;
    }
    let end = i + delim.len();
    let after = b.get(end).copied();
    (b.get(i..end) == Some(delim) && !after.is_some_and(|c| is_id_continue(c) || c == b'-'))
        .then_some(end)
}

/// The end of the number literal at `i` (digits, a fraction, an exponent).
fn number_end(b: &[u8], mut i: usize) -> usize {
    let digits = |mut j: usize| {
        while b.get(j).is_some_and(u8::is_ascii_digit) {
            j += 1;
        }
        j
    };
    i = digits(i);
    if b.get(i) == Some(&b'.') && b.get(i + 1).is_some_and(u8::is_ascii_digit) {
        i = digits(i + 1);
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        let mut j = i + 1;
        if matches!(b.get(j), Some(b'+' | b'-')) {
            j += 1;
        }
        if b.get(j).is_some_and(u8::is_ascii_digit) {
            i = digits(j);
        }
    }
    i
}

/// Bytes of a name's first character: a letter, `_`, or any non-ASCII
/// byte (HCL's names take Unicode letters; a non-letter there is an error
/// either way).
fn is_id_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_' || c >= 0x80
}

fn is_id_continue(c: u8) -> bool {
    is_id_start(c) || c.is_ascii_digit()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(text: &str) -> String {
        relex(text, Root::Body).unwrap_or_else(|| text.to_string())
    }

    #[test]
    fn newlines_in_skipping_contexts_become_spaces() {
        // terraform validate accepts each of these (hcl-edit does not).
        assert_eq!(
            body("a = {for k in l : k => c ? k :\n  z}\n"),
            "a = {for k in l : k => c ? k :   z}\n"
        );
        assert_eq!(
            body("a = [for x in c ?\n l : m : x]\n"),
            "a = [for x in c ?  l : m : x]\n"
        );
        assert_eq!(body("a = (-\n1)\n"), "a = (- 1)\n");
        assert_eq!(body("a = f(1,\r\n2)\n"), "a = f(1,  2)\n");
        // `{` then `for` on a later line is still a `for` expression.
        assert_eq!(
            body("a = {\n for k in l : k => k }\n"),
            "a = {  for k in l : k => k }\n"
        );
    }

    #[test]
    fn newlines_where_they_count_stay() {
        // Blocks, objects (also inside brackets), attributes.
        for text in [
            "a = c ?\n 1 : 2\n",
            "b {\n  x = 1\n}\n",
            "b { x = {\n  a = 1\n  b = 2\n} }\n",
            "x = {\n  for_each = 1\n}\n",
            "x = \"[(\"\ny = 1\n",
        ] {
            assert_eq!(relex(text, Root::Body), None, "{text:?}");
        }
        assert_eq!(
            body("a = [{\n x = 1\n}, (\n2)]\n"),
            "a = [{\n x = 1\n}, ( 2)]\n"
        );
    }

    #[test]
    fn comments_in_skipping_contexts_are_blanked() {
        // One space, the comment's bytes, the newline.
        let spaced = |n: usize| format!("a = (1 +{}2)\n", " ".repeat(n));
        assert_eq!(body("a = (1 + # one\n2)\n"), spaced(1 + 5 + 1));
        assert_eq!(body("a = (1 + // é\n2)\n"), spaced(1 + 5 + 1));
        let block = format!("a = (1{}+ 2)\n", " ".repeat(1 + "/* x\n */".len() + 1));
        assert_eq!(body("a = (1 /* x\n */ + 2)\n"), block);
        // A comment where newlines count is left alone, brackets and all.
        assert_eq!(relex("# (\na = 1 // [\n/* { */\n", Root::Body), None);
    }

    #[test]
    fn strings_and_their_interpolations() {
        // Escaped quotes and escaped interpolations stay string text.
        assert_eq!(relex("a = \"\\\" (\"\nb = \"$${(\"\n", Root::Body), None);
        // An interpolation skips newlines, also nested in another string.
        assert_eq!(
            body("a = \"${ {for k in l : k => \"#${k}\" ?\n 1 : 2} }\"\n"),
            "a = \"${ {for k in l : k => \"#${k}\" ?  1 : 2} }\"\n"
        );
        assert_eq!(
            body("a = \"%{ if c &&\n d }y%{ endif }\"\n"),
            "a = \"%{ if c &&  d }y%{ endif }\"\n"
        );
        let template = "x\n%{ for k in c ?\n l : m }\n${k}%{ endfor }\n";
        assert_eq!(
            relex(template, Root::Template).unwrap(),
            "x\n%{ for k in c ?  l : m }\n${k}%{ endfor }\n"
        );
    }

    #[test]
    fn heredoc_text_keeps_its_newlines() {
        let text = "a = f(<<-EOT\n  (\n  ${x}\n  EOTX\n  EOT\n, 1)\nb = [\n1]\n";
        assert_eq!(
            body(text),
            "a = f(<<-EOT\n  (\n  ${x}\n  EOTX\n  EOT , 1)\nb = [ 1]\n"
        );
        // An interpolation inside a heredoc skips newlines.
        assert_eq!(
            body("a = <<EOT\n${c ?\n1 : 2}\nEOT\n"),
            "a = <<EOT\n${c ? 1 : 2}\nEOT\n"
        );
        // Never closed: all the rest is its text.
        assert_eq!(relex("a = (<<EOT\n(\n", Root::Body), None);
    }

    /// Literals too large for an f64 are found where an expression holds
    /// them, never inside a name, a quoted string, a heredoc or a comment.
    #[test]
    fn wide_literals_are_zeroed() {
        let big = format!("1{}", "0".repeat(400));
        let zeros = "0".repeat(401);
        let text = format!(
            "a = 1e400\nb = [-1.5E+400, 2e300, {big}]\nc = \"1e400\" # 1e400\nd = x-1e400 // 1e400\ne = 1e-400\nf = x.1e400\ng = <<EOT\n1e400\nEOT\n"
        );
        let want = format!(
            "a = 0e000\nb = [-0.0E+000, 2e300, {zeros}]\nc = \"1e400\" # 1e400\nd = x-1e400 // 1e400\ne = 1e-400\nf = x.1e400\ng = <<EOT\n1e400\nEOT\n"
        );
        assert_eq!(body(&text), want);
        assert_eq!(relex("1e400", Root::Expr).unwrap(), "0e000");
    }

    /// terraform plan -var 'x=true ?\n[1] : [2]' gave [1]: a lone expression
    /// skips newlines, but not inside an object constructor.
    #[test]
    fn a_lone_expression_skips_newlines_outside_objects() {
        assert_eq!(
            relex("c ?\n[1] : {\na = 1\n}", Root::Expr).unwrap(),
            "c ? [1] : {\na = 1\n}"
        );
    }

    /// Every prefix of a text holding each construct: no panic, the same
    /// length, and only ASCII bytes and comments changed.
    #[test]
    fn every_prefix_keeps_its_length() {
        let text = "a = {for k in l : \"#${k}\" => c ? <<-EOT\n  ${x ?\n1 : 2} é\n  EOT\n: 1e400 # c\n}\nb \"l\" {\n  x = [\"\\\"\", /* é\n */ (-\n1)]\n}\nt = \"%{ if a &&\nb }y%{ endif }\"\n";
        for end in (0..=text.len()).filter(|e| text.is_char_boundary(*e)) {
            let prefix = &text[..end];
            for root in [Root::Body, Root::Expr, Root::Template] {
                if let Some(out) = relex(prefix, root) {
                    assert_eq!(out.len(), prefix.len(), "{prefix:?}");
                }
            }
        }
    }

    #[test]
    fn any_input_keeps_its_length() {
        for text in [
            "",
            "\"",
            "${",
            "<<",
            "<<-",
            "<<E",
            "a = (",
            "}",
            ")))",
            "/*",
            "a = {",
            "{ for",
            "\"${\"${\n",
            "a = (# é",
            "<<EOT\r\n",
            "9e999e",
            "x = [\"\\",
        ] {
            for root in [Root::Body, Root::Expr, Root::Template] {
                if let Some(out) = relex(text, root) {
                    assert_eq!(out.len(), text.len(), "{text:?}");
                }
            }
        }
    }
}
