//! Diagnostics in OpenTofu's shape: a severity, a one-line summary, a
//! detail paragraph and, where the problem has a place, the file, line and
//! column with the source line printed under it.

use std::collections::HashMap;
use std::fmt;
use std::path::PathBuf;
use std::sync::Arc;

/// A position in a source file: 1-based line and column (in characters),
/// and the 0-based byte offset.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Pos {
    pub line: usize,
    pub column: usize,
    pub byte: usize,
}

/// A range in one source file. `file` is the path as the user should see it
/// (relative to the working directory where possible).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SourceRange {
    pub file: Arc<str>,
    pub start: Pos,
    pub end: Pos,
}

impl SourceRange {
    /// A range covering a whole file, for problems with no narrower place.
    pub fn file_only(file: &str) -> SourceRange {
        let start = Pos {
            line: 1,
            column: 1,
            byte: 0,
        };
        SourceRange {
            file: file.into(),
            start,
            end: start,
        }
    }

    /// The range from the start of `self` to the end of `other`.
    pub fn to(&self, other: &SourceRange) -> SourceRange {
        SourceRange {
            file: self.file.clone(),
            start: self.start,
            end: other.end,
        }
    }
}

impl fmt::Display for SourceRange {
    /// `file:line,col-endcol`, as OpenTofu writes a range in messages.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{},{}", self.file, self.start.line, self.start.column)?;
        if self.end.line == self.start.line && self.end.column > self.start.column {
            write!(f, "-{}", self.end.column)?;
        } else if self.end.line > self.start.line {
            write!(f, "-{},{}", self.end.line, self.end.column)?;
        }
        Ok(())
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    Error,
    Warning,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Diagnostic {
    pub severity: Severity,
    pub summary: String,
    pub detail: String,
    pub subject: Option<SourceRange>,
    /// The wider construct the subject sits in (HCL's context range: the
    /// whole call around a bad argument, the template around a bad
    /// interpolation): its lines are quoted too, the subject underlined.
    pub context: Option<SourceRange>,
    /// Values of the references in the subject expression, shown under the
    /// source line: (`var.name`, `is "x"`).
    pub values: Vec<(String, String)>,
    /// What code acting on the diagnostic needs to know beyond its text
    /// (OpenTofu's `tfdiags` extra information).
    pub extra: Option<Extra>,
}

/// A diagnostic's extra information, so that no caller reads its words.
#[derive(Clone, Debug, PartialEq)]
pub enum Extra {
    /// A value known only after apply caused it (OpenTofu's
    /// `DiagnosticCausedByUnknown`): the paragraphs of the detail that
    /// name what the value depends on and how to give it.
    CausedByUnknown { depends_on: Vec<String> },
}

impl Diagnostic {
    pub fn error(summary: impl Into<String>, detail: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            summary: summary.into(),
            detail: detail.into(),
            subject: None,
            context: None,
            values: Vec::new(),
            extra: None,
        }
    }

    pub fn warning(summary: impl Into<String>, detail: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(summary, detail)
        }
    }

    /// Marks it as caused by a value known only after apply, with the
    /// paragraphs of its detail that say what that value depends on.
    pub fn caused_by_unknown(mut self, depends_on: Vec<String>) -> Diagnostic {
        self.extra = Some(Extra::CausedByUnknown { depends_on });
        self
    }

    pub fn at(mut self, subject: &SourceRange) -> Diagnostic {
        self.subject = Some(subject.clone());
        self
    }

    /// Sets the place only when none is known yet, so the innermost place
    /// wins as an error travels outwards.
    pub fn or_at(mut self, subject: &SourceRange) -> Diagnostic {
        if self.subject.is_none() {
            self.subject = Some(subject.clone());
        }
        self
    }

    /// Sets the context around the subject when none is known yet (the
    /// innermost construct wins, as with [`Diagnostic::or_at`]).
    pub fn in_context(mut self, context: &SourceRange) -> Diagnostic {
        if self.context.is_none() {
            self.context = Some(context.clone());
        }
        self
    }

    /// Adds an expression value line (`var.name is "x"`) under the snippet.
    pub fn with_value(
        mut self,
        traversal: impl Into<String>,
        statement: impl Into<String>,
    ) -> Diagnostic {
        self.values.push((traversal.into(), statement.into()));
        self
    }

    /// The place, as terraform's snippet formatter writes it: `on FILE
    /// line N` (the subject's first line) with the block it is in, every
    /// line of the quoted code numbered, the subject underlined across
    /// them when `styled`, then the values involved and a blank line.
    /// Nothing when the diagnostic has no place.
    fn snippet(&self, sources: &SourceMap, styled: bool) -> String {
        use crate::style::colorize;
        let Some(subject) = &self.subject else {
            return String::new();
        };
        let paint = |markup: &str, args: &[&str]| match styled {
            true => colorize(markup, args),
            false => crate::style::plain(markup, args),
        };
        let mut out = String::new();
        let Some(quote) = sources.quote(subject, self.context.as_ref()) else {
            out.push_str(&format!(
                "  on {} line {}:\n  (source code not available)\n\n",
                subject.file, subject.start.line
            ));
            return out;
        };
        let context = sources
            .context(&subject.file, subject.start.byte)
            .map(|c| format!(", in {c}"))
            .unwrap_or_default();
        out.push_str(&format!(
            "  on {} line {}{context}:\n",
            subject.file, subject.start.line
        ));
        let code = &quote.code;
        let (from, to) = quote.highlight;
        let code = paint(
            "%s[underline]%s[reset]%s",
            &[&code[..from], &code[from..to], &code[to..]],
        );
        for (i, line) in code.split('\n').enumerate() {
            out.push_str(&format!("{:>4}: {line}\n", quote.start_line + i));
        }
        if !self.values.is_empty() {
            let mut values = self.values.clone();
            values.sort();
            out.push_str(&paint("    [dark_gray]├────────────────[reset]\n", &[]));
            for (traversal, statement) in values {
                let mut lines = statement.split('\n');
                let first = lines.next().unwrap_or_default();
                out.push_str(&paint(
                    "    [dark_gray]│[reset] [bold]%s[reset] %s\n",
                    &[&traversal, first],
                ));
                for l in lines {
                    out.push_str(&paint("    [dark_gray]│[reset]   %s\n", &[l]));
                }
            }
        }
        out.push('\n');
        out
    }

    /// Renders as terraform does with `-no-color`: the summary, the source
    /// line with the enclosing block named, the values involved, then the
    /// detail wrapped at 77 columns (lines that start with a space are
    /// preformatted and kept).
    pub fn render(&self, sources: &SourceMap) -> String {
        let mut out = String::from(match self.severity {
            Severity::Error => "\nError: ",
            Severity::Warning => "\nWarning: ",
        });
        out.push_str(&self.summary);
        out.push_str("\n\n");
        out.push_str(&self.snippet(sources, false));
        if !self.detail.is_empty() {
            for line in self.detail.split('\n') {
                if line.starts_with(' ') {
                    out.push_str(line);
                } else {
                    out.push_str(&wrap(line, 77));
                }
                out.push('\n');
            }
        }
        out
    }

    /// As terraform draws it on a terminal (its `format.Diagnostic`): the
    /// `╷ │ ╵` rule in the left margin in the severity's colour, the
    /// heading bold, the subject's part of the source line underlined, the
    /// detail wrapped to `width` columns less the rule (0: not wrapped).
    pub fn render_styled(&self, sources: &SourceMap, width: usize) -> String {
        use crate::style::colorize;
        let (heading, colour) = match self.severity {
            Severity::Error => ("[bold][red]Error: [reset]", "red"),
            Severity::Warning => ("[bold][yellow]Warning: [reset]", "yellow"),
        };
        let mut buf = colorize(heading, &[]);
        buf.push_str(&colorize("[bold]%s[reset]\n\n", &[&self.summary]));
        buf.push_str(&self.snippet(sources, true));
        if !self.detail.is_empty() {
            let para = width.saturating_sub(3);
            for line in self.detail.split('\n') {
                match para > 0 && !line.starts_with(' ') {
                    true => buf.push_str(&wrap(&colorize(line, &[]), para)),
                    false => buf.push_str(line),
                }
                buf.push('\n');
            }
        }
        let rule = colorize(&format!("[{colour}]│[reset] "), &[]);
        let mut out = colorize(&format!("[{colour}]╷[reset]"), &[]);
        out.push('\n');
        // Lines as Go's bufio.ScanLines cuts them: at '\n', a '\r' before
        // it dropped, no empty last line.
        for line in buf.strip_suffix('\n').unwrap_or(&buf).split('\n') {
            out.push_str(&rule);
            out.push_str(line.strip_suffix('\r').unwrap_or(line));
            out.push('\n');
        }
        out.push_str(&colorize(&format!("[{colour}]╵[reset]"), &[]));
        out.push('\n');
        out
    }
}

/// Word-wraps like go-wordwrap: break at spaces so no line is longer than
/// `width`, unless a single word is.
pub(crate) fn wrap(line: &str, width: usize) -> String {
    let mut out = String::new();
    let mut current = 0;
    for (i, word) in line.split(' ').enumerate() {
        let len = word.chars().count();
        if i > 0 {
            if current + 1 + len > width {
                out.push('\n');
                current = 0;
            } else {
                out.push(' ');
                current += 1;
            }
        }
        out.push_str(word);
        current += len;
    }
    out
}

/// A list of diagnostics, errors and warnings mixed, in the order found.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl Diagnostics {
    pub fn push(&mut self, d: Diagnostic) {
        self.0.push(d);
    }

    pub fn extend(&mut self, other: Diagnostics) {
        self.0.extend(other.0);
    }

    /// Sets the context of each that has none yet.
    pub fn in_context(self, context: &SourceRange) -> Diagnostics {
        Diagnostics(self.0.into_iter().map(|d| d.in_context(context)).collect())
    }

    pub fn has_errors(&self) -> bool {
        self.0.iter().any(|d| d.severity == Severity::Error)
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn iter(&self) -> impl Iterator<Item = &Diagnostic> {
        self.0.iter()
    }

    pub fn render(&self, sources: &SourceMap) -> String {
        self.0.iter().map(|d| d.render(sources)).collect()
    }

    /// Each as terraform draws it on a terminal `width` columns wide.
    pub fn render_styled(&self, sources: &SourceMap, width: usize) -> String {
        self.0
            .iter()
            .map(|d| d.render_styled(sources, width))
            .collect()
    }
}

impl From<Diagnostic> for Diagnostics {
    fn from(d: Diagnostic) -> Diagnostics {
        Diagnostics(vec![d])
    }
}

/// A lone error travels boxed (`Result<_, Box<Diagnostic>>`): a
/// `Diagnostic` is too large to return by value in every `Ok` path.
impl From<Box<Diagnostic>> for Diagnostics {
    fn from(d: Box<Diagnostic>) -> Diagnostics {
        Diagnostics(vec![*d])
    }
}

/// What a diagnostic quotes: the code (lines joined by `\n`), the
/// number of its first line, and the subject's byte span in it.
struct Quote {
    code: String,
    start_line: usize,
    highlight: (usize, usize),
}

/// The text of every file read, so diagnostics can quote source lines.
#[derive(Clone, Debug, Default)]
pub struct SourceMap {
    files: HashMap<Arc<str>, Arc<str>>,
    /// Per file: the byte span of each top-level block's body and how
    /// terraform names the block (`resource "t" "n"`), for "in ..." lines.
    contexts: HashMap<Arc<str>, Vec<(usize, usize, String)>>,
    /// Files under this directory are named relative to it, as terraform
    /// names them relative to where it runs; others as given.
    display_base: Option<PathBuf>,
}

impl SourceMap {
    /// A map whose files are named relative to `dir` (the command line's
    /// working directory).
    pub fn shown_from(dir: PathBuf) -> SourceMap {
        SourceMap {
            display_base: Some(dir),
            ..SourceMap::default()
        }
    }

    pub(crate) fn display_base(&self) -> Option<PathBuf> {
        self.display_base.clone()
    }

    pub fn insert(&mut self, file: Arc<str>, text: Arc<str>) {
        self.files.insert(file, text);
    }

    /// Every file, by name, with its text.
    pub(crate) fn files(&self) -> impl Iterator<Item = (&str, &str)> {
        self.files.iter().map(|(n, t)| (&**n, &**t))
    }

    pub fn get(&self, file: &str) -> Option<&str> {
        self.files.get(file).map(|t| &**t)
    }

    pub fn add_context(&mut self, file: Arc<str>, start: usize, end: usize, name: String) {
        self.contexts
            .entry(file)
            .or_default()
            .push((start, end, name));
    }

    /// The top-level block whose body holds the byte offset.
    pub fn context(&self, file: &str, byte: usize) -> Option<&str> {
        self.contexts
            .get(file)?
            .iter()
            .find(|(s, e, _)| *s <= byte && byte < *e)
            .map(|(_, _, n)| n.as_str())
    }

    /// The code terraform quotes for a subject and its context: every
    /// line the two together touch, as `hcl.RangeScanner` cuts lines (no
    /// line terminator; an empty line touches nothing and is left out, yet
    /// the numbering still counts on from the first line), and the
    /// subject's byte span within that text. `None` when the file's text
    /// is not known.
    fn quote(&self, subject: &SourceRange, context: Option<&SourceRange>) -> Option<Quote> {
        let src = self.files.get(&subject.file)?;
        // (first line, start byte, end byte); an end never set is the start.
        let span = |r: &SourceRange| (r.start.line, r.start.byte, r.end.byte.max(r.start.byte));
        let empty = |r: (usize, usize, usize)| r.1 == r.2;
        let mut highlight = span(subject);
        // The cover of context and subject; an empty one is left out.
        let mut snippet = match context.filter(|c| c.file == subject.file).map(span) {
            Some(c) if empty(c) => highlight,
            Some(c) if empty(highlight) => c,
            Some(c) => (
                if c.1 < highlight.1 { c.0 } else { highlight.0 },
                c.1.min(highlight.1),
                c.2.max(highlight.2),
            ),
            _ => highlight,
        };
        let start_line = snippet.0;
        // An empty range still quotes and underlines one byte.
        if empty(snippet) {
            snippet.2 += 1;
        }
        if empty(highlight) {
            highlight.2 += 1;
        }
        let (snippet, highlight) = ((snippet.1, snippet.2), (highlight.1, highlight.2));
        let contains = |(s, e): (usize, usize), at: usize| s <= at && at < e;
        let overlaps = |a: (usize, usize), b: (usize, usize)| {
            a.0 != a.1
                && b.0 != b.1
                && (contains(a, b.0) || contains(a, b.1) || contains(b, a.0) || contains(b, a.1))
        };
        let mut code = String::new();
        let mut code_start = None;
        let mut at = 0;
        while at < src.len() {
            let rest = &src[at..];
            let (line, advance) = match rest.find('\n') {
                Some(n) => (&rest[..n], n + 1),
                None => (rest, rest.len()),
            };
            let line = line.strip_suffix('\r').unwrap_or(line);
            if overlaps((at, at + line.len()), snippet) {
                code_start.get_or_insert(at);
                code.push_str(line);
                code.push('\n');
            }
            at += advance;
        }
        if code.ends_with('\n') {
            code.pop();
        }
        let code_start = code_start.unwrap_or(0);
        // Offsets into the code, kept on character boundaries (a span
        // inside a character underlines all of it).
        let from = (highlight.0.saturating_sub(code_start)).min(code.len());
        let to = (from + (highlight.1 - highlight.0)).min(code.len());
        let from = (0..=from)
            .rev()
            .find(|&b| code.is_char_boundary(b))
            .unwrap_or(0);
        let to = (to..=code.len())
            .find(|&b| code.is_char_boundary(b))
            .unwrap_or(code.len());
        Some(Quote {
            start_line,
            highlight: (from, to),
            code,
        })
    }

    pub fn line(&self, file: &str, line: usize) -> Option<&str> {
        let text = self.files.get(file)?;
        text.lines()
            .nth(line.checked_sub(1)?)
            .map(|l| l.trim_end_matches('\r'))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_like_terraform_no_color() {
        let mut sources = SourceMap::default();
        sources.insert(
            "main.tf".into(),
            "resource \"t\" \"x\" {\n  count = var.nope\n}\n".into(),
        );
        sources.add_context("main.tf".into(), 18, 40, "resource \"t\" \"x\"".into());
        let range = SourceRange {
            file: "main.tf".into(),
            start: Pos {
                line: 2,
                column: 11,
                byte: 28,
            },
            end: Pos {
                line: 2,
                column: 19,
                byte: 36,
            },
        };
        let d = Diagnostic::error(
            "Reference to undeclared input variable",
            "An input variable with the name \"nope\" has not been declared. This variable can be declared with a variable \"nope\" {} block.",
        )
        .at(&range);
        // As terraform 1.11 -no-color printed it (tests/corpus/config-errors/undeclared-variable).
        assert_eq!(
            d.render(&sources),
            "\nError: Reference to undeclared input variable\n\n  on main.tf line 2, in resource \"t\" \"x\":\n   2:   count = var.nope\n\nAn input variable with the name \"nope\" has not been declared. This variable\ncan be declared with a variable \"nope\" {} block.\n"
        );
        assert_eq!(range.to_string(), "main.tf:2,11-19");
    }

    fn pos(text: &str, byte: usize) -> Pos {
        let before = &text[..byte];
        Pos {
            line: before.matches('\n').count() + 1,
            column: before.rsplit('\n').next().unwrap_or("").chars().count() + 1,
            byte,
        }
    }

    fn range(text: &str, from: &str, to_end_of: &str) -> SourceRange {
        let start = text.find(from).unwrap();
        let end = text.find(to_end_of).unwrap() + to_end_of.len();
        SourceRange {
            file: "main.tf".into(),
            start: pos(text, start),
            end: pos(text, end),
        }
    }

    #[test]
    fn quotes_every_line_a_subject_spans() {
        // tests/corpus/config-errors/snippet-for-each-multi-line, as
        // terraform 1.11 printed it: the blank line is left out and the
        // lines after it numbered one short.
        let text = "resource \"terraform_data\" \"x\" {\n  for_each = [\n\n    \"a\",\n  ]\n}\n";
        let mut sources = SourceMap::default();
        sources.insert("main.tf".into(), text.into());
        let d = Diagnostic::error("Invalid for_each argument", "").at(&range(text, "[", "]"));
        assert_eq!(
            d.render(&sources),
            "\nError: Invalid for_each argument\n\n  on main.tf line 2:\n   2:   for_each = [\n   3:     \"a\",\n   4:   ]\n\n"
        );
        // Styled, the underline opens on the first line and closes on the last.
        let styled = d.render_styled(&sources, 80);
        assert!(styled.contains("   2:   for_each = \x1b[4m[\n"), "{styled}");
        assert!(styled.contains("   4:   ]\x1b[0m\x1b[0m\n"), "{styled}");
    }

    #[test]
    fn quotes_the_context_and_underlines_the_subject_in_it() {
        // tests/corpus/config-errors/snippet-call-context: the place is the
        // argument's line, the quote starts at the call's.
        let text = "output \"x\" {\n  value = upper(\n    [1]\n  )\n}\n";
        let mut sources = SourceMap::default();
        sources.insert("main.tf".into(), text.into());
        let d = Diagnostic::error("Invalid function argument", "")
            .at(&range(text, "[1]", "[1]"))
            .in_context(&range(text, "upper(", "  )"));
        assert_eq!(
            d.render(&sources),
            "\nError: Invalid function argument\n\n  on main.tf line 3:\n   2:   value = upper(\n   3:     [1]\n   4:   )\n\n"
        );
        let styled = d.render_styled(&sources, 80);
        assert!(styled.contains("   3:     \x1b[4m[1]\x1b[0m\n"), "{styled}");
        assert!(styled.contains("   4:   )\x1b[0m\n"), "{styled}");
        // A file whose text is not known quotes nothing.
        let unknown = Diagnostic::error("X", "").at(&SourceRange::file_only("other.tf"));
        assert_eq!(
            unknown.render(&sources),
            "\nError: X\n\n  on other.tf line 1:\n  (source code not available)\n\n"
        );
    }
}
