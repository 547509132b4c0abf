//! What each format's text is escaped for: a terminal, markdown, HTML
//! and GitHub's workflow commands. Names in a report come from the pull
//! request: nothing in one may act on where it is shown.

/// `plain` for each line of a multi-line text.
pub(super) fn plain_lines(s: &str) -> String {
    s.lines().map(plain).collect::<Vec<_>>().join("\n")
}

/// Text for a terminal: control characters (a newline or an escape
/// sequence in a directory name) are shown escaped, never acted on.
pub(super) fn plain(s: &str) -> String {
    s.chars()
        .flat_map(|c| match c {
            '\n' => "\\n".chars().collect::<Vec<_>>(),
            '\r' => "\\r".chars().collect(),
            '\t' => "\\t".chars().collect(),
            c if c.is_control() => format!("\\u{{{:x}}}", c as u32).chars().collect(),
            c => vec![c],
        })
        .collect()
}

/// A markdown code span holding `s` verbatim: delimited by more backticks
/// than any run inside it, on one line.
pub(super) fn md_code(s: &str) -> String {
    let s = plain(s);
    let longest = s.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let ticks = "`".repeat(longest + 1);
    let pad = if s.starts_with('`') || s.ends_with('`') {
        " "
    } else {
        ""
    };
    format!("{ticks}{pad}{s}{pad}{ticks}")
}

/// A fence that no line of `s` can close.
pub(super) fn md_fence(s: &str) -> String {
    let longest = s.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    "`".repeat(longest.max(2) + 1)
}

/// Markdown text with its inline syntax characters escaped, on one line
/// (it never starts a line, so block syntax cannot apply).
pub(super) fn md_text(s: &str) -> String {
    let mut out = String::new();
    for c in plain(s).chars() {
        if "\\`*_[]|<>&~".contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Text inside an HTML element.
pub(super) fn html(s: &str) -> String {
    plain(s)
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The message of a GitHub workflow command: `%`, CR and LF escaped, so
/// nothing in it can end the command or start another, and made inert
/// (`text::inert`: on one line, that breaks only `##[`).
pub(super) fn workflow_data(s: &str) -> String {
    let one_line = s
        .replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A");
    crate::text::inert(&one_line).into_owned()
}

/// A property of a workflow command (`file=...`): also `:` and `,`.
pub(super) fn workflow_property(s: &str) -> String {
    workflow_data(s).replace(':', "%3A").replace(',', "%2C")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hostile_names_are_escaped_for_each_format() {
        let name = "envs/x\n::warning::pwned|`tick`<b>";
        assert_eq!(plain(name), "envs/x\\n::warning::pwned|`tick`<b>");
        assert_eq!(md_code(name), "``envs/x\\n::warning::pwned|`tick`<b>``");
        assert_eq!(html(name), "envs/x\\n::warning::pwned|`tick`&lt;b&gt;");
        assert_eq!(workflow_data(name), "envs/x%0A::warning::pwned|`tick`<b>");
        assert_eq!(workflow_property("a:b,c%"), "a%3Ab%2Cc%25");
        assert_eq!(md_fence("x ``` y"), "````");
        assert_eq!(md_text("a|b*c"), "a\\|b\\*c");
    }
}
