//! Empty heredocs (`<<EOT` with its delimiter on the very next line), which
//! HCL reads as the empty string. hcl-edit looks for the end delimiter
//! only after a line ending that follows the opening line's, so it reads
//! on through the file to the next line that is the delimiter; the text is
//! handed to it with each empty heredoc written as `""` instead, padded
//! with spaces to the same length, so every offset and line stays where
//! it is in the file.

use std::borrow::Cow;

use hcl_primitives::ident::{is_id_continue, is_id_start};

/// `text` with every empty heredoc written as `""` and spaces (line
/// endings kept); borrowed when it holds none. Comments, quoted strings
/// and the bodies of other heredocs are skipped, so a delimiter written
/// there is left alone.
pub(crate) fn fill_empty(text: &str) -> Cow<'_, str> {
    let b = text.as_bytes();
    let mut out: Option<Vec<u8>> = None;
    let mut i = 0;
    while i < b.len() {
        i = match (b[i], b.get(i + 1)) {
            (b'#', _) | (b'/', Some(b'/')) => line_end(b, i),
            (b'/', Some(b'*')) => find(b, i + 2, b"*/").map_or(b.len(), |j| j + 2),
            (b'"', _) => string_end(b, i + 1),
            (b'<', Some(b'<')) => match heredoc_at(text, i) {
                Some(h) => {
                    if h.empty {
                        let o = out.get_or_insert_with(|| b.to_vec());
                        o[h.open.clone()].fill(b' ');
                        o[h.open.start..h.open.start + 2].copy_from_slice(b"\"\"");
                        o[h.close.clone()].fill(b' ');
                    }
                    h.end
                }
                None => i + 2,
            },
            _ => i + 1,
        };
    }
    match out {
        // Only ASCII bytes were replaced, each by ASCII bytes.
        Some(o) => Cow::Owned(String::from_utf8(o).expect("ASCII for ASCII")),
        None => Cow::Borrowed(text),
    }
}

/// One heredoc: its opening `<<ID`, its closing `ID`, where scanning goes
/// on, and whether it has no lines.
struct Heredoc {
    open: std::ops::Range<usize>,
    close: std::ops::Range<usize>,
    end: usize,
    empty: bool,
}

/// The heredoc opening at `at` (`<<ID` or `<<-ID`, then a line ending),
/// with the first later line that is the delimiter, alone but for leading
/// spaces or tabs and whatever follows it on that line.
fn heredoc_at(text: &str, at: usize) -> Option<Heredoc> {
    let b = text.as_bytes();
    let mut i = at + 2;
    if b.get(i) == Some(&b'-') {
        i += 1;
    }
    let id_start = i;
    let first = text[i..].chars().next()?;
    if !is_id_start(first) {
        return None;
    }
    let id_len = text[i..]
        .char_indices()
        .find(|(_, c)| !is_id_continue(*c))
        .map_or(text.len() - i, |(n, _)| n);
    let id = &b[id_start..id_start + id_len];
    let open = at..id_start + id_len;
    let mut line = match &b[open.end..] {
        [b'\n', ..] => open.end + 1,
        [b'\r', b'\n', ..] => open.end + 2,
        _ => return None,
    };
    let body = line;
    while line < b.len() {
        let lead = b[line..]
            .iter()
            .take_while(|c| **c == b' ' || **c == b'\t')
            .count();
        let start = line + lead;
        if b[start..].starts_with(id)
            && text[start + id.len()..]
                .chars()
                .next()
                .is_none_or(|c| !is_id_continue(c))
        {
            return Some(Heredoc {
                open,
                close: start..start + id.len(),
                end: start + id.len(),
                empty: line == body,
            });
        }
        line = line_end(b, line) + 1;
    }
    None
}

/// Where the line holding `i` ends (its `\n`, or the end of the text).
fn line_end(b: &[u8], i: usize) -> usize {
    find(b, i, b"\n").unwrap_or(b.len())
}

fn find(b: &[u8], from: usize, what: &[u8]) -> Option<usize> {
    b.get(from..)?
        .windows(what.len())
        .position(|w| w == what)
        .map(|p| from + p)
}

/// Where a quoted string opened before `i` ends: after its closing quote,
/// or at the end of its line, since a quoted string cannot go on past it.
fn string_end(b: &[u8], mut i: usize) -> usize {
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b'"' => return i + 1,
            b'\n' => return i,
            _ => i += 1,
        }
    }
    b.len()
}

#[cfg(test)]
mod tests {
    use super::fill_empty;

    #[test]
    fn an_empty_heredoc_becomes_an_empty_string_of_the_same_length() {
        let text = "a = <<EOT\nEOT\nb = 1\n";
        let filled = fill_empty(text);
        assert_eq!(filled, "a = \"\"   \n   \nb = 1\n");
        assert_eq!(filled.len(), text.len());
        assert_eq!(
            fill_empty("a = <<-EOT\n    EOT\n"),
            "a = \"\"    \n       \n"
        );
        assert_eq!(fill_empty("a = f(<<E\r\nE)\n"), "a = f(\"\" \r\n )\n");
        assert_eq!(fill_empty("a = <<EOT\nEOT"), "a = \"\"   \n   ");
    }

    #[test]
    fn heredocs_with_lines_and_other_text_are_left_alone() {
        for text in [
            "a = <<EOT\nx\nEOT\n",
            "a = <<EOT\n\nEOT\n",
            // A delimiter must stand alone: EOTX does not end EOT.
            "a = <<EOT\nEOTX\nEOT\n",
            // Inside another heredoc, a comment or a string, `<<ID` opens nothing.
            "a = <<SH\ncat <<X\nX\nSH\n",
            "# <<X\nX = 1\n",
            "/* <<X\nX */\n",
            "a = \"<<X\"\nX = 1\n",
            // Not a heredoc opening: no identifier, or more on its line.
            "a = 1 << 2\n",
            "a = <<EOT x\nEOT\n",
        ] {
            assert_eq!(fill_empty(text), text, "{text:?}");
        }
    }

    #[test]
    fn an_empty_heredoc_after_others_is_found() {
        let text = "a = <<A\nline\nA\nb = <<B\nB\nc = \"<<\"\n";
        assert_eq!(
            fill_empty(text),
            "a = <<A\nline\nA\nb = \"\" \n \nc = \"<<\"\n"
        );
    }
}
