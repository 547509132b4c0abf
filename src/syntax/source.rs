//! A loaded source file and the mapping from byte offsets to lines and
//! columns that diagnostics need.

use std::ops::Range;
use std::path::{Component, Path};
use std::sync::Arc;

use crate::diagnostics::{Pos, SourceRange};

/// Cleans `./a/./b/../c` to `a/c`, with forward slashes: how paths are
/// shown in messages and how `path.module` reads.
pub(crate) fn clean_path(p: &Path) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut absolute = false;
    for c in p.components() {
        match c {
            Component::RootDir => absolute = true,
            Component::CurDir | Component::Prefix(_) => {}
            Component::ParentDir if parts.last().is_some_and(|l| l != "..") => {
                parts.pop();
            }
            c => parts.push(c.as_os_str().to_string_lossy().into_owned()),
        }
    }
    match (absolute, parts.is_empty()) {
        (true, _) => format!("/{}", parts.join("/")),
        (false, true) => ".".into(),
        (false, false) => parts.join("/"),
    }
}

/// How a file is named in messages: relative to the source map's display
/// base (the command line's working directory) when it is under it, as
/// terraform, which runs in the root, names it.
pub(crate) fn shown_path(p: &Path, sources: &crate::diagnostics::SourceMap) -> String {
    let base = sources.display_base();
    clean_path(
        base.as_deref()
            .and_then(|base| p.strip_prefix(base).ok())
            .unwrap_or(p),
    )
}

#[derive(Clone, Debug)]
pub struct SourceFile {
    /// The path as shown to the user.
    pub name: Arc<str>,
    pub text: Arc<str>,
    line_starts: Vec<usize>,
}

impl SourceFile {
    /// Keeps the text with a UTF-8 byte-order mark removed: Terraform
    /// accepts one, hcl-edit does not.
    pub fn new(name: &str, text: &str) -> SourceFile {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut line_starts = vec![0];
        line_starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        SourceFile {
            name: name.into(),
            text: text.into(),
            line_starts,
        }
    }

    pub fn pos(&self, byte: usize) -> Pos {
        let byte = byte.min(self.text.len());
        let line = self.line_starts.partition_point(|&s| s <= byte) - 1;
        let start = self.line_starts[line];
        let column = self
            .text
            .get(start..byte)
            .map_or(byte - start, |s| s.chars().count())
            + 1;
        Pos {
            line: line + 1,
            column,
            byte,
        }
    }

    pub fn range(&self, r: Range<usize>) -> SourceRange {
        SourceRange {
            file: self.name.clone(),
            start: self.pos(r.start),
            end: self.pos(r.end),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_characters_and_skip_the_bom() {
        let f = SourceFile::new("a.tf", "\u{feff}a = 1\nb = \"é\" + x\n");
        assert_eq!(
            f.pos(0),
            Pos {
                line: 1,
                column: 1,
                byte: 0
            }
        );
        let x = f.text.find('x').unwrap();
        assert_eq!(
            f.pos(x),
            Pos {
                line: 2,
                column: 11,
                byte: x
            }
        );
    }
}
