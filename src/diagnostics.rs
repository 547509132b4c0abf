//! Diagnostics in OpenTofu's shape: a severity, a one-line summary, a
//! detail paragraph and, where the problem has a place, the file, line and
//! column with the source line printed under it.

use std::collections::HashMap;
use std::fmt;
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
        let start = Pos { line: 1, column: 1, byte: 0 };
        SourceRange { file: file.into(), start, end: start }
    }

    /// The range from the start of `self` to the end of `other`.
    pub fn to(&self, other: &SourceRange) -> SourceRange {
        SourceRange { file: self.file.clone(), start: self.start, end: other.end }
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
}

impl Diagnostic {
    pub fn error(summary: impl Into<String>, detail: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            summary: summary.into(),
            detail: detail.into(),
            subject: None,
        }
    }

    pub fn warning(summary: impl Into<String>, detail: impl Into<String>) -> Diagnostic {
        Diagnostic { severity: Severity::Warning, ..Diagnostic::error(summary, detail) }
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

    /// Renders the diagnostic as terraform does on a non-terminal: a box
    /// drawn with `╷ │ ╵`, the source line quoted when `sources` has it.
    pub fn render(&self, sources: &SourceMap) -> String {
        let mut lines = Vec::new();
        let label = match self.severity {
            Severity::Error => "Error",
            Severity::Warning => "Warning",
        };
        lines.push(format!("{label}: {}", self.summary));
        if let Some(subject) = &self.subject {
            lines.push(String::new());
            lines.push(format!("  on {} line {}:", subject.file, subject.start.line));
            if let Some(text) = sources.line(&subject.file, subject.start.line) {
                lines.push(format!("{:>4}: {}", subject.start.line, text));
            }
        }
        if !self.detail.is_empty() {
            lines.push(String::new());
            lines.extend(self.detail.lines().map(str::to_string));
        }
        let mut out = String::from("╷\n");
        for line in lines {
            if line.is_empty() {
                out.push_str("│\n");
            } else {
                out.push_str("│ ");
                out.push_str(&line);
                out.push('\n');
            }
        }
        out.push_str("╵\n");
        out
    }
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
        self.0.iter().map(|d| d.render(sources)).collect::<Vec<_>>().join("\n")
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
}

impl SourceMap {
    pub fn insert(&mut self, file: Arc<str>, text: Arc<str>) {
        self.files.insert(file, text);
    }

    pub fn get(&self, file: &str) -> Option<&str> {
        self.files.get(file).map(|t| &**t)
    }

    pub fn line(&self, file: &str, line: usize) -> Option<&str> {
        let text = self.files.get(file)?;
        text.lines().nth(line.checked_sub(1)?).map(|l| l.trim_end_matches('\r'))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_summary_place_and_detail() {
        let mut sources = SourceMap::default();
        sources.insert("main.tf".into(), "a = 1\nb = oops\n".into());
        let range = SourceRange {
            file: "main.tf".into(),
            start: Pos { line: 2, column: 5, byte: 10 },
            end: Pos { line: 2, column: 9, byte: 14 },
        };
        let d = Diagnostic::error("Invalid reference", "A reference must name an object.").at(&range);
        assert_eq!(
            d.render(&sources),
            "╷\n│ Error: Invalid reference\n│\n│   on main.tf line 2:\n│    2: b = oops\n│\n│ A reference must name an object.\n╵\n"
        );
        assert_eq!(range.to_string(), "main.tf:2,5-9");
    }
}
