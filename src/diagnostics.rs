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

    /// Adds an expression value line (`var.name is "x"`) under the snippet.
    pub fn with_value(
        mut self,
        traversal: impl Into<String>,
        statement: impl Into<String>,
    ) -> Diagnostic {
        self.values.push((traversal.into(), statement.into()));
        self
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
        if let Some(subject) = &self.subject {
            let context = sources
                .context(&subject.file, subject.start.byte)
                .map(|c| format!(", in {c}"))
                .unwrap_or_default();
            out.push_str(&format!(
                "  on {} line {}{context}:\n",
                subject.file, subject.start.line
            ));
            match sources.line(&subject.file, subject.start.line) {
                Some(text) => out.push_str(&format!("{:>4}: {}\n", subject.start.line, text)),
                None => out.push_str("  (source code not available)\n"),
            }
            if !self.values.is_empty() {
                let mut values = self.values.clone();
                values.sort();
                out.push_str("    ├────────────────\n");
                for (traversal, statement) in values {
                    let mut lines = statement.split('\n');
                    out.push_str(&format!(
                        "    │ {traversal} {}\n",
                        lines.next().unwrap_or_default()
                    ));
                    for l in lines {
                        out.push_str(&format!("    │   {l}\n"));
                    }
                }
            }
            out.push('\n');
        }
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
        if let Some(subject) = &self.subject {
            let context = sources
                .context(&subject.file, subject.start.byte)
                .map(|c| format!(", in {c}"))
                .unwrap_or_default();
            match sources.line(&subject.file, subject.start.line) {
                Some(text) => {
                    buf.push_str(&format!(
                        "  on {} line {}{context}:\n",
                        subject.file, subject.start.line
                    ));
                    let (from, to) = sources.highlight(subject, text);
                    let code = colorize(
                        "%s[underline]%s[reset]%s",
                        &[&text[..from], &text[from..to], &text[to..]],
                    );
                    buf.push_str(&format!("{:>4}: {code}\n", subject.start.line));
                    if !self.values.is_empty() {
                        let mut values = self.values.clone();
                        values.sort();
                        buf.push_str(&colorize("    [dark_gray]├────────────────[reset]\n", &[]));
                        for (traversal, statement) in values {
                            let mut lines = statement.split('\n');
                            let first = lines.next().unwrap_or_default();
                            buf.push_str(&colorize(
                                "    [dark_gray]│[reset] [bold]%s[reset] %s\n",
                                &[&traversal, first],
                            ));
                            for l in lines {
                                buf.push_str(&colorize("    [dark_gray]│[reset]   %s\n", &[l]));
                            }
                        }
                    }
                }
                None => buf.push_str(&format!(
                    "  on {} line {}:\n  (source code not available)\n",
                    subject.file, subject.start.line
                )),
            }
            buf.push('\n');
        }
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

    /// The byte span of `text` (the subject's first line) that the subject
    /// covers, as terraform's snippet highlights it: clamped to the line,
    /// to the end of it when the subject goes on, on character boundaries.
    fn highlight(&self, subject: &SourceRange, text: &str) -> (usize, usize) {
        let line_start = self
            .files
            .get(&subject.file)
            .and_then(|t| {
                let mut at = 0;
                for _ in 1..subject.start.line {
                    at += t.get(at..)?.find('\n')? + 1;
                }
                Some(at)
            })
            .unwrap_or(0);
        let clamp = |byte: usize| {
            let mut b = byte.saturating_sub(line_start).min(text.len());
            while !text.is_char_boundary(b) {
                b -= 1;
            }
            b
        };
        let from = clamp(subject.start.byte);
        let to = match subject.end.line == subject.start.line {
            true => clamp(subject.end.byte).max(from),
            false => text.len(),
        };
        (from, to)
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
}
